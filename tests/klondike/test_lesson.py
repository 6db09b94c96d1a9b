"""The Klondike lesson: its twenty exercises, their reports, the boards that play on a learner's pieces, grading.

The notebook runs twice here (once each, module-scoped): the instructor's version with every stub filled in
(every exercise passes, no cell fails, every board took the learner's pieces), and the shipped version with
one wrong answer (graded: exactly that exercise fails, naming the case; the untouched stubs are "not
written"). nbval runs the shipped notebook itself, whose stored check outputs all say "not written yet".
"""

from __future__ import annotations

import inspect
import json
import linecache
import random
import textwrap
from pathlib import Path
from typing import Any, Sequence

import nbformat
import pytest

from gamelab import IllegalMove
from gamelab.klondike import HISTORY_LIMIT, RANK_NAMES, SCORES, SUITS, Card, Klondike, Selection
from gamelab.klondike.controls import CardAt, Timer, selection_of
from gamelab.klondike.widget import KlondikeBoard
from gamelab.lessons import klondike as lesson
from gamelab.lessons.exercises import FAILED, NOT_WRITTEN, PASSED, check, exercise, is_stub, registry
from gamelab.lessons.solutions import with_solutions
from tests.lesson_runs import checked, execute, exercise_ids, graded

from .helpers import SMALL, position

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "03_klondike.ipynb"
STEPS = ["new_deck", "shuffle", "deal_columns", "can_tableau", "can_foundation", "is_run", "selected_cards",
         "remove_selected", "reveal", "move_to_pile", "move_to_foundation", "draw_from_stock", "snapshot",
         "save_state", "restore", "hint_moves", "can_auto_complete", "card_text", "update_timer", "new_game"]
IDS = [f"klondike.{step}" for step in STEPS]
#: the pieces a board plays on (save_state is shown running, but a board's undo keeps its own record)
BOARD_PIECES = [step for step in STEPS if step != "save_state"]

