"""The board picture (targets, markers, sizes) and the lesson's exercise checkers."""

from __future__ import annotations

from gamelab.othello import Othello, board_picture
from gamelab.othello import tutorial as t
from gamelab.othello.exercises import check_check_stone, check_squares_to_edge, practice_boards
from gamelab.othello.picture import OthelloPicture
from gamelab.pictures import RecordingPainter

PICTURE = OthelloPicture()


def test_svg_is_deterministic_and_shows_markers() -> None:
    game = Othello.from_transcript("f5d6c3")
    first, second = PICTURE.svg(game, {"hints": True}), PICTURE.svg(game.copy(), {"hints": True})
    assert first == second and first.startswith("<svg")
    assert "#e0245e" in first  # the last-move dot
    assert "#ffb000" in first  # a ring on the flipped stone
    assert game._repr_svg_() == first
    without = PICTURE.svg(game, {"hints": False, "flips": False})
    assert "#ffb000" not in without


def test_click_targets_and_outside() -> None:
    game = Othello.new()
    for index in (0, 7, 27, 63):
        row, col = divmod(index, 8)
        x = PICTURE.frame + col * PICTURE.cell + 5
        y = PICTURE.frame + row * PICTURE.cell + 5
        assert PICTURE.target_at(game, x, y) == ("square", index)
    assert PICTURE.target_at(game, 3, 3) is None
    width, height = PICTURE.size(game)
    assert PICTURE.target_at(game, width / 2, height - 5) is None


def test_hints_draw_one_dot_per_legal_move() -> None:
    game = Othello.new()

    def circles(ui: dict) -> int:
        painter = RecordingPainter(*PICTURE.size(game, ui))
        PICTURE.paint(painter, game, ui)
        return sum(1 for call in painter.calls if call[0] == "circle")

    assert circles({"hints": True}) - circles({"hints": False}) == 4


def test_board_picture_of_a_tutorial_board() -> None:
    image = board_picture(t.start_board(), labels={0: "0"}, highlight=[1], score=False)
    assert repr(image) == "<OthelloPicture>" and ">0<" in image.data
    assert PICTURE.size(Othello.new(), {"score": False})[1] < PICTURE.size(Othello.new())[1]


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
