"""The solo game: the imaginary opponent, the 4x3 grid, the single reshuffle, solo helper texts
and the goal."""

from __future__ import annotations

import pytest

from tabletop.kernel.engine import evolve
from tabletop.loyang import invariants, new_game
from tabletop.loyang.rules.card_phase import begin_card_phase
from tabletop.loyang.rules.harvest import begin_round, harvest
from tabletop.loyang.rules.table import set_player
from tabletop.loyang.state import DUE, HARVEST, SETTLED, SETUP
from tabletop.loyang.components import CASUAL, REGULAR, STALL
from tabletop.loyang.moves import SELL
from tabletop.loyang.state import CARD, OVER, Field, GridDraw, IntroDeal, OfferPending, pile_cards

from .helpers import sampled, deck_cards, with_deck, vadd, TEST, card, cart, cash, give, legal, play, scenario, starting


#: The imaginary opponent's cards in :func:`offer`: none of them is wanted in a test grid.
OPPONENT = ("S05", "S12", "R05", "R06", "C14", "C04")


def offer(seed=1, **options):
    """The solo Card phase of round 1, the opponent holding :data:`OPPONENT`."""
    state = new_game(1, seed=seed, components=TEST, start_player=0, chance="explicit", **options)
    if isinstance(state.stack[-1], IntroDeal):
        state = state.apply(state.legal_moves()[0])
    state = play(state, *(f"reveal {code}" for code in OPPONENT))
    state = play(sampled(state), "home wheat")
    assert state.phase == CARD and isinstance(state.stack[-1], OfferPending)
    return state


def test_opponent_gets_exactly_2_stalls_2_regulars_2_casuals():
    state = new_game(1, seed=7)
    opponent = state.seats[1]
    assert len(opponent.stalls) == 2 and len(opponent.regulars) == 2 and len(opponent.casuals) == 2
    assert all(all(s.goods) for s in opponent.stalls)
    assert len(state.grid) == 12 and all(g >= 0 for g in state.grid)
    assert len(state.deck) + len(state.discard) + 12 + 6 == 70
    cards = state.components.cards
    kinds = {cards[c].kind for c in opponent.casuals} | {cards[s.card].kind for s in opponent.stalls}
    assert kinds == {CASUAL, STALL} and all(state.components.cards[r.card].kind == REGULAR for r in opponent.regulars)
    assert invariants(state) == []


def grid_of(state, *codes):
    """The solo grid holding these cards, row by row (taken from the deck or discards)."""
    numbers = [card(c) for c in codes]
    rest = [g for g in state.grid if g not in numbers]
    deck = tuple(c for c in deck_cards(state) if c not in numbers) + tuple(rest)
    discard = tuple(c for c in state.discard if c not in numbers)
    return with_deck(state, deck, grid=tuple(numbers), discard=discard)


GRID = ("S03", "S04", "C01", "C02", "C03", "R01", "R02", "R03", "R04", "Maid", "Official", "Shopper")


@pytest.mark.parametrize(("code", "price"), [("S04", 0), ("C03", 1), ("R03", 2), ("Official", 2)])
def test_grid_row_prices_0_1_2_2(code, price):
    state = cash(grid_of(offer(), *GRID), 0, 10)
    state = play(state, f"offer {code}")
    assert state.seats[0].cash == 10 - price
    assert card(code) in {s.card for s in state.seats[0].stalls} | set(state.seats[0].casuals) | {
        r.card for r in state.seats[0].regulars} | set(state.seats[0].helpers)


def test_grid_buys_up_to_2_cards_a_common_field_costing_2_more():
    state = cash(grid_of(offer(), "F3a", *GRID[1:]), 0, 10)
    state = play(state, "offer F3a")
    assert state.seats[0].cash == 10 - 0 - 2, "row 1 is free, the common field costs 2"
    state = play(state, "offer C02")
    assert state.seats[0].cash == 8 - 1
    assert not starting(state, "offer"), "no more than 2 cards"
    assert starting(state, "done") == {"done"}


def test_grid_row_price_needs_the_cash_or_a_loan():
    state = cash(grid_of(offer(), *GRID), 0, 1)
    assert "offer R03" not in legal(state) and "offer C01" in legal(state)
    state = play(state, "loan", "offer R03")
    assert state.seats[0].cash == 1 + 5 - 2


def test_grid_second_row_rest_is_discarded_and_cards_slide_up():
    state = offer()
    grid = state.grid
    state = play(state, f"offer {state.components.code(grid[0])}", "done")
    new = state.grid
    assert set(grid[3:6]) <= set(state.discard), "the rest of row 2 is discarded"
    assert new[0] == grid[6] and new[3] == grid[9], "the cards below slide up"
    assert new[1:3] == grid[1:3], "the top row stays"
    assert len([g for g in new if g >= 0]) == 12


