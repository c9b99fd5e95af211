"""What a chief engineer (executive officer) can change, with the plain defaults.

Each chief engineer is a subclass in its own module that overrides only what its ability changes;
the rules modules ask the officers in force (``officers.in_force``) instead of testing names.
"""

from __future__ import annotations


class Officer:
    id = ""
    #: starting adjustments, applied once at setup
    extra_tiles: tuple[str, ...] = ()
    architect = False  # one of the Engineers is Tommaso's Architect
    #: construction
    base_excavators: int | None = None  # a fixed Base cost in Excavators (Wilhelm)
    conduit_mixers_instead = False  # Conduit payable with production x 1 mixer (Jill)
    credits_per_machinery = 0  # machinery units replaceable by this many credits (Solomon)
    #: water
    height3_capacity = 3  # drops a height-3 dam holds (Graziano)
    #: production
    production_floor = 0  # drops x conduit below this counts as this (Viktor)
    #: contracts
    hand_limit = 3
    multi_contract = False  # several contracts with one production (Simone)
    #: private action spaces on the officer tile (Mahiri)
    private_spaces: tuple[tuple[int, int], ...] = ()

    def __repr__(self) -> str:
        return f"<Officer {self.id}>"
