"""Hex tiles with side codes: turning, matching, placements, and fields by the spoke model."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tabletop.kernel import hexgrid, regions, tiles
from tabletop.kernel.tiles import Fields, TileError

R, G, W = "road", "grass", "water"
HOME = (W, R, R, R, R, R)  # five roads and a river side
CODES = (R, G, W)


def test_six_sides_required():
    assert tiles.check_sides([R, G, G, R, G, G]) == (R, G, G, R, G, G)
    with pytest.raises(TileError):
        tiles.check_sides([R, G])
    with pytest.raises(TileError):
        tiles.check_sides([R, G, G, R, G, ""])


def test_turning_moves_side_i_to_direction_i_plus_steps():
    sides = (R, G, G, G, G, W)
    once = tiles.rotated(sides, 1)
    assert once[1] == R and once[0] == W
    assert tiles.rotated(sides, 6) == sides
    assert tiles.rotated(tiles.rotated(sides, 2), 4) == sides


def test_symmetric_tiles_have_fewer_distinct_turns():
    assert tiles.rotations((G,) * 6) == (0,)
    assert tiles.rotations((W, G, G, W, G, G)) == (0, 1, 2)
    assert tiles.rotations(HOME) == (0, 1, 2, 3, 4, 5)


def test_a_tile_matches_when_every_shared_side_has_the_same_code():
    layout = {(0, 0): HOME}
    east = (1, 0)  # direction 0 of the home tile: its water side
    assert tiles.mismatches(layout, east, (G, G, G, W, G, G)) == ()
    assert tiles.mismatches(layout, east, (G, G, G, R, G, G)) == (3,)
    assert tiles.fits(layout, east, (G, G, G, W, G, G))
    assert not tiles.fits(layout, east, (G, G, G, R, G, G))
    assert tiles.fits(layout, east, (G, G, G, R, G, G), match=False)


def test_a_tile_must_touch_the_layout_and_go_on_an_empty_cell():
    layout = {(0, 0): HOME}
    assert not tiles.fits(layout, (3, 0), (G,) * 6)
    assert not tiles.fits(layout, (0, 0), HOME)
    assert tiles.fits({}, (5, 5), HOME)


def test_placements_list_every_matching_cell_and_turn():
    layout = {(0, 0): HOME}
    one_road = (R, G, G, G, G, G)
    found = tiles.placements(layout, one_road)
    # Around the home tile, five cells face a road and one faces the river: a one-road tile
    # fits each road cell in exactly one turn (its road facing the home tile's road).
    assert len(found) == 5
    for cell, steps in found:
        turned = tiles.rotated(one_road, steps)
        assert not tiles.mismatches(layout, cell, turned)
    assert (1, 0) not in {cell for cell, _ in found}


def test_frontier_is_the_empty_ring_around_the_layout():
    assert tiles.frontier({(0, 0): HOME}) == tuple(sorted(hexgrid.neighbours((0, 0))))


# --- sectors ---


def test_fewer_than_two_spokes_leave_one_sector():
    assert tiles.half_sectors(frozenset()) == (0,) * 12
    assert tiles.half_sectors(frozenset({3})) == (0,) * 12
    assert tiles.sector_count(frozenset({3})) == 1


def test_spokes_divide_a_hex_into_as_many_sectors():
    spokes = frozenset({0, 3})
    halves = tiles.half_sectors(spokes)
    # Sector 0 runs clockwise from the spoke on side 0 to the one on side 3.
    assert halves[2 * 0 + 1] == 0 and halves[2 * 3 + 0] == 0
    assert halves[2 * 1] == halves[2 * 1 + 1] == 0
    assert halves[2 * 4] == halves[2 * 5 + 1] == 1
    assert halves[2 * 0 + 0] == 1 and halves[2 * 3 + 1] == 1
    assert tiles.sector_sides(spokes, 0) == (0, 1, 2, 3)


def test_home_tile_has_five_fields_one_bordering_the_river():
    """Farmers rulebook: each home hex has five fields, field 1 the one around the river."""
    spokes = tiles.spokes_of(HOME, {R})
    fields = tiles.fields_of({(0, 0): spokes}, tiles.open_between({(0, 0): HOME}, {W}))
    assert len(fields.parts) == 5
    river = fields.field_at((0, 0), 0, 0)
    assert fields.field_at((0, 0), 0, 1) == river
    assert sum(1 for name in fields.names if 0 in tiles.sector_sides(spokes, name[1])) == 1


def _placings(layout, order, closed=(W,)):
    """Each step of placing the tiles of ``layout`` in ``order``: the fields before, the cell,
    the tile's spokes, the test of open sides then, and the fields and merges after."""
    fields = Fields()
    placed = {}
    for cell in order:
        placed[cell] = layout[cell]
        spokes, open_side = tiles.spokes_of(layout[cell], {R}), tiles.open_between(placed, closed)
        before = fields
        fields, merged = before.place(cell, spokes, open_side)
        yield before, cell, spokes, open_side, fields, merged


