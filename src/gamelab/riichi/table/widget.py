"""The playable table: the learner in one seat against three bots, on a canvas.

Click a tile of your hand to discard it. The buttons under the table change with the moment: Tsumo,
Ron, Riichi (then click the tile to discard with it), Chi / Pon / Kan with each possible meld, Nine
terminals (九種九牌), Declare tenpai, Pass, Next hand. The rule panel sets the six parameters of the
lesson (and the length of the game) for the next New game; the result panel shows each hand's yaku,
fu, han and payments, or the draw and who was tenpai. Keys: Enter or n for Next hand / Pass, t for
Tsumo / Ron, r for Riichi.

>>> board = RiichiBoard(seed=1, rules={'場数': 0})   # in a notebook, the last line of a cell shows it
>>> board.game.legal_actions()[0]
'm1'
"""

from __future__ import annotations

from html import escape
from typing import Any, Hashable

import ipywidgets as widgets

from ...widgets import PlayBoard
from .game import RiichiGame
from .picture import TablePicture, TableView, result_lines
from ..rules import describe_rules, make_rules

__all__ = ["RiichiBoard", "RiichiGamePicture", "RecordViewer", "ACTION_LABELS"]

#: how each non-discard action is labelled on its button
ACTION_LABELS = {"tsumo": "Tsumo ツモ", "ron": "Ron ロン", "pass": "Pass", "next": "Next hand ▶",
                 "nine": "Nine terminals 九種九牌", "declare": "Declare tenpai テンパイ"}


class RiichiGamePicture(TablePicture):
    """The table seen from the learner's seat of a :class:`RiichiGame`."""

    def draw(self, p: Any, state: Any, ui: Any = None) -> None:
        view = state if isinstance(state, TableView) else TableView.of(state.table, state.seat_id)
        super().draw(p, view, ui)


