"""Play games between agents: one game (:func:`play_game`), many in parallel (:func:`simulate`),
or every seating of a set of agents (:func:`tournament`).

Seeds make everything reproducible; every seed is drawn from the kernel's
:class:`~tabletop.kernel.rng.Rng`. A game started with seed ``s`` seats agents seeded with
:func:`agent_seed` ``(s, seat)``, and in a game started with ``chance="explicit"`` the chance
nodes are decided from ``s`` too (:func:`chance_rng`). The games of a simulation are seeded with :func:`game_seeds`
(and a game that fails names its seed), so any one of them is replayed exactly by
``play_game(game, make_agents(specs, s, game), s)`` or on the command line by
``tabletop play GAME --agents ... --seed s``.

>>> from tabletop.play import make_agents, play_game, simulate
>>> agents = make_agents(["greedy", "random"], 1, "takenoko")          # doctest: +SKIP
>>> result = play_game("takenoko", agents, seed=1)                      # doctest: +SKIP
>>> summary = simulate("takenoko", 100, ["greedy", "random", "random"])  # doctest: +SKIP
>>> print(summary.format())                                             # doctest: +SKIP

The reports (:class:`~tabletop.report.Summary`, :class:`~tabletop.report.Tournament`) are
formatted by :mod:`tabletop.report`.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import attrs

from tabletop.agents import Agent, make_agent
from tabletop.agents.chance import chance_outcome
from tabletop.kernel.api import Game, IllegalMove, State
from tabletop.kernel.engine import CHANCE
from tabletop.kernel.record import Record, record_of
from tabletop.kernel.rng import Rng, fresh_seed
from tabletop.registry import GAMES, lookup
from tabletop.report import Outcome, Stats, Summary, Tournament, summarize

#: Called after every applied move with the state before it, the seat that moved (:data:`CHANCE`
#: for a chance outcome) and the move.
Observer = Callable[[State, int, Any], None]

#: Called by :func:`simulate` and :func:`tournament` as games finish: ``progress(done, total)``.
Progress = Callable[[int, int], None]


@attrs.frozen
class GameResult:
    """The outcome of one game played by :func:`play_game`.

    Attributes:
        game: the game's registry name.
        agents: the agents' names, by seat.
        seed: the game's seed.
        state: the final state.
        scores: the final scores, by seat.
        winners: the seats sharing first place.
        decisions: how many moves were applied (chance outcomes included).
        record: the game record (options, seed and moves), ready for ``Record.to_json``.
    """

    game: str
    agents: tuple[str, ...]
    seed: int
    state: State
    scores: tuple[int, ...]
    winners: tuple[int, ...]
    decisions: int
    record: Record


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in the game seeded with ``game_seed``."""
    return Rng.from_seed(game_seed).stream(seat).seed63()[0]


def chance_rng(game_seed: int) -> Rng:
    """The random source that decides the chance nodes of the game seeded with ``game_seed``
    (in a game started with ``chance="explicit"``), independent of the agents' seeds."""
    return Rng.from_seed(game_seed).stream(CHANCE)


def game_seeds(seed: int, n: int) -> list[int]:
    """The seeds of the ``n`` games of a simulation seeded with ``seed`` (63 bits each).

    A negative ``seed`` is read as its 64-bit two's complement, as :func:`agent_seed` does.
    """
    rng = Rng.from_seed(seed)
    seeds = []
    for _ in range(n):
        value, rng = rng.seed63()
        seeds.append(value)
    return seeds


def make_agents(specs: Sequence[str], seed: int, game: Game[Any] | str) -> list[Agent]:
    """Agents named by ``specs`` (keys of :data:`tabletop.agents.AGENTS`), one per seat of a
    game of ``game`` seeded with ``seed``.

    Each is seeded with :func:`agent_seed` ``(seed, seat)``.
    """
    resolved = lookup(game)
    return [make_agent(spec, agent_seed(seed, seat), resolved) for seat, spec in enumerate(specs)]


