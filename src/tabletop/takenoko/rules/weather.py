"""The weather: from each player's second turn on, the turn opens with a roll of the weather die.

Sun: a third (different) action. Rain: one irrigated plot grows. Wind: two identical actions
allowed. Storm: the panda goes to any plot and eats there. Clouds: take an improvement from the
reserve. "?": the player chooses one of those. Every effect is optional, and free moves may be
made while it is being decided.
"""

from __future__ import annotations

from tabletop.kernel.engine import CHANCE, evolve, legal_moves, samples_now
from tabletop.kernel.hexgrid import Hex
from tabletop.kernel.rng import Rng
from tabletop.takenoko.components import IMPROVEMENTS
from tabletop.kernel.shared import Shared
from tabletop.takenoko.moves import (
    ChooseWeather,
    Move,
    MoveImprovement,
    RainOn,
    Roll,
    SkipWeather,
    StormTo,
    TakeImprovement,
)
from tabletop.takenoko.rules.free import free_moves
from tabletop.takenoko.rules.garden import (
    COLOUR_INDEX,
    IMPROVEMENT_INDEX,
    eat,
    grow,
    growth,
    Memo,
    improvement_spots,
    reirrigate,
    with_board,
)
from tabletop.takenoko.rules.turn import CHOOSING, Make, action_phase, ask
from tabletop.takenoko.state import (
    MAX_HEIGHT,
    WEATHER_FACES,
    Clouds,
    Layout,
    Pending,
    Rain,
    State,
    Storm,
    Turn,
    WeatherChoice,
    WeatherDie,
)

SKIP = SkipWeather()
_FACES = tuple((Roll(face), 1) for face in WEATHER_FACES)


def begin_turn(state: State, seat: int, make: Make = evolve) -> State:
    """Start ``seat``'s turn: roll the weather from each player's second turn on (the new
    turn's position made by ``make``).

    The sampled mode rolls the die here, as the engine would on reaching the roll (with
    :func:`die_sample`, then :func:`roll`: nothing settles in between): one copy of the
    position rather than a second one waiting for the roll, once a turn. The explicit mode,
    and a view (whose random source is hidden: the engine says so), wait for the roll.
    """
    turn_number = state.turn_number + 1
    rng, turn = state.rng, _NEW_TURN
    if turn_number > state.players and state.options.weather:
        if not samples_now(state):
            return ask(state, _ROLL, current=seat, turn_number=turn_number, turn=_NEW_TURN)
        face, rng = die_sample(state, _ROLL, rng)
        weather = face.face
        if weather not in _ACTIONS_ONLY:
            return apply_weather(state, weather, seat, turn_number, _NEW_TURN, rng, make)
        # The Sun and the Wind only change the actions the turn allows: what apply_weather
        # does for them is done here.
        turn = _WEATHER_TURNS[weather]
    if state.options.declare_actions:
        return action_phase(state, make, rng=rng, current=seat, turn_number=turn_number, turn=turn)
    # The action phase opens on the choice of an action: its position is made here, as
    # action_phase makes it, rather than with the changes of the new turn passed on through
    # one more call (once a turn).
    return make(state, stack=CHOOSING[seat], rng=rng, current=seat, turn_number=turn_number, turn=turn)


#: A turn that has done nothing yet, and the roll of the die (immutable values, made once).
_NEW_TURN = Turn()
_ROLL = WeatherDie(CHANCE)


def die_outcomes(state: State, pending: WeatherDie) -> tuple[tuple[Roll, int], ...]:
    """The six faces of the weather die, equally likely."""
    return _FACES


def die_sample(state: State, pending: WeatherDie, rng: Rng) -> tuple[Roll, Rng]:
    """The face :func:`die_outcomes` would yield with ``rng`` (six weights of 1: the pick is
    the face's position)."""
    face, rng = rng.below(len(_FACES))
    return _FACES[face][0], rng


def roll(state: State, pending: WeatherDie, move: Roll) -> State:
    """The die shows a face: its weather applies."""
    return apply_weather(state, move.face, state.current, state.turn_number, state.turn, state.rng)


def clouds_possible(state: State) -> bool:
    """Whether Clouds has something to give: a token in the reserve, or (variant) one to move."""
    if any(state.reserve_improvements):
        return True
    return state.options.clouds_when_empty == "move_improvement" and bool(improvement_moves(state))


