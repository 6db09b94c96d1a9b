"""Othello as a playable board: two players, you against the computer (either color), or computer against
computer.

Click a square to play it. A forced pass is played by the board itself, with the tutorial's message
("White cannot move. Black's turn."); at the end the status line gives the result. Undo takes back
your move together with the computer's reply.

>>> board = OthelloBoard(mode="vs-computer", computer="white", level=4, seed=0)  # the last line of a cell shows it
>>> board.game.to_move
'black'
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Hashable

from .. import checks
from ..controls import Response
from ..widgets import BoardSpec, Button, PlayBoard, Progress, Setting, Work
from . import controls
from .ai import LEVELS, Player, player_for_level
from .controls import MODES
from .game import PASS, Othello, TutorialOthello
from .picture import OthelloPicture, OthelloUI
from .tutorial import BLACK, WHITE, CheckStone, Color, TutorialRules, message

__all__ = ["OthelloBoard", "OthelloSpec", "MODES"]

THINKING = "The computer is thinking"


class OthelloSpec(BoardSpec[Othello, OthelloUI]):
    """The Othello board's side: the settings (``mode``, ``computer``, ``level``, ``lang``), its menus, and
    the computer's moves, which the board plays by itself (:meth:`automatic`) as long work: the search
    runs on a copy of the position, with the settings of the moment it began, and calls
    :func:`gamelab.work.checkpoint`, so Stop ends it."""

    title = "OthelloBoard"
    picture = OthelloPicture()
    action_sound = "place"
    # Folded under "Settings ▾", so the board, its status and its main buttons fit one screen (1036 × 647 px:
    # JupyterLab at 1366 × 768 with the file browser open).
    settings = (Setting("mode", "Mode", tuple((label, key) for key, label in MODES.items()), width="260px"),
                Setting("computer", "You play", (("Black (first)", WHITE), ("White", BLACK)), width="200px",
                        shown=lambda spec: spec.mode == "vs-computer"),
                Setting("level", "Level", tuple((f"{n}: {text}", n) for n, (text, _) in LEVELS.items()),
                        width="300px", shown=lambda spec: spec.mode != "two-players"),
                Setting("hints", "Show legal moves", in_ui=True, width="150px"),
                Setting("lang", "", (("English", "en"), ("日本語", "ja")), toggle=True))
    settings_tooltip = "The mode, your color, the computer's level, the legal-move dots and the language"

    def __init__(self, mode: str = "vs-computer", *, computer: str = WHITE, level: int = 4, hints: bool = True,
                 lang: str = "en", seed: int = 0, check: CheckStone | None = None,
                 rules: TutorialRules | None = None, start: Othello | None = None) -> None:
        checks.one_of("mode", mode, tuple(MODES))
        checks.one_of("computer", computer, (BLACK, WHITE))
        checks.whole("level", level, low=min(LEVELS), high=max(LEVELS))
        checks.flag("hints", hints)
        checks.one_of("lang", lang, ("en", "ja"))
        checks.seed("seed", seed)
        checks.function("check", check)
        checks.instance("rules", rules, TutorialRules, "the rules rules_from(...) gives")
        checks.instance("start", start, Othello, "an Othello position")
        self.check = check
        self.rules = rules if rules is not None or check is None else TutorialRules(check_stone=check)
        self.rng = random.Random(seed)
        self.mode, self.level, self.lang = mode, level, lang
        self.computer: Color = WHITE if computer == WHITE else BLACK  # (a menu's choice: checked by the board)
        self._player: tuple[int, Player] = (level, player_for_level(level, self.rng))
        self._hints = hints  # the first game's dots; the board keeps them from game to game (a setting in ui)
        self._start = start
        both = self._both_sides
        self.buttons = (Button("step", "Step", "Let the computer play the next move", self._step, shown=both),
                        Button("run", "Run to end", "Let the computer play until the game ends", self._run_to_end,
                               shown=both))

    @property
    def player(self) -> Player:
        """The computer player of the level set now."""
        if self._player[0] != self.level:
            self._player = (self.level, player_for_level(self.level, self.rng))
        return self._player[1]

    # -- the game ------------------------------------------------------------------------------------
    def first_game(self) -> Othello:
        return self._position(self._start)

    def new_game(self, game: Othello, progress: Progress) -> Othello:
        return self._position(None)

    def _position(self, start: Othello | None) -> Othello:
        if self.rules is None:
            return start.copy() if start is not None else Othello.new()
        if start is None:
            return TutorialOthello.new(rules=self.rules)
        position = TutorialOthello.from_board(start.board(), start.to_move)
        position.rules = self.rules
        return position

    def make_ui(self, game: Othello) -> OthelloUI:
        return OthelloUI(hints=self._hints)

    @staticmethod
    def _both_sides(spec: OthelloSpec) -> bool:
        """Step and Run to end: of use only when the computer plays both sides (against you Step would
        play your move)."""
        return spec.mode == "computer-vs-computer"

    def describe(self, game: Othello, ui: OthelloUI) -> str:
        return f"OthelloBoard {self.mode}"

    def status(self, game: Othello, ui: OthelloUI) -> str:
        """The tutorial's message for the position, with whose turn it is and the result at the end."""
        key = game.message_key()
        text = game.status(self.lang, key)
        vs_computer = self.mode == "vs-computer"
        if key == "game_end":
            black, white = game.score()
            if vs_computer and black != white:
                text += ". You win!" if (black > white) != (self.computer == BLACK) else ". The computer wins."
            return text
        if ui.note and game.last_action != PASS:
            text = f"{message(ui.note, self.lang)} {text}"
        if vs_computer and game.to_move != self.computer:
            text += f" (you are {'black' if self.computer == WHITE else 'white'})"
        return text

    # -- input and turns -------------------------------------------------------------------------------
    def click(self, game: Othello, ui: OthelloUI, target: Hashable | None) -> Response[OthelloUI] | None:
        return controls.click(game, ui, target, mode=self.mode, computer=self.computer)

    def key(self, game: Othello, ui: OthelloUI, key: str) -> Response[OthelloUI] | None:
        """``h`` shows or hides the legal-move dots; ``s`` lets the computer play a move (as Step does)."""
        return controls.key(game, ui, key, mode=self.mode)

    def after(self, before: Othello, game: Othello, action: str) -> Response[OthelloUI] | None:
        return Response(sound=controls.end_sound(game, self.mode, self.computer)) if game.is_over else None

    def automatic(self, game: Othello, ui: OthelloUI) -> Response[OthelloUI] | None:
        """A forced pass (with its note), or the computer's reply as long work."""
        if game.must_pass:
            return Response(action=PASS, ui=replace(ui, note=f"{game.to_move}_passes"))
        if controls.computer_moves(game, self.mode, self.computer):
            # (your stone goes to the page before the search starts: the board sends the frame of an action
            # before any work that follows it)
            return Response(work=self._thinking(game, chain=True, one_move=True))  # (its turn: asked just now)
        return None

    def players_turn(self, game: Othello) -> bool:
        return not (game.must_pass or controls.computer_moves(game, self.mode, self.computer))

    def _thinking(self, game: Othello, **how: bool) -> Work[list[str]]:
        """The computer's line from ``game`` as long work: played on a copy, with the settings of now."""
        trial, mode, computer, player, rng = game.copy(), self.mode, self.computer, self.player, self.rng

        def choose(position: Othello) -> str:
            action = player.choose(position)
            legal = position.legal_actions()
            # A learner's capture check can make the rules differ from the ones the computer searched.
            return action if action in legal else rng.choice(legal)

        def run(progress: Progress) -> list[str]:
            return controls.automatic_line(trial, choose, mode=mode, computer=computer, **how)

        def then(line: list[str], now: Othello, ui: OthelloUI) -> Response[OthelloUI] | None:
            if now is not game or not line:
                return None  # the game moved on meanwhile (a cell can move it): this line is old news
            note = controls.pass_note(game.to_move, line, ui.note)
            return Response(line=tuple(line), ui=replace(ui, note=note) if note != ui.note else None)

        return Work(THINKING, run, then)

    def _step(self, game: Othello, ui: OthelloUI) -> Response[OthelloUI]:
        """Step: the computer plays one move for the side to move (then any forced pass)."""
        if game.is_over:
            return Response(message=self.status(game, ui))
        return Response(ui=replace(ui, note=""), work=self._thinking(game, chain=self.mode == "vs-computer",
                                                                     one_move=True))

    def _run_to_end(self, game: Othello, ui: OthelloUI) -> Response[OthelloUI]:
        """Run to end: the computer plays both sides until the game is over."""
        if game.is_over:
            return Response(message=self.status(game, ui))
        return Response(ui=replace(ui, note=""), work=self._thinking(game, chain=False, both_sides=True))

    def run_to_end(self) -> None:
        """The computer plays both sides until the game is over (long work at the strongest levels)."""
        self.board.command("run")

    # -- settings: the board shows them (folded under Settings) and keeps them in step --------------------
    def changed(self, name: str, game: Othello, ui: OthelloUI) -> Response[OthelloUI] | None:
        # a change of mode makes an earlier pass note old news (the board then plays what is now its own)
        return Response.update(replace(ui, note="")) if name == "mode" else None

    # the commands a cell calls (the menus do the same through the board)
    def set_mode(self, mode: str) -> None:
        """Switch between :data:`MODES` without restarting the game."""
        self.board.set("mode", mode)

    def set_computer(self, color: str) -> None:
        """The computer's color in "vs-computer" mode; if it is now the computer's turn, it plays."""
        self.board.set("computer", color)

    def set_level(self, level: int) -> None:
        """The computer's strength, 1 to 6."""
        self.board.set("level", level)

    def set_hints(self, on: bool) -> None:
        """Show or hide the dots on the legal squares."""
        self.board.set("hints", bool(on))

    def set_lang(self, lang: str) -> None:
        """Messages in English ("en") or in the tutorial's Japanese ("ja")."""
        self.board.set("lang", lang)


