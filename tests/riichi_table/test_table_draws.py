"""Exhaustive draws (§4.9 of the reference): tenpai, noten penalty, declaration, nagashi mangan, renchan."""

from __future__ import annotations

import pytest
from table_helpers import last_event, pass_all, rigged_table, set_hands, set_river

# majiang-core's test hands: tenpai A B1 C1 D1, noten A0 B0 C0 D0, F = shanten 0 with no wait left
A, B1, C1, D1 = "m22p12366s406789", "m55p40s123,z111-,p678-", "m67p678s22,s56-7,p444-", "m12345p33s333,m406-"
A0, B0, C0, D0 = "m40789p4667s8z577", "m99p12306z277,m345-", "m3p1234689z55,s7-89", "m2233467p234555"
F = "m123p456s789z1111"


def draw_with(hands, rules=None, shown=None, rivers=None):
    """As majiang-core's tests: 流し満貫あり off unless the test is about it (rivers given)."""
    rules = dict(rules or {})
    if rivers is None:
        rules.setdefault("流し満貫あり", False)
    table = rigged_table(rules)
    set_hands(table, hands)
    for seat, tiles in (rivers or {}).items():
        set_river(table, seat, tiles)
    table._pingju("", shown)
    return table, last_event(table)["pingju"]


@pytest.mark.parametrize("hands, payments, shown, repeat", [
    ([A, B1, C1, D1], [0, 0, 0, 0], 4, True),  # 全員テンパイ
    ([A0, B0, C0, D0], [0, 0, 0, 0], 0, False),  # 全員ノーテン: the deal moves on
    ([A, B0, C0, D1], [1500, -1500, -1500, 1500], 2, True),  # 2人テンパイ
    ([F, B0, C0, D1], [-1000, -1000, -1000, 3000], 1, False),  # 形式テンパイとならない牌姿
])
def test_exhaustive_draw_tenpai_and_noten_penalty(hands, payments, shown, repeat):
    table, event = draw_with(hands)
    assert event["name"] == "荒牌平局"
    assert event["fenpei"] == payments
    assert sum(1 for s in event["shoupai"] if s) == shown
    assert table.dealer_repeats is repeat


def test_noten_declaration_counts_silence_as_noten():
    table, event = draw_with([A, B1, C1, D1], {"ノーテン宣言あり": True}, shown=["", "_", "_", "_"])
    assert event["fenpei"] == [-3000, 1000, 1000, 1000]
    assert event["shoupai"][0] == "" and all(event["shoupai"][1:])
    assert table.dealer_repeats is False  # a tenpai dealer who keeps quiet loses the deal


def test_riichi_hand_is_always_shown_under_declaration():
    _, event = draw_with(["m22p12366s406789*", B0, C0, D0], {"ノーテン宣言あり": True})
    assert event["shoupai"] == ["m22p12366s406789*", "", "", ""]
    assert event["fenpei"] == [3000, -1000, -1000, -1000]


def test_no_noten_penalty_shows_only_what_matters():
    table, event = draw_with([A, B0, C0, D1], {"ノーテン罰あり": False})
    assert event["fenpei"] == [0, 0, 0, 0]
    assert event["shoupai"] == [A, "", "", ""]  # the dealer (for テンパイ連荘) only
    assert table.dealer_repeats is True
    hands = ["m567999s4466777", "m05p123s56z333*,s8888", "m11p789s06,z555-,p406-", D0]
    _, event = draw_with(hands, {"ノーテン罰あり": False})
    assert event["shoupai"] == ["m567999s4466777", "m05p123s56z333*,s8888", "", ""]
    _, event = draw_with(hands, {"ノーテン罰あり": False, "連荘方式": 1})
    assert event["shoupai"] == ["", "m05p123s56z333*,s8888", "", ""]


@pytest.mark.parametrize("rules, hands, repeat", [
    ({}, [A, B0, C0, D0], True),  # テンパイ連荘
    ({"連荘方式": 1}, [A, B0, C0, D0], False),  # 和了連荘: dealer tenpai does not count
    ({"連荘方式": 0}, [A, B0, C0, D0], False),
    ({"連荘方式": 3}, [A0, B0, C0, D0], True),  # ノーテン連荘: any exhaustive draw
    ({"場数": 0}, [A0, B0, C0, D0], True),  # 一局戦: every draw replays the hand
])
def test_dealer_repeat_after_a_draw(rules, hands, repeat):
    table, _ = draw_with(hands, rules)
    assert table.dealer_repeats is repeat


def test_nagashi_mangan_dealer_and_two_players():
    _, event = draw_with([A0, B0, C0, D0], rivers={0: ["z1"], 1: ["m2"], 2: ["p2"], 3: ["s2"]})
    assert event["name"] == "流し満貫" and event["fenpei"] == [12000, -4000, -4000, -4000]
    _, event = draw_with([A0, B0, C0, D0], rivers={0: ["z1"], 1: ["m1"], 2: ["p2"], 3: ["s2"]})
    assert event["fenpei"] == [8000, 4000, -6000, -6000]


def test_nagashi_mangan_fails_when_called_or_switched_off():
    _, event = draw_with([A0, B0, C0, D0], rivers={0: ["z1-"], 1: ["m2"], 2: ["p2"], 3: ["s2"]})
    assert event["name"] == "荒牌平局"
    _, event = draw_with([A0, B0, C0, D0], {"流し満貫あり": False}, rivers={0: ["z1"], 1: ["m2"], 2: ["p2"], 3: ["s2"]})
    assert event["name"] == "荒牌平局"


def test_nagashi_mangan_replaces_noten_payment_but_dealer_tenpai_decides():
    table, event = draw_with([A0, B1, C0, D0], rivers={0: ["z1"], 1: ["m2"], 2: ["p2"], 3: ["s2"]})
    assert event["name"] == "流し満貫" and event["fenpei"] == [12000, -4000, -4000, -4000]
    assert table.dealer_repeats is False  # 流し満貫成功だが親流れ


def test_abortive_draws_always_repeat_the_dealer():
    table = rigged_table({"連荘方式": 0})
    table._pingju("九種九牌", ["", "", "", ""])
    assert table.abortive and table.dealer_repeats


def test_points_move_after_a_draw_and_honba_grows():
    table = rigged_table({"流し満貫あり": False}, points=[25000, 25000, 25000, 24000], honba=1, sticks=1)
    set_hands(table, [A, B0, C0, D0])
    table._pingju("", None)
    pass_all(table)
    assert table.points == [28000, 24000, 24000, 23000]
    assert table.honba == 2 and table.riichi_sticks == 1
    assert (table.round_wind, table.hand_number) == (0, 0)
