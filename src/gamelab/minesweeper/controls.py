"""What a click or a key means on the Minesweeper board: pure functions, no widget.

A click on a cell opens, flags or chords it (the tutorial's dispatch, :func:`~.tutorial.click_action`,
in the mode of the radio buttons); a click on the face or on the result message starts a new game,
as the tutorial's message does. Keys: ``f`` switches between open and flag mode, ``h`` asks for a
hint, ``p`` shows or hides every hidden cell's mine chance.

>>> game = Minesweeper.new("beginner", seed=1)
>>> click(game, MinesweeperUI(hint=Cell(2, 2)), Cell(5, 5)).action
'open 5 5'
>>> click(game, MinesweeperUI(), Face())
Response(command='new')
>>> key(game, MinesweeperUI(), "h")
Response(command='hint')
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any, Callable

from ..controls import Response
from .game import Minesweeper
from .picture import Cell, Face, MinesweeperUI, ResultMessage
from .tutorial import FLAG_MODE, OPEN_MODE, click_action, dispatch_click
from .vmap import PRESETS

__all__ = ["click", "key", "pick_mode", "settle", "hint", "toggle_chances", "modes_enabled", "chosen_setup"]


def modes_enabled(game: Minesweeper) -> bool:
    """Whether the open/flag radios work: only between the first click and game over."""
    return game.started and not game.is_over


def click(game: Minesweeper, ui: MinesweeperUI, target: object, *,
          dispatch: Callable[[Minesweeper, int, int, str], str | None] = dispatch_click) -> Response[MinesweeperUI] | None:
    """A cell opens, flags or chords in the current mode (and the hint ring goes); face or message: new game.

    ``dispatch`` is the tutorial's click dispatch the board runs on (:func:`~.tutorial.dispatch_click`, or a learner's).
    """
    if isinstance(target, (Face, ResultMessage)):
        return Response(command="new")
    if isinstance(target, Cell):
        action = click_action(game, target.row, target.col, mode=ui.mode, dispatch=dispatch)
        if action is not None:
            return Response.play(action, ui=replace(ui, hint=None))
    return None


def key(game: Minesweeper, ui: MinesweeperUI, key: str) -> Response[MinesweeperUI] | None:
    """``f`` toggles open/flag mode, ``h`` asks for a hint, ``p`` toggles the chances overlay."""
    key = key.lower()
    if key == "f":
        return pick_mode(game, ui, FLAG_MODE if ui.mode == OPEN_MODE else OPEN_MODE)
    if key == "h":
        return Response(command="hint")
    if key == "p":
        return Response(command="chances")
    return None


def pick_mode(game: Minesweeper, ui: MinesweeperUI, mode: str) -> Response[MinesweeperUI] | None:
    """Switch to ``mode``; nothing happens before the first click and after the game is over, like the radios.

    >>> pick_mode(Minesweeper.new("beginner"), MinesweeperUI(), "flag") is None
    True
    """
    if mode not in (OPEN_MODE, FLAG_MODE):
        raise ValueError(f"unknown mode {mode!r}: choose 'open' or 'flag'")
    if not modes_enabled(game):
        return None
    return Response.update(replace(ui, mode=mode))


def settle(game: Minesweeper, ui: MinesweeperUI) -> Response[MinesweeperUI] | None:
    """Back to open mode once the radios are off (after game over), as the tutorial's ``_gameOver`` resets
    them; None where nothing changes (the board asks after every action).

    >>> settle(Minesweeper.new("beginner"), MinesweeperUI(mode=FLAG_MODE)).ui.mode
    'open'
    """
    if ui.mode != OPEN_MODE and not modes_enabled(game):
        return Response.update(replace(ui, mode=OPEN_MODE))
    return None


def chosen_setup(preset: str, custom: tuple[int, int, int], *, seed: int, opening: bool,
                 no_guess: bool) -> dict[str, Any]:
    """The setup of a new game from the settings panel: the preset's size, or the custom rows, cols, mines.

    >>> chosen_setup("custom", (5, 6, 4), seed=3, opening=False, no_guess=True)
    {'rows': 5, 'cols': 6, 'mines': 4, 'seed': 3, 'opening': False, 'no_guess': True}
    """
    rows, cols, mines = PRESETS[preset] if preset in PRESETS else custom
    return {"rows": rows, "cols": cols, "mines": mines, "seed": seed, "opening": opening, "no_guess": no_guess}


def hint(game: Minesweeper, ui: MinesweeperUI) -> Response[MinesweeperUI]:
    """Ring a cell that is safe for certain, or else the best guess, and say its chance."""
    found = game.hint()
    if found is None:
        return Response(message="Any cell is safe for the first click." if not game.started else "The game is over.")
    ringed = replace(ui, hint=Cell(found.row, found.col))
    if found.certain:
        return Response.update(ringed, f"Hint: ({found.row}, {found.col}) is safe for certain.")
    return Response.update(ringed, f"Hint: nothing is certain; ({found.row}, {found.col}) is the best guess, "
                                   f"a mine with chance {100 * found.chance:.0f} %.")


def toggle_chances(game: Minesweeper, ui: MinesweeperUI) -> Response[MinesweeperUI]:
    """Lay the solver's mine chances over the hidden cells, or take them off."""
    return Response.update(replace(ui, show_chances=not ui.show_chances))
