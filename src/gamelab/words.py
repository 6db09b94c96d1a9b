"""Numbers in words: ``count(1, "move")`` is "1 move", ``count(3, "move")`` "3 moves".

>>> count(1, "move"), count(0, "move"), count(2, "press", "presses")
('1 move', '0 moves', '2 presses')
"""

from __future__ import annotations

__all__ = ["count"]


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one (``many`` defaults to ``one`` + "s")."""
    return f"{n} {one if n == 1 else many or one + 's'}"
