"""The garden's mechanics every phase uses: where plots, channels, improvements and figures may
go, and how bamboo grows, is eaten and is watered.

Bamboo comes from the reserve and goes back to it; with a limited supply (options ``"2011"``
and ``"later"``) a plot cannot grow sections the reserve no longer holds.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from tabletop.kernel import hexgrid
from tabletop.kernel.engine import evolve
from tabletop.kernel.hexgrid import DIRECTIONS, Edge, Hex
from tabletop.takenoko.components import COLOURS, IMPROVEMENTS, Components
from tabletop.takenoko.state import MAX_HEIGHT, POND, Bamboo, Garden, Layout, Options, Player, Plot, Spots, State

K = TypeVar("K")
V = TypeVar("V")


class Memo(dict[K, V], Generic[K, V]):
    """A table of facts worked out once per key: ``memo[key]`` is ``compute(key)``.

    The rules keep here what they derive from a garden's immutable parts (its
    :class:`~tabletop.takenoko.state.Layout`, its irrigated plots), keyed by those values and
    by the public data the fact also depends on: the tables are the module's, never reachable
    from a state or a view, and what a fact says depends only on its key, so a table's
    content never changes a game. A table that reaches ``limit`` entries is emptied (what is
    asked again is worked out again). The limit is small on purpose: most facts are about the
    layouts of the games being played, and facts that live briefly, as they would on the
    positions they come from, cost the garbage collector far less than a large table (measured:
    a limit of 1000 made random playouts 5% slower than 128).
    """

    __slots__ = ("compute", "limit")

    def __init__(self, compute: Callable[[K], V], limit: int = 128) -> None:
        super().__init__()
        self.compute = compute
        self.limit = limit

    def __missing__(self, key: K) -> V:
        if len(self) >= self.limit:
            self.clear()
        # The function is read as an attribute, then called: CPython 3.11 cannot specialize
        # ``self.compute(key)``, a method call on an attribute that is no method.
        compute = self.compute
        value = self[key] = compute(key)
        return value

COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}
IMPROVEMENT_INDEX = {kind: i for i, kind in enumerate(IMPROVEMENTS)}
POND_RING: tuple[Hex, ...] = hexgrid.neighbours(POND)
POND_RING_SET = frozenset(POND_RING)

# For each cell, the edges towards its E, SE and SW neighbours but the pond (each edge between
# two plots is met once from one of its cells; the pond's border is no such edge, and leaving it
# out here spares the channel listing a test per edge), with whether one of the edge's ends is
# a corner of the pond and, for its other ends, the two edges that leave that corner: a channel
# may go on the edge when an end touches the pond or one of those edges already holds a channel.
_EdgeGeometry = tuple[Hex, Edge, bool, tuple[tuple[Edge, Edge], ...]]


def _forward_edges(cell: Hex) -> tuple[_EdgeGeometry, ...]:
    out = []
    for direction in range(3):
        other = hexgrid.neighbour(cell, direction)
        if other == POND:
            continue
        e = hexgrid.edge(cell, other)
        fars = hexgrid.edge_far_cells(e)
        ends = tuple((hexgrid.edge(cell, far), hexgrid.edge(other, far)) for far in fars if far != POND)
        out.append((other, e, POND in fars, ends))
    return tuple(out)


_FORWARD_EDGES: Memo[Hex, tuple[_EdgeGeometry, ...]] = Memo(_forward_edges, 4_096)


def with_board(state: State, seat: int, board: Player) -> tuple[Player, ...]:
    """The boards of ``state`` with ``seat``'s replaced by ``board``."""
    boards = list(state.boards)
    boards[seat] = board
    return tuple(boards)


def bamboo_box(components: Components, options: Options) -> Bamboo | None:
    """The sections in the box for the chosen supply (``None``: unlimited, not counted)."""
    if options.bamboo_supply == "unlimited":
        return None
    return Bamboo(components.bamboo[options.bamboo_supply])


# --- where things may go ------------------------------------------------------------------------


def figure_destinations(state: State, start: Hex) -> tuple[Hex, ...]:
    """Where the gardener or the panda may go from ``start``: straight lines over tiles, no gaps."""
    return line_destinations(state.garden.layout, start)


def unchanged_from(layout: Layout, start: Hex) -> Layout | None:
    """The layout ``layout`` grew from if no plot was added on the six straight lines from
    ``start`` (where a figure there may go is then the same), else ``None``."""
    before = layout.grew_from
    if before is None:
        return None
    q, r = start
    for cq, cr in layout.added:
        if cq == q or cr == r or cq + cr == q + r:
            return None
    return before


