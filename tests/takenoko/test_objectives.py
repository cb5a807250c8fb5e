"""The 45 objective cards: each matched and not matched; completing objectives."""

from __future__ import annotations

import pytest

from tabletop.kernel import hexgrid
from tabletop.takenoko.components import STANDARD, GardenerObjective, PandaObjective, PlotObjective
from tabletop.takenoko.scoring import gardener_pattern_met, plot_pattern_met
from tabletop.takenoko.positions import position
from tabletop.takenoko.state import Plot

from tabletop.takenoko import invariants

from .helpers import legal, play, starting

E, SE, SW, W, NW, NE = (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)
CARDS = STANDARD.objectives
PLOT_CARDS = [c for c in CARDS if isinstance(c, PlotObjective)]
GARDENER_CARDS = [c for c in CARDS if isinstance(c, GardenerObjective)]
PANDA_CARDS = [c for c in CARDS if isinstance(c, PandaObjective)]
OTHER = {"green": "yellow", "yellow": "pink", "pink": "green"}


def _garden(cells, colours, irrigated=True, **extra):
    garden = {
        cell: Plot(colour[0].upper(), colour, irrigated=irrigated, sprouted=irrigated)
        for cell, colour in zip(cells, colours)
    }
    garden.update(extra)
    return garden


def _placed(card, steps, where=(3, -1)):
    return [hexgrid.add(cell, where) for cell in hexgrid.rotate_pattern(card.cells, steps)]


def test_the_box_holds_15_cards_of_each_objective_type():
    assert len(PLOT_CARDS) == len(GARDENER_CARDS) == len(PANDA_CARDS) == 15
    assert sum(c.points for c in PANDA_CARDS) == 5 * 3 + 4 * 4 + 3 * 5 + 3 * 6


@pytest.mark.parametrize("card", PLOT_CARDS, ids=lambda c: c.id)
@pytest.mark.parametrize("steps", range(6))
def test_plot_objective_matched_in_every_rotation(card, steps):
    garden = _garden(_placed(card, steps), card.colours)
    assert plot_pattern_met(garden, card)


@pytest.mark.parametrize("card", PLOT_CARDS, ids=lambda c: c.id)
def test_plot_objective_not_matched_with_a_dry_plot(card):
    cells = _placed(card, 1)
    garden = _garden(cells, card.colours)
    garden[cells[-1]] = Plot("G", card.colours[-1], irrigated=False)
    assert not plot_pattern_met(garden, card)


@pytest.mark.parametrize("card", PLOT_CARDS, ids=lambda c: c.id)
def test_plot_objective_not_matched_with_a_wrong_colour(card):
    colours = list(card.colours)
    colours[0] = OTHER[colours[0]]
    assert not plot_pattern_met(_garden(_placed(card, 2), colours), card)


@pytest.mark.parametrize("card", PLOT_CARDS, ids=lambda c: c.id)
def test_plot_objective_not_matched_with_a_missing_plot(card):
    cells = _placed(card, 4)
    assert not plot_pattern_met(_garden(cells[:-1], card.colours[:-1]), card)


@pytest.mark.parametrize("card", [c for c in PLOT_CARDS if c.shape == "two-colour diamond"], ids=lambda c: c.id)
@pytest.mark.parametrize("steps", range(6))
def test_mirrored_two_colour_diamond_does_not_match(card, steps):
    mirrored = [hexgrid.mirror(cell) for cell in card.cells]
    cells = [hexgrid.add(c, (3, -1)) for c in hexgrid.rotate_pattern(mirrored, steps)]
    assert not plot_pattern_met(_garden(cells, card.colours), card)


def test_two_colour_diamond_colours_split_across_the_short_diagonal():
    card = STANDARD.cards["P15"]
    # Tip (0,0) and middle (0,1) pink; middle (-1,1) and tip (-1,2) yellow (as printed).
    assert dict(zip(card.cells, card.colours)) == {(0, 0): "pink", (0, 1): "pink", (-1, 1): "yellow", (-1, 2): "yellow"}
    middles_alike = _garden([(0, 0), (0, 1), (-1, 1), (-1, 2)], ["pink", "yellow", "yellow", "pink"])
    assert not plot_pattern_met(middles_alike, card)


