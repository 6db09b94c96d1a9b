"""A player's hand (手牌 shoupai): concealed tiles, open melds, the drawn tile and riichi.

The text form is majiang-core's (``Shoupai.toString``): concealed tiles grouped by suit in the order
m, p, s, z, digits ascending with a red ``0`` just before the fives, the drawn tile last with its own
suit letter, ``*`` after the concealed part once riichi is declared, then the melds after commas in
the order they were made, and a trailing comma right after a chi or pon (the caller must discard).

>>> hand = Hand.from_string("m123p456s789z1122")
>>> hand.draw("z1")
>>> str(hand)
'm123p456s789z1122z1'
>>> hand.discard("z2")
>>> str(hand)
'm123p456s789z1112'

Every action checks first and changes the hand only when legal; an illegal one raises
:class:`~gamelab.errors.IllegalMove` saying why, and a malformed string raises ``ValueError``
naming the bad part.

How the counts are kept: majiang-core keeps four arrays of counts (``m``, ``p``, ``s`` with ten
entries, index 0 counting the red fives that index 5 counts too, and ``z`` with eight). Here the same
38 numbers are packed into one Python integer, four bits each: ``m0``…``m9`` in bits 0–39, ``p0``…
in bits 40–79, ``s0``… in bits 80–119, ``z0``…``z7`` in bits 120–151. Adding a tile is adding its
*weight* (``1 << 4 * position``; a red five adds at both 0 and 5), so a hand of fourteen tiles is
one ``sum`` done in C, a copy is free, and the shanten tables look each suit up by a slice of bits.
:meth:`Hand.counts` unpacks a suit into majiang-core's array.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Iterable, Iterator

from ..errors import IllegalMove
from .tiles import SUITS, canonical_meld_type, check_tile, is_tile, meld_type, normalize_meld

__all__ = ["Hand"]

_GROUP_RE = re.compile(r"[mpsz]\d+|_")

# ------------------------------------------------------------------ the packed counts

#: first 4-bit position of each suit in the packed counts
_BASE = {"m": 0, "p": 10, "s": 20, "z": 30}
_SHIFT = {suit: 4 * base for suit, base in _BASE.items()}
_LENGTH = {"m": 10, "p": 10, "s": 10, "z": 8}
_NIBBLES = 38
EIGHTS = int("8" * _NIBBLES, 16)
THREES = int("3" * _NIBBLES, 16)
_SUIT_MASK = {suit: (1 << 4 * _LENGTH[suit]) - 1 for suit in SUITS}


def _weight_of(suit: str, n: int) -> int:
    weight = 1 << 4 * (_BASE[suit] + n)
    return weight | (1 << 4 * (_BASE[suit] + 5)) if n == 0 else weight


#: digit -> weight, per suit (``z`` has no 0, 8 or 9)
DIGIT_WEIGHT: dict[str, dict[str, int]] = {
    suit: {str(n): _weight_of(suit, n) for n in (range(1, 8) if suit == "z" else range(10))} for suit in SUITS
}
#: a face-down tile ``_`` is counted in a nibble of its own above the 38 counts (cleared once read)
_HIDDEN_SHIFT = 4 * _NIBBLES
_KNOWN_MASK = (1 << _HIDDEN_SHIFT) - 1
#: every tile string a hand accepts, suffixes included (``m1``, ``p0_*=``…) -> its weight
WEIGHT: dict[str, int] = {"_": 1 << _HIDDEN_SHIFT}
for _suit, _digits in DIGIT_WEIGHT.items():
    for _digit, _w in _digits.items():
        for _suffix in ("", "_", "*", "_*"):
            for _direction in ("", "+", "=", "-"):
                WEIGHT[_suit + _digit + _suffix + _direction] = _w
_tile_weight = WEIGHT.__getitem__
#: plain tile -> weight (no suffixes)
PLAIN_WEIGHT: dict[str, int] = {s + d: w for s, ds in DIGIT_WEIGHT.items() for d, w in ds.items()}


def over_four(packed: int) -> bool:
    """Does some count exceed 4? (a count c >= 5 sets bit 3 of c or of c + 3; a carry out of a
    count of 13 or more does not matter, that count has bit 3 set itself)"""
    return bool((packed | (packed + THREES)) & EIGHTS)


def _fifth(packed: int) -> str:
    """The tile of which there are more than four (red fives counted as fives)."""
    for suit, base in _BASE.items():
        for n in range(_LENGTH[suit]):
            if (packed >> 4 * (base + n)) & 15 > 4:
                return f"{suit}{n or 5}"
    return "?"  # pragma: no cover - only called once over_four said so


def _unpack(packed: int, suit: str) -> list[int]:
    """majiang-core's count array of one suit."""
    key = (packed >> _SHIFT[suit]) & _SUIT_MASK[suit]
    table = _UNPACKED[suit]
    found = table.get(key)
    if found is None:
        found = table[key] = [(key >> 4 * n) & 15 for n in range(_LENGTH[suit])]
    return found[:]


