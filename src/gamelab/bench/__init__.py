"""Benchmarks: ``python -m gamelab.bench [NAME ...] [--quick] [--json]``.

Each game adds a module ``gamelab/<game>/bench.py`` with ``run(quick: bool) -> list[Row]`` and names it in
:mod:`gamelab.games`; the rows and timers are :mod:`gamelab.measure`'s, below every game. A row that
compares against a reference measures both in the same run, so the ratio means something on any machine.
``browser`` (every board in chromium, several minutes) runs only when named.
"""

from __future__ import annotations

import importlib

from ..games import BENCHES, ON_REQUEST
from ..measure import Row, best_of, timed, wilson

__all__ = ["Row", "BENCHES", "run", "timed", "best_of", "wilson"]


def run(names: list[str] | None = None, quick: bool = False) -> list[Row]:
    """Run the named benches (all available ones by default) and return their rows."""
    rows: list[Row] = []
    for name in names or [name for name in BENCHES if name not in ON_REQUEST]:
        if name not in BENCHES:
            raise SystemExit(f"unknown bench {name!r}; choose from {', '.join(BENCHES)}")
        module = importlib.import_module(BENCHES[name])
        rows.extend(module.run(quick=quick))
    return rows
