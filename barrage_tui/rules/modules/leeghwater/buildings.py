"""Private buildings (reference leeghwater-5p.md A.3, A.4; the numbers are data/buildings.toml).

Building one is a Construction like any other (construction.py, with this module's ``plugin.Structure``): a
construction space, a tile that builds a Building, the building's machinery exactly as printed (Excavators and
Mixers: ``cost_parts``) onto the wheel, the wheel turns; the piece goes on a free building space of that
building: 2 plain and 2 red-outlined ones (+3 Credits, ``red_surcharge``), the second plain one only from 4
seats on. A company builds each building once, with its 5 pieces. A Joker builds one too (its red outline waived
by Joker I, its machinery either kind with Joker II, Joker III's VP after). Then the Building advanced tile's
effect (``TILE_EFFECTS``; level II's is in the payment: build_costs pays one kind of the two only).

Its 4 action spaces (``spots``) are for the companies that built it, each of them using it once per round; the
first takes the printed Engineers, the others those Engineers and 3 Credits (the Financial Division and Loan
Agency: 2 Engineers, no Credits). The action (``ACTIONS``, by the building's ``effect``) pays its own Credits
first. At the end each company scores the VP of every building it built (``final_scoring``).

Decisions (UNVERIFIED in a printed rulebook; the reference is BGA's reading):
- every seat counts for the second plain building space, an Automa's too (BGA counts people only; ASSUMED,
  shown on the space);
- an Automa builds private buildings (its cards' boxes, the ``automa`` package) and never uses their actions
  (automa.md 2.5): the first action space of a building an Automa built is closed for everyone
  (``_first_closed``); its Building tile of level I scores the building's VP at once instead (automa.md 9.2);
- the Building tile of level I's action may be declined; it is no use of the building's action spaces (the
  building may still be used through them in the same round).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from functools import cache, lru_cache, partial
from types import MappingProxyType
from typing import TYPE_CHECKING

from ... import build_costs, contracts, patents, production, rewards, water
from ...automa_levels import is_automa
from ...components import components
from ...engine import keys
from ...engine.decisions import Choice, Flow
from ...plugin import ActionSpot, CostParts, Structure, tally
from ...state import Segment
from . import works
from .facts import BUILDING, Building, box
from .prompts import LeeghwaterEvent, LeeghwaterPrompt
from .state import LeeghwaterState, leeghwater

if TYPE_CHECKING:
    from ...game import Game

SOURCE = "buildings"  # where the VP they give is counted
ACTION_SPACE = "{}-a{}"  # a building's action space n (1-4)
OPEN_FROM = "open from {} players"


# ---------------------------------------------------------------- the building spaces

def space_id(building: str, n: int) -> str:
    """A building's building space ``n`` (1-4, left to right)."""
    return f"{building}-{n}"


def split(space: str) -> tuple[Building, int]:
    """The building of a building space and the space's number (1-4, left to right)."""
    building, _, n = space.rpartition("-")
    return box().buildings[building], int(n)


def building_of(space: str) -> str:
    """The id of a building space's building (``split``'s, without looking the building up: every turn asks)."""
    return space.rpartition("-")[0]


@cache  # (asked for every building at every check of what can be built)
def open_spaces(seats: int) -> tuple[int, ...]:
    """The building spaces (1-4) in play at this number of seats (Decision: an Automa's seat counts)."""
    b = box()
    return tuple(n for n in range(1, len(b.space_credits) + 1) if n != 2 or seats >= b.second_free_space_min_players)


def built_by(own: LeeghwaterState, seat: int) -> list[str]:
    """The buildings ``seat`` built."""
    return [building_of(s) for s, who in own.built.items() if who == seat]


def why_not(game: Game, seat: int, building: str) -> str:
    """Why ``seat`` may not build ``building`` now ("" if it may, its cost aside)."""
    own = leeghwater(game.state)
    mine = built_by(own, seat)
    if building in mine:
        return "you built it already"
    if len(mine) >= box().pieces:
        return "no building piece left"
    if not free_spaces(game, building):
        return "no free building space"
    return ""


def free_spaces(game: Game, building: str) -> list[str]:
    built = leeghwater(game.state).built
    return [s for s in _open_space_ids(building, game.state.seats) if s not in built]


@cache  # (every check of what can be built asks for the free ones)
def _open_space_ids(building: str, seats: int) -> tuple[str, ...]:
    return tuple(space_id(building, n) for n in open_spaces(seats))


