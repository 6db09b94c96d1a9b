"""The record viewer: a view per event, points conserved with sticks, the widget steps through."""

from __future__ import annotations

from gamelab.riichi.table import Bot, Table
from gamelab.riichi.table.picture import record_views
from gamelab.riichi.table.widget import RecordViewer


def test_views_of_every_scripted_game_keep_points_with_sticks(script_records):
    for record in script_records:
        views = record_views(record)
        assert len(views) == sum(len(hand) for hand in record["log"])
        for view in views:
            assert sum(view.points) + 1000 * view.sticks == 100000, view.caption
        ends = [v for v in views if v.result is not None]
        assert len(ends) == sum(1 for h in record["log"] for e in h if "hule" in e or "pingju" in e)


def test_viewer_widget_steps_and_jumps():
    paipu = Table(players=[Bot(seed=i) for i in range(4)], seed=4, qijia=0, rules={"場数": 1}).run().paipu
    viewer = RecordViewer(paipu)
    assert viewer.position == 0 and "deal" in viewer.caption.value
    viewer.step(3)
    assert viewer.position == 3
    viewer.step(-10)
    assert viewer.position == 0
    viewer.next_hand()
    if len(paipu["log"]) > 1:
        assert viewer.position == len(paipu["log"][0]) and "deal" in viewer.caption.value
    viewer.step(10**6)
    assert viewer.position == len(viewer.views) - 1
