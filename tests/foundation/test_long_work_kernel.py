"""A real kernel keeps answering while a board's solver runs, and Stop stops it (issue 13, item 10).

The test talks to an IPython kernel the way JupyterLab does: a click on the board's "Finish for me"
button is the same ``comm_msg`` a browser sends, and the questions that follow are ordinary
``execute_request`` messages. Before the solver ran on the kernel's thread, nothing was answered until
it ended.
"""

from __future__ import annotations

import time

import pytest

jupyter_client = pytest.importorskip("jupyter_client.manager")


@pytest.fixture(scope="module")
def kernel():
    manager, client = jupyter_client.start_new_kernel(kernel_name="python3")
    try:
        yield client
    finally:
        client.stop_channels()
        manager.shutdown_kernel(now=True)


def run(client, code: str, timeout: float = 60) -> str:
    """Execute ``code`` and return what it printed (an error fails the test)."""
    msg_id = client.execute(code)
    out = []
    while True:
        msg = client.get_iopub_msg(timeout=timeout)
        if msg["parent_header"].get("msg_id") != msg_id:
            continue
        kind = msg["msg_type"]
        if kind == "stream":
            out.append(msg["content"]["text"])
        elif kind == "error":
            raise AssertionError("\n".join(msg["content"]["traceback"]))
        elif kind == "status" and msg["content"]["execution_state"] == "idle":
            return "".join(out)


def press(client, model_id: str) -> None:
    """Click a button as the browser does: a custom ``click`` message to its widget model."""
    content = {"comm_id": model_id, "data": {"method": "custom", "content": {"event": "click"}}}
    client.shell_channel.send(client.session.msg("comm_msg", content))


def test_the_kernel_answers_while_a_search_runs_and_stop_ends_it(kernel):
    ids = run(kernel, """
from gamelab.klondike.widget import KlondikeBoard
board = KlondikeBoard(seed=1, sound=False)
board.solve_budget = 50_000_000   # deal 1 is hard: the search would run for many minutes
print(board.button("finish").model_id, board.stop_button.model_id)
""").split()
    finish, stop = ids
    press(kernel, finish)
    answers = []
    for _ in range(5):
        started = time.monotonic()
        busy = run(kernel, "print(board.busy)").strip()
        answers.append((busy, time.monotonic() - started))
        time.sleep(0.2)
    assert all(busy == "The solver is finishing the game" for busy, _ in answers), answers
    print("kernel answered in", ", ".join(f"{seconds * 1000:.0f} ms" for _, seconds in answers))
    progress = run(kernel, "print(board.work_line.value)")
    assert "The solver is finishing the game" in progress and " s " in progress
    press(kernel, stop)
    deadline = time.monotonic() + 20
    while run(kernel, "print(board.busy)").strip() != "None":
        assert time.monotonic() < deadline, "Stop did not stop the search"
        time.sleep(0.1)
    state = run(kernel, """
import threading
print(board.status_line.value)
print(board.game.moves, board.record.actions)
print(any(t.name.startswith("gamelab:") and t.is_alive() for t in threading.enumerate()))
""")
    assert "Stopped: The solver is finishing the game" in state
    assert "0 []" in state  # the game is as it was
    deadline = time.monotonic() + 10
    while run(kernel, "import threading; print(any(t.name.startswith('gamelab:') for t in threading.enumerate()))").strip() != "False":
        assert time.monotonic() < deadline, "the solver's thread kept running after Stop"
        time.sleep(0.1)


def test_a_cells_own_call_still_runs_at_once(kernel):
    out = run(kernel, """
from gamelab.klondike.widget import KlondikeBoard
b = KlondikeBoard(seed=32, sound=False)
b.finish()
print(b.busy, b.game.is_won)
""")
    assert out.split() == ["None", "True"]
