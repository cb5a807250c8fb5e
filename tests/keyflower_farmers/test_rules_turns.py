"""A turn: bidding for a tile and using one (base rulebook, Bidding and Production; The Farmers'
clarifications). One test per rule, named after it."""

import attrs
import pytest

from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.state import ChooseBoat
from tabletop.keyflower_farmers.state import Resources
from tabletop.kernel.api import IllegalMove
from tabletop.kernel.auction import Bid

from .helpers import legal, play

RED4 = [{"red": 4, "yellow": 2}, {"red": 5, "blue": 2}]


def test_a_bid_places_workers_on_ones_side_of_the_tile():
    state = play(position(2, screens=RED4, offer=["keywood"]), "bid keywood 2 red")
    assert state.lot("keywood").bids == (Bid(0, "red", 2),)
    assert state.screens[0].named("red") == 2
    assert state.to_move == 1


def test_a_new_bid_must_beat_the_highest_bid():
    state = play(position(2, screens=RED4, offer=["keywood"]), "bid keywood 2 red")
    assert "bid keywood 2 red" not in legal(state)
    assert "bid keywood 3 red" in legal(state)


def test_bids_must_have_the_colour_of_the_bids_around_the_tile():
    state = play(position(2, screens=RED4, offer=["keywood"]), "bid keywood 1 red")
    assert not any(m.startswith("bid keywood") and "blue" in m for m in legal(state))


def test_bids_must_have_the_colour_of_the_workers_using_the_tile():
    state = play(position(2, screens=RED4, offer=["keywood"]), "use keywood 1 yellow")
    assert not any(m.startswith("bid keywood") for m in legal(state))  # seat 1 has no yellow
    with pytest.raises(IllegalMove):
        play(state, "bid keywood 1 red")


def test_an_untouched_tile_may_be_opened_in_any_colour_green_included():
    state = position(2, screens=[{"green": 1, "red": 1}, {}], offer=["keywood"])
    assert {"bid keywood 1 green", "bid keywood 1 red"} <= legal(state)


def test_green_workers_are_not_wild():
    state = play(position(2, screens=[{"red": 1}, {"green": 3}], offer=["keywood"]), "bid keywood 1 red")
    assert not any(m.startswith("bid keywood") for m in legal(state))


def test_adding_to_ones_own_bid_must_make_it_the_winning_bid():
    state = play(position(2, screens=RED4, offer=["keywood"]), "bid keywood 1 red", "bid keywood 2 red")
    assert "bid keywood 1 red" not in legal(state)  # 1 + 1 does not beat 2
    state = play(state, "bid keywood 2 red")
    assert state.lot("keywood").bid_of(0).count == 3
    assert state.lot("keywood").leader == 0


def test_the_leader_may_add_to_a_winning_bid():
    state = play(position(2, screens=RED4, offer=["keywood"]), "bid keywood 1 red", "pass")
    assert "bid keywood 1 red" in legal(state)


def test_outbid_workers_move_as_one_group_topped_up_from_the_screen():
    state = play(position(2, screens=RED4, offer=["keywood", "stable"]), "bid keywood 2 red", "bid keywood 3 red")
    moves = legal(state)
    assert "bid stable 2 red from keywood" in moves
    assert "bid stable 3 red from keywood" in moves  # the group and one more from the screen
    assert "bid stable 1 red from keywood" not in moves  # a group never splits
    state = play(state, "bid stable 3 red from keywood")
    assert state.lot("keywood").bids == (Bid(1, "red", 3),)
    assert state.lot("stable").bids == (Bid(0, "red", 3),)
    assert state.screens[0].named("red") == 1


def test_outbid_workers_may_be_used_on_a_tile():
    state = play(position(2, screens=RED4, offer=["keywood", "key_mine"]), "bid keywood 2 red", "bid keywood 3 red")
    assert "use key_mine 2 red from keywood" in legal(state)
    state = play(state, "use key_mine 2 red from keywood")
    assert state.tile("key_mine").workers.named("red") == 2 and state.screens[0].named("red") == 2


