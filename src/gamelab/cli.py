"""The ``gamelab`` command: get the lessons into a writable folder and open them in JupyterLab.

    gamelab lessons [DIR]              copy the lesson notebooks to DIR (default ./gamelab-lessons)
    gamelab lessons --solutions DIR    the instructor's versions: every exercise filled in
    gamelab lab [DIR]                  copy the lessons, then start JupyterLab there
    gamelab list                       the lessons shipped with this installation
    gamelab grade NOTEBOOK... [--json] run learners' notebooks; per exercise: passed / failed / not written
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

__all__ = ["main", "lesson_files", "copy_lessons"]


def lesson_files() -> list[Path]:
    """The lesson notebooks shipped inside the package (also when installed from a wheel)."""
    folder = resources.files("gamelab.lessons") / "notebooks"
    return sorted(Path(str(p)) for p in folder.iterdir() if p.name.endswith(".ipynb"))


def copy_lessons(target: Path, *, overwrite: bool = False) -> list[Path]:
    """Copy every lesson to ``target``; existing notebooks (a learner's work) are kept unless ``overwrite``."""
    target.mkdir(parents=True, exist_ok=True)
    copied = []
    for source in lesson_files():
        destination = target / source.name
        if destination.exists() and not overwrite:
            continue
        shutil.copyfile(source, destination)
        copied.append(destination)
    return copied


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="gamelab", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    for name, help_text in (("lessons", "copy the lessons to DIR"), ("lab", "copy the lessons and open JupyterLab")):
        cmd = sub.add_parser(name, help=help_text)
        cmd.add_argument("dir", nargs="?", default="gamelab-lessons", help="folder for the lessons")
        cmd.add_argument("--overwrite", action="store_true", help="replace notebooks already there")
        if name == "lessons":
            cmd.add_argument("--solutions", action="store_true",
                             help="write the instructor's versions, every exercise filled in (into DIR)")
    sub.add_parser("list", help="list the lessons")
    grade = sub.add_parser("grade", help="run notebooks and report each exercise")
    grade.add_argument("notebooks", nargs="+", help="learners' notebooks (.ipynb)")
    grade.add_argument("--json", action="store_true", help="one JSON list of {notebook, exercise, status, message}")
    grade.add_argument("--timeout", type=int, default=600, help="seconds a cell may run (default 600)")
    args, rest = parser.parse_known_args(argv)

    if args.command == "list":
        for path in lesson_files():
            print(path.name)
        return 0
    if args.command == "grade":
        return _grade(args.notebooks, as_json=args.json, timeout=args.timeout)
    target = Path(args.dir).expanduser().resolve()
    if args.command == "lessons" and args.solutions:
        from .lessons.solutions import write_solutions

        written = write_solutions(lesson_files(), target)
        print(f"gamelab: {len(written)} lessons with every exercise filled in, written to {target}")
        return 0
    copied = copy_lessons(target, overwrite=args.overwrite)
    kept = len(lesson_files()) - len(copied)
    print(f"gamelab: {len(copied)} lessons copied to {target}" + (f" ({kept} already there, kept)" if kept else ""))
    if args.command == "lab":
        command = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={target}", *rest]
        if getattr(os, "geteuid", lambda: -1)() == 0:  # JupyterLab refuses root without it (containers)
            command.append("--allow-root")
        start = target / "00_start_here.ipynb"
        if start.exists():
            command.append(str(start))
        return subprocess.call(command, cwd=target)
    return 0


def _grade(notebooks: list[str], *, as_json: bool, timeout: int) -> int:
    """Exit status 0 when every notebook could be run (whatever the learners' results), else 1."""
    import json

    from .lessons.grade import format_results, grade

    results, problems = grade(notebooks, timeout=timeout)
    if as_json:
        print(json.dumps([r.as_dict() for r in results], ensure_ascii=False, indent=1))
    elif results:
        print(format_results(results))
    for problem in problems:
        print(f"gamelab grade: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
