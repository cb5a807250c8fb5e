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

from itertools import chain, repeat
from typing import Any

from tabletop.keyflower_farmers.components import COLOURS, Items
from tabletop.keyflower_farmers.moves import Move, TakeBoat
from tabletop.keyflower_farmers.rules.common import boat_faces, has_ability, home_id, laid_out, with_seat
from tabletop.keyflower_farmers.rules.production import give
from tabletop.keyflower_farmers.state import (
    AfterBoats,
    BeginSeason,
    ChooseBoat,
    NO_SKILLS,
    NO_WORKERS,
    Cargo,
    KeyflowerState,
    PlaceTile,
    Tile,
    Village,
    lot_of,
    new_tile,
)
from tabletop.kernel.auction import Lot
from tabletop.kernel.engine import evolve
from tabletop.kernel.pile import Pile
from tabletop.kernel.pool import Pool
from tabletop.kernel.shared import Shared, shared
from tabletop.kernel.turns import next_seat, order_from


def end_season(state: KeyflowerState) -> KeyflowerState:
    """Steps 1-4, in one copy of the state, then the boat choices asked on top of the rest
    (the Turn on top is replaced)."""
    screens = list(state.screens)  # workers go back behind them
    lots = _return_losing_bids(state, screens)
    won = _winners(lots)
    tiles, returned = _discard_unbid_tiles(state, lots)
    tiles = _collect_workers(state, tiles, won, screens)
    # The winning season bids go into the bag with the workers of the discarded tiles.
    for tile_id, lot in lots:
        if not tile_id.startswith("order"):
            returned += _bid_workers(lot)
    purple = _purple_tile(state)
    holder = dict(won).get(purple) if purple is not None else None
    order = _boat_order(state, won, holder)
    # The won season tiles wait (neither in a village nor up for auction) until step 7; the
    # last pushed is placed first.
    winter = state.season == 3
    placing = [
        shared(PlaceTile, seat, tile_id)
        for seat in reversed(order_from(state.start, state.players))
        for tile_id, winner in reversed(won)
        if winner == seat and (winter or not tile_id.startswith("order"))
    ]
    return evolve(
        state,
        # The season's tiles not laid out go back to the box.
        season_piles=state.season_piles if winter else with_seat(state.season_piles, state.season, Pile()),
        screens=tuple(screens),
        bag=state.bag.shuffle_in(returned) if returned else state.bag,
        tiles=tiles,
        lots=tuple([pair for pair in lots if pair[0].startswith("order")]),
        stack=(
            *state.stack[:-1],
            shared(BeginSeason),
            *placing,
            shared(AfterBoats, holder is not None),
            shared(ChooseBoat, order[0], order[1:]),
        ),
    )


def _return_losing_bids(state: KeyflowerState, screens: list[Pool]) -> tuple[tuple[str, Lot], ...]:
    """Step 1: the workers of losing bids go back behind their owners' ``screens``; the lots
    with their winning bids left."""
    lots = []
    for tile_id, lot in state.lots:
        for group in lot.losing():
            screens[group.bidder] = screens[group.bidder].add(group.colour, group.count)
            lot, _ = lot.without_bid(group.bidder)
        lots.append((tile_id, lot))
    return tuple(lots)


def _discard_unbid_tiles(state: KeyflowerState, lots: tuple[tuple[str, Lot], ...]) -> tuple[tuple[Tile, ...], list[str]]:
    """Step 2: season tiles without a bid go to the box: the hexes left in play, and the
    workers on the discarded ones, which go into the bag."""
    unbid = {tile_id for tile_id, lot in lots if not lot.bids and not tile_id.startswith("order")}
    if not unbid:
        return state.tiles, []
    returned = [worker for tile in state.tiles if tile.id in unbid for worker in _each_worker(tile.workers)]
    return tuple([t for t in state.tiles if t.id not in unbid]), returned


def _bid_workers(lot: Lot) -> list[str]:
    """The colour of each worker bid around ``lot``."""
    workers = []
    for group in lot.bids:
        workers += [group.colour] * group.count
    return workers


def _each_worker(workers: Pool) -> tuple[str, ...]:
    """The colour of each worker in ``workers``: each colour repeated its count."""
    return tuple(chain.from_iterable(map(repeat, COLOURS, workers)))


def _winners(lots: tuple[tuple[str, Lot], ...]) -> tuple[tuple[str, int], ...]:
    """Each lot with a bid and its winner."""
    out = []
    for tile_id, lot in lots:
        leader = lot.leader
        if leader is not None:
            out.append((tile_id, leader))
    return tuple(out)


def _collect_workers(
    state: KeyflowerState, tiles: tuple[Tile, ...], won: tuple[tuple[str, int], ...], screens: list[Pool]
) -> tuple[Tile, ...]:
    """Steps 3 and 4: the workers on won tiles go behind the winner's screen, those on
    village tiles behind the village owner's (``screens``): the hexes emptied of them."""
    winner_of = dict(won)
    emptied = []
    for tile in tiles:
        if not tile.uses:  # unused this season: no workers on it (most hexes)
            emptied.append(tile)
            continue
        owner = state.owner(tile.id)
        keeper = winner_of.get(tile.id) if owner is None else owner
        if keeper is not None:
            screens[keeper] = screens[keeper].plus(tile.workers)
        emptied.append(new_tile(tile.id, tile.face, tile.goods, NO_WORKERS, (), None, tile.sheep))
    return tuple(emptied)


