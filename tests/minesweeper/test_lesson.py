"""The Minesweeper lesson: its thirteen exercises, their reports, the boards that play on a learner's pieces, grading.

The notebook runs twice here (once each, module-scoped): the instructor's version with every stub filled in
(every exercise passes, no cell fails, every board took the learner's pieces and drew what the shipped
steps draw), and the shipped version with one wrong answer (graded: exactly that exercise fails, naming the
case; the untouched stubs are "not written"). nbval runs the shipped notebook itself.
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any, Callable

import nbformat
import pytest

from gamelab.lessons import minesweeper as lesson
from gamelab.lessons.exercises import FAILED, MAX_LINES, NOT_WRITTEN, PASSED, check, exercise, is_stub, registry
from gamelab.lessons.solutions import with_solutions
from gamelab.minesweeper import Cell, Ctrl, Minesweeper, VMap
from gamelab.minesweeper.vmap import ALIVE, CLEARED, DEAD, FLAG, HIDE, OPEN
from gamelab.minesweeper.widget import MinesweeperBoard
from gamelab.widgets import fire
from gamelab.widgets.testing import click
from tests.lesson_runs import checked, execute, exercise_ids, graded
from tests.minesweeper.wrong_answers import WRONG

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "02_minesweeper.ipynb"
IDS = ["minesweeper.sentinel_map", "minesweeper.offsets", "minesweeper.placeable", "minesweeper.lay_mines",
       "minesweeper.flood_fill", "minesweeper.open", "minesweeper.flag", "minesweeper.tally", "minesweeper.verdict",
       "minesweeper.click", "minesweeper.message", "minesweeper.table", "minesweeper.opening"]
PIECES = ["sentinel_states", "neighbour_offsets", "placeable_cells", "lay_mines", "open_cell", "open_at",
          "toggle_flag", "tally", "verdict", "dispatch_click", "game_over_message", "table_layout"]

WRONG_VERDICT = '''@exercise("minesweeper.verdict")
def verdict(flags, rest, mines):
    if flags + rest == 0:   # the tutorial's order: a cleared board without mines reads as a blast
        return DEAD
    if flags + rest == mines:
        return CLEARED
    return ALIVE
'''


def shipped() -> Any:
    return nbformat.read(NOTEBOOK, as_version=4)


@pytest.fixture(scope="module")
def solved() -> Any:
    """The instructor's version run top to bottom in a fresh kernel; any error fails."""
    return execute(with_solutions(shipped()), NOTEBOOK.parent)


