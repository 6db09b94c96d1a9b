"""Benchmark rows for ``python -m gamelab.bench riichi-peer [--quick] [--json]``: gamelab's bots and core
side by side with the JavaScript they are measured against, in the same run.

* **Play**: two gamelab bots and two majiang-ai 1.0.13 players (in one node process, each seeing only
  what majiang-core would show it, see :mod:`gamelab.riichi.table.peer`) play East-only games at a
  gamelab table. Games go in pairs on the same seed (the same walls): gamelab at player ids 0 and 2,
  then at 1 and 3. Rows: ``mean rank vs majiang-ai`` (value: the gamelab bots' mean rank; reference:
  majiang-ai's; ratio = value / reference), ``deal-in rate vs majiang-ai`` and ``win rate vs
  majiang-ai`` (per player-hand, same convention), and ``exhaustive draw rate, bot-only``: four gamelab
  bots, then four majiang-ai players, on the same seeds (荒牌平局 and 流し満貫 count as exhaustive draws).
  Each rate and the mean rank carry a 95 % interval (Wilson for rates; for the mean rank, games as the
  units), on both sides where the reference has one: 200 mixed games give the mean rank to about
  ±0.09. Bot-only games are as many as mixed games, each on its own seed (200: seeds 0-199, about
  1,150 hands a side, a draw rate to about ±2 points; 100 games, the count until 1 Dec 2026, left
  about ±3, as wide as the 3 points the rates are compared by).
* **Speed**: majiang-core 1.4.1's ``new Shoupai``, ``Shoupai.fromString``, ``Util.xiangting`` and
  ``Util.hule`` timed in node on the conformance data, and gamelab's counterparts on the same data;
  the fastest of several passes in CPU time on each side, the two sides taking turns pass by pass (so a
  change of load reaches both alike); ratio = gamelab's rate / majiang-core's. Building and
  parsing keep the hands they make in a list on both sides (a hand nobody keeps costs V8 next to
  nothing to allocate and free, which is not what a program building hands meets). gamelab's scoring
  and string tables (lazily built look-ups) are cleared before every pass, so they are paid for; the
  shanten tables are built once first (a session builds them in its first seconds; the ``shanten``
  bench shows the cold start).

The npm packages are installed with the machine's ``npm`` into a cache folder (see
:func:`~gamelab.riichi.table.peer.npm_cache`) when missing. Without node or npm the bench says so on
stderr and gives no rows. ``--quick``: 40 games (20 seeds), 40 bot-only games each, fewer timing passes.
``$GAMELAB_PEER_GAMES`` sets the number of mixed games (even), ``$GAMELAB_PEER_SEED`` the first seed.
``python -m gamelab.bench riichi-speed`` (``bench_speed.py``) gives the speed rows alone, without games.
"""

from __future__ import annotations

import gc
import json
import os
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

from ..measure import Row, wilson
from .bench_shanten import data_dir
from .hand import Hand, clear_string_tables
from .rules import Rules
from .scoring import WinContext, clear_tables, score
from .shanten import shanten
from .table import Table
from .table.ai import DEFAULT_LEVEL, Bot
from .table.peer import PeerPlayer, PeerProcess, PeerUnavailable, node_peer

__all__ = ["run", "Tally", "play_mixed", "play_alone", "GAME_RULES"]

#: the rules of the games: majiang-core's defaults, East-only (東風戦)
GAME_RULES: dict[str, Any] = {"場数": 1}

EXHAUSTIVE = ("荒牌平局", "流し満貫")


