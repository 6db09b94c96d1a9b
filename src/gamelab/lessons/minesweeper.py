"""The Minesweeper lesson's exercises: the tutorial's VMap, Ctrl and page load, step by step.

Each exercise is one step of 「マインスイーパーを作るの3」, checked against the shipped function the game
runs on (:mod:`gamelab.minesweeper.vmap`, :mod:`~gamelab.minesweeper.tutorial`, :mod:`~gamelab.minesweeper.picture`).
A failing case is told in the board's words (row 3 column 7, hidden, flag, open) and drawn as the map,
sentinel border included, with the cells that differ marked (and a legend naming only the marks drawn).
The first case is a typical small map, the degenerate ones (no mines, one cell) come last.
:func:`your_pieces` hands a board the learner's steps that pass (and the shipped ones for the rest).

>>> from gamelab.lessons import check, exercise
>>> from gamelab.minesweeper.vmap import HIDE, sentinel_states
>>> report = check(exercise("minesweeper.sentinel_map")(sentinel_states))
>>> report.status
'passed'
>>> @exercise("minesweeper.sentinel_map")
... def no_border(rows, cols):
...     return [HIDE] * ((rows + 2) * (cols + 2))
>>> print(repr(check(no_border)))
✘ minesweeper.sentinel_map: 32 of 32 cases differ from the shipped version.
A 3 × 4 map is a table of 5 rows × 6 columns, 30 entries:
  18 cells differ, first row 0 column 0 (border): OPEN in the shipped map, HIDE in yours
  row 0 column 1 (border): OPEN in the shipped map, HIDE in yours
  row 0 column 2 (border): OPEN in the shipped map, HIDE in yours
  row 0 column 3 (border): OPEN in the shipped map, HIDE in yours
  … and 14 more
In the picture: your map, sentinel border included (pale = open, grey = hidden);
  a red cross = a cell whose state differs from the shipped one.
>>> check(no_border).explanation.marks   # the picture crosses out the 18 cells
18
"""

from __future__ import annotations

import math
import random
import textwrap
from functools import lru_cache
from typing import Any, Callable, Iterable, Mapping, Sequence

from ..minesweeper.game import Minesweeper
from ..minesweeper.picture import NUMBER_COLORS, table_layout
from ..minesweeper.tutorial import FLAG_MODE, OPEN_MODE, dispatch_click, game_over_message
from ..minesweeper.vmap import (
    ALIVE,
    CLEARED,
    DEAD,
    FLAG,
    HIDE,
    OPEN,
    VMap,
    lay_mines,
    neighbour_offsets,
    open_at,
    open_cell,
    placeable_cells,
    sentinel_states,
    tally,
    toggle_flag,
    verdict,
)
from ..pictures import SvgImage, SvgPainter
from .exercises import Exercise, Explanation, register, use_all

__all__ = ["map_picture", "your_pieces", "PIECES", "cell_name", "state_name", "result_name"]

#: which piece of the board each exercise is (the names :class:`~gamelab.minesweeper.MinesweeperBoard` takes)
PIECES = {
    "minesweeper.sentinel_map": "sentinel_states",
    "minesweeper.offsets": "neighbour_offsets",
    "minesweeper.placeable": "placeable_cells",
    "minesweeper.lay_mines": "lay_mines",
    "minesweeper.flood_fill": "open_cell",
    "minesweeper.open": "open_at",
    "minesweeper.flag": "toggle_flag",
    "minesweeper.tally": "tally",
    "minesweeper.verdict": "verdict",
    "minesweeper.click": "dispatch_click",
    "minesweeper.message": "game_over_message",
    "minesweeper.table": "table_layout",
    "minesweeper.opening": "placeable_cells",
}


def your_pieces(*functions: Callable[..., Any], even_if_failing: bool = False) -> dict[str, Callable[..., Any]]:
    """The pieces a board plays on, by name: each of your functions where its check passes, else the shipped one.

    Says which in one line (``your pieces: 9 of 9 ✔``), the piece-by-piece lines folded in a notebook
    (:func:`~gamelab.lessons.use_all` decides each piece). ``even_if_failing=True`` plays on a piece of yours
    even though its check fails, to watch what the mistake does on a board.

    >>> from gamelab.lessons import exercise
    >>> from gamelab.minesweeper.vmap import tally
    >>> @exercise("minesweeper.flag")
    ... def toggle_flag(vm, row, col):
    ...     ...
    >>> pieces = your_pieces(exercise("minesweeper.tally")(tally), toggle_flag)
    your pieces: 1 of 2 ✔ · the shipped toggle_flag (not written yet)
    >>> sorted(pieces)
    ['tally', 'toggle_flag']
    """
    for function in functions:
        if getattr(function, "__exercise__", None) not in PIECES:
            raise TypeError(f"{getattr(function, '__name__', function)!r} is not one of this lesson's exercises")
    chosen = use_all(*functions, even_if_failing=even_if_failing)
    return {PIECES[function.__exercise__]: piece for function, piece in zip(functions, chosen)}  # type: ignore[attr-defined]


# -- words ------------------------------------------------------------------------------------------------
_STATE_NAMES = {HIDE: "HIDE", OPEN: "OPEN", FLAG: "FLAG"}
_RESULT_NAMES = {DEAD: "DEAD (blown up)", ALIVE: "ALIVE (play on)", CLEARED: "CLEARED"}


def state_name(state: object) -> str:
    """``HIDE``, ``OPEN`` or ``FLAG`` (anything else as it is)."""
    if isinstance(state, int) and not isinstance(state, bool) and state in _STATE_NAMES:
        return _STATE_NAMES[state]
    return repr(state)


def result_name(result: object) -> str:
    """``DEAD (blown up)``, ``ALIVE (play on)`` or ``CLEARED`` (anything else as it is)."""
    if isinstance(result, int) and not isinstance(result, bool) and result in _RESULT_NAMES:
        return _RESULT_NAMES[result]
    return repr(result)


def cell_name(row: int, col: int, rows: int | None = None, cols: int | None = None) -> str:
    """``row 3 column 7``, with ``(border)`` for the sentinel ring when the map's size is given."""
    name = f"row {row} column {col}"
    if rows is not None and cols is not None and not (1 <= row <= rows and 1 <= col <= cols):
        name += " (border)"
    return name


def _names(cells: Iterable[tuple[int, int]], limit: int = 6) -> str:
    cells = sorted(cells)
    text = ", ".join(f"r{r} c{c}" for r, c in cells[:limit])
    return text + (f" … ({len(cells)} in all)" if len(cells) > limit else "")


