"""Lesson 05's exercises: the steps of 「麻雀ルールのカスタマイズ(2) ～ 流局処理と連荘判断」, and their pictures.

Each step of the post is a public function of :mod:`gamelab.riichi.table.endings` (or
:func:`gamelab.riichi.rules.rule_defaults`); the learner writes it again, ``check`` compares the two on
many cases, and a failing case comes back drawn: the four seats in rows, East (the dealer) first, with
their hands or rivers as tiles and the seats or tiles that differ marked in red.

>>> from gamelab.riichi.table.endings import noten_payments
>>> check(exercise("riichi.noten_payments")(noten_payments)).status
'passed'
>>> @exercise("riichi.noten_payments")
... def everyone_pays(tenpai):
...     return [3000 if t else -1000 for t in tenpai]
>>> print(repr(check(everyone_pays)))
✘ riichi.noten_payments: 12 of 16 cases differ from the shipped version.
tenpai: East (東) no, South (南) no, West (西) yes, North (北) yes
  the dealer (East, 東): the shipped step gives -1500, yours -1000
  South (南): the shipped step gives -1500, yours -1000
  West (西): the shipped step gives +1500, yours +3000
  North (北): the shipped step gives +1500, yours +3000
In the picture: the shipped payments; the seats where yours differs are red.

The pictures are SVG with every tile drawn once and reused (``<use>``), so a lesson stays light.
"""

from __future__ import annotations

import ast
import hashlib
import inspect
import itertools
import math
import random
import re
import textwrap
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from ..pictures import CJK_FONT, FONT, Painter, Picture, SvgImage, SvgPainter
from ..pictures.tiles import draw_tile_back, draw_tile_face
from ..riichi import Hand, River, Rules, shanten, waits
from ..riichi.picture import meld_layout
from ..riichi.rules import rule_defaults
from ..riichi.shanten import is_tenpai
from ..riichi.table import RuleSteps, Table, endings, staged_table, text_to_reply
from ..riichi.table.picture import tile_words
from .exercises import Exercise, Explanation, PiecesNote, announce, check, choose, exercise, register  # noqa: F401

__all__ = ["SeatRow", "Rows", "RowsPicture", "image", "rows_image", "notation_picture", "tile_chart", "rule_card",
           "tile_word", "seat_word", "hand_rows", "table_rows", "Pieces", "your_pieces", "act", "next_hand", "river",
           "draw_at", "HANDS", "SEAT_WORDS", "EXERCISES"]

# -- words ---------------------------------------------------------------------------------------------------
WINDS = "東南西北"
SEAT_WORDS = ("the dealer (East, 東)", "South (南)", "West (西)", "North (北)")
_SHORT = ("East (東)", "South (南)", "West (西)", "North (北)")
_HONOURS = "東南西北白發中"


def seat_word(seat: int) -> str:
    """A seat in the game's words: ``0`` → ``'the dealer (East, 東)'``, ``2`` → ``'West (西)'``."""
    return SEAT_WORDS[seat]


def tile_word(tile: str) -> str:
    """A tile as the primer and the board name it: ``'m5'`` → ``'5m'``, ``'p0'`` → ``'red 5p'``,
    ``'z1_'`` → ``'東'``.

    >>> tile_word('m5'), tile_word('p0'), tile_word('z1_*'), tile_word('z7')
    ('5m', 'red 5p', '東', '中')
    """
    return tile_words(tile)


def _tiles_words(tiles: Sequence[str]) -> str:
    return " ".join(tile_word(t) for t in tiles) if tiles else "none"


def _yes(value: Any) -> str:
    return "yes" if value else "no"


def _answer(value: Any) -> str:
    """A learner's answer as text, short."""
    text = repr(value)
    return text if len(text) <= 60 else text[:59] + "…"


def _points(x: Any) -> str:
    if isinstance(x, bool) or not isinstance(x, (int, float)):
        return _answer(x)
    return f"{x:+g}" if x else "0"


def _rule(**changes: Any) -> dict[str, Any]:
    """A whole rule object (majiang-core's, Japanese keys), the defaults with ``changes`` (English names)."""
    return Rules(**changes).to_majiang()


# -- an SVG painter that draws each tile once --------------------------------------------------------------
class _ReusePainter(SvgPainter):
    """An :class:`SvgPainter` that paints each sprite (a tile, a tile face) once, in ``<defs>``, and places
    it with ``<use>``: a picture of 50 tiles weighs a third as much. Ids carry a hash of the picture, so two
    pictures inlined in one page never borrow each other's tiles."""

    def __init__(self, width: int, height: int, *, background: str | None = None,
                 defs: dict[Any, tuple[str, str]] | None = None) -> None:
        self._defs: dict[Any, tuple[str, str]] = defs if defs is not None else {}
        super().__init__(width, height, background=background)

    def sprite(self, key: Any, x: float, y: float, w: float, h: float,
               draw: Callable[[Painter, float, float], None], *, target: Any = None) -> None:
        entry = self._defs.get(key)
        if entry is None:
            sub = _ReusePainter(max(1, math.ceil(w)), max(1, math.ceil(h)), defs=self._defs)
            draw(sub, 0.0, 0.0)
            entry = (f"\x00{len(self._defs)}\x00", "".join(sub._parts))
            self._defs[key] = entry
        self._parts.append(f'<use href="#{entry[0]}" x="{_n(x)}" y="{_n(y)}"/>')
        self._keep("rect", (x, y, w, h), target)

    def svg(self) -> str:
        defs = "".join(f'<g id="{ident}">{content}</g>' for ident, content in self._defs.values())
        body = "".join(self._parts)
        digest = hashlib.sha1((defs + body).encode("utf-8")).hexdigest()[:8]
        text = (f'<svg xmlns="http://www.w3.org/2000/svg" width="{self.width}" height="{self.height}" '
                f'viewBox="0 0 {self.width} {self.height}"><defs>{defs}</defs>{body}</svg>')
        text = _HUNDREDTHS.sub(r"\1", text)  # a tenth of a pixel is plenty for a tile's strokes
        # each font list once, in a style sheet (class names carry the hash too: a page shares its styles)
        fonts: dict[str, str] = {}

        def font_class(match: re.Match[str]) -> str:
            name = fonts.setdefault(match.group(1), f"t{digest}f{len(fonts)}")
            return f'class="{name}"'

        text = re.sub(r'font-family="([^"]*)"', font_class, text)
        style = "".join(f".{name}{{font-family:{family}}}" for family, name in fonts.items())
        text = text.replace("<defs>", f"<defs><style>{style}</style>", 1)
        return re.sub("\x00(\\d+)\x00", lambda m: f"t{digest}-{m.group(1)}", text)


_HUNDREDTHS = re.compile(r"(\d\.\d)\d(?=[ ,\"])")


def _n(value: float) -> str:
    text = f"{round(float(value), 2):.2f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def draw_tile(p: Painter, x: float, y: float, w: float, h: float, tile: str | None, *, sideways: bool = False,
              dim: float = 0.0, highlight: str | None = None, thick: float = 3.0) -> None:
    """A tile lying face up in (x, y, w, h) (``sideways``: h wide and w tall, the face turned a quarter left),
    as the table draws it; its body and its face are separate sprites, so a picture holds one body and one
    face per kind."""
    bw, bh = (h, w) if sideways else (w, h)
    r = min(bw, bh) * 0.12
    p.sprite(("lesson-tile-body", bw, bh, thick, tile is None), x - 1, y - 1, bw + 3, bh + thick + 3,
             lambda q, sx, sy: _paint_body(q, sx + 1, sy + 1, bw, bh, thick, tile is None))
    if tile is not None:
        kind = tile[1] + tile[0]
        if sideways:
            cx, cy = x + bw / 2, y + bh / 2
            with p.rotated(-90, cx, cy):
                draw_tile_face(p, kind, cx - w / 2, cy - h / 2, w, h, background=False)
        else:
            draw_tile_face(p, kind, x, y, w, h, background=False)
    if dim:
        p.round_rect(x, y, bw, bh, r, fill="#1b1b1b", alpha=dim)
    if highlight:
        p.round_rect(x - 1.5, y - 1.5, bw + 3, bh + 3, r + 1, stroke=highlight, line_width=2.5)


