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

import random
import re
from typing import TYPE_CHECKING, Sequence

from .. import dora_from_indicator, shanten_of_counts

if TYPE_CHECKING:
    from .engine import Reply, Table

__all__ = ["Bot", "counts34", "kind_index", "ShantenCounter", "LEVELS", "DEFAULT_LEVEL"]

#: the bot levels a table offers, weakest first
LEVELS = ("easy",)
DEFAULT_LEVEL = "easy"

_SUIT_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
_KINDS = [f"{s}{n}" for s in "mps" for n in range(1, 10)] + [f"z{n}" for n in range(1, 8)]


def kind_index(tile: str) -> int:
    """Index 0..33 of a tile's kind (red five = five).

    >>> kind_index('m1'), kind_index('p0'), kind_index('z7')
    (0, 13, 33)
    """
    return _SUIT_BASE[tile[0]] + (int(tile[1]) or 5) - 1


def counts34(hand) -> list[int]:
    """The concealed tiles of a :class:`~gamelab.riichi.Hand` as 34 counts (red fives as fives)."""
    out = []
    for suit in "mps":
        out += hand.counts(suit)[1:10]
    out += hand.counts("z")[1:8]
    return out


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
                 shanten=shanten_of_counts, name: str = "bot", breadth: int = 4, level: str = DEFAULT_LEVEL) -> None:
        if level not in LEVELS:
            raise ValueError(f"level must be one of {', '.join(LEVELS)}, not {level!r}")
        self.level = level
        self.rng = rng if rng is not None else random.Random(seed)
        self.breadth = breadth  # how many equally low-shanten discards get their acceptance counted
        self.shanten = shanten
        self.name = name

    def __repr__(self) -> str:
        return f"<Bot {self.name}>"

    # ------------------------------------------------------------------ replies

    def reply(self, table: "Table", seat: int, message: str) -> "Reply":
        if message in ("zimo", "gangzimo") and seat == table.turn:
            return self._own_draw(table, seat)
        if message == "fulou" and seat == table.turn:
            return {"dapai": self._choose_discard(table, seat, table.discard_options(seat))}
        if message == "dapai" and seat != table.turn:
            return self._on_discard(table, seat)
        if message == "gang" and seat != table.turn and table.can_win(seat):
            return {"hule": "-"}
        return {}

    def _own_draw(self, table: "Table", seat: int) -> "Reply":
        if table.can_win(seat):
            return {"hule": "-"}
        hand = table.hands[seat]
        if table.can_abort_nine():
            orphans = sum(1 for k, c in enumerate(counts34(hand)) if c and (k >= 27 or k % 9 in (0, 8)))
            if orphans < 11:
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
