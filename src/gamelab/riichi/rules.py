"""Rule sets (majiang-core's ``rule()``): English names with the Japanese keys beside them, presets, a parser.

:class:`Rules` holds majiang-core's 28 parameters as a frozen dataclass:

>>> rules = Rules(red_fives={"m": 0, "p": 0, "s": 0}, open_tanyao=False)
>>> rules.to_majiang()["クイタンあり"]
False
>>> Rules.from_majiang({"ダブル役満あり": False}).double_yakuman
False

A game is set up from whichever spelling a learner has at hand, so :func:`make_rules` accepts

* a :class:`Rules` as it is;
* a mapping keyed by majiang-core's Japanese names, verbatim (``{'途中流局あり': False, '連荘方式': 1}``),
  or by the English field names (``{'abortive_draws': False}``), or a mix;
* the name of a preset: ``'電脳麻将ルール'`` (the defaults), ``'Mリーグルール'``, ``'Classicルール'``
  (:data:`PRESETS`, the Majiang app's two rule sets).

An unknown key or an out-of-range value is refused with a ``ValueError`` naming the key and the
values it allows.

>>> make_rules({'途中流局あり': False, '連荘方式': 1}).dealer_repeats
1
>>> make_rules({'連荘方式': 4})
Traceback (most recent call last):
...
ValueError: rule 連荘方式 (dealer_repeats) must be one of 0, 1, 2, 3 – 0 (no dealer repeat), 1 (after a dealer win), 2 (after a dealer win or dealer tenpai at the draw), 3 (after a dealer win or any draw) – not 4
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Mapping

from ..checks import number
from ..errors import quote

__all__ = ["Rules", "RULE_KEYS", "JAPANESE_KEYS", "RULE_HELP", "PRESETS", "make_rules", "describe_rules",
           "rule_defaults"]


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
        # One check for every value, however the rules were given (make_rules, replace, from_majiang).
        for f in dataclasses.fields(self):
            object.__setattr__(self, f.name, _checked(f.name, getattr(self, f.name)))

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
        changes: dict[str, Any] = {}
        for key, value in rule.items():
            if key not in JAPANESE_KEYS:
                raise ValueError(f"unknown majiang-core rule {key!r}")
            changes[JAPANESE_KEYS[key]] = value
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

#: Japanese key -> English field name
JAPANESE_KEYS: dict[str, str] = {japanese: english for english, japanese in RULE_KEYS.items()}

#: What each parameter allows, in words (used in error messages and the lesson's tables).
RULE_HELP: dict[str, str] = {
    "starting_points": "a whole number of points each player starts with",
    "rank_bonus": "four numbers as text, 1st to 4th, e.g. ['20.0', '10.0', '-10.0', '-20.0']",
    "double_wind_pair_2fu": "True or False",
    "red_fives": "0-4 red fives for each of m, p, s",
    "open_tanyao": "True or False",
    "swap_calling": "0 (no swap-calling), 1 (suji swap allowed), 2 (any swap allowed)",
    "rounds": "0 (one hand), 1 (East only), 2 (East and South), 4 (all four winds)",
    "abortive_draws": "True or False",
    "nagashi_mangan": "True or False",
    "noten_declaration": "True or False",
    "noten_penalty": "True or False",
    "max_winners": "1 (head bump), 2 (double ron; three rons abort the hand), 3 (triple ron)",
    "dealer_repeats": "0 (no dealer repeat), 1 (after a dealer win), 2 (after a dealer win or dealer tenpai at the draw), 3 (after a dealer win or any draw)",
    "bust_ends_game": "True or False",
    "all_last_stop": "True or False",
    "extension": "0 (none), 1 (sudden death), 2 (sudden death, dealer repeats continue), 3 (a fixed extra wind)",
    "ippatsu": "True or False",
    "ura_dora": "True or False",
    "kan_dora": "True or False",
    "kan_ura_dora": "True or False",
    "kan_dora_after_discard": "True or False",
    "riichi_without_draw": "True or False",
    "kan_after_riichi": "0 (no kan after riichi), 1 (if the hand's readings stay), 2 (if the waits stay)",
    "double_yakuman": "True or False",
    "yakuman_stacking": "True or False",
    "counted_yakuman": "True or False",
    "yakuman_responsibility": "True or False",
    "round_up_mangan": "True or False",
}

#: the values a rule that is a choice allows (checked by Rules and by make_rules)
_CHOICES: dict[str, tuple[int, ...]] = {
    "swap_calling": (0, 1, 2),
    "rounds": (0, 1, 2, 4),
    "max_winners": (1, 2, 3),
    "dealer_repeats": (0, 1, 2, 3),
    "extension": (0, 1, 2, 3),
    "kan_after_riichi": (0, 1, 2),
}

#: the limits of the numeric rules: starting points, and each rank bonus (順位点, in thousands of points)
STARTING_POINTS = (1, 1_000_000)
RANK_BONUS_LIMIT = 1000.0


def _checked(name: str, value: Any) -> Any:
    """``value`` as rule ``name`` keeps it, or a ValueError naming the Japanese key and what it allows.

    Values are never converted from another kind: ``"1234"`` is not four rank bonuses, ``1`` is not True.
    """
    key = f"{RULE_KEYS[name]} ({name})"
    if _KINDS[name] == "bool":
        if not isinstance(value, bool):
            raise ValueError(f"rule {key} must be True or False, not {quote(value)}")
        return value
    if name in _CHOICES:
        if isinstance(value, bool) or not isinstance(value, int) or value not in _CHOICES[name]:
            allowed = ", ".join(str(v) for v in _CHOICES[name])
            raise ValueError(f"rule {key} must be one of {allowed} – {RULE_HELP[name]} – not {quote(value)}")
        return value
    if name == "starting_points":
        low, high = STARTING_POINTS
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise ValueError(f"rule {key} must be {RULE_HELP[name]}, from {low} to {high:,}, not {quote(value)}")
        return value
    if name == "red_fives":
        if (not isinstance(value, Mapping) or set(value) != {"m", "p", "s"}
                or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= 4 for v in value.values())):
            raise ValueError(f"rule {key} needs 0-4 for each of m, p, s (like {{'m': 1, 'p': 1, 's': 1}}), "
                             f"not {quote(value)}")
        return {suit: value[suit] for suit in "mps"}
    if name == "rank_bonus":
        if not isinstance(value, (list, tuple)) or len(value) != 4:
            raise ValueError(f"rule {key} needs four entries, 1st to 4th, as a list such as "
                             f"['20.0', '10.0', '-10.0', '-20.0'], not {quote(value)}")
        bonus = []
        for x in value:
            if isinstance(x, bool) or not isinstance(x, (int, float, str)):
                raise ValueError(f"rule {key}: {quote(x)} is not a number")
            try:
                number(f"rule {key}", x, low=-RANK_BONUS_LIMIT, high=RANK_BONUS_LIMIT)
            except ValueError:
                if isinstance(x, str):
                    try:
                        float(x)
                    except ValueError:
                        raise ValueError(f"rule {key}: {quote(x)} is not a number") from None
                raise ValueError(f"rule {key}: {quote(x)} is not a number from {-RANK_BONUS_LIMIT:g} to "
                                 f"{RANK_BONUS_LIMIT:g} (thousands of points)") from None
            bonus.append(x.strip() if isinstance(x, str) else str(x))
        return tuple(bonus)
    raise AssertionError(f"rule {name} has no check")  # pragma: no cover - every field is listed above


#: every rule's kind, as its field declares it ("bool", "int", …)
_KINDS: dict[str, str] = {f.name: str(f.type) for f in dataclasses.fields(Rules)}


#: The app's presets (kobalab/Majiang ``conf/rule.json``) as changes from the defaults; the tests
#: compare them with ``Majiang_conf_rule.json`` read in place.
_PRESET_CHANGES: dict[str, dict[str, Any]] = {
    "電脳麻将ルール": {},
    "Mリーグルール": {
        "rank_bonus": ("+30.0", "+10.0", "-10.0", "-30.0"),
        "double_wind_pair_2fu": True,
        "abortive_draws": False,
        "nagashi_mangan": False,
        "noten_declaration": True,
        "max_winners": 1,
        "bust_ends_game": False,
        "all_last_stop": False,
        "extension": 0,
        "kan_dora_after_discard": False,
        "riichi_without_draw": True,
        "kan_after_riichi": 1,
        "double_yakuman": False,
        "counted_yakuman": False,
        "round_up_mangan": True,
    },
    "Classicルール": {
        "starting_points": 30000,
        "rank_bonus": ("+12.0", "+4.0", "-4.0", "-12.0"),
        "red_fives": {"m": 0, "p": 0, "s": 0},
        "swap_calling": 2,
        "abortive_draws": False,
        "nagashi_mangan": False,
        "noten_penalty": False,
        "max_winners": 1,
        "dealer_repeats": 1,
        "bust_ends_game": False,
        "all_last_stop": False,
        "extension": 0,
        "ippatsu": False,
        "ura_dora": False,
        "kan_dora": False,
        "kan_ura_dora": False,
        "kan_dora_after_discard": False,
        "riichi_without_draw": True,
        "kan_after_riichi": 0,
        "double_yakuman": False,
        "yakuman_stacking": False,
        "counted_yakuman": False,
        "yakuman_responsibility": False,
    },
}

#: preset name -> Rules
PRESETS: dict[str, Rules] = {name: Rules(**changes) for name, changes in _PRESET_CHANGES.items()}


def make_rules(spec: Rules | Mapping[str, Any] | str | None = None, **changes: Any) -> Rules:
    """Rules from a :class:`Rules`, a preset name, or a mapping with Japanese or English keys.

    Keyword ``changes`` (English names) are applied on top.

    >>> make_rules('Classicルール', rounds=1).starting_points, make_rules('Classicルール', rounds=1).rounds
    (30000, 1)
    >>> make_rules({'場数': 3})
    Traceback (most recent call last):
    ...
    ValueError: rule 場数 (rounds) must be one of 0, 1, 2, 4 – 0 (one hand), 1 (East only), 2 (East and South), 4 (all four winds) – not 3
    """
    if spec is None:
        base = Rules()
        given: dict[str, Any] = {}
    elif isinstance(spec, Rules):
        base = spec
        given = {}
    elif isinstance(spec, str):
        if spec not in PRESETS:
            raise ValueError(f"rules: unknown rule preset {spec!r}; presets are {', '.join(PRESETS)}")
        base = PRESETS[spec]
        given = {}
    elif isinstance(spec, Mapping):
        base = Rules()
        given = {}
        for key, value in spec.items():
            name = JAPANESE_KEYS.get(key, key)
            if name not in RULE_KEYS:
                known = ", ".join(RULE_KEYS.values())
                raise ValueError(f"unknown rule {key!r}; the rules are {known} (or their English names)")
            given[name] = value
    else:
        raise ValueError(f"rules are given as a Rules, a preset name or a dict, not {type(spec).__name__}")
    for name, value in changes.items():
        if name not in RULE_KEYS:
            raise ValueError(f"unknown rule {name!r}; the English names are {', '.join(RULE_KEYS)}")
        given[name] = value
    return base.replace(**given) if given else base  # Rules checks every value


def describe_rules(rules: Rules) -> dict[str, Any]:
    """The rules as majiang-core's Japanese-keyed object, JSON-able (what a saved game stores).

    >>> describe_rules(make_rules({'連荘方式': 1}))['連荘方式']
    1
    """
    return rules.to_majiang()


def rule_defaults(param: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The six parameters of 「麻雀ルールのカスタマイズ(2)」 with their defaults, changed by ``param``.

    The post's パラメータ: 途中流局あり, 流し満貫あり, ノーテン宣言あり, ノーテン罰あり, 最大同時和了数 and 連荘方式.
    Like majiang-core's ``rule(param)``, every key of ``param`` is kept, a key the six do not name too
    (``場数``, say); any table takes the result as its rules (the other parameters keep their defaults).

    >>> rule = rule_defaults({'連荘方式': 1, '場数': 0})
    >>> list(rule)
    ['途中流局あり', '流し満貫あり', 'ノーテン宣言あり', 'ノーテン罰あり', '最大同時和了数', '連荘方式', '場数']
    >>> rule['連荘方式'], rule['ノーテン宣言あり']
    (1, False)
    >>> make_rules(rule_defaults()) == Rules()
    True
    """
    rule = {
        "途中流局あり": True,  # the abortive draws 九種九牌, 四風連打, 四家立直, 四開槓
        "流し満貫あり": True,  # nagashi mangan at the exhaustive draw
        "ノーテン宣言あり": False,  # a tenpai hand counts only if declared
        "ノーテン罰あり": True,  # the noten penalty
        "最大同時和了数": 2,  # 1 head bump, 2 double ron (three rons abort), 3 triple ron
        "連荘方式": 2,  # 0 never, 1 dealer win, 2 dealer win or tenpai, 3 dealer win or any draw
    }
    if param is not None:
        for key, value in param.items():
            rule[key] = value
    return rule