def _what(vm: VMap, i: int) -> str:
    """What a player sees at index ``i``: a hidden cell, a flag, an open 2, an open mine."""
    state = vm.state[i]
    if state == FLAG:
        return "a flag" + (" on a mine" if vm.mine[i] else "")
    if state == HIDE:
        return "a hidden mine" if vm.mine[i] else f"a hidden {vm.near[i]}"
    return "an open mine" if vm.mine[i] else f"an open {vm.near[i]}"


# -- the picture ------------------------------------------------------------------------------------------
CELL, MARGIN = 22, 18
MARK = "#e0245e"
#: the marks a map picture draws, as a legend names them; the first three mark differences
_MARK_WORDS = {"missing": "a red ring", "wrong": "a red cross", "frame": "a red square", "pick": "amber",
               "click": "the blue dot"}
_DIFFERENCES = ("missing", "wrong", "frame")
#: what the box of yours says when there is no answer to show (yours returned None, or raised: see above)
_NO_ANSWER = "None (no answer)"


def _image(draw: Callable[[Any], None], w: int, h: int, label: str) -> SvgImage:
    """A picture drawn by ``draw(painter)``: SVG, and the same calls as PNG where the SVG cannot show."""
    svg = SvgPainter(w, h, background="#ffffff")
    draw(svg)

    def png() -> tuple[bytes, dict[str, int]]:
        from ..pictures.raster import PngPainter  # Pillow only when a PNG is asked for

        painter = PngPainter(w, h, background="#ffffff")
        draw(painter)
        return painter.png(), {"width": w, "height": h}

    return SvgImage(svg.svg(), label, png=png)


def _answers(p: Any, x: float, y: float, w: float, answers: tuple[str, str]) -> None:
    """The shipped answer and yours in two boxes, yours framed in red (the difference)."""
    for k, (who, text) in enumerate(zip(("shipped", "yours"), answers)):
        yy = y + 28 * k
        p.round_rect(x, yy, w, 22, 6, fill="#fffbe6", stroke=MARK if k else "#404040", line_width=2.5 if k else 1)
        p.text(x + 8, yy + 11, f"{who}: {text}", size=11, fill="#202020", align="left")


def map_picture(rows: int, cols: int, state: Sequence[int] | None, *, mine: Sequence[int] | None = None,
                near: Sequence[int] | None = None, exploded: int | None = None,
                marks: Mapping[tuple[int, int], str] | None = None, caption: Sequence[str] = (),
                chances: Mapping[tuple[int, int], float] | None = None, answers: tuple[str, str] | None = None,
                label: str = "map") -> SvgImage:
    """The map as a small picture, sentinel border included: pale = open, grey = hidden, a red flag, numbers.

    ``marks`` maps ``(row, col)`` to one of ``"wrong"`` (a red cross: this cell differs), ``"missing"`` (a
    red ring: something should be here), ``"frame"`` (a red square), ``"pick"`` (amber: a cell the answer
    names), ``"click"`` (a dot: the clicked cell). ``caption`` lines are written under the map; ``chances``
    (mine chances of hidden cells, 0 to 1) tints them from green to red with the percentage written in;
    ``answers`` (the shipped answer and yours, as text) are boxed under it all, yours framed in red.
    """
    marks = marks or {}
    width = cols + 2
    size = (rows + 2) * width
    have_state = state is not None and len(state) == size
    texts = [*caption, *(f"shipped: {a}" for a in answers or ())]
    w = max(MARGIN + width * CELL + 4, max((int(6.4 * len(line)) + 26 for line in texts), default=0))
    h = MARGIN + (rows + 2) * CELL + 4 + 15 * len(caption) + (60 if answers else 0)

    def draw(p: Any) -> None:
        step = 1 if cols <= 12 else 5
        for c in range(width):
            if c % step == 0 or c == width - 1:
                p.text(MARGIN + c * CELL + CELL / 2, MARGIN / 2, str(c), size=9, fill="#8a93a6")
        for r in range(rows + 2):
            if r % step == 0 or r == rows + 1:
                p.text(MARGIN / 2, MARGIN + r * CELL + CELL / 2, str(r), size=9, fill="#8a93a6")
        for r in range(rows + 2):
            for c in range(width):
                _map_cell(p, r, c, rows, cols, state if have_state else None, mine, near, exploded, chances,
                          marks.get((r, c)))
        for k, line in enumerate(caption):
            p.text(4, MARGIN + (rows + 2) * CELL + 12 + 15 * k, line, size=11, fill="#303030", align="left")
        if answers:
            _answers(p, 4, MARGIN + (rows + 2) * CELL + 8 + 15 * len(caption), w - 8, answers)

    return _image(draw, w, h, label)


def _map_cell(p: Any, r: int, c: int, rows: int, cols: int, state: Sequence[int] | None, mine: Sequence[int] | None,
              near: Sequence[int] | None, exploded: int | None, chances: Mapping[tuple[int, int], float] | None,
              kind: str | None) -> None:
    i = r * (cols + 2) + c
    x, y = MARGIN + c * CELL, MARGIN + r * CELL
    inside = 1 <= r <= rows and 1 <= c <= cols
    s = state[i] if state is not None else (HIDE if inside else OPEN)
    is_mine = bool(mine and inside and mine[i])
    if s == OPEN and not inside:  # the sentinel border: open for good, drawn as a dotted ghost cell
        p.round_rect(x + 3, y + 3, CELL - 6, CELL - 6, 3, fill="#fafafa", stroke="#d5d9de", line_width=1)
    elif s == OPEN:
        p.rect(x, y, CELL, CELL, fill="#ff6b6b" if exploded == i else "#e6e9ed", stroke="#ffffff", line_width=1)
        if is_mine:
            p.circle(x + CELL / 2, y + CELL / 2, CELL * 0.26, fill="#202020")
        elif inside and near is not None and near[i]:
            p.text(x + CELL / 2, y + CELL / 2 + 1, str(near[i]), size=13, bold=True,
                   fill=NUMBER_COLORS.get(near[i], "#000000"))
    else:
        p.rect(x, y, CELL, CELL, fill="#98a3b0" if inside else "#c4ccd6", stroke="#ffffff", line_width=1)
        if s == FLAG:
            p.polygon([(x + 13, y + 4), (x + 13, y + 12), (x + 6, y + 8)], fill="#e3262b")
            p.line(x + 13, y + 4, x + 13, y + 18, stroke="#202020", line_width=1.5)
        elif s not in (HIDE, FLAG):
            p.text(x + CELL / 2, y + CELL / 2, "?", size=12, fill="#202020")
        elif chances and (r, c) in chances:
            chance = min(1.0, max(0.0, chances[(r, c)]))
            tint = f"#{int(255 * min(1.0, 2 * chance)):02x}{int(190 * min(1.0, 2 * (1 - chance))):02x}30"
            p.rect(x + 2, y + 2, CELL - 4, CELL - 4, fill=tint, alpha=0.55)
            p.text(x + CELL / 2, y + CELL / 2 + 1, f"{100 * chance:.0f}", size=9, fill="#101010")
    cx, cy = x + CELL / 2, y + CELL / 2
    if kind == "pick":
        p.rect(x + 2, y + 2, CELL - 4, CELL - 4, fill="#ffc21a", alpha=0.6)
    elif kind == "missing":
        p.circle(cx, cy, CELL / 2 - 2, stroke=MARK, line_width=2.5)
    elif kind == "wrong":
        p.line(x + 4, y + 4, x + CELL - 4, y + CELL - 4, stroke=MARK, line_width=2.5)
        p.line(x + 4, y + CELL - 4, x + CELL - 4, y + 4, stroke=MARK, line_width=2.5)
    elif kind == "frame":
        p.rect(x + 1.5, y + 1.5, CELL - 3, CELL - 3, stroke=MARK, line_width=3)
    elif kind == "click":  # in the corner, so the cell's number stays readable
        p.circle(x + 6, y + 6, 4, fill="#1d4ed8", stroke="#ffffff", line_width=1.5)


