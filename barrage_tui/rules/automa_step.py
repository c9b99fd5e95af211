"""An Automa's step: its whole turn (or its income), recorded in the log as ONE choice.

The Automa (reference automa.md) has no credits and takes no decisions: a deck of cards does. The
``automa`` package reads the cards and works out a step; the rules core only carries the step out, here,
through the same rules functions a human's action uses. So a replay, an undo or a saved game needs
nothing but the log, and the ``automa`` package need not even be loaded to replay one.

A step is a text key: primitive operations separated by ``;``, each followed by the answers (``=key``)
to the questions the rules ask while it runs, in order:

    flip                          flip the top card of the Automa deck onto its discard pile (3.2, 3.3)
    eng:<where>:<n>[:architect]   place n Engineers: on an action space (which it only blocks), on
                                  ``bank-b``, on its own board ``company-<seat>``, beside a full section
                                  ``<board>-beside``, or on its chief engineer's space ``<officer>-1`` (Wu
                                  Fang's action, Gennardo Grasso's reminder; once a round); ``architect``:
                                  Tommaso's Architect is the one Engineer
    vp:<n>                        gain (or, negative, pay) VP: a box's cost, the Bank
    produce:<bonus>               a production with that modifier (production.produce)
    water:<n>:<wait|flow>         put up to n drops on headstreams (water.place_drops)
    office:<colour>               Contract Office box: that colour's face-up contracts leave, 2 new, +2 energy
    build                         a construction (construction.construct)
    wheel:<n>                     turn the Construction Wheel n segments
    machinery:<e>:<m>             take Excavators and mixers from the supply
    patent:<slot>                 take the Patent Office tile of slot 1-3
    income                        the round-start income (rounds.income)
    officer                       the action of its chief engineer's space, Engineers already on it (Wu Fang)

e.g. ``flip;eng:turbine-b2:2;produce:0;=system:B5L:C5R:P10_0;=contract:214``.

Where a human pays or gains credits an Automa pays or gains VP (Game.pay_credits / gain_credits); its
difficulty level (``LEVELS``, from data/automa-levels.toml) switches off income, production bonuses, the
company ability and tile effects where the rules modules ask ``level(company)``.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from functools import cache

from . import keys
from .components import components, load_data
from .decisions import IllegalChoice, Prompt, PromptKind
from .setup import rng

PROMPT_KIND = PromptKind.AUTOMA
AUTOMA = "automa"
AUTOMA_VP = 16  # an Automa starts with 16 VP and never holds credits (automa.md 2.2)
AUTOMA_CREDITS = 0
DECK_SIZE = 20  # the Automa cards are numbered 1..20 (automa.md section 7)
CONTRACT_OFFICE_ENERGY = 2
SECTIONS = ("turbine", "water", "contract", "workshop", "machinery")
OBJECTIVE_EXTRA_VP = 5  # an Automa scores 20/15/10 on the objective tile (automa.md 8.3)
OBJECTIVE_EXTRA_PLACES = 3
BANK = "bank-b"


# ---------------------------------------------------------------- difficulty levels

@dataclass(frozen=True)
class Level:
    id: str
    name: str
    round_income: bool = True
    immediate_income: bool = True
    powerhouse_production_bonus: bool = True
    company_ability: bool = True
    advanced_tile_effects: bool = True
    officer: bool = True


HUMAN = Level("human", "human")  # a human: every rule applies


@cache
def levels() -> dict[str, Level]:
    return {lv["id"]: Level(**lv) for lv in load_data("automa-levels")["level"]}


def level(company) -> Level:
    """The rules that apply to this company: all for a human, its difficulty level's for an Automa."""
    return levels()[company.difficulty] if company.kind == AUTOMA else HUMAN


def is_automa(game, seat: int) -> bool:
    return game.state.companies[seat].kind == AUTOMA


# ---------------------------------------------------------------- the deck (automa.md 3.2, 3.3)

def shuffle_deck(state) -> None:
    cards = list(range(1, DECK_SIZE + 1))
    rng(state).shuffle(cards)
    state.automa_draw, state.automa_discard = cards, []


def flip(state) -> None:
    """Flip the top card onto the discard pile. When that empties the draw pile, the rest of the discard
    pile is shuffled into a new one and the card just flipped stays as the criteria card (BGA's way, 3.3)."""
    state.automa_discard.append(state.automa_draw.pop())
    if not state.automa_draw:
        rest = state.automa_discard[:-1]
        rng(state).shuffle(rest)
        state.automa_draw, state.automa_discard = rest, state.automa_discard[-1:]


# ---------------------------------------------------------------- the flow: where an Automa acts

def plays_automa_way(game, seat: int) -> bool:
    """An Automa's turns; and a human's first action of each round while an Automa has Mahiri Sekibo
    (automa.md section 10: they play that action the Automa way).

    Decision (UNVERIFIED, the reference gives only the one sentence): the human's card turn is worked out
    exactly as the Automa's (card sides, boxes, Engineers on the first free space, the box's VP cost);
    credits are paid and gained as usual, a production fulfils from the hand or a National contract, and
    the Automa's chief-engineer adaptations do not apply. "First action" = nothing placed yet this round."""
    st = game.state
    if st.companies[seat].kind == AUTOMA:
        return True
    if not any(c.kind == AUTOMA and c.officer == "mahiri" for c in st.companies):
        return False
    placed = sum(n[seat] for n in st.engineers_on.values()) + st.bank[seat]
    return placed == 0


