"""The options of a Keyflower game, declared once (see :mod:`tabletop.kernel.options`).

The Farmers rulebook's three variants are options: A, its recommended first game (every Farmers
tile of each season comes out); B, open information; C, a handicap (named seats start with an
extra green worker).
"""

from __future__ import annotations

from typing import Any

from tabletop.keyflower_farmers.components import COMPONENTS
from tabletop.kernel.engine import CHANCE_OPTION
from tabletop.kernel.options import Option, Options


def seats_given_a_green_worker(value: Any) -> tuple[int, ...]:
    """The ``extra_green`` option: the seats (0-5, each once) that start with one extra green
    worker, as a sorted tuple. (Whether each seat exists depends on the player count: the setup
    checks that.)"""
    if not isinstance(value, list | tuple) or not all(type(seat) is int and 0 <= seat <= 5 for seat in value):
        raise ValueError(f"takes a list of seats from 0 to 5, not {value!r}")
    if len(set(value)) != len(value):
        raise ValueError(f"names each seat at most once, not {value!r}")
    return tuple(sorted(value))


OPTIONS = Options(
    "keyflower_farmers",
    players=(2, 6),
    options=(
        Option("farmers", bool, True, "play with The Farmers (off: base Keyflower alone)"),
        Option(
            "first_game",
            bool,
            False,
            "variant A (needs farmers): each season lays out all its Farmers tiles, base tiles fill the rest",
        ),
        Option(
            "open_information",
            bool,
            False,
            "variant B: only the 8 starting workers stay behind the screen; later workers, skills and wheat are open",
        ),
        Option(
            "extra_green",
            object,
            (),
            "variant C: the seats that start with one extra green worker (a handicap), e.g. [2]",
            check=seats_given_a_green_worker,
            to_json=list,
        ),
        COMPONENTS.option("corrected component data: a folder of data files"),
        CHANCE_OPTION,
    ),
)
