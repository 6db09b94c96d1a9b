"""The solver: generated deals are winnable, hand-made lost positions are found lost, hints stay winnable."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab.shanghai import Shanghai, is_winnable, solve, winning_hint
from gamelab.shanghai.bench import board_text, certify_lost, random_deal_figures
from gamelab.shanghai.solver import (
    DEFAULT_NODE_LIMIT,
    _clears,
    _partners,
    _probe,
    _splits,
    generator_retry_statistics,
    random_deal_masks,
    random_deal_statistics,
    solve_masks,
    unwinnable_core,
)

from .test_game import board, row


@pytest.mark.parametrize("number", [1, 2, 3, 10, 20, 101, 2**31])
def test_generated_deals_are_winnable_and_the_solution_plays(number):
    game = Shanghai.new(deal=number)
    result = solve(game)
    assert result.status == "winnable" and len(result.moves) == 68
    for action in result.moves:
        game.play(action)
    assert game.is_cleared


def test_stacked_last_pair_is_lost_before_the_stalemate():
    # 11 lies on 11: both can never be free together, though a pair (12) can still be taken
    text = board({(0,): row("11", "..", "12", "12")}, extra={(2, 0): row("11")})
    game = Shanghai.new(board=text)
    assert not game.is_stalemate
    assert solve(game).status == "unwinnable" and is_winnable(game) is False


def test_pairs_waiting_on_each_other_in_a_row_are_lost():
    # 17 and 37 interleaved: each pair needs one tile of the other gone first (deal 1's trap)
    game = Shanghai.new(board=board({(0,): row("32", "17", "37", "16", "47", "17", "37", "21")},
                                    extra={(3, 1): row("32", "16", "47", "21")}))
    assert is_winnable(game) is False


def test_a_winnable_hand_made_position():
    game = Shanghai.new(board=board({(0,): row("11", "12", "12", "11"), (1,): row("13", "14", "14", "13")},
                                    extra={(2, 0): row("..", "13", "13")}))
    result = solve(game)
    assert result.winnable is True
    for action in result.moves:
        game.play(action)
    assert game.is_cleared


def test_winning_hint_avoids_the_losing_pair():
    # Taking the two free 11s first strands the last two 11s, one on the other (12 lies between)
    text = board({(0,): row("11", "12", "12", "11"), (2,): row("11", "13", "13")},
                 extra={(2, 2): row("11")})
    game = Shanghai.new(board=text)
    hint = winning_hint(game)
    assert hint is not None
    trial = game.copy()
    trial.play(hint)
    assert is_winnable(trial) is True


def test_budget_exhaustion_says_unknown():
    assert solve(Shanghai.new(deal=101), node_limit=10).status in ("unknown", "winnable")
    assert solve(Shanghai.new(deal=101), node_limit=10).nodes <= 11


def test_statistics_functions():
    stats = random_deal_statistics(2, seed=4, node_limit=2000)
    assert sum(stats.values()) == 2
    retries = generator_retry_statistics(30, seed=1)
    assert len(retries) == 30 and min(retries) >= 0


def brute_force(game: Shanghai, seen: dict | None = None) -> bool:
    """Try every removable pair, no pruning at all: the ground truth for small boards."""
    seen = {} if seen is None else seen
    if game.is_cleared:
        return True
    if game.present in seen:
        return seen[game.present]
    result = False
    for action in game.legal_actions():
        trial = game.copy()
        trial.play(action)
        if brute_force(trial, seen):
            result = True
            break
    seen[game.present] = result
    return result


@st.composite
def small_boards(draw):
    """Up to 16 tiles in 2 layers × 3 rows × 6 columns, each kind twice or four times."""
    places = [(d, r, c) for d in (2, 3) for r in (0, 1, 2) for c in range(6)]
    counts = draw(st.lists(st.sampled_from([2, 4]), min_size=1, max_size=5))
    total = sum(counts)
    if total > 16:
        counts = counts[:1]
        total = counts[0]
    chosen = draw(st.permutations(places))[:total]
    kinds = [11 + i for i, n in enumerate(counts) for _ in range(n)]
    grid = {p: k for p, k in zip(chosen, kinds)}
    lines = []
    for d in range(4):
        lines.append(f"layer {d}")
        for r in range(8):
            lines.append(" ".join(str(grid[(d, r, c)]) if (d, r, c) in grid else ".." for c in range(12)))
    return "\n".join(lines)


@settings(max_examples=150, deadline=None)
@given(small_boards())
def test_solver_agrees_with_brute_force_on_small_boards(text):
    game = Shanghai.new(board=text)
    truth = brute_force(game)
    result = solve(game)
    assert result.winnable is truth, text
    if truth:
        for action in result.moves:
            game.play(action)
        assert game.is_cleared


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 10**6), st.randoms(use_true_random=False))
def test_solver_agrees_with_brute_force_on_endgames_of_real_deals(number, rnd):
    """Random play (often into a lost position) down to 22 tiles, then both verdicts must match."""
    game = Shanghai.new(deal=number)
    while game.tiles_left > 22 and game.legal_actions():
        game.play(rnd.choice(game.legal_actions()))
    assert solve(game).winnable is brute_force(game)


def random_deals(seed: int, numbers: list[int]) -> dict[int, dict[int, int]]:
    """Deals ``numbers`` of the random (not constructed) sequence drawn from ``seed``, as kind masks."""
    rng = random.Random(seed)
    return {n: masks for n, masks in ((n, random_deal_masks(rng)) for n in range(max(numbers) + 1)) if n in numbers}


def test_random_deals_are_decided_and_their_lines_play():
    for masks in random_deals(2026, [0, 1, 3, 4, 5]).values():
        result = solve_masks(sum(masks.values()), masks, DEFAULT_NODE_LIMIT)
        assert result.status == "winnable"
        game = Shanghai.new(board=board_text(masks))
        for action in result.moves:
            game.play(action)
        assert game.is_cleared


def test_lost_random_deals_are_proved_and_the_proof_checks_out():
    # deal 2: two 46 with a 16 between them in a bottom row, a 16 on a 16; deal 667: 34s and 47s sharing a row
    for number, masks in random_deals(2026, [2, 667]).items():
        present = sum(masks.values())
        assert solve_masks(present, masks, DEFAULT_NODE_LIMIT).status == "unwinnable", number
        core = unwinnable_core(present, masks)
        assert core is not None and len(core) <= 2
        assert certify_lost(masks, core)  # brute force on can_select, independent of the solver
        assert not certify_lost(masks, core[:-1])  # and the core is needed whole


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32), st.integers(0, 12))
def test_a_probe_that_stops_once_its_kind_is_taken_agrees_with_the_full_replay(seed, decided):
    """The solver's probes stop as soon as the probed kind is taken (its later waves follow from the
    node's own replay); on random deals with a random choice of pairings, that shortcut must give the
    same verdict as replaying to the end."""
    rnd = random.Random(seed)
    masks = random_deal_masks(rnd)
    present = sum(masks.values())
    kinds = list(masks.values())
    rnd.shuffle(kinds)
    pairs = [pair for mask in kinds[:decided] for pair in rnd.choice(_splits(mask))]
    open_kinds = kinds[decided:]
    loose = sum(open_kinds)
    partner = _partners(pairs)
    trail: list[tuple[int, int]] = []
    if not _clears(present, partner, loose, 0, trail):
        return
    after = [seen for _, seen in trail[1:]] + [-1]
    for mine in open_kinds:
        start = next(w for w, seen in enumerate(after) if seen & mine)
        state, seen = trail[start]
        for split in _splits(mine):
            full = _clears(state, _partners(split, list(partner)), loose & ~mine, seen)
            short = _probe(state, _partners(split, list(partner)), loose & ~mine, seen, mine)
            assert (short is not None) is full
            # and the full replay from the node's start says the same
            assert _clears(present, _partners(split, list(partner)), loose & ~mine) is full


@pytest.mark.slow
def test_every_one_of_1000_random_deals_is_decided_with_a_legal_line_or_a_certified_loss():
    """Issue 15's goal, without the clock: every deal of the bench's 1,000 random deals is decided
    within the default budget; the bench replays every line on the engine and checks every loss by
    brute force on a small core (it raises on a bad line)."""
    figures = random_deal_figures(1000)
    statuses = figures["statuses"]
    assert statuses.count("unknown") == 0
    assert figures["certified"] == statuses.count("unwinnable")
    assert max(figures["nodes"]) < DEFAULT_NODE_LIMIT