def _paint_body(p: Painter, x: float, y: float, w: float, h: float, thick: float, back: bool) -> None:
    r = min(w, h) * 0.12
    p.round_rect(x + 1, y + thick + 1, w, h, r, fill="black", alpha=0.22)
    p.round_rect(x, y + thick, w, h, r, fill="#1f7a4d", stroke="#155a38", line_width=0.7)
    if back:
        draw_tile_back(p, x, y, w, h)
        return
    p.round_rect(x, y + thick * 0.5, w, h, r, fill="#e2d8bf", stroke="#a39a86", line_width=0.6)
    p.round_rect(x, y, w, h, r, fill="#fbf8ef", stroke="#a39a86", line_width=0.7)


def image(picture: Picture[Any], state: Any, ui: Any = None, label: str = "picture") -> SvgImage:
    """``picture`` of ``state`` as a light SVG image (each tile drawn once), with its PNG for an untrusted
    notebook."""
    width, height = picture.size(state, ui)
    painter = _ReusePainter(width, height, background=picture.background)
    picture.draw(painter, state, ui)
    return SvgImage(painter.svg(), label, png=lambda: (picture.png(state, ui, scale=PNG_SCALE),
                                                        {"width": int(width), "height": int(height)}))


#: PNG pixels per picture pixel of the lesson's pictures: the PNG is what an untrusted notebook shows (and a
#: report's picture); the SVG beside it stays sharp at any zoom. One keeps a lesson of twenty pictures light.
PNG_SCALE = 1.0


class PngImage:
    """A picture stored as a PNG only (``_repr_png_``), for one too rich for a light SVG (every tile face)."""

    def __init__(self, png: bytes, width: int, height: int, label: str) -> None:
        self.png, self.width, self.height, self.label = png, width, height, label

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        return self.png, {"width": self.width, "height": self.height}

    def __repr__(self) -> str:
        return f"<{self.label}>"


# -- the seats in rows ------------------------------------------------------------------------------------------
TW, TH, THICK = 24, 32, 3.0  # a tile in a row
ROW_H = TH + THICK + 16
LABEL_W = 104
RED, GREEN, INK, GREY, PAPER = "#d0021b", "#1b7f3b", "#1f2328", "#5f6670", "#fbfaf6"


@dataclass
class SeatRow:
    """One seat's row: its tiles (a :class:`Hand`, or discards as the table writes them), a note, a value,
    the learner's differing value (``yours``, red), and marks: ``marked`` rings the whole row in red,
    ``rings`` the tiles at those places (in the order they are drawn)."""

    seat: int
    tiles: Hand | Sequence[str] | None = None
    note: str = ""
    value: str = ""
    yours: str = ""
    marked: bool = False
    rings: Collection[int] = ()
    riichi: bool = False
    label: str | None = None  # instead of the seat's wind
    kans: int = 0  # closed kans drawn as four tile backs


@dataclass
class Rows:
    """Rows of seats under a title, with a legend under them."""

    rows: list[SeatRow]
    title: str = ""
    legend: str = ""


def _text_width(text: str, size: float) -> float:
    return sum(size * (1.0 if ord(c) > 0x2E80 else 0.6) for c in text)


def _layout(tiles: Hand | Sequence[str] | None) -> list[tuple[str | None, float, float, bool, float]]:
    """Each tile of a row: (tile or None for a back, x, y offset, sideways, dim), left to right."""
    out: list[tuple[str | None, float, float, bool, float]] = []
    x = 0.0
    if tiles is None:
        return out
    if isinstance(tiles, Hand):
        concealed = tiles.concealed_tiles()
        drawn = tiles.drawn if tiles.drawn is not None and len(tiles.drawn) == 2 else None
        if drawn is not None and drawn in concealed:
            concealed.remove(drawn)
        for t in concealed:
            out.append((t, x, 0.0, False, 0.0))
            x += TW
        if drawn is not None:
            x += 7
            out.append((drawn, x, 0.0, False, 0.0))
            x += TW
        for meld in tiles.melds:
            x += 9
            for face, how in meld_layout(meld):
                if how == "up":
                    out.append((face, x, 0.0, False, 0.0))
                    x += TW
                elif how == "side":
                    out.append((face, x, TH - TW, True, 0.0))
                    x += TH
                else:  # an added kan's fourth tile, on the sideways one
                    out.append((face, x - TH, TH - 2 * TW - 1, True, 0.0))
        return out
    for entry in tiles:
        sideways = "*" in entry
        dim = 0.5 if entry[-1] in "+=-" else 0.12 if "_" in entry else 0.0
        out.append((entry[:2], x, TH - TW if sideways else 0.0, sideways, dim))
        x += TH if sideways else TW
    return out


def _tiles_width(row: SeatRow) -> float:
    layout = _layout(row.tiles)
    width = max((x + (TH if side else TW) for _, x, _, side, _ in layout), default=0.0)
    if row.kans:
        width = max(width, row.kans * (4 * 14 + 8))
    return width


class RowsPicture(Picture[Rows]):
    """The seats in rows: a wind (and who), tiles, a note, a value; what differs marked in red."""

    background = PAPER

    def _columns(self, state: Rows) -> tuple[float, float, float, float]:
        tiles = max((_tiles_width(r) for r in state.rows), default=0.0)
        note_x = LABEL_W + tiles + (16 if tiles else 0)
        note_w = max((_text_width(r.note, 12) for r in state.rows), default=0.0)
        value_w = max((_text_width(r.value, 13) for r in state.rows), default=0.0)
        value_x = note_x + note_w + (14 if note_w else 0) + value_w
        yours_w = max((_text_width(r.yours, 12) for r in state.rows), default=0.0)
        return note_x, value_x, yours_w, tiles

    def size(self, state: Rows, ui: Any = None) -> tuple[int, int]:
        note_x, value_x, yours_w, _ = self._columns(state)
        width = value_x + (14 + yours_w if yours_w else 0) + 14
        width = max(width, _text_width(state.title, 13) + 24, _text_width(state.legend, 11) + 24, 240)
        height = 10 + (24 if state.title else 0) + len(state.rows) * ROW_H + (20 if state.legend else 4)
        return math.ceil(width), math.ceil(height)

    def draw(self, p: Painter, state: Rows, ui: Any = None) -> None:
        width, height = self.size(state)
        note_x, value_x, _, _ = self._columns(state)
        y = 10.0
        if state.title:
            p.text(12, y + 8, state.title, size=13, fill=INK, bold=True, align="left", family=CJK_FONT)
            y += 24
        for row in state.rows:
            self._row(p, row, y, width, note_x, value_x)
            y += ROW_H
        if state.legend:
            p.text(12, height - 10, state.legend, size=11, fill=GREY, align="left", family=CJK_FONT)

    def _row(self, p: Painter, row: SeatRow, y: float, width: float, note_x: float, value_x: float) -> None:
        if row.marked:
            p.round_rect(4, y - 3, width - 8, ROW_H - 4, 7, fill="#fdecee", stroke=RED, line_width=2)
        mid = y + (TH + THICK) / 2
        if row.label is None:
            p.circle(24, mid - 2, 14, fill="#c8283c" if row.seat == 0 else "#2c5a45")
            p.text(24, mid - 1.5, WINDS[row.seat], size=16, fill="white", bold=True, family=CJK_FONT)
            who = ("dealer", "South", "West", "North")[row.seat]
            p.text(44, mid - 2, who, size=11, fill=INK, align="left", family=FONT)
        else:
            p.text(12, mid - 2, row.label, size=12, fill=INK, align="left", family=CJK_FONT)
        if row.riichi:  # the 1000-point stick
            p.round_rect(44, mid + 8, 52, 5, 2.5, fill="white", stroke="#8c8574", line_width=0.7)
            p.circle(70, mid + 10.5, 1.8, fill="#c8102e")
        for i, (tile, x, dy, sideways, dim) in enumerate(_layout(row.tiles)):
            ring = RED if i in row.rings else None
            if sideways:
                draw_tile(p, LABEL_W + x, y + dy, TW, TH, tile, sideways=True, dim=dim, highlight=ring, thick=THICK)
            else:
                draw_tile(p, LABEL_W + x, y + dy, TW, TH, tile, dim=dim, highlight=ring, thick=THICK)
        for k in range(row.kans):  # a closed kan: four tiles, face down
            for j in range(4):
                draw_tile(p, LABEL_W + k * 64 + j * 14, y + 6, 13, 18, None, thick=2)
        if row.note:
            p.text(note_x, mid - 2, row.note, size=12, fill=INK, align="left", family=CJK_FONT)
        if row.value:
            p.text(value_x, mid - 2, row.value, size=13, fill=INK, bold=True, align="right", family=CJK_FONT)
        if row.yours:
            p.text(value_x + 14, mid - 2, row.yours, size=12, fill=RED, bold=True, align="left", family=CJK_FONT)


