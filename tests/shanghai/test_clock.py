"""The play clock's text as the tutorial's ``getTimeText`` writes it (the shared ``gamelab.clock`` formats)."""

from __future__ import annotations

import pytest

from gamelab.clock import format_milliseconds, format_seconds_with_ms


@pytest.mark.parametrize("ms, en, ja", [
    (0, "0 min 00 s 000", "0 分 00 秒 000"),
    (9, "0 min 00 s 009", "0 分 00 秒 009"),
    (61_050, "1 min 01 s 050", "1 分 01 秒 050"),
    (3_599_999, "59 min 59 s 999", "59 分 59 秒 999"),
    (7_200_000, "120 min 00 s 000", "120 分 00 秒 000"),
])
def test_clock_text(ms, en, ja):
    assert format_milliseconds(ms) == en and format_milliseconds(ms, japanese=True) == ja
    assert format_seconds_with_ms(ms / 1000) == en  # the board's clock shows elapsed seconds the same way


@pytest.mark.parametrize("bad", [-1, 1.5, "10", None])
def test_clock_refuses_bad_times(bad):
    with pytest.raises(ValueError):
        format_milliseconds(bad)