def test_solo_single_reshuffle_when_the_first_field_is_discarded():
    state = scenario(1)
    deck = deck_cards(state)
    state = with_deck(state, deck[5:], discard=state.discard + deck[:5])
    p = state.seats[0]
    state = set_player(state, 0, evolve(p, fields=(Field(p.fields[0].card, 0, 1),)))
    state = evolve(state, supply=vadd(state.supply, 0, -1), phase=HARVEST)
    state = harvest(state, 0)
    assert state.reshuffled and state.discard == () and invariants(state) == []
    deck = deck_cards(state)
    state = with_deck(state, deck[3:], discard=deck[:3])
    state = begin_card_phase(state)
    assert len(state.discard) == 3, "no reshuffle at the start of the solo Card phase"
    p = state.seats[0]
    first = pile_cards(p)[0]
    pile = tuple(part.remove(first) if first in part.cards() else part for part in p.pile)
    state = set_player(state, 0, evolve(p, fields=(Field(first, 0, 1),), pile=pile))
    state = evolve(state, supply=vadd(state.supply, 0, -1), phase=HARVEST)
    state = harvest(state, 0)
    assert len(state.discard) == 3, "a later emptied field does not reshuffle again"


def test_solo_trader_and_tout_and_market_woman_reach_the_opponent():
    state = give(scenario(1), 0, "Trader1", "Tout", "MarketWoman", "Deliveryman")
    state = cart(state, 0, bean=4, leek=4, wheat=4, pumpkin=4, turnip=4, cabbage=4)
    moves = legal(state)
    opponent = state.seats[1]
    assert any(m.startswith("helper Trader1") for m in moves)
    assert {f"helper Tout buy {state.components.code(c)}" for c in opponent.casuals} <= moves
    assert any(m.startswith("helper Deliveryman") for m in moves)


def test_solo_subsistence_farmer_buys_wheat_pumpkin_or_turnip_for_1():
    state = give(scenario(1), 0, "SubsistenceFarmer")
    assert starting(state, "helper SubsistenceFarmer") == {
        f"helper SubsistenceFarmer solo {v}" for v in ("wheat", "pumpkin", "turnip")
    }
    before = state.seats[0].cash
    state = play(state, "helper SubsistenceFarmer solo turnip")
    assert state.seats[0].cash == before - 1 and state.seats[0].cart[2] == 1


def test_solo_con_man_swaps_with_a_helper_of_the_offer():
    state = scenario(1)
    helper = next(c.index for c in state.components.cards if c.helper == "official")
    state = give(state, 0, "ConMan")
    if helper not in state.grid:
        grid = list(state.grid)
        state = with_deck(state, tuple(c for c in deck_cards(state) if c != helper) + (grid[0],))
        state = evolve(state, discard=tuple(c for c in state.discard if c != helper))
        grid[0] = helper
        state = evolve(state, grid=tuple(grid))
    state = play(state, "helper ConMan offer Official")
    assert state.seats[0].helpers == (card("Official"),) and card("ConMan") in state.grid


def test_solo_squire_buys_up_to_4_from_the_offer():
    state = give(offer(), 0, "Squire")
    state = cash(state, 0, 30)
    state = play(state, "helper Squire offer")
    for _ in range(4):
        move = next(m for m in state.legal_moves() if str(m).startswith("offer"))
        state = state.apply(move)
        while state.stack[-1].__class__.__name__ == "CashPending":
            state = play(state, "loan")
    assert not starting(state, "offer")
    state = play(state, "done")
    assert card("Squire") in state.discard


def test_solo_goal_decides_the_result():
    state = evolve(scenario(1), phase=OVER, stack=())
    p = state.seats[0]
    for position, loans, goal, won, rating in ((17, 0, 17, True, "good"), (19, 1, 18, True, "very good"),
                                               (19, 0, 19, True, "master"), (18, 2, 17, False, "below goal")):
        s = evolve(state, goal=goal, seats=(evolve(p, position=position, loans=loans),) + state.seats[1:])
        assert (s.winners() == (0,)) == won and s.solo_result() == rating
        assert s.scores() == (position - loans,)


def test_solo_game_plays_to_the_end():
    import random

    chooser = random.Random(3)
    state = new_game(1, seed=3, goal=18)
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
    assert state.winners() == ((0,) if state.scores()[0] >= 18 else ())


