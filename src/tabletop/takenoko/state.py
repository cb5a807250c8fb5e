"""The immutable Takenoko position: data only.

A :class:`State` holds the garden (placed plots with their bamboo, improvements and irrigation),
the channels, the panda and the gardener, the draw piles, the shared reserve, each player's
board and hand, whose turn it is, and the decision being asked (the top of the engine's
``stack``: one of the pending classes below, each naming the seat that answers it). Its methods
(``legal_moves``, ``apply``, ``view``...) come from :class:`~tabletop.kernel.engine.EngineState`,
which hands them to the game's rules (:data:`tabletop.takenoko.rules.RULES`, kept in
``state.rules``); nothing here imports the rules.

Irrigation is kept incrementally: every :class:`Plot` knows whether it is irrigated, so growth
and objectives never search the channel network.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from types import MappingProxyType
from typing import Any, ClassVar, TypeAlias

import attrs

from tabletop.kernel.engine import EngineState, own_keys
from tabletop.kernel.hexgrid import Edge, Hex
from tabletop.kernel.pile import Pile
from tabletop.kernel.pool import Pool
from tabletop.takenoko.components import COLOURS, IMPROVEMENTS, OBJECTIVE_KINDS, STANDARD, Components

_set = object.__setattr__
_new = object.__new__

#: The pond tile sits at the centre of the garden.
POND: Hex = (0, 0)

#: Faces of the weather die.
WEATHER_FACES: tuple[str, ...] = ("sun", "rain", "wind", "storm", "clouds", "?")

#: The five actions, in the order they are offered.
ACTIONS: tuple[str, ...] = ("plot", "irrigation", "gardener", "panda", "objective")

#: Objectives a player must complete to trigger the end, by player count.
OBJECTIVES_TO_END: Mapping[int, int] = MappingProxyType({2: 9, 3: 8, 4: 7})

#: A player may hold at most this many objective cards.
HAND_LIMIT = 5

#: A bamboo never grows taller than this.
MAX_HEIGHT = 4

#: In ``State.returned_by``: a tile set in place by a position (see
#: :mod:`tabletop.takenoko.positions`), in an order no seat knows.
NOBODY = -1

#: The placeholder for a hidden plot tile in a view.
HIDDEN_TILE = "?"


def _one_of(*allowed: str) -> Callable[[Any, Any, Any], None]:
    """An attrs validator: the value must be one of the strings ``allowed``."""

    def check(instance: Any, attribute: Any, value: Any) -> None:
        if not isinstance(value, str) or value not in allowed:
            raise ValueError(
                f"Takenoko option {attribute.name!r} takes one of {', '.join(map(repr, allowed))}, not {value!r}"
            )

    return check


def _flag(instance: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: a real ``bool`` (``1`` or ``"yes"`` would be accepted as true by
    the rules' ``if`` and hide a typo)."""
    if not isinstance(value, bool):
        raise ValueError(f"Takenoko option {attribute.name!r} takes True or False, not {value!r}")


def _rounds(instance: Any, attribute: Any, value: Any) -> None:
    """An attrs validator: a whole number of rounds, 0 (no limit) or more."""
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ValueError(
            f"Takenoko option {attribute.name!r} takes a whole number of rounds, 0 (no limit) or more, not {value!r}"
        )


