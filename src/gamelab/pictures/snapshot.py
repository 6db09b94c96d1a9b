"""Turn an SVG picture into a PNG with a headless browser, to look at a board as a player would."""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
from pathlib import Path

__all__ = ["svg_to_png", "find_chromium"]

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
        import re

        match = re.search(r'width="(\d+)" height="(\d+)"', svg)
        if not match:
            raise ValueError("svg_to_png: the SVG has no width/height attributes; pass width= and height=")
        width, height = int(match.group(1)), int(match.group(2))
    out = Path(path).resolve()
    with tempfile.TemporaryDirectory() as tmp:
        page = Path(tmp) / "picture.html"
        page.write_text(f'<!doctype html><meta charset="utf-8"><body style="margin:0">{svg}</body>', encoding="utf-8")
        subprocess.run(
            [chromium, *CHROMIUM_FLAGS, f"--user-data-dir={tmp}/profile", f"--force-device-scale-factor={scale}",
             f"--window-size={width},{height}", f"--screenshot={out}", page.as_uri()],
            check=True, capture_output=True, timeout=60,
        )
    return out
