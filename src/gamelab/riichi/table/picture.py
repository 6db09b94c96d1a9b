"""How a riichi table looks: four hands around a felt, rivers of six, melds, scores, dora, the result.

One :class:`TablePicture` draws a :class:`TableView` – a snapshot of everything a table shows – which
is made from a live :class:`~gamelab.riichi.table.Table` (:meth:`TableView.of`), from the learner's
:class:`~gamelab.riichi.table.RiichiGame`, or from a step of a record (:mod:`.viewer`). The seat at the
bottom is the viewer's; its tiles are click targets ``("tile", option)`` where ``option`` is a legal
discard (``'m1'``, ``'m1_'`` for the drawn tile).

>>> from gamelab.riichi.table import Table
>>> view = TableView.of(Table(seed=1, qijia=0).run(), reveal=True)
>>> TablePicture().svg(view).startswith('<svg')
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Sequence

from ...pictures import CJK_FONT, FONT, Painter, Picture
from ...pictures.tiles import draw_tile_face
from .. import Hand, River

__all__ = ["TableView", "TablePicture", "draw_tile", "hand_picture", "HandPicture"]

WIDTH, HEIGHT = 920, 700
FELT, FELT_DARK, FELT_LINE = "#1f5e43", "#174a34", "#2f7757"
IVORY, IVORY_EDGE, IVORY_SIDE = "#fbf8ef", "#a39a86", "#e2d8bf"
BACK, BACK_EDGE = "#d98a2b", "#8f5616"
CRIMSON = "#c8283c"
WIND_KANJI = "東南西北"


def draw_tile(p: Painter, x: float, y: float, w: float, h: float, tile: str | None, *, sideways: bool = False,
              dim: bool = False, lift: float = 0.0, target: Any = None, highlight: str | None = None) -> None:
    """One tile with its face up (``tile`` like ``'m1'``, ``'p0'`` red five), or its back (``None``).

    ``sideways`` lays the tile on its side (a riichi discard, a called tile), keeping the face
    readable; ``dim`` greys a tile that may not be played now; ``lift`` raises it (the drawn tile).
    """
    if sideways:
        w, h = h, w
    y -= lift
    p.round_rect(x + 1, y + 2, w, h, 4, fill="black", alpha=0.25)  # shadow on the felt
    if tile is None:
        p.round_rect(x, y, w, h, 4, fill=BACK, stroke=BACK_EDGE, line_width=1, target=target)
        p.round_rect(x + 3, y + 3, w - 6, h - 6, 3, stroke="#f3c47e", line_width=1)
        return
    p.round_rect(x, y, w, h, 4, fill=IVORY_SIDE, stroke=IVORY_EDGE, line_width=1, target=target)
    p.round_rect(x, y, w, h - max(2.0, h * 0.07), 4, fill=IVORY, stroke=highlight, line_width=2 if highlight else 1)
    face_h = h - max(2.0, h * 0.07)
    _draw_face(p, x, y, w, face_h, tile)
    if dim:
        p.round_rect(x, y, w, h, 4, fill="#3a3a3a", alpha=0.38)


def _draw_face(p: Painter, x: float, y: float, w: float, h: float, tile: str) -> None:
    """The face, with gamelab's shared tile art (``gamelab.pictures.tiles``), drawn upright in the box."""
    draw_tile_face(p, tile[1] + tile[0], x, y, w, h, background=False)


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

    @classmethod
    def of(cls, table: Any, me: int | None = None, reveal: bool = False, result: bool = True) -> "TableView":
        """A view of a live table; ``me`` is a player id (default: the dealer's seat at the bottom).

        Other hands are face down unless ``reveal`` or the hand is over.
        """
        seat = table.seat_of(me) if me is not None else 0
        over = table.status in ("hule", "pingju", "jieju")
        options = None
        if me is not None and table.turn == seat and table.status in ("zimo", "gangzimo", "fulou"):
            options = table.discard_options(seat)
        last = table.results[-1] if (result and over and table.results) else None
        return cls(
            hands=[h.copy() for h in table.hands], rivers=[r.copy() for r in table.rivers],
            names=[table.names[table.player_id[s]] for s in range(4)],
            points=[table.points[table.player_id[s]] for s in range(4)],
            round_wind=table.round_wind, hand_number=table.hand_number, honba=table.honba,
            sticks=table.riichi_sticks, tiles_left=table.tiles_left,
            dora_indicators=tuple(table.wall.dora_indicators) if table.wall else (),
            me=seat, turn=table.turn, riichi=[bool(h.riichi) for h in table.hands],
            hidden=[not (reveal or over or s == seat) for s in range(4)], options=options, result=last,
        )


