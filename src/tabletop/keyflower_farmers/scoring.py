"""Scores and winners (base rulebook, Game end scoring; The Farmers' scoring procedure, §10 of
the facts file).

Keyflower awards every point at the end of winter: the rulebook keeps no running score, so
before the game ends every seat has 0 points. At the end, in the Farmers order:

1. resources on the autumn yards (Barn, Blacksmith, Stone yard, Timber yard) score there; gold
   on a yard may stand for its resource (then it is not also scored as gold);
2. sheep put on the Sheep shelter during play, the shelter's points each (with the Weaver,
   one may be left in the shelter's field so that the field scores);
3. each field scores once per animal type in it: sheep 1, pigs 2, cows 3 (Weaver 3, Truffle
   orchard 5, Dairy 7);
4. fixed VPs of every hex as it lies (Flipper's 2 and Ianvincible's 5 included; Flipper's
   owner also upgrades one tile for free, the one that scores best);
5. workers, skills, remaining resources and wheat are allocated, each item once, to the winter
   tiles and the White Wind so as to score the most (:func:`best_allocation`);
6. Keyflower (a point per transport point, doubled by summer boat 2b), Sea Bastion (a point per
   hex on the road loop covering most hexes), Sea Breese (2/4/8/16/32 by boats on the river
   from the home tile);
7. turn-order tiles: a point per adjacent hex;
8. gold left: a point each.

The purple worker of the start player is a wild item: a resource, skill, worker, wheat or (The
Farmers) an animal in any field, whichever scores most. Ties: with The Farmers, the tied player
who took their boat first in winter wins; in the base game tied players share the victory.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache, lru_cache

import attrs

from tabletop.keyflower_farmers.components import ANIMALS, COLOURS, RESOURCES, ROAD, SKILLS, WATER, Face, Scoring
from tabletop.keyflower_farmers.rules.common import face_of, has_ability
from tabletop.keyflower_farmers.rules.village import layout_of
from tabletop.keyflower_farmers.state import KeyflowerState, Tile
from tabletop.kernel import hexgrid
from tabletop.kernel.regions import components as connected_parts
from tabletop.kernel.tiles import facing

#: The kinds of item allocated at the end, in the order of every count vector below.
KINDS: tuple[str, ...] = (*COLOURS, *SKILLS, *RESOURCES, "wheat")
_INDEX = {kind: i for i, kind in enumerate(KINDS)}
_CLASSES: Mapping[str, tuple[str, ...]] = {
    "any_worker": COLOURS,
    "any_skill": SKILLS,
    "any_resource": RESOURCES,
    "worker": COLOURS,
    "skill": SKILLS,
    "resource": RESOURCES,
}
ANIMAL_POINTS = {"sheep": 1, "pig": 2, "cow": 3}
#: A road between two hexes of a village (the smaller cell first).
Link = tuple[tuple[int, int], tuple[int, int]]


def scores(state: KeyflowerState) -> tuple[int, ...]:
    """Each seat's points: 0 for everyone until the end of winter, then the final scores."""
    if state.stack:
        return (0,) * state.players
    return tuple(final_score(state, seat) for seat in range(state.players))


def winners(state: KeyflowerState) -> tuple[int, ...]:
    """The seats sharing first place once the game is over; ``()`` before."""
    if state.stack:
        return ()
    final = scores(state)
    best = [seat for seat, points in enumerate(final) if points == max(final)]
    if state.farmers and len(best) > 1:
        # The Farmers: of the tied players, the one who took a boat first in winter wins.
        return (min(best, key=lambda seat: state.boat_picks.index(seat) if seat in state.boat_picks else 99),)
    return tuple(best)


def final_score(state: KeyflowerState, seat: int) -> int:
    """``seat``'s points at the end of the game (Flipper's free upgrade chosen to score most)."""
    candidates: list[str | None] = [None]
    if any(boat == "flipper" for boat in state.villages[seat].ids):
        candidates += [tile_id for tile_id in state.villages[seat].ids if _upgradable(state, tile_id)]
    return max(_score(state, seat, flipped) for flipped in candidates)


