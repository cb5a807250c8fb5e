"""Transport and upgrades (base rulebook, Transport and upgrading; The Farmers, Wheat and
Animals).

Using a transport tile (a home tile, Stable, Farrier, Wainwright, Paddock), in any village, lets
the user move resources within their own village along roads, one movement per resource per
step (summer boat 2a: across grass sides too), move animals from field to field (one movement
per field entered; fields are adjacent when a hex holds both; an animal may pass fields of other
types but not end there), and put sheep on the Sheep shelter, and upgrade tiles of their own village: the cost's resources must lie
on the tile (they go back to the supply), its skills come from behind the screen (back into the
pile). Each wheat spent adds one movement. Summer boat 2b doubles the tile's movements and
upgrades (not wheat's); with 3a any resource stands for any other in an upgrade.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from functools import cache, lru_cache, partial
from itertools import combinations_with_replacement
from operator import ge, sub
from types import MappingProxyType

from tabletop.keyflower_farmers.components import ANIMALS, RESOURCES, ROAD, SKILLS, WATER, Components, Items
from tabletop.keyflower_farmers.moves import Carry, Herd, Move, Shelter, SpendWheat, Stop, Upgrade
from tabletop.keyflower_farmers.rules.common import change_tile, has_ability, skills_without, with_seat
from tabletop.keyflower_farmers.rules.village import layout_facts, layout_of
from tabletop.keyflower_farmers.state import (
    NO_ANIMALS,
    NO_RESOURCES,
    KeyflowerState,
    Tile,
    Transport,
    Village,
    boat_abilities,
    keep_owners,
    new_tile,
    new_village,
    owner_of,
    tile_of,
    tile_positions,
    usable_after,
)
from tabletop.kernel import hexgrid, regions
from tabletop.kernel.engine import evolve, rewritten
from tabletop.kernel.hexgrid import Hex
from tabletop.kernel.pool import Pool
from tabletop.kernel.shared import Shared, shared
from tabletop.kernel.tiles import Fields, Sector, facing


def start_transport(state: KeyflowerState, seat: int, transport: int, upgrades: int) -> KeyflowerState:
    """The decision asked once ``seat`` has used a transport tile (boat 2b doubles it), written
    into ``state``, a position nobody else holds yet (see :func:`.production.use_tile`)."""
    factor = 2 if has_ability(state, seat, "boat_double") else 1
    return rewritten(state, stack=state.stack + (shared(Transport, seat, transport * factor, upgrades * factor),))


def road_steps(state: KeyflowerState, seat: int, source: Hex) -> dict[str, int]:
    """The steps along roads (with summer boat 2a, across grass sides too) from ``source`` to
    every hex of ``seat``'s village it reaches (0 for ``source`` itself), by hex id, in the
    order of their cells."""
    village = state.villages[seat]
    steps = regions.distances(source, _links(state, village, has_ability(state, seat, "boat_fields")).__getitem__)
    ids = _ids(village.layout)
    return {ids[cell]: n for cell, n in sorted(steps.items())}


def _links(state: KeyflowerState, village: Village, across_grass: bool) -> Mapping[Hex, tuple[Hex, ...]]:
    """The hexes of ``village`` a resource moves to in one step from each of its hexes: along
    a road (the links found as the hexes were placed, see :func:`.village.layout_facts`), or
    with summer boat 2a (``across_grass``) across a road or a grass side, never water (found
    once per layout and box: see :data:`_LAST_GRASS`)."""
    if not across_grass:
        return layout_facts(state, village).roads
    known = _LAST_GRASS[0]
    if known[0] is not village.layout or known[1] is not state.components or known[2] != state.farmers:
        layout = layout_of(state, village)
        linked = {}
        for cell, sides in layout.items():
            near = []
            for direction, other in enumerate(hexgrid.neighbours(cell)):
                if other in layout:
                    here, there = sides[direction], layout[other][facing(direction)]
                    if here == there == ROAD or WATER not in (here, there):
                        near.append(other)
            linked[cell] = tuple(near)
        known = _LAST_GRASS[0] = (village.layout, state.components, state.farmers, MappingProxyType(linked))
    return known[3]


#: The layout, box and option :func:`_links` last found the links across grass of, and those
#: links (one entry, kept alive with it: one village at most shows summer boat 2a).
_LAST_GRASS: list[
    tuple[tuple[tuple[Hex, str, int], ...], Components | None, bool, Mapping[Hex, tuple[Hex, ...]]]
] = [((), None, False, MappingProxyType({}))]


def _ids(layout: tuple[tuple[Hex, str, int], ...]) -> Mapping[Hex, str]:
    """The id of the hex on each cell of ``layout``, kept for the layout last asked about (one
    entry, kept alive with it: the listings of one transport, and the carries made, read one
    village, which only a placed hex changes)."""
    known = _LAST_IDS[0]
    if known[0] is not layout:
        known = _LAST_IDS[0] = (layout, {cell: tile_id for cell, tile_id, _ in layout})
    return known[1]


#: What :func:`_ids` last read and found.
_LAST_IDS: list[tuple[tuple[tuple[Hex, str, int], ...], dict[Hex, str]]] = [((), {})]


def _reached(links: Mapping[Hex, tuple[Hex, ...]], source: Hex, budget: int | None) -> dict[Hex, int]:
    """The steps along ``links`` (see :func:`_links`) from ``source`` to each other hex it
    reaches in at most ``budget`` steps (``None``: any number), by cell. Found anew at each
    listing, ``budget`` steps out: steps to every hex kept with the layout were found again
    after most placements, and finding and keeping them cost more than a few steps."""
    steps = regions.distances(source, links.__getitem__, budget)
    del steps[source]
    return steps


def transport_moves(state: KeyflowerState, pending: Transport) -> tuple[Move, ...]:
    seat, budget = pending.seat, pending.moves
    village = state.villages[seat]
    abilities = boat_abilities(state, seat)  # read once for the three kinds of move
    # The hexes holding resources and those that may be upgraded, as the last listing found
    # them if it read the same hexes in the same layout (see _LAST_SCAN).
    scan = _LAST_SCAN[0]
    if scan[0] is not state.tiles or scan[1] is not village.layout or scan[2] is not state.components:
        scan = _LAST_SCAN[0] = _scan(state, village)
    _, _, _, holding, upgradable = scan
    # Each kind of move added by the function finding it to one list (no list per kind joined).
    moves: list[Move] = []
    if budget and holding:
        _carries(state, seat, budget, "boat_fields" in abilities, holding, moves)
    if village.animals:  # (half the villages moving things hold none: nothing to herd or shelter)
        if budget:
            _herds(state, village, budget, "boat_mixed_fields" in abilities, moves)
        if owner_of(state, "sheep_shelter") == seat:
            moves += _shelterings(village)
    if state.wheat[seat]:
        moves.append(_SPEND_WHEAT)
    if pending.upgrades and upgradable:
        # The upgrades the last listing found, if it read the same hexes (the same scan) and
        # skills: a carry, a herd or a wheat spent changes no skill (see _LAST_UPGRADES).
        swap = "boat_swap_upgrade" in abilities
        skills = state.skills[seat]
        known = _LAST_UPGRADES[0]
        if known[0] is not upgradable or known[1] is not skills or known[2] is not swap:
            known = _LAST_UPGRADES[0] = (upgradable, skills, swap, _upgrades(skills, swap, upgradable))
        moves += known[3]
    moves.append(_STOP)
    return tuple(moves)


def _scan(state: KeyflowerState, village: Village) -> Scan:
    """The :data:`Scan` of ``village`` in ``state``, in one pass over its hexes: those holding
    resources (to carry) and those that may be upgraded (their front up, a cost printed, and
    the resources it takes, if any, on them: most hexes hold none), each in layout order."""
    tiles, positions, components = state.tiles, tile_positions(state), state.components
    box = _LAST_BOX[0]
    if box[0] is not components:
        box = _LAST_BOX[0] = _box_costs(components)
    _, costs, screen_costs = box
    holding: list[tuple[Hex, Tile]] = []
    upgradable: list[tuple[Tile, UpgradeCost]] = []
    for cell, tile_id, _ in village.layout:
        tile = tiles[positions[tile_id]]
        if tile.goods != NO_RESOURCES:  # holds resources (compared with no call, unlike any())
            holding.append((cell, tile))
            if not tile.face and tile_id in costs:
                upgradable.append((tile, costs[tile_id]))
        elif not tile.face and tile_id in screen_costs:
            upgradable.append((tile, screen_costs[tile_id]))
    return tiles, village.layout, components, holding, upgradable


#: What :func:`_scan` finds: the hexes in play, the layout and the box it read, then the cell
#: and hex of each hex of the village holding resources, and each hex that may be upgraded
#: with its :data:`UpgradeCost` (lists only read once made).
Scan = tuple[
    tuple[Tile, ...], tuple[tuple[Hex, str, int], ...], Components | None, list[tuple[Hex, Tile]], list[tuple[Tile, "UpgradeCost"]]
]

#: The last :func:`_scan` made, found by the identity of what it read (kept alive with it):
#: six listings in ten read the hexes the listing before them read, a herd or a wheat spent
#: having changed none of them (one entry: the next transport reads other hexes). ``None``
#: for the box before any scan.
_LAST_SCAN: list[Scan] = [((), (), None, [], [])]


#: The moves with nothing to say, made once (listed at nearly every transport decision).
_STOP = Stop()
_SPEND_WHEAT = SpendWheat()


def _carries(
    state: KeyflowerState, seat: int, budget: int, across_grass: bool, holding: list[tuple[Hex, Tile]], found: list[Move]
) -> None:
    """Each resource of the hexes ``holding`` some may be carried to a hex it reaches along
    roads with ``budget`` movement (``across_grass``: summer boat 2a), the hexes by id in the
    order of their cells: added to ``found``."""
    if budget > 1:
        reached = _hexes_within(state, seat, [cell for cell, _ in holding], budget, across_grass)
        for (_, tile), targets in zip(holding, reached, strict=True):
            tile_id, held = tile.id, _kinds_held(tile.goods)
            for target in targets:
                for resource in held:
                    found.append(shared(Carry, resource, tile_id, target))
        return
    # One movement (the usual case): to the hexes linked to it (no steps found), read as the
    # moves are listed rather than gathered into lists of targets first.
    village = state.villages[seat]
    links = _links(state, village, across_grass)
    ids = _ids(village.layout)
    for cell, tile in holding:
        tile_id, held = tile.id, _kinds_held(tile.goods)
        for near in sorted(links[cell]):
            target = ids[near]
            for resource in held:
                found.append(shared(Carry, resource, tile_id, target))


def _hexes_within(state: KeyflowerState, seat: int, sources: list[Hex], budget: int, across_grass: bool) -> list[list[str]]:
    """The other hexes of ``seat``'s village a resource on each of ``sources`` reaches with
    ``budget`` movement (``across_grass``: summer boat 2a), by id in the order of their cells."""
    village = state.villages[seat]
    links = _links(state, village, across_grass)
    ids = _ids(village.layout)
    reached = {source: _reached(links, source, budget) for source in sources}
    _LAST_REACHED[0] = (links, reached)
    return [[ids[cell] for cell in sorted(steps)] for steps in reached.values()]


#: The links :func:`_hexes_within` last read, and the steps it found from each hex within the
#: movement, by cell (one entry, kept alive with it): the carry then made reads its steps there
#: (see :func:`_road_distance`) rather than from a search to every hex.
_LAST_REACHED: list[tuple[Mapping[Hex, tuple[Hex, ...]] | None, dict[Hex, dict[Hex, int]]]] = [(None, {})]


def _road_distance(state: KeyflowerState, seat: int, move: Carry) -> int:
    """The steps the carry ``move`` takes along roads (with summer boat 2a, across grass sides
    too) in ``seat``'s village: as the listing of it found them, when the last listing read
    the same links (the steps of a search are exact wherever it reached), else as
    :func:`road_steps` finds them."""
    village = state.villages[seat]
    across_grass = has_ability(state, seat, "boat_fields")
    source = village.cell_of(move.source)
    known = _LAST_REACHED[0]
    if known[0] is _links(state, village, across_grass) and source in known[1]:
        steps = known[1][source].get(village.cell_of(move.target))
        if steps is not None:
            return steps
    return road_steps(state, seat, source)[move.target]


@cache
def _kinds_held(goods: Pool) -> tuple[str, ...]:
    """The resources of which ``goods`` holds some, in the order of RESOURCES (made once per
    pool of goods)."""
    return tuple([resource for resource, n in zip(RESOURCES, goods, strict=True) if n])


def field_steps(state: KeyflowerState, village: Village, source: Sector) -> Mapping[Sector, int]:
    """Fields entered from the field ``source`` to reach each other field of ``village``, by
    field (kept with the village's layout once found)."""
    facts = layout_facts(state, village)
    known = facts.field_steps
    if source in known:  # a read-only proxy: `in` and [] (its get is slow)
        return known[source]
    found = MappingProxyType(village.fields.steps_from(source))  # (by field name)
    added = known.copy()
    added[source] = found
    object.__setattr__(village, "turned", facts._replace(field_steps=MappingProxyType(added)))
    return found


def _herds(state: KeyflowerState, village: Village, budget: int, mixed: bool, found: list[Move]) -> None:
    """Each animal of ``village`` (some are in it) may be herded to a field it reaches with
    ``budget`` movement, empty or holding its own kind (``mixed``: boat 5a, any field): added
    to ``found``."""
    animals = village.animals
    held_by = dict(animals)
    # One animal type per field (boat 5a excepted): a field holding another kind is closed to
    # an animal; none is while one field alone holds animals (the moves then listed without a
    # look at each field entered).
    open_to_all = mixed or len(animals) == 1
    for (field, held), targets in zip(animals, _fields_within(state, village, held_by, budget), strict=True):
        for kind, animal in _animals_held(held):
            herds = _HERDS.get((animal, field)) or _herds_from(animal, field)
            if open_to_all:
                found += map(herds.__getitem__, targets)
                continue
            for target in targets:
                there = held_by.get(target)
                if there is None or sum(there) == there[kind]:
                    found.append(herds[target])


@cache
def _animals_held(held: Pool) -> tuple[tuple[int, str], ...]:
    """The position in ANIMALS and the name of each animal of which ``held`` holds some, in
    that order (made once per pool of animals)."""
    return tuple([(kind, animal) for kind, animal in enumerate(ANIMALS) if held[kind]])


#: The herds of each animal from each field, by the field entered (made as first listed): a
#: listing looks up the animal and field once, then each field entered.
_HERDS: dict[tuple[str, Sector], Shared[Herd]] = {}


def _herds_from(animal: str, field: Sector) -> Shared[Herd]:
    """The herds of ``animal`` from ``field`` (see :data:`_HERDS`)."""
    herds = _HERDS[animal, field] = Shared(partial(Herd, animal, field))
    return herds


def _fields_within(state: KeyflowerState, village: Village, sources: Iterable[Sector], budget: int) -> list[Sequence[Sector]]:
    """The other fields of ``village`` each of ``sources`` reaches with ``budget`` movement, in
    the order of the fields (by name). With one movement (the usual case) those sharing a hex
    with it, kept for the fields value (see :data:`_LAST_ADJACENT`): no steps to every field
    found. With more, those found by a search stopped at the movement (the farther fields,
    often most of them, neither searched from nor sorted: a herd cannot reach them), kept for
    the fields value with the movement searched (see :data:`_LAST_FIELD_STEPS`)."""
    fields = village.fields
    if budget == 1:
        known = _LAST_ADJACENT[0]
        if known[0] is not fields:
            known = _LAST_ADJACENT[0] = (fields, {})
        adjacent = known[1]
        out: list[Sequence[Sector]] = []
        for source in sources:
            near = adjacent.get(source)
            if near is None:
                near = adjacent[source] = fields.adjacent(source)
            out.append(near)
        return out
    known_steps = _LAST_FIELD_STEPS[0]
    if known_steps[0] is not fields:
        known_steps = _LAST_FIELD_STEPS[0] = (fields, {})
    searched = known_steps[1]
    out = []
    for source in sources:
        found = searched.get(source)
        if found is None or found[0] < budget:
            found = searched[source] = (budget, fields.steps_from(source, within=budget))
        out.append([target for target, n in found[1].items() if 0 < n <= budget])
    return out


#: The fields :func:`_fields_within` last read with one movement, and the fields adjacent to
#: each field it asked about (one entry, kept alive with it: the listings of one transport
#: read one village's fields, which only a placed tile changes, and a third of them ask about
#: a field asked about before; :meth:`.Fields.adjacent` hashes and sorts nested tuples, about
#: ten times a lookup here).
_LAST_ADJACENT: list[tuple[Fields | None, dict[Sector, tuple[Sector, ...]]]] = [(None, {})]

#: The fields :func:`_fields_within` last searched with more than one movement, and for each
#: field searched from, the movement searched and the steps found (see :meth:`.Fields.steps_from`;
#: one entry, kept alive with it): the next listings of the transport, with less movement
#: left, read them again, and the herd then made reads its steps there (see
#: :func:`_field_distance`).
_LAST_FIELD_STEPS: list[tuple[Fields | None, dict[Sector, tuple[int, dict[Sector, int]]]]] = [(None, {})]


def _field_distance(state: KeyflowerState, village: Village, move: Herd) -> int:
    """The fields the herd ``move`` enters in ``village``: as the listing of it found them,
    when the last listing searched the same fields from its source (the steps of a search are
    exact wherever it reached), else as :func:`field_steps` finds them."""
    known = _LAST_FIELD_STEPS[0]
    if known[0] is village.fields:
        found = known[1].get(move.source)
        if found is not None:
            steps = found[1].get(move.target)
            if steps is not None:
                return steps
    return field_steps(state, village, move.source)[move.target]


def _shelterings(village: Village) -> list[Shelter]:
    """Sheep in a field of ``village`` (which holds the Sheep shelter) reaching the shelter's
    hex may be put on the shelter (while the owner moves animals: inferred, the rules name no
    moment; it costs no movement, the sheep being in that field already)."""
    fields = village.fields.fields_on(village.cell_of("sheep_shelter"))
    return [Shelter(field) for field in fields if village.animals_in(field).named("sheep")]


# --- upgrades ----------------------------------------------------------------------------------


def _payments(goods: Pool, skills: Pool, swap: bool, cost: Items) -> Iterator[tuple[str, ...]]:
    """Each way to pay ``cost`` to upgrade a tile: resources from ``goods`` on the tile, skills
    from ``skills`` behind the screen (``swap``: boat 3a, any resource for any other), as
    sorted item names."""
    resources, skill_counts, free, any_skill, resource_names, skill_names = _cost_parts(cost)
    if not all(map(ge, skills, skill_counts)):
        return
    if swap:  # boat 3a: any resource for any other
        free += len(resource_names)
        resources, resource_names = _NO_COUNTS, ()
    if not all(map(ge, goods, resources)):
        return
    left_goods = tuple(map(sub, goods, resources))
    left_skills = tuple(map(sub, skills, skill_counts))
    base = resource_names + skill_names
    for chosen in _choices(left_goods, RESOURCES, free):
        for skill_choice in _choices(left_skills, SKILLS, any_skill):
            yield tuple(sorted(base + chosen + skill_choice))


#: No resource of any kind (a cost's named resources, once boat 3a makes them any).
_NO_COUNTS = (0,) * len(RESOURCES)


@cache
def _cost_parts(cost: Items) -> tuple[tuple[int, ...], tuple[int, ...], int, int, tuple[str, ...], tuple[str, ...]]:
    """The parts of ``cost`` a payment reads (made once per cost): the resources and the skills
    it names, counted in the order of RESOURCES and SKILLS, how many resources and skills of
    the payer's choice it takes, and the names of the resources and skills it names, each as
    often as it takes it."""
    named = dict(cost)
    resources = tuple(named.get(resource, 0) for resource in RESOURCES)
    skills = tuple(named.get(skill, 0) for skill in SKILLS)
    resource_names = tuple(r for r, n in zip(RESOURCES, resources, strict=True) for _ in range(n))
    skill_names = tuple(k for k, n in zip(SKILLS, skills, strict=True) for _ in range(n))
    return resources, skills, named.get("any_resource", 0), named.get("any_skill", 0), resource_names, skill_names


def _choices(held: tuple[int, ...], kinds: tuple[str, ...], size: int) -> list[tuple[str, ...]]:
    """Each multiset of ``size`` of ``kinds`` that the counts ``held`` (one per kind, in
    order) cover, as names in the order of ``kinds``."""
    return [names for names, counts in _multisets(kinds, size) if all(map(ge, held, counts))]


@cache
def _multisets(kinds: tuple[str, ...], size: int) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
    """Each multiset of ``size`` of ``kinds``, as names in the order of ``kinds`` and as counts
    of each kind (made once: a payment compares the counts with those held, in C)."""
    return tuple((combo, tuple(map(combo.count, kinds))) for combo in combinations_with_replacement(kinds, size))


#: What upgrading a hex costs: the cost printed, and the facts of :func:`_named_cost`.
UpgradeCost = tuple[Items, tuple[tuple[int, ...], tuple[int, ...], Upgrade] | None]

#: A box of components (``None`` before any is read) and its upgrade costs (see :func:`_box_costs`).
BoxCosts = tuple[Components | None, Mapping[str, UpgradeCost], Mapping[str, UpgradeCost]]

#: The :func:`_box_costs` of each box of components met, by the box's id (the box kept
#: with them, so that no other box takes its id); a few boxes at most (boxes read back with
#: saved states come and go: the table is emptied when one more comes).
_UPGRADE_COSTS: dict[int, BoxCosts] = {}
_BOXES_KEPT = 8

#: What :func:`_box_costs` read last, made by it: a listing finds it by the box's identity,
#: with no call (a game reads one box).
_LAST_BOX: list[BoxCosts] = [(None, MappingProxyType({}), MappingProxyType({}))]


def _box_costs(components: Components) -> BoxCosts:
    """The box ``components``, the :data:`UpgradeCost` of each hex that has an upgrade, by id,
    and of those whose upgrade takes no resource (paid from behind the screen alone: a hex
    holding no resources may be upgraded only then). Read once per box and kept: a listing
    looks a hex up by its id alone, rather than by its id and cost, hashed anew."""
    known = _UPGRADE_COSTS.get(id(components))
    if known is None:
        if len(_UPGRADE_COSTS) >= _BOXES_KEPT:
            _UPGRADE_COSTS.clear()
        costs = {tile_id: (cost, _named_cost(tile_id, cost)) for tile_id, cost in components.upgrades_by_id.items() if cost}
        screen = {tile_id: upgrade for tile_id, upgrade in costs.items() if not _resources_in(upgrade[0])}
        known = _UPGRADE_COSTS[id(components)] = (components, MappingProxyType(costs), MappingProxyType(screen))
    _LAST_BOX[0] = known
    return known


def _upgrades(skills: Pool, swap: bool, upgradable: list[tuple[Tile, UpgradeCost]]) -> list[Upgrade]:
    """The upgrades of the ``upgradable`` tiles of a village, with their costs, paid with
    ``skills`` from behind the screen (``swap``: boat 3a)."""
    found: list[Upgrade] = []
    for tile, (cost, named) in upgradable:
        tile_id, goods = tile.id, tile.goods
        if named is None or swap:
            # The resources of a cost lie on the tile (boat 3a changes their kind, not their
            # number).
            if goods.total >= _resources_in(cost):
                found += _upgrade_moves(tile_id, cost, goods, skills, swap)
            continue
        # Most costs name every item: one way to pay, if the tile and the screen hold them
        # (counts compared kind by kind, in the pools' order).
        resources, skill_counts, move = named
        if all(map(ge, goods, resources)) and all(map(ge, skills, skill_counts)):
            found.append(move)
    return found


#: The upgradable hexes (a :data:`Scan`'s list), skills and boat 3a :func:`transport_moves`
#: last listed the upgrades of, and those upgrades (one entry, kept alive with it: a listing
#: reading the scan the listing before it read, a herd or a wheat spent having changed no
#: hex, and no skill, lists the same upgrades).
_LAST_UPGRADES: list[tuple[list[tuple[Tile, UpgradeCost]] | None, Pool | None, bool, list[Upgrade]]] = [(None, None, False, [])]


@cache
def _named_cost(tile_id: str, cost: Items) -> tuple[tuple[int, ...], tuple[int, ...], Upgrade] | None:
    """For a ``cost`` naming every item (no resource or skill of the payer's choice): the
    resources and the skills it takes, counted in the order of RESOURCES and SKILLS, and the
    one upgrade paying it (the single payment :func:`_payments` finds when they are held);
    ``None`` for a cost leaving a choice."""
    if any(item not in RESOURCES and item not in SKILLS for item, _ in cost):
        return None
    named = dict(cost)
    resources = tuple(named.get(resource, 0) for resource in RESOURCES)
    skills = tuple(named.get(skill, 0) for skill in SKILLS)
    return resources, skills, Upgrade(tile_id, tuple(sorted(item for item, n in cost for _ in range(n))))


@lru_cache(maxsize=4096)
def _upgrade_moves(tile_id: str, cost: Items, goods: Pool, skills: Pool, swap: bool) -> tuple[Upgrade, ...]:
    """The upgrades of ``tile_id`` for ``cost`` with ``goods`` on it and ``skills`` behind the
    screen (``swap``: boat 3a), each way of paying once, sorted (values in, moves out: made
    once per case)."""
    return tuple(Upgrade(tile_id, paid) for paid in sorted(set(_payments(goods, skills, swap, cost))))


@cache
def _resources_in(cost: Items) -> int:
    """How many resources ``cost`` takes, named or any."""
    return sum(n for item, n in cost if item in RESOURCES or item == "any_resource")


# --- resolving ---------------------------------------------------------------------------------


def resolve_transport(state: KeyflowerState, pending: Transport, move: Move) -> KeyflowerState:
    # Each move changes the position and the decision on top of the stack in one copy. The
    # decision left is shared (kernel shared(): a few small counts make every one). The kinds
    # of move are told by their type, the most frequent first.
    seat = pending.seat
    if type(move) is Stop:
        return evolve(state, stack=state.stack[:-1])
    if type(move) is Herd:
        # With one movement the herd listed entered one field (see _fields_within); with more,
        # the steps are those its listing found.
        distance = 1 if pending.moves == 1 else _field_distance(state, state.villages[seat], move)
        return _herd(state, seat, move, shared(Transport, seat, pending.moves - distance, pending.upgrades))
    if type(move) is SpendWheat:
        left = shared(Transport, seat, pending.moves + 1, pending.upgrades)
        wheat = [*state.wheat]  # (with_seat, inlined)
        wheat[seat] -= 1
        return evolve(state, wheat=tuple(wheat), wheat_supply=state.wheat_supply + 1, stack=state.stack[:-1] + (left,))
    if type(move) is Carry:
        # With one movement the carry listed took one step (see _carries).
        distance = 1 if pending.moves == 1 else _road_distance(state, seat, move)
        return _carry(state, move, shared(Transport, seat, pending.moves - distance, pending.upgrades))
    if type(move) is Shelter:
        village = state.villages[seat]
        held = tuple([(f, a.take("sheep") if f == move.source else a) for f, a in village.animals])
        held = tuple([(f, a) for f, a in held if a != NO_ANIMALS])
        after = change_tile(
            state,
            "sheep_shelter",
            lambda t: new_tile(t.id, t.face, t.goods, t.workers, t.uses, t.colour, t.sheep + 1),
            villages=with_seat(state.villages, seat, new_village(village.layout, village.fields, held, village.turned)),
        )
        keep_owners(after, state)
        return after
    assert isinstance(move, Upgrade)
    return _upgrade(state, seat, move, shared(Transport, seat, pending.moves, pending.upgrades - 1))


def _carry(state: KeyflowerState, move: Carry, left: Transport) -> KeyflowerState:
    """``move`` made, ``left`` asked next: both hexes changed in one copy of the state (one
    copy, not one per hex as two calls of change_tile would make)."""
    positions = tile_positions(state)
    tiles = list(state.tiles)
    i, j = positions[move.source], positions[move.target]
    source, target = tiles[i], tiles[j]
    moved = tiles[i] = new_tile(
        source.id, source.face, _one_less(source.goods, move.resource), source.workers, source.uses, source.colour, source.sheep
    )
    tiles[j] = new_tile(target.id, target.face, _one_more(target.goods, move.resource), target.workers, target.uses, target.colour, target.sheep)
    changed = tuple(tiles)
    # The same hexes in the same places, only their goods changed: their positions carry over
    # (as change_tile carries them for one hex), given with the copy.
    after = evolve(state, tiles=changed, stack=state.stack[:-1] + (left,), _tile_index=(changed, positions))
    # The hexes that may be used do not depend on the goods: telling of one hex carries them all.
    usable_after(state, after, source, moved)
    return after


#: How many pools :func:`_one_less` and :func:`_one_more` each remember (after 1,500 bench
#: games, about 700 and 360 have been asked: more than nine calls in ten find theirs).
_POOLS_KEPT = 512


@lru_cache(maxsize=_POOLS_KEPT)
def _one_less(pool: Pool, kind: str) -> Pool:
    """``pool.take(kind)``, remembered (values in, a pool out): a transport moves one resource
    or animal at a time between the small pools on hexes and in fields, which recur, and a
    pool's own take or add costs several times a lookup (the supply, whose counts vary far
    more, is not passed here). Pools of different kinds never meet in a key: their kinds have
    different names."""
    return pool.take(kind)


@lru_cache(maxsize=_POOLS_KEPT)
def _one_more(pool: Pool, kind: str) -> Pool:
    """``pool.add(kind)``, remembered (see :func:`_one_less`)."""
    return pool.add(kind)


def _herd(state: KeyflowerState, seat: int, move: Herd, left: Transport) -> KeyflowerState:
    """``move`` made, ``left`` asked next."""
    village = state.villages[seat]
    source, target, animal = move.source, move.target, move.animal
    held = dict(village.animals)
    rest = _one_less(held[source], animal)
    if rest == NO_ANIMALS:
        del held[source]  # (emptied fields left out)
    else:
        held[source] = rest
    if target in held:
        # The fields keep their (sorted) order: a dictionary keeps its keys' places.
        held[target] = _one_more(held[target], animal)
        animals = tuple(held.items())
    else:
        held[target] = _one_more(NO_ANIMALS, animal)
        animals = tuple(sorted(held.items()))
    villages = [*state.villages]  # (with_seat, inlined)
    villages[seat] = new_village(village.layout, village.fields, animals, village.turned)
    after = evolve(state, villages=tuple(villages), stack=state.stack[:-1] + (left,))
    keep_owners(after, state)
    return after


def _upgrade(state: KeyflowerState, seat: int, move: Upgrade, left: Transport) -> KeyflowerState:
    """Flip the tile: the resources paid go back to the supply, the skills into the pile;
    whatever else lies on it stays. ``left`` is asked next."""
    paid_resources = tuple([item for item in move.paid if item in RESOURCES])
    paid_skills = tuple([item for item in move.paid if item in SKILLS])
    goods = tile_of(state, move.tile).goods
    supply = state.supply
    for resource in paid_resources:
        goods = _one_less(goods, resource)
        supply = supply.add(resource)
    skills, open_skills = skills_without(state, seat, paid_skills)
    return change_tile(
        state,
        move.tile,
        lambda t: new_tile(t.id, 1, goods, t.workers, t.uses, t.colour, t.sheep),
        supply=supply,
        skills=skills,
        open_skills=open_skills,
        skill_pile=state.skill_pile.shuffle_in(paid_skills),
        stack=state.stack[:-1] + (left,),
    )
