"""Sound effects synthesized in Python (no audio files), played through ``ipywidgets.Audio``.

Each effect is a short list of notes rendered to 16-bit mono WAV with a soft attack and decay, so
clicks never pop. The volume scales the samples (an HTML ``<audio>``'s own volume is not reachable
from the kernel).

>>> wav = synthesize("ng", volume=0.5)
>>> wav[:4], wav[8:12]
(b'RIFF', b'WAVE')
"""

from __future__ import annotations

import io
import math
import struct
import wave
from functools import lru_cache

__all__ = ["EFFECTS", "synthesize", "RATE"]

RATE = 22_050

#: effect name -> notes as (frequency Hz, seconds, waveform); 0 Hz is a rest
EFFECTS: dict[str, tuple[tuple[float, float, str], ...]] = {
    "click": ((880, 0.04, "sine"),),
    "place": ((523.25, 0.07, "triangle"),),
    "flip": ((659.25, 0.05, "triangle"), (783.99, 0.05, "triangle")),
    "select": ((1046.5, 0.05, "sine"),),
    "remove": ((783.99, 0.06, "triangle"), (1046.5, 0.09, "triangle")),
    "card": ((300, 0.03, "noise"),),
    "shuffle": tuple((220 + 40 * i, 0.025, "noise") for i in range(8)),
    "ng": ((196, 0.09, "square"), (0, 0.03, "sine"), (164.81, 0.14, "square")),
    "win": ((523.25, 0.12, "triangle"), (659.25, 0.12, "triangle"), (783.99, 0.12, "triangle"),
            (1046.5, 0.35, "triangle")),
    "lose": ((392, 0.15, "square"), (311.13, 0.15, "square"), (261.63, 0.4, "square")),
    "start": ((392, 0.08, "triangle"), (523.25, 0.12, "triangle")),
}


def _wave(kind: str, phase: float, index: int) -> float:
    if kind == "sine":
        return math.sin(2 * math.pi * phase)
    if kind == "triangle":
        return 4 * abs((phase % 1.0) - 0.5) - 1
    if kind == "square":
        return 0.6 if (phase % 1.0) < 0.5 else -0.6
    # "noise": a cheap deterministic hash, so the same effect always gives the same bytes
    value = (index * 1103515245 + 12345) & 0x7FFFFFFF
    return (value / 0x3FFFFFFF - 1.0) * 0.5


@lru_cache(maxsize=256)
def synthesize(effect: str, volume: float = 0.6, pad: int = 0) -> bytes:
    """The WAV bytes of ``effect`` at ``volume`` (0–1); ``pad`` appends silent samples.

    ``pad`` lets a widget play the same effect twice in a row: the bytes differ, so the browser
    sees a new value and plays it again.
    """
    if effect not in EFFECTS:
        raise ValueError(f"unknown sound effect {effect!r}; known: {', '.join(EFFECTS)}")
    if not 0.0 <= volume <= 1.0:
        raise ValueError(f"volume must be between 0 and 1, not {volume!r}")
    samples: list[int] = []
    for freq, seconds, kind in EFFECTS[effect]:
        n = int(RATE * seconds)
        fade = max(1, min(n // 4, int(RATE * 0.01)))
        for i in range(n):
            envelope = min(1.0, i / fade, (n - i) / fade)
            value = 0.0 if freq == 0 else _wave(kind, freq * i / RATE, i)
            samples.append(int(32767 * 0.8 * volume * envelope * value))
    samples.extend([0] * pad)
    buffer = io.BytesIO()
    with wave.open(buffer, "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(struct.pack(f"<{len(samples)}h", *samples))
    return buffer.getvalue()
