"""The rulebook's worked examples, as tests."""

from __future__ import annotations

from tabletop.kernel.engine import evolve
from tabletop.loyang.rules.table import two_pack_cost
from tabletop.loyang.state import ACTION, DUE, ActionsPending

from .helpers import card, cart, cash, empty_cart, game, give, legal, on_top, play, scenario, stack, veg


def next_round_turn(state, seat=0):
    """The same seat's next Action phase: its regular customers are due again."""
    seats = list(state.seats)
    for s in range(state.n):
        p = seats[s]
        seats[s] = evolve(p, regulars=tuple(evolve(r, status=DUE) for r in p.regulars))
    return evolve(
        state, seats=tuple(seats), phase=ACTION, round=state.round + 1,
        done=(False,) * state.n, stack=(ActionsPending(seat),),
    )


def regular(state, seat, code):
    return next(r for r in state.seats[seat].regulars if r.card == card(code))


def test_ralph_sows_wheat_and_keeps_7_cash():
    state = game(2, seed=4)
    state = play(state, "home wheat")
    ralph = state.seats[0]
    assert ralph.cash == 7
    assert (ralph.home_veg, ralph.home_count) == (veg("wheat"), 9)
    assert ralph.shop[veg("wheat")] == 2


def test_nina_regular_customer():
    state = give(scenario(2), 0, "R07")  # turnip + cabbage, 5/6/7/8
    assert regular(state, 0, "R07").red is False
    start = state.seats[0].cash
    state = play(cart(state, 0, turnip=1, cabbage=1), "deliver R07")
    assert state.seats[0].cash == start + 5
    state = next_round_turn(state)
    state = play(state, "decline R07")
    assert regular(state, 0, "R07").red
    state = next_round_turn(state)
    state = play(cart(state, 0, turnip=1, cabbage=1), "deliver R07")
    assert state.seats[0].cash == start + 11
    assert regular(state, 0, "R07").red, "only the Saleswoman turns a marker blue again"
    state = next_round_turn(state)
    state = play(state, "decline R07")
    assert state.seats[0].cash == start + 9, "a miss while red costs 2 Cash"
    assert regular(state, 0, "R07").red and regular(state, 0, "R07").rows == 2
    state = next_round_turn(state)
    state = play(cart(state, 0, turnip=1, cabbage=1), "deliver R07")
    assert state.seats[0].cash == start + 16, "the third row pays 7"
    state = next_round_turn(state)
    supply = state.supply
    state = play(cart(state, 0, turnip=1, cabbage=1), "deliver R07")
    assert state.seats[0].cash == start + 24, "the fourth (top) row pays 8"
    assert card("R07") in state.discard and not state.seats[0].regulars
    # the 8 vegetables on the card went back to the supply with it
    assert state.supply[veg("turnip")] == supply[veg("turnip")] - 1 + 4


def test_claudia_two_pack_regular_under_stall():
    state = give(on_top(scenario(2), "R01", "S03"), 0, "R04")  # R04: another regular customer
    state = play(state, "two-pack", "keep S03 over R01")
    claudia = state.seats[0]
    assert [s.card for s in claudia.stalls] == [card("S03")]
    assert claudia.covered == ((card("S03"), card("R01")),)
    assert [r.card for r in claudia.regulars] == [card("R04")], "the covered customer is not in play"
    state = play(cart(state, 0, wheat=1), "trade S03 0", "give wheat", "decline R04")
    # Some rounds later she uses the stall for the second and the third time.
    state = next_round_turn(state)
    state = play(cart(state, 0, wheat=2), "trade S03 1", "give wheat", "trade S03 2", "give wheat")
    claudia = state.seats[0]
    assert not claudia.stalls and card("S03") in state.discard and not claudia.covered
    assert [r.card for r in claudia.regulars] == [card("R04"), card("R01")], "placed with her other customers"
    r = regular(state, 0, "R01")
    assert (r.status, r.red, r.rows) == (DUE, False, 0), "a blue marker, due this same round"
    state = play(state, "end actions")
    assert regular(state, 0, "R01").red, "not served: the marker turns red"


def test_nell_pays_1_then_17_and_18():
    state = empty_cart(scenario(2), 0)
    p = state.seats[0]
    state = cash(evolve(state, seats=(evolve(p, position=15),) + state.seats[1:]), 0, 36)
    state = play(state, "end actions", "done", "step")
    assert state.seats[0].position == 16 and state.seats[0].cash == 35
    state = play(state, "step")
    assert state.seats[0].position == 17 and state.seats[0].cash == 18
    state = play(state, "step")
    assert state.seats[0].position == 18 and state.seats[0].cash == 0
    assert legal(state) == {"loan", "stop"}, "space 19 costs 19: only a loan would pay for it"
    assert play(state, "stop").to_move == 1


