"""The 6 Starting Farm Enhancement cards, one test per ability and per Queen's Wish, named after
the rulebook's text (appendix, Starting Farm Enhancements / Queen's Wishes). Which wish backs
which ability, the sixth wish, the patches a wish depicts, the contracts' border colours and the
wish values are provisional data: the wishes are found by their condition and their values read
from the data."""

from __future__ import annotations

from tabletop.windmill_valley.components import COLOURS, WheelAction
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.rules import RULES
from tabletop.windmill_valley.rules.common import perform
from tabletop.windmill_valley.state import (
    ChooseAction,
    ChooseColour,
    ForeignTrade,
    MarketChoice,
    PlantBulbs,
    State,
    TradeReward,
    VisitMarket,
)

from .helpers import asking, first_position, notations, play


def performing(state: State, action: str, strength: int = 1) -> State:
    """Seat 0 performs ``action`` (as a wheel space would), its helpers offered before it."""
    return RULES.start(perform(state, 0, WheelAction(id="t", tier="t", action=action, strength=strength)))


def ability(name: str) -> str:
    """The helper id of the starting card with ``name``'s ability."""
    return "s" + str(next(c.id for c in BOX.starting if c.ability == name))


def tokens(state: State) -> tuple[int, int, int]:
    farmer = state.farmers[0]
    return farmer.guilders, farmer.vp, farmer.tools


# --- abilities -------------------------------------------------------------------------------


def test_starting_1_foreign_trade_any_two_rewards_and_a_bulb_from_the_supply():
    helper = ability("trade_any_two")
    state = first_position(trade=1, farms={0: {"helpers": (helper,), "storage": ("red",), "guilders": 0}})
    state = performing(state, "trade")
    after = play(state, f"helper {helper}")
    assert isinstance(after.pending, ForeignTrade)
    assert "trade black at 0" in notations(after)  # a colour the player does not store
    placed = play(after, "trade black at 0")
    assert placed.farmers[0].storage == ("red",) and placed.spots[0] == "black"
    assert isinstance(placed.pending, TradeReward) and placed.pending.count == 2
    assert notations(placed) == ["quarter 0", "quarter 1", "quarter 2", "quarter 3", "done"]
    far = BOX.trade_cards[0].quarters[2]  # not next to spot 0
    taken = play(placed, "quarter 2")
    assert tokens(taken) == (far.guilders, placed.farmers[0].vp + far.vp, placed.farmers[0].tools + far.tools)


def test_starting_1_foreign_trade_may_be_chosen_with_an_empty_storage():
    trade = next(i for i, a in enumerate(BOX.boards[0].large) if a.action == "trade")
    farm = {"helpers": (ability("trade_any_two"),), "storage": (), "board": 0, "turned": trade}
    state = asking(first_position(farms={0: farm}), ChooseAction(0))
    assert "perform large" in notations(state)


def test_starting_2_gain_a_farm_enhancement_draws_3_extra_cards():
    helper = ability("farm_peek")
    state = performing(first_position(farms={0: {"helpers": (helper,)}}), "farm")
    after = play(state, f"helper {helper}")
    assert len(after.peeked_cards) == 3 and len(after.deck) == len(state.deck) - 3
    taken = after.peeked_cards[2]
    done = play(after, "contract 5")  # offer slots 0-2, then the three extra cards
    assert done.farmers[0].contracts == (taken,) and done.offer == after.offer
    assert not done.peeked_cards and set(after.peeked_cards) - {taken} <= set(done.discard)


def test_starting_3_plant_tulip_bulbs_pays_1_vp_to_plant_1_extra_bulb():
    helper = ability("plant_extra")
    state = performing(first_position(farms={0: {"helpers": (helper,), "storage": ("red", "white")}}), "plant")
    after = play(state, f"helper {helper}")
    assert after.farmers[0].vp == 4 and isinstance(after.pending, PlantBulbs) and after.pending.left == 2
    done = play(after, "plant red in 0", "plant white in 1")
    assert done.farmers[0].planted == 2 and done.farmers[0].storage == ()


def test_starting_4_build_a_windmill_gives_1_vp_and_1_guilder():
    helper = ability("build_bonus")
    state = performing(first_position(farms={0: {"helpers": (helper,), "guilders": 4}}), "build")
    after = play(state, f"helper {helper}")
    assert tokens(after) == (5, 6, 1)


def _market(helpers: tuple[str, ...], guilders: int = 3) -> State:
    """Seat 0 in area 0 Visits the Market one step into area 1, where seat 1 and a neutral stand."""
    farms = {0: {"market": 0, "helpers": helpers, "guilders": guilders}, 1: {"market": 1}}
    return asking(first_position(farms=farms, neutrals=(1,)), VisitMarket(0, 1))


