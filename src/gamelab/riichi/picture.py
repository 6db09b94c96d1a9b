"""Pictures of a hand, its melds and a river, drawn with the shared tile art (``gamelab.pictures.tiles``).

The layout follows the usual table conventions:

* a hand: the concealed tiles in order, the drawn tile a little apart, then the melds; a riichi
  stick lies above a hand that has declared riichi;
* a meld: the called tile lies sideways, on the left if it came from the previous player (``-``),
  in the middle from the one opposite (``=``), on the right from the next player (``+``); an added
  kan stacks its fourth tile on the sideways one; a closed kan shows its two end tiles face down;
* a river: rows of six discards, the riichi tile sideways, a called tile dimmed (it now lies in the
  caller's meld), a tile discarded straight from the draw slightly greyed.

A sideways tile is a tile body lying on its side with its face turned a quarter to the left, as on
a real table (``Painter.rotated``).

There is no game here, only its pieces, so there is a picture per piece: :class:`HandPicture`,
:class:`RiverPicture` and :class:`MeldPicture` (``HandPicture().svg(hand)``, ``.image(hand)``). A
:class:`Hand` or a :class:`River` shows itself with them in a notebook.

>>> svg = HandPicture().svg(Hand.from_string("m123p406s789z11,z222="))
>>> svg.startswith("<svg") and "南" in svg
True

Targets (for a play widget): :class:`HandTile` for a concealed tile (the drawn one last),
:class:`HandMeld` for a meld, :class:`RiverTile` for a discard.

>>> HandPicture().target_at(Hand.from_string("m123p406s789z11"), 20, 40)
HandTile(index=0, tile='m1')
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Any

from ..pictures import Painter, Picture
from ..pictures.tiles import draw_tile, draw_tile_back, draw_tile_face
from .hand import Hand
from .river import River
from .tiles import meld_type, normalize_meld

__all__ = ["HandPicture", "RiverPicture", "MeldPicture", "HandUI", "HandTile", "HandMeld", "RiverTile",
           "meld_layout"]


@dataclass(frozen=True)
class HandTile:
    """Click target: the ``index``-th concealed tile of a hand (the drawn one last), ``'_'`` if unseen."""

    index: int
    tile: str


@dataclass(frozen=True)
class HandMeld:
    """Click target: the ``index``-th meld of a hand."""

    index: int
    meld: str


@dataclass(frozen=True)
class RiverTile:
    """Click target: the ``index``-th discard of a river, as the river writes it (``'m3*'``, ``'p5-'``)."""

    index: int
    tile: str


@dataclass(frozen=True)
class HandUI:
    """What a widget adds to a hand's picture: the concealed tile lifted as a pending discard, if any."""

    selected: int | None = None

#: tile face size in pixels (the shared art is drawn in a 3 : 4 box)
TILE_W, TILE_H = 30, 40
THICK = round(TILE_H * 0.12, 1)  # the tile's body showing below a standing tile
GAP = 10  # between the concealed tiles and the drawn tile, and between melds
MARGIN = 6


def art_kind(tile: str) -> str:
    """The shared tile art's kind for a majiang-core tile: ``'m5'`` → ``'5m'``, ``'p0'`` → ``'0p'``.

    >>> art_kind("z7"), art_kind("s0_*")
    ('7z', '0s')
    """
    return tile[1] + tile[0]


def _upright(p: Painter, tile: str | None, x: float, y: float, target: Any = None, dim: float = 0.0) -> None:
    """A standing tile with its top-left face corner at (x, y); None draws its back."""
    if tile is None:
        draw_tile_back(p, x, y + THICK * 0.55, TILE_W, TILE_H)
        if target is not None:
            p.rect(x, y, TILE_W, TILE_H + THICK, fill="white", alpha=0.0, target=target)
    else:
        draw_tile(p, art_kind(tile), x, y, TILE_W, TILE_H, thickness=THICK, target=target)
    if dim:
        p.round_rect(x, y, TILE_W, TILE_H, TILE_W * 0.1, fill="#1b1b1b", alpha=dim)