def rows_image(rows: Sequence[SeatRow], title: str = "", legend: str = "") -> SvgImage:
    """The seats in rows, as a picture (see :class:`RowsPicture`)."""
    return image(RowsPicture(), Rows(list(rows), title, legend), label=title or "seats")


def _hand_note(hand: Hand) -> str:
    """``'tenpai · waits 2m 6p'``, ``'noten · shanten 2'`` for a 13-tile hand."""
    found = waits(hand) or []
    s = shanten(hand)
    if s == 0 and found:
        return f"tenpai · waits {_tiles_words(found)}"
    if s == 0:
        return "shanten 0 but nothing left to wait for"
    return f"noten · shanten {s}"


def hand_rows(hands: Sequence[Hand | str], notes: Sequence[str] | None = None, title: str = "",
              legend: str = "") -> SvgImage:
    """Four hands by seat (East, the dealer, first), each with a note (default: tenpai and its waits, or
    its shanten)."""
    parsed = [h if isinstance(h, Hand) else Hand.from_string(h) for h in hands]
    rows = [SeatRow(s, hand, note=notes[s] if notes is not None else _hand_note(hand), riichi=hand.riichi)
            for s, hand in enumerate(parsed)]
    return rows_image(rows, title, legend)


def table_rows(table: Any, rivers: bool = False, notes: Sequence[str] | None = None, title: str = "") -> SvgImage:
    """The four seats of a :class:`~gamelab.riichi.table.Table` in rows, East (the dealer) first: each hand
    (or, with ``rivers``, each river), its riichi stick, and once the hand is over who was tenpai or won and
    what each seat is paid."""
    event: dict[str, Any] | None = None
    if table.results and table.status in ("hule", "pingju", "jieju"):
        event = table.results[-1]
    kind, ending = next(iter(event.items())) if event is not None else ("", {})
    rows = []
    for s in range(4):
        if notes is not None:
            note = notes[s]
        elif kind == "pingju" and ending["name"] == "流し満貫" and endings.is_nagashi(table.rivers[s].tiles):
            note = "nagashi mangan"
        elif kind == "pingju" and ending["name"] in ("荒牌平局", "流し満貫"):
            note = "tenpai, laid open" if ending["shoupai"][s] else "noten"
        elif kind == "pingju":
            note = _abortive_note(table, ending, s)
        elif kind == "hule":
            note = "wins" if ending["l"] == s else ""
        else:
            note = ""
        tiles = table.rivers[s].tiles if rivers else table.hands[s]
        value = _points(ending["fenpei"][s]) if kind and any(ending["fenpei"]) else ""
        rows.append(SeatRow(s, tiles, note=note, value=value, riichi=bool(table.riichi[s])))
    if not title:
        title = table.hand_name()
        if kind == "pingju":
            title += f" · {ending['name']} ({_DRAW_WORDS.get(ending['name'], 'draw')})"
        elif kind == "hule":
            title += f" · {WINDS[ending['l']]} wins"
    return rows_image(rows, title)


def _abortive_note(table: Any, ending: dict[str, Any], seat: int) -> str:
    """What a seat did towards an abortive draw."""
    name, shown = ending["name"], bool(ending["shoupai"][seat])
    if name == "三家和":
        return "claims ron" if shown else ""
    if name == "九種九牌":
        return "nine terminals and honours" if shown else ""
    if name == "四家立直":
        return "riichi"
    if name == "四開槓":
        kans = table.kans[seat]
        return f"{kans} kan{'s' if kans != 1 else ''}" if kans else ""
    if name == "四風連打" and table.rivers[seat].tiles:
        return f"first discard {tile_word(table.rivers[seat].tiles[0])}"
    return ""


_DRAW_WORDS = {"荒牌平局": "exhaustive draw", "流し満貫": "nagashi mangan", "九種九牌": "nine terminals",
               "四風連打": "four winds", "四家立直": "four riichi", "四開槓": "four kans", "三家和": "three rons"}


# -- the primer's pictures --------------------------------------------------------------------------------------
class _NotationPicture(Picture[str]):
    """A hand string drawn as tiles, with the part of the string each group comes from written under it."""

    background = PAPER
    w, h, thick = 34, 46, 4.0

    def _groups(self, text: str) -> list[tuple[str, list[tuple[str, bool]], str]]:
        concealed, *melds = text.split(",")
        groups = []
        for part in re.findall(r"[mpsz]\d+", concealed.rstrip("*")):
            suit = part[0]
            caption = {"m": "萬子 characters", "p": "筒子 dots", "s": "索子 bamboo", "z": "字牌 honours"}[suit]
            groups.append((part, [(suit + d, False) for d in part[1:]], caption))
        for meld in melds:
            if meld:
                groups.append(("," + meld, [(t or "_", how == "side") for t, how in meld_layout(meld)],
                               "a meld (chi): called tile sideways"))
        return groups

    def size(self, state: str, ui: Any = None) -> tuple[int, int]:
        width = 16.0
        for part, tiles, caption in self._groups(state):
            tiles_w = sum(self.h if side else self.w for _, side in tiles)
            width += max(tiles_w, _text_width(caption, 11), _text_width(part, 15)) + 18
        return math.ceil(width), 128

    def draw(self, p: Painter, state: str, ui: Any = None) -> None:
        x = 12.0
        for part, tiles, caption in self._groups(state):
            tiles_w = sum(self.h if side else self.w for _, side in tiles)
            group_w = max(tiles_w, _text_width(caption, 11), _text_width(part, 15))
            left = x + (group_w - tiles_w) / 2
            p.text(x + group_w / 2, 14, part, size=15, fill="#1c3f94", bold=True, family="DejaVu Sans Mono, monospace")
            for tile, side in tiles:
                if side:
                    draw_tile(p, left, 30 + self.h - self.w, self.w, self.h, tile, sideways=True, thick=self.thick)
                    left += self.h
                else:
                    draw_tile(p, left, 30, self.w, self.h, tile, thick=self.thick)
                    left += self.w
            p.text(x + group_w / 2, 104, caption, size=11, fill=GREY, family=CJK_FONT)
            p.line(x, 116, x + group_w, 116, stroke="#c9c4b5", line_width=1)
            x += group_w + 18


def notation_picture(text: str) -> SvgImage:
    """A hand string drawn as tiles, each group under the part of the string it comes from.

    >>> notation_picture("m123,m406-").data.count("<use")   # a body and a face per tile
    12
    """
    return image(_NotationPicture(), text, label=f"hand {text}")


