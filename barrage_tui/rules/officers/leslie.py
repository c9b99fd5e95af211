"""Leslie Spencer (The Leeghwater Project): when her company takes an External Work, its machinery may go onto
the construction wheel with her special tile (the wheel turns 1) instead of being spent: both come back when
the segment comes round. Not while the tile is on the wheel. Mahiri's copy of her needs no tile.

The External Works are the module's: it asks ``spent_machinery_to_wheel_tile`` of the officers in force
(rules/modules/leeghwater/works.py). Without the module she is never dealt (officers.toml ``requires``).
"""

from __future__ import annotations

from .base import Officer


class Leslie(Officer):
    id = "leslie"
    spent_machinery_to_wheel_tile = "leslie"
