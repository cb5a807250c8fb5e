"""The tabletop command line, driven through main() with the toy game registered."""

from __future__ import annotations

import functools
import io
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any, cast

import attrs
import pytest

import tabletop
from tabletop.cli import main
from tabletop.play import play_game
from tabletop.kernel.options import Option, Options
from toy import register
from toy.game import TOY


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, TOY)


def _typing(monkeypatch: pytest.MonkeyPatch, lines: list[str]) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("".join(f"{line}\n" for line in lines)))


def test_list(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["list"]) == 0
    assert "toy" in capsys.readouterr().out


def test_play_bots_prints_moves_and_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "toy", "--agents", "greedy,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "seed 3" in out and "seat 0 (greedy):" in out
    assert "winner" in out and "decisions" in out


def test_play_with_the_search_agent(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "toy", "--agents", "mcts,random", "--seed", "2", "--quiet"]) == 0
    out = capsys.readouterr().out
    assert "seat 0 (mcts):" in out and "(random):" in out


def test_play_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "toy", "--agents", "random", "--players", "3", "--seed", "9"])
    first = capsys.readouterr().out
    main(["play", "toy", "--agents", "random", "--players", "3", "--seed", "9"])
    assert capsys.readouterr().out == first


def test_a_human_plays_by_number_and_by_notation(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The human (seat 0) may draw or play; "play" then the first card, then always 1.
    _typing(monkeypatch, ["play", "1"] + ["1"] * 40)
    save = tmp_path / "game.json"
    argv = ["play", "toy", "--agents", "human,random", "--seed", "3"]
    assert main([*argv, "--save", f"{save}"]) == 0
    out = capsys.readouterr().out
    assert "seat 0> " in out
    assert "deck:" in out  # the position is rendered before the human's decisions
    record = json.loads(save.read_text())
    assert record["moves"][0] == "play" and record["moves"][1].startswith("card ")
    assert TOY.replay(save.read_text()).is_over


def test_a_typo_gets_a_message_and_another_try(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _typing(monkeypatch, ["drwa", "99", "draw", "quit"])
    assert main(["play", "toy", "--agents", "human,random", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "'drwa' is not a legal move here" in out
    assert "There is no move 99" in out
    assert "seat 1 (random):" in out  # "draw" was accepted, then the bot moved
    assert "game abandoned (quit)" in out


def test_end_of_input_abandons_and_saves_the_game_so_far(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    _typing(monkeypatch, ["draw"])
    save = tmp_path / "partial.json"
    argv = ["play", "toy", "--agents", "human,random", "--seed", "3"]
    assert main([*argv, "--save", f"{save}"]) == 1
    moves = json.loads(save.read_text())["moves"]
    assert moves[0] == "draw" and len(moves) >= 2


def test_replay(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    argv = ["play", "toy", "--agents", "greedy,random", "--seed", "4"]
    assert main([*argv, "--save", f"{save}"]) == 0
    played = capsys.readouterr().out
    assert main(["replay", str(save)]) == 0
    out = capsys.readouterr().out
    final = played[played.index("deck:") : played.index("decisions")].split("\n\n")[0]
    assert final in out and "winner" in out


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "not valid JSON"),
        ('{"format": 2, "game": "toy"}', "no field 'players'"),
        ('{"format": 2, "game": "chess", "players": 2, "seed": 1, "moves": [], "options": {}}', "unknown game"),
        ('{"format": 2, "game": "toy", "players": 2, "seed": 1, "moves": ["fly"], "options": {}}', "'moves'[0]"),
        ('{"format": 1, "game": "toy", "players": 2, "seed": 1, "moves": [], "options": {}}', "tabletop 0.1"),
    ],
)
def test_replay_of_a_bad_record_is_a_clear_error(
    content: str, message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    path.write_text(content)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err


def test_replay_of_a_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["replay", str(tmp_path / "none.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def _terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the captured stderr look like a terminal, where the progress bar is drawn."""
    monkeypatch.setattr(sys.stderr, "isatty", lambda: True)


def test_simulate_in_two_workers(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    _terminal(monkeypatch)
    argv = ["simulate", "toy", "-n", "30", "--agents", "greedy,random,random", "--workers", "2"]
    assert main([*argv, "--seed", "1", "--option", "target=15"]) == 0
    captured = capsys.readouterr()
    assert "30/30 games" in captured.err  # the progress bar
    assert "greedy" in captured.out and "win rate" in captured.out
    assert "decisions per game" in captured.out


def test_tournament(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    _terminal(monkeypatch)
    argv = ["tournament", "toy", "-n", "3", "--agents", "greedy,random", "--seed", "2"]
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert "6/6 games" in captured.err
    assert "greedy,random" in captured.out and "random,greedy" in captured.out


def test_bench(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "toy", "--seconds", "0.2"]) == 0
    assert "decisions/s" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["play", "chess"], "unknown game 'chess'; known games:"),
        (["play", "toy", "--players", "3", "--agents", "random,greedy"], "3 players need 3 agents"),
        (["play", "toy", "--agents", "random,genius"], "unknown agent 'genius'"),
        (["play", "toy", "--agents", "random", "--players", "7"], "2-4 players"),
        (["simulate", "toy", "--agents", "human,random"], "bots only"),
        (["simulate", "toy", "--option", "speed=3"], "no option 'speed'"),
        (["simulate", "toy", "--option", "target"], "NAME=VALUE"),
        (["simulate", "toy", "-n", "0"], "at least 1"),
        (["bench", "toy", "--players", "1"], "2-4 players"),
        (["tournament", "toy", "--agents", "human,random"], "bots only"),
        (["play", "toy", "--option", "target=high"], "option 'target' takes a whole number, not 'high'"),
        (["simulate", "toy", "--option", "target=1.5"], "takes a whole number"),
        (["tournament", "toy", "--agents", "random,random", "--option", "copies=x"], "copies"),
        (["bench", "toy", "--option", "target=x"], "takes a whole number"),
        (["options", "chess"], "unknown game 'chess'"),
        (["play", "toy", "--agents", "random", "--save", "/no/such/dir/g.json"], "no folder"),
    ],
)
def test_usage_errors_are_clear(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err
    assert err.count("\n") == 1  # one line


def _flagged_setup(players: int, rng: Any, options: Any) -> Any:
    """The toy game with a flag and a text option, which must arrive typed."""
    assert isinstance(options["fast"], bool) and isinstance(options["mode"], str)
    toy = {name: value for name, value in options.items() if name in TOY.declared}
    return TOY.setup(players, rng, toy)


_FLAGGED = attrs.evolve(
    TOY,
    name="flagged",
    declared=Options(
        "flagged",
        (2, 4),
        (
            *TOY.declared,
            Option("fast", bool, False, "a flag"),
            Option("mode", str, "a", "a text option", choices=("a", "2011")),
        ),
    ),
    setup=_flagged_setup,
)


@pytest.mark.parametrize(
    ("value", "ok"),
    [("true", True), ("False", True), ("yes", True), ("0", True), ("maybe", False), ("2", False)],
)
def test_a_flag_option_takes_true_or_false(
    value: str, ok: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    register(monkeypatch, _FLAGGED)
    argv = ["play", "flagged", "--agents", "random", "--seed", "1", "--quiet"]
    status = main([*argv, "--option", f"fast={value}", "--option", "mode=2011"])
    captured = capsys.readouterr()
    if ok:
        assert status == 0
    else:
        assert status == 2
        assert f"option 'fast' takes true or false, not {value!r}" in captured.err
        assert captured.out == ""  # checked before anything is played or printed


def test_options_are_checked_by_the_declaration_before_the_game_starts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "toy", "--agents", "random", "--option", "target=0"]) == 2
    captured = capsys.readouterr()
    assert "toy option 'target' takes a whole number >= 1, not 0" in captured.err
    assert captured.out == ""
    assert main(["play", "toy", "--agents", "random", "--option", "mode=b"]) == 2
    assert "toy has no option 'mode'" in capsys.readouterr().err


def test_an_explicit_chance_game_prints_the_outcomes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "toy", "--agents", "random", "--seed", "2", "--option", "chance=explicit"]) == 0
    assert "chance: drawn " in capsys.readouterr().out


def test_options_lists_a_games_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "toy"]) == 0
    out = capsys.readouterr().out
    assert "target" in out and "12" in out and "a whole number" in out
    assert main(["list", "--options"]) == 0
    out = capsys.readouterr().out
    assert "copies" in out and "toy" in out


