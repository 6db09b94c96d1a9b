"""The Klondike board in a real browser (Voila + Debian's chromium): drag a card with the real mouse
(pointer down, move, up), click the stock, undo, and finish a near-won position with auto-complete."""

from __future__ import annotations

import time

from playwright.sync_api import expect

from gamelab.klondike import CardAt, Klondike, Stock
from gamelab.klondike.picture import KlondikePicture, Target
from tests.browsing import click_canvas, open_board, pixel, screenshot, to_css

PICTURE = KlondikePicture()
DEAL = "from gamelab.klondike.widget import KlondikeBoard\nKlondikeBoard(seed=1, sound=False)"
NEARLY = """foundations: 9♠ 10♥ 8♣ 9♦
t1: K♠ Q♥ J♣
t2: K♦ Q♣ J♥ 10♠
t3: K♣ Q♦ J♠ 10♦ 9♣
t4: K♥ Q♠ J♦ 10♣"""
NEAR_WON = f"from gamelab.klondike.widget import KlondikeBoard\nKlondikeBoard(position={NEARLY!r}, sound=False)"


def centre(game: Klondike, where: Target) -> tuple[float, float]:
    x, y, w, h = PICTURE.box(game, where)
    return x + w / 2, y + min(h, PICTURE.card_h) / 2


def is_card_face(rgba: list[int]) -> bool:
    return all(channel > 220 for channel in rgba[:3])


def page_point(canvas, x: float, y: float) -> tuple[float, float]:
    box = canvas.bounding_box()
    cx, cy = to_css(canvas, x, y)
    return box["x"] + cx, box["y"] + cy


def test_drag_a_card_click_the_stock_and_undo(page, voila):
    game = Klondike.new(seed=1)
    canvas = open_board(page, voila([DEAL]))
    status = page.locator(".gamelab-status").first
    expect(status).to_contain_text("moves 0")
    screenshot(page.locator(".gamelab-board").first, "klondike_start.png")

    # Drag the 2♠ (column 5) onto the 3♦ (column 4) with the real mouse.
    sx, sy = page_point(canvas, *centre(game, CardAt(4, 4)))
    tx, ty = page_point(canvas, *centre(game, CardAt(3, 3)))
    page.mouse.move(sx, sy)
    page.mouse.down()
    page.mouse.move(sx + 10, sy + 5, steps=3)
    page.mouse.move(tx, ty + 20, steps=10)
    page.mouse.up()
    expect(status).to_contain_text("moves 1", timeout=10_000)
    game.play("t5>t4")
    below = (PICTURE.column_x(3) + 8, PICTURE.card_y(game.tableau[3], 4) + 60)  # white, clear of the pips
    deadline = time.monotonic() + 10
    while not is_card_face(pixel(canvas, *below)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert is_card_face(pixel(canvas, *below)), "the 2♠ is not drawn on column 4"
    screenshot(page.locator(".gamelab-board").first, "klondike_after_drag.png")

    click_canvas(canvas, *centre(game, Stock()))
    expect(status).to_contain_text("moves 2", timeout=10_000)
    page.locator(".gamelab-button-undo").first.click()
    expect(status).to_contain_text("moves 1", timeout=10_000)
    assert not page.errors, page.errors


def test_auto_complete_finishes_a_near_won_position(page, voila):
    open_board(page, voila([NEAR_WON]))
    page.locator(".gamelab-button-auto").first.click()
    expect(page.locator(".gamelab-status").first).to_contain_text("every card went home", timeout=10_000)
    expect(page.locator(".gamelab-button-new").first).to_contain_text("Play again", timeout=10_000)
    screenshot(page.locator(".gamelab-board").first, "klondike_won.png")
    assert not page.errors, page.errors
