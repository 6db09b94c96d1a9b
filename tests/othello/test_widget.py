"""The Othello play board without a browser: canvas events through the message handler."""

from __future__ import annotations

import asyncio

import pytest

from gamelab.othello import Othello
from gamelab.othello import tutorial as t
from gamelab.othello.bitboard import parse_square
from gamelab.othello.picture import Square
from gamelab.othello.widget import OthelloBoard
from gamelab.widgets import fire
from gamelab.widgets.testing import CanvasMessages, centre_of, click

from .test_tutorial import GAME_WITH_PASS


def square(name: str) -> Square:
    return Square(parse_square(name))


def test_click_plays_and_the_computer_replies_in_one_frame() -> None:
    board = OthelloBoard(mode="vs-computer", computer="white", level=2, seed=1)
    with CanvasMessages() as sent:
        click(board, square("f5"))
    assert board.record.actions[0] == "f5" and len(board.record.actions) == 2
    assert board.game.to_move == "black"
    assert sent.count == 1  # the move and the reply are drawn as one frame
    assert "Black&#x27;s turn." in board.status_line.value
    assert board.sounds.played[-1] == "place"


def test_a_click_against_the_computer_draws_your_stone_before_the_search() -> None:
    """In the browser the search runs as long work; the frame with your own move goes out first."""
    board = OthelloBoard(mode="vs-computer", computer="white", level=2, seed=1, sound=False)
    drawn = []
    draw = board.view.draw
    board.view.draw = lambda *args: (drawn.append(list(board.record.actions)), draw(*args))

    async def in_the_page() -> None:  # a click of the page, with the kernel's event loop running
        click(board, square("f5"))
        while board.busy:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0)

    asyncio.run(in_the_page())
    assert drawn[0] == ["f5"] and len(drawn[-1]) == 2  # your stone alone first, then with the reply


def test_stop_ends_the_search_and_keeps_the_game() -> None:
    """The search is long work whose Stop is cooperative: it checks between nodes, and the game stays."""
    board = OthelloBoard(mode="computer-vs-computer", level=6, seed=1, sound=False)

    async def in_the_page() -> None:
        board.button("run").click()  # the whole game at one second a move
        assert board.busy == "The computer is thinking"
        await asyncio.sleep(0.3)
        board.stop_button.click()
        assert board.busy is None and board.record.actions == []
        board.button("step").click()  # the next work waits for the stopped one, then plays
        while board.busy:
            await asyncio.sleep(0.05)

    asyncio.run(in_the_page())
    assert len(board.record.actions) == 1 and "Stopped" not in board.status_line.value


def test_clicks_outside_the_squares_do_nothing() -> None:
    board = OthelloBoard(mode="two-players")
    with CanvasMessages() as sent:
        for x, y in ((3, 3), (5, 200), (200, 490)):  # frame, coordinate labels, score strip
            fire(board.canvas, event="mouse_down", x=x, y=y)
            fire(board.canvas, event="mouse_up", x=x, y=y)
    assert board.record.actions == [] and sent.count == 0


def test_every_square_is_a_target() -> None:
    board = OthelloBoard(mode="two-players")
    for index in range(64):
        x, y = centre_of(board, Square(index))
        assert board.target_at(x, y) == Square(index)


def test_refused_click_explains_and_changes_nothing() -> None:
    board = OthelloBoard(mode="two-players")
    click(board, square("a1"))
    assert "a1 flips nothing: it touches no white stone" in board.status_line.value
    assert "#b00020" in board.status_line.value and board.sounds.played[-1] == "ng"
    click(board, square("d4"))
    assert "d4 is taken" in board.status_line.value
    assert board.record.actions == [] and board.game == Othello.new()


def test_two_players_and_automatic_pass_with_message() -> None:
    board = OthelloBoard(mode="two-players", lang="ja")
    from gamelab.othello.game import parse_transcript

    for name in parse_transcript(GAME_WITH_PASS):
        click(board, square(name))
    # black could not move after white's f2: the board passed for black by itself
    assert board.record.actions[-1] == "pass" and board.game.to_move == "white"
    assert "黒は置けません。白の番です。" in board.status_line.value
    click(board, square("b1"))
    click(board, square("a1"))
    assert board.game.is_over
    assert "Game end – " in board.status_line.value
    assert board.sounds.played[-1] == "win"
    click(board, square("h8"))  # after the end a click explains and changes nothing
    assert "the game is over" in board.status_line.value


def test_undo_against_the_computer_goes_back_to_your_turn() -> None:
    board = OthelloBoard(mode="vs-computer", computer="white", level=3, seed=2)
    click(board, square("f5"))
    click(board, square(board.game.legal_actions()[0]))
    assert len(board.record.actions) == 4
    board.button("undo").click()
    assert len(board.record.actions) == 2 and board.game.to_move == "black"
    board.button("undo").click()
    assert board.record.actions == [] and board.button("undo").disabled


