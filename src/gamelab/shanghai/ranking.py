"""The score ranking (スコアランキング): finished games kept in SQLite in the user's data folder.

The tutorial posts scores to a server page (ranking.html) and keeps the player name in the browser's
``localStorage``. Here both live in one SQLite file, ``shanghai.sqlite3`` in the data folder
(``$GAMELAB_DATA_DIR``, else the per-user data folder ``platformdirs`` picks: ``$XDG_DATA_HOME/gamelab``
or ``~/.local/share/gamelab`` on Linux, ``~/Library/Application Support/gamelab`` on macOS,
``%LOCALAPPDATA%\\gamelab`` on Windows).

Several notebook kernels may finish games at the same moment, so the database runs in WAL mode with a
busy timeout, every write is one ``BEGIN IMMEDIATE`` transaction, and every row carries a random
``entry_id`` declared UNIQUE: a write retried after a lock error can never add a row twice.

A damaged database is never overwritten: opening it raises :class:`RankingError` saying where it is;
``Ranking(path, recover=True)`` moves it aside (``….corrupt-<time>``) and starts a new one.

>>> import tempfile, os
>>> r = Ranking(os.path.join(tempfile.mkdtemp(), "r.sqlite3"))
>>> r.add("Hato", 83_250, given_up=False, deal=7).player
'Hato'
>>> [(e.player, e.time_text) for e in r.top(deal=7)]
[('Hato', '1 min 23 s 250')]
"""

from __future__ import annotations

import os
import sqlite3
import time
import unicodedata
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from platformdirs import user_data_dir

from ..clock import format_milliseconds

__all__ = ["Ranking", "Entry", "RankingError", "data_dir", "clean_player_name", "share_text", "MAX_NAME_LENGTH"]

MAX_NAME_LENGTH = 32  # the tutorial's <input maxlength="32">
ANONYMOUS = "anonymous"
_SCHEMA_VERSION = 1


class RankingError(ValueError):
    """The ranking database cannot be used (damaged, not a database, unwritable); nothing was changed."""


def data_dir() -> Path:
    """The folder gamelab keeps user data in (created on first use by :class:`Ranking`):
    ``$GAMELAB_DATA_DIR`` if set (tests and lesson runs point it at a scratch folder), else the
    platform's per-user data folder as ``platformdirs`` chooses it."""
    env = os.environ.get("GAMELAB_DATA_DIR")
    if env:
        return Path(env).expanduser()
    return Path(user_data_dir("gamelab", appauthor=False))


def clean_player_name(name: object) -> str:
    """A player name fit for the table: control and formatting characters removed, spaces collapsed,
    at most 32 characters (longer names are refused, not cut), ``"anonymous"`` when empty.

    >>> clean_player_name("  Hato\\tPoppo\\x00 ")
    'Hato Poppo'
    >>> clean_player_name("")
    'anonymous'
    """
    if name is None:
        return ANONYMOUS
    if not isinstance(name, str):
        raise ValueError(f"a player name is text, not {type(name).__name__}")
    text = unicodedata.normalize("NFC", name)
    # Tabs and newlines become spaces; every other control/format/unassigned character goes.
    text = "".join(" " if ch.isspace() else ch for ch in text
                   if ch.isspace() or unicodedata.category(ch)[0] != "C")
    text = " ".join(text.split())
    if len(text) > MAX_NAME_LENGTH:
        raise ValueError(f"player name {text[:12] + '…'!r} is {len(text)} characters long; "
                         f"the most is {MAX_NAME_LENGTH}")
    return text or ANONYMOUS


def share_text(time_ms: int | None, *, deal: int | None = None, given_up: bool = False,
               language: str = "en") -> str:
    """The "share your time" text that replaces the tutorial's post-to-X button.

    >>> share_text(83_250, deal=7)
    'gamelab Shanghai, deal #7: cleared in 1 min 23 s 250. Can you beat it? #gamelab'
    >>> share_text(83_250, language="ja")
    '鳩でもわかる上海麻雀 記録 1 分 23 秒 250 みんなで挑戦しよう！ #gamelab'
    """
    if language == "ja":
        if not time_ms:
            return "鳩でもわかる上海麻雀 みんなで挑戦しよう！ #gamelab"
        note = "（ヒントあり）" if given_up else ""
        where = f"問題 #{deal} " if deal is not None else ""
        record = format_milliseconds(time_ms, japanese=True)
        return f"鳩でもわかる上海麻雀 {where}記録 {record}{note} みんなで挑戦しよう！ #gamelab"
    if language != "en":
        raise ValueError(f"language must be 'en' or 'ja', not {language!r}")
    where = f", deal #{deal}" if deal is not None else ""
    if not time_ms:
        return f"gamelab Shanghai{where}: come and try! #gamelab"
    how = " (with hints)" if given_up else ""
    return f"gamelab Shanghai{where}: cleared in {format_milliseconds(time_ms)}{how}. Can you beat it? #gamelab"


