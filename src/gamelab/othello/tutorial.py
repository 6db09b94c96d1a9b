"""The Othello engine the tutorial builds, in Python, one function per step ("jQueryでオセロをつくる Part.2").

This is the code the lesson shows. It keeps the tutorial's model on purpose: the board is a list of 64
squares numbered from the top-left corner (index 8 is the left square of the second row), each holding
``"black"``, ``"white"`` or ``None``; a move is checked by walking out from the square in 8 directions.

* STEP 7 – :func:`squares_to_edge` (``$.checkIndex``) and :func:`check_stone` (``$.checkStone``)
* STEP 8 – :func:`reverse_stones` (the ``while(--i>0)`` loop that flips walking back) and
  :func:`place_stone` (the click: every direction checked with flipping on, the stone put down)
* STEP 9 – :func:`can_move` (``$.allcheck``) and :func:`next_turn` (the turn change, a pass and its message)
* STEP 10 – :func:`game_over`: the board is full or neither side can move ("Game end")
* STEP 11 – :func:`count_stones` and :func:`winner`

The functions call one another by name, as the tutorial's jQuery does (``$.allcheck`` calls
``$.checkIndex`` and ``$.checkStone``). :class:`TutorialRules` holds a set of them, the shipped ones or
a learner's own, and makes those names mean the pieces it holds; :class:`TutorialGame` plays the way the
tutorial's click handler does, on a :class:`TutorialRules`.

>>> game = TutorialGame()
>>> game.click(37)          # f5
"White's turn."
>>> count_stones(game.board)
(4, 1)
"""

from __future__ import annotations

import types
from dataclasses import dataclass, field
from typing import Any, Callable, Literal

__all__ = [
    "BLACK",
    "WHITE",
    "DIRECTIONS",
    "STEP",
    "MESSAGES",
    "Color",
    "Board",
    "CheckStone",
    "start_board",
    "opponent",
    "squares_to_edge",
    "check_stone",
    "reverse_stones",
    "can_place",
    "place_stone",
    "legal_squares",
    "can_move",
    "next_turn",
    "game_over",
    "count_stones",
    "winner",
    "message",
    "perft",
    "PIECES",
    "TutorialRules",
    "shipped_rules",
    "TutorialGame",
]

Color = Literal["black", "white"]
#: 64 squares, index = row * 8 + column, each "black", "white" or None (empty)
Board = list["Color | None"]

BLACK: Color = "black"
WHITE: Color = "white"

#: The tutorial's 8 direction names, in the order its checkIndex lists them.
DIRECTIONS: tuple[str, ...] = ("left", "right", "up", "down", "leftup", "rightup", "leftdown", "rightdown")

#: How far one step in each direction moves along the 64-square list (各方向へマスをチェックしていく際の加減算値):
#: a row is 8 squares long, so up/down are ∓8, and the diagonals are 8 ± 1.
STEP: dict[str, int] = {
    "right": 1,
    "left": -1,
    "up": -8,
    "down": 8,
    "rightup": -7,
    "leftdown": 7,
    "rightdown": 9,
    "leftup": -9,
}

#: Every line the tutorial writes into its message area, in English and in the tutorial's Japanese.
MESSAGES: dict[str, tuple[str, str]] = {
    "black_turn": ("Black's turn.", "黒の番です。"),
    "white_turn": ("White's turn.", "白の番です。"),
    "white_passes": ("White cannot move. Black's turn.", "白は置けません。黒の番です。"),
    "black_passes": ("Black cannot move. White's turn.", "黒は置けません。白の番です。"),
    "game_end": ("Game end", "Game end"),  # the tutorial itself writes this one in English
    "cannot_place": ("You cannot place a stone there.", "そこへは置けません。"),
    "black_wins": ("Black wins", "黒の勝ち"),
    "white_wins": ("White wins", "白の勝ち"),
    "draw": ("Draw", "引き分け"),
}

#: The signature of a one-direction capture check, so a learner's version can replace :func:`check_stone`.
CheckStone = Callable[..., bool]


