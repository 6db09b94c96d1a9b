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
from typing import Any, Mapping, Sequence

from .hand import Hand
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
            for sets in _all_sets(tiles, hand._melds):
                blocks = [f"{suit}{n}{n}"] + sets
                if len(blocks) == 5:
                    out += _mark_winning_block(blocks, winning)
            counts[n] += 2
    return out


def _mark(tile: str, times: int, winning: str) -> str:
    text = tile[0] + tile[1] * times
    return text + winning[2] + "!" if tile == winning[:2] else text


def _seven_pairs_shape(hand: Hand, winning: str) -> list[list[str]]:
    if hand._melds:
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
    if hand._melds:
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
    if hand._melds or suit == "z":
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


def _normal_ron(ron_tile: str) -> str:
    """A ron tile reduced to tile and direction (``'m5_*='`` → ``'m5='``), or ValueError."""
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
    if full._drawn is None or len(full._drawn) > 2:
        return []
    winning = (ron_tile or full._drawn + "_").replace("0", "5", 1)
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


def _ceil100(x: float) -> int:
    return int(math.ceil(x / 100)) * 100


def pay(fu: int, yaku: Sequence[Yaku], ron_tile: str | None, context: WinContext) -> WinResult:
    """Points and payments for a reading (得点 defen / 分配 fenpei, majiang-core's ``get_defen``).

    >>> pay(30, [_yaku("断幺九", 1), _yaku("赤ドラ", 2)], None, WinContext(seat_wind=3)).payments
    (-2000, -1000, -1000, 4000)
    """
    rules = context.rules
    seat = context.seat_wind
    if not yaku:
        return WinResult((), None, None, None, 0, (0, 0, 0, 0))
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
        han = sum(y.han for y in yaku)
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
    return WinResult(tuple(yaku), value_fu, han, limits, points + extra, (east, south, west, north))


def _better(new: WinResult, best: WinResult | None) -> bool:
    """majiang-core's choice between readings: more points, then more han (a yakuman wins), then more fu."""
    if best is None or new.points > best.points:
        return True
    if new.points != best.points:
        return False
    if not new.han:
        return True
    if best.han is not None and new.han > best.han:
        return True
    return new.han == best.han and (new.fu or 0) > (best.fu or 0)


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
