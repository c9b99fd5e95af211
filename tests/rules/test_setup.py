"""Setup (rulebook "Setup"; reference base-game.md sections 3 and 15)."""

import pytest

from barrage_tui.rules.components import BASE_OFFICERS, PROMO_OFFICERS, components
from barrage_tui.rules.game import Game
from barrage_tui.rules.invariants import violations
from barrage_tui.rules.officers import OFFICERS
from barrage_tui.rules.setup import EXPANSION_OPTION, SeatSetup, Setup, SetupError, new_state
from barrage_tui.rules.state import NEUTRAL

from .helpers import restart

BASIC_TILES = ["base", "elevation", "conduit", "powerhouse"]


def intro(n: int, seed: int = 1) -> Setup:
    return Setup(seats=tuple(SeatSetup(f"P{i + 1}") for i in range(n)), introductory=True, seed=seed)


def full(n: int, seed: int = 1) -> Setup:
    return Setup(seats=tuple(SeatSetup(f"P{i + 1}") for i in range(n)), seed=seed)


# ---------------------------------------------------------------- introductory game (section 15)

def test_introductory_matchups_are_fixed_and_round_one_follows_the_rows():
    # Rule: USA-Wilhelm-#1, Germany-Jill-#2, Italy-Solomon-#3, France-Viktor-#4; round-1 order = row order.
    st = new_state(intro(4))
    got = [(c.company, c.officer, c.contracts) for c in st.companies]
    assert got == [("usa", "wilhelm", [1]), ("germany", "jill", [2]),
                   ("italy", "solomon", [3]), ("france", "viktor", [4])]
    assert st.turn_order == [0, 1, 2, 3]
    assert st.starting_offer == [] and st.pick_order == []


@pytest.mark.parametrize("n", [1, 2, 3])
def test_introductory_with_fewer_companies_uses_the_first_rows(n):
    # Rule: with N players the first N rows are used.
    st = new_state(intro(n))
    rows = [("usa", "wilhelm", [1]), ("germany", "jill", [2]), ("italy", "solomon", [3])]
    assert [(c.company, c.officer, c.contracts) for c in st.companies] == rows[:n]
    assert st.turn_order == list(range(n))


def test_introductory_game_starts_with_the_first_row_acting_and_no_picks():
    # Rule: no starting-contract picks in the introductory game; row 1 plays first.
    game = Game.new(intro(3))
    assert game.prompt.kind == "action" and game.prompt.seat == 0


def test_introductory_every_company_gets_the_wild_tile():
    # Rule: each company also gets the basic wild "?" tile.
    for c in new_state(intro(4)).companies:
        assert sorted(c.tiles) == sorted(BASIC_TILES + ["joker"])


def test_introductory_game_has_no_patent_office():
    # Rule: no Patent Office and no Advanced tiles.
    st = new_state(intro(4))
    assert st.patent_offer == [] and not any(st.patent_piles.values())
    game = Game.new(intro(4))
    game.state.companies[0].credits = 30
    game = restart(game)
    assert not [k for k in game.prompt.keys() if "patent" in k]


def test_introductory_game_drops_the_advanced_tiles_bonus_tile():
    # Rule: the "advanced tiles" bonus tile is removed; the other 5 are all used.
    bonus = components().bonus_tiles
    for seed in range(1, 8):
        st = new_state(intro(2, seed))
        assert len(st.bonus_tiles) == 5 == len(set(st.bonus_tiles))
        assert "advanced_tiles" not in {bonus[t].key for t in st.bonus_tiles}
        assert set(st.bonus_tiles) == {t for t in bonus if bonus[t].key != "advanced_tiles"}


def test_introductory_game_keeps_the_rest_of_the_setup():
    # Rule: everything else as in the full game: objective, National contracts, neutral dams, headstreams.
    st = new_state(intro(3))
    assert len(st.national) == 2
    assert st.objective in components().objective_tiles
    assert len([d for d in st.dams.values() if d.owner == NEUTRAL]) == 3
    assert len(set(st.headstream_tiles.values())) == 4


