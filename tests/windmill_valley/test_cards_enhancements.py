"""Every wheel enhancement effect, one test per design (the 29 texts of the English appendix, in
printed order, facts file §10.2) and per PROMO 1 tile (the seed's appendix, §10.3), named after
its text. Each tile is installed on the active space of the Large wheel and performed as the
turn's action ("perform large"); a tile with the "+" then offers the Small wheel's action, one
without it ends the action step. Tiers, copies and strengths printed only as icons are
provisional: strengths are read from the tile, the texts' own numbers are written here."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.windmill_valley.components import COLOURS
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.state import (
    AdjustFloodgate,
    BuildWindmill,
    ChooseAction,
    ChooseColour,
    Enhance,
    ForeignTrade,
    GainFarmCard,
    KeepBulbs,
    LowerWater,
    PlantBulbs,
    RemoveWindmill,
    State,
    TileEffect,
    TradeReward,
    VisitMarket,
)

from .helpers import asking, band_level, first_position, notations, play


def acting(tile: str, water: int = 0, board: dict[str, Any] | None = None, **farm: Any) -> tuple[State, State]:
    """Seat 0, with ``tile`` on its active Large space, chooses it as the turn's action: the
    states before and after."""
    farm = {"large": (tile, "", "", "", "", ""), "guilders": 4, "storage": ("red", "white"), "helpers": (), **farm}
    state = asking(first_position(water=water, farms={0: farm}, **(board or {})), ChooseAction(0))
    assert "perform large" in notations(state)
    return state, play(state, "perform large")


def tokens(state: State) -> tuple[int, int, int]:
    farmer = state.farmers[0]
    return farmer.guilders, farmer.vp, farmer.tools


def gained(before: State, after: State) -> tuple[int, ...]:
    return tuple(a - b for a, b in zip(tokens(after), tokens(before)))


def finish(state: State, plus: bool) -> None:
    """Resolve the rest of the action ("done" where allowed): with the "+", the Small wheel's
    action is then offered; without it, the action step is over."""
    while not isinstance(state.pending, (ChooseAction, AdjustFloodgate)):
        moves = notations(state)
        state = play(state, "done" if "done" in moves else moves[0])
    if plus:
        assert isinstance(state.pending, ChooseAction) and "perform small" in notations(state)
    else:
        assert isinstance(state.pending, AdjustFloodgate)


def code(design: str) -> str:
    """The id of a design's tile (a letter follows when a design has several strengths)."""
    return next(t.id for t in (*BOX.common, *BOX.uncommon, *BOX.unique, *BOX.promo) if t.id == design or t.id.rstrip("ab") == design)


# --- the 29 designs --------------------------------------------------------------------------


def test_design_01_plant_up_to_3_bulbs():
    storage = ("red", "white", "yellow", "black")
    _, after = acting(code("C01"), storage=storage)
    assert isinstance(after.pending, PlantBulbs) and after.pending.left == 3 and "done" in notations(after)
    done = play(after, "plant red in 0", "plant white in 1", "plant yellow in 2")
    assert done.farmers[0].storage == ("black",) and done.farmers[0].planted == 3
    finish(done, plus=False)


def test_design_02_lower_the_water_level_with_both_vp_and_guilder():
    n = BOX.tile(code("C02")).strength
    _, after = acting(code("C02"), water=band_level("high"), guilders=0)
    assert isinstance(after.pending, LowerWater) and notations(after) == [f"lower {2 * n}g {2 * n}vp"]
    _, low = acting(code("C02"), water=band_level("low"), guilders=0)
    assert notations(low) == [f"lower {n}g 0vp"]  # "if applicable": the low band pays Guilder only
    finish(after, plus=False)


def _unlinked_space() -> str:
    return next(s.id for i, s in enumerate(BOX.spaces) if not BOX.by_market[i])


def _field_guilders(space: str) -> int:
    return sum(BOX.field(f).reward.guilders for f in BOX.space(space).fields)


def test_design_03_build_a_windmill_paying_1_guilder_to_skip_the_market_connection():
    space = _unlinked_space()
    _, after = acting(code("C03"), guilders=9)
    assert isinstance(after.pending, BuildWindmill)
    built = play(after, f"build 4 at {space}")
    cost = BOX.space(space).cost + 1
    assert built.mills[[s.id for s in BOX.spaces].index(space)] == 0
    assert built.farmers[0].guilders == min(9, 9 - cost + _field_guilders(space))
    linked = next(s for i, s in enumerate(BOX.spaces) if BOX.by_market[i])
    assert play(after, f"build 4 at {linked.id}").farmers[0].guilders == min(9, 9 - linked.cost + _field_guilders(linked.id))


