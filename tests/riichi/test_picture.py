"""Pictures of hands, melds and rivers (drawn with the shared tile art)."""

from __future__ import annotations

import math

import pytest

pytest.importorskip("gamelab.pictures.tiles")

from gamelab.riichi import Hand, River  # noqa: E402
from gamelab.riichi.picture import (  # noqa: E402
    MARGIN,
    TILE_H,
    TILE_W,
    HandMeld,
    HandPicture,
    HandTile,
    HandUI,
    MeldPicture,
    RiverPicture,
    RiverTile,
    meld_layout,
)


@pytest.mark.parametrize(
    "meld, layout",
    [
        ("m1-23", [("m1", "side"), ("m2", "up"), ("m3", "up")]),
        ("m12-3", [("m2", "side"), ("m1", "up"), ("m3", "up")]),
        ("p505=", [("p5", "up"), ("p5", "side"), ("p0", "up")]),
        ("z111+", [("z1", "up"), ("z1", "up"), ("z1", "side")]),
        ("s5505-", [("s5", "side"), ("s5", "up"), ("s5", "up"), ("s0", "up")]),
        ("m1111=", [("m1", "up"), ("m1", "side"), ("m1", "up"), ("m1", "up")]),
        ("p555=0", [("p5", "up"), ("p5", "side"), ("p0", "added"), ("p5", "up")]),
        ("z2222", [(None, "up"), ("z2", "up"), ("z2", "up"), (None, "up")]),
    ],
)
def test_meld_layout(meld: str, layout: list) -> None:
    assert meld_layout(meld) == layout


def test_hand_picture_and_targets() -> None:
    hand = Hand.from_string("m123p406z1m1*,z222=,s5505-")
    svg = hand._repr_svg_()
    assert svg.startswith("<svg") and "<title>m123p406z1m1*,z222=,s5505-</title>" in svg
    picture = HandPicture()
    assert picture.svg(hand, title=str(hand)) == svg
    width, height = picture.size(hand)
    top = HandPicture()._top(hand)
    assert picture.target_at(hand, MARGIN + TILE_W / 2, top + TILE_H / 2) == HandTile(0, "m1")
    assert picture.target_at(hand, MARGIN + 7 * TILE_W + 10 + TILE_W / 2, top + TILE_H / 2) == HandTile(7, "m1")
    assert picture.target_at(hand, width - MARGIN - 5, top + TILE_H / 2) == HandMeld(1, "s5505-")
    assert picture.target_at(hand, 1, 1) is None


def test_hidden_tiles_and_selection_draw() -> None:
    assert HandPicture().svg(Hand.from_string("_____________")).count("#1f7a4d") >= 13
    lifted = HandPicture().svg(Hand.from_string("m123p456s789z1122z3"), HandUI(selected=0))
    assert lifted != HandPicture().svg(Hand.from_string("m123p456s789z1122z3"))


def test_river_picture() -> None:
    river = River()
    for tile in ("z1", "m9_", "p1", "s0", "z7_", "m3*", "p5"):
        river.discard(tile)
    river.mark_called("p555-")
    svg = river._repr_svg_()
    assert svg.startswith("<svg") and RiverPicture().svg(river, title=str(river)) == svg
    picture = RiverPicture()
    assert picture.size(river) == (2 * MARGIN + 5 * TILE_W + TILE_H, math.ceil(2 * MARGIN + 2 * (TILE_H + 4.8 + 2)))
    assert picture.target_at(river, MARGIN + 5 * TILE_W + 5, MARGIN + TILE_H - 5) == RiverTile(5, "m3*")
    assert picture.target_at(river, MARGIN + 5, MARGIN + TILE_H + 4.8 + 2 + 10) == RiverTile(6, "p5-")
    assert River()._repr_svg_().startswith("<svg")


def test_meld_picture_refuses_a_bad_meld() -> None:
    assert "<svg" in MeldPicture().svg("z111+1")
    with pytest.raises(ValueError, match="is not a meld"):
        MeldPicture().svg("m135-")
