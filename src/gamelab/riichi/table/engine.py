"""The flow of a whole game (対局 majiang-core ``Game``): deal, draws, discards, calls, wins, draws, the end.

:class:`Table` is a faithful port of majiang-core's ``lib/game.js`` state machine, run synchronously
(its ``do_sync`` mode). Every step sends a *message* to the four players and waits for their four
*replies*, exactly as majiang-core does; the replies are majiang-core's own small dicts:

=================  ==========================================================================
message            replies that do something
=================  ==========================================================================
``zimo``           own turn after a draw: ``{'dapai': 'm1'}`` (``'m1_'`` the drawn tile, ``'m1*'``
``gangzimo``       riichi), ``{'gang': 'm1111'}``, ``{'hule': '-'}`` tsumo, ``{'daopai': '-'}`` 九種九牌
``dapai``          others: ``{'hule': '-'}`` ron, ``{'fulou': 'm1-23'}`` chi/pon/kan,
                   ``{'daopai': '-'}`` declare tenpai when the wall is empty
``fulou``          the caller: ``{'dapai': ...}``
``gang``           others after an added kan: ``{'hule': '-'}`` robbing the kan (槍槓)
=================  ==========================================================================

Anything else, or a reply that is not legal, falls back to majiang-core's default (discard the
drawn tile, pass), as in majiang-core. A player whose reply is ``None`` is a human: the table stops
and waits for :meth:`Table.reply`, which refuses an illegal reply with
:class:`~gamelab.errors.IllegalMove`.

The record (牌譜 paipu) is kept in majiang-core's format in :attr:`Table.paipu`.

>>> from gamelab.riichi.table import Table, Bot
>>> table = Table(players=[Bot(seed=i) for i in range(4)], qijia=0, seed=1, rules={'場数': 0})
>>> table.run().status
'jieju'
>>> sum(table.points) + 1000 * table.riichi_sticks == 100000
True

Seats (``l``, 0 = the dealer of the current hand, then in turn order) and player ids (0..3, fixed
for the game) follow majiang-core: ``player_id[l] = (qijia + hand number + l) % 4``.
"""

from __future__ import annotations

import math
import random
import re
from typing import Any, Callable, Mapping, Protocol, Sequence

from ...errors import IllegalMove
from .. import Hand, River, Rules, Wall, WinContext, is_tile, score, shanten, shanten_of_counts, waits
from ..hand import PLAIN_WEIGHT, over_four
from ..rules import make_rules
from ..shanten import shanten_of_packed
from .endings import RuleSteps, exhaustive_draw, is_nagashi, nagashi_payments, noten_payments

__all__ = ["Table", "Player", "Reply", "STATUSES", "ABORTIVE_DRAWS", "noten_payments", "nagashi_payments", "is_nagashi"]

Reply = dict[str, str]

#: the messages of majiang-core's state machine, in the order a hand meets them
STATUSES = ("kaiju", "qipai", "zimo", "dapai", "fulou", "gang", "gangzimo", "hule", "pingju", "jieju")

#: names of the abortive draws (途中流局); the exhaustive draw is 荒牌平局 (or 流し満貫)
ABORTIVE_DRAWS = ("九種九牌", "四風連打", "四家立直", "四開槓", "三家和")

_KAN_RE = re.compile(r"^[mpsz]\d{4}")
_CLOSED_KAN_RE = re.compile(r"^[mpsz]\d{4}$")
_PON_RE = re.compile(r"^[mpsz](\d)\1\1")


class Player(Protocol):
    """Anything that answers the table's messages (majiang-core's ``Player.action``).

    ``message`` is the table's status (``'zimo'``, ``'dapai'``…), ``seat`` the player's seat in the
    current hand. A player reads the table (its own hand, the rivers, the options the table offers)
    and returns a reply dict, ``{}`` to pass.
    """

    def reply(self, table: "Table", seat: int, message: str) -> Reply: ...


