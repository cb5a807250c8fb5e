"""The 30 Farm Enhancement cards, one test per side and card, named after the rulebook's text
(appendix, Farm Enhancement Cards): each Helper through the action that triggers it, each
Contract through the final scoring's count. Board layouts, field rewards and tiers are
provisional data, so positions are found from the data and only the rulebook's own numbers
(the helpers' bonuses, the contracts' VP) are written here."""

from __future__ import annotations

from typing import Any

from tabletop.windmill_valley.components import COLOURS, WheelAction
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.rules import RULES
from tabletop.windmill_valley.rules.common import perform
from tabletop.windmill_valley.scoring import contract_score, final_score
from tabletop.windmill_valley.state import (
    ChooseColour,
    ChooseStack,
    Enhance,
    LowerWater,
    MarketChoice,
    MoveWheels,
    PlantBulbs,
    State,
    UseHelpers,
)

from .helpers import band_level, first_position, notations, play

MIDDLE = band_level("middle")


def performing(state: State, action: str, strength: int = 1) -> State:
    """Seat 0 performs ``action`` (as a wheel space would), its helpers offered before it."""
    return RULES.start(perform(state, 0, WheelAction(id="t", tier="t", action=action, strength=strength)))


def hired(card: int, action: str, strength: int = 1, **farm: Any) -> tuple[State, State]:
    """Seat 0, with farm card ``card`` as its only helper, performs ``action``: the helper is
    offered; the state before and after using it."""
    farm = {"helpers": (str(card),), "storage": ("red", "white"), "guilders": 4, **farm}
    state = performing(first_position(water=MIDDLE, farms={0: farm}), action, strength)
    assert f"helper {card}" in notations(state)
    return state, play(state, f"helper {card}")


def lowers_by_one(before: State, after: State) -> None:
    """A Lower the Water Level action of strength 1 is asked and lowers the water one space."""
    lower = next(p for p in reversed(after.stack) if isinstance(p, LowerWater))
    assert lower.strength == 1
    while not isinstance(after.pending, LowerWater):
        after = play(after, "done")
    done = play(after, "lower 1g 0vp")
    assert done.water == before.water - 1
    assert done.farmers[0].guilders == after.farmers[0].guilders + 1


def plants_one(after: State) -> None:
    """A planting of one bulb is asked: the stored bulb goes into a patch."""
    while not isinstance(after.pending, PlantBulbs):
        after = play(after, "done")
    assert after.pending.left == 1
    done = play(after, "plant red in 2")
    assert done.farmers[0].patches[2] == ("red",) and "red" not in done.farmers[0].storage
    assert not any(isinstance(p, PlantBulbs) for p in done.stack)


def takes_bulb(after: State, colours: tuple[str, ...]) -> None:
    """A bulb of one of ``colours`` (the player's choice) goes into storage."""
    assert isinstance(after.pending, ChooseColour) and set(after.pending.colours) == set(colours)
    chosen = colours[-1]
    done = play(after, f"bulb {chosen}")
    assert done.farmers[0].storage == ("red", "white", chosen)


def takes_market_reward(after: State) -> None:
    """One reward of a market area is gained once (the marker does not move)."""
    assert isinstance(after.pending, MarketChoice) and after.pending.times == 1

    def reward(move: str) -> Any:
        area, index = move.split()[1].split(".")
        return BOX.market[int(area)].rewards[int(index)]

    move = next(m for m in notations(after) if reward(m).guilders or reward(m).vp or reward(m).tools)
    done = play(after, move)
    farmer, was, got = done.farmers[0], after.farmers[0], reward(move)
    assert (farmer.guilders, farmer.vp, farmer.tools) == (
        min(9, was.guilders + got.guilders),
        was.vp + got.vp,
        was.tools + got.tools,
    )
    assert farmer.market == was.market


# --- Helpers ---------------------------------------------------------------------------------


def test_farm_01_helper_gain_a_farm_enhancement_also_lowers_the_water_with_strength_1():
    before, after = hired(1, "farm")
    lowers_by_one(before, after)


def test_farm_02_helper_enhance_the_wheels_gives_2_vp():
    before, after = hired(2, "enhance")
    assert after.farmers[0].vp == before.farmers[0].vp + 2


def test_farm_03_helper_conduct_foreign_trade_gives_2_vp():
    before, after = hired(3, "trade")
    assert after.farmers[0].vp == before.farmers[0].vp + 2


def test_farm_04_helper_build_a_windmill_gives_1_tool():
    before, after = hired(4, "build")
    assert after.farmers[0].tools == before.farmers[0].tools + 1


def test_farm_05_helper_visit_the_market_also_enhances_the_wheels():
    before, after = hired(5, "market")
    assert isinstance(after.pending, Enhance)
    done = play(after, "install 0 on large 3")
    assert done.farmers[0].large[3] == after.display[0]


