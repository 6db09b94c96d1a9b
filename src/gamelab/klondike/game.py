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

The tutorial's steps are functions here, each with the tutorial's name in its docstring
(:func:`deal_columns`, :func:`selected_cards` ← getSelectedCards, :func:`remove_selected` ←
removeSelected, :func:`reveal`, :func:`move_to_pile` ← moveToPile, :func:`move_to_foundation` ←
moveToFoundation, :func:`draw_from_stock`, :func:`snapshot` ← cloneState, :func:`save_state` ← save,
:func:`restore`, :func:`hint_moves`, :func:`can_auto_complete`, :func:`new_game` ← newGame), and the
engine plays through them: :meth:`Klondike.with_rules` makes a Klondike that plays on other versions
of any of them (a learner's).

>>> game = Klondike.new(seed=1)
>>> game.play("draw")
>>> game.moves, len(game.stock), str(game.waste[-1])
(1, 23, '8♥')
"""

from __future__ import annotations

import functools
import itertools
import json
import random
import re
from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Iterator, Self

from .. import checks
from ..errors import IllegalMove, quote
from ..game import Game, check_action_text, register_game
from .cards import SUITS, Card, card_from_id, card_text, new_deck, parse_card, shuffle, shuffled_deck
from .deck import deck_order, format_deck, layout, parse_deck
from .legality import can_foundation, can_tableau, is_run, why_not_foundation, why_not_run, why_not_tableau

__all__ = ["Klondike", "deal", "deal_columns", "SCORES", "Selection", "selected_cards", "remove_selected", "reveal",
           "move_to_pile", "move_to_foundation", "draw_from_stock", "snapshot", "restore", "save_state",
           "HISTORY_LIMIT", "hint_moves", "can_auto_complete", "new_game"]

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


def deal_columns(deck: list[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Deal a shuffled ``deck`` into the seven columns (シャッフルして7列へ配る, the tutorial's second loop).

    Column by column, each place gets the card from the end of the deck (``deck.pop()``): one card in
    column 1, two in column 2, … seven in column 7, only the last card of each column face up. What is
    left of ``deck`` (24 cards) is the stock, its end being its top.

    >>> tableau, stock = deal_columns(new_deck())
    >>> [str(c) for c in tableau[0]], [c.up for c in tableau[1]], len(stock), str(stock[-1])
    (['K♦'], [False, True], 24, 'J♥')
    """
    tableau: list[list[Card]] = [[] for _ in range(7)]
    for column in range(7):
        for row in range(column + 1):
            card = deck.pop()
            tableau[column].append(card.face_up() if row == column else card)
    return tableau, deck


def deal(seed: int | None = None, rng: random.Random | None = None) -> tuple[list[list[Card]], list[Card]]:
    """Shuffle and deal: 7 columns of 1…7 cards, only each last card face up, the rest the stock.

    The tutorial's order (シャッフルして7列へ配る): :func:`~gamelab.klondike.cards.shuffled_deck`, then
    :func:`deal_columns`.

    >>> tableau, stock = deal(seed=1)
    >>> [len(column) for column in tableau], len(stock), tableau[6][-1].up, tableau[6][0].up
    ([1, 2, 3, 4, 5, 6, 7], 24, True, False)
    """
    return deal_columns(shuffled_deck(seed, rng))


# -- the tutorial's steps on a position -------------------------------------------------------------------
# Each takes the game first, so the engine calls it as a method (``game.reveal(column)``), and it calls the
# other steps and rules through the game (``game.can_tableau(...)``): a Klondike made by
# Klondike.with_rules(...) then plays on whichever versions it was given.

@dataclass(frozen=True)
class Selection:
    """Cards picked up, as the tutorial's ``selected = {source, index}``.

    ``where`` is ``"waste"`` (its top card), ``"foundation"`` (the top card of the foundation of suit
    ``pile``, 0–3 for ♠ ♥ ♣ ♦) or ``"tableau"`` (card ``index`` of column ``pile``, 0–6, with every card
    lying on it).

    >>> Selection("tableau", 2, 4)
    Selection(where='tableau', pile=2, index=4)
    >>> str(Selection("tableau", 2, 4)), str(Selection("waste")), str(Selection("foundation", 1))
    ('column 3 from card 5', 'the waste', 'the ♥ foundation')
    """

    where: str
    pile: int = 0
    index: int = 0

    def __str__(self) -> str:
        if self.where == "waste":
            return "the waste"
        if self.where == "foundation":
            return f"the {SUITS[self.pile]} foundation"
        return f"column {self.pile + 1} from card {self.index + 1}"


def selected_cards(game: "Klondike", selection: Selection) -> list[Card]:
    """The cards ``selection`` picks up, bottom first (getSelectedCards): the top card of the waste or of
    a foundation, or in a column the selected card and every card on it. Nothing changes.

    >>> game = Klondike.new(seed=1)
    >>> [str(c) for c in selected_cards(game, Selection("tableau", 4, 4))]
    ['2♠']
    """
    if selection.where == "waste":
        return game.waste[-1:]
    if selection.where == "foundation":
        return game.foundations[selection.pile][-1:]
    return game.tableau[selection.pile][selection.index:]


def remove_selected(game: "Klondike", selection: Selection) -> list[Card]:
    """Take the cards ``selection`` picks up off their pile and return them, bottom first
    (removeSelected): whatever the source, waste, foundation or column, the move is the same after.

    >>> game = Klondike.new(seed=1)
    >>> [str(c) for c in remove_selected(game, Selection("tableau", 4, 4))], len(game.tableau[4])
    (['2♠'], 4)
    """
    if selection.where == "waste":
        return [game.waste.pop()]
    if selection.where == "foundation":
        return [game.foundations[selection.pile].pop()]
    column = game.tableau[selection.pile]
    cards = column[selection.index:]
    del column[selection.index:]
    return cards


def reveal(game: "Klondike", column: int) -> None:
    """Turn the top card of ``column`` face up if it is face down, for 5 points (reveal,
    裏向きカードを公開する). Cards are records: the face-up card replaces the face-down one.

    >>> game = Klondike.new(seed=1)
    >>> game.tableau[4].pop(); reveal(game, 4)
    Card(suit=0, rank=2, up=True)
    >>> str(game.tableau[4][-1]), game.score
    ('7♦', 5)
    """
    pile = game.tableau[column]
    if pile and not pile[-1].up:
        pile[-1] = pile[-1].face_up()
        game.score += SCORES["reveal"]


def move_to_pile(game: "Klondike", selection: Selection, column: int) -> bool:
    """Move the selected cards onto tableau ``column`` if the rule allows it (moveToPile).

    The first selected card must fit the column (``game.can_tableau``); the cards leave their pile
    (``game.remove_selected``), a column they left turns its new top card over (``game.reveal``), and
    the move counts. True when the cards moved, False (nothing changed) when they may not.

    >>> game = Klondike.new(seed=1)
    >>> move_to_pile(game, Selection("tableau", 4, 4), 3), game.moves, game.score
    (True, 1, 5)
    """
    cards = game.selected_cards(selection)
    if not cards or not game.can_tableau(cards[0], game.tableau[column]):
        return False
    game.tableau[column].extend(game.remove_selected(selection))
    if selection.where == "tableau":
        game.reveal(selection.pile)
    game.moves += 1
    return True


def move_to_foundation(game: "Klondike", selection: Selection) -> bool:
    """Move one selected card onto the foundation of its suit if the rule allows it (moveToFoundation).

    Only a single card goes up (``game.can_foundation``); then as :func:`move_to_pile`: off its pile,
    the column's new top card turned over, the move counted. True when it moved.

    >>> game = Klondike.new(seed=2)
    >>> move_to_foundation(game, Selection("tableau", 3, 3)), str(game.foundations[1][-1]), game.score
    (True, 'A♥', 5)
    """
    cards = game.selected_cards(selection)
    if len(cards) != 1 or not game.can_foundation(cards[0], game.foundations[cards[0].suit]):
        return False
    game.foundations[cards[0].suit].extend(game.remove_selected(selection))
    if selection.where == "tableau":
        game.reveal(selection.pile)
    game.moves += 1
    return True


def draw_from_stock(game: "Klondike") -> None:
    """A click on the stock (山札をめくる): turn ``game.draw`` cards (fewer if fewer are left) from the top
    of the stock face up onto the waste, one by one; when the stock is empty, turn the whole waste back
    over into the stock (face down, the waste's first card on top again). Either way the click counts.

    >>> game = Klondike.new(seed=1); draw_from_stock(game)
    >>> len(game.stock), [str(c) for c in game.waste], game.moves
    (23, ['8♥'], 1)
    """
    if game.stock:
        for _ in range(min(game.draw, len(game.stock))):
            game.waste.append(game.stock.pop().face_up())
    else:
        game.stock = [card.face_down() for card in reversed(game.waste)]
        game.waste = []
    game.moves += 1


def snapshot(game: "Klondike") -> str:
    """The position as JSON text, for undo (cloneState): an object with ``stock``, ``waste``,
    ``tableau``, ``foundations``, ``moves`` and ``score``, each card written as ``[suit, rank, up]``
    (what ``json.dumps`` makes of a :class:`Card` by itself).

    >>> snapshot(Klondike.new(seed=1))[:34]
    '{"stock": [[3, 11, false], [0, 10,'
    """
    return json.dumps({"stock": game.stock, "waste": game.waste, "tableau": game.tableau,
                       "foundations": game.foundations, "moves": game.moves, "score": game.score})


def restore(game: "Klondike", text: str) -> None:
    """Put back the position a :func:`snapshot` wrote (the tutorial's undo: ``JSON.parse(history.pop())``).

    >>> game = Klondike.new(seed=1); saved = snapshot(game)
    >>> game.play("t5>t4"); restore(game, saved); game == Klondike.new(seed=1)
    True
    """
    state = json.loads(text)
    game.stock = [Card(*card) for card in state["stock"]]
    game.waste = [Card(*card) for card in state["waste"]]
    game.tableau = [[Card(*card) for card in column] for column in state["tableau"]]
    game.foundations = [[Card(*card) for card in pile] for pile in state["foundations"]]
    game.moves = state["moves"]
    game.score = state["score"]


#: the tutorial keeps at most this many snapshots for undo
HISTORY_LIMIT = 100


def save_state(history: list[str], game: "Klondike") -> None:
    """Push a snapshot of ``game`` onto ``history`` before a change (save): at most
    :data:`HISTORY_LIMIT` are kept, the oldest dropped first.

    >>> history = []
    >>> for _ in range(101): save_state(history, Klondike.new(seed=1))
    >>> len(history)
    100
    """
    history.append(game.snapshot())
    if len(history) > HISTORY_LIMIT:
        history.pop(0)


def hint_moves(game: "Klondike") -> list[str]:
    """Every move the hint considers (ヒント), as action texts: the top card of the waste, and each
    face-up tableau card with the cards on it, to its foundation (a single card only) or onto another
    column, wherever the rules (``game.can_foundation``, ``game.can_tableau``) allow.

    Waste moves first (``w>f``, then ``w>t1`` … ``w>t7``), then column by column from t1, each face-up
    card from the deepest (``t2:3>t5``: three cards) to the top one (``t2>f``, ``t2>t5``).

    >>> hint_moves(Klondike.new(seed=1))
    ['t1>t2', 't5>t4']
    """
    moves: list[str] = []
    if game.waste:
        card = game.waste[-1]
        if game.can_foundation(card, game.foundations[card.suit]):
            moves.append("w>f")
        moves += [f"w>t{j + 1}" for j, pile in enumerate(game.tableau) if game.can_tableau(card, pile)]
    for i, column in enumerate(game.tableau):
        for index, card in enumerate(column):
            if not card.up:
                continue
            count = len(column) - index
            source = f"t{i + 1}" if count == 1 else f"t{i + 1}:{count}"
            if count == 1 and game.can_foundation(card, game.foundations[card.suit]):
                moves.append(f"{source}>f")
            moves += [f"{source}>t{j + 1}" for j, pile in enumerate(game.tableau)
                      if j != i and game.can_tableau(card, pile)]
    return moves


def can_auto_complete(game: "Klondike") -> bool:
    """May auto-complete start (自動完成)? Only when it must succeed: the stock and the waste are empty
    and no tableau card is face down (``game.face_down == 0``), and the game is not already won.

    Then each column is one run going down, so the lowest card left is always on top of its column
    and can go to its foundation: playing the lowest card again and again wins.

    >>> can_auto_complete(Klondike.new(seed=1))
    False
    """
    return not game.stock and not game.waste and game.face_down == 0 and not game.is_won


def new_game(game: "Klondike", draw: int) -> "Klondike":
    """The game that NEW GAME and the win's "play again" both start (newGame): the next deal number after
    ``game``'s (deal 1 after a set deal), drawing ``draw`` cards per stock click, played by the same rules
    as ``game`` (``type(game).new(...)``). A new game starts with no moves and no score.

    >>> new_game(Klondike.new(seed=41), draw=3).setup
    {'seed': 42, 'draw': 3}
    """
    return type(game).new(seed=game.setup.get("seed", 0) + 1, draw=draw)


def _method(piece: Callable[..., Any]) -> Callable[..., Any]:
    """``piece(game, …)`` as a method, whatever kind of callable it is."""
    @functools.wraps(piece)
    def method(self: "Klondike", *args: Any) -> Any:
        return piece(self, *args)

    return method


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

    # -- the tutorial's pieces ------------------------------------------------------------------------
    # The engine reaches every tutorial step through these names, so a class made by with_rules() plays
    # on other versions of them. Card rules are plain functions; steps on a game are methods
    # (``game.reveal(column)`` is ``reveal(game, column)``); the auto-complete condition is a property.
    new_deck = staticmethod(new_deck)
    shuffle = staticmethod(shuffle)
    deal_columns = staticmethod(deal_columns)
    can_tableau = staticmethod(can_tableau)
    can_foundation = staticmethod(can_foundation)
    is_run = staticmethod(is_run)
    card_text = staticmethod(card_text)
    new_game = staticmethod(new_game)
    selected_cards = selected_cards
    remove_selected = remove_selected
    reveal = reveal
    move_to_pile = move_to_pile
    move_to_foundation = move_to_foundation
    draw_from_stock = draw_from_stock
    snapshot = snapshot
    restore = restore
    hint_moves = hint_moves
    can_auto_complete = property(can_auto_complete)

    #: every piece :meth:`with_rules` can replace, and how the engine calls it
    PIECES: ClassVar[dict[str, str]] = {
        "new_deck": "function", "shuffle": "function", "deal_columns": "function", "can_tableau": "function",
        "can_foundation": "function", "is_run": "function", "card_text": "function", "new_game": "function",
        "selected_cards": "method", "remove_selected": "method", "reveal": "method", "move_to_pile": "method",
        "move_to_foundation": "method", "draw_from_stock": "method", "snapshot": "method", "restore": "method",
        "hint_moves": "method", "can_auto_complete": "property",
    }
    #: copies go through :meth:`snapshot` and :meth:`restore` (a class given its own versions of them)
    copy_by_snapshot: ClassVar[bool] = False

    @classmethod
    def with_rules(cls, **pieces: Callable[..., Any]) -> type["Klondike"]:
        """A Klondike that plays on other versions of the tutorial's pieces (a learner's), by name.

        Any of :attr:`PIECES`: ``can_tableau=mine`` makes every move ask ``mine(card, pile)``; given
        ``snapshot`` or ``restore``, every copy of a position (undo keeps copies) goes through them.
        Saves name the game ``klondike`` as before.

        >>> Lax = Klondike.with_rules(can_tableau=lambda card, pile: True)
        >>> game = Lax.new(seed=1); game.play("t1>t3"); [str(c) for c in game.tableau[2] if c.up]
        ['8♠', '9♠']
        """
        unknown = sorted(set(pieces) - set(cls.PIECES))
        if unknown:
            raise TypeError(f"Klondike has no piece called {', '.join(map(repr, unknown))}; "
                            f"the pieces are {', '.join(cls.PIECES)}")
        namespace: dict[str, Any] = {"__module__": cls.__module__, "__doc__": cls.__doc__}
        for name, piece in pieces.items():
            kind = cls.PIECES[name]
            if kind == "function":
                namespace[name] = staticmethod(piece)
            elif kind == "property":
                namespace[name] = property(_method(piece))
            else:
                namespace[name] = _method(piece)
        if "snapshot" in pieces or "restore" in pieces:
            namespace["copy_by_snapshot"] = True
        return type(cls.__name__, (cls,), namespace)

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
        if not isinstance(draw, int) or isinstance(draw, bool):
            raise ValueError(f"draw must be a whole number of cards (1 or 3), not {draw!r}")
        if sum(x is not None for x in (seed, deck, position)) > 1:
            raise ValueError("give one of a deal number (seed), a deck string or a position, not several")
        if position is not None:
            game = cls.__new__(cls)
            game._read_position(position, draw)
            game.setup = {"position": game.position_text(), "draw": draw}
            return game
        if deck is not None:
            tableau, stock = layout(parse_deck(deck))
            game = cls(tableau, stock, draw=draw)
            game.setup = {"deck": game.deck, "draw": draw}
            return game
        if seed is None:
            seed = random.SystemRandom().randrange(1, 1_000_000)
        seed = checks.seed("seed (the deal number)", seed)
        # region deal
        # deal(seed), through the pieces: a new deck, shuffled by deal number, dealt into the columns
        cards = cls.new_deck()
        cls.shuffle(cards, random.Random(seed))
        tableau, stock = cls.deal_columns(cards)
        game = cls(tableau, stock, draw=draw)
        # endregion
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
        checks.text("position", text, max_length=MAX_POSITION_LENGTH)
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
            for below, above in itertools.pairwise(column):
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
        other.draw, other.passes = self.draw, self.passes
        other.setup = dict(self.setup)
        other.deck = self.deck
        if self.copy_by_snapshot:
            # the tutorial's undo: the position goes through its JSON snapshot and back
            other.tableau, other.foundations = [[] for _ in range(7)], [[] for _ in range(4)]
            other.stock, other.waste, other.moves, other.score = [], [], 0, 0
            other.restore(self.snapshot())
            return other
        other.tableau = [list(column) for column in self.tableau]
        other.foundations = [list(pile) for pile in self.foundations]
        other.stock = list(self.stock)
        other.waste = list(self.waste)
        other.moves, other.score = self.moves, self.score
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

    def __repr__(self) -> str:
        start = f"deal {self.setup['seed']}" if "seed" in self.setup else "deck" if "deck" in self.setup else "position"
        return f"<Klondike {start}, draw {self.draw}: moves {self.moves}, score {self.score}>"

    def _repr_svg_(self) -> str:
        """The table as a picture in a notebook (the picture module is only imported here)."""
        from .picture import KlondikePicture

        return KlondikePicture().svg(self)

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        """The same picture as PNG, for a notebook not yet trusted and for GitHub."""
        from .picture import KlondikePicture

        return KlondikePicture().png_bundle(self)

    def __str__(self) -> str:
        """A compact text board: stock, waste (last three shown), foundations, then the columns.

        ``##`` is a face-down card.

        >>> print(str(Klondike.new(seed=1)).splitlines()[0])
        stock 24  waste --              ♠ --  ♥ --  ♣ --  ♦ --
        """
        text = self.card_text  # the tutorial's cardEl: what a card shows
        waste = " ".join(f"{text(card):>3}" for card in self.waste[-3:]).strip() or "--"
        if len(self.waste) > 3:
            waste = f"…{waste}"
        founds = "  ".join(f"{SUITS[s]} {text(pile[-1]) if pile else '--'}" for s, pile in enumerate(self.foundations))
        lines = [f"stock {len(self.stock):<2}  waste {waste:<15} {founds}".rstrip()]
        for index, column in enumerate(self.tableau, 1):
            cells = " ".join(f"{text(card):>3}" for card in column)
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
            dst = match["dst"]
            selection = self._selection(match["src"], match["count"], dst, text)
            if dst[0] == "f":
                self._to_foundation(selection, dst, text)
            else:
                self._to_column(selection, int(dst[1]) - 1, text)

    def _draw(self) -> None:
        """Stock → waste, ``draw`` cards at a time; an empty stock takes the waste back (山札を戻す)."""
        if not self.stock and not self.waste:
            raise IllegalMove("draw: the stock and the waste are both empty, there is nothing to turn over")
        recycling = not self.stock
        self.draw_from_stock()
        if recycling:
            self.passes += 1
            if self.draw == 1:
                self._add_score(SCORES["recycle_draw_one"])

    def _selection(self, src: str, count: str | None, dst: str, text: str) -> Selection:
        """The cards an action's source picks up, or IllegalMove when there are none to pick up."""
        if src == "w":
            if not self.waste:
                raise IllegalMove(f"{text}: the waste is empty (click the stock to turn a card over)")
            return Selection("waste")
        if src[0] == "f":
            suit = _SUIT_KEYS[src[1]]
            if dst[0] == "f":
                raise IllegalMove(f"{text}: a card cannot move from one foundation to another")
            if not self.foundations[suit]:
                raise IllegalMove(f"{text}: the {SUITS[suit]} foundation is empty")
            return Selection("foundation", suit)
        column, number = int(src[1]) - 1, int(count or 1)
        if number < 1:
            raise IllegalMove(f"{text}: move at least one card")
        source = self.tableau[column]
        if not source:
            raise IllegalMove(f"{text}: column {column + 1} is empty")
        face_up = sum(1 for card in source if card.up)
        if number > face_up:
            raise IllegalMove(
                f"{text}: column {column + 1} has {face_up} face-up card{'s' if face_up != 1 else ''}, "
                f"so {number} cannot be moved"
            )
        return Selection("tableau", column, len(source) - number)

    def _picked(self, selection: Selection, text: str) -> list[Card]:
        cards = list(self.selected_cards(selection))
        if not cards:
            raise IllegalMove(f"{text}: selected_cards picks up no card from {selection}")
        return cards

    def _to_foundation(self, selection: Selection, dst: str, text: str) -> None:
        cards = self._picked(selection, text)
        if len(cards) != 1:
            raise IllegalMove(f"{text}: only one card at a time goes to a foundation")
        card = cards[0]
        if len(dst) == 2 and _SUIT_KEYS[dst[1]] != card.suit:
            raise IllegalMove(f"{text}: {card} belongs on the {SUITS[card.suit]} foundation, not {SUITS[_SUIT_KEYS[dst[1]]]}")
        pile = self.foundations[card.suit]
        if not self.can_foundation(card, pile):
            raise IllegalMove(f"{text}: {why_not_foundation(card, pile) or f'can_foundation refuses {card} there'}")
        if not self.move_to_foundation(selection):
            raise IllegalMove(f"{text}: move_to_foundation refused to move {card}")
        self._add_score(SCORES["to_foundation"])

    def _to_column(self, selection: Selection, column: int, text: str) -> None:
        if selection.where == "tableau" and selection.pile == column:
            raise IllegalMove(f"{text}: a card cannot move onto its own column")
        cards = self._picked(selection, text)
        if len(cards) > 1 and not self.is_run(cards):
            raise IllegalMove(f"{text}: {why_not_run(cards) or 'is_run says these cards are not a run'}")
        pile = self.tableau[column]
        if not self.can_tableau(cards[0], pile):
            onto = f"on {pile[-1]}" if pile else "on an empty column"
            raise IllegalMove(f"{text}: {why_not_tableau(cards[0], pile) or f'can_tableau refuses {cards[0]} {onto}'}")
        if not self.move_to_pile(selection, column):
            raise IllegalMove(f"{text}: move_to_pile refused to move {cards[0]} onto column {column + 1}")
        if selection.where == "waste":
            self._add_score(SCORES["waste_to_tableau"])
        elif selection.where == "foundation":
            self._add_score(SCORES["foundation_to_tableau"])

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
            reason = " and ".join(blockers) or "can_auto_complete says no"
            raise IllegalMove("auto: auto-complete starts only when it must succeed, but " + reason)
        for _ in range(52):  # at most one card per round: a wrong piece can never loop for ever
            if self.is_won:
                break
            tops = [(pile[-1].rank, index) for index, pile in enumerate(self.tableau) if pile]
            if not tops:
                break
            _rank, index = min(tops)
            card = self.tableau[index][-1]
            if not self.move_to_foundation(Selection("tableau", index, len(self.tableau[index]) - 1)):
                raise IllegalMove(f"auto: {card} cannot go to its foundation, so auto-complete stops")
            self._add_score(SCORES["to_foundation"])

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
            if self.can_foundation(card, self.foundations[card.suit]):
                actions.append("w>f")
            actions += [f"w>t{j + 1}" for j, pile in enumerate(self.tableau) if self.can_tableau(card, pile)]
        for i, column in enumerate(self.tableau):
            if not column:
                continue
            top = column[-1]
            if self.can_foundation(top, self.foundations[top.suit]):
                actions.append(f"t{i + 1}>f")
            face_up = sum(1 for card in column if card.up)
            for count in range(1, face_up + 1):
                first = column[-count]
                for j, pile in enumerate(self.tableau):
                    if j != i and self.can_tableau(first, pile):
                        actions.append(f"t{i + 1}>t{j + 1}" if count == 1 else f"t{i + 1}:{count}>t{j + 1}")
        for suit, pile in enumerate(self.foundations):
            if pile:
                letter = "shcd"[suit]
                actions += [f"f{letter}>t{j + 1}" for j, col in enumerate(self.tableau)
                            if self.can_tableau(pile[-1], col)]
        return actions

    def hints(self) -> list[str]:
        """Useful card moves, best first (ヒント): of the moves :func:`hint_moves` finds (the waste and
        face-up tableau cards that can go to a foundation or another column), those that do not only
        shuffle cards around.

        Order: moves that turn over a face-down card (more cards beneath first), then foundation
        moves, waste → tableau, moves exposing a card that can go up, and moves that empty a column
        for a King waiting elsewhere. ``draw`` is suggested only when no card move helps.

        >>> Klondike.new(seed=1).hints()
        ['t5>t4', 't1>t2']
        """
        ranked: list[tuple[int, int, str]] = []
        kings_waiting = self._kings_waiting()
        to_empty: set[str] = set()
        for text in self.hint_moves():
            source, _, target = text.partition(">")
            if target.startswith("t") and target[1:].isdigit() and 1 <= int(target[1:]) <= 7:
                if not self.tableau[int(target[1:]) - 1]:
                    if source in to_empty:
                        continue  # one empty column is as good as another
                    to_empty.add(source)
            rank = self._hint_rank(source, target, kings_waiting)
            if rank is not None:
                ranked.append((*rank, text))
        ranked.sort()
        hints = list(dict.fromkeys(text for _, _, text in ranked))
        if not hints and (self.stock or self.waste):
            hints.append("draw")
        return hints

    def _hint_rank(self, source: str, target: str, kings_waiting: bool) -> tuple[int, int] | None:
        """How good a move is for :meth:`hints` (lower first), None for a move that only shuffles cards."""
        if source == "w":
            return (1, 0) if target == "f" else (2, 0)
        match = re.fullmatch(r"t([1-7])(?::(\d+))?", source)
        if match is None:
            return None
        column = self.tableau[int(match[1]) - 1]
        count = int(match[2] or 1)
        down = sum(1 for card in column if not card.up)
        face_up = len(column) - down
        if not 1 <= count <= face_up:
            return None
        if target == "f":
            return (0 if face_up == 1 and down else 1, -down) if count == 1 else None
        pile = self.tableau[int(target[1:]) - 1] if re.fullmatch(r"t[1-7]", target) else None
        if pile is None:
            return None
        whole = count == face_up
        if whole and down:
            return (0, -down)
        if whole and pile and kings_waiting:
            return (4, 0)
        below = column[-count - 1] if not whole else None
        if below is not None and self.can_foundation(below, self.foundations[below.suit]):
            return (3, 0)
        return None

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
