"""The PROMO 1 tiles' own rules (an option), and returning a windmill to the box.

P2: pay 1 Tool or 2 Guilder for 4 VP. P4: swap a farm enhancement with one on offer, 3 VP.
P6: discard a wheel enhancement for 5 VP and 2 Guilder. P7: swap a wheel enhancement with one on
display, free. (P1 and P3 are a gain and a planting; P5, trading both ways, is in :mod:`.bulbs`.)
"""

from __future__ import annotations

from tabletop.kernel.engine import evolve, pop
from tabletop.windmill_valley.moves import Done, DropTile, PayWith, Remove, SwapCard, SwapTile
from tabletop.windmill_valley.rules.common import earn, gain, with_farmer
from tabletop.windmill_valley.state import LARGE, SMALL, RemoveWindmill, State, TileEffect


TileMove = PayWith | SwapCard | DropTile | SwapTile | Done


def remove_moves(state: State, pending: RemoveWindmill) -> tuple[Remove | Done, ...]:
    farmer = state.farmers[pending.seat]
    return (*(Remove(g) for g, left in enumerate(farmer.windmills) if left), Done())


def remove_windmill(state: State, pending: RemoveWindmill, move: Remove | Done) -> State:
    """One windmill of the group goes back to the box (an emptied group scores at the end)."""
    state = pop(state)
    if isinstance(move, Done):
        return state
    farmer = state.farmers[pending.seat]
    groups = farmer.windmills[: move.group] + (farmer.windmills[move.group] - 1,) + farmer.windmills[move.group + 1 :]
    return with_farmer(state, pending.seat, evolve(farmer, windmills=groups, removed=farmer.removed + 1))


def _installed(state: State, seat: int) -> list[tuple[str, int]]:
    farmer = state.farmers[seat]
    return [("large", i) for i in range(LARGE) if farmer.large[i]] + [("small", i) for i in range(SMALL) if farmer.small[i]]


def tile_moves(state: State, pending: TileEffect) -> tuple[TileMove, ...]:
    """What the tile's rule offers (or nothing: the rule is optional)."""
    seat = pending.seat
    farmer = state.farmers[seat]
    moves: list[TileMove] = []
    if pending.effect == "tool_or_guilders_for_vp":
        moves += [PayWith("tool")] if farmer.tools else []
        moves += [PayWith("guilders")] if farmer.guilders >= pending.cost else []
    elif pending.effect == "swap_farm":
        for role, held in (("helper", farmer.helpers), ("contract", farmer.contracts)):
            moves += [SwapCard(role, i, o) for i, card in enumerate(held) if not str(card).startswith("s") for o, c in enumerate(state.offer) if c]
    elif pending.effect == "discard_enhancement":
        moves += [DropTile(wheel, space) for wheel, space in _installed(state, seat)]
    else:
        moves += [SwapTile(w, i, slot) for w, i in _installed(state, seat) for slot, t in enumerate(state.display) if t]
    return (*moves, Done())


def tile_effect(state: State, pending: TileEffect, move: TileMove) -> State:
    """Carry out the tile's rule, then gain what the tile gives for it."""
    seat = pending.seat
    state = pop(state)
    if isinstance(move, Done):
        return state
    farmer = state.farmers[seat]
    if isinstance(move, PayWith):
        state = earn(state, seat, tools=-1) if move.what == "tool" else earn(state, seat, guilders=-pending.cost)
    elif isinstance(move, SwapCard):
        state = _swap_card(state, seat, move)
    elif isinstance(move, DropTile):
        state = _set_space(state, seat, move.wheel, move.space, "")
    else:
        own = (farmer.large if move.wheel == "large" else farmer.small)[move.space]
        display = state.display[: move.slot] + (own,) + state.display[move.slot + 1 :]
        state = _set_space(evolve(state, display=display), seat, move.wheel, move.space, state.display[move.slot])
    return gain(state, seat, next(tile.gain for tile in state.components.promo if tile.effect == pending.effect))


def _set_space(state: State, seat: int, wheel: str, space: int, tile: str) -> State:
    farmer = state.farmers[seat]
    if wheel == "large":
        farmer = evolve(farmer, large=farmer.large[:space] + (tile,) + farmer.large[space + 1 :])
    else:
        farmer = evolve(farmer, small=farmer.small[:space] + (tile,) + farmer.small[space + 1 :])
    return with_farmer(state, seat, farmer)


def _swap_card(state: State, seat: int, move: SwapCard) -> State:
    farmer = state.farmers[seat]
    taken = state.offer[move.offer]
    if move.role == "helper":
        given = int(farmer.helpers[move.slot])
        helpers = farmer.helpers[: move.slot] + (str(taken),) + farmer.helpers[move.slot + 1 :]
        farmer = evolve(farmer, helpers=helpers)
    else:
        given = farmer.contracts[move.slot]
        farmer = evolve(farmer, contracts=farmer.contracts[: move.slot] + (taken,) + farmer.contracts[move.slot + 1 :])
    offer = state.offer[: move.offer] + (given,) + state.offer[move.offer + 1 :]
    return evolve(with_farmer(state, seat, farmer), offer=offer)



