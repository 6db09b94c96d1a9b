"""Benchmark rows for ``python -m gamelab.bench riichi-speed [--quick] [--json]``: the core's speed
beside the libraries it is measured against, without playing any game (a few seconds, not minutes).

* the speed rows of the ``riichi-peer`` bench (``bench_peer.py``): majiang-core's ``new Shoupai``,
  ``Shoupai.fromString``, ``Util.xiangting`` and ``Util.hule`` timed in node on the conformance data
  beside gamelab's counterparts, same data, same conventions (ratio = gamelab's rate / majiang-core's);
* shanten from hand strings against the ``mahjong`` package reading its own notation (``bench_shanten.py``).

Without node or npm the majiang-core rows are left out and a message says why; without the
conformance data (``$GAMELAB_CONFORMANCE_DATA``) there are no rows.
"""

from __future__ import annotations

import sys

from ..measure import Row
from .bench_peer import speed_rows
from .bench_shanten import data_dir, sample_hands, strings_row
from .table.peer import PeerUnavailable, node_peer

__all__ = ["run"]


def run(quick: bool = False) -> list[Row]:
    """Measure and return the rows."""
    data = data_dir()
    if data is None:
        print("riichi-speed: no rows: no conformance data ($GAMELAB_CONFORMANCE_DATA)", file=sys.stderr)
        return []
    rows: list[Row] = []
    try:
        peer = node_peer()
    except PeerUnavailable as missing:
        print(f"riichi-speed: no majiang-core rows: {missing}", file=sys.stderr)
    else:
        with peer:
            versions = peer.request({"cmd": "hello"})["versions"]
            rows += speed_rows(peer, data, quick, versions, bench="riichi-speed")
    tiles, label = sample_hands(data, 4000 if quick else 40000)
    strings = strings_row(tiles, label, 3 if quick else 5, bench="riichi-speed")
    if strings is not None:
        rows.append(strings)
    return rows
