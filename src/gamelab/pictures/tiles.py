"""Mahjong tile faces drawn by gamelab's own code, for Shanghai and for riichi mahjong.

Every face is built from the painter's shapes and text (no images), in a 60 × 80 design box scaled
to the size asked for, so the same drawing serves a 37 × 51 Shanghai tile and a large lesson figure.

Kinds use the shared short form: a number then a suit letter, ``m`` characters (萬子), ``p`` dots
(筒子), ``s`` bamboo (索子), ``z`` honours 1–7 = 東南西北白發中; ``0`` is the red five (赤ドラ) of a
suit, e.g. ``"0p"`` (each game maps its own numbering to these, as Shanghai's picture does).

>>> from gamelab.pictures import SvgPainter
>>> p = SvgPainter(60, 80)
>>> draw_tile_face(p, "5m", 0, 0, 60, 80)
>>> "伍" in p.svg() and "萬" in p.svg()
True
>>> tile_name("5z"), tile_name("0p")
('白', '赤五筒')
"""

from __future__ import annotations

import math
from typing import Hashable

from .painter import CJK_FONT, Painter

__all__ = [
    "draw_tile_face", "draw_tile", "draw_tile_back", "tile_name", "parse_kind", "ALL_KINDS",
    "RED_FIVES", "TILE_COLOURS",
]

#: Ink colors of the faces.
TILE_COLOURS = {
    "red": "#c8102e",
    "green": "#0b7a3e",
    "blue": "#1c3f94",
    "black": "#1b1b1b",
    "ivory": "#fbf8ee",
    "edge": "#bdb39b",
}
RED, GREEN, BLUE, BLACK = (TILE_COLOURS[c] for c in ("red", "green", "blue", "black"))
SERIF = "Noto Serif CJK JP, Noto Serif CJK SC, Hiragino Mincho ProN, Yu Mincho, " + CJK_FONT

#: The 34 kinds in the usual order, then the three red fives.
ALL_KINDS: tuple[str, ...] = tuple(f"{n}{s}" for s in "mps" for n in range(1, 10)) + tuple(
    f"{n}z" for n in range(1, 8))
RED_FIVES: tuple[str, ...] = ("0m", "0p", "0s")

_NUMERALS = "一二三四伍六七八九"
_HONOURS = "東南西北白發中"
_SUIT_NAMES = {"m": "萬", "p": "筒", "s": "索"}


def parse_kind(kind: str) -> tuple[int, str]:
    """``"5p"`` → ``(5, "p")``; a bad kind raises ``ValueError`` quoting it."""
    if (not isinstance(kind, str) or len(kind) != 2 or not kind[0].isdigit() or kind[1] not in "mpsz"
            or (kind[1] == "z" and not 1 <= int(kind[0]) <= 7)):
        raise ValueError(f"{kind!r} is not a tile kind: write 1m–9m, 1p–9p, 1s–9s, 1z–7z, or 0m/0p/0s "
                         f"for a red five")
    return int(kind[0]), kind[1]


def tile_name(kind: str) -> str:
    """The Japanese name: ``"1m"`` → ``"一萬"``, ``"0s"`` → ``"赤五索"``, ``"6z"`` → ``"發"``."""
    n, suit = parse_kind(kind)
    if suit == "z":
        return _HONOURS[n - 1]
    if n == 0:
        return "赤五" + _SUIT_NAMES[suit]
    return "一二三四五六七八九"[n - 1] + _SUIT_NAMES[suit]


class _Box:
    """Maps the 60 × 80 design box onto the tile's rectangle (uniform scale, centred)."""

    def __init__(self, x: float, y: float, w: float, h: float) -> None:
        self.s = min(w / 60, h / 80)
        self.x0 = x + (w - 60 * self.s) / 2
        self.y0 = y + (h - 80 * self.s) / 2

    def p(self, x: float, y: float) -> tuple[float, float]:
        return self.x0 + x * self.s, self.y0 + y * self.s

    def d(self, length: float) -> float:
        return length * self.s


