"""The bridge to another program's players (table/peer.py), tested with a stub peer: what each player is
shown, in what order, and that its answers are played. The node peer itself runs in the riichi-peer bench."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from gamelab.riichi.table import Bot, Table, staged_table
from gamelab.riichi.table import peer as peer_module
from gamelab.riichi.table.peer import PeerError, PeerPlayer, PeerProcess, PeerUnavailable, ensure_packages, message_for

STUB = Path(__file__).with_name("stub_peer.py")


@pytest.fixture()
def stub():
    with PeerProcess([sys.executable, str(STUB)]) as process:
        yield process


def test_players_see_what_majiang_core_shows_them_and_their_answers_are_played(stub):
    peers = {1: PeerPlayer(stub), 3: PeerPlayer(stub)}
    players = [peers.get(pid) or Bot(seed=pid) for pid in range(4)]
    table = Table(players=players, rules={"場数": 0}, qijia=0, seed=11).run()
    assert table.is_over
    for pid, player in peers.items():
        log = stub.request({"cmd": "log", "slot": player.slot})["log"]
        messages = [m for m in log if "reply" not in m and "note" not in m]
        assert messages[0] == {"kaiju": {"id": pid, "rule": table.rules.to_majiang(), "title": table.title,
                                         "player": table.names, "qijia": 0}}
        assert list(messages[-1]) == ["jieju"] and messages[-1]["jieju"]["rank"] == table.paipu["rank"]
        events = [e for hand in table.paipu["log"] for e in hand if "kaigang" not in e]
        seats = []
        for hand in table.paipu["log"]:
            seat = (pid - table.paipu["qijia"] - hand[0]["qipai"]["jushu"]) % 4
            seats += [seat] * sum(1 for e in hand if "kaigang" not in e)
        assert messages[1:-1] == [message_for(e, s) for e, s in zip(events, seats)]
        for message, seat in zip(messages[1:-1], seats):
            if "qipai" in message:  # only one's own hand
                assert [bool(h) for h in message["qipai"]["shoupai"]] == [i == seat for i in range(4)]
            if "zimo" in message and message["zimo"]["l"] != seat:
                assert message["zimo"]["p"] == ""
        # the stub discards what it draws, written as a draw discard: the table played those answers
        replies = [m["reply"]["dapai"] for m in log if m.get("reply", {}).get("dapai")]
        own = [e["dapai"]["p"] for hand in table.paipu["log"] for e in hand
               if "dapai" in e and (table.paipu["qijia"] + hand[0]["qipai"]["jushu"] + e["dapai"]["l"]) % 4 == pid]
        assert replies and own == replies


KANS = ["m1111p1111s2345z5", "s1111z1111m2345z6", "m6789p6789s678z22", "m678p2345s6789z33"]


def test_a_kan_dora_is_shown_before_the_message_it_came_with(stub):
    peer = PeerPlayer(stub)
    table = staged_table(KANS, zimo=["z5"], gangzimo=["p5", "p6"], baopai="z7", players=[None, peer, Bot(seed=2), Bot(seed=3)])
    table.reply(0, {"gang": "m1111"})
    table.run()
    log = stub.request({"cmd": "log", "slot": peer.slot})["log"]
    shown = [m for m in log if "reply" not in m]
    at = next(i for i, m in enumerate(shown) if "gangzimo" in m)
    assert "note" in shown[at - 1] and "kaigang" in shown[at - 1]["note"]
    assert shown[at]["gangzimo"]["p"] == ""  # someone else's replacement draw
    record = [e for hand in table.paipu["log"] for e in hand]
    assert [list(e)[0] for e in record][-2:] == ["gangzimo", "kaigang"]  # the record writes it after


def test_errors_and_a_stopped_peer_raise_peer_error(stub):
    with pytest.raises(PeerError, match="asked to fail"):
        stub.request({"cmd": "fail"})
    stub.close()
    with pytest.raises(PeerError):
        stub.request({"cmd": "hello"})


def test_without_node_the_bench_says_so_and_gives_no_rows(monkeypatch, capsys):
    from gamelab.riichi import bench_peer

    monkeypatch.setattr(peer_module.shutil, "which", lambda name: None)
    assert bench_peer.run(quick=True) == []
    assert "node is not installed" in capsys.readouterr().err


def test_without_node_the_speed_bench_keeps_the_rows_it_can_measure(monkeypatch, capsys):
    from gamelab.riichi import bench_shanten, bench_speed

    if bench_shanten.data_dir() is None:
        pytest.skip("no conformance data ($GAMELAB_CONFORMANCE_DATA)")
    pytest.importorskip("mahjong")
    monkeypatch.setattr(peer_module.shutil, "which", lambda name: None)
    rows = bench_speed.run(quick=True)
    assert "node is not installed" in capsys.readouterr().err
    assert [row.metric for row in rows] == ["shanten from hand strings, 4,000 conformance hands"]
    assert rows[0].bench == "riichi-speed" and rows[0].value > 0 and rows[0].reference_value > 0


def test_without_npm_nothing_is_installed(monkeypatch, tmp_path):
    monkeypatch.setattr(peer_module.shutil, "which", lambda name: "/usr/bin/node" if name == "node" else None)
    with pytest.raises(PeerUnavailable, match="npm is not installed"):
        ensure_packages(tmp_path / "cache")
    assert not (tmp_path / "cache").exists()


def test_the_tally_gives_intervals_with_games_as_units():
    from gamelab.bench import wilson
    from gamelab.riichi.bench_peer import Tally

    tally = Tally(games=4, ranks=[1, 2, 3, 4, 2, 3, 1, 4])  # per game means 1.5, 3.5, 2.5, 2.5
    low, high = tally.rank_interval()
    assert tally.mean_rank == 2.5
    assert round(low, 3) == 1.700 and round(high, 3) == 3.300  # 2.5 -/+ 1.96 * sd 0.8165 / sqrt(4 games)
    assert Tally().rank_interval() == (0.0, 5.0)
    low, high = wilson(50, 400)
    assert low < 0.125 < high and round(high - low, 3) == 0.065
