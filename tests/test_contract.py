"""The API contract of DESIGN.md, checked the same way for every registered game.

Each game has its own, deeper property tests; these make sure no game drifts from the contract
that agents, ``tabletop.play`` and the CLI rely on.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tabletop
from tabletop import CHANCE
from tabletop.cli import main
from tabletop.kernel.api import IllegalMove, InvalidRecord, State
from tabletop.kernel.record import Record, record_of
from tabletop.kernel.rng import Rng
from budget import examples
from playouts import random_states
from toy import register
from toy.game import TOY

#: The registered games, and the toy game: it offers explicit chance, so the checks that a
#: registered game may still mark as expected failures run on it for real.
REGISTERED = sorted(tabletop.GAMES)
CONTRACT_GAMES = {**tabletop.GAMES, "toy": TOY}
NAMES = sorted(CONTRACT_GAMES)



@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, TOY)


GAME_COUNTS = [
    (name, players)
    for name, game in sorted(CONTRACT_GAMES.items())
    for players in range(game.min_players, game.max_players + 1)
]


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
@settings(max_examples=examples(3))
@given(seed=st.integers(0, 2**40))
def test_every_state_keeps_the_contract(name: str, players: int, seed: int) -> None:
    game = tabletop.GAMES[name]
    last = None
    for step, state in enumerate(random_states(name, players, seed)):
        assert state.players == players
        assert len(state.scores()) == players
        assert state.is_over == (state.to_move is None)
        assert bool(state.legal_moves()) != state.is_over
        assert len(state.history) == step
        if not state.is_over:
            assert state.winners() == ()
        assert game.invariants(state) == []
        if step % 17 == 0 or state.is_over:
            assert game.from_json(state.to_json()) == state
        last = state
    assert last is not None and last.is_over
    assert game.replay(record_of(game, last, seed)) == last
    assert game.replay(record_of(game, last, seed).to_json()) == last


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_notation_names_each_legal_move_once_and_parses_back(name: str, players: int) -> None:
    game = tabletop.GAMES[name]
    for step, state in enumerate(random_states(name, players, seed=players)):
        if state.is_over or step % 5:
            continue
        moves = state.legal_moves()
        texts = [str(m) for m in moves]
        assert len(set(texts)) == len(texts), f"two legal moves share a notation: {texts}"
        for move in moves:
            assert game.parse_move(state, str(move)) == move


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_foreign_and_unlisted_moves_are_refused_and_change_nothing(name: str, players: int) -> None:
    game = tabletop.GAMES[name]
    state = tabletop.new_game(name, players=players, seed=11)
    before = state.to_json()
    for bad in (object(), "not a move", None):
        with pytest.raises(IllegalMove):
            state.apply(bad)
    with pytest.raises(IllegalMove):
        game.parse_move(state, "no such move at all")
    assert state.to_json() == before


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_views_mask_chance_and_determinize_back_to_the_same_view(name: str, players: int) -> None:
    game = tabletop.GAMES[name]
    assert game.determinize is not None
    for step, state in enumerate(random_states(name, players, seed=3 + players)):
        if state.is_over or step % 11:
            continue
        seat = state.to_move
        assert seat is not None
        seen = state.view(seat)
        assert seen.to_move == seat
        assert seen.legal_moves() == state.legal_moves()
        sample = game.determinize(seen, Rng.from_seed(step))
        assert sample.view(seat) == seen
        assert sample.legal_moves() == state.legal_moves()


@pytest.mark.parametrize("name", NAMES)
def test_a_record_of_another_game_is_refused(name: str) -> None:
    other = next(n for n in tabletop.GAMES if n != name)
    record = Record(game=other, players=2, seed=1)
    with pytest.raises(InvalidRecord, match="game"):
        tabletop.GAMES[name].replay(record)


@pytest.mark.parametrize("name", NAMES)
def test_corrupt_state_json_raises_invalid_record(name: str) -> None:
    game = tabletop.GAMES[name]
    for text in ("", "[]", "{}", '{"players": "two"}'):
        with pytest.raises(InvalidRecord):
            game.from_json(text)


@pytest.mark.parametrize("name", REGISTERED)
def test_the_json_of_a_view_is_refused_as_a_view(name: str) -> None:
    game = tabletop.GAMES[name]
    state = game.new_game(max(2, game.min_players), seed=1)
    with pytest.raises(InvalidRecord, match=r"field 'rng'.*view"):
        game.from_json(state.view(0).to_json())


@pytest.mark.parametrize("name", NAMES)
def test_options_are_declared_and_listed(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    game = tabletop.GAMES[name]
    assert game.declared.game == name and dict(game.options) == dict(game.declared.defaults)
    assert "chance" in game.declared
    assert "components" in game.declared or name not in REGISTERED
    for option in game.declared:
        assert option.help and "\n" not in option.help, f"option {option.name!r} needs one line of help"
        assert option.describe()
    assert main(["options", name]) == 0
    listed = capsys.readouterr().out
    for option in game.declared:
        assert f"  {option.name} " in listed and option.help in listed


@pytest.mark.parametrize("name", NAMES)
def test_new_game_refuses_what_the_declaration_refuses(name: str) -> None:
    game = tabletop.GAMES[name]
    low, high = game.declared.players
    with pytest.raises(ValueError, match=f"{name} has no option 'no_such_option' .its options: "):
        game.new_game(low, seed=1, no_such_option=True)
    with pytest.raises(TypeError):  # an unknown keyword is a TypeError too, as in any call
        tabletop.new_game(name, low, seed=1, no_such_option=True)
    for players in (low - 1, high + 1, "2"):
        with pytest.raises(ValueError, match=f"{name} is played by {low}-{high} players"):
            game.new_game(players, seed=1)  # type: ignore[arg-type]
    for option in game.declared:
        if option.kind is bool:
            with pytest.raises(ValueError, match=f"option '{option.name}' takes True or False, not 'maybe'"):
                game.new_game(low, seed=1, **{option.name: "maybe"})


@pytest.mark.parametrize("name", REGISTERED)
def test_a_record_of_a_game_with_components_given_as_data_replays(name: str) -> None:
    game = tabletop.GAMES[name]
    # Every game package loads its components with components.load_components (DESIGN.md, "Data").
    components = importlib.import_module(f"tabletop.{name}.components").load_components()
    options = {"components": components.as_data()}
    chooser = random.Random(1)
    state = game.new_game(2, seed=1, **options)
    for _ in range(20):
        state = state.apply(chooser.choice(state.legal_moves()))
    record = record_of(game, state, 1, options)
    assert record.options == {}, "the standard components are the default: not recorded"
    assert game.replay(record.to_json()).to_json() == state.to_json()


OBSERVED = [(name, players) for name, players in GAME_COUNTS if CONTRACT_GAMES[name].observation is not None]


@pytest.mark.parametrize("name", NAMES)
def test_a_game_offers_observations_with_their_layout_or_neither(name: str) -> None:
    game = tabletop.GAMES[name]
    assert (game.observation is None) == (game.observation_layout is None)


@pytest.mark.parametrize(("name", "players"), OBSERVED)
def test_observations_are_flat_float32_of_one_length_and_show_only_the_seats_view(name: str, players: int) -> None:
    game = tabletop.GAMES[name]
    assert game.observation is not None and game.observation_layout is not None
    for step, state in enumerate(random_states(name, players, seed=21 + players)):
        layout = game.observation_layout(state)
        blocks = sorted(layout.values(), key=lambda block: block.start)
        assert blocks[0].start == 0 and all(a.stop == b.start for a, b in zip(blocks, blocks[1:]))
        size = blocks[-1].stop
        if step % 5:
            continue
        for seat in range(players):
            obs = game.observation(state, seat)
            assert isinstance(obs, np.ndarray) and obs.dtype == np.float32 and obs.shape == (size,)
            assert np.isfinite(obs).all()
            seen = state.view(seat)
            assert np.array_equal(game.observation(seen, seat), obs)
            if step % 15 == 0 and game.determinize is not None:
                sample = game.determinize(seen, Rng.from_seed(step))
                assert np.array_equal(game.observation(sample, seat), obs)


def _explicit(name: str, players: int, seed: int) -> State:
    """A new game of ``name`` with explicit chance."""
    return tabletop.new_game(name, players, seed=seed, chance="explicit")


def _chance_playout(name: str, players: int, seed: int) -> Iterator[State]:
    """Every state of a random playout of an explicit-chance game: each chance node decided by
    its probabilities, each player's decision uniformly, from one kernel random source."""
    rng = Rng.from_seed(seed)
    state = _explicit(name, players, seed)
    yield state
    while not state.is_over:
        move: Any
        if state.to_move == CHANCE:
            move, rng = rng.pick(state.chance_outcomes())
        else:
            move, rng = rng.choice(state.legal_moves())
        state = state.apply(move)
        yield state


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
def test_explicit_chance_nodes_offer_outcomes_that_sum_to_one_and_all_apply(name: str, players: int) -> None:
    game = tabletop.GAMES[name]
    nodes = 0
    for state in _chance_playout(name, players, seed=players):
        if state.to_move != CHANCE:
            assert state.chance_outcomes() == ()
            continue
        nodes += 1
        outcomes = state.chance_outcomes()
        assert outcomes and sum(p for _, p in outcomes) == pytest.approx(1)
        assert all(p > 0 for _, p in outcomes)
        assert [o for o, _ in outcomes] == list(state.legal_moves())
        if nodes % 7 == 1:  # every outcome of a sample of nodes (all of them would be slow)
            for outcome, _ in outcomes:
                after = state.apply(outcome)
                assert game.invariants(after) == []
                assert game.parse_move(state, str(outcome)) == outcome
    # A game may have no random event at all; the playout ended either way.


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
@settings(max_examples=examples(2))
@given(seed=st.integers(0, 2**40))
def test_random_playouts_with_explicit_chance_end_and_replay(name: str, players: int, seed: int) -> None:
    game = tabletop.GAMES[name]
    last = None
    for last in _chance_playout(name, players, seed):
        assert game.invariants(last) == []
    assert last is not None and last.is_over
    record = record_of(game, last, seed, {"chance": "explicit"})
    assert game.replay(record.to_json()) == last


@pytest.mark.parametrize("name", REGISTERED)
def test_a_state_and_a_view_have_a_short_repr_naming_the_game(name: str) -> None:
    game = tabletop.GAMES[name]
    state = game.new_game(game.min_players, seed=1)
    for shown in (state, state.view(0)):
        assert repr(shown).startswith(f"<{name}.State") and len(repr(shown)) < 100, repr(shown)
