"""The ``tabletop`` command: list games, play, simulate, run tournaments, replay, benchmark.

::

    tabletop list [--options]
    tabletop options loyang
    tabletop play takenoko --players 3 --agents human,random,greedy --seed 1 [--save game.json]
    tabletop simulate takenoko -n 1000 --agents greedy,random,random --workers 2
    tabletop tournament takenoko -n 50 --agents mcts,greedy,random --workers 2
    tabletop replay game.json
    tabletop bench takenoko --seconds 10

Every command that starts games accepts ``--option key=value`` (repeatable) for the game's
options (``tabletop options GAME`` lists them). A value is read as the type of the option's
default: ``true``/``false`` (also ``yes``/``no``, ``on``/``off``, ``1``/``0``) for a flag, a
whole number for a number, the text as typed for a text option, and JSON when it parses (plain
text otherwise) for an option without a default. Errors the user can fix (unknown game, agent
or option, a bad option value, wrong number of agents or players, unreadable record) are
printed on stderr as one line without a traceback, with exit status 2.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sys
from collections.abc import Sequence
from typing import Any, TextIO

import tabletop
from tabletop.agents import AGENTS, Agent, make_agent
from tabletop.bench import DEFAULT_PLAYERS, bench
from tabletop.kernel.api import Game, IllegalMove, State
from tabletop.kernel.record import Record, record_of, replay
from tabletop.play import (
    GameStalled,
    agent_seed,
    check_options,
    play_game,
    resolve_game,
    simulate,
    tournament,
)

#: Exit status for errors in what the user asked (as argparse uses for bad arguments).
USAGE_ERROR = 2


class UsageError(Exception):
    """A mistake in the command line or its inputs; printed without a traceback."""


class Abandoned(Exception):
    """A person at the keyboard quit the game (``quit`` or end of input) in ``state``."""

    def __init__(self, reason: str, state: State) -> None:
        super().__init__(reason)
        self.state = state


class HumanAgent:
    """A person at the terminal: sees their view of the position and types a move.

    The move is typed as its number in the printed list or as its notation (in any case).
    ``?`` lists the moves again; anything else gets a message and another try; ``quit`` (or
    the end of input) abandons the game.
    """

    name = "human"

    def __init__(self, game: Game, seat: int, out: TextIO | None = None) -> None:
        self.game = game
        self.seat = seat
        self.out = out

    def choose(self, state: State) -> Any:
        """Print the position and the legal moves, then read moves until one is legal."""
        out = self.out or sys.stdout
        view = state.view(self.seat)
        moves = state.legal_moves()
        print(file=out)
        print(self.game.render(view), file=out)
        print(f"\nSeat {self.seat} to move. Legal moves:", file=out)
        for number, move in enumerate(moves, 1):
            print(f"  {number:>3}. {move}", file=out)
        while True:
            try:
                text = input(f"seat {self.seat}> ").strip()
            except EOFError:
                raise Abandoned("input ended", state) from None
            if text.lower() in ("quit", "q"):
                raise Abandoned("quit", state)
            if text.lower() in ("?", "help", "moves"):
                for number, move in enumerate(moves, 1):
                    print(f"  {number:>3}. {move}", file=out)
                continue
            if text.isdigit():
                number = int(text)
                if 1 <= number <= len(moves):
                    return moves[number - 1]
                print(f"There is no move {number}: type 1 to {len(moves)}, or a move.", file=out)
                continue
            try:
                return self.game.parse_move(state, text)
            except IllegalMove as err:
                # Notation typed in another case ("Plot" for "plot") is still that move.
                same = [m for m in moves if str(m).lower() == " ".join(text.lower().split())]
                if len(same) == 1:
                    return same[0]
                print(
                    f"{err}. Type a number from 1 to {len(moves)}, a move, ? to list the "
                    "moves again, or quit.",
                    file=out,
                )


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line ``argv`` (default: ``sys.argv[1:]``) and return the exit status."""
    parser = _parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as exit_:
        # argparse exits on --help and on bad arguments; a caller of main() gets the status.
        return exit_.code if isinstance(exit_.code, int) else USAGE_ERROR
    try:
        status: int = args.run(args)
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop", description="Play, simulate and check Euro board games."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    listing = commands.add_parser("list", help="list the games")
    listing.add_argument(
        "--options", action="store_true", help="also list each game's options and defaults"
    )
    listing.set_defaults(run=_list)

    opts = commands.add_parser("options", help="list a game's options (for --option KEY=VALUE)")
    opts.add_argument("game")
    opts.set_defaults(run=_list_options)

    agents = ", ".join(["human", *AGENTS])
    bots = ", ".join(AGENTS)
    play = commands.add_parser("play", help="play one game (people and bots)")
    play.add_argument("game")
    play.add_argument("--players", type=int, help="number of players (default: number of agents)")
    play.add_argument(
        "--agents",
        default="human,random",
        help=f"comma-separated agents by seat, among: {agents}; one name fills every seat "
        "(default: human,random)",
    )
    play.add_argument("--seed", type=int, help="game seed (default: random, printed)")
    play.add_argument("--save", metavar="FILE", help="write the game record (JSON) to FILE")
    play.add_argument("--quiet", action="store_true", help="print only the result")
    _add_options(play)
    play.set_defaults(run=_play)

    sim = commands.add_parser("simulate", help="play many games between bots")
    sim.add_argument("game")
    sim.add_argument("-n", "--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument(
        "--agents",
        default="random",
        help=f"comma-separated bots by seat, among: {bots}; one name fills every "
        "seat (default: random)",
    )
    sim.add_argument("--players", type=int, help="number of players (default: number of agents)")
    sim.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument("--seed", type=int, help="simulation seed (default: random, printed)")
    _add_options(sim)
    sim.set_defaults(run=_simulate)

    tour = commands.add_parser("tournament", help="bots in every seating, on the same deals")
    tour.add_argument("game")
    tour.add_argument(
        "-n", "--games", type=int, default=20, help="games per seating (default 20)"
    )
    tour.add_argument(
        "--agents", required=True, help=f"comma-separated bots, one per seat, among: {bots}"
    )
    tour.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    tour.add_argument("--seed", type=int, help="seed of the deals (default: random, printed)")
    _add_options(tour)
    tour.set_defaults(run=_tournament)

    rep = commands.add_parser("replay", help="replay a game record and show the final position")
    rep.add_argument("file")
    rep.set_defaults(run=_replay)

    ben = commands.add_parser("bench", help="random playouts: decisions/s and games/s")
    ben.add_argument("game")
    ben.add_argument("--seconds", type=float, default=5.0, help="time budget (default 5)")
    ben.add_argument("--players", type=int, help="number of players (default 3 if supported)")
    _add_options(ben)
    ben.set_defaults(run=_bench)
    return parser