def _upgradable(state: KeyflowerState, tile_id: str) -> bool:
    tile = state.tile(tile_id)
    if tile.face:
        return False
    if tile_id.startswith("home"):
        return True
    component = state.components.by_code.get(tile_id)
    return component is not None and component.upgrade is not None


def _faces(state: KeyflowerState, seat: int, flipped: str | None) -> list[tuple[Tile, Face]]:
    out = []
    for tile_id in state.villages[seat].ids:
        tile = state.tile(tile_id)
        if tile_id == flipped:
            tile = attrs.evolve(tile, face=1)
        face = face_of(state, tile)
        if face is not None:
            out.append((tile, face))
    return out


def _score(state: KeyflowerState, seat: int, flipped: str | None) -> int:
    faces = _faces(state, seat, flipped)
    winter = _winter_tiles(state, seat)
    counts = _items(state, seat, faces)
    yard_points, yard_gold, counts = _yards(faces, counts)
    sheltered = sum(tile.sheep * face.vp_per[0][1] for tile, face in faces if face.ability == "shelter")
    bonus = {s.kind: s.points for s in winter if s.rule == "field_bonus"}
    field_types = _field_types(state, seat)
    if "sheep" in bonus and any(tile.sheep for tile, face in faces if face.ability == "shelter"):
        # Step 2 with the Weaver: "o jogador pode querer não marcar uma das ovelhas em sheep
        # shelter, deixando essa ovelha para trás e marcando o campo usando weaver": one
        # sheltered sheep may stay in the shelter's field instead, when that field holds none.
        left_behind = _shelter_field_with_a_sheep(state, seat)
        if left_behind is not None:
            per_sheep = next(face.vp_per[0][1] for _, face in faces if face.ability == "shelter")
            if bonus["sheep"] > per_sheep:
                sheltered -= per_sheep
                field_types = left_behind
    fixed = sheltered + sum(face.vp for _, face in faces) + _boat_points(state, seat, faces) + _turn_order_points(state, seat)
    fixed += sum(s.points for s in winter if s.rule == "once")
    fields = sum(bonus.get(kind, ANIMAL_POINTS[kind]) for types in field_types for kind in types)
    fields += _hillside(state, seat) if any(s.rule == "hillside" for s in winter) else 0
    allocated = tuple(s for s in winter if s.rule in ("sets", "one_kind"))
    white_wind = "white_wind" in state.villages[seat].ids
    rules = _substitutions(state, seat)
    best = _best_with_yard_gold(counts, yard_gold, allocated, white_wind, rules)
    if seat == state.start:
        empty_field = state.farmers and len(state.villages[seat].fields.names) > len(field_types)
        best = max(best, _best_with_purple(counts, yard_gold, allocated, white_wind, rules, faces, field_types, bonus, empty_field))
    return yard_points + fields + fixed + best


def _winter_tiles(state: KeyflowerState, seat: int) -> tuple[Scoring, ...]:
    out = []
    for tile_id in state.villages[seat].ids:
        component = state.components.by_code.get(tile_id)
        if component is not None and component.scoring is not None:
            out.append(component.scoring)
    return tuple(out)


def _items(state: KeyflowerState, seat: int, faces: list[tuple[Tile, Face]]) -> tuple[int, ...]:
    """Every item ``seat`` holds at the end: workers and skills behind the screen, resources on
    their tiles, wheat."""
    counts = [0] * len(KINDS)
    for colour, n in zip(COLOURS, state.screens[seat], strict=True):
        counts[_INDEX[colour]] += n
    for skill, n in zip(SKILLS, state.skills[seat], strict=True):
        counts[_INDEX[skill]] += n
    for tile_id in state.villages[seat].ids:
        for resource, n in zip(RESOURCES, state.tile(tile_id).goods, strict=True):
            counts[_INDEX[resource]] += n
    counts[_INDEX["wheat"]] += state.wheat[seat]
    return tuple(counts)


