"""Othello (リバーシ): the tutorial's engine, a bitboard engine, a playable game and AI opponents.

* :mod:`gamelab.othello.tutorial` – the engine of "jQueryでオセロをつくる Part.2", STEP 7–11, as the lesson shows it
* :mod:`gamelab.othello.bitboard` – the same rules on 64-bit ints, fast enough for search; :func:`perft`
* :class:`Othello` – the game behind text actions (``f5``, ``pass``), transcripts, undo through ``Record``
* :mod:`gamelab.othello.ai` – random, greedy, positional and alpha-beta players; tournaments

>>> game = Othello.from_transcript("f5d6c3")
>>> game.to_move
'white'
"""

from __future__ import annotations

from . import ai, bitboard, tutorial
from .ai import (AlphaBetaPlayer, GreedyPlayer, Player, PositionalPlayer, RandomPlayer, evaluation_trace,
                 player_for_level, search, tournament)
from .bitboard import parse_square, perft, square_name
from .game import PASS, Othello, TutorialOthello, parse_transcript
from .picture import OthelloPicture, board_picture
from .tutorial import BLACK, WHITE, TutorialGame

__all__ = [
    "Othello",
    "TutorialOthello",
    "OthelloPicture",
    "OthelloBoard",
    "board_picture",
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


def __getattr__(name: str) -> object:
    # The play board pulls in ipywidgets/ipycanvas: load it only when asked, so the engine stays light.
    if name == "OthelloBoard":
        from .widget import OthelloBoard

        return OthelloBoard
    raise AttributeError(f"module 'gamelab.othello' has no attribute {name!r}")
