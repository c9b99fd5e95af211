"""The engine's contract with its clients: keys with one grammar, typed prompts, undo that never crosses
revealed information, and a failing rule that leaves the game as it was."""

import pytest

from barrage_tui.rules import production, water
from barrage_tui.rules.engine import keys
from barrage_tui.rules.components import components
from barrage_tui.rules.engine.decisions import EventKind, PromptKind
from barrage_tui.rules.engine.keys import Key
from tests.rules.helpers import play, put_dam, restart
from tests.rules.test_officers import tommaso_game


@pytest.mark.parametrize("text", ["skip", "space:B5L", "drops:3", "system:B5L:C5R:P10_0", "machinery:2:1",
                                  "place:turbine-b2:architect", "headstream:HA:flow", "contract:214"])
def test_a_key_reads_back_to_the_same_text(text):
    assert Key.parse(text).text == text == str(Key.parse(text))
    parsed = Key.parse(text)
    assert keys.make(parsed.verb, *parsed.args) == text


def test_a_key_gives_its_numbers_and_a_contract_reference_its_card():
    assert Key.parse("machinery:2:1").number(1) == 1
    assert keys.contract_of(keys.contract_ref(214)) == 214
    assert keys.contract_of("company:usa") is None and keys.contract_of("B5L") is None


def test_the_two_drop_questions_are_two_kinds_and_carry_their_numbers():
    game, seat = tommaso_game()
    play(game, "place:water-p2")
    prompt = game.prompt
    assert prompt.kind == PromptKind.HEADSTREAM_DROP
    assert dict(prompt.data) == {"drop": 1, "of": 2, "flowing": False}
    game, seat = producing_game()
    play(game, "place:turbine-b2")
    assert game.prompt.kind == PromptKind.PRODUCTION_DROPS and game.prompt.data == {"dam": "B5L"}


def producing_game(hand=()):
    """Tommaso's company with water in B5L, running through C5R to P10_0: ready to produce."""
    game, seat = tommaso_game()
    put_dam(game, "B5L", seat, drops=2)
    game.state.powerhouses["P10_0"] = seat
    game.state.conduits["C5R"] = seat
    game.state.companies[seat].contracts = list(hand)
    return restart(game), seat


def test_undo_stops_at_a_contract_revealed_from_the_pile():
    game, seat = tommaso_game()
    st = game.state
    play(game, "place:contract-o:architect")
    assert game.prompt.kind == PromptKind.TAKE_CONTRACT and game.can_undo
    taken = game.prompt.choices[0].key
    pile_before = sum(len(p) for p in st.private_piles.values())
    play(game, taken)  # the Architect gives another turn; the display is refilled from the pile first
    assert sum(len(p) for p in st.private_piles.values()) == pile_before - 1
    assert game.prompt.kind == PromptKind.ACTION and game.prompt.seat == seat
    assert not game.can_undo and not game.undo()
    play(game, "place:bank-b")
    assert game.can_undo and game.undo()  # the choices after the reveal can still be taken back
    assert not game.can_undo


def test_a_rule_that_raises_leaves_the_game_exactly_as_before(monkeypatch):
    game, seat = producing_game()
    play(game, "place:turbine-b2")
    state, log, events, prompt = game.state.copy(), list(game.log), list(game.events), game.prompt

    def broken(*args, **kwargs):
        raise RuntimeError("a bug in a rule")

    monkeypatch.setattr(water, "flow_drop", broken)  # runs only once the drops are chosen
    with pytest.raises(RuntimeError):
        game.choose("drops:2")
    assert (game.state, game.log, game.events, game.prompt) == (state, log, events, prompt)
    monkeypatch.undo()
    play(game, "drops:2")  # and it plays on from there
    assert game.state.companies[seat].energy > 0


def test_statistics_come_from_the_events_so_undo_does_not_count_twice():
    cheap = min((c for c in components().contracts.values() if c.kind != "national"), key=lambda c: c.energy)
    game, seat = producing_game(hand=(cheap.id,))
    play(game, "place:turbine-b2", "drops:2")
    assert game.prompt.kind == PromptKind.CONTRACT  # the production is done; its contract is still to choose
    produced = [e for e in game.events if e.kind == EventKind.PRODUCTION]
    assert len(produced) == 1 and produced[0].data["energy"] == game.state.companies[seat].energy
    assert game.undo() and game.prompt.kind == PromptKind.PRODUCTION_DROPS
    play(game, "drops:2")
    assert game.stats["productions"] == 1


def test_a_production_choice_says_its_energy_and_whom_it_pays_before_it_is_chosen():
    game, seat = producing_game()
    game.state.conduits["C5R"] = 1 - seat  # the other company's conduit: paid 1 credit a drop
    game = restart(game)
    # the choice the Produce (+2) space offers (the lone path is taken at once, so it is asked for here)
    offered = production.system_choice(game, seat, production.System("B5L", "C5R", "P10_0"), 2, False)
    assert offered.data["pays"] == 1 - seat and offered.data["drops"] == 2
    assert f"pay {game.name(1 - seat)} 1/drop" in offered.label
    assert f"up to {offered.data['energy']} energy (2×4 = 8, action space +2)" in offered.label  # and how it adds up
    play(game, "place:turbine-b2")
    energy = game.state.companies[seat].energy
    play(game, "drops:2")
    assert game.state.companies[seat].energy - energy == offered.data["energy"]
