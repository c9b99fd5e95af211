"""A panel that shows lines of text and repaints only the cells that changed.

Every widget of the table derives from ``LinesView``: it says what its lines are (``build``) and calls
``redraw()`` when what it shows may have changed. The new lines are compared with the old ones and only
the changed stretch of each changed line is refreshed, so a move on the map redraws a few cells, not
the screen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.segment import Segment
from rich.style import Style
from rich.text import Text
from textual.binding import Binding, BindingType
from textual.geometry import Region, Size
from textual.scroll_view import ScrollView
from textual.strip import Strip

from .textutil import shown

if TYPE_CHECKING:
    from rich.text import Span
    from textual.widget import Widget

    _Scrolled = Widget  # the widget the mixin is mixed into
else:
    _Scrolled = object


def _cells(strip: Strip) -> list[tuple[str, object]] | None:
    cells: list[tuple[str, object]] = []
    for seg in strip:
        style = seg.style
        cells.extend((ch, style) for ch in seg.text)
    return cells if len(cells) == strip.cell_length else None


def changed_spans(old: Strip, new: Strip, join: int = 6) -> list[tuple[int, int]]:
    """The stretches of columns where two lines differ (the whole line when unsure).

    Stretches closer than ``join`` columns are one: a new cursor position costs more bytes than a few
    unchanged cells written again."""
    a, b = _cells(old), _cells(new)
    if a is None or b is None:
        return [(0, max(old.cell_length, new.cell_length))]
    n = max(len(a), len(b))
    blank = (" ", None)
    a += [blank] * (n - len(a))
    b += [blank] * (n - len(b))
    spans: list[list[int]] = []
    x = 0
    while x < n:
        if a[x] != b[x]:
            start = x
            while x < n and a[x] != b[x]:
                x += 1
            if spans and start - spans[-1][1] < join:
                spans[-1][1] = x
            else:
                spans.append([start, x])
        else:
            x += 1
    return [(s, e) for s, e in spans]


def changed_span(old: Strip, new: Strip) -> tuple[int, int]:
    """The first and one-past-last column where two lines differ."""
    spans = changed_spans(old, new)
    return (spans[0][0], spans[-1][1]) if spans else (0, 0)


VIRTUAL_HEIGHT = 1000
SCROLL_HINT = "↑↓ PgUp/Dn · ⏎/Esc: the choices"  # the border of a panel that has the keys (Home/End too)
# Decision: while a panel has the keys (Tab, a click), Enter gives them back to the choices and confirms
# nothing: the arrows moved the panel, not the selection, so the highlighted choice is not one the player
# just picked. A second Enter, at the choices, confirms it (the footer says "⏎ Choices" meanwhile).
SCROLL_BINDINGS: list[BindingType] = [  # only while it has the focus: these keys scroll it, not the choices
    Binding("up,k", "scroll_lines(-1)", "Scroll", show=False, id="panel.line_up"),
    Binding("down,j", "scroll_lines(1)", "Scroll", show=False, id="panel.line_down"),
    Binding("pageup", "scroll_pages(-1)", "Page", show=False, id="panel.page_up"),
    Binding("pagedown", "scroll_pages(1)", "Page", show=False, id="panel.page_down"),
    Binding("home", "scroll_lines(-1000000)", "Top", show=False, id="panel.top"),
    Binding("end", "scroll_lines(1000000)", "End", show=False, id="panel.bottom"),
    Binding("escape,enter", "release", "Choices", key_display="⏎/Esc", id="panel.release"),
]


class KeyScrolled(_Scrolled):
    """The actions of ``SCROLL_BINDINGS`` (for a widget whose BINDINGS include them): no animation."""

    def action_scroll_lines(self, n: int) -> None:
        self.scroll_to(y=max(0, min(self.max_scroll_y, self.scroll_offset.y + n)), animate=False)

    def action_scroll_pages(self, n: int) -> None:
        self.action_scroll_lines(n * max(1, self.scrollable_content_region.height - 1))

    def action_release(self) -> None:
        self.screen.set_focus(None)


class StyleKept(_Scrolled):
    """``kept_style``: the widget's rich style, kept until its styles change. Textual works ``rich_style`` out anew at
    each read, walking every ancestor's styles (35-60 µs), and a frame read it for most lines it drew."""

    _kept_style: Style | None = None

    @property
    def kept_style(self) -> Style:
        if self._kept_style is None:
            self._kept_style = self.rich_style
        return self._kept_style

    def notify_style_update(self) -> None:
        """(Textual calls it whenever CSS is applied to the widget: a class, a pseudo-class, the theme, its
        ancestors' changes too)"""
        self._kept_style = None
        super().notify_style_update()


