"""Painter back-ends: the same calls for SVG and canvas, deterministic SVG, hit testing that matches."""

from __future__ import annotations

import pytest

from gamelab.demo import Lamp, LightsOut, LightsOutPicture, LightsOutUI
from gamelab.pictures import CanvasPainter, Painter, RecordingPainter, SvgPainter


class Spy:
    """Wraps a painter's public operations to log them, then lets the painter do its work."""

    OPS = ("rect", "round_rect", "polygon", "polyline", "line", "circle", "text")

    def __init__(self, painter: Painter) -> None:
        self.log: list[tuple] = []
        for op in self.OPS:
            original = getattr(painter, op)

            def wrapper(*args, _op=op, _original=original, **kwargs):
                self.log.append((_op, args, tuple(sorted(kwargs.items()))))
                return _original(*args, **kwargs)

            setattr(painter, op, wrapper)


def test_svg_is_deterministic():
    picture, game = LightsOutPicture(), LightsOut.new(size=5, seed=3)
    assert picture.svg(game) == picture.svg(LightsOut.new(size=5, seed=3))
    assert picture.svg(game).startswith('<svg xmlns="http://www.w3.org/2000/svg" width="368" height="368"')


def test_back_ends_receive_the_same_calls():
    from ipycanvas import Canvas

    picture, game = LightsOutPicture(), LightsOut.new(size=4, seed=1)
    logs = []
    for painter in (SvgPainter(344, 344), CanvasPainter(Canvas(width=344, height=344)), RecordingPainter(344, 344)):
        spy = Spy(painter)
        picture.paint(painter, game, LightsOutUI(hint=Lamp(1, 1)))
        logs.append(spy.log)
    assert logs[0] == logs[1] == logs[2]
    assert len(logs[0]) > 16


def test_canvas_back_end_sends_shapes_and_text():
    from ipycanvas import Canvas, hold_canvas

    from gamelab.widgets.testing import CanvasMessages

    canvas = Canvas(width=100, height=50)
    with CanvasMessages() as sent:
        with hold_canvas():
            p = CanvasPainter(canvas)
            p.rect(0, 0, 10, 10, fill="red")
            p.rect(10, 0, 10, 10, fill="red")  # same style: not sent again
            p.round_rect(0, 0, 30, 20, 5, stroke="black", line_width=2)
            p.circle(50, 25, 10, fill="blue", alpha=0.5)
            p.text(50, 25, "hi", size=12, bold=True)
    assert sent.count == 1
    names = [name for name, _ in sent.commands()]
    assert names.count("fillRect") == 2 and "arcTo" in names and "fillText" in names
    assert sum(1 for name, args in sent.commands() if name == "set" and args[0] == "fill_style" or
               (name == "set" and args and args[0] == 2)) <= 3


def test_svg_escapes_text_and_validates_style():
    p = SvgPainter(10, 10)
    p.text(5, 5, "<&>")
    assert "&lt;&amp;&gt;" in p.svg()
    with pytest.raises(ValueError, match="alpha"):
        p.rect(0, 0, 1, 1, alpha=2)
    with pytest.raises(ValueError, match="align"):
        p.text(0, 0, "x", align="middle")


def test_hit_testing_topmost_and_shapes():
    p = RecordingPainter(100, 100)
    p.rect(0, 0, 100, 100, target="table")
    p.circle(50, 50, 10, target="stone")
    p.polygon([(0, 0), (20, 0), (0, 20)], target="corner")
    assert p.hit(50, 50) == "stone"
    assert p.hit(70, 70) == "table"
    assert p.hit(3, 3) == "corner"
    assert p.hit(19, 19) == "table"
    assert p.hit(150, 5) is None


def test_picture_target_at_matches_drawing():
    picture, game = LightsOutPicture(), LightsOut.new(size=5, seed=3)
    assert picture.target_at(game, 24 + 64 * 4 + 30, 24 + 30) == Lamp(0, 4)
    assert picture.target_at(game, 2, 2) is None