def test_a_winning_bid_cannot_be_moved():
    state = play(position(2, screens=RED4, offer=["keywood", "stable"]), "bid keywood 2 red", "bid keywood 3 red")
    state = play(state, "pass")
    assert not any("from keywood" in m for m in legal(state))


def test_turn_order_tiles_are_bid_for_but_never_used():
    state = position(2, screens=RED4, offer=["keywood"])
    assert "bid order1 1 red" in legal(state)
    assert not any(m.startswith("use order") for m in legal(state))


def test_first_use_takes_one_worker_the_next_one_more():
    state = play(position(2, screens=RED4, offer=["keywood"]), "use keywood 1 red")
    moves = legal(state)
    assert "use keywood 1 red" not in moves and "use keywood 2 red" in moves
    state = play(state, "use keywood 2 red")
    assert "use keywood 3 red" in legal(play(state, "pass"))


def test_more_workers_than_needed_raise_the_next_use():
    state = play(position(2, screens=RED4, offer=["keywood"]), "use keywood 2 red")
    assert "use keywood 2 red" not in legal(state)
    state = play(state, "use keywood 3 red")
    assert not any(m.startswith("use keywood") for m in legal(state))  # 5 on it: a third use needs 4


def test_at_most_six_workers_on_a_tile_in_a_season():
    state = position(2, screens=[{"red": 9}, {}], offer=["keywood"])
    assert "use keywood 6 red" in legal(state) and "use keywood 7 red" not in legal(state)


def test_a_use_must_have_the_colour_of_the_bids_on_an_auction_tile():
    state = play(position(2, screens=RED4, offer=["keywood"]), "pass", "bid keywood 1 blue")
    assert not any(m.startswith("use keywood") for m in legal(state))  # seat 0 has no blue


def test_resources_produced_in_ones_own_village_go_on_the_producing_tile():
    state = position(2, screens=RED4, offer=[], villages=[[("keywood", (1, -1), 1)], []])
    state = play(state, "use keywood 1 red")
    assert state.tile("keywood").goods.named("wood") == 1
    assert state.supply.named("wood") == 23


def test_resources_produced_elsewhere_go_on_the_users_home_tile():
    state = play(position(2, screens=RED4, offer=["keywood"]), "use keywood 1 red")
    assert state.tile("home1").goods.named("wood") == 1
    assert state.tile("keywood").goods.total == 0


def test_a_tile_in_another_players_village_may_be_used():
    state = position(2, screens=RED4, villages=[[], [("keywood", (1, -1), 1)]])
    state = play(state, "use keywood 1 red")
    assert state.tile("home1").goods.named("wood") == 1


def test_a_supply_that_runs_short_gives_only_what_is_left():
    state = position(2, screens=RED4, offer=["key_mine"])
    state = attrs.evolve(state, supply=Resources.of(iron=0, wood=24, stone=24, gold=48))
    state = play(state, "use key_mine 1 red")
    assert state.tile("home1").goods.named("iron") == 0


def test_skills_are_drawn_from_the_face_down_pile_behind_the_screen():
    state = play(position(2, screens=RED4, offer=["apprentice_hall"], chance="explicit"), "use apprentice_hall 1 red")
    assert state.to_move == -1
    assert {str(o) for o, _ in state.chance_outcomes()} == {"skill saw", "skill pickaxe", "skill anvil"}
    state = play(state, "skill anvil")
    assert state.skills[0].named("anvil") == 1
    assert len(state.skill_pile) == 47


def test_workers_are_drawn_at_random_from_the_bag_behind_the_screen():
    state = play(position(2, screens=RED4, offer=["alehouse"], chance="explicit"), "use alehouse 1 red")
    state = play(state, "worker blue")
    assert state.screens[0].named("blue") == 1
    assert len(state.bag) == 120 - 13 - 1


