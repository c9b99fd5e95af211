"""The component data: the counts printed in the rulebook's component list."""

from collections import Counter

from barrage_tui.rules.components import components


def test_map_counts():
    m = components().map
    assert len(m.zones) == 12
    assert Counter(z.area for z in m.zones.values()) == {"mountain": 4, "hill": 3, "plain": 5}
    assert len(m.dams) == 20
    assert len(m.conduits) == 20
    assert len(m.powerhouses) == 23
    assert not any(z.powerhouse_spaces for z in m.zones.values() if z.area == "mountain")


def test_tile_and_contract_counts():
    c = components()
    assert sorted(c.headstreams) == [*range(1, 9), *range(101, 109), 201]  # the base game's 8, the Duel map's 8, A4's
    assert len(c.bonus_tiles) == 6
    assert len(c.objective_tiles) == 6
    kinds = Counter(k.kind for k in c.contracts.values())
    assert kinds == {"starting": 5, "national": 6, "green": 15, "yellow": 15, "red": 15}
    assert [(k.id, k.companies, bool(k.assumed)) for k in c.contracts.values() if k.companies > 1] == [(5, 5, True)]
    assert len(c.advanced_tiles) == 15
    assert Counter(t.level for t in c.advanced_tiles.values()) == {1: 5, 2: 5, 3: 5}
    assert {i for i, co in c.companies.items() if not co.module} == {"usa", "germany", "italy", "france"}


def test_river_reaches_an_exit_from_every_headstream():
    m = components().map
    for head in m.headstreams:
        node, steps = head, 0
        while not node.startswith("EXIT"):
            node = m.downstream[node]
            steps += 1
            assert steps < 20


def test_conduits_cost_two_excavators_per_production_point():
    # The conduit's value printed on the map is its production; 2 Excavators per point.
    m = components().map
    assert {c.production for c in m.conduits.values()} == {1, 2, 3, 4, 5}
    assert m.conduits["C1L"].production == 5 and m.conduits["C1L"].targets == (8,)


def test_action_spaces_by_player_count():
    spaces = components().spaces
    assert {s.id for s in spaces.values() if s.min_players == 4} == {
        "turbine-b1", "turbine-b1c", "machinery-a", "machinery-abis", "contract-ob", "contract-obc"}
    assert {s.id for s in spaces.values() if s.min_players == 3} == {
        "turbine-m1", "turbine-m1c", "workshop-r2", "workshop-r2c"}
