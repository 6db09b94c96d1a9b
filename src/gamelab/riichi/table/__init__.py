"""A whole game of riichi mahjong at a table (majiang-core ``Game``): flow, players, records, simulations.

The package's rooms:

* ``engine.py`` – :class:`Table`, the rule engine: the game flow, a port of majiang-core's
  ``lib/game.js`` (deal, draws, discards, calls, riichi, wins, exhaustive and abortive draws, dealer
  repeats, the end and the final ranking). It is named for what it is, the engine, because
  ``game.py`` holds what every gamelab package's ``game.py`` holds, the :class:`~gamelab.game.Game`;
* ``game.py`` – :class:`RiichiGame`: one seat of a :class:`Table` as a gamelab ``Game`` with text
  actions (``m1``, ``riichi m1``, ``pon z111+``, ``ron``…), for ``Record`` and the play board;
* ``picture.py`` – :class:`~.picture.RiichiGamePicture` (the table from the learner's seat) drawing
  through :class:`~.picture.TablePicture`; ``controls.py`` – what a click, a key or a button means;
  ``widget.py`` – :class:`RiichiBoard` (the play board) and :class:`RecordViewer`;
* ``endings.py`` – the steps of the lesson's post (「麻雀ルールのカスタマイズ(2)」): who is tenpai at
  the exhaustive draw, the noten penalty, nagashi mangan, each abortive draw's condition, who wins a
  claimed discard, the dealer repeat; a :class:`RuleSteps` gives a table other versions of them;
* players: :class:`Bot` (computer, ``ai.py``), :class:`ScriptedPlayer` (replays), ``None`` for a
  human seat; :func:`replay` a majiang-core record, :func:`staged_table` to set up a position
  (``replay.py``); :func:`simulate` many bot games, optionally on a ``concurrent.futures.Executor``
  (``simulate.py``).

Rules are given with majiang-core's Japanese keys (:func:`make_rules`, :data:`PRESETS`, from
:mod:`gamelab.riichi.rules`).

>>> table = Table(players=[Bot(seed=i) for i in range(4)], rules={"場数": 0, "連荘方式": 1}, seed=3, qijia=0)
>>> table.run().is_over, len(table.paipu["log"]) >= 1
(True, True)
"""

from ...lazy import lazy_exports
from ..rules import JAPANESE_KEYS, PRESETS, RULE_HELP, describe_rules, make_rules, rule_defaults
from .ai import Bot, ShantenCounter
from .endings import (
    ExhaustiveDraw,
    RuleSteps,
    exhaustive_draw,
    is_four_kans,
    is_four_riichi,
    is_four_winds,
    is_nagashi,
    is_three_rons,
    may_abort_nine,
    nagashi_payments,
    noten_payments,
    one_hand_game,
    repeats_after_draw,
    repeats_after_win,
    ron_winners,
    tenpai_at_draw,
)
from .engine import ABORTIVE_DRAWS, STATUSES, Player, Reply, Table
from .game import RiichiGame, reply_to_text, text_to_reply
from .picture import Discard, RiichiGamePicture, RiichiUI, TablePicture, TableView, record_views
from .replay import ScriptedPlayer, replay, replies_from_log, staged_table, wall_from_log
from .simulate import GameSummary, SimulationStats, play_bot_game, simulate

__all__ = [
    "Table",
    "Player",
    "Reply",
    "STATUSES",
    "ABORTIVE_DRAWS",
    "RuleSteps",
    "ExhaustiveDraw",
    "exhaustive_draw",
    "tenpai_at_draw",
    "noten_payments",
    "nagashi_payments",
    "is_nagashi",
    "may_abort_nine",
    "is_four_winds",
    "is_four_riichi",
    "is_four_kans",
    "ron_winners",
    "is_three_rons",
    "repeats_after_win",
    "repeats_after_draw",
    "one_hand_game",
    "Bot",
    "ShantenCounter",
    "ScriptedPlayer",
    "replay",
    "replies_from_log",
    "wall_from_log",
    "staged_table",
    "make_rules",
    "rule_defaults",
    "describe_rules",
    "PRESETS",
    "RULE_HELP",
    "JAPANESE_KEYS",
    "RiichiGame",
    "reply_to_text",
    "text_to_reply",
    "RiichiGamePicture",
    "TablePicture",
    "TableView",
    "record_views",
    "Discard",
    "RiichiUI",
    "simulate",
    "play_bot_game",
    "GameSummary",
    "SimulationStats",
    "RiichiBoard",
    "RecordViewer",
]

# The play board and the record viewer pull in ipywidgets/ipycanvas: loaded only when asked.
__getattr__ = lazy_exports(__name__, {"RiichiBoard": ".widget", "RecordViewer": ".widget"})
