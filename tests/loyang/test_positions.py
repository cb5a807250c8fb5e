"""Positions as public API: tabletop.loyang.position builds sound positions from a description."""

from __future__ import annotations

import pytest

from tabletop.loyang import Seat, invariants, position, with_seat
from tabletop.loyang.state import CARD, HARVEST, Field, pile_cards

from .helpers import TEST, card, legal, play, veg


def test_a_described_position_holds_what_it_says_and_is_sound():
    state = position(
        2,
        components=TEST,
        seats=[
            Seat(
                cash=3,
                position=5,
                loans=1,
                fields=["P4a wheat 3", "F4a"],
                home=("pumpkin", 6),
                cart={"pumpkin": 2, "leek": 1},
                storehouse={"wheat": 1},
                hand=["C03"],
                regulars=["R02"],
                casuals=["C01"],
                helpers=["Maid"],
                stalls=["S03"],
            ),
            Seat(cash=12, upgraded=True),
        ],
        deck_top=["C02", "Official"],
        courtyard=["S04"],
    )
    me, other = state.seats
    code = state.components.code
    assert (me.cash, me.position, me.loans, other.cash, other.upgraded) == (3, 5, 1, 12, True)
    assert [(code(f.card), f.veg, f.count) for f in me.fields] == [("P4a", veg("wheat"), 3), ("F4a", -1, 0)]
    assert (me.home_veg, me.home_count) == (veg("pumpkin"), 6)
    assert me.cart.as_dict() == {"pumpkin": 2, "leek": 1} and me.storehouse.as_dict() == {"wheat": 1}
    assert me.hand == (card("C03"),) and [r.card for r in me.regulars] == [card("R02")]
    assert me.casuals == (card("C01"),) and me.helpers == (card("Maid"),) and me.stalls[0].card == card("S03")
    assert state.deck_top == (card("C02"), card("Official")) and state.courtyard == (card("S04"),)
    assert all(code(c) != "P4a" for c in pile_cards(me)), "the private field comes from the pile"
    assert state.to_move == 0 and invariants(state) == []


def test_the_cards_on_top_of_the_deck_are_drawn_first():
    state = position(2, components=TEST, seats=[Seat(cash=5)], deck_top=["S03", "C02"])
    state = play(state, "two-pack")
    assert state.pending.drawn == (card("S03"), card("C02"))


def test_a_field_left_out_goes_back_to_its_pile():
    state = position(2, components=TEST)
    first = state.seats[0].fields[0].card
    state = with_seat(state, 0, Seat(fields=[]))
    assert state.seats[0].fields == () and first in pile_cards(state.seats[0]) and invariants(state) == []


def test_the_card_phase_deals_the_hands_not_described():
    state = position(3, components=TEST, phase="card", seats=[Seat(hand=["S03", "S04"])])
    assert state.phase == CARD and state.seats[0].hand == (card("S03"), card("S04"))
    assert [len(p.hand) for p in state.seats[1:]] == [4, 4] and invariants(state) == []
    assert "place S03" in legal(state)


def test_round_start_player_and_harvest_phase():
    state = position(3, components=TEST, round=4, start_player=2, phase="harvest",
                     seats=[None, None, Seat(fields=[Field(card("F4a"), veg("wheat"), 2)])])
    assert state.round >= 4 and state.start == 2 and invariants(state) == []
    assert state.phase != HARVEST, "nobody holds a Harvest helper: the harvest is done by itself"


def test_unknown_codes_and_phases_are_refused():
    with pytest.raises(ValueError, match="no card has the code 'X99'"):
        position(2, seats=[Seat(hand=["X99"])])
    with pytest.raises(ValueError, match="phase takes one of harvest, card, action"):
        position(2, phase="lunch")
    with pytest.raises(ValueError, match="'P4a wheat 3'"):
        position(2, seats=[Seat(fields=["P4a rice 3"])])


def test_a_state_saved_before_format_2_is_refused_naming_the_format():
    import json

    from tabletop.kernel.api import InvalidRecord
    from tabletop.loyang import GAME

    data = json.loads(position(2, components=TEST).to_json())
    assert data["format"] == 2 and isinstance(data["history"], list)
    del data["format"]
    with pytest.raises(InvalidRecord, match="before format 2"):
        GAME.from_json(json.dumps(data))
    with pytest.raises(InvalidRecord, match="format 1"):
        GAME.from_json(json.dumps({**data, "format": 1}))
