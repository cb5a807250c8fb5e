"""Side-by-side speed of the rules engines: tabletop revisions against each other and catanatron.

    python benchmarks/compare.py --old 2c22126 --json figures.json

Measures decisions per CPU second (``time.process_time`` of the measuring process) over random
playouts with 3 players from fixed seeds, for

* each tabletop game asked for (``--games``: any game registered in the working tree's
  ``tabletop.registry``; takenoko and loyang by default) at the working tree ("new", ``PYTHONPATH=<repo>/src``)
  and, with ``--old REV``, at an older revision checked out by ``git worktree add --detach``
  into a temporary directory (``PYTHONPATH=<tmpdir>/src``, removed at the end), so each
  revision runs its own code;
* catanatron (the reference pure-Python engine for Catan; ``pip install -e '.[bench]'``): random
  players, its own game loop (``Game.play``), one decision per action played. Skipped, with a
  note, when it is not installed.

Every contender runs in a fresh subprocess per round and the rounds are interleaved
(A, B, C, A, B, C, ...), so a noisy shared machine slows every contender alike. Each round plays
whole games, game ``i`` seeded with ``i`` (the random player with ``random.Random(i)``), until
``--seconds`` CPU seconds are spent; the rate is all decisions over all CPU time, setup of each
game included. The report gives the median and min/max per contender, the ratio of each
tabletop game to catanatron and new/old per game (ratio of the medians, and the range of the
per-round ratios: rounds are paired since they ran next to each other).

It also reports the memory of states (working tree, and old revision when given): the size of
``state.to_json()`` at the start, middle and end of one game, and the memory retained per state
(tracemalloc) when every state of one game is kept alive, for the first and last quarter of the
game: if states share structure the late states cost no more than the early ones.

The child side uses only the public API (``tabletop.new_game``, ``legal_moves``, ``apply``,
``is_over``, ``to_move``, ``to_json``), so it runs against any revision; a game written but not
yet registered at the old revision is started through its package's ``GAME``.
"""

from __future__ import annotations

import argparse
import ast
import datetime
import json
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

#: The tabletop games measured by default.
GAMES = ("takenoko", "loyang")
#: The registry module of the working tree, read (not imported) for the games ``--games`` accepts.
REGISTRY = Path(__file__).resolve().parent.parent / "src" / "tabletop" / "registry.py"
#: A game longer than this is a broken engine, not a benchmark.
MAX_DECISIONS_PER_GAME = 100_000
#: Label of the working tree as a revision.
WORKTREE = "worktree"
HERE = Path(__file__).resolve()


# --------------------------------------------------------------------------------------------
# Measurements (run inside the child process, or in-process by the tests)
# --------------------------------------------------------------------------------------------


def registered_games(registry: Path = REGISTRY) -> tuple[str, ...]:
    """The game packages listed in ``GAME_PACKAGES`` of ``registry`` (a ``registry.py``), read
    without importing it: the games ``--games`` accepts (a game's name is its package's)."""
    for node in ast.walk(ast.parse(registry.read_text())):
        if isinstance(node, ast.AnnAssign | ast.Assign):
            targets = [node.target] if isinstance(node, ast.AnnAssign) else node.targets
            if any(isinstance(t, ast.Name) and t.id == "GAME_PACKAGES" for t in targets):
                value = ast.literal_eval(node.value) if node.value is not None else ()
                return tuple(value)
    raise RuntimeError(f"no GAME_PACKAGES in {registry}")


def new_game_of(tabletop: Any, game: str) -> Any:
    """``new_game(players, seed)`` of ``game``: the registered game, or, at a revision where it
    is written but not registered yet, the ``GAME`` of its package ``tabletop.<game>``."""
    import importlib

    if game in getattr(tabletop, "GAMES", {game: None}):
        return lambda players, seed: tabletop.new_game(game, players=players, seed=seed)
    package = importlib.import_module(f"tabletop.{game}")
    return lambda players, seed: package.GAME.new_game(players, seed=seed)


