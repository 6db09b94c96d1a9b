"""Grading notebooks: one submission at a time per lane, each in its own walled-in process, verdicts by the judge.

For every notebook: read it as data (never trusting its shape), ask the judge for a plan (which cell is which
exercise, what is already known from the source, what to run and when to ask), start the submission's
process (:mod:`gamelab.grading.runner`), run the planned cells, and at each exercise's turn relay the
learner's answers to the judge, whose verdict is the result. The submission's process never sees the
verdict, the grader's output or another submission.

Nothing is lost: a cell that runs past its time limit, or a process that dies, costs that step. The
process is ended (everything it started with it), a fresh one replays the cells before that point
(without the one that failed), and grading goes on, within the notebook's whole time budget.
"""

from __future__ import annotations

import io
import json
import os
import queue
import re
import signal
import subprocess
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from ..words import of_cases
from . import frames, sandbox
from .plan import ERROR, MISSING, NOT_WRITTEN, SHIPPED

__all__ = ["Options", "ExerciseResult", "NotebookResult", "Submission", "Lane", "grade", "grade_submission",
           "read_submission", "PASSED", "FAILED", "TIMED_OUT", "STATUSES"]

PASSED, FAILED, TIMED_OUT = "passed", "failed", "timed out"
#: every status an exercise can have, best first
STATUSES = (PASSED, FAILED, NOT_WRITTEN, MISSING, TIMED_OUT, ERROR, SHIPPED)
#: the longest message text kept (a learner's text inside it is quoted and cut)
MESSAGE_LIMIT = 2000
#: the largest notebook file read
NOTEBOOK_LIMIT = 64 << 20


@dataclass(frozen=True)
class Options:
    """How to grade: the time budget of one notebook, the limit of one cell inside it, which cells run."""

    timeout: float = 120.0
    cell_timeout: float = 30.0
    mode: str = "needed"
    limits: sandbox.Limits = sandbox.Limits()
    #: False: wall submissions in without mount and network namespaces, as where they are refused (tests)
    namespaces: bool = True

    def __post_init__(self) -> None:
        for name in ("timeout", "cell_timeout"):
            value = getattr(self, name)
            if not isinstance(value, (int, float)) or isinstance(value, bool) or not value > 0:
                raise ValueError(f"{name} must be a number of seconds above 0, not {value!r}")
        if self.mode not in ("needed", "all"):
            raise ValueError(f"mode must be 'needed' or 'all', not {self.mode!r}")


@dataclass
class ExerciseResult:
    """One exercise of one notebook: its status and the report's lines (and its picture, an SVG)."""

    exercise: str
    status: str
    lines: list[str]
    learner_line: str | None = None
    picture: str | None = field(default=None, repr=False)

    @property
    def message(self) -> str:
        return self.lines[0] if self.lines else ""

    def as_dict(self, picture: bool = False) -> dict[str, Any]:
        out = {"exercise": self.exercise, "status": self.status, "message": self.message, "lines": self.lines,
               "learner_line": self.learner_line}
        if picture:
            out["picture"] = self.picture
        return out


@dataclass
class NotebookResult:
    """One notebook: per exercise a result, notes on what was odd, or the problem that kept it from grading."""

    notebook: str
    lesson: str | None
    learner: str | None = None
    exercises: list[ExerciseResult] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    problem: str | None = None
    seconds: float = 0.0
    #: how far its process was walled in: "full", "user" (no private mounts or network) or "none" (not root)
    isolation: str | None = None

    @property
    def passed(self) -> int:
        return sum(r.status == PASSED for r in self.exercises)

    @property
    def total(self) -> int:
        return len(self.exercises)

    def as_dict(self, picture: bool = False) -> dict[str, Any]:
        return {"notebook": self.notebook, "learner": self.learner, "lesson": self.lesson,
                "passed": self.passed, "total": self.total, "problem": self.problem, "notes": self.notes,
                "seconds": round(self.seconds, 2), "isolation": self.isolation,
                "exercises": [r.as_dict(picture) for r in self.exercises]}


