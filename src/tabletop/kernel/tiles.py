"""Hex tiles whose six sides carry codes, and the fields those sides divide a layout into.

**Sides.** A tile is described by six side codes (any short strings a game chooses, e.g.
``"road"``, ``"grass"``, ``"water"``), listed clockwise in the tile's reference orientation:
side ``i`` faces :data:`hexgrid.DIRECTIONS` ``[i]`` (E, SE, SW, W, NW, NE) when the tile lies
unturned. Turning a tile ``steps`` times 60 degrees clockwise moves side ``i`` to face direction
``i + steps``. A layout is a mapping ``cell -> sides`` of the tiles already placed (their sides
already turned); a new tile *matches* when each side it shares with a placed tile carries the
same code as that tile's facing side.

**Fields** (the "spoke" model). Some sides carry a *spoke*: a line (a road, a river) running from
the centre of the hex out to the middle of that side. Spokes divide a hex into *sectors*: with
two or more spokes, one sector between each pair of spokes that follow each other clockwise;
with fewer, the whole hex is one sector. Each side is seen as two halves, its counter-clockwise
end (0) and its clockwise end (1); a side with a spoke has its two halves in the two sectors the
spoke separates. Across an *open* side (one the game says land continues over), the halves meet
crosswise: half 0 of one tile touches half 1 of the other. A *field* is a set of sectors joined
this way, possibly spanning many hexes; it is named by its least sector, so a name is stable
data (cells and numbers) that a game can key its own contents by (animals in a field...).

Which codes are spokes and which sides are open is the game's to say (a road is a spoke, water
closes a side...): this module only computes. :meth:`Fields.place` adds one tile at a time and
reports which fields merged, so that a game moves the contents of merged fields together;
:func:`fields_of` computes the same fields at once from a whole layout.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from functools import cache
from types import MappingProxyType
from typing import NamedTuple, TypeAlias

import attrs

from tabletop.kernel import hexgrid
from tabletop.kernel.hexgrid import Hex
from tabletop.kernel.lazy import fill_when_read
from tabletop.kernel.regions import UnionFind

#: Six side codes, side ``i`` facing ``hexgrid.DIRECTIONS[i]``.
Sides: TypeAlias = tuple[str, ...]
#: A sector: the cell and the sector's number within the hex.
Sector: TypeAlias = tuple[Hex, int]


class TileError(ValueError):
    """Side codes that are not six, or a tile placed where the layout forbids it."""


def check_sides(sides: Iterable[str]) -> Sides:
    """``sides`` as a tuple of six codes; :class:`TileError` unless there are exactly six."""
    out = tuple(sides)
    if len(out) != 6 or not all(isinstance(code, str) and code for code in out):
        raise TileError(f"a hex tile has six side codes (non-empty texts), not {out!r}")
    return out


def rotated(sides: Sides, steps: int) -> Sides:
    """The sides of a tile turned ``steps`` times 60 degrees clockwise."""
    steps %= 6
    if not steps:
        return sides
    return sides[-steps:] + sides[:-steps]


@cache
def rotations(sides: Sides) -> tuple[int, ...]:
    """The turns (0-5) that give distinct side layouts, smallest first (a symmetric tile has fewer)."""
    seen: set[Sides] = set()
    out = []
    for steps in range(6):
        turned = rotated(sides, steps)
        if turned not in seen:
            seen.add(turned)
            out.append(steps)
    return tuple(out)


def facing(direction: int) -> int:
    """The side of a neighbour that faces a tile's side ``direction``."""
    return (direction + 3) % 6


def mismatches(layout: Mapping[Hex, Sides], cell: Hex, sides: Sides) -> tuple[int, ...]:
    """The directions in which ``sides`` placed at ``cell`` would meet a placed tile's side of
    another code."""
    out = []
    for direction, other in enumerate(hexgrid.neighbours(cell)):
        placed = layout.get(other)
        if placed is not None and placed[facing(direction)] != sides[direction]:
            out.append(direction)
    return tuple(out)


