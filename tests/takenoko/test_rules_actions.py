"""The five actions: Plot, Irrigation, Gardener, Panda, Objective (one test per rule)."""

from __future__ import annotations

import pytest

from tabletop.kernel.api import IllegalMove
from tabletop.kernel.hexgrid import edge
from tabletop.takenoko import moves
from tabletop.takenoko.positions import position
from tabletop.takenoko.state import ChooseAction, KeepPlot, PlacePlot

from .helpers import force, legal, play, starting

# The six cells around the pond.
E, SE, SW, W, NW, NE = (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)


# --- Plot -----------------------------------------------------------------------------------


def test_plot_draws_three_keeps_one_and_returns_two_under_the_pile_in_chosen_order():
    state = position({}, next_tiles=("YF", "G", "P", "Y", "GW"))
    state = play(state, "plot")
    assert state.pending == KeepPlot(0, ("YF", "G", "P"))
    assert state.tile_pile.bottom[:2] == ("Y", "GW") and len(state.tile_pile) == 24
    assert "keep G under P YF" in legal(state) and "keep G under YF P" in legal(state)
    assert len(legal(state)) == 6
    state = play(state, "keep G under P YF")
    assert state.pending == PlacePlot(0, "G")
    assert state.tile_pile.bottom[-2:] == ("P", "YF")


def test_plot_draw_with_fewer_than_three_left_draws_them_all():
    state = position({}, pile=("Y", "P"), next_tiles=("Y", "P"))
    state = force(state, "plot")
    assert state.pending == KeepPlot(0, ("Y", "P"))
    assert legal(state) == {"keep Y under P", "keep P under Y"}


def test_plot_identical_tiles_are_one_choice():
    state = position({}, next_tiles=("G", "G", "G", "Y"))
    state = play(state, "plot")
    # Nothing to decide: the tile is kept at once and its placement is asked.
    assert state.pending == PlacePlot(0, "G")
    assert state.tile_pile.bottom[0] == "Y" and state.tile_pile.bottom[-2:] == ("G", "G")


def test_plot_action_unavailable_when_the_pile_is_empty():
    state = position({E: "G"}, pile=())
    assert "plot" not in legal(state)


def test_plot_placement_next_to_the_pond_or_to_two_plots():
    state = position({E: "G", NE: "G"}, placing="Y")
    assert starting(state, "place") == {f"place {q},{r}" for q, r in (SE, SW, W, NW, (2, -1))}
    with pytest.raises(IllegalMove):
        state.apply(moves.PlaceTile((2, 0)))  # touches a single plot


def test_plot_next_to_the_pond_is_irrigated_and_gets_its_first_section():
    state = position({}, placing="Y", bamboo_supply="2011")
    state = play(state, "place 1,0")
    plot = state.garden[E]
    assert plot.irrigated and plot.bamboo == 1
    assert state.reserve_bamboo[1] == 29


def test_plot_away_from_the_pond_stays_dry_without_bamboo():
    state = position({E: "G", NE: "G"}, placing="Y")
    state = play(state, "place 2,-1")
    assert not state.garden[(2, -1)].irrigated and state.garden[(2, -1)].bamboo == 0


def test_plot_with_printed_watershed_sprouts_at_once():
    state = position({E: "G", NE: "G"}, placing="PW")
    state = play(state, "place 2,-1")
    plot = state.garden[(2, -1)]
    assert plot.improvement == "watershed" and plot.irrigated and plot.bamboo == 1


def test_improvement_laid_on_a_new_plot_before_its_first_shoot():
    state = position({}, stocks=[{"fertilizer": 1}, {}], placing="Y")
    assert "place 1,0 +fertilizer" in legal(state)
    state = play(state, "place 1,0 +fertilizer")
    plot = state.garden[E]
    assert plot.improvement == "fertilizer" and plot.token
    assert plot.bamboo == 2  # the first shoot grows on fertilizer
    assert state.boards[0].improvements == (0, 0, 0)


def test_plot_action_counts_as_an_action():
    state = position({}, next_tiles=("G", "G", "G"))
    state = play(state, "plot", "place 1,0")
    assert state.turn.actions == ("plot",)
    assert "plot" not in legal(state)


# --- Irrigation -------------------------------------------------------------------------------


def test_irrigation_takes_a_channel_into_the_players_stock():
    state = play(position({E: "G"}), "irrigation")
    assert state.reserve_channels == 19 and state.boards[0].channels == 1


