"""The ``tabletop`` command: list games, play, simulate, run tournaments, replay, benchmark.

::

    tabletop list [--options]
    tabletop options loyang
    tabletop play takenoko --players 3 --agents human,random,greedy --seed 1 [--save game.json]
    tabletop simulate takenoko -n 1000 --agents greedy,random,random --workers 2
    tabletop tournament takenoko -n 50 --agents mcts,greedy,random --workers 2
    tabletop replay game.json
    tabletop bench takenoko --seconds 10

Every command that starts games accepts ``--option NAME=VALUE`` (repeatable) for the game's
declared options (``tabletop options GAME`` lists them with their defaults and the values each
takes); the declaration reads the value (``true``/``false``, also ``yes``/``no``, ``on``/``off``,
``1``/``0``, for a flag; a whole number for a number; the text as typed otherwise) and checks
it. Errors the user can fix (unknown game, agent or option, a bad option value, wrong number of
agents or players, unreadable record) are printed on stderr as one line without a traceback,
with exit status 2.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from typing import Any, TextIO

import tabletop
from tabletop.agents import AGENTS, Abandoned, Agent, HumanAgent, make_agent
from tabletop.bench import DEFAULT_PLAYERS, bench
from tabletop.kernel.api import Game, IllegalMove, State
from tabletop.kernel.engine import CHANCE
from tabletop.kernel.errors import quoted
from tabletop.kernel.jsontext import MAX_JSON_CHARS
from tabletop.kernel.version import VERSION
from tabletop.kernel.options import did_you_mean
from tabletop.kernel.record import Record, record_of, replay
from tabletop.kernel.rng import fresh_seed
from tabletop.play import GameStalled, agent_seed, play_game, simulate, tournament
from tabletop.registry import lookup
from tabletop.report import count

#: Exit status for errors in what the user asked (as argparse uses for bad arguments).
USAGE_ERROR = 2

#: Seeds the command line draws are kept short enough to type back.
_CLI_SEED_BITS = 31


class UsageError(Exception):
    """A mistake in the command line or its inputs; printed without a traceback."""


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``) and return the exit status."""
    parser = _parser()
    if not (sys.argv[1:] if argv is None else list(argv)):
        # ``tabletop`` alone: show what there is to do rather than a terse error.
        parser.print_help(sys.stderr)
        return USAGE_ERROR
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        # argparse exits on --help and on bad arguments; a caller of main() gets the status.
        return exit_.code if isinstance(exit_.code, int) else USAGE_ERROR
    try:
        status: int = args.run(args)
    except IllegalMove as err:
        # Not a mistake on the command line: an agent (a bug in it) chose a move the rules refuse.
        print(f"tabletop {args.command}: error: an agent played an illegal move: {err}", file=sys.stderr)
        return 1
    except (UsageError, ValueError) as err:
        print(f"tabletop {args.command}: error: {err}", file=sys.stderr)
        return USAGE_ERROR
    except GameStalled as err:
        print(f"tabletop {args.command}: error: {err}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (``tabletop play ... | head``): stop quietly, and point stdout
        # at /dev/null so that the interpreter's final flush does not fail again.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
    return status


# --- the parser, one function per command ---------------------------------------------------

_GAME_HELP = "the game's name, as 'tabletop list' prints it (e.g. takenoko)"
_PLAYERS_HELP = (
    "number of players (default: one per name of --agents; with a single name, 2, or the "
    "game's minimum if that is more)"
)
_BOTS = ", ".join(AGENTS)

Commands = Any  # argparse's subparsers action has no public type


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Play, simulate and check Euro board games.",
        epilog="'tabletop COMMAND --help' describes a command; 'tabletop list' names the games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {VERSION}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for add in (_add_list, _add_options_command, _add_play, _add_simulate, _add_tournament, _add_replay, _add_bench):
        add(commands)
    return parser


def _command(commands: Commands, name: str, summary: str, description: str) -> argparse.ArgumentParser:
    parser: argparse.ArgumentParser = commands.add_parser(name, help=summary, description=description)
    return parser


def _add_list(commands: Commands) -> None:
    listing = _command(commands, "list", "list the games", "List the registered games and their player counts.")
    listing.add_argument("--options", action="store_true", help="also list each game's options and defaults")
    listing.set_defaults(run=_list)


def _add_options_command(commands: Commands) -> None:
    opts = _command(
        commands,
        "options",
        "list a game's options (for --option NAME=VALUE)",
        "List a game's declared options: default, the values each takes, and what it does.",
    )
    opts.add_argument("game", help=_GAME_HELP)
    opts.set_defaults(run=_list_options)


def _add_play(commands: Commands) -> None:
    play = _command(
        commands,
        "play",
        "play one game (people and bots)",
        "Play one game. A 'human' seat is played at the keyboard: type a move's number or its "
        "notation, ? to list the moves again, quit to stop. The bots' moves are printed as "
        "they are played, then the final position and scores.",
    )
    play.add_argument("game", help=_GAME_HELP)
    play.add_argument("--players", type=int, help=_PLAYERS_HELP)
    play.add_argument(
        "--agents",
        help=f"comma-separated agents by seat, among: human, {_BOTS}; one name fills every seat "
        "(default: human in seat 0, random in the others)",
    )
    play.add_argument("--seed", type=int, help="game seed (default: random, printed)")
    play.add_argument("--save", metavar="FILE", help="write the game record (JSON) to FILE")
    play.add_argument(
        "--quiet", action="store_true", help="do not print the bots' moves, only the final position and scores"
    )
    _add_game_options(play)
    play.set_defaults(run=_play)


def _add_simulate(commands: Commands) -> None:
    sim = _command(
        commands,
        "simulate",
        "play many games between bots",
        "Play many games between bots (in worker processes) and print win rates by seat "
        "and by agent, score statistics and game length.",
    )
    sim.add_argument("game", help=_GAME_HELP)
    sim.add_argument("-n", "--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument(
        "--agents",
        default="random",
        help=f"comma-separated bots by seat, among: {_BOTS}; one name fills every seat (default: random)",
    )
    sim.add_argument("--players", type=int, help=_PLAYERS_HELP)
    sim.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument("--seed", type=int, help="simulation seed (default: random, printed)")
    _add_game_options(sim)
    sim.set_defaults(run=_simulate)


def _add_tournament(commands: Commands) -> None:
    tour = _command(
        commands,
        "tournament",
        "bots in every seating, on the same deals",
        "Play the bots in every seating on the same deals (game seeds), so that seat "
        "advantage and luck largely cancel out; print win rates by agent and by seating.",
    )
    tour.add_argument("game", help=_GAME_HELP)
    tour.add_argument("-n", "--games", type=int, default=20, help="games per seating (default 20)")
    tour.add_argument(
        "--agents",
        required=True,
        help=f"comma-separated bots, one per seat (their number is the number of players), among: {_BOTS}",
    )
    tour.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    tour.add_argument("--seed", type=int, help="seed of the deals (default: random, printed)")
    _add_game_options(tour)
    tour.set_defaults(run=_tournament)


def _add_replay(commands: Commands) -> None:
    rep = _command(
        commands,
        "replay",
        "replay a game record and show the final position",
        "Rebuild a game from its record (as 'tabletop play --save' writes it) and print its "
        "final position and scores.",
    )
    rep.add_argument("file", help="a game record (JSON), as 'tabletop play --save FILE' writes it")
    rep.set_defaults(run=_replay)


def _add_bench(commands: Commands) -> None:
    ben = _command(
        commands,
        "bench",
        "random playouts: decisions/s and games/s",
        "Measure the rules engine: random playouts on one core for a time budget.",
    )
    ben.add_argument("game", help=_GAME_HELP)
    ben.add_argument("--seconds", type=float, default=5.0, help="time budget in seconds (default 5)")
    ben.add_argument("--players", type=int, help="number of players (default 3 if supported)")
    _add_game_options(ben)
    ben.set_defaults(run=_bench)


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a game option (repeatable); 'tabletop options GAME' lists them",
    )


