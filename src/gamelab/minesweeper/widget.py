"""Minesweeper as a playable board: the tutorial's page (table, radio buttons, message) on a canvas.

Click a cell to open it; switch to flag mode (the tutorial's radio buttons, or the ``f`` key) to put
up flags. A click on a satisfied number chords. The face and the result message ("cleared in N s" /
"blown up in N s") start a new game, as the tutorial's message does. Hint rings a safe cell (or the
solver's best guess, with its chance), Chances lays the solver's probabilities over the hidden cells. What
each input means is decided in :mod:`.controls`; the red clock digits follow the board's clock. The first
click of a no-guess board searches its layout as long work (off the kernel's thread, with Stop).

>>> board = MinesweeperBoard("beginner", seed=1)   # in a notebook cell, the last line shows it
"""

from __future__ import annotations

import math
from dataclasses import fields, replace
from typing import Any, Callable, Hashable, Mapping

from .. import checks
from ..controls import Response
from ..widgets import BoardSpec, Button, PlayBoard, Progress, Setting, board_function
from . import controls
from .game import Minesweeper
from .picture import MinesweeperPicture, MinesweeperUI, fitting_cell
from .tutorial import FLAG_MODE, OPEN_MODE, dispatch_click, game_over_message
from .vmap import MAX_COLS, MAX_ROWS, PRESETS, MapRules

__all__ = ["MinesweeperBoard", "MinesweeperSpec", "fitting_cell"]

def whole_seconds(seconds: float) -> str:
    """The clock in whole seconds rounded up, as the tutorial counts them (and the red digits show them)."""
    return f"{math.ceil(seconds)} s"


def _custom(spec: MinesweeperSpec) -> bool:
    return spec.preset == "custom"


