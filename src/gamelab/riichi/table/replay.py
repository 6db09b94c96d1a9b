"""Replaying a game record (牌譜 paipu) with scripted players (majiang-core's ``dev/game.js``).

A record holds every event of every hand. From it :func:`replay` rebuilds each hand's wall (the
dealt and drawn tiles where the engine will take them, kan replacements at the front, indicators
at positions 4 and 9) and gives each player the replies that reproduce its actions, then runs a
:class:`~gamelab.riichi.table.Table` and returns the record it writes. If the engine is faithful,
the two records are equal, event for event.

>>> import json, pathlib  # doctest: +SKIP
>>> record = json.loads(pathlib.Path('script.json').read_text())[0]  # doctest: +SKIP
>>> replay(record, {'順位点': ['20', '10', '-10', '-20']}) == record  # doctest: +SKIP
True
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any, Mapping, Sequence

from .. import Rules, Wall, full_set
from ..rules import make_rules
from .endings import RuleSteps
from .engine import Reply, Table

__all__ = ["ScriptedPlayer", "replay", "wall_from_log", "replies_from_log", "staged_table"]


class ScriptedPlayer:
    """A player that answers from a script: one reply per message, ``{}`` once the script runs out.

    ``hands`` holds one list of replies per hand; each deal (``qipai``) moves to the next list.

    >>> player = ScriptedPlayer([[{}, {'dapai': 'm1'}]])
    >>> [player.reply(None, 0, m) for m in ('kaiju', 'qipai', 'zimo', 'dapai')]
    [{}, {}, {'dapai': 'm1'}, {}]
    """

    def __init__(self, hands: list[list[Reply]]) -> None:
        self._hands = [list(h) for h in hands]
        self._queue: list[Reply] = []

    def reply(self, table: Any, seat: int, message: str) -> Reply:
        if message == "qipai":
            self._queue = self._hands.pop(0) if self._hands else []
        return self._queue.pop(0) if self._queue else {}


def wall_from_log(log: list[dict[str, Any]], rules: Rules) -> Wall:
    """The wall one hand of a record was played from (majiang-core's ``make_shan``).

    Tiles the record never shows are filled in with the rest of the set so the wall is complete.
    """
    known: dict[int, str] = {}
    draw_at = 136
    replacement_at = 0
    indicators: list[str] = []
    ura: list[str] = []
    for event in log:
        if "qipai" in event:
            for hand in event["qipai"]["shoupai"]:
                for group in re.findall(r"[mpsz]\d+", hand.split(",")[0]):  # a dealt hand has no melds
                    for digit in group[1:]:
                        draw_at -= 1
                        known[draw_at] = group[0] + digit
            indicators.append(event["qipai"]["baopai"])
        elif "zimo" in event:
            draw_at -= 1
            known[draw_at] = event["zimo"]["p"]
        elif "gangzimo" in event:
            known[replacement_at] = event["gangzimo"]["p"]
            replacement_at += 1
        elif "kaigang" in event:
            indicators.append(event["kaigang"]["baopai"])
        elif "hule" in event and event["hule"].get("fubaopai"):
            ura = event["hule"]["fubaopai"]
    for i, tile in enumerate(indicators):
        known[4 + i] = tile
    for i, tile in enumerate(ura):
        known[9 + i] = tile
    available = Counter(full_set(dict(rules.red_fives)))
    used = Counter(known.values())
    short = sorted(t for t in used if used[t] > available[t])
    if short:
        raise ValueError(f"the hands and draws use {used[short[0]]} {short[0]} but the wall holds {available[short[0]]}")
    rest = available - used
    filler = [t for t, n in sorted(rest.items()) for _ in range(max(n, 0))]
    tiles = [known.get(i) or filler.pop() for i in range(136)]
    return Wall.from_tiles(tiles, rules)


def replies_from_log(seat: int, log: list[dict[str, Any]]) -> list[Reply]:
    """The replies that make ``seat`` act as in one hand of a record (majiang-core's ``make_reply``).

    Each event gives every seat one reply, except a win (only the winner) and a draw (only players
    whose hand was shown); a player's n-th reply answers its n-th message, i.e. the event before.
    """
    out: list[Reply] = []
    for event in log:
        if "zimo" in event or "gangzimo" in event:
            out.append({})
        elif "dapai" in event:
            out.append({"dapai": event["dapai"]["p"]} if event["dapai"]["l"] == seat else {})
        elif "fulou" in event:
            out.append({"fulou": event["fulou"]["m"]} if event["fulou"]["l"] == seat else {})
        elif "gang" in event:
            out.append({"gang": event["gang"]["m"]} if event["gang"]["l"] == seat else {})
        elif "pingju" in event:
            if event["pingju"]["shoupai"][seat]:
                out.append({"hule": "-"} if event["pingju"]["name"].startswith("三家和") else {"daopai": "-"})
        elif "hule" in event and event["hule"]["l"] == seat:
            out.append({"hule": "-"})
    return out


def replay(record: Mapping[str, Any], rules: Rules | Mapping[str, Any] | str | None = None) -> dict[str, Any]:
    """Play a record again with scripted players and return the record the engine writes.

    Under other rules than the record's, the same walls and actions show what the rule changes
    (a reply the rules refuse falls back to majiang-core's default: discard the drawn tile, pass).
    """
    rules = make_rules(rules)
    logs = record["log"]
    qijia = record["qijia"]
    scripts: list[list[list[Reply]]] = [[], [], [], []]
    for log in logs:
        jushu = log[0]["qipai"]["jushu"]
        for seat in range(4):
            scripts[(qijia + jushu + seat) % 4].append(replies_from_log(seat, log))
    walls = [wall_from_log(log, rules) for log in reversed(logs)]

    def next_wall(table: Table) -> Wall:
        # under other rules the game may outlast the record: go on with shuffled walls
        return walls.pop() if walls else Wall(table.rules, rng=table.rng)

    table = Table(players=[ScriptedPlayer(s) for s in scripts], rules=rules, qijia=qijia, seed=0,
                  title=record.get("title", ""), names=record.get("player", ["私", "下家", "対面", "上家"]),
                  walls=next_wall)
    table.run()
    return table.paipu


def staged_table(shoupai: list[str] | None = None, zimo: Sequence[str] = (), gangzimo: Sequence[str] = (),
                 baopai: str = "z1", rules: Rules | Mapping[str, Any] | str | None = None, qijia: int = 0,
                 players: Sequence[Any] | None = None, points: Sequence[int] | None = None, honba: int = 0,
                 sticks: int = 0, seed: int = 0, steps: RuleSteps | None = None) -> Table:
    """A table whose first hand deals ``shoupai`` (by seat, 0 = dealer) and then draws ``zimo`` in order
    (majiang-core's test ``init_game``); replacement draws after kans are ``gangzimo``.

    Seats are humans (``None``) unless ``players`` says otherwise, so the table stops at the first
    decision. Later hands are shuffled from ``seed``. ``steps`` are the table's draw and dealer-repeat
    steps (:class:`~.endings.RuleSteps`).

    >>> table = staged_table(["m123p456s789z1122", "m234p234s234z3355", "m567p567s567z4466",
    ...                       "m888p888s888z3377"], zimo=["m9"], baopai="s1")
    >>> str(table.hands[0]), table.riichi_options()
    ('m123p456s789z1122m9', ['m9_*'])
    """
    parsed = make_rules(rules)
    first: list[Wall] = []
    if shoupai is not None:
        if len(shoupai) != 4:
            raise ValueError(f"a deal needs four hands, not {len(shoupai)}")
        for seat, text in enumerate(shoupai):
            dealt = sum(len(group) - 1 for group in re.findall(r"[mpsz]\d+", text))
            if dealt != 13 or "," in text:
                raise ValueError(f"seat {seat} is dealt {text!r}: a dealt hand is 13 concealed tiles, not {dealt}")
        log: list[dict[str, Any]] = [{"qipai": {"shoupai": list(shoupai), "baopai": baopai}}]
        log += [{"zimo": {"p": p}} for p in zimo]
        log += [{"gangzimo": {"p": p}} for p in gangzimo]
        first.append(wall_from_log(log, parsed))

    def walls(table: Table) -> Wall:
        return first.pop() if first else Wall(table.rules, rng=table.rng)

    table = Table(players=list(players) if players is not None else [None] * 4, rules=parsed, qijia=qijia,
                  seed=seed, walls=walls, steps=steps)
    if points is not None:
        table.points = list(points)
    table.honba = honba
    table.riichi_sticks = sticks
    return table.run()
