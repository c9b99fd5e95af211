"""The Leeghwater Project's facts, typed (data/buildings.toml, external-works.toml, bonus-tiles.toml): read once."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType

from ...components import ScoringTile, Toml, load_data

BUILDING = "building"  # the structure a Building tile builds (construction.py: a module's structure)


@dataclass(frozen=True)
class Building:
    id: str
    name: str
    excavators: int
    mixers: int
    vp: int
    action_spaces: tuple[tuple[int, int], ...]  # (Engineers, Credits), first (left) to last
    action_credits: int
    effect: str  # its handler in buildings.ACTIONS
    params: Toml
    text: str
    short: str  # the action in few words
    requires: str = ""  # a module in play it needs ("": none)
    assumed: str = ""  # what of it is assumed, in words ("": all printed)

    @property
    def action_short(self) -> str:
        """Its action in few words, its own Credits first ('2cr: produce 5 Energy')."""
        return (f"{self.action_credits}cr: " if self.action_credits else "") + self.short


@dataclass(frozen=True)
class Work:
    id: str
    letter: str
    excavators: int
    mixers: int
    reward: Toml
    text: str
    short: str  # the reward in few words
    requires: str = ""  # a module in play it needs ("": none)
    assumed: str = ""  # what of it is assumed, in words ("": all printed)


@dataclass(frozen=True)
class Box:
    buildings: Mapping[str, Building]
    drawn: int
    space_credits: tuple[int, ...]
    second_free_space_min_players: int
    pieces: int
    uses_per_round: int
    works: Mapping[str, Work]
    piles: tuple[str, ...]
    display_size: int
    work_engineers: int
    bonus_tiles: Mapping[int, ScoringTile]
    help: Mapping[str, str]  # the help screen's paragraphs (buildings, actions, spaces, works), figures filled in


@cache
def box() -> Box:
    raw, works, bonus = load_data("leeghwater/buildings"), load_data("leeghwater/external-works"), \
        load_data("leeghwater/bonus-tiles")
    rules, work_rules = raw["rules"], works["rules"]
    buildings = {b["id"]: Building(b["id"], b["name"], b["excavators"], b["mixers"], b["vp"],
                                   tuple((e, c) for e, c in b["action_spaces"]), b["action_credits"], b["effect"],
                                   MappingProxyType(dict(b["params"])), b["text"], b["short"], b.get("requires", ""),
                                   b.get("assumed", "")) for b in raw["building"]}
    tiles = {w["id"]: Work(w["id"], w["letter"], w["excavators"], w["mixers"], MappingProxyType(dict(w["reward"])),
                           w["text"], w["short"], w.get("requires", ""), w.get("assumed", "")) for w in works["work"]}
    return Box(MappingProxyType(buildings), rules["drawn_per_game"], tuple(rules["space_credits"]),
               rules["second_free_space_min_players"], rules["pieces_per_company"], rules["uses_per_round"],
               MappingProxyType(tiles), tuple(work_rules["piles"]), work_rules["display_size"],
               work_rules["engineers"],
               MappingProxyType({t["id"]: ScoringTile(t["id"], t["key"], t["vp_each"], t["counts"], False)
                                 for t in bonus["tile"]}),
               MappingProxyType(_help(raw["help"], works["help"], rules, work_rules)))


def _help(buildings: Toml, works: Toml, rules: Toml, work_rules: Toml) -> dict[str, str]:
    """The help's paragraphs with the data's figures put in (one home for each number)."""
    figures = {"red": max(rules["space_credits"]), "pieces": rules["pieces_per_company"],
               "min": rules["second_free_space_min_players"], "size": work_rules["display_size"],
               "engineers": work_rules["engineers"]}
    return {k: str(v).format(**figures) for k, v in {**buildings, **works}.items()}
