"""Keyflower's components with The Farmers: the hexes, the supplies and the setup table.

The data lives in ``data/*.toml``; :func:`load_components` reads it and checks it against the
rulebooks' component lists (64 base hexes: 48 village tiles, 12 a season with the 4 summer
boats among the summer ones, 6 home tiles, 6 boats, 4 turn-order tiles; 21 Farmers hexes:
18 village tiles and 3 turn-order tiles; 141 workers, 48 skill tiles, 120 resources, 32
sheep, 24 pigs, 12 cows, 30 wheat), the road counts the base rulebook prints (spring 4,
summer 3, summer boats none, autumn 2, winter 1, home 5 and a river) and the setup table,
and raises :class:`~tabletop.kernel.api.InvalidData` naming the file, table and field of any
defect. The standard components are loaded once, at import, as :data:`STANDARD`.

Every table carries its ``source`` and ``status``: the base game's numbers and sides are
``inferred`` (a working online implementation, keyflower.md §18), the Farmers tiles' numbers
and sides ``provisional`` (no public source: chosen within the documented structure);
:meth:`Components.status_of` gives a tile's.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any, TypeAlias

import attrs

from tabletop.kernel.api import InvalidData
from tabletop.kernel.datafile import ComponentsOption, TableReader, frozen, read_toml
from tabletop.kernel.shared import Shared
from tabletop.kernel.tiles import Sides

#: The hex id in play of the turn-order tile of each number (``"order2"``), made once per
#: number: every season reads them.
ORDER_ID: Shared[str] = Shared("order{}".format)

DATA_DIR = Path(__file__).parent / "data"

SEASONS: tuple[str, ...] = ("spring", "summer", "autumn", "winter")
RESOURCES: tuple[str, ...] = ("wood", "stone", "iron", "gold")
SKILLS: tuple[str, ...] = ("saw", "pickaxe", "anvil")
#: Worker colours (the purple start-player worker is apart).
COLOURS: tuple[str, ...] = ("blue", "red", "yellow", "green")
ANIMALS: tuple[str, ...] = ("sheep", "pig", "cow")
#: Side codes and the letters the data files write them with.
ROAD, GRASS, WATER = "road", "grass", "water"
SIDE_CODES: tuple[str, ...] = (ROAD, GRASS, WATER)
_SIDE_LETTERS = {"R": ROAD, "G": GRASS, "W": WATER}

#: Counts of named items, in data order: ``(("wood", 1), ("stone", 1))``.
Items: TypeAlias = tuple[tuple[str, int], ...]

#: The items each kind of field may name.
_GIVES = (*RESOURCES, "green", *ANIMALS, "wheat", "skill", "worker")
_PAYS = (*SKILLS, "blue", "red", "yellow", "any_skill", "any_worker")
_COSTS = (*RESOURCES, *SKILLS, "any_resource", "any_skill")
_VP_PER = (*RESOURCES, "any_resource", "sheep")
_NEEDS = (*RESOURCES, *SKILLS, *COLOURS, "wheat", "any_resource", "any_skill", "any_worker")

#: Summer-boat abilities (passive, owner only): base boats 1-4, Farmers boats 5-6.
BOAT_ABILITIES: tuple[str, ...] = (
    "boat_workers",
    "boat_green",
    "boat_fields",
    "boat_double",
    "boat_swap_upgrade",
    "boat_swap_scoring",
    "boat_counter_bid",
    "boat_ignore_colour",
    "boat_mixed_fields",
    "boat_wheat_any",
    "boat_wheat",
    "boat_animals",
)
ABILITIES: tuple[str, ...] = (
    "produce",
    "choose_one",
    "exchange",
    "transport",
    "yard",
    "points",
    "shelter",
    "score",
    *BOAT_ABILITIES,
)
#: The abilities that workers placed on a tile put to use (the others work by owning the tile).
WORKED: frozenset[str] = frozenset({"produce", "choose_one", "exchange", "transport"})
#: Winter scoring rules: ``sets`` (points per full set of ``needs``), ``once`` (points once),
#: ``one_kind`` (points per item of one chosen type of ``kind``), ``field_bonus`` (each field
#: holding a ``kind`` animal scores ``points``), ``hillside`` (points per hex its field reaches).
WINTER_RULES: tuple[str, ...] = ("sets", "once", "one_kind", "field_bonus", "hillside")
#: Boat scoring rules (see ``data/boats.toml``).
BOAT_RULES: tuple[str, ...] = ("transport", "road_loop", "river_chain", "flip", "points", "workers")

#: Roads on a hex of each kind (base rulebook, Expanding the villages; keyflower.md §9).
ROADS: Mapping[str, int] = {"spring": 4, "summer": 3, "summer_boat": 0, "autumn": 2, "winter": 1, "home": 5}
#: The Farmers rulebook: Sheep shelter has no road.
ROADLESS: tuple[str, ...] = ("sheep_shelter",)


def count(items: Items, name: str) -> int:
    """How many ``name`` the items hold (0 if none)."""
    for item, n in items:
        if item == name:
            return n
    return 0


@attrs.frozen
class Face:
    """One printed face of a village, home or summer-boat tile.

    Attributes:
        ability: what using (or owning) the face does: one of :data:`ABILITIES`.
        gives: what one use gives (``choose_one``: one of them).
        pays: what one use of an ``exchange`` costs first.
        transport / upgrades: a transport face's moves and upgrades per use.
        vp: the fixed victory points of the face.
        vp_per: a yard's (or the Sheep shelter's) victory points per item on it.
    """

    ability: str
    gives: Items = ()
    pays: Items = ()
    transport: int = 0
    upgrades: int = 0
    vp: int = 0
    vp_per: Items = ()


@attrs.frozen
class Scoring:
    """How a winter tile or a boat scores at the end (see :data:`WINTER_RULES`, :data:`BOAT_RULES`);
    ``gold_wild``: gold may stand for any resource of a set."""

    rule: str
    points: int
    needs: Items = ()
    kind: str = ""
    chain: tuple[int, ...] = ()
    gold_wild: bool = False


@attrs.frozen
class VillageTile:
    """A village tile: a season building, a summer boat or a winter tile.

    ``faces`` is (front, upgraded back) for buildings, (side a, side b) for summer boats (the
    face up is chosen at random), (the scoring face,) for winter tiles. ``upgrade`` is the
    upgrade cost, ``None`` for tiles that cannot be upgraded.
    """

    code: str
    name: str
    season: str
    kind: str
    farmers: bool
    sides: Sides
    faces: tuple[Face, ...]
    upgrade: Items | None
    scoring: Scoring | None
    status: str


@attrs.frozen
class HomeTile:
    """A home tile: its number (the lowest starts), sides, upgrade cost, front and back."""

    number: int
    sides: Sides
    upgrade: Items
    faces: tuple[Face, Face]


@attrs.frozen
class BoatSide:
    """One side of a boat: the seasons it shows and the cargo it brings then."""

    seasons: tuple[str, ...]
    workers: int
    skills: int


@attrs.frozen
class Boat:
    code: str
    name: str
    min_players: int
    sides: Sides
    side_a: BoatSide
    side_b: BoatSide
    scoring: Scoring

    def side_in(self, season: str) -> BoatSide:
        """The side showing in ``season``."""
        return self.side_a if season in self.side_a.seasons else self.side_b


@attrs.frozen
class TurnOrderFace:
    """A face of a turn-order tile: the player counts it is used with, and whether it shows
    the purple start-player worker."""

    code: str
    players: tuple[int, int]
    purple: bool


@attrs.frozen
class TurnOrderTile:
    """A turn-order tile: its number (the order of the boat pick), sides, faces, and the items
    a Farmers tile gives its holder at the boat pick."""

    number: int
    farmers: bool
    sides: Sides
    faces: tuple[TurnOrderFace, ...]
    gives: Items = ()
    status: str = "inferred"

    def face_for(self, players: int) -> TurnOrderFace | None:
        """The face used with ``players`` players (``None``: the tile is not used)."""
        for face in self.faces:
            if face.players[0] <= players <= face.players[1]:
                return face
        return None


@attrs.frozen
class Components:
    """Everything printed on the components that the rules need.

    Attributes:
        village: the village tiles, base then Farmers, each season in data order.
        homes: the six home tiles by number.
        boats: the six boats, by minimum player count.
        turn_order: the base turn-order tiles, then the Farmers ones.
        workers / skills / resources / animals: the supplies by kind; ``purple``: the
            start-player workers; ``wheat``: the wheat tokens.
        per_season: tiles laid out each of spring, summer and autumn, by player count
            (index 0 = 2 players).
        winter_dealt: winter tiles dealt to each player, base game and with The Farmers.
        start_workers: workers each player draws at setup.
        data: the checked data files (file name -> tables) these components come from,
            read-only (tables are mappings, arrays tuples: :meth:`as_data` gives plain values).

    Every lookup derived from the data is computed once, as the components are built, and is
    read-only: nothing reachable from a state can be changed.
    """

    village: tuple[VillageTile, ...]
    homes: tuple[HomeTile, ...]
    boats: tuple[Boat, ...]
    turn_order: tuple[TurnOrderTile, ...]
    workers: Items
    purple: int
    skills: Items
    resources: Items
    animals: Items
    wheat: int
    per_season: tuple[int, ...]
    winter_dealt: tuple[tuple[int, ...], tuple[int, ...]]
    start_workers: int
    data: Mapping[str, Any] = attrs.field(eq=False, repr=False, hash=False)
    by_code: Mapping[str, VillageTile] = attrs.field(init=False, eq=False, repr=False, hash=False)
    #: The faces of each hex that has faces to use (village tiles by code, home tiles ``homeN``).
    faces_by_id: Mapping[str, tuple[Face, ...]] = attrs.field(init=False, eq=False, repr=False, hash=False)
    #: The faces of each hex that has faces to use, ``None`` for a face whose ability is not
    #: :data:`WORKED` (a turn offers only the others).
    worked_faces: Mapping[str, tuple[Face | None, ...]] = attrs.field(init=False, eq=False, repr=False, hash=False)
    #: The upgrade cost of each hex that has one.
    upgrades_by_id: Mapping[str, Items] = attrs.field(init=False, eq=False, repr=False, hash=False)
    #: The hexes that are boats: the boats and the summer boats.
    boat_ids: frozenset[str] = attrs.field(init=False, eq=False, repr=False, hash=False)
    #: The summer boats (village tiles drawn from the summer pile, whose side up is tossed).
    summer_boat_ids: frozenset[str] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _sides: Mapping[tuple[str, bool], Sides] = attrs.field(init=False, eq=False, repr=False, hash=False)
    _turn_order: Mapping[tuple[int, bool], tuple[tuple[TurnOrderTile, TurnOrderFace], ...]] = attrs.field(
        init=False, eq=False, repr=False, hash=False
    )
    _by_season: Mapping[tuple[str, bool], tuple[VillageTile, ...]] = attrs.field(
        init=False, eq=False, repr=False, hash=False
    )
    _at_boat_pick: Mapping[tuple[int, bool], tuple[tuple[str, bool, Items], ...]] = attrs.field(
        init=False, eq=False, repr=False, hash=False
    )
    _loads: Mapping[tuple[int, str], tuple[tuple[str, bool], ...]] = attrs.field(init=False, eq=False, repr=False, hash=False)

    def __attrs_post_init__(self) -> None:
        # Lookups the rules make at every decision, computed once from the immutable data.
        set_ = object.__setattr__
        set_(self, "data", frozen(self.data))
        set_(self, "by_code", MappingProxyType({tile.code: tile for tile in self.village}))
        faces: dict[str, tuple[Face, ...]] = {tile.code: tile.faces for tile in self.village}
        faces.update((f"home{home.number}", home.faces) for home in self.homes)
        set_(self, "faces_by_id", MappingProxyType(faces))
        worked = {hex_id: tuple(f if f.ability in WORKED else None for f in each) for hex_id, each in faces.items()}
        set_(self, "worked_faces", MappingProxyType(worked))
        upgrades = {tile.code: tile.upgrade for tile in self.village if tile.upgrade is not None}
        upgrades.update((f"home{home.number}", home.upgrade) for home in self.homes)
        set_(self, "upgrades_by_id", MappingProxyType(upgrades))
        summer_boats = frozenset(t.code for t in self.village if t.kind == "summer_boat")
        set_(self, "summer_boat_ids", summer_boats)
        set_(self, "boat_ids", frozenset({boat.code for boat in self.boats} | summer_boats))
        sides: dict[tuple[str, bool], Sides] = {}
        for farmers in (False, True):
            sides.update(((tile.code, farmers), tile.sides) for tile in self.village)
            sides.update(((f"home{home.number}", farmers), home.sides) for home in self.homes)
            sides.update(((boat.code, farmers), boat.sides) for boat in self.boats)
            replaced = {t.number for t in self.turn_order if t.farmers} if farmers else set()
            sides.update(
                ((ORDER_ID[t.number], farmers), t.sides) for t in self.turn_order if t.farmers == (t.number in replaced)
            )
        set_(self, "_sides", MappingProxyType(sides))
        set_(self, "_turn_order", MappingProxyType({(n, f): self._turn_order_in_play(n, f) for n in range(2, 7) for f in (False, True)}))
        at_boat_pick = {(n, f): self._at_boat_pick_for(n, f) for n in range(2, 7) for f in (False, True)}
        set_(self, "_at_boat_pick", MappingProxyType(at_boat_pick))
        set_(self, "_loads", MappingProxyType({(n, season): self._loads_for(n, season) for n in range(2, 7) for season in SEASONS}))
        by_season = {
            (season, farmers): tuple(t for t in self.village if t.season == season and (farmers or not t.farmers))
            for season in {t.season for t in self.village}
            for farmers in (False, True)
        }
        set_(self, "_by_season", MappingProxyType(by_season))

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickled by its data (read-only proxies cannot be pickled): rebuilt and checked again.
        return (components_from_data, (_plain(self.data),))

    def sides_of(self, hex_id: str, farmers: bool) -> Sides:
        """The unturned sides of the hex ``hex_id`` (turn-order tiles: the Farmers ones when
        ``farmers``)."""
        return self._sides[hex_id, farmers]

    def __repr__(self) -> str:
        return f"<Keyflower components: {len(self.village)} village tiles, {len(self.boats)} boats>"

    def tile(self, code: str) -> VillageTile:
        return self.by_code[code]

    def season_tiles(self, season: str, farmers: bool) -> tuple[VillageTile, ...]:
        """The village tiles of ``season`` in play (the Farmers ones only with the expansion)."""
        return self._by_season.get((season, farmers), ())

    def boats_for(self, players: int) -> tuple[Boat, ...]:
        """The boats used with ``players`` players: those whose minimum is at most that."""
        return tuple(b for b in self.boats if b.min_players <= players)

    def turn_order_for(self, players: int, farmers: bool) -> tuple[tuple[TurnOrderTile, TurnOrderFace], ...]:
        """The turn-order tiles in play and their faces, by number (the Farmers tiles replace
        the base tiles of the same number)."""
        found = self._turn_order.get((players, farmers))
        return found if found is not None else self._turn_order_in_play(players, farmers)

    def _turn_order_in_play(self, players: int, farmers: bool) -> tuple[tuple[TurnOrderTile, TurnOrderFace], ...]:
        farmers_numbers = {t.number for t in self.turn_order if t.farmers} if farmers else set()
        out = []
        for tile in self.turn_order:
            if tile.farmers != (tile.number in farmers_numbers):
                continue
            face = tile.face_for(players)
            if face is not None:
                out.append((tile, face))
        return tuple(sorted(out, key=lambda pair: pair[0].number))

    def at_boat_pick(self, players: int, farmers: bool) -> tuple[tuple[str, bool, Items], ...]:
        """The turn-order tiles in play whose winner gets something as they pick a boat: the
        hex id, whether it shows the purple start-player worker, and the items it gives (a
        Farmers tile), by number."""
        found = self._at_boat_pick.get((players, farmers))
        return found if found is not None else self._at_boat_pick_for(players, farmers)

    def _at_boat_pick_for(self, players: int, farmers: bool) -> tuple[tuple[str, bool, Items], ...]:
        return tuple(
            (ORDER_ID[tile.number], face.purple, tile.gives)
            for tile, face in self._turn_order_in_play(players, farmers)
            if tile.gives or face.purple
        )

    def loads(self, players: int, season: str) -> tuple[tuple[str, bool], ...]:
        """What the boats used with ``players`` players are loaded with as ``season`` starts,
        in the order it comes aboard: a worker at a time round the boats (so that a short bag
        fills them in order), then the skill tiles likewise; each item as the boat's code and
        whether it is a skill tile (else a worker)."""
        found = self._loads.get((players, season))
        return found if found is not None else self._loads_for(players, season)

    def _loads_for(self, players: int, season: str) -> tuple[tuple[str, bool], ...]:
        sides = [(boat.code, boat.side_in(season)) for boat in self.boats_for(players)]
        loads: list[tuple[str, bool]] = []
        for k in range(max((side.workers for _, side in sides), default=0)):
            loads += [(code, False) for code, side in sides if k < side.workers]
        for k in range(max((side.skills for _, side in sides), default=0)):
            loads += [(code, True) for code, side in sides if k < side.skills]
        return tuple(loads)

    def winter_per_player(self, players: int, farmers: bool) -> int:
        return self.winter_dealt[1 if farmers else 0][players - 2]

    def status_of(self, code: str) -> str:
        """The status of a village tile's data (``certain``, ``inferred`` or ``provisional``)."""
        return self.tile(code).status

    def as_data(self) -> dict[str, Any]:
        """The data files of these components (file name -> tables) as plain values, which
        :func:`components_from_data` reads back into equal components; ``ValueError`` when the
        components were changed after loading (their data would replay a different game)."""
        plain: dict[str, Any] = _plain(self.data)
        if components_from_data(plain) != self:
            raise ValueError(
                "these Keyflower components differ from the data files they were loaded from; "
                "build changed components with components_from_data(), not attrs.evolve()"
            )
        return plain


