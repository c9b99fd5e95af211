"""Pictures of the drawn map (SVG snapshots in tests/ui/snapshots/; `pytest --snapshot-update` after a
deliberate change): the base map, the Yellow River and the Duel map, mid-game, with dams, conduits and
powerhouses of several owners and water in the dams (the 4-5 player map with five companies; the Yellow River
also with the China Challenge: its yield tiles and assumed landscapes), at 160x50 (the whole map beside the other panels),
120x40 and 80x24 (its tab brought to the front)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from barrage_tui.rules.game import Game
from barrage_tui.rules.state import DamState
from barrage_tui.ui.app import BarrageApp
from barrage_tui.ui.widgets.deck import Deck

from .driver import default_setup, pick
from .screenshots import assert_screen, settle

# name: (board, seats, modules): the 4-5 player map with five companies (Japan and Brazil make five)
BOARDS = {"base": ("", 3, ()), "yellow-river": ("yellow-river", 3, ()), "duel": ("duel", 2, ()),
          "five": ("five", 5, ("overseas",)), "yellow-river-china": ("yellow-river", 3, ("china",))}
SIZES = ((160, 50), (120, 40), (80, 24))


def mid_game(board: str, seats: int, seed: int = 8, modules: tuple[str, ...] = ()) -> Game:
    """Some way into round 1, then a mid-game map laid on it: each seat's dams (of heights 1-3, with drops),
    conduits and powerhouses on free spaces, spread over the board, and drops waiting on the headstreams."""
    setup = default_setup(seats, seed)
    options = {**setup.options, **({"board": board} if board else {}), **({"modules": list(modules)} if modules else {})}
    game = Game.new(replace(setup, options=options))
    rng = random.Random(seed)
    for _ in range(12):
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    st, b = game.state, game.board

    def free(spaces, taken) -> list[str]:
        return [s for s in spaces if s not in taken and not b.covered_by(s)
                and s not in {x for t in st.preparation.values() for x in (t if isinstance(t, list) else [t])}]

    for i, space in enumerate(free(b.dams, st.dams)[1::3]):
        height = 1 + i % 3
        st.dams[space] = DamState(owner=i % seats, height=height, drops=min(height, i % 4))
        st.drops_created += st.dams[space].drops
    for i, space in enumerate(free(b.conduits, st.conduits)[::4]):
        st.conduits[space] = (i + 1) % seats
    for i, space in enumerate(free(b.powerhouses, st.powerhouses)[::3]):
        st.powerhouses[space] = (i + 2) % seats
    for head in b.headstreams[:2]:
        st.headstream_drops[head] += 1
        st.drops_created += 1
    return game


def map_in_front(pilot) -> None:
    for deck in pilot.app.screen.query(Deck):
        deck.show("map")


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", list(BOARDS))
async def test_the_drawn_map(snapshot, name, size):
    board, seats, modules = BOARDS[name]
    app = BarrageApp(save_dir=False, seed=4242, cursor_blink=False, automa_delay=0.0,
                     game=mid_game(board, seats, modules=modules))

    async def ready(pilot) -> None:
        await settle(pilot)
        map_in_front(pilot)
        await settle(pilot)

    await assert_screen(snapshot, app, size, [], f"map_{name}_{size[0]}x{size[1]}.svg", ready=ready)
