"""The Duel board (expansion rulebook "Duell", reference sammelbecken.md section 3.3-3.4): three tug-of-war
VP tracks for exactly two players, each with a condition tile; a Check phase after every Water Flow moves
their markers; a marker reaching a Reward tile gives it at once; the markers score at the game's end.

The facts are data (data/duel.toml; what the rulebook does not print is marked ``assumed`` there); the
state is ``DuelState`` (state.py). The module plugs in at three points (``__init__.py``): setup
(``lay_out``), the round (``check_phase``, between Water Flow and Scoring) and final scoring.

A track is a row of spaces ``-L .. L`` (L = len(vp)), 0 its centre. Seat 0's company tile is at the left
end (negative positions, side "L"), seat 1's at the right end (positive, side "R"). A reward space is
named ``<row><side><distance>``: "1L2" is row 1's space 2 steps left of the centre.

Decisions where the rulebook is unclear:
- passing over a Reward tile in one move reaches it (the rulebook: "reaches"); several reached in one move
  are taken in the order reached. A tile goes to the player the marker moved towards: the tiles lie on that
  player's side, as every tile between the centre and a marker was taken when the marker went past it;
- the company tiles sit at the ends by seat: seat 0 left, seat 1 right;
- the Automa meets the Credits condition 0 times (it holds no Credits); its other counts are a person's.
  A reward that asks a question is decided for it by a rule (``automa_answer``), so it never stops;
- the Energy condition counts the marker's place on the track; the Pairs condition lets Elon Audia's Mixer
  Excavators stand in for either half (each condition's ``note`` in the data says it for the app).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from types import MappingProxyType
from typing import TYPE_CHECKING

from ... import rewards
from ...engine import keys
from ...automa_levels import is_automa
from ...components import Toml, components, load_data
from ...engine.decisions import Flow, Prompt, PromptKind
from ...engine.draws import rng
from ...plugin import tally
from ...state import GameState
from .state import DuelEvent, DuelState, duel

if TYPE_CHECKING:
    from ...game import Game

ROWS = 3
SIDES = ("L", "R")  # seat 0's side, seat 1's side
SOURCE = "duel"  # vp_by_source: the tracks' final VP and the Reward tiles' VP
LEVELS = (1, 2)  # Reward tiles I and II
LEVEL_NAMES = {1: "I", 2: "II"}


@dataclass(frozen=True)
class Condition:
    id: str
    name: str
    unit: str  # what one "time" is, in words
    per: int  # one time per this many (credits, energy); 1 otherwise
    requires: str  # a module the tile needs ("" none)
    note: str  # the decision taken where the rulebook is unclear ("" where it is plain)


@dataclass(frozen=True)
class RewardTile:
    id: str  # "I3", "II5": the level's numeral and the tile's number
    level: int  # 1 or 2
    reward: Toml  # as contracts.toml writes rewards (rewards.gain)
    text: str
    assumed: str  # "" for a printed tile; the note the app shows for an invented one


@dataclass(frozen=True)
class Board:
    vp: tuple[int, ...]  # VP of a side's spaces from the centre out (vp[0]: 1 step from the centre)
    reward_spaces: Mapping[int, tuple[int, ...]]  # level -> distances from the centre of its spaces
    assumed: str  # the note the app shows for the track
    contract_points: Mapping[str, int]  # a fulfilled Contract's points by its kind
    conditions: Mapping[str, Condition]
    tiles: Mapping[str, RewardTile]

    @property
    def length(self) -> int:
        """Spaces on each side of the centre."""
        return len(self.vp)


def tile_id(level: int, number: int) -> str:
    return f"{LEVEL_NAMES[level]}{number}"


@cache
def board() -> Board:
    raw = load_data("duel/duel")
    track = raw["track"]
    vp = tuple(track["vp"])
    spaces = {1: tuple(track["reward_1_spaces"]), 2: tuple(track["reward_2_spaces"])}
    conditions = {c["id"]: Condition(c["id"], c["name"], c["unit"], c.get("per", 1), c["requires"], c["note"])
                  for c in raw["condition"]}
    tiles = {tile_id(level, t["id"]): RewardTile(tile_id(level, t["id"]), level, MappingProxyType(dict(t["reward"])),
                                                 t["text"], t.get("assumed", ""))
             for level in LEVELS for t in raw[f"reward_{level}"]}
    every = [d for level in LEVELS for d in spaces[level]]
    if len(set(every)) != len(every) or not all(1 <= d <= len(vp) for d in every):
        raise ValueError(f"duel.toml: reward spaces {every} must be distinct, from 1 to {len(vp)}")
    for level in LEVELS:
        if len(spaces[level]) * ROWS * len(SIDES) > sum(t.level == level for t in tiles.values()):
            raise ValueError(f"duel.toml: more {LEVEL_NAMES[level]} spaces than Reward tiles {LEVEL_NAMES[level]}")
    return Board(vp, MappingProxyType(spaces), track["assumed"], MappingProxyType(dict(raw["contract_points"])),
                 MappingProxyType(conditions), MappingProxyType(tiles))


def space(row: int, side: str, distance: int) -> str:
    """The name of a reward space: row 1-3, side L or R, steps from the centre."""
    return f"{row}{side}{distance}"


def reward_spaces(level: int) -> list[str]:
    """The spaces of a level, rows top to bottom, left side then right, from the centre out."""
    return [space(row, side, d) for row in range(1, ROWS + 1) for side in SIDES for d in board().reward_spaces[level]]


def side_seat(position: int) -> int:
    """The seat on whose side a marker at ``position`` lies (-1: the centre)."""
    return -1 if position == 0 else (0 if position < 0 else 1)


def space_at(row: int, position: int) -> str:
    """The reward space name of ``position`` on row ``row`` (1-3); the centre has none."""
    return space(row, SIDES[side_seat(position)], abs(position))


def drawable(condition: Condition, switched_on: frozenset[str]) -> bool:
    return not condition.requires or condition.requires in switched_on


# ---------------------------------------------------------------- setup

def lay_out(state: GameState, switched_on: frozenset[str]) -> None:
    """Setup steps 2-5 (from the game's seeded draws): 3 condition tiles drawn (those whose module is off
    removed first), the Reward tiles I shuffled onto the I spaces (the rest returned), the Reward tiles II
    onto the II spaces, the 3 markers on the centres."""
    b, r = board(), rng(state)
    d = state.modules[DuelState.module] = DuelState()
    usable = [c.id for c in b.conditions.values() if drawable(c, switched_on)]
    if len(usable) < ROWS:
        raise ValueError(f"duel.toml: {len(usable)} condition tiles can be drawn, {ROWS} are needed")
    r.shuffle(usable)
    d.conditions = usable[:ROWS]
    for level in LEVELS:
        pile = [t.id for t in b.tiles.values() if t.level == level]
        r.shuffle(pile)
        d.tiles.update(zip(reward_spaces(level), pile))
    d.markers = [0] * ROWS
    d.contracts_before = [0] * state.seats


# ---------------------------------------------------------------- the conditions

def _credits(game: Game, seat: int, c: Condition) -> int:
    company = game.state.companies[seat]
    return 0 if is_automa(game, seat) else company.credits // c.per


def _dam_water(game: Game, seat: int, c: Condition) -> int:
    return sum(d.drops for d in game.state.dams.values() if d.owner == seat)


def _contracts(game: Game, seat: int, c: Condition) -> int:
    st = game.state
    points, contracts = board().contract_points, components().contracts
    return sum(points[contracts[cid].kind] for cid in st.companies[seat].fulfilled[duel(st).contracts_before[seat]:])


def _energy(game: Game, seat: int, c: Condition) -> int:
    return game.state.companies[seat].energy // c.per


def _pairs(game: Game, seat: int, c: Condition) -> int:
    co = game.state.companies[seat]
    e, m, x = co.excavators, co.mixers, co.excamixers
    return min(e + x, m + x, (e + m + x) // 2)


def _external_works(game: Game, seat: int, c: Condition) -> int:
    """The machinery used this round on External Works, as the module that has them counts it."""
    return tally(game, seat, "external_work_machinery")


COUNTERS: dict[str, Callable[[Game, int, Condition], int]] = {
    "credits": _credits, "dam_water": _dam_water, "contracts": _contracts, "energy": _energy, "pairs": _pairs,
    "external_works": _external_works,
}


def count(game: Game, seat: int, condition: str) -> int:
    """How many times ``seat`` meets ``condition`` now (the Duel board shows it all round)."""
    return COUNTERS[condition](game, seat, board().conditions[condition])


def counts(game: Game, row: int) -> list[int]:
    """Each seat's count for row ``row`` (1-3)."""
    condition = duel(game.state).conditions[row - 1]
    return [count(game, seat, condition) for seat in range(game.state.seats)]