@dataclass(frozen=True)
class Submission:
    """A notebook to grade: how to name it, its learner (when the class layout says), and its bytes."""

    name: str
    data: bytes | None = None
    path: str | None = None
    learner: str | None = None

    def read(self) -> bytes:
        if self.data is not None:
            return self.data
        assert self.path is not None
        with open(self.path, "rb") as handle:
            data = handle.read(NOTEBOOK_LIMIT + 1)
        return data


def quoted(text: object, limit: int = MESSAGE_LIMIT) -> str:
    """A text from a submission (or about one), cut to ``limit`` characters, control characters shown."""
    text = str(text)
    text = "".join(ch if ch.isprintable() or ch in "\n\t" else f"\\x{ord(ch):02x}" for ch in text[:limit + 1])
    return text if len(text) <= limit else text[: limit - 1] + "…"


# -- reading a notebook as data ----------------------------------------------------------------------------------
def read_submission(data: bytes, name: str) -> tuple[str | None, list[dict[str, Any]], list[str]]:
    """``(lesson id, cells, notes)`` of a notebook file's bytes; ``ValueError`` (one line) when it is not one.

    Every field is checked for type: a malformed tag, id or source is a note and is ignored, never a crash.
    """
    from ..lessons.catalog import cell_source, find_lesson, lesson_of_metadata

    if len(data) > NOTEBOOK_LIMIT:
        raise ValueError(f"larger than {NOTEBOOK_LIMIT >> 20} MB")
    try:
        notebook = json.loads(data.decode("utf-8"))
    except (UnicodeDecodeError, ValueError, RecursionError) as exc:
        raise ValueError(f"not a readable notebook (not JSON: {quoted(exc, 120)})") from None
    if not isinstance(notebook, dict) or not isinstance(notebook.get("cells"), list):
        if isinstance(notebook, dict) and isinstance(notebook.get("worksheets"), list):
            raise ValueError("not a readable notebook (an old format, v3: open and save it in JupyterLab)")
        raise ValueError("not a readable notebook (no list of cells)")
    notes: list[str] = []
    cells: list[dict[str, Any]] = []
    for index, cell in enumerate(notebook["cells"]):
        if not isinstance(cell, dict):
            notes.append(f"cell {index} is not a cell (a {type(cell).__name__}): ignored")
            continue
        kind = cell.get("cell_type") if isinstance(cell.get("cell_type"), str) else "unknown"
        metadata: dict[str, Any] = cell["metadata"] if isinstance(cell.get("metadata"), dict) else {}
        tags = metadata.get("tags", [])
        if not isinstance(tags, list):
            notes.append(f"cell {index} has tags that are not a list ({quoted(json.dumps(tags), 60)}): ignored")
            tags = []
        kept_tags = [t for t in tags if isinstance(t, str)]
        exercise_id = metadata.get("exercise_id")
        if exercise_id is not None and not isinstance(exercise_id, str):
            notes.append(f"cell {index} has an exercise_id that is not a text "
                         f"({quoted(json.dumps(exercise_id), 60)}): ignored")
            exercise_id = None
        cell_id = cell.get("id") if isinstance(cell.get("id"), str) else None
        cells.append({"index": index, "type": kind, "source": cell_source(cell), "tags": kept_tags,
                      "exercise_id": exercise_id, "id": cell_id})
    lesson = lesson_of_metadata(notebook.get("metadata"))
    if lesson is None:
        found = find_lesson(name)
        lesson = found.id if found else None
    return lesson, cells, notes


# -- the processes ------------------------------------------------------------------------------------------------
class Stopped(Exception):
    """A step that did not finish: ``why`` is ``"timed out"`` or ``"died"``; ``detail`` says more."""

    def __init__(self, why: str, detail: str = "") -> None:
        super().__init__(why)
        self.why, self.detail = why, detail


