"""One validation layer for what a game is started from: setup values, position text, rule values.

Every game's ``new()`` (and so every saved game, since :meth:`gamelab.Record.from_dict` rebuilds the
start through ``new()``) reads its values through these few checks, so a bad value gets the same kind of
answer everywhere: a ``ValueError`` that names the setting, quotes the value cut short
(:func:`gamelab.errors.quote`), and names the limits, before anything is built. A value of the wrong
kind is refused, never converted: ``"no"`` is not a flag, ``1.5`` is not a seed, ``True`` is not a number.

>>> whole("rows", 10**30, low=1, high=100)
Traceback (most recent call last):
ValueError: rows must be a whole number from 1 to 100, not 1000000000000000000000000000000
>>> flag("opening", "no")
Traceback (most recent call last):
ValueError: opening must be True or False, not 'no'
>>> text("board", [0], max_length=1000)
Traceback (most recent call last):
ValueError: board must be text, not [0] (a list)
"""

from __future__ import annotations

import math
from collections.abc import Collection, Iterable, Mapping
from typing import Any, TypeVar

from .errors import quote

__all__ = ["MAX_SEED", "MAX_TEXT", "flag", "function", "instance", "no_other_settings", "number", "one_of", "pieces",
           "seed", "text", "whole"]

#: seeds and deal numbers are at most this (what a SQLite INTEGER holds, so a deal number can be ranked)
MAX_SEED = 2**63 - 1
#: a setup's text value (a position, a board) is at most this many characters unless the game says less
MAX_TEXT = 10_000

T = TypeVar("T")


def _kind(value: object) -> str:
    return f" (a {type(value).__name__})" if not isinstance(value, (int, float, str)) or isinstance(value, bool) else ""


def whole(name: str, value: object, *, low: int | None = None, high: int | None = None) -> int:
    """``value`` if it is a whole number (not a bool, not a float) within ``low``…``high``.

    >>> whole("draw", 3, low=1, high=7)
    3
    >>> whole("draw", True, low=1, high=7)
    Traceback (most recent call last):
    ValueError: draw must be a whole number from 1 to 7, not True (a bool)
    """
    if low is not None and high is not None:
        span = f" from {low:,} to {high:,}" if high >= 10_000 else f" from {low} to {high}"
    elif low is not None:
        span = f" ≥ {low}"
    elif high is not None:
        span = f" ≤ {high:,}"
    else:
        span = ""
    if (isinstance(value, bool) or not isinstance(value, int) or (low is not None and value < low)
            or (high is not None and value > high)):
        raise ValueError(f"{name} must be a whole number{span}, not {quote(value)}{_kind(value)}")
    return value


def seed(name: str, value: object) -> int:
    """A seed or deal number: a whole number from 0 to :data:`MAX_SEED`.

    >>> seed("seed", 1.5)
    Traceback (most recent call last):
    ValueError: seed must be a whole number from 0 to 9,223,372,036,854,775,807, not 1.5
    """
    return whole(name, value, low=0, high=MAX_SEED)


def flag(name: str, value: object) -> bool:
    """``value`` if it is ``True`` or ``False`` (``1``, ``"yes"`` and ``None`` are refused)."""
    if not isinstance(value, bool):
        raise ValueError(f"{name} must be True or False, not {quote(value)}{_kind(value)}")
    return value


def text(name: str, value: object, *, max_length: int = MAX_TEXT) -> str:
    """``value`` if it is a string of at most ``max_length`` characters.

    >>> text("title", "x" * 300, max_length=100)
    Traceback (most recent call last):
    ValueError: title is at most 100 characters; this one has 300: 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…' (302 characters)
    """
    if not isinstance(value, str):
        raise ValueError(f"{name} must be text, not {quote(value)}{_kind(value)}")
    if len(value) > max_length:
        raise ValueError(f"{name} is at most {max_length:,} characters; this one has {len(value):,}: {quote(value)}")
    return value


