"""What clicks, keys and the Start / Cancel / Search buttons mean, decided without a widget."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from gamelab.controls import Response
from gamelab.shanghai import Shanghai
from gamelab.shanghai.controls import cancel, click, key, read_start, search
from gamelab.shanghai.picture import ShanghaiUI, TileAt


@pytest.fixture
def game() -> Shanghai:
    return Shanghai.new(deal=3)


def pair(game: Shanghai) -> tuple[TileAt, TileAt]:
    a, b = game.search()
    return TileAt(*a.position), TileAt(*b.position)


def test_controls_and_engine_import_nothing_from_jupyter():
    code = ("import sys, gamelab.shanghai, gamelab.shanghai.controls; "
            "print(sorted({m.split('.')[0] for m in sys.modules} & {'ipywidgets', 'ipycanvas', 'IPython'}))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout == "[]\n"


def test_before_start_every_click_is_refused_with_the_ng_sound(game):
    a, _ = pair(game)
    assert click(game, ShanghaiUI(), a, playing=False) == Response(message="Press Start first.", sound="ng")
    assert click(game, ShanghaiUI(), None, playing=False).sound == "ng"


def test_first_click_selects_and_clears_the_suggestion(game):
    a, b = pair(game)
    ui = ShanghaiUI(suggested=(a.position, b.position))
    assert click(game, ui, a, playing=True) == Response(ui=ShanghaiUI(selected=a.position), sound="select")


def test_second_tile_of_the_same_kind_takes_the_pair(game):
    a, b = pair(game)
    response = click(game, ShanghaiUI(selected=a.position), b, playing=True)
    assert response == Response(action=f"{'.'.join(map(str, a.position))} {'.'.join(map(str, b.position))}",
                                ui=ShanghaiUI())
    game.play(response.action)
    assert game.tiles_left == 134


def test_another_kind_the_same_tile_or_the_field_deselects_with_ng(game):
    a, _ = pair(game)
    other = next(t for t in game.selectable() if t.kind != game.tile_at(a.position).kind)
    selected = ShanghaiUI(selected=a.position, suggested=((0, 3, 5),))
    for target in (TileAt(*other.position), a, None, ("tile", *a.position)):
        assert click(game, selected, target, playing=True) == Response(ui=ShanghaiUI(), sound="ng"), target


def test_the_banner_survives_a_click(game):
    a, _ = pair(game)
    assert click(game, ShanghaiUI(banner="Cleared"), a, playing=True).ui.banner == "Cleared"


def test_keys_press_cancel_and_search(game):
    assert key(game, ShanghaiUI(), "Escape") == Response(command="cancel")
    assert key(game, ShanghaiUI(), "Backspace") == Response(command="cancel")
    assert key(game, ShanghaiUI(), "s") == key(game, ShanghaiUI(), "S") == Response(command="search")
    assert key(game, ShanghaiUI(), "x") is None


def test_cancel_clears_marks_then_takes_back_a_pair(game):
    a, b = pair(game)
    marked = ShanghaiUI(selected=a.position, suggested=(a.position, b.position))
    assert cancel(game, marked, playing=True, can_undo=True) == Response(ui=ShanghaiUI(), sound="select")
    assert cancel(game, ShanghaiUI(), playing=True, can_undo=True) == Response(command="undo", sound="select")
    assert cancel(game, ShanghaiUI(), playing=True, can_undo=False) == Response(sound="ng")
    assert cancel(game, marked, playing=False, can_undo=True) is None


def test_search_frames_a_pair_that_keeps_the_game_winnable(game):
    a, _ = pair(game)
    response = search(game, ShanghaiUI(selected=a.position), playing=True, nodes=500)
    first, second = response.ui.suggested
    assert response.sound == "select" and response.ui.selected is None
    assert game.tile_at(first).kind == game.tile_at(second).kind
    assert game.can_select(first) and game.can_select(second)
    assert search(game, ShanghaiUI(), playing=False, nodes=500) is None


def test_search_at_a_stalemate_frames_nothing():
    empty = " ".join([".."] * 12)
    # layers 0 and 1 empty; one 一萬 in layer 2 lies on the other in layer 3
    stuck = Shanghai.new(board="\n".join([empty] * 16 + ["11 " + " ".join([".."] * 11)] + [empty] * 7
                                         + ["11 " + " ".join([".."] * 11)] + [empty] * 7))
    assert stuck.is_stalemate
    assert search(stuck, ShanghaiUI(), playing=True, nodes=500) == Response(sound="select")


def test_start_reads_the_deal_and_the_player():
    rng = random.Random(5)
    typed = read_start("12", " Hato\t", rng)
    assert typed.game.deal_number == 12 and typed.player == "Hato"
    empty = read_start("  ", "", random.Random(5))
    assert empty.game.deal_number == random.Random(5).randrange(1, 1_000_000) and empty.player == ""
    assert read_start("", "   ", rng).player == ""


@pytest.mark.parametrize("deal, player, message", [
    ("abc", "", "Deal #: 'abc' is not a deal number: write a whole number"),
    ("-3", "", "Deal #: '-3' is not a deal number"),
    ("7", "x" * 40, "40 characters"),
])
def test_start_refuses_bad_entries_with_the_reason(deal, player, message):
    with pytest.raises(ValueError, match=message):
        read_start(deal, player, random.Random(0))