class _Tail:
    """Drains a pipe on a thread, keeping only its last few kilobytes (a flood of prints costs nothing)."""

    def __init__(self, stream: Any, keep: int = 4096) -> None:
        self.keep = keep
        self.data = b""
        self.thread = threading.Thread(target=self._run, args=(stream,), daemon=True)
        self.thread.start()

    def _run(self, stream: Any) -> None:
        try:
            while True:
                chunk = stream.read1(65536) if hasattr(stream, "read1") else stream.read(65536)
                if not chunk:
                    return
                self.data = (self.data + chunk)[-self.keep:]
        except (OSError, ValueError):
            return

    def text(self) -> str:
        return self.data.decode("utf-8", "replace")


class _Process:
    """A process spoken to in frames: commands on one pipe, frames back on another."""

    process: subprocess.Popen[bytes]
    reader: frames.FrameReader
    commands: io.RawIOBase

    def send(self, message: dict[str, Any]) -> None:
        try:
            frames.write_message(self.commands, message)  # type: ignore[arg-type]
        except (BrokenPipeError, OSError, ValueError):
            raise Stopped("died", "its process ended") from None

    def receive(self, deadline: float) -> tuple[bytes, bytes]:
        try:
            frame = self.reader.get(deadline - time.monotonic())
        except queue.Empty:
            raise Stopped(TIMED_OUT) from None
        except frames.FrameError as exc:
            raise Stopped("died", f"it wrote what the grader could not read ({exc})") from None
        if frame is None:
            raise Stopped("died", self.death())
        return frame

    def message(self, deadline: float) -> dict[str, Any]:
        kind, payload = self.receive(deadline)
        if kind != b"M":
            raise Stopped("died", "it wrote answers where the grader waited for a message")
        try:
            return frames.message_of(payload)
        except frames.FrameError as exc:
            raise Stopped("died", str(exc)) from None

    def death(self) -> str:
        try:
            code = self.process.wait(timeout=2)
        except subprocess.TimeoutExpired:
            return "it stopped answering"
        if code < 0:
            try:
                return f"its process was killed ({signal.Signals(-code).name})"
            except ValueError:
                return f"its process was killed (signal {-code})"
        return f"its process ended (exit status {code})"


