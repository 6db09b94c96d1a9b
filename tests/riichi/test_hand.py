"""The hand (手牌 shoupai): notation, actions, legality and the options a player has."""

from __future__ import annotations

from typing import Callable

import pytest

from gamelab.errors import IllegalMove
from gamelab.riichi import Hand


def H(text: str) -> Hand:
    return Hand.from_string(text)


# ------------------------------------------------------------------ reading and writing


@pytest.mark.parametrize(
    "given, written",
    [
        ("", ""),
        ("z7654s987p654m321", "m123p456s789z4567"),
        ("m1,p123-,s555=,z777+7,m9999", "m1,p123-,s555=,z777+7,m9999"),
        ("m123p456s789____", "m123p456s789____"),
        ("m123p456____,s789-", "m123p456____,s789-"),
        ("m111p222s333", "m111p222s333"),
        ("m11123456789991", "m1112345678999m1"),
        ("m11123456789990", "m1112345678999m0"),
        ("m12p345s678z23m3,z111=", "m12p345s678z23m3,z111="),
        ("m5550p5500s0000", "m0555p0055s0000"),
        ("m123p456s789z1112*", "m123p456s789z1112*"),
        ("m123p456s789z2*,z1111", "m123p456s789z2*,z1111"),
        ("m123p456s789z2*,z111+", "m123p456s789z2*,z111+"),
        ("m123p456s789z2,m403-", "m123p456s789z2,m3-40"),
        ("m123p456s789z2,m304-", "m123p456s789z2,m34-0"),
        ("m123p456s789z2,p050+", "m123p456s789z2,p500+"),
        ("m123p456s789z2,p055+", "m123p456s789z2,p505+"),
        ("m123p456s789z2,s0555=", "m123p456s789z2,s5505="),
        ("m123p456s789z2,s0050=", "m123p456s789z2,s5000="),
        ("m123p456s789z2,s0505", "m123p456s789z2,s5500"),
        ("p456s789z1,m12-3,p999=,", "p456s789z1,m12-3,p999=,"),
        ("__________,z111=", "__________,z111="),
        ("______________", "______________"),
        ("m14,p456-,s789-,z111+,m234-,", "m14,p456-,s789-,z111+,m234-,"),
    ],
)
def test_from_string_normalises_like_majiang_core(given: str, written: str) -> None:
    hand = H(given)
    assert str(hand) == written
    assert str(H(written)) == written  # the written form reads back to itself
    assert str(hand.copy()) == written


@pytest.mark.parametrize(
    "text, message",
    [
        ("m123z89", "'z8' is not a tile"),
        ("m123z0", "'z0' is not a tile"),
        ("m123x45", "'x45' is not part of a hand"),
        ("m123p456s789z2,z1-23", "'z1-23' is not a meld"),
        ("m123p456s789z2,s13-5", "'s13-5' is not a meld"),
        ("m123p456s789z2,z11-", "'z11-' is not a meld"),
        ("m11111", "a fifth m1"),
        ("m5550p5500s0000z00", "'z0' is not a tile"),
        ("m123456789p123456", "too many tiles"),
        ("m123456789p123,z111=", "too many tiles"),
        ("m1,,z111=", "empty meld"),
        ("m123,m1111+,", "a final comma follows only a chi or pon"),
        ("m111,m1111", "a fifth m1"),
        ("m55555555,m5555,m5555", "a fifth m5"),  # 16 fives: no count may run over into the next one
        ("m5,m5555,m5555,m5555,m5555", "a fifth m5"),
        ("m1*2", "'*2' is not part of a hand"),
        ("m1,m111+,p111+,s111+,z111+,z222+", "at most four melds"),
    ],
)
def test_bad_hand_strings_name_the_bad_part(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("*", r"\*")):
        H(text)


def test_constructor_from_tiles() -> None:
    assert str(Hand(["m0", "m1", "m9", "p0", "p1", "p9", "s0", "s1", "s9", "z1", "z2", "z6", "z7"])) == "m109p109s109z1267"
    assert str(Hand(["_"])) == "_"
    hidden = Hand(["m1", "_", "z7", "_"])
    assert (hidden.hidden, hidden.tile_count, str(hidden)) == (2, 4, "m1z7__")
    with pytest.raises(ValueError, match="'z0' is not a tile"):
        Hand(["z0"])
    with pytest.raises(ValueError, match="a fifth m1"):
        Hand(["m1"] * 5)


