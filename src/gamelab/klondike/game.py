"""Klondike: the deal, the moves in text form, score, hint and auto-complete.

A position is the tutorial's state (``stock, waste, tableau, foundations, moves, score``): seven
tableau columns (場札), four foundations by suit (組札), the stock (山札) and the waste (捨て札).
Every change is an action in text form, so undo, save and replay come from
:class:`~gamelab.game.Record`:

============ ==========================================================================
``draw``     click the stock: turn over ``draw`` cards (1 or 3) onto the waste, or, when the
             stock is empty, turn the whole waste back over into the stock (山札を戻す)
``w>t3``     the top card of the waste onto column 3 (columns are ``t1`` … ``t7``)
``w>f``      the top card of the waste onto its foundation (``w>fh`` names the ♥ foundation,
             and is refused for a card of another suit)
``t2>f``     the top card of column 2 onto its foundation
``t1>t4``    the top card of column 1 onto column 4
``t1:3>t4``  the top **3** cards of column 1, a run, onto column 4
``fh>t3``    the top card of the ♥ foundation back onto column 3 (``fs fh fc fd`` or ``f♠`` …)
``auto``     auto-complete: every remaining card to the foundations (allowed only when it must
             succeed: stock and waste empty, no card face down)
============ ==========================================================================

Scoring is Windows' standard scoring: waste → tableau +5, waste or tableau → foundation +10,
turning over a tableau card +5, foundation → tableau −15, recycling the waste −100 when drawing
one card at a time (never below 0). The moves counter counts every action (each card of an
auto-complete counts as one move). Passes through the stock are unlimited.

>>> game = Klondike.new(seed=1)
>>> game.play("draw")
>>> game.moves, len(game.stock), str(game.waste[-1])
(1, 23, '8♥')
"""

from __future__ import annotations

import random
import re
from typing import Any, Iterator, Self

from .. import setup
from ..errors import IllegalMove, quote
from ..game import Game, check_action_text, register_game
from .cards import SUITS, Card, card_from_id, parse_card, shuffled_deck
from .deck import deck_order, format_deck, layout, parse_deck
from .legality import (
    can_foundation,
    can_tableau,
    why_not_foundation,
    why_not_run,
    why_not_tableau,
)

__all__ = ["Klondike", "deal", "SCORES"]

#: Windows standard scoring, by event.
SCORES: dict[str, int] = {
    "waste_to_tableau": 5,
    "to_foundation": 10,
    "reveal": 5,
    "foundation_to_tableau": -15,
    "recycle_draw_one": -100,
}

_SUIT_KEYS = {"s": 0, "h": 1, "c": 2, "d": 3, "♠": 0, "♥": 1, "♣": 2, "♦": 3}
_ACTION = re.compile(
    r"^(?:(?P<draw>draw|d)|(?P<auto>auto)"
    r"|(?P<src>w|t[1-7](?::(?P<count>\d+))?|f[shcd♠♥♣♦])>(?P<dst>t[1-7]|f[shcd♠♥♣♦]?))$"
)
_ACTION_HELP = "draw, auto, w>t3, w>f, t2>f, t1>t4, t1:3>t4 (3 cards) or fh>t3"
#: a position or deck string is at most this many characters (a full position takes about 250)
MAX_POSITION_LENGTH = 2_000


