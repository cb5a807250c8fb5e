"""The solo Gardener: one test per behaviour of the seed's Solo rules (facts file §15).

Positions are built from a two-player position cut down to the one player plus the Gardener;
his card, board and garden are set per test. The card faces are provisional data: each test
reads the values it relies on from the card it uses.
"""

import attrs
import pytest

from tabletop.kernel.engine import evolve
from tabletop.windmill_valley import position
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.moves import Dealt
from tabletop.windmill_valley.scoring import gardener_score, patches_score
from tabletop.windmill_valley.rules.gardener import (
    adjust_floodgate,
    DECISIONS,
    draw,
    large_wheel_action,
    new_gardener,
    place_gardener_marker,
    play_turn,
    start_turn,
    turn_wheels,
    water_level_bonus,
)
from tabletop.windmill_valley.rules.gardener_actions import (
    build_a_windmill,
    conduct_foreign_trade,
    enhance_the_wheels,
    gain_a_farm_enhancement,
    gain_reward,
    garden_row,
    plant,
    plant_tulip_bulbs,
    visit_the_market,
)
from tabletop.windmill_valley.components import Reward
from tabletop.windmill_valley.rules.actions import market_path
from tabletop.windmill_valley.rules.possible import connected
from tabletop.windmill_valley.state import (
    CALENDAR_END,
    DISPLAY_TIERS,
    FREE,
    GARDENER,
    DealFarm,
    DealTile,
    DealTrade,
    GardenerDraw,
)

COLUMNS = 7


def solo(difficulty="medium", card=None, **gardener):
    """A solo position: the player (seat 0) and the Gardener, his current card ``card`` (the
    first of the deck by default) and his record changed by ``gardener``."""
    state = position(2)
    him = new_gardener(BOX, difficulty)
    if card is not None:
        him = attrs.evolve(him, revealed=(card,), deck=him.deck.remove(card))
    him = attrs.evolve(him, **gardener)
    return evolve(state, players=1, farmers=state.farmers[:1], gardener=him)


def card_where(test):
    return next(c for c in BOX.gardener_cards if test(c))


def him(state):
    return state.gardener


# --- setup -----------------------------------------------------------------------------------


def test_hard_deck_leaves_out_g1_g7_and_g17():
    assert sorted(new_gardener(BOX, "hard").deck.cards()) == [n for n in range(1, 21) if n not in (1, 7, 17)]


@pytest.mark.parametrize("difficulty", ["easy", "medium"])
def test_easy_and_medium_decks_hold_all_twenty_cards(difficulty):
    assert sorted(new_gardener(BOX, difficulty).deck.cards()) == list(range(1, 21))


def test_he_starts_with_no_bulb_no_vp_and_all_his_windmills():
    gardener = new_gardener(BOX, "easy")
    assert gardener.garden == ((), (), (), ()) and gardener.vp == 0 and gardener.windmills == 9


def test_his_market_marker_goes_anticlockwise_of_the_players():
    state = solo()
    state = evolve(state, farmers=(attrs.evolve(state.farmers[0], market=0),))
    assert him(place_gardener_marker(state)).market == len(BOX.market) - 1


# --- revealing cards -----------------------------------------------------------------------------


def test_his_first_turn_draws_his_card_then_the_top_card_for_its_back():
    state = start_turn(solo())
    assert state.stack[-1] == GardenerDraw(peek=False)
    state = draw(state, state.stack[-1], Dealt("gardener", "5"))
    assert him(state).revealed == (5,) and 5 not in him(state).deck.cards()
    assert state.stack[-1] == GardenerDraw(peek=True)


def test_the_drawn_top_card_shows_its_back_then_he_plays():
    state = start_turn(solo())
    state = draw(state, state.stack[-1], Dealt("gardener", "5"))
    state = draw(state, state.stack[-1], Dealt("gardener", "9"))
    assert him(state).top == 9 and him(state).revealed == (5,)
    assert not any(isinstance(p, GardenerDraw) for p in state.stack)


def test_a_known_top_card_is_revealed_without_a_draw():
    state = solo(card=3)
    gardener = him(state)
    state = evolve(state, gardener=attrs.evolve(gardener, top=4, deck=gardener.deck.remove(4)))
    state = start_turn(state)
    assert him(state).revealed == (3, 4) and him(state).top is None
    assert state.stack[-1] == GardenerDraw(peek=True)