# per suit: its packed counts -> its counts (filled as met; callers get a copy)
_UNPACKED: dict[str, dict[int, list[int]]] = {suit: {} for suit in SUITS}
#: suit -> its tile names by number (``_TILE_NAMES['m'][0] == 'm0'``, the red five)
_TILE_NAMES = {suit: tuple(f"{suit}{n}" for n in range(_LENGTH[suit])) for suit in SUITS}


@lru_cache(maxsize=None)
def _suit_text(suit: str, key: int) -> str:
    """The digits a suit writes for its packed counts (index 0 = reds): ``'0556'``."""
    reds = key & 15
    out = []
    for n in range(1, _LENGTH[suit]):
        k = (key >> 4 * n) & 15
        if n == 5 and reds:
            out.append("0" * reds + "5" * (k - reds))
        else:
            out.append(str(n) * k)
    text = "".join(out)
    return suit + text if text else ""


@lru_cache(maxsize=None)
def meld_info(text: str) -> tuple[str, str, int] | None:
    """A meld spelling -> (canonical meld, type, weight of its tiles), or None if it is not a meld."""
    try:
        meld = normalize_meld(text)
    except ValueError:
        return None
    digits = DIGIT_WEIGHT[meld[0]]
    return meld, canonical_meld_type(meld), sum(digits[d] for d in meld[1:] if d in digits)


def clear_string_tables() -> None:
    """Forget the lazily built string look-ups (for benches that must pay for them)."""
    meld_info.cache_clear()
    _suit_text.cache_clear()