def _concealed_order(hand: Hand) -> tuple[list[str], str | None]:
    """Concealed tiles in order without the drawn tile, and the drawn tile (shown apart)."""
    tiles = hand.concealed_tiles()
    drawn = hand.drawn if hand.drawn is not None and len(hand.drawn) == 2 else None
    if drawn is not None and drawn in tiles:
        tiles.remove(drawn)
    return tiles, drawn


def _meld_tiles(meld: str) -> list[tuple[str, bool]]:
    """The tiles of a meld in display order, with ``True`` for the called (sideways) one."""
    suit = meld[0]
    out: list[tuple[str, bool]] = []
    digits = [c for c in meld[1:]]
    i = 0
    while i < len(digits):
        d = digits[i]
        if d.isdigit():
            called = i + 1 < len(digits) and digits[i + 1] in "+=-"
            out.append((suit + d, called))
        i += 1
    if len(out) == 4 and not any(c for _, c in out):  # closed kan: the outer two face down
        return [(out[0][0] + "#", False), out[1], out[2], (out[3][0] + "#", False)]
    return out


class TablePicture(Picture[TableView]):
    """The table from the bottom seat's point of view (see the module docstring)."""

    background = FELT

    def size(self, state: TableView, ui: Any = None) -> tuple[int, int]:
        return WIDTH, HEIGHT

    def draw(self, p: Painter, v: TableView, ui: Any = None) -> None:
        ui = ui or {}
        p.round_rect(12, 12, WIDTH - 24, HEIGHT - 24, 18, stroke=FELT_LINE, line_width=2)
        self._centre(p, v)
        for k in range(4):
            seat = (v.me + k) % 4
            self._river(p, v, seat, k)
        self._my_hand(p, v, ui)
        for k in (1, 2, 3):
            self._other_hand(p, v, (v.me + k) % 4, k)
        if v.result is not None:
            self._result(p, v)
        if v.caption:
            p.text(WIDTH / 2, HEIGHT - 8, v.caption, size=12, fill="#d7e7dc", baseline="bottom")

    # -- centre panel ---------------------------------------------------------------------------
    def _centre(self, p: Painter, v: TableView) -> None:
        cx, cy = WIDTH / 2, 320
        x0, y0, w, h = cx - 115, cy - 85, 230, 170
        p.round_rect(x0, y0, w, h, 10, fill=FELT_DARK, stroke="#0f3323", line_width=2)
        p.text(cx, cy - 36, f"{WIND_KANJI[v.round_wind]}{v.hand_number + 1}局", size=19, fill="white", bold=True,
               family=CJK_FONT)
        p.text(cx, cy - 16, f"{v.honba}本場  供託 {v.sticks}  残り {v.tiles_left}", size=11, fill="#cfe3d6",
               family=CJK_FONT)
        for i, tile in enumerate(list(v.dora_indicators)[:5]):
            draw_tile(p, cx - 52 + i * 21, cy - 4, 20, 27, tile)
        for i in range(len(v.dora_indicators), 5):
            draw_tile(p, cx - 52 + i * 21, cy - 4, 20, 27, None)
        # (points, name) anchors for the seat at the bottom, right, top and left of the box
        spots = {0: (cx, y0 + h - 32, y0 + h - 18), 1: (x0 + w - 8, cy + 42, cy + 56),
                 2: (cx, y0 + 18, y0 + 32), 3: (x0 + 8, cy + 42, cy + 56)}
        for k in range(4):
            seat = (v.me + k) % 4
            x, y, name_y = spots[k]
            align = "center" if k in (0, 2) else "right" if k == 1 else "left"
            colour = "#ffd45c" if seat == v.turn else "white"
            p.text(x, y, f"{WIND_KANJI[seat]} {v.points[seat]}", size=14, fill=colour, bold=seat == v.turn,
                   align=align, family=CJK_FONT)
            p.text(x, name_y, v.names[seat], size=10, fill="#b9d3c3", align=align, family=CJK_FONT)
            if v.riichi[seat]:  # the riichi stick in front of the player
                sx = x - 30 if k in (0, 2) else (x - 60 if k == 1 else x)
                sy = y0 + h - 10 if k == 0 else y0 + 4 if k == 2 else y + 24
                p.round_rect(sx, sy, 60, 6, 3, fill="white", stroke="#888")
                p.circle(sx + 30, sy + 3, 2, fill=CRIMSON)

    # -- rivers -----------------------------------------------------------------------------------
    def _river(self, p: Painter, v: TableView, seat: int, k: int) -> None:
        tw, th = 26, 35
        cx, cy = WIDTH / 2, 320
        tiles = v.rivers[seat].tiles
        for i, entry in enumerate(tiles):
            row, col = divmod(i, 6)
            row = min(row, 3)
            if row == 3:
                col = i - 18
            tile = entry[:2]
            sideways = "*" in entry
            called = entry[-1] in "+=-"
            if k == 0:
                x, y = cx - 3 * tw + col * tw, cy + 92 + row * (th + 1)
            elif k == 2:
                x, y = cx + 3 * tw - (col + 1) * tw, cy - 92 - th - row * (th + 1)
            elif k == 3:
                x, y = cx - 123 - th - row * (th + 1), cy - 3 * tw + col * tw
            else:
                x, y = cx + 123 + row * (th + 1), cy + 3 * tw - (col + 1) * tw
            side = k in (1, 3)
            draw_tile(p, x, y, tw if not side else th, th if not side else tw, tile, dim=called,
                      sideways=sideways and not side)
            if sideways and side:
                p.rect(x, y, 3, tw, fill=CRIMSON)

    # -- hands ------------------------------------------------------------------------------------
    def _my_hand(self, p: Painter, v: TableView, ui: dict) -> None:
        hand = v.hands[v.me]
        tiles, drawn = _concealed_order(hand)
        tw, th = 40, 56
        y = HEIGHT - th - 22
        x = 60
        options = v.options
        selected = ui.get("selected")
        plain = set(o for o in options or () if not o.endswith("_"))
        for tile in tiles:
            legal = options is not None and tile in plain
            draw_tile(p, x, y, tw, th, None if v.hidden[v.me] else tile, dim=options is not None and not legal,
                      lift=6 if selected == tile else 0, target=("tile", tile) if legal else None,
                      highlight="#ffb000" if ui.get("riichi") and legal and tile + "*" in ui.get("riichi_options", ()) else None)
            x += tw + 1
        if drawn is not None:
            x += 12
            option = drawn + "_"
            legal = options is not None and option in options
            draw_tile(p, x, y, tw, th, None if v.hidden[v.me] else drawn, dim=options is not None and not legal,
                      lift=6 if selected == option else 0, target=("tile", option) if legal else None,
                      highlight="#ffb000" if ui.get("riichi") and legal and option + "*" in ui.get("riichi_options", ()) else None)
        self._melds(p, hand.melds, WIDTH - 30, y + 14, 30, 42, 0)

    def __repr__(self) -> str:
        return "TablePicture()"

    def _other_hand(self, p: Painter, v: TableView, seat: int, k: int) -> None:
        hand = v.hands[seat]
        tiles, drawn = _concealed_order(hand)
        count = hand.tile_count - 3 * len(hand.melds) - (1 if drawn else 0)
        if hand.hidden or v.hidden[seat]:
            faces: list[str | None] = [None] * count
            drawn_face: str | None = None
        else:
            faces = list(tiles)
            drawn_face = drawn
        tw, th = 24, 33
        if k == 2:
            x = WIDTH / 2 + 7 * tw
            for face in faces:
                x -= tw + 1
                draw_tile(p, x, 24, tw, th, face)
            if drawn:
                draw_tile(p, x - tw - 10, 24, tw, th, drawn_face)
            self._melds(p, hand.melds, 30 + 4 * 3 * 24, 30, 22, 30, 2)
        else:
            x = 24 if k == 3 else WIDTH - 24 - th
            y = 110 if k == 3 else HEIGHT - 250
            step = tw + 1 if k == 3 else -(tw + 1)
            for face in faces:
                draw_tile(p, x, y, th, tw, face)
                y += step
            if drawn:
                draw_tile(p, x, y + (8 if k == 3 else -8), th, tw, drawn_face)
            # melds in a second column beside the hand, towards the centre, from the same end
            self._melds(p, hand.melds, x + th + 6 if k == 3 else x - 6, 110 if k == 3 else HEIGHT - 250, 24, 33,
                        k, vertical=True)

    def _melds(self, p: Painter, melds: Sequence[str], x: float, y: float, tw: float, th: float, k: int,
               vertical: bool = False) -> None:
        """Melds from the right edge leftwards (or, for the side players, in a column)."""
        if vertical:  # side players: tiles on their side, the left one downwards, the right one upwards
            step = tw + 1 if k == 3 else -(tw + 1)
            for meld in melds:
                for tile, called in _meld_tiles(meld):
                    face = None if tile.endswith("#") else tile[:2]
                    draw_tile(p, x - (th if k == 1 else 0), y, th, tw, face, highlight="#ffd45c" if called else None)
                    y += step
                y += 6 if k == 3 else -6
            return
        for meld in reversed(melds):
            for tile, called in reversed(_meld_tiles(meld)):
                face = None if tile.endswith("#") else tile[:2]
                if called:
                    x -= th
                    draw_tile(p, x, y + th - tw, tw, th, face, sideways=True)
                else:
                    x -= tw
                    draw_tile(p, x, y, tw, th, face)
                x -= 1
            x -= 8

    # -- result -----------------------------------------------------------------------------------
    def _result(self, p: Painter, v: TableView) -> None:
        lines = result_lines(v.result, v.names)  # type: ignore[arg-type]
        w, h = 420, 36 + 18 * len(lines)
        x, y = WIDTH / 2 - w / 2, 320 - h / 2
        p.round_rect(x, y, w, h, 12, fill="#0b1f16", stroke="#ffd45c", line_width=2, alpha=0.92)
        for i, line in enumerate(lines):
            p.text(WIDTH / 2, y + 22 + 18 * i, line, size=15 if i == 0 else 13, fill="#ffd45c" if i == 0 else "white",
                   bold=i == 0, family=CJK_FONT)


