"""China: its rules hold all game long and live in rules/china.py (pressure pipelines, four unique
powerhouses). Decision (UNVERIFIED, the rulebook names no other ability): nothing more is switched on by
its 3rd Powerhouse, so this ability changes nothing."""

from .base import Ability


class PressurePipelines(Ability):
    id = "pressure_pipelines"
