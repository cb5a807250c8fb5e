"""Objectives: when a card's conditions are met, and which cards of a hand can be completed.

A plot objective is met when the garden shows its pattern (as
:func:`~tabletop.takenoko.scoring.plot_pattern_met` says, from an index of the irrigated plots), a gardener objective when enough plots
of its colour carry bamboo of its height with its improvement, a panda objective when the
player holds the sections.

What the garden shows a plot card is worked out once per set of irrigated plots and card
(:func:`pattern_shown`: a table of the module keyed by those immutable values; nothing about
the cards asked is kept on the garden, so a view carries nothing about the hands it hides); a
gardener card is read off the garden's counts of bamboo heights.
"""

from __future__ import annotations

from collections.abc import Mapping

from tabletop.kernel.hexgrid import Hex
from tabletop.takenoko.components import Components, GardenerObjective, ObjectiveCard, PlotObjective
from tabletop.takenoko.rules.garden import Memo
from tabletop.takenoko.state import HEIGHT_BUCKET, PLOT_IMPROVEMENTS, Garden, Irrigated, State

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
    plots and card.

    The answers are kept in a table of the module by (irrigated plots, card), both compared
    by identity (the table holds the card, so its identity is not reused while the entry
    lives). Irrigated plots grown from others by watering more plots start from the answer
    there, or further back: a pattern shown stays shown, and one not shown can only appear
    through a plot watered since.
    """
    return _pattern_shown(garden.wet, card)


def _pattern_shown(wet: Irrigated, card: PlotObjective) -> bool:
    """:func:`pattern_shown`, from the garden's irrigated plots."""
    found = _SHOWN.get((wet, id(card)))
    if found is not None and found[0] is card:
        return found[1]
    # Back along the irrigated plots this one grew from, to the last the card was looked at
    # on (often a few waterings back: the other players' turns look at their own cards).
    added = wet.added
    before = wet.grew_from
    while before is not None:
        earlier = _SHOWN.get((before, id(card)))
        if earlier is not None and earlier[0] is card:
            shown = earlier[1] or _shown_through(card, wet.colours, added)
            break
        added += before.added
        before = before.grew_from
    else:
        shown = _shown_anywhere(card, wet.colours)
    if len(_SHOWN) >= 256:
        _SHOWN.clear()
    _SHOWN[wet, id(card)] = (card, shown)
    return shown


#: See :func:`pattern_shown`.
_SHOWN: dict[tuple[Irrigated, int], tuple[PlotObjective, bool]] = {}


def _shown_anywhere(card: PlotObjective, colours: Mapping[Hex, str]) -> bool:
    """Whether some rotation of the card's pattern lies on plots of ``colours``, searched from
    each plot of the colour of the pattern's first cell. (Cells are looked up by a
    membership test and a subscript: a read-only proxy's get() calls its dictionary's.)"""
    if len(card.cells) > len(colours):
        return False
    for variant in card.variants:
        (_, first), rest = variant[0], variant[1:]
        for (q, r), colour in colours.items():
            if colour != first:
                continue
            for (dq, dr), wanted in rest:
                cell = (q + dq, r + dr)
                if cell not in colours or colours[cell] != wanted:
                    break
            else:
                return True
    return False


