"""Declared options: validation, command-line parsing, defaults, records and listings."""

from __future__ import annotations

from typing import Any

import pytest

from tabletop.kernel.engine import CHANCE_OPTION
from tabletop.kernel.options import Option, Options, UnknownOption


def _even(value: Any) -> Any:
    if type(value) is not int or value % 2:
        raise ValueError(f"takes an even number, not {value!r}")
    return value


DEMO = Options(
    "demo",
    players=(2, 4),
    options=(
        Option("weather", bool, True, "roll the weather die"),
        Option("rounds", int, 10, "rounds to play", minimum=1, maximum=20),
        Option("mode", str, "a", "the mode: a | b", choices=("a", "b")),
        Option("pair", object, None, "an even number of things", check=_even, to_json=lambda v: v),
        CHANCE_OPTION,
    ),
)


def test_resolve_gives_every_option_its_value_or_default() -> None:
    assert DEMO.resolve(3, {"rounds": 4}) == {
        "weather": True,
        "rounds": 4,
        "mode": "a",
        "pair": None,
        "chance": "sampled",
    }
    assert dict(DEMO.defaults)["mode"] == "a" and DEMO.help["rounds"] == "rounds to play"


@pytest.mark.parametrize(
    ("given", "message"),
    [
        ({"weather": 1}, "demo option 'weather' takes True or False, not 1"),
        ({"rounds": True}, "demo option 'rounds' takes a whole number >= 1 and <= 20, not True"),
        ({"rounds": 0}, "takes a whole number >= 1 and <= 20, not 0"),
        ({"rounds": 21}, "not 21"),
        ({"mode": "c"}, "demo option 'mode' takes one of 'a', 'b', not 'c'"),
        ({"pair": 3}, "demo option 'pair': takes an even number, not 3"),
        ({"chance": "maybe"}, "takes one of 'sampled', 'explicit'"),
    ],
)
def test_a_bad_value_is_refused_naming_the_game_and_option(given: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        DEMO.resolve(2, given)


def test_an_unknown_option_and_a_bad_player_count_are_refused() -> None:
    with pytest.raises(UnknownOption, match=r"demo has no option 'speed' \(its options: weather, rounds"):
        DEMO.resolve(2, {"speed": 1})
    assert issubclass(UnknownOption, TypeError) and issubclass(UnknownOption, ValueError)
    for players in (1, 5, "2", 2.0):
        with pytest.raises(ValueError, match="demo is played by 2-4 players"):
            DEMO.check_players(players)
    assert DEMO.check_players(4) == 4


def test_an_option_is_declared_once() -> None:
    with pytest.raises(ValueError, match="declares an option twice"):
        Options("twice", (1, 2), (Option("a", bool, True, "x"), Option("a", int, 1, "y")))


@pytest.mark.parametrize(
    ("name", "text", "value"),
    [
        ("weather", "no", False),
        ("weather", "ON", True),
        ("rounds", "7", 7),
        ("mode", "b", "b"),
        ("pair", "4", 4),
        ("chance", "explicit", "explicit"),
    ],
)
def test_parse_reads_the_command_line(name: str, text: str, value: Any) -> None:
    assert DEMO.parse(name, text) == value


@pytest.mark.parametrize(
    ("name", "text", "message"),
    [
        ("weather", "maybe", "option 'weather' takes true or false, not 'maybe'"),
        ("rounds", "x", "option 'rounds' takes a whole number, not 'x'"),
        ("rounds", "99", "not 99"),
        ("pair", "three", "takes an even number, not 'three'"),
    ],
)
def test_parse_refuses_what_the_option_does_not_take(name: str, text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        DEMO.parse(name, text)


def test_records_keep_only_the_options_that_differ_from_their_defaults() -> None:
    values = DEMO.resolve(2, {"rounds": 12, "mode": "a"})
    assert DEMO.to_json(values) == {"rounds": 12}


def test_lines_give_name_default_values_and_help() -> None:
    lines = DEMO.lines()
    assert len(lines) == 2 * len(DEMO.options)
    assert lines[0].split() == ["weather", "default", "true", "takes", "True", "or", "False"]
    assert lines[1].strip() == "roll the weather die"
    assert "default none" in lines[6] and "takes a value (see its help)" in lines[6]
    assert Options("bare", (1, 1), ()).lines() == ["(no options)"]
