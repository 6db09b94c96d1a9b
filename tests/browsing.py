"""Helpers for the browser tests and for looking at pictures: real pages driven by Playwright, and SVG → PNG.

Test tooling, kept out of the runtime package: chromium discovery, canvas pixels, real-mouse clicks,
screenshots under ``artifacts/screenshots``, opening a Voila page with one board, rendering an SVG
picture to PNG with headless chromium.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import tempfile
import time
from pathlib import Path
from typing import Any

CHROMIUM_FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                  "--disable-component-update", "--disable-sync", "--no-first-run", "--hide-scrollbars"]


def find_chromium() -> str | None:
    """Path of a Chromium binary (``$GAMELAB_CHROMIUM``, Debian's ``/usr/bin/chromium``, or on PATH)."""
    for candidate in (os.environ.get("GAMELAB_CHROMIUM"), "/usr/bin/chromium", shutil.which("chromium"),
                      shutil.which("chromium-browser"), shutil.which("google-chrome")):
        if candidate and os.path.exists(candidate):
            return candidate
    return None


def svg_to_png(svg: str, path: str | os.PathLike, *, width: int | None = None, height: int | None = None,
               scale: float = 1.0) -> Path:
    """Render ``svg`` to a PNG file at ``path`` with headless Chromium; raises ``RuntimeError`` without one."""
    chromium = find_chromium()
    if chromium is None:
        raise RuntimeError("svg_to_png needs Chromium (apt-get install chromium) or $GAMELAB_CHROMIUM")
    if width is None or height is None:
        match = re.search(r'width="(\d+)" height="(\d+)"', svg)
        if not match:
            raise ValueError("svg_to_png: the SVG has no width/height attributes; pass width= and height=")
        width, height = int(match.group(1)), int(match.group(2))
    out = Path(path).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "picture.html"
        page.write_text(f'<!doctype html><meta charset="utf-8"><body style="margin:0">{svg}</body>', encoding="utf-8")
        # headless chromium keeps a window of at least a few hundred pixels: shoot a roomy one, then crop
        subprocess.run(
            [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={tmp}/profile", f"--force-device-scale-factor={scale}",
             f"--window-size={max(width, 400)},{max(height, 400)}", f"--screenshot={out}", page.as_uri()],
            check=True, capture_output=True, timeout=60,
        )
    from PIL import Image

    with Image.open(out) as shot:
        cropped = shot.crop((0, 0, round(width * scale), round(height * scale)))
    cropped.save(out)
    return out


# -- in a real browser (Playwright pages) ---------------------------------------------------------------
def artifacts_dir() -> Path:
    """Where browser tests keep screenshots: ``$GAMELAB_ARTIFACTS/screenshots`` or ``./artifacts/screenshots``."""
    folder = Path(os.environ.get("GAMELAB_ARTIFACTS", "artifacts")) / "screenshots"
    folder.mkdir(parents=True, exist_ok=True)
    return folder


_RATIO_JS = "c => { const k = [...c.classList].find(k => k.startsWith('gamelab-ratio-')); " \
            "return k ? parseFloat(k.slice(14)) : 1; }"


def ratio(canvas: Any) -> float:
    """Backing-store pixels per picture pixel of a board's canvas (1 for a canvas that is not a board's)."""
    return float(canvas.evaluate(_RATIO_JS))


def to_css(canvas: Any, x: float, y: float) -> tuple[float, float]:
    """Picture pixel (x, y) → a position inside the element in CSS pixels (the element may be scaled).

    A board's canvas has :func:`ratio` backing-store pixels per picture pixel (and the browser may show
    it smaller than its picture, to fit the cell); positions here are always the picture's.
    """
    box = canvas.bounding_box()
    width, height = canvas.evaluate("c => [c.width, c.height]")
    r = ratio(canvas)
    return x * r * box["width"] / width, y * r * box["height"] / height


def click_canvas(canvas: Any, x: float, y: float, **options: Any) -> None:
    """Click picture pixel (x, y) with the real mouse."""
    cx, cy = to_css(canvas, x, y)
    canvas.click(position={"x": cx, "y": cy}, **options)


def pixel(canvas: Any, x: float, y: float) -> list[int]:
    """RGBA of picture pixel (x, y) as the browser drew it (the backing-store pixel at its top-left)."""
    r = ratio(canvas)
    return canvas.evaluate(f"c => Array.from(c.getContext('2d').getImageData({int(x * r)}, {int(y * r)}, 1, 1).data)")


def painted_fraction(canvas: Any) -> float:
    """Share of the canvas's pixels that are not fully transparent (0 = blank)."""
    return canvas.evaluate("""c => { const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
        let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n / (d.length / 4); }""")


def wait_painted(canvas: Any, timeout: float = 20, at_least: float = 0.5) -> float:
    """Wait until the canvas is mostly painted; returns the painted share (possibly below ``at_least``)."""
    deadline = time.monotonic() + timeout
    fraction = 0.0
    while time.monotonic() < deadline:
        fraction = painted_fraction(canvas)
        if fraction >= at_least:
            break
        time.sleep(0.1)
    return fraction


def screenshot(locator: Any, name: str) -> Path:
    """Save a screenshot of ``locator`` as ``artifacts/screenshots/<name>``."""
    path = artifacts_dir() / name
    locator.screenshot(path=str(path))
    return path


def open_board(page: Any, url: str, timeout: float = 60) -> Any:
    """Open ``url`` (a Voila page holding one board), wait until the board is drawn, return its canvas.

    Fails if the canvas stays blank: Voila runs the notebook before the page connects, so only the
    board's client-ready redraw can paint it.
    """
    page.goto(url, timeout=timeout * 1000)
    canvas = page.locator("canvas").first
    canvas.wait_for(state="visible", timeout=timeout * 1000)
    fraction = wait_painted(canvas)
    assert fraction > 0.99, f"the board stayed blank ({fraction:.0%} painted): the client-ready redraw did not arrive"
    return canvas


# -- how long the kernel was busy ------------------------------------------------------------------------
#: A last cell for a served notebook: a task on the kernel's event loop wakes every 20 ms and notes the
#: longest it was kept waiting (the kernel busy with a click, a redraw, a solver…) in a hidden widget
#: of class ``gamelab-kernel-watch``, which :func:`kernel_busy` reads from the page.
KERNEL_WATCH = """
import asyncio as _asyncio, time as _time, ipywidgets as _widgets
from IPython.display import display as _display
_kernel_watch = _widgets.HTML(value="0.000", layout=_widgets.Layout(display="none"))
_kernel_watch.add_class("gamelab-kernel-watch")
_display(_kernel_watch)

async def _watch_the_kernel(step=0.02):
    worst = 0.0
    while True:
        started = _time.perf_counter()
        await _asyncio.sleep(step)
        late = _time.perf_counter() - started - step
        if late > worst:
            worst = late
            _kernel_watch.value = f"{worst:.3f}"

_asyncio.get_running_loop().create_task(_watch_the_kernel())
"""


def kernel_busy(page: Any) -> float | None:
    """The longest time (seconds) the page's kernel was kept from its event loop since its notebook ran,
    as :data:`KERNEL_WATCH` saw it; None on a page without the watch."""
    try:
        values = page.locator(".gamelab-kernel-watch").all_text_contents()
    except Exception:  # the page is gone: nothing to read
        return None
    numbers = [float(v) for v in values if v.strip()]
    return max(numbers) if numbers else None
