"""The Geological Factor in the app (``barrage_tui.ui.module_parts``; the rules never import this): its
section of the help screen."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table

from barrage_tui.rules.game import Game
from barrage_tui.ui.module_parts import ModuleParts
from barrage_tui.ui.widgets.textutil import plain

from . import rules as geology
from .state import tokens_of


def geology_help(game: Game) -> list[tuple[str, list[RenderableType]]]:
    """Each Geological token on the map: where, its cost for which structure, its effect, and the decision
    taken where the rulebook is unclear."""
    zones = game.board.zones
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for zone, token_id in sorted(tokens_of(game.state).items(), key=lambda kv: int(kv[0])):
        token = geology.box().tokens[token_id]
        where = f"{geology.tag(token)} · valley {zone} ({zones[int(zone)].area}, on {geology.upper_dam(game.board, int(zone))})"
        table.add_row(plain(where), plain(f"{token.structure.capitalize()}: {token.effect}"))
        if token.note:  # (the data's notes say "Decision: ...")
            table.add_row("", plain(token.note, style="dim"))
    notes = [n for n in (geology.layout_note(game.board), geology.box().machinery_note) if n]
    return [("Geological tokens on the map", [table, *(plain(n, style="dim") for n in notes)])]


PARTS = ModuleParts(help=geology_help)