@dataclass
class Tally:
    """What a set of games came to for one side (a set of player ids in each game)."""

    games: int = 0
    player_hands: int = 0
    ranks: list[int] = field(default_factory=list)
    deal_ins: int = 0
    wins: int = 0
    hands: int = 0
    exhaustive: int = 0
    won_points: int = 0  # the value of the side's wins (defen)
    lost_points: int = 0  # the value of the wins the side dealt into
    seeds: list[int] = field(default_factory=list)

    def add(self, paipu: dict[str, Any], ids: tuple[int, ...], seed: int) -> None:
        self.games += 1
        self.seeds.append(seed)
        qijia = paipu["qijia"]
        for pid in ids:
            self.ranks.append(paipu["rank"][pid])
        for hand in paipu["log"]:
            self.hands += 1
            self.player_hands += len(ids)
            jushu = hand[0]["qipai"]["jushu"]
            seat_id = [(qijia + jushu + seat) % 4 for seat in range(4)]
            for event in hand:
                if "hule" in event:
                    win = event["hule"]
                    if seat_id[win["l"]] in ids:
                        self.wins += 1
                        self.won_points += win["defen"]
                    if win.get("baojia") is not None and seat_id[win["baojia"]] in ids:
                        self.deal_ins += 1
                        self.lost_points += win["defen"]
                elif "pingju" in event and event["pingju"]["name"] in EXHAUSTIVE:
                    self.exhaustive += 1

    def rank_interval(self) -> tuple[float, float]:
        """A 95 % interval of the mean rank, games as the units (a game's ranks for one side are not
        independent: when one of its players gains a place, another loses one)."""
        per = len(self.ranks) // self.games if self.games else 0
        if self.games < 2 or not per:
            return 0.0, 5.0
        means = [sum(self.ranks[i:i + per]) / per for i in range(0, per * self.games, per)]
        centre = sum(means) / len(means)
        spread = (sum((m - centre) ** 2 for m in means) / (len(means) - 1)) ** 0.5
        half = 1.96 * spread / len(means) ** 0.5
        return centre - half, centre + half

    @property
    def mean_rank(self) -> float:
        return sum(self.ranks) / len(self.ranks) if self.ranks else 0.0

    @property
    def deal_in_rate(self) -> float:
        return self.deal_ins / self.player_hands if self.player_hands else 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.player_hands if self.player_hands else 0.0

    @property
    def exhaustive_rate(self) -> float:
        return self.exhaustive / self.hands if self.hands else 0.0


def _interval(count: int, total: int) -> str:
    low, high = wilson(count, total)
    return f"95% CI {low:.3f}-{high:.3f}"


def _progress(text: str) -> None:
    print(f"riichi-peer: {text}", file=sys.stderr, flush=True)


def play_mixed(peer: PeerProcess, games: int, first_seed: int, level: str = DEFAULT_LEVEL,
               rules: dict[str, Any] | None = None, report: Callable[[str], None] | None = None) -> tuple[Tally, Tally]:
    """``games`` games (pairs on one seed, seats swapped): two gamelab bots against two peer players.

    Returns the tallies of (gamelab, peer).
    """
    ours, theirs = Tally(), Tally()
    for i in range(games):
        seed = first_seed + i // 2
        mine = (0, 2) if i % 2 == 0 else (1, 3)
        others = tuple(pid for pid in range(4) if pid not in mine)
        players: list[Any] = [Bot(seed=seed * 4 + pid, level=level) if pid in mine else PeerPlayer(peer, name=f"ai {pid}")
                              for pid in range(4)]
        table = Table(players=players, rules=rules if rules is not None else GAME_RULES, qijia=0, seed=seed,
                      names=[("gamelab " if pid in mine else "majiang-ai ") + str(pid) for pid in range(4)])
        table.run()
        ours.add(table.paipu, mine, seed)
        theirs.add(table.paipu, others, seed)
        for player in players:
            if isinstance(player, PeerPlayer):
                player.leave()
        if report is not None and (i + 1) % 10 == 0:
            report(f"{i + 1}/{games} games: gamelab mean rank {ours.mean_rank:.3f}, deal-ins {ours.deal_in_rate:.3f} "
                   f"vs {theirs.deal_in_rate:.3f}, wins {ours.win_rate:.3f} vs {theirs.win_rate:.3f}, points per win "
                   f"{ours.won_points / max(1, ours.wins):.0f} vs {theirs.won_points / max(1, theirs.wins):.0f}")
    return ours, theirs


def play_alone(make_player: Callable[[int, int], Any], games: int, first_seed: int,
               rules: dict[str, Any] | None = None) -> Tally:
    """``games`` games of four players of one kind (``make_player(seed, player id)``)."""
    tally = Tally()
    for i in range(games):
        seed = first_seed + i
        players = [make_player(seed, pid) for pid in range(4)]
        table = Table(players=players, rules=rules if rules is not None else GAME_RULES, qijia=0, seed=seed)
        table.run()
        tally.add(table.paipu, (0, 1, 2, 3), seed)
        for player in players:
            if isinstance(player, PeerPlayer):
                player.leave()
    return tally


