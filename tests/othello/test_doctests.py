"""The examples in the othello modules' docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["gamelab.othello", "gamelab.othello.tutorial", "gamelab.othello.bitboard", "gamelab.othello.game",
           "gamelab.othello.ai"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
