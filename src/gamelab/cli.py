"""The ``gamelab`` command: the lessons into a folder of your own, JupyterLab on them, and grading.

    gamelab lessons [DIR]              copy the lesson notebooks to DIR (default ./gamelab-lessons)
    gamelab lessons --solutions DIR    the instructor's versions, every exercise filled in, into DIR
    gamelab lessons --nbgrader DIR     the lessons as an nbgrader course (DIR/source/<lesson>/)
    gamelab lab [DIR]                  copy the lessons, then start JupyterLab there
    gamelab list                       the lessons shipped with this installation
    gamelab grade PATH... [--json]     grade learners' notebooks (files, or class folders of <learner>/<lesson>.ipynb)
    gamelab server-extension enable|disable|status
                                       boards answer sooner: kernel replies without Nagle's delay (off until enabled)

Nothing here ever writes over a notebook that is already there, or through a symbolic link. A problem is
one line on stderr: exit status 2 (``gamelab grade``: 3 for a wrong command line, 2 for a notebook that could
not be graded, 1 when an exercise did not pass, 0 when all did).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, NoReturn

from .lessons.catalog import lesson_files

if TYPE_CHECKING:
    from .grading import Submission

__all__ = ["main", "lesson_files", "copy_lessons", "collect"]


class CommandError(Exception):
    """A problem to say in one line (exit status ``code``)."""

    def __init__(self, message: str, code: int = 2) -> None:
        super().__init__(message)
        self.code = code


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise CommandError(f"{self.prog}: {message} (see {self.prog} --help)", 3 if "grade" in self.prog else 2)


def _write_new(destination: Path, data: bytes, *, replace: bool = False) -> bool:
    """Write ``data`` to ``destination`` only if nothing is there (True), never through a link; with
    ``replace``, put a fresh file in place of a regular file (a link is still refused)."""
    if destination.is_symlink():
        raise CommandError(f"gamelab: {destination} is a symbolic link: not written through")
    if destination.exists() and not replace:
        return False
    if destination.exists() and not destination.is_file():
        raise CommandError(f"gamelab: {destination} is not a file: not written")
    temporary = destination.with_name(f".{destination.name}.gamelab-new")
    handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_NOFOLLOW, 0o644)
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        if not replace and destination.exists():
            return False
        os.replace(temporary, destination)  # replaces the name itself: never writes through a link made meanwhile
    finally:
        if temporary.exists():
            temporary.unlink()
    return True


def _folder(target: Path) -> Path:
    if target.is_symlink() and not target.is_dir():
        raise CommandError(f"gamelab: {target} is a broken symbolic link, not a folder")
    if target.exists() and not target.is_dir():
        raise CommandError(f"gamelab: {target} is a file, not a folder")
    target.mkdir(parents=True, exist_ok=True)
    return target


def copy_lessons(target: Path, *, overwrite: bool = False) -> list[Path]:
    """Copy every lesson to ``target``; notebooks already there (a learner's work) are kept unless ``overwrite``."""
    _folder(target)
    copied = []
    for source in lesson_files():
        destination = target / source.name
        if _write_new(destination, source.read_bytes(), replace=overwrite):
            copied.append(destination)
    return copied


def _learners_lessons(target: Path) -> list[str]:
    """The learners' lesson notebooks in ``target`` (a shipped lesson's copy, not a solutions' version)."""
    import json

    found = []
    for path in sorted(target.glob("*.ipynb")):
        try:
            metadata = json.loads(path.read_text(encoding="utf-8")).get("metadata", {})
        except (OSError, ValueError, AttributeError):
            continue
        own = metadata.get("gamelab") if isinstance(metadata, dict) else None
        if isinstance(own, dict) and own.get("lesson") and not own.get("solutions"):
            found.append(path.name)
    return found


def write_solution_lessons(target: Path) -> tuple[list[Path], list[Path]]:
    """The instructor's versions into ``target``: (written, kept because a notebook was already there)."""
    import nbformat

    from .lessons.solutions import with_solutions

    _folder(target)
    learners = _learners_lessons(target)
    if learners:
        raise CommandError(f"gamelab: {target} holds learners' lessons ({', '.join(learners[:3])}"
                           f"{', …' if len(learners) > 3 else ''}): write the solutions into a folder of their own")
    written: list[Path] = []
    kept: list[Path] = []
    for source in lesson_files():
        notebook = with_solutions(nbformat.read(source, as_version=4))  # type: ignore[no-untyped-call]  # nbformat has no annotations
        data = nbformat.writes(notebook).encode("utf-8")  # type: ignore[no-untyped-call]  # nbformat has no annotations
        destination = target / source.name
        (written if _write_new(destination, data) else kept).append(destination)
    return written, kept


def collect(paths: list[str]) -> list[Submission]:
    """The submissions ``paths`` name: notebooks, and class folders of ``<learner>/<lesson>.ipynb`` (or
    ``<learner>/<assignment>/<lesson>.ipynb``, as nbgrader's exchange has them), each named by its learner."""
    from .grading import Submission

    found: list[Submission] = []
    for given in paths:
        path = Path(given)
        if not path.is_dir():
            found.append(Submission(given, path=given))
            continue
        for notebook in sorted(path.rglob("*.ipynb")):
            relative = notebook.relative_to(path)
            if ".ipynb_checkpoints" in relative.parts or any(part.startswith(".") for part in relative.parts):
                continue
            learner = relative.parts[0] if len(relative.parts) > 1 else None
            shown = str(Path(given) / relative)
            if notebook.is_symlink():
                found.append(Submission(shown, data=b"", learner=learner))  # graded as unreadable, never followed
                continue
            found.append(Submission(shown, path=str(notebook), learner=learner))
    return found


def _number(convert: Callable[[str], Any], kind: str, fits: Callable[[Any], bool], rule: str) -> Callable[[str], Any]:
    """An argparse type: ``text`` read by ``convert`` (else "not <kind>"), kept if ``fits`` (else ``rule``)."""
    def read(text: str) -> Any:
        try:
            value = convert(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not {kind}") from None
        if not fits(value):
            raise argparse.ArgumentTypeError(f"{text}: {rule}")
        return value
    return read


_seconds = _number(float, "a number of seconds", lambda v: 0 < v < float("inf"),
                   "not a time limit, give a number of seconds above 0")
_jobs = _number(int, "a whole number", lambda v: v >= 1, "at least 1 notebook at a time")
_score = _number(float, "a score", lambda v: 0 <= v <= 100, "a score is a percentage, 0 to 100")


def _parser() -> argparse.ArgumentParser:
    parser = _Parser(prog="gamelab", description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True, parser_class=_Parser)
    lessons = sub.add_parser("lessons", help="copy the lessons to DIR")
    lessons.add_argument("dir", nargs="?", default=None, help="folder for the lessons (default ./gamelab-lessons)")
    lessons.add_argument("--overwrite", action="store_true", help="replace lessons already there (never a link)")
    lessons.add_argument("--solutions", action="store_true",
                         help="write the instructor's versions, every exercise filled in, into DIR (required)")
    lessons.add_argument("--nbgrader", action="store_true",
                         help="write an nbgrader course into DIR (required): source/<lesson>/ for every lesson")
    lab = sub.add_parser("lab", help="copy the lessons and open JupyterLab")
    lab.add_argument("dir", nargs="?", default="gamelab-lessons", help="folder for the lessons")
    lab.add_argument("--overwrite", action="store_true", help="replace lessons already there")
    sub.add_parser("list", help="list the lessons")
    server = sub.add_parser("server-extension", help="turn gamelab's Jupyter server extension on or off",
                            description="gamelab's server extension makes the kernel's replies reach the page "
                                        "without Nagle's 40 ms wait, for this environment's Jupyter servers. "
                                        "It is off until enabled; enable never overrides a configuration that "
                                        "turns it off.")
    server.add_argument("action", choices=["enable", "disable", "status"])
    grade = sub.add_parser("grade", help="grade learners' notebooks", description=_GRADE_HELP,
                           formatter_class=argparse.RawDescriptionHelpFormatter)
    grade.add_argument("paths", nargs="+", metavar="PATH",
                       help="a notebook, or a folder of <learner>/<lesson>.ipynb (a class)")
    grade.add_argument("--json", action="store_true", help="the results as JSON on stdout")
    grade.add_argument("--timeout", type=_seconds, default=120.0, metavar="SECONDS",
                       help="the time budget of one notebook (default 120)")
    grade.add_argument("--cell-timeout", type=_seconds, default=30.0, metavar="SECONDS",
                       help="the time limit of one cell or one exercise's answers, inside the budget (default 30)")
    grade.add_argument("--fail-under", type=_score, default=None, metavar="SCORE",
                       help="exit 0 when the total score (percent of exercises passed) is at least SCORE")
    grade.add_argument("--all-cells", action="store_true",
                       help="run every cell of each notebook, not only what the verdicts need")
    grade.add_argument("-j", "--jobs", type=_jobs, default=os.cpu_count() or 1, metavar="N",
                       help="notebooks graded at a time (default: the number of CPUs)")
    grade.add_argument("--dask", metavar="SCHEDULER_ADDRESS", default=None,
                       help="grade on this Dask cluster's workers instead (dask.distributed)")
    grade.add_argument("--feedback", metavar="DIR", default=None,
                       help="write a feedback page per learner and lesson into DIR (DIR/<learner>/<lesson>.html)")
    grade.add_argument("--csv", metavar="FILE", default=None,
                       help="write the gradebook: a row per learner, 1/0 per exercise, a total per lesson")
    return parser


_GRADE_HELP = """Grade learners' notebooks: per exercise passed, failed, not written, missing, timed out, error, or
uses the shipped solution. Each notebook runs in a process of its own (as root: its own user, no network,
private /tmp); the verdicts are decided outside it, from its answers as plain data.

Exit status: 0 every exercise passed (or the score reached --fail-under), 1 some did not, 2 a notebook
could not be graded, 3 a wrong command line."""


def main(argv: list[str] | None = None) -> int:
    try:
        args, rest = _parser().parse_known_args(argv)
        if args.command == "grade" and rest:
            raise CommandError(f"gamelab grade: unknown option {rest[0]} (see gamelab grade --help)", 3)
        return _run(args, rest)
    except CommandError as problem:
        print(problem, file=sys.stderr)
        return problem.code
    except BrokenPipeError:  # the output's reader went away (| head): nothing more to say
        sys.stdout = open(os.devnull, "w")
        return 1
    except OSError as problem:
        where = f" {problem.filename}" if problem.filename else ""
        print(f"gamelab: cannot write{where}: {problem.strerror or problem}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace, rest: list[str]) -> int:
    if args.command == "server-extension":
        from . import server

        try:
            actions: dict[str, Callable[[], str]] = {"enable": server.enable, "disable": server.disable,
                                                     "status": server.status}
            print(actions[args.action]())
        except ValueError as refused:
            raise CommandError(str(refused)) from None
        return 0
    if args.command == "list":
        for path in lesson_files():
            print(path.name)
        return 0
    if args.command == "grade":
        return _grade(args)
    if args.command == "lessons" and args.nbgrader:
        if args.dir is None or args.solutions:
            raise CommandError("gamelab lessons --nbgrader DIR: name the course folder (and not with --solutions)")
        from .grading.nbgrader import write_course

        target = Path(args.dir).expanduser().absolute()
        _folder(target)
        if _learners_lessons(target):
            raise CommandError(f"gamelab: {target} holds learners' lessons: write the course into a folder of its own")
        written = write_course(target, lesson_files())
        print(f"gamelab: {len(written)} lessons written as nbgrader assignments to {target / 'source'}")
        return 0
    if args.command == "lessons" and args.solutions:
        if args.dir is None:
            raise CommandError("gamelab lessons --solutions DIR: name the folder for the solutions (a folder of "
                               "their own, never the learners')")
        target = Path(args.dir).expanduser().absolute()
        written, kept = write_solution_lessons(target)
        print(f"gamelab: {len(written)} lessons with every exercise filled in, written to {target}"
              + (f" ({len(kept)} already there, kept)" if kept else ""))
        return 0
    if args.command == "lessons" and rest:
        raise CommandError(f"gamelab lessons: unknown option {rest[0]}")
    target = Path(args.dir or "gamelab-lessons").expanduser().absolute()
    copied = copy_lessons(target, overwrite=args.overwrite)
    left = len(lesson_files()) - len(copied)
    print(f"gamelab: {len(copied)} lessons copied to {target}" + (f" ({left} already there, kept)" if left else ""))
    if args.command == "lab":
        command = [sys.executable, "-m", "jupyter", "lab", f"--ServerApp.root_dir={target}", *rest]
        if getattr(os, "geteuid", lambda: -1)() == 0:  # JupyterLab refuses root without it (containers)
            command.append("--allow-root")
        start = target / "00_start_here.ipynb"
        if start.exists():
            command.append(str(start))
        return subprocess.call(command, cwd=target)
    return 0


def _grade(args: argparse.Namespace) -> int:
    from .grading import Options, grade
    from .grading.report import as_json, exit_status, table
    from .grading.sandbox import privilege_note

    submissions = collect(args.paths)
    if not submissions:
        raise CommandError(f"gamelab grade: no notebooks in {' '.join(args.paths)}", 3)
    feedback = Path(args.feedback) if args.feedback else None
    gradebook = Path(args.csv) if args.csv else None
    for target, what in ((feedback, "folder"), (gradebook.parent if gradebook else None, "folder")):
        if target is not None and target.exists() and not target.is_dir():
            raise CommandError(f"gamelab grade: {target} is a file, not a {what}", 3)
    note = privilege_note() if args.dask is None else None
    if note:
        print(note, file=sys.stderr)
    options = Options(timeout=args.timeout, cell_timeout=args.cell_timeout,
                      mode="all" if args.all_cells else "needed")
    progress = _Progress(len(submissions))
    try:
        if args.dask:
            from .grading.cluster import grade_on_cluster

            results = grade_on_cluster(submissions, options, args.dask, on_result=progress.done)
        else:
            hide = [*args.paths, *(s.path for s in submissions if s.path)]
            results = grade(submissions, options, jobs=args.jobs, on_result=progress.done, hide=hide)
    finally:
        progress.close()
    print(as_json(results) if args.json else table(results))
    if any(r.isolation == "user" for r in results):
        print("gamelab grade: submissions ran as users of their own, but without private mounts or a network of "
              "their own (this machine refused mount namespaces: a container without CAP_SYS_ADMIN?): a submission "
              "could read what any user may read, classmates' notebooks included, and reach the network. Grade "
              "in a container run with --cap-add SYS_ADMIN (README, 'Grading in a container').", file=sys.stderr)
    for result in results:
        if result.problem:
            print(f"gamelab grade: {result.notebook}: not graded: {result.problem}", file=sys.stderr)
    if feedback is not None:
        from .grading.feedback import write_pages

        pages = write_pages(results, feedback)
        print(f"gamelab grade: {len(pages)} feedback pages in {feedback}", file=sys.stderr)
    if gradebook is not None:
        from .grading.feedback import write_csv

        write_csv(results, gradebook)
    return exit_status(results, args.fail_under)


class _Progress:
    """A bar on stderr while notebooks are graded: how many are done, how many did not pass, time left
    (tqdm; nothing when stderr is not a terminal)."""

    def __init__(self, total: int) -> None:
        self.bar = None
        self.failures = 0
        if sys.stderr.isatty() and total > 1:
            from tqdm import tqdm

            self.bar = tqdm(total=total, unit="notebook", file=sys.stderr, dynamic_ncols=True, leave=False)

    def done(self, result: object) -> None:
        if self.bar is None:
            return
        passed, total, problem = (getattr(result, name) for name in ("passed", "total", "problem"))
        self.failures += bool(problem) or passed < total
        self.bar.set_postfix_str(f"{self.failures} not all passed", refresh=False)
        self.bar.update(1)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.close()


if __name__ == "__main__":
    sys.exit(main())
