"""A submission's own process: it runs the learner's cells and answers the grader's questions with plain data.

Started by the grader (``python -I -c ...``, the grader's own interpreter) with two pipes: commands in,
frames out. Its first command says how to wall itself in (:func:`gamelab.grading.sandbox.isolate`); only
then does any of the learner's code run. Before that it also takes its own copy of the lesson's exercises
and their cases, so nothing a cell does to the exercise registry changes what is asked.

Commands, one at a time, each answered before the next:

* ``{"op": "run", "cell": N, "source": "..."}`` runs one cell in an IPython shell (magics work, outputs go
  to the process's own stdout, which the grader drains and drops); the reply says whether it raised;
* ``{"op": "answer", "exercise": ID, "name": NAME}`` calls the learner's function ``NAME`` on every case of
  the exercise, as the notebook's check would, and writes each answer down with
  :func:`gamelab.lessons.answers.dumps` (``A`` frames), then ``{"op": "answered", "count": N}``;
* ``{"op": "bye"}`` ends the process.

Nothing here decides a verdict: the judge compares the answers with the shipped ones in its own process.
"""

from __future__ import annotations

import copy
import importlib
import json
import os
import sys
import time
from typing import IO, Any

from . import frames

__all__ = ["main"]

#: an answers frame is sent once it holds this much text (or this many seconds passed)
BATCH_BYTES = 256 * 1024
BATCH_SECONDS = 0.5


def _immutable(value: Any, depth: int = 0) -> bool:
    kind = type(value)
    if value is None or kind in (bool, int, float, str, bytes):
        return True
    if kind in (tuple, frozenset) and depth < 8:
        return all(_immutable(item, depth + 1) for item in value)
    return False


def _own_copy(case: tuple[Any, ...]) -> tuple[Any, ...]:
    """The case as the learner's function gets it: a copy of its own where it holds anything mutable, so a
    function that changes its arguments cannot change the cases after it."""
    return case if _immutable(case) else copy.deepcopy(case)


class Runner:
    def __init__(self, commands: IO[bytes], out: IO[bytes]) -> None:
        self.commands, self.out = commands, out
        self.exercises: dict[str, Any] = {}
        self.cases: dict[str, list[tuple[Any, ...]]] = {}
        self.shell: Any = None

    def send(self, message: dict[str, Any]) -> None:
        frames.write_message(self.out, message)

    def prepare(self, config: dict[str, Any]) -> None:
        from dataclasses import replace

        from ..lessons.answers import Raised, dumps
        from ..lessons.exercises import Exercise, learner_line

        # held before any cell runs: a cell that rebinds these names in their modules changes nothing here
        self.dumps, self.raised, self.line_of, self.call = dumps, Raised.of, learner_line, Exercise.call
        module = config.get("module")
        if module:
            importlib.import_module(module)
        from ..lessons.exercises import registry

        known = registry()
        for exercise_id in config.get("exercises", []):
            if exercise_id in known:
                ex = replace(known[exercise_id])  # a copy the cells cannot reach through the registry
                self.exercises[exercise_id] = ex
                self.cases[exercise_id] = list(ex.cases())
        from IPython.core.interactiveshell import InteractiveShell
        from traitlets.config import Config

        settings = Config()
        settings.HistoryManager.enabled = False
        self.shell = InteractiveShell.instance(config=settings)

    def run(self, message: dict[str, Any]) -> None:
        source = message.get("source", "")
        result = self.shell.run_cell(source if isinstance(source, str) else "", store_history=False)
        error = result.error_before_exec or result.error_in_exec
        reply: dict[str, Any] = {"op": "ran", "cell": message.get("cell")}
        if error is not None:
            reply["error"] = _describe(error)
        self.send(reply)

    def outcome(self, ex: Any, function: Any, case: tuple[Any, ...]) -> Any:
        """The learner's answer on one case, or what it raised (as :func:`gamelab.lessons.exercises.outcome`)."""
        try:
            return self.call(ex, function, case)
        except (Exception, SystemExit) as exc:
            return self.raised(exc, self.line_of(exc, function))

    def answer(self, message: dict[str, Any]) -> None:
        dumps = self.dumps
        exercise_id, name = str(message.get("exercise")), message.get("name")
        ex = self.exercises.get(exercise_id)
        function = self.shell.user_ns.get(name) if isinstance(name, str) else None
        if ex is None:
            self.send({"op": "answered", "count": 0, "problem": f"{exercise_id!r} is not an exercise of this lesson"})
            return
        if function is None or not callable(function):
            why = "not defined" if function is None else f"a {type(function).__name__}, not a function"
            self.send({"op": "answered", "count": 0, "problem": f"{name} is {why} when its check would run"})
            return
        batch: list[str] = []
        size, since, count = 0, time.monotonic(), 0
        for case in self.cases[exercise_id]:
            text = dumps(self.outcome(ex, function, _own_copy(case)))
            batch.append(text)
            size += len(text)
            count += 1
            if size >= BATCH_BYTES or time.monotonic() - since >= BATCH_SECONDS:
                self._flush(batch)
                batch, size, since = [], 0, time.monotonic()
        self._flush(batch)
        self.send({"op": "answered", "count": count})

    def _flush(self, batch: list[str]) -> None:
        if batch:
            frames.write_frame(self.out, b"A", ("[" + ",".join(batch) + "]").encode("utf-8"))

    def loop(self) -> None:
        while True:
            frame = frames.read_frame(self.commands)
            if frame is None:
                return
            message = frames.message_of(frame[1])
            op = message.get("op")
            if op == "run":
                self.run(message)
            elif op == "answer":
                self.answer(message)
            elif op == "bye":
                return


