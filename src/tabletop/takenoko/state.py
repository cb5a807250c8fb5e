"""The immutable Takenoko position.

A :class:`State` holds the garden (placed plots with their bamboo, improvements and irrigation),
the channels, the panda and the gardener, the draw piles, the shared reserve, each player's
board and hand, whose turn it is, and the decision being asked (:attr:`State.pending`). The
rules live in :mod:`tabletop.takenoko.rules`; the methods here only delegate to them.

Irrigation is kept incrementally: every :class:`Plot` knows whether it is irrigated, so growth
and objectives never search the channel network.
"""

from __future__ import annotations

import json
import operator
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar, cast

import attrs

from tabletop.kernel import serial
from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.hexgrid import Edge, Hex, edge, line_destinations
from tabletop.kernel.rng import Rng
from tabletop.takenoko.components import (
    COMPONENTS,
    STANDARD,
    Components,
    GardenerObjective,
    PlotObjective,
)
from tabletop.takenoko.moves import Move

if TYPE_CHECKING:  # numpy is imported by the encoder only, not by every user of the rules
    import numpy
    import numpy.typing as npt

_T = TypeVar("_T")
_INIT_FIELDS: dict[type, tuple[Callable[[Any], tuple[Any, ...]], dict[str, int]]] = {}


def replace(instance: _T, **changes: Any) -> _T:
    """``attrs.evolve`` for the hot paths: a copy of a frozen attrs instance with some fields changed.

    It reads every field at once and passes them by position, which ``attrs.evolve`` does not.
    """
    cls = type(instance)
    known = _INIT_FIELDS.get(cls)
    if known is None:
        names = tuple(a.name for a in attrs.fields(cast(Any, cls)) if a.init)
        read = operator.attrgetter(*names) if len(names) > 1 else lambda obj: (getattr(obj, names[0]),)
        known = _INIT_FIELDS[cls] = (read, {name: i for i, name in enumerate(names)})
    read, position = known
    values = list(read(instance))
    for name, value in changes.items():
        values[position[name]] = value
    return cls(*values)


#: The pond tile sits at the centre of the garden.
POND: Hex = (0, 0)

#: Faces of the weather die.
WEATHER_FACES: tuple[str, ...] = ("sun", "rain", "wind", "storm", "clouds", "?")

#: The five actions, in the order they are offered.
ACTIONS: tuple[str, ...] = ("plot", "irrigation", "gardener", "panda", "objective")

#: Objectives a player must complete to trigger the end, by player count.
OBJECTIVES_TO_END: Mapping[int, int] = {2: 9, 3: 8, 4: 7}

#: A player may hold at most this many objective cards.
HAND_LIMIT = 5

#: A bamboo never grows taller than this.
MAX_HEIGHT = 4

#: The placeholder for a hidden plot tile in a view.
HIDDEN_TILE = "?"

#: The placeholder for a hidden objective card of each deck in a view.
HIDDEN_CARD: Mapping[str, str] = {"plot": "P?", "gardener": "G?", "panda": "A?"}


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


#: The documented options and their defaults.
DEFAULT_OPTIONS: Mapping[str, Any] = attrs.asdict(Options())

#: One line per option for ``tabletop options takenoko`` (the :class:`Options` docstring says more).
OPTION_HELP: Mapping[str, str] = {
    "weather": "roll the weather die from the second round on",
    "gardener_on_plot": "gardener objectives also need the gardener on the plot shown",
    "clouds_when_empty": "Clouds with an empty reserve: other_weather | move_improvement",
    "rain_needs_irrigation": "Rain grows only an irrigated plot",
    "improvement_on_bamboo": "improvements may go on plots holding bamboo",
    "fertilizer_first_shoot": "fertilizer doubles the first shoot from irrigation",
    "improvement_before_shoot": "a stored improvement may go on a plot before its first shoot",
    "exact_height": "gardener objectives need exactly the printed height",
    "bamboo_supply": "bamboo sections in the box: unlimited | 2011 | later",
    "declare_actions": "declare all the turn's actions before resolving the first",
    "redraw_satisfied": "BGA house rule: redraw a drawn objective the garden already shows",
    "channel_on_pond_border": "allow a (useless) channel along the pond, as BGA does",
    "max_rounds": "stop an untriggered game after this many rounds (0: never)",
    "components": "corrected component data: a folder of data files",
}