def take_turn(game, seat: int):
    """One Automa turn (generator): a single prompt whose one choice the ``automa`` package computes."""
    company = game.state.companies[seat]
    if company.kind == AUTOMA and not company.engineers and not company.architect:
        company.passed = True
        game.event(f"{game.name(seat)} (Automa) has no Engineers left and passes.", seat, "pass")
        return
    who = "(Automa)" if company.kind == AUTOMA else "plays this action the Automa way (Mahiri)"
    yield from _step(game, seat, f"{game.name(seat)} {who}: its turn from the Automa cards.")


def take_income(game, seat: int):
    """The round-start income of an Automa (generator): one step, asked only when an income slot is
    uncovered (its machinery of choice and drops are decided by the automa package, automa.md 5.10)."""
    from .construction import INCOME_SLOTS, built

    company = game.state.companies[seat]
    if not level(company).round_income:
        game.event(f"{game.name(seat)} (Automa, {level(company).name}) takes no income.", seat, "income")
        return
    if not any(built(company, s) >= INCOME_SLOTS[0] for s in ("base", "elevation", "conduit")):
        return
    yield from _step(game, seat, f"{game.name(seat)} (Automa) takes its income.")


def _step(game, seat: int, text: str):
    key = yield Prompt(seat, PROMPT_KIND, text, (),
                       help="The Automa's whole step, worked out from its cards; it is recorded as one choice.")
    choice = game._prompt.find(key) if game._prompt is not None else None
    game.event(f"{game.name(seat)}: {choice.label}" if choice else text, seat, PROMPT_KIND,
               choice.refs if choice else ())
    apply(game, seat, key)


# ---------------------------------------------------------------- carrying out a step

class Step:
    """Carries out operations one by one; every question a rules function asks is answered by
    ``answer(prompt)`` and recorded after the operation (``key`` is the step so far)."""

    def __init__(self, game, seat: int, answer):
        self.game, self.seat, self.answer = game, seat, answer
        self.tokens: list[str] = []

    @property
    def key(self) -> str:
        return ";".join(self.tokens)

    def do(self, op: str) -> None:
        parsed = keys.Key.parse(op)
        operation = OPERATIONS.get(parsed.verb)
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
                self.tokens.append("=" + key)
                prompt = gen.send(key)
        except StopIteration:
            pass


def apply(game, seat: int, key: str) -> None:
    """Carry out a recorded step. A malformed step raises (IllegalChoice or another error)."""
    tokens = key.split(";")
    pos = 0

    def answer(prompt):
        nonlocal pos
        if pos >= len(tokens) or not tokens[pos].startswith("="):
            raise IllegalChoice(f"the step gives no answer to {prompt.text!r}")
        pos += 1
        return tokens[pos - 1][1:]

    step = Step(game, seat, answer)
    while pos < len(tokens):
        op = tokens[pos]
        pos += 1
        if op.startswith("="):
            raise IllegalChoice(f"answer {op!r} to no question")
        step.do(op)


def scratch(game):
    """A throw-away copy of ``game`` to try a step on (the flow is not copied: only rules functions run)."""
    trial = copy.copy(game)
    trial.state = game.state.copy()
    trial.events = []
    return trial


def validate(game, seat: int, key: str) -> None:
    """Raise IllegalChoice unless ``key`` applies cleanly (tried on a copy; ``game`` is unchanged)."""
    try:
        apply(scratch(game), seat, key)
    except IllegalChoice:
        raise
    except Exception as exc:  # noqa: BLE001 - any failure means the key is not a legal step here
        raise IllegalChoice(f"the Automa step {key!r} cannot be carried out: {exc!r}") from exc


# ---------------------------------------------------------------- the operations

def _flip(game, seat):
    st = game.state
    if not st.automa_draw:
        raise IllegalChoice("there is no Automa deck in this game")
    flip(st)
    game.event(f"The Automa flips card {st.automa_discard[-1]}: actions of card {st.automa_draw[-1]}, "
               f"criteria of card {st.automa_discard[-1]}.", seat, "automa_card")


