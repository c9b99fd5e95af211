"""The China Challenge: building a landscape and taking a yield tile (seed 002 "Building Landscapes",
Appendices 1-3 and 6; reference sammelbecken.md 1.3-1.8).

A landscape is built by a Construction (construction.py: a tile use of the structure ``landscape``, the
module's ``plugin.Structure``, with the
Landscape tile or a China advanced tile, its machinery as printed, paid onto the wheel) on a landscape space
where the builder meets the two requirements (``data.buildable``). Then, in order (``resolve``,
the one point construction hands over: ``Structure.built``): the tile is the builder's and the spaces under it open
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
  board without them, setup.problem);
- A4's new Headstream and A6's diverted river are the board's: a headstream ``covered`` by A4 (with its own
  tile: its refill numbers are not printed, the Yellow River's tile 201 is invented) opens when A4 is built,
  so the drops A4 gives may already go there, and it is refilled from the next round on; a ``[[diversion]]``
  of A6 is in force once A6 is built (board_features.headstream_open / river). The China Challenge's setup
  refuses a board where they open nothing (setup.problem).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ... import board_features, buildable, construction, rewards, scoring, water
from ...engine import keys
from ...components import components
from ...engine.decisions import Choice, Flow, PromptKind
from ...engine.draws import rng
from ...plugin import Structure
from .data import LANDSCAPE, LandscapeTile, YieldTile, area, box, end_game_vp, tile_at, why_not, yields_left
from .data import buildable as landscapes_buildable
from .state import china

if TYPE_CHECKING:
    from ...game import Game

EVENT = "landscape"  # the kind of this module's events; ``data`` says what (landscape, yield_tile, ...)
Effect = Callable[["Game", int, str, LandscapeTile], Flow[None]]  # (game, builder, landscape space, tile)


# ---------------------------------------------------------------- the landscapes' immediate effects

def _nothing(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    return  # its change is on the board (a space opened, cheaper or bigger: data.py asks)
    yield


def _channels(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    """A1: a drop now on each Headstream its arrows mark (the board's ``headstreams`` of the space), flowing
    at once (and one each later round: water.py)."""
    for head in game.board.landscapes[space].headstreams:
        game.state.drops_created += 1
        path = water.flow_drops(game, head, 1)[0]
        game.event(f"{tile.name}: a drop on {head} flows to {path.stop}.", seat, EVENT, (head, path.stop),
                   {"paths": (path,)})
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
        path = water.flow_drops(game, lake, 1)[0]
        game.event(f"{tile.name}: a drop flows out of {lake} to {path.stop}.", seat, EVENT, (lake, path.stop),
                   {"paths": (path,)})
    if not n:
        game.event(f"{tile.name}: {lake} holds no drop.", seat, EVENT)
    return
    yield


def _second_objective(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    """A5: one of the objective tiles laid beside it is scored at game end too, for everyone."""
    st = china(game.state)
    if not st.objectives:
        return
    from_scoring = {t: components().objective_tiles.get(t, box().objective) for t in st.objectives}
    choices = [Choice(keys.make("objective", t), f"Objective tile {t}: {o.text}", (), {"objective": t})
               for t, o in from_scoring.items()]
    key = yield from game.ask(seat, PromptKind.LANDSCAPE_OBJECTIVE,
                              "Which objective tile is scored too at game end (15 / 10 / 5 VP, for everyone)?",
                              choices, data={"landscape": tile.id})
    st.objective_chosen = keys.number(key)
    st.objectives.remove(st.objective_chosen)
    game.event(f"{game.name(seat)} puts objective tile {st.objective_chosen} on {tile.name}.", seat, EVENT,
               data={"landscape": tile.id, "objective": st.objective_chosen})


def _contract_stack(game: Game, seat: int, space: str, tile: LandscapeTile) -> Flow[None]:
    """B1: bottom to top, a National contract from the box, then a red, a yellow, a green one from the piles."""
    st, own = game.state, china(game.state)
    in_use = set(st.national) | {c for co in st.companies for c in co.contracts + co.fulfilled} | {
        c for stack in own.contract_stacks.values() for c in stack}
    boxed = sorted(c.id for c in components().contracts.values() if c.kind == "national" and c.id not in in_use)
    stack = [rng(st).choice(boxed)] if boxed else []
    stack += [st.private_piles[colour].pop() for colour in ("red", "yellow", "green") if st.private_piles.get(colour)]
    own.contract_stacks[space] = stack
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
    return  # permanent (its discounts: data.py) or scored at game end (scoring.end_game_vp)
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
    yid = china(game.state).yields.pop(picked)
    china(game.state).taken[yid] = seat
    y = box().yields[yid]
    game.event(f"{game.name(seat)} takes yield tile {yid}: {y.text}", seat, EVENT, (picked,),
               {"yield_tile": yid, "kind": y.kind})
    yield from YIELDS[y.effect](game, seat, y)


# ---------------------------------------------------------------- China's advanced tiles

def _china_tile(game: Game, seat: int, tile_used: str, tile: LandscapeTile) -> Flow[None]:
    if not tile_used:  # built by an effect, with no tile (an External Work of the Leeghwater Project)
        return
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

def resolve(game: Game, seat: int, tile_used: str, space: str) -> Flow[None]:
    """A landscape on ``space`` was paid for with ``tile_used`` ("" built free by an effect): it is built (the
    order of seed 002)."""
    tile = tile_at(game, space)
    china(game.state).built[space] = seat
    board_features.uncover(game, space)
    game.event(f"{game.name(seat)} builds the landscape {tile.name} ({space}): {tile.text}", seat, EVENT, (space,),
               {"landscape": tile.id, "space": space})
    yield from EFFECTS[tile.effect](game, seat, space, tile)
    yield from take_yield(game, seat, space, tile)
    yield from _china_tile(game, seat, tile_used, tile)


class Landscapes(Structure):
    """The structure a landscape tile use builds, for construction: its spaces, words and what building does."""

    name = LANDSCAPE

    def spaces(self, game: Game, seat: int) -> list[str]:
        return landscapes_buildable(game, seat)

    def unavailable(self, game: Game, seat: int) -> list[tuple[str, str]]:
        own = china(game.state)
        return [(s, why) for s in own.landscapes
                if s not in own.built and (why := why_not(game, seat, s))]

    def label(self, game: Game, space: str) -> str:
        tile = tile_at(game, space)
        return f"{space}: {tile.name} ({tile.colour} landscape, {area(game, space)}s) - {tile.text}"

    def data(self, game: Game, space: str) -> dict[str, object]:
        tile = tile_at(game, space)
        return {"landscape": tile.id, "colour": tile.colour}

    def built(self, game: Game, seat: int, tile: str, space: str) -> Flow[None]:
        yield from resolve(game, seat, tile, space)


LANDSCAPES = Landscapes()


# ---------------------------------------------------------------- final scoring

def final_scoring(game: Game) -> None:
    """At game end, after the final scores are told: the objective A5's builder chose, for everyone (Decision:
    without the Automa's +5 of the game's objective), then each end-of-game yield tile."""
    st, own = game.state, china(game.state)
    if own.objective_chosen:
        tile = scoring.objective_tile(own.objective_chosen)
        quantities = {c.seat: scoring.objective_quantity(game, c.seat, tile.key) for c in st.companies}
        for seat, vp in scoring.rank_awards(quantities, game.objective_vp_table()).items():
            game.gain_vp(seat, vp, "objective")
            game.event(f"{game.name(seat)}: {quantities[seat]} for the landscape's objective ({tile.key}): {vp} VP.",
                       seat, EVENT, data={"objective": tile.id, "quantity": quantities[seat], "vp": vp})
    for c in st.companies:
        for y, vp in end_game_vp(game, c.seat):
            game.gain_vp(c.seat, vp, "yield_tiles")
            game.event(f"{game.name(c.seat)}: yield tile {y.id} ({y.text}): {vp} VP.", c.seat, EVENT,
                       data={"yield_tile": y.id, "vp": vp})


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
