"""The extra action board in the app (``barrage_tui.ui.module_parts``; the rules never import this): its panel
(each space, what it costs and gives, who stands on it this round) and its section of the help screen, both
saying that its effects are assumed."""

from __future__ import annotations

from rich.console import RenderableType
from rich.table import Table
from rich.text import Text

from barrage_tui.rules.game import Game
from barrage_tui.ui.module_parts import ModuleParts
from barrage_tui.ui.palette import DIM, TITLE, badge
from barrage_tui.ui.view import Panel, View
from barrage_tui.ui.widgets.textutil import plain, wrap

from . import board
from .state import extra_board


def _gives(space: board.Space) -> str:
    if space.small:
        return "one small action"
    return "a production" + (f" {space.production_bonus:+d}" if space.production_bonus else "")


def _cost(space: board.Space) -> str:
    return f"{space.engineers}E" + (f"+{space.credits}cr" if space.credits else "")


class ExtraBoardPanel(Panel):
    TITLE = "Extra board ≈"
    TAB = "Extra"

    def fingerprint(self, view: View) -> object:
        return tuple(sorted(extra_board(view.game.state).occupied.items()))

    def lines(self, view: View, width: int) -> list[Text]:
        st = view.game.state
        taken = extra_board(st).occupied
        out: list[Text] = []
        for space in board.box().spaces:
            t = Text(f"{_cost(space):<7} {_gives(space)} ")
            t.append_text(badge(st, taken[space.id], str(space.engineers)) if space.id in taken else Text("·", style=DIM))
            out.append(t)
        out.append(Text("Small actions", style=TITLE))
        for action in board.box().small:
            out += wrap(Text(f"· {action.text}"), width, indent=2)
        out += wrap(Text(board.box().assumed, style=DIM), width, indent=0)
        return out


def extra_board_help(game: Game) -> list[tuple[str, list[RenderableType]]]:
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for space in board.box().spaces:
        table.add_row(plain(_cost(space)), plain(f"{space.name}: {_gives(space)}; once a round."))
    table.add_row("Small", plain("One of: " + "; ".join(a.text for a in board.box().small) + "."))
    table.add_row("", plain(board.box().assumed, style="yellow"))
    return [("The extra action board (assumed)", [table])]


PARTS = ModuleParts(panels=(lambda: ExtraBoardPanel(id="extra_board", classes="module-panel"),), help=extra_board_help)
