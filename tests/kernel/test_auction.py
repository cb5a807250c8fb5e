"""Open auctions with coloured workers."""

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.kernel.auction import AuctionError, Bid, Lot


def test_the_first_bid_may_be_any_colour_and_sets_the_lot_colour():
    lot = Lot().with_bid(0, "green", 1)
    assert lot.colour == "green"
    assert lot.leader == 0 and lot.highest == 1


def test_later_bids_must_match_the_colour():
    lot = Lot().with_bid(0, "red", 1)
    assert "in red" in lot.refusal(1, "blue", 2)
    with pytest.raises(AuctionError):
        lot.with_bid(1, "blue", 2)


def test_a_new_bid_must_be_larger_than_the_highest():
    lot = Lot().with_bid(0, "red", 2)
    with pytest.raises(AuctionError):
        lot.with_bid(1, "red", 2)
    lot = lot.with_bid(1, "red", 3)
    assert lot.leader == 1
    assert [b.bidder for b in lot.losing()] == [0]


def test_adding_to_ones_own_bid_must_make_it_the_winning_bid():
    lot = Lot().with_bid(0, "red", 2).with_bid(1, "red", 3)
    assert lot.fewest_to_add(0) == 2
    with pytest.raises(AuctionError):
        lot.with_bid(0, "red", 1)
    lot = lot.with_bid(0, "red", 2)
    assert lot.bid_of(0) == Bid(0, "red", 4)
    assert lot.leader == 0


def test_the_leader_may_add_to_a_winning_bid():
    lot = Lot().with_bid(0, "red", 2)
    assert lot.fewest_to_add(0) == 1
    assert lot.with_bid(0, "red", 1).highest == 3


def test_an_outbid_group_is_taken_back_whole_and_the_leader_cannot_withdraw():
    lot = Lot().with_bid(0, "yellow", 2).with_bid(1, "yellow", 3)
    after, group = lot.without_bid(0)
    assert group == Bid(0, "yellow", 2)
    assert after.bids == (Bid(1, "yellow", 3),)
    assert after.colour == "yellow"
    with pytest.raises(AuctionError):
        lot.without_bid(1)
    with pytest.raises(AuctionError):
        lot.without_bid(2)


def test_the_game_may_fix_the_colour_before_any_bid():
    lot = Lot().with_colour("blue")
    with pytest.raises(AuctionError):
        lot.with_bid(0, "red", 1)
    with pytest.raises(AuctionError):
        Lot().with_bid(0, "red", 1).with_colour("blue")


def test_a_bid_adds_at_least_one_worker():
    assert Lot().refusal(0, "red", 0)


@given(st.lists(st.tuples(st.integers(0, 3), st.integers(1, 4)), max_size=30))
def test_bids_are_never_tied_and_the_leader_holds_the_highest(moves):
    lot = Lot()
    for bidder, count in moves:
        if not lot.refusal(bidder, "red", count):
            lot = lot.with_bid(bidder, "red", count)
        elif lot.bid_of(bidder) is not None and lot.leader != bidder:
            lot, _ = lot.without_bid(bidder)
        counts = sorted((b.count for b in lot.bids), reverse=True)
        assert len(counts) < 2 or counts[0] > counts[1]
        if lot.bids:
            assert lot.bid_of(lot.leader).count == lot.highest
        assert len({b.bidder for b in lot.bids}) == len(lot.bids)


def test_an_off_colour_bid_leaves_the_lot_colour_and_must_beat_the_highest():
    lot = Lot().with_bid(0, "red", 2)
    assert lot.refusal(1, "green", 2, off_colour=True)  # does not beat 2
    lot = lot.with_bid(1, "green", 3, off_colour=True)
    assert lot.colour == "red" and lot.leader == 1
    assert lot.bid_of(1) == Bid(1, "green", 3)
    assert lot.refusal(1, "red", 1)  # a bidder's bid keeps one colour
    assert lot.refusal(2, "red", 1, off_colour=True)  # off-colour means another colour
    assert not lot.refusal(0, "red", 2)  # the others still bid red


