"""The Klondike lesson: its twenty exercises, their reports, the boards that play on a learner's pieces, grading.

The notebook runs twice here (once each, module-scoped): the instructor's version with every stub filled in
(every exercise passes, no cell fails, every board took the learner's pieces), and the shipped version with
one wrong answer (graded: exactly that exercise fails, naming the case; the untouched stubs are "not
written"). nbval runs the shipped notebook itself, whose stored check outputs all say "not written yet".
"""

from __future__ import annotations

import inspect
import textwrap
from pathlib import Path
from typing import Any

import nbformat
import pytest

from gamelab import IllegalMove
from gamelab.klondike import Klondike, Selection
from gamelab.klondike.controls import CardAt, selection_of
from gamelab.klondike.widget import KlondikeBoard
from gamelab.lessons import klondike as lesson
from gamelab.lessons.exercises import FAILED, NOT_WRITTEN, PASSED, check, exercise, is_stub, registry
from gamelab.lessons.solutions import with_solutions
from tests.lesson_runs import checked, execute, exercise_ids, graded

from .helpers import SMALL, position
from .wrong_answers import SOURCES, learner

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "03_klondike.ipynb"
STEPS = ["new_deck", "shuffle", "deal_columns", "can_tableau", "can_foundation", "is_run", "selected_cards",
         "remove_selected", "reveal", "move_to_pile", "move_to_foundation", "draw_from_stock", "snapshot",
         "save_state", "restore", "hint_moves", "can_auto_complete", "card_text", "update_timer", "new_game"]
IDS = [f"klondike.{step}" for step in STEPS]
#: the pieces a board plays on (save_state is shown running, but a board's undo keeps its own record)
BOARD_PIECES = [step for step in STEPS if step != "save_state"]

# the mistakes, as source text by step (each board piece's also changes how a board plays)
WRONG = SOURCES


def shipped() -> Any:
    return nbformat.read(NOTEBOOK, as_version=4)


def text_of(cell: Any) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


@pytest.fixture(scope="module")
def solved() -> Any:
    """The instructor's version run top to bottom in a fresh kernel; any error fails."""
    return execute(with_solutions(shipped()), NOTEBOOK.parent)


