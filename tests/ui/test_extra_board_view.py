"""The extra action board's panel and help: its spaces, who stands on each this round, and that it is assumed."""

from __future__ import annotations

from barrage_tui.rules import SeatSetup, Setup
from barrage_tui.rules.game import Game
from barrage_tui.ui.widgets.deck import Deck

from .conftest import game_screen, help_text
from .screenshots import settle
from .test_snapshots import app_with

OPTIONS = {"board": "five", "modules": ["overseas", "extra_board"]}


def taken_small_action() -> Game:
    """Five people; the first to act takes the extra board's 3-Engineer small action (turn the wheel)."""
    seats = tuple(SeatSetup(f"P{i + 1}", company=c, officer="")
                  for i, c in enumerate(("usa", "germany", "italy", "france", "japan")))
    game = Game.new(Setup(seats, seed=5, options=OPTIONS))
    while game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    game.choose("place:extra-small-3")
    game.choose("wheel")
    if game.prompt.kind == "confirm_turn":
        game.choose(game.prompt.choices[0].key)
    return game


async def test_the_panel_shows_who_stands_on_its_spaces_and_that_it_is_assumed():
    game = taken_small_action()
    taker = next(c for c in game.state.companies if game.state.engineers_on.get("extra-small-3", [0] * 5)[c.seat])
    app = app_with(game)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for deck in app.screen.query(Deck):
            deck.show("extra_board")
        await settle(pilot)
        panel = game_screen(app).query_one("#extra_board")
        lines = panel.plain_lines
        letter = {"usa": "U", "germany": "G", "italy": "I", "france": "F", "japan": "J"}[taker.company]
        assert lines[:4] == ["2E      one small action ·", f"3E      one small action {letter}3",
                             "2E      a production ·", "3E+3cr  a production ·"]
        assert any(line.startswith("assumed:") for line in lines)
        assert "The extra action board (assumed)" in await help_text(pilot)