# -- the faces ----------------------------------------------------------------------------------------
def draw_tile_face(painter: Painter, kind: str, x: float, y: float, w: float, h: float, *,
                   background: bool = True) -> None:
    """Draw the face of ``kind`` in the rectangle (x, y, w, h).

    With ``background`` an ivory face with a thin rim is drawn first; the Shanghai board draws its
    own tile body and passes ``background=False``.
    """
    n, suit = parse_kind(kind)  # checked before anything is drawn

    def face(p: Painter, fx: float, fy: float) -> None:
        _paint_face(p, n, suit, fx, fy, w, h, background)

    # A face is a sprite: on a canvas each kind is painted once and then copied.
    painter.sprite(("tile-face", kind, round(w, 2), round(h, 2), background), x, y, w, h, face)


def _paint_face(painter: Painter, n: int, suit: str, x: float, y: float, w: float, h: float,
                background: bool) -> None:
    if background:
        r = min(w, h) * 0.1
        painter.round_rect(x, y, w, h, r, fill=TILE_COLOURS["ivory"], stroke=TILE_COLOURS["edge"],
                           line_width=max(0.6, min(w, h) / 40))
    box = _Box(x, y, w, h)
    if suit == "m":
        _characters(painter, box, n)
    elif suit == "p":
        _dots(painter, box, n)
    elif suit == "s":
        _bamboo(painter, box, n)
    else:
        _honour(painter, box, n)


def _characters(painter: Painter, b: _Box, n: int) -> None:
    numeral = _NUMERALS[(n or 5) - 1]
    ink = RED if n == 0 else BLACK
    cx, cy = b.p(30, 24)
    painter.text(cx, cy, numeral, size=b.d(30), fill=ink, bold=True, family=SERIF)
    cx, cy = b.p(30, 57)
    painter.text(cx, cy, "萬", size=b.d(34), fill=RED, bold=True, family=SERIF)


_DOTS: dict[int, list[tuple[float, float, float, str]]] = {
    2: [(30, 22, 11, GREEN), (30, 58, 11, BLUE)],
    3: [(15, 15, 9.5, BLUE), (30, 40, 9.5, RED), (45, 65, 9.5, GREEN)],
    4: [(17, 22, 10, BLUE), (43, 22, 10, GREEN), (17, 58, 10, GREEN), (43, 58, 10, BLUE)],
    5: [(15, 15, 9, BLUE), (45, 15, 9, GREEN), (30, 40, 9, RED), (15, 65, 9, GREEN), (45, 65, 9, BLUE)],
    6: [(18, 13, 8.5, GREEN), (42, 13, 8.5, GREEN), (18, 45, 8.5, RED), (42, 45, 8.5, RED),
        (18, 66, 8.5, RED), (42, 66, 8.5, RED)],
    7: [(13, 11, 7.5, GREEN), (30, 18, 7.5, GREEN), (47, 25, 7.5, GREEN), (18, 48, 8, RED), (42, 48, 8, RED),
        (18, 67, 8, RED), (42, 67, 8, RED)],
    8: [(18, 11, 8, BLUE), (42, 11, 8, BLUE), (18, 30, 8, BLUE), (42, 30, 8, BLUE), (18, 50, 8, BLUE),
        (42, 50, 8, BLUE), (18, 69, 8, BLUE), (42, 69, 8, BLUE)],
    9: [(13, 15, 8, BLUE), (30, 15, 8, BLUE), (47, 15, 8, BLUE), (13, 40, 8, RED), (30, 40, 8, RED),
        (47, 40, 8, RED), (13, 65, 8, GREEN), (30, 65, 8, GREEN), (47, 65, 8, GREEN)],
}


