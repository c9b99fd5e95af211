"""Brazil's ability, Negotiation (seed 002): after a production through one of its Powerhouses (the action
or an effect), it may put 1 Engineer beside the Contract Office to fulfil one face-up green, yellow or red
contract of the display that the production covers, instead of one from its hand or a National one
(contracts.fulfil). The display is refilled at the end of the turn as usual. (Its board: company_board.py.)

Decision: an Automa may be Brazil, chosen for its seat or drawn once a module puts Brazil in the pool; it
never negotiates (contracts.fulfil: it fulfils straight from the display anyway, automa.md 5.1), and its
columns and priced incomes follow automa/boxes/construction.choice and automa/answers.py."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import actions
from ..engine import keys
from .base import Ability

if TYPE_CHECKING:
    from ..game import Game

PLACE = "contract-beside"  # beside the Contract Office's spaces, not on one (the engineers_on key)


class Negotiation(Ability):
    id = "negotiation"

    def can_negotiate(self, game: Game, seat: int) -> bool:
        return actions.engineers_available(game.state.companies[seat]) >= 1

    def negotiate(self, game: Game, seat: int, contract: int) -> None:
        st = game.state
        actions.use_engineers(st.companies[seat], 1)
        st.engineers_on.setdefault(PLACE, [0] * st.seats)[seat] += 1
        game.event(f"{game.name(seat)} places 1 Engineer beside the Contract Office to negotiate contract "
                   f"#{contract} (its company ability).", seat, "place", (PLACE, keys.contract_ref(contract)))