def _plain(value: Any) -> Any:
    """``value`` (frozen data) as plain values: tables as dicts, arrays as lists (a fresh copy)."""
    if isinstance(value, Mapping):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


# --- reading -------------------------------------------------------------------------------


class _Reader(TableReader):
    """Field access that fails with the file, table and field named; counts are never negative."""

    def status(self, name: str) -> str:
        return str(self.table(name)["status"])

    def value(self, table: str, row: Mapping[str, Any], field: str, kind: type) -> Any:
        value = super().value(table, row, field, kind)
        if isinstance(value, int) and value < 0:
            raise self.fail(table, field, f"must not be negative, not {value}")
        return value

    def optional(self, table: str, row: Mapping[str, Any], field: str, kind: type, default: Any) -> Any:
        return self.value(table, row, field, kind) if field in row else default

    def rows(self, table: str, field: str = "tiles") -> list[Mapping[str, Any]]:
        return super().rows(table, field)

    def ints(self, table: str, row: Mapping[str, Any], field: str, length: int) -> tuple[int, ...]:
        value = self.value(table, row, field, list)
        if len(value) != length or not all(type(v) is int and v >= 0 for v in value):
            raise self.fail(table, field, f"must be a list of {length} whole numbers")
        return tuple(value)

    def items(self, table: str, row: Mapping[str, Any], field: str, allowed: tuple[str, ...]) -> Items:
        value = self.optional(table, row, field, Mapping, {})
        for name, n in value.items():
            if name not in allowed:
                raise self.fail(table, field, f"unknown item {name!r} (expected one of {', '.join(allowed)})")
            if type(n) is not int or n < 1:
                raise self.fail(table, field, f"{name} must be a whole number of at least 1, not {n!r}")
        return tuple(value.items())

    def sides(self, table: str, row: Mapping[str, Any], where: str) -> Sides:
        text = self.value(table, row, "sides", str)
        if len(text) != 6 or any(letter not in _SIDE_LETTERS for letter in text):
            raise self.fail(table, "sides", f"{where}: six letters among R, G, W, not {text!r}")
        return tuple(_SIDE_LETTERS[letter] for letter in text)


