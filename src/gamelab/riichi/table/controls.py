"""What a click, a key or a call button means at the riichi table: pure functions, no widget.

* A click on one of your tiles that may go (a :class:`Discard` target) discards it, with riichi if
  the Riichi button was pressed just before (:attr:`RiichiUI.riichi`).
* The choices on the table (:class:`Call` targets, one per :func:`call_buttons`) follow the legal
  actions: Riichi (then click a tile), Tsumo, Ron, Chi / Pon / Kan (吃 碰 槓) with each possible meld's
  tiles, Nine terminals (九種九牌), Declare tenpai, Pass, Next hand; :func:`press` says what one does.
* Keys (:func:`key`): Enter or n for Next hand / Pass, t for Tsumo / Ron, r for Riichi.

>>> game = RiichiGame.new(seed=1, rules={'場数': 0})
>>> click(game, RiichiUI(), Discard('m1'))
Response(action='m1', ui=RiichiUI(riichi=False, riichi_options=()))
>>> click(game, RiichiUI(riichi=True), Discard('m1')).action
'riichi m1'
>>> key(game, RiichiUI(), 'Enter') is None   # nothing to pass: it is your turn to discard
True
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

from ...controls import Response
from .game import RiichiGame
from .picture import CALL_WORDS, Call, Discard, RiichiUI, call_label, call_options, tile_words

__all__ = ["CallButton", "ACTION_LABELS", "KEYS", "click", "key", "press", "call_buttons", "status", "after", "Call"]

#: how each non-discard action is labelled (chi, pon and kan name their meld's tiles: :func:`call_label`)
ACTION_LABELS = {kind: call_label(kind) for kind in CALL_WORDS if kind not in ("chi", "pon", "kan", "riichi")}

#: key -> the actions it plays, the first that is legal now
KEYS = {"Enter": ("next", "pass"), "n": ("next", "pass"), "t": ("tsumo", "ron")}


@dataclass(frozen=True)
class CallButton:
    """One button under the table: the action it plays, its label and its color (an ipywidgets
    ``button_style``: ``'warning'`` for Riichi, ``'success'`` for a win)."""

    action: str
    label: str
    style: str = ""


def _settled(ui: RiichiUI) -> RiichiUI:
    """The interface after an action: riichi no longer pending."""
    return replace(ui, riichi=False, riichi_options=())


def click(game: RiichiGame, ui: RiichiUI, target: object) -> Response[RiichiUI] | None:
    """A click on a tile that may go discards it (with riichi if Riichi is pending); a click on a choice
    on the table presses it; elsewhere nothing."""
    if isinstance(target, Call):
        return press(game, ui, target.action)
    if not isinstance(target, Discard):
        return None
    return Response.play(f"riichi {target.tile}" if ui.riichi else target.tile, ui=_settled(ui))


def key(game: RiichiGame, ui: RiichiUI, key: str) -> Response[RiichiUI] | None:
    """Enter or n: Next hand or Pass; t: Tsumo or Ron; r: Riichi (then click a tile). Else nothing.

    >>> key(RiichiGame.new(seed=1, rules={'場数': 0}), RiichiUI(), 't') is None
    True
    """
    actions = game.legal_actions()
    for action in KEYS.get(key, ()):
        if action in actions:
            return Response.play(action, ui=_settled(ui))
    if key == "r" and any(a.startswith("riichi ") for a in actions):
        return press(game, ui, "riichi")
    return None


def press(game: RiichiGame, ui: RiichiUI, action: str) -> Response[RiichiUI]:
    """The button of ``action`` was pressed: Riichi turns the pending riichi on or off, any other plays.

    >>> press(RiichiGame.new(seed=1, rules={'場数': 0}), RiichiUI(riichi=True), 'riichi')
    Response(ui=RiichiUI(riichi=False, riichi_options=()), message='')
    """
    if action != "riichi":
        return Response.play(action, ui=_settled(ui))
    if ui.riichi:
        return Response.update(_settled(ui), "")
    options = tuple(a.split()[1] + "*" for a in game.legal_actions() if a.startswith("riichi "))
    return Response.update(replace(ui, riichi=True, riichi_options=options), "Riichi: click the tile to discard with it")


def call_buttons(game: RiichiGame, ui: RiichiUI) -> list[CallButton]:
    """The choices to offer now: Riichi if a riichi discard is legal, then every legal action that is
    not a plain discard.

    >>> [b.label for b in call_buttons(RiichiGame.new(seed=1, rules={'場数': 0}), RiichiUI())]
    []
    """
    buttons = []
    for action in call_options(game.legal_actions()):
        kind = action.split()[0]
        style = "warning" if kind == "riichi" else "success" if kind in ("tsumo", "ron") else ""
        buttons.append(CallButton(action, call_label(action, riichi_pending=ui.riichi), style))
    return buttons


def status(game: RiichiGame) -> str:
    """The status line: the hand and what the table waits for, the tiles named as the lesson names them
    (``'left discarded 1m'``, ``'… 白 (white dragon)'``, not in the engine's notation); at the end the points.

    >>> status(RiichiGame.new(seed=1, rules={'場数': 0}))
    '東1局 0本場 · your turn: click a tile to discard'
    """
    table = game.table
    if game.is_over:
        points = ", ".join(f"{name} {p}" for name, p in zip(table.names, table.paipu["point"]))
        return f"Game over: {points}"
    prompt = re.sub(r"\b([mpsz]\d)\b", lambda m: tile_words(m.group(1), long=True), game.prompt)
    return f"{table.hand_name()} · {prompt}"


def after(game: RiichiGame) -> Response[RiichiUI] | None:
    """The sound when an action ends a hand: a win, or a draw (None while the hand goes on).

    >>> after(RiichiGame.new(seed=1, rules={'場数': 0})) is None
    True
    """
    table = game.table
    if table.status in ("hule", "pingju") and table.results:
        return Response(sound="win" if "hule" in table.results[-1] else "start")
    return None
