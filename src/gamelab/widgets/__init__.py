"""Play widgets: the shared machinery of every board you play in a notebook cell.

>>> from gamelab.widgets import PlayBoard, Clock, fire   # a game subclasses PlayBoard
"""

from ..clock import Clock, format_seconds, format_seconds_with_ms
from .board import ClockDisplay, PlayBoard, Progress, SoundPlayer, Stopped
from .canvas import BoardCanvas, fire, forget_current_canvas
from .sound import EFFECTS, synthesize
from .viewer import RecordViewer

__all__ = ["PlayBoard", "Progress", "Stopped", "BoardCanvas", "RecordViewer", "SoundPlayer", "ClockDisplay", "Clock", "fire",
           "forget_current_canvas", "format_seconds", "format_seconds_with_ms", "EFFECTS", "synthesize"]
