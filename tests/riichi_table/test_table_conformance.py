"""Conformance: each of majiang-core's 37 scripted games is reproduced event for event."""

from __future__ import annotations

import copy
import json

import pytest

from gamelab.riichi.table import replay

SCRIPT_RULES = {"順位点": ["20", "10", "-10", "-20"]}  # how majiang-core's test replays them


@pytest.mark.parametrize("index", range(37))
def test_replay_reproduces_the_whole_record(script_records, index):
    record = script_records[index]
    produced = replay(copy.deepcopy(record), SCRIPT_RULES)
    for number, (ours, theirs) in enumerate(zip(produced["log"], record["log"])):
        assert ours == theirs, f"{record['title']}: hand {number} differs"
    assert len(produced["log"]) == len(record["log"])
    for key in ("defen", "point", "rank", "qijia", "title", "player"):
        assert produced[key] == record[key], key
    assert produced == record


def test_every_kind_of_ending_is_covered(script_records):
    names = {e["pingju"]["name"] for r in script_records for h in r["log"] for e in h if "pingju" in e}
    assert {"荒牌平局", "流し満貫", "九種九牌", "四風連打", "四家立直", "三家和", "四開槓"} <= names
    doubles = [h for r in script_records for h in r["log"] if sum("hule" in e for e in h) == 2]
    assert doubles, "a double ron is replayed"
    json.dumps(script_records)  # the fixture is plain JSON
