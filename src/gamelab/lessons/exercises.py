"""Exercises: the learner writes a step into a stub, ``check`` compares it with the shipped step.

A lesson's exercise cell (tagged ``exercise`` in its metadata, with an ``exercise_id``) holds a stub::

    @exercise("othello.flip")
    def flip(board, index, color):
        \"\"\"STEP 8: turn over the stones ``color`` sandwiches from ``index`` (裏返す). …\"\"\"
        ...  # your code here

and the cell after it runs ``check(flip)``, which answers one of three ways:

* **not written yet** – the body is still ``...`` (or ``pass``, or ``raise NotImplementedError``); a stable
  text, so a lesson as shipped runs top to bottom and passes nbval;
* **passed** – the learner's function agrees with the shipped one on every case;
* **failed** – the first differing case, in the game's words and drawn as a picture with the difference
  marked (an exception names the learner's own line).

The shipped function is the solution: every report that is not a pass carries it, collapsed, to be opened
on purpose. Boards then play on the learner's pieces where they pass (:func:`use`). A learner's answers are
read back as plain data before they are compared (:mod:`gamelab.lessons.answers`), so an object that says
it equals everything is no answer; ``gamelab grade`` (:mod:`gamelab.grading`) compares them the same way,
in a process of its own.

Each game's exercises are defined in ``gamelab/lessons/<game>.py`` with :class:`Exercise` and
:func:`register`.

>>> def double(n):
...     "Twice n."
...     return n + n
>>> register(Exercise("demo.twice", double, cases=lambda: [(n,) for n in range(5)], name="twice"))
>>> @exercise("demo.twice")
... def twice(n):
...     "Twice n."
...     ...
>>> check(twice)
✎ demo.twice: not written yet. Write the body of twice() above, run its cell, then run this one again.
>>> @exercise("demo.twice")
... def twice(n):
...     return n * 2
>>> check(twice)
✔ demo.twice: twice() agrees with the shipped version on all 5 cases.
>>> use(twice) is twice
twice: yours (checked ✔)
True
>>> use_all(twice)[0] is twice
your pieces: 1 of 1 ✔
True
"""

from __future__ import annotations

import ast
import inspect
import linecache
import textwrap
import traceback
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, Iterable, Sequence

from ..pictures.picture import img_tag
from ..words import of_cases
from .answers import Foreign, Raised, roundtrip

__all__ = ["Exercise", "Explanation", "ExerciseReport", "register", "exercise", "check", "use", "is_stub",
           "registry", "solution", "choose", "use_all", "announce", "Choice", "PiecesNote", "solution_source", "outcome", "agree", "assess", "explanation", "empty_body",
           "PASSED", "FAILED", "NOT_WRITTEN"]

PASSED, FAILED, NOT_WRITTEN = "passed", "failed", "not written"

#: the longest report text a learner reads (lines), the picture aside
MAX_LINES = 20


@dataclass
class Explanation:
    """A failing case in the game's words: a few lines, and the position drawn with the difference marked."""

    lines: list[str]
    picture: Any = None  # an object with _repr_svg_ (a Picture's image), or None
    #: how many differences the picture marks (squares ringed, cards outlined…): a report's picture must
    #: show at least one, and a test holds every exercise's report to it
    marks: int = 0


