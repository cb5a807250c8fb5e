"""Random playouts: they end, never raise, keep the invariants; JSON, replay and views agree;
moves not in legal_moves() are refused."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.kernel.engine import evolve
from tabletop.loyang.components import Vegetables
from tabletop.kernel.api import IllegalMove, InvalidRecord
from tabletop.kernel.record import record_of
from tabletop.kernel.rng import Rng
from tabletop.loyang import GAME, determinize, invariants, new_game
from tabletop.loyang import moves as M
from budget import examples

seeds = st.integers(0, 2**32)
players = st.integers(1, 4)


def playout(seed, n, check=lambda state: None, **options):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed, **options)
    while not state.is_over:
        legal = state.legal_moves()
        assert legal, "a live game must offer moves"
        state = state.apply(chooser.choice(legal))
        check(state)
    return state


@given(seeds, players, st.booleans())
def test_random_playouts_end_without_breaking_an_invariant(seed, n, introductory):
    def check(state):
        assert invariants(state) == []
        if not state.is_over:
            assert state.to_move is not None and state.legal_moves()
            names = [str(m) for m in state.legal_moves()]
            assert len(set(names)) == len(names), "every legal move has its own notation"

    state = playout(seed, n, check, introductory=introductory)
    assert state.to_move is None and state.round == 9
    assert len(state.scores()) == n


@settings(max_examples=examples(10))
@given(seeds, players)
def test_json_round_trip_at_every_step(seed, n):
    def check(state):
        assert GAME.from_json(state.to_json()) == state

    playout(seed, n, check)


@settings(max_examples=examples(10))
@given(seeds, players, st.booleans())
def test_replay_rebuilds_the_final_state(seed, n, introductory):
    options = {"introductory": introductory}
    state = playout(seed, n, **options)
    record = record_of(GAME, state, seed, options)
    assert GAME.replay(record.to_json()) == state


@settings(max_examples=examples(10))
@given(seeds, players)
def test_moves_not_in_legal_moves_are_refused(seed, n):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed)
    foreign = [M.Serve(60), M.Buy(5), M.Keep(3, 4), M.EndActions(), M.Step(), M.Take(1, 2), M.Loan(), "loan", None]
    for _ in range(120):
        if state.is_over:
            break
        legal = state.legal_moves()
        before = state.to_json()
        for move in foreign:
            if move not in legal:
                with pytest.raises(IllegalMove):
                    state.apply(move)
        assert state.to_json() == before
        state = state.apply(chooser.choice(legal))


@settings(max_examples=examples(10))
@given(seeds, players)
def test_views_hide_hands_deck_and_pile_order_and_determinize_consistently(seed, n):
    chooser = random.Random(seed)
    state = new_game(n, seed=seed)
    for step in range(150):
        if state.is_over:
            break
        seat = state.to_move
        view = state.view(seat)
        assert view.rng.masked and view.deck.unseen == () and view.deck.hidden == len(state.deck)
        for other, p in enumerate(view.seats[: n]):
            if other != seat:
                assert p.hand == () and p.hidden_hand == len(state.seats[other].hand)
        assert {str(m) for m in view.legal_moves()} == {str(m) for m in state.legal_moves()}
        full = determinize(view, Rng.from_seed(step))
        assert invariants(full) == []
        assert {str(m) for m in full.legal_moves()} == {str(m) for m in state.legal_moves()}
        state = state.apply(chooser.choice(state.legal_moves()))


def test_bad_json_is_refused_naming_the_field():
    state = new_game(2, seed=1)
    with pytest.raises(InvalidRecord):
        GAME.from_json("{")
    text = state.to_json().replace('"round":0', '"round":"x"')
    with pytest.raises(InvalidRecord, match="round"):
        GAME.from_json(text)


def test_render_shows_every_board():
    text = GAME.render(playout(1, 3))
    assert "seat 2" in text and "game over" in text


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: d.pop("stack"), "stack"),
        (lambda d: d["seats"][0].update(cash="ten"), r"seats\[0\].cash"),
        (lambda d: d["seats"][1].pop("cash"), r"seats\[1\].cash"),
        (lambda d: d.update(supply="many"), "supply"),
        (lambda d: d.update(n=3), "'n'/'seats'"),
        (lambda d: d.update(extra=1), "extra"),
    ],
)
def test_corrupt_json_state_is_refused_naming_the_field(change, field):
    import json

    data = json.loads(new_game(2, seed=1).to_json())
    change(data)
    with pytest.raises(InvalidRecord, match=field):
        GAME.from_json(json.dumps(data))



def test_invariants_report_each_broken_rule():
    from tabletop.loyang.rules.table import set_player
    from tabletop.loyang.state import DUE
    from tabletop.loyang.state import Field

    from tabletop.loyang.state import pile_cards

    from .helpers import TEST, card, deck_cards, give, scenario, stack, vadd, with_deck

    state = give(scenario(2, components=TEST), 0, "R01")
    assert invariants(state) == [] and invariants(stack(state, 0, "S03", "C01")) == []
    p = state.seats[0]
    one_wheat_more = vadd(state.supply, 0, -1)

    deck = deck_cards(state)

    def seat0(s, **changes):
        return set_player(s, 0, evolve(s.seats[0], **changes))

    solo = scenario(1, components=TEST)
    opponent = solo.seats[1]
    due = (evolve(opponent.regulars[0], status=DUE),) + opponent.regulars[1:]
    broken = {
        "negative Cash": seat0(state, cash=-1),
        "vegetables not conserved": seat0(state, cart=vadd(p.cart, 0)),
        "action cards not conserved": with_deck(state, deck[1:]),
        "private field twice": seat0(state, fields=p.fields + (Field(pile_cards(p)[0]),)),
        "covered by a card no longer in play": with_deck(seat0(state, covered=((card("C01"), deck[0]),)), deck[1:]),
        "still due after the turn": evolve(state, done=(True, False)),
        "still due after the turn (solo opponent)": set_player(solo, 1, evolve(opponent, regulars=due)),
        "inconsistent marker or rows": seat0(state, regulars=(evolve(p.regulars[0], rows=4),)),
        "storehouse holds more": evolve(
            seat0(state, storehouse=Vegetables((2, 0, 0, 0, 0, 0)), cart=vadd(p.cart, 0, -1)), supply=one_wheat_more
        ),
        "shop holds more": evolve(seat0(state, shop=vadd(p.shop, 0, 2)), supply=vadd(state.supply, 0, -2)),
        "home field holds": evolve(
            seat0(state, home_count=10), supply=vadd(state.supply, p.home_veg, p.home_count - 10)
        ),
        "off the path": seat0(state, position=21),
    }
    for problem, bad in broken.items():
        report = invariants(bad)
        assert len(report) == 1 and problem.split(" (")[0] in report[0], (problem, report)
