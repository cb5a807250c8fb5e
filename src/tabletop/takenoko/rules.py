"""Takenoko's rules: the legal moves of a position and what each move does.

A turn is: the weather (from each player's second turn on), then actions. The player takes two
different actions among Plot, Irrigation, Gardener, Panda and Objective (two identical ones
under the Wind, a third different one under the Sun). At any time of the turn (while the
weather's effect is being decided too, and after the last action) the player may place stored
channels and improvements and complete objectives for free (:func:`free_moves`); the turn
ends when the player says so, or by itself once nothing is left to do. Before the die is
rolled there is nothing a free move could do that it cannot do just after, so the roll comes
first. :func:`legal_moves` lists the moves for the decision in ``state.pending``;
:func:`apply` checks a move against that list and dispatches it to the function named after
the rule it plays.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable
from typing import Any

from tabletop.kernel import hexgrid, regions
from tabletop.kernel.api import IllegalMove
from tabletop.kernel.hexgrid import Edge, Hex
from tabletop.kernel.rng import MaskedRandomness
from tabletop.kernel.turns import next_seat
from tabletop.takenoko import scoring
from tabletop.takenoko.components import COLOURS, IMPROVEMENTS, OBJECTIVE_KINDS, Components, PandaObjective
from tabletop.takenoko.moves import (
    ChooseWeather,
    CompleteObjective,
    DeclareActions,
    EndTurn,
    GardenerAction,
    IrrigationAction,
    KeepTile,
    Move,
    MoveImprovement,
    ObjectiveAction,
    PandaAction,
    PlaceChannel,
    PlaceImprovement,
    PlaceTile,
    PlotAction,
    RainOn,
    SkipWeather,
    StormTo,
    TakeImprovement,
)
from tabletop.takenoko.state import (
    ACTIONS,
    HAND_LIMIT,
    HIDDEN_CARD,
    HIDDEN_TILE,
    MAX_HEIGHT,
    OBJECTIVES_TO_END,
    POND,
    WEATHER_FACES,
    ChooseAction,
    Clouds,
    Declare,
    Garden,
    GameOver,
    KeepPlot,
    Options,
    PlacePlot,
    Plot,
    Player,
    Rain,
    State,
    Storm,
    Turn,
    WeatherChoice,
    replace,
)

_COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
_HIDDEN_CARDS = frozenset(HIDDEN_CARD.values())
_IMPROVEMENT_INDEX = {kind: i for i, kind in enumerate(IMPROVEMENTS)}
_POND_RING: tuple[Hex, ...] = hexgrid.neighbours(POND)
_POND_RING_SET = frozenset(_POND_RING)
_END_TURN = EndTurn()
_SKIP = SkipWeather()
_CHOOSE_ACTION = ChooseAction()

# For each cell, the edges towards its E, SE and SW neighbours (each edge of the grid is met
# once from one of its cells), with, for both ends of the edge, the cell closing that corner
# and the two edges that leave the corner: a channel may go on the edge when a corner touches
# the pond or one of those edges already holds a channel.
_EdgeGeometry = tuple[Hex, Edge, tuple[tuple[Hex, Edge, Edge], ...]]
_FORWARD_EDGES: dict[Hex, tuple[_EdgeGeometry, ...]] = {}


def _forward_edges(cell: Hex) -> tuple[_EdgeGeometry, ...]:
    found = _FORWARD_EDGES.get(cell)
    if found is None:
        out = []
        for direction in range(3):
            other = hexgrid.neighbour(cell, direction)
            e = hexgrid.edge(cell, other)
            corners = tuple(
                (far, hexgrid.edge(cell, far), hexgrid.edge(other, far)) for far in hexgrid.edge_far_cells(e)
            )
            out.append((other, e, corners))
        found = _FORWARD_EDGES[cell] = tuple(out)
    return found


def _add(values: tuple[int, int, int], index: int, delta: int) -> tuple[int, int, int]:
    out = list(values)
    out[index] += delta
    return (out[0], out[1], out[2])


# ---------------------------------------------------------------------------------------------
# Legal moves


def legal_moves(state: State) -> tuple[Move, ...]:
    """Every legal move for the decision ``state.pending`` (empty once the game is over)."""
    return _LEGAL[type(state.pending)](state)


def _game_over_moves(state: State) -> tuple[Move, ...]:
    return ()


def open_actions(state: State) -> tuple[str, ...]:
    """The actions the current player may still take this turn, in :data:`ACTIONS` order.

    Two different actions a turn; the Wind allows the same one twice, the Sun a third
    different one; with declared actions, only those declared and not yet taken.
    """
    turn = state.turn
    done = turn.actions
    if turn.declared is not None:
        remaining = list(turn.declared)
        for action in done:
            remaining.remove(action)
        candidates: tuple[str, ...] = tuple(dict.fromkeys(remaining))
    elif len(done) >= turn.allowance:
        return ()
    elif turn.weather == "wind":
        candidates = ACTIONS
    else:
        candidates = tuple(a for a in ACTIONS if a not in done)
    return tuple(a for a in candidates if _action_possible(state, a))


def _action_possible(state: State, action: str) -> bool:
    if action == "plot":
        return bool(state.tile_pile)
    if action == "irrigation":
        return state.reserve_channels > 0
    if action == "objective":
        return len(state.boards[state.current].hand) < HAND_LIMIT and any(state.decks)
    # The garden is connected to the pond, so a figure can move as soon as one plot is placed.
    return bool(state.garden)


def _main_moves(state: State) -> tuple[Move, ...]:
    moves: list[Move] = []
    actions = open_actions(state)
    for action in actions:
        if action == "plot":
            moves.append(PlotAction())
        elif action == "irrigation":
            moves.append(IrrigationAction())
        elif action == "gardener":
            moves.extend(GardenerAction(cell) for cell in figure_destinations(state, state.gardener))
        elif action == "panda":
            moves.extend(PandaAction(cell) for cell in figure_destinations(state, state.panda))
        else:
            moves.extend(ObjectiveAction(kind) for kind, deck in zip(OBJECTIVE_KINDS, state.decks, strict=True) if deck)
    moves.extend(free_moves(state))
    if len(state.turn.actions) >= 2 or not actions:
        moves.append(_END_TURN)
    return tuple(moves)


def free_moves(state: State) -> list[Move]:
    """What costs no action and may be done at any time of one's turn, the weather included:
    place a stored channel, place a stored improvement, complete an objective."""
    moves: list[Move] = []
    board = state.boards[state.current]
    if board.channels:
        moves.extend(PlaceChannel(e) for e in channel_spots(state))
    if any(board.improvements):
        spots = improvement_spots(state)
        for kind, count in zip(IMPROVEMENTS, board.improvements, strict=True):
            if count:
                moves.extend(PlaceImprovement(cell, kind) for cell in spots)
    moves.extend(CompleteObjective(card) for card in completable(state))
    return moves


def figure_destinations(state: State, start: Hex) -> tuple[Hex, ...]:
    """Where the gardener or the panda may go from ``start``: straight lines over tiles, no gaps."""
    return state.garden.destinations(start)


def channel_spots(state: State) -> tuple[Edge, ...]:
    """The edges where a channel may be placed.

    An edge qualifies when both its sides are plots, it holds no channel yet, and one of its
    ends is a corner of the pond or the end of a channel already placed (the network always
    starts at the pond; a watershed is no source). Pond borders only with the BGA variant.
    """
    garden, channels = state.garden, state.channels
    spots: list[Edge] = []
    for cell in garden:
        for other, e, corners in _forward_edges(cell):
            if other not in garden or e in channels:
                continue
            for far, left, right in corners:
                if far == POND or left in channels or right in channels:
                    spots.append(e)
                    break
    if state.options.channel_on_pond_border:
        for cell in _POND_RING:
            if cell in garden:
                e = hexgrid.edge(POND, cell)
                if e not in channels:
                    spots.append(e)
    return tuple(spots)


def improvement_spots(state: State) -> tuple[Hex, ...]:
    """The plots that may receive an improvement: none there yet and (by default) no bamboo."""
    on_bamboo = state.options.improvement_on_bamboo
    return tuple(
        cell for cell, plot in state.garden.items() if not plot.improvement and (on_bamboo or not plot.bamboo)
    )


def completable(state: State) -> tuple[str, ...]:
    """The cards in the current player's hand whose objective is met now (one per kind of card)."""
    seen: set[object] = set()
    out = []
    cards = state.components.cards
    for cid in state.boards[state.current].hand:
        card = cards.get(cid)
        if card is None:
            continue  # a hidden card in a view
        # Copies of a panda card are interchangeable: completing either is one choice.
        key = card.sections if isinstance(card, PandaObjective) else cid
        if key in seen:
            continue
        seen.add(key)
        if scoring.objective_met(state, state.current, card):
            out.append(cid)
    return tuple(out)