def _marked(marks: Mapping[Any, str]) -> int:
    """How many differences ``marks`` marks (rings, crosses, squares; not the amber cells or the click)."""
    return sum(kind in _DIFFERENCES for kind in marks.values())


def _legend(marks: Mapping[Any, str], meanings: Mapping[str, str], *, first: str = "",
            answers: bool = False) -> list[str]:
    """"In the picture: …" naming only the marks drawn, each with its meaning, wrapped to report lines."""
    drawn = set(marks.values())
    marks_drawn = [(_MARK_WORDS[kind], meanings[kind]) for kind in _MARK_WORDS if kind in drawn and kind in meanings]
    if answers:
        marks_drawn.append(("the red box", "your answer"))
    nbsp = "\u00a0"  # a mark's words and its "=" stay on one line: no-break spaces while wrapping
    parts = [f"{words.replace(' ', nbsp)}{nbsp}={nbsp}{meaning}" for words, meaning in marks_drawn]
    text = "In the picture: " + (first + ("; " if parts else "") if first else "") + "; ".join(parts) + "."
    return [line.replace(nbsp, " ") for line in textwrap.wrap(text, 92, subsequent_indent="  ")]


def _vm_picture(vm: VMap, state: Sequence[int] | None = None, *, marks: Mapping[tuple[int, int], str] | None = None,
                caption: Sequence[str] = (), exploded: int | None = None, show_mines: bool = True,
                answers: tuple[str, str] | None = None) -> SvgImage:
    return map_picture(vm.rows, vm.cols, vm.state if state is None else state, mine=vm.mine if show_mines else None,
                       near=vm.near, exploded=vm.exploded if exploded is None else exploded, marks=marks,
                       caption=caption, answers=answers)


# -- positions the cases are taken from ---------------------------------------------------------------------
_SIZES = [(1, 2, 1), (2, 2, 1), (2, 3, 2), (3, 3, 2), (3, 4, 3), (4, 4, 3), (4, 5, 4), (5, 5, 4), (5, 6, 6),
          (6, 6, 7), (6, 8, 9), (8, 8, 10), (9, 9, 10)]
#: the sizes in the order the cases come: a typical small map first (a report draws the first case that
#: fails, and a 4 × 5 map with a few mines tells more than a 1 × 2 one), the tiny ones last
_ORDER = [6, 7, 8, 4, 5, 9, 10, 11, 12, 3, 2, 1, 0]


def _position(rows: int, cols: int, mines: int, seed: int, moves: int, *, blast: bool = False) -> VMap:
    """A map after its first click and ``moves`` random opens and flags (fixed seed), maybe blown up."""
    rng = random.Random(seed)
    vm = VMap(rows, cols, mines)
    vm.first(rng.randint(1, rows), rng.randint(1, cols), rng)
    for _ in range(moves):
        closed = [i for i in vm.cells if vm.state[i] != OPEN]
        if vm.show() != ALIVE or not closed:
            break
        i = rng.choice(closed)
        if vm.mine[i] or rng.random() < 0.25:
            vm.flag(*vm.coords(i))  # flags land mostly on mines, now and then on a safe cell
        elif vm.state[i] == HIDE:
            vm.open(*vm.coords(i))
    if blast and vm.show() == ALIVE:
        mines_left = [i for i in vm.cells if vm.mine[i] and vm.state[i] == HIDE]
        if mines_left:
            vm.open(*vm.coords(mines_left[0]))
    return vm


@lru_cache(maxsize=1)
def _positions() -> tuple[VMap, ...]:
    """Typical maps first (a few moves in), tiny ones last; the cases never change them (they run on copies)."""
    out = []
    for k in _ORDER:
        rows, cols, mines = _SIZES[k]
        for moves in (3, 8, 0):
            out.append(_position(rows, cols, mines, 100 * k + moves, moves))
    out.append(_position(16, 30, 99, 7, 25))
    return tuple(out)


def _playing(vm: VMap, values: Sequence[Any]) -> tuple[Any, ...]:
    return tuple(values[i] for i in vm.cells)


def _diff_cells(vm: VMap, expected: Sequence[Any], got: Sequence[Any]) -> list[tuple[int, int]]:
    return [vm.coords(i) for k, i in enumerate(vm.cells) if expected[k] != got[k]]


