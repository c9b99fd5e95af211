"""The China Challenge: building a landscape and taking a yield tile (seed 002 "Building Landscapes",
Appendices 1-3 and 6; reference sammelbecken.md 1.3-1.8).

A landscape is built by a Construction (construction.py: a tile use of the structure ``landscape``, with the
Landscape tile or a China advanced tile, its machinery as printed, paid onto the wheel) on a landscape space
where the builder meets the two requirements (``landscape_data.buildable``). Then, in order (``resolve``,
the one point construction hands over): the tile is the builder's and the spaces under it open
(``board_features.uncover``), its immediate effect (``EFFECTS``, by the tile's ``effect``), one yield tile of
its colour from beside its area is taken and applied (``YIELDS``), and a China advanced tile's own effect.
The facts are data (landscapes.toml, yield-tiles.toml, tech-tiles.toml [[china]]).

Decisions (UNVERIFIED in the rulebook; also in the data's notes and the help):
- the basic wild tile (introductory game) and Anton's copy of a landscape tile do not build landscapes (only
  tiles whose ``builds`` is ``landscape``);
- the Automa never builds landscapes (its cards' construction boxes name the base structures: a landscape is
  never among them; it is offered none), so it takes no yield tile; China's bonus and objective tiles and
  A5's objective score for it like for a person (A5's without the Automa's +5 of the game's objective);
- a yield tile's free build is a contract's free build (no Engineers, tile or machinery; a red outline's
  credits are due), its construction action is a full one without Engineers (if nothing can be built,
  nothing happens);
- China tile 1's Energy moves the marker only (it is no production: no contract); tiles 1 and 3 count the
  landscape's printed machinery cost (before a yield tile's discount);
- a permanent yield tile's "every action" (tile 6) is the printed credits of a Management board action space,
  not a chief engineer's own space; the red outline's discount (tile 1) is on building and action spaces
  and a company's construction spaces;
- the neighbouring lake of a lake-release landscape and a channel landscape's arrowed Headstreams are the
  board's to say (its landscape space's ``lake`` and ``headstreams``: the China Challenge's setup refuses a
  board without them, china_challenge.problem);
- A4's new Headstream and A6's diverted river are the board's: a headstream ``covered`` by A4 (with its own
  tile: its refill numbers are not printed, the Yellow River's tile 201 is invented) opens when A4 is built,
  so the drops A4 gives may already go there, and it is refilled from the next round on; a ``[[diversion]]``
  of A6 is in force once A6 is built (board_features.headstream_open / river). The China Challenge's setup
  refuses a board where they open nothing (china_challenge.problem).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from . import board_features, buildable, construction, keys, rewards, water
from .components import components
from .decisions import Choice, Flow, PromptKind
from .draws import rng
from .landscape_data import LandscapeTile, YieldTile, area, box, tile_at, yields_left

if TYPE_CHECKING:
    from .game import Game

EVENT = "landscape"  # the kind of this module's events; ``data`` says what (landscape, yield_tile, ...)
Effect = Callable[["Game", int, str, LandscapeTile], Flow[None]]  # (game, builder, landscape space, tile)


# ---------------------------------------------------------------- the landscapes' immediate effects

def _nothing(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    return  # its change is on the board (a space opened, cheaper or bigger: landscape_data asks)
    yield


def _channels(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    """A1: a drop now on each Headstream its arrows mark (the board's ``headstreams`` of the space), flowing
    at once (and one each later round: water.py)."""
    for head in game.board.landscapes[space].headstreams:
        where = water.add_drop_to_headstream(game, head, flowing=True)
        game.event(f"{tile.name}: a drop on {head} flows to {where}.", seat, EVENT, (head, where))
    return
    yield


def _drops_on_headstreams(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    yield from water.place_drops(game, seat, tile.params["drops"], flowing=True)


def _lake_release(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    """The example's tile: drops flow out of the neighbouring lake (the board's ``lake`` of the space)."""
    st = game.state
    lake = game.board.landscapes[space].lake
    n = min(tile.params["drops"], st.lakes.get(lake, 0))
    for _ in range(n):
        st.lakes[lake] -= 1
        where = water.flow_drop(game, lake)
        game.event(f"{tile.name}: a drop flows out of {lake} to {where}.", seat, EVENT, (lake, where))
    if not n:
        game.event(f"{tile.name}: {lake} holds no drop.", seat, EVENT)
    return
    yield


def _second_objective(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    """A5: one of the objective tiles laid beside it is scored at game end too, for everyone."""
    st = game.state
    if not st.landscape_objectives:
        return
    from_scoring = {t: components().objective_tiles.get(t, box().objective) for t in st.landscape_objectives}
    choices = [Choice(keys.make("objective", t), f"Objective tile {t}: {o.text}", (), {"objective": t})
               for t, o in from_scoring.items()]
    key = yield from game.ask(seat, PromptKind.LANDSCAPE_OBJECTIVE,
                              "Which objective tile is scored too at game end (15 / 10 / 5 VP, for everyone)?",
                              choices, data={"landscape": tile.id})
    st.extra_objective = keys.number(key)
    st.landscape_objectives.remove(st.extra_objective)
    game.event(f"{game.name(seat)} puts objective tile {st.extra_objective} on {tile.name}.", seat, EVENT,
               data={"landscape": tile.id, "objective": st.extra_objective})


def _contract_stack(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    """B1: bottom to top, a National contract from the box, then a red, a yellow, a green one from the piles."""
    st = game.state
    in_use = set(st.national) | {c for co in st.companies for c in co.contracts + co.fulfilled} | {
        c for stack in st.landscape_contracts.values() for c in stack}
    boxed = sorted(c.id for c in components().contracts.values() if c.kind == "national" and c.id not in in_use)
    stack = [rng(st).choice(boxed)] if boxed else []
    stack += [st.private_piles[colour].pop() for colour in ("red", "yellow", "green") if st.private_piles.get(colour)]
    st.landscape_contracts[space] = stack
    game.event(f"{tile.name}: contracts {', '.join(map(str, stack)) or 'none'} are stacked (top last).", seat, EVENT,
               data={"landscape": tile.id, "contracts": stack})
    return
    yield


EFFECTS: dict[str, Effect] = {
    "none": _nothing,
    "cheaper_conduits": _nothing,
    "bigger_dam": _nothing,
    "channels": _channels,
    "drops_on_headstreams": _drops_on_headstreams,
    "new_source": _drops_on_headstreams,  # A4: its headstream opened with it (uncover, above)
    "river_diversion": _drops_on_headstreams,  # A6: its course is in force (board_features.river)
    "lake_release": _lake_release,
    "second_objective": _second_objective,
    "contract_stack": _contract_stack,
}


# ---------------------------------------------------------------- yield tiles

def _kept(game: Game, seat: int, y: YieldTile) -> Flow[None]:
    return  # permanent (its discounts: landscape_data) or scored at game end (scoring.py)
    yield


def _reward(game: Game, seat: int, y: YieldTile) -> Flow[None]:
    yield from rewards.gain(game, seat, y.params, "yield_tiles")


def _construction(game: Game, seat: int, y: YieldTile) -> Flow[None]:
    yield from construction_without_engineers(game, seat)


YIELDS: dict[str, Callable[[Game, int, YieldTile], Flow[None]]] = {
    "red_discount": _kept, "machinery_discount": _kept, "construction_engineers": _kept,
    "contract_discount": _kept, "action_discount": _kept,
    "vp_per_machinery": _kept, "vp_per_structure_in": _kept, "vp_per_landscape": _kept,
    "reward": _reward, "construction": _construction,
}


def construction_without_engineers(game: Game, seat: int) -> Flow[None]:
    """A Construction action at once without Engineers (yield tile 10, China tile 2): tile and machinery as
    usual; nothing happens when nothing can be built."""
    if buildable.can_build(game, seat, game.spendable_credits(seat)):
        yield from construction.construct(game, seat)
    else:
        game.event(f"{game.name(seat)} can build nothing: the extra construction is lost.", seat, EVENT)


def take_yield(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    """One yield tile of the landscape's colour from beside its area (the builder's choice), applied."""
    left = yields_left(game, area(game, space), tile.colour)
    if not left:  # (the requirement makes sure one is left when building starts)
        return
    choices = [Choice(keys.make("yield", ys), f"{box().yields[t].text} ({box().yields[t].kind.replace('_', ' ')})",
                      (ys,), {"yield_tile": t, "kind": box().yields[t].kind}) for ys, t in left]
    key = yield from game.ask(seat, PromptKind.YIELD_TILE, f"Take a {tile.colour} yield tile beside the "
                              f"{area(game, space)}s.", choices, data={"landscape": tile.id, "colour": tile.colour})
    picked = keys.Key.parse(key).rest()
    yid = game.state.yield_tiles.pop(picked)
    game.state.yields_taken[yid] = seat
    y = box().yields[yid]
    game.event(f"{game.name(seat)} takes yield tile {yid}: {y.text}", seat, EVENT, (picked,),
               {"yield_tile": yid, "kind": y.kind})
    yield from YIELDS[y.effect](game, seat, y)


# ---------------------------------------------------------------- China's advanced tiles

def _china_tile(game: Game, seat: int, tile_used: str, tile: LandscapeTile) -> Flow[None]:
    info = components().tile(tile_used)
    if info.effect == "landscape_energy":
        energy = info.params["energy_per_machinery"] * tile.units
        game.state.companies[seat].energy += energy
        game.event(f"{game.name(seat)} moves {energy} on the Energy Track ({tile_used}).", seat, EVENT)
    elif info.effect == "landscape_vp":
        game.gain_vp(seat, info.params["vp_per_machinery"] * tile.units, "tiles")
    elif info.effect == "landscape_construction":
        yield from construction_without_engineers(game, seat)


# ---------------------------------------------------------------- building one

@construction.on_landscape_built
def resolve(game: Game, seat: int, tile_used: str, space: str) -> Flow[None]:
    """A landscape on ``space`` was paid for with ``tile_used``: it is built (the order of seed 002)."""
    st = game.state
    tile = tile_at(game, space)
    st.landscapes_built[space] = seat
    board_features.uncover(game, space)
    game.event(f"{game.name(seat)} builds the landscape {tile.name} ({space}): {tile.text}", seat, EVENT, (space,),
               {"landscape": tile.id, "space": space})
    yield from EFFECTS[tile.effect](game, seat, space, tile)
    yield from take_yield(game, seat, space, tile)
    yield from _china_tile(game, seat, tile_used, tile)


# ---------------------------------------------------------------- for the app

def landscape_text(tile_id: str) -> str:
    """A landscape tile in words: its name, colour and cost, effect, and what is invented or assumed."""
    t = box().landscapes[tile_id]
    note = f" [{t.assumed}]" if t.assumed else ""
    return f"{t.id} {t.name} ({t.colour}, {t.units} {t.machinery}): {t.text}{note}"


def yield_text(tile_id: str) -> str:
    """A yield tile in words: what it does, when, and how an unclear point was decided."""
    y = box().yields[tile_id]
    note = f" [{y.note}]" if y.note else ""
    return f"yield tile {y.id} ({y.colour}, {y.kind.replace('_', ' ')}): {y.text}{note}"
