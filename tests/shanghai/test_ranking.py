"""The SQLite ranking: rows, ordering, names, a damaged file, and several processes writing at once."""

from __future__ import annotations

import multiprocessing
import sqlite3
from datetime import datetime, timezone

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
    with pytest.raises(RankingError, match="damaged.*left as it is"):
        Ranking(path)
    assert path.read_bytes() == garbage
    recovered = Ranking(path, recover=True)
    assert recovered.moved_aside is not None and recovered.moved_aside.read_bytes() == garbage
    assert recovered.count() == 0 and path.exists()


def test_a_database_with_a_foreign_scores_table_is_refused(tmp_path):
    path = tmp_path / "scores.sqlite3"
    con = sqlite3.connect(path)
    con.execute("CREATE TABLE scores (x)")
    con.commit()
    con.close()
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
