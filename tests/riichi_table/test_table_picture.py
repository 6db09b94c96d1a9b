"""The table picture: each seat's area turned to its place, nothing overlapping, your tiles clickable."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from gamelab.pictures import HitPainter
from gamelab.riichi import Hand, River
from gamelab.riichi.table import Bot, Table, staged_table
from gamelab.riichi.table.picture import (
    HEIGHT,
    WIDTH,
    Discard,
    RiichiUI,
    TablePicture,
    TableView,
    seat_angle,
    winning_tile,
)


class LayoutPainter(HitPainter):
    """Keeps the on-screen box of every rounded rectangle (tiles, sticks, panels) by table part."""

    def __init__(self, width: int, height: int) -> None:
        super().__init__(width, height)
        self.part: tuple = ()
        self.boxes: dict[tuple, list[tuple[float, float, float, float]]] = {}

    def begin_part(self, name: tuple) -> None:
        self.part = name

    def round_rect(self, x, y, w, h, r, **style: Any) -> None:
        corners = [self._on_screen(px, py) for px, py in ((x, y), (x + w, y), (x, y + h), (x + w, y + h))]
        xs, ys = [c[0] for c in corners], [c[1] for c in corners]
        self.boxes.setdefault(self.part, []).append((min(xs), min(ys), max(xs), max(ys)))
        super().round_rect(x, y, w, h, r, **style)


def layout(view: TableView, ui: RiichiUI | None = None) -> LayoutPainter:
    return TablePicture().paint(LayoutPainter(WIDTH, HEIGHT), view, ui)  # type: ignore[return-value]


def overlaps(view: TableView) -> list[tuple[tuple, tuple]]:
    """Pairs of parts whose tiles overlap (the panel's edges lie on the panel by design; the result box
    lies over the centre)."""
    boxes = {part: b for part, b in layout(view).boxes.items() if part and part[0] != "result"}
    found = []
    for (a, boxes_a), (b, boxes_b) in itertools.combinations(boxes.items(), 2):
        if {a[0], b[0]} <= {"panel", "edge"}:
            continue
        if any(x0 < x3 - 2 and x2 > x1 + 2 and y0 < y3 - 2 and y2 > y1 + 2
               for x0, y0, x2, y2 in boxes_a for x1, y1, x3, y3 in boxes_b):
            found.append((a, b))
    return found


def river(count: int, riichi_at: int, shift: int) -> River:
    kinds = [f"{s}{d}" for s in "mpsz" for d in range(1, 10) if not (s == "z" and d > 7)]
    out = River()
    for i in range(count):
        tile = kinds[(7 * i + shift) % len(kinds)]
        out.discard(tile + ("*" if i == riichi_at else "_" if i % 3 == 1 else ""))
    return out


def crowded_view(me: int = 0, hidden: bool = False) -> TableView:
    """The most crowded table: four kans each (one added), long rivers with a riichi tile, every stick."""
    hands = [Hand.from_string(text) for text in ("m1m1,p1111+,z222+2,s3333=,m7777", "s5s5,z555=,p2222-,m9999+,s1111",
                                                 "p9p9,m1111-,z7777=,s7777+,z6666",
                                                 "z1z1,p5550-,s2222=,m3333+,s4444")]
    rivers = [river(n, r, s) for n, r, s in ((24, 5, 0), (26, 6, 3), (24, 11, 5), (25, 17, 8))]
    return TableView(hands=hands, rivers=rivers, names=["You", "Bot 1", "Bot 2", "Bot 3"],
                     points=[25000, 12000, 38000, 24000], honba=2, sticks=3, tiles_left=0,
                     dora_indicators=("m1", "p3", "z4", "s9", "s1"), me=me, turn=2, riichi=[True] * 4,
                     hidden=[hidden and s != me for s in range(4)])


def test_seats_turn_to_their_places():
    assert [seat_angle(s, 0) for s in range(4)] == [0, -90, 180, 90]
    assert seat_angle(0, 1) == 90  # from the south seat, the dealer sits on the left (上家)


@pytest.mark.parametrize("me", range(4))
@pytest.mark.parametrize("hidden", [False, True])
def test_crowded_table_has_no_overlap_and_fits(me, hidden):
    view = crowded_view(me, hidden)
    assert overlaps(view) == []
    for part, boxes in layout(view).boxes.items():
        for x0, y0, x1, y1 in boxes:
            assert -2 <= x0 and x1 <= WIDTH + 2 and -2 <= y0 and y1 <= HEIGHT + 2, (part, (x0, y0, x1, y1))


def test_a_whole_bot_hand_never_overlaps():
    table = Table(players=[Bot(seed=i) for i in range(4)], seed=5, qijia=0, rules={"場数": 0})
    table._kaiju()
    steps = 0
    while table.status != "jieju":
        table._next()
        steps += 1
        if steps % 7 == 0 or table.status in ("hule", "pingju"):
            view = TableView.of(table, me=1)
            assert overlaps(view) == [], (steps, str(table))
            if table.status in ("hule", "pingju"):
                break


def test_my_tiles_are_targets_where_they_show():
    table = Table(players=[None, Bot(seed=1), Bot(seed=2), Bot(seed=3)], seed=4, qijia=0).run()
    view = TableView.of(table, me=0)
    painter = layout(view)
    targets = {shape.target for shape in painter.shapes}
    assert targets == {Discard(option) for option in view.options}
    first = painter.shapes[0]
    x, y = first.coords[0] + 5, first.coords[1] + 30
    assert TablePicture().target_at(view, x, y) == first.target
    assert y > 560  # your hand is at the bottom, large


def test_only_the_winner_and_tenpai_hands_are_laid_open():
    for seed in range(20):
        table = Table(players=[Bot(seed=i) for i in range(4)], seed=seed, qijia=0, rules={"場数": 0})
        table._kaiju()
        while table.status not in ("hule", "pingju"):
            table._next()
        view = TableView.of(table, me=0)
        if table.status == "hule":
            winner = table.results[-1]["hule"]["l"]
            assert [s for s in range(4) if not view.hidden[s]] == sorted({0, winner})
            svg = TablePicture().svg(view)
            assert "wins" in svg and "points" in svg
            return
    pytest.fail("no bot hand was won in 20 seeds")


def test_winning_tile_is_read_from_the_hand():
    assert winning_tile("m1234p456s789z111z1") == "z1"
    assert winning_tile("m123p456s789z11") is None


def test_a_double_ron_shows_both_wins_paid_one_after_the_other():
    three = ["m99p1122s3344z117", "m1122p3344s5566z7", "m3344p5566s7788z7", "m6677p8899s1122z7"]
    table = staged_table(three, zimo=["z5"], rules={"最大同時和了数": 2, "場数": 0}, baopai="s9")
    for seat, answer in enumerate([{"dapai": "z7"}, {"hule": "-"}, {"hule": "-"}, {}]):
        table.reply(table.player_id[seat], answer)
        table.run()
    for pid in table.waiting_for():  # acknowledge the first win: the second is scored
        table.reply(pid, {})
    table.run()
    view = TableView.of(table, me=0)
    assert len(view.results) == 2 and view.points == [25000] * 4
    assert [s for s in range(4) if not view.hidden[s]] == [0, 1, 2]
    svg = TablePicture().svg(view)
    assert svg.count("wins") == 2 and "25000 → 23400" in svg and "23400 → 21800" in svg
