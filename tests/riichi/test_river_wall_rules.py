"""The river (河 he), the wall (山 shan) and the rule switches (rule)."""

from __future__ import annotations

import pytest

from gamelab.errors import IllegalMove
from gamelab.riichi import RULE_KEYS, River, Rules, Wall, full_set

# ------------------------------------------------------------------ river


def test_river_records_discards_and_markers() -> None:
    river = River()
    for tile in ("m1", "p2_", "s3*", "z4_*"):
        river.discard(tile)
    river.mark_called("z444=")
    assert river.tiles == ("m1", "p2_", "s3*", "z4_*=")
    assert str(river) == "m1 p2_ s3* z4_*="
    assert len(river) == 4


def test_river_drops_a_direction_on_discard() -> None:
    river = River()
    river.discard("m0-")
    assert river.tiles == ("m0",)


def test_river_call_refusals_change_nothing() -> None:
    river = River()
    with pytest.raises(IllegalMove, match="the river is empty"):
        river.mark_called("m1-23")
    river.discard("m1")
    for meld, message in (("m123-", "not m3"), ("m1111", "takes no discard")):
        with pytest.raises(IllegalMove, match=message):
            river.mark_called(meld)
        assert river.tiles == ("m1",)
    with pytest.raises(ValueError, match="is not a meld"):
        river.mark_called("m12")
    river.mark_called("m1-23")
    with pytest.raises(IllegalMove, match="already called"):
        river.mark_called("m111+")


@pytest.mark.parametrize("discard, asked, found", [("m5", "m0", True), ("m0", "m5", True), ("p1_*", "p1", True),
                                                    ("s9", "s8", False)])
def test_river_contains_reads_red_as_five(discard: str, asked: str, found: bool) -> None:
    river = River()
    river.discard(discard)
    assert river.contains(asked) is found


def test_river_contains_called_tiles_and_copies() -> None:
    river = River()
    river.discard("z1")
    river.mark_called("z111+")
    copy = river.copy()
    copy.discard("z2")
    assert river.contains("z1") and not river.contains("z2") and copy.contains("z2")


# ------------------------------------------------------------------ wall


@pytest.mark.parametrize("red", [{"m": 0, "p": 0, "s": 0}, {"m": 1, "p": 2, "s": 4}])
def test_full_set_has_four_of_each_and_the_red_fives(red: dict[str, int]) -> None:
    tiles = full_set(red)
    assert len(tiles) == 136
    for suit in "mps":
        assert tiles.count(f"{suit}0") == red[suit]
        assert tiles.count(f"{suit}0") + tiles.count(f"{suit}5") == 4


def test_wall_is_seeded() -> None:
    assert Wall(seed=7)._tiles == Wall(seed=7)._tiles
    assert Wall(seed=7)._tiles != Wall(seed=8)._tiles
    assert sorted(Wall(seed=7)._tiles) == sorted(full_set())


def test_wall_draws_and_indicators() -> None:
    tiles = full_set()
    wall = Wall.from_tiles(tiles)
    assert wall.tiles_left == 122
    assert wall.dora_indicators == (tiles[4],) and wall.dora == ("m3",)
    assert wall.ura_indicators is None  # not visible before the hand ends
    assert wall.draw() == tiles[-1]
    assert wall.tiles_left == 121
    assert wall.draw_replacement() == tiles[0]
    assert wall.kan_dora_pending
    with pytest.raises(IllegalMove, match="turn the kan dora indicator first"):
        wall.draw()
    wall.reveal_kan_dora()
    assert wall.dora_indicators == (tiles[4], tiles[5])  # the front moved by one
    assert wall.tiles_left == 120
    wall.close()
    assert wall.ura_indicators == (tiles[9], tiles[10])
    with pytest.raises(IllegalMove, match="the hand is over"):
        wall.draw()


def test_no_ura_no_kan_dora_switches() -> None:
    tiles = full_set()
    wall = Wall.from_tiles(tiles, Rules(ura_dora=False, kan_dora=False))
    wall.draw_replacement()
    assert not wall.kan_dora_pending and wall.dora_indicators == (tiles[4],) and wall.kans == 1
    with pytest.raises(IllegalMove, match="no kan is waiting"):
        wall.reveal_kan_dora()
    wall.close()
    assert wall.ura_indicators is None


def test_kan_ura_switch() -> None:
    tiles = full_set()
    wall = Wall.from_tiles(tiles, Rules(kan_ura_dora=False))
    wall.draw_replacement()
    wall.reveal_kan_dora()
    wall.close()
    assert wall.ura_indicators == (tiles[9],) and len(wall.dora_indicators) == 2


def test_no_fifth_kan_and_no_draw_from_an_empty_wall() -> None:
    wall = Wall(seed=1)
    for _ in range(4):
        wall.draw_replacement()
        wall.reveal_kan_dora()
    with pytest.raises(IllegalMove, match="four kans"):
        wall.draw_replacement()
    wall = Wall(seed=1)
    for _ in range(122):
        wall.draw()
    with pytest.raises(IllegalMove, match="no tiles left"):
        wall.draw()
    assert wall.tiles_left == 0


def test_wall_from_tiles_validation_and_copy() -> None:
    with pytest.raises(ValueError, match="136 tiles"):
        Wall.from_tiles(full_set()[:-1])
    broken = full_set()
    broken[0] = "m2"
    with pytest.raises(ValueError, match="appears"):
        Wall.from_tiles(broken)
    with pytest.raises(ValueError, match="'z9' is not a tile"):
        Wall.from_tiles(["z9"] + full_set()[1:])
    wall = Wall(seed=3)
    copy = wall.copy()
    copy.draw()
    assert wall.tiles_left == 122 and copy.tiles_left == 121


# ------------------------------------------------------------------ rules


def test_rules_round_trip_through_majiang_keys() -> None:
    default = Rules()
    data = default.to_majiang()
    assert len(data) == 28 == len(RULE_KEYS)
    assert data["赤牌"] == {"m": 1, "p": 1, "s": 1} and data["順位点"] == ["20.0", "10.0", "-10.0", "-20.0"]
    assert Rules.from_majiang(data) == default
    changed = default.replace(double_yakuman=False, red_fives={"m": 0, "p": 0, "s": 0})
    assert Rules.from_majiang(changed.to_majiang()) == changed
    assert hash(changed) == hash(Rules.from_majiang(changed.to_majiang()))


@pytest.mark.parametrize(
    "changes, message",
    [
        ({"ippatsu": 1}, "ippatsu"),
        ({"rounds": 3}, "rounds"),
        ({"max_winners": 0}, "max_winners"),
        ({"red_fives": {"m": 5, "p": 0, "s": 0}}, "red_fives"),
        ({"rank_bonus": ("1", "2", "x", "4")}, "'x' is not a number"),
        ({"starting_points": "25000"}, "starting_points"),
    ],
)
def test_bad_rule_values_are_named(changes: dict, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        Rules(**changes)


def test_unknown_rules_are_named() -> None:
    with pytest.raises(ValueError, match="'no_such_rule'"):
        Rules().replace(no_such_rule=True)
    with pytest.raises(ValueError, match="'存在しない'"):
        Rules.from_majiang({"存在しない": 1})
