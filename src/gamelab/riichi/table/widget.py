"""The playable table: the learner in one seat against three bots, on a canvas; and the record viewer.

Click a tile of your hand to discard it: it goes to your river at once, before the others play. The
choices of the moment are on the table, by your right hand: Tsumo, Ron, Riichi (then click the tile to
discard with it), 吃 Chi / 碰 Pon / 槓 Kan with the tiles of each possible meld, Nine terminals
(九種九牌), Declare tenpai, Pass, Next hand. The rule panel sets the six parameters of the lesson, the
length of the game and the bots' level (easy or normal) for the next New game; the result panel shows
each hand's yaku, fu, han and payments, or the draw and who was tenpai. Keys: Enter or n for Next hand
/ Pass, t for Tsumo / Ron, r for Riichi. What each input means is decided in :mod:`.controls`.
``steps`` (a :class:`~.endings.RuleSteps`) plays the draws and dealer repeats on other versions of their
steps – a learner's, in lesson 05 – in this game, every New game and a loaded save.

>>> board = RiichiBoard(seed=1, rules={'場数': 0})   # in a notebook, the last line of a cell shows it
>>> board.game.legal_actions()[0]
'm1'
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, Mapping

import ipywidgets as widgets

from ... import checks
from ...controls import Response
from ...widgets import BoardSpec, PlayBoard, Progress, viewer
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


class RiichiSpec(BoardSpec[RiichiGame, RiichiUI]):
    """A game of riichi in a cell (see the module docstring). The rules and the bots' level are the
    settings the next New game deals with; the rule panel changes them, and follows them."""

    title = "RiichiBoard"
    picture = RiichiGamePicture()

    def __init__(self, seed: int = 0, rules: dict[str, Any] | str | None = None, seat: int = 0,
                 level: str = DEFAULT_LEVEL, steps: RuleSteps | None = None) -> None:
        self.seed = checks.seed("seed", seed)
        self.seat = checks.whole("seat", seat, low=0, high=3)
        checks.instance("steps", steps, RuleSteps, "the steps your_pieces(...) gives (a RuleSteps)")
        #: the draws and dealer repeats play on these steps (a learner's): every new game, and a loaded save
        self.kind = RiichiGame.with_steps(steps) if steps is not None else RiichiGame
        self.rules = rules
        self.level = level

    # -- the settings the next New game deals with: the rule panel sets them (and a cell may) ----------
    @property
    def rules(self) -> Rules:
        """The rules of the next New game (a preset's name or majiang-core's dict may be given)."""
        return self._rules

    @rules.setter
    def rules(self, rules: Rules | dict[str, Any] | str | None) -> None:
        self._rules = rules if isinstance(rules, Rules) else make_rules(rules)
        self._shown()

    @property
    def level(self) -> str:
        """The bots' level in the next New game."""
        return self._level

    @level.setter
    def level(self, level: str) -> None:
        self._level = checks.one_of("level", level, LEVELS)
        self._shown()

    def _shown(self) -> None:
        board = self.__dict__.get("board")
        if board is not None:  # a setting changed from a cell: the panel shows it at once
            board.refresh()

    def first_game(self) -> RiichiGame:
        return self.kind.new(seed=self.seed, seat=self.seat, rules=describe_rules(self.rules), level=self.level)

    def make_ui(self, game: RiichiGame) -> RiichiUI:
        return RiichiUI()

    def new_game(self, game: RiichiGame, progress: Progress) -> RiichiGame:
        # the next seed, with the rules and level the panel set: plain values its listeners wrote on the
        # kernel's thread (the panel is locked while this runs)
        self.seed += 1
        return self.first_game()

    def status(self, game: RiichiGame, ui: RiichiUI) -> str:
        return controls.status(game)

    def click(self, game: RiichiGame, ui: RiichiUI, target: Hashable | None) -> Response[RiichiUI] | None:
        response = controls.click(game, ui, target)
        if response is not None and response.action is not None:
            # your discard at once, in your river, as one small part over the frame on screen, before the
            # table plays the other seats (tens of milliseconds more); the whole frame follows
            view = discard_view(game, response.action)
            if view is not None:
                self.board.view.draw_part(lambda p: self.picture.table.draw_discard(p, view, ui), work_follows=True)
        return response

    def key(self, game: RiichiGame, ui: RiichiUI, key: str) -> Response[RiichiUI] | None:
        return controls.key(game, ui, key)

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

    # -- the panels beside the table ---------------------------------------------------------------
    def build(self, board: PlayBoard[RiichiGame, RiichiUI]) -> None:
        self.result_panel = widgets.HTML(layout=widgets.Layout(min_height="2em"))
        self.result_panel.add_class("gamelab-riichi-result")
        self.rule_panel = RulePanel()
        for name, widget in self.rule_panel.fields.items():
            board.listen(widget, self._set_rule(name))
        board.listen(self.rule_panel.level, self._set_level)

    def _set_rule(self, name: str) -> Callable[[Any], None]:
        def set_rule(value: Any) -> None:  # the panel already shows it: nothing to redraw
            self._rules = self._rules.replace(**{name: value})
        return set_rule

    def _set_level(self, level: str) -> None:
        self._level = checks.one_of("level", level, LEVELS)

    def show(self, board: PlayBoard[RiichiGame, RiichiUI]) -> None:
        html = result_html(board.game.table)
        if self.result_panel.value != html:
            self.result_panel.value = html
        self.rule_panel.show(self.rules, self.level)

    def arrange(self, board: PlayBoard[RiichiGame, RiichiUI], parts: list[Any]) -> list[Any]:
        # the status, the hand's result, the buttons and the folded panels in a column beside the table
        # (the calls are on the table): see _beside
        table, status, *rest = parts
        if board.record_panel is not None:  # its row of Save, Load and the slider wraps in the narrow column
            for box in board.record_panel.children:
                for row in getattr(box, "children", ()):
                    if isinstance(row, widgets.HBox):
                        row.layout.flex_flow = "row wrap"
            board.review.layout.width = "100%"
            board.review.layout.max_width = "340px"
        return [_beside(table, board.canvas, [status, self.result_panel, *rest, self.rule_panel])]


