"""How owners look: every company has a colour *and* a letter, so the screen reads without colour."""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import Protocol

from rich.style import Style
from rich.text import Text

NEUTRAL = -2


class _Seat(Protocol):
    @property
    def company(self) -> str: ...


class Owners(Protocol):
    """Whatever says which company each seat holds (the rules' ``TableView``: its ``companies``, by seat)."""

    @property
    def companies(self) -> Sequence[_Seat]: ...


@functools.cache
def company_look(company: str) -> tuple[str, Style]:
    """A company's letter on its colour (companies.toml ``letter``, ``screen_colour``), the letter black or
    white, whichever shows on that colour (its perceived brightness)."""
    from barrage_tui.rules import facts  # (when a game is shown: the start screen stays light)

    c = facts().companies[company]
    r, g, b = (int(c.screen_colour[i:i + 2], 16) for i in (0, 2, 4))
    text = "#000000" if 0.299 * r + 0.587 * g + 0.114 * b > 128 else "#ffffff"
    return c.letter, Style(bold=True, color=text, bgcolor=f"#{c.screen_colour}")


NEUTRAL_LOOK = ("N", Style(bold=True, color="#000000", bgcolor="#9a9a9a"))

RED = Style(color="#ff6b6b", bold=True)  # red outline (+3 credits)
DIM = Style(dim=True)
ASSUMED = "≈"  # the sign beside data no source prints (assumed, or a reconstruction): the help says which
BOLD = Style(bold=True)
TITLE = Style(bold=True, color="#8fd3ff")
GEOLOGY = Style(bold=True, color="#d7875f")  # a Geological token (the Geological Factor)
YIELD_STYLE = {"green": Style(bold=True, color="#5fd75f"), "yellow": Style(bold=True, color="#ffd75f"),
               "red": Style(bold=True, color="#ff6b6b")}  # a yield tile by its colour (China Challenge)
AREA_STYLE = {"mountain": Style(bold=True, color="#c9c9ff"), "hill": Style(bold=True, color="#9be39b"),
              "plain": Style(bold=True, color="#f0d68a")}
# A choice's board things: every candidate is underlined; the highlighted choice's ones are reversed.
CANDIDATE = Style(underline=True, bold=True, color="#ffd75f")
SELECTED = Style(reverse=True, bold=True, color="#ffd75f")
# What the others' turns in the recap touched (built, produced through, placed on): until the person acts.
RECENT = Style(bold=True, italic=True, color="#ff87ff")
KIND_STYLE = {"starting": Style(color="#bbbbbb"), "national": Style(color="#b18cff", bold=True),
              "green": Style(color="#5fd75f"), "yellow": Style(color="#ffd75f"), "red": Style(color="#ff6b6b")}


def company_letter(company: str) -> str:
    return company_look(company)[0]


def owner_look(owners: Owners, owner: int) -> tuple[str, Style]:
    if owner == NEUTRAL:
        return NEUTRAL_LOOK
    return company_look(owners.companies[owner].company)


def badge(owners: Owners, owner: int, extra: str = "") -> Text:
    """The owner's letter on its colour, e.g. ``F2`` for France with 2 of something."""
    letter, style = owner_look(owners, owner)
    return Text(f"{letter}{extra}", style=style)


def mark(ref: str, strong: frozenset[str], weak: frozenset[str] = frozenset(),
         recent: frozenset[str] = frozenset()) -> Style | None:
    """The selected choice's board things are reversed; the other candidates (on the map only, where
    the choice is a place) are underlined; what the others just did (the recap's) is bold magenta."""
    if ref in strong:
        return SELECTED
    if ref in weak:
        return CANDIDATE
    if ref in recent:
        return RECENT
    return None
