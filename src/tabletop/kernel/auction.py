"""Open auctions with coloured workers: each bidder's bid on a lot is a group of workers of one colour.

The rules this module keeps, common to worker-bidding games:

* a lot has a *colour* once anyone has bid on it (or once the game says so, e.g. because a worker
  was placed on it for another purpose): every later bid on it must be of that colour;
* each bidder has at most one bid per lot, a group of workers that moves as one;
* a new bid, or a bidder adding workers to their own bid, must make that bidder's total larger
  than every other bid on the lot: the leader's workers can only grow;
* a bid that is no longer the highest (it was *outbid*) may be taken back whole, to be placed
  elsewhere; the leading bid may not.

A :class:`Lot` is immutable; every operation returns a new one. Which lots exist, where workers
come from and where taken-back groups may go are the game's to say.
"""

from __future__ import annotations

import attrs


class AuctionError(ValueError):
    """A bid the auction rules refuse."""


@attrs.frozen
class Bid:
    """One bidder's workers on a lot: ``count`` workers of ``colour``."""

    bidder: int
    colour: str
    count: int


@attrs.frozen
class Lot:
    """The bids on one lot, in the order the bidders first bid, and the colour bids must have
    (``None`` while nobody has bid and the game has set none)."""

    bids: tuple[Bid, ...] = ()
    colour: str | None = None

    @property
    def highest(self) -> int:
        """The size of the largest bid (0 without bids)."""
        return max((bid.count for bid in self.bids), default=0)

    @property
    def leader(self) -> int | None:
        """The bidder with the largest bid (bids are never tied: each must beat the others)."""
        leading = self.leading_bid
        return None if leading is None else leading.bidder

    @property
    def leading_bid(self) -> Bid | None:
        """The largest bid (``None`` if there is none)."""
        if not self.bids:
            return None
        leader = self.bids[0]
        for bid in self.bids:  # a loop rather than max with a key: read at every season's end
            if bid.count > leader.count:
                leader = bid
        return leader

    def bid_of(self, bidder: int) -> Bid | None:
        for bid in self.bids:
            if bid.bidder == bidder:
                return bid
        return None

    def losing(self) -> tuple[Bid, ...]:
        """Every bid but the leader's."""
        if len(self.bids) < 2:  # the usual case (read for every lot at a season's end): none
            return ()
        leader = self.leader
        return tuple([bid for bid in self.bids if bid.bidder != leader])

    def best_other(self, bidder: int) -> int:
        """The largest bid of anyone but ``bidder`` (0 if none)."""
        best = 0
        for bid in self.bids:
            if bid.bidder != bidder and bid.count > best:
                best = bid.count
        return best

    def own_and_best(self, bidder: int) -> tuple[Bid | None, int]:
        """``bidder``'s own bid (``None`` if none) and the largest bid of anyone else (0 if
        none), found in one pass (a bid is judged against both)."""
        own = None
        best = 0
        for bid in self.bids:
            if bid.bidder == bidder:
                own = bid
            elif bid.count > best:
                best = bid.count
        return own, best

    def fewest_to_add(self, bidder: int) -> int:
        """The fewest workers ``bidder`` may add so that their total beats every other bid."""
        own = self.bid_of(bidder)
        have = own.count if own is not None else 0
        return max(1, self.best_other(bidder) + 1 - have)

    def refusal(self, bidder: int, colour: str, count: int, *, off_colour: bool = False) -> str:
        """Why adding ``count`` workers of ``colour`` to ``bidder``'s bid is refused (``""`` if
        it is allowed). ``off_colour``: a game's exception lets this bid be of another colour
        than the lot's (the lot keeps its colour); the bidder's own bid keeps one colour."""
        return self._refusal(bidder, self.bid_of(bidder), colour, count, off_colour)

    def _refusal(self, bidder: int, own: Bid | None, colour: str, count: int, off_colour: bool) -> str:
        """:meth:`refusal`, ``bidder``'s own bid (``own``) found already."""
        if count < 1:
            return "a bid adds at least one worker"
        if own is not None and own.colour != colour:
            return f"seat {bidder}'s bid on this lot is in {own.colour}, not {colour}"
        if not off_colour and self.colour is not None and colour != self.colour:
            return f"every bid on this lot is in {self.colour}, not {colour}"
        if off_colour and colour == self.colour:
            return f"an off-colour bid is not in the lot's colour {colour}"
        best = self.best_other(bidder)
        need = max(1, best + 1 - (own.count if own is not None else 0))  # fewest_to_add
        if count < need:
            return f"the bid must beat {best} workers: add at least {need}"
        return ""

    def with_bid(self, bidder: int, colour: str, count: int, *, off_colour: bool = False) -> Lot:
        """The lot after ``bidder`` adds ``count`` workers of ``colour`` to their bid (opening
        one if they had none); :class:`AuctionError` if the rules refuse it. An ``off_colour``
        bid (see :meth:`refusal`) leaves the lot's colour as it was."""
        lot_colour = self.colour
        if not self.bids and not off_colour and count > 0 and (lot_colour is None or lot_colour == colour):
            # The first bid on a lot (the usual bid): one lot per value, made the first time it
            # is asked for (lots are immutable, and first bids few: see _bid).
            key = (bidder, colour, count)
            opened = _OPENED.get(key)
            if opened is None:
                opened = _OPENED[key] = _lot((_bid(bidder, colour, count),), colour)
            return opened
        # The bidder's own bid and the best of the others, in one pass (the hot path of a game
        # bidding workers: :meth:`refusal` finds them again only to say why a bid is refused),
        # as own_and_best finds them, written out: a call fewer.
        own = None
        best = 0
        for bid in self.bids:
            if bid.bidder == bidder:
                own = bid
            elif bid.count > best:
                best = bid.count
        if own is None:
            allowed = count > best and (lot_colour != colour if off_colour else lot_colour is None or lot_colour == colour)
        else:
            allowed = (
                count >= 1
                and own.count + count > best
                and own.colour == colour
                and (lot_colour != colour if off_colour else lot_colour is None or lot_colour == colour)
            )
        if not allowed:
            raise AuctionError(self._refusal(bidder, own, colour, count, off_colour))
        if own is None:
            bids = self.bids + (_bid(bidder, colour, count),)
        else:
            bids = tuple([_bid(bidder, colour, b.count + count) if b is own else b for b in self.bids])
        # _lot written out: a call fewer.
        lot = _new(Lot)
        _set_bids(lot, bids)
        _set_lot_colour(lot, lot_colour if off_colour else colour)
        return lot

    def without_bid(self, bidder: int) -> tuple[Lot, Bid]:
        """The lot after ``bidder`` takes back their outbid group whole, and that group;
        :class:`AuctionError` if they have no bid or lead the auction."""
        own = self.bid_of(bidder)
        if own is None:
            raise AuctionError(f"seat {bidder} has no bid on this lot")
        if self.leader == bidder:
            raise AuctionError("the leading bid cannot be taken back")
        return _lot(tuple([b for b in self.bids if b is not own]), self.colour), own

    def with_colour(self, colour: str) -> Lot:
        """The lot once the game fixes its colour (e.g. a worker of ``colour`` was placed on it);
        a lot already of another colour raises :class:`AuctionError`."""
        if self.colour is not None and self.colour != colour:
            raise AuctionError(f"this lot is already {self.colour}, not {colour}")
        return _lot(self.bids, colour)


