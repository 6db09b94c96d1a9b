"""Cards, the shuffle, and the two placement rules with their reasons."""

from __future__ import annotations

import pytest

from gamelab.klondike import (
    Card,
    can_foundation,
    can_tableau,
    card_from_id,
    is_run,
    new_deck,
    parse_card,
    shuffled_deck,
    why_not_foundation,
    why_not_run,
    why_not_tableau,
)


def test_deck_has_52_distinct_cards_face_down() -> None:
    deck = new_deck()
    assert len({card.id for card in deck}) == 52
    assert not any(card.up for card in deck)
    assert [card_from_id(card.id) for card in deck] == deck


def test_shuffle_is_reproducible_and_a_permutation() -> None:
    assert shuffled_deck(seed=5) == shuffled_deck(seed=5)
    assert shuffled_deck(seed=5) != shuffled_deck(seed=6)
    assert sorted(shuffled_deck(seed=5)) == sorted(new_deck())


def test_card_names_and_colors() -> None:
    assert str(Card(1, 10)) == "10♥" and Card(1, 10).red and Card(1, 10).color == "red"
    assert not Card(2, 1).red
    assert parse_card("Td") == Card(3, 10) and parse_card("Q♠") == Card(0, 12)
    for bad in ("", "7x", "14♠", "Z♥"):
        with pytest.raises(ValueError):
            parse_card(bad)


def test_can_tableau() -> None:
    nine_spades = [Card(0, 9, True)]
    assert can_tableau(Card(1, 8), nine_spades)  # red 8 on black 9
    assert not can_tableau(Card(2, 8), nine_spades)  # same color
    assert not can_tableau(Card(1, 7), nine_spades)  # wrong rank
    assert can_tableau(Card(3, 13), []) and not can_tableau(Card(3, 12), [])
    assert not can_tableau(Card(1, 8), [Card(0, 9, False)])  # face down


def test_reasons_speak_the_players_language() -> None:
    assert why_not_tableau(Card(1, 7), [Card(0, 9, True)]) == "7♥ cannot go on 9♠: it needs a black 8"
    assert why_not_tableau(Card(0, 13), [Card(1, 5, True)]) == "K♠ cannot go on 5♥: a King only goes on an empty column"
    assert why_not_tableau(Card(0, 4), []) == "4♠ cannot go on an empty column: only a King can"
    assert why_not_tableau(Card(1, 8), [Card(0, 9, True)]) is None
    assert why_not_foundation(Card(2, 2), []) == "2♣ cannot go on the ♣ foundation: it starts with the A♣"
    assert why_not_foundation(Card(2, 1), [Card(2, 1, True)]) == "A♣ is already on the ♣ foundation"


def test_can_foundation() -> None:
    assert can_foundation(Card(0, 1), [])
    assert not can_foundation(Card(0, 2), [])
    assert can_foundation(Card(0, 2), [Card(0, 1, True)])
    assert not can_foundation(Card(2, 2), [Card(0, 1, True)])


def test_run_check() -> None:
    assert is_run([Card(0, 9, True), Card(1, 8, True), Card(2, 7, True)])
    assert is_run([Card(0, 9, True)])
    assert not is_run([Card(0, 9, True), Card(1, 7, True)])
    assert not is_run([Card(0, 9, False), Card(1, 8, True)])
    assert why_not_run([Card(0, 9, True), Card(1, 7, True)]) == "7♥ on 9♠ is not a run: ranks must go down by one"
