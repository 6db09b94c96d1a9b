"""Scoring (和了 hule): named cases, rule switches, responsibility payments, the best reading."""

from __future__ import annotations

from typing import Any

import pytest

from gamelab.riichi import Hand, Rules, WinContext, score, win_shapes
from gamelab.riichi.scoring import YAKU_NAMES


def mj(hand: str, ron: str | None = None, rules: dict[str, Any] | None = None, **param: Any) -> dict | None:
    """score() in majiang-core's form, with majiang-core's hule_param keyword names."""
    context = WinContext(
        rules=Rules.from_majiang(rules or {}),
        round_wind=param.get("zhuangfeng", 0),
        seat_wind=param.get("menfeng", 1),
        riichi=param.get("lizhi", 0),
        ippatsu=param.get("yifa", False),
        robbing_kan=param.get("qianggang", False),
        after_kan=param.get("lingshang", False),
        last_tile=param.get("haidi", 0),
        blessing=param.get("tianhu", 0),
        dora_indicators=tuple(param.get("baopai", ())),
        ura_indicators=tuple(param["fubaopai"]) if "fubaopai" in param else None,
        honba=param.get("changbang", 0),
        riichi_sticks=param.get("lizhibang", 0),
    )
    result = score(Hand.from_string(hand), ron, context)
    return None if result is None else result.to_majiang()


def out(hupai: list[tuple[str, Any]], fu: int | None, fanshu: int | None, damanguan: int | None, defen: int,
        fenpei: list[int], baojia: dict[str, str] | None = None) -> dict:
    entries = []
    for name, value in hupai:
        entry: dict[str, Any] = {"name": name, "fanshu": value}
        if baojia and name in baojia:
            entry["baojia"] = baojia[name]
        entries.append(entry)
    return {"hupai": entries, "fu": fu, "fanshu": fanshu, "damanguan": damanguan, "defen": defen, "fenpei": fenpei}


def test_not_a_win_and_no_yaku() -> None:
    assert mj("m123p456s789z1122") is None  # 13 tiles, nothing drawn
    assert mj("m123p456s789z1122", "z3=") is None
    assert mj("m234p567s234m8,z777=", "m8+") is not None
    assert mj("m234p567s2388,m567-", "s1+") == {"defen": 0}  # complete, but no yaku


def test_bad_ron_tiles_are_named() -> None:
    with pytest.raises(ValueError, match="needs a direction"):
        score("m123p456s789z1122", "z1")
    with pytest.raises(ValueError, match="'z8=' is not a tile"):
        score("m123p456s789z1122", "z8=")
    with pytest.raises(ValueError, match="holds a drawn tile"):
        score("m123p456s789z1122z1", "z1=")
    with pytest.raises(ValueError, match="a fifth z1"):
        score("m123p456s789z1111", "z1=")


def test_english_names_with_japanese_beside() -> None:
    result = score("m123p456s789z1122", "z1+", WinContext(seat_wind=0))
    assert [(y.name, y.japanese, y.han) for y in result.yaku] == [
        ("Round wind East", "場風 東", 1),
        ("Seat wind East", "自風 東", 1),
    ]
    assert result.shape[0] == "z22"
    assert "Round wind East (場風 東) 1" in str(result)
    assert all(name for name in YAKU_NAMES.values())


# ------------------------------------------------------------------ majiang-core's own named cases


