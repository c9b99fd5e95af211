"""The prompt panel: the pending decision and its legal choices, chosen by arrows, numbers and Enter."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Self, cast

from rich.segment import Segment
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip

from barrage_tui.rules import Choice, Event, PromptKind

from ..history import Entry
from ..palette import BOLD, DIM, badge
from ..texts import END_TURN_HINT, END_TURN_KEYS, company_name
from ..view import View
from .lines import VIRTUAL_HEIGHT, LinesView
from .textutil import wrap


def header_lines(view: View, width: int) -> list[Text]:
    """Who decides and what."""
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


class Recap:
    """The room of the recap: what the others did since the person deciding now last played (hotseat, a
    shared table, the Automa): a line for each turn, what it did first and, for an Automa's, then why (both
    card sides, the boxes skipped). It stays above the person's choices until they act, however fast the
    others played."""

    LINES = {"compact": 3}  # the most lines it takes on a compact screen; elsewhere a share of the decision's box:
    SHARE = 0.7  # at most 70% (the choices keep the rest: the recap is gone once the person acts), and
    YIELD = 0.4  # above 40% only lines the choices do not need: the decision is what the person acts on;
    CHOICES = 4  # and in a short box (a module's panel beside it) the choices keep these lines at least
    GAP = {"compact": 0}  # the blank line between it and the choices (none on a compact screen)

    @classmethod
    def most(cls, mode: str, box: int, header: int, wanted: int) -> int:
        """The lines the recap may take: ``LINES`` on a compact screen; else what the choices (``wanted``
        lines) leave of the ``box`` (beside the ``header`` and the line between), between ``YIELD`` and
        ``SHARE`` of it, and never so much that fewer than ``CHOICES`` lines are left for them."""
        if mode in cls.LINES:
            return cls.LINES[mode]
        if not box:
            return 11
        left = box - header - 1
        most = max(int(box * cls.YIELD), min(left - wanted, int(box * cls.SHARE)))
        return max(3, min(most, left - cls.CHOICES))


def recap_lines(view: View, turns: list[Entry], width: int, most: int) -> list[Text]:
    """The recap of ``turns`` in at most ``most`` lines of ``width``: a turn's deeds, then an Automa's why."""
    table = view.table
    out: list[Text] = []
    for turn in turns:
        name = company_name(table.companies[turn.seat].company)
        t = Text()
        t.append_text(badge(table, turn.seat))  # (appended: the badge's colour is its letter's only)
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
    """The decision's box: who decides and what (the header), the recap of the others' turns, then the legal
    choices, numbered, one selected. The header and the recap stay at the top; the choices scroll under them.

    One widget of a fixed size: a new decision repaints only the stretches of the rows that changed (a
    header or a recap of another height moves the choices, and no new layout of the screen is needed)."""

    HEIGHTS = {"compact": (2, 3)}  # the header's (fewest, most) lines; (3, 6) elsewhere: a long question is not cut

    @dataclass
    class Highlighted(Message):
        index: int
        choice: Choice | None  # None when there is none

    @dataclass
    class Selected(Message):
        key: str

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.view: View | None = None
        self.choices: tuple[Choice, ...] = ()
        # (label, why): shown under the choices, dimmed, not choosable
        self.unavailable: tuple[tuple[str, str], ...] = ()
        self.index = 0
        self._rows: list[tuple[int, int]] = []  # choice -> (first line, line count)
        self._head: list[Strip] = []  # the header's rows, then the recap's (and the line between)
        self._head_for: object = None  # what the head was built for
        self._header_rows = 0  # the rows the header takes (it gets lower only when another seat decides)
        self._seat: int | None = None  # who decided when the head was last built
        self.header_text: list[str] = []  # the header's lines shown, as plain text (for tests)
        self.recap_text: list[str] = []  # the recap's
        self._serial = 0
        self._unpainted = False  # rows were refreshed and are not painted yet
        self._rows_shown: tuple[object, list[Strip]] | None = None  # (size and scroll, the rows they show)
        self._after_paint: list[Callable[[], object]] = []

    def after_paint(self, callback: Callable[[], object]) -> None:
        """``callback()`` once the frame that paints the box's new rows is drawn (the autosave waits for it: the
        frame that shows a decision waits for no disk); at once when there is nothing to paint."""
        if self._unpainted:
            self._after_paint.append(callback)
        else:
            self.call_later(callback)

    def set_choices(self, view: View, index: int = 0) -> None:
        """Show ``view``'s decision with choice ``index`` selected."""
        prompt = view.prompt
        self.view = view
        self._serial += 1
        self.choices = prompt.choices if prompt is not None else ()
        self.unavailable = tuple(unavailable_of(prompt.data)) if prompt is not None else ()
        self.index = min(index, max(0, len(self.choices) - 1))
        if self.scroll_offset.y:
            self.scroll_to(y=0, animate=False)
        self.redraw()
        self.show_selected()
        self.post_message(self.Highlighted(self.index, self.choices[self.index] if self.choices else None))

    def build(self, width: int) -> list[Text]:
        """The choices' lines."""
        self._rows = []
        return choice_lines(self.choices, self.index, self.unavailable, width, self._rows)

    # ------------------------------------------------------------ the header and the recap above the choices

    def _head_lines(self, width: int, wanted: int) -> list[Text]:
        """The header and the recap above the choices (``wanted``: the choices' lines, which the recap leaves
        room for)."""
        view = self.view
        if view is None:
            return []
        mode = getattr(self.screen, "mode", "")
        header = header_lines(view, width)
        # the header's rows: more at once; fewer only when another seat decides (its recap shows then: the
        # choices move once for both), or at once on a compact screen (its choices need every line)
        low, high = self.HEIGHTS.get(mode, (3, 6))
        rows = max(low, min(high, len(header)))
        seat = view.prompt.seat if view.prompt is not None else None
        if rows > self._header_rows or seat != self._seat or width != self._built_width or mode == "compact":
            self._header_rows = rows
        self._seat = seat
        rows = self._header_rows
        out = header[:rows] + [Text()] * (rows - len(header))
        self.header_text = [t.plain for t in header[:rows]]
        recap: list[Text] = []
        if view.recap:
            recap = recap_lines(view, view.recap, width, Recap.most(mode, self.size.height, rows, wanted))
            out += recap + [Text()] * Recap.GAP.get(mode, 1)
        self.recap_text = [t.plain for t in recap]
        return out

    @property
    def window_height(self) -> int:
        return max(0, self.size.height - len(self._head))

    def _shown_rows(self, scrolled: int | None = None) -> list[Strip]:
        """What each row of the box shows: the head, the choices' lines scrolled (by ``scrolled`` lines: by
        its scroll offset when None), "▼ more" on the last."""
        width, height = self.size
        sy = self.scroll_offset.y if scrolled is None else scrolled
        rows = self._head[:height] + self._strips[sy:][:max(0, height - len(self._head))]
        rows += [self.blank_row()] * (height - len(rows))
        if self._more and height and width > len(self.MORE):
            rows[-1] = Strip([Segment(self.MORE.rjust(width), self.kept_style + DIM)], width)
        return rows

    def redraw(self) -> None:
        width = self.content_width
        if not self.is_mounted or not self.is_attached or width <= 0:
            self._built_width = -1
            return
        before = self._shown_rows()
        lines = self.build(width)
        key = (self._serial, width, self.size.height)
        if key != self._head_for:
            self._head = self.strips_of(self._head_lines(width, len(lines)))
            self._head_for = key
        full = width != self._built_width
        self._strips = self.strips_of(lines)
        self._built_width = width
        if self.virtual_size.height != VIRTUAL_HEIGHT:
            self.virtual_size = Size(0, VIRTUAL_HEIGHT)  # (scrolling stops at the last line: max_scroll_y)
            full = True
        self._show_more()
        if full:
            self.refresh()
        else:
            self.refresh_changed(before, self._shown_rows())

    MORE = "▼ more: ↓"

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        """Scrolled: the rows that changed are refreshed (Textual's ScrollView repaints the whole box, its head
        too, every row to its end)."""
        if round(old_value) == round(new_value):
            return
        before = self._shown_rows(round(old_value))  # (with the "▼ more" of before: _show_more may change it)
        self._show_more()
        self.refresh_changed(before, self._shown_rows())

    def _subtitle(self, focused: bool | None = None) -> None:
        """Lines below the last one shown: that line says so (the list has no border of its own, and a
        change of the box's border would repaint the whole box)."""
        height = self.size.height
        if height:
            self.refresh(Region(0, height - 1, self.size.width, 1))

    def refresh(self, *regions: Region, **kw: bool) -> Self:
        self._unpainted = True
        self._rows_shown = None
        return super().refresh(*regions, **kw)

    def render_line(self, y: int) -> Strip:
        if self._unpainted:  # (called while the compositor paints a frame: what waits for it runs after it)
            self._unpainted = False
            waiting, self._after_paint = self._after_paint, []
            for callback in waiting:
                self.call_later(callback)
        key = (self.size, self.scroll_offset.y)
        if self._rows_shown is None or self._rows_shown[0] != key:  # (made once for all the rows of a frame)
            self._rows_shown = (key, self._shown_rows())
        rows, width = self._rows_shown[1], self.size.width
        strip = rows[y] if y < len(rows) else self.blank_row()
        return strip if strip.cell_length == width else strip.crop_extend(0, width, self.kept_style)

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
        if self._head_for != (self._serial, self.content_width, self.size.height):
            self.redraw()  # the recap's room depends on the box's height
        self.show_selected()

    def row_of(self, index: int) -> int | None:
        """The row of the box that shows the first line of choice ``index`` (None: scrolled out of view)."""
        y = self._rows[index][0] - self.scroll_offset.y if index < len(self._rows) else -1
        return len(self._head) + y if 0 <= y < self.window_height else None

    def page(self) -> int:
        return max(1, self.window_height - 1)

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
        if offset.y < len(self._head):
            return  # the header, the recap
        y = offset.y - len(self._head) + self.scroll_offset.y
        for i, (first, n) in enumerate(self._rows):
            if first <= y < first + n:
                if i == self.index:
                    self.confirm()
                else:
                    self.move(i)
                return


class PromptPanel(Vertical):
    """The decision's box (its border and title) around the choice list."""

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self.border_title = "Decision"

    def compose(self) -> ComposeResult:
        yield ChoiceList(id="choices")

    @property
    def choice_list(self) -> ChoiceList:
        return self.query_one(ChoiceList)