def _dots(painter: Painter, b: _Box, n: int) -> None:
    if n == 1:
        _one_dot(painter, b)
        return
    coins = [(x, y, r, RED if n == 0 else color) for x, y, r, color in _DOTS[n or 5]]
    # Paint ring by ring across all coins, grouped by ink, rather than coin by coin: the same picture
    # with far fewer color changes, which is what a canvas frame pays for.
    by_ink = sorted(coins, key=lambda coin: coin[3])
    for scale, white in ((1.0, False), (0.68, True), (0.5, False), (0.17, True)):
        for x, y, r, color in (coins if white else by_ink):
            cx, cy = b.p(x, y)
            painter.circle(cx, cy, b.d(r) * scale, fill="white" if white else color)


def _one_dot(painter: Painter, b: _Box) -> None:
    """The 1-dot: one big ornate medallion, green rim, a ring of pearls, a red flower in the centre."""
    cx, cy = b.p(30, 40)
    painter.circle(cx, cy, b.d(25), fill=GREEN)
    painter.circle(cx, cy, b.d(21.5), fill="white")
    for k in range(16):  # a ring of pearls
        a = 2 * math.pi * k / 16
        painter.circle(cx + b.d(18.5) * math.cos(a), cy + b.d(18.5) * math.sin(a), b.d(2.3),
                       fill=BLUE if k % 2 else GREEN)
    painter.circle(cx, cy, b.d(15), fill=RED)
    petals = []
    for k in range(16):  # an eight-petalled flower: alternate long and short radii
        a = 2 * math.pi * k / 16 - math.pi / 2
        radius = b.d(13.5) if k % 2 == 0 else b.d(7.5)
        petals.append((cx + radius * math.cos(a), cy + radius * math.sin(a)))
    painter.polygon(petals, fill="white")
    painter.circle(cx, cy, b.d(5.5), fill=RED)
    painter.circle(cx, cy, b.d(2.2), fill="white")


Segment = tuple[tuple[float, float], tuple[float, float]]


def _stick(b: _Box, x: float, y: float, length: float, angle: float = 0.0,
           width: float = 8.0) -> tuple[list[tuple[float, float]], list[Segment], list[Segment]]:
    """One bamboo stick centred on (x, y), ``angle`` degrees from upright: the outline of a stalk
    pinched at its joints, the three joints (節) and a light stripe down each segment."""
    a = math.radians(angle)
    ux, uy = math.sin(a), -math.cos(a)      # along the stick (upwards)
    vx, vy = math.cos(a), math.sin(a)       # across it
    half, hw = length / 2, width / 2

    def at(t: float, s: float) -> tuple[float, float]:
        return b.p(x + ux * t + vx * s, y + uy * t + vy * s)

    outline = [at(t, hw * s) for t, s in ((-half, 0.8), (-half / 2, 1.0), (0, 0.78), (half / 2, 1.0), (half, 0.8))]
    outline += [at(t, -hw * s) for t, s in ((half, 0.8), (half / 2, 1.0), (0, 0.78), (-half / 2, 1.0), (-half, 0.8))]
    joints = [(at(t, -hw * 1.1), at(t, hw * 1.1)) for t in (-half, 0, half)]
    stripes = [(at(t0, -hw * 0.45), at(t1, -hw * 0.45)) for t0, t1 in ((-half + 3, -3), (3, half - 3))]
    return outline, joints, stripes


def _lighter(color: str) -> str:
    """The same ink mixed half with white (a highlight that needs no transparency)."""
    r, g, bl = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(v + (255 - v) * 0.55) for v in (r, g, bl)))


def _darker(color: str) -> str:
    """The same ink, darker (for the joints of a bamboo stick)."""
    r, g, bl = (int(color[i:i + 2], 16) for i in (1, 3, 5))
    return "#{:02x}{:02x}{:02x}".format(*(int(v * 0.62) for v in (r, g, bl)))


