"""Shanghai figures: ``python -m gamelab.bench shanghai [--quick] [--json]``.

* deal generation: the bit-mask generator against the tutorial's retry algorithm (faithful port),
  both timed on the same deal numbers in the same run (they produce identical deals);
* the solver deciding fresh generated deals (median and worst time, all must come out winnable);
* random (not constructed) deals: the fraction the solver finds winnable, and how many it leaves
  undecided within its node budget;
* the tutorial generator's retries (やりなおし) per problem.
"""

from __future__ import annotations

import random
import statistics
import time

from ..bench import Row
from .game import Shanghai
from .generator import create_problem, create_problem_fast, deal
from .solver import generator_retry_statistics, random_deal_statistics, solve

__all__ = ["run"]


def _median_time(fn, numbers: list[int]) -> float:
    times = []
    for n in numbers:
        start = time.perf_counter()
        fn(random.Random(n))
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def run(quick: bool = False) -> list[Row]:
    """Measure and return the rows."""
    rows: list[Row] = []
    numbers = list(range(1000, 1000 + (40 if quick else 400)))
    assert all(deal(n).kinds == deal(n, method="tutorial").kinds for n in numbers[:10])
    fast = _median_time(create_problem_fast, numbers)
    faithful = _median_time(create_problem, numbers)
    rows.append(Row("shanghai", "deal generation, median", fast * 1e3, "ms",
                    reference="tutorial initTiles retry loop (faithful port)", reference_value=faithful * 1e3,
                    ratio=faithful / fast))

    solve_times, nodes, statuses = [], [], []
    for n in range(5000, 5000 + (20 if quick else 200)):
        game = Shanghai.new(deal=n)
        start = time.perf_counter()
        result = solve(game)
        solve_times.append(time.perf_counter() - start)
        nodes.append(result.nodes)
        statuses.append(result.status)
    rows.append(Row("shanghai", "solver: decide a fresh deal, median", statistics.median(solve_times) * 1e3, "ms"))
    rows.append(Row("shanghai", "solver: decide a fresh deal, worst", max(solve_times) * 1e3, "ms"))
    rows.append(Row("shanghai", "solver: fresh deals proven winnable", statuses.count("winnable") / len(statuses),
                    "fraction"))
    rows.append(Row("shanghai", "solver: positions searched, median", statistics.median(nodes), "nodes"))

    count = 20 if quick else 100
    start = time.perf_counter()
    stats = random_deal_statistics(count, seed=2026, node_limit=20_000)
    elapsed = time.perf_counter() - start
    rows.append(Row("shanghai", f"random deals found winnable ({count} deals)", stats["winnable"] / count,
                    "fraction"))
    rows.append(Row("shanghai", "random deals proven unwinnable", stats["unwinnable"] / count, "fraction"))
    rows.append(Row("shanghai", "random deals undecided (20k-node budget)", stats["unknown"] / count, "fraction"))
    rows.append(Row("shanghai", "random deal: solver time, mean", elapsed / count * 1e3, "ms"))

    retries = generator_retry_statistics(200 if quick else 5000, seed=7)
    rows.append(Row("shanghai", "tutorial generator retries per problem, mean", statistics.mean(retries), "retries"))
    rows.append(Row("shanghai", "tutorial generator: problems needing a retry", sum(r > 0 for r in retries)
                    / len(retries), "fraction"))
    return rows
