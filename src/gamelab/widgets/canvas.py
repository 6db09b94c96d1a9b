"""The one owner of a board's canvas: size, sharpness, one message per frame, hit testing, reloads.

Every board and viewer draws through :class:`BoardCanvas`, so the things that are easy to get wrong
with ipycanvas are done once, here:

* **every message stands alone.** A frame (or a part of one, such as a clock's digits) is one
  ``hold_canvas`` message that starts by naming its canvas. ipycanvas names the target canvas only
  when it changes, and a page that has just (re)loaded has none: one command arriving there without a
  name throws inside the page's drawing queue and stops every canvas of the page for good (the blank
  Minesweeper board after a reload: its clock's digits, drawn by a timer while the new page was still
  connecting). A message that names its canvas draws correctly on any page, at any time;
* **sharp at any device pixel ratio**: the backing store has :data:`PIXEL_RATIO` pixels per picture
  pixel (2: sharp on high-DPI screens, and smooth on ordinary ones), the painter scales, sprites are
  painted at that ratio, and mouse positions come back in picture pixels, so hit testing and the
  pictures never see the ratio;
* **it fits the cell**: the canvas is as wide as the cell allows, up to its picture's width, and no
  taller than :data:`MAX_HEIGHT` CSS pixels; the browser scales it (clicks still land right, because
  the browser reports positions in backing-store pixels);
* **a click lands where it was made** even on a board partly below the fold: ipycanvas focuses the
  canvas on a press (for the keys) before it measures where the press was, and the focus scrolled the
  page first, moving the board under the mouse; a page style (:data:`PAGE_STYLE`) keeps focusing from
  scrolling;
* recurring pictures (tiles, cards) are sprites, painted once off screen and copied;
* the shapes a picture tags with ``target=`` answer "what is under this pixel" for the frame on screen;
* when a page (re)connects, the sprites and the whole frame are painted again.
"""

from __future__ import annotations

import base64
import time
import weakref
from typing import Any, Callable, Hashable

import ipywidgets as widgets
from ipycanvas import Canvas, hold_canvas

from ..pictures import CanvasPainter, Painter, Picture, SpriteCache

__all__ = ["BoardCanvas", "forget_current_canvas", "fire", "PIXEL_RATIO", "MAX_HEIGHT", "PAGE_STYLE"]

#: backing-store pixels per picture pixel (2 is sharp at device pixel ratio 2 and smooth at 1)
PIXEL_RATIO = 2.0
#: the tallest a board is shown by default, in CSS pixels (it scales down, keeping its proportions)
MAX_HEIGHT = 600

#: CSS every page with a board gets. ``scroll-margin`` far below zero makes the canvas count as in view
#: for the focus that ipycanvas gives it on each press, so the focus never scrolls the page between
#: the press and ipycanvas measuring where it was (verified in chromium: without it, a click on a board
#: whose bottom was below the fold landed on the card under the one clicked).
PAGE_STYLE = "<style>.gamelab-canvas { scroll-margin: -100000px; }</style>"

#: seconds the kernel's thread sleeps after a frame or part that long work follows (:meth:`BoardCanvas.let_out`). ipykernel sends messages from a
#: thread of its own, which needs the interpreter lock for each step; while the kernel's thread computes, it
#: gets the lock only every 5 ms (Python's switch interval), and a part shown before the riichi table's
#: other seats played reached the page 13–31 ms after it was drawn (measured with page-side websocket
#: timestamps against the kernel's clock). Sleeping releases the lock: the part leaves at once.
SEND_PAUSE = 0.003

# canvas -> its backing-store pixels per picture pixel, for fire(): a weak map, so a closed board goes
_RATIOS: "weakref.WeakKeyDictionary[Canvas, float]" = weakref.WeakKeyDictionary()


def forget_current_canvas(canvas: Canvas) -> None:
    """Make ipycanvas name ``canvas`` again before its next drawing command.

    ipycanvas sends ``switchCanvas`` only when the drawing target changes, and remembers the last
    one; a freshly loaded page has no current canvas, so a command that arrives there unnamed breaks
    the page's drawing (reference: jupyter-stack.md §4). :class:`BoardCanvas` calls this at the start
    of every message it sends. This is the only place gamelab writes an ipycanvas internal.
    """
    canvas._canvas_manager._current_canvas = None


