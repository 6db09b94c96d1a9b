"""Shanghai as a playable board, with the tutorial's buttons and behaviour on top of PlayBoard.

* **Start** (開始): a new problem, selection/suggestion/undo/flags reset, the clock started, the
  player name remembered. Before Start, a click on a tile only plays the NG sound.
* **A tile click**: the first selects it; a second of the same kind takes both; anything else
  (another kind, the same tile, a blocked tile, an empty spot) deselects with the NG sound. The board
  also says why on its status line and outlines the tiles concerned for a moment: a mismatched pair in
  red, a blocked tile in red with what blocks it (the tile on top, or both neighbours) in orange.
* **Cancel** (取り消し / もとに戻す): clears the selection or the suggestion, else takes back the last pair.
* **Search** (探す): frames a pair that keeps the game winnable (the tutorial's first pair when that
  one is safe) and marks the game as given up: the clock turns red (``ShanghaiUI.given_up``).
* Stalemate (手詰まり) and clear are announced; a cleared game goes into the ranking, with a
  "share your time" text. After each pair the solver checks the position: if it can no longer be
  cleared the status line says so at once, before the stalemate arrives.

The field (484 × 480) stands on the left and everything else in a column at its right — the status
line first, then the buttons, the clock and volume, the player's name and deal, the ranking, and the
folded panels (how to play, the record) — so the whole board fits a notebook beside JupyterLab's
file browser on a 1366 × 768 screen; a narrow page puts the column under the field.

>>> board = ShanghaiBoard(deal=1, ranking=None)   # in a notebook cell, the last line shows it
"""

from __future__ import annotations

import asyncio
import hashlib
import random
from dataclasses import replace
from html import escape
from typing import Any, Callable, Hashable

import ipywidgets as widgets

from .. import checks
from ..clock import format_seconds_with_ms
from ..controls import Response
from ..widgets import PlayBoard, Progress
from . import controls
from .board import COL_COUNT, Position, Tile, bit_of, free_mask
from .controls import RANDOM_DEALS
from .game import Shanghai
from .page import HOW_TO_PLAY, HOW_TO_START
from .page import scroll_how_to as shipped_scroll
from .picture import ShanghaiPicture, ShanghaiUI, TileAt
from .ranking import Entry, Ranking, RankingError, share_text
from .solver import is_winnable

__all__ = ["ShanghaiBoard", "HOW_TO_PLAY", "marquee_frames"]

# the how-to text in its two languages, shown whole in a folded panel by default (a marquee cuts it mid-sentence)
HOW_TO_PLAY_JA, HOW_TO_PLAY_EN = HOW_TO_PLAY[:HOW_TO_PLAY.index("Take two")], HOW_TO_PLAY[HOW_TO_PLAY.index("Take two"):]
_HOW_TO_STYLE = ("font-size:13px;line-height:1.4;color:#103030;background:#e6f3f3;border-left:4px solid #008b8b;"
                 "padding:2px 8px")

#: seconds the brief outline of a refused click stays on the field
WARNING_SECONDS = 1.6
#: frames of the tutorial's update loop per second (requestAnimationFrame), and the most simulated
FRAMES_PER_SECOND = 60
MAX_MARQUEE_FRAMES = 12_000


def marquee_frames(scroll: Callable[[int], int], start: int = HOW_TO_START) -> list[int]:
    """The how-to text's left margins, one per frame, as ``scroll`` (the tutorial's ``update`` step, a
    learner's ``scroll_how_to``) moves them from ``start``: one round, until a margin comes back (at most
    :data:`MAX_MARQUEE_FRAMES`). The board's marquee plays them as a browser animation.

    >>> frames = marquee_frames(shipped_scroll); len(frames), frames[:3], frames[-2:]
    (2801, [500, 499, 498], [-2299, -2300])
    """
    frames: list[int] = []
    seen: set[int] = set()
    left = start
    while left not in seen and len(frames) < MAX_MARQUEE_FRAMES:
        seen.add(left)
        frames.append(left)
        left = int(scroll(left))
    return frames


