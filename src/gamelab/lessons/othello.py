"""The Othello lesson's exercises: STEP 7–11 of 「jQueryでオセロをつくる Part.2」, each checked against the shipped step.

=========================  ====  =====================================================================
exercise                   STEP  the learner writes
=========================  ====  =====================================================================
``othello.squares_to_edge``  7   ``$.checkIndex``: the squares to the edge in the 8 directions
``othello.check_stone``      7   ``$.checkStone``: one direction, walking with steps ±1, ±8, ±7, ±9
``othello.reverse_stones``   8   the ``while(--i>0)`` loop: flip the sandwiched stones walking back
``othello.place_stone``      8   the click: every direction checked with flipping, the stone put down
``othello.can_move``         9   ``$.allcheck``: can this color play anywhere?
``othello.next_turn``        9   the turn change: whose turn, a pass (白は置けません。黒の番です。) or the end
``othello.game_over``       10   the end: the board is full or neither color can move
``othello.count_stones``    11   the count of each color
``othello.winner``          11   the verdict: 黒の勝ち, 白の勝ち or 引き分け
=========================  ====  =====================================================================

Each check runs the learner's function on its own: the other pieces it calls by name (``squares_to_edge``,
``check_stone``, …) are the shipped ones while it is checked, so only the step under test counts. A
failing case comes back in Othello's words (squares a1…h8, black and white) with the board drawn and the
squares that differ marked. :func:`rules_from` gives a board the learner's pieces (each chosen as
:func:`~gamelab.lessons.use` chooses, all said in one line).

>>> from gamelab.othello.tutorial import squares_to_edge
>>> check(exercise("othello.squares_to_edge")(squares_to_edge)).status
'passed'
>>> def javascript(index):   # the tutorial's own parseInt(7-(index/8)) for "down"
...     edges = squares_to_edge(index)
...     edges["down"] = int(7 - index / 8)
...     return edges
>>> print(repr(check(exercise("othello.squares_to_edge")(javascript))))
✘ othello.squares_to_edge: 49 of 64 cases differ from the shipped version.
From b2 (index 9), the squares between it and the edge:
  direction       shipped  yours
  down ↓                6      5
In the picture: b2 is the dot, and the walk to the edge is numbered (yellow) in each
direction where yours differs; a red ring marks a square yours stops short of.
"""

from __future__ import annotations

import ast
import inspect
import random
import textwrap
from functools import cache
from typing import Any, Callable, Iterable, Sequence

from ..othello import tutorial as t
from ..othello.bitboard import square_name
from ..othello.game import PASS, Othello
from ..othello.picture import MARK, OthelloPicture, OthelloUI
from ..pictures import SvgImage, SvgPainter
from .exercises import Exercise, Explanation, check, exercise, register, registry, use_all  # noqa: F401 (examples)

__all__ = ["board_picture", "rules_from", "positions", "ARROWS", "PASS_GAME", "WHOLE_GAME"]

Board = tuple["t.Color | None", ...]

#: The tutorial's direction names drawn as arrows, for reports.
ARROWS: dict[str, str] = {"left": "←", "right": "→", "up": "↑", "down": "↓",
                          "leftup": "↖", "rightup": "↗", "leftdown": "↙", "rightdown": "↘"}

#: The width a report's lines are wrapped to (the picture beside them is 376 pixels wide).
WIDTH = 92


def _legend(placed: int, on_board: bool, missing: Sequence[int], extra: Sequence[int], walk: str = "",
            focus: str = "") -> str:
    """One sentence saying what the marks of this picture mean (only the marks it has)."""
    parts = [f"the dot marks {square_name(placed)}" + ("" if on_board else " (a pale stone: not placed yet)")]
    if walk:
        parts.append(f"yellow squares: {walk}")
    if focus:
        parts.append(f"a blue ring: {focus}")
    if missing:
        parts.append("a red ring: should have changed and did not")
    if extra:
        parts.append("a red cross: changed and should not")
    return "In the picture: " + "; ".join(parts) + "."


def _explained(lines: list[str], picture: SvgImage, marks: int) -> Explanation:
    """The report's lines wrapped to :data:`WIDTH` (a wrapped line keeps its indent, plus two), and
    the picture with the number of differences it marks."""
    wrapped: list[str] = []
    for line in "\n".join(lines).splitlines():
        indent = " " * (len(line) - len(line.lstrip()))
        more = indent + "  " if indent else ""
        wrapped += textwrap.wrap(line, WIDTH, subsequent_indent=more, break_on_hyphens=False) or [""]
    return Explanation(wrapped, picture, marks=marks)


# -- solutions --------------------------------------------------------------------------------------------
def _plain(reference: Callable[..., Any]) -> str:
    """The shipped function's source with its signature written as the notebook's stub writes it (no types).

    >>> print(_plain(t.count_stones).splitlines()[0])
    def count_stones(board):
    """
    source = textwrap.dedent(inspect.getsource(reference))
    node = ast.parse(source).body[0]
    assert isinstance(node, ast.FunctionDef)
    positional = [a.arg for a in node.args.args]
    defaults = [ast.unparse(d) for d in node.args.defaults]
    shown = positional[: len(positional) - len(defaults)]
    shown += [f"{name}={value}" for name, value in zip(positional[len(shown):], defaults)]
    lines = source.splitlines()
    body_start = node.body[0].lineno - 1  # the docstring: the lines above it are the def
    return "\n".join([f"def {node.name}({', '.join(shown)}):", *lines[body_start:]]) + "\n"


