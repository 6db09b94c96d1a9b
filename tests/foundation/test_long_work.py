"""Long work never freezes a board, and New game or Load never throws a game away (issue 13, items 8, 10).

The board's own event loop stands in for the kernel's here (``asyncio.run``); a real kernel answering
while a solver runs is in ``test_long_work_kernel.py``.
"""

from __future__ import annotations

import asyncio

import pytest

from gamelab import Record
from gamelab.demo import Lamp
from gamelab.demo.widget import LightsOutBoard
from gamelab.klondike import Klondike
from gamelab.klondike.solver import solve
from gamelab.klondike.widget import KlondikeBoard
from gamelab.minesweeper.picture import Cell
from gamelab.minesweeper.widget import MinesweeperBoard
from gamelab.othello import Othello
from gamelab.othello.widget import OthelloBoard
from gamelab.shanghai.picture import TileAt
from gamelab.shanghai.widget import ShanghaiBoard
from gamelab.widgets import fire
from gamelab.widgets.testing import click
from tests.loops import run_loop
from tests.loops import until as _until

# The board's long work on its own (page work off the loop, Stop, the next job waiting, a cell's call at
# once) is tested in test_board_parts.py; here, each game's long work.


def test_klondike_finish_for_me_runs_in_the_background_and_plays_the_line():
    async def main():
        board = KlondikeBoard(seed=32, sound=False)  # a search of most of a second
        board.button("finish").click()  # as the page presses it
        assert board.busy == "The solver is finishing the game"
        await _until(lambda: board.busy is None)
        assert board.game.is_won and "finished the game" in board.status_line.value

    run_loop(main)


def test_a_no_guess_first_click_searches_off_the_loop_then_plays():
    async def main():
        board = MinesweeperBoard(rows=20, cols=20, mines=150, seed=77, no_guess=True, sound=False)
        board.long_work.wait = 0.0
        click(board, Cell(10, 10))
        assert board.busy == "Placing the mines so that no guess is needed" and not board.game.started
        await _until(lambda: board.busy is None, seconds=120)
        assert board.game.started and board.record.actions == ["open 10 10"]
        board.undo()
        board.redo()  # the layout is remembered: no second search
        assert board.busy is None and board.game.started

    run_loop(main)


# -- New game and Load can be undone ------------------------------------------------------------------

def test_undo_after_new_game_brings_back_the_game_and_redo_returns():
    board = LightsOutBoard(size=3, seed=0, sound=False)
    click(board, Lamp(0, 0))
    click(board, Lamp(1, 1))
    played = str(board.game)
    board.new_game()
    assert board.record.actions == [] and "Undo brings back" in board.status_line.value
    assert not board.button("undo").disabled
    board.undo()
    assert board.record.actions == ["a1", "b2"] and str(board.game) == played
    board.redo()
    assert board.record.actions == [] and board.game.setup["seed"] == 1
    board.undo()
    board.undo()  # now an ordinary undo in the old game
    assert board.record.actions == ["a1"]


def test_load_can_be_undone_and_every_replaced_game_is_kept_finished_or_not():
    board = LightsOutBoard(size=3, seed=0, sound=False)
    assert board.button("undo").disabled
    first = str(board.game)
    board.new_game()  # nothing played: the deal it replaced is kept all the same
    assert not board.button("undo").disabled
    click(board, Lamp(2, 2))
    other = Record(board.game.copy())
    board.load(other.to_json())
    assert board.record.actions == [] and "Undo brings back" in board.status_line.value
    board.undo()
    assert board.record.actions == ["c3"]
    board.undo()
    board.undo()  # past the start of that game: the first deal, as it was
    assert board.record.actions == [] and str(board.game) == first


def test_a_finished_game_is_kept_and_a_hundred_games_are_reachable_by_undo():
    from gamelab.demo.game import solve as presses_to_solve

    board = LightsOutBoard(size=3, seed=0, sound=False)
    for press in presses_to_solve(board.game):
        board.act(press)
    assert board.game.is_over
    finished = board.record.actions
    board.new_game()
    board.undo()
    assert board.record.actions == finished and board.game.is_over
    board.redo()
    for _ in range(board.kept_games + 5):
        board.new_game()
    assert len(board.history) == board.kept_games == 100
    for _ in range(board.kept_games):
        board.undo()
    assert not board.can_undo  # the oldest five are gone: the bound the README states


def test_the_look_back_slider_never_points_past_the_game():
    board = LightsOutBoard(size=3, seed=0, sound=False)
    for lamp in (Lamp(0, 0), Lamp(1, 1), Lamp(2, 2)):
        click(board, lamp)
    board.review.value = -3  # looking at the start
    assert board.reviewing and str(board.shown) != str(board.game)
    board.undo()  # leaves the review first: no IndexError, the game one action shorter
    assert not board.reviewing and board.record.actions == ["a1", "b2"]
    board.review.value = -2
    board.new_game()
    assert not board.reviewing and "New game" in board.status_line.value
    board.undo()
    board.review.value = -2
    board.redo()
    assert not board.reviewing
    board.undo()
    board.review.value = -1
    fire(board.canvas, event="key_down", key="z", shift_key=False, ctrl_key=True, meta_key=False)
    assert not board.reviewing and board.record.actions == ["a1"]
    board.review.value = -1
    board.load(Record(board.game.copy()).to_json())
    assert not board.reviewing and "loaded a game" in board.status_line.value