def test_solo_payments_to_the_imaginary_opponent_go_to_the_supply():
    state = scenario(1, round=9)
    opponent_stall = state.seats[1].stalls[0].card
    state = cart(give(state, 0, "Trader1"), 0, bean=2)
    before = state.seats[0].cash
    state = play(state, f"helper Trader1 {state.components.code(opponent_stall)} 0")
    while state.stack[-1].__class__.__name__ == "GivePending":
        state = play(state, "give bean")
    assert state.seats[0].cash == before - 2 and state.seats[1].cash == 0


def test_solo_two_pack_needs_cards_in_the_draw_pile_no_reshuffle():
    state = scenario(1)
    state = with_deck(state, (), discard=state.discard + deck_cards(state))
    assert "two-pack" not in legal(state)
    state = with_deck(state, state.discard[:1], discard=state.discard[1:])
    state = play(state, "two-pack")
    assert len(state.stack[-1].drawn) == 1 and state.discard


def test_solo_opponent_never_acts_and_its_customers_are_never_due():
    state = scenario(1)
    assert all(r.status == SETTLED for r in state.seats[1].regulars)
    state = begin_round(state, 2)
    assert all(r.status == SETTLED for r in state.seats[1].regulars)
    assert state.order == (0,)


def test_solo_grid_is_turned_up_before_the_home_field_is_sown():
    state = new_game(1, seed=4)
    assert state.phase == SETUP and len(state.grid) == 12 and all(g >= 0 for g in state.grid)


def test_opponent_cards_are_turned_up_until_two_of_each_and_the_others_discarded():
    order = ["Maid", "S03", "C01", "S04", "F3a", "S05", "R01", "C02", "C03", "R02"]
    state = new_game(1, seed=1, components=TEST, start_player=0, chance="explicit")
    supply = state.supply
    state = play(state, *(f"reveal {code}" for code in order))
    opponent, discard = state.seats[1], state.discard
    assert [s.card for s in opponent.stalls] == [card("S03"), card("S04")]
    assert [r.card for r in opponent.regulars] == [card("R01"), card("R02")]
    assert opponent.casuals == (card("C01"), card("C02"))
    assert discard == tuple(card(c) for c in ("Maid", "F3a", "S05", "C03")), "a third stall is discarded too"
    assert isinstance(state.stack[-1], GridDraw), "turning stops at the last card needed"
    assert supply.minus(state.supply) == (2, 1, 2, 1, 0, 0), "the two stalls are filled"


def test_solo_introductory_start_customer_is_played_free_as_one_of_the_two_cards():
    state = offer(introductory=True)
    intro = state.seats[0].intro
    code = state.components.code(intro)
    assert f"play {code}" in legal(state)
    before = state.seats[0].cash
    state = play(state, f"play {code}")
    p = state.seats[0]
    assert p.intro == -1 and p.cash == before
    assert [(r.card, r.red, r.status) for r in p.regulars] == [(intro, False, DUE)]
    state = play(state, next(m for m in legal(state) if m.startswith("offer")))
    assert not starting(state, "offer") and not starting(state, "play"), "2 cards in all"


def test_solo_single_reshuffle_also_when_the_first_emptied_field_is_a_common_field():
    state = give(scenario(1, components=TEST), 0, "F3a")
    deck = deck_cards(state)
    state = with_deck(state, deck[5:], discard=state.discard + deck[:5])
    p = state.seats[0]
    state = set_player(state, 0, evolve(p, fields=p.fields[:1] + (Field(card("F3a"), 0, 1),)))
    state = evolve(state, supply=vadd(state.supply, 0, -1), phase=HARVEST)
    state = harvest(state, 0)
    assert state.reshuffled and state.discard == () and card("F3a") in deck_cards(state), "shuffled in with it"
    assert invariants(state) == []


def test_solo_player_may_sell_in_the_card_phase_to_pay_a_row_price():
    state = cash(grid_of(offer(), *GRID), 0, 0)
    p = state.seats[0]
    veg = next(v for v in range(6) if p.shop[v] < state.components.shop_slots[v])
    name = str(SELL[veg]).split()[1]
    state = cart(state, 0, **{name: 1})
    assert "offer R03" not in legal(state), "2 Cash for the third row: not affordable yet"
    assert f"sell {name}" in legal(state), "selling is allowed in the Card phase too (rule C)"
    state = play(state, f"sell {name}")
    gain = state.components.vegetables[veg].sell
    assert state.seats[0].cash == gain and state.seats[0].shop[veg] == p.shop[veg] + 1
    assert isinstance(state.stack[-1], OfferPending), "still buying from the grid"
    assert ("offer R03" in legal(state)) == (gain >= 2)
    assert invariants(state) == []
