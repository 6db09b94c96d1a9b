"""The play board without a browser: canvas events through the message handler, as the demo's tests do."""

from __future__ import annotations

import pytest

from gamelab.minesweeper import Cell, Face, MinesweeperBoard, ResultMessage
from gamelab.widgets import fire
from gamelab.widgets.testing import CanvasMessages, centre_of, click


class FakeTime:
    def __init__(self) -> None:
        self.t = 500.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def time():
    return FakeTime()


@pytest.fixture
def board(time):
    return MinesweeperBoard("beginner", seed=1, now=time)


def cells(board, *, mines: bool, hidden_only: bool = True):
    vm = board.game.vm
    return [vm.coords(i) for i in vm.cells
            if bool(vm.mine[i]) == mines and (not hidden_only or vm.state[i] == 0)]


def test_first_click_opens_and_redraws_once(board):
    assert board.setting("mode").disabled
    with CanvasMessages() as sent:
        click(board, Cell(5, 5))
    assert board.record.actions == ["open 5 5"]
    assert sent.to(board.canvas) == 1
    assert not board.setting("mode").disabled
    assert "mines left 10 · open mode" in board.status_line.value


def test_flag_mode_places_a_flag_and_counter_drops(board):
    click(board, Cell(5, 5))
    board.setting("mode").value = "flag"
    row, col = cells(board, mines=True)[0]
    with CanvasMessages() as sent:
        click(board, Cell(row, col))
    assert board.record.actions[-1] == f"flag {row} {col}"
    assert board.game.mines_left == 9 and "mines left 9" in board.status_line.value
    commands = sent.commands()
    assert sent.to(board.canvas) == 1
    assert ("set", [0, "#ff0000"]) in commands                          # the red flag
    assert any(name == "fillText" and args[0] == "009" for name, args in commands)   # the counter
    fire(board.canvas, event="key_down", key="f", shift_key=False, ctrl_key=False, meta_key=False)
    assert board.ui.mode == "open"
    click(board, Cell(row, col))   # a flag protects its cell in open mode
    assert board.record.actions[-1] == f"flag {row} {col}"


def test_win_by_clicking_safe_cells_then_message_starts_a_new_game(board, time):
    click(board, Cell(5, 5))
    time.t += 41.3
    for row, col in cells(board, mines=False):
        if board.game.vm.state[board.game.vm.index(row, col)] == 0:
            click(board, Cell(row, col))
    assert board.game.won
    assert "cleared in 42 s" in board.status_line.value
    assert board.sounds.played[-1] == "win"
    assert board.setting("mode").disabled
    centre_of(board, ResultMessage())
    click(board, ResultMessage())
    assert board.game.setup["seed"] == 2 and not board.game.started and board.record.actions == []


def test_loss_shows_message_and_face_restarts(board, time):
    click(board, Cell(5, 5))
    time.t += 3
    row, col = cells(board, mines=True)[0]
    click(board, Cell(row, col))
    assert board.game.lost and "blown up in 3 s" in board.status_line.value
    assert board.sounds.played[-1] == "lose"
    click(board, Cell(1, 1))   # the board no longer listens
    assert len(board.record.actions) == 2
    board.button("undo").click()
    assert not board.game.is_over
    click(board, Face())
    assert board.record.actions == [] and board.game.setup["seed"] == 2


def test_hint_and_chances(board):
    board.button("hint").click()
    assert "Any cell is safe" in board.status_line.value
    click(board, Cell(5, 5))
    board.button("hint").click()
    assert board.ui.hint is not None and "Hint" in board.status_line.value
    board.button("chances").click()
    chances = board.ui.chances
    hidden = cells(board, mines=True) + cells(board, mines=False)
    assert set(chances) == set(hidden)
    assert all(0.0 <= p <= 1.0 for p in chances.values())
    board.button("chances").click()
    assert board.ui.chances is None


def test_chord_by_clicking_a_satisfied_number(time):
    board = MinesweeperBoard("beginner", seed=4, now=time)
    click(board, Cell(5, 5))
    vm = board.game.vm
    i = next(i for i in vm.cells if vm.state[i] == 1 and vm.near[i] and any(vm.state[j] == 0 for j in vm.neighbours(i)))
    board.setting("mode").value = "flag"
    for j in vm.neighbours(i):
        if vm.mine[j]:
            click(board, Cell(*vm.coords(j)))
    board.setting("mode").value = "open"
    click(board, Cell(*vm.coords(i)))
    assert board.record.actions[-1] == "chord {} {}".format(*vm.coords(i))


