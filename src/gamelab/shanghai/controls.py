"""What a click, a key or a button means on the Shanghai board: pure functions, no widget.

The tutorial's handlers (牌が選択されたとき, キャンセル, 探す, 開始) as answers: a tile click selects
the tile, takes a matching pair or deselects with the NG sound (:func:`click`); Cancel clears the marks
or takes back the last pair (:func:`cancel`); Search frames a pair to take and counts the game as given
up (:func:`search_first` the tutorial's first pair, :func:`search` a pair the solver proves safe); Start
reads the Deal # and Player boxes. Before Start the board takes no input (``playing`` False).

The board's own answers are here too: why a click was refused and which tiles to outline
(:func:`why_refused`, :func:`explained`), what a learner's ``put_back`` does wrong (:func:`put_back_problem`),
and the board's state of a game carried over whatever a handler answers (:func:`keep_board_state`).

>>> game = Shanghai.new(deal=1)
>>> a, b = game.search()
>>> first = click(game, ShanghaiUI(), TileAt(*a.position), playing=True); first
Response(ui=ShanghaiUI(selected=(1, 2, 4), suggested=(), given_up=False, banner=None), sound='select')
>>> click(game, first.ui, TileAt(*b.position), playing=True)
Response(action='1.2.4 1.4.4', ui=ShanghaiUI(selected=None, suggested=(), given_up=False, banner=None))
>>> click(game, first.ui, None, playing=True)
Response(ui=ShanghaiUI(selected=None, suggested=(), given_up=False, banner=None), sound='ng')
>>> key(game, ShanghaiUI(), "Escape")
Response(command='cancel')
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from typing import Any, Callable, cast

from ..clock import format_seconds_with_ms
from ..controls import Response
from ..work import Progress, Work
from .game import Shanghai, pair_action
from .picture import ShanghaiUI, TileAt, TileBody
from .ranking import Entry, Ranking, RankingError, clean_player_name
from .solver import is_winnable, winning_hint
from .tutorial import COL_COUNT, Position, Tile, bit_of, free_mask, parse_position

__all__ = ["StartRequest", "click", "key", "cancel", "search", "search_first", "read_start", "RANDOM_DEALS",
           "Refusal", "why_refused", "explained", "without_marks", "keep_board_state", "put_back_problem", "named",
           "search_work", "check_winnable", "cleared"]

#: deal numbers a random Start picks from
RANDOM_DEALS = range(1, 1_000_000)


def click(game: Shanghai, ui: ShanghaiUI, target: object, *, playing: bool) -> Response[ShanghaiUI]:
    """A click on the board (the tutorial's 牌が選択されたとき): the first free tile is selected; a second
    of the same kind takes both; anything else (another kind, the same tile again, a blocked tile or the
    empty field) deselects with the NG sound. Any click clears Search's frame."""
    if not playing:
        return Response(message="Press Start first.", sound="ng")
    cleared = replace(ui, selected=None, suggested=())
    if not isinstance(target, TileAt):
        return Response(ui=cleared, sound="ng")  # the canvas's own onclick: no tile button there
    if ui.selected is None:
        return Response(ui=replace(cleared, selected=target.position), sound="select")
    first, second = game.tile_at(ui.selected), game.tile_at(target.position)
    if ui.selected != target.position and first is not None and second is not None and first.kind == second.kind:
        return Response(action=pair_action(ui.selected, target.position), ui=cleared)
    return Response(ui=cleared, sound="ng")


def key(game: Shanghai, ui: ShanghaiUI, key: str) -> Response[ShanghaiUI] | None:
    """Escape or Backspace presses Cancel, ``s`` presses Search."""
    if key in ("Escape", "Backspace"):
        return Response(command="cancel")
    if key.lower() == "s":
        return Response(command="search")
    return None


def cancel(game: Shanghai, ui: ShanghaiUI, *, playing: bool, can_undo: bool) -> Response[ShanghaiUI] | None:
    """Cancel (取り消し / もとに戻す): clear the selection or Search's frame, else take back the last pair.

    >>> cancel(Shanghai.new(deal=1), ShanghaiUI(selected=(0, 3, 5)), playing=True, can_undo=False)
    Response(ui=ShanghaiUI(selected=None, suggested=(), given_up=False, banner=None), sound='select')
    >>> cancel(Shanghai.new(deal=1), ShanghaiUI(), playing=True, can_undo=True)
    Response(command='undo', sound='select')
    """
    if not playing:
        return None
    if ui.selected is not None or ui.suggested:
        return Response(ui=replace(ui, selected=None, suggested=()), sound="select")
    if not can_undo:
        return Response(sound="ng")
    return Response(command="undo", sound="select")


def search_first(game: Shanghai, ui: ShanghaiUI, *, playing: bool) -> Response[ShanghaiUI] | None:
    """The tutorial's Search (探す): before Start nothing happens; otherwise the select sound, and the
    first pair :meth:`Shanghai.search` finds is framed in red (``sugested``) and the game counts as given
    up (``isGiveuped``). With no pair left there is nothing to frame, and nothing is given up.

    >>> search_first(Shanghai.new(deal=1), ShanghaiUI(), playing=True)
    Response(ui=ShanghaiUI(selected=None, suggested=((1, 2, 4), (1, 4, 4)), given_up=True, banner=None), sound='select')
    """
    if not playing:
        return None
    pair = game.search()
    if pair is None:
        return Response(sound="select")
    first, second = pair
    return Response(ui=replace(ui, suggested=(first.position, second.position), given_up=True), sound="select")


def search(game: Shanghai, ui: ShanghaiUI, *, playing: bool, nodes: int) -> Response[ShanghaiUI] | None:
    """Search (探す) as the play board does it: frame a pair that keeps the game winnable (solver budget
    ``nodes``; the tutorial's first pair when that one is safe). A framed pair counts as giving up;
    when no pair is left there is nothing to frame.

    >>> search(Shanghai.new(deal=1), ShanghaiUI(), playing=True, nodes=500).ui.suggested
    ((1, 2, 4), (1, 4, 4))
    """
    if not playing:
        return None
    hint = winning_hint(game, nodes)
    if hint is None:
        return Response(sound="select")
    suggested = tuple(parse_position(label) for label in hint.split())
    return Response(ui=replace(ui, selected=None, suggested=suggested, given_up=True), sound="select")


@dataclass(frozen=True)
class StartRequest:
    """What Start (開始) plays: a new problem, and the player's name as the box should then show it."""

    game: Shanghai
    player: str


def read_start(deal_text: str, player_text: str, rng: random.Random, rules: type[Shanghai] = Shanghai) -> StartRequest:
    """Start's inputs read: the deal typed in the Deal # box (empty: a random one from ``rng``) and the
    player's name. A bad entry raises ``ValueError`` with the message the status line shows. ``rules``
    makes the problem (a :meth:`Shanghai.with_rules` class playing on a learner's pieces).

    >>> start = read_start(" 7 ", "  Hato ", random.Random(0)); start.game.deal_number, start.player
    (7, 'Hato')
    >>> read_start("", "", random.Random(0)).player
    ''
    >>> read_start("seven", "", random.Random(0))
    Traceback (most recent call last):
    ValueError: Deal #: 'seven' is not a deal number: write a whole number, or leave the box empty for a random deal
    """
    text = deal_text.strip()
    try:
        if text and not text.isdigit():
            raise ValueError("write a whole number, or leave the box empty for a random deal")
        game = rules.new(deal=int(text) if text else rng.choice(RANDOM_DEALS))
    except ValueError as exc:
        raise ValueError(f"Deal #: {text!r} is not a deal number: {exc}") from None
    name = clean_player_name(player_text)
    # An empty box stays empty (the ranking writes "anonymous"); a typed name is shown cleaned.
    return StartRequest(game, "" if name == "anonymous" and not player_text.strip() else name)


# -- the board's own answers ---------------------------------------------------------------------------------
#: the board's state of a game, which a handler's answer never changes (see :class:`ShanghaiUI`)
BOARD_STATE = ("playing", "ranked", "time_ms", "entry", "ranking_note", "banner")


def without_marks(ui: ShanghaiUI) -> ShanghaiUI:
    """``ui`` without the last refused click's outline and words: every input starts so, and a handler
    never sees them."""
    return ui if ui.warned == ((), ()) and not ui.warning else replace(ui, warned=((), ()), warning="")


def keep_board_state(answer: Any, ui: ShanghaiUI) -> Any:
    """A handler's ``answer`` with the board's state of the game taken from ``ui`` (a handler may make a
    fresh ShanghaiUI: the game is still played, ranked, timed as before).

    >>> keep_board_state(Response(ui=ShanghaiUI(selected=(0, 3, 5))), ShanghaiUI(playing=True)).ui.playing
    True
    """
    if not isinstance(answer, Response) or not isinstance(answer.ui, ShanghaiUI):
        return answer
    kept = {name: getattr(ui, name) for name in BOARD_STATE}
    return replace(answer, ui=replace(answer.ui, **kept))


def named(tile: Tile | None) -> str:
    """A tile as the status line names it: its face and place, ``東 (3.0.4)``."""
    return "?" if tile is None else f"{tile.name} ({tile.label})"


@dataclass(frozen=True)
class Refusal:
    """Why a click took nothing: the words, the tiles to outline in red and what blocks them (orange)."""

    words: str
    refused: tuple[Position, ...] = ()
    blockers: tuple[Position, ...] = ()


def why_refused(game: Shanghai, ui: ShanghaiUI, target: object) -> Refusal | None:
    """Why a click on ``target`` (a free tile's face, or a tile's body) took nothing, or None where there
    is nothing to say (a click on the empty field with nothing selected).

    >>> game = Shanghai.new(deal=1)
    >>> why_refused(game, ShanghaiUI(), TileBody(3, 3, 5)).words
    '三筒 (3.3.5) is blocked: a tile lies on it (東 (2.3.5)).'
    """
    selected = game.tile_at(ui.selected) if ui.selected is not None else None
    if isinstance(target, TileAt):
        tile = game.tile_at(target.position)
        if tile is None:
            return None
        if ui.selected == tile.position:
            return Refusal(f"{named(tile)} clicked again: the selection is cleared (a pair is two tiles).")
        if selected is not None and selected.kind != tile.kind:
            return Refusal(f"Not a pair: {named(selected)} and {named(tile)} are different kinds. "
                           "The selection is cleared.", (selected.position, tile.position))
        return None
    tile = game.tile_at(target.position) if isinstance(target, TileBody) else None
    if tile is None:
        return Refusal("No tile there: the selection is cleared.") if selected is not None else None
    if game.can_select(tile.position):
        return Refusal(f"Click on the face of {named(tile)} to take it.")
    depth, row, col = tile.position
    above = game.tile_at((depth - 1, row, col)) if depth > 0 else None
    if above is not None:
        return Refusal(f"{named(tile)} is blocked: a tile lies on it ({named(above)}).",
                       (tile.position,), (above.position,))
    sides = [game.tile_at((depth, row, c)) for c in (col - 1, col + 1) if 0 <= c < COL_COUNT]
    neighbours = [t for t in sides if t is not None]
    if len(neighbours) == 2 and not free_mask(game.present) >> bit_of(tile.position) & 1:
        return Refusal(f"{named(tile)} is blocked: both its sides are taken. Take a tile at an end of a row.",
                       (tile.position,), tuple(t.position for t in neighbours))
    return Refusal(f"{named(tile)} cannot be taken: the board's can_select says no (the tutorial's rule "
                   "would let you take it).", (tile.position,))


def explained(response: Any, game: Shanghai, ui: ShanghaiUI, target: object) -> Any:
    """``response`` with the reason for a refused click added (words, and the tiles outlined), where the
    click handler refused it without a word (the tutorial's bare NG sound). A refusal that outlines
    tiles is said as an error, whose sound is the board's NG: the answer's own is left out."""
    if not (isinstance(response, Response) and ui.playing and response.sound == "ng"
            and response.action is None and response.command is None and response.message is None):
        return response
    try:
        found = why_refused(game, ui, target)
    except Exception:  # a replacement piece (a learner's can_select…) that fails here: the bare NG
        return response
    if found is None:
        return response
    base = response.ui if isinstance(response.ui, ShanghaiUI) else ui
    return replace(response, message=found.words, error=bool(found.refused),
                   sound=None if found.refused else response.sound,
                   ui=replace(base, warned=(found.refused, found.blockers), warning=found.words))


def with_words(answer: Any, ui: ShanghaiUI, words: str | None) -> Response[ShanghaiUI] | None:
    """A handler's ``answer``, taking the field's last refusal words off the status line (``words`` "")
    where it says nothing itself."""
    if words is not None and answer is None:
        return Response(ui=ui, message=words)
    if words is not None and isinstance(answer, Response) and answer.message is None:
        answer = replace(answer, message=words)
    return cast("Response[ShanghaiUI] | None", answer)  # a handler's answer is carried out as it is


def fresh(ui: ShanghaiUI, message: str) -> tuple[ShanghaiUI, str | None]:
    """``ui`` without the last refused click's marks, and "" where its words are still said (``message``:
    the board's words now), to be taken off with the next answer."""
    return without_marks(ui), "" if ui.warning and message == ui.warning else None


def handle_click(on_click: Callable[..., Any], game: Shanghai, ui: ShanghaiUI, target: object,
                 message: str) -> Response[ShanghaiUI] | None:
    """A click through the tutorial's handler ``on_click`` (:func:`click`, or a learner's): it sees the
    tutorial's targets (a free tile's face, or None for a blocked tile and the field) and no marks; a bare
    refusal is explained (:func:`explained`), and the board's state of the game is kept."""
    start, words = fresh(ui, message)
    answer = on_click(game, start, target if isinstance(target, TileAt) else None, playing=start.playing)
    return with_words(explained(keep_board_state(answer, start), game, start, target), start, words)


def handle_cancel(on_cancel: Callable[..., Any], game: Shanghai, ui: ShanghaiUI, message: str,
                  can_undo: bool) -> Response[ShanghaiUI] | None:
    """Cancel (取り消し / もとに戻す) through ``on_cancel``: clear the selection or suggestion, else take
    back a pair (Undo, which says its own words)."""
    start, words = fresh(ui, message)
    answer = on_cancel(game, start, playing=start.playing, can_undo=can_undo)
    if isinstance(answer, Response) and answer.command == "undo":
        words = None  # Undo says its own words: none, or why put_back refuses it
    return with_words(keep_board_state(answer, start), start, words)


def handle_search(on_search: Callable[..., Any] | None, game: Shanghai, ui: ShanghaiUI, message: str,
                  nodes: int) -> Response[ShanghaiUI]:
    """Search (探す): frame a pair to take (the game counts as given up from now on); the solver's search
    is long work on a copy (see :func:`search_work`)."""
    start, words = fresh(ui, message)
    return replace(search_work(game, start, on_search, nodes), message=words)


def undoing(game: Shanghai, ui: ShanghaiUI, put_back: Callable[[Any, Tile], Any] | None, before: Shanghai,
            action: str) -> Response[ShanghaiUI]:
    """Undo taking back ``action`` (played from ``before`` to ``game``) through ``put_back`` where given:
    refused, saying why, where it puts the board back wrong. The marks go, the given-up flag stays (the
    tutorial's Tile.Undo); after a clear the time is kept and Undo refuses."""
    after = replace(without_marks(ui), selected=None, suggested=())
    problem = ("The board is cleared and its time kept: Start plays a new problem." if not ui.playing
               else put_back and put_back_problem(put_back, before, game, action))
    return Response.refuse(problem, ui=after) if problem else Response(ui=after)


def status(game: Shanghai, ui: ShanghaiUI, ranking_error: str = "") -> str:
    """The status line: Start's invitation, the tiles left, a stalemate, the time of a clear, the ranking's note.

    >>> status(Shanghai.new(deal=1), ShanghaiUI(playing=True))
    '136 tiles left.'
    """
    note = ui.ranking_note or ranking_error
    if note and not ui.playing:
        return note
    if not ui.playing and not game.is_cleared:
        return "Press Start to play this problem."
    if game.is_cleared:
        return "Cleared! " + (f"Time {format_seconds_with_ms(ui.time_ms / 1000)}" if ui.time_ms is not None else "")
    given_up = " · Search used: this game counts as given up." if ui.given_up else ""
    if game.is_stalemate:
        return "手詰まりです — stalemate: no pair can be taken. Cancel takes back the last pair." + given_up
    return f"{game.tiles_left} tiles left." + given_up


def put_back_problem(put_back: Callable[[Any, Tile], Any], before: Shanghai, after: Shanghai,
                     action: str) -> str | None:
    """What a learner's ``put_back`` (Tile.Undo) does wrong in putting back the pair ``action`` took from
    ``before`` to ``after``, on the tutorial's grid; None where it puts the board back as it was."""
    taken = [tile for label in action.split() if (tile := before.tile_at(label)) is not None]
    grid = after.grid()
    names = " and ".join(named(t) for t in taken)
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
    shown = named(has) if isinstance(has, Tile) else repr(has)
    said = (f"{d}.{r}.{c} should hold {named(should)} again, but holds {shown}" if should is not None
            else f"your tile_undo put {shown} at {d}.{r}.{c}, where no tile lay")
    return f"Undo: putting back {names}, {said}. The pair stays taken."


# -- long work the board asks for: on copies and plain values, its answer checked against the game then ------
def search_work(game: Shanghai, ui: ShanghaiUI, handler: Callable[..., Any] | None, nodes: int) -> Response[ShanghaiUI]:
    """Search (探す) as long work: ``handler`` (a learner's ``on_search``) or the solver's :func:`search`
    on a copy of ``game``; its answer is carried out only if the game has not moved on meanwhile."""
    position, playing = game.copy(), ui.playing

    def run(progress: Progress) -> Any:
        if handler is not None:
            return handler(position, ui, playing=playing)
        return search(position, ui, playing=playing, nodes=nodes)

    def then(answer: Any, now: Shanghai, now_ui: ShanghaiUI) -> Any:
        return keep_board_state(answer, now_ui) if now is game else None

    return Response(ui=ui, work=Work("Searching for a pair that keeps the game winnable", run, then))


def check_winnable(game: Shanghai, nodes: int) -> Response[ShanghaiUI]:
    """After a pair: the solver asks, beside the game (the board takes moves meanwhile), whether ``game``
    can still be cleared; the warning is said only if the board still shows that position."""
    position = game.copy()

    def warn(winnable: bool | None, now: Shanghai, ui: ShanghaiUI) -> Response[ShanghaiUI] | None:
        if winnable is False and now is game and ui.playing:
            return Response(message="Careful: this position can no longer be cleared (the solver proved it). "
                                    "Cancel takes back the last pair.", error=True)
        return None

    return Response(work=Work("Checking that the game can still be won", lambda progress: is_winnable(position, nodes),
                              warn, beside=True, failed=lambda exc: f"(the solver could not check this position: {exc})"))


def cleared(game: Shanghai, ui: ShanghaiUI, ms: int, shown: str, ranking: Ranking | None,
            player: str) -> Response[ShanghaiUI]:
    """The board is clear in ``ms`` milliseconds (``shown`` as the clock writes it): the game stops, and a
    game Start began keeps its time in ``ranking``, as long work (another program holding the file makes
    it wait); the ranking's refusal is said on the board."""
    done = replace(ui, playing=False, time_ms=ms, banner=f"Cleared in {shown}" + (" (Search used)" if ui.given_up else ""))
    if not ui.ranked:
        return Response(ui=replace(done, ranking_note="not ranked: a loaded game's time did not start with the game"))
    if ranking is None:
        return Response(ui=done)
    given_up, deal = ui.given_up, game.deal_number

    def keep(progress: Progress) -> Entry | Exception:
        try:
            return ranking.add(player, ms, given_up=given_up, deal=deal)
        except (RankingError, ValueError) as exc:  # a refusal is an answer, said on the board
            return exc

    def kept(answer: Entry | Exception, now: Shanghai, now_ui: ShanghaiUI) -> Response[ShanghaiUI] | None:
        if now is not game:
            return None
        if isinstance(answer, Exception):
            return Response(ui=replace(now_ui, ranking_note=f"not ranked: {answer}"))
        return Response(ui=replace(now_ui, entry=answer))

    return Response(ui=done, work=Work("Keeping your time in the ranking", keep, kept))