def _declare_moves(state: State) -> tuple[Move, ...]:
    possible = [a for a in ACTIONS if _action_possible(state, a)]
    weather = state.turn.weather
    if weather == "wind":
        combos: list[tuple[str, ...]] = list(itertools.combinations_with_replacement(possible, 2))
    elif weather == "sun":
        combos = list(itertools.combinations(possible, 3)) + list(itertools.combinations(possible, 2))
    else:
        combos = list(itertools.combinations(possible, 2))
    if not combos:
        combos = [tuple(possible)]
    return tuple(DeclareActions(combo) for combo in combos)


def _weather_choice_moves(state: State) -> tuple[Move, ...]:
    assert isinstance(state.pending, WeatherChoice)
    return tuple(ChooseWeather(w) for w in state.pending.choices) + tuple(free_moves(state))


def rain_spots(state: State) -> tuple[Hex, ...]:
    """The plots the Rain may grow: irrigated (by default), below 4 sections, supply permitting."""
    irrigated_only = state.options.rain_needs_irrigation
    limited = state.options.bamboo_supply != "unlimited"
    reserve = state.reserve_bamboo
    return tuple(
        cell
        for cell, plot in state.garden.items()
        if plot.bamboo < MAX_HEIGHT
        and (plot.irrigated or not irrigated_only)
        and not (limited and reserve[_COLOUR_INDEX[plot.colour]] <= 0)
    )


def _rain_moves(state: State) -> tuple[Move, ...]:
    return tuple(RainOn(cell) for cell in rain_spots(state)) + tuple(free_moves(state)) + (_SKIP,)


def _storm_moves(state: State) -> tuple[Move, ...]:
    # "The plot of their choice": the pond is no plot (nothing grows there for the panda to eat).
    return tuple(StormTo(cell) for cell in state.garden) + tuple(free_moves(state)) + (_SKIP,)


