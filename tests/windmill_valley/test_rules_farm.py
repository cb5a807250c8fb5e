"""Storage, Guilder, helpers (once per turn), the Queen's Wish and the promo tiles."""

from __future__ import annotations

from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.state import (
    ChooseColour,
    ForeignTrade,
    LowerWater,
    PlantBulbs,
    RemoveWindmill,
    StoreBulb,
    TileEffect,
    Turn,
    UseHelpers,
)

from .helpers import asking, band_level, first_position, notations, play


# --- storage ---------------------------------------------------------------------------------


def test_a_bulb_goes_into_the_next_free_storage_space_for_free():
    state = asking(first_position(farms={0: {"storage": ("red",)}}), StoreBulb(0, "white"))
    assert state.farmers[0].storage == ("red", "white")


def test_the_sixth_storage_space_costs_1_guilder_and_the_seventh_2():
    five = ("red",) * 5
    state = asking(first_position(farms={0: {"storage": five, "guilders": 3}}), StoreBulb(0, "white"))
    after = play(state, "store")
    assert after.farmers[0].guilders == 2 and len(after.farmers[0].storage) == 6
    after = play(asking(after, StoreBulb(0, "white")), "store")
    assert after.farmers[0].guilders == 0 and len(after.farmers[0].storage) == 7


def test_a_full_storage_exchanges_a_stored_bulb_for_free():
    seven = ("red",) * 7
    state = asking(first_position(farms={0: {"storage": seven, "guilders": 9}}), StoreBulb(0, "white"))
    assert "store" not in notations(state) and "store over red" in notations(state)
    after = play(state, "store over red")
    assert after.farmers[0].storage.count("white") == 1 and after.farmers[0].guilders == 9


def test_an_unpaid_storage_space_may_be_refused():
    state = asking(first_position(farms={0: {"storage": ("red",) * 5, "guilders": 0}}), StoreBulb(0, "white"))
    assert notations(state) == ["store over red", "done"]


def test_a_bulb_of_any_colour_is_chosen():
    state = asking(first_position(farms={0: {"storage": ()}}), ChooseColour(0, ("yellow", "red")))
    assert notations(state) == ["bulb yellow", "bulb red"]
    assert play(state, "bulb red").farmers[0].storage == ("red",)


# --- helpers ---------------------------------------------------------------------------------


def _card(trigger: str, **wanted: object) -> int:
    return next(
        c.id for c in BOX.farm_cards if c.trigger == trigger and all(getattr(c, k) == v for k, v in wanted.items())
    )


def test_a_helper_is_offered_when_its_action_is_performed_before_and_after():
    card = _card("lower", helper_effect=None)
    state = first_position(water=0, farms={0: {"helpers": ("s3", str(card))}})
    state = asking(state, UseHelpers(0, "lower", 1), LowerWater(0, 1), UseHelpers(0, "lower", 1))
    assert notations(state) == [f"helper {card}", "done"]
    after = play(state, "done", "lower 1g 0vp")
    assert notations(after) == [f"helper {card}", "done"]


def test_a_helper_is_used_once_per_turn():
    card = _card("lower", helper_effect=None)
    state = first_position(water=0, farms={0: {"helpers": ("s3", str(card))}}, turn=Turn(helpers=(str(card),)))
    state = asking(state, UseHelpers(0, "lower", 1))
    assert "helper" not in " ".join(notations(state))


def test_a_helper_with_a_minimum_strength_waits_for_it():
    card = _card("lower", trigger_min=2)
    state = asking(first_position(farms={0: {"helpers": ("s3", str(card))}}), UseHelpers(0, "lower", 1))
    assert f"helper {card}" not in notations(state)


def test_the_extra_strength_helper_adds_one_point_to_the_action():
    card = _card("lower", helper_effect="lower_plus_one")
    state = first_position(water=band_level("middle"), farms={0: {"helpers": ("s3", str(card))}})
    state = asking(state, LowerWater(0, 1), UseHelpers(0, "lower", 1))
    after = play(state, f"helper {card}")
    assert isinstance(after.pending, LowerWater) and after.pending.strength == 2


def test_the_floodgate_helper_scores_when_the_floodgate_is_opened():
    card = _card("floodgate")
    state = first_position(farms={0: {"helpers": ("s3", str(card))}})
    after = play(state, "floodgate 2", f"helper {card}")
    assert after.farmers[0].vp == 5 + 1 + BOX.farm_card(card).helper.vp


def test_the_starting_planting_helper_pays_1_vp_for_one_more_bulb():
    card = next(c.id for c in BOX.starting if c.ability == "plant_extra")
    state = first_position(farms={0: {"helpers": (f"s{card}",), "storage": ("red", "red")}})
    state = asking(state, PlantBulbs(0, 1), UseHelpers(0, "plant", 1))
    after = play(state, f"helper s{card}")
    assert after.farmers[0].vp == 4 and after.pending.left == 2


