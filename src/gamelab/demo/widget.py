"""Lights Out as a playable board: its spec for the one PlayBoard (picture, controls, one button).

>>> board = LightsOutBoard(size=5, seed=1)   # in a notebook cell, the last line shows it
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

from .. import checks
from ..controls import Response
from ..widgets import BoardSpec, Button, Progress, board_function
from . import controls
from .game import PIECES, LightsOut
from .picture import LightsOutPicture, LightsOutUI

__all__ = ["LightsOutBoard", "LightsOutSpec"]


class LightsOutSpec(BoardSpec[LightsOut, LightsOutUI]):
    """A Lights Out board: click a lamp to toggle it and its neighbours; Hint marks one press of a shortest
    solution. New game is the next seed, so a learner gets a new puzzle and a lesson stays reproducible.
    ``pieces`` plays by other pieces than the shipped ones, by name (``{"press_mask": mine}``; a lesson's
    ``your_pieces(...)`` gives them): see :meth:`.LightsOut.with_pieces`."""

    title = "LightsOutBoard"
    picture = LightsOutPicture()
    controls, ui_type = controls, LightsOutUI
    clock = True
    buttons = (Button("hint", "Hint", "Mark one press of a shortest solution", controls.hint),)

    def __init__(self, size: int = 5, seed: int = 0, *, pieces: Mapping[str, Callable[..., Any]] | None = None) -> None:
        self.rules = LightsOut.with_pieces(**checks.pieces("pieces", pieces, PIECES))
        self.size, self.seed = size, seed

    def first_game(self) -> LightsOut:
        return self.rules.new(size=self.size, seed=self.seed)

    def new_game(self, game: LightsOut, progress: Progress) -> LightsOut:
        self.seed += 1
        return self.rules.new(size=game.size, seed=self.seed)

    def after(self, before: LightsOut, game: LightsOut, action: str) -> Response[LightsOutUI] | None:
        return Response(sound="win") if game.is_over else None


LightsOutBoard = board_function(LightsOutSpec)
