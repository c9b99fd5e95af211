"""Anton Krylov: a special tile that copies any Technology tile on his wheel (type and effect).

The special tile goes on the wheel; the copied tile stays where it is. The tile is unusable while it is
itself on the wheel. Construction (construction.py) offers the copies; this module only hands him the tile.
"""

from .base import Officer

ANTON_TILE = "anton"


class Anton(Officer):
    id = "anton"
    extra_tiles: tuple[str, ...] = (ANTON_TILE,)

    def as_copy(self) -> Officer:
        return AntonCopy()


class AntonCopy(Anton):
    """Mahiri copying him: she has no special tile, and builds with a copy of a tile on her wheel."""

    extra_tiles = ()
    builds_with_wheel_tiles = True
