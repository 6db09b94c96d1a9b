"""One mechanism for every game: positions that change only through text actions, and a record of them.

A game's engine subclasses :class:`Game` (how to start, how to copy, how to apply one action given as
text). Everything that follows from "a game is a setup plus a list of actions" lives here once, in
:class:`Record`: undo and redo that restore the exact prior position, save and load as JSON, replay,
and the guarantee that a refused action changes nothing.

>>> from gamelab.demo import LightsOut
>>> rec = Record(LightsOut.new(size=3, seed=0))
>>> rec.play("b2").actions
['b2']
>>> rec.undo()
'b2'
"""

from __future__ import annotations

import functools
import inspect
import json
import time
from abc import ABC, abstractmethod
from typing import Any, Callable, ClassVar, Generic, Iterator, Self, TypeVar

from .errors import IllegalMove, quote

__all__ = ["Game", "Record", "register_game", "game_class", "registered_games", "check_action_text",
           "MAX_ACTION_LENGTH"]

#: no game has an action longer than this (riichi's longest is about 20 characters)
MAX_ACTION_LENGTH = 200


def check_action_text(action: object) -> str:
    """``action`` if it is an action's text form, else ``IllegalMove`` saying what it is.

    >>> check_action_text(None)
    Traceback (most recent call last):
    gamelab.errors.IllegalMove: an action is text (like 'b2' or 'draw'), not None
    """
    if not isinstance(action, str):
        raise IllegalMove(f"an action is text (like 'b2' or 'draw'), not {quote(action)}")
    if len(action) > MAX_ACTION_LENGTH:
        raise IllegalMove(f"an action is at most {MAX_ACTION_LENGTH} characters; this one has {len(action):,}: "
                          f"{quote(action)}")
    return action

_REGISTRY: dict[str, type["Game"]] = {}


def register_game(cls: type["Game"]) -> type["Game"]:
    """Class decorator: make a game loadable by its ``name`` from a saved record."""
    if not getattr(cls, "name", ""):
        raise TypeError(f"{cls.__name__} needs a class attribute 'name' to be registered")
    _REGISTRY[cls.name] = cls
    return cls


def game_class(name: str) -> type["Game"]:
    """The registered game class called ``name`` (importing gamelab's own games on first use)."""
    if name not in _REGISTRY:
        _import_builtin_games()
    try:
        return _REGISTRY[name]
    except KeyError:
        known = ", ".join(sorted(_REGISTRY)) or "none"
        raise ValueError(f"unknown game {name!r} (known games: {known})") from None


def registered_games() -> list[str]:
    """Names of every game a record can name."""
    _import_builtin_games()
    return sorted(_REGISTRY)


def _import_builtin_games() -> None:
    """Import every package of :data:`gamelab.games.GAMES`: each registers its engines."""
    import importlib

    from .games import GAMES

    for game in GAMES:
        importlib.import_module(game.package)  # a failure here is a real bug: let it show