# -- pictures ---------------------------------------------------------------------------------------------
class _ReportPicture(OthelloPicture):
    """The lesson's board, a little smaller, for reports and small runs."""

    cell = 40
    frame = 22
    strip = 34


_PICTURE = _ReportPicture()
_RED = "#ff2d55"
#: the ring on the square that decides a shipped answer (the first square of a walk, the closing stone…)
_BLUE = "#4dabf7"


def board_picture(board: Sequence[t.Color | None], *, to_move: t.Color = t.BLACK, placed: int | None = None,
                  placed_color: t.Color | None = None, walk: Iterable[int] = (), labels: dict[int, str] | None = None,
                  missing: Iterable[int] = (), extra: Iterable[int] = (), focus: Iterable[int] = (),
                  framed: bool = False, counts_ringed: bool = False, hints: bool = False,
                  score: bool = False, title: str = "Othello board", png_scale: float = 1.5) -> SvgImage:
    """The tutorial's list board drawn, with marks: the stone being ``placed`` (pale), the squares of a
    ``walk`` (yellow), ``labels`` on squares, a red ring on each square in ``missing``, a red cross on
    each in ``extra`` and a blue ring on each in ``focus``; ``framed`` draws a red frame round the whole
    board and ``counts_ringed`` a red ring round the count strip (with ``score``); ``hints`` dots
    ``to_move``'s legal squares. The picture comes as SVG and as PNG (what a notebook shows before it is
    trusted), ``png_scale`` PNG pixels a picture pixel.

    >>> board_picture(t.start_board(), placed=37, placed_color="black", missing=[36])
    <Othello board>
    """
    state = Othello.from_board(list(board), to_move)
    ui = OthelloUI(hints=hints, labels=dict(labels or {}), highlight=tuple(walk), score=score)
    width, height = _PICTURE.size(state, ui)
    f, c = _PICTURE.frame, _PICTURE.cell
    marks = (tuple(missing), tuple(extra), tuple(focus))

    def centre(index: int) -> tuple[float, float]:
        row, col = divmod(index, 8)
        return f + col * c + c / 2, f + row * c + c / 2

    def paint(p: Any) -> Any:
        _PICTURE.paint(p, state, ui)
        if placed is not None:
            x, y = centre(placed)
            if board[placed] is None:  # not on the board (yet): a pale stone
                color = "#1b1b1b" if placed_color == t.BLACK else "#f4f4f0"
                p.circle(x, y, c * 0.38, fill=color, stroke="#ffd43b", line_width=2.5, alpha=0.6)
            p.circle(x, y, 4, fill=MARK, stroke="white", line_width=1.5)
        ringed, crossed, focused = marks
        for index in focused:
            x, y = centre(index)
            p.circle(x, y, c * 0.36, stroke="#0b3d91", line_width=5.5)  # a dark edge: the ring shows on any square
            p.circle(x, y, c * 0.36, stroke=_BLUE, line_width=3.5)
        for index in ringed:
            x, y = centre(index)
            p.circle(x, y, c * 0.46, stroke=_RED, line_width=3.5)
        for index in crossed:
            x, y = centre(index)
            d = c * 0.32
            p.line(x - d, y - d, x + d, y + d, stroke=_RED, line_width=4)
            p.line(x - d, y + d, x + d, y - d, stroke=_RED, line_width=4)
        if framed:
            p.rect(f - 4, f - 4, 8 * c + 8, 8 * c + 8, stroke=_RED, line_width=4)
        if counts_ringed and score:
            side = 2 * f + 8 * c
            p.round_rect(side / 2 - 100, side + 1, 200, _PICTURE.strip - 2, 12, stroke=_RED, line_width=3)
        return p

    def png() -> tuple[bytes, dict[str, int]]:
        from ..pictures.raster import PngPainter  # Pillow only when a PNG is asked for

        return paint(PngPainter(width, height, scale=png_scale)).png(), {"width": int(width), "height": int(height)}

    return SvgImage(paint(SvgPainter(width, height)).svg(), title, png=png)


def _report_picture(board: Sequence[t.Color | None], **marks: Any) -> SvgImage:
    """:func:`board_picture` for a check's report: a report always shows its PNG, so a sharper one."""
    return board_picture(board, png_scale=2.0, **marks)


def _differences(before: Sequence[Any], expected: Sequence[Any], got: Sequence[Any]) -> tuple[list[int], list[int]]:
    """(squares that should have changed as the shipped step did and did not, squares changed that should not)."""
    missing, extra = [], []
    for i in range(64):
        if expected[i] == got[i]:
            continue
        if got[i] == before[i]:
            missing.append(i)
        else:
            extra.append(i)
    return missing, extra


def _names(indexes: Iterable[int]) -> str:
    return " ".join(square_name(i) for i in indexes) or "none"


