"""What a game tells the one play board: its spec, the way a puzzle's back end tells Tatham's midend.

A game's board is ``PlayBoard(TheSpec(...))``, made by the function ``board_function(TheSpec)`` gives
(``OthelloBoard(...)``: the spec's arguments and the board's options). The spec holds what is the game's own and nothing else;
its hooks take plain values (the position, the interface state, a target) and answer plain values,
mostly a :class:`~gamelab.controls.Response` from the game's pure ``controls``:

================  ====================================================================================
``picture``       the :class:`~gamelab.pictures.Picture` that draws the game and tags its click targets
``first_game()``  the position the board starts from
``make_ui(game)`` fresh interface state (a small dataclass the picture reads; by default a new ``ui_type``)
``click``         a press on a target; ``drag`` the pointer moving with the button down (interface state
                  only); ``release`` the button going up; ``key`` a key (each → ``Response`` or None;
                  by default the same-named functions of the game's ``controls``, where it has them)
``buttons``       the game's own buttons: :class:`Button` (name, label, tooltip, a control)
``settings``      the game's settings: :class:`Setting` (a menu, a check box, a number), folded under one
                  button, kept in step with the spec's attributes; ``changed(name, game, ui)`` answers one
``status``        the status line for a position; ``panels``: text panels (:class:`Panel`: a result, a ranking)
``new_game``      the position New game starts (may be long work: it is handed a copy and a progress)
``slow``          the label of an action that is long work to play (the board plays it on a copy, off the
                  kernel's thread, and keeps the result)
``after``         an answer to an action just played (a sound, words)
``automatic``     what the board plays by itself now (a forced pass, the computer's reply as long work)
``players_turn``  False where Undo steps back further (over the board's own moves)
``update_clock``  the clock after an action (run while the game goes on, by default)
================  ====================================================================================

and, for the few games that need them: ``build(board)`` (a change to the widgets the board made),
``show(board)`` (widgets that follow the state after each redraw: state → widgets, never back),
``frame_ui(board)`` (what a frame shows of the moment: the clock's seconds), ``tick(board)`` (a picture that
shows the time), ``read_save`` and ``replay_start`` (a save on a learner's rules). A game's public commands
(``press``) are the spec's methods; they reach the board the spec was given to as ``self.board``, and
``board.<name>`` finds them, the setters of its settings (``board.set_level``) and its interface state's fields.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, ClassVar, Generic, Hashable, TypeVar

from ..clock import Clock, format_seconds
from ..controls import Response
from ..errors import IllegalMove
from ..game import Game, Record, game_class
from ..pictures import Picture
from ..work import Progress

#: the board a spec is given to (a ``PlayBoard[G, U]``; named loosely here, so that this module, which the
#: board imports, imports nothing of the board's: no import circle, not even one for the types)
Board = Any

__all__ = ["BoardSpec", "Button", "Panel", "Setting"]

G = TypeVar("G", bound=Game)
U = TypeVar("U")


@dataclass(frozen=True)
class Button:
    """One of a game's buttons: ``control(game, ui)`` answers a press (a pure control, or one that asks
    for long work); ``board.command(name)`` and ``Response(command=name)`` press it too. ``shown(spec)``
    says when it is on the row (default: always)."""

    name: str
    label: str
    tooltip: str
    control: Callable[[Any, Any], Response[Any] | None]
    shown: Callable[[Any], bool] | None = None
    #: ``enabled(game)``: whether it can be pressed in this position (default: always)
    enabled: Callable[[Any], bool] | None = None


@dataclass(frozen=True)
class Setting:
    """One of a game's settings, which the board shows with the others (folded under the spec's
    :attr:`BoardSpec.settings_title` button) and keeps in step with the state.

    ``name`` is the spec's attribute it shows and sets (with ``in_ui=True``: the interface state's field).
    ``choices`` makes it a menu of ``(label, value)``; without them a ``bool`` setting is a check box, an
    ``int`` one a number box from ``low`` to ``high``, a ``str`` one a text box. ``toggle=True`` shows a menu
    as a row of toggle buttons. ``shown(spec)`` says when it is on screen, ``enabled(game)`` when it can be
    changed, ``style(value)`` colors a toggle row, ``place="row"`` puts it among the main buttons. After the page changes it, the
    board calls the spec's ``changed(name)`` (its answer, a Response, is carried out) and lets the board
    move by itself if it now should (``automatic``).
    """

    name: str
    label: str
    choices: tuple[tuple[str, Any], ...] = ()
    width: str = "auto"
    tooltip: str = ""
    toggle: bool = False
    in_ui: bool = False
    low: int = 0
    high: int = 10**6
    placeholder: str = ""
    shown: Callable[[Any], bool] | None = None
    #: ``enabled(game)``: whether it can be changed in this position (else its widget is off, a change ignored)
    enabled: Callable[[Any], bool] | None = None
    #: ``style(value)``: a toggle row's button style for a value ("danger": red)
    style: Callable[[Any], str] | None = None
    #: "row": among the main buttons (a mode the player switches often), not folded with the others
    place: str = "settings"
    margin: str = ""


@dataclass(frozen=True)
class Panel:
    """One of a game's text panels (a result, a ranking, a text to share): ``html(spec, game, ui)`` gives
    its HTML, which the board writes after each redraw where it changed. Panels stand under the controls
    (``above=True``: above the picture, a line of scrolling text); ``board.panel(name)`` finds its widget."""

    name: str
    html: Callable[[Any, Any, Any], str]
    min_height: str = ""
    above: bool = False


class BoardSpec(Generic[G, U]):
    """A game's side of the play board (see the module docstring). Subclass it, never the board."""

    #: the board's name in its text form and in its error messages (``"OthelloBoard"``)
    title: ClassVar[str] = "PlayBoard"
    picture: Picture[Any]
    #: sound after an action that was played / refused (None: silent)
    action_sound: ClassVar[str | None] = "click"
    refused_sound: ClassVar[str | None] = "ng"
    #: Undo starts from fresh interface state (False: keep toggles such as "show chances")
    reset_ui_on_undo: ClassVar[bool] = True
    #: the status line, buttons and the rest in a column beside the picture, from ``side[0]`` to ``side[1]``
    #: CSS px wide (it wraps under the picture on a narrow page), so a tall board fits a laptop's screen
    side: ClassVar[tuple[int, int] | None] = None
    #: the board's defaults for its clock (a caller's ``clock=…`` wins)
    clock: ClassVar[bool] = False
    clock_format: Callable[[float], str] = staticmethod(format_seconds)
    clock_interval: ClassVar[float] = 1.0
    #: False: the clock runs but is not shown beside the buttons (the picture shows the time)
    clock_shown: ClassVar[bool] = True
    buttons: tuple[Button, ...] = ()
    #: the main row's buttons by name, in order (None: New game, Undo, Redo, then the game's buttons)
    row: ClassVar[tuple[str, ...] | None] = None
    #: the status line's height in lines (2: a message of two lines does not move the buttons)
    status_lines: ClassVar[int] = 1
    #: the game's settings, and the button that unfolds them ("Settings", "New board"; "" shows them unfolded)
    settings: tuple[Setting, ...] = ()
    #: buttons at the end of the settings (Start a game with them): pressed as the game's buttons are
    settings_buttons: tuple[Button, ...] = ()
    #: the game's text panels (:class:`Panel`)
    panels: tuple[Panel, ...] = ()
    settings_title: ClassVar[str] = "Settings"
    settings_tooltip: ClassVar[str] = ""
    #: a line under the settings (when their changes take effect)
    settings_note: ClassVar[str] = ""

    #: the game's pure controls (a module): the default ``click``, ``release`` and ``key`` hand it the input
    controls: Any = None
    #: the interface state's class: the default ``make_ui`` makes a fresh one
    ui_type: Callable[[], U] | None = None
    #: the clock's time source (None: the clock's own; a test passes its own)
    now: Callable[[], float] | None = None

    #: the board this spec drives (set by the board; a spec belongs to one board)
    board: Board

    # -- the game -------------------------------------------------------------------------------------
    def first_game(self) -> G:
        raise NotImplementedError(f"{self.title} must say where it starts (first_game)")

    def make_ui(self, game: G) -> U:
        """Fresh interface state for ``game``. Default: a new :attr:`ui_type`."""
        if self.ui_type is None:
            raise NotImplementedError(f"{self.title} must say what its interface state is (ui_type or make_ui)")
        return self.ui_type()

    def new_game(self, game: G, progress: Progress) -> G:
        """The position New game starts from ``game`` (a copy). Default: the same setup again."""
        return type(game).new(**game.setup)

    def new_game_label(self, game: G) -> str:
        """What the progress line says while New game's position is found (a search for a winnable deal)."""
        return "Dealing a new game"

    def status(self, game: G, ui: U) -> str:
        return str(getattr(game, "status", ""))

    def describe(self, game: G, ui: U) -> str:
        """The board's name in its text form (``<OthelloBoard vs-computer: …>``). Default: :attr:`title`."""
        return self.title

    # -- input: each answers a Response (or None: nothing happens) --------------------------------------
    def _control(self, name: str, *args: Any) -> Response[U] | None:
        """What the game's :attr:`controls` answer to the input ``name`` (None where they have no such input)."""
        control = getattr(self.controls, name, None)
        return control(*args) if control is not None else None

    def click(self, game: G, ui: U, target: Hashable | None) -> Response[U] | None:
        return self._control("click", game, ui, target)

    def drag(self, game: G, ui: U, x: float, y: float,
             target_at: Callable[[float, float], Hashable | None]) -> Response[U] | None:
        """The pointer moved with the button down (only the interface state may change: a card follows it)."""
        return None

    def release(self, game: G, ui: U, target: Hashable | None) -> Response[U] | None:
        return self._control("release", game, ui, target)

    def key(self, game: G, ui: U, key: str) -> Response[U] | None:
        return self._control("key", game, ui, key)

    def changed(self, name: str, game: G, ui: U) -> Response[U] | None:
        """The page changed the setting ``name`` (already set): anything to answer?"""
        return None

    # -- after an action -------------------------------------------------------------------------------
    def preview(self, game: G, ui: U, action: str) -> Callable[[Any], None] | None:
        """A part of the picture to draw at once, before ``action`` is played, where playing it takes a while
        (riichi: your discard in your river before the other seats play): a function of the painter."""
        return None

    def slow(self, game: G, action: str) -> str | None:
        """The progress label if ``action`` is long work to play here (a no-guess layout's search)."""
        return None

    def after(self, before: G, game: G, action: str) -> Response[U] | None:
        """An answer to ``action``, just played from ``before`` to ``game`` (a sound: "win")."""
        return None

    def automatic(self, game: G, ui: U) -> Response[U] | None:
        """What the board plays by itself in ``game`` (None: a person moves)."""
        return None

    def undoing(self, game: G, ui: U) -> Response[U] | None:
        """Undo is about to take back the last action of ``game``: a refusal (``error=True``) stops it and
        says why; an answer's ``ui`` is the interface state after it (default: fresh, or kept with
        :attr:`reset_ui_on_undo` False)."""
        return None

    def players_turn(self, game: G) -> bool:
        """False in positions the board moves from by itself: Undo steps back over them, Redo through."""
        return True

    def update_clock(self, clock: Clock, game: G) -> None:
        """The clock after an action: running while the game goes on."""
        if game.is_over:
            clock.stop()
        else:
            clock.start()

    def read_save(self, text: str, kind: type[G], progress: Progress) -> Record[G]:
        """A saved game as a record of this board's game ``kind`` (a bad save raises ``ValueError``). The
        shipped rules check the save; a board playing on other rules (a learner's pieces) then plays it
        again on them from :meth:`replay_start`, saying which action they refuse."""
        shipped = game_class(kind.name)
        record = Record.from_json(text, game=shipped)
        if not isinstance(record.game, shipped):
            raise ValueError(f"this save is a {record.start.name} game, not {kind.name}")
        start = self.replay_start(kind, record.start)
        if start is None:
            return record  # type: ignore[return-value]  # checked just above: the board's game class
        replayed: Record[G] = Record(start)
        for number, action in enumerate(record.actions, 1):
            progress.check()
            try:
                replayed.play(action)
            except IllegalMove as exc:
                raise ValueError(f"saved game action {number} {action!r} is refused by the rules in play: "
                                 f"{exc}") from None
        return replayed

    def replay_start(self, kind: type[G], start: Game) -> G | None:
        """Where a save (starting at ``start``, as the shipped rules read it) is played again on this board's
        rules; None: the save is played as read. Default: a game on a learner's pieces (a subclass of the
        shipped one) starts again from the save's setup."""
        return None if kind is game_class(kind.name) else kind.new(**start.setup)

    # -- the few games that need more -------------------------------------------------------------------
    def build(self, board: Board) -> None:
        """Add extra widgets to ``board`` (``board.row``, ``board.extras``), once, before the first frame."""

    def show(self, board: Board) -> None:
        """Bring the spec's own widgets up to date with the state (after each redraw)."""

    def frame_ui(self, board: Board) -> U:
        """The interface state a frame is drawn with (Minesweeper's: the clock's seconds and the result
        message, which its picture shows). Default: the board's, as it is."""
        return board.ui  # type: ignore[no-any-return]  # (the board is named loosely here: see Board)

    def tick(self, board: Board) -> None:
        """The clock ticked: a picture that shows the time redraws that part."""
