"""A Minesweeper solver: certain deductions first, then exact mine probabilities, then the best guess.

This answers the tutorial author's closing complaint (expert games end in "this cell or that one,
no way to tell": 運任せ). The solver sees only what a player sees: the numbers on open cells, the size
of the board and the number of mines. Flags are ignored, since a player's flag may be wrong.

1. **Deduction** (:meth:`Solver.deduce`). Every open number says "these hidden neighbours hold exactly
   k mines". A number whose k is 0 makes all its hidden neighbours safe; one whose k equals its hidden
   neighbours makes them all mines (single-constraint reasoning). Two overlapping numbers bound how many
   mines their shared cells hold, which can settle the cells only one of them sees (subset and overlap
   reasoning: the classic 1-1 and 1-2 patterns). The mine total is one more such constraint, over every
   hidden cell.
2. **Probabilities** (:meth:`Solver.probabilities`). Hidden cells next to a number form the *frontier*.
   Its constraints split into independent components; each is enumerated (cells that see exactly the
   same numbers are counted together with binomial weights), giving for every possible mine count k the
   number of arrangements and how often each cell holds a mine. A frontier arrangement with K mines
   leaves ``C(cells off the frontier, mines left − K)`` ways to fill the rest, so every arrangement is
   weighted by that (exact integers, no floating point until the very end).
3. **Guess** (:meth:`Solver.best_guess`), D. N. Hill's test (JSMinesweeper): among the cells nearly as
   safe as the safest, the one whose chance of being safe times the safety of the move after it (looked
   at one move ahead, exactly) is highest, a risk that a forming 50/50 makes unavoidable counting for less.
4. **Endgame** (:meth:`Solver.endgame`): when few mine layouts remain (the global mine count keeps
   them few late in a game), every line of play is tried over every layout and the best one is played.

>>> from gamelab.minesweeper.vmap import VMap
>>> vm = VMap(1, 5, 2)
>>> vm.first(1, 1, mines_at=[vm.index(1, 3), vm.index(1, 5)])
0
>>> s = Solver.for_map(vm)
>>> s.deduce(), [vm.coords(i) for i in s.mines_known()]
(True, [(1, 3)])
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb

from .vmap import DEAD, OPEN, VMap

__all__ = ["Analysis", "Contradiction", "Solver", "neighbour_table", "play_out"]

UNKNOWN, SAFE, MINE = 0, 1, 2

_TABLES: dict[tuple[int, int], list[tuple[int, ...]]] = {}

#: the exhaustive endgame search runs when at most this many layouts fit what is shown
ENDGAME_LAYOUTS = 1500
#: and gives up (back to the heuristics) past this many positions examined
ENDGAME_BUDGET = 200_000
#: a guess is chosen among the cells at least this many times as likely to be safe as the safest cell
GUESS_SAFETY_RATIO = 0.9
#: and among the cells no number reaches, at this ratio to the safest cell a number reaches
OFF_FRONTIER_RATIO = 0.95
#: the share of the layouts putting a cell in a forming 50/50 counted as no risk (it must be taken anyway)
FIFTY_FIFTY_WEIGHT = 0.9

# Until 2 Dec 2026 the guess was ranked differently: cells up to GUESS_TOLERANCE (0.05) less safe than
# the safest were candidates, the GUESS_LOOKAHEAD (6) likeliest to show a 0 were looked at one move
# ahead, and the one with the highest P(safe) x (1 + PROGRESS_WEIGHT (1.0) x P(progress | safe)) was
# opened (dead cells last, then the cells expected to be freed). The notes below up to 2 Dec measure
# that ranking and its variants.
#
# 2 Dec 2026: PSEQ's chain in its place (paired, the same games; a/b = won only by the chain / only
# by the ranking above). On intermediate boards (16 x 16, 40 mines, safe first click in the corner,
# seeds 1,000,000-1,049,999), where a game costs a fifth of an expert one and the published rates are
# PSEQ 78.12 % and PSEQ-D256 78.23 %: the ranking won 39,057 (78.11 %), its strict form (tolerance
# 1e-9) 39,063, the chain 39,158 (78.32 %): 973/872 against the ranking, 522/427 against the strict
# form, +0.20 point (95 % interval +0.03 to +0.37). The gain is in examining every one of the safest
# cells (not the six likeliest to show a 0) and in the entropy of the number breaking the ties where
# no cell promises progress. On 30 Nov (expert, seeds 300,000-314,999) the chain had read +0.19 point
# (625/597), within that sample's noise; it is kept now. On the bench's 30,000 expert games per rule
# (seeds 0-29,999) it won 11,848 from the corner (the ranking 11,836) and 16,183 with the opening
# (16,116). Looked at in full it cost about a quarter more CPU a game; dropping a candidate as soon as
# its chance of progress cannot reach the best one's (the choices stay the same) makes it cheaper than
# the ranking was (65 against 79 ms a corner game, side by side).
# Over 100,000 intermediate games (seeds 1,000,000-1,099,999) the ranking won 77.95 %, 77.80 %
# without the endgame search; 200,000 beginner games (9 x 9, 10 mines, corner, seeds from 1,000,000)
# 91.62 % (95 % interval 91.50-91.74; PSEQ-D256 91.69 %).
#
# Tried again on 30 Nov 2026 (paired: the same games, seeds 100,000-105,999 corner and 100,000-103,999
# opening; "a/b" = games won only by the variant / only by the settings above), none kept:
# GUESS_TOLERANCE 0.03: 80/103 and 0.08: 116/136 (corner), 84/97 (opening); GUESS_LOOKAHEAD 3: 94/125,
# 10: 24/34 (2,000 corner games); PROGRESS_WEIGHT 0.5: 9/11 (corner), 8/7 (opening) - the weight
# rarely changes a choice; ranking the candidates by safety alone instead of by the chance of a 0:
# 192/238 (3,200 corner games); scoring a guess by P(safe) × the expected safety of the next move
# ("second safety") instead of progress: 490/503 (corner), 80/71 (opening); endgame at 2,500 layouts
# and 400,000 positions: 2/1 and 1/0 over 1,500 games of each rule, for twice the CPU time.
# On the seeds the old tuning did not see (103,000 up) every variant is within noise of these settings.
#
# Tried on 1 Dec 2026 on the corner rule (paired, seeds 103,000-106,999 unless noted; a/b as above),
# none kept. Where the losses are (seeds 103,000-103,799, 476 lost of 800): half of them (238) on a
# heuristic guess at a chance of 0.15-0.25 (mostly the first guesses, with fewer than 80 cells known),
# 109 on a 50/50 inside the exhaustive endgame (already optimal there), 73 on heuristic guesses below
# 0.15, 4 above 0.25, 52 on other endgame guesses.
# - The first guess after a corner that shows 1, forced to (1, 30) (the current choice), (1, 3) or
#   (3, 3): 91, 91 and 87 wins of the same 316 games (seeds 103,000-103,799): where it goes hardly
#   matters, so an opening book or a deeper early search has little to win there.
# - Candidates within 0.02 of the best value ranked by second safety (P(safe) × the expected safety
#   of the next move) as a tie-break: 33/25, then 42/48 on seeds 107,000-110,999 (75/73 over 8,000);
#   within 0.05: 45/40.
# - A tolerance relative to the lowest chance, min(0.05, 0.25 × lowest), so late guesses stay closer
#   to the safest: 42/49.
# - Progress counted by the cells it proves safe, up to 3 (an opening worth more than a single safe
#   cell): 32/38.
# - A number that would box in an undecidable group (hidden cells whose every number and neighbour
#   lies inside the group, e.g. a 50/50 no later number can settle) discounted by the risk of the
#   guess it forces: 0/1 (it almost never arises before the endgame search takes over).
#
# 1 Dec 2026, later: over 30,000 bench games the corner rate is 39.45 %, PSEQ's level, not PSEQ-D256's
# (see bench.py). PSEQ opens strictly the safest cells; the same here (GUESS_TOLERANCE 1e-9, progress
# still breaking ties): 74/70 over 2,000 corner games (seeds 120,000-121,999), no different.
#
# 1 Dec 2026 (third session), corner rule, seeds 130,000-133,999 and 140,000-143,999 (8,000 games):
# - These settings won 3,234 (40.4 %); without the endgame search (ENDGAME_LAYOUTS 0) 3,143 (39.3 %):
#   the endgame is worth about a point (paired 93/41 and 80/41), twice what PSEQ-D256's exhaustive
#   search adds to PSEQ (0.43), and the heuristics alone are at PSEQ's level (39.62 %).
# - PSEQ's own chain in place of best_guess's ranking (strictly the lowest chance, then the chance of
#   progress, the expected number of cells proved safe, the entropy of the number shown, the distance
#   to the open area, the lowest index), over all the safest cells: 1,571 wins without the endgame
#   (these settings 1,574) and 1,602 with it (1,626) on the first 4,000. No better.
# - Over 1,000 games the endgame never ran out of its budget, and only 133 guesses were made with
#   between 1,500 and 10^6 layouts left: a larger endgame has little left to take.
# - Seeds 150,000-157,999 won 3,226 of 8,000 (40.3 %), and the bench's own seeds 0-3,999 1,605 of 4,000
#   (40.1 %): the bench's 39.45 % comes from its seeds 10,000-29,999 (39.17 %). Pooled over the bench's
#   30,000 and these 16,000 fresh games the rate is 39.8 % (95 % interval 39.3-40.2), PSEQ-D256's
#   40.05 % inside it: no evidence that the solver is weaker than PSEQ-D256, none that it is stronger.
#
# 1 Dec 2026 (fifth session), corner rule, seeds 200,000-203,999 (4,000 games): taking a true 50/50 at
# once (two cells with exactly one mine between them whose neighbours differ only by known mines, so
# no number can ever tell them apart; D. N. Hill's JSMinesweeper guesses these first, since they must
# be guessed anyway and may show a useful number): it was there in 498 positions, and changed the
# result of no game (1,595 wins both ways). Not kept.
# Same session, corner rule, seeds 500,000-507,999 (8,000 games, paired):
# - Progress only when the number shown proves safe a cell that still has a neighbour in doubt (a
#   safe cell among settled ones shows a number known in advance; JSMinesweeper counts only such
#   "living" clears): 3,153 wins against 3,149 (7/3). Not kept.
# - That, and the guess ranked by P(safe) x the expected "blended secondary safety" of the next move
#   ((4 x the safest living cell + the second safest) / 5, JSMinesweeper's score) in place of progress:
#   3,158 against 3,153 (682/677), 76 ms a game instead of 64. Not kept.
# - These 8,000 fresh games read 39.4 % (3,149 wins, the settings above), and seeds 400,000-419,999 39.70 %
#   (7,940 of 20,000). Pooled with the bench's 30,000 and the 16,000 above: 29,385 of 74,000, 39.71 %
#   (95 % interval 39.4-40.1). The solver sits between PSEQ (39.62 %) and PSEQ-D256 (40.05 %), and
#   below JSMinesweeper's published 40.7 %; the 16,000 games at 40.4 % were the lucky draw.
#
# 1 Dec 2026 (seventh session), corner rule, seeds 300,000-314,999 (15,000 games, paired; these settings
# won 5,923, 39.49 %; a/b as above): no endgame search (ENDGAME_LAYOUTS 0) 5,852 (209/280), so the
# search is worth about half a point, as PSEQ-D256's over PSEQ (0.43); ENDGAME_LAYOUTS 64: 5,907
# (64/80); GUESS_TOLERANCE 1e-9: 5,909 (477/491); PSEQ's chain in place of the ranking over all the
# safest cells (the chance of progress, the cells expected to be freed, the chance of a 0, the entropy
# of the number shown): 5,951 (625/597); among cells no number reaches, the one nearest the open area
# kept for each count of hidden neighbours (PSEQ's last tie-break) instead of the first: 5,920 (436/439).
# None kept: each is within the noise of 15,000 paired games (about ±0.3 point).
#
# 2 Dec 2026, corner rule, paired: JSMinesweeper's "50/50 influence" (a guess is worth more for the
# layouts where the cell would be the mine of a 50/50 no number can ever settle, since that risk must be
# taken anyway: a pair of hidden cells whose outer cells are all mines or off the board, a 2 x 2 block
# with mines at its four diagonal corners; counted exactly per candidate, the score times 1 + 0.9 x that
# share of its safe layouts, cells it lifts into the tolerance added): 2,444 wins against 2,426 on seeds
# 700,000-705,999 (54/36), then 4,721 against 4,715 on 710,000-721,999 (79/73): +0.13 point over 18,000
# games (133/109, sign test p = 0.14), for about 25 % more CPU a game. Guessing the nearly complete
# such 50/50s at once as well changed 3 games (2/1). Not kept.
#
# 2 Dec 2026 (evening), corner rule. These settings on fresh seeds 800,000-814,999: 5,975 of 15,000
# (39.83 %, 35 ms a game). Then, instead of more paired games (whose noise, about ±0.25 point over
# 15,000, hides every change tried above), the exact cost of a guess where it can be had: the
# endgame search run on positions where the heuristics guessed, with more layouts than
# ENDGAME_LAYOUTS, to compare the chance of winning after their cell with the best cell's.
# - D. N. Hill's "isolated edge" search (an exhaustive search over a frontier component that no
#   other number can ever reach, played first): over 300 games (seeds 900,000-900,299) the
#   heuristics never guessed inside such a component (0 of 954 guesses; one was on the board in 18
#   of 308 guesses in 100 games): its cells are 50/50-like, never the safest, and wait for the
#   endgame search, which plays them exactly. Nothing to take there.
# - A larger endgame: between 1,500 and 5,000 layouts the heuristic guess lost 0.11 of a game in
#   all over 400 games (15 positions, seeds 900,000-900,399: 0.03 point of win rate) while the exact
#   search cost 3 s a position (110 ms a game more); between 1,500 and 20,000 layouts, 0.13 of a
#   game over 100 games, 20 s a position. Not worth its time.
# - The search over 1,000 layouts drawn at random from up to 20,000 (cheap: 0.3 s a position) in
#   place of the heuristic there: it lost 0.037 of a game where the heuristic lost 0.048 (15
#   positions, 150 games, seeds 901,000-901,149): 0.007 point. Not kept.
# So near the end of a game, where an exact answer exists, the heuristics give up well under a tenth
# of a point; whatever still separates this solver from PSEQ-D256 (over the bench's 100,000 games
# 39.91 %, interval 39.61-40.22, against its 40.05 %) lies in the early guesses, where only paired
# games can judge a change, and none of those measured so far reaches beyond their noise.
#
# 3 Dec 2026, corner rule: a guess's risk counted without the layouts where the cell is the mine of a
# dead 50/50 (any line of play wins at most half of those, so guessing the cell there costs nothing):
# P(mine) minus, for each hidden orthogonal neighbour d, P(this cell a mine, d safe, and every cell next
# to only one of the two a mine), counted exactly; the cells lowest by that risk were then ranked by
# the chain as usual. Judged where it chose another cell than these settings (308 positions in 712
# games, seeds 1,000,000-1,000,352 and 1,001,000-1,001,358): from each such position 100 layouts were
# drawn from what the player knows (exactly, by the numbers' weights) and the game played on from both
# cells on the same layouts. Change in win rate: -0.17 point (standard error 0.11); where it picked a
# cell as safe as ours by its 50/50 share instead of by progress (a corner, say) -0.19 (0.10), where it
# took a riskier cell +0.01 (0.05). Not kept. (Drawing layouts and playing on costs as much noise per
# CPU second as paired games do: each position's verdict rests on the same few games that differ.)
#
# 3 Dec 2026 (second session), corner rule, 60,000 fresh games (seeds 2,000,000-2,059,999), paired: the
# 50/50 influence of D. N. Hill's JSMinesweeper once more, now inside PSEQ's chain and on a sample large
# enough to see a tenth of a point. For every two side-by-side hidden cells whose outer cells (next to
# only one of them) are all mines or off the board but for at most one, and every 2 x 2 block whose four
# diagonal corners are mines, the layouts where that 50/50 forms were counted exactly; each cell's count
# (its pairs, its best block, and the pairs it would complete as the missing mine) capped by its mine and
# safe counts; a cell's safety taken as (safe layouts + 0.9 x that count) / layouts; then the chain as
# usual among the safest by that measure. The count was non-zero at 10 % of the heuristic guesses and
# changed the cell at 5 % of them (in 14 % of the games); the games are played once and forked only where
# the choice first differs. Won 24,088 against these settings' 24,080 (40.15 against 40.13 %; 466/458):
# +0.01 point, standard error 0.05. Not kept: the 50/50s it foresees are met later by the exact endgame
# search anyway. Pooled, every game of these settings played so far (the bench's 100,000, seeds
# 800,000-859,999 and these 60,000) reads 40.14 % (95 % interval 39.94-40.35) against PSEQ-D256's 40.05 %.
#
# 3 Dec 2026 (second session), corner rule: JSMinesweeper's whole choice of a guess, in place of PSEQ's
# chain, is the first change that beats these games' noise, and it is now best_guess's step 3. Its parts:
# candidates up to GUESS_SAFETY_RATIO (0.9) of the safest cell's chance of being safe, cells no number
# reaches at OFF_FRONTIER_RATIO (0.95) of the safest cell a number reaches; the score, P(safe) x the
# expected blended safety of the next move ((4 x safest + second safest) / 5) x the 50/50 factor above;
# dead cells last. Paired, games forked where the choice first differs (in 74 % of games): over 34,604
# fresh games (seeds 3,000,000-3,010,600, 3,100,000-3,111,300, 3,200,000-3,206,700, 3,300,000-3,306,000)
# it won 14,080 against the chain's 13,843 (40.69 against 40.00 %; 3,460/3,223): +0.68 point, standard
# error 0.24 (z = 2.9). Its parts were each measured before against other rankings and were within
# noise; together, in this form, they are not. On 1,501 opening-rule games (seeds 6,000,000-6,001,500):
# 803 against 811 (46/54), too few to tell. About 25 % more CPU a game than the chain (46 against 37 ms,
# side by side, on a loaded machine), well inside the 100 ms; dropping a candidate as soon as its
# score cannot reach the best one's keeps the same choices at a fifth of the work.
# On the bench's own seeds 0-99,999 (python -m gamelab.bench minesweeper, idle machine): 40.27 % from the
# corner (95 % interval 39.96-40.57) and 54.46 % with the opening (54.15-54.76), 55 CPU ms a game; PSEQ's
# chain had won 39.91 % and 53.87 % of the same games.


def neighbour_table(rows: int, cols: int) -> list[tuple[int, ...]]:
    """For every index of a ``rows`` × ``cols`` map with its border, its neighbours on the playing field.

    >>> neighbour_table(2, 2)[5]   # (1, 1) is next to (1, 2), (2, 1), (2, 2)
    (6, 9, 10)
    """
    key = (rows, cols)
    if key not in _TABLES:
        w = cols + 2
        table: list[tuple[int, ...]] = [() for _ in range((rows + 2) * w)]
        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                table[r * w + c] = tuple(
                    rr * w + cc
                    for rr in (r - 1, r, r + 1)
                    for cc in (c - 1, c, c + 1)
                    if (rr, cc) != (r, c) and 1 <= rr <= rows and 1 <= cc <= cols
                )
        _TABLES[key] = table
    return _TABLES[key]


class Contradiction(ValueError):
    """The numbers shown cannot all be true together (a hand-made position with a typo, say)."""


@dataclass
class Analysis:
    """Exact mine probabilities of the hidden cells, as integer numerators over one denominator.

    ``frontier[i]`` is the numerator for hidden cell ``i`` next to a number, ``outside`` the numerator
    shared by every other hidden cell, ``total`` the common denominator (the number of mine layouts
    that agree with everything shown, each counted once).
    """

    frontier: dict[int, int]
    outside: int
    outside_cells: list[int]
    total: int

    def probability(self, i: int) -> Fraction:
        """The exact chance that hidden cell ``i`` holds a mine."""
        return Fraction(self.frontier.get(i, self.outside), self.total)

    def chance(self, i: int) -> float:
        """The same as a float (fast)."""
        return self.frontier.get(i, self.outside) / self.total


class Solver:
    """What can be known about a board from its open numbers, the board size and the mine total.

    Feed it the numbers as they appear (:meth:`reveal`, or :meth:`observe` a :class:`VMap`), then ask
    for certain cells (:meth:`deduce`, :meth:`safe_known`, :meth:`mines_known`), probabilities
    (:meth:`analyse`, :meth:`probabilities`) or a move (:meth:`best_guess`). Cells are map indices
    (``row * (cols + 2) + col``, rows and columns from 1).

    >>> s = Solver(1, 3, 1)
    >>> s.reveal(1 * 5 + 1, 1)   # (1, 1) shows 1: the mine is at (1, 2)
    >>> s.deduce(), s.mines_known()
    (True, [7])
    """

    def __init__(self, rows: int, cols: int, mines: int) -> None:
        self.rows, self.cols, self.mines = rows, cols, mines
        self.width = cols + 2
        self.nbrs = neighbour_table(rows, cols)
        w = self.width
        self.cells = [r * w + c for r in range(1, rows + 1) for c in range(1, cols + 1)]
        size = (rows + 2) * w
        self.number = [-1] * size
        self.known = [UNKNOWN] * size
        self.unknown_count = rows * cols
        self.mines_found = 0
        self._pending: set[int] = set()  # known safe, number not yet seen
        self._dirty: set[int] = set()  # numbers whose neighbourhood changed since last looked at
        self._front: set[int] = set()  # numbers that may still have unknown neighbours
        #: component enumerations by their constraints (shared with copies: the key decides the result)
        self._cache: dict[tuple[tuple[int, int, int], ...], tuple[list[list[int]], list[int], list[list[int]]]] = {}

    # -- input -----------------------------------------------------------------------------------
    @classmethod
    def for_map(cls, vm: VMap) -> Solver:
        """A solver that has seen every open cell of ``vm``."""
        solver = cls(vm.rows, vm.cols, vm.mines)
        solver.observe(vm)
        return solver

    def observe(self, vm: VMap) -> None:
        """Read every open number of ``vm`` not seen yet (nothing is read from a lost board)."""
        if vm.show() == DEAD:
            return
        number, state, near = self.number, vm.state, vm.near
        for i in vm.cells:
            if state[i] == OPEN and number[i] < 0:
                self.reveal(i, near[i])

    def reveal(self, i: int, n: int) -> None:
        """Cell ``i`` was opened and shows ``n`` (0–8)."""
        if self.known[i] == MINE:
            raise Contradiction(f"cell {divmod(i, self.width)} was deduced to be a mine but shows {n}")
        self.number[i] = n
        self._dirty.add(i)
        self._front.add(i)
        if self.known[i] == UNKNOWN:
            self._set(i, SAFE)
        self._pending.discard(i)

    def _set(self, i: int, value: int) -> None:
        self.known[i] = value
        self.unknown_count -= 1
        if value == MINE:
            self.mines_found += 1
        elif self.number[i] < 0:
            self._pending.add(i)
        number, dirty = self.number, self._dirty
        for j in self.nbrs[i]:
            if number[j] >= 0:
                dirty.add(j)

    # -- reading ---------------------------------------------------------------------------------
    def safe_known(self) -> list[int]:
        """Cells known to be safe and not opened yet, in index order."""
        return sorted(self._pending)

    def mines_known(self) -> list[int]:
        """Cells known to hold a mine, in index order."""
        return [i for i in self.cells if self.known[i] == MINE]

    def unknown(self) -> list[int]:
        """Hidden cells whose content is not known."""
        return [i for i in self.cells if self.known[i] == UNKNOWN]

    @property
    def solved(self) -> bool:
        """True once every cell is known (the safe ones may still be waiting to be opened)."""
        return self.unknown_count == 0

    # -- 1. deduction ----------------------------------------------------------------------------
    def deduce(self, *, pairs: bool = True) -> bool:
        """Settle every cell that follows for certain; True if anything new was found.

        Single numbers are re-examined only where something changed; overlapping pairs (and the mine
        total) are tried when single numbers are exhausted. ``pairs=False`` keeps to single numbers.
        """
        progress = False
        while True:
            if self._singles():
                progress = True
            if not pairs or not self._pairs():
                return progress
            progress = True

    def _singles(self) -> bool:
        known, number, nbrs, dirty = self.known, self.number, self.nbrs, self._dirty
        found = False
        while dirty:
            i = dirty.pop()
            hidden = [j for j in nbrs[i] if known[j] == UNKNOWN]
            if not hidden:
                continue
            need = number[i] - sum(1 for j in nbrs[i] if known[j] == MINE)
            if need < 0 or need > len(hidden):
                raise Contradiction(f"the {number[i]} at {divmod(i, self.width)} cannot be satisfied")
            if need == 0:
                for j in hidden:
                    self._set(j, SAFE)
                found = True
            elif need == len(hidden):
                for j in hidden:
                    self._set(j, MINE)
                found = True
        # The mine total: none left means every hidden cell is safe, as many as hidden means all mines.
        left = self.mines - self.mines_found
        if self.unknown_count and (left == 0 or left == self.unknown_count):
            value = SAFE if left == 0 else MINE
            for j in self.unknown():
                self._set(j, value)
            found = True
        return found

    def constraints(self) -> list[tuple[int, int, int]]:
        """``(number cell, hidden-neighbour bitmask, mines among them)`` for every number next to a hidden cell,
        in index order."""
        known, number, nbrs = self.known, self.number, self.nbrs
        out = []
        done = []
        for i in sorted(self._front):
            mask = 0
            need = number[i]
            for j in nbrs[i]:
                k = known[j]
                if k == UNKNOWN:
                    mask |= 1 << j
                elif k == MINE:
                    need -= 1
            if mask:
                out.append((i, mask, need))
            else:
                done.append(i)
        self._front.difference_update(done)
        return out

    def _pairs(self) -> bool:
        """Overlap reasoning on every pair of numbers that share a hidden cell, and on each number with the total."""
        cons = self.constraints()
        by_cell: dict[int, list[int]] = {}
        for k, (i, mask, _) in enumerate(cons):
            for j in self.nbrs[i]:
                if mask >> j & 1:
                    by_cell.setdefault(j, []).append(k)
        safe_mask = mine_mask = 0
        for a, (ia, ma, na) in enumerate(cons):
            partners = {b for j in self.nbrs[ia] if ma >> j & 1 for b in by_cell[j] if b > a}
            for b in partners:
                mb, nb = cons[b][1], cons[b][2]
                s, m = _overlap(ma, na, mb, nb)
                safe_mask |= s
                mine_mask |= m
                s, m = _overlap(mb, nb, ma, na)
                safe_mask |= s
                mine_mask |= m
        if not (safe_mask or mine_mask):
            # The mine total as one more constraint, over every unknown cell, against each number.
            every = 0
            for j in self.cells:
                if self.known[j] == UNKNOWN:
                    every |= 1 << j
            left = self.mines - self.mines_found
            for _, ma, na in cons:
                s, m = _overlap(ma, na, every, left)
                safe_mask |= s
                mine_mask |= m
        if safe_mask & mine_mask:
            raise Contradiction("the numbers shown contradict each other")
        found = False
        for mask, value in ((safe_mask, SAFE), (mine_mask, MINE)):
            while mask:
                low = mask & -mask
                j = low.bit_length() - 1
                mask ^= low
                if self.known[j] == UNKNOWN:
                    self._set(j, value)
                    found = True
        return found

    # -- 2. probabilities ------------------------------------------------------------------------
    def analyse(self) -> Analysis:
        """Exact mine probabilities for every unknown cell (see the module docstring).

        >>> s = Solver(1, 3, 1)
        >>> s.reveal(1 * 5 + 2, 1)    # the middle cell shows 1
        >>> a = s.analyse()
        >>> a.probability(6), a.probability(8)
        (Fraction(1, 2), Fraction(1, 2))
        """
        known = self.known
        cons = self.constraints()
        # Numbers that share a hidden cell are linked: each linked set (component) is enumerated on its
        # own, and remembered by its constraints, so a position that differs elsewhere reuses it.
        parent = list(range(len(cons)))

        def find(x: int) -> int:
            while parent[x] != x:
                parent[x] = parent[parent[x]]
                x = parent[x]
            return x

        owner: dict[int, int] = {}
        for k, (_, mask, _) in enumerate(cons):
            while mask:
                low = mask & -mask
                mask ^= low
                j = low.bit_length() - 1
                o = owner.setdefault(j, k)
                if o != k:
                    ro, rk = find(o), find(k)
                    if ro != rk:
                        parent[rk] = ro
        members: dict[int, list[int]] = {}
        for k in range(len(cons)):
            members.setdefault(find(k), []).append(k)
        left = self.mines - self.mines_found
        outside_cells = [j for j in self.cells if known[j] == UNKNOWN and j not in owner]
        n_out = len(outside_cells)
        polys = []
        results = []
        cache = self._cache
        for ks in members.values():
            key = tuple(cons[k] for k in ks)
            found = cache.get(key)
            if found is None:
                found = cache[key] = _component(key)
            groups, counts, tallies = found
            polys.append(counts)
            results.append((groups, counts, tallies))
        total_poly = _product(polys)
        total = sum(w * _comb(n_out, left - k) for k, w in enumerate(total_poly))
        if total == 0:
            raise Contradiction("no placement of the remaining mines fits the numbers shown")
        frontier: dict[int, int] = {}
        for c, (groups, counts, tallies) in enumerate(results):
            others = _product(polys[:c] + polys[c + 1:])
            # weight[k] = ways to complete the board when this component holds k mines
            weight = [
                sum(w * _comb(n_out, left - k - kk) for kk, w in enumerate(others)) for k in range(len(counts))
            ]
            for g, cells in enumerate(groups):
                num = sum(tallies[k][g] * weight[k] for k in range(len(counts)) if tallies[k][g])
                # the group's tally counts mines over all its cells: each cell has an equal share
                share = num // len(cells)
                for j in cells:
                    frontier[j] = share
        outside = sum(w * _comb(n_out - 1, left - k - 1) for k, w in enumerate(total_poly)) if n_out else 0
        return Analysis(frontier, outside, outside_cells, total)

    def probabilities(self) -> dict[int, Fraction]:
        """``{cell: exact mine probability}`` for every unknown cell (known cells are 0 or 1 and left out)."""
        a = self.analyse()
        return {j: a.probability(j) for j in self.unknown()}

    # -- 3. guessing -----------------------------------------------------------------------------
    def best_guess(self, analysis: Analysis | None = None) -> int:
        """The unknown cell to open when nothing is certain.

        1. A cell proved safe by the full count (chance 0) is opened outright.
        2. When few layouts fit what is shown (at most :data:`ENDGAME_LAYOUTS`), :meth:`endgame` plays
           every line over every layout and returns the cell with the best chance of winning.
        3. Otherwise D. N. Hill's test (JSMinesweeper) decides, among the *candidates*: the cells at least
           :data:`GUESS_SAFETY_RATIO` times as likely to be safe as the safest cell, and the cells no
           number reaches when they are at least :data:`OFF_FRONTIER_RATIO` times as safe as the safest
           cell a number reaches. Each is scored by its chance of being safe times how safe the next
           move will be: for every number v it could show, the chance of v times the *blended safety*
           of the position with v written in ((4 × the safest cell's chance of being safe + the second
           safest's) / 5), all times 1 + :data:`FIFTY_FIFTY_WEIGHT` × the share of the cell's safe
           layouts in which it sits in a forming 50/50 (:meth:`fifty_fifty`: a risk that must be taken
           anyway, so taking it now costs less). The highest score is opened; a *dead* cell (if safe,
           it can show only one number) comes last, a tie goes to the lowest index so play is
           reproducible. A cell scores at most its chance of being safe times its 50/50 factor, so a
           candidate is dropped as soon as it cannot reach the best score so far. Cells no number
           reaches, with no frontier cell beside them, differ only by how many hidden neighbours they
           have: one of each kind is looked at.

        >>> s = Solver(1, 5, 2)      # (1, 1) shows 1: (1, 2) is a mine, (1, 3)-(1, 5) share one mine
        >>> s.reveal(1 * 7 + 1, 1)
        >>> s.best_guess() in (10, 11, 12)
        True
        """
        a = analysis or self.analyse()
        unknown = self.unknown()
        chance = {j: a.chance(j) for j in unknown}
        low = min(chance.values())
        if low == 0:
            return next(j for j in unknown if chance[j] == 0)
        if a.total <= ENDGAME_LAYOUTS:
            found = self.endgame()
            if found is not None:
                return found[0]
        known, nbrs = self.known, self.nbrs
        frontier, total = a.frontier, a.total
        safest = 1 - low
        safest_reached = 1 - min((chance[j] for j in unknown if j in frontier), default=1.0)
        fifty = self.fifty_fifty()
        candidates = []  # (the most it can score, cell, its safe layouts, its 50/50 factor)
        plain_seen: set[int] = set()
        for j in unknown:
            mine_layouts = frontier.get(j, a.outside)
            safe_layouts = total - mine_layouts
            share = min(fifty.get(j, 0), mine_layouts, safe_layouts)
            eased = safe_layouts / total + FIFTY_FIFTY_WEIGHT * (share / total)  # big integers: divide first
            safe = 1 - chance[j]
            if eased < GUESS_SAFETY_RATIO * safest:
                if j in frontier:
                    if safe < GUESS_SAFETY_RATIO * safest:
                        continue
                elif safe < OFF_FRONTIER_RATIO * safest_reached and safe < safest:
                    continue
            if j not in frontier and j not in fifty:
                hidden = [k for k in nbrs[j] if known[k] == UNKNOWN]
                if not any(k in frontier for k in hidden):
                    if len(hidden) in plain_seen:
                        continue
                    plain_seen.add(len(hidden))
            factor = 1 + FIFTY_FIFTY_WEIGHT * (share / safe_layouts) if safe_layouts else 1.0
            candidates.append((safe_layouts / total * factor, j, safe_layouts, factor))
        if len(candidates) == 1:
            return candidates[0][1]
        candidates.sort(key=lambda c: (-c[0], c[1]))
        best, best_key = candidates[0][1], (False, -1.0, 0)
        for most, j, safe_layouts, factor in candidates:
            if best_key[0] and most * (1 + 1e-9) < best_key[1]:
                continue
            found = self._guess_score(j, safe_layouts, total, factor, best_key[1] if best_key[0] else -1.0)
            if found is not None:
                key = (found[0], found[1], -j)
                if key > best_key:
                    best, best_key = j, key
        return best

    def _outcomes(self, cell: int) -> Iterator[tuple[int, Analysis]]:
        """For every number ``cell`` could show: the layouts that agree (as an exact analysis of the
        position with that number written in)."""
        around = self.nbrs[cell]
        mines_near = sum(1 for k in around if self.known[k] == MINE)
        hidden_near = sum(1 for k in around if self.known[k] == UNKNOWN)
        for v in range(mines_near, mines_near + hidden_near + 1):
            trial = self.copy()
            trial.reveal(cell, v)
            try:
                found = trial.analyse()
            except Contradiction:
                continue  # this cell cannot show v
            yield v, found

    def _guess_score(self, cell: int, safe_layouts: int, total: int, factor: float,
                     beat: float) -> tuple[bool, float] | None:
        """``(alive, score)`` for opening ``cell`` (see :meth:`best_guess`): alive when it can show more
        than one number; the score its chance of being safe times the expected blended safety of the
        next move, times its 50/50 ``factor``. None as soon as the score cannot reach ``beat`` even if
        every number still to look at left a certain cell: the cell cannot be the best."""
        score = 0.0
        seen = 0
        numbers = 0
        for _, outcome in self._outcomes(cell):
            numbers += 1
            seen += outcome.total
            score += outcome.total / total * _blended_safety(outcome)
            if numbers > 1 and (score + (safe_layouts - seen) / total) * factor * (1 + 1e-9) < beat:
                return None
        return numbers > 1, score * factor

    def fifty_fifty(self) -> dict[int, int]:
        """For each unknown cell, how many layouts put it in a 50/50 that is forming: two side-by-side
        hidden cells whose outer cells (next to only one of the two) are all mines or off the board, but
        for at most one still unknown, or a 2 × 2 block of hidden cells with mines at its four diagonal
        corners. No number can ever tell such cells apart, so one of them must be guessed at even odds.

        A cell counts the layouts of the pairs it belongs to (with one mine and one safe cell), of its
        best block, and of the pairs it would complete as the missing outer mine. Counted exactly, by
        writing the mines and safe cells in and counting what is left.

        >>> s = Solver(2, 3, 2)      # top row shows 1 2 1 from left to right...
        >>> for col, n in ((1, 1), (2, 2), (3, 1)):
        ...     s.reveal(1 * 5 + col, n)
        >>> sorted(s.fifty_fifty().items())    # ...so (2, 1) and (2, 3) are mines, (2, 2) safe: no 50/50
        []
        """
        known, w, rows, cols = self.known, self.width, self.rows, self.cols
        left = self.mines - self.mines_found
        pairs: dict[tuple[int, int], int] = {}  # (mine cell, safe cell) -> layouts
        blocks: dict[int, int] = {}  # top-left cell -> layouts
        completes: dict[int, int] = {}  # missing outer mine -> layouts

        def hidden(r: int, c: int) -> bool:
            return 1 <= r <= rows and 1 <= c <= cols and known[r * w + c] == UNKNOWN

        def unsettled(ring: list[tuple[int, int]]) -> list[int] | None:
            out = []
            for r, c in ring:
                if 1 <= r <= rows and 1 <= c <= cols:
                    k = known[r * w + c]
                    if k == SAFE:
                        return None  # an open (or safe) cell beside only one of them tells them apart
                    if k == UNKNOWN:
                        out.append(r * w + c)
            return out

        for r in range(1, rows + 1):
            for c in range(1, cols + 1):
                if not hidden(r, c):
                    continue
                first = r * w + c
                for dr, dc in ((0, 1), (1, 0)):
                    if not hidden(r + dr, c + dc):
                        continue
                    if dc:
                        ring = [(r + d, c - 1) for d in (-1, 0, 1)] + [(r + d, c + 2) for d in (-1, 0, 1)]
                    else:
                        ring = [(r - 1, c + d) for d in (-1, 0, 1)] + [(r + 2, c + d) for d in (-1, 0, 1)]
                    missing = unsettled(ring)
                    if missing is None or len(missing) > 1 or len(missing) + 1 > left:
                        continue
                    second = (r + dr) * w + c + dc
                    n = self._layouts_with(missing + [first], [second])
                    if n:
                        pairs[first, second] = n
                        for x in missing:
                            completes[x] = completes.get(x, 0) + n
                if hidden(r, c + 1) and hidden(r + 1, c) and hidden(r + 1, c + 1) and left >= 2:
                    if unsettled([(r - 1, c - 1), (r - 1, c + 2), (r + 2, c - 1), (r + 2, c + 2)]) == []:
                        n = self._layouts_with([first, first + w + 1], [first + 1, first + w])
                        if n:
                            blocks[first] = n
        if not (pairs or blocks):
            return {}
        out: dict[int, int] = {}
        for j in self.unknown():
            n = (pairs.get((j, j + 1), 0) + pairs.get((j - 1, j), 0)
                 + pairs.get((j, j + w), 0) + pairs.get((j - w, j), 0))
            n += max(blocks.get(j, 0), blocks.get(j - 1, 0), blocks.get(j - w, 0), blocks.get(j - w - 1, 0))
            n += completes.get(j, 0)
            if n:
                out[j] = n
        return out

    def _layouts_with(self, mines: list[int], safes: list[int]) -> int:
        """How many layouts fit what is shown with ``mines`` holding mines and ``safes`` none."""
        trial = self.copy()
        try:
            for x in mines:
                if trial.known[x] == SAFE:
                    return 0
                if trial.known[x] == UNKNOWN:
                    trial._set(x, MINE)
            for x in safes:
                if trial.known[x] == MINE:
                    return 0
                if trial.known[x] == UNKNOWN:
                    trial._set(x, SAFE)
            if trial.mines_found > trial.mines:
                return 0
            return trial.analyse().total
        except Contradiction:
            return 0

    # -- 4. the endgame: every layout, every line of play ------------------------------------------
    def layouts(self, limit: int) -> tuple[list[int], list[int]] | None:
        """Every mine layout of the unknown cells that fits what is shown, if there are at most ``limit``.

        Returns ``(cells, layouts)``: the unknown cells in a fixed order, and each layout as a bit mask
        over positions in that list (bit t set: ``cells[t]`` holds a mine); None when there are more.

        >>> s = Solver(1, 3, 1)
        >>> s.reveal(1 * 5 + 2, 1)
        >>> cells, found = s.layouts(10)
        >>> [divmod(c, 5) for c in cells], sorted(found)
        ([(1, 1), (1, 3)], [1, 2])
        """
        known = self.known
        cons = self.constraints()
        left = self.mines - self.mines_found
        # frontier cells in the order numbers meet them, then the cells no number sees
        order: list[int] = []
        placed: dict[int, int] = {}
        for _, mask, _ in cons:
            for j in _bits(mask):
                if j not in placed:
                    placed[j] = len(order)
                    order.append(j)
        n_front = len(order)
        outside = [j for j in self.cells if known[j] == UNKNOWN and j not in placed]
        cells = order + outside
        n_out = len(outside)
        # per frontier cell: the constraints it is in; per constraint: mines still needed, cells unset
        watch: list[list[int]] = [[] for _ in range(n_front)]
        need = [n for _, _, n in cons]
        unset = [0] * len(cons)
        for k, (_, mask, _) in enumerate(cons):
            for j in _bits(mask):
                watch[placed[j]].append(k)
                unset[k] += 1
        found: list[int] = []
        outside_sets = {m: [sum(1 << (n_front + t) for t in chosen) for chosen in combinations(range(n_out), m)]
                        for m in range(max(0, left - n_front), min(left, n_out) + 1)
                        if comb(n_out, m) <= limit}

        def walk(t: int, layout: int, mines: int) -> bool:
            if t == n_front:
                rest = left - mines
                if 0 <= rest <= n_out:
                    if rest not in outside_sets:
                        return False
                    for extra in outside_sets[rest]:
                        found.append(layout | extra)
                    return len(found) <= limit
                return True
            ks = watch[t]
            for mine in (0, 1):
                if mine and mines >= left:
                    continue
                ok = True
                for k in ks:
                    unset[k] -= 1
                    need[k] -= mine
                    if need[k] < 0 or need[k] > unset[k]:
                        ok = False
                if ok and not walk(t + 1, layout | (mine << t), mines + mine):
                    ok = None  # type: ignore[assignment]
                for k in ks:
                    unset[k] += 1
                    need[k] += mine
                if ok is None:
                    return False
            return True

        if not walk(0, 0, 0) or len(found) > limit:
            return None
        return cells, found

    def endgame(self, limit: int = 0, budget: int = 0) -> tuple[int, float] | None:
        """The best cell to open and the exact chance of winning from here, by trying every line of play
        over every layout that fits; None if more than ``limit`` layouts remain or the search would
        examine more than ``budget`` positions (defaults: :data:`ENDGAME_LAYOUTS`, :data:`ENDGAME_BUDGET`).

        >>> s = Solver(2, 2, 1)      # the top row shows 1 1: a mine under one of them, a coin toss
        >>> s.reveal(5, 1); s.reveal(6, 1)
        >>> s.endgame()
        (9, 0.5)
        """
        found = self.layouts(limit or ENDGAME_LAYOUTS)
        if found is None:
            return None
        cells, layouts = found
        search = _Endgame(self, cells, layouts, budget or ENDGAME_BUDGET)
        try:
            return search.best()
        except _OutOfBudget:
            return None

    def copy(self) -> Solver:
        """An independent copy (to try out a hypothetical number)."""
        other = object.__new__(Solver)
        other.__dict__.update(self.__dict__)
        other.number, other.known = self.number[:], self.known[:]
        other._pending, other._dirty, other._front = set(self._pending), set(self._dirty), set(self._front)
        return other


class _OutOfBudget(Exception):
    pass


class _Endgame:
    """Exhaustive play over an explicit list of layouts (see :meth:`Solver.endgame`).

    A set of layouts still possible is a bit mask over their indices. Opening a cell splits it by the
    number the cell shows (or loses, on the layouts where it is a mine); the chance of winning from a
    set is 1 for a single layout, and otherwise the best, over cells, of the average chance after
    opening. A cell safe in every layout of the set is opened for free first (it can only help).
    """

    def __init__(self, solver: Solver, cells: list[int], layouts: list[int], budget: int) -> None:
        self.cells = cells
        self.budget = budget
        self.memo: dict[int, float] = {}
        where = {c: t for t, c in enumerate(cells)}
        known, nbrs = solver.known, solver.nbrs
        self.mine: list[int] = []  # per cell: the layouts where it is a mine
        self.shows: list[list[int]] = []  # per cell: for each number it can show, the layouts
        for c in cells:
            base = sum(1 for k in nbrs[c] if known[k] == MINE)
            around = 0
            for k in nbrs[c]:
                t = where.get(k)
                if t is not None:
                    around |= 1 << t
            me = 1 << where[c]
            mine = 0
            by_value: dict[int, int] = {}
            for index, layout in enumerate(layouts):
                if layout & me:
                    mine |= 1 << index
                else:
                    v = base + (layout & around).bit_count()
                    by_value[v] = by_value.get(v, 0) | (1 << index)
            self.mine.append(mine)
            self.shows.append(list(by_value.values()))
        self.every = (1 << len(layouts)) - 1

    def best(self) -> tuple[int, float] | None:
        every = self.every
        n = every.bit_count()
        best_cell, best_value = -1, -1.0
        candidates = self._candidates(every)
        if not candidates:  # nothing is uncertain: any safe cell wins (None: nothing left to open)
            free = [t for t, mine in enumerate(self.mine) if not mine]
            return (self.cells[free[0]], 1.0) if free else None
        for t in candidates:
            safe = (every & ~self.mine[t]).bit_count()
            if safe / n <= best_value:
                break
            value = self._open(every, t, n, best_value)
            if value > best_value + 1e-12:
                best_cell, best_value = t, value
        return self.cells[best_cell], best_value

    def _candidates(self, layouts: int) -> list[int]:
        """Cells not yet settled in ``layouts``, safest first (a cell safe in all of them comes first)."""
        ranked = []
        for t, mine in enumerate(self.mine):
            hit = layouts & mine
            if hit == layouts:
                continue
            if not hit:
                # safe everywhere: worth opening only if what it shows still varies
                if sum(1 for part in self.shows[t] if part & layouts) > 1:
                    return [t]
                continue
            ranked.append((-(layouts & ~mine).bit_count(), t))
        ranked.sort()
        return [t for _, t in ranked]

    def _open(self, layouts: int, t: int, n: int, floor: float) -> float:
        """The chance of winning after opening cell ``t`` in ``layouts`` (n of them); stops early once it
        cannot beat ``floor``."""
        total = 0.0
        rest = (layouts & ~self.mine[t]).bit_count()
        for part in self.shows[t]:
            part &= layouts
            if not part:
                continue
            size = part.bit_count()
            rest -= size
            total += size * self._value(part)
            if (total + rest) / n <= floor:
                return total / n
        return total / n

    def _value(self, layouts: int) -> float:
        if not layouts & (layouts - 1):
            return 1.0
        found = self.memo.get(layouts)
        if found is not None:
            return found
        self.budget -= 1
        if self.budget < 0:
            raise _OutOfBudget
        n = layouts.bit_count()
        best = 0.0
        for t in self._candidates(layouts):
            if not layouts & self.mine[t]:
                best = self._open(layouts, t, n, -1.0)  # free: no choice to weigh
                break
            if (layouts & ~self.mine[t]).bit_count() / n <= best:
                break
            value = self._open(layouts, t, n, best)
            best = max(best, value)
        self.memo[layouts] = best
        return best


def _blended_safety(a: Analysis) -> float:
    """How safe the next move of a position will be: (4 × the safest hidden cell's chance of being safe +
    the second safest's) / 5 (1 when no hidden cell is left)."""
    low = sorted(a.frontier.values())[:2]
    if a.outside_cells:
        low = sorted(low + [a.outside] * min(2, len(a.outside_cells)))[:2]
    if not low:
        return 1.0
    first = 1 - low[0] / a.total
    second = 1 - low[1] / a.total if len(low) > 1 else first
    return (4 * first + second) / 5


def _bits(mask: int) -> Iterator[int]:
    """The set bit positions of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        mask ^= low
        yield low.bit_length() - 1


def _overlap(ma: int, na: int, mb: int, nb: int) -> tuple[int, int]:
    """Cells of ``b`` outside ``a`` proved safe / mines by ``a`` (``na`` mines in ``ma``) and ``b``.

    With x mines in the shared cells, ``max(0, na − |a only|) ≤ x ≤ min(|shared|, na)``, so the cells
    only ``b`` sees hold between ``nb − max`` and ``nb − min`` mines. When that range is 0 they are all
    safe; when it is their number, all mines. (A subset ``a ⊆ b`` is the case ``|a only| = 0``.)
    """
    shared = ma & mb
    if not shared:
        return 0, 0
    b_only = mb & ~ma
    if not b_only:
        return 0, 0
    a_only = ma & ~mb
    hi = min(shared.bit_count(), na)
    lo = max(0, na - a_only.bit_count())
    if nb - lo == 0:
        return b_only, 0
    if nb - hi == b_only.bit_count():
        return 0, b_only
    return 0, 0


_COMBS: dict[tuple[int, int], int] = {}


def _comb(n: int, k: int) -> int:
    if not 0 <= k <= n:
        return 0
    found = _COMBS.get((n, k))
    if found is None:
        found = _COMBS[(n, k)] = comb(n, k)
    return found


def _component(cons: tuple[tuple[int, int, int], ...]) -> tuple[list[list[int]], list[int], list[list[int]]]:
    """Enumerate one component given as ``(number cell, hidden mask, need)`` triples: its groups of cells
    (cells seen by the same numbers), and per mine count k the layouts and each group's mine tally."""
    seen_by: dict[int, list[int]] = {}
    for k, (_, mask, _) in enumerate(cons):
        while mask:
            low = mask & -mask
            mask ^= low
            seen_by.setdefault(low.bit_length() - 1, []).append(k)
    grouped: dict[tuple[int, ...], list[int]] = {}
    for j, ks in seen_by.items():
        grouped.setdefault(tuple(ks), []).append(j)
    comp = list(grouped.items())
    counts, tallies = _enumerate(comp, [need for _, _, need in cons])
    return [cells for _, cells in comp], counts, tallies


def _enumerate(comp: list[tuple[tuple[int, ...], list[int]]], needs: list[int]) -> tuple[list[int], list[list[int]]]:
    """Count the mine layouts of one component: ``counts[k]`` layouts with k mines, ``tallies[k][g]`` mines of group g.

    Groups are taken in an order where each next group shares numbers with earlier ones (a walk
    along the frontier), so a number is checked as soon as its last group is set and dead ends are
    cut early. Every group of s cells holding m mines counts ``C(s, m)`` times.
    """
    # Order: breadth-first through shared numbers, so numbers close quickly.
    by_con: dict[int, list[int]] = {}
    for g, (key, _) in enumerate(comp):
        for k in key:
            by_con.setdefault(k, []).append(g)
    order: list[int] = []
    seen = [False] * len(comp)
    for start in range(len(comp)):
        if seen[start]:
            continue
        seen[start] = True
        queue = [start]
        while queue:
            g = queue.pop(0)
            order.append(g)
            for k in comp[g][0]:
                for h in by_con[k]:
                    if not seen[h]:
                        seen[h] = True
                        queue.append(h)
    sizes = [len(comp[g][1]) for g in order]
    keys = [comp[g][0] for g in order]
    rem = {k: needs[k] for k in by_con}
    # cells of each number still unassigned
    left = {k: sum(len(comp[g][1]) for g in gs) for k, gs in by_con.items()}
    total_cells = sum(sizes)
    counts = [0] * (total_cells + 1)
    tallies = [[0] * len(comp) for _ in range(total_cells + 1)]
    chosen = [0] * len(order)
    n = len(order)
    binoms = [[comb(s, m) for m in range(s + 1)] for s in sizes]

    def walk(t: int, mines: int, weight: int) -> None:
        if t == n:
            counts[mines] += weight
            row = tallies[mines]
            for u in range(n):
                if chosen[u]:
                    row[order[u]] += weight * chosen[u]
            return
        s, key = sizes[t], keys[t]
        # how many of this group's cells can be mines: no number may go over or fall short
        hi = s
        lo = 0
        for k in key:
            r = rem[k]
            hi = min(hi, r)
            short = r - (left[k] - s)
            lo = max(lo, short)
        if lo > hi:
            return
        for k in key:
            left[k] -= s
        for m in range(lo, hi + 1):
            for k in key:
                rem[k] -= m
            chosen[t] = m
            walk(t + 1, mines + m, weight * binoms[t][m])
            for k in key:
                rem[k] += m
        chosen[t] = 0
        for k in key:
            left[k] += s

    walk(0, 0, 1)
    while len(counts) > 1 and counts[-1] == 0:
        counts.pop()
        tallies.pop()
    return counts, tallies


def _product(polys: list[list[int]]) -> list[int]:
    """The product of polynomials given as coefficient lists (convolution)."""
    out = [1]
    for p in polys:
        new = [0] * (len(out) + len(p) - 1)
        for i, a in enumerate(out):
            if a:
                for j, b in enumerate(p):
                    if b:
                        new[i + j] += a * b
        out = new
    return out


def play_out(vm: VMap, solver: Solver | None = None) -> bool:
    """Let the solver finish the game on ``vm`` (already past its first click); True if it is cleared.

    Certain cells are opened first, all of them, then deduction runs again; only when nothing is
    certain does the solver guess the safest cell.

    >>> import random
    >>> vm = VMap(9, 9, 10)
    >>> vm.first(1, 1, random.Random(3))
    0
    >>> play_out(vm)
    True
    """
    solver = solver or Solver.for_map(vm)
    width = vm.width
    while vm.show() == 0:
        if not solver.safe_known() and not solver.deduce():
            cell = solver.best_guess()
            if vm.open(*divmod(cell, width)) != 0:
                break
            solver.observe(vm)
            continue
        for cell in solver.safe_known():
            vm.open(*divmod(cell, width))
        solver.observe(vm)
    return vm.show() == 1
