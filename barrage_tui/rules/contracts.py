"""Contracts (rulebook "Contracts"): taking, the hand limit, fulfilling, the display refill.

One action that produced at least a contract's energy may fulfil one contract: one from your hand, or,
with a production, a face-up National contract. France needs 3 less with production energy; Simone may
fulfil several whose needs add up to the energy. Energy that is not a production (L2 Base, L3 Conduit)
fulfils one hand contract only. Brazil's Negotiation (its ability) adds, once per production, a face-up
contract of the display, for 1 Engineer.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from . import companies, officers, rewards
from .engine import keys
from .automa_levels import AUTOMA
from .components import components
from .engine.decisions import Choice, EventKind, Flow, PromptKind
from .engine.draws import rng
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game

COLOURS = ("green", "yellow", "red")


def hand_limit(company: CompanyState) -> int:
    return max(o.hand_limit for o in officers.in_force(company))


@cache  # (a card's own words: every contract offered is labelled, at every turn)
def label(contract_id: int) -> str:
    c = components().contracts[contract_id]
    return f"#{c.id} ({c.kind}, {c.energy} energy): {rewards.describe(c.reward)}" + (f" [{c.assumed}]" if c.assumed else "")


@cache  # (a contract's choices are the same all game: its words are read from them when shown)
def contract_choice(verb: str, contract_id: int) -> Choice:
    """Taking, discarding or picking a contract: its key, its words and the card it points at."""
    return Choice(keys.make(verb, contract_id), lambda: label(contract_id), (keys.contract_ref(contract_id),),
                  short=lambda: short(contract_id))


@cache
def short(contract_id: int) -> str:
    """``label`` in fewer letters: "#308 (yellow, 6en): 3 VP, 2 Ex/Mx of choice"."""
    c = components().contracts[contract_id]
    return f"#{c.id} ({c.kind}, {c.energy}en): {rewards.describe(c.reward, rewards.SHORT)}" + (
        " (assumed)" if c.assumed else "")


def contract_reduction(game: Game, seat: int) -> int:
    """How much less Energy a production's contract needs (the company ability's: France's)."""
    return companies.ability(game, seat).contract_reduction(game, seat)


def fulfil(game: Game, seat: int, energy: int, production: bool, area: str = "") -> Flow[None]:
    """``area``: where a production's Powerhouse stands (a module's contracts there are offered too:
    ``extra_contracts``)."""
    st = game.state
    company = st.companies[seat]
    comps = components()
    reduction = contract_reduction(game, seat) if production else 0
    for module_reduction in game.hooks.contract_reduction:  # every fulfilment's need, on top of France's
        reduction += module_reduction(game, seat)
    ability = companies.ability(game, seat)
    # Decision: an Automa never negotiates; it fulfils straight from the display anyway (automa.md 5.1).
    negotiating = production and company.kind != AUTOMA and ability.can_negotiate(game, seat)
    budget = energy
    while True:
        candidates = list(company.contracts) + (list(st.national) if production else [])
        shown = display(game) if company.kind == AUTOMA or negotiating else []
        candidates += shown  # an Automa has no hand: straight from the Contract Office (automa.md 5.1)
        extra: dict[int, Callable[[], object]] = {}
        if production:
            for more in game.hooks.extra_contracts:
                extra.update(more(game, area))
        candidates += list(extra)
        fits = [c for c in candidates if max(0, comps.contracts[c].energy - reduction) <= budget]
        if not fits:
            return
        choices = [Choice(keys.make("contract", c), label(c), (keys.contract_ref(c),), short=short(c)) for c in fits
                   if not (negotiating and c in shown)]
        choices += [Choice(keys.make("contract", c), f"{label(c)} · Negotiation: 1 Engineer beside the Contract Office",
                           (keys.contract_ref(c),), {"negotiation": True}) for c in fits if negotiating and c in shown]
        choices.append(Choice("skip", "Fulfil no contract" if budget == energy else "No more contracts"))
        key = yield from game.ask(seat, PromptKind.CONTRACT, f"You produced {energy} energy: fulfil a contract?", choices,
                                  auto=False, help="A contract needs at most the energy of this one action.")
        if key == "skip":
            return
        cid = keys.number(key)
        if cid in company.contracts:
            company.contracts.remove(cid)
        elif cid in st.national:
            st.national.remove(cid)
        elif cid in extra:  # a module's: it leaves where it lay
            extra[cid]()
        else:
            st.private_display[comps.contracts[cid].kind].remove(cid)
            if negotiating:  # one display contract per production (Simone's several too)
                ability.negotiate(game, seat, cid)
                negotiating = False
        company.fulfilled.append(cid)
        contract = comps.contracts[cid]
        game.event(f"{game.name(seat)} fulfils contract {label(cid)}.", seat, EventKind.CONTRACT,
                   (keys.contract_ref(cid),), {"fulfilled": cid})
        if production:  # Franz de Lasse: the contract takes its Energy off the marker
            for o in officers.in_force(company):
                o.production_contract_fulfilled(game, seat, max(0, contract.energy - reduction))
        yield from rewards.gain(game, seat, contract.reward, "contracts")
        left = [n for o in officers.in_force(company) if production
                and (n := o.energy_for_more_contracts(budget, max(0, contract.energy - reduction))) is not None]
        if not left:  # one contract per fulfilment, but an officer's (Simone's) several with one production
            return
        budget = max(left)


