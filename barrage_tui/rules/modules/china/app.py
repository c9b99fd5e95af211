"""The China Challenge in the app (``barrage_tui.ui.module_parts``; the rules never import this): its section
of the help screen."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table

from barrage_tui.rules.game import Game
from barrage_tui.ui.module_parts import ModuleParts
from barrage_tui.ui.widgets.textutil import plain

from . import data, rules
from .state import china


def china_challenge_help(game: Game) -> list[tuple[str, list[RenderableType]]]:
    """Each landscape (covered or built, and by whom) with its tile, and each yield tile still by an area."""
    st = china(game.state)
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for space in sorted(st.landscapes):
        built = st.built.get(space)
        where = f"{space} " + ("covered" if built is None else f"built by {game.name(built)}")
        table.add_row(plain(where), plain(rules.landscape_text(st.landscapes[space])))
    areas = {y.id: y.area for y in game.board.yield_spaces}
    for space, tile in sorted(st.yields.items(), key=lambda kv: (areas[kv[0]], int(kv[1]))):
        table.add_row(plain(f"#{tile} ({areas[space]})"), plain(rules.yield_text(tile)))
    taken = data.box().yields
    for tile, seat in sorted(st.taken.items(), key=lambda kv: int(kv[0])):
        table.add_row(plain(f"#{tile} ({game.name(seat)})"), plain(rules.yield_text(taken[tile].id)))
    return [("The China Challenge: landscapes and yield tiles", [table])]


PARTS = ModuleParts(help=china_challenge_help)
