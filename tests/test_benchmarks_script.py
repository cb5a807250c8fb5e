"""benchmarks/compare.py: argument parsing and tiny measurements (no git worktrees needed).

The catanatron measurement is skipped when catanatron (the ``bench`` extra) is not installed.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "compare.py"


def load_compare() -> ModuleType:
    spec = importlib.util.spec_from_file_location("benchmarks_compare", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


compare = load_compare()


def test_default_arguments() -> None:
    args = compare.parse_args([])
    assert args.old is None
    assert args.new == compare.WORKTREE
    assert (args.rounds, args.seconds, args.players) == (5, 3.0, 3)
    assert args.games == ["takenoko", "loyang"]
    assert not args.no_catanatron and args.json is None


def test_arguments() -> None:
    args = compare.parse_args(
        ["--old", "2c22126", "--rounds", "2", "--seconds", "0.5", "--games", "loyang"]
    )
    assert (args.old, args.rounds, args.seconds, args.games) == ("2c22126", 2, 0.5, ["loyang"])
    with pytest.raises(SystemExit):
        compare.parse_args(["--rounds", "0"])
    with pytest.raises(SystemExit):
        compare.parse_args(["--games", "chess"])


def test_games_accepts_every_registered_game() -> None:
    import tabletop

    assert set(compare.registered_games()) == set(tabletop.GAMES)
    for game in tabletop.GAMES:
        assert compare.parse_args(["--games", game]).games == [game]
    args = compare.parse_args(["--games", "keyflower_farmers", "takenoko"])
    assert args.games == ["keyflower_farmers", "takenoko"]


def test_a_game_not_registered_at_a_revision_starts_from_its_package(monkeypatch: pytest.MonkeyPatch) -> None:
    import tabletop
    from tabletop import registry

    monkeypatch.delitem(registry._registered, "keyflower_farmers")
    assert "keyflower_farmers" not in tabletop.GAMES
    state = compare.new_game_of(tabletop, "keyflower_farmers")(3, 5)
    assert state.players == 3 and not state.is_over
    decisions, _ = compare.play_tabletop(tabletop, "keyflower_farmers", 2, 1)
    assert decisions > 0


@pytest.mark.parametrize("game", ["takenoko", "keyflower_farmers"])
def test_tiny_measurement_in_process(game: str) -> None:
    result = compare.measure_tabletop(game, seconds=0.2, players=3)
    assert result["games"] >= 1 and result["decisions"] > 0
    assert result["cpu_seconds"] >= 0.2
    assert result["rate"] > 0


def test_one_round_of_the_current_tree(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "figures.json"
    argv = ["--rounds", "1", "--seconds", "0.2", "--games", "loyang", "--no-catanatron"]
    assert compare.main([*argv, "--no-memory", "--json", str(out)]) == 0
    figures = json.loads(out.read_text())
    [row] = figures["contenders"]
    assert row["contender"] == "loyang @new"
    assert row["median"] > 0 and row["vs_catanatron"] is None
    assert "catanatron skipped" in capsys.readouterr().out


def test_catanatron_measurement() -> None:
    pytest.importorskip("catanatron")
    result = compare.measure_catanatron(seconds=0.2, players=3)
    assert result["decisions"] > 0 and result["rate"] > 0


class _Empty:
    """An old revision whose source tree has no game at all (as one from before a game was written)."""

    label = "old"

    def __init__(self, root: Path) -> None:
        self.src = root / "src"

    def describe(self) -> str:
        return "a tree without games"


def test_a_game_missing_at_the_old_revision_is_skipped(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    args = compare.parse_args(["--rounds", "1", "--seconds", "0.2", "--games", "loyang", "--no-catanatron", "--no-memory"])
    new = compare.Revision("new", compare.repo_root(), compare.WORKTREE)
    assert compare.run(args, [new, _Empty(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "skipped, the game does not exist at that revision: loyang @old" in out
    assert "loyang @new" in out and "new/old" not in out


def test_the_engine_floor_plays_null_games_to_their_end(capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("benchmarks_engine_floor", SCRIPT.parent / "engine_floor.py")
    assert spec is not None and spec.loader is not None
    floor = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(floor)
    state = floor.NullState(stack=(floor.Ask(0),), rng=floor.Rng.from_seed(1), rules=floor.RULES)
    for _ in range(floor.LENGTH):
        state = state.apply(state.legal_moves()[0])
    assert state.is_over and state.move_count == floor.LENGTH
    assert floor.main(["0.05"]) == 0
    assert "decisions per CPU second" in capsys.readouterr().out


def _load(name: str) -> ModuleType:
    path = SCRIPT.parent / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"benchmarks_{name}", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_digest_is_the_same_for_the_same_games_and_differs_for_others() -> None:
    digest = _load("digest")
    once = digest.digest("loyang", 2)
    assert once == digest.digest("loyang", 2)
    assert len(once) == 16 and int(once, 16) >= 0
    assert once != digest.digest("loyang", 1)

