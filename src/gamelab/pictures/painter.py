"""The painter: the few drawing operations every gamelab board needs, behind one small interface.

A game draws its board once, against :class:`Painter`. The same drawing code then renders to

* :class:`SvgPainter` – a deterministic SVG string (static pictures in notebooks, GitHub, nbval);
* :class:`CanvasPainter` – an ipycanvas canvas (the interactive board);
* :class:`RecordingPainter` – a list of calls (tests compare what two back-ends were asked to draw).

Every shape can carry a ``target`` (any hashable value, e.g. ``("cell", 3, 4)``). The painter keeps
those shapes, in drawing order, as the board's hit map: :meth:`Painter.hit` answers "which target is
under this pixel?", topmost first, so hit testing always agrees with what is on screen.

>>> p = SvgPainter(40, 20)
>>> p.rect(0, 0, 20, 20, fill="green", target="left")
>>> p.hit(5, 5)
'left'
>>> p.svg().startswith('<svg')
True
"""

from __future__ import annotations

import contextlib
import math
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, Hashable, Iterable, Iterator, Sequence

__all__ = [
    "Painter",
    "SvgPainter",
    "CanvasPainter",
    "RecordingPainter",
    "Shape",
    "SpriteCache",
    "FONT",
    "CJK_FONT",
]

Point = tuple[float, float]

#: Font families used by gamelab's boards (the CJK one for tile faces and Japanese labels).
FONT = "DejaVu Sans, Helvetica, Arial, sans-serif"
CJK_FONT = "Noto Sans CJK JP, Noto Serif CJK JP, Noto Sans JP, Hiragino Sans, Yu Gothic, sans-serif"


@dataclass(frozen=True)
class Shape:
    """A hit-testable region: ``kind`` is 'rect', 'circle' or 'polygon'."""

    kind: str
    coords: tuple[float, ...]
    target: Hashable

    def contains(self, x: float, y: float) -> bool:
        c = self.coords
        if self.kind == "rect":
            return c[0] <= x < c[0] + c[2] and c[1] <= y < c[1] + c[3]
        if self.kind == "circle":
            return (x - c[0]) ** 2 + (y - c[1]) ** 2 <= c[2] ** 2
        return _inside_polygon(x, y, list(zip(c[0::2], c[1::2])))


def _inside_polygon(x: float, y: float, points: Sequence[Point]) -> bool:
    """Even-odd rule: count the edges a ray to the right crosses."""
    inside = False
    n = len(points)
    for i in range(n):
        (x1, y1), (x2, y2) = points[i], points[(i + 1) % n]
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            inside = not inside
    return inside


