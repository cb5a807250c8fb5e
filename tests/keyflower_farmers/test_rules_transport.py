"""Transport and upgrades (base rulebook, Transport and upgrading; The Farmers, Wheat and moving
animals). One test per rule, named after it."""

import attrs

from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.invariants import invariants
from tabletop.keyflower_farmers.state import Animals, Resources, Skills, Transport

from .helpers import legal, play

# home1 --road-- keywood --road-- gold_mine: gold mine is two steps from home.
CHAIN = [("keywood", (1, -1), 1), ("gold_mine", (2, -2), 0)]
SCREENS = [{"red": 4}, {"red": 4}]


def with_goods(state, **goods_by_tile):
    tiles = tuple(
        attrs.evolve(t, goods=Resources.of(**goods_by_tile[t.id])) if t.id in goods_by_tile else t for t in state.tiles
    )
    taken = Resources.of()
    for goods in goods_by_tile.values():
        taken = taken.plus(Resources.of(**goods))
    return attrs.evolve(state, tiles=tiles, supply=state.supply.minus(taken))


def chain(**options):
    return position(2, screens=SCREENS, villages=[CHAIN, []], **options)


def test_using_a_transport_tile_gives_its_movements_and_upgrades():
    state = play(chain(), "use home1 1 red")
    assert state.pending == Transport(0, 1, 1)


def test_a_resource_moves_one_step_along_a_road_for_one_movement():
    state = play(with_goods(chain(), home1={"wood": 1}), "use home1 1 red")
    assert "carry wood home1 keywood" in legal(state)
    assert "carry wood home1 gold_mine" not in legal(state)  # two steps away
    state = play(state, "carry wood home1 keywood")
    assert state.tile("keywood").goods.named("wood") == 1
    assert state.pending.moves == 0
    assert not any(m.startswith("carry") for m in legal(state))


def test_each_wheat_spent_adds_one_movement():
    state = attrs.evolve(with_goods(chain(), home1={"wood": 1}), wheat=(1, 0), wheat_supply=29)
    state = play(state, "use home1 1 red", "spend wheat")
    assert state.pending.moves == 2 and state.wheat[0] == 0
    state = play(state, "carry wood home1 gold_mine")
    assert state.tile("gold_mine").goods.named("wood") == 1


def test_resources_move_only_along_roads():
    """The home tile's river side joins a summer boat's water side: no road between them."""
    state = position(2, screens=SCREENS, villages=[[("summer_boat_1", (1, 0), 0)], []])
    state = play(with_goods(state, home1={"wood": 1}), "use home1 1 red")
    assert not any(m.startswith("carry") for m in legal(state))


def test_transport_works_only_in_the_users_own_village():
    state = position(2, screens=SCREENS, villages=[[], CHAIN], to_move=0)
    state = play(with_goods(state, home2={"wood": 1}), "use home2 1 red")
    assert not any(m.startswith("carry") for m in legal(state))


def test_an_upgrade_pays_resources_on_the_tile_and_skills_from_behind_the_screen():
    state = position(2, screens=SCREENS, skills=[{"saw": 1}, {}], villages=[CHAIN, []])
    state = play(state, "use home1 1 red")
    assert "upgrade keywood paying saw" in legal(state)
    state = play(state, "upgrade keywood paying saw")
    assert state.tile("keywood").face == 1
    assert state.skills[0].named("saw") == 0 and len(state.skill_pile) == 48
    assert state.pending.upgrades == 0


def test_upgrade_resources_must_lie_on_the_tile_being_upgraded():
    state = play(with_goods(chain(), home1={"stone": 1, "iron": 1}), "use home1 1 red")
    assert not any(m.startswith("upgrade gold_mine") for m in legal(state))
    state = play(with_goods(chain(), gold_mine={"stone": 1, "iron": 1, "wood": 1}), "use home1 1 red")
    state = play(state, "upgrade gold_mine paying iron,stone")
    assert state.tile("gold_mine").face == 1
    assert state.tile("gold_mine").goods == Resources.of(wood=1)  # what was not paid stays
    assert state.supply.named("stone") == 24 and not invariants(state)


