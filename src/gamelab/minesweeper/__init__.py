"""Minesweeper (マインスイーパー): the tutorial's virtual map and controller, a solver, no-guess boards.

Layers, as in the tutorial: :mod:`.vmap` holds the board (VMap), :mod:`.ctrl` turns clicks into
actions (Ctrl), :mod:`.game` is the gamelab :class:`~gamelab.game.Game` with text actions
(``open r c``, ``flag r c``, ``chord r c``), :mod:`.solver` deduces and computes exact mine
probabilities, :mod:`.generate` builds boards that need no guess.

>>> g = Minesweeper.new("beginner", seed=2)
>>> g.play("open 5 5")
>>> g.started
True
"""

from .ctrl import FLAG_MODE, OPEN_MODE, Ctrl, click_action
from .game import Hint, Minesweeper
from .generate import no_guess_mines, solvable_without_guessing
from .solver import Analysis, Contradiction, Solver, play_out
from .picture import MinesweeperPicture
from .vmap import ACOMP, ALIVE, CLEARED, COLS, DEAD, FLAG, HIDE, MINES, OPEN, PRESETS, ROWS, VMap, check_size

__all__ = [
    "Minesweeper", "Hint", "Ctrl", "click_action", "MinesweeperPicture", "MinesweeperBoard", "OPEN_MODE", "FLAG_MODE", "VMap", "check_size", "PRESETS",
    "ROWS", "COLS", "MINES", "HIDE", "OPEN", "FLAG", "DEAD", "ALIVE", "CLEARED", "ACOMP",
    "Solver", "Analysis", "Contradiction", "play_out", "no_guess_mines", "solvable_without_guessing",
]


def __getattr__(name: str):
    # The play board pulls in ipywidgets/ipycanvas: load it only when asked, so the engine stays light.
    if name == "MinesweeperBoard":
        from .widget import MinesweeperBoard

        return MinesweeperBoard
    raise AttributeError(name)
