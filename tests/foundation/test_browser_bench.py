"""The browser bench's rows and its skip (the measuring itself runs in chromium: python -m gamelab.bench browser)."""

from __future__ import annotations

import io

from gamelab.bench import BENCHES, ON_REQUEST, browser


def test_the_browser_bench_skips_with_a_reason_where_chromium_is_absent(monkeypatch):
    monkeypatch.setattr(browser, "find_chromium", lambda: None)
    log = io.StringIO()
    assert browser.run(quick=True, log=log) == []
    assert "browser bench skipped: chromium not found" in log.getvalue()


def test_the_browser_bench_runs_only_when_named_and_knows_every_board():
    assert BENCHES["browser"] == "gamelab.bench.browser" and "browser" in ON_REQUEST
    assert list(browser.BOARDS) == ["lights out", "othello", "minesweeper", "klondike", "shanghai", "riichi"]
    # each board's setup is code a notebook cell runs: it compiles
    for cell in browser.BOARDS.values():
        compile(cell, "<cell>", "exec")
    compile(browser.KERNEL_HELPERS, "<helpers>", "exec")
