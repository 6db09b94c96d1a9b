"""The page around the field: the how-to text and its scroll, the field's size, the play-time text.

The tutorial's HTML part (HTML部分), page load (ページが読み込まれたときの処理) and update loop
(更新と描画処理) as plain functions: the play board shows the how-to text above the field and the time
below it.

>>> field_size(), time_text(83_042), scroll_how_to(-2299), scroll_how_to(-2300)
((484, 480), '1 分 23 秒 042', -2300, 500)
"""

from __future__ import annotations

import hashlib
from html import escape
from typing import Callable, Sequence

from .ranking import Entry, Ranking, RankingError, share_text
from .tutorial import COL_COUNT, MARGIN_LEFT, MARGIN_TOP, ROW_COUNT, TILE_HEIGHT, TILE_WIDTH

__all__ = ["RankingPanel", "HOW_TO_PLAY", "HOW_TO_START", "HOW_TO_END", "field_size", "time_text", "scroll_how_to",
           "marquee_frames", "marquee_html", "how_to_html", "ranking_html", "share_html"]

#: The how-to text (``#how-to-play``), the tutorial's own words with an English line after them.
HOW_TO_PLAY = ("同じ牌を選択して消してください。ただし選択できるのは各段の端にあるものだけです。"
               "[取り消し / もとに戻す] ボタンでひとつ前の状態に戻すことができます。"
               "手詰まりになってもあきらめない限りゲームオーバーにはなりません。"
               "Take two tiles of the same kind that are free: nothing on top, and the left or right side open. "
               "Cancel takes back the last pair; Search shows a pair but counts as giving up.")

#: The how-to text's left margin starts at 500 px (just right of the 490 px box) and moves one pixel
#: left per frame down to -2300 px, then starts again (``howToPlayLeft``).
HOW_TO_START = 500
HOW_TO_END = -2300


def field_size() -> tuple[int, int]:
    """The field's width and height in pixels, as the page load computes them (フィールド全体の幅と高さ):
    twelve tile widths and a margin each side, eight tile heights and 1.2 top margins.

    >>> field_size()
    (484, 480)
    """
    return TILE_WIDTH * COL_COUNT + MARGIN_LEFT * 2, int(TILE_HEIGHT * ROW_COUNT + MARGIN_TOP * 1.2)


def time_text(milliseconds: int) -> str:
    """A play time as the tutorial writes it, ``"m 分 ss 秒 mmm"`` — its ``getTimeText``: minutes as they
    come, seconds with two digits, milliseconds with three.

    >>> time_text(0), time_text(61_005), time_text(754_321)
    ('0 分 00 秒 000', '1 分 01 秒 005', '12 分 34 秒 321')
    """
    ms = milliseconds % 1000
    total_seconds = milliseconds // 1000
    seconds = total_seconds % 60
    minutes = total_seconds // 60
    return f"{minutes} 分 {seconds:02d} 秒 {ms:03d}"


def scroll_how_to(left: int) -> int:
    """The how-to text's next left margin — one frame of the tutorial's ``update``: one pixel further
    left, and back to :data:`HOW_TO_START` once it has gone past :data:`HOW_TO_END`.

    >>> scroll_how_to(500), scroll_how_to(-2299), scroll_how_to(-2300)
    (499, -2300, 500)
    """
    left -= 1
    if left < HOW_TO_END:
        left = HOW_TO_START
    return left


# -- the page's parts as HTML (the play board shows them beside the field) ----------------------------------
#: frames of the tutorial's update loop per second (requestAnimationFrame), and the most simulated
FRAMES_PER_SECOND = 60
MAX_MARQUEE_FRAMES = 12_000
# the how-to text in its two languages, shown whole in a folded panel by default (a marquee cuts it mid-sentence)
HOW_TO_PLAY_JA, HOW_TO_PLAY_EN = HOW_TO_PLAY[:HOW_TO_PLAY.index("Take two")], HOW_TO_PLAY[HOW_TO_PLAY.index("Take two"):]
_HOW_TO_STYLE = ("font-size:13px;line-height:1.4;color:#103030;background:#e6f3f3;border-left:4px solid #008b8b;"
                 "padding:2px 8px")


