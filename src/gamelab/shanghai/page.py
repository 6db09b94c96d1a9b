"""The page around the field: the how-to text and its scroll, the field's size, the play-time text.

The tutorial's HTML part (HTML部分), page load (ページが読み込まれたときの処理) and update loop
(更新と描画処理) as plain functions: the play board shows the how-to text above the field and the time
below it.

>>> field_size(), time_text(83_042), scroll_how_to(-2299), scroll_how_to(-2300)
((484, 480), '1 分 23 秒 042', -2300, 500)
"""

from __future__ import annotations

from .board import COL_COUNT, MARGIN_LEFT, MARGIN_TOP, ROW_COUNT, TILE_HEIGHT, TILE_WIDTH

__all__ = ["HOW_TO_PLAY", "HOW_TO_START", "HOW_TO_END", "field_size", "time_text", "scroll_how_to"]

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
