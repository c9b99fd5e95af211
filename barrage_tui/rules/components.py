"""The game's components, loaded once from the TOML files in ``rules/data``.

Facts live in the data files; this module only turns them into typed, read-only objects.
Everything here is immutable: the changing state of a game lives in ``state.py``.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from types import MappingProxyType
from typing import Mapping

AREAS = ("mountain", "hill", "plain")
STRUCTURES = ("base", "elevation", "conduit", "powerhouse")


def _load(name: str) -> dict:
    with resources.files(__package__).joinpath("data", f"{name}.toml").open("rb") as fh:
        return tomllib.load(fh)


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Zone:
    id: int
    area: str
    dam_spaces: tuple[str, ...]
    conduits: tuple[str, ...]
    powerhouse_spaces: tuple[str, ...]
    outflow_to: str


@dataclass(frozen=True)
class DamSpace:
    id: str
    zone: int
    area: str
    upper: bool
    extra_credits: int  # the red outline: paid when a Base is built here


@dataclass(frozen=True)
class ConduitSpace:
    id: str
    zone: int
    area: str
    production: int
    ends_in_zone: int
    powerhouse_spaces: tuple[str, ...]


@dataclass(frozen=True)
class PowerhouseSpace:
    id: str
    zone: int
    area: str
    extra_credits: int


@dataclass(frozen=True)
class GameMap:
    zones: Mapping[int, Zone]
    dams: Mapping[str, DamSpace]
    conduits: Mapping[str, ConduitSpace]
    powerhouses: Mapping[str, PowerhouseSpace]
    headstreams: tuple[str, ...]
    exits: tuple[str, ...]
    downstream: Mapping[str, str]  # the river: every node's one downstream neighbour

    def zone_of(self, space: str) -> int:
        for table in (self.dams, self.conduits, self.powerhouses):
            if space in table:
                return table[space].zone
        raise KeyError(space)

    def area_of(self, space: str) -> str:
        return self.zones[self.zone_of(space)].area


@dataclass(frozen=True)
class HeadstreamTile:
    id: int
    drops_by_round: tuple[int, ...]  # rounds 1-4


@dataclass(frozen=True)
class NeutralDamRule:
    area: str
    height: int
    initial_drops: int
    eligible: tuple[str, ...]


@dataclass(frozen=True)
class ActionSpace:
    id: str
    board: str
    row: int
    column: int
    engineers: int  # 0 = the Bank: any number, at least one
    extra_credits: int  # red outline fee
    min_players: int
    action: str
    cost_credits: int
    params: Mapping  # action-specific: production_bonus, drops, rotations, gain, contracts, slot
    introductory: bool = True


@dataclass(frozen=True)
class Contract:
    id: int
    kind: str  # starting | national | green | yellow | red
    energy: int
    reward: Mapping


@dataclass(frozen=True)
class TechTile:
    id: str
    level: int  # 0 basic, 1-3 advanced, -1 special (Anton)
    builds: str  # base | elevation | conduit | powerhouse | any | copy
    effect: str = ""
    engineer_free: bool = False
    text: str = ""


@dataclass(frozen=True)
class Company:
    id: str
    name: str
    colour: str
    income: Mapping[str, Mapping[int, Mapping]]  # structure -> pieces built -> reward
    ability: str  # the id of its ability's plug-in (rules/companies/)
    ability_text: str
    introductory: Mapping
    ability_amount: int = 0  # the number of its ability (Italy's +3 Energy, France's -3)


@dataclass(frozen=True)
class Officer:
    id: str
    name: str
    origin: str
    ability: str
    starting: Mapping = field(default_factory=dict)
    ability_text: str = ""  # as printed (the expansion's new officers)
    copying: str = ""  # what happens when Mahiri Sekibo copies the officer, as printed
    selectable: bool = True  # False: never offered or drawn (Angelo Alberti needs the Geological Factor)


@dataclass(frozen=True)
class ScoringTile:
    id: int
    key: str
    vp_each: int = 0
    text: str = ""
    introductory: bool = True


@dataclass(frozen=True)
class Components:
    map: GameMap
    headstreams: Mapping[int, HeadstreamTile]
    neutral_dams: tuple[NeutralDamRule, ...]
    spaces: Mapping[str, ActionSpace]
    construction_spaces: tuple[tuple[int, int], ...]  # (engineers, red fee) for company spaces 1..4
    mahiri_spaces: tuple[tuple[int, int], ...]
    contracts: Mapping[int, Contract]
    hand_limit: int
    basic_tiles: Mapping[str, TechTile]
    advanced_tiles: Mapping[str, TechTile]
    special_tiles: Mapping[str, TechTile]
    companies: Mapping[str, Company]
    officers: Mapping[str, Officer]
    bonus_tiles: Mapping[int, ScoringTile]
    objective_tiles: Mapping[int, ScoringTile]
    objective_vp: tuple[int, ...]
    credit_bands: tuple[tuple[int, int, int, int], ...]  # (min, max, credits, vp)
    placement: Mapping
    bonus_min_energy: int
    bonus_malus_per_section: int
    common: Mapping

    def tile(self, tile_id: str) -> TechTile:
        for table in (self.basic_tiles, self.advanced_tiles, self.special_tiles):
            if tile_id in table:
                return table[tile_id]
        raise KeyError(tile_id)

    def contracts_of(self, kind: str) -> list[Contract]:
        return [c for c in self.contracts.values() if c.kind == kind]


def _load_map() -> GameMap:
    raw = _load("map-base")
    zones = {
        z["id"]: Zone(z["id"], z["area"], tuple(z["dam_spaces"]), tuple(z["conduits"]),
                      tuple(z["powerhouse_spaces"]), z["outflow_to"])
        for z in raw["zones"]
    }
    dams = {d["id"]: DamSpace(d["id"], d["zone"], d["area"], d["position"] == "upper", d["extra_credits"])
            for d in raw["dam_spaces"]}
    conduits = {c["id"]: ConduitSpace(c["id"], c["zone"], c["area"], c["production"], c["ends_in_zone"],
                                      tuple(c["powerhouse_spaces"])) for c in raw["conduits"]}
    powerhouses = {p["id"]: PowerhouseSpace(p["id"], p["zone"], p["area"], p["extra_credits"])
                   for p in raw["powerhouse_spaces"]}
    river = {edge["from"]: edge["to"] for edge in raw["river"]}
    return GameMap(_frozen(zones), _frozen(dams), _frozen(conduits), _frozen(powerhouses),
                   tuple(raw["headstreams"]), tuple(raw["exits"]), _frozen(river))


def _load_spaces() -> tuple[dict, tuple, tuple]:
    raw = _load("management-board")
    common = {"id", "board", "row", "column", "engineers", "red_outline", "extra_credits", "min_players",
              "action", "cost_credits", "private", "introductory_game", "exclusive"}
    spaces, construction, mahiri = {}, [], []
    for s in raw["space"]:
        if s["board"] == "company":
            construction.append((s["engineers"], s["extra_credits"]))
        elif s["board"] == "officer":
            mahiri.append((s["engineers"], s["extra_credits"]))
        else:
            params = _frozen({k: v for k, v in s.items() if k not in common})
            spaces[s["id"]] = ActionSpace(s["id"], s["board"], s["row"], s["column"], s["engineers"],
                                          s["extra_credits"], s["min_players"], s["action"],
                                          s["cost_credits"], params, s.get("introductory_game", True))
    return spaces, tuple(construction), tuple(mahiri)


def _load_contracts() -> tuple[dict, int]:
    raw = _load("contracts")
    contracts = {}
    for kind in ("starting", "national", "green", "yellow", "red"):
        for c in raw[kind]:
            contracts[c["id"]] = Contract(c["id"], kind, c["energy"], _frozen(c["reward"]))
    return contracts, raw["counts"]["hand_limit"]


def _load_tiles() -> tuple[dict, dict, dict]:
    raw = _load("tech-tiles")
    basic = {t["id"]: TechTile(t["id"], 0, t["builds"]) for t in raw["basic"]}
    advanced = {t["id"]: TechTile(t["id"], t["level"], t["builds"], t["effect"], t["engineer_free"],
                                  t["effect_text"]) for t in raw["advanced"]}
    special = {t["id"]: TechTile(t["id"], -1, t["builds"], "copy", False, t["effect_text"])
               for t in raw["special"] if t["base_game"]}
    return basic, advanced, special


def _load_companies() -> tuple[dict, dict]:
    raw = _load("companies")
    companies = {}
    for c in raw["company"]:
        income = {s: _frozen({int(n): _frozen(r) for n, r in c[f"income_{s}"].items()})
                  for s in ("base", "elevation", "conduit")}
        companies[c["id"]] = Company(c["id"], c["name"], c["colour"], _frozen(income), c["ability"],
                                     c["ability_text"], _frozen(c.get("introductory", {})),
                                     c.get("ability_amount", 0))
    return companies, raw["common"]


def _load_officers() -> dict:
    raw = _load("officers")
    return {o["id"]: Officer(o["id"], o["name"], o["origin"], o["ability"], _frozen(o.get("starting", {})),
                             o.get("ability_text", ""), o.get("copying", ""), o.get("selectable", True))
            for o in raw["officer"]}


@cache
def components() -> Components:
    """The one shared, read-only set of components (loaded on first use)."""
    spaces, construction, mahiri = _load_spaces()
    contracts, hand_limit = _load_contracts()
    basic, advanced, special = _load_tiles()
    companies, common = _load_companies()
    bonus_raw = _load("bonus-tiles")
    objective_raw = _load("objective-tiles")
    track = _load("energy-track")
    neutral = tuple(NeutralDamRule(a["area"], a["height"], a["initial_drops"], tuple(a["eligible_dam_spaces"]))
                    for a in _load("neutral-dams")["area"])
    heads = {t["id"]: HeadstreamTile(t["id"], tuple(t["drops_by_round"])) for t in _load("headstreams")["tile"]}
    return Components(
        map=_load_map(),
        headstreams=_frozen(heads),
        neutral_dams=neutral,
        spaces=_frozen(spaces),
        construction_spaces=construction,
        mahiri_spaces=mahiri,
        contracts=_frozen(contracts),
        hand_limit=hand_limit,
        basic_tiles=_frozen(basic),
        advanced_tiles=_frozen(advanced),
        special_tiles=_frozen(special),
        companies=_frozen({k: v for k, v in companies.items() if k != "netherlands"}),
        officers=_frozen(_load_officers()),
        bonus_tiles=_frozen({t["id"]: ScoringTile(t["id"], t["key"], t["vp_each"], t["counts"],
                                                  t["introductory_game"])
                             for t in bonus_raw["tile"] if t["base_game"]}),
        objective_tiles=_frozen({t["id"]: ScoringTile(t["id"], t["key"], 0, t["counts"])
                                 for t in objective_raw["tile"]}),
        objective_vp=tuple(objective_raw["place_vp"]),
        credit_bands=tuple((b["min"], b.get("max", 10**9), b["credits"], b["vp"]) for b in track["credits"]),
        placement=_frozen(track["placement"]),
        bonus_min_energy=track["bonus_malus"]["minimum_energy"],
        bonus_malus_per_section=track["bonus_malus"]["vp_per_section_behind"],
        common=_frozen(common),
    )


BASE_OFFICERS = ("wilhelm", "graziano", "viktor", "jill", "solomon", "anton", "mahiri")
PROMO_OFFICERS = ("simone", "tommaso")
# The expansion box's new chief engineers (Appendix 8), drawn with Setup.options["expansion_officers"].
# Angelo Alberti is not among them: he needs the Geological Factor (officers.toml: selectable = false).
EXPANSION_OFFICERS = ("elon", "wu", "octavius", "gennaro", "amir", "franz")
