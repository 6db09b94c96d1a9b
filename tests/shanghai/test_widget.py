"""The play widget without a browser: events through the canvas message handler."""

from __future__ import annotations

import asyncio
import time

import pytest

from gamelab.controls import Response
from gamelab.shanghai import Shanghai
from gamelab.shanghai.picture import ShanghaiPicture, ShanghaiUI, TileAt
from gamelab.shanghai.ranking import Ranking
from gamelab.shanghai.widget import ShanghaiBoard
from gamelab.widgets import fire
from gamelab.widgets.testing import CanvasMessages, click


def tile(label: str) -> TileAt:
    return TileAt(*(int(v) for v in label.split(".")))


@pytest.fixture
def ranking(tmp_path):
    return Ranking(tmp_path / "r.sqlite3")


@pytest.fixture
def board(ranking):
    b = ShanghaiBoard(deal=3, ranking=ranking, player="Hato", solver_nodes=500)
    b.button("start").click()
    return b


def take(board, action):
    a, b = (tile(p) for p in action.split())
    click(board, a)
    click(board, b)


def test_before_start_a_click_only_plays_ng(ranking):
    board = ShanghaiBoard(deal=3, ranking=ranking)
    click(board, TileAt(0, 3, 5))
    assert board.sounds.played[-1] == "ng" and board.record.actions == [] and board.ui.selected is None
    assert "Press Start first" in board.status_line.value


def test_select_then_matching_tile_takes_the_pair_in_one_redraw(board):
    action = board.game.construction_actions()[0]
    a, b = (tile(p) for p in action.split())
    click(board, a)
    assert board.ui.selected == a.position and board.sounds.played[-1] == "select"
    with CanvasMessages() as sent:
        click(board, b)
    assert board.record.actions == [action] and board.ui.selected is None
    assert sent.count == 1 and board.sounds.played[-1] == "remove"


def test_other_kind_same_tile_or_empty_spot_deselects_with_ng(board):
    free = board.game.selectable()
    a = free[0]
    other = next(t for t in free if t.kind != a.kind)
    click(board, TileAt(*a.position))
    click(board, TileAt(*other.position))
    assert board.ui.selected is None and board.sounds.played[-1] == "ng" and board.record.actions == []
    click(board, TileAt(*a.position))
    click(board, TileAt(*a.position))
    assert board.ui.selected is None and board.sounds.played[-1] == "ng"
    click(board, TileAt(*a.position))
    fire(board.canvas, event="mouse_down", x=3, y=470)  # the green field, no tile
    assert board.ui.selected is None and board.sounds.played[-1] == "ng"


def test_blocked_tiles_have_no_target():
    game = Shanghai.new(deal=3)
    picture = ShanghaiPicture()
    blocked = next(t for t in game.tiles if not game.can_select(t.position) and t.depth == 3)
    x, y = blocked.left + 18, blocked.top + 40
    assert picture.target_at(game, x, y) != TileAt(*blocked.position)


def test_cancel_clears_selection_then_undoes(board):
    action = board.game.construction_actions()[0]
    take(board, action)
    click(board, TileAt(*board.game.selectable()[0].position))
    board.button("cancel").click()
    assert board.ui.selected is None and board.record.actions == [action]
    board.button("cancel").click()
    assert board.record.actions == [] and board.game == Shanghai.new(deal=3)
    board.button("cancel").click()
    assert board.sounds.played[-1] == "ng"


def test_search_frames_a_pair_and_turns_the_clock_red(board):
    board.button("search").click()
    a, b = board.ui.suggested
    assert board.given_up and "#ff0000" in board.clock.value
    assert "counts as given up" in board.status_line.value  # said in words, not only by the clock's color
    assert board.game.tile_at(a).kind == board.game.tile_at(b).kind
    board.button("cancel").click()
    assert board.ui.suggested == () and board.record.actions == []


def test_clearing_the_board_adds_one_ranking_row_and_a_share_text(board, ranking):
    board.spec.warn_unwinnable = False
    actions = board.game.construction_actions()
    for action in actions[:-2]:
        board.act(action)
    for action in actions[-2:]:
        take(board, action)
    assert board.game.is_cleared and not board.playing
    assert board.sounds.played[-1] == "win" and "Cleared" in board.status_line.value
    (entry,) = ranking.top(deal=3)
    assert entry.player == "Hato" and not entry.given_up
    assert "deal #3" in board.panel("share").value and "Hato" in board.panel("ranking").value
    assert ranking.player_name == "Hato"