def _clouds_moves(state: State) -> tuple[Move, ...]:
    free = tuple(free_moves(state)) + (_SKIP,)
    if any(state.reserve_improvements):
        kinds = (k for k, n in zip(IMPROVEMENTS, state.reserve_improvements, strict=True) if n)
        return tuple(TakeImprovement(kind) for kind in kinds) + free
    return tuple(MoveImprovement(source, to) for source, to in improvement_moves(state)) + free


def improvement_moves(state: State) -> tuple[tuple[Hex, Hex], ...]:
    """Variant Clouds with an empty reserve: (token's plot, free plot) pairs a token may move between."""
    sources = [cell for cell, plot in state.garden.items() if plot.token]
    targets = improvement_spots(state)
    return tuple((s, t) for s in sources for t in targets if s != t)


def _keep_plot_moves(state: State) -> tuple[Move, ...]:
    assert isinstance(state.pending, KeepPlot)
    return keep_choices(state.pending.drawn)


def keep_choices(drawn: tuple[str, ...]) -> tuple[Move, ...]:
    """Each distinct way to keep one drawn tile and order the others under the pile."""
    moves: dict[KeepTile, None] = {}
    for i, keep in enumerate(drawn):
        rest = drawn[:i] + drawn[i + 1 :]
        for order in itertools.permutations(rest):
            moves.setdefault(KeepTile(keep, order))
    return tuple(moves)


def plot_spots(state: State) -> tuple[Hex, ...]:
    """Empty cells where a plot may go: next to the pond, or next to two plots already placed."""
    garden = state.garden
    spots = [cell for cell in _POND_RING if cell not in garden]
    touching: dict[Hex, int] = {}
    for cell in garden:
        for other in hexgrid.neighbours(cell):
            if other not in garden and other not in _POND_RING_SET and other != POND:
                touching[other] = touching.get(other, 0) + 1
    spots.extend(cell for cell, n in touching.items() if n >= 2)
    return tuple(spots)


def _place_plot_moves(state: State) -> tuple[Move, ...]:
    assert isinstance(state.pending, PlacePlot)
    spots = plot_spots(state)
    moves: list[Move] = [PlaceTile(cell) for cell in spots]
    tile = state.components.tile_by_code[state.pending.tile]
    stock = state.boards[state.current].improvements
    if state.options.improvement_before_shoot and not tile.improvement and any(stock):
        # Only a plot irrigated at once needs the token before its shoot; elsewhere placing
        # the token afterwards is the same thing.
        for cell in spots:
            if cell in _POND_RING_SET:
                moves.extend(PlaceTile(cell, kind) for kind, n in zip(IMPROVEMENTS, stock, strict=True) if n)
    return tuple(moves)


_LEGAL: dict[type, Callable[[State], tuple[Move, ...]]] = {
    ChooseAction: _main_moves,
    Declare: _declare_moves,
    WeatherChoice: _weather_choice_moves,
    Rain: _rain_moves,
    Storm: _storm_moves,
    Clouds: _clouds_moves,
    KeepPlot: _keep_plot_moves,
    PlacePlot: _place_plot_moves,
    GameOver: _game_over_moves,
}


# ---------------------------------------------------------------------------------------------
# Applying moves


def apply(state: State, move: Any) -> State:
    """The state after ``move``. Raises :class:`IllegalMove` (state unchanged) if it is not legal."""
    legal = state.legal_moves()
    for candidate in legal:
        if candidate is move:
            break
    else:
        if move not in legal:
            raise IllegalMove(_why_illegal(state, move))
    after = _APPLY[type(move)](state, move)
    # ``after`` is a fresh state nobody else has seen yet, so it can take its history in place.
    object.__setattr__(after, "history", state.history + (move,))
    return _settle(after)


def _why_illegal(state: State, move: Any) -> str:
    if state.is_over:
        return f"the game is over, so {move} cannot be played"
    if not isinstance(move, tuple(_APPLY)):
        return f"{move!r} is not a Takenoko move"
    asked = {
        ChooseAction: "take an action, place a stored channel or improvement, complete an objective or end the turn",
        Declare: "declare the turn's actions",
        WeatherChoice: "choose the weather (or first make a free move)",
        Rain: "choose the plot the rain grows, make a free move, or skip",
        Storm: "choose where the storm sends the panda, make a free move, or skip",
        Clouds: "take an improvement from the reserve, make a free move, or skip",
        KeepPlot: "choose which drawn plot to keep",
        PlacePlot: "place the kept plot",
    }[type(state.pending)]
    reason = _reason(state, move)
    return f"'{move}' is not legal here: {reason + '; ' if reason else ''}seat {state.current} must {asked}"


_ACTION_OF: dict[type, str] = {
    PlotAction: "plot",
    IrrigationAction: "irrigation",
    GardenerAction: "gardener",
    PandaAction: "panda",
    ObjectiveAction: "objective",
}


