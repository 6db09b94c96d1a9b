"""A fast Othello engine on bitboards: the 64 squares as the 64 bits of a Python int.

Bit ``i`` is the tutorial's index ``i`` (a1 = bit 0 at the top left, h1 = bit 7, a2 = bit 8, h8 = bit 63),
so the two engines talk about the same squares. A position is two ints, the stones of the player to
move and of the opponent. Instead of walking out from one square at a time, move generation shifts
*all* of a player's stones one step in a direction at once (+1 right, +8 down, +9 down-right,
+7 down-left, and the negative steps as right shifts) and keeps the bits that land on opponent
stones; six more shifts follow a line of up to six opponent stones, and one last shift that lands on
an empty square marks a legal move. Masks stop lines from wrapping from the h-file to the a-file.

>>> legal = legal_moves(START_BLACK, START_WHITE)
>>> [square_name(s) for s in squares(legal)]
['d3', 'c4', 'f5', 'e6']
>>> perft(4)
244
"""

from __future__ import annotations

import re
from typing import Iterator

__all__ = [
    "FULL",
    "START_BLACK",
    "START_WHITE",
    "legal_moves",
    "flips",
    "flips_of_bit",
    "move",
    "perft",
    "squares",
    "square_name",
    "parse_square",
    "popcount",
]

FULL = (1 << 64) - 1
#: Every square but the a- and h-files: a horizontal or diagonal line of opponent stones lies in here,
#: so a shift can never carry it across the board's side edge into the next row.
INNER_COLUMNS = 0x7E7E7E7E7E7E7E7E
#: Black on d5 (35) and e4 (28); white on d4 (27) and e5 (36).
START_BLACK = (1 << 28) | (1 << 35)
START_WHITE = (1 << 27) | (1 << 36)

_SQUARE = re.compile(r"([a-h])([1-8])")


def popcount(bits: int) -> int:
    """The number of set bits (stones or moves).

    >>> popcount(START_BLACK | START_WHITE)
    4
    """
    return bits.bit_count()


def squares(bits: int) -> Iterator[int]:
    """The indexes of the set bits, lowest first.

    >>> list(squares(START_BLACK))
    [28, 35]
    """
    while bits:
        low = bits & -bits
        yield low.bit_length() - 1
        bits ^= low


