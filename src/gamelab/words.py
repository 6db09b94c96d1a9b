"""Numbers in words: ``count(1, "move")`` is "1 move", ``count(3, "move")`` "3 moves".

>>> count(1, "move"), count(0, "move"), count(2, "press", "presses")
('1 move', '0 moves', '2 presses')
"""

from __future__ import annotations

__all__ = ["count"]


def count(n: int, one: str, many: str | None = None) -> str:
    """``n`` and the noun, singular for exactly one (``many`` defaults to ``one`` + "s")."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def of_cases(k: int, n: int) -> str:
    """``k`` of ``n`` cases in words that read right for one case as for many.

    >>> of_cases(1, 1), of_cases(0, 1), of_cases(3, 9), of_cases(9, 9)
    ('its one case', 'none of its one case', '3 of the 9 cases', 'all 9 cases')
    """
    if n == 1:
        return "its one case" if k == 1 else "none of its one case"
    return f"all {n} cases" if k == n else f"{k} of the {n} cases"