def marquee_frames(scroll: Callable[[int], int], start: int = HOW_TO_START) -> list[int]:
    """The how-to text's left margins, one per frame, as ``scroll`` (the tutorial's ``update`` step, a
    learner's ``scroll_how_to``) moves them from ``start``: one round, until a margin comes back (at most
    :data:`MAX_MARQUEE_FRAMES`). The board's marquee plays them as a browser animation.

    >>> frames = marquee_frames(scroll_how_to); len(frames), frames[:3], frames[-2:]
    (2801, [500, 499, 498], [-2299, -2300])
    """
    frames: list[int] = []
    seen: set[int] = set()
    left = start
    while left not in seen and len(frames) < MAX_MARQUEE_FRAMES:
        seen.add(left)
        frames.append(left)
        left = int(scroll(left))
    return frames


def marquee_html(frames: Sequence[int]) -> str:
    """A one-line box with the how-to text moving through ``frames`` (left margins, 60 a second) for ever."""
    step = max(1, len(frames) // 60)  # at most about 60 keyframes; the browser moves straight between them
    keys = list(range(0, len(frames), step)) + [len(frames) - 1]
    last = max(1, len(frames) - 1)
    stops = " ".join(f"{100 * i / last:.3f}% {{margin-left:{frames[i]}px}}" for i in dict.fromkeys(keys))
    name = "gamelab-howto-" + hashlib.sha1(stops.encode()).hexdigest()[:10]
    seconds = max(len(frames), 1) / FRAMES_PER_SECOND
    return (f"<style>@keyframes {name} {{{stops}}} .{name} {{animation:{name} {seconds:.2f}s linear infinite}}</style>"
            '<div class="gamelab-marquee" style="overflow:hidden;white-space:nowrap;width:100%;max-width:490px;'
            'font-weight:bold;color:#fff;background:#008b8b;padding:2px 0">'
            f'<span class="{name}" style="display:inline-block;margin-left:{frames[0]}px">{escape(HOW_TO_PLAY)}'
            "</span></div>")


def how_to_html() -> str:
    """The how-to text whole, in English and Japanese, in a folded panel."""
    return (f'<details class="gamelab-how-to"><summary style="cursor:pointer">How to play (遊び方)</summary>'
            f'<div style="{_HOW_TO_STYLE}">{escape(HOW_TO_PLAY_EN)}<br>'
            f'<span lang="ja">{escape(HOW_TO_PLAY_JA)}</span></div></details>')


def share_html(time_ms: int | None, deal: int | None, given_up: bool) -> str:
    """The "share your time" line after a clear (empty before)."""
    if time_ms is None:
        return ""
    return f"<b>Share your time:</b> <code>{escape(share_text(time_ms, deal=deal, given_up=given_up))}</code>"


def ranking_html(entries: Sequence[Entry], deal: int | None, read_only: bool) -> str:
    """The ranking's best times for ``deal`` as a small table."""
    cell = "padding:1px 10px 1px 0"
    rows = "".join(
        f"<tr><td style='{cell}'>{e.rank}</td><td style='{cell}'>{escape(e.player)}</td>"
        f"<td style='{cell};font-family:monospace'>{escape(e.time_text)}</td>"
        f"<td style='{cell}'>{'(Search used)' if e.given_up else ''}</td></tr>" for e in entries)
    body = rows or "<tr><td colspan=4><i>no cleared games yet</i></td></tr>"
    note = "<br><i>The ranking file is read-only: new times are not kept.</i>" if read_only else ""
    return f"<b>Ranking, deal #{deal}</b><table style='border-collapse:collapse'>{body}</table>{note}"


class RankingPanel:
    """The ranking of the deal in play, as the board's panel shows it: the file is read only when what it
    shows may differ (another deal, a new entry, a note), and an unreadable file says why in the panel."""

    def __init__(self, ranking: Ranking | None) -> None:
        self.ranking = ranking
        self._shown: tuple[tuple[object, ...], str] | None = None  # (what it showed, its HTML)

    def html(self, deal: int | None, entry: object, note: str) -> str:
        if self.ranking is None:
            return ""
        shown = (deal, entry, note)
        if self._shown is None or shown != self._shown[0]:
            try:
                html = ranking_html(self.ranking.top(5, deal=deal, include_given_up=True), deal, self.ranking.read_only)
            except RankingError as exc:
                html = f"<i>{escape(str(exc))}</i>"
            self._shown = (shown, html)
        return self._shown[1]
