"""What a click or a key means, decided without any widget: the shared shape of every game's ``controls.py``.

A game's controls are plain functions from (game state, interface state, target or key) to a
:class:`Response`, the way Simon Tatham's puzzles split ``interpret_move`` from ``execute_move``:

* ``Response(action="f5")`` – play this action through the engine (which alone decides if it is legal);
* ``Response(ui=new_ui)`` – only the interface changes (a selection, a hint mark);
* ``Response(command="hint")`` – press the board's button of that name (New game, Hint, Undo…);
* ``Response(message="…")`` – say something on the status line (``error=True``: a refusal, in red with the
  refused sound; ``sound=""`` keeps it silent);
* ``Response(sound="select")`` – play a sound effect (besides an action's own and a refusal's);
* ``Response(line=("e6", "f4"))`` – play these actions one after another (a computer's reply, a
  solver's winning line), each through the engine;
* ``Response(work=Work(...))`` – long work first (a search), whose result becomes the next response
  (:class:`gamelab.work.Work`);
* ``None`` – nothing happens (a click on the frame, a key with no meaning).

Fields combine: ``Response(action="t5>t4", ui=cleared)`` clears the selection and plays the move.
Because nothing here imports Jupyter, a game's controls are unit-tested without a kernel, and a
play board only carries out what they answer.

>>> Response(action="b2")
Response(action='b2')
>>> Response.play("b2").action, Response.update({"hint": None}).ui
('b2', {'hint': None})
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, Generic, TypeVar

from .work import Work

__all__ = ["Response", "U"]

#: a game's interface state: a small dataclass the picture reads (selection, hint marks, drag)
U = TypeVar("U")


@dataclass(frozen=True, repr=False)
class Response(Generic[U]):
    """A game's answer to one input (see the module docstring)."""

    action: str | None = None
    ui: U | None = None
    command: str | None = None
    message: str | None = None
    error: bool = False
    sound: str | None = None
    line: tuple[str, ...] = ()
    work: Work[Any] | None = None

    @classmethod
    def play(cls, action: str, ui: U | None = None) -> "Response[U]":
        """Play ``action`` (after switching to ``ui``, if given)."""
        return cls(action=action, ui=ui)

    @classmethod
    def update(cls, ui: U, message: str | None = None) -> "Response[U]":
        """Change only the interface state (and say ``message``, if given)."""
        return cls(ui=ui, message=message)

    @classmethod
    def refuse(cls, message: str, ui: U | None = None) -> "Response[U]":
        """Refuse the input with a reason shown as an error."""
        return cls(message=message, error=True, ui=ui)

    def __repr__(self) -> str:
        # Only the fields that say something, so a test failure reads like the answer it got.
        parts = [f"{f.name}={getattr(self, f.name)!r}" for f in fields(self)
                 if getattr(self, f.name) not in (None, False, ())]
        return f"Response({', '.join(parts)})"
