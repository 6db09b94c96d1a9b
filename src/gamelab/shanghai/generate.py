"""Solvable problems (問題の生成): the tutorial's generator, a faster port of it, and random deals.

The tutorial builds a problem by **placing** pairs where a player would **take** them first: it looks at
the outermost empty place at each end of every row (``getEdges``), ignores a place whose place above is
still empty (upper layers are filled first), picks two of those places at random (``getRandom2``) and
puts two tiles of one kind there. Taking the pairs off in the order they were put down is then a legal
way to clear the board: the construction, read as a game, is its own solution. Sometimes the filling
gets stuck (one place left open under another), and ``createProblem`` simply tries again.

Two implementations give the **same deal for the same random numbers**:

* :func:`create_problem` – line by line the tutorial's ``createProblem`` / ``initTiles`` / ``getEdges`` /
  ``getRandom2`` on a 3-D list (the code the lesson shows);
* :func:`create_problem_fast` – the same steps on a bit mask, several times faster.

A **deal number** seeds ``random.Random``; :func:`deal` turns it into tiles, so a number reproduces a deal
anywhere.

>>> d = deal(1)
>>> len(d.kinds), d.retries >= 0, d.order[0]
(136, True, ((2, 2, 8), (2, 5, 3)))
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, Callable, Literal

from ..work import checkpoint
from .tutorial import (
    COL_COUNT,
    DEPTH_COUNT,
    KINDS,
    LAYOUT,
    LAYOUT_MASK,
    ROW_COUNT,
    Position,
    Tile,
    free_mask,
    iter_bits,
    layout_mask,
    position_of_index,
)

#: a grid being filled, [depth][row][col]: a Tile, UNFILLED (a place still to fill) or None (no place)
FillGrid = list[list[list[Any]]]

__all__ = [
    "UNFILLED", "FillGrid", "Deal", "deal", "create_problem", "create_problem_fast", "init_tiles", "get_edges",
    "get_random2", "random_deal", "shuffled_pairs", "MAX_DEAL", "MAX_ATTEMPTS",
]

#: Deal numbers run from 0 to MAX_DEAL (any such number names a deal).
MAX_DEAL = 2**63 - 1


class _Unfilled:
    """The tutorial's ``undefined``: a place that will get a tile but has none yet (``None`` = no place)."""

    _instance: "_Unfilled | None" = None

    def __new__(cls) -> "_Unfilled":
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "UNFILLED"

    def __reduce__(self) -> str:
        return "UNFILLED"  # copies, pickles and answers read back are the one instance


UNFILLED = _Unfilled()


@dataclass(frozen=True)
class Deal:
    """A generated problem: the kind at every position, the pairs in the order they were placed
    (a winning order of removal), and how many attempts failed before this one."""

    number: int | None
    kinds: dict[Position, int]
    order: tuple[tuple[Position, Position], ...]
    retries: int


def get_random2(rng: random.Random, max_: int) -> tuple[int, int] | None:
    """Two different integers from 0 to ``max_`` inclusive, smaller first — the tutorial's ``getRandom2``.

    Draw two numbers; if they clash, take the clashing one and its lower neighbour (or 0 and 1).

    >>> get_random2(random.Random(3), 5)
    (1, 3)
    """
    if max_ <= 0:
        return None
    r1 = int(rng.random() * (max_ + 1))  # Math.floor(Math.random() * (max + 1))
    r2 = int(rng.random() * (max_ + 1))
    if r1 != r2:
        return min(r1, r2), max(r1, r2)
    if r1 > 0:
        return r1 - 1, r1
    return 0, 1


def get_edges(grid: FillGrid) -> list[Position]:
    """The places to fill next — the tutorial's ``getEdges``.

    For each row of each layer: the first ``UNFILLED`` place from the left and the first from the right,
    each kept only if the place above it is not ``UNFILLED`` (upper layers are filled first). A row
    whose two ends are the same place gives it once.
    """
    rets: list[Position] = []
    for depth in range(DEPTH_COUNT):
        for row in range(ROW_COUNT):
            left = right = -1
            for col in range(COL_COUNT):
                if grid[depth][row][col] is UNFILLED:
                    if depth == 0 or grid[depth - 1][row][col] is not UNFILLED:
                        left = col
                    break
            for col in range(COL_COUNT - 1, -1, -1):
                if grid[depth][row][col] is UNFILLED:
                    if depth == 0 or grid[depth - 1][row][col] is not UNFILLED:
                        right = col
                    break
            if left != -1:
                rets.append((depth, row, left))
            if right != -1 and right != left:
                rets.append((depth, row, right))
    return rets


def shuffled_pairs(rng: random.Random) -> list[int]:
    """The 68 pairs to place, as kinds in a random order: every kind twice (each entry becomes a pair
    of tiles, so four tiles of a kind in all), sorted by a random key as the tutorial's
    ``pairs.sort((a, b) => a.random - b.random)`` does.

    >>> pairs = shuffled_pairs(random.Random(1)); len(pairs), pairs[:4]
    (68, [17, 29, 22, 15])
    """
    numbers = [kind for kind in KINDS for _ in range(2)]
    keyed = [(rng.random(), kind) for kind in numbers]
    keyed.sort(key=lambda item: item[0])  # stable, like Array.prototype.sort
    return [kind for _, kind in keyed]


