"""What the others did (issue 22, item 4): when a person's turn begins after other seats played, a short
recap of those turns - who did what, an Automa's deeds first and then why - until the person acts."""

from __future__ import annotations

import random

from rich.console import Console

from barrage_tui.rules import Game, SeatSetup, Setup
from barrage_tui.ui.history import since_last_turn
from barrage_tui.ui.view import View
from barrage_tui.ui.palette import RECENT
from barrage_tui.ui.widgets.map import MapView
from barrage_tui.ui.widgets.prompt import Recap, recap_lines

from .conftest import game_screen
from .driver import pick
from .test_log_screen import automa_game


def hotseat_game() -> Game:
    """Two people at one keyboard, a few turns in: the second decides after the first played."""
    game = Game.new(Setup(seats=(SeatSetup("Ann", company="usa", officer="wilhelm"),
                                 SeatSetup("Ben", company="germany", officer="jill")), seed=4))
    rng = random.Random(2)
    while game.prompt is not None and game.prompt.kind != "action":
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    first = game.prompt.seat
    while game.prompt.seat == first:  # the first seat's whole turn
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    return game


def recap_text(game: Game, width: int = 80, most: int = 50) -> str:
    return "\n".join(line.plain for line in recap_lines(View(game), since_last_turn(game), width, most))


def test_in_hotseat_the_next_person_reads_what_the_other_did():
    game = hotseat_game()
    other = 1 - game.prompt.seat
    turn = since_last_turn(game)[-1]  # (its starting contract, picked after this seat's, comes before)
    assert turn.seat == other and turn.round == 1 and not turn.automa
    deeds = [e.text for e in turn.events if e.kind != "only_choice"]
    text = recap_text(game, 200)
    name = "USA" if other == 0 else "Germany"
    assert text.startswith(f"{'U' if other == 0 else 'G'} {name}: ")
    assert deeds[0][len(name) + 1:].rstrip(".") in text  # "places 2 Engineers on ...", its name said once, before
    game.choose(game.prompt.choices[0].key)  # the person acts: the recap is done
    assert since_last_turn(game) == [] or since_last_turn(game)[0].seat != other


def test_only_the_recaps_badge_is_in_the_companys_colour():
    # the letter on its colour, the name in bold, what it did in the plain text (the badge's style once
    # spread over the whole turn, every line of it: a bar of colour to read, and its codes on every row)
    game = hotseat_game()
    lines = recap_lines(View(game), since_last_turn(game), 40, 50)
    assert len(lines) > 1
    first = lines[0]
    assert first.style == "" and first.get_style_at_offset(Console(), 0).bgcolor is not None
    assert all(span.style.bgcolor is None for line in lines for span in line.spans if span.start > 0)
    assert all(line.style == "" for line in lines)


def test_an_automas_turn_says_what_it_did_first_then_why():
    game = automa_game(rounds=1)
    rng = random.Random(3)
    while not (game.prompt.kind == "action" and since_last_turn(game)
               and any(t.automa for t in since_last_turn(game))):
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    text = recap_text(game, 120)
    turn = next(t for t in since_last_turn(game) if t.automa)
    did = next(e for e in turn.events if e.kind == "place")
    assert text.index(did.text.split(" ", 1)[1][:30]) < text.index("why: ")  # what it did, then why
    (action, criteria), *_ = turn.reasoning.data["cards"]
    why = " ".join(text.split("why: ", 1)[1].split())
    assert why.startswith(f"cards {action}/{criteria}")  # its cards, then the boxes skipped by name
    for box in turn.reasoning.data["skipped"]:
        assert box in why
    assert "skipped, " not in why and "took " in why  # (why each box was skipped is on the log screen, L)


def test_a_long_recap_ends_with_where_the_rest_is():
    game = automa_game(rounds=1)
    rng = random.Random(3)
    while not (game.prompt.kind == "action" and any(t.automa for t in since_last_turn(game))):
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    lines = recap_text(game, 40, most=3).splitlines()
    assert len(lines) == 3 and lines[-1].endswith("… L: the rest")


