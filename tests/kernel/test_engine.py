"""The engine: one apply pipeline, settling, history links, the fast copy, chance through one
door (sampled from the seed, or explicit at a chance seat), checked on the toy game."""

from __future__ import annotations

import sys
from collections import Counter

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from tabletop.agents import RandomAgent
from tabletop.kernel.engine import (
    CHANCE,
    ChanceDecision,
    Rules,
    HiddenChance,
    Link,
    evolve,
    link_moves,
    listed,
    own_keys,
    pop,
    push,
    replace_top,
    rewritten,
    sample,
    samples_now,
)
from tabletop.kernel.errors import IllegalMove
from tabletop.kernel.rng import Rng
from toy.game import RULES, TOY, Card, Cards, ChooseAction, ChooseCard, Draw, Drawn, DrawCard, Play, ToyState


def _explicit_deal(*values: int, players: int = 2) -> ToyState:
    """A toy game with explicit chance, dealt ``values`` (seat 0's two cards first)."""
    state = TOY.new_game(players, seed=1, chance="explicit")
    for value in values:
        state = state.apply(Drawn(value))
    return state


def test_an_illegal_move_is_refused_with_a_sentence_and_the_state_is_unchanged() -> None:
    state = _explicit_deal(6, 5, 1, 2).apply(Play())
    before = state.to_json()
    with pytest.raises(IllegalMove) as refused:
        state.apply(Card(4))
    assert str(refused.value) == (
        "'card 4' is not legal here: the hand has no such card; seat 0 is choosing a card to play "
        "(legal: card 5, card 6)"
    )
    assert state.to_json() == before and state.legal_moves() == (Card(5), Card(6))


def test_a_move_after_the_end_is_refused() -> None:
    state = TOY.new_game(2, seed=1, target=1).apply(Play())
    over = state.apply(state.legal_moves()[0])
    assert over.is_over and over.to_move is None and over.pending is None
    with pytest.raises(IllegalMove, match=r"the game is over \(toy\), so draw cannot be played"):
        over.apply(Draw())


def test_settle_ends_the_game_when_a_score_reaches_the_target() -> None:
    state = _explicit_deal(6, 5, 1, 2)
    assert state.stack == (ChooseAction(0),)
    reached = evolve(state, played=(Cards.of({"6": 2}), Cards()))
    assert RULES.start(reached).is_over
    assert RULES.start(state) == state  # nothing forced: settle leaves the position alone


def test_a_two_step_decision_replaces_the_top_of_the_stack() -> None:
    state = _explicit_deal(6, 5, 1, 2)
    assert state.apply(Play()).stack == (ChooseCard(0),)
    drawing = state.apply(Draw())
    assert drawing.stack == (ChooseAction(1), DrawCard(0)) and drawing.to_move == CHANCE


def test_history_is_a_chain_of_links_shared_between_states() -> None:
    first = _explicit_deal(6, 5, 1, 2)
    second = first.apply(Play())
    third = second.apply(Card(6))
    assert third.history == (Drawn(6), Drawn(5), Drawn(1), Drawn(2), Play(), Card(6))
    assert third.move_count == 6 and third.log is not None
    assert third.log.before is second.log and second.log is not None and second.log.before is first.log
    assert link_moves(list(third.history)) == third.log
    assert Link(None, "a").moves() == ("a",) and link_moves([]) is None


def test_history_links_are_immutable_unordered_values_compared_without_recursion() -> None:
    import pickle

    long = link_moves(list(range(50_000)))
    again = link_moves(list(range(50_000)))
    assert long is not None and again is not None
    assert long == again and not long != again and hash(long) == hash(again)
    assert long.length == 50_000 and long.move == 49_999 and long.before is not None
    assert Link(None, "a") != Link(None, "b")
    with pytest.raises(TypeError):
        long < again  # noqa: B015
    with pytest.raises(AttributeError):
        long.move = 1  # type: ignore[misc]
    link = Link(Link(None, "a"), "b")
    assert pickle.loads(pickle.dumps(link)) == link and link.moves() == ("a", "b")


