"""PlayBoard: the one board every game is played on, driven by the game's spec.

A game does not subclass the board: it writes a :class:`~gamelab.widgets.spec.BoardSpec` (its picture,
its interface state, what an input means through its pure ``controls``, its buttons, its status line
and a few named hooks) and its board is ``PlayBoard(TheSpec(...))``, the way Simon Tatham's midend drives
each puzzle's back end.

Everything else is here, once: the canvas (:class:`~gamelab.widgets.canvas.BoardCanvas`: one message
per frame, hit testing, the reload fix), a status line, a button row (New game, Undo, Redo and the
game's own), a clock that ticks on the kernel's event loop, synthesized sounds with volume and mute,
keyboard input, a record panel to save, load and look back through the game, long work
(:mod:`.work`) and the games New game and Load replaced (:mod:`.history`).

Data flows one way: click → target → the spec's control → ``Response`` → action → engine (or a refusal
with its reason) → one redraw. What the page asked for (a click, a key, a button) may start long work
on a thread of its own; what a cell calls runs at once, so the cell's next line sees it.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import inspect
from functools import partial
from html import escape
from typing import Any, Callable, Generic, Hashable, Iterator, Mapping, TypeVar

import ipywidgets as widgets

from .. import checks
from ..clock import Clock, format_seconds
from ..controls import Response
from ..errors import IllegalMove
from ..game import Game, Record
from ..pictures import Painter, Picture
from ..words import count
from ..work import Progress, Stopped, Work
from .canvas import BoardCanvas, fire, with_still_picture
from .history import GameHistory, Kept
from .sound import synthesize
from .spec import BoardSpec, Button, Panel, Setting
from .work import LongWork

__all__ = ["PlayBoard", "board_function", "BoardSpec", "Button", "Panel", "Setting", "SoundPlayer", "ClockDisplay", "fire",
           "Progress", "Stopped", "Work"]

G = TypeVar("G", bound=Game)
U = TypeVar("U")
T = TypeVar("T")


class SoundPlayer(widgets.HBox):  # type: ignore[misc]  # ipywidgets has no type information (Any)
    """A hidden ``<audio>`` that plays synthesized effects, with a volume slider and a mute toggle."""

    def __init__(self, volume: float = 0.5, muted: bool = False) -> None:
        self.audio = widgets.Audio(value=b"", format="wav", autoplay=True, loop=False, controls=False,
                                   layout=widgets.Layout(width="0px", height="0px", visibility="hidden"))
        self.volume = widgets.FloatSlider(value=volume, min=0.0, max=1.0, step=0.05, description="Volume",
                                          readout=False, continuous_update=False,
                                          layout=widgets.Layout(width="220px"))
        self.mute = widgets.ToggleButton(value=muted, description="Mute", icon="volume-off",
                                         tooltip="Sound on/off", layout=widgets.Layout(width="80px"))
        self._count = 0
        self.played: list[str] = []  # effect names, newest last: lets tests and lessons hear without ears
        super().__init__([self.volume, self.mute, self.audio])

    def play(self, effect: str) -> None:
        """Play ``effect`` (see ``gamelab.widgets.sound.EFFECTS``) unless muted or at volume 0."""
        self.played.append(effect)
        del self.played[:-20]
        if self._held:
            self._pending = effect  # the page would cut an earlier one short anyway: the last one plays
            return
        if self.mute.value or self.volume.value <= 0:
            return
        self._count += 1
        self.audio.value = synthesize(effect, round(self.volume.value, 2), pad=self._count % 2)

    _held = 0
    _pending: str | None = None

    @contextlib.contextmanager
    def hold(self) -> Iterator[None]:
        """Sounds asked for inside the block play when it ends (after the frame the block draws)."""
        self._held += 1
        try:
            yield
        finally:
            self._held -= 1
            if not self._held and self._pending is not None:
                effect, self._pending = self._pending, None
                self.played.pop()  # play() records it again
                self.play(effect)

    def __repr__(self) -> str:
        return f"SoundPlayer(volume={self.volume.value:.2f}, muted={self.mute.value})"


class ClockDisplay(widgets.HTML):  # type: ignore[misc]  # ipywidgets has no type information (Any)
    """Shows a :class:`Clock`, ticking by itself while the kernel's event loop runs."""

    value: str  # the HTML trait (ipywidgets ships no type information)

    def __init__(self, clock: Clock, fmt: Callable[[float], str] = format_seconds, interval: float = 1.0,
                 on_tick: Callable[[], None] | None = None) -> None:
        super().__init__(layout=widgets.Layout(min_width="6em"))
        self.add_class("gamelab-clock")
        self.clock = clock
        self.fmt = fmt
        self.interval = interval
        self.on_tick = on_tick  # the board's hook: a picture that shows the time redraws it here
        self.color = "inherit"
        self._task: asyncio.Task[None] | None = None
        self.refresh()

    def refresh(self) -> None:
        text = f'<span style="font-family:monospace;font-size:1.1em;color:{self.color}">' \
               f'{escape(self.fmt(self.clock.elapsed))}</span>'
        if text != str(self.value):
            self.value = text

    def start(self) -> None:
        self.clock.start()
        self._ensure_ticking()
        self.refresh()

    def stop(self) -> None:
        self.clock.stop()
        self.refresh()

    def reset(self) -> None:
        self.clock.reset()
        self.color = "inherit"
        self.refresh()

    def _ensure_ticking(self) -> None:
        if self._task is not None and not self._task.done():
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return  # plain Python or a test: the display updates on each action instead
        self._task = loop.create_task(self._tick())

    def close(self) -> None:
        """Stop ticking and close (a closed board leaves no task behind)."""
        if self._task is not None:
            self._task.cancel()
            self._task = None
        self.on_tick = None
        super().close()

    async def _tick(self) -> None:
        while self.clock.running:
            self.refresh()
            if self.on_tick is not None:
                self.on_tick()
            await asyncio.sleep(self.interval)
        self.refresh()


