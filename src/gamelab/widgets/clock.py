"""A game clock: starts on the first action, stops on the end, reads from an injected time source."""

from __future__ import annotations

import time
from typing import Callable

__all__ = ["Clock", "format_seconds", "format_ms"]


def format_seconds(seconds: float) -> str:
    """``m:ss`` for a clock display.

    >>> format_seconds(75.4)
    '1:15'
    """
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def format_ms(seconds: float, *, japanese: bool = False) -> str:
    """Minutes, seconds and milliseconds, as Shanghai's clock shows them.

    >>> format_ms(83.0456)
    '1 min 23 s 045'
    >>> format_ms(83.0456, japanese=True)
    '1 分 23 秒 045'
    """
    ms = int(round(seconds * 1000))
    minutes, rest = divmod(ms, 60_000)
    secs, millis = divmod(rest, 1000)
    if japanese:
        return f"{minutes} 分 {secs:02d} 秒 {millis:03d}"
    return f"{minutes} min {secs:02d} s {millis:03d}"


class Clock:
    """Elapsed play time. ``now`` is injected so tests and lessons control time.

    >>> t = [100.0]
    >>> c = Clock(now=lambda: t[0]); c.start(); t[0] = 112.5; c.elapsed
    12.5
    >>> c.stop(); t[0] = 200; c.elapsed
    12.5
    """

    def __init__(self, now: Callable[[], float] = time.monotonic) -> None:
        self._now = now
        self._started: float | None = None
        self._banked = 0.0

    @property
    def running(self) -> bool:
        return self._started is not None

    @property
    def elapsed(self) -> float:
        """Seconds counted so far."""
        if self._started is None:
            return self._banked
        return self._banked + (self._now() - self._started)

    def start(self) -> None:
        """Start (or resume) counting; does nothing if already running."""
        if self._started is None:
            self._started = self._now()

    def stop(self) -> None:
        """Stop counting and keep the time."""
        if self._started is not None:
            self._banked += self._now() - self._started
            self._started = None

    def reset(self) -> None:
        """Back to zero, stopped."""
        self._started = None
        self._banked = 0.0
