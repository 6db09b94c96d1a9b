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

import re
from html import escape
from typing import Any, Hashable, Mapping

import ipywidgets as widgets

from ... import checks
from ...widgets import PlayBoard, viewer
from ..rules import Rules, describe_rules, make_rules
from . import controls
from .bots import DEFAULT_LEVEL, LEVELS
from .endings import RuleSteps
from .engine import Table
from .game import RiichiGame
from .picture import (
    RiichiGamePicture,
    RiichiUI,
    TablePicture,
    TableView,
    call_options,
    record_views,
    result_lines,
    tile_words,
)

__all__ = ["RiichiBoard", "RecordViewer"]


class RiichiBoard(PlayBoard[RiichiGame, RiichiUI]):
    """A game of riichi in a cell (see the module docstring)."""

    picture = RiichiGamePicture()
    action_sound = "click"
    children: tuple[widgets.Widget, ...]  # the VBox's trait, rearranged in build() (ipywidgets has no types)

    def __init__(self, seed: int = 0, rules: dict[str, Any] | str | None = None, seat: int = 0,
                 level: str = DEFAULT_LEVEL, steps: RuleSteps | None = None, **options: Any) -> None:
        checks.seed("seed", seed)
        checks.whole("seat", seat, low=0, high=3)
        checks.one_of("level", level, LEVELS)
        checks.instance("steps", steps, RuleSteps, "the steps your_pieces(...) gives (a RuleSteps)")
        self._next_seed = seed
        self._seat = seat
        # the draws and dealer repeats play on these (a learner's): every new game, and a loaded save, too
        self.game_class = RiichiGame.with_steps(steps) if steps is not None else RiichiGame
        self.rule_panel = _RulePanel(make_rules(rules), level)
        self.result_panel = widgets.HTML(layout=widgets.Layout(min_height="2em"))
        self.result_panel.add_class("gamelab-riichi-result")
        super().__init__(self.game_class.new(seed=seed, seat=seat, rules=describe_rules(make_rules(rules)),
                                             level=level), **options)

    def build(self) -> None:
        # The status, the hand's result, the buttons and the folded panels in a column beside the table
        # (the calls are on the table): see _beside.
        status = next(c for c in self.children if self.status_line in getattr(c, "children", ()))
        rest = [c for c in self.children if c is not self.view.box and c is not status]
        if self.record_panel is not None:  # its row of Save, Load and the slider wraps in the narrow column
            for box in self.record_panel.children:
                for row in getattr(box, "children", ()):
                    if isinstance(row, widgets.HBox):
                        row.layout.flex_flow = "row wrap"
            self.review.layout.width = "100%"
            self.review.layout.max_width = "340px"
        self.children = (_beside(self.view.box, self.canvas, [status, self.result_panel, *rest, self.rule_panel]),)

    # -- what the table adds to PlayBoard -----------------------------------------------------------
    def make_ui(self) -> RiichiUI:
        return RiichiUI()

    def on_click(self, target: Hashable | None) -> None:
        response = controls.click(self.game, self.ui, target)
        if response is not None and response.action is not None:
            self._show_discard(response.action)
        self.respond(response)

    def _show_discard(self, action: str) -> None:
        """Your discard shown at once, in your river, before the table runs on (the others' turns and
        the engine's bookkeeping take tens of milliseconds more): only your hand row and the new river
        tile, drawn over the frame on screen as one small message."""
        found = re.fullmatch(r"(riichi )?([mpsz]\d_?)", action)
        if found is None:  # not a discard
            return
        tile = found.group(2) + ("*" if found.group(1) else "")
        game = self.game
        view = TableView.of(game.table, game.seat_id)
        try:
            view.hands[view.me].discard(tile)
            view.rivers[view.me].discard(tile)
        except ValueError:  # not a discard this picture can show ahead: the real frame follows anyway
            return
        view.options, view.turn, view.status = None, view.me, "dapai"
        ui = self.ui
        self.view.draw_part(lambda p: self._table.draw_discard(p, view, ui), work_follows=True)

    def on_key(self, key: str) -> None:
        self.respond(controls.key(self.game, self.ui, key))

    _table = TablePicture()

    def status(self) -> str:
        table = self.game.table
        if self.game.is_over:
            points = ", ".join(f"{name} {p}" for name, p in zip(table.names, table.paipu["point"]))
            return f"Game over: {points}"
        # the tiles as the lesson names them ("left discarded 1m", "… 白 (white dragon)"), not in the engine's notation
        prompt = re.sub(r"\b([mpsz]\d)\b", lambda m: tile_words(m.group(1), long=True), self.game.prompt)
        return f"{table.hand_name()} · {prompt}"

    def fresh_game(self) -> RiichiGame:
        # New game = the next seed and the rules set in the panel
        self._next_seed += 1
        return self.game_class.new(seed=self._next_seed, seat=self._seat,
                                   rules=describe_rules(self.rule_panel.rules()), level=self.rule_panel.level.value)

    def after_action(self, action: str) -> None:
        super().after_action(action)
        table = self.game.table
        if table.status in ("hule", "pingju") and table.results:
            self.play_sound("win" if "hule" in table.results[-1] else "start")

    def refresh(self) -> None:
        self._update_result()
        super().refresh()

    # -- the choices on the table ------------------------------------------------------------------
    @property
    def call_actions(self) -> list[str]:
        """The actions of the choices offered on the table now (``'riichi'``, ``'pon z111+'``, ``'pass'``…)."""
        return call_options(self.game.legal_actions())

    def press(self, action: str) -> None:
        """Press the choice of ``action`` on the table (as a click on it would): for tests and lessons."""
        if action not in self.call_actions:
            raise LookupError(f"no choice {action!r} on the table now; choices: {self.call_actions}")
        self.respond(controls.press(self.game, self.ui, action))

    # -- the result panel ------------------------------------------------------------------------
    def _update_result(self) -> None:
        table = self.game.table
        if not table.results:
            html = "<i>No hand finished yet.</i>"
        else:
            names = [table.names[table.player_id[s]] for s in range(4)]
            finished = [log for log in table.paipu["log"] if log and ("hule" in log[-1] or "pingju" in log[-1])]
            seat_names = _seat_names(table, finished[-1]) if finished else None
            lines = result_lines(table.results[-1], seat_names or names)
            html = "<b>" + escape(lines[0]) + "</b><br>" + "<br>".join(escape(line) for line in lines[1:])
        if self.result_panel.value != html:
            self.result_panel.value = html


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