def _marquee_html(frames: list[int]) -> str:
    """A one-line box with the how-to text moving through ``frames`` (left margins, 60 a second) for ever."""
    step = max(1, len(frames) // 60)  # at most about 60 keyframes; the browser moves straight between them
    keys = list(range(0, len(frames), step)) + [len(frames) - 1]
    last = max(1, len(frames) - 1)
    stops = " ".join(f"{100 * i / last:.3f}% {{margin-left:{frames[i]}px}}" for i in dict.fromkeys(keys))
    name = "gamelab-howto-" + hashlib.sha1(stops.encode()).hexdigest()[:10]
    seconds = max(len(frames), 1) / FRAMES_PER_SECOND
    return (f"<style>@keyframes {name} {{{stops}}} .{name} {{animation:{name} {seconds:.2f}s linear infinite}}</style>"
            '<div class="gamelab-marquee" style="overflow:hidden;white-space:nowrap;width:100%;max-width:490px;'
            'font-weight:bold;color:#fff;background:#008b8b;padding:2px 0">'
            f'<span class="{name}" style="display:inline-block;margin-left:{frames[0]}px">{escape(HOW_TO_PLAY)}'
            "</span></div>")


class ShanghaiBoard(PlayBoard[Shanghai, ShanghaiUI]):
    """The tutorial's game in a notebook cell.

    ``deal`` fixes the first problem (None: random); ``ranking`` is a :class:`Ranking`, ``"default"``
    for the one in the user's data folder, or None for no ranking; ``warn_unwinnable`` runs the solver
    after each pair (within ``solver_nodes`` positions, after the frame of the pair has gone out).
    ``marquee=True`` scrolls the how-to text along one line above the field, as the tutorial's page does,
    by ``scroll_how_to(left) -> left`` (:func:`~gamelab.shanghai.page.scroll_how_to`, or a learner's:
    giving it turns the marquee on); by default the text is shown whole, in English and Japanese, in a
    folded panel.

    The board plays on replacement pieces where given (a learner's, in the lesson): the engine's
    ``can_select``, ``search``, ``check_clear`` and ``init_tiles`` (:meth:`Shanghai.with_rules`), the
    picture's ``set_position`` and ``tint`` (:class:`ShanghaiPicture`), the handlers ``on_click``,
    ``on_cancel`` and ``on_search`` (shaped like :func:`controls.click`, :func:`controls.cancel` and
    :func:`controls.search_first`), the clock's ``time_text(milliseconds)``, Undo's ``put_back(grid,
    tile)`` (a ``Tile.Undo``: Cancel and Undo put the two tiles of the last pair back through it, and
    refuse, saying why, where it leaves the board otherwise than it was) and the marquee's
    ``scroll_how_to``.
    """

    # the still picture stored beside the widget is a placeholder until the cell runs: at 1 pixel per
    # picture pixel it costs a notebook 28 KB a board, not 64
    picture = ShanghaiPicture(png_scale=1.0)
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
                 put_back: Callable[..., Any] | None = None, scroll_how_to: Callable[[int], int] | None = None,
                 marquee: bool = False, **options: Any) -> None:
        if deal is not None:
            checks.seed("deal", deal)
        if seed is not None:
            checks.seed("seed", seed)
        if player is not None:
            checks.text("player", player, max_length=32)
        checks.flag("warn_unwinnable", warn_unwinnable)
        checks.whole("solver_nodes", solver_nodes, low=0, high=10**7)
        checks.flag("marquee", marquee)
        for name, piece in (("can_select", can_select), ("search", search), ("check_clear", check_clear),
                            ("init_tiles", init_tiles), ("set_position", set_position), ("tint", tint),
                            ("on_click", on_click), ("on_cancel", on_cancel), ("on_search", on_search),
                            ("time_text", time_text), ("put_back", put_back), ("scroll_how_to", scroll_how_to)):
            checks.function(name, piece)
        if not (ranking in (None, "default") or isinstance(ranking, (Ranking, str))):
            raise ValueError(f"ranking must be a Ranking, a file path, 'default' or None, not {ranking!r:.60}")
        options.setdefault("clock", True)
        self._rng = random.Random(seed)
        first = deal if deal is not None else self._rng.choice(RANDOM_DEALS)
        engine = {"can_select": can_select, "search": search, "check_clear": check_clear, "init_tiles": init_tiles}
        self.rules = Shanghai.with_rules(**engine) if any(engine.values()) else Shanghai
        if set_position is not None or tint is not None:
            options["picture"] = ShanghaiPicture(set_position=set_position, tint=tint, png_scale=1.0)
        self._click = on_click or controls.click
        self._cancel = on_cancel or controls.cancel
        self._search = on_search or self._solver_search
        self._time_text = time_text
        self._put_back = put_back
        self._pressed_at: tuple[float, float] | None = None
        self._warning = ""          # the status line's words about the last refused click
        self._warning_token: object | None = None
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
        narrow = {"description_width": "initial"}
        self.player = widgets.Text(value=player if player is not None else remembered, description="Player",
                                   placeholder="your name (max 32)", style=narrow,
                                   layout=widgets.Layout(width="210px"))
        # The deal in play (before Start: the one Start plays). Start deals a new random problem, unless
        # a number was typed since: then it plays that deal.
        self.deal_box = widgets.Text(value=str(first), description="Deal #", placeholder="random",
                                     tooltip="The deal in play. Type a number for Start to play that deal; "
                                             "otherwise Start deals a new one",
                                     style=narrow, layout=widgets.Layout(width="150px"))
        self._box_plays_next = True  # the box's number is what the next Start plays (typed, or the first deal)
        self._filling_box = False
        self.deal_box.observe(self._deal_typed, names="value")
        self.share = widgets.HTML()
        self.ranking_view = widgets.HTML()
        self.marquee = marquee or scroll_how_to is not None
        if self.marquee:
            self.how_to = widgets.HTML(_marquee_html(marquee_frames(scroll_how_to or shipped_scroll)))
        else:
            self.how_to = widgets.HTML(f'<details class="gamelab-how-to"><summary style="cursor:pointer">'
                                       f'How to play (遊び方)</summary><div style="{_HOW_TO_STYLE}">'
                                       f"{escape(HOW_TO_PLAY_EN)}<br>"
                                       f'<span lang="ja">{escape(HOW_TO_PLAY_JA)}</span></div></details>')
        options.setdefault("clock_format", format_seconds_with_ms)
        options.setdefault("clock_interval", 0.25)
        super().__init__(self.rules.new(deal=first), **options)

    def build(self) -> None:
        self.button("new").layout.display = "none"  # Start plays that part, as in the tutorial
        self.add_button("Start", self.start_problem, "Start a new problem (開始)", name="start")
        self.add_button("Cancel", self.cancel, "Clear the selection, or take back the last pair (取り消し)",
                        name="cancel")
        self.add_button("Search", self.search, "Show a pair to take: counts as giving up (探す)", name="search")
        self.buttons.children = tuple(self.button(name) for name in ("new", "start", "cancel", "search", "undo", "redo"))
        self.extras.children = (widgets.HBox([self.player, self.deal_box], layout=widgets.Layout(flex_flow="row wrap")),)
        # PlayBoard stacks the canvas, the status line and the rest; here the field stands on the left and
        # the rest in a column at its right, so the board is no taller than the field (with a marquee, a
        # line more). On a page too narrow for both, the column goes under the field.
        field, status, *rest = list(self.children)
        panels = [self.share, self.ranking_view] + ([] if self.marquee else [self.how_to])
        folded = [w for w in rest if w is self.record_panel]  # the record's panel last, under the ranking
        side = widgets.VBox([status, *(w for w in rest if w is not self.record_panel), *panels, *folded],
                            layout=widgets.Layout(flex="1 1 300px", min_width="300px", max_width="470px",
                                                  padding="0 0 0 10px"))
        side.add_class("gamelab-side")
        self.status_line.layout.min_height = "3.2em"  # a message of two lines does not move the buttons
        left = widgets.VBox([self.how_to, field] if self.marquee else [field],
                            layout=widgets.Layout(flex="0 1 484px", min_width="0", max_width="490px"))
        self.children = (widgets.HBox([left, side], layout=widgets.Layout(flex_flow="row wrap",
                                                                          align_items="flex-start")),)
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
        played = len(self.record) > 0 and not self.game.is_over
        super().start(game)
        self.ranked = True
        if not played:  # nothing was played in the game replaced: no word about bringing it back
            self.say("")

    def _deal_typed(self, change: Any) -> None:
        if not self._filling_box:
            self._box_plays_next = True

    def target_at(self, x: float, y: float) -> Hashable | None:
        self._pressed_at = (x, y)  # kept for on_click: a click on a blocked tile has no target, only a place
        return super().target_at(x, y)

    def on_click(self, target: Hashable | None) -> None:
        pressed, self._pressed_at = self._pressed_at, None
        ui = self._fresh_ui()
        response = self._click(self.game, ui, target, playing=self.playing)
        self.respond(self._explained(response, ui, target, pressed))

    # -- a refused click, said on screen ---------------------------------------------------------------
    def _fresh_ui(self) -> ShanghaiUI:
        """The interface state without the last refused click's marks and words (every input starts so)."""
        if self.ui.warned != ((), ()):
            self.ui = replace(self.ui, warned=((), ()))
        if self._warning and self.message == self._warning:
            self.message = ""
        self._warning = ""
        return self.ui

    def _explained(self, response: Any, ui: ShanghaiUI, target: Hashable | None,
                   pressed: tuple[float, float] | None) -> Any:
        """``response`` with the reason for a refused click added (words, and the tiles outlined), when the
        click handler refused it without a word (the tutorial's bare NG sound)."""
        if not (isinstance(response, Response) and self.playing and response.sound == "ng"
                and response.action is None and response.command is None and response.message is None):
            return response
        try:
            found = self._why_refused(ui, target, pressed)
        except Exception:  # a replacement piece (a learner's set_position…) that fails here: the bare NG
            return response
        if found is None:
            return response
        words, refused, blockers = found
        base = response.ui if isinstance(response.ui, ShanghaiUI) else ui
        self._warning = words or ""
        self._clear_marks_later()
        # an error plays the board's refused sound (the NG sound) itself: the answer's own is left out
        return replace(response, message=words, error=bool(refused), sound=None if refused else response.sound,
                       ui=replace(base, warned=(tuple(refused), tuple(blockers))))

    def _why_refused(self, ui: ShanghaiUI, target: Hashable | None,
                     pressed: tuple[float, float] | None) -> tuple[str | None, list[Position], list[Position]] | None:
        game = self.game
        selected = game.tile_at(ui.selected) if ui.selected is not None else None
        if isinstance(target, TileAt):
            tile = game.tile_at(target.position)
            if tile is None:
                return None
            if ui.selected == tile.position:
                return f"{_named(tile)} clicked again: the selection is cleared (a pair is two tiles).", [], []
            if selected is not None and selected.kind != tile.kind:
                return (f"Not a pair: {_named(selected)} and {_named(tile)} are different kinds. "
                        "The selection is cleared.", [selected.position, tile.position], [])
            return None
        tile = self.picture.tile_under(game, *pressed) if pressed is not None else None
        if tile is None:
            return ("No tile there: the selection is cleared." if selected is not None else None), [], []
        if game.can_select(tile.position):
            return f"Click on the face of {_named(tile)} to take it.", [], []
        depth, row, col = tile.position
        above = game.tile_at((depth - 1, row, col)) if depth > 0 else None
        if above is not None:
            return (f"{_named(tile)} is blocked: a tile lies on it ({_named(above)}).",
                    [tile.position], [above.position])
        sides = [game.tile_at((depth, row, c)) for c in (col - 1, col + 1) if 0 <= c < COL_COUNT]
        neighbours = [t for t in sides if t is not None]
        if len(neighbours) == 2 and not _shipped_free(game, tile):
            return (f"{_named(tile)} is blocked: both its sides are taken. Take a tile at an end of a row.",
                    [tile.position], [t.position for t in neighbours])
        return (f"{_named(tile)} cannot be taken: the board's can_select says no (the tutorial's rule would "
                "let you take it).", [tile.position], [])

    def _clear_marks_later(self) -> None:
        """Take the refused click's outline off the field after :data:`WARNING_SECONDS` (while the kernel's
        event loop runs; otherwise, at the next input)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        token = self._warning_token = object()

        def clear() -> None:
            if token is self._warning_token and self.ui.warned != ((), ()):
                self.ui = replace(self.ui, warned=((), ()))
                self.redraw()

        loop.call_later(WARNING_SECONDS, clear)

    def on_key(self, key: str) -> None:
        self.respond(controls.key(self.game, self.ui, key))

    def cancel(self) -> None:
        """Cancel (取り消し / もとに戻す): clear the selection or suggestion, else take back a pair."""
        self._fresh_ui()
        self.respond(self._cancel(self.game, self.ui, playing=self.playing, can_undo=self.record.can_undo))

    def search(self) -> None:
        """Search (探す): frame a pair to take; the game counts as given up from now on (a red clock).

        The solver's search is long work: it runs off the kernel's thread, with a Stop button.
        """
        game, ui, playing = self.game.copy(), self._fresh_ui(), self.playing
        self.run_long(lambda progress: self._search(game, ui, playing=playing),
                      "Searching for a pair that keeps the game winnable", self.respond)

    def _solver_search(self, game: Shanghai, ui: ShanghaiUI, *, playing: bool) -> Response[ShanghaiUI] | None:
        return controls.search(game, ui, playing=playing, nodes=self.solver_nodes)

    def undo(self) -> None:
        """Take back the last pair; the marks go, the given-up flag stays (the tutorial's Tile.Undo).

        With a ``put_back`` piece, the two tiles go back through it, on the tutorial's grid: where it
        leaves that grid otherwise than before the pair was taken, the pair stays taken and the status
        line says what went wrong."""
        self.ui = ShanghaiUI(given_up=self.ui.given_up)
        if self._put_back is not None and self.record.can_undo and not self.refuse_while_busy():
            problem = self._put_back_problem()
            if problem is not None:
                self.say(problem, error=True)
                self.play_sound(self.refused_sound)
                self.redraw()
                return
        super().undo()

    def _put_back_problem(self) -> str | None:
        """What the ``put_back`` piece does wrong in putting back the last pair, or None (it does it right)."""
        put_back = self._put_back
        if put_back is None:
            return None
        before = self.record.position(len(self.record) - 1)
        taken = [before.tile_at(label) for label in self.record.actions[-1].split()]
        grid = self.game.grid()
        names = " and ".join(_named(t) for t in taken if t is not None)
        try:
            for tile in taken:
                put_back(grid, tile)
        except Exception as exc:
            return f"Undo: putting back {names}, your tile_undo raised {type(exc).__name__}: {exc}"
        try:
            wrong = [(d, r, c) for d, layer in enumerate(before.grid()) for r, line in enumerate(layer)
                     for c, tile in enumerate(line) if grid[d][r][c] != tile]
        except (TypeError, IndexError, KeyError):
            return f"Undo: putting back {names}, your tile_undo left the grid out of shape; the pair stays taken."
        if not wrong:
            return None
        d, r, c = wrong[0]
        should = before.tile_at((d, r, c))
        has = grid[d][r][c]
        shown = _named(has) if isinstance(has, Tile) else repr(has)
        said = (f"{d}.{r}.{c} should hold {_named(should)} again, but holds {shown}" if should is not None
                else f"your tile_undo put {shown} at {d}.{r}.{c}, where no tile lay")
        return f"Undo: putting back {names}, {said}. The pair stays taken."

    def after_action(self, action: str) -> None:
        game = self.game
        if game.is_cleared:
            self._cleared()
        elif game.is_stalemate:
            self.play_sound("lose")
        elif self.warn_unwinnable:
            self._check_winnable()

    def _check_winnable(self) -> None:
        """Ask the solver whether the position can still be cleared, beside the game: off the kernel's thread
        after a click (the pair's frame goes first), on a copy of the position, the board taking clicks
        meanwhile; the warning is said only if the game has not moved on. A cell's code gets it at once."""
        position, length, nodes = self.game.copy(), len(self.record), self.solver_nodes

        def warn(winnable: bool | None) -> None:
            if winnable is False and len(self.record) == length and self.playing:  # not if the game moved on
                self.say("Careful: this position can no longer be cleared (the solver proved it). "
                         "Cancel takes back the last pair.", error=True)

        self.run_beside(lambda: is_winnable(position, nodes), warn,
                        failed=lambda exc: self.say(f"(the solver could not check this position: {exc})"))

    def _cleared(self) -> None:
        self.playing = False
        ms = 0
        if self.clock is not None:
            self.clock.stop()
            ms = int(round(self.clock.clock.elapsed * 1000))
        self.play_sound("win")
        deal = self.game.deal_number
        shown = self._time_text(ms) if self._time_text is not None else format_seconds_with_ms(ms / 1000)
        banner = f"Cleared in {shown}" + (" (Search used)" if self.given_up else "")
        self.ui = replace(self.ui, banner=banner)
        self.share.value = ("<b>Share your time:</b> <code>"
                            f"{escape(share_text(ms, deal=deal, given_up=self.given_up))}</code>")
        self._show_ranking()
        if not self.ranked:
            self.ranking_error = "not ranked: a loaded game's time did not start with the game"
        elif self.ranking is not None:
            self._rank(self.ranking, self.player.value, ms, deal)

    def _rank(self, ranking: Ranking, player: str, ms: int, deal: int | None) -> None:
        """Keep the time in the ranking, as long work: another program holding the file makes it wait (up to
        the ranking's timeout in all), never on the kernel's thread after a click, and Stop gives up."""
        given_up = self.given_up

        def keep(progress: Progress) -> Entry | Exception:
            try:
                return ranking.add(player, ms, given_up=given_up, deal=deal)
            except (RankingError, ValueError) as exc:  # the ranking's refusal is an answer, said on the board
                return exc

        def kept(answer: Entry | Exception) -> None:
            if isinstance(answer, Exception):
                self.ranking_error = f"not ranked: {answer}"
            else:
                self.last_entry = answer
            self._show_ranking()
            self.refresh()

        self.run_long(keep, "Keeping your time in the ranking", kept)

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


def _named(tile: Tile | None) -> str:
    """A tile as the status line names it: its face and place, ``東 (3.0.4)``."""
    return "?" if tile is None else f"{tile.name} ({tile.label})"


def _shipped_free(game: Shanghai, tile: Tile) -> bool:
    """The tutorial's own rule on ``tile``, whatever rule the board plays on."""
    return bool(free_mask(game.present) >> bit_of(tile.position) & 1)
