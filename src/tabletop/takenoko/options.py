"""The options of a Takenoko game, declared once (see :mod:`tabletop.kernel.options`).

Where the sources disagree or are silent, an option names the choice (reference §9); the
:class:`~tabletop.takenoko.state.Options` docstring says more about each.
"""

from __future__ import annotations

from tabletop.kernel.engine import CHANCE_OPTION
from tabletop.kernel.options import Option, Options
from tabletop.takenoko.components import COMPONENTS

OPTIONS = Options(
    "takenoko",
    players=(2, 4),
    options=(
        Option("weather", bool, True, "roll the weather die from the second round on"),
        Option("gardener_on_plot", bool, False, "gardener objectives also need the gardener on the plot shown"),
        Option(
            "clouds_when_empty",
            str,
            "other_weather",
            "Clouds with an empty reserve: other_weather | move_improvement",
            choices=("other_weather", "move_improvement"),
        ),
        Option("rain_needs_irrigation", bool, True, "Rain grows only an irrigated plot"),
        Option("improvement_on_bamboo", bool, False, "improvements may go on plots holding bamboo"),
        Option("fertilizer_first_shoot", bool, True, "fertilizer doubles the first shoot from irrigation"),
        Option(
            "improvement_before_shoot", bool, True, "a stored improvement may go on a plot before its first shoot"
        ),
        Option("exact_height", bool, True, "gardener objectives need exactly the printed height"),
        Option(
            "bamboo_supply",
            str,
            "unlimited",
            "bamboo sections in the box: unlimited | 2011 | later",
            choices=("unlimited", "2011", "later"),
        ),
        Option("declare_actions", bool, False, "declare all the turn's actions before resolving the first"),
        Option("redraw_satisfied", bool, False, "BGA house rule: redraw a drawn objective the garden already shows"),
        Option("channel_on_pond_border", bool, False, "allow a (useless) channel along the pond, as BGA does"),
        Option("max_rounds", int, 100, "stop an untriggered game after this many rounds (0: never)", minimum=0),
        COMPONENTS.option("corrected component data: a folder of data files"),
        CHANCE_OPTION,
    ),
)