def test_irrigation_unavailable_when_the_reserve_is_empty():
    state = position({E: "G"}, stocks=[{}, {"channels": 20}])  # every channel is stored
    assert state.reserve_channels == 0
    assert "irrigation" not in legal(state)


def test_channel_goes_between_two_plots_and_starts_at_a_pond_corner():
    state = position({E: "G", NE: "G", (2, -1): "Y", (2, 0): "P"}, stocks=[{"channels": 1}, {}])
    assert starting(state, "channel") == {"channel 1,-1|1,0"}


def test_channel_never_on_the_border_of_the_pond():
    state = position({E: "G", NE: "G"}, stocks=[{"channels": 1}, {}])
    assert "channel 0,0|1,0" not in legal(state)
    with pytest.raises(IllegalMove):
        state.apply(moves.PlaceChannel(edge((0, 0), E)))


def test_channel_must_touch_the_network_at_a_corner():
    plots = {E: "G", NE: "G", (2, -1): "Y", (2, 0): "P", (3, -1): "P"}
    state = position(plots, channels=[edge(E, NE)], stocks=[{"channels": 1}, {}])
    spots = starting(state, "channel")
    # Both edges leaving the far corner of the first channel, nothing further out.
    assert spots == {"channel 1,0|2,-1", "channel 1,-1|2,-1"}


def test_channel_irrigates_dry_plots_which_get_their_first_section():
    plots = {E: "G", NE: "G", (2, -1): "Y", (2, 0): "P"}
    state = position(plots, channels=[edge(E, NE)], stocks=[{"channels": 2}, {}])
    state = play(state, "channel 1,0|2,-1")
    assert state.garden[(2, -1)].irrigated and state.garden[(2, -1)].bamboo == 1
    state = play(state, "channel 1,0|2,0")
    assert state.garden[(2, 0)].bamboo == 1 and state.garden[(2, -1)].bamboo == 1


def test_first_section_only_once_per_plot():
    plots = {E: "G", NE: "G", (2, -1): "Y"}
    state = position(plots, channels=[edge(E, NE), edge(E, (2, -1))], bamboo={(2, -1): 0}, stocks=[{"channels": 1}, {}])
    state = play(state, "channel 1,-1|2,-1")
    assert state.garden[(2, -1)].bamboo == 0


def test_watershed_does_not_start_a_network():
    plots = {E: "G", NE: "G", (2, -1): "YW", (3, -1): "Y", (3, -2): "P"}
    state = position(plots, stocks=[{"channels": 1}, {}])
    assert not any("3," in m for m in starting(state, "channel"))


def test_stored_channel_placed_for_free_at_any_time_of_the_turn():
    state = position({E: "G", NE: "G"}, stocks=[{"channels": 1}, {}], actions=("plot", "panda"))
    assert "channel 1,-1|1,0" in legal(state)


# --- Gardener ---------------------------------------------------------------------------------


def test_gardener_moves_in_a_straight_line_over_plots_and_stops_before_a_gap():
    plots = {E: "G", (2, 0): "G", (4, 0): "G", SE: "Y", NE: "Y"}
    state = position(plots, channels=[edge(E, (2, 0))])
    # (4, 0) lies beyond a gap; (3, 0) is empty.
    assert starting(state, "gardener") == {"gardener 1,0", "gardener 2,0", "gardener 0,1", "gardener 1,-1"}


def test_gardener_must_move_at_least_one_space():
    state = position({E: "G"}, gardener=E)
    assert "gardener 1,0" not in legal(state)
    assert "gardener 0,0" in legal(state)


def test_gardener_can_cross_the_pond():
    state = position({E: "G", W: "Y"}, gardener=E)
    assert "gardener -1,0" in legal(state)


def test_gardener_grows_the_plot_and_adjacent_irrigated_plots_of_its_colour():
    plots = {E: "G", SE: "G", NE: "Y", (2, -1): "G", (1, 1): "G"}
    state = position(plots, bamboo={E: 1, SE: 1, NE: 1})
    state = play(state, "gardener 1,0")
    assert state.garden[E].bamboo == 2
    assert state.garden[SE].bamboo == 2  # irrigated green neighbour
    assert state.garden[NE].bamboo == 1  # other colour
    assert state.garden[(2, -1)].bamboo == 0  # green neighbour, but dry
    assert state.garden[(1, 1)].bamboo == 0  # green neighbour, but dry


def test_gardener_never_grows_unirrigated_plots():
    plots = {E: "G", NE: "G", (2, -1): "G"}
    state = play(position(plots), "gardener 1,0")
    state2 = position(plots, gardener=E)
    state2 = play(state2, "gardener 0,0")
    assert state.garden[(2, -1)].bamboo == 0 and state2.garden[(2, -1)].bamboo == 0