def frontier(layout: Collection[Hex]) -> tuple[Hex, ...]:
    """The empty cells next to a placed tile, sorted."""
    return tuple(sorted({n for cell in layout for n in hexgrid.neighbours(cell) if n not in layout}))


def fits(layout: Mapping[Hex, Sides], cell: Hex, sides: Sides, *, match: bool = True) -> bool:
    """Whether a tile with (turned) ``sides`` may go at ``cell``: the cell is empty, it touches
    the layout (any cell does while the layout is empty) and, if ``match``, every shared side
    carries the same code on both tiles."""
    if cell in layout:
        return False
    if layout and not any(n in layout for n in hexgrid.neighbours(cell)):
        return False
    return not match or not mismatches(layout, cell, sides)


def placements(layout: Mapping[Hex, Sides], sides: Sides, *, match: bool = True) -> tuple[tuple[Hex, int], ...]:
    """Every ``(cell, turns)`` where a tile with the unturned ``sides`` may be placed next to the
    layout (turns giving the same side layout counted once), sorted."""
    turned = _turnings(sides)
    out = []
    for cell in frontier(layout):
        if not match:
            out += [(cell, steps) for steps, _ in turned]
            continue
        # The codes the tile must show towards each placed neighbour.
        needs = []
        for direction, other in enumerate(hexgrid.neighbours(cell)):
            placed = layout.get(other)
            if placed is not None:
                needs.append((direction, placed[facing(direction)]))
        for steps, codes in turned:
            for direction, code in needs:
                if codes[direction] != code:
                    break
            else:
                out.append((cell, steps))
    return tuple(out)


@cache
def _turnings(sides: Sides) -> tuple[tuple[int, Sides], ...]:
    """Each distinct turn of ``sides`` with the sides it gives."""
    return tuple((steps, rotated(sides, steps)) for steps in rotations(sides))


# --- Sectors -------------------------------------------------------------------------------


def spokes_of(sides: Sides, spoke_codes: Collection[str]) -> frozenset[int]:
    """The sides of ``sides`` whose code is one of ``spoke_codes``."""
    return frozenset(i for i, code in enumerate(sides) if code in spoke_codes)


@cache
def half_sectors(spokes: frozenset[int]) -> tuple[int, ...]:
    """The sector of each half side of a hex with spokes on the sides ``spokes``: twelve numbers,
    index ``2 * side + end`` (end 0 counter-clockwise, 1 clockwise).

    Sector ``k`` is the one clockwise of the ``k``-th spoke in side order; with fewer than two
    spokes every half is in sector 0.
    """
    if any(not 0 <= s < 6 for s in spokes):
        raise TileError(f"spokes are on sides 0-5, not {sorted(spokes)}")
    if len(spokes) < 2:
        return (0,) * 12
    order = sorted(spokes)
    count = len(order)
    out = []
    for side in range(6):
        # The last spoke strictly before this side clockwise (wrapping round) opens its sector.
        before = [k for k, s in enumerate(order) if s < side]
        current = before[-1] if before else count - 1
        if side in spokes:
            k = order.index(side)
            out += [(k - 1) % count, k]
        else:
            out += [current, current]
    return tuple(out)


def sector_count(spokes: frozenset[int]) -> int:
    """How many sectors spokes on the sides ``spokes`` divide a hex into."""
    return len(spokes) if len(spokes) >= 2 else 1


def sector_at(spokes: frozenset[int], side: int, end: int) -> int:
    """The sector holding the end ``end`` (0 counter-clockwise, 1 clockwise) of side ``side``."""
    return half_sectors(spokes)[2 * side + end]


def sector_sides(spokes: frozenset[int], sector: int) -> tuple[int, ...]:
    """The sides that have at least one half in ``sector``."""
    halves = half_sectors(spokes)
    return tuple(side for side in range(6) if sector in (halves[2 * side], halves[2 * side + 1]))