def test_revealing_the_last_card_shuffles_the_revealed_cards_into_a_new_deck():
    state = solo("hard")
    gardener = him(state)
    cards = gardener.deck.cards()
    last = cards[-1]
    state = evolve(state, gardener=attrs.evolve(gardener, revealed=cards[:-1], deck=gardener.deck.remove(last)))
    gardener = him(state)
    for card in cards[:-1]:
        gardener = attrs.evolve(gardener, deck=gardener.deck.remove(card))
    state = start_turn(evolve(state, gardener=attrs.evolve(gardener, top=last)))
    assert him(state).revealed == (last,)
    assert sorted(him(state).deck.cards()) == sorted(cards[:-1])


# --- floodgate, water, wheels, calendar -------------------------------------------------------


def test_floodgate_moves_up_by_the_card_and_he_scores_the_opening_vp_for_free():
    card = card_where(lambda c: c.floodgate == 2)
    state = adjust_floodgate(evolve(solo(), floodgate=1, water=0), card)
    assert state.floodgate == 3 and him(state).vp == sum(BOX.open_vp)
    assert state.water == BOX.water_rise[2]


def test_floodgate_moves_only_as_far_as_it_can():
    card = card_where(lambda c: c.floodgate == -2)
    state = adjust_floodgate(evolve(solo(), floodgate=2, water=0), card)
    assert state.floodgate == 1 and him(state).vp == 0 and state.water == 0


def test_floodgate_never_pushes_the_water_past_its_maximum():
    card = card_where(lambda c: c.floodgate == 2)
    state = adjust_floodgate(evolve(solo(), floodgate=1, water=BOX.water_max), card)
    assert state.floodgate == 1 and state.water == BOX.water_max


def test_wheels_turn_by_the_speed():
    state = turn_wheels(evolve(solo(), floodgate=2))
    assert him(state).steps == 2 and him(state).calendar == 0


def test_a_full_rotation_moves_his_calendar_with_the_common_and_topmost_unique_reward():
    state = evolve(solo(card=card_where(lambda c: True).id, steps=5), floodgate=1)
    state = turn_wheels(state)
    assert him(state).calendar == 1
    assert state.taken[0][0] and not any(state.taken[0][1:])


def test_he_skips_a_taken_unique_reward():
    state = evolve(solo(card=1, steps=5), floodgate=1)
    state = evolve(state, taken=((True,) + state.taken[0][1:],) + state.taken[1:])
    assert turn_wheels(state).taken[0][:2] == (True, True)


def test_a_rotation_moves_his_queens_wish_marker_one_space_towards_the_higher_values():
    state = evolve(solo(card=1, steps=5), floodgate=1)
    state = turn_wheels(state)
    assert him(state).wish == len(BOX.wish_values) - 1
    state = turn_wheels(evolve(state, floodgate=3, gardener=attrs.evolve(him(state), steps=11)))
    assert him(state).wish == len(BOX.wish_values) - 2


def test_his_queens_wish_marker_stops_at_a_value_the_player_covered():
    last = len(BOX.wish_values) - 1
    state = evolve(solo(card=1, steps=5, wish=1), floodgate=1, wishes=1)
    assert him(turn_wheels(state)).wish == 1 and last > 1


def test_reaching_the_last_calendar_space_triggers_the_end():
    state = evolve(solo(card=1, steps=6 * CALENDAR_END - 1, calendar=CALENDAR_END - 1), floodgate=1)
    assert turn_wheels(state).turn.ending == 1


def test_he_performs_his_large_wheels_action():
    board = BOX.boards[0]
    plant_space = next(i for i, s in enumerate(board.large) if s.action == "plant")
    card = card_where(lambda c: True)
    state = large_wheel_action(solo(card=card.id, board=0, steps=plant_space))
    assert sum(len(row) for row in him(state).garden) == board.large[plant_space].strength


def test_water_on_the_cards_mark_scores_its_bonus_and_goes_down_two():
    card = card_where(lambda c: c.water >= 2)
    state = water_level_bonus(evolve(solo(card=card.id), water=card.water), card)
    assert him(state).vp == card.bonus and state.water == card.water - 2


def test_water_off_the_cards_mark_scores_nothing():
    card = card_where(lambda c: c.water < BOX.water_max)
    state = water_level_bonus(evolve(solo(card=card.id), water=card.water + 1), card)
    assert him(state).vp == 0 and state.water == card.water + 1


def test_a_whole_turn_uses_the_revealed_card():
    card = BOX.gardener_card(2)
    state = play_turn(evolve(solo(card=2), floodgate=1, water=0))
    assert state.floodgate == max(1, min(3, 1 + card.floodgate)) and him(state).steps == state.floodgate


# --- his actions --------------------------------------------------------------------------------


