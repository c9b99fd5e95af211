"""USA: every drop that flows through a zone where it has a Powerhouse moves its Energy marker 1 step, in
any phase and whoever moved the drop (water.flow_drop)."""

from .base import Ability


class DropsThroughOwnPowerhouse(Ability):
    id = "water_through_own_powerhouse_gives_energy"
    energy_from_passing_drops = True
