"""What a click, a key or a call button means at the riichi table: pure functions, no widget.

* A click on one of your tiles that may go (a :class:`Discard` target) discards it, with riichi if
  the Riichi button was pressed just before (:attr:`RiichiUI.riichi`).
* The buttons under the table follow the legal actions (:func:`call_buttons`): Riichi (then click a
  tile), Tsumo, Ron, Chi / Pon / Kan with each possible meld, Nine terminals (九種九牌), Declare
  tenpai, Pass, Next hand; :func:`press` says what pressing one does.
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

from dataclasses import dataclass, replace

from ...controls import Response
from .game import RiichiGame
from .picture import Discard, RiichiUI

__all__ = ["CallButton", "ACTION_LABELS", "KEYS", "click", "key", "press", "call_buttons"]

#: how each non-discard action is labelled on its button (chi, pon and kan name their meld)
ACTION_LABELS = {"tsumo": "Tsumo ツモ", "ron": "Ron ロン", "pass": "Pass", "next": "Next hand ▶",
                 "nine": "Nine terminals 九種九牌", "declare": "Declare tenpai テンパイ"}

#: key -> the actions it plays, the first that is legal now
KEYS = {"Enter": ("next", "pass"), "n": ("next", "pass"), "t": ("tsumo", "ron")}


@dataclass(frozen=True)
class CallButton:
    """One button under the table: the action it plays, its label and its colour (an ipywidgets
    ``button_style``: ``'warning'`` for Riichi, ``'success'`` for a win)."""

    action: str
    label: str
    style: str = ""


def _settled(ui: RiichiUI) -> RiichiUI:
    """The interface after an action: riichi no longer pending."""
    return replace(ui, riichi=False, riichi_options=())


def click(game: RiichiGame, ui: RiichiUI, target: object) -> Response[RiichiUI] | None:
    """A click on a tile that may go discards it (with riichi if Riichi is pending); elsewhere nothing."""
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
    """The buttons to show now: Riichi if a riichi discard is legal, then every legal action that is
    not a plain discard.

    >>> [b.label for b in call_buttons(RiichiGame.new(seed=1, rules={'場数': 0}), RiichiUI())]
    []
    """
    actions = game.legal_actions()
    buttons = []
    if any(a.startswith("riichi ") for a in actions):
        label = "Riichi: click a tile…" if ui.riichi else "Riichi 立直 (then click a tile)"
        buttons.append(CallButton("riichi", label, "warning"))
    for action in actions:
        if action.startswith("riichi ") or (" " not in action and action not in ACTION_LABELS):
            continue
        label = ACTION_LABELS.get(action, action.replace("chi", "Chi チー").replace("pon", "Pon ポン")
                                  .replace("kan", "Kan カン"))
        buttons.append(CallButton(action, label, "success" if action in ("tsumo", "ron") else ""))
    return buttons
