"""The Netherlands (The Leeghwater Project; reference leeghwater-5p.md A.7, BGA's reading): right after each
production action with one of its Powerhouses it may take 1 drop from the general supply and put it straight
behind one of its own Dams with room (not a neutral one), but not a Dam the production's water came from. The
drop travels down no river."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import water
from ..engine import keys
from ..engine.decisions import Choice, Flow, PromptKind
from .base import Ability

if TYPE_CHECKING:
    from ..game import Game


class DropIntoAnotherOwnDam(Ability):
    id = "drop_into_other_own_dam_after_production"

    def after_production(self, game: Game, seat: int, powerhouse: str, dams: tuple[str, ...] = ()) -> Flow[None]:
        st = game.state
        able = [s for s, d in st.dams.items() if d.owner == seat and s not in dams and water.room(game, s) > 0]
        if not able:
            return
        key = yield from game.ask(seat, PromptKind.COMPANY_DROP, f"{game.name(seat)}: put a drop behind another "
                                  "of your Dams (company ability)?",
                                  [*(Choice(keys.make("dam", s), f"Behind your Dam on {s} (room for "
                                                                 f"{water.room(game, s)})", (s,)) for s in able),
                                   Choice("skip", "No drop")], auto=False, data={"dams": tuple(able)})
        if key == "skip":
            return
        dam = keys.Key.parse(key).rest()
        st.dams[dam].drops += 1
        st.drops_created += 1
        game.event(f"{game.name(seat)} puts a drop behind its Dam on {dam} (company ability).", seat, "drop", (dam,),
                   {"dam": dam})