class Game(ABC):
    """A position of one game. It changes only through :meth:`play` with an action's text form.

    Subclasses provide:

    * ``name`` – the registry key written into saved games (``"othello"``);
    * :meth:`new` – a classmethod building the start position from JSON-able keyword arguments
      (parameters and a seed), which it keeps in ``self.setup`` so the start can be rebuilt anywhere;
    * :meth:`copy` – an independent copy (``Record`` keeps one per action for exact undo);
    * :meth:`play` – apply one action or raise :class:`IllegalMove` *without changing anything*;
    * ``__str__`` – a compact, stable text board.
    """

    name: ClassVar[str] = ""
    setup: dict[str, Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        made = cls.__dict__.get("new")
        if isinstance(made, classmethod):
            cls.new = classmethod(_settings_named(made.__func__))  # type: ignore[method-assign,assignment]

    @classmethod
    @abstractmethod
    def new(cls, *args: Any, **setup: Any) -> Self:
        """The start position described by ``setup`` (JSON-able values only).

        (``*args`` lets each game spell out its own parameters: mypy reads this signature as "any".)
        """

    @abstractmethod
    def copy(self) -> Self:
        """An independent copy of this position."""

    @abstractmethod
    def play(self, action: str) -> None:
        """Apply ``action`` (its text form) or raise :class:`IllegalMove`, leaving the position as it was."""

    def legal_actions(self) -> list[str]:
        """Every action allowed now, in text form (games with a small action set override this)."""
        raise NotImplementedError(f"{type(self).__name__} does not list its actions")

    @property
    def is_over(self) -> bool:
        """True once no further action can change the outcome."""
        return False


G = TypeVar("G", bound=Game)


def _settings_named(new: Callable[..., Any]) -> Callable[..., Any]:
    """``new`` answering a setting it does not have (or one too many) with a ``ValueError`` naming it, as
    every bad setup value is answered (a game whose ``new`` takes ``**extra`` checks those itself)."""
    signature = inspect.signature(new)
    parameters = list(signature.parameters.values())[1:]  # after cls
    if any(p.kind is p.VAR_KEYWORD for p in parameters):
        return new
    names = [p.name for p in parameters if p.kind is not p.VAR_POSITIONAL]

    @functools.wraps(new)
    def checked(cls: Any, *args: Any, **setup: Any) -> Any:
        unknown = [key for key in setup if key not in names]
        if unknown:
            raise ValueError(f"{cls.__name__} has no setting {quote(unknown[0])}: its settings are "
                             f"{', '.join(names) or 'none'}")
        try:
            signature.bind(cls, *args, **setup)
        except TypeError as exc:
            raise ValueError(f"{cls.__name__}.new: {exc}") from None
        return new(cls, *args, **setup)

    return checked


class Record(Generic[G]):
    """A game as a start position plus the actions played on it: undo, redo, save, load, replay.

    It keeps the actions and, now and then, a snapshot of the position, so its memory grows with the
    actions' text rather than with whole positions (20,000 flag toggles of an expert Minesweeper game
    are 20,000 short strings and a few hundred snapshots). Undo rebuilds the prior position exactly, from
    the nearest snapshot, replaying the actions after it. A refused action never touches the current
    position: it is tried on a copy first.

    A snapshot is taken every :attr:`SNAPSHOT_EVERY` actions, and after any action that was slow to
    play (a generator behind a first click), so undo never replays slow work.
    """

    FORMAT = "gamelab-record/1"
    #: at most this many actions are replayed to rebuild a position
    SNAPSHOT_EVERY = 64
    #: an action taking longer than this (seconds) is never replayed: the position after it is kept
    SLOW_ACTION = 0.02

    def __init__(self, start: G, *, undo_limit: int | None = None) -> None:
        self._start: G = start.copy()
        self._current: G = start.copy()
        self._snapshots: dict[int, G] = {0: self._start}
        self._actions: list[str] = []
        self._redo: list[str] = []
        self._redo_positions: list[tuple[G, bool]] = []  # the positions undo took back, with "was slow"
        self.undo_limit = undo_limit

    # -- reading ---------------------------------------------------------------------------------
    @property
    def game(self) -> G:
        """The current position. Treat it as read-only: change it through :meth:`play`."""
        return self._current

    @property
    def start(self) -> G:
        return self._start

    @property
    def actions(self) -> list[str]:
        """The actions played so far (a copy)."""
        return list(self._actions)

    @property
    def can_undo(self) -> bool:
        if not self._actions:
            return False
        return self.undo_limit is None or self._undone_in_a_row < self.undo_limit

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def next_redo(self) -> str | None:
        """The action :meth:`redo` would play again (None when nothing was taken back)."""
        return self._redo[-1] if self._redo else None

    def __len__(self) -> int:
        return len(self._actions)

    def __repr__(self) -> str:
        return f"<Record of {self.start.name}: {len(self._actions)} actions>"

    def position(self, count: int) -> G:
        """A copy of the position after the first ``count`` actions (0: the start)."""
        if not 0 <= count <= len(self._actions):
            raise IndexError(f"the record has positions 0 to {len(self._actions)}, not {count}")
        if count == len(self._actions):
            return self._current.copy()
        base = max(k for k in self._snapshots if k <= count)
        game = self._snapshots[base].copy()
        for action in self._actions[base:count]:
            game.play(action)
        return game

    # -- changing ------------------------------------------------------------------------------
    _undone_in_a_row = 0

    def play(self, action: str) -> Self:
        """Play ``action`` on a copy of the current position and keep it; raises ``IllegalMove``."""
        check_action_text(action)
        trial = self._current.copy()
        started = time.perf_counter()
        trial.play(action)  # the engine alone decides (a finished game refuses every action there)
        self._keep(action, trial, slow=time.perf_counter() - started > self.SLOW_ACTION)
        return self

    def adopt(self, action: str, position: G) -> Self:
        """Keep ``position`` as the result of ``action``, played already on a copy of the current position
        (by long work off the board's thread: a no-guess layout's search is not done twice)."""
        check_action_text(action)
        self._keep(action, position, slow=True)
        return self

    def _keep(self, action: str, trial: G, *, slow: bool) -> None:
        self._current = trial
        self._actions.append(action)
        count = len(self._actions)
        if slow or count % self.SNAPSHOT_EVERY == 0:
            self._snapshots[count] = trial.copy()
        self._redo = []
        self._redo_positions = []
        self._undone_in_a_row = 0

    def undo(self) -> str:
        """Take back the last action and return it."""
        if not self._actions:
            raise IllegalMove("nothing to undo: no action has been played")
        if not self.can_undo:
            raise IllegalMove(f"cannot undo more than {self.undo_limit} actions in a row")
        previous = self.position(len(self._actions) - 1)
        action = self._actions.pop()
        slow = self._snapshots.pop(len(self._actions) + 1, None) is not None
        self._redo_positions.append((self._current, slow))
        self._current = previous
        self._redo.append(action)
        self._undone_in_a_row += 1
        return action

    def redo(self) -> str:
        """Play again the last action taken back."""
        if not self._redo:
            raise IllegalMove("nothing to redo")
        action = self._redo.pop()
        position, slow = self._redo_positions.pop()  # the position undo took back: nothing is played twice
        undone = self._undone_in_a_row
        redo, later = self._redo, self._redo_positions
        self._keep(action, position, slow=slow)
        self._redo, self._redo_positions = redo, later
        self._undone_in_a_row = max(0, undone - 1)
        return action

    def replay(self) -> Iterator[tuple[str | None, G]]:
        """``(None, start)`` then ``(action, position after it)`` for every action played (fresh copies)."""
        game = self._start.copy()
        yield None, game.copy()
        for action in self._actions:
            game.play(action)
            yield action, game.copy()

    # -- saving ----------------------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return {
            "format": self.FORMAT,
            "game": self.start.name,
            "setup": self.start.setup,
            "actions": list(self._actions),
        }

    def to_json(self) -> str:
        """The record as one line of JSON: enough to rebuild every position anywhere."""
        return json.dumps(self.to_dict(), ensure_ascii=False, separators=(",", ":"))

    @classmethod
    def from_dict(cls, data: Any, *, game: type[Game] | None = None) -> "Record[Game]":
        """Rebuild a record, checking every action with the engine's own rules.

        Whatever is wrong with a save (its shape, a setup the game refuses, an action the rules refuse)
        is a ``ValueError`` quoting the offending part; an engine's own slip on strange input (a
        ``TypeError`` from a setup value of the wrong kind) is reported the same way, never as a crash.
        ``game`` replays the save on that class (a board playing by a learner's rules) instead of the one
        registered under the save's name; the names must agree.
        """
        if not isinstance(data, dict):
            raise ValueError(f"a saved game must be a JSON object, not {type(data).__name__}")
        if data.get("format") != cls.FORMAT:
            raise ValueError(f"not a gamelab saved game: format is {quote(data.get('format'))}, expected {cls.FORMAT!r}")
        for key, kind in (("game", str), ("setup", dict), ("actions", list)):
            if not isinstance(data.get(key), kind):
                raise ValueError(f"saved game field {key!r} is missing or not a {kind.__name__}: {quote(data.get(key))}")
        if game is None:
            game = game_class(data["game"])
        elif game.name != data["game"]:
            raise ValueError(f"this save is a {quote(data['game'])} game, not {game.name}")
        try:
            start = game.new(**data["setup"])
        except ValueError as exc:
            raise ValueError(f"saved game setup {quote(data['setup'])} is refused: {exc}") from None
        except (TypeError, AttributeError, KeyError, IndexError, OverflowError, MemoryError, RecursionError) as exc:
            raise ValueError(f"saved game setup {quote(data['setup'])} does not fit {data['game']}: {exc}") from None
        record: Record[Game] = Record(start)
        for number, action in enumerate(data["actions"], 1):
            if not isinstance(action, str):
                raise ValueError(f"saved game action {number} is not text: {quote(action)}")
            try:
                record.play(action)
            except ValueError as exc:
                raise ValueError(f"saved game action {number} {quote(action)} is refused: {exc}") from None
            except (TypeError, AttributeError, KeyError, IndexError, OverflowError, RecursionError) as exc:
                raise ValueError(f"saved game action {number} {quote(action)} cannot be played: {exc}") from None
        return record

    #: a saved game longer than this is refused before it is read (20,000 actions take about 240 KB)
    MAX_SAVE_LENGTH = 5_000_000

    @classmethod
    def from_json(cls, text: str, *, game: type[Game] | None = None) -> "Record[Game]":
        if not isinstance(text, str):
            raise ValueError(f"a saved game is JSON text, not {quote(text)}")
        if len(text) > cls.MAX_SAVE_LENGTH:
            raise ValueError(f"a saved game is at most {cls.MAX_SAVE_LENGTH:,} characters; this one has {len(text):,}")
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            snippet = text[max(0, exc.pos - 10): exc.pos + 10]
            raise ValueError(f"saved game is not valid JSON near {snippet!r}: {exc.msg}") from None
        except RecursionError:
            raise ValueError("saved game is not a gamelab record: its JSON is nested far too deeply") from None
        return cls.from_dict(data, game=game)
