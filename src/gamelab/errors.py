"""The one exception family gamelab raises for bad input."""

from __future__ import annotations

__all__ = ["IllegalMove"]


class IllegalMove(ValueError):
    """An action the rules do not allow; the state it was tried on is unchanged.

    The message speaks the player's language, e.g.
    ``IllegalMove("f4 flips nothing: no white stone is sandwiched")``.
    Being a ``ValueError`` it is caught by code that expects one.
    """
