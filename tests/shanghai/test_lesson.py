"""Lesson 04 (Shanghai): its exercises, their reports, grading, and boards that really play on a learner's pieces.

Each notebook is run once per module (a run costs the notebook's own run time): the solutions' version,
the shipped one, and the shipped one with one wrong answer.
"""

from __future__ import annotations

import re
from pathlib import Path

import nbformat
import pytest

from gamelab.controls import Response
from gamelab.lessons import shanghai as lesson
from gamelab.lessons.exercises import FAILED, NOT_WRITTEN, PASSED, check, exercise, registry, solution_source
from gamelab.lessons.solutions import with_solutions
from gamelab.shanghai import Shanghai
from gamelab.shanghai import generate as G
from gamelab.shanghai.picture import TileAt
from gamelab.shanghai.tutorial import TILE_HEIGHT, TILE_WIDTH, Tile
from gamelab.shanghai.widget import ShanghaiBoard
from gamelab.widgets.testing import click
from tests.lesson_runs import graded
from tests.shanghai.wrong_answers import WRONG

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "04_shanghai.ipynb"
IDS = ["shanghai.set_position", "shanghai.is_top", "shanghai.can_select", "shanghai.tile_tint", "shanghai.tile_undo",
       "shanghai.layout_mask", "shanghai.get_edges", "shanghai.get_random2", "shanghai.init_tiles",
       "shanghai.on_click", "shanghai.check_clear", "shanghai.search", "shanghai.on_cancel", "shanghai.on_search",
       "shanghai.get_time_text", "shanghai.scroll_how_to"]


# -- the notebook, graded -------------------------------------------------------------------------------
def _grade(notebook, tmp_path_factory, name):
    folder = tmp_path_factory.mktemp(name)
    path = folder / "04_shanghai.ipynb"
    nbformat.write(notebook, path)
    return {r.exercise: r for r in graded(path)}


@pytest.fixture(scope="module")
def data_dir(tmp_path_factory):
    # the last board keeps a ranking: in a scratch folder, never the user's
    folder = tmp_path_factory.mktemp("data")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("GAMELAB_DATA_DIR", str(folder))
        yield folder


@pytest.fixture(scope="module")
def shipped():
    return nbformat.read(NOTEBOOK, as_version=4)


@pytest.fixture(scope="module")
def solutions_graded(shipped, tmp_path_factory, data_dir):
    return _grade(with_solutions(shipped), tmp_path_factory, "solutions")


@pytest.fixture(scope="module")
def shipped_graded(shipped, tmp_path_factory, data_dir):
    return _grade(shipped, tmp_path_factory, "shipped")


WRONG_TIME_TEXT = '''
@exercise("shanghai.get_time_text")
def get_time_text(milliseconds):
    return f"{milliseconds // 60000} 分 {milliseconds // 1000 % 60} 秒 {milliseconds % 1000}"
'''


@pytest.fixture(scope="module")
def one_wrong_graded(shipped, tmp_path_factory, data_dir):
    notebook = nbformat.reads(nbformat.writes(shipped), as_version=4)
    for cell in notebook.cells:
        if cell.metadata.get("exercise_id") == "shanghai.get_time_text":
            cell.source = WRONG_TIME_TEXT.strip()
    return _grade(notebook, tmp_path_factory, "one-wrong")


def test_the_notebook_has_every_exercise_in_the_tutorials_order(shipped):
    ids = [c.metadata.get("exercise_id") for c in shipped.cells if "exercise" in c.metadata.get("tags", [])]
    assert ids == IDS
    assert set(IDS) == {i for i in registry() if i.startswith("shanghai.")}


def test_the_solutions_version_passes_every_exercise(solutions_graded):
    assert list(solutions_graded) == IDS
    assert {i: r.status for i, r in solutions_graded.items() if r.status != PASSED} == {}


def test_the_shipped_notebook_has_nothing_written(shipped_graded):
    assert list(shipped_graded) == IDS
    assert {r.status for r in shipped_graded.values()} == {NOT_WRITTEN}


def test_one_wrong_answer_fails_that_exercise_alone_and_names_the_case(one_wrong_graded):
    failed = {i: r for i, r in one_wrong_graded.items() if r.status != NOT_WRITTEN}
    assert list(failed) == ["shanghai.get_time_text"]
    report = failed["shanghai.get_time_text"]
    assert report.status == FAILED and "of 21 cases differ" in report.message


