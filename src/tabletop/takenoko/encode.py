"""Observation tensors: what one seat knows of a Takenoko position, as a flat ``float32`` vector.

For learning agents (like OpenSpiel's ``observation_tensor``): :func:`observation` gives a
1-D vector whose length depends only on the player count (:func:`observation_size`), and
:func:`observation_layout` names its blocks (``obs[observation_layout(3)["player0.bamboo"]]``).
Values are raw counts and 0/1 flags, unscaled, so a block can be read back exactly.

What is encoded is what ``seat`` may know, and nothing more: ``observation(state, seat)``
equals ``observation(state.view(seat), seat)``. Other players' hands appear only as card
counts per objective type, the decks and the plot pile only as sizes (plus the plots the seat
itself put back under the pile), the plots another player is choosing among only as their
number. Player blocks are seat-relative: ``player0`` is the observer, ``player1`` the next
seat clockwise, and so on, so one network can play every seat.

**The garden window.** The garden is encoded as planes over the cells within
:data:`RADIUS` = 14 steps of the pond, :data:`CELLS` (631 cells, ring by ring from the pond
outwards, the pond first; ``CELL_INDEX`` maps an axial ``(q, r)`` cell to its position). No
plot can ever lie outside it. A plot more than one step from the pond needs two placed
neighbours, and a neighbour of a cell at distance ``d`` is at distance ``d - 1`` or more.
Take the first plot placed at distance ``k`` or more (``k >= 2``): its two earlier neighbours
are at distance ``k - 1`` or more, and below ``k`` since they came first, so exactly
``k - 1``. A garden reaching distance ``D`` therefore holds at least two plots at each
distance ``1 .. D - 1`` and one at ``D``: ``2D - 1`` plots, and the box holds 27 (the loader
insists on it), so ``D <= 14``. The bound is tight: a two-plot-wide strip straight out from
the pond, ``(k, -1)`` and ``(k, 0)`` for ``k = 1 .. 13`` and then ``(14, -1)``, is legal.
Channels are encoded on :data:`EDGES`, every edge between two window cells (pond borders
included, for the BGA variant), sorted; ``EDGE_INDEX`` maps an edge to its position.

Layout for ``P`` players (``N = 631`` cells, ``E`` = ``len(EDGES)`` = 1806 edges; offsets
follow the order below, see :func:`observation_layout` for the exact slices):

=================================  ======  ==================================================
block                              length  content
=================================  ======  ==================================================
``garden.plot``                    N       1 where a plot lies (the pond is cell 0, no plot)
``garden.green/yellow/pink``       N each  the plot's colour, one-hot
``garden.irrigated``               N       1 on an irrigated plot
``garden.sprouted``                N       1 on a plot that has had its first shoot
``garden.watershed/fertilizer/``   N each  the plot's improvement (printed or token), one-hot
``enclosure``
``garden.token``                   N       1 where the improvement is a (movable) token
``garden.bamboo``                  N       sections of bamboo standing (0-4)
``garden.gardener``                N       1 on the gardener's cell (the pond included)
``garden.panda``                   N       1 on the panda's cell
``channels``                       E       1 on an edge holding an irrigation channel
``playerK.bamboo``                 3       eaten sections per colour (green, yellow, pink)
``playerK.channels``               1       stored channels
``playerK.improvements``           3       stored tokens (watershed, fertilizer, enclosure)
``playerK.hand``                   3       cards in hand per type (plot, gardener, panda)
``playerK.completed``              3       completed objectives per type
``playerK.points``                 1       points of the completed objectives
``playerK.emperor``                1       1 if this player holds the Emperor
``playerK.completed_cards``        45      completed cards, by the components' card order
``hand``                           45      the observer's own hand, by the same card order
``decks``                          3       cards left in the plot, gardener, panda decks
``tile_pile``                      1       plot tiles left in the pile
``tiles_returned``                 12      the observer's own returned tiles still in the pile,
                                           per tile code (:data:`TILE_CODES`)
``reserve.channels``               1       channels left in the reserve
``reserve.improvements``           3       improvement tokens left, per kind
``reserve.bamboo``                 3       sections left per colour (0 with the unlimited
                                           supply, which is not counted)
``to_move``                        P       whose decision it is, seat-relative one-hot
``start_player``                   P       who played first, seat-relative one-hot
``round``                          1       the round (1 = every player's first turn)
``turn``                           1       turns begun so far, the current one included
``weather``                        5       this turn's weather, one-hot (sun, rain, wind,
                                           storm, clouds); all 0 before it is decided
``actions``                        5       actions taken this turn, counts (plot, irrigation,
                                           gardener, panda, objective)
``declared``                       5       actions declared this turn (``declare_actions``)
``pending``                        14      the decision asked, one-hot (:data:`PENDING_KINDS`;
                                           random events too, with ``chance="explicit"``)
``pending.weather_choices``        5       weathers offered by a ``?`` roll
``pending.drawn``                  1       plot tiles drawn to choose from (or drawn so far)
``pending.drawn_tiles``            12      those tiles per code, for the drawer only
``pending.tile``                   12      the kept tile to place, one-hot per code
=================================  ======  ==================================================

``playerK`` blocks run from ``player0`` to ``player{P-1}``, all blocks of one player
together. The rule options are not encoded: they are fixed for a game.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping
from types import MappingProxyType

import numpy
import numpy.typing as npt

from tabletop.kernel import hexgrid
from tabletop.kernel.api import State as AnyState
from tabletop.kernel.hexgrid import Edge, Hex
from tabletop.kernel.layout import Layout
from tabletop.takenoko.components import COLOURS, IMPROVEMENTS, OBJECTIVE_KINDS, Components
from tabletop.takenoko.state import (
    ACTIONS,
    POND,
    ChooseAction,
    Clouds,
    DealObjective,
    Declare,
    DrawObjective,
    DrawPlots,
    DrawStartPlayer,
    Garden,
    KeepPlot,
    PlacePlot,
    Rain,
    State,
    Storm,
    WeatherChoice,
    WeatherDie,
)

_NONE = (0, 0, 0)

#: How far from the pond a plot can lie (proved in the module docstring).
RADIUS = 14
#: The cells of the garden window, ring by ring from the pond (index 0) outwards.
CELLS: tuple[Hex, ...] = hexgrid.disc(POND, RADIUS)
CELL_INDEX: Mapping[Hex, int] = MappingProxyType({cell: i for i, cell in enumerate(CELLS)})
#: Every edge between two window cells, sorted.
EDGES: tuple[Edge, ...] = tuple(
    sorted({hexgrid.edge(cell, other) for cell in CELLS for other in hexgrid.neighbours(cell) if other in CELL_INDEX})
)
EDGE_INDEX: Mapping[Edge, int] = MappingProxyType({e: i for i, e in enumerate(EDGES)})

#: Every plot tile code a box can hold: colour initial, then improvement initial (if any).
TILE_CODES: tuple[str, ...] = tuple(c + i for c in ("G", "Y", "P") for i in ("", "W", "F", "E"))
_TILE_INDEX = {code: i for i, code in enumerate(TILE_CODES)}
#: The decisions of ``pending``, in the order of the ``pending`` block: ``NoneType`` stands for
#: the end of the game (nothing pending), the five after it are random events.
PENDING_KINDS: tuple[type, ...] = (
    ChooseAction,
    Declare,
    WeatherChoice,
    Rain,
    Storm,
    Clouds,
    KeepPlot,
    PlacePlot,
    type(None),
    DealObjective,
    DrawStartPlayer,
    WeatherDie,
    DrawPlots,
    DrawObjective,
)
_PENDING_INDEX = {kind: i for i, kind in enumerate(PENDING_KINDS)}
#: The weathers a turn can have (the ``?`` face becomes one of them).
WEATHERS: tuple[str, ...] = ("sun", "rain", "wind", "storm", "clouds")
_WEATHER_INDEX = {w: i for i, w in enumerate(WEATHERS)}
_ACTION_INDEX = {a: i for i, a in enumerate(ACTIONS)}
_COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
_IMPROVEMENT_INDEX = {k: i for i, k in enumerate(IMPROVEMENTS)}
_KIND_INDEX = {k: i for i, k in enumerate(OBJECTIVE_KINDS)}
#: Objective cards in a box (15 of each type, which the component loader checks).
CARDS = 45
_GARDEN_PLANES = (
    ("plot", "irrigated", "sprouted")
    + COLOURS
    + IMPROVEMENTS
    + ("token", "bamboo", "gardener", "panda")
)


@functools.cache
def observation_layout(players: int) -> Layout:
    """The named blocks of an observation for ``players`` players (see the module docstring).

    The layout does not depend on the components: every box has 27 plots and 45 objectives.
    """
    if not 2 <= players <= 4:
        raise ValueError(f"Takenoko is played by 2-4 players, not {players!r}")
    layout = Layout()
    cells = len(CELLS)
    layout.block("garden.plot", cells)
    for colour in COLOURS:
        layout.block(f"garden.{colour}", cells)
    layout.block("garden.irrigated", cells)
    layout.block("garden.sprouted", cells)
    for kind in IMPROVEMENTS:
        layout.block(f"garden.{kind}", cells)
    for plane in ("token", "bamboo", "gardener", "panda"):
        layout.block(f"garden.{plane}", cells)
    layout.block("channels", len(EDGES))
    for k in range(players):
        for name, length in (
            ("bamboo", 3),
            ("channels", 1),
            ("improvements", 3),
            ("hand", 3),
            ("completed", 3),
            ("points", 1),
            ("emperor", 1),
            ("completed_cards", CARDS),
        ):
            layout.block(f"player{k}.{name}", length)
    for name, length in (
        ("hand", CARDS),
        ("decks", 3),
        ("tile_pile", 1),
        ("tiles_returned", len(TILE_CODES)),
        ("reserve.channels", 1),
        ("reserve.improvements", 3),
        ("reserve.bamboo", 3),
        ("to_move", players),
        ("start_player", players),
        ("round", 1),
        ("turn", 1),
        ("weather", len(WEATHERS)),
        ("actions", len(ACTIONS)),
        ("declared", len(ACTIONS)),
        ("pending", len(PENDING_KINDS)),
        ("pending.weather_choices", len(WEATHERS)),
        ("pending.drawn", 1),
        ("pending.drawn_tiles", len(TILE_CODES)),
        ("pending.tile", len(TILE_CODES)),
    ):
        layout.block(name, length)
    return layout


#: Offsets of the garden planes, the same for every player count (they open the vector).
_PLANE: Mapping[str, int] = {name: observation_layout(2)[f"garden.{name}"].start for name in _GARDEN_PLANES}


def observation_size(players: int) -> int:
    """The length of every observation of a ``players``-player game."""
    return observation_layout(players).size


def layout_of(state: AnyState) -> Layout:
    """The layout of ``state``'s observations (the kernel's ``Game.observation_layout``)."""
    return observation_layout(state.players)


class _Offsets:
    """One player count's block offsets as plain ints, looked up once per count."""

    def __init__(self, players: int) -> None:
        layout = observation_layout(players)
        self.size = layout.size
        at = self.at = {name: where.start for name, where in layout.items()}
        self.channels = at["channels"]
        # Player K's blocks lie K strides after player0's; each entry is that player's
        # (offsets of the 3-wide blocks, of channels and points, of emperor, of completed cards).
        stride = at["player1.bamboo"] - at["player0.bamboo"]
        self.players = tuple(
            (
                tuple(k * stride + at[f"player0.{name}"] for name in ("bamboo", "improvements", "hand", "completed")),
                (k * stride + at["player0.channels"], k * stride + at["player0.points"]),
                k * stride + at["player0.emperor"],
                k * stride + at["player0.completed_cards"],
            )
            for k in range(players)
        )
        self.triples = tuple(at[name] for name in ("decks", "reserve.improvements", "reserve.bamboo"))
        self.tiles_returned = range(at["tiles_returned"], at["tiles_returned"] + len(TILE_CODES))
        self.actions = range(at["actions"], at["actions"] + len(ACTIONS))
        self.declared = range(at["declared"], at["declared"] + len(ACTIONS))
        self.drawn_tiles = range(at["pending.drawn_tiles"], at["pending.drawn_tiles"] + len(TILE_CODES))


