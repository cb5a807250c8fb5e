"""Objectives: when a card's conditions are met, and which cards of a hand can be completed.

A plot objective is met when the garden shows its pattern (as
:func:`~tabletop.takenoko.scoring.plot_pattern_met` says, from an index of the irrigated plots), a gardener objective when enough plots
of its colour carry bamboo of its height with its improvement, a panda objective when the
player holds the sections.

What the garden shows is worked out once per garden and card, for the cards asked about, and
kept on the garden (:meth:`~tabletop.takenoko.state.Garden.patterns`): those are the cards
players hold, so a view never shares its garden's facts (see :mod:`tabletop.takenoko.view`).
"""

from __future__ import annotations

from tabletop.kernel.hexgrid import Hex
from tabletop.takenoko.components import GardenerObjective, ObjectiveCard, PandaObjective, PlotObjective
from tabletop.takenoko.state import Garden, Player, State

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
    :func:`~tabletop.takenoko.scoring.gardener_pattern_met` says, from per-garden indexes)."""
    if gardener is None and (exact or card.bamboos == 1):
        # The usual case: count the plots of exactly the card's height.
        heights = garden.heights()
        count = 0
        for improvement in _FITTING[card.improvement]:
            count += heights.get((card.colour, improvement, card.height), 0)
        return count >= card.bamboos
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


def pattern_shown(garden: Garden, card: PlotObjective) -> bool:
    """Whether the garden shows the plot objective ``card`` (as
    :func:`~tabletop.takenoko.scoring.plot_pattern_met` says), found once per set of irrigated
    plots (and kept once shown while no plot dries: a pattern only ever appears as the garden
    grows)."""
    return garden.patterns(card.id, _card_shown, card)  # keyed as completable() asks


def _card_shown(garden: Garden, before: bool | None, card: PlotObjective) -> bool:
    if before:
        return True
    wet, by_colour = garden.patterns("irrigated plots", _irrigated)
    if len(card.cells) > len(wet):
        return False
    for variant in card.variants:
        if _variant_shown(variant, wet, by_colour):
            return True
    return False


def _irrigated(garden: Garden, before: object, given: object) -> tuple[dict[Hex, str], dict[str, list[Hex]]]:
    """The irrigated plots' colours by cell, and their cells by colour."""
    wet: dict[Hex, str] = {cell: plot.colour for cell, plot in garden.items() if plot.irrigated}
    by_colour: dict[str, list[Hex]] = {}
    for cell, colour in wet.items():
        by_colour.setdefault(colour, []).append(cell)
    return wet, by_colour


def _variant_shown(variant: tuple[tuple[Hex, str], ...], wet: dict[Hex, str], by_colour: dict[str, list[Hex]]) -> bool:
    (_, first), rest = variant[0], variant[1:]
    for q, r in by_colour.get(first, ()):
        for (dq, dr), colour in rest:
            if wet.get((q + dq, r + dr)) != colour:
                break
        else:
            return True
    return False


def objective_met(state: State, seat: int, card: ObjectiveCard) -> bool:
    """Whether ``seat`` could complete ``card`` in ``state`` (hand membership not checked)."""
    if isinstance(card, PlotObjective):
        return pattern_shown(state.garden, card)
    if isinstance(card, GardenerObjective):
        options = state.options
        return gardener_met(state.garden, card, state.gardener if options.gardener_on_plot else None, options.exact_height)
    held = state.boards[seat].bamboo
    need = card.sections
    return held[0] >= need[0] and held[1] >= need[1] and held[2] >= need[2]


def completable(state: State) -> tuple[str, ...]:
    """The cards in the current player's hand whose objective is met now (one per kind of card).

    It is asked at every listing of moves, so the answer is kept on the garden for the hand and
    the sections held, and each card is checked as cheaply as can be: what the garden shows is
    kept on the garden too (per plot card, and an index of bamboo heights for gardener cards).
    """
    board = state.boards[state.current]
    if not board.hand:
        return ()
    options = state.options
    gardener = state.gardener if options.gardener_on_plot else None
    key = ("completable", board.hand, board.bamboo, gardener, options.exact_height)
    return state.garden.derived(key, _completable, state, board, gardener)


def _completable(garden: Garden, state: State, board: Player, gardener: Hex | None) -> tuple[str, ...]:
    cards = state.components.cards
    exact = state.options.exact_height
    held = board.bamboo
    out = []
    seen: list[tuple[int, int, int]] = []
    for cid in board.hand:
        card = cards[cid]
        if isinstance(card, PlotObjective):
            met = garden.patterns(cid, _card_shown, card)
        elif isinstance(card, GardenerObjective):
            met = gardener_met(garden, card, gardener, exact)
        else:
            need = card.sections
            if need in seen:
                continue  # copies of a panda card are interchangeable: one choice
            seen.append(need)
            met = held[0] >= need[0] and held[1] >= need[1] and held[2] >= need[2]
        if met:
            out.append(cid)
    return tuple(out)
