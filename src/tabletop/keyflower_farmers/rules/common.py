"""Small helpers the phases of the rules share: replacing one seat's or one tile's entry."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import cache
from typing import Any, TypeVar

from tabletop.keyflower_farmers.components import COLOURS, ROAD, WATER, Face
from tabletop.keyflower_farmers.state import (
    COLOUR_INDEX,
    NO_RESOURCES,
    NO_WORKERS,
    KeyflowerState,
    Tile,
    Workers,
    boat_abilities,
    keep_lots,
    lot_positions,
    new_tile,
    tile_of,
    tile_positions,
    usable_after,
)
from tabletop.kernel import tiles
from tabletop.kernel.auction import Lot
from tabletop.kernel.engine import evolve
from tabletop.kernel.pile import Pile
from tabletop.kernel.pool import Pool
from tabletop.kernel.shared import Shared
from tabletop.kernel.tiles import Sides

T = TypeVar("T")

#: A pile of tiles gone back to the box, emptied (made once: a pile is immutable).
EMPTY_PILE: Pile[str] = Pile()

#: Builds a pool from counts known to be valid, without the checks of its ``__new__``.
_tuple_new = tuple.__new__


def with_seat(values: tuple[T, ...], seat: int, value: T) -> tuple[T, ...]:
    """``values`` with the entry of ``seat`` replaced."""
    # One list and one tuple made (slices and sums would make five tuples); the list by a
    # display, which costs less than a call of list.
    changed = [*values]
    changed[seat] = value
    return tuple(changed)


def popped(state: KeyflowerState, **changes: Any) -> KeyflowerState:
    """``state`` with ``changes`` and the decision on top of the stack answered, in one copy."""
    return evolve(state, stack=state.stack[:-1], **changes)


def change_tile(state: KeyflowerState, tile_id: str, change: Callable[[Tile], Tile], **changes: Any) -> KeyflowerState:
    """``state`` with the hex ``tile_id`` changed by ``change`` (and ``changes``, in the same copy)."""
    positions = tile_positions(state)
    i = positions[tile_id]
    tiles = state.tiles
    old = tiles[i]
    new = change(old)
    tiles = changes["tiles"] = tiles[:i] + (new,) + tiles[i + 1 :]
    after = evolve(state, **changes)  # (changes is this call's own dictionary)
    # The same hexes in the same places: the positions carry over, and the hexes that may be
    # used are known but for this one.
    object.__setattr__(after, "_tile_index", (tiles, positions))
    usable_after(state, after, old, new)
    return after


def laid_out(tile_id: str) -> Tile:
    """The hex ``tile_id`` as it comes into play: front up, nothing on it (``Tile(tile_id)``
    made without running its converters)."""
    return new_tile(tile_id, 0, NO_RESOURCES, NO_WORKERS, (), None, 0)


#: Each hex as it comes into play (made once per hex: a hex laid out is an immutable value, and
#: every season lays out a row of them; a used hex left bare goes back to it).
LAID_OUT = Shared(laid_out)


def change_lot(state: KeyflowerState, tile_id: str, lot: Lot) -> KeyflowerState:
    """``state`` with the bids around ``tile_id`` replaced by ``lot``."""
    i = lot_positions(state)[tile_id]
    lots = state.lots
    after = evolve(state, lots=lots[:i] + ((tile_id, lot),) + lots[i + 1 :])
    keep_lots(after, state, (i,))
    return after


def home_id(state: KeyflowerState, seat: int) -> str:
    """The id of ``seat``'s home tile."""
    return f"home{state.homes[seat]}"


def face_of(state: KeyflowerState, tile: Tile) -> Face | None:
    """The printed face of a village or home tile as it lies (``None`` for boats and
    turn-order tiles, which have no face to use)."""
    faces = state.components.faces_by_id  # a read-only proxy: `in` and [] (its get is slow)
    return faces[tile.id][tile.face] if tile.id in faces else None


