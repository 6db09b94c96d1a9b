"""What a click or a key means on the Othello board, and what the board plays by itself: pure functions,
no widget.

The board's settings that decide whose turn is a person's come in as arguments: ``mode`` (one of
:data:`MODES`) and ``computer``, the computer's color in ``"vs-computer"``.

>>> game = Othello.new()
>>> click(game, OthelloUI(), Square(37), mode="two-players", computer="white")
Response(action='f5')
>>> click(game, OthelloUI(), Square(37), mode="computer-vs-computer", computer="white")
Response(message="It is the computer's turn: press Step.", error=True)
>>> key(game, OthelloUI(hints=True), "h", mode="two-players")
Response(ui=OthelloUI(hints=False, flips=True, labels={}, highlight=(), score=True, note=''))
>>> key(game, OthelloUI(), "s", mode="computer-vs-computer")
Response(command='step')
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Callable, Protocol, Sequence

from ..controls import Response
from ..work import Progress, Work
from .bitboard import square_name
from .game import PASS, Othello
from .picture import OthelloUI, Square
from .tutorial import BLACK, WHITE, Color, message, opponent

__all__ = ["MODES", "click", "key", "computer_moves", "automatic_line", "pass_note", "end_sound"]

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
    # whose turn first: it costs nothing, and on a person's turn the rules are not asked at all
    return mode == "vs-computer" and game.to_move == computer and not game.is_over and not game.must_pass


def _fresh(ui: OthelloUI) -> OthelloUI | None:
    """``ui`` without its pass note (None when there is none to clear)."""
    return replace(ui, note="") if ui.note else None


def click(game: Othello, ui: OthelloUI, target: object, *, mode: str, computer: Color) -> Response[OthelloUI] | None:
    """A click on a square plays it, unless it is the computer's turn; the frame and the strip do nothing.

    After the end a click is still played, so that the engine says why nothing more can be played. A
    person's move makes a pass note from before it old news: the note is cleared.
    """
    if not isinstance(target, Square):
        return None
    if mode == "computer-vs-computer" and not game.is_over:
        return Response.refuse("It is the computer's turn: press Step.")
    if computer_moves(game, mode, computer):
        return Response.refuse("Please wait: it is the computer's turn.")
    return Response.play(square_name(target.index), ui=_fresh(ui))


def key(game: Othello, ui: OthelloUI, key: str, *, mode: str) -> Response[OthelloUI] | None:
    """``h`` shows or hides the legal-move dots; ``s`` lets the computer play a move (the Step button, in
    "computer-vs-computer" mode: against you it would play your move for you)."""
    if key.lower() == "h":
        return Response.update(replace(ui, hints=not ui.hints))
    if key.lower() == "s" and mode == "computer-vs-computer":
        return Response(command="step")
    return None


def automatic_line(game: Othello, choose: Callable[[Othello], str], *, mode: str, computer: Color,
                   chain: bool = True, one_move: bool = False, both_sides: bool = False) -> list[str]:
    """The actions the board plays by itself from ``game`` (played on it: give a copy), until a person
    must move: forced passes, and the computer's moves (``choose``) on its turns if ``chain``; first one
    computer move for the side to move if ``one_move`` (Step, or the computer's turn: the caller knows
    the game is not over); every move if ``both_sides`` (Run to end).

    >>> from gamelab.othello.ai import RandomPlayer
    >>> game = Othello.new()
    >>> automatic_line(game, RandomPlayer(seed=1).choose, mode="vs-computer", computer="black")
    ['c4']
    >>> automatic_line(game, RandomPlayer(seed=1).choose, mode="vs-computer", computer="black")
    []
    """
    actions: list[str] = []
    if one_move and not game.must_pass:
        actions.append(choose(game))
        game.play(actions[-1])
    while True:
        if game.must_pass:
            action = PASS
        elif (both_sides and not game.is_over) or (chain and computer_moves(game, mode, computer)):
            action = choose(game)
        else:
            return actions
        game.play(action)
        actions.append(action)


class Chooser(Protocol):
    """A computer player (:mod:`gamelab.othello.ai`)."""

    def choose(self, game: Othello) -> str: ...


#: what the progress line says while the computer searches
THINKING = "The computer is thinking"


def thinking(game: Othello, player: Chooser, rng: random.Random, *, mode: str, computer: Color,
             **how: bool) -> Work[list[str]]:
    """The computer's line from ``game`` (:func:`automatic_line`, ``how`` as there) as long work: played on
    a copy, with the settings given now. Its answer plays the line, with the note of its last forced pass,
    if the game is still the one it started from (a cell can move it meanwhile).

    >>> from gamelab.othello.ai import RandomPlayer
    >>> game = Othello.new()
    >>> work = thinking(game, RandomPlayer(seed=1), random.Random(0), mode="vs-computer", computer="black",
    ...                 one_move=True)
    >>> work.then(work.run(Progress()), game, OthelloUI())
    Response(line=('c4',))
    """
    trial = game.copy()

    def choose(position: Othello) -> str:
        action = player.choose(position)
        legal = position.legal_actions()
        # A learner's capture check can make the rules differ from the ones the computer searched.
        return action if action in legal else rng.choice(legal)

    def run(progress: Progress) -> list[str]:
        return automatic_line(trial, choose, mode=mode, computer=computer, **how)

    def then(line: list[str], now: Othello, ui: OthelloUI) -> Response[OthelloUI] | None:
        if now is not game or not line:
            return None  # the game moved on meanwhile: this line is old news
        note = pass_note(game.to_move, line, ui.note)
        return Response(line=tuple(line), ui=replace(ui, note=note) if note != ui.note else None)

    return Work(THINKING, run, then)


def automatic(game: Othello, ui: OthelloUI, player: Chooser, rng: random.Random, *, mode: str,
              computer: Color) -> Response[OthelloUI] | None:
    """What the board plays by itself: a forced pass (with its note), or the computer's reply as long work
    (your stone goes to the page before the search starts: the board sends the frame of an action before
    any work that follows it).

    >>> from gamelab.othello.ai import RandomPlayer
    >>> automatic(Othello.new(), OthelloUI(), RandomPlayer(seed=1), random.Random(0), mode="vs-computer",
    ...           computer="white") is None
    True
    """
    if game.must_pass:
        return Response(action=PASS, ui=replace(ui, note=f"{game.to_move}_passes"))
    if computer_moves(game, mode, computer):
        return Response(work=thinking(game, player, rng, mode=mode, computer=computer, one_move=True))
    return None


def status(game: Othello, ui: OthelloUI, *, mode: str, computer: Color, lang: str) -> str:
    """The status line: the tutorial's message for the position (in ``lang``), with whose turn it is, the
    last forced pass, and the result at the end.

    >>> status(Othello.new(), OthelloUI(), mode="vs-computer", computer="white", lang="en")
    "Black's turn. (you are black)"
    """
    key = game.message_key()
    text = game.status(lang, key)
    vs_computer = mode == "vs-computer"
    if key == "game_end":
        black, white = game.score()
        if vs_computer and black != white:
            text += ". You win!" if (black > white) != (computer == BLACK) else ". The computer wins."
        return text
    if ui.note and game.last_action != PASS:
        text = f"{message(ui.note, lang)} {text}"
    if vs_computer and game.to_move != computer:
        text += f" (you are {'black' if computer == WHITE else 'white'})"
    return text


def step(game: Othello, ui: OthelloUI, player: Chooser, rng: random.Random, *, mode: str,
         computer: Color) -> Response[OthelloUI] | None:
    """Step: the computer plays one move for the side to move (then any forced pass; against you, its
    reply too). Nothing in a finished game (the status line gives the result)."""
    if game.is_over:
        return None
    return Response(ui=replace(ui, note=""), work=thinking(game, player, rng, mode=mode, computer=computer,
                                                           chain=mode == "vs-computer", one_move=True))


def run_to_end(game: Othello, ui: OthelloUI, player: Chooser, rng: random.Random, *, mode: str,
               computer: Color) -> Response[OthelloUI] | None:
    """Run to end: the computer plays both sides until the game is over."""
    if game.is_over:
        return None
    return Response(ui=replace(ui, note=""), work=thinking(game, player, rng, mode=mode, computer=computer,
                                                           chain=False, both_sides=True))


def pass_note(to_move: Color, line: Sequence[str], note: str = "") -> str:
    """The message key of the last forced pass in ``line`` (played from a position with ``to_move`` to
    play), or ``note`` if the line has none: the status line keeps saying who could not move.

    >>> pass_note("white", ["f5", "pass", "d3"]), pass_note("white", ["f5"], "old")
    ('black_passes', 'old')
    """
    for number in range(len(line) - 1, -1, -1):
        if line[number] == PASS:
            mover = to_move if number % 2 == 0 else opponent(to_move)
            return f"{mover}_passes"
    return note


def end_sound(game: Othello, mode: str, computer: Color) -> str:
    """The sound of a finished game: a loss against the computer, or a win (a draw, two players).

    >>> wipe_out = Othello.from_transcript("e6f4e3f6g5d6e7f5c5")   # black takes every stone
    >>> end_sound(wipe_out, "vs-computer", "black"), end_sound(wipe_out, "vs-computer", "white")
    ('lose', 'win')
    """
    black, white = game.score()
    lost = mode == "vs-computer" and black != white and (black > white) == (computer == BLACK)
    return "lose" if lost else "win"