class Painter(ABC):
    """The drawing operations of a gamelab board. Coordinates are pixels, y grows downwards.

    Style keywords shared by the shapes: ``fill`` and ``stroke`` (CSS colors or ``None``),
    ``line_width``, ``alpha`` (0–1, applied to the whole shape) and ``target`` (see :meth:`hit`).
    """

    def __init__(self, width: int, height: int) -> None:
        self.width = int(width)
        self.height = int(height)
        self.shapes: list[Shape] = []
        self._turns: list[tuple[float, float, float]] = []  # active rotations: (radians, cx, cy)

    # -- hit map ---------------------------------------------------------------------------------
    def _keep(self, kind: str, coords: Iterable[float], target: Hashable | None) -> None:
        if target is None:
            return
        c = tuple(float(v) for v in coords)
        if self._turns:  # keep the shape where it shows on screen
            if kind == "rect":
                x, y, w, h = c
                kind, c = "polygon", (x, y, x + w, y, x + w, y + h, x, y + h)
            points = [self._on_screen(px, py) for px, py in zip(c[0::2], c[1::2])]
            c = (*points[0], c[2]) if kind == "circle" else tuple(v for pt in points for v in pt)
        self.shapes.append(Shape(kind, c, target))

    def _on_screen(self, x: float, y: float) -> Point:
        for angle, cx, cy in reversed(self._turns):
            cos, sin = math.cos(angle), math.sin(angle)
            x, y = cx + (x - cx) * cos - (y - cy) * sin, cy + (x - cx) * sin + (y - cy) * cos
        return x, y

    @contextlib.contextmanager
    def rotated(self, degrees: float, cx: float, cy: float) -> Iterator[None]:
        """Everything drawn inside the block is turned ``degrees`` clockwise around (cx, cy).

        >>> p = RecordingPainter(100, 100)
        >>> with p.rotated(90, 50, 50):
        ...     p.rect(40, 0, 20, 10, target="bar")   # drawn at the top, shows at the right edge
        >>> p.hit(95, 50), p.hit(50, 5)
        ('bar', None)
        """
        self._begin_rotation(float(degrees), float(cx), float(cy))
        self._turns.append((math.radians(degrees), float(cx), float(cy)))
        try:
            yield
        finally:
            self._turns.pop()
            self._end_rotation()

    def _begin_rotation(self, degrees: float, cx: float, cy: float) -> None:
        """Back-end hook: start drawing turned (default: nothing, for painters that only keep shapes)."""

    def _end_rotation(self) -> None:
        """Back-end hook: stop drawing turned."""

    def hit(self, x: float, y: float) -> Hashable | None:
        """The target of the topmost tagged shape under (x, y), or ``None``."""
        for shape in reversed(self.shapes):
            if shape.contains(x, y):
                return shape.target
        return None

    # -- operations ------------------------------------------------------------------------------
    @abstractmethod
    def _rect(self, x: float, y: float, w: float, h: float, style: dict[str, Any]) -> None: ...

    @abstractmethod
    def _round_rect(self, x: float, y: float, w: float, h: float, r: float, style: dict[str, Any]) -> None: ...

    @abstractmethod
    def _polygon(self, points: list[Point], closed: bool, style: dict[str, Any]) -> None: ...

    @abstractmethod
    def _circle(self, cx: float, cy: float, r: float, style: dict[str, Any]) -> None: ...

    @abstractmethod
    def _text(self, x: float, y: float, text: str, style: dict[str, Any]) -> None: ...

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str | None = None, stroke: str | None = None,
             line_width: float = 1.0, alpha: float = 1.0, target: Hashable | None = None) -> None:
        """An axis-aligned rectangle with its top-left corner at (x, y)."""
        self._rect(x, y, w, h, _style(fill, stroke, line_width, alpha))
        self._keep("rect", (x, y, w, h), target)

    def round_rect(self, x: float, y: float, w: float, h: float, r: float, *, fill: str | None = None,
                   stroke: str | None = None, line_width: float = 1.0, alpha: float = 1.0,
                   target: Hashable | None = None) -> None:
        """A rectangle with corners rounded to radius ``r`` (hit-tested as its bounding box)."""
        r = max(0.0, min(r, w / 2, h / 2))
        self._round_rect(x, y, w, h, r, _style(fill, stroke, line_width, alpha))
        self._keep("rect", (x, y, w, h), target)

    def polygon(self, points: Sequence[Point], *, fill: str | None = None, stroke: str | None = None,
                line_width: float = 1.0, alpha: float = 1.0, target: Hashable | None = None) -> None:
        """A closed polygon through ``points``."""
        pts = [(float(px), float(py)) for px, py in points]
        self._polygon(pts, True, _style(fill, stroke, line_width, alpha))
        self._keep("polygon", [v for pt in pts for v in pt], target)

    def polyline(self, points: Sequence[Point], *, stroke: str = "black", line_width: float = 1.0,
                 alpha: float = 1.0) -> None:
        """An open path through ``points`` (round caps and joins)."""
        pts = [(float(px), float(py)) for px, py in points]
        self._polygon(pts, False, _style(None, stroke, line_width, alpha))

    def line(self, x1: float, y1: float, x2: float, y2: float, *, stroke: str = "black", line_width: float = 1.0,
             alpha: float = 1.0) -> None:
        """A straight segment."""
        self.polyline([(x1, y1), (x2, y2)], stroke=stroke, line_width=line_width, alpha=alpha)

    def circle(self, cx: float, cy: float, r: float, *, fill: str | None = None, stroke: str | None = None,
               line_width: float = 1.0, alpha: float = 1.0, target: Hashable | None = None) -> None:
        """A circle centred on (cx, cy)."""
        self._circle(cx, cy, r, _style(fill, stroke, line_width, alpha))
        self._keep("circle", (cx, cy, r), target)

    def region(self, x: float, y: float, w: float, h: float, target: Hashable) -> None:
        """A clickable rectangle that draws nothing (for a target over pictures drawn without one)."""
        self._keep("rect", (x, y, w, h), target)

    def sprite(self, key: Hashable, x: float, y: float, w: float, h: float,
               draw: Callable[["Painter", float, float], None], *, target: Hashable | None = None) -> None:
        """A small picture that recurs (a tile face, a card): ``draw(painter, x, y)`` paints it in (x, y, w, h).

        ``key`` names the picture (equal keys must draw the same thing). A canvas back-end with a
        sprite cache paints each key once, off screen, and then only copies it: a board of 136 tiles
        costs 136 copies per frame instead of thousands of drawing calls. Other back-ends draw in place.
        """
        draw(self, x, y)
        self._keep("rect", (x, y, w, h), target)

    def text(self, x: float, y: float, text: str, *, size: float = 14, fill: str = "black", bold: bool = False,
             align: str = "center", baseline: str = "middle", family: str = FONT, alpha: float = 1.0) -> None:
        """Text anchored at (x, y): ``align`` is left/center/right, ``baseline`` top/middle/bottom."""
        if align not in ("left", "center", "right"):
            raise ValueError(f"text align must be left, center or right, not {align!r}")
        if baseline not in ("top", "middle", "bottom", "alphabetic"):
            raise ValueError(f"text baseline must be top, middle, bottom or alphabetic, not {baseline!r}")
        style = _style(fill, None, 1.0, alpha)
        style.update(size=float(size), bold=bold, align=align, baseline=baseline, family=family)
        self._text(x, y, str(text), style)


