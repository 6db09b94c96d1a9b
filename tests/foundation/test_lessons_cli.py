"""Lesson helpers and the gamelab command."""

from __future__ import annotations

from pathlib import Path

from gamelab import cli
from gamelab.lessons import check, show_source, swap, swapped


def test_show_source_is_the_shipped_code():
    from gamelab.demo.game import cell_name

    view = show_source(cell_name)
    assert "def cell_name(row: int, col: int) -> str:" in repr(view)
    assert "<div class=\"gamelab-source\">" in view._repr_html_()


def test_check_reports_failures_kindly():
    report = check(lambda a, b: a - b, lambda a, b: a + b, [(1, 0), (1, 2), (3, 4), (5, 6), (0, 0)], name="add")
    assert not report.passed
    text = repr(report)
    assert "3 of the 5 cases differ" in text and "add(1, 2): expected 3, got -1" in text and "… and 1 more" not in text
    crashing = check(lambda n: 1 / n, lambda n: n, [0, 1], name="inv")
    assert "ZeroDivisionError" in repr(crashing)
    assert check(int, int, range(10)).passed


def test_swap_and_swapped():
    import gamelab.demo.game as lo

    with swapped(lo, "cell_name", lambda r, c: "zz"):
        assert lo.cell_name(0, 0) == "zz"
    assert lo.cell_name(0, 0) == "a1"
    handle = swap(lo, "cell_name", lambda r, c: "yy")
    assert "restore" in repr(handle)
    handle.restore()
    assert lo.cell_name(1, 1) == "b2"


def test_lessons_are_shipped_and_copied(tmp_path: Path):
    names = [p.name for p in cli.lesson_files()]
    assert "00_start_here.ipynb" in names
    assert cli.main(["lessons", str(tmp_path / "mine")]) == 0
    copied = tmp_path / "mine" / "00_start_here.ipynb"
    assert copied.exists()
    copied.write_text("my work")
    cli.main(["lessons", str(tmp_path / "mine")])
    assert copied.read_text() == "my work"  # a learner's notebook is never overwritten silently


def test_bench_cli_lists_widgets_rows():
    from gamelab.bench import run

    rows = run(["widgets"], quick=True)
    metrics = {row.metric for row in rows}
    assert any("per full redraw" in m for m in metrics)
    assert all(row.bench == "widgets" for row in rows)


def test_wheel_ships_the_lessons(tmp_path: Path):
    """A non-editable install must still be able to copy the lessons out (gamelab lessons / gamelab lab)."""
    import subprocess
    import sys
    import zipfile

    root = Path(__file__).resolve().parents[2]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w",
                    str(tmp_path), str(root)], check=True, capture_output=True)
    wheel = next(tmp_path.glob("gamelab-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    shipped = {Path(n).name for n in names if n.startswith("gamelab/lessons/notebooks/")}
    assert {p.name for p in (root / "notebooks").glob("*.ipynb")} <= shipped
    assert "gamelab/cli.py" in names
