"""The reproducers of issue 13 ("Nothing breaks, nothing is lost"), engine side, one section per item.

Item 1 (the ranking) is in tests/shanghai/test_ranking.py; items 8 and 10 (boards) in
tests/foundation/test_long_work.py and each game's widget tests.
"""

from __future__ import annotations

import json
import tracemalloc

import pytest

from gamelab import IllegalMove, Record, game_class
from gamelab.game import registered_games
from gamelab.klondike import Klondike
from gamelab.minesweeper import Minesweeper
from gamelab.othello import Othello
from gamelab.othello.game import parse_transcript
from gamelab.riichi import make_rules
from gamelab.riichi.table import RiichiGame


def _save(game: str, setup: dict, actions: list) -> str:
    return json.dumps({"format": Record.FORMAT, "game": game, "setup": setup, "actions": actions})


# -- 2. rule values that crashed a finished game ------------------------------------------------------

@pytest.mark.parametrize("rules", [
    {"場数": 0, "順位点": ["0", "inf", "-10", "-20"]}, {"場数": 0, "順位点": ["0", "nan", "-10", "-20"]},
    {"順位点": 5}, {"順位点": None}, {"順位点": "1234"}, {"赤牌": 5}, {"赤牌": [1, 2]}, {"赤牌": None},
    {"順位点": ["1e400", "0", "0", "0"]}, {"配給原点": 10**30}, {"赤牌": {"m": True, "p": 1, "s": 1}},
])
def test_rule_values_that_crashed_are_value_errors_at_setup(rules):
    with pytest.raises(ValueError, match="rule "):
        make_rules(rules)
    with pytest.raises(ValueError):
        RiichiGame.new(seed=1, rules=rules)
    with pytest.raises(ValueError, match="refused"):
        Record.from_json(_save("riichi", {"seed": 1, "rules": rules}, []))


def test_a_seed_of_one_and_a_half_is_refused():
    with pytest.raises(ValueError, match="seed"):
        RiichiGame.new(seed=1.5)


def test_a_game_with_large_finite_rank_bonuses_plays_to_its_final_ranking():
    record = Record(RiichiGame.new(seed=3, rules={"場数": 0, "順位点": ["0", "1000", "-10", "-1000"]}))
    while not record.game.is_over:
        record.play(record.game.legal_actions()[0])
    assert len(record.game.table.paipu["point"]) == 4
    with pytest.raises(IllegalMove, match="over"):
        record.game.play("next")


# -- 3. saves that crashed loading with something other than a ValueError ----------------------------

@pytest.mark.parametrize("text", [
    "[" * 5000,
    _save("othello", {"board": [0]}, []),
    _save("klondike", {"position": 5}, []),
    _save("othello-tutorial", {"check": "x"}, []),
    _save("minesweeper", {"rows": 10**30, "cols": 5, "mines": 1}, []),
    _save("minesweeper", {"rows": 100000, "cols": 100000, "mines": 10}, []),
    _save("minesweeper", {"rows": 10, "cols": 10, "mines": 10, "opening": "no"}, []),
])
def test_saves_that_crashed_are_value_errors(text):
    with pytest.raises(ValueError) as caught:
        Record.from_json(text)
    assert len(str(caught.value)) < 400


# -- 4. memory per action ---------------------------------------------------------------------------

def test_a_20000_action_save_loads_in_little_memory():
    game = Minesweeper.new("expert", seed=3)
    game.play("open 8 15")
    hidden = next((r, c) for r in range(1, 17) for c in range(1, 31) if game.cell(r, c) == "#")
    text = _save("minesweeper", game.setup, ["open 8 15"] + [f"flag {hidden[0]} {hidden[1]}"] * 20_000)
    tracemalloc.start()
    try:
        record = Record.from_json(text)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert len(record) == 20_001
    assert peak < 40_000_000, f"loading took {peak / 1e6:.0f} MB (every position kept took about 290 MB)"


# -- 5. actions of the wrong type, in every game -----------------------------------------------------

def _a_position(name: str):
    game = game_class(name).new(**({"seed": 1} if name in ("klondike", "riichi", "lights-out") else {}))
    if name == "minesweeper":
        game.play("open 8 15")
    return game