# ------------------------------------------------------------------ the core's speed


def _best(repeat: int, work: Callable[[], object], before: Callable[[], object] | None = None) -> float:
    fastest = float("inf")
    for _ in range(repeat):
        if before is not None:
            before()
        gc.collect()  # each pass starts from a collected heap, not with the garbage of the workload before it
        start = time.process_time()
        work()
        fastest = min(fastest, time.process_time() - start)
    return fastest


def _clear_scoring_tables() -> None:
    clear_tables()
    clear_string_tables()


def python_workloads(data: Path, hands: int | None = None,
                     wins: int | None = None) -> dict[str, tuple[Callable[[], None], Callable[[], object] | None]]:
    """gamelab's side of the workloads ``peer.js`` times (same data, same selection): for each, the work
    and what to do before each timing of it (empty the tables a first call fills)."""
    tiles: list[list[str]] = []
    for number in range(1, 5):
        with open(data / "majiang" / f"xiangting_{number}.json", encoding="utf-8") as file:
            tiles += [case["q"] for case in json.load(file)]
    if hands and hands < len(tiles):
        step = len(tiles) // hands
        tiles = tiles[::step][:hands]
    with open(data / "majiang" / "hule.json", encoding="utf-8") as file:
        cases = json.load(file)
    if wins and wins < len(cases):
        cases = cases[:wins]
    strings = [str(Hand(t)) for t in tiles]
    built = [Hand(t) for t in tiles]
    win_strings = [c["in"]["shoupai"] for c in cases]
    rules = Rules()
    prepared = [(Hand.from_string(c["in"]["shoupai"]), c["in"].get("rongpai"),
                 WinContext.from_majiang(c["in"]["param"], rules)) for c in cases]
    for hand in built:  # the shanten tables, built once (see the module docstring)
        shanten(hand)

    # building and parsing keep what they make (a list of hands), as peer.js does
    def build() -> None:
        kept = [Hand(t) for t in tiles]
        del kept

    def parse() -> None:
        kept = [Hand.from_string(s) for s in win_strings]
        del kept

    def shanten_built() -> None:
        for h in built:
            shanten(h)

    def shanten_here() -> None:
        for t in tiles:
            shanten(Hand(t))

    def shanten_strings() -> None:
        for s in strings:
            shanten(s)

    def scoring() -> None:
        for h, r, c in prepared:
            score(h, r, c)

    return {
        "build": (build, None),
        "parse": (parse, clear_string_tables),
        "shanten": (shanten_built, None),
        "shanten_built_here": (shanten_here, None),
        "shanten_from_strings": (shanten_strings, clear_string_tables),
        "score": (scoring, _clear_scoring_tables),
    }




_SPEED_ROWS = (
    ("build", "hands", "building hands: Hand(tiles) / new Shoupai, into a list", "hands/s"),
    ("parse", "wins", "parsing hand strings: from_string / fromString, into a list", "strings/s"),
    ("shanten", "hands", "shanten of a built hand / Util.xiangting", "hands/s"),
    ("shanten_built_here", "hands", "shanten incl. building the hand from its tiles", "hands/s"),
    ("shanten_from_strings", "hands", "shanten from hand strings", "hands/s"),
    ("score", "wins", "scoring (hule), 10,000 hule.json wins, parsed first", "wins/s"),
)


def speed_rows(peer: PeerProcess, data: Path, quick: bool, versions: dict[str, str], bench: str = "riichi-peer") -> list[Row]:
    repeat = 3 if quick else 7
    hands = 4000 if quick else None
    wins = 2000 if quick else None
    workloads = python_workloads(data, hands, wins)
    ours = {key: float("inf") for key in workloads}
    theirs = dict(ours)
    counts: dict[str, int] = {}
    # Side by side: a round of majiang-core's timings, then a round of gamelab's, ``repeat`` times, keeping
    # each side's fastest. A change of load on a shared machine then reaches both sides alike (timing one
    # side whole and then the other once gave scoring 0.995 in one run and 1.25 in the next).
    for _ in range(repeat):
        answer = peer.request({"cmd": "time", "data": str(data), "repeat": 1, "hands": hands, "wins": wins})
        counts = answer["counts"]
        for key, seconds in answer["seconds"].items():
            theirs[key] = min(theirs[key], seconds)
        for key, (work, before) in workloads.items():
            ours[key] = min(ours[key], _best(1, work, before))
    rows = []
    for key, count_key, metric, unit in _SPEED_ROWS:
        n = counts[count_key]
        mine, other = n / ours[key], n / theirs[key]
        if key == "score" and wins:
            metric = metric.replace("10,000", f"{n:,}")
        rows.append(Row(bench, metric, round(mine), unit, reference=f"majiang-core {versions['majiang-core']}",
                        reference_value=round(other), ratio=mine / other))
    return rows


