"""Long work as data: what a board runs off its event loop, and how the work hears Stop.

Below the engines and free of Jupyter, so that a solver can listen for Stop without knowing of any board:

* :class:`Work` – one piece of long work: a label for the progress line, ``run(progress)`` (on copies,
  never on a widget) and ``then(result, game, ui)``, the answer to carry out once it is done (a
  :class:`~gamelab.controls.Response`);
* :class:`Progress` – what the work is handed: :meth:`Progress.note` puts a few words on the progress
  line, and :meth:`Progress.check` raises :class:`Stopped` once Stop was pressed;
* :func:`checkpoint` – the same check for code that is not handed the progress (a solver's inner loop,
  a generator deep inside ``Game.play``): it looks at the progress of the work running on *this* thread,
  if any, so an engine calls it every few thousand steps and stays usable everywhere else (outside
  long work it does nothing).

Stop is cooperative: the work ends at its next check, and a board starts no other work until it has.

>>> progress = Progress()
>>> with progress.running():
...     checkpoint()              # not stopped: nothing happens
...     progress.stop()
...     checkpoint()
Traceback (most recent call last):
...
gamelab.work.Stopped: stopped
>>> checkpoint()                  # outside long work: nothing to stop
"""

from __future__ import annotations

import contextlib
import threading
from dataclasses import dataclass
from typing import Any, Callable, Generic, Iterator, TypeVar

__all__ = ["Progress", "Stopped", "Work", "checkpoint"]

T = TypeVar("T")


class Stopped(BaseException):
    """Raised inside long work at its next check once the player pressed Stop.

    A ``BaseException``, like ``KeyboardInterrupt``, so no ``except Exception`` in an engine swallows it.
    """

    def __init__(self) -> None:
        super().__init__("stopped")


_here = threading.local()  # the progress of the long work running on this thread


class Progress:
    """What long work is handed. Safe to use from the work's own thread.

    ``stopped`` turns True when Stop is pressed; :meth:`check` (or :func:`checkpoint`) then raises
    :class:`Stopped`; :meth:`note` puts a few words on the progress line (``"trying deal 12"``).
    """

    def __init__(self) -> None:
        self.stopped = False
        self.text = ""

    def note(self, text: str) -> None:
        self.text = str(text)[:80]

    def check(self) -> None:
        if self.stopped:
            raise Stopped()

    def stop(self) -> None:
        """Ask the work to stop at its next check."""
        self.stopped = True

    @contextlib.contextmanager
    def running(self) -> Iterator[Progress]:
        """While the block runs, :func:`checkpoint` on this thread checks this progress."""
        before = getattr(_here, "progress", None)
        _here.progress = self
        try:
            yield self
        finally:
            _here.progress = before


def checkpoint() -> None:
    """Raise :class:`Stopped` if the long work running on this thread was asked to stop; else nothing."""
    progress: Progress | None = getattr(_here, "progress", None)
    if progress is not None and progress.stopped:
        raise Stopped()


@dataclass(frozen=True)
class Work(Generic[T]):
    """One piece of long work a control asks the board for.

    ``run(progress)`` does it (on copies the control made: never on the board's live state) and returns
    a result; ``then(result, game, ui)`` turns the result into a :class:`~gamelab.controls.Response`
    for the game and interface state *at the time it ended* (None: nothing to do). ``beside`` marks work
    that only comments on the game (whether it can still be won): the board keeps taking moves while it
    runs, and ``then`` checks the game has not moved on. ``failed(error)`` words an error of the work
    (default: its message on the status line).
    """

    label: str
    run: Callable[[Progress], T]
    then: Callable[[T, Any, Any], Any]
    beside: bool = False
    failed: Callable[[BaseException], str] | None = None