@attrs.frozen
class Options:
    """The rule choices of a game: where sources disagree or are silent (reference §9).

    Attributes:
        weather: roll the weather die from the second round on (the rulebook suggests a first
            game without it).
        gardener_on_plot: gardener objectives also need the gardener to stand on (one of) the
            plots shown (English rulebook only; §9 #3). Default off.
        clouds_when_empty: Clouds with no improvement left in the reserve: ``"other_weather"``
            (choose Sun, Rain, Wind or Storm instead; BGA and summaries) or
            ``"move_improvement"`` (move a placed improvement token; English rulebook). §9 #4.
        rain_needs_irrigation: Rain only grows an irrigated plot (§9 #5). Default on.
        improvement_on_bamboo: improvements may also go on plots holding bamboo (the English
            rulebook only says one improvement per plot). §9 #6. Default off: empty plots only.
        fertilizer_first_shoot: fertilizer doubles the first shoot given by irrigation too
            (§9 #7). Default on.
        improvement_before_shoot: a stored improvement may be laid on a new plot before its
            first shoot appears (§9 #8). Default on.
        exact_height: multi-bamboo gardener objectives need exactly 3 sections, not at least 3
            (§9 #9). Default on.
        bamboo_supply: ``"unlimited"`` (the rulebook's advice: substitute another colour),
            ``"2011"`` (36/30/24 sections) or ``"later"`` (28/26/24). §9 #13.
        declare_actions: declare both (or three) actions before resolving the first, as the
            action tokens do on the board (§9 #14). Default off: choose one after the other.
        redraw_satisfied: BGA's house rule: a drawn plot or gardener objective already shown by
            the garden goes under its deck and another card is drawn (§9 #15). BGA also lets
            the player switch to another action instead; that is not offered, since a deck of
            satisfied cards would let the turn loop for ever. Default off.
        channel_on_pond_border: allow a (useless) channel along the pond's border, as BGA does
            (§9 #16). Default off.
        max_rounds: the game stops after this many rounds even if nobody triggered the end (a
            safety net for bots, §9 #11); 0 disables it. A game whose end was triggered still
            plays the other players' final turns, past the cap if need be.
    """

    weather: bool = attrs.field(default=True, validator=_flag)
    gardener_on_plot: bool = attrs.field(default=False, validator=_flag)
    clouds_when_empty: str = attrs.field(
        default="other_weather", validator=_one_of("other_weather", "move_improvement")
    )
    rain_needs_irrigation: bool = attrs.field(default=True, validator=_flag)
    improvement_on_bamboo: bool = attrs.field(default=False, validator=_flag)
    fertilizer_first_shoot: bool = attrs.field(default=True, validator=_flag)
    improvement_before_shoot: bool = attrs.field(default=True, validator=_flag)
    exact_height: bool = attrs.field(default=True, validator=_flag)
    bamboo_supply: str = attrs.field(default="unlimited", validator=_one_of("unlimited", "2011", "later"))
    declare_actions: bool = attrs.field(default=False, validator=_flag)
    redraw_satisfied: bool = attrs.field(default=False, validator=_flag)
    channel_on_pond_border: bool = attrs.field(default=False, validator=_flag)
    max_rounds: int = attrs.field(default=100, validator=_rounds)


class Bamboo(Pool):
    """Sections of bamboo by colour (green, yellow, pink): a player's eaten sections, or the
    reserve's when the supply is limited (:class:`~tabletop.kernel.pool.Pool`: never negative)."""

    __slots__ = ()
    KINDS = COLOURS
    CAPS = (None, None, None)
    INDEX = MappingProxyType({colour: i for i, colour in enumerate(COLOURS)})


class Improvements(Pool):
    """Improvement tokens by kind (watershed, fertilizer, enclosure): the reserve's or a
    player's stock. The box's 3 of each are not a cap here: the invariants check that the
    tokens are conserved, and name the kind when they are not."""

    __slots__ = ()
    KINDS = IMPROVEMENTS
    CAPS = (None, None, None)
    INDEX = MappingProxyType({kind: i for i, kind in enumerate(IMPROVEMENTS)})


class Backs(Pool):
    """Objective cards seen from the back, by deck (plot, gardener, panda): in a view, the cards
    of another player's hand, which the seat can count but not name."""

    __slots__ = ()
    KINDS = OBJECTIVE_KINDS
    CAPS = (None, None, None)
    INDEX = MappingProxyType({kind: i for i, kind in enumerate(OBJECTIVE_KINDS)})


NO_BAMBOO = Bamboo()
NO_IMPROVEMENTS = Improvements()
NO_BACKS = Backs()


@attrs.frozen(slots=False)
class Plot:
    """A placed plot.

    Attributes:
        tile: the code of the tile (colour and printed improvement).
        colour: ``"green"``, ``"yellow"`` or ``"pink"``.
        improvement: the improvement on the plot, printed or token (``""`` for none).
        token: whether ``improvement`` is a token (it is printed otherwise).
        bamboo: sections of bamboo standing on the plot (0-4).
        irrigated: whether the plot is irrigated now.
        sprouted: whether the plot has had its first shoot (it is irrigated, or once was).
    """

    __attrs_post_init__ = own_keys

    tile: str
    colour: str
    improvement: str = ""
    token: bool = False
    bamboo: int = 0
    irrigated: bool = False
    sprouted: bool = False


