"""The Klondike engine: deal, actions, score, refusals, undo, hint, auto-complete, text board."""

from __future__ import annotations

import random

import pytest

from gamelab import IllegalMove, Record
from gamelab.klondike import Card, Klondike

from .helpers import SMALL, position


def test_deal_shape() -> None:
    game = Klondike.new(seed=11)
    assert [len(c) for c in game.tableau] == [1, 2, 3, 4, 5, 6, 7]
    assert all(c[-1].up and not any(x.up for x in c[:-1]) for c in game.tableau)
    assert len(game.stock) == 24 and not game.waste and game.face_down == 21
    assert len({c.id for c in game.cards()}) == 52
    assert Klondike.new(seed=11).key() == game.key()  # a deal number reproduces the deal
    assert game.setup == {"seed": 11, "draw": 1}


def test_draw_one_and_recycle() -> None:
    game = Klondike.new(seed=3)
    first = game.stock[-1]
    for _ in range(24):
        game.play("draw")
    assert not game.stock and len(game.waste) == 24 and game.waste[0] == first.face_up()
    game.play("draw")  # recycle: the waste turns back over, its first card on top again
    assert game.stock[-1] == first and not game.waste and game.passes == 1
    assert game.moves == 25


def test_draw_three_and_recycle() -> None:
    game = Klondike.new(seed=3, draw=3)
    order = list(reversed(game.stock))
    game.play("draw")
    assert game.waste == [c.face_up() for c in order[:3]]  # the third card turned is on top
    for _ in range(7):
        game.play("draw")
    assert not game.stock
    game.play("draw")
    assert list(reversed(game.stock)) == order


def test_recycling_costs_100_with_draw_one_never_below_zero() -> None:
    game = position("foundations: -- -- -- --\nt1: K♠", draw=1)
    game.score = 130
    for _ in range(len(game.stock)):
        game.play("draw")
    game.play("draw")
    assert game.score == 30
    for _ in range(len(game.stock) + 1):
        game.play("draw")
    assert game.score == 0


def test_nothing_to_draw() -> None:
    game = Klondike.new(position="foundations: K♠ K♥ K♣ Q♦\nt1: K♦")
    with pytest.raises(IllegalMove, match="both empty"):
        game.play("draw")


def test_moves_score_and_reveal() -> None:
    game = position(SMALL)
    game.play("w>t1")  # J♣ onto Q♥: +5
    assert game.score == 5 and str(game.tableau[0][-1]) == "J♣"
    game.play("t6>f")  # 3♠ up: +10, and the 2♥ beneath is turned over: +5
    assert game.score == 20 and game.tableau[5][-1] == Card(1, 2, True)
    game.play("t6>f")  # 2♥ up (+10), Q♣ turned over (+5)
    game.play("t1:3>t4")  # K♠ Q♥ J♣ onto the empty column, 3♦ turned over (+5)
    assert [str(c) for c in game.tableau[3]] == ["K♠", "Q♥", "J♣"] and game.tableau[0][-1] == Card(3, 3, True)
    game.play("t5>f")  # 3♥ up (+10), 4♣ turned over (+5)
    assert game.score == 55
    game.play("fh>t5")  # 3♥ back down onto 4♣: -15
    assert game.score == 40 and str(game.tableau[4][-1]) == "3♥"
    assert game.moves == 6


@pytest.mark.parametrize(
    ("action", "message"),
    [
        ("w>t2", "w>t2: J♣ cannot go on 9♥: it needs a red Q"),
        ("t3>t2", "t3>t2: K♦ cannot go on 9♥: a King only goes on an empty column"),
        ("t2>t4", "t2>t4: 9♥ cannot go on an empty column: only a King can"),
        ("t1:3>t4", "t1:3>t4: column 1 has 2 face-up cards, so 3 cannot be moved"),
        ("w>f", "w>f: J♣ cannot go on the ♣ foundation: it starts with the A♣"),
        ("w>fs", "w>fs: J♣ belongs on the ♣ foundation, not ♠"),
        ("t2>f", "t2>f: 9♥ cannot go on the ♥ foundation: it needs the 2♥ first"),
        ("fd>t1", "fd>t1: the ♦ foundation is empty"),
        ("t4>t1", "t4>t1: column 4 is empty"),
        ("t1:0>t4", "t1:0>t4: move at least one card"),
        ("t1>t1", "t1>t1: a card cannot move onto its own column"),
        ("fs>fh", "fs>fh: a card cannot move from one foundation to another"),
        ("t1:2>f", "t1:2>f: only one card at a time goes to a foundation"),
        ("auto", "auto: auto-complete starts only when it must succeed"),
        ("t8>t1", "'t8>t1' is not a Klondike action"),
        ("jump", "'jump' is not a Klondike action: write draw, auto"),
    ],
)
def test_illegal_moves_explain_and_change_nothing(action: str, message: str) -> None:
    game = position(SMALL)
    before = game.key()
    with pytest.raises(IllegalMove) as caught:
        game.play(action)
    assert str(caught.value).startswith(message)
    assert game.key() == before


