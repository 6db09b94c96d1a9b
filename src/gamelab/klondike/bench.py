"""Klondike bench: how many random deals the solver wins within a budget, and how fast.

``python -m gamelab.bench klondike [--quick] [--json]``. Deals are deal numbers 1…N (the same on
every machine); each is solved with draw 1 and with draw 3 under a budget of distinct positions.
The reference is ShootMe's solver over 1,000 random deals with a 60-million-position budget
(../shared/reference/anchors.md §3): 91.9% of deals solvable with draw 1, 83.6% with draw 3. Those
are the fractions of *winnable* deals, so they bound the fraction any solver can win from above.
"""

from __future__ import annotations

import statistics

from ..bench import Row, timed
from .game import Klondike
from .solver import solve

__all__ = ["run", "PUBLISHED_SOLVABLE", "PUBLISHED_IMPOSSIBLE"]

#: ShootMe/Klondike-Solver Statistics.txt: solvable fraction of random deals, by draw count.
PUBLISHED_SOLVABLE = {1: 0.919, 3: 0.836}
#: Same source: fraction proved impossible (the rest were "most likely impossible").
PUBLISHED_IMPOSSIBLE = {1: 0.062, 3: 0.149}


def run(quick: bool = False) -> list[Row]:
    """Rows for draw 1 and draw 3: fraction solved, fraction proved impossible, median and p90 seconds."""
    deals, budget = (10, 20_000) if quick else (100, 100_000)
    rows: list[Row] = []
    for draw in (1, 3):
        seconds: list[float] = []
        outcome = {"solved": 0, "impossible": 0, "unknown": 0}
        for seed in range(1, deals + 1):
            elapsed, result = timed(lambda: solve(Klondike.new(seed=seed, draw=draw), budget=budget))
            seconds.append(elapsed)
            outcome[result.status] += 1  # type: ignore[attr-defined]
        where = f"draw {draw}, deals 1-{deals}, budget {budget:,} positions"
        solved = outcome["solved"] / deals
        impossible = outcome["impossible"] / deals
        rows.append(Row("klondike", f"{where}: fraction solved", solved, "fraction",
                        "ShootMe: fraction solvable (upper bound)", PUBLISHED_SOLVABLE[draw],
                        solved / PUBLISHED_SOLVABLE[draw]))
        rows.append(Row("klondike", f"{where}: fraction proved impossible", impossible, "fraction",
                        "ShootMe: fraction proved impossible", PUBLISHED_IMPOSSIBLE[draw]))
        rows.append(Row("klondike", f"{where}: median seconds per deal", statistics.median(seconds), "s"))
        rows.append(Row("klondike", f"{where}: 90th percentile seconds per deal",
                        statistics.quantiles(seconds, n=10)[-1], "s"))
    return rows
