"""Play widgets: the shared machinery of every board you play in a notebook cell.

>>> from gamelab.widgets import PlayBoard, Clock, fire   # a game subclasses PlayBoard
"""

from .board import ClockDisplay, PlayBoard, SoundPlayer, fire
from ..clock import Clock, format_ms, format_seconds
from .sound import EFFECTS, synthesize

__all__ = ["PlayBoard", "SoundPlayer", "ClockDisplay", "Clock", "fire", "format_seconds", "format_ms",
           "EFFECTS", "synthesize"]
