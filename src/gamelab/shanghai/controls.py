"""What a click, a key or a button means on the Shanghai board: pure functions, no widget.

The tutorial's handlers (牌が選択されたとき, キャンセル, 探す, 開始) as answers: a tile click selects
the tile, takes a matching pair or deselects with the NG sound (:func:`click`); Cancel clears the marks
or takes back the last pair (:func:`cancel`); Search frames a pair to take and counts the game as given
up (:func:`search_first` the tutorial's first pair, :func:`search` a pair the solver proves safe); Start
reads the Deal # and Player boxes. Before Start the board takes no input (``playing`` False).

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

from ..controls import Response
from .board import parse_position
from .game import Shanghai, pair_action
from .picture import ShanghaiUI, TileAt
from .ranking import clean_player_name
from .solver import winning_hint

__all__ = ["StartRequest", "click", "key", "cancel", "search", "search_first", "read_start", "RANDOM_DEALS"]

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
