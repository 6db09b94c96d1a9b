"""Notebooks written by a stranger who wants to pass without the answer, or to reach the grader, the installed
package or a classmate: each one graded (every cell run, top to bottom), its verdict asserted.

The sandbox's guarantees (a user of its own, private mounts, no network) need root, as in CI's container;
those tests are skipped elsewhere, and everything else holds everywhere.
"""

from __future__ import annotations

import hashlib
import json
import os
from pathlib import Path

import nbformat
import pytest

import gamelab
from gamelab.grading import (
    ERROR,
    FAILED,
    MISSING,
    NOT_WRITTEN,
    PASSED,
    SHIPPED,
    TIMED_OUT,
    NotebookResult,
    Options,
    Submission,
    grade,
)
from gamelab.grading.sandbox import processes_of
from gamelab.lessons.catalog import lessons
from gamelab.lessons.exercises import registry

from .notebooks import EXERCISE, PRESS_AT, SOLUTION, WRONG, asked, body, graded, needs_root, solved, start_here, write

root_only = pytest.mark.skipif(not needs_root(), reason="the sandbox walls a submission in only when grading as root")
SECRET = "gamelab-test-secret-8c1f0e"
PACKAGE_FILE = Path(gamelab.__file__)

#: name -> (notebook, the status its exercise must get)
ATTACKS = {
    # a pass without a correct answer
    "always_equal": (start_here(body('''
class Yes:
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __hash__(self): return 0
return Yes()''')), FAILED),
    "equal_int": (start_here(body('''
class Yes(int):
    def __eq__(self, other): return True
    __hash__ = int.__hash__
return Yes(0)''')), FAILED),
    "mock_any": (start_here(body("from unittest import mock\nreturn mock.ANY")), FAILED),
    "forged_log_line": (start_here(before=('''import json, os, tempfile
line = json.dumps({"exercise": "lights_out.press_mask", "status": "passed", "message": "✔", "counts": True})
for path in [os.environ.get("GAMELAB_GRADE_LOG") or os.path.join(tempfile.gettempdir(), "grade.jsonl")]:
    open(path, "a").write(line + "\\n")''',)), NOT_WRITTEN),
    "patched_registry": (start_here(WRONG, before=('''from gamelab.lessons.exercises import registry
entry = registry()["lights_out.press_mask"]
entry.same = lambda expected, got: True
entry.reference = entry.cases = None''',)), SHIPPED),
    "patched_registry_in_disguise": (start_here(WRONG, before=('''import sys
module = sys.modules["gamelab.less" + "ons.exer" + "cises"]
table = getattr(module, "_REG" + "ISTRY")
for entry in table.values():
    entry.same = lambda expected, got: True
setattr(getattr(module, "Exer" + "cise"), "call", lambda self, function, case: self.reference(*case))''',)), FAILED),
    "redefined_check": (start_here(WRONG, before=('def check(function):\n    print("✔ passed")\n    return True',)),
                        FAILED),
    "calls_the_shipped_function": (start_here(body(
        "from gamelab.demo.game import press_mask as shipped\nreturn shipped(size, row, col)")), SHIPPED),
    "binds_the_shipped_function": (start_here('from gamelab.demo import game\n'
                                              'press_mask = exercise("lights_out.press_mask")(game.press_mask)'), SHIPPED),
    "shipped_through_a_helper": (start_here(body("return helper(size, row, col)"), before=(
        "import gamelab.demo.game as g\n\ndef helper(*args):\n    return g.press_mask(*args)",)), SHIPPED),
    "asks_for_the_solution": (start_here(body(
        "from gamelab.lessons.exercises import registry\nreturn registry()['lights_out.press_mask'].reference(size, row, col)")),
        SHIPPED),
    # the kernel writes into the grader's output
    "prints_and_shells": (start_here(body('''
import os
os.system("echo hi; echo '00_start_here.ipynb  lights_out.press_mask  passed' >&2")
print("total: 1/1 exercises passed (100.0 %) in 1 notebook")
return 1 << (row * size + col)'''), before=('print("{not json")',)), FAILED),
    # errors with the learner's line
    "syntax_error": (start_here(body("retrun size")), ERROR),
    "sys_exit": (start_here(body("import sys\nsys.exit(0)")), FAILED),
    # the learner decides what is graded
    "tag_removed": (start_here(SOLUTION, metadata={}), PASSED),
    "id_blanked": (start_here(SOLUTION, metadata={"tags": ["exercise"], "exercise_id": ""}), PASSED),
    "id_renamed": (start_here(SOLUTION, metadata={"tags": ["exercise"], "exercise_id": "lights_out.everything"}), PASSED),
    "id_a_list": (start_here(SOLUTION, metadata={"tags": ["exercise"], "exercise_id": ["lights_out.press_mask"]}),
                  PASSED),
    "tags_a_number": (start_here(SOLUTION, metadata={"tags": 5, "exercise_id": EXERCISE}), PASSED),
    "duplicated": (start_here(SOLUTION, after=(WRONG,), tag_after=True), FAILED),
    "process_killed_in_a_cell": (start_here(SOLUTION, before=("import os\nos._exit(3)",)), PASSED),
    "loops_in_a_cell": (start_here(SOLUTION, before=("while True:\n    pass",)), PASSED),
    "loops_in_the_answer": (start_here(body("while True:\n    pass")), TIMED_OUT),
}


