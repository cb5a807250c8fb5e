"""Why a move that is not legal is refused, beyond what is being asked."""

from __future__ import annotations

from typing import Any

from tabletop.windmill_valley.moves import Build, Floodgate, Install, Plant, TurnWheels
from tabletop.windmill_valley.state import State


def describe(state: State, move: Any) -> str:
    """A sentence for the common refusals (``""`` when there is nothing more to say)."""
    if isinstance(move, Floodgate):
        return "the floodgate may not push the water past its maximum, and opening it is paid"
    if isinstance(move, TurnWheels):
        return "the wheels turn the floodgate's speed, one step more or less per Tool, 1 to 4 steps"
    if isinstance(move, Install):
        return "the two active spaces take no enhancement this turn, and the tile must be affordable"
    if isinstance(move, Build):
        return "a windmill needs a free, affordable space connected to the market"
    if isinstance(move, Plant):
        return "a bulb is planted from storage in the leftmost free patch of a row"
    return ""
