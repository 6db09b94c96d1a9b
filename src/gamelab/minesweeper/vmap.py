"""The virtual map (仮想マップ, the tutorial's ``VMap``): what is under every cell and what is shown.

The tutorial keeps one object per cell in a table of 18 × 32: the 16 × 30 playing field plus a
*sentinel border* (ダミー) of cells that are already open and hold no mine. Thanks to that border every
real cell has eight neighbours, so neither the mine counting nor the flood fill ever checks bounds.

Here the table is flattened into three lists of the same length (``mine``, ``near``, ``state``), indexed
by ``r * width + c`` with ``width = cols + 2``; :meth:`VMap.index` turns a ``(row, col)`` pair into that
index. Rows and columns are numbered from 1 to ``rows`` / ``cols``, exactly as in the tutorial, because
row 0 and column 0 are the sentinel border. The eight neighbours of index ``i`` are ``i + d`` for the
eight offsets in :attr:`VMap.offsets`.

Each step of the tutorial's VMap is a plain function here, which the map calls: :func:`sentinel_states`
(the table and ``init``), :func:`neighbour_offsets`, :func:`placeable_cells` (``_getPlacableCells``),
:func:`lay_mines` (``first``'s mine laying), :func:`open_cell` (``_openCell``), :func:`open_at`
(``open``), :func:`toggle_flag` (``flag``), :func:`tally` and :func:`verdict` (``_show``). A map class
made by :meth:`VMap.with_rules` runs on other versions of them (a learner's), and recounts the flags and
hidden cells on every :meth:`~VMap.show`, as the tutorial's ``_show`` does.

>>> import random
>>> vm = VMap(9, 9, 10)
>>> vm.first(5, 5, random.Random(1))
0
>>> vm.state[vm.index(5, 5)] == OPEN
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from typing import Any, Callable, ClassVar, Iterable

from ..errors import quote

__all__ = [
    "ROWS", "COLS", "MINES", "HIDE", "OPEN", "FLAG", "DEAD", "ALIVE", "CLEARED", "ACOMP",
    "PRESETS", "VMap", "MapRules", "check_size", "MAX_ROWS", "MAX_COLS",
    "sentinel_states", "neighbour_offsets", "placeable_cells", "lay_mines", "open_cell", "open_at",
    "toggle_flag", "tally", "verdict",
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
    for label, value in (("rows", rows), ("cols", cols)):
        if not isinstance(value, int) or isinstance(value, bool) or value < 1:
            raise ValueError(f"{label} must be a positive whole number, not {quote(value)}")
    if not isinstance(mines, int) or isinstance(mines, bool) or mines < 0:
        raise ValueError(f"mines must be a whole number ≥ 0, not {quote(mines)}")
    cells = rows * cols
    free = 9 if opening else 1
    if mines > cells - free:
        why = "the 3 × 3 block of the first click is kept free" if opening else "the first click is always safe"
        raise ValueError(
            f"{mines} mines do not fit on {rows} × {cols} = {cells} cells: at most {max(cells - free, 0)}, since {why}"
        )


# -- the tutorial's steps, one function each (the map below calls them) ---------------------------------
def sentinel_states(rows: int, cols: int) -> list[int]:
    """The cell states of a fresh map, sentinel border included (the VMap table and ``init``, 仮想マップ).

    The table has ``rows + 2`` rows of ``cols + 2`` cells, flattened row by row (cell ``(r, c)`` is
    entry ``r * (cols + 2) + c``). Its outer ring, the tutorial's dummy cells (ダミー), is ``OPEN`` for
    good; every playing cell starts ``HIDE``.

    >>> sentinel_states(1, 2)   # a 1 × 2 map is a 3 × 4 table
    [1, 1, 1, 1, 1, 0, 0, 1, 1, 1, 1, 1]
    """
    width = cols + 2
    states = [OPEN] * ((rows + 2) * width)
    for r in range(1, rows + 1):
        for c in range(1, cols + 1):
            states[r * width + c] = HIDE
    return states


def neighbour_offsets(width: int) -> tuple[int, ...]:
    """How many entries away the eight neighbours of a cell are, in a flattened table ``width`` cells wide.

    The tutorial writes them out, ``vm[r - 1][c - 1]`` … ``vm[r + 1][c + 1]``; one row up is ``width``
    entries back, so from up-left to down-right they are:

    >>> neighbour_offsets(5)
    (-6, -5, -4, -1, 1, 4, 5, 6)
    """
    return (-width - 1, -width, -width + 1, -1, 1, width - 1, width, width + 1)


def placeable_cells(vm: VMap, row: int, col: int) -> list[int]:
    """The cells that may hold a mine when the first click is at ``(row, col)`` (_getPlacableCells).

    Every playing cell but the clicked one, row by row; with the ``opening`` option (the author's
    closing question) the clicked cell's 3 × 3 block is kept free too, so the first click always
    opens an area.

    >>> len(placeable_cells(VMap(9, 9, 10), 5, 5)), len(placeable_cells(VMap(9, 9, 10, opening=True), 5, 5))
    (80, 72)
    """
    start = vm.index(row, col)
    keep_free = {start}
    if vm.opening:
        keep_free.update(start + d for d in vm.offsets)
    return [i for i in vm.cells if i not in keep_free]


def lay_mines(vm: VMap, indices: Iterable[int]) -> None:
    """Put a mine on every index and add one to the ``near`` count of its eight neighbours (爆弾をセット).

    The border cells take counts too, harmlessly: that is what spares every bounds check.

    >>> vm = VMap(1, 3, 1)
    >>> lay_mines(vm, [vm.index(1, 1)])
    >>> [vm.near[vm.index(1, c)] for c in (1, 2, 3)]
    [0, 1, 0]
    """
    for i in indices:
        vm.mine[i] = 1
        for d in vm.offsets:
            vm.near[i + d] += 1


def open_cell(vm: VMap, i: int) -> list[int]:
    """Open index ``i`` and, from every zero reached, its neighbours (_openCell); return them in order.

    The tutorial calls itself for each of the eight neighbours of a zero. A big empty region of a
    large custom board would need thousands of nested calls, past Python's recursion limit (1000
    by default), so the cells still to visit wait on an explicit stack (a list) instead. Only hidden
    cells are opened: flags and the open border stop the spread.

    >>> vm = VMap(1, 3, 1)
    >>> lay_mines(vm, [vm.index(1, 3)])
    >>> [vm.coords(i) for i in open_cell(vm, vm.index(1, 1))]
    [(1, 1), (1, 2)]
    """
    opened: list[int] = []
    state, near, offsets = vm.state, vm.near, vm.offsets
    stack = [i]
    while stack:
        j = stack.pop()
        if state[j] != HIDE:
            continue
        state[j] = OPEN
        opened.append(j)
        if near[j] == 0:
            stack.extend(j + d for d in offsets)
    return opened


def open_at(vm: VMap, row: int, col: int) -> None:
    """A click in open mode (the tutorial's ``open``; in Python ``open`` opens files, hence the name).

    A cell that is not hidden is left alone. A mine is the blast: it is remembered in ``vm.exploded``
    and the whole board opens (``vm.open_all()``, the tutorial's _openAll). Any other cell opens and
    spreads from zeros (``vm.open_cell``).

    >>> vm = VMap(1, 4, 1)
    >>> vm.first(1, 1, mines_at=[vm.index(1, 3)])
    0
    >>> open_at(vm, 1, 3); print(vm)
    . 1 X 1
    """
    i = vm.index(row, col)
    if vm.state[i] != HIDE:
        return
    if vm.mine[i]:
        vm.exploded = i
        vm.open_all()
    else:
        vm.open_cell(i)


def toggle_flag(vm: VMap, row: int, col: int) -> None:
    """A click in flag mode (the tutorial's ``flag``, 旗を立てる／抜く): a hidden cell takes a flag, a flag comes down.

    An open cell is left alone.

    >>> vm = VMap(1, 2, 1)
    >>> toggle_flag(vm, 1, 2); print(vm)
    # F
    """
    i = vm.index(row, col)
    if vm.state[i] == OPEN:
        return
    vm.state[i] = HIDE if vm.state[i] == FLAG else FLAG


def tally(vm: VMap) -> tuple[int, int]:
    """``(flags, rest)``: the flagged and the hidden playing cells (the sums the tutorial's ``_show`` counts).

    >>> vm = VMap(2, 2, 1)
    >>> toggle_flag(vm, 1, 1); tally(vm)
    (1, 3)
    """
    flags = rest = 0
    for i in vm.cells:
        if vm.state[i] == FLAG:
            flags += 1
        elif vm.state[i] == HIDE:
            rest += 1
    return flags, rest


def verdict(flags: int, rest: int, mines: int) -> int:
    """The result the tutorial's ``_show`` returns, from the counts alone: ``CLEARED``, ``DEAD`` or ``ALIVE``.

    Cells not open = flags + rest. Once that equals the number of mines, every safe cell is open:
    cleared (ACOMP, 完遂), whatever the flags say. Nothing closed at all means the blast opened
    everything: dead. The tutorial asks "nothing closed?" first, which calls a board without mines
    a blast once it is cleared, so the clear is asked first here.

    >>> verdict(2, 8, 10), verdict(0, 0, 10), verdict(3, 9, 10)
    (1, -1, 0)
    """
    closed = flags + rest
    if closed == mines:
        return CLEARED
    if closed == 0:
        return DEAD
    return ALIVE


@dataclass(frozen=True)
class MapRules:
    """The tutorial's steps a map runs on, by name: the shipped functions, or a learner's (:meth:`VMap.with_rules`)."""

    sentinel_states: Callable[[int, int], list[int]] = sentinel_states
    neighbour_offsets: Callable[[int], tuple[int, ...]] = neighbour_offsets
    placeable_cells: Callable[[VMap, int, int], list[int]] = placeable_cells
    lay_mines: Callable[[VMap, Iterable[int]], None] = lay_mines
    open_cell: Callable[[VMap, int], list[int]] = open_cell
    open_at: Callable[[VMap, int, int], None] = open_at
    toggle_flag: Callable[[VMap, int, int], None] = toggle_flag
    tally: Callable[[VMap], tuple[int, int]] = tally
    verdict: Callable[[int, int, int], int] = verdict


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

    #: the tutorial's steps this map runs on (:meth:`with_rules` makes a map class that runs on others)
    rules: ClassVar[MapRules] = MapRules()
    #: whether :meth:`show` recounts flags and hidden cells with ``rules.tally`` every time, as the
    #: tutorial does; the shipped map keeps its counts up to date instead (a map on other rules recounts)
    recount: ClassVar[bool] = False

    @classmethod
    def with_rules(cls, **steps: Callable[..., Any]) -> type[VMap]:
        """A map class running on other versions of the tutorial's steps (a learner's), given by name.

        Its maps recount the flags and hidden cells on every :meth:`show`, as the tutorial does, so
        steps need not keep any count.

        >>> Endless = VMap.with_rules(verdict=lambda flags, rest, mines: ALIVE)
        >>> vm = Endless(1, 2, 1)
        >>> vm.first(1, 1, mines_at=[vm.index(1, 2)]), vm.open(1, 2)   # a blast, but this verdict plays on
        (0, 0)
        >>> VMap.with_rules(flood=open_cell)
        Traceback (most recent call last):
        ...
        ValueError: no map step called flood: the steps are sentinel_states, neighbour_offsets, placeable_cells, lay_mines, open_cell, open_at, toggle_flag, tally, verdict
        """
        known = [f.name for f in fields(MapRules)]
        unknown = sorted(set(steps) - set(known))
        if unknown:
            raise ValueError(f"no map step called {', '.join(unknown)}: the steps are {', '.join(known)}")
        attrs = {"rules": replace(cls.rules, **steps), "recount": True, "__module__": cls.__module__,
                 "__doc__": cls.__doc__}
        return type(cls.__name__, (cls,), attrs)

    def __init__(self, rows: int = ROWS, cols: int = COLS, mines: int = MINES, *, opening: bool = False) -> None:
        check_size(rows, cols, mines, opening)
        self.rows, self.cols, self.mines, self.opening = rows, cols, mines, opening
        self.width = cols + 2
        #: index offsets of the eight neighbours (up-left … down-right)
        self.offsets: tuple[int, ...] = tuple(self.rules.neighbour_offsets(self.width))
        #: indices of the playing cells, row by row
        self.cells: list[int] = [r * self.width + c for r in range(1, rows + 1) for c in range(1, cols + 1)]
        self.mine: list[int] = []
        self.near: list[int] = []
        self.state: list[int] = []
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
        """Start a new game (init): no mines, the border open, every playing cell hidden.

        >>> VMap(2, 2, 1).init()
        0
        """
        size = (self.rows + 2) * self.width
        self.mine = [0] * size
        self.near = [0] * size
        self.state = list(self.rules.sentinel_states(self.rows, self.cols))
        self.flags, self.hidden = self.rules.tally(self)
        self.exploded = None
        self.placed = False
        return self.show()

    def placeable_cells(self, row: int, col: int) -> list[int]:
        """The cells that may hold a mine when the first click is at ``(row, col)`` (the step :func:`placeable_cells`).

        >>> len(VMap(9, 9, 10).placeable_cells(5, 5)), len(VMap(9, 9, 10, opening=True).placeable_cells(5, 5))
        (80, 72)
        """
        return list(self.rules.placeable_cells(self, row, col))

    def first(self, row: int, col: int, rng: random.Random | None = None, *, mines_at: Iterable[int] | None = None) -> int:
        """The first click (first): place the mines away from ``(row, col)``, count neighbours, open it.

        The mines are drawn with ``rng`` among :meth:`placeable_cells` (the tutorial splices random
        cells out of that list; ``rng.sample`` draws the same way), unless ``mines_at`` gives them.

        >>> vm = VMap(2, 2, 3)
        >>> vm.first(1, 1, random.Random(0))
        1
        """
        # region mines
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
        # endregion

    def place_mines(self, indices: Iterable[int]) -> None:
        """Put a mine on every index and add one to each neighbour's count (the step :func:`lay_mines`)."""
        self.rules.lay_mines(self, indices)
        self.placed = True

    def open(self, row: int, col: int) -> int:
        """Open ``(row, col)`` in open mode (the step :func:`open_at`) and report the result.

        A cell that is not hidden is left alone; a mine opens the whole board and the game is lost;
        any other cell flood-opens from itself.

        >>> vm = VMap(1, 4, 1)
        >>> vm.first(1, 1, mines_at=[vm.index(1, 3)])
        0
        >>> vm.open(1, 3)
        -1
        """
        if self.state[self.index(row, col)] != HIDE:
            return ALIVE  # the tutorial's map answers a click on an open or flagged cell with "go on"
        self.rules.open_at(self, row, col)
        return self.show()

    def flag(self, row: int, col: int) -> int:
        """Put up or take down a flag (the step :func:`toggle_flag`) and report the result.

        >>> vm = VMap(1, 4, 1)
        >>> vm.first(1, 1, mines_at=[vm.index(1, 3)])
        0
        >>> vm.flag(1, 3), vm.flags
        (0, 1)
        """
        i = self.index(row, col)
        before = self.state[i]
        if before == OPEN:
            return ALIVE  # as the tutorial's map: nothing to do, go on
        self.rules.toggle_flag(self, row, col)
        after = self.state[i]
        self.flags += (after == FLAG) - (before == FLAG)
        self.hidden += (after == HIDE) - (before == HIDE)
        return self.show()

    def open_cell(self, i: int) -> list[int]:
        """Open index ``i`` and, from every zero reached, its neighbours (the step :func:`open_cell`).

        Returns the cells opened, in order, and keeps the count of hidden cells.
        """
        opened = self.rules.open_cell(self, i)
        if self.recount:
            return list(opened or ())  # another version may return nothing: show() recounts anyway
        self.hidden -= len(opened)
        return opened

    def open_all(self) -> None:
        """Open every playing cell, flags included (_openAll): the board after a blast."""
        for i in self.cells:
            self.state[i] = OPEN
        self.flags = 0
        self.hidden = 0

    def show(self) -> int:
        """Decide the result (_show): ``DEAD``, ``CLEARED`` or ``ALIVE``, by the step :func:`verdict`.

        The tutorial recounts flags and hidden cells on every redraw. The shipped map keeps the two
        counts up to date as cells change instead (counted with :func:`tally` when a game starts),
        because the solver plays thousands of games; a map on other rules recounts every time.
        """
        if self.recount:
            self.flags, self.hidden = self.rules.tally(self)
        return self.rules.verdict(self.flags, self.hidden, self.mines)

    # -- copying and printing --------------------------------------------------------------------
    def copy(self) -> "VMap":
        """An independent copy."""
        other = object.__new__(type(self))  # a map on other rules stays one
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