@pytest.fixture(scope="module")
def one_wrong(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    notebook = shipped()
    cell = next(c for c in notebook.cells if c.get("metadata", {}).get("exercise_id") == "minesweeper.verdict")
    cell.source = WRONG_VERDICT
    path = tmp_path_factory.mktemp("wrong") / NOTEBOOK.name
    nbformat.write(notebook, path)
    return graded(path)


def text_of(cell: Any) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


def notes_of(cell: Any) -> str:
    """The one-line notes on the pieces a board plays on (``your pieces: 9 of 9 ✔``), as text."""
    return "".join(o["data"]["text/plain"] for o in cell.get("outputs", [])
                   if o.get("output_type") == "display_data" and "your pieces:" in o.get("data", {}).get("text/plain", ""))


def pictures_of(cell: Any) -> list[str]:
    return [o["data"]["image/svg+xml"] for o in cell.get("outputs", []) if "image/svg+xml" in o.get("data", {})]


# -- the notebook ------------------------------------------------------------------------------------------------------
def test_the_notebook_has_the_exercises_in_the_tutorials_order_as_stubs() -> None:
    notebook = shipped()
    assert exercise_ids(notebook) == IDS
    for cell in notebook.cells:
        if "exercise" in cell.get("metadata", {}).get("tags", []):
            namespace = learner(cell.source)
            function = next(v for v in namespace.values() if getattr(v, "__exercise__", None))
            assert is_stub(function), cell.metadata["exercise_id"]


def test_solutions_pass_every_exercise_and_every_board_takes_them(solved) -> None:
    notebook = solved
    own, shown = checked(notebook)
    assert own == dict.fromkeys(IDS, PASSED)
    # the wrong versions the lesson shows are reported failed
    assert shown == dict.fromkeys(["minesweeper.flood_fill", "minesweeper.verdict"], {FAILED})
    # every piece, in every run and board cell, was the learner's (said in one line per gathering of pieces)
    printed = "".join(text_of(cell) + notes_of(cell) for cell in notebook.cells)
    assert "shipped" not in printed and "open_cell: yours (checked ✔)" in printed
    assert "your pieces: 4 of 4 ✔" in printed
    final = notebook.cells[-1]
    assert "MinesweeperBoard(\"expert\"" in final.source
    assert notes_of(final) == f"your pieces: {len(PIECES)} of {len(PIECES)} ✔" and not text_of(final)
    # the learner's pieces draw exactly what the shipped steps draw
    for mine, theirs in zip(shipped().cells, notebook.cells):
        assert pictures_of(mine) == pictures_of(theirs), mine.source[:60]


def test_the_shipped_answers_are_out_of_sight() -> None:
    """No cell and no stored output shows a shipped answer unfolded (any three lines of its body in a row):
    only the folded solution in a check's report, or a folded show_source (their text form is one line)."""
    import inspect
    import textwrap

    notebook = shipped()
    texts = [cell.source for cell in notebook.cells] + [
        o.get("data", {}).get("text/plain", "") + o.get("text", "")
        for cell in notebook.cells if cell.cell_type == "code" for o in cell.outputs]
    seen = "\n".join("\n".join(line.strip() for line in text.splitlines()) for text in texts)
    for eid in IDS:
        source = textwrap.dedent(inspect.getsource(registry()[eid].reference))
        body = [line.strip() for line in source.split('"""')[-1].splitlines() if line.strip()]
        assert body, eid
        for k in range(max(1, len(body) - 2)):
            assert "\n".join(body[k:k + 3]) not in seen, (eid, body[k:k + 3])


def test_the_notebook_imports_what_its_stubs_name() -> None:
    """game_over_message's stub asks for math.ceil and math.floor: math is imported before it."""
    cells = shipped().cells
    stub = next(k for k, c in enumerate(cells) if c.metadata.get("exercise_id") == "minesweeper.message")
    assert "math.ceil" in cells[stub].source
    assert any("import math" in c.source.splitlines() for c in cells[:stub] if c.cell_type == "code")


def test_grading_one_wrong_answer(one_wrong) -> None:
    statuses = {result.exercise: result.status for result in one_wrong}
    assert statuses == {**dict.fromkeys(IDS, NOT_WRITTEN), "minesweeper.verdict": FAILED}
    message = next(result.message for result in one_wrong if result.exercise == "minesweeper.verdict")
    assert message.startswith("✘ minesweeper.verdict: 1 of") and "flags 0 + rest 0" in message and "0 mines" in message


# -- the checks and their reports ------------------------------------------------------------------------------------
def learner(source: str, **names: Any) -> dict[str, Any]:
    """Run ``source`` as a notebook cell would (its own file name, so a report quotes its lines)."""
    import linecache

    filename = f"<learner cell {len(linecache.cache)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {"exercise": exercise, "VMap": VMap, "Minesweeper": Minesweeper, "math": math,
                                 "HIDE": HIDE, "OPEN": OPEN, "FLAG": FLAG, "DEAD": DEAD, "ALIVE": ALIVE,
                                 "CLEARED": CLEARED, **names}
    exec(compile(source, filename, "exec"), namespace)
    return namespace


def only(source: str) -> Callable[..., Any]:
    return next(v for v in learner(source).values() if getattr(v, "__exercise__", None))


