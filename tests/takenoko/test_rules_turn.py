"""Setup, the turn and the weather (one test per rule)."""

from __future__ import annotations

from collections import Counter

import pytest

from tabletop.kernel.api import InvalidData
from tabletop.takenoko import load_components, new_game
from tabletop.takenoko.components import STANDARD
from tabletop.takenoko.positions import position
from tabletop.kernel.api import IllegalMove
from tabletop.takenoko.moves import PandaAction, RainOn, TakeImprovement
from tabletop.kernel.engine import evolve
from tabletop.takenoko.state import ChooseAction, Clouds, Rain, Storm, Turn, WeatherChoice

from .helpers import legal, play, starting

E, SE, SW, W, NW, NE = (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)


# --- setup --------------------------------------------------------------------------------------


def test_setup_pond_in_the_centre_with_panda_and_gardener():
    state = new_game(2, seed=1)
    assert not state.garden and state.gardener == (0, 0) and state.panda == (0, 0)


def test_setup_27_plots_with_the_reference_distribution():
    state = new_game(3, seed=2)
    tiles = Counter(state.tile_pile.cards())
    assert sum(tiles.values()) == 27
    assert tiles == Counter(
        {"G": 6, "GW": 2, "GE": 2, "GF": 1, "Y": 6, "YW": 1, "YE": 1, "YF": 1, "P": 4, "PW": 1, "PE": 1, "PF": 1}
    )


def test_setup_reserve_of_20_channels_and_9_improvements():
    state = new_game(4, seed=3)
    assert state.reserve_channels == 20 and state.reserve_improvements == (3, 3, 3)


def test_setup_one_hidden_objective_of_each_type_per_player():
    state = new_game(4, seed=4)
    cards = STANDARD.cards
    for board in state.boards:
        assert sorted(cards[c].kind for c in board.hand) == ["gardener", "panda", "plot"]
    assert [len(d) for d in state.decks] == [11, 11, 11]


def test_setup_start_player_drawn_with_the_seed():
    starts = {new_game(4, seed=s).start_player for s in range(30)}
    assert starts == {0, 1, 2, 3}
    assert new_game(3, seed=9).start_player == new_game(3, seed=9).start_player
    assert new_game(3, seed=9).current == new_game(3, seed=9).start_player


def test_setup_refuses_other_player_counts_and_unknown_options():
    with pytest.raises(ValueError):
        new_game(5)
    with pytest.raises(TypeError):
        new_game(2, colour_blind=True)
    with pytest.raises(ValueError):
        new_game(2, clouds_when_empty="nothing")


def test_component_data_is_validated_naming_table_and_field(tmp_path):
    for name in ("plots.toml", "supplies.toml", "objectives.toml"):
        (tmp_path / name).write_text((load_components.__globals__["DATA_DIR"] / name).read_text())
    assert load_components(tmp_path) == STANDARD
    text = (tmp_path / "supplies.toml").read_text().replace("count = 20", "count = 19")
    (tmp_path / "supplies.toml").write_text(text)
    with pytest.raises(InvalidData, match=r"\[channels\].*'count'"):
        load_components(tmp_path)


def test_component_data_needs_source_and_status(tmp_path):
    for name in ("plots.toml", "supplies.toml", "objectives.toml"):
        text = (load_components.__globals__["DATA_DIR"] / name).read_text()
        if name == "plots.toml":
            text = text.replace('status = "certain"', 'status = "guess"')
        (tmp_path / name).write_text(text)
    with pytest.raises(InvalidData, match=r"\[plots\].*'status'"):
        load_components(tmp_path)


# --- weather ------------------------------------------------------------------------------------


def test_first_round_has_no_weather():
    state = new_game(3, seed=5)
    for _ in range(3):
        assert state.turn.weather == "" and isinstance(state.pending, ChooseAction)
        state = play(state, *_two_quick_actions(state))
    assert state.turn_number == 4


def test_weather_rolled_from_each_players_second_turn():
    weathers = set()
    for seed in range(12):
        state = new_game(2, seed=seed)
        for _ in range(2):
            state = play(state, *_two_quick_actions(state))
        weathers.add(state.turn.weather or type(state.pending).__name__)
    assert weathers & {"sun", "wind", "rain", "storm", "clouds", "WeatherChoice", "Rain", "Storm", "Clouds"}
    assert "" not in weathers


