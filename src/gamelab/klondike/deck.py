"""Deals as text: the ShootMe deck string (read and written) and PySol's deal listing (read).

A *deck order* is the 52 cards in the order a deal uses them: positions 1–28 fill the tableau row by
row (position 1 is column 1, positions 2–7 the bottom cards of columns 2–7, position 8 the second
card of column 2, …, position 28 the last card of column 7) and positions 29–52 are the stock, 29
being the first card turned over. This is the layout of ShootMe's Klondike-Solver / MinimalKlondike::

    F  G  H  I  J  K  L
   01 02 03 04 05 06 07
      08 09 10 11 12 13
         14 15 16 17 18
            19 20 21 22
               23 24 25
                  26 27
                     28        stock 29-52

The deck string writes each card as ``RRS``: rank ``01``–``13`` and suit ``1`` = ♣, ``2`` = ♦,
``3`` = ♥, ``4`` = ♠ (so ``072`` is the 7♦).

>>> cards = parse_deck("072103023042094134111092051034044074114052123011083122012131091082124064014"
...                    "093033112071104132053133102084041013073063031061043081054113062024021101022032121")
>>> str(cards[0]), str(cards[28])
('7♦', '7♣')
>>> tableau, stock = layout(cards)
>>> [str(c) for c in tableau[1]], str(stock[-1])
(['10♥', '9♦'], '7♣')
"""

from __future__ import annotations

import re
from typing import Sequence

from ..errors import quote
from .cards import Card

__all__ = [
    "parse_deck",
    "format_deck",
    "parse_pysol",
    "layout",
    "deck_order",
    "TABLEAU_POSITIONS",
]

# Suit digit of the deck string -> our suit number (♠ ♥ ♣ ♦ = 0 1 2 3), and back.
_DIGIT_TO_SUIT = {"1": 2, "2": 3, "3": 1, "4": 0}
_SUIT_TO_DIGIT = {suit: digit for digit, suit in _DIGIT_TO_SUIT.items()}
_PYSOL_RANKS = {"A": 1, "T": 10, "J": 11, "Q": 12, "K": 13, **{str(n): n for n in range(2, 10)}}
_PYSOL_SUITS = {"C": 2, "D": 3, "H": 1, "S": 0}


def _tableau_positions() -> list[tuple[int, int]]:
    """``(column, row)`` of deck positions 0–27, dealt row by row as a dealer does."""
    return [(column, row) for row in range(7) for column in range(row, 7)]


#: ``TABLEAU_POSITIONS[i]`` = ``(column, row)`` of the card at deck position ``i`` (0-based).
TABLEAU_POSITIONS: tuple[tuple[int, int], ...] = tuple(_tableau_positions())


def _check_complete(cards: Sequence[Card], where: list[str]) -> None:
    """Refuse a deck with a card twice (quoting both places) or missing."""
    seen: dict[int, int] = {}
    for index, card in enumerate(cards):
        if card.id in seen:
            first = seen[card.id]
            raise ValueError(
                f"card {index + 1} {where[index]!r} is the {card}, which is also card {first + 1} {where[first]!r}"
            )
        seen[card.id] = index
    if len(cards) != 52:
        raise ValueError(f"a deal needs 52 cards, this one has {len(cards)}")


def parse_deck(text: str) -> list[Card]:
    """The 52 cards (face down) of a ShootMe deck string, in deck order.

    Whitespace is ignored; anything else malformed is refused with the offending part quoted.

    >>> parse_deck("01" + "4" * 1)
    Traceback (most recent call last):
    ...
    ValueError: a deck string has 52 cards of 3 digits (156 digits), this one has 3: '014'
    """
    if not isinstance(text, str) or len(text) > 2_000:
        raise ValueError(f"a deck string is text of 52 cards of 3 digits (156 digits), not {quote(text)}")
    digits = re.sub(r"\s+", "", text)
    if len(digits) != 156:
        shown = digits if len(digits) <= 20 else digits[:10] + "…" + digits[-10:]
        raise ValueError(
            f"a deck string has 52 cards of 3 digits (156 digits), this one has {len(digits)}: {shown!r}"
        )
    cards: list[Card] = []
    chunks = [digits[i: i + 3] for i in range(0, 156, 3)]
    for number, chunk in enumerate(chunks, 1):
        if not chunk.isdigit():
            raise ValueError(f"card {number} {chunk!r} is not three digits (rank 01-13, then suit 1-4)")
        rank, suit = int(chunk[:2]), chunk[2]
        if not 1 <= rank <= 13:
            raise ValueError(f"card {number} {chunk!r} has rank {chunk[:2]}: ranks run from 01 (Ace) to 13 (King)")
        if suit not in _DIGIT_TO_SUIT:
            raise ValueError(f"card {number} {chunk!r} has suit {suit}: suits are 1=♣ 2=♦ 3=♥ 4=♠")
        cards.append(Card(_DIGIT_TO_SUIT[suit], rank))
    _check_complete(cards, chunks)
    return cards