@attrs.frozen(slots=False)
class Player:
    """A player's board and hand.

    Attributes:
        hand: objective cards in hand (hidden from the others: in their views these cards
            are counted in ``backs`` instead).
        completed: completed objectives, in the order completed (face up).
        bamboo: eaten sections per colour (green, yellow, pink).
        channels: stored irrigation channels.
        improvements: stored improvement tokens (watershed, fertilizer, enclosure).
        backs: in a view, the hand's cards the seat cannot see, counted by deck (none in a
            full state).
    """

    __attrs_post_init__ = own_keys

    hand: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()
    bamboo: Bamboo = NO_BAMBOO
    channels: int = 0
    improvements: Improvements = NO_IMPROVEMENTS
    backs: Backs = NO_BACKS

    @property
    def held(self) -> int:
        """How many objective cards the hand holds, those seen from the back included."""
        return len(self.hand) + self.backs.total


@attrs.frozen(slots=False)
class Turn:
    """What happened so far in the current turn.

    Attributes:
        weather: the weather applied this turn (``""`` in the first round or while undecided).
        actions: the actions taken, in order.
        declared: the actions declared up front (variant ``declare_actions`` only).
    """

    __attrs_post_init__ = own_keys

    weather: str = ""
    actions: tuple[str, ...] = ()
    declared: tuple[str, ...] | None = None
    #: The actions the turn still allows, one bit each (see
    #: :func:`~tabletop.takenoko.rules.turn.open_action_bits`), kept by the rules the first time
    #: they are asked: a turn is an immutable value shared by the positions of its phase, whose
    #: listings all ask it. ``None`` until then; derived from the fields, and dropped by a copy.
    allowed: int | None = attrs.field(default=None, init=False, eq=False, repr=False)
    #: The turn after each action (in :data:`ACTIONS` order), kept by the rules the first time
    #: an action is taken (see :func:`~tabletop.takenoko.rules.turn.took`); ``None`` until then,
    #: and dropped by a copy, as :attr:`allowed`.
    after: tuple[Turn, ...] | None = attrs.field(default=None, init=False, eq=False, repr=False)

    CACHES: ClassVar[tuple[str, ...]] = ("allowed", "after")

    @property
    def allowance(self) -> int:
        """How many actions the turn allows: three under the Sun, two otherwise."""
        return 3 if self.weather == "sun" else 2


# Pending decisions: the question being asked, and the seat that answers it.


@attrs.frozen
class ChooseAction:
    """The action phase: take an action, do something free, or end the turn."""

    seat: int


@attrs.frozen
class Declare:
    """The action phase starts by declaring the actions (variant ``declare_actions``)."""

    seat: int


@attrs.frozen
class WeatherChoice:
    """Choose the weather among ``choices``."""

    seat: int
    choices: tuple[str, ...]


@attrs.frozen
class Rain:
    """Rain: choose an irrigated plot to grow, or skip."""

    seat: int


@attrs.frozen
class Storm:
    """Storm: choose a plot for the panda, or skip."""

    seat: int


@attrs.frozen
class Clouds:
    """Clouds: take an improvement from the reserve (or move a placed one), or skip."""

    seat: int


@attrs.frozen
class KeepPlot:
    """Plot action: keep one of the ``drawn`` tiles and order the others under the pile."""

    seat: int
    drawn: tuple[str, ...]


@attrs.frozen
class PlacePlot:
    """Plot action: put the kept ``tile`` into the garden."""

    seat: int
    tile: str


# Random events: decided by chance (seat ``CHANCE``), by the random source unless the game is
# played with ``chance="explicit"``.


@attrs.frozen
class DealObjective:
    """Preparation: deal ``to`` a card of the ``deck`` objective deck (an index of
    :data:`~tabletop.takenoko.components.OBJECTIVE_KINDS`)."""

    seat: int
    to: int
    deck: int


@attrs.frozen
class DrawStartPlayer:
    """Preparation: draw the start player (the rulebook's tallest player, at random here)."""

    seat: int


@attrs.frozen
class WeatherDie:
    """The weather die is rolled for the current player."""

    seat: int


@attrs.frozen
class DrawPlots:
    """Plot action: the next tile is drawn for the current player, who holds ``drawn`` so far
    and draws ``left`` more."""

    seat: int
    drawn: tuple[str, ...]
    left: int


