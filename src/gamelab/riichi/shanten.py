"""Shanten (向聴 xiangting) and waits (聴牌 tingpai), as majiang-core's xiangting.js defines them.

Shanten is the number of tile exchanges a hand still needs to be ready (tenpai): 0 = ready,
-1 = complete. It is the least of three shapes:

* regular: four sets and a pair (:func:`shanten_regular`);
* seven pairs, 七対子 (:func:`shanten_seven_pairs`): seven *different* pairs, so a quad is one pair;
* thirteen orphans, 国士無双 (:func:`shanten_thirteen_orphans`).

>>> shanten("m123p456s789z1122")
0
>>> waits("m123p456s789z1122")
['z1', 'z2']

Two ways to the regular number live here. :func:`shanten_regular_by_blocks` is majiang-core's own
algorithm (``xiangting_yiban``): take out sets in every order, count partial sets and lone tiles,
and put the counts into a formula; it is the one to read. :func:`shanten_regular` gives the same
number from per-suit tables built lazily on first use: for each suit's counts it stores the best
"value" of the tiles for every number of sets (0–4) with and without the pair, so a hand is four
look-ups and three max-plus merges, themselves cached. That is what makes it fast. The values of
every numbered suit (405,350 of them, only 110 different) are also worked out ahead, by
``tools/build_suit_table.py`` from the same :func:`_suit_value`, into ``suit_values.xz`` (16 kB):
a suit never seen before is then a look-up too, not 80 µs of search.
"""

from __future__ import annotations

import lzma
from pathlib import Path
from typing import Protocol, Sequence

from .hand import Hand
from .tiles import SUITS

__all__ = [
    "shanten",
    "shanten_regular",
    "shanten_seven_pairs",
    "shanten_thirteen_orphans",
    "shanten_regular_by_blocks",
    "waits",
    "is_tenpai",
    "shanten_of_counts",
]

INFINITY = float("inf")


def _as_hand(hand: Hand | str) -> Hand:
    return Hand.from_string(hand) if isinstance(hand, str) else hand


# ---------------------------------------------------------------------------------------------
# The tutorial algorithm (majiang-core's xiangting_yiban), kept readable.


def _formula(melds: int, partials: int, singles: int, with_pair: bool) -> int:
    """Shanten from counts of sets, partial sets (搭子 dazi) and lone tiles (孤立牌 guli) (``_xiangting``).

    At most 4 blocks can be sets or partials, and with no pair yet a fifth block (a lone tile
    waiting for its twin) counts too.

    >>> _formula(4, 0, 1, False), _formula(3, 1, 0, True)
    (0, 0)
    """
    blocks = 4 if with_pair else 5
    if melds > 4:
        partials += melds - 4
        melds = 4
    if melds + partials > 4:
        singles += melds + partials - 4
        partials = 4 - melds
    if melds + partials + singles > blocks:
        singles = blocks - melds - partials
    if with_pair:
        partials += 1
    return 13 - melds * 3 - partials * 2 - singles


def _partials(counts: list[int]) -> tuple[int, int]:
    """Partial sets and lone tiles of one suit once no set is taken out (``dazi``).

    Tiles closer than a gap of two numbers form a group; each two tiles of a group are a partial set.
    """
    partials = singles = run = 0
    for n in range(1, 10):
        run += counts[n]
        if n <= 7 and counts[n + 1] == 0 and counts[n + 2] == 0:
            partials += run // 2
            singles += run % 2
            run = 0
    return partials + run // 2, singles + run % 2


def _sets(counts: list[int], n: int = 1) -> tuple[list[int], list[int]]:
    """The best two ways to split one suit into [sets, partials, lone tiles] (``mianzi``).

    ``a`` has the fewest lone tiles (ties: fewer partials), ``b`` the most sets (ties: more partials).
    """
    if n > 9:
        partials, singles = _partials(counts)
        return [0, partials, singles], [0, partials, singles]
    best_a, best_b = _sets(counts, n + 1)
    shapes = []
    if n <= 7 and counts[n] > 0 and counts[n + 1] > 0 and counts[n + 2] > 0:
        shapes.append((n, n + 1, n + 2))
    if counts[n] >= 3:
        shapes.append((n, n, n))
    for shape in shapes:
        for k in shape:
            counts[k] -= 1
        a, b = _sets(counts, n)
        for k in shape:
            counts[k] += 1
        a = [a[0] + 1, a[1], a[2]]
        b = [b[0] + 1, b[1], b[2]]
        if a[2] < best_a[2] or (a[2] == best_a[2] and a[1] < best_a[1]):
            best_a = a
        if b[0] > best_b[0] or (b[0] == best_b[0] and b[1] > best_b[1]):
            best_b = b
    return best_a, best_b


