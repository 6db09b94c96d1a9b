"""The Othello lesson: its nine exercises, their reports, the boards that play on a learner's pieces, grading.

The notebook runs three times here (once each, module-scoped): as shipped, graded (every exercise "not
written"); the instructor's version with every stub filled in (every exercise passes, no cell fails, every
board took the learner's pieces); and with one wrong answer, graded (exactly that exercise fails, naming
the case).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import nbformat
import pytest

from gamelab.lessons import exercises as ex
from gamelab.lessons import othello as lesson
from gamelab.lessons.exercises import FAILED, NOT_WRITTEN, PASSED, check, exercise, is_stub
from gamelab.lessons.solutions import with_solutions
from gamelab.othello import Othello, TutorialOthello
from gamelab.othello import tutorial as t
from gamelab.othello.bitboard import parse_square
from gamelab.othello.picture import Square
from gamelab.othello.widget import OthelloBoard
from gamelab.widgets.testing import click
from tests.lesson_runs import checked, execute, exercise_ids, graded

from .test_tutorial import GAME_WITH_PASS

NOTEBOOK = Path(__file__).resolve().parents[2] / "notebooks" / "01_othello.ipynb"
STEPS = ["squares_to_edge", "check_stone", "reverse_stones", "place_stone", "can_move", "next_turn",
         "game_over", "count_stones", "winner"]
IDS = [f"othello.{step}" for step in STEPS]

WRONG_WINNER = '''@exercise("othello.winner")
def winner(board):
    black, white = count_stones(board)
    return "black_wins" if black >= white else "white_wins"   # a tie is no win for black
'''


def shipped() -> Any:
    return nbformat.read(NOTEBOOK, as_version=4)


@pytest.fixture(scope="module")
def solved() -> Any:
    """The instructor's version run top to bottom in a fresh kernel; any error fails."""
    return execute(with_solutions(shipped()), NOTEBOOK.parent)


@pytest.fixture(scope="module")
def as_shipped() -> list[Any]:
    return graded(NOTEBOOK)


@pytest.fixture(scope="module")
def one_wrong(tmp_path_factory: pytest.TempPathFactory) -> list[Any]:
    notebook = shipped()
    cell = next(c for c in notebook.cells if c.get("metadata", {}).get("exercise_id") == "othello.winner")
    cell.source = WRONG_WINNER
    path = tmp_path_factory.mktemp("wrong") / NOTEBOOK.name
    nbformat.write(notebook, path)
    return graded(path)


def text_of(cell: Any) -> str:
    return "".join(o.get("text", "") for o in cell.get("outputs", []) if o.get("output_type") == "stream")


def shown_text(cell: Any, kind: str = "text/plain") -> str:
    """What a cell displayed before its last line's value (a pieces note), as ``kind``."""
    return "".join(o.get("data", {}).get(kind, "") for o in cell.get("outputs", [])
                   if o.get("output_type") == "display_data")


# -- the notebook ------------------------------------------------------------------------------------------
def test_the_notebook_has_the_nine_exercises_in_the_tutorials_order() -> None:
    notebook = shipped()
    assert exercise_ids(notebook) == IDS
    for cell in notebook.cells:
        if "exercise" in cell.get("metadata", {}).get("tags", []):
            function = learner(cell.source)[cell.metadata["exercise_id"].split(".")[1]]
            assert is_stub(function), cell.metadata["exercise_id"]


def test_grading_the_shipped_lesson_finds_every_exercise_unwritten(as_shipped) -> None:
    assert [(result.exercise, result.status) for result in as_shipped] == [(i, NOT_WRITTEN) for i in IDS]
    assert all("not written yet" in result.message for result in as_shipped)


def test_solutions_pass_every_exercise_and_every_board_takes_them(solved) -> None:
    notebook = solved
    own, shown = checked(notebook)
    assert own == dict.fromkeys(IDS, PASSED)
    # the wrong versions the lesson shows are reported failed
    assert shown == dict.fromkeys(["othello.squares_to_edge", "othello.check_stone", "othello.place_stone"], {FAILED})
    # every use() of a piece, in every run and board cell, took the learner's version
    printed = "".join(text_of(cell) + shown_text(cell) for cell in notebook.cells)
    assert "shipped version" not in printed and "the shipped" not in printed
    final = notebook.cells[-1]
    assert "rules_from(" in final.source
    # one line for the pieces, each piece's own line folded under it
    assert shown_text(final, "text/plain") == "your pieces: 9 of 9 ✔"
    assert all(f"{step}: yours (checked ✔)" in shown_text(final, "text/html") for step in STEPS)
    whole_game = next(cell for cell in notebook.cells if "TutorialGame(rules=rules" in cell.source)
    assert "move 53, g2: White cannot move. Black's turn. / 白は置けません。黒の番です。" in text_of(whole_game)
    assert "Game end – Black wins / Game end – 黒の勝ち" in text_of(whole_game)