def test_enhance_takes_the_two_tiers_on_the_back_of_the_top_card_and_refills():
    state = solo(card=1)
    top = card_where(lambda c: c.back_tiers[0] != c.back_tiers[1] and c.id != 1)
    state = evolve(state, gardener=attrs.evolve(him(state), top=top.id))
    shown = state.display
    state = enhance_the_wheels(state)
    taken = him(state).enhancements
    assert sorted(DISPLAY_TIERS[shown.index(t)] for t in taken) == sorted(top.back_tiers)
    assert sum(isinstance(p, DealTile) for p in state.stack) == 2


def test_enhance_takes_two_of_the_other_tier_when_one_ran_out():
    state = solo(card=1)
    top = card_where(lambda c: c.back_tiers == ("common", "unique"))
    unique = DISPLAY_TIERS.index("unique")
    display = state.display[:unique] + ("",) + state.display[unique + 1 :]
    state = evolve(state, display=display, gardener=attrs.evolve(him(state), top=top.id))
    state = enhance_the_wheels(state)
    assert len(him(state).enhancements) == 2
    assert all(BOX.tile(t).tier == "common" for t in him(state).enhancements)


def test_farm_enhancement_takes_the_offer_card_the_back_points_at():
    state = solo(card=1)
    top = card_where(lambda c: c.id != 1)
    state = evolve(state, offer=(11, 12, 13), gardener=attrs.evolve(him(state), top=top.id))
    state = gain_a_farm_enhancement(state)
    assert him(state).farm_cards == ((11, 12, 13)[top.back_farm],)
    assert state.stack[-1] == DealFarm(top.back_farm)


def test_farm_enhancement_takes_the_leftmost_card_when_that_slot_is_empty():
    state = solo(card=1)
    top = card_where(lambda c: c.back_farm == 0 and c.id != 1)
    state = evolve(state, offer=(0, 12, 13), gardener=attrs.evolve(him(state), top=top.id))
    assert him(gain_a_farm_enhancement(state)).farm_cards == (12,)


def test_his_first_windmill_goes_on_the_space_nearest_his_market_marker():
    state = build_a_windmill(solo(card=1, market=1))
    index = next(i for i, s in enumerate(BOX.spaces) if s.id == BOX.gardener_nearest[1])
    assert state.mills[index] == GARDENER and him(state).windmills == 8


def solo_with_mills(mills):
    state = position(2, mills=mills)
    gardener = attrs.evolve(new_gardener(BOX, "easy"), revealed=(1,))
    return evolve(state, players=1, farmers=state.farmers[:1], gardener=gardener)


def test_he_builds_on_the_most_expensive_space_connected_to_the_market():
    state = solo_with_mills({"W05": 0})
    joined = connected(BOX, state.mills)
    candidates = [
        i for i, space in enumerate(BOX.spaces)
        if state.mills[i] == FREE and (space.market or any(n in joined for n in BOX.neighbours[i]))
    ]
    built = next(i for i, owner in enumerate(build_a_windmill(state).mills) if owner == GARDENER)
    assert built in candidates
    assert BOX.spaces[built].cost == max(BOX.spaces[i].cost for i in candidates)


def test_the_player_scores_1_vp_per_own_windmill_on_his_path_to_the_market():
    market = [space.id for space in BOX.spaces if space.market]
    state = solo_with_mills({space: 0 for space in market})
    after = build_a_windmill(state)
    built = next(i for i, owner in enumerate(after.mills) if owner == GARDENER)
    path = market_path(BOX, state.mills, built)
    assert path and all(state.mills[i] == 0 for i in path)
    assert after.farmers[0].vp == state.farmers[0].vp + len(path)


def test_he_gains_the_rewards_of_the_fields_next_to_his_windmill():
    state = build_a_windmill(solo(card=1, market=0))
    space = BOX.space(BOX.gardener_nearest[0])
    rewards = [BOX.field(f).reward for f in space.fields]
    assert him(state).vp >= sum(r.vp for r in rewards)
    planted = sum(len(row) for row in him(state).garden)
    assert planted >= sum(len(r.bulbs) for r in rewards)


def test_equally_expensive_spaces_go_by_the_solo_aids_order():
    state = solo_with_mills({"W05": 0})
    built = next(i for i, owner in enumerate(build_a_windmill(state).mills) if owner == GARDENER)
    joined = connected(BOX, state.mills)
    best = max(
        BOX.spaces[i].cost
        for i, space in enumerate(BOX.spaces)
        if state.mills[i] == FREE and (space.market or any(n in joined for n in BOX.neighbours[i]))
    )
    tied = [
        space.id
        for i, space in enumerate(BOX.spaces)
        if state.mills[i] == FREE and space.cost == best and (space.market or any(n in joined for n in BOX.neighbours[i]))
    ]
    assert BOX.spaces[built].id == min(tied, key=BOX.gardener_order.index)


