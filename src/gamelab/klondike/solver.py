"""A solver for thoughtful Klondike (every card known): a winning line, or a proof there is none.

"Thoughtful" Klondike is Klondike played with the face-down cards known; a deal is *winnable* when
some sequence of legal moves puts all 52 cards on the foundations. :func:`solve` searches the
positions, with:

* **safe moves played at once**: a card goes up to its foundation without a choice when no card
  could ever need it as a parent (rank ≤ 2; or both foundations of the other color at rank − 1;
  or at rank − 2 with the other suit of its own color at rank − 3, see :func:`_safe`); a talon
  card with draw 1 too, from anywhere in the talon for the proofs, only from the top of the waste
  for the short-line search below (which counts the clicks);
* **talon moves instead of draws**: from any position the solver knows which stock/waste cards a
  number of clicks on the stock can bring to the top of the waste, and plays them directly (with
  draw 1 every talon card can be reached, so where the stock pointer stands does not matter; with
  draw 3 every pointer on the cycle 0, 3, 6 … is as good as any other on it);
* **pruning that loses nothing**: one empty column stands for all; a King already at the bottom of
  its column never moves to another empty one; a move whose only effect is to expose or place a
  card (a partial run moved off it, a column emptied, a stock card put down with draw 1, a card
  taken back from a foundation) is tried only when that card can be used at once, because any
  winning line can postpone such a move until just before the card is used;
* **a transposition table** on a canonical key: columns without face-down cards are
  interchangeable, so they are sorted; the talon's order is implied by which cards are elsewhere;
  with draw 3 a position is skipped also when one differing only by a stock pointer that clicks
  lead from to its pointer has been seen (see :meth:`_Search.dominated`);
* **two searches taking turns** over one budget and one table: a depth-first search trying moves
  by kind, and a best-first search expanding the position with fewest face-down cards first, as
  each gets stuck on deals where the other does not;
* **short lines**: a third search takes its turns beside them, looking for lines that are short as
  ShootMe's solver counts them (:func:`shootme_length`: every move, stock click and card turned
  over counts one, turning the waste back over nothing): many small depth-first runs, talon moves
  ranked down by the stock clicks they need, which bound themselves by the shortest line found so
  far (a position whose cost so far plus a lower bound on the rest, :meth:`_Search.bound`, reaches
  it is dropped). The runs differ in how much a click weighs, later ones break ties at random, and
  once a line is known half of them start from a random point along it, keeping its first moves.
  After the first win, ``polish`` more positions go to shortening it: first three best-first
  searches ranked as ShootMe's fast mode ranks positions (cost so far, plus that lower bound,
  plus a weight for every card not yet up; a few children kept per position), each greedier for
  the foundations than the last, as they find lines of another shape (fewer stock clicks) than
  the depth-first runs can reach from the first win; then the depth-first runs for the rest.

Because every pruning keeps at least one winning line when one exists, the first two searches
running out of positions before their budget *prove* the deal unwinnable. Solutions are turned
into the engine's own actions (``draw`` clicks included) and replayed through :class:`Klondike`, so
every move of a solution has passed the engine's legality checks.

>>> from gamelab.klondike import Klondike
>>> result = solve(Klondike.new(seed=2), budget=50_000)
>>> result.status, result.actions[:3]
('solved', ['t4>f', 't5>t7', 't7:2>t1'])
>>> print(result)
solved in 113 actions, 133 moves as ShootMe counts them (20,512 positions searched)
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass, field
from typing import Any, Generator, Literal

from ..work import checkpoint
from .game import Klondike

__all__ = ["solve", "SolveResult", "solution_actions", "shootme_length", "DEFAULT_BUDGET"]

#: Default search budget, in distinct positions visited.
DEFAULT_BUDGET = 200_000

# Click weights of the successive short-line searches (see _Search.cheap_lines), most useful first.
_CLICK_WEIGHTS = (0.5, 0.3, 1.0, 0.0, 0.2, 0.7, 2.0, 0.1, 0.4, 1.5, 0.05, 3.0, 0.6, 0.25)

# The short-line best-first searches after the first win (see _Search.cheap_first): the weight of a
# card not yet up in each run, and how many children of a position each keeps.
_GREED = (2.0, 3.0, 5.0)
_BEAM = 3

Status = Literal["solved", "impossible", "unknown"]

# Card numbers 0-51 are Card.id (suit * 13 + rank - 1, suits ♠ ♥ ♣ ♦): small tables beat attributes.
_SUIT = [c // 13 for c in range(52)]
_RANK = [c % 13 + 1 for c in range(52)]
# _OTHER_COLOR[s]: the two suits of the other color.
_OTHER_COLOR = [(1, 3), (0, 2), (1, 3), (0, 2)]
_KING = 13
_NEVER = 1 << 30  # no pointer of that remainder seen yet
# _PARENTS[c]: the two cards c can go on in the tableau (one rank higher, other color).
_PARENTS = [
    tuple(s * 13 + (c % 13) + 1 for s in _OTHER_COLOR[c // 13]) if c % 13 < 12 else () for c in range(52)
]
# _CHILDREN[c]: the two cards that can go on c in the tableau (one rank lower, other color).
_CHILDREN = [
    tuple(s * 13 + (c % 13) - 1 for s in _OTHER_COLOR[c // 13]) if c % 13 else () for c in range(52)
]

# A move, as the solver plays it:
#   ("wf", card)              a talon card to its foundation
#   ("wt", card, column)      a talon card onto a column
#   ("tf", column)            a column's top card to its foundation
#   ("tt", column, count, to) the top ``count`` cards of a column onto another
#   ("ft", suit, column)      a foundation's top card back onto a column
# Its tag decides its length, which the checker cannot follow from ``kind = move[0]``: any tuple.
Move = tuple[Any, ...]


@dataclass
class SolveResult:
    """What :func:`solve` found.

    ``status`` is ``"solved"`` (``actions`` is a winning line in the engine's notation, checked by
    replaying it; ``length`` its length as ShootMe counts it), ``"impossible"`` (every position
    reachable was searched: no win exists) or ``"unknown"`` (the budget ran out first). ``states``
    counts the positions the searches visited.
    """

    status: Status
    actions: list[str] = field(default_factory=list)
    states: int = 0
    budget: int = DEFAULT_BUDGET
    #: The winning line's length as ShootMe counts it (:func:`shootme_length`), 0 when not solved.
    length: int = 0

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def __str__(self) -> str:
        if self.status == "solved":
            return (f"solved in {len(self.actions)} actions, {self.length} moves as ShootMe counts them"
                    f" ({self.states:,} positions searched)")
        if self.status == "impossible":
            return f"no win exists: all {self.states:,} reachable positions searched"
        return f"no win found within the budget of {self.budget:,} positions"


# The seven columns' face-up runs, each bottom card first.
Columns = tuple[tuple[int, ...], ...]
# A position: (columns' face-up runs, face-down counts, foundation heights, talon, waste size).
State = tuple[Columns, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]
# A best-first search's node: its parent node (None at the start) and the moves from the parent.
_Node = tuple["_Node | None", list[Move]]


def _safe(card: int, found: tuple[int, ...]) -> bool:
    """Can ``card`` go up without any loss? Only if no card could need it as a parent."""
    rank = _RANK[card]
    if rank <= 2:
        return True
    suit = _SUIT[card]
    a, b = _OTHER_COLOR[suit]
    low = min(found[a], found[b])
    if low >= rank - 1:
        return True  # both cards that could go on it are already up
    # Otherwise those two cards can go up themselves whenever free, and so can the cards that
    # could go on them (the other suit of this color), so none of them needs this card.
    return low >= rank - 2 and found[suit ^ 2] >= rank - 3


class _Search:
    """One depth-first search over one deal (see the module docstring)."""

    def __init__(self, game: Klondike, budget: int, prune: bool = True) -> None:
        self.draw = game.draw
        self.budget = budget
        self.prune = prune
        # Face-down cards never move until turned over, so a count says which ones are left.
        self.down = tuple(tuple(c.id for c in column if not c.up) for column in game.tableau)
        ups = tuple(tuple(c.id for c in column if c.up) for column in game.tableau)
        ndown = tuple(len(d) for d in self.down)
        found = tuple(len(pile) for pile in game.foundations)
        # The talon as one sequence: waste bottom … waste top, then stock top … stock bottom;
        # ``p`` cards of it are in the waste. Recycling is then just p = 0.
        talon = tuple(c.id for c in game.waste) + tuple(c.id for c in reversed(game.stock))
        self.start: State = (ups, ndown, found, talon, len(game.waste))
        # The transposition table, shared by the searches (see :meth:`dominated`).
        self.seen: dict[bytes, list[int]] = {}
        self.visited = 0  # distinct positions, over all searches
        self.down_penalty = self._down_penalties()
        self.random = random.Random(0)  # for the short-line searches' ties (see :meth:`moves`)
        self.limit = budget  # the searches stop when ``visited`` reaches it
        self.best: tuple[int, list[Move]] | None = None  # the cheapest winning line found: (cost, moves)

    # -- positions -----------------------------------------------------------------------------
    def key(self, state: State) -> tuple[bytes, int]:
        """The transposition-table key: ``(base, pointer)``.

        ``base`` holds the foundation heights, the columns with face-down cards by their place
        (their hidden cards differ) and the other columns sorted. The talon itself is left out:
        its cards are the ones not elsewhere, in the deal's order. ``pointer`` is the waste size
        when it matters, or 0 when the pointer stands on the stock cycle (0, draw, 2 × draw … or
        the whole talon in the waste) or with draw 1, where any talon card can be reached.
        """
        ups, ndown, found, talon, p = state
        parts = [bytes(found)]
        loose = []
        for i in range(7):
            if ndown[i]:
                parts.append(bytes((100 + i, ndown[i])) + bytes(ups[i]))
            elif ups[i]:
                loose.append(bytes(ups[i]))
        loose.sort()
        parts.append(b"\xfe" + b"\xfd".join(loose))
        draw = self.draw
        pointer = 0 if draw == 1 or p == len(talon) or p % draw == 0 else p
        return b"".join(parts), pointer

    def dominated(self, seen: dict[bytes, list[int]], key: tuple[bytes, int]) -> bool:
        """Has ``seen`` a position from which clicks on the stock alone lead to ``key``'s? Then
        ``key``'s position has no future that one lacks, and it is skipped; else it is recorded.

        Off the cycle, a pointer ``p`` reaches ``p + draw``, ``p + 2 × draw`` … by clicks and then
        the cycle, so for each remainder ``p mod draw`` the smallest pointer seen stands for all
        larger ones, and any pointer stands for the cycle (0). Every move open at the larger
        pointer is open at the smaller one too (its reachable talon cards are a superset, and a
        talon move leaves the same position from either), so nothing winnable is lost.
        """
        base, pointer = key
        lows = seen.get(base)
        if lows is None:
            lows = seen[base] = [_NEVER] * self.draw
            if pointer:
                lows[pointer % self.draw] = pointer
            return False
        if not pointer:
            return True
        r = pointer % self.draw
        if lows[r] <= pointer:
            return True
        lows[r] = pointer
        return False

    def reachable(self, talon: tuple[int, ...], p: int) -> list[int]:
        """Waste sizes at which a talon card is on top of the waste, reachable by stock clicks."""
        size = len(talon)
        if not size:
            return []
        if self.draw == 1:
            return list(range(1, size + 1))
        draw = self.draw
        found = {p} if p else set()
        k = p
        while k < size:
            k = min(k + draw, size)
            found.add(k)
        k = 0
        while k < size:  # after turning the waste back over
            k = min(k + draw, size)
            found.add(k)
        return sorted(found)

    # -- moves ---------------------------------------------------------------------------------
    def apply(self, state: State, move: Move) -> State:
        ups, ndown, found, talon, p = state
        kind = move[0]
        if kind == "wf" or kind == "wt":
            card = move[1]
            q = talon.index(card)
            talon = talon[:q] + talon[q + 1:]
            p = q
            if kind == "wf":
                found = _bump(found, _SUIT[card], 1)
            else:
                ups = _replace(ups, move[2], ups[move[2]] + (card,))
            return ups, ndown, found, talon, p
        if kind == "tf":
            column = move[1]
            card = ups[column][-1]
            found = _bump(found, _SUIT[card], 1)
            ups, ndown = self._take(ups, ndown, column, 1)
            return ups, ndown, found, talon, p
        if kind == "tt":
            _, column, count, to = move
            run = ups[column][-count:]
            ups = _replace(ups, to, ups[to] + run)
            ups, ndown = self._take(ups, ndown, column, count)
            return ups, ndown, found, talon, p
        # "ft"
        _, suit, column = move
        card = suit * 13 + found[suit] - 1
        found = _bump(found, suit, -1)
        ups = _replace(ups, column, ups[column] + (card,))
        return ups, ndown, found, talon, p

    def _take(self, ups: Columns, ndown: tuple[int, ...], column: int, count: int
              ) -> tuple[Columns, tuple[int, ...]]:
        """Remove ``count`` face-up cards from ``column``, turning over the card beneath if any."""
        rest = ups[column][:-count]
        if not rest and ndown[column]:
            n = ndown[column] - 1
            rest = (self.down[column][n],)
            ndown = ndown[:column] + (n,) + ndown[column + 1:]
        return _replace(ups, column, rest), ndown

    def safe_moves(self, state: State, anywhere: bool = False) -> tuple[State, list[Move], int]:
        """Play every safe foundation move; return the new position, the moves played and their
        cost (see :meth:`step_cost`). With draw 1 the top of the waste goes up too, and with
        ``anywhere`` (for the proofs, where clicks do not matter) any safe talon card does: with
        draw 1 the talon's order does not matter."""
        played: list[Move] = []
        cost = 0
        while True:
            ups, _, found, talon, p = state
            move: Move | None = None
            for i in range(7):
                run = ups[i]
                if run:
                    card = run[-1]
                    if found[_SUIT[card]] == _RANK[card] - 1 and _safe(card, found):
                        move = ("tf", i)
                        break
            if move is None and self.draw == 1:
                for card in (talon if anywhere else talon[p - 1: p] if p else ()):
                    if found[_SUIT[card]] == _RANK[card] - 1 and _safe(card, found):
                        move = ("wf", card)
                        break
            if move is None:
                return state, played, cost
            cost += self.step_cost(state, move)
            state = self.apply(state, move)
            played.append(move)

    def moves(self, state: State, click_weight: float = 0.0, noise: float = 0.0) -> list[tuple[float, int, Move]]:
        """The moves worth trying from ``state`` as ``(kind rank, tie-break, move)``, best first.

        Kinds by rank: a card up that turns one over, a whole run moved off face-down cards (or a
        King to an empty column), other cards up, a talon card onto a column, runs moved between
        columns, a card taken back from a foundation. A talon move's rank grows by
        ``click_weight`` per stock click it needs, and its tie-break is that click count. With
        ``noise``, each rank grows by a random amount up to it (a shuffled order among near ties).

        A move whose only effect is to expose or place a card (a partial run moved off its card, a
        column emptied, a talon card put down with draw 1, a card taken back from a foundation) is
        tried only if that card can be used at once: any winning line can postpone such a move to
        just before the card is used, so nothing winnable is lost.
        """
        ups, ndown, found, talon, p = state
        ranked: list[tuple[float, int, Move]] = []
        empty = next((i for i in range(7) if not ups[i] and not ndown[i]), -1)
        top_at = {run[-1]: j for j, run in enumerate(ups) if run}
        reach_at = self.reachable(talon, p)
        reach = [talon[q - 1] for q in reach_at]
        size = len(talon)
        if self.draw == 1:
            cost = {talon[q - 1]: q - p if q >= p else size - p + q for q in reach_at}
        else:
            cost = {talon[q - 1]: self.clicks(size, p, q) for q in reach_at}
        # Cards that could be put on something right now: reachable talon cards, face-up tableau
        # cards (each heads a movable run) and the foundations' top cards.
        movable = set(reach)
        for run in ups:
            movable.update(run)
        for suit in range(4):
            if found[suit]:
                movable.add(suit * 13 + found[suit] - 1)
        king_waiting: bool | None = None  # worked out when first needed

        def kings_waiting() -> bool:
            """Is a King somewhere an empty column would help (talon, foundation, or on cards)?"""
            if any(_RANK[c] == _KING for c in reach) or _KING in found:
                return True
            return any(_RANK[c] == _KING and (ndown[i] or k) for i, run in enumerate(ups) for k, c in enumerate(run))

        def coverable(card: int, but: int) -> bool:
            a, b = _CHILDREN[card] or (-1, -1)
            return (a != but and a in movable) or (b != but and b in movable)

        for i in range(7):
            run = ups[i]
            if not run:
                continue
            card = run[-1]
            if found[_SUIT[card]] == _RANK[card] - 1:
                ranked.append((0 if len(run) == 1 and ndown[i] else 2, -ndown[i], ("tf", i)))
            length = len(run)
            for count in range(1, length + 1):
                first = run[-count]
                whole = count == length
                if whole and not ndown[i]:
                    if _RANK[first] == _KING:
                        continue  # a King at the bottom of a column gains nothing on another
                    if self.prune:
                        if king_waiting is None:
                            king_waiting = kings_waiting()
                        if not king_waiting:
                            continue  # emptying a column is only worth it for a King
                elif self.prune and not whole:
                    under = run[-count - 1]
                    if found[_SUIT[under]] != _RANK[under] - 1 and not coverable(under, first):
                        continue  # the card exposed could not be used
                if _RANK[first] == _KING:
                    if empty >= 0:
                        ranked.append((1 if whole else 4, -ndown[i], ("tt", i, count, empty)))
                    continue
                for parent in _PARENTS[first]:
                    j = top_at.get(parent, -1)
                    if j >= 0:
                        if whole:
                            ranked.append((1 if ndown[i] else 4, -ndown[i], ("tt", i, count, j)))
                        else:
                            ranked.append((5, 0, ("tt", i, count, j)))

        draw_one = self.draw == 1
        cw = click_weight
        for card in reach:
            clicks = cost[card]
            extra = cw * clicks
            if found[_SUIT[card]] == _RANK[card] - 1:
                ranked.append((2 + extra, clicks, ("wf", card)))
            rank = 3.0
            if self.prune and not coverable(card, card):
                if draw_one:
                    continue  # with draw 1 it can wait in the talon until something goes on it
                rank = 7.0  # with draw 3 it may still free another talon card: try it last
            rank += extra
            if _RANK[card] == _KING:
                if empty >= 0:
                    ranked.append((rank, clicks, ("wt", card, empty)))
                continue
            for parent in _PARENTS[card]:
                j = top_at.get(parent, -1)
                if j >= 0:
                    ranked.append((rank, clicks, ("wt", card, j)))

        for suit in range(4):
            height = found[suit]
            if not height:
                continue
            card = suit * 13 + height - 1
            if _safe(card, found) or (self.prune and not coverable(card, card)):
                continue  # a card comes down only to be a parent at once
            if height == _KING:
                if empty >= 0:
                    ranked.append((6, 0, ("ft", suit, empty)))
                continue
            for parent in _PARENTS[card]:
                j = top_at.get(parent, -1)
                if j >= 0:
                    ranked.append((6, 0, ("ft", suit, j)))
        if noise:
            jitter = self.random.random
            ranked = [(rank + noise * jitter(), tie, move) for rank, tie, move in ranked]
        ranked.sort(key=lambda item: (item[0], item[1]))
        return ranked

    def won(self, state: State) -> bool:
        """Nothing face down and the talon no obstacle: the rest plays itself (see auto-complete)."""
        ups, ndown, found, talon, p = state
        return not any(ndown) and (not talon or self.draw == 1)

    def finish(self, state: State) -> list[Move]:
        """The closing moves of a won position: a column's card goes up when one can, else the
        talon card that can go up with the fewest stock clicks."""
        played: list[Move] = []
        while sum(state[2]) < 52:
            ups, _, found, talon, p = state
            move: Move | None = None
            for i, run in enumerate(ups):
                if run and found[_SUIT[run[-1]]] == _RANK[run[-1]] - 1:
                    move = ("tf", i)
                    break
            if move is None:
                size = len(talon)
                move = min(
                    (("wf", card) for q, card in enumerate(talon) if found[_SUIT[card]] == _RANK[card] - 1),
                    key=lambda m: self.clicks(size, p, talon.index(m[1]) + 1),
                )
            played.append(move)
            state = self.apply(state, move)
        return played

    def score(self, state: State) -> int:
        """Smaller is more promising: few face-down cards, many cards up, a short talon."""
        ups, ndown, found, talon, p = state
        return 4 * sum(ndown) - sum(found) + len(talon)

    # -- costs (ShootMe's counting: a card move 1, a turned-over card 1, a stock click 1) ---------
    def clicks(self, size: int, p: int, q: int) -> int:
        """Stock clicks from waste size ``p`` to waste size ``q`` (turning the waste over is free)."""
        if q == p:
            return 0
        if self.draw == 1:
            return q - p if q > p else size - p + q
        draw, k, n = self.draw, p, 0
        for _ in range(2 * size + 2):
            if k == size:
                k = 0
            else:
                k = min(k + draw, size)
                n += 1
            if k == q:
                return n
        raise ValueError(f"waste size {q} cannot be reached from {p} with draw {draw}")

    def step_cost(self, state: State, move: Move) -> int:
        """What ``move`` costs from ``state``, counted as ShootMe counts: 1 for the move, plus 1
        for the card it turns over, plus the stock clicks that bring a talon card to the top."""
        ups, ndown, _, talon, p = state
        kind = move[0]
        if kind == "wf" or kind == "wt":
            return 1 + self.clicks(len(talon), p, talon.index(move[1]) + 1)
        if kind == "tf":
            column = move[1]
            return 2 if len(ups[column]) == 1 and ndown[column] else 1
        if kind == "tt":
            column = move[1]
            return 2 if move[2] == len(ups[column]) and ndown[column] else 1
        return 1

    def line_cost(self, state: State, moves: list[Move]) -> int:
        """The cost of playing ``moves`` from ``state`` (see :meth:`step_cost`)."""
        total = 0
        for move in moves:
            total += self.step_cost(state, move)
            state = self.apply(state, move)
        return total

    def bound(self, state: State) -> int:
        """A lower bound on the cost still to pay: every card not up moves at least once, every
        face-down card is turned over, the stock beyond the pointer is clicked through, and a
        column's card lying above a lower card of its own suit moves twice (it cannot go up first).
        """
        ups, ndown, found, talon, p = state
        rest = len(talon) - p
        total = 52 - sum(found) + sum(ndown) + (rest + self.draw - 1) // self.draw
        penalties = self.down_penalty
        for i in range(7):
            n = ndown[i]
            if n:
                twice, lows = penalties[i][n]
                total += twice
                low0, low1, low2, low3 = lows
                for card in ups[i]:
                    suit = _SUIT[card]
                    rank = _RANK[card]
                    if suit == 0:
                        if rank > low0:
                            total += 1
                    elif suit == 1:
                        if rank > low1:
                            total += 1
                    elif suit == 2:
                        if rank > low2:
                            total += 1
                    elif rank > low3:
                        total += 1
        return total

    def _down_penalties(self) -> list[list[tuple[int, tuple[int, int, int, int]]]]:
        """For each column and each count of face-down cards left: how many of those cards lie
        above a lower card of their suit, and the lowest rank of each suit among them."""
        table = []
        for down in self.down:
            rows = [(0, (14, 14, 14, 14))]
            lows = [14, 14, 14, 14]
            twice = 0
            for card in down:
                suit, rank = _SUIT[card], _RANK[card]
                if rank > lows[suit]:
                    twice += 1
                lows[suit] = min(lows[suit], rank)
                rows.append((twice, (lows[0], lows[1], lows[2], lows[3])))
            table.append(rows)
        return table

    # -- search --------------------------------------------------------------------------------
    def children(self, state: State, order: str) -> list[tuple[State, list[Move]]]:
        """The positions one move away (safe moves played), the most promising *last*."""
        out = []
        for rank, tie, move in self.moves(state):
            child, safe, _ = self.safe_moves(self.apply(state, move), anywhere=True)
            priority = (rank, tie) if order == "rules" else (self.score(child), rank)
            out.append((priority, child, [move] + safe))
        out.sort(key=lambda item: item[0])
        return [(child, steps) for _, child, steps in reversed(out)]

    def depth_first(self, order: str) -> Generator[None, None, tuple[Status, list[Move]]]:
        """A depth-first search trying moves in ``order``; yields now and then to share the budget.

        ``"rules"`` tries moves by kind (turn over a card, go up, talon, …); ``"score"`` tries the
        child with the fewest face-down cards and most cards up first. :meth:`run` takes turns
        between the ``"rules"`` one and :meth:`best_first`, as each gets stuck where the other
        does not.
        """
        seen = self.seen
        start, path, _ = self.safe_moves(self.start, anywhere=True)
        if self.won(start):
            return "solved", path + self.finish(start)
        self.dominated(seen, self.key(start))
        # Each frame: a position, the moves that led to it from its parent, the children left.
        # Iterative, because winning lines run to hundreds of moves.
        stack = [(start, path, self.children(start, order))]
        while stack:
            state, _, todo = stack[-1]
            if not todo:
                stack.pop()
                continue
            child, steps = todo.pop()
            if self.dominated(seen, self.key(child)):
                continue
            if self.visited >= self.limit:
                return "unknown", []
            self.visited += 1
            if self.won(child):
                return "solved", [m for frame in stack for m in frame[1]] + steps + self.finish(child)
            stack.append((child, steps, self.children(child, order)))
            if self.visited % 256 == 0:
                yield
        return "impossible", []

    def best_first(self) -> Generator[None, None, tuple[Status, list[Move]]]:
        """A best-first search: always expand the most promising position generated so far (by
        :meth:`score`: fewest face-down cards, most cards up, shortest talon), newest first on ties.

        Positions waiting in its queue count as seen, and each carries the moves from its parent,
        so a winning line is read back along the parents.
        """
        seen = self.seen
        start, path, _ = self.safe_moves(self.start, anywhere=True)
        if self.won(start):
            return "solved", path + self.finish(start)
        self.dominated(seen, self.key(start))
        count = 0
        heap: list[tuple[int, int, State, _Node]] = [(self.score(start), 0, start, (None, path))]
        while heap:
            _, _, state, node = heapq.heappop(heap)
            for child, steps in self.children(state, "rules"):
                if self.dominated(seen, self.key(child)):
                    continue
                if self.visited >= self.limit:
                    return "unknown", []
                self.visited += 1
                if self.won(child):
                    return "solved", _read_back(node, steps) + self.finish(child)
                count += 1
                heapq.heappush(heap, (self.score(child), -count, child, (node, steps)))
                if self.visited % 256 == 0:
                    yield
        return "impossible", []

    def cheap_line(self, click_weight: float, cap: int, prefix: list[Move] | None = None, noise: float = 0.0
                   ) -> Generator[None, None, None]:
        """A depth-first search for *short* winning lines: moves tried in :meth:`moves`' order with
        talon moves ranked down by their stock clicks (``click_weight`` each); every win found is
        offered (:meth:`offer`), and a position is dropped once what it cost to reach plus
        :meth:`bound` reaches the best line's cost, or when it was reached before at no more cost.
        It goes on after a win (branch and bound) and stops after ``cap`` positions. With a
        ``prefix`` (the start of a winning line) it searches on from where those moves lead;
        ``noise`` shuffles near ties (see :meth:`moves`).

        Its table is its own (costs, not just positions seen), so it never weakens the proofs of
        :meth:`depth_first` and :meth:`best_first`.
        """
        stop = self.visited + cap
        path = list(prefix or [])
        g0 = self.line_cost(self.start, path)
        state = self.start
        for move in path:
            state = self.apply(state, move)
        start, more, cost = self.safe_moves(state)
        path += more
        g0 += cost
        table: dict[tuple[bytes, int], int] = {self.key(start): g0}

        if self.won(start):
            self.offer(path + self.finish(start))
            return
        # Each frame: a position, what it cost, the moves that led to it from its parent, and its
        # moves left to try (the first last); a child is made only when its turn comes.
        stack = [(start, g0, path, [m for _, _, m in reversed(self.moves(start, click_weight, noise))])]
        while stack:
            state, g, _, todo = stack[-1]
            if not todo:
                stack.pop()
                continue
            move = todo.pop()
            child, safe, extra = self.safe_moves(self.apply(state, move))
            total = g + self.step_cost(state, move) + extra
            if self.best is not None and total + self.bound(child) >= self.best[0]:
                continue
            key = self.key(child)
            old = table.get(key)
            if old is not None and old <= total:
                continue
            if self.visited >= min(self.limit, stop):
                return
            table[key] = total
            self.visited += 1
            if self.visited % 256 == 0:
                yield
            steps = [move] + safe
            if self.won(child):
                self.offer([m for frame in stack for m in frame[2]] + steps + self.finish(child))
                continue
            stack.append((child, total, steps, [m for _, _, m in reversed(self.moves(child, click_weight, noise))]))

    def cheap_first(self, weight: float, cap: int) -> Generator[None, None, None]:
        """A best-first search for short lines, ranked as ShootMe's fast mode ranks positions: the
        cost so far, plus :meth:`bound`, plus ``weight`` for every card not yet up (the larger the
        weight, the greedier the search for the foundations). From each position only the
        :data:`_BEAM` best children are kept (ShootMe's fast mode keeps up to three). Every win is
        offered, and it prunes by the best line's cost as :meth:`cheap_line` does; it stops after
        ``cap`` positions or when its queue runs dry.

        It finds lines of another shape than the depth-first runs, which keep the first win's early
        moves and improve its end: on two draw-1 deals of ShootMe's set, where the depth-first runs
        alone stopped at 229 and 222 moves (132 and 126 of them stock clicks), the lines are now 153
        and 150 (51 and 53 clicks). On other deals it finds nothing shorter within its cap, or the
        depth-first runs do better, so both kinds run.
        """
        stop = self.visited + cap
        start, path, g0 = self.safe_moves(self.start)
        if self.won(start):
            self.offer(path + self.finish(start))
            return
        table: dict[tuple[bytes, int], int] = {self.key(start): g0}
        count = 0
        heap: list[tuple[float, int, int, State, _Node]] = [(0.0, 0, g0, start, (None, path))]
        while heap:
            _, _, g, state, node = heapq.heappop(heap)
            best = self.best[0] if self.best is not None else _NEVER
            if g + self.bound(state) >= best:
                continue
            kids = []
            for _, _, move in self.moves(state):
                child, safe, extra = self.safe_moves(self.apply(state, move))
                total = g + self.step_cost(state, move) + extra
                rest = self.bound(child)
                if total + rest < best:
                    kids.append((total + rest + weight * (52 - sum(child[2])), total, child, move, safe))
            kids.sort(key=lambda kid: kid[0])
            for priority, total, child, move, safe in kids[:_BEAM]:
                key = self.key(child)
                old = table.get(key)
                if old is not None and old <= total:
                    continue
                if self.visited >= min(self.limit, stop):
                    return
                table[key] = total
                self.visited += 1
                if self.visited % 256 == 0:
                    yield
                steps = [move] + safe
                if self.won(child):
                    self.offer(_read_back(node, steps) + self.finish(child))
                    continue
                count += 1
                heapq.heappush(heap, (priority, -count, total, child, (node, steps)))

    def polishing(self, polish: int, then: Generator[None, None, None]) -> Generator[None, None, None]:
        """After the first win: :meth:`cheap_first` with each of :data:`_GREED` (a quarter of
        ``polish`` each at most), then ``then`` (the :meth:`cheap_lines` runs) for the rest."""
        for weight in _GREED:
            yield from self.cheap_first(weight, polish // 4)
            yield
        yield from then

    def cheap_lines(self, cap: int) -> Generator[None, None, None]:
        """:meth:`cheap_line` again and again, ``cap`` positions each, until the budget ends, each
        run looking for a line shorter than the best so far. The runs differ in click weight and,
        after the first few, break ties at random (a depth-first search that goes wrong early
        rarely recovers, while another order often wins at once); once a line is known, every
        other run keeps a random number of its first moves (a smaller search, for a shorter end).
        """
        turn = 0
        while self.visited < self.limit:
            click_weight = _CLICK_WEIGHTS[turn % len(_CLICK_WEIGHTS)]
            noise = 0.0 if turn < len(_CLICK_WEIGHTS) // 2 else 1.5
            prefix = None
            if self.best is not None and turn % 2:
                line = self.best[1]
                prefix = line[: self.random.randrange(len(line))] if line else None
            turn += 1
            before = self.visited
            yield from self.cheap_line(click_weight, cap, prefix, noise)
            if prefix is None and self.visited < min(self.limit, before + cap):
                # A run from the start that ended by itself has seen every position cheaper than
                # the best line (or every position at all): no other run can do better.
                return
            yield

    def offer(self, moves: list[Move]) -> None:
        """Keep ``moves`` (a winning line from the start) if it is the shortest found so far."""
        cost = self.line_cost(self.start, moves)
        if self.best is None or cost < self.best[0]:
            self.best = (cost, moves)

    def run(self, polish: int, cap: int) -> tuple[Status, list[Move]]:
        """Run the searches in turns until a win is found, the two finders run out of positions, or
        the budget ends; after the first win, :meth:`polishing` goes on alone for ``polish``
        more positions (within the budget) to find shorter lines.

        The two finders (:meth:`depth_first`, :meth:`best_first`) share one table, so a position
        one of them has seen is never searched again by the other; "impossible" is therefore said
        only when *both* have run out of positions (then every position either has seen has been
        expanded), never when just one has.
        """
        finders = [self.depth_first("rules"), self.best_first()]
        polisher = self.cheap_lines(cap)
        searches: list[Generator[None, None, object]] = [*finders, polisher]
        finished = []
        polishing = False
        while searches:
            checkpoint()  # Stop, when the search runs as a board's long work (each turn is 256 positions)
            for search in list(searches):
                try:
                    next(search)
                except StopIteration as stop:
                    searches.remove(search)
                    if search in finders:
                        status, moves = stop.value
                        if status == "solved":
                            self.offer(moves)
                        else:
                            finished.append(status)
            if self.best is not None and not polishing:
                polishing = True
                self.limit = min(self.budget, self.visited + polish)
                searches = [self.polishing(polish, polisher if polisher in searches else _nothing())]
            if len(finished) == 2:
                break
        if self.best is not None:
            return "solved", self.best[1]
        if len(finished) == 2 and all(status == "impossible" for status in finished):
            return "impossible", []
        return "unknown", []


def _read_back(node: _Node | None, steps: list[Move]) -> list[Move]:
    """The moves from the start to a best-first search's position: ``steps`` (the last) after those
    read back along the parents from ``node``."""
    parts = [steps]
    while node is not None:
        parts.append(node[1])
        node = node[0]
    return [move for part in reversed(parts) for move in part]


def _nothing() -> Generator[None, None, None]:
    yield from ()


def _replace(ups: Columns, index: int, run: tuple[int, ...]) -> Columns:
    return ups[:index] + (run,) + ups[index + 1:]


def _bump(found: tuple[int, ...], suit: int, by: int) -> tuple[int, ...]:
    return found[:suit] + (found[suit] + by,) + found[suit + 1:]


def solution_actions(game: Klondike, moves: list[Move]) -> list[str]:
    """Turn solver moves into engine actions, playing each on a copy of ``game`` to check it.

    A talon move becomes as many ``draw`` clicks as bring its card to the top of the waste, then
    ``w>…``. Raises ``ValueError`` if the engine refuses any step (a solver bug, never silent).
    """
    board = game.copy()
    actions: list[str] = []

    def act(text: str) -> None:
        board.play(text)  # the engine's own legality checks
        actions.append(text)

    for move in moves:
        kind = move[0]
        if kind in ("wf", "wt"):
            card = move[1]
            for _ in range(2 * 52 + 2):
                if board.waste and board.waste[-1].id == card:
                    break
                act("draw")
            else:
                raise ValueError(f"solver move {move!r}: its card never came to the top of the waste")
            act("w>f" if kind == "wf" else f"w>t{move[2] + 1}")
        elif kind == "tf":
            act(f"t{move[1] + 1}>f")
        elif kind == "tt":
            _, column, count, to = move
            act(f"t{column + 1}>t{to + 1}" if count == 1 else f"t{column + 1}:{count}>t{to + 1}")
        else:
            _, suit, column = move
            act(f"f{'shcd'[suit]}>t{column + 1}")
    if not board.is_won:
        raise ValueError("the solver's line does not win the game")
    return actions


def shootme_length(game: Klondike, actions: list[str]) -> int:
    r"""The length of ``actions`` from ``game`` as ShootMe's solver counts a solution: every action
    counts one, except a click that turns the waste back over into the stock, and every face-down
    card turned over counts one more. Played on a copy, through the engine's rules.

    >>> game = Klondike.new(position="foundations: Q♠ K♥ K♣ Q♦\nt1: [K♠] K♦")
    >>> shootme_length(game, ["t1>f", "t1>f"])
    3
    """
    board = game.copy()
    count = 0
    for action in actions:
        down = board.face_down
        recycle = action.strip().lower() in ("draw", "d") and not board.stock
        board.play(action)
        count += (not recycle) + down - board.face_down
    return count


def solve(game: Klondike, budget: int = DEFAULT_BUDGET, *, prune: bool = True, polish: int | None = None
          ) -> SolveResult:
    """Search ``game`` (any position, draw 1 or 3) for a win, visiting at most ``budget`` positions.

    The answer's ``actions`` replay from ``game`` to a won position through the engine's checks.
    Once a win is found, searches for shorter lines go on for ``polish`` more positions (two fifths
    of the budget unless given; 0 returns the first win found). ``prune=False`` tries every move
    that only exposes or places a card too (slower; it exists to check that pruning them loses
    nothing, and to show how much it saves).

    Run as a board's long work, it hears Stop (:func:`gamelab.work.checkpoint`) every few hundred positions.

    >>> solve(Klondike.new(seed=1), budget=50).status in ("solved", "unknown")
    True
    """
    if budget < 1:
        raise ValueError(f"the budget must be at least one position, not {budget!r}")
    search = _Search(game, budget, prune)
    status, moves = search.run(budget * 2 // 5 if polish is None else polish, max(200, min(1_000, budget // 100)))
    actions = solution_actions(game, moves) if status == "solved" else []
    length = shootme_length(game, actions) if actions else 0
    return SolveResult(status, actions, search.visited, budget, length)