def test_introductory_game_refuses_chosen_companies():
    with pytest.raises(SetupError):
        new_state(Setup(seats=(SeatSetup("A", company="usa"), SeatSetup("B")), introductory=True))


# ---------------------------------------------------------------- full game (section 3)

def pairs(game) -> list[tuple[str, str]]:
    return [(c.company, c.officer) for c in game.state.companies]


def test_each_player_picks_a_company_with_its_chief_engineer_in_picking_order():
    # Rule (Setup): as many company boards and chief engineers as players are drawn and paired at
    # random; the first player chooses a pair and a starting contract, then the others clockwise.
    game = Game.new(full(3, seed=5))
    dealt = pairs(game)
    assert len(set(c for c, _ in dealt)) == 3 and len(set(o for _, o in dealt)) == 3
    assert (game.prompt.kind, game.prompt.seat) == ("matchup", 0)
    assert sorted(game.prompt.keys()) == sorted(f"matchup:{c}" for c, _ in dealt)
    chosen = dealt[2]
    game.choose(f"matchup:{chosen[0]}")
    assert pairs(game)[0] == chosen and sorted(pairs(game)) == sorted(dealt)
    assert (game.prompt.kind, game.prompt.seat) == ("starting_contract", 0)
    game.choose(game.prompt.keys()[0])
    assert (game.prompt.kind, game.prompt.seat) == ("matchup", 1)
    assert f"matchup:{chosen[0]}" not in game.prompt.keys() and len(game.prompt.keys()) == 2
    second = game.prompt.keys()[1]
    game.choose(second)
    game.choose(game.prompt.keys()[0])  # seat 1's starting contract; seat 2 takes the pair left
    assert pairs(game)[0] == chosen and pairs(game)[1][0] == second.split(":")[1]
    assert sorted(pairs(game)) == sorted(dealt)
    assert game.state.drafting == [] and game.prompt.kind == "action"


def test_a_pair_picked_in_the_draft_starts_as_its_chief_engineer_says():
    # Elon Audia starts with Excamixers instead of Excavators and mixers: whoever picks him gets them.
    for seed in range(1, 200):
        setup = Setup(seats=tuple(SeatSetup(f"P{i + 1}") for i in range(4)), seed=seed,
                      options={EXPANSION_OPTION: True})
        game = Game.new(setup)
        elon = next((c.company for c in game.state.companies if c.officer == "elon"), None)
        if elon is not None and game.state.companies[0].officer != "elon":
            break
    game.choose(f"matchup:{elon}")
    first = game.state.companies[0]
    assert first.officer == "elon" and first.excamixers == 8 == first.excamixers_gained
    assert all(c.excamixers == 0 for c in game.state.companies[1:])
    assert violations(game) == []


def test_seats_with_a_chosen_company_or_chief_engineer_do_not_draft():
    setup = Setup(seats=(SeatSetup("A", company="italy"), SeatSetup("B"), SeatSetup("C", officer="jill"),
                         SeatSetup("D")), seed=4)
    game = Game.new(setup)
    assert game.state.drafting == [1, 3]
    assert (game.prompt.kind, game.prompt.seat) == ("starting_contract", 0)
    game.choose(game.prompt.keys()[0])
    assert (game.prompt.kind, game.prompt.seat) == ("matchup", 1)
    offered = {k.split(":")[1] for k in game.prompt.keys()}
    assert offered == {game.state.companies[1].company, game.state.companies[3].company}


def test_undo_gives_back_the_pair():
    game = Game.new(full(3, seed=6))
    dealt = pairs(game)
    game.choose(game.prompt.keys()[-1])
    assert game.undo()
    assert pairs(game) == dealt and game.state.drafting == [0, 1, 2]


