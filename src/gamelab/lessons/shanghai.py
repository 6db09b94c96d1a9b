"""The Shanghai lesson's exercises: every step of「JavaScriptで上海麻雀をつくる」the learner writes.

Each exercise compares the learner's function with the shipped one on many fixed cases, and reports the
first case that differs in the game's words — tiles named by their face and place ("東 at layer 3,
row 0, column 2") — with a picture that marks what differs (``Explanation.marks`` counts the marks):
the field drawn (:class:`~gamelab.shanghai.picture.ShanghaiPicture`, cut to the rows that matter), or
for the generator's steps its four layers side by side (:func:`layers_picture`), with a green frame
where the shipped version says yes and yours does not, a red cross where yours says yes and the shipped
version does not, an orange ring on the tile the case is about; a handler's two answers are drawn under
the field as chips, those that differ framed. The legend names only the marks drawn. Every picture is
SVG with a PNG beside it (what a notebook shows before it is trusted).

=========================  =================================================  ==============================
exercise id                the tutorial's step                                shipped function
=========================  =================================================  ==============================
``shanghai.set_position``  ``Tile.SetPosition`` (牌の設置)                      ``tutorial.screen_rect``
``shanghai.is_top``        ``Tile.IsTop``                                     ``tutorial.is_top``
``shanghai.can_select``    ``Tile.CanSelect`` (牌は選択できるか？)              ``tutorial.can_select``
``shanghai.tile_tint``     ``Tile.Draw``'s colors (選択可能な牌に着色する)      ``picture.tile_tint``
``shanghai.tile_undo``     ``Tile.Undo`` (アンドゥ機能)                         ``tutorial.put_back``
``shanghai.layout_mask``   ``initTiles``' ``undefined`` / ``null`` masks       ``tutorial.layout_mask``
``shanghai.get_edges``     ``getEdges``                                       ``generate.get_edges``
``shanghai.get_random2``   ``getRandom2``                                     ``generate.get_random2``
``shanghai.init_tiles``    ``initTiles`` (問題の生成)                           ``generate.init_tiles``
``shanghai.on_click``      ``onClick`` (牌が選択されたときの処理)                ``controls.click``
``shanghai.check_clear``   ``checkClear`` (ゲームクリア判定)                     ``tutorial.is_clear``
``shanghai.search``        ``search`` (手詰まり判定)                            ``tutorial.first_pair``
``shanghai.on_cancel``     the Cancel button (取り消し / もとに戻す)              ``controls.cancel``
``shanghai.on_search``     the Search button (探す)                            ``controls.search_first``
``shanghai.get_time_text`` ``getTimeText``                                    ``page.time_text``
``shanghai.scroll_how_to`` ``update``'s ``howToPlayLeft``                     ``page.scroll_how_to``
=========================  =================================================  ==============================

>>> from gamelab.shanghai.tutorial import can_select
>>> check(exercise("shanghai.can_select")(can_select)).status
'passed'
>>> @exercise("shanghai.can_select")
... def edgeless(grid, depth, row, col):
...     if depth > 0 and grid[depth - 1][row][col] is not None:
...         return False
...     return grid[depth][row][col - 1] is None or grid[depth][row][(col + 1) % 12] is None
>>> print(repr(check(edgeless)))
✘ shanghai.can_select: 6 of 311 cases differ from the shipped version.
東 (East) at layer 3 (bottom), row 0, column 0 can be taken?
  the shipped can_select says True: it stands at the left edge of the board (column 0)
  yours says False
In the picture: orange ring: the tile asked about.
"""

from __future__ import annotations

import math
import random
import textwrap
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence

from ..controls import Response
from ..pictures import CJK_FONT, FONT, Painter, SvgImage, SvgPainter
from ..shanghai import controls, generate, page, tutorial
from ..shanghai.game import Shanghai
from ..shanghai.picture import ShanghaiPicture, ShanghaiUI, TileAt, tile_tint
from ..shanghai.tutorial import (
    COL_COUNT,
    DEPTH_COUNT,
    FIELD_HEIGHT,
    FIELD_WIDTH,
    LAYER_DY,
    ROW_COUNT,
    TILE_HEIGHT,
    TILE_WIDTH,
    Position,
    Tile,
    screen_rect,
)
from .exercises import Exercise, Explanation, check, exercise, register, use_all  # noqa: F401  (check, exercise: the examples)

__all__ = ["face_name", "place_name", "tile_name", "field_picture", "layers_picture", "Marks", "positions", "position",
           "board_from", "filling_grid", "filling_text", "board_pieces", "BOARD_KEYWORDS"]

# -- names in the game's words ------------------------------------------------------------------------
_SUITS = {1: "characters", 2: "circles", 3: "bamboo"}
_HONOURS = {41: "East", 42: "South", 43: "West", 44: "North", 45: "White dragon", 46: "Green dragon",
            47: "Red dragon"}


def face_name(kind: int) -> str:
    """A kind as a player says it: ``face_name(25) == "五筒 (5 of circles)"``, ``face_name(41) == "東 (East)"``."""
    if kind in _HONOURS:
        return f"{tutorial.KIND_NAMES[kind]} ({_HONOURS[kind]})"
    if kind in tutorial.KIND_NAMES:
        return f"{tutorial.KIND_NAMES[kind]} ({kind % 10} of {_SUITS[kind // 10]})"
    return f"kind {kind!r}"


def place_name(position: Sequence[int]) -> str:
    """``(3, 0, 2)`` → ``"layer 3 (bottom), row 0, column 2"``."""
    depth, row, col = position
    layer = f"layer {depth}" + (" (top)" if depth == 0 else " (bottom)" if depth == DEPTH_COUNT - 1 else "")
    return f"{layer}, row {row}, column {col}"


def tile_name(tile: Tile) -> str:
    """``Tile(41, 3, 0, 2)`` → ``"東 (East) at layer 3 (bottom), row 0, column 2"``."""
    return f"{face_name(tile.kind)} at {place_name(tile.position)}"


def _short_place(position: Sequence[int]) -> str:
    return "layer {}, row {}, column {}".format(*position)


# -- positions: small hand-made ones first (a first failing case draws small), then real deals ------
def board_from(kinds: dict[Position, int]) -> Shanghai:
    """A hand-made position from ``{(depth, row, col): kind}`` (through the engine's board text)."""
    lines = []
    for depth in range(DEPTH_COUNT):
        lines.append(f"layer {depth}")
        for row in range(ROW_COUNT):
            lines.append(" ".join(str(kinds[(depth, row, col)]) if (depth, row, col) in kinds else ".."
                                  for col in range(COL_COUNT)))
    return Shanghai.new(board="\n".join(lines))


def _row(depth: int, row: int, first: int, kinds: Iterable[int]) -> dict[Position, int]:
    return {(depth, row, first + i): kind for i, kind in enumerate(kinds) if kind}


E, S, W, N, WH, GR, RD = 41, 42, 43, 44, 45, 46, 47
M1, M5, P5, S3 = 11, 15, 25, 33


@lru_cache(maxsize=None)
def positions() -> dict[str, Shanghai]:
    """The positions the exercises are checked on, by name: small hand-made ones, then deal 7 and
    deal 11 at several stages of a winning game."""
    made: dict[str, Shanghai] = {}
    # the edges of a row, a stack of three, a tile held in on both sides
    made["edges"] = board_from({**_row(3, 0, 0, [E, M5, E]), **_row(3, 0, 9, [S, S, WH]),
                                (2, 0, 10): WH, (1, 0, 10): RD})
    # a short pyramid: a row of six, two on top, one on those
    made["pyramid"] = board_from({**_row(3, 1, 3, [N, P5, M1, M1, P5, N]), **_row(2, 1, 5, [RD, S3]),
                                  (1, 1, 5): S3, **_row(3, 0, 4, [GR, GR])})
    # two pairs free (東 … 東 and 西 … 西), and a stalemate: the free tiles are all different
    made["two pairs"] = board_from({**_row(3, 0, 3, [E, S, E]), **_row(3, 1, 3, [W, N, W])})
    made["stalemate"] = board_from({**_row(3, 0, 3, [E, S, W]), **_row(3, 1, 3, [N, E, S]),
                                    **_row(3, 2, 3, [WH, W, N, GR])})
    made["cleared"] = board_from({})
    for number in (7, 11):
        game = Shanghai.new(deal=number)
        actions = game.construction_actions()
        for step in (0, 24, 48, 62, 66):
            stage = Shanghai.new(deal=number)
            for action in actions[:step]:
                stage.play(action)
            made[f"deal {number}, {step} pairs taken"] = stage
    return made


def position(name: str) -> Shanghai:
    """A fresh copy of the position :func:`positions` names: a run may play on it, the next run's is new.

    >>> position("two pairs").tiles_left, position("edges").tiles_left
    (6, 8)
    """
    return positions()[name].copy()


def _small(names: Iterable[str] = ("edges", "pyramid", "two pairs", "stalemate")) -> list[Shanghai]:
    return [positions()[name] for name in names]


# -- pictures: the field, cut to the rows that matter, or its layers side by side; with marks -------
_GREEN, _RED, _ORANGE, _GHOST = "#00e676", "#ff1f5a", "#ffab00", "#d9f2f2"
_BACKGROUND = ShanghaiPicture.background


