"""Legality: the two placement rules and the run check, as pure functions on cards.

The tutorial gathers its rules into ``canTableau(card, pile)`` and ``canFoundation(card, index)``
("移動条件を関数にする") so that clicking and dragging can never disagree. Each rule here also has a
``why_not_…`` twin giving the reason in the player's words, used for :class:`~gamelab.IllegalMove`.
The module is named for the question it answers, "is this placement legal?" (not ``rules``, a name
another game gives its rule options; not ``moves``, which the engine's actions and the solver use).

>>> from gamelab.klondike.cards import Card
>>> can_tableau(Card(1, 7, True), [Card(0, 8, True)])
True
>>> why_not_tableau(Card(1, 7, True), [Card(0, 9, True)])
'7♥ cannot go on 9♠: it needs a black 8'
"""

from __future__ import annotations

from typing import Sequence

from .cards import RANK_NAMES, SUITS, Card

__all__ = ["can_tableau", "can_foundation", "is_run", "why_not_tableau", "why_not_foundation", "why_not_run"]


def can_tableau(card: Card, pile: Sequence[Card]) -> bool:
    """May ``card`` (with any cards on it) be put on the tableau column ``pile``? (canTableau)

    On an empty column only a King; otherwise on a face-up card one rank higher of the other color.

    >>> can_tableau(Card(0, 13), []), can_tableau(Card(0, 12), [])
    (True, False)
    """
    if not pile:
        return card.rank == 13
    top = pile[-1]
    return top.up and top.rank == card.rank + 1 and top.red != card.red


def can_foundation(card: Card, foundation: Sequence[Card]) -> bool:
    """May ``card`` go on ``foundation``, the pile of its suit? (canFoundation)

    Foundations are built by suit from the Ace up, so the card must be one rank above the pile's top
    (an Ace on an empty pile). The tutorial indexes foundations by suit, as :class:`Klondike` does.

    >>> can_foundation(Card(2, 1), []), can_foundation(Card(2, 2), [Card(2, 1, True)])
    (True, True)
    """
    if foundation and foundation[-1].suit != card.suit:
        return False
    return card.rank == len(foundation) + 1


def is_run(cards: Sequence[Card]) -> bool:
    """Are ``cards`` (bottom to top) face up, each one rank lower and of the other color?

    Only such a run may be moved as a whole from one column to another.

    >>> is_run([Card(0, 9, True), Card(1, 8, True), Card(2, 7, True)])
    True
    >>> is_run([Card(0, 9, True), Card(2, 8, True)])
    False
    """
    if not all(card.up for card in cards):
        return False
    return all(low.rank == high.rank - 1 and low.red != high.red for high, low in zip(cards, cards[1:]))


def _needs(card: Card) -> str:
    """What ``card`` needs beneath it on the tableau, e.g. ``"a black 8"``."""
    color = "black" if card.red else "red"
    return f"a {color} {RANK_NAMES[card.rank + 1]}"


def why_not_tableau(card: Card, pile: Sequence[Card]) -> str | None:
    """Why ``card`` may not go on ``pile``, in the player's terms, or None when it may.

    >>> why_not_tableau(Card(1, 5), [])
    '5♥ cannot go on an empty column: only a King can'
    """
    if can_tableau(card, pile):
        return None
    if not pile:
        return f"{card} cannot go on an empty column: only a King can"
    top = pile[-1]
    if not top.up:
        return f"{card} cannot go on a face-down card"
    if card.rank == 13:
        return f"{card} cannot go on {top}: a King only goes on an empty column"
    return f"{card} cannot go on {top}: it needs {_needs(card)}"


def why_not_foundation(card: Card, foundation: Sequence[Card]) -> str | None:
    """Why ``card`` may not go on its foundation, or None when it may.

    >>> why_not_foundation(Card(1, 3), [Card(1, 1, True)])
    '3♥ cannot go on the ♥ foundation: it needs the 2♥ first'
    """
    if can_foundation(card, foundation):
        return None
    if foundation and foundation[-1].suit != card.suit:
        return f"{card} cannot go on the {SUITS[foundation[-1].suit]} foundation: foundations are built by suit"
    if card.rank <= len(foundation):
        return f"{card} is already on the {SUITS[card.suit]} foundation"
    if not foundation:
        return f"{card} cannot go on the {SUITS[card.suit]} foundation: it starts with the A{SUITS[card.suit]}"
    nxt = RANK_NAMES[len(foundation) + 1] + SUITS[card.suit]
    return f"{card} cannot go on the {SUITS[card.suit]} foundation: it needs the {nxt} first"


def why_not_run(cards: Sequence[Card]) -> str | None:
    """Why ``cards`` (bottom to top) may not be moved together, or None when they may.

    >>> why_not_run([Card(0, 9, True), Card(2, 8, True)])
    '8♣ on 9♠ is not a run: colors must alternate'
    """
    for card in cards:
        if not card.up:
            return "a face-down card cannot be moved"
    for high, low in zip(cards, cards[1:]):
        if low.rank != high.rank - 1:
            return f"{low} on {high} is not a run: ranks must go down by one"
        if low.red == high.red:
            return f"{low} on {high} is not a run: colors must alternate"
    return None
