"""Where a player looks (issue 22, item 6): each company's VP beside its energy on the energy track, and the
sign ≈ beside data no source prints (a company board's assumed incomes), not only in the help."""

from __future__ import annotations

from barrage_tui.rules import Game, SeatSetup, Setup, facts
from barrage_tui.ui.view import View
from barrage_tui.ui.widgets.company import CompanyBoard
from barrage_tui.ui.widgets.energy import EnergyTrack


def game_of(*companies: str) -> Game:
    game = Game.new(Setup(seats=tuple(SeatSetup(f"P{i}", company=c, officer=o)
                                      for i, (c, o) in enumerate(zip(companies, ("wilhelm", "jill")))), seed=3))
    while game.prompt is not None and game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return game


def plain(lines) -> list[str]:
    return [" ".join(line.plain.split()) for line in lines]


def test_the_energy_track_shows_each_companys_vp_beside_its_energy():
    game = game_of("usa", "germany")
    game.state.companies[0].vp, game.state.companies[1].vp = 27, 9
    rows = [line.replace("·", "").split() for line in plain(EnergyTrack().lines(View(game), 60))
            if line.endswith(" VP")]  # (without the bar's dots)
    assert sorted(rows) == [["G", "0", "9", "VP"], ["U", "0", "27", "VP"]], rows


def test_assumed_board_incomes_are_marked_where_the_board_shows_them():
    game = game_of("japan", "usa")
    assert facts().companies["japan"].assumed and not facts().companies["usa"].assumed
    for width in (60, 30):  # the full income rows, and the narrow summary
        japan = " ".join(plain(CompanyBoard(0).lines(View(game), width)))
        usa = " ".join(plain(CompanyBoard(1).lines(View(game), width)))
        assert "≈" in japan and "≈" not in usa, (width, japan)


def test_every_owner_reads_by_its_own_letter():
    """Owners are shown by colour and by letter, so the screen reads without colour: no two companies share a
    letter, and none takes the neutral dams' and powerhouses' N."""
    from barrage_tui.ui.palette import NEUTRAL_LOOK

    letters = [c.letter for c in facts().companies.values()]
    assert len(set(letters)) == len(letters), letters
    assert NEUTRAL_LOOK[0] not in letters