def test_the_shipped_notebook_is_light(shipped):
    # its own outputs as before; with the PNG copies of its pictures (what an untrusted notebook shows)
    # within the lessons' budget of 600 KB
    assert NOTEBOOK.stat().st_size < 600_000
    bare = nbformat.reads(nbformat.writes(shipped), as_version=4)
    for cell in bare.cells:
        for output in cell.get("outputs", []):
            output.get("data", {}).pop("image/png", None)
            html = output.get("data", {}).get("text/html")
            if html is not None:
                output["data"]["text/html"] = re.sub(r'src="data:image/png;base64,[^"]*"', 'src=""', "".join(html))
    assert len(nbformat.writes(bare)) < 400_000


# -- every exercise's report on a wrong answer: a few lines in the game's words, and a picture -------------
@pytest.mark.parametrize("exercise_id", IDS)
def test_a_wrong_answer_is_explained_in_a_few_lines_with_the_field_marked(exercise_id):
    report = check(exercise(exercise_id)(WRONG[exercise_id]))
    assert report.status == FAILED, report
    assert report.explanation is not None and len(report.explanation.lines) <= 19
    lines = report.lines()
    assert len(lines) <= 20 and not any("Tile(" in line or "[[" in line for line in lines), lines
    svg = report.explanation.picture._repr_svg_()
    assert svg.startswith("<svg") and len(svg) < 120_000
    assert report.explanation.marks >= 1
    assert '<div class="gamelab-check-picture"><img src="data:image/' in report._repr_html_()


def test_a_crash_names_the_learners_own_line():
    @exercise("shanghai.can_select")
    def can_select(grid, depth, row, col):
        if depth > 0 and grid[depth - 1][row][col] is not None:
            return False
        if col == 0 or grid[depth][row][col - 1] is None:
            return True
        return grid[depth][row][col + 1] is None   # column 11 + 1 is off the board

    report = check(can_select)
    assert report.status == FAILED
    text = "\n".join(report.lines())
    assert "IndexError" in text and "return grid[depth][row][col + 1] is None" in text
    assert report.explanation.picture is not None


def test_tiles_are_named_by_face_and_place():
    assert lesson.tile_name(Tile(25, 3, 2, 5)) == "五筒 (5 of circles) at layer 3 (bottom), row 2, column 5"
    assert lesson.face_name(41) == "東 (East)" and lesson.face_name(46) == "發 (Green dragon)"


def test_every_solution_cell_runs_and_passes_in_one_namespace():
    namespace = {"exercise": exercise}
    for exercise_id in IDS:
        exec(solution_source(exercise_id), namespace)
    for exercise_id in IDS:
        assert check(namespace[registry()[exercise_id].name]).status == PASSED, exercise_id


# -- the boards really play on the learner's pieces --------------------------------------------------------
def _board(**pieces):
    board = ShanghaiBoard(deal=7, ranking=None, warn_unwinnable=False, pieces=pieces)
    board.button("start").click()
    return board


def _solutions(**broken):
    """The solutions of every exercise in one namespace, with some pieces replaced by broken ones first
    (so a later solution that calls them, such as can_select calling is_top, uses the broken one)."""
    namespace = {"exercise": exercise}
    for exercise_id in IDS:
        exec(solution_source(exercise_id), namespace)
    namespace.update(broken)
    return namespace


def test_a_broken_can_select_changes_what_the_board_lets_you_take():
    board = _board(can_select=lambda grid, depth, row, col: True)     # covered tiles too
    covered = next(t for t in Shanghai.new(deal=7).tiles if not Shanghai.new(deal=7).can_select(t.position))
    assert board.game.can_select(covered.position)
    mine = _board(can_select=_solutions()["can_select"])
    assert [t.label for t in mine.game.selectable()] == [t.label for t in Shanghai.new(deal=7).selectable()]


def test_a_broken_is_top_reaches_the_board_through_can_select():
    pieces = _solutions(is_top=lambda grid, depth, row, col: True)
    board = _board(can_select=pieces["can_select"])
    shipped = Shanghai.new(deal=7)
    for action in shipped.construction_actions()[:8]:
        board.record.play(action)
        shipped.play(action)
    assert len(board.game.selectable()) > len(shipped.selectable())


def test_a_broken_search_makes_a_stalemate_and_check_clear_a_clear():
    stuck = _board(search=lambda grid: None)
    assert stuck.game.is_stalemate and "手詰まり" in stuck.status()
    won = _board(check_clear=lambda grid: True)
    assert won.game.is_cleared and won.game.is_over


