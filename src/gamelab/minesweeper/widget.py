"""Minesweeper as a playable board: the tutorial's page (table, radio buttons, message) on a canvas.

Click a cell to open it; switch to flag mode (the tutorial's radio buttons, or the ``f`` key) to put
up flags. A click on a satisfied number chords. The face and the result message ("cleared in N s" /
"blown up in N s") start a new game, as the tutorial's message does. Hint rings a safe cell (or the
solver's best guess, with its chance), Chances lays the solver's probabilities over the hidden cells. What
each input means is decided in :mod:`.controls`; the red clock digits follow the board's clock.

>>> board = MinesweeperBoard("beginner", seed=1)   # in a notebook cell, the last line shows it
"""

from __future__ import annotations

import math
from dataclasses import fields, replace
from typing import Any, Callable, Hashable, Mapping

import ipywidgets as widgets

from .. import checks
from ..widgets import PlayBoard, Progress
from . import controls
from .ctrl import FLAG_MODE, OPEN_MODE, dispatch_click, game_over_message
from .game import Minesweeper
from .picture import MinesweeperPicture, MinesweeperUI
from .vmap import MAX_COLS, MAX_ROWS, PRESETS, MapRules

__all__ = ["MinesweeperBoard", "fitting_cell"]


def fitting_cell(rows: int, cols: int) -> int:
    """Pixels per cell for a board of ``rows`` × ``cols``: 24 (the classic look) where the picture fits
    900 × 450 pixels, smaller where it would not (at least 12), so that the canvas, the status line and the
    main buttons fit a laptop's notebook area together (1036 × 647 beside JupyterLab's file browser).

    >>> fitting_cell(9, 9), fitting_cell(16, 30), fitting_cell(100, 100)
    (24, 22, 12)
    """
    width_room, height_room = 900 - 40, 450 - 92  # the frame, labels and header around the field
    return max(12, min(24, width_room // cols, height_room // rows))


class MinesweeperBoard(PlayBoard[Minesweeper, MinesweeperUI]):
    """A Minesweeper table in a notebook cell (see the module docstring for the controls).

    Same arguments as :meth:`Minesweeper.new`, plus ``cell`` (pixels per cell) and PlayBoard's options.
    ``pieces`` plays on other versions of the tutorial's steps (a learner's), by name: the map's steps
    (:class:`~.vmap.MapRules`), ``dispatch_click`` and ``game_over_message`` (:mod:`.ctrl`) and
    ``table_layout`` (:mod:`.picture`).
    """

    picture: MinesweeperPicture
    action_sound = "click"
    reset_ui_on_undo = False  # Undo keeps the mode and the Chances overlay

    def __init__(self, preset: str | None = "expert", *, rows: int | None = None, cols: int | None = None,
                 mines: int | None = None, seed: int = 0, opening: bool = False, no_guess: bool = False,
                 cell: int | None = None, pieces: Mapping[str, Callable[..., Any]] | None = None,
                 **options: Any) -> None:
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
        game = self.rules.new(preset, rows=rows, cols=cols, mines=mines, seed=seed, opening=opening,
                              no_guess=no_guess)
        #: the cell size the caller chose (None: each board's own, so that it fits the screen: :func:`fitting_cell`)
        self._cell = cell
        self.picture = MinesweeperPicture(cell if cell is not None else fitting_cell(game.rows, game.cols), table=table)
        self._preset = preset
        self._next_seed = seed
        options.setdefault("clock", True)
        # Whole seconds rounded up, as the tutorial counts them (and as the red digits show them).
        options.setdefault("clock_format", lambda seconds: f"{math.ceil(seconds)} s")
        # Ticks a few times a second, so the red digits turn within a fraction of a second of the clock.
        options.setdefault("clock_interval", 0.25)
        super().__init__(game, **options)

    def build(self) -> None:
        game = self.game
        self.add_button("Hint", self.hint, "Ring a safe cell, or the best guess (key h)", name="hint")
        self.add_button("Chances", self.toggle_chances, "Show every hidden cell's mine chance (key p)",
                        name="chances")
        # The mode in words and colour: flag mode turns the pair red, so it cannot be missed. Each button
        # as wide as its label ("auto"), so no label is ever cut; the pair sits in the main row of buttons.
        self.mode_buttons = widgets.ToggleButtons(options=[("Open cells", OPEN_MODE), ("⚑ Put flags", FLAG_MODE)],
                                                  value=OPEN_MODE, tooltips=["Open cells", "Put up flags (key f)"],
                                                  style={"button_width": "auto", "font_weight": "bold"},
                                                  layout=widgets.Layout(width="auto", align_self="center"))
        self.mode_buttons.add_class("gamelab-mode")
        self.mode_buttons.observe(self._mode_picked, names="value")
        # A new board's size and options: a secondary panel, folded until "New board ▾" opens it, so the
        # board, its status and its main buttons fit one screen.
        self.settings_button = widgets.ToggleButton(value=False, description="New board ▾",
                                                    tooltip="Choose the size, the mines and the options of a new game",
                                                    layout=widgets.Layout(width="auto"))
        self.settings_button.add_class("gamelab-button-settings")
        self.settings_button.observe(self._settings_toggled, names="value")
        self.buttons.children = (*self.buttons.children, self.mode_buttons, self.settings_button)
        choices = [(name, name) for name in PRESETS] + [("custom", "custom")]
        self.preset = widgets.Dropdown(options=choices, value=self._preset if self._preset in PRESETS else "custom",
                                       description="Board", layout=widgets.Layout(width="200px"))
        self.custom = [widgets.BoundedIntText(value=v, min=1, max=m, description=d,
                                              layout=widgets.Layout(width="120px"), style={"description_width": "40px"})
                       for v, m, d in ((game.rows, MAX_ROWS, "rows"), (game.cols, MAX_COLS, "cols"),
                                       (game.mines, MAX_ROWS * MAX_COLS - 1, "mines"))]
        # each check box as wide as its box and words together, with room before the next one
        self.opening_box = widgets.Checkbox(value=game.setup["opening"], description="first click opens an area",
                                            indent=False, layout=widgets.Layout(width="max-content", margin="0 12px 0 6px"))
        self.no_guess_box = widgets.Checkbox(value=game.setup["no_guess"], description="no guessing needed",
                                             indent=False, layout=widgets.Layout(width="max-content", margin="0 12px 0 6px"))
        start = widgets.Button(description="Start", tooltip="A new game with these settings",
                               layout=widgets.Layout(width="auto"))
        start.on_click(lambda _: self.start_with_settings())
        if self.clock is not None:  # one clock: the red digits on the board show the time
            self.clock.layout.display = "none"
        self.extras.children = (self.preset, *self.custom, self.opening_box, self.no_guess_box, start)
        self.extras.layout.display = "none"

    def _settings_toggled(self, change: Any) -> None:
        self.extras.layout.display = "flex" if change["new"] else "none"
        self.settings_button.description = "New board ▴" if change["new"] else "New board ▾"

    def make_ui(self) -> MinesweeperUI:
        return MinesweeperUI()

    # -- what is shown ---------------------------------------------------------------------------
    @property
    def elapsed(self) -> int:
        """Whole seconds on the clock, rounded up as the tutorial does (a game takes at least 1 s)."""
        if self.clock is None:
            return 0
        return math.ceil(self.clock.clock.elapsed)

    def result_message(self) -> str | None:
        """"cleared in N s" / "blown up in N s" once the game is over (the tutorial's 秒でクリア / 秒で爆死)."""
        game = self.game
        if not game.is_over:
            return None
        seconds = self.clock.clock.elapsed if self.clock is not None else 0.0
        return self.message_rule(game.result, 0.0, seconds)

    def status(self) -> str:
        game = self.game
        if game.is_over:
            return f"{self.result_message()} · click the message or the face for a new game"
        if not game.started:
            return f"{game.rows} × {game.cols}, {game.mines} mines · click any cell to start"
        return f"mines left {game.mines_left} · {self.ui.mode} mode"

    def redraw(self) -> None:
        shown = self.shown
        self.ui = replace(self.ui, seconds=self.elapsed,
                          message=self.result_message() if shown is self.game else None,
                          chances=shown.chances() if self.ui.show_chances else None)
        # Only the cells that changed, on top of the frame the page has (an expert board's full frame is
        # 480 cells; a click changes a few); a whole frame when the page is new or the overlay text moves.
        looks = self.picture.looks(shown, self.ui)
        size = self.picture.size(shown, self.ui)
        drawn, self._drawn = self._drawn, None
        if (drawn is not None and self.view.pages and drawn[:2] == (self.view.pages, size)
                and drawn[3] is None and self.ui.message is None):
            changed = [cell for cell, look in looks.items() if drawn[2].get(cell) != look]
            self.view.draw_part(lambda painter: self.picture.draw_cells(painter, shown, self.ui, changed))
        else:
            super().redraw()
        self._drawn = (self.view.pages, size, looks, self.ui.message)

    #: what the page shows: (pages seen, picture size, each cell's look, the overlay text)
    _drawn: tuple[int, tuple[int, int], dict[tuple[int, int], tuple[str, float | None, bool]], str | None] | None = None

    def refresh(self) -> None:
        enabled = controls.modes_enabled(self.game)
        if not enabled and self.ui.mode != OPEN_MODE:
            self.ui = replace(self.ui, mode=OPEN_MODE)  # _gameOver resets the radios to open mode
        self.mode_buttons.value = self.ui.mode
        self.mode_buttons.disabled = not enabled
        self.mode_buttons.button_style = "danger" if self.ui.mode == FLAG_MODE else ""
        super().refresh()

    def on_tick(self) -> None:
        # Only the digits change, and only once a second: a few drawing commands, not the whole board.
        if self.elapsed != self.ui.seconds:
            self.ui = replace(self.ui, seconds=self.elapsed)
            self.view.draw_part(lambda painter: self.picture.draw_clock(painter, self.ui))

    # -- input -----------------------------------------------------------------------------------
    def on_click(self, target: Hashable | None) -> None:
        self.respond(controls.click(self.game, self.ui, target, dispatch=self.dispatch))

    def on_key(self, key: str) -> None:
        self.respond(controls.key(self.game, self.ui, key))

    def set_mode(self, mode: str) -> None:
        """Open or flag mode; ignored before the first click and after the game is over, like the radios."""
        self.respond(controls.pick_mode(self.game, self.ui, mode))
        self.mode_buttons.value = self.ui.mode  # an ignored pick puts the radios back

    def _mode_picked(self, change: Any) -> None:
        if change["new"] != self.ui.mode:
            self.set_mode(change["new"])

    def prepare(self, action: str) -> tuple[str, Callable[[Progress], Any]] | None:
        """The first click of a no-guess board searches its layout first (long work, with Stop)."""
        if not self.game.searches_layout(action):
            return None
        trial = self.game.copy()
        return "Placing the mines so that no guess is needed", lambda progress: trial.play(action)

    def after_action(self, action: str) -> None:
        super().after_action(action)
        if self.game.lost:
            self.play_sound("lose")
        elif self.game.won:
            self.play_sound("win")

    # -- buttons ---------------------------------------------------------------------------------
    def hint(self) -> None:
        self.respond(controls.hint(self.game, self.ui))

    def toggle_chances(self) -> None:
        self.respond(controls.toggle_chances(self.game, self.ui))

    def fresh_game(self) -> Minesweeper:
        # New game = the next seed, so a learner gets a new board and the lesson stays reproducible.
        self._next_seed += 1
        setup = dict(self.game.setup, seed=self._next_seed)
        return self.rules.new(**setup)

    def start_with_settings(self) -> None:
        """Start a game with the size and options chosen in the controls below the board."""
        preset = self.preset.value
        rows, cols, mines = PRESETS[preset] if preset in PRESETS else (w.value for w in self.custom)
        self._next_seed += 1
        try:
            game = self.rules.new(rows=rows, cols=cols, mines=mines, seed=self._next_seed,
                                  opening=self.opening_box.value, no_guess=self.no_guess_box.value)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return
        if self._cell is None:  # a board of another size gets the cell size that fits it on screen
            self.picture = MinesweeperPicture(fitting_cell(rows, cols), table=self.picture.table)
            self._drawn = None  # the page's frame was drawn at the old size: draw it whole
        self.start(game)
