"""The seven actions, one rule per test (component values are read from the data, much of which
is provisional)."""

from __future__ import annotations

from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.state import (
    AdjustFloodgate,
    BuildWindmill,
    Enhance,
    ForeignTrade,
    GainFarmCard,
    LowerWater,
    MarketChoice,
    PlantBulbs,
    VisitMarket,
)

from .helpers import asking, band_level, first_position, notations, play


# --- Lower the Water Level -------------------------------------------------------------------


def test_lower_water_in_the_low_band_pays_1_guilder_per_point():
    state = asking(first_position(water=band_level("low"), farms={0: {"guilders": 0}}), LowerWater(0, 2))
    assert notations(state) == ["lower 2g 0vp"]
    after = play(state, "lower 2g 0vp")
    assert after.farmers[0].guilders == 2 and after.water == 0


def test_lower_water_in_the_middle_band_pays_1_guilder_or_1_vp_per_point():
    state = asking(first_position(water=band_level("middle")), LowerWater(0, 2))
    assert notations(state) == ["lower 2g 0vp", "lower 1g 1vp", "lower 0g 2vp"]


def test_lower_water_in_the_high_band_pays_2_guilder_or_2_vp_per_point():
    level = band_level("high")
    state = asking(first_position(water=level, farms={0: {"guilders": 0}}), LowerWater(0, 1))
    assert notations(state) == ["lower 2g 0vp", "lower 0g 2vp"]
    after = play(state, "lower 0g 2vp")
    assert after.farmers[0].vp == 7 and after.water == level - 1


def test_lower_water_both_rewards_pays_guilder_and_vp():
    state = asking(first_position(water=band_level("high"), farms={0: {"guilders": 0}}), LowerWater(0, 1, both=True))
    after = play(state, "lower 2g 2vp")
    assert after.farmers[0].guilders == 2 and after.farmers[0].vp == 7


def test_lower_water_never_goes_below_0_but_pays_in_full():
    state = asking(first_position(water=1, farms={0: {"guilders": 0}}), LowerWater(0, 3))
    after = play(state, notations(state)[0])
    assert after.water == 0 and after.farmers[0].guilders == 3


def test_guilder_beyond_9_is_lost():
    state = asking(first_position(water=0, farms={0: {"guilders": 8}}), LowerWater(0, 3))
    assert play(state, "lower 3g 0vp").farmers[0].guilders == 9


# --- Enhance the Wheels ----------------------------------------------------------------------


def test_enhance_common_is_free_uncommon_costs_1_unique_costs_2():
    state = asking(first_position(farms={0: {"guilders": 3}}), Enhance(0))
    for slot, cost in ((0, 0), (2, 1), (3, 2)):
        after = play(state, f"install {slot} on large 3")
        assert after.farmers[0].guilders == 3 - cost
        assert after.farmers[0].large[3] == state.display[slot]


def test_enhance_offers_only_what_the_player_can_pay():
    state = asking(first_position(farms={0: {"guilders": 0}}), Enhance(0))
    slots = {m.split()[1] for m in notations(state) if m.startswith("install")}
    assert slots == {"0", "1"}


def test_enhancements_never_go_on_the_two_active_spaces():
    state = asking(first_position(farms={0: {"turned": 7}}), Enhance(0))
    large, small = state.farmers[0].active
    assert f"install 0 on large {large}" not in notations(state)
    assert f"install 0 on small {small}" not in notations(state)
    assert f"install 0 on large {(large + 1) % 6}" in notations(state)


def test_an_installed_enhancement_replaces_the_old_one_which_leaves_the_game():
    state = asking(first_position(farms={0: {"large": ("", "", "", "C01", "", "")}}), Enhance(0))
    after = play(state, "install 0 on large 3")
    assert after.farmers[0].large[3] == state.display[0]
    assert "C01" not in after.discards[0]


def test_the_display_slot_is_refilled_from_its_stack():
    state = asking(first_position(), Enhance(0))
    after = play(state, "install 2 on large 3")
    assert after.display[2] and len(after.stacks[1]) == len(state.stacks[1]) - 1


def test_refreshing_the_display_costs_1_guilder_and_discards_the_four():
    state = asking(first_position(farms={0: {"guilders": 2}}), Enhance(0))
    after = play(state, "refresh")
    assert after.farmers[0].guilders == 1
    assert sorted(after.discards[0]) == sorted(state.display[:2])
    assert all(after.display) and "refresh" not in notations(after)