class RiichiBoard(PlayBoard):
    """A game of riichi in a cell (see the module docstring)."""

    picture = RiichiGamePicture()
    action_sound = "click"

    def __init__(self, seed: int = 0, rules: dict[str, Any] | str | None = None, seat: int = 0,
                 **options: Any) -> None:
        self._next_seed = seed
        self.rule_panel = _RulePanel(make_rules(rules))
        self._pool: list[widgets.Button] = []
        self.calls = widgets.HBox(layout=widgets.Layout(flex_flow="row wrap"))
        self.result_panel = widgets.HTML(layout=widgets.Layout(min_height="2em"))
        self.result_panel.add_class("gamelab-riichi-result")
        self._seat = seat
        super().__init__(RiichiGame.new(seed=seed, seat=seat, rules=describe_rules(make_rules(rules))), **options)
        self.children = (self.children[0], self.status_line, self.calls, self.result_panel, *self.children[2:],
                         self.rule_panel)
        self.refresh()

    # -- what the table adds to PlayBoard -----------------------------------------------------------
    def make_ui(self) -> dict[str, Any]:
        return {"riichi": False, "riichi_options": (), "selected": None}

    def on_click(self, target: Hashable | None) -> None:
        if not (isinstance(target, tuple) and target[0] == "tile"):
            return
        option = target[1]
        if self.ui["riichi"]:
            self.ui["riichi"] = False
            self.act(f"riichi {option}")
        else:
            self.act(option)

    def on_key(self, key: str) -> None:
        """Keys: Enter or n = next hand / pass, t = tsumo or ron, r = riichi (then click a tile)."""
        actions = self.game.legal_actions()
        wanted = {"Enter": ("next", "pass"), "n": ("next", "pass"), "t": ("tsumo", "ron")}.get(key, ())
        for action in wanted:
            if action in actions:
                self.ui["riichi"] = False
                self.act(action)
                return
        if key == "r" and any(a.startswith("riichi") for a in actions):
            self.press("riichi")

    def status(self) -> str:
        game = self.game
        table = game.table  # type: ignore[attr-defined]
        if game.is_over:
            points = ", ".join(f"{name} {p}" for name, p in zip(table.names, table.paipu["point"]))
            return f"Game over: {points}"
        return f"{table.hand_name()} · {game.prompt}"  # type: ignore[attr-defined]

    def fresh_game(self) -> RiichiGame:
        # New game = the next seed and the rules set in the panel
        self._next_seed += 1
        return RiichiGame.new(seed=self._next_seed, seat=self._seat, rules=describe_rules(self.rule_panel.rules()))

    def after_action(self, action: str) -> None:
        super().after_action(action)
        table = self.game.table  # type: ignore[attr-defined]
        if table.status in ("hule", "pingju") and table.results:
            self.play_sound("win" if "hule" in table.results[-1] else "start")

    def refresh(self) -> None:
        if "_pool" not in self.__dict__ or not hasattr(self, "calls"):
            return super().refresh()
        self._update_buttons()
        self._update_result()
        super().refresh()

    # -- the action buttons ----------------------------------------------------------------------
    def _update_buttons(self) -> None:
        game = self.game
        actions = game.legal_actions()
        riichi = [a for a in actions if a.startswith("riichi ")]
        others = [a for a in actions if " " in a and not a.startswith("riichi ") or a in ACTION_LABELS]
        self.ui["riichi_options"] = tuple(a.split()[1] + "*" for a in riichi)
        wanted: list[tuple[str, str]] = []
        if riichi:
            wanted.append(("riichi", "Riichi 立直 (then click a tile)" if not self.ui["riichi"] else "Riichi: click a tile…"))
        wanted += [(a, ACTION_LABELS.get(a, a.replace("chi", "Chi チー").replace("pon", "Pon ポン")
                                        .replace("kan", "Kan カン"))) for a in others]
        while len(self._pool) < len(wanted):
            button = widgets.Button(layout=widgets.Layout(width="auto"))
            button.add_class("gamelab-riichi-action")
            button.on_click(self._pressed_action)
            self._pool.append(button)
        for button, (action, label) in zip(self._pool, wanted):
            button._action = action
            button.description = label
            button.button_style = "warning" if action == "riichi" else "success" if action in ("tsumo", "ron") else ""
            button.layout.display = None
        for button in self._pool[len(wanted):]:
            button._action = None
            button.layout.display = "none"
        children = tuple(self._pool)
        if self.calls.children != children:
            self.calls.children = children

    def _pressed_action(self, button: widgets.Button) -> None:
        action = getattr(button, "_action", None)
        if action is None:
            return
        if action == "riichi":
            self.ui["riichi"] = not self.ui["riichi"]
            self.say("Riichi: click the tile to discard with it" if self.ui["riichi"] else "")
            self._update_buttons()
            self.redraw()
            return
        self.ui["riichi"] = False
        self.act(action)

    def press(self, action: str) -> None:
        """Press the button of ``action`` (as a click would): for tests and lessons."""
        for button in self._pool:
            if getattr(button, "_action", None) == action and button.layout.display != "none":
                button.click()
                return
        raise LookupError(f"no button for {action!r} now; buttons: {[b._action for b in self._pool if b._action]}")

    # -- the result panel ------------------------------------------------------------------------
    def _update_result(self) -> None:
        table = self.game.table  # type: ignore[attr-defined]
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


def _seat_names(table: Any, log: list[dict[str, Any]]) -> list[str] | None:
    """Player names by seat for the hand a log belongs to."""
    if not log or "qipai" not in log[0]:
        return None
    jushu = log[0]["qipai"]["jushu"]
    return [table.names[(table.qijia + jushu + s) % 4] for s in range(4)]


