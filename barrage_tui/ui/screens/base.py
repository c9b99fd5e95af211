"""The screens' base classes: a screen's ``self.app`` is the Barrage app, for the type checker.

At run time ``self.app`` is Textual's own (the running app); these only tell mypy which app that is
(``textual.getters.app``), so that a screen may call the app's own methods (``start_game``, ``store``, ...)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeVar

from textual.screen import ModalScreen, Screen

if TYPE_CHECKING:
    from textual import getters

    from ..app import BarrageApp
    from ..table_app import TableApp

ResultT = TypeVar("ResultT")


class AppScreen(Screen[ResultT]):
    """A screen of the Barrage app."""

    if TYPE_CHECKING:
        app = getters.app(BarrageApp)


class AppModal(ModalScreen[ResultT]):
    """A dialog of the Barrage app."""

    if TYPE_CHECKING:
        app = getters.app(BarrageApp)


class TableAppScreen(Screen[ResultT]):
    """A screen of the app at a host's tables (ui/table_app.py): the lobby's."""

    if TYPE_CHECKING:
        app = getters.app(TableApp)


class TableAppModal(ModalScreen[ResultT]):
    """A dialog of the app at a host's tables."""

    if TYPE_CHECKING:
        app = getters.app(TableApp)