def _two_quick_actions(state):
    moves = ["irrigation", "objective panda" if state.decks[2] else "objective plot"]
    return moves


def test_turn_keeps_the_actions_it_allows_out_of_its_equality_json_and_copies():
    state = position({E: "G"}, weather="wind")
    assert legal(state) >= {"plot", "irrigation", "gardener 1,0", "panda 1,0"}
    turn = state.turn
    assert turn.allowed == 0b11111  # kept by the listing: the Wind allows every action
    assert turn == Turn("wind") and hash(turn) == hash(Turn("wind"))
    assert "allowed" not in state.to_json()
    assert evolve(turn, actions=("plot",)).allowed is None  # a copy works it out again
    after = play(state, "irrigation", "irrigation")
    assert after.current == 1 or after.turn.allowed == 0


def test_sun_gives_a_third_action_different_from_the_others():
    state = position({E: "G"}, weather="sun")
    state = play(state, "irrigation", "panda 1,0")
    assert starting(state, "irrigation") == set() and starting(state, "panda") == set()
    assert "gardener 1,0" in legal(state) and "end" in legal(state)
    state = play(state, "gardener 1,0")
    assert state.current == 1


def test_without_wind_the_two_actions_differ():
    state = play(position({E: "G"}), "irrigation")
    assert "irrigation" not in legal(state)


def test_wind_allows_two_identical_actions():
    state = play(position({E: "G"}, weather="wind"), "irrigation")
    assert "irrigation" in legal(state)
    state = play(state, "irrigation")
    assert state.current == 1 or state.boards[0].channels == 2


def test_rain_grows_one_irrigated_plot_of_choice():
    state = position({E: "G", NE: "G", (2, -1): "Y"}, bamboo={E: 1}, roll="rain")
    assert isinstance(state.pending, Rain)
    assert starting(state, "rain") == {"rain 1,0", "rain 1,-1"}  # (2,-1) is dry
    state = play(state, "rain 1,0")
    assert state.garden[E].bamboo == 2 and isinstance(state.pending, ChooseAction)


def test_rain_on_fertilizer_adds_two_and_caps_at_four():
    state = position({E: "GF", NE: "Y"}, bamboo={E: 1, NE: 4}, roll="rain")
    assert "rain 1,-1" not in legal(state)  # already at 4
    assert play(state, "rain 1,0").garden[E].bamboo == 3


def test_weather_effects_are_optional():
    state = position({E: "G"}, roll="rain")
    state = play(state, "skip")
    assert state.garden[E].bamboo == 0 and isinstance(state.pending, ChooseAction)


def test_rain_without_a_plot_to_grow_asks_nothing():
    state = position({}, roll="rain")
    assert isinstance(state.pending, ChooseAction)


def test_storm_puts_the_panda_on_any_plot_where_it_eats():
    plots = {E: "G", NE: "G", (2, -1): "P"}
    state = position(plots, bamboo={NE: 2}, roll="storm")
    assert isinstance(state.pending, Storm)
    assert starting(state, "storm") == {"storm 1,0", "storm 1,-1", "storm 2,-1"}
    state = play(state, "storm 1,-1")
    assert state.panda == NE and state.garden[NE].bamboo == 1 and state.boards[0].bamboo == (1, 0, 0)


def test_storm_panda_does_not_eat_on_enclosure():
    state = position({E: "GE"}, bamboo={E: 2}, roll="storm")
    state = play(state, "storm 1,0")
    assert state.garden[E].bamboo == 2 and state.boards[0].bamboo == (0, 0, 0)


def test_clouds_takes_an_improvement_to_place_now_or_later():
    state = position({E: "G"}, roll="clouds")
    assert isinstance(state.pending, Clouds)
    assert legal(state) == {"clouds watershed", "clouds fertilizer", "clouds enclosure", "skip"}
    state = play(state, "clouds enclosure")
    assert state.boards[0].improvements == (0, 0, 1) and state.reserve_improvements == (3, 3, 2)
    assert "improve 1,0 enclosure" in legal(state)


