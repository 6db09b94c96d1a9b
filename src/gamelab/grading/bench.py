"""``python -m gamelab.bench grading [--quick]``: how fast a class is graded, against a top-to-bottom run.

The class: learners × the six lessons, every learner's notebooks copies of the solutions' versions, except
that every other learner's carry the wrong versions the lessons show (so the verdicts compared are not all
"passed"). Quick: 2 learners (12 notebooks); full: 60 learners (360 notebooks).

The reference is what grading was before: each notebook run top to bottom in a fresh kernel of this
environment by nbclient, one after another, the verdicts read from its own check cells. Rows:

* ``notebooks per minute, -j 1`` and ``-j 2``: ``gamelab grade`` on the class, ratio to the reference's rate;
* ``a class of 60 learners × 6 lessons, minutes`` (full only), with ``-j 2``;
* ``verdicts equal to a top-to-bottom run``: 1 when every exercise of every notebook has the same status.
"""

from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path
from typing import Any

from ..measure import Row

__all__ = ["run", "solved", "wrong_versions", "with_wrong_versions", "make_class", "check_reports", "reference_verdicts"]


def solved(lesson_id: str) -> Any:
    """The lesson's solutions' version (a notebook node)."""
    import nbformat

    from ..lessons.catalog import lessons
    from ..lessons.solutions import with_solutions

    return with_solutions(nbformat.read(lessons()[lesson_id].path, as_version=4))  # type: ignore[no-untyped-call]  # nbformat has no annotations


def wrong_versions(lesson_id: str) -> dict[str, str]:
    """The wrong versions the lesson shows (cells that mark another function with an exercise's id), each as
    the exercise's own cell would hold it: exercise id -> source."""
    import nbformat

    from ..lessons.catalog import lessons
    from ..lessons.exercises import registry

    found: dict[str, str] = {}
    known = registry()
    for cell in nbformat.read(lessons()[lesson_id].path, as_version=4).cells:  # type: ignore[no-untyped-call]  # nbformat has no annotations
        if cell.cell_type != "code" or "exercise" in cell.metadata.get("tags", []):
            continue
        for match in re.finditer(r'@exercise\("([\w.]+)"\)\ndef (\w+)\(', cell.source):
            exercise_id, name = match.groups()
            if name == known[exercise_id].name or exercise_id in found:
                continue
            source = re.sub(r"^check\(.*$", "", cell.source, flags=re.M).rstrip() + "\n"
            found[exercise_id] = re.sub(rf"\b{name}\b", known[exercise_id].name, source)
    return found


def with_wrong_versions(lesson_id: str) -> Any:
    """The solutions' version with every wrong version the lesson shows in place of its exercise's answer."""
    from ..lessons.exercises import solution_source

    notebook = solved(lesson_id)
    wrong = wrong_versions(lesson_id)
    for cell in notebook.cells:
        exercise_id = cell.metadata.get("exercise_id")
        if "exercise" in cell.metadata.get("tags", []) and exercise_id in wrong:
            prefix = solution_source(exercise_id).split(f'@exercise("{exercise_id}")')[0]
            cell.source = prefix + wrong[exercise_id]
    return notebook


def make_class(folder: Path, learners: int) -> list[Path]:
    """``folder/learner-NN/<lesson>.ipynb`` for every learner and lesson (see the module's docstring)."""
    import nbformat

    from ..lessons.catalog import lessons

    variants = {lesson: (nbformat.writes(solved(lesson)), nbformat.writes(with_wrong_versions(lesson)))  # type: ignore[no-untyped-call]  # nbformat has no annotations
                for lesson in lessons()}
    paths = []
    for k in range(learners):
        for lesson, (right, wrong) in variants.items():
            path = folder / f"learner-{k:02d}" / f"{lesson}.ipynb"
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(wrong if k % 2 else right, encoding="utf-8")
            paths.append(path)
    return paths


_MARKS = {"✔": "passed", "✘": "failed", "✎": "not written"}


def check_reports(notebook: Any) -> list[tuple[str, str, bool, str]]:
    """What every ``check(name)`` cell of an executed notebook reported, read from its outputs as a learner
    sees them: ``(exercise id, status, whether it checked the exercise's own function, the report)``."""
    from ..lessons.exercises import registry

    known = registry()
    found = []
    for cell in notebook.cells:
        calls = re.findall(r"^check\((\w+)\)", cell.source, flags=re.M) if cell.cell_type == "code" else []
        for output in cell.get("outputs", []) if calls else []:
            plain = output.get("data", {}).get("text/plain", "")
            head = re.match(r"([✔✘✎]) ([\w.]+):", plain)
            if head and head.group(2) in known:
                own = calls[-1] == known[head.group(2)].name
                found.append((head.group(2), _MARKS[head.group(1)], own, plain))
    return found


def reference_verdicts(path: Path) -> dict[str, str]:
    """The notebook run top to bottom by nbclient in a fresh kernel: each exercise's status as its own check
    cell reported it."""
    import nbformat
    from nbclient import NotebookClient

    notebook = nbformat.read(path, as_version=4)  # type: ignore[no-untyped-call]  # nbformat has no annotations
    NotebookClient(notebook, timeout=600, kernel_name="python3", allow_errors=True, store_widget_state=False,
                   resources={"metadata": {"path": str(path.parent)}}).execute()
    return {exercise: status for exercise, status, own, _ in check_reports(notebook) if own}


def run(quick: bool = False) -> list[Row]:
    from . import Options, Submission, grade

    learners = 2 if quick else 60
    rows: list[Row] = []
    with tempfile.TemporaryDirectory() as tmp:
        paths = make_class(Path(tmp), learners)
        submissions = [Submission(str(p), path=str(p), learner=p.parent.name) for p in paths]
        start = time.perf_counter()
        reference = {str(p): reference_verdicts(p) for p in paths}
        reference_rate = len(paths) / ((time.perf_counter() - start) / 60)
        equal = True
        for jobs in (1, 2):
            start = time.perf_counter()
            results = grade(submissions, Options(), jobs=jobs)
            minutes = (time.perf_counter() - start) / 60
            rate = len(paths) / minutes
            rows.append(Row("grading", f"notebooks per minute, -j {jobs}", round(rate, 1), "notebooks/min",
                            f"top-to-bottom nbclient, {len(paths)} notebooks", round(reference_rate, 1),
                            rate / reference_rate))
            for result in results:
                ours = {e.exercise: e.status for e in result.exercises}
                equal = equal and ours == reference[result.notebook]
            if jobs == 2 and not quick:
                rows.append(Row("grading", f"a class of {learners} learners × 6 lessons, minutes", round(minutes, 2),
                                "min", "top-to-bottom nbclient, the same class", round(len(paths) / reference_rate, 1),
                                minutes / (len(paths) / reference_rate)))
        rows.append(Row("grading", "verdicts equal to a top-to-bottom run", int(equal), "1 = all agree"))
    return rows