# ---------------------------------------------------------------- the Check phase

def move(row: int, position: int, steps: int, tiles: Mapping[str, str]) -> tuple[int, list[str]]:
    """Move a marker ``steps`` (negative: to the left); it stops at its track's end. Returns where it
    stops and the reward spaces holding a tile that it reached on the way, in order."""
    direction = 1 if steps > 0 else -1
    reached = []
    for _ in range(abs(steps)):
        if abs(position + direction) > board().length:
            break
        position += direction
        if position and space_at(row, position) in tiles:
            reached.append(space_at(row, position))
    return position, reached


def check_phase(game: Game) -> Flow[None]:
    """Between Water Flow and Scoring: each row top to bottom (nothing without the module).

    It reads where it is from the state (rows resolved, questions still to ask), so a game saved or taken
    back at a Reward tile's question starts again there: that question is a turn of its own."""
    st, d = game.state, duel(game.state)
    while True:
        if d.asking:  # a tile's question comes before the next row is counted
            seat, tile = d.asking[0].split(":")
            game.boundary()
            yield from rewards.gain(game, int(seat), asking_part(board().tiles[tile]), SOURCE)
            d.asking.pop(0)
        elif d.rows_done < ROWS:
            d.rows_done += 1
            check_row(game, d.rows_done)
        else:
            break
    d.rows_done = 0
    d.contracts_before = [len(c.fulfilled) for c in st.companies]
    game.event("Duel board after the Check phase: " + ", ".join(
        f"row {row} {describe_position(game, p)}" for row, p in enumerate(d.markers, 1)) + ".",
        kind=DuelEvent.CHECKED, data={"round": st.round, "markers": list(d.markers)})


