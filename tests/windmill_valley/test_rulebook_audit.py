"""The English rulebook (shared/reference/windmill-valley-rulebook.en.md) and the facts file
(§3-§9, §14, §16) read sentence by sentence against the engine: the rules that had no test of
their own elsewhere in tests/windmill_valley, each tested here under a name saying the rule,
the rulebook's sentence quoted above it. Values that are provisional in the data are read from
the data; only the behaviour is asserted."""

from __future__ import annotations

import attrs
import pytest

from collections import deque

from tabletop.kernel.engine import evolve
from tabletop.kernel.pile import Pile
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.rules import RULES
from tabletop.windmill_valley.rules.common import earn, perform
from tabletop.windmill_valley.rules.market import AREA_SPACES
from tabletop.windmill_valley.scoring import contract_score, group_score, patch_score, scores
from tabletop.windmill_valley.state import (
    AdjustFloodgate,
    BuildWindmill,
    CalendarReward,
    ChooseAction,
    ContractNow,
    Enhance,
    ForeignTrade,
    GainFarmCard,
    LowerWater,
    MarketChoice,
    MoveWheels,
    PlantBulbs,
    StoreBulb,
    Turn,
    UseHelpers,
    VisitMarket,
)

from .helpers import asking, band_level, finish_turn, first_position, notations, play


# --- Game components --------------------------------------------------------------------------


def test_tools_are_not_limited():
    # "Tools and Tulip Bulbs are not meant to be limited."
    state = first_position(farms={0: {"tools": 44}})  # every Tool token of the box
    assert earn(state, 0, tools=1).farmers[0].tools == 45


# --- Turn structure, step 1: Floodgate Adjustment ---------------------------------------------


def test_the_floodgate_moves_in_one_direction_once_per_turn():
    # "you are never allowed to move the Floodgate marker in more than one direction on a single
    # turn. If you move the Floodgate marker at all, it moves either up or down—not both."
    state = play(first_position(farms={0: {"guilders": 9}}), "floodgate 3")
    assert isinstance(state.pending, MoveWheels)
    assert not any(isinstance(p, AdjustFloodgate) and p.seat == 0 for p in state.stack)
    state = finish_turn(play(state, notations(state)[0]))
    assert isinstance(state.pending, AdjustFloodgate) and state.to_move == 1


def test_the_water_rises_every_turn_the_floodgate_stays_open():
    # "Adjust the Water Level (it happens every turn, if the Floodgate marker is on speed 2 or 3)."
    for speed, rise in ((2, 1), (3, 2)):
        state = first_position(floodgate=speed, water=3, farms={0: {"guilders": 0}})
        after = play(state, f"floodgate {speed}")  # no change, nothing paid
        assert after.water == 3 + rise and after.farmers[0].vp == 5


# --- Step 3: Wheel Movement --------------------------------------------------------------------


def test_tools_change_neither_the_floodgate_nor_the_water_level():
    # "Using Tools does not change the position of the Floodgate marker and has no effect on
    # Water Level."
    state = play(first_position(farms={0: {"tools": 2, "guilders": 9}}), "floodgate 2")
    floodgate, water = state.floodgate, state.water
    after = play(state, "turn 4")
    assert after.farmers[0].turned == 4 and after.farmers[0].tools == 0
    assert (after.floodgate, after.water) == (floodgate, water)


def test_the_calendar_moves_when_the_red_spoke_crosses_the_arrow():
    # "Whenever the red spoke on the Large Wheel aligns with, or crosses the red arrow on your
    # Windmill board, you must move your player marker one step to the right on the Calendar."
    state = play(first_position(farms={0: {"turned": 4, "tools": 2}}), "floodgate 1", "turn 3")
    assert state.farmers[0].turned == 7 and state.farmers[0].calendar == 1
    assert isinstance(state.pending, CalendarReward)


# --- Step 4: Perform Actions ------------------------------------------------------------------


def test_the_same_action_twice_in_a_turn_is_two_actions_each_with_its_own_display_refresh():
    # "If due to these extra actions, you perform the same action more than once on the same
    # turn, they are considered different actions—apply these rules separately each time";
    # Enhance: "you may spend 1 Guilder once to discard the Enhancements on display".
    state = asking(first_position(farms={0: {"guilders": 5}}), Enhance(0, times=2))
    state = play(state, "refresh")
    assert "refresh" not in notations(state)
    state = play(state, "install 0 on large 3")
    assert isinstance(state.pending, Enhance) and "refresh" in notations(state)