def format_deck(cards: Sequence[Card]) -> str:
    """The ShootMe deck string of 52 cards in deck order (the inverse of :func:`parse_deck`).

    >>> from gamelab.klondike.cards import new_deck
    >>> format_deck(new_deck())[:9]
    '014024034'
    """
    if len(cards) != 52:
        raise ValueError(f"a deck string needs 52 cards, got {len(cards)}")
    _check_complete(cards, [str(c) for c in cards])
    return "".join(f"{card.rank:02d}{_SUIT_TO_DIGIT[card.suit]}" for card in cards)


def parse_pysol(text: str) -> list[Card]:
    """The 52 cards of a PySol deal listing, in deck order.

    The listing (as printed by ShootMe's solver) has a ``Talon:`` line with the 24 stock cards,
    first-drawn first, then one line per column from column 1, bottom card first, face-down cards
    in angle brackets: ``<7H> 9H``.
    """
    lines = [line.strip() for line in text.strip().splitlines() if line.strip()]
    if not lines or not lines[0].startswith("Talon:"):
        raise ValueError(f"a PySol deal starts with 'Talon:', not {lines[0][:20] if lines else text!r}")
    talon_names = lines[0][len("Talon:"):].split()
    columns = [line.split() for line in lines[1:]]
    if len(talon_names) != 24:
        raise ValueError(f"the PySol talon needs 24 cards, {lines[0][:30]!r}… has {len(talon_names)}")
    if [len(c) for c in columns] != list(range(1, 8)):
        raise ValueError(f"a PySol deal has 7 columns of 1 to 7 cards, got sizes {[len(c) for c in columns]}")

    def card(name: str) -> Card:
        bare = name.strip("<>")
        if len(bare) != 2 or bare[0] not in _PYSOL_RANKS or bare[1] not in _PYSOL_SUITS:
            raise ValueError(f"{name!r} is not a PySol card (rank A23456789TJQK, suit CDHS)")
        return Card(_PYSOL_SUITS[bare[1]], _PYSOL_RANKS[bare[0]])

    by_position: dict[tuple[int, int], tuple[Card, str]] = {}
    for column, names in enumerate(columns):
        for row, name in enumerate(names):
            by_position[column, row] = (card(name), name)
    order = [by_position[pos] for pos in TABLEAU_POSITIONS] + [(card(n), n) for n in talon_names]
    cards = [c for c, _ in order]
    _check_complete(cards, [n for _, n in order])
    return cards


def layout(cards: Sequence[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Lay out a deck order: 7 columns (bottom first, the last card face up) and the stock.

    The stock is a list whose *end* is its top (the next card to turn over), as in the tutorial's
    ``stock.pop()``.
    """
    if len(cards) != 52:
        raise ValueError(f"a deal needs 52 cards, got {len(cards)}")
    tableau: list[list[Card]] = [[] for _ in range(7)]
    for (column, _row), card in zip(TABLEAU_POSITIONS, cards):
        tableau[column].append(card.face_down())
    for pile in tableau:
        pile[-1] = pile[-1].face_up()
    stock = [card.face_down() for card in reversed(cards[28:])]
    return tableau, stock


def deck_order(tableau: Sequence[Sequence[Card]], stock: Sequence[Card]) -> list[Card]:
    """The deck order of a freshly dealt layout (the inverse of :func:`layout`)."""
    if [len(column) for column in tableau] != list(range(1, 8)) or len(stock) != 24:
        raise ValueError("only a fresh deal (columns of 1 to 7 cards, 24 in the stock) has a deck order")
    return [tableau[column][row].face_down() for column, row in TABLEAU_POSITIONS] + [
        card.face_down() for card in reversed(stock)
    ]