class PrivateBuildings(Structure):
    """The structure a Building tile builds: the free building spaces of the drawn buildings."""

    name = BUILDING

    def spaces(self, game: Game, seat: int) -> list[str]:
        """The free spaces of the buildings ``why_not`` allows (its tests, the company's buildings found once)."""
        own = leeghwater(game.state)
        mine = built_by(own, seat)
        if len(mine) >= box().pieces:
            return []
        return [s for b in own.rows if b not in mine for s in free_spaces(game, b)]

    def unavailable(self, game: Game, seat: int) -> list[tuple[str, str]]:
        """Each building ``seat`` may not build, by its first free space (its first, none being free); the
        building spaces not open at this seat count."""
        own = leeghwater(game.state)
        found = []
        for b in own.rows:
            if why := why_not(game, seat, b):
                found.append(((free_spaces(game, b) or [space_id(b, 1)])[0], why))
        if 2 not in open_spaces(game.state.seats):
            found += [(space_id(b, 2), OPEN_FROM.format(box().second_free_space_min_players)
                       + " (ASSUMED: every seat counts)") for b in own.rows]
        return found

    def label(self, game: Game, space: str) -> str:
        b, n = split(space)
        red = box().space_credits[n - 1]
        return (f"{b.name}, building space {n}" + (f" (red +{red})" if red else "")
                + f" - {b.vp} VP; action: {b.action_short}")

    def short(self, game: Game, space: str) -> str:
        b, n = split(space)
        return f"{b.name} {n}" + (" red" if box().space_credits[n - 1] else "") + f", {b.vp}VP"

    def data(self, game: Game, space: str) -> dict[str, object]:
        b, n = split(space)
        return {"building": b.id, "space": n, "vp": b.vp}

    def built(self, game: Game, seat: int, tile: str, space: str) -> Flow[None]:
        b, n = split(space)
        leeghwater(game.state).built[space] = seat
        game.event(f"{game.name(seat)} builds the {b.name} (building space {n}).", seat, LeeghwaterEvent.BUILDING,
                   (space,), {"building": b.id, "space": n, "vp": b.vp})
        in_force = patents.tile_rules(game, seat, tile) if tile else ""  # (none for an Automa below Hard)
        effect = components().tile(in_force).effect if in_force else ""
        if effect in TILE_EFFECTS:
            yield from TILE_EFFECTS[effect](game, seat, b)


PRIVATE_BUILDINGS = PrivateBuildings()


def cost_parts(game: Game) -> CostParts:
    """Each building space's machinery: the building's Excavators, then its Mixers as the second kind (only the
    free spaces are ever built on: the spaces decide; the costs depend only on the rows, found once per rows)."""
    return _row_costs(tuple(leeghwater(game.state).rows))


@lru_cache(maxsize=64)  # (asked at every cost check of every structure: the rows of the game in play)
def _row_costs(rows: tuple[str, ...]) -> CostParts:
    first: dict[str, tuple[int, str]] = {}
    second: dict[str, tuple[int, str]] = {}
    for building in rows:
        b = box().buildings[building]
        for n in range(1, len(box().space_credits) + 1):
            space = space_id(building, n)
            if b.excavators:
                first[space] = (b.excavators, "excavators")
                if b.mixers:
                    second[space] = (b.mixers, "mixers")
            else:
                first[space] = (b.mixers, "mixers")
    return CostParts(MappingProxyType(first), second_costs=MappingProxyType(second))


@cache  # (a space's red outline is printed: asked for every space at every check)
def red_surcharge(space: str) -> int:
    return box().space_credits[split(space)[1] - 1]


# ---------------------------------------------------------------- the Building tiles' effects

def _action_at_once(game: Game, seat: int, b: Building) -> Flow[None]:
    """Level I: the building's action at once, without Engineers (its own Credits paid), if the company wants.
    An Automa, which never uses a building's action, scores the building's VP at once instead (automa.md 9.2)."""
    if is_automa(game, seat):
        yield from _vp_at_once(game, seat, b)
        return
    if not possible(game, seat, b, 0):
        return
    key = yield from game.ask(seat, LeeghwaterPrompt.TILE_ACTION, f"Carry out the {b.name}'s action now?",
                              [Choice(keys.make("building-action", b.id), f"{b.name}: {b.text}", (b.id,),
                                      short=f"{b.name}: {b.action_short}"),
                               Choice("skip", "Not now")], auto=False, data={"building": b.id})
    if key != "skip":
        yield from do_action(game, seat, b)