@pytest.mark.parametrize(
    "hand, ron, param, expected",
    [
        ("m1177778888999", "m9=", {"menfeng": 0},
         out([("平和", 1), ("純全帯幺九", 3), ("二盃口", 3), ("清一色", 6)], 30, 13, None, 48000, [48000, 0, -48000, 0])),
        ("z77111z444,z222+,z333-", None, {},
         out([("大四喜", "**"), ("字一色", "*")], None, None, 3, 96000, [-48000, 96000, -24000, -24000])),
        ("m11p456,z555+,z666=,z777-", None, {"menfeng": 0, "lizhibang": 1, "changbang": 1},
         out([("大三元", "*")], None, None, 1, 48000, [49300, 0, 0, -48300], {"大三元": "-"})),
        ("m11p45,z555+,z666=,z777-", "p6=", {"menfeng": 0, "lizhibang": 1, "changbang": 1},
         out([("大三元", "*")], None, None, 1, 48000, [49300, 0, -24300, -24000], {"大三元": "-"})),
        ("m11p45,z555+,z666=,z777-", "p6-", {"menfeng": 0, "lizhibang": 1, "changbang": 1},
         out([("大三元", "*")], None, None, 1, 48000, [49300, 0, 0, -48300], {"大三元": "-"})),
        ("z77,z111-,z2222,z333=3,z444+", None, {"lizhibang": 1, "changbang": 1},
         out([("大四喜", "**"), ("字一色", "*")], None, None, 3, 96000, [-16100, 97300, -72100, -8100],
             {"大四喜": "+"})),
        ("z7,z111-,z2222,z333=3,z444+", "z7-", {"lizhibang": 1, "changbang": 1},
         out([("大四喜", "**"), ("字一色", "*")], None, None, 3, 96000, [-64300, 97300, -32000, 0], {"大四喜": "+"})),
        ("z7,z111-,z2222,z333=3,z444+", "z7+", {"lizhibang": 1, "changbang": 1},
         out([("大四喜", "**"), ("字一色", "*")], None, None, 3, 96000, [0, 97300, -96300, 0], {"大四喜": "+"})),
        # the best reading: seven pairs or twice pure double sequence, two pairs, runs or triplets...
        ("m223344p556677s8", "s8=", {},
         out([("断幺九", 1), ("二盃口", 3)], 40, 4, None, 8000, [0, 8000, 0, -8000])),
        ("m2234455p234s234", "m3=", {},
         out([("断幺九", 1), ("一盃口", 1), ("三色同順", 2)], 40, 4, None, 8000, [0, 8000, 0, -8000])),
        ("m111222333p8999", "p7=", {},
         out([("一盃口", 1), ("純全帯幺九", 3)], 40, 4, None, 8000, [0, 8000, 0, -8000])),
        ("m12334p567z11z777", "m2=", {}, out([("翻牌 中", 1)], 50, 1, None, 1600, [0, 1600, 0, -1600])),
        ("m111222333p7899", "p9=", {},
         out([("平和", 1), ("一盃口", 1), ("純全帯幺九", 3)], 30, 5, None, 8000, [0, 8000, 0, -8000])),
        ("s1112223335578", "s9=", {}, out([("三暗刻", 2), ("清一色", 6)], 50, 8, None, 16000, [0, 16000, 0, -16000])),
        ("m11123457899996", None, {"lizhi": 1, "yifa": True, "baopai": ["m2"], "fubaopai": ["m5"]},
         out([("九蓮宝燈", "*")], None, None, 1, 32000, [-16000, 32000, -8000, -8000])),
    ],
)
def test_named_cases(hand: str, ron: str | None, param: dict, expected: dict) -> None:
    assert mj(hand, ron, **param) == expected


# ------------------------------------------------------------------ rule switches


def test_no_open_tanyao() -> None:
    assert mj("m22555p234s78,p777-", "s6=", {"クイタンあり": False}) == {"defen": 0}
    assert mj("m22555p234777s78", "s6=", {"クイタンあり": False}) == out(
        [("断幺九", 1)], 40, 1, None, 1300, [0, 1300, 0, -1300])


@pytest.mark.parametrize(
    "hand, ron, name, fenpei",
    [
        ("m19p19s19z1234567", "m1+", "国士無双十三面", [0, 32000, -32000, 0]),
        ("m111p333s777z111m3", "m3=", "四暗刻単騎", [0, 32000, 0, -32000]),
        ("m22z22244,z333+,z111-", "z4=", "大四喜", [0, 32000, 0, -32000]),
        ("m1112345678999", "m2=", "純正九蓮宝燈", [0, 32000, 0, -32000]),
    ],
)
def test_no_double_yakuman(hand: str, ron: str, name: str, fenpei: list[int]) -> None:
    assert mj(hand, ron, {"ダブル役満あり": False}) == out([(name, "*")], None, None, 1, 32000, fenpei)


def test_double_yakuman_by_default() -> None:
    assert mj("m19p19s19z1234567", "m1+") == out([("国士無双十三面", "**")], None, None, 2, 64000,
                                                 [0, 64000, -64000, 0])


