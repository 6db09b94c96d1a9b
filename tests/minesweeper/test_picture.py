"""The picture: size, targets, classic details, overlays; the same drawing for SVG and hit testing."""

from __future__ import annotations

from gamelab.minesweeper import Cell, Face, Minesweeper, MinesweeperPicture, MinesweeperUI, ResultMessage
from gamelab.minesweeper.picture import NUMBER_COLORS

PICTURE = MinesweeperPicture()


def test_size_grows_with_the_board():
    small = PICTURE.size(Minesweeper.new("beginner"))
    big = PICTURE.size(Minesweeper.new("expert"))
    assert big[0] - small[0] == 21 * PICTURE.cell and big[1] - small[1] == 7 * PICTURE.cell


def test_targets_cells_face_and_message():
    game = Minesweeper.new("beginner", seed=2)
    x, y, s = PICTURE.cell_box(3, 7)
    assert PICTURE.target_at(game, x + s / 2, y + s / 2) == Cell(3, 7)
    width, _ = PICTURE.size(game)
    assert PICTURE.target_at(game, width / 2, 10 + 22) == Face()
    assert PICTURE.target_at(game, 2, 2) is None
    x, y, s = PICTURE.cell_box(5, 5)
    assert PICTURE.target_at(game, x + s / 2, y + s / 2, MinesweeperUI(message="cleared in 3 s")) == ResultMessage()


def test_numbers_in_classic_colors_and_deterministic_svg():
    game = Minesweeper.new("beginner", seed=3)
    game.play("open 5 5")
    svg = PICTURE.svg(game)
    assert svg == game._repr_svg_() == PICTURE.svg(game)
    shown = {game.vm.near[i] for i in game.vm.cells if game.vm.state[i] == 1 and game.vm.near[i]}
    for n in shown:
        assert f'fill="{NUMBER_COLORS[n]}"' in svg


def test_overlay_hint_and_blast():
    game = Minesweeper.new("beginner", seed=3)
    game.play("open 5 5")
    plain = PICTURE.svg(game)
    hidden = [game.vm.coords(i) for i in game.vm.cells if game.vm.state[i] == 0]
    overlay = PICTURE.svg(game, MinesweeperUI(chances={cell: 0.25 for cell in hidden}, hint=Cell(*hidden[0])))
    assert overlay.count(">25%</text>") == len(hidden)  # every hidden cell says its chance in percent
    assert 'stroke="#e0245e"' in overlay and 'stroke="#e0245e"' not in plain
    mine = next(game.vm.coords(i) for i in game.vm.cells if game.vm.mine[i])
    game.play("open {} {}".format(*mine))
    x, y, size = PICTURE.cell_box(*mine)
    assert f'<rect x="{x:g}" y="{y:g}" width="{size}" height="{size}" fill="#ff0000"/>' in PICTURE.svg(game)


def test_a_bare_map_draws_too():
    from gamelab.minesweeper import VMap

    vm = VMap(4, 5, 2)
    assert MinesweeperPicture(cell=16, labels=False).svg(vm).startswith("<svg")


def test_cleared_board_shows_every_mine_flagged():
    game = Minesweeper.new(rows=2, cols=2, mines=3, seed=0)
    game.play("open 1 1")
    svg = PICTURE.svg(game)
    assert game.won and svg.count('fill="#ff0000" stroke-linejoin') == 3 and ">000</text>" in svg