_FACE_FIELDS = ("ability", "gives", "pays", "transport", "upgrades", "vp", "vp_per")


def _face(reader: _Reader, table: str, row: Mapping[str, Any], field: str, where: str) -> Face:
    raw = reader.value(table, row, field, Mapping)
    at = f"{field} of {where}"
    extra = sorted(set(raw) - set(_FACE_FIELDS))
    if extra:
        raise reader.fail(table, at, f"unknown fields {extra}")
    ability = reader.value(table, raw, "ability", str)
    if ability not in ABILITIES:
        raise reader.fail(table, f"{at}.ability", f"unknown ability {ability!r}")
    face = Face(
        ability,
        reader.items(table, raw, "gives", _GIVES),
        reader.items(table, raw, "pays", _PAYS),
        reader.optional(table, raw, "transport", int, 0),
        reader.optional(table, raw, "upgrades", int, 0),
        reader.optional(table, raw, "vp", int, 0),
        reader.items(table, raw, "vp_per", _VP_PER),
    )
    why = _face_defect(face)
    if why:
        raise reader.fail(table, at, why)
    return face


def _face_defect(face: Face) -> str:
    """Why a face's fields do not fit its ability (``""`` if they do)."""
    ability = face.ability
    if ability in ("produce", "choose_one") and not face.gives:
        return f"a {ability} face gives something"
    if ability == "choose_one" and len(face.gives) < 2:
        return "a choose_one face offers at least two items"
    if ability == "exchange" and not (face.pays and face.gives):
        return "an exchange face pays something and gives something"
    if ability == "transport" and not (face.transport and face.upgrades):
        return "a transport face has moves and upgrades"
    if ability in ("yard", "shelter") and len(face.vp_per) != 1:
        return f"a {ability} face scores one kind of item (vp_per)"
    if ability == "shelter" and face.vp_per[0][0] != "sheep":
        return "the Sheep shelter scores sheep"
    return ""


