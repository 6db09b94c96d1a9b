"""Reading a submission as data and planning it: never a crash on a malformed notebook, the exercises the
shipped lesson has (not the ones the learner's tags say), and only the cells the verdicts need."""

from __future__ import annotations

import json

import nbformat
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelab.grading.grader import read_submission
from gamelab.grading.plan import Cell, make_plan
from gamelab.lessons.catalog import lessons
from gamelab.lessons.exercises import registry

from .notebooks import EXERCISE, EXERCISE_CELLS, PRESS_AT, SOLUTION, WRONG, asked, solved, start_here

ANY_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
                        lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
                        max_leaves=8)


def _plan(notebook: object, name: str = "00_start_here.ipynb", mode: str = "needed"):
    lesson, cells, notes = read_submission(json.dumps(notebook).encode(), name)
    assert lesson is not None
    return make_plan(lessons()[lesson], [Cell.of(c) for c in cells], registry(), mode), notes


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(tags=ANY_JSON, exercise_id=ANY_JSON, metadata=ANY_JSON, cell_id=ANY_JSON, source=ANY_JSON, kind=ANY_JSON)
def test_any_json_in_a_cells_fields_is_read_or_noted_never_a_crash(tags, exercise_id, metadata, cell_id, source,
                                                                    kind) -> None:
    notebook = json.loads(nbformat.writes(start_here(SOLUTION)))
    cell = next(c for c in notebook["cells"] if c["metadata"].get("exercise_id") == EXERCISE)
    cell["metadata"]["tags"] = tags
    cell["metadata"]["exercise_id"] = exercise_id
    cell["id"] = cell_id
    extra = {"cell_type": kind, "source": source, "metadata": metadata}
    notebook["cells"].insert(3, extra)
    notebook["metadata"] = metadata
    plan, _ = _plan(notebook)
    only = asked(plan)
    assert only.id == "lights_out.press_mask" and only.status in (None, "missing", "error")


@pytest.mark.parametrize("broken", [b"", b"{", b"[]", b'{"cells": 5}', b'{"worksheets": []}', b"\xff\xfe",
                                    b'{"cells": [' + b"[" * 100_000 + b"]" * 100_000 + b"]}"])
def test_a_file_that_is_not_a_notebook_is_one_line(broken: bytes) -> None:
    with pytest.raises(ValueError) as problem:
        read_submission(broken, "00_start_here.ipynb")
    assert "\n" not in str(problem.value) and "notebook" in str(problem.value)


def test_the_exercises_are_the_lessons_whatever_the_tags_say() -> None:
    notebook = json.loads(nbformat.writes(start_here(SOLUTION)))
    for cell in notebook["cells"]:
        cell["metadata"].pop("tags", None)
        cell["metadata"].pop("exercise_id", None)
    plan, _ = _plan(notebook)
    assert [(p.id, p.status, p.cell) for p in plan.exercises] == [(name, None, k) for name, k in EXERCISE_CELLS]
    assert {"answer": "lights_out.press_mask"} in plan.steps


def test_a_renamed_function_in_a_new_cell_is_found_by_its_mark() -> None:
    notebook = json.loads(nbformat.writes(start_here()))
    notebook["cells"] = [c for c in notebook["cells"] if "exercise" not in c["metadata"].get("tags", [])]
    at = PRESS_AT - 1  # where press_mask's cell stood (the exercise cell before it is gone too)
    notebook["cells"].insert(at, {"cell_type": "code", "source": WRONG.replace("def press_mask", "def my_mask"),
                                  "metadata": {}, "outputs": [], "execution_count": None})
    plan, _ = _plan(notebook)
    only = asked(plan)
    assert (only.name, only.status, only.cell) == ("my_mask", None, at)


def test_the_wrong_versions_a_lesson_shows_are_never_taken_for_the_answer() -> None:
    notebook = json.loads(nbformat.writes(start_here(SOLUTION)))
    notebook["cells"] = [c for c in notebook["cells"] if "exercise" not in c["metadata"].get("tags", [])]
    plan, _ = _plan(notebook)
    assert [p.status for p in plan.exercises] == ["missing"] * 3  # the lesson's wrong versions are not it


def test_only_what_the_verdicts_need_runs() -> None:
    notebook = json.loads(nbformat.writes(solved("01_othello")))
    plan, _ = _plan(notebook, "01_othello.ipynb")
    ran = [notebook["cells"][s["run"]]["source"] for s in plan.steps if "run" in s]
    ran = ["".join(s) if isinstance(s, list) else s for s in ran]
    assert all("OthelloBoard(" not in s and "tournament(" not in s and "perft(" not in s for s in ran)
    assert any(s.startswith("from gamelab.lessons import lesson_style, exercise") for s in ran)
    assert sum(1 for s in plan.steps if "answer" in s) == 9
    everything, _ = _plan(notebook, "01_othello.ipynb", mode="all")
    assert sum(1 for s in everything.steps if "run" in s) == sum(1 for c in notebook["cells"] if c["cell_type"] == "code")


def test_each_exercise_is_asked_where_its_check_runs() -> None:
    notebook = json.loads(nbformat.writes(start_here(SOLUTION)))
    plan, _ = _plan(notebook, mode="all")
    where = plan.steps.index({"answer": "lights_out.press_mask"})
    assert plan.steps[where - 1] == {"run": PRESS_AT} and plan.steps[where + 1] == {"run": PRESS_AT + 1}  # its check


def test_the_lesson_is_known_by_its_metadata_whatever_the_files_name() -> None:
    data = nbformat.writes(start_here(SOLUTION)).encode()
    assert read_submission(data, "homework-1 (final).ipynb")[0] == "00_start_here"
    unnamed = json.loads(data)
    del unnamed["metadata"]["gamelab"]
    assert read_submission(json.dumps(unnamed).encode(), "bob/00_start_here.ipynb")[0] == "00_start_here"
    assert read_submission(json.dumps(unnamed).encode(), "homework.ipynb")[0] is None
