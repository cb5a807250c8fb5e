"""Objectives and scores.

A plot objective is met when the garden shows its pattern, in any of the six rotations (never
mirrored), on irrigated plots of the right colours; a gardener objective when enough plots of
its colour carry bamboo of exactly the shown height with the shown improvement; a panda
objective when the player holds the sections. A player's score is the sum of their completed
objectives plus the Emperor's 2 points; ties go to the most panda points, then are shared.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from tabletop.kernel.hexgrid import Hex
from tabletop.takenoko.components import (
    GardenerObjective,
    PandaObjective,
    PlotObjective,
)

if TYPE_CHECKING:
    from tabletop.takenoko.state import Plot, State

__all__ = [
    "GardenerObjective",
    "PandaObjective",
    "PlotObjective",
    "gardener_pattern_met",
    "panda_points",
    "plot_pattern_met",
    "scores",
    "winners",
]


def plot_pattern_met(garden: Mapping[Hex, Plot], card: PlotObjective) -> bool:
    """Whether the garden shows the card's pattern (any rotation, every plot irrigated)."""
    for variant in card.variants:
        (_, first_colour), rest = variant[0], variant[1:]
        for (q, r), plot in garden.items():
            if plot.colour != first_colour or not plot.irrigated:
                continue
            for (dq, dr), colour in rest:
                other = garden.get((q + dq, r + dr))
                if other is None or other.colour != colour or not other.irrigated:
                    break
            else:
                return True
    return False


def gardener_pattern_met(
    garden: Mapping[Hex, Plot], card: GardenerObjective, gardener: Hex | None = None, exact: bool = True
) -> bool:
    """Whether enough plots of the card's colour hold bamboo of its height and improvement.

    With ``exact`` (the default) heights must match exactly, otherwise multi-bamboo cards
    accept taller bamboo. With ``gardener`` given, the gardener must stand on one of the plots.
    """
    wanted = card.improvement
    matching: list[Hex] = []
    for cell, plot in garden.items():
        if plot.colour != card.colour:
            continue
        if plot.bamboo != card.height and (exact or card.bamboos == 1 or plot.bamboo < card.height):
            continue
        if wanted == "none" and plot.improvement:
            continue
        if wanted not in ("none", "any") and plot.improvement != wanted:
            continue
        matching.append(cell)
    if len(matching) < card.bamboos:
        return False
    return gardener is None or gardener in matching


def panda_points(state: State, seat: int) -> int:
    """Points from the panda objectives ``seat`` completed (the first tie-break)."""
    cards = state.components.cards
    return sum(cards[c].points for c in state.boards[seat].completed if cards[c].kind == "panda")


def scores(state: State) -> tuple[int, ...]:
    """Each seat's points: completed objectives, plus the Emperor's card for the one who triggered the end."""
    cards = state.components.cards
    emperor = state.components.emperor_points
    return tuple(
        sum(cards[c].points for c in board.completed) + (emperor if seat == state.emperor else 0)
        for seat, board in enumerate(state.boards)
    )


def winners(state: State) -> tuple[int, ...]:
    """The seats sharing victory once the game is over: best score, then most panda points."""
    if not state.is_over:
        return ()
    points = scores(state)
    keys = [(points[s], panda_points(state, s)) for s in range(state.players)]
    best = max(keys)
    return tuple(s for s in range(state.players) if keys[s] == best)
