"""What the library's game contract (tests/test_contract.py, run on every registered game)
does not cover for Keyflower: base Keyflower alone, the winners named at the end, and views
with variant B (open information) determinized into sound positions."""

import random

import pytest

from tabletop.keyflower_farmers import GAME
from tabletop.keyflower_farmers.state import PlaceWorkers
from tabletop.kernel.rng import Rng


def random_states(players, seed, **options):
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed=seed, **options)
    yield state
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
        yield state


def test_base_keyflower_alone_plays_to_the_end():
    *_, last = random_states(4, seed=9, farmers=False)
    assert last.is_over and last.animals.total == 0


@pytest.mark.parametrize("players", [2, 6])
def test_a_finished_game_names_its_winners_among_the_best_scores(players):
    *_, last = random_states(players, seed=players)
    scores = last.scores()
    assert last.winners() and all(scores[seat] == max(scores) for seat in last.winners())


@pytest.mark.parametrize(("players", "variant_b"), [(4, False), (3, True)])
def test_views_determinize_into_sound_positions_with_the_same_view(players, variant_b):
    for step, state in enumerate(random_states(players, seed=3 + players, open_information=variant_b)):
        if state.is_over or step % 11:
            continue
        seat = state.to_move
        seen = state.view(seat)
        sample = GAME.determinize(seen, Rng.from_seed(step))
        assert GAME.invariants(sample) == []
        assert sample.view(seat) == seen
        assert sample.legal_moves() == state.legal_moves()


# A view of another seat's placement in progress tells its location and the answers given so far
# (a colour, groups, a number); a sample of the hidden screens must let that seat finish it.
@pytest.mark.parametrize("players", [2, 4])
def test_another_seats_placement_in_progress_determinizes_into_positions_that_can_finish_it(players):
    checked = 0
    for step, state in enumerate(random_states(players, seed=20 + players)):
        if not isinstance(state.pending, PlaceWorkers) or step % 3:
            continue
        for seat in range(players):
            if seat == state.to_move:
                continue
            seen = state.view(seat)
            for stream in range(4):
                sample = GAME.determinize(seen, Rng.from_seed(stream))
                assert sample.legal_moves() and sample.view(seat) == seen
                checked += 1
    assert checked > 50