def _yards(faces: list[tuple[Tile, Face]], counts: tuple[int, ...]) -> tuple[int, list[int], tuple[int, ...]]:
    """Step 1: the points of the resources on the yards, the value per gold of each yard's gold
    (gold may stand for the yard's resource or stay gold: decided with the allocation), and
    the items left once the yards' resources are set aside."""
    points = 0
    gold_values: list[int] = []
    left = list(counts)
    for tile, face in faces:
        if face.ability != "yard":
            continue
        ((kind, vp),) = face.vp_per
        for resource, n in zip(RESOURCES, tile.goods, strict=True):
            if resource == "gold" and n:
                gold_values += [vp] * n
                left[_INDEX["gold"]] -= n
            elif n and kind in (resource, "any_resource"):
                points += vp * n
                left[_INDEX[resource]] -= n
    return points, gold_values, tuple(left)


def _field_types(state: KeyflowerState, seat: int) -> list[tuple[str, ...]]:
    """The animal types in each field of ``seat``'s village."""
    return [
        tuple(kind for kind, n in zip(ANIMALS, animals, strict=True) if n)
        for _, animals in state.villages[seat].animals
    ]


def _shelter_field_with_a_sheep(state: KeyflowerState, seat: int) -> list[tuple[str, ...]] | None:
    """The animal types in each field of ``seat``'s village once a sheep of the Sheep shelter
    is left in the shelter's field (its hex has no road: one field); ``None`` when that field
    holds sheep already (its sheep score it)."""
    village = state.villages[seat]
    (field,) = village.fields.fields_on(village.cell_of("sheep_shelter"))
    if village.animals_in(field).named("sheep"):
        return None
    held = dict(village.animals)
    held[field] = village.animals_in(field).add("sheep")
    return [tuple(kind for kind, n in zip(ANIMALS, animals, strict=True) if n) for animals in held.values()]


def _hillside(state: KeyflowerState, seat: int) -> int:
    """Hillside: a point per other hex its field(s) reach."""
    village = state.villages[seat]
    cell = village.cell_of("hillside")
    reached = {c for field in village.fields.fields_on(cell) for c in village.fields.cells_of(field)}
    reached.discard(cell)
    return len(reached)


# --- boats and turn-order tiles -----------------------------------------------------------------


def _boat_points(state: KeyflowerState, seat: int, faces: list[tuple[Tile, Face]]) -> int:
    points = 0
    ids = state.villages[seat].ids
    for boat in state.components.boats:
        if boat.code not in ids:
            continue
        rule = boat.scoring
        if rule.rule in ("points", "flip"):
            points += rule.points
        elif rule.rule == "transport":
            transport = sum(face.transport for _, face in faces if face.ability == "transport")
            points += transport * rule.points * (2 if has_ability(state, seat, "boat_double") else 1)
        elif rule.rule == "road_loop":
            points += rule.points * _road_loop(state, seat)
        elif rule.rule == "river_chain":
            boats = _river_boats(state, seat)
            points += rule.chain[min(boats, len(rule.chain)) - 1] if boats else 0
    return points


def _turn_order_points(state: KeyflowerState, seat: int) -> int:
    village = state.villages[seat]
    cells = {cell for cell, _, _ in village.layout}
    return sum(
        sum(1 for n in hexgrid.neighbours(cell) if n in cells)
        for cell, tile_id, _ in village.layout
        if tile_id.startswith("order")
    )


def _road_links(state: KeyflowerState, seat: int) -> list[Link]:
    layout = layout_of(state, state.villages[seat])
    links = []
    for cell, sides in layout.items():
        for direction, other in enumerate(hexgrid.neighbours(cell)):
            if other in layout and cell < other and sides[direction] == ROAD == layout[other][facing(direction)]:
                links.append((cell, other))
    return links


