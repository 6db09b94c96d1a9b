"""The board's controls without a widget: what each click and key answers (a Response, or None)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from gamelab.controls import Response
from gamelab.minesweeper import FLAG_MODE, OPEN_MODE, Cell, Face, Minesweeper, MinesweeperUI, ResultMessage, controls

UI = MinesweeperUI()
FLAGGING = MinesweeperUI(mode=FLAG_MODE)


def started(seed: int = 1) -> Minesweeper:
    game = Minesweeper.new("beginner", seed=seed)
    game.play("open 5 5")
    return game


def cells(game: Minesweeper, *, mine: bool) -> list[tuple[int, int]]:
    vm = game.vm
    return [vm.coords(i) for i in vm.cells if bool(vm.mine[i]) == mine and vm.state[i] == 0]


def test_the_first_click_opens_in_any_mode_and_clears_the_hint():
    game = Minesweeper.new("beginner", seed=1)
    ringed = MinesweeperUI(mode=FLAG_MODE, hint=Cell(2, 2))
    assert controls.click(game, ringed, Cell(5, 5)) == Response(action="open 5 5",
                                                                ui=MinesweeperUI(mode=FLAG_MODE))


def test_open_mode_opens_and_flag_mode_flags():
    game = started()
    row, col = cells(game, mine=True)[0]
    assert controls.click(game, UI, Cell(row, col)).action == f"open {row} {col}"
    assert controls.click(game, FLAGGING, Cell(row, col)).action == f"flag {row} {col}"
    assert controls.click(game, FLAGGING, Cell(5, 5)) is None           # an open cell takes no flag
    game.play(f"flag {row} {col}")
    assert controls.click(game, UI, Cell(row, col)) is None             # a flag protects its cell
    assert controls.click(game, FLAGGING, Cell(row, col)).action == f"flag {row} {col}"


def test_a_click_on_a_satisfied_number_chords():
    game = started(4)
    vm = game.vm
    i = next(i for i in vm.cells if vm.state[i] == 1 and vm.near[i] and any(vm.state[j] == 0 for j in vm.neighbours(i)))
    number = Cell(*vm.coords(i))
    assert controls.click(game, UI, number) is None                     # no flags around it yet
    for j in vm.neighbours(i):
        if vm.mine[j]:
            game.play("flag {} {}".format(*vm.coords(j)))
    assert controls.click(game, UI, number).action == "chord {} {}".format(*vm.coords(i))


def test_face_and_message_start_a_new_game_and_the_frame_does_nothing():
    game = started()
    game.play("open {} {}".format(*cells(game, mine=True)[0]))
    assert controls.click(game, UI, Cell(1, 1)) is None                 # over: cells no longer listen
    assert controls.click(game, UI, Face()) == Response(command="new")
    assert controls.click(game, UI, ResultMessage()) == Response(command="new")
    assert controls.click(game, UI, None) is None
    assert controls.click(game, UI, ("cell", 1, 1)) is None             # the old tuple targets are gone


def test_f_switches_mode_only_between_the_first_click_and_game_over():
    fresh = Minesweeper.new("beginner", seed=1)
    assert controls.key(fresh, UI, "f") is None
    game = started()
    assert controls.key(game, UI, "f") == Response(ui=FLAGGING)
    assert controls.key(game, FLAGGING, "F") == Response(ui=UI)
    game.play("open {} {}".format(*cells(game, mine=True)[0]))
    assert controls.key(game, FLAGGING, "f") is None


def test_h_and_p_press_their_buttons_and_other_keys_mean_nothing():
    game = started()
    assert controls.key(game, UI, "h") == Response(command="hint")
    assert controls.key(game, UI, "P") == Response(command="chances")
    assert controls.key(game, UI, "x") is None
    assert controls.key(game, UI, "ArrowUp") is None


def test_pick_mode():
    game = started()
    assert controls.pick_mode(game, UI, FLAG_MODE) == Response(ui=FLAGGING)
    assert controls.pick_mode(game, FLAGGING, OPEN_MODE) == Response(ui=UI)
    assert controls.pick_mode(Minesweeper.new("beginner"), UI, FLAG_MODE) is None
    with pytest.raises(ValueError, match="unknown mode 'dig'"):
        controls.pick_mode(game, UI, "dig")


def test_hint_rings_a_certain_cell_or_the_best_guess():
    assert controls.hint(Minesweeper.new("beginner"), UI) == Response(message="Any cell is safe for the first click.")
    game = Minesweeper.new("beginner", seed=7)
    game.play("open 5 5")
    found = game.hint()
    answer = controls.hint(game, UI)
    assert answer == Response(ui=MinesweeperUI(hint=Cell(found.row, found.col)),
                              message=f"Hint: ({found.row}, {found.col}) is safe for certain.")
    guess = Minesweeper.new("beginner", seed=1)
    guess.play("open 1 1")
    found = guess.hint()
    assert not found.certain
    assert controls.hint(guess, UI).message == (
        f"Hint: nothing is certain; ({found.row}, {found.col}) is the best guess, "
        f"a mine with chance {100 * found.chance:.0f} %.")
    over = started()
    over.play("open {} {}".format(*cells(over, mine=True)[0]))
    assert controls.hint(over, UI) == Response(message="The game is over.")


def test_chances_toggle():
    game = started()
    on = controls.toggle_chances(game, UI)
    assert on == Response(ui=MinesweeperUI(show_chances=True))
    assert controls.toggle_chances(game, on.ui) == Response(ui=UI)


def test_controls_import_nothing_from_jupyter():
    code = ("import sys, gamelab.minesweeper.controls; "
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('ipywidgets', 'ipycanvas', 'IPython')))")
    shown = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert shown.stdout.strip() == "[]"
