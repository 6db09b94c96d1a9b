"""The virtual map (仮想マップ, the tutorial's ``VMap``): what is under every cell and what is shown.

The tutorial keeps one object per cell in a table of 18 × 32: the 16 × 30 playing field plus a
*sentinel border* (ダミー) of cells that are already open and hold no mine. Thanks to that border every
real cell has eight neighbours, so neither the mine counting nor the flood fill ever checks bounds.

Here the table is flattened into three lists of the same length (``mine``, ``near``, ``state``), indexed
by ``r * width + c`` with ``width = cols + 2``; :meth:`VMap.index` turns a ``(row, col)`` pair into that
index. Rows and columns are numbered from 1 to ``rows`` / ``cols``, exactly as in the tutorial, because
row 0 and column 0 are the sentinel border. The eight neighbours of index ``i`` are ``i + d`` for the
eight offsets in :attr:`VMap.offsets`.

>>> import random
>>> vm = VMap(9, 9, 10)
>>> vm.first(5, 5, random.Random(1))
0
>>> vm.state[vm.index(5, 5)] == OPEN
True
"""

from __future__ import annotations

import random
from typing import Iterable

from ..errors import quote

__all__ = [
    "ROWS", "COLS", "MINES", "HIDE", "OPEN", "FLAG", "DEAD", "ALIVE", "CLEARED", "ACOMP",
    "PRESETS", "VMap", "check_size", "MAX_ROWS", "MAX_COLS",
]

#: The tutorial's board (C.NUM): 16 rows, 30 columns, 99 mines (Windows' "expert").
ROWS, COLS, MINES = 16, 30, 99

#: Cell states (C.STS): still hidden, opened, flagged (a flag is a hidden cell with a marker on it).
HIDE, OPEN, FLAG = 0, 1, 2

#: Results of every map operation (C.RTN): blown up, still playing, cleared (the tutorial's ACOMP, 完遂).
DEAD, ALIVE, CLEARED = -1, 0, 1
ACOMP = CLEARED

#: The largest board a game is set up with: 100 × 100 (its picture is already 2,000 pixels wide), so a
#: setup or a save never asks for millions of cells. The map itself takes any size (the lesson builds a
#: 120 × 120 one to show the flood fill's depth).
MAX_ROWS = MAX_COLS = 100

#: Named board sizes: (rows, cols, mines).
PRESETS: dict[str, tuple[int, int, int]] = {
    "beginner": (9, 9, 10),
    "intermediate": (16, 16, 40),
    "expert": (ROWS, COLS, MINES),
}


def check_size(rows: int, cols: int, mines: int, opening: bool = False) -> None:
    """Raise ``ValueError`` unless ``rows`` × ``cols`` with ``mines`` mines is a playable board.

    The first click must be safe (and, with ``opening``, its whole 3 × 3 block), so a board needs at
    least one free cell (nine with ``opening``) besides the mines. (A game set up by
    :meth:`~gamelab.minesweeper.Minesweeper.new` is also at most :data:`MAX_ROWS` × :data:`MAX_COLS`.)

    >>> check_size(9, 9, 81)
    Traceback (most recent call last):
    ...
    ValueError: 81 mines do not fit on 9 × 9 = 81 cells: at most 80, since the first click is always safe
    """
    for label, value in (("rows", rows), ("columns", cols)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"the number of {label} must be a positive whole number, not {quote(value)}")
    if not isinstance(mines, int) or isinstance(mines, bool) or mines < 0:
        raise ValueError(f"the number of mines must be a whole number ≥ 0, not {quote(mines)}")
    cells = rows * cols
    free = 9 if opening else 1
    if mines > cells - free:
        why = "the 3 × 3 block of the first click is kept free" if opening else "the first click is always safe"
        raise ValueError(
            f"{mines} mines do not fit on {rows} × {cols} = {cells} cells: at most {max(cells - free, 0)}, since {why}"
        )


