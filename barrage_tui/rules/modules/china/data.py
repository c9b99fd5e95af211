"""The China Challenge's landscape and yield tiles as facts, and what the lower rules modules ask of them.

The facts are data (landscapes.toml, yield-tiles.toml); the building and the effects are rules.py.
This module only reads a game's state, so construction, water, actions, contracts and scoring may ask it at
one point each: what a landscape costs and whether it can be built (``buildable``), the permanent yield
tiles' discounts, a revealed space's own rule (A2's cheaper Conduits, A3's bigger Dam), A1's extra drops,
and the end-of-game counts.

State (``ChinaState``): ``landscapes`` (landscape space -> the tile lying there, laid out at setup) and
``yields`` (yield space -> the tile lying there) hold what is still on the board; ``built`` (space -> its
builder) and ``taken`` (yield tile -> its taker) what was built and taken. The module is in play when its
state was laid out (``in_play``; without it nothing here changes anything).

Decisions (UNVERIFIED in the rulebook; each also in the data or the help):
- a built landscape is a structure of its builder in its AREA, in no valley: it counts for "structures in an
  area" (objective 2, yield tiles 14/16/18, China's objective) and for a landscape's own requirement, not
  for valley objectives or Geological tokens;
- the Automa never builds landscapes (``buildable`` offers none to it);
- the permanent discounts are per structure built / per action, never below 0.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from ...automa_levels import is_automa
from ...components import ScoringTile, Toml, load_data
from ...plugin import MapMark
from .state import china, china_of

if TYPE_CHECKING:
    from ...game import Game

LANDSCAPE = "landscape"  # the structure a landscape tile use builds (construction.py)


@dataclass(frozen=True)
class LandscapeTile:
    id: str
    name: str
    colour: str
    machinery: str  # excavators | mixers
    units: int  # how many (by colour: landscapes.toml [[cost]])
    effect: str  # its handler in landscapes.EFFECTS
    params: Toml
    text: str
    assumed: str  # what is decided rather than printed ("" if printed), for the app to show


@dataclass(frozen=True)
class YieldTile:
    id: str
    kind: str  # permanent | immediate | end_game
    colour: str
    effect: str
    params: Toml
    text: str
    note: str


@dataclass(frozen=True)
class Box:
    landscapes: Mapping[str, LandscapeTile]
    yields: Mapping[str, YieldTile]
    bonus: ScoringTile  # China's bonus tile
    objective: ScoringTile  # China's objective tile


@cache
def box() -> Box:
    raw, yields = load_data("china/landscapes"), load_data("china/yield-tiles")
    costs = {c["colour"]: c for c in raw["cost"]}
    tiles = {t["id"]: LandscapeTile(t["id"], t["name"], t["colour"], t["machinery"],
                                    costs[t["colour"]][t["machinery"]], t["effect"], MappingProxyType(dict(t["params"])),
                                    t["text"], t["assumed"]) for t in raw["landscape"]}
    ys = {t["id"]: YieldTile(t["id"], t["kind"], t["colour"], t["effect"], MappingProxyType(dict(t["params"])), t["text"],
                             t["note"]) for t in yields["tile"]}
    b, o = raw["bonus"], raw["objective"]
    return Box(MappingProxyType(tiles), MappingProxyType(ys), ScoringTile(b["id"], b["key"], b["vp_each"], b["counts"]),
               ScoringTile(o["id"], o["key"], 0, o["counts"]))


def in_play(game: Game) -> bool:
    """Whether the China Challenge is laid out in ``game`` (its state is there)."""
    return china_of(game.state) is not None


def tile_at(game: Game, space: str) -> LandscapeTile:
    """The landscape tile laid on the landscape ``space`` (built or not)."""
    return box().landscapes[china(game.state).landscapes[space]]


def assumed_landscapes(game: Game) -> frozenset[str]:
    """The landscape spaces whose tile has something decided rather than printed (its ``assumed``)."""
    return frozenset(space for space, tile in china(game.state).landscapes.items() if box().landscapes[tile].assumed)


def area(game: Game, space: str) -> str:
    return game.board.landscapes[space].area


def cost(game: Game, space: str) -> tuple[int, str]:
    """(units, "excavators" | "mixers") the landscape on ``space`` costs, as printed."""
    tile = tile_at(game, space)
    return tile.units, tile.machinery


def built_by(game: Game, seat: int) -> list[str]:
    return [s for s, who in china(game.state).built.items() if who == seat]


def state_of(game: Game, space: str) -> str:
    """For the app: "covered" (its tile still lies there) or "built"."""
    return "built" if space in china(game.state).built else "covered"


def yields_left(game: Game, area_: str, colour: str) -> list[tuple[str, str]]:
    """(yield space, tile) still beside ``area_`` of ``colour``."""
    spaces = {y.id: y for y in game.board.yield_spaces}
    return [(s, t) for s, t in china(game.state).yields.items()
            if spaces[s].area == area_ and box().yields[t].colour == colour]


def has_structure_in(game: Game, seat: int, area_: str) -> bool:
    """A Base, Elevation, Conduit, Powerhouse or landscape of ``seat`` stands in ``area_``."""
    st, m = game.state, game.board
    return (any(d.owner == seat and m.dams[s].area == area_ for s, d in st.dams.items())
            or any(o == seat and m.conduits[s].area == area_ for s, o in st.conduits.items())
            or any(o == seat and m.powerhouses[s].area == area_ for s, o in st.powerhouses.items())
            or any(area(game, s) == area_ for s in built_by(game, seat)))


def why_not(game: Game, seat: int, space: str) -> str:
    """Why ``seat`` may not build the landscape on ``space`` now ("" if it may: its cost aside)."""
    if space in china(game.state).built:
        return "already built"
    if is_automa(game, seat):
        return "an Automa builds no landscapes"
    a, tile = area(game, space), tile_at(game, space)
    if not has_structure_in(game, seat, a):
        return f"needs a structure of yours in the {a}s"
    if not yields_left(game, a, tile.colour):
        return f"no {tile.colour} yield tile is left beside the {a}s"
    return ""


def buildable(game: Game, seat: int) -> list[str]:
    """The landscape spaces ``seat`` meets both requirements for (machinery aside)."""
    return [s for s in china(game.state).landscapes if not why_not(game, seat, s)]


# ---------------------------------------------------------------- what the yield tiles change

def owned_yields(game: Game, seat: int, effect: str) -> list[YieldTile]:
    own = china_of(game.state)
    if own is None or not own.taken:  # (asked for every price of every space: most games have none)
        return []
    ys = box().yields
    return [ys[t] for t, who in own.taken.items() if who == seat and ys[t].effect == effect]


def _sum(game: Game, seat: int, effect: str, key: str) -> int:
    own = china_of(game.state)
    if own is None or not own.taken:  # (the usual case: no yield tile taken)
        return 0
    return sum(t.params.get(key, 0) for t in owned_yields(game, seat, effect))


def machinery_discount(game: Game, seat: int) -> tuple[int, int]:
    """(Excavators, Mixers) less per structure built (yield tiles 2 and 4)."""
    return (_sum(game, seat, "machinery_discount", "excavators"), _sum(game, seat, "machinery_discount", "mixers"))


def red_discount(game: Game, seat: int) -> int:
    """Credits less on a red-outlined building or action space (yield tile 1)."""
    return _sum(game, seat, "red_discount", "credits")


def action_discount(game: Game, seat: int) -> int:
    """Credits less on an action's printed cost (yield tile 6; not its red surcharge)."""
    return _sum(game, seat, "action_discount", "credits")