@pytest.fixture(scope="module")
def one_wrong(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    notebook = shipped()
    cell = next(c for c in notebook.cells if c.get("metadata", {}).get("exercise_id") == "klondike.reveal")
    cell.source = WRONG["reveal"].strip()
    path = tmp_path_factory.mktemp("wrong") / NOTEBOOK.name
    nbformat.write(notebook, path)
    return graded(path)


# -- the notebook ------------------------------------------------------------------------------------------
def test_the_notebook_has_the_twenty_exercises_in_the_tutorials_order_all_stubs() -> None:
    notebook = shipped()
    assert exercise_ids(notebook) == IDS
    for cell in notebook.cells:
        if "exercise" in cell.get("metadata", {}).get("tags", []):
            assert is_stub(learner(cell.source)), cell.metadata["exercise_id"]
    # as shipped, every check says "not written yet" (nbval holds the notebook to these outputs)
    checks = [c for c in notebook.cells if c.cell_type == "code" and c.source.startswith("check(")]
    assert len(checks) == len(IDS)
    for cell in checks:
        plain = "".join(o["data"]["text/plain"] for o in cell.outputs if "data" in o)
        assert ": not written yet." in plain, cell.source


def test_solutions_pass_every_exercise_and_every_board_takes_them(solved) -> None:
    notebook = solved
    own, shown = checked(notebook)
    assert own == dict.fromkeys(IDS, PASSED)
    # the wrong versions the lesson shows are reported failed
    assert shown == dict.fromkeys(["klondike.can_tableau", "klondike.move_to_pile"], {FAILED})
    # every gathering of pieces, in every run and board cell, took the learner's versions, and said so in
    # one line (the piece-by-piece lines folded in its HTML)
    gathering = [cell for cell in notebook.cells if cell.cell_type == "code" and "your_pieces(" in cell.source]
    assert len(gathering) >= 10
    for cell in gathering:
        (note,) = pieces_notes(cell)
        count = note["text/plain"].split(": ", 1)[1].split(" of ")[0]
        assert note["text/plain"] == f"your pieces: {count} of {count} ✔", cell.source
    assert "uses the shipped version" not in "".join(text_of(cell) for cell in notebook.cells)
    final = notebook.cells[-1]
    assert final.source.rstrip().endswith("KlondikeBoard(seed=7, pieces=pieces, undo_limit=100)")
    (note,) = pieces_notes(final)
    assert note["text/plain"] == f"your pieces: {len(BOARD_PIECES)} of {len(BOARD_PIECES)} ✔"
    assert all(f"{step}: yours (checked ✔)" in note["text/html"] for step in BOARD_PIECES)
    board_cells = [cell for cell in notebook.cells if "KlondikeBoard(" in cell.source and "pieces=" in cell.source]
    assert len(board_cells) >= 5


def pieces_notes(cell: Any) -> list[dict[str, str]]:
    """The one-line notes on the pieces a cell's board or run plays on (``your pieces: 9 of 9 ✔``)."""
    return [o["data"] for o in cell.get("outputs", [])
            if "data" in o and str(o["data"].get("text/plain", "")).startswith("your pieces:")]


def test_as_shipped_each_gathering_of_pieces_is_one_line() -> None:
    for cell in shipped().cells:
        if cell.cell_type == "code" and "your_pieces(" in cell.source:
            (note,) = pieces_notes(cell)
            assert "\n" not in note["text/plain"] and note["text/html"].startswith("<details")


def test_grading_one_wrong_answer(one_wrong) -> None:
    statuses = {result.exercise: result.status for result in one_wrong}
    assert statuses == {**dict.fromkeys(IDS, NOT_WRITTEN), "klondike.reveal": FAILED}
    message = next(result.message for result in one_wrong if result.exercise == "klondike.reveal")
    assert message.startswith("✘ klondike.reveal:") and "reveal(game, " in message and "column" in message


# -- the checks and their reports ----------------------------------------------------------------------------
def test_every_step_has_an_exercise_and_the_shipped_step_passes() -> None:
    known = {key for key in registry() if key.startswith("klondike.")}
    assert known == set(IDS)
    for exercise_id in IDS:
        reference = registry()[exercise_id].reference
        assert check(exercise(exercise_id)(reference)).status == PASSED, exercise_id


@pytest.mark.parametrize("step", STEPS)
def test_a_wrong_answer_is_drawn_and_named_in_at_most_twenty_lines(step: str) -> None:
    report = check(learner(WRONG[step]))
    assert report.status == FAILED
    lines = report.lines()
    assert len(lines) <= 20
    assert "Card(suit=" not in "\n".join(lines)  # cards are named A♠, 10♥, never as records
    picture = report.explanation.picture
    assert picture is not None and picture._repr_svg_().startswith("<svg")
    assert len(picture._repr_svg_()) < 40_000
    shown = report._repr_html_().split('<div class="gamelab-check-picture">', 1)[1]
    assert shown.startswith(("<svg", "<img"))  # the picture itself, or an image of it


def test_an_exception_in_a_learners_step_names_their_line() -> None:
    broken = learner('''
@exercise("klondike.move_to_pile")
def move_to_pile(game, selection, column):
    cards = game.selected_cards(selection)
    return cards[5].rank > 0
''')
    lines = check(broken).lines()
    assert "raised IndexError" in lines[1] and "cards[5].rank" in lines[2]


# -- the boards play on the learner's pieces -------------------------------------------------------------------
class FakeClock:
    def __init__(self) -> None:
        self.t = 100.0

    def __call__(self) -> float:
        return self.t


def differs(step: str) -> bool:
    """Does the engine or a board behave differently with the wrong version of ``step`` than without?"""
    mine = learner(WRONG[step])
    Mine = Klondike.with_rules(**{step: mine}) if step in Klondike.PIECES else Klondike
    if step in ("new_deck", "shuffle", "deal_columns"):
        return Mine.new(seed=1).key() != Klondike.new(seed=1).key()
    if step == "can_tableau":
        return "t2>t1" in Mine.new(position=position("foundations: -- -- -- --\nt1: 9♠\nt2: 8♣").position_text()
                                   ).legal_actions()
    if step == "can_foundation":
        game = Mine.new(seed=1)
        game.play("t7>f")  # the K♥ onto the empty ♥ foundation
        return True
    if step in ("is_run", "selected_cards", "remove_selected", "reveal", "move_to_pile"):
        ours, theirs = Mine.new(position=position(SMALL).position_text()), position(SMALL)
        for game in (ours, theirs):
            for action in ("w>t1", "t1:3>t4"):
                try:
                    game.play(action)
                except IllegalMove:
                    pass
        return ours.key() != theirs.key()
    if step == "move_to_foundation":
        game = Mine.new(seed=2)
        game.play("t4>f")
        return game.moves == 0
    if step == "draw_from_stock":
        ours, theirs = Mine.new(seed=3), Klondike.new(seed=3)
        for game in (ours, theirs):
            for _ in range(25):
                game.play("draw")
        return ours.stock != theirs.stock
    if step in ("snapshot", "restore"):
        board = KlondikeBoard(seed=2, pieces={step: mine})  # every copy of the record goes through them
        board.act("t4>f")
        board.act("draw")
        return (board.game.moves, len(board.game.foundations[1])) != (2, 1)
    if step == "hint_moves":
        return Mine.new(position=position(SMALL).position_text()).hints() != position(SMALL).hints()
    if step == "can_auto_complete":
        text = "foundations: 9♠ 10♥ 8♣ 9♦\nwaste: 10♣\nt1: K♠ Q♥ J♣\nt2: K♦ Q♣ J♥ 10♠\nt3: K♣ Q♦ J♠ 10♦ 9♣\nt4: K♥ Q♠ J♦"
        board = KlondikeBoard(position=text, pieces={step: mine})
        return not board.button("auto").disabled
    if step == "card_text":
        return str(Mine.new(seed=1)) != str(Klondike.new(seed=1))
    if step == "update_timer":
        now = FakeClock()
        board = KlondikeBoard(seed=1, now=now, pieces={step: mine})
        board.act("draw")
        now.t += 30
        board.act("draw")
        now.t += 5
        return board.clock.clock.elapsed != 35
    if step == "new_game":
        board = KlondikeBoard(seed=1, pieces={step: mine})
        board.command("new")
        return board.game.setup["seed"] != 2
    raise AssertionError(f"no board test for {step}")


@pytest.mark.parametrize("step", BOARD_PIECES)
def test_a_piece_that_breaks_a_rule_changes_how_the_game_plays(step: str) -> None:
    assert differs(step)


@pytest.mark.parametrize("step", BOARD_PIECES)
def test_the_shipped_piece_plays_as_the_engine_does(step: str) -> None:
    """The same harness with the shipped piece in place of the wrong one sees no difference."""
    reference = registry()[f"klondike.{step}"].reference
    WRONG_saved = WRONG[step]
    try:
        WRONG[step] = f'@exercise("klondike.{step}")\n' + textwrap.dedent(inspect.getsource(reference))
        if step == "can_foundation":
            with pytest.raises(IllegalMove):
                differs(step)
        else:
            assert not differs(step)
    finally:
        WRONG[step] = WRONG_saved


def test_with_rules_refuses_an_unknown_piece() -> None:
    with pytest.raises(TypeError, match="no piece called 'can_tablaeu'"):
        Klondike.with_rules(can_tablaeu=lambda card, pile: True)


def test_a_learners_board_loads_a_save_by_its_own_rules() -> None:
    lax = learner(WRONG["can_tableau"])
    board = KlondikeBoard(seed=1, pieces={"can_tableau": lax})
    board.act("t5>t4")
    saved = board.save()
    other = KlondikeBoard(seed=9, pieces={"can_tableau": lax})
    other.load(saved)
    assert type(other.game) is other.rules and other.record.actions == ["t5>t4"]


def test_the_lessons_pictures_name_and_ring_cards() -> None:
    game = Klondike.new(seed=1)
    svg = lesson.table_picture(game, {(("tableau", 4), 4): lesson.MARK})._repr_svg_()
    assert "2♠" in svg and lesson.MARK in svg and svg.count("<svg") == 1 and len(svg) < 8_000
    assert lesson.pile_words(game.tableau[2]) == "[5♠] [4♥] 8♠"
    moved = game.copy()
    moved.play("t5>t4")
    marks, lines, counters = lesson._differences(game, moved)
    assert counters and any("column 5" in line for line in lines) and any("column 4" in line for line in lines)
    assert selection_of(CardAt(4, 4)) == Selection("tableau", 4, 4)
