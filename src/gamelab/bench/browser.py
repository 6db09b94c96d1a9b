"""``python -m gamelab.bench browser``: every board in a real browser, as a player meets it.

Debian's chromium, driven by Playwright, opens each board in JupyterLab on 127.0.0.1 (one server, one
notebook and kernel per board, a 1366 × 768 window) and measures three things per board:

* ``<board>: click to first changed pixel, median`` – from the mouse press (the page's own
  ``mousedown`` time) to the first change of the canvas pixels under the move, over at least 10 clicks
  (the player's own move: Othello plays against the computer at level 6, whose reply is not counted);
* ``<board>: reloads redrawn`` – the share of 10 page reloads in the middle of a game (Minesweeper with
  its clock running) after which the board is drawn again and answers a click;
* ``<board>: canvas pixels per CSS pixel at DPR 2`` – backing-store pixels per CSS pixel of the board's
  canvas in a page at device pixel ratio 2 (2 when sharp, 1 when the canvas is scaled up).

Screenshots of each board at 1366 × 768 and at DPR 2 go to ``$GAMELAB_ARTIFACTS/screenshots``
(default ``./artifacts/screenshots``). Where chromium, Playwright or JupyterLab is missing the bench
says so and measures nothing.

The driver asks the board's own kernel where to click next (``_bench_next()`` below, run through the
page's kernel connection), so it needs nothing from gamelab in the kernels' code but the boards' public
parts, and measures an older checkout as well. With ``GAMELAB_BENCH_REFERENCE`` set to another
checkout's ``src`` folder, each board is measured on that checkout and on this one, one after the
other, and each row carries both figures and their ratio (this / reference): on a shared machine
whose load changes by the minute, only figures taken side by side compare. Both boards are open at once and
their clicks take turns (A B B A …, 30 each): two blocks of 10 clicks one after the other gave ratios from
0.7 to 1.33 for the same code on both sides, the machine's load drifting between the blocks.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from typing import Any

from ..measure import median_ratio_interval
from . import Row

BENCH = "browser"

#: board name -> the notebook cell that makes ``board`` (the bench's boards, each mid-game when measured)
BOARDS: dict[str, str] = {
    "lights out": "from gamelab.demo.widget import LightsOutBoard\nboard = LightsOutBoard(size=5, seed=1)",
    "othello": "from gamelab.othello.widget import OthelloBoard\n"
               "board = OthelloBoard(mode='vs-computer', computer='white', level=6, seed=0)",
    "minesweeper": "from gamelab.minesweeper.widget import MinesweeperBoard\nboard = MinesweeperBoard('expert', seed=3)",
    "klondike": "from gamelab.klondike.widget import KlondikeBoard\nboard = KlondikeBoard(seed=1)",
    "shanghai": "from gamelab.shanghai.widget import ShanghaiBoard\n"
                "board = ShanghaiBoard(deal=7, ranking=None, warn_unwinnable=True)\nboard.start_problem()",
    "riichi": "from gamelab.riichi.table.widget import RiichiBoard\nboard = RiichiBoard(seed=1, rules={'場数': 0})",
}

#: Runs in the board's kernel: ``_bench_next()`` prints where to click next and which part of the picture
#: the click changes (picture pixels), or ``{"wait": true}`` while the board is busy (the computer
#: thinking). It plays the game on by itself where a click is not the point (a new game at the end,
#: Pass and Next hand at the riichi table). Written against the boards' public parts only, so that it
#: runs on older checkouts too.
KERNEL_HELPERS = r'''
import json as _bench_json

def _bench_box(target):
    for shape in reversed(board.view.hits.shapes):
        if shape.target == target:
            c = shape.coords
            if shape.kind == "rect":
                return list(c[:4])
            if shape.kind == "circle":
                return [c[0] - c[2], c[1] - c[2], 2 * c[2], 2 * c[2]]
            xs, ys = c[0::2], c[1::2]
            return [min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)]
    return None

def _bench_target():
    b = board
    name = {"lights-out": "LightsOutBoard", "othello": "OthelloBoard", "othello-tutorial": "OthelloBoard",
            "minesweeper": "MinesweeperBoard", "klondike": "KlondikeBoard", "shanghai": "ShanghaiBoard",
            "riichi": "RiichiBoard"}.get(b.game.name, type(b).__name__)  # by its game: one board class plays them all
    if name == "LightsOutBoard":
        from gamelab.demo import Lamp
        if b.game.is_over:
            b.new_game()
        return Lamp(2, 2), None
    if name == "OthelloBoard":
        from gamelab.othello.picture import Square
        from gamelab.othello.bitboard import squares
        if b.game.is_over:
            b.new_game()
        if b.game.to_move == b.computer:
            return None, None
        return Square(sorted(squares(b.game.legal_moves()))[0]), None
    if name == "MinesweeperBoard":
        from gamelab.minesweeper.picture import Cell
        from gamelab.minesweeper.vmap import HIDE
        if b.game.is_over:
            b.new_game()
        vm = b.game.vm
        order = sorted(((r, c) for r in range(1, vm.rows + 1) for c in range(1, vm.cols + 1)),
                       key=lambda rc: (abs(rc[0] - vm.rows // 2) + abs(rc[1] - vm.cols // 2), rc))
        for r, c in order:
            i = vm.index(r, c)
            if vm.state[i] == HIDE and not (vm.placed and vm.mine[i]):
                return Cell(r, c), None
    if name == "KlondikeBoard":
        from gamelab.klondike.picture import Stock
        p = b.picture
        return Stock(), [p.column_x(1), p.top_row, p.card_w + 44, p.card_h]
    if name == "ShanghaiBoard":
        from gamelab.shanghai.picture import TileAt
        if not b.playing or b.game.is_over or not b.game.removable_pairs():
            b.start_problem()
        pairs = b.game.removable_pairs()
        chosen = b.ui.selected
        if chosen is None:
            return TileAt(*pairs[0][0].position), None
        for first, second in pairs:
            if chosen in (first.position, second.position):
                other = second if chosen == first.position else first
                return TileAt(*other.position), None
        return TileAt(*chosen), None
    if name == "RiichiBoard":
        from gamelab.riichi.table.picture import Discard
        if b.game.is_over:
            b.new_game()
        tiles = [s for s in b.view.hits.shapes if isinstance(s.target, Discard)]
        if tiles:  # watch the whole hand: the tile leaves it and the others close up
            left = min(s.coords[0] for s in tiles)
            right = max(s.coords[0] + s.coords[2] for s in tiles)
            top = min(s.coords[1] for s in tiles)
            bottom = max(s.coords[1] + s.coords[3] for s in tiles)
            return tiles[len(tiles) // 2].target, [left, top, right - left, bottom - top]
        for action in ("tsumo", "ron", "next", "pass"):
            if action in b.call_actions:
                b.press(action)
                break
        else:
            if b.call_actions:
                b.press(b.call_actions[-1])
        return None, None
    raise TypeError(f"the bench does not know {name}")

def _bench_next():
    from gamelab.widgets.testing import centre_of
    target, watch = _bench_target()
    if target is None:
        print(_bench_json.dumps({"wait": True}))
        return
    x, y = centre_of(board, target)
    print(_bench_json.dumps({"click": [x, y], "watch": watch or _bench_box(target),
                             "size": list(board.picture.size(board.shown, board.ui))}))
'''

#: Page side: the board's canvas, how many backing pixels per picture pixel, and a region's fingerprint.
_PAGE_HELPERS = """
window.__bench = {
  canvas() { return document.querySelector('.gamelab-board canvas'); },
  scale(size) { const c = this.canvas(); return [c.width / size[0], c.height / size[1]]; },
  region(watch, size) {
    const c = this.canvas(), [sx, sy] = this.scale(size);
    const x = Math.max(0, Math.floor(watch[0] * sx)), y = Math.max(0, Math.floor(watch[1] * sy));
    const w = Math.max(1, Math.min(c.width - x, Math.ceil(watch[2] * sx)));
    const h = Math.max(1, Math.min(c.height - y, Math.ceil(watch[3] * sy)));
    return [x, y, w, h];
  },
  print(region) {
    const d = this.canvas().getContext('2d').getImageData(...region).data;
    let hash = 0;
    for (let i = 0; i < d.length; i++) hash = (hash * 31 + d[i]) | 0;
    return hash;
  },
  // Scroll the notebook so that the canvas (or, if it is taller than the view, picture point y) shows
  // whole, as a player scrolls to the board before playing; returns the client position of (x, y).
  reveal(x, y, size) {
    const c = this.canvas();
    let el = c.parentElement;
    while (el && !(el.scrollHeight > el.clientHeight + 1 && /(auto|scroll)/.test(getComputedStyle(el).overflowY)))
      el = el.parentElement;
    if (el) {
      const r = c.getBoundingClientRect(), v = el.getBoundingClientRect();
      const py = r.top + y * r.height / size[1];
      const aim = r.height <= v.height - 8 ? r.top + r.height / 2 : py;
      if (r.top < v.top || r.bottom > v.bottom) el.scrollTop += aim - (v.top + v.bottom) / 2;
    }
    const r = c.getBoundingClientRect();
    return [r.left + x * r.width / size[0], r.top + y * r.height / size[1]];
  },
  painted() {
    const c = this.canvas(); if (!c || !c.width) return 0;
    const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
    let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++;
    return n / (d.length / 4);
  },
  // Resolves with ms from the canvas's next mousedown to the first change in the watched region.
  watch(watch, size, timeout) {
    const region = this.region(watch, size), before = this.print(region), c = this.canvas();
    let pressed = null;
    c.addEventListener('mousedown', () => { pressed = performance.now(); }, {once: true, capture: true});
    const give_up = performance.now() + timeout;
    this.result = new Promise(resolve => {
      const look = () => {
        if (pressed !== null && this.print(region) !== before) return resolve(performance.now() - pressed);
        if (performance.now() > give_up) return resolve(null);
        setTimeout(look, 0);
      };
      look();
    });
  },
};
"""

_RUN_KERNEL = """async (code) => {
  const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session.kernel;
  const future = kernel.requestExecute({code, silent: false, store_history: false});
  let out = '';
  future.onIOPub = msg => {
    const t = msg.header.msg_type;
    if (t === 'stream') out += msg.content.text;
    if (t === 'error') out += 'ERROR ' + msg.content.ename + ': ' + msg.content.evalue + '\\n';
  };
  await future.done;
  return out;
}"""

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]
VIEWPORT = {"width": 1366, "height": 768}


def find_chromium() -> str | None:
    """Path of a Chromium binary (``$GAMELAB_CHROMIUM``, Debian's ``/usr/bin/chromium``, or on PATH)."""
    for candidate in (os.environ.get("GAMELAB_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def missing() -> str | None:
    """Why the browser bench cannot run here (``None``: it can)."""
    if find_chromium() is None:
        return "chromium not found (apt-get install chromium, or set GAMELAB_CHROMIUM)"
    for module, package in (("playwright", "playwright"), ("jupyterlab", "jupyterlab")):
        try:
            __import__(module)
        except ImportError:
            return f"{package} is not installed (pip install -e .[test])"
    return None


def artifacts_dir() -> Path:
    folder = Path(os.environ.get("GAMELAB_ARTIFACTS", "artifacts")) / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


# -- JupyterLab on 127.0.0.1 ---------------------------------------------------------------------------
def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def write_notebook(path: Path, cells: list[str]) -> Path:
    """A notebook of code cells (nbformat 4, the python3 kernel), written without nbformat."""
    notebook = {"cells": [{"cell_type": "code", "execution_count": None, "id": f"cell{i}", "metadata": {},
                           "outputs": [], "source": code} for i, code in enumerate(cells)],
                "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)",
                                            "language": "python"}},
                "nbformat": 4, "nbformat_minor": 5}
    path.write_text(json.dumps(notebook, ensure_ascii=False, indent=1), encoding="utf-8")
    return path


class LabServer:
    """JupyterLab serving ``root`` on a free port of 127.0.0.1, with its own Jupyter folders, no token,
    and the app exposed to the page as ``window.jupyterapp``; a context manager."""

    def __init__(self, root: Path, pythonpath: str | None = None) -> None:
        self.root = root
        self.pythonpath = pythonpath  # the kernels import gamelab from here (default: as this process does)
        self.port = _free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = root.parent / f"lab-{self.port}.log"

    def _env(self) -> dict[str, str]:
        env = dict(os.environ)
        home = self.root.parent / "jhome"
        for name, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"),
                          ("IPYTHONDIR", "ipython"), ("MPLCONFIGDIR", "mpl")):
            (home / sub).mkdir(parents=True, exist_ok=True)
            env[name] = str(home / sub)
        # gamelab's server extension (gamelab.server), as `gamelab server-extension enable` turns it on; a reference
        # checkout without it only logs that the extension is missing, and is measured without it.
        enabled = home / "config" / "jupyter_server_config.d"
        enabled.mkdir(parents=True, exist_ok=True)
        (enabled / "gamelab.json").write_text('{"ServerApp": {"jpserver_extensions": {"gamelab.server": true}}}')
        env.setdefault("GAMELAB_DATA_DIR", str(home / "data"))
        env["PYTHONHASHSEED"] = "0"
        if self.pythonpath is not None:
            env["PYTHONPATH"] = self.pythonpath
        return env

    def __enter__(self) -> "LabServer":
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={self.port}",
             "--IdentityProvider.token=", "--PasswordIdentityProvider.hashed_password=",
             f"--ServerApp.root_dir={self.root}", "--allow-root", "--LabApp.expose_app_in_browser=True",
             "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
            stdout=self.log.open("w"), stderr=subprocess.STDOUT, env=self._env(), cwd=self.root)
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited early:\n{self.log.read_text()[-3000:]}")
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{self.port}/api/status", timeout=2):
                    return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"JupyterLab did not answer within 90 s:\n{self.log.read_text()[-3000:]}")

    def __exit__(self, *exc: Any) -> None:
        if self.process is not None:
            self.process.terminate()
            try:
                self.process.wait(20)
            except subprocess.TimeoutExpired:
                self.process.kill()

    def url(self, name: str) -> str:
        return f"http://127.0.0.1:{self.port}/lab/tree/{name}?reset"


