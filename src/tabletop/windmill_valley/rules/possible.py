"""Whether an action can be performed, and where: the legal windmill spaces, the enhancements a
player can afford, the bulbs a trade card takes. An active action that cannot be performed is
not offered; when neither can, the player gains 2 Guilder instead."""

from __future__ import annotations

from collections import deque

from tabletop.windmill_valley.components import COLOURS, Components, WheelAction
from tabletop.windmill_valley.state import COLUMNS, DISPLAY_TIERS, FREE, State

#: What an enhancement of each tier costs (a slot whose cost is covered by an X tile is free).
TIER_COST = {"common": 0, "uncommon": 1, "unique": 2}

def display_cost(state: State, slot: int) -> int:
    return 0 if state.covered[slot] else TIER_COST[DISPLAY_TIERS[slot]]


def affordable_slots(state: State, seat: int) -> tuple[int, ...]:
    """The display slots holding a tile ``seat`` can pay for."""
    money = state.farmers[seat].guilders
    return tuple(
        slot for slot, tile in enumerate(state.display) if tile and display_cost(state, slot) <= money
    )


def connected(components: Components, mills: tuple[int, ...]) -> frozenset[int]:
    """The occupied spaces joined to the market by an unbroken chain of windmills."""
    by_market, neighbours = components.by_market, components.neighbours
    reached = {i for i, owner in enumerate(mills) if owner != FREE and by_market[i]}
    queue = deque(reached)
    while queue:
        space = queue.popleft()
        for other in neighbours[space]:
            if mills[other] != FREE and other not in reached:
                reached.add(other)
                queue.append(other)
    return frozenset(reached)


def building_spaces(state: State, seat: int, unconnected: bool = False, fee: int = 0) -> tuple[tuple[int, int], ...]:
    """The free spaces ``seat`` may build on, each with what it costs: connected to the market
    (touching it, or next to a connected windmill), or any free space when the tile allows
    an unconnected windmill (for ``fee`` Guilder more)."""
    mills, components = state.mills, state.components
    near: set[int] = set()  # the spaces next to a windmill connected to the market
    for joined in connected(components, mills):
        near.update(components.neighbours[joined])
    money = state.farmers[seat].guilders
    out = []
    for i, space in enumerate(components.spaces):
        if mills[i] != FREE:
            continue
        linked = components.by_market[i] or i in near
        if not linked and not unconnected:
            continue
        cost = space.cost + (0 if linked else fee)
        if cost <= money:
            out.append((i, cost))
    return tuple(out)


def trade_placements(state: State, seat: int, any_colour: bool = False) -> tuple[tuple[str, int], ...]:
    """The (colour, spot) pairs ``seat`` may place on the trade card from storage."""
    on_card = set(state.spots)
    colours = sorted(set(state.farmers[seat].storage), key=COLOURS.index)
    free = [spot for spot, bulb in enumerate(state.spots) if not bulb]
    return tuple(
        (colour, spot) for colour in colours if any_colour or colour not in on_card for spot in free
    )


def _trade_helper_ready(state: State, seat: int) -> bool:
    """Whether ``seat`` holds the starting helper that trades with a supply bulb, unused this turn."""
    return any(
        helper == f"s{card.id}" and card.ability == "trade_any_two" and helper not in state.turn.helpers
        for helper in state.farmers[seat].helpers
        for card in state.components.starting
    )


def can_perform(state: State, seat: int, action: WheelAction) -> bool:
    """Whether ``seat`` can perform ``action`` at all now."""
    farmer = state.farmers[seat]
    name = action.action
    if name == "enhance":
        return bool(affordable_slots(state, seat))
    if name == "build":
        unconnected = action.effect in ("no_connection", "no_connection_paid")
        fee = 1 if action.effect == "no_connection_paid" else 0
        return sum(farmer.windmills) > 0 and bool(building_spaces(state, seat, unconnected, fee))
    if name == "market":
        return farmer.guilders >= action.cost
    if name == "plant":
        return bool(farmer.storage) and any(len(row) < COLUMNS for row in farmer.patches)
    if name == "trade":
        placeable = trade_placements(state, seat, action.effect == "any_colour")
        # The starting helper places a bulb of the supply: any free spot will do.
        supplied = _trade_helper_ready(state, seat) and not all(state.spots)
        return bool(placeable) or any(state.spots) or supplied
    return True
