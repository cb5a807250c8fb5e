"""The Gardener's versions of the actions (solo; the seed's "SOLO" paragraph under each action).

He has no Guilders and no Tools: every cost is free to him, and Guilder and Tool rewards are
lost. Bulbs come from the supply straight into his garden (no storage), where the Overlay tile
hides the printed patch rewards. What he takes is never installed or used: his wheel
enhancements and farm cards only score at the end. His card (the one revealed this turn) gives
the colours; the back of the deck's top card gives the enhancements and the farm card he takes.
"""

from __future__ import annotations

from tabletop.kernel.engine import evolve, push
from tabletop.windmill_valley.components import GardenerCard, Reward
from tabletop.windmill_valley.rules.actions import market_path
from tabletop.windmill_valley.rules.common import earn
from tabletop.windmill_valley.rules.possible import connected
from tabletop.windmill_valley.state import (
    AREA_SPACES,
    COLUMNS,
    DISPLAY_TIERS,
    FREE,
    GARDENER,
    DealFarm,
    DealTile,
    DealTrade,
    Gardener,
    State,
)

#: The steps his marker moves on a Visit the Market, whatever the action's strength (seed).
MARKET_STEPS = 2

#: What he scores per point of strength lowering the water in each band: the VP side of the
#: player's reward (he has no Guilders, so the low band gives him nothing).
WATER_VP = {"low": 0, "middle": 1, "high": 2}

#: The spaces in his building order, by position on the board.


def gardener_of(state: State) -> Gardener:
    """The Gardener of a solo game (``ValueError`` in a game without him)."""
    if state.gardener is None:
        raise ValueError("there is no Gardener in this game")
    return state.gardener


def with_gardener(state: State, gardener: Gardener) -> State:
    return evolve(state, gardener=gardener)


def score(state: State, vp: int) -> State:
    """He scores ``vp`` Victory Points."""
    gardener = gardener_of(state)
    return with_gardener(state, evolve(gardener, vp=gardener.vp + vp))


def current_card(state: State) -> GardenerCard:
    """The card revealed this turn."""
    return state.components.gardener_card(gardener_of(state).revealed[-1])


def back_card(state: State) -> GardenerCard:
    """The card whose back he reads: the deck's top card (the current one when the deck is
    empty and nothing can be on top)."""
    gardener = gardener_of(state)
    return state.components.gardener_card(gardener.top) if gardener.top is not None else current_card(state)


# --- planting -------------------------------------------------------------------------------


def garden_row(garden: tuple[tuple[str, ...], ...], colour: str) -> int | None:
    """The row his ``colour`` bulb goes to: the first row already holding that colour with a
    free patch; else (a new colour, or its row full) the leftmost free patch of the garden, the
    top row first on a tie; ``None`` when the garden is full."""
    for r, row in enumerate(garden):
        if colour in row and len(row) < COLUMNS:
            return r
    free = [(len(row), r) for r, row in enumerate(garden) if len(row) < COLUMNS]
    return min(free)[1] if free else None


def plant(state: State, colours: tuple[str, ...]) -> State:
    """He plants supply bulbs of ``colours`` one by one; each he cannot plant (his garden is
    full) scores him 1 VP."""
    for colour in colours:
        gardener = gardener_of(state)
        row = garden_row(gardener.garden, colour)
        if row is None:
            state = score(state, 1)
            continue
        garden = gardener.garden
        garden = garden[:row] + ((*garden[row], colour),) + garden[row + 1 :]
        state = with_gardener(state, evolve(gardener, garden=garden))
    return state


# --- rewards --------------------------------------------------------------------------------


def gain_reward(state: State, reward: Reward) -> State:
    """He gains a printed reward: its VP; its bulbs planted (a bulb of any colour in his
    card's colour; Guilders and Tools are lost); its action in his version."""
    card = current_card(state)
    state = score(state, reward.vp)
    state = plant(state, (*reward.bulbs, *(card.colour,) * reward.any_bulbs, *reward.plant_bulbs))
    if reward.action is not None:
        state = perform(state, reward.action, reward.strength)
    return state


def perform(state: State, action: str, strength: int) -> State:
    """He performs ``action`` with ``strength`` in his version of it."""
    if action == "lower":
        return lower_the_water_level(state, strength)
    if action == "enhance":
        return enhance_the_wheels(state, strength)
    if action == "farm":
        return gain_a_farm_enhancement(state)
    if action == "build":
        return build_a_windmill(state)
    if action == "market":
        return visit_the_market(state)
    if action == "plant":
        return plant_tulip_bulbs(state, strength)
    return conduct_foreign_trade(state)


# --- the actions ------------------------------------------------------------------------------


def lower_the_water_level(state: State, strength: int) -> State:
    """The band's VP per point of strength, then the water goes down ``strength`` (not below 0)."""
    state = score(state, WATER_VP[state.components.band(state.water)] * strength)
    return evolve(state, water=max(0, state.water - strength))


def enhance_the_wheels(state: State, times: int = 1) -> State:
    """He takes the two enhancements of the tiers on the back of the deck's top card (two of the
    other tier when one has run out), from the display, which is refilled."""
    for _ in range(times):
        first, second = back_card(state).back_tiers
        state = take_enhancement(state, first, second)
        state = take_enhancement(state, second, first)
    return state


