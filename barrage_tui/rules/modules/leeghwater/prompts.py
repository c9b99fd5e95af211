"""The Leeghwater Project's own kinds of decision and event (clients branch on them and on their data)."""

from __future__ import annotations

from enum import StrEnum


class LeeghwaterPrompt(StrEnum):
    ADVANCED_TILE = "lwp_advanced_tile"  # which Patent Office tile an External Work gives (data: work)
    DAM = "lwp_dam"  # which Dam a drop goes behind (data: building)
    WHEEL_TILE = "lwp_wheel_tile"  # which tile comes off the wheel (data: building)
    SEGMENT = "lwp_segment"  # which wheel segment gives half its machinery back (data: building)
    SEGMENT_MACHINERY = "lwp_segment_machinery"  # which machinery of it (data: building, segment, units)
    TILE_ACTION = "lwp_tile_action"  # the Building tile of level I: the building's action now, or not (data: building)
    BUILDING = "lwp_building"  # Margot Fouche: which of the company's buildings acts once more (data: buildings)
    EXTERNAL_WORK = "lwp_external_work"  # which External Work the Loan Agency takes (data: building)
    WORK_MACHINERY = "lwp_work_machinery"  # Leslie Spencer: an External Work's machinery spent or onto the wheel (data: work)
    FREE_STRUCTURE = "lwp_free_structure"  # where a work's free landscape goes (data: work, structure)


class LeeghwaterEvent(StrEnum):
    EXTERNAL_WORK = "external_work"  # an External Work taken (data: work, seat, position, paid)
    WORKS_REFILLED = "external_works_refilled"  # the display refilled (data: works)
    BUILDING = "private_building"  # a private building built (data: building, space, vp)
    BUILDING_ACTION = "building_action"  # a building's action used (data: building)
    BUILDING_VP = "private_building_vp"  # a building's VP scored (data: building, vp)
