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

import ipywidgets as widgets

from .. import checks
from ..controls import Response
from ..widgets import BoardSpec, Button, PlayBoard, Progress, Work
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
        self.mode, self.computer, self.level, self.lang = mode, computer, level, lang
        self.settings_shown = False
        self._hints = hints  # the first game's dots; later games keep the board's (ui.hints)
        self._start = start
        self.buttons = (Button("step", "Step", "Let the computer play the next move", self._step),
                        Button("run", "Run to end", "Let the computer play until the game ends", self._run_to_end))

    # -- the settings: set here (or through the board: board.level = 6), checked, never a second copy ------
    @property
    def mode(self) -> str:
        """One of :data:`MODES`."""
        return self._mode

    @mode.setter
    def mode(self, mode: str) -> None:
        if mode not in MODES:
            raise ValueError(f"mode {mode!r} does not exist: choose {', '.join(MODES)}")
        self._mode = mode

    @property
    def computer(self) -> Color:
        """The computer's color in "vs-computer" mode."""
        return self._computer

    @computer.setter
    def computer(self, color: str) -> None:
        if color not in (BLACK, WHITE):
            raise ValueError(f"computer must be 'black' or 'white', not {color!r}")
        self._computer: Color = WHITE if color == WHITE else BLACK

    @property
    def level(self) -> int:
        """The computer's strength, 1 to 6 (its player, :attr:`player`, follows)."""
        return self._level

    @level.setter
    def level(self, level: int) -> None:
        checks.whole("level", level, low=min(LEVELS), high=max(LEVELS))
        self._level = level
        self.player: Player = player_for_level(level, self.rng)

    @property
    def lang(self) -> str:
        """The tutorial's messages in English ("en") or Japanese ("ja")."""
        return self._lang

    @lang.setter
    def lang(self, lang: str) -> None:
        if lang not in ("en", "ja"):
            raise ValueError(f"language {lang!r} is not available: choose 'en' or 'ja'")
        self._lang = lang

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
        # the dots stay as the player left them, from game to game (the board's ui is their one place)
        ui = getattr(self.__dict__.get("board"), "ui", None)
        return OthelloUI(hints=ui.hints if isinstance(ui, OthelloUI) else self._hints)

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
            # Your stone goes to the page before the search starts (the board draws a frame asked for before
            # its work's thread starts; inside the input being carried out this only asks, it draws nothing)
            self.board.refresh()
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

    # -- settings (the menus call these; so can a lesson) ----------------------------------------------
    def set_mode(self, mode: str) -> None:
        """Switch between :data:`MODES` without restarting the game."""
        self.mode = mode
        self._go_on(replace(self.board.ui, note=""))

    def set_computer(self, color: str) -> None:
        """The computer's color in "vs-computer" mode; if it is now the computer's turn, it plays."""
        self.computer = color
        self._go_on(self.board.ui)

    def _go_on(self, ui: OthelloUI) -> None:
        """After a change of who plays: the board plays what is now its own to play (and redraws)."""
        answer = self.automatic(self.board.game, ui) or Response()
        self.board.respond(replace(answer, ui=answer.ui if answer.ui is not None else ui))

    def set_level(self, level: int) -> None:
        """The computer's strength, 1 to 6."""
        self.level = level
        self.board.refresh()

    def set_hints(self, on: bool) -> None:
        """Show or hide the dots on the legal squares."""
        self.board.respond(Response.update(replace(self.board.ui, hints=bool(on))))

    def set_lang(self, lang: str) -> None:
        """Messages in English ("en") or in the tutorial's Japanese ("ja")."""
        self.lang = lang
        self.board.refresh()

    def show_settings(self, shown: bool = True) -> None:
        """Open (or fold) the settings under the board: mode, color, level, dots and language."""
        self.settings_shown = bool(shown)
        self.board.refresh()

    # -- the settings' widgets: built once, following the state after each redraw -----------------------
    def build(self, board: PlayBoard[Othello, OthelloUI]) -> None:
        def layout(width: str) -> widgets.Layout:
            return widgets.Layout(width=width)

        self.mode_menu = widgets.Dropdown(options=[(label, key) for key, label in MODES.items()], value=self.mode,
                                          description="Mode", layout=layout("260px"))
        self.color_menu = widgets.Dropdown(options=[("Black (first)", WHITE), ("White", BLACK)], value=self.computer,
                                           description="You play", layout=layout("200px"))
        self.level_menu = widgets.Dropdown(options=[(f"{n}: {text}", n) for n, (text, _) in LEVELS.items()],
                                           value=self.level, description="Level", layout=layout("300px"))
        self.hints_box = widgets.Checkbox(value=board.ui.hints, description="Show legal moves", indent=False,
                                          layout=layout("150px"))
        self.lang_box = widgets.Checkbox(value=self.lang == "ja", description="日本語", indent=False,
                                         layout=layout("80px"))
        # The settings are a secondary panel, folded until "Settings ▾" opens it, so the board, its status
        # and its main buttons fit one screen (1036 × 647 px: JupyterLab at 1366 × 768 with the file browser open).
        self.settings_button = widgets.ToggleButton(value=False, description="Settings ▾",
                                                    tooltip="The mode, your color, the computer's level, the "
                                                            "legal-move dots and the language",
                                                    layout=layout("auto"))
        self.settings_button.add_class("gamelab-button-settings")
        board.listen(self.mode_menu, self.set_mode)
        board.listen(self.color_menu, self.set_computer)
        board.listen(self.level_menu, self.set_level)
        board.listen(self.hints_box, self.set_hints)
        board.listen(self.lang_box, lambda ja: self.set_lang("ja" if ja else "en"))
        board.listen(self.settings_button, self.show_settings)
        # the two checkboxes wrap to a new line together, never the language one alone
        toggles = widgets.HBox([self.hints_box, self.lang_box], layout=widgets.Layout(align_items="center"))
        board.extras.children = (self.mode_menu, self.color_menu, self.level_menu, toggles)
        board.row.children = (*board.row.children, self.settings_button)
        self.step_button, self.run_button = board.button("step"), board.button("run")

    def show(self, board: PlayBoard[Othello, OthelloUI]) -> None:
        both = "" if self.mode == "computer-vs-computer" else "none"
        self.mode_menu.value = self.mode
        self.color_menu.value = self.computer
        self.color_menu.layout.display = "" if self.mode == "vs-computer" else "none"
        self.level_menu.value = self.level
        self.level_menu.layout.display = "none" if self.mode == "two-players" else ""
        self.hints_box.value = board.ui.hints
        self.lang_box.value = self.lang == "ja"
        # Step lets the computer play the next move: of use only when it plays both sides (against you it
        # would play your move)
        self.step_button.layout.display = self.run_button.layout.display = both
        board.extras.layout.display = "flex" if self.settings_shown else "none"
        self.settings_button.value = self.settings_shown
        self.settings_button.description = "Settings ▴" if self.settings_shown else "Settings ▾"


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