@dataclass
class Exercise:
    """One tutorial step a learner writes.

    * ``id`` – ``"<game>.<step>"``, the cell's ``exercise_id``;
    * ``reference`` – the shipped function: what the learner's version must agree with, and the solution;
    * ``cases`` – makes the cases, each a tuple of arguments;
    * ``name`` – the learner's function name (default: the reference's);
    * ``run(function, case)`` – how to try one version on a case (default ``function(*case)``); an
      exercise whose step changes its arguments returns what matters (the board afterwards, say);
    * ``same(expected, got)`` – agreement (default ``==``);
    * ``explain(case, expected, got)`` – the failing case in the game's words, with a picture;
    * ``solution`` – the solution as the notebook cell would hold it (default: the reference's source,
      renamed); ``solution_imports`` – lines it needs in the notebook.
    """

    id: str
    reference: Callable[..., Any]
    cases: Callable[[], Iterable[tuple[Any, ...]]]
    name: str = ""
    run: Callable[[Callable[..., Any], tuple[Any, ...]], Any] | None = None
    same: Callable[[Any, Any], bool] | None = None
    explain: Callable[[tuple[Any, ...], Any, Any], Explanation] | None = None
    solution: str | None = None
    solution_imports: str = ""

    def __post_init__(self) -> None:
        if not self.name:
            self.name = self.reference.__name__

    def call(self, function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
        if self.run is not None:
            return self.run(function, case)
        return function(*case)


_REGISTRY: dict[str, Exercise] = {}


def register(ex: Exercise) -> None:
    """Make ``ex`` known by its id (a game's lesson module registers all of its exercises on import)."""
    _REGISTRY[ex.id] = ex


def registry() -> dict[str, Exercise]:
    """Every registered exercise, by id (importing every game's lesson module first)."""
    _load_all()
    return dict(_REGISTRY)


def _load_all() -> None:
    import importlib
    import pkgutil

    from .. import lessons

    for module in pkgutil.iter_modules(lessons.__path__):
        if module.name not in ("exercises", "helpers", "setup", "solutions", "answers"):
            importlib.import_module(f"{lessons.__name__}.{module.name}")


def _find(exercise_id: str) -> Exercise:
    if exercise_id not in _REGISTRY:
        _load_all()
    try:
        return _REGISTRY[exercise_id]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise KeyError(f"no exercise called {exercise_id!r} (known: {known})") from None


def exercise(exercise_id: str) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """Mark a learner's function as their version of exercise ``exercise_id`` (it is returned unchanged)."""
    _find(exercise_id)

    def mark(function: Callable[..., Any]) -> Callable[..., Any]:
        function.__exercise__ = exercise_id  # type: ignore[attr-defined]  # a plain function's attribute
        return function

    return mark


# -- is it written yet? ---------------------------------------------------------------------------------
def empty_body(body: Sequence[ast.stmt]) -> bool:
    """Whether a function body (its statements) is only a docstring and ``...`` / ``pass`` /
    ``raise NotImplementedError``: a stub, "not written yet"."""
    statements = list(body)
    first = statements[0] if statements else None
    if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
        statements = statements[1:]  # the docstring
    if not statements:
        return True
    if len(statements) != 1:
        return False
    only = statements[0]
    if isinstance(only, ast.Pass):
        return True
    if isinstance(only, ast.Expr) and isinstance(only.value, ast.Constant) and only.value.value is Ellipsis:
        return True
    if isinstance(only, ast.Raise) and only.exc is not None:
        raised = only.exc.func if isinstance(only.exc, ast.Call) else only.exc
        return isinstance(raised, ast.Name) and raised.id == "NotImplementedError"
    return False


def _stub_bytecode(code: Any) -> bool:
    """The same question asked of compiled code, when the source cannot be found."""
    import dis

    ops = [(i.opname, i.argval) for i in dis.get_instructions(code) if i.opname not in ("RESUME", "NOP", "CACHE")]
    if ops in ([("LOAD_CONST", None), ("RETURN_VALUE", None)], [("RETURN_CONST", None)]):
        return True
    return bool(ops) and ops[0][1] == "NotImplementedError" and ops[-1][0] == "RAISE_VARARGS" and len(ops) <= 5


def is_stub(function: Callable[..., Any]) -> bool:
    """True while ``function``'s body is only a docstring and ``...`` / ``pass`` / ``raise NotImplementedError``.

    >>> def f(x):
    ...     "Doc."
    ...     ...
    >>> def g(x):
    ...     return x
    >>> is_stub(f), is_stub(g)
    (True, False)
    """
    try:
        source = textwrap.dedent(inspect.getsource(function))
        tree = ast.parse(source)
    except (OSError, TypeError, SyntaxError, IndentationError):
        code = getattr(function, "__code__", None)
        return code is not None and _stub_bytecode(code)
    defs = [node for node in tree.body if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))]
    if not defs:
        return False
    return empty_body(defs[0].body)


# -- checking -------------------------------------------------------------------------------------------
def learner_line(exc: BaseException, function: Callable[..., Any]) -> str | None:
    """``"line 4: return board[i]"`` for the deepest frame of the learner's own cell, if any."""
    filename = getattr(getattr(function, "__code__", None), "co_filename", None)
    found = None
    for frame, lineno in traceback.walk_tb(exc.__traceback__):
        if frame.f_code.co_filename == filename:
            found = (lineno, linecache.getline(filename, lineno).strip())
    if found is None:
        return None
    lineno, text = found
    return f"line {lineno}: {text}" if text else f"line {lineno}"


def outcome(ex: Exercise, function: Callable[..., Any], case: tuple[Any, ...], *, learner: bool) -> Any:
    """What one version gives on ``case``: its answer, or a :class:`~gamelab.lessons.answers.Raised` (with the
    learner's own line when the error came from their code). ``sys.exit()`` in a learner's step is an error
    like any other, not the end of the lesson."""
    try:
        return ex.call(function, case)
    except (Exception, SystemExit) as exc:  # a learner's bug is a result to report, not a crash of the lesson
        return Raised.of(exc, learner_line(exc, function) if learner else None)