def _crossings(
    cell: Hex, spokes: frozenset[int], other: Hex, other_spokes: frozenset[int], direction: int
) -> tuple[tuple[Sector, Sector], tuple[Sector, Sector]]:
    """The pairs of sectors that touch across the side ``direction`` of ``cell`` (half 0 of one
    tile meets half 1 of the other)."""
    back = facing(direction)
    return (
        ((cell, sector_at(spokes, direction, 0)), (other, sector_at(other_spokes, back, 1))),
        ((cell, sector_at(spokes, direction, 1)), (other, sector_at(other_spokes, back, 0))),
    )


#: ``open_side(cell, direction, neighbour) -> bool``: whether land continues from ``cell``
#: across its side ``direction`` into the placed tile ``neighbour``.
OpenSide: TypeAlias = Callable[[Hex, int, Hex], bool]


@attrs.frozen
class Merge:
    """Old fields that became the field named ``into`` when a tile was placed: ``parts`` are
    the names they had before (``into`` may be one of them; a single part means a rename)."""

    into: Sector
    parts: tuple[Sector, ...]


@attrs.frozen
class Fields:
    """The fields of a layout of tiles, kept up to date one placed tile at a time.

    Attributes:
        spokes: each placed cell with the sides (turned) that carry a spoke, sorted by cell.
        parts: the fields, each a sorted tuple of sectors (its first sector is its name),
            sorted by name.

    A value made by placing a tile (:meth:`place`) keeps its lookups up to date and makes
    these two sorted tuples from them when first read (see :mod:`tabletop.kernel.lazy`): placing
    tile after tile seldom needs them (only the lookups, and the names of merged fields).
    A value made by :meth:`place_later` makes even its lookups when first read.
    """

    spokes: tuple[tuple[Hex, frozenset[int]], ...] = ()
    parts: tuple[tuple[Sector, ...], ...] = ()
    # Lookups computed once per value (the value never changes): see :meth:`_lookups`.
    _index: _FieldIndex | None = attrs.field(default=None, init=False, eq=False, repr=False, hash=False)
    # A value made by :meth:`place_later` whose lookups are not made yet: the value it was
    # placed on and the tile placed (cell, spokes, open sides).
    _later: tuple[Fields, Hex, frozenset[int], tuple[int, ...]] | None = attrs.field(
        default=None, init=False, eq=False, repr=False, hash=False
    )

    def _lookups(self) -> _FieldIndex:
        index = self._index
        if index is None:
            index = _FieldIndex.of(self) if self._later is None else self._placed_later()
            set_index, _ = _SET_FIELDS  # (the slot's own setter: cheaper than object.__setattr__)
            set_index(self, index)
        return index

    @property
    def cells(self) -> tuple[Hex, ...]:
        return tuple(cell for cell, _ in self.spokes)

    def spokes_at(self, cell: Hex) -> frozenset[int]:
        spokes = self._lookups().spokes.get(cell)
        if spokes is not None:
            return spokes
        raise TileError(f"no tile at {hexgrid.cell_text(cell)}")

    @property
    def names(self) -> tuple[Sector, ...]:
        """The name of every field (its least sector), sorted."""
        return tuple(part[0] for part in self.parts)

    def field_of(self, sector: Sector) -> Sector:
        """The name of the field holding ``sector``."""
        names = self._lookups().names_at.get(sector[0])
        # (The sector's number matched as a dict keyed by sectors would match it: 1.0 is 1.)
        k = _SECTOR_INDEX.get(sector[1])
        if names is None or k is None or k >= len(names) or len(sector) != 2:
            raise TileError(f"no sector {sector[1]} on a tile at {hexgrid.cell_text(sector[0])}")
        return names[k]

    def sectors(self, name: Sector) -> tuple[Sector, ...]:
        """The sectors of the field named ``name``."""
        part = self._lookups().fields.get(name)
        if part is None:
            raise TileError(f"no field is named {name!r}")
        return part

    def cells_of(self, name: Sector) -> tuple[Hex, ...]:
        """The hexes the field ``name`` extends into, sorted."""
        return tuple(sorted({cell for cell, _ in self.sectors(name)}))

    def fields_on(self, cell: Hex) -> tuple[Sector, ...]:
        """The names of the fields with a sector on ``cell``, sorted (each once)."""
        names = self._lookups().names_at.get(cell)
        if names is None:
            return ()
        if len(names) == 1:
            return names
        return (*sorted(set(names)),)

    def field_at(self, cell: Hex, side: int, end: int) -> Sector:
        """The name of the field holding the end ``end`` of side ``side`` of the tile at ``cell``."""
        return self.field_of((cell, sector_at(self.spokes_at(cell), side, end)))

    def adjacent(self, name: Sector) -> tuple[Sector, ...]:
        """The other fields sharing a hex with the field ``name``, sorted (found for this field
        alone, from the fields on its hexes: a game asks about a few fields of a value)."""
        _, names_at, fields = self._lookups()
        if name not in fields:  # (a read-only proxy: `in` and [], as sectors() reads it)
            raise TileError(f"no field is named {name!r}")
        # Gathered by set updates, not a comprehension: no frame made (a listing of herds
        # asks for each field holding animals).
        near: set[Sector] = set()
        for cell, _ in fields[name]:
            near.update(names_at[cell])
        near.discard(name)
        return (*sorted(near),)

    def steps_from(self, name: Sector, within: int | None = None) -> dict[Sector, int]:
        """The fields entered from the field ``name`` to reach each field (0 for ``name``
        itself), by field, in the order of the fields' names: fields sharing a hex are
        :meth:`adjacent`. Found hex by hex, each hex looked at once, rather than from every
        field's neighbours (which would need them all listed first). With ``within``, only the
        fields reached in at most that many steps: the search stops there (for a caller that
        can go no farther, the farther fields are neither searched from nor sorted).

        Raises :class:`TileError` for a name that is no field's, ``ValueError`` for a negative
        ``within``."""
        _, names_at, fields = self._lookups()
        if name not in fields:  # (as adjacent() refuses it)
            raise TileError(f"no field is named {name!r}")
        if within is not None and within < 0:
            raise ValueError(f"steps within {within}: a search goes 0 or more steps out")
        found = {name: 0}
        seen: set[Hex] = set()
        layer = [name]
        steps = 0
        while layer and steps != within:
            steps += 1
            following = []
            for field in layer:
                for cell, _ in fields[field]:
                    if cell in seen:
                        continue
                    seen.add(cell)
                    for other in names_at[cell]:
                        if other not in found:
                            found[other] = steps
                            following.append(other)
            layer = following
        # The names sorted alone, not (name, steps) pairs: comparing pairs compares the names'
        # nested tuples inside one more tuple (this way steps_from runs ~8% fewer instructions).
        return {field: found[field] for field in sorted(found)}

    def place(self, cell: Hex, spokes: frozenset[int], open_side: OpenSide) -> tuple[Fields, tuple[Merge, ...]]:
        """The fields once a tile with spokes on the (turned) sides ``spokes`` is placed at
        ``cell``, and the old fields whose name changed: those merged into one, and a field
        renamed because a sector of the new tile is now its least (fields of the new tile alone
        are new, not merges).

        Only the new tile's sectors and the old fields they touch can join: the other fields
        stay as they are, and so do the lookups of everything away from them (the new value's
        lookups are this one's, updated where the new tile reaches)."""
        placed = self._lookups().spokes
        around = hexgrid.neighbours(cell)
        return self.place_across(
            cell, spokes, [d for d in range(6) if around[d] in placed and open_side(cell, d, around[d])]
        )

    def place_across(self, cell: Hex, spokes: frozenset[int], directions: Iterable[int]) -> tuple[Fields, tuple[Merge, ...]]:
        """:meth:`place` told the sides ``directions`` of the new tile across which land
        continues into a placed tile (a caller that has looked at the neighbours already)."""
        index = self._index
        if index is None:  # (_lookups, without its call at every placed tile)
            index = self._lookups()
        placed, names_at, fields = index
        # The new value's lookups: this one's, updated where the new tile reaches.
        new_placed, new_names_at, new_fields = placed.copy(), names_at.copy(), fields.copy()
        merges: list[Merge] = []
        _place_into(new_placed, new_names_at, new_fields, cell, spokes, directions, merges)
        after = _placed_value(new_placed, new_names_at, new_fields)
        if not merges:
            return after, ()
        if len(merges) > 1:
            merges.sort(key=_merged_into)
        return after, tuple(merges)

    def place_later(self, cell: Hex, spokes: frozenset[int], directions: Iterable[int]) -> Fields:
        """The fields of :meth:`place_across`, for a caller that needs no merges (nothing is
        kept by field name yet): found when first read, with those of the tiles placed after
        this value's lookups were last made, in one pass (a game places tile after tile and
        seldom reads the fields in between). The cell is not checked until then."""
        after: Fields = _object_new(Fields)
        set_index, set_later = _SET_FIELDS
        set_index(after, None)
        set_later(after, (self, cell, spokes, (*directions,)))
        return after

    def _placed_later(self) -> _FieldIndex:
        """The lookups of a value made by :meth:`place_later`: those of the nearest value before
        it whose lookups are known, with each tile placed since placed into one copy of them."""
        placings = []
        fields = self
        while fields._index is None and fields._later is not None:
            placings.append(fields._later)
            fields = fields._later[0]
        placed, names_at, parts = fields._lookups()
        new_placed, new_names_at, new_parts = placed.copy(), names_at.copy(), parts.copy()
        for _, cell, spokes, directions in reversed(placings):
            _place_into(new_placed, new_names_at, new_parts, cell, spokes, directions, None)
        _, set_later = _SET_FIELDS
        set_later(self, None)  # (the values before it are no longer needed)
        return _new_index(new_placed, new_names_at, new_parts)