# --- reading the command line ----------------------------------------------------------------


def _options(pairs: list[str], game: Game[Any]) -> dict[str, Any]:
    """The options of ``--option NAME=VALUE`` pairs, each read and checked by the declaration."""
    options: dict[str, Any] = {}
    for pair in pairs:
        name, sep, text = pair.partition("=")
        if not sep or not name:
            raise UsageError(f"--option takes NAME=VALUE, not {pair!r}")
        if name not in game.declared:
            raise UsageError(
                f"{game.declared.unknown(name)}; 'tabletop options {game.name}' says what each takes"
            )
        try:
            options[name] = game.declared.parse(name, text)
        except ValueError as err:
            raise UsageError(str(err)) from None
    return options


def _agent_specs(text: str | None, players: int | None, game: Game[Any]) -> list[str]:
    """The agent names by seat; a single name fills every seat (two when ``players`` is absent,
    or the game's only supported count). Without ``text`` (no ``--agents``), a human plays
    seat 0 and random bots the others. The player count is checked first."""
    if players is not None:
        _check_players(game, players)
    default_count = min(max(2, game.min_players), game.max_players)
    if text is None:
        return ["human"] + ["random"] * ((players or default_count) - 1)
    specs = _names(text)
    if len(specs) == 1:
        specs *= players or default_count
    if players is not None and len(specs) != players:
        raise UsageError(
            f"{count(players, 'player')} {'needs' if players == 1 else 'need'} "
            f"{count(players, 'agent')}, but --agents names {len(specs)}"
        )
    _check_players(game, len(specs))
    return specs