def test_the_main_row_holds_the_mode_and_the_settings_are_folded(board):
    """The board, its status and its main buttons fit one screen: the open/flag radios sit among the
    buttons (labels never cut: each as wide as its words), the size and options wait folded."""
    assert board.setting("mode") in board.row.children and board.settings_button in board.row.children
    assert board.setting("mode").style.button_width == "auto"
    assert board.extras.layout.display == "none" and board.setting("preset") in board.extras.children
    assert board.button("start_with_settings") in board.extras.children
    assert list(board.row.children[-2:]) == [board.setting("mode"), board.settings_button]
    board.settings_button.value = True
    assert board.extras.layout.display == "flex" and board.settings_button.description == "New board ▴"
    # the size boxes only for a custom board
    assert all(board.setting(name).layout.display == "none" for name in ("rows", "cols", "mines"))
    board.setting("preset").value = "custom"
    assert board.preset == "custom" and all(board.setting(name).layout.display == "" for name in ("rows", "cols", "mines"))
    board.settings_button.value = False
    assert board.extras.layout.display == "none"


def test_each_board_gets_a_cell_size_that_fits_the_screen(time):
    expert = MinesweeperBoard("expert", seed=1, now=time, sound=False)
    width, height = expert.picture.size(expert.game)
    assert expert.picture.cell == 22 and width <= 900 and height <= 450
    assert MinesweeperBoard("beginner", seed=1, now=time, sound=False).picture.cell == 24
    assert MinesweeperBoard("expert", seed=1, now=time, sound=False, cell=24).picture.cell == 24  # asked for
    expert.preset = "beginner"
    expert.start_with_settings()
    assert expert.picture.cell == 24 and expert.view.size == expert.picture.size(expert.game)


def test_settings_start_a_custom_game_and_refuse_bad_ones(board):
    board.setting("preset").value = "custom"          # as the page changes the widgets
    for name, value in (("rows", 5), ("cols", 6), ("mines", 30)):
        board.setting(name).value = value
    assert (board.rows, board.cols, board.mines) == (5, 6, 30)
    board.button("start_with_settings").click()
    assert "30 mines do not fit" in board.status_line.value and board.game.rows == 9
    board.mines = 4                                    # as a cell does: the widget follows
    assert board.setting("mines").value == 4
    board.start_with_settings()
    assert (board.game.rows, board.game.cols, board.game.mines) == (5, 6, 4)
    assert board.view.size == board.picture.size(board.game)  # the canvas follows the new size
    board.preset = "intermediate"
    board.setting("no_guess").value = True
    board.start_with_settings()
    assert (board.game.rows, board.game.cols) == (16, 16)
    assert board.game.setup["no_guess"] and board.game.setup["opening"]


def test_save_and_load_round_trip(board):
    click(board, Cell(5, 5))
    saved = board.save()
    board.new_game()
    board.load(saved)
    assert board.record.actions == ["open 5 5"] and board.game.started


def test_the_red_clock_digits_follow_the_clock_only_when_the_second_changes(board, time):
    assert board.clock.interval == 0.25
    fire(board.canvas, event="client_ready")  # a page shows the board (before one does, the digits wait)
    click(board, Cell(5, 5))
    frames = board.frames
    with CanvasMessages() as sent:
        board.clock.on_tick()                       # still 0 s: nothing to redraw
        time.t += 0.5
        board.clock.on_tick()                       # 0.5 s shows as 1 s, as the tutorial rounds up
        time.t += 0.25
        board.clock.on_tick()                       # still 1 s
        time.t += 2
        board.clock.on_tick()
    assert board.frames == frames and sent.count == 2 and board.ui.seconds == 3
    digits = [args[0] for name, args in sent.commands() if name == "fillText"]
    assert digits == ["888", "001", "888", "003"]   # the unlit segments, then the time


