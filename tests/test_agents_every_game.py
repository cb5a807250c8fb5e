"""Every agent on every registered game: legal choices, untouched states, fair play.

The agents' own tests use the toy game; these make sure the searching agents (greedy and
ISMCTS) also work on the real games, at every player count, and that they play fairly: an
agent given two full states with the same view of its seat, and the same seed, chooses the same
move, so nothing it cannot see steers it.
"""

from __future__ import annotations

import itertools
import random

import pytest

import tabletop
from tabletop.agents import AGENTS, Agent, ISMCTSAgent, make_agent
from tabletop.kernel.api import Game, State
from tabletop.kernel.rng import Rng
from playouts import random_states

#: Every registered game at each of its player counts (solo included).
GAME_COUNTS = [
    (name, players)
    for name, game in sorted(tabletop.GAMES.items())
    for players in range(game.min_players, game.max_players + 1)
]


def _agent(name: str, seed: int, game: Game[State]) -> Agent:
    """The agent ``name``; ISMCTS with a small search, so that the test stays fast."""
    if name == "mcts":
        return ISMCTSAgent(seed, game=game, iterations=6, rollout_depth=6)
    return make_agent(name, seed, game)


def _positions(name: str, players: int, every: int) -> list[State]:
    """Positions of a random playout, one in ``every`` decisions, the first included."""
    states = random_states(name, players, seed=20 + players)
    return [state for state in itertools.islice(states, 0, None, every) if not state.is_over]


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
@pytest.mark.parametrize("agent_name", sorted(AGENTS))
def test_agents_choose_legal_moves_and_leave_the_state_unchanged(name: str, players: int, agent_name: str) -> None:
    game = tabletop.GAMES[name]
    for step, state in enumerate(_positions(name, players, every=37)[:6]):
        before = state.to_json()
        move = _agent(agent_name, step, game).choose(state)
        assert move in state.legal_moves()
        assert state.to_json() == before


@pytest.mark.parametrize(("name", "players"), GAME_COUNTS)
@pytest.mark.parametrize("agent_name", ["greedy", "mcts"])
def test_searching_agents_see_only_their_view(name: str, players: int, agent_name: str) -> None:
    game = tabletop.GAMES[name]
    assert game.determinize is not None
    for step, state in enumerate(_positions(name, players, every=29)[:5]):
        seat = state.to_move
        assert seat is not None
        # Another full state that its seat cannot tell apart: hidden cards, tiles and the
        # random source dealt again.
        twin = game.determinize(state.view(seat), Rng.from_seed(1000 + step))
        assert twin.view(seat) == state.view(seat)
        chosen = _agent(agent_name, step, game).choose(state)
        assert _agent(agent_name, step, game).choose(twin) == chosen


@pytest.mark.parametrize("name", sorted(tabletop.GAMES))
def test_a_whole_game_between_every_agent(name: str) -> None:
    game = tabletop.GAMES[name]
    players = max(game.min_players, min(3, game.max_players))
    seats = [_agent(agent_name, seat, game) for seat, agent_name in enumerate(sorted(AGENTS) * 3)][:players]
    state = game.new_game(players, seed=7)
    shuffle = random.Random(7)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        # Searching every decision of a long game costs too much: the agents search one
        # decision in four and the rest are random, which still reaches every phase.
        if shuffle.random() < 0.25:
            move = seats[seat].choose(state)
        else:
            move = shuffle.choice(state.legal_moves())
        state = state.apply(move)
    assert len(state.scores()) == players and state.winners()