_BAMBOO: dict[int, list[tuple[float, float, float, str, float]]] = {
    2: [(30, 22, 26, GREEN, 0), (30, 58, 26, GREEN, 0)],
    3: [(30, 22, 26, GREEN, 0), (18, 58, 26, GREEN, 0), (42, 58, 26, GREEN, 0)],
    4: [(18, 22, 26, GREEN, 0), (42, 22, 26, GREEN, 0), (18, 58, 26, GREEN, 0), (42, 58, 26, GREEN, 0)],
    5: [(13, 22, 26, GREEN, 0), (47, 22, 26, GREEN, 0), (30, 40, 26, RED, 0), (13, 58, 26, GREEN, 0),
        (47, 58, 26, GREEN, 0)],
    6: [(13, 22, 26, GREEN, 0), (30, 22, 26, GREEN, 0), (47, 22, 26, GREEN, 0), (13, 58, 26, GREEN, 0),
        (30, 58, 26, GREEN, 0), (47, 58, 26, GREEN, 0)],
    7: [(30, 13, 19, RED, 0), (13, 38, 19, GREEN, 0), (30, 38, 19, GREEN, 0), (47, 38, 19, GREEN, 0),
        (13, 64, 19, GREEN, 0), (30, 64, 19, GREEN, 0), (47, 64, 19, GREEN, 0)],
    8: [(9, 22, 26, GREEN, 0), (23.5, 22, 26, GREEN, 20), (36.5, 22, 26, GREEN, -20), (51, 22, 26, GREEN, 0),
        (9, 58, 26, GREEN, 0), (23.5, 58, 26, GREEN, -20), (36.5, 58, 26, GREEN, 20), (51, 58, 26, GREEN, 0)],
    9: [(13, 14, 19, GREEN, 0), (30, 14, 19, RED, 0), (47, 14, 19, GREEN, 0),
        (13, 40, 19, GREEN, 0), (30, 40, 19, RED, 0), (47, 40, 19, GREEN, 0),
        (13, 66, 19, GREEN, 0), (30, 66, 19, RED, 0), (47, 66, 19, GREEN, 0)],
}


def _bamboo(painter: Painter, b: _Box, n: int) -> None:
    if n == 1:
        _bird(painter, b)
        return
    sticks = sorted(((RED if n == 0 else color, _stick(b, x, y, length, angle))
                     for x, y, length, color, angle in _BAMBOO[n or 5]), key=lambda item: item[0])
    # Stalks, then joints, then stripes, each grouped by ink: the same picture as stick by stick (sticks
    # do not overlap) with a handful of color changes instead of five per stick.
    for color, (outline, _, _) in sticks:
        painter.polygon(outline, fill=color)
    for color, (_, joints, _) in sticks:
        for (x1, y1), (x2, y2) in joints:
            painter.line(x1, y1, x2, y2, stroke=_darker(color), line_width=b.d(2.4))
    for color, (_, _, stripes) in sticks:
        for (x1, y1), (x2, y2) in stripes:
            painter.line(x1, y1, x2, y2, stroke=_lighter(color), line_width=b.d(1.0))


def _ellipse(b: _Box, cx: float, cy: float, rx: float, ry: float, tilt: float = 0.0,
             start: float = 0.0, end: float = 360.0, steps: int = 28) -> list[tuple[float, float]]:
    t = math.radians(tilt)
    points = []
    for k in range(steps + 1):
        a = math.radians(start + (end - start) * k / steps)
        ex, ey = rx * math.cos(a), ry * math.sin(a)
        points.append(b.p(cx + ex * math.cos(t) - ey * math.sin(t), cy + ex * math.sin(t) + ey * math.cos(t)))
    return points


