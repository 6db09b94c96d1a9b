"""Rule sets for a whole game: Japanese keys verbatim, English names, and the app's two presets.

The core's :class:`~gamelab.riichi.Rules` holds majiang-core's 28 parameters (``rule()``). A game is
set up from whichever spelling a learner has at hand, so :func:`make_rules` accepts

* a :class:`Rules` as it is;
* a mapping keyed by majiang-core's Japanese names, verbatim (``{'途中流局あり': False, '連荘方式': 1}``),
  or by the English field names (``{'abortive_draws': False}``), or a mix;
* the name of a preset: ``'電脳麻将ルール'`` (the defaults), ``'Mリーグルール'``, ``'Classicルール'``.

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

from typing import Any, Mapping

from .. import RULE_KEYS, Rules

__all__ = ["make_rules", "PRESETS", "RULE_HELP", "describe_rules", "JAPANESE_KEYS"]

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

_CHOICES: dict[str, tuple[int, ...]] = {
    "swap_calling": (0, 1, 2),
    "rounds": (0, 1, 2, 4),
    "max_winners": (1, 2, 3),
    "dealer_repeats": (0, 1, 2, 3),
    "extension": (0, 1, 2, 3),
    "kan_after_riichi": (0, 1, 2),
}

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


def _check_value(name: str, value: Any) -> None:
    """Refuse a value the rule does not allow, naming the Japanese key and the allowed values."""
    key = f"{RULE_KEYS[name]} ({name})"
    default = getattr(Rules(), name)
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ValueError(f"rule {key} must be True or False, not {value!r}")
    elif name in _CHOICES:
        if isinstance(value, bool) or value not in _CHOICES[name]:
            allowed = ", ".join(str(v) for v in _CHOICES[name])
            raise ValueError(f"rule {key} must be one of {allowed} – {RULE_HELP[name]} – not {value!r}")
    elif name == "starting_points":
        if isinstance(value, bool) or not isinstance(value, int) or value <= 0:
            raise ValueError(f"rule {key} must be {RULE_HELP[name]}, above 0, not {value!r}")


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
            raise ValueError(f"unknown rule preset {spec!r}; presets are {', '.join(PRESETS)}")
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
    for name, value in given.items():
        _check_value(name, value)
        if name == "rank_bonus":
            given[name] = tuple(value)
    return base.replace(**given) if given else base


def describe_rules(rules: Rules) -> dict[str, Any]:
    """The rules as majiang-core's Japanese-keyed object, JSON-able (what a saved game stores).

    >>> describe_rules(make_rules({'連荘方式': 1}))['連荘方式']
    1
    """
    return rules.to_majiang()
