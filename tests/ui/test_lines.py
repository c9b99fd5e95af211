"""A panel's lines are drawn in the styles they are built with."""

from __future__ import annotations

from rich.style import Style
from rich.text import Text
from textual.app import App, ComposeResult

from barrage_tui.ui.widgets.lines import LinesView


class Titled(LinesView):
    def build(self, width: int) -> list[Text]:
        return [Text("Round 2", style="bold red"), Text("a ") + Text("b", style="blue")]


class _App(App[None]):
    def compose(self) -> ComposeResult:
        yield Titled()


def styles_of(strip) -> list[tuple[str, Style | None]]:
    return [(s.text.strip(), s.style) for s in strip if s.text.strip()]


async def test_a_line_styled_as_a_whole_keeps_its_style():
    # (a line of one style and no spans, a log's round title: Rich leaves its style to the caller)
    app = _App()
    async with app.run_test(size=(40, 5)) as pilot:
        await pilot.pause()
        view = app.query_one(Titled)
        title, mixed = view.strips_of(view.build(view.content_width))
        ((text, style),) = styles_of(title)
        assert text == "Round 2" and style is not None and style.bold and style.color.name == "red"
        assert [(t, s.color.name if s and s.color else None) for t, s in styles_of(mixed)] == [("a", None),
                                                                                             ("b", "blue")]