def _style(fill: str | None, stroke: str | None, line_width: float, alpha: float) -> dict[str, Any]:
    if not 0.0 <= alpha <= 1.0:
        raise ValueError(f"alpha must be between 0 and 1, not {alpha!r}")
    return {"fill": fill, "stroke": stroke, "line_width": float(line_width), "alpha": float(alpha)}


# ----------------------------------------------------------------------------------------------------
def _n(value: float) -> str:
    """A number as SVG text: at most 2 decimals, no trailing zeros, no '-0' (stable output)."""
    text = f"{round(float(value), 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


class SvgPainter(Painter):
    """Renders to an SVG document; the same calls always give the same bytes.

    >>> p = SvgPainter(10, 10); p.circle(5, 5, 4, fill="red"); '<circle' in p.svg()
    True
    """

    def __init__(self, width: int, height: int, *, background: str | None = None, title: str | None = None) -> None:
        super().__init__(width, height)
        self._parts: list[str] = []
        self.title = title
        if background:
            self.rect(0, 0, width, height, fill=background)

    @staticmethod
    def _paint(style: dict[str, Any]) -> str:
        attrs = [f'fill="{escape(style["fill"])}"' if style["fill"] else 'fill="none"']
        if style["stroke"]:
            attrs.append(f'stroke="{escape(style["stroke"])}" stroke-width="{_n(style["line_width"])}"')
        if style["alpha"] < 1.0:
            attrs.append(f'opacity="{_n(style["alpha"])}"')
        return " ".join(attrs)

    def _rect(self, x: float, y: float, w: float, h: float, style: dict[str, Any]) -> None:
        self._parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" {self._paint(style)}/>')

    def _round_rect(self, x: float, y: float, w: float, h: float, r: float, style: dict[str, Any]) -> None:
        self._parts.append(f'<rect x="{_n(x)}" y="{_n(y)}" width="{_n(w)}" height="{_n(h)}" rx="{_n(r)}" '
                           f'{self._paint(style)}/>')

    def _polygon(self, points: list[Point], closed: bool, style: dict[str, Any]) -> None:
        pts = " ".join(f"{_n(px)},{_n(py)}" for px, py in points)
        if closed:
            self._parts.append(f'<polygon points="{pts}" {self._paint(style)} stroke-linejoin="round"/>')
        else:
            self._parts.append(f'<polyline points="{pts}" {self._paint(style)} stroke-linecap="round" '
                               f'stroke-linejoin="round"/>')

    def _circle(self, cx: float, cy: float, r: float, style: dict[str, Any]) -> None:
        self._parts.append(f'<circle cx="{_n(cx)}" cy="{_n(cy)}" r="{_n(r)}" {self._paint(style)}/>')

    def _begin_rotation(self, degrees: float, cx: float, cy: float) -> None:
        self._parts.append(f'<g transform="rotate({_n(degrees)} {_n(cx)} {_n(cy)})">')

    def _end_rotation(self) -> None:
        self._parts.append("</g>")

    _ANCHOR = {"left": "start", "center": "middle", "right": "end"}
    _BASELINE = {"top": "hanging", "middle": "central", "bottom": "text-after-edge", "alphabetic": "alphabetic"}

    def _text(self, x: float, y: float, text: str, style: dict[str, Any]) -> None:
        weight = ' font-weight="bold"' if style["bold"] else ""
        opacity = f' opacity="{_n(style["alpha"])}"' if style["alpha"] < 1.0 else ""
        self._parts.append(
            f'<text x="{_n(x)}" y="{_n(y)}" font-family="{escape(style["family"])}" font-size="{_n(style["size"])}"'
            f'{weight} fill="{escape(style["fill"])}" text-anchor="{self._ANCHOR[style["align"]]}" '
            f'dominant-baseline="{self._BASELINE[style["baseline"]]}"{opacity}>{escape(text)}</text>')

    def svg(self) -> str:
        """The finished SVG document."""
        title = f"<title>{escape(self.title)}</title>" if self.title else ""
        return (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}">{title}' + "".join(self._parts) + "</svg>")


