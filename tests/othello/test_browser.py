"""The Othello board in a real browser (Voila + Debian's chromium): a whole game against the computer, by mouse."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from gamelab.othello import Othello, Square
from gamelab.othello.picture import OthelloPicture
from gamelab.othello.widget import OthelloBoard
from gamelab.widgets.testing import click
from tests.browsing import click_canvas, open_board, pixel, screenshot

# The record panel stays in: its review slider once swallowed clicks in the browser (an absolute slider
# value was clamped and echoed back); this game is the regression test for that.
SETUP = dict(mode="vs-computer", computer="white", level=3, seed=11)
APP = f"from gamelab.othello.widget import OthelloBoard\nboard = OthelloBoard(**{SETUP!r}, sound=False)\nboard"
PICTURE = OthelloPicture()


def centre(index: int) -> tuple[float, float]:
    row, col = divmod(index, 8)
    return PICTURE.frame + col * PICTURE.cell + PICTURE.cell / 2, PICTURE.frame + row * PICTURE.cell + PICTURE.cell / 2


def stone_on_screen(rgba: list[int]) -> str | None:
    """Black, white or an empty green square, from the pixel a little below-right of a square's centre."""
    r, g, b = rgba[:3]
    if r < 70 and g < 70 and b < 70:
        return "black"
    if r > 180 and g > 180 and b > 170:
        return "white"
    return None


def wait_for_stones(canvas, game: Othello, timeout: float = 20) -> None:
    deadline = time.monotonic() + timeout
    while True:
        wrong = [i for i in range(64) if stone_on_screen(pixel(canvas, *offset(centre(i)))) != game.stone_at(i)]
        if not wrong or time.monotonic() > deadline:
            break
        time.sleep(0.1)
    assert not wrong, f"squares {wrong} differ from {game.record_text if hasattr(game, 'record_text') else game}"


def offset(point: tuple[float, float]) -> tuple[float, float]:
    # a little below-right of the centre: clear of the last-move dot and the stone's highlight
    return point[0] + 8, point[1] + 8


def test_a_whole_game_against_the_computer(page, voila):
    # The same seeded board in this process predicts every reply of the computer in the kernel.
    mirror = OthelloBoard(**SETUP, sound=False)
    canvas = open_board(page, voila([APP]))
    status = page.locator(".gamelab-status").first
    expect(status).to_contain_text("Black's turn.")
    screenshot(page.locator(".gamelab-board").first, "othello_start.png")

    click_canvas(canvas, 4, 4)  # the frame: nothing happens
    clicks = 0
    while not mirror.game.is_over:
        index = mirror.game.legal_squares()[0]
        click_canvas(canvas, *centre(index))
        click(mirror, Square(index))  # the same click, through the mirror's canvas
        clicks += 1
        # wait for the kernel to answer: every stone on screen is the mirror's (the computer has replied too)
        wait_for_stones(canvas, mirror.game)
        expect(status).to_have_text(mirror.status(), timeout=20_000)
        if clicks == 3:
            screenshot(page.locator(".gamelab-board").first, "othello_midgame.png")
    expect(status).to_contain_text("Game end", timeout=20_000)
    game: Othello = mirror.game
    # the stones on screen are the stones of the final position
    wait_for_stones(canvas, game)
    screenshot(page.locator(".gamelab-board").first, "othello_game_over.png")
    assert not page.errors, page.errors