def take_enhancement(state: State, tier: str, other: str) -> State:
    """The display tile of ``tier`` (else of ``other``, else any left) goes to him; its slot is refilled."""
    def slots(wanted: str | None) -> list[int]:
        return [
            slot
            for slot, tile in enumerate(state.display)
            if tile and (wanted is None or (DISPLAY_TIERS[slot] == wanted and not state.covered[slot]))
        ]

    found = slots(tier) or slots(other) or slots(None)
    if not found:
        return state
    slot = found[0]
    gardener = gardener_of(state)
    gardener = evolve(gardener, enhancements=(*gardener.enhancements, state.display[slot]))
    display = state.display[:slot] + ("",) + state.display[slot + 1 :]
    return push(evolve(state, gardener=gardener, display=display), DealTile(slot))


def gain_a_farm_enhancement(state: State) -> State:
    """He takes the offered farm card the back of the deck's top card points at (the leftmost
    card when that slot is empty); the offer is refilled. The card has no effect on him."""
    wanted = back_card(state).back_farm
    slots = [wanted] if state.offer[wanted] else [slot for slot, card in enumerate(state.offer) if card]
    if not slots:
        return state
    slot = slots[0]
    gardener = gardener_of(state)
    gardener = evolve(gardener, farm_cards=(*gardener.farm_cards, state.offer[slot]))
    offer = state.offer[:slot] + (0,) + state.offer[slot + 1 :]
    return push(evolve(state, gardener=gardener, offer=offer), DealFarm(slot))


def building_space(state: State) -> int | None:
    """Where his windmill goes: the first windmill of the game on the space nearest his Market
    marker; else the most expensive free space connected to the Market, ties broken by the
    solo aid's order; ``None`` if there is none."""
    mills, box = state.mills, state.components
    if all(owner == FREE for owner in mills):
        nearest = box.gardener_nearest[gardener_of(state).market]
        return next(i for i, space in enumerate(box.spaces) if space.id == nearest)
    joined = connected(box, mills)
    free = [
        i
        for i in range(len(mills))
        if mills[i] == FREE and (box.by_market[i] or any(other in joined for other in box.neighbours[i]))
    ]
    if not free:
        return None
    return min(free, key=lambda i: (-box.spaces[i].cost, box.gardener_order.index(box.spaces[i].id)))


def build_a_windmill(state: State) -> State:
    """He builds one of his windmills (for free): each of the player's windmills on the
    shortest path to the Market scores its owner 1 VP; he gains every adjacent field's reward."""
    gardener = gardener_of(state)
    index = building_space(state)
    if gardener.windmills == 0 or index is None:
        return state
    for space in market_path(state.components, state.mills, index):
        if state.mills[space] != GARDENER:
            state = earn(state, state.mills[space], vp=1)
    mills = state.mills[:index] + (GARDENER,) + state.mills[index + 1 :]
    state = evolve(state, mills=mills, gardener=evolve(gardener, windmills=gardener.windmills - 1))
    for field in state.components.spaces[index].fields:
        state = gain_reward(state, state.components.field(field).reward)
    return state


def area_full(state: State, area: int) -> bool:
    """Whether every marker space of ``area`` is taken (by the player's marker, unless
    stacked, and the neutral markers)."""
    players = sum(1 for farmer in state.farmers if farmer.market == area and not farmer.stacked)
    return players + state.neutrals.count(area) >= AREA_SPACES


def visit_the_market(state: State) -> State:
    """He moves his marker 2 steps clockwise (skipping full areas, never stacking), then plants
    the two bulbs his card shows, ignoring the action's strength and the areas' rewards."""
    gardener = gardener_of(state)
    area = gardener.market
    for _ in range(MARKET_STEPS):
        for _ in range(len(state.components.market)):
            area = (area + 1) % len(state.components.market)
            if not area_full(state, area):
                break
    state = with_gardener(state, evolve(gardener, market=area))
    return plant(state, current_card(state).market)


def plant_tulip_bulbs(state: State, strength: int) -> State:
    """He plants as many supply bulbs of his card's colour as the action's strength."""
    return plant(state, (current_card(state).colour,) * strength)


def conduct_foreign_trade(state: State) -> State:
    """If his card's colour is already on the trade card he takes all its bulbs and plants
    them; else he places a supply bulb of that colour on the first free spot from the one his
    card shows and gains the two adjacent rewards (a full card goes under the stack)."""
    card = current_card(state)
    if not state.trade:
        return state
    if card.colour in state.spots:
        bulbs = tuple(bulb for bulb in state.spots if bulb)
        return plant(evolve(state, spots=("",) * len(state.spots)), bulbs)
    spot = next(s % 4 for s in range(card.spot, card.spot + 4) if not state.spots[s % 4])
    spots = state.spots[:spot] + (card.colour,) + state.spots[spot + 1 :]
    trade = state.components.trade_cards[state.trade - 1]
    if all(spots):
        state = evolve(state, spots=("",) * 4, trade_pile=state.trade_pile.put_under((state.trade,)))
        state = push(state, DealTrade())
    else:
        state = evolve(state, spots=spots)
    for reward in trade.spot_rewards(spot):
        state = gain_reward(state, reward)
    return state