def _vp_at_once(game: Game, seat: int, b: Building) -> Flow[None]:
    """Level III: the building's VP at once (it scores again at the end)."""
    game.gain_vp(seat, b.vp, SOURCE)
    game.event(f"{game.name(seat)} scores the {b.name}'s {b.vp} VP now.", seat, LeeghwaterEvent.BUILDING_VP,
               data={"building": b.id, "vp": b.vp})
    return
    yield


TILE_EFFECTS: dict[str, Callable[[Game, int, Building], Flow[None]]] = {
    "building_action": _action_at_once, "building_vp": _vp_at_once,
}


# ---------------------------------------------------------------- the action spaces

def spots(game: Game, seat: int) -> list[ActionSpot]:
    """The action spaces of the buildings ``seat`` built and has not used this round, free, paid for."""
    own = leeghwater(game.state)
    company = game.state.companies[seat]
    found = []
    for building in built_by(own, seat):
        if seat in own.used.get(building, ()):
            continue
        b = box().buildings[building]
        for n, (engineers, credits) in enumerate(b.action_spaces, 1):
            space = ACTION_SPACE.format(building, n)
            if space in own.occupied or (n == 1 and first_closed(own, building, game)):
                continue
            if credits + b.action_credits > company.credits:
                continue
            # the leftmost free one: the others of the row cost the same or more, so whether its action is
            # possible (asked when it is chosen) answers for them too
            found.append(_spot(building, n))
            break
    return found


@cache  # (the same at every turn it is offered: it asks the game nothing until it is chosen)
def _spot(building: str, n: int) -> ActionSpot:
    """The ``building``'s action space ``n`` (1-4)."""
    b = box().buildings[building]
    engineers, credits = b.action_spaces[n - 1]
    space = ACTION_SPACE.format(building, n)
    return ActionSpot(space, engineers, credits, partial(_spot_label, b, n, engineers, credits),
                      partial(_spot_short, b, engineers, credits), partial(use, building=building, space=space),
                      f"the {b.name}'s action space {n}", partial(possible, b=b, fee=credits))


def _spot_label(b: Building, n: int, engineers: int, credits: int) -> str:
    """An action space's words in its choice (when read)."""
    return f"{b.name}'s action space {n}: {b.text} [{_price_words(engineers, credits, b)}]"


def _spot_short(b: Building, engineers: int, credits: int) -> str:
    return f"{b.name}: {b.short} [{_price_short(engineers, credits, b)}]"


def _price_words(engineers: int, credits: int, b: Building) -> str:
    """An action space's price in words: its Engineers, its Credits and the building's own."""
    parts = [rewards.count(engineers, "Engineer"), rewards.count(credits, "credit") if credits else "",
             f"{rewards.count(b.action_credits, 'credit')} for the action" if b.action_credits else ""]
    return ", ".join(p for p in parts if p)


def _price_short(engineers: int, credits: int, b: Building) -> str:
    """The same in few letters: '2E, 3+2cr'."""
    paid = "+".join(str(c) for c in (credits, b.action_credits) if c)
    return f"{engineers}E" + (f", {paid}cr" if paid else "")


def unavailable(game: Game, seat: int) -> list[tuple[str, str]]:
    """The action of each building ``seat`` built that it may not use now, with why (the choices' words)."""
    own = leeghwater(game.state)
    company = game.state.companies[seat]
    found = []
    for building in built_by(own, seat):
        b = box().buildings[building]
        free = [(n, c) for n, (_, c) in enumerate(b.action_spaces, 1) if ACTION_SPACE.format(building, n) not in
                own.occupied and not (n == 1 and first_closed(own, building, game))]
        why = ""
        if seat in own.used.get(building, ()):
            why = "used this round (once a round)"
        elif not free:
            why = "every action space taken"
        elif free[0][1] + b.action_credits > company.credits:
            why = build_costs.short_of_credits(free[0][1] + b.action_credits, company.credits)
        elif not possible(game, seat, b, free[0][1]):
            why = ACTIONS[b.effect].cannot
        if why:
            found.append((f"{b.name}: {b.short}", why))
    return found


def first_closed(own: LeeghwaterState, building: str, game: Game) -> bool:
    """Once an Automa built a building, its first action space is closed for the game."""
    return any(is_automa(game, who) for s, who in own.built.items() if building_of(s) == building)