def apply_weather(
    state: State, weather: str, seat: int, turn_number: int, turn: Turn, rng: Rng, make: Make = evolve
) -> State:
    """Apply a face of the weather die (or the weather chosen on "?") to the turn ``turn_number``
    of ``seat``, ``turn`` so far, with the random source ``rng`` (the position made by ``make``;
    the Rain's is a copy, listed before it is kept).

    The decision the weather asks is put on the stack here (``evolve`` with the stack, as
    :func:`~tabletop.takenoko.rules.turn.ask` would), and the changes of the turn are named
    rather than gathered (``**changes``): passing them on would copy them again."""
    if weather == "?":
        stack = (_CHOICE[seat, clouds_possible(state)],)
        return make(state, stack=stack, rng=rng, current=seat, turn_number=turn_number, turn=turn)
    turn = _with_weather(turn, weather)
    # Only the turn (its seat, number and weather) and the random source change here: the
    # garden and the reserve that the weather looks at are those of ``state``.
    if weather == "rain":
        raining = evolve(state, stack=(_RAIN[seat],), rng=rng, current=seat, turn_number=turn_number, turn=turn)
        # Asked when there is a plot to grow or a free move to make first (a stored channel, a
        # watershed, a panda card returning sections to a short supply may give it one): when
        # its moves are more than declining it. (Listed once: the state keeps them.)
        if len(legal_moves(raining)) > 1:
            return raining
    asked: Pending | None = None
    if weather == "storm" and state.garden:
        asked = _STORM[seat]
    elif weather == "clouds":
        if clouds_possible(state):
            asked = _CLOUDS[seat]
        elif state.options.clouds_when_empty == "other_weather":
            asked = _CHOICE[seat, False]
    if asked is None:
        return action_phase(state, make, rng=rng, current=seat, turn_number=turn_number, turn=turn)
    return make(state, stack=(asked,), rng=rng, current=seat, turn_number=turn_number, turn=turn)


def _with_weather(turn: Turn, weather: str) -> Turn:
    """``turn`` under ``weather`` (a turn that has done nothing yet, the usual case: one made
    once per weather, whatever weather it had before the "?" was decided)."""
    if not turn.actions and turn.declared is None:
        return _WEATHER_TURNS[weather]
    return evolve(turn, weather=weather)


_WEATHER_TURNS = {weather: Turn(weather) for weather in WEATHER_FACES}
#: The weathers that only change the actions a turn allows (Sun, a third; Wind, the same twice).
_ACTIONS_ONLY = frozenset(("sun", "wind"))
#: The weather's decisions for each seat, made once (pending decisions are immutable values):
#: the choice on "?" (Clouds offered or not), the Rain, the Storm and the Clouds.
_CHOICE = {
    (seat, clouds): WeatherChoice(seat, ("sun", "rain", "wind", "storm") + (("clouds",) if clouds else ()))
    for seat in range(4)
    for clouds in (False, True)
}
_RAIN = tuple(Rain(seat) for seat in range(4))
_STORM = tuple(Storm(seat) for seat in range(4))
_CLOUDS = tuple(Clouds(seat) for seat in range(4))


# --- what each weather offers -------------------------------------------------------------------


def rain_spots(state: State) -> tuple[Hex, ...]:
    """The plots the Rain may grow: irrigated (by default), below 4 sections, supply permitting."""
    irrigated_only = state.options.rain_needs_irrigation
    reserve = state.reserve_bamboo
    return tuple(
        [
            cell
            for cell, plot in state.garden.plots.items()
            if plot.bamboo < MAX_HEIGHT
            and (plot.irrigated or not irrigated_only)
            and (reserve is None or reserve[COLOUR_INDEX[plot.colour]] > 0)
        ]
    )


def improvement_moves(state: State) -> tuple[tuple[Hex, Hex], ...]:
    """Variant Clouds with an empty reserve: (token's plot, free plot) pairs a token may move between."""
    sources = [cell for cell, plot in state.garden.plots.items() if plot.token]
    targets = improvement_spots(state)
    return tuple((s, t) for s in sources for t in targets if s != t)


def weather_choice_moves(state: State, pending: WeatherChoice) -> tuple[Move, ...]:
    return tuple(map(_CHOOSE.__getitem__, pending.choices)) + free_moves(state)


