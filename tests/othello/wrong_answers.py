"""One plausible learner mistake for every exercise of lesson 01 (Othello), as real functions.

``WRONG[exercise_id]`` is a wrong body a learner could write; ``check(exercise(id)(WRONG[id]))`` fails, and
its report draws the first failing case with at least one mark (the lesson's and the shared tests hold it
to that). Each comment says what the mistake is. The pieces call one another by name, as the notebook's
do; while one is checked, those names are the shipped pieces.
"""

from __future__ import annotations

from typing import Any, Callable

from gamelab.othello.tutorial import STEP, opponent


def squares_to_edge(index):
    left, right, up, down = index % 8, 7 - index % 8, index // 8, 7 - index // 8
    return {"left": left, "right": right, "up": up, "down": down,
            "leftup": max(up, left), "rightup": max(up, right),          # the larger side, not the smaller
            "leftdown": max(down, left), "rightdown": max(down, right)}


def check_stone(board, index, direction, max_steps, color, reverse=True):
    for i in range(1, max_steps + 1):
        stone = board[index + i * STEP[direction]]
        if stone is None:
            return False
        if stone == color:                        # forgets that the first square must be the opponent's
            if reverse:
                reverse_stones(board, index, direction, i, color)
            return True
    return False


def reverse_stones(board, index, direction, i, color):
    for k in range(1, i - 1):                     # stops one stone short of the closing one
        board[index + k * STEP[direction]] = color


def place_stone(board, index, color):
    if board[index] is not None:
        return False
    for direction, max_steps in squares_to_edge(index).items():
        if check_stone(board, index, direction, max_steps, color):
            board[index] = color
            return True                           # stops at the first line: the others are not flipped
    return False


def can_move(board, color):
    for index in range(64):                       # forgets to skip the squares that hold a stone
        for direction, max_steps in squares_to_edge(index).items():
            if check_stone(board, index, direction, max_steps, color, reverse=False):
                return True
    return False


def next_turn(board, mover):
    other = opponent(mover)
    if can_move(board, other):
        return other, f"{other}_turn"
    return None, "game_end"                       # forgets the pass: the mover may still play


def game_over(board):
    return None not in board                      # only a full board: forgets that nobody may move


def count_stones(board):
    black = board.count("black")
    return black, 64 - black                      # every other square counted as white, empty ones too


def winner(board):
    black, white = count_stones(board)
    return "black_wins" if black >= white else "white_wins"   # a draw goes to black


WRONG: dict[str, Callable[..., Any]] = {
    "othello.squares_to_edge": squares_to_edge,
    "othello.check_stone": check_stone,
    "othello.reverse_stones": reverse_stones,
    "othello.place_stone": place_stone,
    "othello.can_move": can_move,
    "othello.next_turn": next_turn,
    "othello.game_over": game_over,
    "othello.count_stones": count_stones,
    "othello.winner": winner,
}
