"""Root conftest: under CI, the whole suite must really have run the lessons and the browser tests.

It sits at the root (not in tests/) because pytest only calls a conftest's report hooks for items
below it, and the lessons are collected from notebooks/.
"""

from __future__ import annotations

import os


_RAN: dict[str, dict[str, int]] = {"nbval": {"passed": 0, "skipped": 0}, "browser": {"passed": 0, "skipped": 0}}


def _kind(report) -> str | None:
    if ".ipynb::" in report.nodeid:
        return "nbval"
    if "browser" in report.keywords:
        return "browser"
    return None


def pytest_runtest_logreport(report) -> None:
    kind = _kind(report)
    if kind is None:
        return
    if report.skipped:
        _RAN[kind]["skipped"] += 1
    elif report.when == "call" and report.passed:
        _RAN[kind]["passed"] += 1


def pytest_sessionfinish(session, exitstatus) -> None:
    """With ``CI`` set and the default test paths, fail a run in which nbval or the browser tests skipped or ran nothing."""
    if not os.environ.get("CI") or session.config.args != list(session.config.getini("testpaths")):
        return
    problems = [f"{kind} tests: {counts['passed']} passed, {counts['skipped']} skipped"
                for kind, counts in _RAN.items() if counts["passed"] == 0 or counts["skipped"]]
    if problems:
        reporter = session.config.pluginmanager.get_plugin("terminalreporter")
        message = "CI check failed: " + "; ".join(problems) + " (every notebook and browser test must run under CI)"
        if reporter:
            reporter.write_line(message, red=True)
        session.exitstatus = 1
