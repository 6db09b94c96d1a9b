"""The board picture: targets, markers, sizes, and pictures of the tutorial engine's list boards."""

from __future__ import annotations

from gamelab.othello import Othello, OthelloUI, Square
from gamelab.othello import tutorial as t
from gamelab.othello.picture import OthelloPicture
from gamelab.pictures import RecordingPainter

PICTURE = OthelloPicture()


def test_svg_is_deterministic_and_shows_markers() -> None:
    game = Othello.from_transcript("f5d6c3")
    first, second = PICTURE.svg(game, OthelloUI(hints=True)), PICTURE.svg(game.copy(), OthelloUI(hints=True))
    assert first == second and first.startswith("<svg")
    assert "#e0245e" in first  # the last-move dot
    assert "#ffb000" in first  # a ring on the flipped stone
    assert game._repr_svg_() == first
    without = PICTURE.svg(game, OthelloUI(hints=False, flips=False))
    assert "#ffb000" not in without
    assert PICTURE.svg(game) == PICTURE.svg(game, OthelloUI())  # no interface state: the defaults


def test_click_targets_and_outside() -> None:
    game = Othello.new()
    for index in (0, 7, 27, 63):
        row, col = divmod(index, 8)
        x = PICTURE.frame + col * PICTURE.cell + 5
        y = PICTURE.frame + row * PICTURE.cell + 5
        assert PICTURE.target_at(game, x, y) == Square(index)
    assert PICTURE.target_at(game, 3, 3) is None
    width, height = PICTURE.size(game)
    assert PICTURE.target_at(game, width / 2, height - 5) is None


def test_hints_draw_one_dot_per_legal_move() -> None:
    game = Othello.new()

    def circles(ui: OthelloUI) -> int:
        painter = RecordingPainter(*PICTURE.size(game, ui))
        PICTURE.paint(painter, game, ui)
        return sum(1 for call in painter.calls if call[0] == "circle")

    assert circles(OthelloUI(hints=True)) - circles(OthelloUI(hints=False)) == 4


def test_picture_of_a_tutorial_board() -> None:
    image = PICTURE.image(Othello.from_board(t.start_board()), OthelloUI(labels={0: "0"}, highlight=[1], score=False))
    assert repr(image) == "<OthelloPicture>" and ">0<" in image.data
    assert PICTURE.size(Othello.new(), OthelloUI(score=False))[1] < PICTURE.size(Othello.new())[1]
    board = Othello.from_transcript("f5d6").board()
    assert Othello.from_board(board, "black") == Othello.from_transcript("f5d6")
