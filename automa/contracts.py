"""Which contract the Automa fulfils (automa.md 5.1 step 4; Simone Luciani: section 10).

It takes no contract tiles: a production fulfils a face-up contract straight from the Contract Office -
the highest value the energy covers, any colour, National contracts included; between equal values the
one on the rightmost space (Franz de Lasse below his round's section: the lowest, officers.contract_choice).
Only the two face-up tiles of one colour (or two Nationals) can tie; within a colour (and among the
Nationals) the later in the state's list lies further right.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from barrage_tui.rules import contract_reduction, facts

from . import officers

if TYPE_CHECKING:
    from barrage_tui.rules import GameState

    from .view import View


def need(contract: int) -> int:
    return facts().contracts[contract].energy


def position(state: GameState, contract: int) -> int:
    kind = facts().contracts[contract].kind
    row = state.national if kind == "national" else state.private_display.get(kind, [])
    return row.index(contract) if contract in row else -1


def best(view: View, offered: list[int], marker: int | None = None) -> int:
    """The contract it fulfils: the highest value, or (Franz) the lowest; rightmost on ties either way."""
    st = view.game.state
    if officers.contract_choice(view, marker) == "lowest":
        return min(offered, key=lambda c: (need(c), -position(st, c)))
    return max(offered, key=lambda c: (need(c), position(st, c)))


def reduction(view: View) -> int:
    """France at Hard and above needs 3 Energy less for a contract (automa.md 11)."""
    return contract_reduction(view.game, view.seat)


def several(view: View) -> bool:
    return officers.contract_choice(view) == "most_contracts"


def most_contracts(view: View, offered: list[int], energy: int) -> list[int]:
    """Simone: the largest number of contracts whose needs fit the energy; then the higher values, then the
    rightmost; a National that fits is always among them."""
    st = view.game.state
    cut = reduction(view)
    cost = {c: max(0, need(c) - cut) for c in offered}
    nationals = [c for c in offered if facts().contracts[c].kind == "national" and cost[c] <= energy]
    best_set: tuple[int, ...] = ()
    best_key = None
    for n in range(len(offered), 0, -1):
        for group in combinations(offered, n):
            if sum(cost[c] for c in group) > energy or (nationals and not set(group) & set(nationals)):
                continue
            key = (n, sorted(((need(c), position(st, c)) for c in group), reverse=True))
            if best_key is None or key > best_key:
                best_set, best_key = group, key
        if best_set:
            break
    return sorted(best_set, key=lambda c: (need(c), position(st, c)), reverse=True)
