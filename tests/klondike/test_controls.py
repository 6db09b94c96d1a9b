"""The Klondike controls without a widget: each input's answer is a Response, checked as it is."""

from __future__ import annotations

import subprocess
import sys
from dataclasses import replace

import pytest

from gamelab.controls import Response
from gamelab.klondike import Klondike, new_deck
from gamelab.klondike.controls import (
    action_for,
    ask_solver,
    auto_complete,
    click,
    describe,
    drag,
    drop_piles,
    finish,
    hint,
    hint_marks,
    home_of,
    key,
    pile_of,
    release,
    solver_hint,
    source_of,
)
from gamelab.klondike.picture import CardAt, Column, Drag, Foundation, KlondikeUI, Press, Stock, Waste
from gamelab.klondike.solver import SolveResult

from .helpers import SMALL, position

UI = KlondikeUI()


def seed1() -> Klondike:
    return Klondike.new(seed=1)


def box_at(x: float, y: float):
    """A stand-in for the picture's ``box``: every source drawn at (x, y)."""
    return lambda source: (x, y, 72.0, 100.0)


def over(target):
    """A stand-in for the board's hit test: the pointer is always over ``target``."""
    return lambda x, y: target


def test_controls_import_nothing_from_jupyter() -> None:
    code = "import sys, gamelab.klondike.controls; print(sorted(m for m in ('ipywidgets', 'ipycanvas') if m in sys.modules))"
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]"


# -- reading targets --------------------------------------------------------------------------------------
def test_sources_piles_and_homes() -> None:
    game = position(SMALL)
    assert source_of(game, Waste()) == Waste()
    assert source_of(game, Foundation(0)) == Foundation(0)
    assert source_of(game, Foundation(2)) is None  # an empty foundation holds nothing to pick up
    assert source_of(game, CardAt(0, 2)) == CardAt(0, 2)
    assert source_of(game, CardAt(0, 1)) is None  # face down
    assert source_of(game, Column(3)) is None and source_of(game, Stock()) is None and source_of(game, None) is None
    assert source_of(seed1(), Waste()) is None  # the waste is empty before the first draw
    assert pile_of(CardAt(2, 0)) == Column(2) and pile_of(Column(5)) == Column(5)
    assert pile_of(Foundation(3)) == Foundation(3) and pile_of(Waste()) is None and pile_of(None) is None
    assert home_of(CardAt(4, 1)) == Column(4) and home_of(Foundation(1)) == Foundation(1) and home_of(Waste()) is None


def test_action_for_and_describe() -> None:
    game = position(SMALL)
    assert action_for(game, CardAt(0, 2), Column(3)) == "t1:2>t4"
    assert action_for(game, Waste(), Foundation(2)) == "w>fc"
    assert action_for(game, Foundation(1), Column(4)) == "fh>t5"
    assert describe(game, "t1:2>t4") == "K♠ from column 1 (with 1 card on it) to the empty column 4"
    assert describe(game, "draw") == "turn over the stock"
    assert describe(game, "w>f") == "J♣ from the waste to its foundation"


def test_hint_marks_ring_the_cards_and_the_pile() -> None:
    game = position(SMALL)
    assert hint_marks(game, "draw") == KlondikeUI(hint_from=Stock())
    assert hint_marks(game, "w>t1") == KlondikeUI(hint_from=Waste(), hint_to=Column(0))
    assert hint_marks(game, "t1:2>t4") == KlondikeUI(hint_from=CardAt(0, 2), hint_to=Column(3))
    assert hint_marks(game, "t6>f") == KlondikeUI(hint_from=CardAt(5, 2), hint_to=Foundation(0))
    assert hint_marks(game, "fh>t2") == KlondikeUI(hint_from=Foundation(1), hint_to=Column(1))
    selected = KlondikeUI(selected=Waste(), hint_from=Stock())
    assert hint_marks(game, None, selected) == KlondikeUI(selected=Waste())  # old rings go, the rest stays


