"""The playable table: the learner in one seat against three bots, on a canvas; and the record viewer.

Click a tile of your hand to discard it: it goes to your river at once, before the others play. The
choices of the moment are on the table, by your right hand: Tsumo, Ron, Riichi (then click the tile to
discard with it), 吃 Chi / 碰 Pon / 槓 Kan with the tiles of each possible meld, Nine terminals
(九種九牌), Declare tenpai, Pass, Next hand. The rules (folded under "Rules (ルール)") set the six
parameters of the lesson, the length of the game and the bots' level (easy or normal) for the next New
game; the result panel shows each hand's yaku, fu, han and payments, or the draw and who was tenpai.
Keys: Enter or n for Next hand / Pass, t for Tsumo / Ron, r for Riichi. What each input means is decided
in :mod:`.controls`. ``steps`` (a :class:`~.endings.RuleSteps`) plays the draws and dealer repeats on
other versions of their steps – a learner's, in lesson 05 – in this game, every New game and a loaded save.

>>> board = RiichiBoard(seed=1, rules={'場数': 0})   # in a notebook, the last line of a cell shows it
>>> board.game.legal_actions()[0]
'm1'
"""

from __future__ import annotations

from typing import Any, Callable, Mapping

import ipywidgets as widgets

from ... import checks
from ...controls import Response
from ...widgets import BoardSpec, Panel, Progress, Setting, board_function, viewer
from ..rules import Rules, describe_rules, make_rules
from . import controls
from .ai import DEFAULT_LEVEL, LEVELS
from .endings import RuleSteps
from .game import RiichiGame
from .picture import (
    RiichiGamePicture,
    RiichiUI,
    TablePicture,
    TableView,
    call_options,
    discard_view,
    record_views,
    result_html,
)

__all__ = ["RiichiBoard", "RiichiSpec", "RecordViewer"]

NEXT_GAME = "Changes apply from the next New game."


def _menu(*choices: str) -> tuple[tuple[str, int], ...]:
    """A rule's menu: each choice's label begins with its value ("2 ダブロン double ron" is 2)."""
    return tuple((label, int(label.split()[0])) for label in choices)