class Hand:
    """A hand (手牌 shoupai): counts of concealed tiles, melds, drawn tile, riichi flag.

    Counts are read per suit as majiang-core keeps them: ``counts('m')[n]`` is the number of
    ``m<n>`` for n = 1..9, and index 0 counts the red fives, which are *also* counted at index 5.

    >>> Hand(["m1", "m2", "m3", "p0", "p5"]).counts("p")[0:6]
    [1, 0, 0, 0, 0, 2]
    """

    __slots__ = ("_packed", "_known", "_hidden", "_melds", "_drawn", "_riichi")

    def __init__(self, tiles: Iterable[str] = ()) -> None:
        if type(tiles) is not list and type(tiles) is not tuple:
            tiles = list(tiles)
        try:
            packed = sum(map(_tile_weight, tiles))
        except (KeyError, TypeError):
            for tile in tiles:
                if tile != "_":
                    check_tile(tile)
            raise  # pragma: no cover - check_tile has raised
        n = len(tiles)
        hidden = 0  # face-down tiles '_' (another player's hand seen from outside)
        if packed > _KNOWN_MASK or n > 14 or (packed | (packed + THREES)) & EIGHTS:  # one test for the usual case
            hidden = packed >> _HIDDEN_SHIFT
            packed &= _KNOWN_MASK
            if (packed | (packed + THREES)) & EIGHTS:
                raise IllegalMove(f"a fifth {_fifth(packed)} cannot be added to the hand")
            if n > 14:
                raise ValueError(f"too many tiles: {n} (a hand holds at most 14)")
        self._packed = packed
        self._hidden = hidden
        self._known = n - hidden  # concealed tiles known (not '_')
        self._melds: tuple[str, ...] = ()
        # the drawn tile ('m1', '_'), or the meld just called by chi/pon (a discard must follow)
        self._drawn: str | None = None
        self._riichi = False

    # ------------------------------------------------------------------ text form

    @classmethod
    def from_string(cls, text: str) -> "Hand":
        """Read a hand string (majiang-core's ``Shoupai.fromString``, but strict).

        Input order is free and is normalised (``z7654s987p654m321`` → ``m123p456s789z4567``);
        if the concealed tiles number 2 more than a multiple of 3, the last one written is the
        drawn tile. Unlike majiang-core, bad tiles, bad melds, a fifth copy and too many tiles
        are refused with a ``ValueError`` instead of being dropped.

        >>> str(Hand.from_string("z7654s987p654m321"))
        'm123p456s789z4567'
        >>> str(Hand.from_string("p456s789z1,m12-3,p999=,"))
        'p456s789z1,m12-3,p999=,'
        >>> Hand.from_string("m123z89")
        Traceback (most recent call last):
        ...
        ValueError: 'z8' is not a tile (in hand 'm123z89')
        """
        if type(text) is str:
            hand = _read_quickly(text)
            if hand is not None:
                return hand
        return cls._read_carefully(text)

    @classmethod
    def _read_carefully(cls, text: str) -> "Hand":
        """The strict reader: every part checked in turn, the first bad one named."""
        if not isinstance(text, str):
            raise ValueError(f"a hand string is needed, not {text!r}")
        parts = text.split(",")
        concealed, meld_parts = parts[0], parts[1:]
        riichi = concealed.endswith("*")
        if riichi:
            concealed = concealed[:-1]
        just_called = bool(meld_parts) and meld_parts[-1] == ""
        if just_called:
            meld_parts = meld_parts[:-1]
        tiles: list[str] = []
        position = 0
        for found in _GROUP_RE.finditer(concealed):
            if found.start() != position:
                raise ValueError(f"{concealed[position:found.start()]!r} is not part of a hand (in hand {text!r})")
            position = found.end()
            group = found.group(0)
            if group == "_":
                tiles.append("_")
                continue
            for digit in group[1:]:
                tile = group[0] + digit
                if not is_tile(tile):
                    raise ValueError(f"{tile!r} is not a tile (in hand {text!r})")
                tiles.append(tile)
        if position != len(concealed):
            raise ValueError(f"{concealed[position:]!r} is not part of a hand (in hand {text!r})")
        melds = []
        for part in meld_parts:
            if part == "":
                raise ValueError(f"empty meld in hand {text!r} (only a final comma is allowed)")
            try:
                melds.append(normalize_meld(part))
            except ValueError as error:
                raise ValueError(f"{error} (in hand {text!r})") from None
        if just_called and (not melds or meld_type(melds[-1]) not in ("chi", "pon")):
            raise ValueError(f"a final comma follows only a chi or pon (in hand {text!r})")
        if len(melds) > 4:
            raise ValueError(f"a hand has at most four melds, not {len(melds)} (in hand {text!r})")
        limit = 14 - 3 * len(melds)
        if len(tiles) > limit:
            raise ValueError(
                f"too many tiles in hand {text!r}: {len(tiles)} concealed with {len(melds)} meld(s), at most {limit}"
            )
        known = [t for t in tiles if t != "_"]
        packed = 0
        for tile in known:
            packed += PLAIN_WEIGHT[tile]
            if over_four(packed):
                raise ValueError(f"a fifth {_fifth(packed)} cannot be added to the hand (in hand {text!r})")
        total = packed
        for meld in melds:
            info = meld_info(meld)
            assert info is not None
            total += info[2]
            if over_four(total):
                raise ValueError(f"a fifth {_fifth(total)} in hand {text!r}")
        hand = cls.__new__(cls)
        hand._packed = packed
        hand._known = len(known)
        hand._hidden = len(tiles) - len(known)
        hand._melds = tuple(melds)
        hand._drawn = None
        if just_called:
            hand._drawn = melds[-1]
        elif len(tiles) % 3 == 2:
            hand._drawn = known[-1] if known else "_"
        hand._riichi = riichi
        return hand

    def __str__(self) -> str:
        """The hand string (majiang-core's ``toString``)."""
        packed = self._packed
        drawn = self._drawn
        hidden = self._hidden
        tail = ""
        if drawn is not None:
            if len(drawn) <= 2:
                tail = drawn
                if drawn == "_":
                    hidden -= 1
                else:
                    packed -= PLAIN_WEIGHT[drawn]
            else:
                drawn = None
        text = (
            _suit_text("m", packed & 0xFFFFFFFFFF)
            + _suit_text("p", (packed >> 40) & 0xFFFFFFFFFF)
            + _suit_text("s", (packed >> 80) & 0xFFFFFFFFFF)
            + _suit_text("z", packed >> 120)
            + "_" * hidden
            + tail
        )
        if self._riichi:
            text += "*"
        if self._melds:
            text += "," + ",".join(self._melds)
            if self._drawn is not None and drawn is None:
                text += ","
        return text

    def __repr__(self) -> str:
        return f"Hand.from_string({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Hand) and str(self) == str(other)

    __hash__ = None  # type: ignore[assignment]  # a hand changes, so it is not hashable

    def copy(self) -> "Hand":
        """An independent copy (majiang-core's ``clone``)."""
        return Hand.of_parts(self._packed, self._known, self._melds, self._drawn, self._riichi, self._hidden)

    @staticmethod
    def of_parts(packed: int, concealed: int, melds: tuple[str, ...] = (), drawn: str | None = None,
                 riichi: bool = False, hidden: int = 0) -> "Hand":
        """A hand straight from its parts, unchecked: for fast readers that made them from a hand's own
        (:attr:`packed` counts, :attr:`concealed_count` tiles, :attr:`melds`, :attr:`drawn`, :attr:`riichi`,
        :attr:`hidden`).

        >>> hand = Hand.from_string("m123p456s789z11z2")
        >>> str(Hand.of_parts(hand.packed, hand.concealed_count, drawn=hand.drawn)) == str(hand)
        True
        """
        hand: Hand = blank_hand(Hand)
        hand._packed = packed
        hand._known = concealed
        hand._hidden = hidden
        hand._melds = melds
        hand._drawn = drawn
        hand._riichi = riichi
        return hand

    def _repr_svg_(self) -> str:
        from .picture import HandPicture  # lazy: the engine never needs the drawing code

        return HandPicture().svg(self, title=str(self))

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        from .picture import HandPicture

        return HandPicture().png_bundle(self)

    # ------------------------------------------------------------------ reading

    def _suit_counts(self, suit: str) -> list[int]:
        return _unpack(self._packed, suit)

    def counts(self, suit: str) -> list[int]:
        """A copy of the counts of one suit (index 0 = red fives, also counted at 5)."""
        return _unpack(self._packed, suit)

    @property
    def packed(self) -> int:
        """The concealed counts packed four bits each (see the module docstring): for fast readers."""
        return self._packed

    def count(self, tile: str) -> int:
        """How many of a tile the concealed part holds (``m0`` counts only red fives, ``m5`` all fives).

        >>> Hand.from_string("m0055").count("m5"), Hand.from_string("m0055").count("m0")
        (4, 2)
        """
        check_tile(tile)
        return (self._packed >> 4 * (_BASE[tile[0]] + int(tile[1]))) & 15

    @property
    def melds(self) -> tuple[str, ...]:
        """Open melds and kans in the order they were made (副露 fulou)."""
        return self._melds

    @property
    def drawn(self) -> str | None:
        """The drawn tile (自摸 zimo), the meld just called (then a discard is due), or None."""
        return self._drawn

    @property
    def riichi(self) -> bool:
        """True once riichi (立直 lizhi) is declared."""
        return self._riichi

    @property
    def is_closed(self) -> bool:
        """No tile taken from another player; a closed kan keeps the hand closed (門前 menqian)."""
        for meld in self._melds:
            if "+" in meld or "=" in meld or "-" in meld:
                return False
        return True

    @property
    def concealed_count(self) -> int:
        """Number of concealed tiles known (the hidden ones and the melds aside)."""
        return self._known

    @property
    def hidden(self) -> int:
        """Number of face-down tiles ``_`` (a hand seen from outside)."""
        return self._hidden

    @property
    def tile_count(self) -> int:
        """Tiles held counting each meld as three: 13 between turns, 14 when a discard is due."""
        return self._known + self._hidden + 3 * len(self._melds)

    def concealed_tiles(self) -> list[str]:
        """The concealed tiles in hand-string order, the drawn tile included where it sorts.

        >>> Hand.from_string("m055z1").concealed_tiles()
        ['m0', 'm5', 'm5', 'z1']
        """
        out = []
        for suit in SUITS:
            text = _suit_text(suit, (self._packed >> _SHIFT[suit]) & _SUIT_MASK[suit])
            out += [suit + digit for digit in text[1:]]
        return out

    def __iter__(self) -> Iterator[str]:
        return iter(self.concealed_tiles())

    # ------------------------------------------------------------------ changing

    def _field(self, suit: str, n: int) -> int:
        return (self._packed >> 4 * (_BASE[suit] + n)) & 15

    def _add(self, tile: str) -> None:
        packed = self._packed + PLAIN_WEIGHT[tile]
        if over_four(packed):
            raise IllegalMove(f"a fifth {tile[0]}{int(tile[1]) or 5} cannot be added to the hand")
        self._packed = packed
        self._known += 1

    def _holds(self, suit: str, n: int) -> bool:
        """Can one ``suit n`` be taken out (a plain 5 needs a non-red five, else a hidden tile)?"""
        k = self._field(suit, n)
        if k > 0 and not (n == 5 and self._field(suit, 0) == k):
            return True
        return self._hidden > 0

    def _remove(self, suit: str, n: int) -> None:
        k = self._field(suit, n)
        if k == 0 or (n == 5 and self._field(suit, 0) == k):
            self._hidden -= 1  # an unknown tile stands for it
        else:
            self._packed -= DIGIT_WEIGHT[suit][str(n)]
            self._known -= 1

    def _remove_all(self, suit: str, digits: Iterable[str], what: str) -> None:
        """Take several tiles out, or raise without changing anything."""
        trial = self.copy()
        for digit in digits:
            if not trial._holds(suit, int(digit)):
                raise IllegalMove(f"{what}: the hand has no {suit}{digit} for it")
            trial._remove(suit, int(digit))
        self._packed, self._known, self._hidden = trial._packed, trial._known, trial._hidden

    def draw(self, tile: str) -> None:
        """Draw a tile (自摸 zimo); ``'_'`` draws a face-down tile.

        >>> hand = Hand.from_string("m123")
        >>> hand.draw("m4"); str(hand)
        'm123m4'
        >>> hand.draw("m5")
        Traceback (most recent call last):
        ...
        gamelab.errors.IllegalMove: cannot draw m5: the hand already holds a drawn tile (m4)
        """
        weight = PLAIN_WEIGHT.get(tile)
        if weight is None and tile != "_":
            check_tile(tile)
            tile = _plain_tile(tile)
            weight = PLAIN_WEIGHT[tile]
        if self._drawn is not None:
            held = self._drawn if len(self._drawn) <= 2 else f"just called {self._drawn}, discard first"
            raise IllegalMove(f"cannot draw {tile}: the hand already holds a drawn tile ({held})")
        if self._known + self._hidden + 3 * len(self._melds) >= 14:
            raise IllegalMove(f"cannot draw {tile}: the hand already holds {self.tile_count} tiles")
        if weight is None:
            self._hidden += 1
        else:
            packed = self._packed + weight
            if over_four(packed):
                raise IllegalMove(f"a fifth {tile[0]}{int(tile[1]) or 5} cannot be added to the hand")
            self._packed = packed
            self._known += 1
        self._drawn = tile

    def discard(self, tile: str) -> None:
        """Discard a tile (打牌 dapai): ``'m1'``, ``'m1_'`` (the drawn tile), ``'m1*'`` (riichi).

        Refused: discarding before drawing or calling, a tile not held, ``_`` on a tile that is not
        the drawn one, anything but the drawn tile after riichi, and riichi on an open hand or twice.
        (Swap-calling, 喰い替え, is a rule of the game; see :meth:`discard_options`.)

        >>> hand = Hand.from_string("m123p456s789z1122z3")
        >>> hand.discard("z3*"); str(hand)
        'm123p456s789z1122*'
        """
        weight = WEIGHT.get(tile) if type(tile) is str else None
        if weight is None or tile == "_":
            check_tile(tile)
        last = tile[-1]
        if last == "+" or last == "=" or last == "-":
            raise ValueError(f"{tile!r}: a discard carries no direction marker")
        drawn = self._drawn
        if drawn is None:
            raise IllegalMove(f"cannot discard {tile}: draw or call first")
        plain = tile[:2]
        declare = last == "*"
        if len(tile) > 2 and tile[2] == "_" and drawn != plain:
            raise IllegalMove(f"cannot discard {tile}: the drawn tile is {drawn}, not {plain}")
        if self._riichi:
            if declare:
                raise IllegalMove(f"cannot declare riichi with {plain}: riichi is already declared")
            if drawn != plain:
                raise IllegalMove(f"cannot discard {plain}: after riichi only the drawn tile ({drawn}) may go")
        if declare and not self.is_closed:
            raise IllegalMove(f"cannot declare riichi with {plain}: the hand is open")
        suit, n = tile[0], int(tile[1])
        k = (self._packed >> 4 * (_BASE[suit] + n)) & 15
        if k > 0 and not (n == 5 and (self._packed >> 4 * _BASE[suit]) & 15 == k):
            self._packed -= PLAIN_WEIGHT[plain]
            self._known -= 1
        elif self._hidden > 0:
            self._hidden -= 1  # an unknown tile stands for it
        else:
            raise IllegalMove(f"cannot discard {plain}: the hand holds none")
        self._drawn = None
        if declare:
            self._riichi = True

    def call(self, meld: str) -> None:
        """Call a discard: chi, pon or open kan (副露 fulou), e.g. ``'m1-23'``, ``'z111='``, ``'p5550+'``.

        The hand must be waiting (no drawn tile) and hold the meld's other tiles. After a chi or
        pon a discard is due; after an open kan a replacement draw is.

        >>> hand = Hand.from_string("m23p456s789z11122")
        >>> hand.call("m1-23"); str(hand)
        'p456s789z11122,m1-23,'
        """
        normal = normalize_meld(meld)
        kind = meld_type(normal)
        if kind in ("closed_kan", "added_kan"):
            raise IllegalMove(f"cannot call {meld}: a {kind.replace('_', ' ')} is made with kan(), not call()")
        if self._drawn is not None:
            raise IllegalMove(f"cannot call {meld}: the hand holds a drawn tile; discard first")
        if self._riichi:
            raise IllegalMove(f"cannot call {meld}: no calls after riichi")
        own = re.findall(r"\d(?![\+\=\-])", normal)
        self._remove_all(normal[0], own, f"cannot call {meld}")
        self._melds += (normal,)
        if kind != "open_kan":
            self._drawn = normal

    def chi(self, meld: str) -> None:
        """Call a chi (吃) on the previous player's discard: :meth:`call` restricted to runs.

        >>> hand = Hand.from_string("m45p456s789z11122"); hand.chi("m3-45"); str(hand)
        'p456s789z11122,m3-45,'
        """
        self._call_as("chi", meld)

    def pon(self, meld: str) -> None:
        """Call a pon (碰) on anyone's discard: :meth:`call` restricted to triplets.

        >>> hand = Hand.from_string("m45p456s789z11122"); hand.pon("z111="); str(hand)
        'm45p456s789z122,z111=,'
        """
        self._call_as("pon", meld)

    def open_kan(self, meld: str) -> None:
        """Call an open kan (大明槓) on a discard: :meth:`call` restricted to quads; a replacement draw follows.

        >>> hand = Hand.from_string("m45p456s789z11122"); hand.open_kan("z1111+"); str(hand)
        'm45p456s789z22,z1111+'
        """
        self._call_as("open_kan", meld)

    def _call_as(self, kind: str, meld: str) -> None:
        actual = meld_type(meld)
        if actual != kind:
            raise IllegalMove(f"{meld} is a {actual.replace('_', ' ')}, not a {kind.replace('_', ' ')}")
        self.call(meld)

    def declare_riichi(self, tile: str) -> None:
        """Declare riichi (立直) with a discard: the same as ``discard(tile + '*')``.

        >>> hand = Hand.from_string("m123p456s789z1122z3"); hand.declare_riichi("z3"); hand.riichi
        True
        """
        check_tile(tile)
        self.discard(tile if tile.endswith("*") else tile + "*")

    def kan(self, meld: str) -> None:
        """Declare a closed kan (暗槓 ``'m2222'``) or an added kan (加槓 ``'m111+1'``) from the 14-tile state.

        >>> hand = Hand.from_string("m1122p456s789,z111+")
        >>> hand.draw("z1"); hand.kan("z111+1"); str(hand)
        'm1122p456s789,z111+1'
        """
        normal = normalize_meld(meld)
        kind = meld_type(normal)
        if kind not in ("closed_kan", "added_kan"):
            raise IllegalMove(f"cannot kan {meld}: an open kan is called with call()")
        if self._drawn is None or len(self._drawn) > 2:
            raise IllegalMove(f"cannot kan {meld}: a kan is declared right after drawing")
        suit = normal[0]
        if kind == "closed_kan":
            self._remove_all(suit, normal[1:], f"cannot kan {meld}")
            self._melds += (normal,)
        else:
            pon = normal[:5]
            if pon not in self._melds:
                raise IllegalMove(f"cannot kan {meld}: there is no pon {pon} to add to")
            if self._riichi:
                raise IllegalMove(f"cannot kan {meld}: no added kan after riichi")
            self._remove_all(suit, normal[-1], f"cannot kan {meld}")
            melds = list(self._melds)
            melds[melds.index(pon)] = normal
            self._melds = tuple(melds)
        self._drawn = None

    # ------------------------------------------------------------------ options

    def discard_options(self, check: bool = True) -> list[str] | None:
        """Tiles that may be discarded (majiang-core's ``get_dapai``), None if no discard is due.

        With ``check``, after a call the called tile and the tile on the far side of a chi may not
        be discarded (swap-calling, 喰い替え). After riichi only the drawn tile may go. A red and a
        plain five are listed apart (``m0``, ``m5``); the drawn tile comes last as ``<tile>_``.

        >>> Hand.from_string("m123p456s789z1122z3").discard_options()
        ['m1', 'm2', 'm3', 'p4', 'p5', 'p6', 's7', 's8', 's9', 'z1', 'z2', 'z3_']
        """
        if self._drawn is None:
            return None
        deny: set[str] = set()
        if check and len(self._drawn) > 2:
            meld = self._drawn
            suit = meld[0]
            found = re.search(r"\d(?=[\+\=\-])", meld)
            n = int(found.group(0)) if found else 5
            n = n or 5
            deny.add(f"{suit}{n}")
            if not re.match(r"^[mpsz](\d)\1\1", meld.replace("0", "5")):
                if n < 7 and re.match(r"^[mps]\d\-\d\d$", meld):
                    deny.add(f"{suit}{n + 3}")
                if 3 < n and re.match(r"^[mps]\d\d\d\-$", meld):
                    deny.add(f"{suit}{n - 3}")
        out: list[str] = []
        if not self._riichi:
            drawn = self._drawn
            for suit in SUITS:
                key = (self._packed >> _SHIFT[suit]) & _SUIT_MASK[suit]
                reds = key & 15  # red fives, also counted among the fives
                names = _TILE_NAMES[suit]
                for n in range(1, _LENGTH[suit]):
                    count = (key >> 4 * n) & 15
                    if count == 0:
                        continue
                    name = names[n]
                    if name in deny or (name == drawn and count == 1):
                        continue
                    if n != 5 or suit == "z":
                        out.append(name)
                        continue
                    if (reds > 0 and names[0] != drawn) or reds > 1:
                        out.append(names[0])
                    if reds < count:
                        out.append(name)
        if len(self._drawn) == 2:
            out.append(self._drawn + "_")
        return out

    def chi_options(self, tile: str, check: bool = True) -> list[str] | None:
        """Chis possible on a discard from the previous player (``tile`` like ``'m3-'``), red variants apart.

        With ``check``, a chi after which only swap-calling discards would remain is left out.
        None while a discard is due; empty after riichi.

        >>> Hand.from_string("m1234p456s789z112").chi_options("m3-")
        ['m123-', 'm23-4']
        """
        suit, n, direction = _called(tile)
        if self._drawn is not None:
            return None
        out: list[str] = []
        if suit == "z" or direction != "-" or self._riichi:
            return out
        c = self._suit_counts(suit)
        digit = tile[1]
        room = 14 - (len(self._melds) + 1) * 3
        if 3 <= n and c[n - 2] > 0 and c[n - 1] > 0:
            if not check or (c[n - 3] if 3 < n else 0) + c[n] < room:
                if n - 2 == 5 and c[0] > 0:
                    out.append(suit + "067-")
                if n - 1 == 5 and c[0] > 0:
                    out.append(suit + "406-")
                if (n - 2 != 5 and n - 1 != 5) or c[0] < c[5]:
                    out.append(f"{suit}{n - 2}{n - 1}{digit}-")
        if 2 <= n <= 8 and c[n - 1] > 0 and c[n + 1] > 0:
            if not check or c[n] < room:
                if n - 1 == 5 and c[0] > 0:
                    out.append(suit + "06-7")
                if n + 1 == 5 and c[0] > 0:
                    out.append(suit + "34-0")
                if (n - 1 != 5 and n + 1 != 5) or c[0] < c[5]:
                    out.append(f"{suit}{n - 1}{digit}-{n + 1}")
        if n <= 7 and c[n + 1] > 0 and c[n + 2] > 0:
            if not check or c[n] + (c[n + 3] if n < 7 else 0) < room:
                if n + 1 == 5 and c[0] > 0:
                    out.append(suit + "4-06")
                if n + 2 == 5 and c[0] > 0:
                    out.append(suit + "3-40")
                if (n + 1 != 5 and n + 2 != 5) or c[0] < c[5]:
                    out.append(f"{suit}{digit}-{n + 1}{n + 2}")
        return out

    def pon_options(self, tile: str) -> list[str] | None:
        """Pons possible on a discard (``tile`` like ``'p5='``), red variants apart (majiang-core's ``get_peng_mianzi``).

        >>> Hand.from_string("p0055s789z11223").pon_options("p5+")
        ['p005+', 'p505+', 'p555+']
        """
        suit, n, direction = _called(tile)
        if self._drawn is not None:
            return None
        out: list[str] = []
        if self._riichi or (self._packed >> (_SHIFT[suit] + 4 * n)) & 15 < 2:  # fewer than two of the tile
            return out
        c = self._suit_counts(suit)
        digit = tile[1]
        if c[n] >= 2:
            if n == 5 and c[0] >= 2:
                out.append(f"{suit}00{digit}{direction}")
            if n == 5 and c[0] >= 1 and c[5] - c[0] >= 1:
                out.append(f"{suit}50{digit}{direction}")
            if n != 5 or c[5] - c[0] >= 2:
                out.append(f"{suit}{n}{n}{digit}{direction}")
        return out

    def kan_options(self, tile: str | None = None) -> list[str] | None:
        """Kans possible (majiang-core's ``get_gang_mianzi``).

        With ``tile`` (a discard like ``'m1+'``): the open kan on it. Without: closed kans and
        added kans from the 14-tile state; after riichi only a closed kan of the drawn tile's kind.
        (Whether such a kan may change the waits is a rule of the game.)

        >>> Hand.from_string("m1111p456s789z122z1").kan_options()
        ['m1111']
        """
        out: list[str] = []
        if tile is not None:
            suit, n, direction = _called(tile)
            if self._drawn is not None:
                return None
            if self._riichi or (self._packed >> (_SHIFT[suit] + 4 * n)) & 15 != 3:  # not three of the tile
                return out
            c = self._suit_counts(suit)
            if c[n] == 3:
                if n == 5:
                    out.append(suit + "5" * (3 - c[0]) + "0" * c[0] + tile[1] + direction)
                else:
                    out.append(f"{suit}{n}{n}{n}{n}{direction}")
            return out
        if self._drawn is None or len(self._drawn) > 2:
            return None
        drawn_kind = self._drawn.replace("0", "5")
        for suit in SUITS:
            c = self._suit_counts(suit)
            for n in range(1, len(c)):
                if c[n] == 0:
                    continue
                if c[n] == 4:
                    if self._riichi and f"{suit}{n}" != drawn_kind:
                        continue
                    if n == 5:
                        out.append(suit + "5" * (4 - c[0]) + "0" * c[0])
                    else:
                        out.append(f"{suit}{n}{n}{n}{n}")
                elif not self._riichi:
                    for meld in self._melds:
                        if meld.replace("0", "5")[:4] == f"{suit}{n}{n}{n}":
                            out.append(meld + ("0" if n == 5 and c[0] > 0 else str(n)))
        return out


