"""Shanghai as a playable board, with the tutorial's buttons and behaviour on top of PlayBoard.

* **Start** (開始): a new problem, selection/suggestion/undo/flags reset, the clock started, the
  player name remembered. Before Start, a click on a tile only plays the NG sound.
* **A tile click**: the first selects it; a second of the same kind takes both; anything else
  (another kind, the same tile, a blocked tile, an empty spot) deselects with the NG sound.
* **Cancel** (取り消し / もとに戻す): clears the selection or the suggestion, else takes back the last pair.
* **Search** (探す): frames a pair that keeps the game winnable (the tutorial's first pair when that
  one is safe) and marks the game as given up: the clock turns red (``ShanghaiUI.given_up``).
* Stalemate (手詰まり) and clear are announced; a cleared game goes into the ranking, with a
  "share your time" text. After each pair the solver checks the position: if it can no longer be
  cleared the status line says so at once, before the stalemate arrives.

>>> board = ShanghaiBoard(deal=1, ranking=None)   # in a notebook cell, the last line shows it
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import replace
from html import escape
from typing import Any, Callable, Hashable

import ipywidgets as widgets

from ..clock import format_seconds_with_ms
from ..controls import Response
from ..widgets import PlayBoard
from . import controls
from .controls import RANDOM_DEALS
from .game import Shanghai
from .page import HOW_TO_PLAY
from .picture import ShanghaiPicture, ShanghaiUI
from .ranking import Entry, Ranking, RankingError, share_text
from .solver import is_winnable

__all__ = ["ShanghaiBoard", "HOW_TO_PLAY"]

# the how-to text in its two languages, shown whole by default (a marquee cuts it mid-sentence)
HOW_TO_PLAY_JA, HOW_TO_PLAY_EN = HOW_TO_PLAY[:HOW_TO_PLAY.index("Take two")], HOW_TO_PLAY[HOW_TO_PLAY.index("Take two"):]
_HOW_TO_STYLE = ("max-width:484px;box-sizing:border-box;font-size:13px;line-height:1.4;color:#103030;"
                 "background:#e6f3f3;border-left:4px solid #008b8b;padding:4px 8px;margin-bottom:2px")

_MARQUEE_CSS = """<style>
.gamelab-marquee {overflow:hidden; white-space:nowrap; width:484px; font-weight:bold; color:#fff;
  background:#008b8b; padding:2px 0;}
.gamelab-marquee span {display:inline-block; padding-left:100%; animation:gamelab-scroll 60s linear infinite;}
@keyframes gamelab-scroll {from {transform:translateX(0);} to {transform:translateX(-100%);}}
</style>"""


class ShanghaiBoard(PlayBoard[Shanghai, ShanghaiUI]):
    """The tutorial's game in a notebook cell.

    ``deal`` fixes the first problem (None: random); ``ranking`` is a :class:`Ranking`, ``"default"``
    for the one in the user's data folder, or None for no ranking; ``warn_unwinnable`` runs the solver
    after each pair (within ``solver_nodes`` positions, after the frame of the pair has gone out).
    ``marquee=True`` scrolls the how-to text along one line, as the tutorial's page does (default: the
    text shown whole, in English and Japanese).

    The board plays on replacement pieces where given (a learner's, in the lesson): the engine's
    ``can_select``, ``search``, ``check_clear`` and ``init_tiles`` (:meth:`Shanghai.with_rules`), the
    picture's ``set_position`` and ``tint`` (:class:`ShanghaiPicture`), the handlers ``on_click``,
    ``on_cancel`` and ``on_search`` (shaped like :func:`controls.click`, :func:`controls.cancel` and
    :func:`controls.search_first`) and the clock's ``time_text(milliseconds)``.
    """

    picture = ShanghaiPicture()
    action_sound = "remove"
    # Undo keeps the interface state's given-up flag (the tutorial's Cancel never clears isGiveuped):
    # :meth:`undo` clears only the marks.
    reset_ui_on_undo = False

    def __init__(self, deal: int | None = None, *, ranking: Ranking | str | None = "default",
                 player: str | None = None, warn_unwinnable: bool = True, solver_nodes: int = 3000,
                 seed: int | None = None, can_select: Callable[..., bool] | None = None,
                 search: Callable[..., Any] | None = None, check_clear: Callable[..., bool] | None = None,
                 init_tiles: Callable[..., Any] | None = None,
                 set_position: Callable[[int, int, int], Any] | None = None,
                 tint: Callable[[int, bool], Any] | None = None,
                 on_click: Callable[..., Any] | None = None, on_cancel: Callable[..., Any] | None = None,
                 on_search: Callable[..., Any] | None = None, time_text: Callable[[int], str] | None = None,
                 marquee: bool = False, **options: Any) -> None:
        self._rng = random.Random(seed)
        first = deal if deal is not None else self._rng.choice(RANDOM_DEALS)
        engine = {"can_select": can_select, "search": search, "check_clear": check_clear, "init_tiles": init_tiles}
        self.rules = Shanghai.with_rules(**engine) if any(engine.values()) else Shanghai
        if set_position is not None or tint is not None:
            options["picture"] = ShanghaiPicture(set_position=set_position, tint=tint)
        self._click = on_click or controls.click
        self._cancel = on_cancel or controls.cancel
        self._search = on_search or self._solver_search
        self._time_text = time_text
        if time_text is not None:
            options.setdefault("clock_format", lambda seconds: time_text(int(round(seconds * 1000))))
        self.playing = False     # isPlaying
        self.ranked = True       # False for a loaded game: its time did not start with the game
        self.warn_unwinnable = warn_unwinnable
        self.solver_nodes = solver_nodes
        self.last_entry: Entry | None = None
        self.ranking_error = ""
        self.ranking: Ranking | None = None
        if ranking == "default":
            try:
                self.ranking = Ranking()
            except RankingError as exc:
                self.ranking_error = str(exc)
        elif isinstance(ranking, Ranking):
            self.ranking = ranking
        remembered = ""
        if self.ranking is not None:
            try:
                remembered = self.ranking.player_name
            except RankingError as exc:
                self.ranking_error = str(exc)
        self.player = widgets.Text(value=player if player is not None else remembered, description="Player",
                                   placeholder="your name (max 32)", layout=widgets.Layout(width="260px"))
        # The deal in play (before Start: the one Start plays). Start deals a new random problem, unless
        # a number was typed since: then it plays that deal.
        self.deal_box = widgets.Text(value=str(first), description="Deal #", placeholder="random",
                                     tooltip="The deal in play. Type a number for Start to play that deal; "
                                             "otherwise Start deals a new one",
                                     layout=widgets.Layout(width="200px"))
        self._box_plays_next = True  # the box's number is what the next Start plays (typed, or the first deal)
        self._filling_box = False
        self.deal_box.observe(self._deal_typed, names="value")
        self.share = widgets.HTML()
        self.ranking_view = widgets.HTML()
        if marquee:
            self.how_to = widgets.HTML(_MARQUEE_CSS + f'<div class="gamelab-marquee"><span>{escape(HOW_TO_PLAY)}'
                                       f"</span></div>")
        else:
            self.how_to = widgets.HTML(f'<div class="gamelab-how-to" style="{_HOW_TO_STYLE}">'
                                       f"<b>How to play.</b> {escape(HOW_TO_PLAY_EN)}<br>"
                                       f'<span lang="ja">{escape(HOW_TO_PLAY_JA)}</span></div>')
        options.setdefault("clock_format", format_seconds_with_ms)
        options.setdefault("clock_interval", 0.25)
        super().__init__(self.rules.new(deal=first), clock=True, **options)

    def build(self) -> None:
        self.button("new").layout.display = "none"  # Start plays that part, as in the tutorial
        self.add_button("Start", self.start_problem, "Start a new problem (開始)", name="start")
        self.add_button("Cancel", self.cancel, "Clear the selection, or take back the last pair (取り消し)",
                        name="cancel")
        self.add_button("Search", self.search, "Show a pair to take: counts as giving up (探す)", name="search")
        self.extras.children = (widgets.VBox([widgets.HBox([self.player, self.deal_box]), self.share,
                                              self.ranking_view]),)
        self.children: tuple[widgets.Widget, ...] = (self.how_to, *self.children)  # the marquee on top
        self._show_ranking()

    def make_ui(self) -> ShanghaiUI:
        return ShanghaiUI()

    def status(self) -> str:
        game = self.game
        if self.ranking_error and not self.playing:
            return self.ranking_error
        if not self.playing and not game.is_cleared:
            return "Press Start to play this problem."
        if game.is_cleared:
            return "Cleared! " + (f"Time {format_seconds_with_ms(self.clock.clock.elapsed)}" if self.clock else "")
        given_up = " · Search used: this game counts as given up." if self.ui.given_up else ""
        if game.is_stalemate:
            return "手詰まりです — stalemate: no pair can be taken. Cancel takes back the last pair." + given_up
        return f"{game.tiles_left} tiles left." + given_up

    @property
    def given_up(self) -> bool:
        """Search was used in this game (the tutorial's ``isGiveuped``): the clock is red and the time is
        ranked apart."""
        return self.ui.given_up

    def refresh(self) -> None:
        if self.clock is not None:
            self.clock.colour = "#ff0000" if self.ui.given_up else "inherit"
        super().refresh()
        # Undo/Redo only while playing: after a clear the time is in the ranking, and before Start the
        # tutorial's board takes no input at all.
        if not self.playing:
            self.button("undo").disabled = True
            self.button("redo").disabled = True

    # -- the tutorial's handlers ------------------------------------------------------------------
    def start_problem(self) -> None:
        """Start (開始): a new problem — the deal typed in the Deal # box, else a random one — with
        selection, suggestion, undo and the given-up flag reset, the clock from zero and the player's
        name remembered."""
        try:
            typed = self.deal_box.value if self._box_plays_next else ""
            request = controls.read_start(typed, self.player.value, self._rng, self.rules)
        except ValueError as exc:
            self.respond(Response.refuse(str(exc)))
            return
        self.player.value = request.player
        if self.ranking is not None:
            try:
                self.ranking.player_name = self.player.value
            except RankingError as exc:
                self.ranking_error = str(exc)
        # The box shows the deal in play; like the tutorial's Start, the next Start deals a new problem
        # unless a number is typed in the box before it.
        self._filling_box = True
        try:
            deal = request.game.deal_number
            self.deal_box.value = "" if deal is None else str(deal)
        finally:
            self._filling_box = False
        self._box_plays_next = False
        self.share.value = ""
        # region start
        self.playing = True         # isPlaying = true
        self.start(request.game)    # the new problem; a new Record (undo = []), a fresh ShanghaiUI
        #                             (selected = null, sugested = [], isGiveuped = false), the start sound
        if self.clock is not None:
            self.clock.start()      # startTime = Date.now()
        # endregion
        self._show_ranking()

    def start(self, game: Shanghai) -> None:
        """Play ``game`` (Start's new problem): its time is ranked. The game it replaces is kept, with its
        flags, for Undo."""
        super().start(game)
        self.ranked = True

    def _deal_typed(self, change: Any) -> None:
        if not self._filling_box:
            self._box_plays_next = True

    def on_click(self, target: Hashable | None) -> None:
        self.respond(self._click(self.game, self.ui, target, playing=self.playing))

    def on_key(self, key: str) -> None:
        self.respond(controls.key(self.game, self.ui, key))

    def cancel(self) -> None:
        """Cancel (取り消し / もとに戻す): clear the selection or suggestion, else take back a pair."""
        self.respond(self._cancel(self.game, self.ui, playing=self.playing, can_undo=self.record.can_undo))

    def search(self) -> None:
        """Search (探す): frame a pair to take; the game counts as given up from now on (a red clock).

        The solver's search is long work: it runs off the kernel's thread, with a Stop button.
        """
        game, ui, playing = self.game.copy(), self.ui, self.playing
        self.run_long(lambda progress: self._search(game, ui, playing=playing),
                      "Searching for a pair that keeps the game winnable", self.respond)

    def _solver_search(self, game: Shanghai, ui: ShanghaiUI, *, playing: bool) -> Response[ShanghaiUI] | None:
        return controls.search(game, ui, playing=playing, nodes=self.solver_nodes)

    def undo(self) -> None:
        """Take back the last pair; the marks go, the given-up flag stays (the tutorial's Tile.Undo)."""
        self.ui = ShanghaiUI(given_up=self.ui.given_up)
        super().undo()

    def after_action(self, action: str) -> None:
        game = self.game
        if game.is_cleared:
            self._cleared()
        elif game.is_stalemate:
            self.play_sound("lose")
        elif self.warn_unwinnable:
            self._after_frame(self._check_winnable, len(self.record))

    def _after_frame(self, work: Callable[[int], None], length: int) -> None:
        """Run ``work(length)`` once the frame of this action has gone to the page (on the kernel's next
        loop turn), so the solver's search never holds up the pair disappearing. A cell's code (or plain
        Python) gets it at once, as a plain call."""
        if self._can_work_in_background():
            self.view.let_out()
            asyncio.get_running_loop().call_soon(work, length)
        else:
            work(length)

    def _check_winnable(self, length: int) -> None:
        if len(self.record) != length or not self.playing:  # the game moved on meanwhile
            return
        if is_winnable(self.game, self.solver_nodes) is False:
            self.say("Careful: this position can no longer be cleared (the solver proved it). "
                     "Cancel takes back the last pair.", error=True)

    def _cleared(self) -> None:
        self.playing = False
        ms = 0
        if self.clock is not None:
            self.clock.stop()
            ms = int(round(self.clock.clock.elapsed * 1000))
        self.play_sound("win")
        deal = self.game.deal_number
        if not self.ranked:
            self.ranking_error = "not ranked: a loaded game's time did not start with the game"
        elif self.ranking is not None:
            try:
                self.last_entry = self.ranking.add(self.player.value, ms, given_up=self.given_up, deal=deal)
            except (RankingError, ValueError) as exc:
                self.ranking_error = f"not ranked: {exc}"
        shown = self._time_text(ms) if self._time_text is not None else format_seconds_with_ms(ms / 1000)
        banner = f"Cleared in {shown}" + (" (Search used)" if self.given_up else "")
        self.ui = replace(self.ui, banner=banner)
        self.share.value = ("<b>Share your time:</b> <code>"
                            f"{escape(share_text(ms, deal=deal, given_up=self.given_up))}</code>")
        self._show_ranking()

    # -- a loaded game, and games New game / Load replaced ---------------------------------------------
    def resume(self) -> None:
        """A loaded game is played at once (no Start needed), its clock running from zero; it is not
        ranked, since its time did not start with the game."""
        self.playing = not self.game.is_cleared
        self.ranked = False
        self.share.value = ""
        if self.clock is not None and self.playing:
            self.clock.start()
        self._show_ranking()

    def board_state(self) -> Any:
        """Start's and the ranking's flags (Search's given-up flag is in the interface state, kept too)."""
        return (self.playing, self.ranked, self.share.value, self.ranking_error)

    def restore_board_state(self, state: Any) -> None:
        self.playing, self.ranked, self.share.value, self.ranking_error = state
        self._show_ranking()

    def _show_ranking(self) -> None:
        if self.ranking is None:
            self.ranking_view.value = ""
            return
        try:
            entries = self.ranking.top(5, deal=self.game.deal_number, include_given_up=True)
        except RankingError as exc:
            self.ranking_view.value = f"<i>{escape(str(exc))}</i>"
            return
        cell = "padding:1px 10px 1px 0"
        rows = "".join(
            f"<tr><td style='{cell}'>{e.rank}</td><td style='{cell}'>{escape(e.player)}</td>"
            f"<td style='{cell};font-family:monospace'>{escape(e.time_text)}</td>"
            f"<td style='{cell}'>{'(Search used)' if e.given_up else ''}</td></tr>" for e in entries)
        body = rows or "<tr><td colspan=4><i>no cleared games yet</i></td></tr>"
        note = "<br><i>The ranking file is read-only: new times are not kept.</i>" if self.ranking.read_only else ""
        self.ranking_view.value = (f"<b>Ranking, deal #{self.game.deal_number}</b>"
                                   f"<table style='border-collapse:collapse'>{body}</table>{note}")