# -- one board in one page -----------------------------------------------------------------------------
class BoardPage:
    """A JupyterLab page holding one board notebook: run it, click the board, reload it.

    ``page`` is a Playwright page; :meth:`open` runs the notebook and saves it (so that a reload shows
    the board's output again, the kernel living on).
    """

    def __init__(self, page: Any, url: str) -> None:
        self.page = page
        self.url = url
        self.errors: list[str] = []
        page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.baseline = 0.0  # painted share of the first frame

    @property
    def canvas(self) -> Any:
        return self.page.locator(".gamelab-board canvas").first

    def _ready(self, timeout: float = 90) -> None:
        page = self.page
        page.locator(".jp-StatusBar-Widget").get_by_text("Idle").first.wait_for(timeout=timeout * 1000)
        page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell.currentWidget"
                               " && window.jupyterapp.shell.currentWidget.sessionContext"
                               " && window.jupyterapp.shell.currentWidget.sessionContext.session"
                               " && document.querySelectorAll('.jp-Notebook .jp-Cell').length >= 2",
                               timeout=timeout * 1000)
        page.evaluate(_PAGE_HELPERS)
        no_news = page.locator("button.jp-toast-button:text-is('No')")  # "notified about Jupyter news?"
        if no_news.count():
            no_news.first.click()

    def open(self) -> None:
        """Load the notebook, run every cell, wait for the board, save (outputs kept for reloads)."""
        self.page.goto(self.url, timeout=120_000)
        self._ready()
        self.page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
        self.canvas.wait_for(state="visible", timeout=120_000)
        self.baseline = self.wait_painted(0.3, timeout=60)
        self.kernel(KERNEL_HELPERS)  # queued behind the cells: the board exists when it runs
        self.baseline = max(self.baseline, self.painted())
        self.page.evaluate("() => window.jupyterapp.commands.execute('docmanager:save')")
        time.sleep(1.0)

    def painted(self) -> float:
        return float(self.page.evaluate("() => window.__bench.painted()"))

    def wait_painted(self, share: float, timeout: float = 30) -> float:
        deadline = time.monotonic() + timeout
        value = 0.0
        while time.monotonic() < deadline:
            value = self.painted()
            if value >= share:
                break
            time.sleep(0.1)
        return value

    def kernel(self, code: str) -> str:
        """Run ``code`` in the notebook's kernel (not in a cell) and return what it printed."""
        out = str(self.page.evaluate(_RUN_KERNEL, code))
        if "ERROR " in out:
            raise RuntimeError(f"the kernel refused {code!r}: {out}")
        return out

    def next_click(self, timeout: float = 60) -> dict[str, Any]:
        """Where to click next (picture pixels), waiting while the board is busy."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            answer: dict[str, Any] = json.loads(self.kernel("_bench_next()").strip().splitlines()[-1])
            if not answer.get("wait"):
                return answer
            time.sleep(0.2)
        raise TimeoutError("the board stayed busy")

    def click(self, timeout: float = 20) -> float | None:
        """One measured click: ms from the press to the first changed pixel under it (None: nothing changed)."""
        move = self.next_click()
        size, (x, y) = move["size"], move["click"]
        self.page.evaluate("([watch, size, timeout]) => window.__bench.watch(watch, size, timeout)",
                           [move["watch"], size, timeout * 1000])
        cx, cy = self.page.evaluate("([x, y, size]) => window.__bench.reveal(x, y, size)", [x, y, size])
        time.sleep(0.1)  # let the scroll settle, as a hand moving to the mouse does
        cx, cy = self.page.evaluate("([x, y, size]) => window.__bench.reveal(x, y, size)", [x, y, size])
        self.page.mouse.click(cx, cy)
        result = self.page.evaluate("() => window.__bench.result")
        return None if result is None else float(result)

    def reload(self) -> bool:
        """Reload the page: is the board drawn again, and does it answer a click?"""
        self.page.reload(timeout=120_000)
        try:
            self._ready()
            self.canvas.wait_for(state="visible", timeout=60_000)
        except Exception:  # noqa: BLE001 - a page that never shows the board counts as not redrawn
            return False
        if self.wait_painted(0.9 * self.baseline, timeout=30) < 0.9 * self.baseline:
            return False
        return self.click() is not None

    def device_ratio(self) -> float:
        """Backing-store pixels per CSS pixel of the board's canvas."""
        return float(self.page.evaluate(
            "() => { const c = window.__bench.canvas(); return c.width / c.getBoundingClientRect().width; }"))

    def screenshot(self, name: str) -> Path:
        path = artifacts_dir() / name
        self.page.evaluate("() => window.__bench.reveal(0.5, 0.5, [1, 1])")
        time.sleep(0.2)
        self.page.screenshot(path=str(path))
        return path