class RiichiSpec(BoardSpec[RiichiGame, RiichiUI]):
    """A riichi table in a cell, you in player ``seat`` against three bots of ``level`` (see the module
    docstring); ``rules`` a preset name or majiang-core's dict; the other options are the board's (see
    :class:`~gamelab.widgets.PlayBoard`). The rules and the bots' level are the settings the next New game
    deals with (plain fields: New game reads them on its own thread)."""

    title = "RiichiBoard"
    picture = RiichiGamePicture()
    controls, ui_type = controls, RiichiUI
    side = (300, 520)
    settings = (Setting("abortive_draws", "途中流局あり abortive draws", width="100%"),
                Setting("nagashi_mangan", "流し満貫あり nagashi mangan", width="100%"),
                Setting("noten_declaration", "ノーテン宣言あり declare tenpai", width="100%"),
                Setting("noten_penalty", "ノーテン罰あり noten penalty", width="100%"),
                Setting("max_winners", "最大同時和了数", _menu("1 頭ハネ head bump", "2 ダブロン double ron",
                                                            "3 トリロン triple ron"), width="100%"),
                Setting("dealer_repeats", "連荘方式", _menu("0 連荘なし none", "1 和了連荘 dealer win",
                                                         "2 テンパイ連荘 win or tenpai", "3 ノーテン連荘 win or any draw"),
                        width="100%"),
                Setting("rounds", "場数", _menu("0 一局戦 one hand", "1 東風戦 East", "2 東南戦 East-South",
                                               "4 一荘戦 all winds"), width="100%"),
                Setting("level", "Bots", tuple((level, level) for level in LEVELS), width="100%"))
    panels = (Panel("result", lambda spec, game, ui: result_html(game.table), min_height="2em"),)
    settings_title = "Rules (ルール)"
    settings_tooltip = f"The lesson's six parameters, the game's length and the bots' level. {NEXT_GAME}"
    settings_note = NEXT_GAME
    #: the rules the settings show (the others are the rules given)
    shown_rules = tuple(setting.name for setting in settings[:-1])

    def __init__(self, seed: int = 0, rules: dict[str, Any] | str | None = None, seat: int = 0,
                 level: str = DEFAULT_LEVEL, steps: RuleSteps | None = None) -> None:
        self.seed = checks.seed("seed", seed)
        self.seat = checks.whole("seat", seat, low=0, high=3)
        checks.instance("steps", steps, RuleSteps, "the steps your_pieces(...) gives (a RuleSteps)")
        #: the draws and dealer repeats play on these steps (a learner's): every new game, and a loaded save
        self.kind = RiichiGame.with_steps(steps) if steps is not None else RiichiGame
        self.rules = rules
        self.level = checks.one_of("level", level, LEVELS)

    @property
    def rules(self) -> Rules:
        """The rules of the next New game: the ones given, with the settings' (a preset's name or
        majiang-core's dict may be given too)."""
        return self._rules.replace(**{name: getattr(self, name) for name in self.shown_rules})

    @rules.setter
    def rules(self, rules: Rules | dict[str, Any] | str | None) -> None:
        self._rules = make_rules(rules)
        for name in self.shown_rules:
            setattr(self, name, getattr(self._rules, name))
        board = self.__dict__.get("board")
        if board is not None:  # set from a cell: the settings show it at once
            board.refresh()

    def first_game(self) -> RiichiGame:
        return self.kind.new(seed=self.seed, seat=self.seat, rules=describe_rules(self.rules), level=self.level)

    def new_game(self, game: RiichiGame, progress: Progress) -> RiichiGame:
        self.seed += 1  # the next seed, with the rules and level set now (plain fields)
        return self.first_game()

    def status(self, game: RiichiGame, ui: RiichiUI) -> str:
        return controls.status(game)

    def preview(self, game: RiichiGame, ui: RiichiUI, action: str) -> Callable[[Any], None] | None:
        # your discard at once, in your river, before the table plays the other seats (tens of ms more)
        view = discard_view(game, action)
        return None if view is None else lambda painter: self.picture.table.draw_discard(painter, view, ui)

    def after(self, before: RiichiGame, game: RiichiGame, action: str) -> Response[RiichiUI] | None:
        return controls.after(game)

    # -- the choices on the table ------------------------------------------------------------------
    @property
    def call_actions(self) -> list[str]:
        """The actions of the choices offered on the table now (``'riichi'``, ``'pon z111+'``, ``'pass'``…)."""
        return call_options(self.board.game.legal_actions())

    def press(self, action: str) -> None:
        """Press the choice of ``action`` on the table (as a click on it would): for tests and lessons."""
        if action not in self.call_actions:
            raise LookupError(f"no choice {action!r} on the table now; choices: {self.call_actions}")
        self.board.respond(controls.press(self.board.game, self.board.ui, action))


RiichiBoard = board_function(RiichiSpec)


class RecordViewer(viewer.RecordViewer[TableView]):
    """Step through a game record (majiang-core's paipu): the table after each event, a slider, ◀ ▶ buttons,
    and a button to jump to the next hand.

    >>> from gamelab.riichi.table import Table, Bot
    >>> paipu = Table(players=[Bot(seed=i) for i in range(4)], seed=2, qijia=0, rules={'場数': 0}).run().paipu
    >>> viewer = RecordViewer(paipu)
    >>> viewer.step(5); viewer.position
    5
    """

    def __init__(self, paipu: Mapping[str, Any]) -> None:
        super().__init__(TablePicture(), record_views(paipu), caption=lambda view: view.caption)
        self.add_button("Next hand ▶▶", self.next_hand)
        # the table on the left (at the width the canvas is shown at), the caption and the controls in a
        # column beside it, the slider on a line of its own; in a narrow cell the column wraps under the table
        self.slider.layout.width = "100%"
        self.controls.children = tuple(c for c in self.controls.children if c is not self.slider)
        self.controls.layout.flex_flow = "row wrap"
        table = self.view.box
        table.layout.width, table.layout.min_width = "auto", "240px"
        table.layout.flex = f"0 1 {self.canvas.layout.max_width}"
        column = widgets.VBox([self.caption, self.controls, self.slider], layout=widgets.Layout(
            flex="1 1 300px", min_width="300px", max_width="520px", padding="0 0 0 8px"))
        self.children = (widgets.HBox([table, column], layout=widgets.Layout(flex_flow="row wrap", width="100%",
                                                                             align_items="flex-start")),)

    @property
    def views(self) -> list[TableView]:
        """The table after each event, every hand of the record in turn."""
        return self.states

    def next_hand(self) -> None:
        """Jump to the deal of the next hand."""
        for i in range(self.position + 1, len(self.views)):
            if "deal" in self.views[i].caption:
                self.slider.value = i
                return
        self.slider.value = self.slider.max