#: Ctrl+S (Cmd+S on a Mac) sent from the focused board's parent element, so JupyterLab's keyboard shortcuts
#: see it (the canvas itself swallows every key); JupyterLab reads the key from ``keyCode``
_SAVE_FROM_THE_PAGE = """(() => {
  const mac = /Mac/i.test(navigator.platform);
  const from = document.activeElement && document.activeElement.parentElement || document.body;
  const press = new KeyboardEvent("keydown", {key: "s", code: "KeyS", ctrlKey: !mac, metaKey: mac,
                                              bubbles: true, cancelable: true});
  Object.defineProperty(press, "keyCode", {get: () => 83});
  Object.defineProperty(press, "which", {get: () => 83});
  from.dispatchEvent(press);
})();"""

_BUILT_IN = ("new", "undo", "redo")


class PlayBoard(widgets.VBox, Generic[G, U]):  # type: ignore[misc]  # ipywidgets has no type information (Any)
    """A playable board in a notebook cell, driven by ``spec`` (a game's :class:`BoardSpec`).

    The game is a :class:`~gamelab.game.Record` of ``G`` positions (``board.game`` is the current one);
    ``board.ui`` (a ``U``) is the interface state the picture reads. Options: ``sound``, ``volume``,
    ``clock`` (with ``clock_format``, ``clock_interval``; the spec gives the defaults), ``record_panel``,
    ``now`` (the clock's time source), ``undo_limit``. A game's own commands (``board.set_mode``,
    ``board.hint``) are its spec's methods and buttons.
    """

    children: tuple[Any, ...]  # the VBox's trait (ipywidgets ships no type information)
    #: how many replaced games (New game, Load) Undo can bring back, the oldest dropped first
    kept_games = 100

    def __init_subclass__(cls, **kwargs: Any) -> None:
        raise TypeError("PlayBoard is not subclassed: a game gives its board a BoardSpec (gamelab.widgets.spec)")

    def __init__(self, spec: BoardSpec[G, U], *, sound: bool = True, volume: float = 0.5, clock: bool | None = None,
                 clock_format: Callable[[float], str] | None = None, clock_interval: float | None = None,
                 record_panel: bool = True, now: Callable[[], float] | None = None, undo_limit: int | None = None,
                 **unknown: Any) -> None:
        checks.instance("spec", spec, BoardSpec, "a game's BoardSpec")
        if unknown:  # a clear word, as a game's new() says for a setting it does not have
            name = next(iter(unknown))
            own = [p for p in inspect.signature(type(spec).__init__).parameters if p not in ("self", "args", "kwargs")]
            shared = [p for p in inspect.signature(PlayBoard.__init__).parameters
                      if p not in ("self", "spec", "unknown")]
            raise ValueError(f"{spec.title} has no argument {name!r}: its arguments are "
                             f"{', '.join(dict.fromkeys([*own, *shared]))}")
        clock = spec.clock if clock is None else clock
        now = now if now is not None else spec.now
        clock_format = clock_format if clock_format is not None else spec.clock_format
        clock_interval = spec.clock_interval if clock_interval is None else clock_interval
        checks.flag("sound", sound)
        checks.number("volume", volume, low=0, high=1)
        checks.flag("clock", clock)
        checks.function("clock_format", clock_format, optional=False)
        checks.number("clock_interval", clock_interval, low=0.05, high=3600)
        checks.flag("record_panel", record_panel)
        checks.function("now", now)
        if undo_limit is not None:
            checks.whole("undo_limit", undo_limit, low=0, high=10**6)
        self.spec = spec
        spec.board = self
        self.record: Record[G] = Record(spec.first_game(), undo_limit=undo_limit)
        self.ui: U = spec.make_ui(self.game)
        for setting in spec.settings:  # the first values are checked as the settings' widgets check theirs
            value = self._setting_value(setting)
            self._checked(setting, value, type(value))
        self.message = ""
        self.message_is_error = False
        self.history = GameHistory(self.kept_games)
        self._buttons: dict[str, widgets.Button] = {}
        self._locked: dict[Any, bool] = {}
        self._page = 0  # > 0 while the board handles what the page sent (a click, a key, a button)
        self._held = 0  # > 0 while one input is carried out: its redraws become one, at its end
        self._dirty = False
        #: the frame on screen: (pages, picture, size, its parts' looks), to redraw only what changed
        self._drawn: tuple[int, Picture[Any], tuple[int, int], Mapping[Hashable, Hashable] | None] | None = None

        self.view = BoardCanvas(*self.picture.size(self.game, self.ui))
        self.canvas = self.view.canvas
        self.view.on_mouse_down(self._mouse_down)  # positions in picture pixels
        self.view.on_mouse_move(self._mouse_move)
        self.view.on_mouse_up(self._mouse_up)
        self.canvas.on_key_down(self._key_down)
        self.view.when_ready(self.redraw)

        self.status_line = widgets.HTML(layout=widgets.Layout(min_height=f"{1.6 * spec.status_lines:g}em"))
        self.status_line.add_class("gamelab-status")
        self.long_work = LongWork(lock=self._lock_inputs, unlock=self._unlock_inputs,
                                  said=lambda text, error: self.say(text, error=error), before_thread=self._let_out)
        self.work_box, self.work_line, self.stop_button = self.long_work.box, self.long_work.line, self.long_work.stop_button
        self.stop_button.on_click(lambda _: self.refresh())
        #: the button row: New game, Undo, Redo, the game's buttons (a spec's build may add its own widgets)
        self.row = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        #: a row for a game's extra controls (settings), under the buttons
        self.extras = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        #: a game's panels (a result, a ranking), under its controls
        self.panels = widgets.VBox()
        self.sounds = SoundPlayer(volume) if sound else None
        self.clock = ClockDisplay(Clock(now) if now else Clock(), clock_format, clock_interval,
                                  on_tick=lambda: self.spec.tick(self)) if clock else None
        if self.clock is not None and not spec.clock_shown:
            self.clock.layout.display = "none"

        self.add_button("New game", self.new_game, "Start a new game", name="new")
        self.add_button("Undo", self.undo, "Take back the last action", name="undo")
        self.add_button("Redo", self.redo, "Play again the action taken back", name="redo")
        for button in spec.buttons:
            self.add_button(button.label, partial(self.command, button.name), button.tooltip, name=button.name)
        for button in spec.settings_buttons:  # (moved to the settings' row below)
            self.add_button(button.label, partial(self.command, button.name), button.tooltip, name=button.name)
        self._settings: dict[str, widgets.Widget] = {}
        self.settings_button: widgets.ToggleButton | None = None
        if spec.row is not None:  # the game's own order (Start in New game's place, say)
            self.row.children = tuple(self._buttons[name] for name in spec.row)
        if spec.settings:
            self._make_settings()
        self._panels = {panel.name: self._make_panel(panel) for panel in spec.panels}
        self.panels.children = tuple(self._panels[panel.name] for panel in spec.panels if not panel.above)
        self.record_panel = self._make_record_panel() if record_panel else None
        #: where the board asks the page for what only the page can do (saving the notebook on Ctrl+S)
        self.page = widgets.Output(layout=widgets.Layout(display="none"))
        spec.build(self)  # the game's own widgets, before anything is drawn
        footer: list[widgets.Widget] = [self.row]
        row = [w for w in (self.clock, self.sounds) if w is not None]
        if row:
            footer.append(widgets.HBox(row, layout=widgets.Layout(align_items="center")))
        footer.append(self.extras)
        if self.panels.children:
            footer.append(self.panels)
        if self.record_panel is not None:
            footer.append(self.record_panel)
        footer.append(self.page)
        status = widgets.VBox([self.status_line, self.work_box])
        parts = [self.view.box, status, *footer]
        above = [self._panels[panel.name] for panel in spec.panels if panel.above]
        super().__init__(above + (self._beside(parts) if spec.side else parts))
        self.add_class("gamelab-board")
        self._built = True
        with self._one_frame():
            self._automatic()  # the board may move first (the computer as black, a forced pass)
            self.refresh()

    def _beside(self, parts: list[Any]) -> list[Any]:
        """The picture on the left and a column of everything else at its right (``spec.side``: the
        column's narrowest and widest, CSS px), wrapping under the picture on a narrow page."""
        low, high = self.spec.side or (260, 420)
        picture, *rest = parts
        picture.layout.width = self.canvas.layout.max_width or f"{self.picture.size(self.game, self.ui)[0]}px"  # as shown
        picture.layout.max_width = "100%"
        picture.layout.flex = "0 1 auto"
        column = widgets.VBox(rest, layout=widgets.Layout(flex=f"1 1 {low}px", min_width=f"{low}px",
                                                          max_width=f"{high}px", padding="0 0 0 10px"))
        column.add_class("gamelab-side")
        return [widgets.HBox([picture, column], layout=widgets.Layout(flex_flow="row wrap", align_items="flex-start"))]

    # -- state ---------------------------------------------------------------------------------------
    @property
    def game(self) -> G:
        """The current position (read-only: change it through :meth:`act`)."""
        return self.record.game

    @property
    def picture(self) -> Picture[Any]:
        return self.spec.picture

    def status(self) -> str:
        """The status line for the current position (shown when no message is pending)."""
        return self.spec.status(self.game, self.ui)

    def __getattr__(self, name: str) -> Any:
        # a game's own: its buttons (board.hint()), its spec's public members (board.press), a setting's
        # setter (board.set_level(6): as its widget would), and the interface state's fields (board.playing)
        spec = self.__dict__.get("spec")
        if spec is not None and not name.startswith("_"):
            if any(button.name == name for button in (*spec.buttons, *spec.settings_buttons)):
                return lambda: self.command(name)
            if hasattr(spec, name):
                return getattr(spec, name)
            if name.startswith("set_") and self._setting_named(name[4:]) is not None:
                return partial(self.set, name[4:])
            if self._in_ui(name):
                return getattr(self.ui, name)
        raise AttributeError(f"{type(self).__name__} has no attribute {name!r}")

    def __setattr__(self, name: str, value: Any) -> None:
        # a game's setting set through the board (board.solve_budget = …) is the spec's: never a second copy
        spec = self.__dict__.get("spec") if self.__dict__.get("_built") else None
        if spec is not None and not name.startswith("_") and name not in self.__dict__ and not hasattr(type(self), name):
            if self._setting_named(name) is not None:
                self.set(name, value)  # as its widget would: checked, answered, shown
                return
            if hasattr(spec, name):
                if callable(getattr(type(spec), name, None)):
                    raise AttributeError(f"{name!r} is one of {spec.title}'s methods, not a setting")
                setattr(spec, name, value)
                return
            if self._in_ui(name):
                raise AttributeError(f"{name!r} is the interface state's: its controls change it, not the board")
        super().__setattr__(name, value)

    def _setting_named(self, name: str) -> Setting | None:
        return next((setting for setting in self.spec.settings if setting.name == name), None)

    def _in_ui(self, name: str) -> bool:
        """Whether ``name`` is a field of the interface state."""
        ui = self.__dict__.get("ui")
        return dataclasses.is_dataclass(ui) and name in {field.name for field in dataclasses.fields(ui)}

    # -- what the page sends, and what a cell calls ------------------------------------------------------
    @contextlib.contextmanager
    def from_page(self) -> Iterator[None]:
        """Inside the block the board handles what the page sent: long work it asks for starts on a
        thread of its own (a cell's call runs it at once). Every input of the page passes through here;
        a spec wraps its own widgets' handlers with :meth:`listen`."""
        self._page += 1
        try:
            with self._one_frame():
                yield
        finally:
            self._page -= 1

    def listen(self, widget: widgets.Widget, handler: Callable[[Any], None], names: str = "value") -> None:
        """Call ``handler(new value)`` when the page changes ``widget`` (never for the board's own updates of
        it, never while long work runs)."""
        def changed(change: Any) -> None:
            if self._syncing:
                return
            if self.refuse_while_busy():
                return
            with self.from_page():
                handler(change["new"])

        widget.observe(changed, names=names)

    @contextlib.contextmanager
    def _one_frame(self) -> Iterator[None]:
        """The redraws asked for inside the block become one, at its end (sounds wait for that frame)."""
        self._held += 1
        with self.sounds.hold() if self.sounds is not None else contextlib.nullcontext():
            try:
                yield
            finally:
                self._held -= 1
                if not self._held and self._dirty:
                    self.refresh()

    def act(self, action: str) -> bool:
        """Play ``action``; on refusal show the reason and change nothing. Returns whether it was played
        (False too while long work it needs runs: the action follows when it ends)."""
        with self._one_frame():
            played = self._play([action])
            self.refresh()
        return played

    def respond(self, response: Response[U] | None) -> None:
        """Carry out an answer of the game's controls: new interface state, a sound, a command, an action
        or a line of them, words, long work."""
        if response is None:
            return
        with self._one_frame():
            if response.ui is not None:
                self.ui = response.ui
            self.play_sound(response.sound)
            if response.command is not None:
                self.command(response.command)
            actions = ([response.action] if response.action is not None else []) + list(response.line)
            if actions:
                if self._play(actions) and response.message:
                    self.say(response.message, error=response.error)
            elif response.message is not None:
                self.message = response.message
                self.message_is_error = response.error
                if response.error and response.sound is None:  # (a sound of its own, "" for none, wins)
                    self.play_sound(self.spec.refused_sound)
            if response.work is not None:
                self.run_work(response.work)
            self.refresh()

    def _play(self, actions: list[str]) -> bool:
        """Play ``actions`` in turn (stopping at a refusal), then what the board plays by itself."""
        if self.refuse_while_busy():
            return False
        self.leave_review()
        for number, action in enumerate(actions):
            label = self.spec.slow(self.game, action)
            if label is not None:
                self._play_slowly(label, action, actions[number + 1:])
                return False
            before = self.game
            part = self.spec.preview(before, self.ui, action)
            if part is not None:  # drawn over the frame on screen, sent before the engine starts
                self.view.draw_part(part, work_follows=True)
            try:
                self.record.play(action)
            except IllegalMove as exc:
                self._refused(exc)
                return False
            self._played(before, action)
        self._automatic()
        return True

    def _play_slowly(self, label: str, action: str, rest: list[str]) -> None:
        """An action that is long work to play: played on a copy (off the kernel's thread when the page
        asked), and the position it gives kept, so it is never played twice."""
        before = self.game
        trial = before.copy()

        def play(progress: Progress) -> G:
            trial.play(action)
            return trial

        def done(position: G) -> None:
            if self.game is not before:  # the game moved on meanwhile (it cannot while locked, but a cell can)
                return
            with self._one_frame():
                self.record.adopt(action, position)
                self._played(before, action)
                if rest:
                    self._play(rest)
                else:
                    self._automatic()
                self.refresh()

        self._long(label, play, done, failed=lambda exc: str(exc) if isinstance(exc, IllegalMove) else
                   f"{label} failed: {exc}")

    def _played(self, before: G, action: str) -> None:
        self._dirty = True  # the frame with this action goes out before any long work that follows it starts
        self.message = ""
        self.play_sound(self.spec.action_sound)
        if self.clock is not None:
            self.spec.update_clock(self.clock.clock, self.game)
            self.clock.refresh()
            if self.clock.clock.running:
                self.clock.start()
        answer = self.spec.after(before, self.game, action)
        if answer is not None:
            self.play_sound(answer.sound)
            if answer.message is not None:
                self.message, self.message_is_error = answer.message, answer.error

    def _automatic(self) -> None:
        """What the board plays by itself now (the computer's reply, a forced pass), as the spec says."""
        answer = self.spec.automatic(self.game, self.ui)
        if answer is not None:
            self.respond(answer)

    def _refused(self, exc: BaseException) -> None:
        self.say(str(exc), error=True)
        self.play_sound(self.spec.refused_sound)
        self.refresh()

    def later(self, seconds: float, answer: Callable[[G, U], Response[U] | None]) -> None:
        """After ``seconds``, carry out ``answer(game, ui)`` for the game and interface state of then (a mark
        that stays a moment), on the kernel's event loop; without a loop (a script), never: the next input
        redraws the board anyway. A closed board does nothing."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return

        def due() -> None:
            if "spec" in self.__dict__ and self.spec.__dict__.get("board") is self:  # still open
                self.respond(answer(self.game, self.ui))

        loop.call_later(seconds, due)

    def say(self, message: str, *, error: bool = False) -> None:
        """Show ``message`` on the status line until the next action."""
        self.message = message
        self.message_is_error = error
        self._update_status()

    def play_sound(self, effect: str | None) -> None:
        if effect and self.sounds is not None:
            self.sounds.play(effect)

    # -- long work ---------------------------------------------------------------------------------------
    @property
    def busy(self) -> str | None:
        """What long work the board is doing now (its label), or None."""
        return self.long_work.busy

    def refuse_while_busy(self) -> bool:
        """True (and a word on the status line) while long work runs: inputs that would race it wait."""
        label = self.long_work.busy
        if label is None:
            return False
        self.say(f"Please wait: {label}… (Stop cancels it)", error=True)
        self.play_sound(self.spec.refused_sound)
        return True

    def run_work(self, work: Work[Any]) -> None:
        """Long work a control asked for; its result becomes the next response. Asked for by the page
        (inside :meth:`from_page`) it runs on a thread of its own; from a cell, at once."""
        def then(result: Any) -> None:
            self.respond(work.then(result, self.game, self.ui))

        self._long(work.label, work.run, then, failed=work.failed, beside=work.beside)

    def _long(self, label: str, run: Callable[[Progress], T], then: Callable[[T], None], *,
              failed: Callable[[BaseException], str] | None = None, beside: bool = False) -> None:
        """Run ``run(progress)`` then ``then(result)``: started on a thread when the page asked for it,
        at once for a cell's call (whose errors it raises)."""
        def said(exc: BaseException) -> None:
            if failed is not None:
                words = failed(exc)
            else:
                words = f"{label} failed: " + (str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}")
            self.say(words, error=True)
            self.play_sound(self.spec.refused_sound)

        if beside:
            self.long_work.beside(run, then, said)
        elif self._page:
            if self.refuse_while_busy():
                return
            self.long_work.start(label, run, then, said)
        else:
            then(self.long_work.run_now(run))

    def stop(self) -> None:
        """Stop the long work (the game stays as it was before it began)."""
        self.long_work.stop()

    def _let_out(self) -> None:
        """Before a thread starts: the frame of the move that asked for the work goes out first."""
        if self._dirty:
            self._dirty = False
            held, self._held = self._held, 0
            try:
                self.refresh()
            finally:
                self._held = held
        self.view.let_out()

    def _inputs(self) -> Iterator[Any]:
        """Every widget of the board a person can change (the Stop button and the sound aside)."""
        spared = {id(self.work_box), id(self.page)}
        if self.sounds is not None:
            spared.add(id(self.sounds))
        stack: list[Any] = list(self.children)
        while stack:
            child = stack.pop()
            if id(child) in spared:
                continue
            stack.extend(getattr(child, "children", ()))
            if child.has_trait("disabled"):
                yield child

    def _lock_inputs(self) -> None:
        self._locked = {w: bool(w.disabled) for w in self._inputs()}
        for w in self._locked:
            w.disabled = True

    def _unlock_inputs(self) -> None:
        for w, disabled in self._locked.items():
            w.disabled = disabled
        self._locked = {}
        self.refresh()

    # -- buttons -------------------------------------------------------------------------------------
    def add_button(self, label: str, callback: Callable[[], Any], tooltip: str = "", *, name: str | None = None,
                   icon: str = "") -> widgets.Button:
        """A button in the board's row that calls ``callback()``; ``self.button(name)`` finds it again."""
        name = name or label.lower().replace(" ", "-")
        button = widgets.Button(description=label, tooltip=tooltip or label, icon=icon,
                                layout=widgets.Layout(width="auto"))
        button.add_class(f"gamelab-button-{name}")

        def clicked(_: widgets.Button) -> None:
            if not self.refuse_while_busy():
                with self.from_page():
                    callback()

        button.on_click(clicked)
        self._buttons[name] = button
        self.row.children = (*self.row.children, button)
        return button

    def button(self, name: str) -> widgets.Button:
        """The button called ``name``."""
        return _named("button", self._buttons, name)

    def command(self, name: str) -> None:
        """Press the button called ``name`` (what a key or a click on a picture's button asks for)."""
        if name in _BUILT_IN:
            if not self.refuse_while_busy():
                {"new": self.new_game, "undo": self.undo, "redo": self.redo}[name]()
            return
        found = [button for button in (*self.spec.buttons, *self.spec.settings_buttons) if button.name == name]
        if not found:
            names = [*_BUILT_IN, *(button.name for button in (*self.spec.buttons, *self.spec.settings_buttons))]
            raise KeyError(f"no command called {name!r}; this board has {', '.join(names)}")
        if not self.refuse_while_busy():
            self.respond(found[0].control(self.game, self.ui))

    def _fresh_ui(self) -> U:
        """Fresh interface state for the game, keeping the settings that live in it (the legal-move dots)."""
        ui = self.spec.make_ui(self.game)
        kept = {s.name: getattr(self.ui, s.name) for s in self.spec.settings if s.in_ui}
        return dataclasses.replace(ui, **kept) if kept else ui  # type: ignore[type-var]  # U is a dataclass

    # -- settings ------------------------------------------------------------------------------------
    def _setting_value(self, setting: Setting) -> Any:
        return getattr(self.ui if setting.in_ui else self.spec, setting.name)

    def _make_settings(self) -> None:
        hooks = [s.name for s in self.spec.settings if callable(getattr(BoardSpec, s.name, None))]
        if hooks:
            raise TypeError(f"{self.spec.title}: a setting may not be called {hooks[0]!r}, a hook of every spec")
        for setting in self.spec.settings:
            value = self._setting_value(setting)
            layout = widgets.Layout(width=setting.width)
            options: dict[str, Any] = {"tooltip": setting.tooltip} if setting.tooltip else {}
            widget: widgets.Widget
            if setting.margin:
                layout.margin = setting.margin
            if setting.place == "row":
                layout.align_self = "center"  # on the buttons' line
            if setting.choices and setting.toggle:  # (in the main row: bold, as the buttons' words are)
                style = {"button_width": "auto", **({"font_weight": "bold"} if setting.place == "row" else {})}
                widget = widgets.ToggleButtons(options=list(setting.choices), value=value, layout=layout,
                                               style=style, **options)
            elif setting.choices:  # (the whole label: never cut)
                widget = widgets.Dropdown(options=list(setting.choices), value=value, description=setting.label,
                                          layout=layout, style={"description_width": "initial"}, **options)
            elif isinstance(value, bool):
                widget = widgets.Checkbox(value=value, description=setting.label, indent=False, layout=layout,
                                          **options)
            elif isinstance(value, int):  # typed boxes answer when the entry is done, not at each key
                widget = widgets.BoundedIntText(value=value, min=setting.low, max=setting.high,
                                                description=setting.label, layout=layout, continuous_update=False,
                                                style={"description_width": "initial"}, **options)
            else:
                widget = widgets.Text(value=str(value), description=setting.label, layout=layout,
                                      placeholder=setting.placeholder, continuous_update=False,
                                      style={"description_width": "initial"}, **options)
            widget.add_class(f"gamelab-setting-{setting.name}")
            self.listen(widget, partial(self._setting_changed, setting))
            self._settings[setting.name] = widget
        under = [self._buttons[button.name] for button in self.spec.settings_buttons]
        in_row = [self._settings[s.name] for s in self.spec.settings if s.place == "row"]
        self.row.children = (*(child for child in self.row.children if child not in under), *in_row)
        folded = [widget for widget in self._settings.values() if widget not in in_row]
        note = [widgets.HTML(f"<small>{escape(self.spec.settings_note)}</small>")] if self.spec.settings_note else []
        self.extras.children = (*self.extras.children, *folded, *under, *note)
        title = self.spec.settings_title
        if title:  # a secondary panel, folded: the board, its status and its buttons fit one screen
            fold = self.settings_button = widgets.ToggleButton(value=False, description=f"{title} ▾",
                                                               tooltip=self.spec.settings_tooltip or title,
                                                               layout=widgets.Layout(width="auto"))
            fold.add_class("gamelab-button-settings")
            fold.observe(lambda change: self.show_settings(change["new"]), names="value")
            self.row.children = (*self.row.children, fold)
            self.extras.layout.display = "none"

    def _make_panel(self, panel: Panel) -> widgets.HTML:
        widget = widgets.HTML(layout=widgets.Layout(min_height=panel.min_height or None))
        widget.add_class(f"gamelab-panel-{panel.name}")
        return widget

    def panel(self, name: str) -> widgets.HTML:
        """The widget that shows the panel ``name``."""
        return _named("panel", self._panels, name)

    def setting(self, name: str) -> widgets.Widget:
        """The widget that shows the setting ``name``."""
        return _named("setting", self._settings, name)

    def show_settings(self, shown: bool = True) -> None:
        """Unfold (or fold) the game's settings."""
        self.extras.layout.display = "flex" if shown else "none"
        fold = self.settings_button
        if fold is not None:
            fold.description = f"{self.spec.settings_title} {'▴' if shown else '▾'}"
            if fold.value != shown:
                fold.value = shown

    def set(self, name: str, value: Any) -> None:
        """Change the setting ``name`` as its widget would (``board.set("level", 6)``): checked by the spec,
        answered by its ``changed``, and the board moves by itself if it now should."""
        setting = self._setting_named(name)
        if setting is None:
            raise KeyError(f"no setting called {name!r}; this board has "
                           f"{', '.join(s.name for s in self.spec.settings) or 'none'}")
        with self._one_frame():
            self._setting_changed(setting, value)

    def _checked(self, setting: Setting, value: Any, kind: type) -> Any:
        """``value`` for ``setting`` if it is one of its choices, or of its ``kind``; else a ValueError naming it."""
        allowed = [choice for _, choice in setting.choices]
        if allowed:
            value = checks.one_of(setting.name, value, allowed)
        elif kind is bool:
            checks.flag(setting.name, value)
        elif kind is int:
            checks.whole(setting.name, value, low=setting.low, high=setting.high)
        elif kind is str:
            value = checks.text(setting.name, value)
        return value

    def _setting_changed(self, setting: Setting, value: Any) -> None:
        value = self._checked(setting, value, type(self._setting_value(setting)))
        if setting.enabled is not None and not setting.enabled(self.game):
            self.refresh()  # a change it cannot take now is ignored, and its widget goes back
            return
        if setting.in_ui:
            self.ui = dataclasses.replace(self.ui, **{setting.name: value})  # type: ignore[type-var]  # U is a dataclass
        else:
            setattr(self.spec, setting.name, value)
        self.respond(self.spec.changed(setting.name, self.game, self.ui))
        self._automatic()
        self.refresh()

    def _show_settings_and_buttons(self) -> None:
        """The settings' widgets and the game's buttons follow the state (state → widgets, never back)."""
        for setting in self.spec.settings:
            widget = self._settings[setting.name]
            value = self._setting_value(setting)
            if widget.value != value:
                widget.value = value
            display = "" if setting.shown is None or setting.shown(self.spec) else "none"
            if widget.layout.display != display:
                widget.layout.display = display
            if setting.enabled is not None and not self.long_work.shown:  # work's lock stays until it ends
                disabled = not setting.enabled(self.game)
                if widget.disabled != disabled:
                    widget.disabled = disabled
            if setting.style is not None and widget.button_style != setting.style(value):
                widget.button_style = setting.style(value)
        for button in self.spec.buttons:
            widget = self._buttons[button.name]
            if button.shown is not None:
                display = "" if button.shown(self.spec) else "none"
                if widget.layout.display != display:
                    widget.layout.display = display
            if button.enabled is not None and not self.long_work.shown:  # work's lock stays until it ends
                disabled = not button.enabled(self.game)
                if widget.disabled != disabled:
                    widget.disabled = disabled

    # -- games: new, undo, redo, kept ------------------------------------------------------------------
    def new_game(self) -> None:
        """Start again from a fresh position (Undo brings the game being played back). Finding it may be
        long work (a winnable deal): asked for by the page, it runs off the kernel's thread."""
        if self.refuse_while_busy():
            return
        game = self.game.copy()
        self._long(self.spec.new_game_label(game), lambda progress: self.spec.new_game(game, progress), self.start)

    def start(self, game: G) -> None:
        """Play ``game`` from now on (a new record, fresh interface state, the clock at zero).

        The game it replaces is kept, finished or not: Undo brings it back.
        """
        if self.refuse_while_busy():
            return
        with self._one_frame():
            self._replace(Record(game, undo_limit=self.record.undo_limit))
            self.ui = self._fresh_ui()
            self.message = "New game. Undo brings back the game you were playing."
            self.message_is_error = False
            if self.clock is not None:
                self.clock.reset()
            self.play_sound("start")
            self._automatic()
            self.refresh()

    @property
    def can_undo(self) -> bool:
        """Undo would take back an action, or bring back the game New game or Load replaced."""
        return self.record.can_undo or self.history.can_go_back(self.record)

    @property
    def can_redo(self) -> bool:
        return self.record.can_redo or self.history.can_go_forward(self.record)

    def undo(self) -> None:
        """Take back the last action (and the board's own moves before it: your turn again); at the start
        of a game New game or Load began, bring back the one it replaced."""
        if self.refuse_while_busy():
            return
        self.leave_review()
        with self._one_frame():
            if self.history.can_go_back(self.record):
                self._bring_back(self.history.back(self._keep()))
                self.message = "The game you were playing is back (Redo returns to the new one)."
                self.refresh()
                return
            answer = self.spec.undoing(self.game, self.ui) if self.record.can_undo else None
            if answer is not None and answer.error:
                self.respond(answer)
                return
            try:
                self.record.undo()
            except IllegalMove as exc:
                self.say(str(exc), error=True)
                return
            while self.record.can_undo and not self.spec.players_turn(self.game):
                self.record.undo()
            self.message = ""
            if answer is not None and answer.ui is not None:
                self.ui = answer.ui
            elif self.spec.reset_ui_on_undo:
                self.ui = self._fresh_ui()
            if not self.spec.players_turn(self.game):  # back at a start where the board moves first
                self._automatic()
            self.refresh()

    def redo(self) -> None:
        """Play again the action taken back (up to your next turn), or go forward again to the game Undo
        stepped back from."""
        if self.refuse_while_busy():
            return
        self.leave_review()
        with self._one_frame():
            if not self.record.can_redo and self.history.can_go_forward(self.record):
                self._bring_back(self.history.forward(self._keep()))
                self.message = ""
                self.refresh()
                return
            try:
                self.record.redo()
            except IllegalMove as exc:
                self.say(str(exc), error=True)
                return
            while self.record.can_redo and not self.spec.players_turn(self.game):
                self.record.redo()
            self.message = ""
            self.refresh()

    def _keep(self) -> Kept:
        clock = (self.clock.clock.elapsed, self.clock.clock.running) if self.clock is not None else None
        return Kept(self.record, self.ui, clock)

    def _replace(self, record: Record[G]) -> None:
        """Make ``record`` the game; the one it replaces is kept (the newest :attr:`kept_games`)."""
        self.leave_review()
        self.history.limit = self.kept_games
        self.history.replaced(self._keep())
        self.record = record

    def _bring_back(self, kept: Kept) -> None:
        self.record = kept.record
        self.ui = kept.ui
        if self.clock is not None and kept.clock is not None:
            self.clock.clock.restore(*kept.clock)
            if kept.clock[1]:
                self.clock.start()

    # -- saving and loading ------------------------------------------------------------------------
    def save(self) -> str:
        """The game so far as JSON text (``Record.to_json``)."""
        return self.record.to_json()

    def load(self, text: str) -> None:
        """Replace the game with a saved one; a bad save raises ``ValueError`` and changes nothing.

        The save is replayed by this board's rules (a board playing on a learner's pieces replays it on
        them). The loaded game goes on at once, and Undo brings back the game it replaced. Loading a
        long game is long work: asked for by the Load button, it runs off the kernel's thread.
        """
        if self.refuse_while_busy():
            return
        kind = type(self.game)
        self._long("Loading the saved game", lambda progress: self.spec.read_save(text, kind, progress),
                   self._loaded, failed=lambda exc: f"cannot load: {exc}")

    def _loaded(self, record: Record[G]) -> None:
        record.undo_limit = self.record.undo_limit
        with self._one_frame():
            self._replace(record)
            self.ui = self._fresh_ui()
            self.message = f"loaded a game of {count(len(record), 'action')} (Undo brings back the game you were playing)"
            self.message_is_error = False
            if self.clock is not None:
                self.clock.reset()
                if len(self.record) and not self.game.is_over:
                    self.clock.start()
            self._automatic()
            self.refresh()

    def _make_record_panel(self) -> widgets.Accordion:
        self.record_text = widgets.Textarea(placeholder="Saved game (JSON)", rows=3,
                                            layout=widgets.Layout(width="100%"))
        save = widgets.Button(description="Save ↓", tooltip="Put this game's record in the box")
        load = self.load_button = widgets.Button(description="Load ↑", tooltip="Load the game in the box")
        # The slider counts actions *back* from the present (0 = live, -3 = three actions ago). Playing on
        # only lowers its minimum, so the value the browser holds never has to follow the game: an
        # absolute position would be clamped by a browser that saw the old maximum first, and echoed back.
        self.review = widgets.IntSlider(value=0, min=0, max=0, description="Look back", continuous_update=True,
                                        tooltip="Drag left to see earlier positions; click the board to return",
                                        layout=widgets.Layout(width="360px"))

        def do_save(_: Any) -> None:
            self.record_text.value = self.save()

        def do_load(_: Any) -> None:
            if self.refuse_while_busy():
                return
            try:
                with self.from_page():
                    self.load(self.record_text.value)
            except ValueError as exc:
                self.say(f"cannot load: {exc}", error=True)
            except Exception as exc:  # an engine's slip on a strange save: said, never lost in a log
                self.say(f"cannot load: {type(exc).__name__}: {exc}", error=True)

        save.on_click(do_save)
        load.on_click(do_load)
        self.review.observe(self._review_moved, names="value")
        box = widgets.VBox([widgets.HBox([save, load, self.review], layout=widgets.Layout(flex_flow="row wrap")),
                            self.record_text])  # (the row wraps in a narrow side column)
        return widgets.Accordion(children=[box], titles=("Record: save, load, review",), selected_index=None)

    _syncing = False

    def _review_moved(self, change: Any) -> None:
        if not self._syncing:  # moved by the learner, not by refresh() following the game
            self.redraw()

    def leave_review(self) -> None:
        """Back to the present position before anything changes the game (the slider can never point
        past the record it looks at)."""
        if self.record_panel is None or self.review.value == 0:
            return
        self._syncing = True
        try:
            self.review.value = 0
        finally:
            self._syncing = False

    @property
    def shown(self) -> G:
        """The position on screen: the current one, or an earlier one while reviewing the record."""
        if self.reviewing:
            return self.record.position(max(0, len(self.record) + self.review.value))
        return self.game

    @property
    def reviewing(self) -> bool:
        """True while the record panel shows an earlier position."""
        return self.record_panel is not None and self.review.value < 0

    # -- drawing -----------------------------------------------------------------------------------
    @property
    def frames(self) -> int:
        """Whole frames sent so far (a test checks "one message per redraw" against it)."""
        return self.view.frames

    @property
    def sprites(self) -> Any:
        return self.view.sprites

    @property
    def _hits(self) -> Painter | None:
        return self.view.hits

    def refresh(self) -> None:
        """Redraw the board and bring status, buttons, the game's widgets and the record slider up to date
        (once, at the end of the input being carried out)."""
        if self._held:
            self._dirty = True
            return
        self._dirty = False
        self.redraw()  # first: the page draws the board before it updates the widgets around it
        self._syncing = True
        try:
            if self.record_panel is not None and self.review.min != -len(self.record):
                self.review.min = -len(self.record)
            if not self.long_work.shown:  # locked inputs stay locked until the work ends
                self.button("undo").disabled = not self.can_undo
                self.button("redo").disabled = not self.can_redo
            self._show_settings_and_buttons()
            for panel in self.spec.panels:
                html = panel.html(self.spec, self.game, self.ui)
                if self._panels[panel.name].value != html:
                    self._panels[panel.name].value = html
            self.spec.show(self)
        finally:
            self._syncing = False
        if self.clock is not None:
            self.clock.refresh()
        self._update_status()

    def _update_status(self) -> None:
        text = self.message or self.status()
        color = "#b00020" if (self.message and self.message_is_error) else "inherit"
        html = f'<span style="color:{color}">{escape(text)}</span>'
        if html != self.status_line.value:
            self.status_line.value = html

    def redraw(self) -> None:
        """Draw the board from state, as one message to the browser: the whole frame, or where the picture
        tells its parts' looks (:meth:`Picture.looks`) and the page has the last frame, only the parts that
        changed (a click on an expert Minesweeper board redraws a few of its 480 cells)."""
        self.ui = self.spec.frame_ui(self)
        shown, ui, picture = self.shown, self.ui, self.picture
        looks = picture.looks(shown, ui)
        frame = (self.view.pages, picture, picture.size(shown, ui), looks)
        last, self._drawn = self._drawn, frame
        if looks is not None and last is not None and last[3] is not None and last[:3] == frame[:3] and self.view.pages:
            changed = [part for part, look in looks.items() if last[3].get(part) != look]
            self.view.draw_part(lambda painter: picture.draw_parts(painter, shown, ui, changed))
        else:
            self.view.draw(picture, shown, ui)

    def target_at(self, x: float, y: float) -> Hashable | None:
        """The target under pixel (x, y) in the frame on screen."""
        if self.view.hits is None:
            return self.picture.target_at(self.shown, x, y, self.ui)
        return self.view.target_at(x, y)

    # -- events from the page --------------------------------------------------------------------------
    _pressed = False

    def _mouse_down(self, x: float, y: float) -> None:
        if self.refuse_while_busy():
            return
        self._pressed = True
        if self.reviewing:
            self.review.value = 0  # a click while reviewing returns to the game
            return
        with self.from_page():
            self.respond(self.spec.click(self.game, self.ui, self.target_at(x, y)))

    def _mouse_move(self, x: float, y: float) -> None:
        if not self._pressed or self.long_work.busy:
            return
        answer = self.spec.drag(self.game, self.ui, x, y, self.target_at)
        if answer is not None and answer.ui is not None:
            self.ui = answer.ui  # while dragging only the picture changes: the frame, nothing around it
            self.redraw()

    def _mouse_up(self, x: float, y: float) -> None:
        if self._pressed:
            self._pressed = False
            if self.long_work.busy:
                return
            with self.from_page():
                self.respond(self.spec.release(self.game, self.ui, self.target_at(x, y)))

    def _key_down(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        if self.long_work.busy is not None:
            if key == "Escape":
                self.stop()
            else:
                self.refuse_while_busy()
            return
        if (ctrl or meta) and key.lower() == "s":
            self.save_notebook()
            return
        self.leave_review()  # every other key may change the game: back to the present first
        with self.from_page():
            if (ctrl or meta) and key.lower() == "z":
                self.redo() if shift else self.undo()
                return
            self.respond(self.spec.key(self.game, self.ui, key))

    def save_notebook(self) -> None:
        """Save the notebook this board is in, as Ctrl+S does outside it.

        The canvas keeps every key it is given (Ctrl+S too), so the board hands the shortcut back to the
        page: a one-line script, shown in the board's hidden output, sends Ctrl+S from the board's place
        in the page to JupyterLab's own shortcuts. (Where nothing saves, as in Voila, nothing happens.)
        """
        from IPython.display import Javascript, display

        self.page.clear_output()
        with self.page:
            display(Javascript(_SAVE_FROM_THE_PAGE))  # type: ignore[no-untyped-call]  # IPython's display has no annotations

    def close(self) -> None:
        """Close the board: its work stops, its clock stops ticking, and every widget it made is closed, so
        nothing keeps it alive (a notebook that makes many boards does not pile them up)."""
        long_work = self.__dict__.get("long_work")
        if long_work is not None:  # (close also runs for a board whose __init__ failed)
            long_work.close()
        clock = self.__dict__.get("clock")
        if clock is not None:
            clock.stop()
        view = self.__dict__.get("view")
        if view is not None:
            view.close()
        stack: list[widgets.Widget] = list(self.children)
        while stack:
            child = stack.pop()
            stack.extend(getattr(child, "children", ()))
            child.close()
        spec = self.__dict__.get("spec")
        if spec is not None:
            spec.__dict__.pop("board", None)
        super().close()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the board as a still picture beside the widget (see with_still_picture)
        return with_still_picture(super()._repr_mimebundle_(**kwargs), self.picture, self.shown, self.ui)

    def __repr__(self) -> str:
        # A short, stable text form: nbval compares it, and the default one lists every child widget.
        spec = self.__dict__.get("spec")
        if spec is None or "record" not in self.__dict__:
            return "<PlayBoard>"
        return f"<{spec.describe(self.game, self.ui)}: {self.status()}>"


def _named(kind: str, widgets_by_name: dict[str, T], name: str) -> T:
    """The board's ``kind`` widget called ``name``; a KeyError naming the ones it has."""
    try:
        return widgets_by_name[name]
    except KeyError:
        raise KeyError(f"no {kind} called {name!r}; this board has {', '.join(widgets_by_name) or 'none'}") from None


def board_function(spec: Callable[..., BoardSpec[G, U]]) -> Callable[..., PlayBoard[G, U]]:
    """The function that makes a game's board, named as the spec's :attr:`~BoardSpec.title`:
    ``OthelloBoard = board_function(OthelloSpec)``. It takes the spec's arguments and the board's options
    (``sound``, ``record_panel``…: :class:`PlayBoard`'s), its help shows both, and its text is the spec's.

    >>> from gamelab.demo.widget import LightsOutBoard
    >>> LightsOutBoard(size=3, seed=1, sound=False)
    <LightsOutBoard: ...>
    """
    own = {name: p for name, p in inspect.signature(spec).parameters.items() if p.kind != p.VAR_KEYWORD}
    shared = [p.replace(kind=p.KEYWORD_ONLY) for name, p in inspect.signature(PlayBoard.__init__).parameters.items()
              if name not in ("self", "spec", "unknown") and name not in own]

    def make(*args: Any, **kwargs: Any) -> PlayBoard[G, U]:
        mine = {name: value for name, value in kwargs.items() if name in own}
        return PlayBoard(spec(*args, **mine), **{name: value for name, value in kwargs.items() if name not in own})

    title = str(getattr(spec, "title", getattr(spec, "__name__", "board")))
    make.__name__ = make.__qualname__ = title
    make.__module__, make.__doc__ = spec.__module__, spec.__doc__
    setattr(make, "spec", spec)  # the spec it makes boards of
    setattr(make, "__signature__", inspect.Signature([*own.values(), *shared],
                                                     return_annotation="PlayBoard"))
    return make