def test_john_activates_the_maid_to_cheapen_the_two_pack():
    state = give(scenario(2), 0, "Maid", "Shopper", "S01")  # S01: pumpkin 1, cabbage 1, leek 2
    state = cash(state, 0, 10)
    assert two_pack_cost(state.seats[0], official=False) == 2, "2 helpers before"
    state = play(state, "helper Maid")
    assert card("Maid") in state.discard, "activated and moved to the discard pile"
    state = play(state, "two-pack")
    assert state.seats[0].cash == 9, "1 helper and 1 stall left: the two-pack costs 1"
    state = play(state, "keep none")
    state = play(cart(state, 0, wheat=1), "trade S01 2")
    assert legal(state) >= {"give wheat"}
    state = play(state, "give wheat")
    assert state.seats[0].cart[veg("leek")] == 1, "1 vegetable for the 2-bowl leek"


def test_gerald_market_crier_earns_at_most_3():
    state = give(scenario(2), 0, "MarketCrier", "S02")  # S02: pumpkin 1, bean 2, leek 2
    before, goods = state.seats[0].cash, state.seats[0].cart
    state = play(state, "helper MarketCrier sell", "crier S02 1", "crier S02 2", "done")
    gerald = state.seats[0]
    assert gerald.cash == before + 3, "bean 2 + leek 2 would be 4"
    assert gerald.cart == goods, "nothing traded in from the cart"
    assert gerald.shop[veg("bean")] == 2 and gerald.shop[veg("leek")] == 2
    assert card("MarketCrier") in state.discard


def test_fraser_saleswoman_turns_every_marker_blue():
    state = give(scenario(2), 0, "R01", "R02", "R03", "Saleswoman")
    p = state.seats[0]
    reds = tuple(evolve(r, red=r.card != card("R03")) for r in p.regulars)
    state = evolve(state, seats=(evolve(p, regulars=reds),) + state.seats[1:])
    state = play(state, "decline R03")
    assert all(r.red for r in state.seats[0].regulars)
    state = play(state, "helper Saleswoman blue", "markers blue")
    fraser = state.seats[0]
    assert not any(r.red for r in fraser.regulars)
    assert regular(state, 0, "R01").status == DUE and regular(state, 0, "R02").status == DUE


def test_jon_tout_buys_larrys_casual_customer():
    state = scenario(2)
    state = stack(state, 0, "Tout", "R04")
    state = give(state, 1, "C01")  # wheat, wheat, pumpkin: 7
    state = cash(cart(state, 0, wheat=2, pumpkin=1), 0, 0)
    larry = state.seats[1].cash
    state = play(state, "helper Tout buy C01")
    # Jon serves it with no regular customer in play (the covered one does not count): 7 - 2,
    # and pays Larry from the proceeds (he had no Cash).
    assert state.seats[0].cash == 5 - 2
    assert state.seats[1].cash == larry + 2
    assert regular(state, 0, "R04").status == DUE, "revealed once the Tout is discarded"
    assert card("C01") in state.discard


def test_merchant_example_buys_wheat_and_pumpkin():
    state = give(scenario(2), 0, "R01", "R06", "R10", "Merchant")  # W/W, P/C, P/L
    state = play(state, "helper Merchant")
    assert legal(state) == {"merchant wheat", "merchant pumpkin"}
    before, goods = state.seats[0].cash, state.seats[0].cart
    state = play(state, "merchant wheat", "merchant pumpkin", "done")
    assert state.seats[0].cash == before - 2
    assert state.seats[0].cart == (goods[0] + 1, goods[1] + 1, *goods[2:])


def test_foreman_under_the_maid_takes_her_back():
    # The Maid, on the Foreman, is activated and discarded; the freed Foreman takes her back and
    # is then discarded himself, as he has been used.
    state = stack(scenario(2), 0, "Maid", "Foreman")
    state = play(state, "helper Maid", "foreman take")
    p = state.seats[0]
    assert p.helpers == (card("Maid"),) and not p.covered
    assert card("Foreman") in state.discard and card("Maid") not in state.discard
    assert state.stack[-1].maid, "the Maid's effect stays active this phase"
