"""The play clock's text, as the tutorial's ``getTimeText`` writes it.

>>> format_time(65_042)
'1 min 05 s 042'
>>> format_time_ja(65_042)
'1 分 05 秒 042'
"""

from __future__ import annotations

__all__ = ["format_time", "format_time_ja", "split_time"]


def split_time(milliseconds: int) -> tuple[int, int, int]:
    """``(minutes, seconds, milliseconds)`` of a duration; negative durations are refused.

    >>> split_time(3_723_004)
    (62, 3, 4)
    """
    if isinstance(milliseconds, bool) or not isinstance(milliseconds, int):
        raise ValueError(f"a play time is a whole number of milliseconds, not {milliseconds!r}")
    if milliseconds < 0:
        raise ValueError(f"a play time cannot be negative: {milliseconds!r}")
    total_seconds, ms = divmod(milliseconds, 1000)
    minutes, seconds = divmod(total_seconds, 60)
    return minutes, seconds, ms


def format_time(milliseconds: int) -> str:
    """``"m min ss s mmm"``: minutes unpadded, seconds to two digits, milliseconds to three."""
    minutes, seconds, ms = split_time(milliseconds)
    return f"{minutes} min {seconds:02d} s {ms:03d}"


def format_time_ja(milliseconds: int) -> str:
    """``"m 分 ss 秒 mmm"`` — the tutorial's ``getTimeText`` exactly."""
    minutes, seconds, ms = split_time(milliseconds)
    return f"{minutes} 分 {seconds:02d} 秒 {ms:03d}"
