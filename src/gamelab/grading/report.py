"""What grading tells: a table for a person, JSON for a program, a score and an exit status for a CI job.

>>> from gamelab.grading.grader import ExerciseResult, NotebookResult
>>> result = NotebookResult("alice/01_othello.ipynb", "01_othello", "alice", [
...     ExerciseResult("othello.flip", "passed", ["✔ othello.flip: flip() agrees with the shipped version on all 9 cases."]),
...     ExerciseResult("othello.winner", "not written", ["✎ othello.winner: not written yet."])])
>>> print(table([result]))
alice/01_othello.ipynb  (alice · 01_othello)  1/2 passed
  othello.flip    passed       ✔ othello.flip: flip() agrees with the shipped version on all 9 cases.
  othello.winner  not written  ✎ othello.winner: not written yet.
total: 1/2 exercises passed (50.0 %) in 1 notebook
>>> summary([result])["score"], exit_status([result])
(50.0, 1)
"""

from __future__ import annotations

import json
from typing import Any

from .grader import NotebookResult

__all__ = ["table", "as_json", "summary", "exit_status", "EXIT_PASSED", "EXIT_FAILED", "EXIT_NOT_GRADED",
           "EXIT_USAGE"]

#: exit statuses, as pytest's: all passed, some did not, a notebook could not be graded, the command was wrong
EXIT_PASSED, EXIT_FAILED, EXIT_NOT_GRADED, EXIT_USAGE = 0, 1, 2, 3


def summary(results: list[NotebookResult]) -> dict[str, Any]:
    """Totals over every notebook: exercises passed, exercises asked, the score in percent, notebooks graded."""
    passed = sum(r.passed for r in results)
    total = sum(r.total for r in results)
    return {"passed": passed, "total": total, "score": round(100.0 * passed / total, 1) if total else 0.0,
            "notebooks": len(results), "not_graded": sum(r.problem is not None for r in results)}


def exit_status(results: list[NotebookResult], fail_under: float | None = None) -> int:
    """0 when every exercise passed (or the score reached ``fail_under``), 1 when not, 2 when a notebook could
    not be graded at all."""
    if any(r.problem is not None for r in results):
        return EXIT_NOT_GRADED
    totals = summary(results)
    if fail_under is not None:
        return EXIT_PASSED if totals["score"] >= fail_under else EXIT_FAILED
    return EXIT_PASSED if totals["passed"] == totals["total"] else EXIT_FAILED


def _heading(result: NotebookResult) -> str:
    who = " · ".join(x for x in (result.learner, result.lesson) if x)
    head = f"{result.notebook}  ({who})" if who else result.notebook
    if result.problem is not None:
        return f"{head}  not graded: {result.problem}"
    return f"{head}  {result.passed}/{result.total} passed"


def table(results: list[NotebookResult]) -> str:
    """Per notebook a heading with its score, a line per exercise (status and the report's first line), its
    notes; then the total."""
    lines: list[str] = []
    width = max((len(e.exercise) for r in results for e in r.exercises), default=0)
    for result in results:
        lines.append(_heading(result))
        for item in result.exercises:
            lines.append(f"  {item.exercise:<{width}}  {item.status:<11}  {item.message}".rstrip())
        lines += [f"  note: {note}" for note in result.notes]
    totals = summary(results)
    count = totals["notebooks"]
    tail = f"total: {totals['passed']}/{totals['total']} exercises passed ({totals['score']:.1f} %) in {count} notebook" \
           f"{'s' if count != 1 else ''}"
    if totals["not_graded"]:
        tail += f"; {totals['not_graded']} not graded"
    lines.append(tail)
    return "\n".join(lines)


def as_json(results: list[NotebookResult]) -> str:
    """Every notebook with every exercise (each message in full, line by line), and the totals."""
    return json.dumps({**summary(results), "results": [r.as_dict() for r in results]}, ensure_ascii=False, indent=1)

