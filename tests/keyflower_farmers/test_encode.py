"""Observation tensors: each block decodes to the position as the seat sees it.

The contract tests (``tests/test_contract.py``) check the shape, the dtype and that a seat's
observation of the full state, of its view and of a sample from the view are one; these check
what the blocks say, on positions built with :func:`~tabletop.keyflower_farmers.positions.position`
(only certain component data: home tiles, worker colours, the catalogue's structure).
"""

from __future__ import annotations

import random

import numpy
import pytest

from tabletop.keyflower_farmers import GAME
from tabletop.keyflower_farmers.components import COLOURS, SKILLS
from tabletop.keyflower_farmers.encode import ASKING, catalogue, observation_layout
from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.state import Skills, Workers
from tabletop.kernel.engine import evolve

from .helpers import play


def _block(state, seat, name):
    layout = observation_layout(state)
    return list(GAME.observation(state, seat)[layout[name]])


def test_the_own_screen_is_read_colour_by_colour():
    state = position(2, screens=[{"blue": 2, "green": 1}, {"red": 3}], skills=[{"anvil": 1}, {}])
    assert _block(state, 0, "own.workers") == [float(n) for n in Workers.of(blue=2, green=1)]
    assert _block(state, 0, "own.skills") == [float(n) for n in Skills.of(anvil=1)]
    assert _block(state, 1, "own.workers") == [float(n) for n in Workers.of(red=3)]


def test_the_other_screens_are_read_only_by_their_sizes():
    state = position(2, screens=[{"blue": 2, "green": 1}, {"red": 3}], skills=[{"anvil": 1}, {"saw": 2}])
    # Seat 0's blocks start with itself; the next player clockwise is seat 1.
    assert _block(state, 0, "player1.screen") == [3.0, 2.0, 0.0]
    assert _block(state, 0, "player1.open_workers") == [0.0] * len(COLOURS)
    assert _block(state, 0, "player1.open_skills") == [0.0] * len(SKILLS)


def test_variant_b_shows_the_workers_and_skills_lying_open():
    state = position(2, screens=[{"blue": 1}, {"red": 3, "green": 1}], skills=[{}, {"saw": 2}], open_information=True)
    # Seat 1's green worker is one of its hidden starting workers; one of its saws lies face up.
    state = evolve(state, secret=(Workers(), Workers.of(green=1)), open_skills=(Skills(), Skills.of(saw=1)))
    assert _block(state, 0, "player1.open_workers") == [float(n) for n in Workers.of(red=3)]
    assert _block(state, 0, "player1.open_skills") == [float(n) for n in Skills.of(saw=1)]
    assert numpy.array_equal(GAME.observation(state.view(0), 0), GAME.observation(state, 0))


def test_each_village_marks_its_hexes():
    state = position(2)
    index = catalogue(state.components)
    assert _block(state, 0, "player0.hexes") == [float(tile_id == "home1") for tile_id in index]
    assert _block(state, 0, "player1.hexes") == [float(tile_id == "home2") for tile_id in index]
    assert _block(state, 1, "player0.hexes") == [float(tile_id == "home2") for tile_id in index]


def test_the_auction_shows_the_bids_and_their_colour():
    state = play(position(2, screens=[{"red": 3}, {"blue": 2}], offer=["keywood"], to_move=1), "bid keywood 1 blue")
    index = catalogue(state.components)
    i = index.index("keywood")
    assert _block(state, 0, "auction.offered")[i] == 1.0
    assert _block(state, 0, "auction.highest")[i] == 1.0
    assert _block(state, 0, "auction.own")[i] == 0.0 and _block(state, 1, "auction.own")[i] == 1.0
    colour = _block(state, 0, "auction.colour")[i * len(COLOURS) : (i + 1) * len(COLOURS)]
    assert colour == [float(c == "blue") for c in COLOURS]


def test_the_decision_asked_is_marked_once():
    state = position(2, screens=[{"red": 3}, {"blue": 2}], offer=["keywood"])
    asking = _block(state, 0, "asking")
    assert asking == [float(name == "Turn") for name in ASKING]


@pytest.mark.parametrize("players", [2, 5])
def test_season_and_turn_blocks_follow_a_playout(players):
    chooser = random.Random(players)
    state = GAME.new_game(players, seed=players)
    for _ in range(120):
        if state.is_over:
            break
        for seat in range(players):
            assert _block(state, seat, "season") == [float(s == state.season) for s in range(4)]
            passes, start, to_move = _block(state, seat, "turn")
            assert passes == pytest.approx(state.passes / players)
            assert (start, to_move) == (float(state.start == seat), float(state.to_move == seat))
        state = state.apply(chooser.choice(state.legal_moves()))
