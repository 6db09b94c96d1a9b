"""The start-here lesson's exercises: the three pieces a Lights Out press goes through, and how a failing
case of each is drawn.

* ``lights_out.cell_name`` – the name of a lamp, its action's text (``(2, 1)`` → ``'b3'``);
* ``lights_out.press_mask`` – which lamps one press toggles, as a bit mask;
* ``lights_out.toggle`` – the lights after a press toggles a mask.

>>> from gamelab.lessons import check, exercise
>>> from gamelab.demo.game import press_mask
>>> check(exercise("lights_out.press_mask")(press_mask)).status
'passed'
>>> wrong = exercise("lights_out.press_mask")(lambda size, row, col: 1 << (row * size + col))
>>> print(repr(check(wrong)))
✘ lights_out.press_mask: 90 of 90 cases differ from the shipped version.
A press on c3 of a 5 × 5 board:
  the shipped rule toggles c2 b3 c3 d3 c4
  yours toggles            c3
  missing: c2 b3 d3 c4
In the picture: the lamps your rule lights are amber, the dot is the pressed lamp;
a red ring marks each lamp it should light and does not.
"""

from __future__ import annotations

import random
from typing import Any, Callable

from ..demo.game import COLUMNS, cell_name, parse_cell, press_mask, toggle
from ..errors import IllegalMove
from ..pictures import Painter, SvgImage, SvgPainter
from .exercises import Exercise, Explanation, register, use_all

__all__ = ["mask_picture", "your_pieces"]

RED = "#ff3b5c"
AMBER = "#ffc21a"
DARK = "#3a4254"
LABEL = "#8a93a6"


def your_pieces(*functions: Callable[..., Any], even_if_failing: bool = False) -> dict[str, Callable[..., Any]]:
    """The pieces a Lights Out board plays by, by name: each of ``functions`` (the learner's
    ``cell_name``, ``press_mask``, ``toggle``) where its check passes, else the shipped one, said in one line
    (:func:`~gamelab.lessons.use_all`); ``LightsOutBoard(pieces=your_pieces(...))`` plays on them."""
    chosen = use_all(*functions, even_if_failing=even_if_failing)
    return {str(getattr(function, "__exercise__")).partition(".")[2]: piece for function, piece in zip(functions, chosen)}


# -- drawing a small board ------------------------------------------------------------------------------
def _cells(size: int, mask: int) -> list[str]:
    return [cell_name(*divmod(i, size)) for i in range(size * size) if mask >> i & 1]


def _board(p: Painter, left: float, top: float, size: int, cell: int, lit: int,
           rings: int = 0, crosses: int = 0, outlined: int = 0, dot: tuple[int, int] | None = None,
           names: dict[tuple[int, int], tuple[str, str]] | None = None) -> int:
    """One board at (left, top): lamps of ``lit`` amber, ``rings``/``crosses`` marked red, ``outlined`` lamps
    edged white, a dot on ``dot``, ``names`` written in lamps (text, color). Returns how many marks it drew."""
    margin = 18
    for i in range(size):
        p.text(left + margin + i * cell + cell / 2, top + margin / 2, COLUMNS[i], size=11, fill=LABEL)
        p.text(left + margin / 2, top + margin + i * cell + cell / 2, str(i + 1), size=11, fill=LABEL)
    marks = 0
    for index in range(size * size):
        row, col = divmod(index, size)
        x, y = left + margin + col * cell + 3, top + margin + row * cell + 3
        cx, cy = x + (cell - 6) / 2, y + (cell - 6) / 2
        p.round_rect(x, y, cell - 6, cell - 6, 6, fill=AMBER if lit >> index & 1 else DARK,
                     stroke="white" if outlined >> index & 1 else None, line_width=2)
        if rings >> index & 1:
            p.circle(cx, cy, cell / 2 - 4, stroke=RED, line_width=3)
            marks += 1
        if crosses >> index & 1:
            arm = cell / 2 - 5
            p.line(cx - arm, cy - arm, cx + arm, cy + arm, stroke=RED, line_width=3)
            p.line(cx - arm, cy + arm, cx + arm, cy - arm, stroke=RED, line_width=3)
            marks += 1
        if (row, col) == dot:
            p.circle(cx, cy, 4, fill="#e0245e", stroke="white", line_width=1.5)
        if names and (row, col) in names:
            text, color = names[(row, col)]
            if color == "white":  # over a red cross: on a dark patch, so it stays legible
                p.round_rect(cx - 10, cy - 7, 20, 14, 3, fill="#1d2330")
            p.text(cx, cy, text, size=12, fill=color, bold=True)
    return marks


