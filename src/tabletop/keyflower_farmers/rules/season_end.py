"""The end of a season (base rulebook, End of season; The Farmers' recommended
order, keyflower.md §7):

1. workers in losing bids go back behind their owners' screens;
2. season tiles nobody bid for leave the game, the workers on them go into the bag;
3. from the start player clockwise, each player takes the tiles they won with the workers on
   them; the winning bids go into the bag;
4. workers on tiles in each village go behind that village owner's screen;
5. boats are chosen in the order of the turn-order tiles won, then clockwise from the new start
   player by the others (:class:`ChooseBoat`); in winter, the boat tile itself and the
   turn-order tiles won join the villages; the winner of the purple tile becomes start
   player at once; with the cargo come the Farmers turn-order items and the summer-boat bonuses
   (boats 1 and 6); then the turn-order bids go into the bag, and if nobody won the purple tile
   the start player passes to the left (:class:`AfterBoats`);
6. animals breed (The Farmers; not after winter);
7. the won tiles join the villages, every shared side matching (:class:`PlaceTile`).
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial
from operator import add, mul
from typing import Any

from tabletop.keyflower_farmers.components import COLOURS, Items
from tabletop.keyflower_farmers.moves import Move, TakeBoat
from tabletop.keyflower_farmers.rules.common import EMPTY_PILE, LAID_OUT, boat_faces, has_ability, home_id, with_seat
from tabletop.keyflower_farmers.rules.production import give
from tabletop.keyflower_farmers.state import (
    AfterBoats,
    BeginSeason,
    COLOUR_INDEX,
    ChooseBoat,
    NO_RESOURCES,
    NO_SKILLS,
    NO_WORKERS,
    Cargo,
    KeyflowerState,
    PlaceTile,
    Skills,
    Tile,
    Village,
    Workers,
    bid_facts,
    boat_abilities,
    new_tile,
    owners,
)
from tabletop.kernel.auction import Lot
from tabletop.kernel.engine import evolve
from tabletop.kernel.pool import Pool
from tabletop.kernel.shared import Shared, shared
from tabletop.kernel.turns import next_seat, order_from

#: A pool made straight from counts known valid (see resolve_boat).
_tuple_new = tuple.__new__


def end_season(state: KeyflowerState) -> KeyflowerState:
    """Steps 1-4, in one copy of the state, then the boat choices asked on top of the rest
    (the Turn on top is replaced)."""
    # The workers going behind each seat's screen and into the bag, each group counted by
    # colour as the steps find it (a tile's pool, a bid's counts), summed once they are all
    # found: each screen and the bag change once, not once per group of workers. A screen is
    # summed with its groups colour by colour in one pass in C, as Pool.plus adds pools of
    # kinds without caps, but without its call or a total of the groups first.
    gained: list[list[Sequence[int]]] = [[] for _ in range(state.players)]
    bids = [0] * len(COLOURS)  # the winning bids for season tiles
    returned: list[Sequence[int]] = [bids]
    winter = state.season == 3
    winner_of, placed, lots, unbid, holder, order = _close_auctions(state, winter, gained, bids)
    tiles = _clear_tiles(state, winner_of, unbid, gained, returned)
    bagged = _total(returned)
    # The won season tiles wait (neither in a village nor up for auction) until step 7, each
    # seat's in the order of the lots from the start player clockwise; the last pushed is
    # placed first.
    placing: list[PlaceTile] = []
    for seat in order_from(state.start, state.players):
        placing += placed[seat]
    placing.reverse()
    return evolve(
        state,
        # The season's tiles not laid out go back to the box.
        season_piles=state.season_piles if winter else with_seat(state.season_piles, state.season, EMPTY_PILE),
        screens=tuple([_tuple_new(Workers, map(sum, zip(screen, *groups))) if groups else screen for screen, groups in zip(state.screens, gained)]),
        bag=state.bag.shuffle_in(_each_worker(bagged)) if any(bagged) else state.bag,
        tiles=tiles,
        lots=lots,
        stack=(
            *state.stack[:-1],
            shared(BeginSeason),
            *placing,
            shared(AfterBoats, holder is not None),
            shared(ChooseBoat, order[0], order[1:]),
        ),
    )


def _place_tile(tile_id: str, seat: int) -> PlaceTile:
    """The decision placing the hex ``tile_id`` in ``seat``'s village."""
    return PlaceTile(seat, tile_id)