def _all_sets(tiles: dict[str, list[int]], n_melds: int, with_pair: bool) -> int:
    splits = [_sets(tiles[s]) for s in "mps"]
    honours = [0, 0, 0]
    for k in tiles["z"][1:]:
        if k >= 3:
            honours[0] += 1
        elif k == 2:
            honours[1] += 1
        elif k == 1:
            honours[2] += 1
    best = 13
    for m in splits[0]:
        for p in splits[1]:
            for s in splits[2]:
                total = [n_melds + m[0] + p[0] + s[0] + honours[0]]
                total += [m[i] + p[i] + s[i] + honours[i] for i in (1, 2)]
                best = min(best, _formula(total[0], total[1], total[2], with_pair))
    return best


def shanten_regular_by_blocks(hand: Hand | str) -> int:
    """Regular shanten by majiang-core's block counting (``xiangting_yiban``): readable, slower.

    Try every pair (or none) and every way of taking sets out of each suit, count what is left,
    keep the smallest formula value. Right after a chi or pon a complete shape counts as 0.

    >>> shanten_regular_by_blocks("m123p456s789z1122")
    0
    """
    hand = _as_hand(hand)
    tiles = {suit: hand.counts(suit) for suit in SUITS}
    n_melds = len(hand.melds)
    best = _all_sets(tiles, n_melds, False)
    for suit in SUITS:
        counts = tiles[suit]
        for n in range(1, len(counts)):
            if counts[n] >= 2:
                counts[n] -= 2
                best = min(best, _all_sets(tiles, n_melds, True))
                counts[n] += 2
    if best == -1 and hand.drawn is not None and len(hand.drawn) > 2:
        return 0
    return best


# ---------------------------------------------------------------------------------------------
# Fast tables.
#
# For the tiles of one suit, value[k][h] is the most tiles that can serve a target of k sets and h
# pairs (h = 0, 1): a set gives 3, a partial set 2, a lone tile 1 (a set to be), a pair 2, a lone
# tile 1 (a pair to be). The tiles missing from the target are 3k + 2h - value, and shanten is the
# number missing minus one. As in majiang-core's formula, a target may need a fifth copy of a tile
# (so m123p456s789z1111 is 0-shanten with no wait); honours follow its block counting exactly
# (see _HONOUR_KIND). Checked against the block-counting version on random hands in the tests.

_SLOTS = 10  # k = 0..4 sets, h = 0..1 pair: index 2k + h
_ZERO = (0,) * _SLOTS


def _shape_options(counts: tuple[int, ...]) -> list[tuple[tuple[int, ...], int, int, int]]:
    """Ways to use the first tile of a (trimmed) numbered suit: (rest, sets used, pairs used, value)."""
    out = []

    def take(*offsets: int) -> tuple[int, ...] | None:
        c = list(counts)
        for j in offsets:
            if j >= len(c) or c[j] == 0:
                return None
            c[j] -= 1
        return tuple(c)

    one = take(0)
    assert one is not None
    out.append((one, 0, 0, 0))  # left unused
    out.append((one, 1, 0, 1))  # a lone tile growing into a set
    out.append((one, 0, 1, 1))  # a lone tile growing into the pair
    two = take(0, 0)
    if two is not None:
        out.append((two, 1, 0, 2))  # a pair growing into a triplet
        out.append((two, 0, 1, 2))  # the pair
    three = take(0, 0, 0)
    if three is not None:
        out.append((three, 1, 0, 3))
    for offsets, value in (((0, 1), 2), ((0, 2), 2), ((0, 1, 2), 3)):
        rest = take(*offsets)
        if rest is not None:
            out.append((rest, 1, 0, value))  # a partial run, or a run
    return out


_VALUE_MEMO: dict[tuple[int, ...], tuple[int, ...]] = {}


