"""The wall (山 shan): 136 shuffled tiles, dora indicators, kan replacement draws.

Laid out as majiang-core's ``Shan``: ordinary draws come off the end, replacement draws after a
kan (嶺上 lingshang) off the front; the dora indicator is ``tiles[4]`` and the ura indicator
``tiles[9]``, and each kan turns the next ones (the front moves as replacement tiles are taken).
The last 14 tiles are never drawn (the dead wall), so ``tiles_left`` starts at 122.

>>> wall = Wall(seed=1)
>>> wall.tiles_left, len(wall.dora_indicators)
(122, 1)
>>> tile = wall.draw(); wall.tiles_left
121
"""

from __future__ import annotations

import random
from typing import Iterable

from ..errors import IllegalMove
from .rules import Rules
from .tiles import SUITS, check_tile, dora_from_indicator

__all__ = ["Wall", "full_set"]


def full_set(red_fives: dict[str, int] | None = None) -> list[str]:
    """The 136 tiles in order, the first ``red_fives[suit]`` fives of each suit red (``0``).

    >>> tiles = full_set({"m": 1, "p": 2, "s": 0}); len(tiles), tiles.count("p0"), tiles.count("s0")
    (136, 2, 0)
    """
    red = red_fives if red_fives is not None else {"m": 1, "p": 1, "s": 1}
    out = []
    for suit in SUITS:
        for n in range(1, 8 if suit == "z" else 10):
            for i in range(4):
                out.append(f"{suit}0" if n == 5 and suit != "z" and i < red.get(suit, 0) else f"{suit}{n}")
    return out


class Wall:
    """A shuffled wall under some :class:`Rules` (red fives, ura dora, kan dora switches).

    ``seed`` (an int) or ``rng`` (a ``random.Random``) makes the shuffle reproducible.
    """

    __slots__ = ("rules", "_tiles", "_dora", "_ura", "_kan_pending", "_closed")

    def __init__(self, rules: Rules | None = None, seed: int | None = None, rng: random.Random | None = None) -> None:
        self.rules = rules if rules is not None else Rules()
        tiles = full_set(dict(self.rules.red_fives))
        (rng if rng is not None else random.Random(seed)).shuffle(tiles)
        self._setup(tiles)

    def _setup(self, tiles: list[str]) -> None:
        self._tiles = tiles
        self._dora: list[str] = [tiles[4]]
        self._ura: list[str] | None = [tiles[9]] if self.rules.ura_dora else None
        self._kan_pending = False
        self._closed = False

    @classmethod
    def from_tiles(cls, tiles: Iterable[str], rules: Rules | None = None) -> "Wall":
        """A wall in a given order (for replays and tests): 136 tiles, four of each kind.

        >>> Wall.from_tiles(full_set()).dora_indicators
        ('m2',)
        """
        tiles = list(tiles)
        for tile in tiles:
            check_tile(tile)
        if len(tiles) != 136:
            raise ValueError(f"a wall has 136 tiles, not {len(tiles)}")
        kinds: dict[str, int] = {}
        for tile in tiles:
            kind = tile[0] + ("5" if tile[1] == "0" else tile[1])
            kinds[kind] = kinds.get(kind, 0) + 1
        over = [k for k, n in kinds.items() if n != 4]
        if over:
            raise ValueError(f"a wall holds four of each tile; {over[0]} appears {kinds[over[0]]} times")
        wall = cls.__new__(cls)
        wall.rules = rules if rules is not None else Rules()
        wall._setup(tiles)
        return wall

    def copy(self) -> "Wall":
        """An independent copy."""
        new = Wall.__new__(Wall)
        new.rules = self.rules
        new._tiles = self._tiles[:]
        new._dora = self._dora[:]
        new._ura = None if self._ura is None else self._ura[:]
        new._kan_pending = self._kan_pending
        new._closed = self._closed
        return new

    @property
    def tiles_left(self) -> int:
        """Ordinary draws left (牌数 paishu)."""
        return len(self._tiles) - 14

    @property
    def dora_indicators(self) -> tuple[str, ...]:
        """Face-up dora indicators (宝牌 baopai)."""
        return tuple(t for t in self._dora if t)

    @property
    def dora(self) -> tuple[str, ...]:
        """The dora the indicators show (red fives read as fives).

        >>> Wall.from_tiles(full_set()).dora
        ('m3',)
        """
        return tuple(dora_from_indicator(t) for t in self.dora_indicators)

    @property
    def ura_indicators(self) -> tuple[str, ...] | None:
        """Ura dora indicators (裏ドラ fubaopai): None until the hand is over or without ura dora."""
        if not self._closed or self._ura is None:
            return None
        return tuple(self._ura)

    @property
    def kans(self) -> int:
        """Replacement draws taken so far."""
        return len(self._dora) - 1 + (1 if self._kan_pending else 0)

    @property
    def kan_dora_pending(self) -> bool:
        """A kan was made and its new dora indicator is still to be turned."""
        return self._kan_pending

    @property
    def closed(self) -> bool:
        """True once the hand is over (ura indicators visible)."""
        return self._closed

    def _check_open(self, what: str) -> None:
        if self._closed:
            raise IllegalMove(f"cannot {what}: the hand is over")
        if self.tiles_left == 0:
            raise IllegalMove(f"cannot {what}: no tiles left to draw")
        if self._kan_pending:
            raise IllegalMove(f"cannot {what}: turn the kan dora indicator first")

    def draw(self) -> str:
        """Take the next tile (自摸 zimo), from the end of the wall.

        >>> Wall.from_tiles(full_set()).draw()
        'z7'
        """
        self._check_open("draw")
        return self._tiles.pop()

    def draw_replacement(self) -> str:
        """Take a replacement tile after a kan (嶺上 gangzimo), from the front; a fifth kan is impossible.

        >>> wall = Wall.from_tiles(full_set()); wall.draw_replacement(), wall.kan_dora_pending
        ('m1', True)
        """
        self._check_open("draw a replacement tile")
        if len(self._dora) == 5:
            raise IllegalMove("cannot draw a replacement tile: there have already been four kans")
        if self.rules.kan_dora:
            self._kan_pending = True
        else:
            self._dora.append("")  # counts the kan without showing a new indicator
        return self._tiles.pop(0)

    def reveal_kan_dora(self) -> None:
        """Turn the new dora indicator after a kan (開槓 kaigang), and its ura under カン裏あり.

        >>> wall = Wall.from_tiles(full_set()); _ = wall.draw_replacement(); wall.reveal_kan_dora()
        >>> wall.dora_indicators
        ('m2', 'm2')
        """
        if self._closed:
            raise IllegalMove("cannot turn a kan dora: the hand is over")
        if not self._kan_pending:
            raise IllegalMove("cannot turn a kan dora: no kan is waiting for one")
        self._dora.append(self._tiles[4])
        if self._ura is not None and self.rules.kan_ura_dora:
            self._ura.append(self._tiles[9])
        self._kan_pending = False

    def close(self) -> None:
        """End the hand: nothing more is drawn and the ura indicators can be seen."""
        self._closed = True

    def __str__(self) -> str:
        return f"wall: {self.tiles_left} left, dora indicators {' '.join(self.dora_indicators)}"

    def __repr__(self) -> str:
        return f"<Wall {self.tiles_left} left, indicators {list(self.dora_indicators)}>"
