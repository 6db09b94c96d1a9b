"""The examples in the table modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["gamelab.riichi.table", "gamelab.riichi.table.engine", "gamelab.riichi.table.rules",
           "gamelab.riichi.table.bots", "gamelab.riichi.table.replay", "gamelab.riichi.table.game",
           "gamelab.riichi.table.simulate"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