def result_lines(result: dict[str, Any], names: Sequence[str]) -> list[str]:
    """A hand's result in a few lines: winner, yaku, fu/han, points, payments; or the draw.

    >>> result_lines({'pingju': {'name': '荒牌平局', 'shoupai': ['m1', '', '', ''], 'fenpei': [3000, -1000, -1000, -1000]}}, ['A', 'B', 'C', 'D'])
    ['Draw: 荒牌平局', 'tenpai: A', 'A +3000, B -1000, C -1000, D -1000']
    """
    if "hule" in result:
        h = result["hule"]
        who = names[h["l"]]
        how = "tsumo" if h.get("baojia") is None else f"ron from {names[h['baojia']]}"
        yaku = ", ".join(f"{y['name']} {y['fanshu'] if isinstance(y['fanshu'], int) else '役満' * len(y['fanshu'])}"
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


class HandPicture(Picture[Hand]):
    """One hand as a row of tiles, the drawn tile apart and melds on the right (a lesson picture)."""

    background = FELT
    tile_w, tile_h = 32, 44

    def size(self, state: Hand, ui: Any = None) -> tuple[int, int]:
        n = len(state.concealed_tiles()) + sum(len(_meld_tiles(m)) for m in state.melds)
        return int(16 + n * (self.tile_w + 1) + 16 + 10 * len(state.melds) + 12), self.tile_h + 24

    def draw(self, p: Painter, state: Hand, ui: Any = None) -> None:
        tiles, drawn = _concealed_order(state)
        x = 10
        for tile in tiles:
            draw_tile(p, x, 12, self.tile_w, self.tile_h, tile)
            x += self.tile_w + 1
        if drawn:
            x += 10
            draw_tile(p, x, 12, self.tile_w, self.tile_h, drawn)
            x += self.tile_w + 1
        width, _ = self.size(state)
        TablePicture()._melds(p, state.melds, width - 10, 12 + self.tile_h * 0.15, self.tile_w * 0.85,
                              self.tile_h * 0.85, 0)
        if state.riichi:
            p.text(x + 4, 8, "riichi", size=10, fill="#ffd45c", align="left", family=FONT)


def hand_picture(hand: Hand | str) -> Any:
    """A hand as a picture in a notebook (an SVG image).

    >>> hand_picture('m123p456s789z1122').label
    'HandPicture'
    """
    if isinstance(hand, str):
        hand = Hand.from_string(hand)
    return HandPicture().image(hand)