def start_board() -> Board:
    """The position part 1 of the tutorial sets up: white on 27 and 36, black on 28 and 35.

    >>> board = start_board()
    >>> board[27], board[28], board[35], board[36]
    ('white', 'black', 'black', 'white')
    """
    board: Board = [None] * 64
    board[27], board[28], board[35], board[36] = WHITE, BLACK, BLACK, WHITE
    return board


def opponent(color: Color) -> Color:
    """The other color.

    >>> opponent("black")
    'white'
    """
    return WHITE if color == BLACK else BLACK


def _check_index_range(index: int) -> None:
    # The tutorial only ever passes the index of a clicked square; a Python caller can pass anything.
    if not isinstance(index, int) or not 0 <= index < 64:
        raise ValueError(f"index {index!r} is off the board: squares are numbered 0 to 63")


# -- STEP 7 --------------------------------------------------------------------------------------------
def squares_to_edge(index: int) -> dict[str, int]:
    """How many squares lie between ``index`` and the edge of the board, in each of the 8 directions.

    Mirrors the tutorial's ``$.checkIndex`` (チェック最大マス数取得): left is the column, right is 7 minus
    it, up is the row, down is 7 minus it, and a diagonal is the smaller of its two sides.

    (The tutorial writes down as ``parseInt(7-(index/8))``, which truncates 7 − 1.125 = 5.875 to 5 for
    index 9 and so stops one square short of the bottom row; ``7 - index // 8`` is what it means.)

    >>> squares_to_edge(9)
    {'left': 1, 'right': 6, 'up': 1, 'down': 6, 'leftup': 1, 'rightup': 1, 'leftdown': 1, 'rightdown': 6}
    """
    if not 0 <= index < 64:
        raise ValueError(f"index {index!r} is off the board: squares are numbered 0 to 63")
    left = index % 8
    right = 7 - index % 8
    up = index // 8
    down = 7 - index // 8
    return {
        "left": left,
        "right": right,
        "up": up,
        "down": down,
        "leftup": min(up, left),
        "rightup": min(up, right),
        "leftdown": min(down, left),
        "rightdown": min(down, right),
    }


def check_stone(board: Board, index: int, direction: str, max_steps: int, color: Color, reverse: bool = True) -> bool:
    """Does a ``color`` stone on ``index`` sandwich opponent stones in ``direction``? Flip them if ``reverse``.

    Mirrors the tutorial's ``$.checkStone`` (指定方向へ石をリバースする処理). Walk at most ``max_steps``
    squares: the first must hold an opponent stone; after that, an own stone means a capture, and an
    empty square (or running out of board) means none.

    >>> board = start_board()
    >>> check_stone(board, 37, "left", 5, "black", reverse=False)   # f5 looking left: e5 white, d5 black
    True
    >>> check_stone(board, 37, "up", 4, "black", reverse=False)     # f4 above is empty
    False
    """
    step = STEP[direction]
    for i in range(1, max_steps + 1):
        stone = board[index + i * step]
        if i == 1:  # the first square
            if stone is None or stone == color:
                return False  # nothing there, or our own stone: nothing to sandwich
        elif stone is None:
            return False  # an empty square ends the line before any own stone
        elif stone == color:
            if reverse:
                reverse_stones(board, index, direction, i, color)  # STEP 8
            return True  # an own stone closes the sandwich
    return False  # walked to the edge without meeting an own stone


# -- STEP 8 --------------------------------------------------------------------------------------------
def reverse_stones(board: Board, index: int, direction: str, i: int, color: Color) -> None:
    """Flip the stones between ``index`` and the own stone found ``i`` steps away, walking back towards ``index``.

    Mirrors the tutorial's ``while(--i>0){ … }`` loop in STEP 8.

    >>> board = start_board()
    >>> reverse_stones(board, 37, "left", 2, "black")   # e5 (index 36) becomes black
    >>> board[36]
    'black'
    """
    step = STEP[direction]
    i -= 1
    while i > 0:
        board[index + i * step] = color
        i -= 1