def test_plot_objective_allows_other_plots_around():
    card = STANDARD.cards["P01"]
    garden = _garden(_placed(card, 0) + [(5, -1), (4, 0)], list(card.colours) + ["pink", "green"])
    assert plot_pattern_met(garden, card)


def _gardener_garden(card, height, improvement, count=None):
    count = card.bamboos if count is None else count
    cells = [(i + 1, 0) for i in range(count)]
    return {
        cell: Plot("X", card.colour, improvement=improvement, bamboo=height, irrigated=True, sprouted=True)
        for cell in cells
    }


@pytest.mark.parametrize("card", GARDENER_CARDS, ids=lambda c: c.id)
def test_gardener_objective_matched(card):
    improvement = {"none": "", "any": "enclosure"}.get(card.improvement, card.improvement)
    assert gardener_pattern_met(_gardener_garden(card, card.height, improvement), card)


@pytest.mark.parametrize("card", GARDENER_CARDS, ids=lambda c: c.id)
def test_gardener_objective_not_matched_one_section_short(card):
    improvement = {"none": "", "any": ""}.get(card.improvement, card.improvement)
    assert not gardener_pattern_met(_gardener_garden(card, card.height - 1, improvement), card)


@pytest.mark.parametrize("card", [c for c in GARDENER_CARDS if c.bamboos == 1], ids=lambda c: c.id)
def test_gardener_objective_not_matched_with_another_improvement(card):
    improvement = "fertilizer" if card.improvement in ("none", "watershed", "enclosure") else "enclosure"
    assert not gardener_pattern_met(_gardener_garden(card, 4, improvement), card)


@pytest.mark.parametrize("card", [c for c in GARDENER_CARDS if c.bamboos > 1], ids=lambda c: c.id)
def test_gardener_objective_needs_every_bamboo_at_exactly_three(card):
    assert not gardener_pattern_met(_gardener_garden(card, 3, "", count=card.bamboos - 1), card)
    assert not gardener_pattern_met(_gardener_garden(card, 4, ""), card)
    assert gardener_pattern_met(_gardener_garden(card, 4, ""), card, exact=False)


def test_gardener_objective_wrong_colour_not_matched():
    card = STANDARD.cards["G04"]
    garden = {E: Plot("Y", "yellow", bamboo=4, irrigated=True, sprouted=True)}
    assert not gardener_pattern_met(garden, card)


@pytest.mark.parametrize("card", PANDA_CARDS, ids=lambda c: c.id)
def test_panda_objective_matched_and_not(card):
    colours = ("green", "yellow", "pink")
    enough = {colour: n for colour, n in zip(colours, card.sections)}
    state = position({}, hands=[(card.id,), ()], stocks=[enough, {}])
    assert f"complete {card.id}" in legal(state)
    short = dict(enough)
    short[colours[next(i for i, n in enumerate(card.sections) if n)]] -= 1
    state = position({}, hands=[(card.id,), ()], stocks=[short, {}])
    assert f"complete {card.id}" not in legal(state)


def test_panda_objective_returns_the_sections_to_the_reserve():
    stocks = [{"green": 2, "yellow": 1, "pink": 1}, {}]
    state = position({}, hands=[("A13",), ()], stocks=stocks, bamboo_supply="2011")
    before = state.reserve_bamboo
    state = play(state, "complete A13")
    assert state.boards[0].bamboo == (1, 0, 0)
    assert state.reserve_bamboo == (before[0] + 1, before[1] + 1, before[2] + 1)
    assert state.boards[0].completed == ("A13",) and state.scores() == (6, 0)


def test_plot_objective_completed_in_the_garden_only_with_irrigated_plots():
    plots = {E: "G", NE: "G", (2, -1): "G"}
    state = position(plots, hands=[("P01",), ()])
    assert "complete P01" not in legal(state)  # (2,-1) is dry
    state = position(plots, hands=[("P01",), ()], tokens={(2, -1): "watershed"})
    assert "complete P01" in legal(state)