def test_gardener_on_fertilizer_grows_two_sections_and_never_above_four():
    state = position({E: "GF", SE: "G"}, bamboo={E: 1, SE: 4})
    state = play(state, "gardener 1,0")
    assert state.garden[E].bamboo == 3 and state.garden[SE].bamboo == 4
    state = position({E: "GF"}, bamboo={E: 3})
    assert play(state, "gardener 1,0").garden[E].bamboo == 4


def test_gardener_on_the_pond_grows_nothing():
    state = position({E: "G"}, bamboo={E: 1}, gardener=E)
    assert play(state, "gardener 0,0").garden[E].bamboo == 1


def test_gardener_growth_unaffected_by_an_enclosure():
    state = position({E: "GE"}, bamboo={E: 1})
    assert play(state, "gardener 1,0").garden[E].bamboo == 2


# --- Panda ------------------------------------------------------------------------------------


def test_panda_moves_like_the_gardener():
    plots = {E: "G", (2, 0): "G", (4, 0): "G", SE: "Y", NE: "Y"}
    state = position(plots, channels=[edge(E, (2, 0))])
    assert starting(state, "panda") == {"panda 1,0", "panda 2,0", "panda 0,1", "panda 1,-1"}


def test_panda_eats_one_section_for_the_player():
    state = position({E: "Y", SE: "Y"}, bamboo={E: 3, SE: 2})
    state = play(state, "panda 1,0")
    assert state.garden[E].bamboo == 2 and state.garden[SE].bamboo == 2
    assert state.boards[0].bamboo == (0, 1, 0)
    assert state.panda == E


def test_panda_does_not_eat_on_enclosure():
    state = position({E: "YE"}, bamboo={E: 3})
    state = play(state, "panda 1,0")
    assert state.garden[E].bamboo == 3 and state.boards[0].bamboo == (0, 0, 0)


def test_panda_does_not_eat_on_an_enclosure_token():
    state = position({E: "Y"}, tokens={E: "enclosure"})
    assert play(state, "panda 1,0").boards[0].bamboo == (0, 0, 0)


def test_panda_on_a_plot_without_bamboo_eats_nothing():
    state = play(position({E: "P"}), "panda 1,0")
    assert state.boards[0].bamboo == (0, 0, 0) and state.panda == E


# --- Objective --------------------------------------------------------------------------------


def test_objective_draws_the_top_card_of_the_chosen_deck():
    top = "A07"
    state = position({}, hands=[("P01",), ()], next_cards={"panda": (top,)})
    state = play(state, "objective panda")
    assert state.boards[0].hand == ("P01", top)
    assert top not in state.decks[2].cards()


def test_hand_limit_five_objectives():
    state = position({}, hands=[("P01", "P02", "G01", "G02", "A01"), ()])
    assert not starting(state, "objective")


def test_objective_empty_deck_not_offered():
    state = position({}, decks={"plot": (), "gardener": ("G01",), "panda": ()})
    assert starting(state, "objective") == {"objective gardener"}


# --- the two actions ----------------------------------------------------------------------------


def test_two_different_actions_per_turn():
    state = position({E: "G"})
    state = play(state, "panda 1,0")
    assert not starting(state, "panda")
    assert "end" not in legal(state)  # the second action is still due
    state = play(state, "irrigation")
    assert state.current == 1  # nothing else to do: the turn ended


def test_end_turn_offered_after_two_actions_when_free_moves_remain():
    state = position({E: "G", NE: "G"}, stocks=[{"channels": 1}, {}])
    state = play(state, "panda 1,0", "gardener 1,0")
    assert state.current == 0 and "end" in legal(state) and "channel 1,-1|1,0" in legal(state)
    assert isinstance(state.pending, ChooseAction)


# --- stored improvements ------------------------------------------------------------------------


def test_stored_improvement_placed_for_free_on_an_empty_plot():
    plots = {E: "G", NE: "G", (2, -1): "Y"}
    state = position(plots, bamboo={E: 1}, stocks=[{"enclosure": 1}, {}], actions=("plot", "panda"))
    assert starting(state, "improve") == {"improve 1,-1 enclosure", "improve 2,-1 enclosure"}
    state = play(state, "improve 2,-1 enclosure")
    assert state.garden[(2, -1)].improvement == "enclosure" and state.garden[(2, -1)].token
    assert state.boards[0].improvements == (0, 0, 0)
    assert state.current == 1  # both actions were taken and nothing else was left: the turn ended


