"""Where the Automa's Engineers go (automa.md 4.3).

A management action: the first space of the section, in the scan order of cards.toml
[engineer_placement] (left column top to bottom, then the right column; with the 5-player box's extra action
board its left and right spaces where 4.3 puts them), that exists in this game and holds no Engineers. It
only blocks the space (its cost and action are ignored). When every space is taken they go beside the
section. Constructions: on its own Company board. Bank: the Bank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import space_free

from .cards import tables

if TYPE_CHECKING:
    from .view import View

BANK = "bank-b"


def section_space(view: View, section: str) -> str:
    if section == "company":
        return f"company-{view.seat}"
    if section == "bank":
        return BANK
    order: list[str] = tables()["engineer_placement"][section]  # the data file's lists (untyped TOML)
    for space in order:
        if space_free(view.game, space):
            return space
    return f"{section}-beside"
