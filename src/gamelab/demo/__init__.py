"""The start-here demo game, Lights Out, in the shape every game has: game, picture, controls, widget.

>>> from gamelab.demo import LightsOut
>>> LightsOut.new(size=3, seed=0, presses=0).lit_count
0
"""

from ..lazy import lazy_exports
from .game import LightsOut, cell_name, parse_cell, press_mask, solve, toggle
from .picture import Lamp, LightsOutPicture, LightsOutUI

__all__ = ["LightsOut", "LightsOutPicture", "LightsOutBoard", "LightsOutUI", "Lamp", "solve", "cell_name",
           "press_mask", "toggle", "parse_cell"]

__getattr__ = lazy_exports(__name__, {"LightsOutBoard": ".widget"})
