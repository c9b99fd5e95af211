"""Anton Krylov: a special tile that copies any Technology tile on his wheel (type and effect).

The special tile goes on the wheel; the copied tile stays where it is. The tile is unusable while it is
itself on the wheel. Construction offers the copies (build_tiles.py); his tile is in his starting supply (officers.toml).
"""

from .base import Officer

ANTON_TILE = "anton"


class Anton(Officer):
    id = "anton"

    def as_copy(self) -> Officer:
        return AntonCopy()


class AntonCopy(Anton):
    """Mahiri copying him: she has no special tile, and builds with a copy of a tile on her wheel."""

    builds_with_wheel_tiles = True