def use(game: Game, seat: int, building: str, space: str) -> Flow[None]:
    own = leeghwater(game.state)
    own.occupied[space] = seat
    own.used.setdefault(building, []).append(seat)
    yield from do_action(game, seat, box().buildings[building])


def do_action(game: Game, seat: int, b: Building) -> Flow[None]:
    """The building's action: its own Credits first, then what it does."""
    if b.action_credits:
        game.pay_credits(seat, b.action_credits)
    game.event(f"{game.name(seat)} uses the {b.name}" + (f", paying {rewards.count(b.action_credits, 'credit')}"
                                                          if b.action_credits else "") + ".", seat,
               LeeghwaterEvent.BUILDING_ACTION, data={"building": b.id})
    yield from ACTIONS[b.effect].act(game, seat, b)


def possible(game: Game, seat: int, b: Building, fee: int) -> bool:
    """Whether ``seat`` can carry out ``b``'s action once ``fee`` and its own Credits are paid."""
    company = game.state.companies[seat]
    spent = fee + b.action_credits
    if spent > company.credits:
        return False
    company.credits -= spent
    try:
        return ACTIONS[b.effect].possible(game, seat, b)
    finally:
        company.credits += spent


# ---------------------------------------------------------------- Margot Fouche's space

MARGOT = "margot"


def officer_action(game: Game, seat: int, officer: str) -> Callable[[], Flow[None]] | None:
    """Margot's space (or Mahiri's copy of it, on the Bank): one of the company's buildings acts once more,
    even one used this round; it is no use of the building's own spaces. None: not hers, or no building can."""
    if officer != MARGOT:
        return None
    able = [box().buildings[b] for b in built_by(leeghwater(game.state), seat)
            if possible(game, seat, box().buildings[b], 0)]
    return partial(_once_more, game, seat, able) if able else None


def _once_more(game: Game, seat: int, able: list[Building]) -> Flow[None]:
    key = yield from game.ask(seat, LeeghwaterPrompt.BUILDING, "Which of your private buildings acts once more?",
                              [Choice(keys.make("building", b.id), f"{b.name}: {b.text.rstrip('.')}", (b.id,), {"building": b.id},
                                      f"{b.name}: {b.action_short}") for b in able],
                              data={"buildings": tuple(b.id for b in able)})
    yield from do_action(game, seat, box().buildings[keys.Key.parse(key).rest()])


# ---------------------------------------------------------------- the actions

def _dams_with_room(game: Game, seat: int) -> list[str]:
    """A neutral Dam's or one of ``seat``'s with room for a drop."""
    return [s for s, d in game.state.dams.items() if (d.owner == seat or d.owner < 0) and water.room(game, s) > 0]


def _drop_to_dam(game: Game, seat: int, b: Building) -> Flow[None]:
    for _ in range(b.params["drops"]):
        dams = _dams_with_room(game, seat)
        if not dams:
            return
        key = yield from game.ask(seat, LeeghwaterPrompt.DAM, "Which Dam does the drop go behind?",
                                  [Choice(keys.make("dam", s), f"{s} ({'neutral' if game.state.dams[s].owner < 0 else 'yours'}, "
                                          f"room for {water.room(game, s)})", (s,)) for s in dams],
                                  data={"building": b.id, "unavailable": tuple(
                                      (f"{s} ({'neutral' if d.owner < 0 else 'yours'})", "full")
                                      for s, d in sorted(game.state.dams.items())
                                      if (d.owner == seat or d.owner < 0) and s not in dams)})
        dam = keys.Key.parse(key).rest()
        game.state.dams[dam].drops += 1
        game.state.drops_created += 1
        game.event(f"{game.name(seat)} puts a drop behind the Dam on {dam}.", seat, "drop", (dam,))


def _production(game: Game, seat: int, b: Building) -> Flow[None]:
    yield from production.produce(game, seat, b.params["bonus"])


def _fulfil_contract(game: Game, seat: int, b: Building) -> Flow[None]:
    most = b.params["max_energy"]
    yield from contracts.fulfil(game, seat, most if most >= 0 else max(c.energy for c in
                                                                         components().contracts.values()),
                                production=False)