@attrs.frozen
class DrawObjective:
    """Objective action: the next card of the ``deck`` deck is drawn for the current player;
    ``looks`` is how many more cards the redraw house rule may still turn up."""

    seat: int
    deck: int
    looks: int


Pending: TypeAlias = (
    ChooseAction
    | Declare
    | WeatherChoice
    | Rain
    | Storm
    | Clouds
    | KeepPlot
    | PlacePlot
    | DealObjective
    | DrawStartPlayer
    | WeatherDie
    | DrawPlots
    | DrawObjective
)

#: The random events: their seat is ``CHANCE`` (a set: settling looks a type up in it after
#: every decision, in one step rather than five comparisons).
CHANCE_EVENTS: frozenset[type] = frozenset((DealObjective, DrawStartPlayer, WeatherDie, DrawPlots, DrawObjective))


class Layout:
    """Where a garden's plots lie: their cells in the order placed, and every cell holding a tile
    (the pond included: where the figures may walk). Immutable.

    Every garden with the same plots' cells shares one layout (growing, eating and watering
    keep it; placing a plot makes a new one). It is compared and hashed by identity, so the
    rules' tables of facts about the cells (where plots, channels and figures may go: see
    :class:`~tabletop.takenoko.rules.garden.Memo`) find them in one step; they are kept there,
    never on the layout. A layout made by placing plots remembers the one it ``grew_from``
    and the cells ``added``: a fact about cells far from those (where a figure may go from a
    cell off their lines) is the same for both.
    """

    __slots__ = ("cells", "occupied", "grew_from", "added")

    cells: tuple[Hex, ...]
    occupied: frozenset[Hex]
    grew_from: Layout | None
    added: tuple[Hex, ...]

    def __init__(self, cells: tuple[Hex, ...], grew_from: Layout | None = None, added: tuple[Hex, ...] = ()) -> None:
        _set(self, "cells", cells)
        _set(self, "occupied", frozenset(cells).union((POND,)) if grew_from is None else grew_from.occupied.union(added))
        _set(self, "grew_from", grew_from)
        _set(self, "added", added)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Takenoko garden's layout cannot be changed")

    def __repr__(self) -> str:
        return f"Layout({self.cells!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Layout, (self.cells,))


class Irrigated:
    """The irrigated plots of a garden: their colours by cell (what plot objectives look at);
    immutable, shared while none is watered or dries, and like a :class:`Layout` compared by
    identity. Irrigated plots made by watering more plots (none dried) remember the ones
    they ``grew_from`` and the cells ``added``: a pattern shown before is still shown, and a
    new one must take in an added plot."""

    __slots__ = ("colours", "grew_from", "added")

    colours: MappingProxyType[Hex, str]
    grew_from: Irrigated | None
    added: tuple[Hex, ...]

    def __init__(
        self, colours: dict[Hex, str], grew_from: Irrigated | None = None, added: tuple[Hex, ...] = ()
    ) -> None:
        _set(self, "colours", MappingProxyType(colours))
        _set(self, "grew_from", grew_from)
        _set(self, "added", added)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Takenoko garden's irrigated plots cannot be changed")

    def __repr__(self) -> str:
        return f"Irrigated({dict(self.colours)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Irrigated, (dict(self.colours),))


class Spots:
    """Plots a token may go on, in the order placed (see :attr:`Garden.bare`); immutable, and
    like a :class:`Layout` shared while unchanged and compared by identity (the rules keep
    the moves onto them in their tables)."""

    __slots__ = ("cells",)

    cells: tuple[Hex, ...]

    def __init__(self, cells: tuple[Hex, ...]) -> None:
        _set(self, "cells", cells)

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Takenoko garden's spots cannot be changed")

    def __repr__(self) -> str:
        return f"Spots({self.cells!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        return (Spots, (self.cells,))


#: Bamboo heights a plot may show (0 to :data:`MAX_HEIGHT`).
_HEIGHTS = MAX_HEIGHT + 1
#: The improvements a plot may show, none (``""``) first.
PLOT_IMPROVEMENTS: tuple[str, ...] = ("",) + IMPROVEMENTS
#: The length of :attr:`Garden.heights`.
HEIGHT_BUCKETS = len(COLOURS) * len(PLOT_IMPROVEMENTS) * _HEIGHTS