def _bird(painter: Painter, b: _Box) -> None:
    """The 1-bamboo (一索): a peacock perched on a stalk, tail fanned, as on most Japanese sets."""
    # the tail: a fan of feathers, each ending in an eye
    for k, angle in enumerate((-40, -20, 0, 20, 40)):
        a = math.radians(angle)
        x0, y0 = 30 + 4 * math.sin(a), 52
        x1, y1 = 30 + 24 * math.sin(a), 52 + 22 * math.cos(a)
        painter.line(*b.p(x0, y0), *b.p(x1, y1), stroke=GREEN, line_width=b.d(3.2))
        ex, ey = b.p(x1, y1)
        painter.circle(ex, ey, b.d(4.2), fill=BLUE)
        painter.circle(ex, ey, b.d(2.2), fill=GREEN if k % 2 else RED)
    # body and wing
    painter.polygon(_ellipse(b, 30, 42, 11, 15, tilt=8), fill=GREEN)
    painter.polygon(_ellipse(b, 33, 44, 7, 11, tilt=20, start=-90, end=150), fill="#0a5c2e")
    painter.polygon(_ellipse(b, 28, 40, 5, 8, tilt=8), fill="#3aa35f")
    # neck and head
    painter.polygon([b.p(24, 32), b.p(29, 18), b.p(34, 18), b.p(33, 32)], fill=BLUE)
    hx, hy = b.p(31, 16)
    painter.circle(hx, hy, b.d(6), fill=BLUE)
    painter.polygon([b.p(25.5, 14.5), b.p(19, 17.5), b.p(25.5, 18.5)], fill="#e08a00")  # beak
    painter.circle(*b.p(29.5, 14.5), b.d(1.9), fill="white")
    painter.circle(*b.p(29.2, 14.6), b.d(0.9), fill=BLACK)
    for dx in (-3, 0, 3):  # the crest
        painter.line(*b.p(32, 10.5), *b.p(32 + dx * 1.3, 4.5), stroke=RED, line_width=b.d(1.3))
        painter.circle(*b.p(32 + dx * 1.3, 4.5), b.d(1.5), fill=RED)
    # legs on a short stalk
    painter.line(*b.p(27, 56), *b.p(26, 61), stroke="#e08a00", line_width=b.d(1.6))
    painter.line(*b.p(33, 56), *b.p(34, 61), stroke="#e08a00", line_width=b.d(1.6))


def _honour(painter: Painter, b: _Box, n: int) -> None:
    if n == 5:  # 白: an empty frame in blue
        x, y = b.p(11, 13)
        painter.round_rect(x, y, b.d(38), b.d(54), b.d(4), stroke=BLUE, line_width=b.d(3.6))
        painter.round_rect(x + b.d(4.5), y + b.d(4.5), b.d(29), b.d(45), b.d(2), stroke=BLUE,
                           line_width=b.d(1.2))
        return
    color = {6: GREEN, 7: RED}.get(n, BLACK)
    cx, cy = b.p(30, 41)
    painter.text(cx, cy, _HONOURS[n - 1], size=b.d(44), fill=color, bold=True, family=SERIF)


# -- whole tiles --------------------------------------------------------------------------------------
def draw_tile(painter: Painter, kind: str, x: float, y: float, w: float, h: float, *,
              thickness: float | None = None, target: Hashable | None = None) -> None:
    """A standing tile seen from the front: the face, with a green back showing below it."""
    t = h * 0.12 if thickness is None else thickness
    r = min(w, h) * 0.1
    painter.round_rect(x, y + t, w, h, r, fill="#1f7a4d", stroke="#155a38", line_width=max(0.6, w / 40))
    painter.round_rect(x, y + t * 0.55, w, h, r, fill="#efe9d8", stroke=TILE_COLOURS["edge"], line_width=0.6)
    draw_tile_face(painter, kind, x, y, w, h)
    if target is not None:
        painter.rect(x, y, w, h + t, alpha=0.0, fill="white", target=target)


def draw_tile_back(painter: Painter, x: float, y: float, w: float, h: float) -> None:
    """The back of a tile (a hidden tile): green with a lighter inset."""
    r = min(w, h) * 0.1
    painter.round_rect(x, y, w, h, r, fill="#1f7a4d", stroke="#155a38", line_width=max(0.6, w / 40))
    painter.round_rect(x + w * 0.12, y + h * 0.09, w * 0.76, h * 0.82, r * 0.7, stroke="#3c9a6a",
                       line_width=max(0.6, w / 50))
