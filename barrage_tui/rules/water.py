"""Water: dam capacity, drops flowing down the river, and placing drops on the headstreams.

A drop moves from node to node along the game's board's river as it runs now (``board_features.river``: the
board's ``downstream`` with a built landscape's diversion) and stops in the first dam or natural lake that has
room; one that finds none leaves the board at an exit (rulebook "Water Flow"). Drops go only on the open
headstreams (``board_features.open_headstreams``: not one still under its landscape).

Drops that move are told as an event whose data ``paths`` gives each drop's way (``DropPath``): clients
show the water moving from it, and the words say where each one stopped.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

from . import companies, officers
from .engine import keys
from .board_features import headstream_open, lake_room, open_headstreams, river
from .components import components
from .engine.decisions import Choice, EventKind, Flow, PromptKind, once
from .state import NEUTRAL, CompanyState

if TYPE_CHECKING:
    from .game import Game


@dataclass(frozen=True)
class DropPath:
    """One drop's way down the river: from ``start`` (a headstream, a valley's powerhouse passage, a lake)
    through the river ``nodes`` it reached in order; the last is where it stopped (a dam space, a natural lake)
    or the exit it left the board by."""

    start: str
    nodes: tuple[str, ...]

    @property
    def stop(self) -> str:
        return self.nodes[-1] if self.nodes else self.start


def capacity(game: Game, space: str) -> int:
    dam = game.state.dams.get(space)
    if dam is None:
        return 0
    height = dam.height
    for bonus in game.hooks.dam_capacity_bonus:  # a module's bigger dam
        height += bonus(game, space)
    if dam.owner >= 0:
        company = game.state.companies[dam.owner]
        if dam.height == components().companies[company.company].construction.max_dam_height:
            return height + max(o.tallest_dam_extra for o in officers.in_force(company))  # Graziano
    return height


def room(game: Game, space: str) -> int:
    dam = game.state.dams.get(space)
    return 0 if dam is None else max(0, capacity(game, space) - dam.drops)


class Course:
    """Drops flowing down the river as it runs now: each stops in the first dam or natural lake below with
    room, else leaves at an exit. A course counts the room its drops fill itself (read from the game where
    a drop first reaches), so a trial of where drops would go (the Automa's, a choice's label) changes
    nothing and copies nothing; ``flow_drop`` puts each drop where it stops. Valid while only its own drops
    move."""

    __slots__ = ("game", "down", "room", "passing")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.down = river(game)
        self.room: dict[str, int] = {}
        self.passing = _passing_drop_energy(game)

    def copy(self) -> Course:
        """The course as its drops left it, for a trial of more drops that leaves this one as it is."""
        other = Course.__new__(Course)
        other.game, other.down, other.passing, other.room = self.game, self.down, self.passing, dict(self.room)
        return other

    def gainer(self) -> int | None:
        """The seat whose Energy passing drops move (the USA's ability in force), if any."""
        return self.passing[0].seat if self.passing else None

    def stop(self, node: str, passed: list[str] | None = None) -> tuple[str, int]:
        """Where one drop from ``node`` (not counting ``node`` itself) would stop, and the steps of Energy
        it gives on its way (``gainer``'s); changes nothing. ``passed`` collects the river nodes it reaches,
        that one included."""
        board, down = self.game.board, self.down
        nodes = self.passing[1] if self.passing else ()
        energy = 0
        while True:
            node = down[node]
            if board.is_exit(node):
                return node, energy
            if passed is not None:
                passed.append(node)
            if node in nodes:
                energy += 1
            if self._room(node) > 0:
                return node, energy

    def flow(self, node: str, passed: list[str] | None = None) -> tuple[str, int]:
        """``stop``, and the room the drop fills there is taken."""
        end, energy = self.stop(node, passed)
        if end in self.room:
            self.room[end] -= 1
        return end, energy

    def _room(self, node: str) -> int:
        held = self.room.get(node)
        if held is None:
            game = self.game
            held = (room(game, node) if node in game.state.dams
                    else lake_room(game, node) if node in game.board.lakes else 0)
            self.room[node] = held
        return held


def flow_drop(game: Game, node: str, passed: list[str] | None = None, course: Course | None = None) -> str:
    """Let one drop flow on from ``node`` (not counting ``node`` itself). Returns where it stops;
    ``passed`` collects the river nodes it reaches, that one included. (``course``: one shared by the
    drops of a phase.)"""
    course = course or Course(game)
    end, energy = course.flow(node, passed)
    st = game.state
    if energy and course.passing:
        course.passing[0].energy += energy  # drops passing where the company's ability gains from them (USA)
    if game.board.is_exit(end):
        st.drops_exited += 1
    elif end in st.dams:
        st.dams[end].drops += 1
    else:  # a natural lake keeps it
        st.lakes[end] = st.lakes.get(end, 0) + 1
    return end


def flow_drops(game: Game, node: str, n: int, course: Course | None = None) -> tuple[DropPath, ...]:
    """Let ``n`` drops flow on from ``node``, one after the other; each one's way."""
    paths = []
    course = course or Course(game)
    for _ in range(n):
        passed: list[str] = []
        end = flow_drop(game, node, passed, course)
        paths.append(DropPath(node, (*passed, end) if game.board.is_exit(end) else tuple(passed)))
    return tuple(paths)


def stops_in_words(game: Game, paths: Sequence[DropPath]) -> str:
    """Where drops stopped, as the map has them now: "1 stops at Germany's B2U (full), 2 at neutral B5L,
    0 leave" (by the order they first stopped there)."""
    stops = Counter(p.stop for p in paths)
    left = sum(n for node, n in stops.items() if game.board.is_exit(node))
    parts = [f"{n} {('stops' if n == 1 else 'stop') + ' ' if not i else ''}at {where_in_words(game, node)}"
             for i, (node, n) in enumerate((k, v) for k, v in stops.items() if not game.board.is_exit(k))]
    return ", ".join([*parts, f"{left} {'leaves' if left == 1 else 'leave'}"])


def where_in_words(game: Game, node: str) -> str:
    """A place water stops: "Germany's B2U (full)", "neutral B5L", "lake LAKE_N", "the exit EXIT_L"."""
    if game.board.is_exit(node):
        return f"the exit {node}"
    if node in game.board.lakes:
        return f"lake {node}" + (" (full)" if lake_room(game, node) == 0 else "")
    dam = game.state.dams.get(node)
    if dam is None:
        return node
    owner = "neutral" if dam.owner == NEUTRAL else f"{game.name(dam.owner)}'s"
    return f"{owner} {node}" + (" (full)" if room(game, node) == 0 else "")


def tell_flow(game: Game, source: str, paths: Sequence[DropPath], seat: int = -1) -> None:
    """The event of drops that moved: "2 drops from HB: 1 stops at ..., 0 leave." (``source`` names where
    they came from), their ways as data."""
    if paths:
        game.event(f"{_drops(len(paths))} from {source}: {stops_in_words(game, paths)}.", seat,
                   EventKind.WATER, tuple(dict.fromkeys(p.stop for p in paths)), {"paths": tuple(paths)})


def _drops(n: int) -> str:
    """"1 drop", "2 drops" (``rewards.count``'s rule; rewards.py comes after this module)."""
    return f"{n} drop" + ("" if n == 1 else "s")


def _passing_drop_energy(game: Game) -> tuple[CompanyState, set[str]] | None:
    """(company, {river nodes}) of the company whose ability in force moves its Energy marker 1 step for each
    drop passing one of those nodes (``Ability.passing_drop_nodes``: the USA's), else None."""
    for c in game.state.companies:
        nodes = companies.ability(game, c.seat).passing_drop_nodes(game, c.seat)
        if nodes is not None:
            return c, nodes
    return None


def add_drop_to_headstream(game: Game, headstream: str, flowing: bool) -> str:
    """Put a drop from the supply on a headstream; a flowing one goes on at once."""
    game.state.drops_created += 1
    if flowing:
        return flow_drop(game, headstream)
    game.state.headstream_drops[headstream] += 1
    return headstream


def water_flow_phase(game: Game) -> None:
    """Every drop waiting on a headstream flows down (the river is a tree: order does not matter)."""
    st = game.state
    game.event("Water flows from the headstreams.", kind=EventKind.WATER)
    course = Course(game)  # (one for the phase: only its drops move)
    for head in game.board.headstreams:
        n, st.headstream_drops[head] = st.headstream_drops[head], 0
        tell_flow(game, head, flow_drops(game, head, n, course))


def fill_headstreams(game: Game) -> None:
    st = game.state
    tiles = components().headstreams
    extra: Counter[str] = Counter()
    for drops in game.hooks.extra_headstream_drops:  # a module's extra drops
        extra.update(drops(game))
    added = []
    for head, tile in st.headstream_tiles.items():
        if not headstream_open(game, head):
            continue  # under its landscape (A4): refilled from the round after it is built
        by_round = tiles[tile].drops_by_round
        n = by_round[st.round - 1] if st.round <= len(by_round) else 0  # no water in the last round
        n += extra[head]  # a module's: in every later round, the last one too
        st.headstream_drops[head] += n
        st.drops_created += n
        if n:
            added.append(f"{head} +{n}")
    if added:
        game.event(f"Headstreams fill: {', '.join(added)}.", kind="water")


def place_drops(game: Game, seat: int, count: int, flowing: bool, minimum: int = 0) -> Flow[None]:
    """Decision: put up to ``count`` drops on headstreams of your choice (generator). An officer in force
    may offer other places for each drop (``Officer.drop_places``, put there by ``Officer.place_drop``:
    Amir Zahir's)."""
    heads = open_headstreams(game)
    own = officers.in_force(game.state.companies[seat])
    placed = 0
    while placed < count:
        ends = once(partial(reaches, game, flowing))  # (only to word the choices, when they are read)
        choices = [headstream_choice(game, h, flowing, ends) for h in heads]
        for officer in own:
            choices += officer.drop_places(game, seat, heads, flowing)
        if placed >= minimum:
            choices.append(Choice("done", "No more drops"))
        how = "flows at once" if flowing else "waits for the Water Flow phase"
        key = yield from game.ask(seat, PromptKind.HEADSTREAM_DROP, f"Place drop {placed + 1} of up to {count} on "
                                  f"a headstream (it {how}).", choices, auto=False,
                                  data={"drop": placed + 1, "of": count, "flowing": flowing})
        if key == "done":
            return
        placed += 1
        picked = keys.Key.parse(key)
        if not any(officer.place_drop(game, seat, picked) for officer in own):
            put_drop(game, seat, picked.arg(0), flowing)


def put_drop(game: Game, seat: int, head: str, flowing: bool) -> None:
    """``seat`` puts a drop from the supply on ``head``; a flowing one goes on at once."""
    if not flowing:
        add_drop_to_headstream(game, head, False)
        game.event(f"{game.name(seat)} puts a drop on {head}.", seat, EventKind.WATER, (head,))
        return
    game.state.drops_created += 1
    path = flow_drops(game, head, 1)[0]
    where = (f"it leaves the board at {path.stop}" if game.board.is_exit(path.stop)
             else f"it stops at {where_in_words(game, path.stop)}")
    game.event(f"{game.name(seat)} puts a drop on {head}; {where}.", seat, EventKind.WATER, (head, path.stop),
               {"paths": (path,)})


def headstream_choice(game: Game, head: str, flowing: bool, ends: Callable[[], dict[str, str]] | None = None) -> Choice:
    """A drop put on ``head``, saying where it will end up (``ends``: ``reaches`` for every headstream, worked
    out once for the prompt's choices), in the label and as data, both worked out when first read."""
    found = ends or once(partial(reaches, game, flowing))

    def label() -> str:
        end = found()[head]
        where = "leaves the board" if game.board.is_exit(end) else f"reaches {end}"
        when = "" if flowing else " at the Water Flow"
        return f"{head} (tile {game.state.headstream_tiles[head]}): {where}{when}"
    return Choice(keys.make("headstream", head), label, (head,), lambda: {"reaches": found()[head]})


def reaches(game: Game, flowing: bool) -> dict[str, str]:
    """For each headstream, where one more drop put there stops: a dam space or an exit. A waiting drop
    flows after the drops already waiting (the river is a tree: their order does not matter); a flowing
    one on the map as it is."""
    course = Course(game)
    if not flowing:
        for other in game.board.headstreams:
            for _ in range(game.state.headstream_drops[other]):
                course.flow(other)
    return {head: course.stop(head)[0] for head in open_headstreams(game)}


def own_dams_with_room(game: Game, seat: int) -> list[str]:
    return [s for s, d in game.state.dams.items() if d.owner == seat and room(game, s) > 0]


def drops_on_map(game: Game) -> int:
    st = game.state
    return sum(st.headstream_drops.values()) + sum(d.drops for d in st.dams.values()) + sum(st.lakes.values())