def test_any_resources_in_a_cost_are_chosen_from_the_tile():
    village = [("workshop", (1, -1), 2)]
    state = position(2, screens=SCREENS, villages=[village, []])
    state = play(with_goods(state, workshop={"wood": 1, "gold": 2}), "use home1 1 red")
    upgrades = {m for m in legal(state) if m.startswith("upgrade")}
    assert upgrades == {"upgrade workshop paying gold,gold", "upgrade workshop paying gold,wood"}


def test_home_tiles_can_be_upgraded():
    state = play(with_goods(chain(), home1={"wood": 1, "stone": 1}), "use home1 1 red")
    state = play(state, "upgrade home1 paying stone,wood")
    assert state.tile("home1").face == 1
    state = play(state, "stop")
    assert state.to_move == 1


def test_an_animal_moves_one_movement_per_field_entered():
    state = chain()
    village = state.villages[0]
    fields = village.fields.fields_on((0, 0))
    state = attrs.evolve(
        state,
        villages=(attrs.evolve(village, animals=((fields[0], Animals.of(sheep=1)),)), state.villages[1]),
        animals=state.animals.take("sheep"),
    )
    state = play(state, "use home1 1 red")
    herds = [m for m in legal(state) if m.startswith("herd")]
    # Every other field sharing the home hex is one movement away.
    assert len(herds) == len(village.fields.adjacent(fields[0]))
    state = play(state, herds[0])
    assert sum(a.named("sheep") for _, a in state.villages[0].animals) == 1
    assert not invariants(state)


def test_an_animal_cannot_end_in_a_field_holding_another_type():
    state = chain()
    village = state.villages[0]
    a, b = village.fields.fields_on((0, 0))[:2]
    animals = ((a, Animals.of(sheep=1)), (b, Animals.of(cow=1)))
    state = attrs.evolve(
        state,
        villages=(attrs.evolve(village, animals=animals), state.villages[1]),
        animals=state.animals.take("sheep").take("cow"),
    )
    state = play(state, "use home1 1 red")
    target = f"{b[0][0]},{b[0][1]}/{b[1]}"
    assert not any(m.startswith("herd sheep") and m.endswith(target) for m in legal(state))


def _shelter_village():
    state = position(2, screens=SCREENS, villages=[[("sheep_shelter", (1, -1), None)], []])
    village = state.villages[0]
    field = village.fields.fields_on((1, -1))[0]
    village = attrs.evolve(village, animals=((field, Animals.of(sheep=2)),))
    return attrs.evolve(state, villages=(village, state.villages[1]), animals=state.animals.take("sheep", 2)), field


def test_sheep_in_the_sheep_shelters_field_may_be_put_on_the_shelter():
    state, field = _shelter_village()
    state = play(state, "use home1 1 red")
    text = f"shelter sheep {field[0][0]},{field[0][1]}/{field[1]}"
    assert text in legal(state)
    state = play(state, text)
    assert state.tile("sheep_shelter").sheep == 1
    assert state.villages[0].animals_in(field).named("sheep") == 1
    assert state.pending.moves == 1  # it costs no movement
    assert not invariants(state)


def test_a_cost_naming_every_item_is_paid_the_one_way_the_full_search_finds():
    # The upgrades of a cost with no item of the payer's choice are listed without searching
    # the ways to pay (transport._named_cost): they must be what the search gives.
    from itertools import product

    from tabletop.keyflower_farmers.rules.transport import _named_cost, _upgrade_moves
    from tabletop.keyflower_farmers.state import Skills

    components = chain().components
    checked = 0
    for tile_id, cost in components.upgrades_by_id.items():
        named = _named_cost(tile_id, cost)
        if named is None:
            assert any(item.startswith("any_") for item, _ in cost)
            continue
        resources, skills, move = named
        for goods, held in product(product(range(3), repeat=4), product(range(2), repeat=3)):
            goods, held = Resources(goods), Skills(held)
            covered = all(g >= n for g, n in zip(goods, resources)) and all(h >= n for h, n in zip(held, skills))
            assert _upgrade_moves(tile_id, cost, goods, held, False) == ((move,) if covered else ())
            checked += 1
    assert checked > 1000


