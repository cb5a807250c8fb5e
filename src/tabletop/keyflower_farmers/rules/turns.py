"""A turn (base rulebook, Start of season / Bidding / Production): place workers in one location,
to bid for a tile or to use one, or pass.

Where workers come from: behind the player's screen, or outbid groups of the player's own,
each moving whole (never split, never back behind the screen during the season), topped up
from behind the screen. All workers placed in one turn have one colour, that of the workers
already around the tile (bids) or on it (users); green workers are a colour of their own, never
wild. A bid beats the highest bid (adding to one's own bid included); a use places one more
worker than the use before it, six at most on a tile in a season.

A turn is asked as a chain of small decisions (:class:`~.state.Turn`, then
:class:`~.state.PlaceWorkers`): the location, then the colour, the outbid groups that move, the
number of workers and an exchange's payment, each asked only when there is a choice. A location
is offered only if some placement there is legal, and each answer only if a legal placement
follows it, so a chain never ends in a dead end and its complete answers are exactly the legal
placements.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import NamedTuple

import attrs

from tabletop.keyflower_farmers.components import COLOURS
from tabletop.keyflower_farmers.moves import Bid, Colour, Count, From, Move, Pass, Pay, Use
from tabletop.keyflower_farmers.rules.common import (
    change_lot,
    change_tile,
    face_of,
    has_ability,
    standing,
    take_workers,
)
from tabletop.keyflower_farmers.rules.production import payments, use_tile
from tabletop.keyflower_farmers.state import MOST_ON_A_TILE, KeyflowerState, PlaceWorkers, Tile, Turn
from tabletop.kernel.auction import Bid as Group
from tabletop.kernel.auction import Lot
from tabletop.kernel.engine import evolve, replace_top
from tabletop.kernel.turns import next_seat

#: The position of each colour in a pool of workers.
COLOUR_INDEX = {colour: i for i, colour in enumerate(COLOURS)}

#: The abilities a worker can put to use.
USABLE = ("produce", "choose_one", "exchange", "transport")


class Placement(NamedTuple):
    """A complete placement at a chosen location: ``number`` workers of ``colour`` in all, the
    outbid groups around the lots ``moved`` moving there, and what an exchange is paid with
    (``paying``; ``""`` when nothing is paid)."""

    colour: str
    moved: tuple[str, ...]
    number: int
    paying: str


def turn_moves(state: KeyflowerState, pending: Turn) -> tuple[Move, ...]:
    """Each location where some placement is legal (bids, then uses), and passing."""
    seat = pending.seat
    groups = outbid_groups(state, seat)
    screen = state.screens[seat]
    moves: list[Move] = []
    for tile_id, lot in state.lots:
        least = lot.fewest_to_add(seat)
        for colour in bid_colours(state, seat, lot):
            # A bid has no upper limit: the most one can place is every group and every worker.
            moving = sum(g.count for lot_id, g in groups if g.colour == colour and lot_id != tile_id)
            if moving + screen[COLOUR_INDEX[colour]] >= least:
                moves.append(Bid(tile_id))
                break
    for tile in usable_tiles(state):
        if _can_use(state, seat, tile, groups):
            moves.append(Use(tile.id))
    moves.append(Pass())
    return tuple(moves)


def _can_use(state: KeyflowerState, seat: int, tile: Tile, groups: tuple[tuple[str, Group], ...]) -> bool:
    """Whether ``seat`` has a legal use of ``tile`` (:func:`uses_of` yields one), found without
    listing them all."""
    face = face_of(state, tile)
    assert face is not None
    if face.ability == "exchange":
        return any(True for _ in uses_of(state, seat, tile, groups))
    least = tile.uses[-1] + 1 if tile.uses else 1
    most = MOST_ON_A_TILE - tile.workers.total
    if least > most:
        return False
    required = use_colour(state, tile)
    colours = COLOURS if required is None or has_ability(state, seat, "boat_ignore_colour") else (required,)
    screen = state.screens[seat]
    for colour in colours:
        behind = screen[COLOUR_INDEX[colour]]
        if behind >= least:
            return True
        sizes = [g.count for _, g in groups if g.colour == colour]
        # Some choice of whole groups, topped up from behind the screen, lands in least..most.
        for size in range(1, len(sizes) + 1):
            for chosen in combinations(sizes, size):
                moved = sum(chosen)
                if moved <= most and moved + behind >= least:
                    return True
    return False


def bids_at(
    state: KeyflowerState, seat: int, tile_id: str, lot: Lot, groups: tuple[tuple[str, Group], ...]
) -> Iterator[Placement]:
    """Each bid ``seat`` may place on ``lot`` (the bids around ``tile_id``)."""
    least = lot.fewest_to_add(seat)
    for colour in bid_colours(state, seat, lot):
        for count, moved in placements(state, seat, colour, least, None, groups, tile_id):
            yield Placement(colour, moved, count, "")


def bid_colours(state: KeyflowerState, seat: int, lot: Lot) -> tuple[str, ...]:
    """The colours ``seat`` may bid in on ``lot``: their own bid's colour if they have one, else
    the lot's (any while it has none). The owner of summer boat 4a may counter a blue, red or
    yellow bid in another colour, green included (the workers lie down; see :func:`_place`)."""
    own = lot.bid_of(seat)
    if own is not None:
        return (own.colour,)
    if lot.colour is None:
        return COLOURS
    if lot.bids and lot.colour != "green" and has_ability(state, seat, "boat_counter_bid"):
        return (lot.colour, *(c for c in COLOURS if c != lot.colour))
    return (lot.colour,)


def outbid_groups(state: KeyflowerState, seat: int) -> tuple[tuple[str, Group], ...]:
    """``seat``'s outbid groups: ``(lot, group)`` for each lot where they bid and do not lead."""
    out = []
    for tile_id, lot in state.lots:
        own = lot.bid_of(seat)
        if own is not None and lot.leader != seat:
            out.append((tile_id, own))
    return tuple(out)


