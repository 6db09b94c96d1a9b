"""The Shanghai game: a position (which tiles are still on the board) and the one action, taking a pair.

An action names the two tiles by position, ``"depth.row.col depth.row.col"`` (depth 0 = top layer),
e.g. ``"0.3.5 0.4.6"``. Positions are what the player sees and clicks, they stay valid while tiles
come and go, and they make a saved game readable. Undo is :class:`gamelab.Record`'s (the tutorial's
「取り消し / もとに戻す」 pops the last pair the same way).

>>> g = Shanghai.new(deal=1)
>>> a, b = g.search(); (a.label, b.label, a.name)
('1.2.4', '1.4.4', '七筒')
>>> g.play(f"{a.label} {b.label}"); g.tiles_left
134
"""

from __future__ import annotations

import random
import re
from typing import Any, Callable, ClassVar, Self

from .. import checks
from ..errors import IllegalMove, quote
from ..game import Game, check_action_text, register_game
from .generate import deal as make_deal
from .tutorial import (
    COL_COUNT,
    DEPTH_COUNT,
    KIND_NAMES,
    ROW_COUNT,
    Position,
    Tile,
    bit_of,
    free_mask,
    iter_bits,
    parse_position,
    position_label,
    position_of_index,
)

__all__ = ["Shanghai", "parse_board", "pair_action"]

_TOKEN = re.compile(r"^(\d\d|\.\.)$")
#: a board in text is at most this long (its 32 rows of 12 places, headings and spaces take about 1,300)
MAX_BOARD_LENGTH = 10_000


def parse_board(text: str) -> dict[Position, int]:
    """Tiles from a board in the text form :meth:`Shanghai.__str__` prints.

    Lines made only of twelve 2-character tokens (a kind number such as ``11`` or ``..`` for no tile)
    are the 8 rows of layer 0, then layer 1, 2, 3; any other line (headings) is ignored, and so are
    trailing layers left out (no tiles there).

    >>> parse_board("layer 0\\n" + ".. " * 11 + "41\\n" + (".. " * 12 + "\\n") * 7)
    {(0, 0, 11): 41}
    """
    if not isinstance(text, str):
        raise ValueError(f"a board is text, not {type(text).__name__}")
    rows: list[list[str]] = []
    for line in text.splitlines():
        tokens = line.split()
        if tokens and all(_TOKEN.match(t) for t in tokens):
            if len(tokens) != COL_COUNT:
                raise ValueError(f"board row {line.strip()!r} has {len(tokens)} places, expected {COL_COUNT}")
            rows.append(tokens)
    if len(rows) > DEPTH_COUNT * ROW_COUNT:
        raise ValueError(f"board has {len(rows)} rows, at most {DEPTH_COUNT * ROW_COUNT} (4 layers of 8)")
    if len(rows) % ROW_COUNT:
        raise ValueError(f"board has {len(rows)} rows: each layer needs all {ROW_COUNT}")
    kinds: dict[Position, int] = {}
    for index, tokens in enumerate(rows):
        depth, row = divmod(index, ROW_COUNT)
        for col, token in enumerate(tokens):
            if token != "..":
                if int(token) not in KIND_NAMES:
                    raise ValueError(f"{token!r} at {depth}.{row}.{col} is not a tile kind "
                                     f"(11–19, 21–29, 31–39, 41–47)")
                kinds[(depth, row, col)] = int(token)
    return kinds


