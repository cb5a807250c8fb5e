"""Winter (base rulebook, Start of season and End of season b; The Farmers' clarifications):
each player secretly chooses one or more of their dealt winter tiles to offer (no maximum); the
offered tiles are laid out together, the rest go back to the box; no boat is loaded. At the end
of winter, each holder of turn-order tiles takes those tiles and a boat tile, the others take
the remaining boats; these hexes join the villages with the won winter tiles, and the game ends.
"""

from __future__ import annotations

from itertools import chain, repeat

from tabletop.keyflower_farmers.moves import Move, Offer, Offered
from tabletop.keyflower_farmers.rules.common import EMPTY_PILE, LAID_OUT, with_seat
from tabletop.keyflower_farmers.state import NO_BIDS, KeyflowerState, OfferWinter, RevealWinter, Turn
from tabletop.kernel.engine import evolve, pop
from tabletop.kernel.shared import Shared, shared
from tabletop.kernel.turns import order_from


def begin_winter(state: KeyflowerState, order: tuple[str, ...]) -> KeyflowerState:
    """The turn-order tiles up for auction again; the offers asked from the start player on,
    then revealed, then the start player's turn (the marker on top is replaced)."""
    # The decisions put on the stack in the same copy, the start player's offer on top (each
    # decision shared: kernel shared(), made once per seat).
    offers = [shared(OfferWinter, seat) for seat in reversed(order_from(state.start, state.players)) if state.winter_hands[seat]]
    return evolve(
        state,
        season=3,
        passes=0,
        lots=tuple([(tile_id, NO_BIDS) for tile_id in order]),
        stack=(*state.stack[:-1], shared(Turn, state.start), _REVEAL, *offers),
    )


#: The marker revealing the winter tiles offered (made once).
_REVEAL = RevealWinter()


#: The move offering each winter tile, and the one saying the offer is done (made once).
_OFFER = Shared(Offer)
_OFFERED = Offered()


def offer_moves(state: KeyflowerState, pending: OfferWinter) -> tuple[Move, ...]:
    hand = map(_OFFER.__getitem__, state.winter_hands[pending.seat])
    return (*hand, _OFFERED) if state.winter_offers[pending.seat] else tuple(hand)


def resolve_offer(state: KeyflowerState, pending: OfferWinter, move: Move) -> KeyflowerState:
    seat = pending.seat
    if isinstance(move, Offered):
        return pop(state)
    assert isinstance(move, Offer)
    hand = tuple([code for code in state.winter_hands[seat] if code != move.code])
    offers = tuple(sorted((*state.winter_offers[seat], move.code)))
    return evolve(
        state,
        winter_hands=with_seat(state.winter_hands, seat, hand),
        winter_offers=with_seat(state.winter_offers, seat, offers),
        # The decision answered once no tile is left to offer (in the same copy).
        stack=state.stack if hand else state.stack[:-1],
    )


def reveal_winter(state: KeyflowerState) -> KeyflowerState:
    """Every offered tile up for auction, in an order that does not tell who offered it."""
    offered = sorted(chain.from_iterable(state.winter_offers))
    return evolve(
        state,
        tiles=(*state.tiles, *map(LAID_OUT.__getitem__, offered)),
        lots=(*zip(offered, repeat(NO_BIDS)), *state.lots),
        # The tiles not offered, and those never dealt, go back to the box.
        winter_hands=((),) * state.players,
        winter_offers=((),) * state.players,
        winter_deck=EMPTY_PILE,
        season_piles=(*state.season_piles[:3], EMPTY_PILE),
        stack=state.stack[:-1],  # the marker answered in the same copy
    )