def init_tiles(rng: random.Random) -> tuple[FillGrid, list[tuple[Position, Position]]] | None:
    """One attempt at a problem — the tutorial's ``initTiles``.

    Mark the layout's places ``UNFILLED`` (the tutorial's ``undefined``; ``None`` where no tile goes),
    then, while :func:`get_edges` offers at least two places, let :func:`get_random2` pick two of them
    and put a pair of the next kind there. Returns the grid (``grid[depth][row][col]`` a :class:`Tile`
    or ``None``) and the pairs in the order they were placed, or ``None`` when the filling got stuck
    with places left ``UNFILLED`` (the tutorial's「やりなおし」).

    >>> grid, order = init_tiles(random.Random(1)); len(order), grid[0][3][5].name
    (68, '二索')
    """
    kinds = shuffled_pairs(rng)
    mask = layout_mask()
    grid: FillGrid = [[[UNFILLED if mask[depth][row][col] else None for col in range(COL_COUNT)]
                   for row in range(ROW_COUNT)] for depth in range(DEPTH_COUNT)]
    order: list[tuple[Position, Position]] = []
    while True:
        rets = get_edges(grid)
        if len(rets) < 2:
            break
        pair = get_random2(rng, len(rets) - 1)
        assert pair is not None
        first, second = rets[pair[0]], rets[pair[1]]
        kind = kinds[len(order)]
        for depth, row, col in (first, second):
            grid[depth][row][col] = Tile(kind, depth, row, col)  # SetPosition
        order.append((first, second))
    for layer in grid:
        for line in layer:
            if UNFILLED in line:
                return None
    return grid, order


#: How many failed attempts in a row :func:`create_problem` accepts from a replacement ``init_tiles``
#: before it gives up (the tutorial's loop would spin for ever on one that never succeeds).
MAX_ATTEMPTS = 1000


def create_problem(rng: random.Random, attempt: Callable[[random.Random], Any] | None = None) -> Deal:
    """Try :func:`init_tiles` until it succeeds — the tutorial's ``createProblem`` (``while(!initTiles()){}``).

    ``attempt`` replaces ``init_tiles`` (a learner's): then more than :data:`MAX_ATTEMPTS` failures in a
    row raise ``ValueError`` instead of looping for ever.

    >>> create_problem(random.Random(1)).kinds == deal(1).kinds
    True
    """
    # region retry
    try_once = attempt or init_tiles
    retries = 0
    while (result := try_once(rng)) is None:
        retries += 1
        checkpoint()  # a slow learner's init_tiles in a board's long work: Stop ends it here
        if attempt is not None and retries >= MAX_ATTEMPTS:
            raise ValueError(f"init_tiles failed {retries} times in a row: it never fills every place")
    grid, order = result
    # endregion
    kinds = {(t.depth, t.row, t.col): t.kind for layer in grid for line in layer for t in line if t is not None}
    return Deal(None, kinds, tuple(order), retries)


# -- the same algorithm on bit masks ------------------------------------------------------------------
def create_problem_fast(rng: random.Random) -> Deal:
    """:func:`create_problem` on bit masks: the same random numbers give the same deal, faster.

    The places ``getEdges`` offers are exactly the unfilled places that would be free if the unfilled
    places were tiles, because each row's unfilled places stay one unbroken run.
    """
    retries = 0
    while True:
        pairs = shuffled_pairs(rng)
        unfilled = LAYOUT_MASK
        order: list[tuple[Position, Position]] = []
        while True:
            rets = list(iter_bits(free_mask(unfilled)))
            if len(rets) < 2:
                break
            pair = get_random2(rng, len(rets) - 1)
            assert pair is not None
            a, b = rets[pair[0]], rets[pair[1]]
            unfilled &= ~((1 << a) | (1 << b))
            order.append((position_of_index(a), position_of_index(b)))
        if unfilled == 0:
            break
        retries += 1
    kinds: dict[Position, int] = {}
    for (first, second), kind in zip(order, pairs):
        kinds[first] = kinds[second] = kind
    return Deal(None, kinds, tuple(order), retries)


def deal(number: int, method: Literal["fast", "tutorial"] = "fast",
         attempt: Callable[[random.Random], Any] | None = None) -> Deal:
    """The deal called ``number``: ``random.Random(number)`` fed to the tutorial's generator.

    ``method="tutorial"`` runs the faithful port, ``"fast"`` the bit-mask one; both give the same deal.
    ``attempt`` replaces ``init_tiles`` (a learner's, see :func:`create_problem`).

    >>> deal(7).kinds == deal(7, method="tutorial").kinds == deal(7, attempt=init_tiles).kinds
    True
    """
    if isinstance(number, bool) or not isinstance(number, int) or not 0 <= number <= MAX_DEAL:
        raise ValueError(f"deal number must be an integer from 0 to {MAX_DEAL}, not {number!r}")
    make = {"fast": create_problem_fast, "tutorial": create_problem}.get(method)
    if make is None:
        raise ValueError(f"method must be 'fast' or 'tutorial', not {method!r}")
    rng = random.Random(number)
    made = make(rng) if attempt is None else create_problem(rng, attempt)
    return Deal(number, made.kinds, made.order, made.retries)


def random_deal(rng: random.Random) -> dict[Position, int]:
    """136 tiles shuffled onto the layout with no care for solvability (for statistics).

    >>> len(random_deal(random.Random(0)))
    136
    """
    kinds = [kind for kind in KINDS for _ in range(4)]
    rng.shuffle(kinds)
    return dict(zip(LAYOUT, kinds))
