"""External Works (reference leeghwater-5p.md A.5; seed 002 calls them third-party orders).

Three tiles lie face up, one per position of the expansion board, each with an action space of 2 Engineers.
Taking one: its machinery goes back to the general supply (spent for good), the tile is the taker's (it counts
for the External Works bonus tile) and its reward is given at once (``give_reward``). A position whose tile is
gone stays empty for the round. The display is filled from pile A until it is empty, then B, then C
(``refill``): 3 tiles at setup, and at the clean-up of rounds 1-4 the tiles left face up go to the box and 3
new ones are revealed (``round_ends``).

Decisions (the rulebook's text is not on hand; BGA's reading):
- the machinery is of the kinds printed; Elon's Excamixers may stand in for any of it (seed 002, Appendix 8),
  spent after the company's own Excavators and Mixers;
- "fulfil a Contract" rewards take one of the company's own Contracts (no National one, no display), without a
  production; "produce N Energy" moves the marker N and may fulfil one own Contract needing N or less;
- an Automa takes an External Work through its own step operation ``work`` (``automa_take``, registered with the
  Automa's step language): its Engineers on the work's space, the machinery paid as anyone pays it (returned to
  the supply, or with Leslie Spencer's tile onto the wheel), the reward given; the ``automa`` package decides.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING

from ... import actions, contracts, officers, patents, rewards, wheel
from ...automa_levels import is_automa
from ...components import components
from ...construction import free_build
from ...engine import keys
from ...engine.decisions import Choice, Flow, IllegalChoice
from ...plugin import ActionSpot, module_structure, tally
from .facts import Work, box
from .prompts import LeeghwaterEvent, LeeghwaterPrompt
from .state import LeeghwaterState, leeghwater, leeghwater_of

if TYPE_CHECKING:
    from ...game import Game
    from ...state import CompanyState

SPACE = "works-{}"  # a position's action space (1-3)
SOURCE = "external_works"  # where the VP they give is counted


def refill(own: LeeghwaterState) -> list[str]:
    """Each empty position takes the top tile of the first pile that still has one (A, then B, then C).
    Returns the tiles revealed."""
    revealed = []
    for i, tile in enumerate(own.works):
        if tile:
            continue
        pile = next((own.piles[letter] for letter in box().piles if own.piles.get(letter)), None)
        if pile is None:
            break
        own.works[i] = pile.pop()
        revealed.append(own.works[i])
    return revealed


def round_ends(game: Game) -> None:
    """The clean-up: the tiles still face up go to the box; 3 new ones are revealed."""
    own = leeghwater(game.state)
    own.works = [""] * len(own.works)
    own.machinery_this_round = []
    revealed = refill(own)
    if revealed:
        game.event(f"External Works revealed: {', '.join(work_text(w) for w in revealed)}.",
                   kind=LeeghwaterEvent.WORKS_REFILLED, data={"works": list(own.works)})


def external_work(work_id: str) -> Work:
    """The facts of External Work ``work_id`` (its machinery, its reward)."""
    return box().works[work_id]


def work_text(work_id: str) -> str:
    w = box().works[work_id]
    return f"{w.id} ({cost_words(w)}: {w.text})"


def cost_words(w: Work) -> str:
    parts = [rewards.count(w.excavators, "Excavator") if w.excavators else "",
             rewards.count(w.mixers, "mixer") if w.mixers else ""]
    return " + ".join(p for p in parts if p) or "nothing"


def payment(company: CompanyState, w: Work) -> tuple[int, int, int] | None:
    """(Excavators, mixers, Excamixers) paying ``w``'s machinery, own kinds first (None: it cannot be paid)."""
    e, m = min(w.excavators, company.excavators), min(w.mixers, company.mixers)
    x = w.excavators - e + w.mixers - m
    return (e, m, x) if x <= company.excamixers else None


def spots(game: Game, seat: int) -> list[ActionSpot]:
    """The positions ``seat`` may take now: a tile there, the space free, its machinery had."""
    own = leeghwater(game.state)
    if is_automa(game, seat):
        return []
    company = game.state.companies[seat]
    found = []
    for i, tile in enumerate(own.works):
        if tile and SPACE.format(i + 1) not in own.occupied and payment(company, box().works[tile]) is not None:
            found.append(_spot(i, tile))
    return found


@cache  # (the same at every turn it is offered)
def _spot(i: int, tile: str) -> ActionSpot:
    """The External Work ``tile`` at position ``i`` (0-based) as an action space."""
    w, engineers = box().works[tile], box().work_engineers
    return ActionSpot(SPACE.format(i + 1), engineers, 0, partial(_label, i, w, engineers), partial(_short, w, engineers),
                      partial(take_action, position=i), f"External Work space {i + 1}")


def _label(i: int, w: Work, engineers: int) -> str:
    """A position's words in its choice (when read)."""
    return f"External Work {i + 1} ({w.id}): {w.text} Costs {cost_words(w)}, spent [{rewards.count(engineers, 'Engineer')}]"


def _short(w: Work, engineers: int) -> str:
    return f"External Work {w.id}: {w.short} [{engineers}E, {machinery_short(w)}]"


