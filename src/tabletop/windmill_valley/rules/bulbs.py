"""The bulbs: gaining them into storage (seven spaces, the two rightmost paid, or exchanged for
a stored bulb), choosing a colour, Plant Tulip Bulbs and Conduct Foreign Trade."""

from __future__ import annotations

from tabletop.kernel.engine import evolve, pop, push, replace_top
from tabletop.windmill_valley.components import COLOURS
from tabletop.windmill_valley.moves import Collect, Colour, Done, Exchange, PlaceTrade, Plant, Quarter, Store
from tabletop.windmill_valley.rules.common import earn, gain, storage_cost, with_farmer, without
from tabletop.windmill_valley.rules.possible import trade_placements
from tabletop.windmill_valley.state import (
    COLUMNS,
    ChooseColour,
    DealTrade,
    ForeignTrade,
    KeepBulbs,
    PlantBulbs,
    PlantSupply,
    State,
    StoreBulb,
    TradeReward,
)


def stored_colours(bulbs: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(c for c in COLOURS if c in bulbs)


def store_moves(state: State, pending: StoreBulb) -> tuple[Store | Done, ...]:
    """Pay for the next storage space, or put the bulb in place of a stored one (free), or let
    it go."""
    farmer = state.farmers[pending.seat]
    cost = storage_cost(state, farmer)
    moves: list[Store | Done] = []
    if cost is not None and cost <= farmer.guilders:
        moves.append(Store())
    moves += [Store(swap=c) for c in stored_colours(farmer.storage) if c != pending.colour]
    moves.append(Done())
    return tuple(moves)


def store_bulb(state: State, pending: StoreBulb, move: Store | Done) -> State:
    """The bulb into the next storage space (its extra cost paid) or over a stored bulb (which
    returns to the supply), or back to the supply."""
    if isinstance(move, Done):
        return pop(state)
    seat = pending.seat
    farmer = state.farmers[seat]
    if move.swap is None:
        cost = storage_cost(state, farmer) or 0
        if cost > farmer.guilders:
            raise ValueError(f"seat {seat} cannot pay {cost} Guilder")
        stored = evolve(farmer, guilders=farmer.guilders - cost, storage=(*farmer.storage, pending.colour))
        return with_farmer(state, seat, stored, stack=state.stack[:-1])
    i = farmer.storage.index(move.swap)
    storage = farmer.storage[:i] + (pending.colour,) + farmer.storage[i + 1 :]
    return with_farmer(state, seat, evolve(farmer, storage=storage), stack=state.stack[:-1])


def colour_moves(state: State, pending: ChooseColour) -> tuple[Colour, ...]:
    return tuple(Colour(c) for c in pending.colours)


def choose_colour(state: State, pending: ChooseColour, move: Colour) -> State:
    return replace_top(state, StoreBulb(pending.seat, move.colour))


def plant_moves(state: State, pending: PlantBulbs) -> tuple[Plant | Exchange | Done, ...]:
    """A stored bulb of any colour into the leftmost free patch of any row; first, with the
    tiles that allow it, one stored bulb exchanged with the supply; or stop planting."""
    farmer = state.farmers[pending.seat]
    rows = [r for r, row in enumerate(farmer.patches) if len(row) < COLUMNS]
    moves: list[Plant | Exchange | Done] = [Plant(c, r) for c in stored_colours(farmer.storage) for r in rows]
    if pending.swap and pending.planted == 0:
        moves += [Exchange(out, into) for out in stored_colours(farmer.storage) for into in COLOURS if into != out]
    moves.append(Done())
    return tuple(moves)


def plant_bulbs(state: State, pending: PlantBulbs, move: Plant | Exchange | Done) -> State:
    """Plant one bulb (gaining the patch's printed reward) and slide storage left."""
    if isinstance(move, Done):
        return pop(state)
    seat = pending.seat
    farmer = state.farmers[seat]
    if isinstance(move, Exchange):
        i = farmer.storage.index(move.out)
        storage = farmer.storage[:i] + (move.into,) + farmer.storage[i + 1 :]
        state = with_farmer(state, seat, evolve(farmer, storage=storage))
        return replace_top(state, evolve(pending, swap=False))
    row = farmer.patches[move.row]
    patches = farmer.patches[: move.row] + ((*row, move.colour),) + farmer.patches[move.row + 1 :]
    state = with_farmer(state, seat, evolve(farmer, storage=without(farmer.storage, move.colour), patches=patches))
    left = pending.left - 1
    state = replace_top(state, evolve(pending, left=left, planted=pending.planted + 1, swap=False)) if left else pop(state)
    reward = state.components.farm.patches[move.row][len(row)]
    return gain(state, seat, reward) if reward is not None else state


def supply_moves(state: State, pending: PlantSupply) -> tuple[Plant | Done, ...]:
    """The leftmost free patch of any row (or no planting, when the patches are full)."""
    farmer = state.farmers[pending.seat]
    return (*(Plant(pending.colour, r) for r, row in enumerate(farmer.patches) if len(row) < COLUMNS), Done())


def plant_supply(state: State, pending: PlantSupply, move: Plant | Done) -> State:
    """Plant the supply's bulb straight into a patch, gaining the patch's reward."""
    state = pop(state)
    if isinstance(move, Done):
        return state
    farmer = state.farmers[pending.seat]
    row = farmer.patches[move.row]
    patches = farmer.patches[: move.row] + ((*row, move.colour),) + farmer.patches[move.row + 1 :]
    state = with_farmer(state, pending.seat, evolve(farmer, patches=patches))
    reward = state.components.farm.patches[move.row][len(row)]
    return gain(state, pending.seat, reward) if reward is not None else state


def trade_moves(state: State, pending: ForeignTrade) -> tuple[PlaceTrade | Collect | Done, ...]:
    """Place a stored bulb (a supply bulb, with the starting helper) of a colour not on the card
    on a free spot, or take every bulb on it."""
    any_colour = pending.effect == "any_colour"
    if pending.any_two:
        free = [spot for spot, bulb in enumerate(state.spots) if not bulb]
        placements = tuple((c, s) for c in COLOURS if any_colour or c not in state.spots for s in free)
    else:
        placements = trade_placements(state, pending.seat, any_colour)
    moves: list[PlaceTrade | Collect | Done] = [PlaceTrade(c, spot) for c, spot in placements]
    if any(state.spots) and pending.effect != "place_only":
        moves.append(Collect())
    return tuple(moves) or (Done(),)


def foreign_trade(state: State, pending: ForeignTrade, move: PlaceTrade | Collect | Done) -> State:
    """Place: gain the two quarters next to the spot (with the tiles' extra rewards); a card
    holding four bulbs returns them and goes under the stack. Collect: keep any of them."""
    seat = pending.seat
    state = pop(state)
    if isinstance(move, Done):
        return state
    if isinstance(move, Collect):
        bulbs = tuple(b for b in state.spots if b)
        state = evolve(state, spots=("",) * len(state.spots))
        if pending.effect == "trade_both":  # then place a bulb as well
            state = push(state, ForeignTrade(seat, "place_only"))
        return push(state, KeepBulbs(seat, bulbs))
    farmer = state.farmers[seat]
    if not pending.any_two:
        state = with_farmer(state, seat, evolve(farmer, storage=without(farmer.storage, move.colour)))
    spots = state.spots[: move.spot] + (move.colour,) + state.spots[move.spot + 1 :]
    card = state.components.trade_card(state.trade)
    near: tuple[int, ...] = (move.spot, (move.spot + 1) % 4)
    others = tuple(q for q in range(4) if q not in near)
    if pending.any_two:  # the starting helper: any two rewards of the card
        state = push(state, TradeReward(seat, card.id, (0, 1, 2, 3), 2))
        near = ()
    # The fee may be paid with Guilder the adjacent rewards bring: it is asked after them.
    elif pending.effect == "extra_reward_paid":
        state = push(state, TradeReward(seat, card.id, others, 1, fee=1))
    elif pending.effect == "all_rewards_paid":
        state = push(state, TradeReward(seat, card.id, others, 2, fee=1))
    sizes: list[int] = []
    for quarter in reversed(near):
        before = len(state.stack)
        state = gain(state, seat, card.quarters[quarter])
        sizes.insert(0, len(state.stack) - before)
    if len(sizes) == 2 and all(sizes):  # both ask decisions: resolved in any order
        state = push(state, TradeReward(seat, card.id, near, 0, blocks=tuple(sizes)))
    if not all(spots):
        return evolve(state, spots=spots)
    # The full card goes under the stack and the next one is revealed before any reward is used.
    state = evolve(state, spots=("",) * 4, trade_pile=state.trade_pile.put_under((state.trade,)))
    return push(state, DealTrade())


def quarter_moves(state: State, pending: TradeReward) -> tuple[Quarter | Done, ...]:
    if pending.blocks:
        return tuple(Quarter(q) for q in pending.quarters)
    if state.farmers[pending.seat].guilders < pending.fee:
        return (Done(),)
    return (*(Quarter(q) for q in pending.quarters), Done())


def trade_reward(state: State, pending: TradeReward, move: Quarter | Done) -> State:
    """The extra rewards a trade tile pays for: 1 Guilder for the first, the rest free."""
    if isinstance(move, Done):
        return pop(state)
    if pending.blocks:  # the chosen quarter's decisions go on top
        state = pop(state)
        if move.index == pending.quarters[0]:
            return state
        first, second = pending.blocks
        stack = state.stack
        both = len(stack) - first - second
        return evolve(state, stack=(*stack[:both], *stack[len(stack) - first :], *stack[both : len(stack) - first]))
    state = earn(state, pending.seat, guilders=-pending.fee)
    left = pending.count - 1
    quarters = tuple(q for q in pending.quarters if q != move.index)
    state = replace_top(state, TradeReward(pending.seat, pending.card, quarters, left)) if left and quarters else pop(state)
    return gain(state, pending.seat, state.components.trade_card(pending.card).quarters[move.index])


def keep_moves(state: State, pending: KeepBulbs) -> tuple[Colour | Done, ...]:
    return (*(Colour(c) for c in stored_colours(pending.bulbs)), Done())


def keep_bulbs(state: State, pending: KeepBulbs, move: Colour | Done) -> State:
    """Keep one of the collected bulbs (the rest return to the supply when done)."""
    if isinstance(move, Done):
        return pop(state)
    rest = without(pending.bulbs, move.colour)
    state = replace_top(state, KeepBulbs(pending.seat, rest)) if rest else pop(state)
    return push(state, StoreBulb(pending.seat, move.colour))
