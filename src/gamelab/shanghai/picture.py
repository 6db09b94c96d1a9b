"""How the Shanghai board looks: the tutorial's 3-D tiles (描画処理 ``Tile.Draw`` and ``draw``).

Each tile is drawn as the tutorial draws it: a white body reaching ``LAYER_DX``/``LAYER_DY`` down and
to the right (it hides the layer below), the right side shaded 40 % and the bottom side 60 %, black
edges, the face (gamelab's own tile art), a tint on every tile that can be taken — red, yellow, green,
blue from the top layer down, twice as strong on the selected tile, which also gets a thick amber
frame — and a red frame on the two tiles Search suggests. Layers are painted bottom first so upper tiles cover lower ones.

Clickable targets are :class:`TileAt` on the faces of selectable tiles only, as the tutorial lays its
invisible buttons: a click anywhere else is the canvas's NG click. Under them every tile drawn is a
:class:`TileBody`, so the board can say which tile a refused click fell on.

>>> from gamelab.shanghai import Shanghai
>>> svg = ShanghaiPicture().svg(Shanghai.new(deal=1))
>>> svg.startswith("<svg") and 'width="484"' in svg
True
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Sequence

from ..pictures import CJK_FONT, FONT, Painter, Picture
from ..pictures.tiles import draw_tile_face
from .game import Shanghai
from .ranking import Entry
from .tutorial import (
    FIELD_HEIGHT,
    FIELD_WIDTH,
    LAYER_DX,
    LAYER_DY,
    TILE_HEIGHT,
    TILE_WIDTH,
    Position,
    Tile,
    bit_of,
    screen_rect,
)

__all__ = ["TileAt", "TileBody", "ShanghaiUI", "ShanghaiPicture", "LAYER_TINTS", "Tint", "tile_tint"]


def shanghai_kind(number: int) -> str:
    """The shared kind of a Shanghai tutorial tile number: 11 → ``"1m"``, 29 → ``"9p"``, 47 → ``"7z"``."""
    suit, n = divmod(number, 10)
    if suit not in (1, 2, 3, 4) or not 1 <= n <= (7 if suit == 4 else 9):
        raise ValueError(f"{number!r} is not a Shanghai tile number (11–19, 21–29, 31–39, 41–47)")
    return f"{n}{'mpsz'[suit - 1]}"


@dataclass(frozen=True)
class _Place:
    """A place on the field: ``depth``, ``row``, ``col`` (a target of one kind never equals one of another)."""

    depth: int
    row: int
    col: int

    @property
    def position(self) -> Position:
        return (self.depth, self.row, self.col)


@dataclass(frozen=True)
class TileAt(_Place):
    """Click target: the face of the free tile at ``depth``, ``row``, ``col`` (the tutorial's invisible
    button over a selectable tile; blocked tiles have none)."""


@dataclass(frozen=True)
class TileBody(_Place):
    """Click target: anywhere on the tile drawn on top at a place (its face or its sides), under the face
    target of a free tile. The handlers never see it (a click there is the tutorial's canvas ``onclick``,
    target None); the board uses it to say why the tile cannot be taken."""


@dataclass(frozen=True)
class ShanghaiUI:
    """Interface state: the selected tile (the tutorial's ``selected``), the pair Search framed
    (``sugested``), whether Search was used in this game (``isGiveuped``: the clock turns red and the
    time is not ranked with the others), and the text under クリア！ once the board is clear (None:
    "Cleared!"). The picture reads the marks; the board reads ``given_up``.

    The rest is the board's own state of this game, left out of the text form (a handler neither makes
    nor changes it, and the board keeps it with each game it replaces):

    * ``warned``: the brief mark after a refused click: the tile clicked in vain outlined in red (a
      blocked tile, or the two tiles of a mismatched pair), then in orange what blocks it (the tile on
      top, or its two neighbours); ``warning`` the words said with it (they go at the next input);
    * ``playing``: the tutorial's ``isPlaying`` (after Start, until the clear; a loaded game at once);
    * ``ranked``: Start began this game, so its time goes into the ranking (a loaded game's does not);
    * ``time_ms``: the time of the clear; ``entry`` its place in the ranking, or ``ranking_note`` why
      it has none.
    """

    selected: Position | None = None
    suggested: tuple[Position, ...] = ()
    given_up: bool = False
    banner: str | None = None
    warned: tuple[tuple[Position, ...], tuple[Position, ...]] = field(default=((), ()), repr=False)
    warning: str = field(default="", repr=False)
    playing: bool = field(default=False, repr=False)
    ranked: bool = field(default=False, repr=False)
    time_ms: int | None = field(default=None, repr=False)
    entry: Entry | None = field(default=None, repr=False)
    ranking_note: str = field(default="", repr=False)


#: The frame of the selected tile.
SELECTED = "#ffb000"
#: The brief marks of a refused click: the tile clicked in vain, and what blocks it.
REFUSED, BLOCKER = "#ff1f3a", "#ff9100"
#: The tint of a selectable tile per layer (color, strength), strength doubled when selected.
LAYER_TINTS = {0: ("rgb(255, 0, 0)", 0.2), 1: ("rgb(255, 255, 0)", 0.2), 2: ("rgb(0, 255, 0)", 0.2),
               3: ("rgb(0, 0, 255)", 0.1)}

Tint = tuple[int, int, int, float]
"""A color laid over a tile: red, green, blue (0–255) and opacity (0–1), the tutorial's ``rgba(…)``."""


def tile_tint(depth: int, selected: bool) -> Tint:
    """The color laid over a tile that can be taken — the tutorial's ``Tile.Draw`` (選択可能な牌に着色する):
    red, yellow, green, blue from the top layer down, at opacity 0.2 (the blue 0.1), twice as strong
    (``magnification = 2``) on the selected tile.

    >>> tile_tint(0, False), tile_tint(3, True)
    ((255, 0, 0, 0.2), (0, 0, 255, 0.2))
    """
    magnification = 2 if selected else 1
    if depth == 0:
        return 255, 0, 0, 0.2 * magnification
    if depth == 1:
        return 255, 255, 0, 0.2 * magnification
    if depth == 2:
        return 0, 255, 0, 0.2 * magnification
    return 0, 0, 255, 0.1 * magnification


class ShanghaiPicture(Picture[Shanghai]):
    """The tutorial's 484 × 480 field on its dark cyan (#008b8b) background, the deal and the tiles left
    in the top strip, 手詰まりです in red at a stalemate; ``ui`` marks the selected and suggested tiles.

    ``png_scale`` is the PNG's pixels per picture pixel (a board's still picture, stored in a notebook
    beside the widget, uses 1: a third of the bytes). ``set_position(depth, row, col) -> (left, top, right,
    bottom)`` and ``tint(depth, selected) -> (r, g, b, opacity)`` replace :func:`~gamelab.shanghai.tutorial.screen_rect` and :func:`tile_tint` (a learner's
    ``SetPosition`` and ``Draw`` colors): the tiles are drawn, and clicked, where the replacement puts them.
    """

    background = "#008b8b"

    def __init__(self, *, set_position: Callable[[int, int, int], Sequence[int]] | None = None,
                 tint: Callable[[int, bool], Sequence[float]] | None = None, png_scale: float = 2.0) -> None:
        self.set_position = set_position
        self.tint = tint
        self.png_scale = png_scale

    def png(self, state: Shanghai, ui: ShanghaiUI | None = None, *, scale: float | None = None) -> bytes:
        """The picture as PNG bytes, ``scale`` (default :attr:`png_scale`) pixels per picture pixel."""
        return super().png(state, ui, scale=self.png_scale if scale is None else scale)

    def size(self, state: Shanghai, ui: ShanghaiUI | None = None) -> tuple[int, int]:
        return FIELD_WIDTH, FIELD_HEIGHT

    def draw(self, p: Painter, state: Shanghai, ui: ShanghaiUI | None = None) -> None:
        ui = ui or ShanghaiUI()
        suggested = set(ui.suggested)
        free = state.free()
        deal = state.deal_number
        title = (f"deal #{deal} · " if deal is not None else "") + f"{state.tiles_left} tiles left"
        p.text(10, 10, title, size=20, fill="white", align="left", baseline="top", family=FONT)
        if state.is_stalemate:
            p.text(FIELD_WIDTH - 10, 12, "手詰まりです", size=18, fill="#ff2a2a", bold=True, align="right",
                   baseline="top", family=FONT)
        if state.is_cleared:
            p.text(FIELD_WIDTH / 2, FIELD_HEIGHT / 2 - 20, "クリア！", size=56, fill="white", bold=True,
                   family=CJK_FONT)
            p.text(FIELD_WIDTH / 2, FIELD_HEIGHT / 2 + 40, ui.banner or "Cleared!", size=22, fill="white",
                   family=FONT)
        # region draw order
        # Bottom layer first, as the tutorial's draw() loops depth from 3 down to 0.
        for tile in sorted(state.tiles, key=lambda t: (-t.depth, t.row, t.col)):
            can = bool(free >> bit_of(tile.position) & 1)
            at = None if self.set_position is None else tuple(self.set_position(tile.depth, tile.row, tile.col))[:2]
            self.draw_tile(p, tile, can_select=can, selected=tile.position == ui.selected,
                           suggested=tile.position in suggested, at=at, tint=self.tint)
        # endregion
        refused, blockers = ui.warned
        for color, width, out, places in ((BLOCKER, 3.0, -2.5, blockers), (REFUSED, 4.0, 2.0, refused)):
            for position in places:  # the refused tile's frame outside its face, its blockers' inside theirs
                left, top, right, bottom = self.place(position)
                p.round_rect(left - out, top - out, right - left + 2 * out, bottom - top + 2 * out, 3, stroke=color,
                             line_width=width)

    def place(self, position: Position) -> tuple[float, float, float, float]:
        """Where the face of the tile at ``position`` is drawn, ``(left, top, right, bottom)`` (the
        replacement ``set_position`` if given)."""
        rule = self.set_position or screen_rect
        left, top, right, bottom = (float(v) for v in tuple(rule(*position))[:4])
        return left, top, right, bottom

    @staticmethod
    def draw_tile(p: Painter, tile: Tile, *, can_select: bool, selected: bool = False, suggested: bool = False,
                  face: bool = True, at: Sequence[float] | None = None,
                  tint: Callable[[int, bool], Sequence[float]] | None = None) -> None:
        """One tile, as the tutorial's ``Tile.Draw``: a body (the same for every tile of a kind, so a
        canvas paints it once as a sprite and copies it), then the selection tint and the suggestion frame.
        ``at`` is the face's top-left corner (default: where ``SetPosition`` puts it), ``tint`` the color rule."""
        left, top = at if at is not None else (tile.left, tile.top)
        kind = shanghai_kind(tile.kind) if face else None
        # one spare pixel all round, so the edges' strokes are not clipped by the sprite's border
        p.sprite(("shanghai-tile", kind), left - 1, top - 1, TILE_WIDTH + LAYER_DX + 2, TILE_HEIGHT + LAYER_DY + 2,
                 lambda painter, x, y: ShanghaiPicture.draw_body(painter, kind, x + 1, y + 1))
        p.region(left, top, TILE_WIDTH + LAYER_DX, TILE_HEIGHT + LAYER_DY, TileBody(*tile.position))
        if can_select:
            red, green, blue, opacity = (tint or tile_tint)(tile.depth, selected)
            p.rect(left, top, TILE_WIDTH, TILE_HEIGHT, fill=f"rgb({red}, {green}, {blue})",
                   alpha=max(0.0, min(1.0, opacity)), target=TileAt(*tile.position))
        if selected:  # a frame that cannot be missed: dark, then bright, then dark again inside
            p.round_rect(left - 3, top - 3, TILE_WIDTH + 6, TILE_HEIGHT + 6, 4, stroke="#102030", line_width=2)
            p.round_rect(left - 1, top - 1, TILE_WIDTH + 2, TILE_HEIGHT + 2, 3, stroke=SELECTED, line_width=3.5)
            p.rect(left + 1.5, top + 1.5, TILE_WIDTH - 3, TILE_HEIGHT - 3, stroke="#102030", line_width=1)
        if suggested:
            p.rect(left + 2, top + 2, TILE_WIDTH - 4, TILE_HEIGHT - 4, stroke="#ff0000", line_width=4)

    @staticmethod
    def draw_body(p: Painter, kind: str | None, left: float, top: float) -> None:
        """A tile's body with its top-left face corner at (left, top): white, the shaded right and
        bottom sides, black edges, and the face of ``kind`` (``None``: a blank face)."""
        # region body
        right, bottom = left + TILE_WIDTH, top + TILE_HEIGHT
        dx, dy = LAYER_DX, LAYER_DY
        # the body hides what lies under it
        p.polygon([(left, top), (right, top), (right + dx, top + dy), (right + dx, bottom + dy),
                   (left + dx, bottom + dy), (left, bottom)], fill="#ffffff")
        # shaded sides: the tutorial's rgba(0,0,0,0.4) right and 0.6 bottom over the white body, painted
        # as the solid greys they make
        p.polygon([(right, top), (right + dx, top + dy), (right + dx, bottom + dy), (right, bottom)],
                  fill="#999999")
        p.polygon([(left, bottom), (right, bottom), (right + dx, bottom + dy), (left + dx, bottom + dy)],
                  fill="#666666")
        # black edges
        p.polyline([(right, top), (right + dx, top + dy), (right + dx, bottom + dy), (left + dx, bottom + dy),
                    (left, bottom)], stroke="black")
        p.line(right + dx, bottom + dy, right, bottom, stroke="black")
        p.rect(left, top, TILE_WIDTH, TILE_HEIGHT, fill="#fdfcf7", stroke="black")
        # endregion
        if kind is not None:
            draw_tile_face(p, kind, left + 1, top + 1, TILE_WIDTH - 2, TILE_HEIGHT - 2, background=False)

