"""Grading a whole class: a folder of ``<learner>/<lesson>.ipynb``, in parallel or on a Dask cluster, with a
feedback page per learner and lesson, a gradebook, and the lessons as an nbgrader course."""

from __future__ import annotations

import copy
import csv
import json
import re
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from gamelab.cli import collect, main
from gamelab.grading import FAILED, Options, grade
from gamelab.lessons.catalog import lessons
from gamelab.lessons.exercises import solution_source
from tests.browsing import artifacts_dir

from .notebooks import SOLUTION, WRONG, start_here, untouched, write

RIICHI = "05_riichi_rules"
WRONG_NOTEN = '''@exercise("riichi.noten_payments")
def noten_payments(tenpai):
    return [3000 if t else -1000 for t in tenpai]   # forgets that nothing moves when nobody is tenpai'''


def _riichi(wrong: bool) -> nbformat.NotebookNode:
    from .notebooks import solved

    notebook = solved(RIICHI)
    if wrong:
        cell = next(c for c in notebook.cells if c.metadata.get("exercise_id") == "riichi.noten_payments")
        cell.source = WRONG_NOTEN
    return notebook


@pytest.fixture(scope="module")
def classroom(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("class") / "submissions"
    write(start_here(SOLUTION), folder / "alice" / "00_start_here.ipynb")
    write(_riichi(wrong=False), folder / "alice" / f"{RIICHI}.ipynb")
    write(start_here(WRONG), folder / "bob" / "00_start_here.ipynb")
    write(_riichi(wrong=True), folder / "bob" / f"{RIICHI}.ipynb")
    write(untouched(), folder / "chloé" / "week 1" / "00_start_here.ipynb")  # nbgrader's <learner>/<assignment>/
    return folder


@pytest.fixture(scope="module")
def one_at_a_time(classroom: Path):
    return grade(collect([str(classroom)]), Options(), jobs=1)


def _verdicts(results) -> list[tuple]:
    return [(r.learner, r.lesson, r.problem, [(e.exercise, e.status, e.lines) for e in r.exercises]) for r in results]


def test_a_class_folder_names_each_learner_in_a_stable_order(classroom: Path, one_at_a_time) -> None:
    assert [(r.learner, r.lesson, r.passed, r.total) for r in one_at_a_time] == [
        ("alice", "00_start_here", 3, 3), ("alice", RIICHI, 15, 15), ("bob", "00_start_here", 2, 3),
        ("bob", RIICHI, 14, 15), ("chloé", "00_start_here", 0, 3)]
    in_parallel = grade(collect([str(classroom)]), Options(), jobs=2)
    assert _verdicts(in_parallel) == _verdicts(one_at_a_time)


def test_a_two_worker_cluster_grades_as_one_machine_does(classroom: Path, one_at_a_time) -> None:
    distributed = pytest.importorskip("distributed")
    from gamelab.grading.cluster import grade_on_cluster

    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        results = grade_on_cluster(collect([str(classroom)]), Options(), cluster.scheduler_address)
    assert _verdicts(results) == _verdicts(one_at_a_time)
    assert any(e.picture for r in results for e in r.exercises if e.status == FAILED)


def test_feedback_pages_and_the_gradebook(classroom: Path, tmp_path: Path, capsys) -> None:
    pages, book = tmp_path / "feedback", tmp_path / "grades.csv"
    assert main(["grade", str(classroom), "--feedback", str(pages), "--csv", str(book), "--json"]) == 1
    report = json.loads(capsys.readouterr().out)
    assert (report["passed"], report["total"]) == (34, 39)
    written = sorted(str(p.relative_to(pages)) for p in pages.rglob("*.html"))
    assert written == ["alice/00_start_here.html", f"alice/{RIICHI}.html", "bob/00_start_here.html",
                       f"bob/{RIICHI}.html", "chloé/00_start_here.html", "index.html"]
    bob = (pages / "bob" / f"{RIICHI}.html").read_text(encoding="utf-8")
    assert "14 of 15 exercises passed" in bob and "✘ failed" in bob and "12 of 16 cases differ" in bob
    assert bob.count("<svg") == 1 and "<script" not in bob and not re.search(r"(src|href)=\"(?!data:)", bob)
    assert 'name="viewport"' in bob and "Content-Security-Policy" in bob
    assert "not written yet" in (pages / "chloé" / "00_start_here.html").read_text(encoding="utf-8")
    rows = list(csv.DictReader(book.open(encoding="utf-8")))
    columns = ["learner", *lessons()["00_start_here"].exercises, "00_start_here total", *lessons()[RIICHI].exercises,
               f"{RIICHI} total"]
    assert list(rows[0]) == columns
    by_learner = {row["learner"]: row for row in rows}
    assert by_learner["alice"][f"{RIICHI} total"] == "15" and by_learner["bob"][f"{RIICHI} total"] == "14"
    assert by_learner["bob"]["riichi.noten_payments"] == "0" and by_learner["bob"]["riichi.is_tenpai"] == "1"
    assert by_learner["chloé"]["00_start_here total"] == "0" and by_learner["chloé"][f"{RIICHI} total"] == "0"


def test_a_feedback_page_reads_on_a_phone(classroom: Path, tmp_path: Path, browser) -> None:
    pages = tmp_path / "feedback"
    assert main(["grade", str(classroom / "bob"), "--feedback", str(pages)]) == 1
    context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
    page = context.new_page()
    page.goto((pages / f"{RIICHI}.html").as_uri())
    assert page.evaluate("document.documentElement.scrollWidth") <= 390  # nothing wider than the phone
    figure = page.locator("figure svg").first
    box = figure.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390 and box["height"] > 100
    assert page.locator("section").count() == 15
    page.locator("section", has_text="failed").first.screenshot(path=str(artifacts_dir() / "feedback-phone.png"))
    page.screenshot(path=str(artifacts_dir() / "feedback-phone-page.png"), full_page=True)
    context.close()


def test_the_lessons_as_an_nbgrader_course_give_full_and_partial_points(tmp_path: Path) -> None:
    pytest.importorskip("nbgrader")
    course = tmp_path / "course"
    assert main(["lessons", "--nbgrader", str(course)]) == 0
    source = nbformat.read(course / "source" / RIICHI / f"{RIICHI}.ipynb", as_version=4)
    kinds = [c.metadata["nbgrader"] for c in source.cells]
    assert sum(k["solution"] for k in kinds) == sum(k["grade"] for k in kinds) == 15
    assert all(k["locked"] for k in kinds if not k["solution"])

    def nbgrader(*args: str) -> None:
        done = subprocess.run([sys.executable, "-m", "nbgrader", *args], cwd=course, capture_output=True, text=True,
                              timeout=600)
        assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]

    for learner in ("alice", "bob"):
        nbgrader("db", "student", "add", learner)
    nbgrader("generate_assignment", RIICHI, "--create", "--force")
    released = nbformat.read(course / "release" / RIICHI / f"{RIICHI}.ipynb", as_version=4)
    answer = next(c for c in released.cells if c.metadata.get("exercise_id") == "riichi.is_tenpai")
    assert "raise NotImplementedError" in answer.source and "def is_tenpai(hand):" in answer.source
    for learner, wrong in (("alice", False), ("bob", True)):
        work = copy.deepcopy(released)
        for cell in work.cells:
            exercise_id = cell.metadata.get("exercise_id")
            if cell.metadata.get("nbgrader", {}).get("solution") and exercise_id:
                cell.source = WRONG_NOTEN if wrong and exercise_id == "riichi.noten_payments" else \
                    solution_source(exercise_id)
        write(work, course / "submitted" / learner / RIICHI / f"{RIICHI}.ipynb")
    nbgrader("autograde", RIICHI)
    from nbgrader.api import Gradebook

    with Gradebook(f"sqlite:///{course / 'gradebook.db'}") as book:
        scores = {who: (book.find_submission(RIICHI, who).score, book.find_submission(RIICHI, who).max_score)
                  for who in ("alice", "bob")}
    assert scores == {"alice": (15.0, 15.0), "bob": (14.0, 15.0)}

