"""What every phase of Windmill Valley shares: the box's lookups, a farmer's tokens, gaining a
printed reward, and whether an action can be performed at all."""

from __future__ import annotations

from typing import Any


from tabletop.kernel.engine import evolve, push
from tabletop.windmill_valley.components import COLOURS, NOTHING, Reward, WheelAction
from tabletop.windmill_valley.state import (
    GARDENER,
    MAX_GUILDERS,
    SLOTS,
    STORAGE,
    BuildWindmill,
    ChooseColour,
    ContractNow,
    Enhance,
    Farmer,
    ForeignTrade,
    GainFarmCard,
    LowerWater,
    PlantBulbs,
    PlantSupply,
    RemoveWindmill,
    State,
    StoreBulb,
    TileEffect,
    UseHelpers,
    VisitMarket,
)

def wheel_action(state: State, farmer: Farmer, wheel: str, space: int) -> WheelAction:
    """The action on ``farmer``'s ``wheel`` (``large``/``small``) ``space``: the installed
    tile, or the printed space of the farmer's windmill board (``""`` in ``Farmer.large``)."""
    installed = (farmer.large if wheel == "large" else farmer.small)[space]
    if installed:
        return state.components.tile(installed)
    board = state.components.boards[farmer.board]
    return (board.large if wheel == "large" else board.small)[space]


def farmer_of(state: State, seat: int) -> Farmer:
    return state.farmers[seat]


def with_farmer(state: State, seat: int, farmer: Farmer, **changes: Any) -> State:
    """``state`` with ``seat``'s farm replaced by ``farmer`` (and the other ``changes``, in the
    same copy)."""
    farmers = state.farmers
    return evolve(state, farmers=farmers[:seat] + (farmer,) + farmers[seat + 1 :], **changes)


def earn(state: State, seat: int, guilders: int = 0, vp: int = 0, tools: int = 0, **changes: Any) -> State:
    """``seat`` gains (or, negative, spends) Guilder, VP and Tools; Guilder beyond 9 is lost.
    ``changes`` to the state's other fields are made in the same copy."""
    if not (guilders or vp or tools):
        return evolve(state, **changes) if changes else state
    farmer = state.farmers[seat]
    money = min(MAX_GUILDERS, farmer.guilders + guilders)
    if money < 0 or farmer.tools + tools < 0:
        raise ValueError(f"seat {seat} cannot pay {-guilders} Guilder / {-tools} Tools")
    changed = evolve(farmer, vp=farmer.vp + vp, guilders=money, tools=farmer.tools + tools)
    return with_farmer(state, seat, changed, **changes)


def give_vp(state: State, owner: int, vp: int) -> State:
    """``owner`` (a seat, or the solo Gardener) scores ``vp``."""
    gardener = state.gardener
    if gardener is not None and owner == GARDENER:
        return evolve(state, gardener=evolve(gardener, vp=gardener.vp + vp))
    return earn(state, owner, vp=vp)


def gain(state: State, seat: int, reward: Reward, times: int = 1) -> State:
    """``seat`` gains a printed ``reward`` ``times`` times: Guilder, VP and Tools at once; the
    bulbs, the extra action and the contract scored now are decisions asked next, in that order."""
    if reward == NOTHING:
        return state
    state = earn(state, seat, reward.guilders * times, reward.vp * times, reward.tools * times)
    if reward.action is None and not (reward.bulbs or reward.any_bulbs or reward.plant_bulbs or reward.score_contract):
        return state  # tokens only: nothing to ask
    after: list[object] = []
    for _ in range(times):
        after += [StoreBulb(seat, colour) for colour in reward.bulbs]
        after += [ChooseColour(seat, COLOURS)] * reward.any_bulbs
        after += [PlantSupply(seat, colour) for colour in reward.plant_bulbs]
        if reward.score_contract:
            after.append(ContractNow(seat))
    for pending in reversed(after):
        state = push(state, pending)
    for _ in range(times if reward.action is not None else 0):
        state = perform(state, seat, WheelAction(id="reward", tier="reward", action=reward.action, strength=reward.strength))
    return state


def perform(state: State, seat: int, action: WheelAction) -> State:
    """``seat`` performs ``action`` (a wheel space's, a tile's or a reward's): its decision is
    asked next, with the helpers it triggers offered before it and after it."""
    if action.effect == "remove_windmill":
        return gain(push(state, RemoveWindmill(seat)), seat, action.gain)
    if action.effect in PAID_EFFECTS:  # the tile's gain is paid by carrying out its rule
        return push(state, TileEffect(seat, action.effect, action.cost))
    if action.action is None:
        return gain(state, seat, action.gain)
    name = action.action
    asked: object
    if name == "lower":
        asked = LowerWater(seat, action.strength, both=action.effect == "both_rewards")
    elif name == "enhance":
        asked = Enhance(seat, times=action.strength)
    elif name == "farm":
        asked = GainFarmCard(seat)
    elif name == "build":
        fee = 1 if action.effect == "no_connection_paid" else 0
        asked = BuildWindmill(seat, unconnected=action.effect in ("no_connection", "no_connection_paid"), fee=fee)
    elif name == "market":
        state = earn(state, seat, guilders=-action.cost)
        asked = VisitMarket(seat, action.strength)
    elif name == "plant":
        asked = PlantBulbs(seat, action.strength, swap=action.effect == "swap_first")
    else:
        asked = ForeignTrade(seat, action.effect)
    state = gain(state, seat, action.gain)
    window = UseHelpers(seat, name, action.strength)  # the helpers' window before and after it
    return evolve(state, stack=state.stack + (window, asked, window))


#: The PROMO 1 rules whose gain comes with carrying them out (see :mod:`.promo`).
PAID_EFFECTS = ("tool_or_guilders_for_vp", "swap_farm", "discard_enhancement", "swap_enhancement")


def storage_cost(state: State, farmer: Farmer) -> int | None:
    """What putting one more bulb in storage costs (``None``: storage is full)."""
    filled = len(farmer.storage)
    return state.components.farm.storage_costs[filled] if filled < STORAGE else None


def without(bulbs: tuple[str, ...], colour: str) -> tuple[str, ...]:
    """``bulbs`` less one ``colour`` bulb, the rest slid left."""
    i = bulbs.index(colour)
    return bulbs[:i] + bulbs[i + 1 :]


def full_slots(farmer: Farmer, role: str) -> bool:
    return len(farmer.helpers if role == "helper" else farmer.contracts) >= SLOTS
