"""Shanten (向聴 xiangting) and waits (聴牌 tingpai): named cases and properties."""

from __future__ import annotations

import math
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelab.riichi import (
    TILE_KINDS,
    Hand,
    is_tenpai,
    shanten,
    shanten_of_counts,
    shanten_regular,
    shanten_regular_by_blocks,
    shanten_seven_pairs,
    shanten_thirteen_orphans,
    waits,
    win_shapes,
)


@pytest.mark.parametrize(
    "hand, regular, seven, orphans",
    [
        ("m123p406s789z11222", -1, 4, 8),  # complete
        ("m123p456s789z1122", 0, 4, 8),
        ("m123p456s789z1234", 2, 6, 7),
        ("m1122p3344s5566z77", 3, -1, 10),
        ("m1111p3344s5566z7", 2, 2, 10),  # a quad is one pair for seven pairs
        ("m19p19s19z1234567", 8, 6, 0),
        ("m19p19s19z1234567m1", 7, 5, -1),
        ("m123p456z1122,s789-", 0, math.inf, math.inf),
        ("p456z1122,s789-,m123-", 0, math.inf, math.inf),
        ("z11,m123-,p456-,s789-,z222=", -1, math.inf, math.inf),  # self-drawn z1 completes it
        ("m123p456z11122,s789-,", 0, math.inf, math.inf),  # complete right after a call counts as 0
        ("m1234567p1234567", 0, 6, 11),
        ("", 13, 13, 13),
    ],
)
def test_named_cases(hand: str, regular: int, seven: float, orphans: float) -> None:
    assert shanten_regular(hand) == regular
    assert shanten_regular_by_blocks(hand) == regular
    assert shanten_seven_pairs(hand) == seven
    assert shanten_thirteen_orphans(hand) == orphans
    assert shanten(hand) == min(regular, seven, orphans)


@pytest.mark.parametrize(
    "hand, expected",
    [
        ("m123p456s789z1122", ["z1", "z2"]),
        ("m1112345678999", [f"m{n}" for n in range(1, 10)]),
        ("m19p19s19z1234567", ["m1", "m9", "p1", "p9", "s1", "s9", "z1", "z2", "z3", "z4", "z5", "z6", "z7"]),
        ("m1122p3344s5566z7", ["z7"]),
        ("m123p456s789z1111", []),  # shanten 0, but every z1 is already held: not tenpai
        ("m123p456s789z1234", ["z1", "z2", "z3", "z4"]),  # useful tiles of a 1-shanten hand
        ("m123p456s789z1122m3", None),  # a discard is due
    ],
)
def test_waits(hand: str, expected: list[str] | None) -> None:
    assert waits(hand) == expected


def test_tenpai_means_shanten_zero_and_a_wait() -> None:
    assert is_tenpai("m123p456s789z1122")
    assert not is_tenpai("m123p456s789z1111")
    assert not is_tenpai("m123p456s789z1234")


def test_counts_interface() -> None:
    counts = [0] * 34
    for tile in ("m1", "m2", "m3", "p4", "p5", "p6", "s7", "s8", "s9", "z1", "z1", "z2", "z2"):
        counts[TILE_KINDS.index(tile)] += 1
    assert shanten_of_counts(counts) == 0
    with pytest.raises(ValueError, match="34 counts"):
        shanten_of_counts(counts[:-1])
    with pytest.raises(ValueError, match="0..4"):
        shanten_of_counts([5] + [0] * 33)


# ------------------------------------------------------------------ properties

WALL = [kind for kind in TILE_KINDS for _ in range(4)]


def hands(sizes: tuple[int, ...]) -> st.SearchStrategy[list[str]]:
    """Hands drawn from a real wall, often from a few kinds or one suit (the hard cases)."""
    pools = st.one_of(
        st.just(list(TILE_KINDS)),
        st.sampled_from(["m", "p", "s"]).map(lambda s: [k for k in TILE_KINDS if k[0] in (s, "z")]),
        st.sampled_from(["m", "p", "s"]).map(lambda s: [k for k in TILE_KINDS if k[0] == s]),
        st.lists(st.sampled_from(TILE_KINDS), min_size=4, max_size=6, unique=True),
    )

    def draw(pool: list[str]) -> st.SearchStrategy[list[str]]:
        wall = [kind for kind in pool for _ in range(4)]
        return st.sampled_from([n for n in sizes if n <= len(wall)]).flatmap(
            lambda n: st.permutations(wall).map(lambda w: w[:n])
        )

    return pools.flatmap(draw)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands((1, 2, 4, 5, 7, 8, 10, 11, 13, 14)))