class _ChartPicture(Picture[None]):
    """Every kind of tile, by suit, each with the name the board and the reports give it."""

    background = PAPER
    w, h, thick = 28, 38, 3.0
    label_w, suit_cell, honour_cell, row_h = 150, 34, 62, 72
    SUITS = (("m", "萬子 characters", "m1 … m9"), ("p", "筒子 dots", "p1 … p9"), ("s", "索子 bamboo", "s1 … s9"))

    def size(self, state: None, ui: Any = None) -> tuple[int, int]:
        width = max(self.label_w + 9 * self.suit_cell + 16 + 50, self.label_w + 7 * self.honour_cell) + 12
        return width, 8 + 4 * self.row_h + 20

    def draw(self, p: Painter, state: None, ui: Any = None) -> None:
        for row, (suit, words, code) in enumerate(self.SUITS):
            y = 8 + row * self.row_h
            self._label(p, y, words, f"code {code}, red 5: {suit}0")
            x = float(self.label_w)
            for n in range(1, 10):
                self._tile(p, x, y, self.suit_cell, f"{suit}{n}", tile_words(f"{suit}{n}"))
                x += self.suit_cell
            self._tile(p, x + 16, y, 50, f"{suit}0", tile_words(f"{suit}0"))
        y = 8 + 3 * self.row_h
        self._label(p, y, "字牌 honours", "code z1 … z7")
        for n in range(1, 8):
            name = ("East", "South", "West", "North", "white dragon", "green dragon", "red dragon")[n - 1]
            self._tile(p, self.label_w + (n - 1) * self.honour_cell, y, self.honour_cell, f"z{n}", tile_words(f"z{n}"),
                       name)
        p.text(12, 8 + 4 * self.row_h + 6, "白, the white dragon, is the blank tile: only a frame, on purpose.",
               size=11, fill=GREY, align="left", family=CJK_FONT)

    def _label(self, p: Painter, y: float, words: str, code: str) -> None:
        p.text(12, y + 16, words, size=13, fill=INK, bold=True, align="left", family=CJK_FONT)
        p.text(12, y + 34, code, size=11, fill=GREY, align="left", family=CJK_FONT)

    def _tile(self, p: Painter, x: float, y: float, cell: float, tile: str, name: str, english: str = "") -> None:
        draw_tile(p, x + (cell - self.w) / 2, y, self.w, self.h, tile, thick=self.thick)
        p.text(x + cell / 2, y + self.h + 13, name, size=11, fill=INK, bold=True, family=CJK_FONT)
        if english:
            p.text(x + cell / 2, y + self.h + 26, english, size=9.5, fill=GREY, family=CJK_FONT)


def tile_chart() -> PngImage:
    """Every kind of tile with its name on the board and in the reports (``4m``, ``red 5p``, ``白``), and its
    code (``m4``, ``p0``, ``z5``); a PNG (37 different faces make a heavy SVG).

    >>> tile_chart()
    <the tiles and their names>
    """
    picture = _ChartPicture()
    width, height = picture.size(None)
    return PngImage(picture.png(None, scale=1.5), width, height, "the tiles and their names")


@dataclass
class _Card:
    rows: list[tuple[str, str, str, str, bool]]  # key, meaning, shipped, yours, differs
    title: str
    note: str = ""  # under the rows, in grey


class _CardPicture(Picture[_Card]):
    background = PAPER

    def size(self, state: _Card, ui: Any = None) -> tuple[int, int]:
        return 640, 40 + 26 * len(state.rows) + 8 + (20 if state.note else 0)

    def draw(self, p: Painter, state: _Card, ui: Any = None) -> None:
        p.text(12, 16, state.title, size=13, fill=INK, bold=True, align="left", family=CJK_FONT)
        columns = (12, 140, 470, 560)
        for x, head in zip(columns, ("parameter", "meaning", "shipped", "yours")):
            p.text(x, 34, head, size=11, fill=GREY, align="left")
        for i, (key, meaning, shipped, yours, differs) in enumerate(state.rows):
            y = 44 + 26 * i
            if differs:
                p.round_rect(4, y, 632, 24, 6, fill="#fdecee", stroke=RED, line_width=2)
            for x, text, color in zip(columns, (key, meaning, shipped, yours),
                                       (INK, GREY, INK, RED if differs else INK)):
                p.text(x, y + 12, text, size=12, fill=color, align="left", family=CJK_FONT)
        if state.note:
            p.text(12, 44 + 26 * len(state.rows) + 10, state.note, size=11, fill=GREY, align="left", family=CJK_FONT)


_RULE_MEANINGS = {
    "途中流局あり": "abortive draws 九種九牌 四風連打 四家立直 四開槓",
    "流し満貫あり": "nagashi mangan at the exhaustive draw",
    "ノーテン宣言あり": "tenpai counts only if declared",
    "ノーテン罰あり": "the noten penalty is paid",
    "最大同時和了数": "winners of one discard at most",
    "連荘方式": "when the dealer keeps the seat",
}


def _card_rows(expected: dict[str, Any], got: Any) -> list[tuple[str, str, str, str, bool]]:
    """Key by key: the meaning, the shipped value, the learner's (``—`` where they gave no dict)."""
    theirs = got if isinstance(got, dict) else None
    keys = list(expected) + [k for k in (theirs or {}) if k not in expected]
    rows = []
    for key in keys:
        shipped = repr(expected[key]) if key in expected else "(not there)"
        if theirs is None:
            yours = "—"
        else:
            yours = repr(theirs[key]) if key in theirs else "(missing)"
        rows.append((key, _RULE_MEANINGS.get(key, ""), shipped, yours, theirs is None or shipped != yours))
    return rows


def rule_card(expected: dict[str, Any], got: Any, title: str) -> SvgImage:
    """The rule object, key by key: the shipped value beside the learner's, the differing keys marked
    (every key, with ``—``, where the learner's answer is no dict at all)."""
    note = "" if isinstance(got, dict) else "—: yours gave no dict to compare (it raised an error, or returned something else)"
    return image(_CardPicture(), _Card(_card_rows(expected, got), title, note), label="rule")


# -- the pieces a table plays on, and small runs at a table --------------------------------------------------
#: the exercises a table plays on: rule_defaults (the rules), and each step of :class:`RuleSteps`
_TABLE_PIECES = ("rule_defaults", *RuleSteps.__dataclass_fields__)


@dataclass(frozen=True)
class Pieces:
    """What a table plays on: a ``rule_defaults`` (the learner's where it passes) and :class:`RuleSteps`.

    ``rule(param)`` is the rule object that ``rule_defaults(param)`` gives, for a table's ``rules=``.
    """

    rule_defaults: Callable[..., dict[str, Any]]
    steps: RuleSteps

    def rule(self, param: dict[str, Any] | None = None) -> dict[str, Any]:
        return self.rule_defaults(param)


def your_pieces(*functions: Callable[..., Any], even_if_failing: bool = False) -> Pieces:
    """The learner's pieces a table plays on, said in one line (``your pieces: 2 of 3 ✔; …``): each
    function where its check passes (or, with ``even_if_failing=True``, wherever it is written), the
    shipped one where not; pieces not given are the shipped ones.

    >>> @exercise("riichi.noten_payments")
    ... def noten_payments(tenpai):
    ...     ...
    >>> pieces = your_pieces(noten_payments)
    your pieces: 0 of 1 ✔ · none written yet: the board plays the shipped ones
    >>> pieces.steps.changed(), pieces.rule()["連荘方式"]
    ([], 2)
    """
    choices = []
    steps: dict[str, Callable[..., Any]] = {}
    rule: Callable[..., dict[str, Any]] = rule_defaults
    for function in functions:
        piece = str(getattr(function, "__exercise__", "")).partition(".")[2]
        if piece not in _TABLE_PIECES:
            raise TypeError(f"{getattr(function, '__name__', function)!r} is not a piece the table plays on; "
                            f"those are {', '.join(_TABLE_PIECES)} (each marked with its @exercise)")
        choice = choose(function, even_if_failing=even_if_failing)
        choices.append(choice)
        if piece == "rule_defaults":
            rule = choice.chosen
        elif choice.yours:
            steps[piece] = choice.chosen
    announce(PiecesNote(choices))
    return Pieces(rule, RuleSteps().replace(**steps))


#: the four hands of the lesson's exhaustive draw (section 2), East first: tenpai, noten, noten, tenpai
HANDS = ["m22p12366p789z111", "m1235689p4567z33", "m234789p2358z555", "m12345p33s333,m406-"]


def act(table: Table, seat: int, text: str) -> None:
    """The player in ``seat`` (0 = the dealer) plays ``text`` (``"m1"``, ``"riichi m1"``, ``"ron"``, ``"kan m1111"``,
    ``"nine"``…); the table runs on until a player must answer again."""
    table.reply(table.player_id[seat], text_to_reply(table, seat, text))
    table.run()


def next_hand(table: Table) -> None:
    """Every player acknowledges the hand's result: the points move and the next hand is dealt."""
    for player in table.waiting_for():
        table.reply(player, {})
    table.run()


def river(*tiles: str) -> River:
    """A river with these discards, in order: ``river("m9", "z1")``."""
    made = River()
    for tile in tiles:
        made.discard(tile)
    return made


