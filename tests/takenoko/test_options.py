"""Each conflicting or silent reading of the sources (reference §9) is an option; defaults and variants."""

from __future__ import annotations

import json
import random
import shutil

import attrs
import pytest

from tabletop.kernel.api import InvalidData, InvalidRecord
from tabletop.kernel.hexgrid import edge
from tabletop.kernel.record import Record, record_of
from tabletop.takenoko import GAME, load_components, new_game
from tabletop.takenoko.components import DATA_DIR, STANDARD, components_from_data
from tabletop.takenoko.positions import position
from tabletop.takenoko.state import ChooseAction, Clouds, Declare, Options

from .helpers import force, legal, play, starting

E, SE, SW, W, NW, NE = (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)


def test_defaults_are_the_recommended_readings():
    assert GAME.options == {**attrs.asdict(Options()), "components": None, "chance": "sampled"}
    assert Options() == Options(
        weather=True,
        gardener_on_plot=False,
        clouds_when_empty="other_weather",
        rain_needs_irrigation=True,
        improvement_on_bamboo=False,
        fertilizer_first_shoot=True,
        improvement_before_shoot=True,
        exact_height=True,
        bamboo_supply="unlimited",
        declare_actions=False,
        redraw_satisfied=False,
        channel_on_pond_border=False,
        max_rounds=100,
    )


def test_gardener_on_plot_option_needs_the_gardener_there():
    plots = {E: "G"}
    assert "complete G04" in legal(position(plots, bamboo={E: 4}, hands=[("G04",), ()]))
    strict = position(plots, bamboo={E: 4}, hands=[("G04",), ()], gardener_on_plot=True)
    assert "complete G04" not in legal(strict)
    assert "complete G04" in legal(position(plots, bamboo={E: 4}, hands=[("G04",), ()], gardener_on_plot=True, gardener=E))


def test_clouds_move_improvement_variant_moves_a_placed_token():
    stocks = [{"watershed": 3, "fertilizer": 3, "enclosure": 2}, {}]
    state = position({E: "G", NE: "G"}, tokens={E: "enclosure"}, stocks=stocks, clouds_when_empty="move_improvement", roll="clouds")
    assert isinstance(state.pending, Clouds)
    assert starting(state, "clouds") == {"clouds move 1,0 1,-1"} and "skip" in legal(state)
    state = play(state, "clouds move 1,0 1,-1")
    assert state.garden[NE].improvement == "enclosure" and state.garden[E].improvement == ""


def test_moving_a_watershed_away_can_dry_a_plot_but_never_sprouts_it_twice():
    stocks = [{"watershed": 2, "fertilizer": 3, "enclosure": 3}, {}]
    plots = {E: "G", NE: "G", (2, -1): "Y"}
    state = play(position(plots, tokens={(2, -1): "watershed"}, stocks=stocks, clouds_when_empty="move_improvement", roll="clouds"), "clouds move 2,-1 1,0")
    assert not state.garden[(2, -1)].irrigated and state.garden[(2, -1)].sprouted


def test_rain_on_dry_plots_variant():
    state = position({E: "G", NE: "G", (2, -1): "Y"}, rain_needs_irrigation=False, roll="rain")
    assert "rain 2,-1" in legal(state)
    state = play(state, "rain 2,-1")
    assert state.garden[(2, -1)].bamboo == 1 and not state.garden[(2, -1)].irrigated


def test_improvement_on_bamboo_variant():
    stocks = [{"fertilizer": 1}, {}]
    assert "improve 1,0 fertilizer" not in legal(position({E: "G"}, bamboo={E: 1}, stocks=stocks))
    variant = position({E: "G"}, bamboo={E: 1}, stocks=stocks, improvement_on_bamboo=True)
    assert "improve 1,0 fertilizer" in legal(variant)


def test_improvement_never_on_a_plot_with_an_improvement():
    state = position({E: "GE", NE: "G"}, bamboo={NE: 1}, stocks=[{"fertilizer": 1}, {}])
    assert starting(state, "improve") == set()  # (1,0) has one; (1,-1) has bamboo
    state = position({E: "GE", (2, -1): "G", NE: "G"}, bamboo={NE: 1}, stocks=[{"fertilizer": 1}, {}])
    assert starting(state, "improve") == {"improve 2,-1 fertilizer"}


def test_fertilizer_first_shoot_option():
    doubled = play(position({}, placing="GF"), "place 1,0")
    single = play(position({}, fertilizer_first_shoot=False, placing="GF"), "place 1,0")
    assert doubled.garden[E].bamboo == 2 and single.garden[E].bamboo == 1


def test_improvement_before_shoot_option():
    stocks = [{"enclosure": 1}, {}]
    assert "place 1,0 +enclosure" in legal(position({}, stocks=stocks, placing="G"))
    assert not any("+" in m for m in legal(position({}, stocks=stocks, improvement_before_shoot=False, placing="G")))