def _slug(name: str) -> str:
    return name.replace(" ", "_")


def _open(browser: Any, server: LabServer, name: str, tag: str) -> tuple[Any, BoardPage]:
    """A page (in a context of its own) showing the board ``name`` of ``server``, ready for clicks."""
    context = browser.new_context(viewport=VIEWPORT)
    board = BoardPage(context.new_page(), server.url(f"{_slug(name)}.ipynb"))
    board.open()
    board.screenshot(f"bench_{tag}{_slug(name)}_1366x768.png")
    return context, board


def _clicks(boards: dict[str, BoardPage], clicks: int) -> dict[str, list[float | None]]:
    """``clicks`` timed clicks on each board, taking turns (A B B A …): where two checkouts are measured,
    each click of one has a click of the other beside it, under the same load of the machine."""
    times: dict[str, list[float | None]] = {tag: [] for tag in boards}
    tags = list(boards)
    for turn in range(clicks):
        for tag in tags if turn % 2 == 0 else tags[::-1]:
            board = boards[tag]
            board.page.bring_to_front()
            times[tag].append(board.click())
    return times


def _rest(browser: Any, server: LabServer, name: str, board: BoardPage, times: list[float | None], reloads: int,
          log: Any, tag: str) -> list[Row]:
    """The rows of one board: its clicks' median, then its reloads and its sharpness at DPR 2 (measured here)."""
    shot = f"bench_{tag}{_slug(name)}"
    measured = [t for t in times if t is not None]
    print(f"  {tag}{name}: clicks (ms) {[None if t is None else round(t) for t in times]}", file=log)
    rows = [Row(BENCH, f"{name}: click to first changed pixel, median",
                round(statistics.median(measured), 1) if measured else float("nan"),
                f"ms ({len(measured)} of {len(times)} clicks drew)")]
    redrawn = [board.reload() for _ in range(reloads)]
    print(f"  {tag}{name}: reloads {['ok' if r else 'BLANK' for r in redrawn]}; page errors: "
          f"{sorted(set(board.errors))[:3]}", file=log)
    board.screenshot(f"{shot}_after_reloads.png")
    rows.append(Row(BENCH, f"{name}: reloads redrawn", round(sum(redrawn) / reloads, 2), f"fraction (of {reloads})"))
    sharp = browser.new_context(viewport=VIEWPORT, device_scale_factor=2)
    try:
        page = BoardPage(sharp.new_page(), server.url(f"{_slug(name)}.ipynb"))
        page.page.goto(page.url, timeout=120_000)
        page._ready()
        page.canvas.wait_for(state="visible", timeout=60_000)
        page.wait_painted(0.3, timeout=30)
        page.screenshot(f"{shot}_dpr2.png")
        rows.append(Row(BENCH, f"{name}: canvas pixels per CSS pixel at DPR 2", round(page.device_ratio(), 2),
                        "px/px"))
    finally:
        sharp.close()
    return rows


