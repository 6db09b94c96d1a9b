"""Lesson 05 (riichi rules): its exercises, its notebook graded three ways, and the table on a learner's steps.

* the notebook as shipped grades every exercise "not written"; its solutions' version (``gamelab lessons
  --solutions``) grades every exercise "passed"; one wrong answer is the one failure, naming its case.
  Each version runs once (module-scoped fixtures);
* every step the table plays on (:class:`RuleSteps`, and the rules from ``rule_defaults``): a learner's
  version that breaks the rule on purpose makes the table end the hand differently;
* every exercise's report of a wrong answer stays within 20 lines and draws a picture.
"""

from __future__ import annotations

import re
import xml.dom.minidom
from pathlib import Path
from typing import Any, Callable

import nbformat
import pytest
from table_helpers import act, pass_all

from gamelab.lessons import check, exercise
from gamelab.lessons.exercises import MAX_LINES, registry, solution_source
from gamelab.lessons.riichi import EXERCISES, notation_picture, rows_image, table_rows
from gamelab.lessons.solutions import with_solutions
from gamelab.riichi import Hand, River, shanten, waits
from gamelab.riichi.rules import rule_defaults
from gamelab.riichi.table import RiichiGame, RuleSteps, Table, endings, staged_table
from tests.lesson_runs import exercise_ids, graded

LESSON = Path(__file__).resolve().parents[2] / "notebooks" / "05_riichi_rules.ipynb"
IDS = [ex.id for ex in EXERCISES]

#: a wrong answer to every exercise, each breaking one rule of the post
WRONG: dict[str, Callable[..., Any]] = {
    "riichi.rule_defaults": lambda param=None: {**rule_defaults(), "途中流局あり": False, **(param or {})},
    "riichi.is_tenpai": lambda hand: shanten(hand) == 0,
    "riichi.tenpai_at_draw": lambda hands, declared, rule: [shanten(h) == 0 and bool(waits(h)) for h in hands],
    "riichi.noten_payments": lambda tenpai: [1000 * (4 - sum(tenpai)) // max(sum(tenpai), 1) if t else -1000
                                             for t in tenpai] if 0 < sum(tenpai) < 4 else [0, 0, 0, 0],
    "riichi.is_nagashi": lambda river: all(p[0] == "z" or p[1] in "19" for p in river),
    "riichi.nagashi_payments": lambda seat: [8000 if s == seat else -4000 if s == 0 else -2000 for s in range(4)],
    "riichi.may_abort_nine": lambda hand, first, rule: first and rule["途中流局あり"] and sum(
        1 for t in hand.concealed_tiles() if t[0] == "z" or t[1] in "19") >= 9,
    "riichi.is_four_winds": lambda discards, rule: rule["途中流局あり"] and len({d[:2] for d in discards}) == 1
    and discards[0][0] == "z",
    "riichi.is_four_riichi": lambda riichi, rule: all(riichi),
    "riichi.is_four_kans": lambda kans, rule: sum(kans) == 4 and max(kans) < 4,
    "riichi.ron_winners": lambda discarder, claims, rule: [s for s in ((discarder + i) % 4 for i in (1, 2, 3))
                                                           if s in claims],
    "riichi.is_three_rons": lambda winners, rule: len(winners) == 3,
    "riichi.repeats_after_win": lambda seat, rule: rule["連荘方式"] > 1 and seat == 0,
    "riichi.repeats_after_draw": lambda abortive, dealer_tenpai, rule: abortive or rule["連荘方式"] == 3,
    "riichi.one_hand_game": lambda repeats, won, rule: repeats,
}


def _marked(exercise_id: str, function: Callable[..., Any]) -> Callable[..., Any]:
    def wrong(*args: Any) -> Any:
        return function(*args)

    return exercise(exercise_id)(wrong)


# -- the notebook, graded three ways ------------------------------------------------------------------------
def _grade(notebook: nbformat.NotebookNode, tmp: Path, name: str) -> dict[str, Any]:
    path = tmp / name
    nbformat.write(notebook, path)
    return {r.exercise: r for r in graded(path)}