def _road_loop(state: KeyflowerState, seat: int) -> int:
    """Sea Bastion: the most hexes on one road loop (a closed route never using a road twice;
    hexes may be passed more than once, each counts once). Such a route covers exactly the
    hexes of a connected subgraph where every hex has an even number of its roads: those are
    the sums of independent cycles, enumerated here."""
    links = _road_links(state, seat)
    basis = _cycle_basis(links)
    best = 0
    for mask in range(1, 1 << len(basis)):
        edges: set[Link] = set()
        for i, cycle in enumerate(basis):
            if mask >> i & 1:
                edges ^= cycle
        cells = {c for e in edges for c in e}
        if edges and len(connected_parts(cells, lambda c: [o for e in edges for o in e if c in e and o != c])) == 1:
            best = max(best, len(cells))
    return best


def _cycle_basis(links: list[Link]) -> list[set[Link]]:
    """Independent cycles of the road graph: for each link outside a spanning forest, that link
    and the forest's path between its ends."""
    adjacency: dict[tuple[int, int], list[tuple[tuple[int, int], Link]]] = {}
    for a, b in links:
        adjacency.setdefault(a, []).append((b, (a, b)))
        adjacency.setdefault(b, []).append((a, (a, b)))
    up: dict[tuple[int, int], Link | None] = {}
    tree: set[Link] = set()
    for root in sorted(adjacency):
        if root in up:
            continue
        up[root] = None
        stack = [root]
        while stack:
            cell = stack.pop()
            for other, link in adjacency[cell]:
                if other not in up:
                    up[other] = link
                    tree.add(link)
                    stack.append(other)

    def to_root(cell: tuple[int, int]) -> set[Link]:
        path = set()
        link = up[cell]
        while link is not None:
            path.add(link)
            cell = link[0] if link[1] == cell else link[1]
            link = up[cell]
        return path

    return [(to_root(a) ^ to_root(b)) | {(a, b)} for a, b in links if (a, b) not in tree]


def _river_boats(state: KeyflowerState, seat: int) -> int:
    """Sea Breese: boat hexes linked by water sides, one after another, to the home tile's river."""
    village = state.villages[seat]
    layout = layout_of(state, village)
    ids = {cell: tile_id for cell, tile_id, _ in village.layout}
    boats = {cell for cell, tile_id in ids.items() if _is_boat_id(state, tile_id)}
    home = hexgrid.ORIGIN
    reached: set[tuple[int, int]] = set()
    frontier = [home]
    while frontier:
        cell = frontier.pop()
        for direction, other in enumerate(hexgrid.neighbours(cell)):
            if other in boats and other not in reached and layout[cell][direction] == WATER == layout[other][facing(direction)]:
                reached.add(other)
                frontier.append(other)
    return len(reached)


def _is_boat_id(state: KeyflowerState, tile_id: str) -> bool:
    if any(boat.code == tile_id for boat in state.components.boats):
        return True
    component = state.components.by_code.get(tile_id)
    return component is not None and component.kind == "summer_boat"


# --- allocation of items --------------------------------------------------------------------------


def _substitutions(state: KeyflowerState, seat: int) -> tuple[bool, bool]:
    """Summer boat 3b (resources stand for one another) and 5b (wheat and resources stand for
    one another) in end scoring."""
    return has_ability(state, seat, "boat_swap_scoring"), has_ability(state, seat, "boat_wheat_any")


