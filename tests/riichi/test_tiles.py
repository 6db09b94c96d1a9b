"""Tile and meld notation (majiang-core's valid_pai / valid_mianzi / zhenbaopai)."""

from __future__ import annotations

import re

import pytest

from gamelab.riichi import (
    called_tile,
    check_tile,
    direction_from,
    dora_from_indicator,
    is_meld,
    is_tile,
    meld_type,
    normalize_meld,
    seat_from_direction,
    tile_kind,
)


@pytest.mark.parametrize("text", ["m1", "p2_", "s3*", "z4_*", "m0-", "p5_+", "s6*=", "z7_*-"])
def test_valid_tiles(text: str) -> None:
    assert is_tile(text)
    assert check_tile(text) == text


@pytest.mark.parametrize("text", ["_", "x", "mm", "z0", "z8", "m9x", "m9=*", "m9*_", "m9=_", "m10", "", "M1"])
def test_invalid_tiles_are_named(text: str) -> None:
    assert not is_tile(text)
    with pytest.raises(ValueError, match="^" + re.escape(f"{text!r} is not a tile") + "$"):
        check_tile(text)


def test_m10_message() -> None:
    with pytest.raises(ValueError) as error:
        check_tile("m10")
    assert str(error.value) == "'m10' is not a tile"


@pytest.mark.parametrize(
    "given, canonical",
    [
        ("m111+", "m111+"),
        ("p555=", "p555="),
        ("s999-", "s999-"),
        ("z777+7", "z777+7"),
        ("m2222", "m2222"),
        ("p550=", "p550="),
        ("p5550=", "p5550="),
        ("p055=", "p505="),
        ("p055=0", "p505=0"),
        ("p000=0", "p000=0"),
        ("s0555-", "s5505-"),
        ("s0055-", "s5005-"),
        ("s0005", "s5000"),
        ("s0000", "s0000"),
        ("m1-23", "m1-23"),
        ("m12-3", "m12-3"),
        ("m123-", "m123-"),
        ("m231-", "m1-23"),
        ("m312-", "m12-3"),
        ("m3-12", "m123-"),
        ("m460-", "m40-6"),
        ("m403-", "m3-40"),
        ("m304-", "m34-0"),
        ("p050+", "p500+"),
    ],
)
def test_meld_normalisation(given: str, canonical: str) -> None:
    assert normalize_meld(given) == canonical
    assert normalize_meld(canonical) == canonical  # idempotent


@pytest.mark.parametrize(
    "text", ["m1234-", "m135-", "m1234", "m123", "m111", "z111=0", "z000+", "z888+", "z1-23", "s1+23", "z11-", "s13-5",
             "m1p2s3-", "", "m", "x111+"]
)
def test_invalid_melds_are_named(text: str) -> None:
    assert not is_meld(text)
    with pytest.raises(ValueError, match="is not a meld"):
        normalize_meld(text)


@pytest.mark.parametrize(
    "meld, kind, called",
    [
        ("m1-23", "chi", "m1-"),
        ("m40-6", "chi", "m0-"),
        ("p505=", "pon", "p5="),
        ("s5505-", "open_kan", "s5-"),
        ("m111+1", "added_kan", "m1+"),
        ("z2222", "closed_kan", None),
    ],
)
def test_meld_type_and_called_tile(meld: str, kind: str, called: str | None) -> None:
    assert meld_type(meld) == kind
    assert called_tile(meld) == called


@pytest.mark.parametrize(
    "indicator, dora",
    [("m1", "m2"), ("m9", "m1"), ("p0", "p6"), ("s5", "s6"), ("z1", "z2"), ("z4", "z1"), ("z5", "z6"), ("z7", "z5")],
)
def test_dora_from_indicator(indicator: str, dora: str) -> None:
    assert dora_from_indicator(indicator) == dora


def test_directions_round_trip() -> None:
    for owner in range(4):
        for giver in range(4):
            marker = direction_from(owner, giver)
            assert seat_from_direction(owner, marker) == giver
    assert direction_from(1, 0) == "-"  # the previous player
    assert tile_kind("m0_*=") == "m5"


def test_the_tile_texts_looked_up_first_are_exactly_what_the_pattern_accepts():
    """is_tile() looks a text up among the tile texts before trying the pattern; the set holds every
    text the pattern accepts (up to four characters: all of them tried; five: a tile with all three
    suffixes) and nothing it refuses."""
    import itertools

    from gamelab.riichi.tiles import _TILE_RE, _TILE_TEXTS

    alphabet = "mpsz0123456789_*+=-"
    for n in range(1, 5):
        for letters in itertools.product(alphabet, repeat=n):
            text = "".join(letters)
            assert (text in _TILE_TEXTS) == (_TILE_RE.match(text) is not None), text
    assert all(_TILE_RE.match(text) for text in _TILE_TEXTS)
    assert len(_TILE_TEXTS) == 37 * 2 * 2 * 4
