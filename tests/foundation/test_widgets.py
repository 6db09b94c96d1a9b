"""PlayBoard without a browser: events through the canvas message handler, one message per redraw."""

from __future__ import annotations

import pytest

from gamelab.demo import Lamp
from gamelab.demo.widget import LightsOutBoard
from gamelab.widgets import Clock, fire, format_seconds, format_seconds_with_ms, synthesize
from gamelab.widgets.testing import CanvasMessages, click


@pytest.fixture
def board():
    return LightsOutBoard(size=5, seed=1)


def test_click_plays_action_and_redraws_once(board):
    before = board.game.lit_count
    with CanvasMessages() as sent:
        click(board, Lamp(2, 2))
    assert board.record.actions == ["c3"]
    assert board.game.lit_count != before
    assert sent.count == 1
    names = [name for name, _ in sent.commands()]
    assert names[0] == "switchCanvas" or "clear" in names
    assert "1 press<" in board.status_line.value


def test_click_outside_targets_does_nothing(board):
    with CanvasMessages() as sent:
        fire(board.canvas, event="mouse_down", x=3, y=3)
        fire(board.canvas, event="mouse_up", x=3, y=3)
    assert board.record.actions == [] and sent.count == 0


def test_undo_redo_buttons_and_keys(board):
    click(board, Lamp(0, 0))
    assert not board.button("undo").disabled
    board.button("undo").click()
    assert board.record.actions == [] and board.button("undo").disabled
    board.button("redo").click()
    assert board.record.actions == ["a1"]
    fire(board.canvas, event="key_down", key="z", shift_key=False, ctrl_key=True, meta_key=False)
    assert board.record.actions == []


def test_refused_action_shows_reason_and_ng_sound(board):
    board.act("q1")
    assert "not a cell" in board.status_line.value and "#b00020" in board.status_line.value
    assert board.sounds.played[-1] == "ng"
    assert board.record.actions == []


def test_client_ready_forces_switch_canvas_and_full_redraw(board):
    board.canvas._canvas_manager._current_canvas = board.canvas  # as if this canvas was drawn last
    with CanvasMessages() as sent:
        fire(board.canvas, event="client_ready")
    assert sent.count == 1
    assert sent.commands()[0][0] == "switchCanvas"


def test_save_load_and_bad_load_changes_nothing(board):
    click(board, Lamp(1, 1))
    click(board, Lamp(3, 3))
    saved = board.save()
    board.new_game()
    board.load(saved)
    assert board.record.actions == ["b2", "d4"]
    with pytest.raises(ValueError):
        board.load('{"format": "gamelab-record/1", "game": "lights-out", "setup": {"size": 5, "seed": 1}, "actions": ["zz"]}')
    assert board.record.actions == ["b2", "d4"]
    board.record_text.value = "garbage"
    board.record_panel.children[0].children[0].children[1].click()  # the Load button
    assert "cannot load" in board.status_line.value


def test_review_slider_shows_earlier_position(board):
    click(board, Lamp(0, 0))
    click(board, Lamp(4, 4))
    board.review.value = -2
    assert board.reviewing and str(board.shown) == str(board.record.start)
    board.review.value = -1
    assert str(board.shown) == str(list(board.record.replay())[1][1])
    fire(board.canvas, event="mouse_down", x=100, y=100)  # a click while reviewing returns to the game
    assert board.review.value == 0 and board.record.actions == ["a1", "e5"]
    click(board, Lamp(2, 2))  # and the next click plays
    assert board.record.actions == ["a1", "e5", "c3"] and board.review.min == -3


def test_win_plays_sound_and_stops_clock():
    t = [0.0]
    board = LightsOutBoard(size=3, seed=5, now=lambda: t[0])
    from gamelab.demo import solve

    presses = solve(board.game)
    for cell in presses:
        t[0] += 1.5
        board.act(cell)
    assert board.game.is_over and "Solved" in board.status_line.value
    assert board.sounds.played[-1] == "win"
    assert not board.clock.clock.running
    assert board.clock.clock.elapsed == pytest.approx(1.5 * (len(presses) - 1))


def test_hint_marks_a_cell(board):
    board.button("hint").click()
    assert board.ui.hint is not None and "Hint: press" in board.status_line.value


def test_canvas_fits_the_cell_and_is_sharp(board):
    width, height = board.picture.size(board.game, board.ui)
    # as wide as the cell, up to the picture's width; the height follows the width
    assert board.canvas.layout.width == "100%" and board.canvas.layout.max_width == f"{width}px"
    assert board.canvas.layout.height == "auto"
    # backing store at twice the picture's pixels: sharp at device pixel ratio 2
    assert (board.canvas.width, board.canvas.height) == (2 * width, 2 * height)


def test_repr_is_short_and_stable(board):
    assert repr(board) == "<LightsOutBoard: 11 lights on · 0 presses>"


def test_sound_mute_and_volume(board):
    board.sounds.mute.value = True
    board.act("a1")
    assert board.sounds.audio.value == b""
    board.sounds.mute.value = False
    board.act("a2")
    first = board.sounds.audio.value
    board.act("a3")
    assert board.sounds.audio.value != first  # the same effect twice still changes the value: it replays
    assert synthesize("click", 0.2) != synthesize("click", 0.8)
    with pytest.raises(ValueError, match="unknown sound effect"):
        synthesize("boing")


def test_clock_formats():
    assert format_seconds(3599) == "59:59"
    assert format_seconds_with_ms(61.005) == "1 min 01 s 005"
    assert format_seconds_with_ms(61.005, japanese=True) == "1 分 01 秒 005"
    t = [0.0]
    clock = Clock(now=lambda: t[0])
    clock.start()
    t[0] = 2
    clock.stop()
    t[0] = 5
    clock.start()
    t[0] = 6
    assert clock.elapsed == 3


def test_every_message_names_its_canvas_first_even_a_clock_part(board):
    """The blank board after a reload: a message that does not name its canvas breaks a fresh page."""
    from gamelab.widgets.testing import CanvasMessages

    other = LightsOutBoard(size=3, seed=2, sound=False)
    fire(board.canvas, event="client_ready")  # a page shows the board (before one does, parts wait)
    board.canvas._canvas_manager._current_canvas = board.canvas  # this canvas was drawn last
    for draw in (board.redraw, lambda: board.view.draw_part(lambda p: p.rect(0, 0, 5, 5, fill="red"))):
        with CanvasMessages() as sent:
            draw()
        assert sent.count == 1
        assert sent.commands()[0][0] == "switchCanvas", sent.commands()[:2]
    other.redraw()
