"""The end of a player's turn and of the game: storing vegetables, the path of prosperity."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve
from tabletop.loyang import moves
from tabletop.loyang.components import Components
from tabletop.loyang.rules.payments import sell_to_shop, take_loan
from tabletop.loyang.rules.play_area import leave_play
from tabletop.loyang.rules.table import DISCARD, all_to_supply, sale_moves, set_player
from tabletop.loyang.state import (
    NO_VEG,
    ActionsPending,
    AdvancePending,
    LoyangState,
    Player,
    StorePending,
)


def store_moves(state: LoyangState, pending: StorePending) -> tuple[Any, ...]:
    components = state.components
    player = state.seats[pending.seat]
    cart = player.cart
    out: list[Any] = []
    if storehouse_room(components, player) > 0:
        out = [moves.STORE[v] for v in components.storehouse_accepts if cart[v]]
    if not player.upgraded and player.cash >= components.upgrade_cost:
        out.append(moves.UPGRADE)
    out.extend(sale_moves(components, player))
    out.append(moves.LOAN)
    out.append(moves.DONE)
    return tuple(out)


def storehouse_room(components: Components, player: Player) -> int:
    capacity = components.storehouse_upgraded if player.upgraded else components.storehouse
    return capacity - sum(player.storehouse)


def apply_store(state: LoyangState, pending: StorePending, move: Any) -> LoyangState:
    """Store: the storehouse holds 1 vegetable (4 once upgraded for 2 Cash) of the kinds it
    shows; what does not fit is sold to the shop or goes back to the supply."""
    seat = pending.seat
    player = state.seats[seat]
    if isinstance(move, moves.Store):
        player = evolve(player, cart=player.cart.take(move.veg), storehouse=player.storehouse.add(move.veg))
        return set_player(state, seat, player)
    if isinstance(move, moves.Upgrade):
        return set_player(state, seat, evolve(player, cash=player.cash - state.components.upgrade_cost, upgraded=True))
    if isinstance(move, moves.Sell):
        return sell_to_shop(state, seat, move.veg)
    if isinstance(move, moves.Loan):
        return take_loan(state, seat)
    emptied = evolve(player, cart=NO_VEG)
    return set_player(state, seat, emptied, stack=state.stack[:-1], **all_to_supply(state, player.cart))


def step_cost(components: Components, player: Player, steps: int) -> int:
    """The first step of a round costs 1 Cash; each further step the value of the space."""
    return components.first_step if steps == 0 else components.path_values[player.position]


def advance_moves(state: LoyangState, pending: AdvancePending) -> tuple[Any, ...]:
    """Step (if affordable), take a loan ("at any time"), discard a helper (helpers "can be
    discarded at any time": a card it covers is revealed after the turn, so a regular customer
    is not due this round) or stop."""
    player = state.seats[pending.seat]
    discards = tuple(map(DISCARD.__getitem__, player.helpers))
    if can_step(state.components, player, pending.steps):
        return (moves.STEP, *discards, moves.LOAN, moves.STOP)
    return (*discards, moves.LOAN, moves.STOP)


def apply_advance(state: LoyangState, pending: AdvancePending, move: Any) -> LoyangState:
    if isinstance(move, moves.Stop):
        return finish_turn(state, pending.seat)
    if isinstance(move, moves.Loan):
        return take_loan(state, pending.seat)
    if isinstance(move, moves.DiscardHelper):
        return leave_play(state, pending.seat, move.card)
    player = state.seats[pending.seat]
    cost = step_cost(state.components, player, pending.steps)
    stepped = evolve(player, cash=player.cash - cost, position=player.position + 1)
    stack = state.stack[:-1] + (AdvancePending(pending.seat, pending.steps + 1),)
    return set_player(state, pending.seat, stepped, stack=stack)


def finish_turn(state: LoyangState, seat: int) -> LoyangState:
    """The turn is over. The next player's Action phase, when the turn was all that was asked,
    is asked in the same copy (what the driver's ``step_phase`` would push next)."""
    done = state.done[:seat] + (True,) + state.done[seat + 1 :]
    stack = state.stack[:-1]
    if not stack:
        for following in state.order:
            if not done[following]:
                stack = (ActionsPending(following),)
                break
    return evolve(state, stack=stack, done=done)


def can_step(components: Components, player: Player, steps: int) -> bool:
    return player.position < components.path_end and player.cash >= step_cost(components, player, steps)