def fire(widget: widgets.Widget, *, raw: bool = False, **content: Any) -> None:
    """Deliver a front-end event to ``widget`` exactly as the comm would (for tests and lessons).

    Mouse positions ``x`` and ``y`` are given in picture pixels (as
    :func:`~gamelab.widgets.testing.centre_of` gives them, and as a picture is drawn). A browser sends
    them in the canvas's backing-store pixels, :data:`PIXEL_RATIO` times as many on a board's canvas,
    so ``fire`` scales them the same way before delivering them; ``raw=True`` delivers them as given.

    >>> # fire(board.canvas, event="mouse_down", x=12, y=30)
    >>> # fire(board.canvas, event="key_down", key="h", shift_key=False, ctrl_key=False, meta_key=False)
    """
    ratio = _RATIOS.get(widget, 1.0) if not raw else 1.0
    if ratio != 1.0 and str(content.get("event", "")).startswith("mouse_") and "x" in content:
        content = dict(content, x=content["x"] * ratio, y=content["y"] * ratio)
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


def with_still_picture(bundle: Any, picture: Picture[Any], state: Any, ui: Any = None) -> Any:
    """A widget's display bundle with the picture it shows as a PNG beside it.

    The PNG is what a notebook shows where the widget cannot live (opened before it is trusted or run, on
    GitHub); a page that runs the widget shows the widget.
    """
    if not bundle:
        return bundle
    png, size = picture.png_bundle(state, ui)
    data = dict(bundle)
    data["image/png"] = base64.b64encode(png).decode("ascii")
    return data, {"image/png": size}