def _image(width: float, height: float, draw: Callable[[Painter], None], label: str) -> SvgImage:
    """A picture drawn once by ``draw(painter)`` into SVG, and again into PNG when a notebook asks for it
    (an untrusted notebook shows the PNG)."""
    width, height = int(width), int(height)
    svg = SvgPainter(width, height)
    draw(svg)

    def png() -> tuple[bytes, dict[str, int]]:
        from ..pictures.raster import PngPainter  # Pillow only when a PNG is asked for

        painter = PngPainter(width, height)
        draw(painter)
        return painter.png(), {"width": width, "height": height}

    return SvgImage(svg.svg(), label, png=png)


@dataclass
class Marks:
    """What to mark: ``want`` (green frame: the shipped version's answer that yours lacks), ``extra``
    (red ✗: yours, not the shipped version's), ``focus`` (orange ring: the tile asked about), ``agreed``
    (white ring: in both answers), ``places`` (faint outlines: places still to fill) and ``filled``
    (pale tiles: tiles placed, faces left out so a big grid stays a small picture); ``rects`` are frames
    ``((left, top, right, bottom), color)``."""

    want: set[Position] = field(default_factory=set)
    extra: set[Position] = field(default_factory=set)
    focus: set[Position] = field(default_factory=set)
    agreed: set[Position] = field(default_factory=set)
    places: set[Position] = field(default_factory=set)
    filled: set[Position] = field(default_factory=set)
    rects: list[tuple[Sequence[float], str]] = field(default_factory=list)

    def count(self, limit: int | None = None) -> int:
        """How many differences the picture marks (at most ``limit`` of each kind are drawn)."""
        return (len(_first(self.want, limit)) + len(_first(self.extra, limit)) + len(_first(self.focus, limit))
                + len(self.rects))


def _valid(position: Any) -> bool:
    return (isinstance(position, tuple) and len(position) == 3 and all(isinstance(v, int) for v in position)
            and 0 <= position[0] < DEPTH_COUNT and 0 <= position[1] < ROW_COUNT and 0 <= position[2] < COL_COUNT)


#: at most this many places of each mark are drawn on the field (a wildly wrong answer still makes a
#: small picture); the layers' picture draws them all
MAX_MARKS = 24


def _first(places: set[Position], limit: int | None = MAX_MARKS) -> list[Position]:
    ordered = sorted((p for p in places if _valid(p)), key=lambda p: (-p[0], p[1], p[2]))
    return ordered if limit is None else ordered[:limit]


def field_picture(game: Shanghai | None, marks: Marks | None = None, ui: ShanghaiUI | None = None,
                  label: str = "Shanghai field", picture: ShanghaiPicture | None = None,
                  below: tuple[int, Callable[[Painter, float], None]] | None = None) -> SvgImage:
    """The field as the play board draws it (``game`` with ``ui``'s marks, by ``picture``; only the marked
    places when ``game`` is None), with ``marks`` on top, cut below the lowest tile or mark so a small
    position makes a small picture. ``below = (height, draw)`` adds a strip under the field, drawn by
    ``draw(painter, top)``.

    >>> svg = field_picture(positions()["two pairs"], Marks(focus={(3, 0, 3)}))._repr_svg_()
    >>> svg.count("<svg"), 'height="174"' in svg     # rows 0 and 1 of the bottom layer: 174 pixels, not 480
    (1, True)
    """
    marks = marks or Marks()
    picture = picture or ShanghaiPicture()
    marked = [p for p in marks.want | marks.extra | marks.focus | marks.places | marks.filled if _valid(p)]
    bottoms = [screen_rect(*p)[3] for p in marked] + [rect[3] for rect, _ in marks.rects]
    if game is not None:
        place = picture.set_position or screen_rect
        bottoms += [place(*t.position)[3] for t in game.tiles]
    tall = game is not None and game.is_cleared
    height = FIELD_HEIGHT if tall else int(min(FIELD_HEIGHT, max(120, max(bottoms, default=0) + LAYER_DY + 12)))
    strip, draw_strip = below if below is not None else (0, None)

    def draw(painter: Painter) -> None:
        painter.rect(0, 0, FIELD_WIDTH, height + strip, fill=picture.background)
        if game is not None:
            picture.draw(painter, game, ui)
        outlines = [(p, 0.18) for p in marks.places if _valid(p)] + [(p, 0.6) for p in marks.filled if _valid(p)]
        for p, opacity in sorted(outlines, key=lambda item: (-item[0][0], item[0][1], item[0][2])):
            left, top, _, _ = screen_rect(*p)
            painter.rect(left, top, TILE_WIDTH, TILE_HEIGHT, fill="#ffffff", alpha=opacity, stroke=_GHOST)
        for rect, color in marks.rects:
            x0, y0, x1, y1 = rect
            painter.rect(x0, y0, x1 - x0, y1 - y0, stroke=color, line_width=3)
        for p in _first(marks.want):
            left, top, _, _ = screen_rect(*p)
            painter.rect(left - 2, top - 2, TILE_WIDTH + 4, TILE_HEIGHT + 4, stroke=_GREEN, line_width=4)
        for p in _first(marks.focus):
            left, top, right, bottom = screen_rect(*p)
            painter.circle((left + right) / 2, (top + bottom) / 2, 27, stroke=_ORANGE, line_width=4)
        for p in _first(marks.extra):
            left, top, right, bottom = screen_rect(*p)
            painter.rect(left - 1, top - 1, TILE_WIDTH + 2, TILE_HEIGHT + 2, stroke=_RED, line_width=2)
            _badge(painter, right - 3, top + 3)
        if draw_strip is not None:
            draw_strip(painter, height)

    return _image(FIELD_WIDTH, height + strip, draw, label)


def _badge(painter: Painter, x: float, y: float, r: float = 8) -> None:
    """The red ✗ badge: "in yours, not in the shipped answer"."""
    painter.circle(x, y, r, fill=_RED, stroke="white", line_width=1.5)
    d = r * 0.44
    painter.line(x - d, y - d, x + d, y + d, stroke="white", line_width=2)
    painter.line(x - d, y + d, x + d, y - d, stroke="white", line_width=2)


# the layers side by side: each place a small cell, layer 0 (top) at the top left
_CELL_W, _CELL_H, _PANEL_GAP, _PANEL_TITLE = 18, 22, 14, 18
_PANEL_W, _PANEL_H = COL_COUNT * _CELL_W, ROW_COUNT * _CELL_H


def _panel_origin(depth: int) -> tuple[float, float]:
    return (_PANEL_GAP + depth % 2 * (_PANEL_W + _PANEL_GAP),
            6 + _PANEL_TITLE + depth // 2 * (_PANEL_H + _PANEL_TITLE + 10))


def layers_picture(marks: Marks, label: str = "layers", *, stress: int | None = None) -> SvgImage:
    """The four layers side by side (layer 0, the top, first), one small cell per place: pale tiles
    placed (``marks.filled``), faint outlines places still to fill (``marks.places``), and the marks —
    every one drawn, however many. ``stress`` is the layer the difference is on: its name is bright.

    >>> layers_picture(Marks(places={(0, 3, 5)}, extra={(1, 2, 4)}))._repr_svg_().count("<svg")
    1
    """
    width = 2 * _PANEL_W + 3 * _PANEL_GAP
    height = int(_panel_origin(2)[1] + _PANEL_H + 8)

    def cell(p: Position) -> tuple[float, float]:
        x0, y0 = _panel_origin(p[0])
        return x0 + p[2] * _CELL_W, y0 + p[1] * _CELL_H

    def draw(painter: Painter) -> None:
        painter.rect(0, 0, width, height, fill=_BACKGROUND)
        for depth in range(DEPTH_COUNT):
            x0, y0 = _panel_origin(depth)
            name = f"layer {depth}" + (" (top)" if depth == 0 else " (bottom)" if depth == DEPTH_COUNT - 1 else "")
            bright = stress is None or depth == stress
            painter.text(x0, y0 - _PANEL_TITLE + 2, name, size=12, fill="white" if bright else "#a8d8d8",
                         bold=depth == stress, align="left", baseline="top", family=FONT)
            painter.rect(x0 - 2, y0 - 2, _PANEL_W + 4, _PANEL_H + 4, fill="#007878")
        for p in sorted(marks.places):
            if _valid(p):
                x, y = cell(p)
                painter.rect(x + 1.5, y + 1.5, _CELL_W - 3, _CELL_H - 3, stroke="#9fd4d4", line_width=1)
        for p in sorted(marks.filled):
            if _valid(p):
                x, y = cell(p)
                painter.rect(x + 1, y + 1, _CELL_W - 2, _CELL_H - 2, fill="#f2efe2", stroke="#4d8080")
        for p in sorted(marks.agreed):
            if _valid(p):
                x, y = cell(p)
                painter.circle(x + _CELL_W / 2, y + _CELL_H / 2, 4.5, stroke="white", line_width=2)
        for p in _first(marks.want, None):
            x, y = cell(p)
            painter.rect(x, y, _CELL_W, _CELL_H, stroke=_GREEN, line_width=3)
        for p in _first(marks.focus, None):
            x, y = cell(p)
            painter.circle(x + _CELL_W / 2, y + _CELL_H / 2, 11, stroke=_ORANGE, line_width=3)
        for p in _first(marks.extra, None):
            x, y = cell(p)
            painter.line(x + 4, y + 5, x + _CELL_W - 4, y + _CELL_H - 5, stroke=_RED, line_width=3)
            painter.line(x + 4, y + _CELL_H - 5, x + _CELL_W - 4, y + 5, stroke=_RED, line_width=3)

    return _image(width, height, draw, label)


def _stress(marks: Marks) -> int | None:
    """The layer the first difference is on (a missing or extra place, else a ringed one)."""
    for places in (marks.want | marks.extra, marks.focus):
        found = _first(places, None)
        if found:
            return min(p[0] for p in found)
    return None


def _layers_words(marks: Marks) -> str:
    """The legend's first words for :func:`layers_picture`: only what it draws."""
    return "; ".join(["the layers, the top first"] + (["pale tiles: placed"] if marks.filled else [])
                     + (["outlines: still undefined"] if marks.places else []))


def _text_width(text: str, size: float) -> float:
    """About how wide ``text`` is drawn at font ``size`` (CJK characters a full em, others 0.6)."""
    return sum(size if ord(ch) > 0x2E80 else 0.61 * size for ch in text)


_LEGEND = {
    "focus": "orange ring: the tile asked about",
    "want": "green frame: in the shipped answer, not in yours",
    "extra": "red ✗: in yours, not in the shipped answer",
    "agreed": "white ring: in both",
}


def _note(text: str) -> list[str]:
    """A sentence about the picture, wrapped to lines a report shows without scrolling."""
    return textwrap.wrap(text, 96, subsequent_indent="  ")


def _legend(marks: Marks, first: str = "", **words: str) -> list[str]:
    """"In the picture: …", naming only the marks drawn (``words`` overrides a mark's default words)."""
    drawn = {"focus": marks.focus, "want": marks.want, "extra": marks.extra, "agreed": marks.agreed}
    parts = [first] if first else []
    parts += [words.get(kind, _LEGEND[kind]) for kind, places in drawn.items()
              if any(_valid(p) for p in places)]
    return _note("In the picture: " + "; ".join(parts) + ".") if parts else []


def _odd(got: Any) -> str:
    text = repr(got)
    return text if len(text) <= 60 else text[:59] + "…"


# == Tile: SetPosition, IsTop, CanSelect, Draw's colors, Undo ========================================
def _four_numbers(got: Any) -> tuple[float, ...] | None:
    """``got`` as four numbers (a rectangle, a color with its alpha), or ``None`` if it is not that."""
    try:
        values = tuple(got)
    except TypeError:
        return None
    if len(values) != 4 or not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in values):
        return None
    return values