def test_farm_06_helper_lower_the_water_level_gives_a_bulb_of_any_colour():
    _, after = hired(6, "lower")
    takes_bulb(after, COLOURS)


def test_farm_07_helper_moving_the_floodgate_up_gives_2_extra_vp():
    state = first_position(farms={0: {"helpers": ("7",), "guilders": 4}})
    opened = play(state, "floodgate 2")
    assert notations(opened) == ["helper 7", "done"]
    assert play(opened, "helper 7").farmers[0].vp == 5 + 1 + 2
    closed = play(first_position(floodgate=2, farms={0: {"helpers": ("7",)}}), "floodgate 1")
    assert isinstance(closed.pending, MoveWheels)


def test_farm_08_helper_lower_the_water_level_gives_a_yellow_or_red_bulb():
    _, after = hired(8, "lower")
    takes_bulb(after, ("yellow", "red"))


def test_farm_09_helper_adds_1_strength_to_lower_the_water_level():
    before, after = hired(9, "lower")
    assert isinstance(after.pending, LowerWater) and after.pending.strength == 2
    done = play(after, "lower 0g 2vp")
    assert done.water == before.water - 2 and done.farmers[0].vp == before.farmers[0].vp + 2


def test_farm_10_helper_build_a_windmill_gives_2_vp():
    before, after = hired(10, "build")
    assert after.farmers[0].vp == before.farmers[0].vp + 2


def test_farm_11_helper_conduct_foreign_trade_gives_1_tool():
    before, after = hired(11, "trade")
    assert after.farmers[0].tools == before.farmers[0].tools + 1


def test_farm_12_helper_gain_a_farm_enhancement_gives_a_reward_of_a_market_area_next_to_the_marker():
    _, after = hired(12, "farm")
    takes_market_reward(after)


def test_farm_13_helper_enhance_the_wheels_looks_at_3_extra_tiles_from_any_stacks():
    before, after = hired(13, "enhance", guilders=9)
    assert isinstance(after.pending, ChooseStack) and after.pending.left == 3
    looked = play(after, "peek unique", "peek uncommon", "peek common")
    assert len(looked.peeked_tiles) == 3
    assert [len(s) for s in looked.stacks] == [len(s) - 1 for s in before.stacks]
    bought = play(looked, "install 4 on large 2")  # an extra tile is bought at its tier's cost
    assert bought.farmers[0].large[2] == looked.peeked_tiles[0] and bought.farmers[0].guilders == 9 - 2
    assert not bought.peeked_tiles  # the rest are discarded (or returned: the rulebook's choice)


def test_farm_14_helper_enhance_the_wheels_also_lowers_the_water_with_strength_1():
    before, after = hired(14, "enhance")
    lowers_by_one(before, after)


def test_farm_15_helper_gain_a_farm_enhancement_also_plants_1_bulb():
    _, after = hired(15, "farm")
    plants_one(after)


def test_farm_16_helper_planting_2_or_more_bulbs_gives_1_tool():
    before, after = hired(16, "plant", 2)
    assert after.farmers[0].tools == before.farmers[0].tools + 1
    one = performing(first_position(farms={0: {"helpers": ("16",), "storage": ("red",)}}), "plant", 1)
    assert "helper 16" not in notations(one)


def test_farm_17_helper_lowering_the_water_with_strength_2_or_more_plants_1_bulb():
    _, after = hired(17, "lower", 2)
    plants_one(after)
    one = performing(first_position(farms={0: {"helpers": ("17",), "storage": ("red",)}}), "lower", 1)
    assert "helper 17" not in notations(one)


def test_farm_17_helper_counts_the_strength_added_by_farm_card_9():
    """Card 9 makes a strength-1 Lower the Water Level a strength-2 one, which card 17 rewards."""
    state = first_position(water=MIDDLE, farms={0: {"helpers": ("9", "17"), "storage": ("red",)}})
    state = play(performing(state, "lower", 1), "helper 9")
    offered = "helper 17" in notations(state)
    while not offered and isinstance(state.pending, (LowerWater, UseHelpers)):
        state = play(state, "lower 0g 2vp" if isinstance(state.pending, LowerWater) else "done")
        offered = "helper 17" in notations(state)
    assert offered


def test_farm_18_helper_enhance_the_wheels_gives_1_tool():
    before, after = hired(18, "enhance")
    assert after.farmers[0].tools == before.farmers[0].tools + 1


def test_farm_19_helper_lower_the_water_level_gives_a_white_or_violet_bulb():
    _, after = hired(19, "lower")
    takes_bulb(after, ("white", "violet"))


def test_farm_20_helper_visit_the_market_gives_1_tool():
    before, after = hired(20, "market")
    assert after.farmers[0].tools == before.farmers[0].tools + 1


