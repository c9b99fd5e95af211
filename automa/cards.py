"""The 20 Automa cards, loaded once from data/cards.toml into read-only objects (reference automa.md 3, 7).

Each card has an action side (boxes in priority order) and a criteria side (where to build, which
headstream). In play the action side of one card is read with the criteria side of another (deck.py).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, fields
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Any, Mapping, TypeVar

from barrage_tui.rules import STRUCTURE_NAMES


def load(name: str) -> dict[str, Any]:
    with resources.files(__package__).joinpath("data", f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


@dataclass(frozen=True)
class Box:
    """One box of an action side. Which fields matter depends on ``kind`` (see data/cards.toml)."""

    kind: str  # produce | water | contract_office | construct | external_work | workshop | machinery_shop
    #            | patent_office | bank
    column: int
    ends_turn: bool  # False: a dashed box; the Automa goes on down the list
    engineers: int
    lwp_only: bool = False  # only with The Leeghwater Project (without it: skipped, turn.py)
    vp_change: int = 0
    production_bonus: int = 0
    contract_colour: str = ""
    drops: int = 0
    flow_immediately: bool = False
    discard_colour: str = ""
    energy: int = 0
    structure: str = ""
    area: str = ""  # a Base only in this area
    min_conduit_value: int = 0
    building_search: str = ""
    order: tuple[int, ...] = ()
    rotations: int = 0
    gain: tuple[str, ...] = ()
    skip_in_round_5: bool = False

    @property
    def name(self) -> str:
        if self.kind == "produce":
            return f"Production ({self.production_bonus:+d}, {self.contract_colour} contract)"
        if self.kind == "water":
            return f"Water Management ({self.drops} drop{'s' if self.drops > 1 else ''}" \
                   f"{', flowing' if self.flow_immediately else ''})"
        if self.kind == "contract_office":
            return f"Contract Office (discard {self.discard_colour}, +{self.energy} energy)"
        if self.kind == "construct":
            limit = f" in the {self.area}s" if self.area else \
                f" of value {self.min_conduit_value}+" if self.min_conduit_value else ""
            if self.building_search:
                way = "bottom row up" if self.building_search == "up" else "top row down"
                return f"Construction: Private Building ({way})"
            return f"Construction: {STRUCTURE_NAMES[self.structure]}{limit}"
        if self.kind == "workshop":
            return f"Workshop (turn the wheel {self.rotations})"
        if self.kind == "machinery_shop":
            return f"Machinery Shop ({' + '.join(self.gain)})"
        if self.kind == "patent_office":
            return f"Patent Office ({STRUCTURE_NAMES[self.structure]} tile)"
        if self.kind == "external_work":
            return f"External Works ({'-'.join(map(str, self.order))})"
        return "Bank (+1 VP)"


@dataclass(frozen=True)
class Criteria:
    """The criteria side: three criteria per structure column, the location codes, the headstream letters."""

    dam: tuple[str, ...]
    dam_start: int
    conduit: tuple[str, ...]
    conduit_start: str
    conduit_start_space: str
    powerhouse: tuple[str, ...]
    powerhouse_start: int
    headstreams: tuple[str, ...]
    headstreams_full: tuple[str, ...]


@dataclass(frozen=True)
class Card:
    id: int
    solo_id: str
    actions: tuple[Box, ...]
    criteria: Criteria


_Made = TypeVar("_Made", "Box", "Criteria")


def _make(cls: type[_Made], raw: dict[str, Any]) -> _Made:
    names = {f.name for f in fields(cls)}
    values: dict[str, Any] = {k: tuple(v) if isinstance(v, list) else v for k, v in raw.items() if k in names}
    return cls(**values)


@cache
def cards() -> Mapping[int, Card]:
    raw = load("cards")
    out = {}
    for c in raw["card"]:
        boxes = tuple(_make(Box, b) for b in c["action"])
        out[c["id"]] = Card(c["id"], c["solo_id"], boxes, _make(Criteria, c["criteria"]))
    return MappingProxyType(out)


@cache
def tables() -> Mapping[str, Mapping[str, Any]]:
    """``location_order`` and ``engineer_placement`` from the data file."""
    raw = load("cards")
    return MappingProxyType({"location_order": MappingProxyType(raw["location_order"]),
                             "engineer_placement": MappingProxyType(raw["engineer_placement"])})
