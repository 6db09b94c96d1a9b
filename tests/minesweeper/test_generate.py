"""No-guess boards: solvable by the deduction-only solver, deterministic, right mine count."""

from __future__ import annotations

import random

import pytest

from gamelab.minesweeper import Solver, VMap, no_guess_mines, solvable_without_guessing


@pytest.mark.parametrize(
    "rows, cols, mines, row, col, seed",
    [(9, 9, 10, 5, 5, 0), (9, 9, 10, 1, 1, 1), (16, 16, 40, 8, 8, 2), (16, 30, 99, 4, 4, 3), (16, 30, 99, 16, 30, 4),
     (8, 8, 20, 4, 4, 5)],
)
def test_no_guess_boards_are_solvable_by_deduction(rows, cols, mines, row, col, seed):
    layout = no_guess_mines(rows, cols, mines, row, col, random.Random(seed))
    assert len(set(layout)) == mines
    vm = VMap(rows, cols, mines, opening=True)
    vm.first(row, col, mines_at=layout)
    assert vm.near[vm.index(row, col)] == 0
    # The deduction-only solver (no probabilities, no guesses) opens every safe cell.
    solver = Solver.for_map(vm)
    while vm.show() == 0:
        assert solver.deduce() or solver.safe_known(), "stuck: a guess would be needed"
        for i in solver.safe_known():
            vm.open(*vm.coords(i))
        solver.observe(vm)
    assert vm.show() == 1
    assert solvable_without_guessing(rows, cols, layout, row, col)


def test_generation_is_deterministic():
    a = no_guess_mines(16, 16, 40, 3, 3, random.Random(9))
    b = no_guess_mines(16, 16, 40, 3, 3, random.Random(9))
    assert a == b


def test_random_boards_often_need_a_guess():
    # the check is not vacuous: plain expert boards are seldom guess-free
    needs_guess = 0
    for seed in range(10):
        vm = VMap(16, 30, 99, opening=True)
        rng = random.Random(seed)
        layout = rng.sample(vm.placeable_cells(4, 4), 99)
        needs_guess += not solvable_without_guessing(16, 30, layout, 4, 4)
    assert needs_guess >= 5


def test_bad_requests():
    with pytest.raises(ValueError, match="at most 16"):
        no_guess_mines(5, 5, 17, 3, 3, random.Random(0))
    with pytest.raises(ValueError, match=r"first click \(0, 3\) is off the 5 × 5 board"):
        no_guess_mines(5, 5, 3, 0, 3, random.Random(0))
