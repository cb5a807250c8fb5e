"""The one-ply greedy agent: take whatever scores most right now."""

from __future__ import annotations

from typing import Any

from tabletop.agents.chance import past_chance, seat_choosing
from tabletop.kernel.api import Game, State
from tabletop.kernel.rng import Rng


class GreedyAgent:
    """Applies every legal move and keeps the one that is best immediately.

    Moves are compared, in order, by:

    1. whether the move ends the game with the agent among the winners (alone or shared);
    2. the agent's own score after the move;
    3. its margin over the best opponent's score after the move;

    and ties are broken at random with the agent's own seeded random source (a kernel
    :class:`Rng`). A move that leads to a chance node (a game with ``chance="explicit"``) is
    judged after outcomes drawn with their probabilities, as the game would draw them. A move that ends
    the game in a loss ranks like any other move, by score: preferring "not over yet" to a
    loss would let the agent stall for ever where the rules allow a move that postpones the
    end (in At the Gates of Loyang, an unlimited number of loans).

    Hidden information: with ``game`` given (the command line, :data:`tabletop.agents.AGENTS`
    and :func:`tabletop.play.make_agents` always give it), the agent looks ahead on one sample
    ``game.determinize(state.view(seat), rng)`` drawn per decision from its own random source:
    a full state consistent with what its seat sees, so it never benefits from cards it cannot
    see or from the outcome of the next draw or roll. Without ``game`` (or for a game without
    hidden information) it looks ahead on the state it is given.
    """

    name = "greedy"

    def __init__(self, seed: int | None = None, *, game: Game[Any] | None = None) -> None:
        self._rng = Rng.from_seed(seed)
        self.game = game

    def choose(self, state: State) -> Any:
        """The move of ``state.legal_moves()`` that is best one decision ahead."""
        seat = seat_choosing(state)
        moves = state.legal_moves()
        if len(moves) == 1:
            return moves[0]
        sample = self._sample(state, seat)
        # The sample's moves by notation: a seat's choices never depend on what it cannot see.
        ahead = {str(m): m for m in sample.legal_moves()} if sample is not state else None
        best: list[Any] = []
        best_key: tuple[int, int, int] | None = None
        for move in moves:
            if ahead is None:
                after = state.apply(move)
            elif str(move) in ahead:
                after = sample.apply(ahead[str(move)])
            else:  # pragma: no cover - a game whose view changes the seat's choices
                continue
            after, self._rng = past_chance(after, self._rng)
            key = _evaluate(after, seat)
            if best_key is None or key > best_key:
                best, best_key = [move], key
            elif key == best_key:
                best.append(move)
        choice, self._rng = self._rng.choice(best or list(moves))
        return choice

    def _sample(self, state: State, seat: int) -> State:
        """What the agent looks ahead on: a determinization of its view, or ``state``."""
        if self.game is None or self.game.determinize is None:
            return state
        seed, self._rng = self._rng.seed63()
        sample: State = self.game.determinize(state.view(seat), Rng.from_seed(seed))
        return sample

    def __repr__(self) -> str:
        return "GreedyAgent()" if self.game is None else f"GreedyAgent(game={self.game.name!r})"


def _evaluate(state: State, seat: int) -> tuple[int, int, int]:
    """(wins, own score, margin over the best opponent) of ``state`` for ``seat``."""
    scores = state.scores()
    own = scores[seat]
    others = [s for i, s in enumerate(scores) if i != seat]
    margin = own - max(others) if others else own
    won = 1 if state.is_over and seat in state.winners() else 0
    return won, own, margin
