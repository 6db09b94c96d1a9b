"""Computer opponents for Othello, from a random mover to an alpha-beta search, and ways to compare them.

Every player is a :class:`Player`: ``choose(game)`` returns the action text it would play (``"f5"``,
or ``"pass"`` when that is the only action). Randomness comes from a seed or a ``random.Random``, so a
game between two seeded players replays exactly. :class:`AlphaBetaPlayer` searches with negamax and
alpha-beta pruning, deepening one ply at a time (iterative deepening) until a time limit or a node limit
runs out; tests and lessons use the node limit because it gives the same move on any machine.

>>> from gamelab.othello import Othello
>>> AlphaBetaPlayer(node_limit=2000, seed=1).choose(Othello.new()) in {"d3", "c4", "f5", "e6"}
True
>>> print(tournament(GreedyPlayer(seed=1), RandomPlayer(seed=2), games=4, seed=0).table())  # doctest: +ELLIPSIS
player        games  wins  draws  losses  win %  avg discs
...
"""

from __future__ import annotations

import random
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Callable, Iterable

from ..work import checkpoint
from .bitboard import flips_of_bit, legal_moves, square_name, squares
from .game import PASS, Othello
from .tutorial import BLACK

__all__ = [
    "WEIGHTS",
    "Player",
    "RandomPlayer",
    "GreedyPlayer",
    "PositionalPlayer",
    "AlphaBetaPlayer",
    "SearchResult",
    "search",
    "evaluate",
    "LEVELS",
    "player_for_level",
    "play_game",
    "tournament",
    "TournamentResult",
    "evaluation_trace",
]

#: A classic square-value table: corners are worth most; the squares next to a corner give it away.
WEIGHTS: tuple[int, ...] = (
    100, -20, 10, 5, 5, 10, -20, 100,
    -20, -50, -2, -2, -2, -2, -50, -20,
    10, -2, 1, 1, 1, 1, -2, 10,
    5, -2, 1, 0, 0, 1, -2, 5,
    5, -2, 1, 0, 0, 1, -2, 5,
    10, -2, 1, 1, 1, 1, -2, 10,
    -20, -50, -2, -2, -2, -2, -50, -20,
    100, -20, 10, 5, 5, 10, -20, 100,
)  # fmt: skip

# Sum of WEIGHTS over a row's stones, for each row and each of its 256 patterns: 16 lookups score a board.
_ROW_VALUES: tuple[tuple[int, tuple[int, ...]], ...] = tuple(
    (8 * row, tuple(sum(WEIGHTS[8 * row + c] for c in range(8) if pattern >> c & 1) for pattern in range(256)))
    for row in range(8)
)
# Squares grouped by value, best first: trying good squares first lets alpha-beta cut off sooner.
_ORDER_MASKS: tuple[int, ...] = tuple(
    sum(1 << s for s in range(64) if WEIGHTS[s] == value) for value in sorted(set(WEIGHTS), reverse=True)
)

#: Scores of finished games dwarf any heuristic score; the disc margin is added to prefer bigger wins.
WIN = 10_000
MOBILITY = 8


def positional_score(player: int, opponent: int) -> int:
    """The positional weights of ``player``'s discs less ``opponent``'s (bitboards), row by row from tables."""
    total = 0
    for shift, values in _ROW_VALUES:
        total += values[(player >> shift) & 255] - values[(opponent >> shift) & 255]
    return total


def final_score(player: int, opponent: int) -> int:
    """A finished game's score for ``player``: the disc margin, plus or minus :data:`WIN` for a win or a loss."""
    margin = player.bit_count() - opponent.bit_count()
    return margin + (WIN if margin > 0 else -WIN if margin < 0 else 0)


def evaluate(game: Othello) -> int:
    """The search's static score of a position for the side to move (positional weights + mobility).

    A finished game scores ``±10000`` plus the disc margin.

    >>> evaluate(Othello.new())
    0
    """
    player, opponent = game.sides()
    if game.is_over:
        return final_score(player, opponent)
    mobility = legal_moves(player, opponent).bit_count() - legal_moves(opponent, player).bit_count()
    return positional_score(player, opponent) + MOBILITY * mobility


def _rng(seed: int | random.Random | None) -> random.Random:
    return seed if isinstance(seed, random.Random) else random.Random(seed)


