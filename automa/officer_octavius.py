"""Dr. Octavius for a Very Hard Automa (seed 002 Appendix 8, "Automa rules"; automa.md section 10):

    "When calculating the amount of Energy that can be produced, Automa tries to find the best possible
    production, taking into account all possible sources of Water Drops."

A production with a system (Dam -> Conduit -> his Powerhouse) takes all the drops of that Dam, then all
the drops of every other own or neutral Dam with water and a built Conduit into the same Powerhouse's
basin, each through its most powerful such Conduit (a Dam's drops run through one Conduit). That is the
most Energy the Powerhouse can give, so the production box's tests and its choice of system (the most
Energy; ties as usual) use it; the rules core then asks for the further Dams one by one (``flows``).
His Base preference is a placement rule (officers.preferred_spaces).

Decisions (UNVERIFIED): the further Dams are taken most powerful Conduit first, then by space id (the
order changes nothing but the log); with Germany only the first production may use several Dams (the
rules core: printed for a human).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from barrage_tui.rules import System, dams_into, flows_energy, max_drops, may_join, path_value, several_dams

from . import officers

if TYPE_CHECKING:
    from barrage_tui.rules import Game, Prompt

    from .view import View


def value(game: Game, system: System) -> int:
    """The value per drop of a Dam's path to the Powerhouse (a Japanese chain: its conduits' sum)."""
    return path_value(game, system)


def applies(view: View, second: bool = False) -> bool:
    return officers.has(view, "octavius") and several_dams(view.game, view.seat, second)


def flows(view: View, system: System, second: bool = False) -> list[tuple[System, int]]:
    """[(system, drops), ...]: ``system`` first, then every other source Dam into its Powerhouse."""
    game, seat = view.game, view.seat
    out = [(system, max_drops(game, seat, system))]
    if not applies(view, second):
        return out
    best: dict[str, System] = {}
    for s in dams_into(game, seat, system.powerhouse):
        if may_join(out, s) and (s.dam not in best or value(game, s) > value(game, best[s.dam])):
            best[s.dam] = s
    for s in sorted(best.values(), key=lambda s: (-value(game, s), s.dam)):
        if may_join(out, s):  # a chain's linking dams are no sources (Japan's chains)
            out.append((s, game.state.dams[s.dam].drops))
    return out


def energy(view: View, system: System, bonus: int, second: bool = False) -> int:
    return flows_energy(view.game, view.seat, flows(view, system, second), bonus, second)


def next_dam(plan: list[tuple[System, int]], prompt: Prompt) -> str:
    """The answer to "take drops from another dam as well?": the next Dam of the plan, else done."""
    for s, _ in plan:
        if prompt.find(s.key) is not None:
            return s.key
    if prompt.find("done") is not None:
        return "done"
    return prompt.keys()[0]  # the Energy is still below 1 without a further Dam: the first one offered