def _scoring(reader: _Reader, table: str, row: Mapping[str, Any], rules: tuple[str, ...], where: str) -> Scoring:
    raw = reader.value(table, row, "scoring", Mapping)
    at = f"scoring of {where}"
    rule = reader.value(table, raw, "rule", str)
    if rule not in rules:
        raise reader.fail(table, f"{at}.rule", f"unknown rule {rule!r} (expected one of {', '.join(rules)})")
    scoring = Scoring(
        rule,
        reader.value(table, raw, "points", int),
        reader.items(table, raw, "needs", _NEEDS),
        reader.optional(table, raw, "kind", str, ""),
        tuple(reader.optional(table, raw, "chain", list, [])),
        reader.optional(table, raw, "gold_wild", bool, False),
    )
    if rule == "sets" and not scoring.needs:
        raise reader.fail(table, f"{at}.needs", "a sets rule names the items of a set")
    if rule == "one_kind" and scoring.kind not in ("resource", "skill", "worker"):
        raise reader.fail(table, f"{at}.kind", "one_kind chooses among resource, skill or worker")
    if rule == "field_bonus" and scoring.kind not in ANIMALS:
        raise reader.fail(table, f"{at}.kind", f"field_bonus names an animal ({', '.join(ANIMALS)})")
    if rule == "river_chain" and (not scoring.chain or any(type(v) is not int for v in scoring.chain)):
        raise reader.fail(table, f"{at}.chain", "a river chain lists its points by number of boats")
    return scoring