def _board_or_none(value: Any) -> list[Any] | None:
    return list(value) if isinstance(value, (list, tuple)) and len(value) == 64 else None


def _yes(value: Any) -> str:
    return "yes" if value else "no"


class _Nothing:
    """What a learner's function returned when it returned nothing (a forgotten ``return``): not the
    ``None`` the checks pass for "it raised", and equal to no answer."""

    def __repr__(self) -> str:
        return "None (nothing returned: a return statement missing?)"

    def __reduce__(self) -> str:
        return "NOTHING"  # the one instance: an answer read back (gamelab.lessons.answers) is this one


NOTHING = _Nothing()


def _answer(value: Any) -> Any:
    """A learner's answer as compared: lists as tuples, ``None`` as :data:`NOTHING`."""
    if value is None:
        return NOTHING
    return tuple(value) if isinstance(value, list) else value


# -- positions for the cases --------------------------------------------------------------------------------
#: The shortest game: white is wiped out after nine moves (black 13, white 0, 51 squares empty).
SHORTEST = "e6 f4 e3 f6 g5 d6 e7 f5 c5"

#: A game of two random players (seed 32) up to its 53rd move, black's g2, after which white cannot move:
#: the lesson's position for a pass (STEP 9).
PASS_GAME = ("d3c3c4c5b5f3b2b4b3a2f5a6e3b1a5f6e6d2g3a4g7f2a3h4f1e2e1g1h3d1a1g6c2g8f4f7c1d6h1h2h7h5c6g5h8"
             "d7e7c7f8e8a7b6g2")
#: The same game to its end (black wins 50–14): the lesson plays it on the learner's nine pieces.
WHOLE_GAME = PASS_GAME + "d8b8h6b7a8g4c8"


@cache
def positions() -> tuple[tuple[Board, t.Color, t.Color | None], ...]:
    """Positions from fixed random games: ``(board, to move, who has just moved or None)``.

    The start, a few positions of every stage of 40 games, every position where a side must pass,
    every final position (full boards, a 32–32 draw, games ended with empty squares), and the shortest
    game's wipe-out.

    >>> len(positions()) > 100, positions()[0][1:]
    (True, ('black', None))
    """
    found: list[tuple[Board, t.Color, t.Color | None]] = [(tuple(t.start_board()), t.BLACK, None)]
    seen = {found[0][0]}

    def keep(game: Othello, mover: t.Color | None) -> None:
        board = tuple(game.board())
        if board not in seen:
            seen.add(board)
            found.append((board, game.to_move, mover))

    for seed in range(40):
        rng = random.Random(seed)
        game = Othello.new()
        while not game.is_over:
            if game.must_pass:
                keep(game, t.opponent(game.to_move))  # the side to move cannot: the mover plays again
                game.play(PASS)
                continue
            mover = game.to_move
            game.play(rng.choice(game.legal_actions()))
            if game.plies in (1, 2, 4, 9, 16, 25, 36, 49) or game.must_pass or game.is_over:
                keep(game, mover)
    shortest = Othello.new()
    for move in SHORTEST.split():
        mover = shortest.to_move
        shortest.play(move)
    keep(shortest, mover)
    return tuple(found)


def _stage(board: Board) -> int:
    return 64 - board.count(None)


@cache
def _line_boards() -> tuple[Board, ...]:
    """Boards for one-direction cases: the start, small hand-made lines to the edge, and three positions of real games."""
    edge: list[t.Color | None] = [None] * 64
    edge[1:8] = [None, t.WHITE, t.WHITE, t.WHITE, t.WHITE, t.WHITE, t.BLACK]  # a line closed on the edge (h1)
    edge[8:16] = [None, t.BLACK, t.BLACK, t.WHITE, t.WHITE, t.WHITE, t.WHITE, t.WHITE]  # a line running off it
    edge[56:64] = [t.WHITE, t.BLACK, t.BLACK, t.BLACK, t.BLACK, t.BLACK, t.BLACK, None]
    corner: list[t.Color | None] = [None] * 64
    for k in range(1, 8):  # a long diagonal and a long column from a1, closed at the far end
        corner[k * 9] = t.WHITE if k < 7 else t.BLACK
        corner[k * 8] = t.BLACK if k < 7 else t.WHITE
    chosen = [p[0] for p in positions() if p[2] is not None]
    middle = [b for b in chosen if 14 <= _stage(b) <= 20][:1] + [b for b in chosen if 34 <= _stage(b) <= 40][:1]
    late = [b for b in chosen if 50 <= _stage(b) <= 56][:1]
    return (tuple(t.start_board()), tuple(edge), tuple(corner), *middle, *late)


_BOUND: dict[int, tuple[Callable[..., Any], Callable[..., Any]]] = {}


def _fresh(cases: Iterable[tuple[Any, ...]]) -> list[tuple[Any, ...]]:
    """The cases of a check that begins now: the learner's functions are bound afresh (their names may have changed)."""
    _BOUND.clear()
    return list(cases)


def _alone(function: Callable[..., Any]) -> Callable[..., Any]:
    """``function`` with the other pieces it calls by name being the shipped ones (the step is checked alone)."""
    if getattr(function, "__module__", None) == t.__name__:
        return function
    hit = _BOUND.get(id(function))
    if hit is None or hit[0] is not function:
        hit = _BOUND[id(function)] = (function, t.shipped_rules().bind(function))
    return hit[1]


