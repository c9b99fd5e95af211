"""The China Challenge's part of ``?``: each yield tile by its area with its text and the decision taken where
the text is unclear (yield-tiles.toml ``note``): the 1 Excavator / Mixer less tiles say what they lower."""

from __future__ import annotations

from barrage_tui.rules.modules.china import data as landscape_data
from barrage_tui.rules.modules.china import rules as landscapes
from barrage_tui.rules.setup import MODULES_OPTION
from barrage_tui.rules.modules.china import china

from .conftest import help_text
from .driver import people


async def test_the_help_shows_what_the_machinery_less_yield_tiles_lower(app_factory):
    game = people(("Ann", "usa", "wilhelm"), ("Bob", "china", "jill"), seed=4,
                  options={MODULES_OPTION: ["china"], "board": "yellow-river"})
    st = game.state
    spaces = sorted(china(st).yields)
    others = [t for t in china(st).yields.values() if t not in ("2", "4")]
    china(st).yields = dict(zip(spaces, ["2", "4", *others]))  # both of them lie by an area
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        text = await help_text(pilot, 400)
    for tile in ("2", "4"):
        note = landscape_data.box().yields[tile].note
        assert note.startswith("Decision:") and "token 6" in note
        assert " ".join(landscapes.yield_text(tile).split()) in text
    assert "China's extra Conduit Mixer" in text
