"""A player's river (河 he): the discards in order, with riichi and call markers.

>>> river = River()
>>> river.discard("m1"); river.discard("z1_*"); river.mark_called("z111+")
>>> str(river)
'm1 z1_*+'
>>> river.contains("z1"), river.contains("p5")
(True, False)
"""

from __future__ import annotations

import re

from ..errors import IllegalMove
from .tiles import check_tile, normalize_meld, tile_kind

__all__ = ["River"]


class River:
    """Discards as written by majiang-core's ``He``: ``m1`` (from hand), ``m1_`` (the drawn tile),
    ``m1*`` (riichi declared), then ``+ = -`` once someone called it (who, seen from the discarder).
    """

    __slots__ = ("_tiles", "_seen")

    def __init__(self) -> None:
        self._tiles: list[str] = []
        self._seen: set[str] = set()  # kinds ever discarded (red = 5), for furiten

    @property
    def tiles(self) -> tuple[str, ...]:
        """The discards with their markers, oldest first."""
        return tuple(self._tiles)

    def __len__(self) -> int:
        return len(self._tiles)

    def __str__(self) -> str:
        return " ".join(self._tiles)

    def __repr__(self) -> str:
        return f"<River {self}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, River) and self._tiles == other._tiles

    def copy(self) -> "River":
        """An independent copy."""
        new = River()
        new._tiles = self._tiles[:]
        new._seen = set(self._seen)
        return new

    def discard(self, tile: str) -> None:
        """Add a discard (``dapai``): ``'m1'``, ``'m1_'``, ``'m1*'`` or ``'m1_*'`` (a direction is dropped).

        >>> river = River(); river.discard("p3_*"); river.tiles
        ('p3_*',)
        """
        check_tile(tile)
        self._tiles.append(tile.rstrip("+=-"))
        self._seen.add(tile_kind(tile))

    def mark_called(self, meld: str) -> None:
        """Mark the last discard as taken by the meld's caller (``fulou``).

        >>> river = River(); river.discard("m3")
        >>> river.mark_called("m3-45"); river.tiles
        ('m3-',)
        """
        meld = normalize_meld(meld)
        found = re.search(r"(\d)([\+\=\-])", meld)
        if found is None:
            raise IllegalMove(f"{meld} takes no discard (a closed kan)")
        tile = meld[0] + found.group(1)
        if not self._tiles:
            raise IllegalMove(f"{meld} cannot be called: the river is empty")
        last = self._tiles[-1]
        if last[:2] != tile:
            raise IllegalMove(f"{meld} cannot be called: the last discard is {last[:2]}, not {tile}")
        if last[-1] in "+=-":
            raise IllegalMove(f"{meld} cannot be called: {last[:2]} was already called")
        self._tiles[-1] = last + found.group(2)

    def contains(self, tile: str) -> bool:
        """True if that kind (red five = five) was ever discarded here, called or not (``find``)."""
        return tile_kind(tile) in self._seen

    def _repr_svg_(self) -> str:
        from .picture import RiverPicture  # lazy: the engine never needs the drawing code

        return RiverPicture().svg(self, title=str(self) or "empty river")

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        from .picture import RiverPicture

        return RiverPicture().png_bundle(self)
