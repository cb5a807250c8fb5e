"""Run a simulation in two worker processes and print its summary.

    python examples/simulation.py [GAME] [GAMES]      (default: takenoko, 200 games)
"""

import sys

import tabletop
from tabletop.play import simulate

name = sys.argv[1] if len(sys.argv) > 1 else "takenoko"
try:
    game = tabletop.lookup(name)  # any case; an unknown name lists the known games
except ValueError as err:
    sys.exit(str(err))
games = int(sys.argv[2]) if len(sys.argv) > 2 else 200

if __name__ == "__main__":  # worker processes import this file; only the parent simulates
    summary = simulate(game, games, ["greedy", "random", "random"], workers=2, seed=2024)
    print(summary.format())
    print()
    print("greedy wins", f"{summary.agent_win_rates['greedy']:.0%}", "of its games")
