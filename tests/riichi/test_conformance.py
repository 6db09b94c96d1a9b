"""Conformance with majiang-core's own test data, read in place (../shared/data/majiang).

* xiangting_1..4.json: 4 × 10,000 hands with [regular, thirteen orphans, seven pairs] shanten;
* hule.json: 10,000 wins with majiang-core's full result (yaku, fu, han, yakuman, points, payments).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from gamelab.riichi import (
    Hand,
    Rules,
    WinContext,
    score,
    shanten,
    shanten_regular,
    shanten_regular_by_blocks,
    shanten_seven_pairs,
    shanten_thirteen_orphans,
)


def load(conformance_data: Path, name: str) -> list[dict]:
    with open(conformance_data / "majiang" / name, encoding="utf-8") as file:
        return json.load(file)


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_xiangting_data(conformance_data: Path, number: int) -> None:
    cases = load(conformance_data, f"xiangting_{number}.json")
    assert len(cases) == 10000
    wrong = []
    for case in cases:
        hand = Hand(case["q"])
        got = [shanten_regular(hand), shanten_thirteen_orphans(hand), shanten_seven_pairs(hand)]
        if got != case["x"] or shanten(hand) != min(case["x"]):
            wrong.append((str(hand), case["x"], got))
    assert not wrong, f"{len(wrong)} mismatches, first: {wrong[:3]}"


@pytest.mark.parametrize("number", [1, 2, 3, 4])
def test_xiangting_data_with_the_block_counting_algorithm(conformance_data: Path, number: int) -> None:
    """The readable algorithm too, on the first 300 hands of each file (it is ~100x slower)."""
    for case in load(conformance_data, f"xiangting_{number}.json")[:300]:
        assert shanten_regular_by_blocks(Hand(case["q"])) == case["x"][0], case["q"]


def test_hule_data(conformance_data: Path) -> None:
    cases = load(conformance_data, "hule.json")
    assert len(cases) == 10000
    rules = Rules()
    wrong = []
    for case in cases:
        given = case["in"]
        context = WinContext.from_majiang(given["param"], rules)
        result = score(Hand.from_string(given["shoupai"]), given.get("rongpai"), context)
        got = None if result is None else result.to_majiang()
        if got != case["out"]:
            wrong.append((given, case["out"], got))
    assert not wrong, f"{len(wrong)} mismatches, first: {wrong[:2]}"


def test_hule_data_quick_path_equals_the_readable_one(conformance_data: Path) -> None:
    """score() takes a quick path on tuples; score_by_shapes() the lesson's steps on written readings.
    Both give the same result on every win of the data, the chosen reading included; and the bots'
    ron_points() (the quick path's points alone) the same points on every win by a discard."""
    from gamelab.riichi.scoring import ron_points, score_by_shapes

    rules = Rules()
    wrong = []
    rons = 0
    for case in load(conformance_data, "hule.json"):
        given = case["in"]
        context = WinContext.from_majiang(given["param"], rules)
        hand = Hand.from_string(given["shoupai"])
        quick = score(hand, given.get("rongpai"), context)
        if quick != score_by_shapes(hand, given.get("rongpai"), context):
            wrong.append(given)
        if given.get("rongpai"):
            rons += 1
            if ron_points(hand, given["rongpai"], context) != (quick.points if quick and quick.has_yaku else 0):
                wrong.append(given)
    assert rons > 1000
    assert not wrong, f"{len(wrong)} differences, first: {wrong[:2]}"


def test_hule_data_round_trips_hand_strings(conformance_data: Path) -> None:
    """Every hand string of the data reads and writes back unchanged."""
    for case in load(conformance_data, "hule.json"):
        text = case["in"]["shoupai"]
        assert str(Hand.from_string(text)) == text