@pytest.mark.skipif("loyang" not in tabletop.GAMES, reason="Loyang is not registered")
def test_options_of_the_registered_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "loyang"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"introductory +default false +takes True or False\n", out)
    assert "introductory version: a blue-dot regular customer in each hand" in out
    assert main(["play", "loyang", "--agents", "random", "--option", "introductory=maybe"]) == 2
    assert "takes true or false, not 'maybe'" in capsys.readouterr().err


def test_replay_of_a_record_with_a_badly_typed_option(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "bad.json"
    record = {"format": 2, "game": "toy", "players": 2, "seed": 1, "moves": [], "options": {"target": "x"}}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "option 'target' takes a whole number" in err and "Traceback" not in err


def test_a_simulation_prints_its_seed_first_and_progress_lines_on_a_non_terminal_stderr(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "toy", "-n", "3", "--agents", "random,random", "--seed", "1"]) == 0
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert lines[0] == "toy: 3 games, agents random,random, seed 1"
    assert lines[-1].startswith("progress: 3/3 games, ") and "games/s" in lines[-1]
    assert "\r" not in captured.err and "win rate" in captured.out


def test_progress_shows_the_rate_and_time_left_on_a_terminal_and_lines_elsewhere() -> None:
    from tabletop.cli import _ProgressBar

    class Stream(io.StringIO):
        def __init__(self, tty: bool) -> None:
            super().__init__()
            self.tty = tty

        def isatty(self) -> bool:
            return self.tty

    now = [0.0]
    terminal = _ProgressBar(Stream(True), clock=lambda: now[0])
    now[0] = 10.0
    terminal(20, 100)
    assert "20/100 games, 2.0 games/s, 40s left" in cast(Stream, terminal.stream).getvalue()
    log = _ProgressBar(Stream(False), clock=lambda: now[0])
    for second, done in ((11.0, 1), (25.0, 50), (26.0, 51), (60.0, 100)):
        now[0] = second
        log(done, 100)
    written = cast(Stream, log.stream).getvalue().splitlines()
    assert written == [
        "progress: 50/100 games, 3.3 games/s, 15s left",
        "progress: 100/100 games, 2.0 games/s",
    ]


