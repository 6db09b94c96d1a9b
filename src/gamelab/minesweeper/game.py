"""Minesweeper as a gamelab :class:`~gamelab.game.Game`: a setup, a seed and text actions.

Actions (rows and columns from 1, as in the tutorial's map, whose row 0 and column 0 are the border):

* ``open r c`` – open a hidden cell; the first ``open`` places the mines (from the seed, so a saved
  game replays exactly) away from that cell, or from its 3 × 3 block with the ``opening`` option;
* ``flag r c`` – put up or take down a flag on a hidden cell (allowed once the first cell is open, as
  the tutorial enables its flag mode only then);
* ``chord r c`` – on an open number with exactly that many flags around it, open all its other hidden
  neighbours at once (a wrong flag makes this lose the game, as in every classic Minesweeper).

The tutorial's map silently ignores a click on an open cell. An action that changes nothing would
still be recorded (and undone, and saved), so here opening an open cell, opening a flagged one,
flagging an open one and any action after the game is over are refused with an :class:`IllegalMove`
that says why; the controller (:mod:`.tutorial`) keeps the tutorial's behaviour and simply ignores such
clicks.

>>> g = Minesweeper.new("beginner", seed=7)
>>> g.play("open 5 5")
>>> g.mines_left, g.is_over
(10, False)
"""

from __future__ import annotations

import random
from typing import Any, Callable, ClassVar, NamedTuple, Self

from .. import checks
from ..errors import IllegalMove, quote
from ..game import Game, check_action_text, register_game
from .generate import no_guess_mines
from .solver import Solver
from .vmap import (
    ALIVE,
    CLEARED,
    COLS,
    DEAD,
    FLAG,
    HIDE,
    MAX_COLS,
    MAX_ROWS,
    MINES,
    OPEN,
    PRESETS,
    ROWS,
    VMap,
    check_size,
)

__all__ = ["Minesweeper", "Hint", "no_guess_layout", "check_no_guess_size", "NO_GUESS_DENSITY"]

VERBS = ("open", "flag", "chord")

#: a no-guess board holds mines on at most this share of its cells: denser boards rarely have a layout
#: solvable without guessing, and the search for one would run for minutes before giving up
NO_GUESS_DENSITY = 0.4


def check_no_guess_size(rows: int, cols: int, mines: int) -> None:
    """Refuse, at once, a no-guess board the generator cannot be expected to lay out.

    Both sides need at least 3 cells (on a strip one or two cells wide a mine walls off the rest, as in
    Simon Tatham's Mines), and at most :data:`NO_GUESS_DENSITY` of the cells hold a mine.

    >>> check_no_guess_size(16, 30, 450)
    Traceback (most recent call last):
    ValueError: a no-guess board holds at most 192 mines on 16 × 30 (40 % of its cells), not 450
    """
    if rows < 3 or cols < 3:
        raise ValueError(f"a no-guess board needs at least 3 rows and 3 columns, not {rows} × {cols}")
    most = int(rows * cols * NO_GUESS_DENSITY)
    if mines > most:
        raise ValueError(f"a no-guess board holds at most {most} mines on {rows} × {cols} "
                         f"({NO_GUESS_DENSITY:.0%} of its cells), not {mines}".replace("%", " %"))


def no_guess_layout(rows: int, cols: int, mines: int, seed: int, row: int, col: int) -> tuple[int, ...]:
    """The no-guess mines for a first click at ``(row, col)``, drawn from ``seed``: a search that can take
    seconds on a big board (it listens for Stop: :func:`gamelab.work.checkpoint`). Nothing is remembered
    here: a board plays the first click once, as long work, and keeps the position it gives
    (:meth:`~gamelab.game.Record.adopt`; Undo and Redo re-use it).

    >>> len(no_guess_layout(9, 9, 10, 0, 5, 5))
    10
    """
    return tuple(no_guess_mines(rows, cols, mines, row, col, random.Random(seed)))


class Hint(NamedTuple):
    """The cell the solver would open next, and its mine chance (0.0 when certain)."""

    row: int
    col: int
    chance: float

    @property
    def certain(self) -> bool:
        return self.chance == 0.0


