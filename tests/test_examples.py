"""The examples run: on the toy game in this process, and on Takenoko as a user runs them."""

from __future__ import annotations

import runpy
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

import tabletop
from toy import register
from toy.game import TOY

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCRIPTS = sorted(p.name for p in EXAMPLES.glob("*.py"))


def test_the_examples_are_all_here() -> None:
    assert SCRIPTS == ["custom_bot.py", "observation_tensors.py", "play_and_print.py", "simulation.py"]


@pytest.mark.parametrize("script", SCRIPTS)
def test_example_runs_on_the_toy_game(
    script: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    register(monkeypatch, TOY)
    monkeypatch.setattr(sys, "argv", [script, "toy", "12"])
    runpy.run_path(str(EXAMPLES / script), run_name="__main__")
    out = capsys.readouterr().out
    expected = {
        "play_and_print.py": "decisions",
        "custom_bot.py": "against random",
        "simulation.py": "greedy wins",
        "observation_tensors.py": "observations x",
    }
    assert expected[script] in out


@pytest.mark.parametrize("game", ["takenoko", "loyang"])
@pytest.mark.parametrize(
    ("script", "games", "expected"),
    [
        ("play_and_print.py", "1", "decisions"),
        ("custom_bot.py", "4", "against random on"),
        ("simulation.py", "8", "greedy wins"),
        ("observation_tensors.py", "3", "observations x"),
    ],
)
def test_example_runs_on_the_registered_games(
    game: str, script: str, games: str, expected: str
) -> None:
    if game not in tabletop.GAMES:
        pytest.skip(f"{game} is not registered")
    done = subprocess.run(
        [sys.executable, str(EXAMPLES / script), game, games],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert expected in done.stdout


README = EXAMPLES.parent / "README.md"


def _readme_python() -> str:
    """Every Python snippet of the README, in order, as one script."""
    text = README.read_text()
    snippets = []
    start = text.find("```python\n")
    while start >= 0:
        start += len("```python\n")
        snippets.append(text[start : text.index("```", start)])
        start = text.find("```python\n", start)
    return "\n".join(snippets)


def test_the_readme_has_the_api_tour_and_a_bot() -> None:
    code = _readme_python()
    assert "tabletop.simulate(" in code and "class FirstScorer" in code


def test_every_command_line_of_the_readme_parses() -> None:
    from tabletop.cli import _parser

    text = README.read_text()
    block = text[text.index("## Command line") :]
    block = block[block.index("```sh\n") + 6 : block.index("```", block.index("```sh\n") + 6)]
    lines = [line for line in block.splitlines() if line.startswith("tabletop ")]
    assert len(lines) >= 7
    for line in lines:
        _parser().parse_args(shlex.split(line)[1:])  # exits on a bad command line


def test_the_readme_starts_with_the_two_commands() -> None:
    lines = README.read_text().splitlines()
    assert lines[2] == "```sh"
    install, test = lines[3:5]
    assert install.startswith("python3 -m venv .venv && .venv/bin/pip install -e . && ")
    assert test == (
        "python3 -m venv .venv && .venv/bin/pip install -e '.[test]' "
        "&& .venv/bin/python -m pytest -n 2"
    )
    ci = (EXAMPLES.parent / ".ci" / "run").read_text()
    assert "/bin/pip\" install -e '.[test]'\n" in ci and "/bin/python\" -m pytest -n 2\n" in ci


def test_the_readme_api_tour_runs_on_the_toy_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    register(monkeypatch, TOY)
    exec(_readme_python().replace('"takenoko"', '"toy"'), {"__name__": "__main__"})
    assert "win rate" in capsys.readouterr().out


def test_the_readme_python_snippets_and_the_examples_pass_mypy_strict(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """What a reader copies must type-check as the library does (``mypy --strict``)."""
    from mypy import api

    script = tmp_path / "readme_snippets.py"
    script.write_text(_readme_python())
    root = EXAMPLES.parent
    monkeypatch.setenv("MYPYPATH", str(root / "src"))  # this checkout's package, not an installed one
    out, err, status = api.run(
        ["--strict", "--python-version", "3.11", "--cache-dir", str(root / ".mypy_cache"), str(script), str(EXAMPLES)]
    )
    assert status == 0, out + err


def test_the_readme_api_tour_guards_its_worker_processes() -> None:
    """``simulate(..., workers=2)`` starts processes: on macOS and Windows they import the main
    module again, so the tour runs it under ``if __name__ == "__main__":``."""
    code = _readme_python()
    guard = code.index('if __name__ == "__main__":')
    assert guard < code.index("workers=2")


@pytest.mark.parametrize("game", ["takenoko", "loyang"])
def test_the_readme_api_tour_runs_on_the_registered_games(game: str) -> None:
    if game not in tabletop.GAMES:
        pytest.skip(f"{game} is not registered")
    done = subprocess.run(
        [sys.executable, "-c", _readme_python().replace('"takenoko"', f'"{game}"')],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def test_the_benchmark_script_runs(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(tabletop, "GAMES", {"toy": TOY})
    monkeypatch.setattr(sys, "argv", ["run_all.py", "0.3"])
    with pytest.raises(SystemExit) as exit_:
        runpy.run_path(str(EXAMPLES.parent / "benchmarks" / "run_all.py"), run_name="__main__")
    assert exit_.value.code == 0
    assert capsys.readouterr().out.count("decisions/s") == 3


@pytest.mark.parametrize("script", SCRIPTS)
def test_an_example_names_the_known_games_for_an_unknown_one(
    script: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "argv", [script, "chess"])
    with pytest.raises(SystemExit) as exit_:
        runpy.run_path(str(EXAMPLES / script), run_name="__main__")
    assert "unknown game 'chess'; known games: " in str(exit_.value.code)
