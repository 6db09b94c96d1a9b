"""The Klondike lesson's exercises: every step of 「ブラウザ版ソリティアの実装を解説」 the learner writes.

Each exercise compares the learner's step with the shipped one in :mod:`gamelab.klondike` (the cards,
the deal, the rules, the moves, the stock, undo, hint, auto-complete, the text board, the clock, New
game) on many positions from fixed deals, and explains the first difference in the game's words (A♠,
"column 3", "the ♥ foundation") with a small drawing of the piles, the cards that differ ringed in red.

>>> from gamelab.klondike import can_tableau
>>> check(exercise("klondike.can_tableau")(can_tableau)).status
'passed'
>>> @exercise("klondike.can_tableau")
... def color_blind(card, pile):
...     return card.rank == 13 if not pile else pile[-1].up and pile[-1].rank == card.rank + 1
>>> print(repr(check(color_blind)))
✘ klondike.can_tableau: 96 of 5460 cases differ from the shipped version.
A♠ onto a column whose top card is 2♠:
  the shipped rule says no: A♠ cannot go on 2♠: it needs a red 2
  yours says yes
In the picture: the column's top cards and, ringed in red, the card to place on them; your answer ringed, under the shipped one.
"""

from __future__ import annotations

import collections
import functools
import json
import random
import re
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Sequence

from ..clock import Clock, format_seconds
from ..klondike import cards as cards_module
from ..klondike import controls, legality
from ..klondike import game as engine
from ..klondike.cards import RANK_NAMES, SUITS, Card, new_deck, shuffled_deck
from ..klondike.controls import describe
from ..klondike.game import Klondike, Selection
from ..klondike.picture import CardAt, Foundation, Waste
from ..pictures import SvgImage, SvgPainter
from .exercises import Exercise, Explanation, check, exercise, register, use_all  # noqa: F401  (the examples use check)
from .helpers import OnRequest  # noqa: F401  (the lesson imports it from here)

__all__ = ["your_pieces", "OnRequest", "table_picture", "compare_picture", "practice_positions", "lesson_position", "card_words",
           "pile_words", "listed_card", "legend", "Drawing"]


# -- the pieces a board plays on ------------------------------------------------------------------------------
def your_pieces(*functions: Callable[..., Any], even_if_failing: bool = False) -> dict[str, Callable[..., Any]]:
    """The pieces a board (``KlondikeBoard(pieces=...)``) or ``Klondike.with_rules(**...)`` plays on, by the
    step's name: each of your exercise ``functions`` where its check passes, else the shipped step (with
    ``even_if_failing=True``, yours wherever it is written, to watch a mistake play). Says so in one line,
    ``your pieces: 9 of 9 ✔``, the piece-by-piece lines folded in a notebook.

    >>> @exercise("klondike.can_tableau")
    ... def can_tableau(card, pile):
    ...     ...
    >>> sorted(your_pieces(can_tableau))
    your pieces: 0 of 1 ✔ · none written yet: the board plays the shipped ones
    ['can_tableau']
    """
    names = []
    for function in functions:
        exercise_id = getattr(function, "__exercise__", "")
        if not exercise_id.startswith("klondike."):
            what = f"exercise {exercise_id!r}" if exercise_id else "not marked as an exercise"
            raise TypeError(f"{getattr(function, '__name__', function)!r} ({what}) is not a step of the "
                            "Klondike lesson")
        names.append(exercise_id.partition(".")[2])
    return dict(zip(names, use_all(*functions, even_if_failing=even_if_failing)))


# -- words ---------------------------------------------------------------------------------------------------
def card_words(card: Any) -> str:
    """A card as the lesson writes it: ``9♠`` face up, ``[9♠]`` face down (as in a position's text).

    >>> card_words(Card(0, 9, True)), card_words(Card(1, 12))
    ('9♠', '[Q♥]')
    """
    if not isinstance(card, Card):
        return f"<{_short(repr(card), 18)}>"
    name = RANK_NAMES[card.rank] + SUITS[card.suit] if 1 <= card.rank <= 13 and 0 <= card.suit <= 3 else repr(card)
    return name if card.up else f"[{name}]"


def pile_words(cards: Any, *, limit: int = 8) -> str:
    """The cards of a pile, bottom first, or ``(empty)``; a long pile shows its last ``limit`` cards.

    >>> pile_words([Card(0, 9), Card(1, 8, True)]), pile_words([])
    ('[9♠] 8♥', '(empty)')
    """
    try:
        items = list(cards)
    except TypeError:
        return f"<{_short(repr(cards), 30)}>"
    if not items:
        return "(empty)"
    shown = [card_words(c) for c in items[-limit:]]
    return ("… " if len(items) > limit else "") + " ".join(shown)


def _short(text: str, limit: int = 60) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _column(index: int) -> str:
    return f"column {index + 1}"


# -- pictures ------------------------------------------------------------------------------------------------
CARD_W, CARD_H = 30, 40
UP_STEP, DOWN_STEP = 14, 5
PITCH = CARD_W + 5  # from one column to the next
MARGIN = 8
FELT, FACE, EDGE, RED, BLACK, BACK, MARK, EXTRA = ("#1f6e3d", "#fffdf7", "#9d9d93", "#c8202f", "#1c1c1c",
                                                  "#1f4f95", "#ff2d55", "#ffb000")
GOLD = "#ffd23f"

PileKey = tuple[Any, ...]  # ("stock",), ("waste",), ("foundation", suit), ("tableau", column)


_FAMILY = re.compile(r' font-family="([^"]*)"')


class Drawing(SvgImage):
    """A report's picture: the SVG (and the same picture as PNG, for a notebook not trusted yet), and how
    many marks of each kind it draws (``marks`` in all).

    A kind is what a legend names (``"differ"``: a ring around what differs…); a report's legend names
    only the kinds its picture really draws (:func:`legend`).
    """

    def __init__(self, svg: str, label: str, kinds: dict[str, int],
                 png: Callable[[], tuple[bytes, dict[str, int]]] | None = None) -> None:
        super().__init__(svg, label, png=png)
        self.kinds = {kind: n for kind, n in kinds.items() if n}

    @property
    def marks(self) -> int:
        return sum(self.kinds.values())


class _Sketch(SvgPainter):
    """The lesson's painter: SVG, the drawing calls kept to paint them again as PNG, the marks counted."""

    _KEPT = ("rect", "round_rect", "text", "line", "circle", "polygon", "polyline")

    def __init__(self, width: float, height: float) -> None:
        self.calls: list[tuple[str, tuple[Any, ...], dict[str, Any]]] = []
        self.tally: collections.Counter[str] = collections.Counter()  # the marks drawn, by kind
        super().__init__(int(width), int(height))
        self.rect(0, 0, int(width), int(height), fill=FELT)

    def png(self) -> tuple[bytes, dict[str, int]]:
        """The same drawing as PNG bytes, and the picture's own size to show it at."""
        from ..pictures.raster import PngPainter  # Pillow only when a PNG is asked for

        painter = PngPainter(self.width, self.height)
        for name, args, kwargs in self.calls:
            getattr(painter, name)(*args, **kwargs)
        return painter.png(), {"width": self.width, "height": self.height}


def _kept(name: str) -> Callable[..., Any]:
    def method(self: _Sketch, *args: Any, **kwargs: Any) -> Any:
        self.calls.append((name, args, kwargs))
        return getattr(SvgPainter, name)(self, *args, **kwargs)

    method.__name__ = name
    return method


for _name in _Sketch._KEPT:
    setattr(_Sketch, _name, _kept(_name))


def _painter(width: float, height: float) -> _Sketch:
    return _Sketch(width, height)


def _tally(p: SvgPainter, kind: str) -> None:
    p.tally[kind] += 1  # type: ignore[attr-defined]


def _image(p: _Sketch, label: str) -> Drawing:
    """The painter's SVG with the one font family said once, on the root (the notebook stores every byte),
    and its PNG made when asked for."""
    svg = p.svg()
    families = set(_FAMILY.findall(svg))
    if len(families) == 1:
        family = families.pop()
        svg = svg.replace(f' font-family="{family}"', "").replace("<svg ", f'<svg font-family="{family}" ', 1)
    return Drawing(svg, label, dict(p.tally), png=p.png)


def legend(picture: Any, phrases: dict[str, str]) -> list[str]:
    """``In the picture: …``, naming only the kinds of mark ``picture`` draws (none: no line).

    >>> legend(Drawing("<svg/>", "x", {"differ": 2}), {"differ": "what differs ringed", "extra": "never drawn"})
    ['In the picture: what differs ringed.']
    """
    kinds = getattr(picture, "kinds", {})
    said = [phrase for kind, phrase in phrases.items() if kinds.get(kind)]
    return [f"In the picture: {'; '.join(said)}."] if said else []


def _explained(lines: list[str], picture: Drawing, phrases: dict[str, str]) -> Explanation:
    return Explanation(lines + legend(picture, phrases), picture, picture.marks)


def _as_card(value: Any) -> Card | None:
    return value if isinstance(value, Card) else None


def listed_card(value: Any) -> Card | None:
    """The card a plain list ``[suit, rank, up]`` stands for (what ``json.loads`` gives back for a Card), or
    None when ``value`` is a Card already or no such list.

    >>> listed_card([0, 9, False]), listed_card(Card(0, 9))
    (Card(suit=0, rank=9, up=False), None)
    """
    if isinstance(value, Card) or not isinstance(value, (list, tuple)) or len(value) != 3:
        return None
    suit, rank, up = value
    if (isinstance(suit, int) and isinstance(rank, int) and isinstance(up, bool) and 0 <= suit <= 3
            and 1 <= rank <= 13):
        return Card(suit, rank, up)
    return None


