"""Lights Out: the small complete game of the start-here lesson.

A square grid of lights; pressing one toggles it and its four neighbours. Turn every light off.
A press goes through the three pieces the start-here lesson has a learner write: :func:`cell_name` names
the lamp clicked (the action's text), :func:`press_mask` says which lamps the press toggles and
:func:`toggle` gives the lights after it. Pressing is its own inverse and the order of presses does not matter, so a puzzle made by pressing
random cells of a dark board is always solvable, and :func:`solve` finds the fewest presses by
linear algebra over GF(2) (each press is a vector; we look for a combination that equals the board).

>>> g = LightsOut.new(size=3, seed=0, presses=0)
>>> g.play("b2"); print(g)
. # .
# # #
. # .
"""

from __future__ import annotations

import random
from typing import Any, Callable, Self

from .. import checks
from ..errors import IllegalMove
from ..game import Game, check_action_text, register_game

__all__ = ["LightsOut", "solve", "cell_name", "parse_cell", "press_mask", "toggle", "PIECES"]

COLUMNS = "abcdefghij"


def cell_name(row: int, col: int) -> str:
    """The name of the lamp at ``(row, col)`` (0-based, from the top left): its column's letter, then its
    row's number counted from 1, as on a chess board read top-down.

    >>> cell_name(2, 1)
    'b3'
    """
    return COLUMNS[col] + str(row + 1)


def parse_cell(text: str, size: int) -> tuple[int, int]:
    """``'b3'`` → ``(2, 1)``; anything else raises ``IllegalMove`` naming the problem."""
    text = check_action_text(text).strip().lower()
    if len(text) < 2 or text[0] not in COLUMNS or not (text[1:].isascii() and text[1:].isdigit()):
        raise IllegalMove(f"{text!r} is not a cell: write a column letter and a row number, like 'b2'")
    row, col = int(text[1:]) - 1, COLUMNS.index(text[0])
    if not (0 <= row < size and 0 <= col < size):
        last = cell_name(size - 1, size - 1)
        raise IllegalMove(f"{text!r} is off the board: cells go from a1 to {last}")
    return row, col


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def press_mask(size: int, row: int, col: int) -> int:
    """The lights one press at (row, col) toggles on a ``size`` × ``size`` board, one bit per lamp
    (bit ``row * size + col``): the lamp itself and its orthogonal neighbours, none off the edge.

    >>> bin(press_mask(3, 0, 0))
    '0b1011'
    """
    mask = 0
    for r, c in ((row, col), (row - 1, col), (row + 1, col), (row, col - 1), (row, col + 1)):
        if 0 <= r < size and 0 <= c < size:
            mask |= 1 << (r * size + c)
    return mask


def toggle(lights: int, mask: int) -> int:
    """The lights after a press that toggles the lamps of ``mask``: each of them that is lit goes dark, each
    dark one lights up, and the other lamps stay as they are (both are bit masks, one bit per lamp).

    >>> bin(toggle(0b0110, 0b0011))
    '0b101'
    """
    return lights ^ mask


#: the pieces a game plays by, by name (:meth:`LightsOut.with_pieces` swaps in a learner's)
PIECES = ("cell_name", "press_mask", "toggle")


