"""Benchmarks: ``python -m gamelab.bench [NAME ...] [--quick] [--json]``.

Each game adds a module ``gamelab/<game>/bench.py`` with ``run(quick: bool) -> list[Row]``. A row that
compares against a reference measures both in the same run, so the ratio means something on any machine.
``browser`` (every board in chromium, several minutes) runs only when named.
"""

from __future__ import annotations

import importlib
import math
import time
from dataclasses import asdict, dataclass
from typing import Callable

__all__ = ["Row", "BENCHES", "run", "timed", "best_of", "wilson"]

#: bench name -> module holding ``run(quick) -> list[Row]``
BENCHES: dict[str, str] = {
    "widgets": "gamelab.bench.widgets",
    "othello": "gamelab.othello.bench",
    "minesweeper": "gamelab.minesweeper.bench",
    "klondike": "gamelab.klondike.bench",
    "shanghai": "gamelab.shanghai.bench",
    "shanten": "gamelab.riichi.bench_shanten",
    "riichi": "gamelab.riichi.bench",
    "riichi-peer": "gamelab.riichi.bench_peer",
    "riichi-speed": "gamelab.riichi.bench_speed",
    "grading": "gamelab.grading.bench",
    "browser": "gamelab.bench.browser",
}
#: benches that run only when named (they need a browser and take minutes)
ON_REQUEST = {"browser"}


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

    def as_dict(self) -> dict:
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


def timed(fn: Callable[[], object]) -> tuple[float, object]:
    """Seconds taken by one call of ``fn`` and its result (``time.perf_counter``)."""
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def best_of(repeat: int, fn: Callable[[], object]) -> float:
    """The fastest of ``repeat`` timings of ``fn``: the least disturbed by the rest of the machine."""
    return min(timed(fn)[0] for _ in range(repeat))


def run(names: list[str] | None = None, quick: bool = False) -> list[Row]:
    """Run the named benches (all available ones by default) and return their rows."""
    rows: list[Row] = []
    for name in names or [name for name in BENCHES if name not in ON_REQUEST]:
        if name not in BENCHES:
            raise SystemExit(f"unknown bench {name!r}; choose from {', '.join(BENCHES)}")
        module = importlib.import_module(BENCHES[name])
        rows.extend(module.run(quick=quick))
    return rows
