"""The playable table without a browser: clicks through the canvas message handler, buttons, panels."""

from __future__ import annotations

import pytest

from gamelab.riichi.table import Bot
from gamelab.riichi.table.controls import call_buttons
from gamelab.riichi.table.picture import Call, Discard, RiichiGamePicture, TablePicture, TableView
from gamelab.riichi.table.widget import RiichiBoard
from gamelab.widgets import fire
from gamelab.widgets.testing import CanvasMessages, centre_of, click


@pytest.fixture
def board() -> RiichiBoard:
    return RiichiBoard(seed=1, rules={"場数": 0}, sound=True)


def test_clicking_a_tile_discards_it_at_once_then_the_table_plays_on(board):
    fire(board.canvas, event="client_ready")  # a page shows the board (a part is drawn over its frame)
    first = board.game.legal_actions()[0]
    with CanvasMessages() as sent:
        click(board, Discard(first))
    assert board.record.actions == [first]
    assert first[:2] in str(board.game.table.rivers[board.game.seat])
    # your discard at once, as a small part: your hand row cleared and drawn again, the tile in your river;
    # then the whole table after the others' turns
    part, frame = sent._messages_to(board.canvas)
    assert [name for name, _ in part].count("fillRect") < 10 < len(frame) and "clear" not in dict(part)
    assert len(part) * 5 < len(frame)


def test_the_discard_shown_at_once_is_the_table_drawn_so_far():
    """Your hand row and river as the part draws them are what a whole frame of the same moment shows."""
    from gamelab.pictures import RecordingPainter
    from gamelab.riichi.table.picture import HEIGHT, MY_ROW, WIDTH

    game = RiichiBoard(seed=3, rules={"場数": 0}).game
    view = TableView.of(game.table, game.seat_id)
    tile = game.legal_actions()[0][:2]
    view.hands[view.me].discard(tile)
    view.rivers[view.me].discard(tile)
    view.options, view.turn, view.status = None, view.me, "dapai"
    part = RecordingPainter(WIDTH, HEIGHT)
    TablePicture().draw_discard(part, view)
    whole = RecordingPainter(WIDTH, HEIGHT)
    TablePicture().paint(whole, view)
    cleared, *drawn = part.calls
    assert cleared[0] == "rect" and cleared[1][:4] == MY_ROW  # the hand row's box, in the felt's color
    assert len(drawn) > 20 and all(op in whole.calls for op in drawn)  # the same tiles, drawn the same way


def test_tiles_that_may_not_go_are_not_targets(board):
    click(board, Discard(board.game.legal_actions()[0]))
    if board.game.table.status not in ("zimo", "gangzimo"):  # not my turn: no tile is a target
        with pytest.raises(LookupError):
            centre_of(board, Discard("m1"))


def test_click_on_the_felt_does_nothing(board):
    with CanvasMessages() as sent:
        fire(board.canvas, event="mouse_down", x=5, y=5)
        fire(board.canvas, event="mouse_up", x=5, y=5)
    assert board.record.actions == [] and sent.count == 0


def test_buttons_follow_the_legal_actions_and_play_them(board):
    for _ in range(200):
        if board.game.is_over:
            break
        actions = board.game.legal_actions()
        shown = board.call_actions
        for action in actions:
            if " " in action and not action.startswith("riichi") or action in ("tsumo", "ron", "pass", "next",
                                                                               "nine", "declare"):
                assert action in shown
        if "ron" in actions or "tsumo" in actions:
            board.press("ron" if "ron" in actions else "tsumo")
        elif "next" in actions:
            board.press("next")
        elif "pass" in actions:
            board.press("pass")
        else:
            click(board, Discard(actions[-1] if not actions[-1].startswith("riichi") else actions[0]))
    assert board.game.is_over
    assert "Game over" in board.status_line.value
    assert "wins" in board.panel("result").value or "Draw" in board.panel("result").value


def test_riichi_button_then_tile():
    board = RiichiBoard(seed=1, rules={"場数": 1}, level="easy")  # the easy bots: a position known to offer riichi
    helper = Bot(seed=0, level="easy")  # plays the learner's discards until a riichi is possible
    for _ in range(400):
        actions = board.game.legal_actions()
        if any(a.startswith("riichi") for a in actions) or board.game.is_over:
            break
        if "pass" in actions or "next" in actions:
            board.act("pass" if "pass" in actions else "next")
        else:
            table = board.game.table
            board.act(helper.reply(table, board.game.seat, table.status)["dapai"].rstrip("*"))
    option = next(a for a in board.game.legal_actions() if a.startswith("riichi")).split()[1]
    for expected in (True, False):  # the r key turns riichi on and off, as the button does
        fire(board.canvas, event="key_down", key="r", shift_key=False, ctrl_key=False, meta_key=False)
        labels = [b.label for b in call_buttons(board.game, board.ui)]
        assert board.ui.riichi is expected and ("立直 Riichi: click a tile…" in labels) is expected
        assert ("Riichi: click the tile" in board.status_line.value) is expected
    click(board, Call("riichi"))  # the choice on the table
    assert board.ui.riichi and f"{option}*" in board.ui.riichi_options
    click(board, Discard(option))
    assert board.game.table.hands[board.game.seat].riichi
    assert board.record.actions[-1] == f"riichi {option}"


def test_refused_action_shows_the_reason(board):
    board.act("riichi m1")
    assert "not tenpai" in board.status_line.value and board.record.actions == []
    assert board.sounds.played[-1] == "ng"


def test_new_game_takes_the_rules_set():
    board = RiichiBoard(seed=2, rules={"場数": 0})
    board.setting("dealer_repeats").value = 0  # as the page's menu and check box would
    board.setting("abortive_draws").value = False
    board.level = "easy"  # as a cell would: through the setting
    assert board.game.table.rules.dealer_repeats == 2  # the game being played keeps its rules
    board.new_game()
    rules = board.game.table.rules
    assert rules.dealer_repeats == 0 and rules.abortive_draws is False and rules.rounds == 0
    assert board.rules == rules and board.game.setup.get("level", "easy") == "easy"
    board.rules = "Mリーグルール"  # a preset from a cell: the settings show it at once
    assert board.setting("max_winners").value == 1 and board.rules.max_winners == 1
    with pytest.raises(ValueError, match="level"):
        board.level = "hard"


def test_pictures_render():
    from gamelab.riichi.table import Table

    table = Table(seed=3, qijia=0).run()
    svg = TablePicture().svg(TableView.of(table, reveal=True))
    assert svg.startswith("<svg") and "東1局" in svg
    board = RiichiBoard(seed=1, rules={"場数": 0}, sound=False)
    assert RiichiGamePicture().svg(board.game) == TablePicture().svg(TableView.of(board.game.table, 0))


def test_keys_pass_and_next(board):
    click(board, Discard(board.game.legal_actions()[0]))
    for _ in range(300):
        if board.game.is_over:
            break
        actions = board.game.legal_actions()
        if "pass" in actions or "next" in actions:
            before = len(board.record)
            fire(board.canvas, event="key_down", key="Enter", shift_key=False, ctrl_key=False, meta_key=False)
            assert len(board.record) == before + 1 and board.record.actions[-1] in ("pass", "next")
        else:
            click(board, Discard([a for a in actions if " " not in a and a not in ("tsumo", "nine")][-1]))
    assert board.game.is_over
