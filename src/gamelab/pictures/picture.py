"""A game's look in one place: its size, how it draws, and (through targets) where a click lands."""

from __future__ import annotations

import base64
from abc import ABC, abstractmethod
from typing import Any, Callable, Generic, Hashable, Mapping, TypeVar

from .painter import Painter, Point, SvgPainter

__all__ = ["Picture", "HitPainter", "SvgImage", "img_tag"]

S = TypeVar("S")
P = TypeVar("P", bound=Painter)


class HitPainter(Painter):
    """Draws nothing and keeps only the tagged shapes: hit testing without rendering."""

    def _rect(self, x: float, y: float, w: float, h: float, style: dict[str, Any]) -> None: pass
    def _round_rect(self, x: float, y: float, w: float, h: float, r: float, style: dict[str, Any]) -> None: pass
    def _polygon(self, points: list[Point], closed: bool, style: dict[str, Any]) -> None: pass
    def _circle(self, cx: float, cy: float, r: float, style: dict[str, Any]) -> None: pass
    def _text(self, x: float, y: float, text: str, style: dict[str, Any]) -> None: pass


class Picture(ABC, Generic[S]):
    """How one game's state looks.

    Subclasses give :meth:`size` and :meth:`draw`; shapes drawn with ``target=...`` become clickable.
    ``ui`` is the widget's own presentation state (a selection, a hint toggle): never game state, and
    ``None`` for a static picture.
    """

    #: color painted under everything (``None``: transparent)
    background: str | None = None

    @abstractmethod
    def size(self, state: S, ui: Any = None) -> tuple[int, int]:
        """(width, height) in pixels."""

    @abstractmethod
    def draw(self, painter: Painter, state: S, ui: Any = None) -> None:
        """Draw ``state`` with ``painter``; tag clickable shapes with ``target=``."""

    def looks(self, state: S, ui: Any = None) -> Mapping[Hashable, Hashable] | None:
        """How each part of the picture looks (a cell: its face), so that a board redraws only the parts
        that changed since the frame on screen (:meth:`draw_parts`). None (the default): drawn whole."""
        return None

    def draw_parts(self, painter: Painter, state: S, ui: Any, parts: list[Hashable]) -> None:
        """Over a frame of this picture, draw ``parts`` (keys of :meth:`looks`) as :meth:`draw` would."""
        raise NotImplementedError(f"{type(self).__name__} gives looks() but not draw_parts()")

    def paint(self, painter: P, state: S, ui: Any = None) -> P:
        """Background, then :meth:`draw`; returns the painter (whose ``hit`` now answers for this frame)."""
        if self.background:
            painter.rect(0, 0, painter.width, painter.height, fill=self.background)
        self.draw(painter, state, ui)
        return painter

    def svg(self, state: S, ui: Any = None, *, title: str | None = None) -> str:
        """The picture as a deterministic SVG document."""
        width, height = self.size(state, ui)
        return self.paint(SvgPainter(width, height, title=title), state, ui).svg()

    def png(self, state: S, ui: Any = None, *, scale: float = 2.0) -> bytes:
        """The picture as PNG bytes, ``scale`` pixels per picture pixel (what an untrusted notebook shows)."""
        from .raster import PngPainter  # Pillow only when a PNG is asked for

        width, height = self.size(state, ui)
        return self.paint(PngPainter(width, height, scale=scale), state, ui).png()

    def png_bundle(self, state: S, ui: Any = None) -> tuple[bytes, dict[str, int]]:
        """What ``_repr_png_`` returns: the PNG, and the picture's own size to show it at."""
        width, height = self.size(state, ui)
        return self.png(state, ui), {"width": int(width), "height": int(height)}

    def target_at(self, state: S, x: float, y: float, ui: Any = None) -> Hashable | None:
        """What a click at pixel (x, y) points at, or ``None`` for nothing."""
        width, height = self.size(state, ui)
        return self.paint(HitPainter(width, height), state, ui).hit(x, y)

    def image(self, state: S, ui: Any = None) -> "SvgImage":
        """An object that shows as this picture in a notebook."""
        return SvgImage(self.svg(state, ui), label=f"{type(self).__name__}",
                        png=lambda: self.png_bundle(state, ui))


class SvgImage:
    """An SVG string that a notebook displays as a picture (``_repr_svg_``) with a short text form.

    ``png`` makes the same picture as PNG (``(bytes, {"width": w, "height": h})``): a notebook stores both,
    and shows the PNG where it may not show the SVG (an untrusted notebook, GitHub).
    """

    def __init__(self, svg: str, label: str = "picture",
                 png: Callable[[], tuple[bytes, dict[str, int]]] | None = None) -> None:
        self.data = svg
        self.label = label
        self._png = png

    def _repr_svg_(self) -> str:
        return self.data

    def _repr_png_(self) -> tuple[bytes, dict[str, int]] | None:
        return self._png() if self._png is not None else None


    def __repr__(self) -> str:
        return f"<{self.label}>"

    def save(self, path: str) -> None:
        """Write the SVG to ``path``."""
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(self.data)


def img_tag(picture: Any, alt: str = "") -> str:
    """``picture`` (anything with ``_repr_png_`` or ``_repr_svg_``) as an ``<img>`` holding its own data.

    HTML in a notebook that is not trusted yet is sanitized: an inline ``<svg>`` is stripped, an ``<img>``
    with a ``data:`` address stays. So pictures inside HTML (a check's report) are images: the PNG, at
    the picture's own size, where there is one, else the SVG.
    """
    from html import escape

    made = picture._repr_png_() if hasattr(picture, "_repr_png_") else None
    if made is not None:
        data, size = made if isinstance(made, tuple) else (made, {})
        src = "data:image/png;base64," + base64.b64encode(data).decode("ascii")
        dims = "".join(f' {key}="{int(size[key])}"' for key in ("width", "height") if key in size)
    else:
        svg = picture._repr_svg_()
        src = "data:image/svg+xml;base64," + base64.b64encode(svg.encode("utf-8")).decode("ascii")
        dims = ""
    return f'<img src="{src}"{dims} alt="{escape(alt)}" style="max-width:100%;height:auto">'