def _tile_from_wheel(game: Game, seat: int, b: Building) -> Flow[None]:
    company = game.state.companies[seat]
    for _ in range(b.params["tiles"]):
        on_wheel = [(i, t) for i, seg in enumerate(company.wheel) for t in seg.tiles]
        if not on_wheel:
            return
        key = yield from game.ask(seat, LeeghwaterPrompt.WHEEL_TILE, "Which tile comes off your wheel?",
                                  [Choice(keys.make("wheel-tile", i, t), f"{components().tile(t).name} tile "
                                          f"(segment {i + 1})", (t,)) for i, t in on_wheel],
                                  data={"building": b.id})
        picked = keys.Key.parse(key)
        segment, tile = picked.number(0), picked.arg(1)
        company.wheel[segment].tiles.remove(tile)
        company.tiles.append(tile)
        game.event(f"{game.name(seat)} takes the {components().tile(tile).name} tile off the wheel.", seat, "wheel",
                   (tile,))


def _half_back(game: Game, seat: int, b: Building) -> Flow[None]:
    """A segment chosen; half its machinery, rounded down, back to the supply (which pieces: the company's)."""
    company = game.state.companies[seat]
    segments = [i for i, seg in enumerate(company.wheel) if _machinery(seg) >= 2]
    key = yield from game.ask(seat, LeeghwaterPrompt.SEGMENT, "Which segment of your wheel gives half its "
                              "machinery back?", [Choice(keys.make("segment", i), f"Segment {i + 1}: "
                                                         f"{_segment_words(company.wheel[i])}") for i in segments],
                              data={"building": b.id, "unavailable": tuple(
                                  (f"Segment {i + 1}: {_segment_words(seg)}", "half of 1 machinery is none")
                                  for i, seg in enumerate(company.wheel) if _machinery(seg) == 1)})
    seg = company.wheel[keys.number(key)]
    n = _machinery(seg) // 2
    ways = [(e, m, n - e - m) for e in range(min(n, seg.excavators), -1, -1)
            for m in range(min(n - e, seg.mixers), -1, -1) if n - e - m <= seg.excamixers]
    key = yield from game.ask(seat, LeeghwaterPrompt.SEGMENT_MACHINERY, f"Which {n} machinery come back?",
                              [Choice(keys.make("back", e, m, x), _machinery_words(e, m, x)) for e, m, x in ways],
                              data={"building": b.id, "units": n})
    picked = keys.Key.parse(key)
    e, m, x = picked.number(0), picked.number(1), picked.number(2)
    seg.excavators, seg.mixers, seg.excamixers = seg.excavators - e, seg.mixers - m, seg.excamixers - x
    company.excavators, company.mixers, company.excamixers = company.excavators + e, company.mixers + m, \
        company.excamixers + x
    game.event(f"{game.name(seat)} takes back {_machinery_words(e, m, x)} from the wheel.", seat, "wheel")


def _machinery(seg: Segment) -> int:
    return seg.excavators + seg.mixers + seg.excamixers


def _segment_words(seg: Segment) -> str:
    return _machinery_words(seg.excavators, seg.mixers, seg.excamixers)


def _machinery_words(e: int, m: int, x: int) -> str:
    parts = [rewards.count(e, "Excavator") if e else "", rewards.count(m, "mixer") if m else "",
             rewards.count(x, "Excamixer") if x else ""]
    return " + ".join(p for p in parts if p) or "nothing"


def _reward(game: Game, seat: int, b: Building) -> Flow[None]:
    yield from rewards.gain(game, seat, b.params, SOURCE)


def _per_landscape(game: Game, seat: int, b: Building) -> Flow[None]:
    """The Winch: its reward once for each landscape the company has built."""
    times = tally(game, seat, works.LANDSCAPES_BUILT)
    yield from rewards.gain(game, seat, {k: v * times for k, v in b.params.items()}, SOURCE)


def _built_a_landscape(game: Game, seat: int, b: Building) -> bool:
    return tally(game, seat, works.LANDSCAPES_BUILT) > 0


def _produce_energy(game: Game, seat: int, b: Building) -> Flow[None]:
    yield from patents.energy_for_hand_contract(game, seat, b.params["energy"])