@pytest.mark.parametrize("name", sorted(registered_games()))
@pytest.mark.parametrize("action", [None, b"draw", 3, ["f5"], "t1:" + "9" * 5000 + ">t2", "f5" * 500_000])
def test_play_refuses_an_action_of_the_wrong_type_or_size(name, action):
    game = _a_position(name)
    before = str(game)
    with pytest.raises(IllegalMove) as caught:
        game.play(action)
    assert str(game) == before and len(str(caught.value)) < 200


def test_a_long_column_index_is_an_illegal_move_not_an_int_error():
    game = Klondike.new(seed=1)
    with pytest.raises(IllegalMove):
        game.play("t1:" + "9" * 150 + ">t2")


# -- 6. Klondike: a won game stays won; a face-up card under a face-down one is refused --------------

def test_a_won_klondike_game_cannot_be_unwon():
    game = Klondike.new(position="foundations: K♠ K♥ K♣ Q♦\nt1: K♦")
    game.play("t1>f")
    assert game.is_won
    for action in ("fs>t1", "fd>t1", "draw", "auto"):
        with pytest.raises(IllegalMove, match="already won"):
            game.play(action)
    assert game.is_won and game.is_over


@pytest.mark.parametrize("position", ["foundations: K♠ K♥ K♣\nt1: K♦ [Q♦] J♣", "t1: 5♠ [4♥]"])
def test_a_face_down_card_on_a_face_up_one_is_refused(position):
    with pytest.raises(ValueError, match="face-down"):
        Klondike.new(position=position)


# -- 7. Minesweeper no-guess on a dense board: refused at once, with the limit named --------------------

def test_a_dense_no_guess_board_is_refused_at_setup():
    with pytest.raises(ValueError, match="at most 192 mines on 16 × 30"):
        Minesweeper.new(rows=16, cols=30, mines=450, no_guess=True)
    with pytest.raises(ValueError, match="opening must be True or False"):
        Minesweeper.new(opening="no")


def test_a_failed_layout_search_is_an_illegal_move_changing_nothing():
    game = Minesweeper.new(rows=3, cols=30, mines=36, no_guess=True, seed=0)
    before = str(game)
    with pytest.raises(IllegalMove, match="no guess-free layout"):
        game.play("open 2 1")
    assert str(game) == before and not game.started


# -- 7b. the largest boards: the solver's counts of layouts pass any float, its answers stay numbers ------

@pytest.mark.parametrize("mines", [1500, 3000])
def test_hint_and_chances_on_the_largest_board(mines):
    """On a 100 × 100 board the number of mine layouts that fit runs to thousands of digits; Hint once
    raised OverflowError turning such a count into a float (and the board's button did nothing)."""
    game = Minesweeper.new(rows=100, cols=100, mines=mines, seed=1)
    game.play("open 50 50")
    for _ in range(3):
        hint = game.hint()
        assert hint is not None and 0.0 <= hint.chance <= 1.0
        if hint.chance:  # a guess: stop before it can lose the game
            break
        game.play(f"open {hint.row} {hint.col}")
    chances = game.chances()
    assert chances and all(0.0 <= p <= 1.0 for p in chances.values())


# -- 9. quadratic parsing, and errors quoting a whole megabyte --------------------------------------

def test_a_huge_transcript_is_refused_with_a_short_message():
    with pytest.raises(ValueError) as caught:
        parse_transcript("f5" * 500_000)
    assert "at most 2,000 characters" in str(caught.value) and len(str(caught.value)) < 200


def test_a_long_transcript_parses_in_one_pass(monkeypatch):
    import gamelab.othello.game as othello_game

    monkeypatch.setattr(othello_game, "MAX_TRANSCRIPT_LENGTH", 2_000_000)
    assert len(parse_transcript("f5" * 200_000)) == 200_000  # seconds before, a fraction of one now


def test_an_error_quotes_a_huge_action_cut_short():
    with pytest.raises(IllegalMove) as caught:
        Othello.new().play("x" * 1_000_000)
    assert len(str(caught.value)) < 200
