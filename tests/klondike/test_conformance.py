"""Conformance: ShootMe's Klondike test deals, read in place from the shared data folder.

The file holds deck strings (52 × ``RRS``), ``Game: N`` lines (deals made with ShootMe's own random
generator, not portable, so not used), one PySol listing, and ``#`` comments that come *before* the
deal they describe: the first deck string is solvable (125 moves with draw 1, 109 with draw 3), the
second is the one ShootMe's solver proved impossible for both draw counts, the PySol deal is
solvable (136 / 121 moves).
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
    return record.game  # type: ignore[return-value]


@pytest.mark.parametrize("draw", [1, 3])
@pytest.mark.parametrize("name", ["first", "pysol"])
def test_solvable_deals_are_solved(deals: dict[str, str], name: str, draw: int) -> None:
    result = solve(Klondike.new(deck=deals[name], draw=draw), budget=300_000)
    assert result.status == "solved", result
    assert replay(deals[name], draw, result.actions).is_won


def test_the_impossible_deal_is_proved_impossible_with_draw_1(deals: dict[str, str]) -> None:
    result = solve(Klondike.new(deck=deals["impossible"], draw=1), budget=100_000)
    assert result.status == "impossible", result


def test_no_solution_is_ever_claimed_for_the_impossible_deal_with_draw_3(deals: dict[str, str]) -> None:
    # ShootMe needed 2 million positions to prove it; within a test's budget we must say "unknown".
    result = solve(Klondike.new(deck=deals["impossible"], draw=3), budget=20_000)
    assert result.status in ("unknown", "impossible") and not result.actions


def test_deck_strings_round_trip(deals: dict[str, str]) -> None:
    for deck in deals.values():
        assert Klondike.new(deck=deck).deck == deck


def test_statistics_file_gives_the_published_fractions(conformance_data: Path) -> None:
    text = (conformance_data / "klondike" / "ShootMe_Statistics.txt").read_text(encoding="utf-8")
    assert "Draw 1 (91.9% solvable)" in text and "Draw 3 (83.6% solvable)" in text
