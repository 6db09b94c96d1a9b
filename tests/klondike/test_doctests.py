"""The examples in the Klondike modules' docstrings run as written."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["gamelab.klondike", "gamelab.klondike.cards", "gamelab.klondike.rules", "gamelab.klondike.deck",
           "gamelab.klondike.engine", "gamelab.klondike.solver", "gamelab.klondike.picture",
           "gamelab.klondike.widget", "gamelab.klondike.bench"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    failures, _ = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert failures == 0
