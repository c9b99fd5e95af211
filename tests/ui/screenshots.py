"""Pictures of the app for pytest-snapshot: the app run by Textual's test pilot, exported as SVG.

``assert_screen`` is all a snapshot test needs: the app, the terminal size, the keys, the file name. The
files are in tests/ui/snapshots/; ``pytest --snapshot-update`` rewrites them after a deliberate change.
"""

from __future__ import annotations

import re
from collections.abc import Awaitable, Callable, Sequence
from pathlib import Path

from textual.app import App
from textual.pilot import Pilot

SNAPSHOTS = Path(__file__).parent / "snapshots"

# Rich's export_svg prefixes every CSS class and clip-path id with "terminal-<a hash of the whole
# screen>": any change to one cell would rename them on every line of the file. One fixed prefix keeps a
# snapshot's diff down to the lines that changed.
_UNIQUE_ID = re.compile(r"\bterminal-\d+")


def normalised(svg: str) -> str:
    return _UNIQUE_ID.sub("terminal", svg)


async def settle(pilot: Pilot) -> None:
    """Long enough for the screen to finish its work (the old snapshots' pause, kept)."""
    await pilot.pause(0.3)


async def screenshot(app: App, size: tuple[int, int], keys: Sequence[str] = (),
                     ready: Callable[[Pilot], Awaitable[object]] = settle) -> str:
    """The SVG of ``app`` at ``size`` (columns, rows) once ``ready`` and then ``keys`` have been played.

    The app must not blink (``cursor_blink=False``) or otherwise change by itself: a snapshot is one frame.
    """
    async with app.run_test(size=size) as pilot:
        await ready(pilot)
        if keys:
            await pilot.press(*keys)
            await settle(pilot)
        await pilot.wait_for_scheduled_animations()
        await pilot.pause()
        return normalised(app.export_screenshot(title="Barrage", simplify=True))


async def assert_screen(snapshot, app: App, size: tuple[int, int], keys: Sequence[str], name: str,
                        ready: Callable[[Pilot], Awaitable[object]] = settle) -> None:
    """The app's screen after ``keys`` matches the snapshot file ``name`` (pytest-snapshot's fixture)."""
    snapshot.snapshot_dir = SNAPSHOTS
    snapshot.assert_match(await screenshot(app, size, keys, ready), name)
