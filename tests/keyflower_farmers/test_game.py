"""The library's game contract (tests/test_contract.py checks it for registered games) run on
Keyflower before it is registered: random playouts to the end, notation, records, views and
determinization, explicit chance."""

import random

import pytest

from tabletop.keyflower_farmers import GAME
from tabletop.kernel.api import IllegalMove
from tabletop.kernel.engine import CHANCE
from tabletop.kernel.record import record_of
from tabletop.kernel.rng import Rng


def random_states(players, seed, **options):
    chooser = random.Random(seed)
    state = GAME.new_game(players, seed=seed, **options)
    yield state
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
        yield state


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_state_keeps_the_contract(players):
    last = None
    for step, state in enumerate(random_states(players, seed=players)):
        assert len(state.scores()) == players
        assert state.is_over == (state.to_move is None)
        assert bool(state.legal_moves()) != state.is_over
        assert len(state.history) == step
        if not state.is_over:
            assert state.winners() == ()
        assert GAME.invariants(state) == []
        if step % 17 == 0 or state.is_over:
            assert GAME.from_json(state.to_json()) == state
        last = state
    assert last is not None and last.is_over and last.winners()
    assert GAME.replay(record_of(GAME, last, players)) == last
    assert GAME.replay(record_of(GAME, last, players).to_json()) == last


def test_base_keyflower_alone_plays_to_the_end():
    *_, last = random_states(4, seed=9, farmers=False)
    assert last.is_over and last.animals.total == 0


@pytest.mark.parametrize("players", [2, 5])
def test_notation_names_each_legal_move_once_and_parses_back(players):
    for step, state in enumerate(random_states(players, seed=20 + players)):
        if state.is_over or step % 5:
            continue
        moves = state.legal_moves()
        texts = [str(m) for m in moves]
        assert len(set(texts)) == len(texts)
        for move in moves:
            assert GAME.parse_move(state, str(move)) == move


def test_foreign_and_unlisted_moves_are_refused_and_change_nothing():
    state = GAME.new_game(3, seed=11)
    before = state.to_json()
    for bad in (object(), "not a move", None):
        with pytest.raises(IllegalMove):
            state.apply(bad)
    with pytest.raises(IllegalMove):
        GAME.parse_move(state, "no such move at all")
    assert state.to_json() == before


@pytest.mark.parametrize(("players", "variant_b"), [(2, False), (4, False), (6, False), (3, True)])
def test_views_determinize_back_to_the_same_view(players, variant_b):
    for step, state in enumerate(random_states(players, seed=3 + players, open_information=variant_b)):
        if state.is_over or step % 11:
            continue
        seat = state.to_move
        seen = state.view(seat)
        assert seen.to_move == seat
        assert seen.legal_moves() == state.legal_moves()
        sample = GAME.determinize(seen, Rng.from_seed(step))
        assert GAME.invariants(sample) == []
        assert sample.view(seat) == seen
        assert sample.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("players", [2, 6])
def test_explicit_chance_nodes_offer_outcomes_that_sum_to_one_and_playouts_replay(players):
    chooser = random.Random(players)
    state = GAME.new_game(players, seed=1, chance="explicit")
    chance_nodes = 0
    while not state.is_over:
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1)
            chance_nodes += 1
            move = chooser.choice([o for o, _ in outcomes])
        else:
            move = chooser.choice(state.legal_moves())
        state = state.apply(move)
        # A worker or skill paid for an exchange is counted while it waits for the draws.
        assert GAME.invariants(state) == []
    assert chance_nodes > 8 * players
    record = record_of(GAME, state, 1, {"chance": "explicit"})
    assert GAME.replay(record) == state


@pytest.mark.parametrize("players", [2, 5])
def test_observations_are_flat_float32_of_one_length_and_show_only_the_seats_view(players):
    import numpy as np

    for step, state in enumerate(random_states(players, seed=21 + players)):
        layout = GAME.observation_layout(state)
        blocks = sorted(layout.values(), key=lambda block: block.start)
        assert blocks[0].start == 0 and all(a.stop == b.start for a, b in zip(blocks, blocks[1:]))
        if step % 7:
            continue
        for seat in range(players):
            obs = GAME.observation(state, seat)
            assert obs.dtype == np.float32 and obs.shape == (blocks[-1].stop,)
            assert np.isfinite(obs).all()
            seen = state.view(seat)
            assert np.array_equal(GAME.observation(seen, seat), obs)
            if step % 21 == 0:
                sample = GAME.determinize(seen, Rng.from_seed(step))
                assert np.array_equal(GAME.observation(sample, seat), obs)
