"""The SQLite ranking: rows, ordering, names, a damaged file, and several processes writing at once."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import shutil
import sqlite3
import tempfile
from datetime import datetime, timezone
from pathlib import Path

import pytest

from gamelab.shanghai.ranking import Ranking, RankingError, clean_player_name, data_dir, share_text


@pytest.fixture
def ranking(tmp_path):
    return Ranking(tmp_path / "scores.sqlite3")


def test_rows_and_top_n(ranking):
    ranking.add("Hato", 90_000, given_up=False, deal=7)
    ranking.add("Kiji", 80_000, given_up=False, deal=7)
    ranking.add("Suzume", 10_000, given_up=True, deal=7)
    ranking.add("Kiji", 70_000, given_up=False, deal=8)
    top = ranking.top(10, deal=7)
    assert [(e.rank, e.player, e.time_ms) for e in top] == [(1, "Kiji", 80_000), (2, "Hato", 90_000)]
    assert [e.player for e in ranking.top(10)] == ["Kiji", "Kiji", "Hato"]
    with_hints = ranking.top(10, deal=7, include_given_up=True)
    assert [e.player for e in with_hints] == ["Kiji", "Hato", "Suzume"]  # given up ranks after every honest game
    assert [e.player for e in ranking.top(1)] == ["Kiji"]
    assert ranking.count() == 4
    assert "Kiji" in ranking.table(deal=7) and "no cleared games" in ranking.table(deal=99)


def test_row_fields(ranking):
    when = datetime(2026, 11, 30, 1, 2, 3, tzinfo=timezone.utc)
    entry = ranking.add("Hato", 61_050, given_up=True, deal=None, finished_at=when)
    (stored,) = ranking.top(include_given_up=True)
    assert stored.finished_at == "2026-11-30T01:02:03+00:00" and stored.given_up and stored.deal is None
    assert stored.entry_id == entry.entry_id and stored.time_text == "1 min 01 s 050"


@pytest.mark.parametrize("bad", [dict(time_ms=-5), dict(time_ms=1.5), dict(deal="7")])
def test_bad_rows_are_refused(ranking, bad):
    args = dict(player="Hato", time_ms=1000, given_up=False, deal=1) | bad
    with pytest.raises(ValueError):
        ranking.add(**args)
    assert ranking.count() == 0


def test_player_names_are_cleaned_or_refused(ranking):
    assert clean_player_name("鳩\u200b さん\n") == "鳩 さん"
    assert clean_player_name("a\x1b[31mred") == "a[31mred"
    assert clean_player_name(None) == "anonymous" and clean_player_name("\x00\x01") == "anonymous"
    assert clean_player_name("x" * 32) == "x" * 32
    with pytest.raises(ValueError, match="33 characters long"):
        clean_player_name("x" * 33)
    with pytest.raises(ValueError, match="33 characters"):
        ranking.add("y" * 33, 1000, given_up=False, deal=1)
    ranking.add("Robert'); DROP TABLE scores;--", 1000, given_up=False, deal=1)
    assert ranking.top()[0].player == "Robert'); DROP TABLE scores;--"


def test_player_name_is_remembered_between_sessions(tmp_path):
    path = tmp_path / "scores.sqlite3"
    assert Ranking(path).player_name == ""
    Ranking(path).player_name = "  Hato\t "
    assert Ranking(path).player_name == "Hato"


def test_data_dir_honours_the_environment(monkeypatch, tmp_path):
    monkeypatch.setenv("GAMELAB_DATA_DIR", str(tmp_path / "here"))
    assert data_dir() == tmp_path / "here"
    ranking = Ranking()
    assert ranking.path == tmp_path / "here" / "shanghai.sqlite3" and ranking.path.exists()
    monkeypatch.delenv("GAMELAB_DATA_DIR")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    assert data_dir() == tmp_path / "xdg" / "gamelab"


def test_a_damaged_database_is_refused_and_left_untouched(tmp_path):
    path = tmp_path / "scores.sqlite3"
    garbage = b"this is not a database at all" * 100
    path.write_bytes(garbage)
    with pytest.raises(RankingError, match="damaged.*left as it is") as caught:
        Ranking(path)
    assert caught.value.reason == "damaged" and path.read_bytes() == garbage
    recovered = Ranking(path, recover=True)
    assert recovered.moved_aside is not None and recovered.moved_aside.read_bytes() == garbage
    assert recovered.count() == 0 and path.exists()


def _foreign_database(folder):
    """A database file at the ranking's place whose ``scores`` table is another program's."""
    path = folder / "scores.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE scores (x)")
    con.commit()
    con.close()
    return path


def test_a_database_with_a_foreign_scores_table_is_refused(tmp_path):
    path = _foreign_database(tmp_path)
    with pytest.raises(RankingError, match="unexpected columns"):
        Ranking(path)


def test_share_text():
    assert "1 min 01 s 050" in share_text(61_050, deal=3) and "#3" in share_text(61_050, deal=3)
    assert "with hints" in share_text(61_050, given_up=True)
    assert share_text(61_050, language="ja").startswith("鳩でもわかる上海麻雀 記録 1 分 01 秒 050")
    with pytest.raises(ValueError, match="'fr'"):
        share_text(1, language="fr")


def _writer(path: str, worker: int, rows: int) -> None:
    ranking = Ranking(path)
    for i in range(rows):
        ranking.add(f"p{worker}", worker * 1000 + i, given_up=False, deal=worker)


def test_several_processes_write_at_once_without_losing_or_doubling_rows(tmp_path):
    path = str(tmp_path / "scores.sqlite3")
    workers, rows = 4, 25
    context = multiprocessing.get_context("spawn")
    procs = [context.Process(target=_writer, args=(path, w, rows)) for w in range(workers)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(120)
        assert p.exitcode == 0
    con = sqlite3.connect(path)
    stored = con.execute("SELECT player, time_ms FROM scores").fetchall()
    ids = con.execute("SELECT COUNT(DISTINCT entry_id) FROM scores").fetchone()[0]
    con.close()
    assert len(stored) == workers * rows == ids
    assert sorted(stored) == sorted((f"p{w}", w * 1000 + i) for w in range(workers) for i in range(rows))




def test_a_write_that_sqlite_answers_locked_at_once_is_tried_again(monkeypatch):
    # SQLite answers "database is locked" without waiting while another connection creates the file or
    # switches it to WAL (eight processes opening a new ranking on a loaded machine): creating the tables
    # and every write go through _retry_busy, which pauses and tries again; other errors pass at once
    from gamelab.shanghai import ranking as module

    clock = [0.0]
    pauses = []

    def sleep(seconds):
        pauses.append(seconds)
        clock[0] += seconds

    monkeypatch.setattr(module.time, "sleep", sleep)
    monkeypatch.setattr(module.time, "monotonic", lambda: clock[0])
    con = sqlite3.connect(":memory:", isolation_level=None)
    tries = []

    def locked_twice():
        tries.append(1)
        con.execute("BEGIN IMMEDIATE")
        if len(tries) < 3:
            raise sqlite3.OperationalError("database is locked")
        con.execute("COMMIT")

    module._retry_busy(con, locked_twice, 15.0)
    assert len(tries) == 3 and len(pauses) == 2 and not con.in_transaction

    def always_locked():
        raise sqlite3.OperationalError("database is locked")

    pauses.clear()
    with pytest.raises(sqlite3.OperationalError, match="locked"):
        module._retry_busy(con, always_locked, 15.0)
    assert sum(pauses) <= 15.0, "the tries together wait no longer than the timeout"

    def broken():
        tries.append(1)
        raise sqlite3.OperationalError("no such table: scores")

    tries.clear()
    with pytest.raises(sqlite3.OperationalError, match="no such table"):
        module._retry_busy(con, broken, 15.0)
    assert len(tries) == 1
    con.close()


def test_each_try_waits_only_for_what_is_left_of_the_timeout(monkeypatch):
    # SQLite's own wait (busy_timeout) shrinks as the tries go on: a file kept locked by another process
    # costs the ranking's timeout in all, not the timeout once per try (121.7 s for a 15 s timeout before)
    from gamelab.shanghai import ranking as module

    clock = [0.0]
    monkeypatch.setattr(module.time, "monotonic", lambda: clock[0])
    monkeypatch.setattr(module.time, "sleep", lambda seconds: clock.__setitem__(0, clock[0] + seconds))
    con = sqlite3.connect(":memory:", isolation_level=None)
    waits = []

    def locked_after_waiting():
        wait = con.execute("PRAGMA busy_timeout").fetchone()[0] / 1000
        waits.append(wait)
        clock[0] += wait  # as SQLite would: it waited all it was allowed, then gave up
        raise sqlite3.OperationalError("database is locked")

    with pytest.raises(sqlite3.OperationalError):
        module._retry_busy(con, locked_after_waiting, 15.0)
    assert clock[0] <= 15.0 and waits[0] == 15.0 and len(waits) == 1
    con.close()


def test_another_programs_database_is_refused_before_anything_in_it_changes(tmp_path):
    import hashlib

    path = tmp_path / "notes.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE notes (body TEXT)")
    con.execute("INSERT INTO notes VALUES ('keep me')")
    con.commit()
    con.close()
    before = hashlib.sha256(path.read_bytes()).hexdigest()
    for recover in (False, True):
        with pytest.raises(RankingError, match="another program's database") as caught:
            Ranking(path, recover=recover)
        assert caught.value.reason == "foreign"
    assert hashlib.sha256(path.read_bytes()).hexdigest() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["notes.sqlite3"], "no journal, no WAL, no copy"
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    con.close()


def test_a_file_another_process_keeps_locked_is_refused_as_busy(tmp_path):
    path = tmp_path / "scores.sqlite3"
    ranking = Ranking(path, timeout=0.3)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process's writer, never finishing
    try:
        with pytest.raises(RankingError) as caught:
            ranking.add("ann", 61_000, given_up=False, deal=1)
        assert caught.value.reason == "busy"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    ranking.add("ann", 61_000, given_up=False, deal=1)
    assert ranking.count() == 1

# -- issue 13, item 1: read-only, cannot create and damaged told apart; every error a RankingError ----

def _as_user_without_root(work):
    """``work()`` run as a user whose file permissions hold (root ignores them): in a forked child that
    drops to ``nobody`` when the tests run as root. Returns ``("ok", value)`` or ``("error", (type, reason,
    message))``."""
    def run():
        try:
            return "ok", work()
        except Exception as exc:  # reported to the parent, which asserts on it
            return "error", (type(exc).__name__, getattr(exc, "reason", None), str(exc))

    if os.name != "posix" or os.geteuid() != 0:
        return run()
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: drop root, do the work, send the answer, leave without cleanup
        try:
            os.setgid(65534)
            os.setuid(65534)
            answer = run()
        except BaseException as exc:
            answer = ("error", (type(exc).__name__, None, str(exc)))
        os.write(write, pickle.dumps(answer))
        os._exit(0)
    os.close(write)
    with os.fdopen(read, "rb") as pipe:
        data = pipe.read()
    os.waitpid(pid, 0)
    return pickle.loads(data)


@pytest.fixture
def shared_dir():
    """A folder another user can enter (pytest's own tmp_path is private to its owner)."""
    folder = Path(tempfile.mkdtemp(prefix="gamelab-ranking-"))
    folder.chmod(0o755)
    yield folder
    for path in folder.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)
    shutil.rmtree(folder)