def _place_all(layout, order, closed=(W,)):
    fields = Fields()
    merges = []
    for _, _, _, _, fields, merged in _placings(layout, order, closed):
        merges.extend(merged)
    return fields, merges


def test_grass_sides_join_fields_across_tiles():
    no_roads = (G,) * 6
    fields, merges = _place_all({(0, 0): no_roads, (1, 0): no_roads}, [(0, 0), (1, 0)])
    assert len(fields.parts) == 1
    assert fields.cells_of(fields.names[0]) == ((0, 0), (1, 0))
    assert merges == []  # the new tile's field joined one old field: nothing merged


def test_road_sides_join_the_halves_crosswise():
    a = (R, G, G, R, G, G)  # a straight road E-W
    fields, _ = _place_all({(0, 0): a, (1, 0): a}, [(0, 0), (1, 0)])
    # Two fields: the one north of the road and the one south of it, each over both hexes.
    assert len(fields.parts) == 2
    for name in fields.names:
        assert fields.cells_of(name) == ((0, 0), (1, 0))


def test_water_sides_do_not_join():
    a = (W, G, G, G, G, G)
    b = (G, G, G, W, G, G)
    fields, _ = _place_all({(0, 0): a, (1, 0): b}, [(0, 0), (1, 0)])
    assert len(fields.parts) == 2


def test_a_tile_placed_between_two_fields_merges_them():
    grass = (G,) * 6
    # (0,0) and (2,0) are not adjacent; (1,0) touches both.
    fields, merges = _place_all({(0, 0): grass, (2, 0): grass, (1, 0): grass}, [(0, 0), (2, 0), (1, 0)])
    assert len(fields.parts) == 1
    assert len(merges) == 1
    assert merges[0].parts == (((0, 0), 0), ((2, 0), 0))
    assert merges[0].into == ((0, 0), 0)


def test_a_field_taking_a_smaller_sector_of_the_new_tile_is_renamed():
    grass = (G,) * 6
    fields, merges = _place_all({(1, 0): grass, (0, 0): grass}, [(1, 0), (0, 0)])
    assert fields.names == (((0, 0), 0),)
    assert [(m.into, m.parts) for m in merges] == [(((0, 0), 0), (((1, 0), 0),))]


def test_fields_sharing_a_hex_are_adjacent():
    spokes = tiles.spokes_of(HOME, {R})
    fields = tiles.fields_of({(0, 0): spokes}, tiles.open_between({(0, 0): HOME}, {W}))
    for name in fields.names:
        assert len(fields.adjacent(name)) == 4


def test_placing_on_an_occupied_cell_is_refused():
    fields, _ = Fields().place((0, 0), frozenset(), lambda *_: True)
    with pytest.raises(TileError):
        fields.place((0, 0), frozenset(), lambda *_: True)


