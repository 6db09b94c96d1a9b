"""The one exception family gamelab raises for bad input."""

from __future__ import annotations

__all__ = ["IllegalMove", "quote"]


class IllegalMove(ValueError):
    """An action the rules do not allow; the state it was tried on is unchanged.

    The message speaks the player's language, e.g.
    ``IllegalMove("f4 flips nothing: no white stone is sandwiched")``.
    Being a ``ValueError`` it is caught by code that expects one.
    """


def quote(value: object, limit: int = 60) -> str:
    """``repr(value)`` cut to about ``limit`` characters, for an error message that quotes bad input.

    >>> quote("f5" * 500_000)
    "'f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f5f…' (1,000,002 characters)"
    >>> quote(None)
    'None'
    """
    text = repr(value)
    if len(text) <= limit:
        return text
    return f"{text[: limit - 2]}…' ({len(text):,} characters)" if isinstance(value, str) else f"{text[:limit]}…"