def test_a_tier_that_runs_out_is_replaced_by_a_free_common_tile():
    from tabletop.kernel.pile import Pile

    state = first_position()
    empty = (state.stacks[0], Pile(()), state.stacks[2])
    state = asking(first_position(farms={0: {"guilders": 1}}, stacks=empty, discards=((), (), ())), Enhance(0))
    after = play(state, "install 2 on large 3")
    assert after.covered[2] and any(after.display[2] == t.id for t in BOX.common)


# --- Gain a Farm Enhancement -----------------------------------------------------------------


def test_a_hired_helper_goes_to_the_leftmost_free_slot_and_earns_its_vp():
    state = asking(first_position(), GainFarmCard(0))
    card = state.offer[1]
    after = play(state, "helper 1")
    assert after.farmers[0].helpers == (state.farmers[0].helpers[0], str(card))
    assert after.farmers[0].vp == 5 + BOX.farm.helper_vp[1]


def test_a_contract_goes_to_the_leftmost_free_contract_slot():
    state = asking(first_position(), GainFarmCard(0))
    after = play(state, "contract 0")
    assert after.farmers[0].contracts == (state.offer[0],) and after.farmers[0].vp == 5


def test_with_full_slots_a_card_replaces_one_without_the_slot_vp():
    state = asking(first_position(farms={0: {"contracts": (28, 29, 30)}}), GainFarmCard(0))
    assert "contract 0" not in notations(state)
    after = play(state, "contract 0 over 1")
    assert after.farmers[0].contracts == (28, state.offer[0], 30) and 29 in after.discard


def test_the_farm_offer_is_refilled_and_may_be_refreshed_for_1_guilder():
    state = asking(first_position(), GainFarmCard(0))
    after = play(state, "helper 0")
    assert all(after.offer)
    refreshed = play(state, "refresh")
    assert refreshed.farmers[0].guilders == state.farmers[0].guilders - 1
    assert set(refreshed.discard) == set(state.offer) and all(refreshed.offer)


def test_taking_no_farm_card_is_allowed():
    state = asking(first_position(), GainFarmCard(0))
    assert "done" in notations(state)


# --- Build a Windmill ------------------------------------------------------------------------


def _market_space() -> str:
    return next(s.id for s in BOX.spaces if s.market)


def test_the_first_windmills_stand_next_to_the_market():
    state = asking(first_position(farms={0: {"guilders": 9}}), BuildWindmill(0))
    spaces = {m.split()[-1] for m in notations(state)}
    assert spaces == {s.id for s in BOX.spaces if s.market}


def test_a_windmill_next_to_a_connected_one_may_be_built():
    start = _market_space()
    state = asking(first_position(mills={start: 1}, farms={0: {"guilders": 9}}), BuildWindmill(0))
    spaces = {m.split()[-1] for m in notations(state)}
    neighbours = {BOX.spaces[i].id for i in BOX.neighbours[BOX.space_index[start]]}
    assert neighbours - {start} <= spaces


def _token_only(space_id: str) -> bool:
    rewards = [BOX.field(f).reward for f in BOX.space(space_id).fields]
    return all(not (r.bulbs or r.any_bulbs or r.action or r.plant_bulbs or r.score_contract) for r in rewards)


def test_building_pays_the_space_cost_and_gains_the_adjacent_fields():
    start = next(s.id for s in BOX.spaces if _token_only(s.id))
    space = BOX.space(start)
    farm = {"guilders": space.cost, "tools": 0, "vp": 0}
    state = asking(first_position(farms={0: farm}), BuildWindmill(0, unconnected=True))
    after = play(state, f"build 4 at {start}")
    fields = [BOX.field(f).reward for f in space.fields]
    assert after.farmers[0].guilders == min(9, sum(r.guilders for r in fields))
    assert after.farmers[0].tools == sum(r.tools for r in fields)
    assert after.farmers[0].vp == sum(r.vp for r in fields)
    assert after.mills[BOX.space_index[start]] == 0 and after.farmers[0].windmills[4] == 2