# -- clicks -----------------------------------------------------------------------------------------------
def test_a_click_on_the_stock_draws_and_drops_selection_and_hints() -> None:
    ui = KlondikeUI(selected=CardAt(4, 4), hint_from=CardAt(4, 4), hint_to=Column(3))
    assert click(seed1(), ui, Stock(), now=0) == Response(action="draw", ui=KlondikeUI())


def test_click_a_card_then_a_pile_moves_it() -> None:
    game = seed1()
    picked = click(game, UI, CardAt(4, 4), now=10)
    assert picked == Response(ui=KlondikeUI(selected=CardAt(4, 4), last_press=Press(CardAt(4, 4), 10)))
    moved = click(game, picked.ui, Column(3), now=20)
    assert moved == Response(action="t5>t4", ui=KlondikeUI())


def test_a_click_on_no_pile_or_on_its_own_column_changes_the_selection_only() -> None:
    game = position(SMALL)
    held = KlondikeUI(selected=CardAt(0, 3))
    assert click(game, held, None, now=0) == Response(ui=KlondikeUI())
    assert click(game, held, Column(0), now=0) == Response(ui=KlondikeUI())  # its own column: let go
    # another card of its own column is picked up instead
    assert click(game, held, CardAt(0, 2), now=0).ui.selected == CardAt(0, 2)


def test_a_double_click_sends_a_card_home_and_a_slow_one_does_not() -> None:
    game = position(SMALL)
    first = click(game, UI, CardAt(5, 2), now=100.0)  # 3♠, the ♠ foundation holds 2♠
    assert first.action is None and first.ui.selected == CardAt(5, 2)
    double = click(game, first.ui, CardAt(5, 2), now=100.3)
    assert double == Response(action="t6>f", ui=KlondikeUI())
    slow = click(game, first.ui, CardAt(5, 2), now=102.0)
    assert slow.action is None and slow.ui.selected == CardAt(5, 2)
    assert click(game, first.ui, CardAt(5, 2), now=100.3, double_click=0.2).action is None


def test_a_double_click_under_the_top_card_is_refused_with_the_reason() -> None:
    game = position(SMALL)
    first = click(game, UI, CardAt(0, 2), now=0)
    refused = click(game, first.ui, CardAt(0, 2), now=0.1)
    assert refused == Response.refuse("only the top card of a column can go to a foundation", ui=KlondikeUI())


# -- drag and drop ----------------------------------------------------------------------------------------
def test_no_drag_without_cards_held() -> None:
    assert drag(seed1(), UI, 50, 50, target_at=over(None), box=box_at(0, 0)) is None


def test_a_drag_lifts_the_cards_where_they_were_grabbed_and_lights_a_legal_pile() -> None:
    game = seed1()
    held = click(game, UI, CardAt(4, 4), now=0).ui
    first = drag(game, held, 370, 265, target_at=over(CardAt(4, 4)), box=box_at(352, 240))
    lifted = Drag(CardAt(4, 4), (game.tableau[4][4],), 352, 240, (18, 25), frozenset({Column(3)}))
    assert first == Response(ui=replace(held, drag=lifted))  # over its own column: nothing lit
    later = drag(game, first.ui, 290, 250, target_at=over(CardAt(3, 3)), box=box_at(0, 0))
    assert later.ui.drag == replace(lifted, x=272, y=225) and later.ui.drop == Column(3)
    refused = drag(game, later.ui, 500, 500, target_at=over(CardAt(6, 6)), box=box_at(0, 0))
    assert refused.ui.drop is None and refused.ui.drag is not None  # 2♠ cannot go on K♥: no light


