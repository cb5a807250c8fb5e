"""Windmill Valley (Dani Garcia, Board&Dice 2024), for 1-4 players (solo against the Gardener).

>>> from tabletop import windmill_valley
>>> state = windmill_valley.new_game(players=2, seed=7)
>>> state = state.apply(state.legal_moves()[0])

``GAME`` describes the game to the library; :func:`new_game` takes the options of
:data:`OPTIONS` (``expert``: no extra round at the end; ``promo``: the PROMO 1 tiles;
``difficulty``: the solo Gardener's level; ``chance``: ``"sampled"`` or ``"explicit"``). States run on the kernel's engine with the rules in :data:`RULES`
(:mod:`tabletop.windmill_valley.rules`, read by phase); :func:`position` builds a position from a
readable description. Much of the component data is provisional (printed only as icons and
missing from the public record): see :mod:`tabletop.windmill_valley.components`.
"""

from __future__ import annotations

from typing import Any

from tabletop.kernel.api import Game
from tabletop.windmill_valley.encode import observation, observation_layout
from tabletop.windmill_valley.invariants import invariants
from tabletop.windmill_valley.options import OPTIONS
from tabletop.windmill_valley.positions import position
from tabletop.windmill_valley.render import render
from tabletop.windmill_valley.rules import RULES
from tabletop.windmill_valley.setup import from_json, setup
from tabletop.windmill_valley.state import Farmer, State, Turn
from tabletop.windmill_valley.view import determinize

GAME: Game[State] = Game(
    name="windmill_valley",
    title="Windmill Valley",
    declared=OPTIONS,
    setup=setup,
    from_json=from_json,
    determinize=determinize,
    invariants=invariants,
    render=render,
    observation=observation,
    observation_layout=observation_layout,
)


def new_game(players: int, seed: int | None = None, **options: Any) -> State:
    """A new game for 1-4 players (``OPTIONS`` lists the options)."""
    return GAME.new_game(players, seed, **options)


__all__ = ["GAME", "OPTIONS", "RULES", "Farmer", "State", "Turn", "determinize", "invariants", "new_game", "position", "render"]
