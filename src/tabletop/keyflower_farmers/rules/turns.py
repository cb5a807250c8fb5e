"""A turn (base rulebook, Start of season / Bidding / Production): place workers in one location,
to bid for a tile or to use one, or pass.

Where workers come from: behind the player's screen, or outbid groups of the player's own,
each moving whole (never split, never back behind the screen during the season), topped up
from behind the screen. All workers placed in one turn have one colour, that of the workers
already around the tile (bids) or on it (users); green workers are a colour of their own, never
wild. A bid beats the highest bid (adding to one's own bid included); a use places one more
worker than the use before it, six at most on a tile in a season.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

import attrs

from tabletop.keyflower_farmers.components import COLOURS
from tabletop.keyflower_farmers.moves import Bid, Move, Pass, Use
from tabletop.keyflower_farmers.rules.common import (
    change_lot,
    change_tile,
    face_of,
    has_ability,
    standing,
    take_workers,
)
from tabletop.keyflower_farmers.rules.production import payments, use_tile
from tabletop.keyflower_farmers.state import MOST_ON_A_TILE, KeyflowerState, Tile, Turn
from tabletop.kernel.auction import Bid as Group
from tabletop.kernel.auction import Lot
from tabletop.kernel.engine import evolve, replace_top
from tabletop.kernel.turns import next_seat

#: The abilities a worker can put to use.
USABLE = ("produce", "choose_one", "exchange", "transport")


def turn_moves(state: KeyflowerState, pending: Turn) -> tuple[Move, ...]:
    """Every bid, every use, and passing."""
    seat = pending.seat
    groups = outbid_groups(state, seat)
    moves: list[Move] = []
    for tile_id, lot in state.lots:
        least = lot.fewest_to_add(seat)
        for colour in bid_colours(state, seat, lot):
            for count, moved in placements(state, seat, colour, least, None, groups, tile_id):
                moves.append(Bid(tile_id, count, colour, moved))
    for tile in usable_tiles(state):
        moves.extend(use_moves(state, seat, tile, groups))
    moves.append(Pass())
    return tuple(moves)


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


def use_moves(
    state: KeyflowerState, seat: int, tile: Tile, groups: tuple[tuple[str, Group], ...]
) -> Iterator[Use]:
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
                yield Use(tile.id, count, colour, moved)
                continue
            from_screen = count - sum(g.count for lot_id, g in groups if lot_id in moved)
            left = state.screens[seat].take(colour, from_screen)
            others = tuple((lot_id, g) for lot_id, g in groups if lot_id not in moved)
            for paying in payments(state, seat, face, left, others):
                yield Use(tile.id, count, colour, moved, paying)


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
    seat = pending.seat
    following = Turn(next_seat(seat, state.players))
    if isinstance(move, Pass):
        return replace_top(evolve(state, passes=state.passes + 1), following)
    assert isinstance(move, Bid | Use)
    state = _place(evolve(state, passes=0), seat, move.colour, move.count, move.moved)
    lot = state.lot(move.tile)
    if isinstance(move, Bid):
        assert lot is not None
        off = lot.colour is not None and move.colour != lot.colour
        lot = lot.with_bid(seat, move.colour, move.count, off_colour=off)
        return replace_top(change_lot(state, move.tile, lot), following)
    state = change_tile(
        state,
        move.tile,
        lambda t: attrs.evolve(
            t,
            workers=t.workers.add(move.colour, move.count),
            uses=(*t.uses, move.count),
            colour=t.colour or move.colour,
        ),
    )
    if lot is not None and lot.colour is None:
        # Bidders on a tile must match the workers using it.
        state = change_lot(state, move.tile, lot.with_colour(move.colour))
    return use_tile(replace_top(state, following), seat, move.tile, move.paying)
