"""The controller: first click, modes, chording, game over, clock, message, new game, undo."""

from __future__ import annotations

import pytest

from gamelab.minesweeper import FLAG_MODE, OPEN_MODE, Ctrl, Minesweeper


class Clock:
    def __init__(self, t: float = 1000.4) -> None:
        self.t = t

    def __call__(self) -> float:
        return self.t


def make(seed=1):
    clock = Clock()
    return Ctrl(Minesweeper.new("beginner", seed=seed), clock=clock), clock


def test_first_click_opens_even_in_flag_mode_and_starts_the_clock():
    ctrl, clock = make()
    assert not ctrl.modes_enabled
    ctrl.set_mode(FLAG_MODE)          # the radios are off before the first click
    assert ctrl.mode == OPEN_MODE
    assert ctrl.click(5, 5, flag=True) is None
    assert ctrl.click(5, 5) == "open 5 5"
    assert ctrl.modes_enabled and ctrl.elapsed() == 1
    clock.t += 7
    assert ctrl.elapsed() == 8
    assert ctrl.status.startswith("mines left 10 · 8 s · open mode")


def _hidden(ctrl):
    vm = ctrl.game.vm
    return [vm.coords(i) for i in vm.cells if vm.state[i] == 0]


def test_flag_mode_and_right_click_flag():
    ctrl, _ = make()
    ctrl.click(5, 5)
    r, c = _hidden(ctrl)[0]
    ctrl.set_mode(FLAG_MODE)
    assert ctrl.click(r, c) == f"flag {r} {c}"
    assert ctrl.game.mines_left == 9
    ctrl.set_mode(OPEN_MODE)
    assert ctrl.click(r, c) is None   # a flag protects its cell in open mode
    assert ctrl.click(r, c, flag=True) == f"flag {r} {c}"
    assert ctrl.click(5, 5, flag=True) is None
    with pytest.raises(ValueError, match="unknown mode 'dig'"):
        ctrl.set_mode("dig")


def test_clicking_a_satisfied_number_chords():
    ctrl, _ = make(4)
    ctrl.click(5, 5)
    vm = ctrl.game.vm
    i = next(i for i in vm.cells if vm.state[i] == 1 and vm.near[i] and any(vm.state[j] == 0 for j in vm.neighbours(i)))
    r, c = vm.coords(i)
    assert ctrl.click(r, c) is None   # not satisfied yet
    for j in vm.neighbours(i):
        if vm.mine[j]:
            ctrl.click(*vm.coords(j), flag=True)
    assert ctrl.click(r, c) == f"chord {r} {c}"


def test_blast_message_new_game_and_undo():
    ctrl, clock = make(2)
    ctrl.click(5, 5)
    vm = ctrl.game.vm
    mine = next(vm.coords(i) for i in vm.cells if vm.mine[i])
    ctrl.set_mode(OPEN_MODE)
    clock.t += 12.2
    ctrl.click(*mine)
    assert ctrl.game.lost and not ctrl.modes_enabled
    assert ctrl.message == "blown up in 13 s"
    clock.t += 50
    assert ctrl.message == "blown up in 13 s"   # the clock stopped
    assert ctrl.click(1, 1) is None
    assert ctrl.undo() == "open {} {}".format(*mine)
    assert ctrl.message is None and not ctrl.game.is_over
    ctrl.click(*mine)
    ctrl.click_message()
    assert ctrl.game.setup["seed"] == 3 and not ctrl.game.started and ctrl.elapsed() == 0


def test_clear_message():
    ctrl, clock = make(3)
    ctrl.click(5, 5)
    clock.t += 3
    vm = ctrl.game.vm
    for i in vm.cells:
        if not vm.mine[i] and vm.state[i] == 0:
            ctrl.click(*vm.coords(i))
    assert ctrl.message == "cleared in 4 s"
    assert "cleared in 4 s" in ctrl.status
