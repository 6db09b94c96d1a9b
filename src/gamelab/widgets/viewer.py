"""Looking through a finished game: a picture per moment, a slider and ◀ ▶ buttons.

The play board's record panel looks back through the game being played; :class:`RecordViewer` shows
any list of moments (a riichi paipu, a solver's line), drawn through the same
:class:`~gamelab.widgets.canvas.BoardCanvas` as every board, so it survives a page reload alike.
"""

from __future__ import annotations

from html import escape
from typing import Any, Callable, Generic, Sequence, TypeVar

import ipywidgets as widgets

from ..pictures import Picture
from .canvas import BoardCanvas, with_still_picture

__all__ = ["RecordViewer"]

S = TypeVar("S")


class RecordViewer(widgets.VBox, Generic[S]):  # type: ignore[misc]  # ipywidgets has no type information (Any)
    """Step through ``states`` drawn by ``picture``; ``caption(state)`` is the text under the picture.

    Subclasses may add buttons with :meth:`add_button` (a riichi viewer jumps to the next hand).
    """

    def __init__(self, picture: Picture[S], states: Sequence[S], caption: Callable[[S], str] = str) -> None:
        if not states:
            raise ValueError("a record viewer needs at least one position to show")
        self.picture = picture
        self.states = list(states)
        self.caption_of = caption
        width, height = picture.size(self.states[0])
        self.view = BoardCanvas(width, height)
        self.canvas = self.view.canvas
        self.view.when_ready(self.redraw)
        self.slider = widgets.IntSlider(value=0, min=0, max=len(self.states) - 1, description="Event",
                                        continuous_update=True, layout=widgets.Layout(width="520px"))
        self.caption = widgets.HTML()
        self.controls = widgets.HBox([])
        self.add_button("◀", lambda: self.step(-1), "Previous event", width="48px")
        self.controls.children = (*self.controls.children, self.slider)
        self.add_button("▶", lambda: self.step(1), "Next event", width="48px")
        self.slider.observe(lambda _: self.redraw(), names="value")
        super().__init__([self.view.box, self.caption, self.controls])
        self.redraw()

    def add_button(self, label: str, callback: Callable[[], Any], tooltip: str = "",
                   width: str = "auto") -> widgets.Button:
        button = widgets.Button(description=label, tooltip=tooltip or label, layout=widgets.Layout(width=width))
        button.on_click(lambda _: callback())
        self.controls.children = (*self.controls.children, button)
        return button

    @property
    def position(self) -> int:
        return int(self.slider.value)

    def step(self, delta: int) -> None:
        """Move ``delta`` events (negative: back)."""
        self.slider.value = max(0, min(self.slider.max, self.slider.value + delta))

    def redraw(self) -> None:
        state = self.states[self.slider.value]
        self.view.draw(self.picture, state)
        self.caption.value = escape(self.caption_of(state))

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        # the moment on screen as a still picture beside the widget (see with_still_picture)
        return with_still_picture(super()._repr_mimebundle_(**kwargs), self.picture, self.states[self.slider.value])

    def __repr__(self) -> str:
        return f"<{type(self).__name__}: {len(self.states)} events>"