class Table:
    """One game of riichi mahjong under some rules, driven by four players (majiang-core ``Game``).

    ``players`` are indexed by player id; ``None`` marks a seat a human answers through
    :meth:`reply`. ``qijia`` is the first dealer (起家; random if None). ``seed``/``rng`` shuffle
    the walls; ``walls`` (a callable ``(table) -> Wall``) supplies each hand's wall instead, for
    replays and tests. ``steps`` are the steps of the draws and the dealer repeat the table runs on
    (:class:`~.endings.RuleSteps`: the shipped ones by default, a learner's in lesson 05).
    """

    def __init__(
        self,
        players: Sequence[Player | None] | None = None,
        rules: Rules | Mapping[str, Any] | str | None = None,
        qijia: int | None = None,
        seed: int | None = None,
        rng: random.Random | None = None,
        title: str = "gamelab",
        names: Sequence[str] = ("私", "下家", "対面", "上家"),
        walls: Callable[["Table"], Wall] | None = None,
        steps: RuleSteps | None = None,
    ) -> None:
        self.rules: Rules = make_rules(rules)
        self.steps = steps if steps is not None else RuleSteps()
        self._rule: dict[str, Any] = {}
        self._rule_of: Rules | None = None
        self.players: list[Player | None] = list(players) if players is not None else [None] * 4
        if len(self.players) != 4:
            raise ValueError(f"a table needs 4 players, not {len(self.players)}")
        self.rng = rng if rng is not None else random.Random(seed)
        self._walls = walls
        self.title = title
        self.names = list(names)
        self.qijia = self.rng.randrange(4) if qijia is None else qijia
        if self.qijia not in range(4):
            raise ValueError(f"qijia (the first dealer) is a player id 0-3, not {qijia!r}")
        # the model (majiang-core's _model)
        self.round_wind = 0  # 場風 zhuangfeng
        self.hand_number = 0  # 局数 jushu
        self.honba = 0  # 本場 changbang
        self.riichi_sticks = 0  # 供託 lizhibang
        self.points = [self.rules.starting_points] * 4  # by player id (defen)
        self.wall: Wall | None = None
        self.hands: list[Hand] = [Hand() for _ in range(4)]  # by seat
        # see discard_options: (hand, its state (packed, hidden, drawn, riichi, melds), its discards)
        self._discards_memo: tuple[Hand, tuple[int, int, str | None, bool, tuple[str, ...]], list[str]] | None = None
        self.rivers: list[River] = [River() for _ in range(4)]  # by seat
        self.player_id = [0, 1, 2, 3]
        self.turn = -1  # seat to act (lunban)
        self.status = ""
        self._replies: list[Reply | None] = [None] * 4
        # per-hand flags (reset at each deal)
        self.first_go_around = False  # 第一ツモ (diyizimo)
        self.last_discard: str | None = None  # (dapai)
        self.pending_kan: str | None = None  # kan whose dora is not turned yet (gang)
        self.riichi = [0, 0, 0, 0]  # 0, 1 riichi, 2 double riichi (lizhi)
        self.ippatsu = [False] * 4  # (yifa)
        self.kans = [0, 0, 0, 0]  # (n_gang)
        self.may_ron = [True] * 4  # False while furiten (neng_rong)
        self._winners: list[int] = []  # queued ron winners (hule)
        self._win_option: str | None = None  # 'qianggang' | 'lingshang'
        self.abortive = False  # (no_game)
        self.dealer_repeats = False  # 連荘 (lianzhuang)
        self._honba_at_deal = 0
        self._payments: list[int] | None = None  # (fenpei)
        self._last_hand = 0  # (max_jushu)
        self.paipu: dict[str, Any] = {}
        self.results: list[dict[str, Any]] = []  # every hule/pingju event, in order

    # ------------------------------------------------------------------ reading

    @property
    def rule(self) -> dict[str, Any]:
        """The rules as majiang-core's rule object, keyed by its Japanese names (``rule['途中流局あり']``):
        what the :attr:`steps` read, as the post reads ``this._rule``."""
        if self._rule_of is not self.rules:
            self._rule, self._rule_of = self.rules.to_majiang(), self.rules
        return self._rule

    @property
    def tiles_left(self) -> int:
        """Draws left in the wall (牌数 paishu)."""
        return self.wall.tiles_left if self.wall is not None else 0

    @property
    def is_over(self) -> bool:
        """True once the game has ended (結局 jieju)."""
        return self.status == "jieju"

    def seat_of(self, player: int) -> int:
        """The seat (0 = dealer) of a player id in the current hand."""
        return (player - self.qijia - self.hand_number) % 4

    def hand_name(self) -> str:
        """The hand's name, e.g. ``'東1局 0本場'``."""
        return f"{'東南西北'[self.round_wind]}{self.hand_number + 1}局 {self.honba}本場"

    def waiting_for(self) -> list[int]:
        """Player ids whose reply the table waits for."""
        if self.status in ("", "jieju"):
            return []
        return [i for i in range(4) if self._replies[i] is None]

    def __str__(self) -> str:
        lines = [f"{self.hand_name()}  wall {self.tiles_left}  dora {' '.join(self.wall.dora_indicators) if self.wall else '-'}"
                 f"  sticks {self.riichi_sticks}  status {self.status or '-'}"]
        for seat in range(4):
            pid = self.player_id[seat]
            mark = ">" if seat == self.turn else " "
            lines.append(f"{mark}{'東南西北'[seat]} {pid} {self.points[pid]:>6}  {self.hands[seat]}  | {self.rivers[seat]}")
        return "\n".join(lines)

    # ------------------------------------------------------------------ messages and replies

    def _call_players(self, status: str) -> None:
        """Send a message to the four players and collect the replies of those who answer at once."""
        self.status = status
        self._replies = [None] * 4
        for pid in range(4):
            player = self.players[pid]
            seat = self.seat_of(pid) if status != "kaiju" else pid
            if player is not None:
                answer = player.reply(self, seat, status)
                self._replies[pid] = answer if answer else {}
            elif not self.needs_decision(seat):
                self._replies[pid] = {}

    def _reply_of(self, seat: int) -> Reply:
        return self._replies[self.player_id[seat]] or {}

    def reply(self, player: int, answer: Reply) -> None:
        """A human's reply for player id ``player``; refused (nothing changes) unless legal now.

        >>> from gamelab.riichi.table import Bot
        >>> table = Table(players=[None, Bot(seed=1), Bot(seed=2), Bot(seed=3)], qijia=0, seed=3)
        >>> table.run().waiting_for()
        [0]
        >>> table.reply(0, {'dapai': 'z8'})
        Traceback (most recent call last):
        ...
        gamelab.errors.IllegalMove: 'z8' is not a tile
        """
        if player not in range(4) or self._replies[player] is not None:
            raise IllegalMove(f"player {player} has nothing to answer now")
        self.check_reply(self.seat_of(player), answer)
        self._replies[player] = dict(answer)

    def run(self) -> "Table":
        """Start the game if needed, then play until the game ends or a human must answer."""
        if self.status == "":
            self._kaiju()
        while self.status != "jieju" and None not in self._replies:
            self._next()
        return self

    def _next(self) -> None:
        handler = {
            "kaiju": self._qipai,
            "qipai": self._zimo,
            "zimo": self._reply_zimo,
            "gangzimo": self._reply_zimo,
            "dapai": self._reply_dapai,
            "fulou": self._reply_fulou,
            "gang": self._reply_gang,
            "hule": self._reply_hule,
            "pingju": self._reply_pingju,
        }[self.status]
        handler()

    def pingju(self, name: str = "", shown: Sequence[str] | None = None) -> None:
        """End the hand now without a winner (majiang-core's ``pingju``), as its tests and the lesson do on a
        staged position: ``name`` empty for the exhaustive draw, else an abortive draw's name; ``shown``
        the hands declared tenpai (any text) by seat. The result waits in :attr:`results`."""
        if name and name not in ABORTIVE_DRAWS:
            raise ValueError(f"{name!r} is not an abortive draw; those are {', '.join(ABORTIVE_DRAWS)}")
        self._pingju(name, list(shown) if shown is not None else None)

    def __repr__(self) -> str:
        return f"<Table {self.hand_name()}: {self.status or 'not started'}>"

    def _repr_svg_(self) -> str:
        from .picture import TablePicture, TableView  # lazy: the engine needs no drawing code

        return TablePicture().svg(TableView.of(self, reveal=True))

    def _repr_png_(self) -> tuple[bytes, dict[str, int]]:
        from .picture import TablePicture, TableView

        return TablePicture().png_bundle(TableView.of(self, reveal=True))

    def _log(self, event: dict[str, Any]) -> None:
        self.paipu["log"][-1].append(event)

    # ------------------------------------------------------------------ what may be done (get_* / allow_*)

    def _discard_tile(self, seat: int) -> str:
        """The tile a call or a win takes from the last discard (or the added-kan tile), with direction."""
        return self._taken_tile(robbing_kan=self.status == "gang") + "_+=-"[(4 + self.turn - seat) % 4]

    def _taken_tile(self, robbing_kan: bool) -> str:
        """The tile a call or a ron takes: the added kan's tile when robbing it (槍槓), else the last discard."""
        if robbing_kan:
            assert self.pending_kan is not None, "no added kan to rob"
            return self.pending_kan[0] + self.pending_kan[-1]
        assert self.last_discard is not None, "no discard to take"
        return self.last_discard[:2]

    def _dealt_wall(self) -> Wall:
        """The current hand's wall (there is one from the first deal on)."""
        assert self.wall is not None, "no hand has been dealt yet"
        return self.wall

    def discard_options(self, seat: int | None = None) -> list[str]:
        """Legal discards (majiang-core ``get_dapai``) under the swap-calling rule; the drawn tile last as ``x_``."""
        hand = self.hands[self.turn if seat is None else seat]
        # asked by the player and again when its discard is checked: remembered for the hand as it is
        state = (hand.packed, hand.hidden, hand.drawn, hand.riichi, hand.melds)
        memo = self._discards_memo
        if memo is not None and memo[0] is hand and memo[1] == state:
            return list(memo[2])
        options = self._discard_options(hand)
        self._discards_memo = (hand, state, options)
        return list(options)

    def _discard_options(self, hand: Hand) -> list[str]:
        level = self.rules.swap_calling
        if level == 0:
            return hand.discard_options(True) or []
        options = hand.discard_options(False) or []
        drawn = hand.drawn
        if level == 1 and drawn is not None and len(drawn) > 2:
            called = re.search(r"\d(?=[\+\=\-])", drawn)
            deny = drawn[0] + (called.group(0) if called else "5")
            return [p for p in options if p != deny]
        return options

    def chi_options(self, seat: int) -> list[str]:
        """Chis ``seat`` may make on the last discard (``get_chi_mianzi``): none on the last tile."""
        if self.status != "dapai" or seat == self.turn:
            return []
        tile = self._discard_tile(seat)
        hand = self.hands[seat]
        options = hand.chi_options(tile, self.rules.swap_calling == 0) or []
        if (self.rules.swap_calling == 1 and len(hand.melds) == 3
                and hand.counts(tile[0])[int(tile[1])] == 2):
            options = []
        return [] if self.tiles_left == 0 else options

    def pon_options(self, seat: int) -> list[str]:
        """Pons ``seat`` may make on the last discard (``get_peng_mianzi``)."""
        if self.status != "dapai" or seat == self.turn:
            return []
        options = self.hands[seat].pon_options(self._discard_tile(seat)) or []
        return [] if self.tiles_left == 0 else options

    def kan_options(self, seat: int | None = None) -> list[str]:
        """Kans allowed (``get_gang_mianzi``): open kan on the discard for another seat, else closed/added kans.

        After riichi, リーチ後暗槓許可レベル decides whether a closed kan may change the hand.
        """
        seat = self.turn if seat is None else seat
        hand = self.hands[seat]
        if seat == self.turn:
            if self.status not in ("zimo", "gangzimo"):
                return []
            options = hand.kan_options() or []
        else:
            if self.status != "dapai":
                return []
            options = hand.kan_options(self._discard_tile(seat)) or []
        if not options:
            return options
        if hand.riichi:
            level = self.rules.kan_after_riichi
            if level == 0:
                return []
            before = hand.copy()
            assert before.drawn is not None  # a kan on one's own turn comes after a draw
            before.discard(before.drawn)
            after = hand.copy()
            after.kan(options[0])
            if level == 1:
                if _readings(before) > _readings(after):
                    return []
            else:
                if shanten(after) > 0 or len(waits(before) or []) > len(waits(after) or []):
                    return []
        if self.tiles_left == 0 or sum(self.kans) == 4:
            return []
        return options

    def riichi_options(self) -> list[str]:
        """Discards that declare riichi now (``allow_lizhi``), each written with ``*``."""
        seat = self.turn
        hand = self.hands[seat]
        if not self._may_riichi(seat):
            return []
        out = []
        for p in self.discard_options(seat):
            trial = hand.copy()
            trial.discard(p)
            if shanten(trial) == 0 and waits(trial):
                out.append(p + "*")
        return out

    def _may_riichi(self, seat: int) -> bool:
        hand = self.hands[seat]
        if self.status not in ("zimo", "gangzimo") or seat != self.turn:
            return False
        if hand.drawn is None or hand.riichi or not hand.is_closed:
            return False
        if not self.rules.riichi_without_draw and self.tiles_left < 4:
            return False
        if self.rules.bust_ends_game and self.points[self.player_id[seat]] < 1000:
            return False
        return shanten(hand) <= 0

    def _allow_riichi(self, p: str) -> bool:
        seat = self.turn
        if not self._may_riichi(seat):
            return False
        trial = self.hands[seat].copy()
        trial.discard(p)
        return shanten(trial) == 0 and bool(waits(trial))

    def can_win(self, seat: int) -> bool:
        """May ``seat`` win now (``allow_hule``): tsumo on its own draw, ron or 槍槓 on another's tile."""
        if seat == self.turn:
            if self.status not in ("zimo", "gangzimo"):
                return False
            hand = self.hands[seat]
            guaranteed = hand.riichi or self.status == "gangzimo" or self.tiles_left == 0
            return self._winnable(hand, None, seat, guaranteed)
        if self.status == "dapai" or (self.status == "gang" and not _CLOSED_KAN_RE.match(self.pending_kan or "")):
            if not self.may_ron[seat]:
                return False
            hand = self.hands[seat]
            guaranteed = hand.riichi or self.status == "gang" or self.tiles_left == 0
            return self._winnable(hand, self._discard_tile(seat), seat, guaranteed)
        return False

    def _winnable(self, hand: Hand, tile: str | None, seat: int, guaranteed: bool) -> bool:
        if tile is not None:
            if not completes(hand, tile):
                return False
        elif shanten(hand) != -1:
            return False
        if guaranteed:
            return True  # riichi, rinshan, chankan, haitei or houtei is itself a yaku
        result = score(hand, tile, WinContext(rules=self.rules, round_wind=self.round_wind, seat_wind=seat))
        return result is not None and result.has_yaku

    def can_abort_nine(self) -> bool:
        """May the player to act call 九種九牌 (nine different terminals and honours on the first draw)?"""
        hand = self.hands[self.turn] if self.turn >= 0 else None
        if hand is None or self.status not in ("zimo", "gangzimo") or hand.drawn is None:
            return False
        return bool(self.steps.may_abort_nine(hand.copy(), self.first_go_around, self.rule))

    def may_hide_tenpai(self, seat: int) -> bool:
        """At the exhaustive draw under ノーテン宣言あり, may ``seat`` keep a tenpai hand hidden (``allow_no_daopai``)?"""
        hand = self.hands[seat]
        return (self.status == "dapai" and seat != self.turn and self.tiles_left == 0
                and self.rules.noten_declaration and not hand.riichi and hand.drawn is None
                and shanten(hand) == 0 and bool(waits(hand)))

    def needs_decision(self, seat: int) -> bool:
        """Does a human in ``seat`` have a real choice to make for the current message?"""
        status = self.status
        if status in ("zimo", "gangzimo"):
            return seat == self.turn
        if status == "fulou":
            return seat == self.turn and not self.pending_kan  # after an open kan the replacement draw follows
        if status == "dapai":
            if seat == self.turn:
                return False
            return (self.can_win(seat) or bool(self.pon_options(seat)) or bool(self.kan_options(seat))
                    or (seat == (self.turn + 1) % 4 and bool(self.chi_options(seat))) or self.may_hide_tenpai(seat))
        if status == "gang":
            return seat != self.turn and self.can_win(seat)
        if status in ("hule", "pingju"):
            return True  # a human acknowledges each result before the next hand
        return False

    def legal_replies(self, seat: int) -> list[Reply]:
        """Every reply that does something for ``seat`` now, ``{}`` (pass) included where it is a choice."""
        status = self.status
        out: list[Reply] = []
        if status in ("zimo", "gangzimo") and seat == self.turn:
            if self.can_win(seat):
                out.append({"hule": "-"})
            if self.can_abort_nine():
                out.append({"daopai": "-"})
            out += [{"gang": m} for m in self.kan_options(seat)]
            out += [{"dapai": p} for p in self.discard_options(seat)]
            out += [{"dapai": p} for p in self.riichi_options()]
        elif status == "fulou" and seat == self.turn:
            out += [{"dapai": p} for p in self.discard_options(seat)]
        elif status == "dapai" and seat != self.turn:
            if self.can_win(seat):
                out.append({"hule": "-"})
            out += [{"fulou": m} for m in self.kan_options(seat)]
            out += [{"fulou": m} for m in self.pon_options(seat)]
            if seat == (self.turn + 1) % 4:
                out += [{"fulou": m} for m in self.chi_options(seat)]
            if self.may_hide_tenpai(seat):
                out.append({"daopai": "-"})
            out.append({})
        elif status == "gang" and seat != self.turn:
            if self.can_win(seat):
                out.append({"hule": "-"})
            out.append({})
        else:
            out.append({})
        return out

    def check_reply(self, seat: int, answer: Reply) -> None:
        """Raise :class:`IllegalMove` saying why, unless ``answer`` is a legal reply for ``seat`` now."""
        if not isinstance(answer, Mapping):
            raise IllegalMove(f"a reply is a dict like {{'dapai': 'm1'}}, not {answer!r}")
        if len(answer) > 1:
            raise IllegalMove(f"one action at a time, not {dict(answer)!r}")
        if answer in self.legal_replies(seat):
            return
        kind, value = next(iter(answer.items())) if answer else ("pass", "")
        hand = self.hands[seat]
        status = self.status
        own_turn = seat == self.turn and status in ("zimo", "gangzimo", "fulou")
        if kind == "dapai":
            if not isinstance(value, str) or not is_tile(value.rstrip("*")) or value[-1] in "+=-":
                raise IllegalMove(f"{value!r} is not a tile")
            if not own_turn:
                raise IllegalMove(f"cannot discard {value}: it is not your turn")
            bare = value.rstrip("*")
            if bare not in self.discard_options(seat):
                if bare.rstrip("_") in (p.rstrip("_") for p in self.discard_options(seat)):
                    raise IllegalMove(f"cannot discard {value}: write it as one of {', '.join(self.discard_options(seat))}")
                if bare[1] in "05" and bare[0] != "z":
                    other = bare[0] + ("5" if bare[1] == "0" else "0")
                    if any(p.startswith(other) for p in self.discard_options(seat)):
                        kind_word = "a red five" if other[1] == "0" else "no red five, only plain ones"
                        raise IllegalMove(f"cannot discard {bare[:2]}: the hand holds {kind_word} – write {other}")
                if hand.riichi:
                    raise IllegalMove(f"cannot discard {bare[:2]}: after riichi only the drawn tile ({hand.drawn}) may go")
                if hand.drawn is not None and len(hand.drawn) > 2 and hand.count(bare[:2]):
                    raise IllegalMove(f"cannot discard {bare[:2]} right after calling {hand.drawn}: that would be swap-calling (喰い替え)")
                raise IllegalMove(f"cannot discard {bare[:2]}: the hand holds none")
            if value.endswith("*"):
                raise IllegalMove(f"cannot declare riichi with {bare}: {self._why_no_riichi(seat, bare)}")
        elif kind == "hule":
            if seat == self.turn:
                raise IllegalMove("cannot win (tsumo): " + self._why_no_win(seat, None))
            if status not in ("dapai", "gang"):
                raise IllegalMove("cannot win (ron): there is no discard to win on")
            raise IllegalMove("cannot win (ron): " + self._why_no_win(seat, self._discard_tile(seat)))
        elif kind == "gang":
            raise IllegalMove(f"cannot declare the kan {value}: " + (
                "it is not your turn" if not own_turn else
                "not allowed after riichi here" if hand.riichi else
                "no kans on the last tile, or four already" if self.tiles_left == 0 or sum(self.kans) == 4 else
                f"the kans possible are {', '.join(self.kan_options(seat)) or 'none'}"))
        elif kind == "fulou":
            if status != "dapai" or seat == self.turn:
                raise IllegalMove(f"cannot call {value}: there is no discard of another player to call")
            options = self.kan_options(seat) + self.pon_options(seat)
            if seat == (self.turn + 1) % 4:
                options += self.chi_options(seat)
            elif re.match(r"^[mps]\d*-\d*$", str(value)) and "-" in str(value):
                raise IllegalMove(f"cannot call {value}: a chi is only made on the discard of the player before you")
            if hand.riichi:
                raise IllegalMove(f"cannot call {value}: no calls after riichi")
            if self.tiles_left == 0:
                raise IllegalMove(f"cannot call {value}: the last discard cannot be called")
            raise IllegalMove(f"cannot call {value}: the calls possible are {', '.join(options) or 'none'}")
        elif kind == "daopai":
            if status in ("zimo", "gangzimo"):
                raise IllegalMove("cannot call the nine-terminals draw (九種九牌): it needs nine different terminals "
                                  "and honours on the first draw, with no call made, and abortive draws allowed")
            raise IllegalMove("cannot declare tenpai: only at the exhaustive draw, under ノーテン宣言あり, with a tenpai hand")
        elif kind == "pass":
            if own_turn:
                raise IllegalMove("cannot pass: it is your turn to discard")
            raise IllegalMove("cannot pass now")
        raise IllegalMove(f"{dict(answer)!r} is not a reply the table understands now")

    def _why_no_riichi(self, seat: int, p: str) -> str:
        hand = self.hands[seat]
        if hand.riichi:
            return "riichi is already declared"
        if not hand.is_closed:
            return "the hand is open"
        if not self.rules.riichi_without_draw and self.tiles_left < 4:
            return f"only {self.tiles_left} tiles are left in the wall (4 are needed)"
        if self.rules.bust_ends_game and self.points[self.player_id[seat]] < 1000:
            return "fewer than 1000 points to put down the riichi stick"
        return f"the hand is not tenpai after discarding {p[:2]}"

    def _why_no_win(self, seat: int, tile: str | None) -> str:
        hand = self.hands[seat].copy()
        if tile is not None:
            if not self.may_ron[seat]:
                return "you are furiten (振聴): one of your waits is in your own river, or you let a winning tile pass"
            hand.draw(tile)
        if shanten(hand) != -1:
            return "the hand is not complete"
        return "the hand has no yaku"

    # ------------------------------------------------------------------ actions (majiang-core's methods)

    def _kaiju(self) -> None:
        """Start the game (開局)."""
        self._last_hand = 0 if self.rules.rounds == 0 else self.rules.rounds * 4 - 1
        self.paipu = {"title": self.title, "player": list(self.names), "qijia": self.qijia, "log": [],
                      "defen": self.points[:], "point": [], "rank": []}
        self._call_players("kaiju")

    def _qipai(self) -> None:
        """Shuffle and deal (配牌 qipai)."""
        wall = self._walls(self) if self._walls is not None else Wall(self.rules, rng=self.rng)
        self.wall = wall
        for seat in range(4):
            self.hands[seat] = Hand([wall.draw() for _ in range(13)])
            self.rivers[seat] = River()
            self.player_id[seat] = (self.qijia + self.hand_number + seat) % 4
        self.turn = -1
        self.first_go_around = True
        self.last_discard = None
        self.pending_kan = None
        self.riichi = [0, 0, 0, 0]
        self.ippatsu = [False] * 4
        self.kans = [0, 0, 0, 0]
        self.may_ron = [True] * 4
        self._winners = []
        self._win_option = None
        self.abortive = False
        self.dealer_repeats = False
        self._honba_at_deal = self.honba
        self._payments = None
        self.paipu["defen"] = self.points[:]
        self.paipu["log"].append([])
        self._log({"qipai": {
            "zhuangfeng": self.round_wind, "jushu": self.hand_number, "changbang": self.honba,
            "lizhibang": self.riichi_sticks, "defen": [self.points[pid] for pid in self.player_id],
            "baopai": wall.dora_indicators[0], "shoupai": [str(h) for h in self.hands]}})
        self._call_players("qipai")

    def _zimo(self) -> None:
        """The next player draws (自摸)."""
        self.turn = (self.turn + 1) % 4
        tile = self._dealt_wall().draw()
        self.hands[self.turn].draw(tile)
        self._log({"zimo": {"l": self.turn, "p": tile}})
        self._call_players("zimo")

    def _dapai(self, p: str) -> None:
        """The player to act discards ``p`` (打牌); ``*`` declares riichi."""
        seat = self.turn
        hand = self.hands[seat]
        self.ippatsu[seat] = False
        if not hand.riichi:
            self.may_ron[seat] = True  # one's own discard ends temporary furiten
        hand.discard(p)
        self.rivers[seat].discard(p)
        if p.endswith("*"):
            self.riichi[seat] = 2 if self.first_go_around else 1
            self.ippatsu[seat] = self.rules.ippatsu
        if shanten(hand) == 0 and any(self.rivers[seat].contains(t) for t in waits(hand) or []):
            self.may_ron[seat] = False  # discard furiten (捨て牌フリテン)
        self.last_discard = p
        self._log({"dapai": {"l": seat, "p": p}})
        if self.pending_kan:
            self._kaigang()
        self._call_players("dapai")

    def _fulou(self, m: str) -> None:
        """Another player calls the last discard: chi, pon or open kan (副露)."""
        self.first_go_around = False
        self.ippatsu = [False] * 4
        self.rivers[self.turn].mark_called(m)
        direction = next(c for c in m if c in "+=-")  # where the called tile came from
        self.turn = (self.turn + "_-=+".index(direction)) % 4
        self.hands[self.turn].call(m)
        if _KAN_RE.match(m):
            self.pending_kan = m
            self.kans[self.turn] += 1
        self._log({"fulou": {"l": self.turn, "m": m}})
        self._call_players("fulou")

    def _gang(self, m: str) -> None:
        """The player to act declares a closed or added kan (暗槓 / 加槓)."""
        self.hands[self.turn].kan(m)
        self._log({"gang": {"l": self.turn, "m": m}})
        if self.pending_kan:
            self._kaigang()
        self.pending_kan = m
        self.kans[self.turn] += 1
        self._call_players("gang")

    def _gangzimo(self) -> None:
        """Replacement draw after a kan (嶺上牌)."""
        self.first_go_around = False
        self.ippatsu = [False] * 4
        tile = self._dealt_wall().draw_replacement()
        self.hands[self.turn].draw(tile)
        self._log({"gangzimo": {"l": self.turn, "p": tile}})
        if not self.rules.kan_dora_after_discard or _CLOSED_KAN_RE.match(self.pending_kan or ""):
            self._kaigang()
        self._call_players("gangzimo")

    def _kaigang(self) -> None:
        """Turn the kan dora indicator (開槓)."""
        self.pending_kan = None
        if not self.rules.kan_dora:
            return
        wall = self._dealt_wall()
        wall.reveal_kan_dora()
        self._log({"kaigang": {"baopai": wall.dora_indicators[-1]}})

    def _hule(self) -> None:
        """Score the next winner (和了): tsumo by the player to act, or the first queued ron."""
        wall = self._dealt_wall()
        if self.status != "hule":
            wall.close()
            self._win_option = ("qianggang" if self.status == "gang"
                                else "lingshang" if self.status == "gangzimo" else None)
        seat = self._winners.pop(0) if self._winners else self.turn
        ron = seat != self.turn
        tile = None
        if ron:
            tile = self._taken_tile(robbing_kan=self._win_option == "qianggang") + "_+=-"[(4 + self.turn - seat) % 4]
        hand = self.hands[seat].copy()
        ura = wall.ura_indicators if hand.riichi else None
        context = WinContext(
            rules=self.rules, round_wind=self.round_wind, seat_wind=seat, riichi=self.riichi[seat],
            ippatsu=bool(self.ippatsu[seat]), robbing_kan=self._win_option == "qianggang",
            after_kan=self._win_option == "lingshang",
            last_tile=0 if (wall.tiles_left > 0 or self._win_option == "lingshang") else (2 if ron else 1),
            blessing=0 if not (self.first_go_around and not ron) else (1 if seat == 0 else 2),
            dora_indicators=wall.dora_indicators, ura_indicators=None if ura is None else tuple(ura),
            honba=self.honba, riichi_sticks=self.riichi_sticks)
        result = score(hand, tile, context)
        if result is None or not result.has_yaku:
            raise AssertionError(f"{self.hand_name()}: {hand} + {tile} was let win without a yaku")
        if self.steps.repeats_after_win(seat, self.rule):
            self.dealer_repeats = True  # a double ron keeps it once the dealer has won
        self.dealer_repeats = bool(self.steps.one_hand_game(self.dealer_repeats, True, self.rule))
        self._payments = list(result.payments)
        shown = hand.copy()
        if tile is not None:
            shown.draw(tile)
        event: dict[str, Any] = {"l": seat, "shoupai": str(shown), "baojia": self.turn if ron else None,
                                 "fubaopai": None if ura is None else list(ura)}
        out = result.to_majiang()
        for key in ("fu", "fanshu", "damanguan"):
            if out.get(key):
                event[key] = out[key]
        event.update(defen=out["defen"], hupai=out["hupai"], fenpei=out["fenpei"])
        self._log({"hule": event})
        self.results.append({"hule": event})
        self._call_players("hule")

    def _pingju(self, name: str = "", shown: list[str] | None = None) -> None:
        """End the hand without a winner (流局): exhaustive (荒牌平局, 流し満貫) or abortive (``name``)."""
        shoupai = list(shown) if shown is not None else ["", "", "", ""]
        payments = [0, 0, 0, 0]
        dealer_tenpai = False
        if not name:
            draw = exhaustive_draw([h.copy() for h in self.hands], [r.tiles for r in self.rivers], shoupai,
                                   self.rule, self.steps)
            name, shoupai, payments, dealer_tenpai = draw.name, draw.shown, draw.payments, draw.tenpai[0]
        self.abortive = name in ABORTIVE_DRAWS
        repeats = self.steps.repeats_after_draw(self.abortive, bool(dealer_tenpai), self.rule)
        self.dealer_repeats = bool(self.steps.one_hand_game(bool(repeats), False, self.rule))
        payments = [int(x) for x in payments]
        self._payments = payments
        event = {"name": name, "shoupai": shoupai, "fenpei": payments}
        self._log({"pingju": event})
        self.results.append({"pingju": event})
        self._call_players("pingju")

    def _last(self) -> None:
        """Decide between the next hand and the end of the game (``last``)."""
        self.turn = -1
        if not self.dealer_repeats:
            self.hand_number += 1
            self.round_wind += self.hand_number // 4
            self.hand_number %= 4
        end = False
        top = -1  # the leader with at least 30000, first from the first dealer on ties
        for i in range(4):
            pid = (self.qijia + i) % 4
            if self.points[pid] < 0 and self.rules.bust_ends_game:
                end = True
            if self.points[pid] >= 30000 and (top < 0 or self.points[pid] > self.points[top]):
                top = pid
        upcoming = self.round_wind * 4 + self.hand_number
        if upcoming > 15:
            end = True  # never beyond North 4
        elif upcoming > (self.rules.rounds + 1) * 4 - 1:
            end = True  # at most one extra wind
        elif upcoming > self._last_hand:
            if self.rules.extension == 0 or self.rules.rounds == 0 or top >= 0:
                end = True
            elif self.rules.extension == 3:
                self._last_hand += 4
            elif self.rules.extension == 2:
                self._last_hand += 1
        elif upcoming == self._last_hand:
            if self.rules.all_last_stop and top == self.player_id[0] and self.dealer_repeats and not self.abortive:
                end = True
        if end:
            self._jieju()
        else:
            self._qipai()

    def _jieju(self) -> None:
        """Final ranking and points with uma (結局)."""
        order: list[int] = []
        for i in range(4):
            pid = (self.qijia + i) % 4
            at = len(order)
            while at > 0 and self.points[pid] > self.points[order[at - 1]]:
                at -= 1
            order.insert(at, pid)
        self.points[order[0]] += self.riichi_sticks * 1000
        self.riichi_sticks = 0
        rank = [0] * 4
        for i, pid in enumerate(order):
            rank[pid] = i + 1
        integer = not any(re.search(r"\.\d$", x) for x in self.rules.rank_bonus)
        point = [0.0] * 4
        for i in range(1, 4):
            pid = order[i]
            point[pid] = (self.points[pid] - 30000) / 1000 + float(self.rules.rank_bonus[i])
            if integer:
                point[pid] = math.floor(point[pid] + 0.5)  # JavaScript's Math.round
            point[order[0]] -= point[pid]
        self.paipu["defen"] = self.points[:]
        self.paipu["rank"] = rank
        self.paipu["point"] = [_format_point(x, integer) for x in point]
        self._call_players("jieju")

    # ------------------------------------------------------------------ replies (majiang-core's reply_*)

    def _reply_zimo(self) -> None:
        seat = self.turn
        r = self._reply_of(seat)
        if r.get("daopai"):
            if self.can_abort_nine():
                shown = ["", "", "", ""]
                shown[seat] = str(self.hands[seat])
                return self._pingju("九種九牌", shown)
        elif r.get("hule"):
            if self.can_win(seat):
                return self._hule()
        elif r.get("gang"):
            if r["gang"] in self.kan_options(seat):
                return self._gang(r["gang"])
        elif r.get("dapai"):
            p = r["dapai"].rstrip("*")
            if p in self.discard_options(seat):
                if r["dapai"].endswith("*") and self._allow_riichi(p):
                    return self._dapai(r["dapai"])
                return self._dapai(p)
        self._dapai(self.discard_options(seat)[-1])

    def _claims(self) -> list[int]:
        """Seats that win the last discard (or rob the added kan) by their replies; the others who could
        have won it and let it pass become furiten (見逃し)."""
        claims = []
        for i in (1, 2, 3):
            seat = (self.turn + i) % 4
            r = self._reply_of(seat)
            if r.get("hule") and self.can_win(seat):
                claims.append(seat)
            elif completes(self.hands[seat], self._discard_tile(seat)):
                self.may_ron[seat] = False  # let a winning tile pass (見逃し)
        return claims

    def _reply_dapai(self) -> None:
        turn = self.turn
        rule = self.rule
        self._winners = list(self.steps.ron_winners(turn, self._claims(), rule))
        if self.steps.is_three_rons(list(self._winners), rule):
            shown = ["", "", "", ""]
            for seat in self._winners:
                shown[seat] = str(self.hands[seat])
            return self._pingju("三家和", shown)
        if self._winners:
            return self._hule()
        if self.last_discard is not None and self.last_discard.endswith("*"):
            self.points[self.player_id[turn]] -= 1000
            self.riichi_sticks += 1
            if self.steps.is_four_riichi(list(self.riichi), rule):
                return self._pingju("四家立直", [str(h) for h in self.hands])
        if self.first_go_around and turn == 3:
            self.first_go_around = False  # every player has discarded once, no call made
            if self.steps.is_four_winds([r.tiles[0] for r in self.rivers], rule):
                return self._pingju("四風連打")
        if self.steps.is_four_kans(list(self.kans), rule):
            return self._pingju("四開槓")
        if self.tiles_left == 0:
            shown = ["", "", "", ""]
            for seat in range(4):
                r = self._reply_of(seat)
                if r.get("daopai"):
                    shown[seat] = r["daopai"]
            return self._pingju("", shown)
        for i in (1, 2, 3):
            seat = (turn + i) % 4
            m = self._reply_of(seat).get("fulou")
            if not m:
                continue
            if _KAN_RE.match(m):
                if m in self.kan_options(seat):
                    return self._fulou(m)
            elif _PON_RE.match(m.replace("0", "5")):
                if m in self.pon_options(seat):
                    return self._fulou(m)
        seat = (turn + 1) % 4
        m = self._reply_of(seat).get("fulou")
        if m and m in self.chi_options(seat):
            return self._fulou(m)
        self._zimo()

    def _reply_fulou(self) -> None:
        if self.pending_kan:
            return self._gangzimo()
        r = self._reply_of(self.turn)
        if r.get("dapai") and r["dapai"] in self.discard_options(self.turn):
            return self._dapai(r["dapai"])
        self._dapai(self.discard_options(self.turn)[-1])

    def _reply_gang(self) -> None:
        if _CLOSED_KAN_RE.match(self.pending_kan or ""):
            return self._gangzimo()
        # robbing the kan (槍槓): the same claims, but no 三家和 (as in majiang-core)
        self._winners = list(self.steps.ron_winners(self.turn, self._claims(), self.rule))
        if self._winners:
            return self._hule()
        self._gangzimo()

    def _pay(self) -> None:
        """Move the points of the result the players have just acknowledged (fenpei)."""
        assert self._payments is not None, "no result to pay"
        for seat in range(4):
            self.points[self.player_id[seat]] += self._payments[seat]

    def _reply_hule(self) -> None:
        self._pay()
        self.honba = 0
        self.riichi_sticks = 0  # only the first winner takes honba and sticks
        if self._winners:
            return self._hule()
        if self.dealer_repeats:
            self.honba = self._honba_at_deal + 1
        self._last()

    def _reply_pingju(self) -> None:
        self._pay()
        self.honba += 1
        self._last()


