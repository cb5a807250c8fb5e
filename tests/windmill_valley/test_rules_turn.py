"""The turn's four steps: floodgate, water level, wheels (Tools, calendar), the action."""

from __future__ import annotations

from tabletop.kernel.api import IllegalMove
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.state import AdjustFloodgate, CalendarReward, ChooseAction, MoveWheels

import pytest

from .helpers import first_position, notations, play


def test_closing_the_floodgate_is_free_and_scores_nothing():
    state = first_position(farms={0: {"guilders": 0}}, floodgate=3, water=0)
    after = play(state, "floodgate 1")
    assert after.floodgate == 1 and after.farmers[0].guilders == 0 and after.farmers[0].vp == 5


def test_opening_one_step_costs_1_guilder_and_scores_1_vp():
    after = play(first_position(), "floodgate 2")
    assert after.farmers[0].guilders == 3 and after.farmers[0].vp == 6


def test_opening_from_the_middle_costs_2_guilder_and_scores_3_vp():
    after = play(first_position(floodgate=2), "floodgate 3")
    assert after.farmers[0].guilders == 2 and after.farmers[0].vp == 8


def test_opening_two_steps_costs_3_guilder_and_scores_4_vp():
    after = play(first_position(), "floodgate 3")
    assert after.farmers[0].guilders == 1 and after.farmers[0].vp == 9


def test_opening_needs_the_guilder():
    state = first_position(farms={0: {"guilders": 2}})
    assert notations(state) == ["floodgate 1", "floodgate 2"]


def test_the_water_rises_by_the_speed_less_one():
    for speed, rise in ((1, 0), (2, 1), (3, 2)):
        after = play(first_position(farms={0: {"guilders": 9}}), f"floodgate {speed}")
        assert after.water == rise


def test_no_speed_may_push_the_water_past_the_maximum():
    state = first_position(water=7, floodgate=3)
    assert notations(state) == ["floodgate 1", "floodgate 2"]


def test_water_at_the_maximum_forces_the_floodgate_down_to_1():
    state = first_position(water=8, floodgate=3)
    assert notations(state) == ["floodgate 1"]


def test_the_wheels_turn_the_speed_each_tool_changing_it_by_one_within_1_to_4():
    state = play(first_position(farms={0: {"tools": 2, "guilders": 9}}), "floodgate 3")
    assert isinstance(state.pending, MoveWheels)
    assert notations(state) == ["turn 1", "turn 2", "turn 3", "turn 4"]
    after = play(state, "turn 1")
    assert after.farmers[0].tools == 0 and after.farmers[0].turned == 1


def test_without_tools_the_wheels_turn_exactly_the_speed():
    state = play(first_position(farms={0: {"tools": 0}}), "floodgate 2")
    assert notations(state) == ["turn 2"]


def test_the_coupled_wheels_advance_together():
    state = play(first_position(), "floodgate 1", "turn 2")
    assert state.farmers[0].active == (2, 2)
    state = play(first_position(farms={0: {"turned": 5}}), "floodgate 1", "turn 2")
    assert state.farmers[0].active == (1, 2)


def test_a_full_rotation_moves_the_calendar_with_its_common_reward_and_a_unique_one():
    state = first_position(farms={0: {"turned": 5, "storage": ()}})
    state = play(state, "floodgate 1", "turn 1")
    assert state.farmers[0].calendar == 1 and isinstance(state.pending, CalendarReward)
    before = state.farmers[0]
    state = play(state, "unique 0")
    assert state.taken[0][0]
    common, unique = BOX.calendar[0].common, BOX.calendar[0].unique[0][0]
    assert state.farmers[0].guilders == min(9, before.guilders + common.guilders + unique.guilders)
    assert state.farmers[0].vp == before.vp + common.vp + unique.vp


def test_the_calendar_rewards_may_be_taken_later_in_the_turn_after_the_action():
    state = play(first_position(farms={0: {"turned": 5}}), "floodgate 1", "turn 1")
    assert "later" in notations(state)
    state = play(state, "later")
    assert isinstance(state.pending, ChooseAction)
    state = play(state, "perform small")
    while not isinstance(state.pending, CalendarReward):
        state = state.apply(state.legal_moves()[0])
    assert state.to_move == 0 and "later" not in notations(state)
    assert "done" in notations(state)


