"""Othello as a gamelab :class:`~gamelab.game.Game`: the bitboard engine behind text actions.

Squares use the standard Othello names: columns a–h from the left, rows 1–8 from the top, so the start
has black on d5 and e4, white on d4 and e5, and black moves first (d3, c4, f5 and e6 are legal).

Passing. The rules force a player without a legal move to pass. Here a pass is an action of its own,
``"pass"``: when the side to move has no move, ``legal_actions()`` is exactly ``["pass"]``. That keeps
one action per ply (as perft counts them), makes undo step back over a pass like over any move, and
lets a saved game say where the passes were. The play board plays a forced pass by itself and shows
the tutorial's message ("White cannot move. Black's turn."). Transcripts may leave passes out, as
published game records do: :meth:`Othello.play_transcript` inserts a forced pass where one is due.

>>> game = Othello.new()
>>> game.play_transcript("f5d6c3d3c4")
>>> game.to_move, game.score()
('white', (6, 3))
>>> game.play("a1")
Traceback (most recent call last):
...
gamelab.errors.IllegalMove: a1 flips nothing: it touches no black stone
"""

from __future__ import annotations

import re
from typing import Any, Self, Sequence

from .. import checks
from ..errors import IllegalMove, quote
from ..game import Game, check_action_text, register_game
from . import bitboard as bb
from .tutorial import BLACK, WHITE, CheckStone, Color, TutorialRules, message, opponent, shipped_rules

__all__ = ["Othello", "TutorialOthello", "PASS", "parse_transcript"]

#: The text form of a pass.
PASS = "pass"

_TOKEN = re.compile(r"\s*(?:([a-h][1-8])|(pass|pa|--))", re.IGNORECASE)
_SPACES = re.compile(r"\s*")
#: a transcript is at most this long (a whole game with every pass spelled out takes under 600 characters)
MAX_TRANSCRIPT_LENGTH = 2_000
#: a board given as text is at most this long (64 squares, with room for spaces and line breaks)
MAX_BOARD_LENGTH = 1_000
_BOARD_CHARS = {"X": BLACK, "x": BLACK, "B": BLACK, "*": BLACK, "●": BLACK,
                "O": WHITE, "o": WHITE, "W": WHITE, "○": WHITE,
                ".": None, "-": None, "_": None}


def parse_transcript(text: str) -> list[str]:
    """Split a transcript like ``"f5d6c3"`` or ``"f5 d6 pass c3"`` into actions; ValueError quotes the bad part.

    Accepted: square names (any case), ``pass`` (also ``PA`` and ``--``), with or without spaces or commas.

    >>> parse_transcript("F5d6 c3, pass")
    ['f5', 'd6', 'c3', 'pass']
    """
    checks.text("a transcript", text, max_length=MAX_TRANSCRIPT_LENGTH)
    actions: list[str] = []
    cleaned = text.replace(",", " ")
    end = len(cleaned.rstrip())
    position = 0
    while position < end:  # one pass over the text: each step starts where the last token ended
        match = _TOKEN.match(cleaned, position)
        if match is None:
            start = _SPACES.match(cleaned, position).end()  # type: ignore[union-attr]  # \s* always matches
            bad = cleaned[start:start + 2]
            raise ValueError(
                f"transcript {quote(text.strip())}: {bad!r} at character {start + 1} is not a move "
                "(write squares like f5, column a–h then row 1–8, or 'pass')"
            )
        actions.append(match.group(1).lower() if match.group(1) else PASS)
        position = match.end()
    return actions


def _is_transcript(text: str) -> bool:
    try:
        return len(parse_transcript(text)) > 1
    except ValueError:
        return False


def _parse_board(text: str) -> tuple[int, int]:
    """Black and white bitboards from 64 board characters (X/O/., whitespace ignored)."""
    cells = [c for c in text if not c.isspace()]
    if len(cells) != 64:
        raise ValueError(f"a board needs 64 squares (X black, O white, . empty), got {len(cells)}: {quote(text)}")
    black = white = 0
    for index, char in enumerate(cells):
        if char not in _BOARD_CHARS:
            raise ValueError(f"board square {bb.square_name(index)} holds {char!r}: use X (black), O (white) or . (empty)")
        if _BOARD_CHARS[char] == BLACK:
            black |= 1 << index
        elif _BOARD_CHARS[char] == WHITE:
            white |= 1 << index
    return black, white


