"""The expansion box's six chief engineers for a Very Hard Automa: each one's "Automa rules" paragraph of
seed 002 Appendix 8 (reference automa.md section 10), on positions built here, each against the same
position without the officer where that shows the difference; then whole random games with them."""

import random

import pytest

import automa
from automa import officers
from barrage_tui.rules import automa_step, rounds
from barrage_tui.rules.components import EXPANSION_OFFICERS
from barrage_tui.rules.engine.decisions import IllegalChoice
from barrage_tui.rules.setup import EXPANSION_OPTION, SeatSetup, Setup, new_state
from barrage_tui.rules.sim import automa_setup, play_random

from .helpers import (AUTOMA, HUMAN, NEUTRAL, automa_game, clear_map, decide, ops, put_conduit, put_dam,
                      put_powerhouse, set_cards, view)


def position(officer, level="very_hard"):
    """A Very Hard Automa (seat 1, Italy) with ``officer`` on an empty map, to act; ``level`` below Very Hard:
    the same table without the officer."""
    g = automa_game(level=level, officer=officer if level == "very_hard" else "")
    clear_map(g)
    g.state.national = []
    return g


def play(g):
    choice = decide(g)
    g.choose(choice.key)
    return choice


# ================================================================ Elon Audia

def test_an_elon_automa_starts_with_eight_excamixers():
    a = position("elon").state.companies[AUTOMA]
    assert (a.excavators, a.mixers, a.excamixers) == (0, 0, 8)


@pytest.mark.parametrize("excavators, paid, excamixers_left", [(6, "=pay:5:0:0", 8), (2, "=pay:2:0:0:3", 5)])
def test_elon_spends_plain_machinery_before_excamixers(excavators, paid, excamixers_left):
    # "When building ..., Automa always prefers using Excavators and Concrete Mixers over Mixer Excavators."
    g = position("elon")
    a = g.state.companies[AUTOMA]
    a.excavators, a.machinery_gained = excavators, [excavators, 0]
    set_cards(g, action=1, criteria=1)  # the Base box; criteria 1 walks from basin 1: B1L, a mountain (5)
    choice = play(g)
    assert paid in ops(choice) and "B1L" in g.state.dams
    assert (a.excavators, a.excamixers) == (max(0, excavators - 5), excamixers_left)


# ================================================================ Wu Fang

def wu_position(level="very_hard", drops=3):
    g = position("wu", level)
    put_dam(g, "B5L", AUTOMA, height=3, drops=drops)
    g.state.private_display.update(green=[205, 209], yellow=[300, 310], red=[400, 411])  # 3, 3 / 5, 7 / 8, 10
    return g


def test_wu_produces_from_the_drops_behind_his_dams_before_the_card_is_read():
    # "... whether it controls a number of Water Drops at least as high as the Energy it needs to fulfil a
    # Contract shown in the production section. If so, it places a worker on the special action space ...
    # and produces Energy units equal to the number of Water Drops ... the best possible Contract (in case
    # of a tie, the one furthest to the right)."
    g = wu_position()
    a = g.state.companies[AUTOMA]
    set_cards(g, action=1, criteria=1)  # a green production box; both green contracts need 3
    choice = play(g)
    assert ops(choice) == ["flip", "eng:wu-1:1", "officer", "=contract:209"]
    assert "Wu Fang before the card" in choice.label
    assert (a.energy, a.fulfilled, g.state.dams["B5L"].drops) == (3, [209], 3)  # the drops stay
    assert a.engineers == 11 and g.state.engineers_on["wu-1"][AUTOMA] == 1 and a.private_spaces_used[0]
    with pytest.raises(IllegalChoice, match="already used this round"):  # his space: once a round
        automa_step.validate(g, AUTOMA, "flip;eng:wu-1:1;officer")


@pytest.mark.parametrize("case", ["too few drops", "other colour", "space used", "medium"])
def test_wu_reads_the_card_as_usual_when_the_check_fails(case):
    g = wu_position("medium" if case == "medium" else "very_hard", drops=2 if case == "too few drops" else 3)
    if case == "space used":
        g.state.companies[AUTOMA].private_spaces_used[0] = True
    set_cards(g, action=7 if case == "other colour" else 1, criteria=1)  # card 7: a yellow production (5+)
    choice = decide(g)
    assert "eng:wu-1:1" not in ops(choice) and "officer" not in ops(choice)