def test_keys_and_radios_follow_the_controls(board):
    board.setting("mode").value = "flag"         # off before the first click: the radios go back
    assert board.setting("mode").value == "open" and board.ui.mode == "open"
    click(board, Cell(5, 5))
    fire(board.canvas, event="key_down", key="f", shift_key=False, ctrl_key=False, meta_key=False)
    assert board.ui.mode == "flag" and board.setting("mode").value == "flag"
    assert "flag mode" in board.status_line.value
    fire(board.canvas, event="key_down", key="p", shift_key=False, ctrl_key=False, meta_key=False)
    assert board.ui.show_chances and board.ui.chances
    fire(board.canvas, event="key_down", key="h", shift_key=False, ctrl_key=False, meta_key=False)
    assert board.ui.hint is not None and "Hint" in board.status_line.value
    with pytest.raises(ValueError, match="mode must be one of 'open', 'flag', not 'dig'"):
        board.set_mode("dig")


def test_once_a_page_shows_the_board_a_click_redraws_only_the_cells_that_changed(board):
    from gamelab.widgets.testing import SimulatedPage

    with SimulatedPage() as page:
        fire(board.canvas, event="client_ready")  # a page shows the board: it has the whole frame
        click(board, Cell(5, 5))
        frames = board.frames
        safe = next(cell for cell in cells(board, mines=False) if board.game.vm.near[board.game.vm.index(*cell)])
        with CanvasMessages() as sent:
            click(board, Cell(*safe))
        copies = [name for name, _ in sent.commands() if name == "drawImage"]
        # one cell (copied, or drawn in place the first time its face is shown), and the header
        assert board.frames == frames and sent.to(board.canvas) == 1 and len(copies) <= 1
        assert board.game.cell(*safe) != "#" and page.broken is None
        assert "clear" not in [name for name, _ in sent.commands_to(board.canvas)]  # a part, not a whole frame
        with CanvasMessages() as sent:
            fire(board.canvas, event="client_ready")  # a new page gets the whole board again
        assert sum(1 for name, _ in sent.commands() if name == "drawImage") == 81
        board.ui = board.ui.__class__(hint=Cell(*cells(board, mines=False)[0]))
        with CanvasMessages() as sent:
            board.redraw()  # the hint ring: one cell again
        assert sum(1 for name, _ in sent.commands() if name == "drawImage") == 1


def test_game_over_puts_the_radios_back_to_open_mode(board):
    click(board, Cell(5, 5))
    board.set_mode("flag")
    assert board.ui.mode == "flag" and board.setting("mode").button_style == "danger"
    board.act("open {} {}".format(*cells(board, mines=True)[0]))   # a cell's call, in flag mode
    assert board.game.lost and board.ui.mode == "open"
    assert board.setting("mode").value == "open" and board.setting("mode").disabled


def test_a_no_guess_first_click_searches_once_off_the_loop_and_stop_leaves_the_board_as_it_was(monkeypatch):
    import asyncio
    import threading

    from gamelab.minesweeper import game as game_module

    searches, kernel = [], []
    search = game_module.no_guess_mines

    def counted(*args, **kwargs):
        searches.append(threading.get_ident())
        return search(*args, **kwargs)

    monkeypatch.setattr(game_module, "no_guess_mines", counted)

    async def until(done, seconds):
        for _ in range(int(seconds / 0.02)):
            if done():
                return
            await asyncio.sleep(0.02)
        raise AssertionError("the work did not end")

    async def main():
        kernel.append(threading.get_ident())
        board = MinesweeperBoard(rows=30, cols=30, mines=300, seed=4, no_guess=True, sound=False)
        board.long_work.wait = 0.0
        click(board, Cell(15, 15))
        assert board.busy == "Placing the mines so that no guess is needed" and board.setting("mode").disabled
        board.stop()                            # cooperative: the search ends at its next checkpoint
        await until(lambda: board.busy is None, 10)
        assert not board.game.started and board.record.actions == [] and "Stopped" in board.status_line.value
        small = MinesweeperBoard(rows=20, cols=20, mines=150, seed=77, no_guess=True, sound=False)
        small.long_work.wait = 0.0
        click(small, Cell(10, 10))
        await until(lambda: small.busy is None, 120)
        assert small.game.started and small.record.actions == ["open 10 10"]
        small.undo()
        small.redo()                            # the position undo took back: no second search
        assert small.busy is None and small.game.started
        small.review.value = -1                 # looking back replays nothing either
        small.review.value = 0

    failures = []

    def kernel_thread():  # a loop of its own: the browser tests' Playwright may run one on this thread
        try:
            asyncio.run(main())
        except BaseException as exc:
            failures.append(exc)

    thread = threading.Thread(target=kernel_thread)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]
    assert len(searches) == 2 and kernel[0] not in searches  # each search once, off the kernel's thread
