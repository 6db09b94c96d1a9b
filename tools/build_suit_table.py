"""Write src/gamelab/riichi/suit_values.xz: the shanten core's value vector of every numbered suit.

A numbered suit holds 0-4 copies of each of nine numbers, at most 14 tiles in all: 405,350 ways.
Their value vectors (``shanten._suit_value``: the best value for every number of sets, with and
without the pair) take about 7 s to work out from nothing, and only 110 of them differ, so the
table is one byte per suit (an index into the 110 vectors), addressed by the counts read as a
base-5 number (count of 1 + 5 × count of 2 + … + 5^8 × count of 9; 255 where a suit would hold
more than 14 tiles), compressed with LZMA to about 16 kB.

Layout before compression: ``MAGIC``, the number of vectors (one byte), each vector as ten bytes,
then the 5^9 index bytes. ``shanten.py`` reads it on the first look-up; a test compares every
entry with ``_suit_value``. Run it after changing how a suit is valued:

    python tools/build_suit_table.py
"""

from __future__ import annotations

import itertools
import lzma
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "src"))

from gamelab.riichi import shanten as _  # noqa: E402,F401  (the module, not the function of that name)

core = sys.modules["gamelab.riichi.shanten"]


def build() -> bytes:
    vectors: dict[tuple[int, ...], int] = {}
    index = bytearray([255]) * 5 ** 9
    for counts in itertools.product(range(5), repeat=9):
        if sum(counts) > 14:
            continue
        vector = core._suit_value(counts)
        position = 0
        for count in reversed(counts):
            position = position * 5 + count
        index[position] = vectors.setdefault(vector, len(vectors))
    head = bytearray(core.SUIT_TABLE_MAGIC)
    head.append(len(vectors))
    for vector in vectors:  # in the order of their indexes
        head += bytes(vector)
    return lzma.compress(bytes(head + index))


if __name__ == "__main__":
    data = build()
    core.SUIT_TABLE_PATH.write_bytes(data)
    print(f"wrote {core.SUIT_TABLE_PATH} ({len(data):,} bytes)")
