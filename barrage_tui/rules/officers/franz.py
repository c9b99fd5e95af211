"""Franz de Lasse: when a production fulfils a contract, his Energy marker advances only by the Energy
left over (none when the contract needs it all); at the end of a round 1-4 his marker goes back to the first
space of that round's section of the track (the purple-outlined lower limit) if it reached it, and
otherwise stays where it is: it does not go back to 0.

Decisions (UNVERIFIED):
- The contract takes what it needs from the production's Energy, so with France's reduction it takes 3 less.
- Only productions (Turbine spaces, the L2 Powerhouse effect, Germany's second production) are affected;
  the L2 Base / L3 Conduit energy is not a production action.
- The section of round r starts at 6r energy (energy-track.toml [[section]]); passed in by rounds.py.

Mahiri copying him: a contract fulfilled by the copied production also takes its need off the marker, and
the marker gets it back at the start of the next round (``CompanyState.energy_next_round``; after round 5
there is no next round). The end-of-round rule is not copied: the copy ends with her extra action.

A Very Hard Automa with him: the lowest contract while below the round's section (automa/officers.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .base import Officer

if TYPE_CHECKING:
    from ..game import Game


class Franz(Officer):
    id = "franz"

    def as_copy(self) -> Officer:
        return FRANZ_COPY

    def production_contract_fulfilled(self, game: Game, seat: int, need: int) -> None:
        if not need:
            return
        game.state.companies[seat].energy -= need
        game.event(f"{game.name(seat)}'s Energy marker advances only by the Energy the contract left over "
                   f"(Franz de Lasse: {need} less).", seat, "energy")

    def energy_at_round_end(self, energy: int, section_start: int) -> int:
        return section_start if energy >= section_start else energy


class FranzCopy(Franz):
    """Mahiri's copy: the contract's need comes back to the marker at the start of the next round."""

    def as_copy(self) -> Officer:
        return self

    def production_contract_fulfilled(self, game: Game, seat: int, need: int) -> None:
        if not need:
            return
        company = game.state.companies[seat]
        company.energy -= need
        company.energy_next_round += need
        game.event(f"{game.name(seat)} keeps the contract aside: the Energy marker advances {need} less now "
                   f"and {need} at the start of the next round (copying Franz de Lasse).", seat, "energy")

    def energy_at_round_end(self, energy: int, section_start: int) -> int:
        return 0


FRANZ_COPY = FranzCopy()
