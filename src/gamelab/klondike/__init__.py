"""Klondike solitaire (クロンダイク): engine, deck strings, a solver that sees every card.

Mirrors the tutorial "ブラウザ版ソリティアの実装を解説" (notebooks/03_klondike.ipynb).

>>> from gamelab.klondike import Klondike
>>> game = Klondike.new(seed=1)
>>> game.play("t5>t4")
>>> game.moves, game.score
(1, 5)
"""

from __future__ import annotations

from ..lazy import lazy_exports
from .cards import RANK_NAMES, SUITS, Card, card_from_id, new_deck, parse_card, shuffled_deck
from .deck import deck_order, format_deck, layout, parse_deck, parse_pysol
from .game import SCORES, Klondike, deal
from .legality import can_foundation, can_tableau, is_run, why_not_foundation, why_not_run, why_not_tableau
from .picture import CardAt, Column, Foundation, KlondikePicture, KlondikeUI, Stock, Waste

__all__ = [
    "Card",
    "SUITS",
    "RANK_NAMES",
    "new_deck",
    "shuffled_deck",
    "card_from_id",
    "parse_card",
    "parse_deck",
    "format_deck",
    "parse_pysol",
    "layout",
    "deck_order",
    "Klondike",
    "deal",
    "SCORES",
    "can_tableau",
    "can_foundation",
    "is_run",
    "why_not_tableau",
    "why_not_foundation",
    "why_not_run",
    "KlondikePicture",
    "KlondikeUI",
    "Stock",
    "Waste",
    "Foundation",
    "Column",
    "CardAt",
    "KlondikeBoard",
    "solve",
    "SolveResult",
]

# The play board pulls in ipywidgets/ipycanvas and the solver is only needed by some: loaded on demand.
__getattr__ = lazy_exports(__name__, {"KlondikeBoard": ".widget", "solve": ".solver", "SolveResult": ".solver"})
