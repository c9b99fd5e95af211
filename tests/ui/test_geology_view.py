"""The Geological Factor on screen: each token on its valley's upper dam space, in letters and colour, with
its cost; every token's effect and the decisions taken in the help; a token's +1 in a conduit's value."""

from __future__ import annotations

import re

from barrage_tui.rules.components import components
from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import MODULES_OPTION
from barrage_tui.rules.modules.geological.rules import tag as token_tag
from barrage_tui.ui.widgets.map import MapView
from barrage_tui.rules.modules.geological.state import GeologicalState, tokens_of
from barrage_tui.rules.modules.geological import rules as geology

from .conftest import help_text, screen_text
from .driver import people


def geology_game(seed: int = 5) -> Game:
    return people(("Ann", "usa", "wilhelm"), ("Bob", "italy", "jill"), seed=seed,
                  options={MODULES_OPTION: ["geological"]})


def test_a_tag_says_the_token_the_structure_and_the_cost():
    tokens = geology.box().tokens
    assert token_tag(tokens[4]) == "G4 E+3cr"
    assert token_tag(tokens[3]) == "G3 C+2E"
    assert token_tag(tokens[6]) == "G6 C=ExMx"


async def test_the_map_shows_each_token_on_its_valleys_upper_dam_space(app_factory):
    game = geology_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        lines = app.screen.query_one(MapView).plain_lines
        for zone, token in tokens_of(game.state).items():
            upper = geology.upper_dam(game.board, int(zone))
            line = next(x for x in lines if upper in x)
            cell = line[line.index(upper):].split("  ")[0:3]  # the space, its fee and owner, then its token
            assert token_tag(geology.box().tokens[token]) in " ".join(cell), (upper, line)


async def test_a_token_six_valley_shows_its_conduits_raised_value(app_factory):
    game = geology_game()
    zone = next(z for z in geology.valleys(game.board) if game.board.zones[z].conduits)
    game.state.modules["geological"] = GeologicalState({str(zone): 6})
    conduit = game.board.zones[zone].conduits[0]
    c = game.board.conduits[conduit]
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause(0.2)
        assert re.search(rf"{conduit} +{c.production + 1}[→↓↑←↗↘↙↖]{c.targets[0]}\b", screen_text(app))


async def test_the_help_lists_the_tokens_with_their_effects_and_decisions(app_factory):
    game = geology_game()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = await help_text(pilot, 400)
        for token in tokens_of(game.state).values():
            t = geology.box().tokens[token]
            assert token_tag(t) in text and " ".join(t.effect.split()) in text
        assert "Decision:" in text or not any(geology.box().tokens[t].note for t in tokens_of(game.state).values())


async def test_the_help_shows_the_decisions_a_player_meets_on_another_board(app_factory):
    # The Duel map's 8 valleys (the setup decision), token 6 with its Angelo and yield-tile reading, where a
    # token's machinery goes, and Angelo's own reading in the officers' part
    game = people(("Ann", "usa", "angelo"), ("Bob", "italy", "jill"), seed=5,
                  options={MODULES_OPTION: ["geological"], "board": "duel"})
    zone = next(iter(tokens_of(game.state)))
    others = {z: t for z, t in tokens_of(game.state).items() if t != 6}
    game.state.modules["geological"] = GeologicalState({**others, zone: 6})
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = await help_text(pilot, 400)
    box = geology.box()
    for note in (box.note, box.machinery_note, box.tokens[6].note, components().officers["angelo"].decision):
        assert " ".join(note.split()) in text, note
    assert "Decision: Decision:" not in text