def _seat_names(table: Table, log: list[dict[str, Any]]) -> list[str] | None:
    """Player names by seat for the hand a log belongs to."""
    if not log or "qipai" not in log[0]:
        return None
    jushu = log[0]["qipai"]["jushu"]
    return [table.names[(table.qijia + jushu + s) % 4] for s in range(4)]


class _RulePanel(widgets.Accordion):  # type: ignore[misc]  # ipywidgets has no type information (Any)
    """The lesson's six parameters, the game length and the bots' level, for the next New game."""

    def __init__(self, rules: Rules, level: str = DEFAULT_LEVEL) -> None:
        # one setting a line, as wide as the board's side column: no label is cut
        style = {"description_width": "initial"}
        line = widgets.Layout(width="auto", max_width="100%")
        self.base = rules
        self.abortive = widgets.Checkbox(value=rules.abortive_draws, description="途中流局あり abortive draws",
                                         style=style, indent=False, layout=line)
        self.nagashi = widgets.Checkbox(value=rules.nagashi_mangan, description="流し満貫あり nagashi mangan",
                                        style=style, indent=False, layout=line)
        self.declaration = widgets.Checkbox(value=rules.noten_declaration, description="ノーテン宣言あり declare tenpai",
                                            style=style, indent=False, layout=line)
        self.penalty = widgets.Checkbox(value=rules.noten_penalty, description="ノーテン罰あり noten penalty",
                                        style=style, indent=False, layout=line)
        self.winners = widgets.Dropdown(options=[("1 頭ハネ head bump", 1), ("2 ダブロン double ron", 2),
                                                 ("3 トリロン triple ron", 3)], value=rules.max_winners,
                                        description="最大同時和了数", style=style, layout=line)
        self.repeats = widgets.Dropdown(options=[("0 連荘なし none", 0), ("1 和了連荘 dealer win", 1),
                                                 ("2 テンパイ連荘 win or tenpai", 2), ("3 ノーテン連荘 win or any draw", 3)],
                                        value=rules.dealer_repeats, description="連荘方式", style=style, layout=line)
        self.rounds = widgets.Dropdown(options=[("0 一局戦 one hand", 0), ("1 東風戦 East", 1), ("2 東南戦 East-South", 2),
                                                ("4 一荘戦 all winds", 4)], value=rules.rounds, description="場数",
                                       style=style, layout=line)
        self.level = widgets.Dropdown(options=list(LEVELS), value=level, description="Bots", style=style, layout=line)
        box = widgets.VBox([self.abortive, self.nagashi, self.declaration, self.penalty, self.winners, self.repeats,
                            self.rounds, self.level,
                            widgets.HTML("<small>Changes apply from the next <b>New game</b>.</small>")])
        super().__init__(children=[box], titles=("Rules (ルール)",), selected_index=None)

    def rules(self) -> Rules:
        return self.base.replace(abortive_draws=self.abortive.value, nagashi_mangan=self.nagashi.value,
                                 noten_declaration=self.declaration.value, noten_penalty=self.penalty.value,
                                 max_winners=self.winners.value, dealer_repeats=self.repeats.value,
                                 rounds=self.rounds.value)


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
