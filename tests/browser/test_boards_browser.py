"""Every board in JupyterLab as a player meets it: ten reloads in the middle of a game, sharp at device
pixel ratio 2, and fitted to a narrow window with clicks still landing on the right target.

One JupyterLab server serves all the boards (one notebook and kernel each); the page driver and the
boards' setups are the browser bench's (``gamelab.bench.browser``), so the bench and these tests play
the same games.
"""

from __future__ import annotations

import pytest

from gamelab.bench.browser import BOARDS, VIEWPORT, BoardPage, LabServer, write_notebook
from tests.browsing import artifacts_dir

RELOADS = 10


@pytest.fixture(scope="module")
def lab(tmp_path_factory, chromium_path):
    root = tmp_path_factory.mktemp("boards") / "root"
    root.mkdir()
    for name, cells in BOARDS.items():
        write_notebook(root / f"{name.replace(' ', '_')}.ipynb", ["import gamelab.widgets", cells + "\nboard"])
    with LabServer(root) as server:
        yield server


def _url(lab, name: str) -> str:
    return lab.url(f"{name.replace(' ', '_')}.ipynb")


@pytest.mark.parametrize("name", list(BOARDS))
def test_ten_reloads_mid_game_each_redraw_the_board_and_it_answers_a_click(name, lab, browser):
    context = browser.new_context(viewport=VIEWPORT)
    try:
        board = BoardPage(context.new_page(), _url(lab, name))
        board.open()
        for _ in range(2):  # mid-game (Minesweeper: its clock now runs, redrawing its digits)
            assert board.click() is not None, "the board did not answer a click"
        failed = [n for n in range(1, RELOADS + 1) if not board.reload()]
        board.page.screenshot(path=str(artifacts_dir() / f"reloaded_{name.replace(' ', '_')}.png"))
        assert not failed, f"after reloads {failed} the board was blank or did not answer a click"
        assert not board.errors, board.errors
    finally:
        context.close()


def test_sharp_at_device_pixel_ratio_2(lab, browser):
    context = browser.new_context(viewport=VIEWPORT, device_scale_factor=2)
    try:
        board = BoardPage(context.new_page(), _url(lab, "minesweeper"))
        board.open()
        assert board.device_ratio() == pytest.approx(2.0, abs=0.02)
        assert board.click() is not None
        board.page.screenshot(path=str(artifacts_dir() / "minesweeper_dpr2.png"))
    finally:
        context.close()


def test_a_narrow_window_scales_the_board_and_clicks_land_on_their_square(lab, browser):
    """At 576 px wide the Othello board used to be cut at column d; now it scales down to the cell."""
    context = browser.new_context(viewport={"width": 576, "height": 800})
    try:
        board = BoardPage(context.new_page(), _url(lab, "othello"))
        board.open()
        box = board.canvas.bounding_box()
        assert box["x"] + box["width"] <= 576, "the board runs past the window's edge"
        inside = board.page.evaluate("""() => { const c = window.__bench.canvas();
            const cell = c.closest('.jp-OutputArea-output').getBoundingClientRect();
            const r = c.getBoundingClientRect(); return r.right <= cell.right + 1 && r.width < 468; }""")
        assert inside, "the board is cut by its cell instead of scaling down (the picture is 468 px wide)"
        chosen = board.kernel("from gamelab.othello.bitboard import squares\n"
                              "i = sorted(squares(board.game.legal_moves()))[0]\n"
                              "print('abcdefgh'[i % 8] + str(i // 8 + 1))").strip()
        assert board.click() is not None, "a click on a legal square did not place a stone there"
        board.page.screenshot(path=str(artifacts_dir() / "othello_narrow.png"))
        assert board.kernel("print(board.record.actions[0])").strip() == chosen  # the square clicked
    finally:
        context.close()
