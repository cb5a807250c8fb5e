"""Two games' engines timed at the same moment, one per core: their ratio on a busy machine.

    python benchmarks/side_by_side.py keyflower_farmers takenoko --rounds 8 --seconds 4

On a shared machine the speed of one process swings by 10-20% from minute to minute, so two
games timed one after the other (as ``tabletop bench`` twice, or ``compare.py``'s interleaved
rounds) compare their moments as much as their engines. Here each round starts both games
together, each in a fresh process on its own core, each timing its own CPU
(``time.process_time``) over random playouts of whole games with the benchmark's loop
(:func:`tabletop.bench.bench`, 20 seeded games at a time) until ``--seconds`` CPU seconds are
spent. Whatever load the machine has during a round falls on both, so the ratio of the round
holds even when both rates move. The report gives each round's decisions per CPU second and
their ratio, then the median ratio, the ratio of the medians and how many rounds reached 1.

Needs two free cores to mean anything. ``--src`` times another checkout's ``src`` (an older
revision, say) instead of this one's.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
from pathlib import Path

_CHILD = """
import sys, time
from tabletop.bench import bench
game, seconds = sys.argv[1], float(sys.argv[2])
bench(game, games=5)  # warm: imports, caches, the interpreter's specializations
start = time.process_time()
decisions = batch = 0
while time.process_time() - start < seconds:
    decisions += bench(game, games=20, seed=1000 + 20 * batch).decisions
    batch += 1
print(decisions / (time.process_time() - start))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("first", help="a registered game, e.g. keyflower_farmers")
    parser.add_argument("second", help="the game it is compared with, e.g. takenoko")
    parser.add_argument("--rounds", type=int, default=8, help="rounds (default 8)")
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds per game per round (default 4)")
    parser.add_argument("--src", default=str(Path(__file__).resolve().parent.parent / "src"), help="the src folder to time")
    args = parser.parse_args()
    env = dict(os.environ, PYTHONPATH=args.src)
    firsts: list[float] = []
    seconds: list[float] = []
    for round_number in range(1, args.rounds + 1):
        runs = [
            subprocess.Popen(
                [sys.executable, "-c", _CHILD, game, str(args.seconds)], env=env, stdout=subprocess.PIPE, text=True
            )
            for game in (args.first, args.second)
        ]
        first, second = (float(run.communicate()[0]) for run in runs)
        firsts.append(first)
        seconds.append(second)
        print(
            f"round {round_number}: {args.first} {first:,.0f}  {args.second} {second:,.0f}  ratio {first / second:.3f}",
            flush=True,
        )
    ratios = [a / b for a, b in zip(firsts, seconds)]
    print(
        f"{args.first}/{args.second}: median ratio {statistics.median(ratios):.3f}, "
        f"ratio of medians {statistics.median(firsts) / statistics.median(seconds):.3f}, "
        f"rounds at 1 or more {sum(r >= 1 for r in ratios)}/{len(ratios)}"
    )


if __name__ == "__main__":
    main()
