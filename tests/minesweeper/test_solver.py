"""The solver: deductions are sound, probabilities match brute force, guesses and full games work."""

from __future__ import annotations

import random
from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab.minesweeper import Contradiction, Solver, VMap, play_out
from gamelab.minesweeper import solver as solver_module
from gamelab.minesweeper.solver import MINE, SAFE


def brute_force(rows: int, cols: int, mines: int, shown: dict[int, int]) -> dict[int, Fraction]:
    """Mine chance of every hidden cell by trying every layout (tiny boards only)."""
    vm = VMap(rows, cols, 0)
    hidden = [i for i in vm.cells if i not in shown]
    hits = {i: 0 for i in hidden}
    total = 0
    for layout in combinations(hidden, mines):
        chosen = set(layout)
        if all(sum(1 for j in vm.neighbours(i) if j in chosen) == n for i, n in shown.items()):
            total += 1
            for i in layout:
                hits[i] += 1
    return {i: Fraction(h, total) for i, h in hits.items()}


@st.composite
def positions(draw):
    """A real small board with some of its safe cells shown."""
    rows, cols = draw(st.integers(1, 4)), draw(st.integers(2, 5))
    cells = rows * cols
    mines = draw(st.integers(1, min(cells - 1, 7)))
    vm = VMap(rows, cols, mines)
    rng = random.Random(draw(st.integers(0, 10**6)))
    vm.place_mines(rng.sample(vm.cells, mines))
    safe = [i for i in vm.cells if not vm.mine[i]]
    shown = draw(st.lists(st.sampled_from(safe), min_size=1, max_size=len(safe), unique=True))
    return vm, {i: vm.near[i] for i in shown}


@settings(max_examples=120, deadline=None)
@given(positions())
def test_probabilities_match_brute_force(case):
    vm, shown = case
    solver = Solver(vm.rows, vm.cols, vm.mines)
    for i, n in shown.items():
        solver.reveal(i, n)
    expected = brute_force(vm.rows, vm.cols, vm.mines, shown)
    assert solver.probabilities() == expected
    # after deduction: what is known is certain, the rest keeps its exact chance
    solver.deduce()
    for i in vm.cells:
        if i in shown:
            continue
        if solver.known[i] == MINE:
            assert expected[i] == 1
        elif solver.known[i] == SAFE:
            assert expected[i] == 0
    assert solver.probabilities() == {i: p for i, p in expected.items() if solver.known[i] == 0}


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 10**6), st.booleans())
def test_deductions_are_true_on_real_games(seed, opening):
    rng = random.Random(seed)
    vm = VMap(9, 9, 10, opening=opening)
    vm.first(rng.randint(1, 9), rng.randint(1, 9), rng)
    solver = Solver.for_map(vm)
    while vm.show() == 0:
        solver.deduce()
        for i in solver.mines_known():
            assert vm.mine[i]
        safe = solver.safe_known()
        for i in safe:
            assert not vm.mine[i]
        if not safe:
            break
        vm.open(*vm.coords(safe[0]))
        solver.observe(vm)


def test_one_two_pattern():
    # Bottom row hidden; the numbers 1 2 above it put the mine under the 2's right, not under the 1's left.
    #   . 1 2 .      row 1 shows 0 1 2 1 ... built by hand below
    #   # # # #
    solver = Solver(2, 4, 2)
    w = 6
    for col, n in ((1, 1), (2, 2), (3, 2), (4, 1)):
        solver.reveal(1 * w + col, n)
    assert solver.deduce()
    assert sorted(solver.mines_known()) == [2 * w + 2, 2 * w + 3]
    assert solver.safe_known() == [2 * w + 1, 2 * w + 4]


def test_global_count_decides_the_last_cells():
    # One mine left among cells no number sees, and it is the last hidden cell.
    solver = Solver(1, 3, 1)
    solver.reveal(6, 0)
    solver.deduce()
    assert solver.safe_known() == [7]
    solver.reveal(7, 1)
    solver.deduce()
    assert solver.mines_known() == [8] and solver.solved


def test_exact_probability_of_a_fifty_fifty():
    # 2 × 2, one mine, the top row shows 1 1: each bottom cell is a mine with chance 1/2.
    solver = Solver(2, 2, 1)
    solver.reveal(5, 1)
    solver.reveal(6, 1)
    assert not solver.deduce()
    assert solver.probabilities() == {9: Fraction(1, 2), 10: Fraction(1, 2)}


