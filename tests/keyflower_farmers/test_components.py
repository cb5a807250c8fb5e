"""The component data: the counts of the rulebooks' component lists, statuses, and defects refused."""

import pytest

from tabletop.keyflower_farmers.components import (
    DATA_DIR,
    DATA_FILES,
    ROAD,
    STANDARD,
    WATER,
    components_from_data,
    count,
    load_components,
)
from tabletop.kernel import tiles
from tabletop.kernel.api import InvalidData


def test_base_game_has_48_village_tiles_twelve_a_season():
    base = [t for t in STANDARD.village if not t.farmers]
    assert len(base) == 48
    for season in ("spring", "summer", "autumn", "winter"):
        assert sum(t.season == season for t in base) == 12
    assert sum(t.kind == "summer_boat" for t in base) == 4


def test_the_farmers_adds_21_hexes():
    farmers = [t for t in STANDARD.village if t.farmers]
    by_season = {s: sum(t.season == s for t in farmers) for s in ("spring", "summer", "autumn", "winter")}
    assert by_season == {"spring": 4, "summer": 4, "autumn": 4, "winter": 6}
    assert sum(t.kind == "summer_boat" for t in farmers) == 2
    assert len(farmers) + sum(t.farmers for t in STANDARD.turn_order) == 21


def test_six_boats_six_home_tiles_four_base_turn_order_tiles():
    assert len(STANDARD.boats) == 6
    assert [h.number for h in STANDARD.homes] == [1, 2, 3, 4, 5, 6]
    assert sorted(t.number for t in STANDARD.turn_order if not t.farmers) == [1, 2, 3, 4]


def test_supplies_match_the_component_lists():
    assert sum(n for _, n in STANDARD.workers) + STANDARD.purple == 141
    assert sum(n for _, n in STANDARD.skills) == 48
    assert sum(n for _, n in STANDARD.resources) == 120
    assert dict(STANDARD.animals) == {"sheep": 32, "pig": 24, "cow": 12}
    assert STANDARD.wheat == 30


def test_road_counts_per_kind_of_hex():
    """Base rulebook: home 5 roads, spring 4, summer 3, summer boats 0, autumn 2, winter 1;
    The Farmers: the Sheep shelter has none."""
    expected = {"spring": 4, "summer": 3, "autumn": 2, "winter": 1}
    for tile in STANDARD.village:
        roads = tile.sides.count(ROAD)
        if tile.kind == "summer_boat" or tile.code == "sheep_shelter":
            assert roads == 0, tile.code
        else:
            assert roads == expected[tile.season], tile.code
    for home in STANDARD.homes:
        assert home.sides.count(ROAD) == 5 and home.sides.count(WATER) == 1


def test_boats_in_play_equal_the_players():
    for players in range(2, 7):
        assert len(STANDARD.boats_for(players)) == players


def test_turn_order_tiles_per_player_count_and_the_purple_on_the_highest():
    for farmers in (False, True):
        for players, expected in zip(range(2, 7), (1, 2, 3, 4, 4)):
            used = STANDARD.turn_order_for(players, farmers)
            assert [tile.number for tile, _ in used] == list(range(1, expected + 1))
            assert [face.purple for _, face in used] == [False] * (expected - 1) + [True]
            assert all(tile.farmers == (farmers and tile.number <= 3) for tile, _ in used)


def test_the_tiles_giving_at_the_boat_pick_are_the_purple_and_the_farmers_ones():
    for farmers in (False, True):
        for players in range(2, 7):
            used = STANDARD.turn_order_for(players, farmers)
            expected = [(f"order{tile.number}", face.purple, tile.gives) for tile, face in used if tile.gives or face.purple]
            assert list(STANDARD.at_boat_pick(players, farmers)) == expected
            assert sum(purple for _, purple, _ in expected) == 1


def test_boats_are_loaded_a_worker_at_a_time_round_the_boats_then_the_skills():
    for players in range(2, 7):
        boats = STANDARD.boats_for(players)
        for season in ("spring", "summer", "autumn", "winter"):
            loads = STANDARD.loads(players, season)
            for boat in boats:
                side = boat.side_in(season)
                assert loads.count((boat.code, False)) == side.workers
                assert loads.count((boat.code, True)) == side.skills
            workers = [code for code, skill in loads if not skill]
            assert [skill for _, skill in loads] == sorted(skill for _, skill in loads)  # the workers first
            # Round the boats: the first worker of each boat comes aboard before any second one.
            firsts = [workers.index(boat.code) for boat in boats if boat.side_in(season).workers]
            assert firsts == list(range(len(firsts)))


def test_sea_breese_chain_values():
    breese = next(b for b in STANDARD.boats if b.code == "sea_breese")
    assert breese.scoring.chain == (2, 4, 8, 16, 32)
    assert breese.side_in("spring") is breese.side_a
    assert breese.side_in("summer") is breese.side_b


