"""The start-here lesson (00_start_here): its three exercises, their reports, the pieces a board plays by, and
the notebook's shape (answers out of sight, the machinery folded at the end).

The notebook runs here twice at most: the instructor's version with every stub filled in (every check passes,
every small run and the board take the learner's pieces), and graded as shipped and with one wrong answer.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from gamelab import IllegalMove
from gamelab.demo import Lamp, LightsOut, solve
from gamelab.demo.widget import LightsOutBoard
from gamelab.lessons import check, exercise
from gamelab.lessons.demo import your_pieces
from gamelab.lessons.exercises import FAILED, MAX_LINES, NOT_WRITTEN, PASSED, is_stub
from gamelab.lessons.solutions import with_solutions
from gamelab.widgets.testing import click
from tests.lesson_runs import checked, execute, exercise_ids, graded

from .wrong_answers import WRONG

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "00_start_here.ipynb"
STEPS = ["cell_name", "press_mask", "toggle"]
IDS = [f"lights_out.{step}" for step in STEPS]
#: a line of each shipped answer, which the notebook may show only folded
ANSWER_LINES = ["COLUMNS[col] + str(row + 1)", "mask |= 1 << (r * size + c)", "return lights ^ mask"]


def shipped() -> Any:
    return nbformat.read(NOTEBOOK, as_version=4)


def text_of(cell: Any) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


def shown_of(cell: Any) -> str:
    """Everything a cell's outputs show, as text: streams, plain text and HTML with its tags removed."""
    parts = [text_of(cell)]
    for output in cell.get("outputs", []):
        data = output.get("data", {})
        parts.append(data.get("text/plain", ""))
        parts.append(re.sub(r"<[^>]+>", "", data.get("text/html", "")))
    return "\n".join(parts)


@pytest.fixture(scope="module")
def solved() -> Any:
    """The instructor's version run top to bottom in a fresh kernel; any error fails."""
    return execute(with_solutions(shipped()), NOTEBOOK.parent)


# -- the notebook ------------------------------------------------------------------------------------------
def test_three_exercises_in_the_order_a_press_goes_through_them() -> None:
    notebook = shipped()
    assert exercise_ids(notebook) == IDS
    for cell in notebook.cells:
        if "exercise" in cell.metadata.get("tags", []):
            assert cell.metadata == {"exercise_id": cell.metadata["exercise_id"], "tags": ["exercise"]}
            namespace: dict[str, Any] = {"exercise": exercise}
            exec(cell.source, namespace)
            assert is_stub(namespace[cell.metadata["exercise_id"].split(".")[1]])


def test_the_intro_says_how_to_run_it_and_where_the_learners_copy_lives() -> None:
    intro = shipped().cells[0].source
    assert "Run All Cells" in intro and "Shift+Enter" in intro and "Ctrl+S" in intro
    assert "gamelab lab" in intro and "gamelab-lessons" in intro


def test_the_machinery_is_a_folded_section_after_the_board() -> None:
    cells = shipped().cells
    folded = [k for k, c in enumerate(cells) if c.metadata.get("jp-MarkdownHeadingCollapsed")]
    assert len(folded) == 1
    (start,) = folded
    assert cells[start].source.startswith("## How it works")
    # the section folds everything up to the recap, the last cell: Run All ends on a cell outside the section
    # (JupyterLab opens the section of the cell a run ends on)
    ends = [k for k, c in enumerate(cells) if k > start and c.cell_type == "markdown" and c.source.startswith("## ")]
    assert ends == [len(cells) - 1] and cells[-1].source.startswith("## Recap")
    machinery = "\n".join(c.source for c in cells[start:-1])
    assert all(word in machinery for word in ("hold_canvas", "sprites", "BoardCanvas", "Record", "solve("))
    main = "\n".join(c.source for c in cells[:start])
    assert "hold_canvas" not in main and "sprite" not in main
    boards = [k for k, c in enumerate(cells) if "LightsOutBoard(" in c.source and c.cell_type == "code"]
    assert boards[0] < start and "your_pieces(cell_name, press_mask, toggle)" in cells[boards[0]].source


