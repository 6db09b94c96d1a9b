"""Klondike in a notebook cell: the table's picture, the controls, and the buttons, on a PlayBoard.

What a click, a drag or a key means is decided in :mod:`gamelab.klondike.controls` (where a click
then a click and a drag and drop both end in one move function); this board hands them each input
with its time (for double-clicks) and its hit test (for drops), and carries out the answer.

>>> board = KlondikeBoard(seed=1)      # in a notebook cell, the last line shows the table
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any, Callable, Hashable

import ipywidgets as widgets

from .. import checks
from ..errors import IllegalMove
from ..game import Record
from ..widgets import PlayBoard, Progress
from ..words import count
from . import controls
from .game import Klondike
from .picture import KlondikePicture, KlondikeUI
from .solver import SolveResult, solve

__all__ = ["KlondikeBoard"]


class KlondikeBoard(PlayBoard[Klondike, KlondikeUI]):
    """A playable Klondike table with Hint, Auto-complete, Solve and Finish buttons and a draw option.

    ``seed`` / ``deck`` / ``position`` choose the start (as :meth:`Klondike.new`), ``draw`` 1 or 3;
    ``winnable_only`` makes New game deal only deals the solver wins; ``now`` is the time source of
    the clock and of double-clicks (tests pass their own).

    ``pieces`` plays on other versions of the tutorial's steps (a learner's), by name: any of
    :attr:`Klondike.PIECES <gamelab.klondike.game.Klondike.PIECES>` (the engine plays on them through
    :meth:`Klondike.with_rules`), and ``update_timer`` (the clock after each action,
    :func:`~gamelab.klondike.controls.update_timer`). New game and Play again both start the rules'
    ``new_game``.
    """

    picture = KlondikePicture()
    action_sound = "card"
    #: seconds between two presses on the same card that count as a double-click
    double_click = 0.4
    #: positions the Solve button may search
    solve_budget = 30_000

    def __init__(self, seed: int | None = None, draw: int = 1, deck: str | None = None, position: str | None = None,
                 *, pieces: dict[str, Callable[..., Any]] | None = None, winnable_only: bool = False,
                 now: Callable[[], float] | None = None, **options: Any) -> None:
        pieces = checks.pieces("pieces", pieces, [*Klondike.PIECES, "update_timer"])
        checks.flag("winnable_only", winnable_only)
        checks.function("now", now)
        options.setdefault("clock", True)
        self.update_timer: Callable[[Any, Klondike], None] = pieces.pop("update_timer", controls.update_timer)
        self.rules = Klondike.with_rules(**pieces) if pieces else Klondike
        game = self.rules.new(seed=seed, draw=draw, deck=deck, position=position)
        self._now = now or time.monotonic
        self._face_down = game.face_down  # to hear a card turned over after an action
        self.draw_choice = widgets.ToggleButtons(options=[("Draw 1", 1), ("Draw 3", 3)], value=draw,
                                                 tooltips=["turn one card at a time", "turn three at a time"],
                                                 style={"button_width": "70px"})
        self.winnable = widgets.Checkbox(value=winnable_only, description="Winnable deals only", indent=False)
        super().__init__(game, now=now, **options)

    def build(self) -> None:
        self.add_button("Hint", self.hint, "Point at a useful move (h)", name="hint")
        self.add_button("Auto-complete", self.auto_complete, "Send every card home (a)", name="auto")
        self.add_button("Solve", self.solver_hint, "Ask the solver for the next move of a winning line", name="solve")
        self.add_button("Finish for me", self.finish, "Play the solver's winning line to the end", name="finish")
        self.extras.children = (self.draw_choice, self.winnable)
        self._beside_the_table()

    def _beside_the_table(self) -> None:
        """Status line, buttons, clock and options in a column beside the table, not under it: the table
        grows to 600 pixels tall as its columns lengthen, and the whole board (table, status line and
        buttons together) then still fits a laptop's notebook area (1036 × 647 CSS pixels with the file
        browser open). On a narrow page the column wraps below the table."""
        table, *side = list(self.children)
        width = self.picture.size(self.game, self.ui)[0]
        table.layout.width = f"{width}px"
        table.layout.max_width = "100%"
        table.layout.flex = "0 1 auto"
        column = widgets.VBox(side, layout=widgets.Layout(flex="1 1 260px", min_width="260px", max_width="420px",
                                                          margin="0 0 0 12px"))
        column.add_class("gamelab-side")
        self.children = (widgets.HBox([table, column], layout=widgets.Layout(flex_flow="row wrap",
                                                                             align_items="flex-start")),)

    def make_ui(self) -> KlondikeUI:
        return KlondikeUI()

    # -- mouse and keys: the controls decide ---------------------------------------------------------
    def on_click(self, target: Hashable | None) -> None:
        self.respond(controls.click(self.game, self.ui, target, now=self._now(), double_click=self.double_click))

    def on_drag(self, x: float, y: float) -> bool:
        response = controls.drag(self.game, self.ui, x, y, target_at=self.target_at,
                                 box=partial(self.picture.box, self.game))
        if response is None or response.ui is None:
            return False
        self.ui = response.ui  # the board redraws the frame (and only the frame) while dragging
        return True

    def on_release(self, target: Hashable | None, x: float, y: float) -> None:
        self.respond(controls.release(self.game, self.ui, target))

    def on_key(self, key: str) -> None:
        self.respond(controls.key(self.game, self.ui, key))

    # -- buttons -------------------------------------------------------------------------------------
    def hint(self) -> None:
        """Point at a useful move (the engine's hint), and say it in words."""
        self.respond(controls.hint(self.game, self.ui))

    def auto_complete(self) -> None:
        if self.act("auto"):
            self.say(f"Auto-complete: every card went home in {count(self.game.moves, 'move')}.")

    def solver_hint(self) -> None:
        """Ask the solver (it sees every card) for the next move of a winning line (long work: it runs
        off the kernel's thread, with a Stop button)."""
        game = self.game.copy()
        self.run_long(lambda progress: solve(game, budget=self.solve_budget), "The solver is looking for a winning line",
                      lambda result: self.respond(controls.solver_hint(self.game, self.ui, result)))

    def finish(self) -> None:
        """Play the solver's winning line to the end (each action can be undone, or reviewed).

        The search is long work: it runs off the kernel's thread, with a progress line and a Stop button.
        """
        game = self.game.copy()
        self.run_long(lambda progress: solve(game, budget=self.solve_budget), "The solver is finishing the game",
                      self._finish_with)

    def _finish_with(self, result: SolveResult) -> None:
        if result.status != "solved":
            self.respond(controls.solver_hint(self.game, self.ui, result))
            return
        for action in result.actions:
            self.record.play(action)
        self.ui = self.make_ui()
        self.after_action(result.actions[-1])
        self.say(f"The solver finished the game in {count(len(result.actions), 'action')} (Undo walks them back).")
        self.refresh()

    # -- game flow -----------------------------------------------------------------------------------
    def after_action(self, action: str) -> None:
        # The clock, as the tutorial's begin(): the rule lives in update_timer (PlayBoard's default does
        # the same), so a board can play on a learner's.
        if self.clock is not None:
            self.update_timer(self.clock, self.game)
        if self.game.is_won:
            self.play_sound("win")
        elif self.game.face_down < self._face_down:
            self.play_sound("flip")  # a card was turned over
        elif action.endswith(">f"):
            self.play_sound("place")

    def refresh(self) -> None:
        game = self.game
        self._face_down = game.face_down
        super().refresh()
        self.button("new").description = "Play again" if game.is_won else "New game"
        self.button("auto").disabled = not game.can_auto_complete
        for name in ("hint", "solve", "finish"):
            self.button(name).disabled = game.is_won

    def status(self) -> str:
        game = self.game
        if game.is_won:
            return f"You won! {count(game.moves, 'move')}, score {game.score}. Play again?"
        deal = f"deal {game.setup['seed']}" if "seed" in game.setup else "a set deal"
        text = f"Draw {game.draw} · {deal} · moves {game.moves} · score {game.score}"
        if self.ui.selected is not None:
            text += " · now click where it goes"
        return text

    def new_game(self) -> None:
        """A new deal; with "Winnable deals only" the solver tries deal after deal (long work, with Stop)."""
        if not self.winnable.value:
            super().new_game()
        elif not self.refuse_while_busy():
            self.run_long(lambda progress: self.fresh_game(progress), "Looking for a winnable deal", self.start)

    def fresh_game(self, progress: Progress | None = None) -> Klondike:
        """The rules' ``new_game`` (newGame: the next deal number), a winnable one if asked, with the draw
        count chosen above. New game and Play again both come here."""
        draw = self.draw_choice.value
        game = self.game
        for _ in range(50):
            game = self.rules.new_game(game, draw)
            if progress is not None:
                progress.check()
                progress.note(f"trying deal {game.setup.get('seed')}")
            if not self.winnable.value or solve(game, budget=20_000).solved:
                return game
        return game

    def load(self, text: str) -> None:
        """Replace the game with a saved one, played again by the rules in play (a learner's too); as
        every board's Load, it runs as long work, goes on at once and can be undone."""
        if self.rules is Klondike:
            super().load(text)
            return
        if self.refuse_while_busy():
            return
        rules, undo_limit = self.rules, self.record.undo_limit

        def read(progress: Progress) -> Record[Klondike]:
            saved = Record.from_json(text)  # the save checked by the shipped rules first
            record: Record[Klondike] = Record(rules.new(**saved.start.setup), undo_limit=undo_limit)
            for number, action in enumerate(saved.actions, 1):
                try:
                    record.play(action)
                except IllegalMove as exc:
                    raise ValueError(f"saved game action {number} {action!r} is refused by the rules in play: "
                                     f"{exc}") from None
            return record

        self.run_long(read, "Loading the saved game", self._loaded,
                      failed=lambda exc: self.say(f"cannot load: {exc}", error=True))
