"""Helpers: the farm cards hired into the top slots and the starting card. Each may be used
once per turn, from the moment its triggering action is chosen, before or after it (so it is
offered just before the action and again just after)."""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

from tabletop.kernel.engine import evolve, pop, push
from tabletop.windmill_valley.components import COLOURS, Components, Reward
from tabletop.windmill_valley.moves import DONE, Done, ScoreContract, UseHelper
from tabletop.windmill_valley.rules.common import earn, gain
from tabletop.windmill_valley.scoring import contract_score
from tabletop.windmill_valley.rules.peeks import peek_farm_cards, peek_tiles
from tabletop.windmill_valley.state import ChooseColour, ContractNow, Enhance, ForeignTrade, GainFarmCard, LowerWater, MarketChoice, PlantBulbs, State, UseHelpers

#: The starting cards' abilities used as helpers: the action they trigger on.
STARTING_TRIGGERS = {
    "plant_extra": "plant",
    "build_bonus": "build",
    "enhance_bulb": "enhance",
    "trade_any_two": "trade",
    "farm_peek": "farm",
}


def usable(state: State, pending: UseHelpers, helper: str, below: object) -> bool:
    """Whether ``helper`` may answer this trigger now (not used yet this turn), ``below`` the
    decision under the window (the action, before it is performed; ``None`` at the bottom)."""
    if helper in state.turn.helpers:
        return False
    if helper.startswith("s"):
        ability = state.components.starting_card(int(helper[1:])).ability
        if ability == "plant_extra" and state.farmers[pending.seat].vp < 1:
            return False
        if ability == "trade_any_two" and not isinstance(below, ForeignTrade):  # changes the trade: before it
            return False
        if ability == "farm_peek" and not (isinstance(below, GainFarmCard) and state.deck):  # before the choice
            return False
        return STARTING_TRIGGERS.get(ability) == pending.trigger
    card = state.components.farm_card(int(helper))
    if card.trigger != pending.trigger or pending.strength < card.trigger_min:
        return False
    if card.helper_effect == "lower_plus_one":  # adds to the action: only before it
        return isinstance(below, LowerWater)
    if card.helper_effect == "peek_enhancements":  # extra tiles to choose from: before the choice
        return isinstance(below, Enhance) and any(state.stacks)
    return True


@functools.lru_cache(maxsize=8)
def trigger_of(components: Components) -> Mapping[str, str | None]:
    """The action each helper card of ``components`` answers (``s<n>``: starting card ``n``;
    else a farm card's number), ``None`` for a starting card that is no helper: a helper of
    another action is never usable, which settles most windows without looking further."""
    return MappingProxyType({
        **{f"s{card.id}": STARTING_TRIGGERS.get(card.ability) for card in components.starting},
        **{str(card.id): card.trigger for card in components.farm_cards},
    })


def usable_helpers(state: State, pending: UseHelpers, below: object) -> tuple[str, ...]:
    """The helpers ``pending``'s seat may use now, ``below`` the decision under the window."""
    trigger, triggers = pending.trigger, trigger_of(state.components)
    return tuple(
        h for h in state.farmers[pending.seat].helpers if triggers[h] == trigger and usable(state, pending, h, below)
    )


def helper_moves(state: State, pending: UseHelpers) -> tuple[UseHelper | Done, ...]:
    stack = state.stack
    usable_now = usable_helpers(state, pending, stack[-2] if len(stack) > 1 else None)
    return (*(UseHelper(h) for h in usable_now), DONE) if usable_now else ()


def use_helper(state: State, pending: UseHelpers, move: UseHelper | Done) -> State:
    """Use one helper (the window stays open for the others) or close the window."""
    if isinstance(move, Done):
        return pop(state)
    seat = pending.seat
    state = evolve(state, turn=evolve(state.turn, helpers=(*state.turn.helpers, move.card)))
    if move.card.startswith("s"):
        return _starting_ability(state, seat, state.components.starting_card(int(move.card[1:])).ability)
    card = state.components.farm_card(int(move.card))
    effect = card.helper_effect
    if effect == "lower_plus_one":
        below = state.stack[-2]
        assert isinstance(below, LowerWater)
        return _strengthen(state, evolve(below, strength=below.strength + 1))
    if effect == "peek_enhancements":
        return peek_tiles(state, seat)
    if effect == "market_adjacent":
        state = push(state, MarketChoice(seat, -1, 1))
    elif effect is not None and effect.startswith("bulb_choice:"):
        state = push(state, ChooseColour(seat, tuple(c for c in COLOURS if c in effect.split(":")[1].split(","))))
    return gain(state, seat, card.helper)


def _starting_ability(state: State, seat: int, ability: str) -> State:
    if ability == "build_bonus":
        return earn(state, seat, guilders=1, vp=1)
    if ability == "enhance_bulb":
        return push(state, ChooseColour(seat, COLOURS))
    if ability == "farm_peek":
        return peek_farm_cards(state)
    if ability == "trade_any_two":
        below = state.stack[-2]
        assert isinstance(below, ForeignTrade)
        return evolve(state, stack=(*state.stack[:-2], evolve(below, any_two=True), state.stack[-1]))
    # plant_extra: pay 1 VP to plant one bulb more (in this action, or as a planting of its own)
    state = earn(state, seat, vp=-1)
    below = state.stack[-2] if len(state.stack) > 1 else None
    if isinstance(below, PlantBulbs):
        return _strengthen(state, evolve(below, left=below.left + 1))
    return gain(state, seat, Reward(action="plant", strength=1))


def _strengthen(state: State, action: LowerWater | PlantBulbs) -> State:
    """The action under the helpers' window, one stronger, and the windows before and after
    it too: a helper that needs a stronger action (Lower the Water Level 2+, Plant 2+) sees it."""
    stack = list(state.stack)
    stack[-2] = action
    for i in (-1, -3):
        window = stack[i] if len(stack) >= -i else None
        if isinstance(window, UseHelpers) and window.seat == action.seat:
            stack[i] = evolve(window, strength=window.strength + 1)
    return evolve(state, stack=tuple(stack))



def contract_moves(state: State, pending: ContractNow) -> tuple[ScoreContract | Done, ...]:
    return (*(ScoreContract(slot) for slot in range(len(state.farmers[pending.seat].contracts))), Done())


def score_contract_now(state: State, pending: ContractNow, move: ScoreContract | Done) -> State:
    """Score one contract now (it scores again at the end)."""
    state = pop(state)
    if isinstance(move, Done):
        return state
    card = state.farmers[pending.seat].contracts[move.slot]
    return earn(state, pending.seat, vp=contract_score(state, pending.seat, card))
