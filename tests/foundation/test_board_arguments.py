"""Every board argument, and every game's ``new()``, answers a wrong value with a ``ValueError`` that names
it: never a ``TypeError`` from deep inside, a ``TraitError`` from a widget, or an ``AttributeError`` later."""

from __future__ import annotations

import inspect

import pytest

from gamelab.demo.widget import LightsOutBoard
from gamelab.game import game_class, registered_games
from gamelab.klondike.widget import KlondikeBoard
from gamelab.minesweeper.widget import MinesweeperBoard
from gamelab.othello.widget import OthelloBoard
from gamelab.riichi.table.widget import RiichiBoard
from gamelab.shanghai.widget import ShanghaiBoard
from gamelab.widgets.board import PlayBoard

ABSURD = [[], {}, object(), -1, 10**12, "x", 1.5, True, None, float("nan")]
BOARDS = [LightsOutBoard, OthelloBoard, MinesweeperBoard, KlondikeBoard, ShanghaiBoard, RiichiBoard]
#: what a test board needs besides the argument tried (a Shanghai board would otherwise open the real ranking)
BASE = {ShanghaiBoard: {"ranking": None}}
SHARED = [p for p in inspect.signature(PlayBoard.__init__).parameters if p not in ("self", "spec", "unknown")]


def arguments(board) -> list[str]:
    """A board's own arguments (a game's board is a function that makes ``PlayBoard(spec)``), then the shared ones."""
    own = [name for name, p in inspect.signature(board).parameters.items()
           if p.kind not in (p.VAR_KEYWORD, p.VAR_POSITIONAL)]
    return own + [name for name in SHARED if name not in own]


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.__name__)
def test_every_board_argument_takes_a_value_or_says_why_not(board, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a text taken as a path (Shanghai's ranking="x") makes its file here
    assert len(arguments(board)) > len(SHARED) or board is LightsOutBoard, "the board's own arguments were not found"
    wrong = []
    for name in arguments(board):
        for value in ABSURD:
            try:
                made = board(**{**BASE.get(board, {}), name: value})
            except ValueError as exc:
                if name not in str(exc):
                    wrong.append(f"{name}={value!r:.20}: a ValueError that does not name {name}: {exc}")
            except Exception as exc:  # noqa: BLE001 - what is being tested
                wrong.append(f"{name}={value!r:.20}: {type(exc).__name__}: {exc}")
            else:
                made.close()
    assert not wrong, "\n".join(wrong[:20])


@pytest.mark.parametrize("board", BOARDS, ids=lambda b: b.__name__)
def test_an_argument_a_board_does_not_have_is_named_with_the_ones_it_has(board):
    with pytest.raises(ValueError, match=f"{board.__name__} has no argument 'bogus': its arguments are .*volume"):
        board(**BASE.get(board, {}), bogus=1)


@pytest.mark.parametrize("name", registered_games())
def test_every_games_new_refuses_a_setting_it_does_not_have_in_words(name):
    with pytest.raises(ValueError, match="bogus"):
        game_class(name).new(bogus=1)
