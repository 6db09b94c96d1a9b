"""One seat of a riichi game as a gamelab :class:`~gamelab.game.Game`: the learner against three bots.

The learner's choices are text actions, so :class:`~gamelab.game.Record` gives undo, save, load and
replay for free:

==================  =====================================================================
``m1``              discard m1 from the hand (``m1_``: the tile just drawn; ``m0`` a red five)
``riichi m1``       discard m1 declaring riichi (also written ``m1*``)
``tsumo`` / ``ron`` win on one's own draw / on the discard (or 槍槓 on an added kan)
``chi m1-23``       call; likewise ``pon z111+``, ``kan m1111=`` (open kan)
``kan m1111``       closed kan, or ``kan m111+1`` added kan, on one's own turn
``nine``            abortive draw with nine terminals and honours (九種九牌)
``declare``         show a tenpai hand at the exhaustive draw (under ノーテン宣言あり)
``pass``            let a discard go
``next``            after a hand's result, go on to the next hand
==================  =====================================================================

>>> game = RiichiGame.new(seed=1, rules={'場数': 0})
>>> game.legal_actions()[:3]
['m1', 'm4', 'm0']
>>> game.play('z8')
Traceback (most recent call last):
...
gamelab.errors.IllegalMove: 'z8' is not a tile: write a tile like m1, p0 (red five) or z7
"""

from __future__ import annotations

import copy
import re
from typing import Any, ClassVar, Self

from ... import checks
from ...errors import IllegalMove, quote
from ...game import Game, check_action_text, register_game
from ...work import checkpoint
from .. import is_tile
from ..rules import describe_rules, make_rules
from .ai import LEVELS, Bot
from .endings import RuleSteps
from .engine import Reply, Table

__all__ = ["RiichiGame", "reply_to_text", "text_to_reply"]


def reply_to_text(table: Table, seat: int, reply: Reply) -> str:
    """The text form of a reply for ``seat``.

    >>> reply_to_text(None, 0, {'fulou': 'm1-23'}), reply_to_text(None, 0, {'dapai': 'm1*'})
    ('chi m1-23', 'riichi m1')
    """
    if not reply:
        status = table.status if table is not None else "dapai"
        return "next" if status in ("hule", "pingju") else "pass"
    kind, value = next(iter(reply.items()))
    if kind == "dapai":
        return f"riichi {value[:-1]}" if value.endswith("*") else value
    if kind == "hule":
        return "tsumo" if table is not None and seat == table.turn else "ron"
    if kind == "daopai":
        return "nine" if table is not None and seat == table.turn else "declare"
    if kind == "gang":
        return f"kan {value}"
    plain = value.replace("0", "5")
    if re.match(r"^[mpsz]\d{4}", plain):
        return f"kan {value}"
    return f"pon {value}" if plain[1] == plain[2] else f"chi {value}"


def text_to_reply(table: Table, seat: int, text: str) -> Reply:
    """Read a text action into the table's reply (checked for form, not yet for legality)."""
    words = text.strip().split()
    if not words:
        raise IllegalMove("an empty action: write a tile to discard (m1), or tsumo, ron, chi/pon/kan <meld>, pass")
    verb = words[0].lower()
    rest = words[1] if len(words) > 1 else ""
    if len(words) > 2 or (len(words) == 2 and verb not in ("riichi", "chi", "pon", "kan", "discard")):
        raise IllegalMove(f"{text!r} is not an action: write one tile (m1) or a word and a meld (pon z111+)")
    if verb in ("tsumo", "ron"):
        if (verb == "tsumo") != (seat == table.turn):
            raise IllegalMove(f"cannot {verb}: " + ("it is your turn, so a win is tsumo" if seat == table.turn
                                                   else "a win on another player's tile is ron"))
        return {"hule": "-"}
    if verb in ("pass", "next", "ok"):
        return {}
    if verb in ("nine", "declare"):
        return {"daopai": "-"}
    if verb in ("chi", "pon"):
        if not rest:
            raise IllegalMove(f"{verb} needs a meld, like 'chi m1-23' or 'pon z111+'")
        return {"fulou": rest}
    if verb == "kan":
        if not rest:
            raise IllegalMove("kan needs a meld, like 'kan m1111' (closed), 'kan m111+1' (added) or 'kan m1111+' (open)")
        if table.status == "dapai" and seat != table.turn:
            return {"fulou": rest}
        return {"gang": rest}
    tile = rest if verb in ("riichi", "discard") else verb
    riichi = verb == "riichi" or tile.endswith("*")
    tile = tile.rstrip("*")
    if not is_tile(tile) or tile[-1] in "+=-":
        raise IllegalMove(f"{tile!r} is not a tile: write a tile like m1, p0 (red five) or z7")
    options = table.discard_options(seat) if seat == table.turn and table.status in ("zimo", "gangzimo", "fulou") else []
    if tile not in options and tile + "_" in options:
        tile += "_"  # the only copy is the tile just drawn
    return {"dapai": tile + ("*" if riichi else "")}