@register_game
class Minesweeper(Game):
    """A game of Minesweeper: the virtual map plus the rules of the text actions.

    >>> g = Minesweeper.new(rows=2, cols=2, mines=3, seed=0)
    >>> g.play("open 1 1")
    >>> g.won
    True
    """

    name = "minesweeper"
    #: the map class new games are built on (:meth:`with_rules` makes a game on other map steps)
    map_class: ClassVar[type[VMap]] = VMap

    @classmethod
    def with_rules(cls, **steps: Callable[..., Any]) -> type[Minesweeper]:
        """Minesweeper on other versions of the map's tutorial steps (a learner's; see :meth:`VMap.with_rules`).

        Saves are the same: a game records its setup and actions, not the steps it ran on.

        >>> Endless = Minesweeper.with_rules(verdict=lambda flags, rest, mines: 0)
        >>> g = Endless.new(rows=1, cols=2, mines=1, seed=0); g.play("open 1 1"); g.is_over
        False
        """
        map_class = cls.map_class.with_rules(**steps)
        return type(cls.__name__, (cls,), {"map_class": map_class, "__module__": cls.__module__, "__doc__": cls.__doc__})

    def __init__(self, vm: VMap, setup: dict[str, Any]) -> None:
        self.vm = vm
        self.setup = setup

    @classmethod
    def new(
        cls,
        preset: str | None = None,
        *,
        rows: int | None = None,
        cols: int | None = None,
        mines: int | None = None,
        seed: int = 0,
        opening: bool = False,
        no_guess: bool = False,
    ) -> Self:
        """A fresh board: a ``preset`` (beginner, intermediate, expert) or custom ``rows``/``cols``/``mines``.

        Left out, the size is the tutorial's 16 × 30 with 99 mines. ``no_guess`` boards are always
        solvable by deduction from the first click, which then always opens an area (so it implies
        ``opening``).

        >>> Minesweeper.new("intermediate").setup["mines"]
        40
        >>> Minesweeper.new("huge")
        Traceback (most recent call last):
        ...
        ValueError: unknown preset 'huge': choose beginner, intermediate, expert, or give rows, cols and mines
        """
        if preset is not None:
            if not isinstance(preset, str) or preset not in PRESETS:
                raise ValueError(
                    f"unknown preset {quote(preset)}: choose {', '.join(PRESETS)}, or give rows, cols and mines"
                )
            if (rows, cols, mines) != (None, None, None):
                raise ValueError(f"give either the preset {preset!r} or rows/cols/mines, not both")
            rows, cols, mines = PRESETS[preset]
        rows = ROWS if rows is None else rows
        cols = COLS if cols is None else cols
        mines = MINES if mines is None else mines
        for label, value, most in (("rows", rows, MAX_ROWS), ("cols", cols, MAX_COLS)):
            if isinstance(value, int) and not isinstance(value, bool) and value > most:
                raise ValueError(f"{label} is at most {most}, not {quote(value)}")
        checks.seed("the seed", seed)
        checks.flag("opening", opening)
        checks.flag("no_guess", no_guess)
        opening = opening or no_guess
        check_size(rows, cols, mines, opening)
        if no_guess:
            check_no_guess_size(rows, cols, mines)
        settings = {"rows": rows, "cols": cols, "mines": mines, "seed": seed, "opening": opening, "no_guess": no_guess}
        return cls(cls.map_class(rows, cols, mines, opening=opening), settings)

    def copy(self) -> Self:
        return type(self)(self.vm.copy(), dict(self.setup))

    # -- reading ---------------------------------------------------------------------------------
    @property
    def rows(self) -> int:
        return self.vm.rows

    @property
    def cols(self) -> int:
        return self.vm.cols

    @property
    def mines(self) -> int:
        return self.vm.mines

    @property
    def started(self) -> bool:
        """True once the first cell is open (and the mines are placed)."""
        return self.vm.placed

    @property
    def result(self) -> int:
        """``ALIVE`` (0), ``CLEARED`` (1) or ``DEAD`` (−1), as the tutorial's map reports it."""
        return self.vm.show()

    @property
    def is_over(self) -> bool:
        return self.result != ALIVE

    @property
    def won(self) -> bool:
        return self.result == CLEARED

    @property
    def lost(self) -> bool:
        return self.result == DEAD

    @property
    def mines_left(self) -> int:
        """The mine counter: mines minus flags (negative when there are too many flags)."""
        return self.vm.mines - self.vm.flags

    def cell(self, row: int, col: int) -> str:
        """The one-character text of a cell (see :meth:`VMap.symbol`)."""
        return self.vm.symbol(self.vm.index(row, col))

    def flags_around(self, row: int, col: int) -> int:
        vm = self.vm
        return sum(1 for j in vm.neighbours(vm.index(row, col)) if vm.state[j] == FLAG)

    def can_chord(self, row: int, col: int) -> bool:
        """True if ``chord row col`` is legal now."""
        try:
            self._check_chord(row, col, f"chord {row} {col}")
        except IllegalMove:
            return False
        return True

    # -- acting ----------------------------------------------------------------------------------
    def play(self, action: str) -> None:
        """Apply ``open r c``, ``flag r c`` or ``chord r c``; raise :class:`IllegalMove` changing nothing.

        >>> g = Minesweeper.new("beginner", seed=1)
        >>> g.play("flag 1 1")
        Traceback (most recent call last):
        ...
        gamelab.errors.IllegalMove: 'flag 1 1': open a first cell before placing flags
        """
        check_action_text(action)
        verb, row, col = self._parse(action)
        vm = self.vm
        if self.is_over:
            raise IllegalMove(f"{action!r}: the game is over ({'cleared' if self.won else 'blown up'})")
        i = vm.index(row, col)
        if verb == "open":
            if not vm.placed:
                vm.first(row, col, mines_at=self._layout(row, col))
            elif vm.state[i] == OPEN:
                raise IllegalMove(f"{action!r}: that cell is already open")
            elif vm.state[i] == FLAG:
                raise IllegalMove(f"{action!r}: that cell is flagged; take the flag down first ('flag {row} {col}')")
            else:
                vm.open(row, col)
        elif verb == "flag":
            if not vm.placed:
                raise IllegalMove(f"{action!r}: open a first cell before placing flags")
            if vm.state[i] == OPEN:
                raise IllegalMove(f"{action!r}: that cell is open; only hidden cells take a flag")
            vm.flag(row, col)
        else:
            targets = self._check_chord(row, col, action)
            for j in targets:
                if vm.mine[j]:
                    # A wrong flag: the first mine reached blows up, as a plain open would.
                    vm.exploded = j
                    vm.open_all()
                    break
                vm.open_cell(j)

    def _parse(self, action: str) -> tuple[str, int, int]:
        parts = action.split() if isinstance(action, str) else []
        if len(parts) != 3 or parts[0] not in VERBS:
            raise IllegalMove(f"{action!r} is not an action: write 'open r c', 'flag r c' or 'chord r c'")
        try:
            row, col = int(parts[1]), int(parts[2])
        except ValueError:
            raise IllegalMove(f"{action!r}: the row and column must be whole numbers") from None
        if not self.vm.inside(row, col):
            raise IllegalMove(
                f"{action!r}: no such cell; rows go from 1 to {self.rows} and columns from 1 to {self.cols}"
            )
        return parts[0], row, col

    def _check_chord(self, row: int, col: int, action: str) -> list[int]:
        vm = self.vm
        i = vm.index(row, col)
        if vm.state[i] != OPEN:
            raise IllegalMove(f"{action!r}: chording works on an open number, and this cell is not open")
        n = vm.near[i]
        around = vm.neighbours(i)
        flags = sum(1 for j in around if vm.state[j] == FLAG)
        if flags != n:
            raise IllegalMove(f"{action!r}: the {n} there has {flags} flag{'s' if flags != 1 else ''} around it, not {n}")
        targets = [j for j in around if vm.state[j] == HIDE]
        if not targets:
            raise IllegalMove(f"{action!r}: no hidden cell around it is left to open")
        return targets

    def _layout(self, row: int, col: int) -> list[int]:
        """The mines for a first click at ``(row, col)``, drawn from the seed."""
        if self.setup["no_guess"]:
            try:
                return list(no_guess_layout(self.rows, self.cols, self.mines, self.setup["seed"], row, col))
            except ValueError as exc:
                raise IllegalMove(f"open {row} {col}: {exc}; a board with fewer mines, or another seed, "
                                  "will have one") from None
        rng = random.Random(self.setup["seed"])
        return rng.sample(self.vm.placeable_cells(row, col), self.mines)

    def searches_layout(self, action: str) -> bool:
        """True when ``action`` is the first ``open`` of a no-guess board: it searches the layout, which can
        take seconds on a big board, so a board plays it as long work (off the kernel's thread, with Stop).

        >>> g = Minesweeper.new("beginner", no_guess=True)
        >>> g.searches_layout("open 5 5"), g.searches_layout("flag 5 5")
        (True, False)
        """
        if not self.setup["no_guess"] or self.vm.placed or self.is_over:
            return False
        try:
            verb, _, _ = self._parse(action)
        except IllegalMove:
            return False
        return verb == "open"

    def legal_actions(self) -> list[str]:
        """Every action allowed now."""
        if self.is_over:
            return []
        vm = self.vm
        out = []
        for i in vm.cells:
            r, c = vm.coords(i)
            if vm.state[i] == HIDE:
                out.append(f"open {r} {c}")
            if vm.placed and vm.state[i] != OPEN:
                out.append(f"flag {r} {c}")
            if vm.state[i] == OPEN and self.can_chord(r, c):
                out.append(f"chord {r} {c}")
        return out

    # -- the solver's view -----------------------------------------------------------------------
    def solver(self) -> Solver:
        """A :class:`Solver` that has seen what a player sees now."""
        return Solver.for_map(self.vm)

    def hint(self) -> Hint | None:
        """The cell the solver would open next: a certain one if any, else its best guess
        (:meth:`Solver.best_guess`: nearly the safest cell, the one after which the next move is safest).

        None before the first click (any cell is safe then) and once the game is over.

        >>> g = Minesweeper.new("beginner", seed=7)
        >>> g.play("open 5 5")
        >>> g.hint().certain
        True
        """
        if not self.started or self.is_over:
            return None
        solver = self.solver()
        solver.deduce()
        # A safe cell under a (wrong) flag comes last: it cannot be opened before the flag is down.
        safe = sorted(solver.safe_known(), key=lambda i: self.vm.state[i] == FLAG)
        if safe:
            return Hint(*self.vm.coords(safe[0]), 0.0)
        analysis = solver.analyse()
        cell = solver.best_guess(analysis)
        return Hint(*self.vm.coords(cell), analysis.chance(cell))

    def chances(self) -> dict[tuple[int, int], float] | None:
        """Every hidden cell's chance of holding a mine, as a player can know it (the Chances overlay).

        Cells the solver has settled get 0.0 or 1.0. None before the first click and once the game is over.

        >>> g = Minesweeper.new(rows=2, cols=3, mines=2, seed=0)
        >>> g.play("open 1 2"); print(g)
        # 2 #
        # # #
        >>> g.chances()[(1, 1)]
        0.4
        """
        if not self.started or self.is_over:
            return None
        solver = self.solver()
        solver.deduce()
        analysis = solver.analyse()
        vm = self.vm
        out = {vm.coords(i): analysis.chance(i) for i in solver.unknown()}
        out.update({vm.coords(i): 0.0 for i in solver.safe_known()})
        out.update({vm.coords(i): 1.0 for i in solver.mines_known()})
        return out

    # -- comparing and printing ------------------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Minesweeper):
            return NotImplemented
        a, b = self.vm, other.vm
        return (self.setup, a.mine, a.state, a.exploded, a.placed) == (other.setup, b.mine, b.state, b.exploded, b.placed)

    __hash__ = None  # type: ignore[assignment]  # typeshed wants a method; None is how Python says "unhashable"

    def __str__(self) -> str:
        return str(self.vm)

    def __repr__(self) -> str:
        state = "cleared" if self.won else "blown up" if self.lost else "playing" if self.started else "new"
        return f"<Minesweeper {self.rows}×{self.cols}, {self.mines} mines, {state}>"

    def _repr_svg_(self) -> str:
        from .picture import MinesweeperPicture

        return MinesweeperPicture().svg(self)

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        from .picture import MinesweeperPicture

        return MinesweeperPicture().png_bundle(self)