def test_starting_5_visit_the_market_divides_the_strength_between_rewards():
    tool = next(i for i, r in enumerate(BOX.market[1].rewards) if r.tools)
    other = next(i for i, r in enumerate(BOX.market[1].rewards) if i != tool)
    plain = play(_market(()), "step", f"reward 1.{tool}")
    assert plain.farmers[0].tools == 1 + 3 * BOX.market[1].rewards[tool].tools  # all three on one reward
    state = play(_market((ability("market_split"),)), "step")
    assert state.pending.times == 3
    after = play(state, f"reward 1.{tool}")
    assert isinstance(after.pending, MarketChoice) and after.pending.times == 2
    assert f"reward 1.{other}" in notations(after)
    assert after.farmers[0].tools == 1 + BOX.market[1].rewards[tool].tools


def test_starting_5_visit_the_market_moves_a_neutral_marker_for_free():
    farms = {0: {"market": 0, "helpers": (ability("market_split"),), "guilders": 0}, 1: {"market": 1}}
    state = asking(first_position(farms=farms, neutrals=(2,)), VisitMarket(0, 1))
    assert "neutral 2 to 1" in notations(state)
    after = play(state, "neutral 2 to 1")
    assert after.neutrals == (1,) and after.farmers[0].guilders == 0


def test_starting_5_visit_the_market_stacks_for_free_and_the_other_player_still_gets_1_guilder():
    farms = {0: {"market": 0, "guilders": 3, "helpers": (ability("market_split"),)}, 1: {"market": 1}, 2: {"market": 1}, 3: {"market": 2}}
    state = asking(first_position(players=4, farms=farms, neutrals=(1,)), VisitMarket(0, 1))
    after = play(state, "stack on 1")
    assert after.farmers[0].guilders == 3  # free for the helper's holder
    assert after.farmers[1].guilders == state.farmers[1].guilders + 1  # still paid on their track


def test_starting_6_enhance_the_wheels_gives_a_bulb_of_any_colour():
    helper = ability("enhance_bulb")
    state = performing(first_position(farms={0: {"helpers": (helper,), "storage": ()}}), "enhance")
    after = play(state, f"helper {helper}")
    assert isinstance(after.pending, ChooseColour) and after.pending.colours == COLOURS
    assert play(after, "bulb black").farmers[0].storage == ("black",)


# --- Queen's Wishes --------------------------------------------------------------------------


def wish(name: str) -> int:
    return next(c.id for c in BOX.starting if c.wish == name)


def scored(name: str, **farm: object) -> bool:
    """Whether seat 0 scores the Queen's Wish ``name`` (the highest value) as its turn settles."""
    mills = farm.pop("mills", None)
    state = first_position(wish=wish(name), farms={0: farm}, mills=mills)
    after = asking(state)
    if after.farmers[0].wished:
        assert after.farmers[0].vp == state.farmers[0].vp + BOX.wish_values[0] and after.wishes == 1
    return after.farmers[0].wished


def test_wish_have_6_tools():
    assert scored("tools6", tools=6)
    assert not scored("tools6", tools=5)


def test_wish_a_contract_of_each_of_the_three_border_groups():
    by_border = {c.border: c.id for c in BOX.farm_cards}
    red = [c.id for c in BOX.farm_cards if c.border == "red"]
    assert scored("contract_groups", contracts=(by_border["red"], by_border["yellow"], by_border["blue"]))
    assert not scored("contract_groups", contracts=(red[0], red[1], by_border["yellow"]))


def test_wish_bulbs_planted_on_all_the_depicted_patches():
    card = next(c for c in BOX.starting if c.wish == "patches")
    reach = [0, 0, 0, 0]
    for row, column in card.wish_patches:
        reach[row] = max(reach[row], column + 1)
    patches = tuple(("red",) * n for n in reach)
    assert scored("patches", patches=patches)
    short = max(range(4), key=lambda r: reach[r])
    missing = tuple(("red",) * (n - 1 if r == short else n) for r, n in enumerate(reach))
    assert not scored("patches", patches=missing)


def test_wish_4_own_windmills_connected_by_an_unbroken_path_of_windmills():
    chain = ["W00", "W01", "W02", "W03"]
    assert all(b in BOX.space(a).neighbours for a, b in zip(chain, chain[1:]))
    assert scored("mills4", mills={space: 0 for space in chain})
    assert not scored("mills4", mills={space: 0 for space in chain[:3]})
    far = next(s.id for s in BOX.spaces if not set(s.neighbours) & set(chain[:3]) and s.id not in chain)
    assert not scored("mills4", mills={**{space: 0 for space in chain[:3]}, far: 0})


def test_wish_6_wheel_enhancements_with_2_uncommon_and_2_unique():
    common, uncommon, unique = (t.id for t in BOX.common), [t.id for t in BOX.uncommon], [t.id for t in BOX.unique]
    first = next(common)
    large = (first, first, uncommon[0], uncommon[2], unique[0], "")
    assert scored("enhancements", large=large, small=(unique[1], "", "", "", ""))
    assert not scored("enhancements", large=large, small=(first, "", "", "", ""))


def test_wish_sixth_provisional_all_six_farm_slots_filled():
    assert scored("full_slots", helpers=("s1", "3", "4"), contracts=(5, 6, 7))
    assert not scored("full_slots", helpers=("s1", "3", "4"), contracts=(5, 6))
