"""Can this position still be cleared? An exact solver, and what it tells the player.

The tutorial only checks for stalemate (no pair left to take). A position can be lost long before
that: take the wrong two of three free 東, and the fourth may lie under the one left. :func:`solve`
answers exactly: "winnable" with a winning list of pairs, or "unwinnable", proved. (Past a node
budget it says "unknown"; no random deal of this layout comes near the default one, see the bench.)

**Decide the pairings, not the moves.** Taking tiles only ever frees others, so once it is settled
which tile of a kind goes with which, taking every settled pair the moment both its tiles are free
clears the board if anything does (a greedy replay decides it). The only real decisions are the
*pairings*: four tiles of a kind split into two pairs in three ways. The solver searches over those
splits, one kind at a time, and checks every partial choice against an easier game:

* **the relaxation**: the pairs already chosen must leave together, but every tile of a kind not yet
  decided may leave alone, whenever it is free. That game is decided by the same greedy replay (take
  everything that can go). If even it gets stuck, no completion of the choice can work;
* **probing**: each split of each undecided kind is tried in the relaxation; a split that gets it
  stuck is ruled out for good (down this branch), a kind with no split left means a dead end, a kind
  with one split left is settled without a branch.

The search then branches on the kind with the fewest splits left (ties: the kind that comes free
first), trying first the split whose pairs come free at about the same time. When every kind is
settled, the greedy replay gives the winning order. Every branch is covered, so a search that ends
without a solution proves the position lost. Runs restart with a growing budget and a shuffled order
among near-equal choices, so one unlucky first choice does not cost the whole budget.

>>> from gamelab.shanghai import Shanghai
>>> result = solve(Shanghai.new(deal=1))
>>> result.status, len(result.moves)
('winnable', 68)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Literal

from ..work import checkpoint
from .game import Shanghai, pair_action
from .generate import create_problem_fast, random_deal
from .tutorial import COL_COUNT, DEPTH_COUNT, LAYER_STRIDE, ROW_COUNT, bit_of, free_mask, iter_bits, position_of_index

__all__ = [
    "DEFAULT_NODE_LIMIT",
    "Solution",
    "describe",
    "generator_retry_statistics",
    "is_winnable",
    "random_deal_masks",
    "random_deal_statistics",
    "solve",
    "solve_masks",
    "unwinnable_core",
    "winning_hint",
]

#: Search nodes (partial pairings examined) before the answer is "unknown". Random deals need a few
#: dozen, the hardest seen a few hundred.
DEFAULT_NODE_LIMIT = 20_000
#: Restarts: the first run's budget, and how much each further run's grows.
RESTART_FIRST = 50
RESTART_GROWTH = 1.5
#: How much the order of near-equal choices is shuffled in runs after the first.
NOISE_KIND, NOISE_TIME, NOISE_SPLIT = 0.5, 2.0, 1.0

Status = Literal["winnable", "unwinnable", "unknown"]


@dataclass
class Solution:
    """What :func:`solve` found: ``status``, a winning list of actions when winnable, nodes searched."""

    status: Status
    moves: list[str] = field(default_factory=list)
    nodes: int = 0

    @property
    def winnable(self) -> bool | None:
        """True, False, or None when the node budget ran out first."""
        return {"winnable": True, "unwinnable": False}.get(self.status)


class _OutOfBudget(Exception):
    pass


#: Bit indices of the board's masks (4 layers of 8 rows of 13 places, see :mod:`.tutorial`).
_BITS = DEPTH_COUNT * LAYER_STRIDE

Split = tuple[int, ...]
"""A way to pair up the tiles of one kind: a tuple of 2-tile masks."""


def _splits(tiles: int) -> list[Split]:
    """Every way to pair up the tiles of ``tiles`` (a mask with an even count): 3 for four tiles.

    >>> [tuple(bin(p) for p in s) for s in _splits(0b1111)]
    [('0b11', '0b1100'), ('0b101', '0b1010'), ('0b1001', '0b110')]
    """
    if not tiles:
        return [()]
    first = tiles & -tiles
    rest = tiles ^ first
    out: list[Split] = []
    for i in iter_bits(rest):
        other = 1 << i
        out.extend((first | other,) + more for more in _splits(rest ^ other))
    return out


def _partners(pairs: list[int] | tuple[int, ...], into: list[int] | None = None) -> list[int]:
    """For every bit index, the mask of its partner's bit in ``pairs`` (0: no partner), written into
    ``into`` when given (else a new list). A list indexed by bit is what the replay's inner loop reads
    fastest."""
    mate = [0] * _BITS if into is None else into
    for pair in pairs:
        low = pair & -pair
        high = pair ^ low
        mate[low.bit_length() - 1] = high
        mate[high.bit_length() - 1] = low
    return mate


def _clears(present: int, mate: list[int], loose: int, seen: int = 0,
            trail: list[tuple[int, int]] | None = None) -> bool:
    """True if ``present`` can be cleared when every tile with a partner in ``mate`` (see
    :func:`_partners`) must leave together with it (both free) and the ``loose`` tiles may leave one by
    one, whenever free (every tile is one or the other). ``seen``: tiles already free before (when
    resuming a replay); ``trail`` collects ``(present, seen)`` at the start of every wave.

    Taking everything that can go is never wrong in this game, so the greedy replay is exact: wave by
    wave, a loose tile leaves as soon as it is free, a pair as soon as its second tile is.
    """
    while present:
        if trail is not None:
            trail.append((present, seen))
        # free_mask, inlined: this loop is where the solver spends most of its time
        free = present & ~(present << LAYER_STRIDE) & ~((present << 1) & (present >> 1))
        new = free & ~seen
        seen |= new
        gone = free & loose
        fresh = new & ~loose
        while fresh:
            low = fresh & -fresh
            fresh ^= low
            other = mate[low.bit_length() - 1]
            if seen & other:
                gone |= low | other
        if not gone:
            return False
        present &= ~gone
    return True


def _probe(present: int, mate: list[int], loose: int, seen: int, tied: int) -> list[int] | None:
    """Replay as :func:`_clears` does, for a probe: the node's replay cleared the board with the
    ``tied`` tiles (the probed kind) loose, the probe pairs them up (``mate``) and replays from a wave
    of that replay (``present``, ``seen``). None if it gets stuck, else the tiles seen free after each
    wave, up to the wave that takes the last tied tile.

    It may stop there: from then on its rules are the node's, and its tiles a subset of what the node's
    replay started from, less whole pairs and loose tiles, which clears whenever that does (every tile
    is at least as free at every step).
    """
    waves: list[int] = []
    while present & tied:
        free = present & ~(present << LAYER_STRIDE) & ~((present << 1) & (present >> 1))
        new = free & ~seen
        seen |= new
        gone = free & loose
        fresh = new & ~loose
        while fresh:
            low = fresh & -fresh
            fresh ^= low
            other = mate[low.bit_length() - 1]
            if seen & other:
                gone |= low | other
        if not gone:
            return None
        present &= ~gone
        waves.append(seen)
    return waves


def _clear_order(present: int, pairs: list[int]) -> list[int] | None:
    """The pairs in an order that clears ``present`` (each taken once both its tiles are free), or None."""
    left = pairs
    order: list[int] = []
    while left:
        free = free_mask(present)
        keep = []
        for pair in left:
            if pair & free == pair:
                order.append(pair)
                present ^= pair
            else:
                keep.append(pair)
        if len(keep) == len(left):
            return None
        left = keep
    return order


class _Search:
    """The search over pairings from one position (see the module docstring)."""

    def __init__(self, present: int, kind_masks: dict[int, int], loose: int = 0) -> None:
        self.present = present
        self.loose = loose & present  # tiles that may leave alone (the relaxation; 0 in real play)
        self.node_limit = 0
        self.nodes = 0
        self.rng: random.Random | None = None  # set for restarts: shuffles near-equal choices
        self.fixed: list[int] = []  # pairs with no choice (kinds down to two tiles)
        self.kinds: list[int] = []  # the remaining tiles of every kind with a choice
        self.splits: list[list[Split]] = []
        self.impossible = False  # a kind with an odd number of tiles left: it can never be cleared
        for mask in kind_masks.values():
            rest = mask & present & ~self.loose
            n = rest.bit_count()
            if n % 2:
                self.impossible = True
            elif n == 2:
                self.fixed.append(rest)
            elif n:
                self.kinds.append(rest)
                self.splits.append(_splits(rest))
        #: per kind, how often it was left with no split: such kinds are decided earlier (kept across runs)
        self.blame = [0] * len(self.kinds)

    def run(self) -> list[int] | None:
        """A clearing order of pairs, or None when the position is lost (raises _OutOfBudget)."""
        if self.impossible:
            return None
        open_: dict[int, list[tuple[Split, list[int] | None]]] = {
            k: [(split, None) for split in splits] for k, splits in enumerate(self.splits)}
        return self._node(list(self.fixed), open_, [])

    def _node(self, pairs: list[int], open_: dict[int, list[tuple[Split, list[int] | None]]],
              new: list[int]) -> list[int] | None:
        """Search below the choice ``pairs``; ``open_`` holds each undecided kind's splits still possible,
        each with the waves of its last probe (None: not probed yet); ``new``: pairs added since then."""
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _OutOfBudget
        checkpoint()  # a node costs far more than this look at Stop (a board's long work ends here)
        present, kinds = self.present, self.kinds
        while True:
            loose = self.loose
            for k in open_:
                loose |= kinds[k]
            partner = _partners(pairs)
            trail: list[tuple[int, int]] = []
            if not _clears(present, partner, loose, 0, trail):
                return None
            if not open_:
                return [] if self.loose else _clear_order(present, pairs)
            # The tiles seen free after each wave: a probe of kind k replays these waves until one of
            # its tiles is free, so it starts from there.
            after = [seen for _, seen in trail[1:]] + [-1]
            settled: Split = ()
            narrowed: dict[int, list[tuple[Split, list[int] | None]]] = {}
            zone = _zone(sum(new))
            for k, entries in open_.items():
                mine = kinds[k]
                start = -1
                good: list[tuple[Split, list[int] | None]] = []
                # A probe is run again only if it may now come out differently: the kind has a tile in
                # a row or stack of the new pairs, and its last replay did not free both tiles of every
                # new pair in the same wave (then it would replay exactly as before).
                far = not mine & zone
                for split, waves in entries:
                    if waves is not None and (far or _same_waves(waves, new)):
                        good.append((split, waves))
                        continue
                    if start < 0:
                        start = next(w for w, seen in enumerate(after) if seen & mine)
                    state, seen = trail[start]
                    # The probed kind's tiles have no partner yet: pair them for this probe only.
                    waves = _probe(state, _partners(split, partner), loose & ~mine, seen, mine)
                    for i in iter_bits(mine):
                        partner[i] = 0
                    if waves is not None:
                        good.append((split, after[:start] + waves))
                if not good:
                    self.blame[k] += 1
                    return None
                if len(good) == 1:
                    settled = good[0][0]
                    narrowed = {j: v for j, v in open_.items() if j != k}
                    break
                narrowed[k] = good
            open_ = narrowed
            if not settled:
                break
            pairs = pairs + list(settled)
            new = new + list(settled)

        def wave(i: int) -> int:
            return next(w for w, seen in enumerate(after) if seen >> i & 1)

        when = {i: wave(i) for k in open_ for i in iter_bits(kinds[k])}
        noise = self.rng.random if self.rng else (lambda: 0.0)

        def first_free(k: int) -> float:
            return min(when[i] for i in iter_bits(kinds[k]))

        def spread(split: Split) -> float:
            total = 0
            for pair in split:
                a, b = iter_bits(pair)
                total += abs(when[a] - when[b])
            return total

        blame = self.blame
        k = min(open_, key=lambda j: ((len(open_[j]) + noise() * NOISE_KIND) / (1 + blame[j]),
                                      first_free(j) + noise() * NOISE_TIME))
        rest = {j: v for j, v in open_.items() if j != k}
        for split in sorted((s for s, _ in open_[k]), key=lambda s: spread(s) + noise() * NOISE_SPLIT):
            found = self._node(pairs + list(split), rest, list(split))
            if found is not None:
                return found
        return None


#: Every row and every stack (the places one above another) of the board, as masks of places.
_LINES = ([sum(1 << bit_of((d, r, c)) for c in range(COL_COUNT)) for d in range(DEPTH_COUNT) for r in range(ROW_COUNT)]
          + [sum(1 << bit_of((d, r, c)) for d in range(DEPTH_COUNT)) for r in range(ROW_COUNT) for c in range(COL_COUNT)])


def _zone(tiles: int) -> int:
    """The places in a row or a stack with one of ``tiles``: where a new pair acts first."""
    out = 0
    for line in _LINES:
        if line & tiles:
            out |= line
    return out


def _same_waves(after: list[int], pairs: list[int]) -> bool:
    """True if, in the replay whose seen-after-each-wave masks are ``after``, both tiles of every pair
    first came free in the same wave. False when the record stops before a pair came free (a probe's
    record stops once its kind is taken): such a probe is run again, which keeps its record fresh."""
    for pair in pairs:
        for seen in after:
            both = seen & pair
            if both:
                if both != pair:
                    return False
                break
        else:
            return False
    return True


def _steps_to_actions(steps: list[int]) -> list[str]:
    actions = []
    for pair in steps:
        a, b = iter_bits(pair)
        actions.append(pair_action(position_of_index(a), position_of_index(b)))
    return actions


def solve_masks(present: int, kind_masks: dict[int, int], node_limit: int = DEFAULT_NODE_LIMIT) -> Solution:
    """:func:`solve` on bit masks (the tiles present, each kind's tiles), as the bench draws deals.

    The search restarts: each run gets a larger budget than the last (runs after the first shuffle
    near-equal choices); a run that ends within its budget has answered, either way."""
    search = _Search(present, kind_masks)
    budget, run, used = RESTART_FIRST, 0, 0
    while True:
        final = used + 2 * budget >= node_limit
        search.nodes = 0
        search.node_limit = node_limit - used if final else budget
        search.rng = random.Random(run) if run else None  # deterministic: same position, same answer
        try:
            steps = search.run()
            break
        except _OutOfBudget:
            used += search.nodes
            if final:
                return Solution("unknown", [], used)
            budget = int(budget * RESTART_GROWTH)
            run += 1
    used += search.nodes
    if steps is None:
        return Solution("unwinnable", [], used)
    return Solution("winnable", _steps_to_actions(steps), used)


def solve(game: Shanghai, node_limit: int = DEFAULT_NODE_LIMIT) -> Solution:
    """Decide whether ``game`` can still be cleared; when it can, give a winning list of actions.

    ``node_limit`` bounds the partial pairings examined; past it the answer is ``"unknown"``.
    """
    return solve_masks(game.present, game.kind_masks, node_limit)


def unwinnable_core(present: int, kind_masks: dict[int, int], node_limit: int = DEFAULT_NODE_LIMIT) -> list[int] | None:
    """A small set of kinds that alone make the position lost: even if every other tile could be taken
    on its own, whenever free, these kinds could not all be taken in pairs. None if the position is
    not proved lost. Kinds are dropped one at a time while the rest stays proved lost, so the set is
    minimal in that sense; a proof that is this small can be checked by hand, or by brute force.
    """
    def lost(kinds: list[int]) -> bool:
        chosen = {k: kind_masks[k] for k in kinds}
        search = _Search(present, chosen, present & ~sum(chosen.values()))
        search.node_limit = node_limit
        try:
            return search.run() is None
        except _OutOfBudget:
            return False

    core = [k for k, mask in kind_masks.items() if mask & present]
    if not lost(core):
        return None
    for k in list(core):
        trial = [j for j in core if j != k]
        if lost(trial):
            core = trial
    return core


def is_winnable(game: Shanghai, node_limit: int = DEFAULT_NODE_LIMIT) -> bool | None:
    """True if the position can still be cleared, False if not, None if undecided within the budget.

    Use it to warn a player who has just made the game unwinnable, before the stalemate arrives.
    """
    return solve(game, node_limit).winnable


def winning_hint(game: Shanghai, node_limit: int = DEFAULT_NODE_LIMIT) -> str | None:
    """A smarter Search (探す): a pair to take that keeps the game winnable, as an action.

    It is the tutorial's pair (the first found) whenever that one is safe; otherwise the solver's
    first move. When the position is already lost or undecided, it falls back to the tutorial's pair
    (None when nothing at all can be taken).
    """
    first = game.search()
    if first is None:
        return None
    first_action = pair_action(*first)
    trial = game.copy()
    trial.play(first_action)
    if is_winnable(trial, node_limit):
        return first_action
    result = solve(game, node_limit)
    return result.moves[0] if result.moves else first_action


# -- statistics ---------------------------------------------------------------------------------------
def random_deal_masks(rng: random.Random) -> dict[int, int]:
    """The kind masks of one random (not constructed) deal drawn from ``rng``."""
    masks: dict[int, int] = {}
    for pos, kind in random_deal(rng).items():
        masks[kind] = masks.get(kind, 0) | (1 << bit_of(pos))
    return masks


def random_deal_statistics(count: int, seed: int = 0, node_limit: int = DEFAULT_NODE_LIMIT) -> dict[str, int]:
    """Shuffle ``count`` random deals (no construction) and count how many the solver can clear.

    >>> random_deal_statistics(3, seed=7)
    {'winnable': 2, 'unwinnable': 1, 'unknown': 0}
    """
    rng = random.Random(seed)
    counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
    for _ in range(count):
        masks = random_deal_masks(rng)
        counts[solve_masks(sum(masks.values()), masks, node_limit).status] += 1
    return counts


def generator_retry_statistics(count: int, seed: int = 0) -> list[int]:
    """How many failed attempts (やりなおし) the tutorial's generator makes, for ``count`` problems.

    >>> len(generator_retry_statistics(5))
    5
    """
    rng = random.Random(seed)
    return [create_problem_fast(rng).retries for _ in range(count)]  # same retries as the faithful port


def describe(solution: Solution) -> str:
    """One line for a lesson: ``"winnable (68 pairs, 34 positions searched)"``."""
    if solution.status == "winnable":
        return f"winnable ({len(solution.moves)} pairs, {solution.nodes} positions searched)"
    return f"{solution.status} ({solution.nodes} positions searched)"
