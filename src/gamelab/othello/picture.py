"""How an Othello board looks: green cloth, black lines, four star points, shaded stones and markers.

One drawing serves every use: the play board's canvas and static SVG pictures in the lesson, of
positions and of the tutorial engine's list boards (:meth:`Othello.from_board <gamelab.othello.Othello.from_board>`).
An :class:`~gamelab.othello.controls.OthelloUI` chooses what is marked (hints, flips, labels, highlight,
score strip). Clicks land on :class:`~gamelab.othello.controls.Square` targets.

>>> from gamelab.othello import Othello
>>> OthelloPicture().svg(Othello.new()).startswith("<svg")
True
>>> from gamelab.othello.tutorial import start_board
>>> OthelloPicture().image(Othello.from_board(start_board()), OthelloUI(labels={0: "0"}))
<OthelloPicture>
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Mapping, Sequence

from ..pictures import Painter, Picture
from .bitboard import squares
from .game import Othello
from .tutorial import BLACK, WHITE, Color

__all__ = ["Square", "OthelloUI", "OthelloPicture"]


@dataclass(frozen=True)
class Square:
    """Click target: the square ``index`` (0 = a1 at the top left, 63 = h8), with or without a stone."""

    index: int


@dataclass(frozen=True)
class OthelloUI:
    """What the picture marks besides the stones (the play board uses ``hints``; lessons use the rest).

    * ``hints`` – dots of the mover's color, ringed in the other, on the legal squares
    * ``flips`` – rings on the stones the last move turned over
    * ``labels`` – text on squares, ``{index: "3"}`` (the lesson writes edge distances this way)
    * ``highlight`` – squares outlined in yellow, ``[index, …]`` (a direction being walked)
    * ``score`` – the strip under the board with the stone counts and whose turn it is
    * ``note`` – the play board's word on a forced pass earlier in the computer's reply, a message key
      (``"white_passes"``) the status line says until a person moves (the picture does not draw it)
    """

    hints: bool = False
    flips: bool = True
    labels: Mapping[int, str] = field(default_factory=dict)
    highlight: Sequence[int] = ()
    score: bool = True
    note: str = ""

CLOTH = "#1f7d48"
CLOTH_DARK = "#1b7342"
LINE = "#0b3d20"
FRAME = "#5b3a1e"
FRAME_LIGHT = "#7a5230"
LABEL = "#f1e6c8"
MARK = "#e0245e"
HIGHLIGHT = "#ffd43b"


class OthelloPicture(Picture[Othello]):
    """An 8 × 8 board of ``cell``-pixel squares in a wooden frame with coordinates, and a score strip below."""

    background = "#f7f3ea"
    cell = 46  # the whole board (460 px with its count strip), status and buttons fit a laptop's notebook area
    frame = 26
    strip = 40

    def size(self, state: Othello, ui: OthelloUI | None = None) -> tuple[int, int]:
        side = 2 * self.frame + 8 * self.cell
        return side, side + (self.strip if (ui if ui is not None else OthelloUI()).score else 0)

    def draw(self, p: Painter, state: Othello, ui: OthelloUI | None = None) -> None:
        ui = ui if ui is not None else OthelloUI()
        f, c = self.frame, self.cell
        side = 2 * f + 8 * c
        p.round_rect(0, 0, side, side, 10, fill=FRAME, stroke="#3e2712", line_width=2)
        p.round_rect(4, 4, side - 8, side - 8, 8, stroke=FRAME_LIGHT, line_width=2)
        for i in range(8):
            p.text(f + i * c + c / 2, f / 2 + 1, "abcdefgh"[i], size=13, fill=LABEL, bold=True)
            p.text(f / 2, f + i * c + c / 2, str(i + 1), size=13, fill=LABEL, bold=True)
        p.rect(f, f, 8 * c, 8 * c, fill=CLOTH)
        for index in range(64):
            row, col = divmod(index, 8)
            x, y = f + col * c, f + row * c
            # a faint checker of two greens makes the squares easy to count without shouting
            p.rect(x, y, c, c, fill=CLOTH_DARK if (row + col) % 2 else CLOTH, target=Square(index))
        for i in range(9):
            p.line(f + i * c, f, f + i * c, f + 8 * c, stroke=LINE, line_width=1.5)
            p.line(f, f + i * c, f + 8 * c, f + i * c, stroke=LINE, line_width=1.5)
        for gx, gy in ((2, 2), (6, 2), (2, 6), (6, 6)):  # the star points at the corners of the centre
            p.circle(f + gx * c, f + gy * c, 4, fill=LINE)

        for index in ui.highlight:
            row, col = divmod(index, 8)
            p.rect(f + col * c + 2, f + row * c + 2, c - 4, c - 4, stroke=HIGHLIGHT, line_width=3)

        flipped = state.last_flipped if ui.flips else 0
        for index in range(64):
            stone = state.stone_at(index)
            if stone is not None:
                row, col = divmod(index, 8)
                self._stone(p, f + col * c + c / 2, f + row * c + c / 2, stone, index)
                if flipped >> index & 1:
                    ring = "#ffb000"
                    p.circle(f + col * c + c / 2, f + row * c + c / 2, c * 0.43, stroke=ring, line_width=2.5)

        if state.last_move is not None:
            row, col = divmod(state.last_move, 8)
            p.circle(f + col * c + c / 2, f + row * c + c / 2, 5, fill=MARK, stroke="white", line_width=1.5)

        over = (ui.hints or ui.score) and state.is_over  # asked once: the dots and the strip both need it
        if ui.hints and not over:
            # a dot of the mover's color with a ring of the other, so it stands out on the green cloth
            color, ring = ("#111111", "#f4f4f0") if state.to_move == BLACK else ("#fafafa", "#111111")
            for index in squares(state.legal_moves()):
                row, col = divmod(index, 8)
                p.circle(f + col * c + c / 2, f + row * c + c / 2, c * 0.13, fill=color, stroke=ring, line_width=2)

        for index, label in ui.labels.items():
            row, col = divmod(index, 8)
            cx, cy = f + col * c + c / 2, f + row * c + c / 2
            stone = state.stone_at(index)
            p.text(cx, cy + 1, str(label), size=17, bold=True,
                   fill="#111111" if stone == WHITE else "#ffffff")

        if ui.score:
            self._score_strip(p, state, side, over)

    def _stone(self, p: Painter, cx: float, cy: float, stone: Color, index: int) -> None:
        r = self.cell * 0.40
        p.circle(cx + 1.5, cy + 2.5, r, fill="#000000", alpha=0.35)  # shadow on the cloth
        if stone == BLACK:
            p.circle(cx, cy, r, fill="#1b1b1b", stroke="#000000", line_width=1, target=Square(index))
            p.circle(cx - r * 0.3, cy - r * 0.35, r * 0.35, fill="#ffffff", alpha=0.12)
        else:
            p.circle(cx, cy, r, fill="#f4f4f0", stroke="#9a9a92", line_width=1, target=Square(index))
            p.circle(cx + r * 0.12, cy + r * 0.15, r * 0.8, fill="#d8d8d0", alpha=0.5)
            p.circle(cx - r * 0.25, cy - r * 0.3, r * 0.45, fill="#ffffff", alpha=0.9)

    def _score_strip(self, p: Painter, state: Othello, side: int, over: bool) -> None:
        black, white = state.score()
        y = side + self.strip / 2
        for color, count, x in ((BLACK, black, side / 2 - 70), (WHITE, white, side / 2 + 30)):
            if not over and state.to_move == color:  # whose turn: a yellow pill
                p.round_rect(x - 20, y - 16, 88, 32, 16, fill="#ffe9a8", stroke="#d9a400", line_width=1.5)
            if over and count > (white if color == BLACK else black):  # the winner: a green pill
                p.round_rect(x - 20, y - 16, 88, 32, 16, fill="#c9f2d4", stroke="#2f9e55", line_width=1.5)
            p.circle(x, y, 11, fill="#1b1b1b" if color == BLACK else "#f4f4f0",
                     stroke="#000000" if color == BLACK else "#8a8a84", line_width=1)
            p.text(x + 20, y + 1, str(count), size=18, bold=True, fill="#222222", align="left")

