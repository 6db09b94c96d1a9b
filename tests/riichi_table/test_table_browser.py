"""The riichi table in a real browser (Voila + chromium): a hand played by clicking until it ends."""

from __future__ import annotations

from playwright.sync_api import expect

from gamelab.riichi.table.picture import Call, Discard
from gamelab.riichi.table.widget import RiichiBoard
from gamelab.widgets.testing import centre_of
from tests.browsing import click_canvas, open_board, screenshot

SETUP = {"seed": 3, "rules": {"場数": 0}}
BOARD = f"from gamelab.riichi.table.widget import RiichiBoard\nRiichiBoard(seed={SETUP['seed']}, rules={SETUP['rules']!r})"


def test_play_a_hand_by_clicking(page, voila):
    canvas = open_board(page, voila([BOARD]))
    status = page.locator(".gamelab-status").first
    twin = RiichiBoard(sound=False, **SETUP)  # the same game in this process tells where to click
    expect(status).to_contain_text(twin.status(), timeout=20_000)
    screenshot(page.locator(".gamelab-board").first, "riichi_voila_start.png")
    for _ in range(120):
        if twin.game.is_over or twin.game.table.status in ("hule", "pingju"):
            break
        actions = twin.game.legal_actions()
        if "pass" in actions:  # the choice on the table
            click_canvas(canvas, *centre_of(twin, Call("pass")))
            twin.act("pass")
        else:
            option = actions[-1] if not actions[-1].startswith("riichi") else next(
                a for a in actions if " " not in a and a.endswith("_"))
            x, y = centre_of(twin, Discard(option))
            click_canvas(canvas, x, y)
            twin.act(option)
        expect(status).to_contain_text(twin.status(), timeout=20_000)
    table = twin.game.table
    assert table.status in ("hule", "pingju", "jieju"), "the hand did not end"
    result = page.locator(".gamelab-panel-result").first
    expect(result).to_contain_text("wins" if "hule" in table.results[-1] else "Draw", timeout=20_000)
    screenshot(page.locator(".gamelab-board").first, "riichi_voila_hand_over.png")
    assert not page.errors, page.errors
