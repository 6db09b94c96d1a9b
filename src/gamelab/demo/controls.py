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
from ..errors import IllegalMove
from .game import LightsOut, parse_cell, solve
from .picture import Lamp, LightsOutUI

__all__ = ["click", "key", "hint"]


def click(game: LightsOut, ui: LightsOutUI, target: object) -> Response[LightsOutUI] | None:
    """A click on a lamp presses it, by the name the game's ``cell_name`` gives it (and clears the hint);
    between the lamps nothing happens."""
    if isinstance(target, Lamp):
        try:
            action = game.lamp_name(target.row, target.col)
        except IllegalMove as exc:
            return Response.refuse(str(exc), ui=replace(ui, hint=None))
        return Response.play(action, ui=replace(ui, hint=None))
    return None


def key(game: LightsOut, ui: LightsOutUI, key: str) -> Response[LightsOutUI] | None:
    """``h`` asks for a hint."""
    return Response(command="hint") if key.lower() == "h" else None


def hint(game: LightsOut, ui: LightsOutUI) -> Response[LightsOutUI]:
    """Mark the first press of a shortest solution, and say how many presses are left at best (or that
    none turns the lights off, with a press rule other than the shipped one)."""
    try:
        presses = solve(game)
    except IllegalMove as exc:
        return Response.refuse(f"No hint: {exc}.")
    if not presses:
        return Response(message="Nothing to hint: every light is off.")
    row, col = parse_cell(presses[0], game.size)
    plural = "press" if len(presses) == 1 else "presses"
    return Response.update(replace(ui, hint=Lamp(row, col)),
                           f"Hint: press {presses[0]} ({len(presses)} {plural} left at best).")
