"""Observation tensors: fixed layout, nothing hidden leaks, features decode to the position."""

from __future__ import annotations

import random

import attrs
import numpy
import pytest

from tabletop.kernel import hexgrid
from tabletop.kernel.rng import Rng
from tabletop.takenoko import GAME, determinize, new_game
from tabletop.takenoko.components import STANDARD
from tabletop.takenoko.encode import (
    CELL_INDEX,
    CELLS,
    EDGE_INDEX,
    RADIUS,
    TILE_CODES,
    observation,
    observation_layout,
    observation_size,
)
from tabletop.takenoko.positions import position
from tabletop.takenoko.state import KeepPlot

from playouts import random_states

from .helpers import play


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_observation_of_a_playout_has_the_layout_length_and_finite_float32_values(players: int) -> None:
    size = observation_size(players)
    layout = observation_layout(players)
    assert sum(s.stop - s.start for s in layout.values()) == size == layout.size
    for step, state in enumerate(random_states("takenoko", players, seed=players)):
        for seat in range(players) if step % 7 == 0 else (state.current,):
            obs = observation(state, seat)
            assert obs.shape == (size,) and obs.dtype == numpy.float32
            assert numpy.isfinite(obs).all()
            if step % 13 == 0:
                assert numpy.array_equal(obs, observation(state.view(seat), seat))


def test_the_window_holds_the_farthest_garden_the_tiles_allow() -> None:
    # The strip of the module docstring: two plots per ring, straight out from the pond.
    strip = [(k, r) for k in range(1, 14) for r in (-1, 0)] + [(14, -1)]
    plots = dict.fromkeys(strip, "G")
    garden_cells = set()
    for cell in strip:  # each plot legal when placed: next to the pond or to two earlier plots
        assert hexgrid.distance(cell, (0, 0)) == 1 or sum(n in garden_cells for n in hexgrid.neighbours(cell)) >= 2
        garden_cells.add(cell)
    assert len(plots) == 27 and max(hexgrid.distance(c, (0, 0)) for c in plots) == RADIUS
    assert set(plots) <= set(CELL_INDEX) and CELLS[0] == (0, 0)


def test_another_players_hidden_hand_and_the_deck_orders_do_not_change_the_observation() -> None:
    chooser = random.Random(5)
    state = new_game(3, seed=5)
    for _ in range(120):
        state = state.apply(chooser.choice(state.legal_moves()))
    seat = state.current
    view = state.view(seat)
    base = observation(state, seat)
    for sample_seed in range(4):
        sample = determinize(view, Rng.from_seed(sample_seed))
        assert numpy.array_equal(observation(sample, seat), base)
    other = (seat + 1) % 3
    # A different hand of the same card types for another seat: invisible to ``seat``.
    kinds = [STANDARD.cards[c].kind for c in state.boards[other].hand]
    unused = {kind: list(deck.cards()) for kind, deck in zip(("plot", "gardener", "panda"), state.decks, strict=True)}
    swapped = tuple(unused[kind].pop() for kind in kinds)
    boards = list(state.boards)
    boards[other] = attrs.evolve(boards[other], hand=swapped)
    assert numpy.array_equal(observation(attrs.evolve(state, boards=tuple(boards)), seat), base)


def test_only_the_drawer_sees_the_plots_drawn() -> None:
    state = new_game(2, seed=4)
    state = play(state, "plot")
    assert isinstance(state.pending, KeepPlot)
    layout = observation_layout(2)
    drawer, other = state.current, 1 - state.current
    mine, theirs = observation(state, drawer), observation(state, other)
    assert mine[layout["pending.drawn"]][0] == theirs[layout["pending.drawn"]][0] == 3
    drawn = mine[layout["pending.drawn_tiles"]]
    for code in set(state.pending.drawn):
        assert drawn[TILE_CODES.index(code)] == state.pending.drawn.count(code)
    assert not theirs[layout["pending.drawn_tiles"]].any()


