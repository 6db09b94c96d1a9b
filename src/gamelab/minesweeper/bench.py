"""Minesweeper benchmark: the solver's win rate on expert against published solvers, speed, no-guess boards.

``python -m gamelab.bench minesweeper [--quick] [--json]``

* Win rate on expert (16 × 30, 99 mines) with a safe first click in the corner (1, 1), and with a first
  click at (4, 4) whose 3 × 3 block is mine-free (an opening), each over 1,000 games (100 with
  ``--quick``), with a 95 % Wilson interval. The references are b1f6c1c4's PSEQ-D256 solver,
  40.0468 % and 53.4502 % over 10^8 games (anchors.md §2: its "SFAR" and "SNR" rules are exactly these
  two first-click rules). Game ``g`` is drawn from ``random.Random(g)``, so every run plays the same games.
* Mean milliseconds per game, whole games (mine laying, every open, every deduction and guess).
* Median time to generate a no-guess expert board, next to a plain random layout measured in the
  same run.
"""

from __future__ import annotations

import math
import random
import statistics
import time

from ..bench import Row
from .generate import no_guess_mines
from .solver import play_out
from .vmap import VMap

__all__ = ["run", "win_rate", "wilson"]

REFERENCES = {
    "corner": ("b1f6c1c4 PSEQ-D256, safe start at (1,1)", 40.0468),
    "opening": ("b1f6c1c4 PSEQ-D256, opening at (4,4)", 53.4502),
}


def wilson(wins: int, games: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate, as fractions.

    >>> [round(x, 3) for x in wilson(400, 1000)]
    [0.37, 0.431]
    """
    if games == 0:
        return 0.0, 1.0
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return centre - half, centre + half


def win_rate(games: int, *, opening: bool, rows: int = 16, cols: int = 30, mines: int = 99) -> tuple[int, float]:
    """``(wins, seconds)`` of the solver over ``games`` boards, game g drawn from ``random.Random(g)``."""
    first = (4, 4) if opening else (1, 1)
    wins = 0
    start = time.perf_counter()
    for g in range(games):
        vm = VMap(rows, cols, mines, opening=opening)
        vm.first(*first, random.Random(g))
        wins += play_out(vm)
    return wins, time.perf_counter() - start


def run(quick: bool = False) -> list[Row]:
    games = 100 if quick else 1000
    rows: list[Row] = []
    for key, opening, label in (("corner", False, "safe first click (1,1)"), ("opening", True, "opening at (4,4)")):
        wins, seconds = win_rate(games, opening=opening)
        low, high = wilson(wins, games)
        rate = 100 * wins / games
        ref_name, ref_value = REFERENCES[key]
        rows.append(Row(
            "minesweeper",
            f"expert win rate, {label}, n={games}, 95% CI {100 * low:.1f}-{100 * high:.1f}",
            round(rate, 2), "%", ref_name, ref_value, round(rate / ref_value, 3),
        ))
        rows.append(Row("minesweeper", f"ms per expert game, {label}", round(1000 * seconds / games, 2), "ms"))
    boards = 10 if quick else 50
    times = []
    plain = []
    for seed in range(boards):
        t0 = time.perf_counter()
        no_guess_mines(16, 30, 99, 4, 4, random.Random(seed))
        times.append(time.perf_counter() - t0)
        t0 = time.perf_counter()
        VMap(16, 30, 99, opening=True).first(4, 4, random.Random(seed))
        plain.append(time.perf_counter() - t0)
    ng, pl = statistics.median(times) * 1000, statistics.median(plain) * 1000
    rows.append(Row(
        "minesweeper", f"no-guess expert board, median of {boards}", round(ng, 2), "ms",
        "plain random expert board (same run)", round(pl, 3), round(ng / pl, 1),
    ))
    return rows
