"""The options of an At the Gates of Loyang game, declared once (see :mod:`tabletop.kernel.options`)."""

from __future__ import annotations

from typing import Any

from tabletop.kernel.engine import CHANCE_OPTION
from tabletop.kernel.options import Option, Options
from tabletop.loyang.components import COMPONENTS

#: The solo goals: good, very good, master.
GOALS = (17, 18, 19)


def seat_or_random(value: Any) -> int | None:
    """The ``start_player`` option: a seat number, or ``None`` for a seat chosen at random.
    (Whether the seat exists depends on the player count: the setup checks that.)"""
    if value is None or (type(value) is int and 0 <= value <= 3):
        return value
    raise ValueError(f"takes a seat from 0 to 3 or None (random), not {value!r}")


OPTIONS = Options(
    "loyang",
    players=(1, 4),
    options=(
        Option("introductory", bool, False, "introductory version: a blue-dot regular customer in each hand"),
        Option(
            "goal",
            int,
            17,
            "solo: the score to reach, 17 (good), 18 (very good) or 19 (master)",
            choices=GOALS,
            players=(1, 1),
        ),
        Option(
            "start_player", object, None, "the start player's seat (default: chosen at random)", check=seat_or_random
        ),
        Option("crier_in_card_phase", bool, False, "the Market crier may also sell in the Card phase"),
        COMPONENTS.option("corrected component data: a folder of data files"),
        CHANCE_OPTION,
    ),
)
