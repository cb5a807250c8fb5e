"""``invariants`` names what a broken position breaks."""

from __future__ import annotations

import attrs

from tabletop.kernel.hexgrid import edge
from tabletop.takenoko import invariants
from tabletop.takenoko.positions import position
from tabletop.takenoko.state import Bamboo, Plot

E, NE = (1, 0), (1, -1)


def test_sound_positions_have_no_violation():
    assert invariants(position({E: "G", NE: "Y"}, bamboo={E: 2}, channels=[edge(E, NE)])) == []


def test_invariants_report_bamboo_not_conserved():
    state = position({E: "G"}, bamboo={E: 2}, bamboo_supply="2011")
    broken = attrs.evolve(state, reserve_bamboo=Bamboo((36, 30, 24)))
    assert any("green bamboo not conserved" in p for p in invariants(broken))


def test_invariants_report_too_many_channels_and_a_full_hand():
    state = position({E: "G"}, hands=[("P01", "P02", "P03", "P04", "P05"), ()])
    board = attrs.evolve(state.boards[0], hand=state.boards[0].hand + ("P06",), channels=1)
    deck = state.decks[0].remove("P06")
    broken = attrs.evolve(state, boards=(board, state.boards[1]), decks=(deck,) + state.decks[1:])
    problems = invariants(broken)
    assert any("holds 6 objectives" in p for p in problems)
    assert any("channels not conserved" in p for p in problems)


def test_invariants_report_a_plot_placed_away_from_the_garden():
    state = position({E: "G"})
    garden = state.garden.with_plot((3, 3), Plot("Y", "yellow"))
    problems = invariants(attrs.evolve(state, garden=garden, tile_pile=state.tile_pile.remove("Y")))
    assert any("placed away from the pond" in p for p in problems)


def test_invariants_report_a_wrong_irrigation_flag_and_a_loose_channel():
    state = position({E: "G", (2, -1): "G", (2, 0): "G", (3, -1): "G"})
    garden = state.garden.with_plot((2, 0), attrs.evolve(state.garden[(2, 0)], irrigated=True, sprouted=True))
    broken = attrs.evolve(state, garden=garden, channels=frozenset({edge((2, -1), (3, -1))}), reserve_channels=19)
    problems = invariants(broken)
    assert any("irrigation flag" in p for p in problems)
    assert any("does not start at the pond" in p for p in problems)


def test_invariants_report_improvement_tokens_not_conserved():
    state = position({E: "G"}, tokens={E: "enclosure"})
    broken = attrs.evolve(state, reserve_improvements=(3, 3, 3))
    assert any("enclosure tokens not conserved" in p for p in invariants(broken))


def test_invariants_report_objective_cards_not_conserved():
    state = position({E: "G"}, hands=[("P01",), ()])
    duplicated = attrs.evolve(state.boards[1], hand=("P01",))
    twice = attrs.evolve(state, boards=(state.boards[0], duplicated))
    assert any("objective cards not conserved" in p for p in invariants(twice))
    lost = attrs.evolve(state, decks=(state.decks[0].remove("P02"),) + state.decks[1:])
    assert any("objective cards not conserved" in p for p in invariants(lost))


def test_invariants_report_plot_tiles_not_conserved():
    state = position({E: "G"})
    assert any("plot tiles not conserved" in p for p in invariants(attrs.evolve(state, tile_pile=state.tile_pile.remove("Y"))))


def test_invariants_report_more_actions_than_the_weather_allows():
    state = position({E: "G"})
    broken = attrs.evolve(state, turn=attrs.evolve(state.turn, actions=("plot", "panda", "irrigation")))
    assert any("where the weather allows 2" in p for p in invariants(broken))
    sunny = attrs.evolve(broken, turn=attrs.evolve(broken.turn, weather="sun"))
    assert not any("weather allows" in p for p in invariants(sunny))


def test_invariants_report_identical_actions_without_the_wind():
    state = position({E: "G"}, actions=("irrigation", "irrigation"), weather="rain", stocks=[{"channels": 1}, {}])
    assert any("same action twice" in p for p in invariants(state))
    windy = position({E: "G"}, actions=("irrigation", "irrigation"), weather="wind", stocks=[{"channels": 1}, {}])
    assert not any("same action twice" in p for p in invariants(windy))


def test_invariants_report_weather_in_the_first_round():
    state = position({E: "G"}, weather="sun", turn_number=1)
    assert any("die is not in play yet" in p for p in invariants(state))


def test_invariants_report_a_seat_playing_out_of_turn():
    state = position({E: "G"}, players=3)
    assert any("out of the clockwise order" in p for p in invariants(attrs.evolve(state, current=2)))