# -- 1 · the sentinel map ---------------------------------------------------------------------------------------
def _explain_sentinel(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    rows, cols = case
    width, height = cols + 2, rows + 2
    lines = [f"A {rows} × {cols} map is a table of {height} rows × {width} columns, {height * width} entries:"]
    marks: dict[tuple[int, int], str] = {}
    if got is not None and isinstance(got, (list, tuple)) and len(got) == len(expected):
        wrong = [divmod(i, width) for i in range(len(expected)) if expected[i] != got[i]]
        for k, (r, c) in enumerate(wrong):
            marks[(r, c)] = "wrong"
            i = r * width + c
            text = (f"{cell_name(r, c, rows, cols)}: {state_name(expected[i])} in the shipped map, "
                    f"{state_name(got[i])} in yours")
            if k == 0:
                lines.append(f"  {len(wrong)} cell{'s differ' if len(wrong) != 1 else ' differs'}, first {text}")
            elif k < 4:
                lines.append(f"  {text}")
        if len(wrong) > 4:
            lines.append(f"  … and {len(wrong) - 4} more")
        lines += _legend(marks, {"wrong": "a cell whose state differs from the shipped one"},
                         first="your map, sentinel border included (pale = open, grey = hidden)")
        return Explanation(lines, map_picture(rows, cols, list(got), marks=marks), _marked(marks))
    if got is not None and not isinstance(got, (list, tuple)):
        lines.append(f"  yours returned {type(got).__name__} {got!r:.40}, not a list of states")
    elif got is not None:
        lines.append(f"  yours has {len(got)} entries instead of {len(expected)}: one per cell of the table,"
                     " border included, row after row")
    # yours cannot be drawn: the shipped map, its border ringed (what the step is about)
    marks = {divmod(i, width): "missing" for i in range(len(expected))
             if not (1 <= i // width <= rows and 1 <= i % width <= cols)}
    lines += _legend(marks, {"missing": "a cell of the border, OPEN in the shipped map"},
                     first="the shipped map (yours cannot be drawn)")
    return Explanation(lines, map_picture(rows, cols, expected, marks=marks), _marked(marks))


register(Exercise(
    "minesweeper.sentinel_map", sentinel_states,
    cases=lambda: [(3, 4), (4, 3), (2, 5)] + [(r, c) for r in range(1, 6) for c in range(1, 7)
                                              if (r, c) not in ((3, 4), (4, 3), (2, 5))] + [(9, 9), (16, 30)],
    explain=_explain_sentinel,
    solution_imports="from gamelab.minesweeper.vmap import HIDE, OPEN",
))


# -- 2 · the eight neighbours -----------------------------------------------------------------------------------
_DIRECTIONS = {(-1, -1): "up-left", (-1, 0): "up", (-1, 1): "up-right", (0, -1): "left", (0, 1): "right",
               (1, -1): "down-left", (1, 0): "down", (1, 1): "down-right"}


def _sorted_offsets(value: Any) -> list[Any] | None:
    try:
        return sorted(value)
    except TypeError:
        return None


def _explain_offsets(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (width,) = case
    rows, cols = 3, width - 2
    centre_r, centre_c = 2, (cols + 1) // 2
    centre = centre_r * width + centre_c
    want = {centre + d for d in expected}
    lines = [f"In a table {width} entries wide (a map of {cols} column{'s' if cols != 1 else ''} plus its border),",
             f"{cell_name(centre_r, centre_c)} is entry {centre}; the shipped offsets {' '.join(map(str, expected))}",
             f"reach entries {' '.join(str(i) for i in sorted(want))}."]
    marks: dict[tuple[int, int], str] = {divmod(i, width): "missing" for i in want}
    marks[(centre_r, centre_c)] = "click"
    values = _sorted_offsets(got) if got is not None else None
    if got is not None and values is None:
        lines.append(f"  yours returned {got!r:.40}, which is not a list of numbers")
    elif values is not None:
        lines.append(f"  yours are {' '.join(map(str, values))}")
        if len(values) != 8:
            lines.append(f"  that is {len(values)} offsets: a cell has 8 neighbours")
        for d in values:
            if not isinstance(d, int):
                continue
            i = centre + d
            if d == 0:
                marks[(centre_r, centre_c)] = "wrong"
                lines.append("  0 reaches the cell itself, not a neighbour")
            elif i in want:
                marks[divmod(i, width)] = "pick"
            elif 0 <= i < (rows + 2) * width:
                marks[divmod(i, width)] = "wrong"
                lines.append(f"  {d:+d} reaches {cell_name(*divmod(i, width))}, not a neighbour")
            else:
                lines.append(f"  {d:+d} reaches entry {i}, off the table")
        for (dr, dc), name in _DIRECTIONS.items():
            d = dr * width + dc
            if d not in values:
                lines.append(f"  missing: {name}, offset {d:+d}")
    lines += _legend(marks, {"click": "the cell", "pick": "a neighbour yours reaches",
                             "missing": "a neighbour yours misses", "wrong": "a cell yours reaches that is no neighbour"})
    return Explanation(lines, map_picture(rows, cols, None, marks=marks), _marked(marks))


register(Exercise(
    "minesweeper.offsets", neighbour_offsets,
    cases=lambda: [(w,) for w in (*range(5, 35), 3, 4)],
    same=lambda expected, got: _sorted_offsets(got) == sorted(expected),
    explain=_explain_offsets,
))


# -- 3 · where mines may go ---------------------------------------------------------------------------------------
def _placeable_cases(opening: bool) -> list[tuple[Any, ...]]:
    """Typical maps first, a click in the middle first on each (the tiny maps, where nothing may hold a
    mine, last)."""
    cases: list[tuple[Any, ...]] = []
    for rows, cols in [(3, 4), (4, 5), (5, 5), (3, 3), (2, 3), (2, 2), (1, 2), (1, 1)]:
        middle = ((rows + 1) // 2, (cols + 1) // 2)
        clicks = sorted(((r, c) for r in range(1, rows + 1) for c in range(1, cols + 1)),
                        key=lambda cell: (cell != middle, cell))
        for flag_opening in ((True, False) if opening else (False,)):
            if flag_opening and rows * cols < 9:
                continue
            vm = VMap(rows, cols, 0, opening=flag_opening)
            cases.extend((vm, r, c) for r, c in clicks)
    cases += [(VMap(9, 9, 10, opening=opening), 1, 9), (VMap(16, 30, 99, opening=opening), 8, 15)]
    return cases


def _run_placeable(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    vm, row, col = case
    got = function(vm.copy(), row, col)
    return list(got) if isinstance(got, (list, tuple, range)) or hasattr(got, "__next__") else got


def _explain_placeable(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    vm, row, col = case
    lines = [f"A first click on {cell_name(row, col)} of a {vm.rows} × {vm.cols} map"
             f"{' with the opening option' if vm.opening else ''}:",
             f"  the shipped list has {len(expected)} cells, row by row"]
    marks: dict[tuple[int, int], str] = {vm.coords(i): "missing" for i in expected}
    meanings = {"pick": "a cell your list lets hold a mine", "missing": "a cell the shipped list has and yours has not",
                "wrong": "a cell yours should leave out", "click": "the first click"}
    if got is not None and not isinstance(got, list):
        lines.append(f"  yours returned {type(got).__name__}, not a list of cell indices")
    elif got is not None:
        want = set(expected)
        extra = [i for i in got if i not in want]
        missing = want - set(got)
        for i in got:
            if isinstance(i, int) and 0 <= i < len(vm.state):
                marks[vm.coords(i)] = "pick" if i in want else "wrong"
        lines.append(f"  yours has {len(got)}")
        if missing:
            lines.append(f"  missing: {_names(vm.coords(i) for i in missing)}")
        if extra:
            lines.append("  should not be there: " + _names(vm.coords(i) if isinstance(i, int) else (0, 0)
                                                          for i in extra))
            if vm.index(row, col) in extra:
                lines.append("  (the clicked cell must stay free: the first click is always safe)")
            if any(isinstance(i, int) and not vm.inside(*vm.coords(i)) for i in extra):
                lines.append("  (border cells never hold a mine)")
        twice = [i for k, i in enumerate(got) if i in got[:k]]
        if twice:
            lines.append(f"  listed twice: {_names(vm.coords(i) for i in twice if isinstance(i, int))}")
            if not missing and not extra:
                marks[vm.coords(twice[0])] = "wrong"
                meanings["wrong"] = "a cell your list has twice"
        elif not missing and not extra:
            k = next(k for k, (a, b) in enumerate(zip(expected, got)) if a != b)
            marks[vm.coords(got[k])] = "wrong"
            meanings["wrong"] = f"the first cell out of order (number {k + 1} in yours)"
            lines.append("  the same cells in another order: list them row by row (vm.cells is in that order),")
            lines.append("  so the same seed lays the same mines as the shipped game")
    if (row, col) not in marks or marks[(row, col)] == "pick":
        marks[(row, col)] = "click"
    lines += _legend(marks, meanings)
    return Explanation(lines, _vm_picture(vm, marks=marks), _marked(marks))


register(Exercise(
    "minesweeper.placeable", placeable_cells,
    cases=lambda: _placeable_cases(False), run=_run_placeable, explain=_explain_placeable,
    solution_imports="from gamelab.minesweeper.vmap import VMap",
))

register(Exercise(
    "minesweeper.opening", placeable_cells, name="placeable_with_opening",
    cases=lambda: _placeable_cases(True), run=_run_placeable, explain=_explain_placeable,
    solution_imports="from gamelab.minesweeper.vmap import VMap",
))


# -- 4 · laying the mines ------------------------------------------------------------------------------------------
def _lay_cases() -> list[tuple[Any, ...]]:
    cases: list[tuple[Any, ...]] = []
    for k in [*_ORDER, len(_SIZES)]:
        rows, cols, mines = (_SIZES + [(16, 30, 99)])[k]
        rng = random.Random(k)
        for count in dict.fromkeys([mines, 1, min(rows * cols, mines + 2)]):
            vm = VMap(rows, cols, 0)
            cases.append((vm, rng.sample(vm.cells, min(count, rows * cols))))
    return cases


def _run_lay(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    vm, indices = case
    copy = vm.copy()
    function(copy, list(indices))
    return _playing(copy, copy.mine), _playing(copy, copy.near)


def _explain_lay(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    vm, indices = case
    lines = [f"Mines laid on a {vm.rows} × {vm.cols} map at {_names(vm.coords(i) for i in indices)}:"]
    want_mine, want_near = expected
    shipped = vm.copy()
    lay_mines(shipped, indices)
    marks: dict[tuple[int, int], str] = {}
    shown_near, shown_mine = list(shipped.near), list(shipped.mine)
    if got is not None:
        got_mine, got_near = got
        for k, i in enumerate(vm.cells):
            shown_mine[i], shown_near[i] = got_mine[k], got_near[k]
        mine_diff = _diff_cells(vm, want_mine, got_mine)
        near_diff = _diff_cells(vm, want_near, got_near)
        for r, c in mine_diff:
            marks[(r, c)] = "wrong"
            i = vm.index(r, c)
            lines.append(f"  {cell_name(r, c)}: mine {shipped.mine[i]} in the shipped map, {got_mine[vm.cells.index(i)]} in yours")
        for r, c in near_diff[:5]:
            marks.setdefault((r, c), "wrong")
            k = vm.cells.index(vm.index(r, c))
            lines.append(f"  {cell_name(r, c)}: near {want_near[k]} in the shipped map, {got_near[k]} in yours")
        for r, c in near_diff[5:]:
            marks.setdefault((r, c), "wrong")
        if len(near_diff) > 5:
            lines.append(f"  … and {len(near_diff) - 5} more near counts")
        lines += _legend(marks, {"wrong": "a cell whose mine or count differs from the shipped one"},
                         first="your map with every cell open: mines and near counts")
    else:  # yours raised: the shipped map, the cells the step sets ringed
        marks = {vm.coords(i): "missing" for i in vm.cells if shipped.mine[i] or shipped.near[i]}
        lines += _legend(marks, {"missing": "a cell the shipped step gives a mine or a count"},
                         first="the shipped map with every cell open")
    picture = map_picture(vm.rows, vm.cols, [OPEN] * len(vm.state), mine=shown_mine, near=shown_near, marks=marks)
    return Explanation(lines, picture, _marked(marks))


register(Exercise(
    "minesweeper.lay_mines", lay_mines, cases=_lay_cases, run=_run_lay, explain=_explain_lay,
    solution_imports="from typing import Iterable\n\nfrom gamelab.minesweeper.vmap import VMap",
))


# -- 5 · the flood fill, open, flag ------------------------------------------------------------------------------------
def _targets(vm: VMap, kinds: Sequence[str]) -> list[int]:
    """One cell of each kind the map has: a hidden 0, a hidden number, a hidden mine, a flag, an open cell."""
    found: dict[str, int] = {}
    for i in vm.cells:
        found.setdefault(_kind(vm, i), i)
    return [found[k] for k in kinds if k in found]


def _kind(vm: VMap, i: int) -> str:
    state = vm.state[i]
    return ("flag" if state == FLAG else "open" if state == OPEN else
            "mine" if vm.mine[i] else "zero" if vm.near[i] == 0 else "number")


def _map_cases(kinds: Sequence[str], *, by_kind: bool = False) -> list[tuple[VMap, int]]:
    """A cell of each kind on every position still in play; ``by_kind``: every position's first kind
    first (the flood fill's cases start with the zeros, whose spreading is the step)."""
    cases: list[tuple[VMap, int]] = []
    for vm in _positions():
        if vm.show() == ALIVE:
            cases.extend((vm, i) for i in _targets(vm, kinds))
    if by_kind:
        order = {kind: k for k, kind in enumerate(kinds)}
        cases.sort(key=lambda case: order[_kind(case[0], case[1])])  # stable: positions keep their order
    return cases


def _run_on_copy(call: Callable[[Callable[..., Any], VMap, int], Any], with_exploded: bool = False
                 ) -> Callable[[Callable[..., Any], tuple[Any, ...]], Any]:
    def run(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
        copy = case[0].copy()
        call(function, copy, case[1] if len(case) == 2 else copy.index(case[1], case[2]))
        states = _playing(copy, copy.state)
        return (states, copy.exploded) if with_exploded else states

    return run


def _explain_change(action: str, with_exploded: bool) -> Callable[[tuple[Any, ...], Any, Any], Explanation]:
    def explain(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
        vm = case[0]
        i = case[1] if len(case) == 2 else vm.index(case[1], case[2])
        row, col = vm.coords(i)
        lines = [f"{action} {cell_name(row, col)} ({_what(vm, i)}) on this {vm.rows} × {vm.cols} map:"]
        want_states, want_exploded = expected if with_exploded else (expected, None)
        marks: dict[tuple[int, int], str] = {}
        meanings = {"click": "the click"}
        shown = list(vm.state)
        exploded = want_exploded
        if got is not None:
            first = "the map after your step"
            got_states, got_exploded = got if with_exploded else (got, None)
            for k, j in enumerate(vm.cells):
                shown[j] = got_states[k]
            diff = _diff_cells(vm, want_states, got_states)
            for k, (r, c) in enumerate(diff):
                j = vm.cells.index(vm.index(r, c))
                marks[(r, c)] = "missing" if want_states[j] == OPEN else "wrong"
                if k < 6:
                    lines.append(f"  {cell_name(r, c)}: {state_name(want_states[j])} in the shipped map, "
                                 f"{state_name(got_states[j])} in yours")
            if len(diff) > 6:
                lines.append(f"  … and {len(diff) - 6} more cell{'s' if len(diff) > 7 else ''}")
            meanings.update(missing="a cell that should be open and is not",
                            wrong="a cell whose state should not be what it is")
            if with_exploded and got_exploded != want_exploded:
                def named(e: Any) -> str:
                    return "None" if e is None else cell_name(*vm.coords(e)) if isinstance(e, int) else repr(e)
                lines.append(f"  vm.exploded: {named(want_exploded)} in the shipped map, {named(got_exploded)} in yours")
                if isinstance(want_exploded, int):
                    marks[vm.coords(want_exploded)] = "frame"
                    meanings["frame"] = "the mine that blew up (vm.exploded, painted red in the shipped map)"
                elif isinstance(got_exploded, int) and 0 <= got_exploded < len(vm.state):
                    marks[vm.coords(got_exploded)] = "frame"
                    meanings["frame"] = "the cell your vm.exploded names (None in the shipped map)"
            exploded = got_exploded if isinstance(got_exploded, int) else None
        else:  # yours raised: the map before the step, the cells the shipped step changes ringed
            first = "the map before the step"
            changed = _diff_cells(vm, _playing(vm, vm.state), want_states)
            for r, c in changed:
                marks[(r, c)] = "missing"
            opens = all(want_states[vm.cells.index(vm.index(r, c))] == OPEN for r, c in changed)
            meanings["missing"] = f"a cell the shipped step {'opens' if opens else 'changes'}"
            if not changed:
                marks[(row, col)] = "wrong"
                meanings["wrong"] = "the click: here the shipped step leaves the map as it is"
            exploded = vm.exploded
        if (row, col) not in marks:
            marks[(row, col)] = "click"
        lines += _legend(marks, meanings, first=first)
        return Explanation(lines, _vm_picture(vm, shown, marks=marks, exploded=exploded), _marked(marks))

    return explain


register(Exercise(
    "minesweeper.flood_fill", open_cell,
    cases=lambda: _map_cases(("zero", "number", "flag", "open"), by_kind=True),
    run=_run_on_copy(lambda f, vm, i: f(vm, i)),
    explain=_explain_change("Opening", False),
    solution_imports="from gamelab.minesweeper.vmap import HIDE, OPEN, VMap",
))

register(Exercise(
    "minesweeper.open", open_at,
    cases=lambda: [(vm, *vm.coords(i)) for vm, i in _map_cases(("zero", "number", "mine", "flag", "open"))],
    run=_run_on_copy(lambda f, vm, i: f(vm, *vm.coords(i)), with_exploded=True),
    explain=_explain_change("A click in open mode on", True),
    solution_imports="from gamelab.minesweeper.vmap import HIDE, VMap",
))

register(Exercise(
    "minesweeper.flag", toggle_flag,
    cases=lambda: [(vm, *vm.coords(i)) for vm, i in _map_cases(("number", "mine", "flag", "open"))],
    run=_run_on_copy(lambda f, vm, i: f(vm, *vm.coords(i))),
    explain=_explain_change("A click in flag mode on", False),
    solution_imports="from gamelab.minesweeper.vmap import FLAG, HIDE, OPEN, VMap",
))


# -- 6 · the verdict: tally and decide -----------------------------------------------------------------------------------
def _run_tally(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    got = function(case[0].copy())
    return tuple(got) if isinstance(got, (list, tuple)) else got


def _explain_tally(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (vm,) = case
    flags, rest = expected
    lines = [f"On this {vm.rows} × {vm.cols} map ({vm.rows * vm.cols} playing cells) the shipped tally is",
             f"  flags {flags}, rest (hidden) {rest}"]
    pair = isinstance(got, tuple) and len(got) == 2
    if got is not None:
        if pair:
            lines.append(f"  yours says flags {got[0]}, rest {got[1]}")
            border = 2 * (vm.rows + vm.cols) + 4
            if got[1] != rest and isinstance(got[1], int) and got[1] - rest == border:
                lines.append(f"  ({border} more hidden: the border's {border} cells? count only vm.cells)")
        else:
            lines.append(f"  yours returned {got!r:.40}: return the two counts, (flags, rest)")
    # ring the cells of each count that differs (both when yours raised or is no pair of counts)
    wrong_flags = not pair or got[0] != flags
    wrong_rest = not pair or got[1] != rest
    counted = {FLAG: wrong_flags, HIDE: wrong_rest}
    marks = {vm.coords(i): "missing" for i in vm.cells if counted.get(vm.state[i], False)}
    which = " and ".join(name for name, wrong in (("flags", wrong_flags), ("rest", wrong_rest)) if wrong)
    yours = f"flags {got[0]}, rest {got[1]}" if pair else _NO_ANSWER if got is None else f"{got!r:.30}"
    lines += _legend(marks, {"missing": f"a cell the shipped tally counts in {which}"},
                     first="the map (grey = hidden, red flags = flags, pale = open)", answers=True)
    picture = _vm_picture(vm, show_mines=vm.show() == DEAD, marks=marks,
                          answers=(f"flags {flags}, rest {rest}", yours))
    return Explanation(lines, picture, _marked(marks) + 1)


register(Exercise(
    "minesweeper.tally", tally,
    cases=lambda: [(vm,) for vm in _positions()] + [(_position(r, c, m, 9, 30, blast=True),) for r, c, m in _SIZES[3:6]],
    run=_run_tally, explain=_explain_tally,
    solution_imports="from gamelab.minesweeper.vmap import FLAG, HIDE, VMap",
))


def _verdict_cases() -> list[tuple[int, int, int]]:
    """Games of the tutorial's size first (cleared, blown up, playing), then small counts, and the boards
    without mines, a corner of the rules, last."""
    typical = [(2, 97, 99), (0, 0, 99), (40, 59, 99), (12, 200, 99), (99, 0, 99), (0, 480, 99), (0, 381, 99),
               (3, 90, 99), (2, 8, 10), (0, 0, 10), (3, 9, 10)]
    small = [(f, r, m) for m in range(1, 5) for f in range(0, 4) for r in range(0, 7) if f + r >= m or f + r == 0]
    without_mines = [(f, r, 0) for f in range(0, 4) for r in range(0, 7)]
    return typical + small + without_mines


def _explain_verdict(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    flags, rest, mines = case
    closed = flags + rest
    why = ("cells not open = mines: every safe cell is open" if closed == mines else
           "nothing is closed: the blast opened everything" if closed == 0 else
           "some safe cells are still closed")
    lines = [f"flags {flags} + rest {rest} = {closed} cells not open, with {mines} mine{'s' if mines != 1 else ''}:",
             f"  the shipped verdict: {result_name(expected)} ({why})"]
    if got is not None:
        lines.append(f"  yours: {result_name(got)}")
    if mines == 0 and closed == 0:
        lines.append("  (a board without mines is cleared once all is open: ask about the clear first)")
    lines += _legend({}, {}, first="a map with those counts (flags, hidden, then a few open cells)", answers=True)
    shown = min(closed, 40)
    cols = 8
    rows = max(1, math.ceil((shown + 2) / cols))
    state = [OPEN] * ((rows + 2) * (cols + 2))
    for k in range(shown):
        r, c = divmod(k, cols)
        state[(r + 1) * (cols + 2) + c + 1] = FLAG if k < min(flags, shown) else HIDE
    caption = [f"flags {flags} · rest {rest} · mines {mines}" + (f" (first {shown} closed cells drawn)" if closed > shown else "")]
    answers = (result_name(expected), _NO_ANSWER if got is None else result_name(got))
    return Explanation(lines, map_picture(rows, cols, state, caption=caption, answers=answers), 1)


register(Exercise(
    "minesweeper.verdict", verdict, cases=_verdict_cases, explain=_explain_verdict,
    solution_imports="from gamelab.minesweeper.vmap import ALIVE, CLEARED, DEAD",
))


# -- 7 · the controller --------------------------------------------------------------------------------------------------
def _games() -> list[Minesweeper]:
    """Games new, started, with flags, blown up and cleared (fixed seeds), a typical size first."""
    games = []
    sizes = [(2, 3, 1), (3, 4, 2), (4, 5, 3), (5, 6, 5), (9, 9, 10)]
    for k in (2, 3, 4, 1, 0):
        rows, cols, mines = sizes[k]
        fresh = Minesweeper.new(rows=rows, cols=cols, mines=mines, seed=k)
        games.append(fresh)
        started = fresh.copy()
        started.play(f"open {rows} {cols}")
        if started.is_over:
            started = fresh.copy()
            started.play("open 1 1")
        games.append(started)
        flagged = started.copy()
        vm = flagged.vm
        for i in vm.cells:
            if vm.mine[i] and vm.state[i] == HIDE:
                flagged.play("flag {} {}".format(*vm.coords(i)))
                break
        games.append(flagged)
        if k % 2 == 0:
            lost = flagged.copy()
            mine = next((i for i in lost.vm.cells if lost.vm.mine[i] and lost.vm.state[i] == HIDE), None)
            if mine is not None:
                lost.play("open {} {}".format(*lost.vm.coords(mine)))
                games.append(lost)
        else:
            won = started.copy()
            for i in won.vm.cells:
                if not won.vm.mine[i] and won.vm.state[i] == HIDE and not won.is_over:
                    won.play("open {} {}".format(*won.vm.coords(i)))
            games.append(won)
    return games


def _click_cases() -> list[tuple[Any, ...]]:
    cases = []
    for game in _games():
        vm = game.vm
        picks: dict[str, int] = {}
        for i in vm.cells:
            state = vm.state[i]
            kind = "flag" if state == FLAG else "hidden" if state == HIDE else "number" if vm.near[i] else "zero"
            picks.setdefault(kind, i)
        for i in picks.values():
            for mode in (OPEN_MODE, FLAG_MODE):
                cases.append((game, *vm.coords(i), mode))
    return cases


def _stage(game: Minesweeper) -> str:
    if game.is_over:
        return "after the game is over (" + ("cleared)" if game.won else "blown up)")
    return "after the first click" if game.started else "before the first click"


def _explain_click(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    game, row, col, mode = case
    vm = game.vm
    i = vm.index(row, col)
    lines = [f"A click on {cell_name(row, col)} ({_what(vm, i) if game.started else 'no mines laid yet'}) "
             f"in {mode} mode, {_stage(game)}:",
             f"  the shipped controller: {expected!r}" + ("  (the click means nothing)" if expected is None else ""),
             ]
    if got is not None or expected is not None:
        lines.append(f"  yours: {got!r}")
    if not game.started and expected is not None:
        lines.append("  (before the first click every click opens, whatever the mode: _first)")
    marks = {(row, col): "click"}
    lines += _legend(marks, {"click": "the click"}, first="the board as the player sees it", answers=True)
    answers = (repr(expected), _NO_ANSWER if got is None else repr(got))
    return Explanation(lines, _vm_picture(vm, marks=marks, caption=[f"{mode} mode · {_stage(game)}"],
                                          show_mines=game.is_over, answers=answers), 1)


register(Exercise(
    "minesweeper.click", dispatch_click, cases=_click_cases,
    run=lambda function, case: function(case[0].copy(), *case[1:]),
    explain=_explain_click,
    solution_imports="from gamelab.minesweeper import FLAG_MODE, HIDE, OPEN, Minesweeper",
))


def _message_cases() -> list[tuple[int, float, float]]:
    """A game of a few seconds first; a game under a second, an hour, no time at all later."""
    times = [(100.7, 104.2), (100.2, 104.5), (12.0, 15.0), (99.9, 100.1), (100.0, 100.5), (7.25, 7.75),
             (0.5, 3600.25), (1000.0, 1000.0)]
    return [(result, start, end) for result in (DEAD, CLEARED, ALIVE) for start, end in times]


def _explain_message(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    result, start, end = case
    lines = [f"The game ends {result_name(result)}; first click at {start} s, end at {end} s on the clock:"]
    if result != ALIVE:
        lines.append(f"  the tutorial counts from {math.floor(start)} (the start rounded down) to "
                     f"{math.ceil(end)} (the end rounded up): {math.ceil(end) - math.floor(start)} s")
    lines.append(f"  the shipped message: {expected!r}")
    if got is not None:
        lines.append(f"  yours:               {got!r}")
    lines += _legend({}, {}, first="the clock from the first click to the end (amber: the seconds counted), "
                     "and the two messages", answers=True)
    return Explanation(lines, _message_picture(start, end, expected, _NO_ANSWER if got is None else repr(got)), 1)


def _message_picture(start: float, end: float, expected: Any, yours: str) -> SvgImage:
    lo, hi = math.floor(start) - 1, math.ceil(end) + 1
    span = max(hi - lo, 1)
    w, h = 360, 120
    x0, x1, y = 20, w - 20, 30

    def x(t: float) -> float:
        return x0 + (t - lo) * (x1 - x0) / span

    def draw(p: Any) -> None:
        p.line(x0, y, x1, y, stroke="#8a93a6", line_width=1.5)
        ticks = range(lo, hi + 1) if span <= 12 else (lo, math.floor(start), math.ceil(end), hi)
        for t in ticks:
            p.line(x(t), y - 4, x(t), y + 4, stroke="#8a93a6")
            p.text(x(t), y + 12, str(t), size=9, fill="#8a93a6")
        p.rect(x(math.floor(start)), y - 9, max(x(math.ceil(end)) - x(math.floor(start)), 1), 6, fill="#ffc21a",
               alpha=0.6)
        p.circle(x(start), y, 4, fill="#1d4ed8")
        p.circle(x(end), y, 4, fill=MARK)
        p.text(x(start), y - 16, "first click", size=9, fill="#1d4ed8")
        p.text(x(end), y - 16, "end", size=9, fill=MARK)
        _answers(p, 20, 62, w - 40, (repr(expected), yours))

    return _image(draw, w, h, "message")


register(Exercise(
    "minesweeper.message", game_over_message, cases=_message_cases, explain=_explain_message,
    solution_imports="import math\n\nfrom gamelab.minesweeper.vmap import ALIVE, CLEARED",
))


# -- 8 · the page load: the table -----------------------------------------------------------------------------------------
def _run_table(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    got = function(*case)
    if isinstance(got, Mapping):
        return {key: tuple(value) if isinstance(value, (list, tuple)) else value for key, value in got.items()}
    return got


def _explain_table(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    rows, cols, size = case
    lines = [f"The table of a {rows} × {cols} map with cells {size} pixels wide "
             f"(a field {cols * size} × {rows * size} pixels):"]
    placed: dict[tuple[int, int], tuple[float, float]] = {}
    if got is not None and not isinstance(got, dict):
        lines.append(f"  yours returned {type(got).__name__}: return a dict {{(row, col): (x, y)}}")
    elif got is not None:
        missing = [cell for cell in expected if cell not in got]
        extra = [cell for cell in got if cell not in expected]
        moved = [cell for cell in expected if cell in got and got[cell] != expected[cell]]
        if missing:
            lines.append(f"  missing cells: {_names(missing)}")
        if extra:
            lines.append(f"  cells that are not on the map: {_names(c if isinstance(c, tuple) else (0, 0) for c in extra)}")
        for cell in moved[:4]:
            lines.append(f"  {cell_name(*cell)}: at {expected[cell]} in the shipped table, at {got[cell]} in yours")
        if len(moved) > 4:
            lines.append(f"  … and {len(moved) - 4} more cells elsewhere")
        placed = {cell: value for cell, value in got.items()
                  if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, (int, float)) for v in value)
                  and cell in expected}
    marks: dict[Any, str] = {}
    for cell, value in expected.items():
        if placed.get(cell) != value:
            marks[("ring", cell)] = "missing"
    for cell, value in placed.items():
        if value != expected[cell]:
            marks[("cross", cell)] = "wrong"
    lines += _legend(marks, {"missing": "a square of the shipped table that yours does not fill",
                             "wrong": "one of yours out of place"},
                     first="the shipped table's squares (outlined)"
                           + (" and yours (amber, labelled row,col)" if placed else ""))
    return Explanation(lines, _table_picture(rows, cols, size, expected, placed), _marked(marks))


def _table_picture(rows: int, cols: int, size: float, expected: Mapping[tuple[int, int], tuple[float, float]],
                   placed: Mapping[tuple[int, int], tuple[float, float]]) -> SvgImage:
    scale = 30 / size
    xs = [v[0] for v in list(expected.values()) + list(placed.values())]
    ys = [v[1] for v in list(expected.values()) + list(placed.values())]
    left, top = min(xs), min(ys)
    w = min(int((max(xs) - left + size) * scale) + 20, 600)
    h = min(int((max(ys) - top + size) * scale) + 20, 400)

    def box(value: tuple[float, float]) -> tuple[float, float]:
        return 10 + (value[0] - left) * scale, 10 + (value[1] - top) * scale

    s = size * scale

    def draw(p: Any) -> None:
        for cell, value in expected.items():
            bx, by = box(value)
            p.rect(bx + 1, by + 1, s - 2, s - 2, stroke="#8a93a6", line_width=1)
        for cell, value in placed.items():
            bx, by = box(value)
            p.rect(bx + 3, by + 3, s - 6, s - 6, fill="#ffc21a", alpha=0.55)
            if value != expected[cell]:
                p.line(bx + 4, by + 4, bx + s - 4, by + s - 4, stroke=MARK, line_width=1.5, alpha=0.8)
                p.line(bx + 4, by + s - 4, bx + s - 4, by + 4, stroke=MARK, line_width=1.5, alpha=0.8)
            p.text(bx + s / 2, by + s / 2, f"{cell[0]},{cell[1]}", size=9, bold=True, fill="#202020")
        for cell, value in expected.items():
            if placed.get(cell) != value:
                bx, by = box(value)
                p.circle(bx + s / 2, by + s / 2, s / 2 - 3, stroke=MARK, line_width=2)

    return _image(draw, w, h, "table")


register(Exercise(
    "minesweeper.table", table_layout,
    cases=lambda: [(2, 3, 24), (3, 4, 24)] + [(r, c, s) for s in (24, 10) for r in range(1, 4) for c in range(1, 5)
                                             if (r, c, s) not in ((2, 3, 24), (3, 4, 24))] + [(16, 30, 24)],
    run=_run_table, explain=_explain_table,
))
