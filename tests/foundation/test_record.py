"""Record keeps actions plus occasional snapshots: undo stays exact, memory grows with actions' text."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab import IllegalMove, Record
from gamelab.demo import LightsOut
from gamelab.game import MAX_ACTION_LENGTH


@settings(max_examples=60, deadline=None)
@given(every=st.integers(1, 5), seed=st.integers(0, 1000),
       moves=st.lists(st.sampled_from(["a1", "b2", "c3", "d4", "a4", "zz"]), max_size=40))
def test_undo_redo_and_positions_are_exact_whatever_the_snapshot_spacing(every, seed, moves):
    record = Record(LightsOut.new(size=4, seed=seed, presses=6))
    record.SNAPSHOT_EVERY = every
    seen = [str(record.game)]
    for move in moves:
        try:
            record.play(move)
        except IllegalMove:
            continue
        seen.append(str(record.game))
    assert [str(record.position(k)) for k in range(len(record) + 1)] == seen
    assert [str(state) for _, state in record.replay()] == seen
    undone = 0
    while record.can_undo and undone < 7:
        seen.pop()
        record.undo()
        undone += 1
        assert str(record.game) == seen[-1]
    while record.can_redo:
        record.redo()
    assert len(record) == len(seen) - 1 + undone


def test_memory_grows_in_snapshots_not_positions():
    record = Record(LightsOut.new(size=5, seed=1, presses=9))
    for i in range(2_000):
        record.play("a1" if i % 4 < 2 else "b2")  # never dark: a1 a1 b2 b2 …
    assert len(record._snapshots) <= 2_000 // Record.SNAPSHOT_EVERY + 2


def test_slow_actions_are_kept_as_snapshots(monkeypatch):
    monkeypatch.setattr(Record, "SLOW_ACTION", -1.0)  # every action counts as slow
    record = Record(LightsOut.new(size=3, seed=1, presses=0))
    record.play("a1").play("b2")
    assert sorted(record._snapshots) == [0, 1, 2]
    record.undo()
    assert sorted(record._snapshots) == [0, 1]


@pytest.mark.parametrize("action", [None, b"b2", 3, ["b2"]])
def test_an_action_that_is_not_text_is_refused_and_changes_nothing(action):
    record = Record(LightsOut.new(size=3, seed=1))
    with pytest.raises(IllegalMove, match="an action is text"):
        record.play(action)
    assert len(record) == 0


def test_a_huge_action_is_refused_quickly_with_a_short_quote():
    record = Record(LightsOut.new(size=3, seed=1))
    with pytest.raises(IllegalMove) as caught:
        record.play("f5" * 500_000)
    assert f"at most {MAX_ACTION_LENGTH} characters" in str(caught.value) and len(str(caught.value)) < 200


def test_a_finished_game_refuses_every_action():
    game = LightsOut.new(size=3, seed=0, presses=0)
    game.play("a1")
    record = Record(game)
    record.play("a1")  # dark again after a press: solved
    assert record.game.is_over
    with pytest.raises(IllegalMove, match="already solved"):  # the engine's own words: it alone decides
        record.play("b2")
    record.undo()
    record.play("b2")


@pytest.mark.parametrize("text", ["[" * 5000, "{" * 100_000, 5, None])
def test_strange_json_is_a_value_error(text):
    with pytest.raises(ValueError):
        Record.from_json(text)


def test_a_save_longer_than_the_limit_is_refused_before_reading(monkeypatch):
    monkeypatch.setattr(Record, "MAX_SAVE_LENGTH", 100)
    with pytest.raises(ValueError, match="at most 100 characters"):
        Record.from_json("[" + " " * 200 + "]")


def test_redo_keeps_the_position_undo_took_back_and_plays_nothing_twice():
    game = LightsOut.new(size=3, seed=0)
    record = Record(game)
    record.play("a1").play("b2")
    taken_back = record.game
    record.undo()
    plays = []
    original = LightsOut.play
    LightsOut.play = lambda self, action: (plays.append(action), original(self, action))[1]
    try:
        record.redo()
    finally:
        LightsOut.play = original
    assert plays == [] and record.game is taken_back and record.actions == ["a1", "b2"]


def test_adopt_keeps_a_position_played_elsewhere():
    record = Record(LightsOut.new(size=3, seed=0))
    played = record.game.copy()
    played.play("c3")
    record.adopt("c3", played)
    assert record.actions == ["c3"] and record.game is played
    record.undo()
    assert str(record.game) == str(LightsOut.new(size=3, seed=0))
