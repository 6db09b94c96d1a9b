"""The start-here demo board in a real browser: drawn, clickable, and redrawn after a page reload."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from gamelab.demo import LightsOut, LightsOutPicture, solve
from tests.browsing import click_canvas, open_board, pixel, screenshot, wait_painted

BOARD = "from gamelab.demo.widget import LightsOutBoard\nboard = LightsOutBoard(size=5, seed=1)\nboard"
PICTURE = LightsOutPicture()


def lamp_centre(row: int, col: int) -> tuple[float, float]:
    return PICTURE.margin + col * PICTURE.cell + PICTURE.cell / 2, PICTURE.margin + row * PICTURE.cell + PICTURE.cell / 2


def is_lit(rgba: list[int]) -> bool:
    return rgba[0] > 200 and rgba[1] > 150 and rgba[2] < 120  # amber lamp


def run_all_in_lab(page, cells: int):
    """Wait for JupyterLab's kernel and the notebook's cells, run them all, and return the first board."""
    page.locator(".jp-StatusBar-Widget").get_by_text("Idle").first.wait_for(timeout=90_000)
    page.wait_for_function("n => window.jupyterapp && document.querySelectorAll('.jp-Notebook .jp-Cell').length >= n",
                           arg=cells, timeout=60_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    canvas = page.locator(".jp-OutputArea-output canvas").first
    canvas.wait_for(state="visible", timeout=60_000)
    return canvas


def save_and_reload_lab(page):
    """Save the notebook (its outputs hold the board's view), reload the page, return the board again.

    The kernel lives on: only the board's client-ready redraw can repaint it.
    """
    page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
    time.sleep(1.0)
    page.reload()
    canvas = page.locator(".jp-OutputArea-output canvas").first
    canvas.wait_for(state="visible", timeout=60_000)
    return canvas


def test_voila_board_is_drawn_and_a_click_changes_it(page, voila):
    canvas = open_board(page, voila([BOARD]))
    status = page.locator(".gamelab-status")
    expect(status).to_contain_text("11 lights on · 0 presses")

    game = LightsOut.new(size=5, seed=1)
    x, y = lamp_centre(2, 2)
    before = is_lit(pixel(canvas, x, y))
    assert before == game.is_lit(2, 2)
    screenshot(page.locator(".gamelab-board").first, "demo_voila_start.png")
    click_canvas(canvas, x, y)
    expect(status).to_contain_text("1 press", timeout=10_000)
    deadline = time.monotonic() + 10
    while is_lit(pixel(canvas, x, y)) == before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert is_lit(pixel(canvas, x, y)) != before, "the lamp under the click did not toggle on screen"

    # The click also played a synthesized sound through the hidden <audio> element.
    assert page.locator("audio").first.evaluate("a => a.src.startsWith('blob:') || a.src.startsWith('data:')")
    # Keyboard: the canvas has focus after the click; 'h' asks for a hint.
    page.keyboard.press("h")
    expect(status).to_contain_text("Hint: press", timeout=10_000)

    # Play the game through: the solver's presses, clicked with the real mouse.
    game.play("c3")
    for cell in solve(game):
        row, col = int(cell[1:]) - 1, "abcde".index(cell[0])
        click_canvas(canvas, *lamp_centre(row, col))
    expect(status).to_contain_text("Solved in", timeout=15_000)
    screenshot(page.locator(".gamelab-board").first, "demo_voila_solved.png")
    assert not page.errors, page.errors


def test_lab_reload_redraws_the_board(page, jupyterlab):
    """Same kernel, new page: only the client-ready redraw (with the switchCanvas fix) repaints it."""
    page.goto(jupyterlab(["import gamelab.widgets", BOARD]), timeout=90_000)
    canvas = run_all_in_lab(page, cells=2)
    assert wait_painted(canvas) > 0.99
    x, y = lamp_centre(0, 0)
    click_canvas(canvas, x, y)
    expect(page.locator(".gamelab-status").first).to_contain_text("1 press", timeout=10_000)
    lit_before_reload = is_lit(pixel(canvas, x, y))

    canvas = save_and_reload_lab(page)
    fraction = wait_painted(canvas)
    screenshot(page.locator(".jp-OutputArea-output").last, "demo_lab_after_reload.png")
    assert fraction > 0.99, f"after a reload only {fraction:.0%} of the board was drawn"
    assert is_lit(pixel(canvas, x, y)) == lit_before_reload

    x2, y2 = lamp_centre(4, 4)
    before = is_lit(pixel(canvas, x2, y2))
    click_canvas(canvas, x2, y2)
    expect(page.locator(".gamelab-status").first).to_contain_text("2 presses", timeout=10_000)
    deadline = time.monotonic() + 10
    while is_lit(pixel(canvas, x2, y2)) == before and time.monotonic() < deadline:
        time.sleep(0.05)
    assert is_lit(pixel(canvas, x2, y2)) != before, "clicks after the reload no longer draw"


def test_lab_reload_repaints_sprites_of_a_tile_board(page, jupyterlab):
    """A board built from sprites (Shanghai's tiles) must look the same after a reload: the off-screen
    sprite canvases are as blank in a new page as the board itself."""
    from gamelab.shanghai import Shanghai

    app = "from gamelab.shanghai.widget import ShanghaiBoard\nShanghaiBoard(deal=7, ranking=None, sound=False)"
    page.goto(jupyterlab(["import gamelab.widgets", app]), timeout=90_000)
    canvas = run_all_in_lab(page, cells=2)
    assert wait_painted(canvas) > 0.99
    tile = Shanghai.new(deal=7).tiles[0]
    spots = [(tile.left + dx, tile.top + dy) for dx in (8, 18, 28) for dy in (12, 25, 38)]
    deadline = time.monotonic() + 10
    before = [pixel(canvas, x, y) for x, y in spots]
    while len({tuple(p) for p in before}) < 2 and time.monotonic() < deadline:  # wait for the faces
        time.sleep(0.1)
        before = [pixel(canvas, x, y) for x, y in spots]
    assert len({tuple(p) for p in before}) >= 2, "the tile face was not drawn"

    canvas = save_and_reload_lab(page)
    assert wait_painted(canvas) > 0.99
    deadline = time.monotonic() + 10
    after = [pixel(canvas, x, y) for x, y in spots]
    while after != before and time.monotonic() < deadline:
        time.sleep(0.1)
        after = [pixel(canvas, x, y) for x, y in spots]
    screenshot(page.locator(".jp-OutputArea-output").last, "shanghai_lab_after_reload.png")
    assert after == before, "after a reload the tile faces (sprites) were not repainted"
