"""Throughput of a game's rules engine: random playouts on one core.

A *decision* is one turn of the loop every player runs: ``legal_moves()``, the agent's choice
and ``apply``. The random agent's choice costs next to nothing, so decisions per second
measures the rules engine.

>>> from tabletop.bench import bench
>>> print(bench("takenoko", seconds=2).format())  # doctest: +SKIP
"""

from __future__ import annotations

import time
from typing import Any

import attrs

from tabletop.agents import RandomAgent
from tabletop.kernel.api import Game
from tabletop.play import agent_seed
from tabletop.registry import lookup

#: Players in a benchmark game when none are asked for (clamped to what the game supports).
DEFAULT_PLAYERS = 3


@attrs.frozen
class BenchResult:
    """The outcome of :func:`bench`.

    Attributes:
        game: the game's registry name.
        players: players per game.
        games: games played to the end.
        decisions: decisions made, including those of an unfinished last game.
        seconds: time spent playing (setup of each game included).
    """

    game: str
    players: int
    games: int
    decisions: int
    seconds: float

    @property
    def decisions_per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0

    @property
    def games_per_second(self) -> float:
        return self.games / self.seconds if self.seconds > 0 else 0.0

    def format(self) -> str:
        """One line: game, players, decisions/s and games/s."""
        return (
            f"{self.game} ({self.players} player{'' if self.players == 1 else 's'}): "
            f"{self.decisions_per_second:,.0f} decisions/s, "
            f"{self.games_per_second:,.2f} games/s "
            f"({self.games:,} games, {self.decisions:,} decisions in {self.seconds:.1f} s)"
        )


def bench(
    game: Game[Any] | str,
    *,
    players: int | None = None,
    seconds: float | None = None,
    games: int | None = None,
    seed: int = 0,
    **options: Any,
) -> BenchResult:
    """Play random games of ``game`` for ``seconds`` or for ``games`` games, whichever is given.

    With neither, plays for 5 seconds. With a time budget, the game in progress when time runs
    out is abandoned: its decisions count, the game does not. Game ``i`` is seeded with
    ``seed + i``, so two runs play the same games.

    Raises ``ValueError`` for an unknown game, a bad player count or option (from the game's
    declaration) or a bad budget.
    """
    resolved = lookup(game)
    if players is None:
        players = min(max(DEFAULT_PLAYERS, resolved.min_players), resolved.max_players)
    if games is not None and seconds is not None:
        raise ValueError("give a time budget or a number of games, not both")
    if games is None and seconds is None:
        seconds = 5.0
    if (games is not None and games < 1) or (seconds is not None and seconds <= 0):
        raise ValueError("the budget must be at least one game or a positive number of seconds")
    deadline = None if seconds is None else time.perf_counter() + seconds
    finished = decisions = 0
    started = time.perf_counter()
    while games is None or finished < games:
        game_seed = seed + finished
        agent = RandomAgent(agent_seed(game_seed, 0))
        state = resolved.new_game(players, seed=game_seed, **options)
        out_of_time = False
        while not state.is_over:
            state = state.apply(agent.choose(state))
            decisions += 1
            # Reading the clock costs about as much as a cheap decision: look every 64.
            if deadline is not None and decisions % 64 == 0 and time.perf_counter() > deadline:
                out_of_time = True
                break
        if out_of_time:
            break
        finished += 1
        if deadline is not None and time.perf_counter() > deadline:
            break
    return BenchResult(
        game=resolved.name,
        players=players,
        games=finished,
        decisions=decisions,
        seconds=time.perf_counter() - started,
    )
