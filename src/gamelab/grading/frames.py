"""Frames: how the grader, a submission's process and the judge talk over pipes.

A frame is four bytes of length (big-endian), one byte of kind and the payload. ``M`` frames hold one JSON
message; ``A`` frames hold a batch of answers as JSON text, which the grader passes to the judge unread.
Every frame has a size limit, and a reader never holds more than one frame: a process that writes too much,
or garbage, is cut off with :class:`FrameError`, never believed.

>>> import io
>>> pipe = io.BytesIO()
>>> write_message(pipe, {"op": "ready"})
>>> _ = pipe.seek(0)
>>> read_frame(pipe)
(b'M', b'{"op":"ready"}')
"""

from __future__ import annotations

import json
import queue
import struct
import threading
from typing import IO, Any

__all__ = ["FrameError", "write_frame", "write_message", "read_frame", "message_of", "FrameReader",
           "MESSAGE_LIMIT", "ANSWERS_LIMIT"]

#: the largest message, and the largest batch of answers, a frame may hold
MESSAGE_LIMIT = 1 << 20
ANSWERS_LIMIT = 4 << 20

_HEADER = struct.Struct(">IB")


class FrameError(Exception):
    """A stream that does not hold well-formed frames (or one over its size limit)."""


def write_frame(stream: IO[bytes], kind: bytes, payload: bytes) -> None:
    stream.write(_HEADER.pack(len(payload), kind[0]) + payload)
    stream.flush()


def write_message(stream: IO[bytes], message: dict[str, Any]) -> None:
    write_frame(stream, b"M", json.dumps(message, ensure_ascii=False, separators=(",", ":")).encode("utf-8"))


def _read_exactly(stream: IO[bytes], count: int) -> bytes | None:
    chunks = []
    while count:
        chunk = stream.read(count)
        if not chunk:
            return None
        chunks.append(chunk)
        count -= len(chunk)
    return b"".join(chunks)


def read_frame(stream: IO[bytes]) -> tuple[bytes, bytes] | None:
    """The next ``(kind, payload)``, or ``None`` at the end of the stream."""
    header = _read_exactly(stream, _HEADER.size)
    if header is None:
        return None
    size, kind = _HEADER.unpack(header)
    if kind == ord("M"):
        limit = MESSAGE_LIMIT
    elif kind == ord("A"):
        limit = ANSWERS_LIMIT
    else:
        raise FrameError(f"a frame of unknown kind {kind}")
    if size > limit:
        raise FrameError(f"a frame of {size:,} bytes (at most {limit:,})")
    payload = _read_exactly(stream, size)
    if payload is None:
        raise FrameError("the stream ended inside a frame")
    return bytes([kind]), payload


def message_of(payload: bytes) -> dict[str, Any]:
    """The JSON object an ``M`` frame holds; :class:`FrameError` for anything else."""
    try:
        message = json.loads(payload)
    except (ValueError, RecursionError):
        raise FrameError("a message that is not JSON") from None
    if not isinstance(message, dict):
        raise FrameError("a message that is not a JSON object")
    return message


class FrameReader:
    """Reads frames from a pipe on a thread of its own, so the reader can wait with a deadline.

    ``get(timeout)`` returns the next frame, ``None`` at the end of the stream, or raises ``queue.Empty``
    when nothing came in time. The queue holds a few frames at most: a writer that runs ahead waits.
    """

    def __init__(self, stream: IO[bytes]) -> None:
        self._queue: queue.Queue[tuple[bytes, bytes] | None | FrameError] = queue.Queue(maxsize=4)
        self._closed = threading.Event()
        self._thread = threading.Thread(target=self._run, args=(stream,), daemon=True)
        self._thread.start()

    def _put(self, item: tuple[bytes, bytes] | None | FrameError) -> bool:
        while not self._closed.is_set():
            try:
                self._queue.put(item, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def _run(self, stream: IO[bytes]) -> None:
        try:
            while True:
                frame = read_frame(stream)
                if not self._put(frame) or frame is None:
                    return
        except FrameError as error:
            self._put(error)
        except (OSError, ValueError):
            self._put(None)

    def close(self) -> None:
        """Stop reading (the thread ends once its pipe is closed or its next frame is dropped)."""
        self._closed.set()
        while True:
            try:
                self._queue.get_nowait()
            except queue.Empty:
                return

    def get(self, timeout: float) -> tuple[bytes, bytes] | None:
        item = self._queue.get(timeout=max(timeout, 0.001))
        if isinstance(item, FrameError):
            raise item
        return item
