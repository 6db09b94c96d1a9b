"""What a click or a key means on the Lights Out board: pure functions, no widget.

>>> game = LightsOut.new(size=3, seed=0)
>>> click(game, LightsOutUI(), Lamp(1, 1))
Response(action='b2', ui=LightsOutUI(hint=None))
>>> key(game, LightsOutUI(), "h")
Response(command='hint')
>>> hint(LightsOut.new(size=3, seed=0, presses=0), LightsOutUI())
Response(message='Nothing to hint: every light is off.')
"""

from __future__ import annotations

from dataclasses import replace

from ..controls import Response
from .game import LightsOut, cell_name, parse_cell, solve
from .picture import Lamp, LightsOutUI

__all__ = ["click", "key", "hint"]


def click(game: LightsOut, ui: LightsOutUI, target: object) -> Response[LightsOutUI] | None:
    """A click on a lamp presses it (and clears the hint); between the lamps nothing happens."""
    if isinstance(target, Lamp):
        return Response.play(cell_name(target.row, target.col), ui=replace(ui, hint=None))
    return None


def key(game: LightsOut, ui: LightsOutUI, key: str) -> Response[LightsOutUI] | None:
    """``h`` asks for a hint."""
    return Response(command="hint") if key.lower() == "h" else None


def hint(game: LightsOut, ui: LightsOutUI) -> Response[LightsOutUI]:
    """Mark the first press of a shortest solution, and say how many presses are left at best."""
    presses = solve(game)
    if not presses:
        return Response(message="Nothing to hint: every light is off.")
    row, col = parse_cell(presses[0], game.size)
    plural = "press" if len(presses) == 1 else "presses"
    return Response.update(replace(ui, hint=Lamp(row, col)),
                           f"Hint: press {presses[0]} ({len(presses)} {plural} left at best).")