def test_evolve_drops_the_caches_and_shares_every_unchanged_value() -> None:
    state = _explicit_deal(6, 5, 1, 2)
    moves = state.legal_moves()
    assert state.legal_moves() is moves  # computed once
    copy = evolve(state, target=30)
    assert copy._moves is None and copy.target == 30 and state.target == 12
    assert copy.hands is state.hands and copy.deck is state.deck and copy.rules is state.rules
    assert type(copy) is ToyState


def test_rewritten_makes_what_evolve_makes_in_the_state_itself() -> None:
    state = _explicit_deal(6, 5, 1, 2)
    copy = evolve(state, target=30)
    state.legal_moves()  # a cache to drop
    made = rewritten(state, target=30)
    assert made is state and made._moves is None and made.__dict__ == copy.__dict__


def test_listed_moves_are_the_listing_until_a_copy_drops_them() -> None:
    state = _explicit_deal(6, 5, 1, 2)
    found = tuple(state.rules.legal_moves(state))
    made = listed(evolve(state), found)
    assert made.legal_moves() is found
    assert evolve(made)._moves is None and evolve(made).legal_moves() == found


def test_push_pop_and_replace_top() -> None:
    state = _explicit_deal(6, 5, 1, 2)
    pushed = push(state, ChooseCard(0))
    assert pushed.stack == (ChooseAction(0), ChooseCard(0)) and pushed.to_move == 0
    assert pop(pushed).stack == state.stack
    assert replace_top(state, ChooseAction(1)).to_move == 1


@given(seed=st.integers(0, 2**63 - 1))
def test_sampled_chance_is_reproducible_from_the_seed_and_never_a_seat(seed: int) -> None:
    agent, again = RandomAgent(seed), RandomAgent(seed)
    state, replay = TOY.new_game(3, seed=seed), TOY.new_game(3, seed=seed)
    while not state.is_over:
        assert state.to_move != CHANCE and state.chance_outcomes() == ()
        assert state == replay
        state, replay = state.apply(agent.choose(state)), replay.apply(again.choose(replay))
    assert not any(isinstance(move, Drawn) for move in state.history)


def test_explicit_chance_asks_the_chance_seat() -> None:
    state = TOY.new_game(2, seed=1, chance="explicit", copies=2)
    assert state.to_move == CHANCE and state.pending == DrawCard(0)
    outcomes = state.chance_outcomes()
    assert [o for o, _ in outcomes] == [Drawn(v) for v in range(1, 7)] == list(state.legal_moves())
    assert sum(p for _, p in outcomes) == pytest.approx(1)
    forced = state.apply(Drawn(6)).apply(Drawn(6))
    assert forced.hands[0] == Cards.of({"6": 2}) and forced.pending == DrawCard(1)
    assert Drawn(6) not in dict(forced.chance_outcomes())
    assert sum(p for _, p in forced.chance_outcomes()) == pytest.approx(1)
    with pytest.raises(IllegalMove, match="chance is drawing a card"):
        forced.apply(Drawn(6))  # both sixes are gone


def test_a_chance_outcome_weighs_by_the_copies_left() -> None:
    state = _explicit_deal(6)  # three copies each: one six gone
    probabilities = dict(state.chance_outcomes())
    assert probabilities[Drawn(6)] == pytest.approx(2 / 17)
    assert probabilities[Drawn(1)] == pytest.approx(3 / 17)


def test_a_view_that_reaches_a_random_event_raises_hidden_chance() -> None:
    view = TOY.new_game(2, seed=3).view(0)
    with pytest.raises(HiddenChance, match="toy position is a view and has reached a random event .drawing a card."):
        view.apply(Draw())
    sample_state = TOY.determinize(view, Rng.from_seed(1)) if TOY.determinize else None
    assert sample_state is not None and sample_state.apply(Draw()).hand_size(0) == 3