# ------------------------------------------------------------------ the bench


def run(quick: bool = False) -> list[Row]:
    """Measure and return the rows; none (and a message on stderr) without node or npm."""
    try:
        peer = node_peer()
    except PeerUnavailable as missing:
        print(f"riichi-peer: no rows: {missing}", file=sys.stderr)
        return []
    games = int(os.environ.get("GAMELAB_PEER_GAMES", 40 if quick else 200))
    games += games % 2
    first_seed = int(os.environ.get("GAMELAB_PEER_SEED", 0))
    alone = games  # bot-only games: one per seed, as many as the mixed games
    rows: list[Row] = []
    with peer:
        versions = peer.request({"cmd": "hello"})["versions"]
        ai = f"majiang-ai {versions['majiang-ai']}"
        _progress(f"{games} games, gamelab bots ({DEFAULT_LEVEL}) against {ai}, seeds {first_seed}-{first_seed + games // 2 - 1}")
        ours, theirs = play_mixed(peer, games, first_seed, report=_progress)
        where = f"{games} games, seeds {first_seed}-{first_seed + games // 2 - 1} x2 seatings"
        low, high = ours.rank_interval()
        rows.append(Row("riichi-peer", f"mean rank vs majiang-ai (95% CI {low:.3f}-{high:.3f})", round(ours.mean_rank, 3), "rank",
                        reference=f"{ai}, {where}", reference_value=round(theirs.mean_rank, 3),
                        ratio=ours.mean_rank / theirs.mean_rank))
        rows.append(Row("riichi-peer", f"deal-in rate vs majiang-ai ({_interval(ours.deal_ins, ours.player_hands)})",
                        round(ours.deal_in_rate, 4), "per player-hand",
                        reference=f"{ai}, {_interval(theirs.deal_ins, theirs.player_hands)}, {ours.player_hands} player-hands each",
                        reference_value=round(theirs.deal_in_rate, 4),
                        ratio=ours.deal_in_rate / theirs.deal_in_rate if theirs.deal_in_rate else None))
        rows.append(Row("riichi-peer", f"win rate vs majiang-ai ({_interval(ours.wins, ours.player_hands)})",
                        round(ours.win_rate, 4), "per player-hand",
                        reference=f"{ai}, {_interval(theirs.wins, theirs.player_hands)}", reference_value=round(theirs.win_rate, 4),
                        ratio=ours.win_rate / theirs.win_rate if theirs.win_rate else None))
        _progress(f"bot-only games: {alone} of four gamelab bots, {alone} of four majiang-ai players")
        mine_alone = play_alone(lambda seed, pid: Bot(seed=seed * 4 + pid), alone, first_seed)
        ai_alone = play_alone(lambda seed, pid: PeerPlayer(peer), alone, first_seed)
        rows.append(Row("riichi-peer", f"exhaustive draw rate, bot-only ({_interval(mine_alone.exhaustive, mine_alone.hands)})",
                        round(mine_alone.exhaustive_rate, 4), "per hand",
                        reference=f"{ai} bot-only, {_interval(ai_alone.exhaustive, ai_alone.hands)}, {alone} games each "
                                  f"(seeds {first_seed}-{first_seed + alone - 1}), {mine_alone.hands} / {ai_alone.hands} hands",
                        reference_value=round(ai_alone.exhaustive_rate, 4),
                        ratio=mine_alone.exhaustive_rate / ai_alone.exhaustive_rate if ai_alone.exhaustive_rate else None))
        data = data_dir()
        if data is None:
            _progress("no conformance data ($GAMELAB_CONFORMANCE_DATA): speed rows skipped")
        else:
            _progress("timing majiang-core and gamelab on the conformance data")
            rows += speed_rows(peer, data, quick, versions)
    return rows
