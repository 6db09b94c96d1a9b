"""The judge: the grader's own process that plans each notebook and compares its answers with the shipped ones.

It runs gamelab's code only, never a learner's: the submission's process sends it answers as plain data
(:mod:`gamelab.lessons.answers`), the judge reads them back into builtins and gamelab's own types, computes
the shipped answers itself (once per exercise, cached), and writes the same report a notebook's check shows
(:func:`gamelab.lessons.exercises.assess`), with its picture. It lives in a process of its own, with limits,
so an answer built to make a comparison or a picture slow or huge costs that exercise, never the grader.

Requests (frames, :mod:`gamelab.grading.frames`) on stdin, replies on stdout:

* ``{"op": "plan", "lesson": ID, "cells": [...], "mode": "needed" | "all"}`` → the plan
  (:func:`gamelab.grading.plan.make_plan`) and the lesson's module;
* ``{"op": "begin", "exercise": ID, "name": NAME}``, then ``A`` frames of answers, then
  ``{"op": "end", "count": N, "problem": ...}`` → ``{"op": "verdict", ...}``.
"""

from __future__ import annotations

import json
import os
import resource
import sys
from typing import IO, Any, Iterator

from ..words import of_cases
from . import frames

__all__ = ["main", "Judge"]


class Judge:
    def __init__(self, incoming: IO[bytes], outgoing: IO[bytes]) -> None:
        from ..lessons.catalog import lessons
        from ..lessons.exercises import registry

        self.incoming, self.outgoing = incoming, outgoing
        self.exercises = registry()
        self.lessons = lessons()
        self.cases: dict[str, list[tuple[Any, ...]]] = {}
        self.expected: dict[str, list[Any]] = {}

    def send(self, message: dict[str, Any]) -> None:
        frames.write_message(self.outgoing, message)

    def shipped(self, exercise_id: str) -> tuple[list[tuple[Any, ...]], list[Any]]:
        """The exercise's cases and the shipped answers to them (computed once)."""
        if exercise_id not in self.expected:
            from ..lessons.exercises import outcome

            ex = self.exercises[exercise_id]
            cases = list(ex.cases())
            self.expected[exercise_id] = [outcome(ex, ex.reference, case, learner=False) for case in cases]
            self.cases[exercise_id] = cases
        return self.cases[exercise_id], self.expected[exercise_id]

    def plan(self, message: dict[str, Any]) -> None:
        from .plan import Cell, make_plan

        lesson = self.lessons[message["lesson"]]
        cells = [Cell.of(c) for c in message.get("cells", [])]
        made = make_plan(lesson, cells, self.exercises, message.get("mode", "needed"))
        self.send({"op": "plan", "module": lesson.module, **made.as_dict()})

    def judge(self, message: dict[str, Any]) -> None:
        from ..lessons.exercises import assess

        exercise_id, name = message["exercise"], str(message.get("name", ""))[:80]
        ex = self.exercises[exercise_id]
        cases, expected = self.shipped(exercise_id)
        end: dict[str, Any] = {}
        received = [0]
        report = assess(ex, name, self._answers(cases, expected, end, received))
        answered = received[0]
        lines = report.lines()
        status = report.status
        if end.get("problem"):
            status, lines = "error", [f"{exercise_id}: {str(end['problem'])[:600]}"]
        elif answered < len(cases):
            if report.failed == 0:
                status = "failed"
                lines = [f"✘ {exercise_id}: {name}() answered {of_cases(answered, len(cases))}."]
            else:
                lines = lines + [f"  ({name}() answered {of_cases(answered, len(cases))})"]
        reply: dict[str, Any] = {"op": "verdict", "status": status, "lines": lines,
                                 "total": len(cases), "answered": answered, "failed": report.failed}
        explanation = report.explanation
        picture = getattr(explanation, "picture", None) if explanation is not None else None
        if picture is not None:
            try:
                reply["picture"] = picture._repr_svg_()
            except Exception:
                pass
        self.send(reply)

    def _answers(self, cases: list[tuple[Any, ...]], expected: list[Any], end: dict[str, Any],
                 received: list[int]) -> Iterator[tuple[tuple[Any, ...], Any, Any]]:
        from ..lessons.answers import Foreign, MalformedAnswer, decode

        index = 0
        while True:
            frame = frames.read_frame(self.incoming)
            if frame is None:
                raise EOFError
            kind, payload = frame
            if kind == b"M":
                end.update(frames.message_of(payload))
                # whatever was not answered is not agreed: the loop below never sees it, assess counts it as missing
                return
            try:
                batch = json.loads(payload)
            except (ValueError, RecursionError):
                batch = None
            if not isinstance(batch, list):
                batch = [{"foreign": "?", "why": "a batch of answers that could not be read"}]
            for data in batch:
                if index >= len(cases):
                    break
                try:
                    got = decode(data)
                except MalformedAnswer as exc:
                    got = Foreign("?", f"an answer that could not be read back ({exc})")
                received[0] += 1
                yield cases[index], expected[index], got
                index += 1

    def loop(self) -> None:
        while True:
            frame = frames.read_frame(self.incoming)
            if frame is None:
                return
            kind, payload = frame
            if kind != b"M":
                continue  # answers after an exercise ended (the submission was stopped mid-batch)
            message = frames.message_of(payload)
            try:
                if message.get("op") == "plan":
                    self.plan(message)
                elif message.get("op") == "begin":
                    self.judge(message)
            except (Exception, MemoryError, RecursionError) as exc:  # an answer that breaks a comparison: an error
                self.send({"op": "verdict", "status": "error", "lines": [
                    f"{message.get('exercise', 'the notebook')}: the grader could not judge this "
                    f"({type(exc).__name__}: {str(exc)[:200]})"]})


def main() -> None:
    # frames go out on the original stdout; anything else printed (by an import, say) goes to stderr
    out = os.fdopen(os.dup(1), "wb", buffering=0)
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    incoming = os.fdopen(0, "rb", buffering=0)
    gib = 1 << 30
    resource.setrlimit(resource.RLIMIT_AS, (4 * gib, 4 * gib))
    Judge(incoming, out).loop()


def bootstrap() -> str:
    """The ``-c`` program that starts a judge in a fresh ``python -I``."""
    import gamelab

    root = os.path.dirname(os.path.dirname(os.path.abspath(gamelab.__file__)))
    return (f"import sys; sys.path.insert(0, {json.dumps(root)}) if {json.dumps(root)} not in sys.path else None; "
            "from gamelab.grading.judge import main; main()")