def test_reading_properties() -> None:
    hand = H("m123p0s789z456777")
    assert hand.is_closed and not hand.riichi and hand.drawn is None
    assert not H("p0s789z4567,m123-").is_closed
    assert H("m123p0s789,z1111").is_closed  # a closed kan keeps the hand closed
    assert hand.count("p5") == 1 and hand.count("p0") == 1
    assert hand.tile_count == 13
    assert H("m123p456s789z2*,z111+").melds == ("z111+",)
    assert H("m055z1").concealed_tiles() == ["m0", "m5", "m5", "z1"]


# ------------------------------------------------------------------ actions


def after(text: str, action: Callable[[Hand], None]) -> str:
    hand = H(text)
    action(hand)
    return str(hand)


@pytest.mark.parametrize("tile", ["m1", "p1", "s1", "z1", "m0", "_"])
def test_draw(tile: str) -> None:
    assert after("m123p456s789z4567", lambda h: h.draw(tile)) == "m123p456s789z4567" + tile


def assert_refused(text: str, action: Callable[[Hand], None], message: str, error: type = IllegalMove) -> None:
    """The action raises, saying why, and the hand is exactly as before."""
    hand = H(text)
    before = str(hand)
    with pytest.raises(error, match=message):
        action(hand)
    assert str(hand) == before


def test_draw_refusals() -> None:
    assert_refused("m123p456s789z4567", lambda h: h.draw("z8"), "'z8' is not a tile", ValueError)
    assert_refused("m123p456s789z34567", lambda h: h.draw("m1"), "already holds a drawn tile")
    assert_refused("m123p456z34567,s789-,", lambda h: h.draw("m1"), "just called s789-")
    assert_refused("m123p456s789z1111", lambda h: h.draw("z1"), "a fifth z1")
    assert_refused("m455556s789z1111", lambda h: h.draw("m0"), "a fifth m5")


@pytest.mark.parametrize(
    "hand, tile, result",
    [
        ("m123p456s789z34567", "m1", "m23p456s789z34567"),
        ("m123p456s789z34567", "p4", "m123p56s789z34567"),
        ("m123p456s789z34567", "z3", "m123p456s789z4567"),
        ("m123p406s789z34567", "p0", "m123p46s789z34567"),
        ("m123p456s789z34567", "z7*", "m123p456s789z3456*"),
        ("m123p456s789z34567", "z7_", "m123p456s789z3456"),
        ("m123p456s789z1122z3*", "z3_", "m123p456s789z1122*"),
        ("______________", "m1", "_____________"),
    ],
)
def test_discard(hand: str, tile: str, result: str) -> None:
    assert after(hand, lambda h: h.discard(tile)) == result


def test_discard_refusals() -> None:
    assert_refused("m123p456s789z34567", lambda h: h.discard("z0"), "'z0' is not a tile", ValueError)
    assert_refused("m123p456s789z4567", lambda h: h.discard("_"), "'_' is not a tile", ValueError)
    assert_refused("m123p456s789z4567", lambda h: h.discard("m1"), "draw or call first")
    assert_refused("m123p456s789z34567", lambda h: h.discard("z1"), "holds none")
    assert_refused("m123p456s789z34567", lambda h: h.discard("p0"), "holds none")
    assert_refused("m123p406s789z34567", lambda h: h.discard("p5"), "holds none")
    assert_refused("m123p456s789z34567", lambda h: h.discard("m1_"), "the drawn tile is z7")
    assert_refused("m123p456s789z1223z1*", lambda h: h.discard("z2"), "after riichi only the drawn tile")
    assert_refused("m123p456s789z1223z1*", lambda h: h.discard("z1*"), "already declared")
    assert_refused("m123p456s789z23,z111+", lambda h: h.discard("z3*"), "the hand is open")
    assert_refused("m123p456s789z1,m4-56", lambda h: h.discard("m4-"), "no direction marker", ValueError)


