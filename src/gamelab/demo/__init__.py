"""The start-here demo game, Lights Out: engine, picture and play board in three small modules.

>>> from gamelab.demo import LightsOut
>>> LightsOut.new(size=3, seed=0, presses=0).lit_count
0
"""

from .lights_out import LightsOut, cell_name, parse_cell, solve
from .picture import LightsOutPicture

__all__ = ["LightsOut", "LightsOutPicture", "LightsOutBoard", "solve", "cell_name", "parse_cell"]


def __getattr__(name: str):
    # The play board pulls in ipywidgets/ipycanvas: load it only when asked, so the engine stays light.
    if name == "LightsOutBoard":
        from .widget import LightsOutBoard

        return LightsOutBoard
    raise AttributeError(name)