def play_tabletop(tabletop: Any, game: str, players: int, seed: int) -> tuple[int, int]:
    """Play one random game of ``game``; return (decisions, chance steps)."""
    import random

    chance = getattr(tabletop, "CHANCE", None)
    rng = random.Random(seed)
    state = new_game_of(tabletop, game)(players, seed)
    decisions = chance_steps = 0
    while not state.is_over:
        moves = state.legal_moves()
        state = state.apply(moves[rng.randrange(len(moves))])
        if chance is not None and state.to_move == chance:
            chance_steps += 1  # only with chance="explicit"; never by default
        else:
            decisions += 1
        if decisions > MAX_DECISIONS_PER_GAME:
            raise RuntimeError(f"{game} seed {seed}: no end after {decisions} decisions")
    return decisions, chance_steps


def measure_tabletop(game: str, seconds: float, players: int = 3) -> dict[str, Any]:
    """Random playouts of ``game`` (seeds 0, 1, ...) for ``seconds`` CPU seconds, whole games."""
    import tabletop

    new_game_of(tabletop, game)(players, 0)  # load the game's data before the clock
    decisions = games = 0
    start = time.process_time()
    while True:
        made, _ = play_tabletop(tabletop, game, players, games)
        decisions += made
        games += 1
        spent = time.process_time() - start
        if spent >= seconds:
            break
    return {
        "decisions": decisions,
        "games": games,
        "cpu_seconds": spent,
        "rate": decisions / spent,
        "module": str(Path(tabletop.__file__).resolve()),
    }


def catanatron_version() -> str | None:
    """The installed catanatron's version, or None when it is not installed."""
    from importlib import metadata

    try:
        return metadata.version("catanatron")
    except metadata.PackageNotFoundError:
        return None


def measure_catanatron(seconds: float, players: int = 3) -> dict[str, Any]:
    """catanatron's own loop between random players (seeds 1, 2, ...), whole games."""
    from catanatron import Color, Game, RandomPlayer

    colors = list(Color)[:players]
    Game([RandomPlayer(c) for c in colors], seed=1)  # warm up (imports, map data)
    decisions = games = 0
    start = time.process_time()
    while True:
        # Seed 0 would mean "draw a seed" to catanatron: start at 1.
        game = Game([RandomPlayer(c) for c in colors], seed=games + 1)
        game.play()
        decisions += len(game.state.actions)
        games += 1
        spent = time.process_time() - start
        if spent >= seconds:
            break
    return {
        "decisions": decisions,
        "games": games,
        "cpu_seconds": spent,
        "rate": decisions / spent,
        "version": catanatron_version(),
    }