def test_watershed_token_irrigates_the_plot_which_sprouts():
    state = position({E: "G", NE: "G", (2, -1): "Y"}, stocks=[{"watershed": 1}, {}])
    state = play(state, "improve 2,-1 watershed")
    plot = state.garden[(2, -1)]
    assert plot.irrigated and plot.bamboo == 1


def test_fertilizer_token_doubles_later_growth():
    state = position({E: "G", NE: "G", (2, -1): "Y"}, stocks=[{"fertilizer": 1}, {}])
    state = play(state, "improve 1,-1 fertilizer", "gardener 1,-1")
    assert state.garden[NE].bamboo == 2 and state.garden[E].bamboo == 1


def test_gardener_on_a_dry_plot_still_grows_irrigated_neighbours_of_its_colour():
    plots = {E: "G", NE: "G", (2, -1): "G"}
    state = position(plots, bamboo={E: 1, NE: 1}, gardener=NE)
    state = play(state, "gardener 2,-1")
    assert state.garden[(2, -1)].bamboo == 0  # dry: nothing grows there
    assert state.garden[E].bamboo == 2 and state.garden[NE].bamboo == 2  # its irrigated green neighbours do


def test_channel_may_run_along_a_watershed_plot_once_the_network_reaches_it():
    plots = {E: "G", NE: "G", (2, -1): "YW"}
    state = position(plots, channels=[edge(E, NE)], stocks=[{"channels": 1}, {}])
    assert "channel 1,-1|2,-1" in legal(state) and "channel 1,0|2,-1" in legal(state)


def test_plots_returned_under_the_pile_come_back_in_the_chosen_order():
    state = position({}, weather="wind", pile=("YF", "G", "P"), next_tiles=("YF", "G", "P"))
    for text in ("plot", "keep G under P YF", "place 1,0", "plot"):
        state = force(state, text)
    assert state.pending == KeepPlot(0, ("P", "YF"))  # P went under first, so it comes back first


def test_irrigation_channel_kept_for_a_later_turn():
    state = play(position({E: "G", NE: "G"}), "irrigation", "panda 1,0", "end")
    assert state.current == 1 and state.boards[0].channels == 1 and not state.channels


def test_full_hand_must_complete_an_objective_before_drawing_again():
    hand = ("A01", "P02", "G01", "G02", "P05")
    state = position({E: "G"}, hands=[hand, ()], stocks=[{"green": 2}, {}])
    assert not starting(state, "objective")
    state = play(state, "complete A01")
    assert starting(state, "objective") == {"objective plot", "objective gardener", "objective panda"}


# --- more single rules ----------------------------------------------------------------------------


def test_objective_action_is_illegal_with_five_objectives_in_hand():
    state = position({E: "G"}, hands=[("P01", "P02", "G01", "G02", "A01"), ()])
    before = state.to_json()
    for deck in ("plot", "gardener", "panda"):
        with pytest.raises(IllegalMove, match="hand of 5 objectives is full"):
            state.apply(moves.ObjectiveAction(deck))
    assert state.to_json() == before


def test_objective_action_fills_the_hand_up_to_five():
    state = position({E: "G"}, hands=[("P01", "P02", "G01", "G02"), ()], weather="wind")
    state = play(state, "objective panda")
    assert len(state.boards[0].hand) == 5 and not starting(state, "objective")


def test_plot_draw_with_one_tile_left_keeps_it_without_asking():
    state = force(position({}, pile=("PF",)), "plot")
    assert state.pending == PlacePlot(0, "PF") and len(state.tile_pile) == 0


def test_plot_not_next_to_the_pond_nor_two_plots_is_refused():
    state = position({E: "G", NE: "G"}, placing="Y")
    before = state.to_json()
    with pytest.raises(IllegalMove, match="next to the pond or next to two plots"):
        state.apply(moves.PlaceTile((3, 0)))
    assert state.to_json() == before


def test_plot_next_to_two_plots_away_from_the_pond_stays_dry_until_a_channel_reaches_it():
    state = position({E: "G", NE: "G"}, stocks=[{"channels": 2}, {}], placing="Y")
    state = play(state, "place 2,-1")
    assert state.garden[(2, -1)].bamboo == 0
    state = play(state, "channel 1,-1|1,0")  # along the pond's corner: waters nothing new
    assert state.garden[(2, -1)].bamboo == 0
    state = play(state, "channel 1,-1|2,-1")
    assert state.garden[(2, -1)].irrigated and state.garden[(2, -1)].bamboo == 1


