"""Scoring a win (和了 hule): winning shapes, fu, yaku, han, yakuman, points and payments.

The steps follow majiang-core's ``Util.hule`` and keep its notation:

1. :func:`win_shapes` (和了形 ``hule_mianzi``) lists every way to read the hand as four sets and a
   pair, seven pairs, thirteen orphans or nine gates, marking the block finished by the winning tile
   with its direction and ``!`` (``_`` for a self-draw): ``['z22_!', 'm123', ...]``;
2. :func:`shape_features` (符 ``get_hudi``) counts fu and the features yaku look at;
3. :func:`find_yaku` (役 ``get_hupai``) lists the yaku in majiang-core's order, dora last;
4. :func:`pay` (得点 ``get_defen``) turns fu and han into points and the payment vector;
5. :func:`score` keeps the best reading.

>>> result = score("m123p456s789z1122", "z1+", WinContext(seat_wind=0))
>>> [y.name for y in result.yaku], result.fu, result.han, result.points, result.payments
(['Round wind East', 'Seat wind East'], 40, 2, 3900, (3900, -3900, 0, 0))

Yaku carry English names with the Japanese beside them (``Yaku.japanese``), and
:meth:`WinResult.to_majiang` gives majiang-core's own result object (Japanese names, ``fanshu``…).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Mapping, Sequence

from .hand import DIGIT_WEIGHT, EIGHTS, PLAIN_WEIGHT, THREES, WEIGHT, Hand
from .rules import Rules
from .tiles import check_tile, dora_from_indicator

__all__ = [
    "WinContext",
    "Yaku",
    "WinResult",
    "ShapeFeatures",
    "win_shapes",
    "shape_features",
    "find_yaku",
    "pay",
    "score",
    "score_by_shapes",
    "YAKU_NAMES",
]

WIND_NAMES = ("East", "South", "West", "North")
_WIND_KANJI = ("東", "南", "西", "北")

#: majiang-core's Japanese yaku name -> English name
YAKU_NAMES: dict[str, str] = {
    "立直": "Riichi",
    "ダブル立直": "Double riichi",
    "一発": "Ippatsu",
    "海底摸月": "Last tile draw",
    "河底撈魚": "Last tile discard",
    "嶺上開花": "After a kan",
    "槍槓": "Robbing a kan",
    "天和": "Blessing of heaven",
    "地和": "Blessing of earth",
    "門前清自摸和": "Concealed self-draw",
    "翻牌 白": "White dragon",
    "翻牌 發": "Green dragon",
    "翻牌 中": "Red dragon",
    "平和": "Pinfu",
    "断幺九": "All simples",
    "一盃口": "Pure double sequence",
    "三色同順": "Mixed triple sequence",
    "一気通貫": "Pure straight",
    "混全帯幺九": "Half outside hand",
    "七対子": "Seven pairs",
    "対々和": "All triplets",
    "三暗刻": "Three concealed triplets",
    "三槓子": "Three kans",
    "三色同刻": "Triple triplets",
    "混老頭": "All terminals and honours",
    "小三元": "Little three dragons",
    "混一色": "Half flush",
    "純全帯幺九": "Fully outside hand",
    "二盃口": "Twice pure double sequence",
    "清一色": "Full flush",
    "国士無双": "Thirteen orphans",
    "国士無双十三面": "Thirteen orphans, 13-sided wait",
    "四暗刻": "Four concealed triplets",
    "四暗刻単騎": "Four concealed triplets, single wait",
    "大三元": "Big three dragons",
    "小四喜": "Little four winds",
    "大四喜": "Big four winds",
    "字一色": "All honours",
    "緑一色": "All green",
    "清老頭": "All terminals",
    "四槓子": "Four kans",
    "九蓮宝燈": "Nine gates",
    "純正九蓮宝燈": "True nine gates",
    "ドラ": "Dora",
    "赤ドラ": "Red fives",
    "裏ドラ": "Ura dora",
}
for _i, _kanji in enumerate(_WIND_KANJI):
    YAKU_NAMES[f"場風 {_kanji}"] = f"Round wind {WIND_NAMES[_i]}"
    YAKU_NAMES[f"自風 {_kanji}"] = f"Seat wind {WIND_NAMES[_i]}"

_DIRECTION_OFFSET = {"+": 1, "=": 2, "-": 3}


# ------------------------------------------------------------------------------------ inputs


@dataclass(frozen=True)
class WinContext:
    """Everything about a win besides the tiles (majiang-core's ``hule_param``).

    Winds are 0 East … 3 North; ``seat_wind`` 0 is the dealer. ``riichi`` is 0, 1 (立直) or 2
    (ダブル立直); ``last_tile`` 1 is 海底 (self-draw of the last tile), 2 河底 (win on the last
    discard); ``blessing`` 1 is 天和 (dealer), 2 地和 (non-dealer). ``ura_indicators`` is None
    unless the winner declared riichi.

    >>> WinContext(seat_wind=0, riichi=1, dora_indicators=("m1",)).to_majiang()["hupai"]["lizhi"]
    1
    """

    rules: Rules = field(default_factory=Rules)
    round_wind: int = 0  # 場風 zhuangfeng
    seat_wind: int = 1  # 自風 menfeng
    riichi: int = 0  # 立直 lizhi
    ippatsu: bool = False  # 一発 yifa
    robbing_kan: bool = False  # 槍槓 qianggang
    after_kan: bool = False  # 嶺上開花 lingshang
    last_tile: int = 0  # 海底/河底 haidi
    blessing: int = 0  # 天和/地和 tianhu
    dora_indicators: tuple[str, ...] = ()  # 宝牌 baopai
    ura_indicators: tuple[str, ...] | None = None  # 裏宝牌 fubaopai
    honba: int = 0  # 場棒 changbang
    riichi_sticks: int = 0  # 立直棒 lizhibang

    def __post_init__(self) -> None:
        for name, allowed in (("round_wind", 4), ("seat_wind", 4), ("riichi", 3), ("last_tile", 3), ("blessing", 3)):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < allowed:
                raise ValueError(f"{name} must be 0..{allowed - 1}, not {value!r}")
        for name in ("honba", "riichi_sticks"):
            value = getattr(self, name)
            if isinstance(value, bool) or not isinstance(value, int) or value < 0:
                raise ValueError(f"{name} must be a whole number >= 0, not {value!r}")
        object.__setattr__(self, "dora_indicators", tuple(check_tile(t) for t in self.dora_indicators))
        if self.ura_indicators is not None:
            object.__setattr__(self, "ura_indicators", tuple(check_tile(t) for t in self.ura_indicators))

    @classmethod
    def from_majiang(cls, param: Mapping[str, Any], rules: Rules | None = None) -> "WinContext":
        """From majiang-core's ``param`` object (as in its hule.json test data)."""
        hupai = param.get("hupai", {})
        jicun = param.get("jicun", {})
        fubaopai = param.get("fubaopai")
        return cls(
            rules=rules if rules is not None else Rules.from_majiang(param["rule"]) if "rule" in param else Rules(),
            round_wind=param.get("zhuangfeng", 0),
            seat_wind=param.get("menfeng", 1),
            riichi=hupai.get("lizhi", 0),
            ippatsu=bool(hupai.get("yifa", False)),
            robbing_kan=bool(hupai.get("qianggang", False)),
            after_kan=bool(hupai.get("lingshang", False)),
            last_tile=hupai.get("haidi", 0),
            blessing=hupai.get("tianhu", 0),
            dora_indicators=tuple(param.get("baopai", ())),
            ura_indicators=None if fubaopai is None else tuple(fubaopai),
            honba=jicun.get("changbang", 0),
            riichi_sticks=jicun.get("lizhibang", 0),
        )

    def to_majiang(self) -> dict[str, Any]:
        """majiang-core's ``param`` object."""
        return {
            "rule": self.rules.to_majiang(),
            "zhuangfeng": self.round_wind,
            "menfeng": self.seat_wind,
            "hupai": {
                "lizhi": self.riichi,
                "yifa": self.ippatsu,
                "qianggang": self.robbing_kan,
                "lingshang": self.after_kan,
                "haidi": self.last_tile,
                "tianhu": self.blessing,
            },
            "baopai": list(self.dora_indicators),
            "fubaopai": None if self.ura_indicators is None else list(self.ura_indicators),
            "jicun": {"changbang": self.honba, "lizhibang": self.riichi_sticks},
        }


# ------------------------------------------------------------------------------------ outputs


@dataclass(frozen=True)
class Yaku:
    """One scoring element: a yaku, a yakuman, or dora.

    ``han`` for an ordinary yaku; ``yakuman`` 1 or 2 (double) for a limit hand, with ``han`` 0.
    ``responsible`` is the direction (``+ = -``) of a player who pays for it (役満パオ).
    """

    name: str
    japanese: str
    han: int = 0
    yakuman: int = 0
    responsible: str | None = None

    def to_majiang(self) -> dict[str, Any]:
        """majiang-core's entry: Japanese name, ``fanshu`` as han or ``'*'``/``'**'`` for a yakuman.

        >>> Yaku("Big four winds", "大四喜", yakuman=2, responsible="+").to_majiang()
        {'name': '大四喜', 'fanshu': '**', 'baojia': '+'}
        """
        out: dict[str, Any] = {"name": self.japanese, "fanshu": "*" * self.yakuman if self.yakuman else self.han}
        if self.responsible:
            out["baojia"] = self.responsible
        return out


def _yaku(japanese: str, han: int = 0, yakuman: int = 0, responsible: str | None = None) -> Yaku:
    return Yaku(YAKU_NAMES[japanese], japanese, han, yakuman, responsible)


@dataclass(frozen=True)
class WinResult:
    """The best reading of a win.

    ``points`` (得点 defen) is the value of the hand without honba and riichi sticks;
    ``payments`` (分配 fenpei) the points each seat gains, indexed by seat wind (0 = dealer),
    honba and riichi sticks included. ``fu``/``han`` are None for a yakuman, ``yakuman`` the
    number of limits otherwise None. A winning shape with no yaku has no yaku and 0 points.
    """

    yaku: tuple[Yaku, ...]
    fu: int | None
    han: int | None
    yakuman: int | None
    points: int
    payments: tuple[int, int, int, int]
    shape: tuple[str, ...] = ()

    @property
    def has_yaku(self) -> bool:
        return bool(self.yaku)

    def to_majiang(self) -> dict[str, Any]:
        """majiang-core's result object (``{defen: 0}`` when there is no yaku).

        >>> score("m123p456s789z1122", "z2=").to_majiang()["hupai"]
        [{'name': '自風 南', 'fanshu': 1}]
        """
        if not self.yaku:
            return {"defen": 0}
        return {
            "hupai": [y.to_majiang() for y in self.yaku],
            "fu": self.fu,
            "fanshu": self.han,
            "damanguan": self.yakuman,
            "defen": self.points,
            "fenpei": list(self.payments),
        }

    def __str__(self) -> str:
        if not self.yaku:
            return "no yaku"
        parts = [f"{y.name} ({y.japanese}) {'yakuman' + (' x2' if y.yakuman == 2 else '') if y.yakuman else y.han}"
                 for y in self.yaku]
        value = f"{self.yakuman}x yakuman" if self.yakuman else f"{self.fu} fu {self.han} han"
        return f"{'; '.join(parts)} = {value}, {self.points} points, payments {list(self.payments)}"


# ------------------------------------------------------------------------------------ shapes


def _split_suit(suit: str, counts: list[int], n: int = 1) -> list[list[str]]:
    """Every way to split one numbered suit into runs and triplets (runs tried first)."""
    while n <= 9 and counts[n] == 0:
        n += 1
    if n > 9:
        return [[]]
    out: list[list[str]] = []
    if n <= 7 and counts[n + 1] > 0 and counts[n + 2] > 0:
        for k in (n, n + 1, n + 2):
            counts[k] -= 1
        out += [[f"{suit}{n}{n + 1}{n + 2}"] + rest for rest in _split_suit(suit, counts, n)]
        for k in (n, n + 1, n + 2):
            counts[k] += 1
    if counts[n] == 3:
        counts[n] -= 3
        out += [[f"{suit}{n}{n}{n}"] + rest for rest in _split_suit(suit, counts, n + 1)]
        counts[n] += 3
    return out


def _all_sets(tiles: dict[str, list[int]], melds: Sequence[str]) -> list[list[str]]:
    readings: list[list[str]] = [[]]
    for suit in "mps":
        splits = _split_suit(suit, tiles[suit])
        readings = [done + more for done in readings for more in splits]
    honours = []
    for n in range(1, 8):
        k = tiles["z"][n]
        if k == 0:
            continue
        if k != 3:
            return []
        honours.append(f"z{n}{n}{n}")
    opened = [m.replace("0", "5") for m in melds]
    return [r + honours + opened for r in readings]


def _mark_winning_block(blocks: list[str], winning: str) -> list[list[str]]:
    """One reading per concealed block the winning tile can have finished (its last copy is marked)."""
    suit, digit, direction = winning[0], winning[1], winning[2]
    out = []
    for i, block in enumerate(blocks):
        if re.search(r"[\+\=\-]|\d{4}", block):
            continue  # open melds and kans were not finished by this tile
        if i > 0 and block == blocks[i - 1]:
            continue
        if block[0] != suit or digit not in block[1:]:
            continue
        cut = block.rindex(digit) + 1
        marked = blocks[:]
        marked[i] = block[:cut] + direction + "!" + block[cut:]
        out.append(marked)
    return out


def _regular_shapes(hand: Hand, winning: str) -> list[list[str]]:
    out = []
    tiles = {suit: hand.counts(suit) for suit in "mpsz"}
    for suit in "mpsz":
        counts = tiles[suit]
        for n in range(1, len(counts)):
            if counts[n] < 2:
                continue
            counts[n] -= 2
            for sets in _all_sets(tiles, hand.melds):
                blocks = [f"{suit}{n}{n}"] + sets
                if len(blocks) == 5:
                    out += _mark_winning_block(blocks, winning)
            counts[n] += 2
    return out


def _mark(tile: str, times: int, winning: str) -> str:
    text = tile[0] + tile[1] * times
    return text + winning[2] + "!" if tile == winning[:2] else text


def _seven_pairs_shape(hand: Hand, winning: str) -> list[list[str]]:
    if hand.melds:
        return []
    pairs = []
    for suit in "mpsz":
        counts = hand.counts(suit)
        for n in range(1, len(counts)):
            if counts[n] == 0:
                continue
            if counts[n] != 2:
                return []
            pairs.append(_mark(f"{suit}{n}", 2, winning))
    return [pairs] if len(pairs) == 7 else []


def _orphans_shape(hand: Hand, winning: str) -> list[list[str]]:
    if hand.melds:
        return []
    blocks: list[str] = []
    pairs = 0
    for suit in "mpsz":
        counts = hand.counts(suit)
        for n in (range(1, 8) if suit == "z" else (1, 9)):
            if counts[n] == 2:
                blocks.insert(0, _mark(f"{suit}{n}", 2, winning))
                pairs += 1
            elif counts[n] == 1:
                blocks.append(_mark(f"{suit}{n}", 1, winning))
            else:
                return []
    return [blocks] if pairs == 1 else []


def _nine_gates_shape(hand: Hand, winning: str) -> list[list[str]]:
    suit = winning[0]
    if hand.melds or suit == "z":
        return []
    counts = hand.counts(suit)
    digits = []
    for n in range(1, 10):
        if counts[n] == 0 or (n in (1, 9) and counts[n] < 3):
            return []
        digits.append(str(n) * (counts[n] - 1 if str(n) == winning[1] else counts[n]))
    text = "".join(digits)
    if len(text) != 13:
        return []
    return [[suit + text + winning[1:] + "!"]]


_RON_TILES = frozenset(tile + direction for tile in PLAIN_WEIGHT for direction in "+=-")


def _normal_ron(ron_tile: str) -> str:
    """A ron tile reduced to tile and direction (``'m5_*='`` → ``'m5='``), or ValueError."""
    if ron_tile in _RON_TILES:
        return ron_tile  # already tile and direction
    if ron_tile not in WEIGHT:
        check_tile(ron_tile)
    if ron_tile[-1] not in "+=-":
        raise ValueError(f"ron tile {ron_tile!r} needs a direction (+ = -) saying who discarded it")
    return ron_tile[:2] + ron_tile[-1]


def _with_winning_tile(hand: Hand | str, ron_tile: str | None) -> tuple[Hand, str | None]:
    """The 14-tile hand and the normalised ron tile (``p7-``), or ValueError."""
    hand = Hand.from_string(hand) if isinstance(hand, str) else hand.copy()
    if ron_tile is not None:
        ron_tile = _normal_ron(ron_tile)
        if hand.drawn is not None:
            raise ValueError(f"a win on {ron_tile} needs a 13-tile hand, and {hand} holds a drawn tile")
        try:
            hand.draw(ron_tile[:2])
        except ValueError as error:
            raise ValueError(f"cannot win on {ron_tile}: {error}") from None
    return hand, ron_tile


def win_shapes(hand: Hand | str, ron_tile: str | None = None) -> list[list[str]]:
    """Every winning reading of a hand (和了形, majiang-core's ``hule_mianzi``).

    ``hand`` holds 14 tiles with the drawn tile for a self-draw, or 13 tiles and ``ron_tile``
    (a discard with its direction, ``'m5='``). Empty if the hand is not complete.

    >>> win_shapes("m1112345678999", "m2=")
    [['m22=!', 'm111', 'm345', 'm678', 'm999'], ['m11123456789992=!']]
    """
    full, ron_tile = _with_winning_tile(hand, ron_tile)
    if full.drawn is None or len(full.drawn) > 2:
        return []
    winning = (ron_tile or full.drawn + "_").replace("0", "5", 1)
    return (
        _regular_shapes(full, winning)
        + _seven_pairs_shape(full, winning)
        + _orphans_shape(full, winning)
        + _nine_gates_shape(full, winning)
    )


# ------------------------------------------------------------------------------------ fu


@dataclass
class ShapeFeatures:
    """What one winning reading offers the yaku checks (majiang-core's ``hudi``)."""

    fu: int = 20
    closed: bool = True  # 門前 menqian
    self_draw: bool = True  # 自摸 zimo
    runs: dict[str, list[int]] = field(default_factory=lambda: {s: [0] * 8 for s in "mps"})
    triplets: dict[str, list[int]] = field(default_factory=lambda: {"m": [0] * 10, "p": [0] * 10, "s": [0] * 10, "z": [0] * 8})
    n_runs: int = 0
    n_triplets: int = 0
    n_concealed_triplets: int = 0
    n_kans: int = 0
    n_terminal_blocks: int = 0  # blocks holding a 1, 9 or honour
    n_honour_blocks: int = 0
    single_wait: bool = False  # 単騎 danqi
    pinfu: bool = False
    round_wind: int = 0
    seat_wind: int = 1


_TRIPLET = re.compile(r"^[mpsz](\d)\1\1")
_CONCEALED_TRIPLET = re.compile(r"^[mpsz](\d)\1\1(?:\1|_!)?$")
_KAN = re.compile(r"^[mpsz](\d)\1\1.*\1")
_SINGLE_WAIT = re.compile(r"^[mpsz](\d)\1[\+\=\-_]!$")
_CLOSED_WAIT = re.compile(r"^[mps]\d\d[\+\=\-_]!\d$")
_EDGE_WAIT = re.compile(r"^[mps](123[\+\=\-_]!|7[\+\=\-_]!89)$")
_OPEN_MARK = re.compile(r"[\+\=\-](?!!)")
_RON_MARK = re.compile(r"[\+\=\-]!")


def shape_features(shape: Sequence[str], round_wind: int = 0, seat_wind: int = 1, rules: Rules | None = None) -> ShapeFeatures:
    """Fu and features of one winning reading (符 fu, majiang-core's ``get_hudi``).

    >>> shape_features(["z11_!", "m123", "p456", "s789", "z222"], 0, 0).fu
    40
    """
    rules = rules if rules is not None else Rules()
    f = ShapeFeatures(round_wind=round_wind, seat_wind=seat_wind)
    size = len(shape)
    for i, block in enumerate(shape):
        if _OPEN_MARK.search(block):
            f.closed = False
        if _RON_MARK.search(block):
            f.self_draw = False
        if size == 1:
            continue
        if _SINGLE_WAIT.match(block):
            f.single_wait = True
        if size == 13:
            continue
        if re.search(r"[z19]", block):
            f.n_terminal_blocks += 1
        if block[0] == "z":
            f.n_honour_blocks += 1
        if size != 5:
            continue
        if i == 0:
            fu = 0
            if block[0] == "z":
                n = int(block[1])
                fu += 2 if n == round_wind + 1 else 0
                fu += 2 if n == seat_wind + 1 else 0
                fu += 2 if n >= 5 else 0
            if rules.double_wind_pair_2fu and fu > 2:
                fu = 2
            f.fu += fu
            if f.single_wait:
                f.fu += 2
        elif _TRIPLET.match(block):
            f.n_triplets += 1
            fu = 2
            if re.search(r"[z19]", block):
                fu *= 2
            if _CONCEALED_TRIPLET.match(block):
                fu *= 2
                f.n_concealed_triplets += 1
            if _KAN.match(block):
                fu *= 4
                f.n_kans += 1
            f.fu += fu
            f.triplets[block[0]][int(block[1])] += 1
        else:
            f.n_runs += 1
            if _CLOSED_WAIT.match(block):
                f.fu += 2
            if _EDGE_WAIT.match(block):
                f.fu += 2
            f.runs[block[0]][int(block[1])] += 1
    if size == 7:
        f.fu = 25
    elif size == 5:
        f.pinfu = f.closed and f.fu == 20
        if f.self_draw:
            if not f.pinfu:
                f.fu += 2
        elif f.closed:
            f.fu += 10
        elif f.fu == 20:
            f.fu = 30
        f.fu = math.ceil(f.fu / 10) * 10
    return f


# ------------------------------------------------------------------------------------ yaku


def situation_yaku(context: WinContext) -> list[Yaku]:
    """Yaku given by the situation, not the tiles (majiang-core's ``get_pre_hupai``).

    >>> [y.name for y in situation_yaku(WinContext(riichi=1, ippatsu=True))]
    ['Riichi', 'Ippatsu']
    """
    out = []
    if context.riichi == 1:
        out.append(_yaku("立直", 1))
    if context.riichi == 2:
        out.append(_yaku("ダブル立直", 2))
    if context.ippatsu:
        out.append(_yaku("一発", 1))
    if context.last_tile == 1:
        out.append(_yaku("海底摸月", 1))
    if context.last_tile == 2:
        out.append(_yaku("河底撈魚", 1))
    if context.after_kan:
        out.append(_yaku("嶺上開花", 1))
    if context.robbing_kan:
        out.append(_yaku("槍槓", 1))
    if context.blessing == 1:
        out = [_yaku("天和", yakuman=1)]
    if context.blessing == 2:
        out = [_yaku("地和", yakuman=1)]
    return out


def _count_dora(text_groups: list[str], indicators: Sequence[str]) -> int:
    total = 0
    for indicator in indicators:
        dora = dora_from_indicator(indicator)
        for group in text_groups:
            if group[0] != dora[0]:
                continue
            # majiang-core reads only the first red five of a group as a five
            total += group.replace("0", "5", 1).count(dora[1])
    return total


def dora_yaku(hand: Hand | str, ron_tile: str | None, context: WinContext) -> list[Yaku]:
    """Dora, red fives and ura dora of the whole hand (majiang-core's ``get_post_hupai``).

    >>> [(y.name, y.han) for y in dora_yaku("m0p123456s789z111", "m5=", WinContext(dora_indicators=("m4",)))]
    [('Dora', 2), ('Red fives', 1)]
    """
    full, _ = _with_winning_tile(hand, ron_tile)
    text = str(full)
    groups = re.findall(r"[mpsz][^mpsz,]*", text)
    out = []
    n = _count_dora(groups, context.dora_indicators)
    if n:
        out.append(_yaku("ドラ", n))
    n = text.count("0")
    if n:
        out.append(_yaku("赤ドラ", n))
    n = _count_dora(groups, context.ura_indicators or ())
    if n:
        out.append(_yaku("裏ドラ", n))
    return out


def _pao(shape: Sequence[str], pattern: str, which: int) -> str | None:
    called = [b for b in shape if re.match(pattern, b)]
    if len(called) > which:
        found = re.search(r"[\+\=\-]", called[which])
        return found.group(0) if found else None
    return None


def _yakuman(shape: Sequence[str], f: ShapeFeatures) -> list[Yaku]:
    out = []
    size = len(shape)
    if size == 13:
        out.append(_yaku("国士無双十三面", yakuman=2) if f.single_wait else _yaku("国士無双", yakuman=1))
    if f.n_concealed_triplets == 4:
        out.append(_yaku("四暗刻単騎", yakuman=2) if f.single_wait else _yaku("四暗刻", yakuman=1))
    z = f.triplets["z"]
    if z[5] + z[6] + z[7] == 3:
        out.append(_yaku("大三元", yakuman=1, responsible=_pao(shape, r"^z([567])\1\1(?:[\+\=\-]|\1)(?!!)", 2)))
    winds = z[1] + z[2] + z[3] + z[4]
    if winds == 4:
        out.append(_yaku("大四喜", yakuman=2, responsible=_pao(shape, r"^z([1234])\1\1(?:[\+\=\-]|\1)(?!!)", 3)))
    elif winds == 3 and re.match(r"^z[1234]", shape[0]):
        out.append(_yaku("小四喜", yakuman=1))
    if f.n_honour_blocks == size:
        out.append(_yaku("字一色", yakuman=1))
    if (
        not any(b[0] in "mp" for b in shape)
        and not any(re.match(r"^z[^6]", b) for b in shape)
        and not any(re.match(r"^s.*[1579]", b) for b in shape)
    ):
        out.append(_yaku("緑一色", yakuman=1))
    if f.n_triplets == 4 and f.n_terminal_blocks == 5 and f.n_honour_blocks == 0:
        out.append(_yaku("清老頭", yakuman=1))
    if f.n_kans == 4:
        out.append(_yaku("四槓子", yakuman=1))
    if size == 1:
        pure = re.match(r"^[mpsz]1112345678999", shape[0])
        out.append(_yaku("純正九蓮宝燈", yakuman=2) if pure else _yaku("九蓮宝燈", yakuman=1))
    return out


def find_yaku(
    shape: Sequence[str],
    features: ShapeFeatures,
    situation: Sequence[Yaku] = (),
    dora: Sequence[Yaku] = (),
    rules: Rules | None = None,
) -> list[Yaku]:
    """The yaku of one reading, in majiang-core's order (``get_hupai``); yakuman replace the rest.

    Dora are appended only when there is at least one yaku: dora alone do not make a win.

    >>> shape = ["m22", "m345_!", "p456", "s678", "p234"]
    >>> [y.name for y in find_yaku(shape, shape_features(shape))]
    ['Concealed self-draw', 'Pinfu', 'All simples']
    """
    rules = rules if rules is not None else Rules()
    f = features
    limits = [y for y in situation if y.yakuman] + _yakuman(shape, f)
    if limits:
        if not rules.double_yakuman:
            limits = [Yaku(y.name, y.japanese, 0, 1, y.responsible) for y in limits]
        if not rules.yakuman_responsibility:
            limits = [Yaku(y.name, y.japanese, 0, y.yakuman, None) for y in limits]
        return limits
    size = len(shape)
    out = list(situation)
    closed = f.closed
    if closed and f.self_draw:
        out.append(_yaku("門前清自摸和", 1))
    z = f.triplets["z"]
    if z[f.round_wind + 1]:
        out.append(_yaku(f"場風 {_WIND_KANJI[f.round_wind]}", 1))
    if z[f.seat_wind + 1]:
        out.append(_yaku(f"自風 {_WIND_KANJI[f.seat_wind]}", 1))
    for n, name in ((5, "翻牌 白"), (6, "翻牌 發"), (7, "翻牌 中")):
        if z[n]:
            out.append(_yaku(name, 1))
    if f.pinfu:
        out.append(_yaku("平和", 1))
    if f.n_terminal_blocks == 0 and (rules.open_tanyao or closed):
        out.append(_yaku("断幺九", 1))
    doubled = sum(k >> 1 for s in "mps" for k in f.runs[s])
    if closed and doubled == 1:
        out.append(_yaku("一盃口", 1))
    runs, triplets = f.runs, f.triplets
    if any(runs["m"][n] and runs["p"][n] and runs["s"][n] for n in range(1, 8)):
        out.append(_yaku("三色同順", 2 if closed else 1))
    if any(runs[s][1] and runs[s][4] and runs[s][7] for s in "mps"):
        out.append(_yaku("一気通貫", 2 if closed else 1))
    if f.n_terminal_blocks == 5 and f.n_runs > 0 and f.n_honour_blocks > 0:
        out.append(_yaku("混全帯幺九", 2 if closed else 1))
    if size == 7:
        out.append(_yaku("七対子", 2))
    if f.n_triplets == 4:
        out.append(_yaku("対々和", 2))
    if f.n_concealed_triplets == 3:
        out.append(_yaku("三暗刻", 2))
    if f.n_kans == 3:
        out.append(_yaku("三槓子", 2))
    if any(triplets["m"][n] and triplets["p"][n] and triplets["s"][n] for n in range(1, 10)):
        out.append(_yaku("三色同刻", 2))
    if f.n_terminal_blocks == size and f.n_runs == 0 and f.n_honour_blocks > 0:
        out.append(_yaku("混老頭", 2))
    if z[5] + z[6] + z[7] == 2 and re.match(r"^z[567]", shape[0]):
        out.append(_yaku("小三元", 2))
    if f.n_honour_blocks > 0 and any(all(b[0] in ("z", s) for b in shape) for s in "mps"):
        out.append(_yaku("混一色", 3 if closed else 2))
    if f.n_terminal_blocks == 5 and f.n_runs > 0 and f.n_honour_blocks == 0:
        out.append(_yaku("純全帯幺九", 3 if closed else 2))
    if closed and doubled == 2:
        out.append(_yaku("二盃口", 3))
    if any(all(b[0] == s for b in shape) for s in "mps"):
        out.append(_yaku("清一色", 6 if closed else 5))
    if out:
        out += list(dora)
    return out


# ------------------------------------------------------------------------------------ points


def _ceil100(x: int) -> int:
    return -(-x // 100) * 100


def pay(fu: int, yaku: Sequence[Yaku], ron_tile: str | None, context: WinContext) -> WinResult:
    """Points and payments for a reading (得点 defen / 分配 fenpei, majiang-core's ``get_defen``).

    >>> pay(30, [_yaku("断幺九", 1), _yaku("赤ドラ", 2)], None, WinContext(seat_wind=3)).payments
    (-2000, -1000, -1000, 4000)
    """
    return WinResult(tuple(yaku), *_points(fu, yaku, ron_tile, context))


_Points = tuple[int | None, int | None, int | None, int, tuple[int, int, int, int]]


def _points(fu: int, yaku: Sequence[Yaku], ron_tile: str | None, context: WinContext) -> _Points:
    """pay()'s figures: (fu, han, yakuman, points, payments)."""
    rules = context.rules
    seat = context.seat_wind
    if not yaku:
        return None, None, None, 0, (0, 0, 0, 0)
    if not yaku[0].yakuman:
        return _ordinary_points(fu, yaku, ron_tile, context)
    payments = [0, 0, 0, 0]
    responsible_seat: int | None = None  # who pays for a yakuman they fed (役満パオ)
    responsible_base = 0
    han: int | None = None
    limits: int | None = None
    value_fu: int | None = fu
    if yaku[0].yakuman:
        value_fu = None
        limits = sum(y.yakuman for y in yaku) if rules.yakuman_stacking else 1
        base = 8000 * limits
        liable = next((y for y in yaku if y.responsible), None)
        if liable is not None and liable.responsible:
            responsible_seat = (seat + _DIRECTION_OFFSET[liable.responsible]) % 4
            responsible_base = 8000 * min(liable.yakuman, limits)
    else:
        han = sum([y.han for y in yaku])
        basic = fu * 2 ** (2 + han)
        if han >= 13 and rules.counted_yakuman:
            base = 8000
        elif han >= 11:
            base = 6000
        elif han >= 8:
            base = 4000
        elif han >= 6:
            base = 3000
        elif rules.round_up_mangan and basic == 1920:
            base = 2000
        else:
            base = min(basic, 2000)
    honba, sticks = context.honba, context.riichi_sticks
    multiplier = 6 if seat == 0 else 4
    extra = 0
    if responsible_seat is not None:
        if ron_tile:
            responsible_base //= 2  # on a ron the liable player and the discarder share it
        base -= responsible_base
        extra = responsible_base * multiplier
        payments[seat] += extra
        payments[responsible_seat] -= extra
    payer: int | None = None  # one payer on a ron, or on a self-draw the liable player pays in full
    if base == 0 and responsible_seat is not None:
        payer = responsible_seat
    elif ron_tile is not None:
        payer = (seat + _DIRECTION_OFFSET[ron_tile[2]]) % 4
    if payer is not None:
        points = _ceil100(base * multiplier)
        payments[seat] += points + honba * 300 + sticks * 1000
        payments[payer] -= points + honba * 300
    else:
        dealer_share = _ceil100(base * 2)
        other_share = _ceil100(base)
        if seat == 0:
            points = dealer_share * 3
            for other in range(4):
                if other != seat:
                    payments[other] -= dealer_share + honba * 100
        else:
            points = dealer_share + other_share * 2
            for other in range(4):
                if other == seat:
                    continue
                payments[other] -= (dealer_share if other == 0 else other_share) + honba * 100
        payments[seat] += points + honba * 300 + sticks * 1000
    east, south, west, north = payments
    return value_fu, han, limits, points + extra, (east, south, west, north)


def _ordinary_points(fu: int, yaku: Sequence[Yaku], ron_tile: str | None, context: WinContext) -> _Points:
    """_points() for the common case, no yakuman (so nobody liable): the same figures, straight through."""
    rules = context.rules
    seat = context.seat_wind
    han = sum([y.han for y in yaku])
    if han >= 13 and rules.counted_yakuman:
        base = 8000
    elif han >= 11:
        base = 6000
    elif han >= 8:
        base = 4000
    elif han >= 6:
        base = 3000
    else:
        base = fu << 2 + han
        if base >= 2000 or (base == 1920 and rules.round_up_mangan):
            base = 2000
    honba = context.honba
    gain = honba * 300 + context.riichi_sticks * 1000
    if ron_tile is not None:
        points = -(-base * (6 if seat == 0 else 4) // 100) * 100
        payments = [0, 0, 0, 0]
        payments[seat] = points + gain
        payments[(seat + _DIRECTION_OFFSET[ron_tile[2]]) % 4] = -points - honba * 300
    else:
        dealer_share = -(-base * 2 // 100) * 100
        if seat == 0:
            points = dealer_share * 3
            each = -dealer_share - honba * 100
            payments = [points + gain, each, each, each]
        else:
            other_share = -(-base // 100) * 100
            points = dealer_share + other_share * 2
            each = -other_share - honba * 100
            payments = [-dealer_share - honba * 100, each, each, each]
            payments[seat] = points + gain
    return fu, han, None, points, (payments[0], payments[1], payments[2], payments[3])


def _better(new: WinResult, best: WinResult | None) -> bool:
    """majiang-core's choice between readings: more points, then more han (a yakuman wins), then more fu."""
    return _better_points((new.fu, new.han, new.yakuman, new.points, new.payments),
                          None if best is None else (best.fu, best.han, best.yakuman, best.points, best.payments))


def _better_points(new: _Points, best: _Points | None) -> bool:
    if best is None or new[3] > best[3]:
        return True
    if new[3] != best[3]:
        return False
    if not new[1]:
        return True
    if best[1] is not None and new[1] > best[1]:
        return True
    return new[1] == best[1] and (new[0] or 0) > (best[0] or 0)


def score(hand: Hand | str, ron_tile: str | None = None, context: WinContext | None = None) -> WinResult | None:
    """Score a win (和了 hule): the best reading, or None if the hand is not complete.

    ``hand`` holds 14 tiles with the drawn tile for a self-draw (``ron_tile`` None), or 13 tiles
    and the discard won on, with its direction (``'m5='``). A complete hand without yaku gives a
    result with no yaku and 0 points.

    >>> score("m123p456s789z1122", None) is None
    True
    >>> print(score("m22p123456s34567s8"))
    Concealed self-draw (門前清自摸和) 1; Pinfu (平和) 1 = 20 fu 2 han, 1500 points, payments [-700, 1500, -400, -400]
    """
    context = context if context is not None else WinContext()
    if ron_tile is not None:
        ron_tile = _normal_ron(ron_tile)
    if type(hand) is not Hand and isinstance(hand, str):
        hand = Hand.from_string(hand)
    quick = _quick_score(hand, ron_tile, context)
    if quick is not False:
        return quick  # type: ignore[return-value]  # a WinResult or None
    return score_by_shapes(hand, ron_tile, context)


def ron_points(hand: Hand, ron_tile: str, context: WinContext) -> int:
    """``score(hand, ron_tile, context).points`` for a win with a yaku; 0 for one without, for a hand
    the tile does not complete, and for a shape :func:`score` refuses (a fifth copy). The bots weigh
    the wins they imagine by it, and need nothing else of the result.

    >>> hand = Hand.from_string("m123p456s789z1122")
    >>> east = WinContext(seat_wind=0)  # the dealer: South is no value honour
    >>> ron_points(hand, "z2=", WinContext(seat_wind=0, riichi=1)), ron_points(hand, "z2=", east), ron_points(hand, "z3=", east)
    (2000, 0, 0)
    """
    quick = _quick_score(hand, _normal_ron(ron_tile), context, points_only=True)
    if quick is False:
        try:
            result = score(hand, ron_tile, context)
        except ValueError:
            return 0
        return result.points if result is not None and result.has_yaku else 0
    return quick or 0  # type: ignore[return-value]  # an int, or None (not complete)


def score_by_shapes(hand: Hand | str, ron_tile: str | None = None, context: WinContext | None = None) -> WinResult | None:
    """:func:`score` done step by step on the written readings (``win_shapes`` …): the one to read.

    >>> score_by_shapes("m22p123456s34567s8").points
    1500
    """
    context = context if context is not None else WinContext()
    if ron_tile is not None:
        ron_tile = _normal_ron(ron_tile)
    shapes = win_shapes(hand, ron_tile)
    if not shapes:
        return None
    situation = situation_yaku(context)
    dora = dora_yaku(hand, ron_tile, context)
    best: WinResult | None = None
    for shape in shapes:
        features = shape_features(shape, context.round_wind, context.seat_wind, context.rules)
        yaku = find_yaku(shape, features, situation, dora, context.rules)
        result = pay(features.fu, yaku, ron_tile, context)
        if _better(result, best):
            best = WinResult(
                result.yaku, result.fu, result.han, result.yakuman, result.points, result.payments, tuple(shape)
            )
    return best


# ------------------------------------------------------------------------------------ the quick path
#
# score() above, step by step on strings, is the one to read. score() itself takes the quick path
# below, which does the same steps on small tuples instead of marked strings: a reading is a tuple
# of blocks (kind, suit, n) and the block finished by the winning tile is an index into it, so fu
# and yaku come from integer tests instead of regular expressions. It lists the readings in the
# same order and keeps the same best one, so the results are identical (the tests compare both
# paths on the conformance data and on random wins); only the chosen reading is written out as
# strings at the end.
#
# The counts are read straight from the hand's packed counts (hand.py): nibble 10 * suit + n holds
# the count of that tile (index 0 of m, p, s the red fives), so a tile's count is a shift and a mask,
# seven pairs is "every count 0 or 2, seven 2s" and thirteen orphans "only orphans, all of them", each
# a few integer operations. Runs and triplets of a reading are bits at 10 * suit + n. What depends on
# one suit's counts or on the melds alone (splits into sets, meld blocks) sits in lazily built tables.

_PAIR, _RUN, _TRIPLET_C, _KAN_C, _OPEN_RUN, _OPEN_TRIPLET, _OPEN_KAN = range(7)
_SUIT_INDEX = {"m": 0, "p": 1, "s": 2, "z": 3}
_M36 = (1 << 36) - 1
_SUIT_LETTERS = "mpsz"
_NUMBER = {str(n): n or 5 for n in range(10)}  # a tile's digit -> its number, a red five read as 5

Block = tuple[int, int, int]  # (kind, suit index, n): n is the first number of a run
OpenBlock = tuple[int, int, int, str | None, str]  # a meld's block, its direction and its text (0 read as 5)
Splits = tuple[tuple[Block, ...], ...]  # the ways to split some tiles into sets, each a tuple of blocks
# a numbered suit as scoring reads it (see _numbered_suit): (tiles, splits, ((n, splits once a pair of n is out), ...))
NumberedSuit = tuple[int, Splits, tuple[tuple[int, Splits], ...]]
# the honours as scoring reads them (see _honour_suit): (tiles, triplet blocks, the pair's number or 0, fits)
HonourSuit = tuple[int, tuple[Block, ...], int, bool]


@lru_cache(maxsize=None)
def _suit_splits(s: int, key: int) -> Splits:
    """Every way to split the tiles of numbered suit ``s`` (packed counts of 1..9) into runs and
    triplets, runs first: blocks (kind, s, n), a run being n, n+1, n+2.

    The lowest number present starts a run or is a triplet; the rest splits the same way, and
    is looked up in the same table, so hands sharing higher tiles share the work. A table built
    lazily, like the shanten tables: the same counts always split the same way.
    """
    if not key:
        return ((),)
    n = 1
    while not (key >> 4 * (n - 1)) & 15:
        n += 1
    weight = 1 << 4 * (n - 1)
    out: list[tuple[Block, ...]] = []
    if n <= 7 and (key >> 4 * n) & 15 and (key >> 4 * (n + 1)) & 15:
        run = ((_RUN, s, n),)
        out += [run + rest for rest in _suit_splits(s, key - weight * 0x111)]
    if (key >> 4 * (n - 1)) & 15 == 3:
        triplet = ((_TRIPLET_C, s, n),)
        out += [triplet + rest for rest in _suit_splits(s, key - weight * 3)]
    return tuple(out)


@lru_cache(maxsize=None)
def _numbered_suit(s: int, key: int) -> NumberedSuit:
    """What scoring needs of numbered suit ``s`` from its packed counts of 1..9: (tiles, splits into
    sets, ((n, splits once a pair of n is out), ...)), a split being a tuple of blocks (kind, s, n).
    Only what the number of tiles allows is worked out: splits into sets for a multiple of 3, the
    pairs for 2 more than one. A lazily built table."""
    # the digits of a number in base 16 add up to it modulo 15, and a suit holds at most 14 tiles
    tiles = key % 15
    if tiles % 3 == 0:  # whole sets only: a pair never sits here
        return tiles, _suit_splits(s, key), ()
    pairs = []
    if tiles % 3 == 2:  # sets and the pair
        for n in range(1, 10):
            if (key >> 4 * (n - 1)) & 15 >= 2:
                found = _suit_splits(s, key - (2 << 4 * (n - 1)))
                if found:
                    pairs.append((n, found))
    return tiles, (), tuple(pairs)


@lru_cache(maxsize=None)
def _honour_suit(key: int) -> HonourSuit:
    """The same for the honours (packed counts of z1..z7): (tiles, triplet blocks, the pair's number or 0, fits)."""
    triplets = []
    pair = 0
    fits = True
    tiles = 0
    for h in range(1, 8):
        k = (key >> 4 * (h - 1)) & 15
        tiles += k
        if k == 3:
            triplets.append((_TRIPLET_C, 3, h))
        elif k == 2 and not pair:
            pair = h
        elif k:
            fits = False
    return tiles, tuple(triplets), pair, fits


@lru_cache(maxsize=None)
def _open_block(meld: str) -> tuple[int, int, int, str | None, str]:
    """A hand's meld as a block: (kind, suit index, n, direction marker, its text with 0 read as 5)."""
    text = meld.replace("0", "5")
    direction = next((ch for ch in text if ch in "+=-"), None)
    digits = [int(ch) for ch in text[1:] if ch.isdigit()]
    suit = _SUIT_INDEX[text[0]]
    if len(digits) == 4:
        return (_KAN_C if direction is None else _OPEN_KAN), suit, digits[0], direction, text
    if digits[0] == digits[1]:
        return _OPEN_TRIPLET, suit, digits[0], direction, text
    return _OPEN_RUN, suit, min(digits), direction, text


_YAKU_CACHE: dict[tuple[str, int, int, str | None], Yaku] = {}


def _cached_yaku(japanese: str, han: int = 0, yakuman: int = 0, responsible: str | None = None) -> Yaku:
    key = (japanese, han, yakuman, responsible)
    found = _YAKU_CACHE.get(key)
    if found is None:
        found = _YAKU_CACHE[key] = _yaku(japanese, han, yakuman, responsible)
    return found


# the yaku the quick path hands out, made once; a pair (open, closed) where a closed hand scores more
_MENZEN_TSUMO = _yaku("門前清自摸和", 1)
_ROUND_WIND = tuple(_yaku(f"場風 {kanji}", 1) for kanji in _WIND_KANJI)
_SEAT_WIND = tuple(_yaku(f"自風 {kanji}", 1) for kanji in _WIND_KANJI)
_WHITE, _GREEN, _RED = _yaku("翻牌 白", 1), _yaku("翻牌 發", 1), _yaku("翻牌 中", 1)
_PINFU = _yaku("平和", 1)
_ALL_SIMPLES = _yaku("断幺九", 1)
_PURE_DOUBLE = _yaku("一盃口", 1)
_MIXED_TRIPLE = (_yaku("三色同順", 1), _yaku("三色同順", 2))
_STRAIGHT = (_yaku("一気通貫", 1), _yaku("一気通貫", 2))
_HALF_OUTSIDE = (_yaku("混全帯幺九", 1), _yaku("混全帯幺九", 2))
_SEVEN_PAIRS = _yaku("七対子", 2)
_ALL_TRIPLETS = _yaku("対々和", 2)
_THREE_CONCEALED = _yaku("三暗刻", 2)
_THREE_KANS = _yaku("三槓子", 2)
_TRIPLE_TRIPLETS = _yaku("三色同刻", 2)
_TERMINALS_AND_HONOURS = _yaku("混老頭", 2)
_LITTLE_DRAGONS = _yaku("小三元", 2)
_HALF_FLUSH = (_yaku("混一色", 2), _yaku("混一色", 3))
_FULLY_OUTSIDE = (_yaku("純全帯幺九", 2), _yaku("純全帯幺九", 3))
_TWICE_PURE_DOUBLE = _yaku("二盃口", 3)
_FULL_FLUSH = (_yaku("清一色", 5), _yaku("清一色", 6))
_ORPHANS, _ORPHANS_13 = _yaku("国士無双", yakuman=1), _yaku("国士無双十三面", yakuman=2)
_NINE_GATES, _TRUE_NINE_GATES = _yaku("九蓮宝燈", yakuman=1), _yaku("純正九蓮宝燈", yakuman=2)
_FOUR_CONCEALED, _FOUR_CONCEALED_SINGLE = _yaku("四暗刻", yakuman=1), _yaku("四暗刻単騎", yakuman=2)
_LITTLE_WINDS = _yaku("小四喜", yakuman=1)
_ALL_HONOURS = _yaku("字一色", yakuman=1)
_ALL_GREEN = _yaku("緑一色", yakuman=1)
_ALL_TERMINALS = _yaku("清老頭", yakuman=1)
_FOUR_KANS = _yaku("四槓子", yakuman=1)


_DORA_INDEX: dict[str, int] = {}  # indicator -> index (10 * suit + number) of the dora it shows
for _s, _letter in enumerate("mpsz"):
    for _n in range(1, 8 if _letter == "z" else 10):
        _dora = dora_from_indicator(f"{_letter}{_n}")
        _DORA_INDEX[f"{_letter}{_n}"] = 10 * _SUIT_INDEX[_dora[0]] + int(_dora[1])
    if _letter != "z":
        _DORA_INDEX[f"{_letter}0"] = _DORA_INDEX[f"{_letter}5"]


def _dora_count(indicators: Sequence[str], packed: int, packed14: int, drawn: str, melds: _MeldFacts) -> int:
    """Dora in the hand as majiang-core counts them in its string: a red five is a five once per group."""
    total = 0
    for indicator in indicators:
        index = _DORA_INDEX.get(indicator)
        if index is None:
            dora = dora_from_indicator(indicator)
            index = 10 * _SUIT_INDEX[dora[0]] + int(dora[1])
        total += (packed >> 4 * index) & 15
        if index % 10 == 5 and index < 30:  # a five: its red ones count once per group of the string
            total += _red_groups(packed14, drawn, melds)[index // 10] - ((packed >> 4 * (index - 5)) & 15)
    return total


def _red_groups(packed14: int, drawn: str, melds: _MeldFacts) -> list[int]:
    """Groups of the hand string holding a red five, per suit: the concealed part, the drawn tile, each meld."""
    without_drawn = packed14 - PLAIN_WEIGHT[drawn]
    groups = [(1 if without_drawn & 15 else 0) + melds[4][0], (1 if (without_drawn >> 40) & 15 else 0) + melds[4][1],
              (1 if (without_drawn >> 80) & 15 else 0) + melds[4][2]]
    if drawn[1] == "0":
        groups[_SUIT_INDEX[drawn[0]]] += 1
    return groups


# dora, red fives and ura dora yaku by count, made once (more than 40 comes from _cached_yaku)
_DORA, _RED_FIVES, _URA_DORA = ([_yaku(japanese, n) for n in range(41)] for japanese in ("ドラ", "赤ドラ", "裏ドラ"))


def _quick_dora(packed14: int, drawn: str, melds: _MeldFacts, context: WinContext) -> list[Yaku]:
    packed = packed14 + melds[3]
    out = []
    if context.dora_indicators:
        n = _dora_count(context.dora_indicators, packed, packed14, drawn, melds)
        if n:
            out.append(_DORA[n] if n <= 40 else _cached_yaku("ドラ", n))
    reds = (packed & 15) + ((packed >> 40) & 15) + ((packed >> 80) & 15)
    if reds:
        out.append(_RED_FIVES[reds] if reds <= 40 else _cached_yaku("赤ドラ", reds))
    if context.ura_indicators:
        n = _dora_count(context.ura_indicators, packed, packed14, drawn, melds)
        if n:
            out.append(_URA_DORA[n] if n <= 40 else _cached_yaku("裏ドラ", n))
    return out


# a hand's melds: (blocks with direction and text, blocks, closed, weight of their tiles, melds holding a red five
# per suit, their texts in a reading)
_MeldFacts = tuple[tuple[OpenBlock, ...], tuple[Block, ...], bool, int, tuple[int, int, int], tuple[str, ...]]


@lru_cache(maxsize=None)
def _meld_fact(meld: str) -> tuple[OpenBlock, Block, int, int]:
    """One meld: (its block with direction and text, its block, the weight of its tiles, the suit of its red five or -1)."""
    info = _open_block(meld)
    digits = DIGIT_WEIGHT[meld[0]]
    weight = sum([digits[d] for d in meld[1:] if d in digits])  # a red five weighs as a five and a red
    return info, (info[0], info[1], info[2]), weight, _SUIT_INDEX[meld[0]] if "0" in meld else -1


@lru_cache(maxsize=None)
def _meld_facts(melds: tuple[str, ...]) -> _MeldFacts:
    """What scoring needs of a hand's melds (lazily built tables, per meld and per hand's tuple of melds)."""
    infos = []
    blocks = []
    reds = [0, 0, 0]
    weight = 0
    closed = True
    for meld in melds:
        info, block, meld_weight, red = _meld_fact(meld)
        infos.append(info)
        blocks.append(block)
        weight += meld_weight
        if red >= 0:
            reds[red] += 1
        if block[0] != _KAN_C:
            closed = False
    return tuple(infos), tuple(blocks), closed, weight, (reds[0], reds[1], reds[2]), tuple([b[4] for b in infos])


_NO_MELDS: _MeldFacts = ((), (), True, 0, (0, 0, 0), ())


def _quick_readings(suits: tuple[NumberedSuit, NumberedSuit, NumberedSuit, HonourSuit], opened: tuple[Block, ...]
                    ) -> list[tuple[Block, ...]]:
    """The four-sets-and-a-pair readings of a complete hand, in majiang-core's order (pair kinds m1…z7).

    Only the suit holding 2 more than a multiple of 3 tiles can hold the pair (the others split
    into whole sets or not at all), so the pairs of that suit alone are tried.
    """
    pair_suit = -1
    for s in range(4):
        rest = suits[s][0] % 3
        if rest == 2 and pair_suit < 0:
            pair_suit = s
        elif rest:
            return []
    if pair_suit < 0:
        return []
    honours = suits[3]
    if not honours[3] or (honours[2] and pair_suit != 3):
        return []
    splits = [suits[0][1], suits[1][1], suits[2][1]]
    for s in range(3):
        if s != pair_suit and not splits[s]:
            return []
    if pair_suit == 3:
        pairs: list[tuple[tuple[Block], list[Splits]]] = [(((_PAIR, 3, honours[2]),), splits)]
    else:
        pairs = []
        for n, found in suits[pair_suit][2]:  # type: ignore[union-attr]  # pair_suit < 3 here: a numbered suit
            with_pair = splits[:]
            with_pair[pair_suit] = found
            pairs.append((((_PAIR, pair_suit, n),), with_pair))
    rest_blocks = honours[1] + opened
    out: list[tuple[Block, ...]] = []
    for pair, (split_m, split_p, split_s) in pairs:
        for a in split_m:
            for b in split_p:
                for c in split_s:
                    blocks = pair + a + b + c + rest_blocks
                    if len(blocks) == 5:
                        out.append(blocks)
    return out


# masks over the packed counts (see hand.py): the red-five nibbles, bit 1 of every count (a count of
# 2), the thirteen orphan kinds, and bit 0 of each orphan count
_NIBBLES = 38
_REDS = 15 | 15 << 40 | 15 << 80
_TWOS = int("2" * _NIBBLES, 16)
_ORPHAN_INDEXES = tuple(10 * s + n for s in range(3) for n in (1, 9)) + tuple(30 + n for n in range(1, 8))
_ORPHAN_NIBBLES = sum(15 << 4 * i for i in _ORPHAN_INDEXES)
_ORPHAN_ONES = sum(1 << 4 * i for i in _ORPHAN_INDEXES)
_NOT_REDS, _NOT_TWOS, _NOT_ORPHANS = ~_REDS, ~_TWOS, ~_ORPHAN_NIBBLES


_SITUATIONS: dict[tuple[int, bool, int, bool, bool, int], tuple[list[Yaku], list[Yaku]]] = {}


def _situation(context: WinContext) -> tuple[list[Yaku], list[Yaku]]:
    """The situation's yaku, and the yakuman among them."""
    key = (context.riichi, context.ippatsu, context.last_tile, context.after_kan, context.robbing_kan, context.blessing)
    found = _SITUATIONS.get(key)
    if found is None:
        yaku = situation_yaku(context)
        found = _SITUATIONS[key] = (yaku, [y for y in yaku if y.yakuman])
    return found


def _quick_score(hand: Hand, ron_tile: str | None, context: WinContext,
                 points_only: bool = False) -> WinResult | None | bool | int:
    """score() on tuples; False when this path does not handle the case (the string path will).
    ``points_only``: the result's points if it has a yaku, else 0 (:func:`ron_points`)."""
    if hand.hidden:
        return False
    drawn = hand.drawn
    melds = hand.melds
    packed = hand.packed
    if ron_tile is not None:
        if drawn is not None or hand.concealed_count + 3 * len(melds) >= 14:
            return False  # the string path raises the right error
        win_tile = ron_tile[:2]
        packed += PLAIN_WEIGHT[win_tile]
        if (packed | (packed + THREES)) & EIGHTS:
            return False  # a fifth copy: the string path raises the right error
        direction = ron_tile[2]
    else:
        if drawn is None or len(drawn) > 2:
            return None
        win_tile = drawn
        direction = "_"
    ws = _SUIT_INDEX[win_tile[0]]
    wn = _NUMBER[win_tile[1]]
    suits = (_numbered_suit(0, (packed >> 4) & _M36), _numbered_suit(1, (packed >> 44) & _M36),
             _numbered_suit(2, (packed >> 84) & _M36), _honour_suit(packed >> 124))
    meld_facts = _meld_facts(melds) if melds else _NO_MELDS
    opened_info, opened, closed = meld_facts[0], meld_facts[1], meld_facts[2]
    self_draw = ron_tile is None

    candidates: list[tuple[int, tuple[Block, ...], int]] = []  # (size, blocks, marked index)
    concealed = range(5 - len(melds))  # the melds come last in a reading
    for blocks in _quick_readings(suits, opened):
        previous = None
        for i in concealed:
            block = blocks[i]
            if block == previous:
                continue  # the same block twice marks the same way once
            previous = block
            kind, s, n = block
            if s == ws and ((wn == n) if kind != _RUN else (n <= wn <= n + 2)):
                candidates.append((5, blocks, i))
    if not melds:
        plain = packed & _NOT_REDS
        if not plain & _NOT_TWOS and plain.bit_count() == 7:  # seven pairs: every count 0 or 2
            present = [i for i in range(_NIBBLES) if (plain >> 4 * i) & 15]
            candidates.append((7, tuple((_PAIR, i // 10, i % 10) for i in present), present.index(10 * ws + wn)))
        elif (not plain & _NOT_ORPHANS and (plain | plain >> 1 | plain >> 2) & _ORPHAN_ONES == _ORPHAN_ONES
              and suits[0][0] + suits[1][0] + suits[2][0] + suits[3][0] == 14):
            candidates.append((13, (), 0))  # only orphans, all thirteen, fourteen tiles
        elif ws < 3 and suits[ws][0] == 14:
            key = (packed >> 40 * ws + 4) & _M36
            if key & 15 >= 3 and key >> 32 >= 3 and all((key >> 4 * i) & 15 for i in range(9)):
                candidates.append((1, (), 0))  # nine gates: one suit, 1112345678999 and one more
    if not candidates:
        return None

    situation, situation_limits = _situation(context)
    dora: list[Yaku] | None = None
    best: _Points | None = None
    best_yaku: list[Yaku] = []
    best_candidate = candidates[0]
    for candidate in candidates:
        size, blocks, marked = candidate
        yaku, fu = _quick_yaku(size, blocks, marked, packed, opened_info, closed, self_draw, ws, wn, context,
                               situation, situation_limits)
        if yaku and not yaku[0].yakuman:
            if dora is None:
                dora = _quick_dora(packed, win_tile, meld_facts, context)
            if dora:
                yaku += dora
            result = _ordinary_points(fu, yaku, ron_tile, context)
        else:
            result = _points(fu, yaku, ron_tile, context)
        if best is None or _better_points(result, best):
            best = result
            best_yaku = yaku
            best_candidate = candidate
    assert best is not None
    if points_only:
        return best[3] if best_yaku else 0
    size, blocks, marked = best_candidate
    if size == 5 or size == 7:  # the chosen reading written as win_shapes writes it (_quick_shape, inline)
        texts = [_BLOCK_TEXT[block] for block in blocks[:len(blocks) - len(melds)]]  # the melds come last
        texts[marked] = _MARKED_TEXT[(blocks[marked], wn, direction)]
        shape = tuple(texts) + meld_facts[5]
    else:
        shape = _quick_shape(best_candidate, packed, meld_facts[5], ws, wn, direction)
    won = _new_result(WinResult)  # WinResult(...) without the frozen dataclass's setattr per field
    best_fu, han, yakuman, points, payments = best
    won.__dict__.update(yaku=tuple(best_yaku), fu=best_fu, han=han, yakuman=yakuman, points=points, payments=payments,
                        shape=shape)
    return won


_new_result = object.__new__


def _quick_yaku(size: int, blocks: tuple[Block, ...], marked: int, packed: int,
                opened: Sequence[OpenBlock], closed: bool, self_draw: bool,
                ws: int, wn: int, context: WinContext,
                situation: list[Yaku], situation_limits: list[Yaku]) -> tuple[list[Yaku], int]:
    """The yaku and fu of one reading (find_yaku and shape_features on tuples)."""
    rules = context.rules
    round_wind = context.round_wind
    seat_wind = context.seat_wind
    fu = 20
    single_wait = False
    n_terminal = n_honour = n_runs = n_triplets = n_concealed = n_kans = 0
    run_bits = odd_runs = doubled = 0  # runs present, and pairs of equal runs (一盃口), by bit 10 * suit + n
    triplet_bits = 0
    suits = 0  # bit per numbered suit present
    if size == 5:
        kind, s, n = blocks[0]  # the pair
        if s == 3:
            n_honour = n_terminal = 1
            value = 0
            if n == round_wind + 1:
                value += 2
            if n == seat_wind + 1:
                value += 2
            if n >= 5:
                value += 2
            if rules.double_wind_pair_2fu and value > 2:
                value = 2
            fu += value
        else:
            suits = 1 << s
            if n == 1 or n == 9:
                n_terminal = 1
        if marked == 0:
            single_wait = True
            fu += 2
        for i in range(1, 5):
            kind, s, n = blocks[i]
            bit = 1 << 10 * s + n
            if kind == _RUN or kind == _OPEN_RUN:
                n_runs += 1
                suits |= 1 << s
                if n == 1 or n == 7:
                    n_terminal += 1
                if odd_runs & bit:
                    doubled += 1
                odd_runs ^= bit
                run_bits |= bit
                if i == marked:
                    if wn == n + 1:
                        fu += 2  # closed wait
                    if (n == 1 and wn == 3) or (n == 7 and wn == 7):
                        fu += 2  # edge wait
                continue
            n_triplets += 1
            triplet_bits |= bit
            if s == 3:
                n_honour += 1
                n_terminal += 1
                value = 4
            else:
                suits |= 1 << s
                if n == 1 or n == 9:
                    n_terminal += 1
                    value = 4
                else:
                    value = 2
            if kind == _KAN_C or (kind == _TRIPLET_C and not (i == marked and not self_draw)):
                value *= 2
                n_concealed += 1
            if kind == _KAN_C or kind == _OPEN_KAN:
                value *= 4
                n_kans += 1
            fu += value
        pinfu = closed and fu == 20
        if self_draw:
            if not pinfu:
                fu += 2
        elif closed:
            fu += 10
        elif fu == 20:
            fu = 30
        fu = -(-fu // 10) * 10
    else:
        pinfu = False
        if size == 7:
            single_wait = True
            fu = 25
            for kind, s, n in blocks:
                if s == 3:
                    n_honour += 1
                    n_terminal += 1
                else:
                    suits |= 1 << s
                    if n == 1 or n == 9:
                        n_terminal += 1
        elif size == 13:
            single_wait = (packed >> 4 * (10 * ws + wn)) & 15 == 2

    # limit hands (役満)
    limits = situation_limits
    if size == 13:
        limits = limits + [_ORPHANS_13 if single_wait else _ORPHANS]
    elif size == 1:
        rest = ((packed >> 40 * ws + 4) & _M36) - (1 << 4 * (wn - 1))
        limits = limits + [_TRUE_NINE_GATES if rest == 0x311111113 else _NINE_GATES]
    elif size == 5:
        if n_concealed == 4 or n_honour >= 3 or (n_triplets == 4 and n_terminal == 5) or n_kans == 4 or not suits & 3:
            limits = limits + _limits(blocks, opened, single_wait, n_concealed, n_honour, n_triplets, n_terminal,
                                      n_kans, triplet_bits, suits)
    elif n_honour == 7:
        limits = limits + [_ALL_HONOURS]
    if limits:
        if not rules.double_yakuman:
            limits = [_cached_yaku(y.japanese, 0, 1, y.responsible) for y in limits]
        if not rules.yakuman_responsibility:
            limits = [_cached_yaku(y.japanese, 0, y.yakuman, None) for y in limits]
        return limits, fu
    if size == 13 or size == 1:
        return [], fu  # pragma: no cover - these shapes are always limit hands

    out = situation[:]
    if closed and self_draw:
        out.append(_MENZEN_TSUMO)
    if triplet_bits >> 30:  # honour triplets
        if triplet_bits >> 31 + round_wind & 1:
            out.append(_ROUND_WIND[round_wind])
        if triplet_bits >> 31 + seat_wind & 1:
            out.append(_SEAT_WIND[seat_wind])
        if triplet_bits >> 35 & 1:
            out.append(_WHITE)
        if triplet_bits >> 36 & 1:
            out.append(_GREEN)
        if triplet_bits >> 37 & 1:
            out.append(_RED)
    if pinfu:
        out.append(_PINFU)
    if n_terminal == 0 and (rules.open_tanyao or closed):
        out.append(_ALL_SIMPLES)
    if closed and doubled == 1:
        out.append(_PURE_DOUBLE)
    if n_runs >= 3:
        if run_bits & run_bits >> 10 & run_bits >> 20 & 0x3FF:
            out.append(_MIXED_TRIPLE[closed])
        if (run_bits & 0x92 == 0x92 or run_bits >> 10 & 0x92 == 0x92 or run_bits >> 20 & 0x92 == 0x92):
            out.append(_STRAIGHT[closed])  # runs 1, 4 and 7 of one suit
    if n_terminal == 5 and n_runs > 0 and n_honour > 0:
        out.append(_HALF_OUTSIDE[closed])
    if size == 7:
        out.append(_SEVEN_PAIRS)
    if n_triplets == 4:
        out.append(_ALL_TRIPLETS)
    if n_concealed == 3:
        out.append(_THREE_CONCEALED)
    if n_kans == 3:
        out.append(_THREE_KANS)
    if n_triplets >= 3 and triplet_bits & triplet_bits >> 10 & triplet_bits >> 20 & 0x3FE:
        out.append(_TRIPLE_TRIPLETS)
    if n_terminal == size and n_runs == 0 and n_honour > 0:
        out.append(_TERMINALS_AND_HONOURS)
    if (triplet_bits >> 35 & 7).bit_count() == 2 and blocks[0][1] == 3 and blocks[0][2] >= 5:
        out.append(_LITTLE_DRAGONS)
    one_suit = suits in (0, 1, 2, 4)
    if n_honour > 0 and one_suit:
        out.append(_HALF_FLUSH[closed])
    if n_terminal == 5 and n_runs > 0 and n_honour == 0:
        out.append(_FULLY_OUTSIDE[closed])
    if closed and doubled == 2:
        out.append(_TWICE_PURE_DOUBLE)
    if n_honour == 0 and one_suit:
        out.append(_FULL_FLUSH[closed])
    return out, fu


def _limits(blocks: tuple[Block, ...], opened: Sequence[OpenBlock], single_wait: bool,
            n_concealed: int, n_honour: int, n_triplets: int, n_terminal: int, n_kans: int, triplet_bits: int,
            suits: int) -> list[Yaku]:
    """The yakuman of a four-sets-and-a-pair reading (in majiang-core's order)."""
    out = []
    if n_concealed == 4:
        out.append(_FOUR_CONCEALED_SINGLE if single_wait else _FOUR_CONCEALED)
    if triplet_bits >> 35 & 7 == 7:
        out.append(_cached_yaku("大三元", yakuman=1, responsible=_quick_pao(opened, (5, 6, 7), 2)))
    winds = (triplet_bits >> 31 & 15).bit_count()
    if winds == 4:
        out.append(_cached_yaku("大四喜", yakuman=2, responsible=_quick_pao(opened, (1, 2, 3, 4), 3)))
    elif winds == 3 and blocks[0][1] == 3 and blocks[0][2] <= 4:
        out.append(_LITTLE_WINDS)
    if n_honour == 5:
        out.append(_ALL_HONOURS)
    if not suits & 3 and _all_green(blocks):
        out.append(_ALL_GREEN)
    if n_triplets == 4 and n_terminal == 5 and n_honour == 0:
        out.append(_ALL_TERMINALS)
    if n_kans == 4:
        out.append(_FOUR_KANS)
    return out


def _quick_pao(opened: Sequence[OpenBlock], numbers: tuple[int, ...], which: int) -> str | None:
    """The direction of the ``which``-th called set of these honours (closed kans count, as in the string path)."""
    called = [b for b in opened if b[1] == 3 and b[2] in numbers and b[0] in (_KAN_C, _OPEN_TRIPLET, _OPEN_KAN)]
    return called[which][3] if len(called) > which else None


def _all_green(blocks: tuple[Block, ...]) -> bool:
    for kind, s, n in blocks:
        if s == 3:
            if n != 6:
                return False
        elif s != 2:
            return False
        elif kind == _RUN or kind == _OPEN_RUN:
            if n != 2:
                return False
        elif n not in (2, 3, 4, 6, 8):
            return False
    return True


# a concealed block as win_shapes writes it
_BLOCK_TEXT: dict[Block, str] = {}
for _s, _letter in enumerate(_SUIT_LETTERS):
    for _n in range(1, 8 if _letter == "z" else 10):
        _BLOCK_TEXT[(_PAIR, _s, _n)] = f"{_letter}{_n}{_n}"
        _BLOCK_TEXT[(_TRIPLET_C, _s, _n)] = f"{_letter}{_n}{_n}{_n}"
        if _letter != "z" and _n <= 7:
            _BLOCK_TEXT[(_RUN, _s, _n)] = f"{_letter}{_n}{_n + 1}{_n + 2}"


# the same block with the winning tile marked: (block, number won on, direction) -> ``'m34_!5'``
_MARKED_TEXT: dict[tuple[Block, int, str], str] = {}
for _block, _text in _BLOCK_TEXT.items():
    for _won in {int(ch) for ch in _text[1:]}:
        _cut = _text.rindex(str(_won)) + 1
        for _direction in "_+=-":
            _MARKED_TEXT[(_block, _won, _direction)] = _text[:_cut] + _direction + "!" + _text[_cut:]


def _quick_shape(candidate: tuple[int, tuple[Block, ...], int], packed: int, meld_texts: tuple[str, ...], ws: int,
                 wn: int, direction: str) -> tuple[str, ...]:
    """The chosen reading written as win_shapes writes it."""
    size, blocks, marked = candidate
    mark = direction + "!"
    if size == 1:
        digits = "".join(str(n) * (((packed >> 4 * (10 * ws + n)) & 15) - (1 if n == wn else 0)) for n in range(1, 10))
        return (_SUIT_LETTERS[ws] + digits + str(wn) + mark,)
    if size == 13:
        pairs: list[str] = []
        singles: list[str] = []
        for i in _ORPHAN_INDEXES:
            count = (packed >> 4 * i) & 15
            text = _SUIT_LETTERS[i // 10] + str(i % 10) * count + (mark if i == 10 * ws + wn else "")
            if count == 2:
                pairs.insert(0, text)
            else:
                singles.append(text)
        return tuple(pairs + singles)
    texts = [_BLOCK_TEXT[block] for block in blocks[:len(blocks) - len(meld_texts)]]  # the melds come last
    texts[marked] = _MARKED_TEXT[(blocks[marked], wn, direction)]
    return tuple(texts) + meld_texts


def clear_tables() -> None:
    """Forget the lazily built scoring tables (to measure them being built)."""
    for table in (_suit_splits, _numbered_suit, _honour_suit, _open_block, _meld_fact, _meld_facts):
        table.cache_clear()
    _YAKU_CACHE.clear()
    _SITUATIONS.clear()
