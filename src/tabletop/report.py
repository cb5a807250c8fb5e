"""Reports of many games: the statistics of a simulation (:class:`Summary`) and of a tournament
(:class:`Tournament`), and their plain-text tables.

:mod:`tabletop.play` plays the games; this module only counts and formats what they gave.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import attrs
import numpy as np

#: One game's outcome as :func:`summarize` reads it: scores, winners, decisions.
Outcome = tuple[tuple[int, ...], tuple[int, ...], int]


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
        return _win_rates([self])

    def format(self) -> str:
        """A plain-text report: win rates by seat and by agent, scores and game length."""
        lines = [
            f"{self.game}: {count(self.games, 'game')}, {count(len(self.agents), 'player')}, "
            f"seed {self.seed}, {self.seconds:.1f} s",
            "",
            "seat  agent       win rate   score: mean ± std  [min, max]",
        ]
        for seat, (name, rate, stats) in enumerate(
            zip(self.agents, self.seat_win_rates, self.scores, strict=True)
        ):
            lines.append(f"{seat:>4}  {name:<10}  {rate:7.1%}   {stats}")
        lines += ["", "agent       win rate (per seat held)"]
        lines += [f"{name:<10}  {rate:7.1%}" for name, rate in self.agent_win_rates.items()]
        lines += ["", f"decisions per game: {self.decisions}"]
        return "\n".join(lines)


@attrs.frozen
class Tournament:
    """Results of :func:`tabletop.play.tournament`: one :class:`Summary` per seating.

    Attributes:
        seatings: the summaries, one per distinct arrangement of the agents over the seats.
    """

    seatings: tuple[Summary, ...]

    @property
    def agent_win_rates(self) -> dict[str, float]:
        """For each agent name, its wins divided by the seats it held, over every seating."""
        rates = _win_rates(self.seatings)
        return {name: rates[name] for name in sorted(rates)}

    def format(self) -> str:
        """A plain-text report: win rates by agent, then by seating."""
        first = self.seatings[0]
        games = sum(s.games for s in self.seatings)
        seconds = sum(s.seconds for s in self.seatings)
        lines = [
            f"{first.game} tournament: {count(games, 'game')} in "
            f"{count(len(self.seatings), 'seating')}, seed {first.seed}, {seconds:.1f} s",
            "",
            "agent       win rate (per seat held)",
        ]
        lines += [f"{name:<10}  {rate:7.1%}" for name, rate in self.agent_win_rates.items()]
        lines += ["", "seating" + " " * 27 + "win rates by seat"]
        for s in self.seatings:
            rates = "  ".join(f"{rate:6.1%}" for rate in s.seat_win_rates)
            lines.append(f"{','.join(s.agents):<34}{rates}")
        return "\n".join(lines)


def _win_rates(summaries: Sequence[Summary]) -> dict[str, float]:
    wins: dict[str, float] = {}
    seats: dict[str, int] = {}
    for summary in summaries:
        for name, won in zip(summary.agents, summary.seat_wins, strict=True):
            wins[name] = wins.get(name, 0.0) + won
            seats[name] = seats.get(name, 0) + summary.games
    return {name: wins[name] / seats[name] for name in wins}


def summarize(
    game: str, agents: tuple[str, ...], seed: int, outcomes: Sequence[Outcome], seconds: float
) -> Summary:
    """The :class:`Summary` of the ``outcomes`` of games between ``agents``."""
    players = len(agents)
    scores = np.array([o[0] for o in outcomes], dtype=np.int64).reshape(len(outcomes), players)
    wins = np.zeros((len(outcomes), players))
    for i, (_, winners, _) in enumerate(outcomes):
        for seat in winners:
            wins[i, seat] = 1.0 / len(winners)
    decisions = np.array([o[2] for o in outcomes], dtype=np.int64)
    return Summary(
        game=game,
        agents=agents,
        games=len(outcomes),
        seed=seed,
        seat_wins=tuple(float(w) for w in wins.sum(axis=0)),
        scores=tuple(Stats.of(scores[:, seat]) for seat in range(players)),
        decisions=Stats.of(decisions),
        seconds=seconds,
    )


def count(n: int, noun: str) -> str:
    """``n`` and ``noun``, plural unless ``n`` is 1 (``"3 games"``, ``"1 player"``)."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"