def _names(text: str) -> list[str]:
    """The agent names of a comma-separated list, in lower case (``Greedy`` is ``greedy``);
    an unknown name is refused naming every known one (``human`` included) and the close ones."""
    specs = [spec.strip().lower() for spec in text.split(",")]
    known = ["human", *AGENTS]
    for spec in specs:
        if spec not in known:
            raise UsageError(f"unknown agent {quoted(spec)}; known agents: {', '.join(known)}{did_you_mean(spec, known)}")
    return specs


def _game(name: str) -> Game[Any]:
    try:
        return lookup(name)
    except ValueError as err:
        raise UsageError(str(err)) from None


def _check_players(game: Game[Any], players: int) -> None:
    try:
        game.declared.check_players(players)
    except ValueError as err:
        raise UsageError(str(err)) from None


def _seed(given: int | None) -> int:
    return given if given is not None else fresh_seed() >> (63 - _CLI_SEED_BITS)


# --- the commands ----------------------------------------------------------------------------


def _list(args: argparse.Namespace) -> int:
    if not tabletop.GAMES:
        print("no games are registered")
    for name, game in sorted(tabletop.GAMES.items()):
        print(f"{name:<20} {game.title} ({game.min_players}-{game.max_players} players)")
        if args.options:
            print("\n".join("  " + line for line in game.declared.lines()))
    return 0


def _list_options(args: argparse.Namespace) -> int:
    game = _game(args.game)
    print(f"{game.name} options (--option NAME=VALUE), with their defaults:")
    print("\n".join("  " + line for line in game.declared.lines()))
    return 0


