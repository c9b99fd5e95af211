"""What a chief engineer (executive officer) can change, with the plain defaults.

Each chief engineer is a subclass in its own module that overrides only what its ability changes, and
that module holds the rule's body: the rules modules call the hooks of the officers in force
(``officers.in_force``) at the points named below, instead of testing names or flags.
When Mahiri Sekibo copies an officer, what is in force is that officer's ``as_copy()`` (itself, unless
the rulebook's "Copying:" line makes the copy work differently).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..components import components
from ..engine.decisions import Choice, Flow

if TYPE_CHECKING:
    from ..game import Game
    from ..engine.keys import Key
    from ..production import Flows
    from ..state import CompanyState


class Officer:
    id = ""
    #: (what an officer starts with is data: officers.toml, its ``starting``)
    #: construction
    base_excavators: int | None = None  # a fixed Base cost in Excavators (Wilhelm)
    credits_per_machinery = 0  # machinery units replaceable by this many credits (Solomon)
    machinery_wild = False  # every machinery unit counts as an Excamixer: Excavator or mixer (copied Elon)
    #: water
    tallest_dam_extra = 0  # drops more that a dam at the company's greatest height holds (Graziano: 1)
    #: production
    production_floor = 0  # drops x conduit below this counts as this (Viktor)
    #: contracts
    hand_limit = 3
    private_action_label = ""  # what a private space does, for the choice's label
    copied_spaces_on_bank = False  # copied by Mahiri: its space is used by placing on the Bank, no credits
    #: Mahiri's copy
    copy_lasts_round = False  # the copy stays in force until the end of the round, not just the extra action

    @property
    def automa_ready(self) -> bool:
        """Whether an Automa may have this officer: officers.toml ``automa_playable``, the fact's one home."""
        return components().officers[self.id].automa_playable

    @property
    def private_spaces(self) -> tuple[tuple[int, int], ...]:
        """The private action spaces on the officer tile: (Engineers, credits) each, once a round (Mahiri,
        Wu, Gennaro). A plain class attribute in a subclass, or a property when it comes from the data."""
        return ()

    @property
    def architect(self) -> bool:
        """Whether one of the Engineers is this officer's Architect (Tommaso): officers.toml ``starting``, the
        fact's one home (what the Architect does is the officer's own: the placement hooks below)."""
        return components().officers[self.id].start.architect

    def as_copy(self) -> Officer:
        """The ability in force while Mahiri Sekibo copies this officer."""
        return self

    def placements(self, company: CompanyState, target: str, need: int, offered: list[Choice]) -> list[Choice]:
        """The placements of ``need`` Engineers on ``target`` (a shared action space, the company's construction
        space, a module's space) offered to the company, given those ``offered`` so far (the plain one first):
        Tommaso's Architect alone on a 1-Engineer space. A placement of the officer's own way has the way as
        its key's second argument, ``place:<target>:<way>``."""
        return offered

    def take_engineers(self, company: CompanyState, n: int, way: str) -> int:
        """``n`` Engineers leave the supply, placed the ``way`` way ("": the plain one): how many of them are
        plain Engineers, the others being this officer's own pieces, taken here (Tommaso's Architect). Asked of
        the company's own officer."""
        return n

    def placement_grants(self, game: Game, seat: int, need: int, way: str) -> Flow[None] | None:
        """What placing ``need`` Engineers the ``way`` way on an action space grants after its action: the
        generator the turn runs then (Tommaso's Architect alone: another turn), or None. Asked as they are
        placed, of the officers in force then."""
        return None

    def placement_words(self, way: str) -> str:
        """The log's words for a placement the ``way`` way, where the turn's choice does not say it (an
        Automa's step); "" for a way not this officer's."""
        return ""

    def engineers_home(self, company: CompanyState) -> None:
        """The company's Engineers just came home at the end of a round, counted as plain Engineers (Tommaso:
        one of them is his Architect). Asked of the company's own officer."""

    def wheel_tile_copier(self, company: CompanyState) -> str | None:
        """The tile of the company's supply that may build as a copy of any other tile on its wheel, going onto
        the wheel in its place (Anton's special tile while in the supply; "": a copy with no tile, nothing going
        onto the wheel, Mahiri's copy of him); None: none. Asked as the tiles to build with are listed."""
        return None

    def spent_machinery_to_wheel(self, company: CompanyState) -> list[str] | None:
        """The tiles that go onto the wheel with machinery an action spends for good, which may then go there
        instead (a module's External Works): Leslie's special tile while in her supply, none for Mahiri's copy
        of her; None: it is spent."""
        return None

    def private_action_possible(self, game: Game, seat: int) -> bool:
        """Can the action of this officer's private space really be carried out (its fee already paid)?"""
        return False

    def private_action(self, game: Game, seat: int) -> Flow[None]:
        """The action of this officer's private space (generator); the Engineers are already placed."""
        return
        yield

    def token_waiver(self, game: Game, seat: int) -> int | None:
        """How this ability may pay a Geological token's cost instead: the Engineers that takes (Angelo
        Alberti: 1, twice a round; Mahiri's copy of him: 0), or None when it may not (now)."""
        return None

    def waive_token_cost(self, game: Game, seat: int) -> None:
        """A Geological token's cost was just paid the ``token_waiver`` way (his Engineer goes on his space)."""

    def drop_places(self, game: Game, seat: int, heads: Sequence[str], flowing: bool) -> list[Choice]:
        """Where else a drop the company places on the headstreams may go, besides ``heads`` (``flowing``:
        the drops flow at once): Amir Zahir's flowing drop and his own dams. Put there by ``place_drop``."""
        return []

    def place_drop(self, game: Game, seat: int, key: Key) -> bool:
        """Put a drop where one of this officer's ``drop_places`` says (``key``, the choice's); False: the
        key is not one of them."""
        return False

    def further_water(self, game: Game, seat: int, flows: Flows) -> int:
        """The most drops x path value further dams could still add to a production's ``flows`` (credits
        allowing): a production whose drops so far make less than 1 Energy may go on if they would bring it
        to 1. Asked only of an officer that overrides ``further_dams``."""
        return 0

    def further_dams(self, game: Game, seat: int, flows: Flows, bonus: int, second: bool) -> Flow[None]:
        """After a production's first dam's drops are chosen: drops from further dams into the same
        powerhouse, added to ``flows`` (generator; Dr. Octavius). An officer that overrides it makes every
        production of his (not Germany's second) one that may take drops from several dams."""
        return
        yield

    def conduit_mixers(self, value: int) -> int | None:
        """The Mixers that may pay a Conduit of production ``value`` instead of its Excavators (Jill); None: no
        other way."""
        return None

    def energy_for_more_contracts(self, energy: int, need: int) -> int | None:
        """What of a production's ``energy`` may still fulfil another contract once one needing ``need`` is
        fulfilled with it (Simone); None: a production fulfils one contract."""
        return None

    def production_contract_fulfilled(self, game: Game, seat: int, need: int) -> None:
        """A production just fulfilled a contract needing ``need`` of its Energy (Franz de Lasse)."""

    def energy_at_round_end(self, energy: int, section_start: int) -> int:
        """Where the Energy marker goes at the end of a round 1-4 (``section_start``: the first space of
        the round's own section): back to 0, unless the ability says otherwise (Franz de Lasse)."""
        return 0

    def __repr__(self) -> str:
        return f"<Officer {self.id}>"