def test_starting_contracts_are_picked_in_seat_order():
    # Rule: starting contracts (as many as companies, from the 4) are picked going round the table.
    game = Game.new(Setup(seats=tuple(SeatSetup(f"P{i + 1}", company=c) for i, c in
                                      enumerate(("usa", "germany", "italy"))), seed=1))
    offer = list(game.state.starting_offer)
    assert len(offer) == 3 and set(offer) <= {1, 2, 3, 4}
    assert (game.prompt.kind, game.prompt.seat) == ("starting_contract", 0)
    assert sorted(game.prompt.keys()) == sorted(f"start:{c}" for c in offer)
    game.choose(f"start:{offer[1]}")
    assert (game.prompt.kind, game.prompt.seat) == ("starting_contract", 1)
    assert f"start:{offer[1]}" not in game.prompt.keys() and len(game.prompt.keys()) == 2
    game.choose(game.prompt.keys()[0])
    # the last company takes the one left
    st = game.state
    assert st.companies[0].contracts == [offer[1]]
    assert sorted(c.contracts[0] for c in st.companies) == sorted(offer)
    assert all(len(c.contracts) == 1 for c in st.companies)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_round_one_order_is_the_reverse_of_the_picking_order(n):
    # Rule: the first to pick plays last in round 1.
    game = Game.new(full(n))
    assert game.state.pick_order == list(range(n))
    assert game.state.turn_order == list(reversed(range(n)))
    while game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.keys()[0])
    assert game.prompt.kind == "action" and game.prompt.seat == n - 1


@pytest.mark.parametrize("n", [1, 2, 3, 4])
def test_full_game_contracts_on_the_table(n):
    # Rule: companies - 1 National contracts; private piles by colour with 2 face up beside each.
    st = new_state(full(n, seed=n))
    comps = components()
    assert len(st.national) == n - 1 == len(set(st.national))
    assert all(comps.contracts[c].kind == "national" for c in st.national)
    seen = []
    for colour in ("green", "yellow", "red"):
        shown, pile = st.private_display[colour], st.private_piles[colour]
        assert len(shown) == 2 and len(pile) == 13
        assert all(comps.contracts[c].kind == colour for c in shown + pile)
        seen += shown + pile
    assert len(seen) == len(set(seen)) == 45


def test_full_game_patent_office_shows_three_level_one_tiles():
    # Rule: advanced tiles in 3 shuffled piles by level; the top 3 of pile I face up.
    st = new_state(full(4))
    adv = components().advanced_tiles
    assert len(st.patent_offer) == 3 and all(adv[t].level == 1 for t in st.patent_offer)
    assert [len(st.patent_piles[lv]) for lv in ("1", "2", "3")] == [2, 5, 5]
    everything = st.patent_offer + [t for lv in ("1", "2", "3") for t in st.patent_piles[lv]]
    assert sorted(everything) == sorted(adv)
    for lv in ("2", "3"):
        assert all(adv[t].level == int(lv) for t in st.patent_piles[lv])


def test_full_game_has_no_wild_tile_and_the_standard_supply():
    # Rule: the wild tiles go back in the box; 12 Engineers, 6 credits, 6 Excavators, 4 mixers, 10 VP.
    st = new_state(Setup(seats=(SeatSetup("A", company="usa", officer="wilhelm"),
                                SeatSetup("B", company="italy", officer="jill")), seed=3))
    for c in st.companies:
        assert sorted(c.tiles) == sorted(BASIC_TILES)
        assert (c.engineers, c.credits, c.excavators, c.mixers, c.vp) == (12, 6, 6, 4, 10)
        assert c.pieces == {"base": 5, "elevation": 5, "conduit": 5, "powerhouse": 4}


@pytest.mark.parametrize("introductory", [False, True])
def test_four_headstreams_five_bonus_tiles_one_objective(introductory):
    # Rule: 4 of the 8 headstream tiles, one per headstream; 5 bonus tiles; 1 objective tile.
    for seed in range(1, 6):
        st = new_state(intro(4, seed) if introductory else full(4, seed))
        assert sorted(st.headstream_tiles) == ["HA", "HB", "HC", "HD"]
        tiles = list(st.headstream_tiles.values())
        assert len(set(tiles)) == 4 and set(tiles) <= set(range(1, 9))
        assert len(st.bonus_tiles) == 5 == len(set(st.bonus_tiles))
        assert set(st.bonus_tiles) <= set(components().bonus_tiles)
        assert isinstance(st.objective, int) and st.objective in components().objective_tiles