def completes(hand: Hand, tile: str) -> bool:
    """Would ``tile`` (another player's, e.g. ``'m3+'``) complete a 13-tile ``hand``, yaku or not?

    Counted on the 34 tile kinds, without copying the hand: the table asks this for three players
    after every discard (furiten after a winning tile goes by, 見逃し).

    >>> completes(Hand.from_string('m123p456s789z1122'), 'z1='), completes(Hand.from_string('m123p456s789z1122'), 'z3=')
    (True, False)
    """
    packed = hand.packed + PLAIN_WEIGHT[tile[:2]]  # the hand's counts with the tile added (hand.py)
    if not hand.hidden and not over_four(packed):
        # a hand that is not ready is completed by no tile: asked once per hand, not once per discard
        n_melds = len(hand.melds)
        ready = _READY.get((hand.packed, n_melds))
        if ready is None:
            if len(_READY) > 100_000:
                _READY.clear()
            ready = _READY[(hand.packed, n_melds)] = shanten_of_packed(hand.packed, n_melds) <= 0
        return ready and shanten_of_packed(packed, n_melds) == -1
    counts = []
    for suit in "mps":
        counts += hand.counts(suit)[1:10]
    counts += hand.counts("z")[1:8]
    counts[_KIND_BASE[tile[0]] + (int(tile[1]) or 5) - 1] += 1
    return shanten_of_counts(counts, len(hand.melds)) == -1


_KIND_BASE = {"m": 0, "p": 9, "s": 18, "z": 27}
_READY: dict[tuple[int, int], bool] = {}  # (packed counts, melds) of a 13-tile hand -> shanten 0 or less


def _readings(hand: Hand) -> int:
    """Winning decompositions over all waits of a 13-tile hand (for リーチ後暗槓許可レベル 1)."""
    from .. import win_shapes

    return sum(len(win_shapes(hand, t + "+")) for t in (waits(hand) or []))


def _format_point(x: float, integer: bool) -> str:
    """JavaScript's ``toFixed``: no ``-0``."""
    text = f"{x:.0f}" if integer else f"{x:.1f}"
    return "0" if text == "-0" else "0.0" if text == "-0.0" else text
