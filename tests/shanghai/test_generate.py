"""The tutorial's generator (faithful and fast ports), deal numbers, and solvability by construction."""

from __future__ import annotations

import random
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab.shanghai import LAYOUT, Shanghai, create_problem, create_problem_fast, deal, get_edges, get_random2
from gamelab.shanghai.generate import UNFILLED, init_tiles, random_deal


def test_get_random2_gives_two_different_numbers_in_range():
    rng = random.Random(0)
    for max_ in range(1, 30):
        for _ in range(50):
            a, b = get_random2(rng, max_)
            assert 0 <= a < b <= max_
    assert get_random2(rng, 0) is None


def test_get_random2_on_a_clash_takes_the_lower_neighbour():
    class Fixed:
        def __init__(self, values):
            self.values = list(values)

        def random(self):
            return self.values.pop(0)

    assert get_random2(Fixed([0.5, 0.5]), 3) == (1, 2)
    assert get_random2(Fixed([0.1, 0.1]), 3) == (0, 1)


def test_get_edges_skips_places_under_unfilled_ones():
    grid = [[[None] * 12 for _ in range(8)] for _ in range(4)]
    grid[3][0][2:6] = [UNFILLED] * 4
    grid[2][0][2] = UNFILLED  # on top of the left end: the left end is not offered
    assert get_edges(grid) == [(2, 0, 2), (3, 0, 5)]
    grid[3][5][4] = UNFILLED  # a single place: offered once
    assert (3, 5, 4) in get_edges(grid) and get_edges(grid).count((3, 5, 4)) == 1


@pytest.mark.parametrize("number", [0, 1, 2, 17, 12345, 2**40])
def test_fast_port_gives_the_tutorials_deal(number):
    faithful, fast = deal(number, method="tutorial"), deal(number, method="fast")
    assert faithful == fast


def test_init_tiles_can_fail_and_create_problem_retries():
    rng = random.Random(0)
    outcomes = [init_tiles(rng) is None for _ in range(200)]
    assert any(outcomes) and not all(outcomes)
    retries = [create_problem_fast(random.Random(n)).retries for n in range(100)]
    assert max(retries) >= 1


def check_deal(d):
    assert len(d.kinds) == 136 and set(d.kinds) == set(LAYOUT)
    assert set(Counter(d.kinds.values()).values()) == {4} and len(set(d.kinds.values())) == 34
    assert len(d.order) == 68
    placed = [p for pair in d.order for p in pair]
    assert sorted(placed) == sorted(LAYOUT)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_every_deal_has_136_tiles_and_is_cleared_by_its_construction(number):
    d = deal(number)
    check_deal(d)
    game = Shanghai.new(deal=number)
    for a, b in d.order:  # the pairs in the order they were placed: each must be takeable then
        assert game.can_select(a) and game.can_select(b)
        game.remove(a, b)
    assert game.is_cleared and not game.is_stalemate


def test_create_problem_is_reproducible_from_a_seed():
    assert create_problem(random.Random(99)) == create_problem(random.Random(99))
    assert deal(5).kinds != deal(6).kinds


@pytest.mark.parametrize("bad", [-1, 2**63, 1.5, "7", True, None])
def test_bad_deal_numbers_are_refused(bad):
    with pytest.raises(ValueError, match="deal number"):
        deal(bad)


def test_random_deal_is_a_shuffle_of_the_136_tiles():
    kinds = random_deal(random.Random(3))
    assert set(kinds) == set(LAYOUT) and set(Counter(kinds.values()).values()) == {4}
