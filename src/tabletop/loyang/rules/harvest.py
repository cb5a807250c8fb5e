"""Phase 1 of a round, the Harvest: each player turns over a new field from their pile, then
harvests 1 vegetable from each sown field (more with the Harvest helper)."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve, replace_top
from tabletop.kernel.rng import Rng
from tabletop.kernel.turns import order_from
from tabletop.loyang import moves
from tabletop.loyang.rules import helpers
from tabletop.loyang.rules.play_area import discard_emptied_field
from tabletop.kernel.shared import shared
from tabletop.loyang.rules.table import harvest_helper, reveal, set_player
from tabletop.loyang.state import (
    DUE,
    HARVEST,
    NO_VEG,
    Field,
    FieldDraw,
    HarvestPending,
    LoyangState,
)


def begin_round(state: LoyangState, number: int) -> LoyangState:
    """Start round ``number``: regular customers are due again; each player turns over the top
    field of their pile (not in the last round; see :func:`turn_over_field`)."""
    seats = list(state.seats)
    for seat in range(state.n):
        player = seats[seat]
        if player.fresh or any(r.status != DUE for r in player.regulars):
            regulars = tuple(r if r.status == DUE else evolve(r, status=DUE) for r in player.regulars)
            seats[seat] = evolve(player, regulars=regulars, fresh=())
    draws: tuple[FieldDraw, ...] = ()
    if number < state.components.rounds:
        # The top field of each pile is a random event (the piles are face down); the start
        # player's first (last on the stack).
        draws = tuple(FieldDraw(seat) for seat in reversed(range(state.n)) if any(seats[seat].pile))
    return evolve(
        state,
        stack=state.stack + draws,
        seats=tuple(seats),
        round=number,
        phase=HARVEST,
        order=order_from(state.start, state.n),
        done=(False,) * state.n,
        partner=(),
    )


def harvest(state: LoyangState, seat: int, **changes: Any) -> LoyangState:
    """Harvest exactly 1 vegetable from each sown field and put it, with the storehouse's
    vegetables, on the cart. Emptied private fields leave the game; emptied common fields go to
    the discard pile (revealing what they covered). ``changes`` are made in the same copy (the
    harvesting decision answered)."""
    player = state.seats[seat]
    harvested = list(player.storehouse)  # counted by vegetable, then added to the cart at once
    home_count = player.home_count
    if home_count > 0:
        harvested[player.home_veg] += 1
        home_count -= 1
    kept: list[Field] = []
    emptied: list[int] = []
    for f in player.fields:
        if f.veg >= 0 and f.count > 0:
            harvested[f.veg] += 1
            if f.count == 1:
                emptied.append(f.card)
                continue
            f = Field(f.card, f.veg, f.count - 1)
        kept.append(f)
    cart = player.cart.plus(harvested)
    player = evolve(player, cart=cart, storehouse=NO_VEG, home_count=home_count, fields=tuple(kept))
    done = state.done[:seat] + (True,) + state.done[seat + 1 :]
    state = set_player(state, seat, player, done=done, **changes)
    for card in emptied:
        state = discard_emptied_field(state, seat, card)
    return state


def harvest_moves(state: LoyangState, pending: HarvestPending) -> tuple[Any, ...]:
    card = harvest_helper(state, pending.seat)
    if card < 0:
        return ()
    fields = state.seats[pending.seat].fields
    extras = [
        shared(moves.ExtraHarvest, i) for i, f in enumerate(fields)
        if f.veg >= 0 and f.count >= 4 and i not in pending.chosen
    ]
    if pending.chosen:
        return (shared(moves.UseHelper, card, "harvest"), *extras)
    if not extras:
        return ()
    return (moves.HARVEST, *extras)


def apply_harvest(state: LoyangState, pending: HarvestPending, move: Any) -> LoyangState:
    if isinstance(move, moves.HarvestFields):
        return harvest(state, pending.seat, stack=state.stack[:-1])
    if isinstance(move, moves.ExtraHarvest):
        return replace_top(state, evolve(pending, chosen=pending.chosen + (move.pos,)))
    return helpers.use_harvest_helper(state, pending, move.card)


def field_outcomes(state: LoyangState, pending: FieldDraw) -> tuple[tuple[int, int], ...]:
    """The fields that may lie on top of ``pending.owner``'s pile: those of its first set left."""
    return next(part for part in state.seats[pending.owner].pile if part).draw_outcomes()


def field_sample(state: LoyangState, pending: FieldDraw, rng: Rng) -> tuple[moves.Reveal, Rng]:
    """The field :func:`field_outcomes` samples, drawn directly."""
    card, rng = next(part for part in state.seats[pending.owner].pile if part).sample_draw(rng)
    return reveal(card), rng


def turn_over_field(state: LoyangState, pending: FieldDraw, move: moves.Reveal) -> LoyangState:
    """The field turned over joins the owner's field row, unsown."""
    player = state.seats[pending.owner]
    first = next(i for i, part in enumerate(player.pile) if part)
    pile = player.pile[:first] + (player.pile[first].take(move.card),) + player.pile[first + 1 :]
    player = evolve(player, pile=pile, fields=player.fields + (Field(move.card),))
    return set_player(state, pending.owner, player, stack=state.stack[:-1])
