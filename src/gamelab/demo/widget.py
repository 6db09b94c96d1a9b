"""Lights Out as a playable board: the whole game is four small methods on top of PlayBoard."""

from __future__ import annotations

from typing import Any, Hashable

from ..widgets import PlayBoard
from .lights_out import LightsOut, cell_name, solve
from .picture import LightsOutPicture

__all__ = ["LightsOutBoard"]


class LightsOutBoard(PlayBoard):
    """Click a lamp to toggle it and its neighbours; Hint marks one press of a shortest solution.

    >>> board = LightsOutBoard(size=5, seed=1)   # in a notebook cell, the last line shows it
    """

    picture = LightsOutPicture()
    action_sound = "click"

    def __init__(self, size: int = 5, seed: int = 0, **options: Any) -> None:
        self._next_seed = seed
        super().__init__(LightsOut.new(size=size, seed=seed), clock=True, **options)
        self.add_button("Hint", self.hint, "Mark one press of a shortest solution", name="hint")

    def make_ui(self) -> dict[str, Any]:
        return {"hint": None}

    def on_click(self, target: Hashable | None) -> None:
        if isinstance(target, tuple):  # clicks between the lamps land on no target and do nothing
            self.ui["hint"] = None
            self.act(cell_name(*target))

    def on_key(self, key: str) -> None:
        if key.lower() == "h":
            self.hint()

    def after_action(self, action: str) -> None:
        super().after_action(action)
        if self.game.is_over:
            self.play_sound("win")

    def hint(self) -> None:
        presses = solve(self.game)
        if not presses:
            self.say("Nothing to hint: every light is off.")
            return
        row, col = int(presses[0][1:]) - 1, "abcdefghij".index(presses[0][0])
        self.ui["hint"] = (row, col)
        self.say(f"Hint: press {presses[0]} ({len(presses)} presses left at best).")
        self.redraw()

    def fresh_game(self) -> LightsOut:
        # New game = the next seed, so a learner gets a new puzzle and the lesson stays reproducible.
        self._next_seed += 1
        return LightsOut.new(size=self.game.size, seed=self._next_seed)