@register_game
class RiichiGame(Game):
    """A game of riichi at a table: the learner in one seat, :class:`Bot` players in the others."""

    name = "riichi"
    #: the steps of the draws and dealer repeats its tables run on (None: the shipped ones); a class made by
    #: :meth:`with_steps` plays on a learner's, and a save loaded into it is replayed on them too
    steps: ClassVar[RuleSteps | None] = None

    @classmethod
    def with_steps(cls, steps: RuleSteps) -> type[Self]:
        """A game class whose tables run on ``steps`` (lesson 05's learner's pieces).

        >>> from gamelab.riichi.table import RuleSteps
        >>> Mine = RiichiGame.with_steps(RuleSteps(noten_payments=lambda tenpai: [0, 0, 0, 0]))
        >>> Mine.new(seed=2).table.steps.changed(), Mine.name
        (['noten_payments'], 'riichi')
        """
        return type(cls.__name__, (cls,), {"steps": steps, "__module__": cls.__module__})

    def __init__(self, table: Table, seat: int, setup: dict[str, Any]) -> None:
        self.table = table
        self.seat_id = seat
        self.setup = setup

    @classmethod
    def new(cls, seed: int = 0, seat: int = 0, rules: dict[str, Any] | str | None = None, qijia: int = 0,
            title: str = "gamelab", level: str = "easy", steps: RuleSteps | None = None) -> Self:
        """A game from a seed: the learner is player ``seat``; ``rules`` a preset name or majiang-core dict;
        ``level`` the bots' level (``'easy'`` unless given, so a record saved before levels existed
        replays as it was played; the play board passes its own choice).

        ``steps`` are the steps of the draws and dealer repeats the table runs on (default: the class's,
        see :meth:`with_steps`); they are code, not part of the setup.

        >>> RiichiGame.new(seed=2).setup['seat']
        0
        """
        seed = checks.seed("seed", seed)
        seat = checks.whole("seat (a player id)", seat, low=0, high=3)
        qijia = checks.whole("qijia (the first dealer's player id)", qijia, low=0, high=3)
        title = checks.text("title", title, max_length=100)
        if not isinstance(level, str) or level not in LEVELS:
            raise ValueError(f"level is one of {', '.join(LEVELS)}, not {quote(level)}")
        parsed = make_rules(rules)
        stored: dict[str, Any] | str = rules if isinstance(rules, str) else describe_rules(parsed)
        players: list[Bot | None] = [Bot(seed=seed * 4 + i, name=f"bot {i}", level=level) for i in range(4)]
        players[seat] = None
        names = ["You" if i == seat else f"Bot {i}" for i in range(4)]
        table = Table(players=players, rules=parsed, qijia=qijia, seed=seed, title=title, names=names,
                      steps=steps if steps is not None else cls.steps)
        table.run()
        stored_setup: dict[str, Any] = {"seed": seed, "seat": seat, "rules": stored, "qijia": qijia, "title": title}
        if level != "easy":
            stored_setup["level"] = level
        return cls(table, seat, stored_setup)

    def copy(self) -> Self:
        return type(self)(copy.deepcopy(self.table), self.seat_id, self.setup)

    @property
    def seat(self) -> int:
        """The learner's seat in the current hand (0 = dealer)."""
        return self.table.seat_of(self.seat_id)

    @property
    def is_over(self) -> bool:
        return self.table.is_over

    def play(self, action: str) -> None:
        checkpoint()  # loading a long save replays every action as a board's long work: Stop ends it here
        check_action_text(action)
        if self.table.is_over:
            raise IllegalMove("the game is over")
        if self.seat_id not in self.table.waiting_for():
            raise IllegalMove("it is not your turn to act")
        reply = text_to_reply(self.table, self.seat, action)
        self.table.reply(self.seat_id, reply)  # refuses an illegal reply before changing anything
        self.table.run()

    def legal_actions(self) -> list[str]:
        if self.table.is_over or self.seat_id not in self.table.waiting_for():
            return []
        return [reply_to_text(self.table, self.seat, r) for r in self.table.legal_replies(self.seat)]

    @property
    def prompt(self) -> str:
        """What the table waits for, in words."""
        t = self.table
        if t.is_over:
            return "game over"
        seat = self.seat
        if t.status in ("zimo", "gangzimo"):
            return "your turn: click a tile to discard"
        if t.status == "fulou":
            return "you called: discard a tile"
        if t.status == "dapai":
            return f"{_who(t, t.turn, seat)} discarded {(t.last_discard or '')[:2]}: call or pass"
        if t.status == "gang":
            return "an added kan: rob it (ron) or pass"
        if t.status in ("hule", "pingju"):
            return "hand over: next"
        return t.status

    def __str__(self) -> str:
        """The table seen from the learner's seat: own hand open, others' hands hidden."""
        t = self.table
        head = f"{t.hand_name()}  wall {t.tiles_left}  dora {' '.join(t.wall.dora_indicators) if t.wall else '-'}"
        lines = [head]
        for seat in range(4):
            pid = t.player_id[seat]
            hand = t.hands[seat]
            shown = str(hand) if (seat == self.seat or t.status in ("hule", "pingju", "jieju")) else (
                "?" * (hand.tile_count - 3 * len(hand.melds)) + "".join("," + m for m in hand.melds))
            mark = ">" if seat == t.turn else " "
            lines.append(f"{mark}{'ESWN'[seat]} {t.names[pid]:<6} {t.points[pid]:>6}  {shown}  | {t.rivers[seat]}")
        return "\n".join(lines)


def _who(table: Table, seat: int, me: int) -> str:
    return ("you", "right", "across", "left")[(seat - me) % 4]
