"""The play clock's text, as the tutorial's ``getTimeText`` writes it (the formats live in ``gamelab.clock``).

>>> format_time(65_042)
'1 min 05 s 042'
>>> format_time_ja(65_042)
'1 分 05 秒 042'
"""

from __future__ import annotations

from ..clock import format_milliseconds, split_milliseconds

__all__ = ["format_time", "format_time_ja", "split_time"]

#: ``(minutes, seconds, milliseconds)`` of a play time in milliseconds
split_time = split_milliseconds


def format_time(milliseconds: int) -> str:
    """``"m min ss s mmm"``: minutes unpadded, seconds to two digits, milliseconds to three."""
    return format_milliseconds(milliseconds)


def format_time_ja(milliseconds: int) -> str:
    """``"m 分 ss 秒 mmm"`` — the tutorial's ``getTimeText`` exactly."""
    return format_milliseconds(milliseconds, japanese=True)