#: The position in :attr:`Garden.heights` of the plots of each (colour, improvement, height)
#: (improvement ``""`` for none); a plot of no position (a height beyond the maximum, an unknown
#: colour: what the invariants report) is not counted.
_BUCKET_OF: dict[tuple[str, str, int], int] = {
    (colour, improvement, height): (c * len(PLOT_IMPROVEMENTS) + i) * _HEIGHTS + height
    for c, colour in enumerate(COLOURS)
    for i, improvement in enumerate(PLOT_IMPROVEMENTS)
    for height in range(_HEIGHTS)
}
HEIGHT_BUCKET: Mapping[tuple[str, str, int], int] = MappingProxyType(_BUCKET_OF)


class Garden(Mapping[Hex, Plot]):
    """The placed plots by cell, in the order they were placed (the pond excluded); immutable.

    A garden is a read-only mapping over a dictionary it never hands out: the rules build a new
    one for every change (:meth:`updated`) and share it between all the states it belongs to.
    Besides the plots it holds three facts derived from them, immutable values brought up to
    date with every change (nothing is worked out later and kept on it, so two gardens with
    the same plots are alike in every attribute):

    * :attr:`layout`: the plots' cells in order and the cells holding a tile (shared while no
      plot is added);
    * :attr:`wet`: the irrigated plots' colours (an :class:`Irrigated`, shared while none is
      watered or dries): what plot objectives look at;
    * :attr:`heights`: how many plots show each colour, improvement and bamboo height (see
      :data:`HEIGHT_BUCKET`), as bytes (immutable, nothing for the garbage collector to walk,
      and a box holds 27 plots): what gardener objectives look at;
    * :attr:`bare` and :attr:`unimproved`: the plots without improvement and without bamboo,
      and those without improvement (where a token may go, without and with the option
      ``improvement_on_bamboo``), shared while they stay the same.

    :attr:`plots` is the read-only dictionary itself, for the rules' hot paths.

    Two gardens are equal when they hold the same plots placed in the same order: the order
    is part of the position (the JSON lists the plots in it, and the invariants check that
    each plot was placed next to the pond or to two earlier plots).
    """

    plots: MappingProxyType[Hex, Plot]
    layout: Layout
    wet: Irrigated
    heights: bytes
    bare: Spots
    unimproved: Spots

    def __init__(self, plots: Mapping[Hex, Plot] | Iterable[tuple[Hex, Plot]] = ()) -> None:
        owned: dict[Hex, Plot] = dict(plots)
        heights = bytearray(HEIGHT_BUCKETS)
        for plot in owned.values():
            bucket = HEIGHT_BUCKET.get((plot.colour, plot.improvement, plot.bamboo))
            if bucket is not None:
                heights[bucket] += 1
        _set_garden(
            self,
            {
                "plots": MappingProxyType(owned),
                "layout": Layout(tuple(owned)),
                "wet": Irrigated({cell: plot.colour for cell, plot in owned.items() if plot.irrigated}),
                "heights": bytes(heights),
                "bare": _bare(owned),
                "unimproved": _unimproved(owned),
            },
        )

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError("a Takenoko garden cannot be changed: build a new one with updated()")

    def __getitem__(self, cell: Hex) -> Plot:
        return self.plots[cell]

    def __contains__(self, cell: object) -> bool:
        return cell in self.plots

    def __iter__(self) -> Iterator[Hex]:
        return iter(self.plots)

    def __len__(self) -> int:
        return len(self.plots)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Garden):
            mine, theirs = self.plots, other.plots
            return mine is theirs or (mine == theirs and list(mine) == list(theirs))
        return isinstance(other, Mapping) and self.plots == dict(other.items())

    def __repr__(self) -> str:
        return f"Garden({dict(self.plots)!r})"

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its plots in order (the read-only proxy cannot be pickled).
        return (Garden, (tuple(self.plots.items()),))

    def get(self, cell: Hex, default: Any = None) -> Any:
        return self.plots.get(cell, default)

    def items(self) -> Any:
        return self.plots.items()

    def values(self) -> Any:
        return self.plots.values()

    def occupied(self) -> frozenset[Hex]:
        """Every cell holding a tile, the pond included (where the figures may walk)."""
        return self.layout.occupied

    def with_plot(self, cell: Hex, plot: Plot) -> Garden:
        """A new garden where ``cell`` holds ``plot``."""
        return self.updated({cell: plot})

    def updated(self, changes: Mapping[Hex, Plot]) -> Garden:
        """A new garden with the plots of ``changes`` put in (or replacing those) on their cells.

        It shares the layout while no plot is added, the irrigated plots while none is watered
        or dries, and the plots that may take a token while none gains or loses bamboo or an
        improvement; a new plot joins them at the end (the order placed), a plot that grows or
        gains an improvement is only dropped from them; the heights are brought up to date
        from this garden's.
        """
        old_plots = self.plots
        plots = old_plots.copy()
        plots |= changes
        heights = bytearray(self.heights)
        bucket_of = _BUCKET_OF.get
        added: list[Hex] = []
        watered: list[Hex] = []
        new_bare: list[Hex] = []  # new plots that may take a token (they come last)
        new_unimproved: list[Hex] = []
        left_bare: list[Hex] = []  # plots that got bamboo or an improvement
        left_unimproved: list[Hex] = []
        dried = rejoined = False  # rejoined: a plot back among the bare plots (found anew)
        for cell, plot in changes.items():
            old = old_plots.get(cell)
            if old is None:
                added.append(cell)
                if plot.irrigated:
                    watered.append(cell)
                if not plot.improvement:
                    new_unimproved.append(cell)
                    if not plot.bamboo:
                        new_bare.append(cell)
            else:
                if old.irrigated and (not plot.irrigated or old.colour != plot.colour):
                    dried = True
                elif plot.irrigated and not old.irrigated:
                    watered.append(cell)
                if old.improvement != plot.improvement:
                    if old.improvement:
                        rejoined = True
                    else:
                        left_unimproved.append(cell)
                        left_bare.append(cell)
                elif (not old.bamboo) != (not plot.bamboo) and not plot.improvement:
                    if plot.bamboo:
                        left_bare.append(cell)
                    else:
                        rejoined = True
                bucket = bucket_of((old.colour, old.improvement, old.bamboo))
                if bucket is not None:
                    heights[bucket] -= 1
            bucket = bucket_of((plot.colour, plot.improvement, plot.bamboo))
            if bucket is not None:
                heights[bucket] += 1
        if dried:
            wet = Irrigated({cell: plot.colour for cell, plot in plots.items() if plot.irrigated})
        elif watered:
            wet = _watered(self.wet, plots, tuple(watered))
        else:
            wet = self.wet
        if rejoined:
            bare, unimproved = _bare(plots), _unimproved(plots)
        else:
            bare = _spots_after(self.bare, left_bare, new_bare)
            unimproved = _spots_after(self.unimproved, left_unimproved, new_unimproved)
        garden: Garden = _new(Garden)
        _set_garden(
            garden,
            {
                "plots": MappingProxyType(plots),
                "layout": Layout(tuple(plots), self.layout, tuple(added)) if added else self.layout,
                "wet": wet,
                "heights": bytes(heights),
                "bare": bare,
                "unimproved": unimproved,
            },
        )
        return garden

    def regrown(self, changes: Mapping[Hex, Plot]) -> Garden:
        """:meth:`updated` for the rules' commonest change, growing and eating: the plots of
        ``changes`` are this garden's with only their bamboo changed (the gardener and the
        panda's moves). The layout, the irrigated plots and the unimproved plots are shared as they
        are; the heights and the bare plots are brought up to date."""
        old_plots = self.plots
        plots = old_plots.copy()
        plots |= changes
        heights = bytearray(self.heights)
        bucket_of = _BUCKET_OF.get
        bare = self.bare
        for cell, plot in changes.items():
            old = old_plots[cell]
            bucket = bucket_of((old.colour, old.improvement, old.bamboo))
            if bucket is not None:
                heights[bucket] -= 1
            bucket = bucket_of((plot.colour, plot.improvement, plot.bamboo))
            if bucket is not None:
                heights[bucket] += 1
            if (not old.bamboo) != (not plot.bamboo) and not plot.improvement:
                # A plot leaving the bare plots is dropped from them; one joining them must be
                # put back in its place in the order placed: found anew.
                if plot.bamboo:
                    bare = Spots(tuple([spot for spot in bare.cells if spot != cell]))
                else:
                    bare = _bare(plots)
        garden: Garden = _new(Garden)
        _set_garden(
            garden,
            {
                "plots": MappingProxyType(plots),
                "layout": self.layout,
                "wet": self.wet,
                "heights": bytes(heights),
                "bare": bare,
                "unimproved": self.unimproved,
            },
        )
        return garden


