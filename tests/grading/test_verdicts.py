"""Honest notebooks, graded: every lesson as shipped (nothing written), solved, and with the wrong versions it
shows; and the verdicts of a run of only the cells the verdicts need equal those of a top-to-bottom run."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest

from gamelab.grading import FAILED, NOT_WRITTEN, PASSED, NotebookResult
from gamelab.lessons.catalog import lessons

from .notebooks import graded, solved, with_wrong_versions, write, wrong_versions

LESSONS = list(lessons())
VARIANTS = ("shipped", "solved", "wrong")
#: pieces that call another piece the lesson shows a wrong version of (their checks fail with it, in the notebook too)
DEPENDENTS = {"04_shanghai": {"shanghai.init_tiles", "shanghai.search"}, "05_riichi_rules": {"riichi.tenpai_at_draw"}}


@pytest.fixture(scope="module")
def class_paths(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    folder = tmp_path_factory.mktemp("class")
    paths = []
    for lesson in LESSONS:
        paths.append(write(nbformat.read(lessons()[lesson].path, as_version=4), folder / "shipped" / f"{lesson}.ipynb"))
        paths.append(write(solved(lesson), folder / "solved" / f"{lesson}.ipynb"))
        paths.append(write(with_wrong_versions(lesson), folder / "wrong" / f"{lesson}.ipynb"))
    return paths


def _by_variant(results: list[NotebookResult]) -> dict[tuple[str, str], NotebookResult]:
    return {(Path(r.notebook).parent.name, Path(r.notebook).stem): r for r in results}


@pytest.fixture(scope="module")
def needed(class_paths: list[Path]) -> dict[tuple[str, str], NotebookResult]:
    from gamelab.grading import Options, Submission, grade

    return _by_variant(grade([Submission(str(p), path=str(p)) for p in class_paths], Options(), jobs=2))


@pytest.fixture(scope="module")
def top_to_bottom(class_paths: list[Path]) -> dict[tuple[str, str], NotebookResult]:
    from gamelab.grading import Options, Submission, grade

    return _by_variant(grade([Submission(str(p), path=str(p)) for p in class_paths], Options(mode="all"), jobs=2))


@pytest.mark.parametrize("lesson", LESSONS)
def test_a_lesson_as_shipped_has_every_exercise_not_written(needed, lesson: str) -> None:
    result = needed[("shipped", lesson)]
    assert result.problem is None and result.notes == []
    assert [r.exercise for r in result.exercises] == list(lessons()[lesson].exercises)
    assert {r.status for r in result.exercises} == {NOT_WRITTEN}


@pytest.mark.parametrize("lesson", LESSONS)
def test_the_solutions_pass_every_exercise(needed, lesson: str) -> None:
    result = needed[("solved", lesson)]
    assert result.problem is None
    assert {r.exercise: r.status for r in result.exercises} == dict.fromkeys(lessons()[lesson].exercises, PASSED)
    assert result.passed == result.total == len(lessons()[lesson].exercises)


@pytest.mark.parametrize("lesson", LESSONS)
def test_each_wrong_version_a_lesson_shows_fails_its_exercise(needed, lesson: str) -> None:
    """(Where a lesson's pieces call each other, as Shanghai's init_tiles calls get_edges, a piece that calls a
    wrong one fails with it, as its check in the notebook does: :data:`DEPENDENTS`.)"""
    result = needed[("wrong", lesson)]
    wrong = wrong_versions(lesson)
    assert wrong, f"{lesson} shows no wrong version"
    found = {r.exercise: r.status for r in result.exercises}
    assert {e for e in wrong if found[e] != FAILED} == set()
    assert set(found.values()) <= {PASSED, FAILED}
    assert set(wrong) <= {e for e, status in found.items() if status == FAILED} <= set(wrong) | DEPENDENTS.get(lesson, set())
    for item in result.exercises:
        if item.status == FAILED:
            assert item.message.startswith(f"✘ {item.exercise}: ") and " differ" in item.message
            assert len(item.lines) > 1, "the report says which case differs"


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("lesson", LESSONS)
def test_running_only_what_the_verdicts_need_gives_the_verdicts_of_a_top_to_bottom_run(
        needed, top_to_bottom, lesson: str, variant: str) -> None:
    fast, full = needed[(variant, lesson)], top_to_bottom[(variant, lesson)]
    assert [(r.exercise, r.status, r.lines) for r in fast.exercises] == \
           [(r.exercise, r.status, r.lines) for r in full.exercises]
    assert fast.problem == full.problem is None


def test_a_failure_comes_with_the_picture_the_notebooks_check_draws(needed) -> None:
    result = needed[("wrong", "01_othello")]
    failed = next(r for r in result.exercises if r.status == FAILED)
    assert failed.picture is not None and failed.picture.startswith("<svg")


def test_the_grade_and_the_notebooks_check_say_the_same_words(tmp_path: Path) -> None:
    from gamelab.lessons import check, exercise

    from .notebooks import EXERCISE, WRONG, asked, start_here

    result = graded([write(start_here(WRONG), tmp_path / "00_start_here.ipynb")])["00_start_here.ipynb"]
    namespace: dict[str, object] = {"exercise": exercise}
    exec(compile(WRONG, "<cell>", "exec"), namespace)
    report = check(namespace["press_mask"])  # type: ignore[arg-type]
    graded_exercise = asked(result)
    assert graded_exercise.exercise == EXERCISE
    assert graded_exercise.lines == report.lines()
