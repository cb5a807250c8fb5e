"""The toy game keeps the Game/State contract on the kernel engine, so the tests built on it
test the callers (play, agents, records, the command line)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop import CHANCE
from tabletop.agents import RandomAgent
from tabletop.kernel.api import IllegalMove, State
from tabletop.kernel.engine import HiddenChance
from tabletop.kernel.rng import Rng
from toy.game import TOY, Card, Cards, Draw, Drawn, Play, ToyState, position


def test_a_toy_state_is_a_state() -> None:
    assert isinstance(TOY.new_game(2, seed=1), State)


@given(seed=st.integers(0, 2**63 - 1), players=st.integers(2, 4), chance=st.sampled_from(["sampled", "explicit"]))
def test_random_playouts_end_and_keep_the_contract(seed: int, players: int, chance: str) -> None:
    agent = RandomAgent(seed)
    state = TOY.new_game(players, seed=seed, chance=chance)
    while not state.is_over:
        assert state.legal_moves()
        assert TOY.invariants(state) == []
        assert TOY.from_json(state.to_json()) == state
        state = state.apply(agent.choose(state))
    assert state.to_move is None and state.legal_moves() == ()
    assert state.winners() and set(state.winners()) <= set(range(players))


def test_the_deal_is_dealt_by_chance() -> None:
    sampled = TOY.new_game(2, seed=3)
    assert [sampled.hand_size(s) for s in range(2)] == [2, 2] and sampled.to_move == 0
    explicit = TOY.new_game(2, seed=3, chance="explicit")
    assert explicit.to_move == CHANCE and explicit.hand_size(0) == 0
    for value in (6, 6, 1, 1):
        explicit = explicit.apply(Drawn(value))
    assert explicit.hands == (Cards.of({"6": 2}), Cards.of({"1": 2})) and explicit.to_move == 0


def test_play_is_a_two_step_decision() -> None:
    state = TOY.new_game(2, seed=3)
    assert state.legal_moves() == (Draw(), Play())
    state = state.apply(Play())
    assert state.to_move == 0
    assert all(isinstance(m, Card) for m in state.legal_moves())


def test_an_illegal_move_is_refused() -> None:
    state = TOY.new_game(2, seed=3).apply(Play())
    missing = next(Card(v) for v in range(1, 7) if Card(v) not in state.legal_moves())
    with pytest.raises(IllegalMove, match="the hand has no such card"):
        state.apply(missing)


def test_a_view_hides_the_others_hands_the_deck_and_the_random_source() -> None:
    state = TOY.new_game(3, seed=3)
    view = state.view(1)
    assert isinstance(view, ToyState)
    assert view.hands[0].total == view.hands[2].total == 0 and view.hidden == (2, 0, 2)
    assert view.hands[1] == state.hands[1]
    assert view.deck.unseen == () and view.deck.hidden == len(state.deck)
    with pytest.raises(HiddenChance):
        view.apply(Draw())


def test_determinize_is_consistent_with_the_view() -> None:
    state = TOY.new_game(3, seed=5)
    view = state.view(2)
    sample = TOY.determinize(view, Rng.from_seed(9)) if TOY.determinize else None
    assert isinstance(sample, ToyState)
    assert sample.hands[2] == state.hands[2]
    assert [sample.hand_size(s) for s in range(3)] == [state.hand_size(s) for s in range(3)]
    assert TOY.invariants(sample) == []
    sample.apply(Draw())  # a determinized state can be played on


def test_a_position_is_built_from_a_readable_description() -> None:
    state = position([[6, 6], [1]], played=[[], [5]], to_move=1, target=8)
    assert state.to_move == 1 and state.scores() == (0, 5) and len(state.deck) == 18 - 4
    assert state.apply(Play()).apply(Card(1)).scores() == (0, 6)
    won = position([[6, 6], [1]], played=[[2], [5]], target=8).apply(Play()).apply(Card(6))
    assert won.is_over and won.winners() == (0,)
