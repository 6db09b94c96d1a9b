"""Game / Record: undo restores exactly, refusals change nothing, saves round-trip and are checked."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab import IllegalMove, Record, game_class
from gamelab.demo import LightsOut, solve
from gamelab.game import registered_games


def test_demo_is_registered():
    assert "lights-out" in registered_games()
    assert game_class("lights-out") is LightsOut


def test_unknown_game_named():
    with pytest.raises(ValueError, match="unknown game 'chess'"):
        game_class("chess")


@settings(max_examples=60, deadline=None)
@given(size=st.integers(2, 6), seed=st.integers(0, 10_000), moves=st.lists(st.text("abcdefgh12345678xz", max_size=3), max_size=25))
def test_record_undo_restores_every_prior_state(size, seed, moves):
    record = Record(LightsOut.new(size=size, seed=seed))
    seen = [str(record.game)]
    for move in moves:
        before = str(record.game)
        try:
            record.play(move)
        except IllegalMove:
            assert str(record.game) == before  # a refusal changes nothing
            continue
        seen.append(str(record.game))
    while record.can_undo:
        seen.pop()
        record.undo()
        assert str(record.game) == seen[-1]
    assert str(record.game) == str(record.start)


def test_redo_and_new_action_clears_redo():
    record = Record(LightsOut.new(size=4, seed=1))
    record.play("a1").play("b2")
    assert record.undo() == "b2"
    assert record.redo() == "b2"
    record.undo()
    record.play("c3")
    assert not record.can_redo
    with pytest.raises(IllegalMove, match="nothing to redo"):
        record.redo()


def test_undo_limit():
    record = Record(LightsOut.new(size=4, seed=1), undo_limit=2)
    for cell in ("a1", "b2", "c3"):
        record.play(cell)
    record.undo()
    record.undo()
    assert not record.can_undo
    with pytest.raises(IllegalMove, match="more than 2"):
        record.undo()


def test_save_load_round_trip_and_replay():
    record = Record(LightsOut.new(size=5, seed=9))
    for cell in ("a1", "e5", "c3"):
        record.play(cell)
    again = Record.from_json(record.to_json())
    assert again.actions == record.actions
    assert [str(g) for _, g in again.replay()] == [str(g) for _, g in record.replay()]


@pytest.mark.parametrize("text, message", [
    ("not json", "not valid JSON"),
    ("[]", "must be a JSON object"),
    ('{"format": "other"}', "not a gamelab saved game"),
    ('{"format": "gamelab-record/1", "game": "lights-out", "setup": {"size": 3}, "actions": "a1"}', "'actions'"),
    ('{"format": "gamelab-record/1", "game": "lights-out", "setup": {"size": 3, "color": 1}, "actions": []}', "has no setting 'color'"),
    ('{"format": "gamelab-record/1", "game": "lights-out", "setup": {"size": 3}, "actions": ["a1", "k1"]}', "action 2 'k1'"),
    ('{"format": "gamelab-record/1", "game": "lights-out", "setup": {"size": 3}, "actions": [7]}', "not text"),
])
def test_corrupt_saves_are_refused_with_the_offending_part(text, message):
    with pytest.raises(ValueError, match=message):
        Record.from_json(text)


def test_solver_solves_and_is_minimal_on_small_boards():
    import itertools

    for seed in range(20):
        game = LightsOut.new(size=3, seed=seed)
        presses = solve(game)
        for cell in presses:
            game.play(cell)
        assert game.is_over or not presses
        # brute force: no smaller set of presses works
        start = LightsOut.new(size=3, seed=seed)
        cells = start.legal_actions()
        best = min(len(c) for k in range(10) for c in itertools.combinations(cells, k)
                   if _dark_after(start, c))
        assert len(presses) == best


def _dark_after(start, cells):
    game = start.copy()
    for cell in cells:
        game.lights ^= game._mask(int(cell[1:]) - 1, "abcdefghij".index(cell[0]))
    return game.lights == 0


def test_record_json_is_one_line_and_stable():
    record = Record(LightsOut.new(size=3, seed=4)).play("b2")
    text = record.to_json()
    assert "\n" not in text and json.loads(text)["actions"] == ["b2"]
