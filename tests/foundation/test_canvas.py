"""BoardCanvas: every message stands alone (reloads can never blank a board), sharp, fitted, picture pixels."""

from __future__ import annotations

import pytest
from ipycanvas import hold_canvas

from gamelab.demo import Lamp
from gamelab.demo.widget import LightsOutBoard
from gamelab.minesweeper import Cell, MinesweeperBoard
from gamelab.widgets import BoardCanvas, fire
from gamelab.widgets.testing import CanvasMessages, SimulatedPage, centre_of, click


class Time:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def boards():
    from gamelab.klondike.widget import KlondikeBoard
    from gamelab.othello.widget import OthelloBoard
    from gamelab.riichi.table.widget import RiichiBoard
    from gamelab.shanghai.widget import ShanghaiBoard

    return [LightsOutBoard(size=5, seed=1, sound=False), OthelloBoard(sound=False, level=1),
            MinesweeperBoard("beginner", seed=1, sound=False), KlondikeBoard(seed=1, sound=False),
            ShanghaiBoard(deal=7, ranking=None, sound=False), RiichiBoard(seed=1, sound=False)]


def test_the_simulated_page_breaks_as_a_browser_does_on_an_unnamed_command():
    board = LightsOutBoard(size=3, seed=0, sound=False)
    with SimulatedPage() as page:
        board.redraw()
        page.reload()
        with hold_canvas():  # drawing the way ipycanvas does by default: the canvas named only when it changes
            board.canvas.fill_rect(0, 0, 5, 5)
        assert page.broken and "no current canvas" in page.broken
        board.redraw()  # a broken page stays broken, whatever comes next
        assert page.drawn_on(board.canvas) == []


def test_a_clock_tick_during_a_reload_cannot_blank_the_board():
    """The blank Minesweeper board: its red digits, drawn by the clock's timer while a reloaded page was
    connecting, reached the new page before the board's repaint and broke the page's drawing."""
    time = Time()
    board = MinesweeperBoard("beginner", seed=1, sound=False, now=time)
    with SimulatedPage() as page:
        fire(board.canvas, event="client_ready")  # the first page
        click(board, Cell(5, 5))
        for _ in range(3):
            page.reload()  # a new page; the kernel cannot know, and still has this canvas as the current one
            time.t += 1
            board.clock.on_tick()  # the clock ticks: the digits turn before the new page's client_ready arrives
            assert page.broken is None
            fire(board.canvas, event="client_ready")
            assert page.broken is None and page.drawn_on(board.canvas).count("fillText") > 10
            click(board, Cell(1, 1) if board.game.cell(1, 1) in "#" else Cell(9, 9))
            assert page.broken is None


@pytest.mark.parametrize("board", boards(), ids=lambda b: b.spec.title)
def test_every_message_a_board_sends_names_its_canvas_first(board):
    with CanvasMessages() as sent:
        fire(board.canvas, event="client_ready")
        board.redraw()
        board.view.draw_part(lambda painter: painter.rect(0, 0, 3, 3, fill="red"))
        board.new_game()
    assert sent.count >= 3
    from gamelab.widgets.testing import decode

    for _, buffers in sent.messages:
        assert decode(buffers)[0][0] == "switchCanvas"


def test_timer_parts_wait_for_a_page():
    board = LightsOutBoard(size=3, seed=0, sound=False)
    with CanvasMessages() as sent:
        board.view.draw_part(lambda painter: painter.rect(0, 0, 3, 3, fill="red"))
    assert sent.count == 0  # no page has shown the board yet: a part has no frame to go on
    fire(board.canvas, event="client_ready")
    with CanvasMessages() as sent:
        board.view.draw_part(lambda painter: painter.rect(0, 0, 3, 3, fill="red"))
    assert sent.count == 1


def test_frames_are_drawn_at_twice_the_pixels_and_clicks_come_back_in_picture_pixels():
    board = LightsOutBoard(size=5, seed=1, sound=False)
    with CanvasMessages() as sent:
        board.redraw()
    commands = sent.commands()
    assert commands[1] == ("setTransform", [2.0, 0, 0, 2.0, 0, 0])
    x, y = centre_of(board, Lamp(2, 3))
    fire(board.canvas, event="mouse_down", x=x, y=y)  # picture pixels: fire scales them as a browser would
    assert board.record.actions == ["d3"]
    fire(board.canvas, event="mouse_down", x=2 * x, y=2 * y, raw=True)  # what the browser really sends
    assert board.record.actions == ["d3", "d3"]


def test_sprites_are_painted_at_the_boards_ratio_and_copied_pixel_for_pixel():
    from gamelab.shanghai.widget import ShanghaiBoard

    board = ShanghaiBoard(deal=7, ranking=None, sound=False)
    with CanvasMessages() as sent:
        board.redraw()
    copies = [args for name, args in sent.commands() if name == "drawImage"]
    sprite = board.sprites._entries[next(iter(board.sprites._entries))][0]
    assert sprite.width > 40 * 2 - 1  # a tile is about 40 picture pixels wide
    for _, x, y, w, h in copies:
        assert (2 * x).is_integer() and (2 * y).is_integer() and w * 2 == int(w * 2)


def test_a_tall_picture_is_shown_at_most_600_px_high():
    view = BoardCanvas(660, 706)
    assert view.canvas.layout.max_width == f"{660 * 600 / 706:.0f}px"
    assert BoardCanvas(300, 200).canvas.layout.max_width == "300px"
    assert BoardCanvas(660, 706, max_height=None).canvas.layout.max_width == "660px"