def _draw_card(p: SvgPainter, x: float, y: float, value: Any, *, peek: bool = False) -> None:
    """A card: its face, or its back (with its name on it when ``peek``: where which card it is matters);
    a list standing for a card greyed and outlined (kind ``list``), anything else a ``?`` (kind ``odd``)."""
    card = _as_card(value)
    listed = listed_card(value)
    if card is None and listed is not None:
        p.round_rect(x, y, CARD_W, CARD_H, 3, fill="#dcdcdc", stroke=EXTRA, line_width=2)
        name = str(listed) if listed.up else f"[{listed}]"
        p.text(x + 2, y + 2, name, size=9 if listed.up else 7.5, fill="#6b6b6b", align="left", baseline="top")
        _tally(p, "list")
    elif card is None:
        p.round_rect(x, y, CARD_W, CARD_H, 3, fill="#eeeeee", stroke=MARK, line_width=1.5)
        p.text(x + 4, y + 3, "?", size=10, bold=True, fill=MARK, align="left", baseline="top")
        _tally(p, "odd")
    elif card.up:
        p.round_rect(x, y, CARD_W, CARD_H, 3, fill=FACE, stroke=EDGE, line_width=1)
        p.text(x + 3, y + 2, str(card), size=10, bold=True, fill=RED if card.red else BLACK,
               align="left", baseline="top")
    else:
        p.round_rect(x, y, CARD_W, CARD_H, 3, fill=BACK, stroke="#0f2b55", line_width=1)
        if peek:
            p.text(x + 3, y + 2, str(card), size=10, bold=True, fill="#ffb3ba" if card.red else "#eef3ff",
                   align="left", baseline="top")


def _slot(p: SvgPainter, x: float, y: float, label: str = "") -> None:
    p.round_rect(x, y, CARD_W, CARD_H, 3, fill="#175a31", stroke="#3d8a57", line_width=1)
    if label:
        p.text(x + CARD_W / 2, y + CARD_H / 2, label, size=13, fill="#4f9a68")


def _ring(p: SvgPainter, x: float, y: float, h: float, color: str, kind: str = "differ",
          w: float = CARD_W) -> None:
    p.round_rect(x - 2, y - 2, w + 4, h + 4, 4, stroke=color, line_width=2.5)
    _tally(p, kind)


def _list(value: Any) -> list[Any]:
    try:
        return list(value)
    except TypeError:
        return []


def _piles(game: Any) -> dict[PileKey, list[Any]]:
    """Every pile of a position (a learner's broken one too: whatever is not a list counts as empty)."""
    piles: dict[PileKey, list[Any]] = {("stock",): _list(getattr(game, "stock", [])),
                                       ("waste",): _list(getattr(game, "waste", []))}
    foundations = _list(getattr(game, "foundations", []))
    for suit in range(4):
        piles[("foundation", suit)] = _list(foundations[suit]) if suit < len(foundations) else []
    tableau = _list(getattr(game, "tableau", []))
    for column in range(7):
        piles[("tableau", column)] = _list(tableau[column]) if column < len(tableau) else []
    return piles


def _is_up(card: Any) -> bool:
    card = _as_card(card) or listed_card(card)
    return card is None or bool(card.up)


def _column_y(pile: list[Any], index: int, top: float, peeked: Iterable[int] = ()) -> float:
    """Where card ``index`` of a column lies: a face-down card shows a sliver, unless it is ``peeked`` at
    (marked: then it shows as much as a face-up card, its name)."""
    peeked = set(peeked)
    y = top
    for k, card in enumerate(pile[:index]):
        y += UP_STEP if _is_up(card) or k in peeked else DOWN_STEP
    return y


def _marked_cards(marks: dict[Any, str], column: int, pile: list[Any]) -> dict[int, str]:
    """The cards of a column that ``marks`` ring, by index (``+``: a card and every card on it)."""
    marked: dict[int, str] = {}
    for key, color in marks.items():
        if isinstance(key[0], tuple) and key[0] == ("tableau", column) and key[1] < len(pile):
            for index in range(key[1], len(pile) if key[2:] == ("+",) else key[1] + 1):
                marked[index] = color
    return marked


def _table_height(game: Any, marks: dict[Any, str] | None = None) -> float:
    piles = _piles(game)
    longest = 0.0
    for c in range(7):
        pile = piles[("tableau", c)]
        longest = max(longest, _column_y(pile, len(pile), 0, _marked_cards(marks or {}, c, pile)))
    return MARGIN + CARD_H + 14 + longest + CARD_H + 18


TABLE_W = 2 * MARGIN + 6 * PITCH + CARD_W


def _color_of(marks: dict[Any, str], pile: PileKey) -> str | None:
    """The color a pile is marked with: as a whole, or through one of its cards."""
    if pile in marks:
        return marks[pile]
    return next((color for key, color in marks.items() if isinstance(key[0], tuple) and key[0] == pile), None)


def _draw_table(p: SvgPainter, x0: float, y0: float, game: Any, marks: dict[Any, str], caption: str,
                counters: str = "") -> None:
    """A compact Klondike table at (x0, y0): stock, waste, foundations, seven columns, ``marks`` ringed.

    A mark is a pile key (the whole pile, or its empty place), ``(pile key, card index)`` (``+`` after the
    index: that card and every card on it), ``("counters",)`` or ``("caption",)``. A marked face-down card
    shows its name.
    """
    piles = _piles(game)
    p.text(x0 + MARGIN, y0 + 3, caption, size=11, bold=True, fill="white", align="left", baseline="top")
    if ("caption",) in marks:
        _ring(p, x0 + MARGIN - 1, y0 + 2, 13, marks[("caption",)], "caption", w=6.6 * len(caption))
    top = y0 + 18
    # stock: its top card's back and how many
    stock = piles[("stock",)]
    sx = x0 + MARGIN
    if stock:
        _draw_card(p, sx, top, Card(0, 1, False) if _as_card(stock[-1]) is not None else stock[-1])
        p.text(sx + CARD_W / 2, top + CARD_H / 2, str(len(stock)), size=11, bold=True, fill="white")
    else:
        _slot(p, sx, top, "↻")
    rings: list[tuple[float, float, float, str]] = []
    color = _color_of(marks, ("stock",))
    if color:
        rings.append((sx, top, CARD_H, color))
    # waste: its last three cards fanned
    waste = piles[("waste",)]
    wx = x0 + MARGIN + PITCH
    first = max(0, len(waste) - 3)
    for k, card in enumerate(waste[first:]):
        _draw_card(p, wx + k * 16, top, card, peek=True)
    for key, color in marks.items():
        if key == ("waste",):
            rings.append((wx, top, CARD_H, color))
        elif isinstance(key[0], tuple) and key[0] == ("waste",):
            k = key[1] - first
            if 0 <= k < 3:
                rings.append((wx + k * 16, top, CARD_H, color))
    if not waste:
        _slot(p, wx, top)
    for suit in range(4):
        fx = x0 + MARGIN + (3 + suit) * PITCH
        pile = piles[("foundation", suit)]
        if pile:
            _draw_card(p, fx, top, pile[-1])
        else:
            _slot(p, fx, top, SUITS[suit])
        color = _color_of(marks, ("foundation", suit))
        if color:
            rings.append((fx, top, CARD_H, color))
    tableau_top = top + CARD_H + 14
    for column in range(7):
        cx = x0 + MARGIN + column * PITCH
        p.text(cx + CARD_W / 2, tableau_top - 7, f"t{column + 1}", size=8, fill="#9fd3ae")
        pile = piles[("tableau", column)]
        marked = _marked_cards(marks, column, pile)

        def y_of(index: int) -> float:
            return _column_y(pile, index, tableau_top, marked)

        if ("tableau", column) in marks:
            end = y_of(len(pile) - 1) + CARD_H if pile else tableau_top + CARD_H
            rings.append((cx, tableau_top, end - tableau_top, marks[("tableau", column)]))
        if not pile:
            _slot(p, cx, tableau_top)
        for index, card in enumerate(pile):
            _draw_card(p, cx, y_of(index), card, peek=index in marked)
        start = None
        for index in range(len(pile) + 1):  # one ring around each stretch of marked cards of one color
            if start is not None and (index not in marked or marked[index] != marked[start]):
                y = y_of(start)
                end = y_of(index - 1) + CARD_H if index == len(pile) else y_of(index)
                rings.append((cx, y, end - y, marked[start]))
                start = None
            if start is None and index in marked:
                start = index
    for x, y, h, color in rings:
        _ring(p, x, y, h, color, _KIND_OF.get(color, "differ"))
    if counters:
        height = _table_height(game, marks)
        p.text(x0 + MARGIN, y0 + height - 9, counters, size=10, fill="white", align="left", baseline="middle")
        if ("counters",) in marks:
            _ring(p, x0 + MARGIN - 1, y0 + height - 17, 16, marks[("counters",)], "counters",
                  w=6.2 * len(counters))


#: the kind of mark each ring color draws on a table (what a legend names)
_KIND_OF = {MARK: "differ", EXTRA: "extra", GOLD: "gold"}


def _counters(game: Any) -> str:
    return f"moves {getattr(game, 'moves', '?')} · score {getattr(game, 'score', '?')}"