# -- simple players ------------------------------------------------------------------------------------
class Player(ABC):
    """Something that picks a move: ``choose(game)`` returns an action text legal in ``game``."""

    name: str = "player"

    @abstractmethod
    def choose(self, game: Othello) -> str:
        """The action to play in ``game`` (never called on a finished game)."""

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class _OneStepPlayer(Player):
    """Scores each legal move with ``score`` and plays a best one, breaking ties at random."""

    def __init__(self, seed: int | random.Random | None = None) -> None:
        self.rng = _rng(seed)

    def score(self, game: Othello, square: int, flipped: int) -> float:
        raise NotImplementedError

    def choose(self, game: Othello) -> str:
        if game.is_over:
            raise ValueError("the game is over: there is no move to choose")
        player, opponent = game.sides()
        moves = list(squares(legal_moves(player, opponent)))
        if not moves:
            return PASS
        scored = [(self.score(game, s, flips_of_bit(player, opponent, 1 << s)), s) for s in moves]
        best = max(value for value, _ in scored)
        return square_name(self.rng.choice([s for value, s in scored if value == best]))


class RandomPlayer(_OneStepPlayer):
    """Plays any legal move, uniformly at random.

    >>> RandomPlayer(seed=3).choose(Othello.new()) in {"d3", "c4", "f5", "e6"}
    True
    """

    name = "random"

    def score(self, game: Othello, square: int, flipped: int) -> float:
        return 0


class GreedyPlayer(_OneStepPlayer):
    """Plays a move that turns over the most stones right now (ties at random).

    >>> GreedyPlayer(seed=0).choose(Othello.from_transcript("f5d6c3d3c4f4")) in {"c5", "e6", "d7"}  # 2 flips each
    True
    """

    name = "greedy"

    def score(self, game: Othello, square: int, flipped: int) -> float:
        return flipped.bit_count()


class PositionalPlayer(_OneStepPlayer):
    """Plays the move that leaves the best position by the square-value table :data:`WEIGHTS` (one ply).

    >>> PositionalPlayer(seed=0).choose(Othello.new(board="." * 27 + "OX" + "." * 35))
    'c4'
    """

    name = "positional"

    def score(self, game: Othello, square: int, flipped: int) -> float:
        player, opponent = game.sides()
        bit = 1 << square
        return positional_score(player | flipped | bit, opponent ^ flipped)


# -- alpha-beta ---------------------------------------------------------------------------------------
class _OutOfBudget(Exception):
    """Raised inside the search when the node or time budget is spent."""


@dataclass
class SearchResult:
    """What a search found: the move, its score for the mover, the depth completed, and the effort."""

    move: str
    score: int
    depth: int
    nodes: int
    seconds: float
    solved: bool = False  # True when the search saw every line to the end of the game
    scores: dict[str, int] = field(default_factory=dict)  # root moves' scores at the last depth (bounds)


class _Search:
    """One search: counters, limits and the best-move memory used to order moves."""

    def __init__(self, node_limit: int | None, deadline: float | None) -> None:
        self.nodes = 0
        self.node_limit = node_limit if node_limit is not None else 1 << 62
        self.deadline = deadline
        self.best: dict[tuple[int, int], int] = {}  # (player, opponent) -> best move bit seen

    def ordered(self, player: int, opponent: int, moves: int) -> list[int]:
        first = self.best.get((player, opponent), 0) & moves
        out = [first] if first else []
        rest = moves ^ first
        for mask in _ORDER_MASKS:
            group = rest & mask
            while group:
                bit = group & -group
                out.append(bit)
                group ^= bit
        return out

    def negamax(self, player: int, opponent: int, depth: int, alpha: int, beta: int) -> int:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _OutOfBudget
        if not self.nodes & 1023:
            checkpoint()  # Stop, when the search runs as a board's long work (elsewhere: nothing)
            if self.deadline is not None and time.perf_counter() > self.deadline:
                raise _OutOfBudget
        moves = legal_moves(player, opponent)
        if not moves:
            replies = legal_moves(opponent, player)
            if not replies:
                return final_score(player, opponent)
            # A pass is forced, so it does not use up depth (the opponent's reply still gets searched).
            return -self.negamax(opponent, player, depth, -beta, -alpha)
        if depth <= 0:
            mobility = moves.bit_count() - legal_moves(opponent, player).bit_count()
            return positional_score(player, opponent) + MOBILITY * mobility
        best = -WIN - 100
        best_bit = 0
        for bit in self.ordered(player, opponent, moves):
            flipped = flips_of_bit(player, opponent, bit)
            score = -self.negamax(opponent ^ flipped, player | flipped | bit, depth - 1, -beta, -alpha)
            if score > best:
                best, best_bit = score, bit
                if score > alpha:
                    alpha = score
                    if alpha >= beta:
                        break
        self.best[(player, opponent)] = best_bit
        return best