def _sideways(p: Painter, tile: str, x: float, y: float, target: Any = None, dim: float = 0.0) -> None:
    """A tile lying on its side (TILE_H wide, TILE_W tall), its face turned a quarter to the left."""
    w, h = TILE_H, TILE_W
    r = TILE_W * 0.1
    p.round_rect(x, y + THICK, w, h, r, fill="#1f7a4d", stroke="#155a38", line_width=0.75)
    p.round_rect(x, y + THICK * 0.55, w, h, r, fill="#efe9d8", stroke="#bdb39b", line_width=0.6)
    cx, cy = x + w / 2, y + h / 2
    with p.rotated(-90, cx, cy):
        draw_tile_face(p, art_kind(tile), cx - TILE_W / 2, cy - TILE_H / 2, TILE_W, TILE_H)
    if target is not None:
        p.rect(x, y, w, h + THICK, fill="white", alpha=0.0, target=target)
    if dim:
        p.round_rect(x, y, w, h, r, fill="#1b1b1b", alpha=dim)


# ------------------------------------------------------------------------------------ melds


def meld_layout(meld: str) -> list[tuple[str | None, str]]:
    """How a meld lies on the table, left to right: (tile or None for a face-down tile, how).

    ``how`` is ``'up'`` (standing), ``'side'`` (the called tile) or ``'added'`` (the fourth tile of an
    added kan, stacked on the sideways one, listed right after it).

    >>> meld_layout("m12-3")
    [('m2', 'side'), ('m1', 'up'), ('m3', 'up')]
    >>> meld_layout("p505=")
    [('p5', 'up'), ('p5', 'side'), ('p0', 'up')]
    >>> meld_layout("z111+1")
    [('z1', 'up'), ('z1', 'up'), ('z1', 'side'), ('z1', 'added')]
    >>> meld_layout("s5500")
    [(None, 'up'), ('s5', 'up'), ('s0', 'up'), (None, 'up')]
    """
    meld = normalize_meld(meld)
    suit = meld[0]
    called = re.search(r"(\d)([\+\=\-])", meld)
    if called is None:  # closed kan: the two end tiles face down
        digits = list(meld[1:])
        return [(None, "up"), (suit + digits[1], "up"), (suit + digits[2], "up"), (None, "up")]
    body, added = (meld[:-1], meld[-1]) if meld_type(meld) == "added_kan" else (meld, "")
    own = [suit + d for d in re.findall(r"\d(?![\+\=\-])", body)]
    direction = called.group(2)
    side = (suit + called.group(1), "side")
    layout: list[tuple[str | None, str]] = [(t, "up") for t in own]
    position = {"-": 0, "=": 1, "+": len(layout)}[direction]
    layout.insert(position, side)
    if added:
        layout.insert(position + 1, (suit + added, "added"))
    return layout


def _meld_width(meld: str) -> float:
    return sum(TILE_H if how == "side" else TILE_W if how == "up" else 0 for _, how in meld_layout(meld))


def _draw_meld(p: Painter, meld: str, x: float, base: float, target: Any = None) -> float:
    """Draw a meld with its tiles' bottoms on ``base``; returns the width used."""
    start = x
    for tile, how in meld_layout(meld):
        if how == "up":
            _upright(p, tile, x, base - TILE_H)
            x += TILE_W
        elif how == "side":
            assert tile is not None
            _sideways(p, tile, x, base - TILE_W)
            x += TILE_H
        else:  # stacked on the sideways tile just drawn
            assert tile is not None
            _sideways(p, tile, x - TILE_H, base - 2 * TILE_W - 1)
    if target is not None:
        p.rect(start, base - TILE_H, x - start, TILE_H + THICK, fill="white", alpha=0.0, target=target)
    return x - start


class MeldPicture(Picture[str]):
    """One meld string on its own."""

    def size(self, state: str, ui: Any = None) -> tuple[int, int]:
        stacked = "added" in (how for _, how in meld_layout(state))
        height = (2 * TILE_W + 1 if stacked else TILE_H) + THICK
        return math.ceil(_meld_width(state) + 2 * MARGIN), math.ceil(height + 2 * MARGIN)

    def draw(self, painter: Painter, state: str, ui: Any = None) -> None:
        _, height = self.size(state)
        _draw_meld(painter, state, MARGIN, height - MARGIN - THICK)