def test_exact_height_option_for_multi_bamboo_cards():
    plots = {E: "P", NE: "P"}
    state = position(plots, bamboo={E: 3, NE: 4}, hands=[("G15",), ()])
    assert "complete G15" not in legal(state)
    assert "complete G15" in legal(position(plots, bamboo={E: 3, NE: 4}, hands=[("G15",), ()], exact_height=False))


def test_limited_bamboo_supply_stops_growth():
    state = position({E: "P"}, bamboo={E: 1}, stocks=[{"pink": 23}, {}], bamboo_supply="later")
    assert state.reserve_bamboo[2] == 0
    state = play(state, "gardener 1,0")
    assert state.garden[E].bamboo == 1


def test_unlimited_supply_never_runs_out():
    # The rulebook's advice: when a colour runs out, sections of another stand in. The reserve
    # is then not counted at all (no count ever goes below zero).
    state = position({E: "P"}, bamboo={E: 1}, stocks=[{"pink": 30}, {}])
    state = play(state, "gardener 1,0")
    assert state.garden[E].bamboo == 2 and state.reserve_bamboo is None


def test_declare_actions_variant_fixes_the_actions_first():
    state = new_game(2, seed=4, declare_actions=True)
    assert isinstance(state.pending, Declare)
    assert "declare plot objective" in legal(state)
    state = play(state, "declare plot objective")
    assert starting(state, "irrigation") == set() and "plot" in legal(state)


def test_redraw_satisfied_objective_variant():
    second = "G07"
    state = position({E: "G"}, bamboo={E: 4}, redraw_satisfied=True, next_cards={"gardener": ("G04", second)})
    state = play(state, "objective gardener")
    assert state.decks[1].bottom[-1] == "G04" and state.boards[0].hand == (second,)
    assert state.turn.actions == ("objective",)


def test_redraw_satisfied_keeps_the_last_card_when_all_are_satisfied():
    state = position({E: "G"}, bamboo={E: 4}, redraw_satisfied=True, decks={"gardener": ("G04",)})
    state = force(state, "objective gardener")
    assert state.boards[0].hand == ("G04",) and len(state.decks[1]) == 0


def test_channel_on_pond_border_variant():
    state = position({E: "G"}, stocks=[{"channels": 1}, {}], channel_on_pond_border=True)
    assert "channel 0,0|1,0" in legal(state)
    state = play(state, "channel 0,0|1,0")
    assert edge((0, 0), E) in state.channels


def test_max_rounds_stops_a_stalled_game():
    state = new_game(2, seed=1, max_rounds=1)
    for _ in range(2):
        state = play(state, "irrigation", "objective panda")
    assert state.pending is None and state.emperor is None


def test_game_without_weather():
    state = new_game(2, seed=2, weather=False)
    for _ in range(3):
        state = play(state, "irrigation", "objective panda")
    assert state.turn.weather == "" and isinstance(state.pending, ChooseAction)


def test_plot_action_with_wind_twice():
    state = position({}, weather="wind", next_tiles=("G", "G", "G", "Y", "Y", "Y"))
    state = play(state, "plot", "place 1,0", "plot", "place 0,1")
    assert len(state.garden) == 2


# --- checking the options -----------------------------------------------------------------------

FLAGS = [name for name, value in attrs.asdict(Options()).items() if isinstance(value, bool)]


@pytest.mark.parametrize("name", FLAGS)
@pytest.mark.parametrize("value", ["maybe", "yes", 1, 0, None])
def test_a_flag_option_takes_only_true_or_false(name, value):
    with pytest.raises(ValueError, match=rf"option '{name}' takes True or False, not {value!r}"):
        new_game(3, seed=1, **{name: value})
    assert getattr(new_game(3, seed=1, **{name: False}).options, name) is False


@pytest.mark.parametrize(
    ("name", "value", "allowed"),
    [
        ("clouds_when_empty", "nothing", "'other_weather', 'move_improvement'"),
        ("clouds_when_empty", None, "'other_weather', 'move_improvement'"),
        ("bamboo_supply", 2011, "'unlimited', '2011', 'later'"),
        ("bamboo_supply", "Later", "'unlimited', '2011', 'later'"),
    ],
)
def test_a_choice_option_takes_only_its_choices(name, value, allowed):
    with pytest.raises(ValueError, match=f"option '{name}' takes one of {allowed}, not {value!r}"):
        new_game(2, seed=1, **{name: value})


@pytest.mark.parametrize("value", ["x", "10", True, 2.0, -1])
def test_max_rounds_takes_only_a_whole_number_from_zero(value):
    with pytest.raises(ValueError, match=r"option 'max_rounds' takes a whole number >= 0, not"):
        new_game(2, seed=1, max_rounds=value)
    assert new_game(2, seed=1, max_rounds=0).options.max_rounds == 0


