"""Riichi mahjong core, conformant with majiang-core (電脳麻将): notation, hand, river, wall,
shanten and waits, scoring, and the rule sets (:mod:`.rules`). A whole game at a table is
:mod:`gamelab.riichi.table`.

>>> from gamelab.riichi import Hand, shanten, waits, score, WinContext
>>> hand = Hand.from_string("m123p456s789z1122")
>>> shanten(hand), waits(hand)
(0, ['z1', 'z2'])
>>> score(hand, "z2=", WinContext(seat_wind=1)).points
1300

Names are English; each docstring gives majiang-core's term (手牌 shoupai, 向聴 xiangting, 和了 hule…).
Tile, meld and hand strings are exactly majiang-core's, so its test data is read as it is.
Pictures live in :mod:`gamelab.riichi.picture` (imported only when drawing): a :class:`Hand` or a
:class:`River` shows itself as a picture in a notebook.
"""

from .hand import Hand
from .river import River
from .rules import JAPANESE_KEYS, PRESETS, RULE_HELP, RULE_KEYS, Rules, describe_rules, make_rules
from .scoring import (
    YAKU_NAMES,
    ShapeFeatures,
    WinContext,
    WinResult,
    Yaku,
    dora_yaku,
    find_yaku,
    pay,
    score,
    shape_features,
    situation_yaku,
    win_shapes,
)
from .shanten import (
    is_tenpai,
    shanten,
    shanten_of_counts,
    shanten_regular,
    shanten_regular_by_blocks,
    shanten_seven_pairs,
    shanten_thirteen_orphans,
    waits,
)
from .tiles import (
    SUITS,
    TILE_KINDS,
    called_tile,
    check_tile,
    direction_from,
    dora_from_indicator,
    is_meld,
    is_terminal_or_honour,
    is_tile,
    meld_direction,
    meld_type,
    normalize_meld,
    seat_from_direction,
    tile_kind,
)
from .wall import Wall, full_set

__all__ = [
    "Hand",
    "River",
    "Wall",
    "full_set",
    "Rules",
    "RULE_KEYS",
    "JAPANESE_KEYS",
    "RULE_HELP",
    "PRESETS",
    "make_rules",
    "describe_rules",
    "WinContext",
    "WinResult",
    "Yaku",
    "ShapeFeatures",
    "YAKU_NAMES",
    "win_shapes",
    "shape_features",
    "situation_yaku",
    "dora_yaku",
    "find_yaku",
    "pay",
    "score",
    "shanten",
    "shanten_regular",
    "shanten_regular_by_blocks",
    "shanten_seven_pairs",
    "shanten_thirteen_orphans",
    "shanten_of_counts",
    "waits",
    "is_tenpai",
    "SUITS",
    "TILE_KINDS",
    "is_tile",
    "check_tile",
    "tile_kind",
    "is_terminal_or_honour",
    "dora_from_indicator",
    "is_meld",
    "normalize_meld",
    "meld_type",
    "called_tile",
    "meld_direction",
    "direction_from",
    "seat_from_direction",
]