def test_every_exercise_is_in_the_notebook_and_the_registry() -> None:
    assert sorted(WRONG) == sorted(IDS) == sorted(i for i in registry() if i.startswith("minesweeper."))
    assert set(lesson.PIECES) == set(IDS)


@pytest.mark.parametrize("exercise_id", IDS)
def test_the_shipped_step_passes_its_own_check(exercise_id: str) -> None:
    report = check(exercise(exercise_id)(registry()[exercise_id].reference))
    assert report.status == PASSED and report.total >= 20


def wrong(exercise_id: str) -> Callable[..., Any]:
    """The plausible mistake of ``tests/minesweeper/wrong_answers.py``, marked as the exercise's answer."""
    return exercise(exercise_id)(WRONG[exercise_id])


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_wrong_answer_is_told_in_a_few_lines_with_a_picture(exercise_id: str) -> None:
    report = check(wrong(exercise_id))
    assert report.status == FAILED
    lines = report.lines()
    assert len(lines) <= MAX_LINES and len(report.explanation.lines) <= MAX_LINES
    assert report.explanation.picture._repr_svg_().startswith("<svg")
    html = report._repr_html_()
    assert "<img" in html and "The shipped solution" in html
    assert "Cell(" not in "\n".join(lines) and "VMap object" not in "\n".join(lines)  # game words, no raw objects


@pytest.mark.parametrize("exercise_id", IDS)
def test_a_wrong_answers_picture_marks_the_difference(exercise_id: str) -> None:
    """The shared rule: a wrong answer's report draws a picture with at least one mark, and its legend
    names only the marks the picture draws."""
    report = check(wrong(exercise_id))
    assert report.explanation.picture is not None and report.explanation.marks >= 1
    legend_names_only_what_is_drawn(report)


@pytest.mark.parametrize("exercise_id", IDS)
def test_an_answer_that_raises_is_drawn_too(exercise_id: str) -> None:
    def raises(*args: Any) -> Any:
        raise RuntimeError("boom")

    report = check(exercise(exercise_id)(raises))
    assert report.lines()[1] == "raises() raised RuntimeError: boom"
    assert report.explanation.picture is not None and report.explanation.marks >= 1
    legend_names_only_what_is_drawn(report)


#: a legend's words and what the picture must then hold (the marks' colors and shapes in the SVG)
LEGEND_MARKS = {
    "a red ring": r'<circle [^>]*stroke="#e0245e"',
    "a red cross": r'<polyline [^>]*stroke="#e0245e"',
    "a red square": r'<rect [^>]*stroke="#e0245e" stroke-width="3"',
    "the red box": r'<rect [^>]*rx="6" [^>]*stroke="#e0245e"',
    "amber": r'fill="#ffc21a"',
    "the blue dot": r'fill="#1d4ed8"',
}


def legend_names_only_what_is_drawn(report: Any) -> None:
    import re

    text = " ".join(" ".join(report.explanation.lines).split())
    legend = text[text.index("In the picture:"):]
    svg = report.explanation.picture._repr_svg_()
    for words, drawn in LEGEND_MARKS.items():
        if words in legend:  # named, so drawn
            assert re.search(drawn, svg), (report.exercise_id, words, legend)
        elif "red" in words:  # a red mark drawn is always explained
            assert not re.search(drawn, svg), (report.exercise_id, words, legend)


def test_a_flood_fill_that_raises_on_some_cases_shows_the_exception() -> None:
    """Recursion without the HIDE test: two zeros open each other for ever, so the zeros raise while the
    other cases pass; the report draws a raising case, names the exception and the learner's line."""
    report = check(only('''
@exercise("minesweeper.flood_fill")
def open_cell(vm, i):
    if vm.state[i] == FLAG:
        return
    vm.state[i] = OPEN
    if vm.near[i] == 0:
        for d in vm.offsets:
            open_cell(vm, i + d)
'''))
    assert report.status == FAILED and report.failed < report.total
    text = repr(report)
    assert "open_cell() raised RecursionError" in text and "in your line 9: open_cell(vm, i + d)" in text
    assert "(a hidden 0)" in text and "a red ring = a cell the shipped step opens" in text
    assert report.explanation.marks >= 1