def test_answers_are_shown_only_folded() -> None:
    for cell in shipped().cells:
        if cell.cell_type != "code":
            continue
        assert not any(line in cell.source for line in ANSWER_LINES)
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            html = re.sub(r"<details.*?</details>", "", data.get("text/html", ""), flags=re.S)
            visible = re.sub(r"<[^>]+>", "", html) + data.get("text/plain", "") + output.get("text", "")
            assert not any(line in visible for line in ANSWER_LINES), cell.source


def test_small_runs_build_their_own_positions() -> None:
    """No name a code cell assigns is assigned again by another: re-running one section changes no other."""
    assigned: dict[str, int] = {}
    for k, cell in enumerate(shipped().cells):
        if cell.cell_type != "code" or "exercise" in cell.metadata.get("tags", []):
            continue
        for name in re.findall(r"^(\w+)(?:, \w+)* = ", cell.source, flags=re.M):
            assert name not in assigned, f"cells {assigned[name]} and {k} both set {name}"
            assigned[name] = k


def test_solutions_pass_every_exercise_and_every_run_takes_them(solved) -> None:
    own, shown = checked(solved)
    assert own == dict.fromkeys(IDS, PASSED)
    assert shown == {"lights_out.cell_name": {FAILED}}  # always_a1, the wrong version the lesson shows
    printed = "".join(text_of(cell) for cell in solved.cells)
    assert "shipped version" not in printed
    for step in STEPS:
        assert f"{step}: yours (checked ✔)" in printed
    board = next(c for c in solved.cells if "your_pieces(" in c.source and c.cell_type == "code")
    assert "your pieces: 3 of 3 ✔" in shown_of(board)


def test_the_shipped_lesson_uses_the_shipped_pieces_and_says_so() -> None:
    board = next(c for c in shipped().cells if "your_pieces(" in c.source and c.cell_type == "code")
    line = "your pieces: 0 of 3 ✔ · none written yet: the board plays the shipped ones"
    assert line in shown_of(board)


def test_grading_finds_every_exercise_unwritten_and_one_wrong_answer(tmp_path: Path) -> None:
    assert [(r.exercise, r.status) for r in graded(NOTEBOOK)] == [(i, NOT_WRITTEN) for i in IDS]
    notebook = shipped()
    cell = next(c for c in notebook.cells if c.metadata.get("exercise_id") == "lights_out.toggle")
    cell.source = '@exercise("lights_out.toggle")\ndef toggle(lights, mask):\n    return lights | mask\n'
    path = tmp_path / NOTEBOOK.name
    nbformat.write(notebook, path)
    results = {r.exercise: r for r in graded(path)}
    assert {i: r.status for i, r in results.items()} == {**dict.fromkeys(IDS, NOT_WRITTEN), "lights_out.toggle": FAILED}
    assert "should be dark:        b1 b2" in results["lights_out.toggle"].message


# -- the reports -------------------------------------------------------------------------------------------
@pytest.mark.parametrize("exercise_id", IDS)
def test_a_wrong_answer_is_drawn_with_its_differences_marked(exercise_id: str) -> None:
    report = check(exercise(exercise_id)(WRONG[exercise_id]))
    assert report.status == FAILED
    assert report.explanation is not None and report.explanation.picture is not None
    assert report.explanation.marks >= 1
    assert report.explanation.picture._repr_svg_().startswith("<svg")
    png, size = report.explanation.picture._repr_png_()
    assert png.startswith(b"\x89PNG") and size["width"] > 0
    assert 2 <= len(report.lines()) <= MAX_LINES