layouts = st.dictionaries(
    st.sampled_from(hexgrid.disc((0, 0), 2)),
    st.tuples(*[st.sampled_from(CODES)] * 6),
    min_size=1,
    max_size=12,
)


@settings(max_examples=60)
@given(layouts, st.randoms(use_true_random=False))
def test_placing_tiles_one_by_one_gives_the_fields_of_the_whole_layout(layout, rnd):
    order = list(layout)
    rnd.shuffle(order)
    fields, _ = _place_all(layout, order)
    whole = tiles.fields_of(
        {cell: tiles.spokes_of(sides, {R}) for cell, sides in layout.items()}, tiles.open_between(layout, {W})
    )
    assert fields == whole
    every = [s for part in fields.parts for s in part]
    assert len(every) == len(set(every)) == sum(
        tiles.sector_count(tiles.spokes_of(sides, {R})) for sides in layout.values()
    )


def test_a_placed_value_makes_its_sorted_spokes_and_parts_when_first_read():
    """Placing keeps the lookups only: ``spokes`` and ``parts`` are made from them when asked,
    as a whole layout gives them (and an attribute of no kind is still missing)."""
    layout = {(0, 0): HOME, (1, 0): (R, G, G, R, G, G), (-1, 1): (G, R, G, W, G, R), (0, -1): (G,) * 6}
    fields, _ = _place_all(layout, list(layout))
    whole = tiles.fields_of(
        {cell: tiles.spokes_of(sides, {R}) for cell, sides in layout.items()}, tiles.open_between(layout, {W})
    )
    assert fields.parts == whole.parts
    assert fields.spokes == whole.spokes
    assert repr(fields) == repr(whole)
    with pytest.raises(AttributeError):
        fields.sides  # noqa: B018 (read for its error)


@settings(max_examples=60)
@given(layouts, st.randoms(use_true_random=False))
def test_following_the_merges_names_every_old_field_in_the_new_fields(layout, rnd):
    order = list(layout)
    rnd.shuffle(order)
    for before, _, _, _, fields, merges in _placings(layout, order):
        renamed = {old: m.into for m in merges for old in m.parts}
        for name in before.names:
            assert renamed.get(name, name) in fields.names
            assert renamed.get(name, name) == fields.field_of(name)


@settings(max_examples=60)
@given(layouts, st.randoms(use_true_random=False))
def test_placing_across_the_open_sides_places_as_asking_which_are_open(layout, rnd):
    order = list(layout)
    rnd.shuffle(order)
    for before, cell, spokes, open_side, fields, merges in _placings(layout, order):
        land = [d for d, other in enumerate(hexgrid.neighbours(cell)) if other in before.cells and open_side(cell, d, other)]
        assert before.place_across(cell, spokes, land) == (fields, merges)


@settings(max_examples=60)
@given(layouts, st.randoms(use_true_random=False), st.sets(st.integers(0, 11)))
def test_fields_placed_later_are_those_placed_at_once_whenever_read(layout, rnd, reads):
    """A chain of tiles placed later, read at any of its steps (``reads``) or only at its end,
    gives at every step the fields placed at once, whose lookups are made afresh."""
    order = list(layout)
    rnd.shuffle(order)
    later = Fields()
    steps = []
    for step, (before, cell, spokes, open_side, fields, _) in enumerate(_placings(layout, order)):
        land = [d for d, other in enumerate(hexgrid.neighbours(cell)) if other in before.cells and open_side(cell, d, other)]
        later = later.place_later(cell, spokes, land)
        steps.append((later, fields))
        if step in reads:
            assert later == fields
    for later, fields in steps:
        assert later == fields
        assert later.parts == fields.parts and later.spokes == fields.spokes
        for cell in fields.cells:
            assert later.fields_on(cell) == fields.fields_on(cell)
            assert later.spokes_at(cell) == fields.spokes_at(cell)
        for name in fields.names:
            assert later.sectors(name) == fields.sectors(name)