@pytest.mark.parametrize(
    "hand, meld, result",
    [
        ("m23p456s789z34567", "m1-23", "p456s789z34567,m1-23,"),
        ("m123p46s789z34567", "p45-6", "m123s789z34567,p45-6,"),
        ("m123p456s99z34567", "s999+", "m123p456z34567,s999+,"),
        ("m123p456s789z1167", "z111=", "m123p456s789z67,z111=,"),
        ("m123p500s789z4567", "p5005-", "m123s789z4567,p5005-"),
        ("_____________", "m1-23", "___________,m1-23,"),
        ("m123p05s789z11667", "p055=", "m123s789z11667,p505=,"),  # any spelling is normalised
    ],
)
def test_call(hand: str, meld: str, result: str) -> None:
    assert after(hand, lambda h: h.call(meld)) == result


def test_call_refusals() -> None:
    assert_refused("m123p456s789z4567", lambda h: h.call("z3-45"), "is not a meld", ValueError)
    assert_refused("_____________", lambda h: h.call("m1111"), "made with kan")
    assert_refused("_____________", lambda h: h.call("m111+1"), "made with kan")
    assert_refused("m123p456s789z11567", lambda h: h.call("z111="), "holds a drawn tile")
    assert_refused("m123p456s789z22,z111=,", lambda h: h.call("z222="), "holds a drawn tile")
    assert_refused("m123p456s789z2,z111=", lambda h: h.call("z333="), "no z3")
    assert_refused("m123p40s789z22,z111=", lambda h: h.call("p456-"), "no p5")
    assert_refused("m123p45s789z22,z111=", lambda h: h.call("p406-"), "no p0")
    assert_refused("m123p456s789z4567*", lambda h: h.call("m1-23"), "no calls after riichi")


@pytest.mark.parametrize(
    "hand, meld, result",
    [
        ("m1111p456s789z4567", "m1111", "p456s789z4567,m1111"),
        ("m1p456s789z4567,m111+", "m111+1", "p456s789z4567,m111+1"),
        ("m123p5555s789z4567", "p5555", "m123s789z4567,p5555"),
        ("m123p456s789z67,z777+", "z777+7", "m123p456s789z6,z777+7"),
        ("m0055p456s789z4567", "m5500", "p456s789z4567,m5500"),
        ("m123p5s789z4567,p505=", "p505=5", "m123s789z4567,p505=5"),
        ("m123p0s789z4567,p555=", "p555=0", "m123s789z4567,p555=0"),
        ("m1111p456s789z4567*", "m1111", "p456s789z4567*,m1111"),
        ("______________", "m5550", "__________,m5550"),
        ("___________,m555=", "m555=0", "__________,m555=0"),
    ],
)
def test_kan(hand: str, meld: str, result: str) -> None:
    assert after(hand, lambda h: h.kan(meld)) == result


def test_kan_refusals() -> None:
    assert_refused("m1112456s789z4567", lambda h: h.kan("m456-"), "called with call")
    assert_refused("m1112456s789z4567", lambda h: h.kan("m111+"), "called with call")
    assert_refused("m1112456s789z4567", lambda h: h.kan("m1112"), "is not a meld", ValueError)
    assert_refused("m2456s789z4567,m111+", lambda h: h.kan("m111+2"), "is not a meld", ValueError)
    assert_refused("m1111p456s789z456", lambda h: h.kan("m1111"), "right after drawing")
    assert_refused("m1111s789z4567,p456-,", lambda h: h.kan("m1111"), "right after drawing")
    assert_refused("m1112p456s789z4567", lambda h: h.kan("m1111"), "no m1")
    assert_refused("m13p456s789z567,m222=", lambda h: h.kan("m2222"), "no m2")
    assert_refused("m10p456s789z567,m555=", lambda h: h.kan("m555=5"), "no m5")
    assert_refused("m12p456s789z567,m222=", lambda h: h.kan("m111=1"), "no pon m111=")
    assert_refused("m1p456s789z4567*,m111+", lambda h: h.kan("m111+1"), "after riichi")
    hand = H("m1111p4444s789z567")
    hand.kan("m1111")
    with pytest.raises(IllegalMove, match="right after drawing"):
        hand.kan("p4444")


def test_a_full_turn_cycle() -> None:
    hand = H("m123p456s789z1122")
    hand.draw("z1")
    assert hand.discard_options()[-1] == "z1_"
    hand.discard("z2")
    assert str(hand) == "m123p456s789z1112"
    hand.draw("m4")
    hand.discard("m4_*")
    assert hand.riichi and str(hand) == "m123p456s789z1112*"


