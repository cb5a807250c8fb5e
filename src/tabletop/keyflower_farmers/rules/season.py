"""The flow of a season: its start and its turns until everyone has passed in succession, and
``settle``, which performs the forced steps between decisions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from tabletop.keyflower_farmers.components import ORDER_ID, SEASONS, Components
from tabletop.keyflower_farmers.rules.common import with_seat
from tabletop.keyflower_farmers.state import (
    NO_BIDS,
    AfterBoats,
    BeginSeason,
    BeginSpring,
    DrawSeasonTile,
    DrawSkill,
    DrawWorker,
    KeyflowerState,
    PlaceAnimal,
    ReturnSkill,
    ReturnWorker,
    RevealWinter,
    Tile,
    TossSummerBoat,
    Turn,
)
from tabletop.keyflower_farmers.rules.chance import BoatLoads, boat_loads, open_season
from tabletop.keyflower_farmers.rules.production import animal_moves
from tabletop.keyflower_farmers.rules.season_end import after_boats, end_season
from tabletop.keyflower_farmers.rules.winter import begin_winter, reveal_winter
from tabletop.kernel.auction import Lot
from tabletop.kernel.engine import evolve, listed, pop, push, rewritten, samples_now
from tabletop.kernel.shared import shared


def begin_spring(state: KeyflowerState) -> KeyflowerState:
    """The holder of the lowest-numbered home tile takes the purple worker and starts."""
    start = min(range(state.players), key=lambda seat: state.homes[seat])
    return evolve(state, start=start, passes=0, stack=state.stack[:-1] + (Turn(start),))


def begin_season(state: KeyflowerState) -> KeyflowerState:
    """The next season. Summer and autumn: the boats show the season's side and are loaded from the bag (one
    worker at a time round the boats, so that a short bag fills them in order), the season's
    tiles are laid out (variant A: every Farmers tile of the season, base tiles filling the
    row), the turn-order tiles are up for auction again, and the start player begins. Winter:
    see :mod:`.winter`. After winter the game is over (the stack is left empty)."""
    season = state.season + 1
    if season == 4:  # the end of winter: the game is over
        return pop(state)
    name = SEASONS[season]
    start = _season_start(state.components, state.players, state.farmers, season)
    if season == 3:
        return begin_winter(state, start.order)
    lots = start.lots
    stack = state.stack[:-1] + (shared(Turn, state.start),)
    tiles = start.tiles
    if state.first_game:
        # Above the first turn: a summer boat laid out has its side up before anyone plays.
        state = _lay_out_farmers_tiles(evolve(state, season=season, passes=0, lots=lots, stack=stack), name)
        lots, stack = state.lots, state.stack
        tiles -= len(lots) - len(start.order)  # the Farmers tiles laid out, before the turn-order tiles
    if samples_now(state):
        # The loads and the season's tiles, the first events of the season, drawn as the engine
        # would draw them (see chance.open_season): one copy of the position rather than one
        # per run of draws.
        state, rng = open_season(state, start.drawn, season, lots, tiles, state.rng)
        return rewritten(state, season=season, passes=0, stack=stack, rng=rng)
    draws = (shared(DrawSeasonTile, name),) * tiles
    events = [shared(DrawSkill if skill else DrawWorker, None, code) for code, skill in start.loads]
    # The tiles are drawn after the boats are loaded (the first load on top), in one copy.
    return evolve(state, season=season, passes=0, lots=lots, stack=(*stack, *draws, *reversed(events)))


@attrs.frozen
class SeasonStart:
    """What a season starts with in a box, for a player count and with or without the Farmers
    tiles (see :func:`begin_season`): the same in every game, so made once (see
    :func:`_season_start`) rather than read out of the components at each season.

    Attributes:
        order: the ids of the turn-order tiles in play, by number.
        lots: those tiles up for auction, no bids on them.
        loads: what the boats are loaded with (see ``Components.loads``).
        drawn: the draws of those loads, planned (see ``chance.boat_loads``).
        tiles: how many of the season's tiles are laid out (before variant A's Farmers tiles).
    """

    order: tuple[str, ...]
    lots: tuple[tuple[str, Lot], ...]
    loads: tuple[tuple[str, bool], ...]
    drawn: BoatLoads
    tiles: int


def _season_start(components: Components, players: int, farmers: bool, season: int) -> SeasonStart:
    """The :class:`SeasonStart` of ``season`` (by index) with ``components``, made once and
    kept in :data:`_STARTS` (found by the box's identity, the box kept beside it to tell a new
    box at the same address)."""
    key = (id(components), players, farmers, season)
    known = _STARTS.get(key)
    if known is None or known[0] is not components:
        order = tuple([ORDER_ID[tile.number] for tile, _ in components.turn_order_for(players, farmers)])
        lots = tuple([(tile_id, NO_BIDS) for tile_id in order])
        name = SEASONS[season]
        loads = components.loads(players, name)
        start = SeasonStart(order, lots, loads, boat_loads(loads), components.per_season[players - 2])
        if len(_STARTS) >= 256:  # a few boxes and player counts per process: kept bounded all the same
            _STARTS.clear()
        known = _STARTS[key] = (components, start)
    return known[1]


#: The :class:`SeasonStart` of each box (by identity), player count, Farmers option and season.
_STARTS: dict[tuple[int, int, bool, int], tuple[Components, SeasonStart]] = {}


def _lay_out_farmers_tiles(state: KeyflowerState, season: str) -> KeyflowerState:
    """Variant A: the season's Farmers tiles are laid out at once, out of the season's pile."""
    index = SEASONS.index(season)
    codes = tuple(t.code for t in state.components.season_tiles(season, True) if t.farmers)
    pile = state.season_piles[index]
    for code in codes:
        pile = pile.remove(code)
    state = evolve(
        state,
        season_piles=with_seat(state.season_piles, index, pile),
        tiles=(*state.tiles, *(Tile(code) for code in codes)),
        lots=(*((code, NO_BIDS) for code in codes), *state.lots),
    )
    for code in codes:
        if state.components.tile(code).kind == "summer_boat":
            state = push(state, TossSummerBoat(code))
    return state


def settle(state: KeyflowerState) -> KeyflowerState:
    """Resolve markers and drop events that cannot happen (a draw from an empty bag or pile, an
    animal with no supply or no field to go to) until a real decision is on top."""
    stack = state.stack
    while stack:
        top = stack[-1]
        kind = type(top)
        if kind is Turn:
            if state.passes < state.players:  # the usual case: a player's turn
                return state
        elif kind not in _FORCED:  # always asked
            return state
        after = _FORCED[kind](state, top)
        if after is None:  # a decision to ask
            return state
        state = after
        stack = state.stack
    return state


def _return_worker(state: KeyflowerState, top: ReturnWorker) -> KeyflowerState:
    return evolve(state, bag=state.bag.shuffle_in((top.colour,)), stack=state.stack[:-1])


def _return_skill(state: KeyflowerState, top: ReturnSkill) -> KeyflowerState:
    return evolve(state, skill_pile=state.skill_pile.shuffle_in((top.skill,)), stack=state.stack[:-1])


def _draw_worker(state: KeyflowerState, top: DrawWorker) -> KeyflowerState | None:
    return None if state.bag else pop(state)


def _draw_skill(state: KeyflowerState, top: DrawSkill) -> KeyflowerState | None:
    return None if state.skill_pile else pop(state)


def _place_animal(state: KeyflowerState, top: PlaceAnimal) -> KeyflowerState | None:
    """Asked while the supply still holds the animal and a field on the hex can take it. The
    fields found are the moves asked: listed with the position (:func:`.kernel.engine.listed`),
    so they are not looked for twice. ``state`` is the position settle returns."""
    if state.animals.named(top.animal):
        moves = animal_moves(state, top)
        if moves:
            listed(state, moves)
            return None
    return pop(state)


def _turn(state: KeyflowerState, top: Turn) -> KeyflowerState | None:
    return end_season(state) if state.passes >= state.players else None


#: What :func:`settle` does with each kind of decision on top of the stack that may need no
#: asking: the state after it, or ``None`` when it is asked. The others are always asked.
_FORCED: dict[type, Callable[[KeyflowerState, Any], KeyflowerState | None]] = {
    BeginSpring: lambda state, top: begin_spring(state),
    ReturnWorker: _return_worker,
    ReturnSkill: _return_skill,
    DrawWorker: _draw_worker,
    DrawSkill: _draw_skill,
    PlaceAnimal: _place_animal,
    Turn: _turn,
    AfterBoats: after_boats,
    BeginSeason: lambda state, top: begin_season(state),
    RevealWinter: lambda state, top: reveal_winter(state),
}

