"""The helpers that look at extra cards or tiles: the starting helper that draws 3 extra farm
cards on Gain a Farm Enhancement, and the farm card that looks at 3 extra enhancement tiles from
any stacks on Enhance the Wheels. The player alone sees them and may take one as if it were on
offer; those not taken are discarded when the action ends (the rulebook also allows returning
them to the top of their pile; this engine keeps no known order on top of a face-down pile, so
they are discarded, which the rulebook allows as well)."""

from __future__ import annotations

from tabletop.kernel.engine import evolve, pop, push, replace_top
from tabletop.kernel.rng import Rng
from tabletop.windmill_valley.components import TIERS
from tabletop.windmill_valley.moves import Dealt, PeekAt
from tabletop.windmill_valley.state import ChooseStack, DealPeek, State

#: How many extra cards or tiles a peeking helper shows.
PEEKS = 3


def peek_farm_cards(state: State) -> State:
    """Draw up to three extra farm cards for the active player."""
    for _ in range(min(PEEKS, len(state.deck))):
        state = push(state, DealPeek("farm"))
    return state


def peek_tiles(state: State, seat: int) -> State:
    """Look at three extra tiles, each from a stack of the player's choice."""
    return push(state, ChooseStack(seat, PEEKS))


def stack_moves(state: State, pending: ChooseStack) -> tuple[PeekAt, ...]:
    return tuple(PeekAt(tier) for tier, stack in zip(TIERS, state.stacks) if stack)


def choose_stack(state: State, pending: ChooseStack, move: PeekAt) -> State:
    left = pending.left - 1
    state = replace_top(state, ChooseStack(pending.seat, left)) if left else pop(state)
    return push(state, DealPeek(move.tier))


def peek_outcomes(state: State, pending: DealPeek) -> tuple[tuple[Dealt, int], ...]:
    if pending.pile == "farm":
        return tuple((Dealt("peek-farm", str(card)), n) for card, n in state.deck.draw_outcomes())
    stack = state.stacks[TIERS.index(pending.pile)]
    return tuple((Dealt(f"peek-{pending.pile}", tile), n) for tile, n in stack.draw_outcomes())


def peek_sample(state: State, pending: DealPeek, rng: Rng) -> tuple[Dealt, Rng]:
    """What sampling :func:`peek_outcomes` draws, without listing them."""
    if pending.pile == "farm":
        card, rng = state.deck.sample_draw(rng)
        return Dealt("peek-farm", str(card)), rng
    tile, rng = state.stacks[TIERS.index(pending.pile)].sample_draw(rng)
    return Dealt(f"peek-{pending.pile}", tile), rng


def deal_peek(state: State, pending: DealPeek, outcome: Dealt) -> State:
    state = pop(state)
    if pending.pile == "farm":
        card = int(outcome.item)
        return evolve(state, deck=state.deck.take(card), peeked_cards=(*state.peeked_cards, card))
    tier = TIERS.index(pending.pile)
    stacks = state.stacks[:tier] + (state.stacks[tier].take(outcome.item),) + state.stacks[tier + 1 :]
    return evolve(state, stacks=stacks, peeked_tiles=(*state.peeked_tiles, outcome.item))


def discard_peeked(state: State) -> State:
    """The peeked cards and tiles not taken go to their discard piles."""
    if not (state.peeked_cards or state.peeked_tiles):
        return state
    discards = list(state.discards)
    for tile in state.peeked_tiles:
        tier = TIERS.index(state.components.tile(tile).stack)
        discards[tier] = (*discards[tier], tile)
    return evolve(
        state,
        discard=state.discard + state.peeked_cards,
        discards=tuple(discards),
        peeked_cards=(),
        peeked_tiles=(),
    )
