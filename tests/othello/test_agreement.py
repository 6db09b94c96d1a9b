"""The tutorial's engine and the bitboard engine agree move for move over random games."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab.othello import Othello
from gamelab.othello import tutorial as t


@settings(max_examples=100, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_engines_agree_over_a_random_game(seed: int) -> None:
    rng = random.Random(seed)
    tut = t.TutorialGame()
    fast = Othello.new()
    while True:
        assert tut.board == fast.board()
        assert t.count_stones(tut.board) == fast.score()
        assert tut.over == fast.is_over
        if fast.is_over:
            assert tut.message.startswith("Game end")
            assert tut.message.endswith(t.message(t.winner(tut.board)))
            break
        if fast.must_pass:
            # the tutorial never hands the turn to a player who cannot move
            assert tut.color != fast.to_move
            assert tut.message == t.message(f"{fast.to_move}_passes")
            fast.play("pass")
            continue
        assert tut.color == fast.to_move
        legal = fast.legal_squares()
        assert t.legal_squares(tut.board, fast.to_move) == legal
        index = rng.choice(legal)
        before = tut.board.copy()
        tut.click(index)
        fast.play_index(index)
        flipped = {i for i in range(64) if before[i] is not None and before[i] != tut.board[i]}
        assert flipped == {i for i in range(64) if fast.last_flipped >> i & 1}
        assert tut.message == fast.status() or fast.is_over


@settings(max_examples=10, deadline=None)
@given(st.integers(min_value=0, max_value=2**32))
def test_tutorial_rules_game_matches_the_bitboard_game(seed: int) -> None:
    from gamelab.othello import TutorialOthello

    rng = random.Random(seed)
    slow, fast = TutorialOthello.new(), Othello.new()
    while not fast.is_over:
        assert slow.legal_actions() == fast.legal_actions()
        action = rng.choice(fast.legal_actions())
        slow.play(action)
        fast.play(action)
        assert slow == fast and slow.last_flipped == fast.last_flipped
    assert slow.is_over and slow.status() == fast.status()
