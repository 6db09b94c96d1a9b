"""Properties of random play: cards are never lost or duplicated, piles stay well formed, undo is
exact, refused actions change nothing, auto-complete is offered only when it must succeed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab import IllegalMove, Record
from gamelab.klondike import Klondike, is_run

SETTINGS = settings(max_examples=25, deadline=None)


def check_invariants(game: Klondike) -> None:
    ids = [card.id for card in game.cards()]
    assert sorted(ids) == list(range(52)), "52 distinct cards, always"
    for column in game.tableau:
        ups = [card.up for card in column]
        assert ups == sorted(ups), "face-down cards only beneath face-up ones"
        if column:
            assert column[-1].up, "the top card of a column is face up"
        assert is_run([card for card in column if card.up]), "face-up cards form a run"
    for suit, pile in enumerate(game.foundations):
        assert [(c.suit, c.rank) for c in pile] == [(suit, r) for r in range(1, len(pile) + 1)]
    assert not any(card.up for card in game.stock) and all(card.up for card in game.waste)
    assert game.score >= 0


actions = st.lists(st.integers(min_value=0, max_value=10_000), min_size=1, max_size=80)
junk = st.sampled_from(["t1:4>t2", "w>f", "fh>t1", "t7>f", "auto", "t3:2>t5", "w>t4", "draw", "t0>t1", "x"])


@SETTINGS
@given(seed=st.integers(0, 10**6), draw=st.sampled_from([1, 3]), choices=actions)
def test_random_legal_play_keeps_every_invariant(seed: int, draw: int, choices: list[int]) -> None:
    game = Klondike.new(seed=seed, draw=draw)
    check_invariants(game)
    for choice in choices:
        legal = game.legal_actions()
        if not legal:
            break
        moves_before = game.moves
        game.play(legal[choice % len(legal)])
        check_invariants(game)
        assert game.moves > moves_before


@SETTINGS
@given(seed=st.integers(0, 10**6), draw=st.sampled_from([1, 3]), choices=actions, tries=st.lists(junk, max_size=20))
def test_refused_actions_change_nothing(seed: int, draw: int, choices: list[int], tries: list[str]) -> None:
    game = Klondike.new(seed=seed, draw=draw)
    for choice, attempt in zip(choices, tries):
        before = game.key()
        try:
            game.play(attempt)
        except IllegalMove:
            assert game.key() == before
        legal = game.legal_actions()
        if legal:
            game.play(legal[choice % len(legal)])


@SETTINGS
@given(seed=st.integers(0, 10**6), draw=st.sampled_from([1, 3]), choices=actions)
def test_undo_restores_exactly(seed: int, draw: int, choices: list[int]) -> None:
    record = Record(Klondike.new(seed=seed, draw=draw))
    keys = [record.game.key()]
    for choice in choices:
        legal = record.game.legal_actions()
        if not legal:
            break
        record.play(legal[choice % len(legal)])
        keys.append(record.game.key())
    while record.can_undo:
        keys.pop()
        record.undo()
        assert record.game.key() == keys[-1]
    assert len(keys) == 1


@SETTINGS
@given(seed=st.integers(0, 10**6), choices=actions)
def test_auto_complete_is_offered_only_when_it_must_succeed(seed: int, choices: list[int]) -> None:
    # Random play rarely uncovers everything, so the play here always prefers foundation moves and
    # moves that turn cards over (the hints), falling back on a random legal action.
    game = Klondike.new(seed=seed)
    for choice in choices * 4:
        if game.can_auto_complete:
            trial = game.copy()
            trial.play("auto")
            assert trial.is_won
            return
        hints = [h for h in game.hints() if h != "draw"]
        legal = game.legal_actions()
        if not legal:
            return
        game.play(hints[0] if hints and choice % 3 else legal[choice % len(legal)])
        if game.face_down or game.stock or game.waste:
            assert "auto" not in game.legal_actions()
