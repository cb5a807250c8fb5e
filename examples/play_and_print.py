"""Play one game between bots and print every move, the final position and the scores.

    python examples/play_and_print.py [GAME] [SEED]      (default: takenoko, seed 1)
"""

import sys

import tabletop
from tabletop.play import make_agents, play_game

name = sys.argv[1] if len(sys.argv) > 1 else "takenoko"
try:
    game = tabletop.lookup(name)  # any case; an unknown name lists the known games
except ValueError as err:
    sys.exit(str(err))
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1

agents = make_agents(["greedy", "random", "random"], seed, game)
result = play_game(game, agents, seed, observer=lambda state, seat, move: print(f"{seat}: {move}"))

print()
print(game.render(result.state))
for seat, score in enumerate(result.scores):
    mark = "  winner" if seat in result.winners else ""
    print(f"seat {seat} ({result.agents[seat]}): {score}{mark}")
print(f"{result.decisions} decisions")
