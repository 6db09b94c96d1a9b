"""A game's look in one place: its size, how it draws, and (through targets) where a click lands."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, Generic, Hashable, TypeVar

from .painter import Painter, SvgPainter

__all__ = ["Picture", "HitPainter", "SvgImage"]

S = TypeVar("S")
P = TypeVar("P", bound=Painter)


class HitPainter(Painter):
    """Draws nothing and keeps only the tagged shapes: hit testing without rendering."""

    def _rect(self, *args): pass
    def _round_rect(self, *args): pass
    def _polygon(self, *args): pass
    def _circle(self, *args): pass
    def _text(self, *args): pass


class Picture(ABC, Generic[S]):
    """How one game's state looks.

    Subclasses give :meth:`size` and :meth:`draw`; shapes drawn with ``target=...`` become clickable.
    ``ui`` is the widget's own presentation state (a selection, a hint toggle): never game state, and
    ``None`` for a static picture.
    """

    #: colour painted under everything (``None``: transparent)
    background: str | None = None

    @abstractmethod
    def size(self, state: S, ui: Any = None) -> tuple[int, int]:
        """(width, height) in pixels."""

    @abstractmethod
    def draw(self, painter: Painter, state: S, ui: Any = None) -> None:
        """Draw ``state`` with ``painter``; tag clickable shapes with ``target=``."""

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

    def target_at(self, state: S, x: float, y: float, ui: Any = None) -> Hashable | None:
        """What a click at pixel (x, y) points at, or ``None`` for nothing."""
        width, height = self.size(state, ui)
        return self.paint(HitPainter(width, height), state, ui).hit(x, y)

    def image(self, state: S, ui: Any = None) -> "SvgImage":
        """An object that shows as this picture in a notebook."""
        return SvgImage(self.svg(state, ui), label=f"{type(self).__name__}")


class SvgImage:
    """An SVG string that a notebook displays as a picture (``_repr_svg_``) with a short text form."""

    def __init__(self, svg: str, label: str = "picture") -> None:
        self.data = svg
        self.label = label

    def _repr_svg_(self) -> str:
        return self.data

    def __repr__(self) -> str:
        return f"<{self.label}>"

    def save(self, path: str) -> None:
        """Write the SVG to ``path``."""
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(self.data)
