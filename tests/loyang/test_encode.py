"""Observation tensors: fixed layout, nothing hidden leaks, features decode to the position.

Only cards whose contents are certain (S01, S02, R07, R14, C04, C09) or the structure of the
components are used, so that correcting provisional card data never breaks these tests.
"""

from __future__ import annotations

import random

import numpy
import pytest

from tabletop.kernel.engine import evolve
from tabletop.kernel.rng import Rng
from tabletop.loyang import GAME, determinize, new_game
from tabletop.loyang.encode import FIELD_WIDTH, observation, observation_layout, observation_size
from tabletop.loyang.rules.table import set_player
from tabletop.loyang.state import DUE

from playouts import random_states

from tabletop.loyang.state import pile_cards

from .helpers import deck_cards, with_deck, card, cart, cash, courtyard, give, in_hand, scenario


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_every_observation_of_a_playout_has_the_layout_length_and_finite_float32_values(players: int) -> None:
    size = observation_size(players)
    layout = observation_layout(players)
    assert sum(s.stop - s.start for s in layout.values()) == size == layout.size
    assert ("grid.row0" in layout) == (players == 1)
    for step, state in enumerate(random_states("loyang", players, seed=10 + players)):
        seats = range(players) if step % 9 == 0 else (state.to_move or 0,)
        for seat in seats:
            obs = observation(state, seat)
            assert obs.shape == (size,) and obs.dtype == numpy.float32
            assert numpy.isfinite(obs).all()
            if step % 11 == 0:
                assert numpy.array_equal(obs, observation(state.view(seat), seat))


def _position():
    """Seat 0 to act in a 3-player Action phase, with a few certain cards about."""
    state = scenario(3, seat=0)
    state = give(state, 1, "S01", "R07")
    state = give(state, 2, "C04")
    state = in_hand(state, 0, "S02")
    state = in_hand(state, 1, "R14")
    state = courtyard(state, "C09")
    state = cash(state, 1, 13)
    return cart(state, 0, leek=2)


def test_features_decode_to_a_small_position() -> None:
    state = _position()
    layout = observation_layout(3)
    obs = observation(state, 0)

    def block(name: str) -> list[float]:
        return [float(x) for x in obs[layout[name]]]

    me = state.seats[0]
    assert block("player0.cash") == [me.cash] and block("player1.cash") == [13]
    assert block("player0.position") == [me.position] and block("player0.loans") == [0]
    assert block("player0.cart") == list(me.cart) and me.cart[5] == 2
    assert block("player0.shop") == list(me.shop) and block("supply") == list(state.supply)
    # Seat 1's play area: the stall S01 with its three goods, the regular customer R07 due.
    play1 = block("player1.play")
    assert {i for i, x in enumerate(play1) if x} == {card("S01"), card("R07")}
    stalls = state.components.of_kind(1)
    goods = block("player1.stall_goods")
    assert goods[3 * stalls.index(card("S01")) : 3 * stalls.index(card("S01")) + 3] == [1, 1, 1]
    assert sum(goods) == 3
    regulars = state.components.of_kind(2)
    at = 7 * regulars.index(card("R07"))
    status = [0.0] * 4
    status[DUE] = 1.0
    assert block("player1.regulars")[at : at + 7] == [0, 0, 0, *status]  # no rows, nothing delivered
    assert {i for i, x in enumerate(block("player2.play")) if x} == {card("C04")}
    # Hands: own cards by number, the others' as counts.
    assert {i for i, x in enumerate(block("hand")) if x} == {card("S02")}
    assert block("player0.hand") == [1] and block("player1.hand") == [1] and block("player2.hand") == [0]
    assert {i for i, x in enumerate(block("courtyard")) if x} == {card("C09")}
    assert block("draw") == [len(deck_cards(state))] and block("round") == [state.round]
    assert block("phase")[3] == 1  # the Action phase
    assert block("to_move") == [1, 0, 0] and block("start_player") == [1, 0, 0]
    assert block("pending")[6] == 1 and block("pending.depth") == [1]
    # Field slot 0 is the home field (sown with wheat by the scenario), slot 1 the first field.
    fields = block("player0.fields")
    home = state.components.home
    assert fields[:4] == [1, 0, 0, home.spaces]
    assert fields[4:10] == [float(v in home.accepts) for v in range(6)]
    assert fields[10:16] == [1, 0, 0, 0, 0, 0] and fields[16] == me.home_count
    first = me.fields[0]
    slot = fields[FIELD_WIDTH : 2 * FIELD_WIDTH]
    assert slot[:3] == [0, 1, 0] and slot[3] == state.components.field(first.card).spaces
    assert sum(slot[10:16]) == (first.veg >= 0) and slot[16] == first.count
    assert not any(fields[2 * FIELD_WIDTH + i] for i in range(3))  # no third field
    assert block("player0.pile") == [len(pile_cards(me))]


def test_observations_are_seat_relative() -> None:
    state = _position()
    layout = observation_layout(3)
    for seat in range(3):
        obs = observation(state, seat)
        for k in range(3):
            assert obs[layout[f"player{k}.cash"]][0] == state.seats[(seat + k) % 3].cash
        assert obs[layout["to_move"]][(0 - seat) % 3] == 1
    seat1 = observation(state, 1)
    assert seat1[layout["player0.cash"]][0] == 13
    assert {int(i) for i in numpy.flatnonzero(seat1[layout["hand"]])} == {card("R14")}
    assert {int(i) for i in numpy.flatnonzero(seat1[layout["player0.play"]])} == {card("S01"), card("R07")}


def test_other_hands_and_the_draw_pile_do_not_leak() -> None:
    state = _position()
    base = observation(state, 0)
    # Seat 1's hand card R14 and the top card of the draw pile change places: seat 0 cannot tell.
    top = deck_cards(state)[0]
    swapped = with_deck(state, (card("R14"),) + deck_cards(state)[1:])
    swapped = set_player(swapped, 1, evolve(swapped.seats[1], hand=(top,)))
    assert numpy.array_equal(observation(swapped, 0), base)
    assert not numpy.array_equal(observation(swapped, 1), observation(state, 1))
    view = state.view(0)
    for sample_seed in range(4):
        sample = determinize(view, Rng.from_seed(sample_seed))
        assert numpy.array_equal(observation(sample, 0), base)


def test_solo_observes_the_grid_and_the_imaginary_opponent() -> None:
    state = new_game(1, seed=3)
    layout = observation_layout(1)
    assert "player1.cash" in layout and "player2.cash" not in layout
    chooser = random.Random(3)
    while not any(g >= 0 for g in state.grid):
        state = state.apply(chooser.choice(state.legal_moves()))
    obs = observation(state, 0)
    columns = state.components.solo_columns
    for i, number in enumerate(state.grid):
        if number >= 0:
            assert obs[layout[f"grid.row{i // columns}"]][number] == 1
    offered = sum(1 for g in state.grid if g >= 0)
    assert sum(obs[layout[f"grid.row{r}"]].sum() for r in range(4)) == offered
    with pytest.raises(ValueError, match="seat 1"):
        observation(state, 1)


def test_the_game_offers_the_observation() -> None:
    state = new_game(2, seed=2)
    assert GAME.observation is not None and GAME.observation_layout is not None
    assert GAME.observation_layout(state) == observation_layout(2)
    assert numpy.array_equal(GAME.observation(state, 1), observation(state, 1))
