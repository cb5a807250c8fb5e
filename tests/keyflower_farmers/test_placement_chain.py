"""A placement from behind the screen, asked from its runs of numbers (each number with each
payment it leaves for an exchange:
:func:`~tabletop.keyflower_farmers.rules.turns._ask_from_behind`), asks the same questions
with the same options and ends in the same position as the general chain (every placement
listed, the options narrowed at each answer), for every location and every answer all
through random games."""

import random
from collections import Counter

import pytest

from tabletop.keyflower_farmers.moves import Bid, Use
from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers.rules.turns import _ask_from_behind, _go_on, placements_at, resolve_placing, resolve_turn
from tabletop.keyflower_farmers.setup import setup
from tabletop.keyflower_farmers.state import PlaceWorkers, Turn
from tabletop.kernel.rng import Rng


def same_chain(quick, general):
    """``quick`` (a position the runs made) and ``general`` agree, and so do the positions
    after each answer, to the end of the placement: the number of placements made, and of
    the questions asked for an exchange."""
    assert quick == general
    pending = quick.pending
    if not isinstance(pending, PlaceWorkers):
        return Counter(made=1)
    answers = quick.legal_moves()
    assert answers == general.legal_moves()
    other = general.pending
    assert pending.from_behind is not None and other.from_behind is None
    made = Counter(exchange=any(option.paying for option in pending.options))
    for answer in answers:
        made += same_chain(resolve_placing(quick, pending, answer), resolve_placing(general, other, answer))
    return made


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 5), (4, 7)])
def test_a_placement_from_behind_the_screen_is_the_general_one(players, seed):
    state = setup(players, Rng.from_seed(seed), OPTIONS.resolve(players, {}))
    rnd = random.Random(seed)
    chains = Counter()
    while not state.is_over:
        pending = state.pending
        legal = state.legal_moves()
        if isinstance(pending, Turn):
            for move in legal:
                bid = isinstance(move, Bid)
                if not isinstance(move, Bid | Use) or _ask_from_behind(state, pending.seat, move.tile, bid) is None:
                    continue
                options = placements_at(state, pending.seat, move.tile, bid)
                general = _go_on(state, pending.seat, (move.tile, bid), options, ((), "", 0))
                chains += same_chain(resolve_turn(state, pending, move), general)
        state = state.apply(rnd.choice(legal))
    assert chains["made"] > 100
    assert chains["exchange"] > 100