def test_the_reports_say_what_differs_and_their_legends_name_only_what_is_drawn() -> None:
    name = check(exercise("lights_out.cell_name")(WRONG["lights_out.cell_name"]))
    assert "the shipped name is 'b1'" in name.message and "yours is 'a2', the name of another lamp" in name.message
    assert name.explanation.marks == 2 and "red cross" in name.message

    mask = check(exercise("lights_out.press_mask")(WRONG["lights_out.press_mask"]))
    assert "A press on e1 of a 5 × 5 board" in mask.message and "not neighbours: a2" in mask.message
    assert mask.explanation.marks == 1 and "red cross" in mask.message and "red ring" not in mask.message

    toggled = check(exercise("lights_out.toggle")(WRONG["lights_out.toggle"]))
    assert "should be dark:        b1 b2" in toggled.message and "should be lit" not in toggled.message
    assert toggled.explanation.marks == 2 and "red cross" in toggled.message and "red ring" not in toggled.message

    forgets = check(exercise("lights_out.press_mask")(lambda size, row, col: 1 << (row * size + col)))
    assert "A press on c3 of a 5 × 5 board" in forgets.message and "missing: c2 b3 d3 c4" in forgets.message
    assert forgets.explanation.marks == 4 and "red cross" not in forgets.message


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_crash_is_drawn_too(exercise_id: str) -> None:
    def crash(*args: Any) -> Any:
        raise ZeroDivisionError("division by zero")

    report = check(exercise(exercise_id)(crash))
    assert report.status == FAILED and "raised ZeroDivisionError" in report.message
    assert report.explanation is not None and report.explanation.marks >= 1


# -- the pieces reach the game and the board -----------------------------------------------------------------
def test_your_pieces_names_each_piece_and_says_in_one_line_which_are_yours(capsys) -> None:
    @exercise("lights_out.toggle")
    def toggle(lights, mask):
        return lights ^ mask

    @exercise("lights_out.cell_name")
    def cell_name(row, col):
        ...

    pieces = your_pieces(cell_name, toggle)
    assert pieces["toggle"] is toggle and pieces["cell_name"] is not cell_name
    assert capsys.readouterr().out.strip().splitlines() == [
        "your pieces: 1 of 2 ✔ · the shipped cell_name (not written yet)"]


def test_a_board_plays_by_the_learners_pieces() -> None:
    swapped = LightsOutBoard(size=3, seed=0, sound=False, clock=False,
                             pieces={"cell_name": lambda row, col: "abc"[row] + str(col + 1)})
    click(swapped, Lamp(0, 1))  # b1, named a2 by this cell_name: the press lands on a2
    assert swapped.record.actions == ["a2"]

    lamp_only = LightsOutBoard(size=3, seed=0, sound=False, clock=False,
                               pieces={"press_mask": lambda size, row, col: 1 << (row * size + col)})
    before = lamp_only.game.lights
    click(lamp_only, Lamp(1, 1))
    assert lamp_only.game.lights == before ^ 0b000010000

    never_off = LightsOut.with_pieces(toggle=lambda lights, mask: lights | mask).new(size=3, seed=0)
    never_off.play("b2")
    assert never_off.lights == LightsOut.new(size=3, seed=0).lights | 0b010111010


def test_a_piece_that_fails_on_a_board_is_refused_in_words_and_changes_nothing() -> None:
    board = LightsOutBoard(size=3, seed=0, sound=False, clock=False, pieces={"toggle": lambda lights, mask: None})
    before = board.game.lights
    click(board, Lamp(1, 1))
    assert board.record.actions == [] and board.game.lights == before
    assert "toggle(" in board.message and "is not a set of lamps" in board.message

    crashing = LightsOutBoard(size=3, seed=0, sound=False, clock=False, pieces={"cell_name": lambda row, col: 1 / 0})
    click(crashing, Lamp(0, 0))
    assert crashing.record.actions == [] and "cell_name(0, 0) raised ZeroDivisionError" in crashing.message

    with pytest.raises(TypeError, match="no piece called flip"):
        LightsOut.with_pieces(flip=lambda lights, mask: lights)


def test_hint_says_when_no_presses_solve_a_puzzle_under_another_press_rule() -> None:
    def diagonal(size, row, col):
        return sum(1 << (r * size + c) for r in range(row - 1, row + 2) for c in range(col - 1, col + 2)
                   if 0 <= r < size and 0 <= c < size)

    for seed in range(20):
        board = LightsOutBoard(size=5, seed=seed, sound=False, clock=False, pieces={"press_mask": diagonal})
        try:
            solve(board.game)
        except IllegalMove:
            board.hint()
            assert board.message.startswith("No hint: no set of presses turns every light off")
            return
    pytest.fail("every puzzle had a solution under the diagonal rule")