def draw_at(rule: dict[str, Any], steps: RuleSteps, hands: Sequence[str], declared: Sequence[str] | None = None,
            rivers: Sequence[River] | None = None) -> Table:
    """A table on ``rule`` and ``steps`` whose hand ends now in an exhaustive draw (the wall is empty),
    the four ``hands`` (East first) held, with these ``rivers`` (default: one plain 5p discard each) and
    ``declared`` tenpai declarations (``"-"`` declared, ``""`` not). Its result waits in ``table.results``."""
    table = staged_table(rules=rule, steps=steps)
    table.hands = [Hand.from_string(h) for h in hands]
    table.rivers = list(rivers) if rivers is not None else [river("p5") for _ in range(4)]
    table.pingju("", list(declared) if declared is not None else None)
    return table


# -- the exercises ------------------------------------------------------------------------------------------------
# A report's lines say what the case is and what the shipped step answers; a line of the learner's answer
# starts with "  yours" (a check leaves it out when their step raised: the error is said instead). Its
# picture marks what differs (rows ringed in red, tiles ringed), and says "no answer" where the learner's
# step gave none (None: it raised, or returned nothing).
def _same_list(expected: Any, got: Any) -> bool:
    """Lists agree item by item (a tuple or a list of 0/1 will do for a list of booleans)."""
    try:
        return len(got) == len(expected) and all(a == b for a, b in zip(expected, got))
    except TypeError:
        return False


def _same_bool(expected: Any, got: Any) -> bool:
    return isinstance(got, (bool, int)) and bool(got) == bool(expected)


def _rule_words(rule: dict[str, Any], *keys: str) -> str:
    return ", ".join(f"{k} = {rule[k]}" for k in keys)


def _yours(got: Any, words: Callable[[Any], str] = _answer) -> str:
    """The learner's answer as a picture writes it, in red: ``'yours: True'``, or ``'yours: no answer'``."""
    return "yours: no answer" if got is None else f"yours: {words(got)}"


def _explained(lines: list[str], rows: list[SeatRow], title: str, legend: str = "") -> Explanation:
    """A report: its lines, and the rows drawn, marks counted (each red row and each ringed tile)."""
    marks = sum(1 for row in rows if row.marked) + sum(len(row.rings) for row in rows)
    return Explanation(lines, rows_image(rows, title, legend), marks=marks)


# 1 · the six parameters -------------------------------------------------------------------------------------
def _rule_cases() -> list[tuple[Any, ...]]:
    cases: list[tuple[Any, ...]] = [({"連荘方式": 1},), (), (None,), ({},)]
    cases += [({"連荘方式": m},) for m in (0, 2, 3)]
    cases += [({"最大同時和了数": m},) for m in (1, 2, 3)]
    for key in ("途中流局あり", "流し満貫あり", "ノーテン宣言あり", "ノーテン罰あり"):
        cases.append(({key: not rule_defaults()[key]},))
    cases += [({"場数": 0},), ({"途中流局あり": False, "連荘方式": 1, "場数": 1},)]
    return cases