def contract_discount(game: Game, seat: int) -> int:
    """Energy less a contract needs (yield tile 5)."""
    return _sum(game, seat, "contract_discount", "energy")


def construction_engineers(game: Game, seat: int, space: int) -> int:
    """Engineers less the company's construction ``space`` (1-4) needs (yield tile 3)."""
    return sum(t.params["engineers"] for t in owned_yields(game, seat, "construction_engineers")
               if space in t.params["columns"])


# ---------------------------------------------------------------- what a revealed space's tile changes

def _revealing(game: Game, space: str, effect: str) -> Toml | None:
    """The params of the landscape tile whose ``effect`` covered ``space`` (None: no such tile)."""
    own = china_of(game.state)
    if own is None:  # (a board without landscapes: asked for every Base and drop priced)
        return None
    code = game.board.covered_by(space)
    if not code or code not in own.landscapes:
        return None
    tile = tile_at(game, code)
    return tile.params if tile.effect == effect else None


def conduit_discount(game: Game, space: str) -> int:
    """Excavators less to build a Conduit on ``space`` (A2: its revealed Conduits cost 2 less)."""
    p = _revealing(game, space, "cheaper_conduits")
    return p["excavators"] if p else 0


def dam_extra_drops(game: Game, space: str) -> int:
    """Drops a Dam on ``space`` holds beyond its height (A3)."""
    p = _revealing(game, space, "bigger_dam")
    return p["drops"] if p else 0