@pytest.mark.parametrize("level", ["medium", "very_hard"])
def test_wu_builds_a_base_instead_of_the_cards_structure(level):
    # "... it preferably builds a Base (or, as second choice, an Elevation) instead of the structures shown."
    g = position("wu", level)
    set_cards(g, action=10, criteria=1)  # no production, no water: the Conduit box
    choice = play(g)
    own = [s for s, d in g.state.dams.items() if d.owner == AUTOMA]
    conduits = [c for c, o in g.state.conduits.items() if o == AUTOMA]
    assert (len(own), len(conduits)) == ((1, 0) if level == "very_hard" else (0, 1))
    assert ("Base instead (chief engineer)" in choice.label) == (level == "very_hard")


def test_wu_builds_an_elevation_when_he_cannot_build_a_base():
    g = position("wu")
    g.state.companies[AUTOMA].tiles.remove("base")
    put_dam(g, "B5L", AUTOMA)
    set_cards(g, action=10, criteria=1)
    choice = play(g)
    assert g.state.dams["B5L"].height == 2 and "Elevation instead (chief engineer)" in choice.label
    assert not [c for c, o in g.state.conduits.items() if o == AUTOMA]


# ================================================================ Dr. Octavius

def octavius_position(level="very_hard", neutral_drops=2):
    """His Powerhouse P5_0 is fed by C1R (his, value 4) from his dam B1L (1 drop) and by C3L (the human's,
    value 4) from a neutral dam B3L."""
    g = position("octavius", level)
    put_powerhouse(g, "P5_0", AUTOMA)
    put_conduit(g, "C1R", AUTOMA)
    put_conduit(g, "C3L", HUMAN)
    put_dam(g, "B1L", AUTOMA, drops=1)
    put_dam(g, "B3L", NEUTRAL, height=2, drops=neutral_drops)
    g.state.private_display.update(green=[205, 209], yellow=[310, 311], red=[406, 411])  # 3,3 / 7,7 / 9,10
    return g


@pytest.mark.parametrize("level, energy, contract", [("medium", 8, 311), ("very_hard", 12, 411)])
def test_octavius_produces_with_the_water_of_every_dam_into_the_powerhouse(level, energy, contract):
    # "... Automa tries to find the best possible production, taking into account all possible sources
    # of Water Drops."
    g = octavius_position(level)
    a = g.state.companies[AUTOMA]
    set_cards(g, action=5, criteria=1)  # a green production, no modifier
    choice = play(g)
    systems = [op for op in ops(choice) if op.startswith("=system:")]
    assert a.energy == energy and a.fulfilled == [contract]
    if level == "very_hard":  # the neutral dam's water first (a tie), then his own dam's
        assert systems == ["=system:B3L:C3L:P5_0", "=system:B1L:C1R:P5_0"]
        assert g.state.dams["B1L"].drops == g.state.dams["B3L"].drops == 0
        assert "Dr. Octavius: with the water of B1L too" in choice.label


@pytest.mark.parametrize("level, produces", [("medium", False), ("very_hard", True)])
def test_octavius_counts_every_source_in_the_production_boxs_contract_test(level, produces):
    # One dam alone gives 4 energy, both 8: only the latter covers a face-up yellow contract (7).
    g = octavius_position(level, neutral_drops=1)
    set_cards(g, action=7, criteria=1)  # a yellow production
    choice = decide(g)
    assert any(op.startswith("produce:") for op in ops(choice)) == produces


@pytest.mark.parametrize("level, base", [("medium", "B4L"), ("very_hard", "B2L")])
def test_octavius_prefers_a_base_space_linked_to_his_powerhouse(level, base):
    # "When choosing where to place a Base, Automa prefers ... a construction space connected to its own
    # Powerhouse (through a built or unbuilt Conduit)." P10_0 is his; C2R, C5R and C7L lead to basin 10.
    g = position("octavius", level)
    put_powerhouse(g, "P10_0", AUTOMA)
    put_conduit(g, "C4R", HUMAN)  # card 1's first Dam criterion: next to the most powerful built conduit
    set_cards(g, action=1, criteria=1)
    choice = play(g)
    assert [s for s, d in g.state.dams.items() if d.owner == AUTOMA] == [base]
    assert ("Dr. Octavius" in choice.label) == (level == "very_hard")


# ================================================================ Gennardo Grasso