def test_the_path_to_the_market_gives_1_vp_to_each_other_owner():
    start = _market_space()
    beyond = next(
        BOX.spaces[i].id for i in BOX.neighbours[BOX.space_index[start]] if not BOX.by_market[i]
        and not any(BOX.by_market[j] for j in BOX.neighbours[i] if j != BOX.space_index[start])
    )
    state = asking(first_position(mills={start: 1}, farms={0: {"guilders": 9}}), BuildWindmill(0))
    after = play(state, f"build 0 at {beyond}")
    assert after.farmers[1].vp == 6


def test_the_path_through_own_windmills_gives_nothing():
    start = _market_space()
    beyond = next(BOX.spaces[i].id for i in BOX.neighbours[BOX.space_index[start]] if not BOX.by_market[i])
    state = asking(first_position(mills={start: 0}, farms={0: {"guilders": 9}}), BuildWindmill(0))
    vp = state.farmers[0].vp
    after = play(state, f"build 0 at {beyond}")
    assert after.farmers[1].vp == 5 and after.farmers[0].vp >= vp


def test_an_unconnected_windmill_may_be_built_with_the_tile_and_extends_no_network():
    far = next(s for s in BOX.spaces if not s.market and not any(BOX.space(n).market for n in s.neighbours))
    state = asking(first_position(farms={0: {"guilders": 9}}), BuildWindmill(0, unconnected=True))
    assert any(m.endswith(f" {far.id}") for m in notations(state))
    after = play(state, f"build 0 at {far.id}")
    while after.to_move == 0 and not isinstance(after.pending, AdjustFloodgate):
        after = after.apply(after.legal_moves()[-1])  # the fields' rewards, declined
    again = asking(after, BuildWindmill(0))
    spaces = {m.split()[-1] for m in notations(again)}
    assert spaces == {s.id for s in BOX.spaces if s.market}


def test_a_windmill_needs_the_guilder_for_its_space():
    state = asking(first_position(farms={0: {"guilders": 0}}), BuildWindmill(0))
    costs = {m.split()[-1]: BOX.space(m.split()[-1]).cost for m in notations(state) if m.startswith("build")}
    assert costs and all(cost == 0 for cost in costs.values())


# --- Visit the Market ------------------------------------------------------------------------


def test_each_market_step_moves_one_area_clockwise_and_gains_a_reward_there():
    state = first_position(farms={0: {"market": 0}, 1: {"market": 0}}, neutrals=(1,))
    state = asking(state, VisitMarket(0, 1))
    assert "step" in notations(state)
    after = play(state, "step")
    assert after.farmers[0].market == 1 and isinstance(after.pending, MarketChoice)
    assert after.pending.times == 2  # the neutral there doubles it


def test_a_reward_is_gained_once_more_per_other_marker_at_most_three_times():
    state = first_position(players=4, farms={0: {"market": 0}, 1: {"market": 1}, 2: {"market": 1}, 3: {"market": 2}}, neutrals=(2,))
    after = play(asking(state, VisitMarket(0, 1)), "step")
    assert after.pending.times == 3
    reward = BOX.market[1].rewards[3]  # a token reward (provisional data)
    gained = play(after, "reward 1.3")
    assert gained.farmers[0].tools == state.farmers[0].tools + 3 * reward.tools


def test_a_neutral_marker_may_be_moved_for_1_guilder_to_an_area_passed():
    state = first_position(farms={0: {"market": 0, "guilders": 3}, 1: {"market": 2}}, neutrals=(0,))
    state = asking(state, VisitMarket(0, 1))
    assert "neutral 0 to 1" in notations(state) and "neutral 0 to 2" not in notations(state)
    after = play(state, "neutral 0 to 1")
    assert after.neutrals == (1,) and after.farmers[0].guilders == 2
    assert not any(m.startswith("neutral") for m in notations(after))


def test_a_full_area_is_skipped_or_entered_stacked_paying_its_owner():
    state = first_position(
        players=4,
        farms={0: {"market": 0, "guilders": 3}, 1: {"market": 1}, 2: {"market": 1}, 3: {"market": 2}},
        neutrals=(1,),
    )
    state = asking(state, VisitMarket(0, 1))
    assert set(notations(state)) >= {"skip", "stack on 1", "stack on 2"}
    stacked = play(state, "stack on 1")
    assert stacked.farmers[0].market == 1 and stacked.farmers[0].stacked
    assert stacked.farmers[1].guilders == state.farmers[1].guilders + 1
    assert stacked.pending.times == 3
    skipped = play(state, "skip")
    assert skipped.farmers[0].market == 2