def _add_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--option",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); 'tabletop options GAME' lists them",
    )


def _options(pairs: list[str], game: Game) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for pair in pairs:
        key, sep, text = pair.partition("=")
        if not sep or not key:
            raise UsageError(f"--option takes KEY=VALUE, not {pair!r}")
        if game.options and key not in game.options:
            known = ", ".join(f"{k} (default {v!r})" for k, v in game.options.items())
            raise UsageError(f"{game.name} has no option {key!r}; its options: {known}")
        options[key] = _option_value(game, key, text)
    try:
        check_options(game, options)
    except ValueError as err:
        raise UsageError(str(err)) from None
    return options


_TRUE = ("true", "yes", "on", "1")
_FALSE = ("false", "no", "off", "0")


def _option_value(game: Game, key: str, text: str) -> Any:
    """``text`` read as the type of the option's default (see the module's docstring)."""
    default = game.options.get(key)
    if isinstance(default, bool):
        if text.lower() in _TRUE:
            return True
        if text.lower() in _FALSE:
            return False
        raise UsageError(f"{game.name} option {key!r} takes true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise UsageError(
                f"{game.name} option {key!r} takes a whole number, not {text!r}"
            ) from None
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise UsageError(f"{game.name} option {key!r} takes a number, not {text!r}") from None
    if isinstance(default, str):
        return text
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _start_options(game: Game, players: int, pairs: list[str]) -> dict[str, Any]:
    """The options of ``pairs``, checked by starting a game with them (before any is played)."""
    options = _options(pairs, game)
    try:
        game.new_game(players, seed=0, **options)
    except (ValueError, TypeError) as err:
        raise UsageError(str(err)) from None
    return options


