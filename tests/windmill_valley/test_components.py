"""Windmill Valley's component data: the rulebook's component list, the meaning checks, the
statuses, and defects refused naming the file, table and field. No test relies on a provisional
value beyond its structure (counts, ranges, kinds)."""

import json

import attrs
import pytest

from tabletop.kernel.api import InvalidData
from tabletop.windmill_valley.components import (
    ACTIONS,
    BORDERS,
    COLOURS,
    COMPONENTS,
    DATA_DIR,
    DATA_FILES,
    LARGE_WHEEL_ACTIONS,
    LEVELS,
    STANDARD,
    TIERS,
    Reward,
    components_from_data,
    load_components,
)


def _data():
    return json.loads(STANDARD.data_json)


def test_48_wheel_enhancement_tiles_24_common_12_uncommon_12_unique():
    assert (len(STANDARD.common), len(STANDARD.uncommon), len(STANDARD.unique)) == (24, 12, 12)
    assert all(t.tier == tier for tier in TIERS for t in STANDARD.stack(tier))


def test_enhancement_costs_0_1_2_and_display_2_1_1():
    assert STANDARD.tier_costs == (0, 1, 2)
    assert STANDARD.tier_display == (2, 1, 1)


def test_seven_promo_tiles_join_a_stack_only_with_the_option():
    assert len(STANDARD.promo) == 7
    assert all(t.tier == "promo" and t.stack in TIERS for t in STANDARD.promo)
    assert sum(len(STANDARD.stack(tier, promo=True)) - len(STANDARD.stack(tier)) for tier in TIERS) == 7


def test_promo_tiles_read_as_the_seed_prints_them():
    p1, p5 = STANDARD.tile("P1"), STANDARD.tile("P5")
    assert p1.gain.tools == 1 and p1.plus
    assert p5.action == "trade" and p5.effect == "trade_both"


def test_every_enhancement_text_of_the_appendix_is_a_design():
    designs = {t.id for t in (*STANDARD.common, *STANDARD.uncommon, *STANDARD.unique)}
    numbers = {int(code[1:3]) for code in designs}
    assert numbers == set(range(1, 30))


def test_uncommon_tiles_all_let_the_other_wheel_act():
    assert all(t.plus for t in STANDARD.uncommon)


def test_four_windmill_boards_with_six_and_five_spaces():
    assert [b.id for b in STANDARD.boards] == [1, 2, 3, 4]
    for board in STANDARD.boards:
        assert sorted(s.action for s in board.large) == sorted(LARGE_WHEEL_ACTIONS)
        assert [s.action for s in board.small] == ["lower"] * 5
        assert all(s.tier == "start" for s in (*board.large, *board.small))


def test_thirty_farm_cards_each_with_a_helper_and_a_contract():
    assert [c.id for c in STANDARD.farm_cards] == list(range(1, 31))
    assert {c.border for c in STANDARD.farm_cards} == set(BORDERS)
    for card in STANDARD.farm_cards:
        assert card.helper or card.helper_effect
        assert card.contract_vp > 0


def test_farm_cards_read_as_the_appendix_prints_them():
    first, last = STANDARD.farm_card(1), STANDARD.farm_card(30)
    assert (first.trigger, first.helper.action, first.helper.strength) == ("farm", "lower", 1)
    assert (first.contract, first.contract_arg, first.contract_vp) == ("mills_next_to", "guilders", 4)
    assert (last.trigger, last.helper.any_bulbs, last.contract, last.contract_arg) == ("plant", 1, "bulbs", "yellow")
    assert STANDARD.farm_card(12).contract_vp == 15
    assert STANDARD.farm_card(25).contract_arg == "black" and STANDARD.farm_card(25).contract_vp == 14
    assert STANDARD.farm_card(16).trigger_min == 2 and STANDARD.farm_card(17).trigger_min == 2
    assert STANDARD.farm_card(7).trigger == "floodgate"


def test_six_starting_cards_six_abilities_six_wishes():
    cards = STANDARD.starting
    assert [c.id for c in cards] == list(range(1, 7))
    assert len({c.ability for c in cards}) == len({c.wish for c in cards}) == 6
    assert all(c.trigger in ACTIONS for c in cards)
    assert sum(bool(c.wish_patches) for c in cards) == 1


def test_four_trade_cards_of_four_quarters():
    assert [c.id for c in STANDARD.trade_cards] == [1, 2, 3, 4]
    card = STANDARD.trade_cards[0]
    assert card.spot_rewards(3) == (card.quarters[3], card.quarters[0])


