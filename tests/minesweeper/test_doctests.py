"""Every docstring example in the Minesweeper package runs as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["vmap", "solver", "generate", "game", "ctrl", "picture", "bench", "widget", ""]


@pytest.mark.parametrize("name", MODULES)
def test_doctests(name):
    module = importlib.import_module("gamelab.minesweeper" + (f".{name}" if name else ""))
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