def _describe(error: BaseException) -> dict[str, Any]:
    """An exception a cell raised, as data: its type, message and the line of the cell it points at."""
    import traceback

    described: dict[str, Any] = {"type": type(error).__name__, "message": str(error)[:600]}
    if isinstance(error, SyntaxError):
        described["line"] = error.lineno
        described["text"] = (error.text or "").strip()[:200]
    else:
        frames_seen = [(frame.f_code.co_filename, lineno) for frame, lineno in traceback.walk_tb(error.__traceback__)]
        cells = [(name, lineno) for name, lineno in frames_seen if name.startswith("<ipython-input") or "/ipykernel_" in name]
        if cells:
            import linecache

            name, lineno = cells[-1]
            described["line"] = lineno
            described["text"] = linecache.getline(name, lineno).strip()[:200]
    return described


def main(command_fd: int, out_fd: int) -> None:
    commands = os.fdopen(command_fd, "rb", buffering=0)
    out = os.fdopen(out_fd, "wb", buffering=0)
    try:
        frame = frames.read_frame(commands)
        if frame is None:
            return
        config = frames.message_of(frame[1])
        from .sandbox import isolate

        _, walls = isolate(config)
        runner = Runner(commands, out)
        runner.prepare(config)
    except Exception as exc:  # gamelab or IPython missing, a limit refused: one problem line for the grader
        frames.write_message(out, {"op": "failed", "problem": f"{type(exc).__name__}: {exc}"[:500]})
        return
    runner.send({"op": "ready", "python": sys.version.split()[0], "walls": walls})
    runner.loop()


def bootstrap(command_fd: int, out_fd: int) -> str:
    """The ``-c`` program that starts a runner in a fresh ``python -I`` (gamelab found where the grader found it)."""
    import gamelab

    root = os.path.dirname(os.path.dirname(os.path.abspath(gamelab.__file__)))
    return (f"import sys; sys.path.insert(0, {json.dumps(root)}) if {json.dumps(root)} not in sys.path else None; "
            f"from gamelab.grading.runner import main; main({command_fd}, {out_fd})")
