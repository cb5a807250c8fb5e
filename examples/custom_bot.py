"""A custom bot in 30 lines, and a match against the random agent.

Turns are chains of small decisions, so points often come one decision after the move that
prepares them (grow a bamboo, then complete the objective). This bot looks two of its own
decisions ahead and plays towards the best score it can reach; that is enough to beat random
play clearly (and the one-ply greedy agent too). It plays fair: it looks ahead on a full state
sampled from what its seat sees (``game.determinize(state.view(me), rng)``), never on the
hidden cards or the next draw of the real state.

    python examples/custom_bot.py [GAME] [GAMES]      (default: takenoko, 10 games)
"""

import sys
from typing import Any

import tabletop
from tabletop.agents import RandomAgent
from tabletop.kernel.rng import Rng
from tabletop.play import play_game


class TwoStepBot:
    name = "two-step"

    def __init__(self, seed: int, game: tabletop.Game[Any]) -> None:
        self.rng = Rng.from_seed(seed)  # the kernel's seeded random source
        self.game = game

    def reach(self, state: tabletop.State, me: int, depth: int) -> int:
        """The best score ``me`` can reach in ``depth`` more of its own decisions."""
        if depth == 0 or state.to_move != me:  # also stops when the turn or the game is over
            return state.scores()[me]
        return max(self.reach(state.apply(move), me, depth - 1) for move in state.legal_moves())

    def choose(self, state: tabletop.State) -> Any:
        me = state.to_move
        assert me is not None
        sample = state  # a game without hidden information is searched as it is
        if self.game.determinize is not None:
            seed, self.rng = self.rng.seed63()
            sample = self.game.determinize(state.view(me), Rng.from_seed(seed))
        moves, self.rng = self.rng.shuffled(sample.legal_moves())  # random among equals
        best = max(moves, key=lambda move: self.reach(sample.apply(move), me, 1))
        return self.game.parse_move(state, str(best))  # the same move, in the real game


name = sys.argv[1] if len(sys.argv) > 1 else "takenoko"
try:
    game = tabletop.lookup(name)  # any case; an unknown name lists the known games
except ValueError as err:
    sys.exit(str(err))
games = int(sys.argv[2]) if len(sys.argv) > 2 else 10
wins = 0.0
for seed in range(games):
    result = play_game(game, [TwoStepBot(seed, game), RandomAgent(seed)], seed)
    wins += (0 in result.winners) / len(result.winners)
print(f"{TwoStepBot.name} won {wins:g} of {games} games against random on {name}")
