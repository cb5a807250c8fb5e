"""The sampled mode's shortcuts for random events that come in runs (``ChanceDecision.run``):
workers drawn from the bag, skill tiles drawn, season tiles laid out and winter tiles dealt,
several at a time, in one copy. Each must reach the very state and generator that sampling and
resolving the events one by one (settling between them) reaches."""

import random

import pytest

from tabletop.keyflower_farmers.options import OPTIONS
from tabletop.keyflower_farmers.rules.chance import home_run, setup_draw_plan, setup_draws
from tabletop.keyflower_farmers.setup import setup
from tabletop.keyflower_farmers.state import DealHome, DealWinter, DrawSeasonTile, DrawSkill, DrawWorker
from tabletop.kernel.engine import CHANCE, evolve, sample
from tabletop.kernel.pile import Pile
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


def _sampled_in_turn(state, stop=lambda state: False):
    """``state`` (explicit chance) once each random event on top is sampled in turn from its
    outcomes, as the engine samples one, until a player's decision (or ``stop``); the
    generator after them."""
    rng = state.rng
    while state.to_move == CHANCE and not stop(state):
        outcome, rng = sample(state.rules.decisions[type(state.pending)].outcomes(state, state.pending), rng)
        state = state.apply(outcome)
    return evolve(state, log=None), rng


@pytest.mark.parametrize("players", range(2, 7))
def test_the_home_tiles_dealt_at_once_are_those_dealt_one_by_one(players):
    state = setup(players, Rng.from_seed(players), OPTIONS.resolve(players, {"chance": "explicit"}))
    assert isinstance(state.pending, DealHome)
    at_once, rng = home_run(state, state.pending, state.rng)
    one_by_one, one_by_one_rng = _sampled_in_turn(state, lambda state: not isinstance(state.pending, DealHome))
    assert at_once == one_by_one and rng == one_by_one_rng


@pytest.mark.parametrize("left", [0, 10, 30, None])
def test_the_setup_draws_at_once_are_those_drawn_one_by_one_even_from_a_short_bag(left):
    state = setup(3, Rng.from_seed(5), OPTIONS.resolve(3, {"open_information": True, "chance": "explicit"}))
    state, rng = _sampled_in_turn(state, lambda state: not isinstance(state.pending, DealHome))
    state = evolve(state, rng=rng)
    if left is not None:  # the bag holds only the first ``left`` workers
        state = evolve(state, bag=Pile(state.bag.unseen[:left]))
    at_once, at_once_rng = setup_draws(state, setup_draw_plan(state), rng)
    settled = state.rules.settle(state)  # the draws from an empty bag dropped
    one_by_one, one_by_one_rng = _sampled_in_turn(settled, lambda state: not isinstance(state.pending, DrawWorker | DrawSkill))
    assert at_once == one_by_one and at_once_rng == one_by_one_rng


@pytest.mark.parametrize(
    "players, options",
    [(3, {}), (2, {"open_information": True}), (4, {"first_game": True}), (5, {"farmers": False}), (6, {})],
)
def test_a_sampled_setup_is_the_explicit_setup_with_each_event_sampled_in_turn(players, options):
    for seed in range(3):
        sampled = setup(players, Rng.from_seed(seed), OPTIONS.resolve(players, options))
        explicit = setup(players, Rng.from_seed(seed), OPTIONS.resolve(players, {**options, "chance": "explicit"}))
        in_turn, rng = _sampled_in_turn(explicit)
        assert sampled == evolve(in_turn, chance="sampled", rng=rng) and sampled.rng == rng


@pytest.mark.parametrize(
    "players, options",
    [(3, {}), (2, {"open_information": True}), (4, {"first_game": True}), (5, {"farmers": False})],
)
def test_a_sampled_game_is_the_explicit_game_with_each_event_sampled_in_turn(players, options):
    # The rules draw some events themselves in sampled mode (the homes at setup, the boats'
    # loads as a season starts, the workers and skill tiles a use gives): at every decision, the sampled game is the explicit game with
    # each event sampled in turn, random source included.
    chooser = random.Random(players)
    sampled = setup(players, Rng.from_seed(players), OPTIONS.resolve(players, options))
    explicit = setup(players, Rng.from_seed(players), OPTIONS.resolve(players, {**options, "chance": "explicit"}))
    rng = explicit.rng
    while True:
        while explicit.to_move == CHANCE:
            outcome, rng = sample(explicit.rules.decisions[type(explicit.pending)].outcomes(explicit, explicit.pending), rng)
            explicit = explicit.apply(outcome)
        assert evolve(sampled, log=None) == evolve(explicit, chance="sampled", rng=rng, log=None) and sampled.rng == rng
        if sampled.is_over:
            break
        move = chooser.choice(sampled.legal_moves())
        sampled, explicit = sampled.apply(move), explicit.apply(move)
