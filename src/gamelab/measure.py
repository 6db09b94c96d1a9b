"""Measuring: a benchmark's row (a figure beside a reference measured in the same run), timers, and the
Wilson interval of a win rate, the interval of a ratio of medians. Below every game, so a game's bench needs nothing above it.

>>> print(Row("othello", "perft(6)", 8_031_101, "nodes"))
othello      perft(6)                                            8,031,101 nodes
"""

from __future__ import annotations

import math
import random
import statistics
import time
from dataclasses import asdict, dataclass
from typing import Any, Callable, Sequence

__all__ = ["Row", "timed", "best_of", "wilson", "median_ratio_interval"]


@dataclass
class Row:
    """One measured figure, optionally side by side with a reference measured in the same run."""

    bench: str
    metric: str
    value: float
    unit: str
    reference: str | None = None
    reference_value: float | None = None
    ratio: float | None = None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)

    def __str__(self) -> str:
        text = f"{self.bench:<12} {self.metric:<48} {_fmt(self.value):>12} {self.unit}"
        if self.reference is not None:
            text += f"   | {self.reference}: {_fmt(self.reference_value)}"
            if self.ratio is not None:
                text += f"  ratio {self.ratio:.2f}"
        return text


def _fmt(value: float | None) -> str:
    if value is None:
        return "-"
    if isinstance(value, int) or float(value).is_integer():
        return f"{int(value):,}"
    return f"{value:.4g}"


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


def median_ratio_interval(this: Sequence[float], reference: Sequence[float], *, rounds: int = 2000,
                          seed: int = 0) -> tuple[float, float]:
    """The 95 % interval of ``median(this) / median(reference)`` by resampling each side (a bootstrap with a
    fixed seed, so a report reads the same twice): where it holds 1, the two are not told apart.

    >>> low, high = median_ratio_interval([10, 11, 12, 13], [10, 11, 12, 13])
    >>> low < 1 < high
    True
    >>> median_ratio_interval([20, 21, 22], [10, 11, 12])[0] > 1.5
    True
    """
    rng = random.Random(seed)
    ratios = sorted(statistics.median(rng.choices(this, k=len(this))) /
                    statistics.median(rng.choices(reference, k=len(reference))) for _ in range(rounds))
    return ratios[int(rounds * 0.025)], ratios[int(rounds * 0.975) - 1]


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    """Seconds taken by one call of ``fn`` and its result (``time.perf_counter``)."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeat`` timings of ``fn``: the least disturbed by the rest of the machine."""
    return min(timed(fn)[0] for _ in range(repeat))