@register_game
class Shanghai(Game):
    """A Shanghai (上海) position: the tiles left on the tutorial's 4-layer board.

    Build one with :meth:`new`: ``Shanghai.new(deal=7)`` (a solvable deal from the tutorial's
    generator, the same everywhere), ``Shanghai.new()`` (a deal number picked at random) or
    ``Shanghai.new(board=text)`` (a hand-made position in the :meth:`__str__` text form).
    """

    name = "shanghai"

    # The pieces a lesson can swap for a learner's (see :meth:`with_rules`); None: the built-in ones.
    #: ``rule(grid, depth, row, col) -> bool`` on the tutorial's ``tiles3x3`` (a ``can_select``). None:
    #: the built-in rule, computed for all tiles at once on bit masks.
    selection_rule: ClassVar[Callable[..., bool] | None] = None
    #: ``rule(grid) -> (Tile, Tile) | None``, the first pair to take (a ``search``, 手詰まり判定).
    search_rule: ClassVar[Callable[..., Any] | None] = None
    #: ``rule(grid) -> bool``, every tile taken (a ``check_clear``, ゲームクリア判定).
    clear_rule: ClassVar[Callable[..., bool] | None] = None
    #: ``rule(rng) -> (grid, order) | None``, one attempt at a problem (an ``init_tiles``).
    problem_rule: ClassVar[Callable[..., Any] | None] = None

    @classmethod
    def with_rules(cls, *, can_select: Callable[..., bool] | None = None, search: Callable[..., Any] | None = None,
                   check_clear: Callable[..., bool] | None = None,
                   init_tiles: Callable[..., Any] | None = None) -> type[Shanghai]:
        """Shanghai playing on other pieces (a learner's): the selection rule ``can_select(grid, depth,
        row, col)``, the stalemate search ``search(grid)``, the clear check ``check_clear(grid)`` and the
        problem maker ``init_tiles(rng)``; a piece left out stays the built-in one. Saves keep the name
        ``shanghai``.

        >>> TopOnly = Shanghai.with_rules(can_select=lambda grid, depth, row, col: depth == 0)
        >>> len(TopOnly.new(deal=1).selectable()), len(Shanghai.new(deal=1).selectable())
        (4, 40)
        """
        rules = {"selection_rule": can_select, "search_rule": search, "clear_rule": check_clear,
                 "problem_rule": init_tiles}
        attributes: dict[str, Any] = {name: staticmethod(rule) for name, rule in rules.items() if rule is not None}
        attributes["__module__"] = cls.__module__
        return type(cls.__name__, (cls,), attributes)

    def __init__(self, kinds: dict[Position, int], *, setup: dict[str, Any],
                 order: tuple[tuple[Position, Position], ...] | None = None, retries: int = 0) -> None:
        self.setup = setup
        self._kind_at: dict[int, int] = {bit_of(p): k for p, k in kinds.items()}
        self._present = sum(1 << i for i in self._kind_at)
        masks: dict[int, int] = {}
        for i, k in self._kind_at.items():
            masks[k] = masks.get(k, 0) | (1 << i)
        self._kind_masks = masks
        #: The pairs in the order the generator placed them: a winning order of removal (None if hand-made).
        self.order = order
        #: How many failed attempts the generator threw away before this deal (the tutorial's やりなおし).
        self.retries = retries

    # -- making -------------------------------------------------------------------------------------
    @classmethod
    def new(cls, deal: int | None = None, board: str | None = None) -> Self:
        """A new game: deal number ``deal`` (random if neither is given) or the hand-made ``board``."""
        if board is not None:
            if deal is not None:
                raise ValueError("give a deal number or a board, not both")
            return cls(parse_board(checks.text("board", board, max_length=MAX_BOARD_LENGTH)), setup={"board": board})
        if deal is None:
            deal = random.SystemRandom().randrange(1, 1_000_000)
        made = make_deal(checks.seed("deal (a deal number)", deal), attempt=cls.problem_rule)
        return cls(made.kinds, setup={"deal": deal}, order=made.order, retries=made.retries)

    def copy(self) -> Self:
        other = object.__new__(type(self))
        other.__dict__.update(self.__dict__)  # kinds and masks never change: sharing them is safe
        return other

    @property
    def deal_number(self) -> int | None:
        """The deal number this game was dealt from, or None for a hand-made board."""
        return self.setup.get("deal")

    # -- reading ------------------------------------------------------------------------------------
    @property
    def present(self) -> int:
        """The tiles still on the board as a bit mask (see :func:`gamelab.shanghai.tutorial.bit_of`)."""
        return self._present

    @property
    def kind_masks(self) -> dict[int, int]:
        """For every kind dealt, the mask of all its positions (on the board or taken)."""
        return self._kind_masks

    @property
    def tiles_left(self) -> int:
        return self._present.bit_count()

    def _tile(self, index: int) -> Tile:
        return Tile(self._kind_at[index], *position_of_index(index))

    @property
    def tiles(self) -> list[Tile]:
        """The tiles on the board, in the tutorial's scan order (top layer first, then row, column)."""
        return [self._tile(i) for i in iter_bits(self._present)]

    def tile_at(self, position: Position | str) -> Tile | None:
        """The tile at a position (``(d, r, c)`` or ``"d.r.c"``), or None if there is none now."""
        index = bit_of(self._position(position))
        return self._tile(index) if self._present >> index & 1 else None

    def grid(self) -> list[list[list[Tile | None]]]:
        """The board as the tutorial's ``tiles3x3``: ``grid[depth][row][col]`` is a Tile or None."""
        grid: list[list[list[Tile | None]]] = [[[None] * COL_COUNT for _ in range(ROW_COUNT)]
                                               for _ in range(DEPTH_COUNT)]
        for tile in self.tiles:
            grid[tile.depth][tile.row][tile.col] = tile
        return grid

    @staticmethod
    def _position(position: Position | str) -> Position:
        if isinstance(position, str):
            return parse_position(position)
        try:
            d, r, c = position
        except (TypeError, ValueError):
            raise ValueError(f"{position!r} is not a position: give (depth, row, col) or 'd.r.c'") from None
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (d, r, c)):
            raise ValueError(f"{position!r} is not a position: depth, row and col are whole numbers")
        if not (0 <= d < DEPTH_COUNT and 0 <= r < ROW_COUNT and 0 <= c < COL_COUNT):
            raise ValueError(f"{position!r} is off the board")
        return d, r, c

    def is_top(self, position: Position | str) -> bool:
        """Nothing lies on this place (the tutorial's ``IsTop``)."""
        d, r, c = self._position(position)
        return d == 0 or not self._present >> bit_of((d - 1, r, c)) & 1

    def can_select(self, position: Position | str) -> bool:
        """The tile here may be taken (the tutorial's ``CanSelect``); False where there is no tile."""
        index = bit_of(self._position(position))
        return bool(self.free() >> index & 1)

    def free(self) -> int:
        """The tiles that can be taken now, as a bit mask (honours :attr:`selection_rule`)."""
        rule = type(self).selection_rule
        if rule is None:
            return free_mask(self._present)
        grid = self.grid()
        return sum(1 << i for i in iter_bits(self._present) if rule(grid, *position_of_index(i)))

    def selectable(self) -> list[Tile]:
        """Every tile that can be taken now, in scan order."""
        return [self._tile(i) for i in iter_bits(self.free())]

    def search(self) -> tuple[Tile, Tile] | None:
        """The first pair that can be taken, or None when stuck — the tutorial's ``search``
        (scan the free tiles in order; the first kind seen twice gives the pair): the answer of
        :func:`~gamelab.shanghai.tutorial.first_pair` on :meth:`grid`, or of :attr:`search_rule`."""
        rule = type(self).search_rule
        if rule is not None:
            found: tuple[Tile, Tile] | None = rule(self.grid())
            return found
        seen: dict[int, Tile] = {}
        for tile in self.selectable():
            if tile.kind in seen:
                return seen[tile.kind], tile
            seen[tile.kind] = tile
        return None

    def removable_pairs(self) -> list[tuple[Tile, Tile]]:
        """Every pair that can be taken now."""
        free = self.selectable()
        return [(a, b) for i, a in enumerate(free) for b in free[i + 1:] if a.kind == b.kind]

    def legal_actions(self) -> list[str]:
        return [pair_action(a, b) for a, b in self.removable_pairs()]

    @property
    def is_cleared(self) -> bool:
        """Every tile taken: the game is won (the tutorial's ``checkClear``, or :attr:`clear_rule`)."""
        rule = type(self).clear_rule
        if rule is not None:
            return bool(rule(self.grid()))
        return self._present == 0

    @property
    def is_stalemate(self) -> bool:
        """Tiles are left but no pair can be taken (手詰まり)."""
        return not self.is_cleared and self.search() is None

    @property
    def is_over(self) -> bool:
        return self.is_cleared or self.is_stalemate

    def blocked_reason(self, position: Position | str) -> str | None:
        """Why the tile at a position cannot be taken, in the player's words (None if it can)."""
        pos = self._position(position)
        label = position_label(pos)
        if self.tile_at(pos) is None:
            return f"there is no tile at {label}"
        if self.can_select(pos):
            return None
        if not self.is_top(pos):
            return f"{label} is covered by the tile on top of it"
        return f"{label} is held in on both sides: take a tile at an end of its row"

    def construction_actions(self) -> list[str]:
        """The generator's placement order as actions: taking the pairs in the order they were put down
        clears the board (the construction played backwards). Empty for a hand-made board."""
        return [pair_action(a, b) for a, b in self.order or ()]

    # -- changing -----------------------------------------------------------------------------------
    def play(self, action: str) -> None:
        """Take the pair named by ``action`` (``"d.r.c d.r.c"``) or raise IllegalMove, changing nothing."""
        a, b = self.parse_action(action)
        self._present &= ~((1 << bit_of(a)) | (1 << bit_of(b)))

    def parse_action(self, action: str) -> tuple[Position, Position]:
        """The two positions of a legal action; IllegalMove saying what is wrong otherwise."""
        check_action_text(action)
        parts = action.replace(",", " ").split()
        if len(parts) != 2:
            raise IllegalMove(f"{quote(action)} should name two tiles, e.g. '0.3.5 0.4.6' (depth.row.col twice)")
        try:
            a, b = (parse_position(p) for p in parts)
        except ValueError as exc:
            raise IllegalMove(str(exc)) from None
        if a == b:
            raise IllegalMove(f"{parts[0]} is named twice: a pair is two different tiles")
        for pos in (a, b):
            reason = self.blocked_reason(pos)
            if reason:
                raise IllegalMove(reason)
        ka, kb = self._kind_at[bit_of(a)], self._kind_at[bit_of(b)]
        if ka != kb:
            raise IllegalMove(f"{parts[0]} ({KIND_NAMES[ka]}) and {parts[1]} ({KIND_NAMES[kb]}) are not the same kind")
        return a, b

    def remove(self, first: Tile | Position | str, second: Tile | Position | str) -> Self:
        """Take a pair given as tiles or positions (a convenience over :meth:`play`); returns self."""
        self.play(pair_action(first, second))
        return self

    # -- text ---------------------------------------------------------------------------------------
    def __str__(self) -> str:
        """The board as text: a heading, then each layer's 8 rows of kind numbers (``..`` = no tile)."""
        source = f"deal {self.deal_number}" if self.deal_number is not None else "hand-made board"
        lines = [f"shanghai {source}: {self.tiles_left} tiles left"]
        grid = self.grid()
        for depth in range(DEPTH_COUNT):
            lines.append(f"layer {depth}" + (" (top)" if depth == 0 else " (bottom)" if depth == 3 else ""))
            for row in grid[depth]:
                lines.append(" ".join(f"{t.kind}" if t else ".." for t in row))
        return "\n".join(lines)

    def __repr__(self) -> str:
        source = f"deal={self.deal_number}" if self.deal_number is not None else "board=..."
        return f"<Shanghai {source}, {self.tiles_left} tiles left>"

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Shanghai):
            return NotImplemented
        return self._present == other._present and self._kind_at == other._kind_at

    __hash__ = None  # type: ignore[assignment]  # mutable

    def _repr_svg_(self) -> str:
        # Lazy: the engine itself needs no drawing code.
        from .picture import ShanghaiPicture

        return ShanghaiPicture().svg(self)

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        from .picture import ShanghaiPicture

        return ShanghaiPicture().png_bundle(self)


def pair_action(first: Tile | Position | str, second: Tile | Position | str) -> str:
    """The action text taking two tiles: ``pair_action((0, 3, 5), "0.4.6") == "0.3.5 0.4.6"``."""
    def label(item: Tile | Position | str) -> str:
        if isinstance(item, Tile):
            return item.label
        if isinstance(item, str):
            return item.strip()
        return position_label(item)
    return f"{label(first)} {label(second)}"