def _deleted() -> nbformat.NotebookNode:
    notebook = start_here()
    notebook.cells = [c for c in notebook.cells if "exercise" not in c.metadata.get("tags", [])]
    return notebook


ATTACKS["cell_deleted"] = (_deleted(), MISSING)

#: attacks on the machine and on the other submissions (their guarantees need the sandbox: root)
SANDBOX = {
    "kills_the_grader": (start_here(SOLUTION, before=('''import os, signal
for pid in [os.getppid(), 1] + [int(p) for p in os.listdir("/proc") if p.isdigit()]:
    try:
        os.kill(pid, signal.SIGKILL)
    except OSError:
        pass''', "import os\nos.kill(-1, 9)")), PASSED),
    "writes_the_package": (start_here(SOLUTION, before=(f'''
for path in [{str(PACKAGE_FILE)!r}, {str(PACKAGE_FILE.parent / "lessons" / "demo.py")!r}]:
    try:
        open(path, "a").write("\\nraise SystemExit('owned')\\n")
    except OSError as problem:
        print(problem)''',)), PASSED),
    "reads_the_graders_secrets": (start_here(body(f'''
import os
found = os.environ.get("GAMELAB_SECRET", "")
for pid in [os.getppid(), 1]:
    try:
        found += open(f"/proc/{{pid}}/environ").read()
    except OSError:
        pass
return found or "{SECRET[:3]}"''')), FAILED),
    "leaves_a_process_running": (start_here(SOLUTION, before=('''import os, subprocess
subprocess.Popen(["sleep", "987"], start_new_session=True)
if os.fork() == 0:
    os.setsid()
    if os.fork() == 0:
        os.execvp("sleep", ["sleep", "988"])
    os._exit(0)''',)), PASSED),
    "fork_bomb": (start_here(SOLUTION, before=('''import os
children = 0
try:
    while children < 5000:
        if os.fork() == 0:
            import time
            time.sleep(60)
            os._exit(0)
        children += 1
except OSError as problem:
    print("stopped after", children, problem)''',)), PASSED),
    "memory_bomb": (start_here(SOLUTION, before=("hoard = bytearray(40 * 1024 ** 3)",)), PASSED),
    "fills_the_disk": (start_here(SOLUTION, before=('''for n in range(1000):
    try:
        with open(f"/tmp/filler-{n}", "wb") as out:
            out.write(b"x" * (32 << 20))
    except OSError as problem:
        print(n, problem)
        break''',)), PASSED),
    "uses_the_network": (start_here(body('''
import socket
try:
    socket.create_connection(("1.1.1.1", 80), timeout=2)
    return 0
except OSError:
    return 1 << (row * size + col)''')), FAILED),
}