def rain_moves(state: State, pending: Rain) -> tuple[Move, ...]:
    return tuple(map(_RAIN_ON.__getitem__, rain_spots(state))) + free_moves(state) + (SKIP,)


def storm_moves(state: State, pending: Storm) -> tuple[Move, ...]:
    # "The plot of their choice": the pond is no plot (nothing grows there for the panda to eat).
    return _STORM_MOVES[state.garden.layout] + free_moves(state) + (SKIP,)


def _storm_moves(layout: Layout) -> tuple[Move, ...]:
    before = layout.grew_from
    known = None if before is None else _STORM_MOVES.get(before)
    if known is None:
        return tuple(map(_STORM_TO.__getitem__, layout.cells))
    return known + tuple(map(_STORM_TO.__getitem__, layout.added))


def clouds_moves(state: State, pending: Clouds) -> tuple[Move, ...]:
    free = free_moves(state) + (SKIP,)
    if any(state.reserve_improvements):
        kinds = (k for k, n in zip(IMPROVEMENTS, state.reserve_improvements, strict=True) if n)
        return tuple(map(_TAKE.__getitem__, kinds)) + free
    return tuple(MoveImprovement(source, to) for source, to in improvement_moves(state)) + free


_CHOOSE = Shared(ChooseWeather)
_RAIN_ON = Shared(RainOn)
_STORM_TO = Shared(StormTo)
_TAKE = Shared(TakeImprovement)
_STORM_MOVES: Memo[Layout, tuple[Move, ...]] = Memo(_storm_moves)


# --- the effects --------------------------------------------------------------------------------

# Each effect returns to the action phase. Unless the turn's actions are to be declared first
# (variant declare_actions: action_phase asks for them), the effects put its stack themselves,
# as action_phase would, rather than pass their changes on through one more call.


def choose_weather(state: State, move: ChooseWeather) -> State:
    """"?" (or Clouds with an empty reserve): the player picks the weather."""
    return apply_weather(state, move.weather, state.current, state.turn_number, state.turn, state.rng)


def rain(state: State, move: RainOn) -> State:
    """Rain: one irrigated plot grows (two sections on fertilizer, at most 4)."""
    plot = state.garden[move.at]
    plot, reserve = grow(state, plot, growth(plot), state.reserve_bamboo)
    # Only the plot's bamboo changes: the garden's cheap update for growing and eating.
    garden = state.garden.regrown({move.at: plot})
    if state.options.declare_actions:
        return action_phase(state, garden=garden, reserve_bamboo=reserve)
    return evolve(state, stack=CHOOSING[state.current], garden=garden, reserve_bamboo=reserve)


def storm(state: State, move: StormTo) -> State:
    """Storm: the frightened panda goes to any plot and eats a section there."""
    garden, boards = eat(state, move.at, state.current)
    if state.options.declare_actions:
        return action_phase(state, panda=move.at, garden=garden, boards=boards)
    return evolve(state, stack=CHOOSING[state.current], panda=move.at, garden=garden, boards=boards)


def clouds(state: State, move: TakeImprovement) -> State:
    """Clouds: take an improvement token from the reserve onto one's board."""
    i = IMPROVEMENT_INDEX[move.improvement]
    board = state.boards[state.current]
    board = evolve(board, improvements=board.improvements.add(i))
    reserve = state.reserve_improvements.take(i)
    boards = with_board(state, state.current, board)
    if state.options.declare_actions:
        return action_phase(state, reserve_improvements=reserve, boards=boards)
    return evolve(state, stack=CHOOSING[state.current], reserve_improvements=reserve, boards=boards)


def clouds_move_improvement(state: State, move: MoveImprovement) -> State:
    """Clouds with the reserve empty (English rulebook variant): move a placed token."""
    plots = dict(state.garden.items())
    source = plots[move.source]
    plots[move.source] = evolve(source, improvement="", token=False)
    plots[move.to] = evolve(plots[move.to], improvement=source.improvement, token=True)
    garden, reserve = reirrigate(state, plots)
    return action_phase(state, garden=garden, reserve_bamboo=reserve)


def skip_weather(state: State, move: SkipWeather) -> State:
    """Weather effects are optional."""
    if state.options.declare_actions:
        return action_phase(state)
    return evolve(state, stack=CHOOSING[state.current])