def agree(ex: Exercise, expected: Any, got: Any) -> bool:
    """Whether a learner's answer (read back as plain data: :func:`~gamelab.lessons.answers.roundtrip`)
    agrees with the shipped one: the same exception type, or ``same(expected, got)`` (default ``==``).
    A :class:`~gamelab.lessons.answers.Foreign` answer, or a comparison that fails, never agrees."""
    if isinstance(expected, Raised) or isinstance(got, Raised):
        return isinstance(expected, Raised) and isinstance(got, Raised) and expected == got
    if isinstance(got, Foreign):
        return False
    try:
        return bool(ex.same(expected, got)) if ex.same is not None else bool(expected == got)
    except Exception:
        return False


@dataclass
class ExerciseReport:
    """The answer of :func:`check`: a status, a short text, and for a failure the first case drawn."""

    exercise_id: str
    name: str
    status: str
    total: int = 0
    failed: int = 0
    explanation: Explanation | None = None
    solution_code: str = ""

    @property
    def passed(self) -> bool:
        return self.status == PASSED

    def __bool__(self) -> bool:
        return self.passed

    @property
    def message(self) -> str:
        """The whole report as text (what the notebook shows above the picture)."""
        return "\n".join(self.lines())

    def lines(self) -> list[str]:
        if self.status == NOT_WRITTEN:
            return [f"✎ {self.exercise_id}: not written yet. Write the body of {self.name}() above, "
                    f"run its cell, then run this one again."]
        if self.status == PASSED:
            return [f"✔ {self.exercise_id}: {self.name}() agrees with the shipped version on {of_cases(self.total, self.total)}."]
        head = (f"✘ {self.exercise_id}: its one case differs from the shipped version." if self.total == 1 else
                f"✘ {self.exercise_id}: {self.failed} of {self.total} cases differ from the shipped version.")
        body = self.explanation.lines if self.explanation else []
        lines = [head, *body]
        if len(lines) > MAX_LINES:
            lines = lines[: MAX_LINES - 1] + [f"… ({len(lines) - MAX_LINES + 1} more lines)"]
        return lines

    def __repr__(self) -> str:
        return "\n".join(self.lines())

    def _repr_html_(self) -> str:
        color = {PASSED: "#1b7f3b", FAILED: "#b00020", NOT_WRITTEN: "#555"}[self.status]
        lines = self.lines()
        html = [f'<div class="gamelab-check"><div style="color:{color};font-weight:bold">{escape(lines[0])}</div>']
        if len(lines) > 1:
            html.append('<pre style="margin:4px 0">' + escape("\n".join(lines[1:])) + "</pre>")
        picture = self.explanation.picture if self.explanation else None
        if picture is not None:
            html.append(f'<div class="gamelab-check-picture">{img_tag(picture, lines[0])}</div>')
        if self.status != PASSED and self.solution_code:
            html.append(_details("The shipped solution (open it when you are stuck)", self.solution_code))
        html.append("</div>")
        return "".join(html)


def _details(summary: str, code: str) -> str:
    return (f'<details><summary style="cursor:pointer;color:#555">{escape(summary)}</summary>'
            f'<pre style="font-family:monospace;font-size:12px;background:#f7f7f7;padding:6px">{escape(code)}</pre>'
            "</details>")


def _explain_default(case: tuple[Any, ...], expected: Any, got: Any, name: str) -> Explanation:
    shown = ", ".join(_short(repr(a)) for a in case)
    lines = [f"{name}({shown})", f"  the shipped version gives {_short(repr(expected))}"]
    lines.append(f"  yours gives {_short(repr(got))}")
    return Explanation(lines)


def _short(text: str, limit: int = 70) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def assess(ex: Exercise, name: str, answers: Iterable[tuple[tuple[Any, ...], Any, Any]],
           solution_code: str = "") -> ExerciseReport:
    """The report on a written step from its ``(case, shipped outcome, learner's outcome read back)`` triples.

    :func:`check` gives it the learner's answers from this process; ``gamelab grade``'s judge gives it the
    answers the learner's process wrote down, so a check and a grade say the same, word for word.
    """
    report = ExerciseReport(ex.id, name, PASSED, solution_code=solution_code)
    shown: tuple[tuple[Any, ...], Any, Any] | None = None  # the case the report draws
    for case, expected, got in answers:
        report.total += 1
        if agree(ex, expected, got):
            continue
        report.failed += 1
        # the most telling case first: the first that raised, else the first wrong value
        if shown is None or (isinstance(got, Raised) and not isinstance(shown[2], Raised)):
            shown = (case, expected, got)
    if shown is not None:
        report.explanation = explanation(ex, *shown, name)
    if report.failed:
        report.status = FAILED
    elif report.total == 0:
        report.status = FAILED
        report.explanation = Explanation(["there were no cases to check"])
    return report


