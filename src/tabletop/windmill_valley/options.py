"""The options of a Windmill Valley game, declared once (see :mod:`tabletop.kernel.options`)."""

from __future__ import annotations

from tabletop.kernel.engine import CHANCE_OPTION
from tabletop.kernel.options import Option, Options

OPTIONS = Options(
    "windmill_valley",
    players=(2, 4),
    options=(
        Option("expert", bool, False, "expert variant: no extra round after the end is triggered"),
        Option("promo", bool, False, "shuffle the seven PROMO 1 wheel enhancements into their stacks"),
        CHANCE_OPTION,
    ),
)
