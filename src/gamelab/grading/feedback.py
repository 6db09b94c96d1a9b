"""What a class's grading leaves behind: a feedback page per learner and lesson, and a gradebook.

* :func:`write_pages` (``gamelab grade --feedback DIR``): ``DIR/<learner>/<lesson>.html``, one page each, every
  exercise with its verdict, the report in full and the same picture the notebook's check draws (inline
  SVG), self-contained (no outside file, no script: a content security policy forbids both) and readable on
  a phone; ``DIR/index.html`` lists every page with its score, for the instructor.
* :func:`gradebook` / :func:`write_csv` (``--csv FILE``): one row per learner, a column per exercise (1 passed,
  0 otherwise) and a total per lesson.
"""

from __future__ import annotations

import csv
import io
import re
from html import escape
from pathlib import Path
from typing import Any

from .grader import PASSED, NotebookResult

__all__ = ["page", "write_pages", "gradebook", "write_csv", "learner_of"]

_MARKS = {"passed": ("✔", "#1b7f3b", "#e8f5ec"), "failed": ("✘", "#b00020", "#fdecee"),
          "not written": ("✎", "#555555", "#f1f1f1"), "missing": ("?", "#8a5a00", "#fff4dd"),
          "timed out": ("⏱", "#8a5a00", "#fff4dd"), "error": ("⚠", "#b00020", "#fdecee"),
          "uses the shipped solution": ("⚑", "#6a1b9a", "#f3e8f7")}

_STYLE = """
:root { color-scheme: light; }
body { font: 16px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0; background: #fafafa; color: #1d1d1d; }
main { max-width: 860px; margin: 0 auto; padding: 12px; }
header h1 { font-size: 1.35em; margin: 8px 0 2px; }
header p { margin: 2px 0; color: #444; }
.score { font-size: 1.1em; font-weight: 600; }
.bar { height: 10px; background: #e4e4e4; border-radius: 5px; overflow: hidden; margin: 6px 0 14px; }
.bar span { display: block; height: 100%; background: #1b7f3b; }
section { background: white; border: 1px solid #ddd; border-left-width: 6px; border-radius: 6px; padding: 8px 10px;
          margin: 10px 0; }
section h2 { font-size: 1.02em; margin: 0 0 4px; display: flex; flex-wrap: wrap; gap: 4px 10px; align-items: baseline; }
.status { font-weight: 700; white-space: nowrap; }
.id { font-family: ui-monospace, Menlo, Consolas, monospace; font-size: .92em; word-break: break-all; }
pre { white-space: pre-wrap; word-break: break-word; font: 13px/1.4 ui-monospace, Menlo, Consolas, monospace;
      background: #f7f7f7; padding: 6px 8px; border-radius: 4px; margin: 6px 0; overflow-x: auto; }
.line { background: #fff3c4; padding: 2px 6px; border-radius: 3px; font-family: ui-monospace, monospace;
        font-size: .9em; word-break: break-word; }
figure { margin: 6px 0; }
figure svg { max-width: 100%; height: auto; display: block; }
.passed { margin: 2px 0; color: #2d5a3a; font-size: .92em; }
.notes { color: #5a4a00; background: #fff8db; border-radius: 6px; padding: 6px 10px; }
table { border-collapse: collapse; width: 100%; background: white; }
td, th { border: 1px solid #ddd; padding: 4px 8px; text-align: left; }
"""


def _document(title: str, body: str) -> str:
    return ("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
            "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">"
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
            "img-src data:\">"
            f"<title>{escape(title)}</title><style>{_STYLE}</style></head>\n<body><main>\n{body}\n</main></body></html>\n")


def _lesson_title(lesson: str | None) -> str:
    from ..lessons.catalog import lessons

    found = lessons().get(lesson or "")
    return f"{lesson} · {found.title}" if found else (lesson or "unknown lesson")


def _svg(picture: str | None) -> str:
    """A picture as the judge drew it (gamelab's painter escapes every text it writes); anything that does not
    look like one of its pictures is left out."""
    if not picture or not picture.lstrip().startswith("<svg") or re.search(r"<script|\son\w+\s*=", picture, re.I):
        return ""
    return f"<figure>{picture}</figure>"