def run(quick: bool = False, boards: list[str] | None = None, log: Any = None,
        reference: str | None = None) -> list[Row]:
    """Measure every board (or ``boards``); ``quick``: 3 clicks and 3 reloads each instead of 10 and 10 (30
    clicks each where a reference is measured beside this checkout).

    ``reference`` (default ``$GAMELAB_BENCH_REFERENCE``): another checkout's ``src``, measured side by side:
    both boards open at once, their clicks taking turns.
    """
    log = log or sys.stderr
    reason = missing()
    if reason is not None:
        print(f"browser bench skipped: {reason}", file=log)
        return []
    from playwright.sync_api import sync_playwright

    reference = reference or os.environ.get("GAMELAB_BENCH_REFERENCE") or None
    reloads = 3 if quick else 10
    clicks = 3 if quick else 30 if reference else 10
    names = boards or list(BOARDS)
    rows: list[Row] = []
    with tempfile.TemporaryDirectory(prefix="gamelab-browser-bench-") as tmp:
        roots = {"": Path(tmp) / "this" / "root", "reference_": Path(tmp) / "reference" / "root"}
        for root in roots.values():
            root.mkdir(parents=True)
            for name in names:
                write_notebook(root / f"{_slug(name)}.ipynb", ["import gamelab.widgets", BOARDS[name] + "\nboard"])
        with contextlib.ExitStack() as stack:
            servers = {"": stack.enter_context(LabServer(roots[""]))}
            if reference:
                servers["reference_"] = stack.enter_context(LabServer(roots["reference_"], pythonpath=reference))
            pw = stack.enter_context(sync_playwright())
            browser = pw.chromium.launch(executable_path=find_chromium(), headless=True, args=CHROMIUM_ARGS)
            stack.callback(browser.close)
            for name in names:
                started = time.monotonic()
                measured: dict[str, dict[str, Row]] = {}
                times: dict[str, list[float | None]] = {}
                with contextlib.ExitStack() as pages:
                    try:
                        opened: dict[str, BoardPage] = {}
                        for tag in sorted(servers, reverse=True):  # the reference first, then this checkout
                            context, opened[tag] = _open(browser, servers[tag], name, tag)
                            pages.callback(context.close)
                        times = _clicks(opened, clicks)
                        for tag, board in opened.items():
                            measured[tag] = {row.metric: row for row in
                                             _rest(browser, servers[tag], name, board, times[tag], reloads, log, tag)}
                    except Exception as exc:  # noqa: BLE001 - one board failing must not hide the others
                        print(f"  {name}: FAILED {type(exc).__name__}: {exc}", file=log)
                print(f"  {name}: {time.monotonic() - started:.0f} s", file=log)
                for metric, row in measured.get("", {}).items():
                    ref = measured.get("reference_", {}).get(metric)
                    if ref is not None:
                        row.reference, row.reference_value = f"reference {reference}", ref.value
                        row.ratio = round(row.value / ref.value, 2) if ref.value else None
                        drew = [[t for t in times[tag] if t is not None] for tag in ("", "reference_")]
                        if metric.endswith("changed pixel, median") and all(drew):
                            low, high = median_ratio_interval(drew[0], drew[1])
                            row.unit += f"; ratio's 95% interval {low:.2f}-{high:.2f}"
                    rows.append(row)
    return rows