@functools.cache
def _offsets(players: int) -> _Offsets:
    return _Offsets(players)


_CARD_ORDERS: dict[int, tuple[Components, Mapping[str, int]]] = {}


def _card_order(components: Components) -> Mapping[str, int]:
    """Card id -> position in the card blocks: the order of the components' objectives."""
    known = _CARD_ORDERS.get(id(components))
    if known is None or known[0] is not components:
        known = _CARD_ORDERS[id(components)] = (components, {c.id: i for i, c in enumerate(components.objectives)})
    return known[1]


def observation(state: State, seat: int) -> npt.NDArray[numpy.float32]:
    """What ``seat`` knows of ``state``, as a fresh 1-D ``float32`` vector (see the module docstring).

    Raises ``ValueError`` for a seat not in the game.
    """
    players = state.players
    if not 0 <= seat < players:
        raise ValueError(f"seat {seat} is not in this {players}-player game")
    off = _offsets(players)
    # Every feature is gathered as (index, value) and stored with one fancy-indexed write:
    # a numpy store per feature would cost more than all the gathering.
    index: list[int] = []
    value: list[float] = []
    cells, values = _garden_features(state.garden)
    index += (_PLANE["gardener"] + CELL_INDEX[state.gardener], _PLANE["panda"] + CELL_INDEX[state.panda])
    value += (1.0, 1.0)
    channels_at = off.channels
    index += [channels_at + EDGE_INDEX[e] for e in state.channels]
    value += [1.0] * len(state.channels)
    _player_features(state, seat, off, index, value)
    _supply_features(state, seat, off, index, value)
    _turn_features(state, seat, off, index, value)
    out = numpy.zeros(off.size, dtype=numpy.float32)
    out[cells] = values
    out[index] = value
    return out


