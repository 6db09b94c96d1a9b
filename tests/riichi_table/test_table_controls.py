"""The table's controls without a widget: what a click, a key or a call button answers."""

from __future__ import annotations

from table_helpers import act, rigged_table

from gamelab.controls import Response
from gamelab.riichi.table import RiichiGame, Table
from gamelab.riichi.table.controls import ACTION_LABELS, CallButton, call_buttons, click, key, press
from gamelab.riichi.table.picture import Discard, RiichiUI

TENPAI = ["m123p456s789z1122", "m234p234s234z3355", "m567p567s567z4466", "m888p888s888z3377"]
THREE = ["m99p1122s3344z117", "m1122p3344s5566z7", "m3344p5566s7788z7", "m6677p8899s1122z7"]


def seat(table: Table, number: int) -> RiichiGame:
    """The game as the player in seat ``number`` of a staged table sees it."""
    return RiichiGame(table, table.player_id[number], {})


def riichi_turn() -> RiichiGame:
    """East's first turn, tenpai on z1/z2 after drawing m9: riichi with m9 is possible."""
    return seat(rigged_table(shoupai=TENPAI, zimo=("m9",), baopai="s1"), 0)


def ron_chance() -> RiichiGame:
    """South may ron East's 中 (or pass)."""
    return seat(act(rigged_table(shoupai=THREE, zimo=("z5",), baopai="s9"), 0, "z7"), 1)


def test_a_click_on_a_tile_discards_it():
    game = riichi_turn()
    assert click(game, RiichiUI(), Discard("m1")) == Response(action="m1", ui=RiichiUI())
    assert click(game, RiichiUI(), Discard("m9_")).action == "m9_"


def test_a_click_after_riichi_declares_it_and_settles_the_interface():
    game = riichi_turn()
    pending = RiichiUI(riichi=True, riichi_options=("m9_*",))
    assert click(game, pending, Discard("m9_")) == Response(action="riichi m9_", ui=RiichiUI())


def test_a_click_elsewhere_does_nothing():
    assert click(riichi_turn(), RiichiUI(), None) is None
    assert click(riichi_turn(), RiichiUI(), ("tile", "m1")) is None  # a bare tuple is not a target


def test_the_riichi_button_turns_riichi_on_and_off():
    game = riichi_turn()
    on = press(game, RiichiUI(), "riichi")
    assert on.action is None and on.ui == RiichiUI(riichi=True, riichi_options=("m9_*",))
    assert on.message == "Riichi: click the tile to discard with it" and not on.error
    off = press(game, on.ui, "riichi")
    assert off == Response(ui=RiichiUI(), message="")


def test_other_buttons_play_their_action():
    game = ron_chance()
    assert press(game, RiichiUI(), "ron") == Response(action="ron", ui=RiichiUI())
    assert press(game, RiichiUI(riichi=True), "pass") == Response(action="pass", ui=RiichiUI())


def test_keys():
    game = ron_chance()
    assert key(game, RiichiUI(), "Enter") == Response(action="pass", ui=RiichiUI())
    assert key(game, RiichiUI(), "n").action == "pass"
    assert key(game, RiichiUI(), "t").action == "ron"
    assert key(game, RiichiUI(), "r") is None  # no riichi on another player's discard
    assert key(game, RiichiUI(), "q") is None
    turn = riichi_turn()
    assert key(turn, RiichiUI(), "Enter") is None  # your turn: nothing to pass
    assert key(turn, RiichiUI(), "r") == press(turn, RiichiUI(), "riichi")


def test_tsumo_and_next_keys():
    table = rigged_table(shoupai=TENPAI, zimo=("z1",), baopai="s1")
    game = seat(table, 0)
    assert key(game, RiichiUI(), "t") == Response(action="tsumo", ui=RiichiUI())
    game.play("tsumo")
    assert key(game, RiichiUI(), "Enter") == Response(action="next", ui=RiichiUI())


def test_call_buttons_follow_the_legal_actions():
    assert call_buttons(ron_chance(), RiichiUI()) == [CallButton("ron", ACTION_LABELS["ron"], "success"),
                                                      CallButton("pass", "Pass")]
    assert call_buttons(riichi_turn(), RiichiUI()) == [CallButton("riichi", "立直 Riichi (then click a tile)",
                                                                  "warning")]
    pending = call_buttons(riichi_turn(), RiichiUI(riichi=True))
    assert pending == [CallButton("riichi", "立直 Riichi: click a tile…", "warning")]


def test_call_buttons_name_their_meld():
    table = rigged_table(shoupai=TENPAI, zimo=("z4",), baopai="s9")
    game = seat(act(table, 0, "z4"), 2)  # West holds z44: pon from the player opposite
    labels = {b.action: b.label for b in call_buttons(game, RiichiUI())}
    assert labels == {"ron": "ロン Ron", "pon z444=": "碰 Pon 北 北 北", "pass": "Pass"}  # West waits on z4 too


def test_a_click_on_a_choice_on_the_table_presses_it():
    from gamelab.pictures import RecordingPainter
    from gamelab.riichi.table.picture import Call, RiichiGamePicture

    game = ron_chance()
    painter = RiichiGamePicture().paint(RecordingPainter(660, 706), game, RiichiUI())
    offered = {shape.target for shape in painter.shapes if isinstance(shape.target, Call)}
    assert offered == {Call("ron"), Call("pass")}
    assert click(game, RiichiUI(), Call("pass")) == Response(action="pass", ui=RiichiUI())