def _explain_set_position(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    depth, row, col = case
    lines = [f"The tile at {place_name(case)}:",
             "  the shipped set_position puts its face at left {}, top {}, right {}, bottom {}".format(*expected)]
    rect = _four_numbers(got)
    marks = Marks(rects=[(expected, _GREEN)])
    if got is None:
        lines.append("  yours returned None: return (left, top, right, bottom)")
    elif rect is None:
        lines.append(f"  yours returned {_odd(got)}: return four numbers (left, top, right, bottom)")
    else:
        lines.append("  yours puts it at           left {}, top {}, right {}, bottom {}".format(*rect))
        marks.rects.append((rect, _RED))
        if rect[2] - rect[0] != TILE_WIDTH or rect[3] - rect[1] != TILE_HEIGHT:
            lines.append(f"  (a face is {TILE_WIDTH} × {TILE_HEIGHT} pixels: right = left + {TILE_WIDTH}, "
                         f"bottom = top + {TILE_HEIGHT})")
    lines += _note("In the picture: the tile where the shipped version puts it, in a green frame"
                   + ("; yours in red." if len(marks.rects) > 1 else "."))
    bottom = max([expected[3]] + [r[3] for r, _ in marks.rects[1:]])
    height = int(min(FIELD_HEIGHT, max(120, bottom + LAYER_DY + 12)))

    def draw(painter: Painter) -> None:
        painter.rect(0, 0, FIELD_WIDTH, height, fill=_BACKGROUND)
        ShanghaiPicture.draw_tile(painter, Tile(E, depth, row, col), can_select=False)
        for frame, color in marks.rects:
            x0, y0, x1, y1 = frame
            painter.rect(x0, y0, x1 - x0, y1 - y0, stroke=color, line_width=3)

    return Explanation(lines, _image(FIELD_WIDTH, height, draw, "set_position"), marks=len(marks.rects))


register(Exercise(
    "shanghai.set_position", tutorial.screen_rect, name="set_position",
    cases=lambda: [(d, r, c) for d in reversed(range(DEPTH_COUNT)) for r in range(ROW_COUNT) for c in range(COL_COUNT)],
    same=lambda expected, got: _four_numbers(got) == expected,
    explain=_explain_set_position,
    solution_imports="from gamelab.shanghai.tutorial import (TILE_WIDTH, TILE_HEIGHT, DEPTH_COUNT, LAYER_DX, "
                     "LAYER_DY, MARGIN_LEFT, MARGIN_TOP)",
))


_TILE_POSITIONS = ("edges", "pyramid", "two pairs", "stalemate", "deal 7, 0 pairs taken", "deal 11, 24 pairs taken",
                   "deal 7, 48 pairs taken", "deal 11, 62 pairs taken")


def _tile_cases(names: Iterable[str] | None = None) -> list[tuple[Shanghai, int, int, int]]:
    chosen = [positions()[n] for n in names] if names is not None else list(positions().values())
    return [(game, *tile.position) for game in chosen for tile in game.tiles]


def _run_on_grid(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    game, *rest = case
    return function(game.grid(), *rest)


def _why_not_top(game: Shanghai, position: Position) -> str:
    depth, row, col = position
    above = game.tile_at((depth - 1, row, col)) if depth > 0 else None
    if depth == 0:
        return "it is on the top layer (depth 0): nothing can lie on it"
    if above is None:
        return f"the place above it ({_short_place((depth - 1, row, col))}) is empty"
    return f"{tile_name(above)} lies on it"


def _explain_is_top(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    game, depth, row, col = case
    tile = game.tile_at((depth, row, col))
    assert tile is not None
    lines = [f"Is {tile_name(tile)} on top (nothing lying on it)?",
             f"  the shipped is_top says {expected}: {_why_not_top(game, tile.position)}",
             f"  yours says {got!r}" + (" (did you forget a return?)" if got is None else ""),
             "  (layer 0 is the top: the place above (depth, row, col) is (depth - 1, row, col))"]
    marks = Marks(focus={tile.position})
    lines += _legend(marks)
    return Explanation(lines, field_picture(game, marks, label="is_top"), marks=marks.count())


register(Exercise(
    "shanghai.is_top", tutorial.is_top, name="is_top", cases=lambda: _tile_cases(_TILE_POSITIONS), run=_run_on_grid,
    explain=_explain_is_top,
    solution_imports="from gamelab.shanghai.tutorial import Grid",
))


def _why_select(game: Shanghai, position: Position) -> str:
    depth, row, col = position
    if not game.is_top(position):
        return _why_not_top(game, position)
    if col == 0:
        return "it stands at the left edge of the board (column 0)"
    if game.tile_at((depth, row, col - 1)) is None:
        return f"its left neighbour ({_short_place((depth, row, col - 1))}) is empty"
    if col == COL_COUNT - 1:
        return f"it stands at the right edge of the board (column {COL_COUNT - 1})"
    if game.tile_at((depth, row, col + 1)) is None:
        return f"its right neighbour ({_short_place((depth, row, col + 1))}) is empty"
    return "tiles stand on both its sides"


def _explain_can_select(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    game, depth, row, col = case
    tile = game.tile_at((depth, row, col))
    assert tile is not None
    lines = [f"{tile_name(tile)} can be taken?",
             f"  the shipped can_select says {expected}: {_why_select(game, tile.position)}",
             f"  yours says {got!r}" + (" (did you forget a return?)" if got is None else "")]
    if got is not None and not isinstance(got, bool):
        lines.append("  (return True or False)")
    marks = Marks(focus={tile.position})
    lines += _legend(marks)
    return Explanation(lines, field_picture(game, marks, label="can_select"), marks=marks.count())


register(Exercise(
    "shanghai.can_select", tutorial.can_select, name="can_select", cases=lambda: _tile_cases(_TILE_POSITIONS),
    run=_run_on_grid, explain=_explain_can_select,
    solution_imports="from gamelab.shanghai.tutorial import COL_COUNT, Grid",
))


def _same_tint(expected: Any, got: Any) -> bool:
    tint = _four_numbers(got)
    return (tint is not None and tuple(tint[:3]) == tuple(expected[:3])
            and math.isclose(tint[3], expected[3], abs_tol=1e-9))


def _tint_text(tint: Sequence[float]) -> str:
    red, green, blue, opacity = tint
    return f"rgba({red}, {green}, {blue}, {round(opacity, 3)})"


def _explain_tile_tint(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    depth, selected = case
    state = "selected" if selected else "not selected"
    lines = [f"A free tile on layer {depth}, {state}:",
             f"  the shipped tile_tint lays {_tint_text(expected)} over it"]
    tint = _four_numbers(got)
    if tint is None:
        lines.append(f"  yours returned {_odd(got)}: return (red, green, blue, opacity)")
    else:
        lines.append(f"  yours lays        {_tint_text(tint)}")
    lines += _note("In the picture: the same tile, on the left tinted the shipped way, on the right yours, "
                   "framed in red.")

    def draw(painter: Painter) -> None:
        painter.rect(0, 0, 180, 100, fill=_BACKGROUND)
        for x, rule, caption in ((24, tile_tint, "shipped"), (110, (lambda d, s: tint) if tint else None, "yours")):
            tile = Tile(M5, depth, 0, 0)
            if rule is None:
                ShanghaiPicture.draw_tile(painter, tile, can_select=False, at=(x, 12))
            else:
                ShanghaiPicture.draw_tile(painter, tile, can_select=True, selected=selected, at=(x, 12), tint=rule)
            painter.text(x + TILE_WIDTH / 2, 86, caption, size=12, fill="white", family=FONT)
        painter.rect(106, 8, TILE_WIDTH + 8 + 6, TILE_HEIGHT + 8 + 6, stroke=_RED, line_width=2.5)

    return Explanation(lines, _image(180, 100, draw, "tile_tint"), marks=1)


register(Exercise(
    "shanghai.tile_tint", tile_tint, name="tile_tint",
    cases=lambda: [(depth, selected) for depth in range(DEPTH_COUNT) for selected in (False, True)],
    same=_same_tint, explain=_explain_tile_tint,
    solution_imports="from gamelab.shanghai.picture import Tint",
))


def _grid_state(grid: Any) -> tuple[tuple[Position, int], ...] | str:
    """What a grid holds, comparable: the tiles by place (or a text saying why it is not a grid)."""
    try:
        cells = []
        for depth in range(DEPTH_COUNT):
            for row in range(ROW_COUNT):
                for col in range(COL_COUNT):
                    cell = grid[depth][row][col]
                    if cell is None:
                        continue
                    if cell is generate.UNFILLED:
                        return f"{_short_place((depth, row, col))} is still UNFILLED"
                    if not isinstance(cell, Tile):
                        return f"{_short_place((depth, row, col))} holds {_odd(cell)}, not a Tile or None"
                    if cell.position != (depth, row, col):
                        return f"{_short_place((depth, row, col))} holds the tile of {_short_place(cell.position)}"
                    cells.append((cell.position, cell.kind))
        return tuple(cells)
    except (TypeError, IndexError, KeyError) as exc:
        return f"not a 4 × 8 × 12 grid ({type(exc).__name__})"


def _undo_cases() -> list[tuple[Shanghai, Tile]]:
    cases = []
    for name in ("edges", "pyramid", "two pairs", "deal 7, 24 pairs taken", "deal 11, 48 pairs taken"):
        game = positions()[name]
        for pair in game.removable_pairs()[:3]:
            taken = game.copy()
            taken.remove(*pair)
            cases += [(taken, pair[0]), (taken, pair[1])]
    return cases


def _run_undo(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    game, tile = case
    grid = game.grid()
    function(grid, tile)
    return _grid_state(grid)


def _explain_tile_undo(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    game, tile = case
    lines = [f"Putting back {tile_name(tile)} (taken with its pair):"]
    marks = Marks(want={tile.position})
    if isinstance(got, str):
        lines.append(f"  afterwards the grid is wrong: {got}")
    elif got is not None:
        want, have = dict(expected), dict(got)
        missing = [p for p in want if p not in have]
        extra = [p for p in have if have[p] != want.get(p)]
        if missing:
            lines.append("  the tile is not back at " + "; ".join(_short_place(p) for p in missing[:3]))
        if extra:
            lines.append("  yours changed " + "; ".join(_short_place(p) for p in extra[:3]))
            marks.extra.update(extra)
        if not missing and not extra:
            lines.append("  the grids differ")
    lines.append("  the shipped tile_undo puts it back at its own place (a Tile knows its depth, row and col)")
    back = board_from({**{t.position: t.kind for t in game.tiles}, tile.position: tile.kind})
    lines += _legend(marks, "the field with the tile back where it lay", want="green frame: the tile put back",
                     extra="red ✗: a place yours changed")
    return Explanation(lines, field_picture(back, marks, label="tile_undo"), marks=marks.count())


register(Exercise(
    "shanghai.tile_undo", tutorial.put_back, name="tile_undo", cases=_undo_cases, run=_run_undo,
    explain=_explain_tile_undo,
    solution_imports="from gamelab.shanghai.tutorial import Tile",
))


# == 問題の生成: the layout mask, getEdges, getRandom2, initTiles ======================================
def _mask_places(mask: Any) -> set[Position] | str:
    try:
        if len(mask) != DEPTH_COUNT or any(len(layer) != ROW_COUNT for layer in mask) or any(
                len(line) != COL_COUNT for layer in mask for line in layer):
            return f"not {DEPTH_COUNT} layers of {ROW_COUNT} rows of {COL_COUNT} places"
        return {(d, r, c) for d in range(DEPTH_COUNT) for r in range(ROW_COUNT) for c in range(COL_COUNT)
                if mask[d][r][c]}
    except TypeError:
        return f"{_odd(mask)} is not a list of layers"


def _explain_layout_mask(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    want = _mask_places(expected)
    assert isinstance(want, set)
    have = _mask_places(got)
    lines = ["The layout: where the 136 tiles stand (True = a tile goes here, the tutorial's undefined)."]
    marks = Marks(places=set(want))
    if got is None:
        lines.append("  yours returned None: return mask[depth][row][col]")
    elif isinstance(have, str):
        lines.append(f"  yours is {have}")
    else:
        for depth in range(DEPTH_COUNT):
            w = sum(1 for p in want if p[0] == depth)
            h = sum(1 for p in have if p[0] == depth)
            if w != h:
                lines.append(f"  layer {depth}: the shipped layout has {w} places, yours {h}")
        missing, extra = sorted(want - have), sorted(have - want)
        if missing:
            lines.append("  missing: " + "; ".join(_short_place(p) for p in missing[:3])
                         + (f" and {len(missing) - 3} more" if len(missing) > 3 else ""))
        if extra:
            lines.append("  not in the layout: " + "; ".join(_short_place(p) for p in extra[:3])
                         + (f" and {len(extra) - 3} more" if len(extra) > 3 else ""))
        marks.want, marks.extra = set(missing), set(extra)
        marks.places = set(want) & set(have)
    if not marks.want and not marks.extra:
        marks.want = set(want)
    stress = _stress(marks)
    lines += _legend(marks, "each layer's places, layer 0 (the top) first"
                     + ("; outlines: places in both layouts" if isinstance(have, set) else ""),
                     want="green frame: a place of the shipped layout yours leaves out",
                     extra="red ✗: a place yours adds")
    return Explanation(lines, layers_picture(marks, "layout_mask", stress=stress), marks=marks.count(None))


register(Exercise(
    "shanghai.layout_mask", tutorial.layout_mask, name="layout_mask", cases=lambda: [()],
    same=lambda expected, got: _mask_places(got) == _mask_places(expected), explain=_explain_layout_mask,
    solution_imports="from gamelab.shanghai.tutorial import ROW_COUNT, COL_COUNT, DEPTH_COUNT",
))


def filling_grid(seed: int, steps: int) -> list[list[list[Any]]]:
    """The tutorial's grid while ``initTiles`` fills it: the layout marked ``UNFILLED`` and the first
    ``steps`` pairs placed (fewer if the filling ends first), as the generator makes it for ``seed``
    (a fresh copy each time: a learner's function may change it)."""
    return [[list(line) for line in layer] for layer in _filling_grid(seed, steps)]


@lru_cache(maxsize=None)
def _filling_grid(seed: int, steps: int) -> list[list[list[Any]]]:
    rng = random.Random(seed)
    kinds = generate.shuffled_pairs(rng)
    mask = tutorial.layout_mask()
    grid: list[list[list[Any]]] = [[[generate.UNFILLED if mask[d][r][c] else None for c in range(COL_COUNT)]
                   for r in range(ROW_COUNT)] for d in range(DEPTH_COUNT)]
    for step in range(steps):
        rets = generate.get_edges(grid)
        if len(rets) < 2:
            break
        pair = generate.get_random2(rng, len(rets) - 1)
        assert pair is not None
        for depth, row, col in (rets[pair[0]], rets[pair[1]]):
            grid[depth][row][col] = Tile(kinds[step], depth, row, col)
    return grid


def filling_text(grid: list[list[list[Any]]], offered: Iterable[Position] = ()) -> str:
    """A grid being filled as text, the four layers side by side: ``■`` a tile placed, ``·`` a place still
    undefined (``UNFILLED``), ``○`` a place offered (by ``get_edges``), blank where no tile goes.

    >>> print(filling_text(filling_grid(1, 0), [(0, 3, 5)]).splitlines()[4])
      3       ○·           ····         ······     ············
    """
    chosen = set(offered)
    lines = ["row  " + "  ".join(f"layer {depth}".ljust(COL_COUNT) for depth in range(DEPTH_COUNT))]
    for row in range(ROW_COUNT):
        parts = []
        for depth in range(DEPTH_COUNT):
            line = ""
            for col in range(COL_COUNT):
                cell = grid[depth][row][col]
                line += ("○" if (depth, row, col) in chosen else "■" if isinstance(cell, Tile)
                         else "·" if cell is generate.UNFILLED else " ")
            parts.append(line)
        lines.append(f"{row:3}  " + "  ".join(parts))
    return "\n".join(lines)


# a grid part filled first (a first failing case shows tiles placed and places left), then the empty
# layout, the last steps and grids filled to the end
_EDGE_CASES = [(seed, steps) for seed in (1, 2, 3) for steps in (8, 20, 3, 1, 0, 40, 55, 62, 65, 67, 68)] + [
    (seed, 68) for seed in (5, 9, 13, 18, 24, 29, 31)]


def _positions_of(got: Any) -> list[Position] | str:
    try:
        result = []
        for item in got:
            if isinstance(item, dict):
                item = (item["depth"], item["row"], item["col"])
            place = tuple(item)
            if not _valid(place):
                return f"{_odd(item)} is not a place (depth, row, col) on the board"
            result.append(place)
        return result
    except (TypeError, KeyError, ValueError):
        return f"{_odd(got)} is not a list of places (depth, row, col)"


def _places_text(places: Sequence[Position], shown: int = 6) -> str:
    text = " ".join(f"({d},{r},{c})" for d, r, c in places[:shown])
    return (text + (" …" if len(places) > shown else "")) or "nothing"


def _run_edges(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    return _positions_of(function(filling_grid(*case)))


def _grid_game(grid: list[list[list[Any]]]) -> tuple[Shanghai, set[Position]]:
    """The placed tiles of a grid being filled, as a position, and its unfilled places."""
    kinds = {}
    unfilled = set()
    for d in range(DEPTH_COUNT):
        for r in range(ROW_COUNT):
            for c in range(COL_COUNT):
                cell = grid[d][r][c]
                if cell is generate.UNFILLED:
                    unfilled.add((d, r, c))
                elif isinstance(cell, Tile):
                    kinds[(d, r, c)] = cell.kind
    return board_from(kinds), unfilled


def _explain_get_edges(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    seed, steps = case
    grid = filling_grid(seed, steps)
    game, unfilled = _grid_game(grid)
    placed = 136 - len(unfilled)
    lines = [f"A grid being filled ({placed} tiles placed, {len(unfilled)} places still undefined):"]
    marks = Marks(places=unfilled, filled={t.position for t in game.tiles})
    words = {"want": "green frame: offered by the shipped get_edges, not by yours",
             "extra": "red ✗: offered by yours only", "agreed": "white ring: offered by both"}
    if isinstance(got, str) or got is None:
        lines.append(f"  yours returned {'None' if got is None else got}")
        marks.want = set(expected)
    else:
        lines.append(f"  the shipped get_edges offers {len(expected)}: {_places_text(expected)}")
        lines.append(f"  yours offers {len(got)}:{' ' * (16 + len(str(len(expected))) - len(str(len(got))))}"
                     f"{_places_text(got)}")
        missing = [p for p in expected if p not in got]
        extra = [p for p in got if p not in expected]
        for p in missing[:3]:
            above = "" if p[0] == 0 or (p[0] - 1, p[1], p[2]) not in unfilled else " (its place above is filled?)"
            lines.append(f"  missing {place_name(p)}{above}")
        for p in extra[:3]:
            why = (" — the place above it is still undefined: upper layers first"
                   if p[0] > 0 and (p[0] - 1, p[1], p[2]) in unfilled else
                   " — not undefined" if p not in unfilled else " — not the outermost undefined place of its row")
            lines.append(f"  extra {place_name(p)}{why}")
        if not missing and not extra:
            lines.append("  the same places in another order: by depth, then row, the left end before the right")
            first = next(w for w, h in zip(expected, got) if w != h)
            marks.focus = {first}
            words["focus"] = "orange ring: the first place offered out of order"
        marks.want, marks.extra = set(missing), set(extra)
        marks.agreed = set(expected) & set(got)
        still_empty = {(p[0] - 1, p[1], p[2]) for p in extra[:3] if p[0] > 0 and (p[0] - 1, p[1], p[2]) in unfilled}
        if still_empty:
            marks.focus |= still_empty
            words["focus"] = "orange ring: the place above it, still undefined"
    stress = _stress(marks)
    lines += _legend(marks, _layers_words(marks), **words)
    return Explanation(lines, layers_picture(marks, "get_edges", stress=stress), marks=marks.count(None))


register(Exercise(
    "shanghai.get_edges", generate.get_edges, name="get_edges", cases=lambda: list(_EDGE_CASES),
    run=_run_edges, explain=_explain_get_edges,
    solution_imports="from gamelab.shanghai.tutorial import ROW_COUNT, COL_COUNT, DEPTH_COUNT, Position\n"
                     "from gamelab.shanghai.generate import UNFILLED, FillGrid",
))


def _pair_of(got: Any) -> tuple[int, int] | None | str:
    if got is None:
        return None
    if isinstance(got, dict) and set(got) == {"first", "second"}:
        got = (got["first"], got["second"])
    try:
        first, second = got
    except (TypeError, ValueError):
        return f"{_odd(got)} is not a pair of numbers"
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (first, second)):
        return f"{_odd(got)} is not a pair of whole numbers"
    return first, second


def _run_random2(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    seed, max_ = case
    rng = random.Random(seed)
    result = _pair_of(function(rng, max_))
    return result, rng.random()  # the next number tells how many numbers were drawn


def _random2_cases() -> list[tuple[int, int]]:
    # typical numbers of places first, the smallest (one place, or none) last
    return [(seed, max_) for max_ in (9, 30, 47, 5, 3, 2, 1, 0, -1) for seed in range(24)]


def _draws(seed: int, after: Any) -> int | None:
    """How many ``rng.random()`` numbers were drawn from ``random.Random(seed)`` before the one ``after``
    (None: not a count of ``random()`` calls)."""
    rng = random.Random(seed)
    for drawn in range(16):
        if rng.random() == after:
            return drawn
    return None


def _explain_get_random2(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    seed, max_ = case
    rng = random.Random(seed)
    r1, r2 = (int(rng.random() * (max_ + 1)) for _ in range(2)) if max_ > 0 else (None, None)
    want, _ = expected
    have, after = got if isinstance(got, tuple) and len(got) == 2 else (got, None)
    lines = [f"get_random2(rng, {max_}) with random.Random({seed}):"]
    if r1 is not None:
        lines.append(f"  the first two numbers give {r1} and {r2}" + (" — the same, so take it and the one below"
                                                                     if r1 == r2 else ""))
    lines.append(f"  the shipped get_random2 returns {want}")
    lines.append(f"  yours returns {have}")
    pairs = [v for v in (want, have) if isinstance(v, tuple)]
    wanted = set(want) if isinstance(want, tuple) else set()
    had = set(have) if isinstance(have, tuple) else set()
    drawn = None
    if have == want and after != expected[1]:
        drawn = _draws(seed, after)
        lines += ["  the same pair, but yours drew " + (f"{drawn} random numbers" if drawn is not None else
                                                         "its numbers another way") + ", not two:",
                  "  draw exactly two, each with rng.random() (Math.random())"]
    marks = len(wanted - had) + len(had - wanted) + (1 if drawn is not None or (have == want and
                                                                                after != expected[1]) else 0)
    if marks == 0:  # both None, or the same numbers in another order
        marks = len(wanted | had) or 1
    count = max([1, max_ + 1] + [v + 1 for pair in pairs for v in pair if isinstance(v, int) and 0 <= v < 60])
    cell = max(10, min(36, 440 // count))
    strip = 34 if have == want and after != expected[1] else 0
    width, height = cell * count + 20, 56 + strip

    def draw(painter: Painter) -> None:
        painter.rect(0, 0, max(width, 240), height, fill=_BACKGROUND)
        for i in range(count):
            x = 10 + i * cell
            offered = i <= max_
            painter.rect(x + 1, 12, cell - 2, 30, fill="#ffffff" if offered else "#ff9aa8",
                         alpha=0.9 if i in wanted else 0.25, stroke=_GHOST)
            if i in wanted and i not in had:
                painter.rect(x, 11, cell, 32, stroke=_GREEN, line_width=3)
            if i in wanted and i in had:
                painter.circle(x + cell / 2, 27, min(12, cell / 2 - 2), stroke="white", line_width=2)
            if i in had and i not in wanted:
                painter.line(x + 3, 14, x + cell - 3, 40, stroke=_RED, line_width=3)
                painter.line(x + 3, 40, x + cell - 3, 14, stroke=_RED, line_width=3)
            if count <= 20:
                painter.text(x + cell / 2, 27, str(i), size=11, fill="black", family=FONT)
        if strip:
            y = 62
            painter.text(10, y, "numbers drawn:  shipped", size=11, fill="white", align="left", baseline="top",
                         family=FONT)
            for k in range(2):
                painter.circle(160 + k * 12, y + 6, 4, fill="white")
            painter.text(190, y, "yours", size=11, fill="white", align="left", baseline="top", family=FONT)
            shown = drawn if drawn is not None else 0
            for k in range(min(shown, 8)):
                painter.circle(228 + k * 12, y + 6, 4, fill=_RED)
            painter.rect(222, y - 4, max(24, 12 * min(shown, 8) + 4), 20, stroke=_RED, line_width=2)

    parts = []
    if wanted - had:
        parts.append("green frame: the shipped pick yours lacks")
    if wanted & had:
        parts.append("white ring: picked by both")
    if had - wanted:
        parts.append("red ✗: yours only" + (" (pink: not among the places offered)" if any(
            isinstance(v, int) and v > max_ for v in had) else ""))
    if strip:
        parts.append("red frame: the count of numbers yours drew")
    lines += _note("In the picture: the places 0 … max offered by get_edges" + ("; " + "; ".join(parts) if parts
                                                                                else "") + ".")
    return Explanation(lines, _image(max(width, 240 if strip else width), height, draw, "get_random2"), marks=marks)


register(Exercise(
    "shanghai.get_random2", generate.get_random2, name="get_random2", cases=_random2_cases, run=_run_random2,
    explain=_explain_get_random2,
    solution_imports="import random",
))


def _result_of(got: Any) -> Any:
    """An init_tiles answer, comparable: None, or (tiles by place, pairs in order), or a text why not."""
    if got is None:
        return None
    try:
        grid, order = got
    except (TypeError, ValueError):
        return f"{_odd(got)} is not (grid, order) or None"
    state = _grid_state(grid)
    if isinstance(state, str):
        return state
    pairs = []
    try:
        for first, second in order:
            pairs.append((tuple(first), tuple(second)))
    except (TypeError, ValueError):
        return f"order {_odd(order)} is not a list of pairs of places"
    return state, tuple(pairs)


def _run_init_tiles(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    (seed,) = case
    return _result_of(function(random.Random(seed)))


def _explain_init_tiles(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (seed,) = case
    lines = [f"init_tiles(random.Random({seed})):"]
    layout = set(tutorial.LAYOUT)
    marks = Marks(places=set(layout))
    if expected is None:
        lines += ["  the shipped init_tiles gets stuck with places left undefined",
                  "  and returns None (the tutorial's やりなおし)"]
        stuck = _grid_game(filling_grid(seed, len(layout) // 2))
        marks = Marks(filled={t.position for t in stuck[0].tiles}, want=stuck[1])
    else:
        lines.append(f"  the shipped init_tiles fills all 136 places in {len(expected[1])} steps")
    if got is None or isinstance(got, str):
        lines.append(f"  yours returns {'None' if got is None else got}")
        if expected is None and isinstance(got, str) and "UNFILLED" in got:
            lines.append("  (when places are left UNFILLED at the end, return None: createProblem tries again)")
    elif expected is None:
        lines.append("  yours fills the board anyway: check for places still UNFILLED at the end")
    else:
        want_tiles, want_order = dict(expected[0]), expected[1]
        have_tiles, have_order = dict(got[0]), got[1]
        step = next((i for i, (w, h) in enumerate(zip(want_order, have_order)) if w != h), None)
        if step is None and len(want_order) != len(have_order):
            step = min(len(want_order), len(have_order))
        if step is not None:
            lines.append(f"  the first {step} steps agree; at step {step + 1}:")
            if step < len(want_order):
                a, c = want_order[step]
                lines.append(f"  the shipped one puts {face_name(want_tiles[a])} at {_short_place(a)} and "
                             f"{_short_place(c)}")
                marks.want = {a, c}
            if step < len(have_order):
                a, c = have_order[step]
                kind = have_tiles.get(a)
                lines.append(f"  yours puts {face_name(kind) if kind else 'nothing'} at {_short_place(a)} and "
                             f"{_short_place(c)}")
                marks.extra = {a, c} - marks.want
            marks.filled = {p for pair in want_order[:step] for p in pair}
            marks.places = layout - marks.filled
        else:
            diff = [p for p in want_tiles if have_tiles.get(p) != want_tiles[p]]
            lines.append(f"  the same places in the same steps, but {len(diff)} hold another kind, e.g. "
                         + "; ".join(f"{_short_place(p)} should be {face_name(want_tiles[p])}" for p in diff[:2]))
            lines.append("  (step n puts two tiles of the kind shuffled_pairs(rng)[n])")
            marks.want = set(diff[:8])
            marks.places = set()
            marks.filled = layout
    if not marks.want and not marks.extra:
        marks.want = set(layout) if expected is not None else marks.want
    lines += _legend(marks, _layers_words(marks),
                     want="green frame: the shipped step's places" if expected is not None else
                     "green frame: places the shipped init_tiles cannot fill",
                     extra="red ✗: yours only")
    return Explanation(lines, layers_picture(marks, "init_tiles", stress=_stress(marks)), marks=marks.count(None))


register(Exercise(
    "shanghai.init_tiles", generate.init_tiles, name="init_tiles",
    cases=lambda: [(seed,) for seed in range(24)], run=_run_init_tiles, explain=_explain_init_tiles,
    solution_imports="import random\n"
                     "from gamelab.shanghai.tutorial import ROW_COUNT, COL_COUNT, DEPTH_COUNT, Position, Tile\n"
                     "from gamelab.shanghai.generate import UNFILLED, FillGrid, shuffled_pairs",
))


# == 牌が選択されたとき: the click, the clear check, the stalemate search ===============================
def _game_cases(names: Iterable[str] | None = None) -> list[tuple[Shanghai]]:
    chosen = names if names is not None else positions().keys()
    return [(positions()[name],) for name in chosen]


def _explain_check_clear(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (game,) = case
    tiles = game.tiles
    lines = ["Is the board clear (every tile taken)?"]
    if expected:
        lines.append("  the shipped check_clear says True: no tile is left")
    else:
        lines += [f"  the shipped check_clear says False: {len(tiles)} tiles are left,",
                  f"    e.g. {tile_name(tiles[0])}"]
    lines.append(f"  yours says {got!r}" + (" (did you forget a return?)" if got is None else ""))
    marks = Marks(focus={t.position for t in tiles[:1]})
    if tiles:
        lines += _legend(marks, focus="orange ring: a tile still on the board")
        return Explanation(lines, field_picture(game, marks, label="check_clear"), marks=marks.count())
    lines += _note("In the picture: the field, empty, with クリア！ in red where yours does not see it.")

    def draw(painter: Painter) -> None:
        painter.rect(0, 0, FIELD_WIDTH, 120, fill=_BACKGROUND)
        painter.text(FIELD_WIDTH / 2, 60, "クリア！", size=44, fill="white", bold=True, family=CJK_FONT)
        painter.rect(FIELD_WIDTH / 2 - 100, 22, 200, 76, stroke=_RED, line_width=3)

    return Explanation(lines, _image(FIELD_WIDTH, 120, draw, "check_clear"), marks=1)


register(Exercise(
    "shanghai.check_clear", tutorial.is_clear, name="check_clear",
    cases=lambda: _game_cases(["two pairs", "cleared", "edges", "stalemate", "deal 7, 66 pairs taken",
                               "deal 11, 62 pairs taken", "deal 7, 0 pairs taken"]),
    run=lambda function, case: function(case[0].grid()), explain=_explain_check_clear,
    solution_imports="from gamelab.shanghai.tutorial import ROW_COUNT, COL_COUNT, DEPTH_COUNT, Grid",
))


def _found_pair(got: Any) -> tuple[Position, Position] | None | str:
    if got is None:
        return None
    if isinstance(got, dict) and set(got) == {"first", "second"}:
        got = (got["first"], got["second"])
    try:
        first, second = got
        return tuple(first.position), tuple(second.position)
    except (TypeError, ValueError, AttributeError):
        return f"{_odd(got)} is not a pair of tiles"


def _explain_search(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (game,) = case
    lines = [f"Which pair can be taken first? ({game.tiles_left} tiles on the board)"]
    marks = Marks()
    if expected is None:
        lines.append("  the shipped search finds none: no two free tiles are of one kind (手詰まり), so None")
    else:
        a, c = (game.tile_at(p) for p in expected)
        assert a is not None and c is not None
        lines.append(f"  the shipped search finds {tile_name(a)}")
        lines.append(f"    and {place_name(c.position)} (scanning layer, row, column: the first kind seen twice)")
        marks.want = set(expected)
    if isinstance(got, tuple):
        a, c = (game.tile_at(p) for p in got)
        names = [tile_name(t) if t else f"no tile at {_short_place(p)}" for t, p in zip((a, c), got)]
        lines.append(f"  yours finds {names[0]}")
        lines.append(f"    and {names[1]}")
        marks.extra = set(got) - set(expected or ())
        marks.want -= set(got)
        if not marks.extra and not marks.want:  # the same two tiles, the other way round
            marks.focus = {p for p in got if _valid(p)}
            lines.append("  (the same two tiles: return the one met first in the scan first)")
    else:
        lines.append(f"  yours returns {'None' if got is None else got}")
    lines += _legend(marks, focus="orange ring: the pair both find")
    return Explanation(lines, field_picture(game, marks, label="search"), marks=marks.count())


register(Exercise(
    "shanghai.search", tutorial.first_pair, name="search", cases=_game_cases,
    run=lambda function, case: _found_pair(function(case[0].grid())), explain=_explain_search,
    solution_imports="from gamelab.shanghai.tutorial import ROW_COUNT, COL_COUNT, DEPTH_COUNT, Tile, TileGrid",
))


# -- the handlers: Response answers, told in words --------------------------------------------------------
_SOUNDS = {"select": "the select sound", "ng": "the NG sound"}


def _response_words(response: Any, game: Shanghai, ui: ShanghaiUI) -> list[str]:
    """What a handler's answer does, in the game's words (a list of short phrases)."""
    if response is None:
        return ["nothing (None)"]
    if not isinstance(response, Response):
        return [f"{_odd(response)}, which is not a Response"]
    words = []
    if response.action is not None:
        try:
            first, second = (game.tile_at(p) for p in response.action.split())
            names = " + ".join(t.name if t else "?" for t in (first, second))
            words.append(f"takes the pair {names} ({response.action})")
        except (ValueError, AttributeError):
            words.append(f"plays {response.action!r}")
    new = response.ui
    if new is not None and new != ui:
        if not isinstance(new, ShanghaiUI):
            words.append(f"sets the interface state to {_odd(new)}")
        else:
            if new.selected != ui.selected:
                tile = game.tile_at(new.selected) if new.selected else None
                words.append(f"selects {tile.name if tile else '?'} ({'.'.join(map(str, new.selected))})"
                             if new.selected else "clears the selection")
            if new.suggested != ui.suggested:
                words.append("frames " + " and ".join(".".join(map(str, p)) for p in new.suggested)
                             if new.suggested else "clears Search's frame")
            if new.given_up != ui.given_up:
                words.append("counts the game as given up" if new.given_up else "clears the given-up flag")
            if new.banner != ui.banner:
                words.append(f"changes the banner to {new.banner!r}")
    if response.command is not None:
        words.append("takes back the last pair (command 'undo')" if response.command == "undo"
                     else f"presses {response.command!r}")
    if response.sound is not None:
        words.append(f"plays {_SOUNDS.get(response.sound, repr(response.sound))}")
    if response.message is not None:
        words.append(f"says {response.message!r}")
    return words or ["nothing visible (an empty Response)"]


def _ui_words(ui: ShanghaiUI, game: Shanghai) -> str:
    parts = []
    if ui.selected:
        tile = game.tile_at(ui.selected)
        parts.append(f"{tile_name(tile) if tile else _short_place(ui.selected)} is selected")
    else:
        parts.append("nothing is selected")
    if ui.suggested:
        parts.append("Search framed " + " and ".join(".".join(map(str, p)) for p in ui.suggested))
    if ui.given_up:
        parts.append("Search was used")
    return "; ".join(parts)


def _handler_marks(game: Shanghai, expected: Any, got: Any) -> Marks:
    marks = Marks()

    def places(response: Any) -> set[Position]:
        found: set[Position] = set()
        if isinstance(response, Response):
            if response.action:
                try:
                    found.update(tutorial.parse_position(p) for p in response.action.split())
                except ValueError:
                    pass
            if isinstance(response.ui, ShanghaiUI):
                if response.ui.selected and _valid(tuple(response.ui.selected)):
                    found.add(tuple(response.ui.selected))  # type: ignore[arg-type]  # checked: 3 ints
                found.update(p for p in response.ui.suggested if _valid(p))
        return found

    want, have = places(expected), places(got)
    marks.want, marks.extra = want - have, have - want
    return marks


def _response_parts(response: Any, game: Shanghai, ui: ShanghaiUI) -> list[str]:
    """What a handler's answer does, as a few short labels (the picture's chips under the field)."""
    if response is None:
        return ["nothing (None)"]
    if not isinstance(response, Response):
        return ["not a Response"]

    def named(position: Any) -> str:
        tile = game.tile_at(position) if _valid(tuple(position)) else None
        return tile.name if tile is not None else "?"

    parts = []
    if response.action is not None:
        try:
            parts.append("take " + " + ".join(named(tutorial.parse_position(p)) for p in response.action.split()))
        except (ValueError, TypeError):
            parts.append(f"play {response.action!r}"[:30])
    new = response.ui
    if isinstance(new, ShanghaiUI) and new != ui:
        if new.selected != ui.selected:
            parts.append(f"select {named(new.selected)}" if new.selected else "clear the selection")
        if new.suggested != ui.suggested:
            parts.append("frame " + " + ".join(named(p) for p in new.suggested) if new.suggested
                         else "clear the frame")
        if new.given_up != ui.given_up:
            parts.append("given up (red clock)" if new.given_up else "not given up")
    elif new is not None and not isinstance(new, ShanghaiUI):
        parts.append("not a ShanghaiUI")
    if response.command is not None:
        parts.append("take back a pair" if response.command == "undo" else f"press {response.command}")
    if response.sound is not None:
        parts.append("♪ " + {"select": "select", "ng": "NG"}.get(response.sound, str(response.sound)))
    if response.message is not None:
        parts.append(f"say “{response.message[:22]}”")
    return parts or ["nothing"]


def _chip_width(text: str) -> float:
    return _text_width(text, 11) + 14


def _answers_strip(shipped: list[str], yours: list[str]) -> tuple[int, Callable[[Painter, float], None], int]:
    """The two answers as rows of chips under the field: (height, draw, how many chips differ). A chip of
    the shipped answer that yours lacks is framed in green, one of yours the shipped answer lacks in red."""
    rows: list[tuple[str, list[tuple[str, str | None, float, float]]]] = []
    y = 8.0
    for caption, parts, other, color in (("shipped", shipped, yours, _GREEN), ("yours", yours, shipped, _RED)):
        x = 74.0
        placed: list[tuple[str, str | None, float, float]] = []
        for text in parts:
            w = _chip_width(text)
            if x + w > FIELD_WIDTH - 8 and placed:
                x, y = 74.0, y + 26
            placed.append((text, color if text not in other else None, x, y))
            x += w + 6
        rows.append((caption, placed))
        y += 30
    height = int(y + 2)
    differ = sum(1 for _, placed in rows for _, color, _, _ in placed if color)
    if not differ:  # the same words, yet not the same answer (a message cut short, say): frame all of yours
        rows[1] = (rows[1][0], [(text, _RED, x, y) for text, _, x, y in rows[1][1]])
        differ = len(rows[1][1])

    def draw(painter: Painter, top: float) -> None:
        painter.rect(0, top, FIELD_WIDTH, height, fill="#006b6b")
        for caption, placed in rows:
            if placed:
                painter.text(10, top + placed[0][3] + 11, caption, size=12, fill="white", align="left", family=FONT)
            for text, color, x, y in placed:
                w = _chip_width(text)
                painter.round_rect(x, top + y, w, 22, 6, fill="#f4fbfb", stroke=color or "#7fbcbc",
                                   line_width=3 if color else 1)
                painter.text(x + w / 2, top + y + 11, text, size=11, fill="#102020", family=FONT)

    return height, draw, differ


def _explain_handler(title: str, game: Shanghai, ui: ShanghaiUI, playing: bool, expected: Any, got: Any,
                     focus: Position | None, extra: list[str] | None = None) -> Explanation:
    lines = [title,
             f"  {'after Start' if playing else 'before Start (isPlaying false)'}; {_ui_words(ui, game)}",
             *(extra or []),
             "  the shipped version " + ", ".join(_response_words(expected, game, ui)),
             "  yours               " + ", ".join(_response_words(got, game, ui))]
    marks = _handler_marks(game, expected, got)
    if focus is not None:
        marks.focus = {focus}
    height, strip, differ = _answers_strip(_response_parts(expected, game, ui), _response_parts(got, game, ui))
    lines += _legend(marks, "the field as the player sees it, the two answers under it (chips that differ framed)",
                     focus="orange ring: the tile clicked")
    return Explanation(lines, field_picture(game, marks, ui=ui, label="handler", below=(height, strip)),
                       marks=marks.count() - len(_first(marks.focus)) + differ)


def _click_cases() -> list[tuple[Shanghai, ShanghaiUI, Any, bool]]:
    cases: list[tuple[Shanghai, ShanghaiUI, Any, bool]] = []
    for game in _small(["two pairs", "edges", "pyramid", "stalemate"]) + [positions()["deal 7, 24 pairs taken"]]:
        free = game.selectable()
        pair = game.search()
        uis = [ShanghaiUI()] + [ShanghaiUI(selected=t.position) for t in free[:4]]
        if pair:
            uis.append(ShanghaiUI(suggested=(pair[0].position, pair[1].position), given_up=True))
            uis.append(ShanghaiUI(selected=pair[0].position, suggested=(pair[0].position, pair[1].position)))
        targets: list[Any] = [TileAt(*t.position) for t in free[:6]] + [None]
        for ui in uis:
            for target in targets:
                cases.append((game, ui, target, True))
        cases += [(game, ShanghaiUI(), targets[0], False), (game, uis[-1], None, False)]
    return cases


def _explain_on_click(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    game, ui, target, playing = case
    if isinstance(target, TileAt):
        tile = game.tile_at(target.position)
        title = f"A click on {tile_name(tile) if tile else _short_place(target.position)}:"
        focus = target.position
    else:
        title, focus = "A click on the field where no tile can be taken (target None):", None
    return _explain_handler(title, game, ui, playing, expected, got, focus)


def _copy_run(call: Callable[[Callable[..., Any], Shanghai, tuple[Any, ...]], Any]) -> Callable[..., Any]:
    def run(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
        return call(function, case[0].copy(), case)  # a handler must not change the game: give it a copy
    return run


register(Exercise(
    "shanghai.on_click", controls.click, name="on_click", cases=_click_cases,
    run=_copy_run(lambda f, game, case: f(game, case[1], case[2], playing=case[3])),
    explain=_explain_on_click,
    solution_imports="from dataclasses import replace\n"
                     "from gamelab.controls import Response\n"
                     "from gamelab.shanghai.game import Shanghai, pair_action\n"
                     "from gamelab.shanghai.picture import ShanghaiUI, TileAt",
))


def _cancel_cases() -> list[tuple[Shanghai, ShanghaiUI, bool, bool]]:
    cases = []
    for game in _small(["two pairs", "pyramid"]) + [positions()["deal 11, 48 pairs taken"]]:
        pair = game.search()
        assert pair is not None
        frame = (pair[0].position, pair[1].position)
        for ui in (ShanghaiUI(), ShanghaiUI(selected=frame[0]), ShanghaiUI(suggested=frame, given_up=True),
                   ShanghaiUI(selected=frame[1], suggested=frame, given_up=True), ShanghaiUI(given_up=True)):
            for playing in (True, False):
                for can_undo in (True, False):
                    cases.append((game, ui, playing, can_undo))
    return cases


def _explain_on_cancel(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    game, ui, playing, can_undo = case
    history = "  a pair has been taken (undo holds it)" if can_undo else "  no pair taken yet (undo is empty)"
    return _explain_handler("A click on Cancel (取り消し / もとに戻す):", game, ui, playing, expected, got, None,
                            [history])


register(Exercise(
    "shanghai.on_cancel", controls.cancel, name="on_cancel", cases=_cancel_cases,
    run=_copy_run(lambda f, game, case: f(game, case[1], playing=case[2], can_undo=case[3])),
    explain=_explain_on_cancel,
    solution_imports="from dataclasses import replace\n"
                     "from gamelab.controls import Response\n"
                     "from gamelab.shanghai.game import Shanghai\n"
                     "from gamelab.shanghai.picture import ShanghaiUI",
))


def _search_cases() -> list[tuple[Shanghai, ShanghaiUI, bool]]:
    cases = []
    for name in ("two pairs", "stalemate", "pyramid", "edges", "deal 7, 48 pairs taken", "deal 11, 62 pairs taken"):
        game = positions()[name]
        free = game.selectable()
        for ui in (ShanghaiUI(), ShanghaiUI(selected=free[-1].position), ShanghaiUI(given_up=True)):
            for playing in (True, False):
                cases.append((game, ui, playing))
    return cases


def _explain_on_search(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    game, ui, playing = case
    found = game.search()
    notes = ([f"  game.search() finds {tile_name(found[0])}", f"    and {tile_name(found[1])}"] if found else
             ["  game.search() finds no pair (a stalemate)"])
    return _explain_handler("A click on Search (探す):", game, ui, playing, expected, got, None, notes)


register(Exercise(
    "shanghai.on_search", controls.search_first, name="on_search", cases=_search_cases,
    run=_copy_run(lambda f, game, case: f(game, case[1], playing=case[2])),
    explain=_explain_on_search,
    solution_imports="from dataclasses import replace\n"
                     "from gamelab.controls import Response\n"
                     "from gamelab.shanghai.game import Shanghai\n"
                     "from gamelab.shanghai.picture import ShanghaiUI",
))


# == 更新と描画処理: the time text and the how-to scroll ==================================================
# a typical time first (a first failing case that shows the rule), then the edges of each field
_TIMES = [83_042, 61_005, 754_321, 0, 1, 9, 10, 99, 100, 999, 1000, 1001, 9_999, 10_000, 59_999, 60_000, 599_999,
          600_000, 3_599_999, 3_600_000, 5_025_017]


def _strip(text: str, y: float, caption: str, painter: Painter, color: str = "white") -> None:
    painter.text(10, y, text, size=20, fill=color, align="left", baseline="top", family=FONT)
    painter.text(FIELD_WIDTH - 10, y + 4, caption, size=12, fill="#cfe", align="right", baseline="top", family=FONT)


def _explain_time_text(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (ms,) = case
    lines = [f"A play time of {ms:,} milliseconds:",
             f"  the shipped get_time_text writes {expected!r}",
             f"  yours writes                     {got!r}",
             "  (minutes as they are, seconds with 2 digits, milliseconds with 3: m 分 ss 秒 mmm)",
             *_note("In the picture: the time as the tutorial draws it at the top of the field; the shipped text, "
                    "then yours, framed in red.")]

    def draw(painter: Painter) -> None:
        painter.rect(0, 0, FIELD_WIDTH, 76, fill=_BACKGROUND)
        _strip(str(expected), 10, "shipped", painter)
        _strip(str(got), 42, "yours", painter, _RED)
        painter.rect(4, 39, max(60, _text_width(str(got), 20) + 12), 28, stroke=_RED, line_width=2.5)

    return Explanation(lines, _image(FIELD_WIDTH, 76, draw, "get_time_text"), marks=1)


register(Exercise(
    "shanghai.get_time_text", page.time_text, name="get_time_text", cases=lambda: [(ms,) for ms in _TIMES],
    explain=_explain_time_text,
))


def _explain_scroll(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (left,) = case
    lines = [f"The how-to text's left margin is {left} px; one frame later:",
             f"  the shipped scroll_how_to gives {expected}",
             f"  yours gives                     {got!r}",
             f"  (one pixel left per frame; once it is below {page.HOW_TO_END}, back to {page.HOW_TO_START})",
             *_note("In the picture: the margins from -2300 to 500, the 490-pixel box the text scrolls "
                    "through in white; where the text starts, shipped (green) and yours (red).")]
    numeric = isinstance(got, (int, float)) and not isinstance(got, bool) and -10_000 < got < 10_000
    span = page.HOW_TO_START - page.HOW_TO_END + 120

    def x(value: float) -> float:
        return 10 + (min(max(value, page.HOW_TO_END - 60), page.HOW_TO_START + 60) - page.HOW_TO_END + 60) * 400 / span

    def draw(painter: Painter) -> None:
        painter.rect(0, 0, 420, 72, fill=_BACKGROUND)
        painter.line(x(page.HOW_TO_END), 30, x(page.HOW_TO_START), 30, stroke="#a8d8d8", line_width=1)
        painter.rect(x(0), 18, x(490) - x(0), 24, fill="#ffffff", alpha=0.3, stroke="white")
        for value in (page.HOW_TO_END, 0, page.HOW_TO_START):
            painter.text(x(value), 58, str(value), size=10, fill="#cfe", family=FONT)
        painter.line(x(expected), 8, x(expected), 48, stroke=_GREEN, line_width=3)
        if numeric:
            painter.line(x(got), 8, x(got), 48, stroke=_RED, line_width=3)
        else:
            _badge(painter, 405, 30)

    return Explanation(lines, _image(420, 72, draw, "scroll_how_to"), marks=2)


register(Exercise(
    "shanghai.scroll_how_to", page.scroll_how_to, name="scroll_how_to",
    cases=lambda: [(left,) for left in (500, 499, 1, 0, -1, -1000, -2298, -2299, -2300, -2301)],
    explain=_explain_scroll,
    solution_imports="from gamelab.shanghai.page import HOW_TO_START, HOW_TO_END",
))


# == the pieces a board plays on ==========================================================================
#: the :class:`~gamelab.shanghai.widget.ShanghaiBoard` keyword each exercise's piece is given as (is_top
#: reaches a board through can_select, the generator's parts through init_tiles)
BOARD_KEYWORDS = {
    "shanghai.set_position": "set_position", "shanghai.tile_tint": "tint", "shanghai.can_select": "can_select",
    "shanghai.tile_undo": "put_back", "shanghai.init_tiles": "init_tiles", "shanghai.on_click": "on_click",
    "shanghai.check_clear": "check_clear", "shanghai.search": "search", "shanghai.on_cancel": "on_cancel",
    "shanghai.on_search": "on_search", "shanghai.get_time_text": "time_text",
    "shanghai.scroll_how_to": "scroll_how_to",
}


def board_pieces(*functions: Callable[..., Any],
                 even_if_failing: bool = False) -> dict[str, dict[str, Callable[..., Any]]]:
    """Your pieces for a play board, as its ``pieces`` keyword: ``ShanghaiBoard(deal=7,
    **board_pieces(can_select, tile_tint))``. Each is yours where its check passes (with
    ``even_if_failing=True``, wherever it is written), else the shipped one; one line says which (the
    piece-by-piece lines folded under it).

    >>> sorted(board_pieces(exercise("shanghai.tile_tint")(tile_tint))["pieces"])
    your pieces: 1 of 1 ✔
    ['tint']
    """
    for function in functions:
        exercise_id = getattr(function, "__exercise__", None)
        if exercise_id is not None and exercise_id not in BOARD_KEYWORDS:
            raise ValueError(f"{getattr(function, '__name__', exercise_id)} is not a piece the board takes itself: "
                             f"it reaches the board through another piece (give that one)")
    chosen = use_all(*functions, even_if_failing=even_if_failing)
    return {"pieces": {BOARD_KEYWORDS[getattr(function, "__exercise__")]: piece
                       for function, piece in zip(functions, chosen)}}
