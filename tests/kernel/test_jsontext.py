"""Outside JSON read within bounds: nesting, size and numbers refused with InvalidRecord."""

from __future__ import annotations

import pytest

from tabletop.kernel.errors import InvalidRecord, clipped, quoted
from tabletop.kernel.jsontext import MAX_DEPTH, parse_json


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("[" * 100_000, "too deeply"),
        ("[" * (MAX_DEPTH + 2) + "]" * (MAX_DEPTH + 2), "too deeply"),
        ('{"a": NaN}', "NaN"),
        ("[Infinity]", "Infinity"),
        ("[-Infinity]", "-Infinity"),
        ("[1e400]", "too large"),
        ("1" + "0" * 5_000, "digits"),
        ("{", "not valid JSON"),
        (b"{}", "must be text"),
        (None, "must be JSON text"),
    ],
)
def test_what_no_reader_accepts_is_an_invalid_record(text: object, message: str) -> None:
    with pytest.raises(InvalidRecord, match=message) as err:
        parse_json(text, "the thing")
    assert str(err.value).startswith("the thing") and len(str(err.value)) < 200


def test_sound_json_within_the_bounds_reads_as_json() -> None:
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_json(nested, "x") is not None
    assert parse_json('{"a": [1, 2.5, "b", null, true], "rng": 18446744073709551615}', "x")["rng"] == 2**64 - 1


def test_a_text_past_the_size_bound_is_refused_before_it_is_read() -> None:
    with pytest.raises(InvalidRecord, match="characters long"):
        parse_json(" " * 20_000_001, "the record")


def test_messages_quote_a_short_piece_of_a_huge_input() -> None:
    assert len(quoted("x" * 1_000_000)) < 120
    assert quoted("short") == "'short'"
    assert "too large to print" in quoted(10**5000)
    assert len(clipped("y" * 10_000)) < 350