def square_name(index: int) -> str:
    """Standard Othello name of a square index: column a–h, then row 1–8 counted from the top.

    >>> square_name(0), square_name(37), square_name(63)
    ('a1', 'f5', 'h8')
    """
    if not 0 <= index < 64:
        raise ValueError(f"index {index} is off the board: squares are numbered 0 to 63")
    return "abcdefgh"[index % 8] + str(index // 8 + 1)


def parse_square(text: str) -> int:
    """The index of a square name like ``f5`` (upper case accepted); ValueError quoting the text otherwise.

    >>> parse_square("F5")
    37
    """
    match = _SQUARE.fullmatch(text.strip().lower())
    if match is None:
        raise ValueError(f"{text!r} is not a square: write a column a–h then a row 1–8, like f5")
    return (int(match.group(2)) - 1) * 8 + "abcdefgh".index(match.group(1))


def legal_moves(player: int, opponent: int) -> int:
    """The squares where ``player`` may play, as a bitboard.

    >>> legal_moves(START_BLACK, START_WHITE) == (1 << 19) | (1 << 26) | (1 << 37) | (1 << 44)
    True
    """
    empty = ~(player | opponent) & FULL
    inner = opponent & INNER_COLUMNS
    moves = 0
    # Unrolled on purpose: a loop over (shift, mask) pairs costs CPython about a third more.
    # +1 (right)
    t = inner & (player << 1)
    t |= inner & (t << 1); t |= inner & (t << 1); t |= inner & (t << 1)
    t |= inner & (t << 1); t |= inner & (t << 1)
    moves |= t << 1
    # -1 (left)
    t = inner & (player >> 1)
    t |= inner & (t >> 1); t |= inner & (t >> 1); t |= inner & (t >> 1)
    t |= inner & (t >> 1); t |= inner & (t >> 1)
    moves |= t >> 1
    # +8 (down): no column can wrap, so the whole opponent set is used
    t = opponent & (player << 8)
    t |= opponent & (t << 8); t |= opponent & (t << 8); t |= opponent & (t << 8)
    t |= opponent & (t << 8); t |= opponent & (t << 8)
    moves |= t << 8
    # -8 (up)
    t = opponent & (player >> 8)
    t |= opponent & (t >> 8); t |= opponent & (t >> 8); t |= opponent & (t >> 8)
    t |= opponent & (t >> 8); t |= opponent & (t >> 8)
    moves |= t >> 8
    # +9 (down-right)
    t = inner & (player << 9)
    t |= inner & (t << 9); t |= inner & (t << 9); t |= inner & (t << 9)
    t |= inner & (t << 9); t |= inner & (t << 9)
    moves |= t << 9
    # -9 (up-left)
    t = inner & (player >> 9)
    t |= inner & (t >> 9); t |= inner & (t >> 9); t |= inner & (t >> 9)
    t |= inner & (t >> 9); t |= inner & (t >> 9)
    moves |= t >> 9
    # +7 (down-left)
    t = inner & (player << 7)
    t |= inner & (t << 7); t |= inner & (t << 7); t |= inner & (t << 7)
    t |= inner & (t << 7); t |= inner & (t << 7)
    moves |= t << 7
    # -7 (up-right)
    t = inner & (player >> 7)
    t |= inner & (t >> 7); t |= inner & (t >> 7); t |= inner & (t >> 7)
    t |= inner & (t >> 7); t |= inner & (t >> 7)
    moves |= t >> 7
    return moves & empty


def flips_of_bit(player: int, opponent: int, bit: int) -> int:
    """The opponent stones a ``player`` stone on the square ``bit`` (a one-bit int) sandwiches: :func:`flips`
    for a search, which holds its moves as bits.

    >>> flips_of_bit(START_BLACK, START_WHITE, 1 << 37) == 1 << 36   # f5 flips e5
    True
    """
    inner = opponent & INNER_COLUMNS
    flipped = 0
    for shift, mask in ((1, inner), (8, opponent), (9, inner), (7, inner)):
        # towards higher indexes
        line = 0
        x = (bit << shift) & mask
        while x:
            line |= x
            x <<= shift
            if x & player:
                flipped |= line
                break
            x &= mask
        # towards lower indexes
        line = 0
        x = (bit >> shift) & mask
        while x:
            line |= x
            x >>= shift
            if x & player:
                flipped |= line
                break
            x &= mask
    return flipped


def flips(player: int, opponent: int, square: int) -> int:
    """The opponent stones that a ``player`` stone on ``square`` would turn over (0: not a legal move).

    >>> list(squares(flips(START_BLACK, START_WHITE, 37)))   # f5 flips e5
    [36]
    """
    return flips_of_bit(player, opponent, 1 << square)


def move(player: int, opponent: int, square: int) -> tuple[int, int]:
    """``(player, opponent)`` after ``player`` plays ``square`` (assumed legal: see :func:`legal_moves`).

    >>> black, white = move(START_BLACK, START_WHITE, 37)
    >>> popcount(black), popcount(white)
    (4, 1)
    """
    bit = 1 << square
    flipped = flips_of_bit(player, opponent, bit)
    return player | flipped | bit, opponent ^ flipped


def perft(depth: int, player: int = START_BLACK, opponent: int = START_WHITE) -> int:
    """The number of leaves of the game tree ``depth`` plies deep.

    Standard convention (Aart Bik's table): a forced pass uses one ply, and a position where neither
    side can move is a leaf even before ``depth``. At the last ply the moves are counted, not played.

    >>> [perft(d) for d in range(1, 6)]
    [4, 12, 56, 244, 1396]
    """
    if depth <= 0:
        return 1
    moves = legal_moves(player, opponent)
    if not moves:
        if not legal_moves(opponent, player):
            return 1  # the game is over: a leaf
        return perft(depth - 1, opponent, player)  # a pass uses one ply
    if depth == 1:
        return moves.bit_count()
    total = 0
    while moves:
        bit = moves & -moves
        moves ^= bit
        flipped = flips_of_bit(player, opponent, bit)
        total += perft(depth - 1, opponent ^ flipped, player | flipped | bit)
    return total