def _describe(default: Any) -> str:
    if isinstance(default, bool):
        return f"{str(default).lower():<15} true or false"
    if isinstance(default, int):
        return f"{default!s:<15} a whole number"
    if isinstance(default, float):
        return f"{default!s:<15} a number"
    if isinstance(default, str):
        return f"{default:<15} text"
    if default is None:
        return f"{'(none)':<15} any value; JSON when it parses"
    return f"{default!r:<15}"


def _option_lines(game: Game) -> list[str]:
    if not game.options:
        return ["  (no options)"]
    width = max(len(key) for key in game.options)
    return [f"  {key:<{width}}  {_describe(value)}".rstrip() for key, value in game.options.items()]


def _agent_specs(text: str, players: int | None, game: Game) -> list[str]:
    """The agent names by seat; a single name fills every seat (two when ``players`` is absent,
    or the game's only supported count)."""
    specs = [spec.strip() for spec in text.split(",")]
    if len(specs) == 1:
        if players is None:
            players = min(max(2, game.min_players), game.max_players)
        specs *= players
    if players is not None and len(specs) != players:
        raise UsageError(
            f"{players} players need {players} agents, but --agents names {len(specs)}"
        )
    return specs


def _game(name: str) -> Game:
    try:
        return resolve_game(name)
    except ValueError as err:
        raise UsageError(str(err)) from None