def check_row(game: Game, row: int) -> None:
    """One row: count, move the marker by the difference toward the higher count, take the tiles reached
    (what they give at once; a person's question about the rest is queued in ``DuelState.asking``)."""
    d = duel(game.state)
    condition = board().conditions[d.conditions[row - 1]]
    got = counts(game, row)
    steps = got[1] - got[0]
    start = d.markers[row - 1]
    end, reached = move(row, start, steps, d.tiles)
    d.markers[row - 1] = end
    mover = -1 if steps == 0 else (1 if steps > 0 else 0)
    said = ", ".join(f"{game.name(s)} {n}" for s, n in enumerate(got))
    if mover < 0:
        what = "a tie: the marker stays"
    else:
        what = (f"{game.name(mover)} moves the marker {abs(steps)} toward its side"
                + (f" (only {abs(end - start)}: the track ends)" if abs(end - start) < abs(steps) else "")
                + f", to {describe_position(game, end)}")
    game.event(f"Duel row {row} ({condition.name}): {said}; {what}.", mover, DuelEvent.ROW,
               data={"row": row, "condition": condition.id, "counts": got, "seat": mover, "steps": abs(steps),
                     "from": start, "to": end, "reached": [d.tiles[s] for s in reached]})
    for at in reached:
        tile = board().tiles[d.tiles.pop(at)]
        game.event(f"{game.name(mover)} reaches Reward tile {tile.id} on row {row}: {tile.text}", mover,
                   DuelEvent.REWARD, data={"row": row, "space": at, "tile": tile.id, "level": tile.level,
                                                "reward": dict(tile.reward)})
        if is_automa(game, mover):
            automa_gain(game, mover, tile.reward)
            continue
        for _ in rewards.gain(game, mover, at_once_part(tile), SOURCE):
            raise RuntimeError(f"Reward tile {tile.id}: a part given at once asked a question")
        if asking_part(tile):
            d.asking.append(f"{mover}:{tile.id}")


AT_ONCE = (*rewards.PLAIN, "wheel_rotations")  # reward keys that ask nothing


def at_once_part(tile: RewardTile) -> Toml:
    return {k: v for k, v in tile.reward.items() if k in AT_ONCE}


def asking_part(tile: RewardTile) -> Toml:
    """The keys of a tile's reward that ask a question (machinery of choice, drops on Headstreams)."""
    return {k: v for k, v in tile.reward.items() if k not in AT_ONCE}


def describe_position(game: Game, position: int) -> str:
    if position == 0:
        return "the centre"
    return f"space {abs(position)} on {game.name(side_seat(position))}'s side"


def automa_gain(game: Game, seat: int, reward: Toml) -> None:
    """A Reward tile for an Automa, all at once: its questions answered by ``automa_answer``."""
    flow = rewards.gain(game, seat, reward, SOURCE)
    try:
        prompt = next(flow)
        while True:
            prompt = flow.send(automa_answer(game, seat, prompt))
    except StopIteration:
        pass


def automa_answer(game: Game, seat: int, prompt: Prompt) -> str:
    """Decision: the Automa's rule for a reward's question (its cards do not cover the Duel board):
    drops on Headstreams go, one by one, to the first Headstream (map order) from which the drop reaches one
    of its Dams (or, with Amir Zahir, straight behind one); with none, it places no more. Machinery of
    choice: each piece of the kind it holds fewer of (Excavators on a tie). Anything else: the first choice."""
    own = {s for s, d in game.state.dams.items() if d.owner == seat}
    if prompt.kind == PromptKind.HEADSTREAM_DROP:
        for choice in prompt.choices:
            if keys.Key.parse(choice.key).verb == "dam" or choice.data.get("reaches") in own:
                return choice.key
        return "done"
    if prompt.kind == PromptKind.MACHINERY:
        co = game.state.companies[seat]

        def evened(key: str) -> tuple[int, int]:
            k = keys.Key.parse(key)
            e, m = co.excavators + k.number(0), co.mixers + k.number(1)
            return min(e, m), k.number(0)
        return max(prompt.keys(), key=evened)
    return prompt.choices[0].key


# ---------------------------------------------------------------- final scoring

def final_scoring(game: Game) -> None:
    """Each track: the player on whose side its marker lies scores the VP of its space; the centre nobody."""
    for row, position in enumerate(duel(game.state).markers, 1):
        seat = side_seat(position)
        vp = board().vp[abs(position) - 1] if seat >= 0 else 0
        if seat >= 0:
            game.gain_vp(seat, vp, SOURCE)
        game.event(f"Duel row {row}: " + (f"{game.name(seat)} scores {vp} VP (marker on space {abs(position)})."
                                          if seat >= 0 else "the marker is in the centre; nobody scores."),
                   seat, DuelEvent.SCORED, data={"row": row, "position": position, "seat": seat, "vp": vp})
