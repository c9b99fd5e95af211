"""Short words for things on the table: tiles, rewards, contracts, chief engineers, scoring tiles.

These only put the components' data into few words for the screen; the rules live in ``rules/``.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

from barrage_tui.rules import Components, Toml, bonus_tile, describe_reward, facts, objective_tile, prompt_help

from .palette import ASSUMED

if TYPE_CHECKING:
    from barrage_tui.rules import ActionSpace

AREA_SHORT = {"mountain": "mountain", "hill": "hill", "plain": "plain"}

TILE_SHORT = {"base": "Base", "elevation": "Elev", "conduit": "Cond", "powerhouse": "Pow", "joker": "Joker",
              "anton": "Anton", "any": "Any",
              "building": "Bldg", "leslie": "Leslie"}

EFFECT_SHORT = {  # by the tile's effect; {name} is a figure of its params (tech-tiles.toml)
    "drops_in_empty_own_dams": "then {drops} drop in each empty own dam",
    "wheel_per_own_elevation": "then wheel {rotations} per own Elevation",
    "credits_per_conduit_value": "then {credits}cr per conduit value",
    "build_without_engineers": "may be built with no Engineers",
    "no_red_space_fee": "no +3 on red spaces",
    "energy_per_own_base": "then {energy} energy per own Base",
    "fill_this_dam": "then fill this dam",
    "machinery_cap": "costs at most {units} Excavators",
    "production_with_bonus": "then produce with +{bonus}",
    "machinery_interchangeable": "Excavators/mixers interchangeable",
    "no_machinery": "no Excavators, no Engineers",
    "vp_per_raised_dam": "then {vp}VP per raised dam",
    "energy_per_conduit_value": "then energy {energy}x conduit value",
    "vp_per_own_powerhouse": "then {vp}VP per own Powerhouse",
    "vp_per_advanced_tile": "then {vp}VP per advanced tile",
    "copy": "copies a tile on your wheel",
    "building_action": "then its action, no Engineers",
    "one_machinery_kind": "pays one machinery kind",
    "building_vp": "then its VP at once",
}

OFFICER_SHORT = {o.id: o.short for o in facts().officers.values() if o.short}  # officers.toml

COMPANY_SHORT = {c.id: c.ability_short for c in facts().companies.values()}  # companies.toml

BONUS_NOUN = {"contracts": "contract", "bases": "Base", "elevations": "Elevation", "conduits": "Conduit",
              "powerhouses": "Powerhouse", "advanced_tiles": "advanced tile", "landscapes": "landscape",
              "external_works": "External Work", "private_buildings": "private building"}

OBJECTIVE_SHORT = {
    "red_outlined_spaces": "Bases and Powerhouses on red-outlined spaces",
    "most_structures_in_one_area": "structures in your strongest area",
    "connected_bases": "dams linked by your conduit to your powerhouse",
    "fewest_structures_in_one_area": "structures in your weakest area",
    "zones_with_1": "zones with at least 1 of your pieces",
    "zones_with_3": "zones with at least 3 of your pieces",
    "landscape_pairs": "your landscapes paired with your structures in their area",
}

VP_SOURCES = (("start", "Start"), ("energy_track", "Energy places"), ("bonus_tiles", "Bonus tiles"),
              ("contracts", "Contracts"), ("conduits", "Conduit use"), ("income", "Income"),
              ("objective", "Objective"), ("resources", "Resources"), ("water", "Water"), ("tiles", "Tiles"))
# the VP of the expansion box's modules, shown when a game has them
MODULE_VP_SOURCES = {"geology": "Geological tokens", "powerhouses": "China's Powerhouses", "duel": "Duel tracks",
                     "buildings": "Private buildings", "external_works": "External Works"}

ACTION_HELP = dict(facts().action_texts)  # management-board.toml [actions]

KIND_HELP = prompt_help()  # PromptKind value -> its short rule text (rules/data/prompt-help.toml)


@cache
def comps() -> Components:
    return facts()


def tile_short(tile_id: str) -> str:
    if tile_id in TILE_SHORT:
        return TILE_SHORT[tile_id]
    if "_" in tile_id:  # L2_POWERHOUSE -> L2 Pow
        level, what = tile_id.split("_", 1)
        return f"{level} {TILE_SHORT.get(what.lower(), what.title())}"
    return tile_id


def tile_effect(tile_id: str) -> str:
    """What an advanced tile does, in a few words (its name already says what it builds)."""
    t = comps().tile(tile_id)
    effect = EFFECT_SHORT[t.effect].format(**t.params) if t.effect in EFFECT_SHORT else t.text
    return ("any structure; " if t.builds == "any" else "") + effect


REWARD_WORDS = {
    "credits": "{}cr", "vp": "{}VP", "energy": "{}en", "excavators": "{}Ex", "mixers": "{}Mx",
    "any_machinery": "{}Ex/Mx", "wheel_rotations": "wheel {}", "drops_delayed": "{} drops",
    "drops_flowing": "{} drops flowing", "build": "build {}{}", "build_areas": " in {}",
    "build_max_production": " <={}",
}


REWARD_ONE = {"drops_delayed": "1 drop", "drops_flowing": "1 drop flowing"}


def reward_short(reward: Toml) -> str:
    return describe_reward(reward, REWARD_WORDS, REWARD_ONE)


def contract_short(cid: int) -> str:
    c = comps().contracts[cid]
    return f"#{cid} {c.energy}en: {reward_short(c.reward)}" + (f" {ASSUMED}" if c.assumed else "")


def bonus_short(tile_id: int) -> str:
    t = bonus_tile(tile_id)  # (China's tile too)
    return f"{t.vp_each} VP per {BONUS_NOUN.get(t.key, t.key)}"


def objective_short(tile_id: int) -> str:
    t = objective_tile(tile_id)
    return OBJECTIVE_SHORT.get(t.key, t.key)


def space_short(space: ActionSpace) -> str:
    """An action space in a few letters: 'Prod +2', '2 drops', 'Wheel 3' ..."""
    p = space.params
    short: dict[str, Callable[[], str]] = {
        "produce": lambda: f"Prod{p['production_bonus']:+d}",
        "place_drops": lambda: f"{p['drops']} drops",
        "place_flowing_drop": lambda: "1 flowing",
        "rotate_wheel": lambda: f"Wheel {p['rotations']}",
        "buy_machinery": lambda: {"excavators": "Ex", "any_one": "Ex|Mx", "mixers": "Mx"}.get(
            "+".join(p["gain"]), "Ex+Mx"),
        "take_contracts": lambda: f"Take {p['contracts']}",
        "patent": lambda: f"Slot {p['slot']}",
        "bank": lambda: "Bank",
    }
    return short[space.action]()


def space_cost(space: ActionSpace) -> str:
    parts = [f"{space.engineers}E"]
    if space.cost_credits:
        parts.append(f"{space.cost_credits}cr")
    return " ".join(parts)


def company_name(company: str) -> str:
    return comps().companies[company].name


def officer_name(officer: str) -> str:
    return comps().officers[officer].name


def officer_short_name(officer: str) -> str:
    """A chief engineer's first name ("Dr. Octavius" keeps his title)."""
    words = officer_name(officer).split()
    return " ".join(words[:2]) if words[0].endswith(".") and len(words) > 1 else words[0]


# The End turn decision (setup option confirm_turns): what the two keys do, short enough for 80 columns.
END_TURN_KEYS = "End turn (Enter) / Undo last choice (u)"
END_TURN_HINT = "u takes back the last choice; again, the one before."  # one line of the narrowest decision box
NOTHING_TO_UNDO = "Nothing to undo."  # short: it shares the top line with the round and the player


STRUCT_LETTER = {"base": "B", "elevation": "E", "conduit": "C", "powerhouse": "P"}