def test_no_yakuman_stacking_with_responsibility() -> None:
    rules = {"役満の複合あり": False}
    expected = [("大四喜", "**"), ("字一色", "*")]
    assert mj("z77,z111-,z2222,z333=3,z444+", None, rules, lizhibang=1, changbang=1) == out(
        expected, None, None, 1, 32000, [0, 33300, -32300, 0], {"大四喜": "+"})
    assert mj("z7,z111-,z2222,z333=3,z444+", "z7-", rules, lizhibang=1, changbang=1) == out(
        expected, None, None, 1, 32000, [-16300, 33300, -16000, 0], {"大四喜": "+"})


def test_no_responsibility_payment() -> None:
    rules = {"役満パオあり": False}
    assert mj("m2234,z555-5,z6666,z777+", "m5=", rules) == out([("大三元", "*")], None, None, 1, 32000,
                                                                 [0, 32000, 0, -32000])
    assert mj("m2,z222+,z4444,z333+,z111-", "m2=", rules) == out([("大四喜", "**")], None, None, 2, 64000,
                                                                   [0, 64000, 0, -64000])


def test_no_counted_yakuman() -> None:
    assert mj("p22334455667788*", None, {"数え役満あり": False}, lizhi=1) == out(
        [("立直", 1), ("門前清自摸和", 1), ("平和", 1), ("断幺九", 1), ("二盃口", 3), ("清一色", 6)],
        20, 13, None, 24000, [-12000, 24000, -6000, -6000])
    assert mj("p22334455667788*", None, lizhi=1)["defen"] == 32000


def test_double_wind_pair_rule() -> None:
    # East round, dealer: the East pair is worth 4 fu, or 2 under 連風牌は2符
    assert mj("m123p456s78z11555", "s9-", menfeng=0)["fu"] == 50
    assert mj("m123p456s78z11555", "s9-", {"連風牌は2符": True}, menfeng=0)["fu"] == 40


def test_round_up_mangan() -> None:
    # pinfu, all simples, mixed triple sequence: 30 fu 4 han
    assert mj("m234p234s2345688", "s7=")["defen"] == 7700
    assert mj("m234p234s2345688", "s7=", {"切り上げ満貫あり": True})["defen"] == 8000


def test_situation_yaku_and_dora() -> None:
    result = mj("m123p456s789m1199", "m9=", lizhi=2, yifa=True, haidi=2, baopai=["m8"], fubaopai=["m8"])
    names = [h["name"] for h in result["hupai"]]
    assert names == ["ダブル立直", "一発", "河底撈魚", "ドラ", "裏ドラ"]
    assert mj("m123p456s789z1122z2", None, tianhu=1, menfeng=0)["hupai"] == [{"name": "天和", "fanshu": "*"}]
    assert mj("m123p456s789z1122z2", None, lingshang=True)["hupai"][0] == {"name": "嶺上開花", "fanshu": 1}
    assert mj("m123p456s789m1199", "m9=", qianggang=True)["hupai"] == [{"name": "槍槓", "fanshu": 1}]


def test_red_fives_and_dora_follow_majiang_core() -> None:
    result = mj("m055p456s789z3344z3", None, baopai=["m4"])
    assert result["hupai"] == [
        {"name": "門前清自摸和", "fanshu": 1}, {"name": "ドラ", "fanshu": 3}, {"name": "赤ドラ", "fanshu": 1}]


def test_win_shapes_mark_the_winning_block() -> None:
    assert win_shapes("m123p456s789z1122z2") == [
        ["z11", "m123", "p456", "s789", "z222_!"],
    ]
    assert win_shapes("m19p19s19z1234567", "z7-")[0][0] == "z77-!"
    assert win_shapes("m1122p3344s5566z7", "z7=")[-1] == ["m11", "m22", "p33", "p44", "s55", "s66", "z77=!"]


