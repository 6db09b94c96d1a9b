"""The riichi bench runs and gives its rows (figures are measured by the bench command, not asserted)."""

from __future__ import annotations

from gamelab.riichi.bench import run


def test_bench_rows():
    rows = run(quick=True)
    metrics = [row.metric for row in rows]
    assert metrics[0].startswith("bot-only hands per second")
    assert "bot shanten calls per hand (easy bots)" in metrics
    assert any("4 normal bots" in m for m in metrics) and any("4 easy bots" in m for m in metrics)
    cost = rows[-1]
    assert cost.reference and cost.value > 0 and cost.reference_value > 0
