"""Players from another program at a gamelab table, over pipes: majiang-ai in node, or any program
that speaks the same JSON lines (the tests use a small Python stub).

The other program (the *peer*) holds one player per *slot*. :class:`PeerPlayer` sits at a
:class:`~gamelab.riichi.table.Table` like any player; each time the table asks it for a reply, it
sends the peer the table's new events as majiang-core's ``Game`` would have sent them to that player,
and returns the peer's answer. So the peer sees only what majiang-core shows a player:

* ``kaiju`` with its own player id, the rules (majiang-core's dict), the names and the first dealer;
* ``qipai`` with the other three hands blanked (``''``); ``zimo`` / ``gangzimo`` with the drawn tile
  blanked (``''``) for everyone but the drawer;
* ``kaigang`` (a new kan dora indicator) as a notification *before* the message it came with, as
  majiang-core sends it (the table's record writes it after);
* every other event as recorded (``dapai``, ``fulou``, ``gang``, ``hule``, ``pingju``), and at the end
  ``jieju`` with the final record (its hand-by-hand log left out).

The protocol (one JSON object per line each way, one answer per request): ``{"cmd": "hello"}``,
``{"cmd": "new", "slot": k}``, ``{"cmd": "drop", "slot": k}``, ``{"cmd": "msg", "slot": k,
"notify": [...], "msg": {...}}`` answered by ``{"reply": {...}}``, and ``{"cmd": "time", ...}`` for the
bench's timings. An answer ``{"error": text}`` raises :class:`PeerError`.

:func:`node_peer` starts ``peer.js`` (beside this module) on the npm packages
``@kobalab/majiang-core@1.4.1`` and ``@kobalab/majiang-ai@1.0.13``, installing them first with the
machine's ``npm`` into a cache folder (:func:`npm_cache`) when they are missing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import TYPE_CHECKING, Any, Mapping, Sequence

if TYPE_CHECKING:
    from .engine import Reply, Table

__all__ = [
    "NPM_PACKAGES",
    "PeerError",
    "PeerUnavailable",
    "PeerProcess",
    "PeerPlayer",
    "npm_cache",
    "ensure_packages",
    "node_peer",
    "message_for",
]

#: the npm packages the node peer runs, pinned
NPM_PACKAGES = ("@kobalab/majiang-core@1.4.1", "@kobalab/majiang-ai@1.0.13")

PEER_SCRIPT = Path(__file__).with_name("peer.js")


class PeerError(RuntimeError):
    """The peer process answered with an error, or stopped answering."""


class PeerUnavailable(RuntimeError):
    """node or npm is missing, or the npm packages cannot be installed."""


def npm_cache() -> Path:
    """Where the npm packages live: ``$GAMELAB_NPM_CACHE``, else ``<user cache>/gamelab/npm``
    (``~/.cache/gamelab/npm`` on Linux). Never inside the repository."""
    env = os.environ.get("GAMELAB_NPM_CACHE")
    if env:
        return Path(env)
    from platformdirs import user_cache_dir

    return Path(user_cache_dir("gamelab")) / "npm"


def _installed(cache: Path) -> bool:
    for spec in NPM_PACKAGES:
        name, _, version = spec.rpartition("@")
        manifest = cache / "node_modules" / name / "package.json"
        try:
            if json.loads(manifest.read_text(encoding="utf-8")).get("version") != version:
                return False
        except (OSError, ValueError):
            return False
    return True


def ensure_packages(cache: Path | None = None) -> Path:
    """The cache folder holding the npm packages, installed there with ``npm`` if missing.

    Raises :class:`PeerUnavailable` saying what is missing (node, npm, or the install failed).
    """
    cache = cache if cache is not None else npm_cache()
    if shutil.which("node") is None:
        raise PeerUnavailable("node is not installed (node and npm are needed to run majiang-ai side by side)")
    if _installed(cache):
        return cache
    npm = shutil.which("npm")
    if npm is None:
        raise PeerUnavailable("npm is not installed (it installs majiang-core and majiang-ai into "
                              f"{cache}; node and npm are needed to run majiang-ai side by side)")
    cache.mkdir(parents=True, exist_ok=True)
    done = subprocess.run([npm, "install", "--no-audit", "--no-fund", "--no-save", "--prefix", str(cache),
                           *NPM_PACKAGES], capture_output=True, text=True)
    if done.returncode != 0 or not _installed(cache):
        raise PeerUnavailable(f"npm could not install {' '.join(NPM_PACKAGES)} into {cache}: "
                              f"{(done.stderr or done.stdout).strip()[-500:]}")
    return cache


class PeerProcess:
    """A running peer program, spoken to over its stdin/stdout (use it as a context manager)."""

    def __init__(self, command: Sequence[str], env: Mapping[str, str] | None = None) -> None:
        self.command = list(command)
        self._process = subprocess.Popen(
            self.command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, encoding="utf-8",
            bufsize=1, env=None if env is None else {**os.environ, **env})
        self._slots = 0

    def request(self, message: Mapping[str, Any]) -> dict[str, Any]:
        """Send one request and return its answer."""
        stdin, stdout = self._process.stdin, self._process.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write(json.dumps(message, ensure_ascii=False, separators=(",", ":")) + "\n")
            stdin.flush()
            line = stdout.readline()
        except (OSError, ValueError) as error:  # a broken pipe, or a process already closed
            raise PeerError(f"the peer {self.command[:2]} stopped: {error}") from None
        if not line:
            raise PeerError(f"the peer {self.command[:2]} stopped answering (exit code {self._process.poll()})")
        answer: dict[str, Any] = json.loads(line)
        if "error" in answer:
            raise PeerError(f"the peer failed on {message.get('cmd')!r}: {answer['error']}")
        return answer

    def new_slot(self) -> int:
        """A slot number not used before in this process."""
        self._slots += 1
        return self._slots

    def close(self) -> None:
        if self._process.poll() is None:
            assert self._process.stdin is not None
            self._process.stdin.close()
            try:
                self._process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self._process.kill()
                self._process.wait()
        if self._process.stdout is not None:
            self._process.stdout.close()

    def __enter__(self) -> "PeerProcess":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def node_peer(cache: Path | None = None) -> PeerProcess:
    """Start ``peer.js`` in node on the npm packages (installed into the cache first if missing)."""
    cache = ensure_packages(cache)
    return PeerProcess(["node", str(PEER_SCRIPT)], env={"GAMELAB_NPM_ROOT": str(cache)})


def message_for(event: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """A recorded event as majiang-core sends it to the player in ``seat``: others' hands and draws blanked.

    >>> message_for({'zimo': {'l': 1, 'p': 'm5'}}, 0), message_for({'zimo': {'l': 1, 'p': 'm5'}}, 1)
    ({'zimo': {'l': 1, 'p': ''}}, {'zimo': {'l': 1, 'p': 'm5'}})
    >>> message_for({'qipai': {'shoupai': ['m1', 'm2', 'm3', 'm4']}}, 2)['qipai']['shoupai']
    ['', '', 'm3', '']
    """
    (kind, body), = event.items()
    body = dict(body)
    if kind == "qipai":
        body["shoupai"] = [text if i == seat else "" for i, text in enumerate(body["shoupai"])]
    elif kind in ("zimo", "gangzimo") and body["l"] != seat:
        body["p"] = ""
    return {kind: body}


class PeerPlayer:
    """A seat at the table played by the peer process (one of its slots, a fresh player each game)."""

    def __init__(self, process: PeerProcess, name: str = "peer") -> None:
        self.process = process
        self.slot = process.new_slot()
        self.name = name
        self._next = (0, 0)  # (hand, event) of the first record event not sent yet

    def __repr__(self) -> str:
        return f"<PeerPlayer {self.name} slot {self.slot}>"

    def reply(self, table: "Table", seat: int, message: str) -> "Reply":
        if message == "kaiju":  # the table's first message; ``seat`` is the player id here
            self.process.request({"cmd": "new", "slot": self.slot})
            self._next = (0, 0)
            return self._send([], {"kaiju": {"id": seat, "rule": table.rules.to_majiang(), "title": table.title,
                                             "player": list(table.names), "qijia": table.qijia}})
        if message == "jieju":
            record = {key: value for key, value in table.paipu.items() if key != "log"}
            return self._send([], {"jieju": record})
        notes: list[dict[str, Any]] = []
        events: list[dict[str, Any]] = []
        log = table.paipu["log"]
        hand, index = self._next
        while hand < len(log):
            for event in log[hand][index:]:
                (notes if "kaigang" in event else events).append(message_for(event, seat))
            if hand == len(log) - 1:
                self._next = (hand, len(log[hand]))
                break
            hand, index = hand + 1, 0
        if not events:
            raise PeerError(f"the table sent {message!r} with no new event for {self!r}")
        # majiang-core shows a kan dora before the message it came with; any earlier events are
        # notifications too (the table asks every player about every event, so there are none)
        return self._send(notes + events[:-1], events[-1])

    def _send(self, notes: list[dict[str, Any]], message: dict[str, Any]) -> "Reply":
        answer = self.process.request({"cmd": "msg", "slot": self.slot, "notify": notes, "msg": message})
        reply = answer.get("reply") or {}
        return {str(k): str(v) for k, v in reply.items()}

    def leave(self) -> None:
        """Free the peer's player (the process keeps running for other seats)."""
        self.process.request({"cmd": "drop", "slot": self.slot})
