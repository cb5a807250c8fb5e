"""Agents choose legal moves, reproducibly; greedy beats random and ISMCTS beats greedy."""

from __future__ import annotations

from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tabletop
from tabletop.agents import AGENTS, Agent, GreedyAgent, ISMCTSAgent, RandomAgent, make_agent
from tabletop.kernel.api import Game, State
from tabletop.kernel.rng import Rng
from tabletop.play import make_agents, play_game
from toy.game import TOY, Card, Drawn, Play


def _choices(agent: Agent, seed: int, steps: int = 15) -> list[str]:
    state = TOY.new_game(3, seed=seed)
    chosen = []
    for _ in range(steps):
        if state.is_over:
            break
        move = agent.choose(state)
        chosen.append(str(move))
        state = state.apply(move)
    return chosen


@pytest.mark.parametrize("name", sorted(AGENTS))
def test_agents_are_agents_with_their_names(name: str) -> None:
    agent = make_agent(name, 1, TOY)
    assert isinstance(agent, Agent)
    assert agent.name == name


def test_unknown_agent_names_the_known_ones() -> None:
    with pytest.raises(ValueError, match="random"):
        make_agent("clever", 1, TOY)


@given(seed=st.integers(0, 2**32), name=st.sampled_from(sorted(AGENTS)))
def test_agents_choose_legal_moves(seed: int, name: str) -> None:
    agent = make_agent(name, seed, TOY)
    state = TOY.new_game(2, seed=seed)
    while not state.is_over:
        move = agent.choose(state)
        assert move in state.legal_moves()
        state = state.apply(move)


@pytest.mark.parametrize("cls", [RandomAgent, GreedyAgent])
def test_same_seed_same_choices(cls: type[RandomAgent | GreedyAgent]) -> None:
    assert _choices(cls(4), 11) == _choices(cls(4), 11)


def test_random_agent_does_not_use_the_global_random_source() -> None:
    import random

    random.seed(0)
    first = _choices(RandomAgent(4), 11)
    random.seed(1)
    assert _choices(RandomAgent(4), 11) == first


def test_greedy_plays_its_best_card() -> None:
    state = TOY.new_game(2, seed=3).apply(Play())
    best = max(m.value for m in state.legal_moves())
    assert GreedyAgent(0).choose(state) == Card(best)


def test_greedy_refuses_a_finished_game() -> None:
    state = play_game(TOY, make_agents(["random", "random"], 1, TOY), 1).state
    with pytest.raises(ValueError, match="over"):
        GreedyAgent(0).choose(state)


def test_greedy_beats_random() -> None:
    wins = 0.0
    games = 60
    for seed in range(games):
        result = play_game(TOY, [GreedyAgent(seed), RandomAgent(seed)], seed)
        wins += (0 in result.winners) / len(result.winners)
    assert wins / games > 0.6


def _mcts(seed: int, game: Game = TOY, iterations: int = 30) -> ISMCTSAgent:
    return ISMCTSAgent(seed, game=game, iterations=iterations, rollout_depth=10)


def test_mcts_searches_determinizations_of_its_view() -> None:
    # Had it searched the real state, its draws would run on the game's own random source;
    # a view's source refuses to draw, so the search must go through determinize.
    samples: list[State] = []

    def spying(view: State, rng: Rng) -> State:
        assert view == state.view(0)
        assert TOY.determinize is not None
        samples.append(TOY.determinize(view, rng))
        return samples[-1]

    state = TOY.new_game(3, seed=2)
    agent = _mcts(1, attrs.evolve(TOY, determinize=spying))
    assert agent.choose(state) in state.legal_moves()
    assert len(samples) == 30
    assert len({s.hands for s in samples}) > 1  # the hidden hands vary between samples


def test_mcts_without_determinize_searches_the_state() -> None:
    state = TOY.new_game(2, seed=2)
    agent = _mcts(1, attrs.evolve(TOY, determinize=None))
    assert agent.choose(state) in state.legal_moves()


def test_mcts_same_seed_same_choices() -> None:
    assert _choices(_mcts(5), 3) == _choices(_mcts(5), 3)


def test_mcts_beats_greedy() -> None:
    wins = 0.0
    games = 20
    for seed in range(games):
        result = play_game(TOY, [_mcts(seed), GreedyAgent(seed)], seed)
        wins += (0 in result.winners) / len(result.winners)
    assert wins / games > 0.6


def test_mcts_rejects_bad_settings_and_finished_games() -> None:
    with pytest.raises(ValueError):
        ISMCTSAgent(1, game=TOY, iterations=0)
    finished = play_game(TOY, make_agents(["random", "random"], 1, TOY), 1).state
    with pytest.raises(ValueError, match="over"):
        _mcts(1).choose(finished)