def _place_into(
    placed: dict[Hex, frozenset[int]],
    names_at: dict[Hex, tuple[Sector, ...]],
    fields: dict[Sector, tuple[Sector, ...]],
    cell: Hex,
    spokes: frozenset[int],
    directions: Iterable[int],
    merges: list[Merge] | None,
) -> None:
    """Place a tile into the lookups ``placed``, ``names_at`` and ``fields`` (see
    :class:`_FieldIndex`) of a value being made (see :meth:`Fields.place_across`), adding the
    merges to ``merges`` (if given). Only the new tile's sectors and the old fields they touch
    can join: the other fields stay as they are."""
    if cell in placed:
        raise TileError(f"a tile is already at {hexgrid.cell_text(cell)}")
    # The tables of the tile and its cell read from dicts, not through the calls of caches
    # (a call of a functools cache costs several times the lookup it makes).
    halves = _HALVES.get(spokes) or half_sectors(spokes)
    around, sectors, singles = _CELLS.get(cell) or _cell_tables(cell)
    # The new tile's sectors joined through the old fields they touch: one new sector
    # touching each old field reached, and (seldom) a union-find over the new tile's (at
    # most six) sectors, made when two of them are first joined.
    count = len(spokes) if len(spokes) >= 2 else 1  # sector_count, inlined
    joins: list[int] | None = None
    reached: dict[Sector, int] = {}
    for direction in directions:
        other = around[direction]
        back = _HALVES[placed[other]]  # (a placed tile's spokes are valid)
        named = names_at[other]
        for mine, theirs in _CROSSWISE[direction]:
            new = halves[mine]
            first = reached.setdefault(named[back[theirs]], new)
            if first != new:
                if joins is None:
                    joins = [*range(count)]
                a, b = _root(joins, first), _root(joins, new)
                joins[max(a, b)] = min(a, b)
    if joins is None and (len(reached) < 2 or len({*reached.values()}) == len(reached)):
        # The usual tile (nearly all placements): no two of its sectors joined, each
        # reaching at most one old field. Its sectors all enter as fields of their own at
        # once, and only those reaching an old field are then grown into it, rather than
        # each sector of the tile looked at in turn as the general case below does.
        placed[cell] = spokes
        fields.update(singles[:count])
        if not reached:
            names_at[cell] = sectors[:count]
            return
        own: list[Sector] = [*sectors[:count]]  # the name of the field of each sector of the tile
        for name, k in reached.items():
            sector = sectors[k]
            old = fields[name]
            at = bisect_left(old, sector)
            if at:  # the old field keeps its name, and the sector is no field of its own
                del fields[sector]
                fields[name] = (*old[:at], sector, *old[at:])
                own[k] = name
            else:
                # The sector is now the field's least: the field is renamed (_rename for
                # one old field, written out: most tiles placed rename the field they join).
                del fields[name]
                for at_cell, j in old:
                    named = names_at[at_cell]
                    names_at[at_cell] = (*named[:j], sector, *named[j + 1 :])
                fields[sector] = (sector, *old)
                if merges is not None:
                    merges.append(_new_merge(sector, (name,)))
        names_at[cell] = (*own,)
        return
    roots: Sequence[int] = _SECTOR_NUMBERS
    if joins is not None:
        # Each sector's root: a joined sector points to a lesser one, so in increasing
        # order its parent's root is already known (one pass, no walking up).
        for k in range(count):
            joins[k] = joins[joins[k]]
        roots = joins
    # The names of the old fields reached by each root of the new tile's sectors.
    olds: list[list[Sector] | None] = [None] * count
    for name, k in reached.items():
        names = olds[roots[k]]
        if names is None:
            olds[roots[k]] = [name]
        else:
            names.append(name)
    # Written in place: each root's old fields are its own (a field reached from two roots
    # would have joined them), so no entry is written before it is read.
    placed[cell] = spokes
    own = []  # the name of the field of each sector of the new tile
    for root in range(count):
        if roots[root] != root:  # in the field of a lesser sector of the new tile
            own.append(own[roots[root]])
            continue
        names = olds[root]
        if joins is None:
            sector = sectors[root]
            if names is None:  # a field of the new sector alone
                fields[sector] = (sector,)
                own.append(sector)
                continue
            group = [sector]
        else:
            group = [sectors[k] for k in range(root, count) if joins[k] == root]
        if names is None:
            # A field of the new tile alone: its sectors are already in order.
            part = (*group,)
        elif len(names) == 1:
            # One old field grown by sectors of the new tile: they all lie on one cell, so
            # they go in together, in order, where the first of them belongs.
            old = fields[names[0]]
            at = bisect_left(old, group[0])
            part = (*old[:at], *group, *old[at:])
            if not at:  # a sector of the new tile is now the least: the field is renamed
                _rename(names_at, fields, names, part[0], merges)
        else:
            names.sort()
            for name in names:
                group += fields[name]
            part = tuple(sorted(group))
            _rename(names_at, fields, names, part[0], merges)
        fields[part[0]] = part
        own.append(part[0])
    names_at[cell] = (*own,)