def _explain_rule(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    param = case[0] if case else None
    call = f"rule_defaults({_answer(param) if case else ''})"
    over = f", then {', '.join(f'{k} = {v!r}' for k, v in param.items())} over them" if param else ""
    lines = [f"{call}: the shipped version gives the six parameters with their defaults{over}"]
    rows = _card_rows(expected, got)
    if got is None:
        lines.append("  yours returned None: no dict to compare")
    elif not isinstance(got, dict):
        lines.append(f"  yours returned {_answer(got)}, not a dict keyed by the parameters' names")
    else:
        theirs = got
        for key in expected:
            if key not in theirs:
                lines.append(f"  {key}: missing from yours (shipped: {expected[key]!r})")
            elif theirs[key] != expected[key]:
                lines.append(f"  {key}: the shipped version gives {expected[key]!r}, yours {theirs[key]!r}")
        for key in theirs:
            if key not in expected:
                lines.append(f"  {key}: yours has it, the shipped version does not")
    lines.append("In the picture: each parameter, the shipped value beside yours; the rows that differ are red.")
    marks = sum(1 for row in rows if row[4])
    return Explanation(lines, rule_card(expected, got, call), marks=marks)


# 2 · tenpai ---------------------------------------------------------------------------------------------------------
#: majiang-core's test hands for the exhaustive draw (test/game.js): tenpai A B1 C1 D1, noten A0 B0 C0 D0, and F
#: (shanten 0 but all four 東 in hand: nothing left to wait for)
TEST_HANDS = {
    "A": "m22p12366s406789", "B1": "m55p40s123,z111-,p678-", "C1": "m67p678s22,s56-7,p444-",
    "D1": "m12345p33s333,m406-", "A0": "m40789p4667s8z577", "B0": "m99p12306z277,m345-",
    "C0": "m3p1234689z55,s7-89", "D0": "m2233467p234555", "F": "m123p456s789z1111",
}
_MORE_HANDS = ["m123789p456z1111", "m19p19s19z1234567", "m1133p2255s66z115", "m1112345678999", "m123p456s789z1234",
               "m123p456s789z1122",
               "m1111p456s789z112", "m11p11s11z1122334", "m123456789p1234", "z1112223334445", "m2345p2345s23456"]


def _tenpai_hands() -> list[str]:
    from ..riichi import full_set

    rng = random.Random(5)
    hands = _MORE_HANDS[:1] + list(TEST_HANDS.values()) + _MORE_HANDS[1:]
    tiles = [t for t in full_set({"m": 1, "p": 1, "s": 1})]
    for _ in range(16):
        rng.shuffle(tiles)
        hands.append(str(Hand(tiles[:13])))
    complete = ["m123p456s789z11122", "m234567p22s345678", "m111p234567s99z555", "m1122p3344s5566z77"]
    for text in complete:
        whole = Hand.from_string(text)
        for tile in sorted(set(whole.concealed_tiles()))[:4]:
            trial = Hand.from_string(text)
            tiles13 = trial.concealed_tiles()
            tiles13.remove(tile)
            hands.append(str(Hand(tiles13)))
    return hands


def _explain_is_tenpai(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (hand,) = case
    s, found = shanten(hand), waits(hand) or []
    lines = [f"The hand {hand} (13 tiles):", f"  shanten {s}, waits {_tiles_words(found)}"]
    rings: list[int] = []
    if s == 0 and not found:
        lines.append("  shanten 0, but every tile it could wait for is already in the hand, all four copies:")
        lines.append("  nothing left to wait for, so it is not tenpai (the post: tingpai(...).length > 0)")
        full = {t for t in hand.concealed_tiles() if hand.count(t) == 4}
        rings = [i for i, t in enumerate(hand.concealed_tiles()) if t in full]
    lines.append(f"  the shipped step says {'tenpai' if expected else 'not tenpai'}")
    lines.append(f"  yours says {_answer(got)}")
    lines.append("In the picture: the hand, the shipped answer and yours (red)"
                 + ("; the tiles that use up its wait are ringed." if rings else "."))
    rows = [SeatRow(0, hand, note=_hand_note(hand), label="the hand", rings=rings, marked=True,
                    value="tenpai" if expected else "not tenpai", yours=_yours(got))]
    if found:
        rows.append(SeatRow(0, list(found), label="its waits"))
    return _explained(lines, rows, "is_tenpai(hand)")


_IS_TENPAI_SOLUTION = '''
def is_tenpai(hand):
    """Tenpai (聴牌) as the post counts it: shanten 0 and at least one tile left to wait for."""
    return shanten(hand) == 0 and len(waits(hand)) > 0
'''


def _tenpai_sets() -> list[list[str]]:
    t = TEST_HANDS
    return [[t["A"], t["B1"], t["C1"], t["D1"]], [t["A0"], t["B0"], t["C0"], t["D0"]],
            [t["A"], t["B0"], t["C0"], t["D1"]],
            [t["F"], t["B0"], t["C0"], t["D1"]], [t["A"] + "*", t["B0"], t["C1"], t["D0"]],
            [t["A0"], "m123p456s789z1122*", t["C0"], t["D1"]]]


def _tenpai_at_draw_cases() -> list[tuple[Any, ...]]:
    cases: list[tuple[Any, ...]] = []
    for hands in _tenpai_sets():
        for declared in (["", "", "", ""], ["-", "-", "-", "-"], ["-", "", "", "-"], ["", "-", "-", "-"]):
            for declaration in (False, True):
                cases.append(([Hand.from_string(h) for h in hands], list(declared),
                              _rule(noten_declaration=declaration)))
    return cases


def _explain_tenpai_at_draw(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    hands, declared, rule = case
    lines = [f"The wall is empty; {_rule_words(rule, 'ノーテン宣言あり')}; declared tenpai: "
             + ", ".join(f"{WINDS[s]} {_yes(declared[s])}" for s in range(4))]
    theirs = list(got) if isinstance(got, (list, tuple)) and len(got) == 4 else None
    if got is not None and theirs is None:
        lines.append(f"  yours returned {_answer(got)}, not four answers (one per seat)")
    rows = []
    for s, hand in enumerate(hands):
        differs = theirs is None or theirs[s] != expected[s]  # as the check compares them (1 is True)
        why = _hand_note(hand)
        if rule["ノーテン宣言あり"] and not declared[s] and not hand.riichi:
            why = "did not declare: counted noten"
        elif hand.riichi:
            why = "riichi: always looked at · " + why
        mine = _yours(got) if theirs is None else "yours: " + (
            ("tenpai" if theirs[s] else "noten") if isinstance(theirs[s], (bool, int)) else _answer(theirs[s]))
        if differs and theirs is not None:
            lines.append(f"  {seat_word(s)}: the shipped step says {'tenpai' if expected[s] else 'noten'}, "
                         f"{mine.replace(':', '', 1)} ({why})")
        rows.append(SeatRow(s, hand, note=why, value="tenpai" if expected[s] else "noten", marked=differs,
                            yours=mine if differs else "", riichi=hand.riichi))
    lines.append("In the picture: each seat's hand and the shipped answer; the seats where yours differs are red.")
    return _explained(lines, rows, "tenpai_at_draw(hands, declared, rule)")


def _noten_cases() -> list[tuple[Any, ...]]:
    # one to three players tenpai first (the cases that pay), then nobody and everybody
    cases = [list(t) for t in itertools.product([False, True], repeat=4)]
    cases.sort(key=lambda tenpai: sum(tenpai) in (0, 4))
    return [(t,) for t in cases]


def _payment_explanation(title: str, head: list[str], expected: Sequence[Any], got: Any,
                         notes: Sequence[str]) -> Explanation:
    lines = list(head)
    theirs = list(got) if isinstance(got, (list, tuple)) and len(got) == 4 else None
    if got is not None and theirs is None:
        lines.append(f"  yours returned {_answer(got)}, not four payments (one per seat, East first)")
    rows = []
    for s in range(4):
        differs = theirs is None or theirs[s] != expected[s]
        if theirs is not None and differs:
            lines.append(f"  {seat_word(s)}: the shipped step gives {_points(expected[s])}, yours {_points(theirs[s])}")
        mine = f"yours {_points(theirs[s])}" if theirs is not None else _yours(got)
        rows.append(SeatRow(s, None, note=notes[s], value=_points(expected[s]), marked=differs,
                            yours=mine if differs else ""))
    lines.append("In the picture: the shipped payments; the seats where yours differs are red.")
    return _explained(lines, rows, title)


def _explain_noten(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (tenpai,) = case
    head = ["tenpai: " + ", ".join(f"{_SHORT[s]} {_yes(tenpai[s])}" for s in range(4))]
    if sum(1 for t in tenpai if t) in (0, 4):
        head.append("  (all four or none tenpai: nobody pays)")
    return _payment_explanation("noten_payments(tenpai)", head, expected, got,
                                ["tenpai" if t else "noten" for t in tenpai])


# 3 · nagashi mangan -------------------------------------------------------------------------------------------------
def _nagashi_cases() -> list[tuple[Any, ...]]:
    rivers = [["z1", "m9", "p1", "z5", "s9", "z7"], ["z1", "m9_", "p1*"], ["z1", "m2"], ["z1", "m9", "p1="], ["z1-"],
              ["m0"], ["m5"], ["s1", "s9", "p9", "m1", "z2", "z3", "z4", "z6"], ["z7_", "s1_*", "p9"],
              ["z1", "z2", "s5"], ["p1", "p1", "p2"], ["m9+"], ["z4", "m1", "s8_"], ["z3*"], ["m1", "p0"], ["s3"],
              ["z6", "z6_", "z6", "p9", "m1", "m9", "s1", "s9", "z1", "z2", "z3", "z4"], ["p9", "s9_*", "z5", "m8"]]
    rng = random.Random(3)
    terminals = [f"{s}{n}" for s in "mps" for n in (1, 9)] + [f"z{n}" for n in range(1, 8)]
    for _ in range(10):
        river = [rng.choice(terminals) + rng.choice(["", "", "_"]) for _ in range(rng.randrange(5, 12))]
        if rng.random() < 0.5:
            spot = rng.randrange(len(river))
            river[spot] = rng.choice(["m2", "p5", "s7_", "p0", river[spot] + rng.choice("+=-")])
        rivers.append(river)
    return [(r,) for r in rivers]


def _breaks_nagashi(tile: str) -> str:
    if tile[-1] in "+=-":
        return "called by another player"
    if tile[0] == "z" or tile[1] in "19":
        return ""
    return "not a terminal or an honour"


def _explain_is_nagashi(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (river,) = case
    lines = ["The river " + " ".join(river) + ":"]
    rings = []
    for i, tile in enumerate(river):
        why = _breaks_nagashi(tile)
        if why:
            rings.append(i)
            lines.append(f"  discard {i + 1}, {tile_word(tile)} ({tile}): {why}")
    if not rings:
        lines.append("  every discard is a terminal or an honour, and none was called")
    verdict = "nagashi mangan" if expected else "no nagashi mangan"
    lines += [f"  the shipped step says {verdict}", f"  yours says {_answer(got)}"]
    called = any(tile[-1] in "+=-" for tile in river)
    lines.append("In the picture: the river, the shipped answer and yours (red)"
                 + ("; the discards that break nagashi mangan are ringed" if rings else "")
                 + ("; a called one is dimmed" if called else "") + ".")
    note = "; ".join(f"{river[i]!r} {_breaks_nagashi(river[i])}" for i in rings[:2]) + ("; …" if len(rings) > 2 else "")
    row = SeatRow(0, list(river), label="the river", rings=rings, marked=True, note=note, value=verdict,
                  yours=_yours(got))
    return _explained(lines, [row], "is_nagashi(river)")


def _explain_nagashi_payments(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (seat,) = case
    notes = ["nagashi mangan" if s == seat else "" for s in range(4)]
    return _payment_explanation("nagashi_payments(seat)", [f"Nagashi mangan by {seat_word(seat)}:"], expected, got,
                                notes)


# 4 · abortive draws ---------------------------------------------------------------------------------------------------
def _nine_hands() -> list[Hand]:
    rng = random.Random(9)
    yaochu = [f"{s}{n}" for s in "mps" for n in (1, 9)] + [f"z{n}" for n in range(1, 8)]
    simples = [f"{s}{n}" for s in "mps" for n in range(2, 9)] + ["m0", "p0", "s0"]
    hands = []
    for kinds in [6, 7, 8, 8, 9, 9, 9, 10, 10, 11, 12, 13, 13, 9, 8, 9]:
        chosen = rng.sample(yaochu, kinds)
        tiles = chosen + [rng.choice(chosen) for _ in range(rng.randrange(0, 3))]
        while len(tiles) < 14:
            tiles.append(rng.choice(simples))
        tiles = tiles[:14]
        rng.shuffle(tiles)
        hand = Hand(tiles[:13])
        hand.draw(tiles[13])
        hands.append(hand)
    return hands


def _nine_cases() -> list[tuple[Any, ...]]:
    return [(hand.copy(), first, _rule(abortive_draws=allowed))
            for hand in _nine_hands() for first in (True, False) for allowed in (True, False)]


def _explain_nine(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    hand, first, rule = case
    layout_tiles = [t for t, *_ in _layout(hand)]
    seen: set[str] = set()
    rings = []
    for i, tile in enumerate(layout_tiles):
        if tile is not None and (tile[0] == "z" or tile[1] in "19") and tile not in seen:
            seen.add(tile)
            rings.append(i)
    kinds = sorted(seen, key=lambda t: ("mpsz".index(t[0]), t[1]))
    lines = [f"The hand {hand} just drew {tile_word(hand.drawn or '')}:",
             f"  {len(kinds)} different terminals and honours: {_tiles_words(kinds)}",
             f"  first go-around: {_yes(first)}; {_rule_words(rule, '途中流局あり')}",
             "  the shipped step says " + ("it may stop the hand (九種九牌)" if expected else "it may not stop it"),
             f"  yours says {_answer(got)}",
             "In the picture: the hand (the drawn tile apart); one tile of each different terminal or honour is"
             " ringed."]
    row = SeatRow(0, hand, rings=rings, marked=True, note=f"{len(kinds)} different",
                  value="may stop: 九種九牌" if expected else "may not stop", yours=_yours(got))
    return _explained(lines, [row], "may_abort_nine(hand, first_go_around, rule)")


_SUFFIX_WORDS = {"_": "the tile just drawn, thrown at once", "*": "riichi declared with it",
                 "_*": "drawn, thrown at once, with riichi"}


def _winds_cases() -> list[tuple[Any, ...]]:
    sets = [["z1"] * 4, ["z1", "z1_", "z1*", "z1_"], ["z2"] * 4, ["z3"] * 4, ["z4"] * 4, ["z5"] * 4, ["z7"] * 4,
            ["m1"] * 4, ["z1", "z2", "z1", "z1"], ["z1", "z1", "z1", "z2"], ["z2", "z1", "z1", "z1"],
            ["z3", "z3", "z3_", "z4"], ["z4_", "z4", "z4*", "z4"], ["p9", "z1", "z1", "z1"], ["z1", "z1", "z1", "m1"]]
    return [(list(d), _rule(abortive_draws=a)) for d in sets for a in (True, False)]


def _explain_winds(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    discards, rule = case
    first = discards[0][:2]
    head = ["The first discards (no call made): "
            + ", ".join(f"{_SHORT[s].split()[0]} {d!r}" for s, d in enumerate(discards)),
            f"  {_rule_words(rule, '途中流局あり')}"]
    suffixed = [s for s, d in enumerate(discards) if d[2:]]
    same_wind = first in ("z1", "z2", "z3", "z4") and all(d[:2] == first for d in discards)
    if same_wind and suffixed:
        head.append(f"  {' '.join(repr(discards[s]) for s in suffixed)}: the same tile {tile_word(first)}, "
                    "written with a suffix (_ thrown at once, * riichi)")
        ringed = suffixed
        legend = "the discards written with a suffix are ringed: the same wind all the same"
    elif not same_wind:
        ringed = [s for s, d in enumerate(discards) if d[:2] not in ("z1", "z2", "z3", "z4") or d[:2] != first]
        legend = "the discards that are not a wind, or not the first discard's tile, are ringed"
    else:
        ringed, legend = [], ""
    rows = []
    for s, d in enumerate(discards):
        note = f"{d!r}" + (f" · {_SUFFIX_WORDS.get(d[2:], d[2:])}" if d[2:] else "")
        rows.append(SeatRow(s, [d], rings=[0] if s in ringed else (), note=note))
    return _explain_verdict("is_four_winds(discards, rule)", head, expected, got, "四風連打: the hand stops",
                            "play goes on", rows, legend, _rule_words(rule, "途中流局あり"))


def _riichi_cases() -> list[tuple[Any, ...]]:
    return [(list(r), _rule(abortive_draws=a)) for r in itertools.product(range(3), repeat=4) for a in (True, False)]


def _explain_verdict(title: str, head: list[str], expected: Any, got: Any, yes: str, no: str,
                     rows: list[SeatRow], legend: str, rule_note: str) -> Explanation:
    """The lines and the picture of a yes-or-no step: the seats, then the hand's row with the verdict,
    ringed in red with the learner's answer. ``legend``: what else the picture marks or shows."""
    legend = "; ".join(part for part in (legend, "the verdict, and yours in red") if part)
    lines = head + [f"  the shipped step says {yes if expected else no}", f"  yours says {_answer(got)}",
                    f"In the picture: {legend}."]
    verdict = SeatRow(0, None, label="the hand", note=rule_note, marked=True,
                      value=yes.split(":")[0] if expected else no.split(":")[0], yours=_yours(got))
    return _explained(lines, [*rows, verdict], title, legend=legend[0].upper() + legend[1:] + ".")


def _explain_riichi(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    riichi, rule = case
    head = ["Riichi declared: " + ", ".join(f"{WINDS[s]} {('no', 'riichi', 'double riichi')[r]}"
                                            for s, r in enumerate(riichi)), f"  {_rule_words(rule, '途中流局あり')}"]
    rows = [SeatRow(s, None, note=("no riichi", "riichi", "double riichi")[r], riichi=bool(r))
            for s, r in enumerate(riichi)]
    return _explain_verdict("is_four_riichi(riichi, rule)", head, expected, got, "四家立直: the hand stops",
                            "play goes on", rows, "each seat's riichi stick, if it declared",
                            _rule_words(rule, "途中流局あり"))


def _kans_cases() -> list[tuple[Any, ...]]:
    return [(list(k), _rule(abortive_draws=a)) for k in itertools.product(range(5), repeat=4) if sum(k) <= 4
            for a in (True, False)]


def _explain_kans(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    kans, rule = case
    head = ["Kans made: " + ", ".join(f"{WINDS[s]} {k}" for s, k in enumerate(kans)) + f" (in all {sum(kans)})",
            f"  {_rule_words(rule, '途中流局あり')}"]
    if max(kans) == 4:
        head.append("  one player holds all four: that hand may still win 四槓子, so it goes on")
    rows = [SeatRow(s, None, note=f"{k} kan{'s' if k != 1 else ''}", kans=k) for s, k in enumerate(kans)]
    return _explain_verdict("is_four_kans(kans, rule)", head, expected, got, "四開槓: the hand stops", "play goes on",
                            rows, "each kan as four tiles face down" if any(kans) else "",
                            _rule_words(rule, "途中流局あり"))


def _ron_cases() -> list[tuple[Any, ...]]:
    cases: list[tuple[Any, ...]] = []
    for discarder in range(4):
        others = [s for s in range(4) if s != discarder]
        for n in range(4):
            for claims in itertools.combinations(others, n):
                for most in (1, 2, 3):
                    cases.append((discarder, sorted(claims), _rule(max_winners=most)))
    return cases


_ORDINALS = ("1st", "2nd", "3rd")


def _explain_ron(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    discarder, claims, rule = case
    order = [(discarder + i) % 4 for i in (1, 2, 3)]
    lines = [f"{seat_word(discarder)[0].upper()}{seat_word(discarder)[1:]} discards; ron claimed by: {', '.join(WINDS[s] for s in claims) or 'nobody'}",
             f"  the replies are read in turn order after the discarder: {' → '.join(WINDS[s] for s in order)}",
             f"  {_rule_words(rule, '最大同時和了数')}",
             f"  the shipped step: {' then '.join(WINDS[s] for s in expected) or 'nobody'} "
             f"win{'s' if len(expected) == 1 else ''}",
             "  yours: " + _winners_words(got)]
    theirs = list(got) if isinstance(got, (list, tuple)) else []
    rows = []
    for s in range(4):
        if s == discarder:
            note = "discards"
        else:
            note = ("ron! · " if s in claims else "") + f"replies {_ORDINALS[order.index(s)]}"
        place = f"wins ({expected.index(s) + 1})" if s in expected else ""
        mine = f"yours: wins ({theirs.index(s) + 1})" if s in theirs else "yours: no" if place else ""
        differs = (s in expected) != (s in theirs) or (place and s in theirs and expected.index(s) != theirs.index(s))
        rows.append(SeatRow(s, None, note=note, value=place, yours=mine if differs else "", marked=bool(differs)))
    if not any(row.marked for row in rows):  # no seat tells them apart (an answer of another shape): the seats all differ
        for row in rows:
            row.marked, row.yours = True, _yours(got, _winners_words) if row.seat == discarder else ""
    lines.append("In the picture: who replies in which order, who wins in which order; the seats where yours "
                 "differs are red.")
    return _explained(lines, rows, "ron_winners(discarder, claims, rule)")


def _winners_words(got: Any) -> str:
    if got is None:
        return "nothing"
    if isinstance(got, (list, tuple)) and all(isinstance(s, int) and 0 <= s < 4 for s in got):
        return " then ".join(WINDS[s] for s in got) or "nobody"
    return _answer(got)


def _three_cases() -> list[tuple[Any, ...]]:
    winner_lists = [[1, 2, 3], [], [1], [2, 3], [3, 0, 1], [0, 1, 2], [2, 0], [0, 2, 3]]
    return [(list(w), _rule(max_winners=m, abortive_draws=a)) for w in winner_lists for m in (2, 1, 3)
            for a in (True, False)]


def _explain_three(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    winners, rule = case
    head = [f"Ron winners of one discard: {', '.join(WINDS[s] for s in winners) or 'nobody'} ({len(winners)})",
            f"  {_rule_words(rule, '最大同時和了数', '途中流局あり')} (三家和 does not depend on 途中流局あり)"]
    rows = [SeatRow(s, None, note="ron!" if s in winners else "") for s in range(4)]
    return _explain_verdict("is_three_rons(winners, rule)", head, expected, got, "三家和: the hand stops",
                            "no 三家和", rows, "the players who won the discard say ron!" if winners else "",
                            _rule_words(rule, "最大同時和了数"))


# 5 · the dealer repeat ------------------------------------------------------------------------------------------
_MODES = {0: "連荘なし, never", 1: "和了連荘, after a dealer win",
          2: "テンパイ連荘, dealer win or dealer tenpai at the draw",
          3: "ノーテン連荘, dealer win or any draw"}


def _repeat_rows(expected: Any, got: Any, notes: Sequence[str], rule_note: str) -> list[SeatRow]:
    keep = "keeps the seat (連荘)"
    passes = "passes the deal"
    rows = [SeatRow(s, None, note=notes[s]) for s in range(4)]
    rows[0].value = keep if expected else passes
    if got is None or not isinstance(got, (bool, int)) or bool(got) != bool(expected):
        rows[0].marked = True
        rows[0].yours = _yours(got, lambda g: (keep if g else passes) if isinstance(g, (bool, int)) else _answer(g))
    rows.append(SeatRow(0, None, label="the rule", note=rule_note))
    return rows


def _repeat_lines(head: list[str], expected: Any, got: Any) -> list[str]:
    said = "keeps the seat" if expected else "passes the deal"
    theirs = ("keeps the seat" if got else "passes the deal") if isinstance(got, (bool, int)) else _answer(got)
    return head + [f"  the shipped step: the dealer {said}", f"  yours: {theirs}",
                   "In the picture: the four seats and the rule; what happens to the dealer's seat, yours in red."]


def _win_cases() -> list[tuple[Any, ...]]:
    return [(seat, _rule(dealer_repeats=m, rounds=r)) for seat in range(4) for m in range(4) for r in (1, 2)]


def _mode_words(rule: dict[str, Any]) -> str:
    return f"連荘方式 = {rule['連荘方式']} ({_MODES[rule['連荘方式']]})"


def _explain_win(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    seat, rule = case
    head = [f"{seat_word(seat)[0].upper()}{seat_word(seat)[1:]} wins the hand.", f"  {_mode_words(rule)}"]
    notes = ["wins" if s == seat else "" for s in range(4)]
    return _explained(_repeat_lines(head, expected, got), _repeat_rows(expected, got, notes, _mode_words(rule)),
                      "repeats_after_win(seat, rule)")


def _draw_cases() -> list[tuple[Any, ...]]:
    return [(abortive, tenpai, _rule(dealer_repeats=m, rounds=r)) for abortive in (False, True)
            for tenpai in (True, False) for m in range(4) for r in (1, 2)]


def _explain_draw(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    abortive, tenpai, rule = case
    kind = "an abortive draw (途中流局)" if abortive else "an exhaustive draw (the wall is empty)"
    head = [f"The hand ends in {kind}; the dealer is {'tenpai' if tenpai else 'noten'}.", f"  {_mode_words(rule)}"]
    notes = [("tenpai" if tenpai else "noten") + (" · abortive draw" if abortive else " · exhaustive draw"), "", "", ""]
    return _explained(_repeat_lines(head, expected, got), _repeat_rows(expected, got, notes, _mode_words(rule)),
                      "repeats_after_draw(abortive, dealer_tenpai, rule)")


def _one_hand_cases() -> list[tuple[Any, ...]]:
    return [(repeats, won, _rule(rounds=r)) for r in (0, 1, 2, 4) for repeats in (True, False) for won in (True, False)]


_ROUNDS = {0: "一局戦, one hand", 1: "東風戦, East only", 2: "東南戦, East and South", 4: "一荘戦, all four winds"}


def _explain_one_hand(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    repeats, won, rule = case
    head = [f"The hand ended {'with a win' if won else 'in a draw'}; so far the dealer "
            f"{'keeps the seat' if repeats else 'passes the deal'}.",
            f"  場数 = {rule['場数']} ({_ROUNDS[rule['場数']]})"]
    if rule["場数"] == 0:
        head.append("  in the one-hand game a win ends the game (no repeat) and a draw replays the hand")
    notes = [("won" if won else "draw") + (" · so far: keeps" if repeats else " · so far: passes"), "", "", ""]
    rows = _repeat_rows(expected, got, notes, f"場数 = {rule['場数']} ({_ROUNDS[rule['場数']]})")
    return _explained(_repeat_lines(head, expected, got), rows, "one_hand_game(repeats, won, rule)")



# -- registering -----------------------------------------------------------------------------------------------------
_ENDINGS = "from gamelab.riichi import shanten, waits"


def _untyped(function: Callable[..., Any]) -> str:
    """A shipped step's source as a notebook cell holds the solution: its signature without the types."""
    source = textwrap.dedent(inspect.getsource(function))
    tree = ast.parse(source).body[0]
    assert isinstance(tree, ast.FunctionDef)
    for argument in tree.args.args + tree.args.kwonlyargs:
        argument.annotation = None
    lines = source.splitlines()
    body = lines[tree.body[0].lineno - 1:]
    return f"def {tree.name}({ast.unparse(tree.args)}):\n" + "\n".join(body) + "\n"

def _step(step: Callable[..., Any], cases: Callable[[], Iterable[tuple[Any, ...]]], same: Callable[[Any, Any], bool],
          explain: Callable[[tuple[Any, ...], Any, Any], Explanation]) -> Exercise:
    """The exercise of one of the post's steps in :mod:`~gamelab.riichi.table.endings` (its id is the step's name)."""
    return Exercise(f"riichi.{step.__name__}", step, cases=cases, same=same, explain=explain, solution=_untyped(step))


EXERCISES: list[Exercise] = [
    Exercise("riichi.rule_defaults", rule_defaults, cases=_rule_cases, explain=_explain_rule,
             solution=_untyped(rule_defaults)),
    Exercise("riichi.is_tenpai", is_tenpai, cases=lambda: [(Hand.from_string(h),) for h in _tenpai_hands()],
             same=_same_bool, explain=_explain_is_tenpai, solution=_IS_TENPAI_SOLUTION, solution_imports=_ENDINGS),
    _step(endings.tenpai_at_draw, _tenpai_at_draw_cases, _same_list, _explain_tenpai_at_draw),
    _step(endings.noten_payments, _noten_cases, _same_list, _explain_noten),
    _step(endings.is_nagashi, _nagashi_cases, _same_bool, _explain_is_nagashi),
    _step(endings.nagashi_payments, lambda: [(s,) for s in range(4)], _same_list, _explain_nagashi_payments),
    _step(endings.may_abort_nine, _nine_cases, _same_bool, _explain_nine),
    _step(endings.is_four_winds, _winds_cases, _same_bool, _explain_winds),
    _step(endings.is_four_riichi, _riichi_cases, _same_bool, _explain_riichi),
    _step(endings.is_four_kans, _kans_cases, _same_bool, _explain_kans),
    _step(endings.ron_winners, _ron_cases, _same_list, _explain_ron),
    _step(endings.is_three_rons, _three_cases, _same_bool, _explain_three),
    _step(endings.repeats_after_win, _win_cases, _same_bool, _explain_win),
    _step(endings.repeats_after_draw, _draw_cases, _same_bool, _explain_draw),
    _step(endings.one_hand_game, _one_hand_cases, _same_bool, _explain_one_hand),
]

for _exercise in EXERCISES:
    register(_exercise)

