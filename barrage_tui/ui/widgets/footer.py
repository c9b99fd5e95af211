"""The footer of the game screen: redrawn only when the keys it shows change.

Textual's footer composes its keys anew whenever the screen's bindings are published again: twice when a
screen on top (the round's summary) is closed, each a layout and a repaint of its row, though no key changed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from textual.widgets import Footer

if TYPE_CHECKING:
    from textual.screen import Screen


class KeysFooter(Footer):
    def __init__(self, *, compact: bool = False) -> None:
        super().__init__(compact=compact)
        self._shown: tuple[object, ...] | None = None  # the keys drawn, as compared

    def _keys(self, screen: Screen[object]) -> tuple[object, ...]:
        """What the footer would show of the screen's bindings."""
        return tuple((b.key, self.app.get_key_display(b), b.description, b.action, b.group, enabled, tooltip)
                     for _, b, enabled, tooltip in screen.active_bindings.values() if b.show)

    def bindings_changed(self, screen: Screen[object]) -> None:
        keys = self._keys(screen)
        if keys == self._shown:
            return
        super().bindings_changed(screen)
        if screen.app.app_focus and self.is_attached and screen is self.screen:  # (a new compose is on its way)
            self._shown = keys
