"""The start-here lesson's exercise: Lights Out's press rule, and how a failing case is drawn.

>>> from gamelab.demo.game import press_mask
>>> report = check(exercise("lights_out.press_mask")(press_mask))
>>> report.status
'passed'
>>> wrong = exercise("lights_out.press_mask")(lambda size, row, col: 1 << (row * size + col))
>>> print(repr(check(wrong)))
✘ lights_out.press_mask: 90 of 90 cases differ from the shipped version.
A press on a1 of a 2 × 2 board:
  the shipped rule toggles a1 b1 a2
  yours toggles            a1
  missing: b1 a2
In the picture: the lamps your rule lights are amber; a red ring marks one it should light
and does not, a red cross one it lights and should not; the dot is the pressed lamp.
"""

from __future__ import annotations

from typing import Any

from ..demo.game import cell_name, press_mask
from ..pictures import SvgImage, SvgPainter
from .exercises import Exercise, Explanation, check, exercise, register

__all__ = ["mask_picture"]


def _cells(size: int, mask: int) -> list[str]:
    return [cell_name(*divmod(i, size)) for i in range(size * size) if mask >> i & 1]


def mask_picture(size: int, pressed: tuple[int, int], expected: int, got: int | None) -> SvgImage:
    """The board after one press on a dark board: the learner's lamps lit, each difference marked."""
    cell, margin = 36, 18
    side = 2 * margin + size * cell
    p = SvgPainter(side, side, background="#1d2330")
    for i in range(size):
        p.text(margin + i * cell + cell / 2, margin / 2, "abcdefghij"[i], size=11, fill="#8a93a6")
        p.text(margin / 2, margin + i * cell + cell / 2, str(i + 1), size=11, fill="#8a93a6")
    for index in range(size * size):
        row, col = divmod(index, size)
        x, y = margin + col * cell + 3, margin + row * cell + 3
        lit = got is not None and got >> index & 1
        should = expected >> index & 1
        p.round_rect(x, y, cell - 6, cell - 6, 6, fill="#ffc21a" if lit else "#3a4254")
        cx, cy = x + (cell - 6) / 2, y + (cell - 6) / 2
        if should and not lit:
            p.circle(cx, cy, cell / 2 - 5, stroke="#ff3b5c", line_width=3)
        elif lit and not should:
            p.line(cx - 9, cy - 9, cx + 9, cy + 9, stroke="#ff3b5c", line_width=3)
            p.line(cx - 9, cy + 9, cx + 9, cy - 9, stroke="#ff3b5c", line_width=3)
        if (row, col) == pressed:
            p.circle(cx, cy, 4, fill="#e0245e", stroke="white", line_width=1.5)
    return SvgImage(p.svg(), "press rule")


def _explain(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    size, row, col = case
    want = _cells(size, expected)
    lines = [f"A press on {cell_name(row, col)} of a {size} × {size} board:",
             f"  the shipped rule toggles {' '.join(want)}"]
    valid = isinstance(got, int) and not isinstance(got, bool)
    if got is not None and not valid:
        lines.append(f"  yours returned {got!r}, which is not a whole number")
    elif got is not None:
        have = _cells(size, got) if got >= 0 else []
        lines.append(f"  yours toggles            {' '.join(have)}" if have else "  yours toggles nothing")
        missing = [c for c in want if c not in have]
        extra = [c for c in have if c not in want]
        if missing:
            lines.append(f"  missing: {' '.join(missing)}")
        if extra:
            lines.append(f"  not neighbours: {' '.join(extra)}")
        if got >= 1 << (size * size):
            lines.append("  (some bits are beyond the last lamp: off the board)")
    lines.append("In the picture: the lamps your rule lights are amber; a red ring marks one it should light\n"
                 "and does not, a red cross one it lights and should not; the dot is the pressed lamp.")
    shown = got if valid and got is not None and got >= 0 else None
    return Explanation(lines, mask_picture(size, (row, col), expected, shown))


register(Exercise(
    "lights_out.press_mask", press_mask,
    cases=lambda: [(n, r, c) for n in range(2, 7) for r in range(n) for c in range(n)],
    explain=_explain,
))