#: The :class:`PlaceTile` of each hex for each seat, by seat, then hex id (made once per seat
#: and hex: a lookup by the hex alone, cheaper than ``shared``'s by all the arguments).
_PLACE_TILE: Shared[Shared[PlaceTile]] = Shared(partial(Shared, _place_tile))



def _close_auctions(
    state: KeyflowerState, winter: bool, gained: list[list[Sequence[int]]], bids: list[int]
) -> tuple[dict[str, int], list[list[PlaceTile]], tuple[tuple[str, Lot], ...], set[str], int | None, tuple[int, ...]]:
    """The bids of steps 1-3: the workers of losing bids go back behind their owners' screens
    (``gained``), the winning bids for season tiles go into the bag (counted by colour in
    ``bids``).
    The winner of each season tile won, the placings of the hexes each seat won that join its
    village at step 7 (in the order of the lots: the turn-order tiles too in winter), the
    turn-order lots with their winning bids left (which go into the bag once the boats are
    chosen), the season tiles nobody bid for, the winner of the purple turn-order tile
    (``None`` if nobody won it) and the order of the boat choices (see :func:`_boat_order`)."""
    winner_of = {}
    placed: list[list[PlaceTile]] = [[] for _ in range(state.players)]
    unbid = set()
    # Each lot's leader, as the turns have read them (see bid_facts): the bids themselves are
    # read only where some were outbid. The season tiles come first, then the turn-order
    # tiles in the order of their numbers (see KeyflowerState.lots), each kind read by a loop
    # of its own.
    lots, places = state.lots, bid_facts(state)[0]
    order_tiles = state.components.turn_order_for(state.players, state.farmers)
    split = len(lots) - len(order_tiles)
    for (tile_id, lot), (_, _, winner, count, colour, outbid) in zip(lots[:split], places[:split]):
        if winner < 0:
            unbid.add(tile_id)
            continue
        winner_of[tile_id] = winner
        placed[winner].append(_PLACE_TILE[winner][tile_id])
        if outbid:
            _outbid_back(lot, gained)
        bids[colour] += count
    order_lots = []
    # The holders of turn-order tiles, by tile number (each once), read as the lots are.
    holder = None
    order: list[int] = []
    for (tile_id, lot), (_, _, winner, _, _, outbid), (_, face) in zip(lots[split:], places[split:], order_tiles):
        if winner >= 0:
            if winter:
                placed[winner].append(_PLACE_TILE[winner][tile_id])
            if outbid:
                lot = _outbid_back(lot, gained)
            if face.purple:
                holder = winner
            if winner not in order:
                order.append(winner)
        order_lots.append((tile_id, lot))
    return winner_of, placed, tuple(order_lots), unbid, holder, _boat_order(state, holder, order)


def _outbid_back(lot: Lot, gained: list[list[Sequence[int]]]) -> Lot:
    """``lot`` with its winning bid alone, the workers of the others (counted by colour) in
    ``gained`` (they go back behind their owners' screens)."""
    leader = lot.leading_bid
    assert leader is not None
    for bid in lot.bids:
        if bid is not leader:
            counts = [0] * len(COLOURS)
            counts[COLOUR_INDEX[bid.colour]] = bid.count
            gained[bid.bidder].append(counts)
    return Lot((leader,), lot.colour)


def _clear_tiles(
    state: KeyflowerState, winner_of: dict[str, int], unbid: set[str], gained: list[list[Sequence[int]]], returned: list[Sequence[int]]
) -> tuple[Tile, ...]:
    """The workers on hexes, steps 2-4: those on season tiles nobody bid for go into the bag
    (``returned``) with the tiles to the box; those on won tiles behind the winner's
    screen, those on village tiles behind the village owner's (``gained``). The hexes left in
    play, emptied of workers."""
    emptied = []
    village_of = owners(state)  # (read once: most used hexes are in villages)
    for tile in state.tiles:
        if tile.id in unbid:
            if tile.uses:  # (most go unused: no workers on them)
                returned.append(tile.workers)
            continue
        if not tile.uses:  # unused this season: no workers on it (most hexes)
            emptied.append(tile)
            continue
        tile_id = tile.id
        # A hex won is no village's yet; the others used are in a village (none on a
        # turn-order tile).
        keeper = winner_of[tile_id] if tile_id in winner_of else village_of[tile_id]
        gained[keeper].append(tile.workers)
        if tile.face == 0 and tile.goods == NO_RESOURCES and not tile.sheep:
            emptied.append(LAID_OUT[tile_id])  # bare again, as it came into play (the commonest case)
        else:
            emptied.append(new_tile(tile_id, tile.face, tile.goods, NO_WORKERS, (), None, tile.sheep))
    return tuple(emptied)


