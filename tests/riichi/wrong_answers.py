"""One plausible learner mistake for every exercise of lesson 05 (riichi rules), as real functions.

``WRONG[exercise_id]`` is a wrong body a learner could write; ``check(exercise(id)(WRONG[id]))`` fails, and
its report draws the first failing case with at least one mark (the lesson's and the shared tests hold it
to that). Each comment says what the mistake is.
"""

from __future__ import annotations

from typing import Any, Callable

from gamelab.riichi import shanten, waits


def rule_defaults(param=None):
    rule = {"途中流局あり": True, "流し満貫あり": True, "ノーテン宣言あり": False, "ノーテン罰あり": True,
            "最大同時和了数": 2, "連荘方式": 2}
    rule.update(param)                              # raises when no param is given (None)
    return rule


def is_tenpai(hand):
    return shanten(hand) == 0                       # forgets that a wait may be used up (all four in hand)


def tenpai_at_draw(hands, declared, rule):
    return [shanten(h) == 0 and len(waits(h)) > 0 for h in hands]   # ignores ノーテン宣言あり


def noten_payments(tenpai):
    n = sum(tenpai)
    share = 3000 // n                               # divides by zero when nobody is tenpai
    return [share if t else -3000 // (4 - n) for t in tenpai]


def is_nagashi(river):
    return all(d[0] == "z" or d[1] in "19" for d in river)      # forgets the called discards


def nagashi_payments(seat):
    return [8000 if s == seat else -4000 if s == 0 else -2000 for s in range(4)]   # the dealer gets 8000 too


def may_abort_nine(hand, first_go_around, rule):
    yaojiu = [t for t in hand.concealed_tiles() if t[0] == "z" or t[1] in "19"]
    return first_go_around and rule["途中流局あり"] and len(yaojiu) >= 9   # counts tiles, not kinds


def is_four_winds(discards, rule):
    first = discards[0]                             # compares "z1" with "z1_": the suffix makes them differ
    return rule["途中流局あり"] and first[0] == "z" and first[1] in "1234" and all(d == first for d in discards)


def is_four_riichi(riichi, rule):
    return rule["途中流局あり"] and all(r == 1 for r in riichi)   # forgets double riichi (2)


def is_four_kans(kans, rule):
    return rule["途中流局あり"] and sum(kans) == 4   # forgets that one player's four kans go on (四槓子)


def ron_winners(discarder, claims, rule):
    winners = sorted(claims)                        # seat order, not turn order after the discarder
    return winners[:1] if rule["最大同時和了数"] == 1 else winners


def is_three_rons(winners, rule):
    return len(winners) == 3                        # ignores 最大同時和了数


def repeats_after_win(seat, rule):
    return seat == 0                                # ignores 連荘方式 0 (no dealer repeat)


def repeats_after_draw(abortive, dealer_tenpai, rule):
    mode = rule["連荘方式"]                          # forgets that an abortive draw always repeats
    return mode == 3 or (mode == 2 and dealer_tenpai)


def one_hand_game(repeats, won, rule):
    return False if rule["場数"] == 0 else repeats   # forgets that a draw replays the one hand


WRONG: dict[str, Callable[..., Any]] = {
    "riichi.rule_defaults": rule_defaults,
    "riichi.is_tenpai": is_tenpai,
    "riichi.tenpai_at_draw": tenpai_at_draw,
    "riichi.noten_payments": noten_payments,
    "riichi.is_nagashi": is_nagashi,
    "riichi.nagashi_payments": nagashi_payments,
    "riichi.may_abort_nine": may_abort_nine,
    "riichi.is_four_winds": is_four_winds,
    "riichi.is_four_riichi": is_four_riichi,
    "riichi.is_four_kans": is_four_kans,
    "riichi.ron_winners": ron_winners,
    "riichi.is_three_rons": is_three_rons,
    "riichi.repeats_after_win": repeats_after_win,
    "riichi.repeats_after_draw": repeats_after_draw,
    "riichi.one_hand_game": one_hand_game,
}