def test_full_game_may_use_the_advanced_tiles_bonus_tile():
    # Rule: the full game uses 5 of the 6 bonus tiles (the advanced-tiles one included at times).
    keys = components().bonus_tiles
    used = set()
    for seed in range(1, 30):
        used |= {keys[t].key for t in new_state(full(2, seed)).bonus_tiles}
    assert "advanced_tiles" in used


def test_one_neutral_dam_per_area_on_a_lower_space_with_one_drop():
    # Rule: neutral dams: mountains height 1, hills 2, plains 3, each on a lower space, 1 drop.
    m = components().map
    chosen = {"mountain": set(), "hill": set(), "plain": set()}
    for seed in range(1, 40):
        st = new_state(full(2, seed))
        neutral = {s: d for s, d in st.dams.items() if d.owner == NEUTRAL}
        assert len(neutral) == 3 == len(st.dams)
        by_area = {m.dams[s].area: (s, d) for s, d in neutral.items()}
        assert sorted(by_area) == ["hill", "mountain", "plain"]
        for area, height in (("mountain", 1), ("hill", 2), ("plain", 3)):
            space, dam = by_area[area]
            assert not m.dams[space].upper and space.endswith("L")
            assert (dam.height, dam.drops) == (height, 1)
            chosen[area].add(space)
        assert st.drops_created == 3
    # the space is drawn: over many seeds more than one lower space of each area is used
    assert all(len(s) > 1 for s in chosen.values())


@pytest.mark.parametrize("n, spare", [(2, 2), (3, 1), (4, 0)])
def test_four_officers_are_drawn_the_undealt_ones_are_kept(n, spare):
    # Rule: four officers are always drawn; in 2-3 company games the ones not dealt are kept (Mahiri).
    st = new_state(full(n, seed=7))
    dealt = [c.officer for c in st.companies]
    assert len(set(dealt)) == n
    assert len(st.spare_officers) == spare == len(set(st.spare_officers))
    assert not set(st.spare_officers) & set(dealt)
    assert set(st.spare_officers) <= set(BASE_OFFICERS + PROMO_OFFICERS)
    assert len({c.company for c in st.companies}) == n


# ---------------------------------------------------------------- determinism

@pytest.mark.parametrize("introductory", [False, True])
def test_the_same_seed_lays_out_the_same_table(introductory):
    make = intro if introductory else full
    assert new_state(make(4, seed=42)) == new_state(make(4, seed=42))


def test_different_seeds_lay_out_different_tables():
    def layout(seed):
        st = new_state(full(4, seed))
        return (tuple(st.headstream_tiles.values()), tuple(st.bonus_tiles), st.objective, tuple(st.national),
                tuple(sorted(st.dams)), tuple(st.patent_offer), tuple(c.company for c in st.companies))
    layouts = {layout(seed) for seed in range(1, 11)}
    assert len(layouts) == 10


def test_the_same_seed_and_keys_replay_the_same_game():
    setup = full(3, seed=9)
    a = Game.new(setup)
    for _ in range(25):
        a.choose(a.prompt.keys()[0])
    b = Game.replay(setup, a.log)
    assert len(a.log) == 25
    assert b.state == a.state and b.prompt == a.prompt


def test_the_table_does_not_depend_on_the_interpreter_hash_seed():
    # The seed alone decides: two interpreters with different hash seeds lay out the same table.
    import subprocess
    import sys

    code = ("from barrage_tui.rules.setup import SeatSetup, Setup, new_state; "
            "print(new_state(Setup(seats=tuple(SeatSetup(str(i)) for i in range(3)), seed=11)).to_dict())")
    outs = {subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                           env={"PYTHONHASHSEED": h}).stdout for h in ("1", "2")}
    assert len(outs) == 1 and outs.pop().strip()


