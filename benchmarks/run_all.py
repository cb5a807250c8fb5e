"""Benchmark every registered game: random playouts on one core (see tabletop.bench).

    python benchmarks/run_all.py [SECONDS_PER_GAME]      (default 10)
"""

import platform
import sys

import tabletop
from tabletop.bench import bench


def main() -> int:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 10.0
    print(f"Python {platform.python_version()} on {platform.machine()}, {seconds:g} s per game")
    if not tabletop.GAMES:
        print("no games are registered")
    for _, game in sorted(tabletop.GAMES.items()):
        counts = range(game.min_players, game.max_players + 1)
        for players in counts:
            print(bench(game, players=players, seconds=seconds / len(counts)).format())
    return 0


if __name__ == "__main__":
    sys.exit(main())
