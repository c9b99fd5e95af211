"""Enter pressed while the start screen is still loading the rules in its thread: run by
tests/ui/test_play.py in a fresh interpreter (in the tests' own process the rules are imported already, so
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


async def start_before_the_load_thread_runs() -> str:
    """The load's worker is asked for and, before the event loop has started its thread, a start comes (a
    key handled first): it must not wait for a load that cannot begin until it returns."""
    from barrage_tui.ui.app import BarrageApp
    from barrage_tui.ui.screens.start import StartScreen

    app = BarrageApp(save_dir=False, seed=4242, cursor_blink=False, automa_delay=0.0)
    async with app.run_test(size=(160, 50)) as pilot:
        while not isinstance(app.screen, StartScreen) or not app.screen.query("#board"):  # the form is up
            await asyncio.sleep(0.005)
        screen = app.screen

        def load_then_start() -> None:  # one step of the app's loop, as the load's timer and a key after it
            screen._start_load()
            screen.action_start()  # the worker's thread is started by the loop this step holds: not yet

        screen.call_later(load_then_start)
        for _ in range(200):
            if type(app.screen).__name__ == "GameScreen":
                break
            await pilot.pause(0.05)
        return f"screen={type(app.screen).__name__}"


if __name__ == "__main__":
    if sys.argv[1:] == ["--before-thread"]:
        print(asyncio.run(start_before_the_load_thread_runs()))
    else:
        print(asyncio.run(enter_while_loading()))
