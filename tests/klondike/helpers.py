"""Small positions for the Klondike tests, written with only the cards that matter."""

from __future__ import annotations

from gamelab.klondike import Klondike, new_deck, parse_card


def position(text: str, draw: int = 1) -> Klondike:
    """A position from ``text`` (the ``position_text`` format), the cards it does not name put at
    the bottom of the stock, so that a test shows only the cards it is about."""
    named: set[int] = set()
    lines = []
    has_stock = False
    for line in text.strip().splitlines():
        name, _, rest = line.partition(":")
        for word in rest.split():
            if word in ("--", "-"):
                continue
            card = parse_card(word.strip("[]"))
            if name.strip() == "foundations":
                named.update(card.suit * 13 + r - 1 for r in range(1, card.rank + 1))
            else:
                named.add(card.id)
        lines.append(line)
    rest = " ".join(str(c) for c in new_deck() if c.id not in named)
    for index, line in enumerate(lines):
        if line.startswith("stock:"):
            lines[index] = f"stock: {rest} {line[len('stock:'):].strip()}"
            has_stock = True
    if not has_stock:
        lines.append(f"stock: {rest}")
    return Klondike.new(position="\n".join(lines), draw=draw)


SMALL = """
foundations: 2♠ A♥ -- --
waste: 4♦ J♣
t1: [7♣] [3♦] K♠ Q♥
t2: [8♠] 9♥
t3: K♦
t4:
t5: [10♣] [5♥] [4♣] 3♥
t6: [Q♣] [2♥] 3♠
t7: [6♠] [J♦] [4♠] 10♦
"""
