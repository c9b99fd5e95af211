"""Every key the app answers to, in one registry: the footer, the bindings and the help screen all read it.

Each entry has a stable id, so a keymap (``App.set_keymap``) can move an action to other keys.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.binding import Binding, BindingType


@dataclass(frozen=True)
class Key:
    id: str
    keys: str  # Textual key names, comma separated; the first is the one shown
    action: str
    description: str  # short, for the footer
    help: str  # one line, for the help screen
    show: bool = True  # in the footer
    display: str | None = None  # how the footer writes the key


GAME = (
    Key("choice.up", "up,k", "cursor_up", "Select", "Move the selection up", display="↑↓"),
    Key("choice.down", "down,j", "cursor_down", "Select", "Move the selection down", show=False),
    Key("choice.number", "1", "number(1)", "", "Numbers 1-9 select that choice; type two digits quickly for 10+",
        show=False),
    Key("choice.confirm", "enter", "confirm", "Confirm", "Confirm the selected choice", display="⏎"),
    Key("choice.back", "escape", "back", "Back", "Back out of a multi-step action not yet finished"),
    Key("game.undo", "u", "undo", "Undo", "Undo the last choice of this turn"),
    Key("game.help", "question_mark,f1", "help", "Help", "Explain this decision and list the keys", display="?"),
    Key("game.save", "s", "save_as", "Save as", "Save the game under a name"),
    Key("game.log", "L", "log", "Log",
        "The whole log: every turn by round, an Automa turn's reasoning, one company's turns", display="L"),
    Key("game.summary", "r", "round_summary", "Round", "Show the last round's summary again", show=False),
    Key("game.map", "m", "map_view", "Map", "Switch the map between the drawn board (its rivers, dams, conduits and "
        "powerhouses) and the table of its spaces"),
    Key("game.map.quiet", "m", "map_view(1)", "", "", show=False),  # the same, where the footer has no room for it
    Key("game.panel", "tab", "next_panel", "Panel", "Show the next panel where panels share a tab bar"),
    Key("game.panel_back", "shift+tab", "prev_panel", "Panel", "Show the previous panel where panels share a tab bar",
        show=False),
    Key("choice.pageup", "pageup", "page_up", "", "Move the selection a page up", show=False),
    Key("choice.pagedown", "pagedown", "page_down", "", "Move the selection a page down", show=False),
    Key("choice.home", "home", "first", "", "Select the first choice", show=False),
    Key("choice.end", "end", "last", "", "Select the last choice", show=False),
    Key("app.quit", "q", "request_quit", "Quit", "Quit (asks first; the game is autosaved)"),
)

START = (
    Key("start.start", "enter", "start", "Start", "Start the game (or press the focused button)", display="⏎"),
    Key("start.continue", "c", "continue", "Continue", "Continue the latest saved game"),
    Key("start.load", "l", "load", "Load", "Choose a saved game to open"),
    Key("start.quit", "q", "request_quit", "Quit", "Quit"),
    Key("start.help", "question_mark,f1", "help", "Help", "Show the keys", display="?"),
)

LOG = (
    Key("log.up", "up,k", "cursor_up", "Turn", "The turn before", display="↑↓"),
    Key("log.down", "down,j", "cursor_down", "Turn", "The turn after", show=False),
    Key("log.pageup", "pageup", "page_up", "Page", "A page up", display="PgUp/Dn"),
    Key("log.pagedown", "pagedown", "page_down", "", "A page down", show=False),
    Key("log.home", "home", "first", "", "The first turn", show=False),
    Key("log.end", "end", "last", "", "The newest turn", show=False),
    Key("log.toggle", "enter", "toggle", "Why", "Open or close an Automa turn's reasoning", display="⏎"),
    Key("log.filter", "f", "filter", "Company", "Every company, then each company in turn"),
    Key("log.help", "question_mark,f1", "help", "Help", "List these keys", display="?"),
    Key("log.close", "escape,L,q", "close", "Back", "Back to the game", display="Esc"),
)

END = (
    Key("end.down", "down,j", "scroll('down')", "Scroll", "Scroll the scores down (where they are taller than the screen)",
        display="↑↓"),
    Key("end.up", "up,k", "scroll('up')", "", "Scroll the scores up", show=False),
    Key("end.pageup", "pageup", "scroll('page_up')", "", "A page up", show=False),
    Key("end.pagedown", "pagedown", "scroll('page_down')", "", "A page down", show=False),
    Key("end.home", "home", "scroll('home')", "", "To the top", show=False),
    Key("end.end", "end", "scroll('end')", "", "To the bottom: the totals", show=False),
    Key("end.new", "n", "new_game", "New game", "Start a new game"),
    Key("end.table", "l", "show_log", "Back to the table", "Look at the table (Enter there brings you back here)"),
    Key("end.quit", "q", "app.request_quit", "Quit", "Quit"),
    Key("end.help", "question_mark,f1", "help", "Help", "List these keys", display="?"),
)

DIGITS = tuple(str(d) for d in range(10))


def bindings(entries: tuple[Key, ...]) -> list[BindingType]:
    out: list[BindingType] = []
    for k in entries:
        if k.id == "choice.number":
            out += [Binding(d, f"number({d})", "", show=False, id=f"choice.number.{d}") for d in DIGITS]
            continue
        out.append(Binding(k.keys, k.action, k.description, show=k.show, key_display=k.display, id=k.id))
    return out


def help_rows(entries: tuple[Key, ...]) -> list[tuple[str, str]]:
    rows = []
    for k in entries:
        if k.id == "choice.number":
            rows.append(("1-9, 0", k.help))
            continue
        if not k.help:  # a key's twin (said once)
            continue
        names = [_pretty(n) for n in k.keys.split(",")]
        rows.append((" / ".join(names), k.help))
    return rows


def _pretty(name: str) -> str:
    return {"up": "↑", "down": "↓", "enter": "Enter", "escape": "Esc", "question_mark": "?", "shift+tab": "Shift+Tab",
            "tab": "Tab", "pageup": "PgUp", "pagedown": "PgDn", "home": "Home", "end": "End", "f1": "F1",
            "L": "L (Shift+l)"}.get(name, name)


def footer_text(entries: tuple[Key, ...]) -> str:
    """The keys of a screen as one line of markup (for screens that do without the Footer widget)."""
    parts = []
    for k in entries:
        if k.show and k.description:
            shown = k.display or _pretty(k.keys.split(",")[0])
            parts.append(f"[b]{shown}[/] {k.description}")
    return "  ".join(parts)
