"""Production (base rulebook, Production; The Farmers, Animals and Wheat): what using a tile gives.

Resources produced in the user's own village lie on the producing tile; produced elsewhere
(another village, a tile up for auction) they go on the user's home tile. Skills come from the
face-down pile and workers from the bag, behind the screen (random draws: chance decisions);
green workers from the supply; wheat behind the screen. An animal goes into a field of the
producing hex in the user's own village, else into a field of the user's home hex; the field
must be empty or hold only that animal, and several animals of one use go into different
fields. A supply that runs short gives only what is left.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Iterator
from functools import cache

from tabletop.keyflower_farmers.components import ANIMALS, COLOURS, RESOURCES, SKILLS, Face, Items
from tabletop.keyflower_farmers.moves import IntoField, Move, Take
from tabletop.keyflower_farmers.rules.common import (
    change_lot,
    has_ability,
    screens_without,
    skills_without,
    standing,
    with_seat,
)
from tabletop.keyflower_farmers.rules.chance import skills_drawn_now, workers_drawn_now
from tabletop.keyflower_farmers.rules.transport import start_transport
from tabletop.keyflower_farmers.state import (
    Animals,
    ChooseGood,
    DrawSkill,
    DrawWorker,
    KeyflowerState,
    NO_ANIMALS,
    PlaceAnimal,
    Resources,
    ReturnSkill,
    ReturnWorker,
    keep_owners,
    lot_of,
    new_tile,
    new_village,
    tile_of,
    with_goods,
)
from tabletop.kernel.auction import Bid as Group
from tabletop.kernel.engine import evolve, pop, push, rewritten, samples_now
from tabletop.kernel.pool import Pool
from tabletop.kernel.shared import Shared, shared
from tabletop.kernel.tiles import Sector

#: A pool made straight from counts known valid (see give).
_tuple_new = tuple.__new__


def payments(
    state: KeyflowerState, seat: int, face: Face, screen: Pool, groups: tuple[tuple[str, Group], ...] = ()
) -> Iterator[str]:
    """What ``seat`` can pay for one use of ``face`` with ``screen`` left behind their screen:
    ``""`` when nothing is paid, else each item they may pay (the exchange's own worker colour
    or skill when they hold it, a colour for any worker, a skill for any skill), or the lot whose
    outbid group, a single worker of a colour the exchange takes, goes into the bag instead
    (outbid workers move whole: into the bag as part of an exchange, The Farmers' clarification;
    a group of one, since a payment takes one worker: inferred)."""
    if face.ability != "exchange":
        yield ""
        return
    ((item, _),) = face.pays
    skills = state.skills[seat]
    if item == "any_worker":
        yield from (colour for colour in COLOURS if screen.named(colour))
    elif item == "any_skill":
        yield from (skill for skill in SKILLS if skills.named(skill))
    elif (item in COLOURS and screen.named(item)) or (item in SKILLS and skills.named(item)):
        yield item
    if item == "any_worker" or item in COLOURS:
        for lot_id, group in groups:
            if group.count == 1 and item in ("any_worker", group.colour):
                yield lot_id


def use_tile(state: KeyflowerState, seat: int, tile_id: str, face: Face, paying: str) -> KeyflowerState:
    """``state`` once ``seat`` has placed workers to use ``tile_id``, whose ``face`` lies up:
    the payment made and the goods given (or the decisions and draws that give them asked on
    top of the stack). ``state`` is the position the placement has just made, which nobody
    else holds yet: the use's changes are written into it (see
    :func:`~tabletop.kernel.engine.rewritten`) where they need no copy of their own."""
    if face.ability == "exchange":
        state = _pay(state, seat, paying)
    elif face.ability == "transport":
        # Paddock's wheat comes first: it may be spent on this very transport.
        state = start_transport(state, seat, face.transport, face.upgrades)
        if not face.gives:  # the usual transport tile: nothing given
            return state
    # Where the goods go: the hex itself if it lies in the seat's own village, else their home
    # tile (first in a village's layout). The seat's few hexes are looked through, not the
    # owner of every hex (owner_of), which is found again, all villages at once, whenever a
    # village changes: a use is mostly the first to ask for it then.
    layout = state.villages[seat].layout
    for _, placed, _ in layout:
        if placed == tile_id:
            at = tile_id
            break
    else:
        at = layout[0][1]
    if face.ability == "choose_one":
        offer = tuple([item for item, _ in face.gives if _available(state, seat, item, at)])
        return rewritten(state, stack=state.stack + (shared(ChooseGood, seat, tile_id, offer, at),)) if offer else state
    return give(state, seat, face.gives, at)


def _pay(state: KeyflowerState, seat: int, paid: str) -> KeyflowerState:
    """Pay an exchange with ``paid`` (one of :func:`payments`): a worker goes into the bag and
    a skill back into the pile, both once the exchange's draws are done (markers below the
    draws on the stack). ``state``: a position nobody else holds yet (see :func:`use_tile`)."""
    # (The payment and its marker written into the position, where no lot changes.)
    if paid in COLOURS:
        screens, secret = screens_without(state, seat, paid, 1)
        return rewritten(state, screens=screens, secret=secret, stack=state.stack + (shared(ReturnWorker, paid),))
    lot = lot_of(state, paid)
    if lot is not None:  # an outbid group of one worker
        lot, group = lot.without_bid(seat)
        return push(change_lot(state, paid, standing(state, paid, lot)), shared(ReturnWorker, group.colour))
    skills, open_skills = skills_without(state, seat, (paid,))
    return rewritten(state, skills=skills, open_skills=open_skills, stack=state.stack + (shared(ReturnSkill, paid),))


def _available(state: KeyflowerState, seat: int, item: str, at: str) -> bool:
    """Whether a use could give ``seat`` one ``item`` now (for the items a tile offers)."""
    if item in RESOURCES:
        return state.supply.named(item) > 0
    if item == "wheat":
        return state.wheat_supply > 0
    if item == "skill":
        return len(state.skill_pile) > 0
    if item in ANIMALS:
        return state.animals.named(item) > 0 and bool(open_fields(state, seat, item, _animal_cell(state, seat, at), ()))
    raise ValueError(f"a tile cannot offer {item!r}")


def give(state: KeyflowerState, seat: int, items: Items, at: str) -> KeyflowerState:
    """``state`` with ``items`` given to ``seat``; resources onto the tile ``at``. ``state`` is
    a position its caller has just made, which nobody else holds yet (a use's, a boat pick's,
    a choice's): what is given is written into it (see
    :func:`~tabletop.kernel.engine.rewritten`; resources by :func:`.state.with_goods`, which
    carries what is known of the hexes over)."""
    last = len(items) - 1
    for k, (item, n) in enumerate(items):
        if item in _RESOURCE_INDEX:
            # Pool.take and Pool.add written out, the counts known valid (a call fewer for
            # each, and none of their lookups of the kind by name).
            i = _RESOURCE_INDEX[item]
            supply = [*state.supply]
            have = supply[i]
            if n > have:
                n = have
            supply[i] = have - n
            old = tile_of(state, at)
            goods = [*old.goods]
            goods[i] += n
            tile = new_tile(at, old.face, _tuple_new(Resources, goods), old.workers, old.uses, old.colour, old.sheep)
            state = with_goods(state, tile, _tuple_new(Resources, supply))
        elif item == "green":
            if n > state.green:  # (a comparison: min's call costs more than these few counts)
                n = state.green
            screens = with_seat(state.screens, seat, state.screens[seat].add("green", n))
            state = rewritten(state, screens=screens, green=state.green - n)
        elif item == "wheat":
            if n > state.wheat_supply:
                n = state.wheat_supply
            state = rewritten(state, wheat=with_seat(state.wheat, seat, state.wheat[seat] + n), wheat_supply=state.wheat_supply - n)
        elif item == "worker":
            # The draws given by the last item come next (give's callers ask nothing above
            # them): in sampled mode they are drawn at once, into the position given to.
            if k == last and samples_now(state):
                state = workers_drawn_now(state, seat, n)
            else:
                # Draws from an empty bag are dropped when they come up (settle).
                state = rewritten(state, stack=state.stack + (shared(DrawWorker, seat),) * n)
        elif item == "skill":
            if k == last and samples_now(state):
                state = skills_drawn_now(state, seat, n)
            else:
                state = rewritten(state, stack=state.stack + (shared(DrawSkill, seat),) * n)
        elif item in ANIMALS:
            state = rewritten(state, stack=state.stack + (shared(PlaceAnimal, seat, item, _animal_cell(state, seat, at), n),))
        else:
            raise ValueError(f"a tile cannot give {item!r}")
    return state


#: The position of each resource in a pool of resources.
_RESOURCE_INDEX = Resources.INDEX


def _animal_cell(state: KeyflowerState, seat: int, at: str) -> tuple[int, int]:
    """The hex whose fields take an animal produced for ``seat`` with goods going to ``at``
    (the producing tile in their own village, else their home tile)."""
    return state.villages[seat].cell_of(at)


# --- choosing one good -----------------------------------------------------------------------


def choose_moves(state: KeyflowerState, pending: ChooseGood) -> tuple[Move, ...]:
    return _takes(pending.offer)


@cache
def _takes(offer: tuple[str, ...]) -> tuple[Take, ...]:
    """The moves taking each item of ``offer`` (made once per offer)."""
    return tuple(Take(item) for item in offer)


def resolve_choose(state: KeyflowerState, pending: ChooseGood, move: Take) -> KeyflowerState:
    return give(pop(state), pending.seat, ((move.item, 1),), pending.home)


# --- animals into fields ---------------------------------------------------------------------


def open_fields(state: KeyflowerState, seat: int, animal: str, cell: tuple[int, int], used: tuple[Sector, ...]) -> tuple[Sector, ...]:
    """The fields on ``cell`` of ``seat``'s village that may take a new ``animal``: empty or
    holding only that animal (any field with summer boat 5a, whose owner "pode colocar ou mover
    vacas, porcos e ovelhas para os mesmos campos um do outro"), and not already given one by
    the same use."""
    village = state.villages[seat]
    fields = village.fields.fields_on(cell)
    if village.animals and has_ability(state, seat, "boat_mixed_fields"):
        return tuple([field for field in fields if field not in used])
    kind = Animals.INDEX[animal]
    # The animals of the village's fields looked up once, not scanned for at each field of the hex.
    held = dict(village.animals)
    out = []
    for field in fields:
        if field not in used:
            if field in held:
                animals = held[field]
                if sum(animals) != animals[kind]:  # another animal there
                    continue
            out.append(field)
    return tuple(out)


def animal_moves(state: KeyflowerState, pending: PlaceAnimal) -> tuple[Move, ...]:
    return tuple([_INTO[field] for field in open_fields(state, pending.seat, pending.animal, pending.cell, pending.used)])


#: The move putting the animal into each field (made once per field).
_INTO = Shared(IntoField)

#: The animals of a field given its first animal, by the animal's position in ANIMALS (made
#: once: an empty field takes most animals put into fields).
_ONE_ANIMAL = tuple(NO_ANIMALS.add(kind) for kind in range(len(ANIMALS)))


def resolve_animal(state: KeyflowerState, pending: PlaceAnimal, move: IntoField) -> KeyflowerState:
    seat = pending.seat
    village = state.villages[seat]
    field = move.sector
    kind = Animals.INDEX[pending.animal]
    # The fields stay sorted: the field's pair replaced where it lies, or a new pair put in its place.
    animals = [*village.animals]
    for k, (name, held) in enumerate(animals):
        if name == field:
            animals[k] = (field, held.add(kind))
            break
    else:
        insort(animals, (field, _ONE_ANIMAL[kind]))
    villages = with_seat(state.villages, seat, new_village(village.layout, village.fields, tuple(animals), village.turned))
    # The position and the decision on top of the stack change in one copy.
    stack = state.stack[:-1]
    if pending.left > 1:
        stack += (shared(PlaceAnimal, seat, pending.animal, pending.cell, pending.left - 1, (*pending.used, field)),)
    # Pool.take written out, the count known valid: the decision is asked only while the
    # supply holds the animal (see season._place_animal).
    supply = [*state.animals]
    supply[kind] -= 1
    after = evolve(state, villages=villages, animals=_tuple_new(Animals, supply), stack=stack)
    keep_owners(after, state)
    return after
