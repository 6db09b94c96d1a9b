"""How a Lights Out board looks: a dark panel of round-cornered lamps, lit ones glowing amber."""

from __future__ import annotations

from dataclasses import dataclass

from ..pictures import Painter, Picture
from .game import COLUMNS, LightsOut

__all__ = ["LightsOutPicture", "Lamp", "LightsOutUI"]


@dataclass(frozen=True)
class Lamp:
    """Click target: the lamp at ``row``, ``col`` (0-based, from the top left)."""

    row: int
    col: int


@dataclass(frozen=True)
class LightsOutUI:
    """Interface state: the lamp the Hint button marks, if any."""

    hint: Lamp | None = None


class LightsOutPicture(Picture[LightsOut]):
    """Cells of ``cell`` pixels with a ``margin`` for the coordinates; each lamp is a :class:`Lamp` target."""

    background = "#1d2330"
    cell = 64
    margin = 24

    def size(self, state: LightsOut, ui: LightsOutUI | None = None) -> tuple[int, int]:
        side = 2 * self.margin + state.size * self.cell
        return side, side

    def draw(self, p: Painter, state: LightsOut, ui: LightsOutUI | None = None) -> None:
        m, c = self.margin, self.cell
        hint = ui.hint if ui is not None else None
        for i in range(state.size):
            p.text(m + i * c + c / 2, m / 2, COLUMNS[i], size=13, fill="#8a93a6")
            p.text(m / 2, m + i * c + c / 2, str(i + 1), size=13, fill="#8a93a6")
        for row in range(state.size):
            for col in range(state.size):
                x, y = m + col * c + 4, m + row * c + 4
                lit = state.is_lit(row, col)
                if lit:
                    p.round_rect(x - 3, y - 3, c - 2, c - 2, 14, fill="#ffcf4d", alpha=0.35)
                p.round_rect(x, y, c - 8, c - 8, 10, fill="#ffc21a" if lit else "#3a4254",
                             stroke="#fff3c4" if lit else "#262c3a", line_width=2, target=Lamp(row, col))
                if lit:
                    p.round_rect(x + 8, y + 6, c - 24, 10, 5, fill="white", alpha=0.45)
                if hint == Lamp(row, col):
                    p.circle(x + (c - 8) / 2, y + (c - 8) / 2, 9, fill="#e0245e", stroke="white", line_width=2)
