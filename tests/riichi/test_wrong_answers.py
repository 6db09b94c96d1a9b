"""Lesson 05's reports of a wrong answer: every exercise's draws a picture that marks what differs."""

from __future__ import annotations

import pytest

from gamelab.lessons import check, exercise
from gamelab.lessons.exercises import registry
from gamelab.lessons.riichi import EXERCISES
from tests.riichi.wrong_answers import WRONG

IDS = [ex.id for ex in EXERCISES]


def test_there_is_a_wrong_answer_for_every_exercise_of_the_lesson():
    assert sorted(WRONG) == sorted(IDS) == sorted(i for i in registry() if i.startswith("riichi."))


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_wrong_answer_fails_with_a_picture_that_marks_something(exercise_id):
    report = check(exercise(exercise_id)(WRONG[exercise_id]))
    assert report.status == "failed"
    assert report.explanation is not None and report.explanation.picture is not None
    assert report.explanation.marks >= 1
    assert "#d0021b" in report.explanation.picture._repr_svg_()  # the marks are red


def test_four_winds_shows_the_suffixes_that_differ_and_rings_them():
    report = check(exercise("riichi.is_four_winds")(WRONG["riichi.is_four_winds"]))
    text, svg = repr(report), report.explanation.picture._repr_svg_()
    assert "'z1_'" in text and "'z1*'" in text  # the discards as the step receives them
    assert "'z1_'" in svg.replace("&#x27;", "'").replace("&#39;", "'")  # and in the picture, by its tile
    assert "ringed" in text and report.explanation.marks == 4  # the three suffixed discards and the verdict


def test_a_rule_defaults_that_raises_is_said_to_raise_not_to_miss_its_keys():
    report = check(exercise("riichi.rule_defaults")(WRONG["riichi.rule_defaults"]))
    text = repr(report)
    assert "raised TypeError" in text and "rule.update(param)" in text
    assert "missing" not in text and "missing" not in report.explanation.picture._repr_svg_()
