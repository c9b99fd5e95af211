"""The invariant checks of the random-play harness: they pass on legal play and catch broken states."""

from .helpers import at_turn, clear_map, new_game, play, put_dam, violations


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
