"""Four of the seven actions: Lower the Water Level, Enhance the Wheels, Gain a Farm
Enhancement and Build a Windmill (the market and the bulbs' actions are in :mod:`.market` and
:mod:`.bulbs`)."""

from __future__ import annotations

import functools
from collections import deque

from tabletop.kernel.engine import evolve, pop, push, replace_top
from tabletop.windmill_valley.components import TIERS, Components
from tabletop.windmill_valley.moves import DONE, Build, Done, Install, LowerReward, Path, Refresh, TakeCard
from tabletop.windmill_valley.rules.common import earn, give_vp, full_slots, gain, with_farmer
from tabletop.windmill_valley.rules.peeks import PEEKS, discard_peeked
from tabletop.windmill_valley.rules.possible import (
    TIER_COST,
    affordable_slots,
    building_spaces,
    connected,
    display_cost,
)
from tabletop.windmill_valley.state import (
    LARGE,
    OFFER,
    SMALL,
    BuildWindmill,
    ChoosePath,
    DealFarm,
    DealTile,
    Enhance,
    GainFarmCard,
    LowerWater,
    State,
)

#: What one point of strength pays in each band of the water track: (Guilder or VP, choice).
BAND_PAY = {"low": 1, "middle": 1, "high": 2}


def lower_moves(state: State, pending: LowerWater) -> tuple[LowerReward, ...]:
    """Per point of strength: 1 Guilder in the low band; 1 Guilder or 1 VP in the middle band;
    2 Guilder or 2 VP in the high band (both, with the enhancements that say so)."""
    band = state.components.water_bands[state.water]
    pay = BAND_PAY[band]
    n = pending.strength
    if band == "low":
        return (LowerReward(n * pay, 0),)
    if pending.both:
        return (LowerReward(n * pay, n * pay),)
    return tuple(LowerReward(g * pay, (n - g) * pay) for g in range(n, -1, -1))


def lower_water(state: State, pending: LowerWater, move: LowerReward) -> State:
    """Gain the rewards of the marker's band, then move it left (never below 0)."""
    water = max(0, state.water - pending.strength)
    return earn(state, pending.seat, guilders=move.guilders, vp=move.vp, water=water, stack=state.stack[:-1])


def enhance_moves(state: State, pending: Enhance) -> tuple[Refresh | Install | Done, ...]:
    """Refresh the display once (1 Guilder), or install an affordable tile on any space of
    either wheel but the two active ones."""
    farmer = state.farmers[pending.seat]
    moves: list[Refresh | Install | Done] = []
    if not pending.refreshed and farmer.guilders >= 1:
        moves.append(Refresh())
    large, small = farmer.active
    slots = list(affordable_slots(state, pending.seat))
    slots += [PEEK_SLOT + i for i, tile in enumerate(state.peeked_tiles) if _peek_cost(state.components, tile) <= farmer.guilders]
    for slot in slots:
        moves += INSTALLS[slot][large][small] if slot < len(INSTALLS) else _installs(slot, large, small)
    return tuple(moves) or (DONE,)


#: Display slot numbers from here on name the tiles a helper looks at.
PEEK_SLOT = 4


def _installs(slot: int, large: int, small: int) -> tuple[Install, ...]:
    """The tile of ``slot`` installed on each space but the active ones (``large``, ``small``)."""
    spaces = [("large", i) for i in range(LARGE) if i != large] + [("small", i) for i in range(SMALL) if i != small]
    return tuple(Install(slot, wheel, space) for wheel, space in spaces)


#: :func:`_installs` for every display slot and peeked tile and every pair of active spaces,
#: made once and shared: a listing of Enhance the Wheels holds dozens of them.
INSTALLS: tuple[tuple[tuple[tuple[Install, ...], ...], ...], ...] = tuple(
    tuple(tuple(_installs(slot, large, small) for small in range(SMALL)) for large in range(LARGE))
    for slot in range(PEEK_SLOT + PEEKS)
)


def _peek_cost(components: Components, tile: str) -> int:
    return TIER_COST[components.tile(tile).stack]


