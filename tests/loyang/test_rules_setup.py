"""Setup: shop stock, 10 Cash, field piles, action deck, home fields, start player."""

from __future__ import annotations

import pytest

from tabletop.kernel.api import IllegalMove
from tabletop.loyang import STANDARD, invariants, new_game
from tabletop.loyang.components import PRIVATE_BASE
from tabletop.loyang.moves import SowHome
from tabletop.loyang.state import CARD, SETUP

from .helpers import game, legal, play


def test_setup_gives_10_cash_a_stocked_shop_and_the_storehouse_side():
    state = new_game(3, seed=1)
    for p in state.seats:
        assert p.cash == 10 and p.position == 1 and p.loans == 0
        assert p.shop == (3, 2, 2, 2, 1, 1)
        assert not p.upgraded and p.storehouse == (0,) * 6
    assert invariants(state) == []


def test_field_pile_is_two_shuffled_sets_of_3_4_5_6():
    state = new_game(2, seed=9)
    for p in state.seats:
        first, second = ([STANDARD.private[c - PRIVATE_BASE] for c in part.cards()] for part in p.pile)
        assert sorted(f.spaces for f in first) == [3, 4, 5, 6] and sorted(f.spaces for f in second) == [3, 4, 5, 6]
        assert {f.set for f in first} == {1}, "the first set is turned over first"


def test_action_deck_holds_70_cards():
    state = new_game(4, seed=2)
    assert len(state.deck) == 70 and state.phase == SETUP


def test_choose_a_start_player_at_random_or_as_told():
    starts = {new_game(4, seed=seed).start for seed in range(40)}
    assert starts == {0, 1, 2, 3}, "chosen by the state's random source"
    state = new_game(3, seed=2, start_player=2)
    assert state.start == 2 and state.to_move == 2 and state.second == -1, "the small token is not used yet"
    assert new_game(3, seed=2).start == new_game(3, seed=2).start, "same seed, same start player"
    with pytest.raises(ValueError):
        new_game(3, start_player=3)


def test_home_field_is_bought_from_your_own_shop_wheat_pumpkin_or_turnip():
    state = game(2, seed=1)
    assert legal(state) == {"home wheat", "home pumpkin", "home turnip"}
    supply = state.supply
    state = play(state, "home turnip")
    p = state.seats[0]
    assert p.cash == 10 - 5 and p.shop[2] == 1, "bought at the dark price tag from the own shop"
    assert (p.home_veg, p.home_count) == (2, 9)
    assert state.supply[2] == supply[2] - 8, "the other 8 spaces are filled from the supply"


def test_at_most_two_players_sow_the_same_home_vegetable():
    state = play(game(3, seed=1), "home wheat", "home wheat")
    assert legal(state) == {"home pumpkin", "home turnip"}
    with pytest.raises(IllegalMove):
        state.apply(SowHome(0))


def test_home_fields_are_sown_clockwise_from_the_start_player():
    state = new_game(3, seed=1, start_player=1)
    assert state.to_move == 1
    state = play(state, "home wheat")
    assert state.to_move == 2
    state = play(state, "home wheat")
    assert state.to_move == 0 and legal(state) == {"home pumpkin", "home turnip"}


def test_home_fields_are_sown_then_round_1_begins():
    state = play(game(2, seed=1), "home wheat")
    assert state.to_move == 1
    state = play(state, "home pumpkin")
    assert state.phase == CARD and state.round == 1
    for p in state.seats:
        assert len(p.hand) == 4 and len(p.fields) == 1 and p.home_count == 8