def _reason(state: State, move: Any) -> str:
    """Why a move is refused, when a sentence can say more than what is being asked."""
    pending = state.pending
    action = _ACTION_OF.get(type(move))
    if isinstance(pending, ChooseAction) and action is not None:
        turn = state.turn
        if len(turn.actions) >= turn.allowance:
            return f"the turn's {turn.allowance} actions are taken"
        if action in turn.actions and turn.weather != "wind":
            return f"the {action} action was taken already (two different actions, unless the Wind blows)"
        if action not in open_actions(state):
            return _why_impossible(state, action)
        if isinstance(move, ObjectiveAction):
            return f"there is no {move.deck} objective left to draw"
        return "figures move in a straight line over tiles, at least one step, never across a gap"
    if isinstance(pending, ChooseAction) and isinstance(move, EndTurn):
        return "the turn's two actions come first"
    if isinstance(pending, PlacePlot) and isinstance(move, PlaceTile):
        return "a plot goes next to the pond or next to two plots already placed"
    if isinstance(pending, Rain) and isinstance(move, RainOn):
        watered = "an irrigated" if state.options.rain_needs_irrigation else "a"
        return f"the rain grows {watered} plot below {MAX_HEIGHT} sections"
    if isinstance(pending, Storm) and isinstance(move, StormTo):
        return "the storm sends the panda to a placed plot (not the pond)"
    if not isinstance(pending, (ChooseAction, WeatherChoice, Rain, Storm, Clouds)):
        return ""
    if isinstance(move, PlaceChannel):
        if not state.boards[state.current].channels:
            return "there is no stored channel to place"
        return "a channel goes between two plots, touching a corner of the pond or a channel, never along the pond"
    if isinstance(move, PlaceImprovement):
        return "a stored improvement goes on a plot with no improvement and (by default) no bamboo"
    if isinstance(move, CompleteObjective):
        return "only an objective in hand whose conditions are met can be completed"
    return ""


def _why_impossible(state: State, action: str) -> str:
    """Why an action the turn still allows cannot be taken (see :func:`_action_possible`)."""
    if state.turn.declared is not None and action not in state.turn.declared:
        return f"the {action} action was not declared"
    if action == "plot":
        return "the plot pile is empty"
    if action == "irrigation":
        return "no irrigation channel is left in the reserve"
    if action == "objective":
        if len(state.boards[state.current].hand) >= HAND_LIMIT:
            return f"a hand of {HAND_LIMIT} objectives is full: complete one before drawing another"
        return "every objective deck is empty"
    return f"the {action} has nowhere to go: no plot is placed yet"


def _settle(state: State) -> State:
    """Resolve at once what leaves nothing to decide (no forced decisions): a turn whose only
    move left is to end it, a weather effect that can only be declined."""
    while True:
        moves = state.legal_moves()
        if len(moves) != 1:
            return state
        if moves[0] is _END_TURN:
            state = end_turn(state, _END_TURN)
        elif moves[0] is _SKIP:
            state = skip_weather(state, _SKIP)
        else:
            return state


def _main_phase(state: State, **changes: Any) -> State:
    """Enter (or return to) the action phase."""
    turn = changes.get("turn", state.turn)
    if state.options.declare_actions and turn.declared is None:
        declared = replace(state, pending=Declare(), **changes)
        moves = _declare_moves(declared)
        if len(moves) == 1:
            assert isinstance(moves[0], DeclareActions)
            return replace(declared, turn=replace(turn, declared=moves[0].actions), pending=_CHOOSE_ACTION)
        return declared
    return replace(state, pending=_CHOOSE_ACTION, **changes)


def _board(state: State, seat: int, board: Player) -> tuple[Player, ...]:
    boards = list(state.boards)
    boards[seat] = board
    return tuple(boards)


def _took(state: State, action: str) -> Turn:
    return replace(state.turn, actions=state.turn.actions + (action,))


# --- growing and eating -----------------------------------------------------------------------


def _grow(state: State, plot: Plot, base: int, reserve: tuple[int, int, int]) -> tuple[Plot, tuple[int, int, int]]:
    """``plot`` grown by ``base`` sections (two for one on fertilizer), capped at 4 and by the supply."""
    amount = min(base, MAX_HEIGHT - plot.bamboo)
    colour = _COLOUR_INDEX[plot.colour]
    if state.options.bamboo_supply != "unlimited":
        amount = min(amount, reserve[colour])
    if amount <= 0:
        return plot, reserve
    return replace(plot, bamboo=plot.bamboo + amount), _add(reserve, colour, -amount)


def _growth(plot: Plot) -> int:
    return 2 if plot.improvement == "fertilizer" else 1


def _irrigate(state: State, plot: Plot, reserve: tuple[int, int, int]) -> tuple[Plot, tuple[int, int, int]]:
    """``plot`` becoming irrigated; the first time ever, it gets its first section of bamboo."""
    if plot.irrigated:
        return plot, reserve
    if plot.sprouted:
        return replace(plot, irrigated=True), reserve
    fertile = plot.improvement == "fertilizer" and state.options.fertilizer_first_shoot
    return _grow(state, replace(plot, irrigated=True, sprouted=True), 2 if fertile else 1, reserve)


def _eat(state: State, cell: Hex, seat: int) -> tuple[Garden, tuple[Player, ...]]:
    """The panda, on ``cell``, eats one section for ``seat`` unless the plot is an enclosure."""
    plot = state.garden.get(cell)
    if plot is None or not plot.bamboo or plot.improvement == "enclosure":
        return state.garden, state.boards
    garden = state.garden.with_plot(cell, replace(plot, bamboo=plot.bamboo - 1))
    board = state.boards[seat]
    board = replace(board, bamboo=_add(board.bamboo, _COLOUR_INDEX[plot.colour], 1))
    return garden, _board(state, seat, board)


# --- the weather --------------------------------------------------------------------------------


def _begin_turn(state: State, seat: int) -> State:
    """Start ``seat``'s turn: roll the weather from each player's second turn on."""
    turn_number = state.turn_number + 1
    if turn_number <= state.players or not state.options.weather:
        return _main_phase(state, current=seat, turn_number=turn_number, turn=Turn())
    face, rng = state.rng.below(len(WEATHER_FACES))
    return apply_weather(state, WEATHER_FACES[face], current=seat, turn_number=turn_number, turn=Turn(), rng=rng)


