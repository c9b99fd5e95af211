"""The prompt panel: the pending decision and its legal choices, chosen by arrows, numbers and Enter."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import cast

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget

from barrage_tui.rules import Choice, Event, PromptKind

from ..history import Entry, since_last_turn
from ..palette import BOLD, DIM, badge
from ..texts import END_TURN_HINT, END_TURN_KEYS, company_name
from ..view import Panel, View
from .lines import LinesView
from .textutil import wrap


class PromptHeader(Panel):
    """Who decides and what."""

    HEIGHTS = {"compact": (2, 3)}  # (fewest, most) lines; (3, 6) elsewhere: a long question is not cut
    _seat: int | None = None  # who decided when it was last built

    def build(self, width: int) -> list[Text]:
        out = super().build(width)
        # a new height (a relayout of the screen: some 10 ms) only when the question needs it: taller at once,
        # lower only when another seat decides (its recap shows then: one relayout for both), or at once on a
        # compact screen (its choices need every line)
        mode = getattr(self.screen, "mode", "")
        low, high = self.HEIGHTS.get(mode, (3, 6))
        height = max(low, min(high, len(out)))
        seat = self.view.prompt.seat if self.view is not None and self.view.prompt is not None else None
        now = self.styles.height.value if self.styles.height is not None else None
        if now is None or height > now or (height < now and (seat != self._seat or width != self._built_width
                                                              or mode == "compact")):
            self.styles.height = height
        self._seat = seat
        return out

    def fingerprint(self, view: View) -> object:
        p = view.prompt
        return None if p is None else (p.seat, p.kind, p.text, p.seat in view.table.drafting)

    def lines(self, view: View, width: int) -> list[Text]:
        prompt = view.prompt
        if prompt is None:
            return [Text("The game is over.", style=BOLD), Text("Enter: back to the final scores.")]
        table = view.table
        c = table.companies[prompt.seat]
        if c.drafting:  # still choosing: the pair it holds is only on offer
            head = Text(c.player, style=BOLD)
        else:
            head = badge(table, prompt.seat, " ")
            head.append(f" {c.player} · {company_name(c.company)}", style=BOLD)
        out = [head]
        if prompt.kind == PromptKind.END_TURN:  # the turn is held until confirmed: the two keys come first
            out += wrap(Text(END_TURN_KEYS, style="bold reverse"), width)
            out += wrap(Text(END_TURN_HINT, style=DIM), width)
            return out
        out += wrap(Text(prompt.text), width)
        return out


class Recap(Panel):
    """What the others did since the person deciding now last played (hotseat, a shared table, the
    Automa): a line for each turn, what it did first and, for an Automa's, then why (both card sides, the
    boxes skipped). It stays above the person's choices until they act, however fast the others played."""

    SCOPED_CSS = False
    DEFAULT_CSS = """
    Recap { height: auto; border: none; padding: 0; margin-bottom: 1; }
    GameScreen.-compact Recap { max-height: 3; margin-bottom: 0; }
    """
    LINES = {"compact": 3}  # the most lines it takes on a compact screen; elsewhere a share of the decision's box:
    SHARE = 0.7  # at most 70% (the choices keep the rest: the recap is gone once the person acts), and
    YIELD = 0.4  # above 40% only lines the choices do not need: the decision is what the person acts on;
    CHOICES = 4  # and in a short box (a module's panel beside it) the choices keep these lines at least

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.remove_class("panel")  # a note inside the decision's box, not a boxed panel of the table
        self.display = False
        self._turns: list[Entry] = []

    def show(self, view: View) -> None:
        self._turns = view.recap  # (since_last_turn, worked out with the table's other marks)
        shown = bool(self._turns)
        if self.display != shown:
            self.display = shown
        super().show(view)

    def fingerprint(self, view: View) -> object:
        return tuple(id(t.events[0] if t.events else t.reasoning) for t in self._turns), getattr(self.screen, "mode", "")

    @property
    def content_width(self) -> int:
        """Just shown, it has no width of its own yet: the choices' below it (the same), so its lines and
        height are there for the frame that shows it (else a frame without it, then one with it)."""
        own = super().content_width
        if own > 0 or self.parent is None:
            return own
        return next((c.content_width for c in self.parent.query_children(ChoiceList)), 0)

    def lines(self, view: View, width: int) -> list[Text]:
        return recap_lines(view, self._turns, width, self._most(view, width))

    def _most(self, view: View, width: int) -> int:
        """The lines the recap may take: ``LINES`` on a compact screen; else what the choices leave of the
        box (beside the question and the line between), between ``YIELD`` and ``SHARE`` of it, and never so
        much that fewer than ``CHOICES`` lines are left for them."""
        mode = getattr(self.screen, "mode", "")
        if mode in self.LINES:
            return self.LINES[mode]
        parent = self.parent if isinstance(self.parent, Widget) else None
        box = parent.size.height if parent is not None else 0
        if parent is None or not box:
            return 11
        header = sum(h.outer_size.height for h in parent.query_children(PromptHeader))
        prompt = view.prompt
        wanted = len(choice_lines(prompt.choices, 0, unavailable_of(prompt.data), width)) if prompt else 0
        left = box - header - 1
        most = max(int(box * self.YIELD), min(left - wanted, int(box * self.SHARE)))
        return max(3, min(most, left - self.CHOICES))