def test_the_generator_pieces_deal_the_board():
    mine = _board(init_tiles=_solutions()["init_tiles"])
    assert mine.game == Shanghai.new(deal=7)
    for broken in ({"init_tiles": lambda rng: TestGenerators.reversed_kinds(rng)},
                   {"get_random2": lambda rng, max_: None if max_ <= 0 else (0, 1)},
                   {"get_edges": lambda grid: TestGenerators.right_ends_first(grid)},
                   {"layout_mask": lambda: TestGenerators.without_a_corner()}):
        pieces = _solutions(**broken)
        board = _board(init_tiles=pieces["init_tiles"])
        assert board.game != Shanghai.new(deal=7), broken


class TestGenerators:
    @staticmethod
    def reversed_kinds(rng):
        grid, order = G.init_tiles(rng) or (None, None)
        if grid is None:
            return None
        kinds = G.KINDS
        return [[[None if t is None else Tile(kinds[(kinds.index(t.kind) + 1) % len(kinds)], *t.position)
                  for t in line] for line in layer] for layer in grid], order

    @staticmethod
    def right_ends_first(grid):
        edges = G.get_edges(grid)
        return edges[::-1]

    @staticmethod
    def without_a_corner():
        mask = lesson.tutorial.layout_mask()
        mask[3][3][0] = mask[3][4][0] = False
        return mask


def test_a_broken_set_position_or_tint_changes_the_picture_and_where_clicks_land():
    shifted = _board(set_position=lambda depth, row, col: (0, 0, TILE_WIDTH, TILE_HEIGHT))
    plain = _board()
    assert shifted.picture.svg(shifted.game) != plain.picture.svg(plain.game)
    tile = plain.game.selectable()[0]
    assert plain.picture.target_at(plain.game, tile.left + 3, tile.top + 3) == TileAt(*tile.position)
    assert shifted.picture.target_at(shifted.game, tile.left + 3, tile.top + 3) != TileAt(*tile.position)
    tinted = _board(tint=lambda depth, selected: (0, 0, 0, 1.0))
    assert 'fill="rgb(0, 0, 0)"' in tinted.picture.svg(tinted.game)


def test_the_handlers_are_the_learners():
    pair = Shanghai.new(deal=7).search()
    targets = [TileAt(*t.position) for t in pair]
    never_takes = _board(on_click=lambda game, ui, target, *, playing: Response(ui=ui, sound="ng"))
    for target in targets:
        click(never_takes, target)
    assert never_takes.record.actions == [] and never_takes.sounds.played[-1] == "ng"
    mine = _board(on_click=_solutions()["on_click"])
    for target in targets:
        click(mine, target)
    assert len(mine.record.actions) == 1

    always_undo = _board(on_cancel=lambda game, ui, *, playing, can_undo: Response(command="undo"))
    click(always_undo, targets[0])
    click(always_undo, targets[1])
    click(always_undo, TileAt(*always_undo.game.selectable()[0].position))
    always_undo.cancel()
    assert always_undo.record.actions == []         # the shipped Cancel would only have cleared the selection

    honest = _board(on_search=WRONG["shanghai.on_search"])
    honest.search()
    assert honest.ui.suggested and not honest.given_up
    mine = _board(on_search=_solutions()["on_search"])
    mine.search()
    assert mine.ui.suggested == tuple(t.position for t in pair) and mine.given_up
    assert "#ff0000" in mine.clock.value


def test_the_clock_shows_the_learners_time_text():
    board = _board(time_text=lambda ms: "tick")
    assert "tick" in board.clock.value
    mine = _board(time_text=_solutions()["get_time_text"])
    assert "0 分 00 秒 0" in mine.clock.value


def test_undo_keeps_the_given_up_flag():
    board = _board()
    board.search()
    assert board.given_up
    first, second = board.game.search()
    click(board, TileAt(*first.position))
    click(board, TileAt(*second.position))
    board.cancel()                                      # nothing selected: takes the pair back
    assert board.record.actions == [] and board.given_up and board.ui.suggested == ()


def test_a_generator_that_never_succeeds_is_stopped():
    with pytest.raises(ValueError, match="never fills every place"):
        Shanghai.with_rules(init_tiles=lambda rng: None).new(deal=3)


def test_filling_grids_are_fresh_copies():
    grid = lesson.filling_grid(1, 5)
    grid[3][0][1] = "scribble"
    assert lesson.filling_grid(1, 5)[3][0][1] is G.UNFILLED


def test_scroll_and_time_text_follow_the_tutorial():
    from gamelab.shanghai.page import scroll_how_to, time_text

    left, seen = 500, []
    for _ in range(2802):
        left = scroll_how_to(left)
        seen.append(left)
    assert min(seen) == -2300 and seen[2800] == 500
    assert time_text(3_723_004) == "62 分 03 秒 004"
