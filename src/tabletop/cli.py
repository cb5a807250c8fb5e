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
import inspect
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
    ``?`` lists the moves again; an empty line asks again; anything else gets a message and
    another try; ``quit`` (or ``q``, or the end of input) abandons the game.
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
                # End the prompt's line, so that what follows does not run on after it.
                print(file=out)
                raise Abandoned("input ended", state) from None
            if not text:
                continue  # an empty line (Enter alone) just asks again
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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tabletop",
        description="Play, simulate and check Euro board games.",
        epilog="'tabletop COMMAND --help' describes a command; 'tabletop list' names the games.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {_version()}")
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    def command(name: str, summary: str, description: str) -> argparse.ArgumentParser:
        return commands.add_parser(name, help=summary, description=description)

    game_help = "the game's name, as 'tabletop list' prints it (e.g. takenoko)"

    listing = command(
        "list", "list the games", "List the registered games and their player counts."
    )
    listing.add_argument(
        "--options", action="store_true", help="also list each game's options and defaults"
    )
    listing.set_defaults(run=_list)

    opts = command(
        "options",
        "list a game's options (for --option KEY=VALUE)",
        "List a game's options with their defaults and the kind of value each takes.",
    )
    opts.add_argument("game", help=game_help)
    opts.set_defaults(run=_list_options)

    agents = ", ".join(["human", *AGENTS])
    bots = ", ".join(AGENTS)
    play = command(
        "play",
        "play one game (people and bots)",
        "Play one game. A 'human' seat is played at the keyboard: type a move's number or its "
        "notation, ? to list the moves again, quit to stop. The bots' moves are printed as "
        "they are played, then the final position and scores.",
    )
    play.add_argument("game", help=game_help)
    play.add_argument(
        "--players",
        type=int,
        help="number of players (default: one per name of --agents; with a single name, "
        "2, or the game's minimum if that is more)",
    )
    play.add_argument(
        "--agents",
        help=f"comma-separated agents by seat, among: {agents}; one name fills every seat "
        "(default: human in seat 0, random in the others)",
    )
    play.add_argument("--seed", type=int, help="game seed (default: random, printed)")
    play.add_argument("--save", metavar="FILE", help="write the game record (JSON) to FILE")
    play.add_argument(
        "--quiet",
        action="store_true",
        help="do not print the bots' moves, only the final position and scores",
    )
    _add_options(play)
    play.set_defaults(run=_play)

    sim = command(
        "simulate",
        "play many games between bots",
        "Play many games between bots (in worker processes) and print win rates by seat "
        "and by agent, score statistics and game length.",
    )
    sim.add_argument("game", help=game_help)
    sim.add_argument("-n", "--games", type=int, default=100, help="number of games (default 100)")
    sim.add_argument(
        "--agents",
        default="random",
        help=f"comma-separated bots by seat, among: {bots}; one name fills every "
        "seat (default: random)",
    )
    sim.add_argument(
        "--players",
        type=int,
        help="number of players (default: one per name of --agents; with a single name, "
        "2, or the game's minimum if that is more)",
    )
    sim.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    sim.add_argument("--seed", type=int, help="simulation seed (default: random, printed)")
    _add_options(sim)
    sim.set_defaults(run=_simulate)

    tour = command(
        "tournament",
        "bots in every seating, on the same deals",
        "Play the bots in every seating on the same deals (game seeds), so that seat "
        "advantage and luck largely cancel out; print win rates by agent and by seating.",
    )
    tour.add_argument("game", help=game_help)
    tour.add_argument(
        "-n", "--games", type=int, default=20, help="games per seating (default 20)"
    )
    tour.add_argument(
        "--agents",
        required=True,
        help=f"comma-separated bots, one per seat (their number is the number of players), "
        f"among: {bots}",
    )
    tour.add_argument("--workers", type=int, default=1, help="worker processes (default 1)")
    tour.add_argument("--seed", type=int, help="seed of the deals (default: random, printed)")
    _add_options(tour)
    tour.set_defaults(run=_tournament)

    rep = command(
        "replay",
        "replay a game record and show the final position",
        "Rebuild a game from its record (as 'tabletop play --save' writes it) and print its "
        "final position and scores.",
    )
    rep.add_argument("file", help="a game record (JSON), as 'tabletop play --save FILE' writes it")
    rep.set_defaults(run=_replay)

    ben = command(
        "bench",
        "random playouts: decisions/s and games/s",
        "Measure the rules engine: random playouts on one core for a time budget.",
    )
    ben.add_argument("game", help=game_help)
    ben.add_argument(
        "--seconds", type=float, default=5.0, help="time budget in seconds (default 5)"
    )
    ben.add_argument("--players", type=int, help="number of players (default 3 if supported)")
    _add_options(ben)
    ben.set_defaults(run=_bench)
    return parser


def _version() -> str:
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("tabletop")
    except PackageNotFoundError:
        return "(version unknown)"


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
            raise UsageError(
                f"{game.title} has no option {key!r}; its options: {', '.join(game.options)} "
                f"('tabletop options {game.name}' says what each takes)"
            )
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
        raise UsageError(f"{game.title} option {key!r} takes true or false, not {text!r}")
    if isinstance(default, int):
        try:
            return int(text)
        except ValueError:
            raise UsageError(
                f"{game.title} option {key!r} takes a whole number, not {text!r}"
            ) from None
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise UsageError(f"{game.title} option {key!r} takes a number, not {text!r}") from None
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


