"""The examples in the shanghai modules' (and the shared tile art's) docstrings run and hold."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["gamelab.shanghai", "gamelab.shanghai.board", "gamelab.shanghai.clock", "gamelab.shanghai.generator",
           "gamelab.shanghai.game", "gamelab.shanghai.solver", "gamelab.shanghai.ranking",
           "gamelab.shanghai.picture", "gamelab.pictures.tiles"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