def _suit_value(counts: tuple[int, ...]) -> tuple[int, ...]:
    """value[2k+h] for one numbered suit's counts (memoised on the counts).

    Only the shape matters, not where it sits, and two empty numbers in a row cut the suit into
    groups no block can span: so trim, cut, and merge the groups' values. Within a group the
    first tile is either left out or starts one block; try each and keep the best per (k, h).
    """
    found = _VALUE_MEMO.get(counts)
    if found is not None:
        return found
    first, last = 0, len(counts)
    while first < last and counts[first] == 0:
        first += 1
    while last > first and counts[last - 1] == 0:
        last -= 1
    if first == last:
        return _ZERO
    if first or last != len(counts):
        result = _suit_value(counts[first:last])
    else:
        cut = next((j for j in range(1, len(counts) - 2) if counts[j] == 0 and counts[j + 1] == 0), None)
        if cut is not None:
            result = _merge_vectors(_suit_value(counts[:cut]), _suit_value(counts[cut + 2:]))
        else:
            best = [0] * _SLOTS
            for rest, dk, dh, value in _shape_options(counts):
                sub = _suit_value(rest)
                for k in range(dk, 5):
                    for h in range(dh, 2):
                        v = sub[2 * (k - dk) + (h - dh)] + value
                        if v > best[2 * k + h]:
                            best[2 * k + h] = v
            result = tuple(best)
    _VALUE_MEMO[counts] = result
    return result


# One honour kind by its count, as majiang-core's block counting sees it: 1 or 2 tiles serve a set
# or the pair, 3 make a set (or pair and lone tile), and a fourth copy counts only beside the pair
# (pair and partial set), never as a lone tile beside a set.
_HONOUR_KIND: dict[int, tuple[int, ...]] = {
    0: _ZERO,
    1: (0, 1, 1, 1, 1, 1, 1, 1, 1, 1),
    2: (0, 2, 2, 2, 2, 2, 2, 2, 2, 2),
    3: (0, 2, 3, 3, 3, 3, 3, 3, 3, 3),
    4: (0, 2, 3, 4, 3, 4, 3, 4, 3, 4),
}


# for each slot 2k + h, the slot pairs (2k1 + h1, 2(k - k1) + (h - h1)) that share k sets and h pairs
_SPLITS = tuple(tuple((2 * k1 + h1, 2 * (k - k1) + (h - h1)) for k1 in range(k + 1) for h1 in range(h + 1))
                for k in range(5) for h in range(2))


def _merge_vectors(va: tuple[int, ...], vb: tuple[int, ...]) -> tuple[int, ...]:
    """Max-plus merge: the best split of k sets and h pairs between two groups of tiles."""
    out = []
    for splits in _SPLITS:
        best = 0  # every value is at least 0
        for a, b in splits:
            v = va[a] + vb[b]
            if v > best:
                best = v
        out.append(best)
    return tuple(out)


def _honour_value(key: tuple[int, ...]) -> tuple[int, ...]:
    """value[2k+h] for the honour counts: kinds never combine, so merge one kind at a time."""
    vector = _ZERO
    for count in sorted(key):
        if count:
            vector = _merge_vectors(vector, _HONOUR_KIND[count])
    return vector


VECTORS: list[tuple[int, ...]] = []
_VECTOR_ID: dict[tuple[int, ...], int] = {}


def _vector_id(vector: tuple[int, ...]) -> int:
    found = _VECTOR_ID.get(vector)
    if found is None:
        found = _VECTOR_ID[vector] = len(VECTORS)
        VECTORS.append(vector)
    return found


MERGED: dict[int, int] = {}


def merge(a: int, b: int) -> int:
    """Id of the max-plus merge of two suit vectors (two suits seen as one)."""
    key = a << 20 | b
    found = MERGED.get(key)
    if found is not None:
        return found
    found = MERGED[key] = _vector_id(_merge_vectors(VECTORS[a], VECTORS[b]))
    return found


_TERMINALS = (0, 8)  # positions of 1 and 9 in a numbered suit's key

# key (counts of n = 1..9, or 1..7 for honours) -> (vector id, kinds, pairs, orphan kinds, orphan pairs)
_ENTRIES: dict[tuple[int, ...], tuple[int, int, int, int, int]] = {}


