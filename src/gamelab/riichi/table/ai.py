"""Computer players: discard towards a lower shanten with acceptance counting, riichi, calls, folding.

:class:`Bot` is a plain, readable player, good enough to make simulations meaningful (hands are won,
dealt into, drawn; riichi is declared; yakuhai are called) and quick enough for thousands of hands:

* **discard** – for each legal discard, the shanten (向聴数) of what is left; among the lowest, the one
  that leaves the most *acceptance* (受け入れ: unseen copies of the tiles that would lower the
  shanten again), then the least valuable tile (honours and terminals first, dora last);
* **riichi** when that discard leaves a closed hand tenpai;
* **win** whenever the table allows it; **九種九牌** with nine or ten orphan kinds (not eleven);
* **calls** – pon of a dragon or a value wind, and, once the hand is open with a value pon or on an
  all-simples line, any chi or pon that lowers the shanten; no open kan; a closed kan of honours or
  of a kind the hand does not otherwise use;
* **fold** (ベタオリ) when another player is in riichi and the hand is two or more from tenpai:
  discard tiles that player has discarded (現物) first, then honours seen often, then terminals.

Bots read the table directly but only what a seated player could see (their own hand, the rivers,
the melds, the indicators); majiang-core's ``Player`` keeps the same information from messages.

>>> from gamelab.riichi.table import Table
>>> table = Table(players=[Bot(seed=i) for i in range(4)], qijia=0, seed=7, rules={'場数': 0}).run()
>>> table.is_over
True
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Sequence

from .. import WinContext, dora_from_indicator, shanten_of_counts
from ..hand import PLAIN_WEIGHT, Hand, meld_info, over_four
from ..scoring import ron_points
from .tactics import (
    EARLY_DISCARDS,
    HAZARD,
    KIND_NAMES,
    KIND_STEP,
    KIND_SUIT,
    Danger,
    Shape,
    chance_from,
    counts_of_keys,
    estimate_value,
    keys_of_packed,
    kind_of,
    reach_then_win,
    ready_at_draw,
    ready_win,
    still_ready_at_draw,
    turn_win,
    waits_of,
    yaku_shanten,
)

if TYPE_CHECKING:
    from .engine import Reply, Table

__all__ = ["Bot", "Tuning", "counts34", "kind_index", "ShantenCounter", "LEVELS", "DEFAULT_LEVEL"]

#: the bot levels a table offers, weakest first
LEVELS = ("easy", "normal")
DEFAULT_LEVEL = "normal"

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
_KINDS = [f"{s}{n}" for s in "mps" for n in range(1, 10)] + [f"z{n}" for n in range(1, 8)]


def kind_index(tile: str) -> int:
    """Index 0..33 of a tile's kind (red five = five).

    >>> kind_index('m1'), kind_index('p0'), kind_index('z7')
    (0, 13, 33)
    """
    return _SUIT_BASE[tile[0]] + (int(tile[1]) or 5) - 1


def counts34(hand: Hand) -> list[int]:
    """The concealed tiles of a :class:`~gamelab.riichi.Hand` as 34 counts (red fives as fives)."""
    return counts_of_keys(keys_of_packed(hand.packed))


class ShantenCounter:
    """Counts shanten calls: wrap the bot's shanten function to measure what a hand costs."""

    def __init__(self) -> None:
        self.calls = 0

    def __call__(self, counts: Sequence[int], n_melds: int) -> int:
        self.calls += 1
        return shanten_of_counts(counts, n_melds)


def _neighbours(counts: list[int]) -> list[int]:
    """Kinds that could lower the shanten: those in hand and their neighbours within two (same suit)."""
    near = set()
    for k, c in enumerate(counts):
        if not c:
            continue
        near.add(k)
        if k < 27:
            base = k - k % 9
            for d in (-2, -1, 1, 2):
                if base <= k + d < base + 9:
                    near.add(k + d)
    return sorted(near)