def test_peddler_puts_an_extra_yellow_worker_into_the_bag_for_a_green_one():
    state = play(position(2, screens=RED4, offer=["peddler"]), "use peddler 1 red paying yellow")
    assert state.screens[0].named("yellow") == 1 and state.screens[0].named("green") == 1
    assert state.green == 19
    assert len(state.bag) == 120 - 13 + 1


def test_peddler_needs_the_extra_yellow_worker():
    state = position(2, screens=[{"red": 3}, {}], offer=["peddler"])
    assert not any(m.startswith("use peddler") for m in legal(state))


def test_tavern_returns_the_extra_worker_to_the_bag_only_after_drawing():
    state = position(2, screens=[{"red": 3, "blue": 1}, {}], offer=["tavern"], chance="explicit")
    bag = len(state.bag)
    assert "use tavern 1 red paying blue" in legal(state) and "use tavern 1 red paying red" in legal(state)
    state = play(state, "use tavern 1 red paying blue")
    assert len(state.bag) == bag  # the paid worker waits while the two draws happen
    state = play(state, "worker yellow", "worker yellow")
    assert len(state.bag) == bag - 2 + 1
    assert state.screens[0].named("yellow") == 2 and state.screens[0].named("blue") == 0


def test_hiring_fair_mixes_the_given_skill_back_after_drawing():
    state = position(2, screens=RED4, skills=[{"saw": 1}, {}], offer=["hiring_fair"], chance="explicit")
    state = play(state, "use hiring_fair 1 red paying saw")
    assert len(state.skill_pile) == 47
    state = play(state, "skill anvil", "skill anvil")
    assert state.skills[0].named("anvil") == 2 and state.skills[0].named("saw") == 0
    assert len(state.skill_pile) == 46


def test_workshop_front_gives_one_of_wood_stone_or_iron():
    state = play(position(2, screens=RED4, offer=["workshop"]), "use workshop 1 red")
    assert legal(state) == {"take wood", "take stone", "take iron"}
    state = play(state, "take stone")
    assert state.tile("home1").goods.named("stone") == 1
    assert state.to_move == 1


def test_wheat_goes_behind_the_screen():
    state = play(position(2, screens=RED4, offer=["wheat_field"]), "use wheat_field 1 red")
    assert state.wheat[0] == 2 and state.wheat_supply == 28


def test_an_animal_produced_elsewhere_goes_into_a_field_of_the_home_hex():
    state = play(position(2, screens=RED4, offer=["sheep_fold"]), "use sheep_fold 1 red")
    fields = state.villages[0].fields
    assert len(legal(state)) == 5  # the five fields of the home hex
    state = play(state, sorted(legal(state))[0])
    assert sum(animals.named("sheep") for _, animals in state.villages[0].animals) == 1
    assert state.animals.named("sheep") == 31
    assert len(fields.parts) == 5


def test_an_animal_produced_in_ones_own_village_goes_into_a_field_of_that_hex():
    state = position(2, screens=RED4, villages=[[("sheep_fold", (1, -1), 0)], []])
    state = play(state, "use sheep_fold 1 red")
    fields = state.villages[0].fields
    on_the_hex = {f"field {f[0][0]},{f[0][1]}/{f[1]}" for f in fields.fields_on((1, -1))}
    assert legal(state) == on_the_hex


def test_several_animals_of_one_use_go_into_different_fields():
    state = position(2, screens=RED4, villages=[[("sheep_fold", (1, -1), 0)], []])
    upgraded = tuple(attrs.evolve(t, face=1) if t.id == "sheep_fold" else t for t in state.tiles)
    state = play(attrs.evolve(state, tiles=upgraded), "use sheep_fold 1 red")
    first = sorted(legal(state))[0]
    state = play(state, first)
    assert first not in legal(state)
    state = play(state, sorted(legal(state))[0])
    assert len(state.villages[0].animals) == 2