@attrs.frozen
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

    tile: str
    colour: str
    improvement: str = ""
    token: bool = False
    bamboo: int = 0
    irrigated: bool = False
    sprouted: bool = False


@attrs.frozen
class Player:
    """A player's board and hand.

    Attributes:
        hand: objective cards in hand (hidden from the others).
        completed: completed objectives, in the order completed (face up).
        bamboo: eaten sections per colour (green, yellow, pink).
        channels: stored irrigation channels.
        improvements: stored improvement tokens (watershed, fertilizer, enclosure).
    """

    hand: tuple[str, ...] = ()
    completed: tuple[str, ...] = ()
    bamboo: tuple[int, int, int] = (0, 0, 0)
    channels: int = 0
    improvements: tuple[int, int, int] = (0, 0, 0)


@attrs.frozen
class Turn:
    """What happened so far in the current turn.

    Attributes:
        weather: the weather applied this turn (``""`` in the first round or while undecided).
        actions: the actions taken, in order.
        declared: the actions declared up front (variant ``declare_actions`` only).
    """

    weather: str = ""
    actions: tuple[str, ...] = ()
    declared: tuple[str, ...] | None = None

    @property
    def allowance(self) -> int:
        """How many actions the turn allows: three under the Sun, two otherwise."""
        return 3 if self.weather == "sun" else 2


# Pending decisions: the question the player to move is answering.


@attrs.frozen
class ChooseAction:
    """The action phase: take an action, do something free, or end the turn."""


@attrs.frozen
class Declare:
    """The action phase starts by declaring the actions (variant ``declare_actions``)."""


@attrs.frozen
class WeatherChoice:
    """Choose the weather among ``choices``."""

    choices: tuple[str, ...]


@attrs.frozen
class Rain:
    """Rain: choose an irrigated plot to grow, or skip."""


@attrs.frozen
class Storm:
    """Storm: choose a plot for the panda, or skip."""


@attrs.frozen
class Clouds:
    """Clouds: take an improvement from the reserve (or move a placed one), or skip."""


@attrs.frozen
class KeepPlot:
    """Plot action: keep one of the ``drawn`` tiles and order the others under the pile."""

    drawn: tuple[str, ...]


@attrs.frozen
class PlacePlot:
    """Plot action: put the kept ``tile`` into the garden."""

    tile: str


@attrs.frozen
class GameOver:
    """Nothing more to decide."""


Pending: TypeAlias = ChooseAction | Declare | WeatherChoice | Rain | Storm | Clouds | KeepPlot | PlacePlot | GameOver


class Garden(dict[Hex, Plot]):
    """The placed plots by cell, in the order they were placed (the pond excluded).

    A garden is never changed once built: the rules build a new one for every change and
    share it between all the states it belongs to. That is what makes the facts derived from
    it safe to compute once and keep here: where the figures can walk (:meth:`occupied`,
    :meth:`destinations`), which plot objectives it shows (:meth:`pattern_met`) and which
    gardener objectives (:meth:`gardener_met`), and its features in observation tensors
    (kept in ``_features`` by :mod:`tabletop.takenoko.encode`: positions and values).
    """

    __slots__ = ("_occupied", "_lines", "_patterns", "_gardener", "_features")
    _occupied: frozenset[Hex]
    _lines: dict[Hex, tuple[Hex, ...]]
    _patterns: dict[str, bool]
    _gardener: dict[tuple[str, Hex | None, bool], bool]
    _features: tuple[npt.NDArray[numpy.intp], npt.NDArray[numpy.float32]]

    def occupied(self) -> frozenset[Hex]:
        """Every cell holding a tile, the pond included (where the figures may walk)."""
        try:
            return self._occupied
        except AttributeError:
            self._occupied = frozenset(self).union((POND,))
            return self._occupied

    def destinations(self, start: Hex) -> tuple[Hex, ...]:
        """Where a figure on ``start`` may go: straight lines over tiles, no gaps (see hexgrid)."""
        try:
            lines = self._lines
        except AttributeError:
            lines = self._lines = {}
        found = lines.get(start)
        if found is None:
            found = lines[start] = line_destinations(start, self.occupied())
        return found

    def pattern_met(self, card: PlotObjective) -> bool:
        """Whether the garden shows the plot objective ``card`` (see :mod:`scoring`)."""
        try:
            known = self._patterns
        except AttributeError:
            known = self._patterns = {}
        met = known.get(card.id)
        if met is None:
            met = known[card.id] = _scoring.plot_pattern_met(self, card)
        return met

    def gardener_met(self, card: GardenerObjective, gardener: Hex | None, exact: bool) -> bool:
        """Whether the garden shows the gardener objective ``card`` (see :mod:`scoring`)."""
        try:
            known = self._gardener
        except AttributeError:
            known = self._gardener = {}
        key = (card.id, gardener, exact)
        met = known.get(key)
        if met is None:
            met = known[key] = _scoring.gardener_pattern_met(self, card, gardener, exact)
        return met

    def with_plot(self, cell: Hex, plot: Plot) -> Garden:
        """A new garden where ``cell`` holds ``plot``."""
        return self.updated({cell: plot})

    def updated(self, changes: Mapping[Hex, Plot]) -> Garden:
        """A new garden with the plots of ``changes`` put in (or replacing those) on their cells.

        The new garden shares the derived facts that still hold: the walks while no plot is
        added, the plot patterns while no plot is added and no irrigation changes (they depend
        on the cells, colours and irrigation alone). Gardener objectives look at the bamboo,
        so they are always found afresh.
        """
        garden = Garden(self)
        garden.update(changes)
        same_water = True
        for cell, plot in changes.items():
            old = self.get(cell)
            if old is None:
                return garden
            same_water = same_water and old.irrigated == plot.irrigated
        for name in ("_occupied", "_lines") + (("_patterns",) if same_water else ()):
            known = getattr(self, name, None)
            if known is not None:
                setattr(garden, name, known)
        return garden


