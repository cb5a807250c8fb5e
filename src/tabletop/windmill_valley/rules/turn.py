"""A turn, in the rulebook's four steps: adjust the floodgate, adjust the water level, move the
wheels (with the calendar when the large wheel completes a rotation), perform an action.

A turn's decisions are stacked at its start: the floodgate on top, then the wheels, then the
action, then :class:`EndTurn`, which :mod:`.end` settles once everything above is resolved.
"""

from __future__ import annotations

from tabletop.kernel.engine import evolve, pop, push
from tabletop.kernel.wheels import laps_completed
from tabletop.windmill_valley.components import WheelAction
from tabletop.windmill_valley.moves import (
    DONE,
    FLOODGATES,
    LATER,
    PERFORM_LARGE,
    PERFORM_SMALL,
    TAKE_GUILDERS,
    TURNS,
    Done,
    Floodgate,
    Later,
    Perform,
    TakeGuilders,
    TurnWheels,
    Unique,
)
from tabletop.windmill_valley.rules.common import earn, gain, perform, wheel_action
from tabletop.windmill_valley.rules.possible import can_perform
from tabletop.windmill_valley.state import (
    CALENDAR_END,
    LARGE,
    MAX_SPEED,
    MAX_STEPS,
    MAX_WATER,
    MIN_STEPS,
    AdjustFloodgate,
    CalendarReward,
    ChooseAction,
    EndTurn,
    MoveWheels,
    State,
    UseHelpers,
)

#: Opening the floodgate one step from each speed: (Guilder paid, VP scored).
OPENING: dict[int, tuple[int, int]] = {1: (1, 1), 2: (2, 3)}


#: Each seat's four steps of a turn as stacked (the floodgate on top), made once and shared.
TURN_STEPS: tuple[tuple[EndTurn, ChooseAction, MoveWheels, AdjustFloodgate], ...] = tuple(
    (EndTurn(seat), ChooseAction(seat), MoveWheels(seat), AdjustFloodgate(seat)) for seat in range(4)
)


def begin_turn(state: State, seat: int, **changes: object) -> State:
    """Stack the four steps of ``seat``'s turn (in the copy that makes ``changes``)."""
    return evolve(state, stack=state.stack + TURN_STEPS[seat], **changes)


def opening_cost(source: int, target: int) -> tuple[int, int]:
    """Guilder paid and VP scored opening the floodgate from ``source`` up to ``target``."""
    steps = [OPENING[speed] for speed in range(source, target)]
    return sum(g for g, _ in steps), sum(v for _, v in steps)


def floodgate_moves(state: State, pending: AdjustFloodgate) -> tuple[Floodgate, ...]:
    """Every speed the floodgate may end at: closing is free, opening is paid, and no speed may
    push the water past its maximum (so water at the maximum forces speed 1)."""
    money = state.farmers[pending.seat].guilders
    return tuple(
        FLOODGATES[speed]
        for speed in range(1, MAX_SPEED + 1)
        if state.water + speed - 1 <= MAX_WATER
        and (speed <= state.floodgate or opening_cost(state.floodgate, speed)[0] <= money)
    )


def adjust_floodgate(state: State, pending: AdjustFloodgate, move: Floodgate) -> State:
    """Steps 1 and 2: move the floodgate (paying and scoring when opening), then raise the
    water by the speed less one."""
    seat = pending.seat
    water = state.water + move.speed - 1
    if move.speed <= state.floodgate:
        return evolve(state, floodgate=move.speed, water=water, stack=state.stack[:-1])
    paid, scored = opening_cost(state.floodgate, move.speed)
    stack = (*state.stack[:-1], UseHelpers(seat, "floodgate", 0))
    turn = evolve(state.turn, opened=True)
    return earn(state, seat, guilders=-paid, vp=scored, turn=turn, floodgate=move.speed, water=water, stack=stack)


def wheel_moves(state: State, pending: MoveWheels) -> tuple[TurnWheels, ...]:
    """The steps the wheels may turn: the speed, each Tool spent changing it by one, 1 to 4."""
    tools = state.farmers[pending.seat].tools
    low = max(MIN_STEPS, state.floodgate - tools)
    high = min(MAX_STEPS, state.floodgate + tools)
    return TURNS[low : high + 1]


