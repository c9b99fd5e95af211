"""A burst of resizes across the three layout modes, then a key: run by test_layout.py in a child process.

A game screen that livelocks never yields to the event loop again, so no wait inside the same process
could end; the test waits for this process instead, with a bound. Prints ``mode=<mode> decisions=<n>``.
"""

from __future__ import annotations

import asyncio

from textual import events
from textual.geometry import Size

from barrage_tui.rules.game import Game
from barrage_tui.ui.screens.game import GameScreen

from .conftest import game_screen, make_app
from .driver import default_setup

# wide -> compact -> medium -> wide -> compact -> wide: each one a new layout mode
BURST = [(80, 24), (120, 40), (160, 50), (80, 24), (160, 50)]


def resize(app, size: tuple[int, int]) -> None:
    """What the terminal does on a resize: the app is told the new size (Pilot's resize_terminal, without
    its wait for the screen, which would end the burst)."""
    app.post_message(events.Resize(Size(*size), Size(*size)))


async def burst_then_key() -> str:
    game = Game.new(default_setup(2, 9))
    app = make_app(None, game=game)
    later = list(BURST[1:])
    recompose = GameScreen.recompose

    async def recompose_during_the_burst(screen):
        # the next size of the burst arrives while the screen is being rebuilt for the previous one (a
        # real terminal does this when the window is flipped faster than a recompose takes)
        if later:
            resize(app, later.pop(0))
            await asyncio.sleep(0.05)  # the app passes the size on to the screen meanwhile
        await recompose(screen)

    GameScreen.recompose = recompose_during_the_burst
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        resize(app, BURST[0])
        for _ in range(100):
            if not later:
                break
            await pilot.pause(0.05)
        await pilot.pause(0.2)
        before = len(game.log)
        await pilot.press("enter")  # the first choice of the pending decision
        await pilot.pause()
        return f"mode={game_screen(app).mode} size={app.size.width}x{app.size.height} " \
               f"decisions={len(game.log) - before}"


if __name__ == "__main__":
    print(asyncio.run(burst_then_key()))