def test_a_closed_board_stops_its_clock_and_is_collected():
    import gc
    import weakref

    from gamelab.klondike.widget import KlondikeBoard

    refs = []

    async def main():
        board = KlondikeBoard(seed=1, sound=False)
        board.clock.start()
        task = board.clock._task
        assert task is not None and not task.done()
        refs.append(weakref.ref(board))
        board.close()
        await asyncio.sleep(0)
        assert task.cancelled() or task.done()

    run_loop(main)
    gc.collect()
    assert refs[0]() is None, [type(r).__name__ for r in gc.get_referrers(refs[0]())][:5]


def test_a_loaded_shanghai_game_is_played_at_once_and_not_ranked():
    board = ShanghaiBoard(deal=1, ranking=None, sound=False)
    record = Record(board.game.copy())
    record.play(" ".join(t.label for t in board.game.search()))
    board.load(record.to_json())
    assert board.playing and board.clock.clock.running
    a, b = board.game.search()
    click(board, TileAt(*a.position))
    click(board, TileAt(*b.position))
    assert len(board.record) == 2 and not board.ranked


def test_an_othello_game_loaded_on_the_computers_turn_goes_on():
    board = OthelloBoard(mode="vs-computer", computer="white", level=1, seed=0, sound=False)
    record = Record(Othello.new())
    record.play("f5")  # white, the computer, to move
    board.load(record.to_json())
    assert len(board.record) == 2 and board.game.to_move == "black"


def test_a_shanghai_start_can_be_undone_with_its_playing_state():
    board = ShanghaiBoard(deal=1, ranking=None, sound=False)
    board.start_problem()
    a, b = board.game.search()
    click(board, TileAt(*a.position))
    click(board, TileAt(*b.position))
    board.setting("deal_entry").value = "2"
    board.start_problem()
    assert board.game.deal_number == 2
    board.undo()
    assert board.game.deal_number == 1 and len(board.record) == 1 and board.playing


def test_klondike_new_game_with_winnable_deals_only_runs_as_long_work():
    async def main():
        board = KlondikeBoard(seed=0, winnable_only=True, sound=False)  # the search for a deal takes seconds
        board.button("new").click()  # as the page presses it
        assert board.busy == "Looking for a winnable deal"
        await _until(lambda: board.busy is None, seconds=120)
        # the first deal after 0 that the solver wins within the board's budget (which one depends on the solver)
        first = next(n for n in range(1, 50) if solve(Klondike.new(seed=n), budget=20_000).solved)
        assert board.game.setup["seed"] == first

    run_loop(main)


@pytest.mark.parametrize("make", [lambda: Klondike.new(seed=5)])
def test_a_bad_save_changes_nothing_and_says_why(make):
    board = KlondikeBoard(seed=5, sound=False)
    board.record_text.value = '{"format": "gamelab-record/1", "game": "klondike", "setup": {"position": 5}, "actions": []}'
    board.load_button.click()
    assert "cannot load" in board.status_line.value and board.game.setup["seed"] == 5


def test_a_shanghai_clear_keeps_its_time_off_the_loop_while_another_program_holds_the_ranking(tmp_path):
    import sqlite3

    from gamelab.shanghai.ranking import Ranking

    ranking = Ranking(tmp_path / "scores.sqlite3", timeout=60)
    holder = sqlite3.connect(tmp_path / "scores.sqlite3", isolation_level=None, check_same_thread=False)

    async def main():
        board = ShanghaiBoard(deal=3, ranking=ranking, player="Hato", sound=False, warn_unwinnable=False)
        board.long_work.wait = 0.0
        board.button("start").click()
        actions = board.game.construction_actions()
        for action in actions[:-1]:
            board.act(action)
        holder.execute("BEGIN IMMEDIATE")  # another program writes to the ranking and does not let go
        with board.from_page():  # the last pair, clicked: the board is cleared at once, the ranking waits beside it
            board.act(actions[-1])
        assert board.game.is_cleared and "Cleared" in board.status_line.value
        assert board.busy == "Keeping your time in the ranking"
        holder.execute("ROLLBACK")
        await _until(lambda: board.busy is None, seconds=60)
        assert board.entry is not None and "Hato" in board.panel("ranking").value

    try:
        run_loop(main)
    finally:
        holder.close()
    (entry,) = ranking.top(deal=3)
    assert entry.player == "Hato"


def test_shanghais_solver_check_runs_beside_the_game_and_never_locks_the_board():
    from gamelab.shanghai import Shanghai

    row = " ".join(["11", "..", "12", "12", "..", "13", "13"] + [".."] * 5)
    empty = [" ".join([".."] * 12)]
    text = "\n".join(["layer 0", *empty * 8, "layer 1", *empty * 8, "layer 2", " ".join(["11"] + [".."] * 11),
                      *empty * 7, "layer 3", row, *empty * 7])

    async def main():
        board = ShanghaiBoard(ranking=None, solver_nodes=500, sound=False)
        board.start(Shanghai.new(board=text))
        assert board.playing
        with board.from_page():  # as a click plays it
            board.act("3.0.2 3.0.3")
        assert board.busy is None  # the check works on a copy: nothing to refuse meanwhile
        await _until(lambda: "can no longer be cleared" in board.status_line.value, seconds=60)

    run_loop(main)
