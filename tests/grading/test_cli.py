"""``gamelab grade`` and ``gamelab lessons`` as a CI job and an instructor use them: exit statuses, scores,
JSON that stays JSON, class folders, one-line errors, and solutions that never overwrite a learner's work."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import nbformat
import pytest

from gamelab.cli import main

from .notebooks import EXERCISE, SOLUTION, WRONG, start_here, write


def gamelab(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "gamelab.cli", *args], capture_output=True, text=True,
                          env={**os.environ, **(env or {})}, timeout=600)


@pytest.fixture(scope="module")
def work(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("cli")
    write(start_here(SOLUTION), folder / "right" / "00_start_here.ipynb")
    write(start_here(WRONG), folder / "wrong" / "00_start_here.ipynb")
    head, rest = SOLUTION.split("-> int:\n", 1)
    noisy = head + "-> int:\n    import os\n    os.system('echo not json')\n    print('{')\n" + rest
    write(start_here(noisy, before=("print('}')",)), folder / "noisy" / "00_start_here.ipynb")
    (folder / "broken.ipynb").write_text("{", encoding="utf-8")
    return folder


def test_exit_statuses_are_a_ci_jobs(work: Path) -> None:
    assert gamelab("grade", str(work / "right" / "00_start_here.ipynb")).returncode == 0
    assert gamelab("grade", str(work / "right"), str(work / "wrong")).returncode == 1
    done = gamelab("grade", str(work / "right"), str(work / "broken.ipynb"))
    assert done.returncode == 2
    assert done.stderr.strip().splitlines()[-1] == (f"gamelab grade: {work / 'broken.ipynb'}: not graded: not a readable "
                                                    "notebook (not JSON: Expecting property name enclosed in double "
                                                    "quotes: line 1 column 2 (char 1))")


@pytest.mark.parametrize("arguments", [["--timeout", "0"], ["--timeout", "-1"], ["--timeout", "soon"],
                                       ["--cell-timeout", "0"], ["-j", "0"], ["--fail-under", "101"], ["--bogus"], []])
def test_a_wrong_command_line_is_one_line_and_exit_3(arguments: list[str], work: Path, capsys) -> None:
    paths = [str(work / "right")] if arguments else []
    assert main(["grade", *paths, *arguments]) == 3
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and err.startswith("gamelab grade:")


def test_an_empty_folder_is_a_usage_error(tmp_path: Path, capsys) -> None:
    assert main(["grade", str(tmp_path)]) == 3
    assert "no notebooks in" in capsys.readouterr().err


def test_fail_under_takes_a_score(work: Path) -> None:
    both = [str(work / "right"), str(work / "wrong")]
    assert gamelab("grade", *both, "--fail-under", "83.3").returncode == 0  # 5 of 6 passed: 83.33 %
    assert gamelab("grade", *both, "--fail-under", "83.4").returncode == 1


def test_json_stays_json_whatever_a_notebook_prints(work: Path) -> None:
    done = gamelab("grade", str(work), "--json", "--all-cells")
    assert done.returncode == 2  # broken.ipynb
    report = json.loads(done.stdout)
    assert (report["passed"], report["total"], report["score"], report["notebooks"], report["not_graded"]) == \
           (8, 9, 88.9, 4, 1)
    by_learner = {r["learner"]: r for r in report["results"]}
    assert set(by_learner) == {"right", "wrong", "noisy", None}
    asked = {learner: next(e for e in r["exercises"] if e["exercise"] == EXERCISE) for learner, r in by_learner.items()
             if learner}
    assert asked["noisy"]["status"] == "passed"
    wrong = asked["wrong"]
    assert wrong["status"] == "failed" and wrong["lines"][0] == wrong["message"] and len(wrong["lines"]) >= 3
    assert "not json" not in done.stdout and "not json" not in done.stderr


def test_the_table_has_a_line_per_notebook_and_a_total(work: Path) -> None:
    lines = gamelab("grade", str(work)).stdout.splitlines()
    out = [line for line in lines if not line.startswith(" ")]  # a line per notebook (its exercises indented)
    assert len(lines) - len(out) == 9, "a line per exercise under each graded notebook"
    assert out[0] == f"{work / 'broken.ipynb'}  not graded: not a readable notebook (not JSON: Expecting property " \
                     "name enclosed in double quotes: line 1 column 2 (char 1))"
    assert out[1] == f"{work / 'noisy' / '00_start_here.ipynb'}  (noisy · 00_start_here)  3/3 passed"
    assert out[2].endswith("(right · 00_start_here)  3/3 passed")
    assert out[3].endswith("(wrong · 00_start_here)  2/3 passed")
    assert out[-1] == "total: 8/9 exercises passed (88.9 %) in 4 notebooks; 1 not graded"


def test_the_graders_own_interpreter_runs_the_notebooks(work: Path, tmp_path: Path) -> None:
    """A kernelspec called python3 from another environment changes nothing."""
    spec = tmp_path / "kernels" / "python3"
    spec.mkdir(parents=True)
    (spec / "kernel.json").write_text(json.dumps({"argv": ["/nonexistent/python", "-m", "ipykernel", "-f",
                                                           "{connection_file}"], "display_name": "elsewhere",
                                                  "language": "python"}))
    done = gamelab("grade", str(work / "right"), env={"JUPYTER_PATH": str(tmp_path), "JUPYTER_DATA_DIR": str(tmp_path)})
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_python_without_gamelab_is_one_clear_problem(work: Path, monkeypatch) -> None:
    from gamelab.grading import Options, Submission, grade, runner

    monkeypatch.setattr(runner, "bootstrap", lambda *fds: "raise ModuleNotFoundError(\"No module named 'gamelab'\")")
    path = str(work / "right" / "00_start_here.ipynb")
    (result,) = grade([Submission(path, path=path)], Options())
    assert result.problem == f"the notebook's process could not start (gamelab cannot be imported by {sys.executable})"
    assert {e.status for e in result.exercises} == {"error"} and len(result.exercises) == 3


def test_the_graders_memory_stays_small_whatever_a_notebook_prints(tmp_path: Path) -> None:
    flood = write(start_here(SOLUTION, before=("import sys\nfor _ in range(200):\n    sys.stdout.write('x' * (1 << 20))",
                                               "import sys\nfor _ in range(50):\n    sys.stderr.write('y' * (1 << 20))")),
                  tmp_path / "00_start_here.ipynb")
    program = ("from gamelab.grading import grade, Options, Submission\n"
               f"(r,) = grade([Submission('n', path={str(flood)!r})], Options(mode='all'))\n"
               "print(r.exercises[0].status)\n"
               "print([l.split()[1] for l in open('/proc/self/status') if l.startswith('VmHWM')][0])\n")
    done = subprocess.run([sys.executable, "-c", program], capture_output=True, text=True, check=True)
    status, peak_kb = done.stdout.split()
    assert status == "passed"
    assert int(peak_kb) < 200 * 1024


# -- gamelab lessons ---------------------------------------------------------------------------------------
def test_solutions_need_a_folder_of_their_own(tmp_path: Path, capsys) -> None:
    assert main(["lessons", "--solutions"]) == 2
    assert "name the folder" in capsys.readouterr().err
    learners = tmp_path / "learners"
    assert main(["lessons", str(learners)]) == 0
    before = {p.name: p.read_bytes() for p in learners.glob("*.ipynb")}
    assert main(["lessons", "--solutions", str(learners)]) == 2
    assert "holds learners' lessons" in capsys.readouterr().err
    assert {p.name: p.read_bytes() for p in learners.glob("*.ipynb")} == before


def test_solutions_never_overwrite_or_write_through_a_link(tmp_path: Path, capsys) -> None:
    target = tmp_path / "solutions"
    target.mkdir()
    mine = tmp_path / "mine.ipynb"
    mine.write_text("my work")
    (target / "01_othello.ipynb").symlink_to(mine)
    assert main(["lessons", "--solutions", str(target)]) == 2
    assert mine.read_text() == "my work"
    assert "symbolic link" in capsys.readouterr().err
    (target / "01_othello.ipynb").unlink()
    assert main(["lessons", "--solutions", str(target)]) == 0
    edited = target / "02_minesweeper.ipynb"
    edited.write_text("an instructor's notes")
    assert main(["lessons", "--solutions", str(target)]) == 0
    assert edited.read_text() == "an instructor's notes"
    assert "already there, kept" in capsys.readouterr().out
    solved = nbformat.read(target / "01_othello.ipynb", as_version=4)
    assert solved.metadata["gamelab"] == {"lesson": "01_othello", "solutions": True}


@pytest.mark.parametrize("setup", ["file", "under_a_file"])
def test_a_folder_that_cannot_be_written_is_one_line(tmp_path: Path, capsys, setup: str) -> None:
    blocker = tmp_path / "taken"
    blocker.write_text("a file")
    target = blocker if setup == "file" else blocker / "lessons"
    assert main(["lessons", str(target)]) == 2
    assert main(["lessons", "--solutions", str(target)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 2 and all(line.startswith("gamelab: ") for line in err) and "Traceback" not in "".join(err)


def test_the_learners_copies_keep_their_work_and_are_never_written_through_a_link(tmp_path: Path) -> None:
    folder = tmp_path / "mine"
    assert main(["lessons", str(folder)]) == 0
    (folder / "00_start_here.ipynb").write_text("my work")
    assert main(["lessons", str(folder)]) == 0
    assert (folder / "00_start_here.ipynb").read_text() == "my work"
    elsewhere = tmp_path / "elsewhere.txt"
    elsewhere.write_text("keep")
    (folder / "01_othello.ipynb").unlink()
    (folder / "01_othello.ipynb").symlink_to(elsewhere)
    assert main(["lessons", str(folder), "--overwrite"]) == 2
    assert elsewhere.read_text() == "keep"