def _rename(
    names_at: dict[Hex, tuple[Sector, ...]],
    fields: dict[Sector, tuple[Sector, ...]],
    olds: list[Sector],
    name: Sector,
    merges: list[Merge] | None,
) -> None:
    """The old fields ``olds`` (sorted) become (part of) the field ``name``, placing a tile
    (see :func:`_place_into`): they leave ``fields``, their sectors are named ``name`` in
    ``names_at``, and the merge is added to ``merges`` (if given). A field seldom spans more
    than a few hexes: renaming it rewrites those few entries."""
    for old in olds:
        for cell, k in fields.pop(old):
            named = names_at[cell]
            names_at[cell] = (*named[:k], name, *named[k + 1 :])
    if merges is not None:
        merges.append(_new_merge(name, (*olds,)))


def _new_index(
    placed: dict[Hex, frozenset[int]], names_at: dict[Hex, tuple[Sector, ...]], fields: dict[Sector, tuple[Sector, ...]]
) -> _FieldIndex:
    """A :class:`_FieldIndex` of the dicts ``placed``, ``names_at`` and ``fields`` (built as
    ``_FieldIndex(...)`` builds it, without the call of its ``__new__``)."""
    lookups: tuple[
        MappingProxyType[Hex, frozenset[int]],
        MappingProxyType[Hex, tuple[Sector, ...]],
        MappingProxyType[Sector, tuple[Sector, ...]],
    ] = (MappingProxyType(placed), MappingProxyType(names_at), MappingProxyType(fields))
    return _tuple_new(_FieldIndex, lookups)


