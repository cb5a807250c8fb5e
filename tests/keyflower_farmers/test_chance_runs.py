"""The sampled mode's shortcuts for random events that come in runs (``ChanceDecision.run``):
workers drawn from the bag, skill tiles drawn, season tiles laid out and winter tiles dealt,
several at a time, in one copy. Each must reach the very state and generator that sampling and
resolving the events one by one (settling between them) reaches."""

import random

import pytest

from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers.setup import setup
from tabletop.keyflower_farmers.state import DealWinter, DrawSeasonTile, DrawSkill, DrawWorker
from tabletop.kernel.engine import evolve
from tabletop.kernel.rng import Rng

from chance_runs import assert_run_reaches_one_by_one

RUNS = (DrawWorker, DrawSkill, DrawSeasonTile, DealWinter)


@pytest.mark.parametrize(
    "players, options",
    [(3, {}), (2, {"open_information": True}), (4, {"first_game": True}), (5, {"farmers": False}), (6, {})],
)
def test_each_run_reaches_what_resolving_event_by_event_reaches(players, options):
    chooser = random.Random(players)
    state = setup(players, Rng.from_seed(players), OPTIONS.resolve(players, {**options, "chance": "explicit"}))
    checked = dict.fromkeys(RUNS, 0)
    while not state.is_over:
        kind = type(state.pending)
        if kind in checked:
            assert_run_reaches_one_by_one(state, kind)
            checked[kind] += 1
        state = state.apply(chooser.choice(state.legal_moves()))
    assert all(checked.values()), checked


def test_a_run_of_worker_draws_stops_when_the_bag_is_empty():
    # Settle drops the draws from an empty bag: the run draws what the bag holds, then settle
    # drops the rest, as one by one.
    state = setup(3, Rng.from_seed(7), OPTIONS.resolve(3, {"chance": "explicit"}))
    while not isinstance(state.pending, DrawWorker):
        state = state.apply(state.legal_moves()[0])
    bag = state.bag
    for colour in sorted(bag.unseen)[3:]:
        bag = bag.take(colour)
    assert len(bag) == 3
    assert_run_reaches_one_by_one(evolve(state, bag=bag), DrawWorker)