def test_design_04_foreign_trade_may_place_a_colour_already_on_the_card():
    _, after = acting(code("C04"), storage=("red",), board={"trade": 1, "spots": ("red", "", "", "")})
    assert isinstance(after.pending, ForeignTrade) and "trade red at 1" in notations(after)
    placed = play(after, "trade red at 1")
    assert placed.spots[:2] == ("red", "red")


def test_design_05_foreign_trade_paying_1_guilder_for_one_more_reward():
    before, after = acting(code("C05"), storage=("red",), guilders=3, board={"trade": 1})
    placed = play(after, "trade red at 0")
    near = BOX.trade_cards[0].spot_rewards(0)
    assert isinstance(placed.pending, TradeReward) and placed.pending.fee == 1
    assert notations(placed) == ["quarter 2", "quarter 3", "done"]
    extra = BOX.trade_cards[0].quarters[2]
    paid = play(placed, "quarter 2")
    total = [sum(getattr(r, k) for r in (*near, extra)) for k in ("guilders", "vp", "tools")]
    assert gained(before, paid) == (total[0] - 1, total[1], total[2])
    collected = play(acting(code("C05"), board={"trade": 1, "spots": ("black", "", "", "")})[1], "collect")
    assert not any(isinstance(p, TradeReward) for p in collected.stack)  # not when collecting


def test_design_05_trade_pays_1_guilder_won_on_the_card_for_one_more_reward():
    card = next(c for c in BOX.trade_cards if any(q.guilders for q in c.quarters))
    spot = next(s for s in range(4) if any(r.guilders for r in card.spot_rewards(s)))
    _, after = acting(code("C05"), storage=("red",), guilders=0, board={"trade": card.id})
    placed = play(after, f"trade red at {spot}")
    assert any(isinstance(p, TradeReward) for p in placed.stack)


def test_design_06_enhance_the_wheels_and_gain_2_guilder():
    before, after = acting(code("C06"))
    assert gained(before, after) == (2, 0, 0) and isinstance(after.pending, Enhance)
    finish(play(after, "install 0 on large 2"), plus=False)


def test_design_07_enhance_the_wheels_twice():
    _, after = acting(code("C07"))
    once = play(after, "install 0 on large 2")
    assert isinstance(once.pending, Enhance)
    twice = play(once, "install 1 on small 3")
    assert twice.farmers[0].large[2] and twice.farmers[0].small[3]
    assert not any(isinstance(p, Enhance) for p in twice.stack)
    finish(twice, plus=False)


def test_design_08_lower_the_water_level_and_gain_2_guilder():
    before, after = acting(code("C08"), water=band_level("middle"))
    assert gained(before, after) == (2, 0, 0) and isinstance(after.pending, LowerWater)
    assert after.pending.strength == BOX.tile(code("C08")).strength
    finish(after, plus=False)


def test_design_09_build_a_windmill_and_gain_1_guilder():
    before, after = acting(code("C09"))
    assert gained(before, after) == (1, 0, 0) and isinstance(after.pending, BuildWindmill)
    assert not after.pending.unconnected
    finish(after, plus=False)


@pytest.mark.parametrize("tile", ["C10a", "C10b"])
def test_design_10_visit_the_market(tile):
    before, after = acting(tile)
    action = BOX.tile(tile)
    assert isinstance(after.pending, VisitMarket) and after.pending.steps == action.strength
    assert gained(before, after) == (-action.cost, 0, 0)
    finish(after, plus=False)


def test_design_11_gain_a_farm_enhancement_and_gain_1_guilder():
    before, after = acting(code("C11"))
    assert gained(before, after) == (1, 0, 0) and isinstance(after.pending, GainFarmCard)
    finish(after, plus=False)


def test_design_12_visit_the_market_and_the_other_wheels_action():
    _, after = acting(code("U12"))
    assert isinstance(after.pending, VisitMarket) and after.pending.steps == BOX.tile(code("U12")).strength
    finish(after, plus=True)


def test_design_13_gain_2_guilder_and_the_other_wheels_action():
    before, after = acting(code("U13"))
    assert gained(before, after) == (2, 0, 0)
    finish(after, plus=True)


