"""Klondike bench: the solver on ShootMe's 25 fast-mode deals, draw 1 and draw 3, side by side.

``python -m gamelab.bench klondike [--quick] [--json]``. The deal set is fixed:
``shootme_fast_deals.tsv`` in the conformance data (``$GAMELAB_CONFORMANCE_DATA`` or
``../shared/data``), 25 ShootMe deck strings, each with ShootMe's own fast-mode result (C++, a
5,000,000-state budget): solved or not, and its solution length counted its way (a flip counts, a
recycle of the waste does not). Each deal is solved with the default budget, and the rows give, per
draw count: the fraction solved (ShootMe's fraction beside it), the fraction proved impossible,
the median and 90th-percentile seconds per deal, how many deals ShootMe solves that the solver does
not, and the median and largest ratio of our length to ShootMe's on the deals both solve, our length
counted as ShootMe counts (:func:`~gamelab.klondike.solver.shootme_length`). ``--quick`` takes the
first 4 deals per draw count with a budget of 20,000 positions. Without the data folder, deal
numbers 1–25 (1–4 with ``--quick``) stand in, without the ShootMe rows.
"""

from __future__ import annotations

import os
import statistics
from functools import partial
from pathlib import Path

from ..measure import Row, timed
from .game import Klondike
from .solver import DEFAULT_BUDGET, SolveResult, shootme_length, solve

__all__ = ["FastDeal", "read_fast_deals", "run"]

#: One row of shootme_fast_deals.tsv: deck string, draw count, ShootMe's status, length, CPU seconds.
FastDeal = tuple[str, int, str, int | None, float]


def _data_dir() -> Path | None:
    env = os.environ.get("GAMELAB_CONFORMANCE_DATA")
    candidates = ([Path(env)] if env else []) + [Path(__file__).resolve().parents[3].parent / "shared" / "data"]
    return next((c for c in candidates if (c / "klondike").is_dir()), None)


def read_fast_deals(path: Path) -> list[FastDeal]:
    """The rows of ``shootme_fast_deals.tsv`` (``#`` lines are comments, then a header)."""
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")]
    if rows[0][:5] != ["deck", "draw", "status", "moves", "cpu_s"]:
        raise ValueError(f"{path}: unexpected header {rows[0]!r}")
    return [(deck, int(draw), status, int(moves) if moves else None, float(cpu))
            for deck, draw, status, moves, cpu, *_ in rows[1:]]


def run(quick: bool = False) -> list[Row]:
    """Rows for draw 1 and draw 3 (see the module docstring)."""
    budget = 20_000 if quick else DEFAULT_BUDGET
    per_draw = 4 if quick else 25
    data = _data_dir()
    deals: list[FastDeal]
    if data is not None:
        deals = read_fast_deals(data / "klondike" / "shootme_fast_deals.tsv")
        where_from = "deals of shootme_fast_deals.tsv"
    else:
        deals = [(Klondike.new(seed=seed).deck or "", draw, "", None, 0.0)
                 for draw in (1, 3) for seed in range(1, per_draw + 1)]
        where_from = f"deals numbered 1-{per_draw} (no conformance data)"
    rows: list[Row] = []
    for draw in (1, 3):
        chosen = [deal for deal in deals if deal[1] == draw][:per_draw]
        seconds: list[float] = []
        ratios: list[float] = []
        outcome = {"solved": 0, "impossible": 0, "unknown": 0}
        theirs = missed = 0
        for deck, _, status, length, _cpu in chosen:
            game = Klondike.new(deck=deck, draw=draw)
            elapsed, found = timed(partial(solve, game, budget=budget))
            result: SolveResult = found  # type: ignore[assignment]
            seconds.append(elapsed)
            outcome[result.status] += 1
            theirs += status == "solved"
            missed += status == "solved" and not result.solved
            if result.solved and length:
                ratios.append(shootme_length(game, result.actions) / length)
        n = len(chosen)
        where = f"draw {draw}, {n} {where_from}, budget {budget:,} positions"
        shootme = "ShootMe fast mode, 5,000,000 states" if data is not None else None
        rows.append(Row("klondike", f"{where}: fraction solved", outcome["solved"] / n, "fraction",
                        shootme, theirs / n if shootme else None,
                        outcome["solved"] / theirs if shootme and theirs else None))
        rows.append(Row("klondike", f"{where}: fraction proved impossible", outcome["impossible"] / n, "fraction"))
        rows.append(Row("klondike", f"{where}: median seconds per deal", statistics.median(seconds), "s"))
        rows.append(Row("klondike", f"{where}: 90th percentile seconds per deal",
                        statistics.quantiles(seconds, n=10)[-1] if n > 1 else seconds[0], "s"))
        if shootme:
            rows.append(Row("klondike", f"{where}: deals ShootMe solves and we do not", missed, "deals"))
            if ratios:
                rows.append(Row("klondike", f"{where}: median length ratio to ShootMe's (both solve)",
                                statistics.median(ratios), "ratio"))
                rows.append(Row("klondike", f"{where}: largest length ratio to ShootMe's (both solve)",
                                max(ratios), "ratio"))
    return rows