# A garden's attributes, set at once as its dictionary (with keys of its own, read in one
# specialized step, see :func:`~tabletop.kernel.engine.own_keys`) by :meth:`Garden.updated` and
# :meth:`Garden.regrown`, the rules' hottest copies: one call of the dictionary's setter, where
# slots took one call of a setter each.
_set_garden = vars(Garden)["__dict__"].__set__


def _watered(before: Irrigated, plots: dict[Hex, Plot], watered: tuple[Hex, ...]) -> Irrigated:
    """The irrigated plots ``before`` and the ``watered`` cells of ``plots`` (none dried)."""
    colours = dict(before.colours)
    for cell in watered:
        colours[cell] = plots[cell].colour
    return Irrigated(colours, before, watered)


def _spots_after(spots: Spots, left: list[Hex], joined: list[Hex]) -> Spots:
    """``spots`` without the cells ``left`` and with the new plots ``joined`` at the end (the
    same spots while neither holds a cell)."""
    if left:
        return Spots(tuple([cell for cell in spots.cells if cell not in left] + joined))
    if joined:
        return Spots(spots.cells + tuple(joined))
    return spots


def _bare(plots: dict[Hex, Plot]) -> Spots:
    """The plots of ``plots`` without improvement and without bamboo."""
    return Spots(tuple([cell for cell, plot in plots.items() if not (plot.improvement or plot.bamboo)]))


