"""The lessons that ship with gamelab: their notebooks, ids and exercises, read from the package itself.

A lesson's id is its notebook's name without ``.ipynb`` (``01_othello``); every shipped notebook also
carries it in its metadata (``{"gamelab": {"lesson": "01_othello"}}``), so a learner's copy is known
whatever its file is called. The exercises of a lesson are the cells of the *shipped* notebook tagged
``exercise``, in order: what a learner's copy holds never decides what a lesson asks.

>>> lesson = find_lesson("01_othello")
>>> lesson.title, lesson.exercises[:2]
('Othello', ('othello.squares_to_edge', 'othello.check_stone'))
>>> find_lesson("othello.ipynb").id, find_lesson("work/alice/01_othello (3).ipynb").id
('01_othello', '01_othello')
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

__all__ = ["Lesson", "lesson_files", "lessons", "find_lesson", "lesson_of_metadata", "cell_source"]


def lesson_files() -> list[Path]:
    """The lesson notebooks shipped inside the package (also when installed from a wheel)."""
    folder = resources.files("gamelab.lessons") / "notebooks"
    return sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".ipynb"))


def cell_source(cell: Any) -> str:
    """A cell's source as one string (nbformat stores a string or a list of lines); "" for anything else."""
    source = cell.get("source", "") if isinstance(cell, dict) else ""
    if isinstance(source, list) and all(isinstance(line, str) for line in source):
        return "".join(source)
    return source if isinstance(source, str) else ""


@dataclass(frozen=True)
class Lesson:
    """One shipped lesson: its id, file, title, its exercises in order, and its cells as shipped."""

    id: str
    path: Path
    title: str
    #: the exercise ids, in the notebook's order
    exercises: tuple[str, ...]
    #: exercise id -> the id of the shipped cell that holds its stub
    exercise_cells: dict[str, str] = field(repr=False)
    #: every shipped code cell's id -> its source (a learner's copy keeps the ids)
    code_cells: dict[str, str] = field(repr=False)
    #: the lesson module that registers the exercises (``gamelab.lessons.othello``)
    module: str = ""

    @property
    def game(self) -> str:
        return self.id.split("_", 1)[-1]


def _title(notebook: dict[str, Any]) -> str:
    for cell in notebook.get("cells", []):
        if cell.get("cell_type") == "markdown":
            for line in cell_source(cell).splitlines():
                if line.startswith("# "):
                    title = re.split(r"[:—–(]", line[2:])[0]
                    return re.sub(r"^\d+\s*·\s*", "", title).strip()
    return ""


@cache
def lessons() -> dict[str, Lesson]:
    """Every shipped lesson by id, in order."""
    from .exercises import registry

    known = registry()
    found: dict[str, Lesson] = {}
    for path in lesson_files():
        notebook = json.loads(path.read_text(encoding="utf-8"))
        ids: list[str] = []
        cells: dict[str, str] = {}
        code: dict[str, str] = {}
        for cell in notebook.get("cells", []):
            if cell.get("cell_type") != "code":
                continue
            code[cell.get("id", "")] = cell_source(cell)
            metadata = cell.get("metadata", {})
            if "exercise" in metadata.get("tags", []) and metadata.get("exercise_id"):
                ids.append(metadata["exercise_id"])
                cells[metadata["exercise_id"]] = cell.get("id", "")
        modules = {getattr(known[i].cases, "__module__", "") for i in ids if i in known}
        module = min(modules) if len(modules) == 1 else ""
        found[path.stem] = Lesson(path.stem, path, _title(notebook), tuple(ids), cells, code, module)
    return found


def lesson_of_metadata(metadata: Any) -> str | None:
    """The lesson id a notebook's metadata names, if it is a shipped lesson's."""
    if not isinstance(metadata, dict):
        return None
    own = metadata.get("gamelab")
    lesson = own.get("lesson") if isinstance(own, dict) else None
    return lesson if isinstance(lesson, str) and lesson in lessons() else None


def find_lesson(name: str) -> Lesson | None:
    """The shipped lesson a file name means: ``01_othello.ipynb``, ``othello.ipynb``, ``01_othello (2).ipynb``,
    a path, or a lesson id; ``None`` when it names none (or more than one)."""
    stem = Path(name).name.removesuffix(".ipynb").lower()
    table = lessons()
    if stem in table:
        return table[stem]
    words = set(re.findall(r"[a-z]+", stem)) - {"here", "rules"}
    hits = [lesson for lesson in table.values() if lesson.id in stem or words & set(lesson.game.split("_"))]
    return hits[0] if len(hits) == 1 else None
