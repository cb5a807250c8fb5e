"""Instructions per random playout, counted by callgrind: speed changes of 1% made visible.

    python benchmarks/instructions.py --old main                      # all games, 10 games each
    python benchmarks/instructions.py takenoko loyang --old 2e22085 --games 20
    python benchmarks/instructions.py keyflower_farmers --old main --no-gc     # collector off

Decisions per CPU second (``compare.py``) is what the goals are stated in, but on a shared,
noisy machine its rounds scatter by 5-20%, so a change of 1-3% cannot be seen in it. The
number of machine instructions the interpreter executes for the same playouts does not depend
on the machine's load: under ``valgrind --tool=callgrind`` with ``PYTHONHASHSEED=0`` it repeats
to about 0.01%. Identical rules code still moves by up to ~0.3% between layouts: where the
package lies on disk (so the working tree is copied to a path as long as the old revision's),
and which cyclic garbage collections fall inside the counted games (``--no-gc`` counts with the
collector off, to judge a change near the bar by its code alone). Fewer instructions is not always less time (cache misses and branch
mispredictions are not counted), so a gain is confirmed with ``compare.py`` before it is
claimed.

For each game and each revision (the working tree, its ``src`` copied into a temporary
directory when ``--old`` is given; ``--old REV`` checked out by ``git worktree add --detach``
beside it, at a path of the same length) the child plays two warm-up games, switches
counting on (``callgrind_control -i on``), plays ``--games`` seeded random games with 3 players
(game ``i`` seeded with ``100 + i``, the random player with ``random.Random(100 + i)``), and
exits without the interpreter's shutdown. Needs valgrind (``apt install valgrind``).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
FIRST_SEED = 100

CHILD = """
import gc, os, random, subprocess, sys
import tabletop
game, count, collect = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "gc"
def play(seeds):
    for seed in seeds:
        rng = random.Random(seed)
        state = tabletop.new_game(game, players=3, seed=seed)
        while not state.is_over:
            moves = state.legal_moves()
            state = state.apply(moves[rng.randrange(len(moves))])
play(range(2))
if not collect:
    gc.disable()
subprocess.run(["callgrind_control", "-i", "on", str(os.getpid())], stdout=subprocess.DEVNULL, check=True)
play(range({first}, {first} + count))
os._exit(0)
""".format(first=FIRST_SEED)


def instructions(src: Path, game: str, games: int, collect: bool = True) -> int:
    """The instructions of ``games`` seeded playouts of ``game`` with the package in ``src``
    (``collect``: with the cyclic garbage collector on, as in real use)."""
    env = dict(os.environ, PYTHONPATH=str(src), PYTHONHASHSEED="0")
    run = subprocess.run(
        ["valgrind", "--tool=callgrind", "--instr-atstart=no", "--callgrind-out-file=/dev/null",
         sys.executable, "-c", CHILD, game, str(games), "gc" if collect else "nogc"],
        env=env, capture_output=True, text=True, check=False,
    )
    found = re.search(r"Collected : (\d+)", run.stderr)
    if run.returncode != 0 or found is None:
        raise RuntimeError(f"callgrind failed for {game} at {src}:\n{run.stderr[-2000:]}")
    return int(found.group(1))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("game", nargs="*", help="games to count (default: all registered)")
    parser.add_argument("--old", help="a revision to count too, and to compare with")
    parser.add_argument("--games", type=int, default=10, help="seeded random games per count")
    parser.add_argument(
        "--no-gc", action="store_true",
        help="count with the cyclic garbage collector off: which collections fall inside the "
        "counted games moves with small changes of allocation (up to ~0.3%%), so changes near "
        "the bar are judged with it off too",
    )
    args = parser.parse_args()
    if shutil.which("valgrind") is None:
        sys.exit("valgrind is not installed")
    sys.path.insert(0, str(REPO / "src"))
    import tabletop

    games = args.game or sorted(tabletop.GAMES)
    with tempfile.TemporaryDirectory() as tmp:
        trees = {"new": REPO / "src"}
        if args.old:
            # The working tree's package is copied beside the old one, to a path of the same
            # length: where the package lies moves the count by up to 0.25% (the interpreter's
            # allocations shift with the lengths of the paths it keeps), as much as many
            # changes being judged.
            copied = Path(tmp) / "new" / "src"
            shutil.copytree(REPO / "src", copied, ignore=shutil.ignore_patterns("__pycache__", "*.egg-info"))
            trees["new"] = copied
            old = Path(tmp) / "old"
            subprocess.run(["git", "-C", str(REPO), "worktree", "add", "--detach", str(old), args.old],
                           check=True, capture_output=True)
            trees["old"] = old / "src"
        try:
            for game in games:
                counts = {label: instructions(src, game, args.games, not args.no_gc) for label, src in trees.items()}
                line = f"{game:20} new {counts['new']:>15,}"
                if "old" in counts:
                    line += f"  old {counts['old']:>15,}  new/old {counts['new'] / counts['old']:.4f}"
                print(line, flush=True)
        finally:
            if args.old:
                subprocess.run(["git", "-C", str(REPO), "worktree", "remove", "--force", str(Path(tmp) / "old")],
                               check=False, capture_output=True)


if __name__ == "__main__":
    main()
