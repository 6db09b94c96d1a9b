"""What a click or a key means on the Othello board: pure functions, no widget.

The board's settings that decide whose turn is a person's come in as arguments: ``mode`` (one of
:data:`MODES`) and ``computer``, the computer's colour in ``"vs-computer"``.

>>> game = Othello.new()
>>> click(game, OthelloUI(), Square(37), mode="two-players", computer="white")
Response(action='f5')
>>> click(game, OthelloUI(), Square(37), mode="computer-vs-computer", computer="white")
Response(message="It is the computer's turn: press Step.", error=True)
>>> key(game, OthelloUI(hints=True), "h", mode="two-players")
Response(ui=OthelloUI(hints=False, flips=True, labels={}, highlight=(), score=True))
>>> key(game, OthelloUI(), "s", mode="computer-vs-computer")
Response(command='step')
"""

from __future__ import annotations

from dataclasses import replace

from ..controls import Response
from .bitboard import square_name
from .game import Othello
from .picture import OthelloUI, Square
from .tutorial import Color

__all__ = ["MODES", "click", "key", "computer_moves"]

#: mode -> label in the mode menu
MODES: dict[str, str] = {
    "two-players": "Two players",
    "vs-computer": "You vs computer",
    "computer-vs-computer": "Computer vs computer",
}


def computer_moves(game: Othello, mode: str, computer: Color) -> bool:
    """Is it the computer's turn to choose a move by itself (not a forced pass, not a finished game)?

    >>> computer_moves(Othello.new(), "vs-computer", "black"), computer_moves(Othello.new(), "two-players", "black")
    (True, False)
    """
    if game.is_over or game.must_pass:
        return False
    return mode == "vs-computer" and game.to_move == computer


def click(game: Othello, ui: OthelloUI, target: object, *, mode: str, computer: Color) -> Response[OthelloUI] | None:
    """A click on a square plays it, unless it is the computer's turn; the frame and the strip do nothing.

    After the end a click is still played, so that the engine says why nothing more can be played.
    """
    if not isinstance(target, Square):
        return None
    if not game.is_over and mode == "computer-vs-computer":
        return Response.refuse("It is the computer's turn: press Step.")
    if computer_moves(game, mode, computer):
        return Response.refuse("Please wait: it is the computer's turn.")
    return Response.play(square_name(target.index))


def key(game: Othello, ui: OthelloUI, key: str, *, mode: str) -> Response[OthelloUI] | None:
    """``h`` shows or hides the legal-move dots; ``s`` lets the computer play a move (the Step button, in
    "computer-vs-computer" mode: against you it would play your move for you)."""
    if key.lower() == "h":
        return Response.update(replace(ui, hints=not ui.hints))
    if key.lower() == "s" and mode == "computer-vs-computer":
        return Response(command="step")
    return None