def _plain_tile(tile: str) -> str:
    """A tile without suffixes, or ValueError."""
    check_tile(tile)
    return tile[:2]


def _called(tile: str) -> tuple[str, int, str]:
    """Suit, number (red = 5) and direction of a discard offered for a call."""
    if tile not in WEIGHT or tile == "_":
        check_tile(tile)
    if tile[-1] not in "+=-":
        raise ValueError(f"{tile!r} needs a direction (+ = -) saying who discarded it")
    return tile[0], int(tile[1]) or 5, tile[-1]


blank_hand = object.__new__


def _read_quickly(text: str) -> Hand | None:
    """``Hand.from_string`` for a well-formed string, or None to let the careful reader explain."""
    head, comma, rest = text.partition(",")
    riichi = head[-1:] == "*"
    if riichi:
        head = head[:-1]
    packed = 0
    weights: dict[str, int] = {}
    suit = ""
    ch = ""
    letters = 0
    before = -1  # the packed counts when the current suit letter was read
    for ch in head:  # one pass, a dictionary look-up per character
        weight = weights.get(ch)
        if weight is None:
            if packed == before:
                return None  # a suit letter without digits
            weights = DIGIT_WEIGHT.get(ch)  # type: ignore[assignment]
            if weights is None:
                return None  # neither a digit of this suit nor a suit letter
            suit = ch
            letters += 1
            before = packed
        else:
            packed += weight
    if packed == before:
        return None
    known = len(head) - letters
    melds: tuple[str, ...] = ()
    drawn = None
    total = packed
    if comma:
        parts = rest.split(",")
        just_called = parts[-1] == ""
        if just_called:
            parts.pop()
            if not parts:
                return None
        if len(parts) > 4:
            return None
        found = []
        info = None
        for part in parts:
            info = meld_info(part)
            if info is None:
                return None
            found.append(info[0])
            total += info[2]
            if (total | (total + THREES)) & EIGHTS:
                return None  # checked meld by meld, so no count can run past 15 into the next one
        melds = tuple(found)
        if just_called:
            if info is None or info[1] not in ("chi", "pon"):
                return None
            drawn = melds[-1]
    if known > 14 - 3 * len(melds) or (total | (total + THREES)) & EIGHTS:
        return None
    if drawn is None and known % 3 == 2:
        drawn = suit + ch
    return Hand.of_parts(packed, known, melds, drawn, riichi)