def _play(args: argparse.Namespace) -> int:
    game = _game(args.game)
    specs = _agent_specs(args.agents, args.players, game)
    options = _options(args.option, game)
    game.declared.resolve(len(specs), options)  # a bad combination is refused before the game
    if args.save is not None:
        _check_writable(args.save)
    seed = _seed(args.seed)
    agents: list[Agent] = [
        HumanAgent(game, seat) if spec == "human" else make_agent(spec, agent_seed(seed, seat), game)
        for seat, spec in enumerate(specs)
    ]
    print(f"{game.title}, {count(len(specs), 'player')} ({', '.join(specs)}), seed {seed}")

    def observe(state: State, seat: int, move: Any) -> None:
        # A person sees the bots' moves and chance's outcomes; their own they just typed.
        if args.quiet:
            return
        if seat == CHANCE:
            print(f"chance: {move}")
        elif specs[seat] != "human":
            print(f"seat {seat} ({specs[seat]}): {move}")

    try:
        result = play_game(game, agents, seed, observer=observe, **options)
    except Abandoned as why:
        print(f"game abandoned ({why})")
        if args.save is not None:
            _save(args.save, game, why.state, seed, options)
        return 1
    _print_end(game, result.state, specs)
    print(f"{result.decisions} decisions")
    if args.save is not None:
        _save(args.save, game, result.state, seed, options)
    return 0


def _print_end(game: Game[Any], state: State, specs: Sequence[str] | None = None) -> None:
    """The final position and each seat's score, the winners marked."""
    print()
    print(game.render(state))
    print()
    winners = state.winners()
    for seat, score in enumerate(state.scores()):
        who = f"seat {seat} ({specs[seat]})" if specs else f"seat {seat}"
        print(f"{who}: {score}{'  winner' if seat in winners else ''}")


def _check_writable(path: str) -> None:
    """Refuse a ``--save`` path that cannot be written, before the game rather than after."""
    if not path.strip():
        raise UsageError("--save needs a file name, not an empty one")
    folder = os.path.dirname(path) or "."
    if not os.path.isdir(folder):
        raise UsageError(f"cannot write {path}: no folder {folder}")
    if os.path.isdir(path):
        raise UsageError(f"cannot write {path}: it is a folder")
    if not os.access(folder, os.W_OK) or (os.path.exists(path) and not os.access(path, os.W_OK)):
        raise UsageError(f"cannot write {path}: permission denied")


def _save(path: str, game: Game[Any], state: State, seed: int, options: dict[str, Any]) -> None:
    """Write the record to a temporary file beside ``path``, then rename it: a run killed while
    writing leaves the old file whole (or none), never part of a record."""
    text = record_of(game, state, seed, options).to_json() + "\n"
    folder = os.path.dirname(path) or "."
    try:
        handle, temporary = tempfile.mkstemp(prefix=".tabletop-", suffix=".json.tmp", dir=folder)
        try:
            os.chmod(temporary, 0o666 & ~_umask())
            with os.fdopen(handle, "w", encoding="utf-8") as file:
                file.write(text)
                file.flush()
                os.fsync(file.fileno())
            os.replace(temporary, path)
        except BaseException:
            os.unlink(temporary)
            raise
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror}") from None
    print(f"record saved to {path}")


