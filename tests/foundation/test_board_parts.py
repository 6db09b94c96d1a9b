"""The one board and its parts (issue 41, points 1–2): a game gives it a spec, never a subclass; long work is
started by the page or run now for a cell, chosen by the caller; Stop is cooperative and the next job waits.

The board's own event loop stands in for the kernel's here (``asyncio.run`` on a thread); ``fire`` and a
button's ``click()`` arrive the way the page's messages do.
"""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from gamelab.controls import Response
from gamelab.demo import Lamp
from gamelab.demo.widget import LightsOutBoard, LightsOutSpec
from gamelab.widgets import BoardSpec, PlayBoard, Work
from gamelab.widgets.testing import click
from gamelab.work import checkpoint
from tests.loops import run_loop
from tests.loops import until as _until


def _counting(progress):
    """Work that never ends by itself, but looks at Stop (through ``checkpoint``) as an engine's loop does."""
    n = 0
    while True:
        n += 1
        if n % 1000 == 0:
            checkpoint()


def test_a_game_never_subclasses_the_board():
    with pytest.raises(TypeError, match="BoardSpec"):
        class MyBoard(PlayBoard):  # noqa: F841  (the point is that the class statement fails)
            pass
    with pytest.raises(ValueError, match="spec"):
        PlayBoard("lights out")
    board = LightsOutBoard(size=3, seed=0, sound=False)
    assert type(board) is PlayBoard and isinstance(board.spec, LightsOutSpec) and board.spec.board is board
    assert repr(board).startswith("<LightsOutBoard: ")
    board.hint()  # a spec's button, found by its name
    assert board.ui.hint is not None
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        board.nonsense  # noqa: B018


def test_page_work_runs_off_the_loop_locks_every_input_and_stops_cooperatively():
    async def main():
        board = LightsOutBoard(size=3, seed=0)
        ended = []
        with board.from_page():
            board.run_work(Work("Counting forever", _counting, lambda result, game, ui: ended.append(result)))
        assert board.busy == "Counting forever" and board.work_box.layout.display == "flex"
        # every input that could change what the work reads waits: buttons, Load, the slider, the record box
        for widget in (board.button("new"), board.button("hint"), board.load_button, board.review, board.record_text):
            assert widget.disabled, widget
        assert not board.stop_button.disabled and not board.sounds.volume.disabled
        for _ in range(5):  # the event loop keeps running while the work does
            await asyncio.sleep(0.03)
        click(board, Lamp(1, 1))  # a move would race the work: refused, nothing changes
        assert board.record.actions == [] and "Please wait" in board.status_line.value
        thread = next(t for t in threading.enumerate() if t.name == "gamelab: Counting forever")
        board.stop_button.click()
        assert board.busy is None and "Stopped: Counting forever" in board.status_line.value
        assert not board.button("new").disabled and not board.review.disabled
        thread.join(5)
        assert not thread.is_alive() and ended == []  # it heard Stop at its next check; its result is dropped
        click(board, Lamp(1, 1))
        assert board.record.actions == ["b2"]

    run_loop(main)


def test_the_next_job_waits_until_the_stopped_one_has_ended():
    async def main():
        board = LightsOutBoard(size=3, seed=0, sound=False)
        events = []

        def deaf(progress):  # a C call, say: it cannot look at Stop until it returns
            events.append("deaf starts")
            time.sleep(0.5)
            events.append("deaf ends")
            return "deaf"

        def next_job(progress):
            events.append("next starts")
            return "next"

        with board.from_page():
            board.run_work(Work("Deaf work", deaf, lambda result, game, ui: events.append(result)))
        board.stop()
        with board.from_page():
            board.run_work(Work("Next work", next_job, lambda result, game, ui: events.append(result)))
        await _until(lambda: "next" in events)
        assert events == ["deaf starts", "deaf ends", "next starts", "next"]  # never side by side; "deaf" dropped

    run_loop(main)


