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
from .cards import RANK_NAMES, SUITS, Card, card_from_id, card_text, new_deck, parse_card, shuffle, shuffled_deck
from .deck import deck_order, format_deck, layout, parse_deck, parse_pysol
from .game import (
    HISTORY_LIMIT,
    SCORES,
    Klondike,
    Selection,
    can_auto_complete,
    deal,
    deal_columns,
    draw_from_stock,
    hint_moves,
    move_to_foundation,
    move_to_pile,
    new_game,
    remove_selected,
    restore,
    reveal,
    save_state,
    selected_cards,
    snapshot,
)
from .legality import can_foundation, can_tableau, is_run, why_not_foundation, why_not_run, why_not_tableau
from .picture import CardAt, Column, Foundation, KlondikePicture, KlondikeUI, Stock, Waste

__all__ = [
    "Card",
    "SUITS",
    "RANK_NAMES",
    "new_deck",
    "shuffle",
    "shuffled_deck",
    "card_text",
    "card_from_id",
    "parse_card",
    "parse_deck",
    "format_deck",
    "parse_pysol",
    "layout",
    "deck_order",
    "Klondike",
    "deal",
    "deal_columns",
    "SCORES",
    "Selection",
    "selected_cards",
    "remove_selected",
    "reveal",
    "move_to_pile",
    "move_to_foundation",
    "draw_from_stock",
    "snapshot",
    "restore",
    "save_state",
    "HISTORY_LIMIT",
    "hint_moves",
    "can_auto_complete",
    "new_game",
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
