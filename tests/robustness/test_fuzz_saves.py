"""Hypothesis against ``Record.from_json`` with real saves of every game, mutated.

Whatever is done to a save (a value anywhere replaced by any JSON value, a key dropped, an action
changed, characters cut, inserted or changed), loading either gives a record or raises ``ValueError``,
never another exception; a record loaded saves back to a save that loads to the same positions.
"""

from __future__ import annotations

import json
import os
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelab import Record, game_class
from gamelab.klondike import Klondike
from gamelab.minesweeper import Minesweeper
from gamelab.othello import Othello
from gamelab.riichi.table import RiichiGame
from gamelab.shanghai import Shanghai

SCALE = int(os.environ.get("GAMELAB_FUZZ", "1"))


def _played(game: Any, count: int, pick=lambda legal, i: legal[i % len(legal)]) -> str:
    record = Record(game)
    for i in range(count):
        legal = record.game.legal_actions()
        if not legal or record.game.is_over:
            break
        record.play(pick(legal, i))
    return record.to_json()


def _real_saves() -> dict[str, str]:
    mines = Record(Minesweeper.new("beginner", seed=4))
    mines.play("open 5 5")
    for action in ("flag 1 1", "flag 1 1", "flag 9 9"):
        try:
            mines.play(action)
        except ValueError:
            pass
    tutorial = Record(game_class("othello-tutorial").new())
    tutorial.play("f5").play("d6")
    return {
        "othello": _played(Othello.new(), 12),
        "othello-tutorial": tutorial.to_json(),
        "klondike": _played(Klondike.new(seed=5), 15),
        "klondike-position": _played(Klondike.new(position="foundations: Q♠ K♥ K♣ J♦\nt1: K♠ Q♦\nt2: K♦"), 2),
        "minesweeper": mines.to_json(),
        "minesweeper-no-guess": _played(Minesweeper.new("beginner", seed=1, no_guess=True), 1,
                                        lambda legal, i: "open 5 5"),
        "shanghai": _played(Shanghai.new(deal=3), 6),
        "riichi": _played(RiichiGame.new(seed=2, rules={"場数": 0}), 12),
        "lights-out": _played(game_class("lights-out").new(size=4, seed=2), 3),
    }


SAVES = _real_saves()
json_value = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-10**40, max_value=10**40),
              st.floats(), st.text(max_size=30),
              st.sampled_from(["", "open 1 1", "draw", "f5", "pass", "expert", "x" * 300, "[", "{}"])),
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=6), inner, max_size=3)),
    max_leaves=8,
)


def _paths(value: Any, here: tuple = ()) -> list[tuple]:
    """Every place in a JSON tree, as a path of keys and indexes."""
    found = [here]
    if isinstance(value, dict):
        for key, item in value.items():
            found += _paths(item, here + (key,))
    elif isinstance(value, list):
        for index, item in enumerate(value):
            found += _paths(item, here + (index,))
    return found


@st.composite
def mutated_json(draw) -> str:
    name = draw(st.sampled_from(sorted(SAVES)))
    data = json.loads(SAVES[name])
    for _ in range(draw(st.integers(1, 3))):
        path = draw(st.sampled_from(_paths(data)))
        kind = draw(st.sampled_from(["replace", "drop", "append"]))
        if not path:
            if kind == "replace":
                data = draw(json_value)
            continue
        parent = data
        try:
            for step in path[:-1]:
                parent = parent[step]
            if kind == "replace":
                parent[path[-1]] = draw(json_value)
            elif kind == "drop":
                del parent[path[-1]]
            elif isinstance(parent, list):
                parent.append(draw(json_value))
            elif isinstance(parent, dict):
                parent[draw(st.text(max_size=8))] = draw(json_value)
        except (KeyError, IndexError, TypeError):
            pass  # an earlier mutation changed the tree under this path
    return json.dumps(data, ensure_ascii=draw(st.booleans()))


@st.composite
def mutated_text(draw) -> str:
    text = SAVES[draw(st.sampled_from(sorted(SAVES)))]
    for _ in range(draw(st.integers(1, 4))):
        at = draw(st.integers(0, len(text)))
        kind = draw(st.sampled_from(["cut", "insert", "change", "truncate"]))
        if kind == "cut":
            text = text[:at] + text[at + draw(st.integers(1, 20)):]
        elif kind == "insert":
            text = text[:at] + draw(st.text(max_size=10)) + text[at:]
        elif kind == "change":
            text = text[:at] + draw(st.characters()) + text[at + 1:]
        else:
            text = text[:at]
    return text


def _loads_or_refuses(text: str) -> None:
    try:
        record = Record.from_json(text)
    except ValueError as exc:
        assert len(str(exc)) < 1000, f"the error quotes too much: {str(exc)[:200]}…"
        return
    again = Record.from_json(record.to_json())
    assert [str(state) for _, state in again.replay()] == [str(state) for _, state in record.replay()]


def test_the_real_saves_load():
    for text in SAVES.values():
        assert len(Record.from_json(text)) > 0


@settings(max_examples=250 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mutated_json())
def test_a_save_with_any_value_changed_loads_or_is_a_value_error(text):
    _loads_or_refuses(text)


@settings(max_examples=250 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=mutated_text())
def test_a_save_with_characters_cut_or_changed_loads_or_is_a_value_error(text):
    _loads_or_refuses(text)


@pytest.mark.parametrize("text", ["[" * 5000, "{" * 100_000, '{"a":' * 3000 + "1" + "}" * 3000, "1" * 5000,
                                  '{"format":"gamelab-record/1","game":"klondike","setup":{"seed":' + "9" * 5000 + "}}"])
def test_deep_or_huge_json_is_a_value_error(text):
    with pytest.raises(ValueError):
        Record.from_json(text)