def test_design_14_remove_1_windmill_from_the_farm_board_and_the_other_wheels_action():
    _, after = acting(code("U14"))
    assert isinstance(after.pending, RemoveWindmill)
    removed = play(after, "remove 4")
    assert removed.farmers[0].windmills == (1, 1, 2, 2, 2) and removed.farmers[0].removed == 1
    assert sum(1 for owner in removed.mills if owner == 0) == 0  # to the box, not the board
    finish(removed, plus=True)


def test_design_15_enhance_the_wheels_and_the_other_wheels_action():
    _, after = acting(code("U15"))
    assert isinstance(after.pending, Enhance)
    finish(play(after, "install 0 on large 2"), plus=True)


def test_design_16_gain_a_bulb_of_any_colour_and_the_other_wheels_action():
    _, after = acting(code("U16"))
    assert isinstance(after.pending, ChooseColour) and after.pending.colours == COLOURS
    got = play(after, "bulb violet")
    assert got.farmers[0].storage == ("red", "white", "violet")
    finish(got, plus=True)


def test_design_17_lower_the_water_level_and_the_other_wheels_action():
    _, after = acting(code("U17"), water=band_level("middle"))
    assert isinstance(after.pending, LowerWater) and not after.pending.both
    finish(after, plus=True)


def test_design_18_gain_a_farm_enhancement_and_gain_3_guilder():
    before, after = acting(code("Q18"))
    assert gained(before, after) == (3, 0, 0) and isinstance(after.pending, GainFarmCard)
    finish(after, plus=False)


def test_design_19_visit_the_market_and_the_other_wheels_action():
    _, after = acting(code("Q19"))
    assert isinstance(after.pending, VisitMarket) and after.pending.steps == BOX.tile(code("Q19")).strength
    finish(after, plus=True)


def test_design_20_gain_4_guilder_and_the_other_wheels_action():
    before, after = acting(code("Q20"))
    assert gained(before, after) == (4, 0, 0)
    finish(after, plus=True)


def test_design_21_gain_2_guilder_and_3_vp_and_the_other_wheels_action():
    before, after = acting(code("Q21"))
    assert gained(before, after) == (2, 3, 0)
    finish(after, plus=True)


def test_design_22_plant_up_to_3_exchanging_1_stored_bulb_with_the_supply_first():
    _, after = acting(code("Q22"), storage=("red", "white", "yellow", "red"))
    assert isinstance(after.pending, PlantBulbs) and after.pending.left == 3
    assert "exchange red for black" in notations(after)
    swapped = play(after, "exchange red for black")
    assert sorted(swapped.farmers[0].storage) == sorted(("black", "white", "yellow", "red"))
    assert not any(m.startswith("exchange") for m in notations(swapped))  # one bulb, before planting
    done = play(swapped, "plant black in 0", "plant white in 0", "plant yellow in 0")
    assert done.farmers[0].patches[0] == ("black", "white", "yellow")
    finish(done, plus=False)


def test_design_23_lower_the_water_level_with_both_vp_and_guilder_and_the_other_wheels_action():
    n = BOX.tile(code("Q23")).strength
    _, after = acting(code("Q23"), water=band_level("middle"))
    assert notations(after) == [f"lower {n}g {n}vp"]
    finish(after, plus=True)


def test_design_24_build_a_windmill_without_a_market_connection_and_gain_1_guilder():
    space = _unlinked_space()
    before, after = acting(code("Q24"), guilders=5)
    assert gained(before, after) == (1, 0, 0) and isinstance(after.pending, BuildWindmill)
    built = play(after, f"build 4 at {space}")
    assert built.farmers[0].guilders == min(9, 6 - BOX.space(space).cost + _field_guilders(space))  # no fee
    finish(built, plus=False)


def test_design_25_build_a_windmill_and_gain_3_guilder():
    before, after = acting(code("Q25"))
    assert gained(before, after) == (3, 0, 0) and isinstance(after.pending, BuildWindmill)
    finish(after, plus=False)


def test_design_26_a_bulb_of_any_colour_1_guilder_and_1_vp_and_the_other_wheels_action():
    before, after = acting(code("Q26"))
    assert gained(before, after) == (1, 1, 0)
    assert isinstance(after.pending, ChooseColour) and after.pending.colours == COLOURS
    finish(play(after, "bulb black"), plus=True)


def test_design_27_plant_up_to_4_bulbs():
    _, after = acting(code("Q27"), storage=("red",) * 5)
    assert isinstance(after.pending, PlantBulbs) and after.pending.left == 4
    done = play(after, "plant red in 0", "plant red in 0", "plant red in 0", "plant red in 0")
    assert done.farmers[0].storage == ("red",)
    finish(done, plus=False)


