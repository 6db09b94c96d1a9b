"""Cards as small records, the full deck, and a seeded Fisher–Yates shuffle.

The tutorial (ブラウザ版ソリティアの実装を解説, "52枚のカードをオブジェクトで表す") keeps each card as
``{s: suit, r: rank, up: false, id}`` with suits 0–3 in the order ♠ ♥ ♣ ♦ and ranks A = 1 … K = 13,
so that the rules become number comparisons. :class:`Card` is the same record as an immutable
``NamedTuple``: turning a card over makes a new record, so copying a position never copies cards.

>>> card = Card(suit=1, rank=7)
>>> str(card), card.red, card.id
('7♥', True, 19)
>>> len(new_deck()), str(shuffled_deck(seed=1)[-1])
(52, '9♠')
"""

from __future__ import annotations

import random
from typing import NamedTuple

__all__ = [
    "Card",
    "SUITS",
    "SUIT_NAMES",
    "RANK_NAMES",
    "new_deck",
    "shuffle",
    "shuffled_deck",
    "card_from_id",
    "parse_card",
    "card_text",
]

#: Suit symbols by suit number, in the tutorial's order (``const SUITS = ['♠', '♥', '♣', '♦']``).
SUITS: tuple[str, ...] = ("♠", "♥", "♣", "♦")
#: English suit names, for messages.
SUIT_NAMES: tuple[str, ...] = ("spades", "hearts", "clubs", "diamonds")
#: Rank names by rank number (index 0 unused so that ``RANK_NAMES[1] == "A"``).
RANK_NAMES: tuple[str, ...] = ("", "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")

# Letters accepted when a card or a foundation is typed without the symbol (``7h``, ``fS``).
_SUIT_LETTERS = {"s": 0, "h": 1, "c": 2, "d": 3}
_RANK_LETTERS = {"a": 1, "t": 10, "j": 11, "q": 12, "k": 13}


class Card(NamedTuple):
    """One card: ``suit`` 0–3 (♠ ♥ ♣ ♦), ``rank`` 1–13 (A … K), ``up`` when face up.

    Hearts and diamonds (odd suit numbers) are red, so "alternating colors" is ``a.red != b.red``.

    >>> Card(3, 12, up=True)
    Card(suit=3, rank=12, up=True)
    >>> str(Card(3, 12)), Card(3, 12).id
    ('Q♦', 50)
    """

    suit: int
    rank: int
    up: bool = False

    @property
    def id(self) -> int:
        """A number 0–51 naming the card whatever its side (``suit * 13 + rank - 1``)."""
        return self.suit * 13 + self.rank - 1

    @property
    def red(self) -> bool:
        """True for ♥ and ♦."""
        return self.suit % 2 == 1

    @property
    def color(self) -> str:
        """``"red"`` or ``"black"``, for messages."""
        return "red" if self.red else "black"

    def face_up(self) -> "Card":
        """The same card turned face up."""
        return self if self.up else self._replace(up=True)

    def face_down(self) -> "Card":
        """The same card turned face down."""
        return self._replace(up=False) if self.up else self

    def __str__(self) -> str:
        return RANK_NAMES[self.rank] + SUITS[self.suit]


def card_from_id(card_id: int, up: bool = False) -> Card:
    """The card whose :attr:`Card.id` is ``card_id`` (0–51).

    >>> str(card_from_id(0)), str(card_from_id(51))
    ('A♠', 'K♦')
    """
    if not 0 <= card_id < 52:
        raise ValueError(f"card id {card_id!r} is not between 0 and 51")
    return Card(card_id // 13, card_id % 13 + 1, up)


def parse_card(text: str) -> Card:
    """A card from its name: ``"7♥"``, ``"10♠"``, ``"Td"``, ``"qs"`` (face down).

    >>> parse_card("10♥"), parse_card("Kc")
    (Card(suit=1, rank=10, up=False), Card(suit=2, rank=13, up=False))
    """
    name = text.strip()
    if len(name) < 2:
        raise ValueError(f"{text!r} is not a card: write a rank and a suit, like '7♥' or '7h'")
    rank_part, suit_part = name[:-1].lower(), name[-1]
    if suit_part in SUITS:
        suit = SUITS.index(suit_part)
    elif suit_part.lower() in _SUIT_LETTERS:
        suit = _SUIT_LETTERS[suit_part.lower()]
    else:
        raise ValueError(f"{text!r} is not a card: {suit_part!r} is not a suit (♠ ♥ ♣ ♦ or s h c d)")
    if rank_part in _RANK_LETTERS:
        rank = _RANK_LETTERS[rank_part]
    elif rank_part.isdigit() and 1 <= int(rank_part) <= 13:
        rank = int(rank_part)
    else:
        raise ValueError(f"{text!r} is not a card: {rank_part!r} is not a rank (A 2 … 10 J Q K)")
    return Card(suit, rank)


def new_deck() -> list[Card]:
    """The 52 cards face down, suit by suit, A to K (the tutorial's two nested loops).

    >>> [str(c) for c in new_deck()[:3]]
    ['A♠', '2♠', '3♠']
    """
    return [Card(suit, rank) for suit in range(4) for rank in range(1, 14)]


def shuffle(deck: list[Card], rng: random.Random) -> None:
    """Shuffle ``deck`` in place by Fisher–Yates, walking from the back (シャッフル, the tutorial's loop).

    For each place ``i`` from the last down to 1, swap the card there with the one at a random place
    ``j`` from 0 to ``i`` (``rng.randrange(i + 1)``, the tutorial's ``Math.floor(Math.random() * (i + 1))``).

    >>> deck = new_deck()[:3]
    >>> shuffle(deck, random.Random(1)); [str(c) for c in deck]
    ['2♠', '3♠', 'A♠']
    """
    for i in range(len(deck) - 1, 0, -1):
        j = rng.randrange(i + 1)
        deck[i], deck[j] = deck[j], deck[i]


def shuffled_deck(seed: int | None = None, rng: random.Random | None = None) -> list[Card]:
    """A new deck shuffled by Fisher–Yates, walking from the back (:func:`shuffle`).

    Deal number ``seed`` gives the same order on every Python since 3.2 (``random.Random`` with an
    integer seed and ``randrange`` are stable), so a deal number reproduces a deal anywhere. Pass
    ``rng`` instead to draw from a generator you own.

    >>> [str(c) for c in shuffled_deck(seed=7)[-3:]]
    ['K♥', '10♠', '8♥']
    """
    deck = new_deck()
    shuffle(deck, rng if rng is not None else random.Random(seed))
    return deck


def card_text(card: Card) -> str:
    """What a card shows on the text board: its rank and suit face up (``"10♥"``), ``"##"`` face down.

    The tutorial's ``cardEl`` writes ``names[card.r - 1] + SUITS[card.s]`` on a face-up card and
    leaves a face-down one blank, showing its back (状態から画面を描画する).

    >>> card_text(Card(1, 10, up=True)), card_text(Card(1, 10))
    ('10♥', '##')
    """
    return RANK_NAMES[card.rank] + SUITS[card.suit] if card.up else "##"