def _player_features(state: State, seat: int, off: _Offsets, index: list[int], value: list[float]) -> None:
    """The player blocks, seat-relative, and the observer's own hand."""
    cards = state.components.cards
    order = _card_order(state.components)
    boards = state.boards
    for k, (triples, (channels, points_at), emperor, done_at) in enumerate(off.players):
        who = (seat + k) % state.players
        board = boards[who]
        # Another seat's cards are read for their type only (a view shows just their backs).
        by_type = list(board.backs)
        for card in board.hand:
            by_type[_KIND_INDEX[cards[card].kind]] += 1
        completed = [0, 0, 0]
        points = 0
        for card in board.completed:
            objective = cards[card]
            completed[_KIND_INDEX[objective.kind]] += 1
            points += objective.points
            index.append(done_at + order[card])
            value.append(1.0)
        for start, numbers in zip(triples, (board.bamboo, board.improvements, by_type, completed), strict=True):
            index += (start, start + 1, start + 2)
            value += numbers
        index += (channels, points_at)
        value += (board.channels, points)
        if state.emperor == who:
            index.append(emperor)
            value.append(1.0)
    hand_at = off.at["hand"]
    hand = boards[seat].hand
    index += [hand_at + order[card] for card in hand]
    value += [1.0] * len(hand)


