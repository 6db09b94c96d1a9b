"""Shared fixtures: where the conformance data lives, and real-browser fixtures.

Browser tests use Debian's chromium driven by Playwright against Voila or JupyterLab on 127.0.0.1.
They skip with a reason where chromium is absent, and fail instead when ``CI`` is set, so a CI run can
never pass without having played the boards in a browser. Page helpers (pixels, clicks, screenshots)
are in ``tests/browsing.py``.
"""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Callable, Iterator

import nbformat
import pytest

from tests.browsing import KERNEL_WATCH, find_chromium, kernel_busy

ROOT = Path(__file__).resolve().parents[1]


def conformance_dir() -> Path | None:
    """``$GAMELAB_CONFORMANCE_DATA`` or ``../shared/data`` from the project root, if it exists."""
    env = os.environ.get("GAMELAB_CONFORMANCE_DATA")
    for candidate in ([Path(env)] if env else []) + [ROOT.parent / "shared" / "data"]:
        if candidate.is_dir():
            return candidate
    return None


@pytest.fixture(scope="session")
def conformance_data() -> Path:
    """The conformance data folder: skipped where absent (a learner's clone), a failure under CI."""
    found = conformance_dir()
    if found is None:
        message = "conformance data not found: set GAMELAB_CONFORMANCE_DATA or place shared/data beside the repo"
        if os.environ.get("CI"):
            pytest.fail(message + " (required when CI is set)")
        pytest.skip(message)
    return found

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-quic"]


def pytest_collection_modifyitems(items):
    for item in items:
        if "browser" in getattr(item, "fixturenames", ()):
            item.add_marker(pytest.mark.browser)


@pytest.fixture(scope="session")
def chromium_path() -> str:
    path = find_chromium()
    if path is None:
        message = "chromium not found (apt-get install chromium, or set GAMELAB_CHROMIUM)"
        if os.environ.get("CI"):
            pytest.fail(message + ": browser tests are required when CI is set")
        pytest.skip(message)
    return path


@pytest.fixture(scope="session")
def browser(chromium_path):
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if os.environ.get("CI"):
            pytest.fail("playwright is not installed: pip install -e .[test]")
        pytest.skip("playwright is not installed")
    with sync_playwright() as pw:
        instance = pw.chromium.launch(executable_path=chromium_path, headless=True, args=CHROMIUM_ARGS)
        yield instance
        instance.close()


#: (test, seconds): the longest the kernel of each browser test's page was busy (see KERNEL_WATCH)
KERNEL_BUSY: list[tuple[str, float]] = []


@pytest.fixture
def page(browser, request):
    """A fresh browser tab (1100 × 1000); uncaught page errors are collected in ``page.errors``."""
    context = browser.new_context(viewport={"width": 1100, "height": 1000})
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda exc: page.errors.append(str(exc)))
    yield page
    busy = kernel_busy(page)
    if busy is not None:
        KERNEL_BUSY.append((request.node.nodeid, busy))
    context.close()


