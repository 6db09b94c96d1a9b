"""show_source, check and swap: the three things every lesson section does with shipped code."""

from __future__ import annotations

import contextlib
import inspect
import textwrap
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, Iterable, Iterator, TypeVar

import ipywidgets as widgets

from ..pictures import Painter, Picture
from ..widgets.canvas import with_still_picture
from ..words import of_cases

__all__ = ["SourceView", "show_source", "compare", "CheckReport", "swap", "swapped", "progress", "OnRequest"]


@dataclass
class SourceView:
    """A shipped function's source, shown highlighted in a notebook and as plain text elsewhere.

    ``part`` is what the section is about (the whole code by default); when it is only part of the
    function, the whole function follows, collapsed.
    """

    qualname: str
    module: str
    code: str
    part: str | None = None
    first_line: int = 1
    #: shown closed, to be opened on purpose (the shipped answer to an exercise the learner has not passed)
    folded: bool = False

    def _highlight(self, code: str) -> str:
        from pygments import highlight
        from pygments.formatters import HtmlFormatter
        from pygments.lexers import PythonLexer

        # noclasses: the colors travel with the HTML (GitHub, nbviewer, Voila); monospace everywhere.
        formatter = HtmlFormatter(noclasses=True, style="friendly", nowrap=False,
                                  prestyles="font-family:monospace;font-size:12px;line-height:1.35")
        html: str = highlight(code, PythonLexer(), formatter)  # pygments has no type information
        return html

    def _repr_html_(self) -> str:
        if self.folded:
            summary = (f"The shipped {escape(self.qualname)} ({len(self.code.splitlines())} lines: "
                       "open it once your check passes, or when you are stuck)")
            return (f'<details class="gamelab-source"><summary style="cursor:pointer;color:#555;font:12px monospace">'
                    f'{summary}</summary>{self._open_html()}</details>')
        return self._open_html()

    def _open_html(self) -> str:
        where = f"{escape(self.module)}.{escape(self.qualname)}"
        if self.part is None:
            caption = f'<div style="font:12px monospace;color:#666">{where}</div>'
            return f'<div class="gamelab-source">{caption}{self._highlight(self.code)}</div>'
        count = len(self.part.splitlines())
        caption = (f'<div style="font:12px monospace;color:#666">{where}, lines {self.first_line}–'
                   f'{self.first_line + count - 1} of {len(self.code.splitlines())}</div>')
        whole = (f'<details><summary style="cursor:pointer;color:#555;font:12px monospace">the whole of '
                 f'{escape(self.qualname)}</summary>{self._highlight(self.code)}</details>')
        return f'<div class="gamelab-source">{caption}{self._highlight(self.part)}{whole}</div>'

    def __repr__(self) -> str:
        if self.folded:
            return f"<the shipped {self.qualname}, folded: {len(self.code.splitlines())} lines, open it in the notebook>"
        if self.part is None:
            return f"# {self.module}.{self.qualname}\n{self.code}"
        count = len(self.part.splitlines())
        return (f"# {self.module}.{self.qualname}, lines {self.first_line}-{self.first_line + count - 1} "
                f"of {len(self.code.splitlines())}\n{self.part}")


def show_source(obj: Any, *, lines: tuple[int, int] | None = None, region: str | None = None,
                folded: bool = False) -> SourceView:
    """The source of ``obj`` (a function, class or method) exactly as it ships in ``gamelab``.

    ``lines=(first, last)`` (counted from the ``def`` line, 1-based) or ``region="name"`` (the lines
    between ``# region name`` and ``# endregion`` comments in the shipped code) shows only the part a
    section is about, with the whole function collapsed below it. ``folded=True`` shows it closed, to be
    opened on purpose: the way to show the shipped answer of an exercise.

    >>> from gamelab.demo.game import cell_name
    >>> print(repr(show_source(cell_name)).splitlines()[1])
    def cell_name(row: int, col: int) -> str:
    >>> show_source(cell_name, folded=True)  # doctest: +ELLIPSIS
    <the shipped cell_name, folded: ... lines, open it in the notebook>
    >>> print(repr(show_source(cell_name, lines=(8, 8))))
    # gamelab.demo.game.cell_name, lines 8-8 of 8
        return COLUMNS[col] + str(row + 1)
    <BLANKLINE>
    """
    target = inspect.unwrap(obj)
    if isinstance(target, property):
        target = target.fget
    code = textwrap.dedent(inspect.getsource(target)).rstrip() + "\n"
    module = getattr(target, "__module__", "?")
    view = SourceView(getattr(target, "__qualname__", repr(target)), module, code, folded=folded)
    all_lines = code.splitlines()
    if region is not None:
        starts = [i for i, line in enumerate(all_lines) if line.strip() == f"# region {region}"]
        if not starts:
            raise ValueError(f"{view.qualname} has no '# region {region}' comment")
        ends = [i for i, line in enumerate(all_lines) if i > starts[0] and line.strip() == "# endregion"]
        end = ends[0] if ends else len(all_lines)
        lines = (starts[0] + 2, end)
    if lines is not None:
        first, last = lines
        if not 1 <= first <= last <= len(all_lines):
            raise ValueError(f"{view.qualname} has lines 1 to {len(all_lines)}, not {first} to {last}")
        view.part = "\n".join(all_lines[first - 1:last]) + "\n"
        view.first_line = first
    return view


