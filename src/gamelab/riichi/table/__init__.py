"""A whole game of riichi mahjong at a table (majiang-core ``Game``): flow, players, records, simulations.

* :class:`Table` – the game flow, a port of majiang-core's ``Game`` (deal, draws, discards, calls,
  riichi, wins, exhaustive and abortive draws, dealer repeats, the end and the final ranking), under
  a rule set given with majiang-core's Japanese keys (:func:`make_rules`, :data:`PRESETS`);
* players: :class:`Bot` (computer), :class:`ScriptedPlayer` (replays), ``None`` for a human seat;
* :func:`replay` a majiang-core record, :func:`staged_table` to set up a position, :func:`simulate`
  many bot games (optionally on a ``concurrent.futures.Executor``);
* :class:`RiichiGame` – one seat as a gamelab ``Game`` with text actions (``m1``, ``riichi m1``,
  ``pon z111+``, ``ron``…), for ``Record`` and the play widget (``gamelab.riichi.table.widget``).

>>> table = Table(players=[Bot(seed=i) for i in range(4)], rules={"場数": 0, "連荘方式": 1}, seed=3, qijia=0)
>>> table.run().is_over, len(table.paipu["log"]) >= 1
(True, True)
"""

from .bots import Bot, ShantenCounter
from .engine import ABORTIVE_DRAWS, STATUSES, Player, Reply, Table, is_nagashi, nagashi_payments, noten_payments
from .replay import ScriptedPlayer, replay, replies_from_log, staged_table, wall_from_log
from .game import RiichiGame, reply_to_text, text_to_reply
from .rules import JAPANESE_KEYS, PRESETS, RULE_HELP, describe_rules, make_rules
from .simulate import GameSummary, SimulationStats, play_bot_game, simulate

__all__ = [
    "Table",
    "Player",
    "Reply",
    "STATUSES",
    "ABORTIVE_DRAWS",
    "noten_payments",
    "nagashi_payments",
    "is_nagashi",
    "Bot",
    "ShantenCounter",
    "ScriptedPlayer",
    "replay",
    "replies_from_log",
    "wall_from_log",
    "staged_table",
    "make_rules",
    "describe_rules",
    "PRESETS",
    "RULE_HELP",
    "JAPANESE_KEYS",
    "RiichiGame",
    "reply_to_text",
    "text_to_reply",
    "simulate",
    "play_bot_game",
    "GameSummary",
    "SimulationStats",
]

__all__ += ["RiichiBoard", "RecordViewer"]


def __getattr__(name: str):
    # The table and the record viewer pull in ipywidgets/ipycanvas: load them only when asked.
    if name == "RiichiBoard":
        from .widget import RiichiBoard

        return RiichiBoard
    if name == "RecordViewer":
        from .widget import RecordViewer

        return RecordViewer
    raise AttributeError(name)
