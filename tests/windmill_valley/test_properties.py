"""Random playouts for every player count: they end, keep the invariants, round-trip through
JSON and notation, refuse illegal moves without change, and show a seat only its view."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.kernel.api import IllegalMove, InvalidRecord
from tabletop.kernel.record import record_of
from tabletop.kernel.rng import Rng
from tabletop.windmill_valley import GAME, invariants, new_game
from tabletop.windmill_valley.moves import Floodgate, Plant, TurnWheels
from budget import examples

seeds = st.integers(0, 2**32)
players = st.integers(2, 4)
flags = st.booleans()


def _playout(seed, n, check, **options):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed, **options)
    steps = 0
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
        steps += 1
        check(state)
    return state, steps


@settings(max_examples=examples(10), deadline=None)
@given(seeds, players, flags, flags)
def test_random_playouts_end_without_breaking_an_invariant(seed, n, expert, promo):
    def check(state):
        assert invariants(state) == []

    state, steps = _playout(seed, n, check, expert=expert, promo=promo)
    assert state.is_over and state.winners()
    assert any(f.calendar == 4 for f in state.farmers)  # the end needs the calendar's last space
    assert steps < 3000


@settings(max_examples=examples(4), deadline=None)
@given(seeds, players)
def test_json_round_trip_notation_and_replay_agree(seed, n):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed, promo=True)
    replayed = new_game(n, seed=seed, promo=True)
    while not state.is_over:
        move = chooser.choice(state.legal_moves())
        state = state.apply(move)
        replayed = replayed.apply(GAME.parse_move(replayed, str(move)))
        assert replayed == state
        if state.move_count % 13 == 0:
            assert GAME.from_json(state.to_json()) == state
    assert GAME.replay(record_of(GAME, state, seed, {"promo": True})) == state


@settings(max_examples=examples(4), deadline=None)
@given(seeds, players)
def test_illegal_moves_are_refused_and_change_nothing(seed, n):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed)
    strangers = (Floodgate(7), TurnWheels(9), Plant("black", 9))
    for _ in range(120):
        if state.is_over:
            break
        before = state.to_json()
        for move in strangers:
            with pytest.raises(IllegalMove):
                state.apply(move)
        assert state.to_json() == before
        state = state.apply(chooser.choice(state.legal_moves()))


@settings(max_examples=examples(3), deadline=None)
@given(seeds, players)
def test_a_view_determinizes_back_to_itself_and_plays_on(seed, n):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed)
    for step in range(150):
        if state.is_over:
            break
        seat = state.to_move
        seen = state.view(seat)
        sample = GAME.determinize(seen, Rng.from_seed(step))
        assert sample.view(seat) == seen
        assert sample.legal_moves() == state.legal_moves()
        state = state.apply(chooser.choice(state.legal_moves()))


def test_a_state_of_another_format_is_refused_naming_it():
    text = new_game(2, seed=1).to_json().replace('"format":2', '"format":1')
    with pytest.raises(InvalidRecord, match="format 1"):
        GAME.from_json(text)


def test_a_view_is_refused_as_a_full_state():
    with pytest.raises(InvalidRecord):
        GAME.from_json(new_game(2, seed=1).view(0).to_json())


def test_a_full_state_with_a_pile_of_hidden_cards_is_refused_naming_the_pile():
    data = json.loads(new_game(2, seed=1).to_json())
    data["stacks"][0]["hidden"] = 3
    with pytest.raises(InvalidRecord, match=r"stacks\[0\]"):
        GAME.from_json(json.dumps(data))


# Found by a long fuzz of saved states: each loaded, then failed in play.
def test_a_gardener_deck_missing_cards_is_refused():
    data = json.loads(new_game(1, seed=1).to_json())
    data["gardener"]["deck"]["unseen"] = []
    with pytest.raises(InvalidRecord, match="the Gardener's cards are not those of his level"):
        GAME.from_json(json.dumps(data))


def test_a_starting_card_in_two_places_is_refused():
    state = new_game(3, seed=1)
    while len(state.starting) < 2:
        state = state.apply(state.legal_moves()[0])
    data = json.loads(state.to_json())
    data["starting"][1] = data["starting"][0]
    with pytest.raises(InvalidRecord, match="a starting card is in two places"):
        GAME.from_json(json.dumps(data))