def test_farm_21_helper_visit_the_market_gives_a_reward_of_a_market_area_next_to_the_marker():
    _, after = hired(21, "market")
    takes_market_reward(after)


def test_farm_22_helper_plant_tulip_bulbs_gives_2_vp():
    before, after = hired(22, "plant")
    assert after.farmers[0].vp == before.farmers[0].vp + 2


def test_farm_23_helper_conduct_foreign_trade_also_lowers_the_water_with_strength_1():
    before, after = hired(23, "trade")
    lowers_by_one(before, after)


def test_farm_24_helper_gain_a_farm_enhancement_gives_a_bulb_of_any_colour():
    _, after = hired(24, "farm")
    takes_bulb(after, COLOURS)


def test_farm_25_helper_visit_the_market_also_lowers_the_water_with_strength_1():
    before, after = hired(25, "market")
    lowers_by_one(before, after)


def test_farm_26_helper_build_a_windmill_gives_a_reward_of_a_market_area_next_to_the_marker():
    _, after = hired(26, "build")
    takes_market_reward(after)


def test_farm_27_helper_build_a_windmill_also_lowers_the_water_with_strength_1():
    before, after = hired(27, "build")
    lowers_by_one(before, after)


def test_farm_28_helper_conduct_foreign_trade_also_plants_1_bulb():
    _, after = hired(28, "trade")
    plants_one(after)


def test_farm_29_helper_plant_tulip_bulbs_also_lowers_the_water_with_strength_1():
    before, after = hired(29, "plant")
    lowers_by_one(before, after)


def test_farm_30_helper_plant_tulip_bulbs_gives_a_bulb_of_any_colour():
    _, after = hired(30, "plant")
    takes_bulb(after, COLOURS)


# --- Contracts -------------------------------------------------------------------------------


def _field_kind(reward: Any, kind: str) -> bool:
    """Whether a field rewards ``kind`` (written here from the contracts' texts)."""
    if kind == "guilders":
        return reward.guilders > 0
    if kind == "tools":
        return reward.tools > 0
    if kind in COLOURS:
        return kind in reward.bulbs
    return reward.action == kind


def next_to(kind: str) -> int:
    """The VP a contract "per own windmill next to a field rewarding ``kind``" scores per unit,
    checked on a board with two own windmills next to such a field, one own windmill next to
    none, and another player's windmill next to one."""
    near = [s.id for s in BOX.spaces if any(_field_kind(BOX.field(f).reward, kind) for f in s.fields)]
    far = [s.id for s in BOX.spaces if s.id not in near]
    assert len(near) >= 2 and far, kind
    mills = {near[0]: 0, far[0]: 0, near[-1]: 0}
    if len(near) > 2:
        mills[near[1]] = 1
    card = next(c for c in BOX.farm_cards if c.contract == "mills_next_to" and c.contract_arg in (kind, kind.rstrip("s")))
    score = contract_score(first_position(mills=mills), 0, card.id)
    assert score % 2 == 0
    return score // 2


def test_farm_01_contract_4_vp_per_own_windmill_next_to_a_guilder_field():
    assert next_to("guilders") == 4


def test_farm_02_contract_4_vp_per_own_windmill_next_to_a_white_bulb_field():
    assert next_to("white") == 4


def test_farm_03_contract_5_vp_per_own_windmill_next_to_a_tool_field():
    assert next_to("tools") == 5


def test_farm_04_contract_4_vp_per_own_windmill_next_to_a_yellow_bulb_field():
    assert next_to("yellow") == 4


def test_farm_05_contract_3_vp_per_own_windmill_next_to_a_plant_field():
    assert next_to("plant") == 3


def test_farm_06_contract_5_vp_per_own_windmill_next_to_a_visit_the_market_field():
    assert next_to("market") == 5


def test_farm_07_contract_5_vp_per_own_windmill_next_to_a_gain_a_farm_enhancement_field():
    assert next_to("farm") == 5


def test_farm_08_contract_4_vp_per_own_windmill_next_to_a_red_bulb_field():
    assert next_to("red") == 4


def test_farm_09_contract_3_vp_per_own_windmill_next_to_a_lower_the_water_level_field():
    assert next_to("lower") == 3


def test_farm_10_contract_5_vp_per_own_windmill_next_to_an_enhance_the_wheels_field():
    assert next_to("enhance") == 5


def _tiles(tier: str) -> list[str]:
    return [t.id for t in getattr(BOX, tier)]


def _wheels() -> dict[str, tuple[str, ...]]:
    """Two Common, one Uncommon and one Unique tile on the Large wheel, three Uncommon and one
    Common on the Small wheel (one Small space left printed)."""
    common, uncommon, unique = _tiles("common"), _tiles("uncommon"), _tiles("unique")
    return {
        "large": (common[0], "", common[4], uncommon[0], "", unique[0]),
        "small": (uncommon[2], uncommon[4], "", uncommon[6], common[8]),
    }