def _table(game: Any, marks: dict[Any, str] | None = None, caption: str = "") -> Drawing:
    width, height = TABLE_W, _table_height(game, marks) + 16
    p = _painter(width, height)
    _draw_table(p, 0, 0, game, marks or {}, caption, _counters(game))
    return _image(p, "Klondike position")


def table_picture(game: Any, marks: dict[Any, str] | None = None, caption: str = "") -> SvgImage:
    """A small drawing of a Klondike position, the cards or piles in ``marks`` ringed (a few KB of SVG).

    >>> table_picture(Klondike.new(seed=1), {(("tableau", 4), 4): MARK})
    <Klondike position>
    """
    return _table(game, marks, caption)


def _framed(game: Any, caption: str) -> Drawing:
    """The shipped step's position, framed as a whole (kind ``frame``): what yours should have given."""
    width, height = TABLE_W, _table_height(game) + 16
    p = _painter(width, height)
    _draw_table(p, 0, 0, game, {}, caption, _counters(game))
    _ring(p, 3, 3, height - 6, GOLD, "frame", w=width - 6)
    return _image(p, "Klondike position")


#: the most cards a strip shows in one row
STRIP = 13


def _strip_window(want: list[Any], have: list[Any], wrong: set[int]) -> range:
    """The places of a pile a strip shows: all of them, or ``STRIP`` from just before the first difference."""
    size = max(len(want), len(have))
    if size <= STRIP:
        return range(size)
    start = max(0, min(min(wrong, default=0) - 2, size - STRIP))
    return range(start, start + STRIP)


def _pile_strip(p: SvgPainter, x0: float, y0: float, title: str, want: list[Any], have: list[Any],
                wrong: set[int]) -> float:
    """A pile laid flat, bottom to top, the shipped row above yours, every card's name shown; the places
    that differ ringed in yours. Returns the height used."""
    window = _strip_window(want, have, wrong)
    label_w = 56
    p.text(x0 + MARGIN, y0 + 6, title, size=11, bold=True, fill="white", align="left", baseline="top")
    y = y0 + 22
    for label, cards in (("shipped", want), ("yours", have)):
        p.text(x0 + MARGIN, y + CARD_H / 2, label, size=10, fill="#d9efe0", align="left")
        for k, place in enumerate(window):
            x = x0 + label_w + k * (CARD_W + 3)
            if place < len(cards):
                _draw_card(p, x, y, cards[place], peek=True)
            elif label == "yours" and place in wrong:
                p.round_rect(x, y, CARD_W, CARD_H, 3, fill="#175a31", stroke="#3d8a57")
            if label == "yours" and place in wrong:
                _ring(p, x, y, CARD_H, MARK)
        if not cards:
            p.text(x0 + label_w, y + CARD_H / 2, "(empty)", size=11, fill="white", align="left")
        y += CARD_H + 6
    if window.start > 0 or window.stop < max(len(want), len(have)):
        shown = f"places {window.start + 1}–{window.stop} of {max(len(want), len(have))}"
        p.text(x0 + label_w + STRIP * (CARD_W + 3), y0 + 6, shown, size=10, fill="#d9efe0", align="right",
               baseline="top")
    return y - y0 + 4


def _strips_needed(expected: Any, got: Any, marks: dict[Any, str]) -> list[tuple[str, PileKey]]:
    """The stock, laid flat, when it differs (a table shows only its back); the waste when it differs
    below its last three cards (the only ones a table shows)."""
    needed = []
    if any(key == ("stock",) or (isinstance(key[0], tuple) and key[0] == ("stock",)) for key in marks):
        needed.append(("the stock, bottom → top (face-down cards show their names here)", ("stock",)))
    want, have = _piles(expected)[("waste",)], _piles(got)[("waste",)]
    hidden = min(len(want), len(have)) - 3
    if any(isinstance(key[0], tuple) and key[0] == ("waste",) and key[1] < hidden for key in marks):
        needed.append(("the waste, bottom → top", ("waste",)))
    return needed


def _compare(expected: Any, got: Any, marks: dict[Any, str], *, left: str = "the shipped version",
             right: str = "yours", counters_differ: bool = False) -> Drawing:
    """Two small tables side by side (the shipped step's position, and yours), differences ringed in both;
    below them, the piles a table cannot show card by card (the stock), laid flat."""
    strips = _strips_needed(expected, got, marks)
    tables = max(_table_height(expected, marks), _table_height(got, marks)) + 16
    strip_h = 2 * (CARD_H + 6) + 26
    height = tables + len(strips) * strip_h
    width = 2 * TABLE_W + 6
    p = _painter(width, height)
    p.rect(TABLE_W, 0, 6, tables, fill="#0f3d20")
    _draw_table(p, 0, 0, expected, marks, left, _counters(expected))
    _draw_table(p, TABLE_W + 6, 0, got, marks, right, _counters(got) + ("  ≠" if counters_differ else ""))
    y = tables
    for title, key in strips:
        want, have = _piles(expected)[key], _piles(got)[key]
        wrong = {i for i in range(max(len(want), len(have)))
                 if i >= len(want) or i >= len(have) or _card_state(want[i]) != _card_state(have[i])}
        p.rect(0, y, width, 1, fill="#0f3d20")
        y += _pile_strip(p, 0, y, title, want, have, wrong)
    return _image(p, "Klondike: the shipped version and yours")


def compare_picture(expected: Any, got: Any, marks: dict[Any, str], *, left: str = "the shipped version",
                    right: str = "yours", counters_differ: bool = False) -> SvgImage:
    """Two small tables side by side (the shipped step's position, and yours), differences ringed in both."""
    return _compare(expected, got, marks, left=left, right=right, counters_differ=counters_differ)


def _row_picture(rows: list[tuple[str, list[Any], set[int]]], *, per_row: int = 13, peek: bool = True,
                 run: bool = False) -> Drawing:
    """Cards in rows (a deck, a pile laid flat), each row labelled, every card's name shown; the indexes in
    each set ringed. ``run``: the first row's cards ringed together in gold, as one run."""
    lines = []
    for label, cards, marked in rows:
        for start in range(0, max(1, len(cards)), per_row):
            lines.append((label if start == 0 else "", cards[start:start + per_row], start, marked))
    label_w = 74
    width = label_w + per_row * (CARD_W + 3) + MARGIN
    height = MARGIN + len(lines) * (CARD_H + 8) + 4
    p = _painter(width, height)
    for row, (label, cards, start, marked) in enumerate(lines):
        y = MARGIN + row * (CARD_H + 8)
        if label:
            p.text(MARGIN, y + CARD_H / 2, label, size=11, bold=True, fill="white", align="left")
        for k, card in enumerate(cards):
            x = label_w + k * (CARD_W + 3)
            _draw_card(p, x, y, card, peek=peek)
            if start + k in marked:
                _ring(p, x, y, CARD_H, MARK)
        if run and row == 0 and cards:
            _ring(p, label_w, y, CARD_H, GOLD, "gold", w=len(cards) * (CARD_W + 3) - 3)
        if not cards:
            p.text(label_w, y + CARD_H / 2, "(no cards)", size=11, fill="white", align="left")
    return _image(p, "cards")