def line_destinations(layout: Layout, start: Hex) -> tuple[Hex, ...]:
    """Every cell reachable from ``start`` in a straight line over the layout's tiles, direction
    by direction as :func:`~tabletop.kernel.hexgrid.line_destinations` lists them."""
    occupied = layout.occupied
    out: list[Hex] = []
    for ray in RAYS[start]:
        for cell in ray:
            if cell not in occupied:
                break
            out.append(cell)
        else:  # a line of tiles longer than any garden of the box: walk on
            (q, r), (q1, r1) = ray[-1], ray[-2]
            dq, dr = q - q1, r - r1
            while (q + dq, r + dr) in occupied:
                q, r = q + dq, r + dr
                out.append((q, r))
    return tuple(out)


def _rays(start: Hex) -> tuple[tuple[Hex, ...], ...]:
    """The cells along the six straight lines from ``start``, nearest first, as far as
    :data:`_REACH` steps (a figure seldom sees further: beyond, :func:`line_destinations` walks on)."""
    q, r = start
    return tuple(tuple((q + dq * k, r + dr * k) for k in range(1, _REACH + 1)) for dq, dr in DIRECTIONS)


#: How far :func:`_rays` reach: the rays of a cell are made the first time a figure stands
#: there (a few dozen cells a game), cell by cell, so they are kept short.
_REACH = 8
#: The rays of each cell (see :func:`_rays`).
RAYS: Memo[Hex, tuple[tuple[Hex, ...], ...]] = Memo(_rays, 4_096)

#: Each cell followed by the six around it (where the gardener makes bamboo grow).
AROUND: Memo[Hex, tuple[Hex, ...]] = Memo(lambda cell: (cell,) + hexgrid.neighbours(cell), 4_096)


def plot_spots(state: State) -> tuple[Hex, ...]:
    """Empty cells where a plot may go: next to the pond, or next to two plots already placed."""
    return _PLOT_SPOTS[state.garden.layout]


def _plot_spots(layout: Layout) -> tuple[Hex, ...]:
    taken = layout.occupied  # the plots and the pond
    spots = [cell for cell in POND_RING if cell not in taken]
    # A list comprehension rather than a generator: no frame resumed per cell.
    spots += [cell for cell, n in _TOUCHING[layout].items() if n >= 2]
    return tuple(spots)


def _touching(layout: Layout) -> dict[Hex, int]:
    """The empty cells off the pond's ring next to a plot, with how many plots they touch, in
    the order met going through the plots in the order placed and round each one (worked out
    from the layout this one grew from when it is known: the new plots come last)."""
    taken = layout.occupied
    before = layout.grew_from
    known = None if before is None else _TOUCHING.get(before)
    if known is None:
        touching: dict[Hex, int] = {}
        new = layout.cells
    else:  # the cells the known ones touch are still empty but for the plots added
        touching = known.copy()
        for cell in layout.added:
            touching.pop(cell, None)
        new = layout.added
    for cell in new:
        for other in hexgrid.neighbours(cell):
            if other not in taken and other not in POND_RING_SET:
                touching[other] = touching.get(other, 0) + 1
    return touching


_PLOT_SPOTS: Memo[Layout, tuple[Hex, ...]] = Memo(_plot_spots)
#: See :func:`_touching` (never changed once stored).
_TOUCHING: Memo[Layout, dict[Hex, int]] = Memo(_touching)


def channel_spots(state: State) -> tuple[Edge, ...]:
    """The edges where a channel may be placed.

    An edge qualifies when both its sides are plots, it holds no channel yet, and one of its
    ends is a corner of the pond or the end of a channel already placed (the network always
    starts at the pond; a watershed is no source). Pond borders only with the BGA variant.
    """
    return CHANNEL_SPOTS[state.garden.layout, state.channels, state.options.channel_on_pond_border]


def _channel_spots(key: tuple[Layout, frozenset[Edge], bool]) -> tuple[Edge, ...]:
    layout, channels, border = key
    taken = layout.occupied  # the plots and the pond
    spots: list[Edge] = []
    for cell in layout.cells:
        for other, e, at_pond, ends in _FORWARD_EDGES[cell]:
            if other not in taken or e in channels:
                continue
            if at_pond:
                spots.append(e)
                continue
            for left, right in ends:
                if left in channels or right in channels:
                    spots.append(e)
                    break
    if border:
        for cell in POND_RING:
            if cell in taken:
                e = hexgrid.edge(POND, cell)
                if e not in channels:
                    spots.append(e)
    return tuple(spots)


#: Where a channel may go, by (layout, channels placed, whether pond borders count).
CHANNEL_SPOTS: Memo[tuple[Layout, frozenset[Edge], bool], tuple[Edge, ...]] = Memo(_channel_spots)


def improvement_spots(state: State) -> tuple[Hex, ...]:
    """The plots that may receive an improvement: none there yet and (by default) no bamboo."""
    return improvable(state).cells