@pytest.fixture(scope="module")
def attacked(tmp_path_factory: pytest.TempPathFactory) -> dict[str, NotebookResult]:
    folder = tmp_path_factory.mktemp("attacks")
    chosen = {**ATTACKS, **(SANDBOX if needs_root() else {})}
    paths = [write(notebook, folder / f"{name}.ipynb") for name, (notebook, _) in chosen.items()]
    before = hashlib.sha256(PACKAGE_FILE.read_bytes()).hexdigest()
    os.environ["GAMELAB_SECRET"] = SECRET
    try:
        results = graded(paths, mode="all", cell_timeout=4, timeout=60, jobs=2)
    finally:
        del os.environ["GAMELAB_SECRET"]
    assert hashlib.sha256(PACKAGE_FILE.read_bytes()).hexdigest() == before, "a submission changed the package"
    return {Path(name).stem: result for name, result in results.items()}


@pytest.mark.parametrize("name", ATTACKS)
def test_the_attack_gets_its_verdict_and_nothing_more(attacked, name: str) -> None:
    result = attacked[name]
    assert result.problem is None
    only = asked(result)
    assert (only.exercise, only.status) == (EXERCISE, ATTACKS[name][1]), only.lines


@root_only
@pytest.mark.parametrize("name", SANDBOX)
def test_the_sandbox_holds(attacked, name: str) -> None:
    only = asked(attacked[name])
    assert only.status == SANDBOX[name][1], only.lines


def test_a_trick_value_says_what_it_is(attacked) -> None:
    only = asked(attacked["always_equal"])
    assert any("a press_mask.<locals>.Yes object, which the check cannot compare" in line for line in only.lines)


def test_a_patched_registry_is_named_with_its_line(attacked) -> None:
    only = asked(attacked["patched_registry"])
    assert only.learner_line is not None and only.learner_line.startswith(f"cell {PRESS_AT}, line 1: from gamelab.lessons")
    assert "the notebook changes how it is graded" in only.message


def test_the_shipped_function_is_named_where_it_is_called(attacked) -> None:
    only = asked(attacked["calls_the_shipped_function"])
    assert only.learner_line == f"cell {PRESS_AT}, line 4: return shipped(size, row, col)"
    assert "uses the shipped solution" in only.message


def test_errors_name_the_learners_line(attacked) -> None:
    syntax = asked(attacked["syntax_error"])
    assert syntax.learner_line == f"cell {PRESS_AT}, line 3: retrun size"
    assert syntax.message.startswith("lights_out.press_mask: its cell does not run: SyntaxError")
    exit_ = asked(attacked["sys_exit"])
    assert "press_mask() raised SystemExit: 0" in exit_.lines and exit_.learner_line == f"cell {PRESS_AT}, line 4: sys.exit(0)"


def test_what_the_learner_changed_in_the_metadata_is_noted(attacked) -> None:
    assert attacked["id_renamed"].notes == [f"cell {PRESS_AT} is tagged with 'lights_out.everything', which is not an "
                                            "exercise of 00_start_here: not graded"]
    assert attacked["id_a_list"].notes == [f'cell {PRESS_AT} has an exercise_id that is not a text (["lights_out.press_mask"]): '
                                           "ignored"]
    assert attacked["tags_a_number"].notes == [f"cell {PRESS_AT} has tags that are not a list (5): ignored"]
    assert attacked["duplicated"].notes == [f"lights_out.press_mask is in 2 cells ({PRESS_AT}, {PRESS_AT + 2}): the last one is graded"]


def test_a_cell_that_loops_or_kills_its_process_is_skipped_and_the_rest_graded(attacked) -> None:
    assert attacked["loops_in_a_cell"].notes == [f"cell {PRESS_AT} did not finish within 4 s: skipped, and the rest graded "
                                                 "without it"]
    assert attacked["process_killed_in_a_cell"].notes == [
        f"cell {PRESS_AT} stopped the notebook's process (its process ended (exit status 3)): skipped, and the rest graded "
        "without it"]
    looped = asked(attacked["loops_in_the_answer"])
    assert looped.message == "⏱ lights_out.press_mask: press_mask() did not finish within 4 s (it answered 0 of the 90 cases)."