def _entry(key: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    found = _ENTRIES.get(key)
    if found is not None:
        return found
    kinds = pairs = 0
    for k in key:  # checked once per new key
        if not isinstance(k, int) or not 0 <= k <= 4:
            raise ValueError(f"tile counts must be 0..4, not {list(key)!r}")
        if k:
            kinds += 1
            if k >= 2:
                pairs += 1
    if len(key) == 7:  # the honours: every kind is an orphan
        found = _ENTRIES[key] = (_vector_id(_honour_value(key)), kinds, pairs, kinds, pairs)
    else:
        one, nine = key[0], key[8]
        found = _ENTRIES[key] = (_numbered_vector_id(key), kinds, pairs, (one > 0) + (nine > 0), (one >= 2) + (nine >= 2))
    return found


#: every numbered suit's value vector, worked out ahead by tools/build_suit_table.py (layout there)
SUIT_TABLE_PATH = Path(__file__).with_name("suit_values.xz")
SUIT_TABLE_MAGIC = b"gamelab suit values 1\n"
_SUIT_TABLE: dict[str, tuple[bytes, list[int]] | None] = {}  # "table": (index bytes, ids of its vectors)


def _numbered_vector_id(key: tuple[int, ...]) -> int:
    """The vector id of a numbered suit's counts: from the table worked out ahead, or by
    :func:`_suit_value` where there is none (a suit of more than 14 tiles, or no table file)."""
    table = _SUIT_TABLE["table"] if "table" in _SUIT_TABLE else _read_suit_table()
    if table is not None:
        position = 0
        for count in reversed(key):
            position = position * 5 + count
        local = table[0][position]
        if local != 255:
            return table[1][local]
    return _vector_id(_suit_value(key))


def _read_suit_table() -> tuple[bytes, list[int]] | None:
    """Read suit_values.xz once (again after :func:`clear_tables`, which forgets the vector ids);
    None if the file is missing or not what tools/build_suit_table.py writes (the search then
    works each suit out as it comes, as before the table existed)."""
    table = None
    try:
        data = lzma.decompress(SUIT_TABLE_PATH.read_bytes())
    except (OSError, lzma.LZMAError):
        data = b""
    start = len(SUIT_TABLE_MAGIC) + 1
    if data.startswith(SUIT_TABLE_MAGIC) and len(data) == start + 10 * data[start - 1] + 5 ** 9:
        n = data[start - 1]
        vectors = [tuple(data[start + 10 * i:start + 10 * i + 10]) for i in range(n)]
        table = data[start + 10 * n:], [_vector_id(v) for v in vectors]
    _SUIT_TABLE["table"] = table
    return table


class _Forgettable(Protocol):
    """A table that can be emptied (a dict)."""

    def clear(self) -> None: ...


#: tables built elsewhere from these vector ids (the bots' per-suit tables in ``table/tactics.py``):
#: they are forgotten with the ids
ID_TABLES: list[_Forgettable] = []


def clear_tables() -> None:
    """Forget every lazily built table (for measuring the cold start)."""
    for table in ID_TABLES:
        table.clear()
    _VALUE_MEMO.clear()
    _SUIT_TABLE.clear()
    VECTORS.clear()
    _VECTOR_ID.clear()
    MERGED.clear()
    _ENTRIES.clear()
    SUIT_ENTRIES.clear()
    HONOUR_ENTRIES.clear()


_M36 = (1 << 36) - 1
# the same entries, looked up by a suit's packed counts (4 bits per number, see hand.py)
SUIT_ENTRIES: dict[int, tuple[int, int, int, int, int]] = {}
HONOUR_ENTRIES: dict[int, tuple[int, int, int, int, int]] = {}


def _unpacked(key: int, length: int) -> tuple[int, ...]:
    return tuple((key >> 4 * n) & 15 for n in range(length))


def suit_entry(key: int) -> tuple[int, int, int, int, int]:
    """The table entry of a numbered suit from its packed counts of 1..9 (bits 4n..4n+3 = count of n+1)."""
    found = SUIT_ENTRIES.get(key)
    if found is None:
        found = SUIT_ENTRIES[key] = _packed_suit_entry(key)
    return found


# one byte of packed counts (two numbers, the first in the low bits) -> (its share of the position in
# the table worked out ahead, kinds held, kinds held twice or more); None where a count is over 4
_BYTE_FACTS = [((b & 15) + 5 * (b >> 4), (b & 15 > 0) + (b >> 4 > 0), (b & 15 >= 2) + (b >> 4 >= 2))
               if b & 15 <= 4 and b >> 4 <= 4 else None for b in range(256)]


def _packed_suit_entry(key: int) -> tuple[int, int, int, int, int]:
    """:func:`_entry` of a numbered suit read straight from its packed counts, two numbers at a time,
    when the table worked out ahead has it (else by :func:`_entry`, which also checks the counts)."""
    table = _SUIT_TABLE["table"] if "table" in _SUIT_TABLE else _read_suit_table()
    if table is not None and 0 <= key < 1 << 36:
        position = kinds = pairs = 0
        scale = 1
        rest = key
        for _ in range(5):  # four bytes, then the count of 9 alone
            facts = _BYTE_FACTS[rest & 255]
            if facts is None:
                break
            position += facts[0] * scale
            kinds += facts[1]
            pairs += facts[2]
            scale *= 25
            rest >>= 8
        else:
            local = table[0][position]
            if local != 255:
                one, nine = key & 15, key >> 32
                return table[1][local], kinds, pairs, (one > 0) + (nine > 0), (one >= 2) + (nine >= 2)
    return _entry(_unpacked(key, 9))


def honour_entry(key: int) -> tuple[int, int, int, int, int]:
    """The table entry of the honours from their packed counts of z1..z7."""
    found = HONOUR_ENTRIES.get(key)
    if found is None:
        found = HONOUR_ENTRIES[key] = _entry(_unpacked(key, 7))
    return found


def _entries(hand: Hand) -> list[tuple[int, int, int, int, int]]:
    return _packed_entries(hand.packed)


def _packed_entries(packed: int) -> list[tuple[int, int, int, int, int]]:
    """The four suit entries of a hand's packed counts (hand.py; no face-down tiles)."""
    get = SUIT_ENTRIES.get
    key = (packed >> 4) & _M36
    em = get(key) or suit_entry(key)
    key = (packed >> 44) & _M36
    ep = get(key) or suit_entry(key)
    key = (packed >> 84) & _M36
    es = get(key) or suit_entry(key)
    key = packed >> 124
    ez = HONOUR_ENTRIES.get(key) or honour_entry(key)
    return [em, ep, es, ez]


def _regular_from(ids: Sequence[int], n_melds: int) -> int:
    sets = 4 - n_melds
    merged = merge(merge(merge(ids[0], ids[1]), ids[2]), ids[3])
    return 3 * sets + 1 - VECTORS[merged][2 * sets + 1]


def total_from(entries: Sequence[tuple[int, int, int, int, int]], n_melds: int) -> int:
    """min(regular, seven pairs, thirteen orphans) from the four suit entries."""
    em, ep, es, ez = entries
    sets = 4 - n_melds
    m = MERGED.get(em[0] << 20 | ep[0])
    if m is None:
        m = merge(em[0], ep[0])
    ms = MERGED.get(m << 20 | es[0])
    if ms is None:
        ms = merge(m, es[0])
    msz = MERGED.get(ms << 20 | ez[0])
    if msz is None:
        msz = merge(ms, ez[0])
    best = 3 * sets + 1 - VECTORS[msz][2 * sets + 1]
    if n_melds == 0:
        pairs = em[2] + ep[2] + es[2] + ez[2]
        singles = em[1] + ep[1] + es[1] + ez[1] - pairs
        if pairs > 7:
            pairs = 7
        if pairs + singles > 7:
            singles = 7 - pairs
        seven = 13 - 2 * pairs - singles
        orphans = em[3] + ep[3] + es[3] + ez[3]
        thirteen = (12 if em[4] + ep[4] + es[4] + ez[4] else 13) - orphans
        if seven < best:
            best = seven
        if thirteen < best:
            best = thirteen
    return best


def _just_called(hand: Hand) -> bool:
    return hand.drawn is not None and len(hand.drawn) > 2


def shanten_regular(hand: Hand | str) -> int:
    """Regular (four sets and a pair) shanten, from the lazily built per-suit tables.

    Right after a chi or pon a complete shape counts as 0, as in majiang-core (that hand has not won).

    >>> shanten_regular("m123p456s789z1122"), shanten_regular("m123p456s789z1122z1")
    (0, -1)
    """
    hand = _as_hand(hand)
    result = _regular_from([e[0] for e in _entries(hand)], len(hand.melds))
    return 0 if result == -1 and _just_called(hand) else result


def shanten_seven_pairs(hand: Hand | str) -> float:
    """Seven-pairs shanten (``xiangting_qidui``): infinity once a meld is made; a quad is one pair.

    >>> shanten_seven_pairs("m1122p3344s5566z1"), shanten_seven_pairs("m1111p3344s5566z1")
    (0, 2)
    """
    hand = _as_hand(hand)
    if hand.melds:
        return INFINITY
    entries = _entries(hand)
    pairs = sum(e[2] for e in entries)
    singles = sum(e[1] for e in entries) - pairs
    pairs = min(pairs, 7)
    if pairs + singles > 7:
        singles = 7 - pairs
    return 13 - 2 * pairs - singles


def shanten_thirteen_orphans(hand: Hand | str) -> float:
    """Thirteen-orphans shanten (``xiangting_guoshi``): infinity once a meld is made.

    >>> shanten_thirteen_orphans("m19p19s19z1234567")
    0
    """
    hand = _as_hand(hand)
    if hand.melds:
        return INFINITY
    entries = _entries(hand)
    kinds = sum(e[3] for e in entries)
    return (12 if any(e[4] for e in entries) else 13) - kinds


def shanten(hand: Hand | str) -> int:
    """Shanten of a hand: the least of regular, seven pairs and thirteen orphans (``xiangting``).

    >>> shanten("m19p19s19z1234567"), shanten("m1122p3344s5566z77")
    (0, -1)
    """
    hand = _as_hand(hand)
    result = total_from(_entries(hand), len(hand.melds))
    return 0 if result == -1 and _just_called(hand) else result


def shanten_of_counts(counts34: Sequence[int], n_melds: int = 0) -> int:
    """Shanten from 34 counts (m1..m9, p1..p9, s1..s9, z1..z7), for callers without a :class:`Hand`.

    >>> shanten_of_counts([1, 1, 1] + [0] * 6 + [0, 0, 0, 1, 1, 1] + [0] * 3 + [0] * 6 + [1, 1, 1] + [2, 2, 0, 0, 0, 0, 0])
    0
    """
    if len(counts34) != 34:
        raise ValueError(f"34 counts are needed (m1..m9, p1..p9, s1..s9, z1..z7), not {len(counts34)}")
    keys = (tuple(counts34[0:9]), tuple(counts34[9:18]), tuple(counts34[18:27]), tuple(counts34[27:34]))
    get = _ENTRIES.get
    entries = [get(k) or _entry(k) for k in keys]
    return total_from(entries, n_melds)


def shanten_of_packed(packed: int, n_melds: int) -> int:
    """Shanten from a hand's packed counts (see hand.py; no face-down tiles)."""
    return total_from(_packed_entries(packed), n_melds)


def waits(hand: Hand | str) -> list[str] | None:
    """Tiles that lower the shanten (``tingpai``); with shanten 0 they are the waits.

    None while the hand holds a drawn tile. A kind whose four copies are all in the concealed
    tiles is never listed, so ``m123p456s789z1111`` has shanten 0 and no wait.

    >>> waits("m123p456s789z1111")
    []
    >>> waits("m1112345678999")
    ['m1', 'm2', 'm3', 'm4', 'm5', 'm6', 'm7', 'm8', 'm9']
    """
    hand = _as_hand(hand)
    if hand.drawn is not None:
        return None
    entries = _entries(hand)
    n_melds = len(hand.melds)
    current = total_from(entries, n_melds)
    packed = hand.packed
    out = []
    for index, suit in enumerate(SUITS):
        if index < 3:
            key = (packed >> 40 * index + 4) & _M36
            lookup = suit_entry
            size = 9
        else:
            key = packed >> 124
            lookup = honour_entry
            size = 7
        for n in range(size):
            if (key >> 4 * n) & 15 >= 4:
                continue
            trial = entries[:]
            trial[index] = lookup(key + (1 << 4 * n))  # only this suit's look-up changes
            if total_from(trial, n_melds) < current:
                out.append(f"{suit}{n + 1}")
    return out


def is_tenpai(hand: Hand | str) -> bool:
    """Ready (聴牌) in majiang-core's sense: shanten 0 and at least one wait.

    >>> is_tenpai("m123p456s789z1122"), is_tenpai("m123p456s789z1111")
    (True, False)
    """
    hand = _as_hand(hand)
    found = waits(hand)
    return shanten(hand) == 0 and bool(found)