class Bot:
    """A computer player (see the module docstring). ``seed``/``rng`` break ties reproducibly.

    ``shanten`` may be replaced (e.g. by a :class:`ShantenCounter`) to measure its cost.
    """

    def __init__(self, seed: int | None = None, rng: random.Random | None = None,
                 shanten: Callable[[Sequence[int], int], int] = shanten_of_counts, name: str = "bot", breadth: int = 4, level: str = DEFAULT_LEVEL,
                 tuning: "Tuning | None" = None) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.level = level
        self.rng = rng if rng is not None else random.Random(seed)
        self.breadth = breadth  # how many equally low-shanten discards get their acceptance counted
        self.shanten = shanten
        self.name = name
        self.tuning = tuning if tuning is not None else Tuning()
        self._record = _Record()
        self._normal = _Normal(self)

    def __repr__(self) -> str:
        return f"<Bot {self.name}>"

    # ------------------------------------------------------------------ replies

    def reply(self, table: "Table", seat: int, message: str) -> "Reply":
        if self.level != "easy":
            return self._reply_normal(table, seat, message)
        if message in ("zimo", "gangzimo") and seat == table.turn:
            return self._own_draw(table, seat)
        if message == "fulou" and seat == table.turn:
            return {"dapai": self._choose_discard(table, seat, table.discard_options(seat))}
        if message == "dapai" and seat != table.turn:
            return self._on_discard(table, seat)
        if message == "gang" and seat != table.turn and table.can_win(seat):
            return {"hule": "-"}
        return {}

    def _reply_normal(self, table: "Table", seat: int, message: str) -> "Reply":
        if message in ("zimo", "gangzimo") and seat == table.turn:
            if table.can_win(seat):
                return {"hule": "-"}
            hand = table.hands[seat]
            if table.can_abort_nine() and _aborts_nine(hand):
                return {"daopai": "-"}
            kans = table.kan_options(seat)
            if hand.riichi:
                return {"gang": kans[0]} if kans else {}
            if kans and not any(table.riichi[s] for s in range(4) if s != seat):
                for m in kans:
                    if self._kan_is_free(table, seat, m):
                        return {"gang": m}
            choice, riichi = self._normal.discard(table, seat, table.discard_options(seat))
            return {"dapai": choice + ("*" if riichi else "")}
        if message == "fulou" and seat == table.turn:
            return {"dapai": self._normal.discard(table, seat, table.discard_options(seat))[0]}
        if message == "dapai" and seat != table.turn:
            if table.can_win(seat):
                return {"hule": "-"}
            if table.may_hide_tenpai(seat):
                return {"daopai": "-"}
            if table.hands[seat].riichi or table.tiles_left == 0:
                return {}
            return self._normal.call(table, seat)
        if message == "gang" and seat != table.turn and table.can_win(seat):
            return {"hule": "-"}
        return {}

    def _own_draw(self, table: "Table", seat: int) -> "Reply":
        if table.can_win(seat):
            return {"hule": "-"}
        hand = table.hands[seat]
        if table.can_abort_nine() and _aborts_nine(hand):
            return {"daopai": "-"}
        if hand.riichi:
            kans = table.kan_options(seat)
            return {"gang": kans[0]} if kans else {}
        kans = table.kan_options(seat)
        if kans and not self._folding(table, seat):
            for m in kans:
                if self._kan_is_free(table, seat, m):
                    return {"gang": m}
        options = table.discard_options(seat)
        choice = self._choose_discard(table, seat, options)
        riichi = table.riichi_options()
        if choice + "*" in riichi:
            return {"dapai": choice + "*"}
        return {"dapai": choice}

    def _on_discard(self, table: "Table", seat: int) -> "Reply":
        if table.can_win(seat):
            return {"hule": "-"}
        if table.may_hide_tenpai(seat):
            return {"daopai": "-"}  # always show a tenpai hand at the draw
        hand = table.hands[seat]
        if hand.riichi or table.tiles_left == 0 or self._folding(table, seat):
            return {}
        options = table.pon_options(seat)
        if seat == (table.turn + 1) % 4:
            options = options + table.chi_options(seat)
        if not options:
            return {}
        counts = counts34(hand)
        n_melds = len(hand.melds)
        now = self.shanten(counts, n_melds)
        value_pon = self._has_value_pon(table, seat)
        for meld in options:
            is_pon = meld[1] == meld[2] or meld.replace("0", "5")[1] == meld.replace("0", "5")[2]
            kind = kind_index(meld[0] + _called_digit(meld))
            if not (value_pon or (is_pon and self._is_value(table, seat, kind)) or self._simples_line(table, seat, meld)):
                continue
            after = counts[:]
            for digit in _own_digits(meld):
                after[kind_index(meld[0] + digit)] -= 1
            best = min(self.shanten(_minus(after, k), n_melds + 1) for k, c in enumerate(after) if c)
            if best < now:
                return {"fulou": meld}
        return {}

    # ------------------------------------------------------------------ judgement

    def _is_value(self, table: "Table", seat: int, kind: int) -> bool:
        """Dragons, the round wind and the seat wind (役牌)."""
        return kind >= 31 or kind == 27 + table.round_wind or kind == 27 + seat

    def _has_value_pon(self, table: "Table", seat: int) -> bool:
        return any(m[0] == "z" and self._is_value(table, seat, kind_index(m[:2])) for m in table.hands[seat].melds)

    def _simples_line(self, table: "Table", seat: int, meld: str) -> bool:
        """Is the hand heading for all simples (断幺九) with this call?"""
        if not table.rules.open_tanyao:
            return False
        hand = table.hands[seat]
        if any(_has_orphan(m) for m in hand.melds + (meld,)):
            return False
        counts = counts34(hand)
        orphans = sum(c for k, c in enumerate(counts) if k >= 27 or k % 9 in (0, 8))
        return orphans <= 2

    def _folding(self, table: "Table", seat: int) -> bool:
        if not any(table.riichi[s] for s in range(4) if s != seat):
            return False
        hand = table.hands[seat]
        counts = counts34(hand)
        n = self.shanten(counts, len(hand.melds)) if sum(counts) % 3 == 1 else min(
            self.shanten(_minus(counts, k), len(hand.melds)) for k, c in enumerate(counts) if c)
        return n >= 2

    def _kan_is_free(self, table: "Table", seat: int, meld: str) -> bool:
        """A closed/added kan that does not spoil the hand: honours, or four tiles nothing else needs."""
        if len(meld) != 5 or not meld[1:].isdigit():
            return meld[0] == "z"  # added kan: only of honours (their pon is complete anyway)
        if meld[0] == "z":
            return True
        hand = table.hands[seat]
        counts = counts34(hand)
        kind = kind_index(meld[:2])
        best = min(self.shanten(_minus(counts, k), len(hand.melds)) for k, c in enumerate(counts) if c)
        after = counts[:]
        after[kind] -= 4
        return self.shanten(after, len(hand.melds) + 1) <= best

    def _choose_discard(self, table: "Table", seat: int, options: list[str]) -> str:
        """The discard to make (see the module docstring)."""
        hand = table.hands[seat]
        counts = counts34(hand)
        n_melds = len(hand.melds)
        by_kind: dict[int, list[str]] = {}
        for p in options:
            by_kind.setdefault(kind_index(p), []).append(p)
        if self._folding(table, seat):
            return self._safest(table, seat, by_kind)
        unseen = self._unseen(table, seat, counts)
        dora = {kind_index(dora_from_indicator(t)) for t in table.wall.dora_indicators} if table.wall else set()
        scored = []
        for kind, spellings in by_kind.items():
            after = _minus(counts, kind)
            scored.append((self.shanten(after, n_melds), kind, spellings, after))
        low = min(s[0] for s in scored)
        # acceptance is the costly part: count it for the few least valuable candidates only
        candidates = sorted((s for s in scored if s[0] == low),
                            key=lambda s: _tile_value(s[1], counts, dora, table, seat))[:self.breadth]
        best_key = None
        best_choice = options[-1]
        for n, kind, spellings, after in candidates:
            accept = 0
            if len(candidates) > 1:
                for k in _neighbours(after):
                    if unseen[k] and after[k] < 4:
                        after[k] += 1
                        if self.shanten(after, n_melds) < n:
                            accept += unseen[k]
                        after[k] -= 1
            key = (accept, -_tile_value(kind, counts, dora, table, seat), self.rng.random())
            if best_key is None or key > best_key:
                best_key = key
                # prefer the plain copy over a red five, and the tile from hand over the drawn one
                plain = [p for p in spellings if p[1] != "0"]
                best_choice = (plain or spellings)[0]
        return best_choice

    def _unseen(self, table: "Table", seat: int, counts: list[int]) -> list[int]:
        seen = counts[:]
        for s in range(4):
            for p in table.rivers[s].tiles:
                if p[-1] not in "+=-":  # a called tile is counted in its meld
                    seen[kind_index(p)] += 1
            for m in table.hands[s].melds:
                for digit in _all_digits(m):
                    seen[kind_index(m[0] + digit)] += 1
        if table.wall is not None:
            for t in table.wall.dora_indicators:
                seen[kind_index(t)] += 1
        return [max(0, 4 - x) for x in seen]

    def _safest(self, table: "Table", seat: int, by_kind: dict[int, list[str]]) -> str:
        """The safest discard against the players in riichi (現物, then honours, terminals)."""
        threats = [s for s in range(4) if s != seat and table.riichi[s]]
        seen = [0] * 34
        for s in range(4):
            for p in table.rivers[s].tiles:
                seen[kind_index(p)] += 1

        def danger(kind: int) -> float:
            tile = _KINDS[kind]
            if all(table.rivers[s].contains(tile) for s in threats):
                return 0.0
            if kind >= 27:
                return 1.0 + (3 - min(seen[kind], 3))
            n = kind % 9
            return 5.0 if n in (0, 8) else 8.0 if n in (1, 7) else 10.0

        best = min(by_kind, key=lambda k: (danger(k), self.rng.random()))
        spellings = by_kind[best]
        plain = [p for p in spellings if p[1] != "0"]
        return (plain or spellings)[0]


def _minus(counts: list[int], kind: int) -> list[int]:
    out = counts[:]
    out[kind] -= 1
    return out