# -- STEP 7: squares_to_edge ------------------------------------------------------------------------------
def _walk(index: int, direction: str, steps: int) -> list[int]:
    return [index + k * t.STEP[direction] for k in range(1, steps + 1)]


def _explain_edges(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (index,) = case
    name = square_name(index)
    lines = [f"From {name} (index {index}), the squares between it and the edge:"]
    labels = {index: "●"}
    walk: list[int] = []
    missing: list[int] = []
    extra: list[int] = []
    if got is not None and not isinstance(got, dict):
        lines.append(f"  yours returned {got!r:.60}, not a dict of the 8 directions")
        got = None
    rows = []
    for direction in t.DIRECTIONS:
        want = expected[direction]
        have = got.get(direction) if got is not None else None
        if got is not None and have == want:
            continue
        rows.append((direction, want, have))
        squares = _walk(index, direction, want)
        walk += squares
        labels.update({square: str(k) for k, square in enumerate(squares, 1)})
        if isinstance(have, int) and not isinstance(have, bool) and have < want:
            missing += squares[max(have, 0):]
        elif isinstance(have, int) and not isinstance(have, bool) and have > want:
            extra += [s for s in _walk(index, direction, have)[want:] if 0 <= s < 64]
    lines.append(f"  {'direction':<14}  shipped  {'yours' if got is not None else ''}".rstrip())
    for direction, want, have in rows:
        shown = "" if got is None else ("(missing)" if have is None else f"{have!r:>5}")
        lines.append(f"  {direction + ' ' + ARROWS[direction]:<14}  {want:>7}  {shown}".rstrip())
    if got is not None:
        unknown = sorted(set(got) - set(t.DIRECTIONS), key=str)
        if unknown:
            lines.append(f"  yours also has {', '.join(map(repr, unknown))}: the directions are {', '.join(t.DIRECTIONS)}")
    # a direction where the shipped walk is empty and yours runs off the board has no square to mark:
    # then the square itself is ringed (it lies on that edge)
    focus = [index] if not walk and not extra else []
    legend = f"In the picture: {name} is the dot"
    if walk:
        legend += ", and the walk to the edge is numbered (yellow)"
        legend += " in each direction where yours differs" if got is not None else ""
    if missing:
        legend += "; a red ring marks a square yours stops short of"
    if extra:
        legend += "; a red cross a square yours walks onto past the edge (in another row, or off the board)"
    if focus:
        legend += f"; the blue ring: {name} is on the edge that way, with no square to walk"
    lines.append(legend + ".")
    picture = _report_picture([None] * 64, walk=walk, labels=labels, missing=missing, extra=extra, focus=focus)
    return _explained(lines, picture, len(set(walk)) + len(extra) + len(focus))


def _edge_cases() -> list[tuple[int]]:
    """Every square, the inner ones first: a report then draws a square with a walk in every direction
    before a corner's empty ones."""
    inner = [index for index in range(64) if 0 < index % 8 < 7 and 0 < index // 8 < 7]
    return [(index,) for index in inner + [index for index in range(64) if index not in inner]]


register(Exercise(
    "othello.squares_to_edge", t.squares_to_edge,
    solution=_plain(t.squares_to_edge),
    cases=lambda: _fresh(_edge_cases()),
    run=lambda function, case: _answer(_alone(function)(*case)),
    explain=_explain_edges,
))


# -- STEP 7: check_stone ----------------------------------------------------------------------------------


def _line(board: Sequence[Any], index: int, direction: str, max_steps: int) -> str:
    """The squares walked, in words: ``e5 white, d5 black, c5 empty, …``."""
    words = []
    for square in _walk(index, direction, max_steps):
        words.append(f"{square_name(square)} {board[square] or 'empty'}")
        if board[square] is None:
            break
    return ", ".join(words) if words else f"none: {square_name(index)} is on the edge"


def _why(board: Sequence[Any], index: int, direction: str, max_steps: int, color: t.Color) -> str:
    """Why the shipped check answers as it does, in a few words."""
    squares = _walk(index, direction, max_steps)
    if not squares:
        return "there is no square that way"
    first = squares[0]
    if board[first] is None:
        return f"the first square, {square_name(first)}, is empty"
    if board[first] == color:
        return f"the first square, {square_name(first)}, holds a {color} stone: nothing in between to sandwich"
    for k, square in enumerate(squares[1:], 2):
        if board[square] is None:
            return f"{square_name(square)} is empty before any {color} stone"
        if board[square] == color:
            between = _names(squares[:k - 1])
            return f"{between} {'is' if k == 2 else 'are'} {t.opponent(color)}, closed by {color} on {square_name(square)}"
    return f"the {t.opponent(color)} stones run to the edge with no {color} stone after them"


def _run_check_stone(function: Callable[..., Any], case: tuple[Any, ...]) -> tuple[bool, Board]:
    board, index, direction, max_steps, color, reverse = case
    mine = list(board)
    answer = _alone(function)(mine, index, direction, max_steps, color, reverse)
    return bool(answer), tuple(mine)


@cache
def _check_stone_cases() -> tuple[tuple[Any, ...], ...]:
    """Every empty square of the line boards, every direction, both colors, without flipping; and with
    flipping wherever the first square holds an opponent stone (elsewhere there is nothing to flip)."""
    cases = []
    for number, board in enumerate(_line_boards()):
        for index in range(64):
            if board[index] is not None:
                continue
            edges = t.squares_to_edge(index)
            for direction in t.DIRECTIONS:
                for color in (t.BLACK, t.WHITE):
                    cases.append((board, index, direction, edges[direction], color, False))
                    first = index + t.STEP[direction]
                    if number == 0 or (edges[direction] and board[first] == t.opponent(color)):
                        cases.append((board, index, direction, edges[direction], color, True))
    cases.sort(key=lambda case: case[3] == 0)  # walks of no square (on the edge) last: a report draws a walk first
    return tuple(cases)


def _decider(board: Sequence[Any], index: int, direction: str, max_steps: int, color: t.Color) -> int | None:
    """The square that decides the shipped check's answer (as :func:`_why` says it), or None: no square that way."""
    squares = _walk(index, direction, max_steps)
    for square in squares:
        if board[square] is None or board[square] == color:
            return square
    return squares[-1] if squares else None


def _explain_check_stone(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    board, index, direction, max_steps, color, reverse = case
    name = square_name(index)
    lines = [(f"A {color} stone on {name}, looking {direction} {ARROWS[direction]} "
              f"({max_steps} squares to the edge), reverse={reverse}:"),
             f"  the line: {_line(board, index, direction, max_steps)}",
             f"  the shipped check_stone says {expected[0]}: {_why(board, index, direction, max_steps, color)}"]
    flipped = [i for i in range(64) if board[i] != expected[1][i]]
    if flipped:
        lines.append(f"  and flips {_names(flipped)} to {color}")
    shown = list(expected[1])
    missing: list[int] = []
    extra: list[int] = []
    decider = _decider(board, index, direction, max_steps, color)
    focus = [decider if decider is not None else index]
    why = (f"{square_name(focus[0])}, the square that decides" if decider is not None else
           f"{name} is on the edge: there is no square {direction}")
    if got is not None:
        lines.append(f"  yours says {got[0]}")
        missing, extra = _differences(board, expected[1], got[1])
        if missing:
            lines.append(f"  yours leaves {_names(missing)} as {'it was' if len(missing) == 1 else 'they were'}")
        if extra:
            lines.append(f"  yours changes {_names(extra)}, which should stay as {'it is' if len(extra) == 1 else 'they are'}")
        shown = list(got[1])
    walk = _walk(index, direction, max_steps)
    lines.append(_legend(index, False, missing, extra, walk="the walk to the edge" if walk else "", focus=why))
    picture = _report_picture(shown, placed=index, placed_color=color, walk=walk,
                            missing=missing, extra=extra, focus=focus)
    return _explained(lines, picture, len(missing) + len(extra) + len(focus))


register(Exercise(
    "othello.check_stone", t.check_stone,
    solution=_plain(t.check_stone),
    cases=lambda: _fresh(_check_stone_cases()),
    run=_run_check_stone,
    explain=_explain_check_stone,
    solution_imports="from gamelab.othello.tutorial import STEP",
))


# -- STEP 8: reverse_stones -------------------------------------------------------------------------------
@cache
def _reverse_cases() -> tuple[tuple[Any, ...], ...]:
    """Every line some stone sandwiches on the line boards: (board, index, direction, i, color)."""
    cases = []
    for board, index, direction, max_steps, color, reverse in _check_stone_cases():
        if reverse:
            continue
        walk = _walk(index, direction, max_steps)
        if not t.check_stone(list(board), index, direction, max_steps, color, reverse=False):
            continue
        i = next(k for k, square in enumerate(walk, 1) if k > 1 and board[square] == color)
        cases.append((board, index, direction, i, color))
    return tuple(cases)


def _run_reverse(function: Callable[..., Any], case: tuple[Any, ...]) -> Board:
    board, index, direction, i, color = case
    mine = list(board)
    _alone(function)(mine, index, direction, i, color)
    return tuple(mine)


def _explain_reverse(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    board, index, direction, i, color = case
    name, walk = square_name(index), _walk(index, direction, i)
    lines = [(f"reverse_stones(board, {index}, {direction!r}, {i}, {color!r}): a {color} stone on {name}, "
              f"and the {color} stone {i} squares {direction} {ARROWS[direction]} of it, on {square_name(walk[-1])}:"),
             f"  the stones between, {_names(walk[:-1])}, turn {color} (the shipped version)"]
    yellow = f"the walk from {name} to {square_name(walk[-1])}"
    if got is None:  # it raised: the board as it was, the stones that should turn ringed
        lines.append(f"In the picture: the board before; the dot marks {name} (a pale stone); yellow squares: "
                     f"{yellow}; a red ring: a stone the shipped version turns.")
        return _explained(lines, _report_picture(board, placed=index, placed_color=color, walk=walk,
                                                missing=walk[:-1]), len(walk) - 1)
    missing, extra = _differences(board, expected, got)
    changed = [s for s in range(64) if got[s] != board[s]]
    lines.append(f"  yours turns {_names(changed)}" if changed else "  yours changes nothing")
    if missing:
        lines.append(f"  not turned: {_names(missing)}")
    if extra:
        lines.append(f"  changed but outside the sandwich: {_names(extra)}")
    lines.append(_legend(index, False, missing, extra, walk=yellow))
    return _explained(lines, _report_picture(list(got), placed=index, placed_color=color, walk=walk,
                                            missing=missing, extra=extra), len(missing) + len(extra))


register(Exercise(
    "othello.reverse_stones", t.reverse_stones,
    solution=_plain(t.reverse_stones),
    cases=lambda: _fresh(_reverse_cases()),
    run=_run_reverse,
    explain=_explain_reverse,
    solution_imports="from gamelab.othello.tutorial import STEP",
))


# -- STEP 8: place_stone ----------------------------------------------------------------------------------
@cache
def _place_cases() -> tuple[tuple[Any, ...], ...]:
    boards = [p[0] for p in positions()]
    chosen = [boards[0]] + [b for b in boards if 8 <= _stage(b) <= 60][:: max(1, len(boards) // 8)][:8]
    cases = [(board, index, color) for board in chosen for index in range(64) for color in (t.BLACK, t.WHITE)]
    # the moves that capture first: a report (of an answer that raises, say) then draws a real move
    cases.sort(key=lambda case: not t.can_place(list(case[0]), case[1], case[2]))
    return tuple(cases)


def _run_place(function: Callable[..., Any], case: tuple[Any, ...]) -> tuple[bool, Board]:
    board, index, color = case
    mine = list(board)
    answer = _alone(function)(mine, index, color)
    return bool(answer), tuple(mine)


def _explain_place(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    board, index, color = case
    name = square_name(index)
    lines = [f"place_stone(board, {index}, {color!r}): a {color} stone on {name}"]
    edges = t.squares_to_edge(index)
    capturing = [d for d in t.DIRECTIONS if t.check_stone(list(board), index, d, edges[d], color, reverse=False)]
    flipped = [s for s in range(64) if s != index and expected[1][s] != board[s]]
    if board[index] is not None:
        lines.append(f"  {name} already holds a {board[index]} stone: the shipped place_stone says False, changes nothing")
    elif capturing:
        lines.append(f"  the shipped place_stone says True: it sandwiches "
                     f"{', '.join(d + ' ' + ARROWS[d] for d in capturing)}, puts the stone down and flips {_names(flipped)}")
    else:
        lines.append(f"  the shipped place_stone says False: no direction sandwiches a {t.opponent(color)} line; "
                     "the board stays as it is")
    yellow = "the stones the shipped version flips" if flipped else ""
    if got is None:  # it raised: the board as it was, what the shipped version changes ringed
        ringed = ([index] if expected[1][index] != board[index] else []) + flipped
        focus = [] if ringed else [index]
        parts = [f"the board before; the dot marks {name} (a pale stone)"]
        parts += [f"yellow squares: {yellow}"] if yellow else []
        parts += ["a red ring: a square the shipped version changes"] if ringed else []
        parts += [f"the blue ring: {name}, which the shipped version leaves as it is"] if focus else []
        lines.append("In the picture: " + "; ".join(parts) + ".")
        return _explained(lines, _report_picture(board, placed=index, placed_color=color, walk=flipped,
                                                missing=ringed, focus=focus), len(ringed) + len(focus))
    missing, extra = _differences(board, expected[1], got[1])
    lines.append(f"  yours says {got[0]}")
    if index in missing:
        lines.append(f"  yours does not put the stone on {name}")
    others = [s for s in missing if s != index]
    if others:
        lines.append(f"  yours does not flip {_names(others)}")
    if extra:
        lines.append(f"  yours changes {_names(extra)}, which should stay as {'it is' if len(extra) == 1 else 'they are'}")
    # the boards agree and only the answer differs: the square asked about is what to look at
    focus = [] if missing or extra else [index]
    why = f"{name}, where yours says {got[0]} and the shipped version {expected[0]}" if focus else ""
    shown = list(got[1])
    lines.append(_legend(index, shown[index] is not None, missing, extra, walk=yellow, focus=why))
    return _explained(lines, _report_picture(shown, placed=index, placed_color=color, walk=flipped,
                                            missing=missing, extra=extra, focus=focus),
                      len(missing) + len(extra) + len(focus))


register(Exercise(
    "othello.place_stone", t.place_stone,
    solution=_plain(t.place_stone),
    cases=lambda: _fresh(_place_cases()),
    run=_run_place,
    explain=_explain_place,
))


# -- STEP 9: can_move, next_turn ----------------------------------------------------------------------------
@cache
def _board_cases() -> tuple[Board, ...]:
    """A spread of boards: every stage, passes and ends (about 90)."""
    boards = [p[0] for p in positions()]
    special = [p[0] for p in positions() if t.game_over(list(p[0])) or not t.can_move(list(p[0]), p[1])]
    ordinary = [b for b in boards if b not in special]
    special.sort(key=lambda board: None not in board)  # full boards last: a report draws a telling board first
    return tuple(ordinary[:: 3] + special)


def _bool_run(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    answer = _alone(function)(*[list(a) if isinstance(a, tuple) else a for a in case])
    return bool(answer) if answer is None or isinstance(answer, int) else answer


def _empty(board: Sequence[Any]) -> list[int]:
    return [s for s in range(64) if board[s] is None]


def _explain_can_move(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    board, color = case
    legal = t.legal_squares(list(board), color)
    lines = [(f"Can {color} place a stone anywhere on this board ({_stage(board)} stones, "
              f"{64 - _stage(board)} empty squares)?"),
             f"  the shipped can_move says {expected}: "
             + (f"{color} can play on {_names(legal)}" if legal else f"no empty square sandwiches a {t.opponent(color)} line")]
    if got is not None:
        lines.append(f"  yours says {got!r}")
    if legal:  # where it can play, ringed
        lines.append(f"In the picture: the dots and red rings are {color}'s legal squares.")
        picture = _report_picture(list(board), to_move=color, hints=True, missing=legal)
        return _explained(lines, picture, len(legal))
    empty = _empty(board)
    if empty:
        lines.append(f"In the picture: a red cross on each empty square: a {color} stone there sandwiches nothing.")
        return _explained(lines, _report_picture(list(board), extra=empty), len(empty))
    lines.append("In the picture: the red frame: every square is taken.")
    return _explained(lines, _report_picture(list(board), framed=True, score=True), 1)


register(Exercise(
    "othello.can_move", t.can_move,
    solution=_plain(t.can_move),
    cases=lambda: _fresh([(board, color) for board in _board_cases() for color in (t.BLACK, t.WHITE)]),
    run=_bool_run,
    explain=_explain_can_move,
))


def _run_next_turn(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    board, mover = case
    return _answer(_alone(function)(list(board), mover))


def _said(answer: Any) -> str:
    if isinstance(answer, tuple) and len(answer) == 2 and answer[1] in t.MESSAGES:
        return f"{answer!r}: “{t.message(answer[1])}” ({t.message(answer[1], 'ja')})"
    return repr(answer)


@cache
def _next_turn_cases() -> tuple[tuple[Any, ...], ...]:
    after_moves = [(b, mover) for b, _, mover in positions() if mover is not None]
    passes = [(b, m) for b, m in after_moves if t.next_turn(list(b), m)[0] != t.opponent(m)]
    return tuple(after_moves[:: 3] + passes)


def _explain_next_turn(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    board, mover = case
    other = t.opponent(mover)
    lines = [f"{mover.capitalize()} has just placed a stone (the board below). Who plays next?",
             (f"  {other} can move: {_yes(t.can_move(list(board), other))}; "
              f"{mover} can move: {_yes(t.can_move(list(board), mover))}"),
             f"  the shipped next_turn gives {_said(expected)}"]
    if got is not None:
        lines.append(f"  yours gives {_said(got)}")
    for color in (other, mover):  # the first that can move plays next: its squares ringed
        legal = t.legal_squares(list(board), color)
        if legal:
            passes = f"{other} has no legal square, so " if color == mover else ""
            lines.append(f"In the picture: {passes}the dots and red rings are {color}'s legal squares.")
            return _explained(lines, _report_picture(list(board), to_move=color, hints=True, missing=legal), len(legal))
    empty = _empty(board)
    if empty:
        lines.append("In the picture: a red cross on each empty square: neither color can play there.")
        return _explained(lines, _report_picture(list(board), extra=empty, score=True), len(empty))
    lines.append("In the picture: the red frame: every square is taken.")
    return _explained(lines, _report_picture(list(board), framed=True, score=True), 1)


register(Exercise(
    "othello.next_turn", t.next_turn,
    solution=_plain(t.next_turn),
    cases=lambda: _fresh(_next_turn_cases()),
    run=_run_next_turn,
    explain=_explain_next_turn,
    solution_imports="from gamelab.othello.tutorial import opponent",
))


# -- STEP 10: game_over -------------------------------------------------------------------------------------
def _explain_game_over(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (board,) = case
    empty = _empty(board)
    black, white = (t.legal_squares(list(board), c) for c in (t.BLACK, t.WHITE))
    lines = [(f"Is the game over on this board? {_stage(board)} stones, {len(empty)} empty squares; "
              f"black can move: {_yes(black)}, white can move: {_yes(white)}."),
             f"  the shipped game_over says {expected}"
             + (" (every square is filled)" if not empty else " (neither color can move)" if expected else "")]
    if got is not None:
        lines.append(f"  yours says {got!r}")
    open_squares = sorted(set(black) | set(white))
    if open_squares:
        lines.append("In the picture: a red ring marks each square where black or white can still play.")
        return _explained(lines, _report_picture(list(board), missing=open_squares, score=True), len(open_squares))
    if empty:
        lines.append("In the picture: a red cross on each empty square: neither color can play there.")
        return _explained(lines, _report_picture(list(board), extra=empty, score=True), len(empty))
    lines.append("In the picture: the red frame: every square is taken.")
    return _explained(lines, _report_picture(list(board), framed=True, score=True), 1)


register(Exercise(
    "othello.game_over", t.game_over,
    solution=_plain(t.game_over),
    cases=lambda: _fresh([(board,) for board in _board_cases()] + [(tuple([t.BLACK] * 64),), (tuple([t.WHITE] * 64),)]),
    run=_bool_run,
    explain=_explain_game_over,
))


# -- STEP 11: count_stones, winner ----------------------------------------------------------------------------
def _run_count(function: Callable[..., Any], case: tuple[Any, ...]) -> Any:
    return _answer(_alone(function)(list(case[0])))


def _explain_count(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (board,) = case
    lines = [f"On this board the shipped count_stones gives {expected!r}: {expected[0]} black, {expected[1]} white"]
    if got is not None:
        lines.append(f"  yours gives {got!r}")
    wrong = [c for c, want, k in ((t.BLACK, expected[0], 0), (t.WHITE, expected[1], 1))
             if not (isinstance(got, tuple) and len(got) == 2 and got[k] == want)]
    labels = {}
    for color in wrong:
        labels.update({s: str(n) for n, s in enumerate((s for s in range(64) if board[s] == color), 1)})
    if labels:
        lines.append(f"In the picture: the {' and '.join(wrong)} stones are numbered.")
        return _explained(lines, _report_picture(list(board), labels=labels), len(labels))
    lines.append(f"In the picture: the red frame: there is no {' or '.join(wrong or ['black', 'white'])} stone on the board.")
    return _explained(lines, _report_picture(list(board), framed=True), 1)


register(Exercise(
    "othello.count_stones", t.count_stones,
    solution=_plain(t.count_stones),
    cases=lambda: _fresh([(board,) for board in _board_cases()] + [(tuple([None] * 64),), (tuple([t.WHITE] * 64),)]),
    run=_run_count,
    explain=_explain_count,
))


def _explain_winner(case: tuple[Any, ...], expected: Any, got: Any) -> Explanation:
    (board,) = case
    black, white = t.count_stones(list(board))
    empty = 64 - black - white
    lines = [f"Black {black}, white {white}" + (f" ({empty} squares empty)." if empty else "."),
             f"  the shipped winner gives {expected!r}: {t.message(expected, 'ja')} ({t.message(expected)})"]
    if got is not None:
        known = isinstance(got, str) and got in ("black_wins", "white_wins", "draw")
        hint = (f": {t.message(got, 'ja')}" if known else "" if got is NOTHING else
                " (the keys are 'black_wins', 'white_wins' and 'draw')")
        lines.append(f"  yours gives {got!r}{hint}")
    lines.append(f"In the picture: the counts under the board, ringed in red, decide: black {black}, white {white}.")
    return _explained(lines, _report_picture(list(board), score=True, counts_ringed=True), 1)


@cache
def _winner_cases() -> tuple[tuple[Any, ...], ...]:
    draw = tuple([t.BLACK, t.WHITE] * 32)
    return tuple([(board,) for board in _board_cases()] + [(draw,), (tuple(t.start_board()),)])


register(Exercise(
    "othello.winner", t.winner,
    solution=_plain(t.winner),
    cases=lambda: _fresh(_winner_cases()),
    run=_run_count,
    explain=_explain_winner,
))


# -- the board on the learner's pieces ------------------------------------------------------------------------
def rules_from(*functions: Callable[..., Any], even_if_failing: bool = False) -> t.TutorialRules:
    """The learner's pieces in a :class:`~gamelab.othello.tutorial.TutorialRules`, each chosen as
    :func:`~gamelab.lessons.use` chooses: theirs where its check passes (or, with ``even_if_failing=True``,
    wherever it is written), the shipped one where it does not. Says so in one line (the piece-by-piece
    lines folded under it in a notebook).

    >>> @exercise("othello.count_stones")
    ... def count_stones(board):
    ...     ...
    >>> rules_from(count_stones)
    your pieces: 0 of 1 ✔ · none written yet: the board plays the shipped ones
    <TutorialRules: the shipped pieces>
    >>> @exercise("othello.count_stones")
    ... def count_stones(board):
    ...     return board.count("black"), board.count("white")
    >>> rules_from(count_stones)
    your pieces: 1 of 1 ✔
    <TutorialRules with your count_stones>
    >>> @exercise("othello.count_stones")
    ... def count_stones(board):
    ...     return board.count("white"), board.count("black")   # the wrong way round
    >>> rules_from(count_stones, even_if_failing=True)
    your pieces: 0 of 1 ✔ · yours though failing, on purpose: count_stones
    <TutorialRules with your count_stones>
    """
    names = []
    for function in functions:
        exercise_id = getattr(function, "__exercise__", "")
        if not exercise_id.startswith("othello."):
            raise TypeError(f"{getattr(function, '__name__', function)!r} is not one of the Othello lesson's "
                            "exercises: put @exercise(\"othello.<step>\") on the line above its def")
        names.append(registry()[exercise_id].name)
    chosen = use_all(*functions, even_if_failing=even_if_failing)
    # where the shipped piece was chosen, the rules hold it already
    return t.TutorialRules(**{name: piece for name, piece, function in zip(names, chosen, functions)
                              if piece is function})