def _clouds_possible(state: State) -> bool:
    if any(state.reserve_improvements):
        return True
    return state.options.clouds_when_empty == "move_improvement" and bool(improvement_moves(state))


def apply_weather(state: State, weather: str, **changes: Any) -> State:
    """Apply a face of the weather die (or the weather chosen on "?"), with other ``changes`` to the state."""
    if weather == "?":
        choices = ("sun", "rain", "wind", "storm") + (("clouds",) if _clouds_possible(state) else ())
        return replace(state, pending=WeatherChoice(choices), **changes)
    changes["turn"] = replace(changes.get("turn", state.turn), weather=weather)
    # Only the turn, the seat and the random source change here: the garden and the reserve
    # that the weather looks at are those of ``state``.
    if weather == "rain":
        rain_state = replace(state, pending=Rain(), **changes)
        # A free move made first (a stored channel, a watershed, a panda card returning
        # sections to a short supply) may give the Rain a plot to grow.
        if rain_spots(state) or free_moves(rain_state):
            return rain_state
    if weather == "storm" and state.garden:
        return replace(state, pending=Storm(), **changes)
    if weather == "clouds":
        if _clouds_possible(state):
            return replace(state, pending=Clouds(), **changes)
        if state.options.clouds_when_empty == "other_weather":
            return replace(state, pending=WeatherChoice(("sun", "rain", "wind", "storm")), **changes)
    return _main_phase(state, **changes)


def choose_weather(state: State, move: ChooseWeather) -> State:
    """"?" (or Clouds with an empty reserve): the player picks the weather."""
    return apply_weather(state, move.weather)


def rain(state: State, move: RainOn) -> State:
    """Rain: one irrigated plot grows (two sections on fertilizer, at most 4)."""
    plot = state.garden[move.at]
    plot, reserve = _grow(state, plot, _growth(plot), state.reserve_bamboo)
    return _main_phase(state, garden=state.garden.with_plot(move.at, plot), reserve_bamboo=reserve)


def storm(state: State, move: StormTo) -> State:
    """Storm: the frightened panda goes to any plot and eats a section there."""
    garden, boards = _eat(state, move.at, state.current)
    return _main_phase(state, panda=move.at, garden=garden, boards=boards)


def clouds(state: State, move: TakeImprovement) -> State:
    """Clouds: take an improvement token from the reserve onto one's board."""
    i = _IMPROVEMENT_INDEX[move.improvement]
    board = state.boards[state.current]
    board = replace(board, improvements=_add(board.improvements, i, 1))
    return _main_phase(
        state,
        reserve_improvements=_add(state.reserve_improvements, i, -1),
        boards=_board(state, state.current, board),
    )


def clouds_move_improvement(state: State, move: MoveImprovement) -> State:
    """Clouds with the reserve empty (English rulebook variant): move a placed token."""
    garden = Garden(state.garden)
    source = garden[move.source]
    kind = source.improvement
    garden[move.source] = replace(source, improvement="", token=False)
    garden[move.to] = replace(garden[move.to], improvement=kind, token=True)
    garden, reserve = _reirrigate(state, garden)
    return _main_phase(state, garden=garden, reserve_bamboo=reserve)


def _reirrigate(state: State, garden: Garden) -> tuple[Garden, tuple[int, int, int]]:
    """Irrigation recomputed from scratch (only needed when a watershed moves)."""
    reserve = state.reserve_bamboo
    for cell, plot in garden.items():
        wet = is_irrigated(cell, plot, state.channels)
        if wet and not plot.irrigated:
            garden[cell], reserve = _irrigate(state, plot, reserve)
        elif plot.irrigated and not wet:
            garden[cell] = replace(plot, irrigated=False)
    return garden, reserve


def is_irrigated(cell: Hex, plot: Plot, channels: frozenset[Edge]) -> bool:
    """Whether a plot is irrigated: next to the pond, a channel on a border, or a watershed."""
    if cell in _POND_RING_SET or plot.improvement == "watershed":
        return True
    return any(e in channels for e in hexgrid.edges_of(cell))


def skip_weather(state: State, move: SkipWeather) -> State:
    """Weather effects are optional."""
    return _main_phase(state)


def declare_actions(state: State, move: DeclareActions) -> State:
    """Variant: the action tokens are placed before any action is resolved."""
    return replace(state, turn=replace(state.turn, declared=move.actions), pending=_CHOOSE_ACTION)


# --- the five actions --------------------------------------------------------------------------


def draw_plots(state: State, move: PlotAction) -> State:
    """Plot: draw three plots (all that remain if fewer)."""
    drawn, pile = state.tile_pile[:3], state.tile_pile[3:]
    if HIDDEN_TILE in drawn:
        raise MaskedRandomness("this state is a view: the plot pile is hidden (determinize it first)")
    # Tiles put back under the pile earlier come up again once the pile runs down to them.
    returned = state.returned_by[max(0, len(state.returned_by) - len(pile)) :]
    state = replace(state, tile_pile=pile, returned_by=returned, turn=_took(state, "plot"))
    choices = keep_choices(drawn)
    if len(choices) == 1:
        only = choices[0]
        assert isinstance(only, KeepTile)
        return keep_plot(replace(state, pending=KeepPlot(drawn)), only)
    return replace(state, pending=KeepPlot(drawn))


