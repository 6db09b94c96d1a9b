"""Answers as plain data: what survives the trip from a learner's process to the judge, and what does not."""

from __future__ import annotations

import collections
import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab.klondike import Card, Klondike
from gamelab.lessons.answers import Foreign, MalformedAnswer, Raised, decode, dumps, encode, loads, roundtrip
from gamelab.lessons.othello import NOTHING
from gamelab.shanghai.generate import UNFILLED


def test_builtins_keep_their_exact_types() -> None:
    value = (1, 2.5, "x", None, True, [1, (2,)], {"k": {3}}, frozenset({4}), float("inf"))
    back = roundtrip(value)
    assert back == value
    assert [type(v) for v in back] == [type(v) for v in value]
    assert roundtrip(True) is True and roundtrip(1) == 1 and type(roundtrip(1)) is int
    assert roundtrip(1) != roundtrip(True) or type(roundtrip(1)) is not type(roundtrip(True))


def test_gamelab_values_come_back_field_by_field() -> None:
    game = Klondike.new(seed=3)
    back = roundtrip(game)
    assert type(back) is Klondike and back == game and back is not game
    card = roundtrip(Card(0, 1, True))
    assert type(card) is Card and card == Card(0, 1, True)
    # a class made at run time (a learner's rules) is read back as the class it extends
    rules = Klondike.with_rules()
    assert type(roundtrip(rules.new(seed=3))) is Klondike


def test_constants_come_back_as_themselves() -> None:
    assert roundtrip(NOTHING) is NOTHING
    assert roundtrip([UNFILLED, None])[0] is UNFILLED


def test_subclasses_of_builtins_are_their_builtin_value() -> None:
    Point = collections.namedtuple("Point", "x y")

    class Loud(int):
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = int.__hash__

    assert roundtrip(Point(1, 2)) == (1, 2) and type(roundtrip(Point(1, 2))) is tuple
    assert type(roundtrip(collections.defaultdict(int, a=1))) is dict
    assert roundtrip(Loud(3)) == 3 and roundtrip(Loud(3)) != 4


def test_objects_of_other_types_are_foreign_and_equal_nothing() -> None:
    class Yes:
        def __eq__(self, other: object) -> bool:
            return True

    for trick in (Yes(), object(), lambda: 1, iter([1]), print, Yes):
        back = roundtrip(trick)
        assert isinstance(back, Foreign) and back != back.__class__ and back != 0 and back != trick
    assert "which the check cannot compare" in repr(roundtrip(Yes()))


def test_exceptions_compare_by_exact_type() -> None:
    raised = Raised.of(ValueError("no"), "line 2: raise ValueError('no')")
    assert roundtrip(raised) == Raised("builtins.ValueError")
    assert roundtrip(raised) != Raised("gamelab.errors.IllegalMove")
    assert roundtrip(raised).where == "line 2: raise ValueError('no')"


def test_cycles_depth_and_size_are_bounded() -> None:
    loop: list[object] = []
    loop.append(loop)
    assert isinstance(roundtrip(loop)[0], Foreign)  # the list, holding "a list that holds itself"
    deep: object = 0
    for _ in range(200):
        deep = [deep]
    assert isinstance(roundtrip(deep), Foreign)
    assert isinstance(roundtrip([0] * 300_000), Foreign)
    shared = [0]
    for _ in range(40):
        shared = [shared, shared]  # 2**40 values written out: refused long before
    assert isinstance(roundtrip(shared), Foreign)


@pytest.mark.parametrize("data", [
    {"object": "gamelab.grading.grader:Lane", "fields": {}},
    {"object": "gamelab.shanghai.ranking:Ranking", "fields": {"path": "/etc/passwd"}},
    {"object": "os:system", "fields": {}},
    {"object": "gamelab.klondike.game:Klondike", "fields": {"__class__": 1}},
    {"object": "gamelab.klondike.game:Klondike", "fields": {"no such slot": 1}},
    {"global": "gamelab.grading.sandbox:end_user"},
    {"global": "builtins:exec"},
    {"enum": "gamelab.klondike.cards:Card", "name": "x"},
    {"tuple": [1], "extra": 2},
    {"dict": [[[1], 2]]},
    {"set": [[1]]},
    {"float": "1e999999"},
    "x" * 10,
    {"unknown": 1},
])
def test_the_judge_refuses_data_it_did_not_write(data: object) -> None:
    if isinstance(data, str):
        with pytest.raises(MalformedAnswer):
            loads(data)
        return
    with pytest.raises(MalformedAnswer):
        decode(data)


JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(
                        ["tuple", "dict", "set", "object", "fields", "items", "enum", "name", "global", "raised",
                         "foreign", "float", "x"]), inner, max_size=3), max_leaves=20)


@settings(max_examples=400, deadline=None)
@given(JSON)
def test_any_json_is_read_back_or_refused_never_a_crash(data: object) -> None:
    try:
        decode(data)
    except MalformedAnswer:
        pass


def test_one_line_of_json_each() -> None:
    assert json.loads(dumps((1, "é"))) == {"tuple": [1, "é"]}
    assert loads(dumps({"a": Card(1, 2, False)})) == {"a": Card(1, 2, False)}
    assert encode(Raised("builtins.KeyError", "k")) == {"raised": "builtins.KeyError", "message": "k", "where": None}


def test_every_exercises_cases_are_the_same_in_any_process() -> None:
    """The learner's process and the judge each make the cases; they must be the same ones, whatever the hash seed."""
    program = ("from gamelab.lessons.exercises import registry\nfrom gamelab.lessons.answers import dumps\n"
               "import hashlib\nfor key, ex in sorted(registry().items()):\n"
               "    print(key, hashlib.sha256('|'.join(dumps(c) for c in ex.cases()).encode()).hexdigest())\n")
    runs = [subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": seed, "PATH": "/usr/bin:/bin"}, cwd=Path(__file__).parent).stdout
            for seed in ("1", "2")]
    assert runs[0] == runs[1] and runs[0].count("\n") >= 74