# ------------------------------------------------------------------ options


@pytest.mark.parametrize(
    "hand, check, options",
    [
        ("m123p406s789z4567", True, None),
        ("m123p406s789z2,z111+", True, None),
        ("_____________", True, None),
        ("m123p406s789z11123", True, ["m1", "m2", "m3", "p4", "p0", "p6", "s7", "s8", "s9", "z1", "z2", "z3_"]),
        ("m123p406s789z12,z111+", True, ["m1", "m2", "m3", "p4", "p0", "p6", "s7", "s8", "s9", "z1", "z2_"]),
        ("m123p456s789z1234m1*", True, ["m1_"]),
        ("m123p405s789z11123", True, ["m1", "m2", "m3", "p4", "p0", "p5", "s7", "s8", "s9", "z1", "z2", "z3_"]),
        ("m123p45s789z11123p0", True, ["m1", "m2", "m3", "p4", "p5", "s7", "s8", "s9", "z1", "z2", "z3", "p0_"]),
        ("m123p45s789z11123p5", True, ["m1", "m2", "m3", "p4", "p5", "s7", "s8", "s9", "z1", "z2", "z3", "p5_"]),
        ("m123p405s789z1112p0", True, ["m1", "m2", "m3", "p4", "p0", "p5", "s7", "s8", "s9", "z1", "z2", "p0_"]),
        ("______________", True, []),
        ("___________,m123-,", True, []),
        ("m145p406s789z23,m1-23,", True, ["m5", "p4", "p0", "p6", "s7", "s8", "s9", "z2", "z3"]),
        ("m145p406s789z23,m234-,", True, ["m5", "p4", "p0", "p6", "s7", "s8", "s9", "z2", "z3"]),
        ("m123p258s789z23,p45-6,", True, ["m1", "m2", "m3", "p2", "p8", "s7", "s8", "s9", "z2", "z3"]),
        ("m123p456s467z23,s7-89,", True, ["m1", "m2", "m3", "p4", "p5", "p6", "s4", "s6", "z2", "z3"]),
        ("m123p456s789z12,z111+,", True, ["m1", "m2", "m3", "p4", "p5", "p6", "s7", "s8", "s9", "z2"]),
        ("m256p456s789z12,m340-,", True, ["m6", "p4", "p5", "p6", "s7", "s8", "s9", "z1", "z2"]),
        ("m206p456s789z12,m345-,", True, ["m6", "p4", "p5", "p6", "s7", "s8", "s9", "z1", "z2"]),
        ("m25p1s12678,z666+,m550-,", True, ["m2", "p1", "s1", "s2", "s6", "s7", "s8"]),
        ("m14,p456-,s789-,z111+,m234-,", True, []),
        ("m14,p456-,s789-,z111+,m1-23,", True, []),
        ("m22,p456-,s789-,z111+,m12-3,", True, []),
        ("m145p406s789z23,m1-23,", False, ["m1", "m4", "m5", "p4", "p0", "p6", "s7", "s8", "s9", "z2", "z3"]),
    ],
)
def test_discard_options(hand: str, check: bool, options: list[str] | None) -> None:
    assert H(hand).discard_options(check) == options


@pytest.mark.parametrize(
    "hand, tile, check, options",
    [
        ("m123p456s789z12345", "m1-", True, None),
        ("m123p456s789z12,z333=,", "m1-", True, None),
        ("m123p456s789z1234", "m5-", True, []),
        ("_____________", "m5-", True, []),
        ("m123p456s789z1234", "m3-", True, ["m123-"]),
        ("m1234p456s789z123", "m3-", True, ["m123-", "m23-4"]),
        ("m12345p456s789z12", "m3-", True, ["m123-", "m23-4", "m3-45"]),
        ("m123p456s789z1234", "p0-", True, ["p40-6"]),
        ("m123p34067s789z12", "p3-", True, ["p3-40"]),
        ("m123p34067s789z12", "p4-", True, ["p34-0", "p4-06"]),
        ("m123p34067s789z12", "p6-", True, ["p406-", "p06-7"]),
        ("m123p34067s789z12", "p7-", True, ["p067-"]),
        ("m123p340567s789z1", "p4-", True, ["p34-0", "p34-5", "p4-06", "p4-56"]),
        ("m123p340567s789z1", "p6-", True, ["p406-", "p456-", "p06-7", "p56-7"]),
        ("m123p456s789z1234", "m3_*-", True, ["m123-"]),
        ("m123p456s789z1234*", "m3-", True, []),
        ("s6789,m123-,p456-,z111+", "s6-", True, []),
        ("s6789,m123-,p456-,z111+", "s9-", True, []),
        ("s7889,m123-,p456-,z111+", "s8-", True, []),
        ("s6678999,m123-,p456-", "s6-", True, []),
        ("s6789,m123-,p456-,z111+", "s6-", False, ["s6-78"]),
        ("s7789,m123-,p456-,z111+", "s7-", False, ["s7-89"]),
        ("m123p456s789z1234", "z1-", True, []),
        ("m123p456s789z1234", "m1+", True, []),
    ],
)
def test_chi_options(hand: str, tile: str, check: bool, options: list[str] | None) -> None:
    assert H(hand).chi_options(tile, check) == options