def _check_players(game: Game, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise UsageError(
            f"{game.name} is played by {game.min_players}-{game.max_players} players, not {players}"
        )


def _list(args: argparse.Namespace) -> int:
    if not tabletop.GAMES:
        print("no games are registered")
    for name, game in sorted(tabletop.GAMES.items()):
        print(f"{name:<20} {game.title} ({game.min_players}-{game.max_players} players)")
        if args.options:
            print("\n".join(_option_lines(game)))
    return 0


def _list_options(args: argparse.Namespace) -> int:
    game = _game(args.game)
    print(f"{game.name} options (--option KEY=VALUE), with their defaults:")
    print("\n".join(_option_lines(game)))
    module = getattr(game.new_game, "__module__", None) or ""
    if module.startswith("tabletop."):
        package = ".".join(module.split(".")[:2])
        print(f"What they mean: python -m pydoc {package}")
    return 0


def _play(args: argparse.Namespace) -> int:
    game = _game(args.game)
    specs = _agent_specs(args.agents, args.players, game)
    _check_players(game, len(specs))
    options = _start_options(game, len(specs), args.option)
    if args.save:
        folder = os.path.dirname(args.save) or "."
        if not os.path.isdir(folder):
            raise UsageError(f"cannot write {args.save}: no folder {folder}")
    seed: int = args.seed if args.seed is not None else secrets.randbits(31)
    agents: list[Agent] = [
        HumanAgent(game, seat)
        if spec == "human"
        else make_agent(spec, agent_seed(seed, seat), game)
        for seat, spec in enumerate(specs)
    ]
    print(f"{game.title}, {len(specs)} player{'' if len(specs) == 1 else 's'} ({', '.join(specs)}), seed {seed}")

    def observe(state: State, seat: int, move: Any) -> None:
        # A person sees the bots' moves; their own they just typed.
        if not args.quiet and specs[seat] != "human":
            print(f"seat {seat} ({specs[seat]}): {move}")

    try:
        result = play_game(game, agents, seed, observer=observe, **options)
    except Abandoned as why:
        print(f"game abandoned ({why})")
        if args.save:
            _save(args.save, game, why.state, seed, options)
        return 1
    print()
    print(game.render(result.state))
    print()
    for seat, (spec, score) in enumerate(zip(specs, result.scores, strict=True)):
        mark = "  winner" if seat in result.winners else ""
        print(f"seat {seat} ({spec}): {score}{mark}")
    print(f"{result.decisions} decisions")
    if args.save:
        _save(args.save, game, result.state, seed, options)
    return 0


def _save(path: str, game: Game, state: State, seed: int, options: dict[str, Any]) -> None:
    try:
        with open(path, "w", encoding="utf-8") as file:
            file.write(record_of(game, state, seed, options).to_json() + "\n")
    except OSError as err:
        raise UsageError(f"cannot write {path}: {err.strerror}") from None
    print(f"record saved to {path}")


class _ProgressBar:
    """A one-line progress bar on stderr, redrawn in place."""

    WIDTH = 30

    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        # Redrawing in place makes sense on a terminal only; a log file gets no bar.
        self.enabled = stream.isatty()

    def __call__(self, done: int, total: int) -> None:
        if not self.enabled:
            return
        filled = self.WIDTH * done // total
        bar = "#" * filled + "." * (self.WIDTH - filled)
        end = "\n" if done == total else ""
        self.stream.write(f"\r[{bar}] {done}/{total} games{end}")
        self.stream.flush()


def _simulate(args: argparse.Namespace) -> int:
    game = _game(args.game)
    specs = _agent_specs(args.agents, args.players, game)
    if "human" in specs:
        raise UsageError("simulate plays bots only; 'human' is for tabletop play")
    _check_players(game, len(specs))
    options = _start_options(game, len(specs), args.option)
    seed: int = args.seed if args.seed is not None else secrets.randbits(31)
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
    specs = [spec.strip() for spec in args.agents.split(",")]
    if "human" in specs:
        raise UsageError("tournaments are played by bots only; 'human' is for tabletop play")
    _check_players(game, len(specs))
    options = _start_options(game, len(specs), args.option)
    seed: int = args.seed if args.seed is not None else secrets.randbits(31)
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


def _replay(args: argparse.Namespace) -> int:
    try:
        with open(args.file, encoding="utf-8") as file:
            text = file.read()
    except OSError as err:
        raise UsageError(f"cannot read {args.file}: {err.strerror}") from None
    except UnicodeDecodeError:
        raise UsageError(f"{args.file} is not a text file") from None
    try:
        record = Record.from_json(text)
        game = resolve_game(record.game)
        check_options(game, record.options)
        state = replay(game, record)
    except ValueError as err:  # InvalidRecord, an unknown game, a bad option
        raise UsageError(f"{args.file}: {err}") from None
    print(f"{game.title}, {record.players} players, seed {record.seed}, {len(record.moves)} moves")
    print()
    print(game.render(state))
    print()
    for seat, score in enumerate(state.scores()):
        mark = "  winner" if seat in state.winners() else ""
        print(f"seat {seat}: {score}{mark}")
    if not state.is_over:
        print(f"the game is not over: seat {state.to_move} to move")
    return 0


def _bench(args: argparse.Namespace) -> int:
    game = _game(args.game)
    if args.players is not None:
        _check_players(game, args.players)
    players = args.players or min(max(DEFAULT_PLAYERS, game.min_players), game.max_players)
    options = _start_options(game, players, args.option)
    print(bench(game, players=players, seconds=args.seconds, **options).format())
    return 0


if __name__ == "__main__":
    sys.exit(main())
