"""The worked examples of the base rulebook and of The Farmers (seed 002), each as a test: using
a tile with more workers than needed, a transport capacity of two, herding an animal two
fields away, and the pictured Hillside. (The other examples have tests of their own: the five
fields of a home hex, test_components; gold on the Jeweller not scoring again and each item
scoring once, test_scoring.)"""

import attrs

from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.scoring import final_score
from tabletop.keyflower_farmers.state import Animals, Resources, Transport

from .helpers import legal, play

RED = [{"red": 9}, {"red": 4}]


def test_usage_example_a_first_use_of_two_then_three_leaves_no_third_and_three_leave_none():
    """Base rulebook, Production: "if the initial usage is with 2 workers, not 1 worker, then the
    next usage will cost a minimum of three workers, a total of 5 workers. In this instance the
    tile cannot be used for a third time [...] If the initial usage is 3 or more workers, then
    no further use can be made of the tile that season." """
    state = play(position(2, screens=RED, offer=["keywood"]), "use keywood 2 red", "pass")
    assert "use keywood 2 red" not in legal(state) and "use keywood 3 red" in legal(state)
    state = play(state, "use keywood 3 red", "pass")
    assert state.tile("keywood").workers.total == 5
    assert not any(move.startswith("use keywood") for move in legal(state))
    state = play(position(2, screens=RED, offer=["keywood"]), "use keywood 3 red", "pass")
    assert not any(move.startswith("use keywood") for move in legal(state))


# home1 --road-- keywood --road-- gold_mine, and the Stable (transport 2) beside the home tile.
VILLAGE = [("keywood", (1, -1), 1), ("gold_mine", (2, -2), 0), ("stable", (-1, 0), None)]


def _village(**options):
    state = position(2, screens=RED, villages=[VILLAGE, []], **options)
    return state, state.villages[0]


def test_transport_example_a_capacity_of_two_moves_two_resources_one_step_or_one_two_steps():
    """Base rulebook, Transport: "if the transport capacity is two, then two resources can be
    moved to an adjacent tile(s) or one resource can be moved two tiles." """
    state, _ = _village()
    goods = Resources.of(wood=2)
    tiles = tuple(attrs.evolve(t, goods=goods) if t.id == "home1" else t for t in state.tiles)
    state = play(attrs.evolve(state, tiles=tiles, supply=state.supply.minus(goods)), "use stable 1 red")
    assert state.pending == Transport(0, 2, 1)
    far = play(state, "carry wood home1 gold_mine")  # one resource, two tiles
    assert far.tile("gold_mine").goods.named("wood") == 1 and far.pending.moves == 0
    near = play(state, "carry wood home1 keywood", "carry wood home1 keywood")  # two, one step each
    assert near.tile("keywood").goods.named("wood") == 2 and near.pending.moves == 0


def test_herding_example_moving_a_sheep_into_the_second_field_on_costs_two_movements():
    """The Farmers, Moving animals: fields are adjacent when a hex holds both; "moving the sheep
    to field 2 costs two movements". The field of Keywood's far side shares no hex with the
    home field the sheep is in, but each shares one with a field between them."""
    state, village = _village()
    start, second = ((0, 0), 0), ((1, -1), 2)
    assert second not in village.fields.adjacent(start)
    assert any(second in village.fields.adjacent(between) for between in village.fields.adjacent(start))
    village = attrs.evolve(village, animals=((start, Animals.of(sheep=1)),))
    state = attrs.evolve(state, villages=(village, state.villages[1]), animals=state.animals.take("sheep"))
    herd = "herd sheep 0,0/0 1,-1/2"
    assert herd not in legal(play(state, "use home1 1 red"))  # one movement
    state = play(state, "use stable 1 red", herd)  # two movements
    assert state.villages[0].animals_in(second).named("sheep") == 1 and state.pending.moves == 0


def test_hillside_pictured_example_its_field_extends_into_six_other_hexes_for_six_points():
    """The Farmers, Hillside: "For each hex into which the field extends from the Hillside hex
    the owner gains 1 point. In the example the field of Hillside extends into six additional
    hexes (numbered 2 to 7)." Here Hillside's one field runs across its road side into the home
    hex and across its grass sides into five winter tiles of one road each (which score nothing
    without items): 6 points."""
    placed = [
        ("hillside", (0, 1), None),
        ("jeweller", (1, 1), None),
        ("craftsmens_guild", (0, 2), None),
        ("mercers_guild", (-1, 2), None),
        ("scribes", (-1, 1), None),
        ("scholar", (-1, 0), None),
    ]
    state = position(2, villages=[placed, []], to_move=1)
    fields = state.villages[0].fields
    (field,) = fields.fields_on((0, 1))
    assert len(fields.cells_of(field)) == 7  # Hillside and six other hexes
    assert final_score(attrs.evolve(state, stack=(), start=1), 0) == 6