def OthelloBoard(mode: str = "vs-computer", *, computer: str = WHITE, level: int = 4, hints: bool = True,
                 lang: str = "en", seed: int = 0, check: CheckStone | None = None,
                 rules: TutorialRules | None = None, start: Othello | None = None,
                 **options: Any) -> PlayBoard[Othello, OthelloUI]:
    """The Othello play board (see :class:`OthelloSpec`).

    ``mode`` is one of :data:`MODES`; ``computer`` the computer's color in ``"vs-computer"``; ``level``
    its strength (1–6, see :data:`gamelab.othello.ai.LEVELS`); ``hints`` shows the legal squares;
    ``lang`` is ``"en"`` or ``"ja"`` for the tutorial's messages. ``rules`` (a
    :class:`~gamelab.othello.tutorial.TutorialRules`, holding a learner's own pieces) plays by the
    tutorial's engine instead of the bitboards; ``check`` is a shortcut for a learner's one-direction
    capture check alone. ``start`` is the position to begin from. ``options`` are the board's own
    (``sound``, ``record_panel``…: see :class:`~gamelab.widgets.PlayBoard`).
    """
    return PlayBoard(OthelloSpec(mode, computer=computer, level=level, hints=hints, lang=lang, seed=seed,
                                 check=check, rules=rules, start=start), **options)
