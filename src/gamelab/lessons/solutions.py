"""The instructor's versions of the lessons: every exercise stub filled in with the shipped solution.

``gamelab lessons --solutions DIR`` writes them. One source serves both (as in nbgrader and Otter): the
learner's notebook holds stubs, and the solution of an exercise is the shipped function itself
(:func:`gamelab.lessons.exercises.solution_source`), so the two can never drift apart.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .exercises import solution_source

__all__ = ["with_solutions", "write_solutions"]


def with_solutions(notebook: Any) -> Any:
    """A copy of ``notebook`` whose exercise cells hold their solutions, every output cleared (run it to see)."""
    import copy

    filled = copy.deepcopy(notebook)
    own = filled.metadata.setdefault("gamelab", {})
    own["solutions"] = True  # gamelab lessons --solutions never writes where such notebooks are not
    for cell in filled.cells:
        if cell.get("cell_type") != "code":
            continue
        metadata = cell.get("metadata", {})
        if "exercise" in metadata.get("tags", []) and metadata.get("exercise_id"):
            cell["source"] = solution_source(metadata["exercise_id"]).rstrip("\n")
        cell["outputs"] = []
        cell["execution_count"] = None
    return filled


def write_solutions(sources: list[Path], target: Path) -> list[Path]:
    """Write the solutions' version of every notebook in ``sources`` into ``target`` (same file names)."""
    import nbformat

    target.mkdir(parents=True, exist_ok=True)
    written = []
    for source in sources:
        notebook = nbformat.read(source, as_version=4)  # type: ignore[no-untyped-call]  # nbformat has no annotations
        destination = target / source.name
        nbformat.write(with_solutions(notebook), destination)  # type: ignore[no-untyped-call]  # nbformat has no annotations
        written.append(destination)
    return written