def pytest_terminal_summary(terminalreporter):
    """After browser tests: how long each board's kernel was busy at most (no test asserts a time)."""
    if KERNEL_BUSY:
        terminalreporter.section("longest time a board's kernel was busy")
        for test, seconds in sorted(KERNEL_BUSY, key=lambda item: -item[1]):
            terminalreporter.write_line(f"{seconds * 1000:7.0f} ms  {test}")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _wait_http(url: str, process: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        try:
            with urllib.request.urlopen(url, timeout=2):
                return
        except OSError:
            time.sleep(0.2)
    raise RuntimeError(f"server did not answer {url} within {timeout} s:\n{log.read_text()[-3000:]}")


def _jupyter_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    for name, sub in (("JUPYTER_CONFIG_DIR", "config"), ("JUPYTER_RUNTIME_DIR", "runtime"), ("IPYTHONDIR", "ipython"),
                      ("MPLCONFIGDIR", "mpl")):
        (home / sub).mkdir(parents=True, exist_ok=True)
        env[name] = str(home / sub)
    env["GAMELAB_DATA_DIR"] = str(home / "data")
    env["PYTHONHASHSEED"] = "0"
    return env


def write_app(folder: Path, name: str, cells: list[str]) -> Path:
    """A notebook of code cells, for a server to run."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}
    notebook.cells = [nbformat.v4.new_code_cell(code) for code in cells]
    path = folder / name
    nbformat.write(notebook, path)
    return path


@pytest.fixture
def voila(tmp_path, chromium_path) -> Iterator[Callable[..., str]]:
    """``voila(cells) -> url``: serve a notebook made of ``cells`` with Voila; stopped after the test."""
    processes: list[subprocess.Popen] = []

    def start(cells: list[str], name: str = "app.ipynb") -> str:
        app = write_app(tmp_path, name, [*cells, KERNEL_WATCH])
        port = free_port()
        log = tmp_path / f"voila-{port}.log"
        process = subprocess.Popen(
            [sys.executable, "-m", "voila", str(app), "--no-browser", f"--port={port}", "--Voila.ip=127.0.0.1",
             "--show_tracebacks=True"],
            stdout=log.open("w"), stderr=subprocess.STDOUT, env=_jupyter_env(tmp_path / "jhome"), cwd=tmp_path)
        processes.append(process)
        url = f"http://127.0.0.1:{port}/"
        _wait_port(port, process, log)
        return url

    yield start
    for process in processes:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()


def _wait_port(port: int, process: subprocess.Popen, log: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"server exited early:\n{log.read_text()[-3000:]}")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.2)
    raise RuntimeError(f"server did not listen on {port} within {timeout} s:\n{log.read_text()[-3000:]}")


@pytest.fixture
def jupyterlab(tmp_path, chromium_path) -> Iterator[Callable[..., str]]:
    """``jupyterlab(cells) -> url`` of the notebook in a fresh JupyterLab (app exposed as ``window.jupyterapp``)."""
    processes: list[subprocess.Popen] = []

    def start(cells: list[str], name: str = "lab.ipynb", notebook: Path | None = None) -> str:
        """``notebook``: open a copy of that notebook (``cells`` unused) instead of one made of ``cells``."""
        root = tmp_path / "root"
        root.mkdir(exist_ok=True)
        if notebook is not None:
            (root / name).write_bytes(notebook.read_bytes())
        else:
            write_app(root, name, cells)
        port = free_port()
        log = tmp_path / f"lab-{port}.log"
        process = subprocess.Popen(
            [sys.executable, "-m", "jupyter", "lab", "--no-browser", "--ip=127.0.0.1", f"--port={port}",
             "--IdentityProvider.token=", "--PasswordIdentityProvider.hashed_password=", f"--ServerApp.root_dir={root}",
             "--allow-root", "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=",
             "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
            stdout=log.open("w"), stderr=subprocess.STDOUT, env=_jupyter_env(tmp_path / "jhome"), cwd=root)
        processes.append(process)
        _wait_http(f"http://127.0.0.1:{port}/api/status", process, log)
        return f"http://127.0.0.1:{port}/lab/tree/{name}?reset"

    yield start
    for process in processes:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()


@pytest.fixture(autouse=True)
def no_running_loop(request):
    """Every test but a browser test runs as plain Python does: with no event loop on the test's thread.

    Playwright's sync API (the browser tests) keeps a loop marked as running on this thread for the whole
    session: a board would take it for a kernel's and start long work asked for by a click on a thread whose
    answer that loop never delivers. A test that wants a loop runs its own (``run_loop``)."""
    if {"page", "browser"} & set(request.fixturenames):  # a browser test: Playwright's own loop stays
        yield
        return
    loop = asyncio._get_running_loop()
    asyncio._set_running_loop(None)
    try:
        yield
    finally:
        asyncio._set_running_loop(loop)
