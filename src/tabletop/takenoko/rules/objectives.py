"""Objectives: when a card's conditions are met, and which cards of a hand can be completed.

A plot objective is met when the garden shows its pattern (see
:func:`~tabletop.takenoko.scoring.plot_pattern_met`), a gardener objective when enough plots
of its colour carry bamboo of its height with its improvement, a panda objective when the
player holds the sections.

What the garden shows is worked out once per garden for every card of the box, never for the
cards someone holds: the garden is shared with the views, and a record of the cards it was
asked about would tell a view what the other players hold.
"""

from __future__ import annotations

from tabletop.kernel.hexgrid import Hex
from tabletop.takenoko.components import GardenerObjective, ObjectiveCard, PandaObjective, PlotObjective
from tabletop.takenoko.scoring import plot_pattern_met
from tabletop.takenoko.state import Garden, State

# Improvement conditions of gardener cards -> the improvements of the plots that fit them.
_FITTING: dict[str, tuple[str, ...]] = {
    "any": ("", "watershed", "fertilizer", "enclosure"),
    "none": ("",),
    "watershed": ("watershed",),
    "fertilizer": ("fertilizer",),
    "enclosure": ("enclosure",),
}


def _stands(garden: Garden) -> dict[tuple[str, str], list[tuple[int, Hex]]]:
    """The plots of the garden by (colour, improvement): (bamboo height, cell) of each."""
    out: dict[tuple[str, str], list[tuple[int, Hex]]] = {}
    for cell, plot in garden.items():
        out.setdefault((plot.colour, plot.improvement), []).append((plot.bamboo, cell))
    return out


def gardener_met(garden: Garden, card: GardenerObjective, gardener: Hex | None, exact: bool) -> bool:
    """Whether the garden shows the gardener objective ``card`` (as
    :func:`~tabletop.takenoko.scoring.gardener_pattern_met` says, from a per-garden index)."""
    stands = garden.derived("stands", _stands)
    loose = not exact and card.bamboos > 1
    count = 0
    on_one = gardener is None
    for improvement in _FITTING[card.improvement]:
        for height, cell in stands.get((card.colour, improvement), ()):
            if height == card.height or (loose and height > card.height):
                count += 1
                on_one = on_one or cell == gardener
    return count >= card.bamboos and on_one


def plot_objectives_met(state: State) -> frozenset[str]:
    """The plot objectives of the box (every one, held or not) that the garden shows."""
    components = state.components

    def met(garden: Garden) -> frozenset[str]:
        return frozenset(
            card.id for card in components.objectives if isinstance(card, PlotObjective) and plot_pattern_met(garden, card)
        )

    return state.garden.patterns(("plot objectives", id(components)), met)


def objective_met(state: State, seat: int, card: ObjectiveCard) -> bool:
    """Whether ``seat`` could complete ``card`` in ``state`` (hand membership not checked)."""
    if isinstance(card, PlotObjective):
        return card.id in plot_objectives_met(state)
    if isinstance(card, GardenerObjective):
        options = state.options
        return gardener_met(state.garden, card, state.gardener if options.gardener_on_plot else None, options.exact_height)
    held = state.boards[seat].bamboo
    need = card.sections
    return held[0] >= need[0] and held[1] >= need[1] and held[2] >= need[2]


def completable(state: State) -> tuple[str, ...]:
    """The cards in the current player's hand whose objective is met now (one per kind of card)."""
    seen: set[object] = set()
    out = []
    cards = state.components.cards
    for cid in state.boards[state.current].hand:
        card = cards[cid]
        # Copies of a panda card are interchangeable: completing either is one choice.
        key = card.sections if isinstance(card, PandaObjective) else cid
        if key in seen:
            continue
        seen.add(key)
        if objective_met(state, state.current, card):
            out.append(cid)
    return tuple(out)
