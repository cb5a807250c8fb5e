"""The options of a Windmill Valley game, declared once (see :mod:`tabletop.kernel.options`)."""

from __future__ import annotations

from tabletop.kernel.engine import CHANCE_OPTION
from tabletop.kernel.options import Option, Options
from tabletop.windmill_valley.components import COMPONENTS

OPTIONS = Options(
    "windmill_valley",
    players=(1, 4),
    options=(
        Option("expert", bool, False, "expert variant: no extra round after the end is triggered"),
        Option("promo", bool, False, "shuffle the seven PROMO 1 wheel enhancements into their stacks"),
        Option(
            "difficulty",
            str,
            "medium",
            "solo: the Gardener's level: easy | medium | hard",
            choices=("easy", "medium", "hard"),
            players=(1, 1),
        ),
        COMPONENTS.option("corrected component data: a folder of data files"),
        CHANCE_OPTION,
    ),
)
