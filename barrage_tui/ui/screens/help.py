"""The help screen: the current decision explained (the rule, each choice), the keys, the legend."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Static

from barrage_tui.rules import Key, contract_of, facts, private_space, river, table_view

from .. import keys as keyreg
from ..module_parts import help_sections
from ..texts import ACTION_HELP, KIND_HELP
from ..widgets.textutil import plain
from .base import AppModal

if TYPE_CHECKING:
    from barrage_tui.rules import Choice, Company, Game, Toml


def choice_detail(game: Game, choice: Choice) -> str:
    """What a choice does, from the components its refs point at."""

    comps = facts()
    m = game.board
    out = []
    for ref in choice.refs:
        if ref in comps.spaces:
            s = comps.spaces[ref]
            out.append(ACTION_HELP.get(s.action, ""))
        elif ref == "construct":
            out.append(ACTION_HELP["construct"])
        elif (own := private_space(ref)) is not None:  # a chief engineer's own space: his ability
            officer = comps.officers[own[0].id]
            out.append(f"{officer.name}'s private space: {officer.ability}")
        elif (k := Key.parse(ref)).verb == "company":
            company = comps.companies[k.arg(0)]
            out.append(f"{company.name}: {company.ability_text}")
        elif k.verb == "officer":
            officer = comps.officers[k.arg(0)]
            out.append(f"{officer.name}: {officer.ability}")
        elif ref == "bank-b":
            out.append(ACTION_HELP["bank"])
        elif (cid := contract_of(ref)) is not None:
            c = comps.contracts[cid]
            kind = "national contract (only by a production)" if c.kind == "national" else f"{c.kind} contract"
            out.append(f"A {kind}: fulfilled by one action producing at least {c.energy} energy.")
        elif ref in m.dams:
            d = m.dams[ref]
            out.append(f"Dam space {ref}: zone {d.zone}, {d.area}" + (", red outline (+3 credits)" if d.extra_credits else ""))
        elif ref in m.conduits:
            conduit = m.conduits[ref]
            to = " or ".join(str(t) for t in conduit.targets)  # a branching conduit: either zone's
            out.append(f"Conduit {ref}: value {conduit.production}, from zone {conduit.zone} to the powerhouses of "
                       f"zone {to}")
        elif ref in m.powerhouses:
            p = m.powerhouses[ref]
            out.append(f"Powerhouse space {ref}: zone {p.zone}, {p.area}" + (", red outline (+3 credits)" if p.extra_credits else "")
                       + (", a neutral powerhouse: anyone may produce with it, nobody is paid for it" if p.neutral else ""))
        elif ref in m.headstreams:
            first = river(game)[ref]  # a valley's passage or dam, a lake or an exit (as diverted now)
            zone = next((z for z in m.zones if m.passage(z) == first), None) if first not in m.dams else m.zone_of(first)
            into = first if zone is None else f"zone {zone}"
            out.append(f"Headstream {ref}: its water flows into {into}")
        else:
            try:
                tile = comps.tile(ref)
            except KeyError:
                continue
            out.append(tile.text or f"Basic tile: builds a {tile.builds}.")
    if (picked := Key.parse(choice.key)).verb == "copy":  # Mahiri copying a chief engineer: the "Copying:" line
        copied = comps.officers.get(picked.arg(0))
        if copied is not None and copied.copying:
            out.append(f"Copying: {copied.copying}")
    out.append(_price_and_yield(game, choice.data))
    seen = []
    for o in out:
        if o and o not in seen:
            seen.append(o)
    return " ".join(seen)


def _price_and_yield(game: Game, data: Mapping[str, object]) -> str:
    """What a choice costs and gives, from its data: a space to build on (its cheapest payment, the red
    fee, the income it uncovers) or a production (its energy, whose conduit it pays)."""
    from barrage_tui.rules import Payment, describe_reward

    def n(key: str) -> int:  # (a build's payment, a production's energy and payee: the engine's ints)
        return cast(int, data[key])

    out = []
    if "red" in data:
        pay = Payment(n("excavators"), n("mixers"), n("credits") + n("red"), n("excamixers"))
        red = f" ({data['red']} of them for the red outline)" if data["red"] else ""
        out.append(f"Costs {pay.label}{red}.")
        if data.get("income"):
            out.append(f"Uncovers an income paid at once: {describe_reward(cast('Toml', data['income']))}.")
    if "energy" in data:
        out.append(f"Gives up to {data['energy']} energy.")
        if cast(int, data.get("pays", -1)) >= 0:
            out.append(f"Pays {game.name(n('pays'))} 1 credit per drop for the conduit.")
    return " ".join(out)


def decision_help(game: Game) -> list[RenderableType]:

    prompt = game.prompt
    parts: list[RenderableType] = []
    if prompt is None:
        parts.append(Text("The game is over: there is no decision to explain.", style="bold"))
        return parts
    c = table_view(game).companies[prompt.seat]
    comps = facts()
    # a seat still in the draft holds a pair only on offer: the player, not that company
    who = c.player if c.drafting else f"{c.player} · {comps.companies[c.company].name}"
    parts.append(plain(f"{who} · {prompt.text}", style="bold"))
    general = KIND_HELP.get(prompt.kind, "")
    rule = prompt.help or general
    if prompt.help and general and prompt.help not in general and general not in prompt.help:
        rule = f"{prompt.help} {general}"
    elif general.startswith(prompt.help):
        rule = general
    if rule:
        parts.append(plain(rule))
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(justify="right", style="bold", no_wrap=True)
    table.add_column(ratio=2)
    table.add_column(ratio=3, style="dim")
    for i, choice in enumerate(prompt.choices, start=1):
        table.add_row(str(i), plain(choice.label), plain(choice_detail(game, choice)))
    unavailable = cast("Iterable[tuple[str, str]]", prompt.data.get("unavailable", ()))
    for label, why in unavailable:  # shown but not choosable: why not
        table.add_row("-", plain(label, style="dim"), plain(f"Not offered: {why}"))
    parts.append(table)
    return parts


def keys_table(entries: tuple[keyreg.Key, ...]) -> Table:
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_column(style="bold #ffd75f", no_wrap=True)
    table.add_column()
    for k, text in keyreg.help_rows(entries):
        table.add_row(k, text)
    return table


def legend(game: Game) -> list[RenderableType]:
    """How the table reads; the samples of a company's things are of a company in this game (seat 1's)."""
    from ..palette import owner_look
    from ..texts import company_name

    seats = table_view(game)
    letter, _ = owner_look(seats, 0)
    name = company_name(seats.companies[0].company)
    rows = [
        ("U G I F J Z", "companies by letter (USA, Germany, Italy, France, Japan, Brazil), also by colour; "
                        "N = neutral dam"),
        ("B1U+3", "dam space of zone 1, upper; +3 = red outline, a Base there costs 3 credits more"),
        (f"{letter}2 ●○", f"{name}'s dam of height 2 holding 1 drop, room for 1 more"),
        ("m", "switches the map between the drawn board and the table of its spaces (both read as below)"),
        ("║ ╪ ▼8", "the drawn map: a valley's river (blue) with its dams across it (╪), going on to zone 8 "
                  "(▼EXIT_L: it leaves the board to the sea at exit L)"),
        ("╠═C1L 5↘8", "conduit space of zone 1 leaving its river, value 5, toward the powerhouses of zone 8 "
                      "(down and to the right on the map)"),
        ("╟ P5_0 ·", "the powerhouse spaces beside a valley's river"),
        ("╚═══╣ ╔═══╝", "the drawn map: a river going on to a valley of the row below in another column (a "
                        "lake on the way left out: its ▼ says it)"),
        ("[A3] A6: 3▼7", "a space under landscape A3 (open once A3 is built; choosing A3 marks all it covers); "
                         "the legend's key: what a landscape acts on besides its spaces (A6 built: valley 3's water "
                         "goes to 7; A1: the headstreams its arrows mark, C1L→11 a conduit's branch under it)"),
        ("● 2 on the river", "drops on their way down, valley by valley, as they move (any key: at once where they "
                             "stop); the log says where each one stopped"),
        ("C1L 5→8", "(the table) conduit space of zone 1, value 5, leading to the powerhouses of zone 8"),
        ("P8_1+3 ·", "powerhouse space 1 of zone 8, red outline, empty"),
        ("G4 E+3cr", "Geological token 4 on that valley: an Elevation there costs 3 credits more (=ExMx: token 6's"
                     " Excavators and mixers instead); each token's effect is listed below"),
        ("HA ▾2 +1 0 2 1", "headstream A: 2 drops waiting; drops it adds in rounds 1-4 (this round underlined)"),
        ("[A1≈] +3 0 1 1≈", "≈ on the map: a landscape tile partly assumed (China Challenge), a headstream tile's "
                             "drops invented (the Duel's); the help's board section says what"),
        ("#5 4en: 3cr ≈", "a contract no source prints, assumed (the fifth starting contract at a fifth seat)"),
        (f"2E 5cr +3 {letter}2", f"action space: 2 Engineers, costs 5 credits, +3 red fee; {name} has 2 Engineers "
                                 "on it"),
        ("Ex Mx ExMx", "Excavators, concrete mixers, Excamixers (Elon Audia's: each pays as either)"),
        ("underlined", "board things the choices point at; reversed: the selected choice's"),
        ("bold magenta", "on the map: what the others did since your last turn (the recap's), until you act"),
    ]
    table = Table(box=None, show_header=False, padding=(0, 1))
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    for a, b in rows:
        table.add_row(a, b)
    return [table]


def income_text(company: Company) -> str:
    """What each income slot of a company board gives once uncovered (the boards may show only ✓ and ·),
    with its price where it has one (Brazil)."""
    from ..texts import reward_short

    names = {"base": "Bases", "elevation": "Elevations", "conduit": "Conduits"}
    return " · ".join(f"{names[s]} " + " ".join(
        f"{slot}:{reward_short(reward)}" + (f" for {price}cr" if (price := company.income_price.get(s, {}).get(slot))
                                            else "")
        for slot, reward in sorted(company.income[s].items())) for s in names)


def loss_text(company: Company) -> str:
    """Brazil's board: the rows taken in any order, and what each column's piece loses for good."""
    from barrage_tui.rules import lost_label

    rows = {"base": "Bases", "elevation": "Elevations", "conduit": "Conduits"}
    return (", ".join(rows[r] for r in rows if r in company.any_order) + " are taken from any column; "
            + " · ".join(f"column {column} loses {lost_label(loss)} for good"
                         for column, loss in sorted(company.column_loss.items())) + ".")


def officers_help(game: Game) -> list[RenderableType]:

    comps = facts()
    table = Table(box=None, show_header=False, padding=(0, 1), expand=True)
    table.add_column(style="bold", no_wrap=True)
    table.add_column()
    seats = table_view(game).companies
    for c in seats:
        company = comps.companies[c.company]
        officer = comps.officers[c.officer]
        table.add_row(plain(company.name), plain(company.ability_text))
        table.add_row("  Income", plain(income_text(company)))
        if company.column_loss:  # Brazil: machinery lost for good by the column a piece is taken from
            table.add_row("", plain(loss_text(company)))
        if company.assumed:  # a board no source prints: the player may correct the data file
            table.add_row("", plain(company.assumed, style="yellow"))
        table.add_row(plain(f"  {officer.name}"), plain(officer.ability))
        if officer.ability_text:  # the expansion's chief engineers: their card, as printed
            table.add_row("", plain(f"As printed: {officer.ability_text}", style="dim"))
        if officer.decision:  # how this game reads an unclear point (officers.toml)
            table.add_row("", plain(officer.decision, style="dim"))
        if officer.copying and any(facts().officers[o.officer].copies_others for o in seats):
            table.add_row("", plain(f"Copied by Mahiri Sekibo: {officer.copying}", style="dim"))
    return [table]


class HelpScreen(AppModal[None]):
    """`?` on the game screen: this decision, the keys, the legend. Esc, ? or q closes it."""

    BINDINGS = [Binding("escape,question_mark,q,f1", "close", "Close", id="help.close")]

    def __init__(self, game: Game | None = None, entries: tuple[keyreg.Key, ...] = keyreg.GAME) -> None:
        super().__init__(id="help")
        self.game = game
        self.entries = entries

    def compose(self) -> ComposeResult:
        with Vertical(id="help-box"):
            with VerticalScroll(id="help-scroll"):
                if self.game is not None:
                    yield Static(Text("This decision", style="bold underline"), classes="help-head")
                    yield Static(Group(*decision_help(self.game)))
                yield Static(Text("Keys", style="bold underline"), classes="help-head")
                yield Static(keys_table(self.entries))
                if self.game is not None:
                    yield Static(Text("Reading the table", style="bold underline"), classes="help-head")
                    yield Static(Group(*legend(self.game)))
                    yield Static(Text("Companies and chief engineers in play", style="bold underline"),
                                 classes="help-head")
                    yield Static(Group(*officers_help(self.game)))
                    board = self.game.board
                    if board.assumed or board.id != "base":  # another board: its name, and what is invented
                        yield Static(Text(f"The board: {board.name or board.id}", style="bold underline"),
                                     classes="help-head")
                        if board.assumed:
                            yield Static(plain(board.assumed, style="yellow"))
                    for title, shown in help_sections(self.game):  # the modules' own (module_parts.py)
                        yield Static(Text(title, style="bold underline"), classes="help-head")
                        yield Static(Group(*shown))
            yield Static("Esc, ? or q: back to the game" if self.game is not None else "Esc, ? or q: back",
                         id="help-foot")

    def on_mount(self) -> None:
        self.query_one("#help-scroll").focus()

    def plain_text(self, width: int = 100) -> str:
        """All of the help as plain text (what a reader would see by scrolling)."""
        from rich.console import Console

        console = Console(width=width, record=True, color_system=None, file=open("/dev/null", "w"))
        for static in self.query(Static):
            console.print(static.content)
        return console.export_text()

    def action_close(self) -> None:
        self.dismiss(None)