def test_fields_reached_with_one_movement_are_those_one_step_away():
    # With one movement the herds are listed from the fields sharing a hex with the animals'
    # (transport._fields_within), not from the steps to every field: the same fields, in order.
    from tabletop.keyflower_farmers.rules.transport import _fields_within, field_steps

    state = chain()
    village = state.villages[0]
    names = village.fields.names
    assert len(names) > 3
    for budget in (1, 2):
        expected = [[t for t, n in field_steps(state, village, name).items() if 0 < n <= budget] for name in names]
        assert [[*found] for found in _fields_within(state, village, names, budget)] == expected


def test_hexes_reached_with_one_movement_are_those_one_step_away():
    # With one movement the carries are listed from the hexes sharing a road with the source
    # (the layout's road links, transport._carries), not from the steps to every hex: the same
    # hexes, in order, as the steps give.
    from tabletop.keyflower_farmers.rules.transport import _carries, _hexes_within, road_steps
    from tabletop.keyflower_farmers.state import Resources, Tile

    state = chain()
    layout = state.villages[0].layout
    cells = [cell for cell, _, _ in layout]
    for budget in (1, 2):
        expected = [[t for t, n in road_steps(state, 0, cell).items() if 0 < n <= budget] for cell in cells]
        assert _hexes_within(state, 0, cells, budget, False) == expected
        holding = [(cell, Tile(tile_id, goods=Resources.of(wood=1))) for cell, tile_id, _ in layout]
        found: list = []
        _carries(state, 0, budget, False, holding, found)
        carried = [(carry.source, carry.target) for carry in found]
        assert carried == [(tile_id, t) for (_, tile_id, _), targets in zip(layout, expected) for t in targets]
    assert _hexes_within(state, 0, cells, 1, False) == [["keywood"], ["home1", "gold_mine"], ["keywood"]]


def test_upgrade_costs_are_read_once_per_box_by_hex_id():
    from tabletop.keyflower_farmers.components import RESOURCES
    from tabletop.keyflower_farmers.rules.transport import _box_costs, _named_cost

    components = chain().components
    box, costs, screen_costs = _box_costs(components)
    assert box is components and _box_costs(components)[1] is costs
    printed = {tile_id: cost for tile_id, cost in components.upgrades_by_id.items() if cost}
    assert costs == {tile_id: (cost, _named_cost(tile_id, cost)) for tile_id, cost in printed.items()}
    # Those a hex holding no resources may take: costs naming skills only.
    takes_resources = {t for t, cost in printed.items() if any(i in RESOURCES or i == "any_resource" for i, _ in cost)}
    assert set(screen_costs) == set(printed) - takes_resources
    assert {"keywood", "barn", "sheep_shelter"} <= set(screen_costs) and "inn" not in screen_costs
    assert all(screen_costs[t] == costs[t] for t in screen_costs)


def test_a_hex_holding_no_resources_is_upgraded_if_its_cost_takes_skills_only():
    # keywood's upgrade takes a saw from behind the screen; gold_mine's takes stone and iron.
    state = attrs.evolve(chain(), skills=(Skills.of(saw=1), Skills.of()))
    state = play(state, "use home1 1 red")
    upgrades = [m for m in legal(state) if m.startswith("upgrade")]
    assert any("keywood" in m for m in upgrades) and not any("gold_mine" in m for m in upgrades)


def test_upgrade_costs_keep_a_few_boxes_at_most():
    from tabletop.keyflower_farmers.components import components_from_data
    from tabletop.keyflower_farmers.rules import transport

    standard = chain().components
    for _ in range(transport._BOXES_KEPT + 2):
        box = components_from_data(standard.as_data())
        assert transport._box_costs(box)[1] == transport._box_costs(standard)[1]
    assert len(transport._UPGRADE_COSTS) <= transport._BOXES_KEPT


def test_fields_adjacent_kept_from_a_listing_are_those_of_the_village_listed():
    # The fields adjacent to each field are kept for the last fields value read with one
    # movement (transport._LAST_ADJACENT): a listing in another village, whose fields bear the
    # same names, reads its own, and again in the first village its own.
    from tabletop.keyflower_farmers.rules.transport import _fields_within

    state = chain()
    first, second = state.villages
    shared_names = [name for name in first.fields.names if name in second.fields.names]
    assert shared_names
    assert any(first.fields.adjacent(name) != second.fields.adjacent(name) for name in shared_names)
    for village in (first, second, first, first):
        found = _fields_within(state, village, shared_names, 1)
        assert found == [village.fields.adjacent(name) for name in shared_names]