def test_windmills_36_nine_per_colour_in_groups_1_1_2_2_3():
    assert STANDARD.windmills == 36 and STANDARD.windmills_per_player == 9
    assert STANDARD.farm.group_sizes == (1, 1, 2, 2, 3)
    assert STANDARD.farm.group_values == (1, 1, 2, 2, 3)


def test_calendar_has_four_spaces_and_no_more_unique_rewards_than_15_x_tiles():
    assert STANDARD.x_tiles == 15
    assert len(STANDARD.calendar) == 4
    assert sum(len(space.unique) for space in STANDARD.calendar) <= 15
    assert all(1 <= players <= 4 for space in STANDARD.calendar for _, players in space.unique)


def test_water_track_0_to_8_in_three_bands_low_to_high():
    bands = STANDARD.water_bands
    assert len(bands) == 9 and STANDARD.water_max == 8
    assert bands[0] == "low" and bands[8] == "high" and list(bands) == sorted(bands, key=("low", "middle", "high").index)


def test_floodgate_opening_costs_1_and_2_for_1_and_3_vp_and_water_rises_0_1_2():
    assert STANDARD.open_costs == (1, 2) and STANDARD.open_vp == (1, 3)
    assert STANDARD.water_rise == (0, 1, 2)


def test_player_start_5_vp_one_tool_guilders_4_to_7_and_bulbs_by_seat():
    assert STANDARD.start_vp == 5 and STANDARD.start_tools == 1
    assert STANDARD.start_guilders == (4, 5, 6, 7)
    assert STANDARD.start_bulbs == COLOURS[:4]
    assert STANDARD.guilder_cap == 9


def test_storage_of_seven_the_two_rightmost_spaces_cost_extra():
    assert STANDARD.farm.storage_costs[:5] == (0,) * 5
    assert sorted(STANDARD.farm.storage_costs[5:]) == [1, 2]


def test_patches_are_4_rows_of_7_with_row_pairs_and_column_values():
    farm = STANDARD.farm
    assert len(farm.patches) == 4 and all(len(row) == 7 for row in farm.patches)
    assert all(low <= high for low, high in farm.row_values) and len(farm.row_values) == 4
    assert len(farm.column_values) == 7 and len(farm.helper_vp) == 3


def test_board_graph_paths_go_both_ways_and_reach_the_market():
    spaces = {s.id: s for s in STANDARD.spaces}
    assert all(space.id in spaces[other].neighbours for space in spaces.values() for other in space.neighbours)
    assert any(space.market for space in spaces.values())
    assert all(0 <= space.cost <= 4 for space in spaces.values())
    assert all(STANDARD.field(f) for space in spaces.values() for f in space.fields)


def test_three_market_areas_with_three_marker_spaces():
    assert len(STANDARD.market) == 3
    assert all(area.spaces == 3 and area.rewards for area in STANDARD.market)


def test_queens_wish_values_highest_first():
    assert list(STANDARD.wish_values) == sorted(STANDARD.wish_values, reverse=True)


def test_every_table_has_a_status_and_the_gaps_are_provisional():
    statuses = {(f, t): s for f, t, s in STANDARD.statuses}
    assert set(statuses.values()) <= {"certain", "inferred", "provisional"}
    assert statuses["board.toml", "box"] == "certain"
    assert statuses["farm_cards.toml", "helpers"] == "certain"
    for gap in (("board.toml", "board"), ("board.toml", "water_bands"), ("trade.toml", "cards"), ("starting.toml", "wishes")):
        assert statuses[gap] == "provisional"
    assert STANDARD.status_of("farm.toml", "windmill_groups") == "inferred"


def test_components_are_immutable_and_hashable():
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        STANDARD.farm = None
    assert hash(STANDARD) == hash(load_components())
    assert isinstance(STANDARD.farm.patches, tuple)


def test_empty_reward_is_false():
    assert not Reward() and Reward(vp=1)


def test_data_round_trips_through_as_data():
    assert components_from_data(STANDARD.as_data()) == STANDARD
    assert load_components(DATA_DIR) == STANDARD
    assert COMPONENTS.resolve(STANDARD.as_data()) is STANDARD
    assert COMPONENTS.data(STANDARD) is None


def test_changed_components_cannot_be_written_as_their_old_data():
    changed = attrs.evolve(STANDARD, start_vp=6)
    with pytest.raises(ValueError, match="differ from the data files"):
        changed.as_data()


