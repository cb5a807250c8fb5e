"""Saved Keyflower states: the JSON :func:`to_json` writes and :func:`load` reads back.

The JSON object holds every game field of the state, the pending decisions (``"stack"``, each
with its ``"type"``), the moves played (``"history"``, in notation), the component data when it
is not the standard box (``"components"``) and ``"format": 4``; a JSON of another format is
refused naming it. Reading is strict: whole numbers are JSON integers, flags ``true``/``false``,
texts strings; a field of one entry per player must have one per player.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import attrs
import cattrs

from tabletop.keyflower_farmers.components import COLOURS, COMPONENTS, ORDER_ID, SKILLS
from tabletop.keyflower_farmers.moves import parse_move_text
from tabletop.keyflower_farmers.state import KeyflowerState, Pending, DrawSeasonTile, Placement, PlaceTile, ReturnSkill, ReturnWorker
from tabletop.kernel import serial
from tabletop.kernel.engine import CHANCE, Rules, link_moves
from tabletop.kernel.errors import InvalidRecord
from tabletop.kernel.pool import Pool
from tabletop.kernel.rng import Rng

#: The saved-state format this module writes and reads.
STATE_FORMAT = 4

#: The engine's and the state's own fields that a saved state does not carry as such:
#: ``components`` is written by its data, ``log`` as the history, the rest is not data.
_NOT_SAVED = ("components", "rules", "log", "_moves", "_tile_index", "_lot_index", "_owner_index", "_summer_boats", "_workable", "_outbid")


def _exactly(kind: type) -> Callable[[Any, Any], Any]:
    """A structure hook that takes only values of ``kind`` itself (cattrs would turn ``"3"``
    into 3 and anything into a string)."""

    def structure(value: Any, _: Any) -> Any:
        if type(value) is not kind:
            raise TypeError(f"expected {kind.__name__}, not {value!r}")
        return value

    return structure


def _make_converter() -> cattrs.Converter:
    converter = serial.make_converter([Pending])
    for kind in (int, str, bool):
        converter.register_structure_hook(kind, _exactly(kind))
    # Pools are typed by their base class: read as counts, the fields' converters give the kinds.
    converter.register_structure_hook_func(lambda t: t is Pool, lambda data, _: tuple(data))
    converter.register_unstructure_hook(Rng, lambda rng: rng.state)
    converter.register_unstructure_hook_func(lambda t: t == frozenset[int], sorted)
    converter.register_structure_hook(Rng, lambda value, _: Rng(_exactly(int)(value, int)))
    converter.register_unstructure_hook(Placement, lambda p: [p.colour, list(p.moved), p.number, p.paying])
    converter.register_structure_hook(Placement, _structure_placement)
    return converter


def _structure_placement(value: Any, _: Any) -> Placement:
    colour, moved, number, paying = value
    if not (isinstance(moved, list) and all(type(lot) is str for lot in moved)):
        raise TypeError(f"expected a list of lots, not {moved!r}")
    return Placement(_exactly(str)(colour, str), tuple(moved), _exactly(int)(number, int), _exactly(str)(paying, str))


attrs.resolve_types(KeyflowerState)
CONVERTER = _make_converter()


def to_json(state: KeyflowerState) -> str:
    """The full state as JSON (``"format": 4``); the component data only when not standard."""
    data: dict[str, Any] = {"format": STATE_FORMAT}
    for field in attrs.fields(KeyflowerState):
        if field.name in _NOT_SAVED:
            continue
        value = getattr(state, field.name)
        if field.name == "stack":
            data["stack"] = [CONVERTER.unstructure(pending, Pending) for pending in value]
        else:
            data[field.name] = CONVERTER.unstructure(value, field.type)
    data["components"] = COMPONENTS.data(state.components)
    data["history"] = [str(move) for move in state.history]
    return json.dumps(data, separators=(",", ":"))


def load(text: str, rules: Rules[KeyflowerState]) -> KeyflowerState:
    """The state written by :func:`to_json`, run by ``rules``; any defect raises
    :class:`InvalidRecord` naming it. Corrected component data saved with the state is checked
    as the data files are."""
    data = serial.parse_object(text, "a Keyflower state")
    if data.get("format") != STATE_FORMAT:
        raise InvalidRecord(
            f"a Keyflower state of format {data.get('format')!r}: this version reads format {STATE_FORMAT}"
        )
    components = COMPONENTS.pop_saved(data, KeyflowerState)
    history = data.pop("history", None)
    if not isinstance(history, list) or not all(isinstance(m, str) for m in history):
        raise InvalidRecord("field 'history' must be a list of moves in notation")
    data.pop("format")
    fields: dict[str, Any] = {}
    for field in attrs.fields(KeyflowerState):
        if field.name in _NOT_SAVED:
            continue
        if field.name not in data:
            raise InvalidRecord(f"invalid KeyflowerState: required field missing @ state.{field.name}")
        raw = data.pop(field.name)
        kind: Any = tuple[Pending, ...] if field.name == "stack" else field.type
        fields[field.name] = serial.structure(CONVERTER, raw, kind)
    if data:
        raise InvalidRecord(f"invalid KeyflowerState: unknown fields {sorted(data)}")
    _check_seats(fields)
    try:
        moves = [parse_move_text(move) for move in history]
        state = KeyflowerState(components=components, rules=rules, log=link_moves(moves), **fields)
    except (TypeError, ValueError) as err:
        raise InvalidRecord(f"invalid KeyflowerState: {err}") from None
    for seat, (held, face_up) in enumerate(zip(state.skills, state.open_skills, strict=True)):
        if not held.covers(face_up):
            raise InvalidRecord(f"field 'open_skills' ({seat}): more skill tiles face up than held")
    if state.rng.masked:
        raise InvalidRecord("field 'rng' is masked: this is the JSON of a view, not a full Keyflower state")
    _check_nothing_hidden(state)
    _check_bids(state)
    if not 0 <= state.season <= 3:
        raise InvalidRecord(f"field 'season': 0 (spring) to 3 (winter), not {state.season}")
    _check_colours(state)
    _check_hexes(state)
    return state


#: The fields that hold one entry per seat.
PER_SEAT = ("screens", "secret", "skills", "open_skills", "wheat", "homes", "winter_hands", "winter_offers", "villages")


def _check_seats(fields: dict[str, Any]) -> None:
    """2 to 6 players, and one entry per player in every field kept per seat."""
    players = fields["players"]
    if not 2 <= players <= 6:
        raise InvalidRecord(f"field 'players': 2 to 6 players, not {players}")
    for name in PER_SEAT:
        if len(fields[name]) != players:
            raise InvalidRecord(f"field {name!r}: one entry per player ({players}), not {len(fields[name])}")


def _check_nothing_hidden(state: KeyflowerState) -> None:
    """A full state is nobody's view: no viewer, nothing counted in place of what a view hides,
    no pile whose cards are only counted."""
    if state.viewer is not None:
        raise InvalidRecord(f"field 'viewer': {state.viewer}, but a full state is nobody's view (null)")
    for name in ("hidden_workers", "hidden_skills", "hidden_wheat", "hidden_winter"):
        if getattr(state, name):
            raise InvalidRecord(f"field {name!r} counts what a view hides: a full state has none ([])")
    piles = {"bag": (state.bag,), "skill_pile": (state.skill_pile,), "season_piles": state.season_piles, "winter_deck": (state.winter_deck,)}
    for name, held in piles.items():
        for index, pile in enumerate(held):
            if pile.hidden:
                where = f"{name!r} ({index})" if name == "season_piles" else repr(name)
                raise InvalidRecord(f"field {where}: {pile.hidden} cards counted as hidden, as only a view's pile has them")


def _check_bids(state: KeyflowerState) -> None:
    """Every bid is a seat's of the game, one per seat and lot."""
    for index, (_, lot) in enumerate(state.lots):
        bidders = [bid.bidder for bid in lot.bids]
        if any(not 0 <= bidder < state.players for bidder in bidders) or len(set(bidders)) != len(bidders):
            raise InvalidRecord(f"field 'lots' ({index}): bids of {bidders}, not of distinct seats of {state.players} players")