def test_with_a_plus_on_both_wheels_each_action_is_performed_once():
    # "You may also perform the action of the other Wheel, unless it has already been resolved."
    plus = next(t for t in BOX.uncommon if t.plus and t.action == "enhance")
    wheels = {"large": ("", plus.id, "", "", "", ""), "small": ("", plus.id, "", "", "")}
    state = play(first_position(farms={0: {"guilders": 9, **wheels}}), "floodgate 1", "turn 1", "perform large")
    while not isinstance(state.pending, ChooseAction):
        state = play(state, notations(state)[-1])  # the enhancement declined or placed
    assert notations(state) == ["perform small", "done"]
    state = play(state, "perform small")
    while state.to_move == 0:
        assert not isinstance(state.pending, ChooseAction)  # the large wheel's action is resolved
        state = play(state, notations(state)[-1])
    assert isinstance(state.pending, AdjustFloodgate)


# --- Action: Lower the Water Level -------------------------------------------------------------


def test_lower_water_pays_every_point_at_the_band_of_the_markers_current_position():
    # "Whenever you Lower the Water Level, first check the section over the marker's current
    # position and gain rewards for each point of your action's strength. [...] Once you have
    # received your rewards, move the Water Level marker to the left"
    level = band_level("high")  # the lowest level of the high band: the next point down is middle
    state = asking(first_position(water=level, farms={0: {"guilders": 0, "vp": 0}}), LowerWater(0, 3))
    assert notations(state) == ["lower 6g 0vp", "lower 4g 2vp", "lower 2g 4vp", "lower 0g 6vp"]
    after = play(state, "lower 0g 6vp")
    assert after.farmers[0].vp == 6 and after.water == level - 3


def test_lower_water_with_both_rewards_in_the_low_band_pays_guilder_only():
    # "Perform a Lower the Water Level action. Receive both Victory Points and Guilder (if
    # applicable)." The lowest section pays "1 Guilder for each point".
    state = asking(first_position(water=band_level("low")), LowerWater(0, 1, both=True))
    assert notations(state) == ["lower 1g 0vp"]


# --- Action: Enhance the Wheels / Gain a Farm Enhancement --------------------------------------


def test_a_common_tile_covering_a_sold_out_tier_is_free():
    # "If any of the Enhancement types run out completely, simply refill the space with a Common
    # Enhancement tile and cover the printed cost above with an "X" tile."
    state = first_position()
    empty = (state.stacks[0], Pile(()), state.stacks[2])
    state = asking(first_position(farms={0: {"guilders": 1}}, stacks=empty, discards=((), (), ())), Enhance(0))
    after = play(state, "install 2 on large 3")
    assert after.covered[2] and after.farmers[0].guilders == 0
    broke = asking(evolve(after, stack=after.stack[:1]), Enhance(0))
    assert "install 2 on large 1" in notations(broke) and broke.farmers[0].guilders == 0


def test_the_farm_offer_is_refreshed_at_most_once_per_action():
    # "Before resolving this action, you may spend 1 Guilder once to move all the cards from the
    # offer to the discard pile next to the deck and refill the offer."
    state = play(asking(first_position(farms={0: {"guilders": 5}}), GainFarmCard(0)), "refresh")
    assert "refresh" not in notations(state) and state.farmers[0].guilders == 4


def test_a_helper_hired_is_offered_at_once_after_its_triggering_action():
    # "Once gained, Helpers immediately offer you a special ability that you can resolve once per
    # turn [...] The ability is available as soon as you choose the triggering action and can be
    # resolved before or after taking the action."
    farming = next(a for a in BOX.boards[0].large if a.action == "farm")
    state = first_position()
    card = next(c for c in state.offer if BOX.farm_card(c).trigger == "farm")
    state = RULES.start(perform(state, 0, farming))
    while not isinstance(state.pending, GainFarmCard):
        state = play(state, "done")
    after = play(state, f"helper {state.offer.index(card)}")
    assert isinstance(after.pending, UseHelpers) and f"helper {card}" in notations(after)


# --- Action: Build a Windmill ------------------------------------------------------------------