# ------------------------------------------------------------------------------------ hands


class HandPicture(Picture[Hand]):
    """A hand: concealed tiles, the drawn tile apart, the melds, and a riichi stick above after riichi.

    ``ui`` may give ``HandUI(selected=i)`` to lift the i-th concealed tile (a widget's pending discard).
    """

    def _parts(self, hand: Hand) -> tuple[list[str | None], str | None]:
        tiles: list[str | None] = list(hand.concealed_tiles())
        drawn = hand.drawn if hand.drawn is not None and len(hand.drawn) <= 2 else None
        if drawn is not None and drawn != "_":
            tiles.remove(drawn)
        hidden = hand.hidden - (1 if drawn == "_" else 0)
        tiles += [None] * hidden
        return tiles, drawn

    def _top(self, hand: Hand) -> float:
        stacked = any("added" in (how for _, how in meld_layout(m)) for m in hand.melds)
        top = MARGIN + (2 * TILE_W + 1 - TILE_H if stacked else 0)
        return top + (14 if hand.riichi else 0) + 6  # room to lift a selected tile

    def size(self, state: Hand, ui: HandUI | None = None) -> tuple[int, int]:
        tiles, drawn = self._parts(state)
        width: float = MARGIN * 2 + len(tiles) * TILE_W
        if drawn is not None:
            width += GAP + TILE_W
        for meld in state.melds:
            width += GAP + _meld_width(meld)
        return math.ceil(max(width, 2 * MARGIN + TILE_W)), math.ceil(self._top(state) + TILE_H + THICK + MARGIN)

    def draw(self, painter: Painter, state: Hand, ui: HandUI | None = None) -> None:
        tiles, drawn = self._parts(state)
        selected = ui.selected if ui is not None else None
        top = self._top(state)
        x: float = MARGIN
        if state.riichi:
            stick_w = min(120, max(60, len(tiles) * TILE_W * 0.5))
            painter.round_rect(x, top - 16, stick_w, 7, 3.5, fill="#fbf8ee", stroke="#8c8574", line_width=0.8)
            painter.circle(x + stick_w / 2, top - 12.5, 2.4, fill="#c8102e")
        for i, tile in enumerate(tiles):
            lift = 6 if selected == i else 0
            _upright(painter, tile, x, top - lift, target=HandTile(i, tile or "_"))
            x += TILE_W
        if drawn is not None:
            x += GAP
            i = len(tiles)
            lift = 6 if selected == i else 0
            _upright(painter, None if drawn == "_" else drawn, x, top - lift, target=HandTile(i, drawn))
            x += TILE_W
        for j, meld in enumerate(state.melds):
            x += GAP
            x += _draw_meld(painter, meld, x, top + TILE_H, target=HandMeld(j, meld))


# ------------------------------------------------------------------------------------ rivers


class RiverPicture(Picture[River]):
    """A river in rows of ``per_row`` discards (six, as on a table)."""

    per_row = 6

    def size(self, state: River, ui: Any = None) -> tuple[int, int]:
        rows = [state.tiles[i:i + self.per_row] for i in range(0, max(len(state), 1), self.per_row)]
        width = max((sum(TILE_H if "*" in t else TILE_W for t in row) for row in rows), default=0)
        width = max(width, self.per_row * TILE_W)
        return math.ceil(width + 2 * MARGIN), math.ceil(len(rows) * (TILE_H + THICK + 2) + 2 * MARGIN)

    def draw(self, painter: Painter, state: River, ui: Any = None) -> None:
        x: float = MARGIN
        for k, tile in enumerate(state.tiles):
            row, col = divmod(k, self.per_row)
            if col == 0:
                x = MARGIN
            y = MARGIN + row * (TILE_H + THICK + 2)
            face = tile[:2]
            dim = 0.45 if tile[-1] in "+=-" else 0.12 if "_" in tile else 0.0
            if "*" in tile:
                _sideways(painter, face, x, y + TILE_H - TILE_W, target=RiverTile(k, tile), dim=dim)
                x += TILE_H
            else:
                _upright(painter, face, x, y, target=RiverTile(k, tile), dim=dim)
                x += TILE_W
