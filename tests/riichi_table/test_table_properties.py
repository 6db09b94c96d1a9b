"""Invariants over random bot games under random rules: points with sticks conserved, 136 tiles."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gamelab.riichi.table import Bot, Table, simulate


def tiles_on_table(table: Table) -> int:
    """Every tile somewhere: wall (dead wall included), concealed hands, melds, uncalled discards."""
    count = table.wall.tiles_left + 14
    for seat in range(4):
        hand = table.hands[seat]
        count += hand.tile_count - 3 * len(hand.melds)
        count += sum(sum(c.isdigit() for c in m[1:]) for m in hand.melds)
        count += sum(1 for p in table.rivers[seat].tiles if p[-1] not in "+=-")
    return count


class CheckingBot(Bot):
    """A bot that checks the table's invariants at every message it receives."""

    def reply(self, table, seat, message):
        if table.wall is not None and message not in ("kaiju",):
            assert tiles_on_table(table) == 136, (message, str(table))
        assert sum(table.points) + 1000 * table.riichi_sticks == 4 * table.rules.starting_points, message
        return super().reply(table, seat, message)


rule_sets = st.fixed_dictionaries({
    "場数": st.sampled_from([0, 1]),
    "途中流局あり": st.booleans(),
    "流し満貫あり": st.booleans(),
    "ノーテン宣言あり": st.booleans(),
    "ノーテン罰あり": st.booleans(),
    "最大同時和了数": st.sampled_from([1, 2, 3]),
    "連荘方式": st.sampled_from([0, 1, 2, 3]),
    "トビ終了あり": st.booleans(),
    "喰い替え許可レベル": st.sampled_from([0, 1, 2]),
    "カンドラ後乗せ": st.booleans(),
    "赤牌": st.sampled_from([{"m": 1, "p": 1, "s": 1}, {"m": 0, "p": 0, "s": 0}, {"m": 1, "p": 2, "s": 1}]),
})


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), rules=rule_sets)
def test_bot_games_conserve_points_and_tiles(seed, rules):
    table = Table(players=[CheckingBot(seed=seed + i) for i in range(4)], rules=rules, seed=seed)
    table.run()
    assert table.is_over
    assert sum(table.paipu["defen"]) == 4 * table.rules.starting_points
    assert sorted(table.paipu["rank"]) == [1, 2, 3, 4]
    point = [float(p) for p in table.paipu["point"]]
    assert abs(sum(point)) < 1e-6  # zero-sum, oka included
    for hand in table.paipu["log"]:
        end = hand[-1]
        fenpei = end.get("hule", end.get("pingju", {})).get("fenpei")
        assert fenpei is not None


def test_simulation_is_the_same_with_an_executor():
    from concurrent.futures import ThreadPoolExecutor

    plain = simulate(3, {"場数": 0}, seed=11)
    with ThreadPoolExecutor(2) as pool:
        pooled = simulate(3, {"場数": 0}, seed=11, executor=pool, chunk=1)
    assert plain.results == pooled.results
    assert plain.summary()["games"] == 3


def test_simulation_progress_is_reported():
    seen = []
    simulate(2, {"場数": 0}, seed=1, chunk=1, progress=lambda done, total: seen.append((done, total)))
    assert seen == [(1, 2), (2, 2)]