def search(
    game: Othello,
    *,
    max_depth: int = 60,
    time_limit: float | None = None,
    node_limit: int | None = None,
    rng: random.Random | None = None,
) -> SearchResult:
    """Alpha-beta search with iterative deepening: depth 1, 2, … until a limit, keeping the last full answer.

    The best move of each depth is tried first at the next (move ordering), then squares by value.
    ``rng`` shuffles the root moves first, so equally good moves are picked at random but reproducibly.

    >>> result = search(Othello.new(), max_depth=3)
    >>> result.depth, result.move in {"d3", "c4", "f5", "e6"}
    (3, True)
    """
    if game.is_over:
        raise ValueError("the game is over: there is nothing to search")
    start = time.perf_counter()
    player, opponent = game.sides()
    moves = legal_moves(player, opponent)
    if not moves:
        return SearchResult(PASS, 0, 0, 0, 0.0)
    state = _Search(node_limit, start + time_limit if time_limit is not None else None)
    root = list(squares(moves))
    if rng is not None:
        rng.shuffle(root)
    root_bits = [1 << s for s in root]
    empties = 64 - (player | opponent).bit_count()
    result = SearchResult(square_name(root[0]), 0, 0, 0, 0.0)
    # region deepening
    for depth in range(1, max_depth + 1):
        try:
            alpha, best_bit, scores = -WIN - 100, root_bits[0], {}
            for bit in root_bits:
                flipped = flips_of_bit(player, opponent, bit)
                score = -state.negamax(opponent ^ flipped, player | flipped | bit, depth - 1, -WIN - 100, -alpha)
                scores[square_name(bit.bit_length() - 1)] = score
                if score > alpha:
                    alpha, best_bit = score, bit
        except _OutOfBudget:
            break
        # The next depth starts with this depth's best move.
        root_bits.remove(best_bit)
        root_bits.insert(0, best_bit)
        solved = depth >= empties
        result = SearchResult(square_name(best_bit.bit_length() - 1), alpha, depth, 0, 0.0, solved, scores)
        if solved or (state.deadline is not None and time.perf_counter() > state.deadline):
            break
    # endregion
    result.nodes = state.nodes
    result.seconds = time.perf_counter() - start
    return result


class AlphaBetaPlayer(Player):
    """Searches with :func:`search`; give a ``node_limit`` (repeatable), a ``time_limit`` in seconds, or both.

    >>> player = AlphaBetaPlayer(node_limit=500, seed=0)
    >>> player.choose(Othello.new()) in {"d3", "c4", "f5", "e6"}, player.last.depth >= 2
    (True, True)
    """

    def __init__(
        self,
        *,
        max_depth: int = 60,
        time_limit: float | None = None,
        node_limit: int | None = None,
        seed: int | random.Random | None = None,
        name: str | None = None,
    ) -> None:
        if time_limit is None and node_limit is None and max_depth >= 60:
            raise ValueError("give AlphaBetaPlayer a node_limit, a time_limit or a max_depth, or it searches forever")
        self.max_depth = max_depth
        self.time_limit = time_limit
        self.node_limit = node_limit
        self.rng = _rng(seed)
        self.last: SearchResult | None = None
        if name is None:
            parts = [f"{node_limit} nodes" if node_limit else "", f"{time_limit:g} s" if time_limit else "",
                     f"depth {max_depth}" if max_depth < 60 else ""]
            name = "alpha-beta " + ", ".join(p for p in parts if p)
        self.name = name

    def choose(self, game: Othello) -> str:
        self.last = search(game, max_depth=self.max_depth, time_limit=self.time_limit,
                           node_limit=self.node_limit, rng=self.rng)
        return self.last.move


#: Strength levels for the play board: level -> (description, maker from a seed).
LEVELS: dict[int, tuple[str, Callable[[int | random.Random | None], Player]]] = {
    1: ("random moves", lambda seed: RandomPlayer(seed)),
    2: ("greedy: most flips now", lambda seed: GreedyPlayer(seed)),
    3: ("positional: best square values", lambda seed: PositionalPlayer(seed)),
    4: ("alpha-beta, 1,000 nodes", lambda seed: AlphaBetaPlayer(node_limit=1_000, seed=seed, name="level 4")),
    5: ("alpha-beta, 10,000 nodes", lambda seed: AlphaBetaPlayer(node_limit=10_000, seed=seed, name="level 5")),
    6: ("alpha-beta, 1 second", lambda seed: AlphaBetaPlayer(time_limit=1.0, seed=seed, name="level 6")),
}


def player_for_level(level: int, seed: int | random.Random | None = None) -> Player:
    """The computer player of strength ``level`` (1 weakest … 6 strongest, see :data:`LEVELS`).

    >>> player_for_level(2).name
    'greedy'
    """
    if level not in LEVELS:
        raise ValueError(f"level {level!r} does not exist: choose 1 to {max(LEVELS)}")
    return LEVELS[level][1](seed)


