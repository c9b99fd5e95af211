"""A new layout is built (a resize to another layout mode) while work queued for the old one comes due (the
screen on top runs the callbacks of the screen below, while that screen is busy rebuilding). Such work used
to touch the old layout's widgets, already off the screen (NoScreen), or query the new one half-built
(NoMatches), and the game ended: in about half the storms of 200 random sizes (tests/storm_ui.py).

The rebuild is held open here by a widget that mounts slowly (a slow machine, a long storm of resizes),
and the screen on top (which runs the callbacks of the screen below) is held busy, so the order of events
is the one that crashed, every time."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass

from textual import events
from textual.geometry import Size
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget

from barrage_tui.ui.screens.game import GameScreen

from .conftest import game_screen, screen_text
from .driver import at_first_action


class Gate(Widget):
    """Mounted last in each layout: while ``held`` is set, the layout's mount waits for the test to open it."""

    DEFAULT_CSS = "Gate { display: none; }"
    held: asyncio.Event | None = None  # set: mounts wait for ``opened``
    opened: asyncio.Event | None = None
    waiting = 0  # Gates waiting now

    async def on_mount(self) -> None:
        if Gate.held is not None and Gate.held.is_set():
            Gate.waiting += 1
            await Gate.opened.wait()
            Gate.waiting -= 1


def gated(monkeypatch) -> None:
    compose = GameScreen.compose

    def compose_with_a_gate(screen):
        yield from compose(screen)
        yield Gate()

    Gate.held, Gate.opened, Gate.waiting = asyncio.Event(), asyncio.Event(), 0
    monkeypatch.setattr(GameScreen, "compose", compose_with_a_gate)


class Busy(ModalScreen):
    """A dialog on top of the game whose message queue the test holds (``Hold``)."""

    @dataclass
    class Hold(Message):
        until: asyncio.Event

    async def on_busy_hold(self, message: Hold) -> None:
        await message.until.wait()


def resize(app, size: tuple[int, int]) -> None:
    """The terminal's new size, without Pilot's wait for the screen (which is held here)."""
    app.post_message(events.Resize(Size(*size), Size(*size)))


async def until(condition, what: str) -> None:
    for _ in range(400):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


async def rebuild_held(app, size) -> None:
    """Resize to ``size`` (another layout mode) and wait until its layout is being built, held at the gate."""
    Gate.opened.clear()
    Gate.held.set()
    resize(app, size)
    await until(lambda: Gate.waiting, f"a layout for {size} being built")


async def open_gate() -> None:
    Gate.held.clear()
    Gate.opened.set()
    await until(lambda: not Gate.waiting, "the layout built")


async def test_the_old_layouts_refresh_coming_due_during_the_next_rebuild_is_dropped(app_factory, monkeypatch):
    """compact -> wide -> compact quickly under a dialog: the wide layout's refresh, queued on the dialog,
    came due while the compact layout was being built and drew the wide banner, already off the screen."""
    gated(monkeypatch)
    game = at_first_action(2, 9)
    app = app_factory(game=game)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        busy = Busy()
        app.push_screen(busy)
        await pilot.pause()
        screen = app.screen_stack[-2]
        free = asyncio.Event()
        busy.post_message(Busy.Hold(free))  # the dialog runs no callbacks until ``free``
        resize(app, (160, 50))  # wide: built at once, its refresh is queued on the busy dialog
        await until(lambda: screen.mode == "wide" and screen.query("#side"), "the wide layout")
        await asyncio.sleep(0.1)
        await rebuild_held(app, (80, 24))  # compact: being built...
        free.set()  # ...when the wide layout's refresh comes due
        await asyncio.sleep(0.2)
        await open_gate()
        app.pop_screen()
        await pilot.pause(0.2)
        assert game_screen(app).mode == "compact"
        deciding = game.state.companies[game.prompt.seat].player
        assert f"{deciding} (" in screen_text(app)  # the compact layout shows the table
        before = len(game.log)
        await pilot.press("enter")
        await pilot.pause()
        assert len(game.log) == before + 1