#: The village tables: table name -> (season, kind, Farmers?, how many tiles).
VILLAGE_TABLES: Mapping[str, tuple[str, str, bool, int]] = {
    "spring": ("spring", "building", False, 12),
    "summer": ("summer", "building", False, 8),
    "summer_boats": ("summer", "summer_boat", False, 4),
    "autumn": ("autumn", "building", False, 12),
    "winter": ("winter", "winter", False, 12),
    "farmers_spring": ("spring", "building", True, 4),
    "farmers_summer": ("summer", "building", True, 2),
    "farmers_summer_boats": ("summer", "summer_boat", True, 2),
    "farmers_autumn": ("autumn", "building", True, 4),
    "farmers_winter": ("winter", "winter", True, 6),
}


def _village_tile(reader: _Reader, table: str, row: Mapping[str, Any], index: int) -> VillageTile:
    season, kind, farmers, _ = VILLAGE_TABLES[table]
    where = f"tiles[{index}]"
    code = reader.value(table, row, "code", str)
    where = f"{where} ({code})"
    sides = reader.sides(table, row, where)
    front = _face(reader, table, row, "front", where)
    if kind == "winter":
        faces: tuple[Face, ...] = (front,)
        upgrade = None
        scoring: Scoring | None = _scoring(reader, table, row, WINTER_RULES, where)
        if front.ability != "score":
            raise reader.fail(table, f"front of {where}", "a winter tile's face scores (ability 'score')")
    else:
        faces = (front, _face(reader, table, row, "back", where))
        upgrade = None if kind == "summer_boat" else reader.items(table, row, "upgrade", _COSTS)
        scoring = None
        boat_faces = all(f.ability in BOAT_ABILITIES for f in faces)
        if (kind == "summer_boat") != boat_faces:
            raise reader.fail(table, f"front of {where}", "summer boats, and only they, have boat abilities")
        if upgrade == ():
            raise reader.fail(table, f"upgrade of {where}", "a building names its upgrade cost")
    roads = sum(1 for side in sides if side == ROAD)
    expected = 0 if code in ROADLESS else ROADS["summer_boat" if kind == "summer_boat" else season]
    if roads != expected:
        raise reader.fail(table, f"sides of {where}", f"a {season} {kind} has {expected} roads, not {roads}")
    if kind == "summer_boat" and not (sides[0] == sides[3] == WATER and sides.count(WATER) == 2):
        raise reader.fail(table, f"sides of {where}", "a boat has two opposite water sides")
    name = reader.value(table, row, "name", str)
    return VillageTile(code, name, season, kind, farmers, sides, faces, upgrade, scoring, reader.status(table))