def _shown_through(card: PlotObjective, colours: Mapping[Hex, str], through: tuple[Hex, ...]) -> bool:
    """Whether some rotation of the card's pattern lies on plots of ``colours`` taking in one
    of the cells ``through`` (each tried as every cell of its colour in the pattern:
    :attr:`~tabletop.takenoko.components.PlotObjective.through`)."""
    for q, r in through:
        colour = colours.get((q, r))
        for here, ways in card.through:
            if here != colour:
                continue
            for others in ways:
                for (dq, dr), wanted in others:
                    cell = (q + dq, r + dr)
                    if cell not in colours or colours[cell] != wanted:
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

    It is asked at every listing of moves, so each card is checked as cheaply as can be: the
    hand is read once into what its cards ask (:class:`_Reading`); its plot cards are looked up
    together, and the answer kept on the reading with the irrigated plots it is about (they
    seldom change between two listings), gardener cards read off the garden's counts of
    heights, panda cards off the sections held. The cards met are a bit mask over the hand's
    positions, so the hand's order is kept.
    """
    board = state.boards[state.current]
    hand = board.hand
    if not hand:
        return ()
    reading = _READINGS.get(hand)  # (see _read, whose lookup this is)
    if reading is None or reading.components is not state.components:
        reading = _read(state.components, hand)
    garden = state.garden
    met = 0
    if reading.plots:
        wet = garden.wet
        if reading.wet is not wet:
            reading.wet, reading.plots_met = wet, _plots_shown(wet, reading)
        met = reading.plots_met
    options = state.options
    if options.exact_height and not options.gardener_on_plot:
        # Without the variants, a gardener card counts the plots of exactly its height.
        heights = garden.heights
        for bit, need, bucket in reading.one_bucket:
            if heights[bucket] >= need:
                met |= bit
        for bit, need, buckets in reading.gardeners:
            count = 0
            for bucket in buckets:
                count += heights[bucket]
            if count >= need:
                met |= bit
    else:
        on = state.gardener if options.gardener_on_plot else None
        for bit, card in reading.gardener_cards:
            if gardener_met(garden, card, on, options.exact_height):
                met |= bit
    held = board.bamboo
    for bit, (green, yellow, pink) in reading.pandas:
        if held[0] >= green and held[1] >= yellow and held[2] >= pink:
            met |= bit
    if not met:
        return ()
    ready = reading.ready.get(met)
    if ready is None:
        ready = reading.ready[met] = tuple([cid for i, cid in enumerate(hand) if met >> i & 1])
    return ready


class _Reading:
    """What the cards of one ``hand`` ask, read once per hand (its cards in order) and box:
    its plot cards, its gardener cards (with the counts of heights they look at and the number
    of plots needed) and its panda cards (the sections needed), each with its bit: ``1 <<
    position in the hand``. A gardener card counting the plots of one position of the
    heights (one improvement fits it: all but the cards of any improvement) is read as that
    position (``one_bucket``), the others with all the positions they count (``gardeners``).
    Copies of a panda card are interchangeable, so only the first is read (one choice).

    ``ready`` keeps, by the bits of the cards met, the cards :func:`completable` answers (the
    same few answers come back at every listing while the hand lasts); ``wet`` and
    ``plots_met``, the bits of the plot cards met by the irrigated plots last asked about. A
    reading is kept in the module's tables only, never on a state.
    """

    __slots__ = (
        "components",
        "plots",
        "one_bucket",
        "gardeners",
        "gardener_cards",
        "pandas",
        "ready",
        "wet",
        "plots_met",
    )

    def __init__(self, components: Components, hand: tuple[str, ...]) -> None:
        plots: list[tuple[int, PlotObjective]] = []
        one_bucket: list[tuple[int, int, int]] = []
        gardeners: list[tuple[int, int, tuple[int, ...]]] = []
        gardener_cards: list[tuple[int, GardenerObjective]] = []
        pandas: list[tuple[int, tuple[int, int, int]]] = []
        for i, cid in enumerate(hand):
            card = components.cards[cid]
            bit = 1 << i
            if isinstance(card, PlotObjective):
                plots.append((bit, card))
            elif isinstance(card, GardenerObjective):
                buckets = _BUCKETS[card.colour, card.improvement, card.height]
                if len(buckets) == 1:
                    one_bucket.append((bit, card.bamboos, buckets[0]))
                else:
                    gardeners.append((bit, card.bamboos, buckets))
                gardener_cards.append((bit, card))
            elif all(card.sections != sections for _, sections in pandas):
                pandas.append((bit, card.sections))
        self.components = components
        self.plots = tuple(plots)
        self.one_bucket = tuple(one_bucket)
        self.gardeners = tuple(gardeners)
        self.gardener_cards = tuple(gardener_cards)
        self.pandas = tuple(pandas)
        self.ready: dict[int, tuple[str, ...]] = {}
        self.wet: Irrigated | None = None
        self.plots_met = 0


def _read(components: Components, hand: tuple[str, ...]) -> _Reading:
    """The reading of ``hand``, kept by the hand itself: what it reads depends on the cards
    only (and the box, compared by identity: the reading holds it, so its identity is not
    reused while the entry lives), so a hand of the same cards in the same order, in another
    position or for another player, finds it too. A hand's cards are hashed at each lookup,
    which costs less than building readings again."""
    found = _READINGS.get(hand)
    if found is not None and found.components is components:
        return found
    if len(_READINGS) >= 128:
        _READINGS.clear()
    reading = _READINGS[hand] = _Reading(components, hand)
    return reading


#: See :func:`_read`.
_READINGS: dict[tuple[str, ...], _Reading] = {}


def _plots_shown(wet: Irrigated, reading: _Reading) -> int:
    """The bits of the plot cards of a reading whose pattern the irrigated plots show."""
    met = 0
    for bit, card in reading.plots:
        if _pattern_shown(wet, card):
            met |= bit
    return met
