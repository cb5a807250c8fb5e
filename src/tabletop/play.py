"""Play games between agents: one game (:func:`play_game`), many in parallel (:func:`simulate`),
or every seating of a set of agents (:func:`tournament`).

Seeds make everything reproducible. A game started with seed ``s`` seats agents seeded with
:func:`agent_seed` ``(s, seat)``. The games of a simulation are seeded with :func:`game_seeds`
(and a game that fails names its seed), so any one of them is replayed exactly by
``play_game(game, make_agents(specs, s, game), s)`` or on the command line by
``tabletop play GAME --agents ... --seed s``.

>>> from tabletop.play import make_agents, play_game, simulate
>>> agents = make_agents(["greedy", "random"], 1, "takenoko")          # doctest: +SKIP
>>> result = play_game("takenoko", agents, seed=1)                      # doctest: +SKIP
>>> summary = simulate("takenoko", 100, ["greedy", "random", "random"])  # doctest: +SKIP
>>> print(summary.format())                                             # doctest: +SKIP
"""

from __future__ import annotations

import functools
import itertools
import math
import pickle
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

import attrs
import numpy as np

from tabletop.agents import Agent, make_agent
from tabletop.kernel.api import Game, IllegalMove, State
from tabletop.kernel.record import Record, record_of

#: Called after every applied move with the state before it, the seat that moved and the move.
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
        decisions: how many moves were applied.
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


def resolve_game(game: Game | str) -> Game:
    """``game`` itself, or the registered game of that name.

    Raises ``ValueError`` listing the known games when the name is unknown.
    """
    if isinstance(game, Game):
        return game
    from tabletop import GAMES  # not at the top: the package imports this module

    try:
        return GAMES[game]
    except KeyError:
        known = ", ".join(sorted(GAMES)) or "none"
        raise ValueError(f"unknown game {game!r}; known games: {known}") from None


def _seed63(sequence: np.random.SeedSequence) -> int:
    """A non-negative 63-bit seed drawn from ``sequence`` (fits a JSON record and any int64)."""
    high, low = (int(word) for word in sequence.generate_state(2, np.uint32))
    return (high << 31) | (low >> 1)


def agent_seed(game_seed: int, seat: int) -> int:
    """The seed of the agent at ``seat`` in the game seeded with ``game_seed``."""
    return _seed63(np.random.SeedSequence([game_seed & (2**64 - 1), seat]))


def make_agents(specs: Sequence[str], seed: int, game: Game | str) -> list[Agent]:
    """Agents named by ``specs`` (keys of :data:`tabletop.agents.AGENTS`), one per seat of a
    game of ``game`` seeded with ``seed``.

    Each is seeded with :func:`agent_seed` ``(seed, seat)``.
    """
    resolved = resolve_game(game)
    return [
        make_agent(spec, agent_seed(seed, seat), resolved) for seat, spec in enumerate(specs)
    ]


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


def check_options(game: Game, options: Mapping[str, Any]) -> None:
    """Raise ``ValueError`` for an option whose value has the wrong type.

    The type expected is that of the option's default in ``game.options``: ``True``/``False``
    for a flag, a whole number for a number, text for a text option. Options without a default
    (``None``) and keys the game does not document are left to the game to check.
    """
    for key, value in options.items():
        if key not in game.options or game.options[key] is None:
            continue
        default = game.options[key]
        if isinstance(default, bool):
            ok, wanted = isinstance(value, bool), "true or false"
        elif isinstance(default, int):
            ok, wanted = isinstance(value, int) and not isinstance(value, bool), "a whole number"
        elif isinstance(default, float):
            ok = isinstance(value, int | float) and not isinstance(value, bool)
            wanted = "a number"
        elif isinstance(default, str):
            ok, wanted = isinstance(value, str), "text"
        else:
            continue
        if not ok:
            raise ValueError(f"{game.name} option {key!r} takes {wanted}, not {value!r}")


