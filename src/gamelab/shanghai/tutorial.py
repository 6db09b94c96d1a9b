"""The tutorial's board: the 4 × 8 × 12 layout, tile kinds, screen geometry and the selection rule.

This module mirrors the first half of「JavaScriptで上海麻雀をつくる」: its constants, the ``Tile``
class (SetPosition → :func:`screen_rect`, CanSelect → :func:`can_select`, IsTop → :func:`is_top`,
Undo → :func:`put_back`), the layout masks built in ``initTiles`` and the two checks on the whole board,
``search`` (:func:`first_pair`) and ``checkClear`` (:func:`is_clear`). Layer ("段", depth) 0 is the
**top** layer; 3 is the bottom.

The grid here is the tutorial's ``tiles3x3``: ``grid[depth][row][col]`` holds a :class:`Tile` or ``None``
(no tile there).

>>> len(LAYOUT), len(KINDS)
(136, 34)
>>> Tile(11, 0, 3, 5).left, Tile(11, 3, 3, 5).left   # upper layers are drawn up and to the left
(181, 199)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator, Optional, Sequence

from ..errors import quote

__all__ = [
    "TILE_WIDTH", "TILE_HEIGHT", "ROW_COUNT", "COL_COUNT", "DEPTH_COUNT", "MARGIN_LEFT", "MARGIN_TOP",
    "LAYER_DX", "LAYER_DY", "FIELD_WIDTH", "FIELD_HEIGHT",
    "KINDS", "KIND_NAMES", "kind_name", "kind_code", "Tile", "Position", "layout_mask", "LAYOUT",
    "can_select", "is_top", "parse_position", "position_label", "Grid", "TileGrid",
    "screen_rect", "put_back", "first_pair", "is_clear",
    "ROW_STRIDE", "LAYER_STRIDE", "bit_of", "position_of_index", "free_mask", "iter_bits", "LAYOUT_MASK",
]

TILE_WIDTH = 37   # 牌の表示サイズ: a tile face is 37 × 51 pixels
TILE_HEIGHT = 51
ROW_COUNT = 8     # 牌は8行12列4段: 8 rows, 12 columns, 4 layers
COL_COUNT = 12
DEPTH_COUNT = 4
MARGIN_LEFT = 20  # where the top-left tile's face starts
MARGIN_TOP = 60
LAYER_DX = 6      # 段違いの牌の表示座標をどれだけズラすか: the per-layer shift, also the tile's thickness
LAYER_DY = 6
FIELD_WIDTH = TILE_WIDTH * COL_COUNT + MARGIN_LEFT * 2          # 484, the tutorial's canvas size
FIELD_HEIGHT = int(TILE_HEIGHT * ROW_COUNT + MARGIN_TOP * 1.2)  # 480

#: The 34 kinds as the tutorial numbers them: 11–19 characters (萬子), 21–29 dots (筒子),
#: 31–39 bamboo (索子), 41–47 honours 東南西北白發中.
KINDS: tuple[int, ...] = tuple(i for i in range(11, 48) if i % 10 != 0 and not (i > 40 and i % 10 > 7))

_NUMERALS = "一二三四五六七八九"
_HONOURS = "東南西北白發中"
#: A short Japanese name for every kind: ``KIND_NAMES[11] == "一萬"``, ``KIND_NAMES[45] == "白"``.
KIND_NAMES: dict[int, str] = {
    **{10 + n: _NUMERALS[n - 1] + "萬" for n in range(1, 10)},
    **{20 + n: _NUMERALS[n - 1] + "筒" for n in range(1, 10)},
    **{30 + n: _NUMERALS[n - 1] + "索" for n in range(1, 10)},
    **{40 + n: _HONOURS[n - 1] for n in range(1, 8)},
}

Position = tuple[int, int, int]
"""A place on the board: ``(depth, row, col)``, depth 0 being the top layer."""


def kind_name(kind: int) -> str:
    """The Japanese name of a tutorial kind number, e.g. ``kind_name(23) == "三筒"``."""
    try:
        return KIND_NAMES[kind]
    except KeyError:
        raise ValueError(f"{kind!r} is not a tile kind: use 11–19, 21–29, 31–39 or 41–47") from None


def kind_code(kind: int) -> str:
    """The shared short code of a kind (suit letter after the number): 11 → ``"1m"``, 25 → ``"5p"``,
    31 → ``"1s"``, 41 (東) → ``"1z"``, 47 (中) → ``"7z"``. Tile art (:mod:`gamelab.pictures.tiles`) uses it.
    """
    kind_name(kind)  # validates
    return f"{kind % 10}{'mpsz'[kind // 10 - 1]}"


def layout_mask() -> list[list[list[bool]]]:
    """Where the tiles stand, built exactly as the tutorial's ``initTiles`` marks them ``undefined``.

    ``mask[depth][row][col]`` is True where a tile goes: the 2 × 2 top (depth 0, rows 3–4, cols 5–6),
    the 4 × 4 (depth 1), the 6 × 6 (depth 2) and the 80-tile bottom with its notched corners.

    >>> [sum(map(sum, layer)) for layer in layout_mask()]
    [4, 16, 36, 80]
    """
    mask = [[[False] * COL_COUNT for _ in range(ROW_COUNT)] for _ in range(DEPTH_COUNT)]
    for row in range(ROW_COUNT):
        for col in range(COL_COUNT):
            mask[0][row][col] = row in (3, 4) and col in (5, 6)
            mask[1][row][col] = 2 <= row <= 5 and 4 <= col <= 7
            mask[2][row][col] = 1 <= row <= 6 and 3 <= col <= 8
            mask[3][row][col] = True
    for row in (0, 2, 5, 7):  # the bottom layer's notches: rows1 and rows2 in the tutorial
        mask[3][row][0] = mask[3][row][11] = False
    for row in (1, 6):
        for col in (0, 1, 10, 11):
            mask[3][row][col] = False
    return mask


#: Every position of the layout in the tutorial's scan order (depth, then row, then column).
LAYOUT: tuple[Position, ...] = tuple(
    (d, r, c) for d, layer in enumerate(layout_mask()) for r, line in enumerate(layer) for c, on in enumerate(line) if on
)


@dataclass(frozen=True)
class Tile:
    """One tile: its kind (``Number``) and where it lies (``Depth``, ``Row``, ``Col``), with the screen
    rectangle of its face computed as the tutorial's ``SetPosition`` does.

    >>> t = Tile(41, 3, 0, 1)
    >>> (t.left, t.top, t.right, t.bottom), t.name, t.label
    ((51, 54, 88, 105), '東', '3.0.1')
    """

    kind: int
    depth: int
    row: int
    col: int

    @property
    def position(self) -> Position:
        return (self.depth, self.row, self.col)

    @property
    def label(self) -> str:
        """The position in action text, ``"depth.row.col"``."""
        return position_label(self.position)

    @property
    def name(self) -> str:
        return KIND_NAMES[self.kind]

    @property
    def left(self) -> int:
        """X of the face's left edge: upper layers shift left by ``LAYER_DX`` per layer (:func:`screen_rect`)."""
        return screen_rect(self.depth, self.row, self.col)[0]

    @property
    def top(self) -> int:
        return screen_rect(self.depth, self.row, self.col)[1]

    @property
    def right(self) -> int:
        return self.left + TILE_WIDTH

    @property
    def bottom(self) -> int:
        return self.top + TILE_HEIGHT


