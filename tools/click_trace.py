"""One Othello click against the computer (level 1), traced: how many times ``is_over`` is evaluated, and
how many calls cross between the shared board (``gamelab/widgets/board.py``) and the game's board code
(``gamelab/othello/widget.py``), in which direction and by which function.

    python tools/click_trace.py
"""

from __future__ import annotations

import collections
import sys
from types import FrameType
from typing import Any

from gamelab.othello.picture import Square
from gamelab.othello.widget import OthelloBoard
from gamelab.widgets import fire
from gamelab.widgets.testing import centre_of

SHARED, GAME = "widgets/board.py", "othello/widget.py"


def side(frame: FrameType) -> str | None:
    name = frame.f_code.co_filename.replace("\\", "/")
    return "board" if name.endswith(SHARED) else "game" if name.endswith(GAME) else None


def main() -> None:
    board = OthelloBoard(mode="vs-computer", computer="white", level=1, seed=0, sound=False)
    x, y = centre_of(board, Square(19))  # d3
    counts: collections.Counter[str] = collections.Counter()

    def trace(frame: FrameType, event: str, arg: Any) -> None:
        if event != "call":
            return
        if frame.f_code.co_name == "is_over":
            counts["is_over"] += 1
        here = side(frame)
        if here is None:
            return
        caller = frame.f_back
        while caller is not None and side(caller) is None:
            caller = caller.f_back
        if caller is not None and side(caller) != here:
            counts[f"{side(caller)} -> {here}: {frame.f_code.co_name}"] += 1

    sys.setprofile(trace)
    fire(board.canvas, event="mouse_down", x=x, y=y)
    sys.setprofile(None)
    crossings = {k: v for k, v in counts.items() if "->" in k}
    print(f"actions played: {board.record.actions}")
    print(f"is_over evaluations: {counts['is_over']}")
    print(f"crossings between the shared board and the game's board code: {sum(crossings.values())}")
    for key, value in sorted(crossings.items()):
        print(f"  {value} × {key}")


if __name__ == "__main__":
    main()