#: :func:`play_game` gives up on a game that has not ended after this many decisions. Games
#: of the registered games take a few hundred; only an agent that stalls (repeats a move that
#: postpones the end) gets near it.
MAX_DECISIONS = 50_000


class GameStalled(RuntimeError):
    """A game did not end within ``max_decisions`` decisions (see :func:`play_game`).

    Attributes:
        state: the state reached (``None`` once the error has crossed a process boundary).
    """

    def __init__(self, message: str, state: State | None = None) -> None:
        super().__init__(message)
        self.state = state


def play_game(
    game: Game[Any] | str,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    observer: Observer | None = None,
    max_decisions: int | None = MAX_DECISIONS,
    **options: Any,
) -> GameResult:
    """Play one game of ``game`` with one agent per seat, from start to end.

    In a game started with ``chance="explicit"``, the chance nodes (``state.to_move ==
    CHANCE``) are decided here: each outcome is drawn with its probability from
    :func:`chance_rng` ``(seed)``, so the same seed and agents play the same game.

    Args:
        game: a :class:`~tabletop.kernel.api.Game` or the name of a registered one.
        agents: the agents by seat; their number is the number of players.
        seed: the game's seed; ``None`` draws one, which the result and its record keep.
        observer: called after every move as ``observer(state_before, seat, move)``.
        max_decisions: give up (raise :class:`GameStalled`) after this many decisions if the
            game has not ended; ``None`` plays on for ever.
        **options: the game's options (``GAMES[name].declared`` declares them).

    Raises:
        ValueError: unknown game, a player count the game does not support, or a bad option.
        tabletop.IllegalMove: an agent chose a move that is not legal.
        GameStalled: the game did not end within ``max_decisions`` decisions.
    """
    game = lookup(game)
    if seed is None:
        seed = fresh_seed()
    state = game.new_game(len(agents), seed=seed, **options)
    # Options that cannot be recorded (components the game cannot write as data) fail here,
    # not after the whole game has been played.
    recorded = game.options_to_json(options)
    chance = chance_rng(seed)
    decisions = 0
    while not state.is_over:
        if max_decisions is not None and decisions >= max_decisions:
            raise _stalled(state, agents, decisions)
        seat = state.to_move
        assert seat is not None, "a game that is not over has a seat to move"
        move, after, chance = _step(state, seat, agents, chance)
        if observer is not None:
            observer(state, seat, move)
        state = after
        decisions += 1
    return GameResult(
        game=game.name,
        agents=tuple(agent.name for agent in agents),
        seed=seed,
        state=state,
        scores=state.scores(),
        winners=state.winners(),
        decisions=decisions,
        record=record_of(game, state, seed, recorded),
    )


def _step(state: State, seat: int, agents: Sequence[Agent], chance: Rng) -> tuple[Any, State, Rng]:
    """The move of ``seat`` (an outcome drawn from ``chance`` at a chance node, else the
    agent's choice), the state after it, and the chance source left."""
    if seat == CHANCE:
        outcome, chance = chance_outcome(state, chance)
        return outcome, state.apply(outcome), chance
    move = agents[seat].choose(state)
    try:
        return move, state.apply(move), chance
    except IllegalMove as err:
        raise IllegalMove(f"seat {seat} ({agents[seat].name}) chose {move}: {err}") from err


def _stalled(state: State, agents: Sequence[Agent], decisions: int) -> GameStalled:
    seat = state.to_move
    who = "chance" if seat == CHANCE or seat is None else f"seat {seat}: {agents[seat].name}"
    last = ", ".join(str(m) for m in state.history[-5:])
    return GameStalled(
        f"the game has not ended after {decisions} decisions (last moves: {last}); "
        f"an agent may be stalling ({who})",
        state,
    )