# -- comparing players ---------------------------------------------------------------------------------
def play_game(black: Player, white: Player, start: Othello | None = None) -> Othello:
    """Play one whole game between two players and return the final position.

    >>> play_game(GreedyPlayer(seed=1), RandomPlayer(seed=1)).is_over
    True
    """
    game = (start or Othello.new()).copy()
    while not game.is_over:
        game.play((black if game.to_move == BLACK else white).choose(game))
    return game


@dataclass
class TournamentResult:
    """Results of a match between two players: one dict per player, and every game's final score."""

    names: tuple[str, str]
    results: list[tuple[str, int, int]]  # (color of the first player, black discs, white discs)

    def row(self, which: int) -> dict[str, float | int | str]:
        """The table row of player 0 or 1: games, wins, draws, losses, win %, average disc margin."""
        wins = draws = losses = margin = 0
        for color_of_first, black, white in self.results:
            mine, theirs = (black, white) if (color_of_first == BLACK) == (which == 0) else (white, black)
            wins += mine > theirs
            draws += mine == theirs
            losses += mine < theirs
            margin += mine - theirs
        games = len(self.results)
        return {
            "player": self.names[which],
            "games": games,
            "wins": wins,
            "draws": draws,
            "losses": losses,
            "win %": round(100 * (wins + draws / 2) / games, 1) if games else 0.0,
            "avg discs": round(margin / games, 1) if games else 0.0,
        }

    def rows(self) -> list[dict[str, float | int | str]]:
        return [self.row(0), self.row(1)]

    def table(self) -> str:
        """A plain-text table, one line per player (draws count half in ``win %``)."""
        width = max(12, *(len(name) for name in self.names))
        lines = [f"{'player':<{width}}  games  wins  draws  losses  win %  avg discs"]
        for r in self.rows():
            lines.append(
                f"{r['player']:<{width}}  {r['games']:>5}  {r['wins']:>4}  {r['draws']:>5}  {r['losses']:>6}"
                f"  {r['win %']:>5}  {r['avg discs']:>+9}"
            )
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.table()

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{key}</th>" for key in self.row(0))
        body = "".join("<tr>" + "".join(f"<td>{value}</td>" for value in r.values()) + "</tr>" for r in self.rows())
        return f"<table><tr>{head}</tr>{body}</table>"


def tournament(first: Player, second: Player, games: int = 100, seed: int = 0,
               random_opening: int = 2) -> TournamentResult:
    """Play ``games`` games, ``first`` taking black in the even-numbered ones and white in the others.

    Each game starts with ``random_opening`` random plies (from ``seed``), so deterministic players do not
    repeat one game over and over; the same opening is played twice, once with each color.
    """
    if games < 1:
        raise ValueError(f"a tournament needs at least one game, not {games}")
    rng = random.Random(seed)
    results: list[tuple[str, int, int]] = []
    opening = Othello.new()
    for number in range(games):
        if number % 2 == 0:
            opening = Othello.new()
            for _ in range(random_opening):
                if not opening.is_over:
                    opening.play(rng.choice(opening.legal_actions()))
        black, white = (first, second) if number % 2 == 0 else (second, first)
        final = play_game(black, white, opening)
        results.append((BLACK if number % 2 == 0 else "white", *final.score()))
    return TournamentResult((first.name, second.name), results)


def evaluation_trace(actions: Iterable[str] | str, node_limit: int = 2_000) -> list[int]:
    """The search's score of every position of a game, from black's point of view (for a plot).

    ``actions`` is a transcript or a list of actions from the start; the list has one score per position,
    the start included. Finished positions score the final disc margin ±10000, clipped here to the margin
    ×100 so a plot stays readable.

    >>> len(evaluation_trace("f5d6c3", node_limit=200))
    4
    """
    from .game import parse_transcript

    moves = parse_transcript(actions) if isinstance(actions, str) else list(actions)
    game = Othello.new()
    trace = [_black_view(game, node_limit)]
    for action in moves:
        if action != PASS and game.must_pass:
            game.play(PASS)
            trace.append(_black_view(game, node_limit))
        game.play(action)
        trace.append(_black_view(game, node_limit))
    return trace


def _black_view(game: Othello, node_limit: int) -> int:
    if game.is_over:
        black, white = game.score()
        return 100 * (black - white)
    if game.must_pass:
        copy = game.copy()
        copy.play(PASS)
        return _black_view(copy, node_limit)
    score = search(game, node_limit=node_limit).score
    if abs(score) >= WIN:
        score = 100 * (score - WIN if score > 0 else score + WIN)
    return score if game.to_move == BLACK else -score
