"""gamelab.server: the Jupyter server extension that turns Nagle's algorithm off on kernel websockets."""

from __future__ import annotations

import inspect

import pytest

from gamelab.server import _jupyter_server_extension_points, enable_nodelay


def test_the_extension_point_names_the_module():
    assert _jupyter_server_extension_points() == [{"module": "gamelab.server"}]


def test_jupyter_servers_kernel_websocket_has_what_the_extension_wraps():
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    assert inspect.iscoroutinefunction(KernelWebsocketHandler.open)
    assert callable(KernelWebsocketHandler.set_nodelay)

    class Handler(KernelWebsocketHandler):  # a subclass: the server's own class stays as it is
        pass

    calls = []

    async def open_(self, kernel_id):
        calls.append(("open", kernel_id))

    Handler.open = open_
    Handler.set_nodelay = lambda self, value: calls.append(("nodelay", value))
    assert enable_nodelay(Handler) and not enable_nodelay(Handler)
    opening = Handler.open(object.__new__(Handler), "k")  # stepped by hand: a test may run inside a loop
    with pytest.raises(StopIteration):
        opening.send(None)
    assert calls == [("nodelay", True), ("open", "k")]
    assert not getattr(KernelWebsocketHandler.open, "_gamelab_nodelay", False)


# -- on by consent ------------------------------------------------------------------------------------------
def _folders(tmp_path):
    """Jupyter's configuration folders for a test, highest priority first: the user's, then the environment's."""
    user, env = tmp_path / "user", tmp_path / "env" / "etc" / "jupyter"
    return [user, env], tmp_path / "env"


def test_the_extension_is_off_until_enabled_and_disable_takes_its_file_away(tmp_path):
    from gamelab.server import disable, enable, settings, status

    folders, prefix = _folders(tmp_path)
    assert settings(folders) == [] and "off (never turned on" in status(folders)
    said = enable(prefix, folders)
    own = prefix / "etc" / "jupyter" / "jupyter_server_config.d" / "gamelab.json"
    assert str(own) in said and own.exists()
    assert status(folders).startswith("gamelab server extension: on (turned on in")
    assert "removed" in disable(prefix, folders) and not own.exists()
    assert "off" in status(folders)


def test_enable_never_overrides_a_users_choice_to_turn_it_off(tmp_path):
    import json

    from gamelab.server import enable, status

    folders, prefix = _folders(tmp_path)
    choice = folders[0] / "jupyter_server_config.d" / "gamelab.server.json"  # what `jupyter server extension disable` writes
    choice.parent.mkdir(parents=True)
    choice.write_text(json.dumps({"ServerApp": {"jpserver_extensions": {"gamelab.server": False}}}))
    with pytest.raises(ValueError, match="turns the server extension off"):
        enable(prefix, folders)
    assert not (prefix / "etc" / "jupyter" / "jupyter_server_config.d" / "gamelab.json").exists()
    assert status(folders).startswith("gamelab server extension: off (turned off in")


def test_the_cli_says_the_status_in_one_line(capsys):
    from gamelab.cli import main

    assert main(["server-extension", "status"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("gamelab server extension: ") and out.count("\n") == 1
    assert main(["server-extension", "on"]) == 2
    assert "invalid choice" in capsys.readouterr().err


def test_installing_never_turns_the_extension_on():
    from pathlib import Path

    pyproject = (Path(__file__).resolve().parents[2] / "pyproject.toml").read_text()
    assert "jupyter_server_config.d" not in pyproject, "a wheel must not enable the server extension by itself"


def test_the_file_enable_writes_is_in_the_installation_record_so_uninstalling_removes_it(tmp_path, monkeypatch):
    import importlib.metadata

    from gamelab import server

    site = tmp_path / "env" / "lib" / "python3" / "site-packages"
    info = site / "gamelab-0.1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text("Metadata-Version: 2.1\nName: gamelab\nVersion: 0.1.0\n")
    (info / "RECORD").write_text("gamelab-0.1.0.dist-info/METADATA,,\ngamelab-0.1.0.dist-info/RECORD,,\n")
    monkeypatch.setattr(importlib.metadata, "distribution", lambda name: importlib.metadata.PathDistribution(info))
    folders, prefix = _folders(tmp_path)
    server.enable(prefix, folders)
    server.enable(prefix, folders)  # twice: one line
    lines = (info / "RECORD").read_text().splitlines()
    entry = "../../../etc/jupyter/jupyter_server_config.d/gamelab.json,,"
    assert lines.count(entry) == 1
    assert (site / entry.rstrip(",")).resolve() == (prefix / "etc/jupyter/jupyter_server_config.d/gamelab.json").resolve()