def test_outside_cells_share_the_remaining_mines():
    # 1 × 5 with 2 mines: (1,1) shows 1, so (1,2) is a mine and (1,3…5) share 1 mine.
    solver = Solver(1, 5, 2)
    solver.reveal(8, 1)
    assert solver.probabilities() == {9: 1, 10: Fraction(1, 3), 11: Fraction(1, 3), 12: Fraction(1, 3)}


def test_contradiction_is_reported():
    solver = Solver(1, 3, 1)
    solver.reveal(6, 2)
    with pytest.raises(Contradiction, match="cannot be satisfied"):
        solver.deduce()
    other = Solver(1, 3, 0)
    other.reveal(6, 1)
    with pytest.raises(Contradiction):
        other.analyse()


def test_best_guess_prefers_certainty_then_safety():
    solver = Solver(1, 5, 2)
    solver.reveal(8, 1)
    guess = solver.best_guess()
    assert guess in (10, 11, 12)
    assert solver.analyse().chance(guess) == pytest.approx(1 / 3)


def position(rows: int, cols: int, mines: int, shown: dict[tuple[int, int], int]) -> Solver:
    solver = Solver(rows, cols, mines)
    for (r, c), n in shown.items():
        solver.reveal(r * (cols + 2) + c, n)
    return solver


def test_guess_may_take_a_slightly_riskier_cell_whose_number_settles_the_next_move(monkeypatch):
    # 4 x 6, 6 mines, 99 layouts fit:   2 # # # 1 .
    #                                    # # # # 1 .
    #                                    # # # 2 2 1
    #                                    # # # # # #
    monkeypatch.setattr(solver_module, "ENDGAME_LAYOUTS", 0)  # the heuristic, not the exact search
    solver = position(4, 6, 6, {(1, 1): 2, (1, 5): 1, (1, 6): 0, (2, 5): 1, (2, 6): 0,
                                (3, 4): 2, (3, 5): 2, (3, 6): 1})
    a = solver.analyse()
    w = solver.width
    chances = {divmod(j, w): a.probability(j) for j in solver.unknown()}
    assert min(chances.values()) == Fraction(18, 99)  # (2, 3), (3, 3) and (4, 3)
    guess = solver.best_guess(a)
    assert divmod(guess, w) == (4, 4)
    assert chances[(4, 4)] == Fraction(24, 99)  # 0.76 / 0.82 as likely to be safe: within the ratio 0.9
    # ... and whatever number it shows proves another cell safe, so the move after it is certain
    alive, score = solver._guess_score(guess, a.total - a.frontier[guess], a.total, 1.0, -1.0)
    assert alive and score == pytest.approx(75 / 99)
    safest = 4 * w + 3
    assert solver._guess_score(safest, a.total - a.frontier[safest], a.total, 1.0, -1.0)[1] < score


def test_with_few_layouts_the_exact_search_decides():
    solver = position(4, 6, 6, {(1, 1): 2, (1, 5): 1, (1, 6): 0, (2, 5): 1, (2, 6): 0,
                                (3, 4): 2, (3, 5): 2, (3, 6): 1})
    cell, chance = solver.endgame()
    assert solver.best_guess() == cell == 1 * 8 + 4 and chance == pytest.approx(62 / 99)


def test_fifty_fifty_counts_the_layouts_of_coin_tosses_in_the_making():
    assert Solver(1, 2, 1).fifty_fifty() == {5: 1, 6: 1}  # two cells, one mine: nothing can tell them apart
    # a 2 x 2 block, two mines: each cell is in two pairs (2 layouts each) and one block (1 layout)
    assert Solver(2, 2, 2).fifty_fifty() == {5: 5, 6: 5, 9: 5, 10: 5}
    # an open cell beside only one of the two tells them apart: (1, 3) shows 1, so (1, 2) is the mine
    assert position(1, 3, 1, {(1, 3): 1}).fifty_fifty() == {}


