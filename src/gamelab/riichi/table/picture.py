"""How a riichi table looks: four seats around a felt, rivers of six, melds, scores, dora, the result.

:class:`RiichiGamePicture` is the play board's picture: the table of a
:class:`~gamelab.riichi.table.RiichiGame` seen from the learner's seat. It draws through
:class:`TablePicture`, which draws a :class:`TableView` – a snapshot of everything a table shows –
made from a live :class:`~gamelab.riichi.table.Table` (:meth:`TableView.of`) or from each event of a
record (:func:`record_views`, what the record viewer steps through).

The table is drawn as a real one looks from the bottom seat (the viewer's, 自家). Each seat's area –
its river (河) in rows of six with the riichi tile sideways, its concealed hand, its melds with the
called tile sideways on the side it came from, its hand laid open after a win or a tenpai draw, and
its edge of the centre panel (seat wind, score, riichi stick) – is drawn once, in the bottom seat's
frame, then turned around the table's centre: 0° for you, 90° anticlockwise for the next player on
the right (下家), 180° for the one opposite (対面), 90° clockwise for the previous player on the left
(上家). So every opponent's tiles face their owner, as across a real table.

The bottom seat's concealed tiles that may be discarded are click targets
(:class:`~gamelab.riichi.table.controls.Discard`). What else the player may do now – call a meld (吃
chi, 碰 pon, 槓 kan, each shown with its tiles), win (ツモ tsumo, ロン ron), riichi, pass, the next hand –
is offered on the table too, in the corner by the player's right hand, as :class:`Call` targets.

>>> from gamelab.riichi.table import Table
>>> view = TableView.of(Table(seed=1, qijia=0).run(), reveal=True)
>>> TablePicture().svg(view).startswith('<svg')
True
>>> game = RiichiGame.new(seed=1)
>>> RiichiGamePicture().svg(game) == TablePicture().svg(TableView.of(game.table, game.seat_id))
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from html import escape
from typing import Any, Mapping, Sequence

from ...pictures import CJK_FONT, Painter, Picture
from ...pictures.tiles import draw_tile_back, draw_tile_face
from .. import Hand, River
from ..picture import meld_layout
from ..scoring import YAKU_NAMES
from .engine import Table
from .game import RiichiGame

__all__ = ["Discard", "Call", "CALL_WORDS", "call_options", "call_label", "tile_words", "RiichiUI", "RiichiGamePicture", "TablePicture", "TableView", "record_views", "describe_event", "draw_tile",
           "result_lines", "result_html", "discard_view", "seat_angle", "winning_tile"]


@dataclass(frozen=True)
class Discard:
    """Click target: one of your tiles that you may discard now, named by its discard (``'m1'``; ``'m1_'``
    for the tile just drawn, shown apart)."""

    tile: str


@dataclass(frozen=True)
class Call:
    """Click target: one of the choices offered on the table now, by its action (``'pon z444='``,
    ``'ron'``, ``'pass'``, ``'riichi'`` – which asks for the tile to discard next)."""

    action: str


#: the words of each kind of choice: Chinese characters as on a mahjong table (吃 碰 槓 for the calls), and English
CALL_WORDS = {"chi": ("吃", "Chi"), "pon": ("碰", "Pon"), "kan": ("槓", "Kan"), "tsumo": ("ツモ", "Tsumo"),
              "ron": ("ロン", "Ron"), "riichi": ("立直", "Riichi"), "pass": ("", "Pass"), "next": ("", "Next hand ▶"),
              "nine": ("九種九牌", "Nine terminals"), "declare": ("テンパイ", "Declare tenpai")}

_HONOURS = "東南西北白發中"
_HONOUR_WORDS = ("East", "South", "West", "North", "white dragon", "green dragon", "red dragon")


def tile_words(tile: str, *, long: bool = False) -> str:
    """A tile as lesson 05's primer names it: the number, then the suit's letter (``'m4'`` is "4m", the
    4 of characters; ``'p0'`` "red 5p"), an honour by its character (``'z1'`` "東", ``'z5'`` "白");
    ``long`` adds an honour's English ("白 (white dragon)": the tile drawn blank).

    >>> tile_words("m1"), tile_words("p0_"), tile_words("z7"), tile_words("z5", long=True)
    ('1m', 'red 5p', '中', '白 (white dragon)')
    """
    suit, n = tile[0], int(tile[1])
    if suit == "z":
        return f"{_HONOURS[n - 1]} ({_HONOUR_WORDS[n - 1]})" if long else _HONOURS[n - 1]
    return f"red 5{suit}" if n == 0 else f"{n}{suit}"


def call_options(actions: Sequence[str]) -> list[str]:
    """The choices to offer on the table, from the legal actions: riichi if a riichi discard is legal,
    then every legal action that is not a plain discard (calls, wins, pass, next…).

    >>> call_options(["m1", "m2_", "riichi m2_", "tsumo"])
    ['riichi', 'tsumo']
    """
    offered = ["riichi"] if any(a.startswith("riichi ") for a in actions) else []
    for action in actions:
        if action.startswith("riichi ") or (" " not in action and action not in CALL_WORDS):
            continue
        offered.append(action)
    return offered


def call_label(action: str, riichi_pending: bool = False) -> str:
    """A choice in words: ``'pon z444='`` is "碰 Pon 北 北 北".

    >>> call_label("chi m1-23"), call_label("ron"), call_label("riichi", riichi_pending=True)
    ('吃 Chi 1m 2m 3m', 'ロン Ron', '立直 Riichi: click a tile…')
    """
    kind, _, meld = action.partition(" ")
    kanji, english = CALL_WORDS[kind]
    words = f"{kanji} {english}".strip()
    if kind == "riichi":
        return words + (": click a tile…" if riichi_pending else " (then click a tile)")
    if meld:
        tiles = [t for t, how in meld_layout(meld) if t is not None]
        order = sorted(tiles, key=lambda t: (t[0], int(t[1]) or 5))
        words += " " + " ".join(tile_words(t) for t in order)
    return words


@dataclass(frozen=True)
class RiichiUI:
    """Interface state: whether Riichi was pressed (the next tile clicked goes with riichi), and the
    discards that may declare it then (``'m1*'``), ringed on the table."""

    riichi: bool = False
    riichi_options: tuple[str, ...] = ()

# -- the table's geometry, in the bottom seat's frame: distances from the table's centre ------------------
PANEL = 100  # half the side of the centre panel
RIVER_W, RIVER_H = 27, 36  # a discard lying face up
RIVER_GAP = 3  # between rows of discards
RIVER_TOP = PANEL + 6  # the first row of discards, just in front of the panel
RIVER_ROWS = 4  # rows of six; discards beyond 24 stretch the last row
SMALL_W, SMALL_H = 24, 32  # an opponent's tiles, open melds and laid-open hands
HAND_TOP = 282  # an opponent's hand row: out of reach of the rivers (RIVER_TOP + 4 rows + room for a stacked kan)
HAND_HALF = 272  # an opponent's row stays within ±HAND_HALF ≤ HAND_TOP, so the corners stay free
BIG_W, BIG_H, BIG_THICK = 42, 57, 7  # your own standing tiles
MY_TOP = 292  # your hand row: below the side players' rows (which end at ±HAND_HALF)
MY_HALF = 312

CX, CY = 330, 328  # the table's centre on the canvas
WIDTH, HEIGHT = 660, 706
#: a table's still picture (what a notebook shows before its widget runs): PNG pixels per picture pixel, and
#: the size it is shown at, the board's own (a board shows its canvas at most 600 px tall)
STILL_SCALE = 1.0
STILL_SIZE = {"width": round(WIDTH * 600 / HEIGHT), "height": 600}
#: the box your hand row (tiles, melds, their rings) is drawn in: cleared when your discard is shown at once
MY_ROW = (CX - MY_HALF - 6, CY + MY_TOP - 4, 2 * MY_HALF + 12, BIG_H + BIG_THICK + 10)
# the choices offered now: buttons stacked upwards from just above your hand, in the free corner on the right
CALL_W, CALL_H, CALL_GAP = 200, 38, 4
CALL_RIGHT, CALL_BOTTOM = CX + 278, CY + MY_TOP - 6
CALL_COLORS = {"chi": ("#1f5fa8", "#9cc3f0"), "pon": ("#1f5fa8", "#9cc3f0"), "kan": ("#1f5fa8", "#9cc3f0"),
                "tsumo": ("#1e8a4c", "#b4f0c8"), "ron": ("#1e8a4c", "#b4f0c8"), "riichi": ("#c86a00", "#ffd08a"),
                "pass": ("#3a4a43", "#a9bdb3"), "next": ("#3a4a43", "#a9bdb3"), "nine": ("#6a3aa8", "#d0b8f0"),
                "declare": ("#6a3aa8", "#d0b8f0")}

FELT, FELT_DARK, FELT_LINE = "#1f5e43", "#174a34", "#2f7757"
PANEL_FILL, PANEL_EDGE = "#123a29", "#0b2a1d"
IVORY, IVORY_EDGE, IVORY_SIDE = "#fbf8ef", "#a39a86", "#e2d8bf"
TILE_BACK, TILE_BACK_EDGE = "#1f7a4d", "#155a38"
GOLD, CRIMSON = "#ffd45c", "#c8283c"
WIND_KANJI = "東南西北"
#: the turn of each seat's area, by its place relative to the viewer: you, next (下家), opposite (対面), previous (上家)
ANGLES = (0, -90, 180, 90)


def seat_angle(seat: int, me: int) -> int:
    """How far (degrees, clockwise) a seat's area is turned from the bottom seat's frame.

    The next player sits on your right (下家, -90°: turned anticlockwise), the previous on your left (上家).

    >>> [seat_angle(s, me=0) for s in range(4)]
    [0, -90, 180, 90]
    """
    return ANGLES[(seat - me) % 4]


def winning_tile(shoupai: str) -> str | None:
    """The tile a winning hand was completed with, as a ``hule`` event writes it (the last tile of the
    concealed part of a complete hand), or ``None`` for a hand waiting for a tile.

    >>> winning_tile('m123p456s789z11m4'), winning_tile('m123p456s789z111,z777=')
    (None, None)
    >>> winning_tile('m1234p456s789z111z1'), winning_tile('m555p5p0*,z111=,s7-89,p2222')
    ('z1', 'p0')
    """
    concealed = shoupai.split(",")[0].rstrip("*")
    count = len(re.findall(r"\d", concealed))
    if count % 3 != 2:
        return None
    match = re.search(r"([mpsz])(\d)$", concealed)
    return match.group(1) + match.group(2) if match else None


def _part(p: Painter, *name: Any) -> None:
    """Tell a painter that keeps a layout (the tests' overlap checker) which part of the table comes next."""
    begin = getattr(p, "begin_part", None)
    if begin is not None:
        begin(name)


# -- tiles ----------------------------------------------------------------------------------------------------
def _kind(tile: str) -> str:
    """The shared tile art's kind: ``'m5'`` → ``'5m'``."""
    return tile[1] + tile[0]


def draw_tile(p: Painter, x: float, y: float, w: float, h: float, tile: str | None, *, sideways: bool = False,
              dim: float | bool = 0.0, target: Any = None, highlight: str | None = None,
              thick: float = 3.0) -> None:
    """One tile lying face up in the box (x, y, w, h): ``tile`` like ``'m1'`` (``'p0'`` a red five), or its
    back (``None``).

    ``sideways`` lays it on its side (a riichi discard, a called tile): the box becomes h wide and w
    tall and the face turns a quarter to the left, as on a table. ``dim`` greys it (``True``: strongly),
    ``highlight`` rings it in a color, ``target`` makes it clickable.

    >>> from gamelab.pictures import RecordingPainter
    >>> p = RecordingPainter(100, 100); draw_tile(p, 0, 0, 30, 40, 'z1', target='t'); p.hit(15, 20)
    't'
    """
    if sideways:
        w, h = h, w
    r = min(w, h) * 0.12
    # The tile itself (shadow, body, face) is the same wherever it lies: a sprite, painted once per look
    # on a canvas, with a spare pixel on the top and left for the edges' strokes.
    p.sprite(("riichi-tile", tile, w, h, sideways, thick), x - 1, y - 1, w + 3, h + thick + 3,
             lambda q, sx, sy: _paint_tile(q, sx + 1, sy + 1, w, h, tile, sideways, thick))
    if dim:
        p.round_rect(x, y, w, h, r, fill="#1b1b1b", alpha=0.45 if dim is True else float(dim))
    if highlight:
        p.round_rect(x - 1.5, y - 1.5, w + 3, h + 3, r + 1, stroke=highlight, line_width=2.5)
    if target is not None:
        p.rect(x, y, w, h + thick, fill="white", alpha=0.0, target=target)


def _paint_tile(p: Painter, x: float, y: float, w: float, h: float, tile: str | None, sideways: bool,
                thick: float) -> None:
    """Shadow, body and face of a tile lying face up in (x, y, w, h) (already turned if sideways)."""
    r = min(w, h) * 0.12
    p.round_rect(x + 1, y + thick + 1, w, h, r, fill="black", alpha=0.22)  # shadow on the felt
    p.round_rect(x, y + thick, w, h, r, fill=TILE_BACK, stroke=TILE_BACK_EDGE, line_width=0.7)
    if tile is None:
        draw_tile_back(p, x, y, w, h)
        return
    p.round_rect(x, y + thick * 0.5, w, h, r, fill=IVORY_SIDE, stroke=IVORY_EDGE, line_width=0.6)
    p.round_rect(x, y, w, h, r, fill=IVORY, stroke=IVORY_EDGE, line_width=0.7)
    if sideways:
        cx, cy = x + w / 2, y + h / 2
        with p.rotated(-90, cx, cy):
            draw_tile_face(p, _kind(tile), cx - h / 2, cy - w / 2, h, w, background=False)
    else:
        draw_tile_face(p, _kind(tile), x, y, w, h, background=False)


def _standing(p: Painter, x: float, y: float, w: float, h: float, tile: str | None, *, dim: bool = False,
              target: Any = None, highlight: str | None = None) -> None:
    """One of your own tiles standing, seen from the front: its face, its body showing below."""
    r = w * 0.11
    p.sprite(("riichi-standing", tile, w, h), x - 1, y - 1, w + 3, h + BIG_THICK + 3,
             lambda q, sx, sy: _paint_standing(q, sx + 1, sy + 1, w, h, tile))
    if dim:
        p.round_rect(x, y, w, h + BIG_THICK, r, fill="#2a2a2a", alpha=0.45)
    if highlight:
        p.round_rect(x - 2, y - 2, w + 4, h + BIG_THICK + 4, r + 2, stroke=highlight, line_width=3)
    if target is not None:
        p.rect(x, y, w, h + BIG_THICK, fill="white", alpha=0.0, target=target)


def _paint_standing(p: Painter, x: float, y: float, w: float, h: float, tile: str | None) -> None:
    """Shadow, body and face of one of your own standing tiles (a sprite: the same wherever it stands)."""
    r = w * 0.11
    p.round_rect(x + 1, y + BIG_THICK + 1, w, h, r, fill="black", alpha=0.25)
    p.round_rect(x, y + BIG_THICK, w, h, r, fill=TILE_BACK, stroke=TILE_BACK_EDGE, line_width=0.8)
    if tile is None:
        draw_tile_back(p, x, y, w, h)
        return
    p.round_rect(x, y + BIG_THICK * 0.55, w, h, r, fill=IVORY_SIDE, stroke=IVORY_EDGE, line_width=0.7)
    p.round_rect(x, y, w, h, r, fill=IVORY, stroke=IVORY_EDGE, line_width=0.8)
    draw_tile_face(p, _kind(tile), x, y, w, h, background=False)


def _standing_back(p: Painter, x: float, y: float, w: float) -> None:
    """An opponent's concealed tile standing in its row, seen from above: the green back towards the
    centre, the ivory face towards its owner (the bottom of the seat's frame). A sprite."""
    p.sprite(("riichi-standing-back", w), x - 1, y - 1, w + 3, 30,
             lambda q, sx, sy: _paint_standing_back(q, sx + 1, sy + 1, w))


def _paint_standing_back(p: Painter, x: float, y: float, w: float) -> None:
    p.round_rect(x + 1, y + 2, w, 26, 3, fill="black", alpha=0.22)
    p.round_rect(x, y, w, 26, 3, fill=IVORY, stroke=IVORY_EDGE, line_width=0.7)
    p.round_rect(x, y, w, 19, 3, fill=TILE_BACK, stroke=TILE_BACK_EDGE, line_width=0.7)
    p.line(x + 3, y + 4, x + w - 3, y + 4, stroke="#3c9a6a", line_width=1)


def _concealed_order(hand: Hand) -> tuple[list[str], str | None]:
    """Concealed tiles in order without the drawn tile, and the drawn tile (shown apart)."""
    tiles = hand.concealed_tiles()
    drawn = hand.drawn if hand.drawn is not None and len(hand.drawn) == 2 else None
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
    return tiles, drawn


def _meld_width(meld: str, w: float, h: float, gap: float = 1.0) -> float:
    return sum((h if how == "side" else w) + gap for _, how in meld_layout(meld) if how != "added")


def _draw_meld(p: Painter, meld: str, right: float, base: float, w: float, h: float, gap: float = 1.0,
               thick: float = 3.0) -> float:
    """A meld lying face up, ending at x = ``right`` with its tiles' outer edges on ``base``; returns its left.

    The called tile lies sideways – on the left from the previous player (``-``), in the middle from
    the one opposite (``=``), on the right from the next player (``+``); an added kan's fourth tile
    lies on the sideways one; a closed kan shows its two end tiles face down.
    """
    x = right - _meld_width(meld, w, h, gap) + gap
    left = x
    for tile, how in meld_layout(meld):
        if how == "up":
            draw_tile(p, x, base - h - thick, w, h, tile, thick=thick)
            x += w + gap
        elif how == "side":
            draw_tile(p, x, base - w - thick, w, h, tile, sideways=True, thick=thick)
            x += h + gap
        else:  # the added kan's tile, on top of the sideways one just drawn
            draw_tile(p, x - h - gap, base - 2 * w - thick - 1, w, h, tile, sideways=True, thick=thick)
    return left


@dataclass
class TableView:
    """Everything a table shows, by seat (0 = the dealer), with ``me`` the seat drawn at the bottom."""

    hands: list[Hand]
    rivers: list[River]
    names: list[str]
    points: list[int]
    round_wind: int = 0
    hand_number: int = 0
    honba: int = 0
    sticks: int = 0
    tiles_left: int = 70
    dora_indicators: Sequence[str] = ()
    me: int = 0
    turn: int = -1
    riichi: list[bool] = field(default_factory=lambda: [False] * 4)
    hidden: list[bool] = field(default_factory=lambda: [False] * 4)
    options: Sequence[str] | None = None  # my legal discards (None: I may not discard now)
    result: dict[str, Any] | None = None  # the hule/pingju event to show, if any
    caption: str = ""
    results: Sequence[dict[str, Any]] = ()  # every hule/pingju of the hand (a double ron has two); default [result]
    status: str = ""  # the table's status: after 'dapai' the last discard is marked
    calls: Sequence[str] = ()  # the choices offered to the viewer now (:func:`call_options`)

    @classmethod
    def of(cls, table: Table, me: int | None = None, reveal: bool = False, result: bool = True) -> "TableView":
        """A view of a live table; ``me`` is a player id (default: the dealer's seat at the bottom).

        Other hands are face down unless ``reveal``, or laid open by the hand's end: the winner's, and
        at a draw the hands shown tenpai.
        """
        seat = table.seat_of(me) if me is not None else 0
        over = table.status in ("hule", "pingju", "jieju")
        options = None
        if me is not None and table.turn == seat and table.status in ("zimo", "gangzimo", "fulou"):
            options = table.discard_options(seat)
        ends: list[dict[str, Any]] = []
        if over and table.paipu.get("log"):
            ends = [e for e in table.paipu["log"][-1] if "hule" in e or "pingju" in e]
        hands = [h.copy() for h in table.hands]
        shown = set()
        for end in ends:
            if "hule" in end:
                shown.add(end["hule"]["l"])
                hands[end["hule"]["l"]] = Hand.from_string(end["hule"]["shoupai"])  # with the ron tile
            else:
                shown.update(s for s, text in enumerate(end["pingju"]["shoupai"]) if text)
        last = table.results[-1] if (result and over and table.results) else None
        points = [table.points[table.player_id[s]] for s in range(4)]
        if last is not None:  # the result shows the scores before the hand's payments, then after
            for end in ends if table.status == "jieju" else ends[:-1]:
                pay = next(iter(end.values()))["fenpei"]
                points = [x - d for x, d in zip(points, pay)]
        return cls(
            hands=hands, rivers=[r.copy() for r in table.rivers],
            names=[table.names[table.player_id[s]] for s in range(4)], points=points,
            round_wind=table.round_wind, hand_number=table.hand_number, honba=table.honba,
            sticks=table.riichi_sticks, tiles_left=table.tiles_left,
            dora_indicators=tuple(table.wall.dora_indicators) if table.wall else (),
            me=seat, turn=table.turn, riichi=[bool(h.riichi) for h in table.hands],
            hidden=[not (reveal or s == seat or s in shown) for s in range(4)], options=options, result=last,
            results=tuple(ends) if last is not None else (), status=table.status,
        )


DRAW_NAMES = {"荒牌平局": "exhaustive draw", "流し満貫": "nagashi mangan", "九種九牌": "nine terminals",
              "四風連打": "four winds", "四家立直": "four riichi", "四開槓": "four kans", "三家和": "triple ron"}


class TablePicture(Picture[TableView]):
    """The table from the bottom seat's point of view (see the module docstring)."""

    background = FELT

    def size(self, state: TableView, ui: RiichiUI | None = None) -> tuple[int, int]:
        return WIDTH, HEIGHT

    def png_bundle(self, state: TableView, ui: RiichiUI | None = None) -> tuple[bytes, dict[str, int]]:
        # the still picture a notebook stores beside a table widget (shown until the widget runs): one pixel
        # per picture pixel keeps a lesson with four tables light
        return self.png(state, ui, scale=STILL_SCALE), dict(STILL_SIZE)

    def __repr__(self) -> str:
        return "TablePicture()"

    def draw(self, p: Painter, v: TableView, ui: RiichiUI | None = None) -> None:
        p.round_rect(6, 6, WIDTH - 12, HEIGHT - 12, 18, stroke=FELT_LINE, line_width=2)
        _part(p, "panel")
        self._panel(p, v)
        for k in range(4):  # each seat's area, drawn in the bottom seat's frame and turned to its place
            seat = (v.me + k) % 4
            with p.rotated(ANGLES[k], CX, CY):
                _part(p, "edge", seat)
                self._panel_edge(p, v, seat)
                _part(p, "river", seat)
                self._river(p, v, seat)
                if k:
                    self._opponent(p, v, seat)
        self._mine(p, v, ui)
        if v.calls:
            _part(p, "calls")
            self._calls(p, v, ui)
        results = list(v.results) or ([v.result] if v.result is not None else [])
        if results:
            _part(p, "result")
            self._result(p, v, results)
        if v.caption:
            p.text(WIDTH / 2, HEIGHT - 8, v.caption, size=12, fill="#d7e7dc", baseline="bottom", family=CJK_FONT)

    # -- the centre panel: the round, the sticks, the wall, the dora; each seat's edge faces it -------------
    def _panel(self, p: Painter, v: TableView) -> None:
        p.round_rect(CX - PANEL + 2, CY - PANEL + 3, 2 * PANEL, 2 * PANEL, 12, fill="black", alpha=0.25)
        p.round_rect(CX - PANEL, CY - PANEL, 2 * PANEL, 2 * PANEL, 12, fill=PANEL_FILL, stroke=PANEL_EDGE,
                     line_width=2)
        p.round_rect(CX - PANEL + 32, CY - PANEL + 32, 2 * PANEL - 64, 2 * PANEL - 64, 8, fill="#0d2c1f")
        p.text(CX, CY - 48, f"{WIND_KANJI[v.round_wind]}{v.hand_number + 1}局", size=19, fill="white", bold=True,
               family=CJK_FONT)
        # honba (100-point sticks) and riichi deposits (1000-point sticks), each with its stick
        for i, (count, dot) in enumerate(((v.honba, "#222"), (v.sticks, CRIMSON))):
            x = CX - 58 + i * 60
            p.round_rect(x, CY - 31, 24, 5, 2.5, fill="white", stroke="#999", line_width=0.5)
            if dot == CRIMSON:
                p.circle(x + 12, CY - 28.5, 1.8, fill=CRIMSON)
            else:
                for d in (-6, -2, 2, 6):
                    p.circle(x + 12 + d, CY - 28.5, 0.9, fill=dot)
            p.text(x + 28, CY - 28, f"×{count}", size=12, fill="#e6efe9", align="left")
        p.text(CX, CY - 15, "ドラ", size=9, fill="#9fc2ad", family=CJK_FONT)
        indicators = list(v.dora_indicators)[:5]
        for i in range(5):
            draw_tile(p, CX - 52 + i * 21, CY - 6, 20, 26, indicators[i] if i < len(indicators) else None, thick=2)
        p.text(CX, CY + 42, f"残り {v.tiles_left}", size=13, fill="white", bold=True, family=CJK_FONT)

    def _panel_edge(self, p: Painter, v: TableView, seat: int) -> None:
        """The seat's edge of the panel, in its frame: wind (red for the dealer), score, name, riichi stick."""
        y = CY + PANEL - 19
        if seat == v.turn and v.result is None:
            p.round_rect(CX - 66, CY + PANEL - 30, 132, 27, 6, fill=GOLD, alpha=0.16)
            p.line(CX - 60, CY + PANEL - 1.5, CX + 60, CY + PANEL - 1.5, stroke=GOLD, line_width=3)
        p.circle(CX - 52, y, 10, fill=CRIMSON if seat == 0 else "#2c5a45", stroke="#0b2a1d")
        p.text(CX - 52, y + 0.5, WIND_KANJI[seat], size=13, fill="white", bold=True, family=CJK_FONT)
        p.text(CX + 4, y, str(v.points[seat]), size=16, fill=GOLD if seat == v.turn else "white", bold=True)
        p.text(CX + 34, y + 1, v.names[seat][:7], size=9, fill="#b9d3c3", align="left", family=CJK_FONT)
        if v.riichi[seat]:  # the 1000-point stick put down in front of the player
            p.round_rect(CX - 34, CY + PANEL - 8, 68, 5, 2.5, fill="white", stroke="#888", line_width=0.5)
            p.circle(CX, CY + PANEL - 5.5, 2, fill=CRIMSON)

    # -- a river: rows of six in front of the panel ------------------------------------------------------
    def _river(self, p: Painter, v: TableView, seat: int) -> None:
        tiles = v.rivers[seat].tiles
        last = len(tiles) - 1 if (v.status == "dapai" and seat == v.turn) else -1
        for i in range(len(tiles)):
            self._river_tile(p, tiles, i, last=i == last)

    @staticmethod
    def _river_tile(p: Painter, tiles: Sequence[str], i: int, last: bool = False) -> None:
        """Discard ``i`` of a river in its place: rows of six (the last row takes what is left), a riichi
        tile on its side, a called one dimmed, one thrown straight from the wall dimmed slightly; ``last``
        rings it."""
        row = min(i // 6, RIVER_ROWS - 1)
        x = CX - PANEL + sum(RIVER_H if "*" in t else RIVER_W for t in tiles[row * 6:i])
        y = CY + RIVER_TOP + row * (RIVER_H + RIVER_GAP)
        entry = tiles[i]
        called = entry[-1] in "+=-"
        dim: float = 0.5 if called else 0.13 if "_" in entry else 0.0
        highlight = GOLD if last else None
        if "*" in entry:
            draw_tile(p, x, y + RIVER_H - RIVER_W, RIVER_W, RIVER_H, entry[:2], sideways=True, dim=dim,
                      highlight=highlight)
        else:
            draw_tile(p, x, y, RIVER_W, RIVER_H, entry[:2], dim=dim, highlight=highlight)

    # -- an opponent's hand and melds, at the seat's edge ------------------------------------------------
    def _opponent(self, p: Painter, v: TableView, seat: int) -> None:
        hand = v.hands[seat]
        base = CY + HAND_TOP + SMALL_H + 3  # the outer edge of the row
        left: float = CX + HAND_HALF + 10
        _part(p, "melds", seat)
        for meld in reversed(hand.melds):
            left = _draw_meld(p, meld, left - 10, base, SMALL_W, SMALL_H) - 1
        _part(p, "hand", seat)
        hidden = v.hidden[seat]
        tiles, drawn, won = self._open_tiles(v, seat)
        if hidden:
            count = len(hand.concealed_tiles()) + hand.hidden
            has_drawn = hand.drawn is not None and len(hand.drawn) <= 2
            faces: list[str | None] = [None] * (count - (1 if has_drawn else 0))
            extra: str | None = "_" if has_drawn else None
        else:
            faces, extra = list(tiles), drawn
        step = SMALL_W + 1
        width = len(faces) * step + (8 + SMALL_W if extra else 0)
        x = min(CX - width / 2, left - 14 - width)
        x = max(x, CX - HAND_HALF)
        for face in faces:
            if hidden:
                _standing_back(p, x, CY + HAND_TOP + 4, SMALL_W)
            else:
                draw_tile(p, x, base - SMALL_H - 3, SMALL_W, SMALL_H, face)
            x += step
        if extra:
            x += 8
            if hidden:
                _standing_back(p, x, CY + HAND_TOP + 4, SMALL_W)
            else:
                draw_tile(p, x, base - SMALL_H - 3, SMALL_W, SMALL_H, extra, highlight=GOLD if won else None)

    def _open_tiles(self, v: TableView, seat: int) -> tuple[list[str], str | None, bool]:
        """A hand's concealed tiles, the tile set apart (the drawn one, or the winning one), and whether it won."""
        hand = v.hands[seat]
        tiles, drawn = _concealed_order(hand)
        results = list(v.results) or ([v.result] if v.result is not None else [])
        for end in results:
            if "hule" in end and end["hule"]["l"] == seat:
                tile = winning_tile(end["hule"]["shoupai"])
                everything = tiles + ([drawn] if drawn else [])
                if tile is not None and tile in everything:
                    everything.remove(tile)
                    return sorted(everything, key=_order), tile, True
        return tiles, drawn, False

    # -- your discard, shown at once ------------------------------------------------------------------
    def draw_discard(self, p: Painter, v: TableView, ui: RiichiUI | None = None) -> None:
        """Over the frame on screen, only what your own discard changes: your hand row, and the tile in
        its place in your river, ringed as the last discard (``v`` is the table with it already moved).

        The play board shows this the moment you click, as a small part, before the other seats play;
        the whole table follows when they have.
        """
        p.rect(*MY_ROW, fill=self.background)
        self._mine(p, v, ui)
        tiles = v.rivers[v.me].tiles
        if tiles:
            self._river_tile(p, tiles, len(tiles) - 1, last=True)

    # -- your own hand: large, standing, clickable ------------------------------------------------------
    def _mine(self, p: Painter, v: TableView, ui: RiichiUI | None) -> None:
        hand = v.hands[v.me]
        tiles, drawn, won = self._open_tiles(v, v.me)
        mw, mh = 30, 40
        melds_width = sum(_meld_width(m, mw, mh) + 8 for m in hand.melds)
        if melds_width + (len(tiles) + 1) * (BIG_W + 1) + 24 > 2 * MY_HALF:  # four big melds: smaller tiles
            mw, mh = 25, 34
        base = CY + MY_TOP + BIG_H + BIG_THICK
        left: float = CX + MY_HALF + 8
        _part(p, "melds", v.me)
        for meld in reversed(hand.melds):
            left = _draw_meld(p, meld, left - 8, base, mw, mh, thick=4) - 1
        _part(p, "hand", v.me)
        hidden = v.hidden[v.me]
        faces: list[str | None] = list(tiles)
        if hidden and hand.hidden:  # a record seen from a seat whose tiles are unknown
            faces = [None] * (len(hand.concealed_tiles()) + hand.hidden)
            drawn = None
        step = BIG_W + 1
        width = len(faces) * step + (12 + BIG_W if drawn else 0)
        x = min(CX - width / 2, left - 16 - width)
        x = max(x, CX - MY_HALF)
        options = v.options
        plain = {o for o in options or () if not o.endswith("_")}
        riichi_marks = ui.riichi_options if ui is not None and ui.riichi else ()
        y = CY + MY_TOP
        for tile in faces:
            discard = tile if options is not None and tile in plain else None  # what a click on it plays
            _standing(p, x, y, BIG_W, BIG_H, None if hidden else tile, dim=options is not None and discard is None,
                      target=Discard(discard) if discard else None,
                      highlight="#ffb000" if discard and discard + "*" in riichi_marks else None)
            x += step
        if drawn is not None:
            x += 12
            option = drawn + "_"
            legal = options is not None and option in options
            _standing(p, x, y, BIG_W, BIG_H, None if hidden else drawn, dim=options is not None and not legal,
                      target=Discard(option) if legal else None,
                      highlight=GOLD if won else "#ffb000" if legal and option + "*" in riichi_marks else None)

    # -- the choices offered now, by your right hand -------------------------------------------------------
    def _calls(self, p: Painter, v: TableView, ui: RiichiUI | None) -> None:
        """One button per choice, stacked upwards from just above your hand, on the right (the corner
        between your river and your right neighbour's): the words, and the tiles a call would take."""
        pending = ui is not None and ui.riichi
        x = CALL_RIGHT - CALL_W
        for k, action in enumerate(reversed(v.calls)):
            y = CALL_BOTTOM - (k + 1) * CALL_H - k * CALL_GAP
            kind, _, meld = action.partition(" ")
            fill, edge = CALL_COLORS.get(kind, CALL_COLORS["pass"])
            if kind == "riichi" and pending:
                fill, edge = "#ffb000", "#fff3c4"
            p.round_rect(x + 2, y + 3, CALL_W, CALL_H, 8, fill="black", alpha=0.35)
            p.round_rect(x, y, CALL_W, CALL_H, 8, fill=fill, stroke=edge, line_width=2, target=Call(action))
            kanji, english = CALL_WORDS[kind]
            left = x + 10
            if kanji:
                p.text(left, y + CALL_H / 2 + 1, kanji, size=19 if len(kanji) == 1 else 14, fill="white", bold=True,
                       align="left", family=CJK_FONT)
                left += 24 if len(kanji) == 1 else 15 * len(kanji) + 6
            label = english + (": click a tile" if kind == "riichi" and pending else "")
            p.text(left, y + CALL_H / 2 + 1, label, size=14, fill="white", bold=True, align="left")
            if meld:
                _draw_meld(p, meld, x + CALL_W - 8, y + CALL_H - 4, 21, 28, thick=2)
            elif kind == "ron" and v.turn >= 0 and v.rivers[v.turn].tiles:
                draw_tile(p, x + CALL_W - 30, y + 4, 22, 28, v.rivers[v.turn].tiles[-1][:2], thick=2)
            elif kind == "tsumo" and v.hands[v.me].drawn:
                draw_tile(p, x + CALL_W - 30, y + 4, 22, 28, str(v.hands[v.me].drawn)[:2], thick=2)

    # -- the result, over the centre ---------------------------------------------------------------------
    def _result(self, p: Painter, v: TableView, results: list[dict[str, Any]]) -> None:
        rows: list[tuple[str, Any]] = []  # (kind, content) drawn top to bottom
        for n, end in enumerate(results):
            if n:
                rows.append(("rule", None))
            if "hule" in end:
                h = end["hule"]
                how = "Tsumo ツモ" if h.get("baojia") is None else f"Ron ロン from {v.names[h['baojia']]}"
                rows.append(("title", f"{v.names[h['l']]} ({WIND_KANJI[h['l']]}) wins · {how}"))
                rows.append(("hand", h["shoupai"]))
                yaku = [(y["name"], f"{y['fanshu']} han" if isinstance(y["fanshu"], int)
                         else "役満" if len(str(y["fanshu"])) <= 1 else "ダブル役満") for y in h["hupai"]]
                for i in range(0, len(yaku), 2):
                    rows.append(("yaku", yaku[i:i + 2]))
                value = (f"{'' if h['damanguan'] == 1 else str(h['damanguan']) + '× '}yakuman" if h.get("damanguan")
                         else f"{h.get('fu')} fu {h.get('fanshu')} han")
                rows.append(("value", f"{value} = {h['defen']} points"))
                rows.append(("dora", (list(v.dora_indicators), h.get("fubaopai") or [])))
            else:
                d = end["pingju"]
                english = DRAW_NAMES.get(d["name"], "")
                rows.append(("title", f"Draw: {d['name']}" + (f" ({english})" if english else "")))
                if d["name"] in ("荒牌平局", "流し満貫"):
                    tenpai = [v.names[s] for s, shown in enumerate(d["shoupai"]) if shown]
                    rows.append(("line", "Tenpai: " + (", ".join(tenpai) if tenpai else "nobody")))
            rows.append(("pay", next(iter(end.values()))["fenpei"]))
        heights = {"title": 24, "hand": 42, "yaku": 17, "value": 22, "dora": 32, "line": 20, "pay": 52, "rule": 10}
        w = 440
        h = 20 + sum(heights[kind] for kind, _ in rows)
        x0, y0 = CX - w / 2, CY - h / 2
        p.round_rect(x0 + 3, y0 + 4, w, h, 12, fill="black", alpha=0.35)
        p.round_rect(x0, y0, w, h, 12, fill="#0b1f16", stroke=GOLD, line_width=2)
        y = y0 + 10
        base = list(v.points)
        for kind, content in rows:
            if kind == "title":
                p.text(CX, y + 12, content, size=16, fill=GOLD, bold=True, family=CJK_FONT)
            elif kind == "hand":
                _winning_hand(p, content, x0 + 20, y + 36, w - 40)
            elif kind == "yaku":
                for j, (name, han) in enumerate(content):
                    left = x0 + 40 + j * 190
                    p.text(left, y + 9, name, size=13, fill="white", align="left", family=CJK_FONT)
                    p.text(left + 170, y + 9, han, size=13, fill="#cfe3d6", align="right", family=CJK_FONT)
            elif kind == "value":
                p.text(CX, y + 12, content, size=15, fill="white", bold=True, family=CJK_FONT)
            elif kind == "line":
                p.text(CX, y + 10, content, size=13, fill="white", family=CJK_FONT)
            elif kind == "dora":
                dora, ura = content
                p.text(x0 + 40, y + 15, "ドラ", size=11, fill="#9fc2ad", align="left", family=CJK_FONT)
                for i, tile in enumerate(dora[:5]):
                    draw_tile(p, x0 + 72 + i * 19, y + 3, 18, 24, tile, thick=2)
                if ura:
                    p.text(x0 + 236, y + 15, "裏ドラ", size=11, fill="#9fc2ad", align="left", family=CJK_FONT)
                    for i, tile in enumerate(ura[:5]):
                        draw_tile(p, x0 + 278 + i * 19, y + 3, 18, 24, tile, thick=2)
            elif kind == "pay":  # several results (a double ron) pay one after the other
                for k in range(4):
                    seat = (v.me + k) % 4
                    cx = x0 + w * (k + 0.5) / 4
                    delta = content[seat]
                    p.text(cx, y + 9, f"{WIND_KANJI[seat]} {v.names[seat][:9]}", size=11, fill="#b9d3c3",
                           family=CJK_FONT)
                    color = "#8fe3a5" if delta > 0 else "#ff9b8f" if delta < 0 else "#cfe3d6"
                    p.text(cx, y + 26, f"{delta:+d}" if delta else "±0", size=14, fill=color, bold=True)
                    p.text(cx, y + 42, f"{base[seat]} → {base[seat] + delta}", size=10, fill="#9fc2ad")
                base = [b + d for b, d in zip(base, content)]
            else:
                p.line(x0 + 20, y + 5, x0 + w - 20, y + 5, stroke="#2f7757")
            y += heights[kind]


def _winning_hand(p: Painter, shoupai: str, left: float, base: float, room: float) -> None:
    """A winning hand upright in one row, centred in ``room``: concealed tiles, the winning tile apart and
    ringed, then the melds – as a result screen shows it, whichever seat won."""
    hand = Hand.from_string(shoupai)
    tiles = sorted(hand.concealed_tiles(), key=_order)
    won = winning_tile(shoupai)
    if won is not None and won in tiles:
        tiles.remove(won)
    w, h = 22.0, 29.0
    needed = (len(tiles) + (1 if won else 0)) * (w + 1) + 8 + sum(8 + _meld_width(m, w, h) for m in hand.melds)
    if needed > room:  # many kans: smaller tiles
        w, h = w * room / needed, h * room / needed
        needed = room
    x = left + (room - needed) / 2
    for tile in tiles:
        draw_tile(p, x, base - h - 2, w, h, tile, thick=2)
        x += w + 1
    if won is not None:
        x += 8
        draw_tile(p, x, base - h - 2, w, h, won, thick=2, highlight=GOLD)
        x += w + 1
    for meld in hand.melds:
        x += 8
        right = x + _meld_width(meld, w, h)
        _draw_meld(p, meld, right, base, w, h, thick=2)
        x = right


def _order(tile: str) -> tuple[int, int]:
    """Sort key of a tile in a hand: suits m, p, s, z, red fives with the fives."""
    return "mpsz".index(tile[0]), int(tile[1]) if tile[1] != "0" else 5


def result_lines(result: dict[str, Any], names: Sequence[str]) -> list[str]:
    """A hand's result in a few lines: winner, yaku, fu/han, points, payments; or the draw.

    >>> result_lines({'pingju': {'name': '荒牌平局', 'shoupai': ['m1', '', '', ''], 'fenpei': [3000, -1000, -1000, -1000]}}, ['A', 'B', 'C', 'D'])
    ['Draw: 荒牌平局', 'tenpai: A', 'A +3000, B -1000, C -1000, D -1000']
    """
    if "hule" in result:
        h = result["hule"]
        who = names[h["l"]]
        how = "tsumo" if h.get("baojia") is None else f"ron from {names[h['baojia']]}"
        # each yaku in English, then majiang-core's name as the table shows it: "Riichi 立直 1"
        yaku = ", ".join(f"{YAKU_NAMES.get(y['name'], '')} {y['name']} "
                         f"{y['fanshu'] if isinstance(y['fanshu'], int) else '役満' * len(y['fanshu'])}".lstrip()
                         for y in h["hupai"])
        value = f"{h['damanguan']}× yakuman" if h.get("damanguan") else f"{h.get('fu')} fu {h.get('fanshu')} han"
        pay = ", ".join(f"{names[s]} {d:+d}" for s, d in enumerate(h["fenpei"]) if d)
        return [f"{who} wins by {how}", yaku, f"{value} = {h['defen']} points", pay]
    d = result["pingju"]
    tenpai = [names[s] for s, shown in enumerate(d["shoupai"]) if shown]
    lines = [f"Draw: {d['name']}"]
    if d["name"] in ("荒牌平局", "流し満貫"):
        lines.append("tenpai: " + (", ".join(tenpai) if tenpai else "nobody"))
    if any(d["fenpei"]):
        lines.append(", ".join(f"{names[s]} {x:+d}" for s, x in enumerate(d["fenpei"])))
    return lines


def result_html(table: Table) -> str:
    """The result panel's text: the last hand's result (:func:`result_lines`), the first line in bold.

    >>> result_html(RiichiGame.new(seed=1, rules={'場数': 0}).table)
    '<i>No hand finished yet.</i>'
    """
    if not table.results:
        return "<i>No hand finished yet.</i>"
    names = [table.names[table.player_id[s]] for s in range(4)]
    finished = [log for log in table.paipu["log"] if log and ("hule" in log[-1] or "pingju" in log[-1])]
    seat_names = _seat_names(table, finished[-1]) if finished else None
    lines = result_lines(table.results[-1], seat_names or names)
    return "<b>" + escape(lines[0]) + "</b><br>" + "<br>".join(escape(line) for line in lines[1:])


def _seat_names(table: Table, log: list[dict[str, Any]]) -> list[str] | None:
    """Player names by seat for the hand a log belongs to."""
    if not log or "qipai" not in log[0]:
        return None
    jushu = log[0]["qipai"]["jushu"]
    return [table.names[(table.qijia + jushu + s) % 4] for s in range(4)]


def discard_view(game: RiichiGame, action: str) -> TableView | None:
    """The table as your discard ``action`` leaves it before the others play (for
    :meth:`TablePicture.draw_discard`), or None if ``action`` is no discard this picture can show ahead.

    >>> game = RiichiGame.new(seed=1, rules={'場数': 0})
    >>> str(discard_view(game, 'm1').rivers[0]), discard_view(game, 'pass')
    ('m1', None)
    """
    found = re.fullmatch(r"(riichi )?([mpsz]\d_?)", action)
    if found is None:  # not a discard
        return None
    tile = found.group(2) + ("*" if found.group(1) else "")
    view = TableView.of(game.table, game.seat_id)
    try:
        view.hands[view.me].discard(tile)
        view.rivers[view.me].discard(tile)
    except ValueError:  # not a discard this picture can show ahead: the real frame follows anyway
        return None
    view.options, view.turn, view.status = None, view.me, "dapai"
    return view


class RiichiGamePicture(Picture[RiichiGame]):
    """The table of a :class:`RiichiGame` seen from the learner's seat: the play board's picture."""

    background = FELT
    table = TablePicture()

    def size(self, state: RiichiGame, ui: RiichiUI | None = None) -> tuple[int, int]:
        return WIDTH, HEIGHT

    def png_bundle(self, state: RiichiGame, ui: RiichiUI | None = None) -> tuple[bytes, dict[str, int]]:
        return self.png(state, ui, scale=STILL_SCALE), dict(STILL_SIZE)  # as TablePicture's

    def draw(self, p: Painter, state: RiichiGame, ui: RiichiUI | None = None) -> None:
        view = TableView.of(state.table, state.seat_id)
        view.calls = call_options(state.legal_actions())
        self.table.draw(p, view, ui)


# -- a record (牌譜 paipu), one view per event ---------------------------------------------------------------


def describe_event(event: Mapping[str, Any], names: list[str]) -> str:
    """One event in words, e.g. ``'Bot 2 discards 1m (riichi)'``."""
    kind, data = next(iter(event.items()))
    who = names[data["l"]] if isinstance(data, Mapping) and "l" in data else ""
    if kind == "qipai":
        return "deal"
    if kind in ("zimo", "gangzimo"):
        return f"{who} draws {tile_words(data['p'])}" + (" (after a kan)" if kind == "gangzimo" else "")
    if kind == "dapai":
        return f"{who} discards {tile_words(data['p'])}" + (" (riichi)" if "*" in data["p"] else "")
    if kind == "fulou":
        return f"{who} calls {data['m']}"
    if kind == "gang":
        return f"{who} declares kan {data['m']}"
    if kind == "kaigang":
        return f"new dora indicator {tile_words(data['baopai'])}"
    if kind == "hule":
        return f"{who} wins, {data['defen']} points"
    if kind == "pingju":
        return f"draw: {data['name']}"
    return kind


def record_views(paipu: Mapping[str, Any]) -> list[TableView]:
    """A view after every event of every hand of a game record (牌譜 paipu), all hands face up (a record
    shows everything), each with its caption.

    >>> from gamelab.riichi.table import Bot
    >>> paipu = Table(players=[Bot(seed=i) for i in range(4)], seed=2, qijia=0, rules={'場数': 0}).run().paipu
    >>> views = record_views(paipu)
    >>> views[0].caption.startswith('東1局 0本場 · deal')
    True
    """
    views: list[TableView] = []
    qijia = paipu["qijia"]
    players = list(paipu.get("player", ["A", "B", "C", "D"]))
    for log in paipu["log"]:
        start = log[0]["qipai"]
        names = [players[(qijia + start["jushu"] + s) % 4] for s in range(4)]
        hands = [Hand.from_string(text) for text in start["shoupai"]]
        rivers = [River() for _ in range(4)]
        view = TableView(hands=hands, rivers=rivers, names=names, points=list(start["defen"]),
                         round_wind=start["zhuangfeng"], hand_number=start["jushu"], honba=start["changbang"],
                         sticks=start["lizhibang"], tiles_left=70, dora_indicators=[start["baopai"]])
        pending_riichi = -1  # the stick is put down once the riichi discard is not won on
        title = f"{WIND_KANJI[start['zhuangfeng']]}{start['jushu'] + 1}局 {start['changbang']}本場"
        for number, event in enumerate(log):
            kind, data = next(iter(event.items()))
            if kind in ("zimo", "gangzimo", "fulou") and pending_riichi >= 0:
                view.points[pending_riichi] -= 1000
                view.sticks += 1
                pending_riichi = -1
            view.result = None
            if kind in ("zimo", "gangzimo"):
                view.hands[data["l"]].draw(data["p"])
                view.tiles_left -= 1
                view.turn = data["l"]
            elif kind == "dapai":
                view.hands[data["l"]].discard(data["p"])
                view.rivers[data["l"]].discard(data["p"])
                view.turn = data["l"]
                if "*" in data["p"]:
                    view.riichi[data["l"]] = True
                    pending_riichi = data["l"]
            elif kind == "fulou":
                view.rivers[view.turn].mark_called(data["m"])
                view.hands[data["l"]].call(data["m"])
                view.turn = data["l"]
            elif kind == "gang":
                view.hands[data["l"]].kan(data["m"])
            elif kind == "kaigang":
                view.dora_indicators = [*view.dora_indicators, data["baopai"]]
            elif kind == "hule":
                view.hands[data["l"]] = Hand.from_string(data["shoupai"])
                view.result = event
            elif kind == "pingju":
                if pending_riichi >= 0 and not data["name"].startswith("三家和"):
                    view.points[pending_riichi] -= 1000
                    view.sticks += 1
                pending_riichi = -1
                for seat, shown in enumerate(data["shoupai"]):
                    if shown:
                        view.hands[seat] = Hand.from_string(shown)
                view.result = event
            view.caption = f"{title} · {describe_event(event, names)} ({number + 1}/{len(log)})"
            views.append(_snapshot(view))
            if kind in ("hule", "pingju"):
                view.points = [p + d for p, d in zip(view.points, data["fenpei"])]
                if kind == "hule":
                    view.sticks = 0
    return views


def _snapshot(view: TableView) -> TableView:
    return TableView(hands=[h.copy() for h in view.hands], rivers=[r.copy() for r in view.rivers],
                     names=list(view.names), points=list(view.points), round_wind=view.round_wind,
                     hand_number=view.hand_number, honba=view.honba, sticks=view.sticks, tiles_left=view.tiles_left,
                     dora_indicators=tuple(view.dora_indicators), me=view.me, turn=view.turn,
                     riichi=list(view.riichi), hidden=[False] * 4, options=None, result=view.result,
                     caption=view.caption)