@dataclass
class CheckReport:
    """How a learner's function compared with the reference on every case."""

    name: str
    total: int
    failures: list[tuple[Any, Any, Any]] = field(default_factory=list)  # (case, expected, got-or-error)
    shown: int = 3

    @property
    def passed(self) -> bool:
        return self.total > 0 and not self.failures

    def _lines(self) -> list[str]:
        if self.passed:
            return [f"✔ {self.name}: {of_cases(self.total, self.total)} agree{'s' if self.total == 1 else ''} with the "
                    "reference. Well done!"]
        if self.total == 0:
            return [f"✘ {self.name}: there were no cases to check"]
        lines = [f"✘ {self.name}: {of_cases(len(self.failures), self.total)} "
                 f"differ{'s' if self.total == 1 or len(self.failures) == 1 else ''} from the reference."]
        for case, expected, got in self.failures[: self.shown]:
            shown_case = ", ".join(map(repr, case)) if isinstance(case, tuple) else repr(case)
            lines.append(f"  {self.name}({shown_case}): expected {expected!r}, got {got!r}")
        if len(self.failures) > self.shown:
            lines.append(f"  … and {len(self.failures) - self.shown} more")
        return lines

    def __repr__(self) -> str:
        return "\n".join(self._lines())

    def _repr_html_(self) -> str:
        color = "#1b7f3b" if self.passed else "#b00020"
        lines = self._lines()
        head = f'<div style="color:{color};font-weight:bold">{escape(lines[0])}</div>'
        rest = "".join(f"<li><code>{escape(line.strip())}</code></li>" for line in lines[1:])
        return f'<div class="gamelab-check">{head}{"<ul>" + rest + "</ul>" if rest else ""}</div>'

    def __bool__(self) -> bool:
        return self.passed


class _Raised:
    """What a call raised, shown like the exception."""

    def __init__(self, exc: BaseException) -> None:
        self.exc = exc

    def __repr__(self) -> str:
        return f"{type(self.exc).__name__}: {self.exc}"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Raised) and type(other.exc) is type(self.exc)


def _call(fn: Callable[..., Any], case: Any) -> Any:
    try:
        return fn(*case) if isinstance(case, tuple) else fn(case)
    except Exception as exc:  # a learner's bug is a result to report, not a crash of the lesson
        return _Raised(exc)


def compare(learner: Callable[..., Any], reference: Callable[..., Any], cases: Iterable[Any], *, name: str | None = None,
          same: Callable[[Any, Any], bool] | None = None) -> CheckReport:
    """Run ``learner`` and ``reference`` on every case and report the differences, kindly.

    A case that is a tuple is spread into arguments. ``same(expected, got)`` decides agreement
    (default ``==``). An exception from the learner's code is reported as that case's result.
    """
    equal = same or (lambda a, b: a == b)
    report = CheckReport(name or str(getattr(learner, "__name__", "your function")), 0)
    for case in cases:
        report.total += 1
        expected, got = _call(reference, case), _call(learner, case)
        agree = (expected == got) if isinstance(expected, _Raised) else (not isinstance(got, _Raised) and equal(expected, got))
        if not agree:
            report.failures.append((case, expected, got))
    return report


class swap:
    """Put a learner's function in place of a shipped one (``owner.name``), until :meth:`restore`.

    The game then runs the learner's code, so they can play with their own version of a step.

    >>> import gamelab.demo.game as lo
    >>> s = swap(lo, "cell_name", lambda r, c: "x"); lo.cell_name(0, 0)
    'x'
    >>> s.restore(); lo.cell_name(0, 0)
    'a1'
    """

    def __init__(self, owner: Any, name: str, replacement: Callable[..., Any]) -> None:
        if not hasattr(owner, name):
            raise AttributeError(f"{getattr(owner, '__name__', owner)!r} has no {name!r} to swap")
        self.owner, self.name = owner, name
        self.original = getattr(owner, name)
        setattr(owner, name, replacement)

    def restore(self) -> None:
        setattr(self.owner, self.name, self.original)

    def __repr__(self) -> str:
        return f"<your {self.name} is in the game; call .restore() to put the original back>"


