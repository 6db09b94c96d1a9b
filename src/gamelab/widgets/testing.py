"""Driving a play board without a browser: click a target, count what the board sends.

Lessons use these to play a move on a board from code, the benchmarks to measure a frame, and the
widget tests to fire real canvas events (through the same message handler a browser's events reach).
Tools for real browser pages live with the tests (``tests/browsing.py``).

>>> from gamelab.demo import Lamp
>>> from gamelab.demo.widget import LightsOutBoard
>>> board = LightsOutBoard(size=3, seed=0, sound=False)
>>> with CanvasMessages() as sent:
...     click(board, Lamp(1, 1))
>>> board.record.actions, sent.count
(['b2'], 1)
"""

from __future__ import annotations

import json
from typing import Any, Hashable

from .board import PlayBoard, fire

__all__ = ["CanvasMessages", "SimulatedPage", "click", "centre_of", "decode"]


def decode(buffers: list[Any]) -> list[tuple[str, list[Any]]]:
    """The drawing commands in one ipycanvas message, by name (``[('fillRect', [0, 0, 10, 10]), …]``)."""
    from ipycanvas.canvas import COMMANDS

    names = {value: key for key, value in COMMANDS.items()}
    payload = json.loads(bytes(buffers[0]))
    batch = payload if payload and isinstance(payload[0], list) else [payload]
    return [(names.get(cmd[0], str(cmd[0])), cmd[1]) for cmd in batch]


class CanvasMessages:
    """Within a ``with`` block, records every message the ipycanvas manager sends to the browser."""

    def __enter__(self) -> "CanvasMessages":
        import ipycanvas.canvas as module

        self._manager = module._CANVAS_MANAGER
        self._original = self._manager.send
        self.messages: list[tuple[dict[str, Any], list[Any]]] = []

        def send(content: dict[str, Any], buffers: list[Any] | None = None, **kw: Any) -> None:
            self.messages.append((content, list(buffers or [])))
            self._original(content, buffers, **kw)

        self._manager.send = send
        return self

    def __exit__(self, *exc: Any) -> None:
        self._manager.send = self._original

    @property
    def count(self) -> int:
        return len(self.messages)

    @property
    def bytes(self) -> int:
        """JSON header plus binary buffers, as sent over the websocket."""
        total = 0
        for content, buffers in self.messages:
            total += len(json.dumps(content)) + sum(len(bytes(b)) for b in buffers)
        return total

    def _messages_to(self, canvas: Any) -> list[list[tuple[str, list[Any]]]]:
        name = f"IPY_MODEL_{canvas.model_id}"
        found = []
        for _, buffers in self.messages:
            commands = decode(list(buffers)) if buffers else []
            if commands and commands[0][0] == "switchCanvas" and str(commands[0][1][0]) == name:
                found.append(commands)
        return found

    def to(self, canvas: Any) -> int:
        """How many messages draw on ``canvas`` (they name it first): a board's frames and parts, not the
        messages that paint its new sprites (those name the sprites' own canvases)."""
        return len(self._messages_to(canvas))

    def commands_to(self, canvas: Any) -> list[tuple[str, list[Any]]]:
        """The commands of the messages that draw on ``canvas`` (see :meth:`to`)."""
        return [command for message in self._messages_to(canvas) for command in message]

    def commands(self) -> list[tuple[str, list[Any]]]:
        out: list[tuple[str, list[Any]]] = []
        for _, buffers in self.messages:
            if buffers:
                out.extend(decode(buffers))
        return out


class SimulatedPage(CanvasMessages):
    """A browser page's canvas drawing, without a browser: what each message sent in the block does there.

    It follows ipycanvas' page side (0.14): every drawing command goes to the *current* canvas, which
    only ``switchCanvas`` sets; a page that has just loaded has none. A command arriving there first
    throws inside the page's single drawing queue, and from then on that page draws nothing at all
    (:attr:`broken`), the blank board a reload used to leave. :meth:`reload` starts a new page.

    >>> from gamelab.demo.widget import LightsOutBoard
    >>> board = LightsOutBoard(size=3, seed=0, sound=False)
    >>> with SimulatedPage() as page:
    ...     page.reload()                  # a new page, while the kernel still thinks it knows the canvas
    ...     board.redraw()
    >>> page.broken, "fillRect" in page.drawn_on(board.canvas)
    (None, True)
    """

    def __enter__(self) -> "SimulatedPage":
        super().__enter__()
        self.reload()
        original = self._manager.send

        def send(content: dict[str, Any], buffers: list[Any] | None = None, **kw: Any) -> None:
            original(content, buffers, **kw)
            if buffers:
                self._receive(decode(list(buffers)))

        self._manager.send = send
        return self

    def reload(self) -> None:
        """A new page: no current canvas, every canvas blank, nothing broken yet."""
        self.current: str | None = None
        self.canvases: dict[str, list[str]] = {}
        self.broken: str | None = None  # the error that stopped this page's drawing

    def _receive(self, commands: list[tuple[str, list[Any]]]) -> None:
        for name, args in commands:
            if self.broken:
                return
            if name == "switchCanvas":
                self.current = str(args[0])
            elif self.current is None:
                self.broken = f"{name} with no current canvas (Cannot read properties of undefined)"
            elif name == "clear":
                self.canvases[self.current] = []
            else:
                self.canvases.setdefault(self.current, []).append(name)

    def drawn_on(self, canvas: Any) -> list[str]:
        """The commands ``canvas`` has drawn on this page since it was last cleared."""
        return list(self.canvases.get(f"IPY_MODEL_{canvas.model_id}", []))


def centre_of(board: PlayBoard[Any, Any], target: Hashable) -> tuple[float, float]:
    """The pixel at the centre of the topmost shape drawn with ``target`` in the frame on screen."""
    if board.view.hits is None:
        board.redraw()
    assert board.view.hits is not None  # redraw() always leaves the frame's targets
    for shape in reversed(board.view.hits.shapes):
        if shape.target == target:
            c = shape.coords
            if shape.kind == "rect":
                return c[0] + c[2] / 2, c[1] + c[3] / 2
            if shape.kind == "circle":
                return c[0], c[1]
            xs, ys = c[0::2], c[1::2]
            return sum(xs) / len(xs), sum(ys) / len(ys)
    raise LookupError(f"nothing on the board is drawn with target {target!r}")


def click(board: PlayBoard[Any, Any], target: Hashable) -> None:
    """Press and release the mouse over ``target``, through the canvas's message handler."""
    x, y = centre_of(board, target)
    fire(board.canvas, event="mouse_down", x=x, y=y)
    fire(board.canvas, event="mouse_up", x=x, y=y)