def place_stone(board: Board, index: int, color: Color) -> bool:
    """Put a ``color`` stone on ``index`` if it captures, flipping every sandwiched line; False changes nothing.

    The tutorial's click (クリックしたマスから８方向に向かって挟めるかどうか確認する（挟める場合はリバースする）):
    :func:`check_stone` with flipping on in all 8 directions (``$.each(chkList, …)``), and the stone goes
    down only ``if(ok)``. Every direction is checked even after one has captured: one stone can sandwich
    several lines at once. An occupied square takes no stone (the tutorial removes its click handler).

    >>> board = start_board()
    >>> place_stone(board, 37, "black"), board[36], board[37]
    (True, 'black', 'black')
    """
    if board[index] is not None:
        return False  # a stone is already there
    ok = False
    for direction, max_steps in squares_to_edge(index).items():
        if check_stone(board, index, direction, max_steps, color):
            ok = True  # no early exit: the other directions may capture (and flip) too
    if ok:
        board[index] = color
    return ok


def can_place(board: Board, index: int, color: Color) -> bool:
    """Would a ``color`` stone on the empty square ``index`` capture in at least one direction? Flips nothing.

    >>> can_place(start_board(), 37, "black"), can_place(start_board(), 38, "black")
    (True, False)
    """
    if board[index] is not None:
        return False
    for direction, max_steps in squares_to_edge(index).items():
        if check_stone(board, index, direction, max_steps, color, reverse=False):
            return True
    return False


def legal_squares(board: Board, color: Color) -> list[int]:
    """Every index where ``color`` may place a stone, in increasing order.

    >>> legal_squares(start_board(), "black")
    [19, 26, 37, 44]
    """
    return [index for index in range(64) if can_place(board, index, color)]


# -- STEP 9 --------------------------------------------------------------------------------------------
def can_move(board: Board, color: Color) -> bool:
    """Can ``color`` place a stone anywhere? Stops at the first square that works.

    Mirrors the tutorial's ``$.allcheck`` (全マスチェック): every empty square, every direction,
    :func:`check_stone` without flipping (``reverse:false``).

    >>> can_move(start_board(), "white")
    True
    """
    for index in range(64):
        if board[index] is None:  # only the empty squares
            for direction, max_steps in squares_to_edge(index).items():
                if check_stone(board, index, direction, max_steps, color, reverse=False):
                    return True  # one square is enough: stop looking
    return False


def next_turn(board: Board, mover: Color) -> tuple[Color | None, str]:
    """After ``mover`` has placed a stone: who plays next, and the message key to show.

    The tutorial's turn change (石を持ち変える処理): the opponent if they can move ("White's turn.");
    otherwise the same player again, with "White cannot move. Black's turn." (白は置けません。黒の番です。,
    key ``"white_passes"``); if neither can move, ``None`` and "Game end".

    >>> next_turn(start_board(), "black")
    ('white', 'white_turn')
    """
    other = opponent(mover)
    if can_move(board, other):
        return other, f"{other}_turn"
    if can_move(board, mover):
        return mover, f"{other}_passes"  # the other side cannot move: it passes
    return None, "game_end"


# -- STEP 10 -------------------------------------------------------------------------------------------
def game_over(board: Board) -> bool:
    """Is the game over? Every square is filled, or neither color can place a stone anywhere.

    STEP 10 (すべてマスが碁石で埋まるか、黒白両方の碁石が置ける場所がなくなった時点で終了する).

    >>> game_over(start_board()), game_over(["black"] * 64)
    (False, True)
    """
    if None not in board:
        return True  # every square is filled
    return not can_move(board, "black") and not can_move(board, "white")


# -- STEP 11 -------------------------------------------------------------------------------------------
def count_stones(board: Board) -> tuple[int, int]:
    """``(black, white)``: the stones of each color on the board.

    >>> count_stones(start_board())
    (2, 2)
    """
    return board.count("black"), board.count("white")