def play_game(
    game: Game | str,
    agents: Sequence[Agent],
    seed: int | None = None,
    *,
    observer: Observer | None = None,
    max_decisions: int | None = MAX_DECISIONS,
    **options: Any,
) -> GameResult:
    """Play one game of ``game`` with one agent per seat, from start to end.

    Args:
        game: a :class:`~tabletop.kernel.api.Game` or the name of a registered one.
        agents: the agents by seat; their number is the number of players.
        seed: the game's seed; ``None`` draws one, which the result and its record keep.
        observer: called after every move as ``observer(state_before, seat, move)``.
        max_decisions: give up (raise :class:`GameStalled`) after this many decisions if the
            game has not ended; ``None`` plays on for ever.
        **options: the game's options (see ``game.options``; checked by :func:`check_options`).

    Raises:
        ValueError: unknown game, a player count the game does not support, or a bad option.
        tabletop.IllegalMove: an agent chose a move that is not legal.
        GameStalled: the game did not end within ``max_decisions`` decisions.
    """
    game = resolve_game(game)
    check_options(game, options)
    # Options that cannot be recorded (components the game cannot write as data) fail here,
    # not after the whole game has been played.
    recorded = game.options_to_json(options)
    if seed is None:
        seed = secrets.randbits(63)
    state = game.new_game(len(agents), seed=seed, **options)
    decisions = 0
    while not state.is_over:
        seat = state.to_move
        assert seat is not None, "a game that is not over has a seat to move"
        if max_decisions is not None and decisions >= max_decisions:
            last = ", ".join(str(m) for m in state.history[-5:])
            raise GameStalled(
                f"the game has not ended after {decisions} decisions (last moves: {last}); "
                f"an agent may be stalling (seat {seat}: {agents[seat].name})",
                state,
            )
        move = agents[seat].choose(state)
        try:
            after = state.apply(move)
        except IllegalMove as err:
            raise IllegalMove(f"seat {seat} ({agents[seat].name}) chose {move}: {err}") from err
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


@attrs.frozen
class Stats:
    """Mean, standard deviation, minimum and maximum of a sample."""

    mean: float
    std: float
    min: float
    max: float

    @classmethod
    def of(cls, values: np.ndarray[Any, Any]) -> Stats:
        return cls(
            mean=float(np.mean(values)),
            std=float(np.std(values)),
            min=float(np.min(values)),
            max=float(np.max(values)),
        )

    def __str__(self) -> str:
        return f"{self.mean:7.2f} ± {self.std:5.2f}  [{self.min:g}, {self.max:g}]"


@attrs.frozen
class Summary:
    """Merged results of many games between the same agents in the same seats.

    Wins shared by ``k`` seats count ``1/k`` to each, so the win counts of a summary add up to
    the number of games that have a winner (a solo game may be lost).

    Attributes:
        game: the game's registry name.
        agents: the agent names, by seat.
        games: the number of games played.
        seed: the seed the game seeds were derived from.
        seat_wins: fractional win counts, by seat.
        scores: final score statistics, by seat.
        decisions: statistics of the number of decisions per game.
        seconds: wall-clock time of the whole simulation.
    """

    game: str
    agents: tuple[str, ...]
    games: int
    seed: int
    seat_wins: tuple[float, ...]
    scores: tuple[Stats, ...]
    decisions: Stats
    seconds: float

    @property
    def seat_win_rates(self) -> tuple[float, ...]:
        """The fraction of games won by each seat."""
        return tuple(w / self.games for w in self.seat_wins)

    @property
    def agent_win_rates(self) -> dict[str, float]:
        """For each agent name, its wins divided by the number of seats it held over all games."""
        wins: dict[str, float] = {}
        seats: dict[str, int] = {}
        for name, won in zip(self.agents, self.seat_wins, strict=True):
            wins[name] = wins.get(name, 0.0) + won
            seats[name] = seats.get(name, 0) + self.games
        return {name: wins[name] / seats[name] for name in wins}

    def format(self) -> str:
        """A plain-text report: win rates by seat and by agent, scores and game length."""
        lines = [
            f"{self.game}: {_count(self.games, 'game')}, {_count(len(self.agents), 'player')}, "
            f"seed {self.seed}, "
            f"{self.seconds:.1f} s",
            "",
            "seat  agent       win rate   score: mean ± std  [min, max]",
        ]
        for seat, (name, rate, stats) in enumerate(
            zip(self.agents, self.seat_win_rates, self.scores, strict=True)
        ):
            lines.append(f"{seat:>4}  {name:<10}  {rate:7.1%}   {stats}")
        lines += ["", "agent       win rate (per seat held)"]
        for name, rate in self.agent_win_rates.items():
            lines.append(f"{name:<10}  {rate:7.1%}")
        lines += ["", f"decisions per game: {self.decisions}"]
        return "\n".join(lines)


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


