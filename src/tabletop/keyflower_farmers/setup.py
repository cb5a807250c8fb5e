"""The first position (base rulebook, Set up; The Farmers, Set up), and saved states read back
(:mod:`.saved`).

Every random part of the setup is a chance decision on the stack, asked before spring begins:
each seat's home tile, the 8 workers each seat draws from the bag, the workers and skill tiles
loaded on each boat, the spring tiles laid out and the winter tiles dealt. Once they are done,
the holder of the lowest home tile takes the purple worker and starts spring.
"""

from __future__ import annotations

from collections.abc import Mapping
from itertools import chain
from typing import Any

import attrs

from tabletop.keyflower_farmers.components import COLOURS, COMPONENTS, ORDER_ID, Components
from tabletop.keyflower_farmers import saved
from tabletop.keyflower_farmers.rules import RULES
from tabletop.keyflower_farmers.rules.chance import SetupDraws, setup_draw_plan, setup_draws
from tabletop.keyflower_farmers.rules.turns import relisted
from tabletop.keyflower_farmers.state import (
    Animals,
    BeginSpring,
    Cargo,
    DealHome,
    DealWinter,
    DrawSeasonTile,
    DrawSkill,
    DrawWorker,
    KeyflowerState,
    PlaceWorkers,
    Resources,
    SelectWinter,
    Skills,
    Tile,
    Village,
    Workers,
)
from tabletop.kernel.auction import Lot
from tabletop.kernel.engine import evolve, replace_top, rewritten
from tabletop.kernel.errors import InvalidRecord
from tabletop.kernel.pile import Pile
from tabletop.kernel.rng import Rng
from tabletop.kernel.tiles import Fields


def setup(players: int, rng: Rng, options: Mapping[str, Any]) -> KeyflowerState:
    """The position before spring, its random events stacked (see the module docstring).
    ``options`` are already checked against :data:`.options.OPTIONS`."""
    components: Components = COMPONENTS.resolve(options["components"])
    farmers = options["farmers"]
    if options["first_game"] and not farmers:
        raise ValueError("keyflower_farmers option 'first_game' (variant A) is a Farmers variant: it needs farmers")
    extra_green = options["extra_green"]
    if any(seat >= players for seat in extra_green):
        raise ValueError(f"keyflower_farmers option 'extra_green' names seats of {players} players: 0 to {players - 1}")
    key = (players, farmers, options["first_game"], options["open_information"], extra_green, options["chance"])
    known = _LAID_OUT.get((id(components), *key))
    if known is None or known[0] is not components:
        first = _box(components, players, farmers, options)
        if options["first_game"]:
            first = _first_game(first)
        if len(_LAID_OUT) >= 64:  # a few option sets per process: kept bounded all the same
            _LAID_OUT.clear()
        laid_out = evolve(first, stack=_setup_events(first))
        known = _LAID_OUT[(id(components), *key)] = (components, laid_out, setup_draw_plan(laid_out, tiles=True))
    _, laid_out, draws = known
    if laid_out.chance == "sampled":
        # The first events, the home tiles dealt, the workers and skill tiles drawn, the spring
        # tiles laid out and the winter tiles dealt, are resolved at once as the engine would
        # resolve them one by one (see chance.setup_draws): one copy of the position rather
        # than one per event or run.
        drawn, rng = setup_draws(laid_out, draws, rng)
        return RULES.start(rewritten(drawn, rng=rng))
    return RULES.start(evolve(laid_out, rng=rng))


#: The box laid out with its setup events stacked, before any random event, and the draws
#: among those events (see chance.setup_draws), by the components (checked to be the very
#: object: the key holds its id) and the options it depends on: the same for every game of
#: those options, so made once (the random events then differ by seed).
_LAID_OUT: dict[tuple[Any, ...], tuple[Components, KeyflowerState, SetupDraws]] = {}