def test_no_windmill_is_built_on_an_occupied_space():
    # "Once a Windmill has been placed, its space is considered occupied, and no more Windmills
    # can be placed there."
    space = next(s.id for s in BOX.spaces if s.market)
    state = asking(first_position(mills={space: 1}, farms={0: {"guilders": 9}}), BuildWindmill(0, unconnected=True))
    built = {m.split()[-1] for m in notations(state) if m.startswith("build")}
    assert built and space not in built


def _path_to(space: str) -> list[str]:
    """A shortest chain of spaces from one next to the market to ``space``."""
    starts = [i for i, s in enumerate(BOX.spaces) if s.market]
    came: dict[int, int | None] = {i: None for i in starts}
    queue = deque(starts)
    while queue:
        i = queue.popleft()
        for j in BOX.neighbours[i]:
            if j not in came:
                came[j] = i
                queue.append(j)
    path: list[str] = []
    at: int | None = BOX.space_index[space]
    while at is not None:
        path.append(BOX.spaces[at].id)
        at = came[at]
    return path[::-1]


def test_an_unconnected_windmill_joins_the_network_once_a_path_reaches_it():
    # "These Windmills do not create a path of their own, meaning that no one can place Windmills
    # on adjacent spaces unless an uninterrupted path to the Market has been created."
    far = next(s for s in BOX.spaces if not s.market and not any(BOX.space(n).market for n in s.neighbours))
    path = _path_to(far.id)
    last = path[-2]  # the space of the chain next to the unconnected windmill
    beyond = [n for n in far.neighbours if n != last and n not in path]
    chain = {space: 1 for space in path[:-2]}
    before = asking(first_position(mills={**chain, far.id: 0}, farms={0: {"guilders": 9}}), BuildWindmill(0))
    built = {m.split()[-1] for m in notations(before)}
    assert beyond and last in built and not built & set(beyond)
    after = asking(first_position(mills={**chain, last: 1, far.id: 0}, farms={0: {"guilders": 9}}), BuildWindmill(0))
    assert set(beyond) <= {m.split()[-1] for m in notations(after)}


# --- Action: Visit the Market -------------------------------------------------------------------


def test_the_neutral_marker_is_moved_once_per_turn_even_over_two_market_actions():
    # "Once per turn, before you move, you can pay 1 Guilder to move a neutral marker"
    state = first_position(farms={0: {"market": 0, "guilders": 5}, 1: {"market": 2}}, neutrals=(0,))
    state = play(asking(state, VisitMarket(0, 1)), "neutral 0 to 1")
    again = asking(evolve(state, stack=state.stack[:-1]), VisitMarket(0, 1))  # a second Visit the Market
    assert not any(m.startswith("neutral") for m in notations(again))


def test_the_neutral_marker_is_moved_only_before_the_first_step():
    # "Once per turn, before you move, you can pay 1 Guilder to move a neutral marker"
    state = first_position(farms={0: {"market": 0, "guilders": 5}, 1: {"market": 2}}, neutrals=(0,))
    state = play(asking(state, VisitMarket(0, 2)), "step")
    assert isinstance(state.pending, MarketChoice)
    while not isinstance(state.pending, VisitMarket):
        state = play(state, notations(state)[0])
    assert notations(state) == ["step"]


def test_a_stacked_on_player_still_moves_their_marker():
    # "Moving your marker on top of another player's [...] does not prevent the other player from
    # moving their marker on their turn."
    state = first_position(
        players=4,
        farms={0: {"market": 1, "stacked": True}, 1: {"market": 1}, 2: {"market": 1}, 3: {"market": 2}},
        neutrals=(1,),
        turn=Turn(seat=1),
    )
    state = asking(state, VisitMarket(1, 1))
    after = play(state, "step")
    assert after.farmers[1].market == 2 and after.farmers[0].market == 1


