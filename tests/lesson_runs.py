"""Running and grading lesson notebooks in tests: the same three runs for every lesson.

* :func:`execute` runs a notebook top to bottom in a fresh kernel of this environment (any error fails);
* :func:`check_results` reads what each of its ``check(...)`` cells said (from the outputs, as a learner sees
  them), and whether the check was of the exercise's own function or of a wrong version the lesson shows;
* :func:`graded` grades a notebook file with ``gamelab grade``'s machinery.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gamelab.grading import Options, Submission, grade
from gamelab.grading.bench import check_reports


def execute(notebook: Any, folder: Path, timeout: int = 300) -> Any:
    """``notebook`` run top to bottom in place (a fresh kernel, this environment), stopping at any error."""
    from nbclient import NotebookClient

    NotebookClient(notebook, timeout=timeout, kernel_name="python3", allow_errors=False, store_widget_state=False,
                   resources={"metadata": {"path": str(folder)}}).execute()
    return notebook


def exercise_ids(notebook: Any) -> list[str]:
    """The ``exercise_id`` of every cell tagged ``exercise``, in order."""
    return [cell.metadata["exercise_id"] for cell in notebook.cells
            if "exercise" in cell.get("metadata", {}).get("tags", []) and cell.metadata.get("exercise_id")]


@dataclass
class Checked:
    exercise: str
    status: str
    counts: bool  # the exercise's own function (not a wrong version the lesson shows)
    message: str


def check_results(notebook: Any) -> list[Checked]:
    """What every ``check(name)`` cell of an executed notebook reported, in order."""
    return [Checked(*found) for found in check_reports(notebook)]


def checked(notebook: Any) -> tuple[dict[str, str], dict[str, set[str]]]:
    """The executed notebook's checks: each exercise's own status, and the statuses of the wrong versions the
    lesson shows, by exercise."""
    own: dict[str, str] = {}
    shown: dict[str, set[str]] = {}
    for c in check_results(notebook):
        if c.counts:
            own[c.exercise] = c.status
        else:
            shown.setdefault(c.exercise, set()).add(c.status)
    return own, shown


@dataclass
class Graded:
    exercise: str
    status: str
    message: str  # every line of the report


def graded(path: Path, **options: Any) -> list[Graded]:
    """``gamelab grade``'s verdict on the notebook at ``path``, per exercise (its whole report as the message)."""
    (result,) = grade([Submission(str(path), path=str(path))], Options(**options))
    assert result.problem is None, result.problem
    return [Graded(r.exercise, r.status, "\n".join(r.lines)) for r in result.exercises]