# ----------------------------------------------------------------------------------------------------
class SpriteCache:
    """Off-screen canvases, one per sprite key, each painted once and then copied with ``draw_image``.

    A frame that shows a sprite not made yet draws it in place and asks for it (:meth:`want`); the
    board makes it after the frame has gone (:meth:`make_wanted`). So no frame waits while the page
    makes a new canvas (a click that showed a new tile face used to wait 30–50 ms for it).

    A play board owns one. When a browser (re)connects it has no pixels for these canvases:
    :meth:`repaint` paints them all again (the board calls it before its own full redraw).
    ``make_canvas(width, height)`` makes an off-screen canvas: the widget layer passes ipycanvas'
    ``Canvas``, so the pictures layer itself imports nothing from Jupyter. ``ratio`` is the board's
    backing-store pixels per picture pixel: a sprite is painted at that resolution, so it stays as
    sharp as the board it is copied onto.
    """

    def __init__(self, make_canvas: Callable[[int, int], Any], ratio: float = 1.0) -> None:
        self._make_canvas = make_canvas
        self.ratio = float(ratio)
        self._entries: dict[Hashable, tuple[Any, Callable[[Painter, float, float], None], tuple[float, float]]] = {}
        #: sprites a frame asked for before they existed: the frame drew them in place, :meth:`make_wanted`
        #: makes them after it (a new canvas must reach the page before a frame can copy from it)
        self.wanted: dict[Hashable, tuple[float, float, Callable[[Painter, float, float], None]]] = {}

    def __len__(self) -> int:
        return len(self._entries)

    def cached(self, key: Hashable) -> Any | None:
        """The off-screen canvas of sprite ``key`` if it has been made, else None."""
        entry = self._entries.get(key)
        return entry[0] if entry is not None else None

    def want(self, key: Hashable, w: float, h: float, draw: Callable[[Painter, float, float], None]) -> None:
        """Remember to make sprite ``key`` after the frame being drawn."""
        self.wanted.setdefault(key, (w, h, draw))

    def make_wanted(self) -> int:
        """Make (and paint) every wanted sprite; returns how many were made."""
        wanted, self.wanted = self.wanted, {}
        for key, (w, h, draw) in wanted.items():
            self.canvas_for(key, w, h, draw)
        return len(wanted)

    def canvas_for(self, key: Hashable, w: float, h: float, draw: Callable[[Painter, float, float], None]) -> Any:
        """The off-screen canvas holding sprite ``key`` (made and painted on first use)."""
        entry = self._entries.get(key)
        if entry is None:
            r = self.ratio
            canvas = self._make_canvas(max(1, math.ceil(w * r)), max(1, math.ceil(h * r)))
            entry = self._entries[key] = (canvas, draw, (w, h))
            self._paint(*entry)
        return entry[0]

    def _paint(self, canvas: Any, draw: Callable[[Painter, float, float], None], size: tuple[float, float]) -> None:
        if self.ratio != 1.0:
            canvas.set_transform(self.ratio, 0, 0, self.ratio, 0, 0)
        canvas.clear()
        draw(CanvasPainter(canvas, size=size, ratio=self.ratio), 0, 0)

    def canvases(self) -> list[Any]:
        """Every off-screen canvas made so far (their owner closes them with the board)."""
        return [entry[0] for entry in self._entries.values()]

    def repaint(self) -> None:
        """Paint every sprite again (for a page that has just connected)."""
        for entry in self._entries.values():
            self._paint(*entry)