def recap_lines(view: View, turns: list[Entry], width: int, most: int) -> list[Text]:
    """The recap of ``turns`` in at most ``most`` lines of ``width``: a turn's deeds, then an Automa's why."""
    table = view.table
    out: list[Text] = []
    for turn in turns:
        name = company_name(table.companies[turn.seat].company)
        t = badge(table, turn.seat)
        t.append(f" {name}" + (" (Automa)" if turn.automa else "") + ": ", style=BOLD)
        did = [_deed(e.text, name).rstrip(".") for e in turn.events if e.kind not in HIDDEN]
        t.append("; ".join(did) + "." if did else "nothing")
        out += wrap(t, width, indent=2)
        if turn.reasoning is not None:  # then why: its cards, the boxes it skipped (why each: on L), its notes
            out += wrap(Text("why: ", style=DIM) + Text(_why(turn.reasoning, name), style="italic"), width, indent=4)
    if len(out) > most:  # the rest is on the log screen
        out = out[:most]
        out[-1] = out[-1][:max(0, width - 16)] + Text(" … L: the rest", style=DIM)
    return out


# a turn's events the recap leaves out: the card flip (its "why" says it), the steps taken at once (its deeds say them)
HIDDEN = frozenset({"automa_card", "only_choice"})


def _why(step: Event, name: str) -> str:
    """An Automa step's reasons in few words, from its data: "cards 9/13; skipped Production, Water
    Management; took Construction: Base (most waiting water flows through it)" (its text for a step
    without them). What it did is said before; why each box was skipped is on the log screen."""
    cards = cast("tuple[tuple[int, int], ...]", step.data.get("cards", ()))
    if not cards:
        named, _, why = step.text.partition(": ")
        return why if why and named == name else step.text
    skipped = cast("tuple[str, ...]", step.data.get("skipped", ()))
    taken = cast("tuple[tuple[str, str], ...]", step.data.get("taken", ()))
    parts = ["cards " + ", ".join(f"{a}/{c}" for a, c in cards)]
    if skipped:
        parts.append("skipped " + ", ".join(skipped))
    if taken:
        parts.append("took " + ", ".join(box + (f" ({because})" if because else "") for box, because in taken))
    return "; ".join(parts) + "."


def _deed(text: str, name: str) -> str:
    """An event's text without the company's name it starts with: "places 2 Engineers on ..."."""
    return text[len(name) + 1:] if text.startswith(name + " ") else text


def choice_lines(choices: Sequence[Choice], index: int, unavailable: Iterable[tuple[str, str]], width: int,
                 rows: list[tuple[int, int]] | None = None) -> list[Text]:
    """The choices numbered, ``index`` selected, then the ``unavailable`` (label, why) dimmed; ``rows`` gets each
    choice's (first line, line count)."""
    out: list[Text] = []
    digits = len(str(len(choices)))
    for i, choice in enumerate(choices):
        selected = i == index
        t = Text()
        t.append("▶" if selected else " ", style="bold #ffd75f" if selected else None)
        t.append(f"{i + 1:>{digits}} ", style=BOLD if selected else None)
        t.append(choice.short, style="bold reverse" if selected else None)  # the engine's few words
        lines = wrap(t, width, indent=digits + 2)
        if rows is not None:
            rows.append((len(out), len(lines)))
        out += lines
    if not choices:
        out.append(Text("(nothing to choose)", style=DIM))
    for label, why in unavailable:  # shown, not choosable: dimmed, with why
        out += wrap(Text(f"{'✗':>{digits + 1}} {label}: {why}", style=DIM), width, indent=digits + 2)
    return out