def test_the_engine_is_asked_where_the_cards_may_go_once_as_the_drag_starts(monkeypatch) -> None:
    game = position(SMALL)
    held = KlondikeUI(selected=CardAt(5, 2))  # 3♠: only its foundation takes it
    first = drag(game, held, 0, 0, target_at=over(None), box=box_at(0, 0))
    assert first.ui.drag.piles == drop_piles(game, CardAt(5, 2)) == frozenset({Foundation(0)})

    def refuse(*args, **kwargs):
        raise AssertionError("a move of the pointer copied or played the position")

    monkeypatch.setattr(Klondike, "copy", refuse)
    monkeypatch.setattr(Klondike, "play", refuse)
    ui = first.ui
    for target, lit in ((Foundation(1), None), (Foundation(0), Foundation(0)), (CardAt(1, 1), None), (None, None)):
        ui = drag(game, ui, 5, 5, target_at=over(target), box=box_at(0, 0)).ui
        assert ui.drop == lit and ui.drag.piles == first.ui.drag.piles and (ui.drag.x, ui.drag.y) == (5, 5)


def test_drop_piles_ask_the_engine_and_leave_out_the_cards_own_pile() -> None:
    game = position(SMALL)
    assert drop_piles(game, CardAt(0, 2)) == frozenset({Column(3)})  # K♠ Q♥: only the empty column
    assert drop_piles(game, Waste()) == frozenset({Column(0)})  # J♣ onto Q♥
    assert drop_piles(game, Foundation(0)) == frozenset({Column(4)})  # 2♠ back down onto 3♥
    assert drop_piles(game, Foundation(1)) == frozenset()  # an ace goes nowhere but home
    assert drop_piles(seed1(), CardAt(4, 4)) == frozenset({Column(3)})


def test_a_drag_takes_the_cards_on_the_card_grabbed() -> None:
    game = position(SMALL)
    held = KlondikeUI(selected=CardAt(0, 2))
    lifted = drag(game, held, 0, 0, target_at=over(Column(3)), box=box_at(0, 0)).ui
    assert [str(card) for card in lifted.drag.cards] == ["K♠", "Q♥"] and lifted.drop == Column(3)


def test_a_drop_and_a_click_make_the_same_move() -> None:
    # The tutorial's point: click-then-click and drag-and-drop end in the one move function.
    game = seed1()
    held = click(game, UI, CardAt(4, 4), now=0).ui
    dragged = drag(game, held, 290, 250, target_at=over(CardAt(3, 3)), box=box_at(352, 240)).ui
    dropped = release(game, dragged, CardAt(3, 3))
    clicked = click(game, held, CardAt(3, 3), now=5)
    assert dropped.action == clicked.action == "t5>t4"
    assert dropped.ui.drag is None and dropped.ui.drop is None and dropped.ui.selected is None


def test_a_release_after_a_plain_click_does_nothing() -> None:
    held = click(seed1(), UI, CardAt(4, 4), now=0).ui
    assert release(seed1(), held, CardAt(4, 4)) is None


def test_cards_dropped_on_no_pile_or_their_own_go_back() -> None:
    game = seed1()
    held = click(game, UI, CardAt(4, 4), now=0).ui
    dragged = drag(game, held, 10, 590, target_at=over(None), box=box_at(352, 240)).ui
    assert release(game, dragged, None) == Response(ui=replace(held, selected=None))
    assert release(game, dragged, CardAt(4, 2)) == Response(ui=held)  # its own column: still selected


def test_an_illegal_drop_is_still_sent_to_the_engine_which_says_why() -> None:
    game = position(SMALL)
    held = KlondikeUI(selected=CardAt(5, 2))
    dragged = drag(game, held, 0, 0, target_at=over(Foundation(1)), box=box_at(0, 0)).ui
    assert dragged.drop is None
    assert release(game, dragged, Foundation(1)).action == "t6>fh"  # refused by the engine, with its reason


# -- keys and buttons -------------------------------------------------------------------------------------
@pytest.mark.parametrize(("pressed", "answer"), [
    ("d", Response(action="draw")), ("D", Response(action="draw")), (" ", Response(action="draw")),
    ("h", Response(command="hint")), ("a", Response(command="auto")), ("f", None), ("x", None),
    ("ArrowUp", None), ("Escape", Response(ui=KlondikeUI())),
])
def test_keys(pressed: str, answer: Response | None) -> None:
    assert key(seed1(), UI, pressed) == answer