@pytest.mark.parametrize(
    "hand, ron, shapes",
    [
        ("m123p055s789z11122", None, [["z22_!", "m123", "p555", "s789", "z111"]]),
        ("m123p055s789z1112", "z2+", [["z22+!", "m123", "p555", "s789", "z111"]]),
        ("m123p055z1112,s7-89", "z2=", [["z22=!", "m123", "p555", "z111", "s7-89"]]),
        ("m225p4466s1199z33", "m0-", [["m22", "m55-!", "p44", "p66", "s11", "s99", "z33"]]),
        ("m9p19s19z12345677m1", None, [["z77", "m1_!", "m9", "p1", "p9", "s1", "s9", "z1", "z2", "z3", "z4", "z5", "z6"]]),
        ("m19p19s19z1234567", "m9+", [["m99+!", "m1", "p1", "p9", "s1", "s9", "z1", "z2", "z3", "z4", "z5", "z6", "z7"]]),
        ("m1112345678999", "m0=", [["m55=!", "m111", "m234", "m678", "m999"], ["m11123456789995=!"]]),
        ("m123p055s789z1122", None, []),
        ("___m123p055z2,s7-89", "z2=", []),
        ("m22", None, []),
        ("m19p19s19z123456", "z7=", []),
        ("m111234567899", "m9=", []),
        ("m111123p789999z1z1", None, [["z11_!", "m123", "m111", "p789", "p999"]]),
        ("m223344p556677s88", None, [["s88_!", "m234", "m234", "p567", "p567"],
                                     ["m22", "m33", "m44", "p55", "p66", "p77", "s88_!"]]),
        ("m111222333p89997", None, [["p99", "m123", "m123", "m123", "p7_!89"], ["p99", "m111", "m222", "m333", "p7_!89"]]),
        ("m2234455p234s234m3", None, [["m22", "m3_!45", "m345", "p234", "s234"], ["m55", "m23_!4", "m234", "p234", "s234"]]),
        ("m23p567s33345666m1", None, [["s33", "m1_!23", "p567", "s345", "s666"], ["s66", "m1_!23", "p567", "s333", "s456"]]),
        ("s1113445678999s2", None, [["s99", "s111", "s2_!34", "s456", "s789"], ["s11134456789992_!"]]),
    ],
)
def test_win_shapes_as_majiang_core(hand: str, ron: str | None, shapes: list[list[str]]) -> None:
    assert win_shapes(hand, ron) == shapes


@pytest.mark.parametrize(
    "hand, ron, param, fu",
    [
        ("m345567p234s33789", None, {}, 20),  # pinfu self-draw
        ("m345567p234s3378", "s9=", {}, 30),  # pinfu ron
        ("m112233p456z33s78", "s9=", {}, 30),
        ("m112233p456z11s78", "s9=", {}, 40),  # round-wind pair
        ("m112233p456z22s78", "s9=", {}, 40),  # seat-wind pair
        ("m112233p456z55s78", "s9=", {}, 40),  # dragon pair
        ("m112233z444z11s78", "s9=", {"menfeng": 0}, 50),  # double-wind pair: 4 fu
        ("m123z11m88,p888+,s888-", "m8=", {"menfeng": 0}, 30),
        ("m123p22s99,z222+,p111-", "s9=", {}, 40),
        ("z33p222777s888m23", "m4=", {}, 50),
        ("s33p111999z555m23", "m4=", {}, 60),
        ("p33m22245667,s444+4", "m8=", {}, 40),
        ("p33m23445667,z6666-", "m8=", {}, 40),
        ("p33m23445667,s4444", "m8=", {}, 50),
        ("p33m23445667,z7777", "m8=", {}, 70),
        ("p33m222s222345,s888-", None, {}, 40),
        ("m222s222345p3,s888-", "p3=", {}, 40),  # single wait
        ("p33m222s22235,s888-", "s4=", {}, 40),  # closed wait
        ("p33z111m12389,s222-", "m7=", {}, 40),  # edge wait
        ("m22p345678s34,s67-8", "s5=", {}, 30),  # open pinfu shape: 30
        ("m2255p88s1166z1155", None, {}, 25),  # seven pairs
        ("m19p19s1z12345677s9", None, {}, None),  # thirteen orphans: no fu
        ("m11123456789995", None, {}, None),  # nine gates: no fu
    ],
)
def test_fu_as_majiang_core(hand: str, ron: str | None, param: dict, fu: int | None) -> None:
    assert mj(hand, ron, **param)["fu"] == fu
