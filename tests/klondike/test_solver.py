"""The solver: winning lines replay through the engine, and "impossible" is only said when true."""

from __future__ import annotations

import pytest

from gamelab import Record
from gamelab.klondike import Klondike
from gamelab.klondike.solver import SolveResult, _Search, shootme_length, solution_actions, solve

from .helpers import position


def replay_wins(game: Klondike, actions: list[str]) -> bool:
    record = Record(game)
    for action in actions:
        record.play(action)
    return record.game.is_won


@pytest.mark.parametrize(("seed", "draw"), [(2, 1), (3, 1), (2, 3), (7, 3)])
def test_solutions_replay_through_the_engine(seed: int, draw: int) -> None:
    game = Klondike.new(seed=seed, draw=draw)
    result = solve(game, budget=20_000)
    assert result.status == "solved", result
    assert replay_wins(game, result.actions)
    assert str(result).startswith(f"solved in {len(result.actions)} actions")


def test_solving_from_the_middle_of_a_game() -> None:
    game = Klondike.new(seed=2)
    line = solve(game, budget=20_000).actions
    middle = game.copy()
    for action in line[:40]:
        middle.play(action)
    result = solve(middle, budget=20_000)
    assert result.solved and replay_wins(middle, result.actions)


def test_a_won_position_needs_no_search_and_auto_complete_follows_a_solution() -> None:
    game = Klondike.new(position="foundations: Q♠ K♥ K♣ J♦\nt1: K♠ Q♦\nt2: K♦")
    result = solve(game)
    assert result.solved and result.states == 0 and len(result.actions) == 3
    # Along a winning line, wherever auto-complete is offered it wins.
    walk = Klondike.new(seed=3)
    for action in solve(walk, budget=20_000).actions:
        if walk.can_auto_complete:
            trial = walk.copy()
            trial.play("auto")
            assert trial.is_won
        walk.play(action)
    assert walk.is_won


# Draw-3 deals the solver proves unwinnable, each checked here by an independent search: every
# legal action of the engine, no pruning, until no new position is left.
@pytest.mark.parametrize("seed", [21, 55, 67, 147])
def test_impossible_agrees_with_exhaustive_search_without_pruning(seed: int) -> None:
    game = Klondike.new(seed=seed, draw=3)
    assert solve(game, budget=5_000).status == "impossible"

    def key(g: Klondike) -> tuple:
        return tuple(map(tuple, g.tableau)), tuple(map(len, g.foundations)), tuple(g.stock), tuple(g.waste)

    seen, stack = {key(game)}, [game]
    while stack:
        current = stack.pop()
        assert not current.is_won
        for action in current.legal_actions():
            child = current.copy()
            child.play(action)
            if key(child) not in seen:
                seen.add(key(child))
                stack.append(child)
    assert len(seen) < 5_000


def test_budget_runs_out_honestly() -> None:
    result = solve(Klondike.new(seed=1), budget=10)
    assert result.status == "unknown" and not result.actions and result.states <= 10
    assert str(result) == "no win found within the budget of 10 positions"
    with pytest.raises(ValueError):
        solve(Klondike.new(seed=1), budget=0)


def test_solver_takes_positions_with_a_waste_and_cards_on_foundations() -> None:
    game = position(
        """
foundations: 5♠ 4♥ 6♣ 3♦
waste: 7♣ 4♦
t1: [K♠] [9♦] 6♠
t2: Q♥
t3: [5♥] 8♠
""",
        draw=3,
    )
    result = solve(game, budget=20_000)
    assert result.status in ("solved", "impossible", "unknown")
    if result.solved:
        assert replay_wins(game, result.actions)


def test_solution_actions_refuses_a_wrong_line() -> None:
    with pytest.raises(ValueError):
        solution_actions(Klondike.new(seed=1), [("tf", 0)])  # 9♠ cannot go up


def test_result_type() -> None:
    assert not SolveResult("unknown").solved


# Draw-1 deals proved impossible with pruning, and proved impossible again with the postponement
# filters switched off: the filters did not throw a winning line away.
@pytest.mark.parametrize(("seed", "budget"), [(38, 30_000), (286, 5_000)])
def test_pruning_loses_nothing_on_impossible_draw_one_deals(seed: int, budget: int) -> None:
    game = Klondike.new(seed=seed, draw=1)
    pruned = solve(game, budget=budget)
    full = solve(game, budget=budget, prune=False)
    assert pruned.status == full.status == "impossible"
    assert pruned.states < full.states


def test_shootme_length_counts_flips_and_clicks_but_not_recycles() -> None:
    game = position(
        """
foundations: Q♠ K♥ K♣ J♦
stock: Q♦
t1: [K♠] K♦
""",
    )
    # click (1), Q♦ up (1), K♦ up and K♠ turned over (2), K♠ up (1)
    assert shootme_length(game, ["draw", "w>f", "t1>f", "t1>f"]) == 5
    # two clicks through the stock, the waste turned back over (free), one click: 3 + 1
    assert shootme_length(game, ["draw", "draw", "draw", "w>f"]) == 3
    result = solve(game)
    assert result.solved and result.length == shootme_length(game, result.actions) == 5


@pytest.mark.parametrize(("seed", "draw"), [(2, 1), (5, 1), (2, 3), (12, 3)])
def test_polishing_shortens_lines_and_the_bound_never_overestimates(seed: int, draw: int) -> None:
    """The short-line searches only ever replace a line by a shorter one; and along a winning line,
    the lower bound they prune with is never more than what the rest of the line costs."""
    game = Klondike.new(seed=seed, draw=draw)
    first = solve(game, budget=20_000, polish=0)
    polished = solve(game, budget=20_000, polish=3_000)
    assert first.solved and polished.solved
    assert polished.length <= first.length
    assert replay_wins(game, polished.actions)
    search = _Search(game, 20_000)
    status, moves = search.run(polish=2_000, cap=500)
    assert status == "solved"
    state, costs, states = search.start, [], []
    for move in moves:
        states.append(state)
        costs.append(search.step_cost(state, move))
        state = search.apply(state, move)
    assert sum(state[2]) == 52
    assert search.line_cost(search.start, moves) == sum(costs) == shootme_length(game, solution_actions(game, moves))
    for index, before in enumerate(states):
        assert search.bound(before) <= sum(costs[index:])


@pytest.mark.parametrize(("seed", "draw"), [(2, 1), (2, 3)])
def test_the_best_first_short_line_search_wins_alone_and_only_ever_shortens(seed: int, draw: int) -> None:
    """The ShootMe-like best-first search finds a winning line from the start on its own (its lines
    replay through the engine, cost what ShootMe's counting says), and with a line known it offers
    only shorter ones."""
    game = Klondike.new(seed=seed, draw=draw)
    search = _Search(game, 20_000)
    offered: list[int] = []
    keep = search.offer

    def offer(moves: list[tuple]) -> None:
        offered.append(search.line_cost(search.start, moves))
        keep(moves)

    search.offer = offer  # type: ignore[method-assign]
    for _ in search.cheap_first(3.0, 10_000):
        pass
    assert search.best is not None and offered
    cost, moves = search.best
    actions = solution_actions(game, moves)
    assert replay_wins(game, actions)
    assert shootme_length(game, actions) == cost
    # every line it offered beat the one before (it prunes by the best line's cost)
    assert offered == sorted(offered, reverse=True) and len(set(offered)) == len(offered)
