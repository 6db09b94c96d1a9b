"""``python -m gamelab.bench widgets``: what one frame of a play board costs the kernel and the wire.

Two measurements of the Lights Out demo board:

* in a real ipykernel started through jupyter_client: kernel time per full redraw and per click
  (the click is delivered as a comm message, exactly as a browser sends it), and the IOPub messages
  and bytes that reach the client — what a browser would receive;
* in-process, the same frame drawn without ``hold_canvas`` (one message per call), the way a first
  attempt usually draws, as the reference.
"""

from __future__ import annotations

import statistics
import time
from typing import Any, Callable

from . import Row

BENCH = "widgets"


def _per_frame(draw: Callable[[], None], repeat: int) -> tuple[float, float, float]:
    """Median seconds, messages and bytes per call of ``draw`` (``repeat`` calls)."""
    from ..widgets.testing import CanvasMessages

    times = []
    with CanvasMessages() as sent:
        for _ in range(repeat):
            start = time.perf_counter()
            draw()
            times.append(time.perf_counter() - start)
    return statistics.median(times), sent.count / repeat, sent.bytes / repeat


def _frame_without_hold(board: Any) -> None:
    from ..pictures import CanvasPainter

    view = board.view
    board.canvas.set_transform(view.ratio, 0, 0, view.ratio, 0, 0)
    board.canvas.clear()
    board.picture.paint(CanvasPainter(board.canvas, size=view.size, ratio=view.ratio), board.game, board.ui)


def run(quick: bool = False) -> list[Row]:
    from ..demo import Lamp
    from ..demo.widget import LightsOutBoard
    from ..widgets.testing import CanvasMessages, click

    repeat = 20 if quick else 200
    board = LightsOutBoard(size=5, seed=1, sound=False)

    held_t, held_n, held_b = _per_frame(board.redraw, repeat)
    loose_t, loose_n, loose_b = _per_frame(lambda: _frame_without_hold(board), repeat)

    click_times = []
    with CanvasMessages() as sent:
        for i in range(repeat):
            target = Lamp(*divmod(i % 25, 5))
            start = time.perf_counter()
            click(board, target)
            click_times.append(time.perf_counter() - start)
    click_t, click_n, click_b = statistics.median(click_times), sent.count / repeat, sent.bytes / repeat

    ref = "same frame without hold_canvas"
    rows = _in_kernel(repeat)
    rows += _game_frames(5 if quick else 20)
    return rows + [
        Row(BENCH, "kernel ms per full redraw (Lights Out 5x5)", round(held_t * 1e3, 3), "ms", ref,
            round(loose_t * 1e3, 3), round(loose_t / held_t, 2)),
        Row(BENCH, "messages per full redraw", held_n, "msgs", ref, loose_n, round(loose_n / held_n, 1)),
        Row(BENCH, "bytes per full redraw", round(held_b), "B", ref, round(loose_b), round(loose_b / held_b, 2)),
        Row(BENCH, "kernel ms per click-to-redraw", round(click_t * 1e3, 3), "ms"),
        Row(BENCH, "messages per click-to-redraw", click_n, "msgs"),
        Row(BENCH, "bytes per click-to-redraw", round(click_b), "B"),
    ]


_KERNEL_CODE = """
import time, statistics
from gamelab.demo.widget import LightsOutBoard
from gamelab.widgets.testing import centre_of
def _frame():
    t = time.perf_counter(); board.redraw(); return time.perf_counter() - t
_redraw = statistics.median(_frame() for _ in range({repeat}))
print("MODEL", board.canvas.model_id)
print("RATIO", board.view.ratio)
print("REDRAW", _redraw)
"""