def test_notation_is_forgiving_about_case_and_spaces() -> None:
    game = position(SMALL)
    game.play(" W > T1 ")
    game.play("T6 -> F")
    assert game.moves == 2


def test_auto_complete() -> None:
    game = Klondike.new(position="foundations: Q♠ K♥ K♣ J♦\nt1: K♠ Q♦\nt2: K♦")
    assert game.can_auto_complete and "auto" in game.legal_actions()
    game.play("auto")
    assert game.is_won and game.is_over and game.moves == 3 and game.score == 30
    with pytest.raises(IllegalMove, match="already won"):
        game.play("auto")


def test_auto_complete_waits_for_face_down_cards_and_the_talon() -> None:
    game = position("foundations: Q♠ K♥ K♣ J♦\nt1: [K♠] Q♦\nt2: K♦")
    assert not game.can_auto_complete
    with pytest.raises(IllegalMove, match="1 cards are still face down"):
        game.play("auto")


def test_legal_actions_are_all_playable_and_nothing_else_is() -> None:
    game = position(SMALL)
    legal = set(game.legal_actions())
    assert {"draw", "w>t1", "t6>f", "t1:2>t4"} <= legal
    candidates = ["draw", "auto", "w>f"] + [f"w>t{j}" for j in range(1, 8)]
    candidates += [f"t{i}>f" for i in range(1, 8)]
    candidates += [f"t{i}:{n}>t{j}" if n > 1 else f"t{i}>t{j}" for i in range(1, 8) for j in range(1, 8) for n in (1, 2, 3)]
    candidates += [f"f{s}>t{j}" for s in "shcd" for j in range(1, 8)]
    for action in candidates:
        trial = game.copy()
        try:
            trial.play(action)
        except IllegalMove:
            assert action not in legal
        else:
            assert action in legal, action


def test_hints_prefer_turning_cards_over() -> None:
    game = position(SMALL)
    hints = game.hints()
    assert hints[0] in {"t6>f", "t1:2>t4"}  # both turn over a card under two face-down ones
    assert "w>t1" in hints
    for hint in hints:
        game.copy().play(hint)


def test_hint_is_draw_when_no_card_move_helps_and_none_when_stuck() -> None:
    game = position("foundations: -- -- -- --\nt1: [2♠] [3♠] 5♥\nt2: [7♦] 9♣\nstock: K♣")
    assert game.hints() == ["draw"]
    stuck = position("foundations: -- -- -- --\nt1: [2♠] 5♥\nt2: [7♦] 9♣")
    stuck.stock.clear()  # not a full deck any more, but enough to show a position with no move
    assert stuck.hint() is None and stuck.legal_actions() == []


def test_text_board() -> None:
    text = str(position(SMALL))
    assert text.splitlines()[0].startswith("stock 29  waste 4♦  J♣")
    assert "t1  ##  ##  K♠  Q♥" in text
    assert text.splitlines()[-1] == "moves 0  score 0  draw 1"


def test_position_text_round_trip() -> None:
    game = position(SMALL)
    assert Klondike.new(position=game.position_text()).key() == game.key()
    assert game.deck is None


def test_record_undo_restores_exactly_over_150_actions() -> None:
    rng = random.Random(4)
    record = Record(Klondike.new(seed=21))
    keys = [record.game.key()]
    for _ in range(150):
        record.play(rng.choice(record.game.legal_actions()))
        keys.append(record.game.key())
    for expected in reversed(keys[:-1]):
        record.undo()
        assert record.game.key() == expected
    assert not record.can_undo


def test_save_and_load_replay_through_the_rules() -> None:
    record = Record(Klondike.new(seed=5, draw=3))
    for action in ("draw", "draw", *Klondike.new(seed=5, draw=3).legal_actions()[1:2]):
        record.play(action)
    again = Record.from_json(record.to_json())
    assert again.game.key() == record.game.key()
    data = record.to_dict()
    data["actions"].append("t1>t9")
    with pytest.raises(ValueError, match="action 4 't1>t9' is refused"):
        Record.from_dict(data)


@pytest.mark.parametrize(
    ("setup", "quoted"),
    [
        ({"draw": 0}, "draw must be between 1 and 7"),
        ({"draw": "3"}, "not '3'"),
        ({"seed": 1.5}, "not 1.5"),
        ({"seed": 1, "deck": "x"}, "not several"),
        ({"deck": "123"}, "'123'"),
        ({"position": "t1: K♠"}, "missing 51 cards"),
    ],
)
def test_bad_setups_are_refused(setup: dict, quoted: str) -> None:
    with pytest.raises(ValueError, match=quoted):
        Klondike.new(**setup)
