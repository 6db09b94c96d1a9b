"""The one owner of a board's canvas: size, one message per frame, hit testing, and the reload fix.

Every board and viewer draws through :class:`BoardCanvas`, so the things that are easy to get wrong
with ipycanvas are done once, here:

* a frame is sent as one ``hold_canvas`` message (drawing call by call would be hundreds);
* the canvas keeps a fixed CSS size (a bare canvas in a VBox is stretched to the cell);
* recurring pictures (tiles, cards) are sprites, painted once off screen and copied;
* the shapes a picture tags with ``target=`` answer "what is under this pixel" for the frame on screen;
* every message names its canvas first (:func:`forget_current_canvas` before each one): ipycanvas
  names the target canvas only when it changes, and a page that has just (re)loaded has none, so a
  message without a name (a clock's digits drawn by a timer while the new page connects) throws in the
  page's drawing queue and stops every canvas of the page — the blank board after a reload;
* when a page (re)connects, the sprites and the whole frame are painted again.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from ..pictures import CanvasPainter, Painter, Picture, SpriteCache

__all__ = ["BoardCanvas", "forget_current_canvas"]


def forget_current_canvas(canvas: Canvas) -> None:
    """Make ipycanvas switch to ``canvas`` again before its next drawing command.

    ipycanvas sends ``switchCanvas`` only when the drawing target changes, and remembers the last
    one; a freshly loaded page has no current canvas, so every later command would be dropped and the
    board stays blank (reference: jupyter-stack.md §4). This is the only place gamelab writes an
    ipycanvas internal.
    """
    canvas._canvas_manager._current_canvas = None


class BoardCanvas:
    """A fixed-size canvas inside an HBox that draws whole frames of a :class:`Picture`.

    ``on_ready`` (if given) is called after the repaint that follows a page (re)connecting.
    """

    def __init__(self, width: int, height: int) -> None:
        self.canvas = Canvas(width=width, height=height, layout=self._layout(width, height))
        self.canvas.add_class("gamelab-canvas")
        self.box = widgets.HBox([self.canvas])
        self.sprites = SpriteCache(lambda width, height: Canvas(width=width, height=height))
        self.hits: Painter | None = None
        self.frames = 0  # full frames sent: tests check "one message per frame" against it
        self._repaint: Callable[[], None] | None = None
        self.canvas.on_client_ready(self._client_ready)

    @staticmethod
    def _layout(width: int, height: int) -> widgets.Layout:
        return widgets.Layout(width=f"{width}px", height=f"{height}px", min_width=f"{width}px")

    def resize(self, width: int, height: int) -> None:
        if (width, height) != (self.canvas.width, self.canvas.height):
            self.canvas.width, self.canvas.height = width, height
            self.canvas.layout = self._layout(width, height)

    def draw(self, picture: Picture[Any], state: Any, ui: Any = None) -> None:
        """Draw ``state`` as one whole frame (one message) and keep its targets for hit testing."""
        self.resize(*picture.size(state, ui))
        with hold_canvas():
            forget_current_canvas(self.canvas)  # the message names its canvas: it draws on any page
            self.canvas.clear()
            self.hits = picture.paint(CanvasPainter(self.canvas, self.sprites), state, ui)
        self.frames += 1

    def draw_part(self, draw: Callable[[Painter], None]) -> None:
        """Draw over part of the frame on screen (a clock's digits), as one message that names its canvas."""
        with hold_canvas():
            forget_current_canvas(self.canvas)
            draw(CanvasPainter(self.canvas, self.sprites))

    def target_at(self, x: float, y: float) -> Hashable | None:
        """The target under pixel (x, y) in the frame on screen (``None`` before the first frame)."""
        return self.hits.hit(x, y) if self.hits is not None else None

    def when_ready(self, repaint: Callable[[], None]) -> None:
        """Call ``repaint`` (which draws a whole frame) each time a page (re)connects."""
        self._repaint = repaint

    def _client_ready(self) -> None:
        with hold_canvas():  # the sprites first: the new page has no pixels for them either
            forget_current_canvas(self.canvas)
            self.sprites.repaint()
            if self._repaint is not None:
                self._repaint()
