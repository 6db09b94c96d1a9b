"""Benchmark rows for ``python -m gamelab.bench shanten [--quick] [--json]``: shanten, waits and scoring
speed (the core's hand calculations; ``bench.py`` beside it times whole bot games at the table).

* shanten of the 40,000 majiang-core conformance hands (xiangting_1..4.json), tables already built,
  against the ``mahjong`` package's ``Shanten.calculate_shanten`` on the same hands in the same run;
* the same with the tables built from nothing (the first use in a fresh process);
* waits (tingpai) of the 13-tile hands left after discarding each hand's last tile;
* scoring of the 10,000 wins of hule.json.

The hands come from ``$GAMELAB_CONFORMANCE_DATA`` or ``../shared/data``; without them, 40,000 hands
dealt from seeded walls stand in (and scoring is skipped).
"""

from __future__ import annotations

import json
import os
import random
from pathlib import Path
from typing import Callable

from gamelab.bench import Row, best_of, timed

from .shanten import _clear_tables
from .hand import Hand
from .rules import Rules
from .scoring import WinContext, score
from .shanten import shanten, waits
from .tiles import TILE_KINDS
from .wall import Wall


def _data_dir() -> Path | None:
    env = os.environ.get("GAMELAB_CONFORMANCE_DATA")
    candidates = ([Path(env)] if env else []) + [Path(__file__).resolve().parents[3].parent / "shared" / "data"]
    return next((c for c in candidates if (c / "majiang").is_dir()), None)


def _hands(data: Path | None, count: int) -> tuple[list[list[str]], str]:
    if data is not None:
        tiles: list[list[str]] = []
        for number in range(1, 5):
            with open(data / "majiang" / f"xiangting_{number}.json", encoding="utf-8") as file:
                tiles += [case["q"] for case in json.load(file)]
        if count < len(tiles):
            tiles = tiles[:: len(tiles) // count][:count]
        return tiles, f"{len(tiles):,} conformance hands"
    rng = random.Random(0)
    tiles = []
    while len(tiles) < count:
        wall = Wall(rng=rng)
        tiles.append([wall.draw() for _ in range(14)])
    return tiles, f"{len(tiles):,} random 14-tile hands"


def _per_second(count: int, seconds: float) -> int:
    return round(count / seconds)


def run(quick: bool = False) -> list[Row]:
    """Measure and return the rows (``quick``: a tenth of the hands, fewer repeats)."""
    rows: list[Row] = []
    data = _data_dir()
    tiles, label = _hands(data, 4000 if quick else 40000)
    hands = [Hand(t) for t in tiles]
    n = len(hands)
    repeat = 2 if quick else 5

    def ours() -> None:
        for hand in hands:
            shanten(hand)

    _clear_tables()
    cold, _ = timed(ours)
    warm = best_of(repeat, ours)
    reference = reference_value = ratio = None
    yardstick: Callable[[list[int]], int] | None
    try:
        from mahjong.shanten import Shanten  # test-only dependency, used here as the yardstick
        yardstick = Shanten.calculate_shanten
    except ImportError:
        yardstick = None
    if yardstick is not None:
        counts = []
        for hand_tiles in tiles:
            row = [0] * 34
            for tile in hand_tiles:
                row[TILE_KINDS.index(tile[0] + ("5" if tile[1] == "0" else tile[1]))] += 1
            counts.append(row)
        theirs = best_of(max(1, repeat // 2), lambda: [yardstick(c) for c in counts])
        reference = "mahjong Shanten.calculate_shanten, same hands"
        reference_value = _per_second(n, theirs)
        ratio = theirs / warm
    rows.append(Row("shanten", f"shanten (tables built), {label}", _per_second(n, warm), "hands/s",
                    reference=reference, reference_value=reference_value, ratio=ratio))
    rows.append(Row("shanten", f"shanten incl. building the tables, {label}", _per_second(n, cold), "hands/s",
                    reference=reference, reference_value=reference_value,
                    ratio=None if reference_value is None else (n / cold) / reference_value))

    thirteen = []
    for hand_tiles in tiles:
        hand = Hand(hand_tiles[:-1])
        thirteen.append(hand)
    wait_time = best_of(max(1, repeat // 2), lambda: [waits(h) for h in thirteen])
    rows.append(Row("shanten", f"waits (tingpai) of {len(thirteen):,} 13-tile hands", _per_second(len(thirteen), wait_time),
                    "hands/s"))

    if data is not None:
        with open(data / "majiang" / "hule.json", encoding="utf-8") as file:
            cases = json.load(file)
        if quick:
            cases = cases[:1000]
        rules = Rules()
        prepared = [
            (Hand.from_string(c["in"]["shoupai"]), c["in"].get("rongpai"), WinContext.from_majiang(c["in"]["param"], rules))
            for c in cases
        ]
        scoring = best_of(max(1, repeat // 2), lambda: [score(h, r, ctx) for h, r, ctx in prepared])
        rows.append(Row("shanten", f"scoring (hule) of {len(prepared):,} wins from hule.json",
                        _per_second(len(prepared), scoring), "wins/s"))
    return rows
