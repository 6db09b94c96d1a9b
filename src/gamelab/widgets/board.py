"""PlayBoard: the machinery every playable board shares, so a game adds only what is its own.

A game's widget subclasses ``PlayBoard[TheGame, TheUI]`` and says four things:

* which :class:`~gamelab.pictures.Picture` draws it (``picture``),
* its interface state, a small dataclass (:meth:`PlayBoard.make_ui`),
* what an input means, by handing it to the game's pure ``controls`` functions
  (:meth:`PlayBoard.on_click`, :meth:`PlayBoard.on_key`…) and carrying out their
  :class:`~gamelab.controls.Response` with :meth:`PlayBoard.respond`,
* which extra buttons and controls it has (:meth:`PlayBoard.build`).

Everything else is here, once: the canvas (:class:`~gamelab.widgets.canvas.BoardCanvas`: one message
per frame, hit testing, the reload fix), a status line, a button row (New game, Undo, Redo), a clock
that ticks on the kernel's event loop (and can redraw part of the picture), synthesized sounds with
volume and mute, keyboard input, and a record panel to save, load and look back through the game.

Long work (a solver, a generator, loading a long game) goes through one mechanism,
:meth:`PlayBoard.run_long`: started by a click in the browser, it runs on a thread of its own, so the
kernel keeps answering; past a tenth of a second the board shows what it is doing, for how long, and a
Stop button, and refuses every move that would race the work until it ends. New game and Load never
throw a game away: Undo at the start of the new game brings the old one back, as it was.

Construction has two phases: ``__init__`` builds the shared parts, then calls :meth:`PlayBoard.build`
(the subclass adds its own), and only then draws the first frame, so no hook runs half-built.

Data flows one way: click → target → controls → action → engine (or a refusal with its reason) → redraw.
"""

from __future__ import annotations

import asyncio
import contextlib
import ctypes
import inspect
import threading
import time
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, Generic, Hashable, Iterator, TypeVar

import ipywidgets as widgets

from .. import setup
from ..clock import Clock, format_seconds
from ..controls import Response
from ..errors import IllegalMove
from ..game import Game, Record
from ..pictures import Painter, Picture
from ..words import count
from .canvas import BoardCanvas, fire, with_still_picture
from .sound import synthesize

__all__ = ["PlayBoard", "SoundPlayer", "ClockDisplay", "fire", "Progress", "Stopped"]

G = TypeVar("G", bound=Game)
U = TypeVar("U")
T = TypeVar("T")


class Stopped(BaseException):
    """Raised inside long work when the player presses Stop.

    A ``BaseException``, like ``KeyboardInterrupt``, so no ``except Exception`` in an engine swallows it.
    """


class Progress:
    """What long work is handed: ``stopped`` turns True when Stop is pressed (work that can, checks it
    with :meth:`check`; other work is interrupted), and :meth:`note` puts a few words on the progress line.
    Both are safe to use from the work's own thread."""

    def __init__(self) -> None:
        self.stopped = False
        self.text = ""

    def note(self, text: str) -> None:
        self.text = str(text)[:80]

    def check(self) -> None:
        if self.stopped:
            raise Stopped()


@dataclass
class _Job:
    """One piece of long work on its thread; only the kernel's thread touches the board."""

    label: str
    then: Callable[[Any], None]
    failed: Callable[[BaseException], None] | None
    progress: Progress = field(default_factory=Progress)
    started: float = field(default_factory=time.monotonic)
    thread: threading.Thread | None = None
    ticker: asyncio.Task[None] | None = None  # the progress line's task (held: the loop keeps only weak ones)
    result: tuple[str, Any] | None = None  # ("ok", value) / ("stopped", None) / ("error", exception)
    shown: bool = False  # the progress line is up and the board's inputs are locked
    done: bool = False  # its result was handled (or Stop pressed): later news of it is ignored


@dataclass
class _Kept:
    """A game New game or Load replaced, with what the board showed, so Undo can bring it back."""

    record: Record[Any]
    ui: Any
    clock: tuple[float, bool] | None
    board_state: Any


