"""Rule switches (majiang-core's ``rule()``), with English names and the Japanese keys beside them.

>>> rules = Rules(red_fives={"m": 0, "p": 0, "s": 0}, open_tanyao=False)
>>> rules.to_majiang()["クイタンあり"]
False
>>> Rules.from_majiang({"ダブル役満あり": False}).double_yakuman
False
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

__all__ = ["Rules", "RULE_KEYS"]


def _default_red() -> dict[str, int]:
    return {"m": 1, "p": 1, "s": 1}


@dataclass(frozen=True)
class Rules:
    """The 28 rule parameters of majiang-core (電脳麻将ルール defaults).

    Each field's docstring-comment gives majiang-core's Japanese key.
    """

    starting_points: int = 25000  # 配給原点
    rank_bonus: tuple[str, str, str, str] = ("20.0", "10.0", "-10.0", "-20.0")  # 順位点 (uma, as strings)
    double_wind_pair_2fu: bool = False  # 連風牌は2符: a double-wind pair gives 2 fu, not 4
    red_fives: Mapping[str, int] = field(default_factory=_default_red)  # 赤牌: red fives per suit
    open_tanyao: bool = True  # クイタンあり: all simples counts on an open hand
    swap_calling: int = 0  # 喰い替え許可レベル: 0 none, 1 suji allowed, 2 all allowed
    rounds: int = 2  # 場数: 0 one hand, 1 East only, 2 East-South, 4 all four winds
    abortive_draws: bool = True  # 途中流局あり
    nagashi_mangan: bool = True  # 流し満貫あり
    noten_declaration: bool = False  # ノーテン宣言あり: tenpai must be declared at the draw
    noten_penalty: bool = True  # ノーテン罰あり
    max_winners: int = 2  # 最大同時和了数: 1 head bump, 2 double ron, 3 triple ron
    dealer_repeats: int = 2  # 連荘方式: 0 never, 1 on a win, 2 on a win or tenpai, 3 on a win or any draw
    bust_ends_game: bool = True  # トビ終了あり
    all_last_stop: bool = True  # オーラス止めあり
    extension: int = 1  # 延長戦方式: 0 none, 1 sudden death, 2 dealer repeats continue, 3 four hands
    ippatsu: bool = True  # 一発あり
    ura_dora: bool = True  # 裏ドラあり
    kan_dora: bool = True  # カンドラあり
    kan_ura_dora: bool = True  # カン裏あり
    kan_dora_after_discard: bool = True  # カンドラ後乗せ: open/added kan dora turned after the discard
    riichi_without_draw: bool = False  # ツモ番なしリーチあり: riichi with fewer than 4 tiles left
    kan_after_riichi: int = 2  # リーチ後暗槓許可レベル: 0 none, 1 same shapes, 2 same waits
    double_yakuman: bool = True  # ダブル役満あり
    yakuman_stacking: bool = True  # 役満の複合あり: several yakuman add up
    counted_yakuman: bool = True  # 数え役満あり: 13 han and more is a yakuman
    yakuman_responsibility: bool = True  # 役満パオあり
    round_up_mangan: bool = False  # 切り上げ満貫あり: 30 fu 4 han and 60 fu 3 han pay a mangan

    def __post_init__(self) -> None:
        for f in dataclasses.fields(self):
            value = getattr(self, f.name)
            if f.type == "bool" and not isinstance(value, bool):
                raise ValueError(f"rule {f.name} ({RULE_KEYS[f.name]}) must be True or False, not {value!r}")
            if f.type == "int" and (isinstance(value, bool) or not isinstance(value, int)):
                raise ValueError(f"rule {f.name} ({RULE_KEYS[f.name]}) must be a whole number, not {value!r}")
        for name, allowed in _CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(
                    f"rule {name} ({RULE_KEYS[name]}) must be one of {sorted(allowed)}, not {getattr(self, name)!r}"
                )
        red = dict(self.red_fives)
        if set(red) != {"m", "p", "s"} or any(not isinstance(v, int) or not 0 <= v <= 4 for v in red.values()):
            raise ValueError(f"rule red_fives (赤牌) needs 0-4 for each of m, p, s, not {self.red_fives!r}")
        object.__setattr__(self, "red_fives", red)
        bonus = tuple(str(x) for x in self.rank_bonus)
        if len(bonus) != 4:
            raise ValueError(f"rule rank_bonus (順位点) needs four entries, not {self.rank_bonus!r}")
        for x in bonus:
            try:
                float(x)
            except ValueError:
                raise ValueError(f"rule rank_bonus (順位点): {x!r} is not a number") from None
        object.__setattr__(self, "rank_bonus", bonus)

    def __hash__(self) -> int:
        return hash(tuple((key, repr(value)) for key, value in self.to_majiang().items()))

    def replace(self, **changes: Any) -> "Rules":
        """A copy with some switches changed.

        >>> Rules().replace(ippatsu=False).ippatsu
        False
        """
        unknown = set(changes) - set(RULE_KEYS)
        if unknown:
            raise ValueError(f"unknown rule {sorted(unknown)[0]!r}")
        return dataclasses.replace(self, **changes)

    def to_majiang(self) -> dict[str, Any]:
        """The rule object majiang-core uses, keyed by its Japanese names."""
        out: dict[str, Any] = {}
        for name, key in RULE_KEYS.items():
            value = getattr(self, name)
            out[key] = list(value) if name == "rank_bonus" else dict(value) if name == "red_fives" else value
        return out

    @classmethod
    def from_majiang(cls, rule: Mapping[str, Any]) -> "Rules":
        """Rules from majiang-core's Japanese keys (missing keys keep their defaults).

        >>> Rules.from_majiang({"赤牌": {"m": 0, "p": 0, "s": 0}}).red_fives
        {'m': 0, 'p': 0, 's': 0}
        """
        by_key = {key: name for name, key in RULE_KEYS.items()}
        changes = {}
        for key, value in rule.items():
            if key not in by_key:
                raise ValueError(f"unknown majiang-core rule {key!r}")
            changes[by_key[key]] = tuple(value) if key == "順位点" else value
        return cls(**changes)


#: English field name -> majiang-core's Japanese key
RULE_KEYS: dict[str, str] = {
    "starting_points": "配給原点",
    "rank_bonus": "順位点",
    "double_wind_pair_2fu": "連風牌は2符",
    "red_fives": "赤牌",
    "open_tanyao": "クイタンあり",
    "swap_calling": "喰い替え許可レベル",
    "rounds": "場数",
    "abortive_draws": "途中流局あり",
    "nagashi_mangan": "流し満貫あり",
    "noten_declaration": "ノーテン宣言あり",
    "noten_penalty": "ノーテン罰あり",
    "max_winners": "最大同時和了数",
    "dealer_repeats": "連荘方式",
    "bust_ends_game": "トビ終了あり",
    "all_last_stop": "オーラス止めあり",
    "extension": "延長戦方式",
    "ippatsu": "一発あり",
    "ura_dora": "裏ドラあり",
    "kan_dora": "カンドラあり",
    "kan_ura_dora": "カン裏あり",
    "kan_dora_after_discard": "カンドラ後乗せ",
    "riichi_without_draw": "ツモ番なしリーチあり",
    "kan_after_riichi": "リーチ後暗槓許可レベル",
    "double_yakuman": "ダブル役満あり",
    "yakuman_stacking": "役満の複合あり",
    "counted_yakuman": "数え役満あり",
    "yakuman_responsibility": "役満パオあり",
    "round_up_mangan": "切り上げ満貫あり",
}

_CHOICES: dict[str, set[int]] = {
    "swap_calling": {0, 1, 2},
    "rounds": {0, 1, 2, 4},
    "max_winners": {1, 2, 3},
    "dealer_repeats": {0, 1, 2, 3},
    "extension": {0, 1, 2, 3},
    "kan_after_riichi": {0, 1, 2},
}