def _placed_value(
    placed: dict[Hex, frozenset[int]], names_at: dict[Hex, tuple[Sector, ...]], fields: dict[Sector, tuple[Sector, ...]]
) -> Fields:
    """A :class:`Fields` value with the lookups ``placed``, ``names_at`` and ``fields`` (its
    own dicts), its slots set directly (no __init__: placing a tile is the hot path, and its
    checks were made); its spokes and parts are left to be made when first read."""
    after: Fields = _object_new(Fields)
    set_index, set_later = _SET_FIELDS
    set_index(after, _new_index(placed, names_at, fields))
    set_later(after, None)
    return after


#: The slots of a :class:`Merge` that :func:`_new_merge` sets.
_SET_MERGE = tuple(vars(Merge)[name].__set__ for name in ("into", "parts"))


def _new_merge(into: Sector, parts: tuple[Sector, ...]) -> Merge:
    """A :class:`Merge`, its slots set directly (as :meth:`Fields.place_across` makes its value)."""
    merge: Merge = object.__new__(Merge)
    set_into, set_parts = _SET_MERGE
    set_into(merge, into)
    set_parts(merge, parts)
    return merge


#: The slots of a :class:`Fields` value that :meth:`Fields.place_across` sets directly.
_SET_FIELDS = tuple(vars(Fields)[name].__set__ for name in ("_index", "_later"))


