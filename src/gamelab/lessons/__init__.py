"""Helpers for the lessons: show the code that ships, check a learner's version, swap it into a game.

>>> from gamelab.lessons import show_source, check
>>> report = check(lambda n: n * 2, lambda n: n + n, cases=range(5), name="double")
>>> report.passed
True
"""

from .helpers import CheckReport, check, show_source, swap, swapped
from .setup import lesson_setup

__all__ = ["show_source", "check", "CheckReport", "swap", "swapped", "lesson_setup"]
