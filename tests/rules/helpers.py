"""Building positions for rules tests.

    game = new_game(companies=("usa", "italy"), officers=("wilhelm", "viktor"))   # at seat's first action
    game.state.dams["B5L"] = DamState(owner=0, height=1, drops=2)               # set up the position
    game = restart(game)                                                         # offer choices from it
    play(game, "place:turbine-0", "system:B5L:C5R:P10_0", "drops:2")             # keys through the engine

or drive one rules generator directly, answering its prompts with keys:

    result, prompts = drive(game, production.produce(game, 0, bonus=0), ["system:...", "drops:1"])
"""

from __future__ import annotations

from barrage_tui.rules.game import Game
from barrage_tui.rules.setup import SeatSetup, Setup


def new_game(companies=("usa", "germany"), officers=("wilhelm", "jill"), seed=1, introductory=False) -> Game:
    """A full game past the starting-contract picks, at the first action prompt."""
    if introductory:
        setup = Setup(seats=tuple(SeatSetup(f"P{i + 1}") for i in range(len(companies))), introductory=True,
                      seed=seed)
    else:
        setup = Setup(seats=tuple(SeatSetup(f"P{i + 1}", company=c, officer=o)
                                  for i, (c, o) in enumerate(zip(companies, officers))), seed=seed)
    game = Game.new(setup)
    while game.prompt is not None and game.prompt.kind in ("matchup", "starting_contract"):
        game.choose(game.prompt.choices[0].key)
    return game


def restart(game: Game) -> Game:
    """A game that continues from ``game.state`` as it is now (which must be at a turn boundary)."""
    return Game(game.setup, game.state)


def play(game: Game, *keys: str) -> list:
    events = []
    for key in keys:
        events += game.choose(key)
    return events


def drive(game: Game, gen, keys=()):
    """Run a rules generator, answering each prompt with the next key. Returns (result, prompts)."""
    keys = list(keys)
    prompts = []
    try:
        prompt = next(gen)
        while True:
            prompts.append(prompt)
            assert keys, f"unanswered prompt: {prompt.text} {prompt.keys()}"
            key = keys.pop(0)
            assert key in prompt.keys(), f"{key!r} not in {prompt.keys()}"
            prompt = gen.send(key)
    except StopIteration as stop:
        assert not keys, f"keys left over: {keys}"
        return stop.value, prompts


def clear_map(game: Game) -> None:
    """Remove the neutral dams and all water, for positions built from scratch."""
    st = game.state
    st.dams.clear()
    st.headstream_drops = dict.fromkeys(st.headstream_drops, 0)
    st.drops_created = st.drops_exited = 0


def put_drops(game: Game, space: str, n: int) -> None:
    """Add ``n`` drops (from the supply) to a dam, keeping the water count consistent."""
    game.state.dams[space].drops += n
    game.state.drops_created += n


def put_dam(game: Game, space: str, owner: int, height: int = 1, drops: int = 0) -> None:
    """A dam on ``space``: a seat's (its pieces leave the company board) or NEUTRAL; with ``drops`` drops."""
    from barrage_tui.rules.state import DamState

    st = game.state
    st.dams[space] = DamState(owner=owner, height=height)
    if owner >= 0:
        st.companies[owner].pieces["base"] -= 1
        st.companies[owner].pieces["elevation"] -= height - 1
    put_drops(game, space, drops)


def put_conduit(game: Game, space: str, owner: int) -> None:
    """A seat's conduit on ``space`` (its piece leaves the company board)."""
    game.state.conduits[space] = owner
    game.state.companies[owner].pieces["conduit"] -= 1


def put_powerhouse(game: Game, space: str, owner: int) -> None:
    """A seat's powerhouse on ``space`` (its piece leaves the company board)."""
    game.state.powerhouses[space] = owner
    game.state.companies[owner].pieces["powerhouse"] -= 1


def violations(game: Game) -> list[str]:
    """The invariants the engine checks after every decision (water conservation, pieces, ...)."""
    from barrage_tui.rules.invariants import violations as found

    return found(game)


def at_turn(game: Game, seat: int) -> Game:
    """The same position with ``seat`` to act next (the turn order itself is unchanged)."""
    game.state.turn_index = game.state.turn_order.index(seat)
    return restart(game)


def keys_with(game: Game, prefix: str) -> list[str]:
    """The pending prompt's keys that start with ``prefix``."""
    return [k for k in game.prompt.keys() if k.startswith(prefix)]


def answer(game: Game, kind: str, key: str) -> bool:
    """Choose ``key`` if the pending prompt is of ``kind`` (a lone choice may have been taken already)."""
    if game.prompt is not None and game.prompt.kind == kind:
        game.choose(key)
        return True
    return False


def build(game: Game, tile: str, space: str, pay: str = "", place: str = "place:construct") -> tuple[int, int, int]:
    """One construction through the engine. Returns (Excavators, mixers, credits) it took from the supply."""
    company = game.state.companies[game.prompt.seat]
    before = (company.excavators, company.mixers, company.credits)
    if place:
        game.choose(place)
    answer(game, "build_tile", tile)
    answer(game, "build_space", f"space:{space}")
    if game.prompt is not None and game.prompt.kind == "payment":
        game.choose(pay or game.prompt.keys()[0])
    return (before[0] - company.excavators, before[1] - company.mixers, before[2] - company.credits)


def own(game: Game, seat: int, structure: str, space: str, height: int = 1) -> None:
    """Put a piece of ``seat`` on the map as if built: the company board loses the piece(s)."""
    from barrage_tui.rules.state import DamState

    st = game.state
    company = st.companies[seat]
    if structure == "base":
        st.dams[space] = DamState(owner=seat, height=height)
        company.pieces["base"] -= 1
        company.pieces["elevation"] -= height - 1
    elif structure == "conduit":
        st.conduits[space] = seat
        company.pieces["conduit"] -= 1
    else:
        st.powerhouses[space] = seat
        company.pieces["powerhouse"] -= 1


def empty_map_game(companies=("italy", "france"), officers=("graziano", "viktor"), seat=0, excavators=20,
                   mixers=20, credits=20) -> tuple[Game, int]:
    """A game on an empty map (no neutral dams, no water) with ``seat`` to act, rich in machinery and credits;
    no contracts in any hand and no National contracts, so nothing asks about them unless a test adds one."""
    game = new_game(companies=companies, officers=officers)
    clear_map(game)
    company = game.state.companies[seat]
    company.excavators, company.mixers, company.credits = excavators, mixers, credits
    for c in game.state.companies:
        c.contracts = []
    game.state.national = []
    return at_turn(game, seat), seat


def give_contracts(game: Game, seat: int, ids) -> None:
    """Put these contracts in the seat's hand, taking them from wherever they are (a position stays whole)."""
    st = game.state
    for cid in ids:
        for place in (*st.private_piles.values(), *st.private_display.values(), st.national, st.starting_offer,
                      *(c.contracts for c in st.companies), *(c.fulfilled for c in st.companies)):
            if cid in place:
                place.remove(cid)
    st.companies[seat].contracts.extend(ids)


def works_face_up(own, works) -> None:
    """The Leeghwater Project's face-up External Works made ``works`` (taken from their piles; those face up
    before go back to pile A), so that every tile stays in one place."""
    for letter in own.piles:
        own.piles[letter] = [w for w in own.piles[letter] if w not in works]
    own.piles["A"] += [w for w in own.works if w and w not in works]
    own.works = list(works)
