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
from typing import Any, Hashable

import ipywidgets as widgets

from ..game import Game
from ..widgets import PlayBoard
from .ai import LEVELS, Player, player_for_level
from .bitboard import square_name
from .game import PASS, Othello, TutorialOthello
from .picture import OthelloPicture
from .tutorial import BLACK, WHITE, CheckStone, message

__all__ = ["OthelloBoard", "MODES"]

#: mode -> label in the mode menu
MODES: dict[str, str] = {
    "two-players": "Two players",
    "vs-computer": "You vs computer",
    "computer-vs-computer": "Computer vs computer",
}


class OthelloBoard(PlayBoard):
    """The Othello play board.

    ``mode`` is one of :data:`MODES`; ``computer`` the computer's colour in ``"vs-computer"``; ``level``
    its strength (1–6, see :data:`gamelab.othello.ai.LEVELS`); ``hints`` shows the legal squares;
    ``lang`` is ``"en"`` or ``"ja"`` for the tutorial's messages; ``check`` plays by the tutorial's
    engine with that one-direction capture check (a learner's own version) instead of the bitboards.
    """

    picture = OthelloPicture()
    action_sound = "place"

    def __init__(self, mode: str = "vs-computer", *, computer: str = WHITE, level: int = 4, hints: bool = True,
                 lang: str = "en", seed: int = 0, check: CheckStone | None = None, start: Othello | None = None,
                 **options: Any) -> None:
        if mode not in MODES:
            raise ValueError(f"mode {mode!r} does not exist: choose {', '.join(MODES)}")
        if computer not in (BLACK, WHITE):
            raise ValueError(f"computer must be 'black' or 'white', not {computer!r}")
        if lang not in ("en", "ja"):
            raise ValueError(f"language {lang!r} is not available: choose 'en' or 'ja'")
        self.mode = mode
        self.computer = computer
        self.lang = lang
        self.check = check
        self.rng = random.Random(seed)
        self.level = level
        self.player: Player = player_for_level(level, self.rng)
        self.hints_on = hints
        self._note = ""  # a pass that happened earlier in the last chain of automatic moves
        self._busy = False
        game = start.copy() if start is not None else self._start_position()
        super().__init__(game, **options)
        self.add_button("Step", self.step, "Let the computer play the next move", name="step")
        self.add_button("Run to end", self.run_to_end, "Let the computer play until the game ends", name="run")
        self._make_controls()
        self._advance()
        self.refresh()

    # -- set-up ------------------------------------------------------------------------------------
    def _start_position(self) -> Othello:
        return TutorialOthello.new(check=self.check) if self.check is not None else Othello.new()

    def fresh_game(self) -> Game:
        return self._start_position()

    def make_ui(self) -> dict[str, Any]:
        return {"hints": getattr(self, "hints_on", True), "flips": True}

    def _make_controls(self) -> None:
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
        self.extras.children = (self.mode_menu, self.colour_menu, self.level_menu, self.hints_box, self.lang_box)
        self._sync_controls()

    def _sync_controls(self) -> None:
        self.colour_menu.layout.display = "" if self.mode == "vs-computer" else "none"
        self.level_menu.layout.display = "none" if self.mode == "two-players" else ""
        self.button("step").layout.display = "none" if self.mode == "two-players" else ""
        self.button("run").layout.display = "" if self.mode == "computer-vs-computer" else "none"

    # -- settings (the menus call these; so can a lesson) -----------------------------------------
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
        self.ui["hints"] = self.hints_on
        if self.hints_box.value != self.hints_on:
            self.hints_box.value = self.hints_on
        self.redraw()

    def set_lang(self, lang: str) -> None:
        """Messages in English ("en") or in the tutorial's Japanese ("ja")."""
        if lang not in ("en", "ja"):
            raise ValueError(f"language {lang!r} is not available: choose 'en' or 'ja'")
        self.lang = lang
        if self.lang_box.value != (lang == "ja"):
            self.lang_box.value = lang == "ja"
        self.refresh()

    # -- turns -------------------------------------------------------------------------------------
    @property
    def othello(self) -> Othello:
        """The current position (typed)."""
        game = self.game
        assert isinstance(game, Othello)
        return game

    def computer_moves(self, game: Othello | None = None) -> bool:
        """Is it the computer's turn to choose a move (by itself) in the current mode?"""
        game = game or self.othello
        if game.is_over or game.must_pass:
            return False
        return self.mode == "vs-computer" and game.to_move == self.computer

    def _computer_choice(self) -> str:
        game = self.othello
        action = self.player.choose(game)
        legal = game.legal_actions()
        if action not in legal:
            # A learner's capture check can make the rules differ from the ones the computer searched.
            action = self.rng.choice(legal)
        return action

    def _advance(self, *, chain: bool = True) -> None:
        """Play forced passes, and the computer's moves when it is its turn (until a person must move)."""
        while not self.othello.is_over:
            game = self.othello
            if game.must_pass:
                self._note = message(f"{game.to_move}_passes", self.lang)
                self.record.play(PASS)
                continue
            if chain and self.computer_moves():
                self.record.play(self._computer_choice())
                continue
            break
        if self.othello.is_over:
            self.game_over()

    def game_over(self) -> None:
        """The end: stop the clock and play the sound of a win (or of a loss against the computer)."""
        self._note = ""
        black, white = self.othello.score()
        lost = self.mode == "vs-computer" and (black > white) == (self.computer == BLACK) and black != white
        self.play_sound("lose" if lost else "win")

    def on_click(self, target: Hashable | None) -> None:
        if not (isinstance(target, tuple) and target[0] == "square"):
            return  # the frame, the labels and the score strip do nothing
        game = self.othello
        if not game.is_over and (self.mode == "computer-vs-computer" or self.computer_moves()):
            self.say("It is the computer's turn: press Step." if self.mode == "computer-vs-computer"
                     else "Please wait: it is the computer's turn.", error=True)
            return
        self._note = ""
        self.act(square_name(target[1]))

    def on_key(self, key: str) -> None:
        """``h`` shows or hides the legal-move dots; ``s`` lets the computer play a move (as Step does)."""
        if key.lower() == "h":
            self.set_hints(not self.hints_on)
        elif key.lower() == "s" and self.mode != "two-players":
            self.step()

    def after_action(self, action: str) -> None:
        super().after_action(action)
        self._advance()

    def step(self) -> None:
        """The computer plays one move for the side to move (then any forced pass)."""
        game = self.othello
        if game.is_over:
            self.say(self.status())
            return
        self._note = ""
        self.record.play(self._computer_choice())
        self.play_sound(self.action_sound)
        self._advance(chain=self.mode == "vs-computer")
        self.message = ""
        self.refresh()

    def run_to_end(self) -> None:
        """The computer plays both sides until the game is over."""
        while not self.othello.is_over:
            self.record.play(self._computer_choice())
            self._advance(chain=False)
        self.message = ""
        self.refresh()

    def undo(self) -> None:
        """Take back the last move; against the computer, back to your previous turn."""
        if not self.record.can_undo:
            super().undo()
            return
        self.record.undo()
        # Forced passes and the computer's moves are not turns of yours: step back over them too.
        while self.record.can_undo and (self.othello.must_pass or self.computer_moves()):
            self.record.undo()
        self._note = ""
        self.message = ""
        self.ui = self.make_ui()
        if self.computer_moves():  # back at a start where the computer moves first
            self._advance()
        self.refresh()

    def redo(self) -> None:
        """Play again what undo took back, up to your next turn."""
        super().redo()
        while self.record.can_redo and (self.othello.must_pass or self.computer_moves()):
            self.record.redo()
        self.refresh()

    def new_game(self) -> None:
        self._note = ""
        super().new_game()
        self._advance()
        self.refresh()

    # -- text --------------------------------------------------------------------------------------
    def status(self) -> str:
        """The tutorial's message for the position, with whose turn it is and the result at the end."""
        game = self.othello
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
