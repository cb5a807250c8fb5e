"""Why a move is refused: the sentence the engine adds to :class:`~tabletop.kernel.api.IllegalMove`,
naming the rule the move breaks and what the seat to move must do instead."""

from __future__ import annotations

from typing import Any, get_args

from tabletop.takenoko.moves import (
    CompleteObjective,
    EndTurn,
    GardenerAction,
    IrrigationAction,
    Move,
    ObjectiveAction,
    PandaAction,
    PlaceChannel,
    PlaceImprovement,
    PlaceTile,
    PlotAction,
    RainOn,
    StormTo,
)
from tabletop.takenoko.rules.turn import open_actions
from tabletop.takenoko.state import (
    HAND_LIMIT,
    MAX_HEIGHT,
    ChooseAction,
    Clouds,
    Declare,
    KeepPlot,
    PlacePlot,
    Rain,
    State,
    Storm,
    WeatherChoice,
)

_ASKED: dict[type, str] = {
    ChooseAction: "take an action, place a stored channel or improvement, complete an objective or end the turn",
    Declare: "declare the turn's actions",
    WeatherChoice: "choose the weather (or first make a free move)",
    Rain: "choose the plot the rain grows, make a free move, or skip",
    Storm: "choose where the storm sends the panda, make a free move, or skip",
    Clouds: "take an improvement from the reserve, make a free move, or skip",
    KeepPlot: "choose which drawn plot to keep",
    PlacePlot: "place the kept plot",
}

_ACTION_OF: dict[type, str] = {
    PlotAction: "plot",
    IrrigationAction: "irrigation",
    GardenerAction: "gardener",
    PandaAction: "panda",
    ObjectiveAction: "objective",
}

_MOVE_TYPES: tuple[type, ...] = get_args(Move)


def describe(state: State, move: Any) -> str:
    """Why ``move`` is not legal in ``state`` and what the seat to move must do."""
    if not isinstance(move, _MOVE_TYPES):
        return f"{move!r} is not a Takenoko move"
    asked = _ASKED.get(type(state.pending))
    reason = _reason(state, move)
    if asked is None:
        return reason
    return f"{reason + '; ' if reason else ''}seat {state.current} must {asked}"


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
    return _free_move_reason(state, move)


def _free_move_reason(state: State, move: Any) -> str:
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
    """Why an action the turn still allows cannot be taken (see :func:`action_possible`)."""
    if state.turn.declared is not None and action not in state.turn.declared:
        return f"the {action} action was not declared"
    if action == "plot":
        return "the plot pile is empty"
    if action == "irrigation":
        return "no irrigation channel is left in the reserve"
    if action == "objective":
        if state.boards[state.current].held >= HAND_LIMIT:
            return f"a hand of {HAND_LIMIT} objectives is full: complete one before drawing another"
        return "every objective deck is empty"
    return f"the {action} has nowhere to go: no plot is placed yet"