def one_of(name: str, value: object, options: Collection[T]) -> T:
    """``value`` if it is one of ``options`` (compared with the option's own type: ``True`` is not ``1``).

    >>> one_of("to_move", "red", ("black", "white"))
    Traceback (most recent call last):
    ValueError: to_move must be one of 'black', 'white', not 'red'
    """
    for option in options:
        if type(value) is type(option) and value == option:
            return option
    listed = ", ".join(repr(option) for option in options)
    raise ValueError(f"{name} must be one of {listed}, not {quote(value)}{_kind(value)}")


def number(name: str, value: object, *, low: float, high: float) -> float:
    """A finite number within ``low``…``high``, given as an int, a float or its text (``"+30.0"``).

    >>> number("uma", "inf", low=-1000, high=1000)
    Traceback (most recent call last):
    ValueError: uma must be a number from -1000 to 1000, not 'inf'
    """
    if isinstance(value, bool) or not isinstance(value, (int, float, str)):
        raise ValueError(f"{name} must be a number from {low:g} to {high:g}, not {quote(value)}{_kind(value)}")
    try:
        result = float(value.strip()) if isinstance(value, str) and len(value) <= 40 else float(value)
    except (ValueError, OverflowError):
        result = math.nan
    if isinstance(value, str) and len(value) > 40 or not (math.isfinite(result) and low <= result <= high):
        raise ValueError(f"{name} must be a number from {low:g} to {high:g}, not {quote(value)}")
    return result


def function(name: str, value: object, *, optional: bool = True) -> Any:
    """``value`` if it can be called (or ``None``, where ``optional``).

    >>> function("now", 3)
    Traceback (most recent call last):
    ValueError: now must be a function (or None), not 3
    """
    if (value is None and optional) or callable(value):
        return value
    raise ValueError(f"{name} must be a function{' (or None)' if optional else ''}, not {quote(value)}{_kind(value)}")


def instance(name: str, value: object, kind: type, what: str, *, optional: bool = True) -> Any:
    """``value`` if it is a ``kind`` (``what`` says it in words), or ``None`` where ``optional``.

    >>> instance("start", "e4", int, "a position")
    Traceback (most recent call last):
    ValueError: start must be a position (or None), not 'e4'
    """
    if (value is None and optional) or isinstance(value, kind):
        return value
    raise ValueError(f"{name} must be {what}{' (or None)' if optional else ''}, not {quote(value)}{_kind(value)}")


def pieces(name: str, value: object, known: Iterable[str]) -> dict[str, Any]:
    """A mapping of piece names (among ``known``) to functions, as a plain dict (``None`` is no pieces).

    >>> pieces("pieces", {"flip": print, "fly": print}, ["flip", "count"])
    Traceback (most recent call last):
    ValueError: pieces has no piece 'fly': the pieces are flip, count
    """
    if value is None:
        return {}
    known = list(known)
    if not isinstance(value, Mapping):
        raise ValueError(f"{name} must be a dict of pieces by name ({', '.join(known)}), not {quote(value)}"
                         f"{_kind(value)}")
    for key, piece in value.items():
        if key not in known:
            raise ValueError(f"{name} has no piece {quote(key)}: the pieces are {', '.join(known)}")
        if not callable(piece):
            raise ValueError(f"{name}[{key!r}] must be a function, not {quote(piece)}{_kind(piece)}")
    return dict(value)


def no_other_settings(game: str, given: Mapping[str, Any] | Iterable[str], known: Iterable[str]) -> None:
    """Refuse settings a game does not have, naming the ones it has.

    >>> no_other_settings("Othello", {"color": 1}, ["board", "to_move"])
    Traceback (most recent call last):
    ValueError: Othello has no setting 'color': its settings are board, to_move
    """
    unknown = [key for key in given if key not in set(known)]
    if unknown:
        listed = ", ".join(known) or "none"
        raise ValueError(f"{game} has no setting {quote(unknown[0])}: its settings are {listed}")
