"""gamelab: rebuild five classic games step by step in JupyterLab, then play them in a cell.

The package is layered (see the README): engines (``gamelab.<game>``) know nothing of Jupyter;
pictures (``gamelab.pictures``) draw a state through a small painter interface to SVG or to an
ipycanvas canvas; play widgets (``gamelab.widgets``) turn clicks into actions; lesson helpers
(``gamelab.lessons``) show, check and swap the code a learner writes.
"""

from __future__ import annotations

from .errors import IllegalMove
from .game import Game, Record, game_class, register_game

__all__ = ["IllegalMove", "Game", "Record", "register_game", "game_class", "__version__"]

__version__ = "0.1.0"
