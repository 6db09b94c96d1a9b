"""The bitboard engine: squares, move generation, flips and perft against the published counts."""

from __future__ import annotations

import pytest

from gamelab.othello import bitboard as bb

# Aart Bik's table (pass = 1 ply, a finished game is a leaf): ../shared/reference/anchors.md §1.
PERFT = {1: 4, 2: 12, 3: 56, 4: 244, 5: 1396, 6: 8200, 7: 55092, 8: 390216}


@pytest.mark.parametrize("depth", sorted(PERFT))
def test_perft(depth: int) -> None:
    assert bb.perft(depth) == PERFT[depth]


@pytest.mark.slow
@pytest.mark.parametrize("depth, nodes", [(9, 3_005_288)])
def test_perft_deep(depth: int, nodes: int) -> None:
    # depth 9 has the first 24 passes (depth 10, 24,571,284, takes ~15 s: checked by hand, not here)
    assert bb.perft(depth) == nodes


def test_perft_zero_and_finished_position() -> None:
    assert bb.perft(0) == 1
    full_black = bb.FULL
    assert bb.perft(5, full_black, 0) == 1


def test_square_names_round_trip() -> None:
    for index in range(64):
        assert bb.parse_square(bb.square_name(index)) == index
    assert bb.square_name(0) == "a1" and bb.square_name(7) == "h1" and bb.square_name(56) == "a8"
    for bad in ("i1", "a9", "a0", "", "f", "f55", "55"):
        with pytest.raises(ValueError, match="is not a square"):
            bb.parse_square(bad)
    with pytest.raises(ValueError, match="off the board"):
        bb.square_name(64)


def test_start_moves_and_flips() -> None:
    legal = bb.legal_moves(bb.START_BLACK, bb.START_WHITE)
    assert [bb.square_name(s) for s in bb.squares(legal)] == ["d3", "c4", "f5", "e6"]
    for name, flipped in {"d3": "d4", "c4": "d4", "f5": "e5", "e6": "e5"}.items():
        assert bb.flips(bb.START_BLACK, bb.START_WHITE, bb.parse_square(name)) == 1 << bb.parse_square(flipped)
    assert bb.flips(bb.START_BLACK, bb.START_WHITE, 0) == 0


def test_no_wrap_around_the_side_edges() -> None:
    # black h1, white a2 b2: shifting +1 from h1 must not reach a2
    black = 1 << bb.parse_square("h1")
    white = (1 << bb.parse_square("a2")) | (1 << bb.parse_square("b2"))
    assert not bb.legal_moves(black, white) & (1 << bb.parse_square("c2"))
    # black a3, white h2 g2: -1 from a3 wraps to h2 in a naive engine
    black = 1 << bb.parse_square("a3")
    white = (1 << bb.parse_square("h2")) | (1 << bb.parse_square("g2"))
    assert not bb.legal_moves(black, white) & (1 << bb.parse_square("f2"))


def test_long_line_of_six() -> None:
    black = 1 << bb.parse_square("a1")
    white = sum(1 << bb.parse_square(f"{c}1") for c in "bcdefg")
    assert bb.legal_moves(black, white) == 1 << bb.parse_square("h1")
    after_black, after_white = bb.move(black, white, bb.parse_square("h1"))
    assert after_white == 0 and bb.popcount(after_black) == 8
