"""Notebooks to grade in the grading tests: the start-here lesson (three exercises, quick: ``press_mask``
made honest, wrong or hostile, the other two written right), the solutions of every lesson, and the wrong
versions every lesson shows."""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path
from typing import Any

import nbformat

from gamelab.grading import NotebookResult, Options, Submission, grade
from gamelab.grading.bench import solved, with_wrong_versions, wrong_versions  # noqa: F401 (the tests' notebooks)
from gamelab.grading.sandbox import privileged
from gamelab.lessons.exercises import solution_source

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
START = NOTEBOOKS / "00_start_here.ipynb"
EXERCISE = "lights_out.press_mask"
SOLUTION = solution_source(EXERCISE)
WRONG = f'@exercise("{EXERCISE}")\ndef press_mask(size, row, col):\n    return 1 << (row * size + col)   # no neighbours\n'

#: the sandbox's guarantees hold where the grader can drop privileges (CI containers run as root)
needs_root = privileged


def body(code: str) -> str:
    """An exercise cell for press_mask whose body is ``code`` (indented for you)."""
    return f'@exercise("{EXERCISE}")\ndef press_mask(size, row, col):\n' + "".join(
        f"    {line}\n" for line in code.strip("\n").splitlines())


@cache
def _start() -> Any:
    return nbformat.read(START, as_version=4)


#: the lesson's exercise cells, (id, index), in order, and the index of press_mask's
EXERCISE_CELLS = [(c.metadata["exercise_id"], k) for k, c in enumerate(_start().cells)
                  if "exercise" in c.metadata.get("tags", [])]
PRESS_AT = dict(EXERCISE_CELLS)[EXERCISE]


def start_here(exercise: str | None = None, *, before: tuple[str, ...] = (), after: tuple[str, ...] = (),
               metadata: dict[str, Any] | None = None, tag_after: bool = False) -> Any:
    """The start-here lesson with press_mask's exercise cell holding ``exercise`` (default: the stub), ``before``
    cells put just above it and ``after`` cells just below its check cell (tagged as the exercise, with
    ``tag_after``: a learner's copy of the exercise cell)."""
    notebook = copy.deepcopy(_start())
    for other in notebook.cells:  # the lesson's other exercises, written right
        other_id = other.metadata.get("exercise_id")
        if "exercise" in other.metadata.get("tags", []) and other_id not in (None, EXERCISE):
            other.source = solution_source(other_id)
    index = next(k for k, c in enumerate(notebook.cells) if c.metadata.get("exercise_id") == EXERCISE)
    cell = notebook.cells[index]
    if exercise is not None:
        cell.source = exercise
    if metadata is not None:
        cell.metadata = metadata
    for source in reversed(before):
        notebook.cells.insert(index, nbformat.v4.new_code_cell(source))
    check_at = index + len(before) + 1
    for k, source in enumerate(after):
        extra = nbformat.v4.new_code_cell(source)
        if tag_after:
            extra.metadata = copy.deepcopy(cell.metadata)
        notebook.cells.insert(check_at + 1 + k, extra)
    return notebook


def untouched() -> Any:
    """The start-here lesson as shipped: nothing written."""
    return copy.deepcopy(_start())


def write(notebook: Any, path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    nbformat.write(notebook, path)
    return path


def graded(paths: list[Path], **options: Any) -> dict[str, NotebookResult]:
    """``gamelab grade``'s results for ``paths``, by file name (``jobs`` among the options)."""
    jobs = options.pop("jobs", 2)
    results = grade([Submission(str(p), path=str(p)) for p in paths], Options(**options), jobs=jobs)
    return {Path(r.notebook).name: r for r in results}


def asked(result: Any) -> Any:
    """The press_mask row of a graded notebook (a ``NotebookResult``) or of a plan."""
    (row,) = [r for r in result.exercises if getattr(r, "exercise", getattr(r, "id", None)) == EXERCISE]
    return row


def statuses(result: NotebookResult) -> dict[str, str]:
    return {r.exercise: r.status for r in result.exercises}