def check(function: Callable[..., Any], reference: Callable[..., Any] | None = None,
          cases: Iterable[Any] | None = None, **options: Any) -> Any:
    """Compare the learner's ``function`` (marked with :func:`exercise`) with the shipped step.

    Each answer is read back as plain data first (:func:`~gamelab.lessons.answers.roundtrip`), as the
    grader reads it. (``check(mine, reference, cases)`` compares any two functions:
    :func:`gamelab.lessons.compare`.)
    """
    if reference is not None or cases is not None:
        from .helpers import compare

        if reference is None or cases is None:
            raise TypeError("check(mine, reference, cases): give both the reference and the cases")
        return compare(function, reference, cases, **options)
    exercise_id = getattr(function, "__exercise__", None)
    if exercise_id is None:
        raise TypeError(f"{getattr(function, '__name__', function)!r} is not marked as an exercise: "
                        "put @exercise(\"<id>\") on the line above its def")
    ex = _find(exercise_id)
    name = getattr(function, "__name__", ex.name)
    solution_code = solution_source(ex.id)
    if is_stub(function):
        report = ExerciseReport(ex.id, name, NOT_WRITTEN, solution_code=solution_code)
    else:
        answers = ((case, outcome(ex, ex.reference, case, learner=False),
                    roundtrip(outcome(ex, function, case, learner=True))) for case in ex.cases())
        report = assess(ex, name, answers, solution_code)
    try:
        function.__gamelab_status__ = report.status  # type: ignore[attr-defined]  # read back by use()
    except (AttributeError, TypeError):
        pass  # a builtin or a bound method: use() checks it again
    return report


def explanation(ex: Exercise, case: tuple[Any, ...], expected: Any, got: Any, name: str) -> Explanation:
    """The first differing case in the game's words; the plain words when the game's own cannot tell it
    (a learner's answer of a shape the explanation does not expect)."""
    if isinstance(got, Raised):
        lines = [f"{name}() raised {got!r}"]
        if got.where:
            lines.append(f"  in your {got.where}")
        base = _explain(ex, case, expected, None, name)
        return Explanation(lines + [line for line in base.lines if not line.startswith("  yours")], base.picture,
                           base.marks)
    return _explain(ex, case, expected, got, name)


def _explain(ex: Exercise, case: tuple[Any, ...], expected: Any, got: Any, name: str) -> Explanation:
    if ex.explain is not None:
        try:
            return ex.explain(case, expected, got)
        except Exception:  # an answer of a shape the game's words do not expect: say it plainly
            pass
    return _explain_default(case, expected, "-" if got is None else got, name)


# -- playing on the learner's pieces --------------------------------------------------------------------
@dataclass(frozen=True)
class Choice:
    """Which version of one step a board plays on, and why (:func:`choose`)."""

    name: str
    status: str  # PASSED, FAILED or NOT_WRITTEN: the learner's check
    chosen: Callable[..., Any]
    yours: bool  # True: the learner's function, False: the shipped one

    @property
    def line(self) -> str:
        """One line saying which version plays and why."""
        if self.yours:
            return (f"{self.name}: yours (checked ✔)" if self.status == PASSED else
                    f"{self.name}: yours, though its check does not pass yet (even_if_failing=True)")
        why = "not written yet" if self.status == NOT_WRITTEN else "its check does not pass yet"
        return f"{self.name}: {why}, so the board uses the shipped version"


def choose(function: Callable[..., Any], *, even_if_failing: bool = False) -> Choice:
    """The version of ``function``'s step a board plays on: the learner's where its check passes (or, with
    ``even_if_failing=True``, wherever it is written at all), else the shipped one."""
    exercise_id = getattr(function, "__exercise__", None)
    if exercise_id is None:
        raise TypeError(f"{getattr(function, '__name__', function)!r} is not marked as an exercise: "
                        "put @exercise(\"<id>\") on the line above its def")
    ex = _find(exercise_id)
    status = getattr(function, "__gamelab_status__", None)
    if status is None:
        status = NOT_WRITTEN if is_stub(function) else check(function).status
    name = getattr(function, "__name__", ex.name)
    yours = status == PASSED or (even_if_failing and status == FAILED)
    return Choice(name, status, function if yours else ex.reference, yours)


