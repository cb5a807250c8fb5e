"""Takenoko's rules, read by phase as the rulebook tells them.

A turn is: the weather (from each player's second turn on, :mod:`.weather`), then actions
(:mod:`.actions`: two different ones among Plot, Irrigation, Gardener, Panda and Objective;
two identical ones under the Wind, a third different one under the Sun; :mod:`.turn`). At any
time of the turn, the weather's decision included, the player may place stored channels and
improvements and complete objectives for free (:mod:`.free`, :mod:`.objectives`); the turn
ends when the player says so, or by itself once nothing is left to do (:mod:`.end`). Before
the die is rolled there is nothing a free move could do that it cannot do just after, so the
roll comes first. :mod:`.garden` holds what every phase shares: growing, eating, watering and
where things may go.

Every random event is a decision of seat ``CHANCE`` (:mod:`.chance`): the preparation's deal
and start player (:mod:`.preparation`), the weather die, each plot tile drawn (three per Plot
action, then the player keeps one) and each objective card drawn. The engine decides them from
the seeded random source, or asks them like moves with ``chance="explicit"``.

:data:`RULES` hands all this to the kernel's engine (:mod:`tabletop.kernel.engine`): per type
of pending decision, the function listing its moves and the one resolving a move, and
:func:`.end.settle` for the forced steps.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from tabletop.kernel.engine import ChanceDecision, Decision, Rules
from tabletop.takenoko import saved, scoring
from tabletop.takenoko.moves import (
    ChooseWeather,
    CompleteObjective,
    DeclareActions,
    EndTurn,
    GardenerAction,
    IrrigationAction,
    KeepTile,
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
from tabletop.takenoko.render import render
from tabletop.takenoko.rules.actions import (
    action_moves,
    card_draws,
    card_drawn,
    draw_card,
    draw_tile,
    draw_tiles,
    tile_draws,
    draw_objective,
    draw_plots,
    keep_choices,
    keep_moves,
    keep_plot,
    move_gardener,
    move_panda,
    place_moves,
    place_plot,
    take_irrigation,
)
from tabletop.takenoko.rules.end import end_turn, settle
from tabletop.takenoko.rules.free import complete_objective, free_moves, place_channel, place_improvement
from tabletop.takenoko.rules.garden import (
    channel_spots,
    figure_destinations,
    improvement_spots,
    is_irrigated,
    plot_spots,
)
from tabletop.takenoko.rules.objectives import completable, objective_met
from tabletop.takenoko.rules.preparation import deal, deal_all, deal_outcomes, first_deal, start, start_outcomes
from tabletop.takenoko.rules.refusals import describe
from tabletop.takenoko.rules.turn import declare_actions, declare_moves, open_actions
from tabletop.takenoko.rules.weather import (
    apply_weather,
    choose_weather,
    clouds,
    clouds_move_improvement,
    clouds_moves,
    die_outcomes,
    die_sample,
    improvement_moves,
    rain,
    rain_moves,
    rain_spots,
    roll,
    skip_weather,
    storm,
    storm_moves,
    weather_choice_moves,
)
from tabletop.takenoko.state import (
    ChooseAction,
    Clouds,
    DealObjective,
    Declare,
    DrawObjective,
    DrawPlots,
    DrawStartPlayer,
    KeepPlot,
    PlacePlot,
    Rain,
    State,
    Storm,
    WeatherChoice,
    WeatherDie,
)
from tabletop.takenoko.view import view

#: What each move does (the decision it answers was checked by the engine).
RESOLVE: dict[type, Callable[[State, Any], State]] = {
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


def resolve(state: State, pending: Any, move: Any) -> State:
    """The state after the legal ``move``, by the rule it plays."""
    return RESOLVE[type(move)](state, move)


def _declare_moves(state: State, pending: Declare) -> tuple[DeclareActions, ...]:
    return declare_moves(state)


RULES: Rules[State] = Rules(
    game="Takenoko",
    decisions={
        ChooseAction: Decision(action_moves, resolve, "choosing an action, a free move or the end of the turn"),
        Declare: Decision(_declare_moves, resolve, "declaring the turn's actions"),
        WeatherChoice: Decision(weather_choice_moves, resolve, "choosing the weather"),
        Rain: Decision(rain_moves, resolve, "choosing the plot the rain grows"),
        Storm: Decision(storm_moves, resolve, "choosing where the storm sends the panda"),
        Clouds: Decision(clouds_moves, resolve, "choosing the improvement the clouds give"),
        KeepPlot: Decision(keep_moves, resolve, "choosing the drawn plot to keep"),
        PlacePlot: Decision(place_moves, resolve, "placing the kept plot"),
        DealObjective: ChanceDecision(deal_outcomes, deal, "dealing the objectives", run=deal_all),
        DrawStartPlayer: ChanceDecision(start_outcomes, start, "drawing the start player"),
        WeatherDie: ChanceDecision(die_outcomes, roll, "rolling the weather die", die_sample),
        DrawPlots: ChanceDecision(tile_draws, draw_tile, "drawing a plot tile", run=draw_tiles),
        DrawObjective: ChanceDecision(card_draws, draw_card, "drawing an objective card", card_drawn),
    },
    settle=settle,
    scores=scoring.scores,
    winners=scoring.winners,
    view=view,
    to_json=saved.to_json,
    render=render,
    describe=describe,
)

__all__ = [
    "RESOLVE",
    "RULES",
    "apply_weather",
    "channel_spots",
    "completable",
    "end_turn",
    "figure_destinations",
    "first_deal",
    "free_moves",
    "improvement_moves",
    "improvement_spots",
    "is_irrigated",
    "keep_choices",
    "objective_met",
    "open_actions",
    "plot_spots",
    "rain_spots",
    "resolve",
    "settle",
]
