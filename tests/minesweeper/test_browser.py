"""The Minesweeper board in a real browser (Voila + Chromium): first click, flag mode, a win, a loss."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from gamelab.minesweeper import Minesweeper, MinesweeperPicture
from tests.browsing import click_canvas, open_board, pixel, ratio, screenshot

SEED = 3
BOARD = f"from gamelab.minesweeper import MinesweeperBoard\nboard = MinesweeperBoard('beginner', seed={SEED})\nboard"
PICTURE = MinesweeperPicture()


def centre(row: int, col: int) -> tuple[float, float]:
    x, y, s = PICTURE.cell_box(row, col)
    return x + s / 2, y + s / 2


def led_pixels(canvas, game: Minesweeper) -> str:
    """The pixels of the clock's red digits in the header (right of the face)."""
    width, _ = PICTURE.size(game)
    x, y = width - PICTURE.frame - 7 - 48, PICTURE.frame + PICTURE.header / 2 - 15
    r = ratio(canvas)  # backing-store pixels per picture pixel
    return canvas.evaluate(f"c => Array.from(c.getContext('2d').getImageData({x * r}, {y * r}, {48 * r}, {30 * r})"
                           ".data).join()")


def is_red(rgba: list[int]) -> bool:
    return rgba[0] > 200 and rgba[1] < 60 and rgba[2] < 60


def test_first_click_flag_win_and_loss(page, voila):
    canvas = open_board(page, voila([BOARD]))
    status = page.locator(".gamelab-status")
    expect(status).to_contain_text("9 × 9, 10 mines · click any cell to start")
    board = page.locator(".gamelab-board").first

    # The first click opens (and lays the mines from the seed, as the engine here does too).
    game = Minesweeper.new("beginner", seed=SEED)
    game.play("open 5 5")
    click_canvas(canvas, *centre(5, 5))
    expect(status).to_contain_text("mines left 10 · open mode", timeout=10_000)

    # The red clock digits in the header count on by themselves (the board's clock redraws them).
    led = led_pixels(canvas, game)
    deadline = time.monotonic() + 10
    while led_pixels(canvas, game) == led and time.monotonic() < deadline:
        time.sleep(0.1)
    assert led_pixels(canvas, game) != led, "the red clock digits did not move"

    # Flag mode: the tutorial's radio buttons, as ipywidgets toggle buttons.
    mine = next(game.vm.coords(i) for i in game.vm.cells if game.vm.mine[i])
    page.get_by_role("button", name="⚑ Put flags", exact=True).click()
    expect(status).to_contain_text("flag mode", timeout=10_000)
    click_canvas(canvas, *centre(*mine))
    expect(status).to_contain_text("mines left 9", timeout=10_000)
    x, y, s = PICTURE.cell_box(*mine)
    deadline = time.monotonic() + 10
    while not is_red(pixel(canvas, x + s * 0.45, y + s * 0.36)) and time.monotonic() < deadline:
        time.sleep(0.05)
    screenshot(board, "minesweeper_flag.png")
    assert is_red(pixel(canvas, x + s * 0.45, y + s * 0.36)), f"no red flag drawn on the flagged cell {mine}"

    # Win: click every safe cell still hidden, in open mode.
    page.get_by_role("button", name="Open cells", exact=True).click()
    expect(status).to_contain_text("open mode", timeout=10_000)
    game.play("flag {} {}".format(*mine))
    for i in game.vm.cells:
        if not game.vm.mine[i] and game.vm.state[i] == 0:
            row, col = game.vm.coords(i)
            game.play(f"open {row} {col}")
            click_canvas(canvas, *centre(row, col))
    assert game.won
    expect(status).to_contain_text("cleared in", timeout=20_000)
    screenshot(board, "minesweeper_won.png")

    # The result message starts a new game (seed + 1); lose that one on purpose.
    click_canvas(canvas, *centre(5, 5))          # the message box covers the middle of the field
    expect(status).to_contain_text("New game", timeout=10_000)   # (Undo would bring the won game back)
    second = Minesweeper.new("beginner", seed=SEED + 1)
    second.play("open 1 1")
    click_canvas(canvas, *centre(1, 1))
    expect(status).to_contain_text("mines left 10", timeout=10_000)
    mine = next(second.vm.coords(i) for i in second.vm.cells if second.vm.mine[i])
    click_canvas(canvas, *centre(*mine))
    expect(status).to_contain_text("blown up in", timeout=10_000)
    x, y, s = PICTURE.cell_box(*mine)
    deadline = time.monotonic() + 10
    while not is_red(pixel(canvas, x + 3, y + 3)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert is_red(pixel(canvas, x + 3, y + 3)), "the exploded mine's cell is not red"
    screenshot(board, "minesweeper_lost.png")
    assert not page.errors, page.errors


EXPERT = ("from gamelab.minesweeper import MinesweeperBoard\n"
          "board = MinesweeperBoard('expert', seed=1)\nboard")

#: every label of the board whose words do not fit its box (cut, or ending in "…")
CUT_LABELS = """() => [...document.querySelectorAll('.gamelab-board button, .gamelab-board label, .gamelab-board select')]
    .filter(e => e.offsetParent && e.scrollWidth > e.clientWidth + 1).map(e => e.textContent.trim())"""
#: the controls of one row that overlap one another
OVERLAPS = """() => { const found = []; for (const row of document.querySelectorAll('.gamelab-board .widget-hbox')) {
    const boxes = [...row.children].filter(k => k.offsetParent).map(k => [k.textContent.trim(), k.getBoundingClientRect()]);
    for (let i = 0; i < boxes.length; i++) for (let j = i + 1; j < boxes.length; j++) {
        const a = boxes[i][1], b = boxes[j][1];
        if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1)
            found.push([boxes[i][0], boxes[j][0]]); } }
    return found; }"""


def test_the_expert_board_fits_a_laptops_notebook_area_with_no_label_cut(page, voila):
    """The tutorial's 16 × 30 board: canvas, status and main buttons within 1036 × 647 (the notebook area of
    JupyterLab at 1366 × 768 beside its file browser), every label whole, the folded settings too."""
    page.set_viewport_size({"width": 1036, "height": 647})
    open_board(page, voila([EXPERT]))
    board = page.locator(".gamelab-board").first
    box = board.bounding_box()
    assert box["width"] <= 1036 and box["height"] <= 647, box
    expect(page.get_by_role("button", name="⚑ Put flags", exact=True)).to_be_visible()
    assert page.evaluate(CUT_LABELS) == [] and page.evaluate(OVERLAPS) == []
    page.get_by_role("button", name="New board ▾").click()
    expect(page.get_by_text("first click opens an area")).to_be_visible(timeout=10_000)
    assert page.evaluate(CUT_LABELS) == [] and page.evaluate(OVERLAPS) == []
    screenshot(board, "minesweeper_expert_settings.png")
    page.locator(".gamelab-setting-preset select").select_option("custom")   # the size boxes appear, whole
    expect(page.locator(".gamelab-setting-mines input")).to_be_visible(timeout=10_000)
    assert page.evaluate(CUT_LABELS) == [] and page.evaluate(OVERLAPS) == []
    screenshot(board, "minesweeper_expert_settings_custom.png")
    assert not page.errors, page.errors