def test_stalemate_and_unwinnable_warning():
    text = "\n".join(["layer 3"] + [" ".join(["11", "..", "12", "12", "..", "13", "13"] + [".."] * 5)]
                     + [" ".join([".."] * 12)] * 7)
    text = "\n".join(["layer 0"] + [" ".join([".."] * 12)] * 8 + ["layer 1"] + [" ".join([".."] * 12)] * 8
                     + ["layer 2", " ".join(["11"] + [".."] * 11)] + [" ".join([".."] * 12)] * 7 + [text])
    board = ShanghaiBoard(ranking=None, solver_nodes=500)
    board.start(Shanghai.new(board=text))  # a game the board is handed is played at once
    assert board.playing
    board.act("3.0.2 3.0.3")
    assert "can no longer be cleared" in board.status_line.value
    board.act("3.0.5 3.0.6")
    assert board.game.is_stalemate and "stalemate" in board.status_line.value
    assert board.sounds.played[-1] == "lose"


def test_bad_deal_number_and_long_name_are_refused(board):
    board.setting("deal_entry").value = "abc"
    board.button("start").click()
    assert "abc" in board.status_line.value and "is not a deal number" in board.status_line.value
    board.setting("deal_entry").value = "5"
    board.setting("player_name").value = "x" * 40
    board.button("start").click()
    assert "40 characters" in board.status_line.value and board.game.deal_number == 3


def test_start_again_deals_a_new_problem_unless_a_number_is_typed(board):
    assert board.setting("deal_entry").value == "3" and board.game.deal_number == 3  # the box shows the deal in play
    board.button("start").click()
    assert board.game.deal_number != 3 and board.playing
    assert board.setting("deal_entry").value == str(board.game.deal_number)
    board.setting("deal_entry").value = "3"
    board.button("start").click()
    assert board.game.deal_number == 3 and board.record.actions == []
    board.setting("deal_entry").value = ""
    board.setting("deal_entry").value = "3"  # typed again: Start replays it
    board.button("start").click()
    assert board.game.deal_number == 3


def test_undo_is_off_before_start_and_after_a_clear(ranking):
    board = ShanghaiBoard(deal=3, ranking=ranking)
    assert board.button("undo").disabled and board.button("redo").disabled


def press(board, key, ctrl=False):
    fire(board.canvas, event="key_down", key=key, shift_key=False, ctrl_key=ctrl, meta_key=False)


def test_keys_search_cancel_and_undo(board):
    action = board.game.construction_actions()[0]
    take(board, action)
    press(board, "s")
    assert board.given_up and len(board.ui.suggested) == 2 and board.sounds.played[-1] == "select"
    press(board, "Escape")
    assert board.ui.suggested == () and board.record.actions == [action]
    press(board, "Backspace")
    assert board.record.actions == []
    take(board, action)
    press(board, "z", ctrl=True)
    assert board.record.actions == [] and board.record.can_redo


def test_a_refused_start_buzzes_and_keeps_the_game(board):
    board.setting("deal_entry").value = "x"
    board.button("start").click()
    assert board.sounds.played[-1] == "ng" and board.playing and board.game.deal_number == 3


# -- a refused click said on screen, not only by a sound ---------------------------------------------------
def test_a_mismatched_pair_is_said_and_both_tiles_are_outlined(board):
    free = board.game.selectable()
    first = free[0]
    other = next(t for t in free if t.kind != first.kind)
    click(board, TileAt(*first.position))
    click(board, TileAt(*other.position))
    assert board.ui.selected is None and board.record.actions == [] and board.sounds.played[-1] == "ng"
    assert "Not a pair" in board.status_line.value and first.name in board.status_line.value
    assert "#b00020" in board.status_line.value  # said as an error
    assert board.ui.warned == ((first.position, other.position), ())
    svg = board.picture.svg(board.game, board.ui)
    assert svg.count('stroke="#ff1f3a"') == 2  # both tiles outlined in red on the field
    assert board.sounds.played[-2:] != ["ng", "ng"]  # one NG sound, not two


def test_a_click_on_a_tile_held_in_on_both_sides_says_so_and_marks_its_neighbours(board):
    game = board.game
    held = next(t for t in game.tiles if game.is_top(t.position) and not game.can_select(t.position))
    fire(board.canvas, event="mouse_down", x=held.left + 18, y=held.top + 25)
    assert "blocked: both its sides are taken" in board.status_line.value
    depth, row, col = held.position
    assert board.ui.warned == ((held.position,), ((depth, row, col - 1), (depth, row, col + 1)))
    assert board.sounds.played[-1] == "ng" and board.record.actions == []
    click(board, TileAt(*game.selectable()[0].position))  # the next click takes the marks and the words away
    assert board.ui.warned == ((), ()) and "blocked" not in board.status_line.value