def placements(
    state: KeyflowerState,
    seat: int,
    colour: str,
    least: int,
    most: int | None,
    groups: tuple[tuple[str, Group], ...],
    target: str,
) -> Iterator[tuple[int, tuple[str, ...]]]:
    """Each way ``seat`` can place between ``least`` and ``most`` workers of ``colour`` at
    ``target``: ``(count, lots whose outbid groups move)``, the rest from behind the screen."""
    own = tuple((lot_id, g.count) for lot_id, g in groups if g.colour == colour and lot_id != target)
    behind = state.screens[seat].named(colour)
    if not own:  # the usual case: workers from behind the screen only
        top = behind if most is None else min(behind, most)
        for count in range(max(least, 1), top + 1):
            yield count, ()
        return
    for size in range(len(own) + 1):
        for chosen in combinations(own, size):
            moved = sum(n for _, n in chosen)
            for extra in range(0 if chosen else 1, behind + 1):
                count = moved + extra
                if count >= least and (most is None or count <= most):
                    yield count, tuple(lot_id for lot_id, _ in chosen)


def usable_tiles(state: KeyflowerState) -> Iterator[Tile]:
    """The tiles a worker may use: in any village, and (not in winter) those up for auction;
    their face must have an ability to use."""
    for tile in state.tiles:
        face = face_of(state, tile)
        if face is None or face.ability not in USABLE:
            continue
        if state.lot(tile.id) is not None or state.owner(tile.id) is not None:
            yield tile


def use_colour(state: KeyflowerState, tile: Tile) -> str | None:
    """The colour a use of ``tile`` must have: its users', else its bidders' (``None``: any)."""
    if tile.colour is not None:
        return tile.colour
    lot = state.lot(tile.id)
    return lot.colour if lot is not None else None


def uses_of(state: KeyflowerState, seat: int, tile: Tile, groups: tuple[tuple[str, Group], ...]) -> Iterator[Placement]:
    """Each use of ``tile`` open to ``seat``: one more worker than the last use, at most six
    on the tile, of the tile's colour, and what an exchange can be paid with."""
    face = face_of(state, tile)
    assert face is not None
    least = tile.uses[-1] + 1 if tile.uses else 1
    most = MOST_ON_A_TILE - tile.workers.total
    required = use_colour(state, tile)
    # Summer boat 4b: its owner ignores the colour of a tile's users and bidders.
    colours = COLOURS if required is None or has_ability(state, seat, "boat_ignore_colour") else (required,)
    exchange = face.ability == "exchange"
    for colour in colours:
        for count, moved in placements(state, seat, colour, least, most, groups, ""):
            if not exchange:
                yield Placement(colour, moved, count, "")
                continue
            from_screen = count - sum(g.count for lot_id, g in groups if lot_id in moved)
            left = state.screens[seat].take(colour, from_screen)
            others = tuple((lot_id, g) for lot_id, g in groups if lot_id not in moved)
            for paying in payments(state, seat, face, left, others):
                yield Placement(colour, moved, count, paying)


# --- the chain of a turn ----------------------------------------------------------------------


