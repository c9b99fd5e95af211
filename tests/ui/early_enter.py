"""Enter pressed while the start screen is still loading the rules in its thread: run by
test_start_modules.py in a fresh interpreter (in the tests' own process the rules are imported already, so
the race between the load's imports and the start's could not happen). Prints the screen shown after it."""

from __future__ import annotations

import asyncio
import sys


async def enter_while_loading() -> str:
    from barrage_tui.ui.app import BarrageApp

    assert "barrage_tui.rules" not in sys.modules  # what the start screen loads in its thread
    app = BarrageApp(save_dir=False, seed=4242, cursor_blink=False, automa_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        for _ in range(400):  # until the load's thread runs: Enter comes while it imports
            if any(w.group == "start-load" for w in app.workers):
                break
            await asyncio.sleep(0.005)
        await pilot.press("enter")
        for _ in range(200):
            if type(app.screen).__name__ == "GameScreen":
                break
            await pilot.pause(0.05)
        return f"screen={type(app.screen).__name__} loaded={'barrage_tui.rules' in sys.modules}"


if __name__ == "__main__":
    print(asyncio.run(enter_while_loading()))