@register_game
class Othello(Game):
    """An Othello position: the stones, the side to move, and what the last action did.

    ``Othello.new()`` is the standard start; ``Othello.new(board=..., to_move=...)`` sets up any position
    from 64 characters (X black, O white, . empty). Actions are square names (``"f5"``) and ``"pass"``.

    >>> game = Othello.new()
    >>> game.legal_actions()
    ['d3', 'c4', 'f5', 'e6']
    >>> game.play("f5"); game.last_flips
    ['e5']
    """

    name = "othello"

    black: int
    white: int
    to_move: Color
    last_move: int | None  # index of the last stone placed; None at the start and after a pass
    last_flipped: int  # bitboard of the stones the last move turned over
    last_action: str | None
    plies: int

    # -- building ---------------------------------------------------------------------------------
    @classmethod
    def new(cls, board: str | None = None, to_move: str = BLACK, **extra: Any) -> Self:
        """The standard start, or the position ``board`` (64 × X/O/.) with ``to_move`` ("black"/"white") to play.

        >>> print(Othello.new(board="X" + "." * 62 + "O", to_move="white").score())
        (1, 1)
        """
        checks.no_other_settings("Othello", extra, ["board", "to_move"])
        to_move = checks.one_of("to_move", to_move, (BLACK, WHITE))
        game = cls.__new__(cls)
        if board is None:
            game.black, game.white = bb.START_BLACK, bb.START_WHITE
            game.setup = {}
        else:
            game.black, game.white = _parse_board(checks.text("board", board, max_length=MAX_BOARD_LENGTH))
            game.setup = {"board": board, "to_move": to_move}
        if to_move != BLACK:
            game.setup["to_move"] = to_move
        game.to_move = to_move
        game.last_move = None
        game.last_flipped = 0
        game.last_action = None
        game.plies = 0
        return game

    @classmethod
    def from_board(cls, squares: Sequence[Color | None], to_move: str = BLACK) -> Self:
        """The position of a tutorial-engine board (64 squares, as :meth:`board` lists them), ``to_move`` to play.

        >>> from gamelab.othello.tutorial import start_board
        >>> Othello.from_board(start_board()) == Othello.new()
        True
        """
        return cls.new(board="".join({BLACK: "X", WHITE: "O", None: "."}[square] for square in squares), to_move=to_move)

    @classmethod
    def from_transcript(cls, transcript: str) -> Self:
        """The standard start with ``transcript`` played on it (forced passes may be omitted).

        >>> Othello.from_transcript("f5d6c3d3c4").plies
        5
        """
        game = cls.new()
        game.play_transcript(transcript)
        return game

    def copy(self) -> Self:
        clone = self.__class__.__new__(self.__class__)
        clone.__dict__.update(self.__dict__)
        clone.setup = dict(self.setup)
        return clone

    # -- reading ----------------------------------------------------------------------------------
    def sides(self) -> tuple[int, int]:
        """``(stones of the side to move, stones of the other side)`` as bitboards (what a search starts from).

        >>> Othello.new().sides() == (1 << 28 | 1 << 35, 1 << 27 | 1 << 36)
        True
        """
        return (self.black, self.white) if self.to_move == BLACK else (self.white, self.black)

    def stone_at(self, square: int | str) -> Color | None:
        """``"black"``, ``"white"`` or None on a square given by index or name.

        >>> Othello.new().stone_at("d5")
        'black'
        """
        index = bb.parse_square(square) if isinstance(square, str) else square
        bit = 1 << index
        return BLACK if self.black & bit else WHITE if self.white & bit else None

    def board(self) -> list[Color | None]:
        """The 64 squares as the tutorial's list (index 0 = a1, top left).

        >>> Othello.new().board()[27:29]
        ['white', 'black']
        """
        return [self.stone_at(index) for index in range(64)]

    def _legal_for(self, color: Color) -> int:
        """The legal squares of ``color`` as a bitboard (the one place the rules are asked)."""
        player, other = (self.black, self.white) if color == BLACK else (self.white, self.black)
        return bb.legal_moves(player, other)

    def _capture(self, index: int) -> int | None:
        """The stones the side to move would flip by playing the empty square ``index``; None if illegal."""
        flipped = bb.flips(*self.sides(), index)
        return flipped or None

    def legal_moves(self) -> int:
        """The legal squares of the side to move, as a bitboard (0 when it must pass or the game is over)."""
        return self._legal_for(self.to_move)

    def legal_squares(self) -> list[int]:
        """The legal squares of the side to move as indexes, lowest first.

        >>> Othello.new().legal_squares()
        [19, 26, 37, 44]
        """
        return list(bb.squares(self.legal_moves()))

    def legal_actions(self) -> list[str]:
        """Square names of the legal moves; ``["pass"]`` when the side to move must pass; ``[]`` at the end."""
        moves = self.legal_moves()
        if moves:
            return [bb.square_name(index) for index in bb.squares(moves)]
        return [] if self.is_over else [PASS]

    @property
    def must_pass(self) -> bool:
        """True when the side to move has no legal move but the game goes on."""
        return not self._legal_for(self.to_move) and bool(self._legal_for(opponent(self.to_move)))

    @property
    def is_over(self) -> bool:
        """True when neither side can move (STEP 10; a full board is one such case)."""
        return not self._legal_for(self.to_move) and not self._legal_for(opponent(self.to_move))

    def score(self) -> tuple[int, int]:
        """``(black, white)`` stone counts (STEP 11).

        >>> Othello.new().score()
        (2, 2)
        """
        return self.black.bit_count(), self.white.bit_count()

    def winner(self) -> Color | None:
        """The color with more stones once the game is over; None for a draw or a game still going."""
        if not self.is_over:
            return None
        black, white = self.score()
        return BLACK if black > white else WHITE if white > black else None

    @property
    def last_flips(self) -> list[str]:
        """Names of the stones the last move turned over."""
        return [bb.square_name(index) for index in bb.squares(self.last_flipped)]

    def message_key(self) -> str:
        """The tutorial's message for this position, as a key of :data:`~gamelab.othello.tutorial.MESSAGES`.

        After a pass (or when one is due) it is "<color>_passes", at the end "game_end", else whose turn.
        """
        if self.is_over:
            return "game_end"
        if self.must_pass:
            return f"{self.to_move}_passes"
        if self.last_action == PASS:
            return f"{opponent(self.to_move)}_passes"
        return f"{self.to_move}_turn"

    def status(self, lang: str = "en", key: str | None = None) -> str:
        """The message line: the tutorial's message, with the result at the end. ``key`` is the
        :meth:`message_key` when the caller has asked for it already (the rules are not asked twice).

        >>> Othello.new().status("ja")
        '黒の番です。'
        """
        key = self.message_key() if key is None else key
        text = message(key, lang)
        if key == "game_end":
            black, white = self.score()
            text += f" – {message(self.result_key(), lang)} {black}–{white}"
        return text

    def result_key(self) -> str:
        """``"black_wins"``, ``"white_wins"`` or ``"draw"``, by the stones on the board (STEP 11).

        >>> Othello.new().result_key()
        'draw'
        """
        black, white = self.score()
        return "black_wins" if black > white else "white_wins" if white > black else "draw"

    # -- playing ----------------------------------------------------------------------------------
    def play(self, action: str) -> None:
        """Play a square name or ``"pass"``; IllegalMove (position unchanged) if the rules forbid it."""
        check_action_text(action)
        text = action.strip().lower()
        if self.is_over:
            black, white = self.score()
            raise IllegalMove(f"{action!r}: the game is over (black {black}, white {white}); no more moves")
        if text in (PASS, "pa", "--"):
            if not self.must_pass:  # (the game is not over here, so: the side to move has a legal move)
                legal = ", ".join(self.legal_actions())
                raise IllegalMove(f"{self.to_move} cannot pass: {self.to_move} has legal moves ({legal})")
            self._apply_pass()
            return
        try:
            index = bb.parse_square(text)
        except ValueError:
            if len(text) > 2 and _is_transcript(text):
                raise IllegalMove(
                    f"{action!r} is several moves: play them one at a time, or use play_transcript({action!r})"
                ) from None
            raise IllegalMove(
                f"{action!r} is not a move on the board: write a column a–h then a row 1–8 (like f5), or 'pass'"
            ) from None
        self._place(index)  # the game is not over: asked above (once: the rules are asked for it)

    def play_index(self, index: int) -> None:
        """Place a stone of the side to move on square ``index`` (0–63); IllegalMove explains a refusal."""
        if not isinstance(index, int) or not 0 <= index < 64:
            raise IllegalMove(f"square {index!r} is off the board: squares are numbered 0 to 63")
        if self.is_over:
            black, white = self.score()
            raise IllegalMove(f"the game is over (black {black}, white {white}); no more moves")
        self._place(index)

    def _place(self, index: int) -> None:
        """Place a stone on ``index`` (on the board) in a game that is not over; IllegalMove if not legal."""
        name = bb.square_name(index)
        occupant = self.stone_at(index)
        if occupant is not None:
            raise IllegalMove(f"{name} is taken: a {occupant} stone is already there")
        flipped = self._capture(index)
        if flipped is None:
            raise IllegalMove(self._why_no_flip(index))
        player, other = self.sides()
        bit = 1 << index
        player, other = player | flipped | bit, other ^ flipped
        if self.to_move == BLACK:
            self.black, self.white = player, other
        else:
            self.white, self.black = player, other
        self.to_move = opponent(self.to_move)
        self.last_move, self.last_flipped, self.last_action = index, flipped, name
        self.plies += 1

    def _apply_pass(self) -> None:
        self.to_move = opponent(self.to_move)
        self.last_move, self.last_flipped, self.last_action = None, 0, PASS
        self.plies += 1

    def _why_no_flip(self, index: int) -> str:
        """Why a stone on the empty square ``index`` captures nothing, in the player's words."""
        name = bb.square_name(index)
        them = opponent(self.to_move)
        if self.must_pass:
            return f"{name} flips nothing: {self.to_move} has no legal move anywhere and must pass"
        other = self.sides()[1]
        row, col = divmod(index, 8)
        touches = False
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                r, c = row + dr, col + dc
                if (dr or dc) and 0 <= r < 8 and 0 <= c < 8 and other >> (r * 8 + c) & 1:
                    touches = True
        if not touches:
            return f"{name} flips nothing: it touches no {them} stone"
        return f"{name} flips nothing: no line of {them} stones from {name} ends in a {self.to_move} stone"

    def play_transcript(self, transcript: str) -> None:
        """Play every move of ``transcript`` (e.g. ``"f5d6c3d3c4"``), inserting forced passes.

        All or nothing: if a move is refused, ValueError names it and the position is unchanged.
        """
        actions = parse_transcript(transcript)
        trial = self.copy()
        for number, action in enumerate(actions, 1):
            if action != PASS and trial.must_pass:
                trial.play(PASS)
            try:
                trial.play(action)
            except IllegalMove as exc:
                raise IllegalMove(f"transcript move {number} {action!r} is refused: {exc}") from None
        self.__dict__.update(trial.__dict__)

    # -- text -------------------------------------------------------------------------------------
    def board_text(self, hints: bool = False) -> str:
        """The board as text: X black, O white, . empty, and ``*`` on legal squares if ``hints``.

        >>> print(Othello.new().board_text(hints=True).splitlines()[3])
        3 . . . * . . . .
        """
        legal = self.legal_moves() if hints else 0
        lines = ["  a b c d e f g h"]
        for row in range(8):
            cells = []
            for col in range(8):
                bit = 1 << (row * 8 + col)
                cells.append("X" if self.black & bit else "O" if self.white & bit else "*" if legal & bit else ".")
            lines.append(f"{row + 1} " + " ".join(cells))
        return "\n".join(lines)

    def __str__(self) -> str:
        black, white = self.score()
        if self.is_over:
            tail = "game over"
        else:
            tail = f"{self.to_move} to move" + (" (must pass)" if self.must_pass else "")
        return f"{self.board_text()}\nX black {black}, O white {white}; {tail}"

    def _repr_svg_(self) -> str:
        # Lazy: the engine stays free of drawing code until a notebook asks for a picture.
        from .picture import OthelloPicture, OthelloUI

        return OthelloPicture().svg(self, OthelloUI(hints=True))

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        # Beside the SVG: what a notebook shows before it is trusted, and what GitHub shows.
        from .picture import OthelloPicture, OthelloUI

        return OthelloPicture().png_bundle(self, OthelloUI(hints=True))

    def __repr__(self) -> str:
        black, white = self.score()
        return f"<Othello ply {self.plies}: black {black}, white {white}, {self.to_move} to move>"

    def __eq__(self, other: object) -> bool:
        """Same stones and same side to move (how the position was reached does not matter)."""
        if not isinstance(other, Othello):
            return NotImplemented
        return (self.black, self.white, self.to_move) == (other.black, other.white, other.to_move)