def test_grading_one_wrong_answer(one_wrong) -> None:
    statuses = {result.exercise: result.status for result in one_wrong}
    assert statuses == {**dict.fromkeys(IDS, NOT_WRITTEN), "othello.winner": FAILED}
    message = next(result.message for result in one_wrong if result.exercise == "othello.winner")
    assert message.startswith("✘ othello.winner:") and "Black 2, white 2" in message


# -- the checks and their reports ----------------------------------------------------------------------------
def learner(source: str, **names: Any) -> dict[str, Any]:
    """Run ``source`` as a notebook cell would (its own file name, so the report quotes its lines)."""
    import linecache

    filename = f"<learner cell {len(linecache.cache)}>"
    linecache.cache[filename] = (len(source), None, source.splitlines(True), filename)
    namespace: dict[str, Any] = {"exercise": exercise, "STEP": t.STEP, "opponent": t.opponent, **names}
    exec(compile(source, filename, "exec"), namespace)
    return namespace


WRONG = {
    "squares_to_edge": '''
@exercise("othello.squares_to_edge")
def squares_to_edge(index):
    left, right, up, down = index % 8, 7 - index % 8, index // 8, int(7 - index / 8)
    return {"left": left, "right": right, "up": up, "down": down, "leftup": min(up, left),
            "rightup": min(up, right), "leftdown": min(down, left), "rightdown": min(down, right)}
''',
    "check_stone": '''
@exercise("othello.check_stone")
def check_stone(board, index, direction, max_steps, color, reverse=True):
    for i in range(1, max_steps + 1):
        stone = board[index + i * STEP[direction]]
        if stone is None:
            return False
        if stone == color:
            return i > 1
        if reverse:
            board[index + i * STEP[direction]] = color   # flips before it knows the line is closed
    return False
''',
    "reverse_stones": '''
@exercise("othello.reverse_stones")
def reverse_stones(board, index, direction, i, color):
    while i >= 0:
        board[index + i * STEP[direction]] = color     # one too far: the placed square too
        i -= 1
''',
    "place_stone": '''
@exercise("othello.place_stone")
def place_stone(board, index, color):
    ok = False
    for direction, max_steps in squares_to_edge(index).items():
        if check_stone(board, index, direction, max_steps, color):
            ok = True
    if ok:
        board[index] = color
    return ok                                          # forgets that a taken square takes no stone
''',
    "can_move": '''
@exercise("othello.can_move")
def can_move(board, color):
    return None in board
''',
    "next_turn": '''
@exercise("othello.next_turn")
def next_turn(board, mover):
    other = opponent(mover)
    if can_move(board, other):
        return other, f"{other}_turn"
    return mover, f"{other}_passes"
''',
    "game_over": '''
@exercise("othello.game_over")
def game_over(board):
    return None not in board
''',
    "count_stones": '''
@exercise("othello.count_stones")
def count_stones(board):
    return board.count("white"), board.count("black")
''',
    "winner": WRONG_WINNER,
}


@pytest.mark.parametrize("step", STEPS)
def test_a_wrong_answer_is_drawn_and_named_in_at_most_twenty_lines(step: str) -> None:
    report = check(learner(WRONG[step])[step])
    assert report.status == FAILED
    assert 2 <= len(report.lines()) <= ex.MAX_LINES
    assert report.explanation is not None and report.explanation.picture is not None
    svg = report.explanation.picture._repr_svg_()
    assert svg.startswith("<svg") and len(svg) < 40_000
    assert "Board" not in "\n".join(report.lines()) and "None, None" not in "\n".join(report.lines())
    assert any(name in report.message for name in ("b1", "b2", "a1", "c3", "c4", "d3", "f5", "Black", "black",
                                                   "white", "White", "board"))
    assert report.explanation.marks >= 1


@pytest.mark.parametrize("step", STEPS)
def test_a_crash_names_the_learners_line_and_still_draws_the_case(step: str) -> None:
    exercise_id = f"othello.{step}"
    signature = next(c.source.splitlines()[1] for c in shipped().cells
                     if c.get("metadata", {}).get("exercise_id") == exercise_id)
    source = f'@exercise("{exercise_id}")\n{signature}\n    return board_of_nothing[0]\n'
    report = check(learner(source)[step])
    assert report.status == FAILED and report.explanation is not None
    assert "raised NameError" in report.lines()[1] and "in your line 3: return board_of_nothing[0]" in report.lines()[2]
    assert report.explanation.picture is not None and len(report.lines()) <= ex.MAX_LINES