def display(game: Game) -> list[int]:
    return [c for colour in COLOURS for c in game.state.private_display[colour]]


def take(game: Game, seat: int, count: int) -> Flow[None]:
    """Take exactly ``count`` face-up private contracts, then discard down to the hand limit."""
    st = game.state
    company = st.companies[seat]
    for i in range(count):
        choices = [contract_choice("take", c) for c in display(game)]
        key = yield from game.ask(seat, PromptKind.TAKE_CONTRACT, f"Take a contract ({i + 1} of {count}).", choices)
        cid = keys.number(key)
        colour = components().contracts[cid].kind
        st.private_display[colour].remove(cid)
        company.contracts.append(cid)
        game.event(f"{game.name(seat)} takes contract {label(cid)}.", seat, EventKind.CONTRACT, (keys.contract_ref(cid),))
    while len(company.contracts) > hand_limit(company):
        choices = [contract_choice("discard", c) for c in company.contracts]
        key = yield from game.ask(seat, PromptKind.DISCARD_CONTRACT,
                                  f"Your hand holds {len(company.contracts)}; discard down to {hand_limit(company)}.",
                                  choices, auto=False)
        cid = keys.number(key)
        company.contracts.remove(cid)
        game.event(f"{game.name(seat)} discards contract #{cid}; it leaves the game.", seat, "contract")


def refill(game: Game) -> None:
    """Before the next placement: each colour of the display is topped up to 2 from its pile. An empty
    pile takes back, shuffled, the contracts an Automa discarded (BGA's fallback, automa.md 5.3)."""
    st = game.state
    for colour in COLOURS:
        shown, pile = st.private_display[colour], st.private_piles[colour]
        while len(shown) < components().face_up_per_colour and (pile or st.contract_discards.get(colour)):
            if not pile:
                pile.extend(st.contract_discards.pop(colour))
                rng(st).shuffle(pile)
            shown.append(pile.pop())
            game.revealed()


def pick_starting(game: Game, seat: int) -> Flow[None]:
    st = game.state
    choices = [contract_choice("start", c) for c in st.starting_offer]
    key = yield from game.ask(seat, PromptKind.STARTING_CONTRACT, "Pick your starting contract.", choices)
    cid = keys.number(key)
    st.starting_offer.remove(cid)
    st.companies[seat].contracts.append(cid)
    game.event(f"{game.name(seat)} picks starting contract {label(cid)}.", seat, "contract")
