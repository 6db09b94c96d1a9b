"""The Klondike board without a browser: events go through the canvas's message handler."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from gamelab.klondike import CardAt, Column, Foundation, Klondike, Stock, Waste
from gamelab.klondike.picture import KlondikePicture
from gamelab.klondike.widget import KlondikeBoard
from gamelab.widgets import fire
from gamelab.widgets.testing import CanvasMessages, centre_of, click
from tests.loops import run_loop

from .helpers import SMALL, position


class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def press(board: KlondikeBoard, target, *, dx: float = 0, dy: float = 0) -> None:
    x, y = centre_of(board, target)
    fire(board.canvas, event="mouse_down", x=x + dx, y=y + dy)


def drag(board: KlondikeBoard, source, to_xy: tuple[float, float]) -> None:
    """Pointer down on ``source``, two moves, up at ``to_xy``: a real drag-and-drop."""
    x, y = centre_of(board, source)
    fire(board.canvas, event="mouse_down", x=x, y=y)
    fire(board.canvas, event="mouse_move", x=x + 8, y=y + 3)
    fire(board.canvas, event="mouse_move", x=to_xy[0], y=to_xy[1])
    fire(board.canvas, event="mouse_up", x=to_xy[0], y=to_xy[1])


async def until(done, seconds: float = 120) -> None:
    deadline = time.monotonic() + seconds
    while not done():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.02)


def press_button(board, name: str) -> None:
    """Press a button as the page does, with the kernel's event loop running: long work it asks for runs on
    a thread, its answer comes back on the loop, and this waits for it."""
    async def main() -> None:
        board.button(name).click()
        await until(lambda: board.busy is None)

    run_loop(main)


@pytest.fixture
def board() -> KlondikeBoard:
    return KlondikeBoard(seed=1, now=FakeClock())


def test_stock_click_draws_and_redraws_once(board: KlondikeBoard) -> None:
    with CanvasMessages() as sent:
        click(board, Stock())
    assert board.record.actions == ["draw"] and len(board.game.waste) == 1
    assert sent.to(board.canvas) == 1
    assert board.clock.clock.running  # the clock starts on the first action


def test_click_card_then_column_moves_it(board: KlondikeBoard) -> None:
    click(board, CardAt(4, 4))  # 2♠
    assert board.ui.selected == CardAt(4, 4) and "click where it goes" in board.status_line.value
    click(board, CardAt(3, 3))  # onto 3♦
    assert board.record.actions == ["t5>t4"] and board.ui.selected is None
    assert board.sounds.played[-1] == "flip"  # a card was turned over


def test_drag_and_drop_uses_the_same_move(board: KlondikeBoard) -> None:
    target = centre_of(board, CardAt(3, 3))
    x, y = centre_of(board, CardAt(4, 4))
    fire(board.canvas, event="mouse_down", x=x, y=y)
    fire(board.canvas, event="mouse_move", x=x + 5, y=y)
    with CanvasMessages() as sent:
        fire(board.canvas, event="mouse_move", x=target[0], y=target[1])
    assert board.ui.drop == Column(3)  # the pile under the cards lights up
    assert sent.count == 1
    fire(board.canvas, event="mouse_up", x=target[0], y=target[1])
    assert board.record.actions == ["t5>t4"] and board.ui.drag is None


def test_dropping_on_no_pile_puts_the_cards_back(board: KlondikeBoard) -> None:
    before = board.game.key()
    drag(board, CardAt(4, 4), (300, 590))  # the felt below the columns
    drag(board, CardAt(4, 4), (230, 70))  # the empty space between the waste and the foundations
    assert board.game.key() == before and board.record.actions == []
    assert board.ui.drag is None and board.ui.drop is None


def test_illegal_drop_is_refused_with_the_reason(board: KlondikeBoard) -> None:
    drag(board, CardAt(0, 0), centre_of(board, CardAt(6, 6)))  # 9♠ onto K♥
    assert board.record.actions == []
    assert "9♠ cannot go on K♥: it needs a red 10" in board.status_line.value
    assert board.sounds.played[-1] == "ng"


def test_a_drop_on_another_suits_foundation_is_refused() -> None:
    clock = FakeClock()
    board = KlondikeBoard(position=position(SMALL).position_text(), now=clock)
    drag(board, CardAt(5, 2), centre_of(board, Foundation(1)))  # 3♠ onto the ♥ foundation
    assert board.record.actions == []
    assert "3♠ belongs on the ♠ foundation, not ♥" in board.status_line.value
    clock.t += 1  # a second press at once would be a double-click
    drag(board, CardAt(5, 2), centre_of(board, Foundation(0)))
    assert board.record.actions == ["t6>fs"]


def test_no_highlight_over_an_illegal_pile(board: KlondikeBoard) -> None:
    x, y = centre_of(board, CardAt(0, 0))
    fire(board.canvas, event="mouse_down", x=x, y=y)
    tx, ty = centre_of(board, CardAt(6, 6))
    fire(board.canvas, event="mouse_move", x=tx, y=ty)
    assert board.ui.drop is None and board.ui.drag is not None


def test_double_click_sends_a_card_to_its_foundation() -> None:
    clock = FakeClock()
    board = KlondikeBoard(position=position(SMALL).position_text(), now=clock)
    click(board, CardAt(5, 2))  # 3♠ (♠ foundation holds 2♠)
    clock.t += 0.2
    click(board, CardAt(5, 2))
    assert board.record.actions == ["t6>f"]
    assert board.sounds.played[-1] in ("flip", "place")


def test_slow_second_click_is_not_a_double_click() -> None:
    clock = FakeClock()
    board = KlondikeBoard(position=position(SMALL).position_text(), now=clock)
    click(board, CardAt(5, 2))
    clock.t += 2
    click(board, CardAt(5, 2))
    assert board.record.actions == []


def test_key_f_sends_the_selected_card_home_and_keys_draw_and_undo() -> None:
    board = KlondikeBoard(position=position(SMALL).position_text(), now=FakeClock())
    click(board, Waste())
    fire(board.canvas, event="key_down", key="f", shift_key=False, ctrl_key=False, meta_key=False)
    assert board.record.actions == []  # J♣ cannot go up: refused with a reason
    assert "J♣" in board.status_line.value
    fire(board.canvas, event="key_down", key="d", shift_key=False, ctrl_key=False, meta_key=False)
    assert board.record.actions == ["draw"]
    fire(board.canvas, event="key_down", key="z", shift_key=False, ctrl_key=True, meta_key=False)
    assert board.record.actions == []


def test_undo_button_restores_the_position(board: KlondikeBoard) -> None:
    start = board.game.key()
    click(board, Stock())
    click(board, CardAt(4, 4))
    click(board, CardAt(3, 3))
    board.button("undo").click()
    board.button("undo").click()
    assert board.game.key() == start


def test_hint_points_and_speaks(board: KlondikeBoard) -> None:
    board.button("hint").click()
    assert board.ui.hint_from == CardAt(4, 4) and board.ui.hint_to == Column(3)
    assert "Hint: 2♠ from column 5 onto column 4 (3♦)" in board.status_line.value


def test_auto_complete_finishes_and_the_clock_stops() -> None:
    board = KlondikeBoard(position="foundations: Q♠ K♥ K♣ J♦\nt1: K♠ Q♦\nt2: K♦", now=FakeClock())
    assert not board.button("auto").disabled
    board.button("auto").click()
    assert board.game.is_won and board.sounds.played[-1] == "win"
    assert not board.clock.clock.running
    assert board.button("new").description == "Play again"
    assert "You won" in board.status_line.value or "Auto-complete" in board.status_line.value


def test_play_again_deals_the_next_deal_with_the_draw_chosen() -> None:
    board = KlondikeBoard(seed=5, now=FakeClock())
    click(board, Stock())
    board.setting("draw_count").value = 3  # as the page does
    assert board.spec.draw_count == 3 and board.game.draw == 1  # the setting is for the next deal
    press_button(board, "new")
    assert board.game.setup == {"seed": 6, "draw": 3} and board.record.actions == []
    assert board.clock.clock.elapsed == 0


def test_winnable_only_deals_a_deal_the_solver_wins() -> None:
    board = KlondikeBoard(seed=0, now=FakeClock())
    board.setting("winnable_only").value = True
    assert board.spec.winnable_only
    press_button(board, "new")
    from gamelab.klondike.solver import solve

    assert solve(board.game, budget=20_000).solved


def test_new_games_settings_are_the_specs_and_the_widgets_follow_them() -> None:
    board = KlondikeBoard(seed=4, draw=3, winnable_only=True, now=FakeClock())
    assert board.setting("draw_count").value == 3 and board.setting("winnable_only").value
    board.set("draw_count", 1)  # a cell's calls: the widgets follow
    board.winnable_only = False
    assert board.setting("draw_count").value == 1 and not board.setting("winnable_only").value
    board.command("new")
    assert board.game.setup == {"seed": 5, "draw": 1}
    with pytest.raises(ValueError, match="draw"):
        board.set("draw_count", 9)
    assert board.spec.draw_count == 1


def test_solve_and_finish() -> None:
    board = KlondikeBoard(seed=2, now=FakeClock())
    press_button(board, "solve")
    assert "Winnable" in board.status_line.value and board.ui.hint_from is not None
    assert board.record.actions == []
    press_button(board, "finish")
    assert board.game.is_won and board.record.can_undo and "finished the game" in board.status_line.value
    assert board.button("new").description == "Play again" and board.button("solve").disabled
    board.undo()
    assert not board.game.is_won and len(board.record) > 0  # one action of the line taken back


def test_solve_and_finish_from_a_cell_run_at_once() -> None:
    board = KlondikeBoard(seed=2, now=FakeClock())
    board.finish()
    assert board.game.is_won and board.busy is None


def test_stop_ends_the_solvers_search() -> None:
    board = KlondikeBoard(seed=1, sound=False)
    board.solve_budget = 50_000_000  # deal 1 is hard: the search would run for minutes
    assert board.spec.solve_budget == 50_000_000
    label = "The solver is looking for a winning line"

    def searching() -> list[threading.Thread]:
        return [thread for thread in threading.enumerate() if thread.name == f"gamelab: {label}"]

    async def main() -> None:
        board.button("solve").click()
        await until(lambda: board.long_work.shown, 10)
        assert board.busy == label and board.button("hint").disabled  # the inputs wait
        board.stop_button.click()
        assert board.busy is None and f"Stopped: {label}." in board.status_line.value
        await until(lambda: not searching(), 10)  # the search heard Stop
        assert not board.button("hint").disabled and board.record.actions == []

    run_loop(main)


def test_moving_the_pointer_copies_and_plays_nothing(board: KlondikeBoard, monkeypatch) -> None:
    x, y = centre_of(board, CardAt(4, 4))
    fire(board.canvas, event="mouse_down", x=x, y=y)
    fire(board.canvas, event="mouse_move", x=x + 5, y=y)  # the cards lift: the engine says where they may go
    assert board.ui.drag.piles == frozenset({Column(3)})

    def refuse(*args, **kwargs):
        raise AssertionError("a move of the pointer copied or played the position")

    monkeypatch.setattr(Klondike, "copy", refuse)
    monkeypatch.setattr(Klondike, "play", refuse)
    with CanvasMessages() as sent:
        for target in (CardAt(6, 6), CardAt(3, 3), Column(0), CardAt(3, 3)):
            fire(board.canvas, event="mouse_move", x=centre_of(board, target)[0], y=centre_of(board, target)[1])
    assert board.ui.drop == Column(3) and sent.count == 4  # one frame a move, nothing else
    monkeypatch.undo()
    tx, ty = centre_of(board, CardAt(3, 3))
    fire(board.canvas, event="mouse_up", x=tx, y=ty)
    assert board.record.actions == ["t5>t4"] and board.ui.drag is None


def test_picture_targets_and_svg() -> None:
    picture = KlondikePicture()
    game = Klondike.new(seed=1)
    svg = picture.svg(game)
    assert svg.startswith("<svg") and "9" in svg and "♠" in svg
    x, y, w, h = picture.box(game, CardAt(6, 6))
    assert picture.target_at(game, x + w / 2, y + h / 2) == CardAt(6, 6)
    assert picture.target_at(game, 36, 40) == Stock()
    assert picture.target_at(game, *(v + 5 for v in picture.box(game, Foundation(2))[:2])) == Foundation(2)
    assert game._repr_svg_() == svg


def test_repr_is_short(board: KlondikeBoard) -> None:
    assert repr(board) == "<KlondikeBoard: Draw 1 · deal 1 · moves 0 · score 0>"


def key_down(board: KlondikeBoard, key: str) -> None:
    fire(board.canvas, event="key_down", key=key, shift_key=False, ctrl_key=False, meta_key=False)


def test_a_plain_click_on_a_card_sends_one_frame_and_escape_lets_go(board: KlondikeBoard) -> None:
    with CanvasMessages() as sent:
        click(board, CardAt(4, 4))
    assert sent.count == 1 and board.ui.selected == CardAt(4, 4)
    key_down(board, "Escape")
    assert board.ui.selected is None and "click where it goes" not in board.status_line.value


def test_keys_h_and_a_press_the_buttons() -> None:
    board = KlondikeBoard(position="foundations: Q♠ K♥ K♣ J♦\nt1: K♠ Q♦\nt2: K♦", now=FakeClock())
    key_down(board, "h")
    assert board.ui.hint_from is not None and "Hint:" in board.status_line.value
    key_down(board, "a")
    assert board.game.is_won and board.record.actions == ["auto"]


def test_dropping_cards_back_on_their_own_column_keeps_them_selected(board: KlondikeBoard) -> None:
    drag(board, CardAt(4, 4), centre_of(board, Column(4)))
    assert board.record.actions == [] and board.ui.selected == CardAt(4, 4) and board.ui.drag is None