def machinery_short(w: Work) -> str:
    """A work's machinery in few letters: '2 Ex + 1 Mx'."""
    return " + ".join(f"{n} {unit}" for n, unit in ((w.excavators, "Ex"), (w.mixers, "Mx")) if n)


def unavailable(game: Game, seat: int) -> list[tuple[str, str]]:
    """The face-up External Works on a free space whose machinery ``seat`` does not have, with why."""
    own = leeghwater(game.state)
    if is_automa(game, seat):
        return []
    company = game.state.companies[seat]
    have = " + ".join(f"{n} {unit}" for n, unit in ((company.excavators, "Ex"), (company.mixers, "Mx"),
                                                     (company.excamixers, "ExMx")) if n or unit != "ExMx")
    return [(f"External Work {tile}: {box().works[tile].short}", f"needs {machinery_short(box().works[tile])}, "
             f"you have {have}") for i, tile in enumerate(own.works)
            if tile and SPACE.format(i + 1) not in own.occupied and payment(company, box().works[tile]) is None]


def take_action(game: Game, seat: int, position: int) -> Flow[None]:
    """The action space of ``position``: its tile taken, its machinery paid (spent, or onto the wheel: Leslie)."""
    own = leeghwater(game.state)
    own.occupied[SPACE.format(position + 1)] = seat
    w = box().works[own.works[position]]
    company = game.state.companies[seat]
    paid = payment(company, w)
    assert paid is not None  # (offered only when it can be paid)
    tiles = wheel_tiles(company)
    how = f"paying {cost_words(w)}"
    if tiles is not None and any(paid):
        key = yield from game.ask(seat, LeeghwaterPrompt.WORK_MACHINERY, f"External Work {w.id}: its machinery "
                                  f"({cost_words(w)}) spent, or onto your wheel?",
                                  [Choice(ON_WHEEL, "Onto the wheel" + (" with Leslie Spencer's tile" if tiles else "")
                                          + ", which turns 1: it comes back with the segment"),
                                   Choice(SPENT, "Spent (back to the general supply)")], auto=False,
                                  data={"work": w.id})
        if key == ON_WHEEL:
            back = to_wheel(game, seat, paid, tiles)
            how += " onto the wheel" + (f" (it returns {', '.join(back)})" if back else "")
            yield from take(game, seat, position, how, {"excavators": paid[0], "mixers": paid[1],
                                                        "excamixers": paid[2], "credits": 0, "wheel": True})
            return
    spend(game, seat, paid)
    yield from take(game, seat, position, how, {"excavators": paid[0], "mixers": paid[1], "excamixers": paid[2],
                                                "credits": 0})


ON_WHEEL, SPENT = "wheel", "spend"
AUTOMA_OPERATION = "work"  # the Automa's step: work:<position 1-3>:<Engineers>[:<way>] (as automa_step's ``eng``)


def automa_take(game: Game, seat: int, position: str, count: str, way: str = "") -> Flow[None]:
    """An Automa (or a person playing the Automa way: Mahiri at Very Hard) takes the External Work of
    ``position`` (1-3) with ``count`` Engineers on its action space (automa.md 5.8, 4.3; Leslie's override: 1).
    Refused (nothing changed) when the module is off, the position is empty or taken, the machinery is not
    there, or the Engineers are not."""
    own = leeghwater_of(game.state)
    i = int(position) - 1
    n = int(count)
    company = game.state.companies[seat]
    if own is None:  # (a person playing a turn the Automa way, under Mahiri's Automa rule, takes one too)
        raise IllegalChoice("no External Works in this game")
    if not 0 <= i < len(own.works) or not own.works[i] or SPACE.format(i + 1) in own.occupied:
        raise IllegalChoice(f"no External Work to take at position {position}")
    if payment(company, box().works[own.works[i]]) is None:
        raise IllegalChoice(f"not enough machinery for External Work {own.works[i]}")
    space = SPACE.format(i + 1)
    if not 1 <= n <= actions.engineers_available(company) \
            or (way and not actions.placement_offered(company, space, n, way)):
        raise IllegalChoice(f"cannot place {rewards.count(n, 'Engineer')}")
    actions.put_engineers(game, seat, space, n, way, name=f"External Work space {i + 1}")
    return take_action(game, seat, i)



def wheel_tiles(company: CompanyState) -> list[str] | None:
    """The tiles that go onto the wheel with an External Work's machinery (``Officer.spent_machinery_to_wheel``:
    Leslie's); None: the machinery cannot go there (it is spent)."""
    for officer in officers.in_force(company):
        if (tiles := officer.spent_machinery_to_wheel(company)) is not None:
            return tiles
    return None


def to_wheel(game: Game, seat: int, paid: tuple[int, int, int], tiles: list[str]) -> list[str]:
    """The machinery (and Leslie's tile) into the open segment, the wheel turns 1. Returns the tiles back."""
    company = game.state.companies[seat]
    company.excavators -= paid[0]
    company.mixers -= paid[1]
    company.excamixers -= paid[2]
    for tile in tiles:
        company.tiles.remove(tile)
    wheel.load_open_segment(company, tiles, *paid)
    return wheel.turn(company)


