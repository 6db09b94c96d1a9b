"""Conformance: ShootMe's Klondike test deals, read in place from the shared data folder.

``ShootMe_TestDeals.txt`` holds deck strings (52 × ``RRS``), ``Game: N`` lines (deals made with
ShootMe's own random generator, not portable, so not used), one PySol listing, and ``#`` comments
that come *before* the deal they describe: the first deck string is solvable (125 moves with draw 1,
109 with draw 3), the second is the one ShootMe's solver proved impossible for both draw counts, the
PySol deal is solvable (136 / 121 moves). Solving the first deck takes our solver 80,000 and 200,000
positions (several seconds each), so those two cases are marked ``slow``; the PySol deal, the
impossible deal and ``shootme_fast_deals.tsv`` (25 deals ShootMe's fast mode solved or gave up on)
check the solver against ShootMe's answers within a second.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gamelab import Record
from gamelab.klondike import Klondike, format_deck, parse_deck, parse_pysol
from gamelab.klondike.solver import solve


def read_deals(path: Path) -> list[tuple[str, str, str]]:
    """``(comment, kind, deck string)`` for every deal in ShootMe's TestDeals.txt."""
    deals, comment = [], ""
    lines = path.read_text(encoding="utf-8").splitlines()
    for index, line in enumerate(lines):
        text = line.strip()
        if text.startswith("#"):
            comment = text
        elif text.isdigit():
            deals.append((comment, "deck", format_deck(parse_deck(text))))
        elif text.startswith("Talon:"):
            deals.append((comment, "pysol", format_deck(parse_pysol("\n".join(lines[index: index + 8])))))
    return deals


@pytest.fixture(scope="module")
def deals(conformance_data: Path) -> dict[str, str]:
    found = read_deals(conformance_data / "klondike" / "ShootMe_TestDeals.txt")
    assert [kind for _, kind, _ in found] == ["deck", "deck", "pysol"]
    assert found[1][0].startswith("#Impossible")
    return {"first": found[0][2], "impossible": found[1][2], "pysol": found[2][2]}


def replay(deck: str, draw: int, actions: list[str]) -> Klondike:
    record = Record(Klondike.new(deck=deck, draw=draw))
    for action in actions:
        record.play(action)
    return record.game


@pytest.mark.parametrize(("name", "draw"), [
    pytest.param("first", 1, marks=pytest.mark.slow),
    pytest.param("first", 3, marks=pytest.mark.slow),
    ("pysol", 1),
    ("pysol", 3),
])
def test_solvable_deals_are_solved(deals: dict[str, str], name: str, draw: int) -> None:
    result = solve(Klondike.new(deck=deals[name], draw=draw), budget=300_000)
    assert result.status == "solved", result
    assert replay(deals[name], draw, result.actions).is_won


def test_the_impossible_deal_is_proved_impossible_with_draw_1(deals: dict[str, str]) -> None:
    result = solve(Klondike.new(deck=deals["impossible"], draw=1), budget=100_000)
    assert result.status == "impossible", result


def test_no_solution_is_ever_claimed_for_the_impossible_deal_with_draw_3(deals: dict[str, str]) -> None:
    # ShootMe needed 2 million positions to prove it; within a test's budget we must say "unknown".
    result = solve(Klondike.new(deck=deals["impossible"], draw=3), budget=5_000)
    assert result.status in ("unknown", "impossible") and not result.actions


def read_fast_deals(path: Path) -> list[tuple[str, int, str]]:
    """``(deck string, draw, ShootMe's status)`` for every row of shootme_fast_deals.tsv."""
    rows = [line.split("\t") for line in path.read_text(encoding="utf-8").splitlines()
            if line and not line.startswith("#")]
    assert rows[0][:3] == ["deck", "draw", "status"]
    return [(deck, int(draw), status) for deck, draw, status, *_ in rows[1:]]


@pytest.mark.parametrize("draw", [1, 3])
def test_shootme_fast_deals_agree_within_a_small_budget(conformance_data: Path, draw: int) -> None:
    """Where ShootMe found a win, we never claim there is none; every win we find replays through the
    engine; and within 500 positions per deal we still win as many of them as today (a solver that got
    worse would win fewer: 20 of ShootMe's 24 with draw 1, 12 of its 23 with draw 3)."""
    rows = [row for row in read_fast_deals(conformance_data / "klondike" / "shootme_fast_deals.tsv") if row[1] == draw]
    assert len(rows) == 25
    solved_by_shootme = solved_by_both = 0
    for deck, _, status in rows:
        result = solve(Klondike.new(deck=deck, draw=draw), budget=500)
        if result.solved:
            assert replay(deck, draw, result.actions).is_won
        if status == "solved":
            solved_by_shootme += 1
            assert result.status != "impossible", deck
            solved_by_both += result.solved
    assert solved_by_both >= {1: 20, 3: 12}[draw], (solved_by_both, solved_by_shootme)


def test_deck_strings_round_trip(deals: dict[str, str]) -> None:
    for deck in deals.values():
        assert Klondike.new(deck=deck).deck == deck


def test_statistics_file_gives_the_published_fractions(conformance_data: Path) -> None:
    text = (conformance_data / "klondike" / "ShootMe_Statistics.txt").read_text(encoding="utf-8")
    assert "Draw 1 (91.9% solvable)" in text and "Draw 3 (83.6% solvable)" in text
