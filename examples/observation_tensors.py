"""Observation tensors for learning agents: play random moves, batch what each mover saw.

    python examples/observation_tensors.py [GAME] [SEED]      (default: takenoko, seed 1)

``game.observation(state, seat)`` is a flat float32 numpy vector of what ``seat`` knows (the
seat's own data first, the others clockwise after it); ``game.observation_layout(state)``
names its blocks. A training loop would feed such batches to a network.
"""

import sys
from typing import Any

import numpy as np

import tabletop
from tabletop.kernel.rng import Rng

name = sys.argv[1] if len(sys.argv) > 1 else "takenoko"
try:
    game = tabletop.lookup(name)  # any case; an unknown name lists the known games
except ValueError as err:
    sys.exit(str(err))
seed = int(sys.argv[2]) if len(sys.argv) > 2 else 1
if game.observation is None or game.observation_layout is None:
    sys.exit(f"{game.title} offers no observation tensors")

rng = Rng.from_seed(seed)  # the kernel's seeded random source
state = game.new_game(max(2, game.min_players), seed=seed)
rows: list[Any] = []  # numpy vectors
movers: list[int] = []
while not state.is_over and len(rows) < 200:
    seat = state.to_move
    rows.append(game.observation(state, seat))  # what the mover saw when choosing
    movers.append(seat)
    move, rng = rng.choice(state.legal_moves())
    state = state.apply(move)

batch = np.stack(rows)
layout = game.observation_layout(state)
print(f"{game.title}: batch of {batch.shape[0]} observations x {batch.shape[1]} features ({batch.dtype})")
print(f"{len(layout)} named blocks, e.g.:")
last = batch[-1]
for block in list(layout)[-6:]:
    print(f"  {block:<24} {last[layout[block]][:8]}")
print(f"last observation seen by seat {movers[-1]}: {np.count_nonzero(last)} nonzero features")