def _umask() -> int:
    """The process's file creation mask (read by setting it, then set back)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


class _ProgressBar:
    """Progress on stderr: the games done, their rate and the time left.

    On a terminal, a bar redrawn in place; elsewhere (a log file, a pipe), a line every
    :attr:`EVERY` seconds and one at the end, so that a long run is never silent.
    """

    WIDTH = 30
    EVERY = 10.0

    def __init__(self, stream: TextIO, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream = stream
        self.clock = clock
        self.started = clock()
        self.terminal = stream.isatty()
        self.last_line = self.started

    def __call__(self, done: int, total: int) -> None:
        now = self.clock()
        elapsed = now - self.started
        rate = done / elapsed if elapsed > 0 else 0.0
        speed = f"{rate:.1f} games/s" if rate else "-- games/s"
        left = f", {_duration((total - done) / rate)} left" if rate and done < total else ""
        text = f"{done}/{total} games, {speed}{left}"
        if self.terminal:
            filled = self.WIDTH * done // total
            bar = "#" * filled + "." * (self.WIDTH - filled)
            end = "\n" if done == total else ""
            # The trailing blanks wipe what a longer previous line left.
            self.stream.write(f"\r[{bar}] {text}    {end}")
        elif done == total or now - self.last_line >= self.EVERY:
            self.last_line = now
            self.stream.write(f"progress: {text}\n")
        self.stream.flush()


def _duration(seconds: float) -> str:
    """``seconds`` as ``1h02m``, ``4m05s`` or ``12s``."""
    whole = int(seconds + 0.5)
    hours, rest = divmod(whole, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}h{minutes:02d}m"
    return f"{minutes}m{secs:02d}s" if minutes else f"{secs}s"


def _simulate(args: argparse.Namespace) -> int:
    game = _game(args.game)
    specs = _agent_specs(args.agents, args.players, game)
    if "human" in specs:
        raise UsageError("simulate plays bots only; 'human' is for tabletop play")
    options = _options(args.option, game)
    game.declared.resolve(len(specs), options)
    _check_run(args.games, args.workers)
    seed = _seed(args.seed)
    _announce(f"{game.name}: {count(args.games, 'game')}, agents {','.join(specs)}, seed {seed}")
    summary = simulate(
        game,
        args.games,
        specs,
        workers=args.workers,
        seed=seed,
        progress=_ProgressBar(sys.stderr),
        **options,
    )
    print(summary.format())
    return 0


def _tournament(args: argparse.Namespace) -> int:
    game = _game(args.game)
    specs = _names(args.agents)
    if "human" in specs:
        raise UsageError("tournaments are played by bots only; 'human' is for tabletop play")
    _check_players(game, len(specs))
    options = _options(args.option, game)
    game.declared.resolve(len(specs), options)
    _check_run(args.games, args.workers)
    seed = _seed(args.seed)
    _announce(f"{game.name} tournament: {count(args.games, 'game')} per seating, agents {','.join(specs)}, seed {seed}")
    result = tournament(
        game,
        specs,
        args.games,
        workers=args.workers,
        seed=seed,
        progress=_ProgressBar(sys.stderr),
        **options,
    )
    print(result.format())
    return 0


def _check_run(games: int, workers: int) -> None:
    """Refuse a count of games or workers below 1 before the run is announced."""
    if games < 1:
        raise UsageError(f"the number of games must be at least 1, not {games}")
    if workers < 1:
        raise UsageError(f"the number of workers must be at least 1, not {workers}")


def _announce(line: str) -> None:
    """A line on stderr before a long run: what is played and its seed (the report, on stdout,
    comes at the end; a run stopped early can be restarted with the same seed)."""
    print(line, file=sys.stderr, flush=True)


def _replay(args: argparse.Namespace) -> int:
    try:
        if os.path.getsize(args.file) > MAX_JSON_CHARS:
            raise UsageError(f"{args.file} is larger than any game record ({MAX_JSON_CHARS:,} bytes at most)")
        with open(args.file, encoding="utf-8") as file:
            text = file.read()
    except OSError as err:
        raise UsageError(f"cannot read {args.file}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{args.file} is not a text file") from None
    try:
        record = Record.from_json(text)
        game = lookup(record.game)
        state = replay(game, record)
    except ValueError as err:  # InvalidRecord, an unknown game
        raise UsageError(f"{args.file}: {err}") from None
    print(f"{game.title}, {record.players} players, seed {record.seed}, {len(record.moves)} moves")
    _print_end(game, state)
    if state.to_move == CHANCE:
        print("the game is not over: a random event is next (chance to move)")
    elif not state.is_over:
        print(f"the game is not over: seat {state.to_move} to move")
    return 0


def _bench(args: argparse.Namespace) -> int:
    game = _game(args.game)
    if not args.seconds > 0:
        raise UsageError(f"--seconds takes a time budget above 0, not {args.seconds:g}")
    if args.players is not None:
        _check_players(game, args.players)
    players = args.players or min(max(DEFAULT_PLAYERS, game.min_players), game.max_players)
    options = _options(args.option, game)
    game.declared.resolve(players, options)
    print(bench(game, players=players, seconds=args.seconds, **options).format())
    return 0


if __name__ == "__main__":
    sys.exit(main())
