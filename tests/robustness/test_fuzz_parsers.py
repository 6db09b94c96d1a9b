"""Hypothesis against every parser and every setup: an answer or a ValueError, nothing else, and fast.

A parser given any text either reads it or raises ``ValueError`` (``IllegalMove`` for an action) with a
message of sensible length; a refused action leaves the position as it was. A setup given any JSON-like
values either builds a game or raises ``ValueError``. Each test runs a few seconds at most
(``GAMELAB_FUZZ=10`` in the environment tries ten times as many examples).
"""

from __future__ import annotations

import os
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelab import IllegalMove, Record, game_class
from gamelab.game import registered_games
from gamelab.klondike import Klondike
from gamelab.klondike.cards import parse_card
from gamelab.klondike.deck import parse_deck, parse_pysol
from gamelab.minesweeper import Minesweeper
from gamelab.othello import Othello
from gamelab.othello.bitboard import parse_square
from gamelab.othello.game import parse_transcript
from gamelab.riichi import Hand, check_tile, make_rules, normalize_meld
from gamelab.riichi.table import RiichiGame
from gamelab.shanghai import Shanghai
from gamelab.shanghai.controls import read_start
from gamelab.shanghai.game import parse_board
from gamelab.shanghai.tutorial import parse_position

#: examples per test: a few seconds each by default; GAMELAB_FUZZ=10 tries ten times as many
SCALE = int(os.environ.get("GAMELAB_FUZZ", "1"))
FAST = settings(max_examples=150 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])

#: pieces of real notation, so generated text gets past the first character often enough to matter
WORDS = ["f5", "d6", "pass", "--", "a1", "h8", "X", "O", ".", "draw", "auto", "w>t3", "t1:3>t4", "fh>t3",
         "t2>f", "K♠", "10♥", "[Q♦]", "t1:", "foundations:", "stock:", "waste:", "open", "flag", "chord",
         "0.3.5", "1.2.4", "m123", "p0", "z7", "*", ",", "+", "=", "-", "riichi", "pon", "chi", "kan",
         "tsumo", "ron", "next", "11", "..", "\n", " ", "9" * 40, "²", "٣", "\x00", "é", "🀄"]
notation = st.lists(st.one_of(st.sampled_from(WORDS), st.text(max_size=4)), max_size=30).map("".join)
any_text = st.one_of(notation, st.text(max_size=300))
json_like = st.recursive(
    st.one_of(st.none(), st.booleans(), st.integers(), st.integers(min_value=-10**30, max_value=10**30),
              st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=20), st.sampled_from(WORDS)),
    lambda inner: st.one_of(st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


def _value_error_or_answer(parse, text):
    try:
        parse(text)
    except ValueError as exc:
        assert len(str(exc)) < 600, f"an error message quotes too much: {str(exc)[:100]}…"


@pytest.mark.parametrize("parse", [
    parse_transcript, parse_square, lambda t: Othello.new(board=t), parse_card, parse_deck, parse_pysol,
    lambda t: Klondike.new(position=t), lambda t: Klondike.new(deck=t), parse_position, parse_board,
    lambda t: Shanghai.new(board=t), lambda t: read_start(t, t, random.Random(0)), Hand.from_string,
    make_rules, check_tile, normalize_meld,
], ids=["transcript", "square", "othello board", "card", "deck", "pysol", "klondike position",
        "klondike deck", "tile position", "shanghai board", "shanghai board setup", "start boxes", "hand",
        "rule preset", "tile", "meld"])
@FAST
@given(text=any_text)
def test_every_parser_reads_or_refuses_with_a_value_error(parse, text):
    _value_error_or_answer(parse, text)


def _positions():
    """A few positions of every game, mid-play, where actions are tried."""
    othello = Othello.from_transcript("f5d6c3d3c4")
    klondike = Klondike.new(seed=3)
    klondike.play("draw")
    mines = Minesweeper.new("beginner", seed=2)
    mines.play("open 5 5")
    shanghai = Shanghai.new(deal=1)
    riichi = RiichiGame.new(seed=1, rules={"場数": 0})
    lights = game_class("lights-out").new(size=4, seed=1)
    return [othello, klondike, mines, shanghai, riichi, lights]


POSITIONS = _positions()
actions = st.one_of(notation, st.text(max_size=60), st.none(), st.integers(), st.binary(max_size=10),
                    st.lists(st.text(max_size=3), max_size=3), st.text(min_size=201, max_size=400))


@pytest.mark.parametrize("position", POSITIONS, ids=lambda g: g.name)
@FAST
@given(action=actions)
def test_play_takes_any_action_and_refuses_with_illegal_move_changing_nothing(position, action):
    game = position.copy()
    before = str(game)
    try:
        game.play(action)
    except IllegalMove as exc:
        assert str(game) == before and len(str(exc)) < 600
    else:
        assert isinstance(action, str)


SETUP_KEYS = {
    "othello": ["board", "to_move"], "othello-tutorial": ["board", "to_move", "check"],
    "klondike": ["seed", "draw", "deck", "position"],
    "minesweeper": ["preset", "rows", "cols", "mines", "seed", "opening", "no_guess"],
    "shanghai": ["deal", "board"], "riichi": ["seed", "seat", "rules", "qijia", "title"],
    "lights-out": ["size", "seed", "presses"],
}


def test_the_setup_fuzzing_covers_every_registered_game():
    assert set(SETUP_KEYS) == set(registered_games())


@pytest.mark.parametrize("name", sorted(SETUP_KEYS))
@settings(max_examples=120 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_setup_builds_a_game_or_refuses_with_a_value_error(name, data):
    """Direct calls with the game's own setting names: no TypeError, AttributeError… from inside."""
    setup = data.draw(st.dictionaries(st.sampled_from(SETUP_KEYS[name]), json_like, max_size=3))
    try:
        game = game_class(name).new(**setup)
    except ValueError as exc:
        assert len(str(exc)) < 600
    else:
        assert isinstance(game.setup, dict)
        str(game)


@pytest.mark.parametrize("name", sorted(SETUP_KEYS))
@settings(max_examples=60 * SCALE, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(setup=st.dictionaries(st.text(max_size=8), json_like, max_size=3))
def test_a_saved_setup_with_any_settings_is_a_game_or_a_value_error(name, setup):
    """The data path (a save's setup), where a setting the game does not have is a ValueError too."""
    try:
        Record.from_dict({"format": Record.FORMAT, "game": name, "setup": setup, "actions": []})
    except ValueError as exc:
        assert len(str(exc)) < 600


@settings(max_examples=200 * SCALE, deadline=None)
@given(rules=st.dictionaries(st.sampled_from(["順位点", "赤牌", "配給原点", "場数", "連荘方式", "クイタンあり",
                                              "rank_bonus", "red_fives", "rounds", "ippatsu", "x"]),
                             json_like, max_size=3))
def test_rule_values_give_rules_or_a_value_error(rules):
    try:
        made = make_rules(rules)
    except ValueError:
        return
    for bonus in made.rank_bonus:
        assert abs(float(bonus)) <= 1000  # finite: the final ranking cannot overflow