# The slots of bids and lots, set directly by :func:`_bid` and :func:`_lot` (and Lot.with_bid).
_new = object.__new__
_set_bidder = vars(Bid)["bidder"].__set__
_set_colour = vars(Bid)["colour"].__set__
_set_count = vars(Bid)["count"].__set__
_set_bids = vars(Lot)["bids"].__set__
_set_lot_colour = vars(Lot)["colour"].__set__


def _bid(bidder: int, colour: str, count: int) -> Bid:
    """``Bid(bidder, colour, count)``, one instance per value, made the first time it is asked
    for without the call of ``__init__`` (a bid is made at every placement of a game bidding
    workers, the hot path; bids are immutable, and a game has few: its seats, colours and
    workers)."""
    key = (bidder, colour, count)
    bid = _BIDS.get(key)
    if bid is None:
        bid = _BIDS[key] = object.__new__(Bid)
        _set_bidder(bid, bidder)
        _set_colour(bid, colour)
        _set_count(bid, count)
    return bid


#: The bids made by :func:`_bid`, by value.
_BIDS: dict[tuple[int, str, int], Bid] = {}


#: The lots after a first bid, made by :meth:`Lot.with_bid`, by the bid's value (the lot's
#: colour is the bid's).
_OPENED: dict[tuple[int, str, int], Lot] = {}


def _lot(bids: tuple[Bid, ...], colour: str | None) -> Lot:
    """``Lot(bids, colour)`` without the call of ``__init__`` (see :func:`_bid`)."""
    lot: Lot = object.__new__(Lot)
    _set_bids(lot, bids)
    _set_lot_colour(lot, colour)
    return lot