def winner(board: Board) -> str:
    """The result's message key: ``"black_wins"``, ``"white_wins"`` or ``"draw"`` (黒の勝ち / 白の勝ち / 引き分け).

    >>> winner(start_board())
    'draw'
    """
    black, white = count_stones(board)
    return "black_wins" if black > white else "white_wins" if black < white else "draw"


def message(key: str, lang: str = "en") -> str:
    """The text of a message key in English (``"en"``) or the tutorial's Japanese (``"ja"``).

    >>> message("white_passes", "ja")
    '白は置けません。黒の番です。'
    """
    english, japanese = MESSAGES[key]
    if lang not in ("en", "ja"):
        raise ValueError(f"language {lang!r} is not available: choose 'en' or 'ja'")
    return japanese if lang == "ja" else english


def perft(board: Board, color: Color, depth: int) -> int:
    """Count the positions ``depth`` plies ahead with this engine (not in the tutorial: a speed yardstick).

    Same convention as :func:`gamelab.othello.bitboard.perft`: a pass uses one ply and a finished game
    is a leaf.

    >>> perft(start_board(), "black", 3)
    56
    """
    if depth == 0:
        return 1
    squares = legal_squares(board, color)
    if not squares:
        if not can_move(board, opponent(color)):
            return 1
        return perft(board, opponent(color), depth - 1)
    total = 0
    for index in squares:
        after = board.copy()
        place_stone(after, index, color)
        total += perft(after, opponent(color), depth - 1)
    return total


# -- the pieces together ---------------------------------------------------------------------------------
#: The functions a :class:`TutorialRules` holds: the tutorial's steps, and two helpers of the game
#: (``can_place`` and ``legal_squares``, one square's and every square's "may I play here?").
PIECES: tuple[str, ...] = ("squares_to_edge", "check_stone", "reverse_stones", "place_stone", "can_place",
                           "legal_squares", "can_move", "next_turn", "game_over", "count_stones", "winner")


class TutorialRules:
    """The tutorial's functions a game plays by: the shipped ones, any of them replaced by your own.

    The functions call one another by name, as the tutorial's ``$.allcheck`` calls ``$.checkIndex``
    and ``$.checkStone``: :func:`place_stone` calls :func:`squares_to_edge` and :func:`check_stone`,
    which calls :func:`reverse_stones`. Here every piece runs with those names meaning the pieces this
    object holds, so your ``check_stone`` calls your ``reverse_stones`` (if you gave one) and the
    shipped ``can_move`` calls your ``check_stone``. The functions themselves are not changed.

    >>> blind = TutorialRules(squares_to_edge=lambda index: dict.fromkeys(DIRECTIONS, 0))  # sees no neighbour
    >>> blind.legal_squares(start_board(), "black"), TutorialRules().legal_squares(start_board(), "black")
    ([], [19, 26, 37, 44])
    >>> blind
    <TutorialRules with your squares_to_edge>
    """

    squares_to_edge: Callable[[int], dict[str, int]]
    check_stone: CheckStone
    reverse_stones: Callable[[Board, int, str, int, Color], None]
    place_stone: Callable[[Board, int, Color], bool]
    can_place: Callable[[Board, int, Color], bool]
    legal_squares: Callable[[Board, Color], list[int]]
    can_move: Callable[[Board, Color], bool]
    next_turn: Callable[[Board, Color], tuple[Color | None, str]]
    game_over: Callable[[Board], bool]
    count_stones: Callable[[Board], tuple[int, int]]
    winner: Callable[[Board], str]

    def __init__(self, **pieces: Callable[..., Any] | None) -> None:
        unknown = sorted(set(pieces) - set(PIECES))
        if unknown:
            raise TypeError(f"TutorialRules has no piece called {', '.join(unknown)}: "
                            f"the pieces are {', '.join(PIECES)}")
        shipped = globals()
        #: the pieces given (the rest are the shipped ones)
        self.yours: tuple[str, ...] = tuple(name for name in PIECES if pieces.get(name) is not None)
        namespaces: dict[int, dict[str, Any]] = {}
        self.pieces: dict[str, Callable[..., Any]] = {
            name: _in_namespace(pieces.get(name) or shipped[name], namespaces) for name in PIECES
        }
        for namespace in namespaces.values():
            namespace.update(self.pieces)
        for name, function in self.pieces.items():
            setattr(self, name, function)

    def bind(self, function: Callable[..., Any]) -> Callable[..., Any]:
        """``function`` running with the names of the pieces meaning this object's pieces.

        >>> def stones(board):
        ...     return sum(count_stones(board))
        >>> TutorialRules(count_stones=lambda board: (10, 20)).bind(stones)(start_board())
        30
        """
        namespaces: dict[int, dict[str, Any]] = {}
        bound = _in_namespace(function, namespaces)
        for namespace in namespaces.values():
            namespace.update(self.pieces)
        return bound

    def __repr__(self) -> str:
        if not self.yours:
            return "<TutorialRules: the shipped pieces>"
        return f"<TutorialRules with your {', '.join(self.yours)}>"


