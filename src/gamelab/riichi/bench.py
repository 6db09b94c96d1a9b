"""Benchmark rows for ``python -m gamelab.bench riichi``: bot-only hands per second at the table, for
each bot level, and what a hand costs next to the shanten calls its bots make (``bench_shanten.py``
beside it times the core's hand calculations alone; ``bench_peer.py`` plays the bots against majiang-ai).

Times are CPU seconds of this process (``time.process_time``), so a busy machine does not count
against the figures. The last pair of rows answers "where does the time go?" for the easy bots: a
hand played by four of them is timed, and so are the same shanten calls replayed on their own
(``shanten_of_counts`` on the very count vectors the bots asked about), so the ratio shows how much of
a hand is shanten and how much is the rest (the table's flow, legality checks, scoring).
"""

from __future__ import annotations

import time
from typing import Callable, Sequence

from ..measure import Row
from . import shanten_of_counts
from .table import Bot, Table
from .table.ai import DEFAULT_LEVEL, LEVELS

__all__ = ["run"]


class _Recorder:
    """A shanten function that remembers its inputs, to replay them alone."""

    def __init__(self) -> None:
        self.calls: list[tuple[list[int], int]] = []

    def __call__(self, counts: Sequence[int], n_melds: int) -> int:
        self.calls.append((list(counts), n_melds))
        return shanten_of_counts(counts, n_melds)


def _play(games: int, rounds: int, first_seed: int, shanten: Callable[[Sequence[int], int], int] = shanten_of_counts,
          level: str = "easy") -> int:
    hands = 0
    for seed in range(first_seed, first_seed + games):
        table = Table(players=[Bot(seed=seed * 4 + i, shanten=shanten, level=level) for i in range(4)],
                      rules={"場数": rounds}, qijia=0, seed=seed)
        table.run()
        hands += len(table.paipu["log"])
    return hands


def run(quick: bool) -> list[Row]:
    games = 4 if quick else 30
    rows = []
    timings = {}
    for level in [DEFAULT_LEVEL] + [level for level in LEVELS if level != DEFAULT_LEVEL]:
        _play(2, 1, 10_000, level=level)  # warm the shanten tables, as a long simulation would
        start = time.process_time()
        hands = _play(games, 1, 0, level=level)
        timings[level] = hands, time.process_time() - start
        rows.append(Row("riichi", f"bot-only hands per second (東風戦, 4 {level} bots)", hands / timings[level][1],
                        "hands/s"))
    hands, elapsed = timings["easy"]

    # the same games again, recording every shanten call, then those calls replayed alone
    recorder = _Recorder()
    recorded_hands = _play(games, 1, 0, shanten=recorder)
    assert recorded_hands == hands  # same seeds, same games
    start = time.process_time()
    for counts, n_melds in recorder.calls:
        shanten_of_counts(counts, n_melds)
    shanten_seconds = (time.process_time() - start) / hands
    hand_seconds = elapsed / hands
    rows.append(Row("riichi", "bot shanten calls per hand (easy bots)", len(recorder.calls) / hands, "calls"))
    rows.append(Row("riichi", "one hand (4 easy bots), ms", hand_seconds * 1000, "ms",
                    reference="its bots' shanten calls alone, ms", reference_value=shanten_seconds * 1000,
                    ratio=hand_seconds / shanten_seconds if shanten_seconds else None))
    return rows