def _saved(path: Path) -> None:
    ranking = Ranking(path)
    ranking.add("Hato", 5_000, given_up=False, deal=1)
    ranking.player_name = "Hato"


def test_a_healthy_read_only_database_opens_read_only_and_is_never_moved(shared_dir):
    folder = shared_dir / "ro"
    folder.mkdir()
    path = folder / "s.sqlite3"
    _saved(path)
    before = path.read_bytes()
    path.chmod(0o444)
    folder.chmod(0o555)

    def use():
        ranking = Ranking(path, recover=True)  # recover must not touch a file it can read
        scores = [(e.player, e.time_ms) for e in ranking.top()]
        try:
            ranking.add("Kiji", 1_000, given_up=False, deal=1)
            refused = None
        except RankingError as exc:
            refused = (exc.reason, str(exc))
        return ranking.read_only, ranking.moved_aside, ranking.count(), scores, ranking.player_name, refused

    status, (read_only, moved, count, scores, name, refused) = _as_user_without_root(use)
    assert status == "ok"
    assert read_only and moved is None and count == 1 and scores == [("Hato", 5_000)] and name == "Hato"
    assert refused[0] == "read-only" and "read-only" in refused[1] and "damaged" not in refused[1]
    assert sorted(p.name for p in folder.iterdir()) == ["s.sqlite3"] and path.read_bytes() == before