class CanvasPainter(Painter):
    """Renders onto an ``ipycanvas.Canvas``; call it inside ``hold_canvas`` so a frame is one message.

    Canvas state (colors, widths, fonts) is only sent when it changes: fewer bytes per redraw. With a
    :class:`SpriteCache`, :meth:`Painter.sprite` pictures are copied from off-screen canvases.

    ``size`` is the picture's size (default: the canvas's) and ``ratio`` the canvas's backing-store
    pixels per picture pixel: the caller scales the canvas by ``ratio`` (``set_transform``), and the
    painter keeps sprite copies on whole backing-store pixels.
    """

    _ALIGN = {"left": "left", "center": "center", "right": "right"}

    def __init__(self, canvas: Any, sprites: SpriteCache | None = None, *,
                 size: tuple[float, float] | None = None, ratio: float = 1.0) -> None:
        width, height = size if size is not None else (canvas.width / ratio, canvas.height / ratio)
        super().__init__(int(width), int(height))
        self.canvas = canvas
        self.sprites = sprites
        self.ratio = float(ratio)
        self._state: dict[str, Any] = {}

    def sprite(self, key: Hashable, x: float, y: float, w: float, h: float,
               draw: Callable[[Painter, float, float], None], *, target: Hashable | None = None) -> None:
        if self.sprites is None:
            super().sprite(key, x, y, w, h, draw, target=target)
            return
        source = self.sprites.cached(key)
        if source is None:  # drawn in place this time; the sprite is made after the frame has gone
            sprites, self.sprites = self.sprites, None  # as when painted off screen: nested sprites in place
            try:
                sprites.want(key, w, h, draw)
                super().sprite(key, x, y, w, h, draw, target=target)
            finally:
                self.sprites = sprites
            return
        self._set("global_alpha", 1.0)
        # whole backing-store pixels: a copy at a fractional position would be resampled and look blurred
        r = self.sprites.ratio
        if r == 1.0 and self.ratio == 1.0:
            self.canvas.draw_image(source, round(x), round(y))
        else:
            self.canvas.draw_image(source, round(x * self.ratio) / self.ratio, round(y * self.ratio) / self.ratio,
                                   source.width / r, source.height / r)
        self._keep("rect", (x, y, w, h), target)

    def _set(self, name: str, value: Any) -> None:
        if self._state.get(name, object()) != value:
            setattr(self.canvas, name, value)
            self._state[name] = value

    def _apply(self, style: dict[str, Any]) -> None:
        self._set("global_alpha", style["alpha"])
        if style["fill"]:
            self._set("fill_style", style["fill"])
        if style["stroke"]:
            self._set("stroke_style", style["stroke"])
            self._set("line_width", style["line_width"])

    def _rect(self, x: float, y: float, w: float, h: float, style: dict[str, Any]) -> None:
        self._apply(style)
        if style["fill"]:
            self.canvas.fill_rect(x, y, w, h)
        if style["stroke"]:
            self.canvas.stroke_rect(x, y, w, h)

    def _path_round_rect(self, x: float, y: float, w: float, h: float, r: float) -> None:
        c = self.canvas
        c.begin_path()
        c.move_to(x + r, y)
        c.arc_to(x + w, y, x + w, y + h, r)
        c.arc_to(x + w, y + h, x, y + h, r)
        c.arc_to(x, y + h, x, y, r)
        c.arc_to(x, y, x + w, y, r)
        c.close_path()

    def _round_rect(self, x: float, y: float, w: float, h: float, r: float, style: dict[str, Any]) -> None:
        self._apply(style)
        self._path_round_rect(x, y, w, h, r)
        self._finish(style)

    def _finish(self, style: dict[str, Any]) -> None:
        if style["fill"]:
            self.canvas.fill()
        if style["stroke"]:
            self.canvas.stroke()

    def _polygon(self, points: list[Point], closed: bool, style: dict[str, Any]) -> None:
        if not points:
            return
        self._apply(style)
        c = self.canvas
        if not closed:
            self._set("line_cap", "round")
            self._set("line_join", "round")
        c.begin_path()
        c.move_to(*points[0])
        for px, py in points[1:]:
            c.line_to(px, py)
        if closed:
            c.close_path()
        self._finish(style)

    def _circle(self, cx: float, cy: float, r: float, style: dict[str, Any]) -> None:
        self._apply(style)
        c = self.canvas
        c.begin_path()
        c.arc(cx, cy, r, 0, 2 * math.pi)
        self._finish(style)

    def _begin_rotation(self, degrees: float, cx: float, cy: float) -> None:
        c = self.canvas
        c.save()
        c.translate(cx, cy)
        c.rotate(math.radians(degrees))
        c.translate(-cx, -cy)

    def _end_rotation(self) -> None:
        self.canvas.restore()
        self._state = {}  # restore() brought back older styles: send them again when next needed

    def _text(self, x: float, y: float, text: str, style: dict[str, Any]) -> None:
        self._apply(style)
        self._set("font", f'{"bold " if style["bold"] else ""}{_n(style["size"])}px {style["family"]}')
        self._set("text_align", self._ALIGN[style["align"]])
        self._set("text_baseline", style["baseline"])
        self.canvas.fill_text(text, x, y)