class MinesweeperSpec(BoardSpec[Minesweeper, MinesweeperUI]):
    """A Minesweeper table (see the module docstring). Same arguments as :meth:`Minesweeper.new`, plus
    ``cell`` (pixels per cell, else :func:`fitting_cell`) and ``pieces``: the map's steps
    (:class:`~.vmap.MapRules`), ``dispatch_click`` and ``game_over_message`` (:mod:`.tutorial`) and
    ``table_layout`` (:mod:`.picture`), by name; and the board's options (see :class:`~gamelab.widgets.PlayBoard`).

    >>> MinesweeperBoard("beginner", seed=1)
    <MinesweeperBoard: 9 × 9, 10 mines · click any cell to start>

    A new board's size and options are settings (``board.preset = "custom"``, ``board.rows = 5``…), folded
    under "New board ▾"; its Start button (``board.start_with_settings()``) starts a game with them."""

    title = "MinesweeperBoard"
    # A secondary panel, folded, so the board, its status and its main buttons fit one screen.
    settings = (Setting("preset", "Board", tuple((name, name) for name in [*PRESETS, "custom"]), width="200px"),
                Setting("rows", "rows", width="120px", low=1, high=MAX_ROWS, shown=_custom),
                Setting("cols", "cols", width="120px", low=1, high=MAX_COLS, shown=_custom),
                Setting("mines", "mines", width="130px", low=1, high=MAX_ROWS * MAX_COLS - 1, shown=_custom),
                Setting("opening", "first click opens an area", width="max-content", margin="0 12px 0 6px"),
                Setting("no_guess", "no guessing needed", width="max-content", margin="0 12px 0 6px"),
                # the mode in words and color, among the main buttons: flag mode turns the pair red, so it
                # cannot be missed; off before the first click and after the end, as the tutorial's radios
                Setting("mode", "", (("Open cells", OPEN_MODE), ("⚑ Put flags", FLAG_MODE)), toggle=True, in_ui=True,
                        place="row", enabled=controls.modes_enabled, tooltip="Open cells, or put up flags (key f)",
                        style=lambda mode: "danger" if mode == FLAG_MODE else "", width="auto"))
    settings_title = "New board"
    settings_tooltip = "Choose the size, the mines and the options of a new game"
    picture: MinesweeperPicture
    controls, ui_type = controls, MinesweeperUI
    reset_ui_on_undo = False  # Undo keeps the mode and the Chances overlay
    clock, clock_shown = True, False  # one clock: the red digits on the board show the time
    clock_format = staticmethod(whole_seconds)
    clock_interval = 0.25  # the red digits turn within a fraction of a second of the clock
    buttons = (Button("hint", "Hint", "Ring a safe cell, or the best guess (key h)", controls.hint),
               Button("chances", "Chances", "Show every hidden cell's mine chance (key p)", controls.toggle_chances))

    def __init__(self, preset: str | None = "expert", *, rows: int | None = None, cols: int | None = None,
                 mines: int | None = None, seed: int = 0, opening: bool = False, no_guess: bool = False,
                 cell: int | None = None, pieces: Mapping[str, Callable[..., Any]] | None = None) -> None:
        if rows is not None or cols is not None or mines is not None:
            preset = None
        known = [f.name for f in fields(MapRules)] + ["dispatch_click", "game_over_message", "table_layout"]
        steps = checks.pieces("pieces", pieces, known)
        if cell is not None:
            checks.whole("cell", cell, low=8, high=64)
        self.dispatch = steps.pop("dispatch_click", dispatch_click)
        self.message_rule: Callable[[int, float, float], str | None] = steps.pop("game_over_message", game_over_message)
        table = steps.pop("table_layout", None)
        #: the game class this board plays: Minesweeper itself, or one on a learner's map steps
        self.rules = Minesweeper.with_rules(**steps) if steps else Minesweeper
        self.first = self.rules.new(preset, rows=rows, cols=cols, mines=mines, seed=seed, opening=opening,
                                    no_guess=no_guess)
        #: the cell size the caller chose (None: each board's own, so that it fits the screen)
        self.cell = cell
        self.picture = MinesweeperPicture(cell if cell is not None else fitting_cell(self.first.rows, self.first.cols),
                                          table=table)
        self.seed = seed
        # the settings of the next New board (the first game's to begin with)
        self.preset = preset if preset in PRESETS else "custom"
        self.rows, self.cols, self.mines = self.first.rows, self.first.cols, self.first.mines
        self.opening, self.no_guess = self.first.setup["opening"], self.first.setup["no_guess"]
        self.settings_buttons = (Button("start_with_settings", "Start", "A new game with these settings",
                                        self._start_with_settings),)

    def first_game(self) -> Minesweeper:
        return self.first

    def new_game(self, game: Minesweeper, progress: Progress) -> Minesweeper:
        # New game = the next seed, so a learner gets a new board and the lesson stays reproducible.
        self.seed += 1
        return self.rules.new(**dict(game.setup, seed=self.seed))

    # -- what is shown ---------------------------------------------------------------------------
    @property
    def elapsed(self) -> int:
        """Whole seconds on the clock, rounded up as the tutorial does (a game takes at least 1 s)."""
        clock = self.board.clock
        return math.ceil(clock.clock.elapsed) if clock is not None else 0

    def result_message(self, game: Minesweeper | None = None) -> str | None:
        """"cleared in N s" / "blown up in N s" once the game is over (the tutorial's 秒でクリア / 秒で爆死)."""
        game = game if game is not None else self.board.game
        if not game.is_over:
            return None
        clock = self.board.clock
        return self.message_rule(game.result, 0.0, clock.clock.elapsed if clock is not None else 0.0)

    def status(self, game: Minesweeper, ui: MinesweeperUI) -> str:
        if game.is_over:
            return f"{self.result_message(game)} · click the message or the face for a new game"
        if not game.started:
            return f"{game.rows} × {game.cols}, {game.mines} mines · click any cell to start"
        return f"mines left {game.mines_left} · {ui.mode} mode"

    def frame_ui(self, board: PlayBoard[Minesweeper, MinesweeperUI]) -> MinesweeperUI:
        # the red digits, the result message over the table, the chances of the hidden cells
        shown = board.shown
        return replace(board.ui, seconds=self.elapsed, message=self.result_message() if shown is board.game else None,
                       chances=shown.chances() if board.ui.show_chances else None)

    def tick(self, board: PlayBoard[Minesweeper, MinesweeperUI]) -> None:
        # Only the digits change, and only once a second: a few drawing commands, not the whole board.
        if self.elapsed != board.ui.seconds:
            ui = board.ui = replace(board.ui, seconds=self.elapsed)
            board.view.draw_part(lambda painter: self.picture.draw_clock(painter, ui))

    # -- input -----------------------------------------------------------------------------------
    def click(self, game: Minesweeper, ui: MinesweeperUI, target: Hashable | None) -> Response[MinesweeperUI] | None:
        return controls.click(game, ui, target, dispatch=self.dispatch)

    def slow(self, game: Minesweeper, action: str) -> str | None:
        return "Placing the mines so that no guess is needed" if game.searches_layout(action) else None

    def after(self, before: Minesweeper, game: Minesweeper, action: str) -> Response[MinesweeperUI] | None:
        return Response(sound="lose") if game.lost else Response(sound="win") if game.won else None

    def automatic(self, game: Minesweeper, ui: MinesweeperUI) -> Response[MinesweeperUI] | None:
        return controls.settle(game, ui)

    def _start_with_settings(self, game: Minesweeper, ui: MinesweeperUI) -> Response[MinesweeperUI] | None:
        """Start: a game with the size and options chosen under "New board" (refused if they do not fit)."""
        self.seed += 1
        try:
            new = self.rules.new(**controls.chosen_setup(self.preset, (self.rows, self.cols, self.mines),
                                                         seed=self.seed, opening=self.opening, no_guess=self.no_guess))
        except ValueError as exc:
            return Response.refuse(str(exc))
        if self.cell is None:  # a board of another size gets the cell size that fits it on screen
            self.picture = MinesweeperPicture(fitting_cell(new.rows, new.cols), table=self.picture.table)
        self.board.start(new)
        return None


MinesweeperBoard = board_function(MinesweeperSpec)
