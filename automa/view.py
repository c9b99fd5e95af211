"""What the Automa's rules look at while a step is worked out (``View``): the game, the seat, its company
and the current criteria card. ``context.Context`` is one; the tests pass a plain namespace."""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from barrage_tui.rules import CompanyState, Game

    from .cards import Criteria


class View(Protocol):
    @property
    def game(self) -> Game: ...

    @property
    def seat(self) -> int: ...

    @property
    def company(self) -> CompanyState: ...

    @property
    def criteria(self) -> Criteria: ...
