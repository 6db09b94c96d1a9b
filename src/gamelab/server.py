"""A Jupyter server extension that sends the kernel's messages to the page without waiting.

Jupyter server's kernel websocket leaves Nagle's algorithm on. A click on a board makes the kernel send
several small messages in a row (status *busy*, the frame, the status line, *idle*); with Nagle on, a
small message waits for the page to acknowledge the one before, and the page's TCP stack delays that
acknowledgement by up to 40 ms. Measured in chromium against JupyterLab on 127.0.0.1, that wait was
most of a click's delay (Lights Out: median click to first changed pixel 72 ms with Nagle, 46 ms
without). Setting TCP_NODELAY on the kernel websocket, as tornado's documentation recommends for
interactive use, removes it.

Installing gamelab from a wheel enables the extension (``etc/jupyter/jupyter_server_config.d/gamelab.json``
in the environment); an editable install (``pip install -e .``) cannot place that file, so
``python -m gamelab.server`` writes it. The extension changes nothing but that socket option, for every
kernel websocket of the server.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

__all__ = ["enable_nodelay", "write_config"]

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


def write_config(prefix: str | Path = sys.prefix) -> Path:
    """Turn the extension on for every Jupyter server of the environment at ``prefix``; returns the file.

    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as folder:
    ...     path = write_config(folder)
    ...     json.loads(path.read_text())["ServerApp"]["jpserver_extensions"]
    {'gamelab.server': True}
    """
    path = Path(prefix) / "etc" / "jupyter" / "jupyter_server_config.d" / "gamelab.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(CONFIG, indent=2) + "\n", encoding="utf-8")
    return path


if __name__ == "__main__":
    print(f"gamelab: server extension enabled in {write_config()}")
