"""Shanghai in a real browser (Voila + Debian's chromium): a whole seeded deal cleared by mouse."""

from __future__ import annotations

from playwright.sync_api import expect

from gamelab.shanghai import Shanghai
from tests.browsing import click_canvas, open_board, pixel, screenshot

APP = ("from gamelab.shanghai.widget import ShanghaiBoard\n"
       "board = ShanghaiBoard(deal=7, player='Hato', solver_nodes=300)\nboard")


def face_centre(game: Shanghai, label: str) -> tuple[float, float]:
    tile = game.tile_at(label)
    return tile.left + 18, tile.top + 25


def test_clear_a_seeded_deal_by_mouse_with_undo_and_search(page, voila):
    canvas = open_board(page, voila([APP]))
    status = page.locator(".gamelab-status")
    expect(status).to_contain_text("Press Start", timeout=10_000)
    board = page.locator(".gamelab-board").first
    screenshot(board, "shanghai_before_start.png")

    page.locator(".gamelab-button-start").click()
    expect(status).to_contain_text("136 tiles left", timeout=15_000)

    game = Shanghai.new(deal=7)
    actions = game.construction_actions()
    # a selectable tile is tinted: the pixel at a free face is not the plain face color
    x, y = face_centre(game, actions[0].split()[0])
    assert pixel(canvas, x - 14, y + 20)[:3] != [253, 252, 247]

    def take(action: str) -> None:
        for label in action.split():
            click_canvas(canvas, *face_centre(game, label))
        game.play(action)
        expect(status).to_contain_text(f"{game.tiles_left} tiles left" if game.tiles_left else "Cleared",
                                       timeout=15_000)

    take(actions[0])
    take(actions[1])
    page.locator(".gamelab-button-cancel").click()  # Cancel with nothing selected takes back a pair
    expect(status).to_contain_text("134 tiles left", timeout=15_000)
    game = Shanghai.new(deal=7)
    game.play(actions[0])

    page.locator(".gamelab-button-search").click()  # Search: a red frame, and the clock turns red
    expect(page.locator(".gamelab-clock span")).to_have_attribute("style", "font-family:monospace;font-size:1.1em;"
                                                                  "color:#ff0000", timeout=10_000)
    screenshot(board, "shanghai_search.png")
    page.locator(".gamelab-button-cancel").click()  # clears the suggestion only
    expect(status).to_contain_text("134 tiles left", timeout=10_000)

    for action in actions[1:]:
        take(action)
    expect(status).to_contain_text("Cleared", timeout=15_000)
    expect(page.get_by_text("Share your time")).to_be_visible(timeout=10_000)
    ranking = page.locator("table").last
    expect(ranking).to_contain_text("Hato")
    expect(ranking).to_contain_text("Search used")
    screenshot(board, "shanghai_cleared.png")
    assert not page.errors, page.errors
