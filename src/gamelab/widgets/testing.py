"""Tools for testing play boards without a browser: count what is sent, click a target.

>>> # with CanvasMessages() as sent:
>>> #     click(board, (2, 3))
>>> # assert sent.count == 1
"""

from __future__ import annotations

import json
from typing import Any, Hashable

from .board import PlayBoard, fire

__all__ = ["CanvasMessages", "click", "centre_of", "decode", "click_canvas", "pixel", "painted_fraction",
           "wait_painted", "screenshot", "to_css", "artifacts_dir", "open_board"]


def decode(buffers: list[Any]) -> list[tuple[str, list]]:
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
        self.messages: list[tuple[dict, list]] = []

        def send(content: dict, buffers: list | None = None, **kw: Any) -> None:
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

    def commands(self) -> list[tuple[str, list]]:
        out: list[tuple[str, list]] = []
        for _, buffers in self.messages:
            if buffers:
                out.extend(decode(buffers))
        return out


def centre_of(board: PlayBoard, target: Hashable) -> tuple[float, float]:
    """The pixel at the centre of the topmost shape drawn with ``target`` in the frame on screen."""
    if board._hits is None:
        board.redraw()
    for shape in reversed(board._hits.shapes):
        if shape.target == target:
            c = shape.coords
            if shape.kind == "rect":
                return c[0] + c[2] / 2, c[1] + c[3] / 2
            if shape.kind == "circle":
                return c[0], c[1]
            xs, ys = c[0::2], c[1::2]
            return sum(xs) / len(xs), sum(ys) / len(ys)
    raise LookupError(f"nothing on the board is drawn with target {target!r}")


def click(board: PlayBoard, target: Hashable) -> None:
    """Press and release the mouse over ``target``, through the canvas's message handler."""
    x, y = centre_of(board, target)
    fire(board.canvas, event="mouse_down", x=x, y=y)
    fire(board.canvas, event="mouse_up", x=x, y=y)


# -- in a real browser (Playwright pages) ---------------------------------------------------------------
def artifacts_dir() -> "Path":
    """Where browser tests keep screenshots: ``$GAMELAB_ARTIFACTS/screenshots`` or ``./artifacts/screenshots``."""
    import os
    from pathlib import Path

    folder = Path(os.environ.get("GAMELAB_ARTIFACTS", "artifacts")) / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


def to_css(canvas: Any, x: float, y: float) -> tuple[float, float]:
    """Canvas pixel (x, y) → a position inside the element in CSS pixels (the element may be scaled)."""
    box = canvas.bounding_box()
    width, height = canvas.evaluate("c => [c.width, c.height]")
    return x * box["width"] / width, y * box["height"] / height


def click_canvas(canvas: Any, x: float, y: float, **options: Any) -> None:
    """Click canvas pixel (x, y) with the real mouse."""
    cx, cy = to_css(canvas, x, y)
    canvas.click(position={"x": cx, "y": cy}, **options)


def pixel(canvas: Any, x: float, y: float) -> list[int]:
    """RGBA of canvas pixel (x, y) as the browser drew it."""
    return canvas.evaluate(f"c => Array.from(c.getContext('2d').getImageData({int(x)}, {int(y)}, 1, 1).data)")


def painted_fraction(canvas: Any) -> float:
    """Share of the canvas's pixels that are not fully transparent (0 = blank)."""
    return canvas.evaluate("""c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n / (d.length / 4); }""")


def wait_painted(canvas: Any, timeout: float = 20, at_least: float = 0.5) -> float:
    """Wait until the canvas is mostly painted; returns the painted share (possibly below ``at_least``)."""
    import time

    deadline = time.monotonic() + timeout
    fraction = 0.0
    while time.monotonic() < deadline:
        fraction = painted_fraction(canvas)
        if fraction >= at_least:
            break
        time.sleep(0.1)
    return fraction


def screenshot(locator: Any, name: str) -> "Path":
    """Save a screenshot of ``locator`` as ``artifacts/screenshots/<name>``."""
    path = artifacts_dir() / name
    locator.screenshot(path=str(path))
    return path


def open_board(page: Any, url: str, timeout: float = 60) -> Any:
    """Open ``url`` (a Voila page holding one board), wait until the board is drawn, return its canvas.

    Fails if the canvas stays blank: Voila runs the notebook before the page connects, so only the
    board's client-ready redraw can paint it.
    """
    page.goto(url, timeout=timeout * 1000)
    canvas = page.locator("canvas").first
    canvas.wait_for(state="visible", timeout=timeout * 1000)
    fraction = wait_painted(canvas)
    assert fraction > 0.99, f"the board stayed blank ({fraction:.0%} painted): the client-ready redraw did not arrive"
    return canvas
