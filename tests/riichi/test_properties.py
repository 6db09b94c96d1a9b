"""Property tests: random turns keep every tile accounted for, strings round-trip, refusals change nothing."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from gamelab.errors import IllegalMove
from gamelab.riichi import TILE_KINDS, Hand, River, Wall


def tiles_in(hand: Hand, river: River, wall: Wall) -> int:
    melds = sum(len(re.findall(r"\d", m)) for m in hand.melds)
    return len(hand.concealed_tiles()) + melds + len(river) + len(wall._tiles)


def assert_refused_unchanged(hand: Hand, action) -> None:
    before = str(hand)
    try:
        action()
    except (IllegalMove, ValueError):
        assert str(hand) == before
    else:
        raise AssertionError("the action should have been refused")


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.lists(st.integers(0, 10**6), min_size=5, max_size=80))
def test_random_turns(seed: int, choices: list[int]) -> None:
    wall = Wall(seed=seed)
    hand = Hand([wall.draw() for _ in range(13)])
    river = River()
    for choice in choices:
        if wall.tiles_left < 2:
            break
        offered = wall.draw()
        calls = (hand.pon_options(offered + "=") or []) + (hand.chi_options(offered + "-") or [])
        calls += hand.kan_options(offered + "+") or []
        if calls and choice % 3 == 0:
            meld = calls[choice % len(calls)]
            hand.call(meld)
            if len(re.findall(r"\d", meld)) == 4:
                hand.draw(wall.draw_replacement())
                wall.reveal_kan_dora()
        else:
            hand.draw(offered)
            kans = hand.kan_options()
            if kans and choice % 2 == 0:
                hand.kan(kans[choice % len(kans)])
                if wall.kans >= 4:
                    break
                hand.draw(wall.draw_replacement())
                wall.reveal_kan_dora()
        assert hand.tile_count == 14
        assert str(Hand.from_string(str(hand))) == str(hand)
        absent = next(k for k in TILE_KINDS if hand.count(k) == 0)
        assert_refused_unchanged(hand, lambda: hand.discard(absent))
        assert_refused_unchanged(hand, lambda: hand.draw(absent))
        options = hand.discard_options() or hand.discard_options(check=False)
        assert options
        tile = options[choice % len(options)]
        hand.discard(tile)
        river.discard(tile)
        assert hand.tile_count == 13 and hand.drawn is None
        assert tiles_in(hand, river, wall) == 136
        assert str(Hand.from_string(str(hand))) == str(hand)


SETS = [f"{s}{n}{n + 1}{n + 2}" for s in "mps" for n in range(1, 8)] + [f"{s}{n}{n}{n}" for s in "mpsz"
                                                                     for n in range(1, 8 if s == "z" else 10)]
PAIRS = [f"{k[0]}{k[1]}{k[1]}" for k in TILE_KINDS]


def _tiles(block: str) -> list[str]:
    return [block[0] + d for d in block[1:]]


@settings(max_examples=150, deadline=None)
@given(
    st.lists(st.sampled_from(SETS), min_size=4, max_size=4),
    st.sampled_from(PAIRS),
    st.integers(0, 13),
    st.sampled_from([None, "+", "=", "-"]),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 2),
)
def test_wins_pay_out_consistently(sets, pair, which, direction, seat, round_wind, honba, sticks) -> None:
    """Any complete hand scores; payments balance except the riichi sticks the winner collects."""
    from collections import Counter

    from gamelab.riichi import WinContext, score

    tiles = [t for block in sets + [pair] for t in _tiles(block)]
    if max(Counter(tiles).values()) > 4:
        return
    winning = tiles.pop(which)
    hand = Hand(tiles)
    context = WinContext(seat_wind=seat, round_wind=round_wind, honba=honba, riichi_sticks=sticks, riichi=1)
    if direction is None:
        hand.draw(winning)
        result = score(hand, None, context)
    else:
        result = score(hand, winning + direction, context)
    assert result is not None and result.has_yaku  # riichi is always a yaku
    assert sum(result.payments) == 1000 * sticks
    assert result.payments[seat] == result.points + 300 * honba + 1000 * sticks
    assert all(p <= 0 for i, p in enumerate(result.payments) if i != seat)
    if direction is not None:
        assert sum(1 for p in result.payments if p < 0) == 1
    assert (result.yakuman is None) == (result.han is not None)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(SETS), min_size=4, max_size=4),
    st.sampled_from(PAIRS),
    st.lists(st.integers(0, 3), min_size=4, max_size=4),
    st.integers(0, 13),
    st.sampled_from([None, "+", "=", "-"]),
    st.booleans(),
    st.lists(st.sampled_from(TILE_KINDS + ("m0", "p0", "s0")), max_size=3),
    st.integers(0, 3),
    st.integers(0, 3),
    st.integers(0, 2),
    st.lists(st.booleans(), min_size=7, max_size=7),
)
def test_the_quick_scoring_path_gives_what_the_readable_one_gives(
    sets, pair, calls, which, direction, reds, indicators, seat, round_wind, riichi, flags
) -> None:
    """score() (tuples) and score_by_shapes() (written readings, the lesson's steps) agree on random
    wins with calls, kans, red fives, dora and rule variants: every field, the chosen reading included."""
    from collections import Counter

    from gamelab.riichi import Rules, WinContext, score
    from gamelab.riichi.scoring import ron_points, score_by_shapes

    concealed: list[str] = []
    melds: list[str] = []
    for block, call in zip(sets, calls):
        run = block[1] != block[2]
        if call == 0 or (run and call != 1):
            concealed += _tiles(block)
        elif run:
            melds.append(f"{block[0]}{block[1]}-{block[2:]}")
        elif call == 1:
            melds.append(block + "+=-"[which % 3])
        else:
            melds.append(block + block[1] + ("+=-"[which % 3] if call == 2 else ""))
    concealed += _tiles(pair)
    every = concealed + [t for m in melds for t in _tiles(m.replace("-", "").rstrip("+=-"))]
    if max(Counter(every).values()) > 4:
        return
    if reds:  # the first five of each suit in hand is a red one
        for suit in "mps":
            if suit + "5" in concealed:
                concealed[concealed.index(suit + "5")] = suit + "0"
    winning = concealed.pop(which % len(concealed))
    hand = Hand.from_string(str(Hand(concealed)) + "".join("," + m for m in melds))
    closed = hand.is_closed
    rules = Rules(open_tanyao=flags[0], double_yakuman=flags[1], yakuman_stacking=flags[2], counted_yakuman=flags[3],
                  yakuman_responsibility=flags[4], round_up_mangan=flags[5], double_wind_pair_2fu=flags[6])
    context = WinContext(rules=rules, seat_wind=seat, round_wind=round_wind, riichi=riichi if closed else 0,
                         ippatsu=bool(riichi and closed and flags[1]), last_tile=which % 3, after_kan=flags[2],
                         dora_indicators=tuple(indicators),
                         ura_indicators=tuple(indicators[::-1]) if riichi and closed else None)
    ron = None if direction is None else winning + direction
    if ron is None:
        hand.draw(winning)
    result = score(hand, ron, context)
    assert result == score_by_shapes(hand, ron, context)
    if ron is not None:
        assert ron_points(hand, ron, context) == (result.points if result is not None and result.has_yaku else 0)
