"""The Automa's step language: its whole turn (or its income), recorded in the log as ONE choice, and
carried out here through the same rules functions a human's action uses. So a replay, an undo or a saved
game needs nothing but the log (automa_turns.py asks for the step; the ``automa`` package works it out).

A step is a text key: primitive operations separated by ``;``, each followed by the answers (``=key``)
to the questions the rules ask while it runs, in order:

    flip                          flip the top card of the Automa deck onto its discard pile (3.2, 3.3)
    eng:<where>:<n>[:<way>]       place n Engineers: on an action space (which it only blocks: the
                                  Management board's or a module's, Module.block_space), on
                                  ``bank-b``, on its own board ``company-<seat>``, beside a full section
                                  ``<board>-beside``, or on its chief engineer's space ``<officer>-1`` (Wu
                                  Fang's action, Gennardo Grasso's reminder; once a round); ``<way>``: its
                                  officer's way of placing them, as ``Officer.placements`` offers it to a
                                  person (Tommaso's ``architect``: the Architect is the one Engineer)
    reminder:<officer>-1          a reminder on its chief engineer's space instead of an Engineer (Gennardo
                                  Grasso's first construction of a round that then places none: a Credit
                                  from the general supply, seed 002); the space counts as used this round
    vp:<n>                        gain (or, negative, pay) VP: a box's cost, the Bank
    produce:<bonus>               a production with that modifier (production.produce)
    water:<n>:<wait|flow>         put up to n drops on headstreams (water.place_drops)
    office:<colour>               Contract Office box: that colour's face-up contracts leave, 2 new, +2 energy
    build                         a construction (construction.construct)
    wheel:<n>                     turn the Construction Wheel n segments
    machinery:<e>:<m>             take Excavators and mixers from the supply
    patent:<slot>                 take the Patent Office tile of slot 1-3
    income                        the round-start income (income.income)
    officer                       the action of its chief engineer's space, Engineers already on it (Wu Fang)

e.g. ``flip;eng:turbine-b2:2;produce:0;=system:B5L:C5R:P10_0;=contract:214``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import actions, construction, contracts, income, officers, patents, production, rewards, water, wheel
from .engine import keys
from .automa_deck import flip
from .components import components
from .engine.decisions import Flow, IllegalChoice, Prompt
from .officers import OFFICERS
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game

# An operation: (game, seat, its arguments as written in the step) -> the flow of the rules it runs, or None
# when it asks nothing. Each takes its own number of arguments.
Operation = Callable[..., Flow[None] | None]

CONTRACT_OFFICE_ENERGY = 2
SECTIONS = ("turbine", "water", "contract", "workshop", "machinery")


class Step:
    """Carries out operations one by one; every question a rules function asks is answered by
    ``answer(prompt)`` and recorded after the operation (``key`` is the step so far)."""

    def __init__(self, game: Game, seat: int, answer: Callable[[Prompt], str]) -> None:
        self.game, self.seat, self.answer = game, seat, answer
        self.tokens: list[str] = []

    @property
    def key(self) -> str:
        return keys.step_text(self.tokens)

    def do(self, op: str) -> None:
        parsed = keys.Key.parse(op)
        operation = OPERATIONS.get(parsed.verb) or next(
            (found for ops in self.game.hooks.automa_operations if (found := ops().get(parsed.verb))), None)
        if operation is None:
            raise IllegalChoice(f"unknown Automa operation {op!r}")
        self.tokens.append(op)
        gen = operation(self.game, self.seat, *parsed.args)
        if gen is None:
            return
        try:
            prompt = next(gen)
            while True:
                key = self.answer(prompt)
                if prompt.find(key) is None:
                    raise IllegalChoice(f"{key!r} is not a legal answer to {prompt.text!r} ({op})")
                self.tokens.append(keys.answer_token(key))
                prompt = gen.send(key)
        except StopIteration:
            pass


def apply(game: Game, seat: int, key: str) -> None:
    """Carry out a recorded step. A malformed step raises (IllegalChoice or another error)."""
    tokens = keys.step_tokens(key)
    pos = 0

    def answer(prompt: Prompt) -> str:
        nonlocal pos
        if pos >= len(tokens) or not tokens[pos].answer:
            raise IllegalChoice(f"the step gives no answer to {prompt.text!r}")
        pos += 1
        return tokens[pos - 1].text

    step = Step(game, seat, answer)
    while pos < len(tokens):
        token = tokens[pos]
        pos += 1
        if token.answer:
            raise IllegalChoice(f"answer {token.text!r} to no question")
        step.do(token.text)


def validate(game: Game, seat: int, key: str) -> None:
    """Raise IllegalChoice unless ``key`` applies cleanly (tried on a copy; ``game`` is unchanged)."""
    try:
        apply(game.scratch(), seat, key)
    except IllegalChoice:
        raise
    except Exception as exc:  # noqa: BLE001 - any failure means the key is not a legal step here
        raise IllegalChoice(f"the Automa step {key!r} cannot be carried out: {exc!r}") from exc


# ---------------------------------------------------------------- the operations

def _flip(game: Game, seat: int) -> None:
    st = game.state
    if not st.automa_draw:
        raise IllegalChoice("there is no Automa deck in this game")
    flip(st)
    game.event(f"The Automa flips card {st.automa_discard[-1]}: actions of card {st.automa_draw[-1]}, "
               f"criteria of card {st.automa_discard[-1]}.", seat, "automa_card")


def _place(game: Game, seat: int, where: str, count: str, way: str = "") -> None:
    """Its Engineers only block an action space (the box pays in VP, ``vp``); it may also put them on its
    own board or beside a full section, where people never place. ``way``: its officer's way of placing
    them, as a person's placement key has it (Tommaso's ``architect``)."""
    st = game.state
    company = st.companies[seat]
    n = int(count)
    if not 1 <= n <= actions.engineers_available(company):
        raise IllegalChoice(f"cannot place {rewards.count(n, 'Engineer')}")
    if way and not actions.placement_offered(company, where, n, way):
        raise IllegalChoice(f"cannot place {rewards.count(n, 'Engineer')} the {way!r} way")
    space = components().spaces.get(where)
    own_space = _own_officer_space(company, where)
    name = ""  # a module's space: its name for the log
    if space is not None and where != actions.BANK:  # the Bank is never taken
        if not actions.space_exists(game, space) or where in st.occupied:
            raise IllegalChoice(f"{where} is not a free action space")
        st.occupied[where] = seat
    elif own_space is not None:
        if company.private_spaces_used[own_space]:
            raise IllegalChoice(f"{where} was already used this round")
        company.private_spaces_used[own_space] = True
    elif where not in (actions.BANK, f"company-{seat}", *(f"{s}-beside" for s in SECTIONS)):
        name = _block_module_space(game, seat, where)
        if not name:
            raise IllegalChoice(f"no place {where!r} for Engineers")
    blocked = (space is not None and where != actions.BANK) or name
    blocks = " to block it (its card says what it does)" if blocked else ""
    words = "".join(o.placement_words(way) for o in officers.in_force(company)) if way else ""
    actions.put_engineers(game, seat, where, n, way, f"{blocks}{words}.", name)


def _reminder(game: Game, seat: int, where: str) -> None:
    company = game.state.companies[seat]
    own_space = _own_officer_space(company, where)
    if own_space is None or company.private_spaces_used[own_space]:
        raise IllegalChoice(f"no free space of its chief engineer {where!r} for a reminder")
    company.private_spaces_used[own_space] = True
    game.event(f"{game.name(seat)} puts a Credit from the general supply on {actions.place_name(where)} as a "
               f"reminder.", seat, "place", (where,))


def _block_module_space(game: Game, seat: int, where: str) -> str:
    """A module's action space (the extra action board's) blocked by the Automa's Engineers: its name; "" where
    no module has a space ``where``."""
    for block in game.hooks.block_space:
        if (name := block(game, seat, where)) is not None:
            return name
    return ""


def _own_officer_space(company: CompanyState, where: str) -> int | None:
    """The index of ``where`` among the company's own chief engineer's spaces (``wu-1``), else None."""
    found = actions.private_space(company, where)
    return None if found is None or found[2] else found[1]


def _vp(game: Game, seat: int, count: str) -> None:
    n = int(count)
    game.gain_vp(seat, n, "automa_cards")
    game.event(f"{game.name(seat)} {'scores' if n >= 0 else 'pays'} {abs(n)} VP.", seat, "vp")


def _produce(game: Game, seat: int, modifier: str) -> Flow[None]:
    bonus = int(modifier)
    if not production.can_produce(game, seat, bonus):
        raise IllegalChoice("no production is possible")
    return production.produce(game, seat, bonus)


def _water(game: Game, seat: int, n: str, mode: str) -> Flow[None]:
    if mode not in ("wait", "flow") or not 1 <= int(n) <= 3:
        raise IllegalChoice(f"bad water operation {n}:{mode}")
    return water.place_drops(game, seat, int(n), flowing=mode == "flow")


def _office(game: Game, seat: int, colour: str) -> None:
    if colour not in contracts.COLOURS:
        raise IllegalChoice(f"no contract colour {colour!r}")
    st = game.state
    gone = st.private_display[colour]
    st.contract_discards.setdefault(colour, []).extend(gone)
    st.private_display[colour] = []
    contracts.refill(game)
    st.companies[seat].energy += CONTRACT_OFFICE_ENERGY
    game.event(f"{game.name(seat)} discards the face-up {colour} contracts "
               f"({', '.join(f'#{c}' for c in gone) or 'none'}), reveals new ones and gains "
               f"{CONTRACT_OFFICE_ENERGY} energy.", seat, "contract", tuple(keys.contract_ref(c) for c in gone))


def _build(game: Game, seat: int) -> Flow[None]:
    return construction.construct(game, seat)  # it refuses (raises) when nothing can be built


def _wheel(game: Game, seat: int, times: str) -> None:
    n = int(times)
    if not 1 <= n <= 6:
        raise IllegalChoice(f"cannot turn the wheel {n}")
    back = wheel.turn(game.state.companies[seat], n)
    game.event(f"{game.name(seat)} turns the wheel {n}" + (f", getting back {', '.join(back)}." if back else "."),
               seat, "wheel")


def _machinery(game: Game, seat: int, excavators: str, mixers: str) -> None:
    e, m = int(excavators), int(mixers)
    if e < 0 or m < 0 or e + m > 2:
        raise IllegalChoice("bad machinery")
    rewards.add_machinery(game.state.companies[seat], e, m)
    game.event(f"{game.name(seat)} takes {rewards.count(e, 'Excavator')} and {rewards.count(m, 'mixer')}.", seat, "gain")


def _patent(game: Game, seat: int, which: str) -> None:
    slot = int(which)
    if not 1 <= slot <= len(game.state.patent_offer) or not game.state.patent_offer[slot - 1]:
        raise IllegalChoice(f"no tile in Patent Office slot {slot}")
    patents.buy(game, seat, slot)


def _income(game: Game, seat: int) -> Flow[None]:
    return income.income(game, seat)


def _officer(game: Game, seat: int) -> Flow[None]:
    """The action of the chief engineer's space its Engineer was put on this round (Wu Fang's production
    from the drops held behind its Dams, automa.md 10)."""
    company = game.state.companies[seat]
    own = OFFICERS[company.officer]
    if not own.private_spaces or not company.private_spaces_used[0] or not own.private_action_possible(game, seat):
        raise IllegalChoice(f"no action of {company.officer!r}'s space to carry out")
    return own.private_action(game, seat)


OPERATIONS: dict[str, Operation] = {
    "flip": _flip, "eng": _place, "vp": _vp, "produce": _produce, "water": _water, "office": _office,
    "build": _build, "wheel": _wheel, "machinery": _machinery, "patent": _patent, "income": _income,
    "officer": _officer, "reminder": _reminder,
}
