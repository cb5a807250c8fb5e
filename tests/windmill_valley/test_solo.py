"""The solo game's setup and flow around the Gardener (his own turn is tested in test_gardener*)."""

from __future__ import annotations

import random

import pytest

from tabletop.kernel.engine import evolve
import attrs

from tabletop.windmill_valley import new_game, position
from tabletop.windmill_valley.components import COLOURS
from tabletop.windmill_valley.components import STANDARD as BOX
from tabletop.windmill_valley.rules.end import winners
from tabletop.windmill_valley.scoring import gardener_score
from tabletop.windmill_valley.rules.market import markers_in
from tabletop.windmill_valley.scoring import scores
from tabletop.windmill_valley.state import GARDENER, AdjustFloodgate, BuildWindmill, Draft, VisitMarket

from .helpers import asking, notations, play


def _solo(seed: int = 3, **options):
    """A solo game after the draft and the markers (the first choices)."""
    return position(1, seed=seed, options=options)


def test_solo_deals_two_starting_cards_the_other_becomes_the_wish():
    first = new_game(1, seed=3)
    assert isinstance(first.pending, Draft) and len(first.legal_moves()) == 2
    state = _solo()
    drafted = int(state.farmers[0].helpers[0][1:])
    assert state.wish != drafted and {state.wish, drafted} == {int(str(m).split()[1]) for m in first.legal_moves()}


def test_the_solo_player_gets_a_random_bulb_and_one_tool_the_gardener_none():
    bulbs = {_solo(seed).farmers[0].storage for seed in range(40)}
    assert all(len(b) == 1 and b[0] in COLOURS for b in bulbs) and len(bulbs) > 1
    state = _solo()
    assert state.farmers[0].tools == 1 and state.gardener.garden == ((),) * 4


def test_solo_places_neutrals_as_two_players_and_his_marker_anticlockwise_of_the_player():
    state = _solo()
    assert sorted(state.neutrals) == [0, 1, 2]
    assert state.gardener.market == (state.farmers[0].market - 1) % 3


def test_the_gardener_gets_his_own_windmill_board():
    boards = {_solo(s).gardener.board for s in range(20)}
    assert len(boards) > 1 and all(0 <= b < 4 for b in boards)
    state = _solo()
    assert state.gardener.board != state.farmers[0].board


def test_the_gardener_plays_after_each_player_turn():
    state = _solo()
    chooser = random.Random(1)
    assert isinstance(state.pending, AdjustFloodgate)
    revealed = len(state.gardener.revealed)
    while True:
        state = state.apply(chooser.choice(state.legal_moves()))
        if isinstance(state.pending, AdjustFloodgate):
            break
    assert len(state.gardener.revealed) == revealed + 1 and state.turn.round == 2


def test_his_market_marker_counts_as_another_marker():
    state = _solo()
    area = state.gardener.market
    assert markers_in(state, area, 0) == state.neutrals.count(area) + 1


def test_a_path_through_his_windmills_scores_him_1_vp():
    start = next(s for s in BOX.spaces if s.market)
    beyond = next(
        BOX.space(n) for n in start.neighbours
        if not BOX.space(n).market and not any(BOX.space(m).market for m in BOX.space(n).neighbours if m != start.id)
    )
    state = _solo()
    index = [s.id for s in BOX.spaces].index(start.id)
    mills = state.mills[:index] + (GARDENER,) + state.mills[index + 1 :]
    gardener = state.gardener
    state = evolve(state, mills=mills, gardener=attrs.evolve(gardener, windmills=gardener.windmills - 1))
    farmer = attrs.evolve(state.farmers[0], guilders=9)
    state = asking(evolve(state, farmers=(farmer,)), BuildWindmill(0))
    after = play(state, f"build 0 at {beyond.id}")
    assert after.gardener.vp == gardener.vp + 1


@pytest.mark.parametrize(("difficulty", "extra"), [("easy", True), ("medium", False), ("hard", False)])
def test_only_easy_plays_the_extra_round(difficulty, extra):
    assert BOX.level(difficulty).extra_round is extra
    state = _solo(difficulty=difficulty)
    farmer = attrs.evolve(state.farmers[0], turned=23)
    state = evolve(state, farmers=(farmer,))
    chooser = random.Random(2)
    rounds = state.turn.round
    while not state.is_over:
        state = state.apply(chooser.choice(state.legal_moves()))
    played = state.turn.round - rounds + 1
    assert played == (2 if extra else 1)


def test_hard_removes_three_gardener_cards():
    def cards(gardener):
        return len(gardener.deck) + len(gardener.revealed) + (gardener.top is not None)

    hard, easy = _solo(difficulty="hard").gardener, _solo(difficulty="easy").gardener
    assert cards(hard) == cards(easy) - 3 == 17
    assert not {1, 7, 17} & {*hard.deck.cards(), *hard.revealed, hard.top}


def test_the_solo_player_wins_by_beating_the_gardeners_score():
    state = evolve(_solo(), stack=())
    his = gardener_score(state)
    ahead = evolve(state, farmers=(attrs.evolve(state.farmers[0], vp=state.farmers[0].vp + his + 10),))
    assert winners(ahead) == (0,)
    behind = evolve(state, farmers=(attrs.evolve(state.farmers[0], vp=-50),))
    assert scores(behind)[0] < his and winners(behind) == ()


def test_difficulty_is_a_solo_option_only():
    with pytest.raises(ValueError):
        new_game(2, seed=1, difficulty="hard")
    assert isinstance(new_game(1, seed=1, difficulty="hard").pending, AdjustFloodgate | Draft)


def test_a_view_hides_the_face_of_his_top_card_even_in_an_explicit_history():
    state = new_game(1, seed=5, chance="explicit")
    chooser = random.Random(5)
    while state.gardener.top is None or state.to_move == -1:
        outcomes = state.chance_outcomes()
        state = state.apply(outcomes[0][0] if outcomes else chooser.choice(state.legal_moves()))
    seen = state.view(0)
    assert seen.gardener.top is None and len(seen.gardener.deck) == len(state.gardener.deck) + 1
    drawn = [m for m in seen.history if getattr(m, "pile", "") == "gardener"]
    assert str(drawn[-1]) == "dealt gardener ?"


def test_a_full_area_may_be_entered_stacked_on_the_gardener_paying_the_supply():
    state = _solo()
    area = state.gardener.market
    player = attrs.evolve(state.farmers[0], market=(area - 1) % 3, guilders=3)
    full = evolve(state, farmers=(player,), neutrals=(area, area, (area + 1) % 3))
    asked = asking(full, VisitMarket(0, 1))
    assert "stack on 1" in notations(asked) and "skip" in notations(asked)
    after = play(asked, "stack on 1")
    assert after.farmers[0].market == area and after.farmers[0].stacked and after.farmers[0].guilders == 2
    assert after.pending.times == 3
