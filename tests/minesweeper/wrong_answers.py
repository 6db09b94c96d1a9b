"""One plausible learner mistake for every exercise of lesson 02 (Minesweeper), as real functions.

``WRONG[exercise_id]`` is a wrong body a learner could write; ``check(exercise(id)(WRONG[id]))`` fails, and
its report draws the first failing case with at least one mark (the lesson's and the shared tests hold it
to that). Each comment says what the mistake is.
"""

from __future__ import annotations

from typing import Any, Callable

from gamelab.minesweeper.vmap import ALIVE, CLEARED, DEAD, FLAG, HIDE, OPEN


def sentinel_states(rows, cols):
    return [HIDE] * ((rows + 2) * (cols + 2))     # no border: the ring is hidden too


def neighbour_offsets(width):
    return (-width, -1, 1, width)                 # no diagonals


def placeable_cells(vm, row, col):
    return list(vm.cells)                         # the first click may be a mine


def lay_mines(vm, indices):
    for i in indices:
        vm.mine[i] = 1
        for d in (-1, 1, -vm.width, vm.width):    # no diagonals
            vm.near[i + d] += 1


def open_cell(vm, i):
    if vm.state[i] == OPEN:                       # a flag is opened too
        return
    vm.state[i] = OPEN
    if vm.near[i] == 0:
        for d in vm.offsets:
            open_cell(vm, i + d)


def open_at(vm, row, col):
    i = vm.index(row, col)
    if vm.state[i] != HIDE:
        return
    if vm.mine[i]:
        vm.open_all()                             # forgets vm.exploded
    else:
        vm.open_cell(i)


def toggle_flag(vm, row, col):
    i = vm.index(row, col)
    vm.state[i] = HIDE if vm.state[i] == FLAG else FLAG   # flags an open cell too


def tally(vm):
    return 0, sum(1 for i in vm.cells if vm.state[i] != OPEN)   # flags counted as hidden


def verdict(flags, rest, mines):
    if flags + rest == 0:                         # the tutorial's order: a cleared board without mines reads as a blast
        return DEAD
    if flags + rest == mines:
        return CLEARED
    return ALIVE


def dispatch_click(game, row, col, mode):
    if game.is_over:
        return None
    return f"{mode} {row} {col}"                  # the first click flags in flag mode


def game_over_message(result, started, ended):
    if result == ALIVE:
        return None
    return f"{'cleared' if result == CLEARED else 'blown up'} in {round(ended - started)} s"   # rounds, not ceil/floor


def table_layout(rows, cols, size):
    return {(r, c): ((r - 1) * size, (c - 1) * size)                # x from the row: rows and columns swapped
            for r in range(1, rows + 1) for c in range(1, cols + 1)}


def placeable_with_opening(vm, row, col):
    start = vm.index(row, col)
    return [i for i in vm.cells if i != start]    # ignores vm.opening


WRONG: dict[str, Callable[..., Any]] = {
    "minesweeper.sentinel_map": sentinel_states,
    "minesweeper.offsets": neighbour_offsets,
    "minesweeper.placeable": placeable_cells,
    "minesweeper.lay_mines": lay_mines,
    "minesweeper.flood_fill": open_cell,
    "minesweeper.open": open_at,
    "minesweeper.flag": toggle_flag,
    "minesweeper.tally": tally,
    "minesweeper.verdict": verdict,
    "minesweeper.click": dispatch_click,
    "minesweeper.message": game_over_message,
    "minesweeper.table": table_layout,
    "minesweeper.opening": placeable_with_opening,
}