def test_rotation_in_every_back_end_and_in_hit_testing():
    from ipycanvas import Canvas, hold_canvas

    from gamelab.widgets.testing import CanvasMessages

    svg = SvgPainter(100, 100)
    with svg.rotated(90, 50, 50):
        svg.rect(40, 0, 20, 10, fill="red", target="bar")
    assert '<g transform="rotate(90 50 50)"><rect x="40" y="0"' in svg.svg() and svg.svg().count("</g>") == 1
    assert svg.hit(95, 50) == "bar" and svg.hit(50, 5) is None

    canvas = Canvas(width=100, height=100)
    with CanvasMessages() as sent, hold_canvas():
        painter = CanvasPainter(canvas)
        painter.rect(0, 0, 5, 5, fill="red")
        with painter.rotated(45, 10, 10):
            painter.circle(10, 10, 3, fill="red", target="dot")
        painter.rect(0, 0, 5, 5, fill="red")  # after restore() the fill is sent again
    names = [name for name, _ in sent.commands()]
    assert names.index("save") < names.index("rotate") < names.index("restore")
    assert painter.hit(10, 10) == "dot"


def test_sprites_are_painted_once_and_copied():
    from ipycanvas import Canvas, hold_canvas

    from gamelab.pictures import SpriteCache
    from gamelab.widgets.testing import CanvasMessages

    calls = []

    def badge(p, x, y):
        calls.append((x, y))
        p.circle(x + 10, y + 10, 9, fill="gold", stroke="black")
        p.text(x + 10, y + 10, "★", size=10)

    svg = SvgPainter(100, 40)
    svg.sprite("badge", 5, 5, 20, 20, badge, target="b1")
    svg.sprite("badge", 50, 5, 20, 20, badge)
    assert svg.svg().count("<circle") == 2 and svg.hit(10, 10) == "b1"

    canvas = Canvas(width=100, height=40)
    cache = SpriteCache(lambda width, height: Canvas(width=width, height=height))
    calls.clear()
    # The first frame that shows a sprite draws it in place (a frame never waits for a canvas the page
    # has not made yet) and asks for it; after the frame it is made, painted once, off screen.
    with hold_canvas():
        first = CanvasPainter(canvas, cache)
        first.sprite("badge", 5, 5.4, 20, 20, badge)
        first.sprite("badge", 30, 5.4, 20, 20, badge)
    assert calls == [(5, 5.4), (30, 5.4)] and len(cache) == 0 and list(cache.wanted) == ["badge"]
    assert cache.make_wanted() == 1 and calls[-1] == (0, 0) and len(cache) == 1 and not cache.wanted
    calls.clear()
    with CanvasMessages() as sent, hold_canvas():
        painter = CanvasPainter(canvas, cache)
        for x in (5, 30, 55, 80):
            painter.sprite("badge", x, 5.4, 20, 20, badge, target=("b", x))
    assert calls == [] and len(cache) == 1  # from then on only copied
    names = [name for name, _ in sent.commands()]
    assert names.count("drawImage") == 4 and names.count("fillText") == 0
    assert [args[1:3] for name, args in sent.commands() if name == "drawImage"][0] == [5, 5]  # whole pixels
    assert painter.hit(85, 10) == ("b", 80)
    cache.repaint()
    assert calls == [(0, 0)]


def test_board_client_ready_repaints_sprites_before_the_board():
    from gamelab.shanghai.widget import ShanghaiBoard
    from gamelab.widgets import fire
    from gamelab.widgets.testing import CanvasMessages

    board = ShanghaiBoard()
    assert len(board.sprites) == 34
    with CanvasMessages() as sent:
        fire(board.canvas, event="client_ready")
    commands = sent.commands()
    switches = [i for i, (name, _) in enumerate(commands) if name == "switchCanvas"]
    first_copy = next(i for i, (name, _) in enumerate(commands) if name == "drawImage")
    assert len(switches) >= 35 and switches[-1] < first_copy  # every sprite repainted, then the board
    assert sent.count <= 2


def test_region_is_clickable_and_draws_nothing():
    p = SvgPainter(50, 50)
    p.region(10, 10, 20, 20, target="spot")
    assert p.hit(15, 15) == "spot" and p.hit(5, 5) is None
    assert "<rect" not in p.svg()