# One game's outcome as sent back by a worker: scores, winners, decisions.
_Outcome = tuple[tuple[int, ...], tuple[int, ...], int]


def _play_batch(
    game: Game | str, specs: tuple[str, ...], seeds: list[int], options: dict[str, Any]
) -> list[_Outcome]:
    """Play one game per seed (runs in a worker process)."""
    resolved = resolve_game(game)
    outcomes: list[_Outcome] = []
    for seed in seeds:
        # The seed is all it takes to replay a failing game, so the error names it.
        where = f"{resolved.name} game with seed {seed} and agents {','.join(specs)}"
        try:
            result = play_game(resolved, make_agents(specs, seed, resolved), seed, **options)
        except GameStalled as err:
            # Still a GameStalled (the command line reports it in one line, status 1).
            raise GameStalled(f"{where}: {err}") from err
        except Exception as err:
            raise RuntimeError(f"{where} failed: {type(err).__name__}: {err}") from err
        outcomes.append((result.scores, result.winners, result.decisions))
    return outcomes


def _portable(game: Game) -> Game | str:
    """What to send to worker processes: the game itself if it pickles, else its name.

    A game whose functions pickle (module-level functions) reaches the workers as is, even when
    it is not registered; a registered game that does not pickle is looked up by name there.
    """
    try:
        pickle.dumps(game)
    except (pickle.PicklingError, AttributeError, TypeError):
        return game.name
    return game


def game_seeds(seed: int, n: int) -> list[int]:
    """The seeds of the ``n`` games of a simulation seeded with ``seed`` (independent streams).

    A negative ``seed`` is read as its 64-bit two's complement, as :func:`agent_seed` does.
    """
    if seed < 0:
        seed &= 2**64 - 1
    return [_seed63(child) for child in np.random.SeedSequence(seed).spawn(n)]


