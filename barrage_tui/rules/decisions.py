"""What the engine asks and what it tells: prompts with their legal choices, and events."""

from __future__ import annotations

from dataclasses import dataclass, field


class IllegalChoice(ValueError):
    """A key that is not among the pending decision's legal choices. The game is unchanged."""


@dataclass(frozen=True)
class Choice:
    key: str  # stable text form, e.g. "place:turbine-b2", "space:B5L", "drops:2"
    label: str  # for people
    refs: tuple[str, ...] = ()  # ids of board things it points at (map spaces, action spaces, tiles)


@dataclass(frozen=True)
class Prompt:
    seat: int
    kind: str  # what sort of decision: action, build_tile, build_space, payment, drops, contract, ...
    text: str
    choices: tuple[Choice, ...]
    help: str = ""  # the rule behind this decision, in a sentence or two

    def keys(self) -> tuple[str, ...]:
        return tuple(c.key for c in self.choices)

    def find(self, key: str) -> Choice | None:
        for c in self.choices:
            if c.key == key:
                return c
        return None


@dataclass(frozen=True)
class Event:
    text: str
    seat: int = -1  # -1: nobody in particular
    kind: str = "info"
    refs: tuple[str, ...] = field(default=())