def _best_with_yard_gold(
    counts: tuple[int, ...],
    yard_gold: list[int],
    tiles: tuple[Scoring, ...],
    white_wind: bool,
    rules: tuple[bool, bool],
) -> int:
    """The best total of the yards' gold and the allocation: each gold on a yard scores there
    (its value) or joins the items to allocate; the best yards keep theirs first."""
    best = 0
    values = sorted(yard_gold, reverse=True)
    for kept in range(len(values) + 1):
        freed = list(counts)
        freed[_INDEX["gold"]] += len(values) - kept
        best = max(best, sum(values[:kept]) + best_allocation(tuple(freed), tiles, white_wind, rules))
    return best


def _best_with_purple(
    counts: tuple[int, ...],
    yard_gold: list[int],
    tiles: tuple[Scoring, ...],
    white_wind: bool,
    rules: tuple[bool, bool],
    faces: list[tuple[Tile, Face]],
    field_types: list[tuple[str, ...]],
    bonus: Mapping[str, int],
    empty_field: bool,
) -> int:
    """The best the purple worker adds, declared as any item, a resource on a yard or an
    animal in any field (the most valuable type a field lacks; any type in an empty field,
    ``empty_field`` telling whether the village has one)."""
    base = _best_with_yard_gold(counts, yard_gold, tiles, white_wind, rules)
    # An item of a kind that no tile takes and that scores nothing by itself adds nothing:
    # the allocation is searched again only for the kinds that may score.
    scoring = _scoring_kinds(tiles, white_wind, rules)
    options = [base]
    for kind in KINDS:
        if kind in scoring:
            more = list(counts)
            more[_INDEX[kind]] += 1
            options.append(_best_with_yard_gold(tuple(more), yard_gold, tiles, white_wind, rules))
    yards = [face.vp_per[0][1] for _, face in faces if face.ability == "yard"]
    if yards:
        options.append(base + max(yards))
    # "declarado como animal (em qualquer campo)": an empty field takes any type.
    gains = [bonus.get(kind, ANIMAL_POINTS[kind]) for types in field_types for kind in ANIMALS if kind not in types]
    if empty_field:
        gains += [bonus.get(kind, ANIMAL_POINTS[kind]) for kind in ANIMALS]
    if gains:
        options.append(base + max(gains))
    return max(options)


def _scoring_kinds(tiles: tuple[Scoring, ...], white_wind: bool, rules: tuple[bool, bool]) -> set[str]:
    """The kinds of item that may score: those the tiles ``tiles`` take, gold, and the workers
    with the White Wind."""
    kinds = {"gold", *(COLOURS if white_wind else ())}
    for tile in tiles:
        if tile.rule == "one_kind":
            kinds.update(_CLASSES[tile.kind])
        else:
            for need, _ in tile.needs:
                kinds.update(_allowed(need, rules, tile.gold_wild))
    return kinds


def best_allocation(
    counts: tuple[int, ...], tiles: tuple[Scoring, ...], white_wind: bool = False, rules: tuple[bool, bool] = (False, False)
) -> int:
    """The most points the items ``counts`` (by :data:`KINDS`) score on the winter tiles
    ``tiles`` (sets and one-kind rules), the White Wind (a point per worker) and as gold (a
    point each), every item scoring once: an exhaustive search over the sets each tile
    completes and the items filling them."""
    return _search(counts, tuple(sorted(tiles, key=repr)), white_wind, rules)


#: Searches remembered: a game's scoring asks for a few hundred, and a process playing many
#: games (tree-search rollouts score each one) must not keep every game's.
_SEARCHES_KEPT = 1 << 14


@lru_cache(maxsize=_SEARCHES_KEPT)
def _search(counts: tuple[int, ...], tiles: tuple[Scoring, ...], white_wind: bool, rules: tuple[bool, bool]) -> int:
    if not tiles:
        workers = sum(counts[_INDEX[c]] for c in COLOURS)
        return counts[_INDEX["gold"]] + (workers if white_wind else 0)
    tile, rest = tiles[0], tiles[1:]
    # The items left are searched without the kinds the other tiles cannot score, so that
    # ways differing only in those are searched once.
    scoring = _scoring_mask(rest, white_wind, rules)
    best = 0
    for points, left in _uses(tile, counts, rules):
        best = max(best, points + _search(tuple([n * keep for n, keep in zip(left, scoring)]), rest, white_wind, rules))
    return best