def screen_rect(depth: int, row: int, col: int) -> tuple[int, int, int, int]:
    """Where the face of the tile at (depth, row, col) lies on the field, ``(left, top, right, bottom)``
    in pixels — the tutorial's ``Tile.SetPosition`` (牌の設置). A face is 37 × 51 pixels; every layer
    above the bottom one moves ``Dx = Dy = 6`` pixels further up and to the left, so the pyramid
    looks three-dimensional.

    >>> screen_rect(3, 0, 0), screen_rect(0, 3, 5)
    ((14, 54, 51, 105), (181, 189, 218, 240))
    """
    left = TILE_WIDTH * col - (DEPTH_COUNT - depth) * LAYER_DX + MARGIN_LEFT
    top = TILE_HEIGHT * row - (DEPTH_COUNT - depth) * LAYER_DY + MARGIN_TOP
    return left, top, left + TILE_WIDTH, top + TILE_HEIGHT


Grid = Sequence[Sequence[Sequence[Optional[object]]]]
"""The tutorial's ``tiles3x3``: ``grid[depth][row][col]`` is a tile or ``None``."""

TileGrid = Sequence[Sequence[Sequence[Optional[Tile]]]]
"""A :data:`Grid` holding :class:`Tile` objects (what :meth:`Shanghai.grid <gamelab.shanghai.Shanghai.grid>` gives)."""


def is_top(grid: Grid, depth: int, row: int, col: int) -> bool:
    """True when nothing lies on the tile at (depth, row, col) — the tutorial's ``IsTop``.

    Only the place directly above counts: layers are stacked square on square.

    >>> g = [[[None] * 12 for _ in range(8)] for _ in range(4)]
    >>> g[3][3][5] = g[2][3][5] = "tile"
    >>> is_top(g, 3, 3, 5), is_top(g, 2, 3, 5)
    (False, True)
    """
    return depth == 0 or grid[depth - 1][row][col] is None


def can_select(grid: Grid, depth: int, row: int, col: int) -> bool:
    """True when the tile at (depth, row, col) may be taken — the tutorial's ``CanSelect``:
    nothing on top of it, and its left or right neighbour in the same row empty (or the board's edge).

    >>> g = [[[None] * 12 for _ in range(8)] for _ in range(4)]
    >>> for c in (4, 5, 6): g[3][0][c] = "tile"
    >>> [can_select(g, 3, 0, c) for c in (4, 5, 6)]
    [True, False, True]
    """
    if not is_top(grid, depth, row, col):
        return False
    if col == 0 or grid[depth][row][col - 1] is None:
        return True
    if col == COL_COUNT - 1 or grid[depth][row][col + 1] is None:
        return True
    return False


