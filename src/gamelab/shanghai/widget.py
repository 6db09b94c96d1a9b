"""Shanghai as a playable board: its spec for the one PlayBoard, with the tutorial's buttons and behaviour.

* **Start** (開始): a new problem (the deal typed in the Deal # box, else a random one), selection,
  suggestion, undo and flags reset, the clock started, the player's name remembered. Before Start, a
  click on a tile only plays the NG sound.
* **A tile click** (the ``on_click`` handler): select, take a pair, or deselect with the NG sound; the
  board also says why on its status line and outlines the tiles concerned for a moment
  (:func:`controls.explained`).
* **Cancel** (取り消し / もとに戻す): clears the selection or the suggestion, else takes back the last pair
  as Undo does (and Ctrl+Z): through a learner's ``put_back`` where given, refused with the reason where
  it puts the board back wrong; the marks go, the given-up flag stays.
* **Search** (探す): frames a pair that keeps the game winnable and counts the game as given up (a red
  clock). The solver's search is long work, with Stop.
* After each pair the solver checks, beside the game, whether the position can still be cleared; a
  clear goes into the ranking (long work: another program may hold the file), with a text to share.

The field (484 × 480) stands on the left and everything else in a column at its right (``side``), so the
whole board fits a notebook beside JupyterLab's file browser on a 1366 × 768 screen.

>>> board = ShanghaiBoard(deal=1, ranking=None)   # in a notebook cell, the last line shows it
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Callable, Hashable, Mapping, cast

from .. import checks
from ..clock import Clock, format_seconds_with_ms
from ..controls import Response
from ..widgets import BoardSpec, Button, Panel, PlayBoard, Progress, Setting, Work, board_function
from . import controls, page
from .controls import RANDOM_DEALS
from .game import Shanghai
from .page import HOW_TO_PLAY, marquee_frames
from .picture import ShanghaiPicture, ShanghaiUI
from .ranking import Ranking, RankingError

__all__ = ["ShanghaiBoard", "ShanghaiSpec", "HOW_TO_PLAY", "marquee_frames"]

#: seconds the brief outline of a refused click stays on the field
WARNING_SECONDS = 1.6
#: the engine's pieces (:meth:`Shanghai.with_rules`), and every piece a board plays on, by name
ENGINE_PIECES = ("can_select", "search", "check_clear", "init_tiles")
PIECES = (*ENGINE_PIECES, "set_position", "tint", "on_click", "on_cancel", "on_search", "time_text", "put_back",
          "scroll_how_to")


class ShanghaiSpec(BoardSpec[Shanghai, ShanghaiUI]):
    """The tutorial's game in a notebook cell (see the module docstring).

    ``deal`` fixes the first problem (None: random, from ``seed``); ``ranking`` is a :class:`Ranking`, a
    file's path, ``"default"`` for the one in the user's data folder, or None for no ranking; ``warn_unwinnable``
    runs the solver after each pair (within ``solver_nodes`` positions, beside the game).
    ``marquee=True`` scrolls the how-to text along one line above the field, as the tutorial's page
    does, by ``scroll_how_to(left) -> left`` (:func:`~gamelab.shanghai.page.scroll_how_to`, or a
    learner's: giving it turns the marquee on); by default the text is shown whole, in English and
    Japanese, in a folded panel. The other options are the board's (see :class:`~gamelab.widgets.PlayBoard`).

    ``pieces`` plays on replacement pieces by name where given (a learner's: the lesson's ``board_pieces(...)``
    gives them): the engine's ``can_select``, ``search``, ``check_clear`` and ``init_tiles`` (:meth:`Shanghai.with_rules`), the
    picture's ``set_position`` and ``tint`` (:class:`ShanghaiPicture`), the handlers ``on_click``,
    ``on_cancel`` and ``on_search`` (shaped like :func:`controls.click`, :func:`controls.cancel` and
    :func:`controls.search_first`), the clock's ``time_text(milliseconds)``, Undo's ``put_back(grid,
    tile)`` (a ``Tile.Undo``: Undo and Cancel put the two tiles of the last pair back through it, and
    refuse, saying why, where it leaves the board otherwise than it was) and the marquee's ``scroll_how_to``.

    The settings are the spec's: the player's name and the deal typed for the next Start (the Player and
    Deal # boxes). The state of each game (playing, ranked, given up, its place in the ranking, its time)
    is in its :class:`ShanghaiUI` (``board.playing``, ``board.given_up``…), kept with it when Start or
    Load replaces it.
    """

    title = "ShanghaiBoard"
    # the still picture stored beside the widget is a placeholder until the cell runs: at 1 pixel per
    # picture pixel it costs a notebook 28 KB a board, not 64
    picture = ShanghaiPicture(png_scale=1.0)
    action_sound = "remove"
    side = (300, 470)
    clock = True
    clock_format: Callable[[float], str] = staticmethod(format_seconds_with_ms)
    clock_interval = 0.25
    controls = controls
    row = ("start", "cancel", "search", "undo", "redo")  # Start plays New game's part, as in the tutorial
    status_lines = 2
    settings = (Setting("player_name", "Player", width="210px", placeholder="your name (max 32)"),
                Setting("deal_entry", "Deal #", width="150px", placeholder="random", tooltip="The deal in play. "
                        "Type a number for Start to play that deal; otherwise Start deals a new one"))
    settings_title = ""  # shown unfolded, as the tutorial's page shows its boxes

    def __init__(self, deal: int | None = None, *, ranking: Ranking | str | None = "default",
                 player: str | None = None, warn_unwinnable: bool = True, solver_nodes: int = 3000,
                 seed: int | None = None, marquee: bool = False,
                 pieces: Mapping[str, Callable[..., Any]] | None = None) -> None:
        if deal is not None:
            checks.seed("deal", deal)
        if seed is not None:
            checks.seed("seed", seed)
        if player is not None:
            checks.text("player", player, max_length=32)
        self.warn_unwinnable = checks.flag("warn_unwinnable", warn_unwinnable)
        self.solver_nodes = checks.whole("solver_nodes", solver_nodes, low=0, high=10**7)
        checks.flag("marquee", marquee)
        mine = checks.pieces("pieces", pieces, PIECES)
        if not (ranking in (None, "default") or isinstance(ranking, (Ranking, str))):
            raise ValueError(f"ranking must be a Ranking, a file path, 'default' or None, not {ranking!r:.60}")
        self._rng = random.Random(seed)
        self.first_deal = deal if deal is not None else self._rng.choice(RANDOM_DEALS)
        engine = {name: mine.pop(name) for name in ENGINE_PIECES if name in mine}
        self.rules = Shanghai.with_rules(**engine) if engine else Shanghai
        drawing = {name: mine.pop(name) for name in ("set_position", "tint") if name in mine}
        if drawing:
            self.picture = ShanghaiPicture(**drawing, png_scale=1.0)
        self.on_click = mine.get("on_click", controls.click)
        self.on_cancel = mine.get("on_cancel", controls.cancel)
        self.on_search = mine.get("on_search")  # None: the solver's search (a pair that keeps the game winnable)
        self.time_text, self.put_back = mine.get("time_text"), mine.get("put_back")
        time_text = self.time_text
        if time_text is not None:
            self.clock_format = lambda seconds: time_text(int(round(seconds * 1000)))
        scroll_how_to = mine.get("scroll_how_to")
        self.scroll_how_to = scroll_how_to
        self.marquee = marquee or scroll_how_to is not None
        #: the deal box's text while it is what the next Start plays (typed, or the first deal); None: the
        #: box shows the deal in play and Start deals a new one
        self.deal_text: str | None = str(self.first_deal)
        #: the ranking, and why it cannot be used ("": it can; it opened badly, the name was not kept)
        self.ranking, remembered, self.ranking_error = Ranking.open(ranking)
        self.player_name = player if player is not None else remembered
        ranks = page.RankingPanel(self.ranking)
        how_to = (page.marquee_html(marquee_frames(self.scroll_how_to or page.scroll_how_to)) if self.marquee
                  else page.how_to_html())
        self.panels = (Panel("share", lambda spec, game, ui: page.share_html(ui.time_ms, game.deal_number, ui.given_up)),
                       Panel("ranking", lambda spec, game, ui: ranks.html(game.deal_number, ui.entry, ui.ranking_note)),
                       Panel("how_to", lambda spec, game, ui: how_to, above=self.marquee))
        self.buttons = (Button("start", "Start", "Start a new problem (開始)", lambda game, ui: self.start_problem()),
                        Button("cancel", "Cancel", "Clear the selection, or take back the last pair (取り消し)",
                               self._cancel),
                        Button("search", "Search", "Show a pair to take: counts as giving up (探す)", self._search))

    # -- the game and its state ----------------------------------------------------------------------------
    def first_game(self) -> Shanghai:
        return self.rules.new(deal=self.first_deal)

    def make_ui(self, game: Shanghai) -> ShanghaiUI:
        # a game the board is handed (Start's, a loaded one) is played at once; the first waits for Start
        # (build); only Start's games are ranked (a loaded game's time did not start with the game)
        return ShanghaiUI(playing=not game.is_cleared)

    def new_game(self, game: Shanghai, progress: Progress) -> Shanghai:
        return self.rules.new(deal=self._rng.choice(RANDOM_DEALS))

    @property
    def deal_entry(self) -> str:
        """The Deal # box: the deal typed for the next Start, else the deal in play."""
        deal = self.board.game.deal_number
        return self.deal_text if self.deal_text is not None else "" if deal is None else str(deal)

    @deal_entry.setter
    def deal_entry(self, text: str) -> None:
        self.deal_text = text

    def status(self, game: Shanghai, ui: ShanghaiUI) -> str:
        return controls.status(game, ui, self.ranking_error)

    # -- the tutorial's handlers --------------------------------------------------------------------------------
    def start_problem(self) -> None:
        """Start (開始): a new problem — the deal typed in the Deal # box, else a random one — with
        selection, suggestion, undo and the given-up flag reset, the clock from zero and the player's
        name remembered."""
        board = self.board
        if board.refuse_while_busy():
            return
        try:
            request = controls.read_start(self.deal_text or "", self.player_name, self._rng, self.rules)
        except ValueError as exc:
            board.respond(Response.refuse(str(exc)))
            return
        self.player_name = request.player
        if self.ranking is not None:
            try:
                self.ranking.player_name = request.player
            except RankingError as exc:
                self.ranking_error = str(exc)
        self.deal_text = None  # the box shows the deal in play; the next Start deals a new one unless typed
        played = len(board.record) > 0 and not board.game.is_over
        # region start
        board.start(request.game)   # the new problem: a new Record (undo = []), a fresh ShanghaiUI (selected
        #                             = null, sugested = [], isGiveuped = false, isPlaying = true), the start sound
        board.respond(Response(ui=replace(board.ui, ranked=True), message=None if played else ""))
        if board.clock is not None:
            board.clock.start()     # startTime = Date.now()
        # endregion

    def click_on(self, target: Hashable | None) -> None:
        """A click on ``target`` (a :class:`TileAt`; None: the empty field), as the mouse makes it."""
        self.board.respond(self.click(self.board.game, self.board.ui, target))

    def click(self, game: Shanghai, ui: ShanghaiUI, target: Hashable | None) -> Response[ShanghaiUI] | None:
        answer = controls.handle_click(self.on_click, game, ui, target, self.board.message)
        if isinstance(answer, Response) and isinstance(answer.ui, ShanghaiUI) and answer.ui.warned != ((), ()):
            warned = answer.ui.warned  # a refused click's outline leaves the field after a moment
            self.board.later(WARNING_SECONDS, lambda game, ui: Response(ui=replace(ui, warned=((), ())))
                             if ui.warned is warned else None)
        return answer

    def _cancel(self, game: Shanghai, ui: ShanghaiUI) -> Response[ShanghaiUI] | None:
        return controls.handle_cancel(self.on_cancel, game, ui, self.board.message, self.board.record.can_undo)

    def _search(self, game: Shanghai, ui: ShanghaiUI) -> Response[ShanghaiUI] | None:
        return controls.handle_search(self.on_search, game, ui, self.board.message, self.solver_nodes)

    def undoing(self, game: Shanghai, ui: ShanghaiUI) -> Response[ShanghaiUI]:
        record = self.board.record
        return controls.undoing(game, ui, self.put_back, record.position(len(record) - 1), record.actions[-1])

    # -- after a pair ------------------------------------------------------------------------------------------
    def after(self, before: Shanghai, game: Shanghai, action: str) -> Response[ShanghaiUI] | None:
        return Response(sound="win") if game.is_cleared else Response(sound="lose") if game.is_stalemate else None

    def update_clock(self, clock: Clock, game: Shanghai) -> None:
        # a stalemate is not the end: Cancel takes the pair back and the time runs on
        clock.stop() if game.is_cleared else clock.start()

    def automatic(self, game: Shanghai, ui: ShanghaiUI) -> Response[ShanghaiUI] | None:
        """After a pair: a clear is timed and ranked; otherwise the solver checks, beside the game, that
        the position can still be cleared."""
        if not ui.playing or not len(self.board.record):
            return None
        if game.is_cleared:
            return self._cleared(game, ui)
        if self.warn_unwinnable and not game.is_stalemate:
            check = cast("Work[bool | None]", controls.check_winnable(game, self.solver_nodes).work)
            return Response(work=replace(check, then=lambda *now: self._warn(check.then(*now))))
        return None

    def _warn(self, answer: Response[ShanghaiUI] | None) -> None:
        """The solver's warning, said in red without the NG sound of a refusal (nothing was refused)."""
        if answer is not None and answer.message:
            self.board.say(answer.message, error=True)

    def _cleared(self, game: Shanghai, ui: ShanghaiUI) -> Response[ShanghaiUI]:
        clock = self.board.clock
        ms = int(round(clock.clock.elapsed * 1000)) if clock is not None else 0
        shown = self.time_text(ms) if self.time_text is not None else format_seconds_with_ms(ms / 1000)
        return controls.cleared(game, ui, ms, shown, self.ranking, self.player_name)

    # -- what is shown around the field ---------------------------------------------------------------------
    def build(self, board: PlayBoard[Shanghai, ShanghaiUI]) -> None:
        board.ui = replace(board.ui, playing=False)  # the first problem waits for Start

    def show(self, board: PlayBoard[Shanghai, ShanghaiUI]) -> None:
        if board.clock is not None:
            board.clock.color = "#ff0000" if board.ui.given_up else "inherit"
        if not board.ui.playing:  # before Start the tutorial's board takes no input; after a clear the time is kept
            board.button("undo").disabled = board.button("redo").disabled = True


ShanghaiBoard = board_function(ShanghaiSpec)
