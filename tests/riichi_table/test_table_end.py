"""Next hand or end of game (§4.10 ``last``) and the final ranking with uma (§4.11 ``jieju``)."""

from __future__ import annotations

import pytest
from table_helpers import rigged_table


def after_hand(rules=None, wind=1, number=3, points=(25000, 25000, 25000, 25000), repeat=False, abortive=False,
               qijia=0, extra_hands=0):
    """Run ``last()`` as if hand (wind, number) had just ended; returns the table."""
    table = rigged_table(rules, qijia=qijia)
    table.round_wind, table.hand_number = wind, number
    table.player_id = [(qijia + number + seat) % 4 for seat in range(4)]
    table.points = list(points)
    table.dealer_repeats, table.abortive = repeat, abortive
    table._last_hand += extra_hands
    table._last()
    return table


def test_the_game_goes_on_to_the_next_hand():
    table = after_hand(wind=0, number=1)
    assert not table.is_over and (table.round_wind, table.hand_number) == (0, 2)


def test_south_four_ends_a_hanchan_when_someone_has_30000():
    assert after_hand(points=(31000, 23000, 23000, 23000)).is_over


def test_sudden_death_extension_and_no_extension():
    table = after_hand(points=(28000, 24000, 24000, 24000))
    assert not table.is_over and (table.round_wind, table.hand_number) == (2, 0)  # 西入
    assert after_hand({"延長戦方式": 0}, points=(28000, 24000, 24000, 24000)).is_over
    # in West, the first hand that leaves someone at 30000 ends it
    assert after_hand(wind=2, number=0, points=(31000, 23000, 23000, 23000)).is_over
    assert not after_hand(wind=2, number=0, points=(28000, 24000, 24000, 24000)).is_over


def test_extension_never_goes_past_one_extra_wind():
    assert after_hand(wind=2, number=3, points=(28000, 24000, 24000, 24000)).is_over


def test_fixed_four_hand_extension():
    table = after_hand({"延長戦方式": 3}, points=(28000, 24000, 24000, 24000))
    assert not table.is_over and table._last_hand == 11
    table = after_hand({"延長戦方式": 3}, wind=2, number=0, points=(31000, 23000, 23000, 23000), extra_hands=4)
    assert not table.is_over  # the extra wind is played out


def test_dealer_priority_extension_grows_one_hand_at_a_time():
    table = after_hand({"延長戦方式": 2}, points=(28000, 24000, 24000, 24000))
    assert not table.is_over and table._last_hand == 8


def test_all_last_stop_for_the_leading_dealer():
    # 南4局: dealer is player_id[0] = (qijia + 3) % 4 = 3
    top_dealer = (23000, 23000, 23000, 31000)
    assert after_hand(points=top_dealer, repeat=True).is_over  # オーラス和了止め / 聴牌止め
    assert not after_hand({"オーラス止めあり": False}, points=top_dealer, repeat=True).is_over
    assert not after_hand(points=top_dealer, repeat=True, abortive=True).is_over  # 途中流局は連荘
    assert not after_hand(points=(31000, 23000, 23000, 23000), repeat=True).is_over  # another player leads


def test_bankruptcy_ends_the_game_unless_switched_off():
    assert after_hand(wind=0, number=0, points=(-100, 35100, 35000, 30000)).is_over
    assert not after_hand({"トビ終了あり": False}, wind=0, number=0, points=(-100, 35100, 35000, 30000)).is_over


def test_one_hand_game():
    assert after_hand({"場数": 0}, wind=0, number=0).is_over  # a win ends it
    table = after_hand({"場数": 0}, wind=0, number=0, repeat=True)
    assert not table.is_over and (table.round_wind, table.hand_number) == (0, 0)  # a draw replays it
    assert after_hand({"場数": 0}, wind=0, number=0, repeat=True, points=(31000, 23000, 23000, 23000)).is_over


def test_east_only_and_north_four_cap():
    assert after_hand({"場数": 1}, wind=0, number=3, points=(31000, 23000, 23000, 23000)).is_over
    assert after_hand({"場数": 4}, wind=3, number=3, points=(28000, 24000, 24000, 24000)).is_over


def final(points_by_id, qijia=0, rules=None, sticks=0):
    table = rigged_table(rules, qijia=qijia)
    table.points = list(points_by_id)
    table.riichi_sticks = sticks
    table._jieju()
    return table.paipu


@pytest.mark.parametrize("qijia, points, bonus, rank, point", [
    (1, [30600, 20400, 28500, 20500], None, [1, 4, 2, 3], ["40.6", "-29.6", "8.5", "-19.5"]),
    (0, [20400, 28500, 20500, 30600], ["20", "10", "-10", "-20"], [4, 2, 3, 1], ["-30", "9", "-19", "40"]),
    (0, [-1500, 83800, 6000, 11700], ["20", "10", "-10", "-20"], [4, 1, 3, 2], ["-51", "93", "-34", "-8"]),
    (2, [25000, 25000, 25000, 25000], None, [3, 4, 1, 2], ["-15.0", "-25.0", "35.0", "5.0"]),
])
def test_final_points_with_uma(qijia, points, bonus, rank, point):
    paipu = final(points, qijia, {"順位点": bonus} if bonus else None)
    assert paipu["rank"] == rank and paipu["point"] == point


def test_leftover_riichi_sticks_go_to_the_top():
    paipu = final([19000, 29000, 40000, 9000], qijia=3, sticks=3)
    assert paipu["defen"] == [19000, 29000, 43000, 9000]
