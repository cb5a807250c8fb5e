"""Chance through one door: every random event of Loyang is a chance decision (seat CHANCE).

With ``chance="explicit"`` the events are asked (``to_move == CHANCE``, ``chance_outcomes()``
as OpenSpiel gives them), may be forced, and are recorded; by default they are sampled from the
seed and never seen.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from tabletop.kernel.engine import CHANCE
from tabletop.kernel.engine import HiddenChance, evolve, sample
from tabletop.kernel.pile import PileError
from tabletop.kernel.record import record_of
from tabletop.kernel.rng import Rng
from tabletop.loyang import GAME, invariants, new_game
from tabletop.loyang.moves import Reveal, StartPlayer
from tabletop.loyang.state import (
    FieldDraw,
    GridDraw,
    HandDeal,
    IntroDeal,
    OpponentDraw,
    StartPlayerDraw,
    TwoPackDraw,
    pile_cards,
)

from chance_runs import assert_run_reaches_one_by_one

from .helpers import TEST, card, cash, deck_cards, play, scenario


def explicit(players: int, seed: int = 1, **options: object):
    return new_game(players, seed=seed, components=TEST, chance="explicit", **options)


def answer_chance(state, chooser: random.Random):
    """Answer every random event on top with an outcome drawn by its probability."""
    while state.to_move == CHANCE:
        outcomes, weights = zip(*state.chance_outcomes())
        state = state.apply(chooser.choices(outcomes, weights)[0])
    return state


def test_explicit_chance_asks_the_start_player_with_equal_probabilities():
    state = explicit(3)
    assert state.to_move == CHANCE and isinstance(state.pending, StartPlayerDraw)
    assert dict(state.chance_outcomes()) == {StartPlayer(seat): pytest.approx(1 / 3) for seat in range(3)}
    state = state.apply(StartPlayer(2))
    assert state.start == 2 and state.to_move == 2, "the start player sows the home field first"


def test_the_deal_draws_each_card_with_its_share_of_the_deck():
    state = explicit(2, start_player=0)
    state = play(state, "home wheat", "home pumpkin")
    # Round 1: each player turns over a field of the first set of their pile.
    for _ in range(2):
        assert isinstance(state.pending, FieldDraw)
        first_set = next(part for part in state.seats[state.pending.owner].pile if part).cards()
        outcomes = dict(state.chance_outcomes())
        assert outcomes == {Reveal(field): pytest.approx(1 / len(first_set)) for field in first_set}
        state = state.apply(Reveal(first_set[-1]))
    # Card phase: 8 cards dealt one by one, each card of the deck equally likely.
    for _ in range(8):
        assert state.to_move == CHANCE and isinstance(state.pending, HandDeal)
        outcomes = state.chance_outcomes()
        assert sum(p for _, p in outcomes) == pytest.approx(1)
        deck = Counter(deck_cards(state))
        assert {o.card: p for o, p in outcomes} == {c: pytest.approx(k / len(state.deck)) for c, k in deck.items()}
        state = state.apply(outcomes[0][0])
    assert [len(p.hand) for p in state.seats] == [4, 4] and state.to_move == 0


def test_forcing_an_outcome_gives_that_card():
    state = play(explicit(2, start_player=0), "home wheat", "home pumpkin")
    state = play(state, "reveal P6a", "reveal P5a", "reveal S03", "reveal Maid")
    code = state.components.code
    assert code(state.seats[0].fields[-1].card) == "P6a" and code(state.seats[1].fields[-1].card) == "P5a"
    assert all(c not in pile_cards(state.seats[0]) for c in (state.seats[0].fields[-1].card,))
    assert card("S03") in state.seats[0].hand and card("Maid") in state.seats[0].hand
    assert card("S03") not in deck_cards(state)


def test_a_two_pack_in_explicit_mode_draws_two_chance_cards_then_asks_to_keep():
    state = evolve(scenario(2), chance="explicit")
    state = play(state, "two-pack")
    assert isinstance(state.pending, TwoPackDraw) and state.to_move == CHANCE
    state = play(state, "reveal S03", "reveal C02")
    assert state.pending.drawn == (card("S03"), card("C02")) and state.to_move == 0


def test_solo_setup_and_grid_are_chance_decisions():
    state = explicit(1, start_player=0)
    assert isinstance(state.pending, OpponentDraw)
    while isinstance(state.pending, OpponentDraw):
        state = state.apply(state.legal_moves()[0])
    grid_draws = 0
    while isinstance(state.pending, GridDraw):
        assert state.grid[state.pending.pos] == -1
        state = state.apply(state.legal_moves()[-1])
        grid_draws += 1
    assert grid_draws == 12 and all(g >= 0 for g in state.grid) and state.to_move == 0


def test_the_introductory_blue_dot_customer_is_dealt_by_chance():
    state = explicit(2, start_player=0, introductory=True)
    assert isinstance(state.pending, IntroDeal) and state.pending.to == 0
    blue_dots = {c.index for c in state.components.cards if c.start}
    assert {o.card for o, _ in state.chance_outcomes()} == blue_dots
    state = state.apply(Reveal(min(blue_dots)))
    assert state.seats[0].intro == min(blue_dots)
    assert {o.card for o, _ in state.chance_outcomes()} == blue_dots - {min(blue_dots)}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_random_explicit_games_end_keep_the_invariants_and_replay(players):
    chooser = random.Random(players)
    state = new_game(players, seed=players, chance="explicit")
    chance_events = 0
    while not state.is_over:
        if state.to_move == CHANCE:
            outcomes = state.chance_outcomes()
            assert sum(p for _, p in outcomes) == pytest.approx(1) and all(p > 0 for _, p in outcomes)
            chance_events += 1
        state = state.apply(chooser.choice(state.legal_moves()))
        assert invariants(state) == []
    assert chance_events > 9 * players
    record = record_of(GAME, state, players, {"chance": "explicit"})
    again = GAME.replay(record.to_json())
    assert again.to_json() == state.to_json() and again.history == state.history
    assert GAME.from_json(state.to_json()) == state


def test_a_saved_explicit_state_at_a_chance_node_loads():
    state = play(explicit(2, start_player=0), "home wheat", "home pumpkin")
    assert state.to_move == CHANCE
    again = GAME.from_json(state.to_json())
    assert again == state and again.chance == "explicit" and again.chance_outcomes() == state.chance_outcomes()


@pytest.mark.parametrize("players", [1, 2, 4])
def test_sampled_games_never_show_the_chance_seat(players):
    chooser = random.Random(players)
    state = new_game(players, seed=players)
    while not state.is_over:
        assert state.to_move != CHANCE and state.chance_outcomes() == ()
        state = state.apply(chooser.choice(state.legal_moves()))
    assert all(m.__class__ not in (Reveal, StartPlayer) for m in state.history)


def test_a_view_reaching_a_random_event_raises_hidden_chance():
    state = cash(scenario(2), 0, 5)
    view = state.view(0)
    two_pack = next(m for m in view.legal_moves() if str(m) == "two-pack")
    with pytest.raises(HiddenChance, match="determinize"):
        view.apply(two_pack)


def test_a_view_never_buys_a_two_pack_with_placeholder_cards():
    state = play(evolve(cash(scenario(2), 0, 5), chance="explicit"), "two-pack")
    view = state.view(0)
    assert view.deck.hidden == len(deck_cards(state)) and view.deck.unseen == ()
    with pytest.raises(PileError):
        view.legal_moves()
    with pytest.raises(PileError):
        view.chance_outcomes()


def test_outcomes_are_recorded_in_notation():
    state = play(explicit(2, start_player=0), "home wheat", "home pumpkin", "reveal P6a")
    assert str(state.history[-1]) == "reveal P6a"
    assert json.loads(state.to_json())["history"][-1] == {"card": state.history[-1].card, "type": "Reveal"}


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_the_sampled_shortcut_draws_what_the_explicit_outcomes_give(players):
    # The sampled mode draws action cards and fields without listing them; at every random
    # event of a game it must draw the very outcome (and advance the generator as far) as
    # sampling the explicit mode's weighted outcomes does: one distribution for both modes.
    chooser = random.Random(players)
    state = new_game(players, seed=players, chance="explicit")
    checked = 0
    while not state.is_over:
        if state.to_move == CHANCE:
            pending = state.pending
            decision = state.rules.decisions[type(pending)]
            if decision.sample is not None:
                for seed in range(3):
                    rng = Rng.from_seed(seed + 100 * checked)
                    assert decision.sample(state, pending, rng) == sample(decision.outcomes(state, pending), rng)
                checked += 1
        state = state.apply(chooser.choice(state.legal_moves()))
    assert checked > 9 * players


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_sampled_deal_reaches_what_dealing_card_by_card_reaches(players):
    # The sampled mode deals a hand of cards in one go (HandDeal's run).
    chooser = random.Random(players)
    state = new_game(players, seed=players, chance="explicit")
    deals = 0
    while not state.is_over:
        if isinstance(state.pending, HandDeal):
            assert_run_reaches_one_by_one(state, HandDeal)
            deals += 1
        state = state.apply(chooser.choice(state.legal_moves()))
    assert deals > 9 * players
