"""Helpers for the lessons: exercises the learner writes and checks, shipped code shown in part, grading.

* :func:`exercise` marks a learner's function as their version of a tutorial step; :func:`check` compares it
  with the shipped step ("not written yet", passed, or the first failing case drawn in the game's words);
  :func:`use` gives a board the learner's piece where it passes and the shipped one where it does not;
  :func:`solution` shows a step's shipped solution, collapsed.
* :func:`show_source` shows shipped code (a part of a function, with the rest collapsed); :func:`progress`
  shows a bar under a cell that takes a few seconds.
* ``gamelab grade`` (:mod:`gamelab.grading`) and ``gamelab lessons --solutions``
  (:mod:`gamelab.lessons.solutions`) are for instructors.

>>> from gamelab.lessons import show_source, compare
>>> report = compare(lambda n: n * 2, lambda n: n + n, cases=range(5), name="double")
>>> report.passed
True
"""

from .exercises import Exercise, ExerciseReport, Explanation, check, exercise, register, solution, use, use_all
from .helpers import CheckReport, compare, progress, show_source, swap, swapped
from .style import lesson_style

__all__ = ["exercise", "check", "use", "use_all", "solution", "Exercise", "Explanation", "ExerciseReport", "register",
           "show_source", "compare", "CheckReport", "swap", "swapped", "progress",
           "lesson_style"]
