"""The Shanghai tests run as plain Python runs them: with no event loop on the test's thread."""

from __future__ import annotations

import asyncio

import pytest


@pytest.fixture(autouse=True)
def no_running_loop(request):
    """Playwright's sync API (the browser tests) keeps a loop marked as running on this thread for the whole
    session: a board would take it for a kernel's and send long work to a thread whose answer that loop never
    delivers. Each test here runs without it, as a plain cell call does; a test that wants a loop runs its own."""
    if "page" in request.fixturenames:  # a browser test: Playwright's own loop stays
        yield
        return
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
