"""Stepping through a game record (牌譜 paipu): one :class:`~.picture.TableView` per event.

>>> from gamelab.riichi.table import Table, Bot
>>> paipu = Table(players=[Bot(seed=i) for i in range(4)], seed=2, qijia=0, rules={'場数': 0}).run().paipu
>>> views = record_views(paipu)
>>> views[0].caption.startswith('東1局 0本場 · deal')
True
"""

from __future__ import annotations

from typing import Any, Mapping

from .. import Hand, River
from .picture import TableView

__all__ = ["record_views", "describe_event"]

_WINDS = "東南西北"


def describe_event(event: Mapping[str, Any], names: list[str]) -> str:
    """One event in words, e.g. ``'Bot 2 discards m1 (riichi)'``."""
    kind, data = next(iter(event.items()))
    who = names[data["l"]] if isinstance(data, Mapping) and "l" in data else ""
    if kind == "qipai":
        return "deal"
    if kind in ("zimo", "gangzimo"):
        return f"{who} draws {data['p']}" + (" (after a kan)" if kind == "gangzimo" else "")
    if kind == "dapai":
        return f"{who} discards {data['p'][:2]}" + (" (riichi)" if "*" in data["p"] else "")
    if kind == "fulou":
        return f"{who} calls {data['m']}"
    if kind == "gang":
        return f"{who} declares kan {data['m']}"
    if kind == "kaigang":
        return f"new dora indicator {data['baopai']}"
    if kind == "hule":
        return f"{who} wins, {data['defen']} points"
    if kind == "pingju":
        return f"draw: {data['name']}"
    return kind


def record_views(paipu: Mapping[str, Any]) -> list[TableView]:
    """A view after every event of every hand, all hands face up (a record shows everything)."""
    views: list[TableView] = []
    qijia = paipu["qijia"]
    players = list(paipu.get("player", ["A", "B", "C", "D"]))
    for log in paipu["log"]:
        start = log[0]["qipai"]
        names = [players[(qijia + start["jushu"] + s) % 4] for s in range(4)]
        hands = [Hand.from_string(text) for text in start["shoupai"]]
        rivers = [River() for _ in range(4)]
        view = TableView(hands=hands, rivers=rivers, names=names, points=list(start["defen"]),
                         round_wind=start["zhuangfeng"], hand_number=start["jushu"], honba=start["changbang"],
                         sticks=start["lizhibang"], tiles_left=70, dora_indicators=[start["baopai"]])
        pending_riichi = -1  # the stick is put down once the riichi discard is not won on
        title = f"{_WINDS[start['zhuangfeng']]}{start['jushu'] + 1}局 {start['changbang']}本場"
        for number, event in enumerate(log):
            kind, data = next(iter(event.items()))
            if kind in ("zimo", "gangzimo", "fulou") and pending_riichi >= 0:
                view.points[pending_riichi] -= 1000
                view.sticks += 1
                pending_riichi = -1
            view.result = None
            if kind in ("zimo", "gangzimo"):
                view.hands[data["l"]].draw(data["p"])
                view.tiles_left -= 1
                view.turn = data["l"]
            elif kind == "dapai":
                view.hands[data["l"]].discard(data["p"])
                view.rivers[data["l"]].discard(data["p"])
                view.turn = data["l"]
                if "*" in data["p"]:
                    view.riichi[data["l"]] = True
                    pending_riichi = data["l"]
            elif kind == "fulou":
                view.rivers[view.turn].mark_called(data["m"])
                view.hands[data["l"]].call(data["m"])
                view.turn = data["l"]
            elif kind == "gang":
                view.hands[data["l"]].kan(data["m"])
            elif kind == "kaigang":
                view.dora_indicators = [*view.dora_indicators, data["baopai"]]
            elif kind == "hule":
                view.hands[data["l"]] = Hand.from_string(data["shoupai"])
                view.result = event
            elif kind == "pingju":
                if pending_riichi >= 0 and not data["name"].startswith("三家和"):
                    view.points[pending_riichi] -= 1000
                    view.sticks += 1
                pending_riichi = -1
                for seat, shown in enumerate(data["shoupai"]):
                    if shown:
                        view.hands[seat] = Hand.from_string(shown)
                view.result = event
            view.caption = f"{title} · {describe_event(event, names)} ({number + 1}/{len(log)})"
            views.append(_snapshot(view))
            if kind in ("hule", "pingju"):
                view.points = [p + d for p, d in zip(view.points, data["fenpei"])]
                if kind == "hule":
                    view.sticks = 0
    return views


def _snapshot(view: TableView) -> TableView:
    return TableView(hands=[h.copy() for h in view.hands], rivers=[r.copy() for r in view.rivers],
                     names=list(view.names), points=list(view.points), round_wind=view.round_wind,
                     hand_number=view.hand_number, honba=view.honba, sticks=view.sticks, tiles_left=view.tiles_left,
                     dora_indicators=tuple(view.dora_indicators), me=view.me, turn=view.turn,
                     riichi=list(view.riichi), hidden=[False] * 4, options=None, result=view.result,
                     caption=view.caption)
