"""Objectives: when a card's conditions are met, and which cards of a hand can be completed.

A plot objective is met when the garden shows its pattern (as
:func:`~tabletop.takenoko.scoring.plot_pattern_met` says, from an index of the irrigated plots), a gardener objective when enough plots
of its colour carry bamboo of its height with its improvement, a panda objective when the
player holds the sections.

What the garden shows a plot card is worked out from what it showed the card last, on the
irrigated plots those grew from (:func:`pattern_shown`: a table of the module by card, holding
immutable values; nothing about the cards asked is kept on the garden, so a view carries
nothing about the hands it hides); a gardener card is read off the garden's counts of bamboo
heights.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeAlias

from tabletop.kernel import hexgrid
from tabletop.kernel.hexgrid import Hex
from tabletop.takenoko.components import Components, GardenerObjective, ObjectiveCard, PlotObjective
from tabletop.takenoko.rules.garden import Memo
from tabletop.takenoko.state import HEIGHT_BUCKET, MAX_HEIGHT, PLOT_IMPROVEMENTS, Bamboo, Garden, Irrigated, Options, State

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
    :func:`~tabletop.takenoko.scoring.plot_pattern_met` says).

    Each card's answer is kept in a table of the module with the irrigated plots it is about
    (by card id, for that card: the table holds both, so their identities are not reused while
    the entry lives). Irrigated plots grown from those by watering more plots start from the
    answer there: a pattern shown stays shown, and one not shown can only appear through a
    plot watered since (the card's ways through a plot, grouped by :func:`_gates` once per
    card, are kept with its answer).
    """
    return _pattern_shown(garden.wet, card)


def _pattern_shown(wet: Irrigated, card: PlotObjective) -> bool:
    """:func:`pattern_shown`, from the garden's irrigated plots."""
    seen = _SEEN.get(card.id)
    if seen is None or seen[0] is not card:
        gates = _gates(card)
        shown = _shown_anywhere(card, wet.colours)
    else:
        _, gates, last, shown = seen
        if last is wet:
            return shown
        # Back along the irrigated plots these grew from, to those the card was last looked
        # at on (often a few waterings back: the other players' turns look at their cards).
        added = wet.added
        before = wet.grew_from
        while before is not last and before is not None:
            added += before.added
            before = before.grew_from
        if before is None:
            shown = _shown_anywhere(card, wet.colours)
        elif not shown:
            shown = _shown_through(gates, wet.colours, added)
    if len(_SEEN) >= 128:
        _SEEN.clear()
    _SEEN[card.id] = (card, gates, wet, shown)
    return shown


#: See :func:`pattern_shown`: by card id, the card, its :func:`_gates`, the irrigated plots it
#: was last looked at on and whether they show it.
_SEEN: dict[str, tuple[PlotObjective, Gates, Irrigated, bool]] = {}


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


def _shown_through(gates: Gates, colours: Mapping[Hex, str], through: tuple[Hex, ...]) -> bool:
    """Whether some rotation of a card's pattern lies on plots of ``colours`` taking in one of
    the cells ``through`` (each tried as every cell of its colour in the pattern, by the ways
    of the card's ``gates``: only the ways behind a gate the plots there open are tried)."""
    for q, r in through:
        colour = colours.get((q, r))
        for here, gated in gates:
            if here != colour:
                continue
            for (dq, dr), wanted, ways in gated:
                cell = (q + dq, r + dr)
                if cell not in colours or colours[cell] != wanted:
                    continue
                for others in ways:
                    for (dq, dr), wanted in others:
                        cell = (q + dq, r + dr)
                        if cell not in colours or colours[cell] != wanted:
                            break
                    else:
                        return True
    return False


#: The other cells of a pattern through one plot: (offset from it, colour) each.
Way: TypeAlias = tuple[tuple[Hex, str], ...]
#: A card's ways through one plot, by the colour of the plot and gate (see :func:`_gates`).
Gates: TypeAlias = tuple[tuple[str, tuple[tuple[Hex, str, tuple[Way, ...]], ...]], ...]


