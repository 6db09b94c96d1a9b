"""PNG pictures: the same drawing calls as the SVG, painted into pixels with Pillow.

Why a second static back-end: a notebook's stored SVG is not shown until the notebook is trusted
(JupyterLab sanitizes SVG in untrusted outputs), but a PNG always is, and GitHub shows PNGs too. So every
picture a lesson stores carries both: the SVG where the notebook is trusted (sharp at any zoom), the PNG
on a first open. nbval never compares PNGs, so the pixels may differ from machine to machine (fonts).

Shapes are drawn ``supersample`` times larger and then shrunk, which smooths their edges; the result is
``scale`` pixels per picture pixel (2: sharp on a high-density screen), with the picture's own size in
the display metadata so it shows at the SVG's size.

>>> p = PngPainter(20, 10)
>>> p.rect(0, 0, 10, 10, fill="#ff0000", target="left")
>>> p.hit(5, 5)
'left'
>>> p.png()[:8] == b"\\x89PNG\\r\\n\\x1a\\n"
True
"""

from __future__ import annotations

import contextlib
import functools
import io
import math
import os
import re
from importlib.util import find_spec
from pathlib import Path
from typing import Any, Iterable, Iterator

from PIL import Image, ImageColor, ImageDraw, ImageFont

from .painter import Painter, Point

__all__ = ["PngPainter"]

#: a color as Pillow paints it: red, green, blue, alpha (0–255)
Rgba = tuple[int, int, int, int]

_RGBA = re.compile(r"rgba?\(\s*([\d.]+)\s*,\s*([\d.]+)\s*,\s*([\d.]+)\s*(?:,\s*([\d.]+)\s*)?\)")

#: where the CJK faces are looked for (the first that exists is used; Debian, macOS, Windows)
_CJK_CANDIDATES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-{weight}.ttc",
    "/usr/share/fonts/noto-cjk/NotoSansCJK-{weight}.ttc",
    "/usr/share/fonts/google-noto-cjk/NotoSansCJK-{weight}.ttc",
    "/System/Library/Fonts/ヒラギノ角ゴシック W3.ttc",
    "C:/Windows/Fonts/YuGothM.ttc",
    "C:/Windows/Fonts/msgothic.ttc",
)


def _color(text: str | None, alpha: float) -> Rgba | None:
    """A CSS color as RGBA, its alpha multiplied by ``alpha`` (``None`` and ``"none"`` paint nothing)."""
    if not text or text == "none" or text == "transparent":
        return None
    match = _RGBA.fullmatch(text.strip())
    if match:
        r, g, b, a = match.groups()
        own = float(a) if a is not None else 1.0
        return int(float(r)), int(float(g)), int(float(b)), round(255 * own * alpha)
    rgba = ImageColor.getcolor(text, "RGBA")
    assert isinstance(rgba, tuple)
    return rgba[0], rgba[1], rgba[2], round(rgba[3] * alpha)


@functools.lru_cache(maxsize=None)
def _font_file(cjk: bool, bold: bool) -> str | None:
    if cjk:
        for pattern in _CJK_CANDIDATES:
            path = pattern.format(weight="Bold" if bold else "Regular")
            if os.path.exists(path):
                return path
    spec = find_spec("matplotlib")  # matplotlib ships DejaVu Sans, the SVG's first choice
    if spec is not None and spec.origin:
        name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
        ttf = Path(spec.origin).parent / "mpl-data" / "fonts" / "ttf" / name
        if ttf.exists():
            return str(ttf)
    return None


@functools.lru_cache(maxsize=256)
def _font(size: int, cjk: bool, bold: bool) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    path = _font_file(cjk, bold)
    if path is None:
        return ImageFont.load_default(size)
    return ImageFont.truetype(path, size)


def _is_cjk(text: str, family: str) -> bool:
    return "CJK" in family or any(ord(ch) >= 0x2E80 for ch in text)


#: the SVG's text anchors as Pillow's: horizontal l/m/r, vertical by baseline
_ANCHOR_H = {"left": "l", "center": "m", "right": "r"}
_ANCHOR_V = {"top": "t", "middle": "m", "bottom": "d", "alphabetic": "s"}


