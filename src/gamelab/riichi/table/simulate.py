"""Bot-only games in bulk, to see what a rule changes: hands per game, draws, dealer repeats, spread.

>>> stats = simulate(4, rules={'場数': 1}, seed=0)
>>> stats.games, stats.hands == sum(g.hands for g in stats.results)
(4, True)

Games are independent, so a long run can be spread over a ``concurrent.futures.Executor`` without
changing anything else: a ``ProcessPoolExecutor``, or a Dask cluster's (``Client(cluster).get_executor()``
from ``dask.distributed``): ``simulate(1000, executor=pool)``. Each game's seed is ``seed + i`` and
the chunks' results are gathered in order, so the result is the same whichever executor runs it.
``level`` chooses the bots (``'normal'`` by default, ``'easy'`` for the first, simpler bot).
"""

from __future__ import annotations

import statistics
from collections import Counter
from concurrent.futures import Executor
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from .. import Rules
from ..rules import describe_rules, make_rules
from .ai import DEFAULT_LEVEL, Bot
from .engine import Table

__all__ = ["GameSummary", "SimulationStats", "play_bot_game", "simulate"]


@dataclass(frozen=True)
class GameSummary:
    """What one bot-only game came to."""

    seed: int
    hands: int  # hands dealt (局数, repeats included)
    wins: int  # hands ended by a win (one per hand, double rons counted once)
    draws: Mapping[str, int]  # draw name -> count (荒牌平局, 流し満貫, 九種九牌…)
    dealer_repeats: int  # hands after which the dealer kept the seat (連荘)
    final_points: tuple[int, int, int, int]  # by player id, riichi sticks left to the top included
    point: tuple[str, str, str, str]  # final score with uma, as majiang-core writes it


@dataclass
class SimulationStats:
    """Totals over many games, with the per-game summaries in ``results``."""

    results: list[GameSummary] = field(default_factory=list)

    @property
    def games(self) -> int:
        return len(self.results)

    @property
    def hands(self) -> int:
        return sum(g.hands for g in self.results)

    @property
    def hands_per_game(self) -> float:
        return self.hands / self.games if self.games else 0.0

    @property
    def draw_rate(self) -> float:
        """Share of hands ending without a win (exhaustive and abortive draws)."""
        return sum(sum(g.draws.values()) for g in self.results) / self.hands if self.hands else 0.0

    @property
    def abortive_rate(self) -> float:
        """Share of hands ending in an abortive draw (途中流局)."""
        from .engine import ABORTIVE_DRAWS

        n = sum(v for g in self.results for k, v in g.draws.items() if k in ABORTIVE_DRAWS)
        return n / self.hands if self.hands else 0.0

    @property
    def dealer_repeat_rate(self) -> float:
        """Share of hands after which the dealer kept the seat."""
        return sum(g.dealer_repeats for g in self.results) / self.hands if self.hands else 0.0

    @property
    def points_spread(self) -> float:
        """Standard deviation of final points over all players of all games."""
        points = [p for g in self.results for p in g.final_points]
        return statistics.pstdev(points) if points else 0.0

    def draw_counts(self) -> Counter[str]:
        total: Counter[str] = Counter()
        for g in self.results:
            total.update(g.draws)
        return total

    def summary(self) -> dict[str, float]:
        """The headline figures as a dict (rounded for display)."""
        return {
            "games": self.games,
            "hands": self.hands,
            "hands per game": round(self.hands_per_game, 2),
            "draw rate": round(self.draw_rate, 3),
            "abortive draw rate": round(self.abortive_rate, 3),
            "dealer repeat rate": round(self.dealer_repeat_rate, 3),
            "points spread": round(self.points_spread),
        }


def play_bot_game(rules: Rules | Mapping[str, Any] | str | None = None, seed: int = 0, qijia: int = 0,
                  level: str = DEFAULT_LEVEL) -> GameSummary:
    """Play one game between four :class:`Bot` players of ``level`` and summarise it.

    >>> play_bot_game({'場数': 0}, seed=3).hands >= 1
    True
    """
    table = Table(players=[Bot(seed=seed * 4 + i, level=level) for i in range(4)], rules=rules, qijia=qijia, seed=seed)
    table.run()
    draws: Counter[str] = Counter()
    repeats = 0
    log = table.paipu["log"]
    for i, hand in enumerate(log):
        end = hand[-1]
        if "pingju" in end:
            draws[end["pingju"]["name"]] += 1
        if i + 1 < len(log):
            this, after = hand[0]["qipai"], log[i + 1][0]["qipai"]
            repeats += (this["zhuangfeng"], this["jushu"]) == (after["zhuangfeng"], after["jushu"])
    return GameSummary(seed=seed, hands=len(log), wins=len(log) - sum(draws.values()), draws=dict(draws),
                       dealer_repeats=repeats, final_points=tuple(table.paipu["defen"]),
                       point=tuple(table.paipu["point"]))


def _play_many(rules: dict[str, Any], seeds: list[int], level: str = DEFAULT_LEVEL) -> list[GameSummary]:
    # module-level and fed JSON-able rules, so a process pool (or a Dask worker) can unpickle it
    return [play_bot_game(rules, seed, level=level) for seed in seeds]


def simulate(
    games: int,
    rules: Rules | Mapping[str, Any] | str | None = None,
    seed: int = 0,
    executor: Executor | None = None,
    chunk: int = 8,
    progress: Callable[[int, int], None] | None = None,
    level: str = DEFAULT_LEVEL,
) -> SimulationStats:
    """Play ``games`` bot-only games (seeds ``seed``, ``seed + 1``…) and gather the figures.

    ``executor`` spreads chunks of ``chunk`` games over workers; ``progress(done, total)`` is
    called as games finish (a progress bar in a lesson); ``level`` is the bots' level.
    """
    spec = describe_rules(make_rules(rules))
    seeds = list(range(seed, seed + games))
    chunks = [seeds[i:i + chunk] for i in range(0, len(seeds), chunk)]
    stats = SimulationStats()
    done = 0
    if executor is None:
        for part in chunks:
            stats.results += _play_many(spec, part, level)
            done += len(part)
            if progress is not None:
                progress(done, games)
        return stats
    futures = [executor.submit(_play_many, spec, part, level) for part in chunks]
    for future, part in zip(futures, chunks):  # in submission order, so the result does not depend on timing
        stats.results += future.result()
        done += len(part)
        if progress is not None:
            progress(done, games)
    return stats
