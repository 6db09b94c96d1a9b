"""What a click, a drag or a key means on the Klondike table: pure functions, no widget.

The tutorial's point (クリックとドラッグを同じ処理につなぐ) is kept literally: a click on a card then a
click on a pile (:func:`click`), and a drag of the cards dropped on a pile (:func:`drag`, then
:func:`release`), both end in :func:`move`, which builds the action text for the engine, so the rules
can never differ between the two. Dropping cards on no pile (or on their own) puts them back.

Mouse: click the stock to turn cards over (or the empty stock to turn the waste back), click a card
and then a pile, drag cards (the pile under them lights up when the drop would be legal), double-click
a card to send it to its foundation. Keys (:func:`key`): ``d``/space draw, ``f`` selected card to its
foundation, ``h`` hint, ``a`` auto-complete, ``Escape`` drop the selection. The buttons' answers are
here too: :func:`hint`, :func:`auto_complete`, and the solver's, asked as long work on a copy of the
position (:func:`ask_solver`, :func:`finish`).

The picture tags what can be clicked with the targets below; :class:`KlondikeUI` is what the picture
shows beyond the position (a selection, cards being dragged, a highlighted pile, hint rings).

>>> game = Klondike.new(seed=1)
>>> picked = click(game, KlondikeUI(), CardAt(4, 4), now=0.0)
>>> picked.ui.selected
CardAt(column=4, index=4)
>>> click(game, picked.ui, CardAt(3, 3), now=1.0)
Response(action='t5>t4', ui=KlondikeUI(last_press=Press(source=CardAt(column=3, index=3), at=1.0)))
>>> key(game, KlondikeUI(), "h")
Response(command='hint')
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Protocol

from ..controls import Response
from ..errors import IllegalMove
from ..words import count
from ..work import Work
from .cards import Card
from .game import Klondike, Selection
from .picture import Box, CardAt, Column, Drag, Foundation, KlondikeUI, Pile, Press, Source, Stock, Waste

if TYPE_CHECKING:  # the solver is loaded only where a board asks it
    from .solver import SolveResult

__all__ = ["source_of", "pile_of", "home_of", "selection_of", "cards_of", "action_for", "describe", "allows",
           "PILES", "drop_piles", "hint_marks", "move", "to_foundation", "click", "drag", "release", "key", "hint",
           "auto_complete", "solver_hint", "ask_solver", "finish", "finished", "Timer", "update_timer"]


# -- reading targets ------------------------------------------------------------------------------------
def source_of(game: Klondike, target: object) -> Source | None:
    """The card(s) a press on ``target`` picks up, if any.

    >>> source_of(Klondike.new(seed=1), CardAt(4, 4)), source_of(Klondike.new(seed=1), Waste())
    (CardAt(column=4, index=4), None)
    """
    if isinstance(target, Waste) and game.waste:
        return target
    if isinstance(target, Foundation) and game.foundations[target.suit]:
        return target
    if isinstance(target, CardAt):
        column = game.tableau[target.column]
        if target.index < len(column) and column[target.index].up:
            return target
    return None


def pile_of(target: object) -> Pile | None:
    """The pile a click or drop on ``target`` aims at (a card stands for its column).

    >>> pile_of(CardAt(3, 3)), pile_of(Stock())
    (Column(index=3), None)
    """
    if isinstance(target, CardAt):
        return Column(target.column)
    if isinstance(target, (Column, Foundation)):
        return target
    return None


def home_of(source: Source) -> Pile | None:
    """The pile ``source`` lies on (a drop there puts the cards back); the waste is no pile."""
    if isinstance(source, CardAt):
        return Column(source.column)
    if isinstance(source, Foundation):
        return source
    return None


def selection_of(source: Source) -> Selection:
    """The engine's :class:`~gamelab.klondike.game.Selection` for a picked-up target.

    >>> selection_of(CardAt(4, 4)), selection_of(Waste())
    (Selection(where='tableau', pile=4, index=4), Selection(where='waste', pile=0, index=0))
    """
    if isinstance(source, Waste):
        return Selection("waste")
    if isinstance(source, Foundation):
        return Selection("foundation", source.suit)
    return Selection("tableau", source.column, source.index)


def cards_of(game: Klondike, source: Source) -> tuple[Card, ...]:
    """The cards ``source`` picks up (a card of a column takes the cards on it along): the game's
    ``selected_cards`` (getSelectedCards), so dragged cards are the ones a move would take."""
    return tuple(game.selected_cards(selection_of(source)))


# -- actions in text form -------------------------------------------------------------------------------
def _source_text(game: Klondike, source: Source) -> str:
    if isinstance(source, Waste):
        return "w"
    if isinstance(source, Foundation):
        return "f" + "shcd"[source.suit]
    count = len(game.tableau[source.column]) - source.index
    return f"t{source.column + 1}" + (f":{count}" if count > 1 else "")


def action_for(game: Klondike, source: Source, pile: Pile) -> str:
    """The action text moving ``source`` (and any cards on it) to ``pile``.

    A foundation names its suit: a drop on the wrong one is refused by the engine, with the reason.

    >>> action_for(Klondike.new(seed=1), CardAt(4, 4), Column(3))
    't5>t4'
    >>> action_for(Klondike.new(seed=1), CardAt(4, 4), Foundation(1))
    't5>fh'
    """
    if isinstance(pile, Foundation):
        return f"{_source_text(game, source)}>f{'shcd'[pile.suit]}"
    return f"{_source_text(game, source)}>t{pile.index + 1}"


def describe(game: Klondike, action: str) -> str:
    """An action in words, for hints: ``'7♥ from column 2 onto column 5 (8♠)'``.

    >>> describe(Klondike.new(seed=1), "t5>t4")
    '2♠ from column 5 onto column 4 (3♦)'
    """
    if action == "draw":
        return "turn over the stock" if game.stock else "turn the waste back over into the stock"
    if action == "auto":
        return "auto-complete"
    src, dst = action.split(">")
    if src == "w":
        card, where = game.waste[-1], "the waste"
    elif src[0] == "f":
        suit = "shcd".index(src[1])
        card, where = game.foundations[suit][-1], "its foundation"
    else:
        column = int(src[1])
        count = int(src.split(":")[1]) if ":" in src else 1
        card, where = game.tableau[column - 1][-count], f"column {column}"
        if count > 1:
            where += f" (with {count - 1} card{'s' if count > 2 else ''} on it)"
    if dst[0] == "f":
        return f"{card} from {where} to its foundation"
    target = game.tableau[int(dst[1]) - 1]
    onto = f"onto column {dst[1]} ({target[-1]})" if target else f"to the empty column {dst[1]}"
    return f"{card} from {where} {onto}"


def allows(game: Klondike, source: Source, pile: Pile) -> bool:
    """Would the engine accept this move? (Tried on a copy: nothing changes.)"""
    trial = game.copy()
    try:
        trial.play(action_for(trial, source, pile))
    except IllegalMove:
        return False
    return True


#: every pile cards can be dropped on: the seven columns, then the four foundations
PILES: tuple[Pile, ...] = (*(Column(index) for index in range(7)), *(Foundation(suit) for suit in range(4)))


def drop_piles(game: Klondike, source: Source) -> frozenset[Pile]:
    """The piles the engine would take ``source`` onto (its own pile aside): asked once, as a drag starts.

    >>> sorted(drop_piles(Klondike.new(seed=1), CardAt(4, 4)), key=str)
    [Column(index=3)]
    """
    return frozenset(pile for pile in PILES if pile != home_of(source) and allows(game, source, pile))


def hint_marks(game: Klondike, action: str | None, ui: KlondikeUI | None = None) -> KlondikeUI:
    """``ui`` with rings on the cards ``action`` moves and on the pile they go to.

    >>> hint_marks(Klondike.new(seed=1), "t5>t4")
    KlondikeUI(hint_from=CardAt(column=4, index=4), hint_to=Column(index=3))
    """
    ui = replace(ui or KlondikeUI(), hint_from=None, hint_to=None)
    if action == "draw":
        return replace(ui, hint_from=Stock())
    if not action or ">" not in action:
        return ui
    src, dst = action.split(">")
    source: Source
    if src == "w":
        source, card = Waste(), game.waste[-1]
    elif src[0] == "f":
        suit = "shcd".index(src[1])
        source, card = Foundation(suit), game.foundations[suit][-1]
    else:
        column = int(src[1]) - 1
        count = int(src.split(":")[1]) if ":" in src else 1
        index = len(game.tableau[column]) - count
        source, card = CardAt(column, index), game.tableau[column][index]
    pile: Pile = Column(int(dst[1]) - 1) if dst[0] == "t" else Foundation(card.suit)
    return replace(ui, hint_from=source, hint_to=pile)


# -- the one move function ------------------------------------------------------------------------------
def move(game: Klondike, ui: KlondikeUI, source: Source, pile: Pile) -> Response[KlondikeUI]:
    """Move ``source`` onto ``pile`` through the engine: clicks and drops both end here."""
    return Response.play(action_for(game, source, pile), ui=replace(ui, selected=None))


def to_foundation(game: Klondike, ui: KlondikeUI, source: Source) -> Response[KlondikeUI]:
    """Send the card ``source`` to its own foundation (double-click or ``f``)."""
    cleared = replace(ui, selected=None)
    if isinstance(source, CardAt) and source.index != len(game.tableau[source.column]) - 1:
        return Response.refuse("only the top card of a column can go to a foundation", ui=cleared)
    return Response.play(f"{_source_text(game, source)}>f", ui=cleared)


# -- mouse and keys -------------------------------------------------------------------------------------
def click(game: Klondike, ui: KlondikeUI, target: object, now: float,
          double_click: float = 0.4) -> Response[KlondikeUI]:
    """A press on ``target`` at time ``now`` (seconds; a second press on the same cards within
    ``double_click`` seconds sends them to their foundation).

    The stock turns cards over. With cards selected, a press on another pile moves them there;
    otherwise a press on cards selects them (and the pointer may drag them), anywhere else drops the
    selection.
    """
    ui = replace(ui, hint_from=None, hint_to=None)
    if isinstance(target, Stock):
        return Response.play("draw", ui=replace(ui, selected=None))
    source = source_of(game, target)
    last = ui.last_press
    ui = replace(ui, last_press=Press(source, now) if source is not None else None)
    if source is not None and last is not None and last.source == source and now - last.at <= double_click:
        return to_foundation(game, replace(ui, last_press=None), source)
    if ui.selected is not None and source != ui.selected:
        pile = pile_of(target)
        if pile is not None and pile != home_of(ui.selected):
            return move(game, ui, ui.selected, pile)
    return Response.update(replace(ui, selected=source))


def drag(game: Klondike, ui: KlondikeUI, x: float, y: float, *, target_at: Callable[[float, float], object],
         box: Callable[[Source], Box]) -> Response[KlondikeUI] | None:
    """The pointer moved to (``x``, ``y``) with the button down, after a press selected cards.

    On the first move the cards lift off where they were grabbed (``box`` says where the source is
    drawn), and the engine is asked once where they may go (:func:`drop_piles`); then they follow the
    pointer, and the pile under it (``target_at``: the board's hit test) is highlighted when it is one of
    those. Only the interface state changes: nothing is copied or played while the pointer moves (the
    drop, :func:`release`, is the move). ``None`` when nothing is held.
    """
    lifted = ui.drag
    if lifted is None:
        if ui.selected is None:
            return None
        bx, by, _, _ = box(ui.selected)
        lifted = Drag(ui.selected, cards_of(game, ui.selected), bx, by, (x - bx, y - by),
                      drop_piles(game, ui.selected))
    dx, dy = lifted.offset
    pile = pile_of(target_at(x, y))
    return Response.update(replace(ui, drag=replace(lifted, x=x - dx, y=y - dy),
                                   drop=pile if pile in lifted.piles else None))


def release(game: Klondike, ui: KlondikeUI, target: object) -> Response[KlondikeUI] | None:
    """The button went up over ``target``: dragged cards go to the pile there, through :func:`move`.

    After a plain click nothing happens (the selection waits for a target); on no pile, or on their
    own, the cards go back where they were.
    """
    if ui.drag is None:
        return None
    source = ui.drag.source
    dropped = replace(ui, drag=None, drop=None)
    pile = pile_of(target)
    if pile is None:
        return Response.update(replace(dropped, selected=None))
    if pile == home_of(source):
        return Response.update(dropped)
    return move(game, dropped, source, pile)


def key(game: Klondike, ui: KlondikeUI, key: str) -> Response[KlondikeUI] | None:
    """``d`` or space draw, ``f`` sends the selected card home, ``h`` hint, ``a`` auto-complete,
    ``Escape`` drops the selection (Ctrl+Z and Ctrl+Shift+Z are the board's undo and redo)."""
    key = key if len(key) > 1 else key.lower()
    if key in ("d", " "):
        return Response.play("draw")
    if key == "h":
        return Response(command="hint")
    if key == "a":
        return Response(command="auto")
    if key == "f" and ui.selected is not None:
        return to_foundation(game, ui, ui.selected)
    if key == "Escape":
        return Response.update(replace(ui, selected=None))
    return None


# -- the clock -----------------------------------------------------------------------------------------
class Timer(Protocol):
    """A clock that can be started and stopped (:class:`gamelab.clock.Clock`, a board's clock display)."""

    def start(self) -> None: ...

    def stop(self) -> None: ...


def update_timer(clock: Timer, game: Klondike) -> None:
    """What the clock does after each action (begin, タイマー): it starts on the first action and stops
    on the win. Starting a clock that runs already changes nothing (the tutorial's ``if (started)
    return``), so a running clock just goes on.

    >>> from gamelab.clock import Clock
    >>> clock = Clock(now=lambda: 0.0); update_timer(clock, Klondike.new(seed=1)); clock.running
    True
    """
    if game.is_won:
        clock.stop()
    else:
        clock.start()


# -- the buttons' advice --------------------------------------------------------------------------------
def hint(game: Klondike, ui: KlondikeUI) -> Response[KlondikeUI]:
    """Point at a useful move (the engine's hint: waste and face-up cards that can go somewhere).

    >>> hint(Klondike.new(seed=1), KlondikeUI()).message
    'Hint: 2♠ from column 5 onto column 4 (3♦)'
    """
    action = game.hint()
    if action is None:
        return Response(message="No move left: this deal is lost. Undo, or press New game.")
    return Response.update(hint_marks(game, action, ui), f"Hint: {describe(game, action)}")


def auto_complete(game: Klondike, ui: KlondikeUI) -> Response[KlondikeUI]:
    """Send every card home (the engine's ``auto``, refused with its reason when it cannot start), and
    say in how many moves: each card left on the tableau is one.

    >>> auto_complete(Klondike.new(position="foundations: Q♠ K♥ K♣ K♦\\nt1: K♠"), KlondikeUI()).message
    'Auto-complete: every card went home in 1 move.'
    """
    moves = game.moves + sum(len(column) for column in game.tableau)
    return Response(action="auto", ui=replace(ui, selected=None, hint_from=None, hint_to=None),
                    message=f"Auto-complete: every card went home in {count(moves, 'move')}.")


def solver_hint(game: Klondike, ui: KlondikeUI, result: SolveResult) -> Response[KlondikeUI]:
    """What the solver's ``result`` for ``game`` tells the player: the next move of a winning line
    (ringed), that no win exists, or that the search ran out of budget."""
    if result.status == "solved":
        action = result.actions[0]
        return Response.update(hint_marks(game, action, ui),
                               f"Winnable ({count(len(result.actions), 'action')} to go); next: {describe(game, action)}")
    if result.status == "impossible":
        return Response(message="No winning line exists from here: the solver searched every position. "
                                "Undo a few moves?")
    return Response(message=f"The solver found no win within {result.budget:,} positions: this one is hard.")


def ask_solver(game: Klondike, ui: KlondikeUI, budget: int) -> Response[KlondikeUI]:
    """The Solve button: long work that searches a copy of ``game`` (at most ``budget`` positions) for a
    winning line, and then rings its next move (:func:`solver_hint`)."""
    from .solver import solve

    position = game.copy()
    return Response(work=Work("The solver is looking for a winning line",
                              lambda progress: solve(position, budget=budget),
                              lambda result, now, ui_now: solver_hint(now, ui_now, result)))


def finish(game: Klondike, ui: KlondikeUI, budget: int) -> Response[KlondikeUI]:
    """The Finish for me button: long work that searches a copy of ``game`` for a winning line, then plays
    it to the end (:func:`finished`)."""
    from .solver import solve

    position = game.copy()
    return Response(work=Work("The solver is finishing the game",
                              lambda progress: solve(position, budget=budget), finished))


def finished(result: SolveResult, game: Klondike, ui: KlondikeUI) -> Response[KlondikeUI]:
    """The solver's winning line played action by action (each can be undone, or looked back at); without
    one, what the search found (:func:`solver_hint`).

    >>> from gamelab.klondike.solver import SolveResult
    >>> finished(SolveResult("solved", ["t5>t4", "draw"], 10, 100), Klondike.new(seed=1), KlondikeUI()).line
    ('t5>t4', 'draw')
    """
    if result.status != "solved":
        return solver_hint(game, ui, result)
    return Response(line=tuple(result.actions), ui=KlondikeUI(),
                    message=f"The solver finished the game in {count(len(result.actions), 'action')} "
                            "(Undo walks them back).")