def _handling_a_browser_event() -> bool:
    """True while the kernel handles a message from the page (a click, a key), not a cell's code.

    Work started by a click runs off the kernel's thread; a cell that calls a board waits for its own
    code, so it sees the result on its next line (and outside a kernel everything runs at once).
    """
    try:
        from ipykernel.kernelbase import Kernel

        if not Kernel.initialized():
            return False
        parent = Kernel.instance().get_parent("shell")  # type: ignore[no-untyped-call]  # ipykernel has no annotations here
        return bool(parent) and parent.get("header", {}).get("msg_type") == "comm_msg"
    except Exception:  # no ipykernel, or one that keeps its messages elsewhere: run at once
        return False


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


def _interrupt(thread: threading.Thread) -> None:
    """Raise :class:`Stopped` inside ``thread`` at its next Python instruction (work that never looks
    at :attr:`Progress.stopped`, such as a solver's search, stops all the same)."""
    if thread.ident is not None and thread.is_alive():
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(thread.ident), ctypes.py_object(Stopped))


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
        self.colour = "inherit"
        self._task: asyncio.Task[None] | None = None
        self.refresh()

    def refresh(self) -> None:
        text = f'<span style="font-family:monospace;font-size:1.1em;color:{self.colour}">' \
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
        self.colour = "inherit"
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