@register_game
class TutorialOthello(Othello):
    """Othello decided by the tutorial's engine: the pieces of a :class:`~gamelab.othello.tutorial.TutorialRules`.

    Every rule question goes through the tutorial's functions, so a learner's own pieces can be played
    with on the same board: the legal squares (``legal_squares``, on ``squares_to_edge`` and
    ``check_stone``), a move (``place_stone``), the pass after a move (``next_turn``) or at the start
    (``can_move``), the end (``game_over``), the score (``count_stones``) and the result (``winner``).
    ``check`` is a shortcut for ``rules=TutorialRules(check_stone=check)``. A check that accepts a move
    which captures nothing lets the stone be placed anyway, flipping nothing: exactly what that bug would
    do in the tutorial's page.

    >>> game = TutorialOthello.new()
    >>> game.play("f5"); game.last_flips
    ['e5']
    """

    name = "othello-tutorial"
    rules: TutorialRules

    @classmethod
    def new(cls, board: str | None = None, to_move: str = BLACK, check: CheckStone | None = None,
            rules: TutorialRules | None = None, **extra: Any) -> Self:
        if check is not None and not callable(check):
            raise ValueError(f"check must be a capture check, a function like check_stone, not {quote(check)}; "
                             "a saved game cannot hold one (it replays with the tutorial's)")
        if rules is not None and not isinstance(rules, TutorialRules):
            raise ValueError(f"rules must be a TutorialRules (the tutorial's pieces), not {quote(rules)}; "
                             "a saved game cannot hold them (it replays with the tutorial's)")
        game = super().new(board, to_move, **extra)
        # not part of setup: functions are not JSON (a reloaded game plays by the shipped pieces)
        if rules is None:
            rules = TutorialRules(check_stone=check) if check is not None else shipped_rules()
        game.rules = rules
        return game

    @property
    def check(self) -> CheckStone:
        """The one-direction capture check in use."""
        return self.rules.check_stone

    def _legal_for(self, color: Color) -> int:
        return sum(1 << index for index in self.rules.legal_squares(self.board(), color))

    def _capture(self, index: int) -> int | None:
        before = self.board()
        after = before.copy()
        if not self.rules.place_stone(after, index, self.to_move):
            return None
        them = opponent(self.to_move)
        # Only opponent stones that changed count as flips, whatever a faulty piece wrote elsewhere.
        return sum(1 << i for i in range(64) if before[i] == them and after[i] != them)

    @property
    def is_over(self) -> bool:
        """STEP 10: the rules' ``game_over`` (the board is full, or neither side can move)."""
        return bool(self.rules.game_over(self.board()))

    @property
    def must_pass(self) -> bool:
        """STEP 9: after a stone, the rules' ``next_turn`` hands the turn back to its player; else ``can_move``."""
        if self.is_over:
            return False
        if self.last_action is not None and self.last_action != PASS:
            mover = opponent(self.to_move)
            return self.rules.next_turn(self.board(), mover)[0] == mover
        return not self.rules.can_move(self.board(), self.to_move)

    def message_key(self) -> str:
        """At the end "game_end"; after a stone, the message of the rules' ``next_turn``; else as in
        :meth:`Othello.message_key`."""
        if self.is_over or self.last_action is None or self.last_action == PASS:
            return super().message_key()
        return self.rules.next_turn(self.board(), opponent(self.to_move))[1]

    def score(self) -> tuple[int, int]:
        """STEP 11: the rules' ``count_stones``."""
        black, white = self.rules.count_stones(self.board())
        return black, white

    def result_key(self) -> str:
        """STEP 11: the rules' ``winner``."""
        return self.rules.winner(self.board())
