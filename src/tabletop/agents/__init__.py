"""Agents: programs that choose moves.

An agent is anything with a ``name`` and a ``choose(state) -> move`` method (:class:`Agent`).
``choose`` receives the full state whose ``to_move`` seat the agent plays and must return one of
``state.legal_moves()``. An agent that wants to play fairly in a game with hidden information
looks only at ``state.view(state.to_move)``, and looks ahead on a full state sampled from that
view (``game.determinize(view, rng)``), never on the state it was given. The agents here all
play fairly that way when they are given the game (as :data:`AGENTS` gives it); their
docstrings say what they look at.

:data:`AGENTS` maps the names used by the command line and by :func:`tabletop.play.simulate`
to factories ``factory(seed, game) -> Agent`` (bots only; :class:`HumanAgent`, a person at the
terminal, is seated by ``tabletop play``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, runtime_checkable

from tabletop.agents.greedy import GreedyAgent
from tabletop.agents.human import Abandoned, HumanAgent
from tabletop.agents.mcts import ISMCTSAgent
from tabletop.agents.random_agent import RandomAgent
from tabletop.kernel.api import Game, State
from tabletop.kernel.errors import InvalidArgument, quoted
from tabletop.kernel.options import did_you_mean


@runtime_checkable
class Agent(Protocol):
    """Something that plays: ``choose(state)`` returns one of ``state.legal_moves()``."""

    @property
    def name(self) -> str: ...

    def choose(self, state: State) -> Any: ...


#: Builds a seeded agent for a game: ``factory(seed, game)``.
AgentFactory = Callable[[int | None, Game[Any]], Agent]

#: Agent factories by name: ``AGENTS["greedy"](seed, game)`` builds a seeded greedy agent.
AGENTS: dict[str, AgentFactory] = {
    "random": lambda seed, game: RandomAgent(seed),
    "greedy": lambda seed, game: GreedyAgent(seed, game=game),
    "mcts": lambda seed, game: ISMCTSAgent(seed, game=game),
}


def make_agent(spec: str, seed: int | None, game: Game[Any]) -> Agent:
    """The agent named ``spec`` (a key of :data:`AGENTS`) for ``game``, seeded with ``seed``.

    Raises ``ValueError`` listing the known names when ``spec`` is unknown.
    """
    factory = AGENTS.get(spec) if isinstance(spec, str) else None
    if factory is None:
        close = did_you_mean(spec, AGENTS)
        raise InvalidArgument(
            f"unknown agent {quoted(spec)}; known agents: {', '.join(AGENTS)} (and human, at the keyboard, "
            f"for tabletop play){close}"
        )
    return factory(seed, game)


__all__ = [
    "AGENTS",
    "Agent",
    "Abandoned",
    "AgentFactory",
    "GreedyAgent",
    "HumanAgent",
    "ISMCTSAgent",
    "RandomAgent",
    "make_agent",
]