def _load_village(reader: _Reader) -> tuple[VillageTile, ...]:
    tiles: list[VillageTile] = []
    for table, (_, _, _, expected) in VILLAGE_TABLES.items():
        rows = reader.rows(table)
        if len(rows) != expected:
            raise reader.fail(table, "tiles", f"the box holds {expected} of these tiles, not {len(rows)}")
        tiles.extend(_village_tile(reader, table, row, i) for i, row in enumerate(rows))
    codes = [t.code for t in tiles]
    for code in codes:
        if codes.count(code) > 1:
            raise reader.fail("village", "code", f"{code!r} names two tiles")
    return tuple(tiles)


def _load_homes(reader: _Reader) -> tuple[HomeTile, ...]:
    homes = []
    for i, row in enumerate(reader.rows("home")):
        number = reader.value("home", row, "number", int)
        where = f"tiles[{i}] (home {number})"
        sides = reader.sides("home", row, where)
        if sides.count(ROAD) != ROADS["home"] or sides.count(WATER) != 1:
            raise reader.fail("home", f"sides of {where}", "a home tile has five roads and a river side")
        faces = (_face(reader, "home", row, "front", where), _face(reader, "home", row, "back", where))
        if any(face.ability != "transport" for face in faces):
            raise reader.fail("home", f"front of {where}", "home tiles are transport tiles")
        homes.append(HomeTile(number, sides, reader.items("home", row, "upgrade", _COSTS), faces))
    if [h.number for h in homes] != [1, 2, 3, 4, 5, 6]:
        raise reader.fail("home", "tiles", "six home tiles numbered 1 to 6, in order")
    return tuple(homes)


