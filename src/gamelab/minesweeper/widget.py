"""Minesweeper as a playable board: the tutorial's page (table, radio buttons, message) on a canvas.

Click a cell to open it; switch to flag mode (the tutorial's radio buttons, or the ``f`` key) to put
up flags. A click on a satisfied number chords. The face and the result message ("cleared in N s" /
"blown up in N s") start a new game, as the tutorial's message does. Hint rings a safe cell (or the
safest guess, with its chance), Chances lays the solver's probabilities over the hidden cells.

>>> board = MinesweeperBoard("beginner", seed=1)   # in a notebook cell, the last line shows it
"""

from __future__ import annotations

import asyncio
import math
from typing import Any, Hashable

import ipywidgets as widgets
from ipycanvas import hold_canvas

from ..game import Record
from ..pictures import CanvasPainter
from ..widgets import PlayBoard
from .ctrl import FLAG_MODE, OPEN_MODE, click_action
from .game import Minesweeper
from .picture import MinesweeperPicture
from .vmap import PRESETS

__all__ = ["MinesweeperBoard"]


class MinesweeperBoard(PlayBoard):
    """A Minesweeper table in a notebook cell (see the module docstring for the controls).

    Same arguments as :meth:`Minesweeper.new`, plus ``cell`` (pixels per cell) and PlayBoard's options.
    """

    action_sound = "click"

    def __init__(self, preset: str | None = "expert", *, rows: int | None = None, cols: int | None = None,
                 mines: int | None = None, seed: int = 0, opening: bool = False, no_guess: bool = False,
                 cell: int | None = None, **options: Any) -> None:
        if rows is not None or cols is not None or mines is not None:
            preset = None
        game = Minesweeper.new(preset, rows=rows, cols=cols, mines=mines, seed=seed, opening=opening,
                               no_guess=no_guess)
        self.picture = MinesweeperPicture(cell)
        self.mode = OPEN_MODE
        options.setdefault("clock", True)
        # Whole seconds rounded up, as the tutorial counts them (and as the red digits show them).
        options.setdefault("clock_format", lambda seconds: f"{math.ceil(seconds)} s")
        super().__init__(game, **options)
        self.add_button("Hint", self.hint, "Ring a safe cell, or the safest guess (key h)", name="hint")
        self.add_button("Chances", self.toggle_chances, "Show every hidden cell's mine chance (key p)",
                        name="chances")
        self.mode_buttons = widgets.ToggleButtons(options=[("Open", OPEN_MODE), ("Flag", FLAG_MODE)],
                                                  value=OPEN_MODE, tooltips=["Open cells", "Put up flags (key f)"],
                                                  style={"button_width": "64px"})
        self.mode_buttons.observe(self._mode_picked, names="value")
        choices = [(name, name) for name in PRESETS] + [("custom", "custom")]
        self.preset = widgets.Dropdown(options=choices, value=preset if preset in PRESETS else "custom",
                                       description="Board", layout=widgets.Layout(width="200px"))
        self.custom = [widgets.BoundedIntText(value=v, min=1, max=m, description=d,
                                              layout=widgets.Layout(width="120px"), style={"description_width": "40px"})
                       for v, m, d in ((game.rows, 40, "rows"), (game.cols, 60, "cols"), (game.mines, 2000, "mines"))]
        self.opening_box = widgets.Checkbox(value=game.setup["opening"], description="first click opens an area",
                                            indent=False, layout=widgets.Layout(width="200px"))
        self.no_guess_box = widgets.Checkbox(value=no_guess, description="no guessing needed", indent=False,
                                             layout=widgets.Layout(width="170px"))
        start = widgets.Button(description="Start", tooltip="A new game with these settings",
                               layout=widgets.Layout(width="auto"))
        start.on_click(lambda _: self.start_with_settings())
        self.extras.children = (self.mode_buttons, self.preset, *self.custom, self.opening_box,
                                self.no_guess_box, start)
        self._next_seed = seed
        self.refresh()

    # -- presentation state ----------------------------------------------------------------------
    def make_ui(self) -> dict[str, Any]:
        return {"hint": None, "show_chances": False, "chances": None, "seconds": 0, "message": None}

    reset_ui_on_undo = False

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
        return f"{'cleared' if game.won else 'blown up'} in {self.elapsed} s"

    def status(self) -> str:
        game = self.game
        if game.is_over:
            return f"{self.result_message()} · click the message or the face for a new game"
        if not game.started:
            return f"{game.rows} × {game.cols}, {game.mines} mines · click any cell to start"
        return f"mines left {game.mines_left} · {self.mode} mode"

    def redraw(self) -> None:
        shown = self.shown
        self.ui["seconds"] = self.elapsed
        self.ui["message"] = self.result_message() if shown is self.game else None
        self.ui["chances"] = self._chances(shown) if self.ui["show_chances"] else None
        super().redraw()

    def refresh(self) -> None:
        if hasattr(self, "mode_buttons"):
            enabled = self.game.started and not self.game.is_over
            if not enabled:
                self.mode = OPEN_MODE  # _gameOver resets the radios to open mode
            self.mode_buttons.value = self.mode
            self.mode_buttons.disabled = not enabled
        super().refresh()

    @staticmethod
    def _chances(game: Minesweeper) -> dict[tuple[int, int], float] | None:
        if not game.started or game.is_over:
            return None
        solver = game.solver()
        solver.deduce()
        analysis = solver.analyse()
        vm = game.vm
        out = {vm.coords(i): analysis.chance(i) for i in solver.unknown()}
        out.update({vm.coords(i): 0.0 for i in solver.safe_known()})
        out.update({vm.coords(i): 1.0 for i in solver.mines_known()})
        return out

    # -- input -----------------------------------------------------------------------------------
    def on_click(self, target: Hashable | None) -> None:
        if target in ("face", "message"):
            self.new_game()
            return
        if not (isinstance(target, tuple) and target[0] == "cell"):
            return
        action = click_action(self.game, target[1], target[2], mode=self.mode)
        if action is not None:
            self.ui["hint"] = None
            self.act(action)

    def on_key(self, key: str) -> None:
        key = key.lower()
        if key == "f":
            self.set_mode(FLAG_MODE if self.mode == OPEN_MODE else OPEN_MODE)
        elif key == "h":
            self.hint()
        elif key == "p":
            self.toggle_chances()

    def set_mode(self, mode: str) -> None:
        """Open or flag mode; ignored before the first click and after the game is over, like the radios."""
        if mode not in (OPEN_MODE, FLAG_MODE):
            raise ValueError(f"unknown mode {mode!r}: choose 'open' or 'flag'")
        if self.game.started and not self.game.is_over:
            self.mode = mode
        self.refresh()

    def _mode_picked(self, change: Any) -> None:
        if change["new"] != self.mode:
            self.set_mode(change["new"])

    _led_task: asyncio.Task | None = None

    def _tick_led(self) -> None:
        """Keep the red clock in the header counting while the kernel's event loop runs."""
        if self.clock is None or (self._led_task is not None and not self._led_task.done()):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # plain Python or a test: the clock is redrawn with each action instead
        self._led_task = loop.create_task(self._led_loop())

    async def _led_loop(self) -> None:
        while self.clock is not None and self.clock.clock.running:
            await asyncio.sleep(0.2)
            if self.elapsed != self.ui["seconds"]:
                # Only the digits change: a few drawing commands instead of the whole board.
                self.ui["seconds"] = self.elapsed
                with hold_canvas():
                    self.picture.draw_clock(CanvasPainter(self.canvas), self.ui)

    def after_action(self, action: str) -> None:
        super().after_action(action)
        self._tick_led()
        if self.game.lost:
            self.play_sound("lose")
        elif self.game.won:
            self.play_sound("win")

    # -- buttons ---------------------------------------------------------------------------------
    def hint(self) -> None:
        hint = self.game.hint()
        if hint is None:
            self.say("Any cell is safe for the first click." if not self.game.started else "The game is over.")
            return
        self.ui["hint"] = (hint.row, hint.col)
        if hint.certain:
            self.say(f"Hint: ({hint.row}, {hint.col}) is safe for certain.")
        else:
            self.say(f"Hint: nothing is certain; ({hint.row}, {hint.col}) is the best guess, "
                     f"a mine with chance {100 * hint.chance:.0f} %.")
        self.redraw()

    def toggle_chances(self) -> None:
        self.ui["show_chances"] = not self.ui["show_chances"]
        self.redraw()

    def fresh_game(self) -> Minesweeper:
        # New game = the next seed, so a learner gets a new board and the lesson stays reproducible.
        self._next_seed += 1
        setup = dict(self.game.setup, seed=self._next_seed)
        return Minesweeper.new(**setup)

    def new_game(self) -> None:
        self.mode = OPEN_MODE
        super().new_game()

    def start_with_settings(self) -> None:
        """Start a game with the size and options chosen in the controls below the board."""
        preset = self.preset.value
        rows, cols, mines = PRESETS[preset] if preset in PRESETS else (w.value for w in self.custom)
        self._next_seed += 1
        try:
            game = Minesweeper.new(rows=rows, cols=cols, mines=mines, seed=self._next_seed,
                                   opening=self.opening_box.value, no_guess=self.no_guess_box.value)
        except ValueError as exc:
            self.say(str(exc), error=True)
            return
        self.record = Record(game, undo_limit=self.record.undo_limit)
        self.ui = self.make_ui()
        self.mode = OPEN_MODE
        self.message = ""
        if self.clock is not None:
            self.clock.reset()
        self.play_sound("start")
        self.refresh()
