"""``python -m gamelab.bench widgets``: what one frame of a play board costs the kernel and the wire.

Measured in-process on the Lights Out demo board (the comm is ipywidgets' own; with no browser the
bytes go nowhere, but they are built and counted exactly as in a live kernel). The reference is the
same frame drawn call by call without ``hold_canvas``, the way a first attempt usually draws.
"""

from __future__ import annotations

import statistics
import time

from ..bench import Row

BENCH = "widgets"


def _frame_without_hold(board) -> None:
    from ..pictures import CanvasPainter

    board.canvas.clear()
    board.picture.paint(CanvasPainter(board.canvas), board.game, board.ui)


def run(quick: bool = False) -> list[Row]:
    from ..demo.widget import LightsOutBoard
    from .testing import CanvasMessages, click

    repeat = 20 if quick else 200
    board = LightsOutBoard(size=5, seed=1, sound=False)

    def per_frame(draw) -> tuple[float, float, float]:
        times = []
        with CanvasMessages() as sent:
            for _ in range(repeat):
                start = time.perf_counter()
                draw()
                times.append(time.perf_counter() - start)
        return statistics.median(times), sent.count / repeat, sent.bytes / repeat

    held_t, held_n, held_b = per_frame(board.redraw)
    loose_t, loose_n, loose_b = per_frame(lambda: _frame_without_hold(board))

    click_times = []
    with CanvasMessages() as sent:
        for i in range(repeat):
            target = divmod(i % 25, 5)
            start = time.perf_counter()
            click(board, target)
            click_times.append(time.perf_counter() - start)
    click_t, click_n, click_b = statistics.median(click_times), sent.count / repeat, sent.bytes / repeat

    ref = "same frame without hold_canvas"
    return [
        Row(BENCH, "kernel ms per full redraw (Lights Out 5x5)", round(held_t * 1e3, 3), "ms", ref,
            round(loose_t * 1e3, 3), round(loose_t / held_t, 2)),
        Row(BENCH, "messages per full redraw", held_n, "msgs", ref, loose_n, round(loose_n / held_n, 1)),
        Row(BENCH, "bytes per full redraw", round(held_b), "B", ref, round(loose_b), round(loose_b / held_b, 2)),
        Row(BENCH, "kernel ms per click-to-redraw", round(click_t * 1e3, 3), "ms"),
        Row(BENCH, "messages per click-to-redraw", click_n, "msgs"),
        Row(BENCH, "bytes per click-to-redraw", round(click_b), "B"),
    ]