@contextlib.contextmanager
def swapped(owner: Any, name: str, replacement: Callable[..., Any]) -> Iterator[None]:
    """``with swapped(module, "fn", mine): ...`` – :class:`swap` for the length of a block."""
    handle = swap(owner, name, replacement)
    try:
        yield
    finally:
        handle.restore()


T = TypeVar("T")


def progress(items: Iterable[T], label: str = "working", total: int | None = None) -> Iterator[T]:
    """Yield ``items`` one by one while a bar under the cell shows how many are done.

    For the cells that take more than a second or two (statistics over many deals or games), so the
    learner sees the work go on. Outside a notebook (a script, a doctest) nothing is shown:

    >>> [n * n for n in progress(range(4), "squaring")]
    [0, 1, 4, 9]
    """
    if total is None:
        items = list(items)
        total = len(items)
    bar = _progress_bar(label, total)
    done = 0
    for item in items:
        yield item
        done += 1
        if bar is not None:
            bar.value = done
    if bar is not None:
        bar.description = f"{label}: done"
        bar.bar_style = "success"


def _progress_bar(label: str, count: int) -> Any:
    try:
        from IPython import get_ipython
    except ImportError:  # pragma: no cover - IPython comes with the lessons' stack
        return None
    shell = get_ipython()
    if shell is None or type(shell).__name__ != "ZMQInteractiveShell":
        return None  # not in a notebook's kernel: no bar
    import ipywidgets as widgets
    from IPython.display import display

    class Bar(widgets.IntProgress):  # type: ignore[misc]  # ipywidgets has no type information (Any)
        def __repr__(self) -> str:  # what a notebook shows where the bar cannot live (opened, not run yet)
            return f"{self.description} ({self.value} of {self.max})"

    bar = Bar(value=0, min=0, max=max(count, 1), description=label,
              style={"description_width": "initial"}, layout=widgets.Layout(width="420px"))
    display(bar)  # type: ignore[no-untyped-call]  # IPython's display is not annotated
    return bar


# -- slow demos, on request (a lesson's Run All never waits for them) -------------------------------------------------------------------------------------
class OnRequest(widgets.VBox):  # type: ignore[misc]  # ipywidgets has no type information (Any)
    """A button that runs slow ``work()`` when pressed, never on Run All; what the work prints or shows
    appears under the button (and again, fresh, on the next press).

    >>> demo = OnRequest("Say hello", lambda: print("hello"))
    >>> demo
    [▶ Say hello] (a button: run the cell, then press it)
    """

    def __init__(self, label: str, work: Callable[[], Any]) -> None:
        self.label = label
        self.work = work
        self.button = widgets.Button(description=label, icon="play",
                                     layout=widgets.Layout(width="auto", align_self="flex-start"))
        self.button.on_click(lambda _: self.run())
        self.output = widgets.Output()
        super().__init__([self.button, self.output])
        self.add_class("gamelab-on-request")

    def run(self) -> None:
        """Do the work now (what the button does), its output under the button."""
        self.button.disabled, self.button.description = True, f"{self.label}: working…"
        self.output.clear_output()
        try:
            with self.output:
                self.work()
        finally:
            self.button.disabled, self.button.description = False, self.label

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the button as a still picture beside the widget: what a notebook shows before its cells have run
        return with_still_picture(super()._repr_mimebundle_(**kwargs), _ButtonPicture(), self.label)

    def __repr__(self) -> str:
        return f"[▶ {self.label}] (a button: run the cell, then press it)"


class _ButtonPicture(Picture[str]):
    """An on-request button as a picture: its label, and what to do to press it."""

    def size(self, state: str, ui: Any = None) -> tuple[int, int]:
        return 24 + 8 * len(state) + 230, 34

    def draw(self, painter: Painter, state: str, ui: Any = None) -> None:
        width = 16 + 8 * len(state)
        painter.round_rect(1, 2, width, 30, 3, fill="#eeeeee", stroke="#bdbdbd")
        painter.text(10, 17, f"▶ {state}", size=13, fill="#212121", align="left")
        painter.text(width + 12, 17, "(run the cell, then press it)", size=12, fill="#757575", align="left")