class VMap:
    """The virtual map: mines, neighbour counts and cell states, with the sentinel border.

    ``mine[i]`` is 1 where a mine lies, ``near[i]`` counts the mines among the eight neighbours
    (周囲の爆弾の数) and ``state[i]`` is ``HIDE``, ``OPEN`` or ``FLAG``. ``flags`` and ``hidden`` are kept
    up to date as cells change, so :meth:`show` need not recount the board.

    >>> vm = VMap(3, 3, 1)
    >>> vm.first(1, 1, mines_at=[vm.index(3, 3)])
    1
    >>> print(vm)
    . . .
    . 1 1
    . 1 #
    """

    def __init__(self, rows: int = ROWS, cols: int = COLS, mines: int = MINES, *, opening: bool = False) -> None:
        check_size(rows, cols, mines, opening)
        self.rows, self.cols, self.mines, self.opening = rows, cols, mines, opening
        self.width = cols + 2
        w = self.width
        #: index offsets of the eight neighbours (up-left … down-right)
        self.offsets: tuple[int, ...] = (-w - 1, -w, -w + 1, -1, 1, w - 1, w, w + 1)
        size = (rows + 2) * w
        self.mine = [0] * size
        self.near = [0] * size
        # The border starts open and stays open: the flood fill stops there by itself.
        self.state = [OPEN] * size
        #: indices of the playing cells, row by row
        self.cells: list[int] = [r * w + c for r in range(1, rows + 1) for c in range(1, cols + 1)]
        self.flags = 0
        self.hidden = 0
        #: the index of the mine that was opened, once the game is lost
        self.exploded: int | None = None
        self.placed = False
        self.init()

    # -- coordinates -----------------------------------------------------------------------------
    def index(self, row: int, col: int) -> int:
        """The list index of the cell in ``row`` (1…rows), ``col`` (1…cols).

        >>> VMap(16, 30, 99).index(1, 1)
        33
        """
        return row * self.width + col

    def coords(self, i: int) -> tuple[int, int]:
        """``(row, col)`` of index ``i`` (the inverse of :meth:`index`)."""
        return divmod(i, self.width)

    def inside(self, row: int, col: int) -> bool:
        """True for a playing cell (not the sentinel border, not beyond it)."""
        return 1 <= row <= self.rows and 1 <= col <= self.cols

    def neighbours(self, i: int) -> list[int]:
        """The playing cells around index ``i`` (border cells left out)."""
        return [j for j in (i + d for d in self.offsets) if self._inside_index(j)]

    def _inside_index(self, i: int) -> bool:
        r, c = divmod(i, self.width)
        return 1 <= r <= self.rows and 1 <= c <= self.cols

    # -- the tutorial's operations ---------------------------------------------------------------
    def init(self) -> int:
        """Start a new game (init): no mines, every playing cell hidden.

        >>> VMap(2, 2, 1).init()
        0
        """
        for i in self.cells:
            self.mine[i] = 0
            self.near[i] = 0
            self.state[i] = HIDE
        self.flags = 0
        self.hidden = len(self.cells)
        self.exploded = None
        self.placed = False
        return self.show()

    def placeable_cells(self, row: int, col: int) -> list[int]:
        """The cells that may hold a mine when the first click is at ``(row, col)`` (_getPlacableCells).

        Every cell but the clicked one; with the ``opening`` option (the author's closing question)
        the clicked cell's 3 × 3 block is kept free too, so the first click always opens an area.

        >>> len(VMap(9, 9, 10).placeable_cells(5, 5)), len(VMap(9, 9, 10, opening=True).placeable_cells(5, 5))
        (80, 72)
        """
        start = self.index(row, col)
        keep_free = {start}
        if self.opening:
            keep_free.update(start + d for d in self.offsets)
        return [i for i in self.cells if i not in keep_free]

    def first(self, row: int, col: int, rng: random.Random | None = None, *, mines_at: Iterable[int] | None = None) -> int:
        """The first click (first): place the mines away from ``(row, col)``, count neighbours, open it.

        The mines are drawn with ``rng`` among :meth:`placeable_cells` (the tutorial splices random
        cells out of that list; ``rng.sample`` draws the same way), unless ``mines_at`` gives them.

        >>> vm = VMap(2, 2, 3)
        >>> vm.first(1, 1, random.Random(0))
        1
        """
        placeable = self.placeable_cells(row, col)
        if mines_at is None:
            chosen = (rng or random.Random()).sample(placeable, self.mines)
        else:
            chosen = list(mines_at)
            allowed = set(placeable)
            if len(set(chosen)) != self.mines or not allowed.issuperset(chosen):
                raise ValueError(f"mines_at must name {self.mines} distinct cells away from the first click")
        self.place_mines(chosen)
        self.open_cell(self.index(row, col))
        return self.show()

    def place_mines(self, indices: Iterable[int]) -> None:
        """Put a mine on every index and add one to each neighbour's count (爆弾をセット)."""
        for i in indices:
            self.mine[i] = 1
            for d in self.offsets:
                self.near[i + d] += 1
        self.placed = True

    def open(self, row: int, col: int) -> int:
        """Open ``(row, col)`` in open mode (open). A cell that is not hidden is left alone.

        A mine opens the whole board and the game is lost; any other cell flood-opens from itself.

        >>> vm = VMap(1, 4, 1)
        >>> vm.first(1, 1, mines_at=[vm.index(1, 3)])
        0
        >>> vm.open(1, 3)
        -1
        """
        i = self.index(row, col)
        if self.state[i] != HIDE:
            return ALIVE
        if self.mine[i]:
            self.exploded = i
            self.open_all()
        else:
            self.open_cell(i)
        return self.show()

    def flag(self, row: int, col: int) -> int:
        """Put up or take down a flag (flag, 旗を立てる／抜く). An open cell is left alone.

        >>> vm = VMap(1, 4, 1)
        >>> vm.first(1, 1, mines_at=[vm.index(1, 3)])
        0
        >>> vm.flag(1, 3), vm.flags
        (0, 1)
        """
        i = self.index(row, col)
        if self.state[i] == OPEN:
            return ALIVE
        if self.state[i] == FLAG:
            self.state[i] = HIDE
            self.flags -= 1
            self.hidden += 1
        else:
            self.state[i] = FLAG
            self.flags += 1
            self.hidden -= 1
        return self.show()

    def open_cell(self, i: int) -> list[int]:
        """Open index ``i`` and, from every zero reached, its neighbours (_openCell); return them in order.

        The tutorial calls itself for each of the eight neighbours of a zero. A big empty region of a
        large custom board would need thousands of nested calls, past Python's recursion limit (1000
        by default), so the cells still to visit wait on an explicit stack (a list) instead. Only hidden
        cells are opened: flags and the open border stop the spread.

        >>> vm = VMap(1, 3, 1)
        >>> vm.place_mines([vm.index(1, 3)])
        >>> [vm.coords(i) for i in vm.open_cell(vm.index(1, 1))]
        [(1, 1), (1, 2)]
        """
        opened: list[int] = []
        state, near, offsets = self.state, self.near, self.offsets
        stack = [i]
        while stack:
            j = stack.pop()
            if state[j] != HIDE:
                continue
            state[j] = OPEN
            opened.append(j)
            if near[j] == 0:
                stack.extend(j + d for d in offsets)
        self.hidden -= len(opened)
        return opened

    def open_all(self) -> None:
        """Open every playing cell, flags included (_openAll): the board after a blast."""
        for i in self.cells:
            self.state[i] = OPEN
        self.flags = 0
        self.hidden = 0

    def show(self) -> int:
        """Decide the result from the counts (_show): ``DEAD``, ``CLEARED`` or ``ALIVE``.

        The tutorial recounts flags and hidden cells on every redraw; the counts here are kept up to
        date instead, because the solver plays thousands of games. Cells not open = flags + hidden;
        once that equals the number of mines, every safe cell is open: cleared, whatever the flags
        say. (The tutorial also reads "nothing left closed" as a blast, which misfires on a board
        without mines, so the opened mine is remembered in ``exploded`` instead.)
        """
        if self.exploded is not None:
            return DEAD
        if self.placed and self.flags + self.hidden == self.mines:
            return CLEARED
        return ALIVE

    # -- copying and printing --------------------------------------------------------------------
    def copy(self) -> "VMap":
        """An independent copy."""
        other = object.__new__(VMap)
        other.__dict__.update(self.__dict__)
        other.mine, other.near, other.state = self.mine[:], self.near[:], self.state[:]
        return other

    def symbol(self, i: int) -> str:
        """The one-character text of a cell: ``#`` hidden, ``F`` flag, ``.`` empty, ``1``–``8``, ``*`` mine, ``X`` the blast."""
        state = self.state[i]
        if state == HIDE:
            return "#"
        if state == FLAG:
            return "F"
        if self.mine[i]:
            return "X" if i == self.exploded else "*"
        return str(self.near[i]) if self.near[i] else "."

    def __str__(self) -> str:
        w = self.width
        return "\n".join(
            " ".join(self.symbol(r * w + c) for c in range(1, self.cols + 1)) for r in range(1, self.rows + 1)
        )
