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
    >>> quote(10**5000)
    'a whole number of about 5,001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        return f"a whole number of about {int(value.bit_length() * 0.30103) + 1:,} digits"  # repr() refuses past 4,300
    try:
        text = repr(value)
    except (ValueError, RecursionError):  # a huge int inside a list, a list nested thousands deep
        return f"a {type(value).__name__} too large or too deep to show"
    if len(text) <= limit:
        return text
    return f"{text[: limit - 2]}…' ({len(text):,} characters)" if isinstance(value, str) else f"{text[:limit]}…"
