"""A Jupyter server extension that sends the kernel's messages to the page without waiting.

Jupyter server's kernel websocket leaves Nagle's algorithm on. A click on a board makes the kernel send
several small messages in a row (status *busy*, the frame, the status line, *idle*); with Nagle on, a
small message waits for the page to acknowledge the one before, and the page's TCP stack delays that
acknowledgement by up to 40 ms. Measured in chromium against JupyterLab on 127.0.0.1, that wait was
most of a click's delay (Lights Out: median click to first changed pixel 72 ms with Nagle, 46 ms
without). Setting TCP_NODELAY on the kernel websocket, as tornado's documentation recommends for
interactive use, removes it.

It is off until you turn it on, for the Jupyter servers of this environment only:

    gamelab server-extension status     # on or off, and which configuration file says so
    gamelab server-extension enable     # writes <env>/etc/jupyter/jupyter_server_config.d/gamelab.json
    gamelab server-extension disable    # removes that file

``enable`` never overrides a choice of yours: where any Jupyter configuration turns ``gamelab.server``
off, it says where and changes nothing. The file it writes is added to gamelab's installation record,
so ``pip uninstall gamelab`` removes it too, and no server is left looking for a module that is gone.
The extension changes nothing but that socket option, for every kernel websocket of the server.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path
from typing import Any, Sequence

__all__ = ["enable_nodelay", "write_config", "settings", "status", "enable", "disable"]

#: what turns the extension on, in a ``jupyter_server_config.d`` folder
CONFIG = {"ServerApp": {"jpserver_extensions": {"gamelab.server": True}}}


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "gamelab.server"}]


def enable_nodelay(handler_class: Any) -> bool:
    """Make ``handler_class`` (a tornado websocket handler) set TCP_NODELAY as each connection opens.

    Returns False when it already does (enabling twice changes nothing).

    >>> class Handler:
    ...     async def open(self, kernel_id):
    ...         return kernel_id
    ...     def set_nodelay(self, value):
    ...         self.nodelay = value
    >>> enable_nodelay(Handler), enable_nodelay(Handler)
    (True, False)
    >>> handler = Handler()
    >>> opening = handler.open("k1")   # stepped by hand: no event loop needed
    >>> try:
    ...     opening.send(None)
    ... except StopIteration as opened:
    ...     print(opened.value, handler.nodelay)
    k1 True
    """
    opened = handler_class.open
    if getattr(opened, "_gamelab_nodelay", False):
        return False

    async def open_without_delay(self: Any, *args: Any, **kwargs: Any) -> Any:
        self.set_nodelay(True)
        return await opened(self, *args, **kwargs)

    open_without_delay._gamelab_nodelay = True  # type: ignore[attr-defined]
    open_without_delay.__doc__ = opened.__doc__
    handler_class.open = open_without_delay
    return True


def _load_jupyter_server_extension(server_app: Any) -> None:
    from jupyter_server.services.kernels.websocket import KernelWebsocketHandler

    if enable_nodelay(KernelWebsocketHandler):
        server_app.log.info("gamelab: kernel websockets send without Nagle's delay (TCP_NODELAY)")


#: the file ``enable`` writes, under a Jupyter configuration folder
OWN_FILE = Path("jupyter_server_config.d") / "gamelab.json"


def write_config(prefix: str | Path = sys.prefix) -> Path:
    """Write the file that turns the extension on for the Jupyter servers of the environment at ``prefix``.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = write_config(folder)
    ...     json.loads(path.read_text())["ServerApp"]["jpserver_extensions"]
    {'gamelab.server': True}
    """
    path = Path(prefix) / "etc" / "jupyter" / OWN_FILE
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(CONFIG, indent=2) + "\n", encoding="utf-8")
    return path


def settings(folders: Sequence[str | Path] | None = None) -> list[tuple[Path, bool]]:
    """Every Jupyter configuration file that turns ``gamelab.server`` on or off, as ``(file, on)``, in the
    order Jupyter reads them: the last one wins.

    ``folders`` are Jupyter's configuration folders, highest priority first (default: Jupyter's own list,
    ``jupyter --paths``).
    """
    if folders is None:
        from jupyter_core.paths import jupyter_config_path

        folders = jupyter_config_path()
    found: list[tuple[Path, bool]] = []
    for folder in reversed([Path(f) for f in folders]):  # the lowest priority is read first
        files = sorted((folder / "jupyter_server_config.d").glob("*.json")) + [folder / "jupyter_server_config.json"]
        for path in files:
            try:
                value = json.loads(path.read_text(encoding="utf-8"))["ServerApp"]["jpserver_extensions"]["gamelab.server"]
            except (OSError, ValueError, KeyError, TypeError):
                continue
            found.append((path, bool(value)))
    return found


def status(folders: Sequence[str | Path] | None = None) -> str:
    """One line: whether the extension is on, and which file says so."""
    said = settings(folders)
    if not said:
        return "gamelab server extension: off (never turned on; `gamelab server-extension enable` turns it on)"
    path, on = said[-1]
    return f"gamelab server extension: {'on' if on else 'off'} ({'turned on' if on else 'turned off'} in {path})"


def enable(prefix: str | Path = sys.prefix, folders: Sequence[str | Path] | None = None) -> str:
    """Turn the extension on for this environment, unless a configuration of the user's turns it off."""
    own = (Path(prefix) / "etc" / "jupyter" / OWN_FILE).resolve()
    refusals = [path for path, on in settings(folders) if not on and path.resolve() != own]
    if refusals:
        raise ValueError(f"gamelab: {refusals[-1]} turns the server extension off: left off, as that file says "
                         "(remove its gamelab.server line to allow it)")
    path = write_config(prefix)
    _record_in_installation(path)
    return f"gamelab server extension: on, for this environment's Jupyter servers ({path})"


def disable(prefix: str | Path = sys.prefix, folders: Sequence[str | Path] | None = None) -> str:
    """Remove the file :func:`enable` wrote; says where else the extension is still turned on, if anywhere."""
    path = Path(prefix) / "etc" / "jupyter" / OWN_FILE
    removed = path.exists()
    if removed:
        path.unlink()
    left = settings(folders)
    if left and left[-1][1]:
        return f"gamelab server extension: still on: {left[-1][0]} turns it on (not gamelab's file: edit it yourself)"
    return f"gamelab server extension: off{f' ({path} removed)' if removed else ''}"


def _record_in_installation(path: Path) -> None:
    """Add ``path`` to gamelab's installation record (``RECORD``), so ``pip uninstall gamelab`` removes it."""
    from importlib.metadata import PackageNotFoundError, distribution

    try:
        dist = distribution("gamelab")
    except PackageNotFoundError:  # pragma: no cover - running from a source tree without installing
        return
    records = [f for f in dist.files or [] if f.name == "RECORD" and f.parent.name.endswith(".dist-info")]
    if not records:
        return
    try:
        record_path = Path(str(dist.locate_file(records[0])))
        lines = record_path.read_text(encoding="utf-8").splitlines()
        entry = os.path.relpath(path, Path(str(dist.locate_file(""))))
        if not any(line.split(",")[0] == entry for line in lines):
            record_path.write_text("\n".join(lines + [f"{entry},,"]) + "\n", encoding="utf-8")
    except OSError:  # a read-only installation: the file then stays after an uninstall
        pass


if __name__ == "__main__":
    print(status())
    print("(gamelab server-extension enable|disable|status)")