@pytest.fixture(scope="module")
def shipped() -> nbformat.NotebookNode:
    return nbformat.read(LESSON, as_version=4)


@pytest.fixture(scope="module")
def solved_results(shipped, tmp_path_factory) -> dict[str, Any]:
    return _grade(with_solutions(shipped), tmp_path_factory.mktemp("solved"), "05_riichi_rules.ipynb")


@pytest.fixture(scope="module")
def shipped_results() -> dict[str, Any]:
    return {r.exercise: r for r in graded(LESSON)}


WRONG_CELL = '''@exercise("riichi.noten_payments")
def noten_payments(tenpai):
    return [3000 if t else -1000 for t in tenpai]   # forgets that nothing moves when nobody is tenpai'''


@pytest.fixture(scope="module")
def wrong_results(shipped, tmp_path_factory) -> dict[str, Any]:
    notebook = nbformat.reads(nbformat.writes(shipped), as_version=4)
    cell = next(c for c in notebook.cells if c.metadata.get("exercise_id") == "riichi.noten_payments")
    cell.source = WRONG_CELL
    return _grade(notebook, tmp_path_factory.mktemp("wrong"), "learner.ipynb")


def test_the_lesson_has_every_exercise_as_a_stub_in_the_posts_order(shipped):
    assert exercise_ids(shipped) == IDS
    for cell in shipped.cells:
        if "exercise" in cell.metadata.get("tags", []):
            assert f'@exercise("{cell.metadata["exercise_id"]}")' in cell.source
            assert cell.source.rstrip().endswith("...  # your code here: replace this line")


def test_the_shipped_lesson_has_every_exercise_unwritten(shipped_results):
    assert {e: r.status for e, r in shipped_results.items()} == {e: "not written" for e in IDS}


def test_the_solutions_pass_every_exercise(solved_results):
    assert {e: r.status for e, r in solved_results.items()} == {e: "passed" for e in IDS}


def test_one_wrong_answer_is_the_one_failure_and_names_its_case(wrong_results):
    statuses = {e: r.status for e, r in wrong_results.items()}
    assert statuses == {e: "failed" if e == "riichi.noten_payments" else "not written" for e in IDS}
    assert "12 of 16 cases differ" in wrong_results["riichi.noten_payments"].message


def test_the_solutions_are_the_shipped_steps_without_their_types():
    source = solution_source("riichi.tenpai_at_draw")
    assert source.startswith('@exercise("riichi.tenpai_at_draw")\ndef tenpai_at_draw(hands, declared, rule):\n')
    assert solution_source("riichi.is_tenpai").startswith("from gamelab.riichi import shanten, waits")
    for exercise_id in IDS:
        namespace: dict[str, Any] = {"exercise": exercise}
        exec(compile(solution_source(exercise_id), "<solution>", "exec"), namespace)
        learner = namespace[registry()[exercise_id].name]
        namespace["is_tenpai"] = endings.is_tenpai  # what an earlier cell defines in the notebook
        assert check(learner).status == "passed", exercise_id


# -- every wrong answer is explained in a few lines and a picture ---------------------------------------------
@pytest.mark.parametrize("exercise_id", IDS)
def test_a_wrong_answer_is_explained_in_a_few_lines_with_a_picture(exercise_id):
    report = check(_marked(exercise_id, WRONG[exercise_id]))
    assert report.status == "failed"
    assert len(report.lines()) <= MAX_LINES
    assert report.explanation is not None and report.explanation.picture is not None
    svg = report.explanation.picture._repr_svg_()
    _well_formed(svg)
    assert "#d0021b" in svg  # something is marked in red
    assert "<img src=\"data:image/" in report._repr_html_()  # the picture, as an image (shown untrusted too)