def RiichiBoard(seed: int = 0, rules: dict[str, Any] | str | None = None, seat: int = 0, level: str = DEFAULT_LEVEL,
                steps: RuleSteps | None = None, **options: Any) -> PlayBoard[RiichiGame, RiichiUI]:
    """A riichi table in a cell, you in player ``seat`` against three bots of ``level`` (see
    :class:`RiichiSpec` and the module docstring); ``rules`` a preset name or majiang-core's dict."""
    return PlayBoard(RiichiSpec(seed, rules, seat, level, steps), **options)


#: the side column's narrowest width (CSS px): below it, the column goes under the table
SIDE_WIDTH = 300


def _beside(table: widgets.Box, canvas: widgets.Widget, side: list[widgets.Widget]) -> widgets.HBox:
    """The table on the left and, beside it, a column of ``side`` widgets: the whole board is the table's
    height, so it fits a laptop's notebook (1036 × 647 CSS px) with nothing below the fold. In a narrow
    cell the column wraps under the table."""
    shown = canvas.layout.max_width or "600px"  # the width the canvas is shown at (BoardCanvas fits its height)
    table.layout.width = "auto"
    table.layout.flex = f"0 1 {shown}"
    table.layout.min_width = "240px"
    column = widgets.VBox(side, layout=widgets.Layout(flex=f"1 1 {SIDE_WIDTH}px", min_width=f"{SIDE_WIDTH}px",
                                                      max_width="520px", padding="0 0 0 8px"))
    column.add_class("gamelab-riichi-side")
    return widgets.HBox([table, column], layout=widgets.Layout(flex_flow="row wrap", width="100%",
                                                                align_items="flex-start"))


class RulePanel(widgets.Accordion):  # type: ignore[misc]  # ipywidgets has no type information (Any)
    """The lesson's six parameters, the game length and the bots' level, for the next New game: it shows
    the spec's settings (:meth:`show`) and the board tells the spec what the learner changes."""

    def __init__(self) -> None:
        # one setting a line, as wide as the board's side column: no label is cut
        style = {"description_width": "initial"}
        line = widgets.Layout(width="auto", max_width="100%")

        def check(description: str) -> widgets.Checkbox:
            return widgets.Checkbox(description=description, style=style, indent=False, layout=line)

        def menu(options: list[tuple[str, int]], description: str) -> widgets.Dropdown:
            return widgets.Dropdown(options=options, description=description, style=style, layout=line)

        #: a Rules field -> the widget that sets it
        self.fields: dict[str, widgets.ValueWidget] = {
            "abortive_draws": check("途中流局あり abortive draws"),
            "nagashi_mangan": check("流し満貫あり nagashi mangan"),
            "noten_declaration": check("ノーテン宣言あり declare tenpai"),
            "noten_penalty": check("ノーテン罰あり noten penalty"),
            "max_winners": menu([("1 頭ハネ head bump", 1), ("2 ダブロン double ron", 2), ("3 トリロン triple ron", 3)],
                                "最大同時和了数"),
            "dealer_repeats": menu([("0 連荘なし none", 0), ("1 和了連荘 dealer win", 1), ("2 テンパイ連荘 win or tenpai", 2),
                                    ("3 ノーテン連荘 win or any draw", 3)], "連荘方式"),
            "rounds": menu([("0 一局戦 one hand", 0), ("1 東風戦 East", 1), ("2 東南戦 East-South", 2),
                            ("4 一荘戦 all winds", 4)], "場数"),
        }
        f = self.fields
        self.abortive, self.nagashi, self.declaration, self.penalty = (
            f["abortive_draws"], f["nagashi_mangan"], f["noten_declaration"], f["noten_penalty"])
        self.winners, self.repeats, self.rounds = f["max_winners"], f["dealer_repeats"], f["rounds"]
        self.level = widgets.Dropdown(options=list(LEVELS), description="Bots", style=style, layout=line)
        box = widgets.VBox([*self.fields.values(), self.level,
                             widgets.HTML("<small>Changes apply from the next <b>New game</b>.</small>")])
        super().__init__(children=[box], titles=("Rules (ルール)",), selected_index=None)

    def show(self, rules: Rules, level: str) -> None:
        """Show ``rules`` and ``level`` (only the widgets whose value changed)."""
        for name, widget in self.fields.items():
            value = getattr(rules, name)
            if widget.value != value:
                widget.value = value
        if self.level.value != level:
            self.level.value = level


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
        # the caption and the controls beside the table, the slider on a line of its own
        self.slider.layout.width = "100%"
        buttons = [c for c in self.controls.children if c is not self.slider]
        self.controls.children = tuple(buttons)
        self.controls.layout.flex_flow = "row wrap"
        self.children = (_beside(self.view.box, self.canvas, [self.caption, self.controls, self.slider]),)

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