def gennaro_position(level="very_hard"):
    """A production system ready (B5L with 2 drops -> C5R -> P10_0) and a Base the Automa can build."""
    g = position("gennaro", level)
    put_powerhouse(g, "P10_0", AUTOMA)
    put_conduit(g, "C5R", AUTOMA)
    put_dam(g, "B5L", AUTOMA, drops=2)
    g.state.private_display.update(green=[205, 209])
    return g


@pytest.mark.parametrize("level, first", [("medium", "produce:-2"), ("very_hard", "build")])
def test_gennaro_reads_column_2_then_column_1_then_column_3(level, first):
    # "Automa checks its action in this adjusted order: first the 2nd column (building), then the 1st
    # column (Energy production, ...), and last the 3rd column (other actions)."
    g = gennaro_position(level)
    set_cards(g, action=1, criteria=1)  # Production (column 1) and a Base (column 2) both possible
    steps = ops(decide(g))
    assert first in steps and ("build" in steps) == (first == "build")
    assert officers.column_order(view(g, 1)) == ((2, 1, 3) if level == "very_hard" else (1, 2, 3))


def test_gennaro_s_first_construction_of_each_round_costs_one_engineer_fewer():
    # "The first Construction action of each round always costs 1 worker fewer than stated (place the
    # worker used, as a reminder, on the special action space ...)."
    g = gennaro_position()
    a = g.state.companies[AUTOMA]
    set_cards(g, action=1, criteria=1)
    choice = play(g)
    assert "eng:gennaro-1:1" in ops(choice) and "1 Engineer fewer" in choice.label
    assert a.engineers == 11 and g.state.engineers_on["gennaro-1"][AUTOMA] == 1
    g.choose("place:bank-b")  # the human's turn
    g.choose("engineers:1")
    set_cards(g, action=1, criteria=1)
    assert "eng:company-1:2" in ops(play(g)) and a.engineers == 9  # the second one costs the printed 2
    rounds.end_of_round(g)
    assert a.engineers == 12 and officers.construction_discount(view(g, 1)) == 1  # a new round, a new discount


# ================================================================ Amir Zahir

def amir_position(level="very_hard"):
    """His dams: B5L in a complete own system (C5R, value 4 -> P10_0); B6L, whose basin has the human's
    C6L (value 4) into his P9_0; B7L, whose unbuilt C7L leads to his P10_0. None holds water yet."""
    g = position("amir", level)
    put_powerhouse(g, "P10_0", AUTOMA)
    put_powerhouse(g, "P9_0", AUTOMA)
    put_conduit(g, "C5R", AUTOMA)
    put_conduit(g, "C6L", HUMAN)
    for dam in ("B5L", "B6L", "B7L"):
        put_dam(g, dam, AUTOMA)
    return g


def test_amir_puts_each_drop_straight_behind_a_dam_in_the_printed_order_of_choices():
    # "The first choice is a Dam that is part of a complete own system ... The second choice is a Dam
    # already connected by a Conduit of another player ..."
    g = amir_position()
    set_cards(g, action=1, criteria=1)  # no water to produce with: Water Management, 2 drops
    choice = play(g)
    steps = ops(choice)
    i = steps.index("water:2:wait")
    assert steps[i + 1:i + 3] == ["=dam:B5L", "=dam:B6L"]
    assert [g.state.dams[d].drops for d in ("B5L", "B6L", "B7L")] == [1, 1, 0]
    assert not any(g.state.headstream_drops.values())


def test_amir_s_third_choice_is_a_dam_a_conduit_space_may_link_to_his_powerhouse():
    # "The third choice is a Dam that may possibly be connected to an already built Powerhouse."
    g = amir_position()
    g.state.dams["B5L"].drops = g.state.dams["B6L"].drops = 1  # full
    g.state.drops_created += 2
    set_cards(g, action=2, criteria=1)  # card 2: Water Management, 1 flowing drop
    steps = ops(play(g))
    assert "=dam:B7L" in steps and g.state.dams["B7L"].drops == 1


def test_amir_takes_the_most_powerful_conduit_first_then_the_cards_dam_walk():
    # Two complete systems: B2L -> C2L (3) -> P6_0 comes first in card 1's walk (from basin 1), but B5L's
    # C5R (4) is the more powerful conduit.
    g = position("amir")
    for dam, conduit, ph in (("B2L", "C2L", "P6_0"), ("B5L", "C5R", "P10_0")):
        put_dam(g, dam, AUTOMA)
        put_conduit(g, conduit, AUTOMA)
        put_powerhouse(g, ph, AUTOMA)
    set_cards(g, action=1, criteria=1)
    steps = ops(play(g))
    assert steps[steps.index("water:2:wait") + 1:][:2] == ["=dam:B5L", "=dam:B2L"]