def _purple_tile(state: KeyflowerState) -> str | None:
    """The turn-order tile showing the purple start-player worker (the highest in play)."""
    for tile, face in state.components.turn_order_for(state.players, state.farmers):
        if face.purple:
            return f"order{tile.number}"
    return None


def _boat_order(state: KeyflowerState, won: tuple[tuple[str, int], ...], holder: int | None) -> tuple[int, ...]:
    """Holders of turn-order tiles by tile number (each once), then the others clockwise from
    the new start player (the old one if nobody won the purple tile)."""
    order: list[int] = []
    for tile_id, winner in sorted((pair for pair in won if pair[0].startswith("order")), key=lambda p: int(p[0][5:])):
        if winner not in order:
            order.append(winner)
    start = holder if holder is not None else state.start
    order += [seat for seat in order_from(start, state.players) if seat not in order]
    return tuple(order)


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
    k = next(k for k, cargo in enumerate(state.boats) if cargo.boat == move.boat)
    cargo = state.boats[k]
    if pending.then:
        stack = (*state.stack[:-1], shared(ChooseBoat, pending.then[0], pending.then[1:], (*pending.taken, move.boat)))
    else:
        stack = state.stack[:-1]
    changes: dict[str, Any] = {"boats": with_seat(state.boats, k, shared(Cargo, move.boat)), "stack": stack}  # emptied
    # (an empty load adds nothing: most boats carry no skill tile, and none carries anything in winter)
    if cargo.workers != NO_WORKERS:
        changes["screens"] = with_seat(state.screens, seat, state.screens[seat].plus(cargo.workers))
    if cargo.skills != NO_SKILLS:
        changes["skills"] = with_seat(state.skills, seat, state.skills[seat].plus(cargo.skills))
    if state.season == 3:
        # Winter: the boat tile itself joins the village (its cargo was taken in autumn).
        changes.update(
            tiles=(*state.tiles, laid_out(move.boat)), boat_picks=(*state.boat_picks, seat), stack=(*stack, shared(PlaceTile, seat, move.boat))
        )
    gifts = []  # the items of the Farmers turn-order tiles the seat won
    for tile, face in state.components.turn_order_for(state.players, state.farmers):
        if tile.gives or face.purple:
            lot = lot_of(state, f"order{tile.number}")
            if lot is not None and lot.leader == seat:
                if face.purple:
                    changes["start"] = seat
                if tile.gives:
                    gifts.append(tile.gives)
    items = _boat_bonuses(state, seat, gifts)
    # Wheat, the commonest of these items, is given in the same copy: given one item at a time
    # or all at once, the seat gets as much as the supply holds of the total.
    wheat = sum([n for item, n in items if item == "wheat"])
    if wheat:
        wheat = min(wheat, state.wheat_supply)
        changes["wheat"] = with_seat(state.wheat, seat, state.wheat[seat] + wheat)
        changes["wheat_supply"] = state.wheat_supply - wheat
        items = tuple([pair for pair in items if pair[0] != "wheat"])
    after = evolve(state, **changes)
    return give(after, seat, items, home_id(state, seat)) if items else after


#: Summer-boat abilities that give their items to the owner at each boat pick (boat 1: two
#: workers from the bag or a green one; boat 6: two wheat, or a pig and a sheep into fields of
#: the home hex).
BONUS_AT_BOAT_PICK = ("boat_workers", "boat_green", "boat_wheat", "boat_animals")


def _boat_bonuses(state: KeyflowerState, seat: int, gifts: list[Items]) -> Items:
    """What comes with a boat pick, in the order given: the items of the Farmers turn-order
    tiles the seat won (``gifts``), and their summer boats' bonuses (drawn after the winning
    bids are back in the bag)."""
    items = [pair for gives in gifts for pair in gives]
    for face in boat_faces(state, seat):
        if face.ability in BONUS_AT_BOAT_PICK:
            items += face.gives
    return tuple(items)


def after_boats(state: KeyflowerState, marker: AfterBoats) -> KeyflowerState:
    """Turn-order bids into the bag, the start player passed on if nobody won the purple tile,
    and breeding (not after winter); the won tiles are placed next (their decisions wait below)."""
    returned = []
    for _, lot in state.lots:
        returned += _bid_workers(lot)
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
        mixed = has_ability(state, seat, "boat_mixed_fields")
        village = villages[seat]
        fields = []
        for field, animals in village.animals:
            kinds = [k for k, n in enumerate(animals) if n]
            for k in kinds:
                if animals[k] >= 2 and (mixed or len(kinds) == 1) and supply[k]:
                    animals = animals.add(k)
                    supply = supply.take(k)
            fields.append((field, animals))
        villages[seat] = village.with_animals(tuple(fields))
    return supply, tuple(villages)