@attrs.frozen(repr=False)
class State:
    """A Takenoko position (immutable). See :mod:`tabletop.kernel.api` for the contract.

    Attributes:
        players: number of players (2-4).
        options: the rule choices (see :class:`Options`).
        rng: the game's random source (masked in a view).
        garden: the placed plots by cell, in the order they were placed (the pond excluded).
        channels: the edges holding an irrigation channel.
        gardener / panda: the cells the two figures stand on.
        tile_pile: the plot draw pile, top first (tile codes).
        returned_by: who put back the tiles at the bottom of the pile, aligned with its
            bottom (``returned_by[-1]`` returned ``tile_pile[-1]``): each seat knows the tiles
            it put back, and where, until they are drawn again.
        decks: the plot, gardener and panda objective decks, top first (card ids).
        reserve_channels / reserve_improvements / reserve_bamboo: the shared reserve
            (bamboo per colour; with the ``"unlimited"`` supply it may go below zero, other
            colours standing in as the rulebook advises).
        boards: each player's board and hand, by seat.
        start_player: the seat that played first.
        current: the seat whose turn it is.
        turn_number: turns begun so far, the current one included.
        turn: what the current turn has done.
        pending: the decision being asked.
        emperor: the seat that triggered the end and holds the Emperor, if any.
        history: the moves applied since the start.
        components: the component data (saved in the JSON only when not the standard data).
    """

    players: int
    options: Options
    rng: Rng
    garden: Garden = attrs.field(hash=False)
    channels: frozenset[Edge]
    gardener: Hex
    panda: Hex
    tile_pile: tuple[str, ...]
    decks: tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]
    reserve_channels: int
    reserve_improvements: tuple[int, int, int]
    reserve_bamboo: tuple[int, int, int]
    boards: tuple[Player, ...]
    start_player: int
    current: int
    turn_number: int
    turn: Turn
    pending: Pending
    emperor: int | None = None
    returned_by: tuple[int, ...] = ()
    history: tuple[Move, ...] = ()
    components: Components = attrs.field(default=STANDARD, eq=False)
    _legal: tuple[Move, ...] | None = attrs.field(default=None, init=False, eq=False)

    @property
    def to_move(self) -> int | None:
        """The seat whose decision it is; ``None`` once the game is over."""
        return None if isinstance(self.pending, GameOver) else self.current

    @property
    def is_over(self) -> bool:
        return isinstance(self.pending, GameOver)

    @property
    def occupied(self) -> frozenset[Hex]:
        """Every cell holding a tile, the pond included (where the figures may walk)."""
        return self.garden.occupied()

    def legal_moves(self) -> tuple[Move, ...]:
        """The moves open to :attr:`to_move` (empty once the game is over); computed once."""
        moves = self._legal
        if moves is None:
            moves = _rules.legal_moves(self)
            object.__setattr__(self, "_legal", moves)
        return moves

    def apply(self, move: Any) -> State:
        """The state after ``move``; raises :class:`~tabletop.kernel.api.IllegalMove` if not legal."""
        return _rules.apply(self, move)

    def scores(self) -> tuple[int, ...]:
        return _scoring.scores(self)

    def winners(self) -> tuple[int, ...]:
        return _scoring.winners(self)

    def view(self, seat: int) -> State:
        """The position as ``seat`` sees it: other hands, deck orders and the random source hidden."""
        return _view.view(self, seat)

    def to_json(self) -> str:
        """The full state as JSON; the component data goes with it when it is not the standard."""
        data = CONVERTER.unstructure(self)
        data["components"] = COMPONENTS.data(self.components)
        return json.dumps(data, separators=(",", ":"))

    def __repr__(self) -> str:
        asking = type(self.pending).__name__
        return f"<takenoko.State {self.players}p turn {self.turn_number} seat {self.current} {asking}>"

    def __str__(self) -> str:
        return _render.render(self)


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    """A structure hook that takes only values of ``kind`` itself (cattrs would turn ``"3"``
    into 3, ``2.5`` into 2 and anything into a string)."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, not {value!r}")
        return value

    return structure


def _make_converter() -> Any:
    converter = serial.make_converter([Move, Pending])
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exactly(kind))

    def unstructure_garden(garden: Garden) -> list[Any]:
        return [[cell[0], cell[1], converter.unstructure(plot)] for cell, plot in garden.items()]

    def structure_garden(data: Any, _: Any) -> Garden:
        if not isinstance(data, list):
            raise ValueError("the garden must be a list of [q, r, plot]")
        garden = Garden()
        for item in data:
            if not isinstance(item, list) or len(item) != 3:
                raise ValueError(f"garden entry {item!r} is not [q, r, plot]")
            q, r, plot = item
            if not isinstance(q, int) or not isinstance(r, int):
                raise ValueError(f"garden cell {q!r},{r!r} is not two integers")
            garden[(q, r)] = converter.structure(plot, Plot)
        return garden

    converter.register_unstructure_hook_func(lambda t: t == Garden, unstructure_garden)
    converter.register_unstructure_hook_func(
        lambda t: t == frozenset[Edge], lambda edges: [[list(a), list(b)] for a, b in sorted(edges)]
    )
    converter.register_structure_hook_func(lambda t: t == Garden, structure_garden)

    def structure_edge(data: Any, _: Any) -> Edge:
        if not isinstance(data, list) or len(data) != 2:
            raise ValueError(f"edge {data!r} is not two cells")
        a: Hex = converter.structure(data[0], tuple[int, int])
        b: Hex = converter.structure(data[1], tuple[int, int])
        if (a, b) != edge(a, b):  # raises unless adjacent
            raise ValueError(f"edge {data!r} is not written with its smaller cell first")
        return (a, b)

    converter.register_structure_hook_func(lambda t: t == Edge, structure_edge)
    from cattrs.gen import make_dict_structure_fn, make_dict_unstructure_fn, override

    converter.register_unstructure_hook(
        State, make_dict_unstructure_fn(State, converter, components=override(omit=True))
    )
    converter.register_structure_hook(
        State,
        make_dict_structure_fn(State, converter, components=override(omit=True), _cattrs_forbid_extra_keys=True),
    )
    return converter


CONVERTER = _make_converter()


def from_json(text: str) -> State:
    """The state written by :meth:`State.to_json`; bad input raises ``InvalidRecord`` naming the field.

    Custom component data saved with the state is checked as :func:`load_components` checks
    the data files, and the position must keep the invariants (:func:`rules.invariants`).
    """
    data = serial.parse_object(text, "a Takenoko state")
    components = COMPONENTS.pop_saved(data, State)
    state = serial.structure(CONVERTER, data, State)
    if components is not STANDARD:
        state = attrs.evolve(state, components=components)
    # Well-typed fields can still describe an impossible position (a tenth improvement token,
    # a plot far from the garden, a seat that does not exist): the invariants name what is wrong.
    problems = _rules.invariants(state)
    if problems:
        raise InvalidRecord("the saved state is not a sound Takenoko position: " + "; ".join(problems))
    return state


from tabletop.takenoko import render as _render  # noqa: E402  (the rules need State first)
from tabletop.takenoko import rules as _rules  # noqa: E402
from tabletop.takenoko import scoring as _scoring  # noqa: E402
from tabletop.takenoko import view as _view  # noqa: E402
