"""New games and saved games.

:func:`start` follows the rulebook's preparation: the pond in the centre with the panda and the
gardener on it, the 27 plots in a face-down pile, the channels and improvements in the reserve,
three face-down objective decks, one objective of each type dealt to every player, and a start
player (the rulebook's tallest player, drawn at random here). The deal and the start player
are chance's decisions (see :mod:`tabletop.takenoko.rules.preparation`).

:func:`from_json` reads a saved state back. Positions built from a description are
:func:`tabletop.takenoko.positions.position`'s.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import Any

import attrs

from tabletop.kernel.api import InvalidRecord
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.takenoko import saved
from tabletop.takenoko.components import COMPONENTS, Components
from tabletop.takenoko.invariants import invariants
from tabletop.takenoko.moves import (
    CompleteObjective,
    DrawCard,
    DrawTile,
    EndTurn,
    FirstSeat,
    PlaceChannel,
    PlaceTile,
    Roll,
)
from tabletop.takenoko.rules import RULES, first_deal
from tabletop.takenoko.rules.garden import bamboo_box
from tabletop.takenoko.state import POND, Garden, Improvements, Options, Player, State, Turn

#: The rule options of :class:`Options`, by keyword.
_OPTION_NAMES: tuple[str, ...] = tuple(field.name for field in attrs.fields(Options))


def start(players: int, rng: Rng, options: Mapping[str, Any]) -> State:
    """The starting position for ``players`` with ``options`` checked by
    :data:`tabletop.takenoko.options.OPTIONS` (``GAME.new_game`` calls it)."""
    rule_options = {name: value for name, value in options.items() if name in _OPTION_NAMES}
    choices = Options(**rule_options)
    components = options.get("components")
    parts = COMPONENTS.resolve(components)
    tile_pile, decks = _full_piles(parts)
    state = State(
        stack=(first_deal(),),
        rng=rng,
        chance=options.get("chance", "sampled"),
        rules=RULES,
        players=players,
        options=choices,
        garden=Garden(),
        channels=frozenset(),
        gardener=POND,
        panda=POND,
        tile_pile=tile_pile,
        decks=decks,
        reserve_channels=parts.channels,
        reserve_improvements=Improvements(parts.improvements),
        reserve_bamboo=bamboo_box(parts, choices),
        boards=tuple(Player() for _ in range(players)),
        start_player=0,
        current=0,
        turn_number=1,
        turn=Turn(),
        components=parts,
    )
    return RULES.start(state)


def _full_piles(parts: Components) -> tuple[Pile[str], tuple[Pile[str], Pile[str], Pile[str]]]:
    """The plot pile and the plot, gardener and panda objective decks of a new game with
    ``parts`` (immutable values: read off the box once, not at every new game)."""
    found = _PILES.get(id(parts))
    if found is None or found[0] is not parts:
        tile_pile: Pile[str] = Pile([tile.code for tile in parts.tiles])
        decks: tuple[Pile[str], Pile[str], Pile[str]] = (
            Pile(parts.deck("plot")),
            Pile(parts.deck("gardener")),
            Pile(parts.deck("panda")),
        )
        if len(_PILES) >= 16:
            _PILES.clear()
        found = _PILES[id(parts)] = (parts, tile_pile, decks)
    return found[1], found[2]


#: The full piles of :func:`_full_piles`, by the box's identity (each entry holds its box, so the
#: identity is not reused while the entry lives).
_PILES: dict[int, tuple[Components, Pile[str], tuple[Pile[str], Pile[str], Pile[str]]]] = {}


def from_json(text: str) -> State:
    """The state written by ``State.to_json``; bad input raises ``InvalidRecord`` naming the field.

    Custom component data saved with the state is checked as :func:`load_components` checks
    the data files, and the position must keep the invariants (:func:`invariants`), options
    included (``declare_actions`` switched on mid-turn is refused). The JSON of a view is
    refused: it is not a full state. The history must fit the position: no longer than the
    turns begun allow, and accounting for no more plots, channels, completed objectives and
    ended turns than the position shows. What loads plays on.
    """
    state = saved.load(text, RULES)
    # Well-typed fields can still describe an impossible position (a tenth improvement token,
    # a plot far from the garden, a seat that does not exist): the invariants name what is wrong.
    problems = invariants(state) or _history_problems(state)
    if problems:
        raise InvalidRecord("the saved state is not a sound Takenoko position: " + "; ".join(problems)[:1000])
    return state


def _history_problems(state: State) -> list[str]:
    """Where the history (field ``history``) cannot have led to the position.

    A position set up from a description (:mod:`~tabletop.takenoko.positions`) starts with an
    empty history and may already hold plots, channels and completed objectives, so the
    history must account for no more than the position shows, not for all of it.
    """
    played = Counter(type(move) for move in state.history)
    problems = []
    if state.turn_number > saved.MAX_TURNS:
        problems.append(f"field 'turn_number': {state.turn_number} turns, more than {saved.MAX_TURNS}")
    if state.chance == "sampled" and any(played[kind] for kind in (Roll, DrawTile, DrawCard, FirstSeat)):
        problems.append("field 'history' holds chance outcomes, which only a game with explicit chance records")
    shown = {
        PlaceTile: ("plots placed", len(state.garden)),
        PlaceChannel: ("channels placed", len(state.channels)),
        CompleteObjective: ("objectives completed", sum(len(board.completed) for board in state.boards)),
        # The last turn of a finished game ends without a next one beginning.
        EndTurn: ("turns ended", state.turn_number - (0 if state.is_over else 1)),
    }
    for kind, (what, most) in shown.items():
        if played[kind] > most:
            problems.append(f"field 'history' holds {played[kind]} {what}, the position {most}")
    return problems