def sides_of(state: KeyflowerState, tile_id: str) -> Sides:
    """The unturned sides of the hex ``tile_id``."""
    return state.components.sides_of(tile_id, state.farmers)


@cache
def spokes(sides: Sides) -> frozenset[int]:
    """The sides that divide a hex into fields: its roads, and its water sides when a river
    crosses it (two water sides: a boat's two banks are separate fields). Made once per
    side layout."""
    codes = {ROAD, WATER} if sides.count(WATER) >= 2 else {ROAD}
    return tiles.spokes_of(sides, codes)


def has_ability(state: KeyflowerState, seat: int, ability: str) -> bool:
    """Whether a summer boat in ``seat``'s village shows ``ability`` (one of the data's
    ``boat_*`` abilities) on its face up."""
    return ability in boat_abilities(state, seat)


def boat_faces(state: KeyflowerState, seat: int) -> list[Face]:
    """The faces up of the summer boats in ``seat``'s village."""
    faces = state.components.faces_by_id
    return [faces[tile_id][tile_of(state, tile_id).face] for tile_id in state.summer_boats(seat)]


def screens_without(state: KeyflowerState, seat: int, colour: str, count: int) -> tuple[tuple[Pool, ...], tuple[Pool, ...]]:
    """The screens and the hidden starting workers (``screens``, ``secret``) once ``count``
    workers of ``colour`` are taken from ``seat``'s screen. In variant B the open workers go
    first, so that the starting workers stay hidden as long as they can."""
    screens = [*state.screens]  # (with_seat written out: a call fewer at every placement)
    screen = screens[seat]
    k = COLOUR_INDEX[colour]
    if 0 <= count <= screen[k]:
        # The usual case, every placement: Pool.take written out (a call fewer, and none of its
        # lookups of the kind by name); anything else is refused by take itself.
        left = [*screen]
        left[k] -= count
        screens[seat] = _tuple_new(Workers, left)
    else:
        screens[seat] = screen.take(colour, count)
    secrets = state.secret
    if state.open_information:
        secret = secrets[seat]
        in_the_open = screen.named(colour) - secret.named(colour)
        secrets = with_seat(secrets, seat, secret.take(colour, max(0, count - in_the_open)))
    return tuple(screens), secrets


def screens_without_all(state: KeyflowerState, seat: int, workers: Sequence[int]) -> tuple[tuple[Pool, ...], tuple[Pool, ...]]:
    """:func:`screens_without` for ``workers`` of several colours (counts by colour position)."""
    for colour, count in zip(COLOURS, workers, strict=True):
        if count:
            screens, secret = screens_without(state, seat, colour, count)
            state = evolve(state, screens=screens, secret=secret)
    return state.screens, state.secret


def standing(state: KeyflowerState, tile_id: str, lot: Lot) -> Lot:
    """The bids around ``tile_id`` after some have left. Summer boat 4a: once every bid in the
    lot's colour has gone and nobody uses the tile, the workers bid in another colour stand up:
    their colour becomes the lot's."""
    colours = {bid.colour for bid in lot.bids}
    if len(colours) == 1 and lot.colour not in colours and not tile_of(state, tile_id).uses:
        return Lot(lot.bids, colours.pop())
    return lot


def skills_without(state: KeyflowerState, seat: int, paid: Iterable[str]) -> tuple[tuple[Pool, ...], tuple[Pool, ...]]:
    """The skills and the face-up skills (``skills``, ``open_skills``) once ``seat`` has paid
    the skill tiles ``paid``: in variant B those lying face up go first, as open workers do
    (see :func:`screens_without`), keeping the face-down ones secret."""
    skills, face_up = state.skills[seat], state.open_skills[seat]
    for skill in paid:
        skills = skills.take(skill)
        if face_up.named(skill):
            face_up = face_up.take(skill)
    return with_seat(state.skills, seat, skills), with_seat(state.open_skills, seat, face_up)
