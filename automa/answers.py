"""The Automa's answers to the questions the rules ask while one of its operations runs (automa.md 5.10).

A box that has already decided (the system of its production, the tile, space and payment of its
construction) hands its answers in as presets; everything else follows the Automa's fixed rules:

    system       the most productive system (Germany's second production, Powerhouse II's free one;
                 Decision (UNVERIFIED, automa.md 13): they fulfil a contract by the normal Automa rule);
                 Dr. Octavius: then every further Dam into that Powerhouse (officer_octavius.py)
    drops        all the dam's drops (Viktor: 1 with a conduit of value 1-2); headstreams by 5.2
                 (Amir Zahir: straight behind one of its Dams, else flowing at once: officer_amir.py)
    contract     the highest-valued face-up contract it covers, rightmost on ties (Simone: the most;
                 Franz de Lasse below his round's section: the lowest)
    machinery    the wild-machinery rule, one machine at a time (5.6)
    build_space  a free structure: the placement procedure with the current criteria card
    build_column Brazil's free structure: the leftmost column offered (those whose loss it can pay)
    powerhouse_piece China's free Powerhouse: the leftmost piece offered, as its constructions take
                 (boxes/construction.choice)
    income_price Brazil's priced income: always paid (Decision: in VP, as every cost of the Automa; it
                 has no credits to keep, so it takes every income, at the board's order)
    payment      a free structure's Geological token cost (the only payment asked outside its construction
                 box): the fewest credits (VP), Excamixers last
    geology_drop Geological token 2's drop behind its Dam: always taken
    company_drop the Netherlands' drop after a production (Hard and above): ``company_drop``
    lwp_advanced_tile  an External Work's free Patent Office tile: the highest level, the lower slot on ties
    lwp_work_machinery an External Work's machinery: as its box says (returned; Leslie's override: the wheel)
    lwp_tile_action    the Building tile of level I (asked only of a person playing the Automa way): not used
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from barrage_tui.rules import (
    WORK_SPENT, Key, PromptKind, System, facts, make_key, production_systems, system_energy as rules_system_energy,
)

from . import contracts, machinery, officer_amir, officer_octavius, placement
from .boxes.production import best_system, drops_for, system_energy
from .boxes.water import next_headstream

if TYPE_CHECKING:
    from barrage_tui.rules import Prompt

    from .context import Context


class Answerer:
    def __init__(self, view: Context) -> None:
        self.view = view
        self.op = ""
        self.presets: dict[str, str] = {}
        self.system: System | None = None
        self.bonus = 0
        self.second = False
        self.energy: int | None = None
        self.plan: list[int] | None = None
        self.flows: list[tuple[System, int]] = []  # the Dams of this production, in order (Dr. Octavius)
        self.marker: int | None = None  # the Energy marker as this production began (Franz de Lasse)

    def begin(self, op: str, presets: dict[str, str]) -> None:
        parsed = Key.parse(op)
        self.op = parsed.verb
        self.presets = dict(presets)
        self.energy = self.plan = self.marker = None
        self.flows = []
        if parsed.verb == "produce":  # the box chose its system (the rules ask only if there are several)
            self.system, self.bonus, self.second = _system(presets[PromptKind.SYSTEM]), parsed.number(), False
            self._start_production(self.system)

    def _start_production(self, system: System) -> None:
        self.energy = system_energy(self.view, system, self.bonus, self.second)
        self.flows = officer_octavius.flows(self.view, system, self.second)
        if self.marker is None:  # Germany's second production belongs to the same production action
            self.marker = self.view.company.energy

    def __call__(self, prompt: Prompt) -> str:
        preset = self.presets.get(prompt.kind)
        if preset is not None and prompt.find(preset) is not None:
            del self.presets[prompt.kind]
            return preset
        handler: Callable[[Prompt], str] | None = getattr(self, f"_{prompt.kind}", None)
        if handler is None:
            raise RuntimeError(f"the Automa has no rule for the question {prompt.kind!r}: {prompt.text}")
        return handler(prompt)

    # ------------------------------------------------------------ production

    def _more_dams(self, prompt: Prompt) -> str:  # Dr. Octavius's production: the next Dam of its plan
        key = officer_octavius.next_dam(self.flows[1:], prompt)
        if Key.parse(key).verb == "system":
            self.system = _system(key)
        return key

    def _system(self, prompt: Prompt) -> str:
        offered = [_system(k) for k in prompt.keys() if Key.parse(k).verb == "system"]
        # inside a production: Germany's second one (no bonus); inside a construction: Powerhouse II (+2)
        self.second = self.op == "produce"
        self.bonus = 0 if self.second else 2
        if not offered:
            return "skip"
        self.system, _ = best_system(self.view, offered, self.bonus, self.second)
        self._start_production(self.system)
        self.plan = None
        return self.system.key

    def _production_drops(self, prompt: Prompt) -> str:
        counts = sorted(Key.parse(k).number() for k in prompt.keys())
        want = drops_for(self.view, self.system, counts[-1]) if self.system else counts[-1]
        k = want if want in counts else counts[-1]
        if self.system and len(self.flows) <= 1:  # Dr. Octavius's several Dams: energy already planned
            self.energy = rules_system_energy(self.view.game, self.view.seat, self.system, k, self.bonus,
                                              self.second)
        return make_key("drops", k)

    def _headstream_drop(self, prompt: Prompt) -> str:
        left = cast(int, prompt.data["of"]) - cast(int, prompt.data["drop"]) + 1  # this drop and those still to place
        if officer_amir.applies(self.view):
            return officer_amir.answer(self.view, prompt, left)
        head = next_headstream(self.view, left, bool(prompt.data["flowing"]))
        return make_key("headstream", head) if head else "done"

    # ------------------------------------------------------------ the rest

    def _contract(self, prompt: Prompt) -> str:
        offered = [k.number() for k in map(Key.parse, prompt.keys()) if k.verb == "contract"]
        if contracts.several(self.view) and self.energy is not None:
            if self.plan is None:
                self.plan = contracts.most_contracts(self.view, offered, self.energy)
            pick = next((c for c in self.plan if c in offered), None)
            if pick is None:
                return "skip"
            self.plan.remove(pick)
            return make_key("contract", pick)
        return make_key("contract", contracts.best(self.view, offered, self.marker))

    def _machinery(self, prompt: Prompt) -> str:
        offer = Key.parse(prompt.keys()[0])
        return make_key("machinery", *machinery.wild(self.view, offer.number(0) + offer.number(1)))

    def _build_column(self, prompt: Prompt) -> str:
        return prompt.keys()[0]  # the offered columns, left to right: see boxes/construction.choice

    def _powerhouse_piece(self, prompt: Prompt) -> str:
        return prompt.keys()[0]  # the offered pieces, cheapest first: see boxes/construction.choice

    def _income_price(self, prompt: Prompt) -> str:
        return next((k for k in prompt.keys() if k != "skip"), "skip")

    def _build_space(self, prompt: Prompt) -> str:
        spaces = [k.rest() for k in map(Key.parse, prompt.keys()) if k.verb == "space"]
        if not spaces:
            return "skip"
        space, _ = placement.choose(self.view, str(prompt.data["structure"]), spaces)
        return make_key("space", space)


    def _payment(self, prompt: Prompt) -> str:
        offered = [c for c in prompt.choices if not c.data.get("waiver")]
        return min(offered, key=lambda c: (c.data["credits"], c.data["excamixers"], c.key)).key

    def _geology_drop(self, prompt: Prompt) -> str:
        return next(k for k in prompt.keys() if k != "skip")

    # ------------------------------------------------------------ The Leeghwater Project

    def _company_drop(self, prompt: Prompt) -> str:
        return make_key("dam", company_drop(self.view, [Key.parse(k).rest() for k in prompt.keys() if k != "skip"]))

    def _lwp_advanced_tile(self, prompt: Prompt) -> str:
        """An External Work's free tile (UNVERIFIED, automa.md 13): the highest level, the lower slot on ties."""
        return max(prompt.choices, key=lambda c: (facts().tile(str(c.data["tile"])).level, -keys_number(c.key))).key

    def _lwp_tile_action(self, prompt: Prompt) -> str:
        """The Building tile of level I asks only a person playing the Automa way (Mahiri): the Automa never
        uses a building's action (automa.md 5.11; an Automa scores the building's VP instead, in the rules)."""
        return "skip"

    def _lwp_work_machinery(self, prompt: Prompt) -> str:
        return WORK_SPENT  # (its boxes say which: external_works.take; a card's box returns the machinery)


def _system(key: str) -> System:
    return System.from_key(key)


def keys_number(key: str) -> int:
    return Key.parse(key).number()


def company_drop(view: Context, dams: list[str]) -> str:
    """The Netherlands at Hard and above (automa.md 11): the drop goes behind the Dam (not the one just used)
    from which it could next produce the most Energy, one in a complete system; none or several such: the
    criteria card's Dam criteria and location walk among them (or among all the Dams offered)."""
    st = view.game.state
    energy: dict[str, int] = {}
    for dam in dams:
        st.dams[dam].drops += 1  # (tried on the step's copy of the game, and taken back)
        try:
            energy[dam] = max((system_energy(view, s, 0) for s in production_systems(view.game, view.seat, 0)
                               if s.dam == dam), default=0)
        finally:
            st.dams[dam].drops -= 1
    top = max(energy.values(), default=0)
    tied = [d for d in dams if energy[d] == top] if top > 0 else list(dams)
    if len(tied) == 1:
        return tied[0]
    return placement.walk(view, "base", placement.apply_criteria(view, "dam", tied, []))