def enhance_wheels(state: State, pending: Enhance, move: Refresh | Install | Done) -> State:
    """Refresh: the four tiles on display are discarded and four new ones drawn. Install: pay
    the slot's cost, put the tile on the space (the tile replaced goes to the box), refill."""
    seat = pending.seat
    if isinstance(move, Done):
        return discard_peeked(pop(state))
    if isinstance(move, Refresh):
        state = earn(state, seat, guilders=-1)
        discards = list(state.discards)
        for slot, tile in enumerate(state.display):
            if tile:
                tier = _tier_index(state.components, tile)
                discards[tier] = (*discards[tier], tile)
        state = evolve(state, display=("",) * len(state.display), discards=tuple(discards))
        state = replace_top(state, evolve(pending, refreshed=True))
        for slot in reversed(range(len(state.display))):
            state = push(state, DealTile(slot))
        return state
    if move.slot >= PEEK_SLOT:
        tile = state.peeked_tiles[move.slot - PEEK_SLOT]
        peeked = state.peeked_tiles[: move.slot - PEEK_SLOT] + state.peeked_tiles[move.slot - PEEK_SLOT + 1 :]
        state = evolve(earn(state, seat, guilders=-_peek_cost(state.components, tile)), peeked_tiles=peeked)
    else:
        tile = state.display[move.slot]
        state = earn(state, seat, guilders=-display_cost(state, move.slot))
    farmer = state.farmers[seat]
    if move.wheel == "large":
        farmer = evolve(farmer, large=_put(farmer.large, move.space, tile))
    else:
        farmer = evolve(farmer, small=_put(farmer.small, move.space, tile))
    state = with_farmer(state, seat, farmer)
    left = pending.times - 1
    state = replace_top(state, evolve(pending, times=left, refreshed=False)) if left else discard_peeked(pop(state))
    if move.slot >= PEEK_SLOT:
        return state
    display = state.display[: move.slot] + ("",) + state.display[move.slot + 1 :]
    return push(evolve(state, display=display), DealTile(move.slot))


def _put(spaces: tuple[str, ...], index: int, tile: str) -> tuple[str, ...]:
    return spaces[:index] + (tile,) + spaces[index + 1 :]


def _tier_index(components: Components, tile: str) -> int:
    """The stack a tile belongs to (a promo tile's: the one it was shuffled into)."""
    return TIERS.index(components.tile(tile).stack)


def farm_moves(state: State, pending: GainFarmCard) -> tuple[Refresh | TakeCard | Done, ...]:
    """Refresh the offer once (1 Guilder); take up to one card as a helper or a contract (into
    the leftmost free slot, or over a card of a full row)."""
    farmer = state.farmers[pending.seat]
    moves: list[Refresh | TakeCard | Done] = []
    if not pending.refreshed and farmer.guilders >= 1 and (state.deck or state.discard):
        moves.append(Refresh())
    for slot, card in enumerate(state.offer + state.peeked_cards):
        if not card:
            continue
        for role, held in (("helper", farmer.helpers), ("contract", farmer.contracts)):
            if full_slots(farmer, role):
                moves += [TakeCard(slot, role, over) for over in range(len(held))]
            else:
                moves.append(TakeCard(slot, role))
    moves.append(Done())
    return tuple(moves)


def gain_farm_card(state: State, pending: GainFarmCard, move: Refresh | TakeCard | Done) -> State:
    """Refresh: the offer goes to the discard pile and is refilled. Take: a helper earns the
    VP printed on its slot (not when replacing); the replaced card is discarded; refill."""
    seat = pending.seat
    if isinstance(move, Done):
        return discard_peeked(pop(state))
    if isinstance(move, Refresh):
        state = earn(state, seat, guilders=-1)
        discard = state.discard + tuple(card for card in state.offer if card)
        state = evolve(state, offer=(0,) * OFFER, discard=discard)
        state = replace_top(state, GainFarmCard(seat, refreshed=True))
        for slot in reversed(range(OFFER)):
            state = push(state, DealFarm(slot))
        return state
    peeked = move.slot >= OFFER
    card = state.peeked_cards[move.slot - OFFER] if peeked else state.offer[move.slot]
    farmer = state.farmers[seat]
    discard = state.discard
    vp = 0
    if move.role == "helper":
        helpers = farmer.helpers
        if move.replacing is None:
            vp = state.components.farm.helper_vp[len(helpers)]
            helpers = (*helpers, str(card))
        else:
            old = helpers[move.replacing]
            if not old.startswith("s"):  # a starting card replaced goes back to the box
                discard = (*discard, int(old))
            helpers = _put(helpers, move.replacing, str(card))
        farmer = evolve(farmer, helpers=helpers)
    else:
        contracts = farmer.contracts
        if move.replacing is None:
            contracts = (*contracts, card)
        else:
            discard = (*discard, contracts[move.replacing])
            contracts = contracts[: move.replacing] + (card,) + contracts[move.replacing + 1 :]
        farmer = evolve(farmer, contracts=contracts)
    state = evolve(with_farmer(state, seat, farmer), discard=discard)
    if peeked:
        rest = tuple(c for c in state.peeked_cards if c != card)
        return discard_peeked(earn(pop(evolve(state, peeked_cards=rest)), seat, vp=vp))
    offer = state.offer[: move.slot] + (0,) + state.offer[move.slot + 1 :]
    state = discard_peeked(earn(pop(evolve(state, offer=offer)), seat, vp=vp))
    return push(state, DealFarm(move.slot))