def test_base_data_is_inferred_and_farmers_numbers_provisional():
    for tile in STANDARD.village:
        if tile.farmers and tile.kind != "summer_boat":
            assert STANDARD.status_of(tile.code) == "provisional"
        elif not tile.farmers:
            assert STANDARD.status_of(tile.code) == "inferred"
    assert all(t.status == "provisional" for t in STANDARD.turn_order if t.farmers)


def test_home_tile_has_five_fields():
    """The Farmers: each home hex has five fields, one bordering the river."""
    home = STANDARD.homes[0]
    spokes = tiles.spokes_of(home.sides, {ROAD})
    fields = tiles.fields_of({(0, 0): spokes}, tiles.open_between({(0, 0): home.sides}, {WATER}))
    assert len(fields.parts) == 5


def test_winter_tiles_score_as_the_rulebooks_say():
    keythedral = STANDARD.tile("keythedral").scoring
    assert keythedral is not None and (keythedral.rule, keythedral.points) == ("once", 12)
    dairy = STANDARD.tile("dairy").scoring
    assert dairy is not None and (dairy.rule, dairy.kind, dairy.points) == ("field_bonus", "cow", 7)
    craftsmen = STANDARD.tile("craftsmens_guild").scoring
    assert craftsmen is not None and dict(craftsmen.needs) == {"blue": 1, "red": 1, "yellow": 1}


def test_faces_give_what_the_tiles_print():
    keywood = STANDARD.tile("keywood")
    assert count(keywood.faces[0].gives, "wood") == 1 and count(keywood.faces[1].gives, "wood") == 3
    assert keywood.upgrade == (("saw", 1),)
    assert STANDARD.tile("inn").faces[1].gives == (("worker", 3),)
    assert STANDARD.tile("summer_boat_1").upgrade is None


def test_data_round_trips_through_as_data():
    assert components_from_data(STANDARD.as_data()) == STANDARD
    assert load_components(DATA_DIR) == STANDARD


def _data():
    return STANDARD.as_data()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["village.toml"]["spring"]["tiles"].pop(), r"village.toml: table \[spring\], field 'tiles': the box holds 12"),
        (lambda d: d["village.toml"]["spring"].pop("status"), r"table \[spring\], field 'status'"),
        (lambda d: d["village.toml"]["autumn"].pop("source"), r"table \[autumn\], field 'source'"),
        (lambda d: d["village.toml"]["spring"]["tiles"][0].update(sides="RRRRRR"), r"\[spring\], field 'sides of tiles\[0\] \(keywood\)': a spring building has 4 roads"),
        (lambda d: d["village.toml"]["spring"]["tiles"][0].update(sides="RRXRRG"), r"field 'sides'.*six letters"),
        (lambda d: d["village.toml"]["spring"]["tiles"][0]["front"].update(gives={"diamond": 1}), r"field 'gives': unknown item 'diamond'"),
        (lambda d: d["village.toml"]["spring"]["tiles"][0]["front"].update(ability="fly"), r"front of tiles\[0\] \(keywood\).ability': unknown ability"),
        (lambda d: d["village.toml"]["summer"]["tiles"][0]["front"].pop("pays"), r"an exchange face pays something"),
        (lambda d: d["village.toml"]["winter"]["tiles"][0]["scoring"].update(rule="lottery"), r"scoring of tiles\[0\] \(jeweller\).rule'"),
        (lambda d: d["supplies.toml"]["farmers"]["animals"].update(pig=12), r"supplies.toml: table \[farmers\], field 'animals'"),
        (lambda d: d["supplies.toml"]["farmers"].update(wheat=31), r"field 'wheat': 30 wheat"),
        (lambda d: d["supplies.toml"]["workers"]["counts"].update(green=19), r"table \[workers\], field 'counts'"),
        (lambda d: d["boats.toml"]["boats"]["tiles"][2].update(min_players=2), r"table \[boats\], field 'min_players'"),
        (lambda d: d["turn_order.toml"]["base"]["tiles"][3]["faces"][0].update(purple=False), r"table \[base\], field 'faces'.*purple"),
        (lambda d: d["home.toml"]["home"]["tiles"][0].update(sides="RRRRRR"), r"home.toml: table \[home\].*five roads and a river"),
        (lambda d: d["setup.toml"]["season_tiles"].update(per_season=[6, 7, 8, 9]), r"field 'per_season': must be a list of 5"),
        (lambda d: d.pop("boats.toml"), r"boats.toml: the data file is missing"),
    ],
)
def test_corrupt_data_is_refused_naming_the_table_and_field(change, message):
    data = _data()
    change(data)
    with pytest.raises(InvalidData, match=message):
        components_from_data(data)


def test_corrupt_files_are_named(tmp_path):
    for name in DATA_FILES:
        (tmp_path / name).write_text((DATA_DIR / name).read_text())
    (tmp_path / "boats.toml").write_text("[boats\nsource = 1")
    with pytest.raises(InvalidData, match="boats.toml: not valid TOML"):
        load_components(tmp_path)
    (tmp_path / "boats.toml").unlink()
    with pytest.raises(InvalidData, match="boats.toml: no such data file"):
        load_components(tmp_path)