def test_computer_plays_black_when_asked() -> None:
    board = OthelloBoard(mode="vs-computer", computer="black", level=1, seed=3)
    assert len(board.record.actions) == 1 and board.game.to_move == "white"
    board.button("undo").click()  # back to the start: the computer moves first again
    assert len(board.record.actions) == 1
    click(board, square(board.game.legal_actions()[0]))
    assert len(board.record.actions) == 3
    board.set_computer("white")  # now it is white's (the computer's) turn: it plays at once
    assert board.game.to_move == "black" and len(board.record.actions) == 4


def test_computer_vs_computer_step_and_run() -> None:
    board = OthelloBoard(mode="computer-vs-computer", level=2, seed=4)
    assert board.record.actions == []
    click(board, square("f5"))
    assert "press Step" in board.status_line.value and board.record.actions == []
    board.button("step").click()
    board.button("step").click()
    assert len(board.record.actions) == 2
    board.button("run").click()
    assert board.game.is_over and "Game end" in board.status_line.value
    board.button("new").click()
    assert board.record.actions == [] and board.game == Othello.new()


def test_hints_toggle_and_language() -> None:
    board = OthelloBoard(mode="two-players", hints=False)
    assert board.ui.hints is False
    with CanvasMessages() as sent:
        board.setting("hints").value = True  # as the page ticks the box
    assert board.ui.hints is True and sent.count == 1
    board.setting("lang").value = "ja"
    assert "黒の番です。" in board.status_line.value
    assert board.setting("computer").layout.display == "none"  # no computer in a two-player game
    assert board.button("step").layout.display == "none"  # Step plays for the computer: not here
    board.setting("mode").value = "vs-computer"
    assert board.mode == "vs-computer" and board.setting("computer").layout.display == ""
    board.setting("level").value = 5
    assert board.player.name == "level 5"
    with pytest.raises(ValueError, match="level must be one of 1, 2, 3, 4, 5, 6, not 9"):
        board.level = 9  # through the board, as through its menu: checked
    assert board.level == 5 and board.setting("level").value == 5


def test_the_settings_are_folded_until_opened() -> None:
    # the board, its status and its main buttons fit one screen: the settings panel is secondary
    board = OthelloBoard(mode="vs-computer")
    assert board.extras.layout.display == "none" and board.settings_button.description == "Settings ▾"
    assert board.settings_button in board.row.children
    board.settings_button.value = True
    assert board.extras.layout.display == "flex" and board.settings_button.description == "Settings ▴"
    board.show_settings(False)
    assert board.extras.layout.display == "none" and board.settings_button.value is False


def test_learner_check_plays_on_the_board() -> None:
    def always(board, index, direction, max_steps, color, reverse=True):  # a check that forgets to look
        return True

    board = OthelloBoard(mode="two-players", check=always)
    click(board, square("a1"))
    assert board.record.actions == ["a1"] and board.game.last_flips == []
    faithful = OthelloBoard(mode="two-players", check=t.check_stone)
    click(faithful, square("a1"))
    assert faithful.record.actions == []


def test_bad_options_are_refused() -> None:
    with pytest.raises(ValueError, match="mode must be one of .*not 'solo'"):
        OthelloBoard(mode="solo")
    with pytest.raises(ValueError, match="'red'"):
        OthelloBoard(computer="red")
    with pytest.raises(ValueError, match="'fr'"):
        OthelloBoard(lang="fr")


def test_save_load_and_repr() -> None:
    board = OthelloBoard(mode="two-players")
    click(board, square("f5"))
    saved = board.save()
    board.new_game()
    board.load(saved)
    assert board.record.actions == ["f5"]
    assert repr(board) == "<OthelloBoard two-players: White's turn.>"


def test_a_save_loads_on_the_learners_rules_and_says_which_move_they_refuse() -> None:
    rules = t.TutorialRules()
    board = OthelloBoard(mode="two-players", rules=rules, sound=False)
    board.act("f5")
    board.act("f6")
    saved = board.save()
    board.new_game()
    board.load(saved)
    assert board.record.actions == ["f5", "f6"] and board.game.rules is rules  # still the learner's pieces
    captures_nothing = OthelloBoard(mode="two-players", check=lambda *args, **kwargs: False, sound=False)
    with pytest.raises(ValueError, match="saved game action 1 'f5' is refused by the rules in play"):
        captures_nothing.load(saved)
    assert captures_nothing.record.actions == []


def test_keys_toggle_hints_and_step() -> None:
    board = OthelloBoard(mode="computer-vs-computer", level=1, seed=5)
    with CanvasMessages() as sent:
        fire(board.canvas, event="key_down", key="h", shift_key=False, ctrl_key=False, meta_key=False)
    assert board.ui.hints is False and board.setting("hints").value is False and sent.count == 1
    board.button("new").click()  # the hints stay hidden in the next game
    assert board.ui.hints is False
    fire(board.canvas, event="key_down", key="H", shift_key=True, ctrl_key=False, meta_key=False)
    assert board.ui.hints is True and board.setting("hints").value is True
    fire(board.canvas, event="key_down", key="s", shift_key=False, ctrl_key=False, meta_key=False)
    assert len(board.record.actions) == 1
    two = OthelloBoard(mode="two-players")
    fire(two.canvas, event="key_down", key="s", shift_key=False, ctrl_key=False, meta_key=False)
    assert two.record.actions == []  # no computer in a two-player game