def _play_games(
    game: Game[Any], specs: tuple[str, ...], seeds: list[int], options: dict[str, Any]
) -> list[Outcome]:
    """Play one game per seed and return their outcomes."""
    outcomes: list[Outcome] = []
    for seed in seeds:
        # The seed is all it takes to replay a failing game, so the error names it.
        where = f"{game.name} game with seed {seed} and agents {','.join(specs)}"
        try:
            result = play_game(game, make_agents(specs, seed, game), seed, **options)
        except GameStalled as err:
            # Still a GameStalled (the command line reports it in one line, status 1).
            raise GameStalled(f"{where}: {err}") from err
        except Exception as err:
            raise RuntimeError(f"{where} failed: {type(err).__name__}: {err}") from err
        outcomes.append((result.scores, result.winners, result.decisions))
    return outcomes


def _play_batch(
    name: str, specs: tuple[str, ...], seeds: list[int], options: dict[str, Any]
) -> list[Outcome]:
    """Play one game per seed in a worker process, the game found by name in the registry:
    a :class:`Game` holds functions (its options' checks among them) that need not pickle."""
    return _play_games(lookup(name), specs, seeds, options)


def simulate(
    game: Game[Any] | str,
    n: int,
    agents: Sequence[str],
    players: int | None = None,
    workers: int = 1,
    seed: int | None = None,
    *,
    progress: Progress | None = None,
    **options: Any,
) -> Summary:
    """Play ``n`` games between the agents named by ``agents`` and summarize them.

    Game ``i`` is seeded with ``game_seeds(seed, n)[i]``, so the summary depends on ``seed``
    only, not on the number of workers. Games are sent to the workers in batches, one task per
    batch; the workers find the game by its name in :data:`tabletop.GAMES`.

    Args:
        game: a :class:`~tabletop.kernel.api.Game` or the name of a registered one (with
            ``workers > 1``, a registered one).
        n: the number of games (at least 1).
        agents: agent names by seat (keys of :data:`tabletop.agents.AGENTS`); a single name
            fills every seat when ``players`` is given.
        players: the number of players; defaults to ``len(agents)``.
        workers: worker processes; ``1`` plays in this process.
        seed: the simulation's seed; ``None`` draws one (kept in the summary).
        progress: called as ``progress(done, n)`` whenever games finish.
        **options: the game's options.

    Raises:
        ValueError: unknown game or agent, a bad number of agents, players, games or workers,
            a bad option, or several workers for a game that is not registered.
        GameStalled: a game did not end within :data:`MAX_DECISIONS` decisions; the message
            names its seed.
        RuntimeError: another failure of a game; the message names its seed.
    """
    resolved = lookup(game)
    specs = _seat_agents(agents, players)
    _check_request(resolved, specs, n, workers, options)
    if seed is None:
        seed = fresh_seed()
    seeds = game_seeds(seed, n)
    started = time.perf_counter()
    if workers == 1:
        outcomes: list[Outcome] = []
        for done, game_seed in enumerate(seeds, 1):
            outcomes += _play_games(resolved, specs, [game_seed], options)
            if progress is not None:
                progress(done, n)
    else:
        outcomes = _run_in_workers(resolved.name, specs, seeds, options, workers, progress)
    return summarize(resolved.name, specs, seed, outcomes, time.perf_counter() - started)


def _check_request(
    game: Game[Any], specs: tuple[str, ...], n: int, workers: int, options: dict[str, Any]
) -> None:
    """Fail here, not in a worker: a bad player count or option (from the game's declaration),
    an unknown agent name, a bad count of games or workers, workers for an unregistered game."""
    game.declared.resolve(len(specs), options)
    for spec in specs:
        make_agent(spec, None, game)
    if n < 1:
        raise ValueError(f"the number of games must be at least 1, not {n}")
    if workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    if workers > 1 and GAMES.get(game.name) is not game:
        raise ValueError(
            f"worker processes find games by name: register {game.name!r} in tabletop.GAMES "
            "to simulate it with more than one worker"
        )


def _seat_agents(agents: Sequence[str], players: int | None) -> tuple[str, ...]:
    """The agent names by seat: ``agents``, or its single name repeated for ``players``."""
    specs = tuple(agents)
    if players is None:
        return specs
    if len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise ValueError(f"{players} players need {players} agents, not {len(specs)}")
    return specs