def _supply_features(state: State, seat: int, off: _Offsets, index: list[int], value: list[float]) -> None:
    """The piles (sizes, and the tiles the observer put back) and the reserve."""
    at = off.at
    pile, returned_by = state.tile_pile, state.returned_by
    if seat in returned_by:
        returned = [0] * len(TILE_CODES)
        for code, who in zip(pile.bottom, returned_by, strict=True):
            if who == seat:
                returned[_TILE_INDEX[code]] += 1
        index += off.tiles_returned
        value += returned
    decks = state.decks
    sizes = (len(decks[0]), len(decks[1]), len(decks[2]))
    for start, numbers in zip(
        off.triples, (sizes, state.reserve_improvements, state.reserve_bamboo or _NONE), strict=True
    ):
        index += (start, start + 1, start + 2)
        value += numbers
    index += (at["tile_pile"], at["reserve.channels"])
    value += (len(pile), state.reserve_channels)


def _turn_features(state: State, seat: int, off: _Offsets, index: list[int], value: list[float]) -> None:
    """Whose turn, the round, the weather, the actions and the decision being asked."""
    at = off.at
    players = state.players
    turn = state.turn
    pending = state.pending
    index += (
        at["to_move"] + (state.current - seat) % players,
        at["start_player"] + (state.start_player - seat) % players,
        at["round"],
        at["turn"],
        at["pending"] + _PENDING_INDEX[type(pending)],
    )
    value += (1.0, 1.0, (state.turn_number - 1) // players + 1, state.turn_number, 1.0)
    if turn.weather:
        index.append(at["weather"] + _WEATHER_INDEX[turn.weather])
        value.append(1.0)
    for where, actions in ((off.actions, turn.actions), (off.declared, turn.declared)):
        if actions:
            counts = [0] * len(ACTIONS)
            for action in actions:
                counts[_ACTION_INDEX[action]] += 1
            index += where
            value += counts
    if isinstance(pending, WeatherChoice):
        index += [at["pending.weather_choices"] + _WEATHER_INDEX[weather] for weather in pending.choices]
        value += [1.0] * len(pending.choices)
    elif isinstance(pending, (KeepPlot, DrawPlots)):
        index.append(at["pending.drawn"])
        value.append(len(pending.drawn))
        if state.current == seat:
            drawn = [0] * len(TILE_CODES)
            for code in pending.drawn:
                drawn[_TILE_INDEX[code]] += 1
            index += off.drawn_tiles
            value += drawn
    elif isinstance(pending, PlacePlot):
        index.append(at["pending.tile"] + _TILE_INDEX[pending.tile])
        value.append(1.0)


def _garden_features(garden: Garden) -> tuple[npt.NDArray[numpy.intp], npt.NDArray[numpy.float32]]:
    """The garden planes' nonzero features: positions and values, computed once per garden.

    A garden is immutable and shared by every state until a plot changes, so most
    observations find its features already there (they are the bulk of the vector's
    nonzero values), in a small table of this module kept by the garden's identity (the table
    holds the garden, so its identity is not reused while the entry lives); the arrays are
    read-only. The planes open the vector, so the positions hold for every player count.
    """
    found = _FEATURES.get(id(garden))
    if found is not None and found[0] is garden:
        return found[1]
    if len(_FEATURES) >= _FEATURES_KEPT:
        _FEATURES.clear()
    features = _compute_garden_features(garden)
    _FEATURES[id(garden)] = (garden, features)
    return features


#: The features of the gardens seen last, by identity (see :func:`_garden_features`).
_FEATURES: dict[int, tuple[Garden, tuple[npt.NDArray[numpy.intp], npt.NDArray[numpy.float32]]]] = {}
_FEATURES_KEPT = 256


def _compute_garden_features(garden: Garden) -> tuple[npt.NDArray[numpy.intp], npt.NDArray[numpy.float32]]:
    index: list[int] = []
    value: list[float] = []
    for cell, plot in garden.items():
        i = CELL_INDEX[cell]
        index += (_PLANE["plot"] + i, _PLANE[plot.colour] + i, _PLANE["bamboo"] + i)
        value += (1.0, 1.0, plot.bamboo)
        flags = (
            ("irrigated", plot.irrigated),
            ("sprouted", plot.sprouted),
            (plot.improvement, bool(plot.improvement)),
            ("token", plot.token),
        )
        for plane, on in flags:
            if on:
                index.append(_PLANE[plane] + i)
                value.append(1.0)
    positions, values = numpy.array(index, dtype=numpy.intp), numpy.array(value, dtype=numpy.float32)
    positions.flags.writeable = False
    values.flags.writeable = False
    return positions, values