class PlayBoard(widgets.VBox, Generic[G, U]):  # type: ignore[misc]  # ipywidgets has no type information (Any)
    """A playable board in a notebook cell, driven by a :class:`~gamelab.game.Record` of ``G`` positions.

    Subclasses set :attr:`picture`, give :meth:`make_ui`, and pass inputs to their controls
    (:meth:`on_click`, :meth:`on_key`, :meth:`on_drag`, :meth:`on_release`); they may override
    :meth:`build`, :meth:`status`, :meth:`fresh_game`, :meth:`after_action`. ``self.ui`` (a ``U``)
    holds presentation-only state that the picture reads; game state lives only in the engine.
    """

    picture: Picture[Any]
    children: tuple[Any, ...]  # the VBox's trait (ipywidgets ships no type information)
    #: effect played after a successful action / a refused one (``None``: silent)
    action_sound: str | None = "click"
    refused_sound: str | None = "ng"
    #: start from a fresh interface state after Undo (False: keep toggles such as "show chances")
    reset_ui_on_undo = True
    #: seconds the kernel waits for long work before showing its progress (quick work shows nothing)
    long_work_wait = 0.1
    #: how many replaced games (New game, Load) Undo can bring back, the oldest dropped first
    kept_games = 100

    def __init__(self, game: G, *, picture: Picture[Any] | None = None, sound: bool = True, volume: float = 0.5,
                 clock: bool = False, clock_format: Callable[[float], str] = format_seconds,
                 clock_interval: float = 1.0, record_panel: bool = True, now: Callable[[], float] | None = None,
                 undo_limit: int | None = None, **unknown: Any) -> None:
        if unknown:  # a clear word, as a game's new() says for a setting it does not have
            name = next(iter(unknown))
            known = [p for p in inspect.signature(type(self).__init__).parameters if p not in ("self", "options")]
            shared = [p for p in inspect.signature(PlayBoard.__init__).parameters if p not in ("self", "game", "unknown")]
            raise ValueError(f"{type(self).__name__} has no argument {name!r}: its arguments are "
                             f"{', '.join(dict.fromkeys([*known, *shared]))}")
        setup.instance("picture", picture, Picture, "a Picture")
        setup.flag("sound", sound)
        setup.number("volume", volume, low=0, high=1)
        setup.flag("clock", clock)
        setup.function("clock_format", clock_format, optional=False)
        setup.number("clock_interval", clock_interval, low=0.05, high=3600)
        setup.flag("record_panel", record_panel)
        setup.function("now", now)
        if undo_limit is not None:
            setup.whole("undo_limit", undo_limit, low=0, high=10**6)
        if picture is not None:
            self.picture = picture
        self.record: Record[G] = Record(game, undo_limit=undo_limit)
        self.ui: U = self.make_ui()
        self.message = ""
        self.message_is_error = False
        self._commands: dict[str, Callable[[], Any]] = {}
        self._buttons_by_name: dict[str, widgets.Button] = {}
        self._job: _Job | None = None
        self._locked: dict[widgets.Widget, bool] = {}
        self._earlier: list[_Kept] = []  # games New game / Load replaced, newest last
        self._later: list[_Kept] = []  # games Undo stepped back from, for Redo
        self._later_for: tuple[Record[Any], int] | None = None  # the record Redo may step forward from

        self.view = BoardCanvas(*self.picture.size(self.game, self.ui))
        self.canvas = self.view.canvas
        self.view.on_mouse_down(self._mouse_down)  # positions in picture pixels
        self.view.on_mouse_move(self._mouse_move)
        self.view.on_mouse_up(self._mouse_up)
        self.canvas.on_key_down(self._key_down)
        self.view.when_ready(self.redraw)

        self.status_line = widgets.HTML(layout=widgets.Layout(min_height="1.6em"))
        self.status_line.add_class("gamelab-status")
        self.work_line = widgets.HTML()
        self.work_line.add_class("gamelab-work")
        self.stop_button = widgets.Button(description="Stop", icon="stop", tooltip="Stop the work and keep the game as it is",
                                          layout=widgets.Layout(width="auto"))
        self.stop_button.add_class("gamelab-button-stop")
        self.stop_button.on_click(lambda _: self.stop())
        self.work_box = widgets.HBox([self.work_line, self.stop_button],
                                     layout=widgets.Layout(display="none", align_items="center"))
        self.buttons = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.extras = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap", align_items="center"))
        self.sounds = SoundPlayer(volume) if sound else None
        self.clock = ClockDisplay(Clock(now) if now else Clock(), clock_format, clock_interval,
                                  on_tick=self.on_tick) if clock else None

        self.add_button("New game", self.new_game, "Start a new game", name="new")
        self.add_button("Undo", self.undo, "Take back the last action", name="undo")
        self.add_button("Redo", self.redo, "Play again the action taken back", name="redo")
        self.record_panel = self._make_record_panel() if record_panel else None

        footer: list[widgets.Widget] = [self.buttons]
        row = [w for w in (self.clock, self.sounds) if w is not None]
        if row:
            footer.append(widgets.HBox(row, layout=widgets.Layout(align_items="center")))
        footer.append(self.extras)
        if self.record_panel is not None:
            footer.append(self.record_panel)
        #: where the board asks the page for what only the page can do (saving the notebook on Ctrl+S)
        self.page = widgets.Output(layout=widgets.Layout(display="none"))
        footer.append(self.page)
        super().__init__([self.view.box, widgets.VBox([self.status_line, self.work_box]), *footer])
        self.add_class("gamelab-board")
        self.build()  # phase two: the game's own buttons and controls, before anything is drawn
        self.refresh()

    # -- what a game provides --------------------------------------------------------------------
    def build(self) -> None:
        """Add the game's own buttons (:meth:`add_button`) and controls (``self.extras``); called once."""

    def make_ui(self) -> U:
        """Fresh interface state for a new game (a small dataclass of the game's)."""
        raise NotImplementedError(f"{type(self).__name__} must say what its interface state is (make_ui)")

    def on_click(self, target: Hashable | None) -> None:
        """A click landed on ``target`` (``None``: outside every target). Default: nothing."""

    def on_drag(self, x: float, y: float) -> bool:
        """The pointer moved with the button down; return True to redraw."""
        return False

    def on_release(self, target: Hashable | None, x: float, y: float) -> None:
        """The button went up over ``target`` (after :meth:`on_click` on the press)."""

    def on_key(self, key: str) -> None:
        """A key was pressed while the board had focus (``"ArrowUp"``, ``"z"``, …)."""

    def on_tick(self) -> None:
        """The clock ticked (about once per ``clock_interval``): a picture that shows the time redraws it."""

    def status(self) -> str:
        """The status line for the current position (shown when no message is pending)."""
        return str(getattr(self.game, "status", ""))

    def after_action(self, action: str) -> None:
        """Called after each successful action (sounds, starting or stopping the clock, AI replies)."""
        if self.clock is not None:
            if self.game.is_over:
                self.clock.stop()
            else:
                self.clock.start()

    def fresh_game(self) -> G:
        """The position a New game starts from (default: the same setup, as a new start).

        It may take long (a winnable deal is searched for): New game runs it as long work, off the
        kernel's thread when a click asked for it.
        """
        return type(self.game).new(**self.game.setup)

    def prepare(self, action: str) -> tuple[str, Callable[[Progress], Any]] | None:
        """Slow work ``action`` needs before it can be played at once, as ``(label, work)``; None when it
        is quick (the default). A board runs the work first as long work, then plays the action, which
        finds the work done (a no-guess Minesweeper board searches its layout this way)."""
        return None

    def board_state(self) -> Any:
        """What the board itself keeps about the game besides the record (a flag, a note), so that Undo
        of New game or Load brings it back with the game. Default: nothing."""
        return None

    def restore_board_state(self, state: Any) -> None:
        """Put back what :meth:`board_state` returned."""

    def resume(self) -> None:
        """A loaded game goes on from where it was: the clock runs if the game has begun and is not over.
        (Boards add their own: the computer's turn, Shanghai's playing state.)"""
        if self.clock is not None:
            if len(self.record) and not self.game.is_over:
                self.clock.start()
            else:
                self.clock.stop()

    # -- state -------------------------------------------------------------------------------------
    @property
    def game(self) -> G:
        """The current position (read-only: change it through :meth:`act`)."""
        return self.record.game

    def act(self, action: str) -> bool:
        """Play ``action``; on refusal show the reason and change nothing. Returns whether it was played
        (False too while slow work it needs runs in the background: the action follows when it ends)."""
        if self.refuse_while_busy():
            return False
        prepared = self.prepare(action)
        if prepared is not None and self._can_work_in_background():
            label, work = prepared
            played: list[bool] = []
            self.run_long(work, label, lambda _: played.append(self.act(action)), failed=self._refused,
                          background=True)
            return bool(played and played[0])
        self.leave_review()
        with self._frame_first():
            try:
                self.record.play(action)
            except IllegalMove as exc:
                self._refused(exc)
                return False
            self._later.clear()
            self.message = ""
            self.play_sound(self.action_sound)
            self.after_action(action)
            self.refresh()
            return True

    def _frame_first(self) -> Any:
        """Inside the block, sounds wait for the frame: the page draws the board before it decodes audio."""
        return self.sounds.hold() if self.sounds is not None else contextlib.nullcontext()

    def respond(self, response: Response[U] | None) -> None:
        """Carry out what the game's controls answered: new interface state, a sound, a command, an action, words."""
        if response is None:
            return
        with self._frame_first():
            self._respond(response)

    def _respond(self, response: Response[U]) -> None:
        if response.ui is not None:
            self.ui = response.ui
        self.play_sound(response.sound)
        if response.command is not None:
            self.command(response.command)
        if response.action is not None:
            played = self.act(response.action)
            if played and response.message:
                self.say(response.message, error=response.error)
            return
        if response.message is not None:
            self.message = response.message
            self.message_is_error = response.error
            if response.error:
                self.play_sound(self.refused_sound)
        if response.command is None:
            self.refresh()

    def _refused(self, exc: BaseException) -> None:
        self.redraw()
        self.say(str(exc), error=True)
        self.play_sound(self.refused_sound)

    def say(self, message: str, *, error: bool = False) -> None:
        """Show ``message`` on the status line until the next action."""
        self.message = message
        self.message_is_error = error
        self._update_status()

    def play_sound(self, effect: str | None) -> None:
        if effect and self.sounds is not None:
            self.sounds.play(effect)

    # -- buttons -----------------------------------------------------------------------------------
    def add_button(self, label: str, callback: Callable[[], Any], tooltip: str = "", *, name: str | None = None,
                   icon: str = "") -> widgets.Button:
        """A button in the board's row that calls ``callback()``; ``self.button(name)`` finds it again,
        and a control's ``Response(command=name)`` presses it."""
        name = name or label.lower().replace(" ", "-")
        button = widgets.Button(description=label, tooltip=tooltip or label, icon=icon,
                                layout=widgets.Layout(width="auto"))
        button.add_class(f"gamelab-button-{name}")
        self._commands[name] = callback

        def clicked(_: widgets.Button) -> None:
            if not self.refuse_while_busy():
                callback()

        button.on_click(clicked)
        self._buttons_by_name[name] = button
        self.buttons.children = (*self.buttons.children, button)
        return button

    def button(self, name: str) -> widgets.Button:
        try:
            return self._buttons_by_name[name]
        except KeyError:
            raise KeyError(f"no button called {name!r}") from None

    def command(self, name: str) -> None:
        """Press the button called ``name`` (what a key or a click on a picture's button asks for)."""
        if name not in self._commands:
            raise KeyError(f"no command called {name!r}; this board has {', '.join(self._commands)}")
        if not self.refuse_while_busy():
            self._commands[name]()

    def new_game(self) -> None:
        """Start again from a fresh position (Undo brings the game being played back)."""
        if not self.refuse_while_busy():
            self.run_long(lambda progress: self.fresh_game(), "Dealing a new game", self.start)

    def start(self, game: G) -> None:
        """Play ``game`` from now on (a new record, fresh interface state, the clock at zero).

        The game it replaces is kept, finished or not: Undo brings it back.
        """
        if self.refuse_while_busy():
            return
        self._replace(Record(game, undo_limit=self.record.undo_limit))
        self.ui = self.make_ui()
        self.message = "New game. Undo brings back the game you were playing."
        self.message_is_error = False
        if self.clock is not None:
            self.clock.reset()
        self.play_sound("start")
        self.refresh()

    @property
    def can_undo(self) -> bool:
        """Undo would take back an action, or bring back the game New game or Load replaced."""
        return self.record.can_undo or (len(self.record) == 0 and bool(self._earlier))

    @property
    def can_redo(self) -> bool:
        return self.record.can_redo or (bool(self._later) and self._later_for == (self.record, len(self.record)))

    def undo(self) -> None:
        """Take back the last action; at the start of a game New game or Load began, bring back the one
        it replaced."""
        if self.refuse_while_busy():
            return
        self.leave_review()
        if len(self.record) == 0 and self._earlier:
            self._step_between_games(self._earlier, self._later)
            self.message = "The game you were playing is back (Redo returns to the new one)."
            self.refresh()
            return
        try:
            self.record.undo()
        except IllegalMove as exc:
            self.say(str(exc), error=True)
            return
        self.message = ""
        if self.reset_ui_on_undo:
            self.ui = self.make_ui()
        self.refresh()

    def redo(self) -> None:
        """Play again the action taken back (or go forward again to the game Undo stepped back from)."""
        if self.refuse_while_busy():
            return
        self.leave_review()
        if not self.record.can_redo and self.can_redo:
            self._step_between_games(self._later, self._earlier)
            self.message = ""
            self.refresh()
            return
        action = self.record.next_redo
        prepared = self.prepare(action) if action is not None else None
        if prepared is not None and self._can_work_in_background():
            label, work = prepared
            self.run_long(work, label, lambda _: self.redo(), failed=self._refused, background=True)
            return
        try:
            self.record.redo()
        except IllegalMove as exc:
            self.say(str(exc), error=True)
            return
        self.message = ""
        self.refresh()

    # -- games replaced and brought back ---------------------------------------------------------------
    def _keep(self) -> _Kept:
        clock = (self.clock.clock.elapsed, self.clock.clock.running) if self.clock is not None else None
        return _Kept(self.record, self.ui, clock, self.board_state())

    def _replace(self, record: Record[G]) -> None:
        """Make ``record`` the game; the one it replaces is kept (the newest :attr:`kept_games`)."""
        self.leave_review()
        self._earlier.append(self._keep())
        del self._earlier[:-self.kept_games]
        self._later.clear()
        self.record = record

    def _step_between_games(self, source: list[_Kept], other: list[_Kept]) -> None:
        self.leave_review()
        other.append(self._keep())
        kept = source.pop()
        self.record = kept.record
        self.ui = kept.ui
        if self.clock is not None and kept.clock is not None:
            self.clock.clock.restore(*kept.clock)
            if kept.clock[1]:
                self.clock.start()
        self.restore_board_state(kept.board_state)
        self._later_for = (self.record, len(self.record)) if other is self._later else None

    # -- long work -----------------------------------------------------------------------------------
    @property
    def busy(self) -> str | None:
        """What long work the board is doing now (its label), or None."""
        return self._job.label if self._job is not None else None

    def refuse_while_busy(self) -> bool:
        """True (and a word on the status line) while long work runs: inputs that would race it wait."""
        if self._job is None:
            return False
        self.say(f"Please wait: {self._job.label}… (Stop cancels it)", error=True)
        self.play_sound(self.refused_sound)
        return True

    def _can_work_in_background(self) -> bool:
        return _handling_a_browser_event() and _running_loop() is not None

    def run_long(self, work: Callable[[Progress], T], label: str, then: Callable[[T], None], *,
                 failed: Callable[[BaseException], None] | None = None, background: bool | None = None) -> None:
        """Do ``work(progress)``, which may take long, then ``then(result)`` on the kernel's thread.

        Asked for by a click in the browser (or with ``background=True``, inside a running event loop),
        the work runs on a thread of its own and the kernel stays free: past :attr:`long_work_wait`
        seconds the board shows ``label``, the time so far and a Stop button, and refuses moves, buttons
        and loads that would race the work until it ends. ``failed(error)`` handles an exception of the
        work (by default its message goes on the status line). Called from a cell's code, or outside a
        kernel, everything runs at once, as a plain call would (and errors are raised to the caller).
        """
        if self.refuse_while_busy():
            return
        loop = _running_loop() if (background if background is not None else _handling_a_browser_event()) else None
        if loop is None:
            then(work(Progress()))
            return
        job = _Job(label, then, failed)
        self.view.let_out()  # the frame of the move that asked for the work goes out before the work holds the lock

        def run() -> None:
            try:
                try:
                    job.result = ("ok", work(job.progress))
                except Stopped:
                    job.result = ("stopped", None)
                except BaseException as exc:
                    job.result = ("error", exc)
                loop.call_soon_threadsafe(self._job_ended, job)
            except Stopped:
                pass  # Stop was pressed as the work ended: the board has already moved on
            except RuntimeError:
                pass  # the kernel's loop is closed (shutting down): nobody is waiting

        self._job = job
        job.thread = threading.Thread(target=run, name=f"gamelab: {label}", daemon=True)
        job.thread.start()
        job.thread.join(self.long_work_wait)  # quick work ends here, as if it had run at once
        if job.result is not None:
            self._job_ended(job)
            return
        job.shown = True
        self._lock_inputs()
        self._show_work(job)
        job.ticker = loop.create_task(self._follow(job))

    def run_beside(self, work: Callable[[], T], then: Callable[[T], None],
                   failed: Callable[[BaseException], None] | None = None) -> None:
        """Do ``work()`` beside the game, then ``then(result)`` on the kernel's thread; the board takes moves
        meanwhile. For work on a copy that only comments on the game (whether it can still be won): ``then``
        checks the game has not moved on. After a click it runs on a thread of its own, once the frame has
        gone; from a cell's code, or outside a kernel, at once."""
        loop = _running_loop() if _handling_a_browser_event() else None
        if loop is None:
            then(work())
            return
        self.view.let_out()

        def run() -> None:
            try:
                result = work()
            except Exception as exc:  # said on the board, never lost on a thread
                if failed is not None:
                    with contextlib.suppress(RuntimeError):  # the loop is gone: the kernel is shutting down
                        loop.call_soon_threadsafe(failed, exc)
                return
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(then, result)

        threading.Thread(target=run, name="gamelab: beside the game", daemon=True).start()

    def stop(self) -> None:
        """Stop the long work (the game stays as it was before it began)."""
        job = self._job
        if job is None:
            return
        job.progress.stopped = True
        job.done = True
        if job.thread is not None and job.result is None:
            _interrupt(job.thread)
        self._job = None
        if job.shown:
            self._unlock_inputs()
        self.say(f"Stopped: {job.label}.")

    def _job_ended(self, job: _Job) -> None:
        if job.done or job.result is None:
            return
        job.done = True
        if self._job is job:
            self._job = None
        if job.shown:
            self._unlock_inputs()
        kind, value = job.result
        try:
            if kind == "ok":
                job.then(value)
            elif kind == "stopped":
                self.say(f"Stopped: {job.label}.")
            elif job.failed is not None:
                job.failed(value)
            else:
                raise value
        except Exception as exc:  # on the event loop nobody would see it: say it on the board
            words = str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
            self.say(f"{job.label} failed: {words}", error=True)

    def _lock_inputs(self) -> None:
        widgets_to_lock = [*self._buttons_by_name.values()]
        if self.record_panel is not None:
            widgets_to_lock.append(self.load_button)
        self._locked = {w: bool(w.disabled) for w in widgets_to_lock}
        for w in widgets_to_lock:
            w.disabled = True

    def _unlock_inputs(self) -> None:
        for w, disabled in self._locked.items():
            w.disabled = disabled
        self._locked = {}
        self.work_box.layout.display = "none"
        self.refresh()

    def _show_work(self, job: _Job) -> None:
        seconds = time.monotonic() - job.started
        note = f" · {escape(job.progress.text)}" if job.progress.text else ""
        html = (f'<span style="color:#555">⏳ {escape(job.label)}… {seconds:.0f} s{note} '
                f"(the board takes no moves until it is done)</span>")
        if self.work_line.value != html:
            self.work_line.value = html
        self.work_box.layout.display = "flex"

    async def _follow(self, job: _Job) -> None:
        while self._job is job:
            self._show_work(job)
            await asyncio.sleep(0.25)

    # -- saving and loading ------------------------------------------------------------------------
    def save(self) -> str:
        """The game so far as JSON text (``Record.to_json``)."""
        return self.record.to_json()

    def load(self, text: str) -> None:
        """Replace the game with a saved one; a bad save raises ``ValueError`` and changes nothing.

        The save is replayed by this board's rules (a board playing on a learner's pieces replays it on
        them). The loaded game goes on at once (:meth:`resume`), and Undo brings back the game it
        replaced. Loading a long game is long work: asked for by the Load button, it runs off the
        kernel's thread.
        """
        if self.refuse_while_busy():
            return
        kind = type(self.game)

        def read(progress: Progress) -> Record[G]:
            record = Record.from_json(text, game=kind)
            if not isinstance(record.game, kind):
                raise ValueError(f"this save is a {record.start.name} game, not {kind.name}")
            return record  # type: ignore[return-value]  # checked just above: the same game class

        self.run_long(read, "Loading the saved game", self._loaded,
                      failed=lambda exc: self.say(f"cannot load: {exc}", error=True))

    def _loaded(self, record: Record[G]) -> None:
        record.undo_limit = self.record.undo_limit
        self._replace(record)
        self.ui = self.make_ui()
        self.message = f"loaded a game of {count(len(record), 'action')} (Undo brings back the game you were playing)"
        self.message_is_error = False
        if self.clock is not None:
            self.clock.reset()
        self.resume()
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
            try:
                self.load(self.record_text.value)
            except ValueError as exc:
                self.say(f"cannot load: {exc}", error=True)
            except Exception as exc:  # an engine's slip on a strange save: said, never lost in a log
                self.say(f"cannot load: {type(exc).__name__}: {exc}", error=True)

        save.on_click(do_save)
        load.on_click(do_load)
        self.review.observe(self._review_moved, names="value")
        box = widgets.VBox([widgets.HBox([save, load, self.review]), self.record_text])
        panel = widgets.Accordion(children=[box], titles=("Record: save, load, review",), selected_index=None)
        return panel

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
        """Redraw the board and bring status, buttons and the record slider up to date."""
        self.redraw()  # first: the page draws the board before it updates the widgets around it
        if self.record_panel is not None:
            self._syncing = True
            try:
                if self.review.min != -len(self.record):
                    self.review.min = -len(self.record)
            finally:
                self._syncing = False
        if self._job is None or not self._job.shown:  # locked inputs stay locked until the work ends
            self.button("undo").disabled = not self.can_undo
            self.button("redo").disabled = not self.can_redo
        if self.clock is not None:
            self.clock.refresh()
        self._update_status()

    def _update_status(self) -> None:
        text = self.message or self.status()
        colour = "#b00020" if (self.message and self.message_is_error) else "inherit"
        html = f'<span style="color:{colour}">{escape(text)}</span>'
        if html != self.status_line.value:
            self.status_line.value = html

    def redraw(self) -> None:
        """Draw the whole board from state, as one message to the browser."""
        self.view.draw(self.picture, self.shown, self.ui)

    def target_at(self, x: float, y: float) -> Hashable | None:
        """The target under pixel (x, y) in the frame on screen."""
        if self.view.hits is None:
            return self.picture.target_at(self.shown, x, y, self.ui)
        return self.view.target_at(x, y)

    # -- events ------------------------------------------------------------------------------------
    _pressed = False

    def _mouse_down(self, x: float, y: float) -> None:
        if self.refuse_while_busy():
            return
        self._pressed = True
        if self.reviewing:
            self.review.value = 0  # a click while reviewing returns to the game
            return
        self.on_click(self.target_at(x, y))

    def _mouse_move(self, x: float, y: float) -> None:
        if self._pressed and self.on_drag(x, y):
            self.redraw()

    def _mouse_up(self, x: float, y: float) -> None:
        if self._pressed:
            self._pressed = False
            self.on_release(self.target_at(x, y), x, y)

    def _key_down(self, key: str, shift: bool, ctrl: bool, meta: bool) -> None:
        if self._job is not None:
            if key == "Escape":
                self.stop()
            else:
                self.refuse_while_busy()
            return
        if (ctrl or meta) and key.lower() == "s":
            self.save_notebook()
            return
        self.leave_review()  # every other key may change the game: back to the present first
        if (ctrl or meta) and key.lower() == "z":
            self.redo() if shift else self.undo()
            return
        self.on_key(key)

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
        if getattr(self, "_job", None) is not None:  # (close also runs for a board whose __init__ failed)
            self.stop()
        clock = getattr(self, "clock", None)
        if clock is not None:
            clock.stop()
        if getattr(self, "view", None) is not None:
            self.view.close()
        stack: list[widgets.Widget] = list(self.children)
        while stack:
            child = stack.pop()
            stack.extend(getattr(child, "children", ()))
            child.close()
        getattr(self, "_commands", {}).clear()
        super().close()

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the board as a still picture beside the widget (see with_still_picture)
        return with_still_picture(super()._repr_mimebundle_(**kwargs), self.picture, self.shown, self.ui)

    def __repr__(self) -> str:
        # A short, stable text form: nbval compares it, and the default one lists every child widget.
        if "record" not in self.__dict__:
            return f"<{type(self).__name__}>"
        return f"<{type(self).__name__}: {self.status()}>"