def test_his_own_windmills_on_the_path_score_nobody():
    market = [space.id for space in BOX.spaces if space.market]
    state = solo_with_mills({})
    owners = tuple(GARDENER if BOX.spaces[i].id in market else o for i, o in enumerate(state.mills))
    state = evolve(state, mills=owners, gardener=attrs.evolve(him(state), windmills=9 - len(market)))
    after = build_a_windmill(state)
    assert after.farmers[0].vp == state.farmers[0].vp


def test_without_windmills_left_he_builds_nothing():
    state = solo(card=1, windmills=0)
    assert build_a_windmill(state).mills == state.mills


def test_market_moves_his_marker_two_areas_and_plants_the_cards_two_bulbs():
    card = BOX.gardener_card(1)
    state = evolve(solo(card=1, market=0), neutrals=())
    state = visit_the_market(evolve(state, farmers=(attrs.evolve(state.farmers[0], market=0),)))
    assert him(state).market == 2
    assert sorted(c for row in him(state).garden for c in row) == sorted(card.market)


def test_market_skips_a_full_area():
    state = evolve(solo(card=1, market=0), neutrals=(1, 1, 1))
    state = evolve(state, farmers=(attrs.evolve(state.farmers[0], market=0),))
    assert him(visit_the_market(state)).market == 0


def test_plant_plants_the_actions_number_of_bulbs_of_his_cards_colour():
    card = BOX.gardener_card(3)
    state = plant_tulip_bulbs(solo(card=3), 2)
    assert [c for row in him(state).garden for c in row] == [card.colour] * 2


def test_a_new_colour_goes_to_the_leftmost_free_patch_of_his_garden():
    assert garden_row((("red",), (), (), ()), "white") == 1
    assert garden_row((("red", "red"), ("white",), ("black",), ("yellow",)), "violet") == 1


def test_a_planted_colour_goes_to_its_row():
    assert garden_row((("red",), ("white",), (), ()), "white") == 1


def test_a_colour_whose_row_is_full_goes_to_the_leftmost_free_patch():
    garden = (("red",) * COLUMNS, ("white",), (), ())
    assert garden_row(garden, "red") == 2


def test_a_full_garden_scores_1_vp_per_bulb_he_cannot_plant():
    full = (("red",) * COLUMNS,) * 4
    state = plant(solo(card=1, garden=full), ("white", "white"))
    assert him(state).vp == 2 and him(state).garden == full


def test_trade_with_his_colour_on_the_card_takes_all_bulbs_and_plants_them():
    card = BOX.gardener_card(1)
    others = [c for c in ("white", "yellow", "red", "violet", "black") if c != card.colour][:1]
    state = evolve(solo(card=1), trade=1, spots=(card.colour, others[0], "", ""))
    state = conduct_foreign_trade(state)
    assert state.spots == ("", "", "", "")
    assert sorted(c for row in him(state).garden for c in row) == sorted([card.colour, others[0]])


def test_trade_places_his_colour_on_the_cards_spot_and_gains_the_two_rewards():
    card = BOX.gardener_card(1)
    state = conduct_foreign_trade(evolve(solo(card=1), trade=1, spots=("", "", "", "")))
    assert state.spots[card.spot] == card.colour
    rewards = BOX.trade_cards[0].spot_rewards(card.spot)
    assert him(state).vp >= sum(r.vp for r in rewards)


def test_trade_on_a_taken_spot_uses_the_next_free_one():
    card = BOX.gardener_card(1)
    spots = ["", "", "", ""]
    other = next(c for c in ("white", "yellow", "red", "violet", "black") if c != card.colour)
    spots[card.spot] = other
    state = conduct_foreign_trade(evolve(solo(card=1), trade=1, spots=tuple(spots)))
    assert state.spots[(card.spot + 1) % 4] == card.colour


def test_a_full_trade_card_goes_under_the_stack():
    card = BOX.gardener_card(1)
    others = [c for c in ("white", "yellow", "red", "violet", "black") if c != card.colour][:3]
    spots = list(others)
    spots.insert(card.spot, "")
    state = conduct_foreign_trade(evolve(solo(card=1), trade=1, spots=tuple(spots[:4])))
    assert state.spots == ("", "", "", "") and state.stack[-1] == DealTrade()