def _total(groups: list[Sequence[int]]) -> Sequence[int]:
    """The workers of ``groups`` (each counted by colour), counted by colour: a single group
    is its own total (the bag's usual case: the winning bids alone), not summed again."""
    return groups[0] if len(groups) == 1 else list(map(sum, zip(*groups)))


def _each_worker(counts: Sequence[int]) -> tuple[str, ...]:
    """The colour of each worker of ``counts`` (by colour): each colour repeated its count
    (tuples of one colour repeated and joined in C, half the cost of a chain of repeats)."""
    return sum(map(mul, _ONE_OF_EACH, counts), ())


#: A worker of each colour, alone in a tuple (see :func:`_each_worker`).
_ONE_OF_EACH = tuple([(colour,) for colour in COLOURS])


def _boat_order(state: KeyflowerState, holder: int | None, holders: list[int]) -> tuple[int, ...]:
    """The order of the boat choices: the ``holders`` of turn-order tiles by tile number (each
    once), then the others clockwise from the new start player (the winner of the purple tile,
    ``holder``; the old one if nobody won it)."""
    start = holder if holder is not None else state.start
    for seat in order_from(start, state.players):
        if seat not in holders:
            holders.append(seat)
    return tuple(holders)


# --- step 5: the boats -------------------------------------------------------------------------


#: The move taking each boat (made once per boat).
_TAKE_BOAT = Shared(TakeBoat)


def boat_moves(state: KeyflowerState, pending: ChooseBoat) -> tuple[Move, ...]:
    return tuple([_TAKE_BOAT[cargo.boat] for cargo in state.boats if cargo.boat not in pending.taken])


def resolve_boat(state: KeyflowerState, pending: ChooseBoat, move: TakeBoat) -> KeyflowerState:
    """The seat takes the boat's workers and skills behind the screen, the items of the Farmers
    turn-order tiles they won, and their summer boats' bonuses; the winner of the purple tile
    becomes start player."""
    seat = pending.seat
    boat = move.boat
    boats = state.boats
    k = 0
    while boats[k].boat != boat:
        k += 1
    cargo = boats[k]
    then = pending.then
    stack = state.stack[:-1]
    if then:
        stack += (shared(ChooseBoat, then[0], then[1:], (*pending.taken, boat)),)
    changes: dict[str, Any] = {"boats": with_seat(boats, k, _EMPTIED[boat]), "stack": stack}
    # An empty load adds nothing (none carries anything in winter). A load is added count by
    # count in C, as Pool.plus adds pools of kinds without caps, but without its call.
    workers = cargo.workers
    if workers != NO_WORKERS:
        changes["screens"] = with_seat(state.screens, seat, _tuple_new(Workers, map(add, state.screens[seat], workers)))
    skills = cargo.skills
    if skills != NO_SKILLS:
        changes["skills"] = with_seat(state.skills, seat, _tuple_new(Skills, map(add, state.skills[seat], skills)))
        if state.open_information:
            # Variant B: "Tokens de habilidade podem ser mantidos de face para baixo se forem
            # recebidos de face para baixo": a boat's skills, received face up, lie face up.
            changes["open_skills"] = with_seat(state.open_skills, seat, state.open_skills[seat].plus(skills))
    if state.season == 3:
        # Winter: the boat tile itself joins the village (its cargo was taken in autumn).
        changes.update(
            tiles=(*state.tiles, LAID_OUT[boat]), boat_picks=(*state.boat_picks, seat), stack=(*stack, shared(PlaceTile, seat, boat))
        )
    # What comes with the pick, in the order given: the items of the Farmers turn-order tiles
    # the seat won, then their summer boats' bonuses (drawn after the winning bids are back in
    # the bag).
    items: Items = ()
    # The lots left are the turn-order tiles' (see _close_auctions), each with its winning bid
    # alone: a lot's first bid, if any, is its winner's. They are read in their order, by
    # number as at_boat_pick lists the tiles, and only those the seat won are looked for
    # there (no lookup of each tile's lot).
    picks = state.components.at_boat_pick(state.players, state.farmers)
    for tile_id, lot in state.lots:
        bids = lot.bids
        if bids and bids[0].bidder == seat:
            for picked, purple, gives in picks:
                if picked == tile_id:
                    if purple:
                        changes["start"] = seat
                    items += gives
    if not boat_abilities(state, seat).isdisjoint(BONUS_AT_BOAT_PICK):  # rare: a village without these boats gets none
        items += _boat_bonuses(state, seat)
    if not items:  # the usual pick
        return evolve(state, **changes)
    # Wheat, the commonest of these items, is given in the same copy: given one item at a time
    # or all at once, the seat gets as much as the supply holds of the total.
    wheat = 0
    others = []
    for pair in items:
        if pair[0] == "wheat":
            wheat += pair[1]
        else:
            others.append(pair)
    if wheat:
        supply = state.wheat_supply
        if wheat > supply:  # (a comparison: min's call costs more)
            wheat = supply
        changes["wheat"] = with_seat(state.wheat, seat, state.wheat[seat] + wheat)
        changes["wheat_supply"] = supply - wheat
    after = evolve(state, **changes)
    return give(after, seat, tuple(others), home_id(state, seat)) if others else after


