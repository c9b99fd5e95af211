"""The session under the game screen (no Textual): back-out, hand-over, round summaries; and the Automa."""

from __future__ import annotations

import random

from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup
from barrage_tui.ui.session import Session

from .conftest import choose, game_screen
from .driver import default_setup, pick


def at_first_action(seed=5):
    game = Game.new(default_setup(2, seed))
    while game.prompt.kind != "action":
        game.choose(game.prompt.choices[0].key)
    return game


def test_back_undoes_to_the_start_of_the_action():
    game = at_first_action()
    session = Session(game)
    seat = game.prompt.seat
    game.choose("place:construct")
    game.choose(game.prompt.choices[0].key)
    assert game.prompt.kind in ("build_space", "payment")
    assert session.back() == 2
    assert game.prompt.kind == "action" and game.prompt.seat == seat
    assert session.back() == 0  # nothing to back out of


def test_handover_only_between_people():
    game = at_first_action()
    session = Session(game)
    first = game.prompt.seat
    out = session.choose("place:bank-b")
    assert not out.handover  # the same player answers how many Engineers
    out = session.choose(game.prompt.choices[0].key)
    assert game.prompt.seat != first and out.handover


def test_a_round_summary_when_a_round_is_scored():
    game = Game.new(default_setup(2, 6))
    session = Session(game)
    rng = random.Random(6)
    summaries = []
    while game.state.round == 1 or not summaries:
        out = session.choose(game.prompt.choices[pick(rng, game.prompt)].key)
        if out.summary:
            summaries.append(out.summary)
    s = summaries[0]
    assert s.round == 1 and len(s.rows) == 2
    energies = [row[1] for row in s.rows]
    assert energies == sorted(energies, reverse=True)
    assert {row[0] for row in s.rows} == {0, 1}


async def test_the_automa_plays_its_turns_by_itself(app_factory):
    from barrage_tui.ui.storage import attach_automa

    setup = Setup(seats=(SeatSetup("Ana"), SeatSetup("Bot", kind="automa")), seed=3)
    game = attach_automa(Game.new(setup))
    app = app_factory(game=game)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause(0.2)
        rng = random.Random(3)
        automa_steps = 0
        for _ in range(12):
            await pilot.pause(0.1)
            prompt = game.prompt
            assert prompt is not None
            assert game.state.companies[prompt.seat].kind == "human"  # the Automa never waits for keys
            automa_steps = sum(1 for e in game.events if "Automa" in e.text)
            await choose(pilot, prompt.choices[pick(rng, prompt)].key)
        assert automa_steps > 0
        assert game_screen(app).session.game is game


def test_the_company_board_shows_the_ability_as_the_engine_has_it_for_a_medium_automa():
    from barrage_tui.rules import Game, SeatSetup, Setup
    from barrage_tui.ui.view import View
    from barrage_tui.ui.widgets.company import CompanyBoard

    setup = Setup(seats=(SeatSetup("Ann", company="usa", officer="wilhelm"),
                         SeatSetup("A2", "automa", "italy", "", "medium")), seed=5)
    game = Game.new(setup)
    for space in ("P1_0", "P2_0", "P3_0"):  # three powerhouses: a person's ability would be on
        game.state.powerhouses[space] = 1
    assert not game.ability_active(1)
    text = " ".join(" ".join(line.plain.split()) for line in CompanyBoard(1).lines(View(game), 60))
    assert "(not at this Automa level)" in text and "(on)" not in text
    for space in ("P4_0", "P5_0", "P6_0"):
        game.state.powerhouses[space] = 0
    assert "(on)" in " ".join(line.plain for line in CompanyBoard(0).lines(View(game), 60))


def test_the_round_summary_says_the_rounds_real_bonus_threshold_and_who_is_behind():
    from rich.console import Console

    from barrage_tui.rules import Game, SeatSetup, Setup, scoring
    from barrage_tui.ui.screens.summary import bonus_line, summary_table
    from barrage_tui.ui.session import round_summary

    game = Game.new(Setup(seats=(SeatSetup("Ann", company="usa", officer="wilhelm"),
                                 SeatSetup("Ben", company="italy", officer="jill")), seed=2))
    st = game.state
    st.round = 2
    st.companies[0].energy, st.companies[1].energy = 8, 13
    start = len(game.events)
    scoring.score_round(game)
    summary = round_summary(game.events[start:])
    assert (summary.round, summary.full_bonus_at, summary.behind) == (2, 12, {0: 1, 1: 0})
    console = Console(width=120, record=True)
    console.print(summary_table(game, summary))
    table = console.export_text()
    assert "(1 section behind)" in next(line for line in table.splitlines() if "Ann" in line)
    assert "behind" not in next(line for line in table.splitlines() if "Ben" in line)
    assert "needs 12 energy this round" in bonus_line(summary) and "nothing below 6" in bonus_line(summary)


def test_the_round_summarys_total_is_the_vp_once_the_round_was_scored():
    """The summary comes up once the next round began (its income taken) and may be shown again later (r): its
    total is what each company had when the round was scored, not what it has since."""
    from rich.console import Console

    from barrage_tui.rules import Game, SeatSetup, Setup, scoring
    from barrage_tui.ui.screens.summary import summary_table
    from barrage_tui.ui.session import round_summary

    game = Game.new(Setup(seats=(SeatSetup("Ann", company="usa", officer="wilhelm"),
                                 SeatSetup("Ben", company="italy", officer="jill")), seed=2))
    start = len(game.events)
    scoring.score_round(game)
    scored = [c.vp for c in game.state.companies]
    game.gain_vp(0, 5, "income")  # the next round's income, say
    summary = round_summary(game.events[start:])
    assert {row[0]: row[6] for row in summary.rows} == {0: scored[0], 1: scored[1]}
    console = Console(width=120, record=True)
    console.print(summary_table(game, summary))
    ann = next(line for line in console.export_text().splitlines() if "Ann" in line)
    assert ann.split()[-1] == str(scored[0]) != str(game.state.companies[0].vp)


def test_the_end_screen_explains_the_automas_objective_bonus():
    from barrage_tui.rules import Game, SeatSetup, Setup, scoring
    from barrage_tui.ui.screens.end import automa_notes

    game = Game.new(Setup(seats=(SeatSetup("Ann", company="usa", officer="wilhelm"),
                                 SeatSetup("A2", "automa", "italy", "", "medium")), seed=2))
    scoring.final_scoring(game)  # nobody has anything: both share the first place, the Automa gets 5 more
    notes = automa_notes(game)
    assert len(notes) == 1 and notes[0].startswith("Italy (Automa) scored") and "5 VP more" in notes[0]


def test_a_finished_game_says_how_to_get_back_to_the_scores():
    from barrage_tui.rules import Game, SeatSetup, Setup
    from barrage_tui.ui.view import View
    from barrage_tui.ui.widgets.prompt import header_lines

    game = Game.new(Setup(seats=(SeatSetup("Ann", company="usa", officer="wilhelm"),), seed=1))
    while game.prompt is not None:  # a whole solo game, always the last choice (pass, sooner or later)
        game.choose(game.prompt.choices[-1].key)
    text = " ".join(line.plain for line in header_lines(View(game), 60))
    assert "The game is over." in text and "Enter: back to the final scores." in text