def test_the_first_player_is_drawn_and_picking_goes_on_clockwise():
    # Rule (Setup): pick a first player at random; going clockwise each player picks.
    from barrage_tui.rules.setup import first_player_at_random

    table = tuple(SeatSetup(f"P{i + 1}") for i in range(4))
    orders = {tuple(s.name for s in first_player_at_random(table, seed)) for seed in range(40)}
    assert orders == {("P1", "P2", "P3", "P4"), ("P2", "P3", "P4", "P1"), ("P3", "P4", "P1", "P2"),
                      ("P4", "P1", "P2", "P3")}
    assert first_player_at_random(table, 7) == first_player_at_random(table, 7)


def test_without_the_draft_the_drawn_pairs_are_dealt():
    # The option games saved before the draft are read with (saves version 1): no pair is picked.
    from barrage_tui.rules.setup import DRAFT_OPTION

    game = Game.new(Setup(seats=tuple(SeatSetup(f"P{i + 1}") for i in range(3)), seed=5,
                          options={DRAFT_OPTION: False}))
    assert game.state.drafting == []
    assert (game.prompt.kind, game.prompt.seat) == ("starting_contract", 0)
    assert pairs(game) == pairs(Game.new(full(3, seed=5)))  # the same pairs, dealt as drawn


# ---------------------------------------------------------------- a person against Automas (issue 10)

def solo(difficulty: str = "medium", automas: int = 1, seed: int = 3) -> Setup:
    robots = tuple(SeatSetup(f"A{i + 1}", "automa", difficulty=difficulty) for i in range(automas))
    return Setup(seats=(SeatSetup("Ann"),) + robots, seed=seed)


def test_a_person_alone_picks_among_the_pairs_drawn_for_every_seat_and_the_automa_takes_the_rest():
    game = Game.new(solo(automas=2))
    mine, spares = game.state.companies[0], list(game.state.spare_officers)
    offered = {c.key: c.data for c in game.prompt.choices}
    assert game.prompt.kind == "matchup" and len(offered) == 3
    assert offered[f"matchup:{mine.company}"]["officer"] == mine.officer
    automa_company = game.state.companies[2].company
    took = offered[f"matchup:{automa_company}"]
    assert took["from_automa"] and took["officer"] == spares[1]  # the 2nd Automa offers the 2nd spare
    game.choose(f"matchup:{automa_company}")
    ann, robot = game.state.companies[0], game.state.companies[2]
    assert (ann.company, ann.officer) == (automa_company, spares[1])
    assert (robot.company, robot.officer, robot.kind) == (mine.company, "none", "automa")
    assert robot.vp == 16 and robot.credits == 0  # it starts as an Automa still
    assert game.state.spare_officers == [spares[0], mine.officer] + spares[2:]
    assert any("the pair Ann gave up" in e.text for e in game.events)
    assert violations(game) == []


def test_a_very_hard_automa_offers_its_own_chief_engineer_only_for_one_it_can_play():
    for seed in range(1, 60):
        game = Game.new(solo("very_hard", seed=seed))
        ready = OFFICERS[game.state.companies[0].officer].automa_ready
        assert (game.prompt.kind == "matchup") == ready  # a single pair is taken at once
        if ready and game.state.companies[1].officer != "none":
            robot = game.state.companies[1]
            game.choose(f"matchup:{robot.company}")
            assert game.state.companies[0].officer == robot.officer
            assert OFFICERS[game.state.companies[1].officer].automa_ready
            return
    pytest.fail("no seed dealt the person an officer the Automa can play")


def test_an_automa_with_a_chosen_company_offers_no_pair():
    setup = Setup(seats=(SeatSetup("Ann"), SeatSetup("A", "automa", company="italy")), seed=2)
    game = Game.new(setup)
    assert game.prompt.kind != "matchup"  # the person's own pair, taken at once
    assert game.state.companies[1].company == "italy"