def keep_plot(state: State, move: KeepTile) -> State:
    """Plot: keep one tile; the others go under the pile, face down, in the chosen order."""
    return replace(
        state,
        tile_pile=state.tile_pile + move.under,
        returned_by=state.returned_by + (state.current,) * len(move.under),
        pending=PlacePlot(move.keep),
    )


def place_plot(state: State, move: PlaceTile) -> State:
    """Plot: put the tile next to the pond or next to two plots; irrigated at once, it sprouts."""
    assert isinstance(state.pending, PlacePlot)
    tile = state.components.tile_by_code[state.pending.tile]
    boards = state.boards
    plot = Plot(tile.code, tile.colour, tile.improvement)
    if move.improvement:
        i = _IMPROVEMENT_INDEX[move.improvement]
        board = state.boards[state.current]
        boards = _board(state, state.current, replace(board, improvements=_add(board.improvements, i, -1)))
        plot = replace(plot, improvement=move.improvement, token=True)
    reserve = state.reserve_bamboo
    if move.at in _POND_RING_SET or plot.improvement == "watershed":
        plot, reserve = _irrigate(state, plot, reserve)
    return _main_phase(state, garden=state.garden.with_plot(move.at, plot), boards=boards, reserve_bamboo=reserve)


def take_irrigation(state: State, move: IrrigationAction) -> State:
    """Irrigation: take a channel from the reserve (placing it is free, now or later)."""
    board = state.boards[state.current]
    return _main_phase(
        state,
        reserve_channels=state.reserve_channels - 1,
        boards=_board(state, state.current, replace(board, channels=board.channels + 1)),
        turn=_took(state, "irrigation"),
    )


def move_gardener(state: State, move: GardenerAction) -> State:
    """Gardener: move, then grow the plot reached and the adjacent irrigated plots of its colour."""
    changes: dict[str, Any] = {"gardener": move.to, "turn": _took(state, "gardener")}
    target = state.garden.get(move.to)
    if target is not None:
        grown: dict[Hex, Plot] = {}
        reserve = state.reserve_bamboo
        for cell in (move.to,) + hexgrid.neighbours(move.to):
            plot = state.garden.get(cell)
            if plot is not None and plot.colour == target.colour and plot.irrigated and plot.bamboo < MAX_HEIGHT:
                grown[cell], reserve = _grow(state, plot, _growth(plot), reserve)
        if grown:
            changes["garden"] = state.garden.updated(grown)
            changes["reserve_bamboo"] = reserve
    return _main_phase(state, **changes)


def move_panda(state: State, move: PandaAction) -> State:
    """Panda: move, then eat one section of the plot reached (not on an enclosure)."""
    garden, boards = _eat(state, move.to, state.current)
    return _main_phase(state, panda=move.to, garden=garden, boards=boards, turn=_took(state, "panda"))


def draw_objective(state: State, move: ObjectiveAction) -> State:
    """Objective: draw the top card of the chosen deck into one's hand.

    With the BGA variant ``redraw_satisfied``, a plot or gardener card the garden already
    shows goes under its deck and the next card is drawn instead (each card is looked at
    once at most, so a deck of satisfied cards still yields its last one).
    """
    index = OBJECTIVE_KINDS.index(move.deck)
    deck = state.decks[index]
    cards = state.components.cards
    if deck[0] not in cards:
        raise MaskedRandomness("this state is a view: the objective decks are hidden (determinize it first)")
    if state.options.redraw_satisfied and move.deck != "panda":
        looks = len(deck)
        while looks > 1 and scoring.objective_met(state, state.current, cards[deck[0]]):
            deck = deck[1:] + deck[:1]
            looks -= 1
    decks = list(state.decks)
    decks[index] = deck[1:]
    board = state.boards[state.current]
    return _main_phase(
        state,
        decks=(decks[0], decks[1], decks[2]),
        boards=_board(state, state.current, replace(board, hand=board.hand + (deck[0],))),
        turn=_took(state, "objective"),
    )


# --- free during one's turn ---------------------------------------------------------------------


def place_channel(state: State, move: PlaceChannel) -> State:
    """Place a stored channel; the plots on both sides are irrigated (first shoot if new).

    Like every free move it leaves the decision being asked (an action, or the weather's) open.
    """
    watered: dict[Hex, Plot] = {}
    reserve = state.reserve_bamboo
    for cell in move.edge:
        plot = state.garden.get(cell)
        if plot is not None and not plot.irrigated:
            watered[cell], reserve = _irrigate(state, plot, reserve)
    board = state.boards[state.current]
    return replace(
        state,
        channels=state.channels | {move.edge},
        garden=state.garden.updated(watered) if watered else state.garden,
        reserve_bamboo=reserve,
        boards=_board(state, state.current, replace(board, channels=board.channels - 1)),
    )


def place_improvement(state: State, move: PlaceImprovement) -> State:
    """Place a stored improvement on a plot without one (and without bamboo); it stays for good."""
    i = _IMPROVEMENT_INDEX[move.improvement]
    plot = replace(state.garden[move.at], improvement=move.improvement, token=True)
    reserve = state.reserve_bamboo
    if move.improvement == "watershed":
        plot, reserve = _irrigate(state, plot, reserve)
    board = state.boards[state.current]
    return replace(
        state,
        garden=state.garden.with_plot(move.at, plot),
        reserve_bamboo=reserve,
        boards=_board(state, state.current, replace(board, improvements=_add(board.improvements, i, -1))),
    )


