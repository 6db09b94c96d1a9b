"""What clicks and keys mean on the Othello board, without a widget: assertions on the Response."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gamelab.controls import Response
from gamelab.othello import Othello
from gamelab.othello.controls import MODES, click, computer_moves, key
from gamelab.othello.picture import OthelloUI, Square

from .test_tutorial import GAME_WITH_PASS

F5 = Square(37)
MUST_PASS = Othello.from_transcript(GAME_WITH_PASS)  # black has no move: the board passes for black
FINISHED = Othello.from_transcript(GAME_WITH_PASS + "b1a1")


def test_a_square_plays_its_name_when_a_person_is_to_move() -> None:
    ui = OthelloUI(hints=True)
    assert click(Othello.new(), ui, F5, mode="two-players", computer="white") == Response(action="f5")
    assert click(Othello.new(), ui, Square(0), mode="vs-computer", computer="white") == Response(action="a1")
    # legality is the engine's to decide: an illegal square is still asked for, and refused there
    assert click(Othello.new(), ui, Square(27), mode="two-players", computer="white") == Response(action="d4")


def test_outside_the_squares_nothing_happens() -> None:
    for target in (None, ("square", 37), 37, "f5"):
        assert click(Othello.new(), OthelloUI(), target, mode="two-players", computer="white") is None


def test_the_computers_turn_is_refused_with_a_reason() -> None:
    waiting = click(Othello.new(), OthelloUI(), F5, mode="vs-computer", computer="black")
    assert waiting == Response(message="Please wait: it is the computer's turn.", error=True)
    step = click(Othello.new(), OthelloUI(), F5, mode="computer-vs-computer", computer="white")
    assert step == Response(message="It is the computer's turn: press Step.", error=True)


def test_after_the_end_a_click_goes_to_the_engine() -> None:
    # the engine then says "the game is over", in every mode
    for mode in MODES:
        assert click(FINISHED, OthelloUI(), F5, mode=mode, computer="white") == Response(action="f5")


def test_computer_moves_only_on_its_own_turn() -> None:
    assert computer_moves(Othello.new(), "vs-computer", "black")
    assert not computer_moves(Othello.new(), "vs-computer", "white")
    assert not computer_moves(Othello.new(), "two-players", "black")
    assert not computer_moves(Othello.new(), "computer-vs-computer", "black")  # there Step decides
    assert MUST_PASS.to_move == "black" and MUST_PASS.must_pass
    assert not computer_moves(MUST_PASS, "vs-computer", "black")  # a forced pass is no choice
    assert not computer_moves(FINISHED, "vs-computer", FINISHED.to_move)


@pytest.mark.parametrize("pressed", ["h", "H"])
def test_h_toggles_the_hints_in_the_interface_state(pressed: str) -> None:
    ui = OthelloUI(hints=True, labels={3: "x"})
    hidden = key(Othello.new(), ui, pressed, mode="two-players")
    assert hidden == Response(ui=OthelloUI(hints=False, labels={3: "x"}))
    assert hidden is not None and hidden.ui is not None
    assert key(Othello.new(), hidden.ui, pressed, mode="vs-computer") == Response(ui=ui)


def test_s_steps_only_when_the_computer_plays_both_sides() -> None:
    assert key(Othello.new(), OthelloUI(), "s", mode="computer-vs-computer") == Response(command="step")
    assert key(Othello.new(), OthelloUI(), "S", mode="computer-vs-computer") == Response(command="step")
    for mode in ("two-players", "vs-computer"):  # against you, Step would play your own move
        assert key(Othello.new(), OthelloUI(), "s", mode=mode) is None


def test_other_keys_do_nothing() -> None:
    for pressed in ("x", "Enter", "ArrowUp", " "):
        assert key(Othello.new(), OthelloUI(), pressed, mode="vs-computer") is None


def test_controls_and_the_game_import_no_jupyter_and_no_lessons() -> None:
    code = ("import sys, gamelab.othello, gamelab.othello.controls, gamelab.othello.picture; "
            "print(sorted(m for m in sys.modules if m.startswith(('ipywidgets', 'ipycanvas', 'gamelab.lessons'))))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"
