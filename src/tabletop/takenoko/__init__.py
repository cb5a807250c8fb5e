"""Takenoko (Antoine Bauza, 2011), base game for 2-4 players.

>>> from tabletop import takenoko
>>> state = takenoko.new_game(players=3, seed=7)
>>> state = state.apply(state.legal_moves()[0])

``GAME`` describes the game to the library; :func:`new_game` takes the rule options of
:class:`Options` as keywords (``GAME.declared`` lists them), ``components``: corrected
component data as a :class:`Components`, a folder of ``*.toml`` files (see
:func:`load_components`) or their data (:meth:`Components.as_data`, what game records store),
and ``chance``: ``"sampled"`` (random events drawn from the seed) or ``"explicit"`` (each
random event is a decision of seat :data:`CHANCE`, whose outcomes
:class:`Roll`, :class:`DrawTile`, :class:`DrawCard` and :class:`FirstSeat` are applied like
moves; ``state.chance_outcomes()`` gives their probabilities).

States run on the kernel's engine (:mod:`tabletop.kernel.engine`) with the rules in
:data:`RULES` (:mod:`tabletop.takenoko.rules`, read by phase). :func:`position` builds a
position from a readable description (garden, hands, stocks, the next tiles and cards, the
weather). :func:`observation` encodes what a seat knows as a numpy vector for learning agents
(see :mod:`tabletop.takenoko.encode` for its layout).
"""

from __future__ import annotations

from typing import Any

from tabletop.kernel.api import Game, parse_by_notation
from tabletop.kernel.engine import CHANCE
from tabletop.takenoko.components import Components, load_components
from tabletop.takenoko.encode import layout_of, observation, observation_layout, observation_size
from tabletop.takenoko.invariants import invariants
from tabletop.takenoko.moves import (
    ChooseWeather,
    CompleteObjective,
    DeclareActions,
    DrawCard,
    DrawTile,
    EndTurn,
    FirstSeat,
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
    Roll,
    SkipWeather,
    StormTo,
    TakeImprovement,
)
from tabletop.takenoko.render import render
from tabletop.takenoko.options import OPTIONS
from tabletop.takenoko.rules import RULES
from tabletop.takenoko.positions import position
from tabletop.takenoko.setup import from_json, start
from tabletop.takenoko.state import Options, Plot, Player, State, Turn
from tabletop.takenoko.view import determinize

GAME: Game[State] = Game(
    name="takenoko",
    title="Takenoko",
    declared=OPTIONS,
    setup=start,
    from_json=from_json,
    parse_move=parse_by_notation,
    determinize=determinize,
    invariants=invariants,
    render=render,
    observation=observation,
    observation_layout=layout_of,
)

def new_game(players: int, seed: int | None = None, **options: Any) -> State:
    """A new game for 2-4 players (``tabletop.takenoko.OPTIONS`` lists the options)."""
    return GAME.new_game(players, seed, **options)


__all__ = [
    "CHANCE",
    "OPTIONS",
    "GAME",
    "ChooseWeather",
    "CompleteObjective",
    "Components",
    "DeclareActions",
    "DrawCard",
    "DrawTile",
    "EndTurn",
    "FirstSeat",
    "GardenerAction",
    "IrrigationAction",
    "KeepTile",
    "Move",
    "MoveImprovement",
    "ObjectiveAction",
    "Options",
    "PandaAction",
    "PlaceChannel",
    "PlaceImprovement",
    "PlaceTile",
    "Player",
    "Plot",
    "RULES",
    "PlotAction",
    "RainOn",
    "Roll",
    "SkipWeather",
    "State",
    "StormTo",
    "TakeImprovement",
    "Turn",
    "determinize",
    "invariants",
    "load_components",
    "new_game",
    "observation",
    "observation_layout",
    "observation_size",
    "position",
    "render",
]
