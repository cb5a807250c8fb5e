"""Visit the Market: pay the red number, optionally move a neutral marker (once per turn, 1
Guilder, to an area the marker will pass), then step clockwise area by area, gaining one reward
of each area reached once plus once per other marker there (at most three times)."""

from __future__ import annotations

from tabletop.kernel.engine import evolve, pop, push, replace_top
from tabletop.windmill_valley.moves import Enter, MarketReward, MoveNeutral
from tabletop.windmill_valley.rules.common import earn, gain, with_farmer
from tabletop.windmill_valley.state import AREA_SPACES, GARDENER, MarketChoice, State, VisitMarket

#: The most times one reward is gained in one area.
MOST_TIMES = 3

#: The starting helper whose holder divides an area's strength and moves markers for free.
SPLIT = "market_split"


def has_ability(state: State, seat: int, ability: str) -> bool:
    """Whether ``seat`` holds the starting card with ``ability`` as a helper."""
    return any(h == f"s{card.id}" and card.ability == ability for h in state.farmers[seat].helpers for card in state.components.starting)


def _others(state: State, area: int) -> int:
    """Neutral markers and the solo Gardener's marker in ``area``."""
    gardener = state.gardener
    return state.neutrals.count(area) + (1 if gardener is not None and gardener.market == area else 0)


def markers_in(state: State, area: int, but: int) -> int:
    """The markers in ``area`` other than seat ``but``'s (neutral and players', stacked too)."""
    players = sum(1 for s, f in enumerate(state.farmers) if s != but and f.market == area)
    return players + _others(state, area)


def occupied(state: State, area: int, but: int) -> int:
    """The marker spaces of ``area`` taken (a stacked marker takes none)."""
    players = sum(1 for s, f in enumerate(state.farmers) if s != but and f.market == area and not f.stacked)
    return players + _others(state, area)


def step_down(state: State) -> State:
    """A marker stacked on another whose marker has left takes the freed space: while an area
    has a free space and a stacked marker, one stacked marker stands on it."""
    farmers = list(state.farmers)
    for seat, farmer in enumerate(farmers):
        if farmer.stacked and occupied(state, farmer.market, seat) < AREA_SPACES:
            farmers[seat] = evolve(farmer, stacked=False)
            state = evolve(state, farmers=tuple(farmers))
    return state


def market_moves(state: State, pending: VisitMarket) -> tuple[MoveNeutral | Enter, ...]:
    """Before the first step, a neutral may be moved; then the next area is entered, or, when
    it is full, skipped or entered stacked on a player's marker (1 Guilder to that player)."""
    seat = pending.seat
    farmer = state.farmers[seat]
    free = has_ability(state, seat, SPLIT)
    moves: list[MoveNeutral | Enter] = []
    if pending.moving and not state.turn.neutral_moved and (free or farmer.guilders >= 1):
        areas = len(state.components.market)
        passed = {(farmer.market + k) % areas for k in range(1, min(pending.steps, areas) + 1)}
        # To an area the marker will move to: one on its way with a free marker space.
        open_ = [area for area in sorted(passed) if occupied(state, area, seat) < AREA_SPACES]
        for source in sorted(set(state.neutrals)):
            moves += [MoveNeutral(source, target) for target in open_ if target != source]
    area = (farmer.market + 1) % len(state.components.market)
    if occupied(state, area, seat) < AREA_SPACES:
        return (*moves, Enter())
    moves.append(Enter(skip=True))
    if free or farmer.guilders >= 1:
        moves += [
            Enter(stack_on=s)
            for s, other in enumerate(state.farmers)
            if s != seat and other.market == area and not other.stacked
        ]
        if state.gardener is not None and state.gardener.market == area:
            moves.append(Enter(stack_on=GARDENER))
    return tuple(moves)


def visit_market(state: State, pending: VisitMarket, move: MoveNeutral | Enter) -> State:
    """Move a neutral marker, or take one step into the next area (skipping a full one moves
    on to the area after it, as one step) and choose its reward."""
    seat = pending.seat
    fee = 0 if has_ability(state, seat, SPLIT) else 1
    if isinstance(move, MoveNeutral):
        state = earn(state, seat, guilders=-fee)
        i = state.neutrals.index(move.source)
        neutrals = state.neutrals[:i] + (move.target,) + state.neutrals[i + 1 :]
        return evolve(state, neutrals=neutrals, turn=evolve(state.turn, neutral_moved=True))
    farmer = state.farmers[seat]
    area = (farmer.market + 1) % len(state.components.market)
    if move.skip:
        area = (area + 1) % len(state.components.market)
        while occupied(state, area, seat) >= AREA_SPACES:
            area = (area + 1) % len(state.components.market)
    if move.stack_on is not None:  # the other player gets 1 Guilder even when the mover pays none
        state = earn(state, seat, guilders=-fee)
        if move.stack_on < state.players:  # the solo Gardener keeps no Guilder: it goes to the supply
            state = earn(state, move.stack_on, guilders=1)
        farmer = state.farmers[seat]
    state = with_farmer(state, seat, evolve(farmer, market=area, stacked=move.stack_on is not None))
    times = min(MOST_TIMES, 1 + markers_in(state, area, seat))
    left = pending.steps - 1
    state = replace_top(state, VisitMarket(seat, left, moving=False)) if left else pop(state)
    return push(state, MarketChoice(seat, area, times))


def reward_moves(state: State, pending: MarketChoice) -> tuple[MarketReward, ...]:
    """A reward of the area (for the helpers, ``area`` -1: of the area next to the player's
    marker, as the rulebook calls the area the marker is at)."""
    area = pending.area if pending.area >= 0 else state.farmers[pending.seat].market
    return tuple(MarketReward(area, i) for i in range(len(state.components.market[area].rewards)))


def market_reward(state: State, pending: MarketChoice, move: MarketReward) -> State:
    """Gain the reward ``times`` times; a holder of the dividing helper takes one at a time and
    chooses again for the rest."""
    reward = state.components.market[move.area].rewards[move.index]
    if pending.times > 1 and has_ability(state, pending.seat, SPLIT):
        state = replace_top(state, evolve(pending, times=pending.times - 1))
        return gain(state, pending.seat, reward)
    return gain(pop(state), pending.seat, reward, pending.times)
