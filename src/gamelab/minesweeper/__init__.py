"""Minesweeper (マインスイーパー): the tutorial's virtual map and controller, a solver, no-guess boards.

Layers, as in the tutorial: :mod:`.vmap` holds the board (VMap), :mod:`.tutorial` the controller that
turns clicks into actions (Ctrl), :mod:`.game` is the gamelab :class:`~gamelab.game.Game` with text
actions (``open r c``, ``flag r c``, ``chord r c``), :mod:`.solver` deduces and computes exact mine
probabilities, :mod:`.generate` builds boards that need no guess. The play board's shape is every
game's: :mod:`.picture` draws it, :mod:`.controls` says what a click or a key means, :mod:`.widget`
puts both on a canvas.

>>> g = Minesweeper.new("beginner", seed=2)
>>> g.play("open 5 5")
>>> g.started
True
"""

from ..lazy import lazy_exports
from .game import Hint, Minesweeper
from .generate import no_guess_mines, solvable_without_guessing
from .picture import Cell, Face, MinesweeperPicture, MinesweeperUI, ResultMessage, table_layout
from .solver import Analysis, Contradiction, Solver, play_out
from .tutorial import FLAG_MODE, OPEN_MODE, Ctrl, click_action, dispatch_click, game_over_message
from .vmap import (
    ACOMP,
    ALIVE,
    CLEARED,
    COLS,
    DEAD,
    FLAG,
    HIDE,
    MINES,
    OPEN,
    PRESETS,
    ROWS,
    MapRules,
    VMap,
    check_size,
    lay_mines,
    neighbour_offsets,
    open_at,
    open_cell,
    placeable_cells,
    sentinel_states,
    tally,
    toggle_flag,
    verdict,
)

__all__ = [
    "Minesweeper", "Hint", "Ctrl", "click_action", "MinesweeperPicture", "MinesweeperBoard", "MinesweeperUI",
    "Cell", "Face", "ResultMessage", "OPEN_MODE", "FLAG_MODE", "VMap", "check_size", "PRESETS",
    "ROWS", "COLS", "MINES", "HIDE", "OPEN", "FLAG", "DEAD", "ALIVE", "CLEARED", "ACOMP",
    "Solver", "Analysis", "Contradiction", "play_out", "no_guess_mines", "solvable_without_guessing",
    # the tutorial's steps, one function each (the lesson's exercises)
    "MapRules", "sentinel_states", "neighbour_offsets", "placeable_cells", "lay_mines", "open_cell", "open_at",
    "toggle_flag", "tally", "verdict", "dispatch_click", "game_over_message", "table_layout",
]

__getattr__ = lazy_exports(__name__, {"MinesweeperBoard": ".widget"})
