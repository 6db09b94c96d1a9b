"""Helpers for the table tests: staged tables (majiang-core's ``init_game``), acting, inspecting."""

from __future__ import annotations

from typing import Any

from gamelab.riichi import Hand, River
from gamelab.riichi.table import Table, staged_table, text_to_reply


def rigged_table(rules: Any = None, shoupai: list[str] | None = None, zimo: tuple[str, ...] = (),
                 gangzimo: tuple[str, ...] = (), baopai: str = "z1", qijia: int = 0, players=None,
                 points: list[int] | None = None, honba: int = 0, sticks: int = 0) -> Table:
    """A staged table (every seat a human unless ``players`` says otherwise)."""
    return staged_table(shoupai, zimo, gangzimo, baopai, rules, qijia, players, points, honba, sticks)


def act(table: Table, seat: int, text: str) -> Table:
    """The human in ``seat`` (of the current hand) plays ``text``; then the table runs on."""
    table.reply(table.player_id[seat], text_to_reply(table, seat, text))
    return table.run()


def pass_all(table: Table) -> Table:
    """Every waiting human passes (or acknowledges a result)."""
    for pid in table.waiting_for():
        table.reply(pid, {})
    return table.run()


def set_hands(table: Table, hands: list[str]) -> None:
    """Overwrite the hands (by seat) of a table, as majiang-core's tests do."""
    for seat, text in enumerate(hands):
        if text:
            table.hands[seat] = Hand.from_string(text)


def set_river(table: Table, seat: int, tiles: list[str]) -> None:
    """Overwrite a river; a tile written with a direction (``z1-``) was called by that player."""
    river = River()
    for tile in tiles:
        river.discard(tile.rstrip("+=-"))
        if tile[-1] in "+=-":
            river.mark_called(tile[0] + tile[1] * 3 + tile[-1])
    table.rivers[seat] = river


def last_event(table: Table) -> dict:
    """The last event of the record (the current or last hand)."""
    return table.paipu["log"][-1][-1]


def record_titled(records: list[dict], start: str) -> dict:
    return next(r for r in records if r["title"].startswith(start))
