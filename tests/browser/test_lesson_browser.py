"""A lesson as a learner meets it: JupyterLab, an answer typed into one exercise cell (the others left as
stubs), Run All, its check passes, and the board at the end plays on the learner's own function."""

from __future__ import annotations

import time
from pathlib import Path

from playwright.sync_api import expect

from gamelab.demo import LightsOut, LightsOutPicture
from tests.browsing import click_canvas, pixel, screenshot, wait_painted

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "00_start_here.ipynb"
PICTURE = LightsOutPicture()

ANSWER = '''@exercise("lights_out.press_mask")
def press_mask(size, row, col):
    mask = 0
    for r, c in [(row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)]:
        if 0 <= r < size and 0 <= c < size:
            mask |= 1 << (r * size + c)
    return mask
'''


def lamp_centre(row: int, col: int) -> tuple[float, float]:
    return PICTURE.margin + col * PICTURE.cell + PICTURE.cell / 2, PICTURE.margin + row * PICTURE.cell + PICTURE.cell / 2


def is_lit(rgba: list[int]) -> bool:
    return rgba[0] > 200 and rgba[1] > 150 and rgba[2] < 120


def test_a_learner_writes_the_exercise_and_plays_on_it(page, jupyterlab):
    page.goto(jupyterlab([], name="00_start_here.ipynb", notebook=LESSON), timeout=90_000)
    page.locator(".jp-StatusBar-Widget").get_by_text("Idle").first.wait_for(timeout=90_000)
    page.wait_for_function("() => window.jupyterapp && document.querySelectorAll('.jp-Notebook .jp-Cell').length > 30",
                           timeout=60_000)
    # The learner clicks into the stub's editor, selects its text and types their answer over it.
    stub = page.locator(".jp-CodeCell").filter(has_text='@exercise("lights_out.press_mask")').filter(
        has_text="def press_mask").first
    stub.scroll_into_view_if_needed()
    editor = stub.locator(".cm-content").first
    editor.click()
    page.keyboard.press("Control+a")
    page.keyboard.insert_text(ANSWER)  # as pasted: the editor's auto-indent does not re-indent it
    expect(stub).to_contain_text("mask |= 1 << (r * size + c)")

    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    outputs = page.locator(".jp-OutputArea-output")
    expect(outputs.filter(has_text="✔ lights_out.press_mask").first).to_be_visible(timeout=90_000)
    expect(outputs.filter(has_text="press_mask: yours (checked ✔)").first).to_be_visible(timeout=60_000)
    # the board's one line: this piece is the learner's, the two stubs left are the shipped ones
    expect(outputs.filter(has_text="your pieces: 1 of 3 ✔ · the shipped cell_name, toggle (not written yet)")
           .first).to_be_visible(timeout=60_000)

    canvas = page.locator(".jp-OutputArea-output canvas").last
    canvas.wait_for(state="visible", timeout=60_000)
    canvas.scroll_into_view_if_needed()
    assert wait_painted(canvas) > 0.99
    game = LightsOut.new(size=5, seed=7)
    x, y = lamp_centre(2, 2)
    before = [is_lit(pixel(canvas, *lamp_centre(r, c))) for r, c in ((2, 2), (1, 2), (3, 2), (2, 1), (2, 3))]
    assert before == [game.is_lit(r, c) for r, c in ((2, 2), (1, 2), (3, 2), (2, 1), (2, 3))]
    click_canvas(canvas, x, y)
    status = page.locator(".gamelab-status").last
    expect(status).to_contain_text("1 press", timeout=10_000)
    deadline = time.monotonic() + 10
    after = before
    while after == before and time.monotonic() < deadline:
        time.sleep(0.05)
        after = [is_lit(pixel(canvas, *lamp_centre(r, c))) for r, c in ((2, 2), (1, 2), (3, 2), (2, 1), (2, 3))]
    assert after == [not lit for lit in before], "a press on c3 did not toggle c3 and its four neighbours"
    screenshot(page.locator(".jp-OutputArea-output").filter(has=page.locator("canvas")).last, "lesson00_learner_board.png")
    assert not page.errors, page.errors
