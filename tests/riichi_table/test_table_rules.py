"""The rule set: Japanese keys verbatim, English names, presets, and refusals naming key and values."""

from __future__ import annotations

import pytest

from gamelab.riichi import RULE_KEYS, Rules
from gamelab.riichi.table import PRESETS, Table, make_rules


def test_japanese_keys_verbatim():
    rules = make_rules({"途中流局あり": False, "連荘方式": 1})
    assert rules.abortive_draws is False and rules.dealer_repeats == 1
    assert rules.to_majiang()["途中流局あり"] is False


def test_english_keys_and_keyword_changes():
    assert make_rules({"max_winners": 3}).max_winners == 3
    assert make_rules("Classicルール", rounds=1).rounds == 1
    assert make_rules(None) == Rules()


def test_all_28_parameters_have_japanese_keys():
    assert len(RULE_KEYS) == 28
    assert set(make_rules().to_majiang()) == set(RULE_KEYS.values())


def test_presets_match_the_app_file(preset_file):
    for name, spec in preset_file.items():
        assert make_rules(spec) == PRESETS[name]
        assert make_rules(name).to_majiang() == spec | {"順位点": spec["順位点"]}
    assert PRESETS["電脳麻将ルール"] == Rules()


@pytest.mark.parametrize("spec, words", [
    ({"連荘方式": 4}, ["連荘方式", "0, 1, 2, 3", "not 4"]),
    ({"場数": 3}, ["場数", "0, 1, 2, 4"]),
    ({"最大同時和了数": 0}, ["最大同時和了数", "1, 2, 3"]),
    ({"途中流局あり": "yes"}, ["途中流局あり", "True or False"]),
    ({"延長戦方式": 9}, ["延長戦方式", "0, 1, 2, 3"]),
    ({"喰い替え許可レベル": True}, ["喰い替え許可レベル"]),
    ({"配給原点": -5}, ["配給原点"]),
    ({"流局あり": True}, ["unknown rule '流局あり'", "途中流局あり"]),
])
def test_bad_rules_are_refused_with_key_and_allowed_values(spec, words):
    with pytest.raises(ValueError) as error:
        make_rules(spec)
    for word in words:
        assert word in str(error.value)


def test_unknown_preset_and_wrong_type():
    with pytest.raises(ValueError, match="presets are"):
        make_rules("Tenhou")
    with pytest.raises(ValueError, match="not int"):
        make_rules(5)  # type: ignore[arg-type]


def test_table_takes_any_spelling():
    assert Table(rules={"場数": 0}).rules.rounds == 0
    assert Table(rules="Mリーグルール").rules.max_winners == 1