@pytest.mark.parametrize("level, answer, waiting", [("medium", "=headstream:HA", 1),
                                                    ("very_hard", "=headstream:HA:flow", 0)])
def test_amir_lets_a_drop_flow_at_once_when_no_dam_of_the_three_choices_has_room(level, answer, waiting):
    # "When Automa places Water Drops on Source tiles, it always lets them flow immediately." B1L is his,
    # but no Conduit space of basin 1 leads to a Powerhouse of his.
    g = position("amir", level)
    put_dam(g, "B1L", AUTOMA)
    set_cards(g, action=1, criteria=1)
    steps = ops(play(g))
    assert answer in steps and "=dam:B1L" not in steps
    assert g.state.headstream_drops["HA"] == waiting and g.state.dams["B1L"].drops == 1 - waiting


# ================================================================ Franz de Lasse

def franz_position(level="very_hard", marker=0):
    """B5L (3 drops) -> C5R (4) -> P10_0: 12 energy; face-up contracts 3, 3 / 5, 7 / 8, 10."""
    g = position("franz", level)
    put_powerhouse(g, "P10_0", AUTOMA)
    put_conduit(g, "C5R", AUTOMA)
    put_dam(g, "B5L", AUTOMA, height=3, drops=3)
    g.state.private_display.update(green=[205, 209], yellow=[300, 310], red=[400, 411])
    g.state.companies[AUTOMA].energy = marker
    g.state.companies[HUMAN].energy = 7  # the Automa does not lead the track
    return g


@pytest.mark.parametrize("level, marker, contract", [
    ("very_hard", 0, 209),   # below round 1's section (6): the lowest, the rightmost of the two 3s
    ("very_hard", 6, 411),   # already in the section: the normal rule, the highest it covers
    ("medium", 0, 411),
])
def test_franz_fulfils_the_lowest_contract_before_his_marker_reaches_the_rounds_section(level, marker,
                                                                                       contract):
    # "If Automa carries out a production action and its Energy marker is not yet in the area of the
    # current round, Automa fulfils the available Contract with the lowest value (in case of a tie, the
    # one furthest to the right)."
    g = franz_position(level, marker)
    a = g.state.companies[AUTOMA]
    set_cards(g, action=5, criteria=1)  # a green production, no modifier
    choice = play(g)
    assert f"=contract:{contract}" in ops(choice) and a.fulfilled == [contract]
    assert ("the lowest contract" in choice.label) == (contract == 209)
    if level == "very_hard":  # his ability: the marker moves only by what the contract left over
        assert a.energy == marker + 12 - (3 if contract == 209 else 10)


# ================================================================ whole games

@pytest.mark.parametrize("officer", EXPANSION_OFFICERS)
def test_random_games_with_each_new_officer_for_a_very_hard_automa(officer):
    """A Very Hard Automa with ``officer`` against humans holding the other expansion officers (and
    Mahiri, who may copy them), checked after every decision: no error, no broken invariant."""
    r = random.Random(EXPANSION_OFFICERS.index(officer))
    others = [o for o in EXPANSION_OFFICERS if o != officer]
    for _ in range(5):
        companies = r.sample(("usa", "germany", "italy", "france"), 3)
        human = r.sample(others, 1) + ["mahiri"]
        seats = (SeatSetup("A", "automa", companies[0], officer, "very_hard"),
                 SeatSetup("P1", company=companies[1], officer=human[0]),
                 SeatSetup("P2", company=companies[2], officer=human[1]))
        result = play_random(Setup(seats=seats, seed=r.randrange(2**31), options={EXPANSION_OPTION: True}),
                             r.randrange(2**31), attach=automa.attach)
        assert not result.error and not result.violations, result.error or result.violations
        assert result.scores  # the game ran to its end


def test_sim_draws_the_six_for_very_hard_automas_and_never_angelo():
    # `barrage-tui sim --automa A --level very_hard`: the Automas' chief engineers are drawn from every
    # box; Angelo Alberti "is not compatible with the Automa rules" (and needs the Geological Factor).
    r = random.Random(7)
    drawn = set()
    for _ in range(60):
        setup = automa_setup(r, 2, level="very_hard")
        drawn |= {c.officer for c in new_state(setup).companies if c.kind == "automa"}
    assert set(EXPANSION_OFFICERS) <= drawn and "angelo" not in drawn