def measure_memory(game: str, players: int = 3, seed: int = 0) -> dict[str, Any]:
    """JSON size at start/middle/end of one game, and tracemalloc bytes retained per state."""
    import random
    import tracemalloc

    import tabletop

    rng = random.Random(seed)
    new_game = new_game_of(tabletop, game)
    new_game(players, seed)  # data loaded before tracing
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    states = [new_game(players, seed)]
    retained = [tracemalloc.get_traced_memory()[0] - base]
    while not states[-1].is_over:
        moves = states[-1].legal_moves()
        states.append(states[-1].apply(moves[rng.randrange(len(moves))]))
        del moves
        retained.append(tracemalloc.get_traced_memory()[0] - base)
    tracemalloc.stop()
    steps = [after - before for before, after in zip(retained, retained[1:])]
    quarter = max(1, len(steps) // 4)
    json_sizes = {
        "start": len(states[0].to_json()),
        "middle": len(states[len(states) // 2].to_json()),
        "end": len(states[-1].to_json()),
    }
    return {
        "states": len(states),
        "json_bytes": json_sizes,
        "first_state_bytes": retained[0],
        "bytes_per_state": (retained[-1] - retained[0]) / max(1, len(steps)),
        "bytes_per_state_early": sum(steps[:quarter]) / quarter,
        "bytes_per_state_late": sum(steps[-quarter:]) / quarter,
    }


def child_main(spec_json: str) -> int:
    """Run one measurement described by ``spec_json`` and print its JSON result."""
    spec = json.loads(spec_json)
    if spec["kind"] == "tabletop":
        result = measure_tabletop(spec["game"], spec["seconds"], spec["players"])
    elif spec["kind"] == "catanatron":
        result = measure_catanatron(spec["seconds"], spec["players"])
    elif spec["kind"] == "memory":
        import tabletop

        result = {game: measure_memory(game, spec["players"]) for game in spec["games"]}
        result["module"] = str(Path(tabletop.__file__).resolve())
    else:
        raise ValueError(f"unknown measurement {spec['kind']!r}")
    print(json.dumps(result))
    return 0


# --------------------------------------------------------------------------------------------
# Parent: revisions, subprocesses, interleaving, report
# --------------------------------------------------------------------------------------------


def git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(repo), *args], check=True, capture_output=True, text=True
    ).stdout.strip()


def repo_root() -> Path:
    return Path(git(HERE.parent, "rev-parse", "--show-toplevel"))


def run_child(spec: dict[str, Any], pythonpath: Path | None) -> dict[str, Any]:
    """Run one measurement in a fresh interpreter with ``PYTHONPATH=pythonpath``."""
    env = dict(os.environ)
    env.pop("PYTHONPATH", None)
    if pythonpath is not None:
        env["PYTHONPATH"] = str(pythonpath)
    env["PYTHONHASHSEED"] = "0"  # the same games in every round
    proc = subprocess.run(
        [sys.executable, str(HERE), "--child", json.dumps(spec)],
        env=env,
        capture_output=True,
        text=True,
    )
    if proc.returncode != 0:
        raise RuntimeError(f"measurement {spec} failed:\n{proc.stderr.strip()}")
    result: dict[str, Any] = json.loads(proc.stdout.strip().splitlines()[-1])
    module = result.get("module")
    if pythonpath is not None and module is not None:
        if not Path(module).is_relative_to(pythonpath.resolve()):
            raise RuntimeError(f"the child imported {module}, not the code under {pythonpath}")
    return result


class Revision:
    """A tabletop source tree to measure: the working tree, or a revision in a git worktree."""

    def __init__(self, label: str, repo: Path, rev: str) -> None:
        self.label = label
        self.rev = rev
        self.tmpdir: Path | None = None
        if rev == WORKTREE:
            self.root = repo
            self.commit = git(repo, "rev-parse", "HEAD")
            self.dirty = bool(git(repo, "status", "--porcelain", "--", "src"))
        else:
            self.commit = git(repo, "rev-parse", "--verify", f"{rev}^{{commit}}")
            self.tmpdir = Path(tempfile.mkdtemp(prefix=f"tabletop-{label}-"))
            git(repo, "worktree", "add", "--detach", str(self.tmpdir), self.commit)
            self.root = self.tmpdir
            self.dirty = False
        self.repo = repo

    @property
    def src(self) -> Path:
        return self.root / "src"

    def describe(self) -> str:
        what = "working tree" if self.rev == WORKTREE else self.rev
        return f"{what} ({self.commit[:7]}{', uncommitted changes' if self.dirty else ''})"

    def remove(self) -> None:
        if self.tmpdir is not None:
            subprocess.run(
                ["git", "-C", str(self.repo), "worktree", "remove", "--force", str(self.tmpdir)],
                capture_output=True,
            )
            shutil.rmtree(self.tmpdir, ignore_errors=True)
            subprocess.run(["git", "-C", str(self.repo), "worktree", "prune"], capture_output=True)
            self.tmpdir = None


def summarize(rates: list[float]) -> dict[str, float]:
    return {"median": statistics.median(rates), "min": min(rates), "max": max(rates)}


def ratio(a: list[float], b: list[float]) -> dict[str, float]:
    """Ratio of the medians of ``a`` and ``b``, and the range of the per-round ratios."""
    per_round = [x / y for x, y in zip(a, b)]
    return {
        "median": statistics.median(a) / statistics.median(b),
        "min": min(per_round),
        "max": max(per_round),
    }


def fmt_ratio(r: dict[str, float]) -> str:
    return f"{r['median']:.2f}x  [{r['min']:.2f}-{r['max']:.2f}]"


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(
        description="Decisions per CPU second of tabletop revisions and catanatron, interleaved."
    )
    parser.add_argument("--old", metavar="REV", help="also measure this git revision")
    parser.add_argument(
        "--new",
        metavar="REV",
        default=WORKTREE,
        help=f"the new side: a git revision, or '{WORKTREE}' (default) for the working tree",
    )
    parser.add_argument("--rounds", type=int, default=5, help="interleaved rounds (default 5)")
    parser.add_argument(
        "--seconds", type=float, default=3.0, help="CPU seconds per contender per round (3)"
    )
    parser.add_argument("--players", type=int, default=3, help="players per game (default 3)")
    parser.add_argument(
        "--games",
        nargs="+",
        default=list(GAMES),
        choices=registered_games(),
        help="tabletop games (any registered; default: %(default)s)",
    )
    parser.add_argument("--no-catanatron", action="store_true", help="skip catanatron")
    parser.add_argument("--no-memory", action="store_true", help="skip the state memory report")
    parser.add_argument("--json", metavar="PATH", help="write the figures as JSON to PATH")
    parser.add_argument("--child", metavar="SPEC", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.rounds < 1 or args.seconds <= 0 or args.players < 1:
        parser.error("--rounds, --seconds and --players must be positive")
    return args


def main(argv: list[str] | None = None) -> int:
    args = parse_args(argv)
    if args.child is not None:
        return child_main(args.child)

    repo = repo_root()
    revisions: list[Revision] = []
    try:
        if args.old is not None:
            revisions.append(Revision("old", repo, args.old))
        revisions.append(Revision("new", repo, args.new))
        return run(args, revisions)
    finally:
        for revision in revisions:
            revision.remove()


def run(args: argparse.Namespace, revisions: list[Revision]) -> int:
    out = sys.stdout
    cat_version = None if args.no_catanatron else catanatron_version()
    if args.no_catanatron:
        cat_note = "catanatron skipped (--no-catanatron)"
    elif cat_version is None:
        cat_note = "catanatron skipped: not installed (pip install -e '.[bench]')"
    else:
        cat_note = f"catanatron {cat_version}"

    # (label, spec, PYTHONPATH)
    contenders: list[tuple[str, dict[str, Any], Path | None]] = []
    absent = []
    for game in args.games:
        for revision in revisions:
            if not (revision.src / "tabletop" / game / "__init__.py").exists():
                absent.append(f"{game} @{revision.label}")  # written after that revision
                continue
            spec = {"kind": "tabletop", "game": game, "seconds": args.seconds}
            contenders.append((f"{game} @{revision.label}", spec, revision.src))
    if cat_version is not None:
        contenders.append((f"catanatron {cat_version}", {"kind": "catanatron"}, None))
    for _, spec, _ in contenders:
        spec.update(seconds=args.seconds, players=args.players)

    print(
        f"{len(contenders)} contenders x {args.rounds} rounds x {args.seconds:g} CPU s, "
        f"{args.players} players, Python {platform.python_version()}, "
        f"{os.cpu_count()} cores",
        file=out,
    )
    for revision in revisions:
        print(f"  {revision.label}: {revision.describe()}", file=out)
    print(f"  {cat_note}", file=out)
    if absent:
        print(f"  skipped, the game does not exist at that revision: {', '.join(absent)}", file=out)

    results: dict[str, list[dict[str, Any]]] = {label: [] for label, _, _ in contenders}
    for round_no in range(1, args.rounds + 1):
        line = []
        for label, spec, pythonpath in contenders:
            result = run_child(spec, pythonpath)
            results[label].append(result)
            line.append(f"{label} {result['rate']:,.0f}")
        print(f"round {round_no}: " + ", ".join(line), file=out, flush=True)

    rates = {label: [r["rate"] for r in rs] for label, rs in results.items()}
    cat_label = next((label for label in rates if label.startswith("catanatron")), None)

    rows = []
    print("", file=out)
    header = f"{'contender':<20} {'median':>9} {'min':>9} {'max':>9} {'games':>6}  vs catanatron"
    print("decisions per CPU second (median, min, max over the rounds; games per round)", file=out)
    print(header, file=out)
    print("-" * (len(header) + 12), file=out)
    for label, rs in results.items():
        s = summarize(rates[label])
        games = statistics.median(r["games"] for r in rs)
        vs_cat = None
        if cat_label is not None and label != cat_label:
            vs_cat = ratio(rates[label], rates[cat_label])
        row = {
            "contender": label,
            **s,
            "games_per_round": games,
            "rounds": rs,
            "vs_catanatron": vs_cat,
        }
        rows.append(row)
        print(
            f"{label:<20} {s['median']:>9,.0f} {s['min']:>9,.0f} {s['max']:>9,.0f} {games:>6g}"
            f"  {fmt_ratio(vs_cat) if vs_cat else ''}",
            file=out,
        )

    new_over_old = {}
    if len(revisions) == 2:
        print("", file=out)
        for game in args.games:
            if f"{game} @old" not in rates:
                continue
            r = ratio(rates[f"{game} @new"], rates[f"{game} @old"])
            new_over_old[game] = r
            print(f"{game} new/old: {fmt_ratio(r)}", file=out)
    if cat_label is None:
        print(f"\n{cat_note}", file=out)

    memory = {}
    if not args.no_memory:
        print("\nstate memory, one game of seed 0 (JSON chars; tracemalloc bytes retained per "
              "state with every state kept alive)", file=out)
        print(f"{'game @rev':<16} {'states':>6} {'json start':>10} {'middle':>7} {'end':>7}"
              f" {'first':>8} {'per state':>9} {'early':>7} {'late':>7}", file=out)
        for revision in revisions:
            present = [game for game in args.games if f"{game} @{revision.label}" not in absent]
            spec = {"kind": "memory", "games": present, "players": args.players}
            mem = run_child(spec, revision.src)
            mem.pop("module", None)
            memory[revision.label] = mem
            for game, m in mem.items():
                j = m["json_bytes"]
                print(
                    f"{game + ' @' + revision.label:<16} {m['states']:>6} {j['start']:>10,}"
                    f" {j['middle']:>7,} {j['end']:>7,} {m['first_state_bytes']:>8,}"
                    f" {m['bytes_per_state']:>9,.0f} {m['bytes_per_state_early']:>7,.0f}"
                    f" {m['bytes_per_state_late']:>7,.0f}",
                    file=out,
                )

    if args.json:
        figures = {
            "date": datetime.datetime.now().astimezone().isoformat(timespec="seconds"),
            "python": platform.python_version(),
            "platform": platform.platform(),
            "cpu_count": os.cpu_count(),
            "players": args.players,
            "rounds": args.rounds,
            "seconds": args.seconds,
            "revisions": {
                r.label: {"rev": r.rev, "commit": r.commit, "dirty": r.dirty} for r in revisions
            },
            "catanatron": cat_version,
            "catanatron_note": cat_note,
            "contenders": rows,
            "new_over_old": new_over_old,
            "memory": memory,
        }
        Path(args.json).write_text(json.dumps(figures, indent=2) + "\n")
        print(f"\nfigures written to {args.json}", file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