def _work_for_credits(game: Game, seat: int, b: Building) -> Flow[None]:
    """The Loan Agency: a face-up External Work, its machinery paid in Credits; it counts as fulfilled."""
    own = leeghwater(game.state)
    price = b.params["credits_per_machinery"]
    able = _affordable_works(game, seat, price)
    have = game.state.companies[seat].credits
    key = yield from game.ask(seat, LeeghwaterPrompt.EXTERNAL_WORK, "Which External Work do you take?",
                              [Choice(keys.make("work", i + 1), f"{works.work_text(own.works[i])} for "
                                      f"{rewards.count(credits, 'credit')}", (own.works[i],),
                                      {"work": own.works[i], "credits": credits},
                                      f"{own.works[i]}: {box().works[own.works[i]].short} [{credits}cr]")
                               for i, credits in able],
                              data={"building": b.id, "unavailable": tuple(
                                  (works.work_text(w), build_costs.short_of_credits(c, have))
                                  for w, c in _works_priced(game, price) if c > have)})
    position = keys.number(key) - 1
    credits = dict(able)[position]
    game.pay_credits(seat, credits)
    yield from works.take(game, seat, position, f"paying {rewards.count(credits, 'credit')} (the {b.name})",
                          {"excavators": 0, "mixers": 0, "excamixers": 0, "credits": credits})


def _works_priced(game: Game, price: int) -> list[tuple[str, int]]:
    """Each face-up External Work and its machinery's price in Credits (``price`` a machinery)."""
    return [(tile, price * (box().works[tile].excavators + box().works[tile].mixers))
            for tile in leeghwater(game.state).works if tile]


def _affordable_works(game: Game, seat: int, price: int) -> list[tuple[int, int]]:
    """(position, Credits) of each face-up External Work ``seat`` can pay for in Credits."""
    own = leeghwater(game.state)
    priced = dict(_works_priced(game, price))
    return [(i, priced[tile]) for i, tile in enumerate(own.works)
            if tile and priced[tile] <= game.state.companies[seat].credits]


def _always(game: Game, seat: int, b: Building) -> bool:
    return True


def _has_dam_with_room(game: Game, seat: int, b: Building) -> bool:
    return bool(_dams_with_room(game, seat))


def _can_produce(game: Game, seat: int, b: Building) -> bool:
    return production.can_produce(game, seat, b.params["bonus"])


def _has_contract(game: Game, seat: int, b: Building) -> bool:
    return bool(game.state.companies[seat].contracts)


def _has_wheel_tile(game: Game, seat: int, b: Building) -> bool:
    return any(seg.tiles for seg in game.state.companies[seat].wheel)


def _has_work_to_pay(game: Game, seat: int, b: Building) -> bool:
    return bool(_affordable_works(game, seat, b.params["credits_per_machinery"]))


def _has_two_machinery_in_a_segment(game: Game, seat: int, b: Building) -> bool:
    return any(_machinery(seg) >= 2 for seg in game.state.companies[seat].wheel)


@dataclass(frozen=True)
class Action:
    """A building's action: what it does, and whether it can be done now (its Credits already counted)."""

    act: Callable[[Game, int, Building], Flow[None]]
    possible: Callable[[Game, int, Building], bool] = _always
    cannot: str = ""  # why it cannot be done, when it cannot (the choices' words)


ACTIONS: dict[str, Action] = {
    "drop_to_dam": Action(_drop_to_dam, _has_dam_with_room, "no neutral Dam or Dam of yours with room"),
    "production": Action(_production, _can_produce, "no production possible"),
    "fulfil_contract": Action(_fulfil_contract, _has_contract, "no Contract in your hand"),
    "tile_from_wheel": Action(_tile_from_wheel, _has_wheel_tile, "no tile on your wheel"),
    "reward": Action(_reward),
    "produce_energy": Action(_produce_energy),
    "external_work_for_credits": Action(_work_for_credits, _has_work_to_pay,
                                        "no face-up External Work you can pay for in Credits"),
    "half_a_segment_back": Action(_half_back, _has_two_machinery_in_a_segment,
                                  "no segment of your wheel with 2 machinery"),
    "machinery_per_landscape": Action(_per_landscape, _built_a_landscape, "no landscape of yours built yet"),
}


# ---------------------------------------------------------------- the end

def final_scoring(game: Game) -> None:
    """Each company scores the VP of every building it built."""
    for space, seat in sorted(leeghwater(game.state).built.items()):
        b = split(space)[0]
        game.gain_vp(seat, b.vp, SOURCE)
        game.event(f"{game.name(seat)}: the {b.name}, {b.vp} VP.", seat, LeeghwaterEvent.BUILDING_VP,
                   data={"building": b.id, "vp": b.vp})


def round_ends(game: Game) -> None:
    own = leeghwater(game.state)
    own.occupied.clear()
    own.used.clear()
