"""Grading on a Dask cluster: ``gamelab grade --dask SCHEDULER_ADDRESS`` (dask.distributed).

Each notebook is one task: its bytes go to a worker, which grades it exactly as ``gamelab grade`` does on one
machine (its own lanes: a judge each and, as root, a user id each) and sends the result back as plain data.
The workers need gamelab installed; nothing else is shared with them.
"""

from __future__ import annotations

import atexit
import queue
import threading
from typing import Any, Callable, Iterable

from .grader import ExerciseResult, Lane, NotebookResult, Options, Submission, grade_submission

__all__ = ["grade_on_cluster", "grade_remote", "result_of"]

_lanes: queue.Queue[Lane] = queue.Queue()
_made: list[Lane] = []
_lock = threading.Lock()


def _close_lanes() -> None:
    for lane in _made:
        lane.close()


def grade_remote(name: str, data: bytes, learner: str | None, options: Options) -> dict[str, Any]:
    """One notebook, graded on this worker (a task's body): the result as plain data, its pictures included."""
    try:
        lane = _lanes.get_nowait()
    except queue.Empty:
        with _lock:
            if not _made:
                from . import sandbox

                if sandbox.privileged():
                    sandbox.become_subreaper()
                atexit.register(_close_lanes)
            lane = Lane()
            _made.append(lane)
    try:
        return grade_submission(Submission(name, data=data, learner=learner), lane, options).as_dict(picture=True)
    finally:
        _lanes.put(lane)


def result_of(data: dict[str, Any]) -> NotebookResult:
    """A :class:`NotebookResult` from :meth:`NotebookResult.as_dict`'s data."""
    exercises = [ExerciseResult(e["exercise"], e["status"], list(e["lines"]), e.get("learner_line"), e.get("picture"))
                 for e in data["exercises"]]
    return NotebookResult(data["notebook"], data["lesson"], data["learner"], exercises, list(data["notes"]),
                          data["problem"], float(data.get("seconds", 0.0)), data.get("isolation"))


def grade_on_cluster(submissions: Iterable[Submission], options: Options, address: str,
                     on_result: Callable[[NotebookResult], None] | None = None) -> list[NotebookResult]:
    """Grade every submission on the Dask cluster at ``address``; the results in the submissions' order."""
    from distributed import Client, as_completed

    items = list(submissions)
    results: list[NotebookResult | None] = [None] * len(items)
    with Client(address) as client:  # type: ignore[no-untyped-call]  # distributed's Client is not annotated
        order = {}
        for k, submission in enumerate(items):
            try:
                data = submission.read()
            except OSError as exc:  # said here: the workers never see the instructor's files
                why = "no such notebook" if isinstance(exc, FileNotFoundError) else f"could not be read ({exc.strerror})"
                results[k] = NotebookResult(submission.name, None, submission.learner, problem=why)
                if on_result is not None:
                    on_result(results[k])  # type: ignore[arg-type]
                continue
            future = client.submit(grade_remote, submission.name, data, submission.learner, options, pure=False)
            order[future.key] = (k, future)
        for future in as_completed([f for _, f in order.values()]):  # type: ignore[no-untyped-call]  # distributed's as_completed is not annotated
            result = result_of(future.result())
            results[order[future.key][0]] = result
            if on_result is not None:
                on_result(result)
    return [r for r in results if r is not None]