def unavailable_of(data: Mapping[str, object]) -> Iterable[tuple[str, str]]:
    """A prompt's choosable-not spaces with why (its data's ``unavailable``)."""
    return cast("Iterable[tuple[str, str]]", data.get("unavailable", ()))


class ChoiceList(LinesView):
    """The legal choices, numbered; one is selected."""

    @dataclass
    class Highlighted(Message):
        index: int
        choice: Choice | None  # None when there is none

    @dataclass
    class Selected(Message):
        key: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.choices: tuple[Choice, ...] = ()
        # (label, why): shown under the choices, dimmed, not choosable
        self.unavailable: tuple[tuple[str, str], ...] = ()
        self.index = 0
        self._rows: list[tuple[int, int]] = []  # choice -> (first line, line count)

    def set_choices(self, choices: Iterable[Choice], index: int = 0,
                    unavailable: Iterable[tuple[str, str]] = ()) -> None:
        self.choices = tuple(choices)
        self.unavailable = tuple(unavailable)
        self.index = min(index, max(0, len(self.choices) - 1))
        if self.scroll_offset.y:
            self.scroll_to(y=0, animate=False)
        self.redraw()
        self.show_selected()
        self.post_message(self.Highlighted(self.index, self.choices[self.index] if self.choices else None))

    def build(self, width: int) -> list[Text]:
        self._rows = []
        return choice_lines(self.choices, self.index, self.unavailable, width, self._rows)

    MORE = "▼ more: ↓"

    def _subtitle(self, focused: bool | None = None) -> None:
        """Lines below the last one shown: that line says so (the list has no border of its own, and a
        change of the box's border would repaint the whole box)."""
        height = self.size.height
        if height:
            self.refresh(Region(0, height - 1, self.size.width, 1))

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        if self._more and y == self.size.height - 1 and width > len(self.MORE):
            return Strip([Segment(self.MORE.rjust(width), self.rich_style + DIM)], width)
        return super().render_line(y)

    def move(self, index: int) -> None:
        if not self.choices:
            return
        if index >= len(self.choices) and self._more:  # past the last choice: the spaces not offered, a line
            self.scroll_to(y=self.scroll_offset.y + 1, animate=False)  # at a time
            return
        index = max(0, min(len(self.choices) - 1, index))
        if index == self.index:
            return
        self.index = index
        self.redraw()
        self.show_selected()
        self.post_message(self.Highlighted(index, self.choices[index]))

    def show_selected(self) -> None:
        """Scroll the selected choice into view: Enter confirms it, so it must never be off-screen."""
        if self.choices and self.index < len(self._rows):
            first, n = self._rows[self.index]
            # a line after it in view too (the last one shown may say there is more); after the last choice,
            # the spaces not offered and why, as many as fit
            below = first + n if self.index < len(self.choices) - 1 else len(self._strips)
            self.scroll_to_line(min(below, len(self._strips) - 1))
            self.scroll_to_line(first)

    def on_resize(self) -> None:
        super().on_resize()  # rebuilt for a new width: the rows moved
        self.show_selected()

    def page(self) -> int:
        return max(1, self.scrollable_content_region.height - 1)

    @property
    def current(self) -> Choice | None:
        """The selected Choice (None when there is nothing to choose)."""
        return self.choices[self.index] if self.choices else None

    def confirm(self) -> None:
        """Post the selected choice upward (a click on the selected line does this)."""
        if self.choices:
            self.post_message(self.Selected(self.choices[self.index].key))

    def on_click(self, event: events.Click) -> None:
        offset = event.get_content_offset(self)
        if offset is None:
            return
        y = offset.y + self.scroll_offset.y
        for i, (first, n) in enumerate(self._rows):
            if first <= y < first + n:
                if i == self.index:
                    self.confirm()
                else:
                    self.move(i)
                return


class PromptPanel(Vertical):
    """The header and the choice list together."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = "Decision"

    def compose(self) -> ComposeResult:
        yield PromptHeader(id="prompt-header")
        yield Recap(id="recap")
        yield ChoiceList(id="choices")

    @property
    def header(self) -> PromptHeader:
        return self.query_one(PromptHeader)

    @property
    def choice_list(self) -> ChoiceList:
        return self.query_one(ChoiceList)