def test_sample_draws_in_proportion_to_the_weights() -> None:
    rng = Rng.from_seed(4)
    counts: Counter[str] = Counter()
    for _ in range(4000):
        outcome, rng = sample((("a", 1), ("b", 3)), rng)
        counts[outcome] += 1
    assert 0.70 < counts["b"] / 4000 < 0.80
    only = Rng.from_seed(1)
    assert sample((("x", 5),), only) == ("x", only)  # one outcome costs no draw


@attrs.frozen(slots=False)
class _Point:
    x: int
    y: int


def test_evolve_copies_any_attrs_instance_without_slots() -> None:
    point = _Point(1, 2)
    moved = evolve(point, y=5)
    assert moved == _Point(1, 5) and point == _Point(1, 2)


@attrs.frozen(slots=False)
class _OwnPoint:
    __attrs_post_init__ = own_keys

    x: int
    y: int


def test_own_keys_gives_an_instance_a_plain_dictionary_that_evolve_copies() -> None:
    point = _OwnPoint(1, 2)
    # The size of a plain copy: a dictionary with keys of its own (CPython's key-sharing
    # dictionary of an instance has another size).
    assert vars(point) == {"x": 1, "y": 2} and sys.getsizeof(vars(point)) == sys.getsizeof(dict(vars(point)))
    moved = evolve(point, y=5)
    assert moved == _OwnPoint(1, 5) and point == _OwnPoint(1, 2)
    assert sys.getsizeof(vars(moved)) == sys.getsizeof(dict(vars(moved)))
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        point.x = 3  # type: ignore[misc]


def test_every_game_state_has_keys_of_its_own() -> None:
    state = TOY.new_game(2, seed=1)
    assert sys.getsizeof(vars(state)) == sys.getsizeof(dict(vars(state)))


def test_samples_now_only_in_sampled_mode_from_an_unmasked_random_source() -> None:
    sampled = TOY.new_game(2, seed=1)
    assert samples_now(sampled)
    assert not samples_now(TOY.new_game(2, seed=1, chance="explicit"))
    assert not samples_now(sampled.view(0))


def test_a_move_after_the_end_says_the_game_is_over() -> None:
    over = evolve(TOY.new_game(2, seed=1), stack=())
    with pytest.raises(IllegalMove, match="the game is over"):
        over.apply(over)


def test_hidden_chance_is_the_masked_randomness_of_a_view() -> None:
    from tabletop.kernel.rng import MaskedRandomness

    assert issubclass(HiddenChance, MaskedRandomness)


def _spied_draws(calls: list[DrawCard]) -> Rules[ToyState]:
    """The toy game's rules, whose card draws have a ``run`` shortcut that notes each call and resolves
    the draw as the engine would."""
    base = RULES.decisions[DrawCard]
    assert isinstance(base, ChanceDecision)

    def run(state: ToyState, pending: DrawCard, rng: Rng) -> tuple[ToyState, Rng]:
        calls.append(pending)
        outcome, rng = sample(base.outcomes(state, pending), rng)
        return base.resolve(state, pending, outcome), rng

    return attrs.evolve(RULES, decisions={**RULES.decisions, DrawCard: attrs.evolve(base, run=run)})


def test_a_chance_run_resolves_sampled_events_and_leaves_explicit_ones_asked() -> None:
    calls: list[DrawCard] = []
    rules = _spied_draws(calls)
    plain = TOY.new_game(2, seed=5)
    spied = evolve(plain, rules=rules).apply(Draw())
    assert calls == [DrawCard(0)]
    assert spied == plain.apply(Draw()) and spied.rng == plain.apply(Draw()).rng
    explicit = TOY.new_game(2, seed=5, chance="explicit")
    asked = evolve(explicit, rules=rules).apply(Drawn(2))
    assert asked.to_move == CHANCE and calls == [DrawCard(0)]