def _spokes_of(fields: Fields) -> tuple[tuple[Hex, frozenset[int]], ...]:
    """``spokes`` of a value made by placing a tile (see :meth:`Fields.place_across`), made
    from its lookups when first read."""
    return tuple(sorted(fields._lookups().spokes.items()))


def _parts_of(fields: Fields) -> tuple[tuple[Sector, ...], ...]:
    """``parts`` of a value made by placing a tile, made from its lookups when first read:
    the fields sorted by name (names compare faster than the fields they begin)."""
    by_name = fields._lookups().fields
    return tuple(map(by_name.__getitem__, sorted(by_name)))


# Placing tile after tile seldom needs these two sorted tuples (only the lookups, and the
# names of merged fields): a value made by placing a tile leaves them unset until read.
fill_when_read(Fields, "spokes", _spokes_of)
fill_when_read(Fields, "parts", _parts_of)


_tuple_new = tuple.__new__
_object_new = object.__new__

#: The side of a neighbour facing each side of a hex (:func:`facing`, listed once).
_FACING = tuple(facing(direction) for direction in range(6))

#: The half sides that meet across each side of a hex (see :func:`half_sectors`): for each
#: end of the side, its index and that of the neighbour's half it touches (half 0 meets
#: half 1), as :func:`_crossings` pairs them.
_CROSSWISE = tuple(
    ((2 * direction, 2 * _FACING[direction] + 1), (2 * direction + 1, 2 * _FACING[direction])) for direction in range(6)
)


#: The tables of each cell a tile was placed at (see :func:`_cell_tables`).
_CELLS: dict[Hex, tuple[tuple[Hex, ...], tuple[Sector, ...], tuple[tuple[Sector, tuple[Sector, ...]], ...]]] = {}


def _cell_tables(
    cell: Hex,
) -> tuple[tuple[Hex, ...], tuple[Sector, ...], tuple[tuple[Sector, tuple[Sector, ...]], ...]]:
    """The cells around ``cell`` (:func:`hexgrid.neighbours`), the six sectors of a tile
    there, and each as a field of its own (``(sector, (sector,))``, as the lookup of fields by
    name holds it): made once per cell and kept in :data:`_CELLS`, for placing a tile there
    (see :func:`_place_into`). Placing reads them at every tile, and the same cells are then
    found by identity in the lookups."""
    sectors = tuple((cell, k) for k in range(6))
    tables = _CELLS[cell] = (hexgrid.neighbours(cell), sectors, tuple((sector, (sector,)) for sector in sectors))
    return tables