def test_the_caller_chooses_a_cells_call_runs_at_once_even_inside_a_running_loop():
    async def main():
        board = LightsOutBoard(size=3, seed=0, sound=False)
        seen = []

        def slow(progress):
            time.sleep(0.2)
            return threading.current_thread().name

        board.run_work(Work("Slow", slow, lambda name, game, ui: seen.append(name)))
        assert seen == [threading.current_thread().name] and board.busy is None  # done on the cell's own line
        with pytest.raises(ValueError, match="invalid literal"):  # a cell sees the work's error itself
            board.run_work(Work("Failing", lambda progress: int("x"), lambda r, g, u: None))
        with board.from_page():
            board.run_work(Work("Failing", lambda progress: (time.sleep(0.3), int("x")), lambda r, g, u: None))
        await _until(lambda: board.busy is None)
        assert "Failing failed" in board.status_line.value  # said on the board, never lost on a thread

    run_loop(main)


def test_quick_page_work_ends_at_once_and_outside_a_loop_everything_runs_at_once():
    async def main():
        board = LightsOutBoard(size=3, seed=0, sound=False)
        seen = []
        with board.from_page():
            board.run_work(Work("Quick", lambda progress: 42, lambda result, game, ui: seen.append(result)))
        assert seen == [42] and board.busy is None and board.work_box.layout.display == "none"

    run_loop(main)
    board = LightsOutBoard(size=3, seed=0, sound=False)
    seen = []
    with board.from_page():
        board.run_work(Work("Work", lambda progress: "done", lambda result, game, ui: seen.append(result)))
    assert seen == ["done"]


def test_a_works_answer_is_carried_out_on_the_game_of_the_moment():
    board = LightsOutBoard(size=3, seed=0, sound=False)
    board.respond(Response(work=Work("Pressing", lambda progress: ("a1", "b2"),
                                     lambda line, game, ui: Response(line=line, message="two presses"))))
    assert board.record.actions == ["a1", "b2"] and "two presses" in board.status_line.value


def test_one_click_is_one_frame():
    board = LightsOutBoard(size=3, seed=0, sound=False)
    board.view.pages = 1  # a page has shown the board
    before = board.frames
    click(board, Lamp(1, 1))
    assert board.frames == before + 1


def test_a_spec_with_the_defaults_plays_through_its_controls():
    from gamelab.demo import LightsOut
    from gamelab.demo.picture import LightsOutPicture, LightsOutUI

    class Bare(BoardSpec):
        title = "BareBoard"
        picture = LightsOutPicture()

        def first_game(self):
            return LightsOut.new(size=3, seed=4)

        def make_ui(self, game):
            return LightsOutUI()

        def click(self, game, ui, target):
            return Response.play(game.lamp_name(target.row, target.col)) if isinstance(target, Lamp) else None

    board = PlayBoard(Bare(), sound=False)
    click(board, Lamp(0, 0))
    assert board.record.actions == ["a1"] and repr(board).startswith("<BareBoard")
    board.new_game()
    board.undo()
    assert board.record.actions == ["a1"]
    with pytest.raises(ValueError, match="BareBoard has no argument 'hue'"):
        PlayBoard(Bare(), hue="red")


def test_a_setting_set_through_the_board_is_the_specs():
    board = LightsOutBoard(size=3, seed=0, sound=False)
    board.seed = 41  # the spec's: New game deals the next seed from there
    assert board.spec.seed == 41 and "seed" not in board.__dict__
    board.new_game()
    assert board.game.setup["seed"] == 42


def test_a_specs_settings_are_shown_folded_kept_in_step_and_set_by_the_page():
    from dataclasses import dataclass

    from gamelab.demo import LightsOut
    from gamelab.demo.picture import LightsOutPicture
    from gamelab.widgets import Setting

    @dataclass(frozen=True)
    class UI:
        hint: object = None
        dots: bool = True

    class Tuned(BoardSpec):
        title = "TunedBoard"
        picture = LightsOutPicture()
        settings = (Setting("size", "Size", choices=(("3 × 3", 3), ("5 × 5", 5))),
                    Setting("dots", "Dots", in_ui=True),
                    Setting("seed", "Seed", shown=lambda spec: spec.size == 5))
        size, seed, heard = 3, 0, []

        def first_game(self):
            return LightsOut.new(size=self.size, seed=self.seed)

        def make_ui(self, game):
            return UI()

        def changed(self, name, game, ui):
            self.heard.append(name)
            return Response(message=f"{name} changed")

    board = PlayBoard(Tuned(), sound=False)
    assert board.extras.layout.display == "none" and board.settings_button.description == "Settings ▾"
    board.show_settings()
    assert board.extras.layout.display == "flex" and board.settings_button.description == "Settings ▴"
    assert board.setting("seed").layout.display == "none"  # shown only for 5 × 5
    board.setting("size").value = 5  # as the page changes it
    assert board.spec.size == 5 and board.spec.heard == ["size"] and "size changed" in board.status_line.value
    assert board.setting("seed").layout.display == ""
    board.setting("dots").value = False
    assert board.ui.dots is False
    board.spec.seed = 9  # the state changes: the widget follows at the next refresh, and is not "changed"
    board.refresh()
    assert board.setting("seed").value == 9 and board.spec.heard == ["size", "dots"]