# One rule broken on purpose in each: every one of them must fail its check, and every board piece must make
# the engine or the board behave differently.
WRONG = {
    "new_deck": '''
@exercise("klondike.new_deck")
def new_deck():
    return [Card(suit, rank) for rank in range(1, 14) for suit in range(4)]   # rank by rank
''',
    "shuffle": '''
@exercise("klondike.shuffle")
def shuffle(deck, rng):
    for i in range(len(deck) - 1, 0, -1):
        j = rng.randrange(i)              # never leaves a card where it is
        deck[i], deck[j] = deck[j], deck[i]
''',
    "deal_columns": '''
@exercise("klondike.deal_columns")
def deal_columns(deck):
    tableau = [[] for _ in range(7)]
    for column in range(7):
        for row in range(column + 1):
            card = deck.pop()
            tableau[column].append(card.face_up() if row == 0 else card)   # the bottom card up
    return tableau, deck
''',
    "can_tableau": '''
@exercise("klondike.can_tableau")
def can_tableau(card, pile):
    return card.rank == 13 if not pile else pile[-1].up and pile[-1].rank == card.rank + 1   # any colour
''',
    "can_foundation": '''
@exercise("klondike.can_foundation")
def can_foundation(card, foundation):
    return not foundation or card.rank == len(foundation) + 1   # any card starts a foundation
''',
    "is_run": '''
@exercise("klondike.is_run")
def is_run(cards):
    return len(cards) == 1                # never several cards at once
''',
    "selected_cards": '''
@exercise("klondike.selected_cards")
def selected_cards(game, selection):
    if selection.where == "waste":
        return game.waste[-1:]
    if selection.where == "foundation":
        return game.foundations[selection.pile][-1:]
    return game.tableau[selection.pile][-1:]    # only the top card of a column
''',
    "remove_selected": '''
@exercise("klondike.remove_selected")
def remove_selected(game, selection):
    if selection.where == "waste":
        return [game.waste.pop()]
    if selection.where == "foundation":
        return [game.foundations[selection.pile].pop()]
    return [game.tableau[selection.pile].pop()]  # only the top card of a column
''',
    "reveal": '''
@exercise("klondike.reveal")
def reveal(game, column):
    pile = game.tableau[column]
    if pile and not pile[-1].up:
        pile[-1] = pile[-1].face_up()             # no 5 points
''',
    "move_to_pile": '''
@exercise("klondike.move_to_pile")
def move_to_pile(game, selection, column):
    cards = game.selected_cards(selection)
    if not cards or not game.can_tableau(cards[0], game.tableau[column]):
        return False
    game.tableau[column].extend(game.remove_selected(selection))
    game.moves += 1                               # forgets to reveal
    return True
''',
    "move_to_foundation": '''
@exercise("klondike.move_to_foundation")
def move_to_foundation(game, selection):
    cards = game.selected_cards(selection)
    if len(cards) != 1 or not game.can_foundation(cards[0], game.foundations[cards[0].suit]):
        return False
    game.foundations[cards[0].suit].extend(game.remove_selected(selection))
    if selection.where == "tableau":
        game.reveal(selection.pile)
    return True                                   # the move is not counted
''',
    "draw_from_stock": '''
@exercise("klondike.draw_from_stock")
def draw_from_stock(game):
    if game.stock:
        for _ in range(min(game.draw, len(game.stock))):
            game.waste.append(game.stock.pop().face_up())
    else:
        game.stock = [card.face_down() for card in game.waste]   # not turned over
        game.waste = []
    game.moves += 1
''',
    "snapshot": '''
@exercise("klondike.snapshot")
def snapshot(game):
    return json.dumps({"stock": game.stock, "waste": game.waste, "tableau": game.tableau,
                       "foundations": game.foundations, "moves": 0, "score": game.score})   # moves lost
''',
    "save_state": '''
@exercise("klondike.save_state")
def save_state(history, game):
    history.append(game.snapshot())
    if len(history) > 100:
        history.pop()                             # drops the newest
''',
    "restore": '''
@exercise("klondike.restore")
def restore(game, text):
    state = json.loads(text)
    game.stock = [Card(*card) for card in state["stock"]]
    game.waste = [Card(*card) for card in state["waste"]]
    game.tableau = [[Card(*card) for card in column] for column in state["tableau"]]
    game.moves, game.score = state["moves"], state["score"]       # forgets the foundations
''',
    "hint_moves": '''
@exercise("klondike.hint_moves")
def hint_moves(game):
    moves = []
    for i, column in enumerate(game.tableau):   # forgets the waste, and runs of several cards
        if column:
            card = column[-1]
            if game.can_foundation(card, game.foundations[card.suit]):
                moves.append(f"t{i + 1}>f")
            moves += [f"t{i + 1}>t{j + 1}" for j, pile in enumerate(game.tableau)
                      if j != i and game.can_tableau(card, pile)]
    return moves
''',
    "can_auto_complete": '''
@exercise("klondike.can_auto_complete")
def can_auto_complete(game):
    return not game.stock and game.face_down == 0 and not game.is_won   # forgets the waste
''',
    "card_text": '''
@exercise("klondike.card_text")
def card_text(card):
    return RANK_NAMES[card.rank] + SUITS[card.suit]   # face down too
''',
    "update_timer": '''
@exercise("klondike.update_timer")
def update_timer(clock, game):
    clock.reset()                                  # back to zero at every action
    clock.start()
''',
    "new_game": '''
@exercise("klondike.new_game")
def new_game(game, draw):
    return type(game).new(seed=game.setup.get("seed", 0) + 2, draw=draw)   # skips a deal
''',
}


def learner(source: str) -> Any:
    """Run ``source`` as a notebook cell would (its own file name, so a report quotes its lines); its function."""
    filename = f"<learner cell {len(linecache.cache)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {"exercise": exercise, "Card": Card, "json": json, "RANK_NAMES": RANK_NAMES,
                                 "SUITS": SUITS, "HISTORY_LIMIT": HISTORY_LIMIT, "SCORES": SCORES,
                                 "Selection": Selection, "Klondike": Klondike, "Sequence": Sequence,
                                 "random": random, "Timer": Timer}
    exec(compile(source, filename, "exec"), namespace)
    name = source.split("def ", 1)[1].split("(", 1)[0]
    return namespace[name]


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
    # every use() of a piece, in every run and board cell, took the learner's version
    printed = "".join(text_of(cell) for cell in notebook.cells)
    assert "shipped version" not in printed
    final = notebook.cells[-1]
    assert final.source.rstrip().endswith("KlondikeBoard(seed=7, pieces=pieces, undo_limit=100)")
    assert all(f"{step}: yours (checked ✔)" in text_of(final) for step in BOARD_PIECES)
    board_cells = [cell for cell in notebook.cells if "KlondikeBoard(" in cell.source and "pieces=" in cell.source]
    assert len(board_cells) >= 5


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
    assert "<div class=\"gamelab-check-picture\"><svg" in report._repr_html_()


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
