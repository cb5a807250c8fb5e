"""The facts a garden carries, brought up to date move by move (its layout, irrigated plots,
heights and the plots that may take a token), and the listings the rules derive from them
incrementally, agree with those worked out afresh all through random games."""

from __future__ import annotations

import random

import pytest

from tabletop.kernel.engine import evolve
from tabletop.takenoko import new_game
from tabletop.takenoko.positions import position
from tabletop.takenoko.rules import figure_destinations
from tabletop.takenoko.rules.garden import with_bamboo
from tabletop.takenoko.state import Garden, Plot, State

VARIANTS = [
    {},
    {"improvement_on_bamboo": True, "bamboo_supply": "2011", "gardener_on_plot": True},
    {"exact_height": False, "channel_on_pond_border": True, "clouds_when_empty": "move_improvement"},
    {"fertilizer_first_shoot": False, "improvement_before_shoot": False, "rain_needs_irrigation": False},
    {"declare_actions": True, "redraw_satisfied": True, "bamboo_supply": "later"},
]


def _facts(garden: Garden) -> tuple[object, ...]:
    return (
        list(garden.plots.items()),
        garden.layout.cells,
        garden.layout.occupied,
        dict(garden.wet.colours),
        garden.heights,
        garden.bare.cells,
        garden.unimproved.cells,
    )


def _afresh(state: State) -> State:
    """``state`` with its garden built again from its plots (no fact carried over)."""
    return evolve(state, garden=Garden(tuple(state.garden.items())))


@pytest.mark.parametrize("options", VARIANTS)
@pytest.mark.parametrize("seed", range(3))
def test_garden_facts_and_listings_agree_with_a_fresh_garden(options, seed):
    chooser = random.Random(seed)
    state = new_game(2 + seed % 3, seed=seed, **options)
    while not state.is_over:
        fresh = _afresh(state)
        assert _facts(state.garden) == _facts(fresh.garden)
        assert state.legal_moves() == fresh.legal_moves()
        state = state.apply(chooser.choice(state.legal_moves()))


def test_a_figure_sees_a_line_longer_than_the_listing_table_to_its_end():
    codes = iter(["G"] * 6 + ["Y"] * 6 + ["P"] * 4 + ["GW", "GE"])
    line = {}
    for q in range(1, 10):  # two rows side by side: each plot next to two earlier ones
        line[(q, 0)] = next(codes)
        line[(q, -1)] = next(codes)
    state = position(line, actions=("plot",), weather="rain")
    moves = [str(move) for move in state.legal_moves() if str(move).startswith("gardener")]
    assert moves == [f"gardener {q},{r}" for q, r in figure_destinations(state, state.gardener)]
    assert "gardener 9,0" in moves


def test_a_plot_at_another_height_is_the_copy_evolve_makes_and_made_once():
    plot = Plot("G", "green", bamboo=1, irrigated=True, sprouted=True)
    taller = with_bamboo(plot, 3)
    assert taller == evolve(plot, bamboo=3) and with_bamboo(plot, 3) is taller
    assert with_bamboo(taller, 1) is plot and with_bamboo(plot, 1) is plot
    broken = Plot("G", "green", bamboo=7)  # a broken position's: not made again in the table
    assert with_bamboo(broken, 6) == evolve(broken, bamboo=6)