def _in_kernel(repeat: int) -> list[Row]:
    """Start a kernel, redraw ``repeat`` times, then click ``repeat`` times over the comm; count IOPub."""
    try:
        from jupyter_client.manager import start_new_kernel
    except ImportError:
        return []
    km, kc = start_new_kernel(kernel_name="python3")
    try:
        out: dict[str, str] = {}
        counts = {"comm_msg": 0, "bytes": 0}

        def on_output(msg: dict[str, Any]) -> None:
            kind = msg["header"]["msg_type"]
            if kind == "stream":
                for line in msg["content"]["text"].splitlines():
                    key, _, value = line.partition(" ")
                    out[key] = value
            elif kind == "comm_msg":
                counts["comm_msg"] += 1
                counts["bytes"] += len(str(msg["content"])) + sum(len(b) for b in msg.get("buffers", []))

        kc.execute_interactive("from gamelab.demo.widget import LightsOutBoard\n"
                               "board = LightsOutBoard(size=5, seed=1, sound=False)", timeout=120)
        kc.execute_interactive(_KERNEL_CODE.format(repeat=repeat), output_hook=on_output, timeout=120)
        redraw_msgs, redraw_bytes = counts["comm_msg"], counts["bytes"]
        model, ratio = out["MODEL"], float(out["RATIO"])
        counts.update(comm_msg=0, bytes=0)
        import time

        pending: set[str] = set()
        start = time.perf_counter()
        for i in range(repeat):
            row, col = divmod(i % 25, 5)
            # the browser sends backing-store pixels: picture pixels times the canvas's ratio
            x, y = (24 + col * 64 + 32) * ratio, (24 + row * 64 + 32) * ratio
            msg = kc.session.msg("comm_msg", {"comm_id": model, "data": {
                "method": "custom", "content": {"event": "mouse_down", "x": x, "y": y}}})
            pending.add(msg["header"]["msg_id"])
            kc.shell_channel.send(msg)
        # every click's output is parented to it; the click is handled when its 'idle' status arrives
        while pending:
            msg = kc.get_iopub_msg(timeout=60)
            parent = msg["parent_header"].get("msg_id")
            if parent not in pending:
                continue
            if msg["header"]["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                pending.discard(parent)
            else:
                on_output(msg)
        round_trip = (time.perf_counter() - start) / repeat
        # the canvas messages are the drawing ones; Label/HTML state updates are counted apart
        click_msgs, click_bytes = counts["comm_msg"], counts["bytes"]
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)
    where = "real ipykernel"
    return [
        Row(BENCH, f"kernel ms per full redraw ({where})", round(float(out["REDRAW"]) * 1e3, 3), "ms"),
        Row(BENCH, f"IOPub messages per full redraw ({where})", round(redraw_msgs / repeat, 2), "msgs"),
        Row(BENCH, f"IOPub bytes per full redraw ({where})", round(redraw_bytes / repeat), "B"),
        Row(BENCH, f"ms per click-to-redraw, client to kernel and back ({where})", round(round_trip * 1e3, 3), "ms"),
        Row(BENCH, f"IOPub messages per click (canvas frame + status and buttons) ({where})",
            round(click_msgs / repeat, 2), "msgs"),
        Row(BENCH, f"IOPub bytes per click ({where})", round(click_bytes / repeat), "B"),
    ]


def _game_boards() -> list[tuple[str, Any]]:
    from ..klondike.widget import KlondikeBoard
    from ..minesweeper.widget import MinesweeperBoard
    from ..othello.widget import OthelloBoard
    from ..riichi.table.widget import RiichiBoard
    from ..shanghai.widget import ShanghaiBoard

    return [("othello", OthelloBoard(sound=False)), ("minesweeper expert", MinesweeperBoard("expert", sound=False)),
            ("klondike", KlondikeBoard(seed=1, sound=False)), ("shanghai", ShanghaiBoard(deal=7, ranking=None, sound=False)),
            ("riichi table", RiichiBoard(sound=False))]


def _game_frames(repeat: int) -> list[Row]:
    """Each game's full frame as its board sends it (sprites copied), against the same frame drawn
    call by call (no sprite cache): bytes on the wire and kernel time."""
    from ipycanvas import hold_canvas

    from ..pictures import CanvasPainter

    rows: list[Row] = []
    for name, board in _game_boards():
        def inline() -> None:
            view = board.view
            with hold_canvas():
                board.canvas.set_transform(view.ratio, 0, 0, view.ratio, 0, 0)
                board.canvas.clear()
                board.picture.paint(CanvasPainter(board.canvas, size=view.size, ratio=view.ratio), board.shown,
                                    board.ui)

        t, _, b = _per_frame(board.redraw, repeat)
        rt, _, rb = _per_frame(inline, repeat)
        ref = "same frame drawn call by call"
        rows.append(Row(BENCH, f"{name}: bytes per full frame", round(b), "B", ref, round(rb), round(rb / b, 1)))
        rows.append(Row(BENCH, f"{name}: kernel ms per full frame", round(t * 1e3, 2), "ms", ref, round(rt * 1e3, 2),
                        round(rt / t, 1)))
    return rows
