"""Klondike in a notebook cell: its spec for the one PlayBoard (picture, controls, four buttons, settings).

What a click, a drag or a key means is decided in :mod:`gamelab.klondike.controls` (where a click
then a click and a drag and drop both end in one move function); the spec hands them each input with
its time (for double-clicks) and the picture's hit test (for drops).

>>> board = KlondikeBoard(seed=1)      # in a notebook cell, the last line shows the table
"""

from __future__ import annotations

import time
from functools import partial
from typing import Any, Callable, Hashable

from .. import checks
from ..clock import Clock
from ..controls import Response
from ..widgets import BoardSpec, Button, PlayBoard, Progress, Setting, board_function
from ..words import count
from . import controls
from .game import Klondike
from .picture import KlondikePicture, KlondikeUI

__all__ = ["KlondikeBoard", "KlondikeSpec"]


class KlondikeSpec(BoardSpec[Klondike, KlondikeUI]):
    """A playable Klondike table with Hint, Auto-complete, Solve and Finish buttons, and New game's settings
    (``draw_count`` 1 or 3, ``winnable_only``) in a column beside it.

    ``seed`` / ``deck`` / ``position`` choose the start (as :meth:`Klondike.new`), ``draw`` the cards
    turned per stock click; ``winnable_only`` makes New game deal only deals the solver wins; ``now`` is
    the time source of the clock and of double-clicks (tests pass their own).

    ``pieces`` plays on other versions of the tutorial's steps (a learner's), by name: any of
    :attr:`Klondike.PIECES <gamelab.klondike.game.Klondike.PIECES>` (the engine plays on them through
    :meth:`Klondike.with_rules`), and ``update_timer`` (the clock after each action,
    :func:`~gamelab.klondike.controls.update_timer`). New game and Play again both start the rules'
    ``new_game``; a save loads by the rules in play. The other options are the board's (see
    :class:`~gamelab.widgets.PlayBoard`).
    """

    title = "KlondikeBoard"
    picture = KlondikePicture()
    controls, ui_type = controls, KlondikeUI
    now: Callable[[], float]
    action_sound = "card"
    clock = True
    # The status line, buttons and settings beside the table, not under it: the table grows to 600 pixels
    # tall as its columns lengthen, and the whole board then still fits a laptop's notebook area.
    side = (260, 420)
    settings_title = ""  # New game's settings, unfolded
    #: seconds between two presses on the same card that count as a double-click
    double_click = 0.4
    #: positions the Solve and Finish buttons may search; a New game with winnable deals only, per deal
    solve_budget = 30_000
    deal_budget = 20_000

    def __init__(self, seed: int | None = None, draw: int = 1, deck: str | None = None, position: str | None = None,
                 *, pieces: dict[str, Callable[..., Any]] | None = None, winnable_only: bool = False,
                 now: Callable[[], float] | None = None) -> None:
        pieces = checks.pieces("pieces", pieces, [*Klondike.PIECES, "update_timer"])
        checks.whole("draw", draw, low=1, high=7)
        checks.flag("winnable_only", winnable_only)
        checks.function("now", now)
        self.update_timer: Callable[[Any, Klondike], None] = pieces.pop("update_timer", controls.update_timer)
        self.rules = Klondike.with_rules(**pieces) if pieces else Klondike
        self.setup: dict[str, Any] = {"seed": seed, "draw": draw, "deck": deck, "position": position}
        self.now = now or time.monotonic
        #: New game's settings (their widgets or board.set("draw_count", 3) change them, a deal reads them as it
        #: starts; not ``draw``: that is the first game's)
        self.draw_count, self.winnable_only = draw, winnable_only
        draws = tuple((f"Draw {n}", n) for n in sorted({1, 3, draw}))
        self.settings = (Setting("draw_count", "", draws, toggle=True, tooltip="Cards turned per stock click"),
                         Setting("winnable_only", "Winnable deals only", tooltip="Deal only deals the solver wins"))
        playing = self._playing
        self.buttons = (
            Button("hint", "Hint", "Point at a useful move (h)", controls.hint, enabled=playing),
            Button("auto", "Auto-complete", "Send every card home (a)", controls.auto_complete,
                   enabled=lambda game: game.can_auto_complete),
            Button("solve", "Solve", "Ask the solver for the next move of a winning line",
                   lambda game, ui: controls.ask_solver(game, ui, self.solve_budget), enabled=playing),
            Button("finish", "Finish for me", "Play the solver's winning line to the end",
                   lambda game, ui: controls.finish(game, ui, self.solve_budget), enabled=playing),
        )

    def first_game(self) -> Klondike:
        return self.rules.new(**self.setup)

    def new_game_label(self, game: Klondike) -> str:
        return "Looking for a winnable deal" if self.winnable_only else "Dealing a new game"

    def new_game(self, game: Klondike, progress: Progress) -> Klondike:
        """The rules' ``new_game`` (newGame: the next deal number), with the draw count chosen; with
        winnable deals only, the solver tries deal after deal. New game and Play again both come here."""
        draw, winnable_only, budget = self.draw_count, self.winnable_only, self.deal_budget  # as the work starts
        from .solver import solve

        for _ in range(50):
            game = self.rules.new_game(game, draw)
            progress.check()
            progress.note(f"trying deal {game.setup.get('seed')}")
            if not winnable_only or solve(game, budget=budget).solved:
                break
        return game

    def status(self, game: Klondike, ui: KlondikeUI) -> str:
        if game.is_won:
            return f"You won! {count(game.moves, 'move')}, score {game.score}. Play again?"
        deal = f"deal {game.setup['seed']}" if "seed" in game.setup else "a set deal"
        text = f"Draw {game.draw} · {deal} · moves {game.moves} · score {game.score}"
        return text + (" · now click where it goes" if ui.selected is not None else "")

    # -- mouse and keys: the controls decide ---------------------------------------------------------
    def click(self, game: Klondike, ui: KlondikeUI, target: Hashable | None) -> Response[KlondikeUI]:
        return controls.click(game, ui, target, now=self.now(), double_click=self.double_click)

    def drag(self, game: Klondike, ui: KlondikeUI, x: float, y: float,
             target_at: Callable[[float, float], Hashable | None]) -> Response[KlondikeUI] | None:
        return controls.drag(game, ui, x, y, target_at=target_at, box=partial(self.picture.box, game))


    # -- after an action -----------------------------------------------------------------------------
    def after(self, before: Klondike, game: Klondike, action: str) -> Response[KlondikeUI] | None:
        if game.is_won:
            return Response(sound="win")
        if game.face_down < before.face_down:
            return Response(sound="flip")  # a card was turned over
        if ">f" in action:
            return Response(sound="place")
        return None

    def update_clock(self, clock: Clock, game: Klondike) -> None:
        # the tutorial's begin(), on the learner's piece where there is one
        self.update_timer(clock, game)

    # -- the buttons follow the game -----------------------------------------------------------------
    @staticmethod
    def _playing(game: Klondike) -> bool:
        return not game.is_won

    def show(self, board: PlayBoard[Klondike, KlondikeUI]) -> None:
        board.button("new").description = "Play again" if board.game.is_won else "New game"


KlondikeBoard = board_function(KlondikeSpec)