def test_a_report_starts_with_a_typical_case() -> None:
    """The first case a report can draw is a game of some size, not a degenerate one (no mines, one cell)."""
    first = {eid: next(iter(registry()[eid].cases())) for eid in IDS}
    assert first["minesweeper.verdict"][2] == 99
    assert first["minesweeper.sentinel_map"] == (3, 4) and first["minesweeper.table"][:2] == (2, 3)
    for eid in ("minesweeper.placeable", "minesweeper.opening", "minesweeper.flood_fill", "minesweeper.lay_mines"):
        vm = first[eid][0]
        assert vm.rows * vm.cols >= 12, eid
    assert "with 99 mines" in repr(check(exercise("minesweeper.verdict")(lambda flags, rest, mines: ALIVE)))


def test_reports_name_cells_by_row_and_column() -> None:
    text = repr(check(wrong("minesweeper.flood_fill")))
    assert "row 3 column 4: FLAG in the shipped map, OPEN in yours" in text
    text = repr(check(wrong("minesweeper.open")))
    assert "vm.exploded: row 3 column 2 in the shipped map, None in yours" in text
    assert "a red square = the mine that blew up" in text
    text = repr(check(wrong("minesweeper.click")))
    assert "before the first click" in text and "'flag 1 1'" in text


def test_an_exception_in_the_learners_code_names_their_line() -> None:
    report = check(only('''
@exercise("minesweeper.tally")
def tally(vm):
    flags = vm.state.count(FLAG)
    return flags, vm.rest
'''))
    text = repr(report)
    assert "tally() raised AttributeError" in text and "in your line 5: return flags, vm.rest" in text
    assert report.explanation.picture is not None


def test_a_stub_is_not_written_and_use_falls_back_to_the_shipped_step(capsys) -> None:
    stub = only('''
@exercise("minesweeper.verdict")
def verdict(flags, rest, mines):
    """Doc."""
    ...
''')
    assert check(stub).status == NOT_WRITTEN
    pieces = lesson.your_pieces(stub)
    assert pieces == {"verdict": registry()["minesweeper.verdict"].reference}
    assert capsys.readouterr().out == "your pieces: 0 of 1 ✔ · none written yet: the board plays the shipped ones\n"


def test_your_pieces_says_it_in_one_line_and_plays_a_failing_piece_on_purpose(capsys) -> None:
    never_ends = exercise("minesweeper.verdict")(lambda flags, rest, mines: ALIVE)
    tally = exercise("minesweeper.tally")(registry()["minesweeper.tally"].reference)
    assert lesson.your_pieces(tally, never_ends) == {"tally": tally, "verdict": registry()["minesweeper.verdict"].reference}
    assert capsys.readouterr().out == "your pieces: 1 of 2 ✔ · the shipped <lambda> (not passing yet)\n"
    assert lesson.your_pieces(tally, never_ends, even_if_failing=True) == {"tally": tally, "verdict": never_ends}
    assert capsys.readouterr().out == "your pieces: 1 of 2 ✔ · yours though failing, on purpose: <lambda>\n"
    board = MinesweeperBoard(rows=6, cols=8, mines=8, seed=5, sound=False, record_panel=False,
                             pieces=lesson.your_pieces(never_ends, even_if_failing=True))
    click(board, Cell(3, 4))
    click(board, Cell(*mine_of(board)))
    assert not board.game.is_over  # the learner's verdict never ends the game, as they asked


# -- the boards play on the learner's pieces -------------------------------------------------------------------------
def boards(piece: str, version: Callable[..., Any], **setup: Any) -> tuple[MinesweeperBoard, MinesweeperBoard]:
    """The same board twice: on one broken piece, and on the shipped steps."""
    setup = {"rows": 6, "cols": 8, "mines": 8, "seed": 5, "sound": False, "record_panel": False, **setup}
    return MinesweeperBoard(pieces={piece: version}, **setup), MinesweeperBoard(**setup)


