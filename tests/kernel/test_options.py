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


def test_an_option_for_some_player_counts_is_refused_for_the_others() -> None:
    solo = Options("demo", (1, 4), (Option("goal", int, 17, "solo goal", choices=(17, 18), players=(1, 1)),))
    assert solo.resolve(1, {"goal": 18})["goal"] == 18
    assert solo.resolve(3, {})["goal"] == 17  # the default is never refused
    with pytest.raises(ValueError, match="demo option 'goal' applies to games of 1 player only, not 3"):
        solo.resolve(3, {"goal": 17})
    pair = Options("demo", (1, 4), (Option("x", bool, False, "x", players=(2, 3)),))
    with pytest.raises(ValueError, match="applies to games of 2-3 players only, not 4"):
        pair.resolve(4, {"x": True})
    assert any("(games of 2-3 players only)" in line for line in pair.lines())


def test_an_object_option_reads_none_and_refuses_an_empty_value_or_deep_json() -> None:
    option = Option("start", object, None, "a seat or None")
    assert option.parse("None") is None and option.parse("null") is None and option.parse("2") == 2
    assert option.parse("some/folder") == "some/folder"
    with pytest.raises(ValueError, match="needs a value after '='"):
        option.parse("")
    with pytest.raises(ValueError, match="too deeply"):
        option.parse("[" * 100_000)


def test_an_unknown_option_gets_a_suggestion_and_a_huge_value_is_quoted_short() -> None:
    options = Options("demo", (2, 4), (Option("weather", bool, True, "w"), Option("rounds", int, 5, "r", minimum=1)))
    with pytest.raises(UnknownOption, match=r"\(its options: weather, rounds\); did you mean 'weather'\?"):
        options.resolve(2, {"wether": False})
    with pytest.raises(ValueError) as err:
        options.resolve(2, {"rounds": -(10**5000)})
    assert len(str(err.value)) < 200