@pytest.mark.skipif("loyang" not in tabletop.GAMES, reason="Loyang is not registered")
def test_one_player_is_singular(capsys: pytest.CaptureFixture[str]) -> None:
    main(["play", "loyang", "--agents", "random", "--players", "1", "--seed", "1", "--quiet"])
    assert "1 player (random)" in capsys.readouterr().out


def test_a_human_may_type_notation_in_any_case_and_ask_for_the_moves(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _typing(monkeypatch, ["?", "DRAW", "QUIT"])
    assert main(["play", "toy", "--agents", "human,random", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert out.count("  1. ") >= 2  # listed, then listed again on "?"
    assert "seat 1 (random):" in out  # "DRAW" was played
    assert "game abandoned (quit)" in out


def test_a_stalling_game_is_stopped_with_a_message(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("tabletop.cli.play_game", functools.partial(play_game, max_decisions=3))
    assert main(["play", "toy", "--agents", "random", "--seed", "1", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "has not ended after 3 decisions" in err and "Traceback" not in err


def test_bad_arguments_exit_2_and_help_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["frobnicate"]) == 2
    assert main(["--help"]) == 0
    assert "simulate" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("weather=maybe", "option 'weather' takes true or false, not 'maybe'"),
        ("max_rounds=x", "option 'max_rounds' takes a whole number, not 'x'"),
        ("max_rounds=-1", "takenoko option 'max_rounds' takes a whole number >= 0, not -1"),
        ("bamboo_supply=2012", "option 'bamboo_supply' takes one of 'unlimited', '2011', 'later'"),
        ("components=/no/such/folder", "option 'components': '/no/such/folder' is not a folder of data files"),
        ("components=7", "option 'components' takes a Components object"),
    ],
)
@pytest.mark.skipif("takenoko" not in tabletop.GAMES, reason="Takenoko is not registered")
def test_a_bad_takenoko_option_is_one_line_without_traceback(
    capsys: pytest.CaptureFixture[str], option: str, message: str
) -> None:
    assert main(["play", "takenoko", "--agents", "random", "--seed", "1", "--option", option]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("goal=20", "loyang option 'goal' takes one of 17, 18, 19, not 20"),
        ("start_player=2", "option 'start_player' takes a seat from 0 to 1 or None (random), not 2"),
        ("start_player=true", "not True"),
        ("crier_in_card_phase=1.5", "option 'crier_in_card_phase' takes true or false"),
    ],
)
@pytest.mark.skipif("loyang" not in tabletop.GAMES, reason="Loyang is not registered")
def test_a_bad_loyang_option_is_one_line_without_traceback(
    capsys: pytest.CaptureFixture[str], option: str, message: str
) -> None:
    assert main(["play", "loyang", "--agents", "random", "--seed", "1", "--option", option]) == 2
    err = capsys.readouterr().err
    assert message in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.skipif("loyang" not in tabletop.GAMES, reason="Loyang is not registered")
def test_a_game_with_a_components_folder_is_saved_with_its_data_and_replays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from tabletop.loyang.components import DATA_DIR

    folder = tmp_path / "data"
    shutil.copytree(DATA_DIR, folder)
    board = folder / "board.toml"
    board.write_text(board.read_text().replace("cash = 10", "cash = 12"))
    save = tmp_path / "game.json"
    argv = ["play", "loyang", "--agents", "random", "--seed", "2", "--quiet"]
    assert main([*argv, "--option", f"components={folder}", "--save", str(save)]) == 0
    played = capsys.readouterr().out
    shutil.rmtree(folder)
    record = json.loads(save.read_text())
    assert record["options"]["components"]["board.toml"]["player"]["cash"] == 12
    assert main(["replay", str(save)]) == 0
    replayed = capsys.readouterr().out
    final = [line.replace(" (random)", "") for line in played.splitlines() if line.startswith("seat ")]
    assert final and all(line in replayed for line in final)
    record["options"]["components"]["board.toml"]["player"]["cash"] = "twelve"
    save.write_text(json.dumps(record))
    assert main(["replay", str(save)]) == 2
    err = capsys.readouterr().err
    assert "board.toml [player] field 'cash' must be a int" in err and "Traceback" not in err


def test_the_player_count_is_checked_first_and_default_agents_fill_the_seats(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # Without --agents, "--players 5" used to be refused as "5 players need 5 agents".
    assert main(["play", "toy", "--players", "5"]) == 2
    assert "is played by 2-4 players, not 5" in capsys.readouterr().err
    _typing(monkeypatch, [])
    assert main(["play", "toy", "--players", "3", "--seed", "1"]) == 1  # the human's input ends
    assert "3 players (human, random, random), seed 1" in capsys.readouterr().out


@pytest.mark.skipif("loyang" not in tabletop.GAMES, reason="Loyang is not registered")
def test_a_wrong_number_of_agents_is_said_in_good_english(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["play", "loyang", "--players", "1", "--agents", "random,greedy"]) == 2
    assert "1 player needs 1 agent, but --agents names 2" in capsys.readouterr().err


def test_agent_names_are_read_in_any_case(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "toy", "--agents", "Greedy, RANDOM", "--seed", "3", "--quiet"]) == 0
    assert "2 players (greedy, random), seed 3" in capsys.readouterr().out
    argv = ["tournament", "toy", "-n", "1", "--agents", "GREEDY,random", "--seed", "1"]
    assert main(argv) == 0
    assert "greedy,random" in capsys.readouterr().out


def test_saving_into_a_folder_is_refused_before_the_game(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # It used to be found out after the whole game had been played, and the game was lost.
    assert main(["play", "toy", "--agents", "random", "--save", str(tmp_path)]) == 2
    captured = capsys.readouterr()
    assert "it is a folder" in captured.err and captured.out == ""


def test_an_empty_line_asks_again_and_end_of_input_ends_the_prompt_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _typing(monkeypatch, ["", "   ", "draw"])
    assert main(["play", "toy", "--agents", "human,random", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "is not a legal move" not in out  # Enter alone is no mistake
    assert out.count("seat 0> seat 0> seat 0> ") == 1  # asked again twice, then "draw"
    assert "seat 0> \ngame abandoned (input ended)" in out  # not on the prompt's line


def test_a_stalled_game_in_a_simulation_is_one_line_naming_its_seed(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("tabletop.play.play_game", functools.partial(play_game, max_decisions=3))
    assert main(["simulate", "toy", "-n", "2", "--agents", "random,random", "--seed", "1"]) == 1
    err = capsys.readouterr().err
    last = err.splitlines()[-1]
    assert "has not ended after 3 decisions" in last and "with seed " in last
    assert "Traceback" not in err and err.startswith("toy: 2 games, agents random,random, seed 1\n")


@pytest.mark.parametrize(
    "command", ["list", "options", "play", "simulate", "tournament", "replay", "bench"]
)
def test_every_command_has_a_description_and_its_arguments_have_help(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([command, "--help"]) == 0
    out = capsys.readouterr().out
    _, rest = out.split("\n\n", 1)
    assert rest.split("\n", 1)[0] and not rest.startswith(("positional", "options"))
    if command not in ("list", "replay"):
        assert "the game's name" in out
    if command == "replay":
        assert "--save FILE" in out
    if command == "play":
        # What --quiet really prints (help lines are wrapped: compare the words).
        assert "only the final position and scores" in " ".join(out.split())


def test_tabletop_alone_shows_the_help_and_version_is_known(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([]) == 2
    err = capsys.readouterr().err
    assert "simulate" in err and "tabletop COMMAND --help" in err
    assert main(["--version"]) == 0
    assert capsys.readouterr().out.startswith("tabletop ")


def test_an_unknown_option_names_the_options_and_where_they_are_described(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["simulate", "toy", "--option", "speed=3"]) == 2
    err = capsys.readouterr().err
    assert "its options: target, copies, chance); 'tabletop options toy' says what each takes" in err
    assert "default" not in err and err.count("\n") == 1


@pytest.mark.skipif("loyang" not in tabletop.GAMES, reason="Loyang is not registered")
def test_options_checked_by_the_game_are_read_as_json_from_the_command_line(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["options", "loyang"]) == 0
    out = capsys.readouterr().out
    assert re.search(r"start_player +default none +takes a value \(see its help\)\n", out)
    argv = ["play", "loyang", "--agents", "random", "--seed", "1", "--quiet", "--players", "2"]
    assert main([*argv, "--option", "start_player=1"]) == 0
    capsys.readouterr()
    assert main([*argv, "--option", "start_player=seven"]) == 2
    assert "takes a seat from 0 to 3 or None (random), not 'seven'" in capsys.readouterr().err


def test_bench_refuses_a_budget_of_no_time(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "toy", "--seconds", "0"]) == 2
    assert "--seconds takes a time budget above 0, not 0" in capsys.readouterr().err


def test_the_readme_examples_with_the_search_agent_stay_short() -> None:
    # "tournament -n 50 --agents mcts,greedy,random" (300 games of tens of seconds) ran for
    # over an hour on two cores; the README's examples are meant to be typed and watched.
    readme = (Path(__file__).parent.parent / "README.md").read_text()
    for line in readme.splitlines():
        if line.startswith("tabletop ") and "mcts" in line:
            games = int(line.split(" -n ")[1].split()[0]) if " -n " in line else 20
            assert games <= 10, line


class _Cheater:
    """Plays a move of the wrong game: what a buggy bot might do."""

    name = "cheater"

    def choose(self, state: Any) -> object:
        return "no such move"


def test_a_bot_playing_an_illegal_move_is_a_bug_reported_with_status_1(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(tabletop.agents.AGENTS, "cheater", lambda seed, game: _Cheater())
    assert main(["play", "toy", "--agents", "random,cheater", "--seed", "1", "--quiet"]) == 1
    err = capsys.readouterr().err
    assert "an agent played an illegal move: seat 1 (cheater) chose no such move" in err


def test_options_print_each_options_help_under_it(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["options", "toy"]) == 0
    lines = capsys.readouterr().out.splitlines()
    at = next(i for i, line in enumerate(lines) if line.lstrip().startswith("target"))
    assert "default 12" in lines[at] and "takes a whole number >= 1" in lines[at]
    assert lines[at + 1].strip() == "the score that ends the game"
    assert lines[at + 2].lstrip().startswith("copies")


def test_replay_of_an_unfinished_explicit_chance_game_says_chance_is_next(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "dealing.json"
    record = {"format": 2, "game": "toy", "players": 2, "seed": 1, "moves": ["drawn 3"], "options": {"chance": "explicit"}}
    path.write_text(json.dumps(record))
    assert main(["replay", str(path)]) == 0
    assert "a random event is next (chance to move)" in capsys.readouterr().out