def _side(size: int, cell: int) -> int:
    return 2 * 18 + size * cell


def _picture(width: int, height: int, label: str, draw: Callable[[Painter], int]) -> tuple[SvgImage, int]:
    """The picture ``draw`` paints (as SVG, and as PNG for a notebook not trusted yet), and how many marks."""
    svg = SvgPainter(width, height, background="#1d2330")
    marks = draw(svg)

    def png() -> tuple[bytes, dict[str, int]]:
        from ..pictures.raster import PngPainter

        painter = PngPainter(width, height, background="#1d2330")
        draw(painter)
        return painter.png(), {"width": width, "height": height}

    return SvgImage(svg.svg(), label, png=png), marks


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# -- lights_out.cell_name -------------------------------------------------------------------------------
def _explain_cell_name(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    row, col = case
    lines = [f"cell_name({row}, {col}): the lamp in row {row}, column {col} (both counted from 0 at the top left)",
             f"  the shipped name is {expected!r}"]
    named: tuple[int, int] | None = None
    if isinstance(got, str):
        try:
            named = parse_cell(got, len(COLUMNS))
        except IllegalMove:
            named = None
        if named is None:
            lines.append(f"  yours is {got!r}, which names no lamp")
        elif named == (row, col):
            lines.append(f"  yours is {got!r}: that lamp written another way (the game writes {expected!r})")
        else:
            lines.append(f"  yours is {got!r}, the name of another lamp")
    elif got is not None:
        lines.append(f"  yours is {got!r}, which is not a text like 'b3'")
    crossed = named is not None and named != (row, col)
    size = max(5, row + 1, col + 1, *((named[0] + 1, named[1] + 1) if crossed and named else ()))
    cell = 36 if size <= 6 else 30
    names = {(row, col): (expected, "#1d2330")}
    crosses = 0
    if crossed and named is not None:
        names[named] = (got, "white")
        crosses = 1 << (named[0] * size + named[1])
    asked = 1 << (row * size + col)
    picture, marks = _picture(_side(size, cell), _side(size, cell), "cell name", lambda p: _board(
        p, 0, 0, size, cell, asked, rings=asked, crosses=crosses, names=names))
    legend = "In the picture: the lamp asked about is lit and ringed in red, with its name"
    lines.append(legend + ("; a red cross marks the lamp\nyour name points to." if crosses else "."))
    return Explanation(lines, picture, marks=marks)


register(Exercise(
    "lights_out.cell_name", cell_name,
    cases=lambda: [(row, col) for row in range(len(COLUMNS)) for col in range(len(COLUMNS))],
    explain=_explain_cell_name,
    solution_imports="from gamelab.demo.game import COLUMNS",
))


# -- lights_out.press_mask ------------------------------------------------------------------------------
def mask_picture(size: int, pressed: tuple[int, int], expected: int, got: int | None) -> tuple[SvgImage, int]:
    """The board after one press on a dark board: the learner's lamps lit, each difference marked (and how
    many marks that is)."""
    cell = 36
    lit = got if got is not None else 0
    board = (1 << size * size) - 1
    return _picture(_side(size, cell), _side(size, cell), "press rule", lambda p: _board(
        p, 0, 0, size, cell, lit & board, rings=expected & ~lit, crosses=lit & ~expected & board, dot=pressed))


def _explain_press_mask(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    size, row, col = case
    want = _cells(size, expected)
    lines = [f"A press on {cell_name(row, col)} of a {size} × {size} board:",
             f"  the shipped rule toggles {' '.join(want)}"]
    valid = _whole(got) and got >= 0
    if got is not None and not _whole(got):
        lines.append(f"  yours returned {got!r}, which is not a whole number")
    elif got is not None and got < 0:
        lines.append(f"  yours returned {got}, a negative number: not a set of lamps")
    elif got is not None:
        have = _cells(size, got)
        lines.append(f"  yours toggles            {' '.join(have)}" if have else "  yours toggles nothing")
        missing = [c for c in want if c not in have]
        extra = [c for c in have if c not in want]
        if missing:
            lines.append(f"  missing: {' '.join(missing)}")
        if extra:
            lines.append(f"  not neighbours: {' '.join(extra)}")
        if got >= 1 << (size * size):
            lines.append("  (some bits are beyond the last lamp: off the board)")
    shown = got if valid else None
    picture, marks = mask_picture(size, (row, col), expected, shown)
    board = (1 << size * size) - 1
    rings, crosses = expected & ~(shown or 0), (shown or 0) & ~expected & board
    drawn = ((["a red ring marks each lamp it should light and does not"] if rings else []) +
             ([f"a red cross {'each one' if rings else 'marks each lamp'} it lights and should not"] if crosses else []))
    lines.append("In the picture: the lamps your rule lights are amber, the dot is the pressed lamp;\n"
                 + "; ".join(drawn) + ".")
    return Explanation(lines, picture, marks=marks)


def _press_cases() -> list[tuple[int, int, int]]:
    # the game's own 5 × 5 board first, from a press in its middle: the most telling cases; 2 × 2 last
    every = [(n, r, c) for n in (5, 4, 6, 3, 2) for r in range(n) for c in range(n)]
    return [(5, 2, 2)] + [case for case in every if case != (5, 2, 2)]


register(Exercise(
    "lights_out.press_mask", press_mask,
    cases=_press_cases,
    explain=_explain_press_mask,
))


# -- lights_out.toggle ----------------------------------------------------------------------------------
def _size_of(*masks: int) -> int:
    """The smallest board (3 × 3 or more) whose lamps hold every bit of ``masks``."""
    top = max(m.bit_length() for m in masks)
    size = 3
    while size * size < top:
        size += 1
    return size


def _explain_toggle(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    lights, mask = case
    size = _size_of(lights, mask)
    board = (1 << size * size) - 1

    def named(m: int) -> str:
        return " ".join(_cells(size, m)) or "none"

    valid = _whole(got) and got >= 0
    lines = [f"toggle({lights}, {mask}) on a {size} × {size} board: the shipped answer is {expected}"
             + (f", yours {got}" if valid else ""),
             f"  lit before the press:  {named(lights)}",
             f"  the press toggles:     {named(mask)}",
             f"  lit after, shipped:    {named(expected)}"]
    if got is not None and not _whole(got):
        lines.append(f"  yours returned {got!r}, which is not a whole number")
    elif got is not None and got < 0:
        lines.append(f"  yours returned {got}, a negative number: not a set of lamps")
    elif got is not None:
        lines.append(f"  lit after, yours:      {named(got & board)}")
        if got & ~expected & board:
            lines.append(f"  should be dark:        {named(got & ~expected & board)}")
        if expected & ~got:
            lines.append(f"  should be lit:         {named(expected & ~got)}")
        if got > board:
            lines.append("  (some bits of yours are beyond the last lamp: off the board)")
    cell = 34
    side = _side(size, cell)
    rings, crosses = (expected & ~got, got & ~expected & board) if valid else (mask & board, 0)
    after, title = (got & board, "after, yours") if valid else (expected, "after, shipped")

    def draw(p: Painter) -> int:
        p.text(side / 2, 11, "before the press", size=12, fill="white")
        _board(p, 0, 22, size, cell, lights, outlined=mask)
        p.text(side + 24 + side / 2, 11, title, size=12, fill="white")
        return _board(p, side + 24, 22, size, cell, after, rings=rings, crosses=crosses)

    picture, marks = _picture(2 * side + 24, side + 22, "toggle", draw)
    if valid:
        drawn = ((["a red ring marks each lamp that should be lit"] if rings else []) +
                 ([f"a red cross {'each one' if rings else 'marks each lamp'} that should be dark"] if crosses else []))
        legend = ("In the picture, left: the lamps lit before, the press's lamps edged white; right: yours after;\n"
                  + "; ".join(drawn) + ".")
    else:
        legend = ("In the picture, left: the lamps lit before, the press's lamps edged white; right: the shipped\n"
                  "answer, each lamp the press changes ringed in red.")
    lines.append(legend)
    return Explanation(lines, picture, marks=marks)


def _toggle_cases() -> list[tuple[int, int]]:
    # first a press on b2 of a 3 × 3 board that turns two lit lamps off and three dark ones on
    cases = [(0b000010011, press_mask(3, 1, 1))]
    rng = random.Random(40)
    for size in (3, 4, 5):
        lamps = size * size
        for _ in range(10):
            lights = sum(1 << i for i in rng.sample(range(lamps), rng.randint(2, lamps // 2)))
            press = press_mask(size, rng.randrange(size), rng.randrange(size))
            mask = press if rng.random() < 0.7 else sum(1 << i for i in rng.sample(range(lamps), rng.randint(1, lamps)))
            if _size_of(lights, mask) == size:  # the report draws the board the bits need: the case's own
                cases.append((lights, mask))
    cases += [(0, press_mask(3, 0, 0)), (0b101, 0), (0b111000111, 0b111000111), (0b1010, 0b1010)]
    return cases


register(Exercise(
    "lights_out.toggle", toggle,
    cases=_toggle_cases,
    explain=_explain_toggle,
))