# --- Plant Tulip Bulbs -----------------------------------------------------------------------


def test_planting_goes_to_the_leftmost_free_patch_of_any_row_and_slides_storage():
    state = first_position(farms={0: {"storage": ("red", "white", "red"), "patches": (("red",), (), (), ())}})
    state = asking(state, PlantBulbs(0, 1))
    assert "plant white in 0" in notations(state) and "plant black in 0" not in notations(state)
    after = play(state, "plant white in 0")
    assert after.farmers[0].patches[0] == ("red", "white") and after.farmers[0].storage == ("red", "red")


def test_planting_on_a_printed_reward_gains_it():
    row, col = next((r, c) for r, line in enumerate(BOX.farm.patches) for c, p in enumerate(line) if p and p.vp)
    patches = tuple(("white",) * col if r == row else () for r in range(4))
    state = asking(first_position(farms={0: {"storage": ("red",), "patches": patches}}), PlantBulbs(0, 1))
    after = play(state, f"plant red in {row}")
    assert after.farmers[0].vp == 5 + BOX.farm.patches[row][col].vp


def test_planting_up_to_the_strength():
    state = asking(first_position(farms={0: {"storage": ("red", "red", "red")}}), PlantBulbs(0, 2))
    after = play(state, "plant red in 0", "plant red in 1")
    assert after.farmers[0].storage == ("red",) and after.farmers[0].planted == 2


# --- Conduct Foreign Trade -------------------------------------------------------------------


def test_trade_places_a_stored_colour_not_on_the_card_for_the_two_adjacent_quarters():
    state = first_position(farms={0: {"storage": ("red", "white"), "guilders": 0, "vp": 0, "tools": 0}}, spots=("white", "", "", ""))
    state = asking(state, ForeignTrade(0))
    assert "trade white at 1" not in notations(state) and "trade red at 1" in notations(state)
    card = BOX.trade_cards[state.trade - 1]
    after = play(state, "trade red at 1")
    near = (card.quarters[1], card.quarters[2])
    assert after.spots[1] == "red" and after.farmers[0].storage == ("white",)
    assert after.farmers[0].vp == sum(q.vp for q in near)
    assert after.farmers[0].tools == sum(q.tools for q in near)


def test_a_fourth_bulb_empties_the_card_which_goes_under_the_stack():
    state = first_position(farms={0: {"storage": ("black",)}}, spots=("white", "yellow", "red", ""))
    state = asking(state, ForeignTrade(0))
    old = state.trade
    after = play(state, "trade black at 3")
    assert after.spots == ("",) * 4 and after.trade != old and after.trade_pile.bottom[-1:] == (old,)


def test_collecting_takes_every_bulb_off_the_card_keeping_any():
    state = first_position(farms={0: {"storage": ()}}, spots=("white", "", "red", ""))
    state = asking(state, ForeignTrade(0))
    assert notations(state) == ["collect"]
    after = play(state, "collect", "bulb red", "done")
    assert after.spots == ("",) * 4 and after.farmers[0].storage == ("red",)


def test_of_two_equally_short_paths_the_builder_chooses_whose_windmills_score():
    # Two rows of windmills reach the market, one row apart, with the space between them free
    # of windmills on the straight way: the new windmill between them is as far from both.
    rows = [[s.id for s in BOX.spaces if s.id[1] == str(r)] for r in range(3)]
    assert BOX.space(rows[0][-1]).market and BOX.space(rows[2][-1]).market
    column = len(rows[0]) - 3
    x = rows[1][column]
    mills = {**{space: 1 for space in rows[0][column:]}, **{space: 2 for space in rows[2][column:]}}
    state = first_position(players=3, mills=mills, farms={0: {"guilders": 9}})
    state = asking(state, BuildWindmill(0))
    after = play(state, f"build 0 at {x}")
    while not notations(after)[0].startswith("path"):
        after = after.apply(after.legal_moves()[-1])  # the fields' rewards, declined
    assert notations(after) == ["path via 1 1 1", "path via 2 2 2"]
    chosen = play(after, "path via 2 2 2")
    assert chosen.farmers[2].vp == 8 and chosen.farmers[1].vp == 5
