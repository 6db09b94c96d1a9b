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
from functools import partial
from typing import Callable, Hashable, cast

from .. import checks
from ..controls import Response
from ..game import Game
from ..widgets import BoardSpec, Button, Progress, Setting, board_function
from . import controls
from .ai import LEVELS, Player, player_for_level
from .controls import MODES
from .game import Othello, TutorialOthello
from .picture import OthelloPicture, OthelloUI
from .tutorial import BLACK, WHITE, CheckStone, Color, TutorialRules

__all__ = ["OthelloBoard", "OthelloSpec", "MODES"]


class OthelloSpec(BoardSpec[Othello, OthelloUI]):
    """The Othello play board.

    ``mode`` is one of :data:`MODES`; ``computer`` the computer's color in ``"vs-computer"``; ``level``
    its strength (1–6, see :data:`gamelab.othello.ai.LEVELS`); ``hints`` shows the legal squares;
    ``lang`` is ``"en"`` or ``"ja"`` for the tutorial's messages. ``rules`` (a
    :class:`~gamelab.othello.tutorial.TutorialRules`, holding a learner's own pieces) plays by the
    tutorial's engine instead of the bitboards; ``check`` is a shortcut for a learner's one-direction
    capture check alone. ``start`` is the position to begin from. The other options are the board's
    (``sound``, ``record_panel``…: see :class:`~gamelab.widgets.PlayBoard`).

    These are settings (folded under Settings; ``board.set_level(6)`` or ``board.level = 6`` from a cell);
    the computer's moves, which the board plays by itself (:meth:`automatic`), are long work: the search
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
        checks.flag("hints", hints)  # (mode, computer, level, lang: settings, whose values the board checks)
        checks.seed("seed", seed)
        checks.function("check", check)
        checks.instance("rules", rules, TutorialRules, "the rules rules_from(...) gives")
        checks.instance("start", start, Othello, "an Othello position")
        self.check = check
        self.rules = rules if rules is not None or check is None else TutorialRules(check_stone=check)
        self.rng = random.Random(seed)
        self.mode, self.level, self.lang = mode, level, lang
        self.computer = cast(Color, computer)
        self._player: tuple[int, Player] | None = None  # (the level it plays at, the player)
        self._hints = hints  # the first game's dots; the board keeps them from game to game (a setting in ui)
        self._start = start
        both = self._both_sides
        self.buttons = (Button("step", "Step", "Let the computer play the next move",
                               partial(self._computer, controls.step), shown=both),
                        Button("run", "Run to end", "Let the computer play until the game ends",
                               partial(self._computer, controls.run_to_end), shown=both))

    @property
    def player(self) -> Player:
        """The computer player of the level set now."""
        if self._player is None or self._player[0] != self.level:
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

    def replay_start(self, kind: type[Othello], start: Game) -> Othello | None:
        # a save plays again on the rules of this board (a learner's pieces), from the save's start
        return None if self.rules is None else self._position(cast(Othello, start))

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
        return controls.status(game, ui, mode=self.mode, computer=self.computer, lang=self.lang)

    # -- input and turns -------------------------------------------------------------------------------
    def click(self, game: Othello, ui: OthelloUI, target: Hashable | None) -> Response[OthelloUI] | None:
        return controls.click(game, ui, target, mode=self.mode, computer=self.computer)

    def key(self, game: Othello, ui: OthelloUI, key: str) -> Response[OthelloUI] | None:
        """``h`` shows or hides the legal-move dots; ``s`` lets the computer play a move (as Step does)."""
        return controls.key(game, ui, key, mode=self.mode)

    def after(self, before: Othello, game: Othello, action: str) -> Response[OthelloUI] | None:
        return Response(sound=controls.end_sound(game, self.mode, self.computer)) if game.is_over else None

    def automatic(self, game: Othello, ui: OthelloUI) -> Response[OthelloUI] | None:
        return self._computer(controls.automatic, game, ui)

    def players_turn(self, game: Othello) -> bool:
        return not (game.must_pass or controls.computer_moves(game, self.mode, self.computer))

    def _computer(self, control: Callable[..., Response[OthelloUI] | None], game: Othello,
                  ui: OthelloUI) -> Response[OthelloUI] | None:
        """``control`` (the computer's moves as long work) with the player and settings of now."""
        return control(game, ui, self.player, self.rng, mode=self.mode, computer=self.computer)

    # -- settings: the board shows them (folded under Settings) and keeps them in step --------------------
    def changed(self, name: str, game: Othello, ui: OthelloUI) -> Response[OthelloUI] | None:
        # a change of mode makes an earlier pass note old news (the board then plays what is now its own)
        return Response.update(replace(ui, note="")) if name == "mode" else None


OthelloBoard = board_function(OthelloSpec)
