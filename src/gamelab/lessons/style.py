"""One call at the top of every lesson: stable, deterministic outputs for display and for nbval."""

from __future__ import annotations

__all__ = ["lesson_style"]


def lesson_style() -> None:
    """Make matplotlib draw PNG figures (never compared by nbval) with a fixed style and no dates.

    Lessons call this first; the figures then look the same on every machine that runs them.
    """
    import matplotlib

    matplotlib.rcParams.update({
        "figure.figsize": (6.4, 3.6),
        "figure.dpi": 90,
        "svg.hashsalt": "gamelab",
        "axes.spines.top": False,
        "axes.spines.right": False,
    })
    try:
        from IPython import get_ipython

        shell = get_ipython()
        if shell is not None:
            shell.run_line_magic("config", "InlineBackend.figure_formats = ['png']")
    except ImportError:
        pass
