"""The round structure (rulebook "Game round"): income, headstreams, actions, water flow, the modules'
phases after it (``Module.after_water_flow``), scoring, end of round; after round 5, final scoring.

``play`` is the whole game as one generator. It reads where it is from the state alone, so it can be
started again from a state saved at any turn boundary (the points marked ``game.boundary()``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import actions, automa_turns, contracts, officers, patents, scoring, setup, water
from .automa_levels import is_automa
from .components import components
from .engine.decisions import Choice, EventKind, Flow, PromptKind
from .income import income

if TYPE_CHECKING:
    from .game import Game

ROUNDS = components().rounds  # game-flow.toml [game] rounds
END_TURN = "end"
CHECK = "check"  # the modules' phases after Water Flow (a state stops there only for a question of theirs)


def play(game: Game) -> Flow[None]:
    st = game.state
    while True:
        if st.phase == "pick":
            if st.pick_index < len(st.pick_order):
                game.boundary()
                seat = st.pick_order[st.pick_index]
                if seat in st.drafting:
                    yield from setup.pick_matchup(game, seat)
                yield from contracts.pick_starting(game, seat)
                st.pick_index += 1
                continue
            st.phase, st.turn_index = "income", 0
        elif st.phase == "income":
            order = list(reversed(st.turn_order))  # income goes in reverse turn order
            if st.round > 1 and st.turn_index < len(order):
                game.boundary()
                seat = order[st.turn_index]
                yield from (automa_turns.take_income if is_automa(game, seat) else income)(game, seat)
                for module_income in game.hooks.income:  # the modules' (a Geological token's)
                    yield from module_income(game, seat)
                st.turn_index += 1
                continue
            game.event(f"Round {st.round} begins.", kind=EventKind.ROUND, data={"round": st.round})
            for begins in game.hooks.round_begins:  # the modules' (the Geological tokens told in round 1)
                begins(game)
            water.fill_headstreams(game)
            contracts.refill(game)
            st.phase, st.turn_index = "actions", 0
        elif st.phase == "actions":
            if all(c.passed for c in st.companies):
                water.water_flow_phase(game)
                st.phase = CHECK
                continue
            seat = st.turn_order[st.turn_index]
            if not st.companies[seat].passed:
                game.boundary()
                automa_way = automa_turns.plays_automa_way(game, seat)
                yield from (automa_turns.take_turn if automa_way else actions.take_turn)(game, seat)
                yield from confirm_turn(game, seat)
                contracts.refill(game)  # before the next placement: after the confirm, so undo reaches it
            st.turn_index = (st.turn_index + 1) % st.seats
        elif st.phase == CHECK:
            for phase in game.hooks.after_water_flow:
                yield from phase(game)
            score_and_close_round(game)
        else:
            return


def confirm_turn(game: Game, seat: int) -> Flow[None]:
    """With the setup option ``confirm_turns``, a person ends each turn explicitly; until then every choice
    of the turn can be taken back (nothing is revealed before: the display is refilled after)."""
    if not game.setup.options.get(setup.CONFIRM_OPTION, False) or is_automa(game, seat):
        return
    yield from game.ask(seat, PromptKind.END_TURN, f"{game.name(seat)}: your turn is complete.",
                        [Choice(END_TURN, "End turn")], auto=False)


def end_of_round(game: Game) -> None:
    """Water flow and the rest of the round's end, with no Check phase between (for tests of the base game)."""
    water.water_flow_phase(game)
    score_and_close_round(game)


def score_and_close_round(game: Game) -> None:
    """Scoring; after the last round final scoring, else the round's clean-up and the next round's order."""
    st = game.state
    scoring.score_round(game)
    if st.round == ROUNDS:
        scoring.final_scoring(game)
        st.phase = "over"
        names = " and ".join(game.name(s) for s in st.winner)
        game.event(f"The game is over. {names} win{'s' if len(st.winner) == 1 else ''}.", kind=EventKind.GAME_OVER)
        return
    energies = {c.seat: c.energy for c in st.companies}
    st.turn_order = scoring.next_turn_order(st.turn_order, energies)
    for c in st.companies:  # Engineers go home; energy markers back to 0 (Franz de Lasse: to his section)
        c.engineers += sum(n[c.seat] for n in st.engineers_on.values()) + st.bank[c.seat]
        section_start = scoring.SECTION * st.round
        c.energy = max(o.energy_at_round_end(c.energy, section_start) for o in officers.in_force(c))
        c.energy += c.energy_next_round  # Mahiri's copy of Franz: the kept contract's Energy, as the round starts
        c.energy_next_round = 0
        c.passed = False
        c.construction_used = 0
        c.private_spaces_used = [False, False]
        c.copied_for_round = []  # Mahiri's copies of Elon and Amir end with the round
        officers.OFFICERS[c.officer].engineers_home(c)  # (Tommaso: one of them is his Architect)
    st.occupied.clear()
    st.engineers_on.clear()
    st.bank = [0] * st.seats
    patents.refresh(game)
    for clean_up in game.hooks.round_ends:  # the modules' (their displays refilled)
        clean_up(game)
    st.round += 1
    st.phase, st.turn_index = "income", 0