def test_printed_watershed_next_to_the_pond_sprouts_once():
    state = play(position({}, placing="GW"), "place 1,0")
    assert state.garden[E].bamboo == 1


def test_channel_not_connected_to_the_network_is_refused():
    plots = {E: "G", NE: "G", (2, -1): "Y", (2, 0): "P", (3, -1): "P"}
    state = position(plots, stocks=[{"channels": 1}, {}])
    before = state.to_json()
    with pytest.raises(IllegalMove, match="touching a corner of the pond or a channel"):
        state.apply(moves.PlaceChannel(edge((2, -1), (3, -1))))
    assert state.to_json() == before


def test_channel_on_a_watershed_plot_edge_is_refused_until_the_network_reaches_it():
    plots = {E: "G", NE: "G", (2, -1): "YW", (3, -1): "Y", (3, -2): "P", (2, -2): "P"}
    state = position(plots, stocks=[{"channels": 1}, {}])
    with pytest.raises(IllegalMove):
        state.apply(moves.PlaceChannel(edge((2, -1), (3, -1))))


def test_channel_network_grows_one_vertex_at_a_time_along_a_chain():
    plots = {E: "G", NE: "G", (2, -1): "Y", (2, 0): "P", (3, -1): "P"}
    state = position(plots, stocks=[{"channels": 4}, {}])
    assert "channel 2,-1|3,-1" not in legal(state)
    state = play(state, "channel 1,-1|1,0", "channel 1,0|2,-1", "channel 2,-1|2,0")
    # None of them waters (3,-1), but the last one ends at a corner of it.
    assert not state.garden[(3, -1)].irrigated
    assert "channel 2,0|3,-1" in legal(state) and "channel 2,-1|3,-1" in legal(state)


def test_gardener_growth_on_a_fertilized_neighbour_is_doubled():
    state = position({E: "G", SE: "GF"}, bamboo={E: 1, SE: 1})
    state = play(state, "gardener 1,0")
    assert state.garden[E].bamboo == 2 and state.garden[SE].bamboo == 3


def test_gardener_growth_stops_at_four_on_every_plot_it_reaches():
    state = position({E: "G", SE: "GF", NE: "G"}, bamboo={E: 4, SE: 3, NE: 3})
    state = play(state, "gardener 1,0")
    assert [state.garden[c].bamboo for c in (E, SE, NE)] == [4, 4, 4]


def test_gardener_does_not_grow_plots_of_the_same_colour_two_steps_away():
    plots = {E: "G", NE: "Y", (2, -1): "G", (2, 0): "Y", (3, -1): "G"}
    channels = [edge(E, NE), edge(E, (2, -1)), edge((2, -1), (2, 0)), edge((2, -1), (3, -1))]
    state = position(plots, bamboo={E: 1, (3, -1): 1}, channels=channels)
    state = play(state, "gardener 1,0")
    assert state.garden[E].bamboo == 2 and state.garden[(2, -1)].bamboo == 1  # adjacent, irrigated
    assert state.garden[(3, -1)].bamboo == 1  # irrigated and green, but two steps away


def test_panda_may_cross_an_enclosure_and_eat_beyond_it():
    plots = {E: "YE", SE: "G", (1, 1): "G", (2, 0): "YW"}
    state = position(plots, bamboo={E: 2, (2, 0): 2})
    assert "panda 2,0" in legal(state)
    state = play(state, "panda 2,0")
    assert state.garden[(2, 0)].bamboo == 1 and state.garden[E].bamboo == 2
    assert state.boards[0].bamboo == (0, 1, 0)


def test_panda_stopping_on_an_enclosure_still_moves_there():
    state = play(position({E: "PE"}, bamboo={E: 2}), "panda 1,0")
    assert state.panda == E and state.garden[E].bamboo == 2


def test_panda_must_move_at_least_one_space():
    state = position({E: "G"}, bamboo={E: 2}, panda=E)
    assert "panda 1,0" not in legal(state)
    with pytest.raises(IllegalMove):
        state.apply(moves.PandaAction(E))


def test_stored_improvement_is_refused_on_a_plot_with_bamboo():
    state = position({E: "G"}, bamboo={E: 1}, stocks=[{"enclosure": 1}, {}])
    with pytest.raises(IllegalMove, match="no improvement"):
        state.apply(moves.PlaceImprovement(E, "enclosure"))


def test_enclosure_token_does_not_stop_the_gardener():
    state = position({E: "G"}, bamboo={E: 1}, tokens={E: "enclosure"})
    assert play(state, "gardener 1,0").garden[E].bamboo == 2