class PngPainter(Painter):
    """Paints into a Pillow image; :meth:`png` gives the PNG bytes.

    ``scale`` is output pixels per picture pixel, ``supersample`` how much finer shapes are drawn before
    shrinking (smooth edges).
    """

    def __init__(self, width: int, height: int, *, scale: float = 2.0, supersample: int = 2,
                 background: str | None = None) -> None:
        super().__init__(width, height)
        self.scale = float(scale)
        self.supersample = int(supersample)
        self.k = self.scale * self.supersample  # image pixels per picture pixel while drawing
        size = (max(1, math.ceil(width * self.k)), max(1, math.ceil(height * self.k)))
        self.image = Image.new("RGBA", size, (0, 0, 0, 0))
        self._draw = ImageDraw.Draw(self.image, "RGBA")
        if background:
            self.rect(0, 0, width, height, fill=background)

    # -- coordinates -----------------------------------------------------------------------------
    def _xy(self, x: float, y: float) -> Point:
        if self._turns:
            x, y = self._on_screen(x, y)
        return x * self.k, y * self.k

    def _width(self, style: dict[str, Any]) -> int:
        line_width: float = style["line_width"]
        return max(1, round(line_width * self.k))

    # -- shapes ----------------------------------------------------------------------------------
    @contextlib.contextmanager
    def _layer(self, colors: Iterable[Rgba | None],
               box: tuple[float, float, float, float]) -> Iterator[tuple[ImageDraw.ImageDraw, float, float]]:
        """``(draw, dx, dy)`` to paint one shape whose image-pixel extent is ``box``: straight onto the
        picture when its colors are opaque, else onto a layer laid over it (Pillow's drawing replaces
        pixels, it does not blend them)."""
        if all(c is None or c[3] == 255 for c in colors):
            yield self._draw, 0.0, 0.0
            return
        left, top = max(0, math.floor(box[0]) - 2), max(0, math.floor(box[1]) - 2)
        right = min(self.image.width, math.ceil(box[2]) + 3)
        bottom = min(self.image.height, math.ceil(box[3]) + 3)
        if right <= left or bottom <= top:
            yield ImageDraw.Draw(Image.new("RGBA", (1, 1))), 0.0, 0.0
            return
        layer = Image.new("RGBA", (right - left, bottom - top), (0, 0, 0, 0))
        yield ImageDraw.Draw(layer), -left, -top
        self.image.alpha_composite(layer, dest=(left, top))

    def _styled(self, style: dict[str, Any]) -> tuple[Rgba | None, Rgba | None]:
        fill, stroke = _color(style["fill"], style["alpha"]), _color(style["stroke"], style["alpha"])
        return (fill if fill and fill[3] else None), (stroke if stroke and stroke[3] else None)

    def _rect(self, x: float, y: float, w: float, h: float, style: dict[str, Any]) -> None:
        if self._turns:
            self._polygon([(x, y), (x + w, y), (x + w, y + h), (x, y + h)], True, style)
            return
        self._box_shape(x, y, w, h, 0.0, style)

    def _round_rect(self, x: float, y: float, w: float, h: float, r: float, style: dict[str, Any]) -> None:
        if self._turns:  # turned: the corners as short polygons
            points: list[Point] = []
            for cx, cy, start in ((x + w - r, y + r, -90), (x + w - r, y + h - r, 0), (x + r, y + h - r, 90),
                                  (x + r, y + r, 180)):
                points += [(cx + r * math.cos(math.radians(start + a)), cy + r * math.sin(math.radians(start + a)))
                           for a in range(0, 91, 15)]
            self._polygon(points, True, style)
            return
        self._box_shape(x, y, w, h, r, style)

    def _box_shape(self, x: float, y: float, w: float, h: float, r: float, style: dict[str, Any]) -> None:
        fill, stroke = self._styled(style)
        if not (fill or stroke):
            return
        k, half = self.k, (style["line_width"] * self.k / 2 if stroke else 0.0)
        box = (x * k, y * k, (x + w) * k - 1, (y + h) * k - 1)
        with self._layer((fill, stroke), (box[0] - half, box[1] - half, box[2] + half, box[3] + half)) as (d, dx, dy):
            inner = [box[0] + dx, box[1] + dy, box[2] + dx, box[3] + dy]
            outer = [inner[0] - half, inner[1] - half, inner[2] + half, inner[3] + half]
            if r:
                if fill:
                    d.rounded_rectangle(inner, radius=r * k, fill=fill)
                if stroke:
                    d.rounded_rectangle(outer, radius=r * k + half, outline=stroke, width=self._width(style))
            else:
                if fill:
                    d.rectangle(inner, fill=fill)
                if stroke:
                    d.rectangle(outer, outline=stroke, width=self._width(style))

    def _polygon(self, points: list[Point], closed: bool, style: dict[str, Any]) -> None:
        fill, stroke = self._styled(style)
        if not points or not (fill or stroke):
            return
        pts = [self._xy(px, py) for px, py in points]
        width = self._width(style)
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        with self._layer((fill, stroke), (min(xs) - width, min(ys) - width, max(xs) + width, max(ys) + width)) \
                as (d, dx, dy):
            moved = [(px + dx, py + dy) for px, py in pts]
            if closed and fill and len(moved) >= 3:
                d.polygon(moved, fill=fill)
            if stroke:
                path = moved + [moved[0]] if closed else moved
                if len(path) >= 2:
                    d.line(path, fill=stroke, width=width, joint="curve")
                if not closed and width > 2:  # round caps, as the SVG's
                    for px, py in (moved[0], moved[-1]):
                        d.ellipse([px - width / 2, py - width / 2, px + width / 2, py + width / 2], fill=stroke)

    def _circle(self, cx: float, cy: float, r: float, style: dict[str, Any]) -> None:
        fill, stroke = self._styled(style)
        if not (fill or stroke):
            return
        x, y = self._xy(cx, cy)
        radius = r * self.k
        outer = radius + (style["line_width"] * self.k / 2 if stroke else 0.0)
        with self._layer((fill, stroke), (x - outer, y - outer, x + outer, y + outer)) as (d, dx, dy):
            x, y = x + dx, y + dy
            if fill:
                d.ellipse([x - radius, y - radius, x + radius, y + radius], fill=fill)
            if stroke:
                d.ellipse([x - outer, y - outer, x + outer, y + outer], outline=stroke, width=self._width(style))

    def _text(self, x: float, y: float, text: str, style: dict[str, Any]) -> None:
        fill = _color(style["fill"], style["alpha"])
        if fill is None or not fill[3] or not text.strip():
            return
        font = _font(max(1, round(style["size"] * self.k)), _is_cjk(text, style["family"]), bool(style["bold"]))
        anchor = _ANCHOR_H[style["align"]] + _ANCHOR_V[style["baseline"]]
        # drawn upright on its own small image, turned if need be, and laid over the picture
        left, top, right, bottom = font.getbbox(text, anchor=anchor)
        pad = 2
        patch = Image.new("RGBA", (int(right - left) + 2 * pad, int(bottom - top) + 2 * pad), (0, 0, 0, 0))
        ImageDraw.Draw(patch).text((pad - left, pad - top), text, fill=fill, font=font, anchor=anchor)
        ax, ay = self._xy(x, y)
        degrees = sum(math.degrees(angle) for angle, _, _ in self._turns)
        if degrees % 360:
            cx, cy = patch.width / 2, patch.height / 2
            ox, oy = (pad - left) - cx, (pad - top) - cy  # the anchor, from the patch's centre
            patch = patch.rotate(-degrees, resample=Image.Resampling.BICUBIC, expand=True)
            rad = math.radians(degrees)
            nx, ny = ox * math.cos(rad) - oy * math.sin(rad), ox * math.sin(rad) + oy * math.cos(rad)
            dest = (round(ax - patch.width / 2 - nx), round(ay - patch.height / 2 - ny))
        else:
            dest = (round(ax - (pad - left)), round(ay - (pad - top)))
        source = (max(0, -dest[0]), max(0, -dest[1]))
        if source[0] >= patch.width or source[1] >= patch.height:
            return
        self.image.alpha_composite(patch, dest=(max(0, dest[0]), max(0, dest[1])), source=source)

    # -- the result -------------------------------------------------------------------------------
    def result(self) -> Image.Image:
        """The finished image at ``scale`` pixels per picture pixel."""
        if self.supersample == 1:
            return self.image
        size = (max(1, math.ceil(self.width * self.scale)), max(1, math.ceil(self.height * self.scale)))
        return self.image.resize(size, Image.Resampling.BOX)

    def png(self) -> bytes:
        """The picture as PNG bytes (a palette image when its colors allow: a few KB per board)."""
        image = self.result()
        out = io.BytesIO()
        try:
            small = image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
        except (ValueError, OSError):  # pragma: no cover - an image Pillow cannot quantize
            small = image
        small.save(out, format="PNG", optimize=True)
        return out.getvalue()