def _check_colours(state: KeyflowerState) -> None:
    """Every worker named by its colour is of a colour of the game: in the bag (a green worker
    paid to the Tavern goes there too), lots, bids and tiles in use; and every skill tile in
    the pile is a skill of the game."""
    for colour in (*state.bag.unseen, *state.bag.bottom):
        if colour not in COLOURS:
            raise InvalidRecord(f"field 'bag': a worker of colour {colour!r}")
    for skill in (*state.skill_pile.unseen, *state.skill_pile.bottom):
        if skill not in SKILLS:
            raise InvalidRecord(f"field 'skill_pile': a skill tile {skill!r}")
    for pending in state.stack:
        for name in ("seat", "seat_to"):
            seat = getattr(pending, name, CHANCE)
            if seat is not None and seat != CHANCE and not 0 <= seat < state.players:
                raise InvalidRecord(f"field 'stack': a decision of seat {seat} of {state.players} players")
        if isinstance(pending, ReturnWorker) and pending.colour not in COLOURS:
            raise InvalidRecord(f"field 'stack': a worker of colour {pending.colour!r} paid")
        if isinstance(pending, ReturnSkill) and pending.skill not in SKILLS:
            raise InvalidRecord(f"field 'stack': a skill tile {pending.skill!r} paid")
    for index, (_, lot) in enumerate(state.lots):
        if lot.colour is not None and lot.colour not in COLOURS:
            raise InvalidRecord(f"field 'lots' ({index}): bids of colour {lot.colour!r}")
        if any(bid.colour not in COLOURS for bid in lot.bids):
            raise InvalidRecord(f"field 'lots' ({index}): a bid of an unknown colour")
    for tile in state.tiles:
        if tile.colour is not None and tile.colour not in COLOURS:
            raise InvalidRecord(f"field 'tiles' ({tile.id}): workers of colour {tile.colour!r}")


