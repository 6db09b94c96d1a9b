"""Klondike in a notebook cell: click a card then a pile, or drag it there; both make the same move.

The tutorial's point (クリックとドラッグを同じ処理につなぐ) is kept literally: a click-then-click and
a drag-and-drop both end in :meth:`KlondikeBoard.move`, which builds the action text and hands it to
the engine, so the rules can never differ between the two. Dropping a card on no pile (or on its own)
puts it back where it was.

Mouse: click the stock to turn cards over (or the empty stock to turn the waste back), click a card
and then a pile, drag cards (the pile under them lights up when the drop would be legal), double-click
a card to send it to its foundation. Keys: ``d``/space draw, ``f`` selected card to its foundation,
``h`` hint, ``a`` auto-complete, ``Escape`` drop the selection, Ctrl+Z / Ctrl+Shift+Z undo / redo.

>>> board = KlondikeBoard(seed=1)      # in a notebook cell, the last line shows the table
>>> board.move(("card", 4, 4), ("column", 3))
True
"""

from __future__ import annotations

import time
from typing import Any, Callable, Hashable

import ipywidgets as widgets

from ..errors import IllegalMove
from ..widgets import PlayBoard
from .game import Klondike
from .picture import KlondikePicture
from .solver import solve

__all__ = ["KlondikeBoard", "action_for", "describe"]

Source = tuple  # ("waste",) | ("foundation", suit) | ("card", column, index)
Pile = tuple  # ("column", column) | ("foundation", suit)


def action_for(game: Klondike, source: Source, pile: Pile) -> str:
    """The action text moving ``source`` (and any cards on it) to ``pile``.

    A foundation pile names its suit (a drop on the wrong one is refused by the engine, with the
    reason); ``("foundation", None)`` means "its own foundation" (double-click, key ``f``).

    >>> action_for(Klondike.new(seed=1), ("card", 4, 4), ("column", 3))
    't5>t4'
    >>> action_for(Klondike.new(seed=1), ("card", 4, 4), ("foundation", 1))
    't5>fh'
    """
    if source[0] == "waste":
        text = "w"
    elif source[0] == "foundation":
        text = "f" + "shcd"[source[1]]
    else:
        column, index = source[1], source[2]
        count = len(game.tableau[column]) - index
        text = f"t{column + 1}" + (f":{count}" if count > 1 else "")
    if pile[0] == "foundation":
        return text + (">f" if pile[1] is None else ">f" + "shcd"[pile[1]])
    return text + f">t{pile[1] + 1}"


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


