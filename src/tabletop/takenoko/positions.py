"""Positions from a readable description: the garden, the hands, the stocks, the figures, the
next tiles and cards of the piles and the weather of the turn, in a few lines.

>>> from tabletop.takenoko.positions import position
>>> state = position({(1, 0): "G", (1, -1): "G"}, bamboo={(1, 0): 2}, roll="rain")
>>> sorted(str(m) for m in state.legal_moves() if str(m).startswith("rain"))
['rain 1,-1', 'rain 1,0']

The position is seat ``current``'s turn in the action phase (or deciding the weather's effect
with ``roll``, or placing a kept plot with ``placing``). Everything the description leaves out
is where the rules put it: plot tiles not placed are in the pile, cards not held are in their
decks, tokens and channels not placed or stored are in the reserve, and the reserve's bamboo is
what the garden and the players do not hold. Irrigation follows the garden (pond, channels,
watersheds), and every irrigated plot has had its first shoot.

The piles keep their hidden order: the next draws are chance's, from the seeded random source
(or the test's, with ``chance="explicit"``). ``next_tiles`` and ``next_cards`` fix what comes
next instead: the pile is then set in an order no player knows (views hide it), those first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import attrs

from tabletop.kernel.engine import evolve
from tabletop.kernel.hexgrid import Edge, Hex
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.takenoko.components import COLOURS, IMPROVEMENTS, OBJECTIVE_KINDS, STANDARD, Components
from tabletop.takenoko.rules import RULES, apply_weather
from tabletop.takenoko.rules.garden import bamboo_box, is_irrigated
from tabletop.takenoko.state import (
    NOBODY,
    POND,
    Bamboo,
    ChooseAction,
    Declare,
    Garden,
    Improvements,
    Options,
    PlacePlot,
    Player,
    Plot,
    State,
    Turn,
)

#: The rule options of :class:`~tabletop.takenoko.state.Options`, by keyword.
_OPTION_NAMES: tuple[str, ...] = tuple(field.name for field in attrs.fields(Options))


def position(
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
    roll: str = "",
    placing: str = "",
    emperor: int | None = None,
    over: bool = False,
    next_tiles: Sequence[str] = (),
    pile: Sequence[str] | None = None,
    next_cards: Mapping[str, Sequence[str]] | None = None,
    decks: Mapping[str, Sequence[str]] | None = None,
    seed: int = 0,
    chance: str = "sampled",
    components: Components | None = None,
    **options: Any,
) -> State:
    """A position built from a description (see the module's documentation).

    Args:
        plots: tile code by cell (``{(1, 0): "G", (1, -1): "YF"}``); the pond is at ``(0, 0)``.
        bamboo: sections standing on plots (0 where not given; only on irrigated plots).
        tokens: improvement tokens lying on plots (``{(1, 0): "enclosure"}``).
        channels: edges holding a channel (``hexgrid.edge(a, b)``).
        hands / completed: objective card ids per seat.
        stocks: per seat, stored items: colours for eaten sections, ``"channels"`` and the
            improvement names (``{"green": 2, "channels": 1, "fertilizer": 1}``).
        gardener / panda: the figures' cells.
        current: the seat whose turn it is; ``turn_number`` defaults to its turn of the
            second round (so the weather die is in play).
        weather / actions: what the turn already has (``"sun"``, ``("plot",)``).
        roll: the face the weather die has just shown (``"rain"``, ``"?"``...): the position
            asks for its effect (the turn's weather must then be left empty).
        placing: a plot tile the player has drawn and kept, to place now (the Plot action
            is counted as taken).
        emperor: the seat that triggered the end and holds the Emperor card.
        over: the game has ended (nothing is asked any more), to read its scores.
        next_tiles: the next plot tiles drawn, in order.
        pile: the tiles of the plot pile instead (in no known order, unless ``next_tiles``
            says what comes first); the tiles neither placed nor in it are set aside (a
            position no game reaches: invariants report them).
        next_cards: per deck (``"plot"``, ``"gardener"``, ``"panda"``), its next cards in order.
        decks: per deck, the whole deck instead, in drawing order (the cards neither held
            nor in it are set aside, as with ``pile``; a deck given in order is in an order
            no seat knows).
        seed: the random source of the position's chance events.
        chance: ``"sampled"`` or ``"explicit"`` (see :mod:`tabletop.kernel.engine`).
        components: the box (the standard one by default).
        options: rule options (see :class:`~tabletop.takenoko.state.Options`). With the
            ``declare_actions`` variant the turn's actions are declared first: the position
            asks for them when the turn has taken none, and counts those it took (and the
            plot being placed) as the ones declared otherwise.

    Raises ``ValueError`` for an impossible description and ``TypeError`` for an unknown option.
    """
    parts = components or STANDARD
    choices = _rule_options(options)
    channel_set = frozenset(channels)
    garden = _garden(parts, plots, bamboo or {}, tokens or {}, channel_set)
    boards = _boards(players, hands, completed, stocks)
    tile_pile, returned_by = _tile_pile(parts, garden, placing, next_tiles, pile, Rng.from_seed(seed))
    taken = tuple(actions) + (("plot",) if placing else ())
    declaring = choices.declare_actions and not taken
    state = State(
        stack=(Declare(current) if declaring else ChooseAction(current),),
        rng=Rng.from_seed(seed),
        chance=chance,
        rules=RULES,
        players=players,
        options=choices,
        garden=garden,
        channels=channel_set,
        gardener=gardener,
        panda=panda,
        tile_pile=tile_pile,
        returned_by=returned_by,
        decks=_decks(parts, boards, next_cards or {}, decks, Rng.from_seed(seed).stream(1)),
        boards=boards,
        start_player=0,
        current=current,
        turn_number=players + 1 + current if turn_number is None else turn_number,
        turn=Turn(weather=weather, actions=taken, declared=taken if choices.declare_actions and taken else None),
        emperor=emperor,
        components=parts,
        **_reserve(parts, choices, garden, boards, channel_set),
    )
    if placing:
        state = evolve(state, stack=(PlacePlot(current, placing),))
    if roll:
        state = apply_weather(state, roll, state.current, state.turn_number, state.turn, state.rng)
    if over:
        state = evolve(state, stack=())
    return state


def _rule_options(options: Mapping[str, Any]) -> Options:
    """The :class:`Options` of ``options``; an unknown name raises ``TypeError`` listing the known ones."""
    unknown = [name for name in options if name not in _OPTION_NAMES]
    if unknown:
        raise TypeError(
            f"Takenoko has no option {unknown[0]!r}; its options are {', '.join(_OPTION_NAMES)} and components"
        )
    return Options(**options)


def _garden(
    parts: Components,
    plots: Mapping[Hex, str],
    bamboo: Mapping[Hex, int],
    tokens: Mapping[Hex, str],
    channels: frozenset[Edge],
) -> Garden:
    placed: dict[Hex, Plot] = {}
    for cell, code in plots.items():
        if cell == POND:
            raise ValueError("the pond is at (0, 0); no plot can go there")
        tile = parts.tile_by_code.get(code)
        if tile is None:
            raise ValueError(f"{code!r} is not a plot tile")
        plot = Plot(code, tile.colour, tile.improvement)
        kind = tokens.get(cell)
        if kind:
            if tile.improvement:
                raise ValueError(f"plot {cell} already has a printed {tile.improvement}")
            plot = evolve(plot, improvement=kind, token=True)
        height = bamboo.get(cell, 0)
        wet = is_irrigated(cell, plot, channels)
        if height and not wet:
            raise ValueError(f"bamboo cannot stand on the unirrigated plot {cell}")
        placed[cell] = evolve(plot, bamboo=height, irrigated=wet, sprouted=wet)
    for e in channels:
        if not all(c in placed or c == POND for c in e):
            raise ValueError(f"channel {e} does not lie between two plots")
    return Garden(placed)


def _boards(
    players: int,
    hands: Sequence[Sequence[str]] | None,
    completed: Sequence[Sequence[str]] | None,
    stocks: Sequence[Mapping[str, int]] | None,
) -> tuple[Player, ...]:
    hands = hands or [()] * players
    completed = completed or [()] * players
    stocks = stocks or [{}] * players
    return tuple(
        Player(
            hand=tuple(hands[seat]),
            completed=tuple(completed[seat]),
            bamboo=Bamboo.of({kind: n for kind, n in stocks[seat].items() if kind in Bamboo.INDEX}),
            channels=stocks[seat].get("channels", 0),
            improvements=Improvements.of({kind: n for kind, n in stocks[seat].items() if kind in Improvements.INDEX}),
        )
        for seat in range(players)
    )


def _tile_pile(
    parts: Components,
    garden: Garden,
    placing: str,
    next_tiles: Sequence[str],
    pile: Sequence[str] | None,
    rng: Rng,
) -> tuple[Pile[str], tuple[int, ...]]:
    """The plot pile: the tiles not placed (nor being placed), or ``pile``; ``next_tiles`` first."""
    used = Counter(plot.tile for plot in garden.values())
    if placing:
        used[placing] += 1
    box = Counter(tile.code for tile in parts.tiles)
    if used - box:
        raise ValueError(f"the box has no more of {sorted((used - box).elements())}")
    rest = box - used
    if pile is not None:
        if Counter(pile) - rest:
            raise ValueError(f"the pile cannot hold {list(pile)}: the box has no more of some")
        rest = Counter(pile)
    if not next_tiles:
        return Pile(rest.elements()), ()
    rest.subtract(next_tiles)
    if any(n < 0 for n in rest.values()):
        raise ValueError(f"the pile does not hold the tiles {list(next_tiles)}")
    others, _ = rng.shuffled(sorted(rest.elements()))
    # Known first tiles need a set order, which no seat knows (see ``NOBODY``).
    order = tuple(next_tiles) + others
    return Pile((), order), (NOBODY,) * len(order)


def _decks(
    parts: Components,
    boards: tuple[Player, ...],
    next_cards: Mapping[str, Sequence[str]],
    decks: Mapping[str, Sequence[str]] | None,
    rng: Rng,
) -> tuple[Pile[str], Pile[str], Pile[str]]:
    """The objective decks: the cards nobody holds, ``next_cards`` first."""
    held = {c for board in boards for c in board.hand + board.completed}
    out: list[Pile[str]] = []
    for kind in OBJECTIVE_KINDS:
        free = [c for c in parts.deck(kind) if c not in held]
        if decks is not None and kind in decks:
            order = tuple(decks[kind])
        elif kind in next_cards:
            first = tuple(next_cards[kind])
            rest, rng = rng.shuffled([c for c in free if c not in first])
            order = first + rest
        else:
            out.append(Pile(free))
            continue
        if not set(order) <= set(free) or len(set(order)) != len(order):
            raise ValueError(f"the {kind} deck cannot hold {list(order)}: some are held or not {kind} cards")
        out.append(Pile((), order))
    return out[0], out[1], out[2]


def _reserve(
    parts: Components, choices: Options, garden: Garden, boards: tuple[Player, ...], channels: frozenset[Edge]
) -> dict[str, Any]:
    """What the box holds beyond the garden and the players' boards."""
    box = bamboo_box(parts, choices)
    bamboo = None
    if box is not None:
        standing = Bamboo.of(Counter(p.colour for p in garden.values() for _ in range(p.bamboo)))
        bamboo = box.minus(standing.plus([sum(b.bamboo[i] for b in boards) for i in range(len(COLOURS))]))
    laid = Counter(p.improvement for p in garden.values() if p.token)
    improvements = [
        parts.improvements[i] - laid[kind] - sum(b.improvements[i] for b in boards) for i, kind in enumerate(IMPROVEMENTS)
    ]
    spare_channels = parts.channels - len(channels) - sum(b.channels for b in boards)
    if min(improvements) < 0 or spare_channels < 0:
        raise ValueError("more improvements or channels than the box holds")
    return {
        "reserve_bamboo": bamboo,
        "reserve_improvements": Improvements(improvements),
        "reserve_channels": spare_channels,
    }
