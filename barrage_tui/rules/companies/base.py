"""What a company's special ability can change, with the plain defaults (an ability changes nothing), and
what a distinct Powerhouse piece's ability can change (``PieceAbility``: China's pieces).

A company's ability is a subclass in its own module, which holds the rule's body; the rules modules call
these hooks of the ability in force (``companies.ability``, ``companies.piece_ability``) where the base game
acts."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING

from ..engine.decisions import Flow

if TYPE_CHECKING:
    from ..components import PowerhousePiece
    from ..game import Game
    from ..production import System


class Ability:
    id = ""

    def passing_drop_nodes(self, game: Game, seat: int) -> set[str] | None:
        """The river nodes where every drop that flows past moves the company's Energy marker 1 step, in any
        phase and whoever moved it (the USA: its Powerhouses' zones); None: no drop does."""
        return None

    def contract_reduction(self, game: Game, seat: int) -> int:
        """How much less Energy a contract fulfilled with a production's Energy needs (France: its
        ``ability_amount``)."""
        return 0

    def after_production(self, game: Game, seat: int, powerhouse: str, dams: tuple[str, ...] = ()) -> Flow[None]:
        """What follows each production action (generator): Germany's second production, Italy's Energy, the
        Netherlands' drop. ``dams``: the Dams the production's water came from."""
        return
        yield

    def chained_paths(self, game: Game, seat: int, system: System, mine: dict[int, str]) -> Iterator[System]:
        """The paths a production's water may take on from ``system``'s powerhouse, through a chain of the
        company's own systems into one of its powerhouses ``mine`` (by zone): Japan's connection chains. An
        ability that overrides it makes every production of the company look for chains."""
        return iter(())

    def can_negotiate(self, game: Game, seat: int) -> bool:
        """Whether a production's contract may also come from the face-up display, once per production
        (Brazil's Negotiation, for 1 Engineer: ``negotiate``)."""
        return False

    def negotiate(self, game: Game, seat: int, contract: int) -> None:
        """What fulfilling ``contract`` from the display costs (Brazil: 1 Engineer beside the Contract Office)."""

    def __repr__(self) -> str:
        return f"<Ability {self.id}>"


NO_ABILITY = Ability()


class PieceAbility:
    """What a distinct Powerhouse piece (``company_board.pieces``) does for each production through it, named by
    its ``ability`` in companies.toml; this plain one does nothing."""

    id = "none"
    extra_drop = False  # the production's Energy as if 1 more drop was used (on its best path)
    energy_bonus = 0  # Energy on top of the production's, once per production

    def after_production(self, game: Game, seat: int, powerhouse: str, piece: PowerhousePiece, energy: int) -> None:
        """What follows a production of ``energy`` through ``piece`` standing on ``powerhouse``."""

    def __repr__(self) -> str:
        return f"<PieceAbility {self.id}>"


NO_PIECE_ABILITY = PieceAbility()
