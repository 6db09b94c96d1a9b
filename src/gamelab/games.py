"""The one list of gamelab's games: what the record registry imports, what the benches run, what the
architecture tests hold to the layering. A new game is one line here.

It names packages by text and imports nothing, so every layer may read it.

>>> [game.name for game in GAMES][:3]
['demo', 'othello', 'minesweeper']
>>> BENCHES["othello"]
'gamelab.othello.bench'
"""

from __future__ import annotations

from dataclasses import dataclass, field

__all__ = ["GameEntry", "GAMES", "BENCHES", "ON_REQUEST"]


@dataclass(frozen=True)
class GameEntry:
    """One game: its package (importing it registers its engines) and its benches, name -> module."""

    name: str
    package: str
    benches: dict[str, str] = field(default_factory=dict)


GAMES: tuple[GameEntry, ...] = (
    GameEntry("demo", "gamelab.demo"),
    GameEntry("othello", "gamelab.othello", {"othello": "gamelab.othello.bench"}),
    GameEntry("minesweeper", "gamelab.minesweeper", {"minesweeper": "gamelab.minesweeper.bench"}),
    GameEntry("klondike", "gamelab.klondike", {"klondike": "gamelab.klondike.bench"}),
    GameEntry("shanghai", "gamelab.shanghai", {"shanghai": "gamelab.shanghai.bench"}),
    GameEntry("riichi", "gamelab.riichi", {"shanten": "gamelab.riichi.bench_shanten",
                                             "riichi": "gamelab.riichi.bench",
                                             "riichi-peer": "gamelab.riichi.bench_peer",
                                             "riichi-speed": "gamelab.riichi.bench_speed"}),
    GameEntry("riichi.table", "gamelab.riichi.table"),
)

#: every bench, name -> module holding ``run(quick) -> list[Row]``: the shared ones and each game's
BENCHES: dict[str, str] = {
    "widgets": "gamelab.bench.widgets",
    **{name: module for game in GAMES for name, module in game.benches.items()},
    "grading": "gamelab.grading.bench",
    "browser": "gamelab.bench.browser",
}
#: benches that run only when named (they need a browser and take minutes)
ON_REQUEST = frozenset({"browser"})
