"""The ShootMe deck string and the PySol listing: read, write, refuse."""

from __future__ import annotations

import pytest

from gamelab.klondike import Klondike, format_deck, layout, parse_deck, parse_pysol

# The example deal of ShootMe/MinimalKlondike's README (a layout diagram, so a fact to check against).
README_DECK = (
    "072103023042094134111092051034044074114052123011083122012131091082124064014"
    "093033112071104132053133102084041013073063031061043081054113062024021101022032121"
)


def test_layout_matches_the_published_diagram() -> None:
    tableau, stock = layout(parse_deck(README_DECK))
    shown = [[str(c) for c in column] for column in tableau]
    # Column F: 7♦; G: 10♥ 9♦; the last card of each column face up (+ in the diagram).
    assert shown[0] == ["7♦"]
    assert shown[1] == ["10♥", "9♦"]
    assert shown[6] == ["J♣", "J♠", "Q♦", "8♦", "A♠", "3♥", "J♦"]
    assert [c.up for c in tableau[6]] == [False] * 6 + [True]
    # The stock is turned over from card 29 on: 7♣, then 10♠, K♦, …
    assert [str(c) for c in reversed(stock[-3:])] == ["7♣", "10♠", "K♦"]


def test_round_trip() -> None:
    assert format_deck(parse_deck(README_DECK)) == README_DECK
    game = Klondike.new(deck=README_DECK)
    assert game.deck == README_DECK
    assert Klondike.new(deck=Klondike.new(seed=9).deck).key() == Klondike.new(seed=9).key()


@pytest.mark.parametrize(
    ("deck", "quoted"),
    [
        (README_DECK[:-3], "this one has 153"),
        (README_DECK[:3] + "14" + README_DECK[5:], "card 2 '143' has rank 14"),
        ("0a2" + README_DECK[3:], "'0a2'"),
        ("075" + README_DECK[3:], "'075'"),
        (README_DECK[:-3] + "072", "'072'"),  # 7♦ twice
    ],
)
def test_malformed_deck_strings_are_refused_with_the_offending_part(deck: str, quoted: str) -> None:
    with pytest.raises(ValueError, match=quoted):
        parse_deck(deck)


def test_pysol_listing() -> None:
    text = """Talon: TC TS AD 4D QS 3H 3S JH TD KC 8H 8S 4S 4H KS 6D 8D 7C JD 9D 2H QD 3D AS
5C
<7H> 9H
<2D> <9S> AC
<5D> <QH> <5S> 8C
<QC> <2C> <JS> <3C> 7D
<5H> <7S> <KD> <9C> <JC> 6S
<4C> <AH> <2S> <6C> <6H> <TH> KH"""
    tableau, stock = layout(parse_pysol(text))
    assert [str(c) for c in tableau[1]] == ["7♥", "9♥"]
    assert str(stock[-1]) == "10♣" and str(stock[0]) == "A♠"
    with pytest.raises(ValueError, match="'XX'"):
        parse_pysol(text.replace("5C\n", "XX\n"))
