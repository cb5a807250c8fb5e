"""The text picture, the observation tensors and the options."""

from __future__ import annotations

import random

import numpy as np
import pytest

from tabletop.windmill_valley import GAME, new_game, render
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.encode import observation, observation_layout
from tabletop.windmill_valley.scoring import gardener_score

from .helpers import first_position


def test_render_shows_the_board_the_wheels_and_every_farm():
    state = first_position(players=3, farms={1: {"storage": ("red", "black")}})
    text = render(state)
    assert "floodgate 1" in text and "water 0/8" in text
    assert text.count("large ") == 3 and text.count("small ") == 3
    assert "storage RB" in text
    assert text.count("|.......|") == 12


def test_render_brackets_the_active_spaces():
    state = first_position(farms={0: {"turned": 2}})
    line = next(line for line in render(state).splitlines() if "large " in line)
    assert line.split("large ")[1].split()[2].startswith("[")


def test_render_draws_the_windmill_spaces_with_their_owners():
    state = first_position(players=1, mills={"W05": 0, "W15": 1})
    text = render(state)
    assert "W05*0" in text and "W15*G" in text and "W00 ." in text


def test_an_observation_is_flat_float32_seat_first():
    state = first_position(players=3, farms={1: {"guilders": 7}})
    layout = observation_layout(state)
    for seat in range(3):
        obs = observation(state, seat)
        assert obs.dtype == np.float32 and obs.shape == (layout.size,)
        assert obs[layout["player0.tokens"]][1] == state.farmers[seat].guilders
    assert np.array_equal(observation(state, 1), observation(state.view(1), 1))


def test_the_options_are_declared():
    assert set(GAME.declared.defaults) >= {"expert", "promo", "chance", "components"}
    with pytest.raises(ValueError):
        new_game(2, seed=1, expert="maybe")
    with pytest.raises(ValueError):
        new_game(5, seed=1)


def test_a_position_with_a_chosen_trade_card_keeps_the_four_cards():
    from tabletop.windmill_valley import invariants

    state = first_position()
    other = next(card.id for card in BOX.trade_cards if card.id != state.trade)
    chosen = first_position(trade=other)
    assert chosen.trade == other and state.trade in chosen.trade_pile.cards()
    assert invariants(chosen) == []


def test_render_of_a_solo_game_reports_the_players_score_against_the_gardeners():
    state = new_game(1, seed=3, difficulty="hard")
    chooser = random.Random(3)
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
    picture = render(state)
    assert f"gardener (hard): {gardener_score(state)} points" in picture
    expected = "0" if state.winners() == (0,) else "none (the Gardener wins)"
    assert picture.endswith(f"game over; winners: {expected}")
