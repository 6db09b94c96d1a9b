"""gamelab grade and gamelab lessons --solutions, on the start-here lesson (its one exercise).

Every lesson's own test module grades its notebook the same three ways: as shipped (every exercise
"not written"), with the solutions (every exercise "passed"), and with one wrong answer ("failed", naming
the case). This one also covers the command line: exit status and the JSON form.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

from gamelab.cli import main
from gamelab.lessons.grade import exercise_ids, grade_notebook
from gamelab.lessons.solutions import with_solutions

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
START = NOTEBOOKS / "00_start_here.ipynb"

WRONG = '''@exercise("lights_out.press_mask")
def press_mask(size, row, col):
    return 1 << (row * size + col)   # forgets the neighbours'''


def _write(tmp_path: Path, notebook: nbformat.NotebookNode, name: str) -> Path:
    path = tmp_path / name
    nbformat.write(notebook, path)
    return path


def test_the_shipped_lesson_has_its_exercise_unwritten():
    notebook = nbformat.read(START, as_version=4)
    assert exercise_ids(notebook) == ["lights_out.press_mask"]
    results = grade_notebook(START)
    assert [(r.exercise, r.status) for r in results] == [("lights_out.press_mask", "not written")]
    assert "not written yet" in results[0].message


def test_the_solutions_version_passes_every_exercise(tmp_path):
    solved = with_solutions(nbformat.read(START, as_version=4))
    cell = next(c for c in solved.cells if "exercise" in c.metadata.get("tags", []))
    assert cell.source.startswith('@exercise("lights_out.press_mask")\ndef press_mask(size: int, row: int, col: int)')
    results = grade_notebook(_write(tmp_path, solved, "00_start_here.ipynb"))
    assert [(r.exercise, r.status) for r in results] == [("lights_out.press_mask", "passed")]


def test_one_wrong_answer_is_the_one_failure_and_names_the_case(tmp_path, capsys):
    notebook = nbformat.read(START, as_version=4)
    cell = next(c for c in notebook.cells if "exercise" in c.metadata.get("tags", []))
    cell.source = WRONG
    path = _write(tmp_path, notebook, "learner.ipynb")
    assert main(["grade", str(path), "--json"]) == 0
    (result,) = json.loads(capsys.readouterr().out)
    assert result["notebook"] == str(path) and result["status"] == "failed"
    assert "A press on a1 of a 2 × 2 board" in result["message"]


def test_a_notebook_that_cannot_run_makes_the_command_fail(tmp_path, capsys):
    broken = tmp_path / "broken.ipynb"
    broken.write_text("{not a notebook", encoding="utf-8")
    assert main(["grade", str(broken), str(tmp_path / "missing.ipynb")]) == 1
    err = capsys.readouterr().err
    assert "broken.ipynb: not a readable notebook" in err and "missing.ipynb: no such notebook" in err


def test_lessons_solutions_writes_every_lesson_filled_in(tmp_path, capsys):
    assert main(["lessons", "--solutions", str(tmp_path)]) == 0
    written = sorted(p.name for p in tmp_path.glob("*.ipynb"))
    assert written == sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
    for path in tmp_path.glob("*.ipynb"):
        notebook = nbformat.read(path, as_version=4)
        for cell in notebook.cells:
            if "exercise" in cell.metadata.get("tags", []):
                assert "your code here" not in cell.source, (path.name, cell.metadata["exercise_id"])
            if cell.cell_type == "code":
                assert cell.outputs == []


def test_the_board_plays_by_the_learners_press_rule():
    from gamelab.demo import Lamp
    from gamelab.demo.widget import LightsOutBoard
    from gamelab.widgets.testing import click

    def lamp_only(size: int, row: int, col: int) -> int:
        return 1 << (row * size + col)

    theirs, shipped = LightsOutBoard(size=3, seed=2, press_rule=lamp_only), LightsOutBoard(size=3, seed=2)
    before = theirs.game.lights
    click(theirs, Lamp(1, 1))
    click(shipped, Lamp(1, 1))
    assert theirs.game.lights == before ^ (1 << 4)  # only the pressed lamp
    assert shipped.game.lights != theirs.game.lights
    theirs.new_game()
    assert type(theirs.game).press_rule is not type(shipped.game).press_rule  # New game keeps the rule


@pytest.mark.parametrize("stub", ["    ...", "    pass", "    raise NotImplementedError", '    """Doc only."""'])
def test_every_kind_of_stub_is_not_written(stub):
    from gamelab.lessons.exercises import is_stub

    namespace: dict[str, object] = {}
    exec(compile(f"def f(x):\n{stub}\n", "<cell>", "exec"), namespace)
    assert is_stub(namespace["f"])  # type: ignore[arg-type]