def _deck_picture(want: list[Any], have: list[Any] | None) -> Drawing:
    """A deck, 13 places a row, the shipped row right above yours so each place is compared with its
    neighbour; every card's name shown (face-down ones on their blue backs). Only the rows from the first
    difference on are drawn (two pairs at most). The first place that differs is ringed in both rows
    (kind ``first``); the later places where yours differs get a red bar under them (kind ``later``).
    Without an answer of yours, the shipped first row alone, its first card ringed."""
    per_row, label_w = 13, 74
    if have is None:
        p = _painter(label_w + per_row * (CARD_W + 3) + MARGIN, CARD_H + 2 * MARGIN + 4)
        p.text(MARGIN, MARGIN + CARD_H / 2, "shipped", size=11, bold=True, fill="white", align="left")
        for k, card in enumerate(want[:per_row]):
            _draw_card(p, label_w + k * (CARD_W + 3), MARGIN, card, peek=True)
        if want:
            _ring(p, label_w, MARGIN, CARD_H, MARK, "first")
        return _image(p, "cards")
    size = max(len(want), len(have))
    wrong = [i for i in range(size)
             if i >= len(want) or i >= len(have) or _card_state(want[i]) != _card_state(have[i])]
    first_row = (wrong[0] // per_row) if wrong else 0
    rows = list(range(first_row, min(first_row + 2, max(1, -(-size // per_row)))))
    more_rows = -(-size // per_row) - rows[-1] - 1
    height = MARGIN + len(rows) * (2 * (CARD_H + 4) + 12) + (16 if more_rows > 0 else 0)
    p = _painter(label_w + per_row * (CARD_W + 3) + MARGIN, height)
    y = MARGIN
    for row in rows:
        places = range(row * per_row, (row + 1) * per_row)
        for label, cards in (("shipped", want), ("yours", have)):
            p.text(MARGIN, y + CARD_H / 2 - 6, label, size=11, bold=True, fill="white", align="left")
            p.text(MARGIN, y + CARD_H / 2 + 8, f"{places.start + 1}–{min(places.stop, size)}", size=9,
                   fill="#d9efe0", align="left")
            for k, place in enumerate(places):
                x = label_w + k * (CARD_W + 3)
                if place < len(cards):
                    _draw_card(p, x, y, cards[place], peek=True)
                elif place < size:
                    p.round_rect(x, y, CARD_W, CARD_H, 3, fill="#175a31", stroke="#3d8a57")
                if wrong and place == wrong[0]:
                    _ring(p, x, y, CARD_H, MARK, "first")
                elif label == "yours" and place in wrong:
                    p.rect(x + 2, y + CARD_H + 2, CARD_W - 4, 3, fill=MARK)
                    _tally(p, "later")
            y += CARD_H + 4
        y += 12
    if more_rows > 0:
        p.text(MARGIN, y + 2, f"(the last {more_rows * per_row} places are not drawn)", size=10, fill="#d9efe0",
               align="left", baseline="top")
    return _image(p, "cards")


# -- positions the checks use ----------------------------------------------------------------------------------
def lesson_position(text: str, draw: int = 1) -> Klondike:
    """A position from ``text`` (``Klondike.position_text``'s form) naming only the cards that matter:
    the others go to the bottom of the stock, in deck order.

    >>> print(lesson_position("foundations: A♠ -- -- --\\nt1: [K♠] Q♥").position_text().splitlines()[3])
    t1: [K♠] Q♥
    """
    named: set[int] = set()
    lines = []
    stock_line = None
    for line in text.strip().splitlines():
        name, _, rest = line.partition(":")
        for word in rest.split():
            if word in ("--", "-"):
                continue
            card = cards_module.parse_card(word.strip("[]"))
            if name.strip() == "foundations":
                named.update(card.suit * 13 + r - 1 for r in range(1, card.rank + 1))
            else:
                named.add(card.id)
        if name.strip() == "stock":
            stock_line = rest.strip()
        else:
            lines.append(line)
    rest = " ".join(str(c) for c in new_deck() if c.id not in named)
    lines.append(f"stock: {rest} {stock_line or ''}".rstrip())
    return Klondike.new(position="\n".join(lines), draw=draw)


def _playout(seed: int, draw: int, limit: int = 300) -> list[Klondike]:
    """Every position of a game that mostly follows the engine's hint (a fixed random choice otherwise)."""
    game = Klondike.new(seed=seed, draw=draw)
    rng = random.Random(seed * 7 + draw)
    trail = [game.copy()]
    idle = 0
    for _ in range(limit):
        if game.can_auto_complete:
            game.play("auto")
            trail.append(game.copy())
            break
        hints = game.hints()
        if not hints:
            break
        action = hints[0] if rng.random() < 0.8 else rng.choice(hints)
        idle = idle + 1 if action == "draw" else 0
        if idle > 3 * (len(game.stock) + len(game.waste)) + 3:
            break
        game.play(action)
        trail.append(game.copy())
    return trail


@functools.lru_cache(maxsize=None)
def practice_positions() -> tuple[Klondike, ...]:
    """About sixty positions from five fixed deals played out (draw 1 and draw 3), from the deal to the win:
    waste and stock full and empty, foundations growing, empty columns, auto-complete ready, won.

    >>> len(practice_positions()), sum(g.is_won for g in practice_positions())
    (63, 2)
    """
    positions: list[Klondike] = []
    for seed, draw in ((2, 1), (10, 3), (14, 3), (1, 1), (39, 1)):
        trail = _playout(seed, draw)
        picked = trail[::11] + trail[-3:]
        positions += [g for k, g in enumerate(picked) if g not in picked[:k]]
    return tuple(positions)


def _fresh(game: Klondike) -> Klondike:
    return game.copy()


# -- comparing positions -------------------------------------------------------------------------------------------
def _card_state(card: Any) -> Any:
    if isinstance(card, Card):
        return (card.suit, card.rank, bool(card.up))
    return ("not a Card", repr(card))


def _state(game: Any) -> Any:
    """What must agree after a step: every pile card by card, and the counters."""
    piles = _piles(game)
    return (tuple((key, tuple(_card_state(c) for c in cards)) for key, cards in piles.items()),
            getattr(game, "moves", None), getattr(game, "score", None))


def _pile_name(key: PileKey) -> str:
    if key[0] == "tableau":
        return _column(key[1])
    if key[0] == "foundation":
        return f"the {SUITS[key[1]]} foundation"
    return f"the {key[0]}"


def _lists_for_cards(game: Any) -> list[Any]:
    """The plain lists standing where a position should hold Cards (a restore that skipped ``Card(*…)``)."""
    return [card for pile in _piles(game).values() for card in pile if listed_card(card) is not None]


def _lists_line(game: Any) -> list[str]:
    found = _lists_for_cards(game)
    if not found:
        return []
    example = repr(list(found[0]))
    return [f"  yours leaves {len(found)} cards as plain lists such as {example} (what json.loads gives back),",
            f"  not Cards: each must be made a Card again, Card(*{example}) is the {listed_card(found[0])}"]


def _stock_words(before: Any, want: list[Any], have: list[Any]) -> list[str]:
    """Why a stock differs, where the cause is a known one: the waste turned over without reversing it,
    cards left face up, or cards lost or added."""
    waste = [c for c in _piles(before)[("waste",)]] if before is not None else []
    lines = [f"  the stock: shipped {len(want)} cards{_top(want)}, yours {len(have)}{_top(have)}"]
    if waste and len(have) == len(waste) and [_card_state(c) for c in have] == [
            _card_state(c.face_down()) for c in waste if isinstance(c, Card)]:
        lines.append(f"  yours keeps the waste's order: turned over as a packet, its top card {card_words(waste[-1])}")
        lines.append(f"  goes to the bottom of the stock, and its bottom card {card_words(waste[0])} comes on top "
                     "(the waste reversed)")
    elif any(isinstance(c, Card) and c.up for c in have):
        lines.append("  yours leaves cards face up in the stock: every stock card is face down")
    return lines


def _differences(expected: Any, got: Any, before: Any = None) -> tuple[dict[Any, str], list[str], bool]:
    """Marks for the cards that differ, a line per pile that differs, and whether the counters differ.

    A plain list standing for the very card the shipped step has (a snapshot read back without
    ``Card(*…)``) is not ringed card by card: it is drawn as a list, and said once for all.
    """
    marks: dict[Any, str] = {}
    lines: list[str] = []
    want, have = _piles(expected), _piles(got)
    for key in want:
        a, b = want[key], have[key]
        if [_card_state(c) for c in a] == [_card_state(c) for c in b]:
            continue
        same_but_lists = len(a) == len(b) and all(
            _card_state(x) == _card_state(y) or (listed_card(y) is not None and listed_card(y) == x)
            for x, y in zip(a, b))
        if same_but_lists:
            continue  # said once, by _lists_line
        for index in range(max(len(a), len(b))):
            if index >= len(a) or index >= len(b) or _card_state(a[index]) != _card_state(b[index]):
                if not (index < len(a) and index < len(b) and listed_card(b[index]) == a[index]):
                    marks[(key, index)] = MARK
        if not b or not a:
            marks.setdefault(key, MARK)
        if key == ("stock",):
            lines += _stock_words(before, a, b)
        else:
            lines.append(f"  {_pile_name(key)}: shipped {pile_words(a)} · yours {pile_words(b)}")
    counters = []
    for name in ("moves", "score"):
        if getattr(expected, name, None) != getattr(got, name, None):
            counters.append(f"{name} shipped {getattr(expected, name, None)}, yours {getattr(got, name, None)}")
    if counters:
        lines.append("  " + "; ".join(counters))
        marks[("counters",)] = MARK
    return marks, lines, bool(counters)


def _top(cards: list[Any]) -> str:
    return f" (top {card_words(cards[-1])})" if cards else ""


@dataclass(eq=False)
class _After:
    """What a step on a position gave: its answer, and the position afterwards (compared pile by pile)."""

    value: Any
    game: Any

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, _After) and self.value == other.value
                and _state(self.game) == _state(other.game))

    def __repr__(self) -> str:
        return f"<{self.value!r} and the position after>"


#: what a comparison of two positions draws, by kind of mark
_COMPARED = {"differ": "the shipped step's position on the left, yours on the right, what differs ringed in red",
             "counters": "the moves and score that differ ringed",
             "list": "a grey card with an amber edge is a plain list in yours, not a Card ([..]: face down)",
             "odd": "a ? is something in yours that is not a card",
             "frame": "the position the shipped step leaves, framed (yours gave none to compare)"}


def _changed(before: Any, after: Any) -> dict[Any, str]:
    """Marks for what a step changed (the piles and counters that differ before and after it)."""
    marks, _lines, _counters_differ = _differences(before, after)
    return marks


def _explain_position(before: Any, expected: _After, got: _After | None, what: str,
                      value_words: Callable[[Any], str] | None = None) -> Explanation:
    lines = [what]
    if got is None:
        changed = _changed(before, expected.game)
        if changed:
            lines.append("  what the shipped step changes is ringed: yours raised before changing it")
            picture = _table(expected.game, changed, "the shipped version, afterwards")
            return _explained(lines, picture, {"differ": "what the shipped step changes ringed in red",
                                               "counters": "the moves and score it changes ringed"})
        lines.append("  the shipped step changes nothing here; yours raised")
        return _explained(lines, _framed(expected.game, "the shipped version, afterwards"), _COMPARED)
    if value_words is not None and expected.value != got.value:
        lines.append(f"  the shipped version returns {value_words(expected.value)}, yours {value_words(got.value)}")
    marks, pile_lines, counters = _differences(expected.game, got.game, before)
    pile_lines = _lists_line(got.game) + pile_lines
    if pile_lines:
        lines.append("  afterwards:")
        lines += pile_lines[:10]
    if not marks and not _lists_for_cards(got.game):  # the positions agree: the answer alone differs
        marks = _changed(before, expected.game) or {("counters",): MARK}
    picture = _compare(expected.game, got.game, marks, counters_differ=counters)
    return _explained(lines, picture, _COMPARED)


# -- 1 · the deck -----------------------------------------------------------------------------------------------
_DECK = {"first": "the shipped cards above yours, 13 places a row, every card named (blue: face down), "
                  "the first place that differs ringed",
         "later": "a red bar under each later place where yours differs",
         "list": "a grey card with an amber edge is a plain list in yours, not a Card",
         "odd": "a ? is something in yours that is not a card"}


def _deck_lines(want: list[Any], have: list[Any]) -> list[str]:
    wrong = [i for i in range(max(len(want), len(have)))
             if i >= len(want) or i >= len(have) or _card_state(want[i]) != _card_state(have[i])]
    lines = [f"  the shipped version has {len(want)} cards, yours {len(have)}" if len(want) != len(have) else
             f"  {len(wrong)} of the {len(want)} places differ"]
    if wrong:
        first = wrong[0]
        shipped = card_words(want[first]) if first < len(want) else "(none)"
        yours = card_words(have[first]) if first < len(have) else "(none)"
        lines.append(f"  the first at place {first + 1}: shipped {shipped}, yours {yours}")
        if first < len(want) and first < len(have) and isinstance(have[first], Card) and (
                have[first].face_down() == want[first].face_down()):
            lines.append(f"  (the same card, {'face up' if have[first].up else 'face down'} in yours: "
                         f"[..] is a face-down card)")
    return lines


def _explain_new_deck(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    want = _list(expected)
    lines = ["new_deck(): the 52 cards face down, ♠ A…K, then ♥, ♣, ♦ ([..] is a face-down card)"]
    if got is None:
        picture = _deck_picture(want, None)
        return _explained(lines, picture, {"first": "the shipped deck's first 13 cards, the first one ringed"})
    have = _list(got)
    return _explained(lines + _deck_lines(want, have), _deck_picture(want, have), _DECK)


def _run_shuffle(function: Callable[..., Any], case: tuple[Any, ...]) -> list[Any]:
    size, seed = case
    deck = new_deck()[:size]
    function(deck, random.Random(seed))
    return deck


def _shuffle_cases() -> list[tuple[Any, ...]]:
    """Small decks first (a report shows the whole deck in one row), then full decks, then tiny ones."""
    return ([(8, seed) for seed in (3, 5, 11)] + [(52, seed) for seed in range(40)]
            + [(n, 3) for n in range(6)])


def _explain_shuffle(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    size, seed = case
    what = f"the first {size} cards of a new deck" if size < 52 else "a new deck"
    lines = [f"shuffle(deck, random.Random({seed})) on {what} ([..] is a face-down card):"]
    want = _list(expected)
    if got is None:
        picture = _deck_picture(want, None)
        return _explained(lines, picture, {"first": "the deck the shipped shuffle leaves, its first card ringed"})
    have = _list(got)
    return _explained(lines + _deck_lines(want, have), _deck_picture(want, have), _DECK)


def _normal_deal(result: Any) -> Any:
    if not isinstance(result, tuple) or len(result) != 2:
        return ("not (tableau, stock)", _short(repr(result), 40))
    tableau, stock = result
    return (tuple(tuple(_list(column)) for column in _list(tableau)), tuple(_list(stock)))


def _run_deal(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    return _normal_deal(function(shuffled_deck(case[0])))


def _dealt(tableau: Any, stock: Any) -> Klondike:
    game = Klondike.__new__(Klondike)
    game.tableau, game.stock = [list(c) for c in tableau], list(stock)
    game.waste, game.foundations, game.moves, game.score = [], [[], [], [], []], 0, 0
    return game


def _explain_deal(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    head = f"deal_columns(the deck of deal {case[0]}) ([..] is a face-down card):"
    want = _dealt(*expected)
    if got is None or got[0] == "not (tableau, stock)":
        lines = [head, f"  yours returned {got[1]}, not a pair (tableau, stock)" if got else
                 "  the shipped deal is framed: yours raised before dealing"]
        return _explained(lines, _framed(want, "the shipped deal"), _COMPARED)
    have = _dealt(*got)
    marks, lines, _ = _differences(want, have)
    if len(got[0]) != 7:
        lines.insert(0, f"  yours has {len(got[0])} columns, not 7")
    return _explained([head] + lines[:12], _compare(want, have, marks), _COMPARED)


# -- 2 · the rules -----------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _tableau_cases() -> list[tuple[Any, ...]]:
    tops: list[list[Card]] = [[]] + [[c.face_up()] for c in new_deck()] + [[c] for c in new_deck()]
    return [(card.face_up(), pile) for card in new_deck() for pile in tops]


def _yes_no(value: Any) -> str:
    return "yes" if value is True else "no" if value is False else f"{_short(repr(value), 30)} (not True or False)"


def _placement_picture(card: Card, pile: Sequence[Card], label: str, expected: Any, got: Any) -> Drawing:
    """The pile (its last three cards, face-down ones named on their backs), the card to place beside it,
    ringed, and both answers; yours ringed where it differs."""
    shown = list(pile[-3:])
    width = 300
    every = range(len(shown))
    height = max(96, 30 + _column_y(shown, len(shown), 0, every) + CARD_H + MARGIN)
    p = _painter(width, height)
    p.text(MARGIN, MARGIN, label, size=11, bold=True, fill="white", align="left", baseline="top")
    top = MARGIN + 18
    if not shown:
        _slot(p, MARGIN, top, "K" if label == "column" else SUITS[card.suit])
    for index, c in enumerate(shown):
        _draw_card(p, MARGIN, _column_y(shown, index, top, every), c, peek=True)
    p.text(MARGIN + PITCH + 14, top + CARD_H / 2, "←", size=18, fill="white")
    _draw_card(p, MARGIN + PITCH + 30, top, card)
    _ring(p, MARGIN + PITCH + 30, top, CARD_H, MARK, "card")
    x = MARGIN + 2 * PITCH + 50
    p.text(x, top + 8, f"shipped: {_yes_no(expected)}", size=12, bold=True, fill="white", align="left")
    if got is not None:
        p.text(x, top + 30, f"yours: {_short(_yes_no(got), 16)}", size=12, bold=True, fill=GOLD, align="left")
        p.round_rect(x - 5, top + 20, 120, 20, 5, stroke=MARK, line_width=2)
        _tally(p, "answer")
    return _image(p, "a card and a pile")


def _placement(lines: list[str], card: Card, pile: Sequence[Card], label: str, expected: Any,
               got: Any) -> Explanation:
    picture = _placement_picture(card, pile, label, expected, got)
    where = "the column's top cards" if label == "column" else "the foundation's top cards"
    return _explained(lines, picture, {
        "card": f"{where} and, ringed in red, the card to place on them",
        "answer": "your answer ringed, under the shipped one"})


def _explain_can_tableau(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    card, pile = case
    where = f"onto a column whose top card is {card_words(pile[-1])}" if pile else "onto an empty column"
    lines = [f"{card_words(card)} {where}:",
             f"  the shipped rule says {_yes_no(expected)}" + (
                 f": {legality.why_not_tableau(card, pile)}" if not expected else "")]
    if got is not None:
        lines.append(f"  yours says {_yes_no(got)}")
    return _placement(lines, card, pile, "column", expected, got)


@functools.lru_cache(maxsize=None)
def _foundation_cases() -> list[tuple[Any, ...]]:
    piles: list[list[Card]] = [[]] + [[Card(s, r, True) for r in range(1, top + 1)]
                                      for s in range(4) for top in range(1, 13)]
    return [(card.face_up(), pile) for card in new_deck() for pile in piles]


def _explain_can_foundation(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    card, pile = case
    where = f"onto a foundation whose top card is {card_words(pile[-1])}" if pile else "onto an empty foundation"
    lines = [f"{card_words(card)} {where}:",
             f"  the shipped rule says {_yes_no(expected)}" + (
                 f": {legality.why_not_foundation(card, pile)}" if not expected else "")]
    if got is not None:
        lines.append(f"  yours says {_yes_no(got)}")
    return _placement(lines, card, pile, "foundation", expected, got)


@functools.lru_cache(maxsize=None)
def _run_cases() -> list[tuple[Any, ...]]:
    """Three face-up cards of every rank and suit first (runs and near-runs: the typical question), then
    random piles of one to four cards, some face down."""
    cases = [[Card(a, r, True), Card(b, r - 1, True), Card(c, r - 2, True)]
             for r in range(3, 14) for a in range(4) for b in range(4) for c in range(4)]
    rng = random.Random(3)
    cases += [[Card(rng.randrange(4), rng.randrange(1, 14), rng.random() < 0.9) for _ in range(rng.randrange(1, 5))]
              for _ in range(600)]
    return [(cards,) for cards in cases]


def _explain_is_run(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (cards,) = case
    lines = [f"is_run on {pile_words(cards)} (bottom card first; [..] is a face-down card):",
             f"  the shipped check says {_yes_no(expected)}" + (
                 f": {legality.why_not_run(cards)}" if not expected else "")]
    if got is not None:
        lines.append(f"  yours says {_yes_no(got)}")
    breaks: set[int] = set()
    for k, card in enumerate(cards):
        if not card.up:
            breaks.add(k)
    for k, (high, low) in enumerate(zip(cards, cards[1:])):
        if low.rank != high.rank - 1 or low.red == high.red:
            breaks.update((k, k + 1))
    picture = _row_picture([("cards", list(cards), breaks)], per_row=6, run=not breaks)
    return _explained(lines, picture, {
        "differ": "the cards bottom to top, as they lie in a column, those that break the run ringed in red",
        "gold": "the cards bottom to top, as they lie in a column: a run, ringed in gold"})


# -- 3 · moving cards ---------------------------------------------------------------------------------------------
def _selections(game: Klondike) -> list[Selection]:
    found = []
    if game.waste:
        found.append(Selection("waste"))
    found += [Selection("foundation", s) for s in range(4) if game.foundations[s]]
    for column, pile in enumerate(game.tableau):
        found += [Selection("tableau", column, i) for i, card in enumerate(pile) if card.up]
    return found


def _selection_code(selection: Selection) -> str:
    """``Selection("tableau", 0, 9)``: how the learner would write it."""
    if selection.where == "waste":
        return 'Selection("waste")'
    if selection.where == "foundation":
        return f'Selection("foundation", {selection.pile})'
    return f'Selection("tableau", {selection.pile}, {selection.index})'


def _selection_words(game: Klondike, selection: Selection) -> str:
    cards = engine.selected_cards(game, selection)
    first = card_words(cards[0]) if cards else "?"
    if selection.where == "waste":
        return f"the waste's top card {first}"
    if selection.where == "foundation":
        return f"{first} from the top of its foundation"
    more = len(cards) - 1
    return f"{first} in {_column(selection.pile)}" + (f" with {more} card{'s' if more > 1 else ''} on it" if more else "")


def _selection_marks(game: Klondike, selection: Selection, color: str = MARK) -> dict[Any, str]:
    if selection.where == "waste":
        return {(("waste",), len(game.waste) - 1): color}
    if selection.where == "foundation":
        return {("foundation", selection.pile): color}
    return {(("tableau", selection.pile), selection.index, "+"): color}


@functools.lru_cache(maxsize=None)
def _selection_cases(limit: int = 400) -> list[tuple[Any, ...]]:
    cases = [(game, selection) for game in practice_positions() for selection in _selections(game)]
    return random.Random(12).sample(cases, min(limit, len(cases)))


def _run_selected(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    game, selection = case
    return [_card_state(c) for c in _list(function(_fresh(game), selection))]


def _explain_selected(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    game, selection = case
    want = engine.selected_cards(game, selection)
    lines = [f"selected_cards(game, {_selection_code(selection)}), that is {_selection_words(game, selection)}:",
             f"  the shipped version picks up {pile_words(want)}"]
    if got is not None:
        have = [Card(*c) if c[0] != "not a Card" else c[1] for c in got]
        lines.append(f"  yours picks up {pile_words(have)}")
    picture = _table(game, _selection_marks(game, selection), "the position")
    return _explained(lines, picture, {"differ": "the position, the cards the selection should pick up ringed in red"})


def _run_remove(function: Callable[..., Any], case: tuple[Any, ...]) -> _After:
    game, selection = case
    trial = _fresh(game)
    taken = function(trial, selection)
    return _After([_card_state(c) for c in _list(taken)], trial)


def _explain_remove(case: tuple[Any, ...], expected: _After, got: _After | None) -> Explanation:
    game, selection = case
    head = f"remove_selected(game, {_selection_code(selection)}), that is {_selection_words(game, selection)}:"
    def words(value: Any) -> str:
        return pile_words([Card(*c) if c[0] != "not a Card" else c[1] for c in value])

    return _explain_position(game, expected, got, head, value_words=words)


@functools.lru_cache(maxsize=None)
def _reveal_cases() -> list[tuple[Any, ...]]:
    cases = []
    for game in practice_positions()[::2]:
        for column, pile in enumerate(game.tableau):
            ups = sum(1 for c in pile if c.up)
            if pile and ups < len(pile):
                lifted = game.copy()
                del lifted.tableau[column][-ups:]  # as after a move: a face-down card on top
                cases.append((lifted, column))
            cases.append((game, column))
    return cases


def _run_reveal(function: Callable[..., Any], case: tuple[Any, ...]) -> _After:
    game, column = case
    trial = _fresh(game)
    function(trial, column)
    return _After(None, trial)


def _explain_reveal(case: tuple[Any, ...], expected: _After, got: _After | None) -> Explanation:
    game, column = case
    pile = game.tableau[column]
    top = f"its top card is {card_words(pile[-1])}" if pile else "it is empty"
    return _explain_position(game, expected, got, f"reveal(game, {column}): {_column(column)}, {top}:")


@functools.lru_cache(maxsize=None)
def _move_cases(limit: int = 500) -> list[tuple[Any, ...]]:
    cases = []
    for game in practice_positions():
        for selection in _selections(game):
            for column in range(7):
                if not (selection.where == "tableau" and selection.pile == column):
                    cases.append((game, selection, column))
    return _half_and_half(cases, lambda c: engine.move_to_pile(_fresh(c[0]), c[1], c[2]), limit, seed=5)


def _half_and_half(cases: list[tuple[Any, ...]], moves: Callable[[tuple[Any, ...]], bool], limit: int,
                   seed: int) -> list[tuple[Any, ...]]:
    """As many cases where the shipped step moves the cards as where it refuses (fixed choice)."""
    legal: list[tuple[Any, ...]] = []
    refused: list[tuple[Any, ...]] = []
    for case in cases:
        (legal if moves(case) else refused).append(case)
    rng = random.Random(seed)
    return rng.sample(legal, min(limit // 2, len(legal))) + rng.sample(refused, min(limit // 2, len(refused)))


def _run_move(function: Callable[..., Any], case: tuple[Any, ...]) -> _After:
    game, *rest = case
    trial = _fresh(game)
    return _After(bool(function(trial, *rest)), trial)


def _moved(value: Any) -> str:
    return "True (moved)" if value else "False (refused)"


def _explain_move(case: tuple[Any, ...], expected: _After, got: _After | None) -> Explanation:
    game, selection, column = case
    target = game.tableau[column]
    onto = f"onto {_column(column)} ({card_words(target[-1])})" if target else f"onto the empty {_column(column)}"
    head = f"move_to_pile(game, {_selection_code(selection)}, {column}): {_selection_words(game, selection)} {onto}"
    return _explain_position(game, expected, got, head, value_words=_moved)


@functools.lru_cache(maxsize=None)
def _foundation_move_cases(limit: int = 400) -> list[tuple[Any, ...]]:
    cases = [(game, s) for game in practice_positions() for s in _selections(game) if s.where != "foundation"]
    return _half_and_half(cases, lambda c: engine.move_to_foundation(_fresh(c[0]), c[1]), limit, seed=6)


def _explain_move_foundation(case: tuple[Any, ...], expected: _After, got: _After | None) -> Explanation:
    game, selection = case
    head = f"move_to_foundation(game, {_selection_code(selection)}): {_selection_words(game, selection)} to its foundation"
    return _explain_position(game, expected, got, head, value_words=_moved)


# -- 4 · the stock -------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _stock_cases() -> list[tuple[Any, ...]]:
    cases = []
    for game in practice_positions():
        if game.stock or game.waste:
            cases.append((game,))
            if game.stock and game.draw == 3:
                short = game.copy()
                while len(short.stock) > 2:  # a stock with fewer cards than a click turns
                    short.play("draw")
                cases.append((short,))
    return cases


def _run_stock(function: Callable[..., Any], case: tuple[Any, ...]) -> _After:
    trial = _fresh(case[0])
    function(trial)
    return _After(None, trial)


def _explain_stock(case: tuple[Any, ...], expected: _After, got: _After | None) -> Explanation:
    (game,) = case
    if game.stock:
        what = f"draw_from_stock(game) with {len(game.stock)} cards in the stock, draw {game.draw}:"
    else:
        what = (f"draw_from_stock(game) with the stock empty and {len(game.waste)} cards in the waste "
                f"(bottom → top: {pile_words(game.waste, limit=10)}):")
    return _explain_position(game, expected, got, what)


# -- 5 · undo ------------------------------------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _position_cases() -> list[tuple[Any, ...]]:
    return [(game,) for game in practice_positions()]


def _run_snapshot(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    text = function(_fresh(case[0]))
    if not isinstance(text, str):
        return ("not text", _short(repr(text), 40))
    try:
        return json.loads(text)
    except ValueError as exc:
        return ("not JSON", str(exc))


#: where each key of a snapshot lies on the table
_SNAPSHOT_PLACES: dict[str, list[PileKey]] = {
    "stock": [("stock",)], "waste": [("waste",)], "tableau": [("tableau", c) for c in range(7)],
    "foundations": [("foundation", s) for s in range(4)], "moves": [("counters",)], "score": [("counters",)]}


def _snapshot_marks(expected: dict[str, Any], got: dict[str, Any]) -> dict[Any, str]:
    """The parts of the table a snapshot writes differently (or leaves out): a column or a foundation
    alone where only it differs."""
    marks: dict[Any, str] = {}
    for key, places in _SNAPSHOT_PLACES.items():
        want, have = expected.get(key), got.get(key)
        if key in got and have == want:
            continue
        if len(places) > 1 and isinstance(have, list) and isinstance(want, list) and len(have) == len(want):
            marks.update({place: MARK for place, a, b in zip(places, want, have) if a != b})
        else:
            marks.update({place: MARK for place in places})
    return marks


def _explain_snapshot(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (game,) = case
    lines = ["snapshot(game) for the position drawn:"]
    marks: dict[Any, str] = {}
    if isinstance(got, tuple):
        lines.append(f"  yours returned {got[1]}" if got[0] == "not text" else f"  yours is not JSON text: {got[1]}")
    elif isinstance(got, dict):
        missing = [k for k in expected if k not in got]
        extra = [k for k in got if k not in expected]
        if missing:
            lines.append(f"  yours has no {', '.join(missing)}")
        if extra:
            lines.append(f"  yours has {', '.join(extra)} too (the snapshot holds exactly {', '.join(expected)})")
        for key in expected:
            if key in got and got[key] != expected[key]:
                lines.append(f"  {key}: shipped {_short(json.dumps(expected[key]), 50)}")
                lines.append(f"  {' ' * len(key)}  yours   {_short(json.dumps(got[key]), 50)}")
        marks = _snapshot_marks(expected, got)
    elif got is not None:
        lines.append(f"  yours is JSON for {_short(repr(got), 40)}, not an object")
    lines.append("Each card is written [suit, rank, up], as json.dumps writes a Card by itself.")
    picture = _table(game, marks, "the position") if marks else _framed(game, "the position")
    return _explained(lines[:18], picture, {
        "differ": "the position, the piles your snapshot writes differently, or leaves out, ringed in red",
        "counters": "the counters your snapshot writes differently ringed",
        "frame": "the position the snapshot must hold, framed"})


@functools.lru_cache(maxsize=None)
def _restore_cases() -> list[tuple[Any, ...]]:
    positions = practice_positions()
    return [(positions[k], engine.snapshot(positions[(k * 7 + 3) % len(positions)])) for k in range(len(positions))]


def _run_restore(function: Callable[..., Any], case: tuple[Any, ...]) -> _After:
    game, text = case
    trial = _fresh(game)
    function(trial, text)
    return _After(None, trial)


def _explain_restore(case: tuple[Any, ...], expected: _After, got: _After | None) -> Explanation:
    game, _text = case
    return _explain_position(game, expected, got, "restore(game, a snapshot of another position):")


def _save_cases() -> list[tuple[Any, ...]]:
    return [(count, game_index) for count in (0, 1, 2, 50, 98, 99, 100) for game_index in (0, 7)]


def _run_save(function: Callable[..., Any], case: tuple[Any, ...]) -> list[str]:
    count, game_index = case
    history = [f"snapshot {k + 1}" for k in range(count)]
    function(history, _fresh(practice_positions()[game_index]))
    return [text if text.startswith("snapshot ") else "the new snapshot" for text in _list(history)]


def _explain_save(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    count, _game = case
    lines = [f"save_state(history, game) with {count} snapshot{'s' if count != 1 else ''} in the history"
             f" (at most {engine.HISTORY_LIMIT} are kept):",
             f"  the shipped version leaves {len(expected)}: {_history_words(expected)}"]
    if got is not None:
        lines.append(f"  yours leaves {len(got)}: {_history_words(got)}")
    picture = _history_picture(expected, got)
    return _explained(lines, picture, {
        "differ": "each history, oldest first, the new snapshot in gold, the places that differ ringed in red",
        "new": "the shipped history, oldest first: the new snapshot, ringed, is what yours should have added"})


def _history_words(history: list[str]) -> str:
    if not history:
        return "(empty)"
    names = [("new" if h == "the new snapshot" else h.split()[1]) for h in history]
    shown = names if len(names) <= 6 else names[:3] + ["…"] + names[-3:]
    return " ".join(shown)


def _history_picture(expected: list[str], got: list[str] | None) -> Drawing:
    """Both histories as numbered boxes, oldest first (the first three, …, the last three); the boxes
    that differ from the other history are ringed, the new snapshot is gold."""
    rows = [("shipped", expected, got)] + ([("yours", got, expected)] if got is not None else [])
    p = _painter(420, 16 + 34 * len(rows))
    for r, (label, history, other) in enumerate(rows):
        y = 8 + 34 * r
        p.text(8, y + 11, f"{label} ({len(history)})", size=11, bold=True, fill="white", align="left")
        places = list(range(len(history))) if len(history) <= 7 else [0, 1, 2, None, *range(len(history) - 3, len(history))]
        for k, place in enumerate(places):
            x = 110 + k * 42
            if place is None:
                p.text(x + 18, y + 11, "…", size=14, fill="white")
                continue
            item = history[place]
            new = item == "the new snapshot"
            p.round_rect(x, y, 36, 22, 4, fill="#ffd23f" if new else "#d9efe0", stroke="#0f3d20")
            p.text(x + 18, y + 11, "new" if new else item.split()[1], size=10, bold=True, fill="#1c1c1c")
            if other is not None and (place >= len(other) or other[place] != item):
                p.round_rect(x - 2, y - 2, 40, 26, 5, stroke=MARK, line_width=2)
                _tally(p, "differ")
            elif got is None and new:
                p.round_rect(x - 2, y - 2, 40, 26, 5, stroke=MARK, line_width=2)
                _tally(p, "new")
        if not history:
            p.text(110, y + 11, "(empty)", size=11, fill="white", align="left")
    return _image(p, "the undo history")


# -- 6 · hint and auto-complete ---------------------------------------------------------------------------------------
def _same_moves(expected: Any, got: Any) -> bool:
    try:
        return sorted(expected) == sorted(got)
    except TypeError:
        return False


def _run_hint(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    return _list(function(_fresh(case[0])))


def _move_marks(game: Klondike, action: str, color: str) -> dict[Any, str]:
    try:
        ui = controls.hint_marks(game, action)
    except (ValueError, IndexError, AttributeError, KeyError):
        return {}
    picked = ui.hint_from
    if not isinstance(picked, (Waste, Foundation, CardAt)):
        return {}
    return _selection_marks(game, controls.selection_of(picked), color)


def _explain_hint(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (game,) = case
    lines = ["hint_moves(game) for the position drawn (the order does not matter):"]
    marks: dict[Any, str] = {}
    if got is None:
        lines.append(f"  the shipped version finds {', '.join(expected) or 'no move'}")
    else:
        missing = [m for m in expected if m not in got]
        extra = [m for m in got if m not in expected]
        for move in missing[:5]:
            lines.append(f"  yours misses {move}: {_describe(game, move)}")
            marks.update(_move_marks(game, move, MARK))
        for move in extra[:5]:
            lines.append(f"  yours adds {_short(str(move), 20)}: {_describe(game, move) if isinstance(move, str) else 'not an action text'}")
            if isinstance(move, str):
                marks.update(_move_marks(game, move, EXTRA))
        if not missing and not extra:
            twice = sorted({m for m in got if isinstance(m, str) and got.count(m) > 1})
            lines.append(f"  yours finds the same moves, some more than once: {', '.join(twice)}")
            for move in twice:
                marks.update(_move_marks(game, move, EXTRA))
    if got is None:
        for move in expected:
            marks.update(_move_marks(game, move, MARK))
        picture = _table(game, marks, "the position") if marks else _framed(game, "the position")
        return _explained(lines, picture, {"differ": "the cards the shipped version's moves start from, ringed in red",
                                           "frame": "the position, framed: the shipped version finds no move in it"})
    picture = _table(game, marks, "the position") if marks else _framed(game, "the position")
    return _explained(lines, picture, {"differ": "the cards of a move yours misses ringed in red",
                                       "extra": "the cards of a move yours adds (or repeats) ringed in amber",
                                       "frame": "the position, framed"})


def _describe(game: Klondike, move: str) -> str:
    try:
        return describe(game, move)
    except (ValueError, IndexError, KeyError):
        return "not a move the engine reads"


@functools.lru_cache(maxsize=None)
def _auto_cases() -> list[tuple[Any, ...]]:
    cases = [(game,) for game in practice_positions()]
    extra = []
    for game in practice_positions():
        if game.can_auto_complete:
            # the same position with one card in the waste, or one card turned face down
            waste = game.copy()
            column = next(i for i, pile in enumerate(waste.tableau) if pile)
            waste.waste.append(waste.tableau[column].pop())
            down = game.copy()
            longest = max(range(7), key=lambda i: len(down.tableau[i]))
            down.tableau[longest][0] = down.tableau[longest][0].face_down()
            extra += [(waste,), (down,)]
    return cases + extra


def _explain_auto(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (game,) = case
    lines = ["can_auto_complete(game) for the position drawn:",
             f"  the shipped version says {_yes_no(expected)}"]
    if got is not None:
        lines.append(f"  yours says {_yes_no(got)}")
    lines.append(f"  stock {len(game.stock)} cards, waste {len(game.waste)}, face down {game.face_down}, "
                 f"won {'yes' if game.is_won else 'no'}")
    marks: dict[Any, str] = {}
    if game.stock:
        marks[("stock",)] = MARK
    if game.waste:
        marks[("waste",)] = MARK
    for column, pile in enumerate(game.tableau):
        for index, card in enumerate(pile):
            if not card.up:
                marks[(("tableau", column), index)] = MARK
    if not marks:  # nothing in the way: the game is won (the foundations full), or every column is open
        if game.is_won:
            marks = {("foundation", suit): GOLD for suit in range(4)}
        else:
            marks = {("tableau", column): GOLD for column, pile in enumerate(game.tableau) if pile}
    picture = _table(game, marks, "the position") if marks else _framed(game, "the position")
    return _explained(lines, picture, {
        "differ": "what stands in auto-complete's way (stock, waste, face-down cards) ringed in red",
        "gold": ("the four foundations, full: the game is won, ringed in gold" if game.is_won else
                 "nothing stands in the way: every column face up, ringed in gold"),
        "frame": "the position, framed"})


# -- 7 · the text board, the clock, New game ---------------------------------------------------------------------------
@functools.lru_cache(maxsize=None)
def _card_cases() -> list[tuple[Any, ...]]:
    return [(card,) for card in new_deck()] + [(card.face_up(),) for card in new_deck()]


def _explain_card_text(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (card,) = case
    side = "face up" if card.up else "face down"
    lines = [f"card_text(the {str(card)} {side}):",
             f"  the shipped version shows {expected!r}"]
    if got is not None:
        lines.append(f"  yours shows {_short(repr(got), 30)}")
    picture = _row_picture([("the card", [card], {0})], per_row=1)
    return _explained(lines, picture, {"differ": "the card, ringed" + (" (face down: its name written on its back)"
                                                                        if not card.up else "")})


def _timer_cases() -> list[tuple[Any, ...]]:
    """A clock running mid-game first (the typical action), then every other start."""
    cases = [(running, elapsed, won) for running in (True, False) for elapsed in (42.0, 0.0) for won in (False, True)]
    return cases


def _run_timer(function: Callable[..., Any], case: tuple[Any, ...]) -> tuple[bool, float]:
    running, elapsed, won = case
    now = [1000.0]
    clock = Clock(now=lambda: now[0])
    if elapsed or running:
        now[0] -= elapsed
        clock.start()
        now[0] += elapsed
        if not running:
            clock.stop()
    game = _won_game() if won else Klondike.new(seed=1)
    function(clock, game)
    now[0] += 10.0  # ten seconds later
    return clock.running, round(clock.elapsed, 3)


@functools.lru_cache(maxsize=None)
def _won_game() -> Klondike:
    return next(g for g in practice_positions() if g.is_won)


def _clock_words(state: tuple[bool, float]) -> str:
    running, elapsed = state
    return f"{'running' if running else 'stopped'} at {format_seconds(elapsed)}"


def _explain_timer(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    running, elapsed, won = case
    before = f"{'running' if running else 'stopped'} at {format_seconds(elapsed)}"
    lines = [f"update_timer(clock, game) after an action that {'wins the game' if won else 'does not win'}, "
             f"the clock {before}; ten seconds later:",
             f"  the shipped clock is {_clock_words(expected)}"]
    if got is not None:
        lines.append(f"  yours is {_clock_words(got)}")
    p = _painter(300, 70)
    for k, (label, state) in enumerate((("shipped", expected), ("yours", got))):
        x = 10 + k * 145
        p.text(x, 10, label, size=11, bold=True, fill="white", align="left", baseline="top")
        if state is None:
            continue
        p.round_rect(x, 26, 120, 34, 6, fill="#102a18", stroke="#3d8a57")
        p.text(x + 60, 43, ("▶ " if state[0] else "■ ") + format_seconds(state[1]), size=16, bold=True,
               fill="#ffd23f" if state[0] else "#9fd3ae")
        if (k == 1 and state != expected) or (k == 0 and got is None):
            p.round_rect(x - 3, 23, 126, 40, 8, stroke=MARK, line_width=2.5)
            _tally(p, "differ" if k == 1 else "shipped")
    return _explained(lines, _image(p, "clocks"), {
        "differ": "the two clocks ten seconds later, yours ringed",
        "shipped": "the shipped clock ten seconds later, ringed (yours raised)"})


Rules = Klondike.with_rules()  # a class of its own: new_game must deal by the rules of the game it is given


@functools.lru_cache(maxsize=None)
def _new_game_cases() -> list[tuple[Any, ...]]:
    games: list[Any] = [Rules.new(seed=seed, draw=draw) for seed in (1, 7, 41) for draw in (1, 3)]
    played = Rules.new(seed=5)
    for action in ("draw", "draw"):
        played.play(action)
    games.append(played)
    position = practice_positions()[3]
    games.append(Rules.new(position=position.position_text()))
    return [(game, draw) for game in games for draw in (1, 3)]


def _run_new_game(function: Callable[..., Any], case: tuple[Any, ...]) -> _After:
    game, draw = case
    fresh = function(game.copy(), draw)
    if not isinstance(fresh, Klondike):
        return _After(("not a game", _short(repr(fresh), 30)), None)
    return _After((type(fresh) is type(game), fresh.setup), fresh)


def _explain_new_game(case: tuple[Any, ...], expected: _After, got: _After | None) -> Explanation:
    game, draw = case
    deal = f"deal {game.setup['seed']}" if "seed" in game.setup else "a set position"
    head = f"new_game(game, {draw}) after a game of {deal}:"
    lines = [head, f"  the shipped version starts {_setup_words(expected.game.setup)}"]
    shipped = f"shipped: {_setup_words(expected.game.setup)}"
    if got is None or got.value[0] == "not a game":
        if got is not None:
            lines.append(f"  yours returned {got.value[1]}, not a Klondike game")
        return _explained(lines, _framed(expected.game, shipped), {"frame": "the shipped new game, framed"})
    lines.append(f"  yours starts {_setup_words(got.game.setup)}")
    if not got.value[0]:
        lines.append("  yours is not a game of the same rules: make it with type(game).new(...)")
    mine = f"yours: {_setup_words(got.game.setup)}"
    if expected.game.setup != got.game.setup:  # another deal differs everywhere: ring what names it
        marks: dict[Any, str] = {("caption",): MARK}
        counters = False
    else:
        marks, pile_lines, counters = _differences(expected.game, got.game)
        lines += pile_lines[:8]
        if not marks:
            marks = {("caption",): MARK}
    picture = _compare(expected.game, got.game, marks, left=shipped, right=mine, counters_differ=counters)
    return _explained(lines, picture, {"caption": "the two new games, the deals and draw counts that differ ringed",
                                       **_COMPARED})


def _setup_words(setup: dict[str, Any]) -> str:
    start = f"deal {setup['seed']}" if "seed" in setup else "from a position"
    return f"{start}, draw {setup.get('draw')}"


# -- registering ---------------------------------------------------------------------------------------------------------
def _register(exercise_id: str, reference: Callable[..., Any], cases: Callable[[], Iterable[tuple[Any, ...]]],
              explain: Callable[..., Explanation], *, imports: str = "", **options: Any) -> None:
    register(Exercise(f"klondike.{exercise_id}", reference, cases=cases, explain=explain,
                      solution_imports=imports, **options))


_register("new_deck", cards_module.new_deck, lambda: [()], _explain_new_deck,
          imports="from gamelab.klondike import Card")
_register("shuffle", cards_module.shuffle, _shuffle_cases,
          _explain_shuffle, run=_run_shuffle, imports="import random\n\nfrom gamelab.klondike import Card")
_register("deal_columns", engine.deal_columns, lambda: [(seed,) for seed in range(1, 31)], _explain_deal,
          run=_run_deal, imports="from gamelab.klondike import Card")
_register("can_tableau", legality.can_tableau, _tableau_cases, _explain_can_tableau,
          imports="from typing import Sequence\n\nfrom gamelab.klondike import Card")
_register("can_foundation", legality.can_foundation, _foundation_cases, _explain_can_foundation,
          imports="from typing import Sequence\n\nfrom gamelab.klondike import Card")
_register("is_run", legality.is_run, _run_cases, _explain_is_run,
          imports="from typing import Sequence\n\nfrom gamelab.klondike import Card")
_register("selected_cards", engine.selected_cards, _selection_cases, _explain_selected, run=_run_selected,
          imports="from gamelab.klondike import Card, Selection")
_register("remove_selected", engine.remove_selected, _selection_cases, _explain_remove, run=_run_remove,
          imports="from gamelab.klondike import Card, Selection")
_register("reveal", engine.reveal, _reveal_cases, _explain_reveal, run=_run_reveal,
          imports="from gamelab.klondike import SCORES")
_register("move_to_pile", engine.move_to_pile, _move_cases, _explain_move, run=_run_move,
          imports="from gamelab.klondike import Selection")
_register("move_to_foundation", engine.move_to_foundation, _foundation_move_cases, _explain_move_foundation,
          run=_run_move, imports="from gamelab.klondike import Selection")
_register("draw_from_stock", engine.draw_from_stock, _stock_cases, _explain_stock, run=_run_stock)
_register("snapshot", engine.snapshot, _position_cases, _explain_snapshot, run=_run_snapshot, imports="import json")
_register("save_state", engine.save_state, _save_cases, _explain_save, run=_run_save,
          imports="from gamelab.klondike import HISTORY_LIMIT")
_register("restore", engine.restore, _restore_cases, _explain_restore, run=_run_restore,
          imports="import json\n\nfrom gamelab.klondike import Card")
_register("hint_moves", engine.hint_moves, _position_cases, _explain_hint, run=_run_hint, same=_same_moves)
_register("can_auto_complete", engine.can_auto_complete, _auto_cases, _explain_auto)
_register("card_text", cards_module.card_text, _card_cases, _explain_card_text,
          imports="from gamelab.klondike import RANK_NAMES, SUITS, Card")
_register("update_timer", controls.update_timer, _timer_cases, _explain_timer, run=_run_timer,
          imports="from gamelab.klondike import Klondike\nfrom gamelab.klondike.controls import Timer")
_register("new_game", engine.new_game, _new_game_cases, _explain_new_game, run=_run_new_game)