def placements_at(state: KeyflowerState, pending: PlaceWorkers) -> Iterator[Placement]:
    """The legal placements at ``pending``'s location that agree with what is settled."""
    seat = pending.seat
    groups = outbid_groups(state, seat)
    if pending.bid:
        lot = state.lot(pending.tile)
        assert lot is not None
        every = bids_at(state, seat, pending.tile, lot, groups)
    else:
        every = uses_of(state, seat, state.tile(pending.tile), groups)
    colour, moved, count = pending.colour, pending.moved, pending.count
    settled = len(moved)
    for placement in every:
        if colour and placement.colour != colour:
            continue
        if placement.moved[:settled] != moved or (count and (placement.number != count or len(placement.moved) != settled)):
            continue
        yield placement


def placing_moves(state: KeyflowerState, pending: PlaceWorkers) -> tuple[Move, ...]:
    """The answers to the first unsettled part of ``pending``: the colour, else the next group
    that moves or the number of workers, else the payment."""
    found: dict[Move, None] = {}
    if not pending.colour:
        colours = {placement.colour for placement in placements_at(state, pending)}
        return tuple(Colour(colour) for colour in COLOURS if colour in colours)
    if not pending.count:
        settled = len(pending.moved)
        counts: set[int] = set()
        for placement in placements_at(state, pending):
            if len(placement.moved) > settled:
                found[From(placement.moved[settled])] = None
            else:
                counts.add(placement.number)
        return (*found, *(Count(count) for count in sorted(counts)))
    return tuple({Pay(placement.paying): None for placement in placements_at(state, pending)})


def _settled(pending: PlaceWorkers, move: Move) -> PlaceWorkers:
    """``pending`` with ``move`` as the answer to its first unsettled part."""
    seat, tile, bid, colour, moved, count = pending.seat, pending.tile, pending.bid, pending.colour, pending.moved, pending.count
    if isinstance(move, Colour):
        return PlaceWorkers(seat, tile, bid, move.colour)
    if isinstance(move, From):
        return PlaceWorkers(seat, tile, bid, colour, (*moved, move.lot))
    if isinstance(move, Count):
        return PlaceWorkers(seat, tile, bid, colour, moved, move.count)
    assert isinstance(move, Pay)
    return PlaceWorkers(seat, tile, bid, colour, moved, count, move.item)


def resolve_placing(state: KeyflowerState, pending: PlaceWorkers, move: Move) -> KeyflowerState:
    return _go_on(state, _settled(pending, move))


def _go_on(state: KeyflowerState, pending: PlaceWorkers) -> KeyflowerState:
    """Settle every part of ``pending`` that has one possible value; ask the first that has
    several (``pending`` on top of the stack), or place the workers once all are settled."""
    while pending.paying is None:
        answers = placing_moves(state, pending)
        if len(answers) > 1:
            return replace_top(state, pending)
        pending = _settled(pending, answers[0])
    return _place_workers(state, pending)


def _place(state: KeyflowerState, seat: int, colour: str, count: int, moved: tuple[str, ...]) -> KeyflowerState:
    """``state`` with ``count`` workers of ``colour`` taken from ``seat``: the outbid groups
    around ``moved`` first, the rest from behind the screen."""
    taken = 0
    for lot_id in moved:
        lot = state.lot(lot_id)
        assert lot is not None
        lot, group = lot.without_bid(seat)
        taken += group.count
        state = change_lot(state, lot_id, standing(state, lot_id, lot))
    return take_workers(state, seat, colour, count - taken)


def resolve_turn(state: KeyflowerState, pending: Turn, move: Move) -> KeyflowerState:
    if isinstance(move, Pass):
        following = Turn(next_seat(pending.seat, state.players))
        return replace_top(evolve(state, passes=state.passes + 1), following)
    assert isinstance(move, Bid | Use)
    return _go_on(state, PlaceWorkers(pending.seat, move.tile, isinstance(move, Bid)))


def _place_workers(state: KeyflowerState, placing: PlaceWorkers) -> KeyflowerState:
    """The placement done: the workers bid, or placed on the tile and the tile used; the next
    player's turn (below what the use asks)."""
    seat, tile_id, colour, count = placing.seat, placing.tile, placing.colour, placing.count
    following = Turn(next_seat(seat, state.players))
    state = _place(evolve(state, passes=0), seat, colour, count, placing.moved)
    lot = state.lot(tile_id)
    if placing.bid:
        assert lot is not None
        off = lot.colour is not None and colour != lot.colour
        lot = lot.with_bid(seat, colour, count, off_colour=off)
        return replace_top(change_lot(state, tile_id, lot), following)
    state = change_tile(
        state,
        tile_id,
        lambda t: attrs.evolve(t, workers=t.workers.add(colour, count), uses=(*t.uses, count), colour=t.colour or colour),
    )
    if lot is not None and lot.colour is None:
        # Bidders on a tile must match the workers using it.
        state = change_lot(state, tile_id, lot.with_colour(colour))
    assert placing.paying is not None
    return use_tile(replace_top(state, following), seat, tile_id, placing.paying)