def complete_objective(state: State, move: CompleteObjective) -> State:
    """Complete an objective: the card goes face up; panda sections return to the reserve.

    Completing the 9th/8th/7th objective (2/3/4 players) triggers the last round and brings
    the Emperor.
    """
    seat = state.current
    board = state.boards[seat]
    hand = list(board.hand)
    hand.remove(move.card)
    card = state.components.cards[move.card]
    bamboo, reserve = board.bamboo, state.reserve_bamboo
    if card.kind == "panda":
        assert isinstance(card, PandaObjective)
        bamboo = (bamboo[0] - card.sections[0], bamboo[1] - card.sections[1], bamboo[2] - card.sections[2])
        reserve = (reserve[0] + card.sections[0], reserve[1] + card.sections[1], reserve[2] + card.sections[2])
    board = replace(board, hand=tuple(hand), completed=board.completed + (move.card,), bamboo=bamboo)
    emperor = state.emperor
    if emperor is None and len(board.completed) >= OBJECTIVES_TO_END[state.players]:
        emperor = seat
    return replace(state, boards=_board(state, seat, board), reserve_bamboo=reserve, emperor=emperor)


def end_turn(state: State, move: EndTurn) -> State:
    """End the turn. After the Emperor's visit is triggered every other player plays once more.

    The round cap (``max_rounds``) only stops a game nobody has finished: once the end is
    triggered, the other players' final turns are played even past the cap.
    """
    following = next_seat(state.current, state.players)
    limit = state.options.max_rounds
    stalled = state.emperor is None and limit and state.turn_number >= limit * state.players
    if following == state.emperor or stalled:
        return replace(state, pending=GameOver())
    return _begin_turn(state, following)


_APPLY: dict[type, Callable[[State, Any], State]] = {
    PlotAction: draw_plots,
    KeepTile: keep_plot,
    PlaceTile: place_plot,
    IrrigationAction: take_irrigation,
    GardenerAction: move_gardener,
    PandaAction: move_panda,
    ObjectiveAction: draw_objective,
    PlaceChannel: place_channel,
    PlaceImprovement: place_improvement,
    CompleteObjective: complete_objective,
    EndTurn: end_turn,
    ChooseWeather: choose_weather,
    RainOn: rain,
    StormTo: storm,
    TakeImprovement: clouds,
    MoveImprovement: clouds_move_improvement,
    SkipWeather: skip_weather,
    DeclareActions: declare_actions,
}



# ---------------------------------------------------------------------------------------------
# Invariants


def _seat_problems(state: State) -> list[str]:
    players = state.players
    if not 2 <= players <= 4 or len(state.boards) != players:
        return [f"field 'players'/'boards': {players} players with {len(state.boards)} boards"]
    seats = {"current": state.current, "start_player": state.start_player}
    if state.emperor is not None:
        seats["emperor"] = state.emperor
    seats.update((f"returned_by[{i}]", seat) for i, seat in enumerate(state.returned_by))
    return [f"field {name!r}: {seat} is no seat of {players}" for name, seat in seats.items() if not 0 <= seat < players]


def bamboo_box(components: Components, options: Options) -> tuple[int, int, int]:
    """The sections in the box for the chosen supply (the 2011 printing when unlimited)."""
    printing = "2011" if options.bamboo_supply == "unlimited" else options.bamboo_supply
    return components.bamboo[printing]