def test_clouds_with_an_empty_reserve_chooses_another_weather():
    state = position({E: "G"}, stocks=[{"watershed": 3, "fertilizer": 3, "enclosure": 3}, {}], roll="clouds")
    assert state.pending == WeatherChoice(0, ("sun", "rain", "wind", "storm"))
    state = play(state, "weather sun")
    assert state.turn.weather == "sun" and state.turn.allowance == 3


def test_question_mark_chooses_any_of_the_five_weathers():
    state = position({E: "G"}, roll="?")
    assert legal(state) == {"weather sun", "weather rain", "weather wind", "weather storm", "weather clouds"}
    state = play(state, "weather wind")
    assert state.turn.weather == "wind"


def test_question_mark_without_improvements_left_offers_no_clouds():
    state = position({E: "G"}, stocks=[{"watershed": 3, "fertilizer": 3, "enclosure": 3}, {}], roll="?")
    assert "weather clouds" not in legal(state)


# --- free moves at any time of the turn -----------------------------------------------------------


def test_objective_completed_at_any_time_of_the_turn_even_during_the_weather():
    state = position({E: "G"}, bamboo={E: 2}, hands=[("A01",), ()], stocks=[{"green": 2}, {}], roll="storm")
    assert isinstance(state.pending, Storm) and "complete A01" in legal(state)
    state = play(state, "complete A01")
    assert isinstance(state.pending, Storm)  # the weather's decision is still open
    state = play(state, "storm 1,0")
    assert state.boards[0].completed == ("A01",) and state.boards[0].bamboo == (1, 0, 0)


def test_stored_channel_placed_before_the_rain_waters_the_plot_it_grows():
    plots = {E: "G", NE: "G", (2, -1): "Y"}
    state = position(plots, bamboo={E: 4, NE: 4}, stocks=[{"channels": 2}, {}], roll="rain")
    # No plot can grow yet, but the stored channels can water one first.
    assert isinstance(state.pending, Rain) and starting(state, "rain") == set()
    state = play(state, "channel 1,-1|1,0", "channel 1,-1|2,-1")
    assert starting(state, "rain") == {"rain 2,-1"}
    state = play(state, "rain 2,-1")
    assert state.garden[(2, -1)].bamboo == 2 and isinstance(state.pending, ChooseAction)


def test_weather_that_can_only_be_declined_is_declined_at_once():
    state = position({E: "G", NE: "G"}, bamboo={E: 4, NE: 4}, stocks=[{"channels": 1}, {}], roll="rain")
    assert legal(state) == {"channel 1,-1|1,0", "skip"}
    state = play(state, "channel 1,-1|1,0")  # waters nothing new: the rain has nothing left to grow
    assert isinstance(state.pending, ChooseAction) and state.turn.weather == "rain"


def test_stored_improvement_placed_before_the_rain():
    state = position({E: "G"}, stocks=[{"fertilizer": 1}, {}], roll="rain")  # irrigated, its bamboo eaten to nothing
    state = play(state, "improve 1,0 fertilizer", "rain 1,0")
    assert state.garden[E].bamboo == 2


def test_turn_goes_on_after_the_last_action_while_an_objective_can_be_completed():
    state = position({E: "G"}, bamboo={E: 2}, hands=[("A01",), ()], stocks=[{"green": 1}, {}])
    state = play(state, "irrigation", "panda 1,0")
    assert state.current == 0 and legal(state) >= {"complete A01", "end"}
    state = play(state, "complete A01")
    assert state.current == 1  # nothing left to do: the turn ended by itself


def test_storm_cannot_send_the_panda_to_the_pond():
    state = position({E: "G"}, panda=E, roll="storm")
    assert "storm 0,0" not in legal(state) and "storm 1,0" in legal(state)


def test_wind_does_not_force_identical_actions():
    state = play(position({E: "G"}, weather="wind"), "irrigation", "panda 1,0")
    assert state.current == 1 or "end" in legal(state)


def test_question_mark_clouds_takes_an_improvement():
    state = play(position({E: "G"}, roll="?"), "weather clouds")
    assert isinstance(state.pending, Clouds) and state.turn.weather == "clouds"


def _face_rolled(state):
    """The face shown at the start of the turn: "?" while its weather is being chosen."""
    if isinstance(state.pending, WeatherChoice) and state.turn.weather == "":
        return "?"
    return state.turn.weather


