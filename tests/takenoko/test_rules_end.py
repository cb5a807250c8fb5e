"""The end of the game: trigger, the Emperor, the final turns, scores and tie-breaks."""

from __future__ import annotations

import random

import pytest

from tabletop.takenoko import new_game
from tabletop.takenoko.positions import position

from .helpers import play

E = (1, 0)
PANDA_GREEN = ["A01", "A02", "A03", "A04", "A05"]
GREEN_CARDS = ["A01", "A02", "A03", "A04", "A05", "P01", "P02", "P03", "P04", "G01"]


def _about_to_trigger(players, current=0, hand=("A01",), stock=None):
    """Seat ``current`` has completed one objective short of the trigger and holds a green panda card."""
    need = {2: 9, 3: 8, 4: 7}[players]
    done = [c for c in GREEN_CARDS if c != "A01"][: need - 1]
    completed = [()] * players
    completed[current] = tuple(done)
    hands = [()] * players
    hands[current] = hand
    stocks = [{}] * players
    stocks[current] = stock or {"green": 2}
    return position({E: "G"}, players=players, current=current, hands=hands, completed=completed, stocks=stocks)


@pytest.mark.parametrize("players, count", [(2, 9), (3, 8), (4, 7)])
def test_nth_objective_triggers_the_last_round(players, count):
    state = play(_about_to_trigger(players), "complete A01")
    assert len(state.boards[0].completed) == count
    assert state.emperor == 0


def test_emperor_gives_two_points_to_the_trigger():
    state = play(_about_to_trigger(2), "complete A01")
    points_before = sum(state.components.cards[c].points for c in state.boards[0].completed)
    assert state.scores()[0] == points_before + 2


def test_trigger_player_may_go_on_completing_objectives():
    state = _about_to_trigger(3, hand=("A01", "A13"), stock={"green": 3, "yellow": 1, "pink": 1})
    state = play(state, "complete A01", "complete A13")
    assert len(state.boards[0].completed) == 9 and state.emperor == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_other_player_has_one_final_turn(players):
    state = play(_about_to_trigger(players, current=1 % players), "complete A01", "irrigation", "objective plot")
    trigger = 1 % players
    seen = []
    while not state.is_over:
        assert state.current != trigger
        seen.append(state.current)
        state = _finish_turn(state)
    assert sorted(set(seen)) == [s for s in range(players) if s != trigger]
    assert len(seen) == players - 1
    assert state.pending is None and state.to_move is None and state.legal_moves() == ()


def _finish_turn(state):
    seat = state.current
    while not state.is_over and state.current == seat:
        moves = state.legal_moves()
        preferred = [
            m for m in moves if str(m) in ("skip", "end", "irrigation") or str(m).startswith(("objective", "weather"))
        ]
        state = state.apply(preferred[0] if preferred else moves[0])
    return state


def test_highest_score_wins():
    state = position({}, completed=[("A01",), ("A13",)], over=True)
    assert state.scores() == (3, 6) and state.winners() == (1,)


def test_tie_broken_by_panda_points():
    state = position({}, completed=[("P05",), ("A01",)], over=True)
    assert state.scores() == (3, 3) and state.winners() == (1,)


def test_tie_on_panda_points_too_is_shared():
    state = position({}, completed=[("A01", "P01"), ("A02", "G13"), ()], players=3, over=True)
    assert state.scores() == (5, 11, 0)
    state = position({}, completed=[("A01", "P05"), ("A02", "P06")], over=True)
    assert state.winners() == (0, 1)


def test_no_winners_until_the_game_is_over():
    assert position({}, completed=[("A01",), ()]).winners() == ()


def test_objectives_in_hand_score_nothing():
    state = position({}, hands=[("G13", "P12"), ()], completed=[("A01",), ()])
    assert state.scores() == (3, 0)


def test_emperor_stays_with_the_first_player_to_trigger_the_end():
    trigger = tuple(f"P{i:02d}" for i in range(1, 10))
    state = position(
        {E: "G"},
        current=1,
        hands=[(), ("A01",)],
        completed=[trigger, tuple(f"G{i:02d}" for i in range(1, 9))],
        stocks=[{}, {"green": 2}],
        emperor=0,
    )
    state = play(state, "complete A01")
    assert len(state.boards[1].completed) == 9 and state.emperor == 0


@pytest.mark.parametrize("players", [2, 3, 4])
def test_one_objective_short_of_the_trigger_does_not_end_the_game(players):
    state = _about_to_trigger(players)
    assert state.emperor is None
    state = play(state, "irrigation", "objective plot", "end")
    assert state.emperor is None and not state.is_over and state.current == 1


def test_objectives_completed_in_a_final_turn_count():
    done = [c for c in GREEN_CARDS if c != "A01"][:8]
    stocks = [{"green": 2}, {"green": 1, "yellow": 1, "pink": 1}]
    state = position({E: "G"}, hands=[("A01",), ("A13",)], completed=[done, ()], stocks=stocks)
    state = play(state, "complete A01", "irrigation", "objective plot")
    assert state.current == 1 and state.emperor == 0
    state = play(state, "complete A13")
    state = _finish_turn(state)
    assert state.is_over and state.scores()[1] == 6


def test_emperor_card_can_decide_the_winner():
    # Equal objective points: the trigger's Emperor (+2) wins it, panda points notwithstanding.
    state = position({}, completed=[("P05",), ("A01",)], emperor=0, over=True)
    assert state.scores() == (5, 3) and state.winners() == (0,)


def test_round_cap_does_not_cut_the_final_turns_after_a_trigger():
    # "The other players then each have a final turn": the engine's safety cap (max_rounds)
    # is for games nobody finishes, not for cutting the last round short.
    done = [c for c in GREEN_CARDS if c != "A01"][:8]
    state = position(
        {E: "G"},
        current=1,
        turn_number=2,
        hands=[(), ("A01",)],
        completed=[(), done],
        stocks=[{}, {"green": 2}],
        max_rounds=1,
    )
    state = play(state, "complete A01", "irrigation", "objective plot")
    assert state.emperor == 1 and not state.is_over and state.current == 0
    state = _finish_turn(state)
    assert state.is_over and state.turn_number == 3


@pytest.mark.parametrize("options", [{}, {"weather": False}, {"declare_actions": True}])
def test_a_turn_ended_by_settling_leaves_every_earlier_position_as_it_was(options):
    # Settling starts the next turn in the position it ends (no copy): one that a player or
    # the caller still holds must never be that position.
    chooser = random.Random(5)
    state = new_game(3, seed=5, **options)
    seen = []
    while not state.is_over:
        seen.append((state, dict(vars(state))))
        state = state.apply(chooser.choice(state.legal_moves()))
    for earlier, fields in seen:
        now = dict(vars(earlier))
        fields.pop("_moves"), now.pop("_moves")
        assert now == fields
