"""An event loop for a test that needs one, as the kernel's: ``run_loop(main)`` and ``await until(...)``."""

from __future__ import annotations

import asyncio
import threading
import time
from typing import Any, Callable, Coroutine


def run_loop(main: Callable[[], Coroutine[Any, Any, None]]) -> None:
    """``asyncio.run(main())`` on a thread of its own (the browser tests' Playwright keeps a loop on this one);
    an exception of ``main`` is raised here."""
    failures: list[BaseException] = []

    def target() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # handed to the test's thread below
            failures.append(exc)

    thread = threading.Thread(target=target)
    thread.start()
    thread.join()
    if failures:
        raise failures[0]


async def until(condition: Callable[[], bool], seconds: float = 20.0) -> None:
    """Let the loop run until ``condition()`` holds (failing after ``seconds``)."""
    end = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < end, "waited too long"
        await asyncio.sleep(0.02)
