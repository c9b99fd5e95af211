"""Words a player reads that the engine writes: a tile by its name (never its id), 1 of a thing in the singular."""

from barrage_tui.rules import patents, production, rewards
from barrage_tui.rules.build_tiles import tile_uses
from barrage_tui.rules.components import components

from .test_patents import with_tile
from .test_production import ME, position, put_conduit, put_dam, put_powerhouse


def test_a_tile_is_named_not_given_by_its_id():
    game, seat = with_tile("L1_BASE")
    labels = [u.label for u in tile_uses(game, seat)]
    assert "Base (level I) tile: build a Base" in labels
    assert not any("L1_" in label for label in labels), labels


def test_buying_a_tile_names_it():
    game, seat = with_tile("L1_BASE")
    game.state.patent_offer[0] = "L2_CONDUIT"
    patents.buy(game, seat, 1)
    assert game.events[-1].text.endswith("buys the Conduit (level II) tile.")


def test_every_tile_has_a_name():
    comps = components()
    for table in (comps.basic_tiles, comps.advanced_tiles, comps.special_tiles, comps.china_tiles):
        for tile in table.values():
            assert tile.name and "_" not in tile.name, tile


def test_one_of_a_thing_is_said_in_the_singular():
    assert (rewards.count(1, "credit"), rewards.count(2, "credit"), rewards.count(0, "drop")) == \
        ("1 credit", "2 credits", "0 drops")
    game = position()
    put_dam(game, "B5U", ME, drops=1)
    put_conduit(game, "C5R", ME)
    put_powerhouse(game, "P10_0", ME)
    [system] = production.systems(game, ME, 0)
    assert "(your, 1 drop)" in production.system_label(game, ME, system)


def test_a_payment_of_one_credit_says_credit():
    from barrage_tui.rules.build_costs import Payment

    assert Payment(2, 0, 1).label == "2 Excavators + 1 credit" and Payment(1, 1, 0).label == "1 Excavator + 1 mixer"
    assert "1 credit for the Geological token" in Payment(0, 0, 0, token_credits=1).label


def test_no_label_or_event_of_a_game_says_a_thing_in_the_plural_with_s_in_brackets():
    """"1 Engineer", "2 Engineers": never "Engineer(s)" (a random game's every choice and event)."""
    import random

    from barrage_tui.rules.game import Game
    from barrage_tui.rules.sim import random_setup

    r = random.Random(4)
    for n in range(3):
        game = Game.new(random_setup(r, 4, None, modules=("overseas", "geological") if n else ()))
        while game.prompt is not None:
            prompt = game.prompt
            for choice in prompt.choices:
                assert "(s)" not in choice.label and "(s)" not in choice.short, choice
            game.choose(r.choice(prompt.choices).key if prompt.choices else prompt.keys()[0])
        assert not [e.text for e in game.events if "(s)" in e.text]


def test_a_choice_has_its_few_words_for_a_narrow_list():
    from barrage_tui.rules import actions, contracts
    from barrage_tui.rules.engine.decisions import Choice

    from barrage_tui.rules.officers import tommaso

    placing = actions._space_placement("water-p2c")
    assert (placing.label, placing.short) == ("Place up to 2 waiting drops [2 Engineers, 3 credits]",
                                              "Place up to 2 waiting drops [2E, 3cr]")
    assert actions._space_placement("water-p2").label.endswith("[1 Engineer]")
    alone = tommaso.alone("water-p2c", placing)
    assert alone.short == f"{placing.short} · Architect alone: play again"
    assert alone.label == f"{placing.label}, with the Architect alone (play again after)"
    assert contracts.short(308) == "#308 (yellow, 6en): 3 VP, 2 Ex/Mx of choice"
    assert contracts.label(308) == "#308 (yellow, 6 energy): 3 VP, 2 machinery of choice"
    assert Choice("k", "the label").short == "the label"  # none of its own: the label
