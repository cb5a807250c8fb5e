"""The decisions of forced payments and of the Foreman: raising Cash by selling, a helper or a loan;
taking a helper back from the discard pile."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import evolve, pop
from tabletop.loyang import moves
from tabletop.loyang.rules import helpers
from tabletop.loyang.rules.payments import sell_to_shop, take_loan
from tabletop.loyang.rules.play_area import leave_play
from tabletop.loyang.rules.table import find, sale_moves, set_player
from tabletop.loyang.state import (
    CashPending,
    ForemanPending,
    LoyangState,
)


def cash_moves(state: LoyangState, pending: CashPending) -> tuple[Any, ...]:
    components = state.components
    player = state.seats[pending.seat]
    out: list[Any] = sale_moves(state.components, player)
    helpers.cash_moves(state, pending, out)
    out.append(moves.LOAN)
    return tuple(out)


def apply_cash(state: LoyangState, pending: CashPending, move: Any) -> LoyangState:
    if isinstance(move, moves.Sell):
        return sell_to_shop(state, pending.seat, move.veg)
    if isinstance(move, moves.Loan):
        return take_loan(state, pending.seat)
    return helpers.use(state, None, move)


def apply_foreman(state: LoyangState, pending: ForemanPending, move: Any) -> LoyangState:
    """Foreman: take the helper back from the discard pile; the Foreman is then used up."""
    state = pop(state)
    if not move.take:
        return state
    i = len(state.discard) - 1 - state.discard[::-1].index(pending.helper)
    state = evolve(state, discard=state.discard[:i] + state.discard[i + 1 :])
    player = state.seats[pending.seat]
    state = set_player(state, pending.seat, evolve(player, helpers=player.helpers + (pending.helper,)))
    return leave_play(state, pending.seat, find(state, pending.seat, "foreman"))
