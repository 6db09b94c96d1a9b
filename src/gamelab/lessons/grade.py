"""``gamelab grade``: run learners' notebooks and say, per exercise, passed, failed or not written.

Each notebook runs top to bottom in a fresh kernel (errors in a learner's cell do not stop it: later
cells run, as in "Run All" with errors allowed). Every ``check(...)`` appends its result to a log the
grader names in ``GAMELAB_GRADE_LOG``; an exercise cell (tagged ``exercise``) whose check never ran is
reported as failed, with the reason.

The lesson notebooks themselves (also the solutions' versions from ``gamelab lessons --solutions``)
are the tests of this module: see tests/foundation/test_grade.py.
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Iterable

__all__ = ["Result", "NotebookError", "exercise_ids", "execute_logged", "grade_notebook", "grade", "format_results"]

STATUSES = ("passed", "failed", "not written")


@dataclass
class Result:
    """One exercise of one notebook."""

    notebook: str
    exercise: str
    status: str
    message: str

    def as_dict(self) -> dict[str, str]:
        return asdict(self)


class NotebookError(RuntimeError):
    """A notebook that could not be run at all (missing, not a notebook, the kernel died)."""


def exercise_ids(notebook: Any) -> list[str]:
    """The ``exercise_id`` of every cell tagged ``exercise``, in order."""
    ids = []
    for cell in notebook.cells:
        if "exercise" in cell.get("metadata", {}).get("tags", []):
            exercise_id = cell["metadata"].get("exercise_id")
            if exercise_id:
                ids.append(exercise_id)
    return ids


def execute_logged(notebook: Any, cwd: Path, *, timeout: int = 600, allow_errors: bool = True) -> list[dict[str, Any]]:
    """Run ``notebook`` (in place) in a fresh kernel with ``GAMELAB_GRADE_LOG`` set; its checks' log entries.

    ``allow_errors=False`` stops at the first cell that raises (a lesson's own tests want that).
    """
    from nbclient import NotebookClient

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "grade.jsonl"
        log.touch()
        previous = os.environ.get("GAMELAB_GRADE_LOG")
        os.environ["GAMELAB_GRADE_LOG"] = str(log)
        try:
            NotebookClient(notebook, timeout=timeout, kernel_name="python3", allow_errors=allow_errors,
                           store_widget_state=False, resources={"metadata": {"path": str(cwd)}}).execute()
        finally:
            if previous is None:
                os.environ.pop("GAMELAB_GRADE_LOG", None)
            else:
                os.environ["GAMELAB_GRADE_LOG"] = previous
        return [json.loads(line) for line in log.read_text(encoding="utf-8").splitlines() if line.strip()]


def grade_notebook(path: str | os.PathLike[str], *, timeout: int = 600) -> list[Result]:
    """Run ``path`` in a fresh kernel and return one :class:`Result` per exercise cell."""
    import nbformat
    from nbclient.exceptions import DeadKernelError

    shown = path  # as the caller named it: two classes' 01_othello.ipynb stay apart in the table
    path = Path(path)
    try:
        notebook = nbformat.read(path, as_version=4)
    except FileNotFoundError:
        raise NotebookError(f"{path}: no such notebook") from None
    except Exception as exc:  # nbformat raises several kinds for a file that is not a notebook
        raise NotebookError(f"{path}: not a readable notebook ({exc})") from None
    ids = exercise_ids(notebook)
    try:
        entries = execute_logged(notebook, path.parent.resolve(), timeout=timeout, allow_errors=True)
    except DeadKernelError as exc:
        raise NotebookError(f"{path}: the kernel died ({exc})") from None
    except Exception as exc:
        raise NotebookError(f"{path}: could not be run ({type(exc).__name__}: {exc})") from None
    # The check of the exercise's own function counts (not a wrong version a lesson shows); run twice, the last.
    latest = {entry["exercise"]: entry for entry in entries if entry.get("counts", True)}
    results = []
    for exercise_id in ids:
        entry = latest.get(exercise_id)
        if entry is None:
            results.append(Result(str(shown), exercise_id, "failed",
                                  "its check did not run (an error in an earlier cell, or the check cell was removed)"))
        else:
            results.append(Result(str(shown), exercise_id, entry["status"], entry["message"]))
    return results


def grade(paths: Iterable[str | os.PathLike[str]], *, timeout: int = 600) -> tuple[list[Result], list[str]]:
    """Grade every notebook: the results, and the problems of notebooks that could not be run."""
    results: list[Result] = []
    problems: list[str] = []
    for path in paths:
        try:
            results.extend(grade_notebook(path, timeout=timeout))
        except NotebookError as exc:
            problems.append(str(exc))
    return results, problems


def format_results(results: list[Result]) -> str:
    """A table a person reads: per notebook, each exercise with its status and its check's first message.

    >>> print(format_results([Result("01_othello.ipynb", "othello.flip", "passed", "✔ …")]))
    01_othello.ipynb
      othello.flip  passed       ✔ …
    """
    lines: list[str] = []
    width = max((len(r.exercise) for r in results), default=0)
    notebook = None
    for result in results:
        if result.notebook != notebook:
            notebook = result.notebook
            lines.append(notebook)
        lines.append(f"  {result.exercise:<{width}}  {result.status:<11}  {result.message}")
    return "\n".join(lines)