def test_a_step_is_checked_alone_with_the_shipped_pieces_it_calls() -> None:
    # the learner's can_move calls check_stone and squares_to_edge, still stubs: it is checked on the shipped ones
    namespace = learner('''
@exercise("othello.check_stone")
def check_stone(board, index, direction, max_steps, color, reverse=True):
    ...

@exercise("othello.squares_to_edge")
def squares_to_edge(index):
    ...

@exercise("othello.can_move")
def can_move(board, color):
    for index in range(64):
        if board[index] is None:
            for direction, steps in squares_to_edge(index).items():
                if check_stone(board, index, direction, steps, color, reverse=False):
                    return True
    return False
''')
    assert check(namespace["can_move"]).status == PASSED
    assert check(namespace["check_stone"]).status == NOT_WRITTEN


def test_rules_from_takes_the_passing_pieces_and_lets_them_call_one_another(capsys) -> None:
    flips: list[int] = []
    namespace = learner('''
@exercise("othello.reverse_stones")
def reverse_stones(board, index, direction, i, color):
    flips.append(i)
    i -= 1
    while i > 0:
        board[index + i * STEP[direction]] = color
        i -= 1

@exercise("othello.check_stone")
def check_stone(board, index, direction, max_steps, color, reverse=True):
    step = STEP[direction]
    for i in range(1, max_steps + 1):
        stone = board[index + i * step]
        if stone is None or (i == 1 and stone == color):
            return False
        if stone == color:
            if reverse:
                reverse_stones(board, index, direction, i, color)
            return True
    return False
''' + WRONG["count_stones"], flips=flips)
    rules = lesson.rules_from(namespace["reverse_stones"], namespace["check_stone"], namespace["count_stones"])
    said = capsys.readouterr().out  # one line: which pieces are the learner's, and why the others are not
    assert said == "your pieces: 2 of 3 ✔ · the shipped count_stones (not passing yet)\n"
    assert rules.yours == ("check_stone", "reverse_stones")
    flips.clear()
    game = TutorialOthello.new(rules=rules)
    game.play("f5")
    assert flips == [2] and game.last_flips == ["e5"]  # the learner's check_stone called the learner's flip
    with pytest.raises(TypeError, match="not one of the Othello lesson's exercises"):
        lesson.rules_from(t.count_stones)


def test_rules_from_plays_on_a_failing_piece_on_purpose(capsys) -> None:
    namespace = learner(WRONG["count_stones"])
    assert lesson.rules_from(namespace["count_stones"]).yours == ()
    rules = lesson.rules_from(namespace["count_stones"], even_if_failing=True)
    said = capsys.readouterr().out.splitlines()
    assert said == ["your pieces: 0 of 1 ✔ · the shipped count_stones (not passing yet)",
                    "your pieces: 0 of 1 ✔ · yours though failing, on purpose: count_stones"]
    assert rules.yours == ("count_stones",) and rules.count_stones(t.start_board()) == (2, 2)
    game = TutorialOthello.new(rules=rules)
    game.play("f5")
    assert game.score() == (1, 4)  # the swapped count is what the board shows


@pytest.mark.parametrize("exercise_id", IDS)
def test_every_exercise_has_a_wrong_answer_whose_report_marks_the_difference(exercise_id: str) -> None:
    from .wrong_answers import WRONG as MISTAKES

    assert set(MISTAKES) == set(IDS)
    report = check(exercise(exercise_id)(MISTAKES[exercise_id]))
    assert report.status == FAILED and report.explanation is not None
    assert report.explanation.picture is not None and report.explanation.marks >= 1
    # the legend names only what is drawn: yellow squares only where the picture has them
    svg = report.explanation.picture._repr_svg_()
    assert ("yellow" in report.message) == bool(re.search(r'<rect [^>]*stroke="#ffd43b"', svg)), report.message
    assert len(report.lines()) <= ex.MAX_LINES


def test_the_place_stone_legend_names_no_yellow_squares_where_nothing_is_flipped() -> None:
    # on a taken square the shipped place_stone flips nothing: no yellow squares, and the legend says none
    board = tuple(t.start_board())
    explained = lesson._explain_place((board, 27, t.BLACK), (False, board), (True, board))
    assert "yellow" not in "\n".join(explained.lines) and explained.marks == 1
    assert "a blue ring: d4" in " ".join(explained.lines)


# -- the boards really play on the pieces ---------------------------------------------------------------
def two_players(start: Othello | None = None, **pieces: Any) -> OthelloBoard:
    return OthelloBoard(mode="two-players", rules=t.TutorialRules(**pieces), start=start, sound=False)


