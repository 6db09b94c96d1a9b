"""Abortive draws and simultaneous rons, each under two settings (the scripted games replayed)."""

from __future__ import annotations

import copy

import pytest
from table_helpers import act, last_event, record_titled, rigged_table

from gamelab.errors import IllegalMove
from gamelab.riichi.table import replay

BASE = {"順位点": ["20", "10", "-10", "-20"]}


def ending(paipu, index):
    """(how hand ``index`` ended, number of winners)."""
    hand = paipu["log"][index]
    wins = [e for e in hand if "hule" in e]
    return (hand[-1]["pingju"]["name"] if "pingju" in hand[-1] else "hule"), len(wins)


def first_hand_named(record, name):
    return next(i for i, h in enumerate(record["log"]) if "pingju" in h[-1] and h[-1]["pingju"]["name"] == name)


@pytest.mark.parametrize("title, name", [
    ("流局: 九種九牌", "九種九牌"),
    ("流局: 四風連打", "四風連打"),
    ("流局: 四家立直", "四家立直"),
    ("流局: 四開槓", "四開槓"),
])
def test_abortive_draws_need_the_rule(script_records, title, name):
    record = record_titled(script_records, title)
    k = first_hand_named(record, name)
    assert ending(replay(copy.deepcopy(record), BASE), k)[0] == name
    assert ending(replay(copy.deepcopy(record), BASE | {"途中流局あり": False}), k)[0] != name


def test_three_rons_abort_under_double_ron_rule_whatever_the_abortive_switch(script_records):
    record = record_titled(script_records, "流局: 三家和")
    k = first_hand_named(record, "三家和")
    assert ending(replay(copy.deepcopy(record), BASE | {"途中流局あり": False}), k) == ("三家和", 0)
    assert ending(replay(copy.deepcopy(record), BASE | {"最大同時和了数": 3}), k) == ("hule", 3)
    head_bump = replay(copy.deepcopy(record), BASE | {"最大同時和了数": 1})
    assert ending(head_bump, k) == ("hule", 1)
    hand = head_bump["log"][k]
    discarder = next(e["dapai"]["l"] for e in reversed(hand) if "dapai" in e)
    assert hand[-1]["hule"]["l"] == (discarder + 1) % 4  # the first in turn order wins


def test_double_ron_or_head_bump(script_records):
    record = record_titled(script_records, "局進行: ダブロンで連荘")
    k = next(i for i, h in enumerate(record["log"]) if sum("hule" in e for e in h) == 2)
    assert ending(replay(copy.deepcopy(record), BASE), k) == ("hule", 2)
    assert ending(replay(copy.deepcopy(record), BASE | {"最大同時和了数": 1}), k) == ("hule", 1)


NINE = "m19p19s19z1234567"  # thirteen orphans kinds: nine or more terminals and honours


def test_nine_terminals_by_a_human():
    table = rigged_table(shoupai=["m19p1s19z123456m23", "m234p234s234z1155", "m567p567s567z2266", "m888p888s888z3377"],
                         zimo=("z7",))
    assert table.can_abort_nine()
    act(table, 0, "nine")
    event = last_event(table)["pingju"]
    assert event["name"] == "九種九牌" and event["shoupai"][0] and event["fenpei"] == [0, 0, 0, 0]
    assert table.dealer_repeats and table.abortive


def test_nine_terminals_refused_without_abortive_draws():
    table = rigged_table({"途中流局あり": False},
                         shoupai=["m19p1s19z123456m23", "m234p234s234z1155", "m567p567s567z2266", "m888p888s888z3377"],
                         zimo=("z7",))
    before = str(table)
    with pytest.raises(IllegalMove, match="九種九牌"):
        act(table, 0, "nine")
    assert str(table) == before and table.waiting_for() == [table.player_id[0]]


WINDS = ["m1112p1112s1112z1", "m3334p3334s3334z1", "m5556p5556s5556z1", "m7778p7778s7778z1"]


def test_four_winds_by_humans():
    table = rigged_table(shoupai=WINDS, zimo=("m9", "m9", "m9", "m9"), baopai="s9")
    for seat in range(4):
        act(table, seat, "z1")
        while table.status == "dapai" and table.waiting_for():
            for pid in table.waiting_for():
                table.reply(pid, {})
            table.run()
    assert last_event(table)["pingju"]["name"] == "四風連打"


def test_four_winds_not_with_different_winds():
    hands = WINDS[:1] + ["m3334p3334s3334z2"] + WINDS[2:]
    table = rigged_table(shoupai=hands, zimo=("m9", "m9", "m9", "m9", "p9"), baopai="s9")
    act(table, 0, "z1")
    act(table, 1, "z2")
    act(table, 2, "z1")
    act(table, 3, "z1")
    assert table.status == "zimo" and table.turn == 0
