"""Chance through one door: every random event of Takenoko is a decision of seat CHANCE, decided
by the seeded random source (``chance="sampled"``, the default) or asked like a move
(``chance="explicit"``), with its outcomes and their probabilities listed as OpenSpiel does."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from tabletop.kernel.engine import CHANCE, HiddenChance, evolve, sample
from tabletop.kernel.pile import Pile
from tabletop.kernel.record import record_of
from tabletop.kernel.rng import Rng
from tabletop.takenoko import GAME, invariants, new_game
from tabletop.takenoko.moves import DrawCard, DrawTile, EndTurn, FirstSeat, Roll
from tabletop.takenoko.positions import position
from tabletop.takenoko.state import (
    WEATHER_FACES,
    DealObjective,
    DrawObjective,
    DrawPlots,
    DrawStartPlayer,
    KeepPlot,
    Rain,
    WeatherDie,
)

from chance_runs import assert_run_reaches_one_by_one

from .helpers import play

E, NE = (1, 0), (1, -1)
END_TURN = EndTurn()


def _chance_pick(chooser, state):
    outcomes = state.chance_outcomes()
    return chooser.choices([o for o, _ in outcomes], weights=[p for _, p in outcomes])[0]


def _explicit_playout(seed, players):
    chooser = random.Random(seed)
    state = new_game(players, seed=seed, chance="explicit")
    states = [state]
    while not state.is_over:
        if state.to_move == CHANCE:
            move = _chance_pick(chooser, state)
        else:
            move = chooser.choice(state.legal_moves())
        state = state.apply(move)
        states.append(state)
        assert len(states) < 6000
    return states


def test_an_explicit_game_opens_with_the_deal_asked_of_chance():
    state = new_game(3, seed=1, chance="explicit")
    assert state.to_move == CHANCE and isinstance(state.pending, DealObjective)
    outcomes = state.chance_outcomes()
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    assert {o.card for o, _ in outcomes} == set(state.decks[0].cards())
    assert all(p == pytest.approx(1 / 15) for _, p in outcomes)


def test_the_deal_gives_one_card_of_each_type_then_chance_draws_the_start_player():
    state = new_game(3, seed=1, chance="explicit")
    while isinstance(state.pending, DealObjective):
        state = state.apply(state.legal_moves()[0])
    assert isinstance(state.pending, DrawStartPlayer)
    assert [o for o, _ in state.chance_outcomes()] == [FirstSeat(0), FirstSeat(1), FirstSeat(2)]
    state = state.apply(FirstSeat(2))
    assert state.current == state.start_player == 2 and state.to_move == 2
    for board in state.boards:
        assert sorted(state.components.cards[c].kind for c in board.hand) == ["gardener", "panda", "plot"]


def test_the_weather_die_has_six_equally_likely_faces_and_a_face_can_be_forced():
    state = play(position({E: "G", NE: "G"}, chance="explicit"), "irrigation", "panda 1,0", "end")
    assert isinstance(state.pending, WeatherDie) and state.to_move == CHANCE
    outcomes = state.chance_outcomes()
    assert [o.face for o, _ in outcomes] == list(WEATHER_FACES)
    assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
    rained = state.apply(Roll("rain"))
    assert rained.turn.weather == "rain" and isinstance(rained.pending, Rain) and rained.to_move == 1


def test_plot_draws_are_three_chance_events_weighted_by_the_pile():
    state = play(position({}, chance="explicit"), "plot")
    assert isinstance(state.pending, DrawPlots) and state.pending.left == 3
    pile = Counter(state.tile_pile.cards())
    outcomes = dict(state.chance_outcomes())
    assert outcomes == {DrawTile(code): pytest.approx(n / pile.total()) for code, n in pile.items()}
    state = play(state, "draw tile G", "draw tile PW", "draw tile G")
    assert state.pending == KeepPlot(0, ("G", "PW", "G")) and len(state.tile_pile) == 24


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_sampled_shortcut_draws_what_the_explicit_outcomes_give(players):
    # The sampled mode rolls the die and draws objective cards without listing the outcomes; at
    # every random event of a game it must draw the very outcome (and advance the generator as
    # far) as sampling the explicit mode's weighted outcomes does: one distribution for both.
    chooser = random.Random(players)
    state = new_game(players, seed=players, chance="explicit", redraw_satisfied=True)
    checked = 0
    while not state.is_over:
        if state.to_move == CHANCE:
            pending = state.pending
            decision = state.rules.decisions[type(pending)]
            if decision.sample is not None:
                for seed in range(3):
                    rng = Rng.from_seed(seed + 100 * checked)
                    assert decision.sample(state, pending, rng) == sample(decision.outcomes(state, pending), rng)
                checked += 1
        state = state.apply(chooser.choice(state.legal_moves()))
    assert checked > 10


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_sampled_plot_draw_reaches_what_drawing_tile_by_tile_reaches(players):
    # The sampled mode draws a Plot action's tiles in one go (DrawPlots' run).
    chooser = random.Random(players)
    state = new_game(players, seed=players, chance="explicit")
    draws = 0
    while not state.is_over:
        if isinstance(state.pending, DrawPlots):
            assert_run_reaches_one_by_one(state, DrawPlots)
            draws += 1
        move = _chance_pick(chooser, state) if state.to_move == CHANCE else chooser.choice(state.legal_moves())
        state = state.apply(move)
    assert draws > 10


@pytest.mark.parametrize("unseen", [(), ("G",), ("G", "PW"), ("G", "G", "Y")])
def test_the_sampled_plot_draw_reaches_the_tiles_put_back_under_the_pile(unseen):
    # Past the unseen tiles, the draw takes those put back, and forgets who put them back.
    state = play(position({}, chance="explicit"), "plot")
    state = evolve(state, tile_pile=Pile(unseen, ("YF", "P", "GE")), returned_by=(1, 2, 1))
    assert_run_reaches_one_by_one(state, DrawPlots)
    drawn = state.rules.start(evolve(state, chance="sampled"))
    assert drawn.returned_by == (1, 2, 1)[max(0, 3 - len(unseen)) :]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_sampled_deal_reaches_what_dealing_card_by_card_reaches(players):
    # The sampled mode deals the objectives in one go (DealObjective's run), from the first
    # card or from any card after it.
    state = new_game(players, seed=players, chance="explicit")
    chooser = random.Random(players)
    while isinstance(state.pending, DealObjective):
        assert_run_reaches_one_by_one(state, DealObjective)
        state = state.apply(_chance_pick(chooser, state))


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"redraw_satisfied": True, "bamboo_supply": "2011"},
        {"declare_actions": True, "clouds_when_empty": "move_improvement"},
    ],
)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_sampled_game_is_the_explicit_game_with_each_event_sampled_in_turn(players, options):
    # The sampled mode takes shortcuts (the weather die rolled as the turn begins, a Plot
    # action's tiles drawn as it is taken, an Objective action's card drawn as it is taken,
    # without a position waiting for the event; a deal or a draw in one copy): with the same
    # moves, it must reach at every decision the very position (generator included) that the
    # explicit mode reaches when each of its events is sampled from the generator, one by one.
    chooser = random.Random(players)
    sampled = new_game(players, seed=players, **options)
    explicit = new_game(players, seed=players, chance="explicit", **options)
    seen: Counter[str] = Counter()
    while True:
        while explicit.to_move == CHANCE:
            pending = explicit.pending
            seen["roll"] += isinstance(pending, WeatherDie)
            if isinstance(pending, DrawPlots) and not pending.drawn:
                seen["plot draw" if pending.left == 3 else "short plot draw"] += 1
            if isinstance(pending, DrawObjective):
                seen["card draw" if pending.looks == 1 else "redraw"] += 1
            decision = explicit.rules.decisions[type(explicit.pending)]
            outcome, rng = sample(decision.outcomes(explicit, explicit.pending), explicit.rng)
            explicit = evolve(explicit.apply(outcome), rng=rng)
        assert evolve(explicit, chance="sampled", log=None) == evolve(sampled, log=None)
        assert explicit.rng == sampled.rng
        if sampled.is_over:
            break
        move = chooser.choice(sampled.legal_moves())
        sampled, explicit = sampled.apply(move), explicit.apply(move)
    assert seen["roll"] > 10 and seen["plot draw"] > 10 and seen["card draw"] > 3
    # Every shortcut is met: the pile runs short in these games (a Plot action then draws the
    # last one or two tiles), and the redraw variant looks at several cards.
    if players == 2:
        assert seen["short plot draw"] >= 2
    if options.get("redraw_satisfied"):
        assert seen["redraw"] > 3


def test_objective_draws_are_chance_events_over_the_chosen_deck():
    state = play(position({}, hands=[("P01",), ()], chance="explicit"), "objective gardener")
    assert isinstance(state.pending, DrawObjective)
    assert {o.card for o, _ in state.chance_outcomes()} == set(state.decks[1].cards())
    state = state.apply(DrawCard("G07"))
    assert state.boards[0].hand == ("P01", "G07") and "G07" not in state.decks[1].cards()


@pytest.mark.parametrize("seed", range(4))
def test_random_explicit_games_end_and_keep_the_invariants(seed):
    states = _explicit_playout(seed, 2 + seed % 3)
    assert states[-1].is_over
    assert any(s.to_move == CHANCE for s in states)
    for state in states[:: max(1, len(states) // 60)] + [states[-1]]:
        assert invariants(state) == []


def test_an_explicit_game_replays_from_its_record_and_its_saved_state():
    final = _explicit_playout(5, 3)[-1]
    assert any(isinstance(m, (Roll, DrawTile, DrawCard)) for m in final.history)
    record = record_of(GAME, final, 5, {"chance": "explicit"})
    replayed = GAME.replay(record.to_json())
    assert replayed == final and replayed.history == final.history
    assert GAME.from_json(final.to_json()) == final


@pytest.mark.parametrize("seed", range(3))
def test_sampled_games_never_ask_chance(seed):
    chooser = random.Random(seed)
    state = new_game(3, seed=seed)
    while not state.is_over:
        assert state.to_move != CHANCE and state.chance_outcomes() == ()
        state = state.apply(chooser.choice(state.legal_moves()))
    assert not any(isinstance(m, (Roll, DrawTile, DrawCard, FirstSeat)) for m in state.history)


def test_same_seed_and_moves_give_the_same_game():
    a = new_game(2, seed=11)
    b = new_game(2, seed=11)
    for _ in range(60):
        move = a.legal_moves()[0]
        a, b = a.apply(move), b.apply(move)
        assert a == b


def test_a_view_that_reaches_a_random_event_raises_hidden_chance():
    state = position({}, hands=[("P01",), ()])
    assert str(state.legal_moves()[0]) == "plot"
    with pytest.raises(HiddenChance, match="determinize"):
        state.view(0).apply(state.legal_moves()[0])  # the plot action draws from the hidden pile
    explicit = play(position({}, chance="explicit"), "objective panda")
    with pytest.raises(HiddenChance):
        explicit.view(1).chance_outcomes()  # the deck's next card is hidden from a view
    ending = play(position({E: "G", NE: "G"}), "irrigation", "panda 1,0")
    assert "end" in [str(move) for move in ending.legal_moves()]
    with pytest.raises(HiddenChance, match="rolling the weather die"):
        ending.view(0).apply(END_TURN)  # the next turn opens with a roll from the hidden source


def test_a_view_at_a_plot_draw_hides_the_tiles_another_player_drew():
    state = play(position({}, chance="explicit", next_tiles=("G", "Y", "P")), "plot", "draw tile G")
    assert isinstance(state.pending, DrawPlots) and state.pending.drawn == ("G",)
    assert state.view(1).pending.drawn == ("?",) and state.view(0).pending == state.pending
    assert [str(m) for m in state.view(1).history] == ["plot"]  # the draw is not shown either


@pytest.mark.parametrize("options", [{}, {"redraw_satisfied": True}])
def test_a_view_meets_hidden_chance_at_a_plot_and_an_objective_action(options):
    # The sampled mode draws a Plot action's tiles and an Objective action's card as the action
    # is taken; a view, whose random source is masked, waits for the draw as the explicit mode
    # does, and the engine stops there.
    view = position({}, hands=[("P01",), ()], **options).view(0)
    for action, doing in (("plot", "drawing a plot tile"), ("objective panda", "drawing an objective card")):
        with pytest.raises(HiddenChance, match=doing):
            view.apply(GAME.parse_move(view, action))
