"""The Automa's answers to the questions the rules ask while one of its operations runs (automa.md 5.10).

A box that has already decided (the system of its production, the tile, space and payment of its
construction) hands its answers in as presets; everything else follows the Automa's fixed rules:

    production   the most productive system (Germany's second production, Powerhouse II's free one;
                 Decision (UNVERIFIED, automa.md 13): they fulfil a contract by the normal Automa rule);
                 Dr. Octavius: then every further Dam into that Powerhouse (officer_octavius.py)
    drops        all the dam's drops (Viktor: 1 with a conduit of value 1-2); headstreams by 5.2
                 (Amir Zahir: straight behind one of its Dams, else flowing at once: officer_amir.py)
    contract     the highest-valued face-up contract it covers, rightmost on ties (Simone: the most;
                 Franz de Lasse below his round's section: the lowest)
    machinery    the wild-machinery rule, one machine at a time (5.6)
    build_space  a free structure: the placement procedure with the current criteria card
"""

from __future__ import annotations

import re

from barrage_tui.rules import production
from barrage_tui.rules.production import System

from . import contracts, machinery, officer_amir, officer_octavius, placement
from .boxes.production import best_system, drops_for, system_energy
from .boxes.water import next_headstream

DROP_PROMPT = re.compile(r"drop (\d+) of up to (\d+)")
MORE_DAMS = "take drops from another dam"  # production.py's question for Dr. Octavius's further Dams


class Answerer:
    def __init__(self, view):
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

    def begin(self, op: str, presets: dict) -> None:
        name, *args = op.split(":")
        self.op = name
        self.presets = dict(presets)
        self.energy = self.plan = self.marker = None
        self.flows = []
        if name == "produce":  # the production box chose its system (the rules ask only if there are several)
            self.system, self.bonus, self.second = _system(presets["production"]), int(args[0]), False
            self._start_production()

    def _start_production(self) -> None:
        self.energy = system_energy(self.view, self.system, self.bonus, self.second)
        self.flows = officer_octavius.flows(self.view, self.system, self.second)
        if self.marker is None:  # Germany's second production belongs to the same production action
            self.marker = self.view.company.energy

    def __call__(self, prompt) -> str:
        preset = self.presets.get(prompt.kind)
        if preset is not None and prompt.find(preset) is not None:
            del self.presets[prompt.kind]
            return preset
        handler = getattr(self, f"_{prompt.kind}", None)
        if handler is None:
            raise RuntimeError(f"the Automa has no rule for the question {prompt.kind!r}: {prompt.text}")
        return handler(prompt)

    # ------------------------------------------------------------ production

    def _production(self, prompt) -> str:
        if MORE_DAMS in prompt.text:  # Dr. Octavius's production: the next Dam of its plan
            key = officer_octavius.next_dam(self.flows[1:], prompt)
            if key.startswith("system:"):
                self.system = _system(key)
            return key
        offered = [_system(k) for k in prompt.keys() if k.startswith("system:")]
        # inside a production: Germany's second one (no bonus); inside a construction: Powerhouse II (+2)
        self.second = self.op == "produce"
        self.bonus = 0 if self.second else 2
        if not offered:
            return "skip"
        self.system, _ = best_system(self.view, offered, self.bonus, self.second)
        self._start_production()
        self.plan = None
        return self.system.key

    def _drops(self, prompt) -> str:
        if any(k.startswith("drops:") for k in prompt.keys()):
            counts = sorted(int(k.split(":")[1]) for k in prompt.keys())
            want = drops_for(self.view, self.system, counts[-1]) if self.system else counts[-1]
            k = want if want in counts else counts[-1]
            if self.system and len(self.flows) <= 1:  # Dr. Octavius's several Dams: energy already planned
                self.energy = production.energy(self.view.game, self.view.seat, self.system.conduit, k, self.bonus,
                                                self.second)
            return f"drops:{k}"
        found = DROP_PROMPT.search(prompt.text)
        if found is None:
            raise RuntimeError(f"unexpected drop prompt (water.place_drops changed?): {prompt.text!r}")
        number, count = (int(x) for x in found.groups())
        if officer_amir.applies(self.view):
            return officer_amir.answer(self.view, prompt, count - number + 1)
        head = next_headstream(self.view, count - number + 1, "flows at once" in prompt.text)
        return f"headstream:{head}" if head else "done"

    # ------------------------------------------------------------ the rest

    def _contract(self, prompt) -> str:
        offered = [int(k.split(":")[1]) for k in prompt.keys() if k.startswith("contract:")]
        if contracts.several(self.view) and self.energy is not None:
            if self.plan is None:
                self.plan = contracts.most_contracts(self.view, offered, self.energy)
            pick = next((c for c in self.plan if c in offered), None)
            if pick is None:
                return "skip"
            self.plan.remove(pick)
            return f"contract:{pick}"
        return f"contract:{contracts.best(self.view, offered, self.marker)}"

    def _machinery(self, prompt) -> str:
        _, e, m = prompt.keys()[0].split(":")
        return "machinery:{}:{}".format(*machinery.wild(self.view, int(e) + int(m)))

    def _build_space(self, prompt) -> str:
        spaces = [k.split(":", 1)[1] for k in prompt.keys() if k.startswith("space:")]
        if not spaces:
            return "skip"
        structure = _structure_of(self.view, spaces[0])
        space, _ = placement.choose(self.view, structure, spaces)
        return f"space:{space}"


def _system(key: str) -> System:
    _, dam, conduit, powerhouse = key.split(":")
    return System(dam, conduit, powerhouse)


def _structure_of(view, space: str) -> str:
    if space.startswith("C"):
        return "conduit"
    if space.startswith("P"):
        return "powerhouse"
    return "elevation" if space in view.game.state.dams else "base"
