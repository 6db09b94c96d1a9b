"""The virtual map: sizes, mine placement, counts, flood fill, flags and results."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab.minesweeper import ALIVE, CLEARED, DEAD, FLAG, HIDE, OPEN, VMap, check_size


@st.composite
def boards(draw, opening: bool | None = None):
    rows = draw(st.integers(1, 12))
    cols = draw(st.integers(1, 12))
    opening = draw(st.booleans()) if opening is None else opening
    cells = rows * cols
    top = cells - (9 if opening else 1)
    if top < 0:
        opening, top = False, cells - 1
    mines = draw(st.integers(0, top))
    row = draw(st.integers(1, rows))
    col = draw(st.integers(1, cols))
    seed = draw(st.integers(0, 10**6))
    vm = VMap(rows, cols, mines, opening=opening)
    vm.first(row, col, random.Random(seed))
    return vm, row, col


@pytest.mark.parametrize(
    "rows, cols, mines, opening, text",
    [
        (0, 5, 1, False, "rows must be a positive whole number, not 0"),
        (5, -1, 1, False, "cols must be a positive whole number, not -1"),
        (5, 5, -2, False, "mines must be a whole number ≥ 0, not -2"),
        (3, 3, 9, False, "9 mines do not fit on 3 × 3 = 9 cells: at most 8"),
        (5, 5, 17, True, "17 mines do not fit on 5 × 5 = 25 cells: at most 16, since the 3 × 3 block"),
        (2.5, 5, 1, False, "not 2.5"),
    ],
)
def test_bad_sizes_are_refused(rows, cols, mines, opening, text):
    with pytest.raises(ValueError, match=text.replace("(", r"\(")):
        check_size(rows, cols, mines, opening)


def test_tutorial_constants_and_border():
    vm = VMap()
    assert (vm.rows, vm.cols, vm.mines) == (16, 30, 99)
    assert len(vm.state) == 18 * 32
    border = [i for i in range(18 * 32) if i not in set(vm.cells)]
    assert all(vm.state[i] == OPEN and vm.mine[i] == 0 for i in border)
    assert vm.hidden == 480 and vm.show() == ALIVE


@settings(max_examples=60, deadline=None)
@given(boards())
def test_first_click_is_safe_and_counts_are_consistent(case):
    vm, row, col = case
    start = vm.index(row, col)
    assert vm.mine[start] == 0
    assert vm.state[start] == OPEN
    assert sum(vm.mine[i] for i in vm.cells) == vm.mines
    for i in vm.cells:
        assert vm.near[i] == sum(vm.mine[j] for j in vm.neighbours(i))
    if vm.opening:
        assert vm.near[start] == 0
    # the running counts agree with a recount
    assert vm.hidden == sum(1 for i in vm.cells if vm.state[i] == HIDE)
    assert vm.flags == 0


def _expected_flood(vm: VMap, start: int) -> set[int]:
    """The connected zero region of ``start`` plus its border, found without the map's own code."""
    region, todo = {start}, [start]
    while todo:
        i = todo.pop()
        if vm.near[i] == 0:
            for j in vm.neighbours(i):
                if j not in region and not vm.mine[j]:
                    region.add(j)
                    todo.append(j)
    return region


@settings(max_examples=60, deadline=None)
@given(boards())
def test_flood_fill_opens_the_zero_region_and_its_border(case):
    vm, row, col = case
    opened = {i for i in vm.cells if vm.state[i] == OPEN}
    assert opened == _expected_flood(vm, vm.index(row, col))


def test_flood_fill_does_not_recurse():
    vm = VMap(150, 150, 1)
    vm.first(1, 1, mines_at=[vm.index(150, 150)])
    assert vm.show() == CLEARED and vm.hidden == 1


def test_flags_stop_the_flood_and_are_kept():
    vm = VMap(1, 6, 1)
    vm.place_mines([vm.index(1, 6)])
    vm.placed = True
    vm.flag(1, 3)
    vm.open(1, 1)
    assert str(vm) == ". . F # # #"
    assert vm.flags == 1 and vm.hidden == 3


def test_open_and_flag_on_open_cells_do_nothing():
    vm = VMap(1, 4, 1)
    vm.first(1, 1, mines_at=[vm.index(1, 4)])
    before = (vm.state[:], vm.flags, vm.hidden)
    assert vm.open(1, 1) == ALIVE and vm.flag(1, 2) == ALIVE
    assert (vm.state, vm.flags, vm.hidden) == before


def test_flag_toggles():
    vm = VMap(1, 4, 1)
    vm.first(1, 1, mines_at=[vm.index(1, 3)])
    vm.flag(1, 4)
    assert vm.state[vm.index(1, 4)] == FLAG and vm.flags == 1
    vm.flag(1, 4)
    assert vm.state[vm.index(1, 4)] == HIDE and vm.flags == 0


def test_opening_a_mine_opens_everything():
    vm = VMap(1, 4, 1)
    vm.first(1, 1, mines_at=[vm.index(1, 3)])
    vm.flag(1, 4)
    assert vm.open(1, 3) == DEAD
    assert all(vm.state[i] == OPEN for i in vm.cells)
    assert str(vm) == ". 1 X 1"


def test_cleared_counts_flags_as_closed_cells():
    vm = VMap(2, 2, 1)
    vm.first(1, 1, mines_at=[vm.index(2, 2)])
    vm.flag(2, 2)
    vm.open(1, 2)
    assert vm.show() == ALIVE
    assert vm.open(2, 1) == CLEARED


def test_board_without_mines_is_cleared_not_dead():
    vm = VMap(2, 2, 0)
    assert vm.first(1, 2, random.Random(0)) == CLEARED


def test_mines_at_is_checked():
    vm = VMap(3, 3, 2)
    with pytest.raises(ValueError, match="2 distinct cells away from the first click"):
        vm.first(1, 1, mines_at=[vm.index(1, 1), vm.index(3, 3)])


def test_copy_is_independent():
    vm = VMap(9, 9, 10)
    vm.first(5, 5, random.Random(4))
    other = vm.copy()
    other.open(1, 1)
    other.flag(9, 9)
    assert vm.state != other.state or vm.flags != other.flags