def test_greedy_looks_ahead_on_a_determinization_of_its_view() -> None:
    samples: list[State] = []

    def spying(view: State, rng: Rng) -> State:
        assert view == state.view(state.to_move or 0)
        assert TOY.determinize is not None
        samples.append(TOY.determinize(view, rng))
        return samples[-1]

    state = TOY.new_game(3, seed=2)
    agent = GreedyAgent(1, game=attrs.evolve(TOY, determinize=spying))
    for _ in range(6):
        if state.is_over:
            break
        move = agent.choose(state)
        assert move in state.legal_moves()
        state = state.apply(move)
    assert samples  # every decision with a choice went through determinize


def test_the_greedy_agent_of_the_registry_plays_fair() -> None:
    agent = make_agent("greedy", 1, TOY)
    assert isinstance(agent, GreedyAgent) and agent.game is TOY


@attrs.frozen
class _Stall:
    """Seat 0 is behind; "stall" costs a point and postpones the end, "end" ends the game."""

    points: int = 0
    over: bool = False

    players = 2
    history: tuple[str, ...] = ()

    @property
    def to_move(self) -> int | None:
        return None if self.over else 0

    @property
    def is_over(self) -> bool:
        return self.over

    def legal_moves(self) -> tuple[str, ...]:
        return ("stall", "end")

    def apply(self, move: str) -> _Stall:
        if move == "end":
            return attrs.evolve(self, over=True)
        return attrs.evolve(self, points=self.points - 1)

    def scores(self) -> tuple[int, int]:
        return (self.points, 10)

    def winners(self) -> tuple[int, ...]:
        return (1,)


def test_greedy_does_not_stall_to_put_off_a_loss() -> None:
    # In Loyang a player behind could take loans for ever rather than end the game in a loss.
    assert GreedyAgent(1).choose(_Stall()) == "end"  # type: ignore[arg-type]


@pytest.mark.skipif("loyang" not in tabletop.GAMES, reason="Loyang is not registered")
@pytest.mark.parametrize("players", [1, 2, 4])
def test_greedy_finishes_games_of_loyang(players: int) -> None:
    result = play_game("loyang", make_agents(["greedy"] * players, 3, "loyang"), 3)
    assert result.state.is_over


def _dealt_explicitly(seed: int) -> Any:
    """A 2-player toy game with explicit chance, after its deal."""
    state = TOY.new_game(2, seed=seed, chance="explicit")
    for value in (6, 5, 1, 2):
        state = state.apply(Drawn(value))
    return state


@pytest.mark.parametrize("name", ["greedy", "mcts"])
def test_searching_agents_draw_the_chance_nodes_they_meet(name: str) -> None:
    state = _dealt_explicitly(1)
    assert state.to_move == 0
    agent = make_agent(name, 1, TOY)
    assert agent.choose(state) in state.legal_moves()
    playing = state.apply(Play())
    assert agent.choose(playing) in playing.legal_moves()
    with pytest.raises(ValueError, match="chance node"):
        agent.choose(TOY.new_game(2, seed=1, chance="explicit"))


def test_the_random_agent_draws_a_chance_outcome_with_its_probability() -> None:
    state = TOY.new_game(2, seed=1, chance="explicit")
    counts: dict[str, int] = {}
    agent = RandomAgent(5)
    for _ in range(600):
        move = agent.choose(state)
        counts[str(move)] = counts.get(str(move), 0) + 1
    assert set(counts) == {f"drawn {v}" for v in range(1, 7)}
    assert all(60 < n < 140 for n in counts.values())


def test_the_human_agent_reads_numbers_and_notation_and_may_quit(monkeypatch: pytest.MonkeyPatch) -> None:
    import io

    from tabletop.agents import Abandoned, HumanAgent

    typed = iter(["", "9", "PLAY", "2", "quit"])
    monkeypatch.setattr("builtins.input", lambda prompt: next(typed))
    out = io.StringIO()
    human = HumanAgent(TOY, 0, out=out)
    state = _dealt_explicitly(1)
    assert human.choose(state) == Play()  # "" asks again, "9" is no move, "PLAY" is play
    assert "There is no move 9" in out.getvalue() and "seat 0: score  0  hand [5 6]" in out.getvalue()
    playing = state.apply(Play())
    assert human.choose(playing) == playing.legal_moves()[1]
    with pytest.raises(Abandoned, match="quit"):
        human.choose(playing)
