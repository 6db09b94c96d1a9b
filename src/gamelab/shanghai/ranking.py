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
``Ranking(path, recover=True)`` moves it aside (``….corrupt-<time>``) and starts a new one. A healthy
file that cannot be written (a read-only file or folder) is not damaged: it opens read-only, its scores
show, and a new score is refused with a ``RankingError`` saying so. Every SQLite error, whenever it
happens, reaches the caller as a ``RankingError`` whose ``reason`` says which of these it was.

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
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from platformdirs import user_data_dir

from ..checks import flag, seed, whole
from ..clock import format_milliseconds
from ..errors import quote

__all__ = ["Ranking", "Entry", "RankingError", "data_dir", "clean_player_name", "share_text", "MAX_NAME_LENGTH",
           "MAX_TIME_MS", "MAX_TOP"]

MAX_NAME_LENGTH = 32  # the tutorial's <input maxlength="32">
ANONYMOUS = "anonymous"
_SCHEMA_VERSION = 1


class RankingError(ValueError):
    """The ranking database cannot be used as asked; nothing was changed.

    ``reason`` tells the cases apart: ``"damaged"`` (SQLite cannot read it as a ranking),
    ``"read-only"`` (it can be read but not written), ``"cannot-create"`` (there is none and none can be
    made there), ``"unreadable"`` (no permission to read it, or a folder stands where the file should),
    ``"foreign"`` (a database, but another program's), ``"busy"`` (locked by another writer for too
    long) or ``"failed"`` (anything else SQLite or the system reported).
    """

    def __init__(self, message: str, reason: str = "failed") -> None:
        super().__init__(message)
        self.reason = reason


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


#: the longest play time the ranking stores: a year (a game left open longer is not a record)
MAX_TIME_MS = 366 * 24 * 3600 * 1000
#: the most rows :meth:`Ranking.top` returns at once
MAX_TOP = 10_000

# SQLite's result codes (``sqlite3.Error.sqlite_errorname``, extended codes included) by what they mean here
_DAMAGED = ("SQLITE_CORRUPT", "SQLITE_NOTADB")
_READ_ONLY = ("SQLITE_READONLY", "SQLITE_PERM", "SQLITE_AUTH")
_CANNOT_OPEN = ("SQLITE_CANTOPEN",)
_BUSY = ("SQLITE_BUSY", "SQLITE_LOCKED")
_WORDS = {
    "damaged": "it is damaged",
    "read-only": "it cannot be written (a read-only file or folder)",
    "busy": "another program held it locked for too long",
    "unreadable": "it cannot be opened (moved or removed, or its folder cannot be entered)",
    "failed": "SQLite reported a problem",
}


def _reason(exc: sqlite3.Error) -> str:
    """What an SQLite error means for the ranking: damaged, read-only, unreadable, busy, or failed."""
    name = getattr(exc, "sqlite_errorname", "") or ""
    for reason, prefixes in (("damaged", _DAMAGED), ("read-only", _READ_ONLY), ("unreadable", _CANNOT_OPEN),
                             ("busy", _BUSY)):
        if name.startswith(prefixes):
            return reason
    text = str(exc)
    if "not a database" in text or "malformed" in text:
        return "damaged"
    if "readonly" in text:
        return "read-only"
    if "unable to open" in text:
        return "unreadable"
    if "locked" in text or "busy" in text:
        return "busy"
    return "failed"


def _retry_busy(con: sqlite3.Connection, work: Callable[[], None], timeout: float) -> None:
    """Run ``work`` (statements on ``con``, a transaction at most), again after a short pause while SQLite
    reports the file busy, for ``timeout`` seconds **in all**; then its last error is raised.

    The busy timeout makes SQLite wait for most locks, but not all: while another connection creates
    the file, switches it to WAL or sets up its shared memory, "database is locked" comes back at once
    (seen with eight processes opening a new ranking together on a loaded machine). Each try may wait
    only for what is left of ``timeout`` (its busy timeout shrinks), so a file another process keeps
    locked costs ``timeout``, never a multiple of it. A failed try is rolled back, so trying again
    cannot do the work twice.
    """
    deadline = time.monotonic() + timeout
    attempt = 0
    while True:
        left = max(0.0, deadline - time.monotonic())
        try:
            con.execute(f"PRAGMA busy_timeout = {int(left * 1000)}")
            work()
            return
        except sqlite3.Error as exc:
            try:
                if con.in_transaction:
                    con.execute("ROLLBACK")
            except sqlite3.Error:
                pass  # the work failed either way; its own error says why
            attempt += 1
            pause = min(0.05 * attempt, 0.5)
            if _reason(exc) != "busy" or time.monotonic() + pause >= deadline:
                raise
            time.sleep(pause)