def page(result: NotebookResult) -> str:
    """One learner's feedback page on one notebook."""
    who = result.learner or Path(result.notebook).stem
    title = f"{who}: {_lesson_title(result.lesson)}"
    parts = [f"<header><h1>{escape(_lesson_title(result.lesson))}</h1>",
             f"<p>{escape(who)} · <span class=\"id\">{escape(result.notebook)}</span></p>"]
    if result.problem:
        parts.append(f"<p class=\"score\">Not graded: {escape(result.problem)}</p>")
    if result.total:
        share = 100 * result.passed / result.total
        parts.append(f"<p class=\"score\">{result.passed} of {result.total} exercises passed</p>"
                     f"<div class=\"bar\" role=\"img\" aria-label=\"{share:.0f} percent\">"
                     f"<span style=\"width:{share:.1f}%\"></span></div>")
    parts.append("</header>")
    if result.notes:
        parts.append("<div class=\"notes\"><p>About this notebook:</p><ul>"
                     + "".join(f"<li>{escape(note)}</li>" for note in result.notes) + "</ul></div>")
    for item in result.exercises:
        mark, color, background = _MARKS.get(item.status, ("•", "#333", "#fff"))
        parts.append(f"<section style=\"border-left-color:{color}\">"
                     f"<h2><span class=\"status\" style=\"color:{color};background:{background};padding:0 6px;"
                     f"border-radius:4px\">{mark} {escape(item.status)}</span>"
                     f"<span class=\"id\">{escape(item.exercise)}</span></h2>")
        if item.status == PASSED:  # a pass needs no more than its one line
            parts.append(f"<p class=\"passed\">{escape(item.message)}</p>")
        else:
            parts.append(f"<pre>{escape(chr(10).join(item.lines))}</pre>")
        if item.learner_line:
            parts.append(f"<p>Your line: <span class=\"line\">{escape(item.learner_line)}</span></p>")
        parts.append(_svg(item.picture))
        parts.append("</section>")
    return _document(title, "\n".join(parts))


def _safe(name: str) -> str:
    cleaned = re.sub(r"[^\w.-]+", "_", name).strip("._")
    return cleaned[:80] or "notebook"


def learner_of(result: NotebookResult) -> str:
    """The learner a result belongs to: the class folder's name, else the notebook's path."""
    return result.learner or result.notebook


def write_pages(results: list[NotebookResult], folder: Path) -> list[Path]:
    """A page per learner and lesson in ``folder`` (never written through a link), and an index of them."""
    folder.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    rows = []
    taken: set[Path] = set()
    for result in results:
        place = folder / _safe(result.learner) if result.learner else folder
        name = _safe(result.lesson or Path(result.notebook).stem) if result.learner else _safe(Path(result.notebook).stem)
        path = place / f"{name}.html"
        count = 2
        while path in taken:
            path = place / f"{name}-{count}.html"
            count += 1
        taken.add(path)
        place.mkdir(parents=True, exist_ok=True)
        _write(path, page(result))
        written.append(path)
        rows.append((learner_of(result), result, path.relative_to(folder)))
    table = "".join(f"<tr><td>{escape(who)}</td><td>{escape(_lesson_title(r.lesson))}</td>"
                    f"<td>{'not graded' if r.problem else f'{r.passed}/{r.total}'}</td>"
                    f"<td><a href=\"{escape(str(link))}\">{escape(str(link))}</a></td></tr>" for who, r, link in rows)
    _write(folder / "index.html", _document("gamelab grades", "<h1>gamelab grades</h1><table><tr><th>learner</th>"
                                            f"<th>lesson</th><th>passed</th><th>page</th></tr>{table}</table>"))
    return written


def _write(path: Path, text: str) -> None:
    if path.is_symlink():
        path.unlink()  # a link left in the output folder is replaced, never written through
    path.write_text(text, encoding="utf-8")


def gradebook(results: list[NotebookResult]) -> tuple[list[str], list[dict[str, Any]]]:
    """The gradebook's columns and rows: per learner, 1 or 0 per exercise, and a total per lesson."""
    from ..lessons.catalog import lessons

    known = lessons()
    graded = sorted({r.lesson for r in results if r.lesson}, key=lambda lesson: list(known).index(lesson)
                    if lesson in known else len(known))
    columns = ["learner"]
    for lesson in graded:
        exercises = list(known[lesson].exercises) if lesson in known else []
        columns += exercises + [f"{lesson} total"]
    rows: dict[str, dict[str, Any]] = {}
    for result in results:
        row = rows.setdefault(learner_of(result), {"learner": learner_of(result)})
        if not result.lesson:
            continue
        for item in result.exercises:
            row[item.exercise] = int(item.status == PASSED)
        row[f"{result.lesson} total"] = result.passed
    for row in rows.values():
        for column in columns[1:]:
            row.setdefault(column, 0)
    return columns, list(rows.values())


def write_csv(results: list[NotebookResult], path: Path) -> None:
    """The gradebook as CSV (a learner's name that starts like a formula is quoted, so a spreadsheet shows it)."""
    columns, rows = gradebook(results)
    out = io.StringIO()
    writer = csv.DictWriter(out, columns)
    writer.writeheader()
    for row in rows:
        name = str(row["learner"])
        writer.writerow({**row, "learner": f"'{name}" if name[:1] in "=+-@" else name})
    if path.is_symlink():
        path.unlink()
    path.write_text(out.getvalue(), encoding="utf-8")
