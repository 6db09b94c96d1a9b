"""Lights Out as a playable board: its spec for the one PlayBoard (picture, controls, one button)."""

from __future__ import annotations

from typing import Any, Callable, Hashable, Mapping

from .. import checks
from ..controls import Response
from ..widgets import BoardSpec, Button, PlayBoard, Progress
from . import controls
from .game import PIECES, LightsOut
from .picture import LightsOutPicture, LightsOutUI

__all__ = ["LightsOutBoard", "LightsOutSpec"]


class LightsOutSpec(BoardSpec[LightsOut, LightsOutUI]):
    """Click a lamp to toggle it and its neighbours; Hint marks one press of a shortest solution.
    New game is the next seed, so a learner gets a new puzzle and a lesson stays reproducible."""

    title = "LightsOutBoard"
    picture = LightsOutPicture()
    clock = True
    buttons = (Button("hint", "Hint", "Mark one press of a shortest solution", controls.hint),)

    def __init__(self, size: int = 5, seed: int = 0, *, pieces: Mapping[str, Callable[..., Any]] | None = None) -> None:
        self.rules = LightsOut.with_pieces(**checks.pieces("pieces", pieces, PIECES))
        self.size, self.seed = size, seed

    def first_game(self) -> LightsOut:
        return self.rules.new(size=self.size, seed=self.seed)

    def make_ui(self, game: LightsOut) -> LightsOutUI:
        return LightsOutUI()

    def new_game(self, game: LightsOut, progress: Progress) -> LightsOut:
        self.seed += 1
        return self.rules.new(size=game.size, seed=self.seed)

    def click(self, game: LightsOut, ui: LightsOutUI, target: Hashable | None) -> Response[LightsOutUI] | None:
        return controls.click(game, ui, target)

    def key(self, game: LightsOut, ui: LightsOutUI, key: str) -> Response[LightsOutUI] | None:
        return controls.key(game, ui, key)

    def after(self, before: LightsOut, game: LightsOut, action: str) -> Response[LightsOutUI] | None:
        return Response(sound="win") if game.is_over else None


def LightsOutBoard(size: int = 5, seed: int = 0, *, pieces: Mapping[str, Callable[..., Any]] | None = None,
                   **options: Any) -> PlayBoard[LightsOut, LightsOutUI]:
    """A Lights Out board (see :class:`LightsOutSpec`). ``pieces`` plays by other pieces than the shipped
    ones, by name (``{"press_mask": mine}``; a lesson's ``your_pieces(...)`` gives them): see
    :meth:`.LightsOut.with_pieces`.

    >>> board = LightsOutBoard(size=5, seed=1)   # in a notebook cell, the last line shows it
    """
    return PlayBoard(LightsOutSpec(size, seed, pieces=pieces), **options)
