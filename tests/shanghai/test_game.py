"""The game: actions, refusals that change nothing, undo, search, stalemate, clear, text form."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab import IllegalMove, Record
from gamelab.game import game_class
from gamelab.shanghai import Shanghai, parse_board


def board(rows: dict[tuple[int, int], str], depth: int = 3, extra: dict | None = None) -> str:
    """A hand-made board text: rows of a layer given as strings of 12 tokens."""
    layers = []
    for d in range(4):
        lines = []
        for r in range(8):
            line = rows.get((r,)) if d == depth else None
            if extra and (d, r) in extra:
                line = extra[(d, r)]
            lines.append(line or " ".join([".."] * 12))
        layers.append(f"layer {d}\n" + "\n".join(lines))
    return "\n".join(layers)


def row(*tokens: str) -> str:
    return " ".join(list(tokens) + [".."] * (12 - len(tokens)))


def test_registered_and_new_by_name():
    assert game_class("shanghai") is Shanghai
    game = Shanghai.new(deal=42)
    assert game.setup == {"deal": 42} and game.deal_number == 42 and game.tiles_left == 136
    assert Shanghai.new().deal_number is not None


def test_search_is_the_first_pair_in_scan_order():
    game = Shanghai.new(board=board({(0,): row("11", "12", "13", "12", "11")}))
    a, b = game.search()
    # scan order: 3.0.0 (11) then 3.0.4 (11): 11 is the first kind seen twice
    assert (a.label, b.label) == ("3.0.0", "3.0.4")
    assert game.legal_actions() == ["3.0.0 3.0.4"]


def test_a_pair_is_taken_and_the_board_cleared():
    game = Shanghai.new(board=board({(0,): row("11", "12", "12", "11")}))
    assert game.legal_actions() == ["3.0.0 3.0.3"]
    game.play("3.0.0 3.0.3")
    assert game.tiles_left == 2 and not game.is_over
    game.play("3.0.2, 3.0.1")
    assert game.is_cleared and game.is_over and not game.is_stalemate


def test_stalemate_when_no_pair_is_free():
    game = Shanghai.new(board=board({(0,): row("11", "12", "11", "12")}))
    assert game.search() is None and game.is_stalemate and game.is_over and game.legal_actions() == []


@pytest.mark.parametrize("action, message", [
    ("3.0.0", "two tiles"),
    ("3.0.0 3.0.1 3.0.2", "two tiles"),
    ("3.0.0 x", "'x' is not a tile position"),
    ("3.0.0 3.0.0", "named twice"),
    ("3.0.0 3.5.5", "no tile at 3.5.5"),
    ("3.0.0 3.0.2", "held in on both sides"),
    ("3.0.0 3.0.3", "一萬.*二萬.*not the same kind"),
    ("3.0.0 9.0.0", "off the board"),
    ("3.1.0 3.1.1", "covered"),
])
def test_refused_actions_say_why_and_change_nothing(action, message):
    text = board({(0,): row("11", "11", "11", "12"), (1,): row("13", "13")}, extra={(2, 1): row("14", "14")})
    game = Shanghai.new(board=text)
    before = str(game)
    with pytest.raises(IllegalMove, match=message):
        game.play(action)
    assert str(game) == before


def test_text_form_round_trips():
    game = Shanghai.new(deal=9)
    for action in game.construction_actions()[:10]:
        game.play(action)
    again = Shanghai.new(board=str(game))
    assert str(again) .splitlines()[1:] == str(game).splitlines()[1:]
    assert again.present == game.present and again.legal_actions() == game.legal_actions()


@pytest.mark.parametrize("text, message", [
    ("11 12", "has 2 places"),
    ("\n".join([" ".join([".."] * 12)] * 3), "each layer needs all 8"),
    ("\n".join([" ".join(["50"] + [".."] * 11)] + [" ".join([".."] * 12)] * 7), "'50'.*not a tile kind"),
])
def test_bad_boards_are_refused(text, message):
    with pytest.raises(ValueError, match=message):
        parse_board(text)


def test_undo_restores_exactly_and_saved_games_replay():
    record = Record(Shanghai.new(deal=11))
    snapshots = [record.game.copy()]
    for action in record.game.construction_actions()[:12]:
        record.play(action)
        snapshots.append(record.game.copy())
    for expected in reversed(snapshots[:-1]):
        record.undo()
        assert record.game == expected and str(record.game) == str(expected)
    record.redo()
    loaded = Record.from_json(record.to_json())
    assert loaded.game == record.game and loaded.actions == record.actions


def test_a_saved_game_with_a_bad_action_is_refused():
    text = Record(Shanghai.new(deal=11)).to_json().replace('"actions":[]', '"actions":["3.3.5 3.3.6"]')
    with pytest.raises(ValueError, match="action 1 '3.3.5 3.3.6' is refused"):
        Record.from_json(text)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10**9), st.lists(st.integers(0, 10**6), max_size=40))
def test_random_play_keeps_counts_and_undo_is_exact(number, choices):
    record = Record(Shanghai.new(deal=number))
    for choice in choices:
        actions = record.game.legal_actions()
        if not actions:
            break
        before = record.game.copy()
        record.play(actions[choice % len(actions)])
        assert record.game.tiles_left == before.tiles_left - 2
        kinds = [t.kind for t in record.game.tiles]
        assert all(kinds.count(k) in (2, 4) for k in set(kinds))
        record.undo()
        assert record.game == before
        record.play(actions[choice % len(actions)])


@pytest.mark.parametrize("bad", [(0, 1), (0.5, 1, 2), (True, 1, 2), (4, 0, 0), "1.2", None])
def test_bad_positions_are_refused(bad):
    with pytest.raises(ValueError):
        Shanghai.new(deal=1).tile_at(bad)


def test_a_swapped_selection_rule_drives_the_game():
    from gamelab.lessons import swapped
    from gamelab.shanghai import can_select

    def nothing_is_free(grid, depth, row, col):
        return False

    game = Shanghai.new(deal=2)
    with swapped(Shanghai, "selection_rule", can_select):
        assert game.selectable() == Shanghai.new(deal=2).selectable()  # the tutorial's rule, same answer
    with swapped(Shanghai, "selection_rule", nothing_is_free):
        assert game.selectable() == [] and game.is_stalemate
        with pytest.raises(IllegalMove, match="held in"):
            game.play(game.construction_actions()[0])
    assert Shanghai.selection_rule is None and game.legal_actions()
