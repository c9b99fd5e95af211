"""The placement criteria printed on the criteria side of the cards (automa.md 6.3, cards.toml [criterion.*]).

Each criterion takes the candidate spaces and returns the ones it keeps; an empty answer means no
candidate meets it, and the placement procedure then skips it. Criteria with an "otherwise" clause try
their tiers in order and keep the first tier that is not empty.

    DAM[key](view, spaces)          Base and Elevation (dam spaces; basins are compared)
    CONDUIT[key](view, spaces)      conduit spaces
    POWERHOUSE[key](view, spaces)   powerhouse spaces (already one per basin)

``view`` is anything with ``.game``, ``.seat`` and ``.criteria`` (the current criteria card).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, TypeAlias, TypeVar

from .geography import NEUTRAL_OWNER, OPPONENT, OWN, geo, relation
from .locations import headstream_order, places
from .view import View
from .watersim import basin_traffic

if TYPE_CHECKING:
    from _typeshed import SupportsRichComparison

Criterion: TypeAlias = Callable[[View, Sequence[str]], list[str]]  # the spaces it keeps

Score = TypeVar("Score", bound="SupportsRichComparison")


def _best(spaces: Sequence[str], score: Callable[[str], Score | None]) -> list[str]:
    """The spaces with the highest score (None = no score: left out); [] when none has a score."""
    scores = {s: score(s) for s in spaces}
    present = [v for v in scores.values() if v is not None]
    if not present:
        return []
    top = max(present)
    return [s for s in spaces if scores[s] == top]


def _tiers(spaces: Sequence[str], *tests: Callable[[str], bool]) -> list[str]:
    for test in tests:
        kept = [s for s in spaces if test(s)]
        if kept:
            return kept
    return []


def _built_conduit_score(view: View, conduits: Iterable[str]) -> tuple[int, bool] | None:
    """(value, own) of the best built conduit among ``conduits``: at equal value an own one wins."""
    g = geo(view.game)
    st = view.game.state
    built = [(g.value(c), st.conduits[c] == view.seat) for c in conduits if c in st.conduits]
    return max(built) if built else None


# ---------------------------------------------------------------- Dam / Elevation column

def dam_most_powerful_conduit(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    return _best(spaces, lambda s: _built_conduit_score(view, g.conduits_from(g.zone(s))))


def dam_owned_powerhouse(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    st = view.game.state
    return [s for s in spaces
            if any(OWN in g.powerhouse_relations(st, g.delivers_to(c), view.seat) for c in g.conduits_from(g.zone(s)))]


def dam_upstream_powerhouse(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    st = view.game.state
    reached = set()
    for ph in st.powerhouses:
        reached |= g.basins_below_powerhouses(st, g.zone(ph))
    return [s for s in spaces if g.zone(s) in reached]


def dam_red_outline_space(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    dams = g.board.dams
    return [s for s in spaces if dams[s].upper]


def dam_downstream_dam(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    st, seat = view.game.state, view.seat

    def leads_to(s: str, who: str) -> bool:
        return any(who in g.dam_relations(st, g.delivers_to(c), seat) for c in g.conduits_from(g.zone(s)))

    return _tiers(spaces, lambda s: leads_to(s, OWN), lambda s: not leads_to(s, OPPONENT))


def dam_most_water_drops(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    traffic = basin_traffic(view.game)
    kept = _best(spaces, lambda s: sum(traffic.get(g.zone(s), {}).values()) or None)
    for head in headstream_order(view):  # ties: the drops from the card's letters' headstreams, in order (5.2)
        if len(kept) <= 1:
            break
        kept = _best(kept, lambda s: traffic.get(g.zone(s), Counter[str]()).get(head, 0))
    return kept


DAM: dict[str, Criterion] = {
    "most_powerful_conduit": dam_most_powerful_conduit,
    "owned_powerhouse": dam_owned_powerhouse,
    "upstream_powerhouse": dam_upstream_powerhouse,
    "red_outline_space": dam_red_outline_space,
    "downstream_dam": dam_downstream_dam,
    "most_water_drops": dam_most_water_drops,
}


# ---------------------------------------------------------------- Conduit column

def conduit_most_powerful(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    return _best(spaces, g.value)


def conduit_second_most_powerful(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    values = sorted({g.value(s) for s in spaces}, reverse=True)
    if len(values) < 2:
        return list(spaces)
    return [s for s in spaces if g.value(s) == values[1]]


def _dam_order(view: View, spaces: Sequence[str], order: tuple[str, ...]) -> list[str]:
    g = geo(view.game)
    st = view.game.state
    return _tiers(spaces, *[lambda s, who=who: who in g.dam_relations(st, g.zone(s), view.seat) for who in order])


def conduit_owned_neutral_opponent_dam(view: View, spaces: Sequence[str]) -> list[str]:
    return _dam_order(view, spaces, (OWN, NEUTRAL_OWNER, OPPONENT))


def conduit_opponent_neutral_owned_dam(view: View, spaces: Sequence[str]) -> list[str]:
    return _dam_order(view, spaces, (OPPONENT, NEUTRAL_OWNER, OWN))


def _powerhouse_order(view: View, spaces: Sequence[str], order: tuple[str, ...]) -> list[str]:
    g = geo(view.game)
    st = view.game.state
    return _tiers(spaces, *[lambda s, who=who: who in g.powerhouse_relations(st, g.delivers_to(s), view.seat)
                            for who in order])


def conduit_owned_opponent_powerhouse(view: View, spaces: Sequence[str]) -> list[str]:
    return _powerhouse_order(view, spaces, (OWN, OPPONENT))


def conduit_opponent_owned_powerhouse(view: View, spaces: Sequence[str]) -> list[str]:
    return _powerhouse_order(view, spaces, (OPPONENT, OWN))


CONDUIT: dict[str, Criterion] = {
    "most_powerful": conduit_most_powerful,
    "second_most_powerful": conduit_second_most_powerful,
    "owned_neutral_opponent_dam": conduit_owned_neutral_opponent_dam,
    "opponent_neutral_owned_dam": conduit_opponent_neutral_owned_dam,
    "owned_opponent_powerhouse": conduit_owned_opponent_powerhouse,
    "opponent_owned_powerhouse": conduit_opponent_owned_powerhouse,
}


# ---------------------------------------------------------------- Powerhouse column

def _first_dam_relation(view: View, space: str) -> str | None:
    g = geo(view.game)
    st = view.game.state
    dam = g.first_dam_below_powerhouses(st, g.zone(space))
    return None if dam is None else relation(st.dams[dam].owner, view.seat)


def powerhouse_feeding_owned_dam(view: View, spaces: Sequence[str]) -> list[str]:
    return _tiers(spaces, lambda s: _first_dam_relation(view, s) == OWN,
                  lambda s: _first_dam_relation(view, s) != OPPONENT)


def powerhouse_not_feeding_opponent_dam(view: View, spaces: Sequence[str]) -> list[str]:
    return _tiers(spaces, lambda s: _first_dam_relation(view, s) != OPPONENT,
                  lambda s: _first_dam_relation(view, s) == OWN)


def powerhouse_most_powerful_conduit(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    return _best(spaces, lambda s: _built_conduit_score(view, g.conduits_into(g.zone(s))))


def powerhouse_owned_dam(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    st = view.game.state
    return [s for s in spaces if any(OWN in g.dam_relations(st, g.zone(c), view.seat) for c in g.conduits_into(g.zone(s)))]


def powerhouse_plains(view: View, spaces: Sequence[str]) -> list[str]:
    g = geo(view.game)
    return [s for s in spaces if g.board.powerhouses[s].area == "plain"]


def _hill_basin(n: int) -> Criterion:
    """The hill basin the card prints ``n`` for (the 4-5 player map's 5, 6, 7: its valleys 6, 7, 8). Decision:
    on a board without a valley of that code no space meets it (the criterion is then skipped)."""
    def keep(view: View, spaces: Sequence[str]) -> list[str]:
        valley = places(view.game.board).valley(n)
        return [s for s in spaces if geo(view.game).zone(s) == valley]
    return keep


POWERHOUSE: dict[str, Criterion] = {
    "feeding_owned_dam": powerhouse_feeding_owned_dam,
    "not_feeding_opponent_dam": powerhouse_not_feeding_opponent_dam,
    "most_powerful_conduit": powerhouse_most_powerful_conduit,
    "owned_dam": powerhouse_owned_dam,
    "plains": powerhouse_plains,
    "hills_basin_5": _hill_basin(5),
    "hills_basin_6": _hill_basin(6),
    "hills_basin_7": _hill_basin(7),
}

NAMES = {
    "most_powerful_conduit": "next to the most powerful built conduit",
    "owned_powerhouse": "its conduits lead to its own powerhouse",
    "upstream_powerhouse": "below a built powerhouse",
    "red_outline_space": "the red-outlined space",
    "downstream_dam": "its conduits lead to its own dam (or to no opponent dam)",
    "most_water_drops": "most waiting water flows through it",
    "most_powerful": "the most powerful",
    "second_most_powerful": "the second most powerful",
    "owned_neutral_opponent_dam": "beside a dam: its own, else neutral, else an opponent's",
    "opponent_neutral_owned_dam": "beside a dam: an opponent's, else neutral, else its own",
    "owned_opponent_powerhouse": "leads to a powerhouse: its own, else an opponent's",
    "opponent_owned_powerhouse": "leads to a powerhouse: an opponent's, else its own",
    "feeding_owned_dam": "its water reaches its own dam first (else not an opponent's)",
    "not_feeding_opponent_dam": "its water does not reach an opponent dam first (else its own)",
    "owned_dam": "fed from a basin with its own dam",
    "plains": "in the plains",
    "hills_basin_5": "in hill basin 5",
    "hills_basin_6": "in hill basin 6",
    "hills_basin_7": "in hill basin 7",
}
