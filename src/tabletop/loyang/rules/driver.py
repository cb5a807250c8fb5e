"""The driver of a game of At the Gates of Loyang: the decisions, and the forced steps between
them (:func:`settle`) that run the round - Harvest, Card and Action phases, 9 times.

``RULES`` is the :class:`~tabletop.kernel.engine.Rules` value every state carries: for each
type of pending decision the function listing its moves and the one resolving a move (they live
in the module of the rulebook's part that asks the decision), and :func:`settle`.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import compress
from types import MappingProxyType
from typing import Any

from tabletop.kernel.engine import ChanceDecision, Decision, Rules, evolve, pop, push
from tabletop.loyang import moves, saved, scoring, view
from tabletop.loyang.render import render
from tabletop.loyang.rules import helpers
from tabletop.loyang.rules.actions import (
    action_moves,
    apply_actions,
    choose_partner,
    draw_two_pack_card,
    give,
    keep_moves,
    keep_two_pack,
    two_pack_outcomes,
    two_pack_sample,
)
from tabletop.loyang.rules.card_phase import (
    apply_courtyard,
    apply_offer,
    apply_squire,
    begin_card_phase,
    courtyard_moves,
    deal_card,
    deal_cards,
    end_card_phase,
    flip_card,
    offer_moves,
    play_alone,
    squire_moves,
)
from tabletop.loyang.rules.end import advance_moves, apply_advance, apply_store, finish_turn, store_moves, storehouse_room
from tabletop.loyang.rules.forced_payments import apply_cash, apply_foreman, cash_moves
from tabletop.loyang.rules.harvest import (
    apply_harvest,
    begin_round,
    field_outcomes,
    field_sample,
    harvest,
    harvest_moves,
    turn_over_field,
)
from tabletop.loyang.rules.payments import pay
from tabletop.loyang.rules.preparation import (
    choose_start_player,
    deal_intro,
    deck_card_outcomes,
    deck_card_sample,
    fill_grid,
    home_choices,
    intro_outcomes,
    next_setup_step,
    sow_home_field,
    start_outcomes,
    turn_up_for_opponent,
)
from tabletop.kernel.shared import shared
from tabletop.loyang.rules.table import facts, find, reveal_outcomes, set_player
from tabletop.loyang.state import (
    CARD,
    HARVEST,
    NO_VEG,
    OVER,
    SETUP,
    ActionsPending,
    AdvancePending,
    BonusPending,
    CashPending,
    CourtyardFlip,
    CourtyardPending,
    CrierPending,
    FieldDraw,
    ForemanPending,
    GivePending,
    GridDraw,
    HandDeal,
    HarvestPending,
    IntroDeal,
    KeepPending,
    LoyangState,
    MerchantPending,
    OfferPending,
    OpponentDraw,
    PartnerPending,
    ShopPending,
    SowHomePending,
    SquirePending,
    StartPlayerDraw,
    StorePending,
    TwoPackDraw,
)


def _sow_home_moves(state: LoyangState, pending: SowHomePending) -> tuple[Any, ...]:
    return tuple(moves.SOW_HOME[veg] for veg in home_choices(state, pending.seat))


def _sow_home(state: LoyangState, pending: SowHomePending, move: moves.SowHome) -> LoyangState:
    return sow_home_field(pop(state), pending.seat, move.veg)


def _partner_moves(state: LoyangState, pending: PartnerPending) -> tuple[Any, ...]:
    return tuple(shared(moves.Partner, seat) for seat in range(4) if seat not in (state.start, state.second))


def _choose_partner(state: LoyangState, pending: PartnerPending, move: moves.Partner) -> LoyangState:
    return choose_partner(state, move.seat)


def _give_moves(state: LoyangState, pending: GivePending) -> tuple[Any, ...]:
    cart = state.seats[pending.seat].cart
    return tuple(compress(moves.GIVE, cart))  # the vegetables on the cart


def _give(state: LoyangState, pending: GivePending, move: moves.Give) -> LoyangState:
    return give(state, pending, move.veg)


def _keep_moves(state: LoyangState, pending: KeepPending) -> tuple[Any, ...]:
    return keep_moves(pending)


def _field_outcomes(state: LoyangState, pending: FieldDraw) -> tuple[tuple[Any, int], ...]:
    return reveal_outcomes(field_outcomes(state, pending))


def _foreman_moves(state: LoyangState, pending: ForemanPending) -> tuple[Any, ...]:
    return (moves.FOREMAN_TAKE, moves.FOREMAN_PASS)



#: Every decision of the game: how its moves are listed and resolved, and what it is called;
#: every random event: its outcomes with their weights, and what each outcome does.
DECISIONS: dict[type, Decision[LoyangState] | ChanceDecision[LoyangState]] = {
    StartPlayerDraw: ChanceDecision(start_outcomes, choose_start_player, "choosing the start player"),
    IntroDeal: ChanceDecision(intro_outcomes, deal_intro, "dealing a blue-dot regular customer"),
    OpponentDraw: ChanceDecision(
        deck_card_outcomes, turn_up_for_opponent, "turning up a card for the opponent", deck_card_sample
    ),
    GridDraw: ChanceDecision(deck_card_outcomes, fill_grid, "drawing a card for the grid", deck_card_sample),
    HandDeal: ChanceDecision(deck_card_outcomes, deal_card, "dealing a card", deck_card_sample, deal_cards),
    CourtyardFlip: ChanceDecision(
        deck_card_outcomes, flip_card, "turning a card into the courtyard", deck_card_sample
    ),
    TwoPackDraw: ChanceDecision(
        two_pack_outcomes, draw_two_pack_card, "drawing a card of a two-pack", two_pack_sample
    ),
    FieldDraw: ChanceDecision(
        _field_outcomes, turn_over_field, "turning over a field from a pile", field_sample
    ),
    SowHomePending: Decision(_sow_home_moves, _sow_home, "sowing the home field"),
    HarvestPending: Decision(harvest_moves, apply_harvest, "harvesting"),
    CourtyardPending: Decision(courtyard_moves, apply_courtyard, "playing in the distribution round"),
    SquirePending: Decision(squire_moves, apply_squire, "picking courtyard cards for the Squire"),
    OfferPending: Decision(offer_moves, apply_offer, "buying from the solo grid"),
    PartnerPending: Decision(_partner_moves, _choose_partner, "choosing a partner"),
    ActionsPending: Decision(action_moves, apply_actions, "taking actions"),
    GivePending: Decision(_give_moves, _give, "giving vegetables at a market stall"),
    KeepPending: Decision(_keep_moves, keep_two_pack, "keeping cards of a two-pack"),
    CashPending: Decision(cash_moves, apply_cash, "raising Cash for a payment"),
    ForemanPending: Decision(_foreman_moves, apply_foreman, "deciding whether the Foreman takes a helper"),
    ShopPending: Decision(helpers.session_moves, helpers.session_apply, "setting the shop with the Book-keeper"),
    BonusPending: Decision(helpers.session_moves, helpers.session_apply, "choosing the Book-keeper's vegetable"),
    MerchantPending: Decision(helpers.session_moves, helpers.session_apply, "buying with the Merchant"),
    CrierPending: Decision(helpers.session_moves, helpers.session_apply, "selling with the Market crier"),
    StorePending: Decision(store_moves, apply_store, "storing vegetables"),
    AdvancePending: Decision(advance_moves, apply_advance, "moving on the path of prosperity"),
}


# ---------------------------------------------------------------------------------------------
# Forced steps: a pending decision with nothing to decide is resolved by the rules.


def _pay_when_possible(state: LoyangState, pending: CashPending) -> LoyangState | None:
    if state.seats[pending.seat].cash >= pending.amount:
        return pay(state, pending.seat, pending.amount, pending.payee, stack=state.stack[:-1])
    return None


def _store_when_everything_fits(state: LoyangState, pending: StorePending) -> LoyangState | None:
    """Nothing to decide when everything fits and the storehouse cannot be upgraded."""
    components = state.components
    player = state.seats[pending.seat]
    if not player.upgraded and player.cash >= components.upgrade_cost:
        return None
    fits = sum(player.cart) <= storehouse_room(components, player) and not any(
        player.cart[veg] for veg in facts(components).not_stored
    )
    if fits:
        stored = evolve(player, cart=NO_VEG, storehouse=player.storehouse.plus(player.cart))
        return set_player(state, pending.seat, stored, stack=state.stack[:-1])
    return None


def _stop_at_the_path_end(state: LoyangState, pending: AdvancePending) -> LoyangState | None:
    if state.seats[pending.seat].position >= state.components.path_end:
        return finish_turn(state, pending.seat)
    return None


def _harvest_without_helper(state: LoyangState, pending: HarvestPending) -> LoyangState | None:
    # The moves are kept: when there are some, they are the ones the player is asked.
    if not state.legal_moves():
        return harvest(state, pending.seat, stack=state.stack[:-1])
    return None


def _foreman_gone(state: LoyangState, pending: ForemanPending) -> LoyangState | None:
    """The Foreman is gone (used on another offer) or the helper was taken already."""
    if pending.helper not in state.discard or find(state, pending.seat, "foreman") < 0:
        return pop(state)
    return None


def _drop_out_empty_handed(state: LoyangState, pending: CourtyardPending) -> LoyangState | None:
    if not state.legal_moves():
        return play_alone(pop(state), pending.seat, -1)
    return None


_FORCED: dict[type, Callable[[LoyangState, Any], LoyangState | None]] = {
    CashPending: _pay_when_possible,
    StorePending: _store_when_everything_fits,
    AdvancePending: _stop_at_the_path_end,
    HarvestPending: _harvest_without_helper,
    ForemanPending: _foreman_gone,
    CourtyardPending: _drop_out_empty_handed,
}


def settle(state: LoyangState) -> LoyangState:
    """Run the automatic parts of the game until a real decision is on top of the stack, or the
    game is over (the stack empty in the OVER phase)."""
    while True:
        stack = state.stack
        if not stack:
            if state.phase == OVER:
                return state
            state = step_phase(state)
            continue
        pending = stack[-1]
        forced = _FORCED.get(type(pending))
        if forced is None:  # a decision: settled
            return state
        after = forced(state, pending)
        if after is None:
            return state
        state = after


def step_phase(state: LoyangState) -> LoyangState:
    """The stack is empty: start the next decision or the next phase."""
    phase = state.phase
    if phase == SETUP:
        after = next_setup_step(state)
        return begin_round(state, 1) if after is state else after
    if phase == HARVEST:
        for seat in state.order:
            if not state.done[seat]:
                # Asked only with something to decide (a Harvest helper and a field to use it on).
                pending = HarvestPending(seat)
                return push(state, pending) if harvest_moves(state, pending) else harvest(state, seat)
        return begin_card_phase(state)
    if phase == CARD:
        if state.solo:
            return push(state, OfferPending(0))
        if state.active:
            return push(state, CourtyardPending(state.active[0]))
        return end_card_phase(state)
    if not state.order:
        return push(state, PartnerPending(state.start))
    for seat in state.order:
        if not state.done[seat]:
            return push(state, ActionsPending(seat))
    if state.round >= state.components.rounds:
        return evolve(state, phase=OVER, order=())
    return begin_round(state, state.round + 1)


RULES: Rules[LoyangState] = Rules(
    game="At the Gates of Loyang",
    decisions=MappingProxyType(DECISIONS),
    settle=settle,
    scores=scoring.scores,
    winners=scoring.winners,
    view=view.view,
    to_json=saved.to_json,
    render=render,
)
