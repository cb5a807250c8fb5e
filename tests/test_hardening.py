"""Bad input to the public API and the command line is refused cleanly, the same way for every
game: an error of ours (``InvalidRecord``, ``InvalidArgument``, ``ValueError``) naming what is
wrong, quoting at most a short piece of it, never a raw Python error or a traceback."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import tabletop
from tabletop import GAMES, InvalidArgument, InvalidRecord, new_game
from tabletop.cli import main
from tabletop.kernel.api import IllegalMove, parse_by_notation
from tabletop.kernel.checks import check_seat
from tabletop.kernel.record import Record, record_of
from toy import register
from toy.game import TOY

REGISTERED = sorted(GAMES)
ALL = [*REGISTERED, "toy"]
DEEP = "[" * 100_000


@pytest.fixture(autouse=True)
def toy_registered(monkeypatch: pytest.MonkeyPatch) -> None:
    register(monkeypatch, TOY)


def _start(name: str, players: int | None = None) -> Any:
    game = GAMES[name]
    return game.new_game(players or max(2, game.min_players), seed=3)


def _record(name: str) -> str:
    game = GAMES[name]
    state = _start(name)
    for _ in range(6):
        if state.is_over:
            break
        state = state.apply(state.legal_moves()[0])
    return record_of(game, state, 3).to_json()


# --- deep nesting and huge inputs ----------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("text", [DEEP, "{" * 100_000, '{"a":' * 5_000 + "1" + "}" * 5_000])
def test_deeply_nested_json_is_refused_cleanly_by_from_json_and_replay(name: str, text: str) -> None:
    game = GAMES[name]
    with pytest.raises(InvalidRecord, match="nest|not valid JSON|must be a JSON object") as err:
        game.from_json(text)
    assert len(str(err.value)) < 300
    with pytest.raises(InvalidRecord) as err:
        game.replay(text)
    assert len(str(err.value)) < 300


def test_deep_nesting_inside_a_saved_state_is_refused() -> None:
    data = json.loads(_start("toy").to_json())
    data["players"] = json.loads("[" * 60 + "]" * 60)
    data["hands"] = "x"
    deep = json.dumps(data).replace('"x"', "[" * 500 + "]" * 500)
    with pytest.raises(InvalidRecord, match="nests arrays or objects too deeply"):
        TOY.from_json(deep)


@pytest.mark.parametrize("name", ALL)
def test_a_huge_number_nan_or_infinity_in_a_saved_state_is_refused(name: str) -> None:
    text = _start(name).to_json()
    for bad in ("1" + "0" * 5_000, "NaN", "Infinity", "-Infinity", "1e400"):
        with pytest.raises(InvalidRecord):
            GAMES[name].from_json(text.replace('"chance":"sampled"', f'"chance":{bad}', 1).replace("[", f"[{bad},", 1))


@pytest.mark.parametrize("name", ALL)
def test_a_state_text_past_the_size_bound_is_refused_naming_its_size(name: str) -> None:
    with pytest.raises(InvalidRecord, match="characters long, more than"):
        GAMES[name].from_json(" " * 20_000_001)


def test_a_record_past_the_size_bound_is_refused() -> None:
    with pytest.raises(InvalidRecord, match="characters long, more than"):
        Record.from_json(" " * 20_000_001 + "{}")


def test_tabletop_replay_refuses_deep_nesting_in_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "deep.json"
    path.write_text(DEEP)
    assert main(["replay", str(path)]) == 2
    err = capsys.readouterr().err
    assert "too deeply" in err and "Traceback" not in err and err.count("\n") == 1


@pytest.mark.parametrize("name", REGISTERED)
def test_option_components_refuses_deep_nesting_in_one_line(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", name, "--agents", "random", "--seed", "1", "--quiet", "--option", f"components={DEEP}"]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "too deeply" in err and "Traceback" not in err and err.count("\n") == 1 and len(err) < 300


@pytest.mark.parametrize("name", ALL)
def test_an_illegal_move_message_never_echoes_a_huge_text(name: str) -> None:
    state = _start(name)
    with pytest.raises(IllegalMove) as err:
        GAMES[name].parse_move(state, "x" * 50_000_000)
    assert len(str(err.value)) < 1_000
    record = json.loads(_record(name))
    record["moves"].append("y" * 1_000_000)
    with pytest.raises(InvalidRecord) as err2:
        GAMES[name].replay(json.dumps(record))
    assert len(str(err2.value)) < 2_000


def test_an_unknown_option_or_game_message_quotes_a_huge_name_short() -> None:
    with pytest.raises(ValueError) as err:
        new_game("toy", players=2, **{"z" * 100_000: 1})
    assert len(str(err.value)) < 500
    with pytest.raises(ValueError) as err:
        tabletop.lookup("q" * 100_000)
    assert len(str(err.value)) < 500


# --- records: no files read, version said -----------------------------------------------------


@pytest.mark.parametrize("name", REGISTERED)
def test_a_record_naming_a_components_folder_is_refused_without_reading_it(
    name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    record = json.loads(_record(name))
    record["options"]["components"] = str(tmp_path)

    def no_reading(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("a record made the library look at the file system")

    monkeypatch.setattr(Path, "is_dir", no_reading)
    monkeypatch.setattr(Path, "open", no_reading)
    with pytest.raises(InvalidRecord, match="never reads files it names") as err:
        GAMES[name].replay(json.dumps(record))
    assert str(tmp_path) in str(err.value)


def test_a_record_of_another_version_that_replays_says_nothing() -> None:
    record = json.loads(_record("toy"))
    record["version"] = "0.0.9"
    state = TOY.replay(json.dumps(record))
    assert state.move_count == len(record["moves"])


def test_a_record_of_another_version_that_fails_names_both_versions() -> None:
    record = json.loads(_record("toy"))
    record["version"] = "0.0.9"
    record["moves"].append("fly")
    with pytest.raises(InvalidRecord, match=rf"written by tabletop 0\.0\.9; this is tabletop {tabletop.__version__}"):
        TOY.replay(json.dumps(record))
    record["version"] = tabletop.__version__
    with pytest.raises(InvalidRecord) as err:
        TOY.replay(json.dumps(record))
    assert "written by" not in str(err.value)


def test_a_record_version_that_is_not_text_is_refused() -> None:
    record = json.loads(_record("toy"))
    record["version"] = ["0.1"]
    with pytest.raises(InvalidRecord, match="field 'version'"):
        Record.from_json(json.dumps(record))


# --- API arguments ----------------------------------------------------------------------------


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("seed", ["abc", 1.5, pytest.param(10**5000, id="5000-digits"), -(10**50), b"1", True])
def test_a_bad_seed_is_an_invalid_argument_naming_it(name: str, seed: Any) -> None:
    game = GAMES[name]
    with pytest.raises(InvalidArgument, match="seed must be") as err:
        new_game(name, players=game.min_players, seed=seed)
    assert isinstance(err.value, TypeError) and isinstance(err.value, ValueError)
    assert len(str(err.value)) < 300


def test_a_seed_of_128_bits_is_accepted() -> None:
    new_game("toy", players=2, seed=2**128 - 1)
    new_game("toy", players=2, seed=-(2**127))


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("text", [None, b"plot", 3, ["draw"]])
def test_parse_move_of_something_not_text_is_an_invalid_argument(name: str, text: Any) -> None:
    with pytest.raises(InvalidArgument, match="text must be a str"):
        GAMES[name].parse_move(_start(name), text)


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("record", [{"game": "toy"}, 7, None, b"{}"])
def test_replay_of_something_not_a_record_is_an_invalid_argument(name: str, record: Any) -> None:
    with pytest.raises(InvalidArgument, match="record must be a Record or its JSON text"):
        GAMES[name].replay(record)


@pytest.mark.parametrize("seat", ["0", 1.0, None, -1, 7, True])
def test_view_of_a_seat_that_is_not_one_is_an_invalid_argument(seat: Any) -> None:
    state = _start("toy")
    with pytest.raises(InvalidArgument, match="seat must be"):
        check_seat(state, seat)
    with pytest.raises(InvalidArgument, match="seat must be"):
        state.view(seat)


@pytest.mark.parametrize("name", REGISTERED)
def test_view_of_a_bad_seat_is_an_invalid_argument_in_every_game(name: str) -> None:
    state = _start(name)
    with pytest.raises(InvalidArgument, match="seat must be"):
        state.view("0")


@pytest.mark.parametrize("name", ALL)
@pytest.mark.parametrize("other", ALL)
def test_a_game_refuses_another_games_state(name: str, other: str) -> None:
    if name == other:
        return
    game = GAMES[name]
    state = _start(other)
    for call in (
        lambda: game.render(state),
        lambda: game.parse_move(state, "x"),
        lambda: game.invariants(state),
    ):
        with pytest.raises(InvalidArgument, match=f"state must be a state of '{name}'"):
            call()
    with pytest.raises(InvalidArgument):
        game.render("a string")  # type: ignore[arg-type]


@pytest.mark.parametrize("name", ALL)
def test_from_json_of_something_not_text_is_invalid_record(name: str) -> None:
    for value in (None, b"{}", 7, {"players": 2}):
        with pytest.raises(InvalidRecord, match="must be"):
            GAMES[name].from_json(value)


# --- options for some player counts -----------------------------------------------------------


@pytest.mark.skipif("loyang" not in GAMES, reason="Loyang is not registered")
def test_the_solo_goal_is_refused_in_a_game_of_more_players() -> None:
    for players in (2, 3, 4):
        with pytest.raises(ValueError, match="loyang option 'goal' applies to games of 1 player only, not"):
            new_game("loyang", players=players, seed=1, goal=18)
    assert new_game("loyang", players=1, seed=1, goal=18).goal == 18


# --- names: case, suggestions, notation blanks ----------------------------------------------


def test_game_names_are_read_in_any_case_and_near_misses_get_a_suggestion() -> None:
    assert tabletop.lookup("TOY") is TOY
    assert new_game(" Toy", players=2, seed=1).players == 2
    with pytest.raises(ValueError, match="did you mean 'toy'"):
        tabletop.lookup("tyo")


@pytest.mark.skipif("takenoko" not in GAMES, reason="Takenoko is not registered")
def test_near_misses_of_games_options_and_agents_get_a_suggestion(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(ValueError, match="did you mean 'takenoko'"):
        new_game("takenok", players=2)
    with pytest.raises(ValueError, match="did you mean 'weather'"):
        new_game("takenoko", players=2, wether=False)
    assert main(["play", "toy", "--agents", "randm,greedy"]) == 2
    err = capsys.readouterr().err
    assert "unknown agent 'randm'; known agents: human, random, greedy, mcts; did you mean 'random'?" in err


def test_a_near_miss_of_a_move_gets_a_suggestion() -> None:
    state = _start("toy")
    legal = str(state.legal_moves()[0])
    with pytest.raises(IllegalMove, match="did you mean"):
        TOY.parse_move(state, legal[:-1] + ("x" if legal[-1] != "x" else "y"))


def test_notation_ignores_blanks_around_commas() -> None:
    class Move:
        def __init__(self, text: str) -> None:
            self.text = text

        def __str__(self) -> str:
            return self.text

    class Position:
        is_over = False

        def legal_moves(self) -> tuple[Move, ...]:
            return (Move("place 1,0"), Move("place 2,-1"), Move("say a, b"))

    position: Any = Position()
    assert str(parse_by_notation(position, "place 1, 0")) == "place 1,0"
    assert str(parse_by_notation(position, "  place 2 ,  -1 ")) == "place 2,-1"
    assert str(parse_by_notation(position, "say a, b")) == "say a, b"
    assert str(parse_by_notation(position, "say a,b")) == "say a, b"


@pytest.mark.skipif("takenoko" not in GAMES, reason="Takenoko is not registered")
def test_a_takenoko_plot_may_be_typed_with_a_space_after_the_comma() -> None:
    game = GAMES["takenoko"]
    state = _start("takenoko")
    for _ in range(40):
        spaced = [m for m in state.legal_moves() if "," in str(m)]
        if spaced:
            text = str(spaced[0])
            assert game.parse_move(state, text.replace(",", ", ")) == spaced[0]
            return
        state = state.apply(state.legal_moves()[0])
    pytest.fail("no move with a comma in 40 decisions")


# --- command line -----------------------------------------------------------------------------


def test_save_with_an_empty_name_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "toy", "--agents", "random", "--seed", "1", "--quiet", "--save", ""]) == 2
    assert "--save needs a file name" in capsys.readouterr().err


def test_save_writes_a_temporary_file_and_renames_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "game.json"
    path.write_text("the previous record\n")
    replaced: list[tuple[str, str]] = []
    real_replace = os.replace

    def replace(source: str, target: str) -> None:
        assert Path(target).read_text() == "the previous record\n"  # untouched until the rename
        assert json.loads(Path(source).read_text())["game"] == "toy"
        replaced.append((source, target))
        real_replace(source, target)

    monkeypatch.setattr(os, "replace", replace)
    assert main(["play", "toy", "--agents", "random", "--seed", "1", "--quiet", "--save", str(path)]) == 0
    assert len(replaced) == 1 and replaced[0][1] == str(path)
    assert Record.from_json(path.read_text()).game == "toy"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["game.json"]
    assert (path.stat().st_mode & 0o777) == 0o666 & ~_umask()


def _umask() -> int:
    mask = os.umask(0o022)
    os.umask(mask)
    return mask


def test_an_unknown_agent_lists_every_known_one_human_included(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "toy", "--agents", "random,foo"]) == 2
    err = capsys.readouterr().err
    assert "unknown agent 'foo'; known agents: human, random, greedy, mcts" in err


@pytest.mark.skipif("loyang" not in GAMES, reason="Loyang is not registered")
def test_option_start_player_none_means_a_random_seat(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["play", "loyang", "--agents", "random", "--seed", "1", "--quiet", "--option", "start_player=None"]
    assert main(argv) == 0, capsys.readouterr().err


@pytest.mark.parametrize("name", REGISTERED)
def test_an_empty_components_option_gets_a_clear_message(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", name, "--agents", "random", "--seed", "1", "--option", "components="]) == 2
    err = capsys.readouterr().err
    assert "option 'components' needs a value after '='" in err and err.count("\n") == 1


def test_game_names_are_case_insensitive_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "TOY", "--agents", "random", "--seed", "1", "--quiet"]) == 0
    assert main(["play", "chess", "--agents", "random"]) == 2
    assert "unknown game 'chess'; known games: " in capsys.readouterr().err


def test_python_dash_m_tabletop_runs_the_command_line() -> None:
    src = str(Path(__file__).parent.parent / "src")
    env = {**os.environ, "PYTHONPATH": src}
    done = subprocess.run(
        [sys.executable, "-m", "tabletop", "--version"], capture_output=True, text=True, env=env, timeout=60, check=False
    )
    assert done.returncode == 0 and done.stdout.strip() == f"tabletop {tabletop.__version__}"


def test_the_version_license_and_project_metadata() -> None:
    import tomllib

    root = Path(__file__).parent.parent
    assert tabletop.__version__.count(".") == 2
    assert "MIT License" in (root / "LICENSE").read_text() and "tabletop developers" in (root / "LICENSE").read_text()
    project = tomllib.loads((root / "pyproject.toml").read_text())["project"]
    assert project["authors"] and {"Source", "Issues"} <= set(project["urls"])
    assert "version" in project["dynamic"]


@pytest.mark.parametrize("name", REGISTERED)
def test_equal_states_are_interchangeable_history_included(name: str) -> None:
    from tabletop.kernel.engine import Link, evolve
    from tabletop.kernel.rng import Rng

    game = GAMES[name]
    state = game.new_game(max(2, game.min_players), seed=3)
    rng = Rng.from_seed(3)
    for _ in range(40):
        if state.is_over:
            break
        index, rng = rng.below(len(state.legal_moves()))
        state = state.apply(state.legal_moves()[index])
    loaded = game.from_json(state.to_json())
    assert loaded == state and loaded.to_json() == state.to_json()
    assert game.invariants(loaded) == game.invariants(state)
    # The same position with another history is another state: its JSON differs too.
    other = evolve(state, log=Link(None, state.history[-1]))
    assert other != state and other.to_json() != state.to_json()
