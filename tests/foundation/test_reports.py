"""Every exercise's report on a wrong answer is a picture that marks what differs.

Each game's test folder keeps one plausible learner's mistake per exercise (``tests/<game>/wrong_answers.py``,
``WRONG: {exercise id: function}``). Checked here, for every exercise of every lesson: the check fails, its
report draws the failing case (``explanation.picture``) with at least one difference marked, the picture
shows in an untrusted notebook (an ``<img>`` in the report's HTML), and its words fit a screen.
"""

from __future__ import annotations

import importlib

import pytest

from gamelab.lessons.exercises import FAILED, MAX_LINES, check, exercise, registry

GAMES = {"lights_out": "demo", "othello": "othello", "minesweeper": "minesweeper", "klondike": "klondike",
         "shanghai": "shanghai", "riichi": "riichi"}


def wrong_answers() -> dict[str, object]:
    found: dict[str, object] = {}
    for folder in sorted(set(GAMES.values())):
        found.update(importlib.import_module(f"tests.{folder}.wrong_answers").WRONG)
    return found


WRONG = wrong_answers()
EXERCISES = sorted(registry())


def test_every_exercise_has_a_wrong_answer_to_show():
    assert not sorted(set(EXERCISES) - set(WRONG)), "exercises without a wrong answer in tests/<game>/wrong_answers.py"
    assert not sorted(set(WRONG) - set(EXERCISES)), "wrong answers for exercises that do not exist"


@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_a_wrong_answer_is_reported_as_a_marked_picture(exercise_id):
    wrong = WRONG[exercise_id]
    report = check(exercise(exercise_id)(wrong))
    assert report.status == FAILED, report.message
    explanation = report.explanation
    assert explanation is not None and explanation.picture is not None, report.message
    assert explanation.marks >= 1, f"{exercise_id}: the picture marks nothing\n{report.message}"
    html = report._repr_html_()
    assert '<div class="gamelab-check-picture"><img src="data:image/' in html
    assert "<svg" not in html, "an inline SVG is stripped in an untrusted notebook"
    assert len(report.lines()) <= MAX_LINES
