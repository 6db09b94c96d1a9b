"""The examples in the foundation's docstrings run and say what they show."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = ["gamelab.game", "gamelab.clock", "gamelab.pictures", "gamelab.pictures.painter", "gamelab.lessons",
           "gamelab.lessons.helpers", "gamelab.demo", "gamelab.demo.game", "gamelab.widgets.sound",
           "gamelab.bench"]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    result = doctest.testmod(importlib.import_module(name), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
