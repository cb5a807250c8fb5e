"""New games, and small positions built directly for tests and examples.

:func:`new_game` follows the rulebook's preparation: the pond in the centre with the panda and
the gardener on it, the 27 plots shuffled into a pile, the channels and improvements in the
reserve, three shuffled objective decks, one objective of each type dealt to every player, and a
start player (the rulebook's tallest player, drawn at random here).

:func:`scenario` builds any position from a description of the garden, for tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

import attrs

from tabletop.kernel.hexgrid import Edge, Hex
from tabletop.kernel.rng import Rng
from tabletop.takenoko.components import (
    COLOURS,
    COMPONENTS,
    IMPROVEMENTS,
    OBJECTIVE_KINDS,
    STANDARD,
    Components,
)
from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.engine import evolve
from tabletop.takenoko import saved
from tabletop.takenoko.invariants import invariants
from tabletop.takenoko.rules import RULES
from tabletop.takenoko.rules.garden import bamboo_box, is_irrigated
from tabletop.takenoko.state import POND, ChooseAction, Declare, Garden, Options, Plot, Player, State, Turn


def start(players: int, rng: Rng, options: Mapping[str, Any]) -> State:
    """The starting position for ``players`` with ``options`` checked by
    :data:`tabletop.takenoko.options.OPTIONS` (``GAME.new_game`` calls it)."""
    rule_options = {name: value for name, value in options.items() if name in _OPTION_NAMES}
    rules = Options(**rule_options)
    components = options.get("components")
    parts = COMPONENTS.resolve(components)
    pile, rng = rng.shuffled([tile.code for tile in parts.tiles])
    decks = []
    for kind in OBJECTIVE_KINDS:
        deck, rng = rng.shuffled(parts.deck(kind))
        decks.append(deck)
    hands: list[list[str]] = [[] for _ in range(players)]
    for i, kind in enumerate(OBJECTIVE_KINDS):
        for seat in range(players):
            hands[seat].append(decks[i][0])
            decks[i] = decks[i][1:]
    start, rng = rng.below(players)
    state = State(
        stack=(_first_pending(rules, start),),
        rng=rng,
        chance=options.get("chance", "sampled"),
        rules=RULES,
        players=players,
        options=rules,
        garden=Garden(),
        channels=frozenset(),
        gardener=POND,
        panda=POND,
        tile_pile=pile,
        decks=(decks[0], decks[1], decks[2]),
        reserve_channels=parts.channels,
        reserve_improvements=parts.improvements,
        reserve_bamboo=bamboo_box(parts, rules),
        boards=tuple(Player(hand=tuple(hand)) for hand in hands),
        start_player=start,
        current=start,
        turn_number=1,
        turn=Turn(),
        components=parts,
    )
    return RULES.start(state)


#: The rule options of :class:`Options`, by keyword.
_OPTION_NAMES: tuple[str, ...] = tuple(field.name for field in attrs.fields(Options))


def _rule_options(options: Mapping[str, Any]) -> Options:
    """The :class:`Options` of ``options``; an unknown name raises ``TypeError`` listing the known ones."""
    unknown = [name for name in options if name not in _OPTION_NAMES]
    if unknown:
        raise TypeError(
            f"Takenoko has no option {unknown[0]!r}; its options are {', '.join(_OPTION_NAMES)} and components"
        )
    return Options(**options)


def _first_pending(options: Options, seat: int) -> ChooseAction | Declare:
    return Declare(seat) if options.declare_actions else ChooseAction(seat)


def scenario(
    plots: Mapping[Hex, str],
    *,
    players: int = 2,
    bamboo: Mapping[Hex, int] | None = None,
    tokens: Mapping[Hex, str] | None = None,
    channels: Iterable[Edge] = (),
    hands: Sequence[Sequence[str]] | None = None,
    completed: Sequence[Sequence[str]] | None = None,
    stocks: Sequence[Mapping[str, int]] | None = None,
    gardener: Hex = POND,
    panda: Hex = POND,
    current: int = 0,
    turn_number: int | None = None,
    weather: str = "",
    actions: Sequence[str] = (),
    seed: int = 0,
    components: Components | None = None,
    **options: Any,
) -> State:
    """A position in the action phase of ``current``'s turn, built from a description.

    Args:
        plots: tile code by cell (``{(1, 0): "G", (1, -1): "YF"}``); the pond is at ``(0, 0)``.
        bamboo: sections standing on plots (0 where not given).
        tokens: improvement tokens lying on plots (``{(1, 0): "enclosure"}``).
        channels: edges holding a channel (``hexgrid.edge(a, b)``).
        hands / completed: objective card ids per seat.
        stocks: per seat, stored items: colours for eaten sections, ``"channels"`` and the
            improvement names (``{"green": 2, "channels": 1, "fertilizer": 1}``).
        weather / actions: what the current turn already has (``"sun"``, ``("plot",)``).
        turn_number: defaults to the second round (so the weather has been rolled).

    Irrigation follows the garden (pond, channels, watersheds) and every irrigated plot
    counts as sprouted. Everything not on the board or in a hand is in the piles and reserve
    (decks and pile shuffled with ``seed``). Raises ``ValueError`` for impossible positions.
    """
    parts = components or STANDARD
    rules = _rule_options(options)
    channel_set = frozenset(channels)
    plots_by_cell: dict[Hex, Plot] = {}
    for cell, code in plots.items():
        if cell == POND:
            raise ValueError("the pond is at (0, 0); no plot can go there")
        tile = parts.tile_by_code.get(code)
        if tile is None:
            raise ValueError(f"{code!r} is not a plot tile")
        plot = Plot(code, tile.colour, tile.improvement)
        kind = (tokens or {}).get(cell)
        if kind:
            if tile.improvement:
                raise ValueError(f"plot {cell} already has a printed {tile.improvement}")
            plot = evolve(plot, improvement=kind, token=True)
        height = (bamboo or {}).get(cell, 0)
        wet = is_irrigated(cell, plot, channel_set)
        if height and not wet:
            raise ValueError(f"bamboo cannot stand on the unirrigated plot {cell}")
        plots_by_cell[cell] = evolve(plot, bamboo=height, irrigated=wet, sprouted=wet)
    garden = Garden(plots_by_cell)
    for e in channel_set:
        if not all(c in garden or c == POND for c in e):
            raise ValueError(f"channel {e} does not lie between two plots")
    used_tiles = Counter(plot.tile for plot in garden.values())
    box_tiles = Counter(tile.code for tile in parts.tiles)
    if used_tiles - box_tiles:
        raise ValueError(f"the box has no more of {sorted((used_tiles - box_tiles).elements())}")
    pile = list((box_tiles - used_tiles).elements())

    hands = hands or [()] * players
    completed = completed or [()] * players
    stocks = stocks or [{}] * players
    boards = []
    for seat in range(players):
        stock = stocks[seat]
        boards.append(
            Player(
                hand=tuple(hands[seat]),
                completed=tuple(completed[seat]),
                bamboo=(stock.get("green", 0), stock.get("yellow", 0), stock.get("pink", 0)),
                channels=stock.get("channels", 0),
                improvements=(stock.get("watershed", 0), stock.get("fertilizer", 0), stock.get("enclosure", 0)),
            )
        )
    in_play = {c for b in boards for c in b.hand + b.completed}
    decks = []
    rng = Rng.from_seed(seed)
    for kind in OBJECTIVE_KINDS:
        deck, rng = rng.shuffled([c for c in parts.deck(kind) if c not in in_play])
        decks.append(deck)
    shuffled_pile, rng = rng.shuffled(pile)

    box = bamboo_box(parts, rules)
    reserve_bamboo = tuple(
        box[i] - sum(p.bamboo for p in garden.values() if p.colour == colour) - sum(b.bamboo[i] for b in boards)
        for i, colour in enumerate(COLOURS)
    )
    reserve_improvements = tuple(
        parts.improvements[i]
        - sum(1 for p in garden.values() if p.token and p.improvement == kind)
        - sum(b.improvements[i] for b in boards)
        for i, kind in enumerate(IMPROVEMENTS)
    )
    reserve_channels = parts.channels - len(channel_set) - sum(b.channels for b in boards)
    if min(reserve_improvements) < 0 or reserve_channels < 0:
        raise ValueError("more improvements or channels than the box holds")
    state = State(
        stack=(ChooseAction(current),),
        rng=rng,
        rules=RULES,
        players=players,
        options=rules,
        garden=garden,
        channels=channel_set,
        gardener=gardener,
        panda=panda,
        tile_pile=shuffled_pile,
        decks=(decks[0], decks[1], decks[2]),
        reserve_channels=reserve_channels,
        reserve_improvements=(reserve_improvements[0], reserve_improvements[1], reserve_improvements[2]),
        reserve_bamboo=(reserve_bamboo[0], reserve_bamboo[1], reserve_bamboo[2]),
        boards=tuple(boards),
        start_player=0,
        current=current,
        turn_number=players + 1 + current if turn_number is None else turn_number,
        turn=Turn(weather=weather, actions=tuple(actions)),
        components=parts,
    )
    return state


def from_json(text: str) -> State:
    """The state written by ``State.to_json``; bad input raises ``InvalidRecord`` naming the field.

    Custom component data saved with the state is checked as :func:`load_components` checks
    the data files, and the position must keep the invariants (:func:`invariants`).
    """
    state = saved.load(text, RULES)
    # Well-typed fields can still describe an impossible position (a tenth improvement token,
    # a plot far from the garden, a seat that does not exist): the invariants name what is wrong.
    problems = invariants(state)
    if problems:
        raise InvalidRecord("the saved state is not a sound Takenoko position: " + "; ".join(problems))
    return state

