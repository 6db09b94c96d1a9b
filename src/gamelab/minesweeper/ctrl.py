"""The controller (コントローラー, the tutorial's ``Ctrl``): turns clicks into actions and runs a game's life.

The tutorial keeps the map (VMap: what is where) apart from the controller (which click means what,
when the game starts and ends, the clock, the message). The controller here does the same without any
screen: a caller hands :meth:`Ctrl.click` a cell and shows what the controller reports. Its dispatch,
:func:`click_action`, is also where the play board's controls (:mod:`.controls`) start.

* Before the first click only the board listens (the tutorial's ``_first``); the mode buttons are off.
* Then a click opens in *open mode* and flags in *flag mode* (the tutorial's radio buttons ``rdoOpen``
  / ``rdoFlag``; a right click flags in any mode). In open mode a click on a satisfied number chords.
* When the map reports a blast or a clear, the game is over (``_gameOver``): the board stops
  listening and the message reads "cleared in N s" or "blown up in N s" (N 秒でクリア / 爆死). A click
  on the message starts a new game (``_showMessage``).

The clock is injected (any function returning seconds), so tests and lessons can control time.

>>> t = [100.2]
>>> ctrl = Ctrl(Minesweeper.new("beginner", seed=5), clock=lambda: t[0])
>>> ctrl.click(5, 5)
'open 5 5'
>>> t[0] = 104.5
>>> ctrl.elapsed(), ctrl.message
(5, None)
"""

from __future__ import annotations

import math
import time
from typing import Callable

from ..game import Record
from .game import Minesweeper
from .vmap import HIDE, OPEN

__all__ = ["Ctrl", "OPEN_MODE", "FLAG_MODE", "click_action"]

OPEN_MODE, FLAG_MODE = "open", "flag"


def click_action(game: Minesweeper, row: int, col: int, *, mode: str = OPEN_MODE, flag: bool = False) -> str | None:
    """The action a click on ``(row, col)`` means now, or None when it means nothing (the _base dispatch).

    Before the first click every click opens (the tutorial's ``_first``; flags wait). Then open mode
    opens a hidden cell or chords on a satisfied number, and flag mode (or ``flag=True``, a right
    click) flags a hidden cell or takes a flag down. Nothing happens once the game is over.

    >>> g = Minesweeper.new("beginner", seed=1)
    >>> click_action(g, 3, 3, mode=FLAG_MODE)
    'open 3 3'
    """
    if game.is_over or not game.vm.inside(row, col):
        return None
    if not game.started:
        return None if flag else f"open {row} {col}"
    vm = game.vm
    state = vm.state[vm.index(row, col)]
    if flag or mode == FLAG_MODE:
        return f"flag {row} {col}" if state != OPEN else None
    if state == HIDE:
        return f"open {row} {col}"
    if state == OPEN and game.can_chord(row, col):
        return f"chord {row} {col}"
    return None


class Ctrl:
    """Modes, the first click, game over, elapsed seconds and the result message of one table.

    The game lives in a :class:`~gamelab.game.Record`, so every click can be undone exactly.
    """

    def __init__(self, game: Minesweeper | None = None, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.init(game or Minesweeper.new())

    def init(self, game: Minesweeper | None = None) -> None:
        """Start a game (init): ``game``, or the same size as now with the next seed."""
        if game is None:
            setup = dict(self.game.setup)
            setup["seed"] += 1
            game = Minesweeper.new(**setup)
        self.record = Record(game)
        self.mode = OPEN_MODE
        self.started_at: float | None = None
        self.ended_at: float | None = None

    @property
    def game(self) -> Minesweeper:
        return self.record.game

    @property
    def modes_enabled(self) -> bool:
        """Whether the open/flag mode buttons work: only between the first click and game over."""
        return self.game.started and not self.game.is_over

    def set_mode(self, mode: str) -> None:
        """Switch between ``"open"`` and ``"flag"`` mode (ignored while the mode buttons are off)."""
        if mode not in (OPEN_MODE, FLAG_MODE):
            raise ValueError(f"unknown mode {mode!r}: choose 'open' or 'flag'")
        if self.modes_enabled:
            self.mode = mode

    # -- clicks ----------------------------------------------------------------------------------
    def click(self, row: int, col: int, *, flag: bool = False) -> str | None:
        """A click on cell ``(row, col)`` (``flag=True`` for a right click); returns the action played.

        Clicks that mean nothing (on an open zero, on a flag in open mode, after the game is over)
        return None and change nothing, as the tutorial's map does.
        """
        action = click_action(self.game, row, col, mode=self.mode, flag=flag)
        if action is None:
            return None
        if not self.game.started:
            self.started_at = self.clock()  # _first: the clock starts with the first click
        return self._play(action)

    def _play(self, action: str) -> str:
        self.record.play(action)
        if self.game.is_over:
            # _gameOver: stop the clock and fall back to open mode, as the tutorial resets its radios.
            self.ended_at = self.clock()
            self.mode = OPEN_MODE
        return action

    def undo(self) -> str | None:
        """Take back the last action (a blast too); None if there is nothing to take back."""
        if not self.record.can_undo:
            return None
        action = self.record.undo()
        self.ended_at = None
        if not self.record.actions:
            self.started_at = None
        return action

    # -- clock and message -----------------------------------------------------------------------
    def elapsed(self) -> int:
        """Whole seconds since the first click, frozen at game over (the tutorial's ``_getSec``).

        Like the tutorial, the start is rounded down and the end up, so a game always takes ≥ 1 s.
        """
        if self.started_at is None:
            return 0
        end = self.ended_at if self.ended_at is not None else self.clock()
        return math.ceil(end) - math.floor(self.started_at)

    @property
    def message(self) -> str | None:
        """"cleared in N s" or "blown up in N s" once the game is over, else None."""
        game = self.game
        if not game.is_over:
            return None
        return f"{'cleared' if game.won else 'blown up'} in {self.elapsed()} s"

    def click_message(self) -> None:
        """A click on the result message starts the next game (same size, next seed)."""
        if self.game.is_over:
            self.init()

    @property
    def status(self) -> str:
        """One line for a status bar: mines left, seconds, and the message or the mode."""
        game = self.game
        tail = self.message or (f"{self.mode} mode" if game.started else "click any cell to start")
        return f"mines left {game.mines_left} · {self.elapsed()} s · {tail}"

