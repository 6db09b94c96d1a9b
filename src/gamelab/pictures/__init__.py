"""Pictures: every board is drawn once, against a small painter interface, and rendered to SVG or a canvas.

>>> from gamelab.pictures import SvgPainter
>>> p = SvgPainter(20, 20); p.circle(10, 10, 8, fill="black"); p.svg()[:4]
'<svg'
"""

from .painter import CJK_FONT, FONT, CanvasPainter, Painter, RecordingPainter, Shape, SpriteCache, SvgPainter
from .picture import HitPainter, Picture, SvgImage, img_tag

__all__ = [
    "Painter", "SvgPainter", "CanvasPainter", "SpriteCache", "RecordingPainter", "HitPainter", "Shape",
    "Picture", "SvgImage", "img_tag", "FONT", "CJK_FONT",
]
