"""The shared tile art: every kind draws, kinds are validated, Shanghai numbers map to the shared form."""

from __future__ import annotations

import pytest

from gamelab.pictures import RecordingPainter, SvgPainter
from gamelab.pictures.tiles import (
    ALL_KINDS,
    RED_FIVES,
    draw_tile,
    draw_tile_back,
    draw_tile_face,
    parse_kind,
    tile_name,
)
from gamelab.shanghai import KINDS, kind_code
from gamelab.shanghai.picture import shanghai_kind


def test_every_kind_draws_something_distinct():
    drawings = {}
    for kind in ALL_KINDS + RED_FIVES:
        p = RecordingPainter(60, 80)
        draw_tile_face(p, kind, 0, 0, 60, 80)
        assert len(p.calls) > 1, kind
        drawings[kind] = tuple(p.calls)
    assert len(set(drawings.values())) == len(drawings)  # no two kinds look the same


def test_faces_stay_inside_their_rectangle():
    for kind in ALL_KINDS + RED_FIVES:
        p = RecordingPainter(200, 200)
        draw_tile_face(p, kind, 50, 60, 37, 51, background=False)
        for name, args in p.calls:
            if name in ("polygon", "polyline"):
                for x, y in args[0]:
                    assert 49 <= x <= 88 and 59 <= y <= 112, (kind, x, y)
            elif name == "circle":
                x, y, r = args[:3]
                assert 49 <= x - r and x + r <= 88 and 59 <= y - r and y + r <= 112, kind


def test_red_fives_are_red_and_characters_have_red_wan():
    svg = SvgPainter(60, 80)
    draw_tile_face(svg, "0m", 0, 0, 60, 80)
    assert svg.svg().count("#c8102e") == 2 and "伍" in svg.svg()
    plain = SvgPainter(60, 80)
    draw_tile_face(plain, "3m", 0, 0, 60, 80)
    assert "三" in plain.svg() and "萬" in plain.svg()
    dots = SvgPainter(60, 80)
    draw_tile_face(dots, "0p", 0, 0, 60, 80)
    assert "#1c3f94" not in dots.svg() and "#0b7a3e" not in dots.svg()


def test_shanghai_numbers_map_to_the_shared_kinds():
    assert [shanghai_kind(k) for k in KINDS] == list(ALL_KINDS)
    assert all(shanghai_kind(k) == kind_code(k) for k in KINDS)
    assert [tile_name(k) for k in ("1m", "9p", "5s", "0s", "1z", "5z", "6z", "7z")] == [
        "一萬", "九筒", "五索", "赤五索", "東", "白", "發", "中"]


@pytest.mark.parametrize("bad", ["", "m1", "8z", "0z", "10m", "5x", 5, None])
def test_bad_kinds_are_refused(bad):
    with pytest.raises(ValueError, match="not a tile kind"):
        parse_kind(bad)


@pytest.mark.parametrize("bad", [10, 40, 48, 50, 0])
def test_bad_shanghai_numbers_are_refused(bad):
    with pytest.raises(ValueError, match="not a Shanghai tile number"):
        shanghai_kind(bad)


def test_whole_tiles_and_backs():
    p = SvgPainter(100, 100)
    draw_tile(p, "1s", 10, 10, 30, 40, target=("hand", 0))
    draw_tile_back(p, 50, 10, 30, 40)
    assert p.hit(20, 30) == ("hand", 0) and p.hit(60, 30) is None