def test_an_animal_cannot_go_into_a_field_holding_another_animal():
    state = play(position(2, screens=RED4, offer=["sheep_fold", "pigsty"]), "use sheep_fold 1 red")
    chosen = sorted(legal(state))[0]
    state = play(state, chosen, "pass", "use pigsty 1 red")
    assert chosen not in legal(state)
    assert len(legal(state)) == 4


def test_a_player_who_passed_may_act_again_if_someone_acts_after_them():
    state = play(position(2, screens=RED4, offer=["keywood"]), "pass", "bid keywood 1 red")
    assert state.to_move == 0 and state.passes == 0
    assert "bid keywood 2 red" in legal(state)


def test_the_season_ends_when_every_player_has_passed_in_succession():
    state = play(position(2, screens=RED4, offer=["keywood"]), "pass")
    assert isinstance(state.pending, ChooseBoat) is False
    state = play(state, "pass")
    assert isinstance(state.pending, ChooseBoat)


def _with_summer_boat_4(side):
    villages = [[("summer_boat_4", (1, 0), 0)], []]
    state = position(2, screens=[{"red": 3, "green": 2}, {"blue": 4}], offer=["keywood"], villages=villages, to_move=1)
    tiles = tuple(attrs.evolve(t, face=side) if t.id == "summer_boat_4" else t for t in state.tiles)
    return attrs.evolve(state, tiles=tiles)


def test_summer_boat_4a_counters_a_bid_in_another_colour_green_included():
    state = play(_with_summer_boat_4(0), "bid keywood 1 blue")
    assert {"bid keywood 2 red", "bid keywood 2 green"} <= legal(state)
    state = play(state, "bid keywood 2 green")
    lot = state.lot("keywood")
    assert lot.colour == "blue" and lot.leader == 0
    assert "bid keywood 3 blue" in legal(state)  # the others still bid blue


def test_summer_boat_4a_workers_stand_up_when_the_other_bids_leave():
    state = play(_with_summer_boat_4(0), "bid keywood 1 blue", "bid keywood 2 green")
    state = play(state, "bid order1 1 blue from keywood")
    assert state.lot("keywood").colour == "green"


def test_summer_boat_4b_uses_a_tile_whatever_its_colour():
    state = play(_with_summer_boat_4(1), "use keywood 1 blue")
    assert "use keywood 2 red" in legal(state)
    state = play(state, "use keywood 2 red")
    tile = state.tile("keywood")
    assert tile.colour == "blue" and tile.workers.total == 3
    assert "use keywood 3 blue" in legal(state)  # the others keep to blue


def test_an_outbid_worker_may_go_into_the_bag_as_an_exchanges_extra_worker():
    state = play(position(2, screens=[{"yellow": 2}, {"yellow": 3}], offer=["keywood", "peddler"]), "bid keywood 1 yellow")
    state = play(state, "bid keywood 2 yellow")
    assert "use peddler 1 yellow paying keywood" in legal(state)
    bag = len(state.bag)
    state = play(state, "use peddler 1 yellow paying keywood")
    assert state.lot("keywood").bid_of(0) is None
    assert state.screens[0].named("yellow") == 0 and state.screens[0].named("green") == 1
    assert len(state.bag) == bag + 1


def test_another_seats_view_of_a_placement_in_progress_hides_its_options():
    from tabletop.keyflower_farmers import GAME
    from tabletop.keyflower_farmers.state import PlaceWorkers
    from tabletop.kernel.rng import Rng

    state = play(position(2, screens=RED4, offer=["keywood"]), "bid keywood")
    assert isinstance(state.pending, PlaceWorkers) and state.pending.options  # red or yellow
    assert state.view(0).pending == state.pending
    seen = state.view(1)
    assert seen.pending.options == () and (seen.pending.tile, seen.pending.bid) == ("keywood", True)
    sample = GAME.determinize(seen, Rng.from_seed(1))
    assert sample.pending.options and sample.view(1) == seen
