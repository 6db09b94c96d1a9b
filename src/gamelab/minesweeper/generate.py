"""No-guess boards: mine layouts that can be cleared by deduction alone from the first click.

The method follows Simon Tatham's Mines (``mines.c``: ``minegen`` and ``mineperturb``): lay the mines
at random away from the first click's 3 × 3 block, then let the deduction-only solver play. Wherever
it gets stuck, pick one of the open numbers next to the unknown cells and *perturb* the layout so
that number's unknown neighbours become all safe (their mines move to unknown cells far from the open
area) or, when there is no room for that, all mines (mines come in from elsewhere). The mine total
never changes; the numbers on open cells are updated and the solver carries on. Once it finishes,
a fresh solver replays the final layout from the first click with no help at all; only a layout that
passes that check is returned. A layout that keeps needing help is thrown away for a new one.

The first click of a no-guess board always opens an area (the opening option): a lone number at the
start could not be reasoned about.

>>> import random
>>> mines = no_guess_mines(9, 9, 10, 5, 5, random.Random(0))
>>> len(mines), solvable_without_guessing(9, 9, mines, 5, 5)
(10, True)
"""

from __future__ import annotations

import random
from typing import Iterable

from ..work import checkpoint
from .solver import MINE, UNKNOWN, Solver, neighbour_table
from .vmap import VMap, check_size

__all__ = ["no_guess_mines", "solvable_without_guessing"]


def _counts(rows: int, cols: int, mines: Iterable[int]) -> list[int]:
    nbrs = neighbour_table(rows, cols)
    near = [0] * ((rows + 2) * (cols + 2))
    for i in mines:
        for j in nbrs[i]:
            near[j] += 1
    return near


def _run(solver: Solver, mine: set[int], near: list[int]) -> None:
    """Open every cell the solver proves safe, until it has nothing more to prove."""
    while True:
        checkpoint()  # a layout's search is long work: Stop ends it here
        pending = solver.safe_known()
        if pending:
            for i in pending:
                solver.reveal(i, near[i])
        elif not solver.deduce():
            return


def solvable_without_guessing(rows: int, cols: int, mines: Iterable[int], row: int, col: int) -> bool:
    """True if the deduction-only solver clears the board from a first click at ``(row, col)``.

    >>> vm = VMap(1, 4, 1)
    >>> solvable_without_guessing(1, 4, [vm.index(1, 4)], 1, 1)
    True
    """
    mine = set(mines)
    near = _counts(rows, cols, mine)
    solver = Solver(rows, cols, len(mine))
    start = row * (cols + 2) + col
    if start in mine:
        return False
    solver.reveal(start, near[start])
    _run(solver, mine, near)
    return solver.solved


def no_guess_mines(
    rows: int, cols: int, mines: int, row: int, col: int, rng: random.Random, *, max_tries: int = 200
) -> list[int]:
    """A layout of ``mines`` mines (map indices, sorted) solvable without guessing from ``(row, col)``.

    Deterministic for a given ``rng`` state. Raises ``ValueError`` if ``max_tries`` fresh layouts all
    fail (only on boards packed so tightly that almost every cell is a mine). Long work listens for Stop
    (:func:`gamelab.work.checkpoint` at each step of the solver's play).
    """
    check_size(rows, cols, mines, opening=True)
    vm = VMap(rows, cols, mines, opening=True)
    if not vm.inside(row, col):
        raise ValueError(f"the first click ({row}, {col}) is off the {rows} × {cols} board")
    placeable = vm.placeable_cells(row, col)
    nbrs = neighbour_table(rows, cols)
    start = vm.index(row, col)
    keep_free = set(nbrs[start]) | {start}
    for _ in range(max_tries):
        checkpoint()
        mine = set(rng.sample(placeable, mines))
        previous = None
        for _ in range(10):
            helped = _solve_with_help(rows, cols, mine, start, keep_free, nbrs, rng)
            if helped is None:
                break
            if helped == 0 or solvable_without_guessing(rows, cols, mine, row, col):
                return sorted(mine)
            if previous is not None and helped >= previous:
                break  # perturbing is not converging: start afresh, as Tatham does
            previous = helped
    raise ValueError(f"no guess-free layout of {mines} mines on {rows} × {cols} found in {max_tries} tries")


def _solve_with_help(
    rows: int, cols: int, mine: set[int], start: int, keep_free: set[int], nbrs: list[tuple[int, ...]],
    rng: random.Random,
) -> int | None:
    """Play the deduction solver on ``mine`` (changed in place), perturbing where stuck.

    Returns how many perturbations were needed, or ``None`` when stuck with no perturbation possible.
    """
    near = _counts(rows, cols, mine)
    solver = Solver(rows, cols, len(mine))
    solver.reveal(start, near[start])
    helped = 0
    while True:
        _run(solver, mine, near)
        if solver.solved:
            return helped
        if not _perturb(solver, mine, near, keep_free, nbrs, rng):
            return None
        helped += 1


def _perturb(
    solver: Solver, mine: set[int], near: list[int], keep_free: set[int], nbrs: list[tuple[int, ...]],
    rng: random.Random,
) -> bool:
    """Make the unknown neighbours of one open number all safe (or all mines); update shown numbers."""
    known, number = solver.known, solver.number
    unknown = [j for j in solver.cells if known[j] == UNKNOWN]
    frontier_numbers = [i for i, _, _ in solver.constraints()]
    if not frontier_numbers:
        return False  # the unknown cells are walled off by known mines: start afresh
    anchor = rng.choice(frontier_numbers)
    target = [j for j in nbrs[anchor] if known[j] == UNKNOWN]
    target_set = set(target)
    # Where mines may go or come from: unknown cells away from every open number first (moving
    # them changes nothing already shown), then any other unknown cell.
    far = [j for j in unknown if j not in target_set and all(number[k] < 0 for k in nbrs[j])]
    near_cells = [j for j in unknown if j not in target_set and j not in far]
    leaving = [j for j in target if j in mine]
    free_far = [j for j in far if j not in mine and j not in keep_free]
    free_near = [j for j in near_cells if j not in mine and j not in keep_free]
    moves: list[tuple[int, int]] = []  # (from, to)
    if len(free_far) + len(free_near) >= len(leaving):
        rng.shuffle(free_far)
        rng.shuffle(free_near)
        moves = list(zip(leaving, free_far + free_near))
    else:
        arriving = [j for j in target if j not in mine]
        donors_far = [j for j in far if j in mine]
        donors_near = [j for j in near_cells if j in mine]
        if len(donors_far) + len(donors_near) < len(arriving):
            return False
        rng.shuffle(donors_far)
        rng.shuffle(donors_near)
        moves = list(zip(donors_far + donors_near, arriving))
    for src, dst in moves:
        mine.discard(src)
        mine.add(dst)
        for k in nbrs[src]:
            near[k] -= 1
        for k in nbrs[dst]:
            near[k] += 1
    # Tell the solver the numbers it has seen that changed.
    touched = {k for src, dst in moves for k in nbrs[src] + nbrs[dst] if number[k] >= 0}
    for k in touched:
        number[k] = near[k]
        solver._dirty.add(k)
    assert all(known[j] != MINE or j in mine for j in solver.cells)
    return True