def test_design_28_gain_a_farm_enhancement_and_the_other_wheels_action():
    _, after = acting(code("Q28"))
    assert isinstance(after.pending, GainFarmCard)
    finish(after, plus=True)


def test_design_29_foreign_trade_paying_1_guilder_for_all_the_rewards_on_the_card():
    before, after = acting(code("Q29"), storage=("red",), guilders=3, board={"trade": 1})
    placed = play(after, "trade red at 0")
    assert isinstance(placed.pending, TradeReward) and placed.pending.fee == 1
    done = play(placed, "quarter 2", "quarter 3")
    quarters = BOX.trade_cards[0].quarters
    total = [sum(getattr(q, k) for q in quarters) for k in ("guilders", "vp", "tools")]
    while not isinstance(done.pending, (ChooseAction, AdjustFloodgate)):  # a bulb of any colour
        done = play(done, notations(done)[0])
    assert gained(before, done) == (total[0] - 1, total[1], total[2])


# --- PROMO 1 ---------------------------------------------------------------------------------


def test_promo_1_gain_a_tool_and_the_other_wheels_action():
    before, after = acting("P1")
    assert gained(before, after) == (0, 0, 1)
    finish(after, plus=True)


def test_promo_2_pay_a_tool_or_2_guilder_for_4_vp_and_the_other_wheels_action():
    before, after = acting("P2", tools=1)
    assert isinstance(after.pending, TileEffect) and notations(after) == ["pay tool", "pay guilders", "done"]
    assert gained(before, play(after, "pay tool")) == (0, 4, -1)
    paid = play(after, "pay guilders")
    assert gained(before, paid) == (-2, 4, 0)
    finish(paid, plus=True)


def test_promo_3_plant_1_bulb_exchanging_1_stored_bulb_first_and_the_other_wheels_action():
    _, after = acting("P3")
    assert isinstance(after.pending, PlantBulbs) and after.pending.left == 1
    swapped = play(after, "exchange red for violet")
    done = play(swapped, "plant violet in 3")
    assert done.farmers[0].patches[3] == ("violet",) and done.farmers[0].storage == ("white",)
    finish(done, plus=True)


def test_promo_4_swap_a_farm_enhancement_with_the_offer_for_3_vp_and_the_other_wheels_action():
    before, after = acting("P4", contracts=(30,))
    offered = after.offer[1]
    swapped = play(after, "swap contract 0 for 1")
    assert swapped.farmers[0].contracts == (offered,) and swapped.offer[1] == 30
    assert gained(before, swapped) == (0, 3, 0)
    finish(swapped, plus=True)


def test_promo_5_foreign_trade_both_ways_take_the_bulbs_and_place_one():
    before, after = acting("P5", storage=("red",), board={"trade": 1, "spots": ("black", "", "", "")})
    took = play(after, "collect")
    assert isinstance(took.pending, KeepBulbs) and took.spots == ("", "", "", "")
    kept = play(took, "bulb black")
    assert kept.farmers[0].storage == ("red", "black") and isinstance(kept.pending, ForeignTrade)
    placed = play(kept, "trade red at 0")
    near = BOX.trade_cards[0].spot_rewards(0)
    assert placed.spots[0] == "red" and placed.farmers[0].storage == ("black",)
    assert gained(before, placed)[:2] == (sum(r.guilders for r in near), sum(r.vp for r in near))
    finish(placed, plus=False)


def test_promo_6_discard_a_wheel_enhancement_for_5_vp_and_2_guilder_and_the_other_wheels_action():
    before, after = acting("P6", large=("P6", "", code("C01"), "", "", ""))
    dropped = play(after, "drop large 2")
    assert dropped.farmers[0].large[2] == "" and gained(before, dropped) == (2, 5, 0)
    finish(dropped, plus=True)


def test_promo_7_swap_a_wheel_enhancement_with_the_display_for_free_and_the_other_wheels_action():
    before, after = acting("P7", large=("P7", "", code("C01"), "", "", ""))
    tile = after.display[3]  # the Unique slot: free all the same
    swapped = play(after, "swap large 2 for tile 3")
    assert swapped.farmers[0].large[2] == tile and swapped.display[3] == code("C01")
    assert gained(before, swapped) == (0, 0, 0)
    finish(swapped, plus=True)