def after_an_automa_build() -> tuple[Game, str]:
    """A person deciding right after an Automa built: the game and the space it built on."""
    game = automa_game(rounds=1)
    rng = random.Random(3)
    while True:
        builds = [r for t in since_last_turn(game) if t.automa for e in t.events if e.kind == "build" for r in e.refs]
        if game.prompt.kind == "action" and builds:
            return game, builds[0]
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)


def marked_recent(screen, ref: str) -> bool:
    """Whether the map draws ``ref`` in the recap's own style."""
    mp = screen.query_one(MapView)
    return any(seg.text.strip() == ref and seg.style is not None and seg.style.color == RECENT.color
               and seg.style.italic for strip in mp._strips for seg in strip)


async def test_the_map_marks_what_the_automa_built_until_the_person_acts(app_factory):
    game, space = after_an_automa_build()
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        mp = screen.query_one(MapView)
        assert space in screen.view.recent
        assert marked_recent(screen, space)
        line = mp.line_of(space)
        assert mp.scroll_offset.y <= line < mp.scroll_offset.y + mp.scrollable_content_region.height
        screen.choose(game.prompt.choices[0].key)  # the person acts: the others' turns are seen
        await pilot.pause()
        assert not screen.view.recent and not marked_recent(screen, space)


async def test_the_recap_has_its_lines_in_the_frame_that_shows_it(app_factory):
    """Built with the decision, in the box's own rows: the frame that shows it shows the choices below it (not a
    frame without its lines, then the choices painted again one recap lower)."""
    game = hotseat_game()
    seat = game.prompt.seat
    while game.prompt.seat == seat:  # to the end of this seat's turn: the next one is the other person's
        game.choose(game.prompt.choices[0].key)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        choices = screen.choice_list
        screen.view.recap = []  # as before the other person's turn
        choices.set_choices(screen.view)
        await pilot.pause()
        assert not choices.recap_text
        screen.refresh_table()  # (no await: what the first frame after it will paint)
        assert choices.recap_text and choices.recap_text[0].startswith(("U ", "G "))
        rows = [choices.render_line(y).text for y in range(choices.size.height)]
        first = choices.row_of(0)
        assert first is not None and rows[first].strip().startswith("▶")
        assert any(row.startswith(choices.recap_text[0]) for row in rows[:first])


async def test_the_recap_leaves_the_choices_most_of_the_box(app_factory):
    """A long recap over a long list of choices takes at most the YIELD share of the box beyond what the
    choices leave (it once took 70%, leaving two choices in view); the list's last line shown says there is
    more, and the selected choice is never under that line."""
    game = automa_game(rounds=1)
    rng = random.Random(3)
    while not (game.prompt.kind == "action" and any(t.automa for t in since_last_turn(game))
               and len(game.prompt.choices) >= 12):
        game.choose(game.prompt.choices[pick(rng, game.prompt)].key)
    app = app_factory(game=game)
    async with app.run_test(size=(160, 50)) as pilot:
        await pilot.pause()
        screen = game_screen(app)
        choices = screen.choice_list
        box, recap = choices.size.height, choices.recap_text
        assert recap and len(recap) <= max(3, int(box * Recap.YIELD)) < int(box * Recap.SHARE)
        assert choices.window_height >= len(recap)  # (as many lines as the recap at least)
        assert choices.max_scroll_y > 0  # (the list is longer than its part of the box)
        last = choices.size.height - 1
        assert choices.render_line(last).text.strip() == choices.MORE
        for _ in range(len(game.prompt.choices) - 1):  # down the whole list: the selected one stays in view
            await pilot.press("down")
            first, n = choices._rows[choices.index]
            top, shown = choices.scroll_offset.y, choices.window_height - 1  # (the last row says "more")
            assert top <= first and first + n - 1 < top + shown or first + n == len(choices.plain_lines)
        # at the last choice, the list's end: the spaces not offered, and why, as many as fit under it
        assert choices.scroll_offset.y == min(choices.max_scroll_y, choices._rows[-1][0])
        for _ in range(len(choices.plain_lines)):  # and down again: the rest of them, a line at a time
            await pilot.press("down")
        assert choices.scroll_offset.y == choices.max_scroll_y
        assert choices.render_line(last).text.strip() != choices.MORE
        await pilot.press("up")  # back to the choice before the last, in view again
        first, n = choices._rows[choices.index]
        assert choices.scroll_offset.y <= first