def move_wheels(state: State, pending: MoveWheels, move: TurnWheels) -> State:
    """Step 3: turn the coupled wheels, spending the Tools; each full rotation of the large
    wheel moves the calendar marker one step, with the space's rewards."""
    seat = pending.seat
    farmer = state.farmers[seat]
    before = farmer.calendar
    tools = farmer.tools - abs(move.steps - state.floodgate)  # never below 0: see wheel_moves
    moved = evolve(farmer, turned=farmer.turned + move.steps, tools=tools)
    farmers = state.farmers
    state = evolve(state, farmers=farmers[:seat] + (moved,) + farmers[seat + 1 :], stack=state.stack[:-1])
    reached = min(CALENDAR_END, before + laps_completed(farmer.turned, move.steps, LARGE))
    for space in range(before + 1, reached + 1):
        state = reach_calendar_space(state, seat, space)
    return state


def reach_calendar_space(state: State, seat: int, space: int) -> State:
    """The calendar marker reaches ``space``: its rewards may be taken at any point of the turn,
    and at the last space the end of the game is triggered (that cannot be declined)."""
    if space == CALENDAR_END and state.turn.ending == 0:
        state = evolve(state, turn=evolve(state.turn, ending=1))
    return push(state, CalendarReward(seat, space))


def unique_moves(state: State, pending: CalendarReward) -> tuple[Unique | Done | Later, ...]:
    """The free unique rewards of the space at this player count (with the common reward), or
    the common reward alone, or both later in the turn (after the action)."""
    offered = state.components.calendar[pending.space - 1].unique
    taken = state.taken[pending.space - 1]
    free = tuple(
        Unique(i) for i, (_, least) in enumerate(offered) if not taken[i] and least <= max(2, state.players)
    )
    return (*free, DONE, LATER) if pending.early else (*free, DONE)


def take_unique(state: State, pending: CalendarReward, move: Unique | Done | Later) -> State:
    """Gain the common reward and the chosen unique one, covered with an X tile; or ask again
    once the action is done (just before the turn ends)."""
    state = pop(state)
    if isinstance(move, Later):
        end = max(i for i, p in enumerate(state.stack) if isinstance(p, EndTurn))
        stack = (*state.stack[: end + 1], evolve(pending, early=False), *state.stack[end + 1 :])
        return evolve(state, stack=stack)
    common = state.components.calendar[pending.space - 1].common
    if isinstance(move, Done):
        return gain(state, pending.seat, common)
    row = state.taken[pending.space - 1]
    row = row[: move.index] + (True,) + row[move.index + 1 :]
    taken = state.taken[: pending.space - 1] + (row,) + state.taken[pending.space :]
    reward = state.components.calendar[pending.space - 1].unique[move.index][0]
    return gain(gain(evolve(state, taken=taken), pending.seat, reward), pending.seat, common)


def active_actions(state: State, seat: int) -> dict[str, WheelAction]:
    """The two active actions, by wheel."""
    farmer = state.farmers[seat]
    large, small = farmer.active
    return {"large": wheel_action(state, farmer, "large", large), "small": wheel_action(state, farmer, "small", small)}


#: The move performing each wheel's action.
PERFORM = {"large": PERFORM_LARGE, "small": PERFORM_SMALL}


def action_moves(state: State, pending: ChooseAction) -> tuple[Perform | TakeGuilders | Done, ...]:
    """Before any action: each performable active action, or 2 Guilder when neither is. After
    one: the other too if either shows the "+", or stop."""
    seat = pending.seat
    farmer = state.farmers[seat]
    large, small = farmer.active
    large_action, small_action = wheel_action(state, farmer, "large", large), wheel_action(state, farmer, "small", small)
    performed = state.turn.performed
    if performed and not (large_action.plus or small_action.plus):
        return ()  # one action and no "+": the turn's action step is over
    open_ = tuple(
        PERFORM[wheel]
        for wheel, action in (("large", large_action), ("small", small_action))
        if wheel not in performed and can_perform(state, seat, action)
    )
    if not performed:
        return open_ or (TAKE_GUILDERS,)
    return (*open_, DONE) if open_ else ()


def choose_action(state: State, pending: ChooseAction, move: Perform | TakeGuilders | Done) -> State:
    """Step 4: perform the chosen wheel's action (the choice stays asked for the other)."""
    if isinstance(move, Done):
        return pop(state)
    if isinstance(move, TakeGuilders):
        return earn(state, pending.seat, guilders=2, stack=state.stack[:-1])
    turn = evolve(state.turn, performed=(*state.turn.performed, move.wheel))
    state = evolve(state, turn=turn)
    return perform(state, pending.seat, active_actions(state, pending.seat)[move.wheel])