def test_declining_the_unique_reward_still_gives_the_common_one():
    state = play(first_position(farms={0: {"turned": 5, "tools": 0, "guilders": 0}}), "floodgate 1", "turn 1")
    after = play(state, "done")
    common = BOX.calendar[0].common
    assert after.farmers[0].tools == common.tools and after.farmers[0].guilders == common.guilders
    assert not any(after.taken[0])


def test_a_unique_calendar_reward_taken_is_no_longer_offered():
    state = first_position(farms={0: {"turned": 5}}, taken=((True, False, False, False), *((False,) * 4,) * 3))
    state = play(state, "floodgate 1", "turn 1")
    assert "unique 0" not in notations(state) and "unique 1" in notations(state)


def test_rewards_for_more_players_are_not_offered_to_fewer():
    state = first_position(farms={0: {"turned": 5}})
    state = play(state, "floodgate 1", "turn 1")
    offered = {int(m.split()[1]) for m in notations(state) if m.startswith("unique")}
    assert offered == {i for i, (_, least) in enumerate(BOX.calendar[0].unique) if least <= 2}


def test_reaching_the_last_calendar_space_triggers_the_end():
    state = first_position(farms={0: {"turned": 23}})
    state = play(state, "floodgate 1", "turn 1")
    assert state.farmers[0].calendar == 4 and state.turn.ending == 1


def test_one_of_the_two_active_actions_is_performed():
    state = play(first_position(), "floodgate 1", "turn 1")
    assert isinstance(state.pending, ChooseAction)
    assert set(notations(state)) <= {"perform large", "perform small"}


def test_with_a_plus_both_actions_may_be_performed():
    plus = next(t for t in BOX.uncommon if t.plus and t.action is None)  # a gain tile with "+"
    state = first_position(farms={0: {"large": ("", plus.id, "", "", "", "")}})
    state = play(state, "floodgate 1", "turn 1", "perform large")
    assert isinstance(state.pending, ChooseAction)
    assert notations(state) == ["perform small", "done"]


def test_without_a_plus_only_one_action():
    state = play(first_position(water=0), "floodgate 1", "turn 1", "perform small")
    state = play(state, *[m for m in notations(state) if m.startswith("lower")][:1])
    while state.to_move == 0:  # helpers or rewards of the one action, then the turn ends
        assert not isinstance(state.pending, ChooseAction)
        state = state.apply(state.legal_moves()[-1])
    assert isinstance(state.pending, AdjustFloodgate) and state.to_move == 1


def test_two_guilder_only_when_neither_action_can_be_performed():
    planting = next(t for t in BOX.unique if t.action == "plant")
    wheels = {"large": ("", planting.id, "", "", "", ""), "small": ("", planting.id, "", "", "")}
    state = first_position(farms={0: {"storage": (), **wheels}})
    state = play(state, "floodgate 1", "turn 1")
    assert notations(state) == ["take 2 guilders"]
    after = play(state, "take 2 guilders")
    assert after.farmers[0].guilders == state.farmers[0].guilders + 2


def test_two_guilder_is_refused_when_an_action_can_be_performed():
    state = play(first_position(), "floodgate 1", "turn 1")
    assert "take 2 guilders" not in notations(state)


def test_an_illegal_floodgate_is_refused_naming_the_rule():
    state = first_position(water=8)
    with pytest.raises(IllegalMove, match="floodgate"):
        play(state, "floodgate 3")


def test_rulebook_example_the_first_rotation_gives_a_bulb_of_any_colour_and_3_guilder():
    # "Blue rotates the Wheels and finishes the first full rotation [...] moves their marker
    # to the next section in the Calendar and receives a tulip bulb of any color and 3 Guilder.
    # Finally, Blue covers the taken unique reward with the X tile."
    state = first_position(farms={0: {"turned": 4, "guilders": 2, "storage": ()}})
    state = play(state, "floodgate 2")
    state = play(state, "turn 2")
    assert state.farmers[0].calendar == 1
    three = next(i for i, (reward, _) in enumerate(BOX.calendar[0].unique) if reward.guilders == 3)
    state = play(state, f"unique {three}")
    assert notations(state)[:5] == ["bulb white", "bulb yellow", "bulb red", "bulb violet", "bulb black"]
    state = play(state, "bulb black")
    assert state.farmers[0].storage == ("black",) and state.farmers[0].guilders == 1 + 3
    assert state.taken[0][three]