def _gates(card: PlotObjective) -> Gates:
    """The ways of :attr:`~tabletop.takenoko.components.PlotObjective.through` grouped by a
    gate: for each colour of the pattern, ``(offset, colour, ways)``, the cell of each way
    nearest the plot (next to it: a pattern is connected; the plot itself for a pattern of
    one cell) and the other cells of the ways it opens. The ways of a plot share few gates
    (six cells lie next to it), so a plot just watered rules most of them out at once."""
    gates = []
    for here, ways in card.through:
        by_gate: dict[tuple[Hex, str], list[Way]] = {}
        for others in ways:
            gate = min(others, key=_nearness, default=(hexgrid.ORIGIN, here))
            by_gate.setdefault(gate, []).append(tuple(other for other in others if other is not gate))
        gates.append((here, tuple((offset, colour, tuple(rest)) for (offset, colour), rest in by_gate.items())))
    return tuple(gates)


def _nearness(other: tuple[Hex, str]) -> int:
    """How far the cell of a way lies from the plot the way goes through."""
    return hexgrid.distance(other[0], hexgrid.ORIGIN)


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

    It is asked at every listing of moves, so the hand is read once into what its cards ask
    (:class:`_Reading`), and the reading keeps what it found with what it was found on: its
    last answer with the garden and the sections held it was about (the same objects again
    when the moves between two listings changed neither), the plot cards met with the
    irrigated plots (looked up together, again only when more plots are watered), the panda
    cards met with the sections held. Gardener cards are read off the garden's counts of
    heights. The cards met are a bit mask over the hand's positions, so the hand's order is
    kept.
    """
    board = state.boards[state.current]
    hand = board.hand
    if not hand:
        return ()
    reading = _READINGS.get(hand)  # (see _read, whose lookup this is)
    if reading is None or reading.components is not state.components or reading.options is not state.options:
        reading = _read(state.components, state.options, hand)
    garden = state.garden
    held = board.bamboo
    if reading.garden is garden and reading.held is held:
        return reading.answer
    met = 0
    if reading.plots:
        wet = garden.wet
        if reading.wet is not wet:
            reading.wet, reading.plots_met = wet, _plots_shown(wet, reading)
        met = reading.plots_met
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
    if reading.pandas:
        if reading.eaten_from is not held:
            reading.eaten_from, reading.eaten = held, _eaten(reading, held)
        met |= reading.eaten
    if reading.on_plot:
        # The variant where the gardener must stand on a plot a gardener card counts: the
        # answer depends on where he stands too, so it is not kept.
        exact = state.options.exact_height
        for bit, card in reading.on_plot:
            if gardener_met(garden, card, state.gardener, exact):
                met |= bit
        return _cards(reading, met)
    answer = reading.ready.get(met)
    if answer is None:
        answer = _cards(reading, met)
    reading.garden, reading.held, reading.answer = garden, held, answer
    return answer


def _cards(reading: _Reading, met: int) -> tuple[str, ...]:
    """The cards of the hand read whose bits ``met`` holds, in the hand's order (the same few
    answers come back while the hand lasts: kept by ``met`` in :attr:`_Reading.ready`)."""
    ready = reading.ready.get(met)
    if ready is None:
        ready = reading.ready[met] = tuple([cid for i, cid in enumerate(reading.hand) if met >> i & 1])
    return ready


def _eaten(reading: _Reading, held: Bamboo) -> int:
    """The bits of the panda cards of a reading met by the sections ``held``."""
    met = 0
    for bit, (green, yellow, pink) in reading.pandas:
        if held[0] >= green and held[1] >= yellow and held[2] >= pink:
            met |= bit
    return met


class _Reading:
    """What the cards of one ``hand`` ask, read once per hand (its cards in order), box and
    options: its plot cards, its gardener cards (with the positions of the heights they count
    and the number of plots needed) and its panda cards (the sections needed), each with its
    bit: ``1 << position in the hand``. A gardener card counts the plots of its colour, of an
    improvement that fits it, and of its height (or, under the variant ``exact_height`` off
    and for several bamboos, of its height or more); one counting a single position of the
    heights (one improvement fits it: all but the cards of any improvement) is read as that
    position (``one_bucket``), the others with all the positions they count (``gardeners``).
    Under the variant ``gardener_on_plot`` a gardener card also needs the gardener on one of
    the plots it counts, and is checked whole (``on_plot``). Copies of a panda card are
    interchangeable, so only the first is read (one choice).

    What it found: ``wet`` and ``plots_met``, the bits of the plot cards met by the irrigated
    plots last asked about; ``eaten_from`` and ``eaten``, the bits of the panda cards met by
    the sections last asked about; ``garden``, ``held`` and ``answer``, what
    :func:`completable` last answered and about what; ``ready``, by the bits of the cards
    met, the cards answered (see :func:`_cards`). A reading is kept in the module's tables
    only, never on a state.
    """

    __slots__ = (
        "hand",
        "components",
        "options",
        "plots",
        "one_bucket",
        "gardeners",
        "on_plot",
        "pandas",
        "wet",
        "plots_met",
        "eaten_from",
        "eaten",
        "garden",
        "held",
        "answer",
        "ready",
    )

    def __init__(self, components: Components, options: Options, hand: tuple[str, ...]) -> None:
        plots: list[tuple[int, PlotObjective]] = []
        one_bucket: list[tuple[int, int, int]] = []
        gardeners: list[tuple[int, int, tuple[int, ...]]] = []
        on_plot: list[tuple[int, GardenerObjective]] = []
        pandas: list[tuple[int, tuple[int, int, int]]] = []
        asked: list[tuple[int, int, int]] = []  # the sections of the panda cards read
        for i, cid in enumerate(hand):
            card = components.cards[cid]
            bit = 1 << i
            if isinstance(card, PlotObjective):
                plots.append((bit, card))
            elif isinstance(card, GardenerObjective):
                if options.gardener_on_plot:
                    on_plot.append((bit, card))
                    continue
                if options.exact_height or card.bamboos == 1:
                    buckets = _BUCKETS[card.colour, card.improvement, card.height]
                else:
                    taller = range(card.height, MAX_HEIGHT + 1)
                    buckets = tuple(b for h in taller for b in _BUCKETS[card.colour, card.improvement, h])
                if len(buckets) == 1:
                    one_bucket.append((bit, card.bamboos, buckets[0]))
                else:
                    gardeners.append((bit, card.bamboos, buckets))
            elif card.sections not in asked:
                asked.append(card.sections)
                pandas.append((bit, card.sections))
        self.hand = hand
        self.components = components
        self.options = options
        self.plots = tuple(plots)
        self.one_bucket = tuple(one_bucket)
        self.gardeners = tuple(gardeners)
        self.on_plot = tuple(on_plot)
        self.pandas = tuple(pandas)
        self.wet: Irrigated | None = None
        self.plots_met = 0
        self.eaten_from: Bamboo | None = None
        self.eaten = 0
        self.garden: Garden | None = None
        self.held: Bamboo | None = None
        self.answer: tuple[str, ...] = ()
        self.ready: dict[int, tuple[str, ...]] = {0: ()}


def _read(components: Components, options: Options, hand: tuple[str, ...]) -> _Reading:
    """The reading of ``hand`` (:func:`completable` found none for this box and options), kept
    by the hand itself: what it reads depends on the cards only (and the box and options,
    compared by identity: the reading holds them, so their identities are not reused while the
    entry lives), so a hand of the same cards in the same order, in another position or for
    another player, finds it too. A hand's cards are hashed at each lookup, which costs less
    than building readings again."""
    if len(_READINGS) >= 128:
        _READINGS.clear()
    reading = _READINGS[hand] = _Reading(components, options, hand)
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
