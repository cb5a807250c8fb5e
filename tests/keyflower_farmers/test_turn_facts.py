"""The facts a state keeps for turns (and the owner of each hex), carried over and updated as
workers are placed and animals moved, are those read afresh from the position all through
random games; and a turn's quick listing (every worker behind the screen) and the bids read
from the facts are the general ones whenever the seat has no outbid group."""

import random

import pytest

from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers.rules.turns import _moves_with_groups, bids_at, outbid_groups, placements_at, turn_moves
from tabletop.keyflower_farmers.setup import setup
from tabletop.keyflower_farmers.state import Turn
from tabletop.kernel.engine import evolve
from tabletop.kernel.rng import Rng


def fresh(state):
    """``state`` with every fact derived from its fields forgotten (read again when asked)."""
    copy = evolve(state)
    for name in ("_tile_index", "_lot_index", "_owner_index", "_workable", "_outbid", "_summer_boats"):
        object.__setattr__(copy, name, None)
    return copy


def playout(players, seed, options, check):
    state = setup(players, Rng.from_seed(seed), OPTIONS.resolve(players, options))
    rnd = random.Random(seed)
    while not state.is_over:
        check(state)
        legal = state.legal_moves()
        # Placing more than passing, so that bids are outbid and tiles used up.
        active = [m for m in legal if str(m) not in ("pass", "stop", "offered")]
        state = state.apply(rnd.choice(active) if active and rnd.random() < 0.9 else rnd.choice(legal))


@pytest.mark.parametrize(
    ("players", "options"), [(2, {}), (3, {"open_information": True}), (4, {"first_game": True}), (5, {"farmers": False})]
)
def test_the_facts_kept_for_turns_are_those_of_the_position(players, options):
    counts = {"places": 0, "quick": 0, "groups": 0}

    def check(state):
        known = fresh(state)
        assert state.workable() == known.workable()
        assert dict(state.tile_positions()) == dict(known.tile_positions())
        assert dict(state.lot_positions()) == dict(known.lot_positions())
        assert state.bid_places() == known.bid_places()
        assert [state.owner(tile.id) for tile in state.tiles] == [known.owner(tile.id) for tile in known.tiles]
        counts["places"] += bool(state.lots)
        pending = state.pending
        if isinstance(pending, Turn):
            moves = turn_moves(state, pending)
            assert moves == turn_moves(known, pending)
            groups = outbid_groups(known, pending.seat)
            if groups:
                counts["groups"] += 1
            elif any(state.screens[pending.seat]):
                # The quick listing is the general one without groups to move.
                assert moves == _moves_with_groups(known, pending.seat, state.screens[pending.seat], ())
                counts["quick"] += 1
                # The bids read from the facts kept are the general ones without groups.
                for tile_id, lot in state.lots:
                    if any(str(move) == f"bid {tile_id}" for move in moves):
                        expected = bids_at(known, pending.seat, tile_id, lot, ())
                        assert placements_at(state, pending.seat, tile_id, True) == expected

    for seed in range(2):
        playout(players, seed + 3, options, check)
    assert counts["places"] > 100 and counts["quick"] > 50 and counts["groups"] > 0