def test_corrected_data_gives_other_components_that_records_store():
    data = _data()
    data["board.toml"]["queens_wish"]["values"] = [9, 5]
    corrected = COMPONENTS.resolve(data)
    assert corrected.wish_values == (9, 5)
    assert COMPONENTS.data(corrected) == data


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["enhancements.toml"]["common"]["tiles"].pop(), r"enhancements.toml: table \[common\], field 'tiles': the box holds 24"),
        (lambda d: d["enhancements.toml"]["unique"]["tiles"][0].update(copies=2), r"table \[unique\], field 'tiles': the box holds 12"),
        (lambda d: d["enhancements.toml"]["promo"]["tiles"].pop(), r"\[promo\], field 'tiles': PROMO 1 holds 7"),
        (lambda d: d["enhancements.toml"]["common"]["tiles"][0].update(action="dance"), r"\[common\], field 'action': unknown value 'dance'"),
        (lambda d: d["enhancements.toml"]["common"]["tiles"][0].update(effect="fly"), r"\[common\], field 'effect': unknown value 'fly'"),
        (lambda d: d["enhancements.toml"]["common"]["tiles"][2].update(strength=2), r"field 'strength of tiles\[2\] \(C03\)': only lower"),
        (lambda d: d["enhancements.toml"]["common"]["tiles"][0].update(strenght=2), r"field 'tiles\[0\] \(C01\)': unknown fields \['strenght'\]"),
        (lambda d: d["board.toml"]["box"].update(x_tiles=14), r"board.toml: table \[box\], field 'x_tiles': the rulebook's component list says 15"),
        (lambda d: d["board.toml"]["box"].pop("status"), r"table \[box\], field 'status'"),
        (lambda d: d["board.toml"]["market"].pop("source"), r"table \[market\], field 'source'"),
        (lambda d: d["board.toml"]["board"]["spaces"][0].update(cost=5), r"field 'cost of spaces\[0\] \(W00\)': a windmill space costs 0-4"),
        (lambda d: d["board.toml"]["board"]["spaces"][0]["neighbours"].pop(), r"field 'neighbours of spaces\[\d+\] \(W10\)': W00 does not name it back"),
        (lambda d: d["board.toml"]["board"]["spaces"][0].update(fields=["F99"]), r"field 'fields of spaces\[0\] \(W00\)': no such id 'F99'"),
        (lambda d: [s.update(market=False) for s in d["board.toml"]["board"]["spaces"]], r"\[board\], field 'spaces': every windmill space is joined to the Market"),
        (lambda d: d["board.toml"]["board"]["fields"][0].update(reward={"gold": 1}), r"unknown fields \['gold'\]"),
        (lambda d: d["board.toml"]["board"]["fields"][0].update(reward={"bulbs": ["blue"]}), r"field 'bulbs': unknown name 'blue'"),
        (lambda d: d["board.toml"]["water_bands"].update(high=9), r"\[water_bands\], field 'high': three bands"),
        (lambda d: d["board.toml"]["calendar_rewards"]["spaces"][0]["unique"].extend([{"reward": {"vp": 1}, "min_players": 1}] * 3), r"\[calendar_rewards\], field 'spaces': no more unique rewards than the 15 X tiles"),
        (lambda d: d["board.toml"]["calendar"].update(spaces=5), r"one entry per Calendar space"),
        (lambda d: d["board.toml"]["queens_wish"].update(values=[4, 8]), r"\[queens_wish\], field 'values': positive values, highest first"),
        (lambda d: d["board.toml"]["player"].update(start_guilders=[4, 5, 6, 10]), r"\[player\], field 'start_guilders': no start above the cap"),
        (lambda d: d["wheels.toml"]["boards"]["boards"][0]["large"].pop(), r"wheels.toml: table \[boards\], field 'large of boards\[0\]': 6 spaces"),
        (lambda d: d["wheels.toml"]["boards"]["boards"][1]["large"][0].update(action="plant"), r"field 'large of boards\[1\]': the six main actions once each"),
        (lambda d: d["wheels.toml"]["boards"]["boards"][0]["small"][0].update(action="plant"), r"five Lower the Water Level"),
        (lambda d: d["farm.toml"]["windmill_groups"].update(sizes=[1, 1, 2, 2, 2]), r"farm.toml: table \[windmill_groups\], field 'sizes': the groups hold a player's 9"),
        (lambda d: d["farm.toml"]["patches"]["rewards"].pop(), r"\[patches\], field 'rewards': 4 rows of 7"),
        (lambda d: d["farm.toml"]["rows"].update(values=[[8, 2]] * 4), r"\[rows\], field 'values\[0\]': a \(lower, higher\) pair"),
        (lambda d: d["farm_cards.toml"]["helpers"]["cards"].pop(), r"farm_cards.toml: table \[helpers\], field 'cards': cards numbered 1 to 30"),
        (lambda d: d["farm_cards.toml"]["contracts"]["cards"][0].update(contract="luck"), r"\[contracts\], field 'contract': unknown value 'luck'"),
        (lambda d: d["farm_cards.toml"]["contracts"]["cards"][20].update(contract_arg="blue"), r"\[contracts\], field 'contract_arg': unknown value 'blue'"),
        (lambda d: d["farm_cards.toml"]["helpers"]["cards"][0].update(trigger="sleep"), r"\[helpers\], field 'trigger': unknown value 'sleep'"),
        (lambda d: d["farm_cards.toml"]["borders"]["red"].append(30), r"\[borders\], field 'red': card 30 has one border|field 'blue': card 30"),
        (lambda d: d["starting.toml"]["wishes"]["cards"][2].pop("wish_patches"), r"starting.toml: table \[wishes\], field 'wish_patches of cards\[2\]'"),
        (lambda d: d["starting.toml"]["abilities"]["cards"][0].update(ability="fly"), r"\[abilities\], field 'ability': unknown value 'fly'"),
        (lambda d: d["trade.toml"]["cards"]["cards"][0]["quarters"].pop(), r"trade.toml: table \[cards\], field 'quarters of cards\[0\]': four quarters"),
        (lambda d: d["trade.toml"]["cards"]["cards"].pop(), r"\[cards\], field 'cards': 4 Foreign Trade cards"),
        (lambda d: d.pop("trade.toml"), r"trade.toml: the data file is missing"),
        (lambda d: d["gardener.toml"]["cards"]["cards"][0].update(floodgate=3), r"gardener.toml: table \[cards\], field 'cards\[0\]': floodgate -2..2"),
        (lambda d: d["gardener.toml"]["cards"]["cards"].pop(), r"\[cards\], field 'cards': cards numbered 1 to 20"),
        (lambda d: d["gardener.toml"]["difficulty"].update(removed=[[], [], [21]]), r"\[difficulty\], field 'removed'"),
        (lambda d: d["gardener.toml"]["build"]["order"].pop(), r"\[build\], field 'order': every windmill space once"),
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
    (tmp_path / "trade.toml").write_text("[cards\nsource = 1")
    with pytest.raises(InvalidData, match="trade.toml: not valid TOML"):
        load_components(tmp_path)
    (tmp_path / "trade.toml").unlink()
    with pytest.raises(InvalidData, match="trade.toml: no such data file"):
        load_components(tmp_path)