def build_moves(state: State, pending: BuildWindmill) -> tuple[Build | Done, ...]:
    """A windmill of any group with windmills left, on any space the player may build on."""
    farmer = state.farmers[pending.seat]
    groups = [g for g, left in enumerate(farmer.windmills) if left]
    spaces = building_spaces(state, pending.seat, pending.unconnected, pending.fee)
    builds = _builds(state.components)
    return tuple(builds[g][i] for g in groups for i, _ in spaces) or (DONE,)


@functools.lru_cache(maxsize=8)
def _builds(components: Components) -> tuple[tuple[Build, ...], ...]:
    """A windmill of each group on each space, made once per components and shared by every listing."""
    groups = len(components.farm.group_sizes)
    return tuple(tuple(Build(g, space.id) for space in components.spaces) for g in range(groups))


def build_windmill(state: State, pending: BuildWindmill, move: Build | Done) -> State:
    """Pay the space's cost, place the windmill, give 1 VP to the owner of each other player's
    windmill on the shortest path to the market, then gain every adjacent field's reward."""
    seat = pending.seat
    state = pop(state)
    if isinstance(move, Done):
        return state
    index = next(i for i, s in enumerate(state.components.spaces) if s.id == move.space)
    cost = dict(building_spaces(state, seat, pending.unconnected, pending.fee))[index]
    choices = sorted({tuple(sorted(state.mills[i] for i in path if state.mills[i] != seat)) for path in shortest_paths(state.components, state.mills, index)})
    farmer = state.farmers[seat]
    windmills = farmer.windmills[: move.group] + (farmer.windmills[move.group] - 1,) + farmer.windmills[move.group + 1 :]
    state = with_farmer(state, seat, evolve(farmer, windmills=windmills))
    state = earn(state, seat, guilders=-cost)
    state = evolve(state, mills=state.mills[:index] + (seat,) + state.mills[index + 1 :])
    for field in reversed(state.components.spaces[index].fields):
        state = gain(state, seat, state.components.field(field).reward)
    if len(choices) > 1:  # the builder chooses among equally short paths
        return push(state, ChoosePath(seat, tuple(choices)))
    return path_points(state, choices[0] if choices else ())


def path_points(state: State, owners: tuple[int, ...]) -> State:
    """1 VP to the owner of each other player's windmill on the path traced."""
    for owner in owners:
        state = give_vp(state, owner, 1)
    return state


def path_moves(state: State, pending: ChoosePath) -> tuple[Path, ...]:
    return tuple(Path(owners) for owners in pending.choices)


def choose_path(state: State, pending: ChoosePath, move: Path) -> State:
    return path_points(pop(state), move.owners)


def shortest_paths(components: Components, mills: tuple[int, ...], start: int) -> tuple[tuple[int, ...], ...]:
    """Every shortest path (the windmills on it) from ``start`` to the market through connected
    windmills: none when ``start`` touches the market or is not connected."""
    if components.by_market[start]:
        return ()
    joined = connected(components, mills)
    distance = {start: 0}
    queue = deque([start])
    ends: list[int] = []
    while queue and not ends:
        for _ in range(len(queue)):
            space = queue.popleft()
            for other in components.neighbours[space]:
                if other in joined and other not in distance:
                    distance[other] = distance[space] + 1
                    (ends if components.by_market[other] else queue).append(other)
    if not ends:
        return ()

    def back(space: int) -> list[tuple[int, ...]]:
        if distance[space] == 1:
            return [(space,)]
        steps = [n for n in components.neighbours[space] if distance.get(n) == distance[space] - 1]
        return [(*path, space) for n in steps for path in back(n)]

    return tuple(path for end in ends for path in back(end))


def market_path(components: Components, mills: tuple[int, ...], start: int) -> tuple[int, ...]:
    """The windmills on the shortest path from ``start`` to the market through connected
    windmills (none when ``start`` touches the market or is not connected). Of equally short
    paths, the one through the lowest-numbered spaces is traced."""
    if components.by_market[start]:
        return ()
    joined = connected(components, mills)
    came: dict[int, int] = {start: start}
    queue = deque([start])
    while queue:
        space = queue.popleft()
        for other in components.neighbours[space]:
            if other in joined and other not in came:
                came[other] = space
                if components.by_market[other]:
                    path = [other]
                    while came[path[-1]] != start:
                        path.append(came[path[-1]])
                    return tuple(path)
                queue.append(other)
    return ()