def test_a_click_on_a_covered_tile_names_the_tile_on_it():
    text = "\n".join(["layer 0"] + [" ".join([".."] * 12)] * 8 + ["layer 1"] + [" ".join([".."] * 12)] * 8
                     + ["layer 2", " ".join(["41"] + [".."] * 11)] + [" ".join([".."] * 12)] * 7
                     + ["layer 3", " ".join(["42", "41"] + [".."] * 10)] + [" ".join([".."] * 12)] * 7)
    board = ShanghaiBoard(ranking=None, warn_unwinnable=False)
    board.start(Shanghai.new(board=text))
    covered = board.game.tile_at((3, 0, 0))
    fire(board.canvas, event="mouse_down", x=covered.left + 18, y=covered.bottom + 3)  # its bottom side shows
    assert "blocked: a tile lies on it" in board.status_line.value
    assert board.ui.warned == (((3, 0, 0),), ((2, 0, 0),))


def test_the_marks_are_left_out_of_the_text_form_and_off_a_handlers_view(board):
    free = board.game.selectable()
    other = next(t for t in free if t.kind != free[0].kind)
    seen = []
    board.spec.on_click = lambda game, ui, target, *, playing: seen.append(ui) or Response(ui=ui, sound="ng")
    click(board, TileAt(*free[0].position))
    board.ui = ShanghaiUI(selected=free[0].position)
    click(board, TileAt(*other.position))
    click(board, TileAt(*other.position))
    assert all(ui.warned == ((), ()) for ui in seen)  # a learner's handler never sees the board's own marks
    assert "warned" not in repr(board.ui)


# -- Undo through a put_back piece (a learner's tile_undo) --------------------------------------------------
def test_undo_puts_the_pair_back_through_the_put_back_piece(ranking):
    calls = []

    def put_back(grid, tile):
        calls.append(tile.label)
        grid[tile.depth][tile.row][tile.col] = tile

    board = ShanghaiBoard(deal=3, ranking=ranking, pieces={"put_back": put_back}, warn_unwinnable=False)
    board.button("start").click()
    action = board.game.construction_actions()[0]
    take(board, action)
    board.button("cancel").click()
    assert board.record.actions == [] and sorted(calls) == sorted(action.split())


def test_a_put_back_that_puts_a_tile_elsewhere_keeps_the_pair_taken_and_says_why(ranking):
    def swapped(grid, tile):
        grid[tile.depth][tile.col % 8][tile.row] = tile

    board = ShanghaiBoard(deal=3, ranking=ranking, pieces={"put_back": swapped}, warn_unwinnable=False)
    board.button("start").click()
    action = board.game.construction_actions()[0]
    take(board, action)
    board.cancel()  # the tutorial's Undo (もとに戻す)
    assert board.record.actions == [action] and board.sounds.played[-1] == "ng"
    assert "Undo: putting back" in board.status_line.value and "The pair stays taken" in board.status_line.value

    def raises(grid, tile):
        raise KeyError("oops")

    board.spec.put_back = raises
    board.cancel()
    assert board.record.actions == [action] and "raised KeyError" in board.status_line.value


def test_the_undo_button_and_ctrl_z_go_through_the_put_back_piece(ranking):
    calls = []

    def put_back(grid, tile):
        calls.append(tile.label)
        grid[tile.depth][tile.row][tile.col] = tile

    def swapped(grid, tile):
        grid[tile.depth][tile.col % 8][tile.row] = tile

    board = ShanghaiBoard(deal=3, ranking=ranking, pieces={"put_back": swapped}, warn_unwinnable=False)
    board.button("start").click()
    action = board.game.construction_actions()[0]
    take(board, action)
    click(board, TileAt(*board.game.selectable()[0].position))
    board.button("undo").click()  # a wrong put_back: refused in its words, the pair stays taken
    assert board.record.actions == [action] and board.sounds.played[-1] == "ng"
    assert "Undo: putting back" in board.status_line.value and board.ui.selected is None
    board.spec.put_back = put_back
    board.button("search").click()
    press(board, "z", ctrl=True)
    assert board.record.actions == [] and sorted(calls) == sorted(action.split())
    assert board.ui.suggested == () and board.given_up  # the marks go, the given-up flag stays
    board.button("redo").click()
    assert board.record.actions == [action]
    board.button("undo").click()  # a right put_back: undone
    assert board.record.actions == [] and "Undo" not in board.status_line.value


def test_after_a_clear_undo_keeps_the_time(board):
    board.spec.warn_unwinnable = False
    for action in board.game.construction_actions():
        board.act(action)
    assert board.game.is_cleared and board.button("undo").disabled
    press(board, "z", ctrl=True)  # Ctrl+Z as the disabled button: the time is kept
    assert board.game.is_cleared and "Start plays a new problem" in board.status_line.value


