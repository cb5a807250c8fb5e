"""The end of spring, summer and autumn (base rulebook, End of season; The Farmers' order of
steps and breeding) and the start of the next season. One test per rule, named after it."""

import random

import attrs

import tabletop
from tabletop.keyflower_farmers.moves import Place
from tabletop.keyflower_farmers.positions import position
from tabletop.keyflower_farmers.invariants import invariants
from tabletop.keyflower_farmers.rules.common import has_ability, sides_of
from tabletop.keyflower_farmers.rules.village import layout_of
from tabletop.keyflower_farmers.state import Animals, ChooseBoat, PlaceTile, Turn, Village, placed_village
from tabletop.kernel import tiles
from tabletop.kernel.tiles import Fields

from .helpers import legal, play

SCREENS = [{"red": 5, "yellow": 3}, {"red": 5, "blue": 3}]


def until_boats(state):
    """Everyone passes in succession."""
    while not isinstance(state.pending, ChooseBoat):
        state = play(state, "pass")
    return state


def test_losing_bids_go_back_behind_the_screen():
    state = play(position(2, screens=SCREENS, offer=["keywood"]), "bid keywood 1 red", "bid keywood 2 red")
    state = until_boats(state)
    assert state.screens[0].named("red") == 5
    assert not invariants(state)


def test_tiles_nobody_bid_for_leave_the_game_and_their_workers_go_into_the_bag():
    state = play(position(2, screens=SCREENS, offer=["keywood", "key_mine"]), "use key_mine 1 red", "bid keywood 1 red")
    bag = len(state.bag)
    state = until_boats(state)
    assert "key_mine" not in {t.id for t in state.tiles}
    assert len(state.bag) == bag + 1 + 1  # the user on Key mine, and seat 1's winning bid


def test_the_winner_takes_the_tile_and_the_workers_on_it_the_winning_bid_goes_into_the_bag():
    state = play(position(2, screens=SCREENS, offer=["keywood"]), "use keywood 1 red", "bid keywood 1 red")
    state = until_boats(state)
    assert state.screens[1].named("red") == 4 + 1  # the user's worker joins the winner
    assert state.screens[0].named("red") == 4
    assert PlaceTile(1, "keywood") in state.stack


def test_workers_on_tiles_in_a_village_go_behind_the_village_owners_screen():
    state = position(2, screens=SCREENS, villages=[[], [("keywood", (1, -1), 1)]])
    state = until_boats(play(state, "use keywood 1 yellow"))
    assert state.screens[1].named("yellow") == 1
    assert state.screens[0].named("yellow") == 2


def test_boats_are_chosen_in_turn_order_then_clockwise_from_the_new_start_player():
    state = position(3, screens=[{"red": 3}] * 3, to_move=0)
    state = until_boats(play(state, "pass", "bid order2 1 red", "pass", "pass"))
    # Seat 1 won tile 2 (the purple tile with 3 players): they choose first and start.
    assert state.pending == ChooseBoat(1, (2, 0))
    state = play(state, "boat keyflower")
    assert state.start == 1
    assert legal(state) == {"boat sea_bastion", "boat sea_breese"}


def test_the_purple_tile_winner_becomes_start_player():
    state = until_boats(play(position(2, screens=SCREENS), "pass", "bid order1 1 red", "pass"))
    state = play(state, "boat keyflower", "boat sea_bastion")
    assert state.start == 1


def test_without_a_bid_on_the_purple_tile_the_start_player_passes_left():
    state = until_boats(position(2, screens=SCREENS))
    assert state.pending.seat == 0
    state = play(state, "boat keyflower", "boat sea_bastion")
    assert state.start == 1


def test_the_boat_cargo_goes_behind_the_screen():
    state = until_boats(position(2, screens=SCREENS))
    boats = tuple(attrs.evolve(c, workers=c.workers.add("blue", 2), skills=c.skills.add("saw")) for c in state.boats)
    state = play(attrs.evolve(state, boats=boats), "boat sea_bastion")
    assert state.screens[0].named("blue") == 2 and state.skills[0].named("saw") == 1


def test_farmers_turn_order_tiles_give_their_items_with_the_boat():
    state = until_boats(play(position(2, screens=SCREENS), "bid order1 1 red"))
    state = play(state, "boat keyflower")
    assert state.wheat[0] == 1


def test_won_tiles_join_the_village_with_matching_sides():
    state = until_boats(play(position(2, screens=SCREENS, offer=["keywood"]), "bid keywood 1 red"))
    state = play(state, "boat keyflower", "boat sea_bastion")
    assert state.pending == PlaceTile(0, "keywood")
    home = state.villages[0]
    assert legal(state)  # some place fits
    for text in legal(state):
        assert text.startswith("place ")
    state = play(state, sorted(legal(state))[0])
    assert "keywood" in state.villages[0].ids and len(state.villages[0].layout) == len(home.layout) + 1
    assert not invariants(state)


def _with_animals(state, seat, *pairs):
    village = state.villages[seat]
    fields = village.fields.fields_on((0, 0))
    animals = tuple((fields[i], Animals.of(**counts)) for i, counts in pairs)
    total = Animals.of()
    for _, a in animals:
        total = total.plus(a)
    return attrs.evolve(
        state,
        villages=tuple(attrs.evolve(v, animals=animals) if s == seat else v for s, v in enumerate(state.villages)),
        animals=state.animals.minus(total),
    )