def test_farm_11_contract_3_vp_per_large_wheel_enhancement():
    state = first_position(farms={0: _wheels()})
    assert contract_score(state, 0, 11) == 3 * 4


def test_farm_12_contract_15_vp_if_every_small_wheel_space_has_an_enhancement():
    wheels = _wheels()
    assert contract_score(first_position(farms={0: wheels}), 0, 12) == 0
    full = {**wheels, "small": (*wheels["small"][:2], _tiles("common")[2], *wheels["small"][3:])}
    assert contract_score(first_position(farms={0: full}), 0, 12) == 15


def test_farm_13_contract_3_vp_per_common_wheel_enhancement():
    assert contract_score(first_position(farms={0: _wheels()}), 0, 13) == 3 * 3


def test_farm_14_contract_4_vp_per_unique_wheel_enhancement():
    assert contract_score(first_position(farms={0: _wheels()}), 0, 14) == 4 * 1


def test_farm_15_contract_2_vp_per_farm_enhancement_card():
    # The starting card is a Starting Farm Enhancement, not one of the 30 (a reading).
    state = first_position(farms={0: {"helpers": ("s1", "3", "7"), "contracts": (15, 20)}})
    assert contract_score(state, 0, 15) == 2 * 4


def test_farm_16_contract_3_vp_per_every_second_tool():
    assert contract_score(first_position(farms={0: {"tools": 5}}), 0, 16) == 3 * 2
    assert contract_score(first_position(farms={0: {"tools": 1}}), 0, 16) == 0


def test_farm_17_contract_2_vp_per_own_windmill_on_the_main_board():
    spaces = [s.id for s in BOX.spaces]
    state = first_position(mills={spaces[0]: 0, spaces[7]: 0, spaces[12]: 0, spaces[20]: 1})
    assert contract_score(state, 0, 17) == 2 * 3


PATCHES = (
    ("violet",) * 7,
    ("red", "white", "yellow", "black", "red", "white", "red"),
    ("yellow",) * 7,
    ("violet", "black", "white"),
)


def _patches(patches: tuple[tuple[str, ...], ...] = PATCHES) -> State:
    return first_position(farms={0: {"patches": patches, "storage": ("red", "white", "yellow", "black", "violet")}})


def test_farm_18_contract_3_vp_per_uncommon_wheel_enhancement():
    assert contract_score(first_position(farms={0: _wheels()}), 0, 18) == 3 * 4


def test_farm_19_contract_4_vp_per_full_row():
    assert contract_score(_patches(), 0, 19) == 4 * 3


def test_farm_20_contract_3_vp_per_full_column():
    assert contract_score(_patches(), 0, 20) == 3 * 3


def test_farm_21_contract_2_vp_per_red_bulb_in_the_patches():
    assert contract_score(_patches(), 0, 21) == 2 * 3


def test_farm_22_contract_12_vp_per_full_violet_row():
    assert contract_score(_patches(), 0, 22) == 12 * 1


def test_farm_23_contract_10_vp_per_full_yellow_row():
    assert contract_score(_patches(), 0, 23) == 10 * 1


def test_farm_24_contract_2_vp_per_white_bulb_in_the_patches():
    assert contract_score(_patches(), 0, 24) == 2 * 3


def test_farm_25_contract_14_vp_per_full_black_row():
    black = (("black",) * 7, ("black",) * 6, (), ())
    assert contract_score(_patches(black), 0, 25) == 14 * 1
    assert contract_score(_patches(), 0, 25) == 0


def test_farm_26_contract_2_vp_per_black_bulb_in_the_patches():
    assert contract_score(_patches(), 0, 26) == 2 * 2


def test_farm_27_contract_10_vp_per_full_white_row():
    white = (("white",) * 7, ("white",) * 7, ("white",) * 3, ())
    assert contract_score(_patches(white), 0, 27) == 10 * 2
    assert contract_score(_patches(), 0, 27) == 0


def test_farm_28_contract_2_vp_per_violet_bulb_in_the_patches():
    assert contract_score(_patches(), 0, 28) == 2 * 8


def test_farm_29_contract_10_vp_per_full_red_row():
    red = (("red",) * 7, ("red", "white") * 3 + ("red",), (), ())
    assert contract_score(_patches(red), 0, 29) == 10 * 1
    assert contract_score(_patches(), 0, 29) == 0


def test_farm_30_contract_2_vp_per_yellow_bulb_in_the_patches():
    assert contract_score(_patches(), 0, 30) == 2 * 8


def test_a_contract_is_scored_once_more_in_the_final_score():
    without = _patches()
    held = first_position(farms={0: {"patches": PATCHES, "contracts": (22, 30)}})
    assert final_score(held, 0) - final_score(without, 0) == 12 + 2 * 8
