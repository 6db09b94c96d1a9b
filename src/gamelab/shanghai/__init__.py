"""Shanghai (上海, mahjong solitaire) as the tutorial「JavaScriptで上海麻雀をつくる」builds it.

136 tiles on a 4-layer pyramid (layer 0 on top); take two tiles of the same kind that are free
(nothing on top, and the left or right side open) until the board is clear.

>>> from gamelab.shanghai import Shanghai, solve
>>> game = Shanghai.new(deal=1)
>>> game.tiles_left, solve(game).status
(136, 'winnable')

The picture (:mod:`gamelab.shanghai.picture`) and the play board (:mod:`gamelab.shanghai.widget`) are
imported on demand, so the engine needs nothing from Jupyter.
"""

from __future__ import annotations

from ..lazy import lazy_exports
from .game import Shanghai, pair_action, parse_board
from .generate import (
    Deal,
    create_problem,
    create_problem_fast,
    deal,
    get_edges,
    get_random2,
    init_tiles,
    random_deal,
    shuffled_pairs,
)
from .page import HOW_TO_PLAY, field_size, scroll_how_to, time_text
from .picture import ShanghaiUI, TileAt, tile_tint
from .ranking import Ranking, RankingError, clean_player_name, share_text
from .solver import (
    Solution,
    describe,
    generator_retry_statistics,
    is_winnable,
    random_deal_statistics,
    solve,
    winning_hint,
)
from .tutorial import (
    COL_COUNT,
    DEPTH_COUNT,
    KIND_NAMES,
    KINDS,
    LAYOUT,
    ROW_COUNT,
    TILE_HEIGHT,
    TILE_WIDTH,
    Tile,
    can_select,
    first_pair,
    is_clear,
    is_top,
    kind_code,
    kind_name,
    layout_mask,
    parse_position,
    put_back,
    screen_rect,
)

__all__ = [
    "Shanghai", "Tile", "Deal", "Solution", "ShanghaiUI", "TileAt", "ShanghaiPicture", "ShanghaiBoard", "ShanghaiSpec",
    "deal", "create_problem", "create_problem_fast", "init_tiles", "get_edges", "get_random2", "random_deal",
    "can_select", "is_top", "layout_mask", "parse_position", "parse_board", "pair_action",
    "screen_rect", "put_back", "first_pair", "is_clear", "shuffled_pairs", "tile_tint",
    "HOW_TO_PLAY", "field_size", "time_text", "scroll_how_to",
    "kind_name", "kind_code", "KINDS", "KIND_NAMES", "LAYOUT",
    "TILE_WIDTH", "TILE_HEIGHT", "ROW_COUNT", "COL_COUNT", "DEPTH_COUNT",
    "solve", "is_winnable", "winning_hint", "describe", "random_deal_statistics", "generator_retry_statistics",
    "Ranking", "RankingError", "clean_player_name", "share_text",
]

# The picture and the play board are loaded on demand, so the engine stays free of Jupyter imports.
__getattr__ = lazy_exports(__name__, {"ShanghaiPicture": ".picture", "ShanghaiBoard": ".widget", "ShanghaiSpec": ".widget"})
