"""Benchmark rows for ``python -m gamelab.bench shanten [--quick] [--json]``: shanten, waits and scoring
speed (the core's hand calculations; ``bench.py`` beside it times whole bot games at the table).

* shanten of the 40,000 majiang-core conformance hands (xiangting_1..4.json), tables already built,
  against the ``mahjong`` package's ``Shanten.calculate_shanten`` on the same hands in the same run;
* the same with the tables built from nothing (the first use in a fresh process: the numbered suits'
  values read from ``suit_values.xz``, the merges of suits and the honours' values worked out);
* shanten from hand strings: gamelab reading majiang-core's notation (``m123p456s789z1122``) against
  ``mahjong`` reading its own (``123m456p789s1122z``, ``TilesConverter.one_line_string_to_34_array``)
  before ``Shanten.calculate_shanten``, on the same hands, in CPU time; gamelab's string tables are
  cleared before every pass, so a string read twice is not read from a cache;
* waits (tingpai) of the 13-tile hands left after discarding each hand's last tile;
* scoring of the 10,000 wins of hule.json.

The hands come from ``$GAMELAB_CONFORMANCE_DATA`` or ``../shared/data``; without them, 40,000 hands
dealt from seeded walls stand in (and scoring is skipped).
"""

from __future__ import annotations

import json
import os
import random
import time
from pathlib import Path
from typing import Callable

from ..measure import Row, best_of, timed
from .hand import Hand, clear_string_tables
from .rules import Rules
from .scoring import WinContext, score
from .shanten import clear_tables, shanten, waits
from .tiles import TILE_KINDS
from .wall import Wall


def data_dir() -> Path | None:
    env = os.environ.get("GAMELAB_CONFORMANCE_DATA")
    candidates = ([Path(env)] if env else []) + [Path(__file__).resolve().parents[3].parent / "shared" / "data"]
    return next((c for c in candidates if (c / "majiang").is_dir()), None)


def sample_hands(data: Path | None, count: int) -> tuple[list[list[str]], str]:
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


def _mahjong_notation(tiles: list[str]) -> str:
    """The ``mahjong`` package's one-line notation of plain tiles: ``['m1', 'm2', 'z1']`` -> ``'12m1z'``."""
    digits: dict[str, list[str]] = {suit: [] for suit in "mpsz"}
    for tile in tiles:
        digits[tile[0]].append(tile[1])
    return "".join("".join(sorted(d)) + suit for suit, d in digits.items() if d)


def strings_row(tiles: list[list[str]], label: str, repeat: int, bench: str = "shanten") -> Row | None:
    """Shanten from hand strings against ``mahjong`` from its own strings (None without ``mahjong``)."""
    try:
        from mahjong.shanten import Shanten  # test-only dependency, used here as the yardstick
        from mahjong.tile import TilesConverter
    except ImportError:
        return None
    ours_strings = [str(Hand(t)) for t in tiles]
    their_strings = [_mahjong_notation(t) for t in tiles]
    to_34 = TilesConverter.one_line_string_to_34_array
    yardstick = Shanten.calculate_shanten

    for hand_tiles in tiles:  # the shanten tables built, as in the other rows
        shanten(Hand(hand_tiles))

    def ours() -> None:
        for text in ours_strings:
            shanten(text)

    def theirs() -> None:
        for text in their_strings:
            yardstick(to_34(text))

    # CPU time of this process on both sides, so a busy machine counts against neither
    mine = min(_cpu_seconds(ours, clear_string_tables) for _ in range(repeat))
    other = min(_cpu_seconds(theirs) for _ in range(max(1, repeat // 2)))
    n = len(tiles)
    return Row(bench, f"shanten from hand strings, {label}", _per_second(n, mine), "hands/s",
               reference="mahjong one_line_string_to_34_array + calculate_shanten, same hands",
               reference_value=_per_second(n, other), ratio=other / mine)


def _cpu_seconds(work: Callable[[], object], before: Callable[[], object] | None = None) -> float:
    if before is not None:
        before()
    start = time.process_time()
    work()
    return time.process_time() - start


def run(quick: bool = False) -> list[Row]:
    """Measure and return the rows (``quick``: a tenth of the hands, fewer repeats)."""
    rows: list[Row] = []
    data = data_dir()
    tiles, label = sample_hands(data, 4000 if quick else 40000)
    hands = [Hand(t) for t in tiles]
    n = len(hands)
    repeat = 2 if quick else 5

    def ours() -> None:
        for hand in hands:
            shanten(hand)

    clear_tables()
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

    strings = strings_row(tiles, label, repeat)
    if strings is not None:
        rows.append(strings)

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