def test_a_bidder_bid_keeps_one_colour():
    lot = Lot().with_bid(0, "red", 1).with_bid(1, "red", 2)
    assert "bid on this lot is in red" in lot.refusal(0, "blue", 3)


def test_the_lots_and_bids_made_by_the_operations_are_the_constructed_ones():
    # The operations build their results without __init__ (the hot path): the values must be
    # those the constructors give, equal and hashing alike.
    lot = Lot().with_bid(0, "red", 2).with_bid(1, "red", 3)
    assert lot == Lot((Bid(0, "red", 2), Bid(1, "red", 3)), "red")
    assert hash(lot) == hash(Lot((Bid(0, "red", 2), Bid(1, "red", 3)), "red"))
    left, group = lot.without_bid(0)
    assert (left, group) == (Lot((Bid(1, "red", 3),), "red"), Bid(0, "red", 2))
    assert Lot().with_colour("blue") == Lot((), "blue")
    assert lot.with_bid(0, "red", 2).bids[0] == Bid(0, "red", 4)


_COLOURS = st.sampled_from(["red", "blue", "green"])


@given(
    st.lists(st.tuples(st.integers(0, 2), _COLOURS, st.integers(1, 4), st.booleans()), max_size=6),
    st.integers(0, 3),
    _COLOURS,
    st.integers(-1, 5),
    st.booleans(),
)
def test_a_bid_is_placed_exactly_when_refusal_finds_nothing_to_refuse(earlier, bidder, colour, count, off_colour):
    # with_bid checks a bid on its own (the hot path) rather than through refusal: both must
    # agree on every bid, and a refused bid raises with refusal's reason.
    lot = Lot()
    for who, bid_colour, bid_count, off in earlier:
        if not lot.refusal(who, bid_colour, bid_count, off_colour=off):
            lot = lot.with_bid(who, bid_colour, bid_count, off_colour=off)
    why = lot.refusal(bidder, colour, count, off_colour=off_colour)
    if why:
        with pytest.raises(AuctionError, match=re.escape(why)):
            lot.with_bid(bidder, colour, count, off_colour=off_colour)
    else:
        after = lot.with_bid(bidder, colour, count, off_colour=off_colour)
        assert after.bid_of(bidder).count == count + (0 if lot.bid_of(bidder) is None else lot.bid_of(bidder).count)


def test_own_and_best_are_the_bidders_bid_and_the_best_other() -> None:
    lot = Lot().with_bid(0, "red", 2).with_bid(1, "red", 3).with_bid(2, "red", 4)
    assert lot.own_and_best(1) == (lot.bid_of(1), lot.best_other(1)) == (Bid(1, "red", 3), 4)
    assert lot.own_and_best(3) == (None, 4)
    assert Lot().own_and_best(0) == (None, 0)


def test_bids_of_the_same_value_are_one_instance_and_stay_apart_by_bidder():
    first = Lot().with_bid(0, "red", 2)
    again = Lot().with_bid(0, "red", 2)
    assert first.bids[0] is again.bids[0]
    lot = first.with_bid(1, "red", 3).with_bid(0, "red", 2)
    assert lot.bid_of(0) == Bid(0, "red", 4) and lot.bid_of(1) == Bid(1, "red", 3)
    after, group = lot.without_bid(1)
    assert group == Bid(1, "red", 3) and after.bids == (Bid(0, "red", 4),)


def test_the_leading_bid_is_the_largest_and_its_bidder_the_leader():
    assert Lot().leading_bid is None and Lot().leader is None
    lot = Lot().with_bid(0, "red", 1).with_bid(1, "red", 3).with_bid(2, "red", 4)
    assert lot.leading_bid == Bid(2, "red", 4)
    assert lot.leader == 2
