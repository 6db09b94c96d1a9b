"""The learner's seat: text actions, clear refusals that change nothing, Record undo/save/load."""

from __future__ import annotations

import random

import pytest
from table_helpers import act, rigged_table

from gamelab.errors import IllegalMove
from gamelab.game import Record, game_class
from gamelab.riichi.table import RiichiGame


@pytest.fixture
def game() -> RiichiGame:
    return RiichiGame.new(seed=1, rules={"場数": 0})


def test_the_game_is_registered():
    assert game_class("riichi") is RiichiGame


def test_every_legal_action_is_accepted(game):
    actions = game.legal_actions()
    assert actions and actions[-1].endswith("_")  # the drawn tile comes last, as majiang-core lists it
    for action in actions:
        trial = game.copy()
        trial.play(action)


@pytest.mark.parametrize("action, message", [
    ("z8", "'z8' is not a tile"),
    ("p9", "cannot discard p9: the hand holds none"),
    ("riichi m1", "cannot declare riichi with m1: the hand is not tenpai"),
    ("ron", "cannot ron: it is your turn, so a win is tsumo"),
    ("tsumo", "cannot win (tsumo): the hand is not complete"),
    ("chi m1-23", "no discard of another player to call"),
    ("kan m1111", "cannot declare the kan m1111"),
    ("pass", "it is your turn to discard"),
    ("nine", "九種九牌"),
    ("dance now", "is not an action"),
    ("", "an empty action"),
])
def test_illegal_actions_are_refused_and_change_nothing(game, action, message):
    record = Record(game)
    before, saved = str(record.game), record.to_json()
    with pytest.raises(IllegalMove) as error:
        record.play(action)
    assert message in str(error.value)
    assert str(record.game) == before and record.to_json() == saved
    with pytest.raises(IllegalMove) as again:
        game.play(action)  # directly on the game, too
    assert str(again.value) == str(error.value)
    assert str(game) == before


def test_undo_save_load_and_a_whole_game():
    record = Record(RiichiGame.new(seed=5, rules={"場数": 1}))
    rng = random.Random(5)
    start = str(record.game)
    record.play(record.game.legal_actions()[0])
    record.undo()
    assert str(record.game) == start
    while not record.game.is_over and len(record) < 400:
        record.play(rng.choice(record.game.legal_actions()))
    assert record.game.is_over
    table = record.game.table
    assert sum(table.points) == 100000
    again = Record.from_json(record.to_json())
    assert str(again.game) == str(record.game)
    assert again.game.table.paipu == table.paipu


def test_the_learner_in_another_seat_and_after_the_end():
    game = RiichiGame.new(seed=1, rules={"場数": 0}, seat=2)
    assert game.table.waiting_for() == [2] and game.legal_actions()
    rng = random.Random(1)
    while not game.is_over:
        game.play(rng.choice(game.legal_actions()))
    assert game.legal_actions() == []
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play("m1")


def test_riichi_needs_points_when_bankruptcy_ends_the_game():
    hands = ["m123p456s789z1122", "m234p234s234z3355", "m567p567s567z4466", "m888p888s888z3377"]
    table = rigged_table(shoupai=hands, zimo=("m9",), baopai="s1", points=[800, 34200, 32500, 32500])
    with pytest.raises(IllegalMove, match="fewer than 1000 points"):
        act(table, 0, "riichi m9")
    assert table.riichi_options() == []
    table = rigged_table({"トビ終了あり": False}, shoupai=hands, zimo=("m9",), baopai="s1",
                         points=[800, 34200, 32500, 32500])
    act(table, 0, "riichi m9")
    assert table.hands[0].riichi


def test_riichi_needs_four_tiles_left_unless_the_rule_allows():
    hands = ["m123p456s789z1122", "m234p234s234z3355", "m567p567s567z4466", "m888p888s888z3377"]
    table = rigged_table(shoupai=hands, zimo=("m9",), baopai="s1")
    assert table.riichi_options() == ["m9_*"]
    table.wall._tiles[14:-3] = []  # leave 3 draws (the test reaches into the wall on purpose)
    assert table.tiles_left == 3
    assert table.riichi_options() == []
    with pytest.raises(IllegalMove, match="only 3 tiles are left"):
        act(table, 0, "riichi m9")