def _tile_value(kind: int, counts: list[int], dora: set[int], table: "Table", seat: int) -> float:
    """How much a tile is worth keeping, to break ties between equally good discards."""
    value = 0.0
    if kind in dora:
        value += 3
    if kind >= 27:
        if kind >= 31 or kind == 27 + table.round_wind or kind == 27 + seat:
            value += 1 if counts[kind] >= 2 else 0.5
        return value + counts[kind]
    n = kind % 9
    value += 1 if n in (0, 8) else 2 if n in (1, 7) else 3
    base = kind - n
    near = sum(counts[j] for j in range(max(base, kind - 2), min(base + 9, kind + 3)) if j != kind)
    return value + 2 * min(near, 2) + 2 * (counts[kind] - 1)


def _called_digit(meld: str) -> str:
    found = re.search(r"(\d)[\+\=\-]", meld)
    return found.group(1) if found else meld[1]


def _own_digits(meld: str) -> list[str]:
    return re.findall(r"\d(?![\+\=\-])", meld)


def _all_digits(meld: str) -> list[str]:
    return [c for c in meld[1:] if c.isdigit()]


def _has_orphan(meld: str) -> bool:
    return meld[0] == "z" or any(c in "19" for c in meld[1:] if c.isdigit())


# ==================================================================================================
# The normal level


class _Record:
    """The public record of the current hand as one seat reads it: tiles in sight, safe tiles, riichi."""

    def __init__(self) -> None:
        self.hand = -1
        self.events: list[dict[str, Any]] = []  # the current hand's events (a new list for each hand, at each table)
        self.position = 0
        self.visible = [0] * 34  # discards, melds (tiles from hands) and dora indicators
        self.safe: list[set[int]] = [set(), set(), set(), set()]  # kinds each seat cannot win on now
        self.in_riichi = [False] * 4
        self.discards = [0, 0, 0, 0]
        self.early: list[list[int]] = [[], [], [], []]  # each seat's first discards, up to its riichi

    def update(self, table: "Table") -> "_Record":
        log = table.paipu["log"]
        if len(log) - 1 != self.hand or log[-1] is not self.events:  # a new hand (or the bot at a new table)
            self.__init__()  # type: ignore[misc]
            self.hand = len(log) - 1
            self.events = log[-1]
        events = self.events
        visible, safe, riichi = self.visible, self.safe, self.in_riichi
        for event in events[self.position:]:
            if "dapai" in event:
                body = event["dapai"]
                k = kind_of(body["p"])
                visible[k] += 1
                safe[body["l"]].add(k)
                self.discards[body["l"]] += 1
                if self.discards[body["l"]] <= EARLY_DISCARDS and not riichi[body["l"]]:
                    self.early[body["l"]].append(k)
                for o in range(4):
                    if riichi[o]:
                        safe[o].add(k)  # passed by a player in riichi
                if body["p"].endswith("*"):
                    riichi[body["l"]] = True
            elif "fulou" in event:
                meld = event["fulou"]["m"]
                for digit in re.findall(r"\d(?![\+\=\-])", meld):
                    visible[kind_of(meld[0] + digit)] += 1
            elif "gang" in event:
                meld = event["gang"]["m"]
                if re.match(r"^[mpsz]\d{4}$", meld):
                    for digit in meld[1:]:
                        visible[kind_of(meld[0] + digit)] += 1
                else:
                    k = kind_of(meld[0] + meld[-1])
                    visible[k] += 1
                    for o in range(4):
                        if riichi[o]:
                            safe[o].add(k)
            elif "qipai" in event:
                visible[kind_of(event["qipai"]["baopai"])] += 1
            elif "kaigang" in event:
                visible[kind_of(event["kaigang"]["baopai"])] += 1
        self.position = len(events)
        return self


class _Look:
    """One seat's view of its hand at a decision (counts, keys, what is unseen, dora, threats)."""

    def __init__(self, bot: "Bot", table: "Table", seat: int) -> None:
        self.table = table
        self.seat = seat
        tuning = self.tuning = bot.tuning
        hand = table.hands[seat]
        self.hand = hand
        record = bot._record.update(table)
        self.record = record
        self.keys = keys_of_packed(hand.packed)
        self.counts = counts_of_keys(self.keys)
        self.melds = hand.melds
        self.n_melds = len(self.melds)
        self.closed = hand.is_closed
        self.unseen = [4 - v - c if v + c < 4 else 0 for v, c in zip(record.visible, self.counts)]
        self.pool = max(1, sum(self.unseen))
        self.tiles_left = table.tiles_left
        wall = table.wall
        self.dora = _dora_kinds(wall.dora_indicators) if wall is not None else ()
        packed = hand.packed
        self.reds = (packed & 15) + ((packed >> 40) & 15) + ((packed >> 80) & 15)
        self.red_suits = "".join(s for s, shift in (("m", 0), ("p", 40), ("s", 80)) if (packed >> shift) & 15)
        self.round_wind = table.round_wind
        self.rules = table.rules
        self.threats = self._threats(table, seat)
        # others' ready hands shorten the hand: each riichi makes another's win likelier each turn
        self.hazard = HAZARD + tuning.riichi_hazard * sum(1 for o in range(4) if o != seat and table.riichi[o])
        self.danger = Danger(seat, self.unseen, record.safe, record.early, self.threats)
        self.tenpai_pay = tuning.tenpai_pay if table.rules.noten_penalty else 0.0
        self.wait_sums: dict[int, int] = {}
        # a riichi, or an open hand likely ready (three calls, late in the deal): enough to stop calling
        # with a hand far from ready
        self.pressing = any(ready >= tuning.stop_calls for ready, _ in self.threats.values())

    def _threats(self, table: "Table", seat: int) -> dict[int, tuple[float, float]]:
        out: dict[int, tuple[float, float]] = {}
        for o in range(4):
            if o == seat:
                continue
            dealer = 1.5 if o == 0 else 1.0
            if table.riichi[o]:
                out[o] = (1.0, self.tuning.riichi_loss * dealer)
                continue
            melds = table.hands[o].melds
            # two calls stay on the list at chance 0 (``open_ready``): no tile is dangerous because of
            # them, but the discard still weighs every kind, as under threat (how it was measured)
            if len(melds) >= 2:
                dora_in = _dora_in(tuple(melds), self.dora)
                ready = self.tuning.open_ready[min(len(melds), 3)] * (1.0 if self.tiles_left < 40 else 0.5)
                out[o] = (ready, (2600 + 1500 * dora_in) * dealer)
        return out

    def value(self, counts: Sequence[int], extra_melds: Sequence[str] = (), closed: bool | None = None) -> float:
        melds = tuple(self.melds) + tuple(extra_melds)
        return estimate_value(counts, melds, self.closed if closed is None else closed, self.dora, self.reds,
                              self.round_wind, self.seat, self.rules.open_tanyao)


_DORA_IN: dict[tuple[tuple[str, ...], tuple[int, ...]], int] = {}


def _dora_in(melds: tuple[str, ...], dora: tuple[int, ...]) -> int:
    """How many dora an opponent's melds show (worked out once per melds and dora)."""
    found = _DORA_IN.get((melds, dora))
    if found is None:
        if len(_DORA_IN) > 10_000:
            _DORA_IN.clear()
        found = _DORA_IN[(melds, dora)] = sum(1 for m in melds for ch in m[1:] if ch.isdigit() and kind_of(m[0] + ch) in dora)
    return found