def test_a_read_only_folder_cannot_create_a_ranking(shared_dir):
    folder = shared_dir / "locked"
    folder.mkdir()
    folder.chmod(0o555)
    for target in (folder / "s.sqlite3", folder / "sub" / "s.sqlite3"):
        status, (kind, reason, message) = _as_user_without_root(lambda target=target: Ranking(target))
        assert (status, kind, reason) == ("error", "RankingError", "cannot-create")
        assert "damaged" not in message


def test_an_unreadable_file_and_a_folder_in_its_place_are_not_called_damaged(shared_dir):
    path = shared_dir / "secret.sqlite3"
    _saved(path)
    path.chmod(0o000)
    status, (kind, reason, message) = _as_user_without_root(lambda: Ranking(path, recover=True))
    assert (status, kind, reason) == ("error", "RankingError", "unreadable") and "permission" in message
    (shared_dir / "folder.sqlite3").mkdir()
    with pytest.raises(RankingError, match="is a folder") as caught:
        Ranking(shared_dir / "folder.sqlite3", recover=True)
    assert caught.value.reason == "unreadable" and (shared_dir / "folder.sqlite3").is_dir()


def test_a_file_damaged_after_opening_gives_ranking_errors_only(tmp_path):
    path = tmp_path / "scores.sqlite3"
    ranking = Ranking(path)
    ranking.add("Hato", 1_000, given_up=False, deal=1)
    path.write_bytes(b"garbage, not a database " * 200)
    for use in (lambda: ranking.add("Kiji", 2_000, given_up=False, deal=1), ranking.count,
                lambda: ranking.player_name, ranking.top, ranking.table):
        with pytest.raises(RankingError) as caught:
            use()
        assert caught.value.reason == "damaged"
    path.unlink()
    with pytest.raises(RankingError) as caught:
        ranking.count()
    assert caught.value.reason == "unreadable" and not path.exists()  # never silently re-created