def test_furiten_after_discarding_a_wait():
    # seat 1 waits on m1/m4 and discards m4: it may not ron m1 afterwards (it may still chi it)
    hands = ["m99p99s99z1234567", "m23p123456s11122", "m9p789s456z445566", "m888p888s888z3377"]
    table = rigged_table(shoupai=hands, zimo=("p1", "m4", "s3", "s4", "m1"), baopai="s9")
    act(table, 0, "z1")
    act(table, 1, "m4")
    assert table.may_ron[1] is False
    act(table, 2, "s3")
    act(table, 3, "s4")
    act(table, 0, "m1")
    assert table.waiting_for() == [table.player_id[1]] and not table.can_win(1)
    with pytest.raises(IllegalMove, match="furiten"):
        act(table, 1, "ron")
    act(table, 1, "pass")
    assert table.may_ron[1] is False and table.turn == 1


def test_chi_pon_and_swap_calling():
    hands = ["m1p1s1z1234567m99p9", "m234p23s23z1155m56", "m567p567s567z4466", "m888p888s888z3377"]
    table = rigged_table(shoupai=hands, zimo=("s9",), baopai="s8")
    act(table, 0, "m1")
    assert table.waiting_for() == [1]
    with pytest.raises(IllegalMove, match="calls possible are m1-23"):
        act(table, 1, "chi m2-34")
    act(table, 1, "chi m1-23")
    assert table.status == "fulou" and table.turn == 1
    with pytest.raises(IllegalMove, match="swap-calling"):
        act(table, 1, "m4")  # the tile on the far side of the chi (喰い替え)
    act(table, 1, "z5")
    assert str(table.rivers[0]) == "m1-"
    assert table.hands[1].melds == ("m1-23",)


def test_swap_calling_allowed_at_level_2():
    hands = ["m1p1s1z1234567m99p9", "m234p23s23z1155m56", "m567p567s567z4466", "m888p888s888z3377"]
    table = rigged_table({"喰い替え許可レベル": 2}, shoupai=hands, zimo=("s9",), baopai="s8")
    act(table, 0, "m1")
    act(table, 1, "chi m1-23")
    act(table, 1, "m4")
    assert str(table.rivers[1]) == "m4"


@pytest.mark.parametrize("level, same_waits, changed_waits", [(0, [], []), (1, ["m1111"], []), (2, ["m1111"], [])])
def test_closed_kan_after_riichi_by_level(level, same_waits, changed_waits):
    from gamelab.riichi import Hand

    table = rigged_table({"リーチ後暗槓許可レベル": level})
    table.hands[0] = Hand.from_string("m111p234s567z2233m1*")  # waits z2/z3 either way
    assert table.kan_options(0) == same_waits
    table.hands[0] = Hand.from_string("m1112345p234s567m1*")  # the kan would change the waits
    assert table.kan_options(0) == changed_waits


def test_swap_calling_level_1_allows_the_suji_but_not_the_called_tile():
    hands = ["m1p1s1z1234567m99p9", "m1234p23s23z115m56", "m567p567s567z4466", "m888p888s888z3377"]
    table = rigged_table({"喰い替え許可レベル": 1}, shoupai=hands, zimo=("s9",), baopai="s8")
    act(table, 0, "m1")
    act(table, 1, "chi m1-23")
    assert "m1" not in table.discard_options(1) and "m4" in table.discard_options(1)
    with pytest.raises(IllegalMove):
        act(table, 1, "m1")
    act(table, 1, "m4")
    assert str(table.rivers[1]) == "m4"


def test_open_kan_by_a_human_draws_a_replacement():
    hands = ["m1p1s1z1234567m99p9", "m111p23s23z1155m56", "m567p567s567z4466", "m888p888s888z3377"]
    table = rigged_table(shoupai=hands, zimo=("s9",), gangzimo=("z6",), baopai="s8")
    act(table, 0, "m1")
    assert {"fulou": "m1111-"} in table.legal_replies(1)
    act(table, 1, "kan m1111-")
    assert table.status == "gangzimo" and table.turn == 1 and table.hands[1].drawn == "z6"
    act(table, 1, "z6_")
    assert table.hands[1].melds == ("m1111-",) and len(table.wall.dora_indicators) == 2  # kan dora after the discard