def _boat_side(reader: _Reader, row: Mapping[str, Any], field: str, where: str) -> BoatSide:
    raw = reader.value("boats", row, field, Mapping)
    seasons = tuple(reader.value("boats", raw, "seasons", list))
    if not seasons or any(s not in SEASONS for s in seasons):
        raise reader.fail("boats", f"{field}.seasons of {where}", f"seasons among {', '.join(SEASONS)}")
    return BoatSide(seasons, reader.value("boats", raw, "workers", int), reader.value("boats", raw, "skills", int))


def _load_boats(reader: _Reader) -> tuple[Boat, ...]:
    boats = []
    for i, row in enumerate(reader.rows("boats")):
        code = reader.value("boats", row, "code", str)
        where = f"tiles[{i}] ({code})"
        a, b = _boat_side(reader, row, "side_a", where), _boat_side(reader, row, "side_b", where)
        if a.seasons + b.seasons != SEASONS:
            raise reader.fail("boats", f"side_b.seasons of {where}", "side a shows the first seasons, side b the rest")
        sides = reader.sides("boats", row, where)
        if sides.count(ROAD) or not sides[0] == sides[3] == WATER:
            raise reader.fail("boats", f"sides of {where}", "a boat has no road and two opposite water sides")
        boats.append(
            Boat(
                code,
                reader.value("boats", row, "name", str),
                reader.value("boats", row, "min_players", int),
                sides,
                a,
                b,
                _scoring(reader, "boats", row, BOAT_RULES, where),
            )
        )
    if sorted(b.min_players for b in boats) != [2, 2, 3, 4, 5, 6] or len(boats) != 6:
        raise reader.fail("boats", "min_players", "six boats, as many in play as players (2, 2, 3, 4, 5, 6)")
    return tuple(sorted(boats, key=lambda b: b.min_players))


def _load_turn_order(reader: _Reader, table: str, farmers: bool) -> list[TurnOrderTile]:
    tiles = []
    for i, row in enumerate(reader.rows(table)):
        number = reader.value(table, row, "number", int)
        where = f"tiles[{i}] (tile {number})"
        faces = []
        for j, raw in enumerate(reader.value(table, row, "faces", list)):
            at = f"faces[{j}] of {where}"
            if not isinstance(raw, Mapping):
                raise reader.fail(table, at, "must be a table")
            players = reader.ints(table, raw, "players", 2)
            if not 2 <= players[0] <= players[1] <= 6:
                raise reader.fail(table, f"{at}.players", "a range of player counts within 2-6")
            faces.append(TurnOrderFace(reader.value(table, raw, "code", str), (players[0], players[1]),
                                       reader.value(table, raw, "purple", bool)))
        sides = reader.sides(table, row, where)
        if WATER in sides:
            raise reader.fail(table, f"sides of {where}", "turn-order tiles have no river")
        gives = reader.items(table, row, "gives", _GIVES)
        tiles.append(TurnOrderTile(number, farmers, sides, tuple(faces), gives, reader.status(table)))
    return tiles


def _check_turn_order(reader: _Reader, components: Components, in_play: tuple[int, ...]) -> None:
    """Per player count, as many tiles as the setup table says, each count with exactly one
    purple face, on the highest-numbered tile in play (base rulebook, Start of season)."""
    for farmers in (False, True):
        for players in range(2, 7):
            used = components.turn_order_for(players, farmers)
            table = "farmers" if farmers else "base"
            if len(used) != in_play[players - 2]:
                raise reader.fail(table, "faces", f"{in_play[players - 2]} turn-order tiles with {players} players")
            purple = [tile.number for tile, face in used if face.purple]
            if purple != [used[-1][0].number]:
                raise reader.fail(table, "faces", f"with {players} players the highest tile alone shows the purple worker")