def test_a_tile_placed_later_on_an_occupied_cell_is_refused_when_read():
    fields = Fields().place_later((0, 0), frozenset(), ()).place_later((0, 0), frozenset(), ())
    with pytest.raises(TileError):
        fields.names  # noqa: B018 (read for its error)


@settings(max_examples=60)
@given(layouts, st.randoms(use_true_random=False))
def test_the_lookups_kept_from_tile_to_tile_are_those_of_the_whole_layout(layout, rnd):
    """Placing a tile updates the lookups only where it reaches: they answer as lookups
    computed afresh from the whole layout do."""
    order = list(layout)
    rnd.shuffle(order)
    fields, _ = _place_all(layout, order)
    whole = tiles.fields_of(
        {cell: tiles.spokes_of(sides, {R}) for cell, sides in layout.items()}, tiles.open_between(layout, {W})
    )
    for cell in layout:
        assert fields.spokes_at(cell) == whole.spokes_at(cell)
        assert fields.fields_on(cell) == whole.fields_on(cell)
        for sector in range(tiles.sector_count(fields.spokes_at(cell))):
            assert fields.field_of((cell, sector)) == whole.field_of((cell, sector))
    for name in whole.names:
        assert fields.sectors(name) == whole.sectors(name)
        assert fields.adjacent(name) == whole.adjacent(name)


@settings(max_examples=60)
@given(layouts)
def test_the_fields_on_a_cell_are_those_with_a_sector_there_each_once_sorted(layout):
    fields = tiles.fields_of(
        {cell: tiles.spokes_of(sides, {R}) for cell, sides in layout.items()}, tiles.open_between(layout, {W})
    )
    for cell in layout:
        assert fields.fields_on(cell) == tuple(sorted({part[0] for part in fields.parts for at, _ in part if at == cell}))


@settings(max_examples=60)
@given(layouts)
def test_the_steps_from_a_field_are_those_of_a_search_over_adjacent_fields(layout):
    fields = tiles.fields_of(
        {cell: tiles.spokes_of(sides, {R}) for cell, sides in layout.items()}, tiles.open_between(layout, {W})
    )
    for name in fields.names:
        assert fields.steps_from(name) == regions.distances(name, fields.adjacent)


@settings(max_examples=60)
@given(layouts, st.randoms(use_true_random=False))
def test_the_steps_from_a_field_come_in_the_order_of_the_field_names(layout, rnd):
    """Placed tile by tile (lookups kept from tile to tile) or computed at once, the fields
    reached come sorted by name, as ``names`` lists them."""
    order = list(layout)
    rnd.shuffle(order)
    placed, _ = _place_all(layout, order)
    whole = tiles.fields_of(
        {cell: tiles.spokes_of(sides, {R}) for cell, sides in layout.items()}, tiles.open_between(layout, {W})
    )
    for fields in (placed, whole):
        for name in fields.names:
            reached = list(fields.steps_from(name))
            assert reached == [other for other in fields.names if other in reached]


@settings(max_examples=60)
@given(layouts, st.integers(min_value=0, max_value=4))
def test_the_steps_within_a_bound_are_the_whole_search_cut_at_the_bound(layout, within):
    fields = tiles.fields_of(
        {cell: tiles.spokes_of(sides, {R}) for cell, sides in layout.items()}, tiles.open_between(layout, {W})
    )
    for name in fields.names:
        whole = fields.steps_from(name)
        assert fields.steps_from(name, within=within) == {field: n for field, n in whole.items() if n <= within}


def test_steps_within_a_negative_bound_are_refused():
    fields, _ = Fields().place((0, 0), frozenset(), lambda *_: True)
    with pytest.raises(ValueError, match="0 or more"):
        fields.steps_from(((0, 0), 0), within=-1)


def test_steps_from_a_field_that_does_not_exist_are_refused():
    fields, _ = Fields().place((0, 0), frozenset(), lambda *_: True)
    with pytest.raises(TileError):
        fields.steps_from(((5, 5), 0))