def spend(game: Game, seat: int, paid: tuple[int, int, int]) -> None:
    """Machinery back to the general supply for good (counted as lost: the invariants' machinery count)."""
    company = game.state.companies[seat]
    company.excavators -= paid[0]
    company.mixers -= paid[1]
    company.excamixers -= paid[2]
    company.machinery_lost = [n + k for n, k in zip(company.machinery_lost, paid)]


def take(game: Game, seat: int, position: int, how: str, paid: dict[str, int]) -> Flow[None]:
    """The tile of ``position`` is ``seat``'s (paid for ``how``), its reward given at once."""
    own = leeghwater(game.state)
    tile = own.works[position]
    own.works[position] = ""
    own.fulfilled[tile] = seat
    used = own.machinery_this_round
    used.extend([0] * (seat + 1 - len(used)))
    used[seat] += paid["excavators"] + paid["mixers"] + paid["excamixers"]
    game.event(f"{game.name(seat)} takes External Work {work_text(tile)}, {how}.", seat,
               LeeghwaterEvent.EXTERNAL_WORK, data={"work": tile, "position": position + 1, "paid": paid})
    yield from give_reward(game, seat, box().works[tile])


def give_reward(game: Game, seat: int, w: Work) -> Flow[None]:
    """The printed reward: the contracts' symbols (rewards.gain: a build among them), then the module's own."""
    reward = w.reward
    yield from rewards.gain(game, seat, reward, SOURCE)
    for _ in range(reward.get("build_count", 1) - 1):  # B2: a second Elevation
        yield from free_build(game, seat, reward["build"], reward.get("build_areas"),
                              reward.get("build_max_production"))
    for key, value in reward.items():
        if key in OWN:
            yield from OWN[key](game, seat, value, w)


def _fulfil_contract(game: Game, seat: int, most: int, w: Work) -> Flow[None]:
    """One of the company's own Contracts needing at most ``most`` Energy (-1: any), without producing."""
    limit = most if most >= 0 else max(c.energy for c in components().contracts.values())
    yield from contracts.fulfil(game, seat, limit, production=False)


def _produce_energy(game: Game, seat: int, energy: int, w: Work) -> Flow[None]:
    yield from patents.energy_for_hand_contract(game, seat, energy)


def _advanced_tile(game: Game, seat: int, n: int, w: Work) -> Flow[None]:
    """``n`` tiles of the Patent Office's display, free (none there: nothing)."""
    st = game.state
    for _ in range(n):
        offer = [(slot, t) for slot, t in enumerate(st.patent_offer) if t]
        if not offer:
            return
        choices = [Choice(keys.make("patent", slot + 1), f"{components().tile(t).name} tile", (t,), {"tile": t})
                   for slot, t in offer]  # (its effect: the Patent Office's panel and ? show it beside)
        key = yield from game.ask(seat, LeeghwaterPrompt.ADVANCED_TILE, "Which tile of the Patent Office do you take "
                                  "for free?", choices, data={"work": w.id})
        slot = keys.number(key) - 1
        tile = st.patent_offer[slot]
        st.patent_offer[slot] = ""
        st.companies[seat].tiles.append(tile)
        game.event(f"{game.name(seat)} takes the {components().tile(tile).name} tile for free.", seat, "patent",
                   (tile,))


LANDSCAPE = "landscape"  # the structure of the module that has landscapes (the China Challenge)
LANDSCAPES_BUILT = "landscapes_built"  # and its tally of each company's


def _build_landscape(game: Game, seat: int, n: int, w: Work) -> Flow[None]:
    """``n`` landscapes (of the reward's colour, if it names one), each where the company may build one, free
    of its building cost; none where the China Challenge is not in play (its structure is then no one's)."""
    structure = module_structure(game, LANDSCAPE)
    colour = w.reward.get("build_landscape_colour")
    for _ in range(n):
        spaces = [s for s in structure.spaces(game, seat)
                  if colour is None or structure.data(game, s).get("colour") == colour] if structure else []
        if not spaces or structure is None:
            return
        choices = [Choice(keys.make("space", s), structure.label(game, s), (s,)) for s in spaces]
        key = yield from game.ask(seat, LeeghwaterPrompt.FREE_STRUCTURE, f"External Work {w.id}: which landscape do "
                                  "you build, free of its cost?", [*choices, Choice("skip", "Build none")], auto=False,
                                  data={"work": w.id, "structure": LANDSCAPE})
        if key == "skip":
            return
        yield from structure.built(game, seat, "", keys.Key.parse(key).rest())


def _vp_per_landscape(game: Game, seat: int, vp: int, w: Work) -> Flow[None]:
    game.gain_vp(seat, vp * tally(game, seat, LANDSCAPES_BUILT), SOURCE)
    yield from ()


OWN: dict[str, Callable[[Game, int, int, Work], Flow[None]]] = {
    "fulfil_contract": _fulfil_contract, "produce_energy": _produce_energy, "advanced_tile": _advanced_tile,
    "build_landscape": _build_landscape, "vp_per_landscape": _vp_per_landscape,
}