#: :func:`half_sectors` of each of the 64 valid sets of spokes, read by placing a tile.
_HALVES = {
    spokes: half_sectors(spokes) for spokes in (frozenset(side for side in range(6) if bits >> side & 1) for bits in range(64))
}


#: Each sector of a tile its own root (see :meth:`Fields.place_across`: no two new sectors joined).
_SECTOR_NUMBERS = tuple(range(6))

#: Each sector number of a tile, by any number equal to it: its place in a cell's names (see
#: :meth:`Fields.field_of`).
_SECTOR_INDEX = {k: k for k in range(6)}


def _merged_into(merge: Merge) -> Sector:
    return merge.into


def _root(joins: list[int], k: int) -> int:
    """The least sector joined with the sector ``k`` so far (see :meth:`Fields.place`)."""
    while joins[k] != k:
        k = joins[k]
    return k


class _FieldIndex(NamedTuple):
    """The lookups of one :class:`Fields` value that placing a tile keeps up to date: each
    cell's spokes, the name of the field holding each sector of each cell (by sector number),
    and the sectors of each field (sorted, the first its name) by name.

    Placing a tile writes the new cell's names once, and the fields it touches; a field
    growing keeps the entries of its other hexes unless it is renamed (a field spans few
    hexes). The fields on a cell, and the neighbours of a field, are read from the names of
    its hexes, with no table of them made per value.

    Each dict is this index's own, seen only through a read-only proxy (nothing mutable is
    reachable from a state); a proxy's ``copy()`` is its dict's, as fast as the dict's own."""

    spokes: MappingProxyType[Hex, frozenset[int]]
    names_at: MappingProxyType[Hex, tuple[Sector, ...]]
    fields: MappingProxyType[Sector, tuple[Sector, ...]]

    @classmethod
    def of(cls, fields: Fields) -> _FieldIndex:
        """The lookups of ``fields``, computed from scratch."""
        named = {sector: part[0] for part in fields.parts for sector in part}
        return cls(
            MappingProxyType(dict(fields.spokes)),
            MappingProxyType(
                {cell: tuple(named[cell, k] for k in range(sector_count(spokes))) for cell, spokes in fields.spokes}
            ),
            MappingProxyType({part[0]: part for part in fields.parts}),
        )


def _sorted_parts(groups: Iterable[frozenset[Sector]]) -> tuple[tuple[Sector, ...], ...]:
    return tuple(sorted(tuple(sorted(group)) for group in groups))


def fields_of(spokes: Mapping[Hex, frozenset[int]], open_side: OpenSide) -> Fields:
    """The fields of a whole layout at once (each cell with the sides carrying a spoke): the
    same as placing its tiles one by one in any order."""
    sets: UnionFind[Sector] = UnionFind()
    for cell, cell_spokes in spokes.items():
        for k in range(sector_count(cell_spokes)):
            sets.add((cell, k))
        for direction, other in enumerate(hexgrid.neighbours(cell)):
            if other in spokes and open_side(cell, direction, other):
                for a, b in _crossings(cell, cell_spokes, other, spokes[other], direction):
                    sets.union(a, b)
    return Fields(tuple(sorted(spokes.items())), _sorted_parts(sets.groups()))


def open_between(layout: Mapping[Hex, Sides], closed_codes: Collection[str]) -> OpenSide:
    """The usual :data:`OpenSide`: land continues across a side unless the side, on either
    tile, carries one of ``closed_codes`` (e.g. water). ``layout`` holds every tile the
    question may be asked about (when placing a tile, the layout with that tile)."""

    def open_side(cell: Hex, direction: int, other: Hex) -> bool:
        return (
            layout[cell][direction] not in closed_codes
            and layout[other][facing(direction)] not in closed_codes
        )

    return open_side
