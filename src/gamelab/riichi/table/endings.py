"""How a hand ends without a winner, and who deals next: the steps of a post on majiang-core's rules.

In 「麻雀ルールのカスタマイズ(2) ～ 流局処理と連荘判断」 koba, the author of 電脳麻将 (majiang-core), reads four
methods of majiang-core's ``Game``: ``reply_dapai()`` (after a discard), ``pingju()`` (a draw, 流局),
``reply_zimo()`` (after a player draws from the wall) and ``hule()`` (a win, 和了). Each decision the post
shows is one small public function here, and the :class:`~gamelab.riichi.table.Table` makes it through a
:class:`RuleSteps`, so a table can play on other versions of them (a learner's, in lesson 05):

==========================  ============================================================================
step                        the post's code
==========================  ============================================================================
:func:`tenpai_at_draw`      ``pingju()``: who is tenpai when the wall is empty (ノーテン宣言あり)
:func:`noten_payments`      ``pingju()``: the noten penalty, 3000 points (ノーテン罰符)
:func:`is_nagashi`          ``pingju()``: a river of terminals and honours, none called (流し満貫)
:func:`nagashi_payments`    ``pingju()``: nagashi mangan paid as a self-drawn mangan
:func:`may_abort_nine`      ``reply_zimo()`` / ``allow_pingju()``: 九種九牌
:func:`is_four_winds`       ``reply_dapai()``: 四風連打
:func:`is_four_riichi`      ``reply_dapai()``: 四家立直
:func:`is_four_kans`        ``reply_dapai()``: 四開槓
:func:`ron_winners`         ``reply_dapai()``: who wins a discard (頭ハネ, ダブロン, トリロン)
:func:`is_three_rons`       ``reply_dapai()``: 三家和
:func:`repeats_after_win`   ``hule()``: the dealer repeat (連荘) after a win
:func:`repeats_after_draw`  ``pingju()``: the dealer repeat after a draw
:func:`one_hand_game`       ``hule()`` and ``pingju()``: the one-hand game (一局戦, 場数 0)
==========================  ============================================================================

:func:`exhaustive_draw` puts the first four together as ``pingju()`` does for the exhaustive draw.

Every step reads the rules as majiang-core's rule object, keyed by its Japanese names, as the post
reads ``this._rule['途中流局あり']`` (:attr:`Table.rule <gamelab.riichi.table.Table.rule>`). Seats are
majiang-core's: 0 is the dealer (East, 東), then South (南), West (西), North (北) in turn order.

>>> rule = Rules().to_majiang()
>>> noten_payments([True, False, False, True]), is_four_kans([2, 2, 0, 0], rule)
([1500, -1500, -1500, 1500], True)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import Hand, Rules, is_tenpai  # noqa: F401  (Rules: in the examples)

__all__ = ["RuleSteps", "ExhaustiveDraw", "exhaustive_draw", "tenpai_at_draw", "noten_payments", "is_nagashi",
           "nagashi_payments", "may_abort_nine", "is_four_winds", "is_four_riichi", "is_four_kans",
           "ron_winners", "is_three_rons", "repeats_after_win", "repeats_after_draw", "one_hand_game"]

Rule = Mapping[str, Any]


# -- 流局判断とノーテン罰符精算: the exhaustive draw and the noten penalty ------------------------------------
def tenpai_at_draw(hands: Sequence[Hand], declared: Sequence[str], rule: Rule) -> list[bool]:
    """Who counts as tenpai when the wall runs out (the loop of ``pingju()``), by seat.

    A hand counts when it is tenpai (:func:`~gamelab.riichi.is_tenpai`: shanten 0 and at least one
    tile left to wait for). Under ノーテン宣言あり a player must also declare it: one who did not
    (``declared[seat]`` is empty) and is not in riichi counts as noten.

    >>> hands = [Hand.from_string(h) for h in ("m22p12366s406789", "m4789p5789s1z1235",
    ...                                        "m1568p4s2359z4667", "m12345p33s333,m406-")]
    >>> tenpai_at_draw(hands, ["", "", "", ""], Rules().to_majiang())
    [True, False, False, True]
    >>> tenpai_at_draw(hands, ["", "", "", "-"], Rules(noten_declaration=True).to_majiang())
    [False, False, False, True]
    """
    tenpai = []
    for seat, hand in enumerate(hands):
        if rule["ノーテン宣言あり"] and not declared[seat] and not hand.riichi:
            tenpai.append(False)  # did not declare: noten, whatever the hand
        else:
            tenpai.append(is_tenpai(hand))
    return tenpai


def noten_payments(tenpai: Sequence[bool]) -> list[int]:
    """The noten penalty (ノーテン罰符) by seat: 3000 points from the noten players to the tenpai ones.

    Each tenpai player gets ``3000 / n_tingpai``, each noten player pays ``3000 / (4 - n_tingpai)``;
    nothing moves when all four or none are tenpai.

    >>> noten_payments([True, False, False, True]), noten_payments([False, False, False, True])
    ([1500, -1500, -1500, 1500], [-1000, -1000, -1000, 3000])
    """
    n = sum(1 for t in tenpai if t)
    if n in (0, 4):
        return [0, 0, 0, 0]
    return [3000 // n if t else -3000 // (4 - n) for t in tenpai]


# -- 流し満貫判断と精算: nagashi mangan ------------------------------------------------------------------------
def is_nagashi(river: Sequence[str]) -> bool:
    """Nagashi mangan (流し満貫): every discard a terminal or an honour, and none of them called.

    ``river`` holds the discards as the table writes them: ``'m9'``, ``'m9_'`` (the drawn tile
    discarded), ``'m9*'`` (riichi declared with it), and a ``+``, ``=`` or ``-`` at the end once
    another player called it (the post's ``all_yaojiu`` loop).

    >>> is_nagashi(['z1', 'm9_', 'p1*']), is_nagashi(['z1', 'm2']), is_nagashi(['z1-'])
    (True, False, False)
    """
    for p in river:
        if p[-1] in "+=-":
            return False  # called by another player
        if p[0] == "z" or p[1] in "19":
            continue  # an honour, or a terminal (a red five, m0, is neither)
        return False
    return True


def nagashi_payments(seat: int) -> list[int]:
    """What a nagashi mangan by ``seat`` pays, by seat: a mangan as if won by self-draw (12000 / 8000).

    >>> nagashi_payments(0), nagashi_payments(2)
    ([12000, -4000, -4000, -4000], [-4000, -2000, 8000, -2000])
    """
    if seat == 0:
        return [12000 if s == 0 else -4000 for s in range(4)]
    return [8000 if s == seat else -4000 if s == 0 else -2000 for s in range(4)]


@dataclass(frozen=True)
class ExhaustiveDraw:
    """The outcome of an exhaustive draw: its name, the hands laid open, the payments and who was tenpai."""

    name: str  # 荒牌平局, or 流し満貫
    shown: list[str]  # by seat: the hand string of a tenpai hand that is laid open, else ''
    payments: list[int]  # by seat (fenpei)
    tenpai: list[bool]  # by seat


def exhaustive_draw(hands: Sequence[Hand], rivers: Sequence[Sequence[str]], declared: Sequence[str], rule: Rule,
                    steps: RuleSteps | None = None) -> ExhaustiveDraw:
    """The exhaustive draw (荒牌平局): majiang-core's ``pingju()`` called without a name, when the wall is empty.

    ``declared`` holds, by seat, what a player declared tenpai with (empty: nothing). The steps are
    ``steps``' (the shipped ones by default).

    >>> hands = [Hand.from_string(h) for h in ("m22p12366s406789", "m4789p5789s1z1235",
    ...                                        "m1568p4s2359z4667", "m12345p33s333,m406-")]
    >>> exhaustive_draw(hands, [["m2"], ["m3"], ["m4"], ["m5"]], ["", "", "", ""], Rules().to_majiang()).payments
    [1500, -1500, -1500, 1500]
    """
    steps = steps if steps is not None else RuleSteps()
    # region tenpai
    tenpai = steps.tenpai_at_draw(hands, declared, rule)
    shown = []
    for seat, hand in enumerate(hands):
        # laid open if something depends on it: the penalty, a riichi, the dealer's tenpai under テンパイ連荘
        matters = rule["ノーテン罰あり"] or hand.riichi or (rule["連荘方式"] == 2 and seat == 0)
        shown.append(str(hand) if tenpai[seat] and matters else "")
    # endregion
    name = ""
    payments = [0, 0, 0, 0]
    # region nagashi
    if rule["流し満貫あり"]:
        for seat in range(4):
            if steps.is_nagashi(rivers[seat]):
                name = "流し満貫"  # several players may make it: their payments add up
                payments = [a + b for a, b in zip(payments, steps.nagashi_payments(seat))]
    # endregion
    # region noten
    if not name:
        name = "荒牌平局"
        if rule["ノーテン罰あり"]:
            payments = list(steps.noten_payments(tenpai))
    # endregion
    return ExhaustiveDraw(name, shown, payments, list(tenpai))


# -- 途中流局判断: the abortive draws ----------------------------------------------------------------------------
def may_abort_nine(hand: Hand, first_go_around: bool, rule: Rule) -> bool:
    """九種九牌: may the player who has just drawn stop the hand, holding nine different terminals and honours?

    Only on the first go-around (no call made yet, ``first_go_around``) and under 途中流局あり
    (majiang-core's ``allow_pingju()``, asked by ``reply_zimo()``).

    >>> may_abort_nine(Hand.from_string("m19p1s19z123456m23z7"), True, Rules().to_majiang())
    True
    >>> may_abort_nine(Hand.from_string("m1234519p1s19z123m7"), True, Rules().to_majiang())   # eight kinds
    False
    """
    if not (first_go_around and rule["途中流局あり"]):
        return False
    kinds = {t for t in hand.concealed_tiles() if t[0] == "z" or t[1] in "19"}
    return len(kinds) >= 9


def is_four_winds(discards: Sequence[str], rule: Rule) -> bool:
    """四風連打: the four first discards (by seat, no call made) are the same wind, 東 南 西 or 北 (z1-z4).

    A discard may carry ``_`` (the drawn tile) or ``*`` (riichi): ``'z1_'`` is still 東.
    Only under 途中流局あり.

    >>> is_four_winds(["z1", "z1_", "z1", "z1*"], Rules().to_majiang()), is_four_winds(["z5"] * 4, Rules().to_majiang())
    (True, False)
    """
    first = discards[0][:2]
    if first not in ("z1", "z2", "z3", "z4"):
        return False
    return rule["途中流局あり"] and all(p[:2] == first for p in discards)


def is_four_riichi(riichi: Sequence[int], rule: Rule) -> bool:
    """四家立直: all four players have declared riichi (``riichi[seat]``: 0 no, 1 riichi, 2 double riichi).

    Only under 途中流局あり.

    >>> is_four_riichi([1, 2, 1, 1], Rules().to_majiang()), is_four_riichi([1, 1, 1, 0], Rules().to_majiang())
    (True, False)
    """
    return sum(1 for r in riichi if r) == 4 and rule["途中流局あり"]


def is_four_kans(kans: Sequence[int], rule: Rule) -> bool:
    """四開槓: four kans made at the table, by more than one player (``kans[seat]``: each player's kans).

    One player with all four may still win 四槓子, so that hand goes on. Only under 途中流局あり.

    >>> is_four_kans([2, 1, 0, 1], Rules().to_majiang()), is_four_kans([4, 0, 0, 0], Rules().to_majiang())
    (True, False)
    """
    return sum(kans) == 4 and max(kans) < 4 and rule["途中流局あり"]


def ron_winners(discarder: int, claims: Sequence[int], rule: Rule) -> list[int]:
    """Who wins a discard that several players claim (ロン), in the order ``reply_dapai()`` reads them.

    The replies are read from the discarder's next seat round the table (下家, 対面, 上家). With
    最大同時和了数 1 only the first claimant wins (頭ハネ, head bump); with 2 or 3 every claimant does
    (ダブロン, トリロン; three claims under 2 abort the hand: :func:`is_three_rons`).

    >>> ron_winners(2, [0, 1, 3], Rules().to_majiang())
    [3, 0, 1]
    >>> ron_winners(2, [0, 1], Rules(max_winners=1).to_majiang())
    [0]
    """
    winners = [(discarder + i) % 4 for i in (1, 2, 3) if (discarder + i) % 4 in claims]
    if rule["最大同時和了数"] == 1:
        return winners[:1]
    return winners


def is_three_rons(winners: Sequence[int], rule: Rule) -> bool:
    """三家和: three players win the same discard and 最大同時和了数 is 2 (so the hand is aborted).

    This one does not depend on 途中流局あり.

    >>> is_three_rons([1, 2, 3], Rules().to_majiang()), is_three_rons([1, 2, 3], Rules(max_winners=3).to_majiang())
    (True, False)
    """
    return len(winners) == 3 and rule["最大同時和了数"] == 2


# -- 連荘判断: the dealer repeat -----------------------------------------------------------------------------------
def repeats_after_win(seat: int, rule: Rule) -> bool:
    """After a win by ``seat``: does the dealer keep the seat (連荘)? (``hule()``)

    Under every 連荘方式 but 0 (連荘なし), a win by the dealer (seat 0) repeats the hand.

    >>> repeats_after_win(0, Rules().to_majiang()), repeats_after_win(1, Rules().to_majiang())
    (True, False)
    """
    return rule["連荘方式"] > 0 and seat == 0


def repeats_after_draw(abortive: bool, dealer_tenpai: bool, rule: Rule) -> bool:
    """After a draw: does the dealer keep the seat (連荘)? (``pingju()``)

    Every abortive draw (途中流局) repeats. After an exhaustive draw: under テンパイ連荘 (連荘方式 2) if the
    dealer is tenpai, under ノーテン連荘 (3) always, under 0 and 1 never.

    >>> repeats_after_draw(False, True, Rules().to_majiang()), repeats_after_draw(False, False, Rules().to_majiang())
    (True, False)
    """
    if abortive:
        return True
    return (rule["連荘方式"] == 2 and dealer_tenpai) or rule["連荘方式"] == 3


def one_hand_game(repeats: bool, won: bool, rule: Rule) -> bool:
    """The one-hand game (一局戦, 場数 0) overrides the dealer repeat: a win ends it, a draw replays the hand.

    ``repeats`` is the decision so far, ``won`` whether the hand ended with a win.

    >>> one_hand = Rules(rounds=0).to_majiang()
    >>> one_hand_game(True, True, one_hand), one_hand_game(False, False, one_hand)
    (False, True)
    >>> one_hand_game(True, True, Rules().to_majiang())
    True
    """
    if rule["場数"] == 0:
        return not won
    return repeats


# -- the table's hooks --------------------------------------------------------------------------------------------
@dataclass(frozen=True)
class RuleSteps:
    """The steps a :class:`~gamelab.riichi.table.Table` runs its draws and dealer repeats on.

    The shipped functions by default; give another version of any of them (same arguments, same
    answers expected) and the table plays on it:

    >>> from gamelab.riichi.table import Table
    >>> steps = RuleSteps(noten_payments=lambda tenpai: [0, 0, 0, 0])   # a house rule: no noten penalty
    >>> Table(steps=steps).steps.noten_payments([True, False, False, False])
    [0, 0, 0, 0]
    """

    tenpai_at_draw: Callable[[Sequence[Hand], Sequence[str], Rule], Sequence[bool]] = tenpai_at_draw
    noten_payments: Callable[[Sequence[bool]], Sequence[int]] = noten_payments
    is_nagashi: Callable[[Sequence[str]], bool] = is_nagashi
    nagashi_payments: Callable[[int], Sequence[int]] = nagashi_payments
    may_abort_nine: Callable[[Hand, bool, Rule], bool] = may_abort_nine
    is_four_winds: Callable[[Sequence[str], Rule], bool] = is_four_winds
    is_four_riichi: Callable[[Sequence[int], Rule], bool] = is_four_riichi
    is_four_kans: Callable[[Sequence[int], Rule], bool] = is_four_kans
    ron_winners: Callable[[int, Sequence[int], Rule], Sequence[int]] = ron_winners
    is_three_rons: Callable[[Sequence[int], Rule], bool] = is_three_rons
    repeats_after_win: Callable[[int, Rule], bool] = repeats_after_win
    repeats_after_draw: Callable[[bool, bool, Rule], bool] = repeats_after_draw
    one_hand_game: Callable[[bool, bool, Rule], bool] = one_hand_game

    def replace(self, **changes: Callable[..., Any]) -> RuleSteps:
        """A copy with some steps changed.

        >>> RuleSteps().replace(is_nagashi=lambda river: False).changed()
        ['is_nagashi']
        """
        unknown = sorted(set(changes) - set(RuleSteps.__dataclass_fields__))
        if unknown:
            raise ValueError(f"{unknown[0]!r} is not a step; the steps are {', '.join(RuleSteps.__dataclass_fields__)}")
        return dataclasses.replace(self, **changes)

    def changed(self) -> list[str]:
        """The steps that are not the shipped ones.

        >>> RuleSteps(is_nagashi=lambda river: False).changed()
        ['is_nagashi']
        """
        shipped = RuleSteps.__dataclass_fields__
        return [name for name, f in shipped.items() if getattr(self, name) is not f.default]

    def __repr__(self) -> str:
        changed = self.changed()
        return f"RuleSteps({', '.join(changed) + ' changed' if changed else 'shipped'})"

