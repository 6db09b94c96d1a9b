"""The Othello lesson's exercise checkers (gamelab.lessons.othello) on right and wrong learner versions."""

from __future__ import annotations

from gamelab.lessons.othello import check_check_stone, check_squares_to_edge, practice_boards
from gamelab.othello import tutorial as t


def test_exercise_checkers_accept_the_reference_and_explain_mistakes() -> None:
    assert check_squares_to_edge(t.squares_to_edge).passed

    def javascript(index: int) -> dict[str, int]:
        distances = t.squares_to_edge(index)
        distances["down"] = int(7 - index / 8)
        return distances

    report = check_squares_to_edge(javascript)
    assert not report.passed and "expected" in repr(report)

    boards = practice_boards(2)
    assert len(boards) == 2 and all(len(b) == 64 for b in boards)
    assert check_check_stone(t.check_stone, boards).passed

    def no_flip(board, index, direction, max_steps, color, reverse=True):  # answers right, never flips
        return t.check_stone(board, index, direction, max_steps, color, reverse=False)

    assert not check_check_stone(no_flip, boards).passed