def test_guilders_and_tools_are_lost_to_him_and_a_bulb_of_any_colour_is_his_cards():
    card = BOX.gardener_card(1)
    state = gain_reward(solo(card=1), Reward(guilders=3, tools=1, any_bulbs=1, vp=2))
    assert him(state).vp == 2 and [c for row in him(state).garden for c in row] == [card.colour]


@pytest.mark.parametrize("band", ["low", "middle", "high"])
def test_a_lower_the_water_reward_scores_the_bands_vp_per_point_and_lowers_the_water(band):
    level = BOX.water_bands.index(band) + 1
    state = gain_reward(evolve(solo(card=1), water=level), Reward(action="lower", strength=1))
    assert him(state).vp == {"low": 0, "middle": 1, "high": 2}[BOX.band(level)] and state.water == level - 1


# --- his score -------------------------------------------------------------------------------------


@pytest.mark.parametrize(("difficulty", "each"), [("easy", 2), ("medium", 3), ("hard", 4)])
def test_each_wheel_and_farm_enhancement_scores_by_difficulty(difficulty, each):
    state = solo(difficulty, enhancements=("C01", "U12"), farm_cards=(4,))
    assert gardener_score(state) == 3 * each


@pytest.mark.parametrize(("difficulty", "bulbs", "vp"), [("easy", 3, 3), ("medium", 3, 3), ("hard", 3, 3), ("hard", 4, 6)])
def test_bulbs_score_1_each_or_3_per_2_on_hard(difficulty, bulbs, vp):
    garden = (tuple(["white", "yellow", "red", "violet"][:bulbs]), (), (), ())
    state = solo(difficulty, garden=garden)
    assert gardener_score(state) == vp


def test_he_scores_the_queens_wish_value_under_his_marker_and_his_track():
    state = solo(wish=2, vp=7)
    assert gardener_score(state) == 7 + BOX.wish_values[2]


def test_easy_rows_and_columns_score_as_the_players():
    garden = (("red",) * COLUMNS, ("red",) + ("white",) * (COLUMNS - 1), (), ())
    level = BOX.level("easy")
    low, high = BOX.farm.row_values[0][0], BOX.farm.row_values[0][1]
    repeats = sum(BOX.farm.column_values[:1])
    assert patches_score(BOX, garden, level) == high + BOX.farm.row_values[1][0] - repeats and low <= high


def test_medium_complete_columns_score_whatever_their_colours():
    garden = (("red",),) * 4
    assert patches_score(BOX, garden, BOX.level("medium")) == BOX.farm.column_values[0]
    assert patches_score(BOX, garden, BOX.level("easy")) == -BOX.farm.column_values[0]


def test_hard_complete_rows_score_the_higher_value_whatever_their_colours():
    garden = (("red", "white") * 3 + ("red",), (), (), ())
    assert patches_score(BOX, garden, BOX.level("hard")) == BOX.farm.row_values[0][1]
    assert patches_score(BOX, garden, BOX.level("medium")) == BOX.farm.row_values[0][0]


# --- many turns ------------------------------------------------------------------------------------


def gardener_turn(state, rng):
    """One whole turn of his, the chance events (his cards, the refills) drawn from ``rng``."""
    from tabletop.windmill_valley.rules import RULES

    state = start_turn(state)
    while state.stack and state.stack[-1].seat == -1:
        pending = state.stack[-1]
        decision = {**RULES.decisions, GardenerDraw: DECISIONS[GardenerDraw]}[type(pending)]
        outcomes = decision.outcomes(state, pending)
        state = decision.resolve(state, pending, rng.choice(outcomes)[0])
    return state


@pytest.mark.parametrize("difficulty", ["easy", "medium", "hard"])
def test_many_turns_of_his_keep_the_board_in_range_and_his_windmills_conserved(difficulty):
    import random

    rng = random.Random(difficulty)
    state = solo(difficulty, market=0)
    for _ in range(60):
        state = gardener_turn(state, rng)
        gardener = him(state)
        assert 1 <= state.floodgate <= 3 and 0 <= state.water <= BOX.water_max
        assert all(len(row) <= COLUMNS for row in gardener.garden)
        assert gardener.windmills + state.mills.count(GARDENER) == BOX.windmills_per_player
        assert len(gardener.revealed) + len(gardener.deck) + (gardener.top is not None) == len(new_gardener(BOX, difficulty).deck)
        assert gardener_score(state) >= -sum(BOX.farm.column_values)
    assert him(state).calendar == CALENDAR_END
