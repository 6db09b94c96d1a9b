"""How a Minesweeper board looks: the classic grey panel, raised hidden cells, numbers in their colors.

One drawing, used both for static SVG pictures and for the play widget's canvas. The layout, top to
bottom: a header with the mine counter (red digits), the face (new game) and the clock; then the
field, with row and column numbers in the frame so a learner can read ``open r c`` off the picture.

``ui`` (a :class:`~.controls.MinesweeperUI`, presentation only, never game state) may give:

* ``hint``: a :class:`~.controls.Cell` to ring (the Hint button);
* ``chances``: ``{(row, col): mine chance}`` to tint hidden cells from green (safe) to red, with
  the percentage written in (the probability overlay);
* ``seconds``: the clock's value; ``message``: the result text shown over the field, which is a
  click target (:class:`~.controls.ResultMessage`) that starts a new game, as in the tutorial.

Targets: a :class:`~.controls.Cell` for every cell, :class:`~.controls.Face` and
:class:`~.controls.ResultMessage`.

>>> from gamelab.minesweeper import Minesweeper
>>> svg = MinesweeperPicture().svg(Minesweeper.new("beginner"))
>>> svg.startswith("<svg") and 'width="256"' in svg
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Hashable, Mapping, cast

from ..pictures import Painter, Picture
from .game import Minesweeper
from .tutorial import OPEN_MODE
from .vmap import FLAG, HIDE, VMap

__all__ = ["Cell", "Face", "ResultMessage", "MinesweeperUI", "MinesweeperPicture", "NUMBER_COLORS", "table_layout",
           "chance_color", "chance_text", "fitting_cell"]


@dataclass(frozen=True)
class Cell:
    """Click target: the cell in ``row``, ``col`` (both from 1, as in the tutorial's map)."""

    row: int
    col: int


@dataclass(frozen=True)
class Face:
    """Click target: the face button in the header (a new game)."""


@dataclass(frozen=True)
class ResultMessage:
    """Click target: the "cleared in N s" / "blown up in N s" box over the field (a new game)."""


@dataclass(frozen=True)
class MinesweeperUI:
    """Interface state: what the picture shows beside the game, and the open/flag mode.

    * ``mode``: ``"open"`` or ``"flag"``, the tutorial's radio buttons;
    * ``hint``: the cell the Hint button rings;
    * ``show_chances``: whether the probability overlay is on, and ``chances`` its values,
      ``{(row, col): mine chance}``, which tint hidden cells from green (safe) to red;
    * ``seconds``: the clock's red digits; ``message``: the result text over the field.
    """

    mode: str = OPEN_MODE
    hint: Cell | None = None
    show_chances: bool = False
    chances: Mapping[tuple[int, int], float] | None = None
    seconds: int = 0
    message: str | None = None


#: the classic colors of the numbers 1–8
NUMBER_COLORS = {1: "#0000ff", 2: "#007b00", 3: "#ff0000", 4: "#00007b", 5: "#7b0000", 6: "#007b7b",
                  7: "#000000", 8: "#7b7b7b"}

GREY, LIGHT, DARK, LINE = "#c0c0c0", "#ffffff", "#808080", "#9a9a9a"
LED_FONT = "DejaVu Sans Mono, Consolas, monospace"
NARROW_FONT = "DejaVu Sans Condensed, Arial Narrow, DejaVu Sans, sans-serif"  # "22%" fits a 24-pixel cell


def table_layout(rows: int, cols: int, size: float) -> dict[tuple[int, int], tuple[float, float]]:
    """The board's table (the tutorial's page load, ロード完了時の初期処理): where each cell's square goes.

    The tutorial builds an HTML table with one ``<td>`` per cell, each tagged with its row and column
    (``data-row``, ``data-col``) so that a click says which cell it hit, and gives the table a minimum
    width so the cells stay square on a small screen. Here every playing cell ``(row, col)`` gets the
    top-left corner of its ``size`` × ``size`` square, measured from the field's top-left corner: side
    by side, row 1 on top, so the field is ``cols * size`` wide. The picture draws each cell there and
    tags it as that cell's click target.

    >>> table_layout(2, 3, 10)[(2, 3)]
    (20, 10)
    """
    return {(row, col): ((col - 1) * size, (row - 1) * size)
            for row in range(1, rows + 1) for col in range(1, cols + 1)}


def fitting_cell(rows: int, cols: int) -> int:
    """Pixels per cell for a board of ``rows`` × ``cols``: 24 (the classic look) where the picture fits
    900 × 450 pixels, smaller where it would not (at least 12), so that the canvas, the status line and the
    main buttons fit a laptop's notebook area together (1036 × 647 beside JupyterLab's file browser).

    >>> fitting_cell(9, 9), fitting_cell(16, 30), fitting_cell(100, 100)
    (24, 22, 12)
    """
    width_room, height_room = 900 - 40, 450 - 92  # the frame, labels and header around the field
    return max(12, min(24, width_room // cols, height_room // rows))


def _vm(state: Minesweeper | VMap) -> VMap:
    return state.vm if isinstance(state, Minesweeper) else state


class MinesweeperPicture(Picture[Minesweeper | VMap]):
    """Draws a :class:`~gamelab.minesweeper.Minesweeper` (or a bare :class:`VMap`) at ``cell`` pixels a cell."""

    background = GREY
    cell = 24
    frame = 10       # the raised outer frame
    label = 20       # room for the row numbers (left) and column numbers (above the field)
    header = 44

    def __init__(self, cell: int | None = None, labels: bool = True,
                 table: Callable[[int, int, float], Mapping[tuple[int, int], tuple[float, float]]] | None = None) -> None:
        if cell is not None:
            self.cell = cell
        self.labels = labels
        #: the page load's table (:func:`table_layout`, or another version: a learner's)
        self.table = table or table_layout
        self._tables: dict[tuple[int, int], Mapping[tuple[int, int], tuple[float, float]]] = {}

    # -- geometry --------------------------------------------------------------------------------
    def _origin(self) -> tuple[float, float]:
        """Top-left pixel of the field (cell (1, 1))."""
        lab = self.label if self.labels else 0
        return self.frame + lab, self.frame + self.header + 8 + lab

    def size(self, state: Minesweeper | VMap, ui: MinesweeperUI | None = None) -> tuple[int, int]:
        vm = _vm(state)
        x0, y0 = self._origin()
        return int(x0 + vm.cols * self.cell + self.frame), int(y0 + vm.rows * self.cell + self.frame)

    def cell_box(self, row: int, col: int, vm: VMap | None = None) -> tuple[float, float, float]:
        """``(x, y, size)`` of a cell's square, from the table of ``vm``'s size (of a board that ends at the cell, if none)."""
        key = (vm.rows, vm.cols) if vm is not None else (row, col)
        table = self._tables.get(key)
        if table is None:
            table = self._tables[key] = self.table(key[0], key[1], self.cell)
        x0, y0 = self._origin()
        dx, dy = table[(row, col)]
        return x0 + dx, y0 + dy, self.cell

    # -- drawing ---------------------------------------------------------------------------------
    def draw(self, p: Painter, state: Minesweeper | VMap, ui: MinesweeperUI | None = None) -> None:
        if ui is None:
            ui = MinesweeperUI()
        vm = _vm(state)
        width, height = p.width, p.height
        _bevel(p, 0, 0, width, height, 3, raised=True)
        self._draw_header(p, vm, ui, width)
        x0, y0 = self._origin()
        field_w, field_h = vm.cols * self.cell, vm.rows * self.cell
        _bevel(p, x0 - 3, y0 - 3, field_w + 6, field_h + 6, 3, raised=False)
        if self.labels:
            self._draw_labels(p, vm, x0, y0)
        hint = ui.hint
        chances: Mapping[tuple[int, int], float] = ui.chances or {}
        # Once cleared, every mine still hidden is shown flagged, as classic Minesweeper does.
        cleared = vm.show() == 1
        for i in vm.cells:
            row, col = vm.coords(i)
            self._draw_cell(p, vm, i, row, col, chances.get((row, col)), cleared)
        if hint is not None and vm.inside(hint.row, hint.col):
            x, y, s = self.cell_box(hint.row, hint.col, vm)
            p.circle(x + s / 2, y + s / 2, s * 0.42, stroke="#e0245e", line_width=3)
        if ui.message:
            self._draw_message(p, ui.message, x0, y0, field_w, field_h)

    def _draw_header(self, p: Painter, vm: VMap, ui: MinesweeperUI, width: int) -> None:
        f, h = self.frame, self.header
        _bevel(p, f, f, width - 2 * f, h, 2, raised=False)
        cy = f + h / 2
        result = vm.show()
        _led(p, f + 7, cy, 0 if result == 1 else vm.mines - vm.flags)
        self.draw_clock(p, ui)
        _face(p, width / 2, cy, 15, "dead" if result == -1 else "cool" if result == 1 else "smile")
        if ui.chances is not None and width / 2 - 19 - (f + 7 + 48 + 10) >= 134:  # room for the scale
            _chance_legend(p, f + 7 + 48 + 12, cy)

    def draw_clock(self, p: Painter, ui: MinesweeperUI | None = None) -> None:
        """Only the clock's digits (``ui.seconds``): the board repaints just these while time runs."""
        _led(p, p.width - self.frame - 7 - 48, self.frame + self.header / 2, ui.seconds if ui is not None else 0)

    def _draw_labels(self, p: Painter, vm: VMap, x0: float, y0: float) -> None:
        size = max(8.0, self.cell * 0.42)
        step = 1 if self.cell >= 20 or vm.cols <= 16 else 5
        for col in range(1, vm.cols + 1):
            if col == 1 or col % step == 0:
                p.text(x0 + (col - 0.5) * self.cell, y0 - 3 - self.label / 2, str(col), size=size, fill="#404040")
        for row in range(1, vm.rows + 1):
            if row == 1 or row % step == 0:
                p.text(x0 - 3 - self.label / 2, y0 + (row - 0.5) * self.cell, str(row), size=size, fill="#404040")

    @staticmethod
    def _look(vm: VMap, i: int, cleared: bool) -> str:
        state = vm.state[i]
        if state in (HIDE, FLAG):
            return "flag" if state == FLAG or cleared else "hidden"
        if vm.mine[i]:
            return "exploded" if i == vm.exploded else "mine"
        return f"open {vm.near[i]}"

    def looks(self, state: Minesweeper | VMap, ui: MinesweeperUI | None = None
              ) -> dict[Hashable, Hashable] | None:
        """How each cell looks in the picture of ``state``: a play board compares two of these to redraw
        only the cells that changed (:meth:`draw_parts`). None while the result message lies over the
        cells: then the picture is drawn whole.

        >>> from gamelab.minesweeper import Minesweeper
        >>> MinesweeperPicture(16).looks(Minesweeper.new("beginner", seed=1))[(1, 1)]
        ('hidden', None, False)
        """
        ui = ui if ui is not None else MinesweeperUI()
        if ui.message is not None:
            return None
        vm = _vm(state)
        cleared = vm.show() == 1
        chances: Mapping[tuple[int, int], float] = ui.chances or {}
        hint = (ui.hint.row, ui.hint.col) if ui.hint is not None else None
        out: dict[Hashable, Hashable] = {}
        for i in vm.cells:
            cell = vm.coords(i)
            look = self._look(vm, i, cleared)
            out[cell] = (look, chances.get(cell) if look == "hidden" else None, cell == hint)
        return out

    def draw_parts(self, p: Painter, state: Minesweeper | VMap, ui: MinesweeperUI | None,
                   cells: list[Hashable]) -> None:
        """Over a frame of this board: the header again, and ``cells`` (what :meth:`draw` would draw there)."""
        ui = ui if ui is not None else MinesweeperUI()
        vm = _vm(state)
        p.rect(self.frame, self.frame, p.width - 2 * self.frame, self.header, fill=GREY)
        self._draw_header(p, vm, ui, p.width)
        cleared = vm.show() == 1
        chances: Mapping[tuple[int, int], float] = ui.chances or {}
        for row, col in cast("list[tuple[int, int]]", cells):
            self._draw_cell(p, vm, vm.index(row, col), row, col, chances.get((row, col)), cleared)
            if ui.hint is not None and (ui.hint.row, ui.hint.col) == (row, col):
                x, y, s = self.cell_box(row, col, vm)
                p.circle(x + s / 2, y + s / 2, s * 0.42, stroke="#e0245e", line_width=3)

    def _draw_cell(self, p: Painter, vm: VMap, i: int, row: int, col: int, chance: float | None,
                   cleared: bool = False) -> None:
        x, y, s = self.cell_box(row, col, vm)
        look = self._look(vm, i, cleared)
        # A few looks repeat hundreds of times: as sprites, a canvas paints each once and then copies it.
        p.sprite(("mines-cell", look, s), x, y, s, s, lambda q, cx, cy: _paint_cell(q, look, cx, cy, s),
                 target=Cell(row, col))
        if look == "hidden" and chance is not None:
            _chance(p, x, y, s, chance)

    def _draw_message(self, p: Painter, message: str, x0: float, y0: float, w: float, h: float) -> None:
        box_w = min(w - 8, max(180.0, 11.0 * len(message) + 40))
        box_h = 58.0
        bx, by = x0 + (w - box_w) / 2, y0 + (h - box_h) / 2
        p.round_rect(bx + 3, by + 4, box_w, box_h, 10, fill="black", alpha=0.3)
        p.round_rect(bx, by, box_w, box_h, 10, fill="#fffbe6", stroke="#404040", line_width=2,
                     target=ResultMessage())
        p.text(bx + box_w / 2, by + 21, message, size=17, bold=True, fill="#202020")
        p.text(bx + box_w / 2, by + 42, "click for a new game", size=11, fill="#606060")


# -- parts ---------------------------------------------------------------------------------------------
def _paint_cell(p: Painter, look: str, x: float, y: float, s: float) -> None:
    """One cell: raised when hidden (with a flag), sunken when open (a number, a mine, or the red blast)."""
    if look in ("hidden", "flag"):
        p.rect(x, y, s, s, fill=GREY)
        _bevel(p, x, y, s, s, max(2.0, s / 9), raised=True)
        if look == "flag":
            _flag(p, x, y, s)
        return
    p.rect(x, y, s, s, fill="#ff0000" if look == "exploded" else GREY)
    # the thin grid of open cells: one line on the top and left edge of each
    p.line(x, y + 0.5, x + s, y + 0.5, stroke=DARK, line_width=1)
    p.line(x + 0.5, y, x + 0.5, y + s, stroke=DARK, line_width=1)
    if look in ("mine", "exploded"):
        _mine(p, x + s / 2, y + s / 2, s * 0.3)
        return
    n = int(look.split()[1])
    if n:
        p.text(x + s / 2 + 0.5, y + s / 2 + 1, str(n), size=s * 0.68, bold=True, fill=NUMBER_COLORS[n])


def _bevel(p: Painter, x: float, y: float, w: float, h: float, t: float, *, raised: bool) -> None:
    """The 3-D edge of classic Windows: light on the top-left and dark on the bottom-right when raised."""
    top, bottom = (LIGHT, DARK) if raised else (DARK, LIGHT)
    p.polygon([(x, y), (x + w, y), (x + w - t, y + t), (x + t, y + t), (x + t, y + h - t), (x, y + h)], fill=top)
    p.polygon([(x + w, y), (x + w, y + h), (x, y + h), (x + t, y + h - t), (x + w - t, y + h - t),
               (x + w - t, y + t)], fill=bottom)


def _flag(p: Painter, x: float, y: float, s: float) -> None:
    p.polygon([(x + s * 0.58, y + s * 0.2), (x + s * 0.58, y + s * 0.52), (x + s * 0.24, y + s * 0.36)], fill="#ff0000")
    p.line(x + s * 0.58, y + s * 0.2, x + s * 0.58, y + s * 0.72, stroke="black", line_width=max(1.5, s / 14))
    p.rect(x + s * 0.36, y + s * 0.66, s * 0.36, s * 0.07, fill="black")
    p.rect(x + s * 0.26, y + s * 0.73, s * 0.56, s * 0.09, fill="black")


def _mine(p: Painter, cx: float, cy: float, r: float) -> None:
    for dx, dy in ((1, 0), (0, 1), (0.72, 0.72), (0.72, -0.72)):
        p.line(cx - dx * r * 1.45, cy - dy * r * 1.45, cx + dx * r * 1.45, cy + dy * r * 1.45,
               stroke="black", line_width=max(1.5, r / 4))
    p.circle(cx, cy, r, fill="black")
    p.circle(cx - r * 0.35, cy - r * 0.35, r * 0.28, fill="white")


#: the Chances overlay's color scale, from a safe cell to a sure mine (ColorBrewer's RdYlGn, 5 classes),
#: placed on the square root of the chance so that small risks already show: 6 % is light green, 25 %
#: yellow, 50 % orange
CHANCE_SCALE = ((0.0, (26, 150, 65)), (0.3, (166, 217, 106)), (0.5, (255, 255, 145)), (0.7, (253, 174, 97)),
                (1.0, (215, 25, 28)))


def chance_color(chance: float) -> str:
    """The overlay's color for a mine chance (0–1): green for safe, through yellow, to red for a mine.

    >>> chance_color(0), chance_color(0.25), chance_color(1)
    ('#1a9641', '#ffff91', '#d7191c')
    """
    t = min(1.0, max(0.0, chance)) ** 0.5
    for (t0, c0), (t1, c1) in zip(CHANCE_SCALE, CHANCE_SCALE[1:]):
        if t <= t1:
            k = (t - t0) / (t1 - t0)
            return "#" + "".join(f"{round(a + (b - a) * k):02x}" for a, b in zip(c0, c1))
    return "#d7191c"


def chance_text(chance: float) -> str:
    """The percentage written on a hidden cell.

    >>> [chance_text(c) for c in (0, 0.004, 0.2249, 0.995, 1)]
    ['0%', '<1%', '22%', '>99%', '100%']
    """
    if chance <= 0:
        return "0%"
    if chance >= 1:
        return "100%"
    if chance < 0.01:
        return "<1%"
    if chance > 0.99:
        return ">99%"
    return f"{100 * chance:.0f}%"


def _chance(p: Painter, x: float, y: float, s: float, chance: float) -> None:
    """The probability overlay on a hidden cell: its color on the scale and its percentage."""
    inset = max(1.5, s / 12)
    p.rect(x + inset, y + inset, s - 2 * inset, s - 2 * inset, fill=chance_color(chance), alpha=0.9)
    if chance >= 1:  # a sure mine: the mine itself says it best
        _mine(p, x + s / 2, y + s / 2, s * 0.22)
        return
    text = chance_text(chance)
    p.text(x + s / 2, y + s / 2 + 0.5, text, size=s * (0.42 if len(text) <= 2 else 0.36), bold=True,
           fill="#111111", family=NARROW_FONT)


def _chance_legend(p: Painter, x: float, cy: float) -> None:
    """The color scale in the header: safe on the left, mine on the right (128 pixels wide)."""
    p.text(x, cy, "safe", size=11, fill="#1a6d32", bold=True, align="left")
    for k, chance in enumerate((0, 0.05, 0.25, 0.5, 0.8, 1)):
        p.rect(x + 30 + k * 11, cy - 7, 11, 14, fill=chance_color(chance))
    p.rect(x + 30, cy - 7, 66, 14, stroke="#404040", line_width=1)
    p.text(x + 100, cy, "mine", size=11, fill="#a01010", bold=True, align="left")


def _led(p: Painter, x: float, cy: float, value: int) -> None:
    """A three-digit counter in red on black (the classic mine counter and clock)."""
    text = f"{max(-99, min(999, value)):03d}" if value >= 0 else f"-{min(99, -value):02d}"
    p.rect(x, cy - 15, 48, 30, fill="#000000")
    p.text(x + 24, cy + 1, "888", size=22, bold=True, fill="#3a0000", family=LED_FONT)
    p.text(x + 24, cy + 1, text, size=22, bold=True, fill="#ff2020", family=LED_FONT)


def _face(p: Painter, cx: float, cy: float, r: float, mood: str) -> None:
    """The face button: smiling while playing, crossed eyes after a blast, sunglasses once cleared."""
    s = 2 * r + 8
    p.rect(cx - s / 2, cy - s / 2, s, s, fill=GREY, target=Face())
    _bevel(p, cx - s / 2, cy - s / 2, s, s, 2, raised=True)
    p.circle(cx, cy, r - 2, fill="#ffff00", stroke="black", line_width=1.2)
    e = r * 0.33
    if mood == "dead":
        for ex in (cx - e, cx + e):
            p.line(ex - 2.5, cy - e - 2.5, ex + 2.5, cy - e + 2.5, stroke="black", line_width=1.4)
            p.line(ex - 2.5, cy - e + 2.5, ex + 2.5, cy - e - 2.5, stroke="black", line_width=1.4)
        p.polyline([(cx - e, cy + e * 1.4), (cx, cy + e * 0.8), (cx + e, cy + e * 1.4)], stroke="black", line_width=1.4)
        return
    if mood == "cool":
        p.polygon([(cx - r * 0.75, cy - e - 2), (cx + r * 0.75, cy - e - 2), (cx + r * 0.55, cy - e + 3),
                   (cx + 1, cy - e + 1), (cx - 1, cy - e + 1), (cx - r * 0.55, cy - e + 3)], fill="black")
    else:
        p.circle(cx - e, cy - e, 1.6, fill="black")
        p.circle(cx + e, cy - e, 1.6, fill="black")
    p.polyline([(cx - e * 1.2, cy + e * 0.6), (cx, cy + e * 1.3), (cx + e * 1.2, cy + e * 0.6)], stroke="black",
               line_width=1.4)