def both(pair: tuple[MinesweeperBoard, MinesweeperBoard], *cells: tuple[int, int], mode: str = "open") -> None:
    for board in pair:
        for row, col in cells:
            if board.game.started:
                board.set_mode(mode)
            click(board, Cell(row, col))


def mine_of(board: MinesweeperBoard) -> tuple[int, int]:
    vm = board.game.vm
    return vm.coords(next(i for i in vm.cells if vm.mine[i] and vm.state[i] == HIDE))


def test_a_board_on_a_map_without_its_border_ends_at_once() -> None:
    theirs, shipped_board = pair = boards("sentinel_states", lambda rows, cols: [OPEN] * ((rows + 2) * (cols + 2)))
    both(pair, (3, 4))
    assert theirs.game.lost and not shipped_board.game.lost


def test_a_board_on_four_neighbours_counts_fewer_mines() -> None:
    theirs, shipped_board = pair = boards("neighbour_offsets", lambda width: (-width, -1, 1, width))
    both(pair, (3, 4))
    assert str(theirs.game) != str(shipped_board.game)


def test_a_board_on_other_placeable_cells_lays_other_mines() -> None:
    theirs, shipped_board = pair = boards("placeable_cells", lambda vm, row, col: [
        i for i in reversed(vm.cells) if i != vm.index(row, col)])
    both(pair, (3, 4))
    assert theirs.game.vm.mine != shipped_board.game.vm.mine


def test_a_board_on_mines_without_counts_shows_no_numbers() -> None:
    def no_counts(vm: VMap, indices: Any) -> None:
        for i in indices:
            vm.mine[i] = 1

    theirs, shipped_board = pair = boards("lay_mines", no_counts)
    both(pair, (3, 4))
    assert not any(theirs.game.vm.near) and str(theirs.game) != str(shipped_board.game)


def test_a_board_on_a_flood_fill_that_does_not_spread_opens_one_cell() -> None:
    def one_cell(vm: VMap, i: int) -> None:
        if vm.state[i] == HIDE:
            vm.state[i] = OPEN

    theirs, shipped_board = pair = boards("open_cell", one_cell, opening=True)
    both(pair, (3, 4))
    assert theirs.game.vm.hidden == 6 * 8 - 1 and shipped_board.game.vm.hidden < 6 * 8 - 8


def test_a_board_on_an_open_without_blast_plays_on_after_a_mine() -> None:
    def no_blast(vm: VMap, row: int, col: int) -> None:
        vm.open_cell(vm.index(row, col))

    theirs, shipped_board = pair = boards("open_at", no_blast)
    both(pair, (3, 4))
    both(pair, mine_of(shipped_board))
    assert shipped_board.game.lost and not theirs.game.lost


def test_a_board_on_a_flag_that_sticks_keeps_it() -> None:
    def sticky(vm: VMap, row: int, col: int) -> None:
        vm.state[vm.index(row, col)] = FLAG

    theirs, shipped_board = pair = boards("toggle_flag", sticky)
    both(pair, (3, 4))
    both(pair, (1, 1), (1, 1), mode="flag")
    assert theirs.game.cell(1, 1) == "F" and shipped_board.game.cell(1, 1) == "#"


def test_a_board_on_a_tally_without_flags_counts_no_flags() -> None:
    theirs, shipped_board = pair = boards("tally", lambda vm: (0, sum(vm.state[i] != OPEN for i in vm.cells)))
    both(pair, (3, 4))
    both(pair, (1, 1), mode="flag")
    assert theirs.game.mines_left == 8 and shipped_board.game.mines_left == 7