class KlondikeBoard(PlayBoard):
    """A playable Klondike table with Hint, Auto-complete, Solve and Finish buttons and a draw option.

    ``seed`` / ``deck`` / ``position`` choose the start (as :meth:`Klondike.new`), ``draw`` 1 or 3;
    ``winnable_only`` makes New game deal only deals the solver wins; ``now`` is the clock's time
    source (tests pass their own).
    """

    picture = KlondikePicture()
    action_sound = "card"
    #: seconds between two presses on the same card that count as a double-click
    double_click = 0.4
    #: positions the Solve button may search
    solve_budget = 30_000
    _ready = False

    def __init__(self, seed: int | None = None, draw: int = 1, deck: str | None = None, position: str | None = None,
                 *, winnable_only: bool = False, now: Callable[[], float] | None = None, **options: Any) -> None:
        game = Klondike.new(seed=seed, draw=draw, deck=deck, position=position)
        self._now = now or time.monotonic
        self._press: dict[str, Any] | None = None
        self._last_press: tuple[Source, float] | None = None
        self._face_down = game.face_down
        self._solution: list[str] = []
        self.draw_choice = widgets.ToggleButtons(options=[("Draw 1", 1), ("Draw 3", 3)], value=draw,
                                                 tooltips=["turn one card at a time", "turn three at a time"],
                                                 style={"button_width": "70px"})
        self.winnable = widgets.Checkbox(value=winnable_only, description="Winnable deals only", indent=False)
        super().__init__(game, clock=True, now=now, **options)
        self.add_button("Hint", self.hint, "Point at a useful move (h)", name="hint")
        self.add_button("Auto-complete", self.auto_complete, "Send every card home (a)", name="auto")
        self.add_button("Solve", self.solver_hint, "Ask the solver for the next move of a winning line", name="solve")
        self.add_button("Finish for me", self.finish, "Play the solver's winning line to the end", name="finish")
        self.extras.children = (self.draw_choice, self.winnable)
        self._ready = True
        self.refresh()

    # -- presentation state ------------------------------------------------------------------------
    def make_ui(self) -> dict[str, Any]:
        return {"selected": None, "drag": None, "drop": None, "hint_from": None, "hint_to": None}

    @property
    def kgame(self) -> Klondike:
        """The current position, typed as Klondike."""
        game = self.game
        assert isinstance(game, Klondike)
        return game

    def source_of(self, target: Hashable | None) -> Source | None:
        """The card(s) a press on ``target`` picks up, if any."""
        game = self.kgame
        if target == ("waste",) and game.waste:
            return ("waste",)
        if isinstance(target, tuple) and target and target[0] == "foundation" and game.foundations[target[1]]:
            return target
        if isinstance(target, tuple) and target and target[0] == "card":
            column, index = target[1], target[2]
            if index < len(game.tableau[column]) and game.tableau[column][index].up:
                return target
        return None

    @staticmethod
    def pile_of(target: Hashable | None) -> Pile | None:
        """The pile a click or drop on ``target`` aims at (a card stands for its column)."""
        if isinstance(target, tuple) and target:
            if target[0] in ("column", "card"):
                return ("column", target[1])
            if target[0] == "foundation":
                return target
        return None

    def home_of(self, source: Source) -> Pile | None:
        """The pile ``source`` lies on (a drop there puts the cards back)."""
        if source[0] == "card":
            return ("column", source[1])
        if source[0] == "foundation":
            return source
        return None

    # -- the one move function -----------------------------------------------------------------------
    def move(self, source: Source, pile: Pile) -> bool:
        """Move ``source`` onto ``pile`` through the engine (clicks and drops both end here)."""
        self.ui["selected"] = None
        return self.act(action_for(self.kgame, source, pile))

    def would_allow(self, source: Source, pile: Pile) -> bool:
        """Would the engine accept this move? (Tried on a copy: nothing changes.)"""
        trial = self.kgame.copy()
        try:
            trial.play(action_for(trial, source, pile))
        except IllegalMove:
            return False
        return True

    def to_foundation(self, source: Source) -> bool:
        """Send the card ``source`` to its foundation (double-click or ``f``)."""
        if source[0] == "card" and source[2] != len(self.kgame.tableau[source[1]]) - 1:
            self.ui["selected"] = None
            self.say("only the top card of a column can go to a foundation", error=True)
            return False
        return self.move(source, ("foundation", None))

    # -- mouse and keys ------------------------------------------------------------------------------
    def on_click(self, target: Hashable | None) -> None:
        self.ui["hint_from"] = self.ui["hint_to"] = None
        now = self._now()
        if target == ("stock",):
            self.ui["selected"] = None
            self.act("draw")
            return
        source = self.source_of(target)
        selected = self.ui["selected"]
        last, self._last_press = self._last_press, (source, now) if source else None
        if source is not None and last is not None and last[0] == source and now - last[1] <= self.double_click:
            self._last_press = None
            self.to_foundation(source)
            return
        if selected is not None and source != selected:
            pile = self.pile_of(target)
            if pile is not None and pile != self.home_of(selected):
                self.move(selected, pile)
                return
        if source is None:
            self.ui["selected"] = None
            self.redraw()
            return
        self.ui["selected"] = source
        self._press = {"source": source, "offset": None}
        self._update_status()
        self.redraw()

    def on_drag(self, x: float, y: float) -> bool:
        press = self._press
        if press is None:
            return False
        source = press["source"]
        if press["offset"] is None:  # the first move: the cards lift off where they were grabbed
            bx, by, _, _ = self.picture.box(self.kgame, source)
            press["offset"] = (x - bx, y - by)
            game = self.kgame
            if source[0] == "waste":
                cards = [game.waste[-1]]
            elif source[0] == "foundation":
                cards = [game.foundations[source[1]][-1]]
            else:
                cards = game.tableau[source[1]][source[2]:]
            self.ui["drag"] = {"source": source, "cards": cards, "x": bx, "y": by}
        dx, dy = press["offset"]
        self.ui["drag"]["x"], self.ui["drag"]["y"] = x - dx, y - dy
        pile = self.pile_of(self.target_at(x, y))
        legal = pile is not None and pile != self.home_of(source) and self.would_allow(source, pile)
        self.ui["drop"] = pile if legal else None
        return True

    def on_release(self, target: Hashable | None, x: float, y: float) -> None:
        press, self._press = self._press, None
        if press is None or self.ui["drag"] is None:
            return  # a plain click: the selection waits for a target
        source = press["source"]
        self.ui["drag"] = self.ui["drop"] = None
        pile = self.pile_of(target)
        if pile is None or pile == self.home_of(source):
            if pile is None:
                self.ui["selected"] = None
            self.redraw()  # no pile: the cards go back where they were
            return
        self.move(source, pile)

    def on_key(self, key: str) -> None:
        key = key if len(key) > 1 else key.lower()
        if key in ("d", " "):
            self.act("draw")
        elif key == "h":
            self.hint()
        elif key == "a":
            self.auto_complete()
        elif key == "f" and self.ui["selected"] is not None:
            self.to_foundation(self.ui["selected"])
        elif key == "Escape":
            self.ui["selected"] = None
            self.refresh()

    # -- buttons -------------------------------------------------------------------------------------
    def show_hint(self, action: str, prefix: str) -> None:
        """Point at ``action`` on the table and say it in words."""
        self.ui.update(self.picture.hint_marks(self.kgame, action))
        self.say(f"{prefix}: {describe(self.kgame, action)}")
        self.redraw()

    def hint(self) -> None:
        """Point at a useful move (the engine's hint: waste and face-up cards that can go somewhere)."""
        action = self.kgame.hint()
        if action is None:
            self.say("No move left: this deal is lost. Undo, or press New game.")
            return
        self.show_hint(action, "Hint")

    def auto_complete(self) -> None:
        if self.act("auto"):
            self.say(f"Auto-complete: every card went home in {self.kgame.moves} moves.")

    def solver_hint(self) -> None:
        """Ask the solver (it sees every card) for the next move of a winning line."""
        result = solve(self.kgame, budget=self.solve_budget)
        self._solution = result.actions
        if result.status == "solved":
            self.show_hint(result.actions[0], f"Winnable ({len(result.actions)} actions to go); next")
        elif result.status == "impossible":
            self.say("No winning line exists from here: the solver searched every position. Undo a few moves?")
        else:
            self.say(f"The solver found no win within {self.solve_budget:,} positions: this one is hard.")

    def finish(self) -> None:
        """Play the solver's winning line to the end (each action can be undone, or reviewed)."""
        result = solve(self.kgame, budget=self.solve_budget)
        if result.status != "solved":
            self.solver_hint()
            return
        for action in result.actions:
            self.record.play(action)
        self.ui = self.make_ui()
        self.after_action(result.actions[-1])
        self.say(f"The solver finished the game in {len(result.actions)} actions (Undo walks them back).")
        self.refresh()

    # -- game flow -----------------------------------------------------------------------------------
    def after_action(self, action: str) -> None:
        super().after_action(action)
        game = self.kgame
        if game.is_won:
            self.play_sound("win")
        elif game.face_down < self._face_down:
            self.play_sound("flip")  # a card was turned over
        elif action.endswith(">f"):
            self.play_sound("place")

    def refresh(self) -> None:
        if not self._ready:
            return  # PlayBoard's constructor: this board draws once its own buttons exist
        game = self.kgame
        self._face_down = game.face_down
        super().refresh()
        self.button("new").description = "Play again" if game.is_won else "New game"
        self.button("auto").disabled = not game.can_auto_complete
        for name in ("hint", "solve", "finish"):
            self.button(name).disabled = game.is_won

    def status(self) -> str:
        game = self.kgame
        if game.is_won:
            return f"You won! {game.moves} moves, score {game.score}. Play again?"
        deal = f"deal {game.setup['seed']}" if "seed" in game.setup else "a set deal"
        text = f"Draw {game.draw} · {deal} · moves {game.moves} · score {game.score}"
        if self.ui and self.ui.get("selected") is not None:
            text += " · now click where it goes"
        return text

    def fresh_game(self) -> Klondike:
        """The next deal number (a winnable one if asked), with the draw count chosen above."""
        draw = self.draw_choice.value
        seed = self.kgame.setup.get("seed", 0)
        for _ in range(50):
            seed += 1
            game = Klondike.new(seed=seed, draw=draw)
            if not self.winnable.value or solve(game, budget=20_000).solved:
                return game
        return game
