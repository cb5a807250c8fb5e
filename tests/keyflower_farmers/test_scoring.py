"""End-game scoring (base rulebook, Game end scoring; The Farmers' scoring procedure and
tie-break). One test per rule, named after it."""

import attrs

from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.scoring import KINDS, best_allocation, final_score
from tabletop.keyflower_farmers.state import Animals, Resources

SCREENS = [{}, {}]


def ended(state, **changes):
    """The position as the game ends (nothing left to decide)."""
    return attrs.evolve(state, stack=(), **changes)


def with_tiles(state, **changes):
    """Tiles changed: ``tile_id={"face": 1, "goods": {...}}``; goods come out of the supply."""
    tiles = []
    supply = state.supply
    for tile in state.tiles:
        change = changes.get(tile.id)
        if change is None:
            tiles.append(tile)
            continue
        goods = Resources.of(**change.get("goods", {}))
        supply = supply.minus(goods)
        tiles.append(attrs.evolve(tile, face=change.get("face", tile.face), goods=tile.goods.plus(goods)))
    return attrs.evolve(state, tiles=tuple(tiles), supply=supply)


def counts(**named):
    return tuple(named.get(kind, 0) for kind in KINDS)


def test_no_points_before_the_end_of_winter():
    state = with_tiles(position(2), home1={"goods": {"gold": 3}})
    assert state.scores() == (0, 0)
    assert state.winners() == ()


def test_gold_scores_one_point_each():
    state = ended(with_tiles(position(2), home1={"goods": {"gold": 3, "wood": 2}}), start=1)
    assert final_score(state, 0) == 3  # (seat 1 holds the purple worker)


def test_upgraded_tiles_score_their_fixed_points():
    state = position(2, villages=[[("keywood", (1, -1), 1)], []], to_move=1)
    state = ended(with_tiles(state, keywood={"face": 1}), start=1)
    assert final_score(state, 0) == 3


def test_yard_resources_score_per_resource():
    state = position(2, villages=[[("timber_yard", (1, -1), 1)], []], to_move=1)
    state = ended(with_tiles(state, timber_yard={"goods": {"wood": 2, "stone": 1}}), start=1)
    assert final_score(state, 0) == 4  # the stone scores nothing there


def test_gold_on_a_yard_may_stand_for_its_resource():
    state = position(2, villages=[[("timber_yard", (1, -1), 1)], []], to_move=1)
    state = ended(with_tiles(state, timber_yard={"face": 1, "goods": {"gold": 1}}), start=1)
    assert final_score(state, 0) == 3  # 3 as wood on the upgraded yard, not 1 as gold


def _with_animals(state, seat, *fields):
    village = state.villages[seat]
    names = village.fields.fields_on((0, 0))
    animals = tuple((names[i], Animals.of(**a)) for i, a in fields)
    return attrs.evolve(state, villages=tuple(attrs.evolve(v, animals=animals) if s == seat else v for s, v in enumerate(state.villages)))


def test_a_field_scores_once_per_animal_type_not_per_animal():
    state = ended(_with_animals(position(2, to_move=1), 0, (0, {"sheep": 3, "cow": 1}), (1, {"pig": 2})), start=1)
    assert final_score(state, 0) == 1 + 3 + 2


def test_weaver_truffle_orchard_and_dairy_raise_field_points():
    state = position(2, villages=[[("dairy", (1, -1), 1)], []], to_move=1)
    state = ended(_with_animals(state, 0, (0, {"cow": 1}), (1, {"sheep": 1})), start=1)
    assert final_score(state, 0) == 7 + 1


def test_winter_tiles_score_each_complete_set():
    assert best_allocation(counts(blue=2, red=2, yellow=1), (_scoring("craftsmens_guild"),)) == 3
    assert best_allocation(counts(green=3, red=1, yellow=1), (_scoring("craftsmens_guild"),)) == 0  # green is not wild


def test_each_item_scores_once_allocated_where_it_scores_most():
    tiles = (_scoring("craftsmens_guild"), _scoring("apothecary"))
    # 9 workers: three sets of three colours (9) beat one set of five (3) and one of three (3).
    assert best_allocation(counts(blue=3, red=3, yellow=3), tiles) == 9


def test_unallocated_gold_scores_one_and_the_jeweller_two():
    assert best_allocation(counts(gold=3), ()) == 3
    assert best_allocation(counts(gold=3), (_scoring("jeweller"),)) == 6


def test_one_kind_tiles_score_the_chosen_type():
    assert best_allocation(counts(saw=2, anvil=3), (_scoring("scholar"),)) == 9


def test_the_white_wind_scores_a_point_per_worker_left():
    assert best_allocation(counts(blue=2, green=1), (), white_wind=True) == 3


