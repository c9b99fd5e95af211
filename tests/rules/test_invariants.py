"""The invariant checks of the random-play harness: they pass on legal play and catch broken states."""

from .helpers import at_turn, clear_map, give_contracts, new_game, play, put_dam, violations


def test_a_fourth_drop_kept_after_mahiri_stops_copying_graziano_is_legal():
    # Appendix 9: the 4-drop capacity lasts until those drops are used, so the drop stays.
    game = new_game(companies=("usa", "italy"), officers=("mahiri", "graziano"))
    clear_map(game)
    put_dam(game, "B3U", 0, height=3, drops=3)
    game = at_turn(game, 0)
    play(game, "place:mahiri-1", "copy:graziano", "place:water-d1", "headstream:HC")
    assert game.state.dams["B3U"].drops == 4
    assert game.state.companies[0].copied_officer == ""
    assert violations(game) == []


def test_broken_states_are_reported():
    game = new_game()
    st = game.state
    st.drops_created += 1
    st.companies[0].excavators -= 1
    st.companies[1].pieces["base"] -= 1
    st.companies[1].engineers += 1
    found = "\n".join(violations(game))
    assert "drops created" in found
    assert "machinery" in found
    assert "bases on the map" in found
    assert "Engineers in all" in found


def test_every_check_still_reports_what_it_checks():
    # The checks skip the officers' capacity and hand limit below the least any officer allows: above
    # that they still apply, and every other check reports its own breakage.
    game = new_game()
    st = game.state
    clear_map(game)
    put_dam(game, "B3U", 0, height=1, drops=2)  # capacity 1
    put_dam(game, "B4U", 1, height=3, drops=4)  # capacity 3 (Jill)
    put_dam(game, "B5U", 0, height=4)
    st.headstream_drops["HA"] = -1
    st.drops_created -= 1
    c = st.companies[0]
    c.credits = -1
    c.excamixers = -1
    c.excamixers_gained = -1
    c.wheel[2].tiles.append(c.tiles[0])
    c.contracts = [1, 2, 3, 4]  # over the hand limit of 3, between turns
    st.companies[1].pieces["conduit"] = -1
    found = "\n".join(violations(game))
    assert "B3U holds 2 drops, capacity 1" in found
    assert "B4U holds 4 drops, capacity 3" in found
    assert "B5U has height 4" in found
    assert "a headstream holds fewer than 0 drops" in found
    assert "seat 0 (usa): credits is -1" in found
    assert "seat 0 (usa): -1 Excamixers" in found
    assert "seat 0 (usa): a technology tile is in two places" in found
    assert "seat 0 (usa): 4 contracts in hand between turns" in found
    assert "seat 1 (germany): 0 conduits on the map and -1 left of 5" in found
    assert "drops created" not in found  # the -1 in the headstream is counted


def test_the_officers_capacity_and_hand_limit_are_allowed_up_to_them():
    game = new_game(companies=("usa", "italy"), officers=("simone", "graziano"))
    clear_map(game)
    put_dam(game, "B3U", 1, height=3, drops=4)  # Graziano: 4
    game.state.companies[0].contracts = []
    give_contracts(game, 0, [1, 2, 3, 4])  # Simone: 4
    assert violations(game) == []
    put_dam(game, "B4U", 1, height=3, drops=5)
    give_contracts(game, 0, [5])
    found = "\n".join(violations(game))
    assert "B4U holds 5 drops, capacity 4" in found
    assert "seat 0 (usa): 5 contracts in hand between turns" in found