def _supplies(reader: _Reader) -> tuple[Items, int, Items, Items, Items, int]:
    workers_t = reader.table("workers")
    workers = reader.items("workers", workers_t, "counts", COLOURS)
    purple = reader.value("workers", workers_t, "purple", int)
    if dict(workers) != {"blue": 40, "red": 40, "yellow": 40, "green": 20} or purple != 1:
        raise reader.fail("workers", "counts", "141 workers: 40 blue, 40 red, 40 yellow, 20 green and the purple one")
    skills = reader.items("skills", reader.table("skills"), "counts", SKILLS)
    if sorted(n for _, n in skills) != [16, 16, 16] or len(skills) != 3:
        raise reader.fail("skills", "counts", "48 skill tiles: 16 saws, 16 pick axes, 16 anvils")
    resources = reader.items("resources", reader.table("resources"), "counts", RESOURCES)
    if dict(resources) != {"wood": 24, "stone": 24, "iron": 24, "gold": 48}:
        raise reader.fail("resources", "counts", "120 resources: 24 wood, 24 stone, 24 iron, 48 gold")
    farmers_t = reader.table("farmers")
    animals = reader.items("farmers", farmers_t, "animals", ANIMALS)
    if dict(animals) != {"sheep": 32, "pig": 24, "cow": 12}:
        raise reader.fail("farmers", "animals", "32 sheep, 24 pigs and 12 cows")
    wheat = reader.value("farmers", farmers_t, "wheat", int)
    if wheat != 30:
        raise reader.fail("farmers", "wheat", "30 wheat tokens")
    return workers, purple, skills, resources, animals, wheat


#: The data files of a box, in the order they are read.
DATA_FILES: tuple[str, ...] = ("village.toml", "home.toml", "boats.toml", "turn_order.toml", "supplies.toml", "setup.toml")


def load_components(path: str | Path | None = None) -> Components:
    """Read and check the component data in ``path`` (a folder; the bundled data if ``None``).

    Raises :class:`~tabletop.kernel.api.InvalidData` naming the file, table and field of any defect.
    """
    directory = Path(path) if path is not None else DATA_DIR
    return components_from_data({name: read_toml(directory, name) for name in DATA_FILES})


def components_from_data(data: Mapping[str, Any]) -> Components:
    """Check and build the components from the parsed data files (file name -> its tables).

    This is :func:`load_components` once the files are read; a saved state with corrected
    components is read back through it too, so both are checked alike.
    """
    if not isinstance(data, Mapping):
        raise InvalidData(f"the component data must map file names to their tables, not {data!r}")
    village = _load_village(_Reader.of(data, "village.toml"))
    homes = _load_homes(_Reader.of(data, "home.toml"))
    boats = _load_boats(_Reader.of(data, "boats.toml"))
    order = _Reader.of(data, "turn_order.toml")
    turn_order = _load_turn_order(order, "base", False) + _load_turn_order(order, "farmers", True)
    if sorted(t.number for t in turn_order if not t.farmers) != [1, 2, 3, 4]:
        raise order.fail("base", "tiles", "four base turn-order tiles numbered 1 to 4")
    if sorted(t.number for t in turn_order if t.farmers) != [1, 2, 3]:
        raise order.fail("farmers", "tiles", "three Farmers turn-order tiles numbered 1 to 3")
    workers, purple, skills, resources, animals, wheat = _supplies(_Reader.of(data, "supplies.toml"))
    setup = _Reader.of(data, "setup.toml")
    season_t, winter_t, players_t = setup.table("season_tiles"), setup.table("winter_tiles"), setup.table("players")
    components = Components(
        village,
        homes,
        boats,
        tuple(turn_order),
        workers,
        purple,
        skills,
        resources,
        animals,
        wheat,
        setup.ints("season_tiles", season_t, "per_season", 5),
        (setup.ints("winter_tiles", winter_t, "base", 5), setup.ints("winter_tiles", winter_t, "farmers", 5)),
        setup.value("players", players_t, "workers", int),
        data,
    )
    _check_turn_order(order, components, setup.ints("players", players_t, "turn_order_tiles", 5))
    _check_setup(setup, components)
    return components


def _check_setup(reader: _Reader, components: Components) -> None:
    """Every player count can be dealt: enough season tiles, winter tiles and workers."""
    for players in range(2, 7):
        for farmers in (False, True):
            for season in ("spring", "summer", "autumn"):
                if len(components.season_tiles(season, farmers)) < components.per_season[players - 2]:
                    raise reader.fail("season_tiles", "per_season", f"more {season} tiles than the box holds")
            dealt = components.winter_per_player(players, farmers) * players
            if dealt > len(components.season_tiles("winter", farmers)) or dealt < players:
                raise reader.fail("winter_tiles", "farmers" if farmers else "base", "more winter tiles than the box holds")
    if not 1 <= components.start_workers <= 10:
        raise reader.fail("players", "workers", "a player starts with a few workers (8)")


#: The components of the published game, loaded once.
STANDARD: Components = load_components()

#: The ``components`` option of ``new_game``, and its data in game records and saved states.
COMPONENTS = ComponentsOption("Keyflower", Components, STANDARD, load_components, components_from_data)
