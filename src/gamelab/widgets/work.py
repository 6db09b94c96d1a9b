"""Long work for a board: started by the page on a thread of its own, or run now for a cell.

The caller says which, with one of two calls:

* :meth:`LongWork.start` – for what the page asked (a click, a key, a button): the work runs on a thread
  of its own, so the kernel keeps answering; past :attr:`LongWork.wait` seconds the board shows the
  label, the time so far and a Stop button, and :meth:`LongWork.start`'s ``lock`` disables every input
  until the work has ended. ``then(result)`` runs on the kernel's thread (its event loop). Without a
  running event loop (plain Python, a test) there is nothing to come back to: it runs at once.
* :meth:`LongWork.run_now` – for a cell's own call: the work runs at once on the caller's thread, so
  the cell's next line sees its result.

Stop is cooperative: it asks the work to stop (:class:`gamelab.work.Progress`), the work ends at its
next check, its result is thrown away, and the board goes on at once with the game as it was. Work
started after a Stop waits, on its own thread, until the stopped work has ended: two pieces of work
never run side by side.

:meth:`LongWork.beside` runs work that only comments on the game (Shanghai's "can this still be won?")
on a thread while the board keeps taking moves.
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from dataclasses import dataclass, field
from html import escape
from typing import Any, Callable, TypeVar

import ipywidgets as widgets

from ..work import Progress, Stopped

__all__ = ["LongWork"]

T = TypeVar("T")


@dataclass
class _Job:
    label: str
    then: Callable[[Any], None]
    failed: Callable[[BaseException], None]
    progress: Progress = field(default_factory=Progress)
    started: float = field(default_factory=time.monotonic)
    thread: threading.Thread | None = None
    ticker: asyncio.Task[None] | None = None  # the progress line's task (held: the loop keeps only weak ones)
    result: tuple[str, Any] | None = None  # ("ok", value) / ("stopped", None) / ("error", exception)
    shown: bool = False  # the progress line is up and the inputs are locked
    done: bool = False  # handled (or stopped): later news of it is ignored


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


class LongWork:
    """One board's long work: a progress line with a Stop button (:attr:`box`), and the calls above.

    ``lock()`` / ``unlock()`` disable and restore the board's inputs; ``said(text, error)`` puts words on
    the status line; ``before_thread()`` is called before a thread starts (the board lets the frame of
    the move that asked for the work go out first).
    """

    #: seconds the kernel waits before showing the progress line (quick work shows nothing)
    wait = 0.1

    def __init__(self, *, lock: Callable[[], None], unlock: Callable[[], None],
                 said: Callable[[str, bool], None], before_thread: Callable[[], None] = lambda: None) -> None:
        self._lock, self._unlock, self._said, self._before_thread = lock, unlock, said, before_thread
        self.line = widgets.HTML(layout=widgets.Layout(flex="1 1 auto"))
        self.line.add_class("gamelab-work")
        self.stop_button = widgets.Button(description="Stop", icon="stop",
                                          tooltip="Stop the work and keep the game as it is",
                                          layout=widgets.Layout(width="auto", flex="0 0 auto"))  # never cut
        self.stop_button.add_class("gamelab-button-stop")
        self.stop_button.on_click(lambda _: self.stop())
        self.box = widgets.HBox([self.line, self.stop_button], layout=widgets.Layout(display="none",
                                                                                     align_items="center"))
        self._job: _Job | None = None
        self._ending: threading.Thread | None = None  # a stopped job's thread, until it has ended
        self._beside: list[Progress] = []

    @property
    def busy(self) -> str | None:
        """The label of the work running now, or None."""
        return self._job.label if self._job is not None else None

    @property
    def shown(self) -> bool:
        """The progress line is up (and the inputs locked)."""
        return self._job is not None and self._job.shown

    # -- the two ways to run ------------------------------------------------------------------------
    def run_now(self, work: Callable[[Progress], T]) -> T:
        """Run ``work`` at once on this thread (a cell's own call) and return its result; errors are
        raised to the caller. Waits first for stopped work still ending."""
        self._wait_for_stopped()
        progress = Progress()
        with progress.running():
            return work(progress)

    def start(self, label: str, work: Callable[[Progress], T], then: Callable[[T], None],
              failed: Callable[[BaseException], None]) -> None:
        """Run ``work`` on a thread of its own (what the page asked for), then ``then(result)`` on the
        kernel's event loop; ``failed(error)`` if it raised. At once where no event loop runs."""
        loop = _running_loop()
        if loop is None:
            try:
                result = self.run_now(work)
            except Stopped:
                return
            except Exception as exc:
                failed(exc)
                return
            then(result)
            return
        job = _Job(label, then, failed)
        before = self._ending
        self._before_thread()

        def run() -> None:
            if before is not None:
                before.join()  # the stopped work ends first: never two side by side
            with job.progress.running():
                try:
                    job.result = ("ok", work(job.progress))
                except Stopped:
                    job.result = ("stopped", None)
                except BaseException as exc:
                    job.result = ("error", exc)
            with contextlib.suppress(RuntimeError):  # the kernel's loop is closed: nobody is waiting
                loop.call_soon_threadsafe(self._ended, job)

        self._job = job
        job.thread = threading.Thread(target=run, name=f"gamelab: {label}", daemon=True)
        job.thread.start()
        job.thread.join(self.wait)  # quick work ends here, as if it had run at once
        if job.result is not None:
            self._ended(job)
            return
        job.shown = True
        self._lock()
        self._show(job)
        job.ticker = loop.create_task(self._follow(job))

    def beside(self, work: Callable[[Progress], T], then: Callable[[T], None],
               failed: Callable[[BaseException], None]) -> None:
        """Run ``work`` on a thread while the board takes moves; ``then(result)`` on the event loop. At
        once where no event loop runs."""
        loop = _running_loop()
        if loop is None:
            try:
                result = self.run_now(work)
            except Exception as exc:
                failed(exc)
                return
            then(result)
            return
        progress = Progress()
        self._beside.append(progress)
        self._before_thread()

        def run() -> None:
            try:
                with progress.running():
                    result = work(progress)
            except Stopped:
                return
            except Exception as exc:  # said on the board, never lost on a thread
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(failed, exc)
                return
            finally:
                with contextlib.suppress(ValueError):
                    self._beside.remove(progress)
            if not progress.stopped:
                with contextlib.suppress(RuntimeError):
                    loop.call_soon_threadsafe(then, result)

        threading.Thread(target=run, name="gamelab: beside the game", daemon=True).start()

    # -- stopping -------------------------------------------------------------------------------------
    def stop(self) -> str | None:
        """Ask the running work to stop; the board goes on at once (its result will be thrown away).
        Returns the stopped work's label (None: nothing ran)."""
        job = self._job
        if job is None:
            return None
        job.progress.stop()
        job.done = True
        self._job = None
        if job.thread is not None and job.result is None:
            self._ending = job.thread
        if job.ticker is not None:
            job.ticker.cancel()
        self.box.layout.display = "none"
        if job.shown:
            self._unlock()
        self._said(f"Stopped: {job.label}.", False)
        return job.label

    def close(self) -> None:
        """Stop everything (the board is closing)."""
        for progress in list(self._beside):
            progress.stop()
        if self._job is not None:
            self._job.progress.stop()
            self._job.done = True
            if self._job.ticker is not None:
                self._job.ticker.cancel()
            self._job = None
        self.box.close()
        self.line.close()
        self.stop_button.close()

    def _wait_for_stopped(self) -> None:
        ending, self._ending = self._ending, None
        if ending is not None and ending is not threading.current_thread():
            ending.join()

    # -- the end of a job ---------------------------------------------------------------------------
    def _ended(self, job: _Job) -> None:
        if job.done or job.result is None:
            return
        job.done = True
        if self._job is job:
            self._job = None
        if job.ticker is not None:
            job.ticker.cancel()
        self.box.layout.display = "none"
        if job.shown:
            self._unlock()
        kind, value = job.result
        if kind == "ok":
            job.then(value)
        elif kind == "stopped":
            self._said(f"Stopped: {job.label}.", False)
        else:
            job.failed(value)

    def _show(self, job: _Job) -> None:
        seconds = time.monotonic() - job.started
        note = f" · {escape(job.progress.text)}" if job.progress.text else ""
        html = (f'<span style="color:#555">{escape(job.label)}… {seconds:.0f} s{note} '
                f"(the board takes no moves until it is done)</span>")
        if self.line.value != html:
            self.line.value = html
        self.box.layout.display = "flex"

    async def _follow(self, job: _Job) -> None:
        while self._job is job:
            self._show(job)
            await asyncio.sleep(0.25)
