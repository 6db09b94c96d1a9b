"""Othello speed figures: ``python -m gamelab.bench othello [--quick] [--json]``.

* perft on the bitboard engine against the tutorial's engine on the same depth (leaves per second, ratio)
* perft 8 on the bitboard engine (the anchors list ~0.58 s for a pure-Python bitboard reference)
* the depth alpha-beta completes in one second from the start, and its nodes per second
"""

from __future__ import annotations

from ..measure import Row, best_of, timed
from . import bitboard, tutorial
from .ai import search
from .game import Othello


def run(quick: bool = False) -> list[Row]:
    """Measure and return the rows (``quick``: smaller depths and a shorter search)."""
    rows: list[Row] = []
    depth = 5 if quick else 6
    leaves = bitboard.perft(depth)
    fast = best_of(3, lambda: bitboard.perft(depth))
    slow = best_of(1 if quick else 2, lambda: tutorial.perft(tutorial.start_board(), tutorial.BLACK, depth))
    rows.append(Row("othello", f"bitboard perft {depth} ({leaves:,} leaves)", round(leaves / fast), "leaves/s",
                    reference=f"tutorial engine perft {depth}", reference_value=round(leaves / slow),
                    ratio=slow / fast))
    deep = 7 if quick else 8
    seconds, nodes = timed(lambda: bitboard.perft(deep))
    rows.append(Row("othello", f"bitboard perft {deep} ({nodes:,} leaves) time", round(seconds, 3), "s"))
    limit = 0.2 if quick else 1.0
    result = search(Othello.new(), time_limit=limit)
    rows.append(Row("othello", f"alpha-beta depth completed in {limit:g} s from the start", result.depth, "plies"))
    rows.append(Row("othello", "alpha-beta search speed from the start", round(result.nodes / result.seconds),
                    "nodes/s"))
    return rows
