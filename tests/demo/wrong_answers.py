"""One plausible learner mistake for every exercise of the start-here lesson (00_start_here), each a real
wrong body: ``check(exercise(id)(WRONG[id]))`` must fail with a report drawn as a picture that marks it."""

from __future__ import annotations

from typing import Any, Callable


def cell_name(row, col):
    return "abcdefghij"[row] + str(col + 1)  # row and column swapped: (0, 1) is named a2, not b1


def press_mask(size, row, col):
    mask = 0
    for r, c in [(row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]:
        index = r * size + c
        if 0 <= index < size * size:  # on the board as a number, yet wrapped round to the next row
            mask |= 1 << index
    return mask


def toggle(lights, mask):
    return lights | mask  # switches the press's lamps on, never off


WRONG: dict[str, Callable[..., Any]] = {
    "lights_out.cell_name": cell_name,
    "lights_out.press_mask": press_mask,
    "lights_out.toggle": toggle,
}
