"""Play time, shared by every game: a clock that reads an injected time source, and its text forms.

Pure Python (no Jupyter), so engines, rankings and play boards all use the same clock and formats.
"""

from __future__ import annotations

import time
from typing import Callable

__all__ = ["Clock", "format_seconds", "format_seconds_with_ms", "format_milliseconds", "split_milliseconds"]


def format_seconds(seconds: float) -> str:
    """``m:ss`` for a clock display.

    >>> format_seconds(75.4)
    '1:15'
    """
    whole = int(seconds)
    return f"{whole // 60}:{whole % 60:02d}"


def split_milliseconds(milliseconds: int) -> tuple[int, int, int]:
    """``(minutes, seconds, milliseconds)`` of a duration; anything but a whole, non-negative number is refused.

    >>> split_milliseconds(3_723_004)
    (62, 3, 4)
    """
    if isinstance(milliseconds, bool) or not isinstance(milliseconds, int):
        raise ValueError(f"a play time is a whole number of milliseconds, not {milliseconds!r}")
    if milliseconds < 0:
        raise ValueError(f"a play time cannot be negative: {milliseconds!r}")
    total_seconds, ms = divmod(milliseconds, 1000)
    minutes, seconds = divmod(total_seconds, 60)
    return minutes, seconds, ms


def format_milliseconds(milliseconds: int, *, japanese: bool = False) -> str:
    """``"m min ss s mmm"`` (or ``"m 分 ss 秒 mmm"``): minutes unpadded, seconds two digits, ms three.

    >>> format_milliseconds(65_042), format_milliseconds(65_042, japanese=True)
    ('1 min 05 s 042', '1 分 05 秒 042')
    """
    minutes, seconds, ms = split_milliseconds(milliseconds)
    if japanese:
        return f"{minutes} 分 {seconds:02d} 秒 {ms:03d}"
    return f"{minutes} min {seconds:02d} s {ms:03d}"


def format_seconds_with_ms(seconds: float, *, japanese: bool = False) -> str:
    """Elapsed *seconds* shown as minutes, seconds and milliseconds (a clock display's format).

    >>> format_seconds_with_ms(83.0456)
    '1 min 23 s 046'
    >>> format_seconds_with_ms(83.0456, japanese=True)
    '1 分 23 秒 046'
    """
    return format_milliseconds(int(round(seconds * 1000)), japanese=japanese)


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

    def restore(self, seconds: float, running: bool) -> None:
        """Show ``seconds`` counted, running or stopped (a game brought back by Undo keeps its time).

        >>> c = Clock(now=lambda: 5.0); c.restore(61.5, running=False); c.elapsed
        61.5
        """
        self._banked = float(seconds)
        self._started = self._now() if running else None
