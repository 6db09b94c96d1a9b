"""Othello (リバーシ): the tutorial's engine, a bitboard engine, a playable game and AI opponents.

* :mod:`gamelab.othello.tutorial` – the engine of "jQueryでオセロをつくる Part.2", STEP 7–11, as the lesson shows it
* :mod:`gamelab.othello.bitboard` – the same rules on 64-bit ints, fast enough for search; :func:`perft`
* :class:`Othello` – the game behind text actions (``f5``, ``pass``), transcripts, undo through ``Record``
* :mod:`gamelab.othello.ai` – random, greedy, positional and alpha-beta players; tournaments
* :class:`OthelloPicture` – how a position looks (``OthelloPicture().image(game, OthelloUI(hints=True))``)
* :mod:`gamelab.othello.controls` – what a click on a :class:`Square` or a key means on the play board
* :class:`OthelloBoard` – the play board

>>> game = Othello.from_transcript("f5d6c3")
>>> game.to_move
'white'
"""

from __future__ import annotations

from ..lazy import lazy_exports
from . import ai, bitboard, tutorial
from .ai import (
                 AlphaBetaPlayer,
                 GreedyPlayer,
                 Player,
                 PositionalPlayer,
                 RandomPlayer,
                 evaluation_trace,
                 player_for_level,
                 search,
                 tournament,
)
from .bitboard import parse_square, perft, square_name
from .controls import MODES
from .game import PASS, Othello, TutorialOthello, parse_transcript
from .picture import OthelloPicture, OthelloUI, Square
from .tutorial import BLACK, WHITE, TutorialGame

__all__ = [
    "Othello",
    "TutorialOthello",
    "OthelloPicture",
    "OthelloUI",
    "Square",
    "MODES",
    "OthelloBoard",
    "Player",
    "RandomPlayer",
    "GreedyPlayer",
    "PositionalPlayer",
    "AlphaBetaPlayer",
    "player_for_level",
    "search",
    "tournament",
    "evaluation_trace",
    "ai",
    "PASS",
    "BLACK",
    "WHITE",
    "TutorialGame",
    "parse_transcript",
    "perft",
    "square_name",
    "parse_square",
    "bitboard",
    "tutorial",
]


__getattr__ = lazy_exports(__name__, {"OthelloBoard": ".widget"})