def _check_hexes(state: KeyflowerState) -> None:
    """Every hex named is a hex of the box, in one place only: the tiles in play (``tiles``)
    are hexes of the components each listed once, with a face they have; each lot, village hex
    and home tile is one of them; the village tiles still in piles, hands and offers are tiles
    of the box not in play."""
    components = state.components
    known = {tile.code for tile in components.village} | {f"home{home.number}" for home in components.homes}
    known |= {boat.code for boat in components.boats} | {ORDER_ID[tile.number] for tile in components.turn_order}
    in_play: set[str] = set()
    for tile in state.tiles:
        if tile.id not in known:
            raise InvalidRecord(f"field 'tiles': {tile.id!r} is no hex of the components")
        if tile.id in in_play:
            raise InvalidRecord(f"field 'tiles': {tile.id!r} listed twice")
        in_play.add(tile.id)
        faces = components.faces_by_id.get(tile.id, ())
        if not 0 <= tile.face < max(len(faces), 1):
            raise InvalidRecord(f"field 'tiles' ({tile.id}): no face {tile.face}")
        # The workers on a tile are those of its uses this season; a used tile has a colour.
        used = tile.colour is not None
        if sum(tile.uses) != tile.workers.total or bool(tile.uses) != used or any(n < 1 for n in tile.uses):
            raise InvalidRecord(f"field 'tiles' ({tile.id}): its workers are not those of its uses")
    lots = [tile_id for tile_id, _ in state.lots]
    for tile_id in lots:
        if tile_id not in in_play:
            raise InvalidRecord(f"field 'lots': {tile_id!r} is not a hex in play (field 'tiles')")
    if len(set(lots)) != len(lots):
        raise InvalidRecord("field 'lots': a hex up for auction twice")
    # The end of a season reads the turn-order tiles as the last lots, by tile number (the
    # order the boats are chosen in), as every season lays them out.
    order = [ORDER_ID[tile.number] for tile, _ in components.turn_order_for(state.players, state.farmers)]
    if lots and lots[-len(order) :] != order:
        raise InvalidRecord(f"field 'lots': the turn-order tiles {order} must be the last lots, in that order")
    placed: set[str] = set()
    for seat, village in enumerate(state.villages):
        for _, tile_id, _ in village.layout:
            if tile_id not in in_play or tile_id in placed:
                raise InvalidRecord(f"field 'villages' ({seat}): {tile_id!r} is not a hex in play or is in two places")
            placed.add(tile_id)
    dealt = [home for home in state.homes if home]
    if len(set(dealt)) != len(dealt) or any(not 1 <= home <= len(components.homes) for home in dealt):
        raise InvalidRecord(f"field 'homes': {list(state.homes)} are not distinct home tiles")
    for seat, (home, village) in enumerate(zip(state.homes, state.villages, strict=True)):
        if (f"home{home}" if home else None) != (village.layout[0][1] if village.layout else None):
            raise InvalidRecord(f"field 'homes' ({seat}): home tile {home} is not the first hex of the village")
    elsewhere = [*state.winter_deck.unseen, *state.winter_deck.bottom]
    for pile in state.season_piles:
        elsewhere += [*pile.unseen, *pile.bottom]
    for hand in (*state.winter_hands, *state.winter_offers):
        elsewhere += hand
    seen = set(in_play)
    for code in elsewhere:
        if code not in components.by_code or code in seen:
            raise InvalidRecord(f"field 'season_piles'/'winter_deck'/'winter_hands': {code!r} is no tile of the box or is in two places")
        seen.add(code)
    # A decision about a hex names one in play; a hex to place goes to one village, once.
    to_place: set[str] = set()
    for pending in state.stack:
        named = getattr(pending, "tile", None)
        if named is not None and named not in in_play:
            raise InvalidRecord(f"field 'stack': a decision about {named!r}, not a hex in play")
        if isinstance(pending, PlaceTile):
            if pending.tile in placed or pending.tile in to_place:
                raise InvalidRecord(f"field 'stack': {pending.tile!r} placed in a village twice")
            to_place.add(pending.tile)
    # Each tile to draw is in its season's pile.
    seasons = ("spring", "summer", "autumn", "winter")
    if len(state.season_piles) != len(seasons) or any(
        isinstance(p, DrawSeasonTile) and p.season not in seasons for p in state.stack
    ):
        raise InvalidRecord("field 'season_piles': one pile per season, tiles drawn from them")
    for index, pile in enumerate(state.season_piles):
        draws = sum(1 for p in state.stack if isinstance(p, DrawSeasonTile) and p.season == seasons[index])
        # Counted without len(): a saved count of hidden tiles may be past what len() returns.
        size = len(pile.unseen) + len(pile.bottom) + pile.hidden
        if draws > size:
            raise InvalidRecord(f"field 'season_piles' ({index}): {draws} tiles to draw from a pile of {size}")
    # A season's pile is untouched until its season begins: the whole of its tiles.
    for index in range(state.season + 1, 3):
        full = sorted(tile.code for tile in components.season_tiles(seasons[index], state.farmers))
        if sorted((*state.season_piles[index].unseen, *state.season_piles[index].bottom)) != full:
            raise InvalidRecord(f"field 'season_piles' ({index}): a pile must hold all of its season's tiles before it begins")
    # A village hex in play is up for auction, in a village, or on its way to one.
    orders = {ORDER_ID[tile.number] for tile in components.turn_order}
    astray = in_play - orders - set(lots) - placed - to_place
    if astray:
        raise InvalidRecord(f"field 'tiles': {sorted(astray)} neither up for auction nor in a village")