def _scoring(code):
    from tabletop.keyflower_farmers.components import STANDARD

    return STANDARD.tile(code).scoring


def test_keythedral_scores_12_once():
    state = position(2, villages=[[("keythedral", (1, -1), None)], []], to_move=1)
    assert final_score(ended(state, start=1), 0) == 12


def test_the_purple_worker_is_a_wild_item_of_the_start_player():
    state = position(2, screens=[{"blue": 1, "red": 1}, {}], villages=[[("craftsmens_guild", (1, -1), 1)], []])
    state = ended(state, start=0)
    assert final_score(state, 0) == 3  # declared yellow
    assert final_score(attrs.evolve(state, start=1), 0) == 0


def test_a_turn_order_tile_scores_a_point_per_adjacent_hex():
    state = position(2, villages=[[("order1", (1, -1), None)], []], to_move=1)
    assert final_score(ended(state, start=1), 0) == 1


def test_the_keyflower_boat_scores_the_transport_points_of_the_village():
    state = position(2, villages=[[("keyflower", (1, 0), 0), ("stable", (1, -1), None)], []], to_move=1)
    # home 1 + stable 2 transport points.
    assert final_score(ended(state, start=1), 0) == 3


def test_sea_breese_scores_boats_on_the_river_from_the_home_tile():
    state = position(2, villages=[[("sea_breese", (1, 0), 0), ("summer_boat_1", (2, 0), 0)], []], to_move=1)
    assert final_score(ended(state, start=1), 0) == 4


def test_sea_bastion_scores_the_hexes_of_a_road_loop():
    # home 2, keywood and key mine form a triangle of roads.
    villages = [[], [("keywood", (1, 0), 0), ("key_mine", (1, -1), 4), ("sea_bastion", (0, 1), None)]]
    state = ended(position(2, villages=villages), start=0)
    assert final_score(state, 1) == 3


def _tied(**options):
    """Seat 0 starts: its purple worker scores 3 as a cow in an empty field with The Farmers,
    1 as gold in the base game; seat 1 holds as many gold. Seat 1 took a boat first in winter."""
    gold = 3 if options.get("farmers", True) else 1
    state = with_tiles(position(2, **options), home2={"goods": {"gold": gold}})
    return ended(state, start=0, boat_picks=(1, 0))


def test_the_farmers_tie_break_favours_the_first_to_take_a_boat_in_winter():
    state = _tied()
    assert state.scores() == (3, 3)
    assert state.winners() == (1,)


def test_the_base_game_shares_a_tie():
    state = _tied(farmers=False)
    assert state.scores() == (1, 1)
    assert state.winners() == (0, 1)


def test_sheep_on_the_sheep_shelter_score_its_points_each():
    state = position(2, villages=[[("sheep_shelter", (1, -1), None)], []], to_move=1)
    tiles = tuple(attrs.evolve(t, sheep=2) if t.id == "sheep_shelter" else t for t in state.tiles)
    state = ended(attrs.evolve(state, tiles=tiles, animals=state.animals.take("sheep", 2)), start=1)
    assert final_score(state, 0) == 2  # front: 1 point a sheep; no field holds an animal


def test_gold_may_stand_for_any_resource_of_a_mercers_guild_set():
    mercers = _scoring("mercers_guild")
    assert best_allocation(counts(wood=1, stone=1, gold=1), (mercers,)) == 5  # better than 1 for the gold
    assert best_allocation(counts(wood=1, stone=1), (mercers,)) == 0


def test_slots_sharing_a_kind_take_it_once_per_item():
    """Summer boat 5b: wheat stands for a resource, so the Bakery's resource and wheat slots
    both take wheat; three wheat make one set with a saw, two with a wood as well."""
    bakery = _scoring("bakery")
    assert best_allocation(counts(wheat=3, saw=2), (bakery,), rules=(False, True)) == 4
    assert best_allocation(counts(wheat=3, saw=2, wood=1), (bakery,), rules=(False, True)) == 8
    assert best_allocation(counts(wheat=3, saw=2, wood=1), (bakery,)) == 4  # without 5b: one set, two wheat left


def test_hillside_scores_a_point_per_other_hex_its_field_reaches():
    """The Farmers: Hillside's one road leaves it one field; across its road side that field
    joins the two home-tile fields either side of the home road: it reaches the home hex."""
    state = position(2, villages=[[("hillside", (0, 1), None)], []], to_move=1)
    village = state.villages[0]
    assert len(village.fields.parts) == 4  # the home tile's five fields, two joined by Hillside
    assert final_score(ended(state, start=1), 0) == 1