def test_the_starting_trade_helper_places_a_supply_bulb_for_any_two_rewards():
    card = next(c.id for c in BOX.starting if c.ability == "trade_any_two")
    state = first_position(farms={0: {"helpers": (f"s{card}",), "storage": ()}})
    state = asking(state, ForeignTrade(0), UseHelpers(0, "trade", 1))
    after = play(state, f"helper s{card}", "trade black at 0")
    assert after.farmers[0].storage == () and after.spots[0] == "black"
    assert notations(after)[:4] == ["quarter 0", "quarter 1", "quarter 2", "quarter 3"]


# --- Queen's Wish ----------------------------------------------------------------------------


def test_the_queens_wish_scores_the_highest_free_value_once():
    tools = next(c.id for c in BOX.starting if c.wish == "tools6")
    state = first_position(wish=tools, farms={0: {"tools": 5}})
    state = asking(state, StoreBulb(0, "red"))  # any decision: the wish is checked as it settles
    assert not state.farmers[0].wished
    state = first_position(wish=tools, farms={0: {"tools": 6}})
    after = asking(state, ChooseColour(0, ("red",)))
    assert after.farmers[0].wished and after.farmers[0].vp == 5 + BOX.wish_values[0] and after.wishes == 1


def test_the_second_player_to_fulfil_the_wish_takes_the_next_value():
    tools = next(c.id for c in BOX.starting if c.wish == "tools6")
    state = first_position(wish=tools, wishes=1, farms={0: {"tools": 6}})
    after = asking(state, ChooseColour(0, ("red",)))
    assert after.farmers[0].vp == 5 + BOX.wish_values[1]


# --- promo tiles and windmills to the box ----------------------------------------------------


def test_a_windmill_returned_to_the_box_leaves_the_farm():
    state = asking(first_position(), RemoveWindmill(0))
    after = play(state, "remove 0")
    assert after.farmers[0].windmills[0] == 0 and after.farmers[0].removed == 1


def test_promo_tool_or_guilders_for_vp():
    state = asking(first_position(farms={0: {"tools": 1, "guilders": 2}}), TileEffect(0, "tool_or_guilders_for_vp", 2))
    assert notations(state) == ["pay tool", "pay guilders", "done"]
    after = play(state, "pay guilders")
    assert after.farmers[0].guilders == 0 and after.farmers[0].vp == 9


def test_promo_discard_an_enhancement_for_5_vp_and_2_guilders():
    state = asking(first_position(farms={0: {"large": ("", "", "C01", "", "", ""), "guilders": 0}}), TileEffect(0, "discard_enhancement"))
    after = play(state, "drop large 2")
    assert after.farmers[0].large[2] == "" and after.farmers[0].vp == 10 and after.farmers[0].guilders == 2


def test_promo_swap_an_enhancement_with_the_display():
    state = asking(first_position(farms={0: {"large": ("", "", "C01", "", "", "")}}), TileEffect(0, "swap_enhancement"))
    tile = state.display[3]
    after = play(state, "swap large 2 for tile 3")
    assert after.farmers[0].large[2] == tile and after.display[3] == "C01"


def test_promo_swap_a_farm_card_with_the_offer_for_3_vp():
    state = asking(first_position(farms={0: {"contracts": (30,)}}), TileEffect(0, "swap_farm"))
    offered = state.offer[0]
    after = play(state, "swap contract 0 for 0")
    assert after.farmers[0].contracts == (offered,) and after.offer[0] == 30 and after.farmers[0].vp == 8


def test_promo_tiles_join_their_stacks_only_with_the_option():
    from tabletop.windmill_valley import new_game

    plain = new_game(2, seed=1)
    promo = new_game(2, seed=1, promo=True)
    count = sum(len(s) for s in plain.stacks) + len([t for t in plain.display if t])
    assert sum(len(s) for s in promo.stacks) + len([t for t in promo.display if t]) == count + 7


def test_a_wish_met_during_another_players_turn_is_scored_when_ones_turn_begins():
    from tabletop.kernel.engine import evolve

    from tabletop.windmill_valley.rules import RULES
    from tabletop.windmill_valley.state import AdjustFloodgate, BuildWindmill, EndTurn

    joined = next(c.id for c in BOX.starting if c.wish == "mills4")
    row = [s.id for s in BOX.spaces if s.id[1] == "0"]  # a row of spaces ending at the market
    assert BOX.space(row[-1]).market
    mills = {row[0]: 0, row[1]: 0, row[3]: 0, row[4]: 0, row[5]: 0}  # 2 + 3, the gap at row[2]
    state = first_position(wish=joined, mills=mills, turn=Turn(seat=1), farms={1: {"guilders": 9}})
    state = RULES.start(evolve(state, stack=(EndTurn(1), BuildWindmill(1))))
    assert not state.farmers[0].wished
    state = play(state, f"build 0 at {row[2]}")
    while not isinstance(state.pending, AdjustFloodgate):
        state = state.apply(state.legal_moves()[-1])  # the fields' rewards, declined
    assert state.to_move == 0 and state.farmers[0].wished
    path = 3  # the new windmill's path to the market runs through seat 0's three
    assert state.farmers[0].vp == 5 + path + BOX.wish_values[0]