def test_complete_any_number_of_objectives_in_a_turn():
    plots = {E: "G", NE: "G", SE: "G"}
    state = position(plots, hands=[("P03", "A01"), ()], stocks=[{"green": 2}, {}])
    assert starting(state, "complete") == {"complete P03", "complete A01"}
    state = play(state, "complete A01", "complete P03")
    assert state.boards[0].completed == ("A01", "P03") and state.scores()[0] == 5


def test_completed_objective_is_never_lost():
    state = position({E: "G"}, bamboo={E: 4}, hands=[("G04",), ()])
    state = play(state, "complete G04", "panda 1,0")
    assert state.boards[0].completed == ("G04",) and state.scores()[0] == 5


def test_gardener_objective_with_a_printed_or_token_improvement():
    hands = [("G01", "G03", "G04"), ()]
    state = position({E: "GF", NE: "G"}, bamboo={E: 4, NE: 4}, tokens={NE: "enclosure"}, hands=hands)
    assert starting(state, "complete") == {"complete G01", "complete G03"}


def test_identical_cards_in_hand_offer_one_move():
    state = position({}, hands=[("A01", "A02"), ()], stocks=[{"green": 2}, {}])
    assert starting(state, "complete") == {"complete A01"}


def test_objectives_completed_only_during_ones_own_turn():
    state = position({}, hands=[(), ("A01",)], stocks=[{}, {"green": 2}])
    assert starting(state, "complete") == set()
    assert state.to_move == 0


def test_multi_bamboo_gardener_objective_bamboos_need_not_be_adjacent():
    state = position({E: "P", W: "P"}, bamboo={E: 3, W: 3}, hands=[("G15",), ()])
    assert "complete G15" in legal(state)


def test_gardener_objective_bamboo_must_stand_in_the_garden_not_on_a_board():
    state = position({E: "G"}, bamboo={E: 3}, hands=[("G04",), ()], stocks=[{"green": 4}, {}])
    assert "complete G04" not in legal(state)


def test_two_colour_diamond_in_a_garden_matches_as_printed_but_not_mirrored():
    # P13 as printed (green tip and right middle, yellow left middle and tip), moved two steps
    # East of the pond; the pink plot only makes the layout legal. Watersheds water it all.
    printed = {E: "Y", SE: "P", (1, 1): "YW", (2, 0): "G", (2, -1): "GW"}
    mirrored = {E: "G", SE: "P", (1, 1): "YW", (2, 0): "Y", (2, -1): "GW"}
    for plots, met in ((printed, True), (mirrored, False)):
        state = position(plots, tokens={(2, 0): "watershed"}, hands=[("P13",), ()])
        assert invariants(state) == []
        assert ("complete P13" in legal(state)) is met


def test_panda_objective_needs_the_players_own_sections():
    state = position({}, hands=[("A01",), ()], stocks=[{"green": 1}, {"green": 2}])
    assert "complete A01" not in legal(state)


def test_gardener_objective_without_improvement_refuses_a_printed_one():
    state = position({E: "GE"}, bamboo={E: 4}, hands=[("G04", "G03"), ()])
    assert starting(state, "complete") == {"complete G03"}


def test_plot_objective_never_counts_the_pond_as_a_plot():
    # E and NE with the pond would make a green triangle if the pond were a plot.
    state = position({E: "G", NE: "G", SE: "Y"}, hands=[("P01",), ()])
    assert "complete P01" not in legal(state)


def test_plot_objective_completed_in_a_rotation_in_the_garden():
    # A green line running North-West to South-East from the pond's NE neighbour (the card
    # shows it East-West); the pink plots only make the layout legal, the watersheds water it.
    plots = {NE: "G", NW: "P", (1, -2): "GW", (0, -2): "P", (1, -3): "GW"}
    state = position(plots, hands=[("P02",), ()])
    assert invariants(state) == []
    assert "complete P02" in legal(state)