def test_an_unknown_option_is_a_type_error_listing_the_options():
    with pytest.raises(TypeError, match=r"no option 'wether' \(its options: weather, .* max_rounds, components"):
        new_game(2, seed=1, wether=False)
    with pytest.raises(TypeError, match="no option 'colour_blind'"):
        position({}, colour_blind=True)


@pytest.mark.parametrize("value", [7, ["plots.toml"], b"data"])
def test_the_components_option_takes_components_a_folder_or_their_data(value):
    with pytest.raises(ValueError, match="option 'components' takes a Components object, the folder"):
        new_game(2, seed=1, components=value)


def test_a_saved_state_with_a_bad_option_is_refused_naming_it():
    data = json.loads(new_game(2, seed=1).to_json())
    data["options"]["weather"] = 1
    with pytest.raises(InvalidRecord, match="weather"):
        GAME.from_json(json.dumps(data))


# --- corrected components -----------------------------------------------------------------------


def _custom_data():
    """The standard data with a stronger Emperor and other tile counts (still 27 plots)."""
    data = STANDARD.as_data()
    data["objectives.toml"]["emperor"]["points"] = 3
    data["plots.toml"]["plots"]["tiles"][0]["count"] = 5
    data["plots.toml"]["plots"]["tiles"][4]["count"] = 7
    return data


def _random_moves(state, seed, n=30):
    chooser = random.Random(seed)
    for _ in range(n):
        if state.is_over:
            break
        state = state.apply(chooser.choice(state.legal_moves()))
    return state


def _corrected_folder(tmp_path):
    """A copy of the data files with a stronger Emperor (3 points)."""
    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    text = (folder / "objectives.toml").read_text()
    (folder / "objectives.toml").write_text(text.replace("points = 2\n", "points = 3\n"))
    return folder


def test_components_are_given_as_object_folder_or_data_alike(tmp_path):
    by_folder = new_game(2, seed=4, components=str(_corrected_folder(tmp_path)))
    assert by_folder.components.emperor_points == 3
    by_data = new_game(2, seed=4, components=by_folder.components.as_data())
    assert by_data.to_json() == new_game(2, seed=4, components=by_folder.components).to_json() == by_folder.to_json()


def test_the_data_of_components_loads_back_to_equal_components():
    assert components_from_data(STANDARD.as_data()) == STANDARD
    custom = components_from_data(_custom_data())
    assert components_from_data(custom.as_data()) == custom != STANDARD
    json.dumps(custom.as_data())  # plain JSON values


def test_components_changed_after_loading_are_not_recorded_with_stale_data():
    changed = attrs.evolve(STANDARD, emperor_points=5)
    state = new_game(2, seed=1, components=changed)
    with pytest.raises(ValueError, match="differ from the data files they were loaded from"):
        record_of(GAME, state, 1, {"components": changed})


@pytest.mark.parametrize("given", ["object", "data", "folder"])
def test_a_record_with_corrected_components_replays_bit_for_bit(tmp_path, given):
    if given == "folder":
        option = _corrected_folder(tmp_path)
        custom = load_components(option)
    else:
        custom = components_from_data(_custom_data())
        option = custom if given == "object" else custom.as_data()
    options = {"components": option, "weather": False}
    state = _random_moves(new_game(3, seed=9, **options), seed=9)
    assert state.components == custom != STANDARD and len(state.history) == 30
    text = record_of(GAME, state, 9, options).to_json()
    if given == "folder":
        shutil.rmtree(option)  # the record needs no folder
    record = Record.from_json(text)
    assert record.options["components"] == custom.as_data()
    again = GAME.replay(record)
    assert again.components == custom and again.to_json() == state.to_json()


def test_a_record_of_standard_components_stores_none():
    state = _random_moves(new_game(2, seed=3, components=STANDARD), seed=3, n=5)
    record = record_of(GAME, state, 3, {"components": STANDARD})
    assert record.options.get("components") is None
    assert GAME.replay(record.to_json()).to_json() == state.to_json()


def test_a_record_with_corrupt_components_names_the_field():
    custom = components_from_data(_custom_data())
    state = _random_moves(new_game(2, seed=5, components=custom), seed=5, n=10)
    data = json.loads(record_of(GAME, state, 5, {"components": custom}).to_json())
    tiles = data["options"]["components"]["plots.toml"]["plots"]["tiles"]
    tiles[0]["count"] = "five"
    with pytest.raises(InvalidRecord, match=r"'options'.*plots.toml: table \[plots\], field 'count': must be of type int"):
        GAME.replay(json.dumps(data))
    tiles[0]["count"] = 5
    del data["options"]["components"]["objectives.toml"]
    with pytest.raises(InvalidRecord, match="objectives.toml: the data file is missing"):
        GAME.replay(json.dumps(data))
    with pytest.raises(InvalidData, match=r"table \[emperor\], field 'points'"):
        components_from_data(_custom_data() | {"objectives.toml": {**_custom_data()["objectives.toml"], "emperor": {
            "source": "x", "status": "certain", "points": None}}})
