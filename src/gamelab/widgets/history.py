"""The games a board replaced: New game and Load never throw one away.

A :class:`GameHistory` keeps every game New game or Load replaced (finished ones too), the newest
:attr:`GameHistory.limit`, with what the board showed of it (its interface state and clock). Undo at the
start of a game brings back the one before; Redo goes forward again, as long as the game Undo left has
not been played on since.

>>> from gamelab.demo import LightsOut
>>> from gamelab.game import Record
>>> history = GameHistory(limit=2)
>>> first, second = Record(LightsOut.new(seed=1)), Record(LightsOut.new(seed=2))
>>> history.replaced(Kept(first, ui=None, clock=None))
>>> history.can_go_back(second), history.can_go_forward(second)
(True, False)
>>> history.back(Kept(second, ui=None, clock=None)).record is first
True
>>> history.can_go_forward(first)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..game import Record

__all__ = ["GameHistory", "Kept"]


@dataclass
class Kept:
    """A game the board is not playing now, with what the board showed of it."""

    record: Record[Any]
    ui: Any
    clock: tuple[float, bool] | None  # seconds on the clock, and whether it ran


class GameHistory:
    """Games replaced by New game or Load (for Undo), and games Undo stepped back from (for Redo)."""

    def __init__(self, limit: int = 100) -> None:
        self.limit = limit
        self.earlier: list[Kept] = []  # newest last
        self.later: list[Kept] = []
        self._later_for: tuple[Record[Any], int] | None = None  # the record Redo may step forward from

    def replaced(self, kept: Kept) -> None:
        """``kept`` was replaced by a new game: keep it (the oldest beyond :attr:`limit` is dropped)."""
        self.earlier.append(kept)
        del self.earlier[:-self.limit]
        self.later.clear()
        self._later_for = None

    def can_go_back(self, record: Record[Any]) -> bool:
        """At the start of ``record``, with a game before it."""
        return len(record) == 0 and bool(self.earlier)

    def can_go_forward(self, record: Record[Any]) -> bool:
        """``record`` is the game Undo brought back, untouched since."""
        return bool(self.later) and self._later_for == (record, len(record))

    def back(self, current: Kept) -> Kept:
        """The game before ``current``, which Redo can go forward to again."""
        self.later.append(current)
        kept = self.earlier.pop()
        self._later_for = (kept.record, len(kept.record))
        return kept

    def forward(self, current: Kept) -> Kept:
        """The game Undo stepped back from."""
        self.earlier.append(current)
        kept = self.later.pop()
        self._later_for = (kept.record, len(kept.record)) if self.later else None
        return kept

    def __len__(self) -> int:
        return len(self.earlier)