def test_key_f_sends_the_selected_card_home_and_escape_lets_it_go() -> None:
    game = position(SMALL)
    held = KlondikeUI(selected=Waste(), hint_from=Stock())
    assert key(game, held, "f") == Response(action="w>f", ui=KlondikeUI(hint_from=Stock()))
    assert key(game, held, "Escape") == Response(ui=KlondikeUI(hint_from=Stock()))


def test_hint_rings_the_move_and_says_it() -> None:
    answer = hint(seed1(), UI)
    assert answer.ui == KlondikeUI(hint_from=CardAt(4, 4), hint_to=Column(3))
    assert answer.message == "Hint: 2♠ from column 5 onto column 4 (3♦)" and not answer.error


def test_hint_when_nothing_can_be_done() -> None:
    # Stock and waste empty, seven black tops with face-down cards beneath: no card can move.
    tops = ["K♠", "Q♠", "J♠", "10♠", "K♣", "Q♣", "J♣"]
    down = [str(card) for card in new_deck() if str(card) not in tops]
    lines = [f"t{i + 1}: " + " ".join(f"[{c}]" for c in down[i * 6:(i + 1) * 6 + (3 if i == 6 else 0)]) + f" {top}"
             for i, top in enumerate(tops)]
    stuck = Klondike.new(position="\n".join(lines))
    assert hint(stuck, UI) == Response(message="No move left: this deal is lost. Undo, or press New game.")


def test_solver_hint_says_what_the_solver_found() -> None:
    game = seed1()
    solved = solver_hint(game, UI, SolveResult("solved", ["t5>t4", "draw"], 10, 100))
    assert solved.ui == hint_marks(game, "t5>t4")
    assert solved.message == "Winnable (2 actions to go); next: 2♠ from column 5 onto column 4 (3♦)"
    assert "No winning line exists" in solver_hint(game, UI, SolveResult("impossible", [], 10, 100)).message
    assert solver_hint(game, UI, SolveResult("unknown", [], 100, 30_000)).message == (
        "The solver found no win within 30,000 positions: this one is hard.")


def test_auto_complete_plays_auto_and_says_the_moves_it_will_take() -> None:
    game = Klondike.new(position="foundations: Q♠ K♥ K♣ J♦\nt1: K♠ Q♦\nt2: K♦")
    answer = auto_complete(game, KlondikeUI(selected=CardAt(0, 1), hint_from=Stock()))
    assert answer == Response(action="auto", ui=KlondikeUI(), message="Auto-complete: every card went home in 3 moves.")
    game.play("auto")
    assert game.is_won and game.moves == 3


def test_solve_and_finish_are_long_work_on_a_copy_of_the_position() -> None:
    from gamelab.work import Progress

    game = Klondike.new(seed=2)
    before = game.key()
    asked, finishing = ask_solver(game, UI, 50_000), finish(game, UI, 50_000)
    assert asked.action is None and asked.work.label == "The solver is looking for a winning line"
    assert finishing.work.label == "The solver is finishing the game"
    game.play("draw")  # the work searches the position as it was asked, not the live one
    result = asked.work.run(Progress())
    assert result.solved and finishing.work.run(Progress()).actions == result.actions
    game = Klondike.new(seed=2)
    assert game.key() == before
    hinted = asked.work.then(result, game, UI)
    assert hinted == solver_hint(game, UI, result) and hinted.ui.hint_from is not None
    line = finishing.work.then(result, game, UI)
    assert line.line == tuple(result.actions) and line.action is None and line.ui == KlondikeUI()
    assert line.message == f"The solver finished the game in {len(result.actions)} actions (Undo walks them back)."
    unknown = SolveResult("unknown", [], 100, 100)
    assert finishing.work.then(unknown, game, UI) == solver_hint(game, UI, unknown)


def test_the_solver_hears_stop() -> None:
    from gamelab.klondike.solver import solve
    from gamelab.work import Progress, Stopped

    progress = Progress()
    progress.stop()
    with progress.running(), pytest.raises(Stopped):
        solve(Klondike.new(seed=1), budget=50_000_000)