@pytest.mark.parametrize("bad, words", [
    ({"time_ms": 10**20}, "time_ms"), ({"time_ms": True}, "time_ms"), ({"given_up": "no"}, "given_up"),
    ({"given_up": 1}, "given_up"), ({"given_up": None}, "given_up"), ({"deal": 10**20}, "deal"),
    ({"deal": -1}, "deal"), ({"finished_at": "yesterday"}, "finished_at"), ({"player": 5}, "player name"),
])
def test_out_of_range_numbers_and_non_bool_given_up_are_value_errors(ranking, bad, words):
    args = {"player": "Hato", "time_ms": 1000, "given_up": False, "deal": 1} | bad
    with pytest.raises(ValueError, match=words):
        ranking.add(**args)
    assert ranking.count() == 0


@pytest.mark.parametrize("n", [10**20, 0, -1, 2.5, True, "10"])
def test_top_refuses_a_count_out_of_range(ranking, n):
    with pytest.raises(ValueError, match="n .how many games"):
        ranking.top(n)


def test_a_foreign_database_is_never_moved_even_with_recover(tmp_path):
    path = _foreign_database(tmp_path)
    with pytest.raises(RankingError) as caught:
        Ranking(path, recover=True)
    assert caught.value.reason == "foreign" and path.exists()
    assert list(tmp_path.iterdir()) == [path]
