"""A fingerprint of the games an engine plays: a speed change must leave it unchanged.

    python benchmarks/digest.py                 # every registered game, 40 games each
    python benchmarks/digest.py takenoko --games 100

Plays ``--games`` random games per game (3 players, game ``i`` seeded with ``i`` and the random
player with ``random.Random(i)``, as ``compare.py`` does) and hashes, per game, every move's
text and the final state's JSON. Two revisions that print the same digest played the same
games move for move and ended in the same states. Uses only the public API.
"""

from __future__ import annotations

import argparse
import hashlib
import random

import tabletop


def digest(game: str, games: int, players: int = 3) -> str:
    """The first 16 hex digits of the SHA-256 of ``games`` seeded random games of ``game``."""
    sha = hashlib.sha256()
    for seed in range(games):
        rng = random.Random(seed)
        state = tabletop.new_game(game, players=players, seed=seed)
        while not state.is_over:
            moves = state.legal_moves()
            move = moves[rng.randrange(len(moves))]
            sha.update(str(move).encode())
            state = state.apply(move)
        sha.update(state.to_json().encode())
    return sha.hexdigest()[:16]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="*", help="games to fingerprint (default: all registered)")
    parser.add_argument("--games", type=int, default=40, help="random games per game")
    args = parser.parse_args()
    for game in args.game or sorted(tabletop.GAMES):
        print(f"{game:20} {digest(game, args.games)}")


if __name__ == "__main__":
    main()