_DORA_KINDS: dict[tuple[str, ...], tuple[int, ...]] = {}


def _dora_kinds(indicators: tuple[str, ...]) -> tuple[int, ...]:
    """The dora's kinds from the indicators shown (worked out once per set of indicators)."""
    found = _DORA_KINDS.get(indicators)
    if found is None:
        if len(_DORA_KINDS) > 10_000:
            _DORA_KINDS.clear()
        found = _DORA_KINDS[indicators] = tuple(kind_of(dora_from_indicator(t)) for t in indicators)
    return found


@dataclass(frozen=True)
class Tuning:
    """The normal level's judgement in numbers (the defaults are what the riichi-peer bench measured)."""

    #: how much a call is preferred to the same chance × points kept closed (a call that brings the hand
    #: nearer ready, since ``nearer_tempo``). 2.0 (was 1.0, 1 Dec 2026):
    #: bot-only, 1,000 games (seeds 1,000-1,999), 2.6 calls a hand instead of 1.4, exhaustive draws
    #: 16.8 % instead of 18.9 % (majiang-ai 12-17 % on three sets of seeds); against majiang-ai, mean
    #: rank 2.522 instead of 2.558 on the bench's seeds 0-99 and 2.488 instead of 2.493 on seeds
    #: 5,000-5,149, deal-ins still below majiang-ai's. Against the bots with 1.0 it is no better (2.493 and
    #: 2.567 on two sets of 1,000 games). The chance model sees a call's speed only through the hand's
    #: acceptance; against majiang-ai, calling twice as readily pays a little.
    tempo: float = 2.0
    #: the tempo bonus only for a call that brings the hand nearer ready; a call that leaves the shanten
    #: as it was, or raises it, is judged against the closed hand at face value (2 Dec 2026; before, every
    #: call had the bonus). In the records of 400 games against majiang-ai (seeds 0-99 and 9,200-9,299)
    #: our bots called 2,994 times to its 2,459, and 1,081 of those calls left the hand no nearer ready
    #: (its 493): 237 calls from a ready hand (its 51), 74 of them breaking the wait for a hand a step
    #: away (its 0), such as a closed 中 triplet waiting on m2 that chis p1 with p23 out of p234. With it,
    #: on the same seeds: 2,116 calls to its 2,343, 51 from a ready hand, 9 breaking it; riichi in 23.2 % of the
    #: hands instead of 20.9 % (majiang-ai 25 %), open hands winning 33.7 % of the time instead of 29.7 %.
    #: Against majiang-ai (200 games a set, seats swapped), mean rank with it and, in brackets, without:
    #: seeds 0-99 (the bench's) 2.490 (2.510), 9,000-9,099 2.4525 (2.4625), 9,100-9,199 2.530 (2.5275),
    #: 9,200-9,299 2.400 (2.4625): 2.468 against 2.491 over the 800 games; deal-ins 0.125 / 0.132 /
    #: 0.142 / 0.123 against majiang-ai's 0.135 / 0.142 / 0.132 / 0.148. Bot-only exhaustive draws
    #: 12.8 % instead of 13.5 % on seeds 0-199 (majiang-ai 12.4 %), 13.9 % instead of 14.0 % on 200-999.
    nearer_tempo: bool = True
    #: from this shanten on, calls are judged by the shanten towards a yaku alone (see ``yaku_shanten``)
    far: int = 3
    #: how much likelier, per turn, the hand ends by another's win for each player in riichi
    riichi_hazard: float = 0.0
    #: far from ready (two steps or more), points count as (points / 2000) ** far_value
    far_value: float = 1.0
    #: what a deal-in to a riichi is taken to cost (times 1.5 against the dealer): less than the true
    #: average, as pushing a ready hand also keeps the riichi player from winning by self-draw
    riichi_loss: float = 4000.0
    #: how likely an open hand is ready, by its number of calls (0, 1, 2, 3+), halved early in the hand.
    #: majiang-ai defends against riichi only. Only three calls count now (was (0, 0, 0.3, 0.55) until
    #: 2 Dec 2026): in the records of 600 games against majiang-ai (seeds 9,000-9,299), with no riichi on
    #: the table, our open hands one step or more from ready stepped back (a discard that raises the
    #: shanten) in 139 of 2,299 discards when an opponent had two calls, 0 of 7,069 otherwise (majiang-ai:
    #: 7 of 2,259 and 15 of 6,639); the two-call defence gave away more wins than it saved deal-ins.
    #: Against majiang-ai (``play_mixed``, 200 games a set, seats swapped), mean rank with (0, 0, 0, 0.55)
    #: and, in brackets, with (0, 0, 0.3, 0.55): seeds 0-99 (the bench's) 2.510 (2.498), 9,000-9,099
    #: 2.4625 (2.5025), 9,100-9,199 2.5275 (2.5675), 9,200-9,299 2.4625 (2.530), 5,100-5,199 2.5975
    #: (2.6025): 2.512 against 2.540 over the 1,000 games, better on four sets of five; deal-ins per
    #: player-hand 0.120 / 0.137 / 0.143 / 0.118 / 0.130 against majiang-ai's 0.138 / 0.140 / 0.136 /
    #: 0.154 / 0.131. Bot-only exhaustive draws 13.5 % instead of 14.9 % on seeds 0-199 (majiang-ai
    #: 12.4 %) and 14.0 % instead of 15.1 % on seeds 200-999. Halving the two-call defence instead,
    #: (0, 0, 0.15, 0.3): 2.550 on seeds 9,000-9,099. Defending against no open hand at all, measured
    #: with older settings: bot-only draws about 3 points fewer, but against majiang-ai mean rank 2.525
    #: instead of 2.488 (300 games, seeds 5,000-5,149) and 2.615 instead of 2.522 on seeds 0-99.
    open_ready: tuple[float, float, float, float] = (0.0, 0.0, 0.0, 0.55)
    #: how much a tile's danger counts against the hand's chance × points: ready, one step away, and
    #: further (a hand two steps or more away folds; a ready hand pushes all but the worst tiles).
    #: Bot-only, 1,000 games (seeds 1,000-1,999), ready_risk 0.3 gives 15.9 % draws instead of 16.8 % and
    #: one_risk 1.0 14.0 % (1.5: 15.7 %), for more deal-ins (0.129, 0.136, 0.130 instead of 0.128); against
    #: majiang-ai ready_risk 0.3 loses (300 games, seeds 5,000-5,149: mean rank 2.510 instead of 2.488,
    #: deal-ins 0.141 against its 0.136). On the bench's seeds 0-199, bot-only (1 Dec 2026): draws 17.8 %
    #: with 0.3, 17.3 % with 0.1 and 16.6 % with 0.0 (a ready hand that never folds), against 20.1 %: folding
    #: ready hands makes less than half of the gap to majiang-ai's 12.4 %. one_risk 1.0 on the bench's games
    #: (1 Dec 2026): bot-only draws 16.4 % (seeds 0-199); against majiang-ai (200 games, seeds 0-99) mean
    #: rank 2.495 instead of 2.522, but deal-ins 0.134 against its 0.130 (0.125 against 0.130 with 2.0).
    #: With ``exact_value`` (1 Dec 2026, sixth session) ready hands fold less: ready_risk 0.3 instead of
    #: 0.6. On the bench's games, bot-only draws 14.3 % instead of 16.0 % (seeds 0-199; majiang-ai 12.4 %);
    #: against majiang-ai (200 games, seeds 0-99, seats swapped) mean rank 2.4975 either way (2.530 and
    #: 2.465 on the two halves), deal-ins 0.127 against its 0.130 (0.1215 against 0.1335 with 0.6). The
    #: other ways to fold less, tried the same day with ``exact_value``: one_risk 1.0, bot-only draws 13.9 %
    #: but mean rank 2.5025 and deal-ins 0.129 against 0.128; one_risk 1.5, 15.1 % and mean rank 2.525.
    #: All these ranks are within each other's noise (±0.09 over 200 games); 0.3 was the one setting that
    #: met all three goals on the bench's games, and it was chosen on those games. On fresh games (seeds
    #: 5,000-5,099, 200 games) it reads mean rank 2.5475 (2.545 on seeds 5,000-5,049, where the settings
    #: before this session read 2.520), deal-ins 0.130 against majiang-ai's 0.140: pooled with the bench's
    #: 200, 2.5225 over 400 games. The rank is unchanged within noise; the draws and deal-ins gained.
    ready_risk: float = 0.3
    one_risk: float = 2.0
    far_risk: float = 4.0
    #: a hand two steps or more from ready stops calling once an opponent is this likely ready
    stop_calls: float = 0.5
    #: what being ready at an exhaustive draw is worth, times the chance that the wall runs out with the
    #: hand ready and not yet won (ノーテン罰符: between ready and not ready the payments differ by 2,500
    #: to 3,000 points, whatever the others hold; nothing without ノーテン罰あり). Off by default: it
    #: trades the deal-in rate for fewer draws, as folding less does (``open_ready``, ``one_risk``).
    #: Measured on 1 Dec 2026 with 1,500: bot-only, 400 games (seeds 1,000-1,399), exhaustive draws
    #: 12.6 % instead of 16.7 %, deal-ins 0.140 instead of 0.127, 3.1 calls a hand instead of 2.7, 2.2
    #: players ready at a draw instead of 1.4; on the bench's seeds 0-199, 15.5 % draws instead of 20.1 %.
    #: Two such bots against two without it (800 games, seeds 3,000-3,399, seats swapped): mean rank
    #: 2.485 (1,000: 2.477; 2,500: 2.550, deal-ins 0.151 against 0.113: a hand pushed for the payment
    #: alone deals in too often); counting the payment only when nobody threatens: 2.525 and no fewer
    #: draws (17.3 %), so the gain is all in pushing a ready hand against a riichi. Against majiang-ai
    #: on the bench's 200 games (seeds 0-99, seats swapped): mean rank 2.540 instead of 2.522, deal-ins
    #: 0.138 against its 0.132 instead of 0.125 against 0.130.
    tenpai_pay: float = 0.0
    #: a ready hand that wins at least this much on every wait without riichi stays hidden (dama 黙聴),
    #: times 1.5 for the dealer
    dama_points: float = 7700.0
    #: a ready hand's value (and that of each ready hand a hand one step away can reach) scored for real
    #: on each of its waits, riichi counted when the hand is closed, as majiang-ai does; a wait without a
    #: yaku does not count as a wait. Off, the value is :func:`estimate_value`'s guess from the tiles (no
    #: pinfu, no fu, every wait counted). Measured 1 Dec 2026 (sixth session), with ready_risk 0.6: against
    #: majiang-ai on the bench's 200 games (seeds 0-99, seats swapped) mean rank 2.4975 instead of 2.522,
    #: deal-ins 0.1215 against its 0.1335 (0.125 against 0.130), wins 0.205 a player-hand; bot-only (seeds
    #: 0-199) draws 16.0 % instead of 20.1 %, deal-ins 0.125 instead of 0.118; about 8 % more CPU a hand.
    exact_value: bool = True
    #: calls judged as discards are: a hand one step from ready (before or after the call) by the ready
    #: hands each useful draw leads to, each wait scored with ``exact_value``; off, by the quick figure (a
    #: step a turn at the share of useful draws, five waits, :func:`estimate_value`). Measured 1 Dec 2026
    #: (seventh session), first on games the defaults were not chosen on: against majiang-ai, seats
    #: swapped, mean rank 2.485 instead of 2.5475 on seeds 5,000-5,099 (200 games), 2.4975 either way on
    #: the bench's seeds 0-99 (deal-ins 0.119 against its 0.136, instead of 0.127 against 0.130); over the
    #: 400 games 2.491 instead of 2.5225, game by game 0.031 lower (standard error 0.028). Bot-only draws
    #: 14.9 % on seeds 0-199 (14.3 % off; majiang-ai 12.4 %); about 10 % more CPU a hand. Of 17 calls
    #: judged differently in six bot-only games, it declined 11 of the 14 made two steps from ready and
    #: took all 3 one step away.
    deep_calls: bool = True
    # Tried 2 Dec 2026, not kept: playing the last hand (オーラス) for the final place instead of points
    # (a win or a deal-in counted by the places it gains or loses, 8,000 points a place, plus a quarter
    # of its points; riichi when it gains a place that dama would not). Two such bots against two without
    # it: mean rank 2.489 over 4,000 games (seeds 20,000-21,999, seats swapped; standard error 0.005); but
    # against majiang-ai on the bench's 200 games 2.500 instead of 2.4975 (46 games differ: 19 better,
    # 27 worse), and bot-only draws 15.5 % instead of 14.9 % (seeds 0-199) and 15.4 % instead of 15.1 %
    # (seeds 200-999), as leaders fold. Counting as well that, without its win, another player may win
    # and pass it (each with chance 0.2, 6,000 points) did worse against the bots (2.500 against 2.491
    # on the same first 1,364 games).
    #
    # 2 Dec 2026 (later): where the gap to majiang-ai is. These defaults against it, seats swapped, 200
    # games a set: mean rank 2.4975 on the bench's seeds 0-99, 2.485, 2.6025, 2.5025, 2.5675 and 2.530 on
    # seeds 5,000-5,099, 5,100-5,199, 9,000-9,099, 9,100-9,199 and 9,200-9,299: 2.531 over the 1,200
    # games (standard error 0.018), deal-ins lower or equal in each set where they were counted (all but
    # 5,000-5,099). On seeds 9,000-9,099 the bots'
    # riichi hands win more often than majiang-ai's (44 % against 40 %), but their open hands less: 29 %
    # against 36 % of the hands opened (806 and 784), and less at every shanten the first call leaves
    # (ready 49 % against 58 %, one step 31 % against 36 %, two 24 % against 31 %); more often another
    # player wins first. Not because they fold more (discards that step back under a riichi: about as
    # often as majiang-ai's), nor because of worse acceptance (as many improving tiles at each shanten,
    # counted against the hand alone), nor ready hands without a yaku (16 of 1,334 open ready discards,
    # bot-only). Three changes aimed at it, none kept (mean rank on seeds 9,000-9,099, then 5,000-5,099):
    # - the tempo of a call counted only for a closed hand (an open hand calls again only when that
    #   gains): second and third calls that leave the hand a step from ready fell from 266 and 46 to 155
    #   and 17 (majiang-ai 183 and 17), bot-only draws 13.9 % instead of 14.9 % (seeds 0-199); 2.5025, the
    #   same (the second set not run);
    # - an open hand with no yaku in sight at two steps or more (all its discards valued 0, 10 % of those
    #   decisions) choosing the fastest discard instead of the tile order: 2.480 and 2.505 (-0.0225, +0.02);
    # - an open hand's speed counting who can be called on (majiang-ai's ``eval_fulou``: a kind held twice
    #   from three players, a chi kind from one; weighted to the former 1.5 x on average): 2.520 and 2.515
    #   (+0.0175, +0.03), and its open hands won no more often.

    def risk_weight(self, shanten: int) -> float:
        return self.ready_risk if shanten <= 0 else self.one_risk if shanten == 1 else self.far_risk