@pytest.mark.parametrize(
    "hand, tile, options",
    [
        ("m112p456s789z12345", "m1+", None),
        ("m123p456s789z1234", "m1+", []),
        ("m112p456s789z1234", "m1+", ["m111+"]),
        ("m123p445s789z1234", "p4=", ["p444="]),
        ("m123p455s789z1234", "p0+", ["p550+"]),
        ("m123p405s789z1234", "p0+", ["p500+"]),
        ("m123p400s789z1234", "p0+", ["p000+"]),
        ("m123p055s789z1234", "p5=", ["p505=", "p555="]),
        ("m123p005s789z1234", "p5=", ["p005=", "p505="]),
        ("m123p000s789z1234", "p5=", ["p005="]),
        ("m112p456s789z1234", "m1_*+", ["m111+"]),
        ("m112p456s789z1234*", "m1+", []),
    ],
)
def test_pon_options(hand: str, tile: str, options: list[str] | None) -> None:
    assert H(hand).pon_options(tile) == options


@pytest.mark.parametrize(
    "hand, tile, options",
    [
        ("m111p456s789z12345", "m1+", None),
        ("m123p456s789z1122", "z1+", []),
        ("m111p456s789z1234", "m1+", ["m1111+"]),
        ("m123p555s789z1234", "p0+", ["p5550+"]),
        ("m123p055s789z1234", "p5+", ["p5505+"]),
        ("m123p000s789z1234", "p5+", ["p0005+"]),
        ("m111p456s789z1234*", "m1+", []),
        ("m1111p555s999z123", None, None),
        ("m11112p555s999,z333=,", None, None),
        ("m123p456s789z12345", None, []),
        ("m1111p456s789z1234", None, ["m1111"]),
        ("m123p0555s789z1234", None, ["p5550"]),
        ("m123p0055s789z1234", None, ["p5500"]),
        ("m1p456s789z4567,m111+", None, ["m111+1"]),
        ("m123p0s789z4567,p555=", None, ["p555=0"]),
        ("m1111p456s789z1234*", None, []),  # riichi: only the drawn tile's kind (z4 here)
        ("m111p456s789z1234m1*", None, ["m1111"]),
        ("m1p456s789z4567*,m111+", None, []),
    ],
)
def test_kan_options(hand: str, tile: str | None, options: list[str] | None) -> None:
    assert H(hand).kan_options(tile) == options


def test_option_tiles_need_a_direction() -> None:
    with pytest.raises(ValueError, match="needs a direction"):
        H("m123p456s789z1234").chi_options("m1")
    with pytest.raises(ValueError, match="'mm\\+' is not a tile"):
        H("m123p456s789z1234").pon_options("mm+")


def test_named_call_methods_check_the_shape() -> None:
    assert_refused("m45p456s789z11122", lambda h: h.chi("z111="), "is a pon, not a chi")
    assert_refused("m45p456s789z11122", lambda h: h.pon("m34-5"), "is a chi, not a pon")
    assert_refused("m45p456s789z11122", lambda h: h.open_kan("z111="), "is a pon, not a open kan")
    assert after("m45p456s789z11122", lambda h: h.chi("m3-45")) == "p456s789z11122,m3-45,"
    assert after("m123p456s789z1122z3", lambda h: h.declare_riichi("z3_")) == "m123p456s789z1122*"
