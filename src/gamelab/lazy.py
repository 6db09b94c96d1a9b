"""Names a game package exports without importing them until asked (its play board pulls in Jupyter).

Every game package ends with one line, so its engine stays importable without ipywidgets::

    __getattr__ = lazy_exports(__name__, {"OthelloBoard": ".widget"})

>>> getattr_ = lazy_exports("gamelab.demo", {"LightsOutBoard": ".widget"})
>>> getattr_("LightsOutBoard").__name__
'LightsOutBoard'
>>> getattr_("Nothing")
Traceback (most recent call last):
AttributeError: module 'gamelab.demo' has no attribute 'Nothing'
"""

from __future__ import annotations

import importlib
from typing import Callable

__all__ = ["lazy_exports"]


def lazy_exports(package: str, names: dict[str, str]) -> Callable[[str], object]:
    """A module ``__getattr__`` that imports ``name`` from ``names[name]`` (a relative module) on first use."""

    def __getattr__(name: str) -> object:
        if name in names:
            return getattr(importlib.import_module(names[name], package), name)
        raise AttributeError(f"module {package!r} has no attribute {name!r}")

    return __getattr__
