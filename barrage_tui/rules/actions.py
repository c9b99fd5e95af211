"""The action phase turn: place Engineers on one action space and carry out its action at once.

A space takes exactly its number of Engineers and holds them for the round (the Bank excepted). You may
only place where you can pay everything (red-outline fee first) and the action can really be done.
With no Engineers left you may still build with an engineer-free tile, or pass.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, partial
from typing import TYPE_CHECKING

from . import build_costs, buildable, construction, contracts, officers, patents, production, rewards, water, wheel
from .engine import keys
from .build_costs import engineers_available as engineers_available  # (its home since the Geological Factor)
from .build_spaces import red_discount
from .build_tiles import each_tile_use
from .components import ActionSpace, components
from .engine.decisions import Choice, Flow, LazyData, Offer, PromptKind, once
from .officers import Officer
from .plugin import ActionSpot
from .state import CompanyState

if TYPE_CHECKING:
    from .game import Game

# A chief engineer's private space named by a placement: (its officer, the space's index, used through the
# Bank as a copy of it)
PrivateSpace = tuple[Officer, int, bool]

# An officer's way of placing Engineers (a placement key's second argument, ``Officer.placements``); "" the plain way
Way = str

BANK = "bank-b"
CONSTRUCT = "construct"
ON_BANK = "bank"  # "<officer>-bank": a copied officer's private space, used through the Bank (Wu, Gennaro)


class credits_after:  # noqa: N801 - used as a context manager, like contextlib's
    """Check feasibility as if ``fee`` were already paid and ``engineers`` placed (what is left may have to
    pay a Geological token's Engineers). (A class: this runs for every space offered, and
    @contextmanager's generator costs several times more.)"""

    __slots__ = ("company", "engineers", "fee")

    def __init__(self, company: CompanyState, fee: int, engineers: int = 0) -> None:
        self.company, self.fee, self.engineers = company, fee, engineers

    def __enter__(self) -> None:
        self.company.credits -= self.fee
        self.company.engineers -= self.engineers

    def __exit__(self, *exc: object) -> None:
        self.company.credits += self.fee
        self.company.engineers += self.engineers


_PLAIN_PLACEMENTS = Officer.placements


def placing_officers(company: CompanyState) -> tuple[Officer, ...]:
    """The officers in force whose ability offers placements beside the plain ones (``Officer.placements``:
    Tommaso's Architect); none in most games, so a turn's offers are the plain placements alone."""
    return tuple(o for o in officers.in_force(company) if type(o).placements is not _PLAIN_PLACEMENTS)


def placement_offered(company: CompanyState, target: str, need: int, way: str) -> bool:
    """Whether placing ``need`` Engineers on ``target`` the officer's ``way`` (a placement key's second
    argument) is offered to the company now (an Automa's step names the way it places)."""
    wanted = keys.make("place", target, way)
    plain = Choice(keys.make("place", target), "")
    return any(c.key == wanted for c in _placements(company, target, need, plain, placing_officers(company)))


def space_exists(game: Game, space: ActionSpace) -> bool:
    return _on_table(space, game.state.seats, game.state.introductory)


def space_free(game: Game, space: str) -> bool:
    """Whether the action space ``space``, the Management board's or a module's (``Module.free_spaces``), is on
    the table and nobody stands on it this round: where an Automa's Engineers may block it (automa.md 4.3)."""
    found = components().spaces.get(space)
    if found is not None:
        return space_exists(game, found) and space not in game.state.occupied
    return any(space in free(game) for free in game.hooks.free_spaces)


def _on_table(space: ActionSpace, seats: int, introductory: bool) -> bool:
    """Some rows need more companies; the introductory game has no Patent Office."""
    return space.min_players <= seats and not (introductory and space.board == "patent")


@cache
def _spaces_in_play(seats: int, introductory: bool) -> tuple[ActionSpace, ...]:
    """The shared action spaces on the table at this player count (the Bank apart)."""
    return tuple(s for s in components().spaces.values() if s.id != BANK and _on_table(s, seats, introductory))


def action_possible(game: Game, seat: int, space: ActionSpace) -> bool:
    """Can the action of ``space`` really be carried out, its fee and cost already paid?"""
    st = game.state
    action = space.action
    if action == "produce":
        return production.can_produce(game, seat, space.params["production_bonus"])
    if action == "take_contracts":
        wanted: int = space.params["contracts"]
        return len(contracts.display(game)) >= wanted
    if action == "patent":
        return bool(st.patent_offer[space.params["slot"] - 1])
    return True


# The actions ``action_possible`` asks a rule about (every other one is possible once its price is paid).
_CHECKED = frozenset({"produce", "take_contracts", "patent"})


@cache
def _offers(seats: int, introductory: bool) -> tuple[tuple[ActionSpace, str, int, int, str, Choice], ...]:
    """The shared action spaces in play with what the turn's check reads of each (looked up once): the space,
    its id, Engineers, printed price, action and its plain placement."""
    return tuple((s, s.id, s.engineers, printed_price(s), s.action, _space_placement(s.id))
                 for s in _spaces_in_play(seats, introductory))


def placements_offer(game: Game, seat: int) -> tuple[list[Choice], dict[str, Callable[[], bool]]]:
    """The placements that may be offered to ``seat`` now, found by what is cheap to know (the space free, the
    Engineers, the price), and for those that need more, by key, the question that settles it (can the company
    produce, take the contracts, buy the patent, build, once the price is paid): an ``Offer``'s parts."""
    st = game.state
    company = st.companies[seat]
    have = engineers_available(company)
    candidates: list[Choice] = []
    checks: dict[str, Callable[[], bool]] = {}
    produces = _production_check(game, seat) if not production.several_dams(game, seat) else None
    possible = _action_check(game, seat)
    placing = placing_officers(company)
    price_of = space_prices(game, seat)
    printed = price_of is printed_price  # (no discount: the usual case, the price read from the table)
    occupied, credits = st.occupied, company.credits
    for space, sid, engineers, price, action, plain in _offers(st.seats, st.introductory):
        if sid in occupied or engineers > have:
            continue
        if not printed:
            price = price_of(space)
        if price > credits:
            continue
        if placing:
            offered = _placements(company, sid, engineers, plain, placing)
            candidates.extend(offered)
        else:  # (the usual case: the plain placement alone)
            candidates.append(plain)
        if action == "produce" and produces is not None:
            check = partial(produces, price, space.params["production_bonus"])
        elif action in _CHECKED:  # (a production by several dams, Dr. Octavius's, is checked in full)
            check = partial(possible, space, price)
        else:
            continue
        if placing:
            for c in offered:
                checks[c.key] = check
        else:
            checks[plain.key] = check
    n = company.construction_used
    if n < len(components().construction_spaces):
        need, fee = construction_space(game, seat, n)
        if need <= have and fee <= company.credits:
            offered = _placements(company, CONSTRUCT, need, _construction_placement(need, fee, n), placing)
            candidates.extend(offered)
            builds = once(partial(_can_build_after, game, seat, fee, need))
            for c in offered:
                checks[c.key] = builds
    for spots in game.hooks.action_spaces:  # the modules' action spaces (none without modules)
        for spot in spots(game, seat):
            if spot.engineers <= have and spot.credits <= company.credits:
                plain = Choice(keys.make("place", spot.id), spot.label, (spot.id,), short=spot.short)
                offered = _placements(company, spot.id, spot.engineers, plain, placing)
                candidates.extend(offered)
                if spot.check is not None:
                    possible_here = once(partial(spot.check, game, seat))
                    for c in offered:
                        checks[c.key] = possible_here
    candidates.extend(private_placements(game, seat))
    if have:
        candidates.append(_ON_BANK)
    return candidates, checks


def _production_check(game: Game, seat: int) -> Callable[[int, int], bool]:
    """Whether ``seat`` can produce once a production space's price is paid, with its bonus (the best
    production found once per price)."""
    company = game.state.companies[seat]
    best: dict[int, int | None] = {}

    def energy(price: int) -> int | None:
        if price not in best:
            with credits_after(company, price):
                best[price] = production.best_energy(game, seat)
        return best[price]

    def produces(price: int, bonus: int) -> bool:
        if energy(0) is None:  # with every credit first: no production then, none with fewer (the usual answer)
            return False
        found = energy(price)
        return found is not None and found + bonus >= 1
    return produces


def _action_check(game: Game, seat: int) -> Callable[[ActionSpace, int], bool]:
    """Whether the action of a space can be carried out once its price is paid (``action_possible``); spaces
    of one row share the answer when they cost the same."""
    company = game.state.companies[seat]
    found: dict[tuple[str, int, int], bool] = {}

    def possible(space: ActionSpace, price: int) -> bool:
        memo = (space.board, space.row, price)
        if memo not in found:
            with credits_after(company, price):
                found[memo] = action_possible(game, seat, space)
        return found[memo]
    return possible


def _can_build_after(game: Game, seat: int, fee: int, need: int) -> bool:
    """Whether ``seat`` can build once the construction space's ``fee`` is paid and ``need`` Engineers placed."""
    company = game.state.companies[seat]
    with credits_after(company, fee, need):
        return buildable.can_build(game, seat, company.credits)


def module_spot(game: Game, seat: int, target: str) -> ActionSpot | None:
    """The module's action space ``target`` as offered to ``seat`` now (None: ``target`` is none of them)."""
    for spots in game.hooks.action_spaces:
        for spot in spots(game, seat):
            if spot.id == target:
                return spot
    return None


_ON_BANK = Choice(keys.make("place", BANK), "Bank: 1 credit per Engineer", (BANK,))


def space_price(game: Game, seat: int, space: ActionSpace) -> int:
    """The credits an action space costs ``seat``: its printed cost and its red surcharge, each less a
    module's discount (the hooks ``action_discount``, ``red_discount``), never below 0."""
    return space_prices(game, seat)(space)


def space_prices(game: Game, seat: int) -> Callable[[ActionSpace], int]:
    """``space_price`` for many spaces: the seat's discounts are found once."""
    action = 0
    for discount in game.hooks.action_discount:
        action += discount(game, seat)
    red = red_discount(game, seat)
    if not action and not red:
        return printed_price
    return lambda space: (max(0, space.cost_credits - action)
                          + (max(0, space.extra_credits - red) if space.extra_credits else 0))


def printed_price(space: ActionSpace) -> int:
    """An action space's price as printed: its cost and its red surcharge."""
    return space.cost_credits + space.extra_credits


def construction_space(game: Game, seat: int, n: int) -> tuple[int, int]:
    """(Engineers, credits) the company's construction space ``n`` (0-based) needs from ``seat``: as printed,
    less a module's Engineer and red-outline discounts (``engineer_discount``, ``red_discount``), never below 0."""
    need, fee = components().construction_spaces[n]
    fee = max(0, fee - red_discount(game, seat)) if fee else 0
    less = 0
    for discount in game.hooks.engineer_discount:
        less += discount(game, seat, n + 1)
    return max(0, need - less), fee


@cache
def _construction_placement(need: int, fee: int, n: int) -> Choice:
    """The placement on the company's construction space ``n`` (0-based): the same at every turn it is offered."""
    return Choice(keys.make("place", CONSTRUCT), _construction_label(need, fee, n), (CONSTRUCT,),
                  short=_construction_short(need, fee, n))


def _construction_label(need: int, fee: int, n: int) -> str:
    """The company's construction space ``n`` (0-based) as a choice."""
    return f"Construction (company space {n + 1}: {engineers(need)}" + (f", {credit_count(fee)})" if fee else ")")


def _construction_short(need: int, fee: int, n: int) -> str:
    return f"Construction (company space {n + 1}: {need}E" + (f", {fee}cr)" if fee else ")")


def unaffordable_spaces(game: Game, seat: int) -> tuple[tuple[str, str], ...]:
    """The free action spaces (and the company's next construction space) the company has the Engineers
    for but not the credits, and the modules' spaces not offered to it (``unavailable_spaces``): (label, why),
    to be shown beside the choices."""
    st = game.state
    company = st.companies[seat]
    have = engineers_available(company)
    price_of = space_prices(game, seat)
    costs = [(_space_short(s.id), s.engineers, price_of(s))  # (beside the choices: their few words)
             for s in _spaces_in_play(st.seats, st.introductory) if s.id not in st.occupied]
    n = company.construction_used
    if n < len(components().construction_spaces):
        need, fee = construction_space(game, seat, n)
        costs.append((_construction_short(need, fee, n), need, fee))
    own = officers.OFFICERS[company.officer]
    costs.extend((_private_label(own, i, fee), need, fee) for i, (need, fee) in enumerate(own.private_spaces)
                 if not company.private_spaces_used[i])
    found = tuple((label, build_costs.short_of_credits(price, company.credits))
                  for label, need, price in costs if need <= have and price > company.credits)
    for hook in game.hooks.unavailable_spaces:
        found += tuple(hook(game, seat))
    return found


def _private_label(own: Officer, i: int, fee: int) -> str:
    return (f"{components().officers[own.id].name}'s space {i + 1}: {own.private_action_label}"
            + (f" ({fee} credits)" if fee else ""))


def private_placements(game: Game, seat: int) -> list[Choice]:
    """The chief engineer's private spaces ("<officer>-<n>", each once a round); and while Mahiri copies an
    officer with one (Wu, Gennaro), that space used through the Bank ("<officer>-bank", no credits)."""
    company = game.state.companies[seat]
    own = officers.OFFICERS[company.officer]
    in_force = officers.in_force(company)
    if not own.private_spaces and len(in_force) < 2:  # (no private space and no copy: most chief engineers)
        return []
    have = engineers_available(company)
    names = components().officers
    choices: list[Choice] = []
    for i, (need, fee) in enumerate(own.private_spaces):
        if company.private_spaces_used[i] or need > have or fee > company.credits:
            continue
        with credits_after(company, fee, need):
            if not own.private_action_possible(game, seat):
                continue
        label = _private_label(own, i, fee)
        short = f"{label.removesuffix(f' ({fee} credits)')} [{need}E" + (f", {fee}cr]" if fee else "]")
        target = f"{own.id}-{i + 1}"
        plain = Choice(keys.make("place", target), label, (target,), short=short)
        choices.extend(_placements(company, target, need, plain, placing_officers(company)))
    for copy in in_force[1:]:
        if not copy.copied_spaces_on_bank:
            continue
        for need, _ in copy.private_spaces:
            with credits_after(company, 0, need):
                possible = copy.private_action_possible(game, seat)
            if need <= have and possible:
                choices.append(Choice(keys.make("place", f"{copy.id}-{ON_BANK}"), f"Bank, {engineers(need)} and no credits, as "
                                      f"{names[copy.id].name}'s space: {copy.private_action_label}", (BANK,)))
    return choices


def private_space(company: CompanyState, target: str) -> PrivateSpace | None:
    """(officer, space index, on the Bank) when ``target`` is a chief engineer's private space, else None."""
    found = officers.private_space(target)
    if found is not None and found[0].id == company.officer:
        return found[0], found[1], False
    officer, _, which = target.rpartition("-")
    if which == ON_BANK:
        for copy in officers.in_force(company)[1:]:
            if copy.id == officer and copy.copied_spaces_on_bank:
                return copy, 0, True
    return None


def _placements(company: CompanyState, target: str, need: int, plain: Choice,
                placing: tuple[Officer, ...]) -> list[Choice]:
    """The placements of ``need`` Engineers on ``target`` offered: ``plain``, and what the ``placing`` officers
    (``placing_officers(company)``) make of it."""
    offered = [plain]
    for officer in placing:
        offered = officer.placements(company, target, need, offered)
    return offered


@cache
def _space_placement(space_id: str) -> Choice:
    """A shared action space's plain placement: it depends on the space alone, so it is made once."""
    return Choice(keys.make("place", space_id), _space_label(space_id), (space_id,), short=_space_short(space_id))


def place_name(where: str) -> str:
    """Where Engineers stand, in words for the log: "Produce (+2)", "construction space 2", "Wu Fang's space"."""
    if where == BANK:
        return "the Bank"
    if where in components().spaces:
        return f"the {_space_label(where).split(' [', 1)[0]} space"
    head, _, tail = where.rpartition("-")
    if head.startswith("company-"):
        return f"its construction space {tail}" if tail.isdigit() else "its company board"
    if where.startswith("company-"):
        return "its company board"
    if tail == "beside":
        return f"beside the full {head} section"
    officer = components().officers.get(head)
    if officer is None:
        return where
    several = len(officers.OFFICERS[head].private_spaces) > 1 if head in officers.OFFICERS else False
    return f"{officer.name}'s space" + (f" {tail}" if several else "")


def engineers(n: int) -> str:
    return rewards.count(n, "Engineer")


def credit_count(n: int) -> str:
    return rewards.count(n, "credit")


def space_label(space: ActionSpace) -> str:
    return _space_label(space.id)


def space_short(space: ActionSpace) -> str:
    """``space_label`` in few letters: "Produce (+2) [2E]" (a list of choices, the spaces not offered)."""
    return _space_short(space.id)


@cache
def _space_label(space_id: str) -> str:
    space = components().spaces[space_id]
    p = space.params
    words: dict[str, Callable[[], str]] = {  # only the space's own action reads its params
        "produce": lambda: f"Produce ({p['production_bonus']:+d})",
        "place_drops": lambda: f"Place up to {p['drops']} waiting drops",
        "place_flowing_drop": lambda: "Place 1 flowing drop",
        "rotate_wheel": lambda: f"Turn the wheel {p['rotations']}",
        "buy_machinery": lambda: "Buy " + " + ".join(
            {"excavators": "1 Excavator", "mixers": "1 mixer", "any_one": "1 Excavator or mixer"}[k]
            for k in p["gain"]),
        "take_contracts": lambda: ("Take exactly 2 contracts" if p["contracts"] == 2 else "Take 1 contract"),
        "patent": lambda: f"Buy patent in slot {p['slot']}",
    }
    what = words[space.action]()
    costs = [engineers(space.engineers)]
    if space.cost_credits or space.extra_credits:
        costs.append(credit_count(space.cost_credits + space.extra_credits))
    return f"{what} [{', '.join(costs)}]"


@cache
def _space_short(space_id: str) -> str:
    """An action space's label with its costs in few letters: "Place up to 2 waiting drops [2E, 3cr]"."""
    space = components().spaces[space_id]
    fee = space.cost_credits + space.extra_credits
    return f"{_space_label(space_id).split(' [', 1)[0]} [{space.engineers}E" + (f", {fee}cr]" if fee else "]")


def turn_offer(game: Game, seat: int, extra: bool = False) -> Offer:
    """The choices of a turn, checked when read (no candidate: none is legal); an ``extra`` action (an
    officer's gift: Mahiri's, Tommaso's) may be given up but is no pass."""
    company = game.state.companies[seat]
    candidates, checks = placements_offer(game, seat)
    if next(each_tile_use(game, seat, engineer_free=True), None) is not None:  # (an engineer-free tile: seldom)
        candidates.append(_BUILD_FREE)
        checks[_BUILD_FREE.key] = partial(buildable.can_build, game, seat, company.credits, engineer_free=True)
    if engineers_available(company):  # the Bank is offered: never empty
        return Offer(candidates, checks)
    legal = list(Offer(candidates, checks).choices())  # give up or pass: only beside another choice
    if legal:
        legal.append(Choice("skip", "Give up this extra action") if extra
                     else Choice("pass", "Pass for the rest of the round"))
    return Offer(legal, {})


_BUILD_FREE = Choice("build-free", "Build with an engineer-free tile (no Engineers)")


def take_turn(game: Game, seat: int, extra: bool = False) -> Flow[bool]:
    """One turn of ``seat`` in the action phase (generator). Returns True if the company passed."""
    st = game.state
    company = st.companies[seat]
    choices = turn_offer(game, seat, extra)
    if extra and not choices.candidates:
        return False
    if not choices.candidates:
        company.passed = True
        game.event(f"{game.name(seat)} has no Engineers left and passes.", seat, "pass")
        return True
    key = yield from game.ask(seat, PromptKind.ACTION, f"{game.name(seat)}: choose an action.", choices, auto=False,
                              help="Place Engineers on a free action space and carry out its action at once.",
                              data=LazyData({}, {"unavailable": lambda: unaffordable_spaces(game, seat)}))
    if key == "skip":
        return False
    if key == "pass":
        company.passed = True
        game.event(f"{game.name(seat)} passes.", seat, "pass")
        return True
    if key == "build-free":
        yield from construction.construct(game, seat, engineer_free=True)
        return False
    placed = keys.Key.parse(key)
    target, way = placed.arg(0), placed.arg(1)  # way: an officer's way of placing (``Officer.placements``)
    if target == BANK:
        yield from _bank(game, seat)
        return False
    private = private_space(company, target)
    spot = module_spot(game, seat, target) if private is None and target not in components().spaces else None
    grants = _place_engineers(game, seat, target, way, private, spot)
    if target == CONSTRUCT:
        yield from construction.construct(game, seat)
    elif private is not None:
        yield from private[0].private_action(game, seat)
    elif spot is not None:
        yield from spot.act(game, seat)
    else:
        yield from do_action(game, seat, components().spaces[target])
    for granted in grants:
        yield from granted
    return False


def use_engineers(company: CompanyState, n: int, way: Way = "") -> None:
    """Take ``n`` Engineers from the supply, placed the officer's ``way`` ("": the plain one); the officer's
    own pieces among them are its to take (``Officer.take_engineers``: Tommaso's Architect)."""
    company.engineers -= officers.OFFICERS[company.officer].take_engineers(company, n, way)


def _place_engineers(game: Game, seat: int, target: str, way: str,
                     private: PrivateSpace | None = None, spot: ActionSpot | None = None) -> list[Flow[None]]:
    """Put the Engineers down and pay the space's fee. Returns what the placement grants after the action
    (``Officer.placement_grants``: Tommaso's Architect, another turn)."""
    st = game.state
    company = st.companies[seat]
    if target == CONSTRUCT:
        need, fee = construction_space(game, seat, company.construction_used)
        company.construction_used += 1
        where = f"company-{seat}-{company.construction_used}"
    elif private is not None:
        officer, i, on_bank = private
        need, fee = officer.private_spaces[i]
        if on_bank:  # a copied space: the Engineers go on the Bank, which pays nothing for them
            fee, where = 0, BANK
        else:
            company.private_spaces_used[i] = True
            where = target
    elif spot is not None:  # a module's space: the module keeps who took it
        need, fee, where = spot.engineers, spot.credits, target
    else:
        space = components().spaces[target]
        need, fee = space.engineers, space_price(game, seat, space)
        st.occupied[target] = seat
        where = target
    grants = [g for o in officers.in_force(company) if (g := o.placement_grants(game, seat, need, way)) is not None]
    game.pay_credits(seat, fee)
    put_engineers(game, seat, where, need, way, f" and pays {rewards.count(fee, 'credit')}." if fee else ".",
                  spot.name if spot is not None else "")
    return grants


def put_engineers(game: Game, seat: int, where: str, n: int, way: Way = "", ending: str = ".",
                  name: str = "") -> None:
    """``n`` Engineers from the supply onto ``where``: the Bank, an action space or a board's place (every
    placement, a person's or an Automa's, ends here); ``name``: the place in words where ``place_name`` does
    not know it (a module's space)."""
    st = game.state
    use_engineers(st.companies[seat], n, way)
    if where == BANK:
        st.bank[seat] += n
    else:
        st.engineers_on.setdefault(where, [0] * st.seats)[seat] += n
    game.event(f"{game.name(seat)} places {engineers(n)} on {name or place_name(where)}{ending}", seat, "place",
               (where,))


def _bank(game: Game, seat: int) -> Flow[None]:
    company = game.state.companies[seat]
    have = engineers_available(company)
    key = yield from game.ask(seat, PromptKind.BANK, "How many Engineers on the Bank (1 credit each)?",
                              [Choice(keys.make("engineers", n), f"{engineers(n)}: {credit_count(n)}") for n in range(1, have + 1)])
    n = keys.number(key)
    use_engineers(company, n)
    game.state.bank[seat] += n
    game.gain_credits(seat, n)
    game.event(f"{game.name(seat)} places {engineers(n)} on the Bank and takes {credit_count(n)}.", seat, "bank", (BANK,))


def do_action(game: Game, seat: int, space: ActionSpace) -> Flow[None]:
    """The action of ``space``, its Engineers placed and its price paid (a module's space may be one of these
    actions: the extra action board's small actions)."""
    company = game.state.companies[seat]
    p = space.params
    action = space.action
    if action == "produce":
        yield from production.produce(game, seat, p["production_bonus"])
    elif action == "place_drops":
        yield from water.place_drops(game, seat, p["drops"], flowing=False, minimum=1)
    elif action == "place_flowing_drop":
        yield from water.place_drops(game, seat, 1, flowing=True, minimum=1)
    elif action == "rotate_wheel":
        back = wheel.turn(company, p["rotations"])
        game.event(f"{game.name(seat)} turns the wheel {p['rotations']}"
                   + (f", getting back {', '.join(back)}." if back else "."), seat, "wheel")
    elif action == "buy_machinery":
        gain = p["gain"]
        if "any_one" in gain:
            yield from rewards.choose_machinery(game, seat, gain["any_one"])
        else:
            rewards.add_machinery(company, gain.get("excavators", 0), gain.get("mixers", 0))
            game.event(f"{game.name(seat)} buys machinery.", seat, "gain")
    elif action == "take_contracts":
        yield from contracts.take(game, seat, p["contracts"])
    elif action == "patent":
        patents.buy(game, seat, p["slot"])