class _RulePanel(widgets.Accordion):
    """The lesson's six parameters, the game length and a preset, for the next New game."""

    def __init__(self, rules: Any) -> None:
        style = {"description_width": "initial"}
        self.base = rules
        self.abortive = widgets.Checkbox(value=rules.abortive_draws, description="途中流局あり abortive draws", style=style)
        self.nagashi = widgets.Checkbox(value=rules.nagashi_mangan, description="流し満貫あり nagashi mangan", style=style)
        self.declaration = widgets.Checkbox(value=rules.noten_declaration, description="ノーテン宣言あり declare tenpai",
                                            style=style)
        self.penalty = widgets.Checkbox(value=rules.noten_penalty, description="ノーテン罰あり noten penalty", style=style)
        self.winners = widgets.Dropdown(options=[("1 頭ハネ head bump", 1), ("2 ダブロン double ron", 2),
                                                 ("3 トリロン triple ron", 3)], value=rules.max_winners,
                                        description="最大同時和了数", style=style)
        self.repeats = widgets.Dropdown(options=[("0 連荘なし none", 0), ("1 和了連荘 dealer win", 1),
                                                 ("2 テンパイ連荘 win or tenpai", 2), ("3 ノーテン連荘 win or any draw", 3)],
                                        value=rules.dealer_repeats, description="連荘方式", style=style)
        self.rounds = widgets.Dropdown(options=[("0 一局戦 one hand", 0), ("1 東風戦 East", 1), ("2 東南戦 East-South", 2),
                                                ("4 一荘戦 all winds", 4)], value=rules.rounds, description="場数",
                                       style=style)
        box = widgets.VBox([widgets.HBox([self.abortive, self.nagashi]), widgets.HBox([self.declaration, self.penalty]),
                            widgets.HBox([self.winners, self.repeats, self.rounds]),
                            widgets.HTML("<small>Changes apply from the next <b>New game</b>.</small>")])
        super().__init__(children=[box], titles=("Rules (ルール)",), selected_index=None)

    def rules(self) -> Any:
        return self.base.replace(abortive_draws=self.abortive.value, nagashi_mangan=self.nagashi.value,
                                 noten_declaration=self.declaration.value, noten_penalty=self.penalty.value,
                                 max_winners=self.winners.value, dealer_repeats=self.repeats.value,
                                 rounds=self.rounds.value)


class RecordViewer(widgets.VBox):
    """Step through a game record (majiang-core's paipu): a slider, ◀ ▶ buttons and the table.

    >>> from gamelab.riichi.table import Table, Bot
    >>> paipu = Table(players=[Bot(seed=i) for i in range(4)], seed=2, qijia=0, rules={'場数': 0}).run().paipu
    >>> viewer = RecordViewer(paipu)
    >>> viewer.step(5); viewer.position
    5
    """

    def __init__(self, paipu: dict[str, Any]) -> None:
        from ipycanvas import Canvas

        from .picture import HEIGHT, WIDTH
        from .viewer import record_views

        self.views = record_views(paipu)
        self.picture = TablePicture()
        self.canvas = Canvas(width=WIDTH, height=HEIGHT,
                             layout=widgets.Layout(width=f"{WIDTH}px", height=f"{HEIGHT}px", min_width=f"{WIDTH}px"))
        self.canvas.on_client_ready(self._client_ready)
        self.slider = widgets.IntSlider(value=0, min=0, max=len(self.views) - 1, description="Event",
                                        continuous_update=True, layout=widgets.Layout(width="520px"))
        back = widgets.Button(description="◀", layout=widgets.Layout(width="48px"), tooltip="Previous event")
        forward = widgets.Button(description="▶", layout=widgets.Layout(width="48px"), tooltip="Next event")
        next_hand = widgets.Button(description="Next hand ▶▶", layout=widgets.Layout(width="auto"))
        back.on_click(lambda _: self.step(-1))
        forward.on_click(lambda _: self.step(1))
        next_hand.on_click(lambda _: self.next_hand())
        self.caption = widgets.HTML()
        self.slider.observe(lambda _: self.redraw(), names="value")
        super().__init__([widgets.HBox([self.canvas]), self.caption,
                          widgets.HBox([back, self.slider, forward, next_hand])])
        self.redraw()

    @property
    def position(self) -> int:
        return self.slider.value

    def step(self, delta: int) -> None:
        """Move ``delta`` events (negative: back)."""
        self.slider.value = max(0, min(self.slider.max, self.slider.value + delta))

    def next_hand(self) -> None:
        """Jump to the deal of the next hand."""
        for i in range(self.slider.value + 1, len(self.views)):
            if "deal" in self.views[i].caption:
                self.slider.value = i
                return
        self.slider.value = self.slider.max

    def redraw(self) -> None:
        from ipycanvas import hold_canvas

        from ...pictures import CanvasPainter

        view = self.views[self.slider.value]
        with hold_canvas():
            self.canvas.clear()
            self.picture.paint(CanvasPainter(self.canvas), view)
        self.caption.value = escape(view.caption)

    def _client_ready(self) -> None:
        self.canvas._canvas_manager._current_canvas = None  # the blank-board fix, as PlayBoard does
        self.redraw()

    def __repr__(self) -> str:
        return f"<RecordViewer: {len(self.views)} events>"
