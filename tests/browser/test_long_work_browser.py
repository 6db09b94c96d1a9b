"""Boards in a real browser while long work runs, and games loaded into them (issue 13, items 8 and 10).

A click on Finish for me, on a no-guess board's first cell or on Load starts long work in the kernel;
the page keeps working: the progress line counts the seconds, a move is refused with a word, Stop
ends the work. Every test's page also carries the kernel watch (tests/browsing.py), whose figures
the test run prints at the end.
"""

from __future__ import annotations

from playwright.sync_api import expect

from gamelab import Record
from gamelab.klondike import Klondike, Stock
from gamelab.klondike.picture import KlondikePicture
from gamelab.minesweeper import MinesweeperPicture
from gamelab.minesweeper.widget import fitting_cell
from gamelab.shanghai import Shanghai
from tests.browsing import click_canvas, open_board, screenshot

KLONDIKE = ("from gamelab.klondike.widget import KlondikeBoard\n"
            "board = KlondikeBoard(seed=1, sound=False)\n"
            "board.solve_budget = 50_000_000  # deal 1 is hard: the search would take many minutes\n"
            "board")


def test_finish_for_me_shows_its_progress_refuses_moves_and_stops(page, voila):
    canvas = open_board(page, voila([KLONDIKE]))
    status = page.locator(".gamelab-status").first
    work = page.locator(".gamelab-work").first
    page.locator(".gamelab-button-finish").first.click()
    expect(work).to_contain_text("The solver is finishing the game", timeout=10_000)
    expect(work).to_contain_text(" 2 s", timeout=15_000)  # the line counts while the kernel works
    picture = KlondikePicture()
    x, y, w, h = picture.box(Klondike.new(seed=1), Stock())
    click_canvas(canvas, x + w / 2, y + h / 2)  # a move would race the search: refused, with a word
    expect(status).to_contain_text("Please wait", timeout=10_000)
    screenshot(page.locator(".gamelab-board").first, "klondike_finishing.png")
    page.locator(".gamelab-button-stop").first.click()
    expect(status).to_contain_text("Stopped: The solver is finishing the game", timeout=10_000)
    expect(work).to_be_hidden(timeout=10_000)
    click_canvas(canvas, x + w / 2, y + h / 2)
    expect(status).to_contain_text("moves 1", timeout=10_000)
    assert not page.errors, page.errors


def test_a_no_guess_first_click_on_a_big_board_searches_with_a_progress_line(page, voila):
    app = ("from gamelab.minesweeper import MinesweeperBoard\n"
           "board = MinesweeperBoard(rows=30, cols=30, mines=300, seed=4, no_guess=True, sound=False)\nboard")
    canvas = open_board(page, voila([app]))
    status = page.locator(".gamelab-status").first
    x, y, s = MinesweeperPicture(fitting_cell(30, 30)).cell_box(15, 15)  # the board's own cell size
    click_canvas(canvas, x + s / 2, y + s / 2)
    expect(page.locator(".gamelab-work").first).to_contain_text("Placing the mines", timeout=10_000)
    expect(status).to_contain_text("mines left", timeout=180_000)
    assert not page.errors, page.errors


def test_a_loaded_shanghai_game_is_played_at_once_without_start(page, voila):
    game = Shanghai.new(deal=1)
    record = Record(game)
    first, second = game.search()
    record.play(f"{first.label} {second.label}")
    app = ("from gamelab.shanghai.widget import ShanghaiBoard\n"
           "board = ShanghaiBoard(deal=1, ranking=None, sound=False)\n"
           f"board.record_text.value = {record.to_json()!r}\nboard")
    canvas = open_board(page, voila([app]))
    status = page.locator(".gamelab-status").first
    page.get_by_text("Record: save, load, review").click()
    page.get_by_role("button", name="Load ↑").click()
    expect(status).to_contain_text("loaded a game of 1 action", timeout=15_000)
    after = Shanghai.new(deal=1)
    after.play(record.actions[0])
    a, b = after.search()
    for tile in (a, b):  # no Start needed: the loaded game is playing
        click_canvas(canvas, tile.left + 18, tile.top + 25)
    expect(status).to_contain_text("132 tiles left", timeout=15_000)
    assert not page.errors, page.errors
