"""``gamelab grade``: grading learners' notebooks so that only a correct answer passes.

The layers, from the outside in:

* :mod:`~gamelab.grading.grader` reads each notebook as data, plans it with the judge, runs the planned
  cells in the submission's own walled-in process and hands its answers to the judge, lane by lane;
* :mod:`~gamelab.grading.plan` reads a notebook's source: which cell is which exercise, what is known
  without running it (not written, missing, a syntax error, the shipped solution named), what to run;
* :mod:`~gamelab.grading.runner` is the submission's process: the learner's cells, then answers as data;
* :mod:`~gamelab.grading.sandbox` walls that process in (its own user, mounts, network, limits);
* :mod:`~gamelab.grading.judge` compares the answers with the shipped ones and writes the reports;
* :mod:`~gamelab.grading.frames` is how they talk.

>>> from gamelab.grading import STATUSES
>>> STATUSES
('passed', 'failed', 'not written', 'missing', 'timed out', 'error', 'uses the shipped solution')
"""

from .grader import (
                     FAILED,
                     PASSED,
                     STATUSES,
                     TIMED_OUT,
                     ExerciseResult,
                     Lane,
                     NotebookResult,
                     Options,
                     Submission,
                     grade,
                     grade_submission,
                     read_submission,
)
from .plan import ERROR, MISSING, NOT_WRITTEN, SHIPPED

__all__ = ["grade", "grade_submission", "read_submission", "Options", "Submission", "Lane", "NotebookResult",
           "ExerciseResult", "STATUSES", "PASSED", "FAILED", "NOT_WRITTEN", "MISSING", "TIMED_OUT", "ERROR", "SHIPPED"]
