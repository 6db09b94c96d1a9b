"""Play widgets: the one board every game is played on, and its parts.

>>> from gamelab.widgets import PlayBoard, BoardSpec, Button, fire   # a game writes a BoardSpec
"""

from ..clock import Clock, format_seconds, format_seconds_with_ms
from ..work import Progress, Stopped, Work
from .board import ClockDisplay, PlayBoard, SoundPlayer, board_function
from .canvas import BoardCanvas, fire, forget_current_canvas
from .history import GameHistory
from .sound import EFFECTS, synthesize
from .spec import BoardSpec, Button, Panel, Setting
from .viewer import RecordViewer
from .work import LongWork

__all__ = ["PlayBoard", "board_function", "BoardSpec", "Button", "Panel", "Setting", "Progress", "Stopped", "Work", "LongWork", "GameHistory",
           "BoardCanvas", "RecordViewer", "SoundPlayer", "ClockDisplay", "Clock", "fire", "forget_current_canvas",
           "format_seconds", "format_seconds_with_ms", "EFFECTS", "synthesize"]