def test_a_marker_left_alone_on_top_takes_the_marker_space_freed_under_it():
    # "If all the marker spaces in an area are full, skip it and proceed to the next one or you
    # can choose to pay 1 Guilder to another player to place your marker on top of theirs."
    # Seat 0 is stacked on seat 1 in area 1 (full: seats 1 and 2 and a neutral). When seat 1
    # moves on, seat 0's marker stands on the space seat 1 left: three markers on three spaces,
    # the area is still full for seat 3.
    state = first_position(
        players=4,
        farms={0: {"market": 1, "stacked": True}, 1: {"market": 1}, 2: {"market": 1}, 3: {"market": 0}},
        neutrals=(1,),
        turn=Turn(seat=1),
    )
    state = play(asking(state, VisitMarket(1, 1)), "step")
    assert [s for s, f in enumerate(state.farmers) if f.market == 1] == [0, 2]
    entering = asking(evolve(state, stack=state.stack[:-1], turn=Turn(seat=3)), VisitMarket(3, 1))
    assert AREA_SPACES == 3 and "step" not in notations(entering)
    assert "skip" in notations(entering)


# --- Action: Plant Tulip Bulbs ---------------------------------------------------------------------


def test_a_full_row_of_patches_takes_no_more_bulbs():
    # "Plant it in the leftmost available Tulip Patch of any row on your Farm board."
    state = asking(first_position(farms={0: {"storage": ("red",), "patches": (("white",) * 7, (), (), ())}}), PlantBulbs(0, 1))
    assert "plant red in 0" not in notations(state) and "plant red in 1" in notations(state)


# --- Action: Conduct Foreign Trade ---------------------------------------------------------------


def test_collecting_the_trade_bulbs_is_offered_only_when_the_card_holds_some():
    # "If any Tulip Bulbs are already present on the Foreign Trade card, you can choose to remove
    # all of them instead of placing another."
    empty = asking(first_position(farms={0: {"storage": ("red",)}}), ForeignTrade(0))
    assert "collect" not in notations(empty) and "trade red at 0" in notations(empty)
    holding = asking(first_position(farms={0: {"storage": ("red",)}}, spots=("white", "", "", "")), ForeignTrade(0))
    assert "collect" in notations(holding) and "trade red at 1" in notations(holding)


# --- Gaining Tulip Bulbs --------------------------------------------------------------------------


def test_a_bulb_may_replace_a_stored_one_rather_than_paying_for_a_rightmost_space():
    # "If you gain a Tulip Bulb and your Storage is full, or you cannot or do not wish to pay the
    # additional cost of the rightmost spaces, you may discard one of the Bulbs from your
    # Storage and place the new one in its place. You do not pay the extra cost"
    state = asking(first_position(farms={0: {"storage": ("red",) * 5, "guilders": 5}}), StoreBulb(0, "white"))
    assert {"store", "store over red"} <= set(notations(state))
    after = play(state, "store over red")
    assert after.farmers[0].guilders == 5 and sorted(after.farmers[0].storage) == ["red"] * 4 + ["white"]


def test_an_exchanged_bulb_takes_the_place_of_the_one_discarded():
    # "you may discard one of the Bulbs from your Storage and place the new one in its place [...]
    # Whenever you use (not exchange) Tulip Bulbs from your Storage, you must slide any remaining
    # Bulbs to the left"
    seven = ("white", "yellow", "red", "violet", "white", "yellow", "red")
    state = asking(first_position(farms={0: {"storage": seven}}), StoreBulb(0, "black"))
    after = play(state, "store over violet")
    assert after.farmers[0].storage == ("white", "yellow", "red", "black", "white", "yellow", "red")


# --- General icons: score a contract now ----------------------------------------------------------


def test_a_contract_scored_at_once_still_scores_at_the_end():
    # "Immediately score one of your Contracts. This Contract will still score normally at the
    # end of the game."
    card = next(c for c in BOX.farm_cards if c.contract == "bulbs")
    farm = {"contracts": (card.id,), "patches": ((card.contract_arg,) * 3, (), (), ())}
    state = asking(first_position(farms={0: farm}), ContractNow(0))
    assert notations(state) == ["score contract 0", "done"]
    after = play(state, "score contract 0")
    worth = contract_score(after, 0, card.id)
    assert worth == 3 * card.contract_vp and after.farmers[0].vp == 5 + worth
    assert scores(after)[0] - scores(state)[0] == worth  # scored now, and counted again at the end


# --- Game End and Scoring ------------------------------------------------------------------------