def _run_in_workers(
    name: str,
    specs: tuple[str, ...],
    seeds: list[int],
    options: dict[str, Any],
    workers: int,
    progress: Progress | None,
) -> list[Outcome]:
    return _run_tasks(name, [(specs, seeds)], options, workers, progress)[0]


def _run_tasks(
    name: str,
    tasks: list[tuple[tuple[str, ...], list[int]]],
    options: dict[str, Any],
    workers: int,
    progress: Progress | None,
) -> list[list[Outcome]]:
    """The outcomes of each task (agents by seat, game seeds), all played in one pool of
    ``workers`` processes, so that no worker waits for the slowest game of one task while
    another task has games left."""
    # Several batches per worker keep every core busy to the end and let progress advance;
    # batches of at most 50 games keep the per-task overhead negligible.
    total = sum(len(seeds) for _, seeds in tasks)
    size = max(1, min(50, math.ceil(total / (workers * 8))))
    batches = [
        (task, specs, seeds[i : i + size])
        for task, (specs, seeds) in enumerate(tasks)
        for i in range(0, len(seeds), size)
    ]
    results: list[list[Outcome]] = [[] for _ in batches]
    done = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {
            pool.submit(_play_batch, name, specs, batch, options): i for i, (_, specs, batch) in enumerate(batches)
        }
        try:
            for future in as_completed(futures):
                index = futures[future]
                results[index] = future.result()
                done += len(batches[index][2])
                if progress is not None:
                    progress(done, total)
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    outcomes: list[list[Outcome]] = [[] for _ in tasks]
    for (task, _, _), result in zip(batches, results):
        outcomes[task] += result
    return outcomes


def tournament(
    game: Game[Any] | str,
    agents: Sequence[str],
    games: int,
    workers: int = 1,
    seed: int | None = None,
    *,
    progress: Progress | None = None,
    **options: Any,
) -> Tournament:
    """Play the agents against each other in every arrangement over the seats.

    Each distinct seating (permutation of ``agents``) plays ``games`` games with the same game
    seeds, so every agent meets the same deals from every seat and the seat advantage cancels
    out. There are ``len(agents)`` players.

    Args:
        game: a :class:`~tabletop.kernel.api.Game` or the name of a registered one.
        agents: agent names, one per seat (keys of :data:`tabletop.agents.AGENTS`).
        games: games per seating.
        workers: worker processes, one pool for the games of every seating.
        seed: the seed of the game seeds; ``None`` draws one.
        progress: called as ``progress(done, total)`` over all the tournament's games.
        **options: the game's options.

    Raises:
        ValueError: as :func:`simulate`.
    """
    resolved = lookup(game)
    seatings = sorted(set(itertools.permutations(agents)))
    for seating in seatings[:1]:
        _check_request(resolved, seating, games, workers, options)
    if seed is None:
        seed = fresh_seed()
    seeds = game_seeds(seed, games)
    started = time.perf_counter()
    if workers == 1:
        total = games * len(seatings)
        results: list[list[Outcome]] = []
        for index, seating in enumerate(seatings):
            outcomes: list[Outcome] = []
            for done, game_seed in enumerate(seeds, 1):
                outcomes += _play_games(resolved, seating, [game_seed], options)
                if progress is not None:
                    progress(index * games + done, total)
            results.append(outcomes)
    else:
        results = _run_tasks(resolved.name, [(seating, seeds) for seating in seatings], options, workers, progress)
    # One pool plays every seating: each is credited an equal share of the wall-clock time.
    share = (time.perf_counter() - started) / len(seatings)
    return Tournament(
        tuple(summarize(resolved.name, seating, seed, outcomes, share) for seating, outcomes in zip(seatings, results))
    )


__all__ = [
    "MAX_DECISIONS",
    "GameResult",
    "GameStalled",
    "Stats",
    "Summary",
    "Tournament",
    "agent_seed",
    "chance_rng",
    "game_seeds",
    "make_agents",
    "play_game",
    "simulate",
    "tournament",
]
