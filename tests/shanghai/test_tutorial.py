"""The layout, tile geometry and the selection rule (CanSelect / IsTop) on hand-made positions."""

from __future__ import annotations

import pytest

from gamelab.shanghai import KINDS, LAYOUT, Shanghai, Tile, can_select, is_top, kind_code, kind_name, layout_mask
from gamelab.shanghai.tutorial import FIELD_HEIGHT, FIELD_WIDTH, free_mask, parse_position


def empty_grid():
    return [[[None] * 12 for _ in range(8)] for _ in range(4)]


def test_layout_is_the_tutorials():
    mask = layout_mask()
    assert [sum(map(sum, layer)) for layer in mask] == [4, 16, 36, 80]
    assert {(r, c) for r in range(8) for c in range(12) if mask[0][r][c]} == {(3, 5), (3, 6), (4, 5), (4, 6)}
    assert {(r, c) for r in range(8) for c in range(12) if mask[1][r][c]} == {
        (r, c) for r in range(2, 6) for c in range(4, 8)}
    assert {(r, c) for r in range(8) for c in range(12) if mask[2][r][c]} == {
        (r, c) for r in range(1, 7) for c in range(3, 9)}
    bottom = [sum(row) for row in mask[3]]
    assert bottom == [10, 8, 10, 12, 12, 10, 8, 10]
    assert not mask[3][1][1] and not mask[3][6][10] and mask[3][0][1] and mask[3][3][0]
    assert len(LAYOUT) == 136 and len(set(LAYOUT)) == 136


def test_kinds_are_numbered_as_the_tutorial():
    assert KINDS == tuple(range(11, 20)) + tuple(range(21, 30)) + tuple(range(31, 40)) + tuple(range(41, 48))
    assert [kind_name(k) for k in (11, 29, 35, 41, 45, 46, 47)] == ["一萬", "九筒", "五索", "東", "白", "發", "中"]
    assert [kind_code(k) for k in (11, 25, 39, 41, 47)] == ["1m", "5p", "9s", "1z", "7z"]
    with pytest.raises(ValueError, match="50"):
        kind_name(50)


def test_screen_geometry_follows_set_position():
    t = Tile(11, 3, 0, 0)
    assert (t.left, t.top, t.right, t.bottom) == (37 * 0 - 6 + 20, 51 * 0 - 6 + 60, 51, 105)
    top = Tile(11, 0, 3, 5)
    assert (top.left, top.top) == (37 * 5 - 24 + 20, 51 * 3 - 24 + 60)
    assert (FIELD_WIDTH, FIELD_HEIGHT) == (484, 480)


def test_can_select_row_ends_and_edges():
    g = empty_grid()
    for c in range(12):
        g[3][0][c] = "t"
    assert [can_select(g, 3, 0, c) for c in range(12)] == [True] + [False] * 10 + [True]
    g[3][0][5] = None  # a gap opens both its neighbours
    assert can_select(g, 3, 0, 4) and can_select(g, 3, 0, 6) and not can_select(g, 3, 0, 3)


def test_can_select_needs_nothing_on_top():
    g = empty_grid()
    g[3][2][0] = g[2][2][0] = "t"
    assert is_top(g, 2, 2, 0) and not is_top(g, 3, 2, 0)
    assert can_select(g, 2, 2, 0) and not can_select(g, 3, 2, 0)
    # only the place directly above counts, not a diagonal neighbour
    g[2][2][0] = None
    g[2][2][1] = "t"
    assert can_select(g, 3, 2, 0)


def test_game_can_select_agrees_with_the_grid_rule():
    game = Shanghai.new(deal=3)
    for action in game.construction_actions()[:20]:
        grid = game.grid()
        for d, r, c in LAYOUT:
            if grid[d][r][c] is not None:
                assert game.can_select((d, r, c)) == can_select(grid, d, r, c), (d, r, c)
                assert game.is_top((d, r, c)) == is_top(grid, d, r, c)
        game.play(action)


def test_free_mask_of_the_full_board():
    game = Shanghai.new(deal=5)
    labels = {t.label for t in game.selectable()}
    # the 4 top tiles, and the row ends of the bottom layer that no upper layer covers
    assert {"0.3.5", "0.3.6", "0.4.5", "0.4.6"} <= labels
    assert "3.3.0" in labels and "3.3.11" in labels and "3.0.1" in labels and "3.1.2" in labels
    assert "3.3.5" not in labels and "1.2.4" in labels and "2.1.3" in labels
    assert len(labels) == bin(free_mask(game.present)).count("1")


@pytest.mark.parametrize("text", ["0.3", "a.b.c", "4.0.0", "0.8.0", "0.0.12", "-1.0.0", ""])
def test_parse_position_refuses(text):
    with pytest.raises(ValueError, match="position|off the board"):
        parse_position(text)