#: Each boat emptied (its cargo taken: made once per boat).
_EMPTIED = Shared(Cargo)


#: Summer-boat abilities that give their items to the owner at each boat pick (boat 1: two
#: workers from the bag or a green one; boat 6: two wheat, or a pig and a sheep into fields of
#: the home hex). A set: most villages have none of these boats, and a set tested against the
#: empty set of such a village's abilities looks at nothing.
BONUS_AT_BOAT_PICK = frozenset(("boat_workers", "boat_green", "boat_wheat", "boat_animals"))


def _boat_bonuses(state: KeyflowerState, seat: int) -> Items:
    """The items ``seat``'s summer boats give at each of their boat picks."""
    return tuple([pair for face in boat_faces(state, seat) if face.ability in BONUS_AT_BOAT_PICK for pair in face.gives])


def after_boats(state: KeyflowerState, marker: AfterBoats) -> KeyflowerState:
    """Turn-order bids into the bag, the start player passed on if nobody won the purple tile,
    and breeding (not after winter); the won tiles are placed next (their decisions wait below)."""
    returned = []
    for _, lot in state.lots:
        for bid in lot.bids:
            returned += [bid.colour] * bid.count
    bag = state.bag.shuffle_in(returned) if returned else state.bag
    start = state.start if marker.purple_won else next_seat(state.start, state.players)
    # The marker answered (popped) in the same copy, with the newborns.
    if state.season < 3 and state.farmers:
        animals, villages = breed(state, start)
        return evolve(state, bag=bag, start=start, lots=(), stack=state.stack[:-1], animals=animals, villages=villages)
    return evolve(state, bag=bag, start=start, lots=(), stack=state.stack[:-1])


# --- step 6: breeding ---------------------------------------------------------------------------


def breed(state: KeyflowerState, start: int) -> tuple[Pool, tuple[Village, ...]]:
    """The animal supply and the villages once each field holding two or more animals of one
    type and no other gets one more of that type (with boat 5a, mixed fields breed too, each
    type of two or more). Newborns are handed out from the new start player ``start``
    clockwise while the supply lasts."""
    supply = state.animals
    villages = list(state.villages)
    for seat in order_from(start, state.players):
        village = villages[seat]
        if not village.animals:
            continue
        mixed = has_ability(state, seat, "boat_mixed_fields")
        before = supply
        fields = []
        for field, animals in village.animals:
            if max(animals) < 2:  # (the usual field: no pair to breed)
                fields.append((field, animals))
                continue
            kinds = [k for k, n in enumerate(animals) if n]
            for k in kinds:
                if animals[k] >= 2 and (mixed or len(kinds) == 1) and supply[k]:
                    animals = animals.add(k)
                    supply = supply.take(k)
            fields.append((field, animals))
        if supply is not before:  # newborns in this village
            villages[seat] = village.with_animals(tuple(fields))
    # No newborn anywhere: the villages as they were (what is known of them kept).
    return supply, state.villages if supply is state.animals else tuple(villages)

