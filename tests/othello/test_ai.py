"""Computer players: legal, reproducible from a seed, stronger when they search more."""

from __future__ import annotations

import pytest

from gamelab.othello import Othello
from gamelab.othello.ai import (
    LEVELS,
    AlphaBetaPlayer,
    GreedyPlayer,
    PositionalPlayer,
    RandomPlayer,
    evaluate,
    evaluation_trace,
    play_game,
    player_for_level,
    search,
    tournament,
)

from .test_tutorial import GAME_WITH_PASS


def test_every_player_finishes_a_game_legally() -> None:
    players = [RandomPlayer(1), GreedyPlayer(2), PositionalPlayer(3), AlphaBetaPlayer(node_limit=300, seed=4)]
    for black in players:
        for white in players[::-1]:
            final = play_game(black, white)
            assert final.is_over and sum(final.score()) <= 64


def test_players_pass_when_they_must() -> None:
    game = Othello.from_transcript(GAME_WITH_PASS)
    assert game.must_pass
    for player in (RandomPlayer(0), GreedyPlayer(0), PositionalPlayer(0), AlphaBetaPlayer(node_limit=100)):
        assert player.choose(game) == "pass"


def test_same_seed_same_game() -> None:
    def game(seed: int) -> tuple[int, int]:
        return play_game(AlphaBetaPlayer(node_limit=400, seed=seed), GreedyPlayer(seed=seed)).score()

    assert game(7) == game(7)
    first = play_game(RandomPlayer(5), RandomPlayer(6))
    again = play_game(RandomPlayer(5), RandomPlayer(6))
    assert first == again


def test_node_limit_is_respected_and_deterministic() -> None:
    results = [search(Othello.new(), node_limit=3000) for _ in range(2)]
    assert results[0].move == results[1].move and results[0].depth == results[1].depth
    assert results[0].nodes <= 3001 and results[0].depth >= 4


def test_search_solves_an_endgame() -> None:
    # White has just h1 (which flips the whole top row) and wins by taking it.
    board = "OXXXXXX." + "OOOOOOOO" * 7
    game = Othello.new(board=board, to_move="white")
    result = search(game, max_depth=10)
    assert result.move == "h1" and result.solved and result.score > 10_000


def plain_negamax(player: int, opponent: int, depth: int) -> int:
    """Minimax without pruning, scored like the search, to check that pruning changes no score."""
    from gamelab.othello.ai import MOBILITY, final_score, positional_score
    from gamelab.othello.bitboard import legal_moves, move, squares

    moves = legal_moves(player, opponent)
    if not moves:
        if not legal_moves(opponent, player):
            return final_score(player, opponent)
        return -plain_negamax(opponent, player, depth)
    if depth == 0:
        return positional_score(player, opponent) + MOBILITY * (moves.bit_count() - legal_moves(opponent, player).bit_count())
    return max(-plain_negamax(*move(player, opponent, s)[::-1], depth - 1) for s in squares(moves))


@pytest.mark.parametrize("transcript", ["", "f5d6c3", "f5f6e6f4e3c5c4", "e6f4e3f6g5d6e7"])
def test_alpha_beta_scores_equal_plain_minimax(transcript: str) -> None:
    game = Othello.from_transcript(transcript)
    for depth in (1, 2, 3):
        result = search(game, max_depth=depth)
        player, opponent = game.sides()
        assert result.score == plain_negamax(player, opponent, depth)


def test_greedy_takes_the_most_stones() -> None:
    board = "XOO." + "...." + "." * 8 + "XO......" + "." * 40
    game = Othello.new(board=board, to_move="black")
    assert GreedyPlayer(0).choose(game) == "d1"


def test_levels() -> None:
    assert sorted(LEVELS) == [1, 2, 3, 4, 5, 6]
    for level in LEVELS:
        assert player_for_level(level, seed=0).name
    with pytest.raises(ValueError, match="level 9 does not exist"):
        player_for_level(9)
    with pytest.raises(ValueError, match="searches forever"):
        AlphaBetaPlayer()


def test_tournament_table_and_strength() -> None:
    result = tournament(AlphaBetaPlayer(node_limit=800, seed=1), RandomPlayer(seed=2), games=6, seed=3)
    rows = result.rows()
    assert [r["games"] for r in rows] == [6, 6]
    assert rows[0]["wins"] == rows[1]["losses"] and rows[0]["draws"] == rows[1]["draws"]
    assert rows[0]["wins"] >= 5  # searching beats random play
    colors = [color for color, _, _ in result.results]
    assert colors == ["black", "white"] * 3
    text = result.table()
    assert text.splitlines()[0].startswith("player") and "alpha-beta 800 nodes" in text
    assert "<table>" in result._repr_html_()
    with pytest.raises(ValueError, match="at least one game"):
        tournament(RandomPlayer(), RandomPlayer(), games=0)


def test_evaluation_trace() -> None:
    trace = evaluation_trace("e6f4e3f6g5d6e7f5c5", node_limit=200)
    assert len(trace) == 10 and trace[0] == pytest.approx(trace[0])
    assert trace[-1] == 1300  # black wins 13-0: the margin x 100
    passing = evaluation_trace(GAME_WITH_PASS + "b1", node_limit=100)
    assert len(passing) == len(GAME_WITH_PASS) // 2 + 3  # the start, each move, the pass, b1
    assert evaluate(Othello.new()) == 0