def _unimproved(plots: dict[Hex, Plot]) -> Spots:
    """The plots of ``plots`` without improvement."""
    return Spots(tuple([cell for cell, plot in plots.items() if not plot.improvement]))


@attrs.frozen(repr=False, slots=False)
class State(EngineState):
    """A Takenoko position (immutable). See :mod:`tabletop.kernel.engine` for the methods.

    Attributes:
        players: number of players (2-4).
        options: the rule choices (see :class:`Options`).
        garden: the placed plots by cell, in the order they were placed (the pond excluded).
        channels: the edges holding an irrigation channel.
        gardener / panda: the cells the two figures stand on.
        tile_pile: the plot draw pile (tile codes): tiles in no known order, then the tiles put
            back under it, in order (a :class:`~tabletop.kernel.pile.Pile`).
        returned_by: who put back each tile of the pile's known bottom, aligned with it: each
            seat knows the tiles it put back, and where, until they are drawn again.
        decks: the plot, gardener and panda objective decks (card ids), as piles.
        reserve_channels / reserve_improvements / reserve_bamboo: the shared reserve. Its
            bamboo is counted only when the supply is limited (options ``"2011"`` and
            ``"later"``): with the ``"unlimited"`` supply (the rulebook's advice: when a
            colour runs out, other sections stand in) it never runs out and is ``None``.
        boards: each player's board and hand, by seat.
        start_player: the seat that played first (0 until it is drawn).
        current: the seat whose turn it is.
        turn_number: turns begun so far, the current one included.
        turn: what the current turn has done.
        emperor: the seat that triggered the end and holds the Emperor, if any.
        components: the component data (saved in the JSON only when not the standard data);
            states of different boxes are different positions.

    The engine's fields: ``stack`` (the pending decision; empty once the game is over),
    ``rng`` (masked in a view), ``chance``, ``log`` (the history) and ``rules``.
    """

    players: int
    options: Options
    garden: Garden = attrs.field(hash=False)
    channels: frozenset[Edge]
    gardener: Hex
    panda: Hex
    tile_pile: Pile[str]
    decks: tuple[Pile[str], Pile[str], Pile[str]]
    reserve_channels: int
    reserve_improvements: Improvements
    reserve_bamboo: Bamboo | None
    boards: tuple[Player, ...]
    start_player: int
    current: int
    turn_number: int
    turn: Turn
    emperor: int | None = None
    returned_by: tuple[int, ...] = ()
    # Compared (two boxes make two games: their JSON and invariants differ), not hashed (the
    # same box serves every state of a game; comparing it to itself is an identity test).
    components: Components = attrs.field(default=STANDARD, hash=False)

    @property
    def occupied(self) -> frozenset[Hex]:
        """Every cell holding a tile, the pond included (where the figures may walk)."""
        return self.garden.occupied()

    def __repr__(self) -> str:
        return f"<takenoko.State {self.players}p turn {self.turn_number} of seat {self.current}, {self.asking}>"