def test_a_spec_may_refuse_an_undo_and_put_its_board_beside_a_column():
    class Careful(LightsOutSpec):
        title = "CarefulBoard"
        side = (280, 400)

        def undoing(self, game, ui):
            if game.presses > 1:
                return Response.refuse("only the last press can be taken back")
            return None

    board = PlayBoard(Careful(3, 0), sound=False)
    (row,) = board.children
    picture, column = row.children
    assert picture is board.view.box and column.layout.min_width == "280px" and board.status_line in column.children[0].children
    click(board, Lamp(0, 0))
    click(board, Lamp(1, 1))
    board.undo()
    assert board.record.actions == ["a1", "b2"] and "only the last press" in board.status_line.value


def test_settings_are_checked_by_kind_and_never_hide_a_hook():
    from dataclasses import dataclass

    from gamelab.demo import LightsOut
    from gamelab.demo.picture import LightsOutPicture
    from gamelab.widgets import Setting

    class Tuned(BoardSpec):
        picture = LightsOutPicture()
        settings = (Setting("wrap", "Wrap around"), Setting("count", "Count", low=1, high=9))
        wrap, count = False, 3

        def first_game(self):
            return LightsOut.new(size=3, seed=0)

        def make_ui(self, game):
            return LightsOutUIish()

    @dataclass(frozen=True)
    class LightsOutUIish:
        hint: object = None

    board = PlayBoard(Tuned(), sound=False)
    with pytest.raises(ValueError, match="wrap"):
        board.set("wrap", "yes")
    with pytest.raises(ValueError, match="count"):
        board.count = 10
    assert board.spec.wrap is False and board.spec.count == 3
    with pytest.raises(AttributeError, match="methods"):
        board.after = 3  # a hook of the spec, not a setting: never replaced through the board

    class Clashing(Tuned):
        settings = (Setting("after", "After"),)
        after = 1

    with pytest.raises(TypeError, match="may not be called 'after'"):
        PlayBoard(Clashing(), sound=False)


def test_a_warning_may_be_red_and_silent():
    board = LightsOutBoard(size=3, seed=0)
    board.respond(Response(message="careful", error=True, sound=""))
    assert "careful" in board.status_line.value and "#b00020" in board.status_line.value
    assert board.sounds.played == []
    board.respond(Response(message="no", error=True))
    assert board.sounds.played == ["ng"]


def test_a_games_settings_state_and_commands_are_reached_through_the_board():
    """``board.set_<setting>(v)`` and ``board.<setting> = v`` change a setting as its widget would (checked,
    shown); the interface state's fields read as the board's but are changed only by the controls."""
    from gamelab.minesweeper.widget import MinesweeperBoard
    from gamelab.othello.widget import OthelloBoard

    board = OthelloBoard(sound=False)
    board.hints = False  # a setting kept in the interface state
    assert board.ui.hints is False and board.setting("hints").value is False and board.hints is False
    board.set_level(2)
    assert board.level == 2 and board.setting("level").value == 2
    with pytest.raises(ValueError, match="level must be one of"):
        board.set_level(0)
    with pytest.raises(AttributeError, match="interface state"):
        board.note = "black_passes"
    mines = MinesweeperBoard("beginner", seed=1, sound=False)
    mines.set_mode("flag")  # off before the first click: ignored, as the page's toggle is
    assert mines.mode == "open" and mines.setting("mode").disabled
    mines.act("open 5 5")
    mines.set_mode("flag")
    assert mines.mode == "flag" and mines.setting("mode").button_style == "danger"
