"""The tutorial's engine (STEP 7–11): edge distances, one-direction checks, flips, passes, end, result."""

from __future__ import annotations

import pytest

from gamelab.othello import tutorial as t
from gamelab.othello.bitboard import parse_square

#: A real game (random players, seed 2) in which black is stuck after white's f2 and white plays on (b1, a1).
GAME_WITH_PASS = (
    "d3c3b3e3f3c5f6g2b5c6f4a5h1f5d6e7d7e6d8c4c7b7a8b6a4f8g4b4e8a3a7g5g8c2h4g3a2h3c1d1d2e1f1f7a6h6e2b8g7c8"
    "h5g6h2h7h8g1b2f2"
)


def walk_to_edge(index: int, dr: int, dc: int) -> int:
    """Count squares to the edge by walking, the slow obvious way (rows and columns, no arithmetic tricks)."""
    row, col, n = index // 8, index % 8, 0
    while 0 <= row + dr < 8 and 0 <= col + dc < 8:
        row, col, n = row + dr, col + dc, n + 1
    return n


VECTORS = {"left": (0, -1), "right": (0, 1), "up": (-1, 0), "down": (1, 0),
           "leftup": (-1, -1), "rightup": (-1, 1), "leftdown": (1, -1), "rightdown": (1, 1)}


@pytest.mark.parametrize("index", range(64))
def test_squares_to_edge_matches_walking(index: int) -> None:
    expected = {name: walk_to_edge(index, dr, dc) for name, (dr, dc) in VECTORS.items()}
    assert t.squares_to_edge(index) == expected
    assert list(t.squares_to_edge(index)) == list(t.DIRECTIONS)


def test_step_matches_direction_vectors() -> None:
    for name, (dr, dc) in VECTORS.items():
        assert t.STEP[name] == dr * 8 + dc


def test_tutorial_down_formula_is_one_short() -> None:
    # The tutorial's parseInt(7-(index/8)) truncates 5.875 to 5 for index 9; ours says 6 (squares 17..57).
    assert int(7 - 9 / 8) == 5
    assert t.squares_to_edge(9)["down"] == 6


@pytest.mark.parametrize("bad", [-1, 64, 100])
def test_off_board_index_is_refused(bad: int) -> None:
    with pytest.raises(ValueError, match=f"index {bad} is off the board"):
        t.squares_to_edge(bad)
    with pytest.raises(ValueError, match="off the board"):
        t.TutorialGame().click(bad)


def test_check_stone_cases() -> None:
    board = t.start_board()
    f5 = parse_square("f5")
    assert t.check_stone(board, f5, "left", 5, "black", reverse=False) is True
    assert board == t.start_board()  # no flip without reverse
    assert t.check_stone(board, f5, "up", 4, "black", reverse=False) is False  # first square empty
    assert t.check_stone(board, parse_square("c5"), "right", 5, "black", reverse=False) is False  # own stone first
    assert t.check_stone(board, parse_square("c4"), "right", 5, "black", reverse=False) is True
    # a line of opponent stones running into the edge captures nothing
    board = [None] * 64
    board[5], board[6], board[7] = None, "white", "white"
    assert t.check_stone(board, 5, "right", 2, "black", reverse=False) is False
    # ... but closed by an own stone on the edge it does, and reverse flips walking back
    board[7] = "black"
    assert t.check_stone(board, 5, "right", 2, "black") is True
    assert board[6] == "black"


def test_reverse_stones_flips_only_between() -> None:
    board: t.Board = [None] * 64
    board[1:6] = ["white", "white", "white", "black", "white"]
    t.reverse_stones(board, 0, "right", 4, "black")
    assert board[:7] == [None, "black", "black", "black", "black", "white", None]


def test_place_stone_and_refusal() -> None:
    board = t.start_board()
    assert t.place_stone(board, parse_square("e6"), "black")
    assert t.count_stones(board) == (4, 1)
    before = board.copy()
    assert not t.place_stone(board, parse_square("a1"), "white")
    assert not t.place_stone(board, parse_square("e6"), "white")  # occupied
    assert board == before


def test_first_moves_and_messages() -> None:
    assert [t.legal_squares(t.start_board(), c) for c in ("black", "white")] == [[19, 26, 37, 44], [20, 29, 34, 43]]
    game = t.TutorialGame()
    assert game.message == "Black's turn."
    assert game.click(0) == "You cannot place a stone there."
    assert game.click(parse_square("f5")) == "White's turn."
    assert game.click(parse_square("d6")) == "Black's turn."
    ja = t.TutorialGame(lang="ja")
    assert ja.message == "黒の番です。"
    assert ja.click(parse_square("f5")) == "白の番です。"
    with pytest.raises(ValueError, match="'fr'"):
        t.message("black_turn", "fr")


def test_pass_message_and_game_end() -> None:
    from gamelab.othello.game import parse_transcript

    game = t.TutorialGame()
    ja = t.TutorialGame(lang="ja")
    for square in parse_transcript(GAME_WITH_PASS):
        game.click(parse_square(square))
        ja.click(parse_square(square))
    assert game.message == "Black cannot move. White's turn."
    assert ja.message == "黒は置けません。白の番です。"
    assert game.color == "white"
    game.click(parse_square("b1"))
    game.click(parse_square("a1"))
    assert game.over
    black, white = t.count_stones(game.board)
    assert black + white == 64
    expected = "Black wins" if black > white else "White wins" if white > black else "Draw"
    assert game.message == f"Game end – {expected}"
    assert game.click(parse_square("a1")) == game.message  # nothing responds after the end


def test_wipe_out_ends_the_game_before_the_board_is_full() -> None:
    game = t.TutorialGame()
    for square in ("e6", "f4", "e3", "f6", "g5", "d6", "e7", "f5", "c5"):
        game.click(parse_square(square))
    assert game.over and game.message == "Game end – Black wins"
    assert t.count_stones(game.board) == (13, 0)


def test_winner_keys() -> None:
    board: t.Board = ["black"] * 32 + ["white"] * 32
    assert t.winner(board) == "draw"
    board[40] = "black"
    assert t.winner(board) == "black_wins"
    assert t.message(t.winner(["white"] * 64), "ja") == "白の勝ち"


def test_learner_check_is_used() -> None:
    calls: list[str] = []

    def spy(board: t.Board, index: int, direction: str, max_steps: int, color: t.Color, reverse: bool = True) -> bool:
        calls.append(direction)
        return t.check_stone(board, index, direction, max_steps, color, reverse)

    game = t.TutorialGame(check=spy)
    assert game.click(parse_square("f5")) == "White's turn."
    assert calls


@pytest.mark.parametrize("depth, nodes", [(1, 4), (2, 12), (3, 56), (4, 244)])
def test_tutorial_perft(depth: int, nodes: int) -> None:
    assert t.perft(t.start_board(), "black", depth) == nodes