def test_twenty_gardener_cards_with_floodgate_changes_from_minus_2_to_2():
    cards = STANDARD.gardener_cards
    assert [c.id for c in cards] == list(range(1, 21))
    assert all(-2 <= c.floodgate <= 2 and 0 <= c.water <= 8 and c.colour in COLOURS for c in cards)
    assert all(len(c.market) == 2 and len(c.back_tiers) == 2 and 0 <= c.back_farm <= 2 for c in cards)


def test_hard_removes_g1_g7_g17_and_only_easy_plays_the_extra_round():
    assert STANDARD.level("hard").removed == (1, 7, 17)
    assert STANDARD.level("easy").removed == STANDARD.level("medium").removed == ()
    assert [STANDARD.level(n).extra_round for n in LEVELS] == [True, False, False]


def test_gardener_scores_enhancements_2_3_4_and_bulbs_1_1_or_3_per_2():
    assert [STANDARD.level(n).enhancement_vp for n in LEVELS] == [2, 3, 4]
    assert [(STANDARD.level(n).bulb_vp, STANDARD.level(n).bulb_per) for n in LEVELS] == [(1, 1), (1, 1), (3, 2)]
    assert [STANDARD.level(n).patches for n in LEVELS] == ["usual", "columns_any_colours", "any_colours"]


def test_gardener_build_order_names_every_space_once():
    assert sorted(STANDARD.gardener_order) == sorted(s.id for s in STANDARD.spaces)
    assert len(STANDARD.gardener_nearest) == len(STANDARD.market)
    assert all(STANDARD.space(s).market for s in STANDARD.gardener_nearest)
