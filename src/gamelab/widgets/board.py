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

Construction has two phases: ``__init__`` builds the shared parts, then calls :meth:`PlayBoard.build`
(the subclass adds its own), and only then draws the first frame, so no hook runs half-built.

Data flows one way: click → target → controls → action → engine (or a refusal with its reason) → redraw.
"""

from __future__ import annotations

import asyncio
from html import escape
from typing import Any, Callable, Generic, Hashable, TypeVar

import ipywidgets as widgets

from ..clock import Clock, format_seconds
from ..controls import Response
from ..errors import IllegalMove
from ..game import Game, Record
from ..pictures import Painter, Picture
from .canvas import BoardCanvas
from .sound import synthesize

__all__ = ["PlayBoard", "SoundPlayer", "ClockDisplay", "fire"]

G = TypeVar("G", bound=Game)
U = TypeVar("U")


def fire(widget: widgets.Widget, **content: Any) -> None:
    """Deliver a front-end event to ``widget`` exactly as the comm would (for tests and lessons).

    >>> # fire(board.canvas, event="mouse_down", x=12, y=30)
    """
    widget._handle_msg({"content": {"data": {"method": "custom", "content": content}}, "buffers": []})


class SoundPlayer(widgets.HBox):
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
        if self.mute.value or self.volume.value <= 0:
            return
        self._count += 1
        self.audio.value = synthesize(effect, round(self.volume.value, 2), pad=self._count % 2)

    def __repr__(self) -> str:
        return f"SoundPlayer(volume={self.volume.value:.2f}, muted={self.mute.value})"


class ClockDisplay(widgets.HTML):
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

    async def _tick(self) -> None:
        while self.clock.running:
            self.refresh()
            if self.on_tick is not None:
                self.on_tick()
            await asyncio.sleep(self.interval)
        self.refresh()


class PlayBoard(widgets.VBox, Generic[G, U]):
    """A playable board in a notebook cell, driven by a :class:`~gamelab.game.Record` of ``G`` positions.

    Subclasses set :attr:`picture`, give :meth:`make_ui`, and pass inputs to their controls
    (:meth:`on_click`, :meth:`on_key`, :meth:`on_drag`, :meth:`on_release`); they may override
    :meth:`build`, :meth:`status`, :meth:`fresh_game`, :meth:`after_action`. ``self.ui`` (a ``U``)
    holds presentation-only state that the picture reads; game state lives only in the engine.
    """

    picture: Picture[Any]
    #: effect played after a successful action / a refused one (``None``: silent)
    action_sound: str | None = "click"
    refused_sound: str | None = "ng"
    #: start from a fresh interface state after Undo (False: keep toggles such as "show chances")
    reset_ui_on_undo = True

    def __init__(self, game: G, *, picture: Picture[Any] | None = None, sound: bool = True, volume: float = 0.5,
                 clock: bool = False, clock_format: Callable[[float], str] = format_seconds,
                 clock_interval: float = 1.0, record_panel: bool = True, now: Callable[[], float] | None = None,
                 undo_limit: int | None = None) -> None:
        if picture is not None:
            self.picture = picture
        self.record: Record[G] = Record(game, undo_limit=undo_limit)
        self.ui: U = self.make_ui()
        self.message = ""
        self.message_is_error = False
        self._commands: dict[str, Callable[[], Any]] = {}
        self._buttons_by_name: dict[str, widgets.Button] = {}

        self.view = BoardCanvas(*self.picture.size(self.game, self.ui))
        self.canvas = self.view.canvas
        self.canvas.on_mouse_down(self._mouse_down)
        self.canvas.on_mouse_move(self._mouse_move)
        self.canvas.on_mouse_up(self._mouse_up)
        self.canvas.on_key_down(self._key_down)
        self.view.when_ready(self.redraw)

        self.status_line = widgets.HTML(layout=widgets.Layout(min_height="1.6em"))
        self.status_line.add_class("gamelab-status")
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
        super().__init__([self.view.box, self.status_line, *footer])
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
        """The position a New game starts from (default: the same setup, as a new start)."""
        return type(self.game).new(**self.game.setup)

    # -- state -------------------------------------------------------------------------------------
    @property
    def game(self) -> G:
        """The current position (read-only: change it through :meth:`act`)."""
        return self.record.game

    def act(self, action: str) -> bool:
        """Play ``action``; on refusal show the reason and change nothing. Returns whether it was played."""
        try:
            self.record.play(action)
        except IllegalMove as exc:
            self.say(str(exc), error=True)
            self.play_sound(self.refused_sound)
            self.redraw()
            return False
        self.message = ""
        self.play_sound(self.action_sound)
        self.after_action(action)
        self.refresh()
        return True

    def respond(self, response: Response[U] | None) -> None:
        """Carry out what the game's controls answered: new interface state, a sound, a command, an action, words."""
        if response is None:
            return
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
        self._commands[name]()

    def new_game(self) -> None:
        """Start again from a fresh position."""
        self.start(self.fresh_game())

    def start(self, game: G) -> None:
        """Play ``game`` from now on (a new record, fresh interface state, the clock at zero)."""
        self.record = Record(game, undo_limit=self.record.undo_limit)
        self.ui = self.make_ui()
        self.message = ""
        if self.clock is not None:
            self.clock.reset()
        self.play_sound("start")
        self.refresh()

    def undo(self) -> None:
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
        try:
            self.record.redo()
        except IllegalMove as exc:
            self.say(str(exc), error=True)
            return
        self.message = ""
        self.refresh()

    # -- saving and loading ------------------------------------------------------------------------
    def save(self) -> str:
        """The game so far as JSON text (``Record.to_json``)."""
        return self.record.to_json()

    def load(self, text: str) -> None:
        """Replace the game with a saved one; a bad save raises ``ValueError`` and changes nothing."""
        record = Record.from_json(text, game=type(self.game))  # replayed by this board's rules
        if not isinstance(record.game, type(self.game)):
            raise ValueError(f"this save is a {record.start.name} game, not {self.game.name}")
        record.undo_limit = self.record.undo_limit
        self.record = record  # type: ignore[assignment]  # checked just above: the same game class
        self.ui = self.make_ui()
        self.message = f"loaded a game of {len(record)} actions"
        self.refresh()

    def _make_record_panel(self) -> widgets.Accordion:
        self.record_text = widgets.Textarea(placeholder="Saved game (JSON)", rows=3,
                                            layout=widgets.Layout(width="100%"))
        save = widgets.Button(description="Save ↓", tooltip="Put this game's record in the box")
        load = widgets.Button(description="Load ↑", tooltip="Load the game in the box")
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

    @property
    def shown(self) -> G:
        """The position on screen: the current one, or an earlier one while reviewing the record."""
        if self.reviewing:
            return self.record.position(len(self.record) + self.review.value)
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
        if self.record_panel is not None:
            self._syncing = True
            try:
                if self.review.min != -len(self.record):
                    self.review.min = -len(self.record)
            finally:
                self._syncing = False
        self.button("undo").disabled = not self.record.can_undo
        self.button("redo").disabled = not self.record.can_redo
        if self.clock is not None:
            self.clock.refresh()
        self._update_status()
        self.redraw()

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
        if (ctrl or meta) and key.lower() == "z":
            self.redo() if shift else self.undo()
            return
        self.on_key(key)

    def __repr__(self) -> str:
        # A short, stable text form: nbval compares it, and the default one lists every child widget.
        if "record" not in self.__dict__:
            return f"<{type(self).__name__}>"
        return f"<{type(self).__name__}: {self.status()}>"