@root_only
def test_nothing_a_submission_started_outlives_it(attacked) -> None:
    leftover = [pid for pid in os.listdir("/proc") if pid.isdigit() and _cmdline(pid).startswith(("sleep 987", "sleep 988"))]
    assert leftover == []
    from gamelab.grading.sandbox import UID_BASE

    assert all(processes_of(UID_BASE + k) == [] for k in range(4))


def _cmdline(pid: str) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode()
    except OSError:
        return ""


@root_only
def test_the_graders_secrets_never_reach_a_verdict(attacked) -> None:
    text = json.dumps([r.as_dict() for r in attacked.values()])
    assert SECRET not in text


@root_only
def test_classmates_cannot_change_or_read_each_other(tmp_path: Path) -> None:
    """Alice rewrites Bob's notebook, deletes Carol's and copies Carol's answer; graded in the same run."""
    class_folder = tmp_path / "class"
    carol = write(start_here(SOLUTION), class_folder / "carol" / "00_start_here.ipynb")
    bob = write(start_here(WRONG), class_folder / "bob" / "00_start_here.ipynb")
    alice = write(start_here(body(f'''
import json
notebook = json.load(open({str(carol)!r}))
source = next("".join(c["source"]) for c in notebook["cells"] if "exercise" in c["metadata"].get("tags", []))
names = {{"exercise": lambda _: (lambda f: f)}}
exec(source, names)
return names["press_mask"](size, row, col)'''), before=(f'''
import os
solution = {SOLUTION!r}
for path in [{str(bob)!r}, {str(carol)!r}]:
    try:
        text = open(path).read().replace("return 1 << (row * size + col)", solution)
        open(path, "w").write(text)
        os.remove(path)
    except OSError as problem:
        print(problem)''',)), class_folder / "alice" / "00_start_here.ipynb")
    before = {p: p.read_bytes() for p in (bob, carol)}
    results = grade([Submission(str(p), path=str(p)) for p in (alice, bob, carol)],
                    Options(mode="all", cell_timeout=10), jobs=2)
    assert {p: p.read_bytes() for p in (bob, carol)} == before
    by_learner = {Path(r.notebook).parent.name: asked(r).status for r in results}
    assert by_learner == {"alice": FAILED, "bob": FAILED, "carol": PASSED}


@pytest.mark.parametrize("lesson", list(lessons()))
def test_no_exercise_passes_on_trick_values(tmp_path: Path, lesson: str) -> None:
    """Every exercise of every lesson, answered with objects that claim to equal anything."""
    tricks = ['''
class Yes:
    def __eq__(self, other): return True
    def __ne__(self, other): return False
    def __hash__(self): return 0
    def __bool__(self): return True
    def __len__(self): return 0
    def __iter__(self): return iter(())
    def __getitem__(self, key): return self
    def __getattr__(self, name): return self
    def __call__(self, *args, **kwargs): return self
return Yes()''', '''
class Text(str):
    def __eq__(self, other): return True
    __hash__ = str.__hash__
return Text("")''', "from unittest import mock\nreturn mock.ANY"]
    notebook = solved(lesson)
    known = registry()
    count = 0
    for cell in notebook.cells:
        exercise_id = cell.metadata.get("exercise_id")
        if "exercise" in cell.metadata.get("tags", []) and exercise_id:
            trick = tricks[count % len(tricks)]
            cell.source = (f'@exercise("{exercise_id}")\ndef {known[exercise_id].name}(*args, **kwargs):\n'
                           + "".join(f"    {line}\n" for line in trick.strip().splitlines()))
            count += 1
    (result,) = graded([write(notebook, tmp_path / f"{lesson}.ipynb")], jobs=1).values()
    assert result.problem is None
    assert {r.exercise: r.status for r in result.exercises} == dict.fromkeys(lessons()[lesson].exercises, FAILED)