def _describe(default: Any, annotation: str = "") -> str:
    """The default of an option and the kind of value it takes; ``annotation`` is the type
    ``new_game`` declares for it, which says more than a default of ``None``."""
    if isinstance(default, bool):
        return f"{str(default).lower():<15} true or false"
    if isinstance(default, int):
        return f"{default!s:<15} a whole number"
    if isinstance(default, float):
        return f"{default!s:<15} a number"
    if isinstance(default, str):
        return f"{default:<15} text"
    if default is None:
        kinds = {part.strip() for part in annotation.split("|")} - {"None", ""}
        if "Path" in kinds:
            kind = "a folder of data files"
        elif kinds == {"int"}:
            kind = "a whole number"
        elif kinds == {"str"}:
            kind = "text"
        else:
            kind = "any value; JSON when it parses"
        return f"{'(none)':<15} {kind}"
    return f"{default!r:<15}"


def _option_lines(game: Game) -> list[str]:
    if not game.options:
        return ["  (no options)"]
    width = max(len(key) for key in game.options)
    annotations = _annotations(game)
    lines = []
    for key, value in game.options.items():
        lines.append(f"  {key:<{width}}  {_describe(value, annotations.get(key, ''))}".rstrip())
        if key in game.option_help:
            lines.append(f"  {'':<{width}}    {game.option_help[key]}")
    return lines


def _annotations(game: Game) -> dict[str, str]:
    """The types ``game.new_game`` declares for its keyword parameters, as text."""
    try:
        parameters = inspect.signature(game.new_game).parameters.values()
    except (TypeError, ValueError):  # pragma: no cover - a callable without a signature
        return {}
    return {
        p.name: _text(p.annotation) for p in parameters if p.annotation is not p.empty
    }


def _text(annotation: Any) -> str:
    """An annotation as written (``from __future__ import annotations`` keeps it as text)."""
    return annotation if isinstance(annotation, str) else inspect.formatannotation(annotation)


def _agent_specs(text: str | None, players: int | None, game: Game) -> list[str]:
    """The agent names by seat; a single name fills every seat (two when ``players`` is absent,
    or the game's only supported count). Without ``text`` (no ``--agents``), a human plays
    seat 0 and random bots the others. The player count is checked first."""
    if players is not None:
        _check_players(game, players)
    if text is None:
        count = players if players is not None else min(max(2, game.min_players), game.max_players)
        return ["human"] + ["random"] * (count - 1)
    specs = _names(text)
    if len(specs) == 1:
        if players is None:
            players = min(max(2, game.min_players), game.max_players)
        specs *= players
    if players is not None and len(specs) != players:
        raise UsageError(
            f"{_count(players, 'player')} {'needs' if players == 1 else 'need'} "
            f"{_count(players, 'agent')}, "
            f"but --agents names {len(specs)}"
        )
    _check_players(game, len(specs))
    return specs


def _names(text: str) -> list[str]:
    """The agent names of a comma-separated list, in lower case (``Greedy`` is ``greedy``)."""
    return [spec.strip().lower() for spec in text.split(",")]


def _game(name: str) -> Game:
    try:
        return resolve_game(name)
    except ValueError as err:
        raise UsageError(str(err)) from None


def _check_players(game: Game, players: int) -> None:
    if not game.min_players <= players <= game.max_players:
        raise UsageError(
            f"{game.title} is played by {game.min_players}-{game.max_players} players, "
            f"not {players}"
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
    pages = _option_docs(game)
    if pages:
        print("What they mean: " + ", ".join(f"python -m pydoc {page}" for page in pages))
    return 0


def _option_docs(game: Game) -> list[str]:
    """The pydoc pages that document the options of ``game``: its package's ``Options`` class
    (when it has one) and its ``new_game`` function."""
    module = getattr(game.new_game, "__module__", None) or ""
    if not module.startswith("tabletop."):
        return []
    package = ".".join(module.split(".")[:2])
    loaded = sys.modules.get(package)
    name = getattr(game.new_game, "__name__", "")
    if loaded is None or getattr(loaded, name, None) is not game.new_game:
        return [package]
    pages = [f"{package}.{name}"]
    if inspect.isclass(getattr(loaded, "Options", None)):
        pages.insert(0, f"{package}.Options")
    return pages


def _play(args: argparse.Namespace) -> int:
    game = _game(args.game)
    specs = _agent_specs(args.agents, args.players, game)
    options = _start_options(game, len(specs), args.option)
    if args.save:
        # Found out now, not after the whole game has been played.
        folder = os.path.dirname(args.save) or "."
        if not os.path.isdir(folder):
            raise UsageError(f"cannot write {args.save}: no folder {folder}")
        if os.path.isdir(args.save):
            raise UsageError(f"cannot write {args.save}: it is a folder")
        if not os.access(folder, os.W_OK) or (
            os.path.exists(args.save) and not os.access(args.save, os.W_OK)
        ):
            raise UsageError(f"cannot write {args.save}: permission denied")
    seed: int = args.seed if args.seed is not None else secrets.randbits(31)
    agents: list[Agent] = [
        HumanAgent(game, seat)
        if spec == "human"
        else make_agent(spec, agent_seed(seed, seat), game)
        for seat, spec in enumerate(specs)
    ]
    print(f"{game.title}, {_count(len(specs), 'player')} ({', '.join(specs)}), seed {seed}")

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


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


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
    specs = _names(args.agents)
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
    if not args.seconds > 0:
        raise UsageError(f"--seconds takes a time budget above 0, not {args.seconds:g}")
    if args.players is not None:
        _check_players(game, args.players)
    players = args.players or min(max(DEFAULT_PLAYERS, game.min_players), game.max_players)
    options = _start_options(game, players, args.option)
    print(bench(game, players=players, seconds=args.seconds, **options).format())
    return 0


if __name__ == "__main__":
    sys.exit(main())