@dataclass(frozen=True)
class Entry:
    """One finished game in the ranking."""

    rank: int
    player: str
    time_ms: int
    given_up: bool
    deal: int | None
    finished_at: str  # ISO 8601, UTC
    entry_id: str

    @property
    def time_text(self) -> str:
        return format_milliseconds(self.time_ms)


class Ranking:
    """The ranking table and the remembered player name, in one SQLite file.

    ``Ranking()`` opens (or creates) the file in :func:`data_dir`; pass a path for another one.
    Each call opens its own short connection, so one object can be shared and several processes
    can write at once.
    """

    FILE_NAME = "shanghai.sqlite3"

    def __init__(self, path: str | os.PathLike[str] | None = None, *, recover: bool = False,
                 timeout: float = 15.0) -> None:
        self.path = Path(path) if path is not None else data_dir() / self.FILE_NAME
        self.timeout = timeout
        self.moved_aside: Path | None = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RankingError(f"cannot create the ranking folder {str(self.path.parent)!r}: {exc}") from None
        try:
            self._create()
        except sqlite3.DatabaseError as exc:
            if not recover:
                raise RankingError(
                    f"the ranking database {str(self.path)!r} is damaged ({exc}); it was left as it is. "
                    f"Move it away, or open it with Ranking(path, recover=True) to set it aside and start "
                    f"a new one") from None
            self.moved_aside = self._move_aside()
            self._create()

    # -- connection ---------------------------------------------------------------------------------
    def _connect(self) -> sqlite3.Connection:
        # isolation_level=None: transactions are begun explicitly (BEGIN IMMEDIATE takes the write
        # lock up front, so two writers never deadlock upgrading read locks).
        con = sqlite3.connect(self.path, timeout=self.timeout, isolation_level=None)
        con.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        return con

    def _create(self) -> None:
        existed = self.path.exists() and self.path.stat().st_size > 0
        con = self._connect()
        try:
            if existed:
                check = con.execute("PRAGMA quick_check").fetchone()
                if not check or check[0] != "ok":
                    raise sqlite3.DatabaseError(f"integrity check says {check[0] if check else 'nothing'!r}")
                columns = {row[1] for row in con.execute("PRAGMA table_info(scores)")}
                if columns and not {"entry_id", "player", "time_ms", "given_up", "deal", "finished_at"} <= columns:
                    raise sqlite3.DatabaseError(f"its table 'scores' has unexpected columns {sorted(columns)}")
            con.execute("PRAGMA journal_mode = WAL")
            con.execute("BEGIN IMMEDIATE")
            con.execute("""CREATE TABLE IF NOT EXISTS scores (
                               id INTEGER PRIMARY KEY,
                               entry_id TEXT NOT NULL UNIQUE,
                               player TEXT NOT NULL,
                               time_ms INTEGER NOT NULL CHECK (time_ms >= 0),
                               given_up INTEGER NOT NULL CHECK (given_up IN (0, 1)),
                               deal INTEGER,
                               finished_at TEXT NOT NULL)""")
            con.execute("CREATE INDEX IF NOT EXISTS scores_by_deal ON scores (deal, given_up, time_ms)")
            con.execute("CREATE TABLE IF NOT EXISTS settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)")
            con.execute("INSERT OR IGNORE INTO settings VALUES ('schema', ?)", (str(_SCHEMA_VERSION),))
            con.execute("COMMIT")
        finally:
            con.close()

    def _move_aside(self) -> Path:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        self.path.rename(target)
        for suffix in ("-wal", "-shm"):  # the damaged file's journals belong with it
            side = self.path.with_name(self.path.name + suffix)
            if side.exists():
                side.rename(target.with_name(target.name + suffix))
        return target

    def _write(self, sql: str, params: tuple) -> None:
        con = self._connect()
        try:
            for attempt in range(5):
                try:
                    con.execute("BEGIN IMMEDIATE")
                    con.execute(sql, params)
                    con.execute("COMMIT")
                    return
                except sqlite3.OperationalError as exc:
                    if con.in_transaction:
                        con.execute("ROLLBACK")
                    if "locked" not in str(exc) and "busy" not in str(exc) or attempt == 4:
                        raise RankingError(f"cannot write to the ranking {str(self.path)!r}: {exc}") from None
                    time.sleep(0.05 * (attempt + 1))
        finally:
            con.close()

    # -- scores -------------------------------------------------------------------------------------
    def add(self, player: str | None, time_ms: int, *, given_up: bool, deal: int | None,
            finished_at: datetime | None = None) -> Entry:
        """Record one cleared game and return its row (rank 0: ranks are given by :meth:`top`)."""
        name = clean_player_name(player)
        if isinstance(time_ms, bool) or not isinstance(time_ms, int) or time_ms < 0:
            raise ValueError(f"time_ms must be a whole number of milliseconds ≥ 0, not {time_ms!r}")
        if deal is not None and (isinstance(deal, bool) or not isinstance(deal, int)):
            raise ValueError(f"deal must be a deal number or None, not {deal!r}")
        when = (finished_at or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(timespec="seconds")
        entry_id = uuid.uuid4().hex
        # INSERT OR IGNORE on the unique entry_id: a retry after a lock error cannot duplicate the row.
        self._write("INSERT OR IGNORE INTO scores (entry_id, player, time_ms, given_up, deal, finished_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)", (entry_id, name, time_ms, int(bool(given_up)), deal, when))
        return Entry(0, name, time_ms, bool(given_up), deal, when, entry_id)

    def top(self, n: int = 10, *, deal: int | None = None, include_given_up: bool = False) -> list[Entry]:
        """The ``n`` fastest games, of one deal or of all; games finished with Search (given up) are
        left out unless asked for, and then rank after every honest one."""
        if not isinstance(n, int) or n < 1:
            raise ValueError(f"n must be a positive whole number, not {n!r}")
        where, params = [], []
        if deal is not None:
            where.append("deal = ?")
            params.append(deal)
        if not include_given_up:
            where.append("given_up = 0")
        sql = ("SELECT player, time_ms, given_up, deal, finished_at, entry_id FROM scores"
               + (" WHERE " + " AND ".join(where) if where else "")
               + " ORDER BY given_up, time_ms, finished_at, id LIMIT ?")
        con = self._connect()
        try:
            rows = con.execute(sql, (*params, n)).fetchall()
        except sqlite3.DatabaseError as exc:
            raise RankingError(f"cannot read the ranking {str(self.path)!r}: {exc}") from None
        finally:
            con.close()
        return [Entry(i, p, t, bool(g), d, f, e) for i, (p, t, g, d, f, e) in enumerate(rows, 1)]

    def count(self) -> int:
        """How many games the ranking holds."""
        con = self._connect()
        try:
            return con.execute("SELECT COUNT(*) FROM scores").fetchone()[0]
        finally:
            con.close()

    def table(self, n: int = 10, *, deal: int | None = None) -> str:
        """The top ``n`` as a text table (used by the lesson and the widget)."""
        entries = self.top(n, deal=deal)
        title = f"Ranking, deal #{deal}" if deal is not None else "Ranking, all deals"
        if not entries:
            return f"{title}: no cleared games yet"
        lines = [title, f"{'#':>3}  {'player':<32}  {'time':>15}  deal"]
        for e in entries:
            lines.append(f"{e.rank:>3}  {e.player:<32}  {e.time_text:>15}  {e.deal if e.deal is not None else '-'}")
        return "\n".join(lines)

    # -- the remembered player name -----------------------------------------------------------------
    @property
    def player_name(self) -> str:
        """The name last saved (the tutorial's localStorage 'hatodemowakaru-player-name'), or ''."""
        con = self._connect()
        try:
            row = con.execute("SELECT value FROM settings WHERE key = 'player_name'").fetchone()
        finally:
            con.close()
        return row[0] if row else ""

    @player_name.setter
    def player_name(self, name: str) -> None:
        cleaned = clean_player_name(name) if name else ""
        self._write("INSERT INTO settings VALUES ('player_name', ?) "
                    "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (cleaned,))
