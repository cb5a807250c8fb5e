"""Expanding the villages (base rulebook, End of season 6; The Farmers, Fields): a won hex joins
its winner's village touching it, every shared side matching (road to road, grass to grass,
water to water; the owner of summer boat 2a may ignore this). Fields follow the spoke model
(:mod:`tabletop.kernel.tiles`): placing a hex may join fields, whose animals then share one
field; the land corners of boat hexes do not join those of a neighbouring boat hex."""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from types import MappingProxyType
from typing import Any

from tabletop.keyflower_farmers.components import ROAD, SIDE_CODES, WATER, Components
from tabletop.keyflower_farmers.moves import Move, Place
from tabletop.keyflower_farmers.rules.common import sides_of, spokes, with_seat
from tabletop.keyflower_farmers.state import (
    KeyflowerState,
    LayoutFacts,
    OpenCell,
    PlaceTile,
    Village,
    boat_abilities,
    placed_village,
    summer_boats_placed,
)
from tabletop.kernel import hexgrid, tiles
from tabletop.kernel.engine import evolve
from tabletop.kernel.hexgrid import Hex
from tabletop.kernel.tiles import OpenSide, Sides


#: No steps found yet (see :class:`.state.LayoutFacts`).
NO_STEPS: MappingProxyType[Any, Mapping[Any, int]] = MappingProxyType({})


def layout_of(state: KeyflowerState, village: Village) -> dict[Hex, Sides]:
    """The turned sides of every hex of ``village`` (read where a rule looks at the sides of
    placed hexes: placing a hex reads the codes its neighbours show from the frontier)."""
    return {cell: tiles.rotated(sides_of(state, tile_id), turns) for cell, tile_id, turns in village.layout}


def layout_facts(state: KeyflowerState, village: Village) -> LayoutFacts:
    """The facts of ``village``'s layout kept with it (see :attr:`.state.Village.turned`)."""
    turned = village.turned
    if turned is not None and turned.components is state.components and turned.farmers == state.farmers:
        return turned
    frontier: dict[int, OpenCell] = {}
    roads: dict[Hex, tuple[Hex, ...]] = {}
    for cell, tile_id, turns in village.layout:
        _grow(frontier, roads, cell, tiles.rotated(sides_of(state, tile_id), turns))
    turned = _facts(state, frontier, roads)
    object.__setattr__(village, "turned", turned)
    return turned


def _facts(state: KeyflowerState, frontier: dict[int, OpenCell], roads: dict[Hex, tuple[Hex, ...]]) -> LayoutFacts:
    """The facts of a layout (no steps found yet), read-only."""
    proxy = MappingProxyType
    # Built as LayoutFacts(...) builds it, without the call of its __new__ (made at every
    # placed hex).
    facts = (state.components, state.farmers, proxy(frontier), proxy(roads), NO_STEPS)
    return _tuple_new(LayoutFacts, facts)


_tuple_new = tuple.__new__


def _grow(frontier: dict[int, OpenCell], roads: dict[Hex, tuple[Hex, ...]], cell: Hex, sides: Sides) -> list[int]:
    """The facts of a layout (see :class:`.state.LayoutFacts`) once the hex with (turned)
    ``sides`` is placed at ``cell``, an empty cell beside the layout (or the first):
    its cell is no longer empty, each empty cell beside it must show the code of the side it
    faces, and it shares a road with each neighbour whose facing side is a road like its own.
    Returns the sides across which land continues into a placed neighbour (neither tile has
    water there; boats aside: see :func:`open_side`). The placed neighbours, and the codes
    they show the cell, are what the frontier kept for it: no layout of sides is looked at."""
    number, around = _places_around(cell)
    known = frontier.pop(number, None)
    joined: tuple[Hex, ...] = ()
    land = []
    empty = 63  # the sides facing an empty cell (bit ``d`` for side ``d``)
    # Tuples grow by adding a 1-tuple (two small tuples made), not by a display with a star
    # (``(*joined, near)`` makes a list and its array of items, then the tuple).
    if known is not None:
        for shown in (known[1], *known[2]):
            direction, facing = _NEED_SIDES[shown]
            empty ^= 1 << direction
            code = sides[direction]
            if code != WATER and facing != WATER:
                land.append(direction)
                if code == ROAD and facing == ROAD:
                    near = around[direction][3]
                    joined += (near,)
                    roads[near] += (cell,)
    for direction in _STEPS[empty]:
        number, places, needs, _ = around[direction]
        # A membership test, then a subscript where the cell is known (a get is a method call).
        if number in frontier:
            beside = frontier[number]
            frontier[number] = (places, beside[1], beside[2] + (needs[sides[direction]],))
        else:
            frontier[number] = (places, needs[sides[direction]], ())
    roads[cell] = joined
    return land