@cache
def _scoring_mask(tiles: tuple[Scoring, ...], white_wind: bool, rules: tuple[bool, bool]) -> tuple[int, ...]:
    """1 for each kind of :data:`KINDS` that may score (:func:`_scoring_kinds`), 0 for the others."""
    scoring = _scoring_kinds(tiles, white_wind, rules)
    return tuple(int(kind in scoring) for kind in KINDS)


def _allowed(need: str, rules: tuple[bool, bool], gold_wild: bool = False) -> tuple[str, ...]:
    """The kinds that may fill a need (summer boats 3b and 5b widen them, and gold where the
    tile lets it stand for any resource)."""
    swap_resources, wheat_as_resource = rules
    kinds = _CLASSES.get(need, (need,))
    if gold_wild and set(kinds) & set(RESOURCES):
        kinds = tuple(dict.fromkeys((*kinds, "gold")))
    if swap_resources and set(kinds) & set(RESOURCES):
        kinds = tuple(dict.fromkeys((*kinds, *RESOURCES)))
    if wheat_as_resource:
        # Boat 5b trades wheat and resources, not one resource for another (boat 3b's ability):
        # wheat fills a resource's place, any resource fills wheat's.
        if need == "wheat":
            kinds = tuple(dict.fromkeys((*kinds, *RESOURCES)))
        elif set(kinds) & set(RESOURCES):
            kinds = tuple(dict.fromkeys((*kinds, "wheat")))
    return kinds


def _uses(tile: Scoring, counts: tuple[int, ...], rules: tuple[bool, bool]) -> Iterator[tuple[int, tuple[int, ...]]]:
    """Each way to allocate items to ``tile``: its points and the items left."""
    if tile.rule == "one_kind":
        for kind in _CLASSES[tile.kind]:
            for n in range(counts[_INDEX[kind]] + 1):
                left = list(counts)
                left[_INDEX[kind]] -= n
                yield tile.points * n, tuple(left)
        return
    slots = [(_allowed(need, rules, tile.gold_wild), n) for need, n in tile.needs]
    yield 0, counts
    sets = 1
    while True:
        # ``sets`` sets take, for each slot, ``sets`` times its number of items of its kinds,
        # in any mix (any such mix splits into sets): the ways are taken slot after slot,
        # each items left once (slots sharing a kind reach some more than once).
        following = list(dict.fromkeys(_take_slots(counts, [(kinds, n * sets) for kinds, n in slots])))
        if not following:
            return
        for remaining in following:
            yield tile.points * sets, remaining
        sets += 1


def _take_slots(held: tuple[int, ...], slots: list[tuple[tuple[str, ...], int]]) -> Iterator[tuple[int, ...]]:
    """Each way to take the slots' items (``n`` items of the allowed kinds each) from ``held``:
    the items left."""
    if not slots:
        yield held
        return
    (kinds, n), rest = slots[0], slots[1:]
    for left in _take(held, kinds, n):
        yield from _take_slots(left, rest)


def _take(held: tuple[int, ...], kinds: tuple[str, ...], n: int) -> Iterator[tuple[int, ...]]:
    """Each way to take ``n`` items of ``kinds`` (in any mix) from ``held``: the items left."""
    if not n:
        yield held
        return
    if not kinds:
        return
    index = _INDEX[kinds[0]]
    others = sum(held[_INDEX[kind]] for kind in kinds[1:])
    # Of the first kind, at least what the others cannot supply and at most what is held.
    for taken in range(max(0, n - others), min(n, held[index]) + 1):
        left = list(held)
        left[index] -= taken
        yield from _take(tuple(left), kinds[1:], n - taken)