def test_guesses_stay_near_the_safest_cell():
    """Over real expert positions the guess is never far riskier than the safest cell, unless a forming
    50/50 eases its risk."""
    looked = 0
    for seed in range(3):
        vm = VMap(16, 30, 99)
        vm.first(1, 1, random.Random(seed))
        solver = Solver.for_map(vm)
        while vm.show() == 0:
            if not solver.safe_known() and not solver.deduce():
                a = solver.analyse()
                cell = solver.best_guess(a)
                safe = 1 - a.chance(cell)
                best = 1 - min(a.chance(j) for j in solver.unknown())
                if a.total > solver_module.ENDGAME_LAYOUTS:
                    looked += 1
                    assert safe >= solver_module.GUESS_SAFETY_RATIO * best or cell in solver.fifty_fifty()
                if vm.open(*divmod(cell, vm.width)) != 0:
                    break
                solver.observe(vm)
                continue
            for c in solver.safe_known():
                vm.open(*divmod(c, vm.width))
            solver.observe(vm)
    assert looked > 0


def test_play_out_wins_most_beginner_games():
    wins = 0
    for seed in range(30):
        vm = VMap(9, 9, 10)
        vm.first(1, 1, random.Random(seed))
        wins += play_out(vm)
    assert wins >= 20  # the published rate is about 92 %


def best_chance_by_brute_force(rows: int, cols: int, mines: int, shown: dict[int, int]) -> float:
    """The best chance of clearing the board from ``shown``, trying every order of play (tiny boards only)."""
    vm = VMap(rows, cols, 0)
    hidden = [i for i in vm.cells if i not in shown]
    layouts = [frozenset(layout) for layout in combinations(hidden, mines)
               if all(sum(1 for j in vm.neighbours(i) if j in layout) == n for i, n in shown.items())]
    memo: dict[tuple[frozenset, frozenset], float] = {}

    def value(possible: frozenset, opened: frozenset) -> float:
        if len(possible) == 1:
            return 1.0  # every safe cell is known: open them all
        key = (possible, opened)
        if key not in memo:
            best = 0.0
            for cell in hidden:
                if cell in opened:
                    continue
                by_number: dict[int, set] = {}
                for layout in possible:
                    if cell not in layout:
                        n = sum(1 for j in vm.neighbours(cell) if j in layout)
                        by_number.setdefault(n, set()).add(layout)
                total = sum(len(part) / len(possible) * value(frozenset(part), opened | {cell})
                            for part in by_number.values())
                best = max(best, total)
            memo[key] = best
        return memo[key]

    return value(frozenset(layouts), frozenset())


@settings(max_examples=40, deadline=None)
@given(positions())
def test_endgame_plays_as_well_as_brute_force(case):
    vm, shown = case
    if len(vm.cells) - len(shown) > 9:
        shown = dict(list(shown.items()) + [(i, vm.near[i]) for i in vm.cells if not vm.mine[i]][:len(vm.cells) - 9])
    solver = Solver(vm.rows, vm.cols, vm.mines)
    for i, n in shown.items():
        solver.reveal(i, n)
    found = solver.endgame(limit=10**6, budget=10**6)
    if found is None:  # nothing left to open: every hidden cell is a mine
        assert len(vm.cells) - len(shown) == vm.mines
        return
    cell, chance = found
    assert chance == pytest.approx(best_chance_by_brute_force(vm.rows, vm.cols, vm.mines, shown))
    assert cell not in shown


def test_endgame_prefers_the_informative_guess():
    # 1 × 4, one mine, (1,1) shows 1: the mine is at (1,2) for sure, so (1,3) and (1,4) are safe: a win.
    solver = Solver(1, 4, 1)
    solver.reveal(6 + 1, 1)
    assert solver.endgame()[1] == 1.0
    # 2 × 2, one mine, the top row shows 1 1: a coin toss, nothing better
    solver = Solver(2, 2, 1)
    solver.reveal(5, 1)
    solver.reveal(6, 1)
    assert solver.endgame() == (9, 0.5)


@pytest.mark.slow
def test_play_out_wins_expert_games_at_a_published_solvers_rate():
    # 1,000 expert games with a safe first click in the corner, seeds apart from the bench's (0-9,999)
    # and from those the guessing was tuned on (100,000 up). b1f6c1c4's PSEQ wins 39.6 % of such games
    # over 2 × 10^8; a solver that only picks the safest cell wins about 35 %. The seeds are fixed, so
    # this is a check of play, not a random draw: the solver of 30 Nov 2026 wins 389 of them, that of
    # 2 Dec (PSEQ's chain, +0.20 point on 50,000 paired intermediate games) 383, and 370
    # leaves room for changes of play that do not make it weaker.
    wins = 0
    for seed in range(300_000, 301_000):
        vm = VMap(16, 30, 99)
        vm.first(1, 1, random.Random(seed))
        wins += play_out(vm)
    assert wins >= 370