# a kind whose draw leaves the hand one discard from ready, with (waits, value) of each ready hand
# its discards then leave (see _Normal._reachable)
_Reach = tuple[int, list[tuple[list[int], float]]]


class _Normal:
    """The normal level's decisions (see the module docstring of ``tactics.py``)."""

    def __init__(self, bot: "Bot") -> None:
        self.bot = bot
        self.tuning = bot.tuning
        # keyed by the hand: its four suit keys, its number of melds, the melds imagined (extra) and its red fives
        self._tenpai: dict[tuple[int, int, int, int, int, Sequence[str], int], tuple[list[int], float]] = {}
        self._values: dict[tuple[int, int, int, int, Sequence[str], int], float] = {}  # no number of melds
        self._deep: dict[tuple[int, int, int, int, int, Sequence[str], int], list[_Reach]] = {}
        self._kinds: dict[tuple[int, int, int, int, int], list[int]] = {}  # the tiles alone
        self._contexts: dict[bool, WinContext] = {}
        self._hand_events: list[dict[str, Any]] = []  # the hand (its events) and the number of dora the caches are for
        self._dora_count = 0

    # --------------------------------------------------------------- hand speed and value

    def _tenpai_info(self, look: _Look, keys: Sequence[int], n_melds: int, extra: Sequence[str] = ()) -> tuple[list[int], float]:
        """Waits and value of a ready hand given by its keys: scored per wait with ``exact_value``,
        estimated otherwise (cached for the hand)."""
        key = (keys[0], keys[1], keys[2], keys[3], n_melds, extra, look.reds)
        found = self._tenpai.get(key)
        if found is None:
            if self.tuning.exact_value:
                found = self._tenpai[key] = self._scored_waits(look, keys, n_melds, extra)
            else:
                found = self._tenpai[key] = (waits_of(keys, n_melds), self._value(look, keys, extra))
        return found

    def _scored_waits(self, look: _Look, keys: Sequence[int], n_melds: int, extra: Sequence[str]) -> tuple[list[int], float]:
        """The waits that win with a yaku, and their mean points, scored for real (riichi when closed)."""
        closed = look.closed and not extra
        hand = hand_of_keys(keys, look.red_suits, look.reds, tuple(look.melds) + tuple(extra))
        if hand is None:
            return [], 0.0  # a draw imagined with every copy in sight
        context = self._context(look, riichi=closed)
        good = []
        total = 0.0
        for w in waits_of(keys, n_melds):
            points = _win_points(hand, w, context)
            if points:
                good.append(w)
                total += points
        return good, (total / len(good) if good else 0.0)

    def _reachable(self, look: _Look, keys: list[int], n_melds: int, extra: Sequence[str]) -> list[_Reach]:
        """For a hand one step from ready: each kind whose draw makes it ready, with the ready hands its
        discards then leave, as :meth:`_tenpai_info` gives them (waits, value) (cached for the hand: it
        depends on the tiles only)."""
        key = (keys[0], keys[1], keys[2], keys[3], n_melds, extra, look.reds)
        found = self._deep.get(key)
        if found is not None:
            return found
        found = []
        for t in self._improving_kinds(keys, n_melds):
            s = KIND_SUIT[t]
            keys[s] += KIND_STEP[t]
            after = Shape(keys, n_melds)
            outcomes = []
            for d in after.keeping():  # t made the hand one discard from ready: the discards that stay ready
                if d == t:
                    continue
                ds = KIND_SUIT[d]
                keys[ds] -= KIND_STEP[d]
                outcomes.append(self._tenpai_info(look, keys, n_melds, extra))
                keys[ds] += KIND_STEP[d]
            keys[s] -= KIND_STEP[t]
            found.append((t, outcomes))
        self._deep[key] = found
        return found

    def _improving_kinds(self, keys: Sequence[int], n_melds: int) -> list[int]:
        """The kinds whose draw brings the hand a step nearer ready. They depend on the tiles alone, so
        they are worked out once per hand shape (cached for the hand)."""
        key = (keys[0], keys[1], keys[2], keys[3], n_melds)
        kinds = self._kinds.get(key)
        if kinds is None:
            kinds = self._kinds[key] = Shape(keys, n_melds).improvers()
        return kinds

    def _accept(self, keys: Sequence[int], n_melds: int, unseen: Sequence[int]) -> int:
        """Unseen copies of the kinds that bring the hand a step nearer ready."""
        return sum(map(unseen.__getitem__, self._improving_kinds(keys, n_melds)))

    def _fresh(self, look: _Look) -> None:
        """Forget the cached hands when a new hand (or a new dora) begins, or when they pile up."""
        if (look.record.events is not self._hand_events or len(look.dora) != self._dora_count
                or len(self._tenpai) + len(self._values) > 50000):
            self._tenpai = {}
            self._values = {}
            self._deep = {}
            self._kinds = {}
            self._contexts = {}
            self._hand_events = look.record.events
            self._dora_count = len(look.dora)

    def _value(self, look: _Look, keys: Sequence[int], extra: Sequence[str] = ()) -> float:
        """Estimated points of a hand given by its keys (cached for the hand)."""
        key = (keys[0], keys[1], keys[2], keys[3], extra, look.reds)
        found = self._values.get(key)
        if found is None:
            found = self._values[key] = look.value(counts_of_keys(keys), extra, closed=look.closed and not extra)
        return found

    def _offence(self, look: _Look, keys: list[int], n_melds: int, shanten: int, extra: Sequence[str] = (),
                 deep: bool = True) -> tuple[float, float, float]:
        """(chance to win, points if it wins, no-ten payments kept) of a hand waiting for a draw, given by
        its keys.

        The chance comes from :func:`chance_from`: a step towards ready each turn with the share of
        useful draws (more for an open hand, which can also call them), a win each turn once ready
        with :func:`turn_win` of its waits, and the hand ending meanwhile by another's win. One step
        away (``deep``), the waits and value are those of the best ready hand each useful draw leads
        to; further away, five waits and an estimated value. The third figure is what the hand expects
        from being ready when the wall runs out (:func:`still_ready_at_draw`, :func:`ready_at_draw`; nothing two steps or more away).
        """
        unseen = look.unseen
        pool = look.pool
        turns = max(0, look.tiles_left // 4)
        hazard = look.hazard
        if shanten == 0:
            waits, value = self._tenpai_info(look, keys, n_melds, extra)
            win = turn_win(sum(map(unseen.__getitem__, waits)), pool)
            pay = look.tenpai_pay
            return ready_win(win, turns, hazard), value, pay * still_ready_at_draw(win, turns, hazard) if pay else 0.0
        accept = self._accept(keys, n_melds, unseen)
        if not accept:
            return 0.0, 0.0, 0.0
        open_hand = bool(extra) or not look.closed
        step = min(0.9, accept / pool * (1.5 if open_hand else 1.0))
        if shanten == 1 and deep:
            chance_sum = 0.0
            value_sum = 0.0
            draw_sum = 0.0
            pay = look.tenpai_pay
            stay = (1.0 - step) * (1.0 - hazard)
            # unseen copies of each wait list, counted once per decision (the lists live in the caches)
            wait_sums = look.wait_sums
            for t, outcomes in self._reachable(look, keys, n_melds, extra):
                left_t = unseen[t]
                if not left_t:
                    continue
                best_ev = -1.0
                best_waiting = best_value = 0.0
                for waits, value in outcomes:
                    waiting = wait_sums.get(id(waits))
                    if waiting is None:
                        waiting = wait_sums[id(waits)] = sum(map(unseen.__getitem__, waits))
                    if t in waits:
                        waiting -= 1
                    if waiting * value > best_ev:
                        best_ev = waiting * value
                        best_waiting, best_value = waiting, value
                win = turn_win(best_waiting, pool)
                # ready after j turns (chance stay^(j-1) * share of t), then win in the turns left
                first = left_t / accept * step * (1.0 - hazard)
                chance = reach_then_win(first, stay, win, turns, hazard)
                chance_sum += chance
                value_sum += chance * best_value
                if pay:
                    draw_sum += ready_at_draw(first, stay, win, turns, hazard)
            if not chance_sum:
                return 0.0, 0.0, pay * draw_sum
            return chance_sum, value_sum / chance_sum, pay * draw_sum
        value = self._value(look, keys, extra)
        if self.tuning.far_value != 1.0 and value > 0:
            value = 2000.0 * (value / 2000.0) ** self.tuning.far_value  # far from ready, speed counts more than points
        return chance_from(shanten, step, turn_win(5.5, pool), turns, hazard), value, 0.0

    # --------------------------------------------------------------- discards

    def discard(self, table: "Table", seat: int, options: list[str], look: _Look | None = None) -> tuple[str, bool]:
        """The discard, and whether to declare riichi with it."""
        look = look or _Look(self.bot, table, seat)
        self._fresh(look)
        hand = look.hand
        by_kind: dict[int, list[str]] = {}
        for p in options:
            by_kind.setdefault(kind_index(p), []).append(p)
        keys = look.keys[:]
        n_melds = look.n_melds
        whole = Shape(keys, n_melds)
        after = whole.after_discards()
        shantens = {kind: after[kind] for kind in by_kind}
        low = min(shantens.values())
        threatened = look.danger.active
        # the kinds worth evaluating: the fastest, and (under threat) every kind as a way out
        considered = [k for k in by_kind if shantens[k] == low]
        if threatened:
            considered = list(by_kind)
        elif low == 1 and len(considered) > 5:
            quick = []
            for kind in considered:
                s, step = KIND_SUIT[kind], KIND_STEP[kind]
                keys[s] -= step
                accept = self._accept(keys, n_melds, look.unseen)
                keys[s] += step
                quick.append((accept + 0.001 * _tile_keep(kind, look), kind))
            quick.sort(reverse=True)
            considered = [k for _, k in quick[:5]]
        best_kind = considered[0]
        best_score = -math.inf
        gains: dict[int, float] = {}
        for kind in sorted(considered, key=lambda k: shantens[k]):
            shanten = shantens[kind]
            if shanten == 0:
                chance, value, draw = self._ready_offence(look, kind)
                gain = chance * value + draw
            elif shanten > low:
                # a step back: worth a share of the best of the fastest (it matters only to break ties
                # between equally safe tiles when folding)
                gain = 0.3 * max(gains.values(), default=0.0) if shanten == low + 1 else 0.0
            else:
                s, step = KIND_SUIT[kind], KIND_STEP[kind]
                spellings = by_kind[kind]  # the only copy to let go is a red five:
                red = spellings[0][1] == "0" and all(p[1] == "0" for p in spellings)
                keys[s] -= step
                look.reds -= red
                chance, value, draw = self._offence(look, keys, n_melds, shanten)
                look.reds += red
                keys[s] += step
                gain = chance * value + draw
            gains[kind] = gain
            risk = look.danger.of(kind) * self.tuning.risk_weight(shanten) if threatened else 0.0
            score = gain - risk - 0.01 * _tile_keep(kind, look) + 0.001 * self.bot.rng.random()
            if score > best_score:
                best_score = score
                best_kind = kind
        spellings = by_kind[best_kind]
        plain = [p for p in spellings if p[1] != "0"]
        choice = (plain or spellings)[0]
        riichi = False
        if shantens[best_kind] == 0 and look.closed and not hand.riichi:
            riichi = self._wants_riichi(look, choice)
        return choice, riichi

    def _ready_offence(self, look: _Look, kind: int) -> tuple[float, float, float]:
        """Chance, points and no-ten payments kept of the ready hand left by discarding ``kind``, scored
        for real per wait."""
        tile = KIND_NAMES[kind]
        hand = _without(look.hand, tile)  # judge the 13 tiles that stay
        context = self._context(look, riichi=look.closed)
        waiting = 0
        points = 0.0
        for w in waits_of(keys_of_packed(hand.packed), look.n_melds):
            left = look.unseen[w]
            if not left:
                continue
            value = _win_points(hand, w, context)
            if value:
                waiting += left
                points += left * value
        turns = look.tiles_left // 4
        win = turn_win(waiting, look.pool) if waiting else 0.0
        draw = look.tenpai_pay * still_ready_at_draw(win, turns, look.hazard)
        if not waiting:
            return 0.0, 0.0, draw
        return ready_win(win, turns, look.hazard), points / waiting, draw

    def _context(self, look: _Look, riichi: bool) -> WinContext:
        """What the scoring needs to know of the table, made once per hand and dora (with and without riichi)."""
        found = self._contexts.get(riichi)
        if found is None:
            wall = look.table.wall
            found = self._contexts[riichi] = WinContext(
                rules=look.rules, round_wind=look.round_wind, seat_wind=look.seat, riichi=1 if riichi else 0,
                dora_indicators=wall.dora_indicators if wall is not None else ())
        return found

    def _wants_riichi(self, look: _Look, choice: str) -> bool:
        """Riichi unless the hand wins enough without it (dama 黙聴) and is not made stronger by it."""
        table = look.table
        if choice + "*" not in table.riichi_options():
            return False
        hand = _without(look.hand, choice[:2])
        context = self._context(look, riichi=False)
        values = []
        for w in waits_of(keys_of_packed(hand.packed), look.n_melds):
            values.append(_win_points(hand, w, context))
        if not values or min(values) == 0:
            return True  # riichi is the yaku
        enough = self.tuning.dama_points * (1.5 if look.seat == 0 else 1.0)
        return min(values) < enough

    # --------------------------------------------------------------- calls

    def call(self, table: "Table", seat: int) -> "Reply":
        options = table.pon_options(seat)
        if seat == (table.turn + 1) % 4:
            options = options + table.chi_options(seat)
        if not options:
            return {}
        look = _Look(self.bot, table, seat)
        self._fresh(look)
        keys = look.keys[:]
        n_melds = look.n_melds
        now = Shape(keys, n_melds).shanten
        if look.pressing and now >= 2:
            return {}
        if now >= self.tuning.far:
            return self._far_call(look, options)
        deep = self.tuning.deep_calls
        chance, value, draw = self._offence(look, keys, n_melds, now, deep=deep)
        keep = chance * value + draw
        best, best_score = None, 0.0
        seen: set[str] = set()
        for meld in options:
            shape = meld.replace("0", "5")
            if shape in seen:
                continue
            seen.add(shape)
            own = [kind_of(meld[0] + d) for d in re.findall(r"\d(?![\+\=\-])", meld)]
            for k in own:
                keys[KIND_SUIT[k]] -= KIND_STEP[k]
            gain, after = self._after_call(look, keys, n_melds + 1, meld, deep)
            for k in own:
                keys[KIND_SUIT[k]] += KIND_STEP[k]
            # the tempo bonus (``tempo``) goes to a call that brings the hand nearer ready (``nearer_tempo``)
            tempo = self.tuning.tempo if after < now or not self.tuning.nearer_tempo else 1.0
            if gain > keep / tempo and gain * tempo > best_score:
                best, best_score = meld, gain * tempo
        return {"fulou": best} if best else {}

    def _far_call(self, look: _Look, options: list[str]) -> "Reply":
        """Far from ready, call when the call brings a hand with a yaku closer (the value honour pon, the
        chi on the way to all simples or one suit), judged by :func:`yaku_shanten`."""
        values = {31, 32, 33, 27 + look.round_wind, 27 + look.seat}
        open_tanyao = look.rules.open_tanyao
        now = yaku_shanten(look.counts, look.melds, look.closed, values, look.unseen, open_tanyao)
        best, best_shanten = None, now
        for meld in options:
            counts = list(look.counts)
            for d in re.findall(r"\d(?![\+\=\-])", meld):
                counts[kind_of(meld[0] + d)] -= 1
            melds = tuple(look.melds) + (meld,)
            called = kind_of(meld[0] + _called_digit(meld))
            for k in range(34):
                if not counts[k] or k == called:
                    continue
                counts[k] -= 1
                after = yaku_shanten(counts, melds, False, values, look.unseen, open_tanyao)
                counts[k] += 1
                if after < best_shanten:
                    best, best_shanten = meld, after
        return {"fulou": best} if best else {}

    def _after_call(self, look: _Look, keys: list[int], n_melds: int, meld: str, deep: bool) -> tuple[float, int]:
        """The best chance × points after calling ``meld`` (the hand then discards one of its kinds), and
        the shanten it is left at; ``deep``: a hand one step from ready judged by the ready hands it can
        reach (see :meth:`_offence`)."""
        called = kind_of(meld[0] + _called_digit(meld))
        best = 0.0
        shape = Shape(keys, n_melds)
        options = [(shanten, d) for d, shanten in shape.after_discards().items()]
        if not options:
            return 0.0, 99
        lowest = min(o[0] for o in options)
        for shanten, d in options:
            if shanten != lowest or (d == called):
                continue
            s, step = KIND_SUIT[d], KIND_STEP[d]
            keys[s] -= step
            chance, value, draw = self._offence(look, keys, n_melds, shanten, extra=(meld,), deep=deep)
            keys[s] += step
            gain = chance * value + draw - (look.danger.of(d) * self.tuning.risk_weight(shanten) if look.danger.active else 0.0)
            best = max(best, gain)
        return best, lowest


def _win_points(hand: Hand, wait: int, context: WinContext) -> int:
    """The points of winning on a discard of kind ``wait``: 0 without a yaku, or for a fifth copy (a
    shape no draw can make)."""
    return ron_points(hand, KIND_NAMES[wait] + "+", context)


def hand_of_keys(keys: Sequence[int], red_suits: str, reds: int, melds: tuple[str, ...]) -> Hand | None:
    """The concealed tiles of four suit keys as a :class:`Hand` with ``melds`` and no drawn tile, up to
    ``reds`` of its fives red (one in each suit of ``red_suits`` that holds a five, m, p, s in turn);
    None where the hand and its melds would hold a fifth copy of a tile (``Hand.from_string`` refuses it).

    >>> str(hand_of_keys(keys_of_packed(Hand.from_string("m055p123s5z11").packed), "ms", 2, ("z222=",)))
    'm055p123s0z11,z222='
    """
    packed = keys[0] << 4 | keys[1] << 44 | keys[2] << 84 | keys[3] << 124  # hand.py's nibbles
    for suit, shift in (("m", 0), ("p", 40), ("s", 80)):
        if reds > 0 and suit in red_suits and (packed >> shift + 20) & 15:
            packed += 1 << shift  # one of the fives is red
            reds -= 1
    if melds:
        total = packed
        for meld in melds:
            info = meld_info(meld)
            assert info is not None  # the hand's own melds, and calls the table offered
            total += info[2]
        if over_four(total):
            return None
    # the tiles held: in base 16 a number's digits add up to it modulo 15, and no suit holds 15 tiles
    return Hand.of_parts(packed, keys[0] % 15 + keys[1] % 15 + keys[2] % 15 + keys[3] % 15, melds)


def _count(keys: Sequence[int], kind: int) -> int:
    return (keys[KIND_SUIT[kind]] // KIND_STEP[kind]) & 15


def _without(hand: Hand, tile: str) -> Hand:
    """The 13 tiles that stay when ``tile`` goes (a plain copy before a red five), nothing drawn."""
    suit, n = tile[0], int(tile[1])
    plain = n != 5 or suit == "z" or hand.count(f"{suit}5") > hand.count(f"{suit}0")
    packed = hand.packed - PLAIN_WEIGHT[f"{suit}{n}" if plain else f"{suit}0"]
    return Hand.of_parts(packed, hand.concealed_count - 1, hand.melds, None, hand.riichi, hand.hidden)


def _tile_keep(kind: int, look: _Look) -> float:
    """How much a tile is worth keeping when the figures tie: dora, value honours, middle tiles."""
    value = 0.0
    if kind in look.dora:
        value += 3
    if kind >= 27:
        if kind >= 31 or kind == 27 + look.round_wind or kind == 27 + look.seat:
            value += 1
        return value
    n = kind % 9
    return value + (0.5 if n in (0, 8) else 1.5 if n in (1, 7) else 2.0)


def _aborts_nine(hand: Hand) -> bool:
    """Both levels call 九種九牌 (abort on nine kinds of terminals and honours) unless the hand holds
    eleven or more kinds, near enough to go for thirteen orphans."""
    orphans = sum(1 for k, c in enumerate(counts34(hand)) if c and (k >= 27 or k % 9 in (0, 8)))
    return orphans < 11