class LinesView(StyleKept, KeyScrolled, ScrollView, can_focus=False):
    """Lines of rich Text, built for the current width; only changed cells are repainted.

    A view with ``key_scrolled`` set takes the focus (Tab, a click) while lines of it are hidden, and
    then its own keys scroll it until Esc or Enter gives the keys back."""

    DEFAULT_CSS = """
    LinesView { scrollbar-size-vertical: 0; scrollbar-size-horizontal: 0; overflow-x: hidden; }
    LinesView.panel:focus { border: round $accent; }
    """
    BINDINGS = SCROLL_BINDINGS
    key_scrolled = False
    _pending_line: int | None  # a line to bring into view once shown (scroll_to_line)

    def __init__(self, *, id: str | None = None, classes: str | None = None) -> None:
        super().__init__(id=id, classes=classes)
        self._strips: list[Strip] = []
        self._strip_cache: dict[tuple[str, tuple[Span, ...], str | Style, int], Strip] = {}  # a line's -> its strip
        self._cache_style: Style | None = None
        self._line_style: Style | None = None  # (``line_style`` when the cache was made)
        self._blank = Strip.blank(0)
        self._built_width = -1
        self._virtual_height = 0
        self._more = False

    # ------------------------------------------------------------ for subclasses

    def build(self, width: int) -> list[Text]:
        """The lines to show for this content width."""
        return []

    # ------------------------------------------------------------ drawing

    @property
    def content_width(self) -> int:
        return max(0, self.scrollable_content_region.width)

    def redraw(self) -> None:
        """Rebuild the lines and refresh what changed."""
        width = self.content_width
        if not self.is_mounted or not self.is_attached or width <= 0:
            # hidden (a tab not shown): built when shown, since the width then differs from the built one;
            # or taken off the screen by a new layout, whose redraw asked for earlier may still come
            self._built_width = -1
            return
        self._apply(self.strips_of(self.build(width)), full=width != self._built_width)
        self._built_width = width

    def strips_of(self, lines: list[Text]) -> list[Strip]:
        """The lines as strips in this panel's style, as wide as the panel (cached: most lines repeat)."""
        console = self.app.console
        width = self.content_width
        base = self.kept_style
        if base != self._cache_style or len(self._strip_cache) > 2000:
            self._strip_cache = {}
            self._cache_style = base
            self._line_style = self.line_style
        style = self._line_style
        if self._blank.cell_length != width:
            self._blank = Strip.blank(width, style)
        cache = self._strip_cache
        strips = []
        for text in lines:
            key = (text.plain, tuple(text.spans), text.style, width)
            strip = cache.get(key)
            if strip is None:
                text = shown(text)  # a player's name from a save must not reach the terminal as ESC codes
                segments = [Segment(s.text, s.style or None) for s in text.render(console, end="")]
                if text.style and not text.spans:  # (Rich leaves the line's own style to its caller when
                    segments = [Segment(text.plain, console.get_style(text.style, default=None))]  # it has no spans)
                # one segment per run of one style (the blanks to the edge too): fewer style changes written
                strip = Strip(Segment.apply_style(segments, style), text.cell_len).crop_extend(0, width, style)
                strip = cache[key] = strip.simplify()
            strips.append(strip)
        return strips

    def _apply(self, strips: list[Strip], full: bool) -> None:
        old = self._strips
        self._strips = strips
        height = len(strips)
        if not (self.styles.height is not None and self.styles.height.is_auto):
            # A fixed, roomy virtual height: a change of virtual size means a new layout and a repaint
            # of the whole panel, so a line more or less must not cause one. Scrolling stops at the
            # real last line (max_scroll_y).
            height = max(VIRTUAL_HEIGHT, height)
        size = Size(0, height)
        if size != self.virtual_size:
            self.virtual_size = size
            full = True
        self._show_more()
        if full:
            self.refresh()
            return
        sx, sy = self.scroll_offset
        self.refresh_changed(old[sy:sy + self.window_height], strips[sy:sy + self.window_height], sx)

    def refresh_changed(self, old: list[Strip], new: list[Strip], sx: int = 0) -> None:
        """Refresh the changed stretch of each row that differs (row ``y`` showed ``old[y]``, now ``new[y]``)."""
        blank = self.blank_row()
        regions = []
        for y in range(max(len(old), len(new))):
            a = old[y] if y < len(old) else blank
            b = new[y] if y < len(new) else blank
            if a == b:
                continue
            # one stretch per line: Textual writes a widget's line from its start to the end of the change,
            # so several stretches of one line would write the cells before the last more than once
            x1, x2 = changed_span(a, b)
            if x2 > x1:
                regions.append(Region(x1 - sx, y, x2 - x1, 1))
        if regions:
            self.refresh(*regions)

    def blank_row(self) -> Strip:
        """A row with no line (as drawn: the panel's width in its style; that of the lines last built)."""
        return self._blank

    @property
    def line_style(self) -> Style | None:
        """The style the lines are drawn in: the panel's, or none when that is the terminal's own colours and
        nothing else (no escape codes for the plain text: a third of the bytes written, and the same look)."""
        base = self.kept_style
        default = all(c is None or c.is_default for c in (base.color, base.bgcolor))
        return None if default and base.without_color == Style() and not base.link else base

    @property
    def window_height(self) -> int:
        """The rows that show the scrolled lines."""
        return self.scrollable_content_region.height

    @property
    def max_scroll_y(self) -> int:
        return max(0, len(self._strips) - self.window_height)

    @property
    def cut(self) -> bool:
        """Whether some of its lines do not fit its height (or, focusable always, it has more when focused)."""
        return self.max_scroll_y > 0 or type(self).can_focus

    def _show_more(self) -> None:
        """Say in the border when lines are hidden below (there are no scrollbars)."""
        more = len(self._strips) > self.scroll_offset.y + self.window_height
        if self.key_scrolled and not type(self).can_focus:
            self.can_focus = self.cut or self.scroll_offset.y > 0
        if more != self._more:
            self._more = more
            self._subtitle()

    def _subtitle(self, focused: bool | None = None) -> None:
        # (``focused`` from the Focus and Blur handlers: they run before Textual's own sets ``has_focus``)
        if self.has_focus if focused is None else focused:
            self.border_subtitle = SCROLL_HINT
        elif self.styles.border_bottom[0] not in ("", "none", "hidden"):
            self.border_subtitle = ("▼ more · Tab" if self.key_scrolled else "▼ more") if self._more else ""
        else:
            self.border_subtitle = ""

    def on_focus(self) -> None:
        self._subtitle(focused=True)

    def on_blur(self) -> None:
        self._subtitle(focused=False)

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self._show_more()

    def render_line(self, y: int) -> Strip:
        sx, sy = self.scroll_offset
        width = self.size.width
        index = sy + y
        # (the panel's style only where it is needed: it is worked out anew at each read, and a frame reads
        # every line of the panels it paints)
        if index >= len(self._strips):
            return Strip.blank(width, self.kept_style)
        strip = self._strips[index]
        return strip if not sx and strip.cell_length == width else strip.crop_extend(sx, sx + width, self.kept_style)

    def on_resize(self) -> None:
        if self.content_width != self._built_width:
            self.redraw()
        else:
            self._show_more()  # a new height: more or fewer lines hidden
        pending = getattr(self, "_pending_line", None)
        if pending is not None and self.scrollable_content_region.height > 0:
            self.scroll_to_line(pending)

    def on_mount(self) -> None:
        super().on_mount()  # type: ignore[no-untyped-call]  # Textual's ScrollView.on_mount is unannotated
        self.call_after_refresh(self.redraw)

    def rebuild(self) -> None:
        """Build the lines anew (what they depend on changed, not the game: a layout's choice of form)."""
        self._built_width = -1
        self.redraw()

    def catch_up(self) -> None:
        """Build what changed while hidden (a tab brought to the front keeps its size: no Resize comes)."""
        if self.content_width != self._built_width:
            self.redraw()

    def scroll_to_line(self, y: int, *, center: bool = False) -> None:
        """Bring line ``y`` into view (no animation); a hidden panel does it when it is shown."""
        height = self.window_height
        if height <= 0:
            self._pending_line = y
            return
        self._pending_line = None
        sy = self.scroll_offset.y
        if center and not sy <= y < sy + height:
            self.scroll_to(y=max(0, y - height // 2), animate=False)
        elif y < sy:
            self.scroll_to(y=y, animate=False)
        elif y >= sy + height:
            self.scroll_to(y=y - height + 1, animate=False)

    @property
    def line_count(self) -> int:
        """The lines built for the width now (0 before the first build)."""
        return len(self._strips)

    @property
    def plain_lines(self) -> list[str]:
        """The lines as plain text (for tests)."""
        return ["".join(seg.text for seg in strip).rstrip() for strip in self._strips]