def _in_namespace(function: Callable[..., Any], namespaces: dict[int, dict[str, Any]]) -> Callable[..., Any]:
    """``function`` again, reading its global names from a copy of its module's (one shared copy per module)."""
    if not isinstance(function, types.FunctionType):
        return function  # a builtin or a callable object keeps its own names
    key = id(function.__globals__)
    if key not in namespaces:
        namespaces[key] = dict(function.__globals__)
    copy = types.FunctionType(function.__code__, namespaces[key], function.__name__, function.__defaults__,
                              function.__closure__)
    copy.__kwdefaults__ = function.__kwdefaults__
    copy.__qualname__ = function.__qualname__
    copy.__doc__ = function.__doc__
    copy.__module__ = function.__module__
    copy.__dict__.update(function.__dict__)
    return copy


_SHIPPED: list[TutorialRules] = []


def shipped_rules() -> TutorialRules:
    """The shipped pieces, as one :class:`TutorialRules` (made once)."""
    if not _SHIPPED:
        _SHIPPED.append(TutorialRules())
    return _SHIPPED[0]


@dataclass
class TutorialGame:
    """The tutorial's whole game: a board, the color of the next stone, and the message line.

    :meth:`click` does what clicking a square does in the tutorial, with the pieces of ``rules``
    (default: the shipped ones). ``check`` is a shortcut for ``rules=TutorialRules(check_stone=check)``.

    >>> game = TutorialGame(lang="ja")
    >>> game.click(0)
    'そこへは置けません。'
    """

    lang: str = "en"
    check: CheckStone | None = None
    board: Board = field(default_factory=start_board)
    color: Color | None = BLACK  # nextStone; None once the game has ended
    message: str = ""
    rules: TutorialRules | None = None

    def __post_init__(self) -> None:
        if self.rules is None:
            self.rules = TutorialRules(check_stone=self.check) if self.check is not None else shipped_rules()
        if not self.message:
            self.message = message("black_turn", self.lang)

    @property
    def over(self) -> bool:
        """True after "Game end"."""
        return self.color is None

    def click(self, index: int) -> str:
        """Try to place the next stone on ``index``; returns the new message line.

        >>> TutorialGame().click(19)   # d3
        "White's turn."
        """
        _check_index_range(index)
        rules = self.rules or shipped_rules()
        # region click
        if self.color is None:
            return self.message  # after "Game end" the tutorial's squares no longer respond
        if rules.place_stone(self.board, index, self.color):  # STEP 7–8
            self.color, key = rules.next_turn(self.board, self.color)  # STEP 9–10
            self.message = message(key, self.lang)
            if self.color is None:
                self.message += " – " + message(rules.winner(self.board), self.lang)  # STEP 11
        else:
            self.message = message("cannot_place", self.lang)
        return self.message
        # endregion

    def __str__(self) -> str:
        rows = []
        for row in range(8):
            rows.append(" ".join({BLACK: "X", WHITE: "O", None: "."}[s] for s in self.board[row * 8: row * 8 + 8]))
        return "\n".join(rows) + "\n" + self.message