@register_game
class LightsOut(Game):
    """A Lights Out position: ``lights`` is a bit mask, bit ``row * size + col`` set when lit."""

    name = "lights-out"

    # The pieces a press goes through; with_pieces makes a game that plays by others (a learner's).
    cell_name = staticmethod(cell_name)
    press_mask = staticmethod(press_mask)
    toggle = staticmethod(toggle)

    def __init__(self, size: int, lights: int, setup: dict[str, Any]) -> None:
        self.size = size
        self.lights = lights
        self.presses = 0
        self.setup = setup

    @classmethod
    def new(cls, size: int = 5, seed: int = 0, presses: int | None = None) -> Self:
        """A solvable puzzle: ``presses`` random presses (default ``size * 2``) on a dark board."""
        checks.whole("size", size, low=2, high=len(COLUMNS))
        checks.seed("seed", seed)
        if presses is not None:
            checks.whole("presses", presses, low=0, high=1000)
        rng = random.Random(seed)
        game = cls(size, 0, {"size": size, "seed": seed, "presses": presses})
        count = size * 2 if presses is None else presses
        for cell in rng.sample(range(size * size), min(count, size * size)):
            game.lights ^= press_mask(size, *divmod(cell, size))  # the shipped pieces: a seed is one puzzle
        return game

    @classmethod
    def with_pieces(cls, **pieces: Callable[..., Any]) -> type["LightsOut"]:
        """LightsOut playing by the given pieces (``cell_name=``, ``press_mask=``, ``toggle=``) instead of the
        shipped ones; the others stay. Saves keep the same name. A puzzle is dealt by the shipped pieces, so a
        seed is the same puzzle whatever the pieces.

        >>> Lamps = LightsOut.with_pieces(press_mask=lambda size, row, col: 1 << (row * size + col))
        >>> g = Lamps.new(size=3, seed=0, presses=0); g.play("b2"); print(g)
        . . .
        . # .
        . . .
        """
        unknown = sorted(set(pieces) - set(PIECES))
        if unknown:
            raise TypeError(f"LightsOut has no piece called {', '.join(unknown)} (its pieces: {', '.join(PIECES)})")
        own = {name: staticmethod(piece) for name, piece in pieces.items() if piece is not None}
        return type(cls.__name__, (cls,), {**own, "__module__": cls.__module__}) if own else cls

    def lamp_name(self, row: int, col: int) -> str:
        """The action that presses the lamp at (row, col): its name by the ``cell_name`` piece."""
        name = self._piece("cell_name", row, col)
        if not isinstance(name, str):
            raise IllegalMove(f"cell_name({row}, {col}) gave {name!r}, which is not a text like 'b2'")
        return name

    def _mask(self, row: int, col: int) -> int:
        """The lights one press at (row, col) toggles (the press_mask piece's answer, checked)."""
        return self._lights(self._piece("press_mask", self.size, row, col), f"press_mask({self.size}, {row}, {col})")

    def _piece(self, name: str, *args: int) -> Any:
        try:
            return getattr(self, name)(*args)
        except Exception as exc:  # a learner's piece played on purpose though its check fails: refused, not a crash
            raise IllegalMove(f"{name}({', '.join(map(str, args))}) raised {type(exc).__name__}: {exc}") from exc

    def _lights(self, value: object, what: str) -> int:
        """``value`` if it is a set of this board's lamps; a piece that answers anything else is refused."""
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < 1 << self.size * self.size:
            raise IllegalMove(f"{what} gave {value!r}, which is not a set of lamps of this "
                              f"{self.size} × {self.size} board (a whole number from 0 to 2 ** {self.size ** 2} - 1)")
        return value

    def copy(self) -> Self:
        twin = type(self)(self.size, self.lights, self.setup)
        twin.presses = self.presses
        return twin

    def play(self, action: str) -> None:
        if self.is_over:
            raise IllegalMove("the puzzle is already solved: every light is off")
        row, col = parse_cell(action, self.size)
        mask = self._mask(row, col)
        self.lights = self._lights(self._piece("toggle", self.lights, mask), f"toggle({self.lights}, {mask})")
        self.presses += 1

    def legal_actions(self) -> list[str]:
        if self.is_over:
            return []
        return [self.lamp_name(r, c) for r in range(self.size) for c in range(self.size)]

    def is_lit(self, row: int, col: int) -> bool:
        return bool(self.lights >> (row * self.size + col) & 1)

    @property
    def lit_count(self) -> int:
        return self.lights.bit_count()

    @property
    def is_over(self) -> bool:
        # A dark board counts as solved once someone has pressed: a dark start is a sandbox to play in.
        return self.lights == 0 and self.presses > 0

    @property
    def status(self) -> str:
        if self.is_over:
            return f"Solved in {_count(self.presses, 'press', 'presses')}!"
        return f"{_count(self.lit_count, 'light', 'lights')} on · {_count(self.presses, 'press', 'presses')}"

    def __str__(self) -> str:
        return "\n".join(" ".join("#" if self.is_lit(r, c) else "." for c in range(self.size))
                         for r in range(self.size))

    def __repr__(self) -> str:
        return f"LightsOut(size={self.size}, lit={self.lit_count}, presses={self.presses})"

    def _repr_svg_(self) -> str:
        from .picture import LightsOutPicture

        return LightsOutPicture().svg(self)

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        from .picture import LightsOutPicture

        return LightsOutPicture().png_bundle(self)


def solve(game: LightsOut) -> list[str]:
    """The fewest presses that turn every light off (empty if already dark); ``IllegalMove`` if none does
    (a position only another press rule than the shipped one can make).

    Gaussian elimination over GF(2) finds one solution and the null space; trying every combination
    of null-space vectors (at most a few for sizes up to 10) picks the shortest.

    >>> g = LightsOut.new(size=5, seed=3)
    >>> for cell in solve(g): g.play(cell)
    >>> g.is_over
    True
    """
    n = game.size * game.size
    # Row i of the system: which presses toggle light i; augmented with the light's state.
    rows = [game._mask(*divmod(i, game.size)) | (((game.lights >> i) & 1) << n) for i in range(n)]
    pivots: list[int] = []
    rank = 0
    for col in range(n):
        pivot = next((r for r in range(rank, n) if rows[r] >> col & 1), None)
        if pivot is None:
            continue
        rows[rank], rows[pivot] = rows[pivot], rows[rank]
        for r in range(n):
            if r != rank and rows[r] >> col & 1:
                rows[r] ^= rows[rank]
        pivots.append(col)
        rank += 1
    if any(rows[r] >> n & 1 for r in range(rank, n)):  # never with the shipped presses; maybe with others
        raise IllegalMove("no set of presses turns every light off with this press rule")
    base = sum(((rows[i] >> n) & 1) << col for i, col in enumerate(pivots))
    free = [c for c in range(n) if c not in pivots]
    kernel = []
    for f in free:
        vector = 1 << f
        for i, col in enumerate(pivots):
            if rows[i] >> f & 1:
                vector |= 1 << col
        kernel.append(vector)
    best = base
    for choice in range(1, 1 << len(kernel)):
        candidate = base
        for k, vector in enumerate(kernel):
            if choice >> k & 1:
                candidate ^= vector
        if candidate.bit_count() < best.bit_count():
            best = candidate
    return [cell_name(*divmod(i, game.size)) for i in range(n) if best >> i & 1]
