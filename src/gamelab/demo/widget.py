"""Lights Out as a playable board: a picture, the controls, one extra button on top of PlayBoard."""

from __future__ import annotations

from typing import Any, Callable, Hashable, Mapping

from .. import setup
from ..widgets import PlayBoard
from . import controls
from .game import PIECES, LightsOut
from .picture import LightsOutPicture, LightsOutUI

__all__ = ["LightsOutBoard"]


class LightsOutBoard(PlayBoard[LightsOut, LightsOutUI]):
    """Click a lamp to toggle it and its neighbours; Hint marks one press of a shortest solution.

    ``pieces`` plays by other pieces than the shipped ones, by name (``{"press_mask": mine}``; a lesson's
    ``your_pieces(...)`` gives them): see :meth:`.LightsOut.with_pieces`.

    >>> board = LightsOutBoard(size=5, seed=1)   # in a notebook cell, the last line shows it
    """

    picture = LightsOutPicture()
    action_sound = "click"

    def __init__(self, size: int = 5, seed: int = 0, *, pieces: Mapping[str, Callable[..., Any]] | None = None,
                 **options: Any) -> None:
        self._next_seed = seed
        self.rules = LightsOut.with_pieces(**setup.pieces("pieces", pieces, PIECES))
        options.setdefault("clock", True)
        super().__init__(self.rules.new(size=size, seed=seed), **options)

    def build(self) -> None:
        self.add_button("Hint", self.hint, "Mark one press of a shortest solution", name="hint")

    def make_ui(self) -> LightsOutUI:
        return LightsOutUI()

    def on_click(self, target: Hashable | None) -> None:
        self.respond(controls.click(self.game, self.ui, target))

    def on_key(self, key: str) -> None:
        self.respond(controls.key(self.game, self.ui, key))

    def hint(self) -> None:
        self.respond(controls.hint(self.game, self.ui))

    def after_action(self, action: str) -> None:
        super().after_action(action)
        if self.game.is_over:
            self.play_sound("win")

    def fresh_game(self) -> LightsOut:
        # New game = the next seed, so a learner gets a new puzzle and the lesson stays reproducible.
        self._next_seed += 1
        return self.rules.new(size=self.game.size, seed=self._next_seed)