def test_a_step_that_raises_names_the_learners_line():
    def broken(tenpai):
        return [3000 // sum(tenpai)] * 4  # divides by zero when nobody is tenpai

    report = check(exercise("riichi.noten_payments")(broken))
    text = repr(report)
    assert "raised ZeroDivisionError" in text and "return [3000 // sum(tenpai)] * 4" in text
    assert report.explanation is not None and report.explanation.picture is not None


def test_explanations_use_the_games_words():
    report = check(_marked("riichi.ron_winners", lambda discarder, claims, rule: sorted(claims)))
    text = repr(report)
    assert "dealer (East, 東)" in text or "South (南)" in text
    assert "最大同時和了数" in text


# -- the pictures -----------------------------------------------------------------------------------------------
def _well_formed(svg: str) -> None:
    """Parses as XML, and every ``<use>`` points at a tile defined in the same picture."""
    document = xml.dom.minidom.parseString(svg)
    ids = {node.getAttribute("id") for node in document.getElementsByTagName("g") if node.getAttribute("id")}
    for use in document.getElementsByTagName("use"):
        assert use.getAttribute("href")[1:] in ids


def test_pictures_draw_each_tile_once_and_name_their_tiles_apart_from_other_pictures():
    one = notation_picture("m12345p33s333,m406-").data
    other = notation_picture("m123").data
    _well_formed(one)
    assert one.count("<use") > one.count("<g id=")  # tiles drawn once, placed many times
    ids_one = set(re.findall(r'<g id="([^"]+)"', one))
    assert ids_one.isdisjoint(re.findall(r'<g id="([^"]+)"', other))
    assert notation_picture("m12345p33s333,m406-").data == one  # the same picture, byte for byte


def test_table_rows_show_a_draw_with_its_payments():
    svg = table_rows(_draw({"流し満貫あり": False})).data
    _well_formed(svg)
    assert "荒牌平局" in svg and "+1500" in svg and "tenpai, laid open" in svg
    assert rows_image([]).data.startswith("<svg")


# -- the table plays on the learner's steps --------------------------------------------------------------------
HANDS = ["m22p12366p789z111", "m1235689p4567z33", "m234789p2358z555", "m12345p33s333,m406-"]


def _draw(rule: Any = None, steps: RuleSteps | None = None, declared: list[str] | None = None,
          rivers: list[River] | None = None) -> Table:
    table = staged_table(rules=rule, steps=steps)
    table.hands = [Hand.from_string(h) for h in HANDS]
    if rivers is not None:
        table.rivers = rivers
    table.pingju("", declared)
    return table


def _ending(table: Table) -> tuple[str, list[int]]:
    event = next(iter(table.results[-1].values()))
    return event.get("name", "ron"), event["fenpei"]


def _steps(exercise_id: str) -> RuleSteps:
    return RuleSteps().replace(**{exercise_id.split(".")[1]: WRONG[exercise_id]})


def test_the_rules_of_a_learners_rule_defaults_play():
    winds = ["m1112p1112m3455z1", "m3334p3334m6789z1", "m6667p5556z5567z1", "m8889p7778z6677z1"]
    endings_seen = []
    for rule in (rule_defaults(), WRONG["riichi.rule_defaults"]()):
        table = staged_table(winds, zimo=["m9", "m9", "p9", "p9", "s9"], baopai="p9", rules=rule)
        for seat in range(4):
            act(table, seat, "z1")
        endings_seen.append(table.results[-1]["pingju"]["name"] if table.results else "goes on")
    assert endings_seen == ["四風連打", "goes on"]


def test_the_table_counts_tenpai_with_the_learners_step():
    rule = {"ノーテン宣言あり": True, "流し満貫あり": False}
    shipped = _draw(rule, declared=["", "", "", "-"])
    theirs = _draw(rule, _steps("riichi.tenpai_at_draw"), declared=["", "", "", "-"])
    assert _ending(shipped)[1] == [-1000, -1000, -1000, 3000]
    assert _ending(theirs)[1] == [1500, -1500, -1500, 1500]  # the quiet dealer counted tenpai
    assert not shipped.dealer_repeats and theirs.dealer_repeats


def test_the_table_pays_the_noten_penalty_with_the_learners_step():
    rule = {"流し満貫あり": False}
    shipped, theirs = _draw(rule), _draw(rule, _steps("riichi.noten_payments"))
    assert _ending(shipped)[1] == [1500, -1500, -1500, 1500]
    assert _ending(theirs)[1] == [1000, -1000, -1000, 1000]
    pass_all(theirs)
    assert theirs.points == [26000, 24000, 24000, 26000]  # and those are the points that move


def _rivers(called: bool) -> list[River]:
    dealer = River()
    for tile in ("m9", "p1", "z5", "m1", "z7", "z1"):
        dealer.discard(tile)
    if called:
        dealer.mark_called("z111=")
    others = []
    for tiles in (("m2", "z3"), ("p6", "m1"), ("z6", "p9", "m5")):
        river = River()
        for tile in tiles:
            river.discard(tile)
        others.append(river)
    return [dealer, *others]


def test_the_table_checks_nagashi_with_the_learners_steps():
    assert _ending(_draw(rivers=_rivers(called=True)))[0] == "荒牌平局"
    assert _ending(_draw(steps=_steps("riichi.is_nagashi"), rivers=_rivers(called=True)))[0] == "流し満貫"
    shipped = _draw(rivers=_rivers(called=False))
    theirs = _draw(steps=_steps("riichi.nagashi_payments"), rivers=_rivers(called=False))
    assert _ending(shipped) == ("流し満貫", [12000, -4000, -4000, -4000])
    assert _ending(theirs)[1] == [8000, -2000, -2000, -2000]


def test_the_table_allows_nine_terminals_with_the_learners_step():
    eight_kinds_nine_tiles = ["m1199p19z123m2345", "m234p234m567z4466", "m567p567m888z5577", "p666p999p333z4455"]
    shipped = staged_table(eight_kinds_nine_tiles, zimo=["z3"], baopai="p5")
    theirs = staged_table(eight_kinds_nine_tiles, zimo=["z3"], baopai="p5", steps=_steps("riichi.may_abort_nine"))
    assert not shipped.can_abort_nine() and theirs.can_abort_nine()
    act(theirs, 0, "nine")
    assert _ending(theirs)[0] == "九種九牌"


def test_the_table_checks_four_winds_with_the_learners_step():
    dragons = ["m1112p1112m3455z5", "m3334p3334m6789z5", "m6667p5556z1167z5", "m8889p7778z1177z5"]
    names = []
    for steps in (None, _steps("riichi.is_four_winds")):
        table = staged_table(dragons, zimo=["m9", "m9", "p9", "p9", "s9"], baopai="p9", steps=steps)
        for seat in range(4):
            act(table, seat, "z5")
        names.append(table.results[-1]["pingju"]["name"] if table.results else "goes on")
    assert names == ["goes on", "四風連打"]  # four 白 are no wind


RIICHI = ["m123p456m789z1122", "m234p567p123z3344", "m567p123m456z5566", "m789p234p567z7744"]


def test_the_table_checks_four_riichi_with_the_learners_step():
    names = []
    for steps in (None, _steps("riichi.is_four_riichi")):
        table = staged_table(RIICHI, zimo=["m9", "p9", "z6", "m1"], baopai="p2", rules={"途中流局あり": False},
                             steps=steps)
        for seat, tile in enumerate(["m9", "p9", "z6", "m1"]):
            act(table, seat, f"riichi {tile}")
        names.append(table.results[-1]["pingju"]["name"] if table.results else "goes on")
    assert names == ["goes on", "四家立直"]  # the learner's step forgets 途中流局あり


def test_the_table_checks_four_kans_with_the_learners_step():
    kans = ["m1111p1111m2345z5", "p9999z1111m6789z6", "m234p234p567z2233", "m567p567z44777z3m8"]
    names = []
    for steps in (None, _steps("riichi.is_four_kans")):
        table = staged_table(kans, zimo=["z5", "z6", "m9"], gangzimo=["m9", "p8", "m8", "p2"], baopai="z7",
                             rules={"途中流局あり": False}, steps=steps)
        for seat, melds, discard in ((0, ("kan m1111", "kan p1111"), "z5"), (1, ("kan p9999", "kan z1111"), "z6")):
            for meld in melds:
                act(table, seat, meld)
            act(table, seat, discard)
        names.append(table.results[-1]["pingju"]["name"] if table.results else "goes on")
    assert names == ["goes on", "四開槓"]  # the learner's step forgets 途中流局あり


THREE = ["m199p99z11345567", "m1122p3344m5566z7", "m3344p5566p7788z7", "m7788p1122p99z22z7"]


def _three_rons(rule: Any, steps: RuleSteps | None) -> tuple[str, list[int]]:
    table = staged_table(THREE, zimo=["z5"], rules=rule, baopai="m2", steps=steps)
    act(table, 0, "z7")
    for seat in (1, 2, 3):
        act(table, seat, "ron")
    while table.status == "hule":
        pass_all(table)
    log = table.paipu["log"][0]
    name = log[-1]["pingju"]["name"] if "pingju" in log[-1] else "ron"
    return name, [e["hule"]["l"] for e in log if "hule" in e]


def test_the_table_picks_the_winners_of_a_discard_with_the_learners_steps():
    assert _three_rons({"最大同時和了数": 1}, None) == ("ron", [1])
    assert _three_rons({"最大同時和了数": 1}, _steps("riichi.ron_winners")) == ("ron", [1, 2, 3])  # no head bump
    assert _three_rons({"最大同時和了数": 3}, None) == ("ron", [1, 2, 3])
    assert _three_rons({"最大同時和了数": 3}, _steps("riichi.is_three_rons")) == ("三家和", [])


DEALER_WINS = ["m123p456s789z1122", "m234p234s234z3355", "m567p567s567z4466", "m888p888s888z3377"]


def _after_dealer_win(rule: Any, steps: RuleSteps | None) -> str:
    table = staged_table(DEALER_WINS, zimo=["p9", "s1", "s9", "p1", "z1"], rules=rule, baopai="s1", steps=steps)
    for seat, tile in enumerate(["p9", "s1", "s9", "p1"]):
        act(table, seat, tile)
    act(table, 0, "tsumo")
    pass_all(table)
    return "game over" if table.is_over else table.hand_name()


def test_the_table_decides_the_dealer_repeat_with_the_learners_steps():
    assert _after_dealer_win({"連荘方式": 1}, None) == "東1局 1本場"
    assert _after_dealer_win({"連荘方式": 1}, _steps("riichi.repeats_after_win")) == "東2局 0本場"
    one_hand = {"場数": 0, "オーラス止めあり": False}  # (the top dealer would stop the game anyway)
    assert _after_dealer_win(one_hand, None) == "game over"
    assert _after_dealer_win(one_hand, _steps("riichi.one_hand_game")) == "東1局 1本場"
    shipped = _draw({"流し満貫あり": False})
    theirs = _draw({"流し満貫あり": False}, _steps("riichi.repeats_after_draw"))
    assert shipped.dealer_repeats and not theirs.dealer_repeats  # a tenpai dealer under テンパイ連荘


def test_the_play_board_keeps_the_learners_steps():
    from gamelab.riichi.table.widget import RiichiBoard

    steps = _steps("riichi.noten_payments")
    game = RiichiGame.new(seed=3, rules={"場数": 0}, steps=steps)
    assert game.table.steps is steps and game.copy().table.steps.noten_payments is steps.noten_payments
    board = RiichiBoard(seed=3, rules={"場数": 0}, steps=steps)
    assert board.game.table.steps.changed() == ["noten_payments"]  # (the record keeps copies of the game)
    assert board.game.table.steps.noten_payments is steps.noten_payments
    board.new_game()
    assert board.game.table.steps.noten_payments is steps.noten_payments  # New game plays on them too
    board.load(RiichiBoard(seed=4, rules={"場数": 0}).save())
    assert board.game.table.steps.noten_payments is steps.noten_payments  # and so does a loaded save
    assert RiichiBoard(seed=3).game.table.steps.changed() == []


def test_rule_steps_name_every_step_of_the_post():
    assert set(RuleSteps.__dataclass_fields__) == {ex.id.split(".")[1] for ex in EXERCISES} - {"rule_defaults",
                                                                                                "is_tenpai"}
    with pytest.raises(ValueError, match="not a step"):
        RuleSteps().replace(noten_penalty=lambda tenpai: [0, 0, 0, 0])
    assert repr(_steps("riichi.is_nagashi")) == "RuleSteps(is_nagashi changed)"

