"""The Game: setup, text actions, refusals that change nothing, determinism, undo and save."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab import IllegalMove, Record
from gamelab.minesweeper import Minesweeper, solvable_without_guessing


def test_presets_and_custom():
    assert Minesweeper.new().setup == {
        "rows": 16, "cols": 30, "mines": 99, "seed": 0, "opening": False, "no_guess": False,
    }
    assert Minesweeper.new("beginner").setup["rows"] == 9
    assert Minesweeper.new("intermediate", seed=3).setup == {
        "rows": 16, "cols": 16, "mines": 40, "seed": 3, "opening": False, "no_guess": False,
    }
    assert Minesweeper.new(rows=5, cols=7, mines=3).setup["cols"] == 7
    assert Minesweeper.new("expert", no_guess=True).setup["opening"] is True
    json.dumps(Minesweeper.new("expert").setup)


@pytest.mark.parametrize(
    "kwargs, text",
    [
        ({"preset": "easy"}, "unknown preset 'easy'"),
        ({"preset": "expert", "rows": 3}, "either the preset 'expert' or rows/cols/mines"),
        ({"rows": 0, "cols": 3, "mines": 1}, "rows must be a positive whole number, not 0"),
        ({"rows": 3, "cols": 3, "mines": 9}, "9 mines do not fit"),
        ({"rows": 4, "cols": 4, "mines": 8, "opening": True}, "at most 7"),
        ({"seed": "x"}, "seed must be a whole number"),
    ],
)
def test_bad_setups(kwargs, text):
    with pytest.raises(ValueError, match=text):
        Minesweeper.new(**kwargs)


def started(seed=1, **kw) -> Minesweeper:
    g = Minesweeper.new("beginner", seed=seed, **kw)
    g.play("open 5 5")
    return g


@pytest.mark.parametrize(
    "action, text",
    [
        ("dig 1 1", "'dig 1 1' is not an action"),
        ("open 1", "'open 1' is not an action"),
        ("open a b", "row and column must be whole numbers"),
        ("open 0 3", "no such cell; rows go from 1 to 9 and columns from 1 to 9"),
        ("flag 3 10", "no such cell"),
        ("open 5 5", "already open"),
        ("flag 5 5", "that cell is open"),
        ("chord 1 1", "this cell is not open"),
    ],
)
def test_refused_actions_change_nothing(action, text):
    g = started()
    before = g.copy()
    with pytest.raises(IllegalMove, match=text):
        g.play(action)
    assert g == before


def test_opening_a_flagged_cell_is_refused():
    g = started()
    hidden = next(f"{r} {c}" for r in range(1, 10) for c in range(1, 10) if g.cell(r, c) == "#")
    g.play(f"flag {hidden}")
    assert g.mines_left == 9
    with pytest.raises(IllegalMove, match="flagged; take the flag down first"):
        g.play(f"open {hidden}")
    g.play(f"flag {hidden}")
    assert g.mines_left == 10


def test_flags_wait_for_the_first_click():
    with pytest.raises(IllegalMove, match="open a first cell before placing flags"):
        Minesweeper.new().play("flag 1 1")


def test_same_seed_same_board_and_first_click_decides():
    a, b = started(5), started(5)
    assert a == b and a.vm.mine == b.vm.mine
    c = Minesweeper.new("beginner", seed=5)
    c.play("open 1 1")
    assert c.vm.mine[c.vm.index(1, 1)] == 0


def _mine_cells(g):
    return [g.vm.coords(i) for i in g.vm.cells if g.vm.mine[i]]


def test_game_over_refuses_everything():
    g = started(2)
    r, c = _mine_cells(g)[0]
    g.play(f"open {r} {c}")
    assert g.lost and g.is_over and g.legal_actions() == []
    with pytest.raises(IllegalMove, match="the game is over \\(blown up\\)"):
        g.play("open 1 1")


def test_win_by_opening_every_safe_cell():
    g = started(2)
    for i in g.vm.cells:
        if not g.vm.mine[i] and g.vm.state[i] != 1:
            g.play("open {} {}".format(*g.vm.coords(i)))
    assert g.won and g.mines_left == 10


def _number_cell(g, n_flags_ok=True):
    vm = g.vm
    for i in vm.cells:
        if vm.state[i] == 1 and vm.near[i] > 0 and any(vm.state[j] == 0 for j in vm.neighbours(i)):
            return i
    raise AssertionError("no open number next to a hidden cell")


def test_chord_opens_the_other_neighbours():
    g = started(4)
    vm = g.vm
    i = _number_cell(g)
    r, c = vm.coords(i)
    with pytest.raises(IllegalMove, match=f"the {vm.near[i]} there has 0 flags around it"):
        g.play(f"chord {r} {c}")
    for j in vm.neighbours(i):
        if vm.mine[j]:
            g.play("flag {} {}".format(*vm.coords(j)))
    g.play(f"chord {r} {c}")
    assert all(vm.state[j] != 0 for j in vm.neighbours(i))
    assert not g.lost


def test_chord_with_a_wrong_flag_blows_up():
    g = started(4)
    vm = g.vm
    i = _number_cell(g)
    r, c = vm.coords(i)
    safe = [j for j in vm.neighbours(i) if vm.state[j] == 0 and not vm.mine[j]]
    mines = [j for j in vm.neighbours(i) if vm.mine[j]]
    if not safe:
        pytest.skip("this number has no safe hidden neighbour")
    for j in safe[: vm.near[i]]:
        g.play("flag {} {}".format(*vm.coords(j)))
    if g.flags_around(r, c) != vm.near[i]:
        pytest.skip("not enough safe neighbours to flag wrongly")
    g.play(f"chord {r} {c}")
    assert g.lost and vm.exploded in mines


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.integers(0, 10**6), min_size=1, max_size=25))
def test_undo_restores_exactly_and_saves_replay(seed, picks):
    record = Record(Minesweeper.new(rows=6, cols=7, mines=8, seed=seed))
    states = [record.game.copy()]
    for pick in picks:
        actions = record.game.legal_actions()
        if not actions:
            break
        record.play(actions[pick % len(actions)])
        states.append(record.game.copy())
    loaded = Record.from_json(record.to_json())
    assert loaded.game == record.game and str(loaded.game) == str(record.game)
    while record.actions:
        record.undo()
        states.pop()
        assert record.game == states[-1]


def test_legal_actions_are_all_playable():
    g = started(6)
    actions = g.legal_actions()
    assert any(a.startswith("flag") for a in actions)
    for action in actions:
        g.copy().play(action)


def test_no_guess_game_is_solvable_from_its_first_click():
    g = Minesweeper.new("intermediate", seed=11, no_guess=True)
    g.play("open 8 8")
    mines = [i for i in g.vm.cells if g.vm.mine[i]]
    assert len(mines) == 40 and g.vm.near[g.vm.index(8, 8)] == 0
    assert solvable_without_guessing(16, 16, mines, 8, 8)


def test_hint():
    g = Minesweeper.new("beginner", seed=7)
    assert g.hint() is None
    g.play("open 5 5")
    hint = g.hint()
    assert hint.certain and g.vm.mine[g.vm.index(hint.row, hint.col)] == 0


def test_text_board():
    g = Minesweeper.new(rows=2, cols=3, mines=1, seed=0)
    assert str(g) == "# # #\n# # #"
    assert repr(g) == "<Minesweeper 2×3, 1 mines, new>"


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 10**6), st.lists(st.tuples(st.sampled_from(["open", "flag", "chord", "dig"]),
                                                 st.integers(-1, 8), st.integers(-1, 9)), max_size=30))
def test_any_action_either_plays_or_changes_nothing(seed, attempts):
    game = Minesweeper.new(rows=7, cols=8, mines=9, seed=seed)
    for verb, row, col in attempts:
        before = game.copy()
        try:
            game.play(f"{verb} {row} {col}")
        except IllegalMove:
            assert game == before
        vm = game.vm
        assert vm.hidden == sum(1 for i in vm.cells if vm.state[i] == 0)
        assert vm.flags == sum(1 for i in vm.cells if vm.state[i] == 2)
        if game.started:
            assert sum(vm.mine[i] for i in vm.cells) == 9
