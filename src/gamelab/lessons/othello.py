"""Checkers for the Othello lesson's exercises: your STEP 7 functions against the tutorial engine's.

They live with the lessons (which import the games), so the game package never imports the lessons.

>>> from gamelab.othello.tutorial import squares_to_edge, check_stone
>>> check_squares_to_edge(squares_to_edge).passed, check_check_stone(check_stone).passed
(True, True)
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..othello import tutorial as t
from ..othello.bitboard import square_name
from .helpers import CheckReport
from .helpers import compare as check

__all__ = ["check_squares_to_edge", "check_check_stone", "practice_boards"]

_SYMBOL = {t.BLACK: "X", t.WHITE: "O", None: "."}


def check_squares_to_edge(learner: Callable[[int], dict[str, int]]) -> CheckReport:
    """Compare ``learner(index)`` with :func:`~gamelab.othello.tutorial.squares_to_edge` on all 64 squares.

    >>> check_squares_to_edge(lambda i: {}).passed
    False
    """
    return check(learner, t.squares_to_edge, range(64), name=getattr(learner, "__name__", "squares_to_edge"))


def practice_boards(count: int = 6, seed: int = 2024) -> list[t.Board]:
    """Boards from random games (fixed seed) at several stages, from the opening to the end."""
    rng = random.Random(seed)
    boards: list[t.Board] = []
    while len(boards) < count:
        game = t.TutorialGame()
        stop = rng.randrange(4, 56)
        for _ in range(stop):
            if game.over:
                break
            assert game.color is not None
            game.click(rng.choice(t.legal_squares(game.board, game.color)))
        boards.append(game.board.copy())
    return boards


def check_check_stone(learner: Callable[..., bool], boards: list[t.Board] | None = None) -> CheckReport:
    """Compare ``learner(board, index, direction, max_steps, color, reverse)`` with the tutorial's ``check_stone``.

    Every empty square of several boards, in all 8 directions, for both colours, with and without
    ``reverse``: the answer must agree and so must the board afterwards (flipped exactly when asked).
    A case is shown as ``(square, direction, colour, reverse, board as text)``.
    """

    def runner(function: Callable[..., bool]) -> Callable[..., Any]:
        def run(name: str, direction: str, color: t.Color, reverse: bool, text: str) -> tuple[Any, str]:
            board: t.Board = [{"X": t.BLACK, "O": t.WHITE, ".": None}[c] for c in text]
            index = (int(name[1]) - 1) * 8 + "abcdefgh".index(name[0])
            result = function(board, index, direction, t.squares_to_edge(index)[direction], color, reverse)
            return result, "".join(_SYMBOL[s] for s in board)

        return run

    cases = []
    for board in boards if boards is not None else practice_boards():
        text = "".join(_SYMBOL[s] for s in board)
        for index in range(64):
            if board[index] is None:
                for direction in t.DIRECTIONS:
                    for color in (t.BLACK, t.WHITE):
                        for reverse in (False, True):
                            cases.append((square_name(index), direction, color, reverse, text))
    return check(runner(learner), runner(t.check_stone), cases, name=getattr(learner, "__name__", "check_stone"))
