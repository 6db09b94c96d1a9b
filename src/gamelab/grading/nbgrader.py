"""The lessons as an nbgrader course: ``gamelab lessons --nbgrader DIR`` writes ``DIR/source/<lesson>/``.

For instructors who already run nbgrader (on JupyterHub, say): every lesson becomes an nbgrader assignment
from the same source as the lessons themselves.

* each exercise cell is a **solution cell** holding the shipped solution, its body between nbgrader's
  ``### BEGIN SOLUTION`` / ``### END SOLUTION`` markers (``nbgrader generate_assignment`` turns it back into
  a stub the lesson's check reads as "not written yet");
* each exercise's check cell is an **autograded test cell** worth one point: it shows the check's report and
  passes when the check does;
* every other cell is **read-only** (nbgrader restores those before grading).

nbgrader runs the learner's notebook in one kernel and takes a test cell that raises as failed; a learner
who sets out to fool a test cell in their own kernel can. ``gamelab grade`` decides verdicts outside the
learner's process: use it where a grade must be trusted.

>>> cell = solution_cell("lights_out.press_mask")
>>> "### BEGIN SOLUTION" in cell and cell.startswith('@exercise("lights_out.press_mask")')
True
"""

from __future__ import annotations

import ast
import copy
import re
from pathlib import Path
from typing import Any

from ..lessons.exercises import registry, solution_source

__all__ = ["solution_cell", "assignment", "write_course", "POINTS"]

#: the points of one exercise's test cell
POINTS = 1
_SCHEMA = 3


def solution_cell(exercise_id: str) -> str:
    """The exercise's solution with its body between nbgrader's solution markers (signature and docstring
    stay, so the released stub still says what to write)."""
    source = solution_source(exercise_id)
    lines = source.splitlines()
    tree = ast.parse(source)
    name = registry()[exercise_id].name
    function = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == name)
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant) and isinstance(
            body[0].value.value, str):
        body = body[1:]
    first, last = body[0].lineno - 1, (body[-1].end_lineno or body[-1].lineno)
    indent = re.match(r"\s*", lines[first]).group(0)  # type: ignore[union-attr]  # always matches
    marked = lines[:first] + [f"{indent}### BEGIN SOLUTION"] + lines[first:last] + [f"{indent}### END SOLUTION"]
    return "\n".join(marked + lines[last:]).rstrip() + "\n"


def _grade_id(text: str) -> str:
    return re.sub(r"[^A-Za-z0-9_-]", "-", text)


def assignment(notebook: Any) -> Any:
    """A lesson notebook as an nbgrader source notebook (a copy; outputs cleared)."""
    known = registry()
    made = copy.deepcopy(notebook)
    names: dict[str, str] = {}
    for index, cell in enumerate(made.cells):
        metadata = cell.setdefault("metadata", {})
        exercise_id = metadata.get("exercise_id") if "exercise" in metadata.get("tags", []) else None
        if cell.get("cell_type") == "code":
            cell["outputs"] = []
            cell["execution_count"] = None
        if exercise_id in known:
            cell["source"] = solution_cell(exercise_id)
            names[known[exercise_id].name] = exercise_id
            metadata["nbgrader"] = {"solution": True, "grade": False, "locked": False,
                                    "grade_id": _grade_id(exercise_id), "schema_version": _SCHEMA}
            continue
        checked = re.fullmatch(r"check\((\w+)\)\s*", cell.get("source", "")) if cell.get("cell_type") == "code" else None
        if checked and checked.group(1) in names:
            exercise_id = names.pop(checked.group(1))
            cell["source"] = (f"report = check({checked.group(1)})\ndisplay(report)\n"
                              f"assert report.passed, report.message")
            metadata["nbgrader"] = {"solution": False, "grade": True, "locked": True, "points": POINTS,
                                    "grade_id": _grade_id(f"{exercise_id}-check"), "schema_version": _SCHEMA}
            continue
        metadata["nbgrader"] = {"solution": False, "grade": False, "locked": True,
                                "grade_id": f"cell-{index:03d}", "schema_version": _SCHEMA}
    made.metadata.setdefault("gamelab", {})["nbgrader"] = True
    return made


def write_course(target: Path, sources: list[Path]) -> list[Path]:
    """``target/source/<lesson>/<lesson>.ipynb`` for every lesson, and an ``nbgrader_config.py`` when there is
    none; an existing notebook is never written over. Returns the notebooks written."""
    import nbformat

    written = []
    config = target / "nbgrader_config.py"
    if not config.exists() and not config.is_symlink():
        target.mkdir(parents=True, exist_ok=True)
        config.write_text('c = get_config()  # noqa: F821 (nbgrader provides it)\nc.CourseDirectory.course_id = "gamelab"\n',
                          encoding="utf-8")
    for source in sources:
        folder = target / "source" / source.stem
        folder.mkdir(parents=True, exist_ok=True)
        destination = folder / source.name
        if destination.exists() or destination.is_symlink():
            continue
        nbformat.write(assignment(nbformat.read(source, as_version=4)), destination)  # type: ignore[no-untyped-call]  # nbformat has no annotations
        written.append(destination)
    return written