def base_extra_credits(game: Game, space: str) -> int:
    """Credits a Base on ``space`` costs on top of its red outline (A3)."""
    p = _revealing(game, space, "bigger_dam")
    return p["base_credits"] if p else 0


def channel_drops(game: Game) -> Counter[str]:
    """Headstream -> the extra drops the built channels (A1) put there each round."""
    found: Counter[str] = Counter()
    for space in china(game.state).built:
        tile = tile_at(game, space)
        if tile.effect == "channels":
            found.update(game.board.landscapes[space].headstreams)
    return found


# ---------------------------------------------------------------- counting, for scoring

def landscapes_by_area(game: Game, seat: int) -> Counter[str]:
    return Counter(area(game, s) for s in built_by(game, seat))


def pieces_in_area(game: Game, seat: int, area_: str) -> int:
    """Structure pieces of ``seat`` in ``area_``: a Base and each Elevation, Conduits (where they start),
    Powerhouses."""
    st, m = game.state, game.board
    return (sum(d.height for s, d in st.dams.items() if d.owner == seat and m.dams[s].area == area_)
            + sum(1 for s, o in st.conduits.items() if o == seat and m.conduits[s].area == area_)
            + sum(1 for s, o in st.powerhouses.items() if o == seat and m.powerhouses[s].area == area_))


def pairs(game: Game, seat: int) -> int:
    """China's objective (ASSUMED reading): per area, min(landscapes, Bases) + min(landscapes, Conduits) +
    min(landscapes, Powerhouses)."""
    st, m = game.state, game.board
    bases = Counter(m.dams[s].area for s, d in st.dams.items() if d.owner == seat and d.base)
    conduits = Counter(m.conduits[s].area for s, o in st.conduits.items() if o == seat)
    powerhouses = Counter(m.powerhouses[s].area for s, o in st.powerhouses.items() if o == seat)
    return sum(min(n, kind[a]) for a, n in landscapes_by_area(game, seat).items()
               for kind in (bases, conduits, powerhouses))


def end_game_vp(game: Game, seat: int) -> list[tuple[YieldTile, int]]:
    """Each end-of-game yield tile ``seat`` took, with its VP now."""
    company = game.state.companies[seat]
    found = []
    for t in owned_yields(game, seat, "vp_per_machinery"):
        found.append((t, t.params.get("excavators", 0) * company.excavators + t.params.get("mixers", 0) * company.mixers))
    for t in owned_yields(game, seat, "vp_per_structure_in"):
        a = t.params["area"]
        found.append((t, t.params["vp"] * (pieces_in_area(game, seat, a) + landscapes_by_area(game, seat)[a])))
    for t in owned_yields(game, seat, "vp_per_landscape"):
        found.append((t, t.params["vp"] * len(built_by(game, seat))))
    return found


def stack_tops(game: Game, area_: str) -> dict[int, str]:
    """The top contract of each landscape's contract stack (B1) in ``area_`` -> its landscape space: a
    production with a Powerhouse there may fulfil it."""
    return {stack[-1]: s for s, stack in china(game.state).contract_stacks.items()
            if stack and area_ and area(game, s) == area_}


def map_marks(game: Game) -> tuple[MapMark, ...]:
    """The yield tiles still beside each area, by tile number, in their colours ("none left" where an area has
    none while another still has some)."""
    own = china_of(game.state)
    if own is None or not own.yields:
        return ()
    spaces, tiles = {y.id: y for y in game.board.yield_spaces}, box().yields
    marks: list[MapMark] = []
    for a in game.board.areas:
        here = sorted((t for s, t in own.yields.items() if spaces[s].area == a), key=int)
        marks += [MapMark(a, f"#{t}", f"yield:{tiles[t].colour}", f"yield tile {t}", "Yield") for t in here]
        if not here:
            marks.append(MapMark(a, "none left", "dim", "", "Yield"))
    return tuple(marks)
