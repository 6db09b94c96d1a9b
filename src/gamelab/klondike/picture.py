"""How a Klondike table looks: green felt, the stock and waste, four foundations, seven columns.

The tutorial's ``render`` draws every pile from the state arrays each time (状態から画面を描画する);
:class:`KlondikePicture` does the same through the painter, so the board in a notebook, in an SVG
and on the play canvas is one drawing. Every card a player can pick up, and every pile a card can
go to, is drawn with a *target* (the small records of :mod:`gamelab.klondike.controls`):

* ``Stock()`` – the stock (or its empty place, to turn the waste back over);
* ``Waste()`` – the top card of the waste;
* ``Foundation(suit)`` – a foundation and its top card;
* ``CardAt(column, index)`` – a face-up card of a column (index from the bottom of the column);
* ``Column(index)`` – the rest of a column's area, so a drop anywhere on a column lands on it.

``ui`` (a :class:`~gamelab.klondike.controls.KlondikeUI` from the play widget, ``None`` for a still
picture) may hold ``selected`` (cards picked up), ``drag`` (cards following the pointer), ``drop``
(the pile under them, highlighted) and ``hint_from`` / ``hint_to`` (an action to point at).

>>> from gamelab.klondike import Klondike
>>> picture = KlondikePicture()
>>> picture.size(Klondike.new(seed=1))     # as tall as the longest column needs (at most 600)
(608, 335)
>>> picture.target_at(Klondike.new(seed=1), 16 + 36, 140 + 50)
CardAt(column=0, index=0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence

from ..pictures import Painter, Picture
from ..words import count
from .cards import RANK_NAMES, SUITS, Card
from .game import Klondike

__all__ = ["KlondikePicture", "Stock", "Waste", "Foundation", "Column", "CardAt", "Target", "Source", "Pile", "Drag",
           "Press", "KlondikeUI"]


# -- click targets: what the picture tags, what the controls read --------------------------------------
@dataclass(frozen=True)
class Stock:
    """The stock (or its empty place, to turn the waste back over)."""


@dataclass(frozen=True)
class Waste:
    """The top card of the waste."""


@dataclass(frozen=True)
class Foundation:
    """The foundation of ``suit`` (0–3: ♠ ♥ ♣ ♦) and its top card."""

    suit: int


@dataclass(frozen=True)
class Column:
    """Tableau column ``index`` (0–6) as a pile: its whole area, face-down cards included."""

    index: int


@dataclass(frozen=True)
class CardAt:
    """The face-up card ``index`` of ``column`` (from the bottom), with the cards lying on it."""

    column: int
    index: int


Target = Stock | Waste | Foundation | Column | CardAt
#: cards that can be picked up
Source = Waste | Foundation | CardAt
#: where cards can go
Pile = Column | Foundation
#: ``(x, y, w, h)`` of a target on the table
Box = tuple[float, float, float, float]


# -- interface state ------------------------------------------------------------------------------------
@dataclass(frozen=True)
class Drag:
    """Cards following the pointer: taken from ``source``, drawn with their top-left corner at
    (``x``, ``y``), which stays ``offset`` away from the pointer (where the cards were grabbed).
    ``piles`` are where the engine would take them, worked out once as the drag starts, so a move of
    the pointer only looks the pile under it up."""

    source: Source
    cards: tuple[Card, ...]
    x: float
    y: float
    offset: tuple[float, float]
    piles: frozenset[Pile] = frozenset()


@dataclass(frozen=True)
class Press:
    """The last press on a card, ``at`` a time in seconds: a second press soon after is a double-click."""

    source: Source
    at: float


@dataclass(frozen=True)
class KlondikeUI:
    """Interface state: the cards picked up (``selected``), being dragged (``drag``), the pile under
    them where the drop would be legal (``drop``), the hint's rings (``hint_from``, ``hint_to``), and
    the last press on a card (``last_press``, for double-clicks)."""

    selected: Source | None = None
    drag: Drag | None = None
    drop: Pile | None = None
    hint_from: Target | None = None
    hint_to: Pile | None = None
    last_press: Press | None = None

    def __repr__(self) -> str:
        # Only the fields that are set, so a Response reads short in examples and test failures.
        parts = [f"{name}={value!r}" for name, value in vars(self).items() if value is not None]
        return f"KlondikeUI({', '.join(parts)})"


FELT = "#1f6e3d"
FELT_DARK = "#175a31"
FACE = "#fffdf7"
EDGE = "#9d9d93"
RED = "#c8202f"
BLACK = "#1c1c1c"
BACK = "#1f4f95"
BACK_LINE = "#6d9be0"
SELECT = "#ffd23f"
DROP = "#7cf29a"
HINT = "#ff7ab8"


class KlondikePicture(Picture[Klondike]):
    """A table 608 pixels wide, as tall as its longest column needs (300 to 600): cards of ``card_w`` ×
    ``card_h`` pixels, columns ``gap`` apart."""

    background = FELT
    card_w = 72
    card_h = 100
    gap = 12
    margin = 16
    top_row = 16
    tableau_top = 140
    down_step = 9  # how much of a face-down card shows under the next one
    up_step = 25  # how much of a face-up card shows: its rank and suit
    height = 600  # the tallest the table gets: longer columns tighten their fan instead
    min_height = 300

    # -- where things are ----------------------------------------------------------------------
    def size(self, state: Klondike, ui: KlondikeUI | None = None) -> tuple[int, int]:
        return 2 * self.margin + 7 * self.card_w + 6 * self.gap, self.table_height(state)

    def table_height(self, state: Klondike) -> int:
        """The table's height: the longest column, one more card's step below it (room to drop a card), the
        margin; between ``min_height`` and ``height``. The table grows and shrinks with its columns."""
        longest = 0.0
        for pile in state.tableau:
            down = sum(1 for card in pile if not card.up)
            ups = len(pile) - down
            longest = max(longest, down * self.down_step + max(0, ups - 1) * self.up_step)
        needed = self.tableau_top + longest + self.card_h + self.up_step + self.margin
        return int(min(self.height, max(self.min_height, needed)))

    def column_x(self, column: int) -> float:
        return self.margin + column * (self.card_w + self.gap)

    def card_y(self, pile: Sequence[Card], index: int) -> float:
        """Top edge of card ``index`` of a column; the face-up fan tightens if a column runs long."""
        down = sum(1 for card in pile if not card.up)
        ups = len(pile) - down
        room = self.height - self.margin - self.tableau_top - self.card_h - down * self.down_step
        step = min(self.up_step, room / max(1, ups - 1))
        if index < down:
            return self.tableau_top + index * self.down_step
        return self.tableau_top + down * self.down_step + (index - down) * step

    def waste_x(self, state: Klondike, index: int) -> float:
        """Left edge of waste card ``index``: the last ``draw`` cards (at most 3) fan to the right."""
        shown = min(len(state.waste), 3 if state.draw > 1 else 1)
        first = len(state.waste) - shown
        return self.column_x(1) + max(0, index - first) * 20

    def foundation_x(self, suit: int) -> float:
        return self.column_x(3 + suit)

    def box(self, state: Klondike, where: Target) -> Box:
        """``(x, y, w, h)`` of a target (for the first card of a run: just that card)."""
        w, h = self.card_w, self.card_h
        if isinstance(where, Stock):
            return self.column_x(0), self.top_row, w, h
        if isinstance(where, Waste):
            return self.waste_x(state, len(state.waste) - 1), self.top_row, w, h
        if isinstance(where, Foundation):
            return self.foundation_x(where.suit), self.top_row, w, h
        if isinstance(where, CardAt):
            return self.column_x(where.column), self.card_y(state.tableau[where.column], where.index), w, h
        pile = state.tableau[where.index]
        bottom = self.card_y(pile, len(pile) - 1) + h if pile else self.tableau_top + h
        return self.column_x(where.index), self.tableau_top, w, bottom - self.tableau_top

    # -- drawing -------------------------------------------------------------------------------
    def draw(self, p: Painter, state: Klondike, ui: KlondikeUI | None = None) -> None:
        ui = ui or KlondikeUI()
        drag = ui.drag
        hidden = drag.source if drag else None  # the dragged cards are drawn on top, not in place
        # region piles
        self._draw_stock(p, state)
        self._draw_waste(p, state, isinstance(hidden, Waste))
        for suit in range(4):
            self._draw_foundation(p, state, suit, hidden == Foundation(suit))
        for column in range(7):
            cut = hidden.index if isinstance(hidden, CardAt) and hidden.column == column else None
            self._draw_column(p, state, column, cut)
        # endregion
        for where, color in ((ui.hint_from, HINT), (ui.hint_to, HINT), (ui.selected, SELECT)):
            if where is not None and not drag:
                self._outline(p, state, where, color)
        if ui.drop is not None:
            self._outline(p, state, ui.drop, DROP, whole=True)
        if drag:
            for k, card in enumerate(drag.cards):
                self.draw_card(p, card, drag.x, drag.y + k * self.up_step, shadow=True)
        if state.is_won:
            self._banner(p, state)

    def _slot(self, p: Painter, x: float, y: float, label: str = "", target: Target | None = None) -> None:
        p.round_rect(x, y, self.card_w, self.card_h, 8, fill=FELT_DARK, stroke="#3d8a57", line_width=2, target=target)
        if label:
            p.text(x + self.card_w / 2, y + self.card_h / 2, label, size=30, fill="#4f9a68")

    def _draw_stock(self, p: Painter, state: Klondike) -> None:
        x, y = self.column_x(0), self.top_row
        if state.stock:
            # A few edges under the top back show the stock's thickness.
            for k in range(min(3, (len(state.stock) + 7) // 8) - 1, 0, -1):
                p.round_rect(x + 2 * k, y + 2 * k, self.card_w, self.card_h, 8, fill=BACK, stroke="#0f2b55")
            self.draw_back(p, x, y, target=Stock())
            p.round_rect(x + self.card_w - 30, y + self.card_h - 22, 26, 17, 8, fill="#0f2b55", alpha=0.85)
            p.text(x + self.card_w - 17, y + self.card_h - 13.5, str(len(state.stock)), size=11, fill="white")
        else:
            self._slot(p, x, y, "↻" if state.waste else "", target=Stock())

    def _draw_waste(self, p: Painter, state: Klondike, hide_top: bool) -> None:
        x0, y = self.column_x(1), self.top_row
        if not state.waste:
            return
        shown = min(len(state.waste), 3 if state.draw > 1 else 1)
        cards = state.waste[-shown:]
        if len(state.waste) > shown:  # the card under the fan shows the waste is not empty below
            self.draw_card(p, state.waste[-shown - 1], x0, y)
        for k, card in enumerate(cards):
            top = k == len(cards) - 1
            if top and hide_top:
                continue
            x = self.waste_x(state, len(state.waste) - shown + k)
            self.draw_card(p, card, x, y, target=Waste() if top else None)

    def _draw_foundation(self, p: Painter, state: Klondike, suit: int, hide_top: bool) -> None:
        x, y = self.foundation_x(suit), self.top_row
        pile = state.foundations[suit]
        self._slot(p, x, y, SUITS[suit], target=Foundation(suit))
        shown = pile[:-1] if hide_top else pile
        if shown:
            self.draw_card(p, shown[-1], x, y, target=Foundation(suit))

    def _draw_column(self, p: Painter, state: Klondike, column: int, cut: int | None) -> None:
        x = self.column_x(column)
        pile = state.tableau[column]
        # The whole column area is a drop target, under the cards.
        p.region(x, self.tableau_top, self.card_w, self.table_height(state) - self.tableau_top - self.margin,
                 Column(column))
        if not pile or cut == 0:
            self._slot(p, x, self.tableau_top, "K", target=Column(column))
        for index, card in enumerate(pile):
            if cut is not None and index >= cut:
                break
            y = self.card_y(pile, index)
            if card.up:
                self.draw_card(p, card, x, y, target=CardAt(column, index))
            else:
                self.draw_back(p, x, y, target=Column(column))

    def _outline(self, p: Painter, state: Klondike, where: Target, color: str, whole: bool = False) -> None:
        """A glowing frame around a pile, or around a card and the cards on it."""
        x, y, w, h = self.box(state, where)
        if isinstance(where, CardAt):
            pile = state.tableau[where.column]
            h = self.card_y(pile, len(pile) - 1) + self.card_h - y
        elif isinstance(where, Column) and whole and state.tableau[where.index]:
            pile = state.tableau[where.index]
            y = self.card_y(pile, len(pile) - 1)
            h = self.card_h
        p.round_rect(x - 3, y - 3, w + 6, h + 6, 10, stroke=color, line_width=4)
        p.round_rect(x - 6, y - 6, w + 12, h + 12, 12, stroke=color, line_width=3, alpha=0.35)

    def _banner(self, p: Painter, state: Klondike) -> None:
        width, height = self.size(state)
        top = (height - 86) / 2
        p.round_rect(width / 2 - 170, top, 340, 86, 16, fill="#102a18", stroke=SELECT, line_width=3, alpha=0.92)
        p.text(width / 2, top + 30, "You won!", size=28, bold=True, fill=SELECT)
        p.text(width / 2, top + 64, f"{count(state.moves, 'move')} · score {state.score}", size=16, fill="white")

    # -- one card --------------------------------------------------------------------------------
    def draw_card(self, p: Painter, card: Card, x: float, y: float, *, target: Target | None = None,
                  shadow: bool = False) -> None:
        """A face-up card: rank and suit in the top corners (they show when fanned), a big suit pip.

        Each of the 52 faces is a sprite: a canvas paints it once and then only copies it, so a frame of
        the table (and every frame of a drag) stays a few kilobytes.
        """
        w, h = self.card_w, self.card_h
        if shadow:
            p.round_rect(x + 4, y + 5, w, h, 8, fill="black", alpha=0.3)
        # one spare pixel all round, so the edge's stroke is not clipped by the sprite's border
        p.sprite(("card", card.rank, card.suit, w, h), x - 1, y - 1, w + 2, h + 2,
                 lambda q, sx, sy: self._paint_face(q, card, sx + 1, sy + 1))
        if target is not None:
            p.region(x, y, w, h, target)

    def _paint_face(self, p: Painter, card: Card, x: float, y: float) -> None:
        w, h = self.card_w, self.card_h
        p.round_rect(x, y, w, h, 8, fill=FACE, stroke=EDGE, line_width=1)
        color = RED if card.red else BLACK
        rank, suit = RANK_NAMES[card.rank], SUITS[card.suit]
        p.text(x + 5, y + 4, rank, size=16, bold=True, fill=color, align="left", baseline="top")
        p.text(x + w - 6, y + 4, suit, size=16, fill=color, align="right", baseline="top")
        p.text(x + 5, y + 22, suit, size=12, fill=color, align="left", baseline="top")  # shows in the waste fan
        if card.rank > 10:  # court cards: the letter large, in a frame clear of the corner indices
            p.round_rect(x + 17, y + 36, w - 34, h - 52, 4, stroke=color, line_width=1, alpha=0.5)
            p.text(x + w / 2, y + 55, rank, size=26, bold=True, fill=color)
            p.text(x + w / 2, y + 75, suit, size=15, fill=color)
        else:
            p.text(x + w / 2, y + 62, suit, size=40 if card.rank > 1 else 48, fill=color)
        with p.rotated(180, x + w / 2, y + h / 2):
            p.text(x + 6, y + 4, rank, size=12, bold=True, fill=color, align="left", baseline="top")

    def draw_back(self, p: Painter, x: float, y: float, *, target: Target | None = None) -> None:
        """A face-down card: a blue back with a lattice inside a white frame (a sprite, like the faces)."""
        w, h = self.card_w, self.card_h
        p.sprite(("card-back", w, h), x - 1, y - 1, w + 2, h + 2, lambda q, sx, sy: self._paint_back(q, sx + 1, sy + 1))
        if target is not None:
            p.region(x, y, w, h, target)

    def _paint_back(self, p: Painter, x: float, y: float) -> None:
        w, h = self.card_w, self.card_h
        p.round_rect(x, y, w, h, 8, fill=BACK, stroke="#0f2b55", line_width=1)
        p.round_rect(x + 5, y + 5, w - 10, h - 10, 5, stroke="white", line_width=1.5, alpha=0.8)
        left, right, top, bottom = x + 8, x + w - 8, y + 8, y + h - 8
        step = 12
        k = 0.0
        while k < (right - left) + (bottom - top):
            # Two families of diagonals, clipped by hand to the inner frame.
            a = (left + min(k, right - left), top + max(0.0, k - (right - left)))
            b = (left + max(0.0, k - (bottom - top)), top + min(k, bottom - top))
            p.line(*a, *b, stroke=BACK_LINE, line_width=1, alpha=0.6)
            c = (right - min(k, right - left), top + max(0.0, k - (right - left)))
            d = (right - max(0.0, k - (bottom - top)), top + min(k, bottom - top))
            p.line(*c, *d, stroke=BACK_LINE, line_width=1, alpha=0.6)
            k += step
