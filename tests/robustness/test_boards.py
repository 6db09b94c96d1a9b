"""Boards say what went wrong instead of failing silently (issue 13: items 1, 3, 7 and 10 on the boards)."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path

from gamelab import Record
from gamelab.minesweeper.picture import Cell
from gamelab.minesweeper.widget import MinesweeperBoard
from gamelab.riichi.table import RiichiGame
from gamelab.riichi.table.widget import RiichiBoard
from gamelab.shanghai.ranking import Ranking
from gamelab.shanghai.widget import ShanghaiBoard
from gamelab.widgets.testing import click
from tests.loops import run_loop


def test_the_minesweeper_board_says_a_dense_no_guess_board_is_refused():
    board = MinesweeperBoard("expert", sound=False)
    board.setting("preset").value = "custom"  # as the page sets the New board panel
    for name, value in zip(("rows", "cols", "mines"), (16, 30, 450)):
        board.setting(name).value = value
    board.setting("no_guess").value = True
    board.start_with_settings()
    assert "a no-guess board holds at most 192 mines on 16 × 30" in board.status_line.value
    assert board.game.mines == 99


def test_the_minesweeper_board_says_when_no_layout_was_found():
    board = MinesweeperBoard(rows=3, cols=30, mines=36, seed=0, no_guess=True, sound=False)
    click(board, Cell(2, 1))
    assert "no guess-free layout" in board.status_line.value and not board.game.started


def test_a_save_that_used_to_crash_is_said_on_the_board():
    board = MinesweeperBoard("beginner", sound=False)
    board.record_text.value = ('{"format": "gamelab-record/1", "game": "minesweeper", '
                               '"setup": {"rows": 100000, "cols": 100000, "mines": 5}, "actions": []}')
    board.load_button.click()
    assert "cannot load" in board.status_line.value and "at most 100" in board.status_line.value


def test_a_shanghai_board_with_a_ranking_damaged_underneath_still_plays(tmp_path: Path):
    path = tmp_path / "scores.sqlite3"
    ranking = Ranking(path)
    board = ShanghaiBoard(deal=1, ranking=ranking, sound=False, warn_unwinnable=False)
    path.write_bytes(b"not a database any more " * 100)
    board.start_problem()  # remembers the player name: the ranking refuses, the board goes on
    assert board.playing and "damaged" in board.panel("ranking").value + board.ranking_error
    for action in board.game.construction_actions():
        board.act(action)
    assert board.game.is_cleared and "not ranked" in board.status_line.value


def test_riichi_load_runs_off_the_loop_with_a_progress_line(monkeypatch):
    record = Record(RiichiGame.new(seed=5, rules={"場数": 1}))
    while not record.game.is_over:
        record.play(record.game.legal_actions()[0])
    text = record.to_json()
    # The replay waits until the board has been looked at: on a fast machine it could otherwise end
    # before the first look, and the test would depend on the machine's speed.
    looked = threading.Event()
    from_json = Record.from_json

    def slow_from_json(cls, *args, **kwargs):
        looked.wait(10)
        return from_json(*args, **kwargs)

    monkeypatch.setattr(Record, "from_json", classmethod(slow_from_json))

    async def main():
        board = RiichiBoard(seed=1, rules={"場数": 0}, sound=False)
        board.long_work.wait = 0.0
        board.record_text.value = text
        board.load_button.click()
        assert board.busy == "Loading the saved game"
        looked.set()
        end = time.monotonic() + 60
        while board.busy is not None:
            assert time.monotonic() < end
            await asyncio.sleep(0.02)
        assert len(board.record) == len(record) and board.game.is_over

    run_loop(main)