def test_the_end_triggered_by_the_last_player_of_a_round_gives_everyone_one_more_turn():
    # "As soon as one player reaches the end of the Calendar track, the end of the game is
    # triggered. Finish the current round, so each player gets the same number of turns, than
    # each player gets one more turn."
    state = first_position(players=2, farms={1: {"turned": 23}})
    state = finish_turn(state)  # seat 0
    state = finish_turn(state)  # seat 1 reaches the last calendar space: the round is finished
    assert not state.is_over and state.to_move == 0
    state = finish_turn(state)
    assert not state.is_over and state.to_move == 1
    state = finish_turn(state)
    assert state.is_over


def test_the_expert_variant_triggered_by_the_last_player_of_a_round_ends_at_once():
    # "after any player reaches the final space of the Calendar, you play until the end of the
    # round (equal number of turns for all players) and proceed to final scoring."
    state = first_position(players=2, expert=True, farms={1: {"turned": 23}})
    state = finish_turn(finish_turn(state))
    assert state.is_over


def test_an_incomplete_row_of_patches_scores_nothing():
    # "Score a number of Victory Points for each complete row and each complete column"
    farmer = first_position().farmers[0]
    assert patch_score(BOX, attrs.evolve(farmer, patches=(("red",) * 6, (), (), ()))) == 0


def test_an_incomplete_column_of_different_colours_scores_nothing():
    # "A complete column of Patches can score you the number of Victory Points printed at the top
    # of the column, if all the Tulip Bulbs are of different colors."
    farmer = first_position().farmers[0]
    three = attrs.evolve(farmer, patches=(("red",), ("white",), ("yellow",), ()))
    assert patch_score(BOX, three) == 0
    four = attrs.evolve(three, patches=(("red",), ("white",), ("yellow",), ("black",)))
    assert patch_score(BOX, four) == BOX.farm.column_values[0]


@pytest.mark.parametrize("group", range(5))
def test_each_empty_windmill_group_scores_its_colour_1_1_2_2_3(group):
    # "1 Victory Point per white [...] 1 [...] yellow [...] 2 [...] red [...] 2 [...] violet [...]
    # 3 Victory Points per black Tulip Bulb in your Patches." (which group holds which colour is
    # read from the data)
    per_colour = {"white": 1, "yellow": 1, "red": 2, "violet": 2, "black": 3}
    colour = BOX.farm.group_colours[group]
    farmer = first_position().farmers[0]
    groups = tuple(0 if g == group else n for g, n in enumerate(farmer.windmills))
    emptied = attrs.evolve(farmer, windmills=groups, patches=((colour,) * 2, (colour,), (), ()))
    assert group_score(BOX, emptied) == 3 * per_colour[colour]


def test_the_expert_variant_is_a_game_option_off_by_default():
    # "After you played the game a few times [...] you can decide to forfeit the additional round
    # at the end."
    from tabletop.windmill_valley import new_game

    assert not new_game(2, seed=1).expert and new_game(2, seed=1, expert=True).expert


def test_leftover_guilder_tools_and_stored_bulbs_score_nothing():
    # "Victory Points are scored for each of the following items: 1. Contracts [...] 2. Empty
    # Windmill groups. 3. Complete rows and complete columns of Patches" (facts file §14: the
    # rest is not scored; stored bulbs only break ties)
    poor = first_position(farms={0: {"guilders": 0, "tools": 0, "storage": ()}})
    rich = first_position(farms={0: {"guilders": 9, "tools": 7, "storage": ("black",) * 7}})
    assert scores(poor)[0] == scores(rich)[0] == 5


def test_a_player_with_no_windmill_left_cannot_build():
    # "This action allows you to take one of the Windmills from your Farm board and place it on
    # the Main board"; "If by any means you would not be able to perform any of the actions from
    # your Wheels, simply gain 2 Guilder and finish your turn."
    building = next(t for t in BOX.common if t.action == "build" and t.effect is None)
    wheels = {"large": ("", building.id, "", "", "", ""), "small": ("", building.id, "", "", "")}
    state = first_position(farms={0: {"guilders": 9, "windmills": (0, 0, 0, 0, 0), **wheels}})
    assert notations(play(state, "floodgate 1", "turn 1")) == ["take 2 guilders"]
    state = first_position(farms={0: {"guilders": 9, "windmills": (0, 0, 0, 0, 1), **wheels}})
    assert "perform large" in notations(play(state, "floodgate 1", "turn 1"))
