"""The one-ply greedy agent: take whatever scores most right now."""

from __future__ import annotations

import random
from typing import Any

from tabletop.kernel.api import State


class GreedyAgent:
    """Applies every legal move and keeps the one that is best immediately.

    Moves are compared, in order, by:

    1. the outcome if the move ends the game: a win (alone or shared) beats any unfinished
       game, which beats a loss;
    2. the agent's own score after the move;
    3. its margin over the best opponent's score after the move;

    and ties are broken at random with the agent's own seeded random source.

    It looks one decision ahead on the full state, so the outcome of a move that draws or
    rolls is known to it as it will happen; scores rarely change on such moves, so this is a
    baseline, not a way to cheat.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None) -> None:
        self._random = random.Random(seed)

    def choose(self, state: State) -> Any:
        """The move of ``state.legal_moves()`` that is best one decision ahead."""
        seat = state.to_move
        if seat is None:
            raise ValueError("the game is over: there is no move to choose")
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        best: list[Any] = []
        best_key: tuple[int, int, int] | None = None
        for move in moves:
            key = _evaluate(state.apply(move), seat)
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        return self._random.choice(best)

    def __repr__(self) -> str:
        return "GreedyAgent()"


def _evaluate(state: State, seat: int) -> tuple[int, int, int]:
    """(outcome, own score, margin over the best opponent) of ``state`` for ``seat``."""
    scores = state.scores()
    own = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    margin = own - max(others) if others else own
    outcome = 0
    if state.is_over:
        outcome = 1 if seat in state.winners() else -1
    return outcome, own, margin
