"""Othello as a Game: text actions, passes, transcripts, errors that change nothing, Record round trips."""

from __future__ import annotations

import pytest

from gamelab import IllegalMove, Record
from gamelab.othello import Othello, parse_transcript
from gamelab.othello.tutorial import MESSAGES

from .test_tutorial import GAME_WITH_PASS


def test_start_position() -> None:
    game = Othello.new()
    assert (game.stone_at("d5"), game.stone_at("e4"), game.stone_at("d4"), game.stone_at("e5")) == (
        "black", "black", "white", "white")
    assert game.to_move == "black"
    assert game.legal_actions() == ["d3", "c4", "f5", "e6"]
    assert str(game) == "\n".join([
        "  a b c d e f g h",
        "1 . . . . . . . .",
        "2 . . . . . . . .",
        "3 . . . . . . . .",
        "4 . . . O X . . .",
        "5 . . . X O . . .",
        "6 . . . . . . . .",
        "7 . . . . . . . .",
        "8 . . . . . . . .",
        "X black 2, O white 2; black to move",
    ])
    assert game.status() == "Black's turn." and game.status("ja") == "黒の番です。"


def test_a_move_flips_and_records_itself() -> None:
    game = Othello.new()
    game.play("F5")
    assert game.stone_at("e5") == "black" and game.last_flips == ["e5"]
    assert game.last_move == 37 and game.last_action == "f5" and game.plies == 1
    assert game.to_move == "white" and game.status() == "White's turn."


def test_transcript_replay() -> None:
    game = Othello.from_transcript("f5d6c3d3c4")
    assert game.plies == 5 and game.score() == (6, 3) and game.to_move == "white"
    assert Othello.from_transcript("f5 d6, c3 D3 c4") == game
    assert parse_transcript("f5PASSd6 pa --") == ["f5", "pass", "d6", "pass", "pass"]


@pytest.mark.parametrize("text, quoted", [("f5d6x3", "'x3' at character 5"), ("f5 d9", "'d9' at character 4"),
                                          ("f5;", "';' at character 3")])
def test_malformed_transcript_quotes_the_bad_part(text: str, quoted: str) -> None:
    game = Othello.new()
    with pytest.raises(ValueError, match=quoted):
        game.play_transcript(text)
    assert game == Othello.new() and game.plies == 0


def test_refused_transcript_changes_nothing() -> None:
    game = Othello.from_transcript("f5")
    before = game.copy()
    with pytest.raises(IllegalMove, match="transcript move 2 'a1' is refused: a1 flips nothing"):
        game.play_transcript("d6a1")
    assert game == before and game.plies == 1


def test_pass_is_an_action_and_transcripts_may_omit_it() -> None:
    moves = parse_transcript(GAME_WITH_PASS)
    game = Othello.from_transcript(GAME_WITH_PASS)
    assert game.to_move == "black" and game.must_pass
    assert game.legal_actions() == ["pass"]
    assert game.status() == MESSAGES["black_passes"][0]
    with pytest.raises(IllegalMove, match="b1 flips nothing: black has no legal move anywhere and must pass"):
        game.play("b1")
    game.play("pass")
    assert game.to_move == "white" and game.last_action == "pass" and game.last_move is None
    assert game.status("ja") == "黒は置けません。白の番です。"
    with pytest.raises(IllegalMove, match="white cannot pass: white has legal moves"):
        game.play("pass")
    # implicit and explicit passes give the same game
    implicit = Othello.from_transcript(GAME_WITH_PASS + "b1a1")
    explicit = Othello.from_transcript(" ".join(moves + ["pass", "b1", "a1"]))
    assert implicit == explicit and implicit.plies == explicit.plies == len(moves) + 3
    assert implicit.is_over and implicit.legal_actions() == []
    assert implicit.status().startswith("Game end – ")


def test_errors_name_the_problem_and_change_nothing() -> None:
    game = Othello.from_transcript("f5d6")
    before = game.copy()
    cases = {
        "e5": "e5 is taken: a black stone is already there",
        "d6": "d6 is taken: a white stone is already there",
        "a1": "a1 flips nothing: it touches no white stone",
        "d7": "d7 flips nothing: no line of white stones from d7 ends in a black stone",
        "i4": "'i4' is not a move on the board",
        "f9": "'f9' is not a move on the board",
        "": "'' is not a move on the board",
        "c3c4": "'c3c4' is several moves",
        "pass": "black cannot pass",
    }
    for action, reason in cases.items():
        with pytest.raises(IllegalMove) as info:
            game.play(action)
        assert reason in str(info.value), (action, str(info.value))
        assert game == before and game.plies == before.plies and game.last_action == before.last_action
    for index in (-1, 64):
        with pytest.raises(IllegalMove, match=f"square {index} is off the board"):
            game.play_index(index)
    with pytest.raises(IllegalMove, match="an action is text"):
        game.play(37)  # type: ignore[arg-type]


def test_moves_after_the_end_are_refused() -> None:
    game = Othello.from_transcript("e6f4e3f6g5d6e7f5c5")  # the shortest game: white is wiped out
    assert game.is_over and game.score() == (13, 0) and game.winner() == "black"
    assert game.status() == "Game end – Black wins 13–0"
    for action in ("a1", "pass"):
        with pytest.raises(IllegalMove, match="the game is over"):
            game.play(action)
    with pytest.raises(IllegalMove, match="the game is over"):
        game.play_index(0)


def test_custom_setup_and_errors() -> None:
    board = "X" + "O" * 6 + "." + "." * 56
    game = Othello.new(board=board, to_move="black")
    assert game.legal_actions() == ["h1"]
    game.play("h1")
    assert game.score() == (8, 0)
    assert Othello.new(board=board, to_move="white").setup == {"board": board, "to_move": "white"}
    with pytest.raises(ValueError, match="64 squares"):
        Othello.new(board="XO")
    with pytest.raises(ValueError, match="board square c1 holds 'Z'"):
        Othello.new(board="XOZ" + "." * 61)
    with pytest.raises(ValueError, match="'red'"):
        Othello.new(to_move="red")


def test_record_undo_save_load() -> None:
    record = Record(Othello.new())
    for action in parse_transcript(GAME_WITH_PASS) + ["pass", "b1"]:
        record.play(action)
    saved = record.to_json()
    loaded = Record.from_json(saved)
    assert loaded.game == record.game and loaded.actions == record.actions
    assert record.undo() == "b1" and record.undo() == "pass"
    assert record.game.must_pass and record.game.to_move == "black"
    with pytest.raises(ValueError, match="action 3 'a1' is refused"):
        Record.from_json(saved.replace('"d3","c3","b3"', '"d3","c3","a1"'))


def test_copy_is_independent() -> None:
    game = Othello.new()
    clone = game.copy()
    clone.play("f5")
    assert game == Othello.new() and game.plies == 0
