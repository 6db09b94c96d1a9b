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
