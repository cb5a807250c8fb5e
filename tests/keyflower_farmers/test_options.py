"""The declared options: The Farmers on or off, variants A, B and C, components, chance."""

import pytest

from tabletop.keyflower_farmers.options import OPTIONS


def test_defaults_play_with_the_farmers_and_no_variant():
    values = OPTIONS.resolve(4, {})
    assert values == {
        "farmers": True,
        "first_game": False,
        "open_information": False,
        "extra_green": (),
        "components": None,
        "chance": "sampled",
    }


def test_two_to_six_players():
    assert OPTIONS.players == (2, 6)
    with pytest.raises(ValueError, match="2-6 players"):
        OPTIONS.resolve(7, {})


def test_variant_c_names_distinct_seats():
    assert OPTIONS.resolve(3, {"extra_green": [2, 0]})["extra_green"] == (0, 2)
    with pytest.raises(ValueError, match="at most once"):
        OPTIONS.resolve(3, {"extra_green": [1, 1]})
    with pytest.raises(ValueError, match="seats from 0 to 5"):
        OPTIONS.resolve(3, {"extra_green": [9]})


def test_options_are_recorded_as_plain_json():
    values = OPTIONS.resolve(3, {"extra_green": (1,), "farmers": False})
    assert OPTIONS.to_json(values) == {"extra_green": [1], "farmers": False}
    assert OPTIONS.parse("extra_green", "[1, 2]") == (1, 2)


def test_every_option_has_help():
    assert all(option.help for option in OPTIONS)
