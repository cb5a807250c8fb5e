"""A turn (base rulebook, Start of season / Bidding / Production): place workers in one location,
to bid for a tile or to use one, or pass.

Where workers come from: behind the player's screen, or outbid groups of the player's own, each
moving whole (never split, never back behind the screen during the season), topped up from
behind the screen. All workers placed in one turn have one colour, that of the workers already
around the tile (bids) or on it (users); green workers are a colour of their own, never wild.
The owners of summer boats 4a and 4b may break that rule (a counter-bid; a use in any colour,
or in several at once on a tile bid for or used): their workers lie down, and the colour
standing stays the tile's. A bid beats the highest bid (adding to one's own bid included); a
use places one more worker than the use before it, six at most on a tile in a season.

A turn is asked as a chain of small decisions (:class:`~.state.Turn`, then
:class:`~.state.PlaceWorkers`): the location, then the colour, the outbid groups that move, the
number of workers and an exchange's payment, each asked only when there is a choice. A location
is offered only if some placement there is legal; choosing it lists the legal placements there
once, and each answer narrows them, so a chain never ends in a dead end and its complete
answers are exactly the legal placements. The usual placements, from behind the screen, are a
run of numbers of workers per colour (each number with each payment it leaves, for an
exchange): their questions are read from the runs (:func:`_ask_from_behind`), with the same
options and answers.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, compress
from operator import itemgetter

import attrs

from tabletop.keyflower_farmers.components import COLOURS, SKILLS, Face
from tabletop.keyflower_farmers.moves import Bid, Colour, Count, From, Move, Pass, Pay, Use
from tabletop.keyflower_farmers.rules.common import (
    face_of,
    has_ability,
    screens_without,
    screens_without_all,
    standing,
)
from tabletop.keyflower_farmers.rules.production import payments, use_tile
from tabletop.keyflower_farmers.state import (
    ANY_COLOUR,
    COLOUR_INDEX,
    BidPlace,
    FromBehind,
    PAYMENTS,
    MIXED,
    KeyflowerState,
    Payment,
    Placement,
    PlaceWorkers,
    Turn,
    Workers,
    bid_facts,
    boat_abilities,
    keep_lot,
    keep_lots,
    keep_tiles_used,
    lot_positions,
    new_place_workers,
    mixed_colour,
    new_tile,
    placed_workers,
    tile_positions,
    turn_facts,
    usable,
)
from tabletop.kernel.auction import Bid as Group
from tabletop.kernel.auction import Lot
from tabletop.kernel.engine import evolve, listed, replace_top
from tabletop.kernel.pool import Pool
from tabletop.kernel.shared import Shared
from tabletop.kernel.turns import next_seat


_PASS = Pass()
_GREEN = COLOUR_INDEX["green"]
_ONLY_PASS = (_PASS,)


#: The turn of the next seat after each seat's, for each number of players:
#: ``_NEXT_TURN[players][seat]`` (made once: every placement and pass asks it).
_NEXT_TURN = tuple(tuple(Turn(next_seat(seat, players)) for seat in range(players)) for players in range(7))

#: The stack holding that turn alone, ``_NEXT_TURN_ALONE[players][seat]``: the stack of a turn
#: holds nothing else (made once rather than joined at every placement and pass).
_NEXT_TURN_ALONE = tuple(tuple((turn,) for turn in turns) for turns in _NEXT_TURN)


def turn_moves(state: KeyflowerState, pending: Turn) -> tuple[Move, ...]:
    """Each location where some placement is legal (bids, then uses), and passing. Found
    without listing the placements: only whether one exists. Usually every worker the seat
    can place is behind their screen: one pass over the lots and one over the hexes, as the
    state keeps them for turns (:func:`~.state.bid_facts`, :func:`~.state.usable`); else
    outbid groups of theirs may move (:func:`_moves_with_groups`)."""
    seat = pending.seat
    screen = state.screens[seat]
    # The most workers of one colour (compared here: the builtin max of a few numbers costs
    # more than these comparisons).
    blue, red, yellow, green = screen
    most_behind = blue if blue > red else red
    if yellow > most_behind:
        most_behind = yellow
    if green > most_behind:
        most_behind = green
    if not most_behind and seat not in bid_facts(state)[1]:
        return _ONLY_PASS  # no worker to place (common late in a season)
    (places, outbid), rows = turn_facts(state)
    if seat in outbid:
        return _moves_with_groups(state, seat, screen, outbid_groups(state, seat))
    abilities = boat_abilities(state, seat)
    # Workers behind the screen by colour position, and at ANY_COLOUR the most of one colour
    # (a plain tuple: a pool adds no `+` of its own; tuples are joined by `+`, which costs
    # less than unpacking them into a display).
    top = screen + (most_behind,)
    counter_bid = "boat_counter_bid" in abilities
    moves: list[Move] = []
    for move, colour, leader, highest, leading_colour, _ in places:
        if leader == seat:
            # The seat leads: one more worker of their bid's colour keeps the lead.
            if top[leading_colour]:
                moves.append(move)
        elif top[colour] > highest or (
            counter_bid and leader >= 0 and colour != _GREEN and top[ANY_COLOUR] > highest and counters(move.tile)
        ):
            # More workers than the highest bid (none: 0), in the lot's colour (any while it has
            # none), or of any one colour to counter another's bid: a bid has no upper limit,
            # every worker of the colour may go (see bid_colours). One comparison for every
            # lot: the most of one colour are never fewer than those of the lot's colour.
            moves.append(move)
    skills = state.skills[seat]
    # Every hex in play is up for auction or in a village: each may be used.
    if "boat_ignore_colour" in abilities:
        moves += _uses_ignoring_colour(state, seat, ())
    else:
        first_lot = ANY_COLOUR + 1  # (a local, not the global: read for every hex)
        for use, colour, least, payment in rows:
            if colour >= first_lot:  # unused and up for auction: the bidders' colour (see Workable)
                colour = places[colour - first_lot][1]
            if top[colour] >= least and (payment is None or _can_pay_from_behind(top, skills, payment, colour, least)):
                moves.append(use)
    moves.append(_PASS)
    return tuple(moves)


def _uses_ignoring_colour(state: KeyflowerState, seat: int, groups: tuple[tuple[str, Group], ...]) -> list[Move]:
    """The hexes the owner of summer boat 4b, with outbid ``groups``, may use: each with some
    use of any colour, or of several colours at once where the tile's colour stands (looked
    for one by one until one is found)."""
    places = bid_facts(state)[0]
    screen, skills = state.screens[seat], state.skills[seat]
    entries, _, rows = usable(state)
    found: list[Move] = []
    for (tile_id, face, least, most, colour, use, _), (_, _, _, payment) in zip(entries, rows, strict=True):
        if colour > ANY_COLOUR:
            colour = places[colour - ANY_COLOUR - 1][1]  # the bidders' colour
        if colour != ANY_COLOUR:
            may = _may_use_in_any_colours(state, seat, face, (least, most), groups)
        elif groups:
            may = bool(uses_of(state, seat, tile_id, groups))
        else:  # untouched: workers of one colour, any (as for everyone: see turn_moves)
            most = max(screen)
            may = most >= least and (payment is None or _can_pay_from_behind(screen + (most,), skills, payment, ANY_COLOUR, least))
        if may:
            found.append(use)
    return found


def _may_use_in_any_colours(
    state: KeyflowerState, seat: int, face: Face, bounds: tuple[int, int], groups: tuple[tuple[str, Group], ...]
) -> bool:
    """Whether :func:`_uses_in_any_colours` has a use: any workers will do, so only their number
    counts (between the ``bounds``, least and most), and what is left to pay an exchange."""
    least, most = bounds
    screen = state.screens[seat]
    if not groups and face.ability != "exchange":  # the usual case
        return screen.total >= least
    paid = face.pays[0][0] if face.ability == "exchange" else ""
    if paid == "any_skill" or paid in SKILLS:  # a skill is paid whatever workers are placed
        if next(payments(state, seat, face, screen), None) is None:
            return False
        paid = ""
    taken = COLOURS if paid == "any_worker" else (paid,)
    for size in range(len(groups) + 1):
        for chosen in combinations(groups, size):
            moving = sum(group.count for _, group in chosen)
            if moving > most:
                continue
            behind = screen.total
            spare = (group for lot_id, group in groups if (lot_id, group) not in chosen)
            if paid and not any(group.count == 1 and group.colour in taken for group in spare):
                # No outbid group left pays: a worker of a colour the exchange takes stays behind.
                if not any(screen[COLOUR_INDEX[colour]] for colour in taken):
                    continue
                behind -= 1
            if moving + behind >= least:
                return True
    return False


def _can_pay_from_behind(top: tuple[int, ...], skills: Pool, payment: Payment, colour: int, least: int) -> bool:
    """Whether a seat with no outbid group can place at least ``least`` workers of the
    ``colour`` position (:data:`~.state.ANY_COLOUR` for any) from behind their screen to use an
    exchange and still make its ``payment`` (:func:`_can_pay` without groups). ``top``: the
    workers behind their screen by colour position and, at ANY_COLOUR, the most of one colour
    (a plain tuple, read faster than a pool: see turn_moves); ``skills``: their skills."""
    by_worker, kinds = payment
    if not by_worker:
        for k in kinds:
            if skills[k]:
                return True
        return False
    if colour == ANY_COLOUR:
        if top[ANY_COLOUR] > least:
            # The usual case: more than enough of one colour, one of them may be the one paid.
            for paid in kinds:
                if top[paid]:
                    return True
            return False
        placing = _EVERY_COLOUR
    else:
        placing = (colour,)
    for paid in kinds:
        if not top[paid]:  # (often: a single colour paid, none behind the screen)
            continue
        for placed in placing:
            # A worker of the colour paid is left behind the screen (kept back if it is the
            # placing colour).
            if top[placed] - (paid == placed) >= least:
                return True
    return False


#: Every colour's position.
_EVERY_COLOUR = tuple(range(ANY_COLOUR))


def _moves_with_groups(
    state: KeyflowerState, seat: int, screen: Pool, outbid: tuple[tuple[str, Group], ...]
) -> tuple[Move, ...]:
    """:func:`turn_moves` when ``seat`` has ``outbid`` groups, which may move whole (topped
    up from behind the screen)."""
    # Workers of each colour the seat could place: behind the screen and in outbid groups.
    reach = list(screen)
    for _, group in outbid:
        reach[COLOUR_INDEX[group.colour]] += group.count
    most_of_a_colour = max(reach)
    abilities = boat_abilities(state, seat)
    counter_bid = "boat_counter_bid" in abilities
    moves: list[Move] = []
    # The lots as a turn reads them (see BidPlace); ``reach`` read at ANY_COLOUR: any colour.
    reach.append(most_of_a_colour)
    places = bid_facts(state)[0]
    for (_, lot), (bid, colour, leader, highest, leading_colour, others) in zip(state.lots, places, strict=True):
        if leader < 0:  # nobody has bid: a worker of the lot's colour, if any
            able = reach[colour] > 0
        elif leader == seat:  # one more worker of the seat's bid's colour keeps the lead
            able = reach[leading_colour] > 0
        elif seat in others:
            # Adding to one's own outbid bid, in its colour (it stays where it is), to beat the
            # leader's.
            own = lot.bid_of(seat)
            assert own is not None
            able = reach[COLOUR_INDEX[own.colour]] > highest
        elif counter_bid and colour != _GREEN and counters(bid.tile):
            able = most_of_a_colour > highest
        else:  # a bid has no upper limit: every worker of the colour may go
            able = reach[colour] > highest
        if able:
            moves.append(bid)
    if "boat_ignore_colour" in abilities:
        moves += _uses_ignoring_colour(state, seat, outbid)
        moves.append(_PASS)
        return tuple(moves)
    most_behind = max(screen)
    for tile_id, face, least, most, users, use, exchange in usable(state)[0]:
        if users > ANY_COLOUR:  # unused and up for auction: the bidders' colour (see Workable)
            users = places[users - ANY_COLOUR - 1][1]
        # Enough workers behind the screen is the usual case; else outbid groups may help.
        if users == ANY_COLOUR:
            colours = COLOURS
            if most_behind < least and (most_of_a_colour < least or not _can_place(screen, outbid, reach, colours, least, most)):
                continue
        else:
            colours = (COLOURS[users],)
            if screen[users] < least and (reach[users] < least or not _can_place(screen, outbid, reach, colours, least, most)):
                continue
        if not exchange or _can_pay(state, seat, tile_id, face, outbid, (colours, least, most, reach)):
            moves.append(use)
    moves.append(_PASS)
    return tuple(moves)


def _can_place(
    screen: Sequence[int],
    groups: tuple[tuple[str, Group], ...],
    reach: Sequence[int],
    colours: tuple[str, ...],
    least: int,
    most: int,
) -> bool:
    """Whether workers of one of ``colours`` can be placed, between ``least`` and ``most`` in
    all: whole outbid groups topped up from behind the screen."""
    for colour in colours:
        k = COLOUR_INDEX[colour]
        behind = screen[k]
        if behind >= least:
            return True
        if reach[k] < least:
            continue
        # The numbers of workers some choice of the groups of the colour moves, as the bits
        # set in ``moving`` (bit 0: none moves), rather than each choice tried (their number
        # doubles with each group). A choice moving from the ``short`` of ``least`` behind the
        # screen up to ``most`` workers will do, topped up from behind the screen.
        moving = 1
        for _, group in groups:
            if group.colour == colour:
                moving |= moving << group.count
        short = least - behind
        if short <= most and moving >> short & ((2 << (most - short)) - 1):
            return True
    return False


def _can_pay(
    state: KeyflowerState,
    seat: int,
    tile_id: str,
    face: Face,
    groups: tuple[tuple[str, Group], ...],
    placing: tuple[tuple[str, ...], int, int, Sequence[int]],
) -> bool:
    """Whether some placement on the exchange ``tile_id`` (one can be placed: ``placing`` gives
    its colours, least and most workers, and the seat's reach by colour) leaves its payment."""
    ((item, _),) = face.pays
    if item == "any_skill":
        return state.skills[seat].total > 0
    if item in SKILLS:
        return state.skills[seat].named(item) > 0
    # A worker paid: first the usual cases, a worker of the colour paid left behind the screen.
    colours, least, most, reach = placing
    screen = state.screens[seat]
    for colour in colours:
        placed = COLOUR_INDEX[colour]
        for paid in COLOURS if item == "any_worker" else (item,):
            k = COLOUR_INDEX[paid]
            if not screen[k]:
                continue
            # The usual case first: the fewest workers placed from behind the screen, one of
            # the colour paid left there (kept back if it is the placing colour).
            if screen[placed] - (k == placed) >= least:
                return True
            if not groups:
                continue
            if paid != colour:
                if _can_place(screen, groups, reach, (colour,), least, most):
                    return True
                continue
            kept = list(screen)  # one worker of the placing colour kept back to pay
            kept[k] -= 1
            fewer = list(reach)
            fewer[k] -= 1
            if _can_place(kept, groups, fewer, (colour,), least, most):
                return True
    # No worker left behind the screen can pay (the checks above are exact for those). Else
    # an outbid group of one worker of a colour the exchange takes may pay: list the placements.
    if not any(group.count == 1 and item in ("any_worker", group.colour) for _, group in groups):
        return False
    return bool(uses_of(state, seat, tile_id, groups))


#: Builds a :class:`~.state.Placement` from its fields without the call of its ``__new__``
#: (a placement's options are many, each made once).
_tuple_new = tuple.__new__


def bids_at(
    state: KeyflowerState, seat: int, tile_id: str, lot: Lot, groups: tuple[tuple[str, Group], ...]
) -> tuple[Placement, ...]:
    """Each bid ``seat``, who has outbid ``groups``, may place on ``lot`` (the bids around
    ``tile_id``)."""
    least = lot.fewest_to_add(seat)
    colours = bid_colours(state, seat, tile_id, lot)
    screen = state.screens[seat]
    # The colours of the outbid groups that may move here (found once, for every colour).
    moving = [group.colour for lot_id, group in groups if lot_id != tile_id]
    out: list[Placement] = []
    for colour in colours:
        if colour not in moving:
            out += _from_behind(colour, least, screen[COLOUR_INDEX[colour]])
            continue
        for count, moved in placements(state, seat, colour, least, None, groups, tile_id):
            out.append(_tuple_new(Placement, (colour, moved, count, "")))
    return tuple(out)


def _bids_from_behind(state: KeyflowerState, seat: int, place: BidPlace) -> tuple[Placement, ...]:
    """Each bid ``seat``, who has no outbid group, may place on the lot of ``place`` (as a turn
    reads it): :func:`bids_at` read from the facts a turn keeps. Without an outbid group, the
    seat's own bid, if any, leads."""
    bid, colour, leader, highest, leading_colour, _ = place
    screen = state.screens[seat]
    # A bid has no upper limit: every worker of the colour may go.
    if leader == seat:  # one more worker of their bid's colour keeps the lead
        return _from_behind(COLOURS[leading_colour], 1, screen[leading_colour])
    if colour == ANY_COLOUR:  # nobody has bid: any colour
        return _from_behind_each(COLOURS, 1, screen, max(screen))
    if leader >= 0 and colour != _GREEN and has_ability(state, seat, "boat_counter_bid") and counters(bid.tile):
        # Summer boat 4a: the lot's colour, or another to counter the bids (see bid_colours).
        colours = (COLOURS[colour], *(c for c in COLOURS if c != COLOURS[colour]))
        return _from_behind_each(colours, highest + 1, screen, max(screen))
    return _from_behind(COLOURS[colour], highest + 1, screen[colour])


@cache
def _from_behind(colour: str, least: int, top: int) -> tuple[Placement, ...]:
    """The placements of ``least`` to ``top`` workers of ``colour``, all from behind the screen,
    nothing paid (made once per case: the commonest placements by far)."""
    return tuple(Placement(colour, (), count, "") for count in range(least, top + 1))


@cache
def _from_behind_each(colours: tuple[str, ...], least: int, screen: Pool, most: int) -> tuple[Placement, ...]:
    """:func:`_from_behind` for each of ``colours`` in turn, up to the workers of the colour
    behind the ``screen``, ``most`` at most (an uncoloured lot or tile: made once per case)."""
    # A loop and a comparison: a comprehension is a function made and called, and `min` of
    # two numbers costs several comparisons (a screen is seldom seen twice: made again often).
    options: list[Placement] = []
    for colour in colours:
        top = screen[COLOUR_INDEX[colour]]
        options += _from_behind(colour, least, top if top < most else most)
    return tuple(options)


def counters(tile_id: str) -> bool:
    """Whether the owner of summer boat 4a may counter the bids for ``tile_id``: "If another
    player has bid for a *village tile* [...]": a turn-order tile's bids are not countered."""
    return not tile_id.startswith("order")


def bid_colours(state: KeyflowerState, seat: int, tile_id: str, lot: Lot) -> tuple[str, ...]:
    """The colours ``seat`` may bid in on ``lot``, the bids for ``tile_id``: their own bid's
    colour if they have one, else the lot's (any while it has none). The owner of summer boat
    4a may counter a blue, red or yellow bid for a village tile in another colour, green
    included (the workers lie down; see :func:`_place`)."""
    own = lot.bid_of(seat)
    if own is not None:
        return (own.colour,)
    if lot.colour is None:
        return COLOURS
    if lot.bids and lot.colour != "green" and has_ability(state, seat, "boat_counter_bid") and counters(tile_id):
        return (lot.colour, *(c for c in COLOURS if c != lot.colour))
    return (lot.colour,)


def outbid_groups(state: KeyflowerState, seat: int) -> tuple[tuple[str, Group], ...]:
    """``seat``'s outbid groups: ``(lot, group)`` for each lot where they bid and do not lead
    (found once for these lots: a turn reads them, then the placement chosen)."""
    if seat not in bid_facts(state)[1]:  # the usual case
        return ()
    lots = state.lots
    cached = state._outbid
    if cached is not None and cached[0] is lots and cached[1] == seat:
        return cached[2]
    out = []
    for tile_id, lot in lots:
        if not lot.bids:
            continue
        own, best_other = lot.own_and_best(seat)
        if own is not None and own.count < best_other:  # outbid (bids are never tied)
            out.append((tile_id, own))
    groups = tuple(out)
    state.__dict__["_outbid"] = (lots, seat, groups)
    return groups


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
    behind = state.screens[seat][COLOUR_INDEX[colour]]
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


def uses_of(state: KeyflowerState, seat: int, tile_id: str, groups: tuple[tuple[str, Group], ...]) -> tuple[Placement, ...]:
    """Each use of the hex ``tile_id`` (one that may be used now) open to ``seat``: one more
    worker than the last use, at most six on the tile, of the tile's colour, and what an
    exchange can be paid with."""
    # As the turn's listing read the hex (see Workable).
    entries, ids, _ = usable(state)
    _, face, least, most, colour, _, _ = entries[ids.index(tile_id)]
    if colour > ANY_COLOUR:
        colour = bid_facts(state)[0][colour - ANY_COLOUR - 1][1]  # the bidders' colour
    if colour != ANY_COLOUR and "boat_ignore_colour" in boat_abilities(state, seat):
        return tuple(_uses_in_any_colours(state, seat, face, (least, most), groups))
    colours = COLOURS if colour == ANY_COLOUR else (COLOURS[colour],)
    screen = state.screens[seat]
    if groups:
        return tuple(_uses_with(state, seat, face, colours, (least, most), groups))
    # The usual case: workers from behind the screen only.
    if face.ability == "exchange":
        ((item, _),) = face.pays
        return _exchanges_from_behind(_payings(PAYMENTS[item], screen, state.skills[seat]), colours, (least, most), screen)
    if len(colours) == 1:
        return _from_behind(colours[0], least, min(screen[COLOUR_INDEX[colours[0]]], most))
    return _from_behind_each(colours, least, screen, most)


def _payings(payment: Payment, screen: Pool, skills: Pool) -> tuple[str, ...]:
    """What may pay an exchange's ``payment`` from behind the ``screen``: a worker of a colour
    behind it (but the placing colour's when all its workers go: see
    :func:`_exchanges_from_behind`), or a skill among ``skills``, in the order of
    :func:`.production.payments`. An exchange a turn offers has some."""
    by_worker, kinds = payment
    if by_worker:
        return tuple([COLOURS[k] for k in kinds if screen[k]])
    return tuple([SKILLS[k] for k in kinds if skills[k]])


def _exchanges_from_behind(
    payings: tuple[str, ...], colours: tuple[str, ...], bounds: tuple[int, int], screen: Pool
) -> tuple[Placement, ...]:
    """The uses of an exchange by workers of ``colours`` from behind the ``screen``, between the
    ``bounds`` (least, most), and each of its ``payings`` (see :func:`_payings`) they leave
    (:func:`_uses_with` without groups, :func:`.production.payments` read from
    :data:`~.state.PAYMENTS`: one direct loop, since an exchange of any colour paid with any
    worker has up to a hundred uses). Each number of a colour has every payment but the last,
    if all the workers of the colour go: its own colour no longer pays."""
    least, most = bounds
    out = []
    for colour in colours:
        behind = screen[COLOUR_INDEX[colour]]
        for count in range(least, (behind if behind < most else most) + 1):
            for paying in payings:
                # A worker of the placing colour pays only if one of them stays behind the screen.
                if paying != colour or count < behind:
                    out.append(_tuple_new(Placement, (colour, (), count, paying)))
    return tuple(out)


def _uses_in_any_colours(
    state: KeyflowerState, seat: int, face: Face, bounds: tuple[int, int], groups: tuple[tuple[str, Group], ...]
) -> Iterator[Placement]:
    """The uses of a tile bid for or used open to the owner of summer boat 4b, who ignores the
    colour of its users and bidders (:func:`uses_of`): those in one colour, then those by
    workers of several colours at once (any outbid groups moving whole, any workers from behind
    the screen), between the ``bounds`` (least, most) in all, with each payment they leave."""
    yield from _uses_with(state, seat, face, COLOURS, bounds, groups)
    least, most = bounds
    screen = state.screens[seat]
    exchange = face.ability == "exchange"
    blue, red, yellow, green = screen
    for size in range(len(groups) + 1):
        for chosen in combinations(groups, size):
            moving: Pool = Workers()
            for _, group in chosen:
                moving = moving.add(group.colour, group.count)
            room = most - moving.total
            if room < 0:
                continue
            moved = tuple(lot_id for lot_id, _ in chosen)
            others = tuple(group for group in groups if group[0] not in moved)
            moving_blue, moving_red, moving_yellow, moving_green = moving
            # The workers from behind the screen, at most ``room``, in the order of
            # Pool.parts (by the number of blue, then of red, ...): counted in nested loops,
            # without a pool made for each part that is not a use in several colours.
            for b in range(min(blue, room) + 1):
                for r in range(min(red, room - b) + 1):
                    for y in range(min(yellow, room - b - r) + 1):
                        for g in range(min(green, room - b - r - y) + 1):
                            placed = (moving_blue + b, moving_red + r, moving_yellow + y, moving_green + g)
                            number = placed[0] + placed[1] + placed[2] + placed[3]
                            if number < least or (placed[0] > 0) + (placed[1] > 0) + (placed[2] > 0) + (placed[3] > 0) < 2:
                                continue
                            colour = mixed_colour(placed)
                            if not exchange:
                                yield _tuple_new(Placement, (colour, moved, number, ""))
                                continue
                            left = screen.minus((b, r, y, g))
                            for paying in payments(state, seat, face, left, others):
                                yield _tuple_new(Placement, (colour, moved, number, paying))


def _uses_with(
    state: KeyflowerState,
    seat: int,
    face: Face,
    colours: tuple[str, ...],
    bounds: tuple[int, int],
    groups: tuple[tuple[str, Group], ...],
) -> list[Placement]:
    """:func:`uses_of` when outbid groups may move: each placement of ``colours`` between the
    ``bounds`` (least, most) and each payment it leaves (a list: its runs from behind the
    screen are joined, not yielded one by one)."""
    least, most = bounds
    exchange = face.ability == "exchange"
    screen = state.screens[seat]
    grouped = [group.colour for _, group in groups]  # (found once, for every colour)
    out: list[Placement] = []
    for colour in colours:
        if not exchange and colour not in grouped:
            behind = screen[COLOUR_INDEX[colour]]
            out += _from_behind(colour, least, behind if behind < most else most)
            continue
        for count, moved in placements(state, seat, colour, least, most, groups, ""):
            if not exchange:
                out.append(_tuple_new(Placement, (colour, moved, count, "")))
                continue
            from_screen = count - sum(g.count for lot_id, g in groups if lot_id in moved)
            left = screen.take(colour, from_screen)
            others = tuple((lot_id, g) for lot_id, g in groups if lot_id not in moved)
            for paying in payments(state, seat, face, left, others):
                out.append(_tuple_new(Placement, (colour, moved, count, paying)))
    return out


# --- the chain of a turn ----------------------------------------------------------------------


def placements_at(state: KeyflowerState, seat: int, tile_id: str, bid: bool) -> tuple[Placement, ...]:
    """The legal placements of ``seat`` at the hex ``tile_id``, to bid for it or to use it."""
    places, outbid = bid_facts(state)
    groups = outbid_groups(state, seat) if seat in outbid else ()  # usually none
    if not bid:
        return uses_of(state, seat, tile_id, groups)
    i = lot_positions(state)[tile_id]
    if not groups:  # the usual case: workers from behind the screen only
        return _bids_from_behind(state, seat, places[i])
    return bids_at(state, seat, tile_id, state.lots[i][1], groups)


def placing_moves(state: KeyflowerState, pending: PlaceWorkers) -> tuple[Move, ...]:
    """The answers to the first part of the placement on which the options differ: the colour,
    else the next group that moves or the number of workers, else the payment (listed once per
    decision: see :attr:`.state.PlaceWorkers.answers`)."""
    answers = pending.answers
    if answers is None:
        answers = _placing_answers(pending.options, len(pending.moved))
        pending.__dict__["answers"] = answers  # a frozen record: straight into its dictionary
    return answers


def _placing_answers(options: tuple[Placement, ...], settled: int) -> tuple[Move, ...]:
    """:func:`placing_moves`, listed for the ``options`` left once ``settled`` outbid groups
    are known to move (the placements from behind the screen, which come back turn after turn,
    are asked from their runs instead: see :func:`_ask_from_behind`)."""
    # (Read through C-level getters: a loop over the options in Python costs more.)
    colours = set(map(_COLOUR_OF, options))
    if len(colours) > 1:
        answers = [_COLOUR[colour] for colour in COLOURS if colour in colours]
        if len(answers) < len(colours):  # then the mixes of summer boat 4b
            answers += [Colour(colour) for colour in sorted(colours) if MIXED in colour]
        return tuple(answers)
    if not settled and not any(map(_MOVED_OF, options)):  # the usual case: no outbid group moves
        counts = set(map(_NUMBER_OF, options))
        if len(counts) > 1:
            return tuple([_COUNT[count] for count in sorted(counts)])
        return tuple(dict.fromkeys(map(_PAY.__getitem__, map(_PAYING_OF, options))))
    groups: dict[Move, None] = {}
    counts = set()
    for option in options:
        if len(option.moved) > settled:
            groups[_FROM[option.moved[settled]]] = None
        else:
            counts.add(option.number)
    if groups or len(counts) > 1:
        return (*groups, *(_COUNT[count] for count in sorted(counts)))
    return tuple({_PAY[option.paying]: None for option in options})


#: The fields of a :class:`~.state.Placement`, read by C-level getters.
_COLOUR_OF = itemgetter(0)
_MOVED_OF = itemgetter(1)
_NUMBER_OF = itemgetter(2)
_PAYING_OF = itemgetter(3)


#: The answers naming a colour (made once).
_COLOUR = {colour: Colour(colour) for colour in COLOURS}


#: The answers moving the outbid group around a hex, placing a number of workers, paying
#: with an item (each made once).
_FROM = Shared(From)
_COUNT = Shared(Count)
_PAY = Shared(Pay)


#: What the answers of a placement have settled: the lots whose outbid groups move, the colour
#: and the number of workers (see :class:`.state.PlaceWorkers`).
Settled = tuple[tuple[str, ...], str, int]


def _narrowed(
    options: tuple[Placement, ...], settled: Settled, move: Move
) -> tuple[tuple[Placement, ...], Settled]:
    """The ``options`` that agree with ``move``, and what is ``settled`` with it."""
    moved, colour, count = settled
    # Plain loops: a comprehension costs a function made and called, more than these few
    # options take.
    kept: list[Placement] = []
    if isinstance(move, Count):  # the usual answer
        count = move.count
        for option in options:
            if option.number == count and option.moved == moved:
                kept.append(option)
        options = tuple(kept)
    elif isinstance(move, Colour):
        colour = move.colour
        for option in options:
            if option.colour == colour:
                kept.append(option)
        options = tuple(kept)
    elif isinstance(move, From):
        n = len(moved)
        moved = (*moved, move.lot)
        options = tuple([o for o in options if len(o.moved) > n and o.moved[n] == move.lot])
    else:
        assert isinstance(move, Pay)
        options = tuple([o for o in options if o.paying == move.item])
    return options, (moved, colour, count)


def relisted(state: KeyflowerState) -> KeyflowerState:
    """``state`` (a full position dealt from a view) with the options of a placement in
    progress listed again: a view hides them from the other seats."""
    pending = state.pending
    if not isinstance(pending, PlaceWorkers) or pending.options:
        return state
    settled = len(pending.moved)
    options = tuple(
        option
        for option in placements_at(state, pending.seat, pending.tile, pending.bid)
        if option.moved[:settled] == pending.moved
        and (not pending.colour or option.colour == pending.colour)
        and (not pending.count or (option.number == pending.count and option.moved == pending.moved))
    )
    return replace_top(state, attrs.evolve(pending, options=options))


def resolve_placing(state: KeyflowerState, pending: PlaceWorkers, move: Move) -> KeyflowerState:
    bounds = pending.from_behind
    if bounds is not None:  # the usual case: runs of numbers (see _ask_from_behind)
        if bounds[2]:  # an exchange: each number with its payments
            return _resolve_exchange(state, pending, move, bounds)
        options = pending.options
        if type(move) is Count:  # one run left: the option is found by its number
            return _place_workers(state, pending.seat, pending.tile, pending.bid, options[move.count - options[0].number])
        assert isinstance(move, Colour)
        least, most, _ = bounds
        k = COLOUR_INDEX[move.colour]
        top = state.screens[pending.seat][k]
        run = _RUNS[k][least - 1 : top if top < most else most]
        return _ask_number(state, pending.seat, pending.tile, pending.bid, run, ((), move.colour, 0), bounds)
    options, settled = _narrowed(pending.options, (pending.moved, pending.colour, pending.count), move)
    return _go_on(state, pending.seat, (pending.tile, pending.bid), options, settled)


def _go_on(
    state: KeyflowerState, seat: int, at: tuple[str, bool], options: tuple[Placement, ...], settled: Settled
) -> KeyflowerState:
    """Answer every part of the placement at ``at`` (the hex, and whether to bid) that has one
    possible value; ask the first that has several (a :class:`.state.PlaceWorkers` on top of
    the stack), or place the workers once one option is left (made without asking: the
    usual end of a chain)."""
    tile_id, bid = at
    while len(options) > 1:
        answers = _placing_answers(options, len(settled[0]))
        if len(answers) > 1:
            asked = new_place_workers(seat, tile_id, bid, options, settled, answers, None)
            # The answers are the moves asked: listed with the position, not looked up again.
            return listed(evolve(state, stack=state.stack[:-1] + (asked,)), answers)
        options, settled = _narrowed(options, settled, answers[0])
    return _place_workers(state, seat, tile_id, bid, options[0])


def resolve_turn(state: KeyflowerState, pending: Turn, move: Move) -> KeyflowerState:
    # The move is one of those listed (the engine checks it), so of one of these classes
    # exactly: its type is compared, which costs less than isinstance (at every turn).
    kind = type(move)
    if kind is Pass:
        stack = state.stack
        if len(stack) == 1:  # the usual case: the turn alone
            following = _NEXT_TURN_ALONE[state.players][pending.seat]
        else:
            following = stack[:-1] + (_NEXT_TURN[state.players][pending.seat],)
        return evolve(state, passes=state.passes + 1, stack=following)
    assert type(move) is Bid or type(move) is Use  # (and for the type checker)
    bid = kind is Bid
    seat = pending.seat
    tile_id = move.tile
    quick = _ask_from_behind(state, seat, tile_id, bid)
    if quick is not None:  # the usual case
        return quick
    options = placements_at(state, seat, tile_id, bid)
    return _go_on(state, seat, (tile_id, bid), options, ((), "", 0))


def _ask_from_behind(state: KeyflowerState, seat: int, tile_id: str, bid: bool) -> KeyflowerState | None:
    """:func:`_go_on` from the start for a bid (``bid``) or a use of the hex ``tile_id`` when
    every placement of ``seat`` there comes from behind the screen (no outbid group of theirs,
    no summer boat 4a or 4b at work): the options are then a run of numbers per colour, between
    the least and the most workers :func:`placements_at` reads (for an exchange, each number
    with each payment it leaves: see :func:`_ask_exchange`), so the question is read from the
    runs (the same options and answers, none narrowed); ``None`` for any other placement."""
    places, outbid = bid_facts(state)
    if seat in outbid:
        return None
    screen = state.screens[seat]
    if bid:
        _, colour, leader, highest, leading_colour, _ = places[lot_positions(state)[tile_id]]
        # As _bids_from_behind: a bid has no upper limit (every worker of the colour may go).
        if leader == seat:
            colour, least, most = leading_colour, 1, screen[leading_colour]
        elif colour == ANY_COLOUR:
            # Any colour, each up to all its workers: each colour's run ends at its workers
            # behind the screen, so no bound is found (the builtin max of the screen costs
            # several hundred instructions, most of them parsing its arguments).
            least, most = 1, _WORKERS_IN_THE_BOX
        elif leader >= 0 and colour != _GREEN and has_ability(state, seat, "boat_counter_bid") and counters(tile_id):
            return None
        else:
            least, most = highest + 1, screen[colour]
    else:
        entries, ids, rows = usable(state)
        i = ids.index(tile_id)
        _, _, least, most, colour, _, _ = entries[i]
        if colour > ANY_COLOUR:
            colour = places[colour - ANY_COLOUR - 1][1]  # the bidders' colour
        if colour != ANY_COLOUR and "boat_ignore_colour" in boat_abilities(state, seat):
            return None
        payment = rows[i][3]
        if payment is not None:  # an exchange
            return _ask_exchange(state, seat, tile_id, colour, (least, most, _payings(payment, screen, state.skills[seat])))
    if colour != ANY_COLOUR:
        top = screen[colour]
        run = _RUNS[colour][least - 1 : top if top < most else most]
        return _ask_number(state, seat, tile_id, bid, run, ((), "", 0), (least, most, ()))
    # An uncoloured hex is unused, and its lot (if any) without bids: the first use or bid may
    # place one worker.
    assert least == 1
    options, colours = _runs_each(most, screen)
    if len(colours) == 1:
        return _ask_number(state, seat, tile_id, bid, options, ((), "", 0), (least, most, ()))
    asked = new_place_workers(seat, tile_id, bid, options, ((), "", 0), colours, (least, most, ()))
    # The answers are the moves asked: listed with the position (see .kernel.engine.listed),
    # in its one copy.
    return evolve(state, stack=state.stack[:-1] + (asked,), _moves=colours)


def _ask_exchange(state: KeyflowerState, seat: int, tile_id: str, colour: int, bounds: FromBehind) -> KeyflowerState:
    """:func:`_ask_from_behind` for the exchange ``tile_id``, used by workers of the ``colour``
    position (:data:`~.state.ANY_COLOUR`: any colour) paid as ``bounds`` tell: the options of
    :func:`uses_of`, the colours that have some asked first."""
    least, most, payings = bounds
    screen = state.screens[seat]
    if colour != ANY_COLOUR:
        options = _exchanges_from_behind(payings, (COLOURS[colour],), (least, most), screen)
        return _ask_exchange_number(state, seat, tile_id, options, ((), "", 0), bounds)
    options = _exchanges_from_behind(payings, COLOURS, (least, most), screen)
    if options[0].colour == options[-1].colour:  # one colour has uses: not asked
        return _ask_exchange_number(state, seat, tile_id, options, ((), "", 0), bounds)
    # The colours that have uses, in the order of COLOURS (that of the runs), read in C.
    answers = tuple(map(_COLOUR.__getitem__, dict.fromkeys(map(_COLOUR_OF, options))))
    asked = new_place_workers(seat, tile_id, False, options, ((), "", 0), answers, bounds)
    return evolve(state, stack=state.stack[:-1] + (asked,), _moves=answers)


def _ask_exchange_number(
    state: KeyflowerState, seat: int, tile_id: str, options: tuple[Placement, ...], settled: Settled, bounds: FromBehind
) -> KeyflowerState:
    """The use of the exchange ``tile_id`` by one of the ``options`` from behind the screen, all
    of one colour (a run of numbers, each with its payments): the number asked if the run has
    several, else the payment."""
    first, last = options[0].number, options[-1].number
    if first == last:
        return _ask_payment(state, seat, tile_id, options, settled, bounds)
    answers = _COUNTS[first : last + 1]
    asked = new_place_workers(seat, tile_id, False, options, settled, answers, bounds)
    return evolve(state, stack=state.stack[:-1] + (asked,), _moves=answers)


def _ask_payment(
    state: KeyflowerState, seat: int, tile_id: str, options: tuple[Placement, ...], settled: Settled, bounds: FromBehind
) -> KeyflowerState:
    """The use of the exchange ``tile_id`` by one of the ``options`` from behind the screen, all
    of one colour and number: made if there is one, else its payment asked."""
    if len(options) == 1:
        return _place_workers(state, seat, tile_id, False, options[0])
    answers = tuple(map(_PAY.__getitem__, map(_PAYING_OF, options)))
    asked = new_place_workers(seat, tile_id, False, options, settled, answers, bounds)
    return evolve(state, stack=state.stack[:-1] + (asked,), _moves=answers)


def _resolve_exchange(state: KeyflowerState, pending: PlaceWorkers, move: Move, bounds: FromBehind) -> KeyflowerState:
    """:func:`resolve_placing` for a use of an exchange from behind the screen (see
    :func:`_ask_exchange`): the options that agree with ``move`` are read as a slice of those
    asked, not narrowed one by one."""
    seat, tile_id, options = pending.seat, pending.tile, pending.options
    if type(move) is Pay:  # one option per payment, in the order of the answers
        answers = pending.answers
        assert answers is not None
        return _place_workers(state, seat, tile_id, False, options[answers.index(move)])
    if type(move) is Count:
        # Every number but the last of the run has each payment: the options of the number
        # answered follow those of the numbers before it.
        per_number = len(bounds[2])
        start = (move.count - options[0].number) * per_number
        return _ask_payment(state, seat, tile_id, options[start : start + per_number], ((), pending.colour, move.count), bounds)
    assert isinstance(move, Colour)
    # The runs of the colours follow one another: the colour's is found in C.
    colours = [*map(_COLOUR_OF, options)]
    start = colours.index(move.colour)
    run = options[start : start + colours.count(move.colour)]
    return _ask_exchange_number(state, seat, tile_id, run, ((), move.colour, 0), bounds)


@cache
def _runs_each(most: int, screen: Pool) -> tuple[tuple[Placement, ...], tuple[Move, ...]]:
    """The runs of every colour from behind the ``screen`` of one to ``most`` workers (at an
    uncoloured hex: unused, its lot without bids), one after the other, and the colours whose
    run is not empty, asked in the order of :data:`COLOURS` (made once per case)."""
    # Each run read from its colour's table, written out colour by colour: a screen is often
    # new here (in about half the calls of a process's first dozen games, a quarter of its
    # first hundred), and this costs about 6k instructions where slicing each run out of its
    # colour's placements cost 8k, and a loop over the colours with a cached call for each 10k.
    blue, red, yellow, green = screen
    runs = (
        _BLUES_UP_TO[blue if blue < most else most],
        _REDS_UP_TO[red if red < most else most],
        _YELLOWS_UP_TO[yellow if yellow < most else most],
        _GREENS_UP_TO[green if green < most else most],
    )
    return runs[0] + runs[1] + runs[2] + runs[3], tuple(compress(_COLOUR_ANSWERS, runs))


def _ask_number(
    state: KeyflowerState,
    seat: int,
    tile_id: str,
    bid: bool,
    run: tuple[Placement, ...],
    settled: Settled,
    bounds: FromBehind,
) -> KeyflowerState:
    """The placement at the hex ``tile_id`` (a bid if ``bid``) of one of the ``run`` of numbers
    of workers of one colour from behind the screen, paying nothing: made if the run has one,
    else asked."""
    if len(run) == 1:
        return _place_workers(state, seat, tile_id, bid, run[0])
    answers = _COUNTS[run[0].number : run[-1].number + 1]
    asked = new_place_workers(seat, tile_id, bid, run, settled, answers, bounds)
    return evolve(state, stack=state.stack[:-1] + (asked,), _moves=answers)


#: The game's workers (40 blue, 40 red, 40 yellow, 20 green and the purple one: the components
#: refuse other counts): more than any placement has.
_WORKERS_IN_THE_BOX = 141

#: The answers placing each number of workers, by number, up to every worker of the box: a
#: run's answers are a slice of them (less than a cached call).
_COUNTS: tuple[Move, ...] = tuple([_COUNT[count] for count in range(_WORKERS_IN_THE_BOX + 1)])

#: The most workers of one colour in the box (see _WORKERS_IN_THE_BOX): the most a screen holds.
_MOST_OF_A_COLOUR = 40

#: The placements from behind the screen of 1 to every worker of each colour the box holds,
#: paying nothing, by colour position: the run of ``least`` to ``top`` workers of a colour (as
#: :func:`_from_behind` makes it) is their slice ``[least - 1 : top]``, which costs less than
#: the cached call.
_RUNS: tuple[tuple[Placement, ...], ...] = tuple(
    [tuple([Placement(colour, (), count, "") for count in range(1, _MOST_OF_A_COLOUR + 1)]) for colour in COLOURS]
)

#: The runs of one to each number of workers of each colour, by number (``[:top]`` of the
#: colour's entry of :data:`_RUNS`, made once: read where a screen is seldom seen twice).
_BLUES_UP_TO, _REDS_UP_TO, _YELLOWS_UP_TO, _GREENS_UP_TO = (
    tuple([run[:top] for top in range(_MOST_OF_A_COLOUR + 1)]) for run in _RUNS
)

#: The answers naming each colour, in the order of :data:`COLOURS`.
_COLOUR_ANSWERS: tuple[Move, ...] = tuple([_COLOUR[colour] for colour in COLOURS])


def _use_in_colours(state: KeyflowerState, seat: int, tile_id: str, placement: Placement) -> KeyflowerState:
    """:func:`_place_workers` for a use by workers of several colours (summer boat 4b, on a tile
    bid for or used: its users' or bidders' colour stands, the rest lie down): the outbid
    groups moved first, the rest from behind the screen."""
    placed = placed_workers(placement.colour)
    behind = placed
    lots = dict(state.lots)
    for lot_id in placement.moved:
        left, group = lots[lot_id].without_bid(seat)
        behind = behind.take(group.colour, group.count)
        lots[lot_id] = standing(state, lot_id, left)
    screens, secret = screens_without_all(state, seat, behind)
    tiles = state.tiles
    k = tile_positions(state)[tile_id]
    old = tiles[k]
    users = old.colour if old.colour is not None else lots[tile_id].colour
    assert users is not None, "workers of several colours go only where a colour stands"
    new = new_tile(tile_id, old.face, old.goods, old.workers.plus(placed), old.uses + (placement.number,), users, old.sheep)
    after = evolve(
        state,
        passes=0,
        screens=screens,
        secret=secret,
        lots=tuple(lots.items()),
        stack=state.stack[:-1] + (_NEXT_TURN[state.players][seat],),
        tiles=(*tiles[:k], new, *tiles[k + 1 :]),
    )
    face = face_of(after, new)
    assert face is not None
    return use_tile(after, seat, tile_id, face, placement.paying)


@cache
def _workers_added(workers: Pool, colour: str, count: int) -> Pool:
    """``workers`` with ``count`` more of ``colour``: the workers on a hex after a use, made
    once per value (few: a hex holds the workers of a season's few uses, and pools are
    immutable)."""
    return workers.add(colour, count)


def _place_workers(state: KeyflowerState, seat: int, tile_id: str, bid: bool, placement: Placement) -> KeyflowerState:
    """The placement done: the workers taken (the outbid groups moved first, the rest from
    behind the screen) and bid, or placed on the tile and the tile used; the next player's
    turn (below what the use asks). One copy of the state for all but the use's own changes."""
    colour, count = placement.colour, placement.number
    if MIXED in colour:
        return _use_in_colours(state, seat, tile_id, placement)
    positions = lot_positions(state)
    stack = state.stack
    if len(stack) == 1:  # the usual case: the turn alone (see resolve_turn)
        following = _NEXT_TURN_ALONE[state.players][seat]
    else:
        following = stack[:-1] + (_NEXT_TURN[state.players][seat],)
    if bid and not placement.moved:
        # The usual bid, every worker from behind the screen: one lot changes (no list of the
        # lots changed, nor of the groups moved).
        i = positions[tile_id]
        lots = [*state.lots]  # (a display: see .common.with_seat)
        bids = lots[i][1]
        lots[i] = (tile_id, bids.with_bid(seat, colour, count, off_colour=bids.colour is not None and colour != bids.colour))
        screens, secret = screens_without(state, seat, colour, count)
        after = evolve(state, passes=0, screens=screens, secret=secret, lots=tuple(lots), stack=following)
        keep_lot(after, state, i)
        return after
    lots = [*state.lots]  # (a display: see .common.with_seat)
    changed = []  # the positions of the lots whose bids change
    taken = 0
    for lot_id in placement.moved:
        i = positions[lot_id]
        left, group = lots[i][1].without_bid(seat)
        taken += group.count
        lots[i] = (lot_id, standing(state, lot_id, left))
        changed.append(i)
    screens, secret = screens_without(state, seat, colour, count - taken)
    i = positions[tile_id] if tile_id in positions else -1  # a read-only proxy: its get is slow
    lot = lots[i][1] if i >= 0 else None
    if bid:
        assert lot is not None
        off = lot.colour is not None and colour != lot.colour
        lots[i] = (tile_id, lot.with_bid(seat, colour, count, off_colour=off))
        changed.append(i)
        after = evolve(state, passes=0, screens=screens, secret=secret, lots=tuple(lots), stack=following)
        keep_lots(after, state, changed)
        return after
    if lot is not None and lot.colour is None:
        # Bidders on a tile must match the workers using it.
        lots[i] = (tile_id, lot.with_colour(colour))
        changed.append(i)
    tiles = state.tiles
    places = tile_positions(state)
    k = places[tile_id]
    old = tiles[k]
    # The first users of a tile bid for stand in the bidders' colour: workers of another (summer
    # boat 4b) lie down, and later users keep to the bids' colour.
    users = old.colour or (lot.colour if lot is not None and lot.colour is not None else colour)
    new = new_tile(tile_id, old.face, old.goods, _workers_added(old.workers, colour, count), old.uses + (count,), users, old.sheep)
    changed_tiles = [*tiles]  # (a display, one entry replaced: see .state.keep_tiles_used)
    changed_tiles[k] = new
    tiles = tuple(changed_tiles)
    after = evolve(
        state,
        passes=0,
        screens=screens,
        secret=secret,
        lots=tuple(lots) if changed else state.lots,
        stack=following,
        tiles=tiles,
    )
    face = keep_tiles_used(after, state, places, new, count)
    if changed:
        # The same lots in the same places: what is known of them carries over.
        keep_lots(after, state, changed)
    return use_tile(after, seat, tile_id, face, placement.paying)
