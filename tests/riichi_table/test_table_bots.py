"""The bots' levels: seeded and deterministic, and the normal level's judgement in staged positions
(folding to a safe tile against riichi, calling a value honour, danger of suji and safe tiles).
How strong they are is measured by the riichi-peer bench, not asserted here."""

from __future__ import annotations

import pytest

from gamelab.riichi import Hand
from gamelab.riichi.table import Bot, Table, staged_table
from gamelab.riichi.table.ai import DEFAULT_LEVEL, LEVELS, Tuning, _Look, _Record
from gamelab.riichi.table.tactics import (
    Danger,
    keys_of_packed,
    kind_of,
    reach_then_win,
    ready_at_draw,
    ready_win,
    still_ready_at_draw,
    turn_win,
    yaku_shanten,
)


def test_levels_and_their_default():
    assert LEVELS == ("easy", "normal") and DEFAULT_LEVEL == "normal"
    with pytest.raises(ValueError, match="level must be one of easy, normal"):
        Bot(level="hard")


@pytest.mark.parametrize("level", LEVELS)
def test_bots_are_seeded_and_deterministic(level):
    def game():
        return Table(players=[Bot(seed=i, level=level) for i in range(4)], rules={"場数": 0}, qijia=0, seed=9).run().paipu

    assert game() == game()


def test_against_riichi_a_hand_far_from_ready_discards_the_safe_tile():
    # South declares riichi throwing m5; West (a normal bot), three steps or more from ready, holds m5
    # in the middle of a run: it lets the run go rather than push an unsafe tile
    hands = ["m2789p2568s2588z4", "m1235p456s789z112", "m456p1379s1379z56", "m3p1458s13468z346"]
    table = staged_table(hands, zimo=["z4", "z2", "z7"], baopai="s9",
                         players=[None, None, Bot(seed=1, level="normal"), None])
    table.reply(0, {"dapai": "z4_"})
    table.run()
    table.reply(1, {"dapai": "m5*"})
    table.run()
    west = [e["dapai"]["p"] for e in table.paipu["log"][0] if "dapai" in e and e["dapai"]["l"] == 2]
    assert west == ["m5"]


def test_a_value_honour_is_called_far_from_ready():
    hands = ["m2789p2568s2588z5", "m123p459s1379z556", "m3p1458s13468z346", "m456p1379s1379z12"]
    table = staged_table(hands, zimo=["z4"], baopai="s9", players=[None, Bot(seed=1, level="normal"), None, None])
    table.reply(0, {"dapai": "z5"})
    table.run()
    calls = [e["fulou"]["m"] for e in table.paipu["log"][0] if "fulou" in e]
    assert calls == ["z555-"]


def test_danger_is_zero_on_safe_tiles_and_lower_on_suji():
    unseen = [3] * 34
    safe = [set(), {kind_of("m1")}, set(), set()]
    danger = Danger(0, unseen, safe, [set()] * 4, {1: (1.0, 4000.0)})
    assert danger.of(kind_of("m1")) == 0.0
    assert danger.of(kind_of("m4")) < danger.of(kind_of("p4"))  # m4 is suji of the safe m1
    assert danger.of(kind_of("z1")) < danger.of(kind_of("p4"))  # an honour completes fewer waits


def test_tiles_beside_an_early_discard_are_less_dangerous():
    unseen = [3] * 34
    safe = [set(), {kind_of("s3")}, set(), set()]
    early = [[], [kind_of("s3")], [], []]
    plain = Danger(0, unseen, safe, [[]] * 4, {1: (1.0, 4000.0)})
    danger = Danger(0, unseen, safe, early, {1: (1.0, 4000.0)})
    for near in ("s1", "s2", "s4", "s5"):
        assert danger.of(kind_of(near)) < plain.of(kind_of(near))
    assert danger.of(kind_of("p4")) > plain.of(kind_of("p4"))  # the same total, spread over the rest
    assert danger.of(kind_of("s3")) == 0.0