def use(function: Callable[..., Any], *, even_if_failing: bool = False) -> Callable[..., Any]:
    """The learner's ``function`` if its check passed, else the shipped one; prints which, in one line.

    ``even_if_failing=True`` plays on the learner's function even though its check fails, to watch what the
    mistake does on a board (a stub is never played: it answers nothing).
    """
    choice = choose(function, even_if_failing=even_if_failing)
    print(choice.line)
    return choice.chosen


@dataclass
class PiecesNote:
    """One line on the pieces a board plays on (``your pieces: 7 of 9 ✔``), the piece-by-piece lines folded."""

    choices: list[Choice]

    @property
    def summary(self) -> str:
        """One short line: how many pieces are the learner's, and why the others are the shipped ones.

        >>> def c(name, status, yours): return Choice(name, status, print, yours)
        >>> PiecesNote([c("flip", PASSED, True), c("count", NOT_WRITTEN, False)]).summary
        'your pieces: 1 of 2 ✔ · the shipped count (not written yet)'
        >>> PiecesNote([c(f"f{k}", NOT_WRITTEN, False) for k in range(9)]).summary
        'your pieces: 0 of 9 ✔ · none written yet: the board plays the shipped ones'
        """
        passing = sum(c.yours and c.status == PASSED for c in self.choices)
        line = f"your pieces: {passing} of {len(self.choices)} ✔"
        failing = [c.name for c in self.choices if c.yours and c.status != PASSED]
        if failing:
            line += f" · yours though failing, on purpose: {_names(failing)}"
        shipped = [c for c in self.choices if not c.yours]
        if shipped and len(shipped) == len(self.choices) and all(c.status == NOT_WRITTEN for c in shipped):
            return line + " · none written yet: the board plays the shipped ones"
        unwritten = [c.name for c in shipped if c.status == NOT_WRITTEN]
        wrong = [c.name for c in shipped if c.status != NOT_WRITTEN]
        for names, why in ((unwritten, "not written yet"), (wrong, "not passing yet")):
            if names:
                line += f" · the shipped {_names(names)} ({why})"
        return line

    def __repr__(self) -> str:
        return self.summary

    def _repr_html_(self) -> str:
        items = "".join(f"<li>{escape(c.line)}</li>" for c in self.choices)
        return (f'<details class="gamelab-pieces"><summary style="cursor:pointer">{escape(self.summary)}</summary>'
                f'<ul style="margin:2px 0">{items}</ul></details>')


def _names(names: list[str]) -> str:
    """A few names, or how many (the summary stays one line: the folded lines name them all)."""
    return ", ".join(names) if len(names) <= 3 else f"{len(names)} pieces"


def use_all(*functions: Callable[..., Any], even_if_failing: bool = False) -> list[Callable[..., Any]]:
    """:func:`use` for several pieces at once, saying so in one line (the details folded in a notebook)."""
    choices = [choose(f, even_if_failing=even_if_failing) for f in functions]
    announce(PiecesNote(choices))
    return [c.chosen for c in choices]


def announce(note: PiecesNote) -> None:
    """Show ``note`` under the cell: one line, the details folded (its summary as text outside a notebook)."""
    from IPython import get_ipython
    from IPython.display import display

    if get_ipython() is not None:
        display(note)  # type: ignore[no-untyped-call]  # IPython's display is not annotated
    else:
        print(note.summary)


# -- solutions --------------------------------------------------------------------------------------------
def solution_source(exercise_id: str) -> str:
    """The solution as an exercise cell would hold it: the marker line and the shipped function."""
    ex = _find(exercise_id)
    if ex.solution is not None:
        code = textwrap.dedent(ex.solution).strip("\n") + "\n"
    else:
        code = textwrap.dedent(inspect.getsource(ex.reference))
        reference_name = ex.reference.__name__
        if reference_name != ex.name:
            code = code.replace(f"def {reference_name}(", f"def {ex.name}(", 1)
    imports = textwrap.dedent(ex.solution_imports).strip("\n")
    return (imports + "\n\n\n" if imports else "") + f'@exercise("{ex.id}")\n' + code


@dataclass
class _Solution:
    exercise_id: str
    code: str = field(repr=False)

    def _repr_html_(self) -> str:
        return _details(f"Solution of {self.exercise_id} (the shipped code)", self.code)

    def __repr__(self) -> str:
        return f"<solution of {self.exercise_id}: {len(self.code.splitlines())} lines, open it in the notebook>"


def solution(exercise_id: str) -> _Solution:
    """The shipped solution of ``exercise_id``, collapsed: the learner opens it on purpose."""
    return _Solution(exercise_id, solution_source(exercise_id))
