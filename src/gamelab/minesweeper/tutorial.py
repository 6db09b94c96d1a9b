"""The tutorial's controller (コントローラー, its ``Ctrl``): turns clicks into actions and runs a game's life.

The tutorial keeps the map (VMap: what is where) apart from the controller (which click means what,
when the game starts and ends, the clock, the message). The controller here does the same without any
screen: a caller hands :meth:`Ctrl.click` a cell and shows what the controller reports. Its dispatch,
:func:`click_action`, is also where the play board's controls (:mod:`.controls`) start. The tutorial's
own two steps are plain functions: :func:`dispatch_click` (which click means what) and
:func:`game_over_message` (the seconds and the result message); a controller or a board can run on
other versions of them (a learner's).

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
from typing import Any, Callable, Mapping

from ..game import Record
from .game import Minesweeper
from .vmap import ALIVE, CLEARED, HIDE, OPEN

__all__ = ["Ctrl", "OPEN_MODE", "FLAG_MODE", "click_action", "dispatch_click", "game_over_message"]

OPEN_MODE, FLAG_MODE = "open", "flag"


def dispatch_click(game: Minesweeper, row: int, col: int, mode: str) -> str | None:
    """The action a click on ``(row, col)`` means in ``mode`` (the tutorial's ``_first``, ``_open``, ``_flag``, ``_base``).

    Nothing once the game is over (``_gameOver`` took the board's handler away). Before the first click
    every click opens, whatever the radios say (``_first``: the mode radios are still off). Then open
    mode opens a hidden cell (``_open``) and flag mode flags or unflags any cell that is not open
    (``_flag``); a click the map would ignore means nothing (None).

    >>> g = Minesweeper.new("beginner", seed=1)
    >>> dispatch_click(g, 3, 3, FLAG_MODE)
    'open 3 3'
    >>> g.play("open 3 3"); dispatch_click(g, 3, 3, OPEN_MODE) is None
    True
    """
    if game.is_over:
        return None
    if not game.started:
        return f"open {row} {col}"
    vm = game.vm
    state = vm.state[vm.index(row, col)]
    if mode == FLAG_MODE:
        return f"flag {row} {col}" if state != OPEN else None
    return f"open {row} {col}" if state == HIDE else None


def game_over_message(result: int, started: float, ended: float) -> str | None:
    """The result message (the tutorial's ``_showMessage``): "cleared in N s", "blown up in N s", or None.

    The seconds are counted as the tutorial's ``_getSec`` does: the start rounded down and the end
    rounded up (N 秒でクリア / N 秒で爆死), so a game always takes at least a second.

    >>> game_over_message(CLEARED, 100.7, 104.2), game_over_message(ALIVE, 100.7, 104.2)
    ('cleared in 5 s', None)
    """
    if result == ALIVE:
        return None
    seconds = math.ceil(ended) - math.floor(started)
    return f"{'cleared' if result == CLEARED else 'blown up'} in {seconds} s"


def click_action(game: Minesweeper, row: int, col: int, *, mode: str = OPEN_MODE, flag: bool = False,
                 dispatch: Callable[[Minesweeper, int, int, str], str | None] = dispatch_click) -> str | None:
    """The action a click on ``(row, col)`` means now, or None when it means nothing.

    The tutorial's dispatch (:func:`dispatch_click`, or another version given as ``dispatch``) decides,
    plus two things the tutorial has not: ``flag=True`` (a right click) flags in any mode once the game
    has started, and in open mode a click on a number with all its flags placed chords.

    >>> g = Minesweeper.new("beginner", seed=1)
    >>> click_action(g, 3, 3, mode=FLAG_MODE)
    'open 3 3'
    """
    # region dispatch
    if not game.vm.inside(row, col):
        return None
    if flag:
        if not game.started:
            return None  # flags wait for the first click
        mode = FLAG_MODE
    action = dispatch(game, row, col, mode)
    if action is None and mode == OPEN_MODE and game.started and not game.is_over and game.can_chord(row, col):
        return f"chord {row} {col}"
    return action
    # endregion


class Ctrl:
    """Modes, the first click, game over, elapsed seconds and the result message of one table.

    The game lives in a :class:`~gamelab.game.Record`, so every click can be undone exactly.
    ``pieces`` runs it on other versions of ``dispatch_click`` and ``game_over_message`` (a learner's).
    """

    def __init__(self, game: Minesweeper | None = None, *, clock: Callable[[], float] = time.monotonic,
                 pieces: Mapping[str, Callable[..., Any]] | None = None) -> None:
        self.clock = clock
        steps = dict(pieces or {})
        #: the tutorial's click dispatch and result message this controller runs on (``pieces`` may give others)
        self.dispatch: Callable[[Minesweeper, int, int, str], str | None] = steps.pop("dispatch_click", dispatch_click)
        self.message_rule: Callable[[int, float, float], str | None] = steps.pop("game_over_message", game_over_message)
        if steps:
            raise ValueError(f"the controller has no piece called {', '.join(sorted(steps))}: "
                             "its pieces are dispatch_click and game_over_message")
        self.init(game or Minesweeper.new())

    def init(self, game: Minesweeper | None = None) -> None:
        """Start a game (init): ``game``, or the same size as now with the next seed."""
        if game is None:
            setup = dict(self.game.setup)
            setup["seed"] += 1
            game = type(self.game).new(**setup)  # a game on a learner's map stays one
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
        action = click_action(self.game, row, col, mode=self.mode, flag=flag, dispatch=self.dispatch)
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
        if not self.game.is_over:
            return None
        if self.started_at is None:  # a game handed over already finished: no clock ran
            return self.message_rule(self.game.result, 0.0, 0.0)
        end = self.ended_at if self.ended_at is not None else self.clock()
        return self.message_rule(self.game.result, self.started_at, end)

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