def test_weather_die_has_six_faces_rolled_at_the_start_players_second_turn():
    faces = Counter()
    for seed in range(240):
        state = new_game(3, seed=seed)
        for _ in range(3):
            assert state.turn.weather == ""
            state = play(state, *_two_quick_actions(state))
        assert state.turn_number == 4 and state.current == state.start_player
        faces[_face_rolled(state)] += 1
    assert set(faces) == {"sun", "rain", "wind", "storm", "clouds", "?"}
    assert min(faces.values()) >= 20  # a fair six-sided die: about 40 of each


def test_rain_on_unirrigated_plot_is_refused():
    state = position({E: "G", NE: "G", (2, -1): "Y"}, roll="rain")
    before = state.to_json()
    with pytest.raises(IllegalMove, match="irrigated plot"):
        state.apply(RainOn((2, -1)))
    assert state.to_json() == before


def test_rain_never_grows_a_bamboo_above_four_sections():
    state = position({E: "G", NE: "G"}, bamboo={E: 4, NE: 3}, roll="rain")
    assert starting(state, "rain") == {"rain 1,-1"}
    with pytest.raises(IllegalMove):
        state.apply(RainOn(E))


def test_storm_with_no_plot_in_the_garden_asks_nothing():
    state = position({}, roll="storm")
    assert isinstance(state.pending, ChooseAction) and state.turn.weather == "storm"


def test_storm_panda_eats_only_one_section_for_the_player():
    state = position({E: "P"}, bamboo={E: 4}, panda=E, roll="storm")
    state = play(state, "storm 1,0")  # it may even stay where it is
    assert state.garden[E].bamboo == 3 and state.boards[0].bamboo == (0, 0, 1)


def test_wind_allows_no_more_than_two_actions():
    state = position({E: "G", NE: "G"}, weather="wind")
    state = play(state, "irrigation", "irrigation")
    assert state.current == 0 and state.boards[0].channels == 2  # the channels can still be placed
    assert not (starting(state, "irrigation") | starting(state, "plot") | starting(state, "panda"))
    assert "end" in legal(state)


def test_without_sun_no_third_action():
    state = play(position({E: "G", NE: "G"}), "irrigation", "panda 1,0")
    assert state.current == 0 and legal(state) >= {"end", "channel 1,-1|1,0"}
    assert not any(m.split()[0] in ("plot", "gardener", "objective") for m in legal(state))


def test_sun_third_action_is_optional_and_must_differ_under_no_wind():
    state = position({E: "G"}, weather="sun", next_tiles=("Y", "Y", "Y"))
    state = play(state, "plot", "place 1,-1", "irrigation")
    assert "end" in legal(state) and "plot" not in legal(state) and "irrigation" not in legal(state)
    state = play(state, "end")
    assert state.current == 1


def test_sun_allows_no_fourth_action():
    state = play(position({E: "G"}, weather="sun"), "irrigation", "panda 1,0", "gardener 1,0")
    assert state.current == 1  # three actions taken: nothing more, so the turn ended


def test_question_mark_weather_must_be_chosen_before_any_action():
    state = position({E: "G"}, roll="?")
    assert isinstance(state.pending, WeatherChoice)
    assert not any(m.split()[0] in ("plot", "irrigation", "gardener", "panda", "objective") for m in legal(state))
    with pytest.raises(IllegalMove):
        state.apply(PandaAction(E))


def test_clouds_improvement_cannot_be_taken_when_its_kind_is_exhausted():
    state = position({E: "G"}, stocks=[{"fertilizer": 3}, {}], roll="clouds")
    assert starting(state, "clouds") == {"clouds watershed", "clouds enclosure"}
    with pytest.raises(IllegalMove):
        state.apply(TakeImprovement("fertilizer"))


def test_clouds_with_an_empty_reserve_offers_no_clouds_again():
    stocks = [{"watershed": 3, "fertilizer": 3, "enclosure": 3}, {}]
    state = position({E: "G"}, stocks=stocks, roll="clouds")
    assert legal(state) >= {"weather sun", "weather rain", "weather wind", "weather storm"}
    assert "weather clouds" not in legal(state) and "skip" not in legal(state)
    state = play(state, "weather storm")
    assert isinstance(state.pending, Storm) and state.turn.weather == "storm"
