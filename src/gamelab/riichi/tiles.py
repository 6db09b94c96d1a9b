"""Tile and meld notation, exactly as majiang-core (電脳麻将) writes them.

A tile (牌 pai) is two characters: a suit letter and a digit.

* ``m1``…``m9`` characters (萬子), ``p1``…``p9`` circles (筒子), ``s1``…``s9`` bamboos (索子);
  the digit ``0`` is a red five (赤牌), so ``p0`` is a red 5-circle;
* ``z1``…``z7`` honours: East, South, West, North (東南西北), White, Green, Red (白發中).

A tile may carry suffixes, in this order: ``_`` discarded straight from the draw (ツモ切り),
``*`` riichi declared with it, and a direction ``+ = -`` naming who gave it up, seen from the
owner of the string: ``+`` the next player (下家), ``=`` the player opposite (対面), ``-`` the
previous player (上家). A chi is therefore always taken from ``-``.

A meld (面子 mianzi) is a suit letter and digits, the called digit followed by its direction:
``m1-23`` chi, ``p505=`` pon, ``s5505-`` open kan, ``m111+1`` added kan, ``z2222`` closed kan.
:func:`normalize_meld` puts any accepted spelling into the one canonical form.

>>> normalize_meld("m460-")
'm40-6'
>>> dora_from_indicator("z4")
'z1'
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = [
    "SUITS",
    "TILE_KINDS",
    "is_tile",
    "check_tile",
    "tile_kind",
    "dora_from_indicator",
    "is_meld",
    "normalize_meld",
    "meld_type",
    "MeldType",
    "called_tile",
    "meld_direction",
    "direction_from",
    "seat_from_direction",
    "is_terminal_or_honour",
]

#: suit letters in the order hand strings write them
SUITS = ("m", "p", "s", "z")

#: the 34 kinds of tile, red fives counted as fives (``m1``…``z7``)
TILE_KINDS: tuple[str, ...] = tuple(
    f"{s}{n}" for s in SUITS for n in range(1, 8 if s == "z" else 10)
)

_TILE_RE = re.compile(r"^(?:[mps]\d|z[1-7])_?\*?[\+\=\-]?$")

MeldType = Literal["chi", "pon", "open_kan", "added_kan", "closed_kan"]


def is_tile(text: str) -> bool:
    """True for a tile string, suffixes allowed (majiang-core's ``valid_pai``).

    >>> is_tile("m0"), is_tile("z1_*"), is_tile("z8"), is_tile("m10")
    (True, True, False, False)
    """
    return isinstance(text, str) and (text in _TILE_TEXTS or _TILE_RE.match(text) is not None)


# every text _TILE_RE accepts but for a trailing newline, looked up before the pattern is tried (the table
# checks each discard)
_TILE_TEXTS = frozenset(f"{tile}{drawn}{riichi}{direction}" for tile in [f"{s}{n}" for s in "mps" for n in range(10)]
                        + [f"z{n}" for n in range(1, 8)]
                        for drawn in ("", "_") for riichi in ("", "*") for direction in ("", "+", "=", "-"))


def check_tile(text: str) -> str:
    """Return ``text`` if it is a tile, else raise ``ValueError`` naming it.

    >>> check_tile("m10")
    Traceback (most recent call last):
    ...
    ValueError: 'm10' is not a tile
    """
    if not is_tile(text):
        raise ValueError(f"{text!r} is not a tile")
    return text


def tile_kind(tile: str) -> str:
    """The plain kind of a tile: suffixes dropped and a red five read as a five.

    >>> tile_kind("p0="), tile_kind("z3_*")
    ('p5', 'z3')
    """
    check_tile(tile)
    return tile[0] + ("5" if tile[1] == "0" else tile[1])


def is_terminal_or_honour(tile: str) -> bool:
    """True for 1s, 9s and honours (幺九牌 yaojiupai); a red five is not one.

    >>> is_terminal_or_honour("s9"), is_terminal_or_honour("p0")
    (True, False)
    """
    return tile[0] == "z" or tile[1] in "19"


def dora_from_indicator(indicator: str) -> str:
    """The dora shown by an indicator (majiang-core's ``zhenbaopai``).

    Numbers go round 1→2→…→9→1 (a red five indicates a six), winds East→South→West→North→East,
    dragons White→Green→Red→White.

    >>> [dora_from_indicator(p) for p in ("m9", "p0", "z4", "z7")]
    ['m1', 'p6', 'z1', 'z5']
    """
    check_tile(indicator)
    suit, n = indicator[0], int(indicator[1]) or 5
    if suit == "z":
        return f"z{n % 4 + 1}" if n < 5 else f"z{(n - 4) % 3 + 5}"
    return f"{suit}{n % 9 + 1}"


_PON_RE = re.compile(r"^[mpsz](\d)\1\1[\+\=\-]\1?$")
_KAN_RE = re.compile(r"^[mpsz](\d)\1\1\1[\+\=\-]?$")
_CHI_RE = re.compile(r"^[mps]\d+\-\d*$")
_MELD_CHARS_RE = re.compile(r"[mpsz][\d\+\=\-]+")
_NOT_HONOUR_RE = re.compile(r"[089]")
_RED_PON_RE = re.compile(r"^([mps])05")
_IN_HAND_RE = re.compile(r"\d(?![\+\=\-])")
_CALLED_LAST_RE = re.compile(r"\d[\+\=\-]$")
_DIGIT_RE = re.compile(r"\d")
_DIGIT_MARKED_RE = re.compile(r"\d[\+\=\-]?")


def _normalize_or_none(text: str) -> str | None:
    """The canonical spelling of a meld, or None (majiang-core's ``valid_mianzi``)."""
    if not isinstance(text, str) or not _MELD_CHARS_RE.fullmatch(text):
        return None
    if text[0] == "z" and _NOT_HONOUR_RE.search(text):
        return None
    plain = text.replace("0", "5")
    if _PON_RE.match(plain):
        # a pon holding one red five in hand is written with the plain five first: p505=
        return _RED_PON_RE.sub(r"\g<1>50", text)
    if _KAN_RE.match(plain):
        # concealed digits in descending order (5 before 0), then the called digit and direction
        in_hand = sorted(_IN_HAND_RE.findall(text), reverse=True)
        called = _CALLED_LAST_RE.search(text)
        return text[0] + "".join(in_hand) + (called.group(0) if called else "")
    if _CHI_RE.match(plain):
        digits = sorted(_DIGIT_RE.findall(plain))
        if len(digits) != 3 or int(digits[0]) + 1 != int(digits[1]) or int(digits[1]) + 1 != int(digits[2]):
            return None
        # sort the tokens "4", "5-", "6" so the called digit keeps its marker
        canonical = plain[0] + "".join(sorted(_DIGIT_MARKED_RE.findall(plain)))
        return canonical.replace("5", "0", 1) if "0" in text else canonical
    return None


def is_meld(text: str) -> bool:
    """True if ``text`` is a meld in any accepted spelling.

    >>> is_meld("m1-23"), is_meld("m13-5"), is_meld("z111+")
    (True, False, True)
    """
    return _normalize_or_none(text) is not None


def normalize_meld(text: str) -> str:
    """The canonical spelling of a meld, or ``ValueError`` naming it.

    >>> normalize_meld("p055="), normalize_meld("s0555-"), normalize_meld("m403-")
    ('p505=', 's5505-', 'm3-40')
    """
    result = _normalize_or_none(text)
    if result is None:
        raise ValueError(f"{text!r} is not a meld (chi like 'm1-23', pon 'p505=', kan 's5505-', 'm111+1' or 'z2222')")
    return result


def meld_type(meld: str) -> MeldType:
    """Which of the five meld shapes a canonical meld string is.

    >>> [meld_type(m) for m in ("m1-23", "p505=", "s5505-", "m111+1", "z2222")]
    ['chi', 'pon', 'open_kan', 'added_kan', 'closed_kan']
    """
    return canonical_meld_type(normalize_meld(meld))


_CLOSED_KAN_RE = re.compile(r"\d{4}$")
_OPEN_KAN_RE = re.compile(r"\d{4}[\+\=\-]$")
_ADDED_KAN_RE = re.compile(r"\d{3}[\+\=\-]\d$")


def canonical_meld_type(meld: str) -> MeldType:
    """meld_type() of a meld already in canonical form."""
    if _CLOSED_KAN_RE.search(meld):
        return "closed_kan"
    if _OPEN_KAN_RE.search(meld):
        return "open_kan"
    if _ADDED_KAN_RE.search(meld):
        return "added_kan"
    plain = meld.replace("0", "5")
    return "pon" if plain[1] == plain[2] else "chi"


def called_tile(meld: str) -> str | None:
    """The tile taken from another player, with its direction (None for a closed kan).

    >>> called_tile("m40-6"), called_tile("p505="), called_tile("z2222")
    ('m0-', 'p5=', None)
    """
    found = re.search(r"(\d)([\+\=\-])", meld)
    return f"{meld[0]}{found.group(1)}{found.group(2)}" if found else None


def meld_direction(meld: str) -> str | None:
    """The direction marker of a meld (``+``, ``=``, ``-``), None for a closed kan."""
    found = re.search(r"[\+\=\-]", meld)
    return found.group(0) if found else None


def direction_from(owner: int, giver: int) -> str:
    """The marker naming seat ``giver`` seen from seat ``owner`` (``'_'`` for oneself).

    >>> direction_from(0, 1), direction_from(0, 2), direction_from(0, 3), direction_from(2, 2)
    ('+', '=', '-', '_')
    """
    return "_+=-"[(4 + giver - owner) % 4]


def seat_from_direction(owner: int, direction: str) -> int:
    """The seat a direction marker names, seen from seat ``owner``.

    >>> seat_from_direction(1, "-")
    0
    """
    return (owner + "_+=-".index(direction)) % 4