def invariants(state: State) -> list[str]:
    """Every broken invariant of ``state``, as sentences (empty for a sound position).

    Checked: bamboo conserved (garden + boards + reserve = box) and heights 0-4, on sprouted
    plots only (unless the Rain may water dry plots); irrigation flags agree with the garden;
    channels conserved (at most 20), each between two plots and connected to the pond;
    improvement tokens 3/3/3 conserved; hands at most 5; objective cards and plot tiles
    conserved; every plot placed next to the pond or to two earlier plots; figures on tiles;
    the Emperor with the trigger; the turn's weather (none in the first round) and actions
    (at most the weather's allowance, two alike only under the Wind); the seats playing in
    clockwise order; a live game has moves.
    The seats come first: when they are wrong, nothing else can be read.
    """
    problems = _seat_problems(state)
    if problems:
        return problems
    parts, options, garden = state.components, state.options, state.garden
    boards = state.boards

    box = bamboo_box(parts, options)
    for i, colour in enumerate(COLOURS):
        standing = sum(p.bamboo for p in garden.values() if p.colour == colour)
        held = sum(b.bamboo[i] for b in boards)
        if standing + held + state.reserve_bamboo[i] != box[i]:
            problems.append(
                f"{colour} bamboo not conserved: {standing} standing + {held} held + "
                f"{state.reserve_bamboo[i]} in reserve != {box[i]}"
            )
        if options.bamboo_supply != "unlimited" and state.reserve_bamboo[i] < 0:
            problems.append(f"the {colour} reserve is negative")
        if any(n < 0 for b in boards for n in b.bamboo):
            problems.append("a player holds a negative number of sections")

    for cell, plot in garden.items():
        if plot.improvement and plot.improvement not in _IMPROVEMENT_INDEX:
            problems.append(f"plot {cell} carries an unknown improvement {plot.improvement!r}")
        if not 0 <= plot.bamboo <= MAX_HEIGHT:
            problems.append(f"plot {cell} holds {plot.bamboo} sections")
        if plot.bamboo and not plot.sprouted and options.rain_needs_irrigation:
            problems.append(f"plot {cell} has bamboo but was never irrigated")
        if plot.irrigated and not plot.sprouted:
            problems.append(f"plot {cell} is irrigated but never had its first shoot")
        if plot.irrigated != is_irrigated(cell, plot, state.channels):
            problems.append(f"plot {cell} irrigation flag is wrong")
        tile = parts.tile_by_code.get(plot.tile)
        if tile is None or tile.colour != plot.colour:
            problems.append(f"plot {cell} is not a tile of the box")
        elif tile.improvement and (plot.token or plot.improvement != tile.improvement):
            problems.append(f"plot {cell} lost its printed {tile.improvement}")

    placed = len(state.channels)
    stored = sum(b.channels for b in boards)
    if placed + stored + state.reserve_channels != parts.channels or state.reserve_channels < 0:
        problems.append(
            f"channels not conserved: {placed} placed + {stored} stored + {state.reserve_channels} in reserve"
        )
    for e in state.channels:
        sides_ok = all(c in garden for c in e) or (
            options.channel_on_pond_border and POND in e and all(c in garden or c == POND for c in e)
        )
        if not sides_ok:
            problems.append(f"channel {hexgrid.edge_text(e)} does not lie between two plots")
    for network in regions.edge_components(state.channels, hexgrid.edge_vertices):
        if not any(POND in v for e in network for v in hexgrid.edge_vertices(e)):
            problems.append("a channel network does not start at the pond")

    for i, kind in enumerate(IMPROVEMENTS):
        laid = sum(1 for p in garden.values() if p.token and p.improvement == kind)
        kept = sum(b.improvements[i] for b in boards)
        if laid + kept + state.reserve_improvements[i] != parts.improvements[i] or state.reserve_improvements[i] < 0:
            problems.append(f"{kind} tokens not conserved")

    cards = parts.cards
    for seat, board in enumerate(boards):
        if len(board.hand) > HAND_LIMIT:
            problems.append(f"seat {seat} holds {len(board.hand)} objectives")
    every = [c for b in boards for c in b.hand + b.completed] + [c for deck in state.decks for c in deck]
    known = [c for c in every if c in cards]
    if len(every) != len(cards) or len(set(known)) != len(known):
        problems.append("objective cards not conserved")
    strange = sorted({c for c in every if c not in cards and c not in _HIDDEN_CARDS})
    if strange:
        problems.append(f"unknown objective cards {', '.join(strange)}")
    for kind, deck in zip(OBJECTIVE_KINDS, state.decks, strict=True):
        if any(c in cards and cards[c].kind != kind for c in deck):
            problems.append(f"a foreign card is in the {kind} deck")

    if len(state.returned_by) > len(state.tile_pile):
        problems.append("the record of who put plots back does not fit the pile")
    tiles = Counter(plot.tile for plot in garden.values())
    tiles.update(state.tile_pile)
    if isinstance(state.pending, KeepPlot):
        tiles.update(state.pending.drawn)
    if isinstance(state.pending, PlacePlot):
        tiles[state.pending.tile] += 1
    hidden = tiles.pop(HIDDEN_TILE, 0)
    box_tiles = Counter(tile.code for tile in parts.tiles)
    # In a view hidden tiles stand for any of the tiles not seen.
    if tiles - box_tiles or tiles.total() + hidden != box_tiles.total():
        problems.append("plot tiles not conserved")

    earlier: set[Hex] = set()
    for cell in garden:
        near = sum(1 for n in hexgrid.neighbours(cell) if n in earlier)
        if cell == POND or (cell not in _POND_RING_SET and near < 2):
            problems.append(f"plot {cell} was placed away from the pond and from two plots")
        earlier.add(cell)

    for name, cell in (("gardener", state.gardener), ("panda", state.panda)):
        if cell not in state.occupied:
            problems.append(f"the {name} stands on the empty cell {cell}")
    if state.emperor is not None and len(boards[state.emperor].completed) < OBJECTIVES_TO_END[state.players]:
        problems.append("the Emperor went to a player who did not trigger the end")
    turn = state.turn
    if turn.weather not in WEATHER_FACES + ("",) or turn.weather == "?":
        problems.append(f"the turn's weather {turn.weather!r} is no weather")
    if any(a not in ACTIONS for a in turn.actions + (turn.declared or ())):
        problems.append(f"the turn's actions {turn.actions} are not all actions")
    elif turn.declared is not None and Counter(turn.actions) - Counter(turn.declared):
        problems.append("the turn took actions it did not declare")
    if len(turn.actions) > turn.allowance:
        problems.append(f"the turn took {len(turn.actions)} actions where the weather allows {turn.allowance}")
    if turn.weather != "wind" and len(set(turn.actions)) < len(turn.actions):
        problems.append(f"the turn took the same action twice without the Wind: {turn.actions}")
    if turn.weather and (state.turn_number <= state.players or not options.weather):
        problems.append(f"the turn has weather {turn.weather!r} though the die is not in play yet")
    if state.current != (state.start_player + state.turn_number - 1) % state.players:
        problems.append(f"seat {state.current} plays turn {state.turn_number} out of the clockwise order")
    if isinstance(state.pending, WeatherChoice) and not set(state.pending.choices) <= set(WEATHER_FACES[:5]):
        problems.append(f"the weather to choose from, {state.pending.choices}, is not all weather")
    # Legal moves are only worth asking for in an otherwise sound position.
    if not problems and not state.is_over and not state.legal_moves():
        problems.append("the game is not over but there is no legal move")
    return problems