def put_back(grid: list[list[list[object]]], tile: Tile) -> None:
    """Put a taken tile back where it lay — the tutorial's ``Tile.Undo`` (アンドゥ機能). The tile keeps
    its place (depth, row, col) after it is taken, so undoing is one assignment.

    >>> g = [[[None] * 12 for _ in range(8)] for _ in range(4)]
    >>> put_back(g, Tile(41, 3, 0, 5)); g[3][0][5].name
    '東'
    """
    grid[tile.depth][tile.row][tile.col] = tile


def first_pair(grid: TileGrid) -> tuple[Tile, Tile] | None:
    """The first two tiles of one kind that can both be taken, or None when there are none (a
    stalemate, 手詰まり) — the tutorial's ``search`` (手詰まり判定).

    Scan every tile that :func:`can_select` allows, layer by layer, row by row, column by column, and
    remember each by its kind: the first kind seen a second time gives the pair (the tile seen first,
    then this one).

    >>> g = [[[None] * 12 for _ in range(8)] for _ in range(4)]
    >>> for col, kind in enumerate([41, 11, 41]): g[3][0][col] = Tile(kind, 3, 0, col)
    >>> [t.label for t in first_pair(g)]
    ['3.0.0', '3.0.2']
    """
    seen: dict[int, Tile] = {}
    for depth in range(DEPTH_COUNT):
        for row in range(ROW_COUNT):
            for col in range(COL_COUNT):
                tile = grid[depth][row][col]
                if tile is not None and can_select(grid, depth, row, col):
                    if tile.kind in seen:
                        return seen[tile.kind], tile
                    seen[tile.kind] = tile
    return None


def is_clear(grid: Grid) -> bool:
    """True when no tile is left on the board: the game is won — the tutorial's ``checkClear``
    (ゲームクリア判定).

    >>> g = [[[None] * 12 for _ in range(8)] for _ in range(4)]
    >>> is_clear(g), is_clear([[[None] * 12 for _ in range(8)]] * 3 + [[["tile"] + [None] * 11] + [[None] * 12] * 7])
    (True, False)
    """
    for depth in range(DEPTH_COUNT):
        for row in range(ROW_COUNT):
            for col in range(COL_COUNT):
                if grid[depth][row][col] is not None:
                    return False
    return True


def position_label(position: Position) -> str:
    """``(0, 3, 5)`` → ``"0.3.5"``."""
    return "{}.{}.{}".format(*position)


def parse_position(text: str) -> Position:
    """``"0.3.5"`` → ``(0, 3, 5)``; anything else raises ``ValueError`` quoting the text.

    >>> parse_position("3.7.10")
    (3, 7, 10)
    """
    parts = text.strip().split(".") if isinstance(text, str) and len(text) <= 40 else []
    if len(parts) != 3 or not all(p.isascii() and p.isdigit() for p in parts):
        raise ValueError(f"{quote(text)} is not a tile position: write depth.row.col, e.g. 0.3.5")
    depth, row, col = (int(p) for p in parts)
    if not (depth < DEPTH_COUNT and row < ROW_COUNT and col < COL_COUNT):
        raise ValueError(f"{text!r} is off the board: depth 0–{DEPTH_COUNT - 1}, row 0–{ROW_COUNT - 1}, "
                         f"col 0–{COL_COUNT - 1}")
    return depth, row, col


# -- the board as bits ------------------------------------------------------------------------------
# Bit (d * 104 + r * 13 + c) stands for position (d, r, c). Column 12 is padding that is always 0, so
# shifting a mask by one moves every tile onto its row neighbour without wrapping into the next row, and
# shifting by 104 moves every tile onto the place under it. The solver and the fast generator test
# CanSelect for all tiles at once this way.
ROW_STRIDE = COL_COUNT + 1
LAYER_STRIDE = ROW_STRIDE * ROW_COUNT


def bit_of(position: Position) -> int:
    """The bit index of a position: ``bit_of((1, 2, 3)) == 133``."""
    d, r, c = position
    return d * LAYER_STRIDE + r * ROW_STRIDE + c


def position_of_index(index: int) -> Position:
    """The position of a bit index: ``position_of_index(133) == (1, 2, 3)``."""
    d, rest = divmod(index, LAYER_STRIDE)
    r, c = divmod(rest, ROW_STRIDE)
    return d, r, c


#: All 136 layout positions as one mask.
LAYOUT_MASK = sum(1 << bit_of(p) for p in LAYOUT)


def free_mask(present: int) -> int:
    """The tiles of ``present`` that can be selected: ``can_select`` for every tile at once.

    A tile is free when the bit one layer up is clear and not both of its row neighbours are set.

    >>> [position_of_index(i) for i in iter_bits(free_mask(LAYOUT_MASK))][:3]
    [(0, 3, 5), (0, 3, 6), (0, 4, 5)]
    """
    covered = present << LAYER_STRIDE
    boxed_in = (present << 1) & (present >> 1)
    return present & ~covered & ~boxed_in


def iter_bits(mask: int) -> Iterator[int]:
    """The indices of the set bits of ``mask``, lowest first (the tutorial's depth/row/col scan order)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