def improvable(state: State) -> Spots:
    """:func:`improvement_spots`, as the garden shares them."""
    garden = state.garden
    return garden.unimproved if state.options.improvement_on_bamboo else garden.bare


def is_irrigated(cell: Hex, plot: Plot, channels: frozenset[Edge]) -> bool:
    """Whether a plot is irrigated: next to the pond, a channel on a border, or a watershed."""
    if cell in POND_RING_SET or plot.improvement == "watershed":
        return True
    return any(e in channels for e in hexgrid.edges_of(cell))


# --- growing, watering and eating ---------------------------------------------------------------


def grow(state: State, plot: Plot, base: int, reserve: Bamboo | None) -> tuple[Plot, Bamboo | None]:
    """``plot`` grown by ``base`` sections, capped at 4 and by a limited supply."""
    # The smaller by a comparison: min() is called through its generic path (an argument tuple).
    room = MAX_HEIGHT - plot.bamboo
    amount = base if base < room else room
    if reserve is not None:
        colour = COLOUR_INDEX[plot.colour]
        if reserve[colour] < amount:
            amount = reserve[colour]
        if amount > 0:
            reserve = reserve.take(colour, amount)
    if amount <= 0:
        return plot, reserve
    return with_bamboo(plot, plot.bamboo + amount), reserve


def with_bamboo(plot: Plot, bamboo: int) -> Plot:
    """``plot`` with ``bamboo`` sections standing (0 to :data:`MAX_HEIGHT`).

    Bamboo grows and is eaten at most decisions, and a plot can only stand at five heights:
    each is made once, the first time it is asked, and kept with the others in a table of the
    module by the identity of each (a lookup costs a fifth of a copy). An entry holds its
    plots, so their identities are not reused while it lives; plots are immutable values, so
    sharing them changes nothing.
    """
    heights = _HEIGHTS_OF.get(id(plot))
    if heights is None or heights[plot.bamboo] is not plot:
        if not (0 <= plot.bamboo <= MAX_HEIGHT and 0 <= bamboo <= MAX_HEIGHT):  # a broken position's plot
            return evolve(plot, bamboo=bamboo)
        if len(_HEIGHTS_OF) >= 512:
            _HEIGHTS_OF.clear()
        heights = [None] * (MAX_HEIGHT + 1)
        heights[plot.bamboo] = plot
        _HEIGHTS_OF[id(plot)] = heights
    other = heights[bamboo]
    if other is None:
        other = heights[bamboo] = evolve(plot, bamboo=bamboo)
        _HEIGHTS_OF[id(other)] = heights
    return other


#: See :func:`with_bamboo`: each plot at the heights made so far (``None`` for the others),
#: by the identity of each.
_HEIGHTS_OF: dict[int, list[Plot | None]] = {}


def growth(plot: Plot) -> int:
    """Sections one growth gives: two on a fertilizer, one elsewhere."""
    return 2 if plot.improvement == "fertilizer" else 1


def irrigate(state: State, plot: Plot, reserve: Bamboo | None) -> tuple[Plot, Bamboo | None]:
    """``plot`` becoming irrigated; the first time ever, it gets its first section of bamboo."""
    if plot.irrigated:
        return plot, reserve
    watered = evolve(plot, irrigated=True, sprouted=True)
    if plot.sprouted:
        return watered, reserve
    fertile = plot.improvement == "fertilizer" and state.options.fertilizer_first_shoot
    return grow(state, watered, 2 if fertile else 1, reserve)


def reirrigate(state: State, plots: dict[Hex, Plot]) -> tuple[Garden, Bamboo | None]:
    """The garden of ``plots`` with irrigation recomputed from scratch (when a watershed moves)."""
    reserve = state.reserve_bamboo
    for cell, plot in list(plots.items()):
        wet = is_irrigated(cell, plot, state.channels)
        if wet and not plot.irrigated:
            plots[cell], reserve = irrigate(state, plot, reserve)
        elif plot.irrigated and not wet:
            plots[cell] = evolve(plot, irrigated=False)
    return Garden(plots), reserve


def eat(state: State, cell: Hex, seat: int) -> tuple[Garden, tuple[Player, ...]]:
    """The panda, on ``cell``, eats one section for ``seat`` unless the plot is an enclosure."""
    plot = state.garden.plots.get(cell)
    if plot is None or not plot.bamboo or plot.improvement == "enclosure":
        return state.garden, state.boards
    garden = state.garden.regrown({cell: with_bamboo(plot, plot.bamboo - 1)})
    board = state.boards[seat]
    board = evolve(board, bamboo=board.bamboo.add(COLOUR_INDEX[plot.colour]))
    return garden, with_board(state, seat, board)