def deal(seed: int | None = None, rng: random.Random | None = None) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle and deal: 7 columns of 1…7 cards, only each last card face up, the rest the stock.

    The tutorial's order (シャッフルして7列へ配る): the shuffled deck is used from its end, column
    by column (``deck.pop()``), and what is left is the stock, whose end is its top.

    >>> tableau, stock = deal(seed=1)
    >>> [len(column) for column in tableau], len(stock), tableau[6][-1].up, tableau[6][0].up
    ([1, 2, 3, 4, 5, 6, 7], 24, True, False)
    """
    deck = shuffled_deck(seed, rng)
    tableau: list[list[Card]] = [[] for _ in range(7)]
    for column in range(7):
        for row in range(column + 1):
            card = deck.pop()
            tableau[column].append(card.face_up() if row == column else card)
    return tableau, deck


@register_game
class Klondike(Game):
    """A Klondike position: ``tableau``, ``foundations`` (indexed by suit), ``stock``, ``waste``,
    ``draw`` (cards turned per stock click), ``moves``, ``score`` and ``passes`` (recycles so far).

    Start one with :meth:`new` from a deal number (``seed``), a ShootMe deck string (``deck``) or a
    position in text (``position``); the constructor itself takes a freshly dealt layout.

    >>> game = Klondike.new(seed=3, draw=3)
    >>> game.play("draw"); len(game.waste)
    3
    """

    name = "klondike"

    tableau: list[list[Card]]
    foundations: list[list[Card]]
    stock: list[Card]
    waste: list[Card]
    #: The ShootMe deck string of the deal this game started from (None for a custom position).
    deck: str | None

    def __init__(self, tableau: list[list[Card]], stock: list[Card], *, draw: int = 1) -> None:
        if not 1 <= draw <= 7:
            raise ValueError(f"draw must be between 1 and 7 cards per stock click, not {draw!r}")
        self.tableau = [list(column) for column in tableau]
        self.foundations = [[] for _ in range(4)]
        self.stock = list(stock)
        self.waste = []
        self.draw = draw
        self.moves = 0
        self.score = 0
        self.passes = 0
        self.setup = {}
        self.deck = format_deck(deck_order(self.tableau, self.stock))
        self._check_complete()

    # -- starting ---------------------------------------------------------------------------------
    @classmethod
    def new(
        cls, seed: int | None = None, draw: int = 1, deck: str | None = None, position: str | None = None
    ) -> Self:
        r"""A new game: deal number ``seed`` (random when nothing is given), a ShootMe ``deck`` string,
        or any ``position`` in the text form of :meth:`position_text`.

        >>> Klondike.new(seed=42).setup
        {'seed': 42, 'draw': 1}
        >>> game = Klondike.new(position="foundations: Q♠ K♥ K♣ K♦\nt1: K♠")
        >>> game.can_auto_complete
        True
        """
        setup.whole("draw (cards turned per stock click)", draw, low=1, high=7)
        if sum(x is not None for x in (seed, deck, position)) > 1:
            raise ValueError("give one of a deal number (seed), a deck string or a position, not several")
        if position is not None:
            setup.text("position", position, max_length=MAX_POSITION_LENGTH)
            game = cls.__new__(cls)
            game._read_position(position, draw)
            game.setup = {"position": game.position_text(), "draw": draw}
            return game
        if deck is not None:
            setup.text("deck", deck, max_length=MAX_POSITION_LENGTH)
            tableau, stock = layout(parse_deck(deck))
            game = cls(tableau, stock, draw=draw)
            game.setup = {"deck": game.deck, "draw": draw}
            return game
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        setup.seed("seed (a deal number)", seed)
        tableau, stock = deal(seed)
        game = cls(tableau, stock, draw=draw)
        game.setup = {"seed": seed, "draw": draw}
        return game

    def position_text(self) -> str:
        """The position as text (moves and score aside), readable by ``new(position=…)``.

        One line per pile: ``foundations:`` with each suit's top card (``--`` when empty), then
        ``stock:`` and ``waste:`` bottom card first, then ``t1:`` … ``t7:`` bottom card first, a
        face-down card in brackets.

        >>> print(Klondike.new(seed=1).position_text().splitlines()[3])
        t1: 9♠
        """
        def cards(pile: list[Card], brackets: bool = False) -> str:
            return " ".join(f"[{c}]" if brackets and not c.up else str(c) for c in pile)

        lines = ["foundations: " + " ".join(str(pile[-1]) if pile else "--" for pile in self.foundations)]
        lines.append("stock: " + cards(self.stock))
        lines.append("waste: " + cards(self.waste))
        lines += [f"t{i + 1}: " + cards(column, brackets=True) for i, column in enumerate(self.tableau)]
        return "\n".join(line.rstrip() for line in lines)

    def _read_position(self, text: str, draw: int) -> None:
        """Fill this (blank) game from :meth:`position_text`'s format; unlisted piles are empty."""
        if not 1 <= draw <= 7:
            raise ValueError(f"draw must be between 1 and 7 cards per stock click, not {draw!r}")
        self.tableau = [[] for _ in range(7)]
        self.foundations = [[] for _ in range(4)]
        self.stock, self.waste = [], []
        self.draw, self.moves, self.score, self.passes = draw, 0, 0, 0
        self.deck = None
        for raw in text.strip().splitlines():
            line = raw.strip()
            if not line:
                continue
            name, sep, rest = line.partition(":")
            name = name.strip().lower()
            if not sep or name not in {"foundations", "stock", "waste"} | {f"t{i}" for i in range(1, 8)}:
                raise ValueError(f"position line {quote(raw.strip())} should start with foundations:, stock:, waste: "
                                 "or t1: … t7:")
            words = rest.split()
            if name == "foundations":
                self._read_foundations(words, raw)
                continue
            pile = []
            for word in words:
                down = word.startswith("[") and word.endswith("]")
                try:
                    card = parse_card(word[1:-1] if down else word)
                except ValueError as exc:
                    raise ValueError(f"position line {quote(raw.strip())}: {exc}") from None
                if down and name[0] != "t":
                    raise ValueError(f"position line {quote(raw.strip())}: only tableau cards are written face down [..]")
                pile.append(card if down else card.face_up() if name[0] == "t" or name == "waste" else card)
            if name == "stock":
                self.stock = pile
            elif name == "waste":
                self.waste = pile
            else:
                self.tableau[int(name[1]) - 1] = pile
        for index, column in enumerate(self.tableau):
            for below, above in zip(column, column[1:]):
                if below.up and not above.up:
                    raise ValueError(f"column t{index + 1} has the face-down [{above}] on the face-up {below}: "
                                     "face-down cards lie under the face-up ones, at the bottom of a column")
            if column and not column[-1].up:
                raise ValueError(f"column t{index + 1} ends with a face-down card [{column[-1]}]: its top card is face up")
            reason = why_not_run([c for c in column if c.up])
            if reason:
                raise ValueError(f"column t{index + 1}: {reason}")
        ids = [card.id for card in self.cards()]
        doubles = sorted({str(card) for card in self.cards() if ids.count(card.id) > 1})
        if doubles:
            raise ValueError(f"the position has {', '.join(doubles)} more than once")
        missing = [str(card_from_id(i)) for i in range(52) if i not in set(ids)]
        if missing:
            raise ValueError(f"the position is missing {len(missing)} cards: {' '.join(missing)}")

    def _read_foundations(self, words: list[str], raw: str) -> None:
        for word in words:
            if word in ("--", "-"):
                continue
            try:
                top = parse_card(word)
            except ValueError as exc:
                raise ValueError(f"position line {quote(raw.strip())}: {exc}") from None
            if self.foundations[top.suit]:
                raise ValueError(f"position line {quote(raw.strip())}: two tops for the {SUITS[top.suit]} foundation")
            self.foundations[top.suit] = [Card(top.suit, rank, True) for rank in range(1, top.rank + 1)]

    def copy(self) -> Self:
        """An independent copy (cards are immutable records, so only the piles are copied)."""
        other = object.__new__(type(self))
        other.tableau = [list(column) for column in self.tableau]
        other.foundations = [list(pile) for pile in self.foundations]
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.draw, other.moves, other.score, other.passes = self.draw, self.moves, self.score, self.passes
        other.setup = dict(self.setup)
        other.deck = self.deck
        return other

    # -- reading ----------------------------------------------------------------------------------
    def cards(self) -> Iterator[Card]:
        """Every card wherever it lies (52 of them, always)."""
        for column in self.tableau:
            yield from column
        for pile in self.foundations:
            yield from pile
        yield from self.stock
        yield from self.waste

    def key(self) -> tuple[Any, ...]:
        """Everything that makes this position what it is, for comparing positions exactly."""
        return (
            tuple(map(tuple, self.tableau)),
            tuple(map(tuple, self.foundations)),
            tuple(self.stock),
            tuple(self.waste),
            self.draw,
            self.moves,
            self.score,
            self.passes,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Klondike) and self.key() == other.key()

    __hash__ = None  # type: ignore[assignment]  # positions change, so they are not hashable

    @property
    def is_won(self) -> bool:
        """All 52 cards on the foundations."""
        return all(len(pile) == 13 for pile in self.foundations)

    @property
    def is_over(self) -> bool:
        return self.is_won

    @property
    def face_down(self) -> int:
        """How many tableau cards are still face down."""
        return sum(1 for column in self.tableau for card in column if not card.up)

    @property
    def can_auto_complete(self) -> bool:
        """True when auto-complete must succeed: stock and waste empty, every card face up, not won.

        Then each column is one run going down, so the lowest card left is always on top of its
        column and can go to its foundation: playing the lowest card again and again wins.
        """
        return not self.stock and not self.waste and self.face_down == 0 and not self.is_won

    def __repr__(self) -> str:
        start = f"deal {self.setup['seed']}" if "seed" in self.setup else "deck" if "deck" in self.setup else "position"
        return f"<Klondike {start}, draw {self.draw}: moves {self.moves}, score {self.score}>"

    def _repr_svg_(self) -> str:
        """The table as a picture in a notebook (the picture module is only imported here)."""
        from .picture import KlondikePicture

        return KlondikePicture().svg(self)

    def __str__(self) -> str:
        """A compact text board: stock, waste (last three shown), foundations, then the columns.

        ``##`` is a face-down card.

        >>> print(str(Klondike.new(seed=1)).splitlines()[0])
        stock 24  waste --              ♠ --  ♥ --  ♣ --  ♦ --
        """
        waste = " ".join(f"{card!s:>3}" for card in self.waste[-3:]).strip() or "--"
        if len(self.waste) > 3:
            waste = f"…{waste}"
        founds = "  ".join(f"{SUITS[s]} {str(pile[-1]) if pile else '--'}" for s, pile in enumerate(self.foundations))
        lines = [f"stock {len(self.stock):<2}  waste {waste:<15} {founds}".rstrip()]
        for index, column in enumerate(self.tableau, 1):
            cells = " ".join(f"{str(card) if card.up else '##':>3}" for card in column)
            lines.append(f"t{index} {cells}".rstrip())
        lines.append(f"moves {self.moves}  score {self.score}  draw {self.draw}" + ("  won" if self.is_won else ""))
        return "\n".join(lines)

    # -- playing ----------------------------------------------------------------------------------
    def play(self, action: str) -> None:
        """Apply one action (see the module docstring) or raise IllegalMove, changing nothing.

        >>> game = Klondike.new(seed=1)
        >>> game.play("t1>t1")
        Traceback (most recent call last):
        ...
        gamelab.errors.IllegalMove: t1>t1: a card cannot move onto its own column
        """
        check_action_text(action)
        if self.is_won:
            raise IllegalMove(f"{quote(action)}: the game is already won, every card is home; no move can change it")
        text = action.strip().lower().replace(" ", "").replace("→", ">").replace("->", ">")
        match = _ACTION.match(text)
        if match is None:
            raise IllegalMove(f"{quote(action)} is not a Klondike action: write {_ACTION_HELP}")
        if match["draw"]:
            self._draw()
        elif match["auto"]:
            self._auto_complete()
        else:
            src, dst, count = match["src"], match["dst"], match["count"]
            if src == "w":
                self._from_waste(dst, text)
            elif src[0] == "f":
                self._from_foundation(_SUIT_KEYS[src[1]], dst, text)
            else:
                column = int(src[1]) - 1
                if count is not None and int(count) < 1:
                    raise IllegalMove(f"{text}: move at least one card")
                self._from_tableau(column, int(count or 1), dst, text)

    def _draw(self) -> None:
        """Stock → waste, ``draw`` cards at a time; an empty stock takes the waste back (山札を戻す)."""
        if self.stock:
            for _ in range(min(self.draw, len(self.stock))):
                self.waste.append(self.stock.pop().face_up())
        elif self.waste:
            # Turning the waste over as a packet puts its bottom card on top of the stock.
            self.stock = [card.face_down() for card in reversed(self.waste)]
            self.waste = []
            self.passes += 1
            if self.draw == 1:
                self._add_score(SCORES["recycle_draw_one"])
        else:
            raise IllegalMove("draw: the stock and the waste are both empty, there is nothing to turn over")
        self.moves += 1

    def _target_foundation(self, card: Card, dst: str, text: str) -> None:
        """Check that ``dst`` (``f`` or ``fh``…) names the foundation of ``card``'s suit."""
        if len(dst) == 2 and _SUIT_KEYS[dst[1]] != card.suit:
            raise IllegalMove(f"{text}: {card} belongs on the {SUITS[card.suit]} foundation, not {SUITS[_SUIT_KEYS[dst[1]]]}")
        reason = why_not_foundation(card, self.foundations[card.suit])
        if reason:
            raise IllegalMove(f"{text}: {reason}")

    def _from_waste(self, dst: str, text: str) -> None:
        if not self.waste:
            raise IllegalMove(f"{text}: the waste is empty (click the stock to turn a card over)")
        card = self.waste[-1]
        if dst[0] == "f":
            self._target_foundation(card, dst, text)
            self.foundations[card.suit].append(self.waste.pop())
            self._add_score(SCORES["to_foundation"])
        else:
            target = self.tableau[int(dst[1]) - 1]
            reason = why_not_tableau(card, target)
            if reason:
                raise IllegalMove(f"{text}: {reason}")
            target.append(self.waste.pop())
            self._add_score(SCORES["waste_to_tableau"])
        self.moves += 1

    def _from_foundation(self, suit: int, dst: str, text: str) -> None:
        pile = self.foundations[suit]
        if dst[0] == "f":
            raise IllegalMove(f"{text}: a card cannot move from one foundation to another")
        if not pile:
            raise IllegalMove(f"{text}: the {SUITS[suit]} foundation is empty")
        target = self.tableau[int(dst[1]) - 1]
        reason = why_not_tableau(pile[-1], target)
        if reason:
            raise IllegalMove(f"{text}: {reason}")
        target.append(pile.pop())
        self._add_score(SCORES["foundation_to_tableau"])
        self.moves += 1

    def _from_tableau(self, column: int, count: int, dst: str, text: str) -> None:
        source = self.tableau[column]
        if not source:
            raise IllegalMove(f"{text}: column {column + 1} is empty")
        face_up = sum(1 for card in source if card.up)
        if count > face_up:
            raise IllegalMove(
                f"{text}: column {column + 1} has {face_up} face-up card{'s' if face_up != 1 else ''}, "
                f"so {count} cannot be moved"
            )
        run = source[-count:]
        if dst[0] == "f":
            if count != 1:
                raise IllegalMove(f"{text}: only one card at a time goes to a foundation")
            self._target_foundation(run[0], dst, text)
            self.foundations[run[0].suit].append(source.pop())
            self._add_score(SCORES["to_foundation"])
        else:
            target_index = int(dst[1]) - 1
            if target_index == column:
                raise IllegalMove(f"{text}: a card cannot move onto its own column")
            reason = why_not_run(run) or why_not_tableau(run[0], self.tableau[target_index])
            if reason:
                raise IllegalMove(f"{text}: {reason}")
            del source[-count:]
            self.tableau[target_index].extend(run)
        self._reveal(column)
        self.moves += 1

    def _reveal(self, column: int) -> None:
        """Turn over the new top card of ``column`` if it is face down (+5), as ``reveal`` does."""
        pile = self.tableau[column]
        if pile and not pile[-1].up:
            pile[-1] = pile[-1].face_up()
            self._add_score(SCORES["reveal"])

    def _add_score(self, points: int) -> None:
        self.score = max(0, self.score + points)

    def _auto_complete(self) -> None:
        """Play every card to the foundations, lowest first (自動完成)."""
        if self.is_won:
            raise IllegalMove("auto: the game is already won")
        if not self.can_auto_complete:
            blockers = []
            if self.stock or self.waste:
                blockers.append(f"{len(self.stock) + len(self.waste)} cards are still in the stock and waste")
            if self.face_down:
                blockers.append(f"{self.face_down} cards are still face down")
            raise IllegalMove("auto: auto-complete starts only when it must succeed, but " + " and ".join(blockers))
        while not self.is_won:
            tops = [(pile[-1].rank, index) for index, pile in enumerate(self.tableau) if pile]
            _rank, index = min(tops)
            card = self.tableau[index].pop()
            assert can_foundation(card, self.foundations[card.suit]), "auto-complete invariant broken"
            self.foundations[card.suit].append(card)
            self._add_score(SCORES["to_foundation"])
            self.moves += 1

    # -- what can be done -------------------------------------------------------------------------
    def legal_actions(self) -> list[str]:
        """Every action allowed now, in text form (``draw`` first when the stock or waste has cards).

        >>> Klondike.new(seed=1).legal_actions()[:2]
        ['draw', 't1>t2']
        """
        actions: list[str] = []
        if self.stock or self.waste:
            actions.append("draw")
        if self.can_auto_complete:
            actions.append("auto")
        if self.waste:
            card = self.waste[-1]
            if can_foundation(card, self.foundations[card.suit]):
                actions.append("w>f")
            actions += [f"w>t{j + 1}" for j, pile in enumerate(self.tableau) if can_tableau(card, pile)]
        for i, column in enumerate(self.tableau):
            if not column:
                continue
            top = column[-1]
            if can_foundation(top, self.foundations[top.suit]):
                actions.append(f"t{i + 1}>f")
            face_up = sum(1 for card in column if card.up)
            for count in range(1, face_up + 1):
                first = column[-count]
                for j, pile in enumerate(self.tableau):
                    if j != i and can_tableau(first, pile):
                        actions.append(f"t{i + 1}>t{j + 1}" if count == 1 else f"t{i + 1}:{count}>t{j + 1}")
        for suit, pile in enumerate(self.foundations):
            if pile:
                letter = "shcd"[suit]
                actions += [f"f{letter}>t{j + 1}" for j, col in enumerate(self.tableau) if can_tableau(pile[-1], col)]
        return actions

    def hints(self) -> list[str]:
        """Useful card moves, best first (ヒント): the waste and face-up tableau cards that can go to a
        foundation or another column, leaving out moves that only shuffle cards around.

        Order: moves that turn over a face-down card (more cards beneath first), then foundation
        moves, waste → tableau, moves exposing a card that can go up, and moves that empty a column
        for a King waiting elsewhere. ``draw`` is suggested only when no card move helps.

        >>> Klondike.new(seed=1).hints()
        ['t5>t4', 't1>t2']
        """
        ranked: list[tuple[int, int, str]] = []
        kings_waiting = self._kings_waiting()
        if self.waste:
            card = self.waste[-1]
            if can_foundation(card, self.foundations[card.suit]):
                ranked.append((1, 0, "w>f"))
            for j, pile in enumerate(self.tableau):
                if can_tableau(card, pile):
                    ranked.append((2, 0, f"w>t{j + 1}"))
                    if not pile:
                        break  # one empty column is as good as another
        for i, column in enumerate(self.tableau):
            if not column:
                continue
            down = sum(1 for card in column if not card.up)
            face_up = len(column) - down
            top = column[-1]
            if can_foundation(top, self.foundations[top.suit]):
                ranked.append((0 if face_up == 1 and down else 1, -down, f"t{i + 1}>f"))
            for count in range(1, face_up + 1):
                first = column[-count]
                whole = count == face_up
                below = column[-count - 1] if not whole else None
                for j, pile in enumerate(self.tableau):
                    if j == i or not can_tableau(first, pile):
                        continue
                    text = f"t{i + 1}>t{j + 1}" if count == 1 else f"t{i + 1}:{count}>t{j + 1}"
                    if whole and down:
                        ranked.append((0, -down, text))
                    elif whole and pile and kings_waiting:
                        ranked.append((4, 0, text))
                    elif below is not None and can_foundation(below, self.foundations[below.suit]):
                        ranked.append((3, 0, text))
                    if not pile:
                        break
        ranked.sort()
        hints = list(dict.fromkeys(text for _, _, text in ranked))
        if not hints and (self.stock or self.waste):
            hints.append("draw")
        return hints

    def hint(self) -> str | None:
        """The best of :meth:`hints`, or None when nothing at all can be done."""
        found = self.hints()
        return found[0] if found else None

    def _kings_waiting(self) -> bool:
        """Is a King somewhere that an empty column would free (waste top, or above other cards)?"""
        if self.waste and self.waste[-1].rank == 13:
            return True
        for column in self.tableau:
            for index, card in enumerate(column):
                if card.up and card.rank == 13 and index > 0:
                    return True
        return False

    def _check_complete(self) -> None:
        """52 distinct cards, or a ValueError naming the trouble."""
        ids = [card.id for card in self.cards()]
        if len(ids) != 52 or len(set(ids)) != 52:
            raise ValueError(f"a Klondike position needs the 52 distinct cards, found {len(set(ids))} of {len(ids)}")
