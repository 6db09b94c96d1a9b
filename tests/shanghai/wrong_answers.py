"""One plausible learner's mistake for every exercise of lesson 04 (Shanghai): ``WRONG[exercise id]``.

Each is a real wrong body, the kind a learner writes on a first try (the layer shift the wrong way, the
row and column swapped, the bottom layer's notches forgotten…). The shared report test checks that each
fails its check with a picture that marks the difference; ``test_lesson.py`` here checks the same for
this lesson alone.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Callable

from gamelab.controls import Response
from gamelab.shanghai import generate as G
from gamelab.shanghai.game import pair_action
from gamelab.shanghai.tutorial import LAYER_DX, LAYER_DY, MARGIN_LEFT, MARGIN_TOP, TILE_HEIGHT, TILE_WIDTH, Tile
from gamelab.shanghai.tutorial import layout_mask as shipped_layout_mask


def set_position(depth, row, col):  # each layer shifted down and right, not up and left
    left = TILE_WIDTH * col + depth * LAYER_DX + MARGIN_LEFT
    top = TILE_HEIGHT * row + depth * LAYER_DY + MARGIN_TOP
    return left, top, left + TILE_WIDTH, top + TILE_HEIGHT


def is_top(grid, depth, row, col):  # looks at the layer below: layer 0 is the top, not the bottom
    return depth == 3 or grid[depth + 1][row][col] is None


def can_select(grid, depth, row, col):  # forgets the board's edges: col - 1 = -1 is the last column
    if depth > 0 and grid[depth - 1][row][col] is not None:
        return False
    return grid[depth][row][col - 1] is None or grid[depth][row][(col + 1) % 12] is None


def tile_tint(depth, selected):  # forgets that the selected tile's tint is twice as strong
    return [(255, 0, 0, 0.2), (255, 255, 0, 0.2), (0, 255, 0, 0.2), (0, 0, 255, 0.1)][depth]


def tile_undo(grid, tile):  # row and column swapped
    grid[tile.depth][tile.col][tile.row] = tile


def layout_mask():  # forgets the notches of the bottom layer's corners
    mask = shipped_layout_mask()
    mask[3] = [[True] * 12 for _ in range(8)]
    return mask


def get_edges(grid):  # forgets that the place above must be filled first
    rets = []
    for depth in range(4):
        for row in range(8):
            cols = [c for c in range(12) if grid[depth][row][c] is G.UNFILLED]
            rets += [(depth, row, c) for c in dict.fromkeys(cols[:1] + cols[-1:])]
    return rets


def get_random2(rng, max_):  # draws again on a clash instead of taking the one below
    if max_ <= 0:
        return None
    first = int(rng.random() * (max_ + 1))
    second = int(rng.random() * (max_ + 1))
    while second == first:
        second = int(rng.random() * (max_ + 1))
    return min(first, second), max(first, second)


def init_tiles(rng):  # takes the first two places offered instead of two at random
    kinds = G.shuffled_pairs(rng)
    mask = shipped_layout_mask()
    grid = [[[G.UNFILLED if mask[d][r][c] else None for c in range(12)] for r in range(8)] for d in range(4)]
    order = []
    while len(places := G.get_edges(grid)) >= 2:
        first, second = places[0], places[1]
        for depth, row, col in (first, second):
            grid[depth][row][col] = Tile(kinds[len(order)], depth, row, col)
        order.append((first, second))
    if any(cell is G.UNFILLED for layer in grid for line in layer for cell in line):
        return None
    return grid, order


def check_clear(grid):  # looks at one layer only, the top one
    return all(cell is None for line in grid[0] for cell in line)


def search(grid):  # forgets can_select: any two tiles of a kind, free or not
    seen = {}
    for layer in grid:
        for line in layer:
            for tile in line:
                if tile is not None:
                    if tile.kind in seen:
                        return seen[tile.kind], tile
                    seen[tile.kind] = tile
    return None


def on_click(game, ui, target, *, playing):  # forgets "another" tile: the selected one twice is a pair
    if not playing:
        return Response(message="Press Start first.", sound="ng")
    cleared = replace(ui, selected=None, suggested=())
    if target is None:
        return Response(ui=cleared, sound="ng")
    if ui.selected is None:
        return Response(ui=replace(cleared, selected=target.position), sound="select")
    if game.tile_at(ui.selected).kind == game.tile_at(target.position).kind:
        return Response(action=pair_action(ui.selected, target.position), ui=cleared)
    return Response(ui=cleared, sound="ng")


def on_cancel(game, ui, *, playing, can_undo):  # clears the selection but forgets Search's frame
    if not playing:
        return None
    if ui.selected is not None:
        return Response(ui=replace(ui, selected=None), sound="select")
    return Response(command="undo", sound="select") if can_undo else Response(sound="ng")


def on_search(game, ui, *, playing):  # frames the pair but forgets that Search counts as giving up
    pair = game.search() if playing else None
    if pair is None:
        return None
    return Response(ui=replace(ui, suggested=(pair[0].position, pair[1].position)), sound="select")


def get_time_text(milliseconds):  # forgets the zeros that pad seconds and milliseconds
    return f"{milliseconds // 60000} 分 {milliseconds // 1000 % 60} 秒 {milliseconds % 1000}"


def scroll_how_to(left):  # starts again one frame early (at -2300, not below it)
    return 500 if left - 1 <= -2300 else left - 1


WRONG: dict[str, Callable] = {f"shanghai.{function.__name__}": function for function in (
    set_position, is_top, can_select, tile_tint, tile_undo, layout_mask, get_edges, get_random2, init_tiles,
    on_click, check_clear, search, on_cancel, on_search, get_time_text, scroll_how_to)}
