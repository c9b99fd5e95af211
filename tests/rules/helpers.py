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
    while game.prompt is not None and game.prompt.kind == "starting_contract":
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
