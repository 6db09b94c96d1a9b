"""Shared fixtures: where the conformance data lives, and whether a browser is here."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