def test_features_decode_to_a_small_position_seen_from_the_player_to_move() -> None:
    channel = hexgrid.edge((1, 0), (0, 1))
    state = position(
        {(1, 0): "G", (0, 1): "YW", (1, 1): "P"},
        players=3,
        bamboo={(1, 0): 2},
        tokens={(1, 1): "enclosure"},
        channels=[channel],
        hands=[["A01"], ["P01", "G01"], []],
        completed=[[], ["A02"], []],
        stocks=[{"green": 2, "channels": 1}, {}, {"fertilizer": 1}],
        gardener=(1, 0),
        panda=(0, 1),
        current=1,
        weather="rain",
        actions=("panda",),
    )
    obs = observation(state, 1)
    layout = observation_layout(3)

    def plane(name: str, cell: tuple[int, int]) -> float:
        return float(obs[layout[f"garden.{name}"]][CELL_INDEX[cell]])

    assert obs[layout["garden.plot"]].sum() == 3
    assert plane("green", (1, 0)) == plane("yellow", (0, 1)) == plane("pink", (1, 1)) == 1
    assert plane("bamboo", (1, 0)) == 2 and plane("bamboo", (0, 1)) == 0
    assert plane("irrigated", (1, 0)) == 1  # next to the pond
    assert plane("watershed", (0, 1)) == 1 and plane("token", (0, 1)) == 0  # printed
    assert plane("enclosure", (1, 1)) == plane("token", (1, 1)) == 1
    assert plane("gardener", (1, 0)) == plane("panda", (0, 1)) == 1
    assert obs[layout["channels"]][EDGE_INDEX[channel]] == 1 and obs[layout["channels"]].sum() == 1
    # Seat-relative: the observer (seat 1) first, then seat 2, then seat 0.
    assert list(obs[layout["player0.hand"]]) == [1, 1, 0]
    assert list(obs[layout["player0.completed"]]) == [0, 0, 1]
    assert obs[layout["player0.points"]][0] == STANDARD.cards["A02"].points
    assert list(obs[layout["player1.improvements"]]) == [0, 1, 0]
    assert list(obs[layout["player2.bamboo"]]) == [2, 0, 0] and obs[layout["player2.channels"]][0] == 1
    assert list(obs[layout["player2.hand"]]) == [0, 0, 1]
    order = [card.id for card in STANDARD.objectives]
    hand = obs[layout["hand"]]
    assert {order[i] for i in numpy.flatnonzero(hand)} == {"P01", "G01"}
    assert order[int(numpy.flatnonzero(obs[layout["player0.completed_cards"]])[0])] == "A02"
    assert list(obs[layout["to_move"]]) == [1, 0, 0]
    assert obs[layout["weather"]][1] == 1 and obs[layout["actions"]][3] == 1
    assert obs[layout["pending"]][0] == 1  # ChooseAction
    # Seat 0 sees itself in block 0, and seat 1 (to move) one step clockwise.
    seen_by_0 = observation(state, 0)
    assert list(seen_by_0[layout["player0.bamboo"]]) == [2, 0, 0]
    assert list(seen_by_0[layout["to_move"]]) == [0, 1, 0]
    assert {order[i] for i in numpy.flatnonzero(seen_by_0[layout["hand"]])} == {"A01"}


def test_a_seat_not_in_the_game_is_refused() -> None:
    state = new_game(2, seed=1)
    with pytest.raises(ValueError, match="seat 2"):
        observation(state, 2)
    with pytest.raises(ValueError, match="2-4 players"):
        observation_layout(5)


def test_the_game_offers_the_observation() -> None:
    state = new_game(4, seed=2)
    assert GAME.observation is not None and GAME.observation_layout is not None
    assert GAME.observation_layout(state) == observation_layout(4)
    assert numpy.array_equal(GAME.observation(state, 3), observation(state, 3))
