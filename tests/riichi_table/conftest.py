"""Fixtures for the table tests: majiang-core's data files, read in place."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.fixture(scope="session")
def script_records(conformance_data: Path) -> list[dict]:
    return json.loads((conformance_data / "majiang" / "script.json").read_text(encoding="utf-8"))


@pytest.fixture(scope="session")
def preset_file(conformance_data: Path) -> dict:
    return json.loads((conformance_data / "majiang" / "Majiang_conf_rule.json").read_text(encoding="utf-8"))