def play(board: OthelloBoard, moves: str) -> None:
    for move in moves.split():
        click(board, Square(parse_square(move)))


def no_diagonals(index: int) -> dict[str, int]:
    edges = t.squares_to_edge(index)
    return {d: 0 if d in ("leftup", "rightup", "leftdown", "rightdown") else n for d, n in edges.items()}


def test_the_board_plays_on_squares_to_edge() -> None:
    right, wrong = two_players(), two_players(squares_to_edge=no_diagonals)
    play(right, "f5 f6")  # white's f6 captures e5 along the ↖ diagonal only
    play(wrong, "f5 f6")
    assert right.record.actions == ["f5", "f6"] and wrong.record.actions == ["f5"]


def test_the_board_plays_on_check_stone() -> None:
    namespace = learner(WRONG["check_stone"])
    right, wrong = two_players(), two_players(check_stone=namespace["check_stone"])
    play(right, "c4 e3")
    play(wrong, "c4 e3")
    assert right.game.board() != wrong.game.board()


def test_the_board_plays_on_reverse_stones() -> None:
    def flips_nothing(board, index, direction, i, color):
        pass

    right, wrong = two_players(), two_players(reverse_stones=flips_nothing)
    play(right, "f5")
    play(wrong, "f5")
    assert right.game.last_flips == ["e5"] and wrong.game.last_flips == [] and wrong.record.actions == ["f5"]


def test_the_board_plays_on_place_stone() -> None:
    namespace = learner('''
@exercise("othello.place_stone")
def place_stone(board, index, color):
    if board[index] is not None:
        return False
    for direction, max_steps in squares_to_edge(index).items():
        if check_stone(board, index, direction, max_steps, color):
            board[index] = color
            return True
    return False
''')
    right, wrong = two_players(), two_players(place_stone=namespace["place_stone"])
    play(right, "f5 f4 d3")  # d3 sandwiches d4 (↓) and e4 (↘)
    play(wrong, "f5 f4 d3")
    assert sorted(right.game.last_flips) == ["d4", "e4"] and wrong.game.last_flips == ["d4"]


def test_the_board_plays_on_can_move() -> None:
    right, wrong = two_players(), two_players(can_move=lambda board, color: color == t.BLACK)
    play(right, "f5")
    play(wrong, "f5")  # white never can: black plays again
    assert "White's turn." in right.status()
    assert wrong.game.to_move == t.BLACK and wrong.record.actions == ["f5", "pass"]
    assert "White cannot move. Black's turn." in wrong.status()


def test_the_board_plays_on_next_turn() -> None:
    def says_black(board, mover):
        return t.opponent(mover), "black_turn"

    right, wrong = two_players(), two_players(next_turn=says_black)
    play(right, "f5")
    play(wrong, "f5")
    assert right.status().startswith("White's turn.") and wrong.status().startswith("Black's turn.")
    start = Othello.from_transcript(GAME_WITH_PASS[:-2])  # white's f2 is next; then black cannot move
    never_passes = two_players(start, next_turn=lambda board, mover: (t.opponent(mover), f"{t.opponent(mover)}_turn"))
    passes = two_players(start)
    play(never_passes, "f2")
    play(passes, "f2")
    assert passes.record.actions == ["f2", "pass"] and never_passes.record.actions == ["f2"]


def test_the_board_plays_on_game_over() -> None:
    right, wrong = two_players(), two_players(game_over=lambda board: board.count(None) < 58)
    play(right, "f5 d6 c3")
    play(wrong, "f5 d6 c3")
    assert not right.game.is_over and wrong.game.is_over and wrong.status().startswith("Game end")


def test_the_board_plays_on_count_stones_and_winner() -> None:
    def swapped(board):
        return board.count("white"), board.count("black")

    start = Othello.from_transcript(GAME_WITH_PASS)  # black must pass; white ends it with b1 and a1
    right, counted, judged = (two_players(start), two_players(start, count_stones=swapped),
                              two_players(start, winner=lambda board: "draw"))
    for board in (right, counted, judged):
        play(board, "b1 a1")
        assert board.game.is_over
    black, white = t.count_stones(right.game.board())
    assert right.status() == f"Game end – Black wins {black}–{white}"
    assert counted.game.score() == (white, black) and f"{white}–{black}" in counted.status()
    assert judged.status() == f"Game end – Draw {black}–{white}"


def test_a_forgotten_return_is_said_as_such() -> None:
    namespace = learner('''
@exercise("othello.next_turn")
def next_turn(board, mover):
    other = opponent(mover)
    (other, f"{other}_turn")
''')
    report = check(namespace["next_turn"])
    assert report.status == FAILED
    assert "  yours gives None (nothing returned: a return statement missing?)" in report.lines()