#: The cells around a cell (:func:`hexgrid.neighbours`), made once per cell: the same cells
#: serve as keys again and again, found by identity.
_neighbours = cache(hexgrid.neighbours)

#: The side of a neighbour facing each side of a hex (:func:`tiles.facing`, listed once).
_FACING = tuple(tiles.facing(direction) for direction in range(6))

#: What an empty cell beside a hex needs, for each side of the hex and the code it shows: the
#: number ``3 * direction + code`` of the code (by its position in :data:`SIDE_CODES`) that
#: a hex placed in the cell must show in the direction facing back (see :func:`_turnings`).
_NEEDS = tuple(
    {code: len(SIDE_CODES) * _FACING[direction] + k for k, code in enumerate(SIDE_CODES)} for direction in range(6)
)

#: For each such number, the side of the hex placed in the cell facing the placed neighbour,
#: and the code the neighbour shows it.
_NEED_SIDES = tuple((need // len(SIDE_CODES), SIDE_CODES[need % len(SIDE_CODES)]) for need in range(6 * len(SIDE_CODES)))


def place_moves(state: KeyflowerState, pending: PlaceTile) -> tuple[Move, ...]:
    """Every cell and turn where the hex fits (turns giving the same sides counted once), by
    cell then turn. If no matching place exists (the rules do not say what then), any place
    touching the village is allowed (inferred)."""
    seat = pending.seat
    village = state.villages[seat]
    frontier = layout_facts(state, village).frontier
    _, _, (every, masks, fit), _ = _hex_tables(state, pending.tile)
    cells = sorted(frontier)  # (numbers in the order of their cells)
    found: list[Move] = []
    if "boat_fields" not in boat_abilities(state, seat):  # (has_ability, written out)
        for cell in cells:
            places, need, more = frontier[cell]
            # The turns that show each placed neighbour the code of the side it faces: listed
            # once for a cell beside one placed hex (most cells).
            if not more:
                for turns in fit[need]:
                    found.append(places[turns])
                continue
            fitting = masks[need]
            for other in more:
                fitting &= masks[other]
            for turns in _STEPS[fitting]:
                found.append(places[turns])
    if not found:
        for cell in cells:
            places = frontier[cell][0]
            for turns in _STEPS[every]:
                found.append(places[turns])
    return tuple(found)


def _hex_tables(state: KeyflowerState, tile_id: str) -> HexTables:
    """The box and option read, the :func:`_turnings` and the :func:`_turned` of the hex
    ``tile_id`` in ``state``: kept by hex id (see :data:`_HEX_TABLES`), as listing and placing
    a hex each read them once."""
    known = _HEX_TABLES.get(tile_id)
    if known is None or known[0] is not state.components or known[1] is not state.farmers:
        sides = state.components.sides_of(tile_id, state.farmers)
        known = _HEX_TABLES[tile_id] = (state.components, state.farmers, _turnings(sides), _turned(sides))
    return known


#: What :func:`_turnings` finds of a hex: its distinct turns, and the turns showing each code
#: in each direction, as sets and listed.
Turnings = tuple[int, tuple[int, ...], tuple[tuple[int, ...], ...]]

#: What :func:`_turned` finds of a hex: its sides and spokes at each turn.
Turned = tuple[tuple[Sides, frozenset[int]], ...]

#: What :func:`_hex_tables` keeps for a hex id.
HexTables = tuple[Components, bool, Turnings, Turned]

#: The :func:`_hex_tables` of each hex id, for the box and option last asked about it (a game
#: reads one box): a lookup by the id, whose hash is kept, costs half of finding the hex's
#: sides (a method call and a key made of the id and the option) and then its table by them
#: (hashing six side codes), as the listing and the placement of each hex did.
_HEX_TABLES: dict[str, HexTables] = {}


@cache
def _turnings(sides: Sides) -> Turnings:
    """The turns of ``sides`` giving distinct sides, and for each direction and code (number
    ``3 * direction + code``, the code by its position in :data:`SIDE_CODES`, as the frontier
    keeps what its cells need: see :data:`_NEEDS`) those of them that show the code in the
    direction: sets of turns, bit ``t`` for ``t`` turns (the same set for any hex: the moves
    of a cell are made once for all hexes), and the same turns listed, fewest first."""
    # Found from the sides showing each code (bit ``i`` for side ``i``) rather than by turning
    # the hex six times: a game places each hex once, so many listings find these not made yet.
    showing = [0] * len(SIDE_CODES)
    for side, code in enumerate(sides):
        showing[_CODE_POSITION[code]] |= 1 << side
    # A hex turned by its period (the fewest turns that give its sides again: 1, 2, 3 or 6)
    # looks as it did: its distinct turns are those fewer.
    period = 1
    while period < 6 and sides[period:] + sides[:period] != sides:
        period += 1
    every = (1 << period) - 1
    masks = tuple([_BROUGHT[where][direction] & every for direction in range(6) for where in showing])
    return every, masks, tuple([_STEPS[mask] for mask in masks])


#: The position of each code in :data:`SIDE_CODES`.
_CODE_POSITION = {code: k for k, code in enumerate(SIDE_CODES)}

#: For each set of sides of a hex (bit ``i`` for side ``i``) and each direction, the turns that
#: bring one of those sides to face the direction (side ``i`` turned ``t`` times faces
#: direction ``i + t``): bit ``t`` for ``t`` turns.
_BROUGHT = tuple(
    tuple(sum(1 << ((direction - side) % 6) for side in range(6) if where >> side & 1) for direction in range(6))
    for where in range(64)
)


@cache
def _places_at(cell: Hex) -> tuple[Place, ...]:
    """The moves placing a hex at ``cell`` turned 0 to 5 times (made once per cell, and kept
    with the cell in the frontier: a listing takes a cell's moves from there rather than from
    a cache by cell and turns, which would hash the cell at every listing). Made as
    ``Place(cell, turns)`` makes them, without the call of its ``__init__``: each cell a
    village first reaches needs its six."""
    set_cell, set_turns = _SET_PLACE
    places = []
    for turns in range(6):
        place: Place = _object_new(Place)
        set_cell(place, cell)
        set_turns(place, turns)
        places.append(place)
    return tuple(places)


#: The slots of a :class:`Place`, set directly by :func:`_places_at`.
_SET_PLACE = tuple(vars(Place)[name].__set__ for name in ("cell", "turns"))

_object_new = object.__new__


#: The turns in each set of turns (bit ``t`` for ``t`` turns), fewest first.
_STEPS = tuple(tuple(step for step in range(6) if turns >> step & 1) for turns in range(64))


@cache
def _places_around(cell: Hex) -> tuple[int, tuple[tuple[int, tuple[Place, ...], dict[str, int], Hex], ...]]:
    """The :func:`cell_number` of ``cell``, and for each cell around it (as :func:`_neighbours`
    gives them) its :func:`cell_number`, its :func:`_places_at`, what it needs of a hex placed
    at ``cell`` by the code that hex shows it (:data:`_NEEDS`) and the cell itself: found once
    per placed hex, not once per cell it adds to the frontier."""
    around = [(cell_number(near), _places_at(near), _NEEDS[direction], near) for direction, near in enumerate(_neighbours(cell))]
    return cell_number(cell), tuple(around)


def cell_number(cell: Hex) -> int:
    """A number for ``cell`` that orders cells as they order themselves (by column, then row;
    rows of a village lie well within 32768 of its home): the frontier is keyed by these, as
    a number is hashed and compared many times faster than a cell."""
    column, row = cell
    # A number is its own hash, and a small dict picks a slot by its low bits: by
    # ``column * 65536`` these were the row alone, so the cells of a row shared a slot (about
    # 8 of a frontier's 13 keys collided); the 7 more per column spread them (0.3 collide).
    return column * 65543 + row


def open_side(state: KeyflowerState, village: Village, layout: Mapping[Hex, Sides]) -> OpenSide:
    """Land continues across a side unless either tile has water there, or both are boats."""
    return _open_side(state, {cell: tile_id for cell, tile_id, _ in village.layout}, layout)


def _open_side(state: KeyflowerState, ids: Mapping[Hex, str], layout: Mapping[Hex, Sides]) -> OpenSide:
    """:func:`open_side` of the village whose hexes are ``ids`` (by cell)."""
    boats = state.components.boat_ids
    land = _open_across(layout)

    def is_open(cell: Hex, direction: int, other: Hex) -> bool:
        if ids[cell] in boats and ids[other] in boats:
            return False
        return land(cell, direction, other)

    return is_open


def _open_across(layout: Mapping[Hex, Sides]) -> OpenSide:
    """Land continues across a side unless either tile has water there (the whole rule when
    no two boats can meet: :func:`open_side` without looking the hexes up)."""

    # tiles.open_between(layout, {WATER}) written out: asked for every placed neighbour each
    # time a hex is placed.
    def is_open(cell: Hex, direction: int, other: Hex) -> bool:
        return layout[cell][direction] != WATER and layout[other][_FACING[direction]] != WATER

    return is_open


def resolve_place(state: KeyflowerState, pending: PlaceTile, move: Place) -> KeyflowerState:
    seat = pending.seat
    village = state.villages[seat]
    sides, divided = _hex_tables(state, pending.tile)[3][move.turns]
    facts = layout_facts(state, village)
    frontier, roads = facts.frontier.copy(), facts.roads.copy()
    land = _grow(frontier, roads, move.cell, sides)
    boats = state.components.boat_ids
    if pending.tile in boats:  # land does not continue from a boat to a boat
        ids = {cell: tile_id for cell, tile_id, _ in village.layout}
        around = _neighbours(move.cell)
        land = [direction for direction in land if ids[around[direction]] not in boats]
    # The fields, and the names of those holding animals, are found when first read (seldom
    # before the next hex is placed).
    fields = village.fields.place_later(move.cell, divided, land)
    placed = village.layout + ((move.cell, pending.tile, move.turns),)  # (see _grow)
    grown = placed_village(village, placed, fields, _facts(state, frontier, roads))
    return evolve(
        state,
        villages=with_seat(state.villages, seat, grown),
        stack=state.stack[:-1],
        _summer_boats=summer_boats_placed(state, seat, placed, pending.tile),
    )


@cache
def _turned(sides: Sides) -> Turned:
    """``sides`` turned 0 to 5 times, each with its :func:`.common.spokes`: made once per hex's
    sides, so that placing a hex looks up one table rather than turning the sides and looking
    up their spokes."""
    return tuple([(turned, spokes(turned)) for turned in [tiles.rotated(sides, turns) for turns in range(6)]])