# ----------------------------------------------------------------------------------------------------
@dataclass
class RecordingPainter(Painter):
    """Keeps every call as ``(operation, args)``: for tests and for counting what a frame costs."""

    width: int = 0
    height: int = 0
    calls: list[tuple[str, tuple[object, ...]]] = field(default_factory=list)

    def __post_init__(self) -> None:
        Painter.__init__(self, self.width, self.height)

    def _rect(self, x: float, y: float, w: float, h: float, style: dict[str, Any]) -> None:
        self.calls.append(("rect", (x, y, w, h, tuple(sorted(style.items())))))

    def _round_rect(self, x: float, y: float, w: float, h: float, r: float, style: dict[str, Any]) -> None:
        self.calls.append(("round_rect", (x, y, w, h, r, tuple(sorted(style.items())))))

    def _polygon(self, points: list[Point], closed: bool, style: dict[str, Any]) -> None:
        self.calls.append(("polygon" if closed else "polyline", (tuple(points), tuple(sorted(style.items())))))

    def _circle(self, cx: float, cy: float, r: float, style: dict[str, Any]) -> None:
        self.calls.append(("circle", (cx, cy, r, tuple(sorted(style.items())))))

    def _text(self, x: float, y: float, text: str, style: dict[str, Any]) -> None:
        self.calls.append(("text", (x, y, text, tuple(sorted(style.items())))))

    def _begin_rotation(self, degrees: float, cx: float, cy: float) -> None:
        self.calls.append(("rotate", (degrees, cx, cy)))

    def _end_rotation(self) -> None:
        self.calls.append(("end_rotate", ()))
