"""Where the Automa's Engineers go (automa.md 4.3).

A management action: the first space of the section, in the scan order of cards.toml
[engineer_placement] (left column top to bottom, then the right column), that exists at this player
count and holds no Engineers. It only blocks the space (its cost and action are ignored). When every
space is taken they go beside the section. Constructions: on its own Company board. Bank: the Bank.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import facts, space_exists

from .cards import tables

if TYPE_CHECKING:
    from .view import View

BANK = "bank-b"


def section_space(view: View, section: str) -> str:
    if section == "company":
        return f"company-{view.seat}"
    if section == "bank":
        return BANK
    st = view.game.state
    spaces = facts().spaces
    order: list[str] = tables()["engineer_placement"][section]  # the data file's lists (untyped TOML)
    for space in order:
        if space_exists(view.game, spaces[space]) and space not in st.occupied:
            return space
    return f"{section}-beside"