def test_a_seat_reads_early_discards_up_to_the_riichi():
    table = Table(players=[Bot(seed=i) for i in range(4)], qijia=0, seed=11, rules={"場数": 0})
    table.run()
    record = _Record().update(table)
    log = table.paipu["log"][-1]
    for seat in range(4):
        mine = [e["dapai"]["p"] for e in log if "dapai" in e and e["dapai"]["l"] == seat]
        upto = next((i + 1 for i, p in enumerate(mine) if p.endswith("*")), len(mine))
        assert record.early[seat] == [kind_of(p) for p in mine[:min(8, upto)]]


def test_yaku_shanten_counts_a_value_pair_as_one_step_more():
    counts = [0] * 34
    for tile in ("m1", "m2", "m3", "p5", "p7", "s2", "s3", "s8", "z5", "z5"):
        counts[kind_of(tile)] += 1
    values = {31, 32, 33, 27, 28}
    # open, no value set yet: the white dragon pair still to pon; no simples, no single suit
    assert yaku_shanten(counts, ("p111-",), False, values, [4] * 34) >= 2
    counts[kind_of("z5")] += 1
    assert yaku_shanten(counts, ("p111-",), False, values, [4] * 34) <= 2


@pytest.mark.parametrize(("discard", "calls"), [("z5", ["z555-"]), ("z5*", [])])
def test_a_hand_two_steps_from_ready_calls_but_not_against_riichi(discard, calls):
    # the dealer throws 白 (z5); South holds a pair of it, two steps from ready: it calls the pon, unless
    # the dealer declared riichi with that tile
    hands = ["m123456p456s789z5", "m123p459s1379z556", "m3p1458s13468z346", "m456p1379s1379z12"]
    table = staged_table(hands, zimo=["z4"], baopai="s9", players=[None, Bot(seed=1, level="normal"), None, None])
    table.reply(0, {"dapai": discard})
    table.run()
    assert [e["fulou"]["m"] for e in table.paipu["log"][0] if "fulou" in e] == calls


@pytest.mark.parametrize(("summed", "after_ready"), [(reach_then_win, ready_win), (ready_at_draw, still_ready_at_draw)])
def test_a_hand_one_step_away_is_the_turn_by_turn_sum(summed, after_ready):
    # getting ready on turn j, then winning (reach_then_win) or still ready at the draw (ready_at_draw)
    for first, stay, win, turns, hazard in [(0.3, 0.6, 0.1, 15, 0.065), (0.1, 0.9, 0.4, 4, 0.0),
                                            (0.2, 0.5 * 0.935, 0.5, 9, 0.065)]:  # stay equal to the ready ratio
        direct = sum(first * stay ** (j - 1) * after_ready(win, turns - j, hazard) for j in range(1, turns + 1))
        assert summed(first, stay, win, turns, hazard) == pytest.approx(direct, rel=1e-9)
    assert summed(0.3, 0.6, 0.1, 0) == 0.0


def test_a_ready_hand_is_ready_at_the_draw_when_the_wall_is_out():
    assert still_ready_at_draw(0.2, 0) == 1.0


