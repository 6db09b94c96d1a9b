"""Each lesson as a learner first meets it, in JupyterLab at 1366 × 768 with the file browser open.

* **Opened, not run, not trusted**: every picture the notebook stores shows as an image (a board as its
  still picture, a check's report with its picture), none as a line of text.
* **Run All**: every board fits the notebook's area (1036 × 647 at this window size: the canvas, the
  status line and the main buttons seen together, secondary panels folded), and no button's label is cut.
* **Ctrl+S** saves the notebook while a board has focus (the canvas keeps every key it is given).

The boxes measured are written to ``artifacts/board_boxes.json``; the screenshots of the first screen and
of every board land in ``artifacts/screenshots``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import nbformat
import pytest

from gamelab.lessons.catalog import lesson_files
from tests.browsing import artifacts_dir, screenshot

LESSONS = {path.stem: path for path in lesson_files()}
VIEWPORT = {"width": 1366, "height": 768}
#: the notebook's area at 1366 × 768 with the file browser open (measured, and checked below)
AREA = (1036, 647)
BOXES = artifacts_dir().parent / "board_boxes.json"


def stored_pictures(path: Path) -> tuple[int, int, list[str]]:
    """(outputs holding a PNG, check reports holding a picture, outputs with a picture but no PNG)."""
    notebook = nbformat.read(path, as_version=4)
    pngs, reports, missing = 0, 0, []
    for index, cell in enumerate(notebook.cells):
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if "image/png" in data:
                pngs += 1
            elif "image/svg+xml" in data or "application/vnd.jupyter.widget-view+json" in data:
                missing.append(f"cell {index}: a picture or a widget without a PNG ({sorted(data)})")
            html = data.get("text/html", "")
            html = "".join(html) if isinstance(html, list) else html
            if "gamelab-check-picture" in html:
                reports += 1
            if "<svg" in html:
                missing.append(f"cell {index}: an SVG inside HTML (stripped in an untrusted notebook)")
    return pngs, reports, missing


def wait_for_lesson(page) -> None:
    page.locator(".jp-StatusBar-Widget").get_by_text("Idle").first.wait_for(timeout=90_000)
    page.wait_for_function("() => window.jupyterapp && document.querySelectorAll('.jp-Notebook .jp-Cell').length > 5",
                           timeout=60_000)


@pytest.mark.parametrize("lesson", sorted(LESSONS))
def test_first_open_shows_every_picture_and_run_all_keeps_every_board_on_screen(page, jupyterlab, lesson):
    path = LESSONS[lesson]
    pngs, reports, missing = stored_pictures(path)
    assert not missing, f"{lesson} stores pictures an untrusted notebook cannot show: {missing}"

    page.set_viewport_size(VIEWPORT)
    page.goto(jupyterlab([], name=f"{lesson}.ipynb", notebook=path), timeout=90_000)
    wait_for_lesson(page)
    try:  # outputs render as the page gets to them: wait until every stored picture is an image, decoded
        page.wait_for_function(
            """n => document.querySelectorAll('.jp-OutputArea-output[data-mime-type="image/png"]').length >= n &&
                   Array.from(document.querySelectorAll('.jp-OutputArea-output img')).every(
                       i => i.complete && i.naturalWidth > 0)""", arg=pngs, timeout=30_000, polling=250)
    except Exception:  # the assertion below says what is missing
        pass
    area = page.evaluate("() => { const r = document.querySelector('.jp-NotebookPanel').getBoundingClientRect();"
                         " return [r.width, r.height]; }")
    shown = page.evaluate("""() => {
        const outs = Array.from(document.querySelectorAll('.jp-OutputArea-output'));
        const pngs = outs.filter(o => o.getAttribute('data-mime-type') === 'image/png');
        const reports = outs.filter(o => o.querySelector('.gamelab-check-picture'));
        const images = outs.flatMap(o => Array.from(o.querySelectorAll('img')));
        return {pngs: pngs.length,
                reports: reports.filter(o => o.querySelector('.gamelab-check-picture img')).length,
                broken: images.filter(i => !(i.complete && i.naturalWidth > 0)).length,
                boards_as_text: outs.filter(o => /^<\\w+Board[:>]/.test(o.innerText.trim())).length};
    }""")
    page.screenshot(path=str(artifacts_dir() / f"first_open_{lesson}.png"))
    assert shown == {"pngs": pngs, "reports": reports, "broken": 0, "boards_as_text": 0}, shown

    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("() => document.querySelectorAll('.jp-InputArea-prompt').length > 0 && "
                           "!Array.from(document.querySelectorAll('.jp-InputArea-prompt')).some("
                           "p => p.innerText.includes('*'))", timeout=180_000, polling=500)
    page.locator(".jp-StatusBar-Widget").get_by_text("Idle").first.wait_for(timeout=60_000)
    time.sleep(1)
    boxes = page.evaluate("""() => Array.from(document.querySelectorAll('.gamelab-board')).map(b => {
        const r = b.getBoundingClientRect();
        const cut = Array.from(b.querySelectorAll('button')).filter(
            x => x.offsetParent !== null && x.scrollWidth > x.clientWidth + 1).map(x => x.innerText);
        return {width: Math.round(r.width), height: Math.round(r.height), cut: cut};
    })""")
    errors = page.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    for index in range(len(boxes)):
        screenshot(page.locator(".gamelab-board").nth(index), f"board_{lesson}_{index}.png")
    record = json.loads(BOXES.read_text()) if BOXES.exists() else {}
    record[lesson] = {"area": [round(v) for v in area], "boards": boxes}
    BOXES.write_text(json.dumps(record, indent=1))

    assert area[0] >= AREA[0] - 2 and area[1] >= AREA[1] - 60, f"the notebook's area is {area}"
    assert boxes, f"{lesson}: no board after Run All"
    for index, box in enumerate(boxes):
        assert box["width"] <= AREA[0] and box["height"] <= AREA[1], f"{lesson} board {index}: {box}"
        assert not box["cut"], f"{lesson} board {index}: labels cut: {box['cut']}"
    assert not page.errors, page.errors


def test_ctrl_s_saves_the_notebook_while_a_board_has_focus(page, jupyterlab, tmp_path):
    url = jupyterlab(["from gamelab.demo import LightsOutBoard\nLightsOutBoard(size=5, seed=7)"], name="save.ipynb")
    page.goto(url, timeout=90_000)
    page.locator(".jp-StatusBar-Widget").get_by_text("Idle").first.wait_for(timeout=90_000)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    canvas = page.locator(".jp-OutputArea-output canvas").last
    canvas.wait_for(state="visible", timeout=60_000)
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + 3, box["y"] + 3)  # the frame's corner: focus, no press
    page.wait_for_function("() => document.activeElement && document.activeElement.tagName === 'CANVAS'")
    page.wait_for_function("() => window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=10_000)
    page.keyboard.press("Control+s")
    page.wait_for_function("() => !window.jupyterapp.shell.currentWidget.context.model.dirty", timeout=10_000)
    saved = nbformat.read(tmp_path / "root" / "save.ipynb", as_version=4)
    assert saved.cells[0].outputs, "the notebook was saved with the board's output"
    assert not page.errors, page.errors