def _place(game, seat, where, n, architect=""):
    from .actions import engineers, engineers_available, place_name, space_exists, use_engineers

    st = game.state
    company = st.companies[seat]
    n = int(n)
    if not 1 <= n <= engineers_available(company) or architect not in ("", "architect"):
        raise IllegalChoice(f"cannot place {n} Engineer(s)")
    space = components().spaces.get(where)
    own_space = _own_officer_space(company, where)
    if where == BANK:
        st.bank[seat] += n
    elif space is not None:
        if not space_exists(game, space) or where in st.occupied:
            raise IllegalChoice(f"{where} is not a free action space")
        st.occupied[where] = seat
    elif own_space is not None:
        if company.private_spaces_used[own_space]:
            raise IllegalChoice(f"{where} was already used this round")
        company.private_spaces_used[own_space] = True
    elif where != f"company-{seat}" and where not in {f"{s}-beside" for s in SECTIONS}:
        raise IllegalChoice(f"no place {where!r} for Engineers")
    if where != BANK:
        st.engineers_on.setdefault(where, [0] * st.seats)[seat] += n
    game.event(f"{game.name(seat)} places {engineers(n)} on {place_name(where)}"
               + (" (the Architect alone: another turn follows)." if architect else "."), seat, "place", (where,))
    if architect and not company.architect:
        raise IllegalChoice("the Architect is not in the supply")
    use_engineers(company, n, bool(architect))


def _own_officer_space(company, where: str) -> int | None:
    """The index of ``where`` among the company's own chief engineer's spaces (``wu-1``), else None."""
    from .actions import private_space

    found = private_space(company, where)
    return None if found is None or found[2] else found[1]


def _vp(game, seat, n):
    n = int(n)
    game.gain_vp(seat, n, "automa_cards")
    game.event(f"{game.name(seat)} {'scores' if n >= 0 else 'pays'} {abs(n)} VP.", seat, "vp")


def _produce(game, seat, bonus):
    from . import production

    bonus = int(bonus)
    if not production.can_produce(game, seat, bonus):
        raise IllegalChoice("no production is possible")
    return production.produce(game, seat, bonus)


def _water(game, seat, n, mode):
    from . import water

    if mode not in ("wait", "flow") or not 1 <= int(n) <= 3:
        raise IllegalChoice(f"bad water operation {n}:{mode}")
    return water.place_drops(game, seat, int(n), flowing=mode == "flow")


def _office(game, seat, colour):
    from .contracts import COLOURS, refill

    if colour not in COLOURS:
        raise IllegalChoice(f"no contract colour {colour!r}")
    st = game.state
    gone = st.private_display[colour]
    st.contract_discards.setdefault(colour, []).extend(gone)
    st.private_display[colour] = []
    refill(game)
    st.companies[seat].energy += CONTRACT_OFFICE_ENERGY
    game.event(f"{game.name(seat)} discards the face-up {colour} contracts "
               f"({', '.join(f'#{c}' for c in gone) or 'none'}), reveals new ones and gains "
               f"{CONTRACT_OFFICE_ENERGY} energy.", seat, "contract", tuple(keys.contract_ref(c) for c in gone))


def _build(game, seat):
    from . import construction

    return construction.construct(game, seat)  # it refuses (raises) when nothing can be built


def _wheel(game, seat, n):
    from . import wheel

    n = int(n)
    if not 1 <= n <= 6:
        raise IllegalChoice(f"cannot turn the wheel {n}")
    back = wheel.turn(game.state.companies[seat], n)
    game.event(f"{game.name(seat)} turns the wheel {n}" + (f", getting back {', '.join(back)}." if back else "."),
               seat, "wheel")


def _machinery(game, seat, excavators, mixers):
    from .rewards import add_machinery

    e, m = int(excavators), int(mixers)
    if e < 0 or m < 0 or e + m > 2:
        raise IllegalChoice("bad machinery")
    add_machinery(game.state.companies[seat], e, m)
    game.event(f"{game.name(seat)} takes {e} Excavator(s) and {m} mixer(s).", seat, "gain")


def _patent(game, seat, slot):
    from . import patents

    slot = int(slot)
    if not 1 <= slot <= len(game.state.patent_offer) or not game.state.patent_offer[slot - 1]:
        raise IllegalChoice(f"no tile in Patent Office slot {slot}")
    patents.buy(game, seat, slot)


def _income(game, seat):
    from . import rounds

    return rounds.income(game, seat)


def _officer(game, seat):
    """The action of the chief engineer's space its Engineer was put on this round (Wu Fang's production
    from the drops held behind its Dams, automa.md 10)."""
    from .officers import OFFICERS

    company = game.state.companies[seat]
    own = OFFICERS[company.officer]
    if not own.private_spaces or not company.private_spaces_used[0] or not own.private_action_possible(game, seat):
        raise IllegalChoice(f"no action of {company.officer!r}'s space to carry out")
    return own.private_action(game, seat)


OPERATIONS = {
    "flip": _flip, "eng": _place, "vp": _vp, "produce": _produce, "water": _water, "office": _office,
    "build": _build, "wheel": _wheel, "machinery": _machinery, "patent": _patent, "income": _income,
    "officer": _officer,
}


# ---------------------------------------------------------------- final scoring

def objective_extra(game, quantities: dict[int, int]) -> dict[int, int]:
    """An Automa whose place (after ties) is among the first three scores 5 VP more (automa.md 8.3)."""
    extra = {}
    for c in game.state.companies:
        if c.kind == AUTOMA:
            ahead = sum(1 for q in quantities.values() if q > quantities[c.seat])
            if ahead < OBJECTIVE_EXTRA_PLACES:
                extra[c.seat] = OBJECTIVE_EXTRA_VP
    return extra