@pytest.mark.parametrize(("rules", "counted"), [(None, True), ({"ノーテン罰あり": False}, False)])
def test_a_ready_hand_counts_the_no_ten_payments_only_where_the_rules_have_them(rules, counted):
    # (the term is off in the default tuning; a bot given ``tenpai_pay`` weighs it)
    hands = ["m123456p456s789z1", "m123p459s1379z556", "m3p1458s13468z346", "m456p1379s1379z23"]
    bot = Bot(seed=1, level="normal", tuning=Tuning(tenpai_pay=1500.0))
    table = staged_table(hands, zimo=["z4"], baopai="s9", rules=rules, players=[bot, None, None, None])
    look = _Look(bot, table, 0)
    ready = keys_of_packed(Hand.from_string("m123456p456s789z1").packed)  # the dealer lets z4 go: waits on z1
    chance, value, draw = bot._normal._offence(look, ready, 0, 0)
    assert chance > 0 and value > 0
    if counted:
        win = turn_win(look.unseen[kind_of("z1")], look.pool)
        assert draw == pytest.approx(bot.tuning.tenpai_pay * still_ready_at_draw(win, look.tiles_left // 4, look.hazard))
        assert draw > 0
    else:
        assert draw == 0.0
    assert Bot()._normal._offence(_Look(Bot(), table, 0), ready, 0, 0)[2] == 0.0  # the default: off


def test_exact_values_score_each_wait_and_drop_the_waits_without_a_yaku():
    # West holds m23 in an all-simples hand. After a chi of p234 (a call the bot weighs) the hand is open:
    # winning on m1 has no yaku, so only m4 counts, at its real points. Closed, riichi is a yaku on both
    # waits, and the value is the mean of their real scores (the dora is s5, from the indicator s4).
    from gamelab.riichi import WinContext, score

    hands = ["m123456p456s789z1", "m123p459s1379z556", "m23p88s234567s5z77", "m456p1379s1379z23"]
    bot = Bot(seed=1, level="normal", tuning=Tuning(exact_value=True))
    table = staged_table(hands, zimo=["z4"], baopai="s4", players=[None, None, bot, None])
    look = _Look(bot, table, 2)
    normal = bot._normal
    open_keys = keys_of_packed(Hand.from_string("m23p88s234567").packed)
    waits, value = normal._tenpai_info(look, open_keys, 1, ("p234-",))
    assert waits == [kind_of("m4")]
    assert value == score("m23p88s234567,p234-", "m4+", WinContext(seat_wind=2, dora_indicators=("s4",))).points
    closed_keys = keys_of_packed(Hand.from_string("m23p88s234567s567").packed)
    waits, value = normal._tenpai_info(look, closed_keys, 0)
    assert waits == [kind_of("m1"), kind_of("m4")]
    context = WinContext(seat_wind=2, riichi=1, dora_indicators=("s4",))
    each = [score("m23p88s234567s567", w + "+", context).points for w in ("m1", "m4")]
    assert value == sum(each) / 2


def _calls_on(hands, thrown, bot, *, zimo="z4", baopai="z1"):
    """The calls made when the dealer throws ``thrown`` at a staged table with ``bot`` in seat 1 (South)."""
    table = staged_table(hands, zimo=[zimo], baopai=baopai, players=[None, bot, None, None])
    table.reply(0, {"dapai": thrown})
    table.run()
    return [e["fulou"]["m"] for e in table.paipu["log"][0] if "fulou" in e]


# the position of the two tests below (South may chi the dealer's s5)
DEEP_CALL_HANDS = ["m13p789s1199z123s5", "m234p40588s24567", "m9p1458s1368z3467", "m56p1379s1379z123"]


@pytest.mark.parametrize(("deep", "calls"), [(False, []), (True, ["s5-67"])])
def test_deep_calls_weigh_the_open_hand_by_the_ready_hands_it_can_reach(deep, calls):
    # South, one step from ready with all simples and a red five, may chi the dealer's s5 (s567). The
    # open hand is still one step from ready, with all simples and the red five kept. Judged deeply, its
    # chance is worked out from the ready hands each useful draw leads to, each wait scored: about 0.50
    # of winning 2,000, enough against the closed hand with the tempo bonus (2.0) every call had before
    # ``nearer_tempo``: it calls. The quick judgement (a step a turn at the share of useful draws, then
    # five waits) puts the chance at 0.43 and waits.
    bot = Bot(seed=1, level="normal", tuning=Tuning(deep_calls=deep, nearer_tempo=False))
    assert _calls_on(DEEP_CALL_HANDS, "s5", bot) == calls


@pytest.mark.parametrize(("nearer", "calls"), [(False, ["s5-67"]), (True, [])])
def test_the_tempo_bonus_goes_only_to_a_call_that_brings_the_hand_nearer_ready(nearer, calls):
    # the position above: the chi of s5 leaves South one step from ready, as it was. With the bonus
    # for every call (2.0) it calls; at face value the closed hand is worth more, and it waits.
    bot = Bot(seed=1, level="normal", tuning=Tuning(nearer_tempo=nearer))
    assert _calls_on(DEEP_CALL_HANDS, "s5", bot) == calls


@pytest.mark.parametrize(("south", "thrown", "chi"), [("m13p234s456z22777", "p1", "p1-23"),
                                                       ("m35p234s456z22777", "p5", "p345-")])
def test_a_ready_hand_does_not_break_its_wait_for_a_chi(south, thrown, chi):
    # South is ready (a closed 中 triplet, waiting on m2 or m4 between two tiles). The dealer throws a
    # tile South could chi only by taking apart a finished run, leaving it a step from ready: with the
    # tempo bonus for every call it did (``nearer_tempo`` off); by default it lets the tile go.
    hands = ["m2789p568s2588z4" + thrown, south, "m9p1458s1368z3467", "m56p1379s1379z123"]
    assert _calls_on(hands, thrown, Bot(seed=1, tuning=Tuning(nearer_tempo=False)), zimo="z1") == [chi]
    assert _calls_on(hands, thrown, Bot(seed=1), zimo="z1") == []


def _hands_near_complete(seed: int, count: int):
    """Hands of 13 and 14 concealed tiles a tile or three from a complete one (four sets and a pair,
    seven pairs or thirteen orphans), with 0-2 melds: the hands the bots look at most."""
    import random

    rng = random.Random(seed)
    for _ in range(count):
        n_melds = rng.choice([0, 0, 0, 1, 2])
        while True:
            counts = [0] * 34
            shape = rng.random()
            if n_melds == 0 and shape < 0.1:
                for k in (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33):
                    counts[k] = 1
                counts[rng.choice((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))] += 1
            elif n_melds == 0 and shape < 0.4:
                for k in rng.sample(range(34), 7):
                    counts[k] = 2
            else:
                for _ in range(4 - n_melds):
                    if rng.random() < 0.5:
                        first = 9 * rng.randrange(3) + rng.randrange(7)
                        kinds = [first, first + 1, first + 2]
                    else:
                        kinds = [rng.randrange(34)] * 3
                    for k in kinds:
                        counts[k] += 1
                counts[rng.randrange(34)] += 2
            if max(counts) <= 4:
                break
        for _ in range(rng.choice([1, 2, 3])):
            counts[rng.choice([k for k in range(34) if counts[k]])] -= 1
        while sum(counts) < 13 - 3 * n_melds:
            k = rng.randrange(34)
            if counts[k] < 4:
                counts[k] += 1
        yield counts, n_melds


def test_the_suit_tables_agree_with_shanten_tile_by_tile():
    """Shape answers "which draws lower the shanten, which discards keep it" from per-suit tables
    (regular shape), one kind at a time only where seven pairs or thirteen orphans are as close; both
    must say what the shanten of each changed hand says."""
    from gamelab.riichi import shanten_of_counts
    from gamelab.riichi.table.tactics import KIND_STEP, KIND_SUIT, Shape, waits_of

    def keys(counts):
        out = [0, 0, 0, 0]
        for k, c in enumerate(counts):
            out[KIND_SUIT[k]] += c * KIND_STEP[k]
        return out

    def changed(counts, kind, by):
        out = list(counts)
        out[kind] += by
        return out

    unseen = [(7 * k) % 5 for k in range(34)]
    tried = ready = 0
    for counts, n_melds in _hands_near_complete(20261201, 1500):
        now = shanten_of_counts(counts, n_melds)
        shape = Shape(keys(counts), n_melds)
        assert shape.shanten == now
        lower = [k for k in range(34) if counts[k] < 4 and shanten_of_counts(changed(counts, k, 1), n_melds) < now]
        assert shape.improving(unseen) == (sum(unseen[k] for k in lower if unseen[k]), [k for k in lower if unseen[k]])
        if now == 0:
            ready += 1
            assert waits_of(keys(counts), n_melds) == lower
        drawn = (7 * tried) % 34
        if counts[drawn] < 4:
            with_draw = changed(counts, drawn, 1)
            after = shanten_of_counts(with_draw, n_melds)
            keep = [d for d in range(34) if with_draw[d] and shanten_of_counts(changed(with_draw, d, -1), n_melds) == after]
            assert Shape(keys(with_draw), n_melds).keeping() == keep
            assert Shape(keys(with_draw), n_melds).after_discards() == {
                d: shanten_of_counts(changed(with_draw, d, -1), n_melds) for d in range(34) if with_draw[d]}
        tried += 1
    assert ready > 300  # the ready hands, whose waits are read from the same tables, are well represented


@pytest.mark.parametrize("text, red_suits, reds", [
    ("m055p123s0z11,z222=", "ms", 2),
    ("m123p406s789z1,m555-", "p", 1),
    ("p11s23467,m123-,z777=", "", 0),
])
def test_a_hand_made_from_keys_is_the_hand_its_string_reads(text, red_suits, reds):
    """The bots score imagined ready hands made straight from suit keys; they must be the hands the
    hand string reads, red fives and melds included, and a fifth copy across hand and melds is refused."""
    from gamelab.riichi.table.ai import hand_of_keys

    hand = Hand.from_string(text)
    made = hand_of_keys(keys_of_packed(hand.packed), red_suits, reds, hand.melds)
    assert str(made) == str(hand) and made.packed == hand.packed and made.tile_count == hand.tile_count
    fifth = keys_of_packed(Hand.from_string("m1111p123s456z11").packed)
    assert hand_of_keys(fifth, "", 0, ("m111=",)) is None
    with pytest.raises(ValueError):
        Hand.from_string("m1111p123s456z11,m111=")


def test_the_suit_tables_are_forgotten_with_the_shanten_tables():
    """The per-suit tables hold the shanten core's vector ids; when the core forgets its tables (the
    shanten bench measures a cold start) they must go too, or later answers would use stale ids."""
    from gamelab.riichi import shanten_of_counts
    from gamelab.riichi.shanten import clear_tables
    from gamelab.riichi.table.tactics import Shape

    texts = ["m123p456s789z1123", "m1234p456s789z112", "m11223p5578s3469", "p1199s19z1234567"]

    def lowering(text):
        hand = Hand.from_string(text)
        return Shape(keys_of_packed(hand.packed), 0).improving([4] * 34)[1]

    def told(text):  # the kinds that lower the shanten, one hand at a time
        counts = [0] * 34
        for tile in Hand.from_string(text).concealed_tiles():
            counts[kind_of(tile)] += 1
        now = shanten_of_counts(counts, 0)
        return [k for k in range(34) if counts[k] < 4
                and shanten_of_counts([c + (i == k) for i, c in enumerate(counts)], 0) < now]

    assert [lowering(t) for t in texts] == [told(t) for t in texts]
    clear_tables()
    shanten_of_counts([1] * 9 + [0] * 18 + [2, 2, 1, 0, 0, 0, 0])  # new ids, in a new order
    assert [lowering(t) for t in reversed(texts)] == [told(t) for t in reversed(texts)]


def test_a_bots_record_starts_afresh_at_a_new_table():
    """A bot's record of the hand (tiles in sight, safe tiles) belongs to one table: moved to another
    table whose hand has the same number (both in their first hand), it reads that table from the start."""
    first = Table(players=[None, Bot(seed=1), Bot(seed=2), Bot(seed=3)], qijia=0, seed=3).run()
    second = Table(players=[None, Bot(seed=1), Bot(seed=2), Bot(seed=3)], qijia=0, seed=4).run()
    assert len(first.paipu["log"]) == len(second.paipu["log"]) == 1
    record = _Record().update(first)
    record.update(second)
    fresh = _Record().update(second)
    assert (record.visible, record.safe, record.position) == (fresh.visible, fresh.safe, fresh.position)
    assert record.visible != _Record().update(first).visible  # the two tables show different tiles