def test_a_board_on_a_verdict_that_never_ends_plays_on_after_a_blast() -> None:
    theirs, shipped_board = pair = boards("verdict", lambda flags, rest, mines: ALIVE)
    both(pair, (3, 4))
    both(pair, mine_of(shipped_board))
    assert shipped_board.game.lost and not theirs.game.is_over


def test_a_board_on_a_dispatch_that_opens_in_flag_mode_opens() -> None:
    def always_open(game: Minesweeper, row: int, col: int, mode: str) -> str | None:
        return None if game.is_over else f"open {row} {col}"

    theirs, shipped_board = pair = boards("dispatch_click", always_open)
    both(pair, (3, 4))
    both(pair, (1, 8), mode="flag")
    assert theirs.record.actions[-1] == "open 1 8" and shipped_board.record.actions[-1] == "flag 1 8"


def test_a_board_on_another_message_shows_it() -> None:
    theirs, shipped_board = pair = boards("game_over_message", lambda result, started, ended: "boom")
    both(pair, (3, 4))
    both(pair, mine_of(shipped_board))
    assert theirs.result_message() == "boom" and shipped_board.result_message().startswith("blown up in ")


def test_a_board_on_a_mirrored_table_puts_cells_elsewhere() -> None:
    def mirrored(rows: int, cols: int, size: float) -> dict[tuple[int, int], tuple[float, float]]:
        return {(r, c): ((cols - c) * size, (r - 1) * size) for r in range(1, rows + 1) for c in range(1, cols + 1)}

    theirs, shipped_board = boards("table_layout", mirrored)
    x, y, size = shipped_board.picture.cell_box(1, 1)
    for board in (theirs, shipped_board):
        fire(board.canvas, event="mouse_down", x=x + size / 2, y=y + size / 2)
        fire(board.canvas, event="mouse_up", x=x + size / 2, y=y + size / 2)
    assert theirs.record.actions == ["open 1 8"] and shipped_board.record.actions == ["open 1 1"]


def test_new_games_keep_the_learners_pieces() -> None:
    theirs, _ = boards("verdict", lambda flags, rest, mines: ALIVE)
    rules = type(theirs.game)
    theirs.new_game()
    assert type(theirs.game) is rules and type(theirs.game.copy()) is rules
    ctrl = Ctrl(Minesweeper.with_rules(verdict=lambda flags, rest, mines: ALIVE).new("beginner"))
    ctrl.click(5, 5)
    ctrl.init()
    assert ctrl.game.vm.rules.verdict(0, 0, 10) == ALIVE


def test_a_map_on_the_shipped_steps_given_as_pieces_plays_as_the_shipped_map() -> None:
    """The recounting map (the tutorial's way) and the counting one agree, move for move."""
    import random

    steps = {name: registry()[eid].reference for eid, name in lesson.PIECES.items()
             if name not in ("dispatch_click", "game_over_message", "table_layout")}
    Tutorial = VMap.with_rules(**steps)
    for seed in range(30):
        rng = random.Random(seed)
        mine, theirs = VMap(6, 7, 9), Tutorial(6, 7, 9)
        assert mine.first(3, 3, random.Random(seed)) == theirs.first(3, 3, random.Random(seed))
        while mine.show() == ALIVE:
            i = rng.choice([i for i in mine.cells if mine.state[i] != OPEN])
            move = "flag" if rng.random() < 0.3 else "open"
            assert getattr(mine, move)(*mine.coords(i)) == getattr(theirs, move)(*mine.coords(i))
            assert (mine.state, mine.flags, mine.hidden, mine.exploded) == (
                theirs.state, theirs.flags, theirs.hidden, theirs.exploded)


def test_unknown_pieces_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="pieces has no piece 'flood'"):
        MinesweeperBoard("beginner", pieces={"flood": lambda vm, i: None})
    with pytest.raises(ValueError, match="no piece called chord"):
        Ctrl(pieces={"chord": lambda: None})
    with pytest.raises(TypeError, match="not one of this lesson's exercises"):
        lesson.your_pieces(lambda: None)