def test_the_solvers_warning_is_red_without_the_ng_of_a_refusal():
    text = "\n".join(["layer 0"] + [" ".join([".."] * 12)] * 8 + ["layer 1"] + [" ".join([".."] * 12)] * 8
                     + ["layer 2", " ".join(["11"] + [".."] * 11)] + [" ".join([".."] * 12)] * 7
                     + ["layer 3", " ".join(["11", "..", "12", "12", "..", "13", "13"] + [".."] * 5)]
                     + [" ".join([".."] * 12)] * 7)
    board = ShanghaiBoard(ranking=None, solver_nodes=500)
    board.start(Shanghai.new(board=text))
    board.act("3.0.2 3.0.3")
    assert "can no longer be cleared" in board.status_line.value and "#b00020" in board.status_line.value
    assert board.sounds.played[-1] == "remove"


def test_the_player_and_deal_boxes_are_the_boards_settings(board):
    board.set("deal_entry", "5")
    assert board.setting("deal_entry").value == "5"
    board.player_name = "Kiji"
    assert board.setting("player_name").value == "Kiji" and board.setting("player_name").placeholder
    board.button("start").click()
    assert board.game.deal_number == 5 and board.ranking.player_name == "Kiji"


def test_a_ranking_given_as_a_path_is_opened(tmp_path):
    board = ShanghaiBoard(deal=3, ranking=str(tmp_path / "scores.sqlite3"), player="Hato")
    assert board.ranking is not None and board.ranking.path == tmp_path / "scores.sqlite3"


# -- the how-to marquee runs on a scroll piece ------------------------------------------------------------
def test_the_marquee_plays_the_scroll_pieces_margins():
    from gamelab.shanghai.widget import marquee_frames

    assert marquee_frames(lambda left: left - 2 if left > -100 else 500)[:3] == [500, 498, 496]
    assert len(marquee_frames(lambda left: left)) == 1  # stands still: one frame
    assert len(marquee_frames(lambda left: left - 1)) == 12_000  # never comes back: cut off
    fast = ShanghaiBoard(deal=3, ranking=None, pieces={"scroll_how_to": lambda left: left - 10 if left > -2300 else 500})
    plain = ShanghaiBoard(deal=3, ranking=None, marquee=True)
    assert fast.marquee and "gamelab-marquee" in fast.panel("how_to").value
    assert fast.panel("how_to").value != plain.panel("how_to").value  # another animation: the piece's own margins
    folded = ShanghaiBoard(deal=3, ranking=None)
    assert folded.panel("how_to").value.startswith("<details")


# -- the layout: the field on the left, the rest in a column beside it --------------------------------------
def test_the_status_line_and_the_buttons_stand_beside_the_field(ranking):
    board = ShanghaiBoard(deal=3, ranking=ranking)
    (row,) = board.children
    field, side = row.children
    assert field is board.view.box
    flat = []

    def walk(widget):
        flat.append(widget)
        for child in getattr(widget, "children", ()):
            walk(child)

    walk(side)
    assert board.status_line in flat and board.row in flat and board.record_panel in flat
    names = [b.description for b in board.row.children if b.layout.display != "none"]
    assert names == ["Start", "Cancel", "Search", "Undo", "Redo"]
    assert board.record_panel.selected_index is None  # folded
    assert all(part in flat for part in (board.setting("player_name"), board.setting("deal_entry"),
                                         board.panel("share"), board.panel("how_to")))
    marquee = ShanghaiBoard(deal=3, ranking=None, marquee=True)
    assert marquee.children[0] is marquee.panel("how_to") and marquee.panel("how_to") not in marquee.panels.children


def test_the_solver_check_runs_beside_the_game_and_its_word_arrives_on_the_loop():
    text = "\n".join(["layer 3"] + [" ".join(["11", "..", "12", "12", "..", "13", "13"] + [".."] * 5)]
                     + [" ".join([".."] * 12)] * 7)
    text = "\n".join(["layer 0"] + [" ".join([".."] * 12)] * 8 + ["layer 1"] + [" ".join([".."] * 12)] * 8
                     + ["layer 2", " ".join(["11"] + [".."] * 11)] + [" ".join([".."] * 12)] * 7 + [text])

    async def main():
        board = ShanghaiBoard(ranking=None, solver_nodes=500, sound=False)
        board.start(Shanghai.new(board=text))
        with board.from_page():
            board.act("3.0.2 3.0.3")
        assert board.busy is None  # the check works on a copy, beside the game: nothing is locked
        end = time.monotonic() + 60
        while "can no longer be cleared" not in board.status_line.value:
            assert time.monotonic() < end, "waited too long"
            await asyncio.sleep(0.02)

    asyncio.run(main())


def test_stop_ends_the_solvers_search_and_keeps_the_game(board):
    from gamelab.shanghai.solver import solve
    from gamelab.work import Progress, Stopped

    progress = Progress()
    progress.stop()
    with progress.running(), pytest.raises(Stopped):
        solve(board.game)