class BoardCanvas:
    """A canvas showing whole frames of a :class:`Picture`, sharp, fitted to its cell.

    ``width`` × ``height`` is the picture's size (picture pixels, which are CSS pixels at full size);
    ``ratio`` the backing-store pixels per picture pixel (default :data:`PIXEL_RATIO`); ``max_height``
    the tallest it is shown (default :data:`MAX_HEIGHT`; ``None``: no limit).
    """

    def __init__(self, width: int, height: int, *, ratio: float | None = None,
                 max_height: int | None = MAX_HEIGHT) -> None:
        self.ratio = float(ratio or PIXEL_RATIO)
        self.max_height = max_height
        self.size = (int(width), int(height))
        self.canvas = Canvas(width=self._backing(width), height=self._backing(height),
                             layout=self._layout(width, height))
        self.canvas.add_class("gamelab-canvas")
        self.canvas.add_class(f"gamelab-ratio-{self.ratio:g}")  # lets browser tests find picture pixels
        _RATIOS[self.canvas] = self.ratio
        style = widgets.HTML(PAGE_STYLE, layout=widgets.Layout(display="none"))
        self.box = widgets.HBox([self.canvas, style], layout=widgets.Layout(width="100%", align_items="flex-start"))
        self.sprites = SpriteCache(lambda w, h: Canvas(width=w, height=h), ratio=self.ratio)
        self.hits: Painter | None = None
        self.frames = 0  # full frames sent: tests check "one message per frame" against it
        self.pages = 0  # pages that announced themselves (client_ready) since the board was made
        self._repaint: Callable[[], None] | None = None
        self.canvas.on_client_ready(self._client_ready)

    def _backing(self, length: float) -> int:
        return max(1, round(length * self.ratio))

    def close(self) -> None:
        """Close the canvas, its page style and every off-screen sprite canvas (the page drops them all)."""
        for widget in [*self.sprites.canvases(), *self.box.children, self.box]:
            widget.close()
        self._repaint = None

    def _layout(self, width: int, height: int) -> widgets.Layout:
        # As wide as the cell, up to the picture's width and to MAX_HEIGHT tall; the height follows
        # from the width (the backing store's proportions are the picture's).
        shown = width if not self.max_height or height <= self.max_height else width * self.max_height / height
        return widgets.Layout(width="100%", max_width=f"{shown:.0f}px", height="auto", min_width="0")

    def resize(self, width: int, height: int) -> None:
        """Show a picture of ``width`` × ``height`` from now on (the next frame fills it)."""
        if (int(width), int(height)) != self.size:
            self.size = (int(width), int(height))
            self.canvas.width, self.canvas.height = self._backing(width), self._backing(height)
            self.canvas.layout = self._layout(width, height)

    def _start_message(self) -> CanvasPainter:
        """Inside ``hold_canvas``: name this canvas first (so the message draws on any page, even one
        that has just loaded), scale to the ratio, and return a painter in picture pixels."""
        forget_current_canvas(self.canvas)
        self.canvas.set_transform(self.ratio, 0, 0, self.ratio, 0, 0)
        return CanvasPainter(self.canvas, self.sprites, size=self.size, ratio=self.ratio)

    def draw(self, picture: Picture[Any], state: Any, ui: Any = None) -> None:
        """Draw ``state`` as one whole frame (one message) and keep its targets for hit testing."""
        self.resize(*picture.size(state, ui))
        with hold_canvas():  # everything drawn in this block goes to the browser as one message
            painter = self._start_message()
            self.canvas.clear()
            self.hits = picture.paint(painter, state, ui)
        self.frames += 1
        self._make_wanted_sprites()

    def _make_wanted_sprites(self) -> None:
        # After the frame, as a message of their own: a frame that copied from a canvas the page has not
        # made yet would wait for it (tens of ms on a click that shows a new tile face).
        if self.sprites.wanted:
            with hold_canvas():
                forget_current_canvas(self.canvas)
                self.sprites.make_wanted()

    def draw_part(self, draw: Callable[[Painter], None], *, work_follows: bool = False) -> None:
        """Draw over part of the frame on screen (a clock's digits, a move shown before the reply is
        worked out), as one message.

        Nothing is drawn before a page has shown the board (a part needs the frame under it; the
        page's arrival repaints everything). ``work_follows``: the caller goes on computing at once
        (a riichi table plays the other seats after your discard), so the kernel's sending thread is
        given a moment to put the message on the wire first (see :data:`SEND_PAUSE`).
        """
        if not self.pages:
            return
        with hold_canvas():
            draw(self._start_message())
        self._make_wanted_sprites()
        if work_follows:
            self.let_out()

    def let_out(self) -> None:
        """Before long computing on the kernel (a reply, a search): give the kernel's sending thread the
        moment it needs to put the messages just made on the wire (see :data:`SEND_PAUSE`). Nothing to
        wait for while no page shows the board."""
        if self.pages:
            time.sleep(SEND_PAUSE)

    def target_at(self, x: float, y: float) -> Hashable | None:
        """The target under picture pixel (x, y) in the frame on screen (``None`` before the first frame)."""
        return self.hits.hit(x, y) if self.hits is not None else None

    # -- mouse: positions in picture pixels ------------------------------------------------------
    def _in_picture(self, callback: Callable[[float, float], None]) -> Callable[[float, float], None]:
        ratio = self.ratio

        def handler(x: float, y: float) -> None:
            callback(x / ratio, y / ratio)  # the browser reports backing-store pixels

        return handler

    def on_mouse_down(self, callback: Callable[[float, float], None]) -> None:
        """Call ``callback(x, y)`` on a mouse press, (x, y) in picture pixels."""
        self.canvas.on_mouse_down(self._in_picture(callback))

    def on_mouse_move(self, callback: Callable[[float, float], None]) -> None:
        """Call ``callback(x, y)`` when the mouse moves over the canvas, (x, y) in picture pixels."""
        self.canvas.on_mouse_move(self._in_picture(callback))

    def on_mouse_up(self, callback: Callable[[float, float], None]) -> None:
        """Call ``callback(x, y)`` on a mouse release, (x, y) in picture pixels."""
        self.canvas.on_mouse_up(self._in_picture(callback))

    # -- pages (re)connecting --------------------------------------------------------------------
    def when_ready(self, repaint: Callable[[], None]) -> None:
        """Call ``repaint`` (which draws a whole frame) each time a page (re)connects."""
        self._repaint = repaint

    def _client_ready(self) -> None:
        self.pages += 1
        if len(self.sprites):  # the sprites first: the new page has no pixels for them either
            with hold_canvas():
                forget_current_canvas(self.canvas)
                self.sprites.repaint()
        if self._repaint is not None:
            self._repaint()