class Ranking:
    """The ranking table and the remembered player name, in one SQLite file.

    ``Ranking()`` opens (or creates) the file in :func:`data_dir`; pass a path for another one.
    Each call opens its own short connection, so one object can be shared and several processes
    can write at once.

    Opening tells apart what can go wrong, each a :class:`RankingError` with its ``reason``: a healthy
    file that cannot be written opens *read-only* (``read_only`` is True: the scores show, and adding
    one says why it cannot be kept); a missing file that cannot be made is ``"cannot-create"``; a file
    SQLite cannot read as a database is ``"damaged"``, and only such a file is ever moved aside (with
    ``recover=True``). Every later SQLite or system error is a ``RankingError`` too, never a raw one.
    """

    FILE_NAME = "shanghai.sqlite3"

    def __init__(self, path: str | os.PathLike[str] | None = None, *, recover: bool = False,
                 timeout: float = 15.0) -> None:
        if path is not None and not isinstance(path, (str, os.PathLike)):
            raise ValueError(f"a ranking path is text or a Path, not {quote(path)}")
        if path is not None and "\0" in os.fspath(path):
            raise ValueError(f"a ranking path cannot hold a NUL character: {quote(os.fspath(path))}")
        flag("recover", recover)
        if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 <= timeout <= 3600:
            raise ValueError(f"timeout must be a number of seconds from 0 to 3600, not {quote(timeout)}")
        self.path = Path(path) if path is not None else data_dir() / self.FILE_NAME
        self.timeout = float(timeout)
        self.moved_aside: Path | None = None
        #: True when the file can be read but not written: scores show, new ones are refused
        self.read_only = False
        self._tables = True  # False: a read-only file without the ranking's tables (reads find nothing)
        self._read_mode = "ro"  # how a read-only file is opened for reading (see _check_existing)
        try:
            exists = self.path.exists() or self.path.is_symlink()
            if self.path.is_dir():
                raise RankingError(f"the ranking path {str(self.path)!r} is a folder, not a database file",
                                   "unreadable")
        except OSError as exc:
            raise RankingError(f"cannot look at the ranking {str(self.path)!r}: {exc.strerror or exc}",
                               "unreadable") from None
        if exists:
            damage = self._check_existing()
            if damage is None:
                self._prepare_existing()
                return
            if not recover:
                raise RankingError(
                    f"the ranking database {str(self.path)!r} is damaged ({damage}); it was left as it is. "
                    f"Move it away, or open it with Ranking(path, recover=True) to set it aside and start "
                    f"a new one", "damaged")
            self.moved_aside = self._move_aside(damage)
        self._create_new()

    # -- opening ------------------------------------------------------------------------------------
    def _uri(self, mode: str) -> str:
        return f"{Path(os.path.abspath(self.path)).as_uri()}?mode={mode}"

    def _connect(self, mode: str | None = None) -> sqlite3.Connection:
        """A short connection: ``mode`` ro, rw or rwc (default: ro when read-only, else rw, never creating)."""
        mode = mode or (self._read_mode if self.read_only else "rw")
        # isolation_level=None: transactions are begun explicitly (BEGIN IMMEDIATE takes the write
        # lock up front, so two writers never deadlock upgrading read locks).
        con = sqlite3.connect(self._uri(mode), uri=True, timeout=self.timeout, isolation_level=None)
        try:
            con.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")
        except sqlite3.Error:
            con.close()
            raise
        return con

    def _check_existing(self) -> str | None:
        """Read the file without writing it: None if it is a healthy ranking (or an empty database),
        else what is wrong with its content. Not being allowed to read it is not damage: that raises."""
        try:
            with open(self.path, "rb") as file:
                file.read(100)
        except PermissionError:
            raise RankingError(f"the ranking {str(self.path)!r} cannot be read: permission denied",
                               "unreadable") from None
        except OSError as exc:
            raise RankingError(f"the ranking {str(self.path)!r} cannot be read: {exc.strerror or exc}",
                               "unreadable") from None
        try:
            columns, tables = self._inspect("ro")
        except sqlite3.Error as exc:
            if _reason(exc) == "damaged":
                return str(exc)
            # A read-only WAL database in a read-only folder cannot be opened for reading the usual way
            # (no shared-memory file can be made): read it as an unchanging file instead.
            try:
                columns, tables = self._inspect("ro&immutable=1")
                self._read_mode = "ro&immutable=1"
            except sqlite3.Error as again:
                if _reason(again) == "damaged":
                    return str(again)
                raise RankingError(f"the ranking {str(self.path)!r} cannot be read: {again}", "unreadable") from None
        except _IntegrityError as exc:
            return str(exc)
        if columns and not {"entry_id", "player", "time_ms", "given_up", "deal", "finished_at"} <= columns:
            raise RankingError(f"{str(self.path)!r} is another program's database: its table 'scores' has "
                               f"unexpected columns {sorted(columns)}; it was left as it is", "foreign")
        own = {name for name in tables if not name.startswith("sqlite_")}
        if own and ("scores" not in own or not own <= {"scores", "settings"}):
            # refused before anything is written: no table added, no switch to WAL
            raise RankingError(f"{str(self.path)!r} is another program's database (its tables: "
                               f"{', '.join(sorted(own)[:8])}); it was left as it is", "foreign")
        self._tables = {"scores", "settings"} <= tables
        return None

    def _inspect(self, mode: str) -> tuple[set[str], set[str]]:
        con = sqlite3.connect(self._uri(mode), uri=True, timeout=self.timeout, isolation_level=None)
        try:
            check = con.execute("PRAGMA quick_check").fetchone()
            if not check or check[0] != "ok":
                raise _IntegrityError(f"integrity check says {check[0] if check else 'nothing'!r}")
            columns = {row[1] for row in con.execute("PRAGMA table_info(scores)")}
            tables = {row[0] for row in con.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
            return columns, tables
        finally:
            con.close()

    def _prepare_existing(self) -> None:
        """Make sure the tables are there; a healthy file that cannot be written opens read-only."""
        try:
            self._create_tables("rw")
        except sqlite3.Error as exc:
            reason = _reason(exc)
            if reason in ("read-only", "unreadable"):  # it was just read: what fails is writing
                self.read_only = True
                return
            raise RankingError(f"cannot open the ranking {str(self.path)!r}: {_WORDS[reason]} ({exc})",
                               reason) from None
        self._tables = True

    def _create_new(self) -> None:
        folder = self.path.parent
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise RankingError(f"cannot create the ranking folder {str(folder)!r}: {exc.strerror or exc}",
                               "cannot-create") from None
        try:
            self._create_tables("rwc")
        except sqlite3.Error as exc:
            reason = _reason(exc)
            if reason in ("read-only", "unreadable"):
                raise RankingError(f"cannot create the ranking {str(self.path)!r}: the folder {str(folder)!r} "
                                   f"cannot be written ({exc})", "cannot-create") from None
            raise RankingError(f"cannot create the ranking {str(self.path)!r}: {_WORDS[reason]} ({exc})",
                               reason) from None
        except OSError as exc:
            raise RankingError(f"cannot create the ranking {str(self.path)!r}: {exc.strerror or exc}",
                               "cannot-create") from None

    def _create_tables(self, mode: str) -> None:
        con = self._connect(mode)
        try:
            def create() -> None:
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

            _retry_busy(con, create, self.timeout)
        finally:
            con.close()

    def _move_aside(self, damage: str) -> Path:
        stamp = datetime.now(timezone.utc).strftime("%Y%m%dT%H%M%SZ")
        target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}")
        n = 1
        while target.exists():
            n += 1
            target = self.path.with_name(f"{self.path.name}.corrupt-{stamp}-{n}")
        try:
            self.path.rename(target)
            for suffix in ("-wal", "-shm"):  # the damaged file's journals belong with it
                side = self.path.with_name(self.path.name + suffix)
                if side.exists():
                    side.rename(target.with_name(target.name + suffix))
        except OSError as exc:
            raise RankingError(f"the ranking database {str(self.path)!r} is damaged ({damage}) and cannot be "
                               f"set aside: {exc.strerror or exc}", "damaged") from None
        return target

    # -- every use after opening: one short connection, every error a RankingError ------------------
    @contextmanager
    def _reading(self, doing: str) -> Iterator[sqlite3.Connection]:
        try:
            con = self._connect()
        except sqlite3.Error as exc:
            raise self._failure(exc, doing) from None
        try:
            yield con
        except sqlite3.Error as exc:
            raise self._failure(exc, doing) from None
        finally:
            con.close()

    def _failure(self, exc: sqlite3.Error, doing: str) -> RankingError:
        reason = _reason(exc)
        return RankingError(f"cannot {doing} {str(self.path)!r}: {_WORDS[reason]} ({exc})", reason)

    def _write(self, sql: str, params: tuple[Any, ...], doing: str) -> None:
        if self.read_only:
            raise RankingError(f"cannot {doing} {str(self.path)!r}: it is read-only (its file or folder "
                               f"cannot be written); the scores in it can still be read",
                               "read-only")
        try:
            con = self._connect()
        except sqlite3.Error as exc:
            raise self._failure(exc, doing) from None
        def write() -> None:
            con.execute("BEGIN IMMEDIATE")
            con.execute(sql, params)
            con.execute("COMMIT")

        try:
            _retry_busy(con, write, self.timeout)
        except sqlite3.Error as exc:
            raise self._failure(exc, doing) from None
        finally:
            con.close()

    # -- scores -------------------------------------------------------------------------------------
    @classmethod
    def open(cls, where: "Ranking | str | None") -> tuple["Ranking | None", str, str]:
        """A board's ranking from its argument (``"default"``: the user's; a text: the file at that path; a
        Ranking; None: none), with the player name it remembers and why it cannot be used ("" where it can).

        >>> Ranking.open(None)
        (None, '', '')
        """
        try:
            opened = cls(None if where == "default" else where) if isinstance(where, str) else where
            return opened, opened.player_name if opened is not None else "", ""
        except RankingError as exc:
            return None, "", str(exc)

    def add(self, player: str | None, time_ms: int, *, given_up: bool, deal: int | None,
            finished_at: datetime | None = None) -> Entry:
        """Record one cleared game and return its row (rank 0: ranks are given by :meth:`top`).

        ``time_ms`` is a whole number of milliseconds up to a year (:data:`MAX_TIME_MS`), ``given_up``
        True or False, ``deal`` a deal number or None; anything else is a ``ValueError`` naming it.
        """
        name = clean_player_name(player)
        whole("time_ms (the play time in milliseconds)", time_ms, low=0, high=MAX_TIME_MS)
        flag("given_up", given_up)
        if deal is not None:
            seed("deal", deal)
        if finished_at is not None and not isinstance(finished_at, datetime):
            raise ValueError(f"finished_at must be a datetime or None, not {quote(finished_at)}")
        try:
            when = (finished_at or datetime.now(timezone.utc)).astimezone(timezone.utc).isoformat(timespec="seconds")
        except (OverflowError, ValueError, OSError) as exc:
            raise ValueError(f"finished_at {quote(finished_at)} cannot be written as a UTC time: {exc}") from None
        entry_id = uuid.uuid4().hex
        # INSERT OR IGNORE on the unique entry_id: a retry after a lock error cannot duplicate the row.
        self._write("INSERT OR IGNORE INTO scores (entry_id, player, time_ms, given_up, deal, finished_at) "
                    "VALUES (?, ?, ?, ?, ?, ?)", (entry_id, name, time_ms, int(given_up), deal, when),
                    "record this time in the ranking")
        return Entry(0, name, time_ms, given_up, deal, when, entry_id)

    def top(self, n: int = 10, *, deal: int | None = None, include_given_up: bool = False) -> list[Entry]:
        """The ``n`` fastest games (1 to :data:`MAX_TOP`), of one deal or of all; games finished with
        Search (given up) are left out unless asked for, and then rank after every honest one."""
        whole("n (how many games)", n, low=1, high=MAX_TOP)
        if deal is not None:
            seed("deal", deal)
        flag("include_given_up", include_given_up)
        if not self._tables:
            return []
        where, params = [], []
        if deal is not None:
            where.append("deal = ?")
            params.append(deal)
        if not include_given_up:
            where.append("given_up = 0")
        sql = ("SELECT player, time_ms, given_up, deal, finished_at, entry_id FROM scores"
               + (" WHERE " + " AND ".join(where) if where else "")
               + " ORDER BY given_up, time_ms, finished_at, id LIMIT ?")
        with self._reading("read the ranking") as con:
            rows = con.execute(sql, (*params, n)).fetchall()
        entries = []
        for i, (p, t, g, d, f, e) in enumerate(rows, 1):
            if not (isinstance(p, str) and isinstance(t, int) and 0 <= t and g in (0, 1)
                    and (d is None or isinstance(d, int)) and isinstance(f, str) and isinstance(e, str)):
                raise RankingError(f"the ranking {str(self.path)!r} is damaged: a row holds "
                                   f"{quote((p, t, g, d, f, e))}", "damaged")
            entries.append(Entry(i, p, t, bool(g), d, f, e))
        return entries

    def count(self) -> int:
        """How many games the ranking holds."""
        if not self._tables:
            return 0
        with self._reading("count the games in the ranking") as con:
            return int(con.execute("SELECT COUNT(*) FROM scores").fetchone()[0])

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
        if not self._tables:
            return ""
        with self._reading("read the player name from the ranking") as con:
            row = con.execute("SELECT value FROM settings WHERE key = 'player_name'").fetchone()
        return row[0] if row and isinstance(row[0], str) else ""

    @player_name.setter
    def player_name(self, name: str) -> None:
        cleaned = clean_player_name(name) if name else ""
        self._write("INSERT INTO settings VALUES ('player_name', ?) "
                    "ON CONFLICT(key) DO UPDATE SET value = excluded.value", (cleaned,),
                    "remember the player name in the ranking")


class _IntegrityError(Exception):
    """SQLite read the file, but its own integrity check found it damaged."""
