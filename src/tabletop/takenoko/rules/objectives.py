"""Objectives: when a card's conditions are met, and which cards of a hand can be completed.

A plot objective is met when the garden shows its pattern (as
:func:`~tabletop.takenoko.scoring.plot_pattern_met` says, from an index of the irrigated plots), a gardener objective when enough plots
of its colour carry bamboo of its height with its improvement, a panda objective when the
player holds the sections.

What the garden shows a plot card is worked out once per set of irrigated plots and card
(:data:`SHOWN`, a table of the module keyed by those immutable values: nothing about the
cards asked is kept on the garden, so a view carries nothing about the hands it hides); a
gardener card is read off the garden's counts of bamboo heights.
"""

from __future__ import annotations

from tabletop.kernel.hexgrid import Hex
from tabletop.takenoko.components import GardenerObjective, ObjectiveCard, PandaObjective, PlotObjective
from tabletop.takenoko.rules.garden import Memo
from tabletop.takenoko.state import HEIGHT_BUCKET, PLOT_IMPROVEMENTS, Garden, State

# Improvement conditions of gardener cards -> the improvements of the plots that fit them.
_FITTING: dict[str, tuple[str, ...]] = {
    "any": PLOT_IMPROVEMENTS,
    "none": ("",),
    "watershed": ("watershed",),
    "fertilizer": ("fertilizer",),
    "enclosure": ("enclosure",),
}


def _buckets(key: tuple[str, str, int]) -> tuple[int, ...]:
    """The positions in :attr:`~tabletop.takenoko.state.Garden.heights` of the plots a gardener
    card of (colour, improvement condition, height) counts."""
    colour, condition, height = key
    found = (HEIGHT_BUCKET.get((colour, improvement, height)) for improvement in _FITTING[condition])
    return tuple(bucket for bucket in found if bucket is not None)


_BUCKETS: Memo[tuple[str, str, int], tuple[int, ...]] = Memo(_buckets)


def gardener_met(garden: Garden, card: GardenerObjective, gardener: Hex | None, exact: bool) -> bool:
    """Whether the garden shows the gardener objective ``card`` (as
    :func:`~tabletop.takenoko.scoring.gardener_pattern_met` says)."""
    if gardener is None and (exact or card.bamboos == 1):
        # The usual case: count the plots of exactly the card's height.
        heights = garden.heights
        count = 0
        for bucket in _BUCKETS[card.colour, card.improvement, card.height]:
            count += heights[bucket]
        return count >= card.bamboos
    fitting = _FITTING[card.improvement]
    loose = not exact and card.bamboos > 1
    count = 0
    on_one = gardener is None
    for cell, plot in garden.plots.items():
        if plot.colour != card.colour or plot.improvement not in fitting:
            continue
        if plot.bamboo == card.height or (loose and plot.bamboo > card.height):
            count += 1
            on_one = on_one or cell == gardener
    return count >= card.bamboos and on_one


def pattern_shown(garden: Garden, card: PlotObjective) -> bool:
    """Whether the garden shows the plot objective ``card`` (as
    :func:`~tabletop.takenoko.scoring.plot_pattern_met` says), found once per set of irrigated
    plots and card."""
    return SHOWN[garden.wet, card]


def _card_shown(key: tuple[frozenset[tuple[Hex, str]], PlotObjective]) -> bool:
    wet_plots, card = key
    if len(card.cells) > len(wet_plots):
        return False
    wet, by_colour = _IRRIGATED[wet_plots]
    for variant in card.variants:
        if _variant_shown(variant, wet, by_colour):
            return True
    return False


def _irrigated(wet_plots: frozenset[tuple[Hex, str]]) -> tuple[dict[Hex, str], dict[str, list[Hex]]]:
    """The irrigated plots' colours by cell, and their cells by colour (in cell order)."""
    wet: dict[Hex, str] = dict(sorted(wet_plots))
    by_colour: dict[str, list[Hex]] = {}
    for cell, colour in wet.items():
        by_colour.setdefault(colour, []).append(cell)
    return wet, by_colour


#: Whether the irrigated plots show a plot card, by (irrigated plots, card).
SHOWN: Memo[tuple[frozenset[tuple[Hex, str]], PlotObjective], bool] = Memo(_card_shown)
#: The index of a set of irrigated plots :func:`_card_shown` searches.
_IRRIGATED: Memo[frozenset[tuple[Hex, str]], tuple[dict[Hex, str], dict[str, list[Hex]]]] = Memo(_irrigated, 2_000)


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

    It is asked at every listing of moves, so each card is checked as cheaply as can be: plot
    cards through :data:`SHOWN`, gardener cards from the garden's counts of heights.
    """
    board = state.boards[state.current]
    if not board.hand:
        return ()
    cards = state.components.cards
    garden = state.garden
    options = state.options
    # Without the variants, a gardener card counts the plots of exactly its height.
    counted = options.exact_height and not options.gardener_on_plot
    heights = garden.heights
    held = board.bamboo
    out = []
    seen: list[tuple[int, int, int]] = []
    for cid in board.hand:
        card = cards[cid]
        if isinstance(card, PlotObjective):
            met = SHOWN[garden.wet, card]
        elif isinstance(card, GardenerObjective) and counted:
            count = 0
            for bucket in _BUCKETS[card.colour, card.improvement, card.height]:
                count += heights[bucket]
            met = count >= card.bamboos
        elif isinstance(card, GardenerObjective):
            met = gardener_met(garden, card, state.gardener if options.gardener_on_plot else None, options.exact_height)
        else:
            need = card.sections
            if need in seen:
                continue  # copies of a panda card are interchangeable: one choice
            seen.append(need)
            met = held[0] >= need[0] and held[1] >= need[1] and held[2] >= need[2]
        if met:
            out.append(cid)
    return tuple(out)
