"""The toy game keeps the Game/State contract, so the tests built on it test the callers."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.agents import RandomAgent
from tabletop.kernel.api import IllegalMove, State
from tabletop.kernel.rng import MaskedRandomness, Rng
from toy.game import TOY, Card, Draw, Play, ToyState


def test_a_toy_state_is_a_state() -> None:
    assert isinstance(TOY.new_game(2, seed=1), State)


@given(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 4))
def test_random_playouts_end_and_keep_the_contract(seed: int, players: int) -> None:
    agent = RandomAgent(seed)
    state = TOY.new_game(players, seed=seed)
    while not state.is_over:
        assert state.legal_moves()
        assert TOY.invariants(state) == []
        assert TOY.from_json(state.to_json()) == state
        state = state.apply(agent.choose(state))
    assert state.to_move is None and state.legal_moves() == ()
    assert state.winners() and set(state.winners()) <= set(range(players))


def test_play_is_a_two_step_decision() -> None:
    state = TOY.new_game(2, seed=3)
    assert state.legal_moves() == (Draw(), Play())
    state = state.apply(Play())
    assert state.to_move == 0
    assert all(isinstance(m, Card) for m in state.legal_moves())


def test_an_illegal_move_is_refused() -> None:
    state = TOY.new_game(2, seed=3)
    with pytest.raises(IllegalMove):
        state.apply(Card(6))


def test_a_view_hides_the_others_hands_and_the_random_source() -> None:
    view = TOY.new_game(3, seed=3).view(1)
    assert isinstance(view, ToyState)
    assert all(card == 0 for card in view.hands[0] + view.hands[2])
    assert all(card != 0 for card in view.hands[1])
    with pytest.raises(MaskedRandomness):
        view.apply(Draw())


def test_determinize_is_consistent_with_the_view() -> None:
    state = TOY.new_game(3, seed=5)
    view = state.view(2)
    assert TOY.determinize is not None
    sample = TOY.determinize(view, Rng.from_seed(9))
    assert isinstance(sample, ToyState)
    assert sample.hands[2] == state.hands[2]
    assert [len(h) for h in sample.hands] == [len(h) for h in state.hands]
    assert TOY.invariants(sample) == []
    sample.apply(Draw())  # a determinized state can be played on