def simulate(
    game: Game | str,
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

    Game ``i`` is seeded from ``numpy.random.SeedSequence(seed).spawn(n)[i]``, so the summary
    depends on ``seed`` only, not on the number of workers. Games are sent to the workers in
    batches, one task per batch.

    Args:
        game: a :class:`~tabletop.kernel.api.Game` or the name of a registered one.
        n: the number of games (at least 1).
        agents: agent names by seat (keys of :data:`tabletop.agents.AGENTS`); a single name
            fills every seat when ``players`` is given.
        players: the number of players; defaults to ``len(agents)``.
        workers: worker processes; ``1`` plays in this process.
        seed: the simulation's seed; ``None`` draws one (kept in the summary).
        progress: called as ``progress(done, n)`` whenever games finish.
        **options: the game's options.

    Raises:
        ValueError: unknown game or agent, a bad number of agents, players, games or workers.
        GameStalled: a game did not end within :data:`MAX_DECISIONS` decisions; the message
            names its seed.
        RuntimeError: another failure of a game; the message names its seed.
    """
    resolved = resolve_game(game)
    specs = tuple(agents)
    if players is None:
        players = len(specs)
    elif len(specs) == 1:
        specs = specs * players
    if len(specs) != players:
        raise ValueError(f"{players} players need {players} agents, not {len(specs)}")
    if not resolved.min_players <= players <= resolved.max_players:
        raise ValueError(
            f"{resolved.name} is played by {resolved.min_players}-{resolved.max_players} "
            f"players, not {players}"
        )
    # Fail here, not in a worker, on an unknown agent name or a bad option.
    for spec in specs:
        make_agent(spec, None, resolved)
    check_options(resolved, options)
    resolved.new_game(players, seed=0, **options)
    if n < 1:
        raise ValueError(f"the number of games must be at least 1, not {n}")
    if workers < 1:
        raise ValueError(f"the number of workers must be at least 1, not {workers}")
    if seed is None:
        seed = secrets.randbits(63)
    seeds = game_seeds(seed, n)
    started = time.perf_counter()
    outcomes: list[_Outcome] = []
    if workers == 1:
        for done, game_seed in enumerate(seeds, 1):
            outcomes += _play_batch(resolved, specs, [game_seed], options)
            if progress is not None:
                progress(done, n)
    else:
        outcomes = _run_in_workers(resolved, specs, seeds, options, workers, progress)
    return _summarize(resolved.name, specs, seed, outcomes, time.perf_counter() - started)


def _run_in_workers(
    game: Game,
    specs: tuple[str, ...],
    seeds: list[int],
    options: dict[str, Any],
    workers: int,
    progress: Progress | None,
) -> list[_Outcome]:
    # Several batches per worker keep every core busy to the end and let progress advance;
    # batches of at most 50 games keep the per-task overhead negligible.
    size = max(1, min(50, math.ceil(len(seeds) / (workers * 8))))
    batches = [seeds[i : i + size] for i in range(0, len(seeds), size)]
    results: list[list[_Outcome]] = [[] for _ in batches]
    portable = _portable(game)
    done = 0
    with ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {
            pool.submit(_play_batch, portable, specs, batch, options): i
            for i, batch in enumerate(batches)
        }
        try:
            for future in as_completed(futures):
                results[futures[future]] = future.result()
                done += len(batches[futures[future]])
                if progress is not None:
                    progress(done, len(seeds))
        except BaseException:
            for future in futures:
                future.cancel()
            raise
    return [outcome for batch in results for outcome in batch]


def _summarize(
    game: str, specs: tuple[str, ...], seed: int, outcomes: list[_Outcome], seconds: float
) -> Summary:
    players = len(specs)
    scores = np.array([o[0] for o in outcomes], dtype=np.int64).reshape(len(outcomes), players)
    wins = np.zeros((len(outcomes), players))
    for i, (_, winners, _) in enumerate(outcomes):
        for seat in winners:
            wins[i, seat] = 1.0 / len(winners)
    decisions = np.array([o[2] for o in outcomes], dtype=np.int64)
    return Summary(
        game=game,
        agents=specs,
        games=len(outcomes),
        seed=seed,
        seat_wins=tuple(float(w) for w in wins.sum(axis=0)),
        scores=tuple(Stats.of(scores[:, seat]) for seat in range(players)),
        decisions=Stats.of(decisions),
        seconds=seconds,
    )


@attrs.frozen
class Tournament:
    """Results of :func:`tournament`: one :class:`Summary` per seating of the agents.

    Attributes:
        seatings: the summaries, one per distinct arrangement of the agents over the seats.
    """

    seatings: tuple[Summary, ...]

    @property
    def agent_win_rates(self) -> dict[str, float]:
        """For each agent name, its wins divided by the seats it held, over every seating."""
        wins: dict[str, float] = {}
        seats: dict[str, int] = {}
        for summary in self.seatings:
            for name, won in zip(summary.agents, summary.seat_wins, strict=True):
                wins[name] = wins.get(name, 0.0) + won
                seats[name] = seats.get(name, 0) + summary.games
        return {name: wins[name] / seats[name] for name in sorted(wins)}

    def format(self) -> str:
        """A plain-text report: win rates by agent, then by seating."""
        first = self.seatings[0]
        games = sum(s.games for s in self.seatings)
        seconds = sum(s.seconds for s in self.seatings)
        lines = [
            f"{first.game} tournament: {_count(games, 'game')} in "
            f"{_count(len(self.seatings), 'seating')}, "
            f"seed {first.seed}, {seconds:.1f} s",
            "",
            "agent       win rate (per seat held)",
        ]
        lines += [f"{name:<10}  {rate:7.1%}" for name, rate in self.agent_win_rates.items()]
        lines += ["", "seating" + " " * 27 + "win rates by seat"]
        for s in self.seatings:
            rates = "  ".join(f"{rate:6.1%}" for rate in s.seat_win_rates)
            lines.append(f"{','.join(s.agents):<34}{rates}")
        return "\n".join(lines)


def tournament(
    game: Game | str,
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
        workers: worker processes for each seating's games.
        seed: the seed of the game seeds; ``None`` draws one.
        progress: called as ``progress(done, total)`` over all the tournament's games.
        **options: the game's options.

    Raises:
        ValueError: as :func:`simulate`.
    """
    if seed is None:
        seed = secrets.randbits(63)
    seatings = sorted(set(itertools.permutations(agents)))
    total = games * len(seatings)
    summaries = []
    for index, seating in enumerate(seatings):
        report = None
        if progress is not None:
            report = functools.partial(_report_within, progress, index * games, total)
        summaries.append(
            simulate(game, games, seating, workers=workers, seed=seed, progress=report, **options)
        )
    return Tournament(tuple(summaries))


def _report_within(progress: Progress, offset: int, total: int, done: int, _: int) -> None:
    progress(offset + done, total)
