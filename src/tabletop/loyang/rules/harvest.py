"""Setup (sowing the home field) and phase 1 of a round, the Harvest: a new field from the pile,
then 1 vegetable from each sown field (more with the Harvest helper)."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve, pop, replace_top
from tabletop.kernel.turns import order_from
from tabletop.loyang import moves
from tabletop.loyang.rules import helpers
from tabletop.loyang.rules.table import cached, harvest_helper, set_player, take_from_supply
from tabletop.loyang.rules.play_area import discard_emptied_field
from tabletop.loyang.state import (
    DUE,
    Field,
    HARVEST,
    HarvestPending,
    LoyangState,
    NO_VEG,
)


def sow_home_field(state: LoyangState, seat: int, veg: int) -> LoyangState:
    """Buy 1 vegetable from your own shop and sow your home field with it; the other 8 tokens
    come from the supply."""
    components = state.components
    player = state.seats[seat]
    spaces = components.home.spaces
    player = evolve(
        player,
        cash=player.cash - components.vegetables[veg].buy,
        shop=player.shop.take(veg),
        home_veg=veg,
        home_count=spaces,
    )
    done = state.done[:seat] + (True,) + state.done[seat + 1 :]
    return take_from_supply(set_player(state, seat, player, done=done), veg, spaces - 1)


def home_choices(state: LoyangState, seat: int) -> list[int]:
    """Wheat, pumpkin or turnip, in the shop, and chosen by fewer than 2 players so far."""
    components = state.components
    player = state.seats[seat]
    chosen = [other.home_veg for other in state.seats[: state.n]]
    return [
        v for v in components.home.accepts
        if player.shop[v] > 0 and player.cash >= components.vegetables[v].buy and chosen.count(v) < 2
    ]


def begin_round(state: LoyangState, number: int) -> LoyangState:
    """Start round ``number``: regular customers are due again; each player turns over the top
    field of their pile (not in the last round)."""
    seats = list(state.seats)
    for seat in range(state.n):
        player = seats[seat]
        regulars = tuple(r if r.status == DUE else evolve(r, status=DUE) for r in player.regulars)
        fields, pile = player.fields, player.pile
        if number < state.components.rounds and pile:
            fields, pile = fields + (Field(pile[0]),), pile[1:]
        seats[seat] = evolve(player, regulars=regulars, fields=fields, pile=pile, fresh=())
    return evolve(
        state,
        seats=tuple(seats),
        round=number,
        phase=HARVEST,
        order=order_from(state.start, state.n),
        done=(False,) * state.n,
        partner=(),
    )


def harvest(state: LoyangState, seat: int) -> LoyangState:
    """Harvest exactly 1 vegetable from each sown field and put it, with the storehouse's
    vegetables, on the cart. Emptied private fields leave the game; emptied common fields go to
    the discard pile (revealing what they covered)."""
    player = state.seats[seat]
    cart = player.cart.plus(player.storehouse)
    home_count = player.home_count
    if home_count > 0:
        cart = cart.add(player.home_veg)
        home_count -= 1
    kept: list[Field] = []
    emptied: list[int] = []
    for f in player.fields:
        if f.veg >= 0 and f.count > 0:
            cart = cart.add(f.veg)
            if f.count == 1:
                emptied.append(f.card)
                continue
            f = evolve(f, count=f.count - 1)
        kept.append(f)
    player = evolve(player, cart=cart, storehouse=NO_VEG, home_count=home_count, fields=tuple(kept))
    done = state.done[:seat] + (True,) + state.done[seat + 1 :]
    state = set_player(state, seat, player, done=done)
    for card in emptied:
        state = discard_emptied_field(state, seat, card)
    return state


def harvest_moves(state: LoyangState, pending: HarvestPending) -> tuple[Any, ...]:
    card = harvest_helper(state, pending.seat)
    if card < 0:
        return ()
    fields = state.seats[pending.seat].fields
    extras = [
        cached(moves.ExtraHarvest(i)) for i, f in enumerate(fields)
        if f.veg >= 0 and f.count >= 4 and i not in pending.chosen
    ]
    if pending.chosen:
        return (cached(moves.UseHelper(card, "harvest")), *extras)
    if not extras:
        return ()
    return (moves.HARVEST, *extras)


def apply_harvest(state: LoyangState, pending: HarvestPending, move: Any) -> LoyangState:
    if isinstance(move, moves.HarvestFields):
        return harvest(pop(state), pending.seat)
    if isinstance(move, moves.ExtraHarvest):
        return replace_top(state, evolve(pending, chosen=pending.chosen + (move.pos,)))
    return helpers.use_harvest_helper(state, pending, move.card)
