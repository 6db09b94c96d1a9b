"""Every exercise's report for a wrong answer draws a picture that marks what differs, and says the cause
where the picture alone cannot (cards left as lists, a waste not reversed, a deck turned face up)."""

from __future__ import annotations

import pytest

from gamelab.lessons.exercises import FAILED, check, exercise, registry

from .wrong_answers import MORE, WRONG, learner

IDS = sorted(key for key in registry() if key.startswith("klondike."))


def test_every_exercise_has_a_wrong_answer() -> None:
    assert sorted(WRONG) == IDS


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_wrong_answer_fails_with_a_picture_that_marks_a_difference(exercise_id: str) -> None:
    report = check(exercise(exercise_id)(WRONG[exercise_id]))
    assert report.status == FAILED
    explanation = report.explanation
    assert explanation.picture is not None and explanation.picture._repr_svg_().startswith("<svg")
    assert explanation.marks >= 1
    assert len(report.lines()) <= 20


@pytest.mark.parametrize("name", sorted(MORE))
def test_more_mistakes_are_drawn_with_marks_and_a_legend_of_only_what_is_drawn(name: str) -> None:
    report = check(learner(MORE[name]))
    assert report.status == FAILED
    explanation = report.explanation
    assert explanation.picture is not None and explanation.marks >= 1
    legends = [line for line in explanation.lines if line.startswith("In the picture:")]
    assert len(legends) == 1
    # the legend names a kind of mark only where the picture draws it: one phrase per kind drawn
    assert legends[0].count(";") + 1 == len(explanation.picture.kinds)


def test_a_restore_that_leaves_lists_says_so_in_words_once() -> None:
    lines = check(learner(MORE["restore_lists"])).lines()
    text = "\n".join(lines)
    assert "plain lists such as [" in text and "not Cards" in text and "Card(*[" in text
    assert "<[" not in text  # no wall of list reprs
    assert "a grey card with an amber edge is a plain list" in text


def test_a_stock_turned_over_without_reversing_the_waste_names_the_cause() -> None:
    report = check(WRONG["klondike.draw_from_stock"])
    text = report.message
    assert "the stock empty" in text and "keeps the waste's order" in text and "reversed" in text
    svg = report.explanation.picture._repr_svg_()
    assert "the stock, bottom → top" in svg  # the stock laid flat, its cards named


def test_a_deck_in_the_wrong_order_shows_its_faces_and_rings_only_the_first_difference() -> None:
    report = check(WRONG["klondike.new_deck"])
    kinds = report.explanation.picture.kinds
    assert kinds["first"] == 2  # the first differing place, in the shipped row and in yours
    svg = report.explanation.picture._repr_svg_()
    assert ">2♠<" in svg and ">A♥<" in svg  # the face-down cards' names are drawn
    assert "the first at place 2: shipped [2♠], yours [A♥]" in report.message


def test_an_answer_that_raises_is_reported_with_what_the_shipped_step_does() -> None:
    report = check(learner(MORE["move_raises"]))
    assert "raised IndexError" in report.lines()[1]
    assert report.explanation.marks >= 1 and "what the shipped step changes ringed" in report.message