class Judge(_Process):
    """The lane's judge (:mod:`gamelab.grading.judge`): started once, restarted if it ever fails."""

    def __init__(self) -> None:
        from .judge import bootstrap

        self.process = subprocess.Popen([sys.executable, "-I", "-c", bootstrap()], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
        assert self.process.stdin is not None and self.process.stdout is not None
        self.commands = self.process.stdin  # type: ignore[assignment]
        self.reader = frames.FrameReader(self.process.stdout)
        self.errors = _Tail(self.process.stderr)

    def forward(self, payload: bytes) -> None:
        try:
            frames.write_frame(self.commands, b"A", payload)  # type: ignore[arg-type]
        except (BrokenPipeError, OSError, ValueError):
            raise Stopped("died", "the judge ended") from None

    def close(self) -> None:
        try:
            self.process.kill()
        except ProcessLookupError:
            pass
        self.process.wait()
        self.reader.close()


class Learner(_Process):
    """One submission's process (:mod:`gamelab.grading.runner`), walled in by :mod:`gamelab.grading.sandbox`."""

    def __init__(self, config: dict[str, Any], uid: int | None, home: str, deadline: float) -> None:
        from .runner import bootstrap

        command_read, command_write = os.pipe()
        out_read, out_write = os.pipe()
        self.uid = uid
        try:
            self.process = sandbox.start([sys.executable, "-I", "-c", bootstrap(command_read, out_write)],
                                         home=home, pass_fds=(command_read, out_write))
        finally:
            os.close(command_read)
            os.close(out_write)
        self.commands = os.fdopen(command_write, "wb", buffering=0)
        self.reader = frames.FrameReader(os.fdopen(out_read, "rb", buffering=0))
        self.output = _Tail(self.process.stdout)
        self.errors = _Tail(self.process.stderr)
        self.send(config)
        reply = self.message(deadline)
        if reply.get("op") == "failed":
            raise Stopped("failed", quoted(reply.get("problem", ""), 300))
        if reply.get("op") != "ready":
            raise Stopped("died", "it did not start as a grader's process does")
        self.walls = str(reply.get("walls", ""))

    def death(self) -> str:
        told = super().death()
        self.errors.thread.join(timeout=2)  # the process has ended: what it wrote last is still on its way
        if "No module named 'gamelab" in self.errors.text():
            return f"gamelab cannot be imported by {sys.executable}"
        return told

    def close(self) -> None:
        try:
            self.commands.close()
        except OSError:
            pass
        sandbox.end(self.process, self.uid)
        self.reader.close()


class Lane:
    """What one notebook at a time needs: a judge, and (as root) a user id of its own for submissions."""

    def __init__(self) -> None:
        self.lease = sandbox.UidLease() if sandbox.privileged() else None
        self._judge: Judge | None = None

    @property
    def uid(self) -> int | None:
        return self.lease.uid if self.lease is not None else None

    @property
    def judge(self) -> Judge:
        if self._judge is None or self._judge.process.poll() is not None:
            self._judge = Judge()
        return self._judge

    def restart_judge(self) -> None:
        if self._judge is not None:
            self._judge.close()
        self._judge = None

    def close(self) -> None:
        if self._judge is not None:
            self._judge.close()
        if self.lease is not None:
            self.lease.release()


# -- one notebook ----------------------------------------------------------------------------------------------------
def _static(planned: dict[str, Any]) -> ExerciseResult:
    lines = [quoted(line, 300) for line in planned.get("lines", [])] or [planned["id"]]
    return ExerciseResult(planned["id"], planned["status"], lines, planned.get("learner_line"))


class _Grading:
    """The state of one notebook's grading: the plan, where it has got to, what has been decided."""

    def __init__(self, submission: Submission, lane: Lane, options: Options, hide: list[str]) -> None:
        self.submission, self.lane, self.options, self.hide = submission, lane, options, hide
        self.started = time.monotonic()
        self.deadline = self.started + options.timeout
        self.verdicts: dict[str, ExerciseResult] = {}
        self.cell_errors: dict[int, dict[str, Any]] = {}
        self.notes: list[str] = []
        self.skipped: dict[int, str] = {}  # cells left out after they failed, and why
        self.names: dict[str, str] = {}
        self.cells_of: dict[str, int] = {}
        self.sources: dict[int, str] = {}
        self.walls: str | None = None

    def step_deadline(self) -> float:
        return min(time.monotonic() + self.options.cell_timeout, self.deadline)

    def limited(self) -> str:
        """Which limit a timed-out step ran into."""
        if time.monotonic() >= self.deadline - 0.05:
            return f"the notebook's time budget ({self.options.timeout:g} s)"
        return f"{self.options.cell_timeout:g} s"

    def plan(self, lesson: str, cells: list[dict[str, Any]]) -> dict[str, Any]:
        judge = self.lane.judge
        judge.send({"op": "plan", "lesson": lesson, "cells": cells, "mode": self.options.mode})
        try:
            reply = judge.message(time.monotonic() + max(self.options.cell_timeout, 30))
        except Stopped as stop:
            self.lane.restart_judge()
            raise ValueError(f"could not be read by the grader's judge ({stop.why}{': ' + stop.detail if stop.detail else ''})") \
                from None
        if reply.get("op") != "plan":
            raise ValueError(f"could not be read by the grader's judge ({quoted(' '.join(reply.get('lines', [])), 200)})")
        return reply

    def start(self, config: dict[str, Any], home: str) -> Learner:
        learner = Learner(config, self.lane.uid, home, self.step_deadline())
        self.walls = learner.walls
        return learner

    def run_cell(self, learner: Learner, cell: int, source: str) -> None:
        learner.send({"op": "run", "cell": cell, "source": source})
        reply = learner.message(self.step_deadline())
        if reply.get("error"):
            self.cell_errors[cell] = reply["error"]

    def answer(self, learner: Learner, exercise_id: str) -> ExerciseResult:
        name = self.names[exercise_id]
        cell = self.cells_of.get(exercise_id)
        if cell in self.skipped:
            status = TIMED_OUT if self.skipped[cell].startswith("did not finish") else ERROR
            mark = "⏱ " if status == TIMED_OUT else ""
            return ExerciseResult(exercise_id, status, [f"{mark}{exercise_id}: its cell {cell} {self.skipped[cell]}, "
                                                        f"so {name}() was never defined."])
        judge = self.lane.judge
        judge.send({"op": "begin", "exercise": exercise_id, "name": name})
        learner.send({"op": "answer", "exercise": exercise_id, "name": name})
        deadline = self.step_deadline()
        stopped: Stopped | None = None
        end: dict[str, Any] = {"op": "end"}
        while True:
            try:
                kind, payload = learner.receive(deadline)
            except Stopped as stop:
                stopped = stop
                break
            if kind == b"A":
                try:
                    judge.forward(payload)
                except Stopped as stop:  # the judge gave up on these answers: the exercise is an error, never a pass
                    self.lane.restart_judge()
                    raise _AnswerStopped(stop, ExerciseResult(exercise_id, ERROR, [
                        f"{exercise_id}: the grader's judge stopped while reading {name}()'s answers"])) from None
                continue
            try:
                message = frames.message_of(payload)
            except frames.FrameError as exc:
                stopped = Stopped("died", str(exc))
                break
            if message.get("op") != "answered":
                stopped = Stopped("died", "it wrote a message the grader did not ask for")
                break
            end["count"] = message.get("count")
            if message.get("problem"):
                end["problem"] = quoted(message["problem"], 300)
            break
        if stopped is not None:
            end["stopped"] = stopped.why
        judge.send(end)
        try:
            verdict = judge.message(time.monotonic() + max(self.options.cell_timeout, 30))
        except Stopped as stop:
            self.lane.restart_judge()
            verdict = {"status": ERROR, "lines": [f"{exercise_id}: the grader's judge could not compare this answer "
                                                  f"({stop.why})"]}
        if stopped is not None:
            raise _AnswerStopped(stopped, self.unfinished(stopped, exercise_id, name, verdict))
        lines = [self.placed(quoted(line, 400), exercise_id) for line in verdict.get("lines", [])]
        status = verdict.get("status", ERROR)
        if status not in STATUSES:
            status = ERROR
        result = ExerciseResult(exercise_id, status, _fit(lines), picture=verdict.get("picture"))
        result.learner_line = next((line.strip()[len("in your "):] for line in lines
                                    if line.strip().startswith("in your ")), None)
        if status == ERROR and cell is not None:
            error = self.cell_errors.get(cell)
            if error:
                result.lines += _cell_error_lines(cell, error)
                result.learner_line = result.learner_line or _error_line(cell, error)
        return result

    def skip(self, cell: int, stop: Stopped) -> None:
        """Leave ``cell`` out from now on (it ran past its time, or its process died in it), and note it."""
        why = (f"did not finish within {self.limited()}" if stop.why == TIMED_OUT else
               f"stopped the notebook's process ({stop.detail})")
        self.skipped[cell] = why
        self.notes.append(f"cell {cell} {why}: skipped, and the rest graded without it")

    def placed(self, line: str, exercise_id: str) -> str:
        """``in your line 4: text`` as ``in your cell 9, line 4: text`` (the cell whose line 4 that is)."""
        found = re.search(r"in your line (\d+): (.*)$", line)
        if not found:
            return line
        number, text = int(found.group(1)), found.group(2).strip()
        home = self.cells_of.get(exercise_id)
        order = ([home] if home is not None else []) + [k for k in self.sources if k != home]
        for cell in order:
            rows = self.sources.get(cell, "").splitlines()
            if 0 < number <= len(rows) and rows[number - 1].strip() == text:
                return line[: found.start()] + f"in your cell {cell}, line {number}: {text}"
        return line

    def unfinished(self, stopped: Stopped, exercise_id: str, name: str, verdict: dict[str, Any]) -> ExerciseResult:
        """The result of an exercise whose answering was cut short (a time limit, a process that died)."""
        answered, total = verdict.get("answered", 0), verdict.get("total")
        counted = f" (it answered {of_cases(answered, total)})" if total else ""
        if stopped.why == TIMED_OUT:
            return ExerciseResult(exercise_id, TIMED_OUT,
                                  [f"⏱ {exercise_id}: {name}() did not finish within {self.limited()}{counted}."])
        return ExerciseResult(exercise_id, ERROR, [f"{exercise_id}: the notebook's process stopped while {name}() "
                                                   f"was answering: {stopped.detail}{counted}."])


class _AnswerStopped(Exception):
    def __init__(self, stopped: Stopped, result: ExerciseResult) -> None:
        super().__init__(stopped.why)
        self.stopped, self.result = stopped, result


def _fit(lines: list[str]) -> list[str]:
    """A report's lines, at most :data:`MESSAGE_LIMIT` characters in all."""
    kept, size = [], 0
    for line in lines:
        if size + len(line) > MESSAGE_LIMIT:
            kept.append("…")
            break
        kept.append(line)
        size += len(line) + 1
    return kept


def _error_line(cell: int, error: dict[str, Any]) -> str | None:
    if error.get("line"):
        return f"cell {cell}, line {error['line']}: {quoted(error.get('text', ''), 120)}"
    return None


def _cell_error_lines(cell: int, error: dict[str, Any]) -> list[str]:
    lines = [f"  cell {cell} raised {quoted(error.get('type', 'an error'), 60)}: {quoted(error.get('message', ''), 300)}"]
    where = _error_line(cell, error)
    if where:
        lines.append(f"  in your {where}")
    return lines


def grade_submission(submission: Submission, lane: Lane, options: Options = Options(),
                     hide: list[str] | None = None) -> NotebookResult:
    """Grade one notebook in ``lane`` (see the module's docstring)."""
    started = time.monotonic()
    result = NotebookResult(submission.name, None, submission.learner)
    try:
        data = submission.read()
        lesson, cells, notes = read_submission(data, submission.name)
    except FileNotFoundError:
        result.problem = "no such notebook"
        return result
    except OSError as exc:
        result.problem = f"could not be read ({exc.strerror or exc})"
        return result
    except ValueError as exc:
        result.problem = quoted(exc, 300)
        return result
    result.notes += notes
    if lesson is None:
        result.problem = "which lesson it is cannot be told (neither its metadata nor its file name say)"
        return result
    result.lesson = lesson
    grading = _Grading(submission, lane, options, hide or [])
    try:
        plan = grading.plan(lesson, cells)
    except ValueError as exc:
        result.problem = quoted(exc, 300)
        return result
    result.notes += [quoted(n, 300) for n in plan.get("notes", [])]
    planned = plan["exercises"]
    grading.names = {p["id"]: p["name"] for p in planned}
    grading.cells_of = {p["id"]: p["cell"] for p in planned if p.get("cell") is not None}
    for p in planned:
        if p.get("status"):
            grading.verdicts[p["id"]] = _static(p)
    steps: list[dict[str, Any]] = plan["steps"]
    sources = {c["index"]: c["source"] for c in cells}
    grading.sources = sources
    try:
        _run_steps(grading, steps, sources, plan.get("module", ""), data, [p["id"] for p in planned])
    except Stopped as stop:  # the process could not even start: every unanswered exercise says why
        why = (f"the notebook's process could not start ({stop.detail or stop.why})" if stop.why != TIMED_OUT else
               "the notebook's process did not start in time")
        result.problem = quoted(why, 300)
    result.notes += grading.notes
    result.isolation = grading.walls
    for p in planned:
        verdict = grading.verdicts.get(p["id"])
        if verdict is None:
            if result.problem:
                verdict = ExerciseResult(p["id"], ERROR, [f"{p['id']}: not graded, {result.problem}"])
            else:
                verdict = ExerciseResult(p["id"], TIMED_OUT, [f"⏱ {p['id']}: not reached within the notebook's "
                                                              f"time budget ({options.timeout:g} s)."])
        result.exercises.append(verdict)
    result.seconds = time.monotonic() - started
    return result


def _run_steps(grading: _Grading, steps: list[dict[str, Any]], sources: dict[int, str], module: str,
               data: bytes, exercises: list[str]) -> None:
    """Run the plan's steps, restarting the submission's process after a step that fails (see the module)."""
    pointer = 0
    if not any("answer" in step for step in steps):
        return
    while pointer < len(steps) and time.monotonic() < grading.deadline:
        stage = sandbox.private_folder()
        home = stage if grading.lane.uid is None else "/tmp/work"
        staged = os.path.join(stage, "submission.ipynb")
        with open(staged, "wb") as handle:
            handle.write(data)
        workdir = os.path.join(stage, "work")
        config = {"op": "config", "uid": grading.lane.uid, "limits": sandbox.limits_dict(_limits(grading)),
                  "hide": grading.hide, "notebook": staged, "name": os.path.basename(grading.submission.name),
                  "workdir": workdir, "fonts": sandbox.matplotlib_cache(), "module": module, "exercises": exercises,
                  "namespaces": grading.options.namespaces}
        if grading.lane.uid is None:
            os.mkdir(workdir, 0o700)
            home = workdir
        learner: Learner | None = None
        try:
            learner = grading.start(config, home)
            pointer = _from(grading, learner, steps, sources, pointer)
        except Stopped as stop:
            if learner is None:
                raise
            del stop
        finally:
            if learner is not None:
                learner.close()
            sandbox.remove_folder(stage)


def _limits(grading: _Grading) -> sandbox.Limits:
    from dataclasses import replace

    cpu = int(grading.options.timeout * 2 + 30)
    return replace(grading.options.limits, cpu_seconds=min(grading.options.limits.cpu_seconds, cpu))


def _from(grading: _Grading, learner: Learner, steps: list[dict[str, Any]], sources: dict[int, str],
          pointer: int) -> int:
    """Replay the runs before ``pointer``, then go on from it; returns where the next process starts."""
    for step in steps[:pointer]:
        cell = step.get("run")
        if cell is not None and cell not in grading.skipped:
            try:
                grading.run_cell(learner, cell, sources.get(cell, ""))
            except Stopped as stop:
                grading.skip(cell, stop)
                raise
    for k in range(pointer, len(steps)):
        step = steps[k]
        if "run" in step:
            cell = step["run"]
            try:
                grading.run_cell(learner, cell, sources.get(cell, ""))
            except Stopped as stop:
                grading.skip(cell, stop)
                return k + 1
        else:
            exercise_id = step["answer"]
            try:
                grading.verdicts[exercise_id] = grading.answer(learner, exercise_id)
            except _AnswerStopped as stopped:
                grading.verdicts[exercise_id] = stopped.result
                return k + 1
        if time.monotonic() >= grading.deadline:
            return k + 1
    return len(steps)




# -- many notebooks ---------------------------------------------------------------------------------------------
def grade(submissions: Iterable[Submission], options: Options = Options(), jobs: int = 1,
          on_result: Callable[[NotebookResult], None] | None = None,
          hide: Iterable[str] | None = None) -> list[NotebookResult]:
    """Grade every submission, ``jobs`` at a time; the results in the submissions' order.

    ``on_result`` is called (on the calling thread's behalf, one at a time) as each notebook is done. What
    the submissions must not see is ``hide`` (class folders), else every submitted notebook's folder.
    """
    items = list(submissions)
    hidden = sandbox.hidden_paths(hide if hide is not None else (s.path for s in items if s.path))
    if sandbox.privileged():
        sandbox.become_subreaper()
    lanes: queue.Queue[Lane] = queue.Queue()
    made: list[Lane] = []
    lock = threading.Lock()

    def one(submission: Submission) -> NotebookResult:
        try:
            lane = lanes.get_nowait()
        except queue.Empty:
            with lock:
                lane = Lane()
                made.append(lane)
        try:
            result = grade_submission(submission, lane, options, hidden)
        finally:
            lanes.put(lane)
        if on_result is not None:
            with lock:
                on_result(result)
        return result

    try:
        if jobs <= 1 or len(items) <= 1:
            return [one(s) for s in items]
        with ThreadPoolExecutor(max_workers=jobs) as pool:
            return list(pool.map(one, items))
    finally:
        for lane in made:
            lane.close()