def test_a_pair_of_one_animal_type_breeds_in_its_field():
    state = _with_animals(position(2, screens=SCREENS), 0, (0, {"sheep": 2}), (1, {"pig": 1}))
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    animals = dict(state.villages[0].animals)
    field0 = state.villages[0].fields.fields_on((0, 0))[0]
    field1 = state.villages[0].fields.fields_on((0, 0))[1]
    assert animals[field0].named("sheep") == 3
    assert animals[field1].named("pig") == 1
    assert not invariants(state)


def test_mixed_fields_do_not_breed():
    state = _with_animals(position(2, screens=SCREENS), 0, (0, {"sheep": 2, "cow": 1}))
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    field0 = state.villages[0].fields.fields_on((0, 0))[0]
    assert dict(state.villages[0].animals)[field0] == Animals.of(sheep=2, cow=1)


def test_animals_do_not_breed_without_the_farmers_supply():
    state = _with_animals(position(2, screens=SCREENS), 0, (0, {"sheep": 2}))
    state = attrs.evolve(state, animals=Animals.of(sheep=0, pig=24, cow=12))
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    field0 = state.villages[0].fields.fields_on((0, 0))[0]
    assert dict(state.villages[0].animals)[field0].named("sheep") == 2


def test_merged_fields_hold_their_animals_together():
    """Hexes placed one after another join fields holding animals: the animals are named by
    the fields once read (after any number of hexes), those of merged fields together."""
    a, b, c = ((0, 0), 0), ((2, 0), 0), ((5, 5), 0)
    lone = Fields()
    for cell, _ in (a, b, c):
        lone, _ = lone.place(cell, frozenset(), lambda *_: False)
    village = Village((), lone, ((a, Animals.of(sheep=2)), (b, Animals.of(sheep=1, cow=1)), (c, Animals.of(pig=1))))
    # (1, 0) joins the fields of a and b; (5, 4) grows that of c, its sector now the least.
    for cell, land in (((1, 0), (0, 3)), ((5, 4), (1,))):
        village = placed_village(village, (), village.fields.place_later(cell, frozenset(), land), None)
    assert village.animals == ((a, Animals.of(sheep=3, cow=1)), (((5, 4), 0), Animals.of(pig=1)))


def test_a_tile_that_matches_nowhere_may_still_join_the_village():
    """Sheep shelter has no road, the home tile only roads and a river: it matches no side of
    a lone home tile, so it is placed touching the village anyway (the rules are silent)."""
    state = play(position(2, screens=SCREENS, offer=["sheep_shelter"]), "bid sheep_shelter 1 red")
    state = play(until_boats(state), "boat keyflower", "boat sea_bastion")
    assert len(legal(state)) == 6
    state = play(state, sorted(legal(state))[0])
    assert "sheep_shelter" in state.villages[0].ids
    assert not invariants(state)


def test_summer_begins_with_loaded_boats_summer_tiles_and_the_start_player_to_move():
    state = play(until_boats(position(2, screens=SCREENS)), "boat keyflower", "boat sea_bastion")
    assert state.season == 1
    assert state.pending == Turn(state.start)
    offered = [t for t, _ in state.lots if not t.startswith("order")]
    assert len(offered) == 6 and all(state.components.tile(t).season == "summer" for t in offered)
    keyflower = next(c for c in state.boats if c.boat == "keyflower")
    assert (keyflower.workers.total, keyflower.skills.total) == (7, 1)
    assert not invariants(state)


def test_a_summer_boat_side_is_chosen_at_random_as_it_is_laid_out():
    state = position(2, screens=SCREENS, chance="explicit")
    state = until_boats(state)
    state = play(state, "boat keyflower", "boat sea_bastion")
    while state.to_move == -1 and "tile summer_boat_3" not in legal(state):
        state = play(state, sorted(legal(state))[0])
    state = play(state, "tile summer_boat_3")
    assert legal(state) == {"side a", "side b"}
    state = play(state, "side b")
    assert state.tile("summer_boat_3").face == 1


def test_the_places_listed_are_those_the_kernel_finds_for_the_layout():
    """The listing kept from hex to hex (a frontier of the codes each empty cell needs, the
    turns fitting them looked up) agrees with the kernel's placements read from the layout of
    sides, cell by cell and turn by turn; a listed move is the Place it stands for."""
    checked = 0
    for seed in range(4):
        rng = random.Random(seed)
        state = tabletop.new_game("keyflower_farmers", players=3, seed=seed)
        while not state.is_over:
            moves = state.legal_moves()
            pending = state.pending
            if isinstance(pending, PlaceTile):
                layout = layout_of(state, state.villages[pending.seat])
                sides = sides_of(state, pending.tile)
                expected = () if has_ability(state, pending.seat, "boat_fields") else tiles.placements(layout, sides)
                expected = expected or tiles.placements(layout, sides, match=False)
                assert moves == tuple(Place(cell, turns) for cell, turns in expected)
                assert all(hash(move) == hash(Place(move.cell, move.turns)) for move in moves)
                checked += 1
            state = state.apply(moves[rng.randrange(len(moves))])
    assert checked > 50
