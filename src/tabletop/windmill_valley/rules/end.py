"""The forced steps between decisions (:func:`settle`), the end of a turn, the Queen's Wish and
the end of the game: once a player reaches the calendar's last space, the round is finished,
then everyone plays one more turn (not in the expert variant), then the final scoring."""

from __future__ import annotations

from tabletop.kernel.engine import evolve, push
from tabletop.windmill_valley.rules.bulbs import store_bulb
from tabletop.windmill_valley.rules.common import storage_cost, with_farmer
from tabletop.windmill_valley.rules.gardener import start_turn
from tabletop.windmill_valley.rules.helpers import usable_helpers
from tabletop.windmill_valley.rules.market import step_down
from tabletop.windmill_valley.rules.turn import action_moves, begin_turn
from tabletop.windmill_valley.moves import Store
from tabletop.windmill_valley.scoring import gardener_score, tie_break, tiers_of
from tabletop.windmill_valley.scoring import winners as rivals_winners
from tabletop.windmill_valley.state import (
    GARDENER,
    SLOTS,
    ChooseAction,
    ContractNow,
    EndTurn,
    State,
    StoreBulb,
    Turn,
    UseHelpers,
)


def settle(state: State) -> State:
    """Perform the forced steps until a real decision is asked or the game is over: the end of
    a turn, decisions left without a choice, a bulb stored in a free space, the Queen's Wish."""
    state = queens_wish(state)
    for farmer in state.farmers:
        if farmer.stacked:
            state = step_down(state)
            break
    # Decisions without a choice are dropped together, in one copy: ``kept`` counts the
    # decisions of ``stack`` still pending.
    stack = state.stack
    kept = len(stack)
    while kept:
        top = stack[kept - 1]
        if isinstance(top, EndTurn):
            state = queens_wish(end_turn(evolve(state, stack=stack[: kept - 1]), top.seat))  # met during another's turn
        elif isinstance(top, StoreBulb) and storage_cost(state, state.farmers[top.seat]) == 0:
            state = store_bulb(_keep(state, kept), top, Store())
        elif type(top) in MAY_GO_UNASKED and _nothing_to_choose(state, top, stack[kept - 2] if kept > 1 else None):
            kept -= 1
            continue
        else:
            break
        stack = state.stack
        kept = len(stack)
    return _keep(state, kept)


def _keep(state: State, kept: int) -> State:
    """``state`` with only the first ``kept`` decisions of its stack pending."""
    return state if kept == len(state.stack) else evolve(state, stack=state.stack[:kept])


#: The decisions that may have no answer (then they are not asked): see :func:`_nothing_to_choose`.
MAY_GO_UNASKED = frozenset({ChooseAction, UseHelpers, ContractNow})


def _nothing_to_choose(state: State, top: object, below: object) -> bool:
    """Whether decision ``top`` (over ``below``) has no answer, so it is not asked."""
    if isinstance(top, ChooseAction):  # never empty before the first action (2 Guilder then)
        return bool(state.turn.performed) and not action_moves(state, top)
    if isinstance(top, UseHelpers):
        return not usable_helpers(state, top, below)
    if isinstance(top, ContractNow):
        return not state.farmers[top.seat].contracts
    return False


def end_turn(state: State, seat: int) -> State:
    """The next player's turn; after the last seat's, the round ends, and with it the game
    once the end was triggered (in the expert variant) or the extra round is over."""
    turn = state.turn
    gardener = state.gardener
    if gardener is not None and seat == 0:  # solo: the Gardener plays, then the round ends
        return start_turn(push(state, EndTurn(GARDENER)))
    nxt = (seat + 1) % max(2, state.players)
    ending, rounds = turn.ending, turn.round
    if nxt == 0:
        extra = not state.expert and (gardener is None or state.components.level(gardener.difficulty).extra_round)
        if ending == 2 or (ending == 1 and not extra):
            return evolve(state, stack=())
        ending = 2 if ending == 1 else 0
        rounds += 1
    nxt = nxt % state.players
    return begin_turn(state, nxt, turn=Turn(seat=nxt, round=rounds, ending=ending))


#: How many players can score the Queen's Wish (one value each).


def queens_wish(state: State) -> State:
    """The player whose turn it is scores the Queen's Wish the moment they fulfil it: the
    highest value still free, covered with their spare marker (once per player)."""
    if not state.wish or state.wishes >= len(state.components.wish_values) or not state.turn:
        return state
    seat = state.turn.seat
    farmer = state.farmers[seat]
    if farmer.wished or farmer.board < 0 or not wish_met(state, seat):
        return state
    wished = evolve(farmer, vp=farmer.vp + state.components.wish_values[state.wishes], wished=True)
    return with_farmer(state, seat, wished, wishes=state.wishes + 1)


def wish_met(state: State, seat: int) -> bool:
    """Whether ``seat`` fulfils the Queen's Wish in play."""
    card = state.components.starting_card(state.wish)
    farmer = state.farmers[seat]
    wish = card.wish
    if wish == "tools6":
        return farmer.tools >= 6
    if wish == "contract_groups":
        borders = {state.components.farm_card(card).border for card in farmer.contracts}
        return {"red", "yellow", "blue"} <= borders
    if wish == "patches":
        return all(len(farmer.patches[r]) > c for r, c in card.wish_patches)
    if wish == "mills4":
        return state.mills.count(seat) >= 4 and largest_group(state, seat) >= 4
    if wish == "full_slots":
        return len(farmer.helpers) == SLOTS and len(farmer.contracts) == SLOTS
    if sum(1 for tile in farmer.large if tile) + sum(1 for tile in farmer.small if tile) < 6:
        return False  # fewer than six tiles installed
    tiers = tiers_of(state.components, farmer)
    return len(tiers) >= 6 and tiers.count("uncommon") >= 2 and tiers.count("unique") >= 2


def largest_group(state: State, seat: int) -> int:
    """The most of ``seat``'s windmills joined by an unbroken path of windmills."""
    best = 0
    seen: set[int] = set()
    for start, owner in enumerate(state.mills):
        if owner != seat or start in seen:
            continue
        group, frontier = {start}, [start]
        while frontier:
            space = frontier.pop()
            for other in state.components.neighbours[space]:
                if state.mills[other] >= 0 and other not in group:
                    group.add(other)
                    frontier.append(other)
        seen |= group
        best = max(best, sum(1 for s in group if state.mills[s] == seat))
    return best



def winners(state: State) -> tuple[int, ...]:
    """The seats sharing first place once the game is over. Solo: the player wins against the
    Gardener's score with the same tie-breaks (his garden planted, no storage, his windmills on
    the board); a full tie is shared; a loss leaves no winner."""
    gardener = state.gardener
    if gardener is None or state.stack:
        return rivals_winners(state)
    mills = sum(1 for owner in state.mills if owner == GARDENER)
    his = (gardener_score(state), sum(len(row) for row in gardener.garden), 0, mills)
    return (0,) if tie_break(state, 0) >= his else ()
