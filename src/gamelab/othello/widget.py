"""Othello as a playable board: two players, you against the computer (either colour), or computer against computer.

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
from ..widgets import PlayBoard, Progress
from . import controls
from .ai import LEVELS, Player, player_for_level
from .controls import MODES
from .game import PASS, Othello, TutorialOthello
from .picture import OthelloPicture, OthelloUI
from .tutorial import BLACK, WHITE, CheckStone, Color, TutorialRules, message

__all__ = ["OthelloBoard", "MODES"]


class OthelloBoard(PlayBoard[Othello, OthelloUI]):
    """The Othello play board.

    ``mode`` is one of :data:`MODES`; ``computer`` the computer's colour in ``"vs-computer"``; ``level``
    its strength (1–6, see :data:`gamelab.othello.ai.LEVELS`); ``hints`` shows the legal squares;
    ``lang`` is ``"en"`` or ``"ja"`` for the tutorial's messages. ``rules`` (a
    :class:`~gamelab.othello.tutorial.TutorialRules`, holding a learner's own pieces) plays by the
    tutorial's engine instead of the bitboards; ``check`` is a shortcut for a learner's one-direction
    capture check alone. ``start`` is the position to begin from.
    """

    picture = OthelloPicture()
    action_sound = "place"

    def __init__(self, mode: str = "vs-computer", *, computer: str = WHITE, level: int = 4, hints: bool = True,
                 lang: str = "en", seed: int = 0, check: CheckStone | None = None,
                 rules: TutorialRules | None = None, start: Othello | None = None, **options: Any) -> None:
        checks.one_of("mode", mode, tuple(MODES))
        checks.one_of("computer", computer, (BLACK, WHITE))
        checks.whole("level", level, low=min(LEVELS), high=max(LEVELS))
        checks.flag("hints", hints)
        checks.one_of("lang", lang, ("en", "ja"))
        checks.seed("seed", seed)
        checks.function("check", check)
        checks.instance("rules", rules, TutorialRules, "the rules rules_from(...) gives")
        checks.instance("start", start, Othello, "an Othello position")
        self.mode = mode
        self.computer: Color = WHITE if computer == WHITE else BLACK
        self.lang = lang
        self.check = check
        if rules is None and check is not None:
            rules = TutorialRules(check_stone=check)
        self.rules = rules
        self.rng = random.Random(seed)
        self.level = level
        self.player: Player = player_for_level(level, self.rng)
        self.hints_on = hints
        self._note = ""  # a pass that happened earlier in the last chain of automatic moves
        super().__init__(self._start_position(start), **options)

    # -- set-up ------------------------------------------------------------------------------------
    def build(self) -> None:
        self.add_button("Step", self.step, "Let the computer play the next move", name="step")
        self.add_button("Run to end", self.run_to_end, "Let the computer play until the game ends", name="run")
        self.mode_menu = widgets.Dropdown(options=[(label, key) for key, label in MODES.items()], value=self.mode,
                                          description="Mode", layout=widgets.Layout(width="260px"))
        self.colour_menu = widgets.Dropdown(options=[("Black (first)", WHITE), ("White", BLACK)],
                                            value=self.computer, description="You play",
                                            layout=widgets.Layout(width="200px"))
        self.level_menu = widgets.Dropdown(options=[(f"{n}: {text}", n) for n, (text, _) in LEVELS.items()],
                                           value=self.level, description="Level",
                                           layout=widgets.Layout(width="300px"))
        self.hints_box = widgets.Checkbox(value=self.hints_on, description="Show legal moves", indent=False,
                                          layout=widgets.Layout(width="150px"))
        self.lang_box = widgets.Checkbox(value=self.lang == "ja", description="日本語", indent=False,
                                         layout=widgets.Layout(width="80px"))
        self.mode_menu.observe(lambda change: self.set_mode(change["new"]), names="value")
        self.colour_menu.observe(lambda change: self.set_computer(change["new"]), names="value")
        self.level_menu.observe(lambda change: self.set_level(change["new"]), names="value")
        self.hints_box.observe(lambda change: self.set_hints(change["new"]), names="value")
        self.lang_box.observe(lambda change: self.set_lang("ja" if change["new"] else "en"), names="value")
        # the two checkboxes wrap to a new line together, never the language one alone
        toggles = widgets.HBox([self.hints_box, self.lang_box], layout=widgets.Layout(align_items="center"))
        self.extras.children = (self.mode_menu, self.colour_menu, self.level_menu, toggles)
        # The settings are a secondary panel, folded until "Settings ▾" opens it, so the board, its status
        # and its main buttons fit one screen (1036 × 647 px: JupyterLab at 1366 × 768 with the file browser open).
        self.settings_button = widgets.ToggleButton(value=False, description="Settings ▾",
                                                    tooltip="The mode, your colour, the computer's level, the "
                                                            "legal-move dots and the language",
                                                    layout=widgets.Layout(width="auto"))
        self.settings_button.add_class("gamelab-button-settings")
        self.settings_button.observe(lambda change: self.show_settings(change["new"]), names="value")
        self.buttons.children = (*self.buttons.children, self.settings_button)
        self.extras.layout.display = "none"
        self._sync_controls()
        self._advance()  # before the first frame: a forced pass, or the computer's first move as black

    def _start_position(self, start: Othello | None = None) -> Othello:
        if self.rules is None:
            return start.copy() if start is not None else Othello.new()
        if start is None:
            return TutorialOthello.new(rules=self.rules)
        position = TutorialOthello.from_board(start.board(), start.to_move)
        position.rules = self.rules
        return position

    def fresh_game(self) -> Othello:
        return self._start_position()

    def make_ui(self) -> OthelloUI:
        return OthelloUI(hints=self.hints_on)

    def _sync_controls(self) -> None:
        self.colour_menu.layout.display = "" if self.mode == "vs-computer" else "none"
        self.level_menu.layout.display = "none" if self.mode == "two-players" else ""
        # Step lets the computer play the next move: of use only when it plays both sides (against you it
        # would play your move)
        self.button("step").layout.display = "" if self.mode == "computer-vs-computer" else "none"
        self.button("run").layout.display = "" if self.mode == "computer-vs-computer" else "none"

    # -- settings (the menus call these; so can a lesson) -----------------------------------------
    def show_settings(self, shown: bool = True) -> None:
        """Open (or fold) the settings under the board: mode, colour, level, dots and language."""
        self.extras.layout.display = "flex" if shown else "none"
        self.settings_button.description = "Settings ▴" if shown else "Settings ▾"
        if self.settings_button.value != shown:
            self.settings_button.value = shown

    def set_mode(self, mode: str) -> None:
        """Switch between :data:`MODES` without restarting the game."""
        if mode not in MODES:
            raise ValueError(f"mode {mode!r} does not exist: choose {', '.join(MODES)}")
        self.mode = mode
        if self.mode_menu.value != mode:
            self.mode_menu.value = mode
        self._sync_controls()
        self._note = ""
        self._advance()
        self.refresh()

    def set_computer(self, colour: str) -> None:
        """The computer's colour in "vs-computer" mode; if it is now the computer's turn, it plays."""
        if colour not in (BLACK, WHITE):
            raise ValueError(f"computer must be 'black' or 'white', not {colour!r}")
        self.computer = colour
        if self.colour_menu.value != colour:
            self.colour_menu.value = colour
        self._advance()
        self.refresh()

    def set_level(self, level: int) -> None:
        """The computer's strength, 1 to 6."""
        self.player = player_for_level(level, self.rng)
        self.level = level
        if self.level_menu.value != level:
            self.level_menu.value = level

    def set_hints(self, on: bool) -> None:
        """Show or hide the dots on the legal squares."""
        self.hints_on = bool(on)
        if self.hints_box.value != self.hints_on:
            self.hints_box.value = self.hints_on
        if self.ui.hints != self.hints_on:
            self.ui = replace(self.ui, hints=self.hints_on)
            self.redraw()

    def set_lang(self, lang: str) -> None:
        """Messages in English ("en") or in the tutorial's Japanese ("ja")."""
        if lang not in ("en", "ja"):
            raise ValueError(f"language {lang!r} is not available: choose 'en' or 'ja'")
        self.lang = lang
        if self.lang_box.value != (lang == "ja"):
            self.lang_box.value = lang == "ja"
        self.refresh()

    # -- input -----------------------------------------------------------------------------------
    def on_click(self, target: Hashable | None) -> None:
        self.respond(controls.click(self.game, self.ui, target, mode=self.mode, computer=self.computer))

    def on_key(self, key: str) -> None:
        """``h`` shows or hides the legal-move dots; ``s`` lets the computer play a move (as Step does)."""
        self.respond(controls.key(self.game, self.ui, key, mode=self.mode))

    def refresh(self) -> None:
        self.set_hints(self.ui.hints)  # the setting and its checkbox follow a key's toggle of the dots
        super().refresh()

    # -- turns -------------------------------------------------------------------------------------
    def _automatic(self) -> bool:
        """Does the board play this position by itself (a forced pass, or the computer's move)?"""
        return self.game.must_pass or controls.computer_moves(self.game, self.mode, self.computer)

    def _computer_choice(self, game: Othello | None = None) -> str:
        game = game if game is not None else self.game
        action = self.player.choose(game)
        legal = game.legal_actions()
        if action not in legal:
            # A learner's capture check can make the rules differ from the ones the computer searched.
            action = self.rng.choice(legal)
        return action

    def _automatic_line(self, game: Othello, *, chain: bool, both_sides: bool = False) -> list[str]:
        """The forced passes and computer moves from ``game`` (a copy, played on) until a person must
        move: only passes unless ``chain``; ``both_sides`` plays every move (Run to end)."""
        actions: list[str] = []
        while not game.is_over:
            if game.must_pass:
                action = PASS
            elif both_sides or (chain and controls.computer_moves(game, self.mode, self.computer)):
                action = self._computer_choice(game)
            else:
                break
            game.play(action)
            actions.append(action)
        return actions

    def _think(self, *, chain: bool, one_move: bool = False, both_sides: bool = False) -> None:
        """Play the automatic line (after one computer move for the side to move, if ``one_move``).

        The computer's search is long work at the strongest levels (a second a move, a minute for a
        whole game): asked for by a click it runs off the kernel's thread, with a Stop button, and its
        moves are played when it ends.
        """
        game = self.game.copy()
        if game.is_over:
            self.game_over()
            return
        if not (one_move or both_sides or game.must_pass or (chain and controls.computer_moves(game, self.mode,
                                                                                                  self.computer))):
            return  # a person moves now: nothing to think about

        def think(progress: Progress) -> list[str]:
            line = []
            if one_move and not game.must_pass:
                line.append(self._computer_choice(game))
                game.play(line[0])
            return line + self._automatic_line(game, chain=chain, both_sides=both_sides)

        now = [True]  # played at once: the caller draws the frame (a move and its reply are one frame)
        self.run_long(think, "The computer is thinking", lambda line: self._play_line(line, draw=not now[0]))
        now[0] = False

    def _play_line(self, actions: list[str], *, draw: bool) -> None:
        for action in actions:
            if action == PASS:
                self._note = message(f"{self.game.to_move}_passes", self.lang)
            self.record.play(action)
        if self.game.is_over:
            self.game_over()
        if draw:
            self.refresh()

    def _advance(self, *, chain: bool = True) -> None:
        """Play forced passes, and the computer's moves when it is its turn (until a person must move)."""
        self._think(chain=chain)

    def game_over(self) -> None:
        """The end: stop the clock and play the sound of a win (or of a loss against the computer)."""
        self._note = ""
        black, white = self.game.score()
        lost = self.mode == "vs-computer" and (black > white) == (self.computer == BLACK) and black != white
        self.play_sound("lose" if lost else "win")

    def after_action(self, action: str) -> None:
        super().after_action(action)
        self._note = ""  # your move: a pass note from before it is old news
        if self._can_work_in_background() and controls.computer_moves(self.game, self.mode, self.computer):
            # A click against the computer: your stone goes to the page now, before the search starts
            # (at level 6 it takes about a second, and even quick replies would wait for it)
            self.redraw()
        self._advance()

    def step(self) -> None:
        """The computer plays one move for the side to move (then any forced pass)."""
        if self.game.is_over:
            self.say(self.status())
            return
        self._note = ""
        self.message = ""
        self.play_sound(self.action_sound)
        self._think(chain=self.mode == "vs-computer", one_move=True)
        self.refresh()

    def run_to_end(self) -> None:
        """The computer plays both sides until the game is over (long work at the strongest levels)."""
        self.message = ""
        self._think(chain=False, both_sides=True)
        self.refresh()

    def undo(self) -> None:
        """Take back the last move; against the computer, back to your previous turn."""
        if not self.record.can_undo:
            super().undo()
            return
        self.record.undo()
        # Forced passes and the computer's moves are not turns of yours: step back over them too.
        while self.record.can_undo and self._automatic():
            self.record.undo()
        self._note = ""
        self.message = ""
        self.ui = self.make_ui()
        if controls.computer_moves(self.game, self.mode, self.computer):  # back at a start where the computer moves first
            self._advance()
        self.refresh()

    def redo(self) -> None:
        """Play again what undo took back, up to your next turn."""
        super().redo()
        while self.record.can_redo and self._automatic():
            self.record.redo()
        self.refresh()

    def start(self, game: Othello) -> None:
        """Play ``game`` from now on; if the board moves first there (a pass, the computer), it does."""
        if self.refuse_while_busy():
            return
        super().start(game)  # keeps the game being played, with its pass note, for Undo
        self._note = ""
        self._advance()
        self.refresh()

    def resume(self) -> None:
        """A loaded game goes on: if it is the computer's turn (or a forced pass), it plays."""
        super().resume()
        self._note = ""
        self._advance()

    def board_state(self) -> Any:
        return self._note

    def restore_board_state(self, state: Any) -> None:
        self._note = state or ""

    # -- text --------------------------------------------------------------------------------------
    def status(self) -> str:
        """The tutorial's message for the position, with whose turn it is and the result at the end."""
        game = self.game
        text = game.status(self.lang)
        if game.is_over:
            black, white = game.score()
            if self.mode == "vs-computer" and black != white:
                you_won = (black > white) != (self.computer == BLACK)
                text += ". You win!" if you_won else ". The computer wins."
            return text
        if self._note and game.last_action != PASS:
            text = f"{self._note} {text}"
        if self.mode == "vs-computer" and game.to_move != self.computer:
            text += f" (you are {'black' if self.computer == WHITE else 'white'})"
        return text

    def __repr__(self) -> str:
        return f"<OthelloBoard {self.mode}: {self.status()}>"