def test_tables_agree_with_the_block_counting_algorithm(tiles: list[str]) -> None:
    hand = Hand(tiles)
    assert shanten_regular(hand) == shanten_regular_by_blocks(hand)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands((13, 14)))
def test_shanten_agrees_with_the_mahjong_package(tiles: list[str]) -> None:
    """Same number as ``mahjong``'s ``Shanten.calculate_shanten``, except where a kind is held four
    times: ``mahjong`` then refuses waits on a fifth copy and may say one more, majiang-core does not."""
    mahjong_shanten = pytest.importorskip("mahjong.shanten")
    counts = [0] * 34
    for tile in tiles:
        counts[TILE_KINDS.index(tile)] += 1
    theirs = mahjong_shanten.Shanten.calculate_shanten(counts)
    ours = shanten(Hand(tiles))
    if 4 in counts:
        assert theirs in (ours, ours + 1)
    else:
        assert ours == theirs


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands((13,)))
def test_every_wait_completes_the_hand(tiles: list[str]) -> None:
    hand = Hand(tiles)
    found = waits(hand)
    assert found is not None
    counts = Counter(tiles)
    for kind in TILE_KINDS:
        if counts[kind] >= 4:
            assert kind not in found
            continue
        trial = Hand(tiles)
        trial.draw(kind)
        assert (kind in found) == (shanten(trial) < shanten(hand))
        if shanten(hand) == 0:
            assert (kind in found) == bool(win_shapes(hand, kind + "="))


def _one_suit_counts(position: int, remaining: int, counts: list[int]):
    """Every count vector of one suit (0..4 copies of 1..9) holding ``remaining`` tiles."""
    if position == 9:
        if remaining == 0:
            yield counts
        return
    for k in range(min(4, remaining) + 1):
        counts.append(k)
        yield from _one_suit_counts(position + 1, remaining - k, counts)
        counts.pop()


@pytest.mark.slow
@pytest.mark.parametrize("size", [13, 14])
def test_tables_agree_with_block_counting_on_every_one_suit_hand(size: int) -> None:
    """All 93,600 (13 tiles) and 118,800 (14 tiles) full-flush hands: the hardest shapes."""
    for counts in _one_suit_counts(0, size, []):
        hand = Hand([f"s{n + 1}" for n, k in enumerate(counts) for _ in range(k)])
        assert shanten_regular(hand) == shanten_regular_by_blocks(hand), counts


def test_the_suit_table_worked_out_ahead_matches_the_search():
    """suit_values.xz (tools/build_suit_table.py) holds every numbered suit's value vector: all
    405,350 suits of up to 14 tiles read from it equal what ``_suit_value`` works out, and the
    entry read from packed counts (two numbers at a time) equals the one made from the counts."""
    import itertools
    import sys

    core = sys.modules["gamelab.riichi.shanten"]
    core.clear_tables()
    table = core._read_suit_table()
    assert table is not None, "suit_values.xz is missing from the package or damaged"
    index, ids = table
    checked = 0
    for counts in itertools.product(range(5), repeat=9):
        position = 0
        for count in reversed(counts):
            position = position * 5 + count
        if sum(counts) > 14:
            assert index[position] == 255
            continue
        assert core.VECTORS[ids[index[position]]] == core._suit_value(counts), counts
        packed = sum(count << 4 * n for n, count in enumerate(counts))
        assert core._packed_suit_entry(packed) == core._entry(counts), counts
        checked += 1
    assert checked == 405_350
    core.clear_tables()  # the search's memo is large; let it go


def test_without_the_suit_table_the_search_gives_the_same_answers(monkeypatch, tmp_path):
    """A missing or damaged table file is no error: each suit is then worked out as it comes."""
    import sys

    core = sys.modules["gamelab.riichi.shanten"]
    hands = ["m123p456s789z1122", "m1112345678999", "m1122p3344s5566z77", "m11223p5578s3469z1"]
    expected = [shanten(h) for h in hands]
    for broken in (tmp_path / "absent.xz", tmp_path / "damaged.xz"):
        if broken.name == "damaged.xz":
            broken.write_bytes(b"not a table")
        monkeypatch.setattr(core, "SUIT_TABLE_PATH", broken)
        core.clear_tables()
        assert [shanten(h) for h in hands] == expected
        assert core._SUIT_TABLE["table"] is None
    monkeypatch.undo()
    core.clear_tables()
    assert [shanten(h) for h in hands] == expected
    assert core._SUIT_TABLE["table"] is not None