def _box(components: Components, players: int, farmers: bool, options: Mapping[str, Any]) -> KeyflowerState:
    """Everything laid out before any random event: supplies, empty screens and villages, the
    turn-order tiles for ``players`` up for auction, the tiles of each season in its pile."""
    workers = dict(components.workers)
    screens = tuple(Workers.of(green=1 if seat in options["extra_green"] else 0) for seat in range(players))
    green = workers["green"] - sum(screen.named("green") for screen in screens)
    bag = tuple(chain.from_iterable((colour,) * workers[colour] for colour in COLOURS[:3]))
    order = tuple([ORDER_ID[tile.number] for tile, _ in components.turn_order_for(players, farmers)])
    piles: tuple[Pile[str], ...] = tuple(
        Pile(tuple(t.code for t in components.season_tiles(s, farmers))) for s in ("spring", "summer", "autumn")
    )
    return KeyflowerState(
        players=players,
        components=components,
        farmers=farmers,
        first_game=options["first_game"],
        open_information=options["open_information"],
        season=0,
        start=-1,
        passes=0,
        screens=screens,
        secret=(Workers(),) * players,
        skills=(Skills(),) * players,
        open_skills=(Skills(),) * players,
        wheat=(0,) * players,
        homes=(0,) * players,
        winter_hands=((),) * players,
        winter_offers=((),) * players,
        boat_picks=(),
        villages=(Village((), Fields()),) * players,
        tiles=tuple(Tile(tile_id) for tile_id in order),
        lots=tuple((tile_id, Lot()) for tile_id in order),
        boats=tuple(Cargo(boat.code) for boat in components.boats_for(players)),
        bag=Pile(bag),
        green=green,
        skill_pile=Pile(tuple(skill for skill, n in components.skills for _ in range(n))),
        supply=Resources.of(dict(components.resources)),
        animals=Animals.of(dict(components.animals)) if farmers else Animals(),
        wheat_supply=components.wheat if farmers else 0,
        season_piles=(*piles, Pile()),
        winter_deck=Pile(tuple(t.code for t in components.season_tiles("winter", farmers))),
        rng=Rng.from_seed(0),
        chance=options["chance"],
        stack=(),
        rules=RULES,
    )


def _first_game(state: KeyflowerState) -> KeyflowerState:
    """Variant A (The Farmers, first game): the Farmers spring tiles are laid out at once (base
    tiles drawn to fill the row), and the winter tiles dealt are the 6 Farmers ones with base
    ones selected at random (the base ones wait in the winter pile)."""
    components = state.components
    spring = tuple(t.code for t in components.season_tiles("spring", True) if t.farmers)
    base_spring = tuple(t.code for t in components.season_tiles("spring", False))
    winter = tuple(t.code for t in components.season_tiles("winter", True) if t.farmers)
    base_winter = tuple(t.code for t in components.season_tiles("winter", False))
    return attrs.evolve(
        state,
        tiles=(*(Tile(code) for code in spring), *state.tiles),
        lots=(*((code, Lot()) for code in spring), *state.lots),
        season_piles=(Pile(base_spring), *state.season_piles[1:3], Pile(base_winter)),
        winter_deck=Pile(winter),
    )


def _setup_events(state: KeyflowerState) -> tuple[Any, ...]:
    """The stack of setup events, the first to happen on top: home tiles, workers, boats,
    spring tiles, winter tiles (variant A: selected, then dealt), then the start of spring."""
    components = state.components
    players = state.players
    events: list[Any] = []  # from the bottom of the stack up: the last happens first
    per_player = components.winter_per_player(players, state.farmers)
    events += [DealWinter(seat) for seat in range(players) for _ in range(per_player)]
    events += [SelectWinter()] * (per_player * players - len(state.winter_deck))
    laid_out = sum(1 for tile_id, _ in state.lots if not tile_id.startswith("order"))
    events += [DrawSeasonTile("spring")] * (components.per_season[players - 2] - laid_out)
    for boat in components.boats_for(players):
        side = boat.side_in("spring")
        events += [DrawSkill(None, boat.code)] * side.skills
        events += [DrawWorker(None, boat.code)] * side.workers
    events += [DrawWorker(seat) for seat in range(players) for _ in range(components.start_workers)]
    events += [DealHome(seat) for seat in range(players)]
    return (BeginSpring(), *events)


def from_json(text: str) -> KeyflowerState:
    """The state written by ``state.to_json()`` (see :mod:`.saved`); bad input raises
    :class:`InvalidRecord` naming the field."""
    state = saved.load(text, RULES)
    _check_placement(state)
    return state


def _check_placement(state: KeyflowerState) -> None:
    """A placement in progress is on top of the stack, at a hex in play, and its options are
    those the rules list for the answers given so far (a view lists none for the other seats)."""
    for pending in state.stack[:-1]:
        if isinstance(pending, PlaceWorkers):
            raise InvalidRecord("field 'stack': a placement of workers below another decision")
    pending = state.pending
    if not isinstance(pending, PlaceWorkers):
        return
    if pending.tile not in state.tile_positions() or (pending.bid and state.lot(pending.tile) is None):
        raise InvalidRecord(f"field 'stack': workers placed at {pending.tile!r}, no hex to bid for or use")
    if not pending.options and state.viewer is not None:
        return
    listed = relisted(replace_top(state, attrs.evolve(pending, options=())))
    if listed.pending != pending or not pending.options:
        raise InvalidRecord("field 'stack': the options of the placement in progress are not those of the rules")
